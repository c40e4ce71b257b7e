#include "qr-face-union-private.h"
#include "qr-eps.h"

#include <math.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Merging pieces of one plane, as the compilers' face merge.
 */

typedef struct
{
  int piece;
  int merge;
  double key[4]; /* the plane, rounded: pieces of equal planes sort together */
} PlaneKey;

static bool
same_plane_key (const PlaneKey *a, const PlaneKey *b)
{
  return a->merge == b->merge && a->key[0] == b->key[0] && a->key[1] == b->key[1] && a->key[2] == b->key[2]
         && a->key[3] == b->key[3];
}

static bool
same_point (QrVec3 a, QrVec3 b)
{
  return qr_vec3_max_abs (qr_vec3_sub (a, b)) <= QR_EPS_WELD;
}

/* The turn at b of a → b → c along the normal, relative to the edges. */
static double
turn_at (QrVec3 a, QrVec3 b, QrVec3 c, QrVec3 normal)
{
  QrVec3 e1 = qr_vec3_sub (b, a), e2 = qr_vec3_sub (c, b);
  double scale = qr_vec3_length (e1) * qr_vec3_length (e2);

  return scale > 0 ? qr_vec3_dot (qr_vec3_cross (e1, e2), normal) / scale : 0;
}

/* P and Q (convex, counter-clockwise about normal) merged into out (room
 * for np + nq − 2 points) when they share a whole edge and the result is
 * convex; corners left in the middle of a straight side are dropped.
 * Returns the merged count, 0 when they do not merge. */
static int
try_merge (const QrVec3 *p, int np, const QrVec3 *q, int nq, QrVec3 normal, QrVec3 *out)
{
  for (int k = 0; k < np; k++)
    for (int m = 0; m < nq; m++)
      {
        QrVec3 a = p[k], b = p[(k + 1) % np];
        int n = 0;

        if (!same_point (a, q[(m + 1) % nq]) || !same_point (b, q[m]))
          continue;
        for (int i = 1; i <= np; i++)
          out[n++] = p[(k + i) % np]; /* b … a */
        for (int i = 2; i < nq; i++)
          out[n++] = q[(m + i) % nq]; /* after a … before b */
        /* Convex at the two joints, a (at np − 1) then b (at 0), and no
         * corner left in the middle of a straight side there. */
        for (int pass = 0; pass < 2; pass++)
          {
            int j = pass == 0 ? np - 1 : 0;
            double t = turn_at (out[(j + n - 1) % n], out[j], out[(j + 1) % n], normal);

            if (t < -1e-9)
              return 0;
            if (t <= 1e-9)
              {
                memmove (out + j, out + j + 1, sizeof (QrVec3) * (gsize) (n - j - 1));
                n--;
              }
          }
        return n >= 3 ? n : 0;
      }
  return 0;
}

/* A directed edge's ends on a grid of 1/1024: pieces that share an edge
 * (within QR_EPS_WELD) mostly share its key; try_merge checks exactly.
 * An open-addressing table of them, keys inline: a group's edges are
 * looked up once or twice each. */
typedef struct
{
  gint64 c[6];
} EdgeKey;

typedef struct
{
  EdgeKey *keys;
  guint *values; /* piece + 1; 0: free */
  guint mask;
  guint used;
} EdgeTable;

static gint64
grid_1024 (double x)
{
  return (gint64) floor (x * 1024 + 0.5);
}

static EdgeKey
edge_key (QrVec3 a, QrVec3 b)
{
  return (EdgeKey) { { grid_1024 (a.x), grid_1024 (a.y), grid_1024 (a.z), grid_1024 (b.x), grid_1024 (b.y),
                       grid_1024 (b.z) } };
}

static guint
edge_slot (const EdgeTable *t, const EdgeKey *k)
{
  guint64 h = 1469598103934665603u;
  guint slot;

  for (int i = 0; i < 6; i++)
    h = (h ^ (guint64) k->c[i]) * 1099511628211u;
  slot = (guint) (h ^ (h >> 29)) & t->mask;
  while (t->values[slot] != 0 && memcmp (&t->keys[slot], k, sizeof *k) != 0)
    slot = (slot + 1) & t->mask;
  return slot;
}

static void
edge_table_reset (EdgeTable *t, guint expected)
{
  guint n = 64;

  while (n < 2 * expected)
    n *= 2;
  /* Grow for a big group; shrink back after one, or clearing the table
   * costs more than the small groups that follow. */
  if (t->keys == NULL || n > t->mask + 1 || 4 * n < t->mask + 1)
    {
      g_free (t->keys);
      g_free (t->values);
      t->keys = g_new (EdgeKey, n);
      t->values = g_new (guint, n);
      t->mask = n - 1;
    }
  memset (t->values, 0, sizeof (guint) * (t->mask + 1));
  t->used = 0;
}

static void
edge_table_put (EdgeTable *t, const EdgeKey *k, guint value)
{
  guint slot;

  if (2 * (t->used + 1) > t->mask + 1)
    {
      EdgeTable bigger = { NULL, NULL, 0, 0 };
      guint n = t->mask + 1;

      edge_table_reset (&bigger, n);
      for (guint i = 0; i < n; i++)
        if (t->values[i] != 0)
          {
            guint to = edge_slot (&bigger, &t->keys[i]);

            bigger.keys[to] = t->keys[i];
            bigger.values[to] = t->values[i];
            bigger.used++;
          }
      g_free (t->keys);
      g_free (t->values);
      *t = bigger;
    }
  slot = edge_slot (t, k);
  if (t->values[slot] == 0)
    t->used++;
  t->keys[slot] = *k;
  t->values[slot] = value;
}

static guint
edge_table_get (const EdgeTable *t, const EdgeKey *k)
{
  return t->values[edge_slot (t, k)];
}

/* A run of points in the pool; n = 0: merged into another piece. */
typedef struct
{
  int first, n;
} Span;

/* Plain growable arrays: a map's merge appends a few hundred thousand
 * points, and GArray calls cost more than the copies. */
typedef struct
{
  QrVec3 *at;
  int len, cap;
} Pool;

static QrVec3 *
pool_reserve (Pool *pool, int n)
{
  if (pool->len + n > pool->cap)
    {
      pool->cap = MAX (pool->len + n, 2 * pool->cap);
      pool->at = g_renew (QrVec3, pool->at, pool->cap);
    }
  return pool->at + pool->len;
}

static void
add_edges (EdgeTable *edges, const QrVec3 *p, int n, guint index)
{
  for (int k = 0; k < n; k++)
    {
      EdgeKey key = edge_key (p[k], p[(k + 1) % n]);

      edge_table_put (edges, &key, index + 1);
    }
}

/* Merges the pieces of one plane and class: each piece looks up, for each
 * of its edges, the piece holding that edge the other way round; merged
 * pieces look again. The earlier piece of two holds their merge (appended
 * to the pool); the other is left empty. */
static void
merge_group (Span *group, int len, Pool *pool, QrVec3 normal, EdgeTable *edges, int *todo)
{
  int n_todo = 0; /* at most len, and a merge takes one out before it puts one in */

  edge_table_reset (edges, 4 * (guint) len);
  for (int i = 0; i < len; i++)
    {
      add_edges (edges, pool->at + group[i].first, group[i].n, (guint) i);
      todo[n_todo++] = i;
    }
  while (n_todo > 0)
    {
      int i = todo[--n_todo];

      for (int k = 0; k < group[i].n; k++)
        {
          const QrVec3 *p = pool->at + group[i].first;
          EdgeKey key = edge_key (p[(k + 1) % group[i].n], p[k]);
          guint j1 = edge_table_get (edges, &key);
          int j = (int) j1 - 1, n, keep, drop;
          QrVec3 *out;

          if (j1 == 0 || j == i || group[j].n == 0)
            continue;
          out = pool_reserve (pool, group[i].n + group[j].n);
          /* The pool may have moved. */
          n = try_merge (pool->at + group[i].first, group[i].n, pool->at + group[j].first, group[j].n, normal,
                         out);
          if (n == 0)
            continue;
          /* The earlier of the two keeps the merged piece. */
          keep = MIN (i, j), drop = MAX (i, j);
          group[keep] = (Span) { pool->len, n };
          group[drop].n = 0;
          pool->len += n;
          add_edges (edges, pool->at + group[keep].first, n, (guint) keep);
          todo[n_todo++] = keep;
          break;
        }
    }
}

/* Which plane and class each piece is on, as a group number in order of
 * first appearance: an open-addressing table of the rounded planes. */
static int *
group_pieces_by_plane (const QrUnionResult *r, const QrUnionBrush *brushes, int *n_groups)
{
  guint n = r->pieces->len, cap = 64, mask;
  g_autofree PlaneKey *slots = NULL;
  g_autofree int *slot_group = NULL;
  int *group_of = g_new (int, MAX (n, 1));

  while (cap < 2 * n)
    cap *= 2;
  mask = cap - 1;
  slots = g_new (PlaneKey, cap);
  slot_group = g_new (int, cap);
  memset (slot_group, -1, sizeof (int) * cap);
  *n_groups = 0;
  for (guint i = 0; i < n; i++)
    {
      const QrUnionPiece *pc = &g_array_index (r->pieces, QrUnionPiece, i);
      const QrUnionBrush *b = &brushes[pc->brush];
      const QrPlane *pl = &b->planes[pc->face];
      PlaneKey k;
      guint64 h = 1469598103934665603u;
      guint slot;

      k.piece = (int) i;
      k.merge = b->merge != NULL ? b->merge[pc->face] : 0;
      /* + 0.0: -0 and 0 are one plane. */
      k.key[0] = round (pl->normal.x * 1e6) + 0.0;
      k.key[1] = round (pl->normal.y * 1e6) + 0.0;
      k.key[2] = round (pl->normal.z * 1e6) + 0.0;
      k.key[3] = round (pl->dist * 1e3) + 0.0;
      h = (h ^ (guint64) (gint64) k.merge) * 1099511628211u;
      for (int c = 0; c < 4; c++)
        h = (h ^ (guint64) (gint64) k.key[c]) * 1099511628211u;
      for (slot = (guint) (h ^ (h >> 29)) & mask; slot_group[slot] >= 0 && !same_plane_key (&slots[slot], &k);
           slot = (slot + 1) & mask)
        ;
      if (slot_group[slot] < 0)
        {
          slots[slot] = k;
          slot_group[slot] = (*n_groups)++;
        }
      group_of[i] = slot_group[slot];
    }
  return group_of;
}

void
qr_union_merge_coplanar (QrUnionResult *r, const QrUnionBrush *brushes)
{
  guint n = r->pieces->len;
  int n_groups = 0;
  g_autofree int *group_of = group_pieces_by_plane (r, brushes, &n_groups);
  g_autofree int *start = g_new0 (int, n_groups + 1);
  g_autofree int *order = g_new (int, MAX (n, 1));
  /* Each piece's points after merging, by the piece's input index; the
   * pool starts as the input's points, merges append to it. */
  g_autofree Span *span = g_new (Span, MAX (n, 1));
  g_autofree Span *group = g_new (Span, MAX (n, 1));
  g_autofree int *todo = g_new (int, MAX (n, 1));
  Pool pool = { NULL, 0, 0 };
  EdgeTable edges = { NULL, NULL, 0, 0 };
  GArray *pieces, *points;
  guint n_out = 0, n_points = 0;

  memcpy (pool_reserve (&pool, (int) r->points->len), r->points->data, sizeof (QrVec3) * r->points->len);
  pool.len = (int) r->points->len;
  for (guint i = 0; i < n; i++)
    {
      const QrUnionPiece *pc = &g_array_index (r->pieces, QrUnionPiece, i);

      span[i] = (Span) { pc->first, pc->n };
    }

  /* The pieces of each group together, in input order (a counting sort). */
  for (guint i = 0; i < n; i++)
    start[group_of[i] + 1]++;
  for (int g = 0; g < n_groups; g++)
    start[g + 1] += start[g];
  {
    g_autofree int *fill = g_memdup2 (start, sizeof (int) * (gsize) n_groups);

    for (guint i = 0; i < n; i++)
      order[fill[group_of[i]]++] = (int) i;
  }

  for (int g = 0; g < n_groups; g++)
    {
      int len = start[g + 1] - start[g];
      const QrUnionPiece *head = &g_array_index (r->pieces, QrUnionPiece, order[start[g]]);

      if (len == 1)
        continue; /* alone on its plane: kept as it is */
      for (int k = 0; k < len; k++)
        group[k] = span[order[start[g] + k]];
      merge_group (group, len, &pool, brushes[head->brush].planes[head->face].normal, &edges, todo);
      /* A merged piece takes the place (and brush and face) of the first
       * of its pieces: merge_group keeps the earlier of two. */
      for (int k = 0; k < len; k++)
        span[order[start[g] + k]] = group[k];
    }

  for (guint i = 0; i < n; i++)
    if (span[i].n > 0)
      n_out++, n_points += (guint) span[i].n;
  pieces = g_array_sized_new (FALSE, FALSE, sizeof (QrUnionPiece), n_out);
  points = g_array_sized_new (FALSE, FALSE, sizeof (QrVec3), n_points);
  for (guint i = 0; i < n; i++)
    {
      QrUnionPiece pc = g_array_index (r->pieces, QrUnionPiece, i);

      if (span[i].n == 0)
        continue; /* merged into an earlier piece */
      pc.first = (int) points->len;
      pc.n = span[i].n;
      g_array_append_vals (points, pool.at + span[i].first, (guint) span[i].n);
      g_array_append_val (pieces, pc);
    }
  g_free (pool.at);
  g_free (edges.keys);
  g_free (edges.values);
  g_array_unref (r->pieces);
  g_array_unref (r->points);
  r->pieces = pieces;
  r->points = points;
}
