/* qr-entity-tool.c — Entity: places point entities of the current class,
 * as Hammer's Entity tool (Shift+E) and TrenchBroom's entity browser do.
 *
 * A click in a design canvas places the entity with its origin at the
 * grid-snapped point. The canvas shows two coordinates; the third (the
 * view's depth) is where the Block tool takes its depth from, so both
 * tools agree: the selection's middle along that axis (TrenchBroom's
 * "reference bounds": a light placed beside the selected room lands at
 * the room's mid-height, a second light beside the first at its height),
 * else the depth of the last entity placed (Hammer keeps placing on the
 * plane of the last one), else 0. The class's box is centred there, and
 * the origin snapped.
 *
 * A click in the 3D view places the entity on the surface under the
 * pointer (a brush's face, or another point entity's box): the box rests
 * on it, touching it from outside with the corner nearest to it, and its
 * origin is snapped to the grid along the two axes the surface spreads
 * over most (an axial face's own plane). The coordinate along the third
 * axis is solved so the box still touches a sloped face.
 *
 * Before a click the box follows the pointer in the design canvases, in
 * the amber of a pending brush. Placing is one undo step ("Place Entity",
 * qr_op_place_entity), with the class's default keys when definitions are
 * loaded; the new entity becomes the selection. */
#include "qr-tool.h"

#include <glib/gi18n.h>
#include <math.h>
#include "qr-entity-transform.h"
#include "qr-entity.h"
#include "qr-landscape.h"
#include "qr-map.h"
#include "qr-operations.h"

typedef struct
{
  QrTool parent;
  char *classname;      /* owned: the class a click places */
  gboolean has_last;    /* an entity was placed: its origin is `last` */
  QrVec3 last;
  gboolean hovering;    /* the pointer is over a design canvas: `hover_box` shows */
  QrBounds hover_box;
} EntityTool;

static const QrToolClass entity_class;

static EntityTool *
entity_tool (QrTool *tool)
{
  g_return_val_if_fail (tool != NULL && tool->klass == &entity_class, NULL);
  return (EntityTool *) tool;
}

static QrBounds
class_size (EntityTool *self, QrDocument *doc)
{
  return qr_entdefs_point_size (qr_document_get_entdefs (doc), self->classname);
}

/* The origin's coordinate along a design canvas's depth axis (see the top). */
static double
depth_origin (EntityTool *self, QrDocument *doc, const QrInput *in, int depth, QrBounds size)
{
  const QrSelection *sel = qr_document_get_selection (doc);
  QrObjects objs = qr_objects_of_selection (sel);
  QrBounds b;
  double half = 0.5 * (qr_vec3_get (size.min, depth) + qr_vec3_get (size.max, depth));
  if ((objs.n_brushes > 0 || objs.n_entities > 0) && qr_op_bounds (doc, &objs, &b, NULL) && !qr_bounds_is_empty (b))
    return qr_tool_snap_value (0.5 * (qr_vec3_get (b.min, depth) + qr_vec3_get (b.max, depth)) - half, in);
  if (self->has_last)
    return qr_vec3_get (self->last, depth);
  return 0.0;
}

/* The surface the 3D pick hit: a point on it and its outward normal. */
static gboolean
picked_surface (QrDocument *doc, const QrInput *in, QrVec3 *hit, QrVec3 *normal)
{
  const QrPick *pick = &in->pick;
  *hit = qr_vec3_add (in->ray.origin, qr_vec3_scale (in->ray.dir, pick->distance));
  if (pick->kind == QR_PICK_BRUSH && pick->face >= 0)
    {
      const QrBrush *brush = qr_document_lookup_brush (doc, pick->id);
      QrPlane plane;
      if (brush == NULL || pick->face >= brush->n_faces || !qr_face_plane (&brush->faces[pick->face], &plane))
        return FALSE;
      *normal = plane.normal;
      return TRUE;
    }
  if (pick->kind == QR_PICK_ENTITY)
    {
      guint at;
      QrBounds box;
      const QrEntity *picked = qr_document_find_entity (doc, pick->id, &at)
                                 ? qr_map_get_entity (qr_document_get_map (doc), at) : NULL;
      /* A landscape is its surface: its normal there, from the slopes a
       * unit either way (−∂z/∂x, −∂z/∂y, 1). */
      g_autoptr (QrLandscape) land = picked != NULL && qr_entity_is_landscape (picked)
                                       ? qr_landscape_from_entity (picked, NULL) : NULL;
      if (land != NULL)
        {
          double sx = 0.5 * (qr_landscape_height_at (land, hit->x + 1, hit->y) - qr_landscape_height_at (land, hit->x - 1, hit->y));
          double sy = 0.5 * (qr_landscape_height_at (land, hit->x, hit->y + 1) - qr_landscape_height_at (land, hit->x, hit->y - 1));
          *normal = qr_vec3_normalize (qr_vec3 (-sx, -sy, 1.0));
          return TRUE;
        }
      if (picked == NULL
          || !qr_entity_box (picked, qr_document_get_entdefs (doc), &box))
        return FALSE;
      /* The side of the box the ray entered through: the one the hit lies
       * nearest to. */
      double best = G_MAXDOUBLE, plane = 0.0;
      int best_axis = 2, best_side = 1;
      for (int axis = 0; axis < 3; axis++)
        for (int side = 0; side < 2; side++)
          {
            double edge = qr_vec3_get (side ? box.max : box.min, axis);
            double d = fabs (qr_vec3_get (*hit, axis) - edge);
            if (d < best)
              best = d, plane = edge, best_axis = axis, best_side = side;
          }
      *normal = qr_vec3 (0, 0, 0);
      qr_vec3_set (normal, best_axis, best_side ? 1.0 : -1.0);
      qr_vec3_set (hit, best_axis, plane);
      return TRUE;
    }
  return FALSE;
}

/* Where a click of `in` places the origin; FALSE when it places nothing
 * (the 3D view with no surface under the pointer). */
static gboolean
place_point (EntityTool *self, QrDocument *doc, const QrInput *in, QrVec3 *origin)
{
  QrBounds size = class_size (self, doc);
  if (in->view != QR_TOOL_VIEW_3D)
    {
      int right, up, depth;
      qr_tool_view_axes (in->view, &right, &up, &depth);
      *origin = qr_tool_snap (in);
      qr_vec3_set (origin, depth, depth_origin (self, doc, in, depth, size));
      return TRUE;
    }
  QrVec3 hit, n;
  if (!picked_surface (doc, in, &hit, &n))
    return FALSE;
  /* The axis the surface faces most along, Z first (a 45° ramp is a
   * floor); the others are its plane's. */
  int across = 2;
  for (int axis = 1; axis >= 0; axis--)
    if (fabs (qr_vec3_get (n, axis)) > fabs (qr_vec3_get (n, across)))
      across = axis;
  /* n · (origin + c) = n · hit for the box corner c nearest the surface
   * (least n · c): the box touches the surface from outside. */
  double reach = 0.0, rest = qr_vec3_dot (n, hit);
  for (int axis = 0; axis < 3; axis++)
    {
      double ni = qr_vec3_get (n, axis);
      reach += MIN (ni * qr_vec3_get (size.min, axis), ni * qr_vec3_get (size.max, axis));
      if (axis != across)
        {
          qr_vec3_set (origin, axis, qr_tool_snap_value (qr_vec3_get (hit, axis), in));
          rest -= ni * qr_vec3_get (*origin, axis);
        }
    }
  double along = (rest - reach) / qr_vec3_get (n, across);
  /* Computed coordinates within 0.001 of an integer are that integer
   * (DESIGN.md, Precision); + 0.0: never -0. */
  if (fabs (along - round (along)) < 0.001)
    along = round (along) + 0.0;
  qr_vec3_set (origin, across, along);
  return TRUE;
}

static void
entity_press (QrTool *tool, QrDocument *doc, const QrInput *in, int button)
{
  EntityTool *self = (EntityTool *) tool;
  g_autoptr (GError) error = NULL;
  QrVec3 origin;

  qr_tool_set_status (tool, NULL);
  if (button != 1)
    return;
  if (!place_point (self, doc, in, &origin))
    {
      qr_tool_set_status (tool, g_strdup (_("Entity: click a brush's surface in the 3D view, or anywhere in a 2D view")));
      return;
    }
  QrEntDefs *defs = qr_document_get_entdefs (doc);
  const QrEntClass *cls = defs != NULL ? qr_entdefs_lookup (defs, self->classname) : NULL;
  /* The definition's spelling of the name, when the mapper typed another case. */
  const char *name = cls != NULL ? cls->name : self->classname;
  if (!qr_op_place_entity (doc, name, origin, NULL, 0, cls, NULL, &error))
    {
      qr_tool_set_status (tool, g_strdup (error->message));
      return;
    }
  self->has_last = TRUE;
  self->last = origin;
  self->hovering = FALSE;
  qr_tool_set_status (tool, g_strdup_printf (_("Placed %s at %g %g %g"), name, origin.x, origin.y, origin.z));
}

static void
entity_hover (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  EntityTool *self = (EntityTool *) tool;
  QrVec3 origin;
  gboolean was = self->hovering;
  QrBounds before = self->hover_box;

  self->hovering = in != NULL && place_point (self, doc, in, &origin);
  if (self->hovering)
    {
      QrBounds size = class_size (self, doc);
      self->hover_box = (QrBounds) { qr_vec3_add (origin, size.min), qr_vec3_add (origin, size.max) };
    }
  if (was != self->hovering
      || (self->hovering && (!qr_vec3_equal (before.min, self->hover_box.min) || !qr_vec3_equal (before.max, self->hover_box.max))))
    tool->preview_changed = TRUE;
}

static void
entity_preview (QrTool *tool, QrDocument *doc, GArray *segments)
{
  EntityTool *self = (EntityTool *) tool;
  if (self->hovering)
    qr_preview_add_box (segments, self->hover_box, QR_PREVIEW_NEW_BRUSH);
}

/* Escape drops the box that follows the pointer; leaving the tool is the
 * window's (the key is not used up, so the window can). */
static gboolean
entity_key (QrTool *tool, QrDocument *doc, QrToolKey key)
{
  EntityTool *self = (EntityTool *) tool;
  if (key == QR_TOOL_KEY_ESCAPE)
    self->hovering = FALSE;
  return FALSE;
}

static void
entity_free (QrTool *tool)
{
  EntityTool *self = (EntityTool *) tool;
  g_free (self->classname);
  g_free (self);
}

static const QrToolClass entity_class = {
  .name = "entity",
  .press = entity_press,
  .key = entity_key,
  .preview = entity_preview,
  .hover = entity_hover,
  .free = entity_free,
};

QrTool *
qr_entity_tool_new (void)
{
  EntityTool *self = g_new0 (EntityTool, 1);
  qr_tool_init (&self->parent, &entity_class);
  /* The entity maps have most of. */
  self->classname = g_strdup ("light");
  return &self->parent;
}

void
qr_entity_tool_set_class (QrTool *tool, const char *classname)
{
  EntityTool *self = entity_tool (tool);
  g_return_if_fail (self != NULL && classname != NULL && classname[0] != '\0');
  if (g_strcmp0 (self->classname, classname) == 0)
    return;
  g_free (self->classname);
  self->classname = g_strdup (classname);
}

const char *
qr_entity_tool_get_class (QrTool *tool)
{
  EntityTool *self = entity_tool (tool);
  return self != NULL ? self->classname : NULL;
}

gboolean
qr_entity_tool_place_point (QrTool *tool, QrDocument *doc, const QrInput *in, QrVec3 *origin)
{
  EntityTool *self = entity_tool (tool);
  g_return_val_if_fail (self != NULL && QR_IS_DOCUMENT (doc) && in != NULL && origin != NULL, FALSE);
  QrInput with = *in;
  if (in->view == QR_TOOL_VIEW_3D)
    with.pick = qr_tool_pick_ray (doc, &in->ray);
  return place_point (self, doc, &with, origin);
}
