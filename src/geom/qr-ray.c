/* qr-ray.c — see qr-ray.h. */
#include "qr-ray.h"

#include <glib.h>
#include <math.h>

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
