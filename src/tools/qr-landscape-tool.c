/* qr-landscape-tool.c — Landscape: makes and shapes B-spline landscapes
 * (issue 16; the MapEditor report, shared reference 001, §3.6, where a
 * landscape is edited by pulling its control points up and down).
 *
 * A drag on empty space in the top view spans the rectangle of a new flat
 * landscape (the panel's grid size, base height 0). The control points of
 * the selected landscapes (of every landscape while none is selected) show
 * as handles in the design canvases. A press on one in the top view makes
 * it the current point; in the front and side views a press on a handle
 * takes the current point when it is under the pointer, else the one
 * nearest the viewer (front: least Y, side: greatest X), since a flat row
 * of points projects onto one handle there. In the 3D view a press takes
 * the control point nearest the ray within a few pixels. Dragging then
 * moves it up or down with the vertical motion — snapped to the grid
 * unless Alt is held; in 3D the motion of the pointer over the upright
 * plane through the point facing the camera — and its neighbours within
 * the falloff radius with it. A click on a landscape's surface in the 3D
 * view away from its points selects it. Every dab of one drag carries one stroke
 * number, so the drag is one undo step ("Shape Landscape"). */
#include "qr-tool.h"

#include <glib/gi18n.h>
#include <math.h>
#include "qr-command.h"
#include "qr-entity.h"
#include "qr-landscape-ops.h"
#include "qr-map.h"

/* How far off the ray a control point may be and still be taken in the 3D
 * view, as an angle: about five pixels of a 60° view 600 pixels tall. */
#define PICK_ANGLE 0.009

typedef enum
{
  STATE_IDLE,
  STATE_CREATE, /* a rectangle being dragged out in the top view */
  STATE_SHAPE,  /* a control point being dragged up or down */
} State;

typedef struct
{
  QrTool parent;
  int cols, rows;
  double falloff;
  char *texture; /* owned */
  State state;
  QrVec3 from, to;   /* STATE_CREATE: the rectangle's snapped corners */
  QrId current;      /* the current control point's landscape, or 0 */
  int cur_r, cur_c;
  int view;          /* STATE_SHAPE: where the drag began */
  double start;      /* … the pointer's height there (world Z) */
  double applied;    /* … the rise already given to the point */
  QrVec3 plane_point, plane_normal; /* … 3D: the plane the pointer moves over */
  guint stroke;
} LandscapeTool;

static const QrToolClass landscape_class;

static LandscapeTool *
landscape_tool (QrTool *tool)
{
  g_return_val_if_fail (tool != NULL && tool->klass == &landscape_class, NULL);
  return (LandscapeTool *) tool;
}

/* The selected landscapes, found through the selection (a big map's
 * entities are not walked on every redraw). */
static GPtrArray *
selected_landscapes (QrDocument *doc)
{
  const QrMap *map = qr_document_get_map (doc);
  const GArray *ids = qr_document_get_selection (doc)->entities;
  GPtrArray *out = g_ptr_array_new ();
  guint at;
  for (guint i = 0; i < ids->len; i++)
    if (qr_document_find_entity (doc, g_array_index (ids, QrId, i), &at)
        && qr_entity_is_landscape (qr_map_get_entity (map, at)))
      g_ptr_array_add (out, (gpointer) qr_map_get_entity (map, at));
  return out;
}

/* The landscapes whose handles show: the selected ones, else all. */
static GPtrArray *
targets (QrDocument *doc)
{
  GPtrArray *out = selected_landscapes (doc);
  if (out->len > 0)
    return out;
  const QrMap *map = qr_document_get_map (doc);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    if (qr_entity_is_landscape (qr_map_get_entity (map, e)) && !qr_map_entity_is_hidden (map, qr_map_get_entity (map, e)))
      g_ptr_array_add (out, (gpointer) qr_map_get_entity (map, e));
  return out;
}

QrId
qr_landscape_tool_target (QrDocument *doc)
{
  g_return_val_if_fail (QR_IS_DOCUMENT (doc), 0);
  g_autoptr (GPtrArray) lands = selected_landscapes (doc);
  return lands->len > 0 ? ((const QrEntity *) g_ptr_array_index (lands, 0))->id : 0;
}

gboolean
qr_tool_hit_landscape (const QrEntity *entity, const QrRay *ray, double *t)
{
  g_autoptr (QrLandscape) land = qr_landscape_from_entity (entity, NULL);
  if (land == NULL)
    return FALSE;
  int h = 0, w = 0;
  g_autofree QrVec3 *points = qr_landscape_sample (land, &h, &w);
  if (points == NULL || h < 2 || w < 2)
    return FALSE;
  /* The sampled grid is a grid of points like a tessellated patch: the
   * same triangles, hit from either side. */
  g_autofree QrBezierGrid *grid = g_malloc (sizeof (QrBezierGrid) + sizeof (QrVec3) * (gsize) h * w);
  grid->rows = h;
  grid->cols = w;
  QrBounds bounds = qr_bounds_empty ();
  for (int i = 0; i < h * w; i++)
    {
      grid->p[i] = points[i];
      qr_bounds_add_point (&bounds, points[i]);
    }
  return qr_ray_hit_bezier_grid (ray, grid, bounds, t);
}

/* The control point a press of `in` takes, if any: *id, *r, *c. */
static gboolean
find_point (LandscapeTool *self, QrDocument *doc, const QrInput *in, QrId *id, int *r, int *c)
{
  g_autoptr (GPtrArray) lands = targets (doc);
  double best = G_MAXDOUBLE;
  int right = 0, up = 0, depth = 0;
  if (in->view != QR_TOOL_VIEW_3D)
    qr_tool_view_axes (in->view, &right, &up, &depth);
  double reach = (QR_HANDLE_PX + 2.0) * in->pixel;
  *id = 0;
  for (guint k = 0; k < lands->len; k++)
    {
      const QrEntity *entity = g_ptr_array_index (lands, k);
      g_autoptr (QrLandscape) land = qr_landscape_from_entity (entity, NULL);
      if (land == NULL)
        continue;
      for (int i = 0; i < land->rows; i++)
        for (int j = 0; j < land->cols; j++)
          {
            QrVec3 p = qr_landscape_control_point (land, i, j);
            double score;
            if (in->view == QR_TOOL_VIEW_3D)
              {
                QrVec3 d = qr_vec3_sub (p, in->ray.origin);
                double along = qr_vec3_dot (d, in->ray.dir);
                if (along <= 0)
                  continue;
                double off = qr_vec3_length (qr_vec3_sub (d, qr_vec3_scale (in->ray.dir, along)));
                if (off / along > PICK_ANGLE)
                  continue;
                /* The nearest to the eye of those on the ray. */
                score = along;
              }
            else
              {
                if (fabs (qr_vec3_get (p, right) - qr_vec3_get (in->point, right)) > reach
                    || fabs (qr_vec3_get (p, up) - qr_vec3_get (in->point, up)) > reach)
                  continue;
                /* Front looks along +Y, side along −X, top down −Z: the
                 * nearest the viewer has the least depth coordinate times
                 * that sign; the current point goes first. */
                double toward = in->view == 2 ? -1.0 : in->view == 1 ? 1.0 : -1.0;
                score = toward * qr_vec3_get (p, depth);
                if (entity->id == self->current && i == self->cur_r && j == self->cur_c)
                  score = -G_MAXDOUBLE;
              }
            if (score < best)
              {
                best = score;
                *id = entity->id;
                *r = i;
                *c = j;
              }
          }
    }
  return *id != 0;
}

/* The height the pointer stands for while shaping. */
static gboolean
pointer_height (LandscapeTool *self, const QrInput *in, double *z)
{
  if (in->view != QR_TOOL_VIEW_3D)
    {
      *z = in->point.z;
      return TRUE;
    }
  double denom = qr_vec3_dot (in->ray.dir, self->plane_normal);
  if (fabs (denom) < 1e-9)
    return FALSE;
  double t = qr_vec3_dot (qr_vec3_sub (self->plane_point, in->ray.origin), self->plane_normal) / denom;
  if (t <= 0)
    return FALSE;
  *z = in->ray.origin.z + t * in->ray.dir.z;
  return TRUE;
}

static void
begin_shape (LandscapeTool *self, QrDocument *doc, const QrInput *in, QrId id, int r, int c)
{
  g_autoptr (QrLandscape) land = NULL;
  guint at;
  if (qr_document_find_entity (doc, id, &at))
    land = qr_landscape_from_entity (qr_map_get_entity (qr_document_get_map (doc), at), NULL);
  if (land == NULL)
    return;
  self->current = id;
  self->cur_r = r;
  self->cur_c = c;
  QrVec3 p = qr_landscape_control_point (land, r, c);
  if (in->view == QR_TOOL_VIEW_3D)
    {
      /* Upright through the point, facing the camera; a ray straight down
       * gives it no horizontal part, and then any upright plane will do. */
      QrVec3 n = qr_vec3 (in->ray.dir.x, in->ray.dir.y, 0);
      self->plane_normal = qr_vec3_length (n) > 1e-6 ? qr_vec3_normalize (n) : qr_vec3 (1, 0, 0);
      self->plane_point = p;
    }
  self->view = in->view;
  if (!pointer_height (self, in, &self->start))
    return;
  self->applied = 0.0;
  self->stroke = qr_command_new_stroke ();
  self->state = STATE_SHAPE;
  qr_tool_set_status (&self->parent, g_strdup_printf (_("Landscape: point %d, %d at height %g"), c, r, p.z));
}

static void
landscape_press (QrTool *tool, QrDocument *doc, const QrInput *in, int button)
{
  LandscapeTool *self = (LandscapeTool *) tool;
  QrId id;
  int r, c;

  qr_tool_set_status (tool, NULL);
  self->state = STATE_IDLE;
  if (button != 1)
    return;
  gboolean on_point = find_point (self, doc, in, &id, &r, &c);
  if (on_point && in->view == 0)
    {
      /* The top view shows no heights: it picks the point the side views
       * then take first. */
      self->current = id;
      self->cur_r = r;
      self->cur_c = c;
      qr_tool_set_status (tool, g_strdup_printf (_("Landscape: point %d, %d; drag it in a side or the 3D view"), c, r));
      return;
    }
  if (on_point)
    {
      begin_shape (self, doc, in, id, r, c);
      return;
    }
  if (in->view == 0)
    {
      self->from = self->to = qr_tool_snap (in);
      self->state = STATE_CREATE;
      return;
    }
  guint at;
  if (in->view == QR_TOOL_VIEW_3D && in->pick.kind == QR_PICK_ENTITY && qr_document_find_entity (doc, in->pick.id, &at)
      && qr_entity_is_landscape (qr_map_get_entity (qr_document_get_map (doc), at)))
    {
      /* A click on a landscape's surface away from its points selects it,
       * so that its handles show and the panel acts on it. */
      g_autoptr (QrSelection) sel = qr_selection_new ();
      qr_selection_add_entity (sel, in->pick.id);
      qr_document_set_selection (doc, sel);
      return;
    }
  qr_tool_set_status (tool, g_strdup (_("Landscape: drag a rectangle in the top view, or a control point up or down")));
}

static void
landscape_drag (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  LandscapeTool *self = (LandscapeTool *) tool;
  g_autoptr (GError) error = NULL;
  if (self->state == STATE_CREATE && in->view == 0)
    {
      self->to = qr_tool_snap (in);
      qr_tool_set_status (tool, g_strdup_printf (_("Landscape: %g × %g"), fabs (self->to.x - self->from.x),
                                                 fabs (self->to.y - self->from.y)));
      return;
    }
  if (self->state != STATE_SHAPE || in->view != self->view)
    return;
  double z;
  if (!pointer_height (self, in, &z))
    return;
  double rise = qr_tool_snap_value (z - self->start, in);
  if (rise == self->applied)
    return;
  if (!qr_op_landscape_move_point (doc, self->current, self->cur_r, self->cur_c, rise - self->applied, self->falloff,
                                   self->stroke, &error))
    {
      qr_tool_set_status (tool, g_strdup (error->message));
      self->state = STATE_IDLE;
      return;
    }
  self->applied = rise;
  qr_tool_set_status (tool, g_strdup_printf (_("Landscape: raised by %g"), rise));
}

static void
landscape_release (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  LandscapeTool *self = (LandscapeTool *) tool;
  g_autoptr (GError) error = NULL;
  State was = self->state;
  self->state = STATE_IDLE;
  if (was == STATE_SHAPE)
    {
      landscape_drag (tool, doc, in);
      self->state = STATE_IDLE;
      return;
    }
  if (was != STATE_CREATE)
    return;
  if (in->view == 0)
    self->to = qr_tool_snap (in);
  double sx = fabs (self->to.x - self->from.x), sy = fabs (self->to.y - self->from.y);
  if (sx <= 0 || sy <= 0)
    return;
  QrVec3 min = qr_vec3 (MIN (self->from.x, self->to.x), MIN (self->from.y, self->to.y), 0.0);
  QrId made = 0;
  if (!qr_op_landscape_create (doc, min, sx, sy, self->cols, self->rows, self->texture, &made, &error))
    {
      qr_tool_set_status (tool, g_strdup (error->message));
      return;
    }
  self->current = 0;
  qr_tool_set_status (tool, g_strdup_printf (_("Landscape: made %d × %d control points over %g × %g"), self->cols,
                                             self->rows, sx, sy));
}

static gboolean
landscape_key (QrTool *tool, QrDocument *doc, QrToolKey key)
{
  LandscapeTool *self = (LandscapeTool *) tool;
  if (key != QR_TOOL_KEY_ESCAPE || self->state != STATE_CREATE)
    return FALSE;
  self->state = STATE_IDLE;
  return TRUE;
}

static void
landscape_preview (QrTool *tool, QrDocument *doc, GArray *segments)
{
  LandscapeTool *self = (LandscapeTool *) tool;
  if (self->state != STATE_CREATE)
    return;
  QrBounds box = { qr_vec3 (MIN (self->from.x, self->to.x), MIN (self->from.y, self->to.y), 0),
                   qr_vec3 (MAX (self->from.x, self->to.x), MAX (self->from.y, self->to.y), 0) };
  qr_preview_add_box (segments, box, QR_PREVIEW_NEW_BRUSH);
}

static void
add_square (GArray *segments, QrVec3 p, int right, int up, double half, QrPreviewKind kind)
{
  QrVec3 c[4];
  for (int k = 0; k < 4; k++)
    {
      c[k] = p;
      qr_vec3_set (&c[k], right, qr_vec3_get (p, right) + (k == 1 || k == 2 ? half : -half));
      qr_vec3_set (&c[k], up, qr_vec3_get (p, up) + (k >= 2 ? half : -half));
    }
  for (int k = 0; k < 4; k++)
    {
      QrPreviewSegment s = { c[k], c[(k + 1) % 4], kind };
      g_array_append_val (segments, s);
    }
}

/* The control points as small squares; the current one lit. */
static void
landscape_view_preview (QrTool *tool, QrDocument *doc, int view, double pixel, GArray *segments)
{
  LandscapeTool *self = (LandscapeTool *) tool;
  g_autoptr (GPtrArray) lands = targets (doc);
  int right, up;
  qr_tool_view_axes (view, &right, &up, NULL);
  double half = 0.75 * QR_HANDLE_PX * pixel;
  for (guint k = 0; k < lands->len; k++)
    {
      const QrEntity *entity = g_ptr_array_index (lands, k);
      g_autoptr (QrLandscape) land = qr_landscape_from_entity (entity, NULL);
      if (land == NULL)
        continue;
      for (int r = 0; r < land->rows; r++)
        for (int c = 0; c < land->cols; c++)
          {
            gboolean hot = entity->id == self->current && r == self->cur_r && c == self->cur_c;
            add_square (segments, qr_landscape_control_point (land, r, c), right, up, hot ? 1.5 * half : half,
                        hot ? QR_PREVIEW_HANDLE_HOT : QR_PREVIEW_HANDLE);
          }
    }
}

static void
landscape_free (QrTool *tool)
{
  LandscapeTool *self = (LandscapeTool *) tool;
  g_free (self->texture);
  g_free (self);
}

static const QrToolClass landscape_class = {
  .name = "landscape",
  .press = landscape_press,
  .drag = landscape_drag,
  .release = landscape_release,
  .key = landscape_key,
  .preview = landscape_preview,
  .view_preview = landscape_view_preview,
  .free = landscape_free,
};

QrTool *
qr_landscape_tool_new (void)
{
  LandscapeTool *self = g_new0 (LandscapeTool, 1);
  qr_tool_init (&self->parent, &landscape_class);
  self->cols = self->rows = 9;
  self->texture = g_strdup ("base");
  return &self->parent;
}

void
qr_landscape_tool_set_grid (QrTool *tool, int cols, int rows)
{
  LandscapeTool *self = landscape_tool (tool);
  g_return_if_fail (self != NULL);
  self->cols = CLAMP (cols, QR_LANDSCAPE_MIN_GRID, QR_LANDSCAPE_MAX_GRID);
  self->rows = CLAMP (rows, QR_LANDSCAPE_MIN_GRID, QR_LANDSCAPE_MAX_GRID);
}

void
qr_landscape_tool_set_falloff (QrTool *tool, double radius)
{
  LandscapeTool *self = landscape_tool (tool);
  g_return_if_fail (self != NULL);
  self->falloff = MAX (radius, 0.0);
}

void
qr_landscape_tool_set_texture (QrTool *tool, const char *texture)
{
  LandscapeTool *self = landscape_tool (tool);
  g_return_if_fail (self != NULL && texture != NULL);
  g_free (self->texture);
  self->texture = g_strdup (texture);
}
