/* qr-patch-text.h — the text of a Quake 3 patchDef2 block, read into a
 * QrPatch and written back.
 *
 *   patchDef2
 *   {
 *   TEXTURE
 *   ( ROWS COLS CONTENTS FLAGS VALUE )
 *   (
 *   ( ( x y z s t ) … COLS points )
 *   … ROWS rows
 *   )
 *   }
 *
 * as GtkRadiant and q3map2 write and read it (ROWS and COLS odd, ≥ 3). */
#pragma once

#include <glib.h>
#include "qr-patch.h"
#include "qr-scanner.h"

/* Reads a patch from s, at the word "patchDef2", up to s->end, which must
 * follow the block's closing brace (nothing else may remain). Errors give
 * the line and column of s's text. */
QrPatch *qr_patch_read (QrScanner *s, QrId id, GError **error);

/* The same for a patch's text alone; `name` is for messages. */
QrPatch *qr_patch_parse (const char *text, gsize len, const char *name, QrId id, GError **error);

/* The block's text in the form above, without a final newline: what the
 * map reader keeps as a node's raw text. Numbers are the shortest that read
 * back to the same doubles. */
char *qr_patch_to_text (const QrPatch *patch);
