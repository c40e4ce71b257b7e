#include "qr-face-union-private.h"
#include "qr-cell-grid.h"
#include "qr-eps.h"
#include "qr-winding.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A face's bounds meeting more cells than this test every brush. */
enum { MAX_CELLS_PER_QUERY = 512 };

/* The index of the lowest bit set in w (not 0). */
static inline int
lowest_bit (guint64 w)
{
#if defined(__GNUC__)
  return __builtin_ctzll (w);
#else
  int i = 0;

  for (; (w & 1) == 0; w >>= 1)
    i++;
  return i;
#endif
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static inline bool
bounds_overlap (const QrBounds *a, const QrBounds *b, double eps)
{
  return a->min.x <= b->max.x + eps && b->min.x <= a->max.x + eps && a->min.y <= b->max.y + eps
         && b->min.y <= a->max.y + eps && a->min.z <= b->max.z + eps && b->min.z <= a->max.z + eps;
}

/* ------------------------------------------------------------------------
 * Clipping face pieces by brushes. Pieces are runs of points in one pool,
 * so splitting allocates nothing once the pool has grown.
 */

typedef struct
{
  int first, n;
} Piece;

/* Plain growable arrays: the clipping appends a few million times, and a
 * GArray call costs ten times the copy. */
typedef struct
{
  Piece *at;
  int len, cap;
} Pieces;

typedef struct
{
  const QrUnionBrush *brushes;
  int n_brushes;
  QrBounds *bounds;
  QrCellGrid grid;
  int *stamp;
  int stamp_now;
  QrVec3 *pool;       /* the points of all pieces of the face at hand */
  int pool_len, pool_cap;
  Pieces pieces, next;
  int *candidates;
  int n_candidates, candidates_cap;
  guint64 *marks; /* a bit per brush: the candidates found, in input order */
  int marks_lo, marks_hi; /* the words holding them */
  double *dists;      /* per point of the piece at hand */
  int dists_cap;
} Union;

static inline void
pool_reserve (Union *u, int n)
{
  if (u->pool_len + n > u->pool_cap)
    {
      u->pool_cap = MAX (u->pool_len + n, 2 * u->pool_cap);
      u->pool = g_renew (QrVec3, u->pool, u->pool_cap);
    }
}

static inline int
pool_add (Union *u, const QrVec3 *p, int n)
{
  int first = u->pool_len;

  pool_reserve (u, n);
  memcpy (u->pool + first, p, sizeof (QrVec3) * (gsize) n);
  u->pool_len += n;
  return first;
}

static inline void
keep (Pieces *out, int first, int n)
{
  if (out->len == out->cap)
    {
      out->cap = MAX (16, 2 * out->cap);
      out->at = g_renew (Piece, out->at, out->cap);
    }
  out->at[out->len++] = (Piece) { first, n };
}

/* Splits piece `cur` where the distances d cross zero (within eps); the
 * front part goes to out, the back part is returned (n = 0 when none).
 * Split points are pinned to an axial plane (plane NULL: not). */
static Piece
split (Union *u, Piece cur, const QrPlane *plane, const double *d, double eps, Pieces *out)
{
  /* At most n + 2 points on either side; the pool may move while adding. */
  QrVec3 stack[2][64];
  QrVec3 *front = stack[0], *back = stack[1];
  g_autofree QrVec3 *heap = NULL;
  int nf = 0, nb = 0;
  Piece result = { 0, 0 };

  if (cur.n + 2 > 64)
    {
      heap = g_new (QrVec3, 2 * (gsize) (cur.n + 2));
      front = heap;
      back = heap + cur.n + 2;
    }
  for (int i = 0; i < cur.n; i++)
    {
      int j = i + 1 == cur.n ? 0 : i + 1;
      const QrVec3 *pool = u->pool + cur.first;
      double di = d[i], dj = d[j];
      bool fi = di > eps, bi = di < -eps;
      bool fj = dj > eps, bj = dj < -eps;

      if (!bi)
        front[nf++] = pool[i];
      if (!fi)
        back[nb++] = pool[i];
      if ((fi && bj) || (bi && fj))
        {
          double t = di / (di - dj);
          QrVec3 a = pool[i], c = pool[j];
          QrVec3 mid = { a.x + t * (c.x - a.x), a.y + t * (c.y - a.y), a.z + t * (c.z - a.z) };

          if (plane != NULL)
            qr_plane_pin (plane, &mid);
          front[nf++] = mid;
          back[nb++] = mid;
        }
    }
  if (nf >= 3)
    keep (out, pool_add (u, front, nf), nf);
  if (nb >= 3)
    {
      result.first = pool_add (u, back, nb);
      result.n = nb;
    }
  return result;
}

/* The parts of piece `cur` (of a face of brush a) outside brush b go to
 * out. When nothing of it lies inside b the piece goes whole: splitting
 * it by b's planes on the way to finding that out would only cut it up. */
static void
clip_by_brush (Union *u, int a, QrVec3 normal_a, Piece cur, int b, Pieces *out)
{
  const Piece whole = cur;
  const int out_len = out->len;

  const QrUnionBrush *ba = &u->brushes[a], *bb = &u->brushes[b];
  const QrPolytope *pb = bb->poly;
  /* Where both faces lie on one plane facing one way, one survives: the
   * earlier layer's, then the earlier brush's. */
  const bool b_wins = bb->layer < ba->layer || (bb->layer == ba->layer && b < a);

  for (int j = 0; j < pb->n_faces; j++)
    {
      const QrPlane *plane = &bb->planes[j];
      const QrVec3 *pool;
      double *d;
      double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;
      bool front, back;
      /* A face of b nearly back to back with ours (within 0.8°) hides the
       * part of ours nearer than QR_EPS_UNION, not only what is behind
       * it: faces that cross at a hair's angle are flush where they are
       * that close. The line of that distance is where ours is cut. */
      bool facing = qr_vec3_dot (normal_a, plane->normal) < -(1 - QR_EPS_UNION_COS);
      double shift = facing ? QR_EPS_UNION : 0, eps = facing ? QR_EPS_ON_PLANE : QR_EPS_UNION;

      if (qr_polytope_face_count (pb, j) == 0)
        continue;
      if (cur.n > u->dists_cap)
        {
          u->dists_cap = MAX (cur.n, 2 * u->dists_cap);
          u->dists = g_renew (double, u->dists, u->dists_cap);
        }
      d = u->dists;
      pool = u->pool + cur.first;
      /* The extremes decide; a flag per point cost twice the loop. */
      for (int i = 0; i < cur.n; i++)
        {
          double di = qr_plane_distance_to (plane, pool[i]) - shift;

          d[i] = di;
          lo = di < lo ? di : lo;
          hi = di > hi ? di : hi;
        }
      front = hi > eps;
      back = lo < -eps;
      if (!front && !back)
        {
          /* A face that is drawn beats one that is not (caulk, nodraw)
           * whatever the order: the other would leave a hole. */
          bool j_drawn = bb->emit == NULL || bb->emit[j];

          if (qr_vec3_dot (normal_a, plane->normal) > 0 && (!b_wins || !j_drawn))
            goto untouched;
          continue; /* facing into b, or b's face wins: as if behind */
        }
      if (!back)
        goto untouched;
      if (!front)
        continue;
      cur = split (u, cur, facing ? NULL : plane, d, eps, out);
      if (cur.n == 0)
        goto untouched;
    }
  /* Behind every plane of b: inside it, dropped; the parts split off stay. */
  return;

untouched:
  out->len = out_len;
  keep (out, whole.first, whole.n);
}

/* Whether the bounds of a piece reach `box` (within QR_EPS_UNION). */
static bool
piece_near (const Union *u, Piece piece, const QrBounds *box)
{
  const QrVec3 *p = u->pool + piece.first;
  QrBounds pb = { p[0], p[0] };

  for (int i = 1; i < piece.n; i++)
    qr_bounds_add_point (&pb, p[i]);
  return bounds_overlap (box, &pb, QR_EPS_UNION);
}

/* The brushes whose bounds reach `box` and that may hide faces of brush a,
 * in input order. */
static void
find_candidates (Union *u, int a, const QrBounds *box)
{
  gint64 lo[3], hi[3];
  const double eps = QR_EPS_UNION;
  QrBounds q = { { box->min.x - eps, box->min.y - eps, box->min.z - eps },
                 { box->max.x + eps, box->max.y + eps, box->max.z + eps } };

  u->n_candidates = 0;
  u->marks_lo = G_MAXINT, u->marks_hi = -1;
  if (++u->stamp_now == G_MAXINT)
    {
      memset (u->stamp, 0, sizeof (int) * (gsize) u->n_brushes);
      u->stamp_now = 1;
    }
#define CONSIDER(b)                                                                                    \
  do                                                                                                   \
    {                                                                                                  \
      int b_ = (b);                                                                                    \
      if (b_ != a && u->stamp[b_] != u->stamp_now && u->brushes[b_].layer <= u->brushes[a].layer        \
          && bounds_overlap (&u->bounds[b_], &q, 0))                                                   \
        {                                                                                              \
          u->marks[b_ / 64] |= (guint64) 1 << (b_ % 64);                                               \
          u->marks_lo = MIN (u->marks_lo, b_ / 64);                                                    \
          u->marks_hi = MAX (u->marks_hi, b_ / 64);                                                    \
          u->n_candidates++;                                                                           \
        }                                                                                              \
      u->stamp[b_] = u->stamp_now;                                                                     \
    }                                                                                                  \
  while (0)

  if (qr_cells_in (&q, u->grid.size, lo, hi) > MAX_CELLS_PER_QUERY)
    {
      for (int b = 0; b < u->n_brushes; b++)
        CONSIDER (b);
    }
  else
    {
      for (gint64 x = lo[0]; x <= hi[0]; x++)
        for (gint64 y = lo[1]; y <= hi[1]; y++)
          for (gint64 z = lo[2]; z <= hi[2]; z++)
            for (int e = qr_cell_grid_first (&u->grid, qr_cell_key (x, y, z)); e >= 0; e = QR_CELL_GRID_NEXT (&u->grid, e))
              CONSIDER (QR_CELL_GRID_ITEM (&u->grid, e));
      for (guint k = 0; k < u->grid.big->len; k++)
        CONSIDER (g_array_index (u->grid.big, int, k));
    }
#undef CONSIDER
  /* Cells list brushes by cell: the marks give them back in input order,
   * so the result does not depend on the grid (sorting them cost more
   * than finding them). */
  if (u->n_candidates > u->candidates_cap)
    {
      u->candidates_cap = MAX (64, 2 * u->n_candidates);
      u->candidates = g_renew (int, u->candidates, u->candidates_cap);
    }
  for (int w = u->marks_lo, k = 0; w <= u->marks_hi; w++)
    {
      for (guint64 bits = u->marks[w]; bits != 0; bits &= bits - 1)
        u->candidates[k++] = 64 * w + lowest_bit (bits);
      u->marks[w] = 0;
    }
}

static double
piece_area (const QrVec3 *p, int n)
{
  return 0.5 * qr_vec3_length (qr_points_newell (p, n));
}

/* Clips every face of brushes [first, last) by the brushes near it, into
 * r in brush order. */
static void
union_range (Union *u, int first, int last, QrUnionResult *r)
{
  const QrUnionBrush *brushes = u->brushes;

  for (int a = first; a < last; a++)
    {
      const QrPolytope *pa = brushes[a].poly;

      /* The brushes near a, once for all its faces. */
      find_candidates (u, a, &u->bounds[a]);
      for (int f = 0; f < pa->n_faces; f++)
        {
          const uint16_t *idx = qr_polytope_face_indices (pa, f);
          int n = qr_polytope_face_count (pa, f);
          QrBounds box = qr_bounds_empty ();
          QrVec3 normal = brushes[a].planes[f].normal;

          if (n < 3 || (brushes[a].emit != NULL && !brushes[a].emit[f]))
            continue;
          u->pool_len = 0;
          u->pieces.len = 0;
          pool_reserve (u, n);
          for (int k = 0; k < n; k++)
            {
              u->pool[k] = pa->verts[idx[k]];
              qr_bounds_add_point (&box, pa->verts[idx[k]]);
            }
          u->pool_len = n;
          keep (&u->pieces, 0, n);

          for (int c = 0; c < u->n_candidates && u->pieces.len > 0; c++)
            {
              int b = u->candidates[c];
              Pieces tmp;

              if (!bounds_overlap (&u->bounds[b], &box, QR_EPS_UNION))
                continue;
              u->next.len = 0;
              for (int k = 0; k < u->pieces.len; k++)
                {
                  Piece piece = u->pieces.at[k];

                  /* A piece split off away from b passes it whole, as a
                   * face whose bounds miss b's does (above). */
                  if (u->pieces.len > 1 && !piece_near (u, piece, &u->bounds[b]))
                    {
                      keep (&u->next, piece.first, piece.n);
                      continue;
                    }
                  clip_by_brush (u, a, normal, piece, b, &u->next);
                }
              tmp = u->pieces, u->pieces = u->next, u->next = tmp;
            }

          for (int k = 0; k < u->pieces.len; k++)
            {
              Piece piece = u->pieces.at[k];
              const QrVec3 *p = u->pool + piece.first;
              QrUnionPiece out = { a, f, (int) r->points->len, piece.n };

              if (piece_area (p, piece.n) < QR_EPS_AREA)
                continue;
              g_array_append_vals (r->points, p, (guint) piece.n);
              g_array_append_val (r->pieces, out);
            }
        }
    }
}

/* A worker's own scratch, over the shared brushes, bounds and grid. */
static void
union_scratch_init (Union *u, const Union *shared)
{
  *u = (Union) { .brushes = shared->brushes, .n_brushes = shared->n_brushes, .bounds = shared->bounds,
                 .grid = shared->grid };
  u->stamp = g_new0 (int, u->n_brushes);
  u->marks = g_new0 (guint64, (u->n_brushes + 63) / 64);
}

static void
union_scratch_clear (Union *u)
{
  g_free (u->stamp);
  g_free (u->marks);
  g_free (u->pool);
  g_free (u->pieces.at);
  g_free (u->next.at);
  g_free (u->candidates);
  g_free (u->dists);
}

static QrUnionResult *
union_result_new (void)
{
  QrUnionResult *r = g_new0 (QrUnionResult, 1);

  r->pieces = g_array_new (FALSE, FALSE, sizeof (QrUnionPiece));
  r->points = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  return r;
}

/* Large objects are clipped by several threads, each taking the next run
 * of brushes; each run's pieces are kept apart and joined in brush order,
 * so the result is the one thread's. */
enum
{
  THREADED_BRUSHES = 2048, /* fewer: one thread, unless asked (starting others costs more) */
  RUN_BRUSHES = 128,
};

typedef struct
{
  const Union *shared;
  QrUnionResult **runs; /* one per run, made by the thread that clips it */
  int n_runs;
  gint next; /* atomic: the next run */
} UnionJob;

static gpointer
union_worker (gpointer data)
{
  UnionJob *job = data;
  Union u;

  union_scratch_init (&u, job->shared);
  for (int run; (run = g_atomic_int_add (&job->next, 1)) < job->n_runs;)
    {
      int first = run * RUN_BRUSHES;

      job->runs[run] = union_result_new ();
      union_range (&u, first, MIN (first + RUN_BRUSHES, u.n_brushes), job->runs[run]);
    }
  union_scratch_clear (&u);
  return NULL;
}

/* Appends run's pieces to r, renumbering their points. */
static void
append_run (QrUnionResult *r, const QrUnionResult *run)
{
  int base = (int) r->points->len;
  guint at = r->pieces->len;

  g_array_append_vals (r->points, run->points->data, run->points->len);
  g_array_append_vals (r->pieces, run->pieces->data, run->pieces->len);
  for (guint i = at; i < r->pieces->len; i++)
    g_array_index (r->pieces, QrUnionPiece, i).first += base;
}

QrUnionResult *
qr_face_union (const QrUnionBrush *brushes, int n_brushes, int n_threads)
{
  QrUnionResult *r = union_result_new ();
  Union shared = { .brushes = brushes, .n_brushes = n_brushes };
  double extent = 0;

  if (n_brushes == 0)
    return r;

  shared.bounds = g_new (QrBounds, n_brushes);
  {
    g_autofree double *extents = g_new (double, n_brushes);

    for (int i = 0; i < n_brushes; i++)
      {
        shared.bounds[i] = brushes[i].poly->bounds;
        extents[i] = qr_vec3_max_abs (qr_vec3_sub (shared.bounds[i].max, shared.bounds[i].min));
      }
    /* Cells about twice a typical brush, by the median: a few huge
     * brushes (sky, terrain) must not make every cell hold hundreds. */
    qsort (extents, (size_t) n_brushes, sizeof (double), compare_double);
    extent = extents[n_brushes / 2];
  }
  qr_cell_grid_init (&shared.grid, shared.bounds, n_brushes, CLAMP (2 * extent, 8.0, 4096.0));

  if (n_threads == 0)
    n_threads = n_brushes < THREADED_BRUSHES ? 1 : MIN ((int) g_get_num_processors (), 8);
  if (n_threads < 2)
    {
      Union u;

      union_scratch_init (&u, &shared);
      union_range (&u, 0, n_brushes, r);
      union_scratch_clear (&u);
    }
  else
    {
      UnionJob job = { &shared, NULL, (n_brushes + RUN_BRUSHES - 1) / RUN_BRUSHES, 0 };
      g_autofree GThread **threads = g_new (GThread *, n_threads - 1);

      job.runs = g_new0 (QrUnionResult *, job.n_runs);
      /* This thread works too. */
      for (int t = 0; t < n_threads - 1; t++)
        threads[t] = g_thread_new ("quarry-union", union_worker, &job);
      union_worker (&job);
      for (int t = 0; t < n_threads - 1; t++)
        g_thread_join (threads[t]);
      for (int i = 0; i < job.n_runs; i++)
        {
          append_run (r, job.runs[i]);
          qr_union_result_free (job.runs[i]);
        }
      g_free (job.runs);
    }

  qr_union_merge_coplanar (r, brushes);

  qr_cell_grid_clear (&shared.grid);
  g_free (shared.bounds);
  return r;
}

void
qr_union_result_free (QrUnionResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->pieces);
  g_array_unref (result->points);
  g_free (result);
}
