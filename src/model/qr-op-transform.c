/* Move, nudge, resize, rotate, shear and flip: one affine transform each. */
#include "qr-disp.h"
#include "qr-entity-transform.h"
#include "qr-eps.h"
#include "qr-op-private.h"

#include <glib/gi18n-lib.h>

gboolean
qr_op_bounds (QrDocument *doc, const QrObjects *objs, QrBounds *out, GError **error)
{
  g_autoptr (GArray) locs = NULL;
  g_autoptr (GArray) patch_ids = NULL;
  g_autoptr (GArray) entities = NULL;
  QrMap *map = qr_document_get_map (doc);

  if (!qr_op_locate_objects (doc, objs, &locs, &patch_ids, &entities, error))
    return FALSE;
  *out = qr_bounds_empty ();
  qr_op_add_patch_bounds (doc, patch_ids, out);
  for (guint i = 0; i < locs->len; i++)
    {
      QrBrush *brush = g_array_index (locs, QrBrushLoc, i).brush;

      if (qr_brush_is_valid (brush))
        qr_bounds_add_bounds (out, qr_brush_bounds (brush));
    }
  for (guint i = 0; i < entities->len; i++)
    {
      const QrEntity *entity = qr_map_get_entity (map, g_array_index (entities, guint, i));
      QrBounds box;

      if (qr_entity_is_point (entity) && qr_entity_box (entity, qr_document_get_entdefs (doc), &box))
        qr_bounds_add_bounds (out, box);
    }
  if (qr_bounds_is_empty (*out))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("No valid brush or entity is selected"));
      return FALSE;
    }
  return TRUE;
}

void
qr_op_transform_disp (QrBrush *brush, int face, const QrTransform *tr)
{
  QrFace *f = &brush->faces[face];
  QrDisp *disp = qr_face_disp (f);
  QrDisp *moved;
  QrFaceExtra *extra;

  if (disp == NULL)
    return;
  moved = qr_disp_transform (disp, tr, qr_disp_transformed_start (disp, brush, face, tr));
  /* The face's extra, its side node and the QrDisp may be shared with the
   * brush before the edit: each is copied before it changes. */
  extra = qr_face_ensure_extra (f);
  qr_disp_store (moved, qr_node_get_child (qr_node_writable (&extra->vmf), "dispinfo"));
  qr_disp_unref (extra->disp);
  extra->disp = moved;
}

gboolean
qr_op_transform_brush (QrDocument *doc, QrBrush *brush, const QrTransform *tr, bool lock,
                       guint *approximate, GError **error)
{
  bool was_valid = qr_brush_is_valid (brush);

  /* Displacements first: they need the polytope from before the move. */
  for (int f = 0; f < brush->n_faces; f++)
    qr_op_transform_disp (brush, f, tr);
  for (int f = 0; f < brush->n_faces; f++)
    {
      QrFace *face = &brush->faces[f];
      QrPlane before, after;
      bool has_before = qr_face_plane (face, &before);

      qr_transform_face_points (tr, face->points);
      if (!has_before || !qr_face_plane (face, &after))
        continue;
      if (lock && face->form == QR_TEX_BRUSHPRIM)
        {
          /* Only a flattening transform fails, and it leaves no face. */
          qr_transform_brushprim (tr, &face->tex, before.normal, after.normal, after.dist, &face->tex);
        }
      else if (lock)
        {
          QrTexAttr locked;

          if (!qr_transform_texture (tr, face->form, &face->tex, before.normal, after.normal, &locked))
            (*approximate)++;
          face->tex = locked;
        }
      else
        qr_op_repair_axes (face, after.normal);
    }
  return qr_op_build_checked (doc, brush, was_valid, error);
}

gboolean
qr_op_transform (QrDocument *doc, const QrObjects *objs, const QrTransform *tr,
                 const char *description, QrMergeKind merge, GError **error)
{
  g_autoptr (GArray) locs = NULL;
  g_autoptr (GArray) patch_ids = NULL;
  g_autoptr (GArray) entities = NULL;
  g_autoptr (QrSelection) after = NULL;
  g_autoptr (GArray) merge_ids = NULL;
  QrMap *map = qr_document_get_map (doc);
  bool lock = qr_document_get_texture_lock (doc);
  guint approximate = 0;

  if (objs->n_brushes == 0 && objs->n_entities == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Nothing to transform"));
      return FALSE;
    }
  if (fabs (qr_transform_determinant (tr)) < QR_EPS_SINGULAR)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The transform flattens the brushes"));
      return FALSE;
    }
  if (!qr_op_locate_objects (doc, objs, &locs, &patch_ids, &entities, error))
    return FALSE;

  qr_document_edit_begin (doc);
  if (!qr_op_edit_patches (doc, patch_ids, tr, error))
    {
      qr_document_edit_abort (doc);
      return FALSE;
    }
  for (guint i = 0; i < locs->len; i++)
    {
      QrBrushLoc *loc = &g_array_index (locs, QrBrushLoc, i);
      QrBrush *copy = qr_brush_copy (loc->brush);

      if (!qr_op_transform_brush (doc, copy, tr, lock, &approximate, error))
        {
          qr_brush_free (copy);
          qr_document_edit_abort (doc);
          return FALSE;
        }
      qr_document_replace_brush (doc, loc->entity, loc->index, copy);
    }
  for (guint i = 0; i < entities->len; i++)
    {
      guint e = g_array_index (entities, guint, i);
      QrEntity *header = qr_entity_copy_header (qr_map_get_entity (map, e));

      if (qr_entity_transform (header, tr, map->kind))
        qr_document_replace_header (doc, e, header);
      else
        qr_entity_free (header);
    }
  after = qr_op_selection_of_objects (objs);
  merge_ids = qr_op_merge_ids (objs);
  qr_op_commit (doc, description, merge, (const QrId *) (gpointer) merge_ids->data, merge_ids->len, after);
  if (approximate > 0)
    {
      g_autofree char *note = g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "Texture lock was approximate on %u face: the standard format cannot express its new alignment",
                       "Texture lock was approximate on %u faces: the standard format cannot express their new alignment",
                       approximate),
          approximate);
      qr_document_set_note (doc, note);
    }
  return TRUE;
}

gboolean
qr_op_translate (QrDocument *doc, const QrObjects *objs, QrVec3 delta, GError **error)
{
  QrTransform tr = qr_transform_translate (delta);

  return qr_op_transform (doc, objs, &tr, _("Move"), QR_MERGE_NONE, error);
}

gboolean
qr_op_nudge (QrDocument *doc, const QrObjects *objs, QrVec3 delta, GError **error)
{
  QrTransform tr = qr_transform_translate (delta);

  return qr_op_transform (doc, objs, &tr, _("Move"), QR_MERGE_NUDGE, error);
}

gboolean
qr_op_resize (QrDocument *doc, const QrObjects *objs, QrBounds to, GError **error)
{
  QrBounds from;
  QrTransform tr;

  if (!qr_op_bounds (doc, objs, &from, error))
    return FALSE;
  for (int axis = 0; axis < 3; axis++)
    if (qr_vec3_get (from.max, axis) <= qr_vec3_get (from.min, axis)
        || qr_vec3_get (to.max, axis) == qr_vec3_get (to.min, axis))
      {
        g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A brush cannot be resized to zero size"));
        return FALSE;
      }
  tr = qr_transform_box_to_box (from, to);
  return qr_op_transform (doc, objs, &tr, _("Resize"), QR_MERGE_RESIZE, error);
}

static QrVec3
bounds_centre (QrBounds b)
{
  return qr_vec3_scale (qr_vec3_add (b.min, b.max), 0.5);
}

/* A quarter turn keeps integer points integral only about a centre whose
 * two in-plane coordinates are both whole or both halves; the centre of a
 * 63 × 64 box is not, so its half coordinate moves half a unit (Hammer and
 * TrenchBroom also snap the rotation centre). */
static QrVec3
grid_safe_centre (QrVec3 c, int axis)
{
  int u = (axis + 1) % 3, v = (axis + 2) % 3;
  double cu = qr_vec3_get (c, u), cv = qr_vec3_get (c, v);
  bool half_u = cu != floor (cu), half_v = cv != floor (cv);

  if (half_u != half_v && cu == floor (2 * cu) / 2 && cv == floor (2 * cv) / 2)
    {
      if (half_u)
        qr_vec3_set (&c, u, floor (cu + 0.5));
      else
        qr_vec3_set (&c, v, floor (cv + 0.5));
    }
  return c;
}

gboolean
qr_op_rotate (QrDocument *doc, const QrObjects *objs, int axis, double degrees, GError **error)
{
  QrBounds b;
  QrTransform tr;
  QrVec3 centre;

  g_return_val_if_fail (axis >= 0 && axis < 3, FALSE);
  if (!qr_op_bounds (doc, objs, &b, error))
    return FALSE;
  centre = bounds_centre (b);
  if (fmod (degrees, 90) == 0)
    centre = grid_safe_centre (centre, axis);
  tr = qr_transform_rotate (axis, degrees, centre);
  return qr_op_transform (doc, objs, &tr, _("Rotate"), QR_MERGE_NONE, error);
}

gboolean
qr_op_shear (QrDocument *doc, const QrObjects *objs, int axis, int along, double amount, GError **error)
{
  QrBounds b;
  QrTransform tr;

  g_return_val_if_fail (axis >= 0 && axis < 3 && along >= 0 && along < 3, FALSE);
  if (axis == along)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A shear needs two different axes"));
      return FALSE;
    }
  if (!qr_op_bounds (doc, objs, &b, error))
    return FALSE;
  tr = qr_transform_shear (axis, along, amount, b.min);
  return qr_op_transform (doc, objs, &tr, _("Shear"), QR_MERGE_NONE, error);
}

gboolean
qr_op_flip (QrDocument *doc, const QrObjects *objs, int axis, GError **error)
{
  QrBounds b;
  QrTransform tr;

  g_return_val_if_fail (axis >= 0 && axis < 3, FALSE);
  if (!qr_op_bounds (doc, objs, &b, error))
    return FALSE;
  tr = qr_transform_flip (axis, bounds_centre (b));
  return qr_op_transform (doc, objs, &tr, _("Flip"), QR_MERGE_NONE, error);
}
