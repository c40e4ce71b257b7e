#include "qr-find.h"
#include "qr-connection.h"
#include "qr-entity-filter.h"
#include "qr-face-ops.h"
#include "qr-layer.h"

/* Per texture index of the map: whether its name matches (as Replace
 * Textures matches them); each name is matched once, not once per face. */
static guint8 *
matching_textures (const QrMap *map, const char *glob, gboolean exact)
{
  guint8 *match = g_new0 (guint8, MAX (map->textures->len, 1));

  for (guint i = 0; i < map->textures->len; i++)
    {
      const char *name = g_ptr_array_index (map->textures, i);

      match[i] = exact ? g_ascii_strcasecmp (glob, name) == 0 : qr_texture_name_matches (glob, name);
    }
  return match;
}

/* The keys that name another entity's targetname, as the Quake-family
 * games read them. */
static const char *const target_keys[] = { "target", "killtarget", "pathtarget" };

static void
add_edge (GHashTable *named, GArray **edges, guint from, const char *name)
{
  GArray *to = name != NULL && name[0] != '\0' ? g_hash_table_lookup (named, name) : NULL;

  for (guint i = 0; to != NULL && i < to->len; i++)
    {
      guint other = g_array_index (to, guint, i);

      g_array_append_val (edges[from], other);
      g_array_append_val (edges[other], from);
    }
}

/* Per entity of the map: whether it is wired to an entity named `name`. */
static guint8 *
chain_of (const QrMap *map, const char *name)
{
  guint n = qr_map_entity_count (map);
  g_autoptr (GHashTable) named = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_array_unref);
  g_autofree GArray **edges = g_new0 (GArray *, MAX (n, 1));
  g_autoptr (GArray) todo = g_array_new (FALSE, FALSE, sizeof (guint));
  guint8 *in = g_new0 (guint8, MAX (n, 1));

  for (guint e = 0; e < n; e++)
    {
      const char *t = qr_entity_get_key (qr_map_get_entity (map, e), "targetname");
      GArray *list;

      edges[e] = g_array_new (FALSE, FALSE, sizeof (guint));
      if (t == NULL || t[0] == '\0')
        continue;
      if ((list = g_hash_table_lookup (named, t)) == NULL)
        g_hash_table_insert (named, (gpointer) t, list = g_array_new (FALSE, FALSE, sizeof (guint)));
      g_array_append_val (list, e);
    }
  for (guint e = 0; e < n; e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      g_autoptr (GArray) outputs = qr_entity_get_connections (entity);

      for (gsize k = 0; k < G_N_ELEMENTS (target_keys); k++)
        add_edge (named, edges, e, qr_entity_get_key (entity, target_keys[k]));
      for (guint c = 0; c < outputs->len; c++)
        add_edge (named, edges, e, g_array_index (outputs, QrConnection, c).target);
    }
  /* Everything reachable from the named ones, either way. */
  {
    GArray *seeds = g_hash_table_lookup (named, name);

    for (guint i = 0; seeds != NULL && i < seeds->len; i++)
      {
        guint e = g_array_index (seeds, guint, i);

        in[e] = 1;
        g_array_append_val (todo, e);
      }
  }
  while (todo->len > 0)
    {
      guint e = g_array_index (todo, guint, todo->len - 1);

      g_array_set_size (todo, todo->len - 1);
      for (guint i = 0; i < edges[e]->len; i++)
        {
          guint other = g_array_index (edges[e], guint, i);

          if (!in[other])
            {
              in[other] = 1;
              g_array_append_val (todo, other);
            }
        }
    }
  for (guint e = 0; e < n; e++)
    g_array_unref (edges[e]);
  return in;
}

GArray *
qr_find (const QrMap *map, const QrFindQuery *query)
{
  GArray *hits = g_array_new (FALSE, FALSE, sizeof (QrFindHit));
  g_autoptr (QrEntityFilter) filter = qr_entity_filter_new (query->entities != NULL ? query->entities : "");
  g_autofree guint8 *match = query->texture != NULL ? matching_textures (map, query->texture, query->texture_exact) : NULL;
  g_autofree guint8 *chain = query->chain != NULL && query->chain[0] != '\0' ? chain_of (map, query->chain) : NULL;

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      if (!qr_entity_filter_matches (filter, entity) || (chain != NULL && !chain[e]))
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

bool
qr_find_hit_is_hidden (const QrMap *map, const QrFindHit *hit)
{
  const QrEntity *entity = qr_map_get_entity (map, hit->entity);

  if (hit->brush >= 0)
    return qr_map_brush_is_hidden (map, entity, qr_entity_get_brush (entity, (guint) hit->brush));
  return qr_map_entity_is_wholly_hidden (map, entity);
}

bool
qr_find_hit_is_locked (const QrMap *map, const QrFindHit *hit)
{
  return qr_map_entity_is_locked (map, qr_map_get_entity (map, hit->entity));
}

bool
qr_find_hit_is_selectable (const QrMap *map, const QrFindHit *hit)
{
  return !qr_find_hit_is_hidden (map, hit) && !qr_find_hit_is_locked (map, hit);
}
