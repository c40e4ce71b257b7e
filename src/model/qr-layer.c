/* qr-layer.c — see qr-layer.h. */
#include "qr-layer.h"

#include <string.h>
#include "qr-map-index.h"
#include "qr-map.h"
#include "qr-patch.h"

static bool
is_tb (const QrEntity *entity, const char *type)
{
  return g_strcmp0 (qr_entity_get_key (entity, "classname"), "func_group") == 0
         && g_strcmp0 (qr_entity_get_key (entity, "_tb_type"), type) == 0;
}

bool
qr_entity_is_layer (const QrEntity *entity)
{
  return is_tb (entity, "_tb_layer");
}

bool
qr_entity_is_tb_group (const QrEntity *entity)
{
  return is_tb (entity, "_tb_group");
}

/* A key's value as an integer; false when missing or not a number. */
static bool
key_int (const QrEntity *entity, const char *key, gint64 *out)
{
  const char *value = qr_entity_get_key (entity, key);

  return value != NULL && g_ascii_string_to_signed (value, 10, G_MININT64, G_MAXINT64, out, NULL);
}

static bool
key_on (const QrEntity *entity, const char *key)
{
  return g_strcmp0 (qr_entity_get_key (entity, key), "1") == 0;
}

static void
fill_state (QrLayer *layer, const QrEntity *entity)
{
  layer->entity = entity->id;
  layer->hidden = key_on (entity, QR_TB_HIDDEN_KEY);
  layer->locked = key_on (entity, QR_TB_LOCKED_KEY);
  layer->omit = key_on (entity, QR_TB_OMIT_KEY);
}

gint64 *
qr_map_dup_entity_layers (const QrMap *map)
{
  guint n = qr_map_entity_count (map);
  gint64 *layers = g_new0 (gint64, n);
  g_autoptr (GHashTable) layer_ids = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr (GHashTable) groups = g_hash_table_new (g_int64_hash, g_int64_equal); /* _tb_id → position + 1 */
  g_autofree gint64 *tb_ids = g_new0 (gint64, n);

  for (guint e = 0; e < n; e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      if (!key_int (entity, "_tb_id", &tb_ids[e]))
        continue;
      if (qr_entity_is_layer (entity))
        g_hash_table_add (layer_ids, &tb_ids[e]);
      else if (qr_entity_is_tb_group (entity))
        g_hash_table_insert (groups, &tb_ids[e], GUINT_TO_POINTER (e + 1));
    }
  for (guint e = 0; e < n; e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      gint64 id = 0, group;
      guint at = e;

      if (qr_entity_is_world (entity))
        continue;
      if (qr_entity_is_layer (entity))
        {
          layers[e] = tb_ids[e];
          continue;
        }
      /* Up the groups to the outermost; a cycle of groups is cut short. */
      for (guint depth = 0; depth <= n; depth++)
        {
          const QrEntity *up = qr_map_get_entity (map, at);
          guint found;

          if (!key_int (up, "_tb_group", &group)
              || (found = GPOINTER_TO_UINT (g_hash_table_lookup (groups, &group))) == 0)
            break;
          at = found - 1;
        }
      if (key_int (qr_map_get_entity (map, at), QR_TB_LAYER_KEY, &id) && g_hash_table_contains (layer_ids, &id))
        layers[e] = id;
    }
  return layers;
}

static int
compare_layers (gconstpointer pa, gconstpointer pb)
{
  const QrLayer *a = pa, *b = pb;

  if (a->sort_index != b->sort_index)
    return a->sort_index < b->sort_index ? -1 : 1;
  return a->entity < b->entity ? -1 : a->entity > b->entity;
}

/* The layers, given every entity's (qr_map_dup_entity_layers). */
static GArray *
layers_of (const QrMap *map, const gint64 *of)
{
  GArray *layers = g_array_new (FALSE, TRUE, sizeof (QrLayer));
  g_autoptr (GHashTable) where = g_hash_table_new (g_int64_hash, g_int64_equal); /* id → QrLayer position */
  g_autofree gint64 *keys = NULL;
  QrLayer def = { 0 };

  def.name = QR_DEFAULT_LAYER_NAME;
  def.sort_index = -1;
  g_array_append_val (layers, def);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      QrLayer layer = { 0 };

      if (qr_entity_is_world (entity) && g_array_index (layers, QrLayer, 0).entity == 0)
        fill_state (&g_array_index (layers, QrLayer, 0), entity);
      if (!qr_entity_is_layer (entity))
        continue;
      layer.id = of[e];
      layer.name = qr_entity_get_key (entity, "_tb_name");
      if (layer.name == NULL)
        layer.name = "";
      if (!key_int (entity, QR_TB_SORT_KEY, &layer.sort_index))
        layer.sort_index = G_MAXINT64;
      fill_state (&layer, entity);
      g_array_append_val (layers, layer);
    }
  /* Entity ids grow with file order among what was read. */
  g_array_sort (layers, compare_layers);
  keys = g_new (gint64, layers->len);
  for (guint i = 0; i < layers->len; i++)
    {
      keys[i] = g_array_index (layers, QrLayer, i).id;
      g_hash_table_insert (where, &keys[i], GUINT_TO_POINTER (i));
    }
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      QrLayer *layer = &g_array_index (layers, QrLayer, GPOINTER_TO_UINT (g_hash_table_lookup (where, &of[e])));
      guint patches = 0;

      for (guint k = 0; k < entity->kept->len; k++)
        patches += ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch != NULL;
      layer->n_brushes += qr_entity_brush_count (entity) + patches;
      if (!qr_entity_is_world (entity) && !qr_entity_is_layer (entity))
        layer->n_entities++;
    }
  return layers;
}

GArray *
qr_map_dup_layers (const QrMap *map)
{
  g_autofree gint64 *of = qr_map_dup_entity_layers (map);

  return layers_of (map, of);
}

static bool
find_layer (const QrMap *map, const char *name, gint64 id, QrLayer *out)
{
  g_autoptr (GArray) layers = qr_map_dup_layers (map);

  for (guint i = 0; i < layers->len; i++)
    {
      const QrLayer *layer = &g_array_index (layers, QrLayer, i);

      if (name != NULL ? strcmp (layer->name, name) == 0 || (layer->id == 0 && strcmp (name, "default") == 0)
                       : layer->id == id)
        {
          *out = *layer;
          return true;
        }
    }
  return false;
}

bool
qr_map_find_layer (const QrMap *map, const char *name, QrLayer *out)
{
  g_return_val_if_fail (map != NULL && name != NULL && out != NULL, false);
  return find_layer (map, name, 0, out);
}

bool
qr_map_get_layer (const QrMap *map, gint64 id, QrLayer *out)
{
  g_return_val_if_fail (map != NULL && out != NULL, false);
  return find_layer (map, NULL, id, out);
}

gint64
qr_map_next_tb_id (const QrMap *map)
{
  static const char *const keys[] = { "_tb_id", QR_TB_LAYER_KEY, "_tb_group" };
  gint64 top = 0;

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
      {
        gint64 v;

        if (key_int (qr_map_get_entity (map, e), keys[k], &v) && v > top)
          top = v;
      }
  return top + 1;
}

bool *
qr_map_dup_omitted (const QrMap *map)
{
  g_autofree gint64 *of = qr_map_dup_entity_layers (map);
  g_autoptr (GArray) layers = layers_of (map, of);
  g_autoptr (GHashTable) omitted = g_hash_table_new (g_int64_hash, g_int64_equal);
  bool *out = g_new0 (bool, qr_map_entity_count (map) + 1);

  for (guint i = 0; i < layers->len; i++)
    if (g_array_index (layers, QrLayer, i).omit)
      g_hash_table_add (omitted, &g_array_index (layers, QrLayer, i).id);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    out[e] = g_hash_table_contains (omitted, &of[e]);
  return out;
}

QrMap *
qr_map_copy_for_export (const QrMap *map)
{
  g_autofree bool *omitted = qr_map_dup_omitted (map);
  QrMap *copy = qr_map_snapshot (map);

  for (guint e = qr_map_entity_count (copy); e-- > 0;)
    {
      QrEntity *entity = qr_map_get_entity (copy, e);

      if (!omitted[e])
        continue;
      if (!qr_entity_is_world (entity))
        {
          g_ptr_array_remove_index (copy->entities, e);
          continue;
        }
      /* TrenchBroom writes the world's keys alone (NodeSerializer::defaultLayer). */
      g_ptr_array_set_size (entity->brushes, 0);
      for (guint k = entity->kept->len; k-- > 0;)
        if (((const QrNode *) g_ptr_array_index (entity->kept, k))->patch != NULL)
          g_ptr_array_remove_index (entity->kept, k);
    }
  return copy;
}

bool
qr_map_entity_in_hidden_layer (const QrMap *map, const QrEntity *entity)
{
  return map->layer_hidden != NULL && g_hash_table_contains (map->layer_hidden, GUINT_TO_POINTER (entity->id));
}

bool
qr_map_entity_is_locked (const QrMap *map, const QrEntity *entity)
{
  return map->layer_locked != NULL && g_hash_table_contains (map->layer_locked, GUINT_TO_POINTER (entity->id));
}

static bool
in_set (GHashTable *set, QrId id)
{
  return set != NULL && g_hash_table_contains (set, GUINT_TO_POINTER (id));
}

/* Ids a change set names already, so none is named twice. */
static void
note_ids (GHashTable *seen, const GArray *ids)
{
  for (guint i = 0; i < ids->len; i++)
    g_hash_table_add (seen, GUINT_TO_POINTER (g_array_index (ids, QrId, i)));
}

static void
add_once (GHashTable *seen, GArray *ids, QrId id)
{
  if (g_hash_table_add (seen, GUINT_TO_POINTER (id)))
    qr_change_set_add (ids, id);
}

bool
qr_map_layers_may_change (QrMap *map, const QrChangeSet *changes)
{
  const QrEntity *world = qr_map_entity_count (map) > 0 ? qr_map_get_entity (map, 0) : NULL;

  if (changes->entities_added->len + changes->entities_removed->len > 0)
    return true;
  /* A hidden or locked default layer holds every entity without a layer
   * key, so dropping a key can move an entity into it. */
  if (world != NULL && (key_on (world, QR_TB_HIDDEN_KEY) || key_on (world, QR_TB_LOCKED_KEY)))
    return true;
  for (guint i = 0; i < changes->entities_modified->len; i++)
    {
      QrId id = g_array_index (changes->entities_modified, QrId, i);
      const QrEntity *entity;
      guint e;

      /* It left a hidden or locked layer, or its set changed. */
      if (in_set (map->layer_hidden, id) || in_set (map->layer_locked, id))
        return true;
      if (!qr_map_find_entity (map, id, &e))
        return true;
      entity = qr_map_get_entity (map, e);
      /* It is (or leads to) a layer or a group now; an entity without
       * these keys was and stays in the shown, unlocked default layer. */
      if (qr_entity_is_world (entity) || qr_entity_get_key (entity, QR_TB_LAYER_KEY) != NULL
          || qr_entity_get_key (entity, "_tb_group") != NULL || qr_entity_get_key (entity, "_tb_type") != NULL
          || qr_entity_get_key (entity, "_tb_id") != NULL)
        return true;
    }
  return false;
}

/* Whether any layer, the default one included, is hidden or locked. */
static bool
any_layer_flagged (const QrMap *map)
{
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      if ((qr_entity_is_world (entity) || qr_entity_is_layer (entity))
          && (key_on (entity, QR_TB_HIDDEN_KEY) || key_on (entity, QR_TB_LOCKED_KEY)))
        return true;
    }
  return false;
}

void
qr_map_refresh_layers (QrMap *map, QrChangeSet *changes)
{
  /* A change that cannot move an entity between layers leaves the sets
   * as they are; nothing hidden or locked before or now (most maps) leaves
   * them empty, for a look at each entity's keys instead of a layer pass. */
  if (changes != NULL && !qr_map_layers_may_change (map, changes))
    return;
  if (map->layer_hidden == NULL && map->layer_locked == NULL && !any_layer_flagged (map))
    return;
  g_autofree gint64 *of = qr_map_dup_entity_layers (map);
  g_autoptr (GArray) layers = layers_of (map, of);
  g_autoptr (GHashTable) hidden_ids = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr (GHashTable) locked_ids = g_hash_table_new (g_int64_hash, g_int64_equal);
  GHashTable *hidden = NULL, *locked = NULL;
  g_autoptr (GHashTable) seen_entities = NULL;
  g_autoptr (GHashTable) seen_brushes = NULL;

  for (guint i = 0; i < layers->len; i++)
    {
      QrLayer *layer = &g_array_index (layers, QrLayer, i);

      if (layer->hidden)
        g_hash_table_add (hidden_ids, &layer->id);
      if (layer->locked)
        g_hash_table_add (locked_ids, &layer->id);
    }
  if (g_hash_table_size (hidden_ids) > 0)
    hidden = g_hash_table_new (NULL, NULL);
  if (g_hash_table_size (locked_ids) > 0)
    locked = g_hash_table_new (NULL, NULL);
  if (changes != NULL)
    {
      seen_entities = g_hash_table_new (NULL, NULL);
      seen_brushes = g_hash_table_new (NULL, NULL);
      note_ids (seen_entities, changes->entities_added);
      note_ids (seen_entities, changes->entities_modified);
      note_ids (seen_brushes, changes->brushes_added);
      note_ids (seen_brushes, changes->brushes_modified);
    }
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      bool h = g_hash_table_contains (hidden_ids, &of[e]);
      bool l = g_hash_table_contains (locked_ids, &of[e]);

      if (h)
        g_hash_table_add (hidden, GUINT_TO_POINTER (entity->id));
      if (l)
        g_hash_table_add (locked, GUINT_TO_POINTER (entity->id));
      if (changes == NULL
          || (h == in_set (map->layer_hidden, entity->id) && l == in_set (map->layer_locked, entity->id)))
        continue;
      add_once (seen_entities, changes->entities_modified, entity->id);
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        add_once (seen_brushes, changes->brushes_modified, qr_entity_get_brush (entity, b)->id);
      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrPatch *patch = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch;
          if (patch != NULL)
            add_once (seen_brushes, changes->brushes_modified, patch->id);
        }
    }
  g_clear_pointer (&map->layer_hidden, g_hash_table_unref);
  g_clear_pointer (&map->layer_locked, g_hash_table_unref);
  map->layer_hidden = hidden;
  map->layer_locked = locked;
}
