/* qr-bspline.c — interpolating uniform cubic B-splines (shared reference
 * 001, §3.6.2) and their tensor-product surfaces.
 *
 * With integer knots, on the span [i, i + 1) at local t the curve is
 *   C = d(i−3)·(1−t)³/6 + d(i−2)·(3t³ − 6t² + 4)/6
 *     + d(i−1)·(−3t³ + 3t² + 3t + 1)/6 + d(i)·t³/6,
 * the uniform cubic basis (Cox–de Boor with knots …, −1, 0, 1, …). At the
 * knots this gives the report's C(i) = (d(i−3) + 4 d(i−2) + d(i−1)) / 6 and
 * C''(i) = d(i−3) − 2 d(i−2) + d(i−1).
 *
 * Solving for the weights (our derivation): write D[k] = d(k−3), k = 0…m+1.
 * The natural end C''(0) = 0 is D[0] − 2 D[1] + D[2] = 0; subtracting it
 * from C(0) = y0, i.e. D[0] + 4 D[1] + D[2] = 6 y0, leaves 6 D[1] = 6 y0:
 * D[1] = y0, and D[0] = 2 D[1] − D[2]. Likewise at the far end D[m] =
 * y(m−1) and D[m+1] = 2 D[m] − D[m−1]. The remaining equations, for
 * i = 1…m−2, are D[i] + 4 D[i+1] + D[i+2] = 6 y(i) with D[1] and D[m]
 * known: a tridiagonal system (1, 4, 1) in D[2]…D[m−1], strictly
 * diagonally dominant, so the Thomas algorithm solves it stably in O(m)
 * without pivoting. A straight line y(i) = a + b·i is solved by D[k] =
 * a + b·(k − 1), whose spline is the line itself: natural splines
 * reproduce lines. */
#include "qr-bspline.h"

#include <glib.h>
#include <math.h>

void
qr_bspline_fit (const double *y, int m, double *d)
{
  g_return_if_fail (m >= 2);

  d[1] = y[0];
  d[m] = y[m - 1];
  if (m > 2)
    {
      /* Unknowns x(j) = D[j + 2], j = 0…n−1, n = m − 2, with equation j:
       * x(j−1) + 4 x(j) + x(j+1) = 6 y(j + 1), the known ends moved right. */
      int n = m - 2;
      g_autofree double *c = g_new (double, n); /* the eliminated superdiagonal */

      for (int j = 0; j < n; j++)
        {
          double rhs = 6 * y[j + 1];
          double diag = 4;

          if (j == 0)
            rhs -= d[1];
          else
            {
              diag -= c[j - 1];
              rhs -= d[j + 1];
            }
          if (j == n - 1)
            rhs -= d[m];
          c[j] = 1 / diag;
          d[j + 2] = rhs / diag;
        }
      for (int j = n - 2; j >= 0; j--)
        d[j + 2] -= c[j] * d[j + 3];
    }
  d[0] = 2 * d[1] - d[2];
  d[m + 1] = 2 * d[m] - d[m - 1];
}

/* The span holding t (clamped to [0, m − 1]; NaN reads as 0) and the
 * local parameter. */
static int
span (int m, double t, double *local)
{
  int i;

  if (!(t > 0))
    t = 0;
  if (t > m - 1)
    t = m - 1;
  i = (int) floor (t);
  if (i > m - 2)
    i = m - 2;
  *local = t - i;
  return i;
}

/* The four basis values of a span at local t (weights d(i−3)…d(i)). */
static void
basis (double t, double n[4])
{
  double s = 1 - t, t2 = t * t, t3 = t2 * t;

  n[0] = s * s * s / 6;
  n[1] = (3 * t3 - 6 * t2 + 4) / 6;
  n[2] = (-3 * t3 + 3 * t2 + 3 * t + 1) / 6;
  n[3] = t3 / 6;
}

static void
basis_d1 (double t, double n[4])
{
  double s = 1 - t;

  n[0] = -s * s / 2;
  n[1] = (3 * t * t - 4 * t) / 2;
  n[2] = (-3 * t * t + 2 * t + 1) / 2;
  n[3] = t * t / 2;
}

static void
basis_d2 (double t, double n[4])
{
  n[0] = 1 - t;
  n[1] = 3 * t - 2;
  n[2] = 1 - 3 * t;
  n[3] = t;
}

static double
eval_with (const double *d, int m, double t, void (*fn) (double, double[4]))
{
  double local, n[4];
  int i = span (m, t, &local);

  fn (local, n);
  return n[0] * d[i] + n[1] * d[i + 1] + n[2] * d[i + 2] + n[3] * d[i + 3];
}

double
qr_bspline_eval (const double *d, int m, double t)
{
  return eval_with (d, m, t, basis);
}

double
qr_bspline_eval_d1 (const double *d, int m, double t)
{
  return eval_with (d, m, t, basis_d1);
}

double
qr_bspline_eval_d2 (const double *d, int m, double t)
{
  return eval_with (d, m, t, basis_d2);
}

/* The fit is linear in the heights, so fitting every row and then every
 * column of the rows' weights gives tensor weights w with
 * S(u, v) = Σa Σb N_a(v) N_b(u) w[a][b]: at v = r the column splines give
 * back row r's weights, hence row r's spline, which passes through row r's
 * heights. This is the report's x splines then y splines (§3.6.3), done
 * once for every (u, v). */
struct _QrBsplineSurface
{
  int rows, cols;
  double *w; /* (rows + 2) × (cols + 2), row-major */
};

QrBsplineSurface *
qr_bspline_surface_new (const double *heights, int rows, int cols)
{
  QrBsplineSurface *s;
  int wc = cols + 2, wr = rows + 2;
  g_autofree double *column = NULL, *cw = NULL;
  g_autofree double *rw = NULL;

  g_return_val_if_fail (rows >= 2 && cols >= 2, NULL);
  s = g_new (QrBsplineSurface, 1);
  s->rows = rows;
  s->cols = cols;
  s->w = g_new (double, (gsize) wr * wc);
  rw = g_new (double, (gsize) rows * wc);
  for (int r = 0; r < rows; r++)
    qr_bspline_fit (heights + (gsize) r * cols, cols, rw + (gsize) r * wc);
  column = g_new (double, rows);
  cw = g_new (double, wr);
  for (int b = 0; b < wc; b++)
    {
      for (int r = 0; r < rows; r++)
        column[r] = rw[(gsize) r * wc + b];
      qr_bspline_fit (column, rows, cw);
      for (int a = 0; a < wr; a++)
        s->w[(gsize) a * wc + b] = cw[a];
    }
  return s;
}

void
qr_bspline_surface_free (QrBsplineSurface *s)
{
  if (s == NULL)
    return;
  g_free (s->w);
  g_free (s);
}

/* Sums in the same order as qr_bspline_surface_sample, so a sample and an
 * evaluation at the same parameters are the same double. */
double
qr_bspline_surface_eval (const QrBsplineSurface *s, double u, double v)
{
  double lu, lv, nu[4], nv[4], across[4];
  int i = span (s->cols, u, &lu), j = span (s->rows, v, &lv);
  int wc = s->cols + 2;

  basis (lu, nu);
  basis (lv, nv);
  for (int a = 0; a < 4; a++)
    {
      const double *row = s->w + (gsize) (j + a) * wc + i;
      across[a] = nu[0] * row[0] + nu[1] * row[1] + nu[2] * row[2] + nu[3] * row[3];
    }
  return nv[0] * across[0] + nv[1] * across[1] + nv[2] * across[2] + nv[3] * across[3];
}

/* Sample k of n even parameters over [0, m − 1]; the last is m − 1 exactly,
 * and a sample on a knot is on it exactly when n − 1 divides k·(m − 1). */
static double
even_param (int k, int n, int m)
{
  return k == n - 1 ? m - 1 : (double) k * (m - 1) / (n - 1);
}

void
qr_bspline_surface_sample (const QrBsplineSurface *s, int h, int w, double *out)
{
  int wc = s->cols + 2;
  g_autofree int *ui = NULL;
  g_autofree double *un = NULL, *across = NULL;

  g_return_if_fail (h >= 2 && w >= 2);
  ui = g_new (int, w);
  un = g_new (double, 4 * (gsize) w);
  /* Each weight row summed along u once per column of samples, then four
   * products per sample. */
  across = g_new (double, (gsize) (s->rows + 2) * w);
  for (int x = 0; x < w; x++)
    {
      double local;

      ui[x] = span (s->cols, even_param (x, w, s->cols), &local);
      basis (local, un + 4 * x);
    }
  for (int a = 0; a < s->rows + 2; a++)
    {
      const double *row = s->w + (gsize) a * wc;

      for (int x = 0; x < w; x++)
        {
          const double *n = un + 4 * x, *d = row + ui[x];
          across[(gsize) a * w + x] = n[0] * d[0] + n[1] * d[1] + n[2] * d[2] + n[3] * d[3];
        }
    }
  for (int y = 0; y < h; y++)
    {
      double local, n[4];
      int j = span (s->rows, even_param (y, h, s->rows), &local);
      double *dst = out + (gsize) y * w;

      basis (local, n);
      for (int x = 0; x < w; x++)
        {
          const double *c = across + (gsize) j * w + x;
          dst[x] = n[0] * c[0] + n[1] * c[w] + n[2] * c[2 * w] + n[3] * c[3 * w];
        }
    }
}
