#include "qr-face-union.h"
#include "qr-eps.h"
#include "qr-winding.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Broad phase: brushes binned in a uniform grid of cubes, so a face meets
 * only the brushes near it. A brush spanning very many cells (a sky box
 * wall) is kept aside and tested against every face.
 */

enum { MAX_CELLS_PER_BRUSH = 64, MAX_CELLS_PER_QUERY = 512, CELL_BITS = 21 };

typedef struct
{
  double size;
  guint mask;      /* slots − 1 */
  guint64 *keys;   /* per slot: its cell */
  int *heads;      /* per slot: the cell's first entry, −1: slot free */
  GArray *items;   /* int, per entry */
  GArray *next;    /* int, per entry: the next of the same cell, −1 */
  GArray *big;     /* int: items too big for the cells */
} Grid;

static gint64
cell_of (double x, double size)
{
  gint64 c = (gint64) floor (x / size);
  const gint64 half = (gint64) 1 << (CELL_BITS - 1);

  return CLAMP (c, -half, half - 1);
}

static guint64
cell_key (gint64 x, gint64 y, gint64 z)
{
  const gint64 half = (gint64) 1 << (CELL_BITS - 1);
  const guint64 mask = ((guint64) 1 << CELL_BITS) - 1;

  return ((guint64) (x + half) & mask) << (2 * CELL_BITS) | ((guint64) (y + half) & mask) << CELL_BITS
         | ((guint64) (z + half) & mask);
}

static guint
slot_of (guint64 key, guint mask)
{
  key *= 0x9e3779b97f4a7c15u;
  return (guint) (key >> 32) & mask;
}

/* The slot of a cell: its own, or the free one it would take. */
static guint
grid_slot (const Grid *g, guint64 key)
{
  guint slot = slot_of (key, g->mask);

  while (g->heads[slot] >= 0 && g->keys[slot] != key)
    slot = (slot + 1) & g->mask;
  return slot;
}

/* The first entry of a cell, −1 when empty; then g->next. */
static int
grid_first (const Grid *g, guint64 key)
{
  return g->heads[grid_slot (g, key)];
}

static gint64
cells_in (const QrBounds *b, double size, gint64 lo[3], gint64 hi[3])
{
  const double mn[3] = { b->min.x, b->min.y, b->min.z }, mx[3] = { b->max.x, b->max.y, b->max.z };
  gint64 count = 1;

  for (int a = 0; a < 3; a++)
    {
      lo[a] = cell_of (mn[a], size);
      hi[a] = cell_of (mx[a], size);
      count *= hi[a] - lo[a] + 1;
    }
  return count;
}

static void
grid_add (Grid *g, guint64 key, int item)
{
  guint slot;
  int entry = (int) g->items->len;

  /* Keep the table at most half full: twice the entries bounds the cells. */
  if (2 * (g->items->len + 1) > g->mask + 1)
    {
      guint old_n = g->mask + 1;
      guint64 *old_keys = g->keys;
      int *old_heads = g->heads;

      g->mask = 2 * old_n - 1;
      g->keys = g_new (guint64, 2 * (gsize) old_n);
      g->heads = g_new (int, 2 * (gsize) old_n);
      memset (g->heads, -1, sizeof (int) * 2 * (gsize) old_n);
      for (guint i = 0; i < old_n; i++)
        if (old_heads[i] >= 0)
          {
            guint to = grid_slot (g, old_keys[i]);

            g->keys[to] = old_keys[i];
            g->heads[to] = old_heads[i];
          }
      g_free (old_keys);
      g_free (old_heads);
    }
  slot = grid_slot (g, key);
  g->keys[slot] = key;
  g_array_append_val (g->items, item);
  g_array_append_val (g->next, g->heads[slot]);
  g->heads[slot] = entry;
}

static void
grid_init (Grid *g, const QrBounds *bounds, int n, double size)
{
  g->size = size;
  g->mask = 63;
  g->keys = g_new (guint64, 64);
  g->heads = g_new (int, 64);
  memset (g->heads, -1, sizeof (int) * 64);
  g->items = g_array_sized_new (FALSE, FALSE, sizeof (int), (guint) n);
  g->next = g_array_sized_new (FALSE, FALSE, sizeof (int), (guint) n);
  g->big = g_array_new (FALSE, FALSE, sizeof (int));
  for (int i = 0; i < n; i++)
    {
      gint64 lo[3], hi[3];

      if (cells_in (&bounds[i], size, lo, hi) > MAX_CELLS_PER_BRUSH)
        {
          g_array_append_val (g->big, i);
          continue;
        }
      for (gint64 x = lo[0]; x <= hi[0]; x++)
        for (gint64 y = lo[1]; y <= hi[1]; y++)
          for (gint64 z = lo[2]; z <= hi[2]; z++)
            grid_add (g, cell_key (x, y, z), i);
    }
}

static void
grid_clear (Grid *g)
{
  g_free (g->keys);
  g_free (g->heads);
  g_array_unref (g->items);
  g_array_unref (g->next);
  g_array_unref (g->big);
}

#define GRID_ITEM(g, e) g_array_index ((g)->items, int, (e))
#define GRID_NEXT(g, e) g_array_index ((g)->next, int, (e))

static int
compare_int (gconstpointer a, gconstpointer b)
{
  int x = *(const int *) a, y = *(const int *) b;

  return (x > y) - (x < y);
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static bool
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

typedef struct
{
  const QrUnionBrush *brushes;
  int n_brushes;
  QrBounds *bounds;
  Grid grid;
  int *stamp;
  int stamp_now;
  GArray *pool;       /* QrVec3 */
  GArray *pieces;     /* Piece */
  GArray *next;       /* Piece */
  GArray *candidates; /* int */
  GArray *dists;      /* double */
} Union;

static int
pool_add (Union *u, const QrVec3 *p, int n)
{
  int first = (int) u->pool->len;

  g_array_append_vals (u->pool, p, (guint) n);
  return first;
}

static void
keep (GArray *out, int first, int n)
{
  Piece piece = { first, n };

  g_array_append_val (out, piece);
}

/* Splits piece `cur` where the distances d cross zero (within eps); the
 * front part goes to out, the back part is returned (n = 0 when none).
 * Split points are pinned to an axial plane (plane NULL: not). */
static Piece
split (Union *u, Piece cur, const QrPlane *plane, const double *d, double eps, GArray *out)
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
      const QrVec3 *pool = (const QrVec3 *) u->pool->data + cur.first;
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

/* The parts of piece `cur` (of face `fa` of brush a) outside brush b go to out. */
static void
clip_by_brush (Union *u, int a, QrVec3 normal_a, Piece cur, int b, GArray *out)
{
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
      bool front = false, back = false;
      /* A face of b nearly back to back with ours (within 0.8°) hides the
       * part of ours nearer than QR_EPS_UNION, not only what is behind
       * it: faces that cross at a hair's angle are flush where they are
       * that close. The line of that distance is where ours is cut. */
      bool facing = qr_vec3_dot (normal_a, plane->normal) < -(1 - QR_EPS_UNION_COS);
      double shift = facing ? QR_EPS_UNION : 0, eps = facing ? QR_EPS_ON_PLANE : QR_EPS_UNION;

      if (qr_polytope_face_count (pb, j) == 0)
        continue;
      g_array_set_size (u->dists, (guint) cur.n);
      d = (double *) u->dists->data;
      pool = (const QrVec3 *) u->pool->data + cur.first;
      for (int i = 0; i < cur.n; i++)
        {
          d[i] = qr_plane_distance_to (plane, pool[i]) - shift;
          front |= d[i] > eps;
          back |= d[i] < -eps;
        }
      if (!front && !back)
        {
          /* A face that is drawn beats one that is not (caulk, nodraw)
           * whatever the order: the other would leave a hole. */
          bool j_drawn = bb->emit == NULL || bb->emit[j];

          if (qr_vec3_dot (normal_a, plane->normal) > 0 && (!b_wins || !j_drawn))
            {
              keep (out, cur.first, cur.n);
              return;
            }
          continue; /* facing into b, or b's face wins: as if behind */
        }
      if (!back)
        {
          keep (out, cur.first, cur.n);
          return;
        }
      if (!front)
        continue;
      cur = split (u, cur, facing ? NULL : plane, d, eps, out);
      if (cur.n == 0)
        return;
    }
  /* Behind every plane of b: inside it. */
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

  g_array_set_size (u->candidates, 0);
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
        g_array_append_val (u->candidates, b_);                                                        \
      u->stamp[b_] = u->stamp_now;                                                                     \
    }                                                                                                  \
  while (0)

  if (cells_in (&q, u->grid.size, lo, hi) > MAX_CELLS_PER_QUERY)
    {
      for (int b = 0; b < u->n_brushes; b++)
        CONSIDER (b);
    }
  else
    {
      for (gint64 x = lo[0]; x <= hi[0]; x++)
        for (gint64 y = lo[1]; y <= hi[1]; y++)
          for (gint64 z = lo[2]; z <= hi[2]; z++)
            for (int e = grid_first (&u->grid, cell_key (x, y, z)); e >= 0; e = GRID_NEXT (&u->grid, e))
              CONSIDER (GRID_ITEM (&u->grid, e));
      for (guint k = 0; k < u->grid.big->len; k++)
        CONSIDER (g_array_index (u->grid.big, int, k));
    }
#undef CONSIDER
  /* Cells list brushes by cell: back to input order, so the result does
   * not depend on the grid. */
  if (u->candidates->len > 32)
    g_array_sort (u->candidates, compare_int);
  else
    {
      int *c = (int *) u->candidates->data;

      for (guint i = 1; i < u->candidates->len; i++)
        for (guint j = i; j > 0 && c[j - 1] > c[j]; j--)
          {
            int t = c[j];

            c[j] = c[j - 1];
            c[j - 1] = t;
          }
    }
}

static double
piece_area (const QrVec3 *p, int n)
{
  return 0.5 * qr_vec3_length (qr_points_newell (p, n));
}

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

/* P and Q (convex, counter-clockwise about normal) merged into out when
 * they share a whole edge and the result is convex; corners left in the
 * middle of a straight side are dropped. */
static bool
try_merge (const GArray *P, const GArray *Q, QrVec3 normal, GArray *out)
{
  const QrVec3 *p = (const QrVec3 *) P->data, *q = (const QrVec3 *) Q->data;
  int np = (int) P->len, nq = (int) Q->len;

  for (int k = 0; k < np; k++)
    for (int m = 0; m < nq; m++)
      {
        QrVec3 a = p[k], b = p[(k + 1) % np];
        g_autoptr (GArray) merged = NULL;
        int n;

        if (!same_point (a, q[(m + 1) % nq]) || !same_point (b, q[m]))
          continue;
        merged = g_array_sized_new (FALSE, FALSE, sizeof (QrVec3), (guint) (np + nq - 2));
        for (int i = 1; i <= np; i++)
          g_array_append_val (merged, p[(k + i) % np]); /* b … a */
        for (int i = 2; i < nq; i++)
          g_array_append_val (merged, q[(m + i) % nq]); /* after a … before b */
        /* Convex at the two joints, a (at np − 1) then b (at 0), and no
         * corner left in the middle of a straight side there. */
        for (int pass = 0; pass < 2; pass++)
          {
            const QrVec3 *v = (const QrVec3 *) merged->data;
            int j = pass == 0 ? np - 1 : 0;
            double t;

            n = (int) merged->len;
            t = turn_at (v[(j + n - 1) % n], v[j], v[(j + 1) % n], normal);
            if (t < -1e-9)
              return false;
            if (t <= 1e-9)
              g_array_remove_index (merged, (guint) j);
          }
        if (merged->len < 3)
          return false;
        g_array_set_size (out, 0);
        g_array_append_vals (out, merged->data, merged->len);
        return true;
      }
  return false;
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

static void
add_edges (EdgeTable *edges, const GArray *piece, guint index)
{
  const QrVec3 *p = (const QrVec3 *) piece->data;

  for (guint k = 0; k < piece->len; k++)
    {
      EdgeKey key = edge_key (p[k], p[(k + 1) % piece->len]);

      edge_table_put (edges, &key, index + 1);
    }
}

/* Merges the pieces of one plane and class: each piece looks up, for each
 * of its edges, the piece holding that edge the other way round; merged
 * pieces look again. The earlier piece of two holds their merge; the
 * other is freed and left NULL in the group. */
static void
merge_group (GPtrArray *group, QrVec3 normal, EdgeTable *edges, GArray *scratch)
{
  g_autoptr (GArray) todo = g_array_new (FALSE, FALSE, sizeof (guint));

  edge_table_reset (edges, 4 * group->len);
  for (guint i = 0; i < group->len; i++)
    {
      add_edges (edges, g_ptr_array_index (group, i), i);
      g_array_append_val (todo, i);
    }
  while (todo->len > 0)
    {
      guint i = g_array_index (todo, guint, todo->len - 1);
      GArray *pi = g_ptr_array_index (group, i);

      g_array_set_size (todo, todo->len - 1);
      if (pi == NULL)
        continue;
      for (guint k = 0; k < pi->len; k++)
        {
          const QrVec3 *p = (const QrVec3 *) pi->data;
          EdgeKey key = edge_key (p[(k + 1) % pi->len], p[k]);
          guint j = edge_table_get (edges, &key);
          GArray *pj;

          if (j == 0 || j - 1 == i || (pj = g_ptr_array_index (group, j - 1)) == NULL)
            continue;
          if (!try_merge (pi, pj, normal, scratch))
            continue;
          /* The earlier of the two keeps the merged piece. */
          {
            guint keep = MIN (i, j - 1), drop = MAX (i, j - 1);
            GArray *pk = g_ptr_array_index (group, keep);

            g_array_set_size (pk, 0);
            g_array_append_vals (pk, scratch->data, scratch->len);
            g_array_unref (g_ptr_array_index (group, drop));
            g_ptr_array_index (group, drop) = NULL;
            add_edges (edges, pk, keep);
            g_array_append_val (todo, keep);
          }
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

static void
merge_coplanar (QrUnionResult *r, const QrUnionBrush *brushes)
{
  guint n = r->pieces->len;
  int n_groups = 0;
  g_autofree int *group_of = group_pieces_by_plane (r, brushes, &n_groups);
  g_autofree int *start = g_new0 (int, n_groups + 1);
  g_autofree int *order = g_new (int, MAX (n, 1));
  g_autofree GArray **merged = g_new0 (GArray *, MAX (n, 1)); /* by a piece's first original */
  g_autoptr (GArray) pieces = g_array_new (FALSE, FALSE, sizeof (QrUnionPiece));
  g_autoptr (GArray) points = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  g_autoptr (GPtrArray) group = g_ptr_array_new ();
  g_autoptr (GArray) scratch = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  EdgeTable edges = { NULL, NULL, 0, 0 };

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
      int first = order[start[g]];
      const QrUnionPiece *head = &g_array_index (r->pieces, QrUnionPiece, first);

      g_ptr_array_set_size (group, 0);
      for (int k = start[g]; k < start[g + 1]; k++)
        {
          const QrUnionPiece *pc = &g_array_index (r->pieces, QrUnionPiece, order[k]);
          GArray *pts = g_array_sized_new (FALSE, FALSE, sizeof (QrVec3), (guint) pc->n);

          g_array_append_vals (pts, &g_array_index (r->points, QrVec3, pc->first), (guint) pc->n);
          g_ptr_array_add (group, pts);
        }
      if (group->len > 1)
        merge_group (group, brushes[head->brush].planes[head->face].normal, &edges, scratch);
      /* A merged piece takes the place (and brush and face) of the first
       * of its pieces: merge_group keeps the earlier of two. */
      for (guint k = 0; k < group->len; k++)
        if (g_ptr_array_index (group, k) != NULL)
          {
            int orig = order[start[g] + (int) k];

            merged[orig] = g_ptr_array_index (group, k);
          }
    }
  for (guint i = 0; i < n; i++)
    if (merged[i] != NULL)
      {
        QrUnionPiece pc = g_array_index (r->pieces, QrUnionPiece, i);

        pc.first = (int) points->len;
        pc.n = (int) merged[i]->len;
        g_array_append_vals (points, merged[i]->data, merged[i]->len);
        g_array_append_val (pieces, pc);
        g_array_unref (merged[i]);
      }
  g_free (edges.keys);
  g_free (edges.values);
  g_array_set_size (r->pieces, 0);
  g_array_append_vals (r->pieces, pieces->data, pieces->len);
  g_array_set_size (r->points, 0);
  g_array_append_vals (r->points, points->data, points->len);
}

QrUnionResult *
qr_face_union (const QrUnionBrush *brushes, int n_brushes)
{
  QrUnionResult *r = g_new0 (QrUnionResult, 1);
  Union u = { .brushes = brushes, .n_brushes = n_brushes };
  double extent = 0;

  r->pieces = g_array_new (FALSE, FALSE, sizeof (QrUnionPiece));
  r->points = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  if (n_brushes == 0)
    return r;

  u.bounds = g_new (QrBounds, n_brushes);
  {
    g_autofree double *extents = g_new (double, n_brushes);

    for (int i = 0; i < n_brushes; i++)
      {
        u.bounds[i] = brushes[i].poly->bounds;
        extents[i] = qr_vec3_max_abs (qr_vec3_sub (u.bounds[i].max, u.bounds[i].min));
      }
    /* Cells about twice a typical brush, by the median: a few huge
     * brushes (sky, terrain) must not make every cell hold hundreds. */
    qsort (extents, (size_t) n_brushes, sizeof (double), compare_double);
    extent = extents[n_brushes / 2];
  }
  grid_init (&u.grid, u.bounds, n_brushes, CLAMP (2 * extent, 8.0, 4096.0));
  u.stamp = g_new0 (int, n_brushes);
  u.pool = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  u.pieces = g_array_new (FALSE, FALSE, sizeof (Piece));
  u.next = g_array_new (FALSE, FALSE, sizeof (Piece));
  u.candidates = g_array_new (FALSE, FALSE, sizeof (int));
  u.dists = g_array_new (FALSE, FALSE, sizeof (double));

  for (int a = 0; a < n_brushes; a++)
    {
      const QrPolytope *pa = brushes[a].poly;

      for (int f = 0; f < pa->n_faces; f++)
        {
          const uint16_t *idx = qr_polytope_face_indices (pa, f);
          int n = qr_polytope_face_count (pa, f);
          QrBounds box = qr_bounds_empty ();
          QrVec3 normal = brushes[a].planes[f].normal;

          if (n < 3 || (brushes[a].emit != NULL && !brushes[a].emit[f]))
            continue;
          g_array_set_size (u.pool, 0);
          g_array_set_size (u.pieces, 0);
          for (int k = 0; k < n; k++)
            {
              g_array_append_val (u.pool, pa->verts[idx[k]]);
              qr_bounds_add_point (&box, pa->verts[idx[k]]);
            }
          keep (u.pieces, 0, n);

          find_candidates (&u, a, &box);
          for (guint c = 0; c < u.candidates->len && u.pieces->len > 0; c++)
            {
              int b = g_array_index (u.candidates, int, c);
              GArray *tmp;

              g_array_set_size (u.next, 0);
              for (guint k = 0; k < u.pieces->len; k++)
                {
                  Piece piece = g_array_index (u.pieces, Piece, k);

                  if (!bounds_overlap (&u.bounds[b], &box, QR_EPS_UNION))
                    keep (u.next, piece.first, piece.n);
                  else
                    clip_by_brush (&u, a, normal, piece, b, u.next);
                }
              tmp = u.pieces, u.pieces = u.next, u.next = tmp;
            }

          for (guint k = 0; k < u.pieces->len; k++)
            {
              Piece piece = g_array_index (u.pieces, Piece, k);
              const QrVec3 *p = (const QrVec3 *) u.pool->data + piece.first;
              QrUnionPiece out = { a, f, (int) r->points->len, piece.n };

              if (piece_area (p, piece.n) < QR_EPS_AREA)
                continue;
              g_array_append_vals (r->points, p, (guint) piece.n);
              g_array_append_val (r->pieces, out);
            }
        }
    }

  merge_coplanar (r, brushes);

  grid_clear (&u.grid);
  g_free (u.bounds);
  g_free (u.stamp);
  g_array_unref (u.pool);
  g_array_unref (u.pieces);
  g_array_unref (u.next);
  g_array_unref (u.candidates);
  g_array_unref (u.dists);
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
  return cell_key ((gint64) floor (u + 0.5), (gint64) floor (v + 0.5), axis);
}

static void
on_line (const Grid *lines, const GArray *corners, int axis, QrVec3 a, QrVec3 d, double len2, double len,
         GArray *found)
{
  const double ac[3] = { a.x, a.y, a.z };
  double u = ac[(axis + 1) % 3], v = ac[(axis + 2) % 3];
  gint64 qu = (gint64) floor (u + 0.5), qv = (gint64) floor (v + 0.5);

  /* The neighbouring keys too: a corner within the tolerance of the
   * line may have rounded the other way. */
  for (gint64 du = -1; du <= 1; du++)
    for (gint64 dv = -1; dv <= 1; dv++)
      for (int e = grid_first (lines, cell_key (qu + du, qv + dv, axis)); e >= 0; e = GRID_NEXT (lines, e))
        consider_corner (g_array_index (corners, QrVec3, GRID_ITEM (lines, e)), a, d, len2, len, found);
}

/* Any other edge visits the cells along it, slab by slab across its
 * longest axis. */
static void
on_edge_cells (const Grid *grid, const GArray *corners, QrVec3 a, QrVec3 d, double len2, double len,
               GArray *found)
{
  const double tol = QR_EPS_TJUNCTION;
  const double ad[3] = { a.x, a.y, a.z }, dd[3] = { d.x, d.y, d.z };
  int axis = fabs (d.x) >= fabs (d.y) && fabs (d.x) >= fabs (d.z) ? 0 : fabs (d.y) >= fabs (d.z) ? 1 : 2;
  gint64 s0, s1;

  s0 = cell_of (MIN (ad[axis], ad[axis] + dd[axis]) - tol, grid->size);
  s1 = cell_of (MAX (ad[axis], ad[axis] + dd[axis]) + tol, grid->size);
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

          c_lo[ax] = cell_of (MIN (u0, u1) - tol, grid->size);
          c_hi[ax] = cell_of (MAX (u0, u1) + tol, grid->size);
        }
      c_lo[axis] = c_hi[axis] = s;
      for (gint64 x = c_lo[0]; x <= c_hi[0]; x++)
        for (gint64 y = c_lo[1]; y <= c_hi[1]; y++)
          for (gint64 z = c_lo[2]; z <= c_hi[2]; z++)
            for (int m = grid_first (grid, cell_key (x, y, z)); m >= 0; m = GRID_NEXT (grid, m))
              consider_corner (g_array_index (corners, QrVec3, GRID_ITEM (grid, m)), a, d, len2, len, found);
    }
}

int
qr_union_fix_t_junctions (QrUnionResult *r)
{
  g_autoptr (GArray) corners = distinct_points (r->points);
  g_autoptr (GArray) points = g_array_sized_new (FALSE, FALSE, sizeof (QrVec3), r->points->len);
  g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (OnEdge));
  g_autofree QrBounds *cb = g_new (QrBounds, MAX (corners->len, 1));
  const double tol = QR_EPS_TJUNCTION;
  double extent = 0;
  Grid grid, lines;
  int inserted = 0;

  if (corners->len == 0)
    return 0;
  for (guint i = 0; i < corners->len; i++)
    {
      QrVec3 c = g_array_index (corners, QrVec3, i);

      cb[i] = (QrBounds) { c, c };
    }
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
    /* Cells about a typical edge long, by the geometric mean: the few
     * long edges must not make every cell hold many corners. */
    extent = n > 0 ? exp (log_sum / n) : 1;
  }
  grid_init (&grid, cb, (int) corners->len, CLAMP (extent, 1.0, 4096.0));
  grid_init (&lines, NULL, 0, 1);
  for (guint i = 0; i < corners->len; i++)
    {
      QrVec3 c = g_array_index (corners, QrVec3, i);

      grid_add (&lines, line_key (0, c.y, c.z), (int) i);
      grid_add (&lines, line_key (1, c.z, c.x), (int) i);
      grid_add (&lines, line_key (2, c.x, c.y), (int) i);
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
            on_edge_cells (&grid, corners, a, d, len2, len, found);
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
  grid_clear (&grid);
  grid_clear (&lines);
  g_array_set_size (r->points, 0);
  g_array_append_vals (r->points, points->data, points->len);
  return inserted;
}

/* ------------------------------------------------------------------------
 * Triangles.
 */

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
