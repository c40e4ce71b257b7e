/* qr-window-find.c — the window's Find Objects dialog (Edit ▸ Find
 * Objects…): made when first asked for, follows the window's document,
 * and the views zoom to what it selects. */
#include "qr-window-private.h"

#include "qr-find-dialog.h"

static void
on_find_message (QrFindDialog *dialog, const char *message, QrWindow *self)
{
  _qr_window_set_message (self, message);
}

static void
on_find_frame (QrFindDialog *dialog, QrWindow *self)
{
  _qr_window_frame (self, TRUE);
}

void
_qr_window_show_find_dialog (QrWindow *self)
{
  g_assert (QR_IS_WINDOW (self));
  if (self->find_dialog == NULL)
    {
      self->find_dialog = g_object_ref (qr_find_dialog_new (GTK_WINDOW (self)));
      g_signal_connect (self->find_dialog, "message", G_CALLBACK (on_find_message), self);
      g_signal_connect (self->find_dialog, "frame", G_CALLBACK (on_find_frame), self);
      qr_find_dialog_set_document (self->find_dialog, self->document);
    }
  gtk_window_present (GTK_WINDOW (self->find_dialog));
}

void
_qr_window_find_follow (QrWindow *self)
{
  if (self->find_dialog != NULL)
    qr_find_dialog_set_document (self->find_dialog, self->document);
}

void
_qr_window_clear_find (QrWindow *self)
{
  if (self->find_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->find_dialog));
  g_clear_object (&self->find_dialog);
}
