/* qr-face-dialog.h — the Face Properties dialog: the texture and the
 * texture attributes of the selected faces (QrSelection.faces), edited
 * live: texture name (completed from the map's collections, Browse… picks
 * from them), shift, scale, rotation, justify, fit, align, reset, texture
 * lock, and the dialect's extras (Quake 2/3 content and surface flags,
 * VMF lightmap scale and smoothing groups). Non-modal; it follows the
 * document's selection and keeps its size. */
#pragma once

#include <gtk/gtk.h>
#include "qr-document.h"
#include "qr-texture-finder.h"

G_BEGIN_DECLS

#define QR_TYPE_FACE_DIALOG (qr_face_dialog_get_type ())
G_DECLARE_FINAL_TYPE (QrFaceDialog, qr_face_dialog, QR, FACE_DIALOG, GtkWindow)

/* settings: the application's (texture-lock, the default scales, the
 * dialog's size). */
QrFaceDialog *qr_face_dialog_new (GtkWindow *parent, GSettings *settings);

/* The document whose selected faces it edits (a reference is kept). */
void qr_face_dialog_set_document (QrFaceDialog *self, QrDocument *doc);
/* The map's texture collections (borrowed until the next call; NULL for
 * none): completion, previews of names the document has not loaded, and
 * Browse…. */
void qr_face_dialog_set_finder (QrFaceDialog *self, QrTextureFinder *finder);

/* A sentence for the window's status bar (justify or fit without the
 * texture's size) is sent as "message" (const char *). */

G_END_DECLS
