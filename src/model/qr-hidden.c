/* qr-hidden.c — see qr-hidden.h. */
#include "qr-hidden.h"

#include <string.h>
#include "qr-disp.h"
#include "qr-layer.h"
#include "qr-map.h"
#include "qr-patch.h"

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

void
qr_hidden_remove_brush (QrHidden *hidden, QrId id)
{
  g_hash_table_remove (hidden->brushes, GUINT_TO_POINTER (id));
}

void
qr_hidden_remove_entity (QrHidden *hidden, QrId id)
{
  g_hash_table_remove (hidden->entities, GUINT_TO_POINTER (id));
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
qr_texture_is_tool (const char *name)
{
  static const char *const tools[] = {
    "clip",      "skip",        "nodraw",       "hint",      "hintskip",   "trigger",     "origin",
    "caulk",     "areaportal",  "clusterportal", "donotenter", "botclip",   "playerclip",  "monsterclip",
    "fullclip",  "weapclip",    "nodrop",       "lightgrid", "invisible", "npcclip",     "blocklight",
    "blockbullets", "fog",      "occluder",
  };
  const char *slash = strrchr (name, '/');
  const char *base = slash != NULL ? slash + 1 : name;

  /* Source's tools/toolsclip, tools/toolsnodraw… */
  if (g_ascii_strncasecmp (base, "tools", 5) == 0 && base[5] != '\0')
    base += 5;
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    if (g_ascii_strcasecmp (base, tools[i]) == 0)
      return true;
  return false;
}

bool
qr_map_entity_is_hidden (const QrMap *map, const QrEntity *entity)
{
  return qr_hidden_has_entity (map->hidden, entity->id) || qr_map_entity_in_hidden_layer (map, entity)
         || ((map->view_filter & QR_FILTER_POINT_ENTITIES) && qr_entity_is_point (entity));
}

/* What the filter says of an entity's brushes and patches by its kind. */
static bool
filtered_by_entity (const QrMap *map, const QrEntity *entity)
{
  unsigned f = map->view_filter;

  if (f == 0)
    return false;
  if (qr_entity_is_world (entity))
    return (f & QR_FILTER_WORLD_BRUSHES) != 0;
  return (f & QR_FILTER_BRUSH_ENTITIES)
         || ((f & QR_FILTER_TRIGGERS) && g_ascii_strncasecmp (qr_entity_get_classname (entity), "trigger_", 8) == 0);
}

bool
qr_map_brush_is_hidden (const QrMap *map, const QrEntity *entity, const QrBrush *brush)
{
  if (qr_hidden_has_brush (map->hidden, brush->id) || qr_hidden_has_entity (map->hidden, entity->id)
      || qr_map_entity_in_hidden_layer (map, entity))
    return true;
  if (map->view_filter == 0)
    return false;
  if (filtered_by_entity (map, entity) || ((map->view_filter & QR_FILTER_DISPLACEMENTS) && qr_brush_has_disp (brush)))
    return true;
  if (!(map->view_filter & QR_FILTER_TOOL_TEXTURES) || brush->n_faces == 0)
    return false;
  /* Most brushes answer at their first face. */
  for (int f = 0; f < brush->n_faces; f++)
    if (!qr_texture_is_tool (qr_map_texture_name (map, brush->faces[f].texture)))
      return false;
  return true;
}

bool
qr_map_patch_is_hidden (const QrMap *map, const QrEntity *entity, QrId patch)
{
  return qr_hidden_has_brush (map->hidden, patch) || qr_hidden_has_entity (map->hidden, entity->id)
         || qr_map_entity_in_hidden_layer (map, entity) || (map->view_filter & QR_FILTER_PATCHES)
         || filtered_by_entity (map, entity);
}

bool
qr_map_entity_is_wholly_hidden (const QrMap *map, const QrEntity *entity)
{
  if (qr_entity_is_world (entity))
    return false;
  if (qr_map_entity_is_hidden (map, entity))
    return true;
  if (qr_entity_is_point (entity))
    return false;
  guint parts = qr_entity_brush_count (entity);
  for (guint b = 0; b < qr_entity_brush_count (entity); b++)
    if (!qr_map_brush_is_hidden (map, entity, qr_entity_get_brush (entity, b)))
      return false;
  for (guint k = 0; k < entity->kept->len; k++)
    {
      const QrPatch *patch = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch;

      parts += patch != NULL;
      if (patch != NULL && !qr_map_patch_is_hidden (map, entity, patch->id))
        return false;
    }
  return parts > 0;
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
