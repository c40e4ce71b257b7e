#include "qr-triangulate.h"

#include <glib.h>
#include <string.h>

/* The turn at corner i of the loop left[0..m) (its neighbours in the loop). */
static bool
strict_corner (const QrVec3 *p, const int *left, int m, int i, QrVec3 normal, int skip)
{
  int ip = (i + m - 1) % m, in = (i + 1) % m;
  QrVec3 e1, e2;

  if (ip == skip)
    ip = (ip + m - 1) % m;
  if (in == skip)
    in = (in + 1) % m;
  e1 = qr_vec3_sub (p[left[i]], p[left[ip]]);
  e2 = qr_vec3_sub (p[left[in]], p[left[i]]);
  return qr_vec3_dot (qr_vec3_cross (e1, e2), normal) > 1e-9 * qr_vec3_length (e1) * qr_vec3_length (e2);
}

int
qr_polygon_triangulate (const QrVec3 *p, int n, QrVec3 normal, int *out)
{
  int stack_left[64];
  g_autofree int *heap = NULL;
  int *left = stack_left;
  int m = n, tris = 0, i = 0, stalled = 0;

  if (n > (int) G_N_ELEMENTS (stack_left))
    left = heap = g_new (int, n);
  for (int k = 0; k < n; k++)
    left[k] = k;

  /* Cut ears at strict corners (the triangle has area along the normal),
   * so corners in the middle of a side are never tips and no triangle is
   * flat; and only where what is left keeps an area: a chord along a side
   * that still holds corners would leave them on a flat remainder, its
   * edges covered by no triangle. A convex polygon always has such an
   * ear: a strict corner with a side corner next to it, or any corner
   * when it has none. stalled counts tips tried in a row without a cut. */
  while (m > 3 && stalled < m)
    {
      bool cut = strict_corner (p, left, m, i, normal, -1);

      if (cut)
        {
          bool area = false;

          for (int k = 0; k < m && !area; k++)
            if (k != i)
              area = strict_corner (p, left, m, k, normal, i);
          cut = area;
        }
      if (cut)
        {
          int ip = (i + m - 1) % m, in = (i + 1) % m;

          out[3 * tris] = left[ip];
          out[3 * tris + 1] = left[i];
          out[3 * tris + 2] = left[in];
          tris++;
          memmove (left + i, left + i + 1, sizeof (int) * (gsize) (m - i - 1));
          m--;
          stalled = 0;
          /* Next tip: the corner after the cut, so ears go round the
           * polygon rather than fanning from one corner. */
          i = i % m;
        }
      else
        {
          i = (i + 1) % m;
          stalled++;
        }
    }
  if (m == 3 && strict_corner (p, left, 3, 1, normal, -1))
    {
      out[3 * tris] = left[0];
      out[3 * tris + 1] = left[1];
      out[3 * tris + 2] = left[2];
      tris++;
    }
  return tris;
}
