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

void
qr_ortho_edges_collect (const QrSceneMesh *mesh, int axis, GArray *out)
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
      if ((va->flags | vb->flags) & (QR_SCENE_UNUSED | QR_SCENE_SELECTED))
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
  memmove (dst, dst + n_out, (n_index - n_out) * sizeof *dst);
  g_array_set_size (out, n_index - n_out);
}
