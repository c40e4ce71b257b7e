/* qr-op-entity.c — placing entities, changing their class and keys, and
 * their Source outputs. Each step swaps whole entity headers
 * (qr_document_replace_header), so undo gives back the keys and blocks
 * exactly as they were. */
#include "qr-operations.h"
#include "qr-op-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>
#include "qr-number.h"

/* Computed coordinates are snapped to integers within QR_EPS_SNAP and
 * written as the shortest decimals, never "-0" (as qr-entity-transform.c
 * writes a moved origin). */
static char *
format_origin (QrVec3 origin)
{
  QrVec3 p = qr_vec3_snap (origin);
  double v[3] = { p.x, p.y, p.z };
  GString *text = g_string_new (NULL);

  for (int i = 0; i < 3; i++)
    {
      if (i > 0)
        g_string_append_c (text, ' ');
      qr_number_append (text, v[i] == 0 ? 0 : v[i]);
    }
  return g_string_free (text, FALSE);
}

/* A flags key's default: the bits whose default is on. */
static guint64
default_flags (const QrPropDef *prop)
{
  guint64 bits = 0;

  for (guint i = 0; prop->choices != NULL && i < prop->choices->len; i++)
    {
      const QrPropChoice *choice = &g_array_index (prop->choices, QrPropChoice, i);

      if (choice->default_on)
        bits |= g_ascii_strtoull (choice->value, NULL, 10);
    }
  return bits;
}

/* The class's defaults for the keys the entity lacks, in definition order;
 * a flags key of no bit and an empty default add nothing (TrenchBroom and
 * Hammer leave those out too). */
static void
add_defaults (QrEntity *entity, const QrEntClass *cls)
{
  for (guint i = 0; cls->props != NULL && i < cls->props->len; i++)
    {
      const QrPropDef *prop = g_ptr_array_index (cls->props, i);

      if (qr_entity_get_key (entity, prop->name) != NULL)
        continue;
      if (prop->type == QR_PROP_FLAGS)
        {
          guint64 bits = default_flags (prop);

          if (bits != 0)
            {
              g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, bits);
              qr_entity_add_key (entity, prop->name, text);
            }
        }
      else if (prop->default_value != NULL && prop->default_value[0] != '\0')
        qr_entity_add_key (entity, prop->name, prop->default_value);
    }
}

static gboolean
check_classname (const char *classname, GError **error)
{
  if (classname == NULL || classname[0] == '\0')
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A class name cannot be empty"));
      return FALSE;
    }
  if (strcmp (classname, "worldspawn") == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("There can be only one world"));
      return FALSE;
    }
  return TRUE;
}

gboolean
qr_op_place_entity (QrDocument *doc, const char *classname, QrVec3 origin, const char *const *keys, guint n_keys,
                    const QrEntClass *cls, QrId *placed, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (QrEntity) entity = NULL;
  g_autoptr (QrSelection) after = qr_selection_new ();
  g_autofree char *origin_text = NULL;

  if (!check_classname (classname, error))
    return FALSE;
  if (!isfinite (origin.x) || !isfinite (origin.y) || !isfinite (origin.z))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The position is not a number"));
      return FALSE;
    }
  if (cls != NULL && cls->kind != QR_ENTCLASS_POINT)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("“%s” is not a point entity class"), cls->name);
      return FALSE;
    }
  for (guint i = 0; i < n_keys; i++)
    if (keys[2 * i] == NULL || keys[2 * i][0] == '\0' || keys[2 * i + 1] == NULL)
      {
        g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A key cannot be empty"));
        return FALSE;
      }

  entity = qr_entity_new (qr_map_take_entity_id (map));
  origin_text = format_origin (origin);
  qr_entity_add_key (entity, "classname", classname);
  qr_entity_add_key (entity, "origin", origin_text);
  /* Keys given win over the class and position, and a key given twice
   * keeps its last value. */
  for (guint i = 0; i < n_keys; i++)
    qr_entity_set_key (entity, keys[2 * i], keys[2 * i + 1]);
  if (cls != NULL)
    add_defaults (entity, cls);
  if (map->kind == QR_FILE_MAP)
    qr_op_tag_layer (entity, qr_document_get_current_layer (doc));

  if (placed != NULL)
    *placed = entity->id;
  qr_selection_add_entity (after, entity->id);
  qr_document_edit_begin (doc);
  qr_document_insert_entity (doc, qr_map_entity_count (map), g_steal_pointer (&entity));
  qr_op_commit (doc, _("Place Entity"), QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

/* The positions of the entities named, each once, in the order named;
 * fails naming the first id that does not exist, or when none is named. */
static GArray *
locate_entities (QrDocument *doc, const QrId *entities, guint n, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) where = g_array_sized_new (FALSE, FALSE, sizeof (guint), n);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);

  if (n == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("No entity is selected"));
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    {
      guint e;

      if (!qr_map_find_entity (map, entities[i], &e))
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("There is no entity %u"), entities[i]);
          return NULL;
        }
      if (g_hash_table_add (seen, GUINT_TO_POINTER (entities[i])))
        g_array_append_val (where, e);
    }
  return g_steal_pointer (&where);
}

/* Swaps in the changed headers (entity positions and headers, in step) as
 * one step that leaves the entities named selected; no step when nothing
 * changed. */
static void
commit_headers (QrDocument *doc, GArray *where, GPtrArray *headers, const QrId *entities, guint n,
                const char *description)
{
  g_autoptr (QrSelection) after = NULL;

  if (headers->len == 0)
    return;
  after = qr_op_selection_of_objects (&(QrObjects) { NULL, 0, entities, n });
  qr_document_edit_begin (doc);
  for (guint i = 0; i < headers->len; i++)
    qr_document_replace_header (doc, g_array_index (where, guint, i), g_steal_pointer (&g_ptr_array_index (headers, i)));
  qr_op_commit (doc, description, QR_MERGE_NONE, NULL, 0, after);
}

gboolean
qr_op_set_class (QrDocument *doc, const QrId *entities, guint n, const char *classname, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) where = NULL;
  g_autoptr (GArray) changed = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GPtrArray) headers = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_entity_free);

  if (!check_classname (classname, error) || !(where = locate_entities (doc, entities, n, error)))
    return FALSE;
  for (guint i = 0; i < where->len; i++)
    {
      guint e = g_array_index (where, guint, i);
      const QrEntity *entity = qr_map_get_entity (map, e);
      QrEntity *header;

      if (qr_entity_is_world (entity))
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The world's class cannot be changed"));
          return FALSE;
        }
      if (g_strcmp0 (qr_entity_get_key (entity, "classname"), classname) == 0)
        continue;
      header = qr_entity_copy_header (entity);
      qr_entity_set_key (header, "classname", classname);
      g_ptr_array_add (headers, header);
      g_array_append_val (changed, e);
    }
  commit_headers (doc, changed, headers, entities, n, _("Change Class"));
  return TRUE;
}

/* Deletes the first `key` (as qr_op_set_key does); false when absent. */
static bool
remove_key (QrEntity *entity, const char *key)
{
  for (guint i = 0; i < entity->keys->len; i++)
    if (strcmp (g_array_index (entity->keys, QrKeyValue, i).key, key) == 0)
      {
        g_array_remove_index (entity->keys, i);
        return true;
      }
  return false;
}

gboolean
qr_op_set_key_many (QrDocument *doc, const QrId *entities, guint n, const char *key, const char *value,
                    GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) where = NULL;
  g_autoptr (GArray) changed = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GPtrArray) headers = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_entity_free);

  if (key == NULL || key[0] == '\0')
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A key cannot be empty"));
      return FALSE;
    }
  if (!(where = locate_entities (doc, entities, n, error)))
    return FALSE;
  for (guint i = 0; i < where->len; i++)
    {
      guint e = g_array_index (where, guint, i);
      const QrEntity *entity = qr_map_get_entity (map, e);
      const char *now = qr_entity_get_key (entity, key);
      QrEntity *header;

      if (value == NULL ? now == NULL : g_strcmp0 (now, value) == 0)
        continue;
      header = qr_entity_copy_header (entity);
      if (value == NULL)
        remove_key (header, key);
      else
        qr_entity_set_key (header, key, value);
      g_ptr_array_add (headers, header);
      g_array_append_val (changed, e);
    }
  commit_headers (doc, changed, headers, entities, n, value != NULL ? _("Set Key") : _("Delete Key"));
  return TRUE;
}

/* What the block could not write so that it reads back the same. */
static gboolean
check_connection (const QrConnection *c, guint i, GError **error)
{
  const char *fields[] = { c->output, c->target, c->input, c->parameter };

  if (c->output == NULL || c->output[0] == '\0')
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Output %u has no name"), i + 1);
      return FALSE;
    }
  for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
    if (fields[f] != NULL && strchr (fields[f], '\x1b') != NULL)
      {
        g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                     _("Output %u holds an escape character, which separates the fields"), i + 1);
        return FALSE;
      }
  if (!isfinite (c->delay) || c->delay < 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Output %u: the delay must be 0 or more seconds"),
                   i + 1);
      return FALSE;
    }
  /* Source counts down to 0 from a positive count; -1 never does. */
  if (c->times == 0 || c->times < -1)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("Output %u: times to fire must be -1 (every time) or a positive count"), i + 1);
      return FALSE;
    }
  return TRUE;
}

gboolean
qr_op_set_connections (QrDocument *doc, QrId entity_id, const QrConnection *conns, guint n, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (QrEntity) header = NULL;
  g_autoptr (QrSelection) after = qr_selection_new ();
  const QrEntity *entity;
  bool same;
  guint e;

  if (!qr_document_find_entity (doc, entity_id, &e))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("There is no entity %u"), entity_id);
      return FALSE;
    }
  if (map->kind != QR_FILE_VMF)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Only Source maps (.vmf) have outputs"));
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    if (!check_connection (&conns[i], i, error))
      return FALSE;

  entity = qr_map_get_entity (map, e);
  header = qr_entity_copy_header (entity);
  qr_entity_set_connections (header, conns, n);
  same = header->kept->len == entity->kept->len;
  for (guint k = 0; same && k < header->kept->len; k++)
    same = qr_node_equal (g_ptr_array_index (header->kept, k), g_ptr_array_index (entity->kept, k));
  if (same)
    return TRUE;

  qr_selection_add_entity (after, entity_id);
  qr_document_edit_begin (doc);
  qr_document_replace_header (doc, e, g_steal_pointer (&header));
  qr_op_commit (doc, _("Edit Outputs"), QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}
