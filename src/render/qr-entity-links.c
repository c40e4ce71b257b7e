/* qr-entity-links.c — see qr-entity-links.h. */
#include "qr-entity-links.h"

#include "qr-connection.h"
#include "qr-disp.h"
#include "qr-entdef.h"
#include "qr-entity-transform.h"
#include "qr-polytope.h"

struct _QrEntityLinks
{
  QrDocument *doc;    /* owned reference: the document the index was built for */
  gboolean stale;
  GHashTable *named;  /* targetname (owned) → GArray of QrId: the entities it names */
  GHashTable *naming; /* name (owned) → GArray of QrId: the entities naming it */
};

QrEntityLinks *
qr_entity_links_new (void)
{
  QrEntityLinks *links = g_new0 (QrEntityLinks, 1);
  links->stale = TRUE;
  links->named = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);
  links->naming = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);
  return links;
}

void
qr_entity_links_free (QrEntityLinks *links)
{
  if (links == NULL)
    return;
  g_clear_object (&links->doc);
  g_hash_table_unref (links->named);
  g_hash_table_unref (links->naming);
  g_free (links);
}

void
qr_entity_links_update (QrEntityLinks *links, const QrChangeSet *changes)
{
  g_return_if_fail (links != NULL && changes != NULL);
  if (changes->entities_added->len > 0 || changes->entities_removed->len > 0
      || changes->entities_modified->len > 0 || changes->entdefs_changed)
    links->stale = TRUE;
}

/* "target", "killtarget", "target2"… (Quoth and Arcane Dimensions number
 * extra targets), or a key the class types target_destination. */
static gboolean
is_target_key (const char *key, const QrEntClass *cls)
{
  if (g_ascii_strcasecmp (key, "target") == 0 || g_ascii_strcasecmp (key, "killtarget") == 0)
    return TRUE;
  if (g_ascii_strncasecmp (key, "target", 6) == 0 && g_ascii_isdigit (key[6]))
    {
      const char *p = key + 6;
      while (g_ascii_isdigit (*p))
        p++;
      if (*p == '\0')
        return TRUE;
    }
  const QrPropDef *prop = cls != NULL ? qr_entclass_find_prop (cls, key) : NULL;
  return prop != NULL && prop->type == QR_PROP_TARGET_DESTINATION;
}

/* Appends the names the entity targets to `names` (borrowed from the
 * entity, or owned by `conns`, which the caller frees). */
static void
names_of (const QrEntity *entity, const QrEntDefs *defs, GPtrArray *names, GArray **conns)
{
  const QrEntClass *cls = defs != NULL ? qr_entdefs_lookup (defs, qr_entity_get_classname (entity)) : NULL;
  for (guint i = 0; i < entity->keys->len; i++)
    {
      const QrKeyValue *kv = &g_array_index (entity->keys, QrKeyValue, i);
      if (kv->value[0] != '\0' && is_target_key (kv->key, cls))
        g_ptr_array_add (names, kv->value);
    }
  /* Outputs live in a kept block: entities without one have none. */
  *conns = NULL;
  if (entity->kept->len == 0)
    return;
  *conns = qr_entity_get_connections (entity);
  for (guint i = 0; i < (*conns)->len; i++)
    {
      const QrConnection *c = &g_array_index (*conns, QrConnection, i);
      /* "!self", "!activator"…: no entity of the map is called that. */
      if (c->target != NULL && c->target[0] != '\0' && c->target[0] != '!')
        g_ptr_array_add (names, c->target);
    }
}

static void
index_add (GHashTable *index, const char *name, QrId id)
{
  GArray *ids = g_hash_table_lookup (index, name);
  if (ids == NULL)
    {
      ids = g_array_new (FALSE, FALSE, sizeof (QrId));
      g_hash_table_insert (index, g_strdup (name), ids);
    }
  /* An entity naming one name twice (target and killtarget) counts once. */
  if (ids->len == 0 || g_array_index (ids, QrId, ids->len - 1) != id)
    g_array_append_val (ids, id);
}

static void
build_index (QrEntityLinks *links, QrDocument *doc)
{
  g_hash_table_remove_all (links->named);
  g_hash_table_remove_all (links->naming);
  g_set_object (&links->doc, doc);
  links->stale = FALSE;

  const QrMap *map = qr_document_get_map (doc);
  const QrEntDefs *defs = qr_document_get_entdefs (doc);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      /* The world spans the map: lines to its centre would say nothing. */
      if (qr_entity_is_world (entity))
        continue;
      const char *targetname = qr_entity_get_key (entity, "targetname");
      if (targetname != NULL && targetname[0] != '\0')
        index_add (links->named, targetname, entity->id);
      g_autoptr (GArray) conns = NULL;
      g_ptr_array_set_size (names, 0);
      names_of (entity, defs, names, &conns);
      for (guint i = 0; i < names->len; i++)
        index_add (links->naming, g_ptr_array_index (names, i), entity->id);
    }
}

bool
qr_entity_link_point (const QrEntity *entity, const QrEntDefs *defs, QrVec3 *point)
{
  g_return_val_if_fail (entity != NULL && point != NULL, false);
  QrBounds box;
  if (qr_entity_is_point (entity) && qr_entity_box (entity, defs, &box))
    {
      *point = qr_vec3_scale (qr_vec3_add (box.min, box.max), 0.5);
      return true;
    }
  QrBounds all = qr_bounds_empty ();
  for (guint b = 0; b < qr_entity_brush_count (entity); b++)
    {
      const QrBrush *brush = qr_entity_get_brush (entity, b);
      if (qr_brush_is_valid (brush))
        qr_bounds_add_bounds (&all, qr_brush_bounds (brush));
    }
  if (qr_bounds_is_empty (all))
    return false;
  *point = qr_vec3_scale (qr_vec3_add (all.min, all.max), 0.5);
  return true;
}

/* The entity of that id and its link point; NULL for the world, whose
 * point would cost a walk over all its brushes (a drag of world brushes
 * asks on every step). */
static const QrEntity *
entity_point (QrDocument *doc, QrId id, QrVec3 *point)
{
  guint e;
  if (!qr_document_find_entity (doc, id, &e))
    return NULL;
  const QrEntity *entity = qr_map_get_entity (qr_document_get_map (doc), e);
  if (qr_entity_is_world (entity))
    return NULL;
  return qr_entity_link_point (entity, qr_document_get_entdefs (doc), point) ? entity : NULL;
}

static void
add_link (GArray *out, GHashTable *pairs, QrId from_id, QrVec3 from, QrId to_id, QrVec3 to, QrLinkKind kind)
{
  guint64 key = (guint64) from_id << 32 | to_id;
  if (from_id == to_id || g_hash_table_contains (pairs, &key))
    return;
  g_hash_table_add (pairs, g_memdup2 (&key, sizeof key));
  QrEntityLink link = { from, to, kind };
  g_array_append_val (out, link);
}

void
qr_entity_links_collect (QrEntityLinks *links, QrDocument *doc, GArray *out)
{
  g_return_if_fail (links != NULL && QR_IS_DOCUMENT (doc) && out != NULL);
  g_array_set_size (out, 0);
  const QrSelection *sel = qr_document_get_selection (doc);
  if (sel->entities->len == 0 && sel->brushes->len == 0)
    return;

  /* The selected entities: point entities, and the entities of selected brushes. */
  g_autoptr (GHashTable) selected = g_hash_table_new (NULL, NULL);
  const QrMap *map = qr_document_get_map (doc);
  for (guint i = 0; i < sel->entities->len; i++)
    g_hash_table_add (selected, GUINT_TO_POINTER (g_array_index (sel->entities, QrId, i)));
  for (guint i = 0; i < sel->brushes->len; i++)
    {
      guint e, b;
      if (qr_document_find_brush (doc, g_array_index (sel->brushes, QrId, i), &e, &b))
        g_hash_table_add (selected, GUINT_TO_POINTER (qr_map_get_entity (map, e)->id));
    }

  if (links->stale || links->doc != doc)
    build_index (links, doc);

  const QrEntDefs *defs = qr_document_get_entdefs (doc);
  g_autoptr (GHashTable) pairs = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;
  g_hash_table_iter_init (&iter, selected);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      QrId id = GPOINTER_TO_UINT (key);
      QrVec3 here, there;
      const QrEntity *entity = entity_point (doc, id, &here);
      if (entity == NULL)
        continue;

      g_autoptr (GArray) conns = NULL;
      g_ptr_array_set_size (names, 0);
      names_of (entity, defs, names, &conns);
      for (guint i = 0; i < names->len; i++)
        {
          const GArray *ids = g_hash_table_lookup (links->named, g_ptr_array_index (names, i));
          for (guint k = 0; ids != NULL && k < ids->len; k++)
            {
              QrId other = g_array_index (ids, QrId, k);
              if (entity_point (doc, other, &there) != NULL)
                add_link (out, pairs, id, here, other, there, QR_LINK_OUT);
            }
        }

      const char *targetname = qr_entity_get_key (entity, "targetname");
      const GArray *ids = targetname != NULL ? g_hash_table_lookup (links->naming, targetname) : NULL;
      for (guint k = 0; ids != NULL && k < ids->len; k++)
        {
          QrId other = g_array_index (ids, QrId, k);
          /* A selected entity naming this one lists the line as its own. */
          if (g_hash_table_contains (selected, GUINT_TO_POINTER (other)))
            continue;
          if (entity_point (doc, other, &there) != NULL)
            add_link (out, pairs, other, there, id, here, QR_LINK_IN);
        }
    }
}
