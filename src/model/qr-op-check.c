/* qr-op-check.c — the fixes of the Problems panel (qr-check.h), each one
 * undo step. Only fixes whose result a mapper can predict: an invalid brush
 * or an empty entity is deleted (the compilers would drop it anyway), faces
 * that touch nothing are removed (the shape stays exactly the same). Moving
 * a brush into the world or choosing a texture is left to the mapper. */
#include "qr-check.h"
#include "qr-op-private.h"

#include <glib/gi18n-lib.h>

const char *
qr_problem_fix_label (const QrProblem *problem)
{
  g_return_val_if_fail (problem != NULL, NULL);
  switch (problem->kind)
    {
    case QR_PROBLEM_INVALID_BRUSH:
      return _("Delete Brush");
    case QR_PROBLEM_REDUNDANT_PLANES:
      return _("Remove Faces");
    case QR_PROBLEM_EMPTY_ENTITY:
      return _("Delete Entity");
    default:
      return NULL;
    }
}

static gboolean
gone (GError **error)
{
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("The problem is gone"));
  return FALSE;
}

static gboolean
remove_redundant_faces (QrDocument *doc, QrId id, GError **error)
{
  guint e, b;
  if (!qr_document_find_brush (doc, id, &e, &b))
    return gone (error);
  const QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), e), b);
  if (!qr_brush_is_valid (brush))
    return gone (error);

  int keep = 0;
  for (int i = 0; i < brush->n_faces; i++)
    keep += qr_polytope_face_count (brush->poly, i) > 0;
  if (keep == brush->n_faces)
    return gone (error);

  g_autoptr (QrBrush) trimmed = qr_brush_new (brush->id, keep);
  trimmed->flags = brush->flags;
  trimmed->extra = brush->extra != NULL ? qr_node_ref (brush->extra) : NULL;
  for (int i = 0, j = 0; i < brush->n_faces; i++)
    if (qr_polytope_face_count (brush->poly, i) > 0)
      qr_face_copy_into (&trimmed->faces[j++], &brush->faces[i]);
  if (!qr_op_build_checked (doc, trimmed, true, error))
    return FALSE;

  g_autoptr (QrSelection) after = qr_op_selection_of (&id, 1);
  qr_document_edit_begin (doc);
  qr_document_replace_brush (doc, e, b, g_steal_pointer (&trimmed));
  qr_op_commit (doc, _("Remove Redundant Faces"), QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

gboolean
qr_check_fix (QrDocument *doc, const QrProblem *problem, GError **error)
{
  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (problem != NULL, FALSE);
  QrMap *map = qr_document_get_map (doc);

  switch (problem->kind)
    {
    case QR_PROBLEM_INVALID_BRUSH:
      {
        QrBrush *brush = qr_document_lookup_brush (doc, problem->brush_id);
        if (brush == NULL || qr_brush_is_valid (brush))
          return gone (error);
        return qr_op_delete (doc, &problem->brush_id, 1, NULL, 0, _("Delete Invalid Brush"), error);
      }
    case QR_PROBLEM_REDUNDANT_PLANES:
      return remove_redundant_faces (doc, problem->brush_id, error);
    case QR_PROBLEM_EMPTY_ENTITY:
      {
        guint e;
        if (!qr_document_find_entity (doc, problem->entity_id, &e)
            || qr_entity_brush_count (qr_map_get_entity (map, e)) > 0)
          return gone (error);
        return qr_op_delete (doc, NULL, 0, &problem->entity_id, 1, _("Delete Empty Entity"), error);
      }
    default:
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("There is no fix for this problem"));
      return FALSE;
    }
}
