/* Interpolating cubic B-splines (src/geom/qr-bspline.c). Each span of the
 * curve is checked as a polynomial recovered from values alone (Lagrange
 * through four points inside the span), so the continuity checks do not
 * trust the basis derivatives they also test: a piecewise cubic through
 * every height, C² at the knots, with C'' = 0 at both ends, is the natural
 * interpolating spline, and there is only one. */
#include <math.h>
#include <glib.h>
#include "qr-bspline.h"

#define TOL 1e-9

/* Within TOL relative to the magnitude (derivatives recovered by
 * extrapolation run to thousands on random heights). */
#define assert_close(a, b) \
  g_assert_cmpfloat_with_epsilon ((a), (b), TOL * MAX (1, MAX (fabs ((double) (a)), fabs ((double) (b)))))

static const int sizes[] = { 2, 3, 4, 5, 8, 17, 64, 129 };

static void
random_heights (GRand *rand, double *y, int m)
{
  for (int i = 0; i < m; i++)
    y[i] = g_rand_double_range (rand, -300, 300);
}

/* Value, first and second derivative at local s of the cubic through the
 * curve's values at local 0.2, 0.4, 0.6, 0.8 of span [i, i + 1]. */
static void
span_poly (const double *d, int m, int i, double s, double out[3])
{
  static const double x[4] = { 0.2, 0.4, 0.6, 0.8 };
  double f[4];

  for (int k = 0; k < 4; k++)
    f[k] = qr_bspline_eval (d, m, i + x[k]);
  out[0] = out[1] = out[2] = 0;
  for (int k = 0; k < 4; k++)
    {
      /* The Lagrange basis polynomial of node k: Π (s − x_j) / (x_k − x_j). */
      double denom = 1, a[3];
      int n = 0;

      for (int j = 0; j < 4; j++)
        if (j != k)
          {
            denom *= x[k] - x[j];
            a[n++] = x[j];
          }
      double p = (s - a[0]) * (s - a[1]) * (s - a[2]);
      double p1 = (s - a[1]) * (s - a[2]) + (s - a[0]) * (s - a[2]) + (s - a[0]) * (s - a[1]);
      double p2 = 2 * ((s - a[0]) + (s - a[1]) + (s - a[2]));
      out[0] += f[k] * p / denom;
      out[1] += f[k] * p1 / denom;
      out[2] += f[k] * p2 / denom;
    }
}

static void
test_interpolates (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (16);

  for (guint n = 0; n < G_N_ELEMENTS (sizes); n++)
    for (int trial = 0; trial < 5; trial++)
      {
        int m = sizes[n];
        g_autofree double *y = g_new (double, m);
        g_autofree double *d = g_new (double, m + 2);

        random_heights (rand, y, m);
        qr_bspline_fit (y, m, d);
        for (int i = 0; i < m; i++)
          g_assert_cmpfloat_with_epsilon (qr_bspline_eval (d, m, i), y[i], TOL);
        /* The report's equation at the knots, from the weights themselves. */
        for (int i = 0; i < m; i++)
          g_assert_cmpfloat_with_epsilon ((d[i] + 4 * d[i + 1] + d[i + 2]) / 6, y[i], TOL);
      }
}

static void
test_c2_and_natural (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (1606);

  for (guint n = 0; n < G_N_ELEMENTS (sizes); n++)
    {
      int m = sizes[n];
      g_autofree double *y = g_new (double, m);
      g_autofree double *d = g_new (double, m + 2);

      random_heights (rand, y, m);
      qr_bspline_fit (y, m, d);
      for (int i = 0; i + 1 < m; i++)
        {
          double start[3], end[3], mid[3];

          span_poly (d, m, i, 0, start);
          span_poly (d, m, i, 1, end);
          /* The span is one cubic: a fifth point lies on the four's polynomial. */
          span_poly (d, m, i, 0.5, mid);
          assert_close (mid[0], qr_bspline_eval (d, m, i + 0.5));
          /* The basis derivatives agree with the recovered polynomial. */
          assert_close (qr_bspline_eval_d1 (d, m, i + 0.5), mid[1]);
          assert_close (qr_bspline_eval_d2 (d, m, i + 0.5), mid[2]);
          /* Through the heights at both ends of the span. */
          assert_close (start[0], y[i]);
          assert_close (end[0], y[i + 1]);
          if (i == 0)
            {
              assert_close (start[2], 0);
              assert_close (qr_bspline_eval_d2 (d, m, 0), 0);
            }
          if (i == m - 2)
            {
              assert_close (end[2], 0);
              assert_close (qr_bspline_eval_d2 (d, m, m - 1), 0);
            }
          if (i + 2 < m)
            {
              double next[3];

              /* The knot i + 1 seen from the right: value, C' and C'' agree. */
              span_poly (d, m, i + 1, 0, next);
              assert_close (end[0], next[0]);
              assert_close (end[1], next[1]);
              assert_close (end[2], next[2]);
              assert_close (qr_bspline_eval_d1 (d, m, i + 1), next[1]);
              assert_close (qr_bspline_eval_d2 (d, m, i + 1), next[2]);
            }
        }
    }
}

static void
test_lines (void)
{
  for (guint n = 0; n < G_N_ELEMENTS (sizes); n++)
    {
      int m = sizes[n];
      g_autofree double *y = g_new (double, m);
      g_autofree double *d = g_new (double, m + 2);
      double a = -37.25, b = 12.5;

      for (int i = 0; i < m; i++)
        y[i] = a + b * i;
      qr_bspline_fit (y, m, d);
      for (int k = 0; k <= 10 * (m - 1); k++)
        {
          double t = k / 10.0;

          g_assert_cmpfloat_with_epsilon (qr_bspline_eval (d, m, t), a + b * t, 1e-12 * (1 + fabs (b) * m));
          g_assert_cmpfloat_with_epsilon (qr_bspline_eval_d1 (d, m, t), b, 1e-11);
          g_assert_cmpfloat_with_epsilon (qr_bspline_eval_d2 (d, m, t), 0, 1e-11);
        }
    }
}

/* Outside [0, m − 1] the curve holds its end values. */
static void
test_clamped (void)
{
  double y[4] = { 5, -2, 7, 1 }, d[6];

  qr_bspline_fit (y, 4, d);
  g_assert_cmpfloat_with_epsilon (qr_bspline_eval (d, 4, -3), 5, TOL);
  g_assert_cmpfloat_with_epsilon (qr_bspline_eval (d, 4, 9), 1, TOL);
  g_assert_cmpfloat_with_epsilon (qr_bspline_eval (d, 4, NAN), 5, TOL);
}

static void
test_surface (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (77);
  static const int shapes[][2] = { { 2, 2 }, { 2, 5 }, { 3, 3 }, { 4, 7 }, { 9, 6 }, { 17, 33 } };

  for (guint n = 0; n < G_N_ELEMENTS (shapes); n++)
    {
      int rows = shapes[n][0], cols = shapes[n][1];
      g_autofree double *h = g_new (double, rows * cols);
      QrBsplineSurface *s;
      int sh = (rows - 1) * 4 + 1, sw = (cols - 1) * 4 + 1;
      g_autofree double *out = g_new (double, sh * sw);

      random_heights (rand, h, rows * cols);
      s = qr_bspline_surface_new (h, rows, cols);
      for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
          g_assert_cmpfloat_with_epsilon (qr_bspline_surface_eval (s, c, r), h[r * cols + c], TOL);

      /* Along a grid row the surface is that row's spline; along a column,
       * the column's (the construction is symmetric). */
      for (int r = 0; r < rows; r++)
        {
          g_autofree double *d = g_new (double, cols + 2);

          qr_bspline_fit (h + r * cols, cols, d);
          for (double u = 0; u <= cols - 1; u += 0.3)
            g_assert_cmpfloat_with_epsilon (qr_bspline_surface_eval (s, u, r), qr_bspline_eval (d, cols, u), TOL);
        }
      for (int c = 0; c < cols; c++)
        {
          g_autofree double *col = g_new (double, rows);
          g_autofree double *d = g_new (double, rows + 2);

          for (int r = 0; r < rows; r++)
            col[r] = h[r * cols + c];
          qr_bspline_fit (col, rows, d);
          for (double v = 0; v <= rows - 1; v += 0.3)
            g_assert_cmpfloat_with_epsilon (qr_bspline_surface_eval (s, c, v), qr_bspline_eval (d, rows, v), TOL);
        }

      /* Sampling is evaluation at even parameters, to the bit, and every
       * fourth sample is a control height. */
      qr_bspline_surface_sample (s, sh, sw, out);
      for (int y = 0; y < sh; y++)
        for (int x = 0; x < sw; x++)
          {
            double u = x == sw - 1 ? cols - 1 : (double) x * (cols - 1) / (sw - 1);
            double v = y == sh - 1 ? rows - 1 : (double) y * (rows - 1) / (sh - 1);

            g_assert_true (out[y * sw + x] == qr_bspline_surface_eval (s, u, v));
            if (x % 4 == 0 && y % 4 == 0)
              g_assert_cmpfloat_with_epsilon (out[y * sw + x], h[(y / 4) * cols + x / 4], TOL);
          }
      qr_bspline_surface_free (s);
    }
}

/* A plane of heights stays a plane: the surface is bilinear-exact there. */
static void
test_surface_plane (void)
{
  double h[5 * 4];
  QrBsplineSurface *s;

  for (int r = 0; r < 5; r++)
    for (int c = 0; c < 4; c++)
      h[r * 4 + c] = 3 + 2.5 * c - 1.25 * r;
  s = qr_bspline_surface_new (h, 5, 4);
  for (double v = 0; v <= 4; v += 0.25)
    for (double u = 0; u <= 3; u += 0.2)
      g_assert_cmpfloat_with_epsilon (qr_bspline_surface_eval (s, u, v), 3 + 2.5 * u - 1.25 * v, 1e-12);
  qr_bspline_surface_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/geom/bspline/interpolates", test_interpolates);
  g_test_add_func ("/geom/bspline/c2-natural", test_c2_and_natural);
  g_test_add_func ("/geom/bspline/lines", test_lines);
  g_test_add_func ("/geom/bspline/clamped", test_clamped);
  g_test_add_func ("/geom/bspline/surface", test_surface);
  g_test_add_func ("/geom/bspline/surface-plane", test_surface_plane);
  return g_test_run ();
}
