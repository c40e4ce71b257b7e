/* qr-vertex-tool.c — Vertex (issue 19): the selected brushes' corners,
 * edge midpoints and face centres as handles in the design canvases; drag
 * one to reshape the brushes around it (qr_op_vertex_move, qr_op_edge_move,
 * qr_op_face_move: a brush becomes the hull of its corners). A handle
 * stands for every handle of its kind under it in that view — in the top
 * view a box's corner is its vertical edge, its top face centre its bottom
 * one too — and for every selected brush that has it, so shared corners
 * stay shared (TrenchBroom's behaviour). Corners win over edges, edges over
 * faces where they fall on one place; an edge seen end-on and a face seen
 * edge-on have no handle of their own there. A click selects a handle
 * (Shift adds or removes it), a box dragged from empty space selects those
 * inside; a drag on a selected handle moves every selected one, on another
 * that one. The drag shows the brushes it would make, or the old ones in
 * red with the reason in the status bar when the move would be refused;
 * the release makes it one undo step. Escape drops a drag, then the
 * selected handles. A Shift+drag of an edge or face handle splits it: its
 * midpoint or centre becomes a corner where the drag takes it. Delete
 * removes the selected handles' corners (qr_vertex_tool_remove).
 *
 * The 3D view shows every handle at a size fixed on screen. A drag there
 * moves the handle in the axial plane through it that faces the camera
 * most (so it stays on the grid), or with Ctrl along the world axis the
 * pointer follows most closely on screen; a click on no handle selects
 * brushes as Select does. */
#include "qr-tool.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include "qr-brush.h"
#include "qr-operations.h"

static const QrToolClass vertex_class;

/* How near, in pixels, a press must be to a handle to take it. */
#define GRAB_PX (QR_HANDLE_PX + 2.0)

typedef enum
{
  HANDLE_CORNER,
  HANDLE_EDGE,
  HANDLE_FACE,
} HandleKind;

typedef struct
{
  HandleKind kind;
  QrVec3 at;      /* where it is drawn */
  QrVec3 a, b;    /* a corner; an edge's ends */
  QrFaceRef face; /* a face */
  QrVec3 normal;  /* a face's */
} Handle;

typedef struct
{
  QrTool parent;
  /* The selected brushes' handles, kept while the document's revision
   * stays (hover and drawing ask for them on every motion). */
  GArray *handles; /* Handle */
  guint64 handles_revision;
  /* Clicks in the 3D view that take no handle. */
  QrTool *select;
  /* A drag in the 3D view: the axis normal to its plane, and the ray's
   * direction at the press. */
  int drag_axis;
  QrVec3 press_dir;
  /* The drag: the handles taken (all of one kind, as they were), the view,
   * the move so far and what it would make (QrBrush *; NULL: refused, the
   * reason in the status). */
  gboolean dragging;
  /* Shift went down with the press: a click toggles the handles grabbed,
   * a drag of edges or faces splits them. */
  gboolean shift_press;
  GArray *grabbed; /* Handle */
  int view;
  /* The selected handles, all of one kind. */
  GArray *selected; /* Handle */
  /* A box being dragged out to select handles. */
  gboolean boxing;
  QrVec3 box_from, box_to;
  QrVec3 delta;
  GPtrArray *result;
  /* The handle under the pointer with no button down. */
  gboolean has_hot;
  Handle hot;
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

/* The handles of the selected, valid brushes: corners and edges once per
 * position (a selection of thousands of brushes is hashed, not compared
 * pairwise), faces each. */
static GArray *
collect_handles (QrDocument *doc)
{
  g_autoptr (GArray) ids = qr_document_dup_selected_brushes (doc);
  g_autoptr (GHashTable) corners = g_hash_table_new (corner_hash, corner_equal);
  g_autoptr (GHashTable) edges = g_hash_table_new_full (corner_hash, corner_equal, g_free, NULL);
  GArray *handles = g_array_new (FALSE, FALSE, sizeof (Handle));

  for (guint i = 0; i < ids->len; i++)
    {
      const QrBrush *brush = qr_document_lookup_brush (doc, g_array_index (ids, QrId, i));
      const QrPolytope *poly;

      if (brush == NULL || !qr_brush_is_valid (brush))
        continue;
      poly = brush->poly;
      for (int v = 0; v < poly->n_verts; v++)
        if (g_hash_table_add (corners, &poly->verts[v]))
          g_array_append_val (handles, ((Handle) { HANDLE_CORNER, poly->verts[v], poly->verts[v] }));
      for (int e = 0; e < poly->n_edges; e++)
        {
          QrVec3 a = poly->verts[poly->edges[2 * e]], b = poly->verts[poly->edges[2 * e + 1]];
          QrVec3 mid = qr_vec3_scale (qr_vec3_add (a, b), 0.5);

          /* Edges of neighbours meet end to end: one handle per midpoint. */
          if (g_hash_table_add (edges, g_memdup2 (&mid, sizeof mid)))
            g_array_append_val (handles, ((Handle) { HANDLE_EDGE, mid, a, b }));
        }
      for (int f = 0; f < poly->n_faces; f++)
        {
          int n = qr_polytope_face_count (poly, f);
          const uint16_t *idx = qr_polytope_face_indices (poly, f);
          QrVec3 sum = { 0, 0, 0 };
          Handle h = { HANDLE_FACE };

          if (n < 3)
            continue;
          for (int k = 0; k < n; k++)
            sum = qr_vec3_add (sum, poly->verts[idx[k]]);
          h.at = qr_vec3_scale (sum, 1.0 / n);
          h.face = (QrFaceRef) { brush->id, f };
          h.normal = qr_vec3_cross (qr_vec3_sub (poly->verts[idx[1]], poly->verts[idx[0]]),
                                    qr_vec3_sub (poly->verts[idx[2]], poly->verts[idx[0]]));
          g_array_append_val (handles, h);
        }
    }
  return handles;
}

/* The selected brushes' handles (the tool's: not to be freed). */
static const GArray *
selected_handles (VertexTool *self, QrDocument *doc)
{
  guint64 revision = qr_document_get_revision (doc);

  if (self->handles == NULL || self->handles_revision != revision)
    {
      g_clear_pointer (&self->handles, g_array_unref);
      self->handles = collect_handles (doc);
      self->handles_revision = revision;
    }
  return self->handles;
}

/* Whether view `view` shows the handle as one of its own: not an edge seen
 * end-on (it falls on its corners) nor a face seen edge-on (on its edges). */
static gboolean
shown_in (const Handle *h, int view)
{
  int r, u, depth;

  if (view == QR_TOOL_VIEW_3D)
    return TRUE;
  qr_tool_view_axes (view, &r, &u, &depth);
  if (h->kind == HANDLE_EDGE)
    return fabs (qr_vec3_get (h->a, r) - qr_vec3_get (h->b, r)) > 1e-6
           || fabs (qr_vec3_get (h->a, u) - qr_vec3_get (h->b, u)) > 1e-6;
  if (h->kind == HANDLE_FACE)
    return fabs (qr_vec3_get (h->normal, depth)) > 1e-9 * qr_vec3_max_abs (h->normal);
  return TRUE;
}

static gboolean
same_place (QrVec3 p, QrVec3 q, int view)
{
  int r, u;

  if (view == QR_TOOL_VIEW_3D)
    return qr_vec3_max_abs (qr_vec3_sub (p, q)) <= 1e-6;
  qr_tool_view_axes (view, &r, &u, NULL);
  return fabs (qr_vec3_get (p, r) - qr_vec3_get (q, r)) <= 1e-6 && fabs (qr_vec3_get (p, u) - qr_vec3_get (q, u)) <= 1e-6;
}

/* How far the handle at p is from the pointer, in pixels, and how deep
 * it lies: in a design canvas the larger of the two distances in its
 * plane (a square reach); in the 3D view its distance from the ray over
 * the span of a pixel at its depth (a round one). FALSE behind the eye. */
static gboolean
pointer_distance (const QrInput *in, QrVec3 p, double *pixels, double *depth)
{
  int r, u;

  if (in->view == QR_TOOL_VIEW_3D)
    {
      QrVec3 to = qr_vec3_sub (p, in->ray.origin);
      double s = qr_vec3_dot (to, in->ray.dir);

      if (s <= 0)
        return FALSE;
      *pixels = qr_vec3_length (qr_vec3_sub (to, qr_vec3_scale (in->ray.dir, s))) / (in->pixel * s);
      *depth = s;
      return TRUE;
    }
  qr_tool_view_axes (in->view, &r, &u, NULL);
  *pixels = MAX (fabs (qr_vec3_get (p, r) - qr_vec3_get (in->point, r)),
                 fabs (qr_vec3_get (p, u) - qr_vec3_get (in->point, u)))
            / in->pixel;
  *depth = 0;
  return TRUE;
}

/* The handle nearest the pointer within reach in its view; at one place
 * (within half a pixel) corners before edges before faces, then the
 * nearer to the eye. */
static gboolean
handle_at (VertexTool *self, QrDocument *doc, const QrInput *in, Handle *out)
{
  const GArray *handles = selected_handles (self, doc);
  double best = GRAB_PX, best_depth = 0;
  gboolean found = FALSE;

  for (guint k = 0; k < handles->len; k++)
    {
      const Handle *h = &g_array_index (handles, Handle, k);
      double d, depth;

      if (!shown_in (h, in->view) || !pointer_distance (in, h->at, &d, &depth) || d > GRAB_PX)
        continue;
      if (!found || d < best - 0.5
          || (d <= best + 0.5 && (h->kind < out->kind || (h->kind == out->kind && depth < best_depth))))
        {
          best = d;
          best_depth = depth;
          *out = *h;
          found = TRUE;
        }
    }
  return found;
}

/* Every handle of h's kind that view `view` shows at h's place. */
static GArray *
handles_under (VertexTool *self, QrDocument *doc, int view, const Handle *h)
{
  const GArray *handles = selected_handles (self, doc);
  GArray *under = g_array_new (FALSE, FALSE, sizeof (Handle));

  for (guint k = 0; k < handles->len; k++)
    {
      const Handle *o = &g_array_index (handles, Handle, k);

      if (o->kind == h->kind && shown_in (o, view) && same_place (o->at, h->at, view))
        g_array_append_val (under, *o);
    }
  return under;
}

/* The grabbed handles as the operations take them: corners, edges' ends
 * (two each) or faces. */
static GArray *
grabbed_positions (VertexTool *self)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (QrVec3));

  for (guint k = 0; k < self->grabbed->len; k++)
    {
      const Handle *h = &g_array_index (self->grabbed, Handle, k);

      g_array_append_val (out, h->a);
      if (h->kind == HANDLE_EDGE)
        g_array_append_val (out, h->b);
    }
  return out;
}

static GArray *
grabbed_faces (VertexTool *self)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (QrFaceRef));

  for (guint k = 0; k < self->grabbed->len; k++)
    g_array_append_val (out, g_array_index (self->grabbed, Handle, k).face);
  return out;
}

static HandleKind
grabbed_kind (VertexTool *self)
{
  return g_array_index (self->grabbed, Handle, 0).kind;
}

static gboolean
same_handle (const Handle *h, const Handle *o)
{
  if (h->kind != o->kind)
    return FALSE;
  if (h->kind == HANDLE_FACE)
    return h->face.brush == o->face.brush && h->face.face == o->face.face;
  return qr_vec3_max_abs (qr_vec3_sub (h->at, o->at)) <= 1e-6;
}

static int
selected_index (VertexTool *self, const Handle *h)
{
  for (guint k = 0; k < self->selected->len; k++)
    if (same_handle (&g_array_index (self->selected, Handle, k), h))
      return (int) k;
  return -1;
}

/* Adds the handles (or, with toggle, removes those already in); handles
 * of another kind than the selection's replace it. */
static void
select_handles (VertexTool *self, const GArray *handles, gboolean toggle)
{
  for (guint k = 0; k < handles->len; k++)
    {
      const Handle *h = &g_array_index (handles, Handle, k);
      int at;

      if (self->selected->len > 0 && g_array_index (self->selected, Handle, 0).kind != h->kind)
        g_array_set_size (self->selected, 0);
      at = selected_index (self, h);
      if (at >= 0 && toggle)
        g_array_remove_index (self->selected, (guint) at);
      else if (at < 0)
        g_array_append_val (self->selected, *h);
    }
}

static void
drop_drag (VertexTool *self)
{
  self->dragging = FALSE;
  self->shift_press = FALSE;
  g_array_set_size (self->grabbed, 0);
  g_clear_pointer (&self->result, g_ptr_array_unref);
  self->delta = qr_vec3 (0, 0, 0);
}

static void
vertex_press (QrTool *tool, QrDocument *doc, const QrInput *in, int button)
{
  VertexTool *self = (VertexTool *) tool;
  Handle at;

  if (button != 1)
    return;
  drop_drag (self);
  if (in->view == QR_TOOL_VIEW_3D && !handle_at (self, doc, in, &at))
    {
      /* No handle: the click picks brushes, as Select's (Ctrl toggles). */
      QrInput click = *in;

      click.modifiers &= QR_INPUT_CTRL;
      if (!(in->modifiers & QR_INPUT_SHIFT))
        g_array_set_size (self->selected, 0);
      qr_tool_press (self->select, doc, &click, button);
      qr_tool_release (self->select, doc, &click);
      tool->preview_changed = TRUE;
      return;
    }
  if (in->view == QR_TOOL_VIEW_3D)
    {
      /* The axial plane that faces the eye most. */
      self->press_dir = in->ray.dir;
      self->drag_axis = fabs (in->ray.dir.x) >= fabs (in->ray.dir.y) && fabs (in->ray.dir.x) >= fabs (in->ray.dir.z) ? 0
                        : fabs (in->ray.dir.y) >= fabs (in->ray.dir.z)                                          ? 1
                                                                                                                 : 2;
    }
  else if (!handle_at (self, doc, in, &at))
    {
      /* Empty space: a box to select handles with. */
      self->boxing = TRUE;
      self->view = in->view;
      self->box_from = self->box_to = in->point;
      return;
    }
  g_autoptr (GArray) under = handles_under (self, doc, in->view, &at);
  self->view = in->view;
  if (in->modifiers & QR_INPUT_SHIFT)
    {
      /* Shift: the release tells a click (the handle joins or leaves the
       * selection) from a drag (a split). */
      g_array_append_vals (self->grabbed, under->data, under->len);
      self->shift_press = TRUE;
      self->dragging = TRUE;
      return;
    }
  /* A selected handle drags the selection; another is selected alone. */
  if (selected_index (self, &at) < 0)
    {
      g_array_set_size (self->selected, 0);
      select_handles (self, under, FALSE);
    }
  g_array_append_vals (self->grabbed, self->selected->data, self->selected->len);
  /* The handle pressed leads: the move is measured from it. */
  for (guint k = 0; k < self->grabbed->len; k++)
    if (same_handle (&g_array_index (self->grabbed, Handle, k), &at))
      {
        Handle lead = g_array_index (self->grabbed, Handle, k);

        g_array_index (self->grabbed, Handle, k) = g_array_index (self->grabbed, Handle, 0);
        g_array_index (self->grabbed, Handle, 0) = lead;
        break;
      }
  self->dragging = TRUE;
}

static QrVec3
unit_axis (int axis)
{
  QrVec3 e = { 0, 0, 0 };

  qr_vec3_set (&e, axis, 1.0);
  return e;
}

/* The world axis a drag in the 3D view follows with Ctrl: of the axes not
 * seen nearly end-on from the press, the one the pointer's way from the
 * handle (in the plane facing the press's ray) runs most along; -1 before
 * the pointer has left the handle. */
static int
follow_axis (VertexTool *self, const QrInput *in, QrVec3 from)
{
  QrVec3 d0 = self->press_dir, o = in->ray.origin, d = in->ray.dir;
  double along = qr_vec3_dot (d, d0), best = 1e-9;
  int axis = -1;

  if (along <= 1e-9)
    return -1;
  QrVec3 hit = qr_vec3_add (o, qr_vec3_scale (d, qr_vec3_dot (qr_vec3_sub (from, o), d0) / along));
  QrVec3 way = qr_vec3_sub (hit, from);
  for (int a = 0; a < 3; a++)
    {
      /* The axis as the view plane shows it. */
      QrVec3 seen = qr_vec3_sub (unit_axis (a), qr_vec3_scale (d0, qr_vec3_get (d0, a)));
      double length = qr_vec3_length (seen), score;

      if (length < 0.2)
        continue;
      score = fabs (qr_vec3_dot (seen, way)) / length;
      if (score > best)
        {
          best = score;
          axis = a;
        }
    }
  return axis;
}

/* Where a drag in the 3D view takes the handle at `from`: onto the ray's
 * point in the axial plane through it, or with Ctrl along the axis the
 * pointer follows, to the point nearest the ray; snapped to the grid
 * unless Alt is held. FALSE when the ray misses: parallel, or the plane
 * behind the eye. */
static gboolean
drag_target_3d (VertexTool *self, const QrInput *in, QrVec3 from, QrVec3 *to)
{
  int axis = self->drag_axis;
  QrVec3 o = in->ray.origin, d = in->ray.dir;

  *to = from;
  if (in->modifiers & QR_INPUT_CTRL)
    {
      int a = follow_axis (self, in, from);

      if (a < 0)
        return TRUE;
      /* The line from + t·e against the ray o + s·d: with w = from − o,
       * t = (dₐ (d·w) − wₐ) / (1 − dₐ²), e being axis a's unit vector. */
      QrVec3 w = qr_vec3_sub (from, o);
      double da = qr_vec3_get (d, a), denom = 1.0 - da * da;

      if (denom < 1e-9)
        return FALSE;
      double t = (da * qr_vec3_dot (d, w) - qr_vec3_get (w, a)) / denom;
      qr_vec3_set (to, a, qr_tool_snap_value (qr_vec3_get (from, a) + t, in));
      return TRUE;
    }
  double da = qr_vec3_get (d, axis);
  if (fabs (da) < 1e-9)
    return FALSE;
  double s = (qr_vec3_get (from, axis) - qr_vec3_get (o, axis)) / da;
  if (s <= 0)
    return FALSE;
  QrVec3 hit = qr_vec3_add (o, qr_vec3_scale (d, s));
  for (int k = 0; k < 3; k++)
    if (k != axis)
      qr_vec3_set (to, k, qr_tool_snap_value (qr_vec3_get (hit, k), in));
  return TRUE;
}

/* Follows the pointer: the box's far corner, or the move so far (a Shift
 * drag of corners moves nothing). FALSE when there is no move to show. */
static gboolean
follow_pointer (VertexTool *self, const QrInput *in)
{
  QrVec3 from, to;
  int r, u;

  if (self->boxing && in->view == self->view)
    {
      self->box_to = in->point;
      return FALSE;
    }
  if (!self->dragging || in->view != self->view)
    return FALSE;
  from = g_array_index (self->grabbed, Handle, 0).at;
  if (in->view == QR_TOOL_VIEW_3D)
    {
      if (!drag_target_3d (self, in, from, &to))
        return FALSE; /* the ray misses the plane: the move stays as it was */
      self->delta = qr_vec3_sub (to, from);
    }
  else
    {
      qr_tool_view_axes (self->view, &r, &u, NULL);
      to = qr_tool_snap (in);
      self->delta = qr_vec3 (0, 0, 0);
      qr_vec3_set (&self->delta, r, qr_vec3_get (to, r) - qr_vec3_get (from, r));
      qr_vec3_set (&self->delta, u, qr_vec3_get (to, u) - qr_vec3_get (from, u));
    }
  /* Corners do not split: a Shift+drag of one is a click. */
  if (self->shift_press && grabbed_kind (self) == HANDLE_CORNER)
    self->delta = qr_vec3 (0, 0, 0);
  return TRUE;
}

static void
vertex_drag (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  VertexTool *self = (VertexTool *) tool;
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GError) error = NULL;

  if (!follow_pointer (self, in))
    return;
  g_clear_pointer (&self->result, g_ptr_array_unref);
  if (qr_vec3_max_abs (self->delta) == 0)
    {
      qr_tool_set_status (tool, NULL);
      return;
    }
  ids = qr_document_dup_selected_brushes (doc);
  const QrId *id_list = (const QrId *) (gpointer) ids->data;
  if (grabbed_kind (self) == HANDLE_FACE)
    {
      g_autoptr (GArray) faces = grabbed_faces (self);
      const QrFaceRef *f = (const QrFaceRef *) (gpointer) faces->data;

      self->result = self->shift_press
                         ? qr_op_face_split_preview (doc, id_list, ids->len, f, faces->len, self->delta, &error)
                         : qr_op_face_move_preview (doc, id_list, ids->len, f, faces->len, self->delta, &error);
    }
  else
    {
      g_autoptr (GArray) positions = grabbed_positions (self);
      const QrVec3 *p = (const QrVec3 *) (gpointer) positions->data;
      guint per = grabbed_kind (self) == HANDLE_EDGE ? 2 : 1;

      self->result = self->shift_press
                         ? qr_op_edge_split_preview (doc, id_list, ids->len, p, positions->len / 2, self->delta, &error)
                         : qr_op_vertex_move_preview (doc, id_list, ids->len, p, positions->len, per, self->delta, &error);
    }
  if (self->result == NULL)
    qr_tool_set_status (tool, g_strdup_printf (_("Vertex: %s"), error->message));
  else if (self->shift_press)
    qr_tool_set_status (tool, g_strdup_printf (_("Vertex: split, the new corner moved by %g %g %g"),
                                               self->delta.x + 0.0, self->delta.y + 0.0, self->delta.z + 0.0));
  else
    qr_tool_set_status (tool, g_strdup_printf (_("Vertex: move by %g %g %g"), self->delta.x + 0.0,
                                               self->delta.y + 0.0, self->delta.z + 0.0));
}

/* Moves the grabbed handles by self->delta, one undo step; says why not
 * in the status bar. */
static gboolean
move_grabbed (VertexTool *self, QrDocument *doc)
{
  g_autoptr (GArray) ids = qr_document_dup_selected_brushes (doc);
  g_autoptr (GError) error = NULL;
  const QrId *id_list = (const QrId *) (gpointer) ids->data;
  gboolean ok;

  if (grabbed_kind (self) == HANDLE_FACE)
    {
      g_autoptr (GArray) faces = grabbed_faces (self);
      const QrFaceRef *f = (const QrFaceRef *) (gpointer) faces->data;

      ok = self->shift_press ? qr_op_face_split (doc, id_list, ids->len, f, faces->len, self->delta, &error)
                             : qr_op_face_move (doc, id_list, ids->len, f, faces->len, self->delta, &error);
    }
  else
    {
      g_autoptr (GArray) positions = grabbed_positions (self);
      const QrVec3 *p = (const QrVec3 *) (gpointer) positions->data;

      ok = self->shift_press  ? qr_op_edge_split (doc, id_list, ids->len, p, positions->len / 2, self->delta, &error)
           : grabbed_kind (self) == HANDLE_EDGE
               ? qr_op_edge_move (doc, id_list, ids->len, p, positions->len / 2, self->delta, &error)
               : qr_op_vertex_move (doc, id_list, ids->len, p, positions->len, self->delta, &error);
    }
  qr_tool_set_status (&self->parent, ok ? NULL : g_strdup_printf (_("Vertex: not moved: %s"), error->message));
  /* Moved handles stay selected where they went; faces are renumbered by
   * the move, so a face selection ends with it, and a split leaves the
   * handles it split behind. */
  if (ok && (grabbed_kind (self) == HANDLE_FACE || self->shift_press))
    g_array_set_size (self->selected, 0);
  for (guint k = 0; ok && k < self->selected->len; k++)
    {
      Handle *h = &g_array_index (self->selected, Handle, k);

      h->at = qr_vec3_add (h->at, self->delta);
      h->a = qr_vec3_add (h->a, self->delta);
      h->b = qr_vec3_add (h->b, self->delta);
    }
  return ok;
}

gboolean
qr_vertex_tool_nudge (QrTool *vertex, QrDocument *doc, QrVec3 delta)
{
  VertexTool *self = (VertexTool *) vertex;

  g_return_val_if_fail (vertex != NULL && vertex->klass == &vertex_class, FALSE);
  if (self->dragging || self->selected->len == 0)
    return FALSE;
  g_array_append_vals (self->grabbed, self->selected->data, self->selected->len);
  self->delta = delta;
  move_grabbed (self, doc);
  drop_drag (self);
  return TRUE;
}

static void
vertex_release (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  VertexTool *self = (VertexTool *) tool;

  if (self->boxing)
    {
      const GArray *handles = selected_handles (self, doc);
      g_autoptr (GArray) inside = g_array_new (FALSE, FALSE, sizeof (Handle));
      int r, u;

      follow_pointer (self, in);
      self->boxing = FALSE;
      qr_tool_view_axes (self->view, &r, &u, NULL);
      for (guint k = 0; k < handles->len; k++)
        {
          const Handle *h = &g_array_index (handles, Handle, k);
          double x = qr_vec3_get (h->at, r), y = qr_vec3_get (h->at, u);

          if (shown_in (h, self->view)
              && x >= MIN (qr_vec3_get (self->box_from, r), qr_vec3_get (self->box_to, r))
              && x <= MAX (qr_vec3_get (self->box_from, r), qr_vec3_get (self->box_to, r))
              && y >= MIN (qr_vec3_get (self->box_from, u), qr_vec3_get (self->box_to, u))
              && y <= MAX (qr_vec3_get (self->box_from, u), qr_vec3_get (self->box_to, u)))
            g_array_append_val (inside, *h);
        }
      /* Corners before edges before faces: a box takes one kind. */
      if (!(in->modifiers & QR_INPUT_SHIFT))
        g_array_set_size (self->selected, 0);
      for (int kind = HANDLE_CORNER; kind <= HANDLE_FACE; kind++)
        {
          g_autoptr (GArray) of_kind = g_array_new (FALSE, FALSE, sizeof (Handle));

          for (guint k = 0; k < inside->len; k++)
            if ((int) g_array_index (inside, Handle, k).kind == kind)
              g_array_append_val (of_kind, g_array_index (inside, Handle, k));
          if (of_kind->len > 0)
            {
              select_handles (self, of_kind, FALSE);
              break;
            }
        }
      tool->preview_changed = TRUE;
      return;
    }
  if (!self->dragging)
    return;
  /* The release's move is made at once: no preview of it first. */
  follow_pointer (self, in);
  if (self->shift_press && qr_vec3_max_abs (self->delta) == 0)
    {
      /* A Shift+click: the handle joins or leaves the selection. */
      select_handles (self, self->grabbed, TRUE);
      tool->preview_changed = TRUE;
    }
  else if (qr_vec3_max_abs (self->delta) > 0)
    move_grabbed (self, doc);
  drop_drag (self);
}

gboolean
qr_vertex_tool_remove (QrTool *vertex, QrDocument *doc)
{
  VertexTool *self = (VertexTool *) vertex;
  g_autoptr (GArray) positions = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (vertex != NULL && vertex->klass == &vertex_class, FALSE);
  if (self->dragging || self->selected->len == 0)
    return FALSE;
  /* The selected corners, edges' ends or faces' corners. */
  for (guint k = 0; k < self->selected->len; k++)
    {
      const Handle *h = &g_array_index (self->selected, Handle, k);
      const QrBrush *brush;

      if (h->kind != HANDLE_FACE)
        {
          g_array_append_val (positions, h->a);
          if (h->kind == HANDLE_EDGE)
            g_array_append_val (positions, h->b);
          continue;
        }
      brush = qr_document_lookup_brush (doc, h->face.brush);
      if (brush == NULL || !qr_brush_is_valid (brush))
        continue;
      for (int i = 0; i < qr_polytope_face_count (brush->poly, h->face.face); i++)
        g_array_append_val (positions, brush->poly->verts[qr_polytope_face_indices (brush->poly, h->face.face)[i]]);
    }
  ids = qr_document_dup_selected_brushes (doc);
  if (qr_op_vertex_remove (doc, (const QrId *) (gpointer) ids->data, ids->len,
                           (const QrVec3 *) (gpointer) positions->data, positions->len, &error))
    {
      g_array_set_size (self->selected, 0);
      qr_tool_set_status (vertex, NULL);
    }
  else
    qr_tool_set_status (vertex, g_strdup_printf (_("Vertex: not removed: %s"), error->message));
  return TRUE;
}

static gboolean
vertex_key (QrTool *tool, QrDocument *doc, QrToolKey key)
{
  VertexTool *self = (VertexTool *) tool;

  if (key != QR_TOOL_KEY_ESCAPE)
    return FALSE;
  if (self->dragging || self->boxing)
    {
      drop_drag (self);
      self->boxing = FALSE;
      qr_tool_set_status (tool, NULL);
      return TRUE;
    }
  if (self->selected->len > 0)
    {
      g_array_set_size (self->selected, 0);
      return TRUE;
    }
  return FALSE;
}

static void
vertex_preview (QrTool *tool, QrDocument *doc, GArray *segments)
{
  VertexTool *self = (VertexTool *) tool;

  if (self->boxing)
    {
      int r, u;
      double a[3] = { 0, 0, 0 }, b[3] = { 0, 0, 0 };
      QrBounds box;

      qr_tool_view_axes (self->view, &r, &u, NULL);
      a[r] = MIN (qr_vec3_get (self->box_from, r), qr_vec3_get (self->box_to, r));
      b[r] = MAX (qr_vec3_get (self->box_from, r), qr_vec3_get (self->box_to, r));
      a[u] = MIN (qr_vec3_get (self->box_from, u), qr_vec3_get (self->box_to, u));
      b[u] = MAX (qr_vec3_get (self->box_from, u), qr_vec3_get (self->box_to, u));
      box = (QrBounds) { qr_vec3 (a[0], a[1], a[2]), qr_vec3 (b[0], b[1], b[2]) };
      qr_preview_add_box (segments, box, QR_PREVIEW_RUBBER_BAND);
      return;
    }
  if (!self->dragging || qr_vec3_max_abs (self->delta) == 0)
    return;
  if (self->result != NULL)
    {
      for (guint i = 0; i < self->result->len; i++)
        qr_preview_add_polytope (segments, ((const QrBrush *) g_ptr_array_index (self->result, i))->poly, QR_PREVIEW_NEW_BRUSH);
      return;
    }
  /* Refused: the brushes as they stay, in red. */
  g_autoptr (GArray) ids = qr_document_dup_selected_brushes (doc);
  for (guint i = 0; i < ids->len; i++)
    {
      const QrBrush *brush = qr_document_lookup_brush (doc, g_array_index (ids, QrId, i));

      if (brush != NULL)
        qr_preview_add_polytope (segments, brush->poly, QR_PREVIEW_REFUSED);
    }
}

/* A handle about p in the plane of the unit vectors right and up, `pixel`
 * world units to a pixel there: a square for a corner, a diamond for an
 * edge, an octagon for a face. */
static void
add_handle (GArray *segments, QrVec3 right, QrVec3 up, double pixel, QrVec3 p, HandleKind kind,
            QrPreviewKind colour)
{
  int n = kind == HANDLE_FACE ? 8 : 4;
  double h = QR_HANDLE_PX * pixel;
  double radius = kind == HANDLE_CORNER ? h * G_SQRT2 : h * 1.3;
  double phase = kind == HANDLE_CORNER ? G_PI / 4 : kind == HANDLE_FACE ? G_PI / 8 : 0;
  QrVec3 prev = qr_vec3_add (p, qr_vec3_add (qr_vec3_scale (right, radius * cos (phase)),
                                             qr_vec3_scale (up, radius * sin (phase))));

  for (int k = 1; k <= n; k++)
    {
      double angle = phase + 2 * G_PI * k / n;
      QrVec3 next = qr_vec3_add (p, qr_vec3_add (qr_vec3_scale (right, radius * cos (angle)),
                                                 qr_vec3_scale (up, radius * sin (angle))));

      g_array_append_val (segments, ((QrPreviewSegment) { prev, next, colour }));
      prev = next;
    }
}

/* Whether handle h is drawn hot in `view`: under the pointer there, or
 * selected; not while a drag shows where the handles go. */
static gboolean
drawn_hot (VertexTool *self, const Handle *h, int view)
{
  if (self->dragging)
    return FALSE;
  return (self->has_hot && self->hot_view == view && self->hot.kind == h->kind && same_place (h->at, self->hot.at, view))
         || selected_index (self, h) >= 0;
}

static void
vertex_view_preview (QrTool *tool, QrDocument *doc, int view, double pixel, GArray *segments)
{
  VertexTool *self = (VertexTool *) tool;
  const GArray *handles = selected_handles (self, doc);
  int r, u;

  qr_tool_view_axes (view, &r, &u, NULL);
  /* Faces first, corners last: where they fall on one place the corner
   * shows, as it is the one a press takes. */
  for (int kind = HANDLE_FACE; kind >= HANDLE_CORNER; kind--)
    for (guint k = 0; k < handles->len; k++)
      {
        const Handle *h = &g_array_index (handles, Handle, k);

        if ((int) h->kind != kind || !shown_in (h, view))
          continue;
        add_handle (segments, unit_axis (r), unit_axis (u), pixel, h->at, h->kind,
                    drawn_hot (self, h, view) ? QR_PREVIEW_HANDLE_HOT : QR_PREVIEW_HANDLE);
      }
  /* The dragged handles where they go. */
  for (guint k = 0; self->dragging && k < self->grabbed->len; k++)
    {
      const Handle *h = &g_array_index (self->grabbed, Handle, k);

      add_handle (segments, unit_axis (r), unit_axis (u), pixel, qr_vec3_add (h->at, self->delta), h->kind,
                  QR_PREVIEW_HANDLE_HOT);
    }
}

static void
vertex_eye_preview (QrTool *tool, QrDocument *doc, const QrToolEye *eye, GArray *segments)
{
  VertexTool *self = (VertexTool *) tool;
  const GArray *handles = selected_handles (self, doc);

  for (int kind = HANDLE_FACE; kind >= HANDLE_CORNER; kind--)
    for (guint k = 0; k < handles->len; k++)
      {
        const Handle *h = &g_array_index (handles, Handle, k);
        double depth = qr_vec3_dot (qr_vec3_sub (h->at, eye->position), eye->forward);

        if ((int) h->kind != kind || depth <= 0)
          continue;
        add_handle (segments, eye->right, eye->up, eye->pixel * depth, h->at, h->kind,
                    drawn_hot (self, h, QR_TOOL_VIEW_3D) ? QR_PREVIEW_HANDLE_HOT : QR_PREVIEW_HANDLE);
      }
  for (guint k = 0; self->dragging && k < self->grabbed->len; k++)
    {
      const Handle *h = &g_array_index (self->grabbed, Handle, k);
      QrVec3 at = qr_vec3_add (h->at, self->delta);
      double depth = qr_vec3_dot (qr_vec3_sub (at, eye->position), eye->forward);

      if (depth > 0)
        add_handle (segments, eye->right, eye->up, eye->pixel * depth, at, h->kind, QR_PREVIEW_HANDLE_HOT);
    }
}

static void
vertex_hover (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  VertexTool *self = (VertexTool *) tool;
  Handle at;
  gboolean has = in != NULL && handle_at (self, doc, in, &at);

  if (has != self->has_hot
      || (has && (at.kind != self->hot.kind || qr_vec3_max_abs (qr_vec3_sub (at.at, self->hot.at)) > 0
                  || in->view != self->hot_view)))
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
  g_array_unref (self->selected);
  g_clear_pointer (&self->handles, g_array_unref);
  qr_tool_free (self->select);
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
  .eye_preview = vertex_eye_preview,
  .hover = vertex_hover,
  .free = vertex_free,
};

QrTool *
qr_vertex_tool_new (void)
{
  VertexTool *self = g_new0 (VertexTool, 1);

  qr_tool_init (&self->parent, &vertex_class);
  self->grabbed = g_array_new (FALSE, FALSE, sizeof (Handle));
  self->selected = g_array_new (FALSE, FALSE, sizeof (Handle));
  self->select = qr_select_tool_new ();
  return &self->parent;
}
