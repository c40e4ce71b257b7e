/* qr-landscape-mesh.c — a landscape's sampled surface and control lines
 * for the views (see the header). */
#include "qr-landscape-mesh.h"

#include <math.h>

/* Central differences of the samples (one-sided at the border): the
 * surface's slope along X and Y, hence its normal (−∂z/∂x, −∂z/∂y, 1). */
static QrVec3
sample_normal (const QrLandscapeMesh *m, int r, int c)
{
  int c0 = MAX (c - 1, 0), c1 = MIN (c + 1, m->w - 1);
  int r0 = MAX (r - 1, 0), r1 = MIN (r + 1, m->h - 1);
  const QrVec3 *p = m->points;
  QrVec3 ax = p[r * m->w + c0], bx = p[r * m->w + c1];
  QrVec3 ay = p[r0 * m->w + c], by = p[r1 * m->w + c];
  double sx = bx.x != ax.x ? (bx.z - ax.z) / (bx.x - ax.x) : 0.0;
  double sy = by.y != ay.y ? (by.z - ay.z) / (by.y - ay.y) : 0.0;
  return qr_vec3_normalize (qr_vec3 (-sx, -sy, 1.0));
}

QrLandscapeMesh *
qr_landscape_mesh_new (const QrLandscape *land)
{
  g_return_val_if_fail (land != NULL, NULL);
  int h = 0, w = 0;
  QrVec3 *points = qr_landscape_sample (land, &h, &w);
  if (points == NULL || h < 2 || w < 2)
    {
      g_free (points);
      return NULL;
    }
  QrLandscapeMesh *m = g_new0 (QrLandscapeMesh, 1);
  m->h = h;
  m->w = w;
  m->step = MAX (land->resolution, 1);
  m->points = points;
  m->normals = g_new (QrVec3, (gsize) h * w);
  m->bounds = qr_bounds_empty ();
  for (int r = 0; r < h; r++)
    for (int c = 0; c < w; c++)
      {
        m->normals[r * w + c] = sample_normal (m, r, c);
        qr_bounds_add_point (&m->bounds, points[r * w + c]);
      }
  return m;
}

void
qr_landscape_mesh_free (QrLandscapeMesh *m)
{
  if (m == NULL)
    return;
  g_free (m->points);
  g_free (m->normals);
  g_free (m);
}

void
qr_landscape_mesh_triangles (const QrLandscapeMesh *m, GArray *out, uint32_t base)
{
  /* Row r lies at y = y0 + r·dy, column c at x = x0 + c·dx: (r, c),
   * (r, c + 1), (r + 1, c) turn anticlockwise seen from +Z. */
  for (uint32_t r = 0; r + 1 < (uint32_t) m->h; r++)
    for (uint32_t c = 0; c + 1 < (uint32_t) m->w; c++)
      {
        uint32_t a = base + r * m->w + c, b = a + 1, d = a + m->w, e = d + 1;
        uint32_t tri[6] = { a, b, d, b, e, d };
        g_array_append_vals (out, tri, 6);
      }
}

/* Control lines lie every `step` samples; the last one is the border even
 * when the sampling does not fall evenly (it always does for a landscape). */
static int
line_count (int samples, int step)
{
  return (samples - 1 + step - 1) / step + 1;
}

static int
line_index (int k, int samples, int step)
{
  return MIN (k * step, samples - 1);
}

guint
qr_landscape_mesh_line_count (const QrLandscapeMesh *m)
{
  return (guint) (line_count (m->h, m->step) * m->w + line_count (m->w, m->step) * m->h);
}

QrVec3
qr_landscape_mesh_line_point (const QrLandscapeMesh *m, guint i, gboolean *joins_next)
{
  guint along_rows = (guint) (line_count (m->h, m->step) * m->w);
  if (i < along_rows)
    {
      int k = (int) (i / (guint) m->w), c = (int) (i % (guint) m->w);
      *joins_next = c + 1 < m->w;
      return m->points[line_index (k, m->h, m->step) * m->w + c];
    }
  i -= along_rows;
  int k = (int) (i / (guint) m->h), r = (int) (i % (guint) m->h);
  *joins_next = r + 1 < m->h;
  return m->points[r * m->w + line_index (k, m->w, m->step)];
}
