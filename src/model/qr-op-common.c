#include "qr-op-private.h"
#include "qr-patch.h"

#include <glib/gi18n-lib.h>

GArray *
qr_op_locate (QrDocument *doc, const QrId *ids, guint n, GError **error)
{
  g_autoptr (GHashTable) wanted = g_hash_table_new (NULL, NULL);
  g_autoptr (GArray) locs = g_array_sized_new (FALSE, TRUE, sizeof (QrBrushLoc), n);
  QrMap *map = qr_document_get_map (doc);

  g_array_set_size (locs, n);
  for (guint i = 0; i < n; i++)
    if (!g_hash_table_add (wanted, GUINT_TO_POINTER (ids[i])))
      {
        g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Brush %u is named twice"), ids[i]);
        return NULL;
      }

  for (guint i = 0; i < n; i++)
    {
      guint e, b;

      if (!qr_map_find_brush (map, ids[i], &e, &b))
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("There is no brush %u"), ids[i]);
          return NULL;
        }
      g_array_index (locs, QrBrushLoc, i) = (QrBrushLoc) { e, b, qr_entity_get_brush (qr_map_get_entity (map, e), b) };
    }
  return g_steal_pointer (&locs);
}

gboolean
qr_op_locate_objects (QrDocument *doc, const QrObjects *objs, GArray **brushes, GArray **patches,
                      GArray **entities, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) where = g_array_sized_new (FALSE, FALSE, sizeof (guint), objs->n_entities);
  g_autoptr (GArray) ids = g_array_sized_new (FALSE, FALSE, sizeof (QrId), objs->n_brushes);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < objs->n_entities; i++)
    {
      guint e;
      if (!qr_map_find_entity (map, objs->entities[i], &e))
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("There is no entity %u"),
                       objs->entities[i]);
          return FALSE;
        }
      g_array_append_val (where, e);
    }
  /* A brush named and also in a named entity moves once. */
  for (guint i = 0; i < objs->n_brushes; i++)
    if (g_hash_table_add (seen, GUINT_TO_POINTER (objs->brushes[i])))
      g_array_append_val (ids, objs->brushes[i]);
  for (guint i = 0; i < where->len; i++)
    {
      const QrEntity *entity = qr_map_get_entity (map, g_array_index (where, guint, i));
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          QrId id = qr_entity_get_brush (entity, b)->id;
          if (g_hash_table_add (seen, GUINT_TO_POINTER (id)))
            g_array_append_val (ids, id);
        }
      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrPatch *patch = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch;
          if (patch != NULL && g_hash_table_add (seen, GUINT_TO_POINTER (patch->id)))
            g_array_append_val (ids, patch->id);
        }
    }
  g_autoptr (GArray) others = g_array_sized_new (FALSE, FALSE, sizeof (QrId), ids->len);
  g_autoptr (GArray) patch_ids = g_array_new (FALSE, FALSE, sizeof (QrId));
  qr_op_split_patches (doc, (const QrId *) (gpointer) ids->data, ids->len, others, patch_ids);
  *brushes = qr_op_locate (doc, (const QrId *) (gpointer) others->data, others->len, error);
  if (*brushes == NULL)
    return FALSE;
  *patches = g_steal_pointer (&patch_ids);
  *entities = g_steal_pointer (&where);
  return TRUE;
}

QrBrush *
qr_op_face_brush (QrDocument *doc, QrFaceRef ref, GError **error)
{
  QrBrush *brush = qr_document_lookup_brush (doc, ref.brush);

  if (brush == NULL || ref.face < 0 || ref.face >= brush->n_faces)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("Brush %u has no face %d"), ref.brush, ref.face);
      return NULL;
    }
  if (!qr_brush_is_valid (brush) || qr_polytope_face_count (brush->poly, ref.face) == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Face %d of brush %u has no polygon"), ref.face,
                   ref.brush);
      return NULL;
    }
  return brush;
}

guint
qr_op_world (QrDocument *doc)
{
  QrMap *map = qr_document_get_map (doc);
  QrEntity *world;

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    if (qr_entity_is_world (qr_map_get_entity (map, e)))
      return e;
  world = qr_entity_new (qr_map_take_entity_id (map));
  qr_entity_add_key (world, "classname", "worldspawn");
  if (map->kind == QR_FILE_VMF)
    world->flags |= QR_ENTITY_WORLD;
  qr_document_insert_entity (doc, 0, world);
  return 0;
}

gboolean
qr_op_build_checked (QrDocument *doc, QrBrush *brush, bool was_valid, GError **error)
{
  g_autofree char *reason = NULL;

  qr_brush_build (brush, qr_document_get_builder (doc));
  if (!was_valid || qr_brush_is_valid (brush))
    return TRUE;
  reason = qr_polytope_dup_reason (brush->poly);
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH,
               _("Brush %u would become invalid (%s)"), brush->id, reason);
  return FALSE;
}

QrSelection *
qr_op_selection_of (const QrId *ids, guint n)
{
  QrSelection *sel = qr_selection_new ();

  qr_selection_add_brushes (sel, ids, n);
  return sel;
}

QrSelection *
qr_op_selection_of_objects (const QrObjects *objs)
{
  QrSelection *sel = qr_op_selection_of (objs->brushes, objs->n_brushes);

  qr_selection_add_entities (sel, objs->entities, objs->n_entities);
  return sel;
}

GArray *
qr_op_merge_ids (const QrObjects *objs)
{
  GArray *ids = g_array_sized_new (FALSE, FALSE, sizeof (QrId), objs->n_brushes + objs->n_entities);

  g_array_append_vals (ids, objs->brushes, objs->n_brushes);
  for (guint i = 0; i < objs->n_entities; i++)
    {
      QrId id = objs->entities[i] | QR_MERGE_ENTITY_BIT;
      g_array_append_val (ids, id);
    }
  return ids;
}

void
qr_op_commit (QrDocument *doc, const char *description, QrMergeKind merge,
              const QrId *ids, guint n, const QrSelection *after)
{
  if (after != NULL)
    qr_document_edit_select (doc, after);
  qr_document_edit_commit (doc, description, merge, ids, n);
}

void
qr_op_renumber (QrDocument *doc, QrBrush *brush)
{
  QrMap *map = qr_document_get_map (doc);

  brush->id = qr_map_take_brush_id (map);
  for (int f = 0; f < brush->n_faces; f++)
    brush->faces[f].id = qr_map_take_face_id (map);
}

static int
compare_locs_descending (gconstpointer a, gconstpointer b)
{
  const QrBrushLoc *x = a, *y = b;

  if (x->entity != y->entity)
    return x->entity < y->entity ? 1 : -1;
  return x->index < y->index ? 1 : x->index > y->index ? -1 : 0;
}

void
qr_op_sort_descending (GArray *locs)
{
  g_array_sort (locs, compare_locs_descending);
}


void
qr_op_repair_axes (QrFace *face, QrVec3 normal)
{
  QrVec3 uv;
  double lu = qr_vec3_length (face->tex.u_axis), lv = qr_vec3_length (face->tex.v_axis);
  QrTexAttr base = face->tex;

  if (face->form != QR_TEX_VALVE)
    return;
  uv = qr_vec3_cross (face->tex.u_axis, face->tex.v_axis);
  if (lu > 0 && lv > 0 && fabs (qr_vec3_dot (uv, normal)) > 1e-6 * lu * lv)
    return;
  base.rotation = 0;
  qr_texproj_standard_to_valve (&base, normal, &face->tex);
}
