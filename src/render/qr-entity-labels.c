/* qr-entity-labels.c — see qr-entity-labels.h. */
#include "qr-entity-labels.h"

#include "qr-entity-transform.h"

/* The widest any point entity's box can be along any axis: its class's
 * size, or the default box. */
static double
widest_box (const QrEntDefs *defs)
{
  double widest = 2 * QR_ENTITY_HALF_SIZE;
  for (guint i = 0; defs != NULL && i < qr_entdefs_count (defs); i++)
    {
      const QrEntClass *cls = qr_entdefs_nth (defs, i);
      if (cls->kind != QR_ENTCLASS_POINT || !cls->has_size)
        continue;
      QrVec3 extent = qr_vec3_sub (cls->size.max, cls->size.min);
      widest = MAX (widest, MAX (extent.x, MAX (extent.y, extent.z)));
    }
  return widest;
}

void
qr_entity_labels_collect (const QrMap *map, const QrEntDefs *defs, const QrOrthoView *view, double min_px,
                          double gap, GArray *out)
{
  g_return_if_fail (map != NULL && view != NULL && out != NULL);
  g_array_set_size (out, 0);
  double zoom = qr_ortho_view_get_zoom (view);
  if (widest_box (defs) * zoom < min_px)
    return;

  const QrOrthoAxes *axes = qr_ortho_axis_get_axes (view->axis);
  double min_h, max_h, min_v, max_v;
  qr_ortho_view_get_visible (view, &min_h, &max_h, &min_v, &max_v);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      QrBounds box;
      if (!qr_entity_is_point (entity) || qr_map_entity_is_hidden (map, entity)
          || !qr_entity_box (entity, defs, &box))
        continue;
      double lo_h = qr_vec3_get (box.min, axes->right), hi_h = qr_vec3_get (box.max, axes->right);
      double lo_v = qr_vec3_get (box.min, axes->up), hi_v = qr_vec3_get (box.max, axes->up);
      double width = (hi_h - lo_h) * zoom;
      if (width < min_px || hi_h < min_h || lo_h > max_h || hi_v < min_v || lo_v > max_v)
        continue;
      /* The box's top-right corner, whatever the view's depth. */
      QrVec3 corner = box.max;
      double sx, sy;
      qr_ortho_view_world_to_screen (view, corner, &sx, &sy);
      const char *targetname = qr_entity_get_key (entity, "targetname");
      QrEntityLabel label = {
        .x = sx + gap,
        .y = sy,
        .box_width = width,
        .classname = qr_entity_get_classname (entity),
        .targetname = targetname != NULL && targetname[0] != '\0' ? targetname : NULL,
      };
      g_array_append_val (out, label);
    }
}
