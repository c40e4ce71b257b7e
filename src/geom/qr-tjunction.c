#include "qr-face-union.h"
#include "qr-cell-grid.h"
#include "qr-eps.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * T-junctions. Every distinct corner goes into a table of the axial lines
 * through it and into a grid of cells; an axial edge looks at the corners
 * of its line, any other edge at those of the cells along it, and takes
 * the corners within QR_EPS_TJUNCTION of it, strictly between its ends.
 */

typedef struct
{
  double t;
  QrVec3 p;
} OnEdge;

static int
compare_on_edge (const void *pa, const void *pb)
{
  const OnEdge *a = pa, *b = pb;

  return (a->t > b->t) - (a->t < b->t);
}

static guint
hash_point (QrVec3 p)
{
  guint64 bits[3];
  guint64 h = 1469598103934665603u;

  /* + 0.0: -0 and 0 are one corner. */
  p.x += 0.0, p.y += 0.0, p.z += 0.0;
  memcpy (&bits[0], &p.x, 8);
  memcpy (&bits[1], &p.y, 8);
  memcpy (&bits[2], &p.z, 8);
  for (int i = 0; i < 3; i++)
    h = (h ^ bits[i]) * 1099511628211u, h ^= h >> 29;
  return (guint) h;
}

/* Distinct corners (exactly equal ones once). */
static GArray *
distinct_points (const GArray *points)
{
  guint cap = 16;
  guint mask;
  int *slots;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  const QrVec3 *p = (const QrVec3 *) points->data;

  while (cap < 2 * points->len)
    cap *= 2;
  mask = cap - 1;
  slots = g_new (int, cap);
  memset (slots, -1, sizeof (int) * cap);
  for (guint i = 0; i < points->len; i++)
    {
      guint h = hash_point (p[i]) & mask;

      for (;; h = (h + 1) & mask)
        {
          const QrVec3 *q;

          if (slots[h] < 0)
            {
              slots[h] = (int) out->len;
              g_array_append_val (out, p[i]);
              break;
            }
          q = &g_array_index (out, QrVec3, slots[h]);
          if (q->x == p[i].x && q->y == p[i].y && q->z == p[i].z)
            break;
        }
    }
  g_free (slots);
  return out;
}

/* A corner c strictly between a and a + d, within QR_EPS_TJUNCTION of
 * the segment: appended to found with its parameter. */
static inline void
consider_corner (QrVec3 c, QrVec3 a, QrVec3 d, double len2, double len, GArray *found)
{
  const double tol = QR_EPS_TJUNCTION;
  double t = qr_vec3_dot (qr_vec3_sub (c, a), d) / len2;
  QrVec3 off;

  if (t * len <= tol || (1 - t) * len <= tol)
    return;
  off = qr_vec3_sub (c, qr_vec3_mad (a, d, t));
  if (qr_vec3_max_abs (off) > tol)
    return;
  g_array_append_val (found, ((OnEdge) { t, c }));
}

/* The axial lines corners lie on: along axis `axis` through the other two
 * coordinates, rounded (a line key per corner and axis). Most edges of a
 * map run along an axis; their corners are those of their line. */
static guint64
line_key (int axis, double u, double v)
{
  return qr_cell_key ((gint64) floor (u + 0.5), (gint64) floor (v + 0.5), axis);
}

static void
on_line (const QrCellGrid *lines, const GArray *corners, int axis, QrVec3 a, QrVec3 d, double len2, double len,
         GArray *found)
{
  const double ac[3] = { a.x, a.y, a.z };
  double u = ac[(axis + 1) % 3], v = ac[(axis + 2) % 3];
  gint64 qu = (gint64) floor (u + 0.5), qv = (gint64) floor (v + 0.5);

  /* The neighbouring keys too: a corner within the tolerance of the
   * line may have rounded the other way. */
  for (gint64 du = -1; du <= 1; du++)
    for (gint64 dv = -1; dv <= 1; dv++)
      for (int e = qr_cell_grid_first (lines, qr_cell_key (qu + du, qv + dv, axis)); e >= 0; e = QR_CELL_GRID_NEXT (lines, e))
        consider_corner (g_array_index (corners, QrVec3, QR_CELL_GRID_ITEM (lines, e)), a, d, len2, len, found);
}

/* Any other edge visits the cells along it, slab by slab across its
 * longest axis. */
static void
on_edge_cells (const QrCellGrid *grid, const GArray *corners, QrVec3 a, QrVec3 d, double len2, double len,
               GArray *found)
{
  const double tol = QR_EPS_TJUNCTION;
  const double ad[3] = { a.x, a.y, a.z }, dd[3] = { d.x, d.y, d.z };
  int axis = fabs (d.x) >= fabs (d.y) && fabs (d.x) >= fabs (d.z) ? 0 : fabs (d.y) >= fabs (d.z) ? 1 : 2;
  gint64 s0, s1;

  s0 = qr_cell_of (MIN (ad[axis], ad[axis] + dd[axis]) - tol, grid->size);
  s1 = qr_cell_of (MAX (ad[axis], ad[axis] + dd[axis]) + tol, grid->size);
  for (gint64 s = s0; s <= s1; s++)
    {
      /* The part of the edge within this slab, and its cells. */
      double lo = MAX (s * grid->size, MIN (ad[axis], ad[axis] + dd[axis]) - tol);
      double hi = MIN ((s + 1) * grid->size, MAX (ad[axis], ad[axis] + dd[axis]) + tol);
      double t0 = (lo - ad[axis]) / dd[axis], t1 = (hi - ad[axis]) / dd[axis];
      gint64 c_lo[3], c_hi[3];

      t0 = CLAMP (t0, 0.0, 1.0), t1 = CLAMP (t1, 0.0, 1.0);
      for (int ax = 0; ax < 3; ax++)
        {
          double u0 = ad[ax] + t0 * dd[ax], u1 = ad[ax] + t1 * dd[ax];

          c_lo[ax] = qr_cell_of (MIN (u0, u1) - tol, grid->size);
          c_hi[ax] = qr_cell_of (MAX (u0, u1) + tol, grid->size);
        }
      c_lo[axis] = c_hi[axis] = s;
      for (gint64 x = c_lo[0]; x <= c_hi[0]; x++)
        for (gint64 y = c_lo[1]; y <= c_hi[1]; y++)
          for (gint64 z = c_lo[2]; z <= c_hi[2]; z++)
            for (int m = qr_cell_grid_first (grid, qr_cell_key (x, y, z)); m >= 0; m = QR_CELL_GRID_NEXT (grid, m))
              consider_corner (g_array_index (corners, QrVec3, QR_CELL_GRID_ITEM (grid, m)), a, d, len2, len, found);
    }
}

/* A typical edge's length, by the geometric mean: the few long edges
 * must not make every cell of the corner grid hold many corners. */
static double
typical_edge (const QrUnionResult *r)
{
  double log_sum = 0;
  guint n = 0;

  for (guint i = 0; i < r->pieces->len; i++)
    {
      const QrUnionPiece *pc = &g_array_index (r->pieces, QrUnionPiece, i);
      const QrVec3 *p = &g_array_index (r->points, QrVec3, pc->first);

      for (int k = 0; k < pc->n; k++, n++)
        log_sum += log (MAX (qr_vec3_max_abs (qr_vec3_sub (p[(k + 1) % pc->n], p[k])), 1e-3));
    }
  return n > 0 ? exp (log_sum / n) : 1;
}

/* The corners in cells about a typical edge long, for the edges off the
 * axes; made when the first such edge comes. */
static void
corner_cells (QrCellGrid *grid, const GArray *corners, double edge)
{
  g_autofree QrBounds *cb = g_new (QrBounds, MAX (corners->len, 1));

  for (guint i = 0; i < corners->len; i++)
    {
      QrVec3 c = g_array_index (corners, QrVec3, i);

      cb[i] = (QrBounds) { c, c };
    }
  qr_cell_grid_init (grid, cb, (int) corners->len, CLAMP (edge, 1.0, 4096.0));
}

int
qr_union_fix_t_junctions (QrUnionResult *r)
{
  g_autoptr (GArray) corners = distinct_points (r->points);
  g_autoptr (GArray) points = g_array_sized_new (FALSE, FALSE, sizeof (QrVec3), r->points->len);
  g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (OnEdge));
  const double tol = QR_EPS_TJUNCTION;
  QrCellGrid grid = { 0 }, lines;
  bool have_grid = false;
  double edge;
  int inserted = 0;

  if (corners->len == 0)
    return 0;
  /* Before the loop below moves the pieces' points. */
  edge = typical_edge (r);
  qr_cell_grid_init_empty (&lines, 1, 3 * (int) corners->len);
  for (guint i = 0; i < corners->len; i++)
    {
      QrVec3 c = g_array_index (corners, QrVec3, i);

      qr_cell_grid_add (&lines, line_key (0, c.y, c.z), (int) i);
      qr_cell_grid_add (&lines, line_key (1, c.z, c.x), (int) i);
      qr_cell_grid_add (&lines, line_key (2, c.x, c.y), (int) i);
    }

  for (guint i = 0; i < r->pieces->len; i++)
    {
      QrUnionPiece *pc = &g_array_index (r->pieces, QrUnionPiece, i);
      int first = (int) points->len;

      for (int k = 0; k < pc->n; k++)
        {
          const QrVec3 *pp = &g_array_index (r->points, QrVec3, pc->first);
          QrVec3 a = pp[k], b = pp[(k + 1) % pc->n], d = qr_vec3_sub (b, a);
          double len2 = qr_vec3_dot (d, d), len = sqrt (len2);

          g_array_append_val (points, a);
          if (len <= 2 * tol)
            continue;
          g_array_set_size (found, 0);
          if (fabs (d.y) <= tol && fabs (d.z) <= tol)
            on_line (&lines, corners, 0, a, d, len2, len, found);
          else if (fabs (d.x) <= tol && fabs (d.z) <= tol)
            on_line (&lines, corners, 1, a, d, len2, len, found);
          else if (fabs (d.x) <= tol && fabs (d.y) <= tol)
            on_line (&lines, corners, 2, a, d, len2, len, found);
          else
            {
              if (!have_grid)
                corner_cells (&grid, corners, edge), have_grid = true;
              on_edge_cells (&grid, corners, a, d, len2, len, found);
            }
          if (found->len == 0)
            continue;
          qsort (found->data, found->len, sizeof (OnEdge), compare_on_edge);
          for (guint m = 0; m < found->len; m++)
            {
              const OnEdge *o = &g_array_index (found, OnEdge, m);
              const QrVec3 *last = &g_array_index (points, QrVec3, points->len - 1);

              /* A corner in two cells, or two corners a hair apart: once. */
              if (qr_vec3_max_abs (qr_vec3_sub (o->p, *last)) <= tol)
                continue;
              g_array_append_val (points, o->p);
              inserted++;
            }
        }
      pc->first = first;
      pc->n = (int) points->len - first;
    }
  if (have_grid)
    qr_cell_grid_clear (&grid);
  qr_cell_grid_clear (&lines);
  g_array_set_size (r->points, 0);
  g_array_append_vals (r->points, points->data, points->len);
  return inserted;
}
