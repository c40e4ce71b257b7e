/* Texture attributes of faces, and entity keys. */
#include "qr-op-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* Rodrigues' rotation of v about the unit axis k. */
static QrVec3
rotate_about (QrVec3 v, QrVec3 k, double degrees)
{
  double r = degrees * G_PI / 180.0, c = cos (r), s = sin (r);

  return qr_vec3_add (qr_vec3_add (qr_vec3_scale (v, c), qr_vec3_scale (qr_vec3_cross (k, v), s)),
                      qr_vec3_scale (k, qr_vec3_dot (k, v) * (1 - c)));
}

void
qr_op_set_face_rotation (QrFace *face, double degrees)
{
  QrPlane plane;

  /* Valve axes carry the rotation: turn them about the face normal by the
   * difference, counter-clockwise seen from outside. */
  if (face->form == QR_TEX_VALVE && qr_face_plane (face, &plane))
    {
      double delta = degrees - face->tex.rotation;

      face->tex.u_axis = rotate_about (face->tex.u_axis, plane.normal, delta);
      face->tex.v_axis = rotate_about (face->tex.v_axis, plane.normal, delta);
    }
  face->tex.rotation = degrees;
}

gboolean
qr_op_refuse_brushprim (const QrBrush *brush, int face, GError **error)
{
  if (brush->faces[face].form != QR_TEX_BRUSHPRIM)
    return TRUE;
  /* Brush primitives hold a matrix in units of the texture's size, not a
   * shift, scale and rotation: setting those would be written nowhere. */
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
               _("Brush %u, face %d uses Quake 3 brush primitives, which have no "
                 "texture shift, scale or rotation to set"),
               brush->id, face);
  return FALSE;
}

GArray *
qr_op_expand_faces (QrDocument *doc, const QrFaceRef *faces, guint n, GError **error)
{
  g_autoptr (GArray) out = g_array_sized_new (FALSE, FALSE, sizeof (QrFaceRef), n);

  if (n == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("No face is selected"));
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    {
      const QrBrush *brush = qr_document_lookup_brush (doc, faces[i].brush);

      if (brush == NULL)
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("There is no brush %u"), faces[i].brush);
          return NULL;
        }
      if (faces[i].face >= brush->n_faces)
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("Brush %u has no face %d"),
                       faces[i].brush, faces[i].face);
          return NULL;
        }
      if (faces[i].face >= 0)
        g_array_append_val (out, faces[i]);
      else
        for (int f = 0; f < brush->n_faces; f++)
          g_array_append_val (out, ((QrFaceRef) { faces[i].brush, f }));
    }
  return g_steal_pointer (&out);
}

gboolean
qr_op_edit_faces (QrDocument *doc, const QrFaceRef *faces, guint n, QrFaceEditFunc edit, gpointer data,
                  const char *description, QrMergeKind merge, const QrId *merge_ids, guint n_merge,
                  GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GHashTable) at = g_hash_table_new (NULL, NULL);
  g_autoptr (GArray) locs = NULL;
  g_autoptr (GPtrArray) copies = NULL;

  /* One copy per brush, however many of its faces change; `at` maps a
   * brush id to its place in `ids` + 1, so many faces cost linear time. */
  for (guint i = 0; i < n; i++)
    if (!g_hash_table_contains (at, GUINT_TO_POINTER (faces[i].brush)))
      {
        g_array_append_val (ids, faces[i].brush);
        g_hash_table_insert (at, GUINT_TO_POINTER (faces[i].brush), GUINT_TO_POINTER (ids->len));
      }
  locs = qr_op_locate (doc, (QrId *) ids->data, ids->len, error);
  if (locs == NULL)
    return FALSE;

  /* The copies are edited first: a face that refuses the edit leaves the
   * map untouched. */
  copies = g_ptr_array_new_full (locs->len, (GDestroyNotify) qr_brush_free);
  for (guint k = 0; k < locs->len; k++)
    g_ptr_array_add (copies, qr_brush_copy (g_array_index (locs, QrBrushLoc, k).brush));
  for (guint i = 0; i < n; i++)
    {
      guint k = GPOINTER_TO_UINT (g_hash_table_lookup (at, GUINT_TO_POINTER (faces[i].brush))) - 1;
      QrBrush *copy = g_ptr_array_index (copies, k);

      g_assert (faces[i].face >= 0 && faces[i].face < copy->n_faces);
      if (!edit (map, copy, faces[i].face, data, error))
        return FALSE;
    }

  g_ptr_array_set_free_func (copies, NULL);
  qr_document_edit_begin (doc);
  for (guint k = 0; k < locs->len; k++)
    {
      QrBrushLoc *loc = &g_array_index (locs, QrBrushLoc, k);
      qr_document_replace_brush (doc, loc->entity, loc->index, g_ptr_array_index (copies, k));
    }
  qr_op_commit (doc, description, merge, merge_ids, n_merge, NULL);
  return TRUE;
}

static gboolean
change_face (QrMap *map, QrBrush *brush, int f, gpointer data, GError **error)
{
  const QrTexChange *change = data;
  QrFace *face = &brush->faces[f];

  if ((change->set_shift || change->set_scale || change->set_rotation) && !qr_op_refuse_brushprim (brush, f, error))
    return FALSE;
  if (change->name != NULL)
    face->texture = qr_map_intern_texture (map, change->name, -1);
  if (change->set_shift)
    {
      face->tex.shift[0] = change->shift[0];
      face->tex.shift[1] = change->shift[1];
    }
  if (change->set_scale)
    {
      face->tex.scale[0] = change->scale[0];
      face->tex.scale[1] = change->scale[1];
    }
  if (change->set_rotation)
    qr_op_set_face_rotation (face, change->rotation);
  return TRUE;
}

gboolean
qr_op_set_texture (QrDocument *doc, const QrFaceRef *faces, guint n, const QrTexChange *change, GError **error)
{
  g_autoptr (GArray) refs = NULL;

  if (n > 0 && change->set_scale && (change->scale[0] == 0 || change->scale[1] == 0))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A texture scale cannot be zero"));
      return FALSE;
    }
  refs = qr_op_expand_faces (doc, faces, n, error);
  if (refs == NULL)
    return FALSE;
  return qr_op_edit_faces (doc, (QrFaceRef *) refs->data, refs->len, change_face, (gpointer) change,
                           _("Set Texture"), QR_MERGE_NONE, NULL, 0, error);
}

static gboolean
edit_keys (QrDocument *doc, QrId entity_id, const char *key, const char *value, const char *new_key,
           GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  QrEntity *header;
  guint e;
  gint found = -1;

  if (key == NULL || *key == '\0' || (new_key != NULL && *new_key == '\0'))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A key cannot be empty"));
      return FALSE;
    }
  if (!qr_document_find_entity (doc, entity_id, &e))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("There is no entity %u"), entity_id);
      return FALSE;
    }
  header = qr_entity_copy_header (qr_map_get_entity (map, e));
  for (guint i = 0; i < header->keys->len && found < 0; i++)
    if (strcmp (g_array_index (header->keys, QrKeyValue, i).key, key) == 0)
      found = (gint) i;

  if (new_key != NULL)
    {
      if (found < 0)
        {
          qr_entity_free (header);
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("Entity %u has no key “%s”"), entity_id, key);
          return FALSE;
        }
      g_free (g_array_index (header->keys, QrKeyValue, found).key);
      g_array_index (header->keys, QrKeyValue, found).key = g_strdup (new_key);
    }
  else if (value == NULL)
    {
      if (found < 0)
        {
          qr_entity_free (header);
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("Entity %u has no key “%s”"), entity_id, key);
          return FALSE;
        }
      g_array_remove_index (header->keys, (guint) found);
    }
  else
    qr_entity_set_key (header, key, value);

  qr_document_edit_begin (doc);
  qr_document_replace_header (doc, e, header);
  qr_op_commit (doc, new_key ? _("Rename Key") : value ? _("Set Key") : _("Delete Key"),
                QR_MERGE_NONE, NULL, 0, NULL);
  return TRUE;
}

gboolean
qr_op_set_key (QrDocument *doc, QrId entity, const char *key, const char *value, GError **error)
{
  return edit_keys (doc, entity, key, value, NULL, error);
}

gboolean
qr_op_rename_key (QrDocument *doc, QrId entity, const char *key, const char *new_key, GError **error)
{
  return edit_keys (doc, entity, key, NULL, new_key, error);
}
