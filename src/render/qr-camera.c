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

bool
qr_ray_hit_plane (const QrRay *ray, const QrPlane *plane, double *t)
{
  double denom, dist;

  g_return_val_if_fail (ray != NULL && plane != NULL && t != NULL, false);

  denom = qr_vec3_dot (plane->normal, ray->dir);
  if (fabs (denom) < 1e-12 * qr_vec3_length (plane->normal))
    return false;
  dist = (plane->dist - qr_vec3_dot (plane->normal, ray->origin)) / denom;
  if (!(dist >= 0.0))
    return false;
  *t = dist;
  return true;
}

static inline QrVec3
loop_point (const QrVec3 *verts, const uint16_t *index, int i)
{
  return index != NULL ? verts[index[i]] : verts[i];
}

/* The polygon verts[index[0..n-1]] (or verts[0..n-1] without index), hit
 * nearer than `best`: the report's two steps, the plane first and the
 * inside test only for a nearer hit. */
static bool
hit_loop (const QrRay *ray, const QrVec3 *verts, const uint16_t *index, int n, double best, double *t)
{
  QrVec3 normal = { 0.0, 0.0, 0.0 };
  QrVec3 p0, q;
  double len, denom, dist;

  if (n < 3)
    return false;

  for (int i = 0; i < n; i++)
    {
      QrVec3 a = loop_point (verts, index, i);
      QrVec3 b = loop_point (verts, index, (i + 1) % n);

      normal.x += (a.y - b.y) * (a.z + b.z);
      normal.y += (a.z - b.z) * (a.x + b.x);
      normal.z += (a.x - b.x) * (a.y + b.y);
    }
  len = qr_vec3_length (normal);
  if (!(len > 0.0))
    return false;

  /* Seen from behind, or edge on: the report skips the plane. */
  denom = qr_vec3_dot (normal, ray->dir);
  if (!(denom < -1e-12 * len))
    return false;

  p0 = loop_point (verts, index, 0);
  dist = qr_vec3_dot (normal, qr_vec3_sub (p0, ray->origin)) / denom;
  /* Negative: the origin is behind the plane. */
  if (!(dist >= 0.0) || !(dist < best))
    return false;

  /* Inside a convex polygon whose points run anticlockwise about `normal`:
   * on the inner side of every edge. Each product over |e| |normal| is the
   * distance from the edge's line, which gives the tolerance its units. */
  q = qr_vec3_mad (ray->origin, ray->dir, dist);
  for (int i = 0; i < n; i++)
    {
      QrVec3 a = loop_point (verts, index, i);
      QrVec3 e = qr_vec3_sub (loop_point (verts, index, (i + 1) % n), a);
      double side = qr_vec3_dot (qr_vec3_cross (e, qr_vec3_sub (q, a)), normal);

      if (side < -QR_PICK_EDGE_EPS * qr_vec3_length (e) * len)
        return false;
    }

  *t = dist;
  return true;
}

bool
qr_ray_hit_polygon (const QrRay *ray, const QrVec3 *points, int n, double *t)
{
  g_return_val_if_fail (ray != NULL && t != NULL, false);
  g_return_val_if_fail (n == 0 || points != NULL, false);

  return hit_loop (ray, points, NULL, n, INFINITY, t);
}

/* Whether the ray passes within `slack` of the box (slab test): a cheap
 * rejection before the faces, which a picking ray through a whole map
 * misses almost every time. */
static bool
ray_meets_bounds (const QrRay *ray, QrBounds b, double slack, double *t_in)
{
  double t0 = 0, t1 = INFINITY;
  for (int a = 0; a < 3; a++)
    {
      double o = qr_vec3_get (ray->origin, a), d = qr_vec3_get (ray->dir, a);
      double lo = qr_vec3_get (b.min, a) - slack, hi = qr_vec3_get (b.max, a) + slack;
      if (d == 0)
        {
          if (o < lo || o > hi)
            return false;
          continue;
        }
      double ta = (lo - o) / d, tb = (hi - o) / d;
      t0 = fmax (t0, fmin (ta, tb));
      t1 = fmin (t1, fmax (ta, tb));
    }
  *t_in = t0;
  return t0 <= t1;
}

bool
qr_ray_hit_box (const QrRay *ray, QrBounds box, double *t)
{
  g_return_val_if_fail (ray != NULL && t != NULL, false);
  return ray_meets_bounds (ray, box, 0, t);
}

bool
qr_ray_hit_polytope (const QrRay *ray, const QrPolytope *poly, double *t, int *face)
{
  double best = INFINITY;
  int best_face = -1;

  g_return_val_if_fail (ray != NULL && poly != NULL && t != NULL, false);

  double t_in;
  if (poly->status != QR_POLY_OK || !ray_meets_bounds (ray, poly->bounds, QR_PICK_EDGE_EPS, &t_in))
    return false;

  for (int f = 0; f < poly->n_faces; f++)
    {
      double hit;

      if (hit_loop (ray, poly->verts, qr_polytope_face_indices (poly, f),
                    qr_polytope_face_count (poly, f), best, &hit))
        {
          best = hit;
          best_face = f;
        }
    }
  if (best_face < 0)
    return false;

  *t = best;
  if (face != NULL)
    *face = best_face;
  return true;
}

bool
qr_ray_hit_bezier_grid (const QrRay *ray, const QrBezierGrid *grid, QrBounds bounds, double *t)
{
  double best = INFINITY, t_in;

  g_return_val_if_fail (ray != NULL && grid != NULL && t != NULL, false);
  if (!ray_meets_bounds (ray, bounds, QR_PICK_EDGE_EPS, &t_in))
    return false;
  for (int r = 0; r + 1 < grid->rows; r++)
    for (int c = 0; c + 1 < grid->cols; c++)
      {
        QrVec3 a = qr_bezier_grid_at (grid, r, c), b = qr_bezier_grid_at (grid, r, c + 1);
        QrVec3 d = qr_bezier_grid_at (grid, r + 1, c), e = qr_bezier_grid_at (grid, r + 1, c + 1);
        /* Each triangle both ways round: one of them faces the ray. */
        QrVec3 tris[4][3] = { { a, b, d }, { a, d, b }, { b, e, d }, { b, d, e } };
        for (int k = 0; k < 4; k++)
          {
            double tk;
            if (qr_ray_hit_polygon (ray, tris[k], 3, &tk) && tk < best)
              best = tk;
          }
      }
  if (best == INFINITY)
    return false;
  *t = best;
  return true;
}
