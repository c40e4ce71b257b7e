/* qr-extrude-drag.c — extruding faces by dragging them in the 3D view. */
#include "qr-extrude-drag.h"

#include <glib/gi18n.h>
#include <math.h>
#include "qr-brush.h"
#include "qr-operations.h"

gboolean
qr_extrude_drag_begin (QrExtrudeDrag *drag, QrDocument *doc, const QrInput *in)
{
  g_autoptr (GArray) selected = NULL;
  const QrBrush *brush;
  QrPlane plane;
  gboolean listed = FALSE;

  qr_extrude_drag_clear (drag);
  if (in->view != QR_TOOL_VIEW_3D || !(in->modifiers & QR_INPUT_SHIFT) || in->pick.kind != QR_PICK_BRUSH
      || in->pick.face < 0)
    return FALSE;
  selected = qr_document_dup_selected_brushes (doc);
  for (guint i = 0; i < selected->len && !listed; i++)
    listed = g_array_index (selected, QrId, i) == in->pick.id;
  brush = qr_document_lookup_brush (doc, in->pick.id);
  if (!listed || brush == NULL || in->pick.face >= brush->n_faces || !qr_face_plane (&brush->faces[in->pick.face], &plane))
    return FALSE;
  drag->active = TRUE;
  drag->to_brush = (in->modifiers & QR_INPUT_CTRL) != 0;
  drag->face = (QrFaceRef) { in->pick.id, in->pick.face };
  drag->origin = qr_vec3_add (in->ray.origin, qr_vec3_scale (in->ray.dir, in->pick.distance));
  drag->normal = plane.normal;
  drag->distance = 0;
  return TRUE;
}

/* The distance the pointer's ray gives: where it passes nearest the line
 * origin + t·n, snapped; the last one when the ray runs along the normal. */
static void
follow (QrExtrudeDrag *drag, const QrInput *in)
{
  /* With w = origin − o, t = ((d·n)(d·w) − n·w) / (1 − (d·n)²). */
  QrVec3 w = qr_vec3_sub (drag->origin, in->ray.origin);
  double dn = qr_vec3_dot (in->ray.dir, drag->normal), denom = 1.0 - dn * dn;

  if (denom > 1e-9)
    drag->distance = qr_tool_snap_value ((dn * qr_vec3_dot (in->ray.dir, w) - qr_vec3_dot (drag->normal, w)) / denom, in);
}

char *
qr_extrude_drag_update (QrExtrudeDrag *drag, QrDocument *doc, const QrInput *in)
{
  g_autoptr (GError) error = NULL;

  if (!drag->active)
    return NULL;
  follow (drag, in);
  g_clear_pointer (&drag->result, g_ptr_array_unref);
  if (drag->distance == 0)
    return NULL;
  drag->result = qr_op_face_extrude_preview (doc, &drag->face, 1, drag->distance, drag->to_brush, &error);
  if (drag->result == NULL)
    return g_strdup_printf (_("Extrude: %s"), error->message);
  return g_strdup_printf (drag->to_brush ? _("Extrude to Brush: %g units") : _("Extrude: %g units"),
                          drag->distance + 0.0);
}

char *
qr_extrude_drag_finish (QrExtrudeDrag *drag, QrDocument *doc, const QrInput *in)
{
  g_autoptr (GError) error = NULL;
  char *why = NULL;
  gboolean ok;

  if (!drag->active)
    return NULL;
  /* The release's distance, made at once: no preview of it first. */
  follow (drag, in);
  if (drag->distance != 0)
    {
      ok = drag->to_brush ? qr_op_face_extrude_brush (doc, &drag->face, 1, drag->distance, &error)
                          : qr_op_face_extrude (doc, &drag->face, 1, drag->distance, &error);
      if (!ok)
        why = g_strdup_printf (_("Not extruded: %s"), error->message);
    }
  qr_extrude_drag_clear (drag);
  return why;
}

void
qr_extrude_drag_preview (const QrExtrudeDrag *drag, QrDocument *doc, GArray *segments)
{
  const QrBrush *brush;

  if (!drag->active || drag->distance == 0)
    return;
  if (drag->result != NULL)
    {
      for (guint i = 0; i < drag->result->len; i++)
        qr_preview_add_polytope (segments, ((const QrBrush *) g_ptr_array_index (drag->result, i))->poly, QR_PREVIEW_NEW_BRUSH);
      return;
    }
  brush = qr_document_lookup_brush (doc, drag->face.brush);
  if (brush != NULL)
    qr_preview_add_polytope (segments, brush->poly, QR_PREVIEW_REFUSED);
}

void
qr_extrude_drag_clear (QrExtrudeDrag *drag)
{
  drag->active = FALSE;
  drag->distance = 0;
  g_clear_pointer (&drag->result, g_ptr_array_unref);
}
