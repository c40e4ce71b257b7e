/* qr-view-pane.h — one of the four panes: a small header (the view's name,
 * its options menu, a maximise button) over a canvas, with the canvas's
 * axes labelled in its corner. */
#pragma once

#include <gtk/gtk.h>
#include "qr-app-types.h"

G_BEGIN_DECLS

#define QR_TYPE_VIEW_PANE (qr_view_pane_get_type ())
G_DECLARE_FINAL_TYPE (QrViewPane, qr_view_pane, QR, VIEW_PANE, GtkWidget)

/* `id` names the pane in win.maximize-pane ("top", "front", "side", "3d"). */
const char *qr_view_pane_get_id (QrViewPane *self);
GtkWidget *qr_view_pane_get_canvas (QrViewPane *self);
/* Shows widget over the canvas (placed by its own alignment), as the
 * pane's axes label is. */
void qr_view_pane_add_overlay (QrViewPane *self, GtkWidget *widget);

G_END_DECLS
