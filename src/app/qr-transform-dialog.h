/* qr-transform-dialog.h — Map ▸ Transform: move, rotate and scale the
 * selection by typed values, as one undo step. */
#pragma once

#include <gtk/gtk.h>
#include "qr-document.h"

G_BEGIN_DECLS

/* Asks for the values and applies them to the objects of `sel` (copied):
 * the move, then the rotations about X, Y and Z through the centre of
 * their bounds, then the scale about that centre. A refusal (a brush
 * would become invalid) changes nothing and says why in `on_error`. */
void qr_transform_dialog_present (GtkWindow *parent, QrDocument *doc, const QrSelection *sel,
                                  void (*on_error) (GtkWindow *parent, const char *message));

G_END_DECLS
