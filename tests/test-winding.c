#include <math.h>
#include <string.h>
#include <glib.h>
#include "qr-eps.h"
#include "qr-winding.h"
#include "qr-test-assert.h"

/* The side of the world the base winding must cover. */
#define WORLD 1048576.0 /* 2^20 */

static const QrPlane z5 = { { 0, 0, 1 }, 5 };

/* A 2 x 2 square on z = 5, counter-clockwise seen from +z. */
static const QrVec3 square[4] = { { -1, -1, 5 }, { 1, -1, 5 }, { 1, 1, 5 }, { -1, 1, 5 } };

static QrWinding *
winding_from (const QrVec3 *p, int n)
{
  QrWinding *w = qr_winding_new (n);

  memcpy (w->p, p, sizeof (QrVec3) * (gsize) n);
  w->n = n;
  return w;
}

static QrPlane
make_plane (double nx, double ny, double nz, double dist)
{
  QrVec3 n = { nx, ny, nz };

  return (QrPlane) { qr_vec3_scale (n, 1.0 / qr_vec3_length (n)), dist };
}

static void
assert_vec3_exact (QrVec3 got, double x, double y, double z)
{
  qr_test_assert_exact (got.x, x);
  qr_test_assert_exact (got.y, y);
  qr_test_assert_exact (got.z, z);
}

/* The same loop of points, exactly, starting anywhere. */
static void
assert_same_loop (const QrVec3 *got, int n_got, const QrVec3 *want, int n_want)
{
  g_assert_cmpint (n_got, ==, n_want);
  for (int start = 0; start < n_got; start++)
    {
      bool same = true;

      for (int k = 0; k < n_got && same; k++)
        same = qr_vec3_identical (got[(start + k) % n_got], want[k]);
      if (same)
        return;
    }
  for (int k = 0; k < n_got; k++)
    g_test_message ("got %d: %.17g %.17g %.17g", k, got[k].x, got[k].y, got[k].z);
  g_assert_not_reached ();
}

/* The same loop within `tolerance` per coordinate, starting anywhere. */
static void
assert_near_loop (const QrVec3 *got, int n_got, const QrVec3 *want, int n_want, double tolerance)
{
  g_assert_cmpint (n_got, ==, n_want);
  for (int start = 0; start < n_got; start++)
    {
      bool same = true;

      for (int k = 0; k < n_got && same; k++)
        same = qr_vec3_max_abs (qr_vec3_sub (got[(start + k) % n_got], want[k])) <= tolerance;
      if (same)
        return;
    }
  for (int k = 0; k < n_got; k++)
    g_test_message ("got %d: %.17g %.17g %.17g", k, got[k].x, got[k].y, got[k].z);
  g_assert_not_reached ();
}

static double
polygon_area (const QrVec3 *p, int n)
{
  return 0.5 * qr_vec3_length (qr_points_newell (p, n));
}

static void
test_new_copy (void)
{
  g_autoptr (QrWinding) w = qr_winding_new (5);
  g_autoptr (QrWinding) c = NULL;

  g_assert_nonnull (w);
  g_assert_cmpint (w->n, ==, 0);
  g_assert_cmpint (w->capacity, ==, 5);
  memcpy (w->p, square, sizeof square);
  w->n = 4;

  c = qr_winding_copy (w);
  g_assert_true (c != w);
  assert_same_loop (c->p, c->n, square, 4);
  g_assert_cmpint (c->capacity, >=, 4);
}

static void
check_base (const QrPlane *plane)
{
  g_autoptr (QrWinding) w = qr_winding_base_for_plane (plane);
  QrVec3 centre = qr_vec3_scale (plane->normal, plane->dist);
  QrVec3 newell, points[4];

  g_assert_nonnull (w);
  g_assert_cmpint (w->n, ==, 4);
  /* The allocation-free form gives the very same points. */
  qr_winding_base_points (plane, points);
  for (int i = 0; i < 4; i++)
    g_assert_true (qr_vec3_identical (points[i], w->p[i]));

  /* Counter-clockwise from the front: the Newell normal points along the plane normal. */
  newell = qr_points_newell (w->p, w->n);
  g_assert_cmpfloat (qr_vec3_dot (newell, plane->normal) / qr_vec3_length (newell), >, 1.0 - 1e-12);

  for (int i = 0; i < w->n; i++)
    {
      QrVec3 a = w->p[i], b = w->p[(i + 1) % w->n];
      QrVec3 edge = qr_vec3_sub (b, a);
      /* Distance from the point of the plane nearest the origin to this side. */
      double inradius = qr_vec3_length (qr_vec3_cross (edge, qr_vec3_sub (centre, a))) / qr_vec3_length (edge);

      g_assert_cmpfloat (fabs (qr_plane_distance_to (plane, a)), <=, 1e-6);
      g_assert_cmpfloat (qr_vec3_max_abs (a), >, WORLD);
      /* Any point of the 2^20 world cube projects within 2^20 * sqrt 3 of the centre. */
      g_assert_cmpfloat (inradius, >, WORLD * sqrt (3.0));
    }
  g_assert_true (qr_winding_check (w, plane, QR_EPS_ON_PLANE));
}

static void
test_base_ccw (void)
{
  static const double dists[] = { 0, 64, -8, 0.1, 65536, -65536, 65535.875, 100000 };
  const QrVec3 normals[] = {
    { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 }, { 0, 0, -1 },
    { 1, 1, 1 }, { -1, -1, -1 }, { 0.6, 0, 0.8 }, { -0.6, -0.8, 0 }, { 1, 1, 0 },
    { 1, 0, 1 }, { 0, 1, -1 }, { 1e-9, 0, 1 }, { 1, 1e-9, 1e-9 }, { 3, -7, 2 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (normals); i++)
    for (gsize j = 0; j < G_N_ELEMENTS (dists); j++)
      {
        QrPlane plane = make_plane (normals[i].x, normals[i].y, normals[i].z, dists[j]);

        check_base (&plane);
      }
}

/* Axial planes get a square whose coordinates are exact: the plane's
 * coordinate on its axis, ±QR_BASE_WINDING_EXTENT on the other two. */
static void
test_base_axial_exact (void)
{
  static const double dists[] = { 0, 64, -8, 0.1, -65536, 1.0 / 3.0 };

  for (int axis = 0; axis < 3; axis++)
    for (int sign = -1; sign <= 1; sign += 2)
      for (gsize j = 0; j < G_N_ELEMENTS (dists); j++)
        {
          QrPlane plane = { { 0, 0, 0 }, dists[j] };
          g_autoptr (QrWinding) w = NULL;

          qr_vec3_set (&plane.normal, axis, sign);
          w = qr_winding_base_for_plane (&plane);
          g_assert_cmpint (w->n, ==, 4);
          for (int i = 0; i < 4; i++)
            for (int k = 0; k < 3; k++)
              {
                double c = qr_vec3_get (w->p[i], k);

                if (k == axis)
                  qr_test_assert_exact (c, sign * dists[j]);
                else
                  qr_test_assert_exact (fabs (c), QR_BASE_WINDING_EXTENT);
              }
        }
}

/* A square of the given half side around the point of the plane nearest
 * the centre: on the plane, counter-clockwise from the front, each side
 * half_side from that point; an axial plane's coordinate exact. */
static void
test_base_around (void)
{
  const QrVec3 normals[] = { { 1, 0, 0 }, { 0, -1, 0 }, { 0, 0, 1 }, { 1, 1, 1 }, { 3, -7, 2 }, { 1e-9, 0, 1 } };
  const QrVec3 centres[] = { { 0, 0, 0 }, { -1403.3, -230.7, -6.28 }, { 60000, -60000, 512 } };
  static const double dists[] = { 0, -8, 1.0 / 3.0, 1500 };

  for (gsize i = 0; i < G_N_ELEMENTS (normals); i++)
    for (gsize c = 0; c < G_N_ELEMENTS (centres); c++)
      for (gsize j = 0; j < G_N_ELEMENTS (dists); j++)
        {
          QrPlane plane = make_plane (normals[i].x, normals[i].y, normals[i].z, dists[j]);
          QrVec3 foot = qr_vec3_mad (centres[c], plane.normal, plane.dist - qr_vec3_dot (plane.normal, centres[c]));
          QrVec3 p[4], newell;

          qr_winding_base_points_around (&plane, centres[c], 100, p);
          newell = qr_points_newell (p, 4);
          g_assert_cmpfloat (qr_vec3_dot (newell, plane.normal) / qr_vec3_length (newell), >, 1.0 - 1e-12);
          for (int k = 0; k < 4; k++)
            {
              QrVec3 a = p[k], edge = qr_vec3_sub (p[(k + 1) % 4], a);
              double inradius = qr_vec3_length (qr_vec3_cross (edge, qr_vec3_sub (foot, a))) / qr_vec3_length (edge);

              g_assert_cmpfloat (fabs (qr_plane_distance_to (&plane, a)), <=, 1e-9);
              g_assert_cmpfloat (fabs (inradius - 100), <=, 1e-9);
              if (qr_plane_axis (&plane) != QR_PLANE_NOT_AXIAL)
                qr_test_assert_exact (qr_vec3_dot (a, plane.normal), plane.dist);
            }
        }
}

static void
test_clip_axial_exact (void)
{
  QrVec3 out[5];
  int n;

  /* x <= 0.1: the new corners have x == 0.1, the double, not 0.1 + rounding. */
  {
    const QrPlane x01 = { { 1, 0, 0 }, 0.1 };
    const QrVec3 want[4] = { { -1, -1, 5 }, { 0.1, -1, 5 }, { 0.1, 1, 5 }, { -1, 1, 5 } };

    n = qr_winding_clip_points (square, 4, &x01, QR_EPS_ON_PLANE, out);
    assert_same_loop (out, n, want, 4);
  }

  /* x >= 0.1 as -x <= -0.1. */
  {
    const QrPlane x01 = { { -1, 0, 0 }, -0.1 };
    const QrVec3 want[4] = { { 0.1, -1, 5 }, { 1, -1, 5 }, { 1, 1, 5 }, { 0.1, 1, 5 } };

    n = qr_winding_clip_points (square, 4, &x01, QR_EPS_ON_PLANE, out);
    assert_same_loop (out, n, want, 4);
  }

  /* y <= -0.7 on the same square. */
  {
    const QrPlane y07 = { { 0, 1, 0 }, -0.7 };
    const QrVec3 want[4] = { { -1, -1, 5 }, { 1, -1, 5 }, { 1, -0.7, 5 }, { -1, -0.7, 5 } };

    n = qr_winding_clip_points (square, 4, &y07, QR_EPS_ON_PLANE, out);
    assert_same_loop (out, n, want, 4);
  }

  /* A slanted triangle: interpolation alone would give 0.30000000000000004
   * or similar; the coordinate on the plane's axis must be the distance
   * itself, on every axis and for either direction of the normal. */
  {
    const QrVec3 tri[3] = { { 0, 0, 0 }, { 1, 0.7, 0.3 }, { 0.2, 1, 0.9 } };
    const double cuts[] = { 0.3, 0.1, 0.7, 1.0 / 3.0, 0.15, 0.29 };

    for (int axis = 0; axis < 3; axis++)
      for (int sign = -1; sign <= 1; sign += 2)
        for (gsize c = 0; c < G_N_ELEMENTS (cuts); c++)
          {
            QrPlane cut = { { 0, 0, 0 }, sign * cuts[c] }; /* sign * coordinate <= sign * cut */
            int found = 0;

            qr_vec3_set (&cut.normal, axis, sign);
            n = qr_winding_clip_points (tri, 3, &cut, QR_EPS_ON_PLANE, out);
            g_assert_cmpint (n, >=, 3);
            for (int i = 0; i < n; i++)
              {
                double v = qr_vec3_get (out[i], axis);

                g_assert_cmpfloat (sign * v, <=, sign * cuts[c]);
                found += v == cuts[c];
              }
            g_assert_cmpint (found, ==, 2);
          }
  }

  /* On a vertical wall x = 48, clipped by z <= 40.25 and y >= -31.9. */
  {
    const QrVec3 wall[4] = { { 48, -32, -8 }, { 48, 64, -8 }, { 48, 64, 40 }, { 48, -32, 40 } };
    const QrPlane top = { { 0, 0, 1 }, 39.9 };
    const QrPlane south = { { 0, -1, 0 }, 31.9 };
    const QrVec3 want[4] = { { 48, -31.9, -8 }, { 48, 64, -8 }, { 48, 64, 39.9 }, { 48, -31.9, 39.9 } };
    QrVec3 mid[5];

    n = qr_winding_clip_points (wall, 4, &top, QR_EPS_ON_PLANE, mid);
    n = qr_winding_clip_points (mid, n, &south, QR_EPS_ON_PLANE, out);
    assert_same_loop (out, n, want, 4);
  }
}

static void
test_clip_keeps_back (void)
{
  const QrVec3 sq[4] = { { 0, 0, 0 }, { 64, 0, 0 }, { 64, 64, 0 }, { 0, 64, 0 } };
  QrPlane diag = make_plane (1, 1, 0, 64 * sqrt (0.5)); /* x + y <= 64 */
  QrPlane slant = make_plane (1, 2, 0, 0);
  QrVec3 out[5];
  int n;

  /* Through two corners: no new points, the corners on the plane are kept. */
  n = qr_winding_clip_points (sq, 4, &diag, QR_EPS_ON_PLANE, out);
  g_assert_cmpint (n, ==, 3);
  {
    const QrVec3 want[3] = { { 0, 0, 0 }, { 64, 0, 0 }, { 0, 64, 0 } };

    assert_same_loop (out, n, want, 3);
  }

  /* The other side. */
  diag = qr_plane_flip (diag);
  n = qr_winding_clip_points (sq, 4, &diag, QR_EPS_ON_PLANE, out);
  {
    const QrVec3 want[3] = { { 64, 0, 0 }, { 64, 64, 0 }, { 0, 64, 0 } };

    assert_same_loop (out, n, want, 3);
  }

  /* x + 2y <= 100: the kept part is behind. */
  slant.dist = qr_vec3_dot (slant.normal, qr_vec3 (100, 0, 0));
  n = qr_winding_clip_points (sq, 4, &slant, QR_EPS_ON_PLANE, out);
  g_assert_cmpint (n, ==, 4);
  for (int i = 0; i < n; i++)
    g_assert_cmpfloat (qr_plane_distance_to (&slant, out[i]), <=, 1e-9);
  /* A trapezoid: y from 0 up to 50 at x = 0 and up to 18 at x = 64. */
  g_assert_cmpfloat_with_epsilon (polygon_area (out, n), 64 * (50 + 18) / 2.0, 1e-9);
  {
    g_autoptr (QrWinding) w = winding_from (out, n);
    const QrPlane floor0 = { { 0, 0, 1 }, 0 };

    g_assert_true (qr_winding_check (w, &floor0, QR_EPS_ON_PLANE));
  }
}

static void
test_clip_all_front (void)
{
  const QrPlane below = { { 0, 0, 1 }, 4 };   /* z <= 4: the square at z = 5 is in front */
  const QrPlane edge = { { 1, 0, 0 }, -1 };   /* x <= -1: one edge on it, the rest in front */
  const QrPlane corner = make_plane (1, 1, 0, -sqrt (2.0)); /* x + y <= -2: one corner on it */
  QrVec3 out[5];

  g_assert_cmpint (qr_winding_clip_points (square, 4, &below, QR_EPS_ON_PLANE, out), ==, 0);
  g_assert_cmpint (qr_winding_clip_points (square, 4, &edge, QR_EPS_ON_PLANE, out), ==, 0);
  g_assert_cmpint (qr_winding_clip_points (square, 4, &corner, QR_EPS_ON_PLANE, out), ==, 0);
}

static void
test_clip_all_back (void)
{
  const QrPlane above = { { 0, 0, 1 }, 6 };
  const QrPlane edge = { { 1, 0, 0 }, 1 }; /* x <= 1: one edge on it, rest behind */
  const QrPlane slope = make_plane (1, 1, 1, 100);
  QrVec3 out[5];
  int n;

  n = qr_winding_clip_points (square, 4, &above, QR_EPS_ON_PLANE, out);
  assert_same_loop (out, n, square, 4);
  g_assert_true (qr_vec3_identical (out[0], square[0]));
  n = qr_winding_clip_points (square, 4, &edge, QR_EPS_ON_PLANE, out);
  assert_same_loop (out, n, square, 4);
  n = qr_winding_clip_points (square, 4, &slope, QR_EPS_ON_PLANE, out);
  assert_same_loop (out, n, square, 4);
}

static void
test_clip_on_plane (void)
{
  const QrPlane flipped = qr_plane_flip (z5);
  QrVec3 lifted[4], out[5];
  int n;

  n = qr_winding_clip_points (square, 4, &z5, QR_EPS_ON_PLANE, out);
  assert_same_loop (out, n, square, 4);
  n = qr_winding_clip_points (square, 4, &flipped, QR_EPS_ON_PLANE, out);
  assert_same_loop (out, n, square, 4);

  /* Within epsilon in front still counts as on: every point is kept, where
   * it was or moved onto the plane, and none is added. */
  for (int i = 0; i < 4; i++)
    lifted[i] = qr_vec3_add (square[i], qr_vec3 (0, 0, i == 2 ? 1e-7 : 0.5e-6));
  n = qr_winding_clip_points (lifted, 4, &z5, QR_EPS_ON_PLANE, out);
  assert_near_loop (out, n, lifted, 4, QR_EPS_ON_PLANE);
}

static void
test_clip_epsilon (void)
{
  /* One corner of a triangle just in front of x <= 0. */
  const QrPlane x0 = { { 1, 0, 0 }, 0 };
  QrVec3 tri[3] = { { -10, 0, 0 }, { 1e-7, -5, 0 }, { -10, 5, 0 } };
  QrVec3 out[4];
  int n;

  n = qr_winding_clip_points (tri, 3, &x0, QR_EPS_ON_PLANE, out);
  assert_near_loop (out, n, tri, 3, QR_EPS_ON_PLANE);

  /* Further out it is cut off, with two new corners at x == 0 exactly. */
  tri[1].x = 1e-3;
  n = qr_winding_clip_points (tri, 3, &x0, QR_EPS_ON_PLANE, out);
  g_assert_cmpint (n, ==, 4);
  for (int i = 0; i < n; i++)
    g_assert_cmpfloat (out[i].x, <=, 0);
  {
    int on = 0;

    for (int i = 0; i < n; i++)
      on += out[i].x == 0;
    g_assert_cmpint (on, ==, 2);
  }
}

/* A regular polygon of n points, radius 64, on z = 0, counter-clockwise from +z. */
static QrVec3 *
regular_polygon (int n)
{
  QrVec3 *p = g_new (QrVec3, n);

  for (int i = 0; i < n; i++)
    p[i] = qr_vec3 (64 * cos (2 * G_PI * i / n), 64 * sin (2 * G_PI * i / n), 0);
  return p;
}

/* More points than clip_points keeps on its stack. */
static void
test_clip_many_points (void)
{
  static const int sizes[] = { 63, 64, 65, 100, 1000 };

  for (gsize s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      int n = sizes[s];
      g_autofree QrVec3 *p = regular_polygon (n);
      g_autofree QrVec3 *out = g_new (QrVec3, n + 1);
      const QrPlane y_cut = { { 0, 1, 0 }, 0.5 };
      const QrPlane y_flip = qr_plane_flip (y_cut);
      double full = polygon_area (p, n), a, b;
      int m;

      g_assert_cmpfloat_with_epsilon (full, 0.5 * n * 64 * 64 * sin (2 * G_PI / n), 1e-9 * full);

      m = qr_winding_clip_points (p, n, &y_cut, QR_EPS_ON_PLANE, out);
      g_assert_cmpint (m, >, n / 2);
      g_assert_cmpint (m, <=, n + 1);
      for (int i = 0; i < m; i++)
        g_assert_cmpfloat (out[i].y, <=, 0.5);
      a = polygon_area (out, m);

      m = qr_winding_clip_points (p, n, &y_flip, QR_EPS_ON_PLANE, out);
      for (int i = 0; i < m; i++)
        g_assert_cmpfloat (out[i].y, >=, 0.5);
      b = polygon_area (out, m);

      g_assert_cmpfloat_with_epsilon (a + b, full, 1e-9 * full);
      g_assert_cmpfloat (a, >, b);
    }
}

static void
test_chop_in_place (void)
{
  const QrPlane x01 = { { 1, 0, 0 }, 0.1 };
  const QrPlane below = { { 0, 0, 1 }, 4 };
  const QrPlane above = { { 0, 0, 1 }, 6 };
  const QrPlane corner = make_plane (1, 1, 0, -sqrt (2.0)); /* x + y <= -2: touches (-1,-1) */
  g_autoptr (QrWinding) w = winding_from (square, 4);

  /* Partial: a new winding with the exact cut. */
  g_assert_true (qr_winding_chop_in_place (&w, &x01, QR_EPS_ON_PLANE));
  g_assert_nonnull (w);
  g_assert_cmpint (w->n, ==, 4);
  g_assert_cmpint (w->capacity, >=, w->n);
  {
    const QrVec3 want[4] = { { -1, -1, 5 }, { 0.1, -1, 5 }, { 0.1, 1, 5 }, { -1, 1, 5 } };

    assert_same_loop (w->p, w->n, want, 4);
  }

  /* All behind: the same points. */
  g_assert_true (qr_winding_chop_in_place (&w, &above, QR_EPS_ON_PLANE));
  g_assert_nonnull (w);
  g_assert_cmpint (w->n, ==, 4);

  /* Nothing behind: freed and NULL (the sanitizers see a leak or a double free). */
  g_assert_false (qr_winding_chop_in_place (&w, &below, QR_EPS_ON_PLANE));
  g_assert_null (w);

  /* Touching at one corner, the rest in front: nothing left either. */
  w = winding_from (square, 4);
  g_assert_false (qr_winding_chop_in_place (&w, &corner, QR_EPS_ON_PLANE));
  g_assert_null (w);

  /* Chopping a chain down to a sliver and then away. */
  w = winding_from (square, 4);
  for (double x = 0.5; x > -1.0; x -= 0.25)
    {
      const QrPlane cut = { { 1, 0, 0 }, x };

      g_assert_true (qr_winding_chop_in_place (&w, &cut, QR_EPS_ON_PLANE));
      g_assert_cmpfloat_with_epsilon (qr_winding_area (w), 2 * (x + 1), 1e-12);
      g_assert_true (qr_winding_check (w, &z5, QR_EPS_ON_PLANE));
    }
  {
    const QrPlane gone = { { 1, 0, 0 }, -1 };

    g_assert_false (qr_winding_chop_in_place (&w, &gone, QR_EPS_ON_PLANE));
    g_assert_null (w);
  }
}

static void
assert_sides (const QrWinding *w, const QrPlane *plane, bool front)
{
  for (int i = 0; i < w->n; i++)
    {
      double d = qr_plane_distance_to (plane, w->p[i]);

      if (front)
        g_assert_cmpfloat (d, >=, -QR_EPS_ON_PLANE);
      else
        g_assert_cmpfloat (d, <=, QR_EPS_ON_PLANE);
    }
}

static void
test_split (void)
{
  const QrVec3 sq[4] = { { 0, 0, 0 }, { 64, 0, 0 }, { 64, 64, 0 }, { 0, 64, 0 } };
  const QrPlane floor0 = { { 0, 0, 1 }, 0 };
  g_autoptr (QrWinding) w = winding_from (sq, 4);
  g_autoptr (QrWinding) keep = qr_winding_copy (w);
  const QrPlane planes[] = {
    make_plane (1, 2, 0, 50),
    make_plane (-3, 1, 0, -20),
    make_plane (1, 1, 0.5, 40),
    make_plane (1, -1, 0, 0),     /* through two corners */
    { { 1, 0, 0 }, 0.1 },
    { { 0, -1, 0 }, -63.9 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (planes); i++)
    {
      QrWinding *front = w, *back = w; /* must be overwritten */
      g_autoptr (QrWinding) f = NULL;
      g_autoptr (QrWinding) b = NULL;

      qr_winding_split (w, &planes[i], QR_EPS_ON_PLANE, &front, &back);
      f = front, b = back;
      g_assert_nonnull (f);
      g_assert_nonnull (b);
      g_assert_true (f != w && b != w && f != b);
      assert_sides (f, &planes[i], true);
      assert_sides (b, &planes[i], false);
      g_assert_true (qr_winding_check (f, &floor0, QR_EPS_ON_PLANE));
      g_assert_true (qr_winding_check (b, &floor0, QR_EPS_ON_PLANE));
      g_assert_cmpfloat_with_epsilon (qr_winding_area (f) + qr_winding_area (b), 4096, 1e-9);
      /* The input is left alone. */
      assert_same_loop (w->p, w->n, keep->p, keep->n);
    }

  /* Axial split points are exact on both sides. */
  {
    const QrPlane x01 = { { 1, 0, 0 }, 0.1 };
    const QrVec3 want_back[4] = { { 0, 0, 0 }, { 0.1, 0, 0 }, { 0.1, 64, 0 }, { 0, 64, 0 } };
    const QrVec3 want_front[4] = { { 0.1, 0, 0 }, { 64, 0, 0 }, { 64, 64, 0 }, { 0.1, 64, 0 } };
    g_autoptr (QrWinding) f = NULL;
    g_autoptr (QrWinding) b = NULL;

    qr_winding_split (w, &x01, QR_EPS_ON_PLANE, &f, &b);
    assert_same_loop (f->p, f->n, want_front, 4);
    assert_same_loop (b->p, b->n, want_back, 4);
  }

  /* Through two opposite corners: two triangles, no extra points. */
  {
    const QrPlane diag = make_plane (1, -1, 0, 0);
    g_autoptr (QrWinding) f = NULL;
    g_autoptr (QrWinding) b = NULL;

    qr_winding_split (w, &diag, QR_EPS_ON_PLANE, &f, &b);
    g_assert_cmpint (f->n, ==, 3);
    g_assert_cmpint (b->n, ==, 3);
    g_assert_cmpfloat_with_epsilon (qr_winding_area (f), 2048, 1e-9);
    g_assert_cmpfloat_with_epsilon (qr_winding_area (b), 2048, 1e-9);
  }
}

static void
test_split_one_side (void)
{
  g_autoptr (QrWinding) w = winding_from (square, 4);
  const QrPlane below = { { 0, 0, 1 }, 4 };
  const QrPlane above = { { 0, 0, 1 }, 6 };

  /* All in front. */
  {
    g_autoptr (QrWinding) f = NULL;
    g_autoptr (QrWinding) b = NULL;

    qr_winding_split (w, &below, QR_EPS_ON_PLANE, &f, &b);
    g_assert_nonnull (f);
    g_assert_null (b);
    g_assert_true (f != w);
    assert_same_loop (f->p, f->n, square, 4);
  }
  /* All behind. */
  {
    g_autoptr (QrWinding) f = NULL;
    g_autoptr (QrWinding) b = NULL;

    qr_winding_split (w, &above, QR_EPS_ON_PLANE, &f, &b);
    g_assert_null (f);
    g_assert_nonnull (b);
    g_assert_true (b != w);
    assert_same_loop (b->p, b->n, square, 4);
  }
  /* On the plane: neither side owns it. */
  {
    QrWinding *f = w, *b = w;

    qr_winding_split (w, &z5, QR_EPS_ON_PLANE, &f, &b);
    g_assert_null (f);
    g_assert_null (b);
  }
}

static void
test_check (void)
{
  const QrPlane flipped = qr_plane_flip (z5);

  /* Good. */
  {
    g_autoptr (QrWinding) w = winding_from (square, 4);
    const QrVec3 tri[3] = { { 0, 0, 5 }, { 10, 0, 5 }, { 0, 10, 5 } };
    g_autoptr (QrWinding) t = winding_from (tri, 3);
    g_autofree QrVec3 *circle = regular_polygon (64);
    g_autoptr (QrWinding) c = NULL;

    for (int i = 0; i < 64; i++)
      circle[i].z = 5;
    c = winding_from (circle, 64);
    g_assert_true (qr_winding_check (w, &z5, QR_EPS_ON_PLANE));
    g_assert_true (qr_winding_check (t, &z5, QR_EPS_ON_PLANE));
    g_assert_true (qr_winding_check (c, &z5, QR_EPS_ON_PLANE));
  }

  /* Clockwise from the front: the same square against the flipped plane, and reversed. */
  {
    const QrVec3 cw[4] = { square[3], square[2], square[1], square[0] };
    g_autoptr (QrWinding) w = winding_from (square, 4);
    g_autoptr (QrWinding) r = winding_from (cw, 4);

    g_assert_false (qr_winding_check (w, &flipped, QR_EPS_ON_PLANE));
    g_assert_false (qr_winding_check (r, &z5, QR_EPS_ON_PLANE));
    g_assert_true (qr_winding_check (r, &flipped, QR_EPS_ON_PLANE));
  }

  /* Counter-clockwise but not convex: an arrowhead with a notch at (0,-0.5). */
  {
    const QrVec3 dart[5] = { { -1, -1, 5 }, { 0, -0.5, 5 }, { 1, -1, 5 }, { 1, 1, 5 }, { -1, 1, 5 } };
    g_autoptr (QrWinding) w = winding_from (dart, 5);

    g_assert_cmpfloat (qr_vec3_dot (qr_points_newell (dart, 5), z5.normal), >, 0);
    g_assert_false (qr_winding_check (w, &z5, QR_EPS_ON_PLANE));
  }

  /* Off the plane by more than epsilon. */
  {
    g_autoptr (QrWinding) w = winding_from (square, 4);

    w->p[2].z = 5.01;
    g_assert_false (qr_winding_check (w, &z5, QR_EPS_ON_PLANE));
    w->p[2].z = 5 + 1e-5;
    g_assert_false (qr_winding_check (w, &z5, QR_EPS_ON_PLANE));
    w->p[2].z = 5 + 1e-7;
    g_assert_true (qr_winding_check (w, &z5, QR_EPS_ON_PLANE));
  }

  /* Too few points, or a repeated one. */
  {
    const QrVec3 rep[5] = { square[0], square[1], square[1], square[2], square[3] };
    g_autoptr (QrWinding) two = winding_from (square, 2);
    g_autoptr (QrWinding) none = qr_winding_new (0);
    g_autoptr (QrWinding) w = winding_from (rep, 5);

    g_assert_false (qr_winding_check (two, &z5, QR_EPS_ON_PLANE));
    g_assert_false (qr_winding_check (none, &z5, QR_EPS_ON_PLANE));
    g_assert_false (qr_winding_check (w, &z5, QR_EPS_ON_PLANE));
  }
}

/* Every corner of a pentagram turns left and its Newell normal points to the
 * front, yet it winds twice round its centre: not convex, and not a face. */
static void
test_check_star (void)
{
  QrVec3 star[5];
  g_autoptr (QrWinding) w = NULL;

  for (int i = 0; i < 5; i++)
    star[i] = qr_vec3 (64 * cos (2 * G_PI * (2 * i) / 5), 64 * sin (2 * G_PI * (2 * i) / 5), 5);
  w = winding_from (star, 5);
  g_assert_cmpfloat (qr_vec3_dot (qr_points_newell (star, 5), z5.normal), >, 0);
  g_assert_false (qr_winding_check (w, &z5, QR_EPS_ON_PLANE));
}

static void
test_classify (void)
{
  g_autoptr (QrWinding) w = winding_from (square, 4);
  const QrPlane below = { { 0, 0, 1 }, 4 };
  const QrPlane above = { { 0, 0, 1 }, 6 };
  const QrPlane x0 = { { 1, 0, 0 }, 0 };
  const QrPlane edge = { { 1, 0, 0 }, 1 };
  const QrPlane near = { { 0, 0, 1 }, 5 + 1e-7 };
  const QrPlane near_below = { { 0, 0, 1 }, 5 - 1e-7 };

  g_assert_cmpint (qr_winding_classify (w, &below, QR_EPS_ON_PLANE), ==, QR_SIDE_FRONT);
  g_assert_cmpint (qr_winding_classify (w, &above, QR_EPS_ON_PLANE), ==, QR_SIDE_BACK);
  g_assert_cmpint (qr_winding_classify (w, &z5, QR_EPS_ON_PLANE), ==, QR_SIDE_ON);
  g_assert_cmpint (qr_winding_classify (w, &near, QR_EPS_ON_PLANE), ==, QR_SIDE_ON);
  g_assert_cmpint (qr_winding_classify (w, &near_below, QR_EPS_ON_PLANE), ==, QR_SIDE_ON);
  g_assert_cmpint (qr_winding_classify (w, &near_below, 1e-8), ==, QR_SIDE_FRONT);
  g_assert_cmpint (qr_winding_classify (w, &x0, QR_EPS_ON_PLANE), ==, QR_SIDE_SPAN);
  g_assert_cmpint (qr_winding_classify (w, &edge, QR_EPS_ON_PLANE), ==, QR_SIDE_BACK);
}

static void
test_area_center (void)
{
  g_autoptr (QrWinding) w = winding_from (square, 4);
  QrVec3 far[4];
  QrVec3 newell = qr_points_newell (square, 4);

  qr_test_assert_exact (qr_winding_area (w), 4);
  assert_vec3_exact (qr_winding_center (w), 0, 0, 5);
  /* Newell: along the normal, length twice the area. */
  assert_vec3_exact (newell, 0, 0, 8);

  /* Far from the origin the sums stay exact: the loop is taken about its first point. */
  for (int i = 0; i < 4; i++)
    far[i] = qr_vec3_add (square[i], qr_vec3 (30000.5, -65536, 65000.25));
  qr_test_assert_exact (polygon_area (far, 4), 4);

  {
    const QrVec3 tri[3] = { { 0, 0, 0 }, { 0, 3, 0 }, { 0, 0, 4 } };
    g_autoptr (QrWinding) t = winding_from (tri, 3);

    qr_test_assert_exact (qr_winding_area (t), 6);
    assert_vec3_exact (qr_points_newell (tri, 3), 12, 0, 0);
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/geom/winding/new-copy", test_new_copy);
  g_test_add_func ("/geom/winding/base/ccw", test_base_ccw);
  g_test_add_func ("/geom/winding/base/axial-exact", test_base_axial_exact);
  g_test_add_func ("/geom/winding/base/around", test_base_around);
  g_test_add_func ("/geom/winding/clip/axial-exact", test_clip_axial_exact);
  g_test_add_func ("/geom/winding/clip/keeps-back", test_clip_keeps_back);
  g_test_add_func ("/geom/winding/clip/all-front", test_clip_all_front);
  g_test_add_func ("/geom/winding/clip/all-back", test_clip_all_back);
  g_test_add_func ("/geom/winding/clip/on-plane", test_clip_on_plane);
  g_test_add_func ("/geom/winding/clip/epsilon", test_clip_epsilon);
  g_test_add_func ("/geom/winding/clip/many-points", test_clip_many_points);
  g_test_add_func ("/geom/winding/chop-in-place", test_chop_in_place);
  g_test_add_func ("/geom/winding/split/areas", test_split);
  g_test_add_func ("/geom/winding/split/one-side", test_split_one_side);
  g_test_add_func ("/geom/winding/check/shapes", test_check);
  g_test_add_func ("/geom/winding/check/self-intersecting", test_check_star);
  g_test_add_func ("/geom/winding/classify", test_classify);
  g_test_add_func ("/geom/winding/area-center", test_area_center);

  return g_test_run ();
}
