/* qr-hidden.c — see qr-hidden.h. */
#include "qr-hidden.h"
#include "qr-map.h"

QrHidden *
qr_hidden_new (void)
{
  QrHidden *hidden = g_new0 (QrHidden, 1);

  hidden->brushes = g_hash_table_new (NULL, NULL);
  hidden->entities = g_hash_table_new (NULL, NULL);
  return hidden;
}

static void
copy_ids (GHashTable *to, GHashTable *from)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, from);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_hash_table_add (to, key);
}

QrHidden *
qr_hidden_copy (const QrHidden *hidden)
{
  QrHidden *copy = qr_hidden_new ();

  if (hidden != NULL)
    {
      copy_ids (copy->brushes, hidden->brushes);
      copy_ids (copy->entities, hidden->entities);
    }
  return copy;
}

void
qr_hidden_free (QrHidden *hidden)
{
  if (hidden == NULL)
    return;
  g_hash_table_unref (hidden->brushes);
  g_hash_table_unref (hidden->entities);
  g_free (hidden);
}

bool
qr_hidden_is_empty (const QrHidden *hidden)
{
  return hidden == NULL
         || (g_hash_table_size (hidden->brushes) == 0 && g_hash_table_size (hidden->entities) == 0);
}

static bool
same_ids (GHashTable *a, GHashTable *b)
{
  GHashTableIter iter;
  gpointer key;

  if (g_hash_table_size (a) != g_hash_table_size (b))
    return false;
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (b, key))
      return false;
  return true;
}

bool
qr_hidden_equal (const QrHidden *a, const QrHidden *b)
{
  if (qr_hidden_is_empty (a) || qr_hidden_is_empty (b))
    return qr_hidden_is_empty (a) && qr_hidden_is_empty (b);
  return same_ids (a->brushes, b->brushes) && same_ids (a->entities, b->entities);
}

void
qr_hidden_add_brush (QrHidden *hidden, QrId id)
{
  g_hash_table_add (hidden->brushes, GUINT_TO_POINTER (id));
}

void
qr_hidden_add_entity (QrHidden *hidden, QrId id)
{
  g_hash_table_add (hidden->entities, GUINT_TO_POINTER (id));
}

bool
qr_hidden_has_brush (const QrHidden *hidden, QrId id)
{
  return hidden != NULL && g_hash_table_contains (hidden->brushes, GUINT_TO_POINTER (id));
}

bool
qr_hidden_has_entity (const QrHidden *hidden, QrId id)
{
  return hidden != NULL && g_hash_table_contains (hidden->entities, GUINT_TO_POINTER (id));
}

bool
qr_map_entity_is_hidden (const QrMap *map, QrId entity)
{
  return qr_hidden_has_entity (map->hidden, entity);
}

bool
qr_map_brush_is_hidden (const QrMap *map, const QrEntity *entity, QrId brush)
{
  return qr_hidden_has_brush (map->hidden, brush) || qr_hidden_has_entity (map->hidden, entity->id);
}

void
qr_map_hide_brush (QrMap *map, QrId id)
{
  if (map->hidden == NULL)
    map->hidden = qr_hidden_new ();
  qr_hidden_add_brush (map->hidden, id);
}

void
qr_map_hide_entity (QrMap *map, QrId id)
{
  if (map->hidden == NULL)
    map->hidden = qr_hidden_new ();
  qr_hidden_add_entity (map->hidden, id);
}
