/* qr-window.h — one editor window over one document: four views, menus,
 * history, status bar. Signal "map-loaded" (no arguments): a map opened by
 * qr_window_load has become the window's document. */
#pragma once

#include <gtk/gtk.h>
#include "qr-app-types.h"

G_BEGIN_DECLS

#define QR_TYPE_WINDOW (qr_window_get_type ())
G_DECLARE_FINAL_TYPE (QrWindow, qr_window, QR, WINDOW, GtkApplicationWindow)

QrWindow *qr_window_new (QrApplication *app);
/* Loads a map in the background into this window; on failure a dialog
 * says why and the window keeps what it had. */
void qr_window_load (QrWindow *self, GFile *file);
/* A window showing a new, unnamed and unchanged map: Open reuses it. */
gboolean qr_window_is_pristine (QrWindow *self);
/* Asks about unsaved changes, then closes; cancelled by the user's answer. */
void qr_window_close_request (QrWindow *self);
/* Once the map has loaded, redraws all four views `frames` times and
 * prints the timings (quarry --bench-render), or with `drag` drags one
 * brush and then 100 brushes `frames` motion events each (--bench-drag);
 * then quits. */
void qr_window_start_render_bench (QrWindow *self, int frames, gboolean drag);

G_END_DECLS
