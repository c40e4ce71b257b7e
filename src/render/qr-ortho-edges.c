/* qr-ortho-edges.c — see qr-ortho-edges.h. */
#include "qr-ortho-edges.h"

#include <string.h>
#include "qr-ortho-view.h"

/* A line as the canvas sees it: its ends in the canvas's plane, in the
 * order drawn. */
typedef struct
{
  float a[2], b[2];
  uint32_t color;
  uint32_t flags;
} Line;

static inline gboolean
same_line (const Line *x, const Line *y)
{
  return x->a[0] == y->a[0] && x->a[1] == y->a[1] && x->b[0] == y->b[0] && x->b[1] == y->b[1]
         && x->color == y->color && x->flags == y->flags;
}

/* Over the bits of the floats: equal floats have equal bits once -0 is made
 * +0, which line_of does. */
static inline guint32
hash_line (const Line *l)
{
  guint32 w[6];
  memcpy (w, l, sizeof w);
  guint64 h = 0x9e3779b97f4a7c15u;
  for (int i = 0; i < 6; i++)
    h = (h ^ w[i]) * 0xff51afd7ed558ccdu;
  return (guint32) (h ^ h >> 32);
}

/* A flat line takes its colour from its last vertex, GL's provoking one. */
static Line
line_of (const QrSceneVertex *v, const QrSceneVertex *w, int right, int up)
{
  /* Adding +0 turns -0 into +0, so that equal coordinates hash alike. */
  float p[2] = { v->pos[right] + 0.0f, v->pos[up] + 0.0f };
  float q[2] = { w->pos[right] + 0.0f, w->pos[up] + 0.0f };
  Line l = { .color = w->color, .flags = w->flags };
  memcpy (l.a, p, sizeof l.a);
  memcpy (l.b, q, sizeof l.b);
  return l;
}

/* An axis-aligned line of the canvas: on which line of the plane, which way
 * round, the span it covers and its place in the list. */
typedef struct
{
  guint64 key;   /* fixed, then lo, as unsigned integers in the floats' order */
  guint32 kind;  /* bit 0: along the canvas's right axis; bit 1: drawn towards + */
  float fixed;   /* the coordinate it keeps */
  float lo, hi;  /* the span of the other one */
  guint place;   /* its number in the list */
} Run;

/* A float's bits made an unsigned integer of the same order. */
static inline guint32
float_order (float f)
{
  guint32 u;
  f += 0.0f; /* -0 as +0 */
  memcpy (&u, &f, sizeof u);
  return u & 0x80000000u ? ~u : u | 0x80000000u;
}

/* Sorts runs by kind, then fixed, then lo: a stable radix sort, a byte a
 * pass from the least significant, skipping bytes all runs share. qsort's
 * comparisons cost 15 M instructions a canvas of NewDeralia (callgrind). */
static void
sort_runs (Run *runs, guint n)
{
  g_autofree Run *spare = g_new (Run, MAX (n, 1));
  Run *from = runs, *to = spare;
  for (int pass = 0; pass < 9; pass++)
    {
      guint count[256] = { 0 };
      for (guint i = 0; i < n; i++)
        count[pass < 8 ? (from[i].key >> (8 * pass)) & 0xff : from[i].kind]++;
      gboolean shared = FALSE;
      for (int b = 0; b < 256 && !shared; b++)
        shared = count[b] == n;
      if (shared)
        continue;
      guint at = 0;
      for (int b = 0; b < 256; b++)
        {
          guint c = count[b];
          count[b] = at;
          at += c;
        }
      for (guint i = 0; i < n; i++)
        to[count[pass < 8 ? (from[i].key >> (8 * pass)) & 0xff : from[i].kind]++] = from[i];
      Run *t = from;
      from = to;
      to = t;
    }
  if (from != runs)
    memcpy (runs, from, n * sizeof *runs);
}

/* Fenwick tree over places, counted from the end of the list: the largest
 * `hi` among the runs inserted at a place after a given one. */
static void
later_insert (float *tree, guint n, guint place, float hi)
{
  for (guint i = n - place; i <= n; i += i & -i)
    tree[i] = MAX (tree[i], hi);
}

static float
later_max (const float *tree, guint n, guint place)
{
  float best = -G_MAXFLOAT;
  for (guint i = n - place - 1; i > 0; i -= i & -i)
    best = MAX (best, tree[i]);
  return best;
}

static void
later_clear (float *tree, guint n, guint place)
{
  for (guint i = n - place; i <= n; i += i & -i)
    tree[i] = -G_MAXFLOAT;
}

/* Leaves out every axis-aligned line that a later one on the same line of
 * the plane, drawn the same way round, spans whole. Such a line lights a
 * subset of the later one's pixels: along a row, the diamond-exit rule
 * lights the pixels whose diamonds' far sides lie past the line's start and
 * not past its end, which grows with the span; the later line then paints
 * every one of them again, whatever its colour. (On NewDeralia, after the
 * repeats, a fifth of the lines: 14,200 of 67,000.) */
static void
drop_covered (const QrSceneVertex *verts, const QrOrthoAxes *axes, GArray *lines)
{
  uint32_t *idx = (uint32_t *) (gpointer) lines->data;
  guint n = lines->len / 2, n_runs = 0;
  if (n == 0)
    return;
  g_autofree Run *runs = g_new (Run, n);
  for (guint i = 0; i < n; i++)
    {
      const float *a = verts[idx[2 * i]].pos, *b = verts[idx[2 * i + 1]].pos;
      float ax = a[axes->right], ay = a[axes->up], bx = b[axes->right], by = b[axes->up];
      Run *r = &runs[n_runs];
      if (ay == by && ax != bx)
        *r = (Run) { 0, 1 | (ax < bx ? 2 : 0), ay + 0.0f, MIN (ax, bx), MAX (ax, bx), i };
      else if (ax == bx && ay != by)
        *r = (Run) { 0, ay < by ? 2 : 0, ax + 0.0f, MIN (ay, by), MAX (ay, by), i };
      else
        continue;
      r->key = (guint64) float_order (r->fixed) << 32 | float_order (r->lo);
      n_runs++;
    }
  sort_runs (runs, n_runs);

  g_autofree float *tree = g_new (float, n + 1);
  for (guint i = 0; i <= n; i++)
    tree[i] = -G_MAXFLOAT;
  g_autofree gboolean *covered = g_new0 (gboolean, n);
  /* Line by line of the plane, by start: the runs starting no later than
   * this one are in the tree, and one of them after it ends no sooner. */
  for (guint first = 0; first < n_runs;)
    {
      guint end = first + 1;
      while (end < n_runs && runs[end].kind == runs[first].kind && runs[end].fixed == runs[first].fixed)
        end++;
      for (guint i = first; i < end;)
        {
          guint same = i + 1;
          while (same < end && runs[same].lo == runs[i].lo)
            same++;
          for (guint k = i; k < same; k++)
            later_insert (tree, n, runs[k].place, runs[k].hi);
          for (guint k = i; k < same; k++)
            covered[runs[k].place] = later_max (tree, n, runs[k].place) >= runs[k].hi;
          i = same;
        }
      for (guint k = first; k < end; k++)
        later_clear (tree, n, runs[k].place);
      first = end;
    }

  guint kept = 0;
  for (guint i = 0; i < n; i++)
    if (!covered[i])
      {
        idx[2 * kept] = idx[2 * i];
        idx[2 * kept + 1] = idx[2 * i + 1];
        kept++;
      }
  g_array_set_size (lines, 2 * kept);
}

void
qr_ortho_edges_collect (const QrSceneMesh *mesh, int axis, GArray *out)
{
  qr_ortho_edges_collect_hiding (mesh, axis, 0, out);
}

void
qr_ortho_edges_collect_hiding (const QrSceneMesh *mesh, int axis, guint hide, GArray *out)
{
  g_return_if_fail (mesh != NULL && axis >= 0 && axis < 3 && out != NULL);
  g_return_if_fail (g_array_get_element_size (out) == sizeof (uint32_t));

  guint n_verts, n_index;
  const QrSceneVertex *verts = qr_scene_mesh_get_data (mesh, QR_SCENE_EDGE_VERTS, &n_verts, NULL);
  const uint32_t *index = qr_scene_mesh_get_data (mesh, qr_scene_stream_for_ortho (axis), &n_index, NULL);
  const QrOrthoAxes *axes = qr_ortho_axis_get_axes ((QrOrthoAxis) axis);
  guint n_lines = n_index / 2;

  /* Open addressing, at most half full: each cell holds a kept line's
   * number + 1 (0: empty). */
  guint capacity = 16;
  while (capacity < 2 * n_lines)
    capacity *= 2;
  g_autofree guint32 *cells = g_new0 (guint32, capacity);
  g_autofree Line *kept = g_new (Line, MAX (n_lines, 1));
  guint n_kept = 0;

  g_array_set_size (out, n_index);
  uint32_t *dst = (uint32_t *) (gpointer) out->data;
  guint n_out = n_index; /* filled from the end: the last of each line is kept */

  for (guint i = n_lines; i-- > 0;)
    {
      uint32_t ia = index[2 * i], ib = index[2 * i + 1];
      g_assert (ia < n_verts && ib < n_verts);
      const QrSceneVertex *va = &verts[ia], *vb = &verts[ib];
      if ((va->flags | vb->flags) & (QR_SCENE_UNUSED | QR_SCENE_SELECTED | hide))
        continue;
      Line l = line_of (va, vb, axes->right, axes->up);
      guint cell = hash_line (&l) & (capacity - 1);
      gboolean seen = FALSE;
      for (; cells[cell] != 0; cell = (cell + 1) & (capacity - 1))
        if (same_line (&kept[cells[cell] - 1], &l))
          {
            seen = TRUE;
            break;
          }
      if (seen)
        continue;
      kept[n_kept++] = l;
      cells[cell] = n_kept;
      dst[--n_out] = ib;
      dst[--n_out] = ia;
    }
  if (n_index > n_out) /* dst is NULL for an empty array */
    memmove (dst, dst + n_out, (n_index - n_out) * sizeof *dst);
  g_array_set_size (out, n_index - n_out);
  drop_covered (verts, axes, out);
}
