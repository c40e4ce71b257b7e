/* qr-camera.h — the 3D view's perspective camera, its matrices, and picking
 * rays (report §3.2); what a ray hits is geometry (src/geom/qr-ray.h).
 * Double precision, no toolkit, no GL: the renderer converts the matrices
 * to floats at the GL boundary.
 *
 * The camera is a position p and the report's orthonormal frame (n, u, v):
 * n points where the camera looks, u to its left, v to its top, with
 * n × u = v (right-handed, like the world). The frame is derived from three
 * angles in degrees:
 *   yaw    anticlockwise about world +Z seen from above, 0 looking along +X;
 *   pitch  up from the horizontal, clamped to ±QR_CAMERA_PITCH_LIMIT;
 *   twist  anticlockwise about n, 0 keeping u horizontal (the horizon level).
 * So at yaw 0, pitch 0, twist 0: n = +X, u = +Y, v = +Z.
 *
 * The twelve movement actions are the report's (Figure 3.12):
 *   Move Forward / Backward   p ± amount · n
 *   Strafe Left / Right       p ± amount · u
 *   Move Up / Down            p ± amount · v
 *   Twist Left / Right        rotate anticlockwise / clockwise about n
 *   Turn Left / Right         rotate anticlockwise / clockwise about world
 *                             up (0, 0, 1): yaw changes, the horizon stays
 *                             level however far the camera looks up or down
 *   Look Down / Up            rotate anticlockwise / clockwise about u:
 *                             pitch changes, clamped short of straight up
 *                             or down so that turning stays well defined
 * With a twist, Look turns about the untwisted left axis (the horizontal
 * one) so that pitch remains a plain, clamped angle.
 */
#pragma once

#include <stdbool.h>
#include "qr-ray.h"
#include "qr-vec3.h"

#define QR_CAMERA_PITCH_LIMIT 89.0
/* Speed factor 2^(level / 2): 1/16 .. 16. */
#define QR_CAMERA_SPEED_LEVEL_MIN (-8)
#define QR_CAMERA_SPEED_LEVEL_MAX 8

typedef enum
{
  QR_CAMERA_MOVE_FORWARD,
  QR_CAMERA_MOVE_BACKWARD,
  QR_CAMERA_STRAFE_LEFT,
  QR_CAMERA_STRAFE_RIGHT,
  QR_CAMERA_MOVE_UP,
  QR_CAMERA_MOVE_DOWN,
  QR_CAMERA_TWIST_LEFT,
  QR_CAMERA_TWIST_RIGHT,
  QR_CAMERA_TURN_LEFT,
  QR_CAMERA_TURN_RIGHT,
  QR_CAMERA_LOOK_DOWN,
  QR_CAMERA_LOOK_UP,
  QR_CAMERA_N_ACTIONS
} QrCameraAction;

/* A plain value. Set the angles through qr_camera_set_angles (or the
 * actions) so that pitch stays clamped and yaw and twist stay in range. */
typedef struct
{
  QrVec3 position;
  double yaw;         /* degrees, [0, 360) */
  double pitch;       /* degrees, [-89, 89] */
  double twist;       /* degrees, [0, 360) */
  double fov_y;       /* vertical field of view, degrees, (0, 180) */
  double z_near;      /* distance to the near plane (the report's image plane d), > 0 */
  double z_far;       /* distance to the far plane, > near */
  double move_speed;  /* world units per second at speed level 0 */
  double turn_speed;  /* degrees per second at speed level 0 */
  int speed_level;    /* QR_CAMERA_SPEED_LEVEL_MIN .. MAX */
} QrCamera;

/* At the origin looking along +X: 90° vertical field of view, near 1,
 * far 65536, 512 units and 90° per second. */
void qr_camera_init (QrCamera *cam);

/* Sets yaw, pitch (clamped) and twist, wrapping yaw and twist to [0, 360). */
void qr_camera_set_angles (QrCamera *cam, double yaw, double pitch, double twist);
/* Turns (yaw and pitch; twist kept) to look at a point; false, with the
 * camera untouched, when the point is the camera's position. */
bool qr_camera_look_at (QrCamera *cam, QrVec3 target);

/* The frame: n forward, u left, v up; any pointer may be NULL. */
void qr_camera_get_basis (const QrCamera *cam, QrVec3 *n, QrVec3 *u, QrVec3 *v);

/* Applies an action by `amount`: world units for the moves, degrees for
 * the rotations. A negative amount acts the other way. */
void qr_camera_act (QrCamera *cam, QrCameraAction action, double amount);
/* Applies an action held for `seconds` at the camera's speed. */
void qr_camera_step (QrCamera *cam, QrCameraAction action, double seconds);

double qr_camera_get_speed_factor (const QrCamera *cam);
/* Changes the speed level by `steps` (clamped); the factor doubles every
 * two steps. */
void qr_camera_scale_speed (QrCamera *cam, int steps);

/* 4×4 matrices are row-major, m[row * 4 + col], acting on column vectors:
 * clip = projection · view · (x, y, z, 1)ᵀ. GL reads column-major, so
 * upload with transpose = GL_TRUE (or transpose into cglm's mat4).
 *
 * The view matrix maps world space to GL eye space: the camera at the
 * origin, right (-u) along +X, up (v) along +Y, looking (n) down -Z. */
void qr_camera_view_matrix (const QrCamera *cam, double m[16]);
/* The OpenGL perspective (gluPerspective): eye-space -near and -far map
 * to NDC z -1 and +1. aspect = width / height. */
void qr_camera_projection_matrix (const QrCamera *cam, double aspect, double m[16]);

void qr_mat4_multiply (const double a[16], const double b[16], double out[16]);
/* out = m · (x, y, z, w)ᵀ */
void qr_mat4_transform (const double m[16], double x, double y, double z, double w, double out[4]);

/* The report's picking ray through pixel (x, y) of a width × height
 * viewport (origin top-left, y down; continuous, so the centre is
 * (width / 2, height / 2)): the image plane lies at the near distance d,
 * its half-height is d · tan (fov_y / 2) and its half-width that times
 * width / height; the pixel's point there is i = p + d n - x' u + y' v, and
 * the ray is the report's half-ray p + t (i - p), t > 1: origin i, dir the
 * unit vector from p through i. Distances along it are measured from the
 * image plane, so nothing nearer than the near plane can be picked, as it
 * cannot be seen. */
void qr_camera_pick_ray (const QrCamera *cam, double x, double y, int width, int height, QrRay *ray);
