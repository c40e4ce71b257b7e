#include "qr-face-union.h"
#include "qr-cell-grid.h"
#include "qr-eps.h"
#include "qr-radix-sort.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * T-junctions. Every distinct corner is sorted by the axial lines through
 * it and goes into a grid of cells; an axial edge looks at the corners of
 * its line, any other edge at those of the cells along it, and takes the
 * corners within QR_EPS_TJUNCTION of it, strictly between its ends. The
 * corners found are inserted edge by edge in order along it.
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

/* Distinct corners (exactly equal ones once), into out (room for all
 * points); returns how many. */
static int
distinct_points (const GArray *points, QrVec3 *out)
{
  guint cap = 16;
  guint mask;
  g_autofree int *slots = NULL;
  const QrVec3 *p = (const QrVec3 *) points->data;
  int n = 0;

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
              slots[h] = n;
              out[n++] = p[i];
              break;
            }
          q = &out[slots[h]];
          if (q->x == p[i].x && q->y == p[i].y && q->z == p[i].z)
            break;
        }
    }
  return n;
}

/* Plain growable arrays: the pass appends every corner of the result. */
/* A corner found on an edge (by the index of the edge's first point). */
typedef struct
{
  int edge;
  OnEdge on;
} Hit;

typedef struct
{
  Hit *at;
  int len, cap;
} Found;

/* A corner c strictly between a and a + d, within QR_EPS_TJUNCTION of
 * the segment: appended to found with its parameter. */
static inline void
consider_corner (QrVec3 c, int edge, QrVec3 a, QrVec3 d, double len2, double len, Found *found)
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
      found->at = g_renew (Hit, found->at, found->cap);
    }
  found->at[found->len++] = (Hit) { edge, { t, c } };
}

/* The axial lines corners lie on: along an axis through the other two
 * coordinates, rounded. Most edges of a map run along an axis; their
 * corners are those of their line within their span. Per axis, the
 * corners (by line, then along it) and the edges' lines are sorted, and
 * one sweep meets each edge with its line's corners. */
static guint64
line_key (gint64 ku, gint64 kv)
{
  return qr_cell_key (ku, kv, 0) >> QR_CELL_BITS;
}

enum { LINE_KEY_BITS = 2 * QR_CELL_BITS };

static gint64
round_half_up (double u)
{
  return (gint64) floor (u + 0.5);
}

/* The keys a corner within the tolerance of coordinate u rounds to: u's
 * own, and its neighbour's when u lies that close to the rounding edge. */
static int
nearby_keys (double u, gint64 out[2])
{
  const double tol = QR_EPS_TJUNCTION;
  gint64 q = round_half_up (u);
  int n = 0;

  out[n++] = q;
  if (u - (double) q > 0.5 - tol)
    out[n++] = q + 1;
  else if ((double) q - u >= 0.5 - tol)
    out[n++] = q - 1;
  return n;
}

/* Each corner once, keyed by its line along `axis`, sorted by line and
 * then along it (s: the coordinate along the line, a: the corner). */
static QrKeyed *
sorted_corners (const QrVec3 *corners, int n, int axis, QrKeyed *at, QrKeyed *tmp)
{
  QrKeyed *sorted;

  for (int i = 0; i < n; i++)
    {
      const double xyz[3] = { corners[i].x, corners[i].y, corners[i].z };

      at[i] = (QrKeyed) { line_key (round_half_up (xyz[(axis + 1) % 3]), round_half_up (xyz[(axis + 2) % 3])),
                          xyz[axis], i, 0 };
    }
  sorted = qr_radix_sort (at, tmp, (gsize) n, LINE_KEY_BITS);
  for (int first = 0, last; first < n; first = last)
    {
      QrKeyed *line = sorted + first;

      for (last = first + 1; last < n && sorted[last].key == line->key; last++)
        ;
      qr_keyed_sort_s (line, (gsize) (last - first));
    }
  return sorted;
}

/* Plain growable arrays: the pass appends every corner of the result. */
typedef struct
{
  QrKeyed *at;
  int len, cap;
  int first_cap; /* enough for most maps at once: growing copied them */
} Queries;

static void
queries_add (Queries *q, QrKeyed k)
{
  if (q->len == q->cap)
    {
      q->cap = MAX (q->first_cap, 2 * q->cap);
      q->at = g_renew (QrKeyed, q->at, q->cap);
    }
  q->at[q->len++] = k;
}

/* The lines an axial edge from point a to point b (indices) looks at. */
static void
queue_on_line (Queries *q, const QrVec3 *pts, int axis, int a, int b)
{
  const double ac[3] = { pts[a].x, pts[a].y, pts[a].z };
  gint64 ku[2], kv[2];
  int nu = nearby_keys (ac[(axis + 1) % 3], ku), nv = nearby_keys (ac[(axis + 2) % 3], kv);

  for (int i = 0; i < nu; i++)
    for (int j = 0; j < nv; j++)
      queries_add (q, (QrKeyed) { line_key (ku[i], kv[j]), 0, a, b });
}

/* The corners by cell, for the edges off the axes: each cell's corners
 * side by side (sorted by cell), found through a table of the cells. */
typedef struct
{
  guint64 key;
  int first, n; /* n = 0: slot free */
} CellSlot;

typedef struct
{
  double size;
  QrVec3 *corners; /* by cell */
  CellSlot *slots;
  guint mask;
} Cells;

static guint
cell_slot (const Cells *c, guint64 key)
{
  guint slot = (guint) ((key * 0x9e3779b97f4a7c15u) >> 32) & c->mask;

  while (c->slots[slot].n != 0 && c->slots[slot].key != key)
    slot = (slot + 1) & c->mask;
  return slot;
}

/* Cells about a typical edge long; made when the first edge off the axes
 * comes. */
static void
cells_init (Cells *c, const QrVec3 *corners, int n, double edge, QrKeyed *buf)
{
  const QrKeyed *sorted;
  guint n_slots = 64, n_cells = 0;

  c->size = CLAMP (edge, 1.0, 4096.0);
  for (int i = 0; i < n; i++)
    buf[i] = (QrKeyed) { qr_cell_key (qr_cell_of (corners[i].x, c->size), qr_cell_of (corners[i].y, c->size),
                                      qr_cell_of (corners[i].z, c->size)),
                         0, i, 0 };
  sorted = qr_radix_sort (buf, buf + n, (gsize) n, 3 * QR_CELL_BITS);
  /* Twice as many slots as cells, not corners: most probes are of empty
   * cells, and a small table stays in the cache. */
  for (int i = 0; i < n; i++)
    n_cells += i == 0 || sorted[i].key != sorted[i - 1].key;
  while (n_slots < 2 * n_cells)
    n_slots *= 2;
  c->mask = n_slots - 1;
  c->slots = g_new0 (CellSlot, n_slots);
  c->corners = g_new (QrVec3, MAX (n, 1));
  for (int i = 0; i < n; i++)
    {
      c->corners[i] = corners[sorted[i].a];
      if (i == 0 || sorted[i].key != sorted[i - 1].key)
        {
          guint slot = cell_slot (c, sorted[i].key);

          c->slots[slot] = (CellSlot) { sorted[i].key, i, 0 };
        }
      c->slots[cell_slot (c, sorted[i].key)].n++;
    }
}

static void
cells_clear (Cells *c)
{
  g_free (c->corners);
  g_free (c->slots);
}

/* Any other edge visits the cells along it, slab by slab across its
 * longest axis. */
static void
on_edge_cells (const Cells *cells, int edge, QrVec3 a, QrVec3 d, double len2, double len, Found *found)
{
  const double tol = QR_EPS_TJUNCTION;
  const double ad[3] = { a.x, a.y, a.z }, dd[3] = { d.x, d.y, d.z };
  int axis = fabs (d.x) >= fabs (d.y) && fabs (d.x) >= fabs (d.z) ? 0 : fabs (d.y) >= fabs (d.z) ? 1 : 2;
  gint64 s0, s1;

  s0 = qr_cell_of (MIN (ad[axis], ad[axis] + dd[axis]) - tol, cells->size);
  s1 = qr_cell_of (MAX (ad[axis], ad[axis] + dd[axis]) + tol, cells->size);
  for (gint64 s = s0; s <= s1; s++)
    {
      /* The part of the edge within this slab, and its cells. */
      double lo = MAX (s * cells->size, MIN (ad[axis], ad[axis] + dd[axis]) - tol);
      double hi = MIN ((s + 1) * cells->size, MAX (ad[axis], ad[axis] + dd[axis]) + tol);
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
          c_lo[ax] = qr_cell_of (b_lo[ax], cells->size);
          c_hi[ax] = qr_cell_of (b_hi[ax], cells->size);
        }
      c_lo[axis] = c_hi[axis] = s;
      for (gint64 x = c_lo[0]; x <= c_hi[0]; x++)
        for (gint64 y = c_lo[1]; y <= c_hi[1]; y++)
          for (gint64 z = c_lo[2]; z <= c_hi[2]; z++)
            {
              const CellSlot *cell = &cells->slots[cell_slot (cells, qr_cell_key (x, y, z))];

              for (int m = cell->first; m < cell->first + cell->n; m++)
                {
                  QrVec3 c = cells->corners[m];

                  /* Most corners of a cell lie off the edge's box. */
                  if (c.x >= b_lo[0] && c.x <= b_hi[0] && c.y >= b_lo[1] && c.y <= b_hi[1] && c.z >= b_lo[2]
                      && c.z <= b_hi[2])
                    consider_corner (c, edge, a, d, len2, len, found);
                }
            }
    }
}

/* The records of `key` in sorted (n records): [*first, *last). Keys are
 * asked in ascending order, each search going on from the last. */
static void
find_run (const QrKeyed *sorted, int n, guint64 key, int *first, int *last)
{
  if (*first < *last && sorted[*first].key == key)
    return;
  for (*first = *last; *first < n && sorted[*first].key < key; (*first)++)
    ;
  for (*last = *first; *last < n && sorted[*last].key == key; (*last)++)
    ;
}

/* frexp's exponent of a positive normal x (x = m 2^e, ½ ≤ m < 1), read
 * off its bits: a libm call per edge cost more than the rest of the sum. */
static int
binary_exponent (double x)
{
  guint64 bits;

  memcpy (&bits, &x, sizeof bits);
  return (int) ((bits >> 52) & 0x7ff) - 1022;
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
        exp_sum += binary_exponent (MAX (qr_vec3_max_abs (qr_vec3_sub (p[(k + 1) % pc->n], p[k])), 1e-3));
    }
  return n > 0 ? ldexp (1, (int) (exp_sum / (gint64) n)) : 1;
}

/* Meets the queued edges of one axis with the corners of their lines. */
static void
sweep_lines (const QrVec3 *pts, const QrVec3 *corners, int n_corners, int axis, Queries *q, Found *found)
{
  const double tol = QR_EPS_TJUNCTION;
  g_autofree QrKeyed *buf = g_new (QrKeyed, 2 * (gsize) n_corners);
  g_autofree QrVec3 *on_lines = g_new (QrVec3, n_corners);
  QrKeyed *lines = sorted_corners (corners, n_corners, axis, buf, buf + n_corners);
  g_autofree QrKeyed *tmp = g_new (QrKeyed, MAX (q->len, 1));
  const QrKeyed *edges = qr_radix_sort (q->at, tmp, (gsize) q->len, LINE_KEY_BITS);
  int first = 0, last = 0; /* the current line's corners */

  /* The corners themselves in line order, read in the sweep's order. */
  for (int k = 0; k < n_corners; k++)
    on_lines[k] = corners[lines[k].a];
  for (int i = 0; i < q->len; i++)
    {
      const QrKeyed *e = &edges[i];
      QrVec3 a = pts[e->a], d = qr_vec3_sub (pts[e->b], a);
      double len2 = qr_vec3_dot (d, d), len = sqrt (len2);
      const double ac[3] = { a.x, a.y, a.z }, dc[3] = { d.x, d.y, d.z };
      /* Only a corner within the edge's span along the axis can be on it. */
      double lo = MIN (ac[axis], ac[axis] + dc[axis]) - tol, hi = MAX (ac[axis], ac[axis] + dc[axis]) + tol;
      int k, end;

      find_run (lines, n_corners, e->key, &first, &last);
      /* The first at or past lo. */
      for (k = first, end = last; k < end;)
        {
          int mid = (k + end) / 2;

          if (lines[mid].s < lo)
            k = mid + 1;
          else
            end = mid;
        }
      for (; k < last && lines[k].s <= hi; k++)
        consider_corner (on_lines[k], e->a, a, d, len2, len, found);
    }
}

static int
compare_hit (const void *pa, const void *pb)
{
  return compare_on_edge (&((const Hit *) pa)->on, &((const Hit *) pb)->on);
}

/* The searches, as tasks threads share: a sweep per axis, then runs of
 * the edges off the axes. Each task finds into its own list; the lists
 * are joined in task order, and the hits of an edge are sorted along it,
 * so the result does not depend on which thread did what. */
enum
{
  OFF_AXIS_RUN = 4096,      /* edges off the axes per task */
  THREADED_POINTS = 32768, /* fewer: one thread, unless asked (starting others costs more) */
};

typedef struct
{
  const QrVec3 *pts;
  const QrVec3 *corners;
  int n_corners;
  Queries *queries;    /* [3] */
  const Cells *cells;
  const int *off_axis; /* the first points of the edges off the axes */
  int n_off_axis;
  const QrUnionResult *r;
  int n_tasks;
  Found *found; /* one per task */
  gint next;    /* atomic: the next task */
} TJob;

static gpointer
tjunction_worker (gpointer data)
{
  TJob *job = data;

  for (int t; (t = g_atomic_int_add (&job->next, 1)) < job->n_tasks;)
    {
      if (t < 3)
        {
          if (job->queries[t].len > 0)
            sweep_lines (job->pts, job->corners, job->n_corners, t, &job->queries[t], &job->found[t]);
          continue;
        }
      for (int i = (t - 3) * OFF_AXIS_RUN; i < MIN ((t - 2) * OFF_AXIS_RUN, job->n_off_axis); i++)
        {
          int ia = job->off_axis[2 * i], ib = job->off_axis[2 * i + 1];
          QrVec3 a = job->pts[ia], d = qr_vec3_sub (job->pts[ib], a);
          double len2 = qr_vec3_dot (d, d);

          on_edge_cells (job->cells, ia, a, d, len2, sqrt (len2), &job->found[t]);
        }
    }
  return NULL;
}

int
qr_union_fix_t_junctions (QrUnionResult *r, int n_threads)
{
  const guint n_points = r->points->len;
  const QrVec3 *pts = (const QrVec3 *) r->points->data;
  g_autofree QrVec3 *corners = g_new (QrVec3, MAX (n_points, 1));
  const int n_corners = distinct_points (r->points, corners);
  /* Most edges of a map are axial, a third along each axis. */
  const int first_cap = MAX (64, (int) (n_points / 2));
  Queries queries[3] = { { NULL, 0, 0, first_cap }, { NULL, 0, 0, first_cap }, { NULL, 0, 0, first_cap } };
  Cells cells = { 0 };
  g_autoptr (GArray) off_axis = g_array_new (FALSE, FALSE, 2 * sizeof (int));
  Found found = { NULL, 0, 0 };
  const double tol = QR_EPS_TJUNCTION;
  g_autofree int *hits_of = NULL;
  g_autofree Hit *hits = NULL;
  QrVec3 *out;
  int n_out = 0, inserted = 0;
  TJob job = { 0 };

  if (n_corners == 0)
    return 0;
  if (n_threads == 0)
    n_threads = n_points < THREADED_POINTS ? 1 : MIN ((int) g_get_num_processors (), 8);
  /* Axial edges are queued for their axis's sweep, the others for the
   * cells along them. */
  for (guint i = 0; i < r->pieces->len; i++)
    {
      const QrUnionPiece *pc = &g_array_index (r->pieces, QrUnionPiece, i);

      for (int k = 0; k < pc->n; k++)
        {
          int ia = pc->first + k, ib = pc->first + (k + 1) % pc->n;
          QrVec3 d = qr_vec3_sub (pts[ib], pts[ia]);
          const int edge[2] = { ia, ib };

          if (qr_vec3_max_abs (d) <= tol)
            continue;
          if (fabs (d.y) <= tol && fabs (d.z) <= tol)
            queue_on_line (&queries[0], pts, 0, ia, ib);
          else if (fabs (d.x) <= tol && fabs (d.z) <= tol)
            queue_on_line (&queries[1], pts, 1, ia, ib);
          else if (fabs (d.x) <= tol && fabs (d.y) <= tol)
            queue_on_line (&queries[2], pts, 2, ia, ib);
          else
            g_array_append_val (off_axis, edge);
        }
    }
  if (off_axis->len > 0)
    {
      g_autofree QrKeyed *buf = g_new (QrKeyed, 2 * (gsize) n_corners);

      cells_init (&cells, corners, n_corners, typical_edge (r), buf);
    }
  job = (TJob) { pts, corners, n_corners, queries, &cells, (const int *) off_axis->data, (int) off_axis->len, r,
                 3 + ((int) off_axis->len + OFF_AXIS_RUN - 1) / OFF_AXIS_RUN, NULL, 0 };
  job.found = g_new0 (Found, job.n_tasks);
  if (n_threads < 2)
    tjunction_worker (&job);
  else
    {
      g_autofree GThread **threads = g_new (GThread *, n_threads - 1);

      for (int t = 0; t < n_threads - 1; t++)
        threads[t] = g_thread_new ("quarry-tjunction", tjunction_worker, &job);
      tjunction_worker (&job);
      for (int t = 0; t < n_threads - 1; t++)
        g_thread_join (threads[t]);
    }
  if (off_axis->len > 0)
    cells_clear (&cells);
  for (int t = 0; t < job.n_tasks; t++)
    {
      if (found.len + job.found[t].len > found.cap)
        {
          found.cap = found.len + job.found[t].len;
          found.at = g_renew (Hit, found.at, found.cap);
        }
      if (job.found[t].len > 0)
        memcpy (found.at + found.len, job.found[t].at, sizeof (Hit) * (gsize) job.found[t].len);
      found.len += job.found[t].len;
      g_free (job.found[t].at);
    }
  g_free (job.found);
  for (int axis = 0; axis < 3; axis++)
    g_free (queries[axis].at);

  /* The hits by edge (a counting sort), each edge's along it. */
  hits_of = g_new0 (int, n_points + 1);
  hits = g_new (Hit, MAX (found.len, 1));
  for (int h = 0; h < found.len; h++)
    hits_of[found.at[h].edge + 1]++;
  for (guint e = 0; e < n_points; e++)
    hits_of[e + 1] += hits_of[e];
  {
    g_autofree int *fill = g_memdup2 (hits_of, sizeof (int) * n_points);

    for (int h = 0; h < found.len; h++)
      hits[fill[found.at[h].edge]++] = found.at[h];
  }
  g_free (found.at);

  out = g_new (QrVec3, n_points + (gsize) (hits_of[n_points]));
  for (guint i = 0; i < r->pieces->len; i++)
    {
      QrUnionPiece *pc = &g_array_index (r->pieces, QrUnionPiece, i);
      int first = n_out;

      for (int k = 0; k < pc->n; k++)
        {
          int e = pc->first + k, n_hits = hits_of[e + 1] - hits_of[e];
          Hit *on = hits + hits_of[e];

          out[n_out++] = pts[e];
          if (n_hits > 1)
            qsort (on, (size_t) n_hits, sizeof (Hit), compare_hit);
          for (int m = 0; m < n_hits; m++)
            {
              /* A corner in two cells, or two corners a hair apart: once. */
              if (qr_vec3_max_abs (qr_vec3_sub (on[m].on.p, out[n_out - 1])) <= tol)
                continue;
              out[n_out++] = on[m].on.p;
              inserted++;
            }
        }
      pc->first = first;
      pc->n = n_out - first;
    }
  g_array_set_size (r->points, 0);
  g_array_append_vals (r->points, out, (guint) n_out);
  g_free (out);
  return inserted;
}
