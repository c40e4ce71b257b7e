/* qr-select-tool.c — Select: click an edge or centre cross in a design
 * canvas to select a brush, or a point entity's box (Ctrl toggles); drag
 * the selection to move it on the grid (Alt: no snap; Shift: move a copy).
 * A press anywhere inside the selection's bounds drags all of it, as in
 * Hammer; only a click there without a drag picks what is under the
 * pointer. A box dragged on empty space selects what it encloses when
 * Enter confirms it. The selection's bounds carry handles in every
 * design canvas; clicking the selection again cycles them through resize
 * (eight squares), rotate (four circles at the corners, 15° steps unless
 * Shift) and shear (four diamonds on the sides), as in Hammer. Each drag
 * is one undo step, however long. In the 3D view a click selects; a
 * Shift+drag on a selected brush's face extrudes it, Ctrl+Shift+drag into
 * a new brush (qr-extrude-drag.h). */
#include "qr-tool.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include "qr-brush.h"
#include "qr-disp.h"
#include "qr-entity-transform.h"
#include "qr-extrude-drag.h"
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
  MODE_BOX_PENDING, /* a box waits for Enter to select what it encloses */
  MODE_MOVE,
  MODE_HANDLE,
} Mode;

/* Rotation snaps to this many degrees unless Shift is held. */
#define ROTATE_STEP 15.0

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
  QrSelection *moving;   /* owned: what the drag moves */
  QrHandleMode handles;  /* what the handles do now */
  QrSelection *handle_sel; /* owned: the selection the handle mode belongs to */
  gboolean handle_brushes; /* it holds brushes (alone or in entities): it has handles */
  /* The last bounds found, for handle_sel in this document revision: every
   * view's preview and each hover ask again, and at 100k brushes each asking
   * took 60 ms. */
  guint64 bounds_revision; /* 0: none */
  gboolean bounds_found;
  QrBounds bounds;
  int handle_i, handle_j; /* the handle being dragged: 0 min, 1 middle, 2 max along right and up */
  QrBounds start_bounds;
  double shear;          /* how far the dragged side has slid, in a shear */
  gboolean was_selected; /* the press was on what was already selected */
  QrSelection *on_click; /* owned: the selection a click without a drag makes, or NULL */
  guint steps;           /* commands the last drag update added to the transaction */
  QrExtrudeDrag extrude; /* a Shift+drag on a face in the 3D view */
} SelectTool;

/* What a click is on: a brush, or a point entity. */
typedef struct
{
  QrId id;         /* 0: nothing */
  gboolean entity;
} Hit;

/* How far the pointer is from the box as the view shows it: 0 inside. */
static double
box_distance (QrBounds b, const QrInput *in, int r, int u)
{
  double px = qr_vec3_get (in->point, r), py = qr_vec3_get (in->point, u);
  double dx = fmax (fmax (qr_vec3_get (b.min, r) - px, px - qr_vec3_get (b.max, r)), 0);
  double dy = fmax (fmax (qr_vec3_get (b.min, u) - py, py - qr_vec3_get (b.max, u)), 0);
  return sqrt (dx * dx + dy * dy);
}

/* A brush with displacements is drawn as its displaced sides' grids (the
 * lines of every quad and its diagonal: each triangle's sides) with its
 * centre cross in the middle of their box (src/render/qr-scene-mesh.c):
 * how near the pointer is to those lines, and that centre. */
static double
disp_lines_distance (const QrBrush *brush, const QrInput *in, int r, int u, QrVec3 *centre)
{
  enum { SIDE = (1 << QR_DISP_MAX_POWER) + 1 };
  QrVec3 verts[SIDE * SIDE];
  uint32_t tri[6 * (SIDE - 1) * (SIDE - 1)];
  QrBounds grids = qr_bounds_empty ();
  double best = G_MAXDOUBLE;
  for (int f = 0; f < brush->n_faces; f++)
    {
      const QrDisp *disp = qr_face_disp (&brush->faces[f]);
      if (disp == NULL || !qr_disp_build (disp, brush, f, verts, NULL, NULL))
        continue;
      qr_disp_triangles (disp->side, tri);
      for (int k = 0; k < 6 * (disp->side - 1) * (disp->side - 1); k += 3)
        for (int e = 0; e < 3; e++)
          best = fmin (best, qr_tool_segment_distance (in->point, verts[tri[k + e]], verts[tri[k + (e + 1) % 3]],
                                                       r, u));
      for (int i = 0; i < disp->side * disp->side; i++)
        qr_bounds_add_point (&grids, verts[i]);
    }
  if (!qr_bounds_is_empty (grids))
    *centre = qr_vec3_scale (qr_vec3_add (grids.min, grids.max), 0.5);
  return best;
}

/* The brush whose edge or centre is nearest the pointer, or the point
 * entity whose box holds it (an entity is small and drawn whole, so
 * anywhere in its box picks it, before any brush), within reach. */
static Hit
pick (QrDocument *doc, const QrInput *in)
{
  int r, u;
  qr_tool_view_axes (in->view, &r, &u, NULL);
  const QrMap *map = qr_document_get_map (doc);
  double best = G_MAXDOUBLE;
  Hit hit = { 0, FALSE };
  double edge_reach = PICK_EDGE_PX * in->pixel, centre_reach = PICK_CENTRE_PX * in->pixel;
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      QrBounds box;
      /* A locked layer's objects (qr-layer.h) cannot be selected. */
      if (qr_map_entity_is_locked (map, entity))
        continue;
      if (qr_entity_is_point (entity) && !qr_map_entity_is_hidden (map, entity)
          && qr_entity_box (entity, qr_document_get_entdefs (doc), &box))
        {
          double d = box_distance (box, in, r, u);
          /* Inside the box beats any edge: -1 sorts before every distance. */
          d = d == 0 ? -1 : d;
          if (d <= edge_reach && d < best)
            {
              best = d;
              hit = (Hit) { entity->id, TRUE };
            }
        }
      for (guint i = 0; i < qr_entity_brush_count (entity); i++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, i);
          if (!qr_brush_is_valid (brush) || qr_map_brush_is_hidden (map, entity, brush))
            continue;
          const QrPolytope *poly = brush->poly;
          QrBounds b = qr_brush_bounds (brush);
          /* Cheap rejection: the pointer far outside the brush's rectangle. */
          if (box_distance (b, in, r, u) > edge_reach)
            continue;
          QrVec3 centre = qr_vec3_scale (qr_vec3_add (b.min, b.max), 0.5);
          double edge = G_MAXDOUBLE;
          if (qr_brush_has_disp (brush))
            edge = disp_lines_distance (brush, in, r, u, &centre);
          else
            for (int k = 0; k < poly->n_edges; k++)
              edge = fmin (edge, qr_tool_segment_distance (in->point, poly->verts[poly->edges[2 * k]],
                                                           poly->verts[poly->edges[2 * k + 1]], r, u));
          double d = qr_tool_segment_distance (in->point, centre, centre, r, u);
          if (d <= centre_reach && d < best)
            {
              best = d;
              hit = (Hit) { brush->id, FALSE };
            }
          if (edge <= edge_reach && edge < best)
            {
              best = edge;
              hit = (Hit) { brush->id, FALSE };
            }
        }
    }
  /* Patches are named among the brushes. */
  QrId patch = qr_tool_pick_patch (doc, in, edge_reach, centre_reach, &best);
  return patch != 0 ? (Hit) { patch, FALSE } : hit;
}

static gboolean
hit_selected (const QrSelection *sel, Hit hit)
{
  return hit.entity ? qr_selection_has_entity (sel, hit.id) : qr_selection_has_brush (sel, hit.id);
}

/* sel with the hit added (add) or taken out. */
static void
hit_toggle (QrSelection *sel, Hit hit, gboolean add)
{
  if (hit.entity)
    (add ? qr_selection_add_entity : qr_selection_remove_entity) (sel, hit.id);
  else
    (add ? qr_selection_add_brush : qr_selection_remove_brush) (sel, hit.id);
}

/* A click in the 3D view selects what its ray meets first (Ctrl adds or
 * removes it); a click on nothing clears the selection, unless Ctrl. */
static void
click_3d (QrDocument *doc, const QrInput *in)
{
  gboolean toggle = (in->modifiers & QR_INPUT_CTRL) != 0;
  g_autoptr (QrSelection) sel = toggle ? qr_selection_copy (qr_document_get_selection (doc)) : qr_selection_new ();

  if (in->pick.kind != QR_PICK_NONE)
    {
      Hit hit = { in->pick.id, in->pick.kind == QR_PICK_ENTITY };
      hit_toggle (sel, hit, !(toggle && hit_selected (sel, hit)));
    }
  qr_document_set_selection (doc, sel);
}

/* The pointer within the box as its view shows it, sides included. */
static gboolean
inside_bounds (QrBounds b, const QrInput *in)
{
  int r, u;
  qr_tool_view_axes (in->view, &r, &u, NULL);
  return qr_vec3_get (in->point, r) >= qr_vec3_get (b.min, r) && qr_vec3_get (in->point, r) <= qr_vec3_get (b.max, r)
         && qr_vec3_get (in->point, u) >= qr_vec3_get (b.min, u) && qr_vec3_get (in->point, u) <= qr_vec3_get (b.max, u);
}

/* A new selection starts with resize handles. */
static void
sync_handle_mode (SelectTool *self, QrDocument *doc)
{
  const QrSelection *sel = qr_document_get_selection (doc);
  if (self->handle_sel == NULL || !qr_selection_equal (sel, self->handle_sel))
    {
      self->handles = QR_HANDLES_RESIZE;
      self->bounds_revision = 0;
      g_clear_pointer (&self->handle_sel, qr_selection_free);
      self->handle_sel = qr_selection_copy (sel);
      self->handle_brushes = sel->brushes->len > 0;
      for (guint i = 0; i < sel->entities->len && !self->handle_brushes; i++)
        {
          guint e;
          if (qr_document_find_entity (doc, g_array_index (sel->entities, QrId, i), &e))
            self->handle_brushes = qr_entity_brush_count (qr_map_get_entity (qr_document_get_map (doc), e)) > 0;
        }
    }
}

/* Syncs the handle mode and gives the selection's bounds (handle_sel is
 * then the selection): one look-up serves a whole press, hover or view. */
static gboolean
selection_bounds (SelectTool *self, QrDocument *doc, QrBounds *b)
{
  sync_handle_mode (self, doc);
  guint64 revision = qr_document_get_revision (doc);
  if (self->bounds_revision != revision)
    {
      QrObjects objs = qr_objects_of_selection (self->handle_sel);
      self->bounds_found = (objs.n_brushes > 0 || objs.n_entities > 0) && qr_op_bounds (doc, &objs, &self->bounds, NULL);
      self->bounds_revision = revision;
    }
  *b = self->bounds;
  return self->bounds_found;
}

/* The handles each mode shows. Point entities alone have none: their
 * box is all handle-sized, and scaling or shearing a point means nothing;
 * they move by a drag from anywhere in the box and turn by Ctrl+R. */
static guint
handle_mask (SelectTool *self)
{
  if (!self->handle_brushes)
    return 0;
  switch (self->handles)
    {
    case QR_HANDLES_ROTATE:
      return QR_HANDLE_MASK_CORNERS;
    case QR_HANDLES_SHEAR:
      return QR_HANDLE_MASK_SIDES;
    case QR_HANDLES_RESIZE:
    default:
      return QR_HANDLE_MASK_CORNERS | QR_HANDLE_MASK_SIDES;
    }
}

static QrHandleShape
handle_shape (QrHandleMode mode)
{
  return mode == QR_HANDLES_ROTATE ? QR_HANDLE_CIRCLE : mode == QR_HANDLES_SHEAR ? QR_HANDLE_DIAMOND : QR_HANDLE_SQUARE;
}

/* The shear's guides in its view: the bounds as the drag found them, and
 * the slanted box they become, the dragged side slid along itself. */
static void
add_shear_guides (SelectTool *self, GArray *segments)
{
  qr_preview_add_outline (segments, self->start_bounds, self->view, QR_PREVIEW_GUIDE);
  int r, u, depth;
  qr_tool_view_axes (self->view, &r, &u, &depth);
  QrBounds b = self->start_bounds;
  double z = qr_vec3_get (b.max, depth);
  double x[2] = { qr_vec3_get (b.min, r), qr_vec3_get (b.max, r) };
  double y[2] = { qr_vec3_get (b.min, u), qr_vec3_get (b.max, u) };
  /* Corners anticlockwise from (min, min); the dragged side's two slide. */
  double cx[4] = { x[0], x[1], x[1], x[0] }, cy[4] = { y[0], y[0], y[1], y[1] };
  gboolean horizontal_side = self->handle_i == 1;
  int which = horizontal_side ? self->handle_j : self->handle_i;
  for (int k = 0; k < 4; k++)
    {
      gboolean on_side = horizontal_side ? (which == 2) == (k >= 2) : (which == 2) == (k == 1 || k == 2);
      if (!on_side)
        continue;
      if (horizontal_side)
        cx[k] += self->shear;
      else
        cy[k] += self->shear;
    }
  for (int k = 0; k < 4; k++)
    {
      QrPreviewSegment s;
      s.kind = QR_PREVIEW_GUIDE;
      qr_vec3_set (&s.a, r, cx[k]);
      qr_vec3_set (&s.a, u, cy[k]);
      qr_vec3_set (&s.a, depth, z);
      qr_vec3_set (&s.b, r, cx[(k + 1) % 4]);
      qr_vec3_set (&s.b, u, cy[(k + 1) % 4]);
      qr_vec3_set (&s.b, depth, z);
      g_array_append_val (segments, s);
    }
}

static void
select_view_preview (QrTool *tool, QrDocument *doc, int view, double pixel, GArray *segments)
{
  SelectTool *self = (SelectTool *) tool;
  QrBounds b;
  if (self->mode == MODE_BOX || self->mode == MODE_BOX_PENDING || !selection_bounds (self, doc, &b))
    return;
  qr_preview_add_outline (segments, b, view, QR_PREVIEW_BOUNDS);
  if (self->mode == MODE_HANDLE && self->handles == QR_HANDLES_SHEAR && view == self->view)
    add_shear_guides (self, segments);
  int hot = tool->hot >= 0 && tool->hot_view == view ? tool->hot : -1;
  qr_preview_add_handles (segments, b, view, pixel, handle_mask (self), handle_shape (self->handles), hot);
}

/* The handle under the pointer is hot, else the selection when a drag
 * from there would move it. A drag keeps what was hot at its press. */
static void
select_hover (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  SelectTool *self = (SelectTool *) tool;
  if (self->mode != MODE_IDLE && self->mode != MODE_BOX_PENDING)
    return;
  tool->hot = QR_TOOL_HOT_NONE;
  if (in == NULL)
    return;
  QrBounds b;
  if (!selection_bounds (self, doc, &b))
    return;
  int i, j;
  tool->hot_view = in->view;
  tool->hot_shape = handle_shape (self->handles);
  if (qr_tool_hit_handle (b, handle_mask (self), in, &i, &j))
    tool->hot = i * 3 + j;
  else if (inside_bounds (b, in))
    tool->hot = QR_TOOL_HOT_MOVE;
}

QrHandleMode
qr_select_tool_get_handle_mode (QrTool *tool)
{
  g_return_val_if_fail (tool != NULL, QR_HANDLES_RESIZE);
  return ((SelectTool *) tool)->handles;
}

static void
begin_move (SelectTool *self, QrDocument *doc, const QrInput *in)
{
  self->mode = MODE_MOVE;
  self->moved = FALSE;
  self->last_delta = qr_vec3 (0, 0, 0);
  g_clear_pointer (&self->moving, qr_selection_free);
  gboolean copy = (in->modifiers & QR_INPUT_SHIFT) != 0;
  qr_document_begin_transaction (doc, copy ? _("Duplicate") : _("Move"));
  self->moving = qr_selection_copy (qr_document_get_selection (doc));
  if (copy)
    {
      /* The copies take the selection and are what moves. */
      QrObjects objs = qr_objects_of_selection (self->moving);
      qr_op_duplicate (doc, &objs, qr_vec3 (0, 0, 0), NULL);
      qr_selection_free (self->moving);
      self->moving = qr_selection_copy (qr_document_get_selection (doc));
    }
}

static void
select_press (QrTool *tool, QrDocument *doc, const QrInput *in, int button)
{
  SelectTool *self = (SelectTool *) tool;
  if (button != 1)
    return;
  /* The 3D view only clicks: no gesture starts, none pending is dropped. */
  if (in->view == QR_TOOL_VIEW_3D)
    {
      if (!qr_extrude_drag_begin (&self->extrude, doc, in))
        click_3d (doc, in);
      return;
    }
  /* A press elsewhere drops a box that waits for Enter. */
  if (self->mode == MODE_BOX_PENDING)
    self->mode = MODE_IDLE;
  if (self->mode != MODE_IDLE)
    return;
  self->view = in->view;
  self->start = self->current = in->point;
  self->start_snap = qr_tool_snap (in);
  self->toggle = (in->modifiers & QR_INPUT_CTRL) != 0;
  /* The selection's bounds as the press finds them: every test below is
   * made before the selection changes. */
  QrBounds b;
  gboolean any = selection_bounds (self, doc, &b);

  int hi, hj;
  if (!self->toggle && any && qr_tool_hit_handle (b, handle_mask (self), in, &hi, &hj))
    {
      g_clear_pointer (&self->moving, qr_selection_free);
      self->moving = qr_selection_copy (self->handle_sel);
      self->start_bounds = b;
      self->shear = 0;
      self->mode = MODE_HANDLE;
      self->handle_i = hi;
      self->handle_j = hj;
      self->moved = FALSE;
      self->steps = 0;
      self->last_delta = qr_vec3 (G_MAXDOUBLE, 0, 0);
      qr_document_begin_transaction (doc, self->handles == QR_HANDLES_ROTATE ? _("Rotate")
                                          : self->handles == QR_HANDLES_SHEAR ? _("Shear") : _("Resize"));
      return;
    }

  Hit hit = pick (doc, in);
  const QrSelection *sel = qr_document_get_selection (doc);
  self->was_selected = FALSE;
  g_clear_pointer (&self->on_click, qr_selection_free);
  if (self->toggle)
    {
      if (hit.id == 0)
        {
          self->mode = MODE_BOX;
          return;
        }
      g_autoptr (QrSelection) next = qr_selection_copy (sel);
      hit_toggle (next, hit, !hit_selected (sel, hit));
      qr_document_set_selection (doc, next);
      return;
    }
  /* Inside the selection's bounds a drag moves the whole selection, even
   * from the edge of a brush it does not hold; a click there without a drag
   * selects that brush instead. */
  if (any && (inside_bounds (b, in) || (hit.id != 0 && hit_selected (sel, hit))))
    {
      if (hit.id != 0 && !hit_selected (sel, hit))
        {
          self->on_click = qr_selection_new ();
          hit_toggle (self->on_click, hit, TRUE);
        }
      else
        self->was_selected = TRUE;
      begin_move (self, doc, in);
      return;
    }
  if (hit.id != 0)
    {
      g_autoptr (QrSelection) next = qr_selection_new ();
      hit_toggle (next, hit, TRUE);
      qr_document_set_selection (doc, next);
      begin_move (self, doc, in);
      return;
    }
  self->mode = MODE_BOX;
}

/* Undoes what the previous update of a handle drag did. */
static void
rollback_steps (SelectTool *self, QrDocument *doc)
{
  for (; self->steps > 0; self->steps--)
    qr_document_rollback_last (doc);
}

static void
handle_drag (SelectTool *self, QrDocument *doc, const QrInput *in)
{
  int r, u, depth;
  qr_tool_view_axes (self->view, &r, &u, &depth);
  QrObjects objs = qr_objects_of_selection (self->moving);
  QrBounds b = self->start_bounds;
  double px = qr_tool_snap_value (qr_vec3_get (in->point, r), in), py = qr_tool_snap_value (qr_vec3_get (in->point, u), in);
  QrVec3 key = qr_vec3 (px, py, (double) (in->modifiers & QR_INPUT_SHIFT));
  if (qr_vec3_equal (key, self->last_delta))
    return;
  self->last_delta = key;
  rollback_steps (self, doc);

  if (self->handles == QR_HANDLES_RESIZE)
    {
      QrBounds to = qr_handle_resize (b, self->view, self->handle_i, self->handle_j, in);
      if (!qr_vec3_equal (to.min, b.min) || !qr_vec3_equal (to.max, b.max))
        self->steps += qr_op_resize (doc, &objs, to, NULL);
      QrVec3 size = qr_vec3_sub (to.max, to.min);
      qr_tool_set_status (&self->parent, g_strdup_printf (_("Size %g × %g × %g"), size.x, size.y, size.z));
    }
  else if (self->handles == QR_HANDLES_ROTATE)
    {
      double cx = 0.5 * (qr_vec3_get (b.min, r) + qr_vec3_get (b.max, r)), cy = 0.5 * (qr_vec3_get (b.min, u) + qr_vec3_get (b.max, u));
      double a0 = atan2 (qr_vec3_get (self->start, u) - cy, qr_vec3_get (self->start, r) - cx);
      double a1 = atan2 (qr_vec3_get (in->point, u) - cy, qr_vec3_get (in->point, r) - cx);
      double degrees = (a1 - a0) * 180.0 / G_PI;
      if (!(in->modifiers & QR_INPUT_SHIFT))
        degrees = round (degrees / ROTATE_STEP) * ROTATE_STEP;
      degrees = fmod (degrees + 540.0, 360.0) - 180.0;
      /* Anticlockwise on screen is about +Z seen from the top, about -Y
       * seen from the front (which looks along +Y), about +X seen from the
       * side (which looks along -X). */
      double sign = self->view == 1 ? -1.0 : 1.0;
      if (degrees != 0)
        self->steps += qr_op_rotate (doc, &objs, depth, sign * degrees, NULL);
      qr_tool_set_status (&self->parent, g_strdup_printf (_("Rotate %g°"), degrees));
    }
  else
    {
      /* A side handle slides its side along itself; the opposite side stays. */
      gboolean horizontal_side = self->handle_i == 1;
      int axis = horizontal_side ? r : u, along = horizontal_side ? u : r;
      int which = horizontal_side ? self->handle_j : self->handle_i;
      double d = horizontal_side ? px - qr_tool_snap_value (qr_vec3_get (self->start, r), in)
                                 : py - qr_tool_snap_value (qr_vec3_get (self->start, u), in);
      double extent = qr_vec3_get (b.max, along) - qr_vec3_get (b.min, along);
      if (d != 0 && extent > 0)
        {
          double amount = (which == 2 ? d : -d) / extent;
          self->steps += qr_op_shear (doc, &objs, axis, along, amount, NULL);
          if (which == 0)
            {
              double t[3] = { 0, 0, 0 };
              t[axis] = d;
              self->steps += qr_op_translate (doc, &objs, qr_vec3 (t[0], t[1], t[2]), NULL);
            }
        }
      self->shear = d;
      qr_tool_set_status (&self->parent, g_strdup_printf (_("Shear by %g"), d));
    }
  self->moved = self->steps > 0;
}

static void
select_drag (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  SelectTool *self = (SelectTool *) tool;
  if (in->view == QR_TOOL_VIEW_3D)
    {
      qr_tool_set_status (tool, qr_extrude_drag_update (&self->extrude, doc, in));
      return;
    }
  self->current = in->point;
  if (self->mode == MODE_HANDLE)
    {
      handle_drag (self, doc, in);
      return;
    }
  if (self->mode != MODE_MOVE)
    return;

  int r, u;
  qr_tool_view_axes (self->view, &r, &u, NULL);
  QrVec3 to = qr_tool_snap (in), from = (in->modifiers & QR_INPUT_ALT) ? self->start : self->start_snap;
  double d[3] = { 0, 0, 0 };
  d[r] = qr_vec3_get (to, r) - qr_vec3_get (from, r);
  d[u] = qr_vec3_get (to, u) - qr_vec3_get (from, u);
  QrVec3 delta = qr_vec3 (d[0], d[1], d[2]);
  if (qr_vec3_equal (delta, self->last_delta))
    return;
  /* A drag replaces its previous step: one translation from the start. */
  if (self->moved)
    qr_document_rollback_last (doc);
  self->moved = FALSE;
  if (d[r] != 0 || d[u] != 0)
    {
      QrObjects objs = qr_objects_of_selection (self->moving);
      self->moved = qr_op_translate (doc, &objs, delta, NULL);
    }
  self->last_delta = delta;
  qr_tool_set_status (&self->parent, g_strdup_printf (_("Moving by %g, %g, %g"), delta.x, delta.y, delta.z));
}

/* The brushes and point entities wholly inside the box in its view, at
 * any depth. */
static void
objects_in_box (SelectTool *self, QrDocument *doc, QrSelection *into, guint *count)
{
  int r, u;
  qr_tool_view_axes (self->view, &r, &u, NULL);
  double x0 = MIN (qr_vec3_get (self->start, r), qr_vec3_get (self->current, r));
  double x1 = MAX (qr_vec3_get (self->start, r), qr_vec3_get (self->current, r));
  double y0 = MIN (qr_vec3_get (self->start, u), qr_vec3_get (self->current, u));
  double y1 = MAX (qr_vec3_get (self->start, u), qr_vec3_get (self->current, u));
  const QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) brushes = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GArray) entities = g_array_new (FALSE, FALSE, sizeof (QrId));
  *count = 0;
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      QrBounds box;
      /* A locked layer's objects (qr-layer.h) cannot be selected. */
      if (qr_map_entity_is_locked (map, entity))
        continue;
      if (qr_entity_is_point (entity) && !qr_map_entity_is_hidden (map, entity)
          && qr_entity_box (entity, qr_document_get_entdefs (doc), &box) && qr_vec3_get (box.min, r) >= x0
          && qr_vec3_get (box.max, r) <= x1 && qr_vec3_get (box.min, u) >= y0 && qr_vec3_get (box.max, u) <= y1)
        {
          g_array_append_val (entities, entity->id);
          (*count)++;
        }
      for (guint i = 0; i < qr_entity_brush_count (entity); i++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, i);
          if (!qr_brush_is_valid (brush) || qr_map_brush_is_hidden (map, entity, brush))
            continue;
          QrBounds b = qr_brush_bounds (brush);
          if (qr_vec3_get (b.min, r) >= x0 && qr_vec3_get (b.max, r) <= x1 && qr_vec3_get (b.min, u) >= y0 && qr_vec3_get (b.max, u) <= y1)
            {
              g_array_append_val (brushes, brush->id);
              (*count)++;
            }
        }
    }
  /* At once: one by one against their order, the ids moved the array's tail each time. */
  if (into != NULL)
    {
      qr_selection_add_brushes (into, (const QrId *) (gpointer) brushes->data, brushes->len);
      qr_selection_add_entities (into, (const QrId *) (gpointer) entities->data, entities->len);
    }
  qr_tool_patches_in_box (doc, self->view, x0, y0, x1, y1, into, count);
}

/* Releasing a box: a click on empty space clears the selection at once;
 * a real box waits for Enter, as in Hammer, saying what it would take. */
static void
finish_box (SelectTool *self, QrDocument *doc, const QrInput *in)
{
  int r, u;
  qr_tool_view_axes (self->view, &r, &u, NULL);
  gboolean click = fabs (qr_vec3_get (self->current, r) - qr_vec3_get (self->start, r)) < CLICK_PX * in->pixel
                   && fabs (qr_vec3_get (self->current, u) - qr_vec3_get (self->start, u)) < CLICK_PX * in->pixel;
  if (click)
    {
      self->mode = MODE_IDLE;
      if (!self->toggle)
        {
          g_autoptr (QrSelection) none = qr_selection_new ();
          qr_document_set_selection (doc, none);
        }
      return;
    }
  guint count;
  objects_in_box (self, doc, NULL, &count);
  self->mode = MODE_BOX_PENDING;
  qr_tool_set_status (&self->parent, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "%u object inside the box, at any depth: Enter selects it, Escape drops the box",
                                                  "%u objects inside the box, at any depth: Enter selects them, Escape drops the box",
                                                  count),
                                     count));
}

static void
confirm_box (SelectTool *self, QrDocument *doc)
{
  g_autoptr (QrSelection) next = self->toggle ? qr_selection_copy (qr_document_get_selection (doc))
                                              : qr_selection_new ();
  guint count;
  objects_in_box (self, doc, next, &count);
  qr_document_set_selection (doc, next);
  self->mode = MODE_IDLE;
  qr_tool_set_status (&self->parent, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Selected %u object", "Selected %u objects", count),
                                     count));
}

static void
select_release (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  SelectTool *self = (SelectTool *) tool;
  if (in->view == QR_TOOL_VIEW_3D)
    {
      if (self->extrude.active)
        qr_tool_set_status (tool, qr_extrude_drag_finish (&self->extrude, doc, in));
      return;
    }
  self->current = in->point;
  if (self->mode == MODE_MOVE || self->mode == MODE_HANDLE)
    {
      gboolean click = self->mode == MODE_MOVE && !self->moved
                       && fabs (qr_vec3_get (in->point, 0) - qr_vec3_get (self->start, 0)) < CLICK_PX * in->pixel
                       && fabs (qr_vec3_get (in->point, 1) - qr_vec3_get (self->start, 1)) < CLICK_PX * in->pixel
                       && fabs (qr_vec3_get (in->point, 2) - qr_vec3_get (self->start, 2)) < CLICK_PX * in->pixel;
      if (self->moved)
        qr_document_commit_transaction (doc);
      else
        qr_document_cancel_transaction (doc);
      /* A click inside the selection on something it does not hold picks
       * that; a click on what was already selected cycles the handles. */
      if (click && self->on_click != NULL)
        qr_document_set_selection (doc, self->on_click);
      else if (click && self->was_selected && self->handle_brushes && !(in->modifiers & QR_INPUT_SHIFT))
        {
          self->handles = (self->handles + 1) % 3;
          static const char *names[] = { N_("Handles resize"), N_("Handles rotate (Shift: free angle)"),
                                         N_("Handles shear") };
          qr_tool_set_status (&self->parent, g_strdup (_(names[self->handles])));
        }
    }
  else if (self->mode == MODE_BOX)
    {
      finish_box (self, doc, in);
      return;
    }
  self->mode = MODE_IDLE;
}

static gboolean
select_key (QrTool *tool, QrDocument *doc, QrToolKey key)
{
  SelectTool *self = (SelectTool *) tool;
  if (key == QR_TOOL_KEY_ENTER && self->mode == MODE_BOX_PENDING)
    {
      confirm_box (self, doc);
      return TRUE;
    }
  if (key == QR_TOOL_KEY_ESCAPE && self->extrude.active)
    {
      qr_extrude_drag_clear (&self->extrude);
      qr_tool_set_status (tool, NULL);
      return TRUE;
    }
  if (key != QR_TOOL_KEY_ESCAPE || self->mode == MODE_IDLE)
    return FALSE;
  if (self->mode == MODE_MOVE || self->mode == MODE_HANDLE)
    qr_document_cancel_transaction (doc);
  self->mode = MODE_IDLE;
  return TRUE;
}

static void
select_preview (QrTool *tool, QrDocument *doc, GArray *segments)
{
  SelectTool *self = (SelectTool *) tool;
  qr_extrude_drag_preview (&self->extrude, doc, segments);
  if (self->mode != MODE_BOX && self->mode != MODE_BOX_PENDING)
    return;
  int r, u, depth;
  qr_tool_view_axes (self->view, &r, &u, &depth);
  double a[3] = { 0, 0, 0 }, b[3] = { 0, 0, 0 };
  a[r] = MIN (qr_vec3_get (self->start, r), qr_vec3_get (self->current, r));
  b[r] = MAX (qr_vec3_get (self->start, r), qr_vec3_get (self->current, r));
  a[u] = MIN (qr_vec3_get (self->start, u), qr_vec3_get (self->current, u));
  b[u] = MAX (qr_vec3_get (self->start, u), qr_vec3_get (self->current, u));
  QrBounds box = { qr_vec3 (a[0], a[1], a[2]), qr_vec3 (b[0], b[1], b[2]) };
  qr_preview_add_box (segments, box, QR_PREVIEW_RUBBER_BAND);
}

static void
select_free (QrTool *tool)
{
  SelectTool *self = (SelectTool *) tool;
  qr_extrude_drag_clear (&self->extrude);
  g_clear_pointer (&self->moving, qr_selection_free);
  g_clear_pointer (&self->handle_sel, qr_selection_free);
  g_clear_pointer (&self->on_click, qr_selection_free);
  g_free (self);
}

static const QrToolClass select_class = {
  .name = "select",
  .press = select_press,
  .drag = select_drag,
  .release = select_release,
  .key = select_key,
  .preview = select_preview,
  .view_preview = select_view_preview,
  .hover = select_hover,
  .free = select_free,
};

QrTool *
qr_select_tool_new (void)
{
  SelectTool *self = g_new0 (SelectTool, 1);
  qr_tool_init (&self->parent, &select_class);
  return &self->parent;
}
