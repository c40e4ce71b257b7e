/* The tessellation of Quake 3 patches (src/geom/qr-bezier.c), checked
 * against an independent evaluation of the biquadratic Bernstein form. */
#include <math.h>
#include <glib.h>
#include "qr-bezier.h"

/* The surface of one 3 × 3 sub-patch at (u along rows, v along columns),
 * from the Bernstein polynomials (1 − t)², 2t(1 − t), t². */
static QrVec3
bernstein (const QrVec3 *ctrl, int cols, int row0, int col0, double u, double v)
{
  double bu[3] = { (1 - u) * (1 - u), 2 * u * (1 - u), u * u };
  double bv[3] = { (1 - v) * (1 - v), 2 * v * (1 - v), v * v };
  QrVec3 p = qr_vec3 (0, 0, 0);

  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      p = qr_vec3_mad (p, ctrl[(row0 + i) * cols + col0 + j], bu[i] * bv[j]);
  return p;
}

/* A 5 × 7 grid, bent along both directions and twisted. */
static void
curved_grid (QrVec3 *ctrl)
{
  for (int r = 0; r < 5; r++)
    for (int c = 0; c < 7; c++)
      ctrl[r * 7 + c] = qr_vec3 (c * 32 + (r % 2) * 11.5, r * 48 - (c % 2) * 7.25,
                                 ((r % 2) ? 40 : 0) + ((c % 2) ? -24 : 3) + r * c);
}

static void
test_flat_axial (void)
{
  QrVec3 ctrl[5 * 3];

  /* Curved in X/Y, flat at z = 64.125. */
  for (int r = 0; r < 5; r++)
    for (int c = 0; c < 3; c++)
      ctrl[r * 3 + c] = qr_vec3 (r * 64 + (c == 1 ? 40 : 0), c * 64 + (r % 2 ? 90 : 0), 64.125);
  g_autofree QrBezierGrid *g = qr_bezier_tessellate (ctrl, 5, 3, QR_BEZIER_SUBDIVIDE_ERROR);
  g_assert_nonnull (g);
  g_assert_cmpint (g->rows, >, 5);
  g_assert_cmpint (g->cols, >, 3);
  for (int i = 0; i < g->rows * g->cols; i++)
    g_assert_true (g->p[i].z == 64.125);
}

static void
test_flat_tilted (void)
{
  QrVec3 ctrl[3 * 5];
  /* The plane x + 2y − 3z = 7, control points scattered on it. */
  QrVec3 n = qr_vec3 (1, 2, -3);

  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 5; c++)
      {
        double x = r * 40 + (c % 2) * 13, y = c * 37 - r * r * 9;
        ctrl[r * 5 + c] = qr_vec3 (x, y, (x + 2 * y - 7) / 3);
      }
  g_autofree QrBezierGrid *g = qr_bezier_tessellate_levels (ctrl, 3, 5, 3, 2);
  g_assert_cmpint (g->rows, ==, 9);
  g_assert_cmpint (g->cols, ==, 9);
  for (int i = 0; i < g->rows * g->cols; i++)
    g_assert_cmpfloat (fabs (qr_vec3_dot (n, g->p[i]) - 7), <, 1e-9);
}

static void
test_on_surface (void)
{
  QrVec3 ctrl[5 * 7];
  int row_level = 2, col_level = 3, rstep = 1 << row_level, cstep = 1 << col_level;

  curved_grid (ctrl);
  g_autofree QrBezierGrid *g = qr_bezier_tessellate_levels (ctrl, 5, 7, row_level, col_level);
  g_assert_cmpint (g->rows, ==, 2 * rstep + 1);
  g_assert_cmpint (g->cols, ==, 3 * cstep + 1);
  for (int r = 0; r < g->rows; r++)
    for (int c = 0; c < g->cols; c++)
      {
        int sr = MIN (r / rstep, 1), sc = MIN (c / cstep, 2);
        double u = (double) (r - sr * rstep) / rstep, v = (double) (c - sc * cstep) / cstep;
        QrVec3 want = bernstein (ctrl, 7, 2 * sr, 2 * sc, u, v);
        g_assert_cmpfloat (qr_vec3_dist (qr_bezier_grid_at (g, r, c), want), <, 1e-9);
      }
}

static void
test_corners_exact (void)
{
  QrVec3 ctrl[5 * 7];

  curved_grid (ctrl);
  /* Numbers that are not short decimals. */
  for (int i = 0; i < 35; i++)
    ctrl[i] = qr_vec3_add (ctrl[i], qr_vec3 (0.1 * i, 1.0 / 3, -0.7));
  g_autofree QrBezierGrid *g = qr_bezier_tessellate (ctrl, 5, 7, 1.0);
  int rstep = (g->rows - 1) / 2, cstep = (g->cols - 1) / 3;
  for (int r = 0; r < 5; r += 2)
    for (int c = 0; c < 7; c += 2)
      {
        QrVec3 p = qr_bezier_grid_at (g, r / 2 * rstep, c / 2 * cstep);
        g_assert_true (qr_vec3_identical (p, ctrl[r * 7 + c]));
      }
}

/* Sub-patches that meet along an edge evaluate it alike, and the grid has
 * one point there for both: the row (or column) of points between them is
 * each sub-patch's edge curve, from either side. */
static void
test_shared_edges (void)
{
  QrVec3 ctrl[5 * 7];

  curved_grid (ctrl);
  g_autofree QrBezierGrid *g = qr_bezier_tessellate (ctrl, 5, 7, 0.5);
  int rstep = (g->rows - 1) / 2, cstep = (g->cols - 1) / 3;
  g_assert_cmpint ((g->rows - 1) % 2, ==, 0);
  g_assert_cmpint ((g->cols - 1) % 3, ==, 0);
  /* Between the two rows of sub-patches. */
  for (int c = 0; c < g->cols; c++)
    {
      int sc = MIN (c / cstep, 2);
      double v = (double) (c - sc * cstep) / cstep;
      QrVec3 above = bernstein (ctrl, 7, 0, 2 * sc, 1, v), below = bernstein (ctrl, 7, 2, 2 * sc, 0, v);
      g_assert_true (qr_vec3_identical (above, below));
      g_assert_cmpfloat (qr_vec3_dist (qr_bezier_grid_at (g, rstep, c), above), <, 1e-9);
    }
  /* Between neighbouring columns of sub-patches. */
  for (int k = 1; k < 3; k++)
    for (int r = 0; r < g->rows; r++)
      {
        int sr = MIN (r / rstep, 1);
        double u = (double) (r - sr * rstep) / rstep;
        QrVec3 left = bernstein (ctrl, 7, 2 * sr, 2 * (k - 1), u, 1), right = bernstein (ctrl, 7, 2 * sr, 2 * k, u, 0);
        g_assert_true (qr_vec3_identical (left, right));
        g_assert_cmpfloat (qr_vec3_dist (qr_bezier_grid_at (g, r, k * cstep), left), <, 1e-9);
      }
}

/* A 3 × 3 patch whose middle control point rises by h above a flat square:
 * its midpoint strays h / 2 from the chords, a quarter of that per level. */
static int
level_for_bulge (double h, int axis)
{
  QrVec3 ctrl[9];

  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 3; c++)
      ctrl[r * 3 + c] = qr_vec3 (r * 64, c * 64, r == 1 && c == 1 ? h : 0);
  return qr_bezier_level (ctrl, 3, 3, axis, QR_BEZIER_SUBDIVIDE_ERROR);
}

static void
test_levels_grow (void)
{
  int previous = -1;
  static const double bulges[] = { 0, 8, 8.5, 32, 34, 128, 140, 512, 600, 1e6 };
  static const int want[] = { 0, 0, 1, 1, 2, 2, 3, 3, 4, 4 };

  for (guint i = 0; i < G_N_ELEMENTS (bulges); i++)
    {
      int level = level_for_bulge (bulges[i], 0);
      g_assert_cmpint (level, ==, want[i]);
      g_assert_cmpint (level, ==, level_for_bulge (bulges[i], 1));
      g_assert_cmpint (level, >=, previous);
      previous = level;
    }

  /* Bent along one direction only: the other stays at level 0. */
  QrVec3 ctrl[9];
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 3; c++)
      ctrl[r * 3 + c] = qr_vec3 (r * 64, c * 64, r == 1 ? 100 : 0);
  g_assert_cmpint (qr_bezier_level (ctrl, 3, 3, 0, QR_BEZIER_SUBDIVIDE_ERROR), ==, 2);
  g_assert_cmpint (qr_bezier_level (ctrl, 3, 3, 1, QR_BEZIER_SUBDIVIDE_ERROR), ==, 0);
  g_autofree QrBezierGrid *g = qr_bezier_tessellate (ctrl, 3, 3, QR_BEZIER_SUBDIVIDE_ERROR);
  g_assert_cmpint (g->rows, ==, 5);
  /* Level 0: a span is one piece, its chord. */
  g_assert_cmpint (g->cols, ==, 2);
  /* Pieces of the finest level stray no more than the error: the curve
   * between grid points r and r + 1 has its midpoint within it of theirs. */
  for (int r = 0; r + 1 < g->rows; r++)
    {
      double u0 = r / 4.0, u1 = (r + 1) / 4.0, um = (u0 + u1) / 2;
      QrVec3 mid = bernstein (ctrl, 3, 0, 0, um, 0);
      QrVec3 chord = qr_vec3_scale (qr_vec3_add (qr_bezier_grid_at (g, r, 0), qr_bezier_grid_at (g, r + 1, 0)), 0.5);
      g_assert_cmpfloat (qr_vec3_dist (mid, chord), <=, QR_BEZIER_SUBDIVIDE_ERROR);
    }
}

static void
test_size_ok (void)
{
  g_assert_true (qr_bezier_size_ok (3, 3));
  g_assert_true (qr_bezier_size_ok (9, 3));
  g_assert_false (qr_bezier_size_ok (1, 3));
  g_assert_false (qr_bezier_size_ok (4, 3));
  g_assert_false (qr_bezier_size_ok (3, 2));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/geom/bezier/flat/axial", test_flat_axial);
  g_test_add_func ("/geom/bezier/flat/tilted", test_flat_tilted);
  g_test_add_func ("/geom/bezier/on-surface", test_on_surface);
  g_test_add_func ("/geom/bezier/corners-exact", test_corners_exact);
  g_test_add_func ("/geom/bezier/shared-edges", test_shared_edges);
  g_test_add_func ("/geom/bezier/levels-grow", test_levels_grow);
  g_test_add_func ("/geom/bezier/size", test_size_ok);
  return g_test_run ();
}
