/* qr-camera-canvas.h — the 3D view: a scene canvas that draws the scene through
 * a QrCamera in a render style, moves the camera with the report's twelve
 * actions on held keys (W/S forward and back, A/D strafe, Space/E up and
 * C/Q down, arrows turn and look, Shift+Left/Right twist; Shift moves four
 * times faster), looks around while the right button is held, and reports
 * left and right clicks as picking rays ("picked"), and a drag with the left
 * button ("dragged", then "released"). "camera-moved" tells of every change of the
 * camera's place or direction. */
#pragma once

#include <gtk/gtk.h>
#include "qr-app-types.h"
#include "qr-camera.h"
#include "qr-scene-canvas.h"

G_BEGIN_DECLS

#define QR_TYPE_CAMERA_CANVAS (qr_camera_canvas_get_type ())
G_DECLARE_FINAL_TYPE (QrCameraCanvas, qr_camera_canvas, QR, CAMERA_CANVAS, QrSceneCanvas)

void qr_camera_canvas_set_mode (QrCameraCanvas *self, QrRenderMode mode);
void qr_camera_canvas_set_show_normals (QrCameraCanvas *self, gboolean show);
/* Units per second at speed level 0. */
void qr_camera_canvas_set_move_speed (QrCameraCanvas *self, double speed);
/* Places the camera outside the box's south-west upper corner looking at
 * its centre; nothing happens for an empty box. */
void qr_camera_canvas_frame (QrCameraCanvas *self, QrBounds box);
/* Moves the camera, turned as it is, until the box's centre is straight
 * ahead: no nearer than 512 units unless it was, no nearer than the box
 * needs to fit. */
void qr_camera_canvas_centre (QrCameraCanvas *self, QrBounds box);
const QrCamera *qr_camera_canvas_get_camera (QrCameraCanvas *self);
/* Moves and turns the camera (its lens and speeds stay); says
 * "camera-moved", as every move of the camera does. */
void qr_camera_canvas_place (QrCameraCanvas *self, QrVec3 position, double yaw, double pitch, double twist);

G_END_DECLS
