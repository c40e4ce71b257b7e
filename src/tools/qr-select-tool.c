/* qr-select-tool.c — Select: click an edge or centre cross in a design
 * canvas to select a brush (Ctrl toggles), drag out a box to select what
 * it encloses, drag the selection to move it on the grid (Alt: no snap;
 * Shift: move a copy). A move is one undo step however long the drag. */
#include "qr-tool.h"

#include <glib/gi18n.h>
#include <math.h>
#include "qr-brush.h"
#include "qr-map.h"
#include "qr-operations.h"

/* How near, in pixels, a click must be to an edge or a centre. */
#define PICK_EDGE_PX 4.0
#define PICK_CENTRE_PX 6.0
/* A drag shorter than this many pixels is a click. */
#define CLICK_PX 3.0

typedef enum
{
  MODE_IDLE,
  MODE_BOX,
  MODE_MOVE,
} Mode;

typedef struct
{
  QrTool parent;
  Mode mode;
  int view;
  QrVec3 start;       /* where the drag began (raw) */
  QrVec3 start_snap;  /* and snapped */
  QrVec3 current;
  gboolean toggle;    /* Ctrl at the press */
  gboolean moved;     /* a translation is in the transaction */
  QrVec3 last_delta;
  GArray *ids;        /* QrId: what the move moves */
  char *status;
} SelectTool;

/* Selected brushes, with the brushes of wholly selected entities. */
static GArray *
selected_brushes (QrDocument *doc)
{
  const QrSelection *sel = qr_document_get_selection (doc);
  GArray *ids = g_array_copy (sel->brushes);
  const QrMap *map = qr_document_get_map (doc);
  for (guint i = 0; i < sel->entities->len; i++)
    {
      guint e;
      if (!qr_document_find_entity (doc, g_array_index (sel->entities, QrId, i), &e))
        continue;
      const QrEntity *entity = qr_map_get_entity (map, e);
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        g_array_append_val (ids, qr_entity_get_brush (entity, b)->id);
    }
  return ids;
}

static double
coord (QrVec3 p, int axis)
{
  return axis == 0 ? p.x : axis == 1 ? p.y : p.z;
}

/* Distance in the view's plane from p to the segment ab. */
static double
segment_distance (QrVec3 p, QrVec3 a, QrVec3 b, int r, int u)
{
  double px = coord (p, r), py = coord (p, u);
  double ax = coord (a, r), ay = coord (a, u), bx = coord (b, r), by = coord (b, u);
  double dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? CLAMP (((px - ax) * dx + (py - ay) * dy) / len2, 0.0, 1.0) : 0.0;
  double ex = ax + t * dx - px, ey = ay + t * dy - py;
  return sqrt (ex * ex + ey * ey);
}

/* The brush whose edge or centre is nearest the pointer, within reach. */
static QrId
pick (QrDocument *doc, const QrInput *in)
{
  int r, u;
  qr_tool_view_axes (in->view, &r, &u, NULL);
  const QrMap *map = qr_document_get_map (doc);
  double best = G_MAXDOUBLE;
  QrId hit = 0;
  double edge_reach = PICK_EDGE_PX * in->pixel, centre_reach = PICK_CENTRE_PX * in->pixel;
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      for (guint i = 0; i < qr_entity_brush_count (entity); i++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, i);
          if (!qr_brush_is_valid (brush))
            continue;
          const QrPolytope *poly = brush->poly;
          QrBounds b = poly->bounds;
          /* Cheap rejection: the pointer far outside the brush's rectangle. */
          if (coord (in->point, r) < coord (b.min, r) - edge_reach || coord (in->point, r) > coord (b.max, r) + edge_reach
              || coord (in->point, u) < coord (b.min, u) - edge_reach
              || coord (in->point, u) > coord (b.max, u) + edge_reach)
            continue;
          QrVec3 centre = qr_vec3_scale (qr_vec3_add (b.min, b.max), 0.5);
          double d = segment_distance (in->point, centre, centre, r, u);
          if (d <= centre_reach && d < best)
            {
              best = d;
              hit = brush->id;
            }
          for (int k = 0; k < poly->n_edges; k++)
            {
              d = segment_distance (in->point, poly->verts[poly->edges[2 * k]], poly->verts[poly->edges[2 * k + 1]], r, u);
              if (d <= edge_reach && d < best)
                {
                  best = d;
                  hit = brush->id;
                }
            }
        }
    }
  return hit;
}

static gboolean
inside_selection (QrDocument *doc, const QrInput *in)
{
  g_autoptr (GArray) ids = selected_brushes (doc);
  QrBounds b;
  if (ids->len == 0 || !qr_op_bounds (doc, (const QrId *) (gpointer) ids->data, ids->len, &b, NULL))
    return FALSE;
  int r, u;
  qr_tool_view_axes (in->view, &r, &u, NULL);
  return coord (in->point, r) >= coord (b.min, r) && coord (in->point, r) <= coord (b.max, r)
         && coord (in->point, u) >= coord (b.min, u) && coord (in->point, u) <= coord (b.max, u);
}

static void
set_status (SelectTool *self, char *status)
{
  g_free (self->status);
  self->status = status;
}

static void
begin_move (SelectTool *self, QrDocument *doc, const QrInput *in)
{
  self->mode = MODE_MOVE;
  self->moved = FALSE;
  self->last_delta = qr_vec3 (0, 0, 0);
  g_clear_pointer (&self->ids, g_array_unref);
  gboolean copy = (in->modifiers & QR_INPUT_SHIFT) != 0;
  qr_document_begin_transaction (doc, copy ? _("Duplicate") : _("Move"));
  if (copy)
    {
      /* The copies take the selection and are what moves. */
      g_autoptr (GArray) ids = selected_brushes (doc);
      qr_op_duplicate (doc, (const QrId *) (gpointer) ids->data, ids->len, qr_vec3 (0, 0, 0), NULL);
    }
  self->ids = selected_brushes (doc);
}

static void
select_press (QrTool *tool, QrDocument *doc, const QrInput *in, int button)
{
  SelectTool *self = (SelectTool *) tool;
  if (button != 1 || self->mode != MODE_IDLE)
    return;
  self->view = in->view;
  self->start = self->current = in->point;
  self->start_snap = qr_tool_snap (in);
  self->toggle = (in->modifiers & QR_INPUT_CTRL) != 0;

  QrId hit = pick (doc, in);
  const QrSelection *sel = qr_document_get_selection (doc);
  if (hit != 0 && !qr_selection_has_brush (sel, hit))
    {
      g_autoptr (QrSelection) next = self->toggle ? qr_selection_copy (sel) : qr_selection_new ();
      qr_selection_add_brush (next, hit);
      qr_document_set_selection (doc, next);
      if (!self->toggle)
        begin_move (self, doc, in);
      return;
    }
  if (hit != 0 && self->toggle)
    {
      g_autoptr (QrSelection) next = qr_selection_copy (sel);
      qr_selection_remove_brush (next, hit);
      qr_document_set_selection (doc, next);
      return;
    }
  if (hit != 0 || (!self->toggle && inside_selection (doc, in)))
    {
      begin_move (self, doc, in);
      return;
    }
  self->mode = MODE_BOX;
}

static void
select_drag (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  SelectTool *self = (SelectTool *) tool;
  self->current = in->point;
  if (self->mode != MODE_MOVE)
    return;

  int r, u;
  qr_tool_view_axes (self->view, &r, &u, NULL);
  QrVec3 to = qr_tool_snap (in), from = (in->modifiers & QR_INPUT_ALT) ? self->start : self->start_snap;
  double d[3] = { 0, 0, 0 };
  d[r] = coord (to, r) - coord (from, r);
  d[u] = coord (to, u) - coord (from, u);
  QrVec3 delta = qr_vec3 (d[0], d[1], d[2]);
  if (qr_vec3_equal (delta, self->last_delta))
    return;
  /* A drag replaces its previous step: one translation from the start. */
  if (self->moved)
    qr_document_rollback_last (doc);
  self->moved = FALSE;
  if (d[r] != 0 || d[u] != 0)
    self->moved = qr_op_translate (doc, (const QrId *) (gpointer) self->ids->data, self->ids->len, delta, NULL);
  self->last_delta = delta;
  set_status (self, g_strdup_printf (_("Moving by %g, %g, %g"), delta.x, delta.y, delta.z));
}

static void
select_box (SelectTool *self, QrDocument *doc, const QrInput *in)
{
  int r, u;
  qr_tool_view_axes (self->view, &r, &u, NULL);
  double x0 = MIN (coord (self->start, r), coord (self->current, r));
  double x1 = MAX (coord (self->start, r), coord (self->current, r));
  double y0 = MIN (coord (self->start, u), coord (self->current, u));
  double y1 = MAX (coord (self->start, u), coord (self->current, u));
  gboolean click = (x1 - x0) < CLICK_PX * in->pixel && (y1 - y0) < CLICK_PX * in->pixel;

  g_autoptr (QrSelection) next = self->toggle ? qr_selection_copy (qr_document_get_selection (doc))
                                              : qr_selection_new ();
  guint added = 0;
  if (!click)
    {
      /* Whatever lies wholly inside the box in this view, at any depth. */
      const QrMap *map = qr_document_get_map (doc);
      for (guint e = 0; e < qr_map_entity_count (map); e++)
        {
          const QrEntity *entity = qr_map_get_entity (map, e);
          for (guint i = 0; i < qr_entity_brush_count (entity); i++)
            {
              const QrBrush *brush = qr_entity_get_brush (entity, i);
              if (!qr_brush_is_valid (brush))
                continue;
              QrBounds b = brush->poly->bounds;
              if (coord (b.min, r) >= x0 && coord (b.max, r) <= x1 && coord (b.min, u) >= y0 && coord (b.max, u) <= y1)
                {
                  qr_selection_add_brush (next, brush->id);
                  added++;
                }
            }
        }
      set_status (self, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                      "%u brush inside the box (at any depth)",
                                                      "%u brushes inside the box (at any depth)", added),
                                         added));
    }
  qr_document_set_selection (doc, next);
}

static void
select_release (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  SelectTool *self = (SelectTool *) tool;
  self->current = in->point;
  if (self->mode == MODE_MOVE)
    {
      if (self->moved)
        qr_document_commit_transaction (doc);
      else
        qr_document_cancel_transaction (doc);
    }
  else if (self->mode == MODE_BOX)
    select_box (self, doc, in);
  self->mode = MODE_IDLE;
}

static gboolean
select_key (QrTool *tool, QrDocument *doc, QrToolKey key)
{
  SelectTool *self = (SelectTool *) tool;
  if (key != QR_TOOL_KEY_ESCAPE || self->mode == MODE_IDLE)
    return FALSE;
  if (self->mode == MODE_MOVE)
    qr_document_cancel_transaction (doc);
  self->mode = MODE_IDLE;
  return TRUE;
}

static void
select_preview (QrTool *tool, QrDocument *doc, GArray *segments)
{
  SelectTool *self = (SelectTool *) tool;
  if (self->mode != MODE_BOX)
    return;
  int r, u, depth;
  qr_tool_view_axes (self->view, &r, &u, &depth);
  double a[3] = { 0, 0, 0 }, b[3] = { 0, 0, 0 };
  a[r] = MIN (coord (self->start, r), coord (self->current, r));
  b[r] = MAX (coord (self->start, r), coord (self->current, r));
  a[u] = MIN (coord (self->start, u), coord (self->current, u));
  b[u] = MAX (coord (self->start, u), coord (self->current, u));
  QrBounds box = { qr_vec3 (a[0], a[1], a[2]), qr_vec3 (b[0], b[1], b[2]) };
  qr_preview_add_box (segments, box, QR_PREVIEW_RUBBER_BAND);
}

static const char *
select_status (QrTool *tool)
{
  return ((SelectTool *) tool)->status;
}

static void
select_free (QrTool *tool)
{
  SelectTool *self = (SelectTool *) tool;
  g_clear_pointer (&self->ids, g_array_unref);
  g_free (self->status);
  g_free (self);
}

static const QrToolClass select_class = {
  .name = "select",
  .press = select_press,
  .drag = select_drag,
  .release = select_release,
  .key = select_key,
  .preview = select_preview,
  .status = select_status,
  .free = select_free,
};

QrTool *
qr_select_tool_new (void)
{
  SelectTool *self = g_new0 (SelectTool, 1);
  self->parent.klass = &select_class;
  return &self->parent;
}
