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

/* By parameter, then by position: corners a hair apart may share a
 * parameter, and which of them stays must not hang on the search order. */
static int
compare_on_edge (const void *pa, const void *pb)
{
  const OnEdge *a = pa, *b = pb;

  if (a->t != b->t)
    return (a->t > b->t) - (a->t < b->t);
  if (a->p.x != b->p.x)
    return (a->p.x > b->p.x) - (a->p.x < b->p.x);
  if (a->p.y != b->p.y)
    return (a->p.y > b->p.y) - (a->p.y < b->p.y);
  return (a->p.z > b->p.z) - (a->p.z < b->p.z);
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

/* Plain growable arrays: the pass appends every corner of the result. */
typedef struct
{
  OnEdge *at;
  int len, cap;
} Found;

typedef struct
{
  QrVec3 *at;
  int len, cap;
} Points;

static void
points_add (Points *p, QrVec3 v)
{
  if (p->len == p->cap)
    {
      p->cap = MAX (64, 2 * p->cap);
      p->at = g_renew (QrVec3, p->at, p->cap);
    }
  p->at[p->len++] = v;
}

/* A corner c strictly between a and a + d, within QR_EPS_TJUNCTION of
 * the segment: appended to found with its parameter. */
static inline void
consider_corner (QrVec3 c, QrVec3 a, QrVec3 d, double len2, double len, Found *found)
{
  const double tol = QR_EPS_TJUNCTION;
  double t = qr_vec3_dot (qr_vec3_sub (c, a), d) / len2;
  QrVec3 off;

  if (t * len <= tol || (1 - t) * len <= tol)
    return;
  off = qr_vec3_sub (c, qr_vec3_mad (a, d, t));
  if (qr_vec3_max_abs (off) > tol)
    return;
  if (found->len == found->cap)
    {
      found->cap = MAX (16, 2 * found->cap);
      found->at = g_renew (OnEdge, found->at, found->cap);
    }
  found->at[found->len++] = (OnEdge) { t, c };
}

/* The axial lines corners lie on: along axis `axis` through the other two
 * coordinates, rounded (a line key per corner and axis). Most edges of a
 * map run along an axis; their corners are those of their line, kept in
 * order along it, so an edge looks only at those within its span. */
static guint64
line_key (int axis, double u, double v)
{
  return qr_cell_key ((gint64) floor (u + 0.5), (gint64) floor (v + 0.5), axis);
}

typedef struct
{
  double s; /* the coordinate along the line */
  int corner;
} OnLine;

typedef struct
{
  QrCellGrid grid; /* corners by line key */
  int *start;      /* per slot of the grid: its line's first in `sorted` */
  int *count;
  OnLine *sorted;
} Lines;

static int
compare_on_line (const void *pa, const void *pb)
{
  const OnLine *a = pa, *b = pb;

  return (a->s > b->s) - (a->s < b->s);
}

static void
lines_init (Lines *l, const QrVec3 *corners, int n)
{
  int at = 0;

  qr_cell_grid_init_empty (&l->grid, 1, 3 * n);
  for (int i = 0; i < n; i++)
    {
      QrVec3 c = corners[i];

      qr_cell_grid_add (&l->grid, line_key (0, c.y, c.z), i);
      qr_cell_grid_add (&l->grid, line_key (1, c.z, c.x), i);
      qr_cell_grid_add (&l->grid, line_key (2, c.x, c.y), i);
    }
  l->start = g_new (int, l->grid.mask + 1);
  l->count = g_new (int, l->grid.mask + 1);
  l->sorted = g_new (OnLine, MAX (l->grid.n_entries, 1));
  for (guint slot = 0; slot <= l->grid.mask; slot++)
    {
      /* The key's last coordinate is the axis; qr_cell_key offsets it by
       * 2^20, which leaves its two low bits. */
      int axis = (int) (l->grid.keys[slot] & 3);
      OnLine *line = l->sorted + at;
      int len = 0;

      if (l->grid.heads[slot] < 0)
        continue;
      for (int e = l->grid.heads[slot]; e >= 0; e = QR_CELL_GRID_NEXT (&l->grid, e))
        {
          int c = QR_CELL_GRID_ITEM (&l->grid, e);
          const double xyz[3] = { corners[c].x, corners[c].y, corners[c].z };

          line[len++] = (OnLine) { xyz[axis], c };
        }
      if (len > 16)
        qsort (line, (size_t) len, sizeof (OnLine), compare_on_line);
      else
        for (int i = 1; i < len; i++)
          for (int j = i; j > 0 && line[j - 1].s > line[j].s; j--)
            {
              OnLine t = line[j];

              line[j] = line[j - 1];
              line[j - 1] = t;
            }
      l->start[slot] = at;
      l->count[slot] = len;
      at += len;
    }
}

static void
lines_clear (Lines *l)
{
  qr_cell_grid_clear (&l->grid);
  g_free (l->start);
  g_free (l->count);
  g_free (l->sorted);
}

/* The keys a corner within the tolerance of coordinate u rounds to: u's
 * own, and its neighbour's when u lies that close to the rounding edge. */
static int
nearby_keys (double u, gint64 out[2])
{
  const double tol = QR_EPS_TJUNCTION;
  gint64 q = (gint64) floor (u + 0.5);
  int n = 0;

  out[n++] = q;
  if (u - (double) q > 0.5 - tol)
    out[n++] = q + 1;
  else if ((double) q - u >= 0.5 - tol)
    out[n++] = q - 1;
  return n;
}

static void
on_line (const Lines *l, const QrVec3 *corners, int axis, QrVec3 a, QrVec3 d, double len2, double len,
         Found *found)
{
  const double tol = QR_EPS_TJUNCTION;
  const double ac[3] = { a.x, a.y, a.z }, dc[3] = { d.x, d.y, d.z };
  /* Only a corner within the edge's span along the axis can be on it. */
  double lo = MIN (ac[axis], ac[axis] + dc[axis]) - tol, hi = MAX (ac[axis], ac[axis] + dc[axis]) + tol;
  gint64 ku[2], kv[2];
  int nu = nearby_keys (ac[(axis + 1) % 3], ku), nv = nearby_keys (ac[(axis + 2) % 3], kv);

  for (int i = 0; i < nu; i++)
    for (int j = 0; j < nv; j++)
      {
        guint slot = qr_cell_grid_slot (&l->grid, qr_cell_key (ku[i], kv[j], axis));
        const OnLine *line;
        int first = 0, last;

        if (l->grid.heads[slot] < 0)
          continue;
        line = l->sorted + l->start[slot];
        last = l->count[slot];
        /* The first at or past lo. */
        while (first < last)
          {
            int mid = (first + last) / 2;

            if (line[mid].s < lo)
              first = mid + 1;
            else
              last = mid;
          }
        for (int k = first; k < l->count[slot] && line[k].s <= hi; k++)
          consider_corner (corners[line[k].corner], a, d, len2, len, found);
      }
}

/* Any other edge visits the cells along it, slab by slab across its
 * longest axis. */
static void
on_edge_cells (const QrCellGrid *grid, const QrVec3 *corners, QrVec3 a, QrVec3 d, double len2, double len,
               Found *found)
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
      double b_lo[3], b_hi[3];

      t0 = CLAMP (t0, 0.0, 1.0), t1 = CLAMP (t1, 0.0, 1.0);
      /* The slab's part of the edge, widened by twice the tolerance: a
       * corner of this slab near its face may lie off the part by up to
       * the tolerance along the main axis, which moves the others as
       * much again (the main axis is the edge's steepest). */
      for (int ax = 0; ax < 3; ax++)
        {
          double u0 = ad[ax] + t0 * dd[ax], u1 = ad[ax] + t1 * dd[ax];

          b_lo[ax] = MIN (u0, u1) - 2 * tol;
          b_hi[ax] = MAX (u0, u1) + 2 * tol;
          c_lo[ax] = qr_cell_of (b_lo[ax], grid->size);
          c_hi[ax] = qr_cell_of (b_hi[ax], grid->size);
        }
      c_lo[axis] = c_hi[axis] = s;
      for (gint64 x = c_lo[0]; x <= c_hi[0]; x++)
        for (gint64 y = c_lo[1]; y <= c_hi[1]; y++)
          for (gint64 z = c_lo[2]; z <= c_hi[2]; z++)
            for (int m = qr_cell_grid_first (grid, qr_cell_key (x, y, z)); m >= 0; m = QR_CELL_GRID_NEXT (grid, m))
              {
                QrVec3 c = corners[QR_CELL_GRID_ITEM (grid, m)];

                /* Most corners of a cell lie off the edge's box. */
                if (c.x >= b_lo[0] && c.x <= b_hi[0] && c.y >= b_lo[1] && c.y <= b_hi[1] && c.z >= b_lo[2]
                    && c.z <= b_hi[2])
                  consider_corner (c, a, d, len2, len, found);
              }
    }
}

/* A typical edge's length, by the geometric mean (of powers of two: a
 * cell size needs no more): the few long edges must not make every cell
 * of the corner grid hold many corners. */
static double
typical_edge (const QrUnionResult *r)
{
  gint64 exp_sum = 0;
  guint n = 0;

  for (guint i = 0; i < r->pieces->len; i++)
    {
      const QrUnionPiece *pc = &g_array_index (r->pieces, QrUnionPiece, i);
      const QrVec3 *p = &g_array_index (r->points, QrVec3, pc->first);

      for (int k = 0; k < pc->n; k++, n++)
        {
          int e;

          frexp (MAX (qr_vec3_max_abs (qr_vec3_sub (p[(k + 1) % pc->n], p[k])), 1e-3), &e);
          exp_sum += e;
        }
    }
  return n > 0 ? ldexp (1, (int) (exp_sum / (gint64) n)) : 1;
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
  g_autoptr (GArray) corner_array = distinct_points (r->points);
  const QrVec3 *corners = (const QrVec3 *) corner_array->data;
  Points points = { NULL, 0, 0 };
  Found found = { NULL, 0, 0 };
  const double tol = QR_EPS_TJUNCTION;
  QrCellGrid grid = { 0 };
  Lines lines;
  bool have_grid = false;
  double edge;
  int inserted = 0;

  if (corner_array->len == 0)
    return 0;
  /* Before the loop below moves the pieces' points. */
  edge = typical_edge (r);
  lines_init (&lines, corners, (int) corner_array->len);
  points.cap = (int) r->points->len + (int) r->points->len / 4 + 16;
  points.at = g_new (QrVec3, points.cap);

  for (guint i = 0; i < r->pieces->len; i++)
    {
      QrUnionPiece *pc = &g_array_index (r->pieces, QrUnionPiece, i);
      const QrVec3 *pp = &g_array_index (r->points, QrVec3, pc->first);
      int first = points.len;

      for (int k = 0; k < pc->n; k++)
        {
          QrVec3 a = pp[k], b = pp[(k + 1) % pc->n], d = qr_vec3_sub (b, a);
          double len2 = qr_vec3_dot (d, d), len = sqrt (len2);

          points_add (&points, a);
          if (len <= 2 * tol)
            continue;
          found.len = 0;
          if (fabs (d.y) <= tol && fabs (d.z) <= tol)
            on_line (&lines, corners, 0, a, d, len2, len, &found);
          else if (fabs (d.x) <= tol && fabs (d.z) <= tol)
            on_line (&lines, corners, 1, a, d, len2, len, &found);
          else if (fabs (d.x) <= tol && fabs (d.y) <= tol)
            on_line (&lines, corners, 2, a, d, len2, len, &found);
          else
            {
              if (!have_grid)
                corner_cells (&grid, corner_array, edge), have_grid = true;
              on_edge_cells (&grid, corners, a, d, len2, len, &found);
            }
          if (found.len == 0)
            continue;
          if (found.len > 1)
            qsort (found.at, (size_t) found.len, sizeof (OnEdge), compare_on_edge);
          for (int m = 0; m < found.len; m++)
            {
              /* A corner in two cells, or two corners a hair apart: once. */
              if (qr_vec3_max_abs (qr_vec3_sub (found.at[m].p, points.at[points.len - 1])) <= tol)
                continue;
              points_add (&points, found.at[m].p);
              inserted++;
            }
        }
      pc->first = first;
      pc->n = points.len - first;
    }
  if (have_grid)
    qr_cell_grid_clear (&grid);
  lines_clear (&lines);
  g_array_set_size (r->points, 0);
  g_array_append_vals (r->points, points.at, (guint) points.len);
  g_free (points.at);
  g_free (found.at);
  return inserted;
}
