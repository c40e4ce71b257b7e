#include "qr-entity.h"

#include <string.h>

static void
key_value_clear (gpointer data)
{
  QrKeyValue *kv = data;

  g_free (kv->key);
  g_free (kv->value);
}

QrEntity *
qr_entity_new (QrId id)
{
  QrEntity *entity = g_new0 (QrEntity, 1);

  entity->id = id;
  entity->keys = g_array_new (FALSE, FALSE, sizeof (QrKeyValue));
  g_array_set_clear_func (entity->keys, key_value_clear);
  entity->brushes = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_brush_free);
  entity->kept = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_node_free);
  return entity;
}

QrEntity *
qr_entity_copy_header (const QrEntity *entity)
{
  QrEntity *copy = qr_entity_new (entity->id);

  copy->flags = entity->flags;
  /* Sized once: appending key by key regrew the array (autosave snapshots
   * copy every entity). */
  g_array_set_size (copy->keys, entity->keys->len);
  for (guint i = 0; i < entity->keys->len; i++)
    {
      const QrKeyValue *kv = &g_array_index (entity->keys, QrKeyValue, i);
      QrKeyValue *to = &g_array_index (copy->keys, QrKeyValue, i);
      to->key = g_strdup (kv->key);
      to->value = g_strdup (kv->value);
    }
  for (guint i = 0; i < entity->kept->len; i++)
    g_ptr_array_add (copy->kept, qr_node_ref (g_ptr_array_index (entity->kept, i)));
  return copy;
}

QrEntity *
qr_entity_copy (const QrEntity *entity)
{
  QrEntity *copy = qr_entity_copy_header (entity);

  for (guint i = 0; i < entity->brushes->len; i++)
    g_ptr_array_add (copy->brushes, qr_brush_copy (g_ptr_array_index (entity->brushes, i)));
  return copy;
}

void
qr_entity_free (QrEntity *entity)
{
  if (entity == NULL)
    return;
  g_array_unref (entity->keys);
  g_ptr_array_unref (entity->brushes);
  g_ptr_array_unref (entity->kept);
  g_free (entity);
}

void
qr_entity_add_key (QrEntity *entity, const char *key, const char *value)
{
  QrKeyValue kv = { g_strdup (key), g_strdup (value) };

  g_array_append_val (entity->keys, kv);
}

void
qr_entity_set_key (QrEntity *entity, const char *key, const char *value)
{
  for (guint i = 0; i < entity->keys->len; i++)
    {
      QrKeyValue *kv = &g_array_index (entity->keys, QrKeyValue, i);

      if (strcmp (kv->key, key) == 0)
        {
          char *v = g_strdup (value);

          g_free (kv->value);
          kv->value = v;
          return;
        }
    }
  qr_entity_add_key (entity, key, value);
}

bool
qr_entity_remove_key (QrEntity *entity, const char *key)
{
  bool removed = false;

  for (guint i = entity->keys->len; i-- > 0;)
    if (strcmp (g_array_index (entity->keys, QrKeyValue, i).key, key) == 0)
      {
        g_array_remove_index (entity->keys, i);
        removed = true;
      }
  return removed;
}

const char *
qr_entity_get_key (const QrEntity *entity, const char *key)
{
  for (guint i = 0; i < entity->keys->len; i++)
    {
      const QrKeyValue *kv = &g_array_index (entity->keys, QrKeyValue, i);

      if (strcmp (kv->key, key) == 0)
        return kv->value;
    }
  return NULL;
}

const char *
qr_entity_get_classname (const QrEntity *entity)
{
  const char *classname = qr_entity_get_key (entity, "classname");

  if (classname != NULL)
    return classname;
  return (entity->flags & QR_ENTITY_IMPLICIT) ? "worldspawn" : "";
}

bool
qr_entity_get_origin (const QrEntity *entity, QrVec3 *origin)
{
  const char *value = qr_entity_get_key (entity, "origin");
  if (value == NULL)
    return false;
  double v[3];
  char *end = (char *) value;
  for (int i = 0; i < 3; i++)
    {
      char *start = end;
      v[i] = g_ascii_strtod (start, &end);
      if (end == start)
        return false;
    }
  *origin = qr_vec3 (v[0], v[1], v[2]);
  return true;
}

bool
qr_entity_is_world (const QrEntity *entity)
{
  return (entity->flags & (QR_ENTITY_WORLD | QR_ENTITY_IMPLICIT))
         || g_strcmp0 (qr_entity_get_key (entity, "classname"), "worldspawn") == 0;
}

bool
qr_entity_is_point (const QrEntity *entity)
{
  QrVec3 origin;
  return qr_entity_brush_count (entity) == 0 && qr_entity_get_origin (entity, &origin);
}

void
qr_entity_add_brush (QrEntity *entity, QrBrush *brush)
{
  g_ptr_array_add (entity->brushes, brush);
}

void
qr_entity_add_kept (QrEntity *entity, QrNode *node)
{
  node->anchor = (int) entity->brushes->len;
  g_ptr_array_add (entity->kept, node);
}
