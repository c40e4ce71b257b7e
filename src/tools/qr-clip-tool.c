/* qr-clip-tool.c — Clip: drag a line in a design canvas to define a plane
 * perpendicular to that view (the end points snap to the grid and can be
 * dragged again); a point set in another view tilts the plane through it.
 * The preview shows, in every view, the part of each selected brush that
 * stays and the part that goes. X cycles keep both / keep front / keep
 * back; Enter splits every selected brush (one undo step, "Split"). */
#include "qr-tool.h"

#include <glib/gi18n.h>
#include <math.h>
#include "qr-brush.h"
#include "qr-csg.h"
#include "qr-map.h"
#include "qr-operations.h"

/* How near, in pixels, a press must be to a clip point to drag it. */
#define POINT_PX 6.0

typedef struct
{
  QrTool parent;
  int n_points;      /* 0, 2 or 3 */
  QrVec3 points[3];
  int view;          /* the view of points 0 and 1 */
  int dragging;      /* the point being dragged, or -1 */
  QrSplitKeep keep;
  QrPolyBuilder *builder;
} ClipTool;

static void
describe (ClipTool *self)
{
  static const char *keep[] = { N_("keeps both halves"), N_("keeps the front half"), N_("keeps the back half") };
  qr_tool_set_status (&self->parent, g_strdup_printf (_("Clip %s; X changes it, Enter clips"), _(keep[self->keep])));
}

/* The plane's three points: the line's ends and, without a third point,
 * a point one unit along the view's depth from the first. */
static void
cut_points (ClipTool *self, QrVec3 cut[3])
{
  int r, u, depth;
  qr_tool_view_axes (self->view, &r, &u, &depth);
  cut[0] = self->points[0];
  cut[1] = self->points[1];
  if (self->n_points == 3)
    cut[2] = self->points[2];
  else
    {
      cut[2] = self->points[0];
      qr_vec3_set (&cut[2], depth, qr_vec3_get (cut[2], depth) + 1.0);
    }
}

static gboolean
near_point (const QrInput *in, QrVec3 p)
{
  int r, u;
  qr_tool_view_axes (in->view, &r, &u, NULL);
  double reach = POINT_PX * in->pixel;
  return fabs (qr_vec3_get (in->point, r) - qr_vec3_get (p, r)) <= reach && fabs (qr_vec3_get (in->point, u) - qr_vec3_get (p, u)) <= reach;
}

/* Moves a point to the pointer in the pointer's view, keeping its depth. */
static void
place_point (QrVec3 *p, const QrInput *in)
{
  int r, u;
  qr_tool_view_axes (in->view, &r, &u, NULL);
  QrVec3 s = qr_tool_snap (in);
  qr_vec3_set (p, r, qr_vec3_get (s, r));
  qr_vec3_set (p, u, qr_vec3_get (s, u));
}

static void
clip_press (QrTool *tool, QrDocument *doc, const QrInput *in, int button)
{
  ClipTool *self = (ClipTool *) tool;
  if (button != 1)
    return;
  for (int i = 0; i < self->n_points; i++)
    if (near_point (in, self->points[i]))
      {
        self->dragging = i;
        return;
      }
  if (self->n_points >= 2 && in->view != self->view)
    {
      /* A third point, from another view, tilts the plane; its coordinate
       * along that view's depth is the first point's. */
      self->points[2] = self->points[0];
      place_point (&self->points[2], in);
      self->n_points = 3;
      self->dragging = 2;
      return;
    }
  /* A new line: the first point here, the second follows the drag. They
   * lie halfway through the selection along the view's depth, so the line
   * shows through it in the other views and a third point tilts the plane
   * about its middle. */
  self->view = in->view;
  self->points[0] = qr_vec3 (0, 0, 0);
  g_autoptr (GArray) ids = qr_document_dup_selected_brushes (doc);
  QrBounds b;
  int r, u, depth;
  qr_tool_view_axes (in->view, &r, &u, &depth);
  if (ids->len > 0 && qr_op_bounds (doc, QR_BRUSHES ((const QrId *) (gpointer) ids->data, ids->len), &b, NULL))
    qr_vec3_set (&self->points[0], depth, 0.5 * (qr_vec3_get (b.min, depth) + qr_vec3_get (b.max, depth)));
  place_point (&self->points[0], in);
  self->points[1] = self->points[0];
  self->n_points = 2;
  self->dragging = 1;
}

static void
clip_drag (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  ClipTool *self = (ClipTool *) tool;
  if (self->dragging < 0)
    return;
  place_point (&self->points[self->dragging], in);
  describe (self);
}

static void
clip_release (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  ClipTool *self = (ClipTool *) tool;
  clip_drag (tool, doc, in);
  self->dragging = -1;
  /* Two points in one place define no line. */
  int r, u;
  qr_tool_view_axes (self->view, &r, &u, NULL);
  if (self->n_points >= 2 && qr_vec3_get (self->points[0], r) == qr_vec3_get (self->points[1], r)
      && qr_vec3_get (self->points[0], u) == qr_vec3_get (self->points[1], u))
    {
      self->n_points = 0;
      qr_tool_set_status (&self->parent, NULL);
    }
}

static gboolean
clip_key (QrTool *tool, QrDocument *doc, QrToolKey key)
{
  ClipTool *self = (ClipTool *) tool;
  if (self->n_points < 2)
    return FALSE;
  switch (key)
    {
    case QR_TOOL_KEY_ESCAPE:
      self->n_points = 0;
      qr_tool_set_status (&self->parent, NULL);
      return TRUE;
    case QR_TOOL_KEY_CYCLE:
      self->keep = (self->keep + 1) % 3;
      describe (self);
      return TRUE;
    case QR_TOOL_KEY_ENTER:
      {
        QrVec3 cut[3];
        cut_points (self, cut);
        g_autoptr (GArray) ids = qr_document_dup_selected_brushes (doc);
        g_autoptr (GError) error = NULL;
        if (ids->len == 0)
          {
            qr_tool_set_status (&self->parent, g_strdup (_("Clip: select the brushes to clip first")));
            return TRUE;
          }
        if (!qr_op_split (doc, (const QrId *) (gpointer) ids->data, ids->len, cut, self->keep, NULL, &error))
          {
            qr_tool_set_status (&self->parent, g_strdup_printf (_("Clip: %s"), error->message));
            return TRUE;
          }
        self->n_points = 0;
        qr_tool_set_status (&self->parent, NULL);
        return TRUE;
      }
    default:
      return FALSE;
    }
}

static void
add_part (ClipTool *self, GArray *segments, const QrCsgBrush *part, QrPreviewKind kind)
{
  if (part == NULL)
    return;
  g_autofree QrVec3 *points = g_new (QrVec3, 3 * part->len);
  for (guint f = 0; f < part->len; f++)
    for (int k = 0; k < 3; k++)
      points[3 * f + k] = g_array_index (part, QrCsgFace, f).points[k];
  g_autoptr (QrPolytope) poly = qr_polytope_build (self->builder, points, (int) part->len);
  if (poly->status == QR_POLY_OK)
    qr_preview_add_polytope (segments, poly, kind);
}

static void
clip_preview (QrTool *tool, QrDocument *doc, GArray *segments)
{
  ClipTool *self = (ClipTool *) tool;
  if (self->n_points < 2)
    return;

  /* Later segments are drawn over earlier ones where outlines meet: what
   * goes first, what stays over it, the line and its points on top. */
  QrVec3 cut[3];
  cut_points (self, cut);
  g_autoptr (GArray) kept = g_array_new (FALSE, FALSE, sizeof (QrPreviewSegment));
  g_autoptr (GArray) ids = qr_document_dup_selected_brushes (doc);
  for (guint i = 0; i < ids->len; i++)
    {
      const QrBrush *brush = qr_document_lookup_brush (doc, g_array_index (ids, QrId, i));
      if (brush == NULL || !qr_brush_is_valid (brush))
        continue;
      g_autoptr (GArray) csg = qr_brush_to_csg (brush, 0);
      QrCsgBrush *front = NULL, *back = NULL;
      qr_csg_split (self->builder, csg, cut, -1, &front, &back);
      if (self->keep == QR_SPLIT_KEEP_BACK)
        add_part (self, segments, front, QR_PREVIEW_CLIP_DROP);
      else
        add_part (self, kept, front, QR_PREVIEW_CLIP_KEEP);
      if (self->keep == QR_SPLIT_KEEP_FRONT)
        add_part (self, segments, back, QR_PREVIEW_CLIP_DROP);
      else
        add_part (self, kept, back, QR_PREVIEW_CLIP_KEEP);
      qr_csg_brush_free (front);
      qr_csg_brush_free (back);
    }
  g_array_append_vals (segments, kept->data, kept->len);

  for (int i = 0; i < self->n_points; i++)
    {
      /* Each point as a small cross in its view's plane. */
      QrVec3 p = self->points[i];
      for (int axis = 0; axis < 3; axis++)
        {
          QrVec3 a = p, b = p;
          qr_vec3_set (&a, axis, qr_vec3_get (p, axis) - 4);
          qr_vec3_set (&b, axis, qr_vec3_get (p, axis) + 4);
          QrPreviewSegment s = { a, b, QR_PREVIEW_CLIP_LINE };
          g_array_append_val (segments, s);
        }
    }
  QrPreviewSegment line = { self->points[0], self->points[1], QR_PREVIEW_CLIP_LINE };
  g_array_append_val (segments, line);
}

static void
clip_free (QrTool *tool)
{
  ClipTool *self = (ClipTool *) tool;
  qr_poly_builder_free (self->builder);
  g_free (self);
}

static const QrToolClass clip_class = {
  .name = "clip",
  .press = clip_press,
  .drag = clip_drag,
  .release = clip_release,
  .key = clip_key,
  .preview = clip_preview,
  .free = clip_free,
};

QrTool *
qr_clip_tool_new (void)
{
  ClipTool *self = g_new0 (ClipTool, 1);
  qr_tool_init (&self->parent, &clip_class);
  self->dragging = -1;
  self->builder = qr_poly_builder_new ();
  return &self->parent;
}
