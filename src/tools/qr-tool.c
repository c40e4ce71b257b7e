/* qr-tool.c — see qr-tool.h. */
#include "qr-tool.h"

#include <math.h>
#include "qr-disp.h"
#include "qr-entity-transform.h"
#include "qr-landscape.h"
#include "qr-patch.h"

QrPick
qr_tool_pick_ray (QrDocument *doc, const QrRay *ray)
{
  const QrMap *map = qr_document_get_map (doc);
  QrPick best = { QR_PICK_NONE, 0, -1, G_MAXDOUBLE };

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      QrBounds box;
      double t;
      int face;

      /* A landscape is its surface, drawn instead of its box. */
      /* Hidden objects (qr-hidden.h) are not there for a click, nor are
       * those of locked layers (qr-layer.h). */
      if ((qr_map_entity_is_hidden (map, entity) && !qr_entity_is_world (entity))
          || qr_map_entity_is_locked (map, entity))
        continue;
      if (qr_entity_is_landscape (entity))
        {
          if (qr_tool_hit_landscape (entity, ray, &t) && t < best.distance)
            best = (QrPick) { QR_PICK_ENTITY, entity->id, -1, t };
        }
      /* A box the ray starts inside is seen from within: the 3D view culls it. */
      else if (qr_entity_is_point (entity) && qr_entity_box (entity, qr_document_get_entdefs (doc), &box) && qr_ray_hit_box (ray, box, &t)
          && t > 0 && t < best.distance)
        best = (QrPick) { QR_PICK_ENTITY, entity->id, -1, t };
      for (guint i = 0; i < qr_entity_brush_count (entity); i++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, i);
          if (!qr_brush_is_valid (brush) || qr_map_brush_is_hidden (map, entity, brush))
            continue;
          /* A brush with displacements is drawn as its displaced sides
           * only, so those are what a click meets. */
          if (qr_brush_has_disp (brush) ? qr_brush_hit_disp (brush, ray, best.distance, &t, &face, NULL, NULL)
                                         : qr_ray_hit_polytope (ray, brush->poly, &t, &face) && t < best.distance)
            best = (QrPick) { QR_PICK_BRUSH, brush->id, face, t };
        }
      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrPatch *patch = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch;
          if (patch != NULL && !qr_map_patch_is_hidden (map, entity, patch->id) && qr_ray_hit_bezier_grid (ray, patch->mesh, patch->bounds, &t) && t < best.distance)
            best = (QrPick) { QR_PICK_PATCH, patch->id, -1, t };
        }
    }
  if (best.kind == QR_PICK_NONE)
    best.distance = 0;
  return best;
}

/* The input as the tool sees it: a 3D view's carries its pick result. */
static QrInput
picked (QrDocument *doc, const QrInput *in)
{
  QrInput with = *in;

  if (in->view == QR_TOOL_VIEW_3D)
    with.pick = qr_tool_pick_ray (doc, &in->ray);
  return with;
}

void
qr_tool_press (QrTool *tool, QrDocument *doc, const QrInput *in, int button)
{
  g_return_if_fail (tool != NULL && QR_IS_DOCUMENT (doc) && in != NULL);
  if (tool->klass->press)
    {
      QrInput with = picked (doc, in);
      tool->klass->press (tool, doc, &with, button);
    }
}

void
qr_tool_drag (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  g_return_if_fail (tool != NULL && QR_IS_DOCUMENT (doc) && in != NULL);
  if (tool->klass->drag)
    {
      QrInput with = picked (doc, in);
      tool->klass->drag (tool, doc, &with);
    }
}

void
qr_tool_release (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  g_return_if_fail (tool != NULL && QR_IS_DOCUMENT (doc) && in != NULL);
  /* The gesture's running account ("Rotate -30°") ends with it; a tool
   * whose release leaves something pending says so again. */
  qr_tool_set_status (tool, NULL);
  if (tool->klass->release)
    {
      QrInput with = picked (doc, in);
      tool->klass->release (tool, doc, &with);
    }
}

gboolean
qr_tool_key (QrTool *tool, QrDocument *doc, QrToolKey key)
{
  g_return_val_if_fail (tool != NULL && QR_IS_DOCUMENT (doc), FALSE);
  return tool->klass->key ? tool->klass->key (tool, doc, key) : FALSE;
}

void
qr_tool_preview (QrTool *tool, QrDocument *doc, GArray *segments)
{
  g_return_if_fail (tool != NULL && QR_IS_DOCUMENT (doc) && segments != NULL);
  g_array_set_size (segments, 0);
  if (tool->klass->preview)
    tool->klass->preview (tool, doc, segments);
}

void
qr_tool_view_preview (QrTool *tool, QrDocument *doc, int view, double pixel, GArray *segments)
{
  g_return_if_fail (tool != NULL && QR_IS_DOCUMENT (doc) && view >= 0 && view < 3 && segments != NULL);
  g_array_set_size (segments, 0);
  if (tool->klass->view_preview)
    tool->klass->view_preview (tool, doc, view, pixel, segments);
}

void
qr_tool_eye_preview (QrTool *tool, QrDocument *doc, const QrToolEye *eye, GArray *segments)
{
  g_return_if_fail (tool != NULL && QR_IS_DOCUMENT (doc) && eye != NULL && segments != NULL);
  g_array_set_size (segments, 0);
  if (tool->klass->eye_preview)
    tool->klass->eye_preview (tool, doc, eye, segments);
}

void
qr_tool_init (QrTool *tool, const QrToolClass *klass)
{
  tool->klass = klass;
  tool->status = NULL;
  tool->hot = QR_TOOL_HOT_NONE;
  tool->hot_view = 0;
  tool->hot_shape = QR_HANDLE_SQUARE;
  tool->preview_changed = FALSE;
}

gboolean
qr_tool_hover (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  g_return_val_if_fail (tool != NULL && QR_IS_DOCUMENT (doc), FALSE);
  int hot = tool->hot, view = tool->hot_view, shape = tool->hot_shape;
  tool->preview_changed = FALSE;
  if (tool->klass->hover)
    {
      QrInput with;
      if (in != NULL)
        with = picked (doc, in);
      tool->klass->hover (tool, doc, in != NULL ? &with : NULL);
    }
  return tool->preview_changed || hot != tool->hot || (tool->hot != QR_TOOL_HOT_NONE && (view != tool->hot_view || shape != tool->hot_shape));
}

const char *
qr_tool_status (QrTool *tool)
{
  g_return_val_if_fail (tool != NULL, NULL);
  return tool->status;
}

void
qr_tool_set_status (QrTool *tool, char *status)
{
  g_return_if_fail (tool != NULL);
  g_free (tool->status);
  tool->status = status;
}

void
qr_tool_free (QrTool *tool)
{
  if (tool == NULL)
    return;
  g_free (tool->status);
  tool->klass->free (tool);
}

void
qr_tool_view_axes (int view, int *right, int *up, int *depth)
{
  /* Top looks down -Z (X right, Y up), front along +Y (X right, Z up),
   * side along -X (Y right, Z up): DESIGN.md's coordinates. */
  static const int r[3] = { 0, 0, 1 }, u[3] = { 1, 2, 2 }, d[3] = { 2, 1, 0 };
  g_return_if_fail (view >= 0 && view < 3);
  *right = r[view];
  *up = u[view];
  if (depth != NULL)
    *depth = d[view];
}

double
qr_tool_snap_value (double v, const QrInput *in)
{
  if (in->modifiers & QR_INPUT_ALT || in->grid <= 0)
    return v;
  /* + 0.0: a pointer just below zero rounds to -0, which a saved map
   * would keep as "-0" (the writer is lossless). */
  return round (v / in->grid) * in->grid + 0.0;
}

QrVec3
qr_tool_snap (const QrInput *in)
{
  int right, up;
  qr_tool_view_axes (in->view, &right, &up, NULL);
  QrVec3 p = in->point;
  qr_vec3_set (&p, right, qr_tool_snap_value (qr_vec3_get (p, right), in));
  qr_vec3_set (&p, up, qr_tool_snap_value (qr_vec3_get (p, up), in));
  return p;
}

void
qr_preview_add_polytope (GArray *segments, const QrPolytope *poly, QrPreviewKind kind)
{
  if (poly == NULL || poly->status != QR_POLY_OK)
    return;
  for (int e = 0; e < poly->n_edges; e++)
    {
      QrPreviewSegment s = { poly->verts[poly->edges[2 * e]], poly->verts[poly->edges[2 * e + 1]], kind };

      g_array_append_val (segments, s);
    }
}

void
qr_preview_add_box (GArray *segments, QrBounds box, QrPreviewKind kind)
{
  QrVec3 c[8];
  for (int i = 0; i < 8; i++)
    c[i] = qr_vec3 (i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z);
  for (int i = 0; i < 8; i++)
    for (int axis = 0; axis < 3; axis++)
      if (!(i & (1 << axis)))
        {
          QrPreviewSegment s = { c[i], c[i | (1 << axis)], kind };
          g_array_append_val (segments, s);
        }
}

double
qr_handle_coord (QrBounds box, int axis, int k)
{
  double lo = qr_vec3_get (box.min, axis), hi = qr_vec3_get (box.max, axis);
  return k == 0 ? lo : k == 2 ? hi : 0.5 * (lo + hi);
}

gboolean
qr_tool_hit_handle (QrBounds box, guint mask, const QrInput *in, int *hi, int *hj)
{
  int r, u;
  qr_tool_view_axes (in->view, &r, &u, NULL);
  double reach = (QR_HANDLE_PX + 2.0) * in->pixel;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      if ((mask & (1u << (i * 3 + j))) != 0
          && fabs (qr_vec3_get (in->point, r) - qr_handle_coord (box, r, i)) <= reach
          && fabs (qr_vec3_get (in->point, u) - qr_handle_coord (box, u, j)) <= reach)
        {
          *hi = i;
          *hj = j;
          return TRUE;
        }
  return FALSE;
}

QrBounds
qr_handle_resize (QrBounds box, int view, int i, int j, const QrInput *in)
{
  int r, u;
  qr_tool_view_axes (view, &r, &u, NULL);
  QrVec3 p = qr_tool_snap (in);
  double px = qr_vec3_get (p, r), py = qr_vec3_get (p, u);
  double least = in->grid > 0 && !(in->modifiers & QR_INPUT_ALT) ? in->grid : 1.0;
  QrBounds to = box;
  if (i == 0)
    qr_vec3_set (&to.min, r, MIN (px, qr_vec3_get (box.max, r) - least));
  else if (i == 2)
    qr_vec3_set (&to.max, r, MAX (px, qr_vec3_get (box.min, r) + least));
  if (j == 0)
    qr_vec3_set (&to.min, u, MIN (py, qr_vec3_get (box.max, u) - least));
  else if (j == 2)
    qr_vec3_set (&to.max, u, MAX (py, qr_vec3_get (box.min, u) + least));
  return to;
}

/* A point of a design canvas's plane at `depth_value` along its depth axis. */
static QrVec3
view_point (int r, int u, int depth, double x, double y, double depth_value)
{
  QrVec3 p;
  qr_vec3_set (&p, r, x);
  qr_vec3_set (&p, u, y);
  qr_vec3_set (&p, depth, depth_value);
  return p;
}

static void
add_segment (GArray *out, QrVec3 a, QrVec3 b, QrPreviewKind kind)
{
  QrPreviewSegment s = { a, b, kind };
  g_array_append_val (out, s);
}

void
qr_preview_add_outline (GArray *segments, QrBounds box, int view, QrPreviewKind kind)
{
  int r, u, depth;
  qr_tool_view_axes (view, &r, &u, &depth);
  double z = qr_vec3_get (box.max, depth);
  double x0 = qr_vec3_get (box.min, r), x1 = qr_vec3_get (box.max, r);
  double y0 = qr_vec3_get (box.min, u), y1 = qr_vec3_get (box.max, u);
  QrVec3 c00 = view_point (r, u, depth, x0, y0, z), c10 = view_point (r, u, depth, x1, y0, z);
  QrVec3 c11 = view_point (r, u, depth, x1, y1, z), c01 = view_point (r, u, depth, x0, y1, z);
  add_segment (segments, c00, c10, kind);
  add_segment (segments, c10, c11, kind);
  add_segment (segments, c11, c01, kind);
  add_segment (segments, c01, c00, kind);
}

void
qr_preview_add_handles (GArray *segments, QrBounds box, int view, double pixel, guint mask, QrHandleShape shape,
                        int hot)
{
  int r, u, depth;
  qr_tool_view_axes (view, &r, &u, &depth);
  double z = qr_vec3_get (box.max, depth);
  /* Squares resize, circles (octagons) rotate, diamonds shear. */
  double h = QR_HANDLE_PX * pixel;
  int n = shape == QR_HANDLE_CIRCLE ? 8 : 4;
  double phase = shape == QR_HANDLE_SQUARE ? G_PI / 4 : shape == QR_HANDLE_CIRCLE ? G_PI / 8 : 0;
  double radius = shape == QR_HANDLE_SQUARE ? h * G_SQRT2 : h * 1.3;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      {
        if ((mask & (1u << (i * 3 + j))) == 0)
          continue;
        double x = qr_handle_coord (box, r, i), y = qr_handle_coord (box, u, j);
        QrPreviewKind kind = i * 3 + j == hot ? QR_PREVIEW_HANDLE_HOT : QR_PREVIEW_HANDLE;
        for (int k = 0; k < n; k++)
          {
            double a0 = phase + 2 * G_PI * k / n, a1 = phase + 2 * G_PI * (k + 1) / n;
            add_segment (segments, view_point (r, u, depth, x + radius * cos (a0), y + radius * sin (a0), z),
                         view_point (r, u, depth, x + radius * cos (a1), y + radius * sin (a1), z), kind);
          }
      }
}

double
qr_tool_segment_distance (QrVec3 p, QrVec3 a, QrVec3 b, int r, int u)
{
  double px = qr_vec3_get (p, r), py = qr_vec3_get (p, u);
  double ax = qr_vec3_get (a, r), ay = qr_vec3_get (a, u), bx = qr_vec3_get (b, r), by = qr_vec3_get (b, u);
  double dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? CLAMP (((px - ax) * dx + (py - ay) * dy) / len2, 0.0, 1.0) : 0.0;
  double ex = ax + t * dx - px, ey = ay + t * dy - py;
  return sqrt (ex * ex + ey * ey);
}

QrId
qr_tool_pick_patch (QrDocument *doc, const QrInput *in, double edge_reach, double centre_reach, double *best)
{
  const QrMap *map = qr_document_get_map (doc);
  double px, py;
  QrId hit = 0;
  int r, u;

  qr_tool_view_axes (in->view, &r, &u, NULL);
  px = qr_vec3_get (in->point, r);
  py = qr_vec3_get (in->point, u);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrPatch *patch = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch;
          const QrBezierGrid *g;
          QrBounds b;

          if (patch == NULL || qr_map_patch_is_hidden (map, entity, patch->id))
            continue;
          b = patch->bounds;
          if (px < qr_vec3_get (b.min, r) - edge_reach || px > qr_vec3_get (b.max, r) + edge_reach
              || py < qr_vec3_get (b.min, u) - edge_reach || py > qr_vec3_get (b.max, u) + edge_reach)
            continue;
          QrVec3 centre = qr_vec3_scale (qr_vec3_add (b.min, b.max), 0.5);
          double d = qr_tool_segment_distance (in->point, centre, centre, r, u);
          if (d <= centre_reach && d < *best)
            *best = d, hit = patch->id;
          /* The lines the design canvases draw: rows and columns of the grid. */
          g = patch->mesh;
          for (int i = 0; i < g->rows; i++)
            for (int j = 0; j < g->cols; j++)
              {
                QrVec3 a = qr_bezier_grid_at (g, i, j);
                if (j + 1 < g->cols && (d = qr_tool_segment_distance (in->point, a, qr_bezier_grid_at (g, i, j + 1), r, u)) <= edge_reach
                    && d < *best)
                  *best = d, hit = patch->id;
                if (i + 1 < g->rows && (d = qr_tool_segment_distance (in->point, a, qr_bezier_grid_at (g, i + 1, j), r, u)) <= edge_reach
                    && d < *best)
                  *best = d, hit = patch->id;
              }
        }
    }
  return hit;
}

void
qr_tool_patches_in_box (QrDocument *doc, int view, double x0, double y0, double x1, double y1,
                        QrSelection *into, guint *count)
{
  const QrMap *map = qr_document_get_map (doc);
  int r, u;

  qr_tool_view_axes (view, &r, &u, NULL);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrPatch *patch = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch;
          if (patch == NULL || qr_map_patch_is_hidden (map, entity, patch->id))
            continue;
          QrBounds b = patch->bounds;
          if (qr_vec3_get (b.min, r) >= x0 && qr_vec3_get (b.max, r) <= x1 && qr_vec3_get (b.min, u) >= y0
              && qr_vec3_get (b.max, u) <= y1)
            {
              if (into != NULL)
                qr_selection_add_brush (into, patch->id);
              (*count)++;
            }
        }
    }
}
