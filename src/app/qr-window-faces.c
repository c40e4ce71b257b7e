/* qr-window-faces.c — the window's face dialogs: Face Properties (Map ▸
 * Face Properties…, and the Texture tool opens it) and Replace Textures.
 * Each is made when first asked for and follows the window's document and
 * texture collections from then on. */
#include "qr-window-private.h"

#include "qr-face-dialog.h"
#include "qr-replace-dialog.h"

static void
on_dialog_message (GtkWindow *dialog, const char *message, QrWindow *self)
{
  _qr_window_set_message (self, message);
}

void
_qr_window_show_face_dialog (QrWindow *self)
{
  g_assert (QR_IS_WINDOW (self));
  if (self->face_dialog == NULL)
    {
      self->face_dialog = g_object_ref (qr_face_dialog_new (GTK_WINDOW (self), self->settings));
      g_signal_connect (self->face_dialog, "message", G_CALLBACK (on_dialog_message), self);
      _qr_window_faces_follow (self);
    }
  gtk_window_present (GTK_WINDOW (self->face_dialog));
}

/* Closed as its close button would, so that it remembers its place. */
void
_qr_window_hide_face_dialog (QrWindow *self)
{
  if (self->face_dialog != NULL && gtk_widget_get_visible (GTK_WIDGET (self->face_dialog)))
    gtk_window_close (GTK_WINDOW (self->face_dialog));
}

void
_qr_window_show_replace_dialog (QrWindow *self)
{
  g_assert (QR_IS_WINDOW (self));
  if (self->replace_dialog == NULL)
    {
      self->replace_dialog = g_object_ref (qr_replace_dialog_new (GTK_WINDOW (self)));
      g_signal_connect (self->replace_dialog, "message", G_CALLBACK (on_dialog_message), self);
      _qr_window_faces_follow (self);
    }
  gtk_window_present (GTK_WINDOW (self->replace_dialog));
}

void
_qr_window_faces_follow (QrWindow *self)
{
  if (self->face_dialog != NULL)
    {
      qr_face_dialog_set_document (self->face_dialog, self->document);
      qr_face_dialog_set_finder (self->face_dialog, self->texture_finder);
    }
  if (self->replace_dialog != NULL)
    {
      qr_replace_dialog_set_document (self->replace_dialog, self->document);
      qr_replace_dialog_set_finder (self->replace_dialog, self->texture_finder);
    }
}

void
_qr_window_clear_faces (QrWindow *self)
{
  if (self->face_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->face_dialog));
  if (self->replace_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->replace_dialog));
  g_clear_object (&self->face_dialog);
  g_clear_object (&self->replace_dialog);
}
