/* qr-map-index.c — see qr-map-index.h. */
#include "qr-map-index.h"
#include "qr-map.h"
#include "qr-patch.h"

typedef struct
{
  QrEntity *entity; /* borrowed: the entity holding the object */
  guint index;      /* among its brushes, or among its kept blocks for a patch */
  bool patch;
} Place;

struct _QrMapIndex
{
  GHashTable *objects;   /* brush or patch id → Place * (owned) */
  GHashTable *entities;  /* entity id → QrEntity * */
  GHashTable *positions; /* QrEntity * → position + 1; rebuilt when positions_stale */
  bool positions_stale;  /* an entity came or went before the last one */
  GHashTable *stale;     /* QrEntity * (a set) whose brushes or kept blocks shifted */
};

void
qr_map_index_free (QrMapIndex *index)
{
  if (index == NULL)
    return;
  g_hash_table_unref (index->objects);
  g_hash_table_unref (index->entities);
  g_hash_table_unref (index->positions);
  g_hash_table_unref (index->stale);
  g_free (index);
}

static void
put (QrMapIndex *index, QrId id, QrEntity *entity, guint at, bool patch)
{
  Place *place = g_new (Place, 1);

  *place = (Place) { entity, at, patch };
  g_hash_table_replace (index->objects, GUINT_TO_POINTER (id), place);
}

/* Forgets the id only where it still names an object of `entity`: an edit
 * that moves an object between entities may add it to the new one first. */
static void
drop (QrMapIndex *index, QrId id, const QrEntity *entity)
{
  Place *place = g_hash_table_lookup (index->objects, GUINT_TO_POINTER (id));

  if (place != NULL && place->entity == entity)
    g_hash_table_remove (index->objects, GUINT_TO_POINTER (id));
}

static void
put_patches (QrMapIndex *index, QrEntity *entity)
{
  for (guint k = 0; k < entity->kept->len; k++)
    {
      const QrPatch *p = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch;
      if (p != NULL)
        put (index, p->id, entity, k, true);
    }
}

static void
drop_patches (QrMapIndex *index, const GPtrArray *kept, const QrEntity *entity)
{
  for (guint k = 0; k < kept->len; k++)
    {
      const QrPatch *p = ((const QrNode *) g_ptr_array_index (kept, k))->patch;
      if (p != NULL)
        drop (index, p->id, entity);
    }
}

static void
put_entity (QrMapIndex *index, QrEntity *entity)
{
  g_hash_table_replace (index->entities, GUINT_TO_POINTER (entity->id), entity);
  for (guint b = 0; b < qr_entity_brush_count (entity); b++)
    put (index, qr_entity_get_brush (entity, b)->id, entity, b, false);
  put_patches (index, entity);
}

static QrMapIndex *
ensure (QrMap *map)
{
  QrMapIndex *index = map->index;

  if (index != NULL)
    return index;
  index = map->index = g_new0 (QrMapIndex, 1);
  index->objects = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  index->entities = g_hash_table_new (NULL, NULL);
  index->positions = g_hash_table_new (NULL, NULL);
  index->stale = g_hash_table_new (NULL, NULL);
  index->positions_stale = true;
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    put_entity (index, qr_map_get_entity (map, e));
  return index;
}

static guint
position (QrMap *map, QrMapIndex *index, const QrEntity *entity)
{
  if (index->positions_stale)
    {
      g_hash_table_remove_all (index->positions);
      for (guint e = 0; e < qr_map_entity_count (map); e++)
        g_hash_table_insert (index->positions, qr_map_get_entity (map, e), GUINT_TO_POINTER (e + 1));
      index->positions_stale = false;
    }
  return GPOINTER_TO_UINT (g_hash_table_lookup (index->positions, entity)) - 1;
}

/* The places of the entity's objects, after shifts. */
static void
refresh (QrMapIndex *index, QrEntity *entity)
{
  if (!g_hash_table_remove (index->stale, entity))
    return;
  for (guint b = 0; b < qr_entity_brush_count (entity); b++)
    {
      Place *place = g_hash_table_lookup (index->objects, GUINT_TO_POINTER (qr_entity_get_brush (entity, b)->id));
      g_assert (place != NULL && place->entity == entity);
      place->index = b;
    }
  for (guint k = 0; k < entity->kept->len; k++)
    {
      const QrPatch *p = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch;
      if (p != NULL)
        ((Place *) g_hash_table_lookup (index->objects, GUINT_TO_POINTER (p->id)))->index = k;
    }
}

static bool
find_object (QrMap *map, QrId id, bool patch, guint *entity, guint *at)
{
  QrMapIndex *index = ensure (map);
  Place *place = g_hash_table_lookup (index->objects, GUINT_TO_POINTER (id));

  if (place == NULL || place->patch != patch)
    return false;
  refresh (index, place->entity);
  *entity = position (map, index, place->entity);
  *at = place->index;
  return true;
}

bool
qr_map_find_entity (QrMap *map, QrId id, guint *entity)
{
  QrMapIndex *index = ensure (map);
  QrEntity *found = g_hash_table_lookup (index->entities, GUINT_TO_POINTER (id));

  if (found == NULL)
    return false;
  *entity = position (map, index, found);
  g_assert (qr_map_get_entity (map, *entity) == found);
  return true;
}

bool
qr_map_find_brush (QrMap *map, QrId id, guint *entity, guint *index)
{
  if (!find_object (map, id, false, entity, index))
    return false;
  g_assert (qr_entity_get_brush (qr_map_get_entity (map, *entity), *index)->id == id);
  return true;
}

bool
qr_map_find_patch (QrMap *map, QrId id, guint *entity, guint *kept)
{
  if (!find_object (map, id, true, entity, kept))
    return false;
  g_assert (((const QrNode *) g_ptr_array_index (qr_map_get_entity (map, *entity)->kept, *kept))->patch->id == id);
  return true;
}

void
qr_map_index_brush_inserted (QrMap *map, guint entity, guint index)
{
  QrEntity *e;

  if (map->index == NULL)
    return;
  e = qr_map_get_entity (map, entity);
  put (map->index, qr_entity_get_brush (e, index)->id, e, index, false);
  if (index + 1 < qr_entity_brush_count (e))
    g_hash_table_add (map->index->stale, e);
}

void
qr_map_index_brush_removed (QrMap *map, guint entity, guint index, const QrBrush *gone)
{
  QrEntity *e;

  if (map->index == NULL)
    return;
  e = qr_map_get_entity (map, entity);
  drop (map->index, gone->id, e);
  if (index < qr_entity_brush_count (e))
    g_hash_table_add (map->index->stale, e);
}

void
qr_map_index_brush_replaced (QrMap *map, guint entity, guint index, const QrBrush *gone)
{
  QrEntity *e;
  QrId id;

  if (map->index == NULL)
    return;
  e = qr_map_get_entity (map, entity);
  id = qr_entity_get_brush (e, index)->id;
  if (id == gone->id)
    return;
  drop (map->index, gone->id, e);
  put (map->index, id, e, index, false);
}

void
qr_map_index_header_swapped (QrMap *map, guint entity, const QrEntity *gone)
{
  QrEntity *e;

  if (map->index == NULL)
    return;
  e = qr_map_get_entity (map, entity);
  if (g_hash_table_lookup (map->index->entities, GUINT_TO_POINTER (gone->id)) == e)
    g_hash_table_remove (map->index->entities, GUINT_TO_POINTER (gone->id));
  g_hash_table_replace (map->index->entities, GUINT_TO_POINTER (e->id), e);
  drop_patches (map->index, gone->kept, e);
  put_patches (map->index, e);
}

void
qr_map_index_entity_inserted (QrMap *map, guint entity)
{
  QrEntity *e;

  if (map->index == NULL)
    return;
  e = qr_map_get_entity (map, entity);
  put_entity (map->index, e);
  if (entity + 1 < qr_map_entity_count (map))
    map->index->positions_stale = true;
  else if (!map->index->positions_stale)
    g_hash_table_insert (map->index->positions, e, GUINT_TO_POINTER (entity + 1));
}

void
qr_map_index_entity_removed (QrMap *map, guint entity, const QrEntity *gone)
{
  QrMapIndex *index = map->index;

  if (index == NULL)
    return;
  if (g_hash_table_lookup (index->entities, GUINT_TO_POINTER (gone->id)) == gone)
    g_hash_table_remove (index->entities, GUINT_TO_POINTER (gone->id));
  for (guint b = 0; b < qr_entity_brush_count (gone); b++)
    drop (index, qr_entity_get_brush (gone, b)->id, gone);
  drop_patches (index, gone->kept, gone);
  g_hash_table_remove (index->positions, gone);
  g_hash_table_remove (index->stale, gone);
  if (entity < qr_map_entity_count (map))
    index->positions_stale = true;
}
