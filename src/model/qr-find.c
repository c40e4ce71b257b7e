#include "qr-find.h"
#include "qr-entity-filter.h"
#include "qr-face-ops.h"

/* Per texture index of the map: whether its name matches (as Replace
 * Textures matches them); each name is matched once, not once per face. */
static guint8 *
matching_textures (const QrMap *map, const char *glob)
{
  guint8 *match = g_new0 (guint8, MAX (map->textures->len, 1));

  for (guint i = 0; i < map->textures->len; i++)
    match[i] = qr_texture_name_matches (glob, g_ptr_array_index (map->textures, i));
  return match;
}

GArray *
qr_find (const QrMap *map, const QrFindQuery *query)
{
  GArray *hits = g_array_new (FALSE, FALSE, sizeof (QrFindHit));
  g_autoptr (QrEntityFilter) filter = qr_entity_filter_new (query->entities != NULL ? query->entities : "");
  g_autofree guint8 *match = query->texture != NULL ? matching_textures (map, query->texture) : NULL;

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      if (!qr_entity_filter_matches (filter, entity))
        continue;
      if (match == NULL)
        {
          g_array_append_val (hits, ((QrFindHit) { e, -1, -1 }));
          continue;
        }
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, b);

          for (int f = 0; f < brush->n_faces; f++)
            if (brush->faces[f].texture < map->textures->len && match[brush->faces[f].texture])
              g_array_append_val (hits, ((QrFindHit) { e, (int) b, f }));
        }
    }
  return hits;
}
