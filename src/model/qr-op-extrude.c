/* Face extrusion as TrenchBroom's vertex tool does it: the face's plane
 * moves along its normal and its neighbours keep their planes, stretching
 * to meet it; with Ctrl the slab swept becomes a brush of its own. */
#include "qr-disp.h"
#include "qr-op-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* Moves face f of `brush` (a copy about to replace or join the map) by
 * `distance` along its normal, its texture along with it under lock. */
static void
push_face (QrBrush *brush, int f, double distance, bool lock)
{
  QrFace *face = &brush->faces[f];
  QrPlane plane;
  QrVec3 delta;
  QrTransform tr;

  if (!qr_face_plane (face, &plane))
    return;
  delta = qr_vec3_scale (plane.normal, distance);
  tr = qr_transform_translate (delta);
  qr_transform_face_points (&tr, face->points);
  if (lock && face->form == QR_TEX_BRUSHPRIM)
    qr_transform_brushprim (&tr, &face->tex, plane.normal, plane.normal, plane.dist + distance, &face->tex);
  else if (lock)
    {
      QrTexAttr locked;

      qr_transform_texture (&tr, face->form, &face->tex, plane.normal, plane.normal, &locked);
      face->tex = locked;
    }
}

/* The brush without the faces that bound nothing (no polygon), rebuilt. */
static void
drop_redundant (QrDocument *doc, QrBrush *brush)
{
  int kept = 0;

  for (int f = 0; f < brush->n_faces; f++)
    if (qr_polytope_face_count (brush->poly, f) > 0)
      brush->faces[kept++] = brush->faces[f];
    else
      qr_face_clear (&brush->faces[f]);
  if (kept == brush->n_faces)
    return;
  brush->n_faces = kept;
  qr_brush_build (brush, qr_document_get_builder (doc));
}

static gboolean
check_faces (QrDocument *doc, const QrFaceRef *faces, guint n, double distance, GError **error)
{
  if (n == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("No face is selected"));
      return FALSE;
    }
  if (!isfinite (distance) || distance == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The distance must be a number other than 0"));
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      QrBrush *brush = qr_op_face_brush (doc, faces[i], error);

      if (brush == NULL)
        return FALSE;
      if (qr_brush_has_disp (brush))
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                       _("Brush %u has a displacement: its faces cannot be extruded"), brush->id);
          return FALSE;
        }
    }
  return TRUE;
}

/* Refuses a result that is no solid or has lost a face that was pushed. */
static gboolean
check_result (const QrBrush *brush, const int *pushed, guint n_pushed, GError **error)
{
  if (!qr_brush_is_valid (brush))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH,
                   _("Brush %u: the face would pass its opposite side"), brush->id);
      return FALSE;
    }
  for (guint k = 0; k < n_pushed; k++)
    if (qr_polytope_face_count (brush->poly, pushed[k]) == 0)
      {
        g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH,
                     _("Brush %u: face %d would vanish, the faces around it meeting before it gets there"),
                     brush->id, pushed[k]);
        return FALSE;
      }
  return TRUE;
}

/* The brushes the faces' brushes become, extruded and checked, in the order
 * of `locs` (filled: where each is); NULL with the refusal. */
static GPtrArray *
plan_extrude (QrDocument *doc, const QrFaceRef *faces, guint n, double distance, GArray *ids, GArray **locs,
              GError **error)
{
  g_autoptr (GPtrArray) made = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_brush_free);
  bool lock = qr_document_get_texture_lock (doc);

  if (!check_faces (doc, faces, n, distance, error))
    return NULL;
  for (guint i = 0; i < n; i++)
    {
      bool listed = false;

      for (guint k = 0; k < ids->len && !listed; k++)
        listed = g_array_index (ids, QrId, k) == faces[i].brush;
      if (!listed)
        g_array_append_val (ids, faces[i].brush);
    }
  *locs = qr_op_locate (doc, (const QrId *) (gpointer) ids->data, ids->len, error);
  if (*locs == NULL)
    return NULL;
  for (guint b = 0; b < (*locs)->len; b++)
    {
      const QrBrushLoc *loc = &g_array_index (*locs, QrBrushLoc, b);
      QrBrush *copy = qr_brush_copy (loc->brush);
      g_autoptr (GArray) pushed = g_array_new (FALSE, FALSE, sizeof (int));

      g_ptr_array_add (made, copy);
      for (guint i = 0; i < n; i++)
        if (faces[i].brush == loc->brush->id)
          {
            push_face (copy, faces[i].face, distance, lock);
            g_array_append_val (pushed, faces[i].face);
          }
      qr_brush_build (copy, qr_document_get_builder (doc));
      if (!check_result (copy, (const int *) (gpointer) pushed->data, pushed->len, error))
        return NULL;
    }
  return g_steal_pointer (&made);
}

gboolean
qr_op_face_extrude (QrDocument *doc, const QrFaceRef *faces, guint n, double distance, GError **error)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GArray) locs = NULL;
  g_autoptr (GPtrArray) made = plan_extrude (doc, faces, n, distance, ids, &locs, error);
  g_autoptr (QrSelection) after = NULL;

  if (made == NULL)
    return FALSE;
  /* Faces dropped only once every check passed: they shift the indices. */
  qr_document_edit_begin (doc);
  for (guint b = 0; b < locs->len; b++)
    {
      const QrBrushLoc *loc = &g_array_index (locs, QrBrushLoc, b);
      QrBrush *copy = g_steal_pointer (&g_ptr_array_index (made, b));

      drop_redundant (doc, copy);
      qr_document_replace_brush (doc, loc->entity, loc->index, copy);
    }
  after = qr_op_selection_of ((const QrId *) (gpointer) ids->data, ids->len);
  qr_op_commit (doc, _("Extrude"), QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

/* The slabs Ctrl+extrude makes, checked, one per face, `where` filled with
 * their sources; NULL with the refusal. A preview takes no ids from the
 * map (its new faces have id 0). */
static GPtrArray *
plan_slabs (QrDocument *doc, const QrFaceRef *faces, guint n, double distance, bool preview, GArray *where,
            GError **error)
{
  g_autoptr (GPtrArray) made = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_brush_free);
  bool lock = qr_document_get_texture_lock (doc);

  if (!check_faces (doc, faces, n, distance, error))
    return NULL;
  if (distance < 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("A brush extruded from a face grows outward: the distance must be positive"));
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GArray) one = qr_op_locate (doc, &faces[i].brush, 1, error);
      const QrBrushLoc *loc;
      QrBrush *slab;
      QrFace *back;
      int f = faces[i].face;

      if (one == NULL)
        return NULL;
      loc = &g_array_index (one, QrBrushLoc, 0);
      /* The brush's own faces bound the slab's sides; the face, turned
       * round where it was, closes it behind. */
      slab = qr_brush_copy (loc->brush);
      if (!preview)
        qr_op_renumber (doc, slab);
      back = qr_brush_add_face (slab);
      qr_face_copy_into (back, &slab->faces[f]);
      back->id = preview ? 0 : qr_map_take_face_id (qr_document_get_map (doc));
      back->points[0] = slab->faces[f].points[2];
      back->points[2] = slab->faces[f].points[0];
      push_face (slab, f, distance, lock);
      qr_brush_build (slab, qr_document_get_builder (doc));
      g_ptr_array_add (made, slab);
      if (!check_result (slab, &f, 1, error))
        return NULL;
      g_array_append_val (where, *loc);
    }
  return g_steal_pointer (&made);
}

gboolean
qr_op_face_extrude_brush (QrDocument *doc, const QrFaceRef *faces, guint n, double distance, GError **error)
{
  g_autoptr (GArray) made_ids = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GArray) where = g_array_new (FALSE, FALSE, sizeof (QrBrushLoc));
  g_autoptr (GPtrArray) made = plan_slabs (doc, faces, n, distance, false, where, error);
  g_autoptr (QrSelection) after = NULL;

  if (made == NULL)
    return FALSE;
  qr_document_edit_begin (doc);
  /* Each new brush follows its source, the last first so that earlier
   * positions stay valid. */
  for (guint i = n; i-- > 0;)
    {
      const QrBrushLoc *loc = &g_array_index (where, QrBrushLoc, i);
      QrBrush *slab = g_steal_pointer (&g_ptr_array_index (made, i));
      guint entity, index;

      drop_redundant (doc, slab);
      g_array_prepend_val (made_ids, slab->id);
      if (!qr_document_find_brush (doc, loc->brush->id, &entity, &index))
        g_assert_not_reached ();
      qr_document_insert_brush (doc, entity, index + 1, slab);
    }
  after = qr_op_selection_of ((const QrId *) (gpointer) made_ids->data, made_ids->len);
  qr_op_commit (doc, _("Extrude to Brush"), QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

GPtrArray *
qr_op_face_extrude_preview (QrDocument *doc, const QrFaceRef *faces, guint n, double distance, gboolean to_brush,
                            GError **error)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GArray) locs = NULL;

  if (to_brush)
    {
      g_autoptr (GArray) where = g_array_new (FALSE, FALSE, sizeof (QrBrushLoc));

      return plan_slabs (doc, faces, n, distance, true, where, error);
    }
  return plan_extrude (doc, faces, n, distance, ids, &locs, error);
}
