/* Patches in the operations: they live in their entities' kept blocks, so
 * an edit of patches replaces those entities' headers (keys and kept
 * blocks), one undoable swap per entity; the nodes of the patches left
 * alone are copied with their text and share their patch. */
#include "qr-op-private.h"
#include "qr-patch.h"

#include <glib/gi18n-lib.h>

void
qr_op_split_patches (QrDocument *doc, const QrId *ids, guint n, GArray *others, GArray *patches)
{
  QrMap *map = qr_document_get_map (doc);

  for (guint i = 0; i < n; i++)
    {
      guint e, k;
      g_array_append_val (qr_map_find_patch (map, ids[i], &e, &k) ? patches : others, ids[i]);
    }
}

gboolean
qr_op_edit_patches (QrDocument *doc, const GArray *ids, const QrTransform *tr, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GHashTable) wanted = g_hash_table_new (NULL, NULL);
  guint found = 0;

  if (ids->len == 0)
    return TRUE;
  for (guint i = 0; i < ids->len; i++)
    g_hash_table_add (wanted, GUINT_TO_POINTER (g_array_index (ids, QrId, i)));

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      QrEntity *header = NULL;

      for (guint k = entity->kept->len; k-- > 0;)
        {
          const QrNode *node = g_ptr_array_index (entity->kept, k);
          QrNode *copy;

          if (node->patch == NULL || !g_hash_table_contains (wanted, GUINT_TO_POINTER (node->patch->id)))
            continue;
          found++;
          if (header == NULL)
            header = qr_entity_copy_header (entity);
          if (tr == NULL)
            {
              g_ptr_array_remove_index (header->kept, k);
              continue;
            }
          /* A new patch: the old one stays with the old node, for undo. The
           * text no longer says what the numbers do. */
          copy = qr_node_writable ((QrNode **) &g_ptr_array_index (header->kept, k));
          qr_patch_unref (copy->patch);
          copy->patch = qr_patch_copy (node->patch);
          qr_patch_transform (copy->patch, tr);
          g_clear_pointer (&copy->raw, g_free);
        }
      if (header != NULL)
        qr_document_replace_header (doc, e, header);
    }
  if (found < ids->len)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A patch is named twice"));
      return FALSE;
    }
  return TRUE;
}

void
qr_op_add_patch_bounds (QrDocument *doc, const GArray *ids, QrBounds *out)
{
  for (guint i = 0; i < ids->len; i++)
    {
      const QrPatch *p = qr_document_lookup_patch (doc, g_array_index (ids, QrId, i));
      if (p != NULL)
        qr_bounds_add_bounds (out, p->bounds);
    }
}

void
qr_op_duplicate_patches (QrDocument *doc, const GArray *ids, const QrTransform *tr, GArray *made)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GHashTable) wanted = g_hash_table_new (NULL, NULL);

  if (ids->len == 0)
    return;
  for (guint i = 0; i < ids->len; i++)
    g_hash_table_add (wanted, GUINT_TO_POINTER (g_array_index (ids, QrId, i)));
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      QrEntity *header = NULL;
      guint n = entity->kept->len;

      for (guint k = 0; k < n; k++)
        {
          const QrNode *node = g_ptr_array_index (entity->kept, k);
          QrNode *copy;

          if (node->patch == NULL || !g_hash_table_contains (wanted, GUINT_TO_POINTER (node->patch->id)))
            continue;
          if (header == NULL)
            header = qr_entity_copy_header (entity);
          /* After everything else in the entity, as duplicated brushes go. */
          copy = qr_node_new (node->name);
          copy->patch = qr_patch_copy (node->patch);
          copy->patch->id = qr_map_take_brush_id (map);
          qr_patch_transform (copy->patch, tr);
          copy->anchor = (int) qr_entity_brush_count (entity);
          g_ptr_array_add (header->kept, copy);
          g_array_append_val (made, copy->patch->id);
        }
      if (header != NULL)
        qr_document_replace_header (doc, e, header);
    }
}

void
qr_op_adopt_patch (QrDocument *doc, QrNode *node, const QrTransform *tr)
{
  QrPatch *copy = qr_patch_copy (node->patch);

  g_assert (!qr_node_is_shared (node));

  copy->id = qr_map_take_brush_id (qr_document_get_map (doc));
  if (tr != NULL)
    {
      qr_patch_transform (copy, tr);
      g_clear_pointer (&node->raw, g_free);
    }
  qr_patch_unref (node->patch);
  node->patch = copy;
}
