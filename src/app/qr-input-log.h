/* qr-input-log.h — a debug record of the pointer's presses and releases
 * as a window receives them, and of its focus (G_MESSAGES_DEBUG=Quarry-Input). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Logs, for every button press and release reaching @window, its position
 * and the widgets under it and under the pointer's last motion; and every
 * change of its focus widget. Does nothing unless the Quarry-Input debug
 * domain is enabled. */
void qr_input_log_attach (GtkWindow *window);

G_END_DECLS
