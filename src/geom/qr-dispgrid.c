/* qr-dispgrid.c — see qr-dispgrid.h.
 *
 * Orientation. Hammer and the Source compilers number a side's winding in
 * the Quake order, clockwise seen from outside; the grid's corner 1 is the
 * one after the start corner in that order, which in our polygons
 * (anticlockwise from outside) is the one before it. Shared reference 000
 * §7 takes the other neighbour and a step of 1/side; both are wrong: on
 * plumber_test.vmf's tunnel arch (side 125719) only this orientation
 * makes the offsets mirror across the middle row and the offset normals
 * agree with the surface's normals (tests/test-disp.c measures both). */
#include "qr-dispgrid.h"

#include <glib.h>
#include <math.h>

bool
qr_disp_corners (const QrVec3 *polygon, int n, QrVec3 start, QrVec3 corners[4])
{
  int best = 0;
  double best_d = INFINITY;

  g_return_val_if_fail (polygon != NULL || n == 0, false);
  if (n != 4)
    return false;
  for (int i = 0; i < 4; i++)
    {
      QrVec3 d = qr_vec3_sub (polygon[i], start);
      double dd = qr_vec3_dot (d, d);

      /* Strictly nearer: ties keep the first, as Hammer's search does. */
      if (dd < best_d)
        {
          best_d = dd;
          best = i;
        }
    }
  corners[0] = polygon[best];
  corners[1] = polygon[(best + 3) % 4];
  corners[2] = polygon[(best + 2) % 4];
  corners[3] = polygon[(best + 1) % 4];
  return true;
}

/* a·(n − k)/n + b·k/n. Symmetric in its ends (the same bits whichever way
 * round an edge is walked) and exact at them, so displacements sharing an
 * edge give it the same points; the weights are exact for n a power of 2. */
static inline QrVec3
edge_point (QrVec3 a, QrVec3 b, int k, int n)
{
  double wb = (double) k / n, wa = (double) (n - k) / n;

  return (QrVec3) { a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb };
}

QrVec3
qr_disp_flat_point (const QrVec3 corners[4], int side, int r, int c)
{
  int n = side - 1;
  QrVec3 left = edge_point (corners[0], corners[1], r, n);
  QrVec3 right = edge_point (corners[3], corners[2], r, n);

  return edge_point (left, right, c, n);
}

void
qr_disp_triangles (int side, uint32_t *out)
{
  int n = side - 1;

  g_return_if_fail (side >= 2 && out != NULL);
  /* Quad (r, c) has corners a = (r, c), b = (r, c + 1), d = (r + 1, c + 1),
   * e = (r + 1, c): a → b → d → e runs anticlockwise from outside (columns
   * run towards corner 3, rows towards corner 1). The diagonal joins a and
   * d where r + c is even, b and e where it is odd: §7's pattern, and the
   * Source SDK's (vertex index parity, the side being odd). */
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      {
        uint32_t a = (uint32_t) (r * side + c), b = a + 1;
        uint32_t e = a + (uint32_t) side, d = e + 1;

        if ((r + c) % 2 == 0)
          {
            *out++ = a, *out++ = b, *out++ = d;
            *out++ = a, *out++ = d, *out++ = e;
          }
        else
          {
            *out++ = a, *out++ = b, *out++ = e;
            *out++ = b, *out++ = d, *out++ = e;
          }
      }
}

/* Möller and Trumbore's ray–triangle test ("Fast, minimum storage
 * ray/triangle intersection", 1997), from either side; a hit within a
 * hair of an edge counts, so a ray along the edge of two triangles hits. */
static bool
hit_triangle (const QrRay *ray, QrVec3 a, QrVec3 b, QrVec3 c, double *t)
{
  const double eps = 1e-9;
  QrVec3 e1 = qr_vec3_sub (b, a), e2 = qr_vec3_sub (c, a);
  QrVec3 p = qr_vec3_cross (ray->dir, e2);
  double det = qr_vec3_dot (e1, p), inv, u, v;
  QrVec3 s, q;

  /* Edge on (relative to the triangle's size), or a degenerate triangle. */
  if (!(fabs (det) > 1e-12 * qr_vec3_length (e1) * qr_vec3_length (e2)))
    return false;
  inv = 1.0 / det;
  s = qr_vec3_sub (ray->origin, a);
  u = qr_vec3_dot (s, p) * inv;
  if (u < -eps || u > 1.0 + eps)
    return false;
  q = qr_vec3_cross (s, e1);
  v = qr_vec3_dot (ray->dir, q) * inv;
  if (v < -eps || u + v > 1.0 + eps)
    return false;
  *t = qr_vec3_dot (e2, q) * inv;
  return *t >= 0.0;
}

/* A quick miss: the ray against the grid's box, padded a hair. */
static bool
ray_meets_grid_box (const QrRay *ray, const QrVec3 *verts, int n)
{
  QrBounds box = qr_bounds_empty ();
  QrVec3 pad = { 1e-6, 1e-6, 1e-6 };
  double t;

  for (int i = 0; i < n; i++)
    qr_bounds_add_point (&box, verts[i]);
  box.min = qr_vec3_sub (box.min, pad);
  box.max = qr_vec3_add (box.max, pad);
  return qr_ray_hit_box (ray, box, &t);
}

bool
qr_disp_hit (const QrRay *ray, const QrVec3 *verts, int side, double *t, int *r, int *c)
{
  uint32_t tri[6];
  double best = INFINITY;
  uint32_t best_tri[3] = { 0, 0, 0 };
  QrVec3 hit;
  uint32_t nearest;
  double nearest_d = INFINITY;

  g_return_val_if_fail (ray != NULL && verts != NULL && side >= 2 && t != NULL, false);
  if (!ray_meets_grid_box (ray, verts, side * side))
    return false;
  for (int qr = 0; qr + 1 < side; qr++)
    for (int qc = 0; qc + 1 < side; qc++)
      {
        /* The triangles of one quad, in qr_disp_triangles' pattern. */
        uint32_t a = (uint32_t) (qr * side + qc), b = a + 1;
        uint32_t e = a + (uint32_t) side, d = e + 1;

        if ((qr + qc) % 2 == 0)
          {
            tri[0] = a, tri[1] = b, tri[2] = d;
            tri[3] = a, tri[4] = d, tri[5] = e;
          }
        else
          {
            tri[0] = a, tri[1] = b, tri[2] = e;
            tri[3] = b, tri[4] = d, tri[5] = e;
          }
        for (int k = 0; k < 6; k += 3)
          {
            double tk;

            if (hit_triangle (ray, verts[tri[k]], verts[tri[k + 1]], verts[tri[k + 2]], &tk) && tk < best)
              {
                best = tk;
                best_tri[0] = tri[k], best_tri[1] = tri[k + 1], best_tri[2] = tri[k + 2];
              }
          }
      }
  if (best == INFINITY)
    return false;

  hit = qr_vec3_mad (ray->origin, ray->dir, best);
  nearest = best_tri[0];
  for (int k = 0; k < 3; k++)
    {
      QrVec3 d = qr_vec3_sub (verts[best_tri[k]], hit);
      double dd = qr_vec3_dot (d, d);

      if (dd < nearest_d)
        {
          nearest_d = dd;
          nearest = best_tri[k];
        }
    }
  *t = best;
  if (r != NULL)
    *r = (int) nearest / side;
  if (c != NULL)
    *c = (int) nearest % side;
  return true;
}
