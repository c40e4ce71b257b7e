/* qr-op-hide.c — Hide, Isolate and Show All (issue 20): view-only undo
 * steps that swap the map's hidden set (qr-hidden.h). */
#include "qr-op-private.h"
#include "qr-patch.h"

#include <glib/gi18n-lib.h>

/* The objects as the hidden set names them: their brushes and patches, and
 * the entities named whole (not the world, whose brushes are named one by
 * one: hiding it would hide what is added to it later). */
static QrHidden *
hidden_of_objects (QrDocument *doc, const QrObjects *objs, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) brushes = NULL;
  g_autoptr (GArray) patches = NULL;
  g_autoptr (GArray) entities = NULL;
  g_autoptr (QrHidden) set = qr_hidden_new ();

  if (!qr_op_locate_objects (doc, objs, &brushes, &patches, &entities, error))
    return NULL;
  for (guint i = 0; i < brushes->len; i++)
    qr_hidden_add_brush (set, g_array_index (brushes, QrBrushLoc, i).brush->id);
  for (guint i = 0; i < patches->len; i++)
    qr_hidden_add_brush (set, g_array_index (patches, QrId, i));
  for (guint i = 0; i < entities->len; i++)
    {
      const QrEntity *entity = qr_map_get_entity (map, g_array_index (entities, guint, i));
      if (!qr_entity_is_world (entity))
        qr_hidden_add_entity (set, entity->id);
    }
  return g_steal_pointer (&set);
}

/* Adds `from`'s ids to `to`, or takes them out. */
static void
merge (QrHidden *to, const QrHidden *from, bool add)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, from->brushes);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    (add ? qr_hidden_add_brush : qr_hidden_remove_brush) (to, GPOINTER_TO_UINT (key));
  g_hash_table_iter_init (&iter, from->entities);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    (add ? qr_hidden_add_entity : qr_hidden_remove_entity) (to, GPOINTER_TO_UINT (key));
}

static bool
refuse_nothing (const QrObjects *objs, const char *message, GError **error)
{
  if (objs->n_brushes + objs->n_entities > 0)
    return false;
  g_set_error_literal (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, message);
  return true;
}

gboolean
qr_op_hide (QrDocument *doc, const QrObjects *objs, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  const QrSelection *sel = qr_document_get_selection (doc);
  g_autoptr (QrHidden) named = NULL;
  g_autoptr (QrSelection) after = qr_selection_new ();

  g_return_val_if_fail (QR_IS_DOCUMENT (doc) && objs != NULL, FALSE);
  if (refuse_nothing (objs, _("Nothing to hide"), error) || !(named = hidden_of_objects (doc, objs, error)))
    return FALSE;

  /* What is hidden cannot stay selected: it could be edited unseen. */
  for (guint i = 0; i < sel->brushes->len; i++)
    {
      QrId id = g_array_index (sel->brushes, QrId, i);
      if (!qr_hidden_has_brush (named, id))
        qr_selection_add_brush (after, id);
    }
  for (guint i = 0; i < sel->entities->len; i++)
    {
      QrId id = g_array_index (sel->entities, QrId, i);
      if (!qr_hidden_has_entity (named, id))
        qr_selection_add_entity (after, id);
    }
  for (guint i = 0; i < sel->faces->len; i++)
    {
      const QrFaceRef *face = &g_array_index (sel->faces, QrFaceRef, i);
      if (!qr_hidden_has_brush (named, face->brush))
        qr_selection_add_face (after, face->brush, face->face);
    }

  QrHidden *hidden = qr_hidden_copy (map->hidden);
  merge (hidden, named, true);
  /* Translators: the undo step that hid the selected objects. */
  qr_document_set_hidden (doc, hidden, _("Hide"), after);
  return TRUE;
}

gboolean
qr_op_isolate (QrDocument *doc, const QrObjects *objs, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (QrHidden) kept = NULL;
  g_autoptr (QrSelection) same = NULL;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc) && objs != NULL, FALSE);
  if (refuse_nothing (objs, _("Nothing to isolate"), error) || !(kept = hidden_of_objects (doc, objs, error)))
    return FALSE;

  QrHidden *hidden = qr_hidden_copy (map->hidden);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      bool whole = qr_hidden_has_entity (kept, entity->id);
      bool any = whole;

      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          QrId id = qr_entity_get_brush (entity, b)->id;
          if (qr_hidden_has_brush (kept, id))
            any = true;
          else if (!whole)
            qr_hidden_add_brush (hidden, id);
        }
      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrPatch *patch = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch;
          if (patch == NULL)
            continue;
          if (qr_hidden_has_brush (kept, patch->id))
            any = true;
          else if (!whole)
            qr_hidden_add_brush (hidden, patch->id);
        }
      /* An entity some of whose brushes stay shown stays shown itself. */
      if (!any && !qr_entity_is_world (entity))
        qr_hidden_add_entity (hidden, entity->id);
    }
  same = qr_selection_copy (qr_document_get_selection (doc));
  /* Translators: the undo step that hid everything but the selection. */
  qr_document_set_hidden (doc, hidden, _("Isolate"), same);
  return TRUE;
}

gboolean
qr_op_show (QrDocument *doc, const QrObjects *objs, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (QrHidden) named = NULL;
  g_autoptr (QrSelection) same = NULL;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc) && objs != NULL, FALSE);
  if (refuse_nothing (objs, _("Nothing to show"), error) || !(named = hidden_of_objects (doc, objs, error)))
    return FALSE;

  QrHidden *hidden = qr_hidden_copy (map->hidden);
  merge (hidden, named, false);
  same = qr_selection_copy (qr_document_get_selection (doc));
  /* Translators: the undo step that showed hidden objects again. */
  qr_document_set_hidden (doc, hidden, _("Show"), same);
  return TRUE;
}

void
qr_op_show_all (QrDocument *doc)
{
  g_autoptr (QrSelection) same = NULL;

  g_return_if_fail (QR_IS_DOCUMENT (doc));
  same = qr_selection_copy (qr_document_get_selection (doc));
  /* Translators: the undo step that showed every hidden object again. */
  qr_document_set_hidden (doc, NULL, _("Show All"), same);
}
