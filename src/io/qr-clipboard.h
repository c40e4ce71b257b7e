/* qr-clipboard.h — copy and paste as MAP text: world brushes as a bare
 * brush list, brush entities and point entities as entity blocks, which is
 * what TrenchBroom and other editors put on the clipboard, so pasting
 * works across editors both ways. */
#pragma once

#include "qr-operations.h"
#include "qr-io.h"

/* The text of the selected brushes and entities (faces in their own form). */
char *qr_clipboard_dup_text (QrDocument *doc, const QrSelection *selection);

/* Pastes MAP text (any dialect the reader knows) as one "Paste" step,
 * moved by offset; the pasted objects become the selection. */
gboolean qr_clipboard_paste (QrDocument *doc, const char *text, gssize len, QrVec3 offset, GError **error);

/* Pastes so that the centre of what is pasted lands as near `target` as
 * whole `grid` steps allow along the axes set in `axes` (bit 0 x, 1 y,
 * 2 z); along the others it keeps its place. */
gboolean qr_clipboard_paste_near (QrDocument *doc, const char *text, gssize len, QrVec3 target, guint axes,
                                  double grid, GError **error);
