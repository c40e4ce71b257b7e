/* qr-replace-dialog.h — Map ▸ Replace Textures…: every face whose texture
 * matches a name or a pattern (* and ?, case ignored) gets another, in the
 * whole map or the selection, as one undo step; or, with "mark only", the
 * matching faces are selected instead. Says how many faces it changed. */
#pragma once

#include <gtk/gtk.h>
#include "qr-document.h"
#include "qr-texture-finder.h"

G_BEGIN_DECLS

#define QR_TYPE_REPLACE_DIALOG (qr_replace_dialog_get_type ())
G_DECLARE_FINAL_TYPE (QrReplaceDialog, qr_replace_dialog, QR, REPLACE_DIALOG, GtkWindow)

QrReplaceDialog *qr_replace_dialog_new (GtkWindow *parent);

/* The document it edits (a reference is kept) and the collections the
 * replacement completes from (borrowed until the next call; NULL for none). */
void qr_replace_dialog_set_document (QrReplaceDialog *self, QrDocument *doc);
void qr_replace_dialog_set_finder (QrReplaceDialog *self, QrTextureFinder *finder);

/* Its outcome is also sent as "message" (const char *), for the status bar. */

G_END_DECLS
