/* qr-ortho-canvas.h — a 2D design canvas (top, front or side): a scene
 * canvas that draws the scene through an orthographic QrOrthoView, zooms on the
 * point under the cursor with the wheel, pans with the middle button or
 * Space + drag, and hands the left button and keys to the active tool
 * through its tool-* signals. */
#pragma once

#include <gtk/gtk.h>
#include "qr-app-types.h"
#include "qr-ortho-view.h"
#include "qr-scene-canvas.h"

G_BEGIN_DECLS

#define QR_TYPE_ORTHO_CANVAS (qr_ortho_canvas_get_type ())
G_DECLARE_FINAL_TYPE (QrOrthoCanvas, qr_ortho_canvas, QR, ORTHO_CANVAS, QrSceneCanvas)

/* 0 hides the grid lines (the axes stay). */
void qr_ortho_canvas_set_grid_size (QrOrthoCanvas *self, int grid_size);
const QrOrthoView *qr_ortho_canvas_get_view (QrOrthoCanvas *self);
/* Zooms about the viewport centre by whole steps. */
void qr_ortho_canvas_zoom (QrOrthoCanvas *self, int steps);
/* Frames a box (see qr_ortho_view_fit) when the canvas next draws, at its
 * size then; false when the box is empty. */
gboolean qr_ortho_canvas_fit (QrOrthoCanvas *self, QrBounds box);
/* The same, keeping the zoom unless the box does not fit at it. */
gboolean qr_ortho_canvas_centre (QrOrthoCanvas *self, QrBounds box);
/* The world point under the pointer, if the pointer is over the canvas. */
gboolean qr_ortho_canvas_get_pointer (QrOrthoCanvas *self, QrVec3 *world);


G_END_DECLS
