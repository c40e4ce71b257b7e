/* qr-vertex-tool.c — Vertex (issue 19): the selected brushes' corners as
 * handles in the design canvases; drag one to reshape the brushes around
 * it (qr_op_vertex_move: the brush becomes the hull of its corners). A
 * handle stands for every corner under it in that view — in the top view
 * a box's corner is a vertical edge — and for every selected brush that
 * has a corner there, so shared corners stay shared (TrenchBroom's
 * behaviour). The drag shows the brushes it would make, or the old ones
 * in red with the reason in the status bar when the move would be
 * refused; the release makes it one undo step. Escape drops a drag. */
#include "qr-tool.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include "qr-brush.h"
#include "qr-operations.h"

/* How near, in pixels, a press must be to a handle to take it. */
#define GRAB_PX (QR_HANDLE_PX + 2.0)

typedef struct
{
  QrTool parent;
  /* The drag: the corners taken (as they were), the view, the move so far
   * and what it would make (QrBrush *) or why not. */
  gboolean dragging;
  GArray *grabbed; /* QrVec3 */
  int view;
  QrVec3 delta;
  GPtrArray *result;
  char *refusal;
  /* The handle under the pointer with no button down. */
  gboolean has_hot;
  QrVec3 hot;
  int hot_view;
} VertexTool;

static guint
corner_hash (gconstpointer p)
{
  const QrVec3 *v = p;
  guint64 bits[3];
  QrVec3 c = { v->x + 0.0, v->y + 0.0, v->z + 0.0 }; /* -0 is 0 */

  memcpy (bits, &c, sizeof bits);
  return (guint) ((bits[0] * 0x9e3779b97f4a7c15u) ^ (bits[1] * 0xc2b2ae3d27d4eb4fu) ^ bits[2] ^ (bits[2] >> 32));
}

static gboolean
corner_equal (gconstpointer a, gconstpointer b)
{
  const QrVec3 *p = a, *q = b;

  return p->x == q->x && p->y == q->y && p->z == q->z;
}

/* The corners of the selected, valid brushes, each position once (a
 * selection of thousands of brushes is hashed, not compared pairwise). */
static GArray *
selected_corners (QrDocument *doc)
{
  g_autoptr (GArray) ids = qr_document_dup_selected_brushes (doc);
  g_autoptr (GHashTable) seen = g_hash_table_new (corner_hash, corner_equal);
  GArray *corners = g_array_new (FALSE, FALSE, sizeof (QrVec3));

  for (guint i = 0; i < ids->len; i++)
    {
      const QrBrush *brush = qr_document_lookup_brush (doc, g_array_index (ids, QrId, i));

      if (brush == NULL || !qr_brush_is_valid (brush))
        continue;
      for (int v = 0; v < brush->poly->n_verts; v++)
        if (g_hash_table_add (seen, &brush->poly->verts[v]))
          g_array_append_val (corners, brush->poly->verts[v]);
    }
  return corners;
}

/* The handle nearest the pointer within reach in its view, if any. */
static gboolean
handle_at (QrDocument *doc, const QrInput *in, QrVec3 *out)
{
  g_autoptr (GArray) corners = selected_corners (doc);
  int r, u;
  double best = GRAB_PX * in->pixel;
  gboolean found = FALSE;

  qr_tool_view_axes (in->view, &r, &u, NULL);
  for (guint k = 0; k < corners->len; k++)
    {
      QrVec3 c = g_array_index (corners, QrVec3, k);
      double d = MAX (fabs (qr_vec3_get (c, r) - qr_vec3_get (in->point, r)),
                      fabs (qr_vec3_get (c, u) - qr_vec3_get (in->point, u)));

      if (d <= best)
        {
          best = d;
          *out = c;
          found = TRUE;
        }
    }
  return found;
}

/* Every corner that view `view` shows at the place of `at`. */
static GArray *
corners_under (QrDocument *doc, int view, QrVec3 at)
{
  g_autoptr (GArray) corners = selected_corners (doc);
  GArray *under = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  int r, u;

  qr_tool_view_axes (view, &r, &u, NULL);
  for (guint k = 0; k < corners->len; k++)
    {
      QrVec3 c = g_array_index (corners, QrVec3, k);

      if (fabs (qr_vec3_get (c, r) - qr_vec3_get (at, r)) <= 1e-6
          && fabs (qr_vec3_get (c, u) - qr_vec3_get (at, u)) <= 1e-6)
        g_array_append_val (under, c);
    }
  return under;
}

static void
drop_drag (VertexTool *self)
{
  self->dragging = FALSE;
  g_array_set_size (self->grabbed, 0);
  g_clear_pointer (&self->result, g_ptr_array_unref);
  g_clear_pointer (&self->refusal, g_free);
  self->delta = qr_vec3 (0, 0, 0);
}

static void
vertex_press (QrTool *tool, QrDocument *doc, const QrInput *in, int button)
{
  VertexTool *self = (VertexTool *) tool;
  QrVec3 at;

  if (button != 1 || in->view == QR_TOOL_VIEW_3D)
    return;
  drop_drag (self);
  if (!handle_at (doc, in, &at))
    {
      qr_tool_set_status (tool, g_strdup (_("Vertex: drag a corner of the selected brushes")));
      return;
    }
  g_autoptr (GArray) under = corners_under (doc, in->view, at);
  g_array_append_vals (self->grabbed, under->data, under->len);
  self->view = in->view;
  self->dragging = TRUE;
}

static void
vertex_drag (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  VertexTool *self = (VertexTool *) tool;
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GError) error = NULL;
  QrVec3 from, to;
  int r, u;

  if (!self->dragging || in->view != self->view)
    return;
  qr_tool_view_axes (self->view, &r, &u, NULL);
  from = g_array_index (self->grabbed, QrVec3, 0);
  to = qr_tool_snap (in);
  self->delta = qr_vec3 (0, 0, 0);
  qr_vec3_set (&self->delta, r, qr_vec3_get (to, r) - qr_vec3_get (from, r));
  qr_vec3_set (&self->delta, u, qr_vec3_get (to, u) - qr_vec3_get (from, u));
  g_clear_pointer (&self->result, g_ptr_array_unref);
  g_clear_pointer (&self->refusal, g_free);
  if (qr_vec3_max_abs (self->delta) == 0)
    {
      qr_tool_set_status (tool, NULL);
      return;
    }
  ids = qr_document_dup_selected_brushes (doc);
  self->result = qr_op_vertex_move_preview (doc, (const QrId *) (gpointer) ids->data, ids->len,
                                            (const QrVec3 *) (gpointer) self->grabbed->data, self->grabbed->len, 1,
                                            self->delta, &error);
  if (self->result == NULL)
    {
      self->refusal = g_strdup (error->message);
      qr_tool_set_status (tool, g_strdup_printf (_("Vertex: %s"), error->message));
    }
  else
    qr_tool_set_status (tool, g_strdup_printf (_("Vertex: move by %g %g %g"), self->delta.x + 0.0,
                                               self->delta.y + 0.0, self->delta.z + 0.0));
}

static void
vertex_release (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  VertexTool *self = (VertexTool *) tool;
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GError) error = NULL;

  if (!self->dragging)
    return;
  vertex_drag (tool, doc, in);
  if (qr_vec3_max_abs (self->delta) > 0)
    {
      ids = qr_document_dup_selected_brushes (doc);
      if (!qr_op_vertex_move (doc, (const QrId *) (gpointer) ids->data, ids->len,
                              (const QrVec3 *) (gpointer) self->grabbed->data, self->grabbed->len, self->delta,
                              &error))
        qr_tool_set_status (tool, g_strdup_printf (_("Vertex: not moved: %s"), error->message));
      else
        qr_tool_set_status (tool, NULL);
    }
  drop_drag (self);
}

static gboolean
vertex_key (QrTool *tool, QrDocument *doc, QrToolKey key)
{
  VertexTool *self = (VertexTool *) tool;

  if (key != QR_TOOL_KEY_ESCAPE || !self->dragging)
    return FALSE;
  drop_drag (self);
  qr_tool_set_status (tool, NULL);
  return TRUE;
}

static void
add_brush_edges (GArray *segments, const QrBrush *brush, QrPreviewKind kind)
{
  const QrPolytope *poly = brush->poly;

  if (poly == NULL || poly->status != QR_POLY_OK)
    return;
  for (int e = 0; e < poly->n_edges; e++)
    {
      QrPreviewSegment s = { poly->verts[poly->edges[2 * e]], poly->verts[poly->edges[2 * e + 1]], kind };

      g_array_append_val (segments, s);
    }
}

static void
vertex_preview (QrTool *tool, QrDocument *doc, GArray *segments)
{
  VertexTool *self = (VertexTool *) tool;

  if (!self->dragging || qr_vec3_max_abs (self->delta) == 0)
    return;
  if (self->result != NULL)
    {
      for (guint i = 0; i < self->result->len; i++)
        add_brush_edges (segments, g_ptr_array_index (self->result, i), QR_PREVIEW_NEW_BRUSH);
      return;
    }
  /* Refused: the brushes as they stay, in red. */
  g_autoptr (GArray) ids = qr_document_dup_selected_brushes (doc);
  for (guint i = 0; i < ids->len; i++)
    {
      const QrBrush *brush = qr_document_lookup_brush (doc, g_array_index (ids, QrId, i));

      if (brush != NULL)
        add_brush_edges (segments, brush, QR_PREVIEW_CLIP_DROP);
    }
}

/* A handle: a small square about p in the view's plane. */
static void
add_handle (GArray *segments, int view, double pixel, QrVec3 p, QrPreviewKind kind)
{
  int r, u;
  double h = QR_HANDLE_PX * pixel;
  static const int corner[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };

  qr_tool_view_axes (view, &r, &u, NULL);
  for (int k = 0; k < 4; k++)
    {
      QrVec3 a = p, b = p;

      qr_vec3_set (&a, r, qr_vec3_get (p, r) + h * corner[k][0]);
      qr_vec3_set (&a, u, qr_vec3_get (p, u) + h * corner[k][1]);
      qr_vec3_set (&b, r, qr_vec3_get (p, r) + h * corner[(k + 1) % 4][0]);
      qr_vec3_set (&b, u, qr_vec3_get (p, u) + h * corner[(k + 1) % 4][1]);
      g_array_append_val (segments, ((QrPreviewSegment) { a, b, kind }));
    }
}

static void
vertex_view_preview (QrTool *tool, QrDocument *doc, int view, double pixel, GArray *segments)
{
  VertexTool *self = (VertexTool *) tool;
  g_autoptr (GArray) corners = selected_corners (doc);
  int r, u;

  qr_tool_view_axes (view, &r, &u, NULL);
  for (guint k = 0; k < corners->len; k++)
    {
      QrVec3 c = g_array_index (corners, QrVec3, k);
      gboolean hot = self->has_hot && fabs (qr_vec3_get (c, r) - qr_vec3_get (self->hot, r)) <= 1e-6
                     && fabs (qr_vec3_get (c, u) - qr_vec3_get (self->hot, u)) <= 1e-6;

      add_handle (segments, view, pixel, c, hot ? QR_PREVIEW_HANDLE_HOT : QR_PREVIEW_HANDLE);
    }
  /* The dragged handles where they go. */
  for (guint k = 0; self->dragging && k < self->grabbed->len; k++)
    add_handle (segments, view, pixel, qr_vec3_add (g_array_index (self->grabbed, QrVec3, k), self->delta),
                QR_PREVIEW_HANDLE_HOT);
}

static void
vertex_hover (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  VertexTool *self = (VertexTool *) tool;
  QrVec3 at;
  gboolean has = in != NULL && in->view != QR_TOOL_VIEW_3D && handle_at (doc, in, &at);

  if (has != self->has_hot || (has && (qr_vec3_max_abs (qr_vec3_sub (at, self->hot)) > 0 || in->view != self->hot_view)))
    tool->preview_changed = TRUE;
  self->has_hot = has;
  if (has)
    {
      self->hot = at;
      self->hot_view = in->view;
    }
  tool->hot = has ? QR_TOOL_HOT_MOVE : QR_TOOL_HOT_NONE;
  tool->hot_view = has ? in->view : -1;
}

static void
vertex_free (QrTool *tool)
{
  VertexTool *self = (VertexTool *) tool;

  drop_drag (self);
  g_array_unref (self->grabbed);
  g_free (self);
}

static const QrToolClass vertex_class = {
  .name = "vertex",
  .press = vertex_press,
  .drag = vertex_drag,
  .release = vertex_release,
  .key = vertex_key,
  .preview = vertex_preview,
  .view_preview = vertex_view_preview,
  .hover = vertex_hover,
  .free = vertex_free,
};

QrTool *
qr_vertex_tool_new (void)
{
  VertexTool *self = g_new0 (VertexTool, 1);

  qr_tool_init (&self->parent, &vertex_class);
  self->grabbed = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  return &self->parent;
}
