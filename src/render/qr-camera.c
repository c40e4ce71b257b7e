#include "qr-camera.h"

#include <glib.h>
#include <math.h>
#include <string.h>
#include "qr-angle.h"

static double
wrap_degrees (double a)
{
  double r = fmod (a, 360.0);

  if (r < 0.0)
    r += 360.0;
  /* -1e-20 + 360 rounds to 360. */
  return r >= 360.0 ? 0.0 : r;
}

void
qr_camera_init (QrCamera *cam)
{
  g_return_if_fail (cam != NULL);

  *cam = (QrCamera) {
    .position = { 0.0, 0.0, 0.0 },
    .fov_y = 90.0,
    .z_near = 1.0,
    .z_far = 65536.0,
    .move_speed = 512.0,
    .turn_speed = 90.0,
  };
}

void
qr_camera_set_angles (QrCamera *cam, double yaw, double pitch, double twist)
{
  g_return_if_fail (cam != NULL);
  g_return_if_fail (isfinite (yaw) && isfinite (pitch) && isfinite (twist));

  cam->yaw = wrap_degrees (yaw);
  cam->pitch = CLAMP (pitch, -QR_CAMERA_PITCH_LIMIT, QR_CAMERA_PITCH_LIMIT);
  cam->twist = wrap_degrees (twist);
}

bool
qr_camera_look_at (QrCamera *cam, QrVec3 target)
{
  QrVec3 d;

  g_return_val_if_fail (cam != NULL, false);

  d = qr_vec3_sub (target, cam->position);
  if (d.x == 0.0 && d.y == 0.0 && d.z == 0.0)
    return false;

  /* Straight up or down leaves the yaw as it was: any yaw looks there. */
  qr_camera_set_angles (cam,
                        d.x == 0.0 && d.y == 0.0 ? cam->yaw : atan2 (d.y, d.x) * (180.0 / G_PI),
                        atan2 (d.z, hypot (d.x, d.y)) * (180.0 / G_PI),
                        cam->twist);
  return true;
}

void
qr_camera_get_basis (const QrCamera *cam, QrVec3 *n, QrVec3 *u, QrVec3 *v)
{
  double sy, cy, sp, cp, st, ct;
  QrVec3 u0, v0;

  g_return_if_fail (cam != NULL);

  /* Exact at quarter turns, so the default camera's frame is exactly the
   * world axes and a level camera's left vector has exactly zero z. */
  qr_sin_cos_degrees (cam->yaw, &sy, &cy);
  qr_sin_cos_degrees (cam->pitch, &sp, &cp);
  qr_sin_cos_degrees (cam->twist, &st, &ct);

  u0 = qr_vec3 (-sy, cy, 0.0);
  v0 = qr_vec3 (-sp * cy, -sp * sy, cp);
  if (n != NULL)
    *n = qr_vec3 (cp * cy, cp * sy, sp);
  /* Twisting turns u towards v about n; at twist 0 (st exactly 0) u and v
   * are u0 and v0 exactly. */
  if (u != NULL)
    *u = qr_vec3_add (qr_vec3_scale (u0, ct), qr_vec3_scale (v0, st));
  if (v != NULL)
    *v = qr_vec3_sub (qr_vec3_scale (v0, ct), qr_vec3_scale (u0, st));
}

void
qr_camera_act (QrCamera *cam, QrCameraAction action, double amount)
{
  QrVec3 n, u, v;

  g_return_if_fail (cam != NULL);
  g_return_if_fail (action >= 0 && action < QR_CAMERA_N_ACTIONS);
  g_return_if_fail (isfinite (amount));

  qr_camera_get_basis (cam, &n, &u, &v);
  switch (action)
    {
    case QR_CAMERA_MOVE_FORWARD:
      cam->position = qr_vec3_mad (cam->position, n, amount);
      break;
    case QR_CAMERA_MOVE_BACKWARD:
      cam->position = qr_vec3_mad (cam->position, n, -amount);
      break;
    case QR_CAMERA_STRAFE_LEFT:
      cam->position = qr_vec3_mad (cam->position, u, amount);
      break;
    case QR_CAMERA_STRAFE_RIGHT:
      cam->position = qr_vec3_mad (cam->position, u, -amount);
      break;
    case QR_CAMERA_MOVE_UP:
      cam->position = qr_vec3_mad (cam->position, v, amount);
      break;
    case QR_CAMERA_MOVE_DOWN:
      cam->position = qr_vec3_mad (cam->position, v, -amount);
      break;
    case QR_CAMERA_TWIST_LEFT:
      qr_camera_set_angles (cam, cam->yaw, cam->pitch, cam->twist + amount);
      break;
    case QR_CAMERA_TWIST_RIGHT:
      qr_camera_set_angles (cam, cam->yaw, cam->pitch, cam->twist - amount);
      break;
    case QR_CAMERA_TURN_LEFT:
      qr_camera_set_angles (cam, cam->yaw + amount, cam->pitch, cam->twist);
      break;
    case QR_CAMERA_TURN_RIGHT:
      qr_camera_set_angles (cam, cam->yaw - amount, cam->pitch, cam->twist);
      break;
    case QR_CAMERA_LOOK_DOWN:
      /* Anticlockwise about u (left) tips n towards -v. */
      qr_camera_set_angles (cam, cam->yaw, cam->pitch - amount, cam->twist);
      break;
    case QR_CAMERA_LOOK_UP:
      qr_camera_set_angles (cam, cam->yaw, cam->pitch + amount, cam->twist);
      break;
    case QR_CAMERA_N_ACTIONS:
    default:
      g_assert_not_reached ();
    }
}

double
qr_camera_get_speed_factor (const QrCamera *cam)
{
  g_return_val_if_fail (cam != NULL, 1.0);

  return exp2 (CLAMP (cam->speed_level, QR_CAMERA_SPEED_LEVEL_MIN, QR_CAMERA_SPEED_LEVEL_MAX) / 2.0);
}

void
qr_camera_scale_speed (QrCamera *cam, int steps)
{
  g_return_if_fail (cam != NULL);

  steps = CLAMP (steps, -2 * QR_CAMERA_SPEED_LEVEL_MAX, 2 * QR_CAMERA_SPEED_LEVEL_MAX);
  cam->speed_level = CLAMP (cam->speed_level + steps, QR_CAMERA_SPEED_LEVEL_MIN, QR_CAMERA_SPEED_LEVEL_MAX);
}

void
qr_camera_step (QrCamera *cam, QrCameraAction action, double seconds)
{
  bool rotation;

  g_return_if_fail (cam != NULL);
  g_return_if_fail (action >= 0 && action < QR_CAMERA_N_ACTIONS);

  rotation = action >= QR_CAMERA_TWIST_LEFT;
  qr_camera_act (cam, action,
                 (rotation ? cam->turn_speed : cam->move_speed) * qr_camera_get_speed_factor (cam) * seconds);
}

void
qr_camera_view_matrix (const QrCamera *cam, double m[16])
{
  QrVec3 n, u, v, r, p;

  g_return_if_fail (cam != NULL && m != NULL);

  qr_camera_get_basis (cam, &n, &u, &v);
  r = qr_vec3_neg (u);
  p = cam->position;
  m[0] = r.x, m[1] = r.y, m[2] = r.z, m[3] = -qr_vec3_dot (r, p);
  m[4] = v.x, m[5] = v.y, m[6] = v.z, m[7] = -qr_vec3_dot (v, p);
  m[8] = -n.x, m[9] = -n.y, m[10] = -n.z, m[11] = qr_vec3_dot (n, p);
  m[12] = 0.0, m[13] = 0.0, m[14] = 0.0, m[15] = 1.0;
}

void
qr_camera_projection_matrix (const QrCamera *cam, double aspect, double m[16])
{
  double f, nr, fr;

  g_return_if_fail (cam != NULL && m != NULL);
  g_return_if_fail (aspect > 0.0);
  g_return_if_fail (cam->fov_y > 0.0 && cam->fov_y < 180.0);
  g_return_if_fail (cam->z_near > 0.0 && cam->z_far > cam->z_near);

  f = 1.0 / tan (cam->fov_y * (G_PI / 360.0));
  nr = cam->z_near;
  fr = cam->z_far;
  memset (m, 0, 16 * sizeof (double));
  m[0] = f / aspect;
  m[5] = f;
  m[10] = (fr + nr) / (nr - fr);
  m[11] = 2.0 * fr * nr / (nr - fr);
  m[14] = -1.0;
}

void
qr_mat4_multiply (const double a[16], const double b[16], double out[16])
{
  double r[16];

  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      r[i * 4 + j] = a[i * 4 + 0] * b[0 * 4 + j] + a[i * 4 + 1] * b[1 * 4 + j]
                     + a[i * 4 + 2] * b[2 * 4 + j] + a[i * 4 + 3] * b[3 * 4 + j];
  /* Through a copy, so out may be a or b. */
  memcpy (out, r, sizeof r);
}

void
qr_mat4_transform (const double m[16], double x, double y, double z, double w, double out[4])
{
  double r[4];

  for (int i = 0; i < 4; i++)
    r[i] = m[i * 4 + 0] * x + m[i * 4 + 1] * y + m[i * 4 + 2] * z + m[i * 4 + 3] * w;
  memcpy (out, r, sizeof r);
}

void
qr_camera_pick_ray (const QrCamera *cam, double x, double y, int width, int height, QrRay *ray)
{
  QrVec3 n, u, v, to_image;
  double d, x_max, y_max, xp, yp;

  g_return_if_fail (cam != NULL && ray != NULL);
  g_return_if_fail (width > 0 && height > 0);
  g_return_if_fail (cam->fov_y > 0.0 && cam->fov_y < 180.0 && cam->z_near > 0.0);

  qr_camera_get_basis (cam, &n, &u, &v);
  d = cam->z_near;
  y_max = d * tan (cam->fov_y * (G_PI / 360.0)); /* (3.10) */
  x_max = y_max * width / height;                 /* (3.11) */
  /* (3.7) and (3.8) with x_min = -x_max, y_min = -y_max, written so that
   * the viewport centre gives exactly 0. */
  xp = x_max * (2.0 * x / width - 1.0);
  yp = y_max * (1.0 - 2.0 * y / height);

  to_image = qr_vec3_add (qr_vec3_sub (qr_vec3_scale (n, d), qr_vec3_scale (u, xp)), qr_vec3_scale (v, yp));
  ray->origin = qr_vec3_add (cam->position, to_image); /* (3.9) */
  ray->dir = qr_vec3_scale (to_image, 1.0 / qr_vec3_length (to_image));
}
