#include "qr-bezier.h"

#include <math.h>

bool
qr_bezier_size_ok (int rows, int cols)
{
  return rows >= 3 && cols >= 3 && rows % 2 == 1 && cols % 2 == 1;
}

double
qr_bezier_deviation (QrVec3 p0, QrVec3 p1, QrVec3 p2)
{
  QrVec3 d = qr_vec3_add (qr_vec3_sub (p0, p1), qr_vec3_sub (p2, p1));

  return qr_vec3_length (d) * 0.25;
}

int
qr_bezier_level (const QrVec3 *ctrl, int rows, int cols, int axis, double max_error)
{
  /* Spans along the axis: `lines` lines of `len` control points each. */
  int len = axis == 0 ? rows : cols, lines = axis == 0 ? cols : rows;
  double worst = 0;
  int level = 0;

  g_return_val_if_fail (qr_bezier_size_ok (rows, cols) && max_error > 0, 0);
  for (int l = 0; l < lines; l++)
    for (int k = 0; k + 2 < len; k += 2)
      {
        QrVec3 p[3];

        for (int i = 0; i < 3; i++)
          p[i] = axis == 0 ? ctrl[(k + i) * cols + l] : ctrl[l * cols + k + i];
        worst = MAX (worst, qr_bezier_deviation (p[0], p[1], p[2]));
      }
  while (worst > max_error && level < QR_BEZIER_MAX_LEVEL)
    {
      worst *= 0.25;
      level++;
    }
  return level;
}

/* a at t = 0 and b at t = 1 exactly, and a when a == b. */
static inline double
lerp (double a, double b, double t)
{
  if (t == 0)
    return a;
  if (t == 1)
    return b;
  return a + t * (b - a);
}

static inline QrVec3
lerp3 (QrVec3 a, QrVec3 b, double t)
{
  return qr_vec3 (lerp (a.x, b.x, t), lerp (a.y, b.y, t), lerp (a.z, b.z, t));
}

/* One quadratic span at t by de Casteljau. */
static inline QrVec3
quadratic (QrVec3 p0, QrVec3 p1, QrVec3 p2, double t)
{
  return lerp3 (lerp3 (p0, p1, t), lerp3 (p1, p2, t), t);
}

QrBezierGrid *
qr_bezier_tessellate_levels (const QrVec3 *ctrl, int rows, int cols, int row_level, int col_level)
{
  g_return_val_if_fail (qr_bezier_size_ok (rows, cols), NULL);
  g_return_val_if_fail (row_level >= 0 && row_level <= QR_BEZIER_MAX_LEVEL, NULL);
  g_return_val_if_fail (col_level >= 0 && col_level <= QR_BEZIER_MAX_LEVEL, NULL);

  int rstep = 1 << row_level, cstep = 1 << col_level;
  int out_rows = (rows - 1) / 2 * rstep + 1, out_cols = (cols - 1) / 2 * cstep + 1;
  QrBezierGrid *g = g_malloc (sizeof *g + sizeof (QrVec3) * (gsize) out_rows * (gsize) out_cols);
  /* The control rows evaluated at each output column first: a control
   * grid of rows × out_cols, then each of its columns along the rows. */
  g_autofree QrVec3 *mid = g_new (QrVec3, (gsize) rows * (gsize) out_cols);

  g->rows = out_rows;
  g->cols = out_cols;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < out_cols; c++)
      {
        /* The last point of a span is the first of the next: t = 1 there. */
        int span = MIN (c / cstep, (cols - 1) / 2 - 1);
        double t = (double) (c - span * cstep) / cstep;
        const QrVec3 *p = &ctrl[r * cols + 2 * span];

        mid[r * out_cols + c] = quadratic (p[0], p[1], p[2], t);
      }
  for (int r = 0; r < out_rows; r++)
    {
      int span = MIN (r / rstep, (rows - 1) / 2 - 1);
      double t = (double) (r - span * rstep) / rstep;

      for (int c = 0; c < out_cols; c++)
        {
          const QrVec3 *p = &mid[2 * span * out_cols + c];

          g->p[r * out_cols + c] = quadratic (p[0], p[out_cols], p[2 * out_cols], t);
        }
    }
  return g;
}

QrBezierGrid *
qr_bezier_tessellate (const QrVec3 *ctrl, int rows, int cols, double max_error)
{
  g_return_val_if_fail (qr_bezier_size_ok (rows, cols), NULL);
  return qr_bezier_tessellate_levels (ctrl, rows, cols, qr_bezier_level (ctrl, rows, cols, 0, max_error),
                                      qr_bezier_level (ctrl, rows, cols, 1, max_error));
}

QrVec3
qr_bezier_grid_normal (const QrBezierGrid *g, int row, int col)
{
  int r0 = MAX (row - 1, 0), r1 = MIN (row + 1, g->rows - 1);
  int c0 = MAX (col - 1, 0), c1 = MIN (col + 1, g->cols - 1);
  QrVec3 dr = qr_vec3_sub (qr_bezier_grid_at (g, r1, col), qr_bezier_grid_at (g, r0, col));
  QrVec3 dc = qr_vec3_sub (qr_bezier_grid_at (g, row, c1), qr_bezier_grid_at (g, row, c0));
  QrVec3 n = qr_vec3_cross (dc, dr);
  double len = qr_vec3_length (n);

  return len > 0 ? qr_vec3_scale (n, 1 / len) : qr_vec3 (0, 0, 0);
}

QrBounds
qr_bezier_grid_bounds (const QrBezierGrid *g)
{
  QrBounds b = qr_bounds_empty ();

  for (int i = 0; i < g->rows * g->cols; i++)
    qr_bounds_add_point (&b, g->p[i]);
  return b;
}
