/* Delete, duplicate, tie to an entity and back, group and ungroup, paste:
 * the operations that move brushes between entities. */
#include "qr-entity-transform.h"
#include "qr-op-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include "qr-patch.h"

static bool
has_patches (const QrEntity *entity)
{
  for (guint k = 0; k < entity->kept->len; k++)
    if (((const QrNode *) g_ptr_array_index (entity->kept, k))->patch != NULL)
      return true;
  return false;
}

/* A TrenchBroom id key's value; 0 when missing or not a positive number. */
static gint64
tb_id_key (const QrEntity *entity, const char *key)
{
  const char *value = qr_entity_get_key (entity, key);
  char *end;
  gint64 id;

  if (value == NULL)
    return 0;
  id = g_ascii_strtoll (value, &end, 10);
  return end != value && *end == '\0' && id > 0 ? id : 0;
}

/* The map's TrenchBroom groups by _tb_id (those `only` flags, or all). */
typedef struct
{
  gint64 *ids;         /* per position: its _tb_id, the table's keys */
  GHashTable *by_id;   /* _tb_id → position + 1 */
} TbGroups;

static void
tb_groups_init (TbGroups *groups, const QrMap *map, const bool *only)
{
  guint n = qr_map_entity_count (map);

  groups->ids = g_new0 (gint64, MAX (n, 1));
  groups->by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint e = 0; e < n; e++)
    if ((only == NULL || only[e]) && qr_entity_is_tb_group (qr_map_get_entity (map, e))
        && (groups->ids[e] = tb_id_key (qr_map_get_entity (map, e), "_tb_id")) != 0)
      g_hash_table_insert (groups->by_id, &groups->ids[e], GUINT_TO_POINTER (e + 1));
}

/* The position + 1 of the group `id`, or 0. */
static guint
tb_groups_find (const TbGroups *groups, gint64 id)
{
  return id != 0 ? GPOINTER_TO_UINT (g_hash_table_lookup (groups->by_id, &id)) : 0;
}

static void
tb_groups_clear (TbGroups *groups)
{
  g_clear_pointer (&groups->by_id, g_hash_table_unref);
  g_clear_pointer (&groups->ids, g_free);
}

/* TrenchBroom groups left without brushes (`emptied`, so `doomed`) stay
 * while something that stays is still in them, a point entity or another
 * group: TrenchBroom writes such a group as an entity without brushes. A
 * group kept keeps the group it is in. */
static void
keep_groups_in_use (const QrMap *map, bool *doomed, const bool *emptied)
{
  guint n = qr_map_entity_count (map);
  TbGroups groups;
  bool kept = true;

  tb_groups_init (&groups, map, emptied);
  /* Each pass keeps the groups one level further out. */
  while (kept && g_hash_table_size (groups.by_id) > 0)
    {
      kept = false;
      for (guint e = 0; e < n; e++)
        {
          guint found = doomed[e] ? 0 : tb_groups_find (&groups, tb_id_key (qr_map_get_entity (map, e), "_tb_group"));

          if (found != 0 && doomed[found - 1])
            {
              doomed[found - 1] = false;
              kept = true;
            }
        }
    }
  tb_groups_clear (&groups);
}

/* Removes, highest index first so the rest keep their positions, the
 * entities listed in `named` and the brush entities (never the world nor
 * a layer's) that the brushes at `locs` left empty: without brushes, and
 * without patches, which would go with them, and for a TrenchBroom group,
 * without anything else inside it. */
static void
remove_entities (QrDocument *doc, const GArray *named, const GArray *locs)
{
  QrMap *map = qr_document_get_map (doc);
  guint n = qr_map_entity_count (map);
  g_autofree bool *doomed = g_new0 (bool, n);
  g_autofree bool *emptied = g_new0 (bool, n);
  bool any_group = false;

  for (guint i = 0; named != NULL && i < named->len; i++)
    doomed[g_array_index (named, guint, i)] = true;
  for (guint i = 0; i < locs->len; i++)
    {
      guint e = g_array_index (locs, QrBrushLoc, i).entity;
      QrEntity *entity = qr_map_get_entity (map, e);

      /* A TrenchBroom layer lives on empty, as the world does. */
      if (qr_entity_brush_count (entity) == 0 && !qr_entity_is_world (entity) && !qr_entity_is_layer (entity)
          && !has_patches (entity) && !doomed[e])
        {
          doomed[e] = true;
          emptied[e] = qr_entity_is_tb_group (entity);
          any_group = any_group || emptied[e];
        }
    }
  if (any_group)
    keep_groups_in_use (map, doomed, emptied);
  for (guint e = n; e-- > 0;)
    if (doomed[e])
      qr_document_remove_entity (doc, e);
}

GPtrArray *
qr_op_lift_brushes (QrDocument *doc, GArray *locs)
{
  GPtrArray *copies = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_brush_free);
  g_autoptr (GArray) order = g_array_copy (locs);

  for (guint i = 0; i < locs->len; i++)
    g_ptr_array_add (copies, qr_brush_copy (g_array_index (locs, QrBrushLoc, i).brush));
  qr_op_sort_descending (order);
  for (guint i = 0; i < order->len; i++)
    qr_document_remove_brush (doc, g_array_index (order, QrBrushLoc, i).entity,
                              g_array_index (order, QrBrushLoc, i).index);
  return copies;
}

void
qr_op_drop_brushes (QrDocument *doc, guint entity, GPtrArray *copies)
{
  QrEntity *e = qr_map_get_entity (qr_document_get_map (doc), entity);

  /* The document takes each copy; the array is left holding NULLs. */
  for (guint i = 0; i < copies->len; i++)
    {
      qr_document_insert_brush (doc, entity, qr_entity_brush_count (e), g_ptr_array_index (copies, i));
      g_ptr_array_index (copies, i) = NULL;
    }
}

/* Where each located brush goes back to: the world (made if missing), or
 * its TrenchBroom layer's entity, as TrenchBroom puts a group's children
 * in the group's layer. */
static guint *
world_homes (QrDocument *doc, GArray *locs)
{
  QrMap *map = qr_document_get_map (doc);
  guint before = qr_map_entity_count (map);
  guint world = qr_op_world (doc);
  g_autofree gint64 *of = NULL;
  guint *home = g_new (guint, MAX (locs->len, 1));

  /* A world made just now went in first: every entity moved up one. */
  if (qr_map_entity_count (map) != before)
    for (guint i = 0; i < locs->len; i++)
      g_array_index (locs, QrBrushLoc, i).entity++;
  of = qr_map_dup_entity_layers (map);
  for (guint i = 0; i < locs->len; i++)
    {
      QrLayer layer;
      gint64 id = of[g_array_index (locs, QrBrushLoc, i).entity];

      home[i] = world;
      if (id != 0 && qr_map_get_layer (map, id, &layer))
        qr_map_find_entity (map, layer.entity, &home[i]);
    }
  return home;
}

/* The located brushes go to the end of entity home[i], in their order; the
 * brush entities they leave empty go. */
static void
move_home (QrDocument *doc, GArray *locs, const guint *home)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GPtrArray) copies = qr_op_lift_brushes (doc, locs);

  /* Lifting brushes moved no entity. */
  for (guint i = 0; i < copies->len; i++)
    {
      qr_document_insert_brush (doc, home[i], qr_entity_brush_count (qr_map_get_entity (map, home[i])),
                                g_ptr_array_index (copies, i));
      g_ptr_array_index (copies, i) = NULL;
    }
  remove_entities (doc, NULL, locs);
}

static void
move_to_world (QrDocument *doc, GArray *locs)
{
  g_autofree guint *home = world_homes (doc, locs);

  move_home (doc, locs, home);
}

gboolean
qr_op_delete (QrDocument *doc, const QrId *brushes, guint n_brushes,
              const QrId *entities, guint n_entities, const char *description, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) brush_ids = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GArray) patch_ids = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GArray) locs = NULL;
  g_autoptr (GArray) entity_index = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (QrSelection) after = qr_selection_new ();
  g_autoptr (GArray) order = NULL;

  qr_op_split_patches (doc, brushes, n_brushes, brush_ids, patch_ids);
  locs = qr_op_locate (doc, (const QrId *) (gpointer) brush_ids->data, brush_ids->len, error);
  if (locs == NULL)
    return FALSE;
  if (n_brushes + n_entities == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Nothing to delete"));
      return FALSE;
    }
  for (guint i = 0; i < n_entities; i++)
    {
      guint e;

      if (!qr_document_find_entity (doc, entities[i], &e))
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("There is no entity %u"), entities[i]);
          return FALSE;
        }
      if (qr_entity_is_world (qr_map_get_entity (map, e)))
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The world entity cannot be deleted"));
          return FALSE;
        }
      g_array_append_val (entity_index, e);
    }

  qr_document_edit_begin (doc);
  /* Patches first: header swaps keep every brush and entity where it is. */
  if (!qr_op_edit_patches (doc, patch_ids, NULL, error))
    {
      qr_document_edit_abort (doc);
      return FALSE;
    }
  order = g_array_copy (locs);
  qr_op_sort_descending (order);
  /* Each entity's brushes at once, in falling places as sorted. */
  {
    g_autoptr (GArray) run = g_array_new (FALSE, FALSE, sizeof (guint));

    for (guint i = 0; i < order->len; i++)
      {
        const QrBrushLoc *loc = &g_array_index (order, QrBrushLoc, i);

        g_array_append_val (run, loc->index);
        if (i + 1 == order->len || g_array_index (order, QrBrushLoc, i + 1).entity != loc->entity)
          {
            qr_document_remove_brushes (doc, loc->entity, (const guint *) (gpointer) run->data, run->len);
            g_array_set_size (run, 0);
          }
      }
  }
  remove_entities (doc, entity_index, locs);
  qr_op_commit (doc, description != NULL ? description : _("Delete"), QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

gboolean
qr_op_duplicate (QrDocument *doc, const QrObjects *objs, QrVec3 offset, GError **error)
{
  g_autoptr (GArray) locs = NULL;
  g_autoptr (GArray) patch_ids = NULL;
  g_autoptr (GArray) entities = NULL;
  g_autoptr (GArray) made = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (QrSelection) after = qr_selection_new ();
  g_autoptr (GHashTable) whole = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) whole_patches = g_hash_table_new (NULL, NULL);
  g_autoptr (GArray) single_patches = g_array_new (FALSE, FALSE, sizeof (QrId));
  QrMap *map = qr_document_get_map (doc);
  QrTransform tr = qr_transform_translate (offset);
  bool lock = qr_document_get_texture_lock (doc);
  guint approximate = 0;

  if (objs->n_brushes == 0 && objs->n_entities == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Nothing to duplicate"));
      return FALSE;
    }
  if (!qr_op_locate_objects (doc, objs, &locs, &patch_ids, &entities, error))
    return FALSE;
  qr_document_edit_begin (doc);
  /* A whole entity is copied whole, after the last entity; its patches
   * get fresh ids there. */
  for (guint i = 0; i < entities->len; i++)
    {
      const QrEntity *entity = qr_map_get_entity (map, g_array_index (entities, guint, i));
      QrEntity *copy = qr_entity_copy_header (entity);

      g_hash_table_add (whole, (gpointer) entity);
      copy->id = qr_map_take_entity_id (map);
      copy->flags &= ~(QR_ENTITY_WORLD | QR_ENTITY_IMPLICIT);
      qr_entity_transform (copy, &tr, map->kind);
      for (guint k = 0; k < copy->kept->len; k++)
        {
          QrNode *node = g_ptr_array_index (copy->kept, k);
          if (node->patch == NULL)
            continue;
          /* The copy shares its kept nodes with the entity: take its own. */
          node = qr_node_writable ((QrNode **) &g_ptr_array_index (copy->kept, k));
          g_hash_table_add (whole_patches, GUINT_TO_POINTER (node->patch->id));
          qr_op_adopt_patch (doc, node, &tr);
        }
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          QrBrush *brush = qr_brush_copy (qr_entity_get_brush (entity, b));

          qr_op_renumber (doc, brush);
          if (!qr_op_transform_brush (doc, brush, &tr, lock, &approximate, error))
            {
              qr_brush_free (brush);
              qr_entity_free (copy);
              qr_document_edit_abort (doc);
              return FALSE;
            }
          qr_entity_add_brush (copy, brush);
        }
      qr_selection_add_entity (after, copy->id);
      qr_document_insert_entity (doc, qr_map_entity_count (map), copy);
    }
  for (guint i = 0; i < locs->len; i++)
    {
      QrBrushLoc *loc = &g_array_index (locs, QrBrushLoc, i);
      QrBrush *copy;

      if (g_hash_table_contains (whole, qr_map_get_entity (map, loc->entity)))
        continue;
      copy = qr_brush_copy (loc->brush);
      qr_op_renumber (doc, copy);
      if (!qr_op_transform_brush (doc, copy, &tr, lock, &approximate, error))
        {
          qr_brush_free (copy);
          qr_document_edit_abort (doc);
          return FALSE;
        }
      qr_selection_add_brush (after, copy->id);
      /* At the end of its entity: the positions in `locs` stay valid. */
      qr_document_insert_brush (doc, loc->entity, qr_entity_brush_count (qr_map_get_entity (map, loc->entity)), copy);
    }
  for (guint i = 0; i < patch_ids->len; i++)
    if (!g_hash_table_contains (whole_patches, GUINT_TO_POINTER (g_array_index (patch_ids, QrId, i))))
      g_array_append_val (single_patches, g_array_index (patch_ids, QrId, i));
  qr_op_duplicate_patches (doc, single_patches, &tr, made);
  for (guint i = 0; i < made->len; i++)
    qr_selection_add_brush (after, g_array_index (made, QrId, i));
  qr_op_commit (doc, _("Duplicate"), QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

/* Moves the brushes into a new entity made from `header` (appended). */
static gboolean
move_to_new_entity (QrDocument *doc, const QrId *ids, guint n, QrEntity *header,
                    const char *description, GError **error)
{
  g_autoptr (GArray) locs = qr_op_locate (doc, ids, n, error);
  g_autoptr (GPtrArray) copies = NULL;
  g_autoptr (QrSelection) after = NULL;
  QrMap *map = qr_document_get_map (doc);
  guint target;

  if (locs == NULL)
    {
      qr_entity_free (header);
      return FALSE;
    }
  if (n == 0)
    {
      qr_entity_free (header);
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("No brush is selected"));
      return FALSE;
    }
  /* The new entity stays in the layer its first brush was in; one inside a
   * group is in the group's. */
  if (map->kind == QR_FILE_MAP && qr_entity_get_key (header, "_tb_group") == NULL)
    {
      g_autofree gint64 *of = qr_map_dup_entity_layers (map);
      qr_op_tag_layer (header, of[g_array_index (locs, QrBrushLoc, 0).entity]);
    }
  qr_document_edit_begin (doc);
  target = qr_map_entity_count (map);
  qr_document_insert_entity (doc, target, header);
  copies = qr_op_lift_brushes (doc, locs);
  qr_op_drop_brushes (doc, target, copies);
  remove_entities (doc, NULL, locs);
  after = qr_op_selection_of (ids, n);
  qr_op_commit (doc, description, QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

gboolean
qr_op_tie (QrDocument *doc, const QrId *ids, guint n, const char *classname, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  QrEntity *entity;

  if (classname == NULL || *classname == '\0' || strcmp (classname, "worldspawn") == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("“%s” is not a brush entity class"),
                   classname ? classname : "");
      return FALSE;
    }
  entity = qr_entity_new (qr_map_take_entity_id (map));
  qr_entity_add_key (entity, "classname", classname);
  return move_to_new_entity (doc, ids, n, entity, _("Tie to Entity"), error);
}

gboolean
qr_op_untie (QrDocument *doc, const QrId *ids, guint n, GError **error)
{
  g_autoptr (GArray) locs = qr_op_locate (doc, ids, n, error);
  g_autoptr (GArray) moving = g_array_new (FALSE, FALSE, sizeof (QrBrushLoc));
  g_autoptr (QrSelection) after = NULL;
  QrMap *map = qr_document_get_map (doc);

  if (locs == NULL)
    return FALSE;
  for (guint i = 0; i < locs->len; i++)
    if (!qr_entity_is_world (qr_map_get_entity (map, g_array_index (locs, QrBrushLoc, i).entity)))
      g_array_append_val (moving, g_array_index (locs, QrBrushLoc, i));
  if (moving->len == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The brushes are in the world already"));
      return FALSE;
    }
  qr_document_edit_begin (doc);
  move_to_world (doc, moving);
  after = qr_op_selection_of (ids, n);
  qr_op_commit (doc, _("Move to World"), QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

/* Hammer keeps group membership in the solid's editor block. */
static const char *
vmf_group_of (const QrBrush *brush)
{
  const QrNode *editor = brush->extra ? qr_node_get_child (brush->extra, "editor") : NULL;

  return editor ? qr_node_get (editor, "groupid") : NULL;
}

static void
node_set (QrNode *node, const char *key, const char *value)
{
  for (guint i = 0; i < node->n_items; i++)
    if (node->items[i].value != NULL && strcmp (node->items[i].key, key) == 0)
      {
        g_free (node->items[i].value);
        node->items[i].value = g_strdup (value);
        return;
      }
  qr_node_add_value (node, key, value);
}

static void
node_unset (QrNode *node, const char *key)
{
  for (guint i = 0; i < node->n_items; i++)
    if (node->items[i].value != NULL && strcmp (node->items[i].key, key) == 0)
      {
        g_free (node->items[i].key);
        g_free (node->items[i].value);
        memmove (&node->items[i], &node->items[i + 1], sizeof (QrNodeItem) * (node->n_items - i - 1));
        node->n_items--;
        return;
      }
}

static gboolean
group_vmf (QrDocument *doc, GArray *locs, const char *name, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  QrId group_id = qr_map_take_entity_id (map);
  g_autofree char *gid = g_strdup_printf ("%u", group_id);
  guint world = qr_op_world (doc);
  QrEntity *header = qr_entity_copy_header (qr_map_get_entity (map, world));
  QrNode *group = qr_node_new ("group");
  QrNode *editor = qr_node_new ("editor");

  qr_node_add_value (group, "id", gid);
  qr_node_add_value (editor, "color", "0 100 200");
  qr_node_add_value (editor, "visgroupshown", "1");
  qr_node_add_value (editor, "visgroupautoshown", "1");
  if (name != NULL && *name != '\0')
    qr_node_add_value (editor, "comments", name);
  qr_node_add_child (group, "editor", editor);
  group->anchor = (int) qr_entity_brush_count (qr_map_get_entity (map, world));
  g_ptr_array_add (header->kept, group);
  qr_document_replace_header (doc, world, header);

  for (guint i = 0; i < locs->len; i++)
    {
      QrBrushLoc *loc = &g_array_index (locs, QrBrushLoc, i);
      QrBrush *copy = qr_brush_copy (loc->brush);
      QrNode *ed;

      if (copy->extra == NULL)
        copy->extra = qr_node_new ("solid");
      ed = qr_node_get_child (qr_node_writable (&copy->extra), "editor");
      if (ed == NULL)
        {
          ed = qr_node_new ("editor");
          qr_node_add_value (ed, "color", "0 100 200");
          qr_node_add_value (ed, "visgroupshown", "1");
          qr_node_add_value (ed, "visgroupautoshown", "1");
          qr_node_add_child (copy->extra, "editor", ed);
        }
      node_set (ed, "groupid", gid);
      qr_document_replace_brush (doc, loc->entity, loc->index, copy);
    }
  return TRUE;
}

/* The _tb_id of the TrenchBroom group holding every one of the brushes, or
 * 0; its position in `position`. */
static gint64
common_tb_group (QrMap *map, const QrId *ids, guint n, guint *position)
{
  guint first = G_MAXUINT;

  for (guint i = 0; i < n; i++)
    {
      guint e, b;

      if (!qr_map_find_brush (map, ids[i], &e, &b) || (first != G_MAXUINT && e != first))
        return 0;
      first = e;
    }
  if (first == G_MAXUINT || !qr_entity_is_tb_group (qr_map_get_entity (map, first)))
    return 0;
  *position = first;
  return tb_id_key (qr_map_get_entity (map, first), "_tb_id");
}

/* A whole group grouped: as in TrenchBroom, the new group (`header`, which
 * this takes) holds it, where it was (its layer or enclosing group), and
 * nothing moves. */
static gboolean
wrap_tb_group (QrDocument *doc, guint inner, QrEntity *header, const QrId *ids, guint n)
{
  QrMap *map = qr_document_get_map (doc);
  QrEntity *moved = qr_entity_copy_header (qr_map_get_entity (map, inner));
  const char *where[] = { "_tb_group", QR_TB_LAYER_KEY };

  for (guint k = 0; k < G_N_ELEMENTS (where); k++)
    {
      const char *value = qr_entity_get_key (moved, where[k]);
      if (value != NULL)
        qr_entity_set_key (header, where[k], value);
      qr_entity_remove_key (moved, where[k]);
    }
  qr_entity_set_key (moved, "_tb_group", qr_entity_get_key (header, "_tb_id"));
  qr_document_edit_begin (doc);
  qr_document_replace_header (doc, inner, moved);
  qr_document_insert_entity (doc, qr_map_entity_count (map), header);
  g_autoptr (QrSelection) after = qr_op_selection_of (ids, n);
  qr_op_commit (doc, _("Group"), QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

gboolean
qr_op_group (QrDocument *doc, const QrId *ids, guint n, const char *name, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) locs = NULL;
  g_autoptr (QrSelection) after = NULL;
  QrEntity *group;
  g_autofree char *gid = NULL;

  if (n == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("No brush is selected"));
      return FALSE;
    }
  if (map->kind == QR_FILE_VMF)
    {
      locs = qr_op_locate (doc, ids, n, error);
      if (locs == NULL)
        return FALSE;
      qr_document_edit_begin (doc);
      group_vmf (doc, locs, name, error);
      after = qr_op_selection_of (ids, n);
      qr_op_commit (doc, _("Group"), QR_MERGE_NONE, NULL, 0, after);
      return TRUE;
    }

  group = qr_entity_new (qr_map_take_entity_id (map));
  /* Its own number among the file's layers and groups, not the entity's. */
  gid = g_strdup_printf ("%" G_GINT64_FORMAT, qr_map_next_tb_id (map));
  qr_entity_add_key (group, "classname", "func_group");
  qr_entity_add_key (group, "_tb_type", "_tb_group");
  qr_entity_add_key (group, "_tb_name", name != NULL && *name != '\0' ? name : _("Unnamed"));
  qr_entity_add_key (group, "_tb_id", gid);
  guint inner;
  gint64 parent = common_tb_group (map, ids, n, &inner);
  if (parent != 0 && n == qr_entity_brush_count (qr_map_get_entity (map, inner)))
    return wrap_tb_group (doc, inner, group, ids, n);
  /* Some brushes of one group: the new group goes inside it, as TrenchBroom
   * groups inside the group being edited. */
  if (parent != 0)
    {
      g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, parent);
      qr_entity_add_key (group, "_tb_group", text);
    }
  return move_to_new_entity (doc, ids, n, group, _("Group"), error);
}

/* TrenchBroom's Ungroup of the groups flagged in `dissolved` (by entity
 * position), for what is inside them: it goes into the nearest enclosing
 * group that stays, or else to the layer of the outermost group dissolved,
 * as TrenchBroom leaves it. Rewrites the _tb_group (and _tb_layer) keys of
 * the point entities and groups directly inside; returns, per position,
 * the _tb_id of the group a dissolved group's brushes go into (0: its
 * layer). In an edit session. */
static gint64 *
tb_dissolve (QrDocument *doc, const bool *dissolved)
{
  QrMap *map = qr_document_get_map (doc);
  guint n = qr_map_entity_count (map);
  g_autofree guint *outermost = g_new (guint, n);
  gint64 *into = g_new0 (gint64, n);
  TbGroups groups;

  tb_groups_init (&groups, map, NULL);
  for (guint e = 0; e < n; e++)
    {
      guint at = e;

      if (!dissolved[e])
        continue;
      /* Up through the groups dissolved too; a cycle is cut short. */
      for (guint depth = 0; depth <= n; depth++)
        {
          gint64 up = tb_id_key (qr_map_get_entity (map, at), "_tb_group");
          guint found = tb_groups_find (&groups, up);

          if (found == 0)
            break;
          if (!dissolved[found - 1])
            {
              into[e] = up;
              break;
            }
          at = found - 1;
        }
      outermost[e] = at;
    }
  for (guint e = 0; e < n; e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      guint found = tb_groups_find (&groups, tb_id_key (entity, "_tb_group"));
      QrEntity *header;

      if (dissolved[e] || found == 0 || !dissolved[found - 1])
        continue;
      header = qr_entity_copy_header (entity);
      if (into[found - 1] != 0)
        {
          g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, into[found - 1]);
          qr_entity_set_key (header, "_tb_group", text);
        }
      else
        {
          qr_entity_remove_key (header, "_tb_group");
          qr_op_tag_layer (header, tb_id_key (qr_map_get_entity (map, outermost[found - 1]), QR_TB_LAYER_KEY));
        }
      qr_document_replace_header (doc, e, header);
    }
  tb_groups_clear (&groups);
  return into;
}

gboolean
qr_op_ungroup (QrDocument *doc, const QrId *ids, guint n, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) locs = qr_op_locate (doc, ids, n, error);
  g_autoptr (QrSelection) after = NULL;

  if (locs == NULL)
    return FALSE;
  after = qr_op_selection_of (ids, n);

  if (map->kind == QR_FILE_VMF)
    {
      g_autoptr (GPtrArray) groups = g_ptr_array_new_with_free_func (g_free);

      for (guint i = 0; i < locs->len; i++)
        {
          const char *gid = vmf_group_of (g_array_index (locs, QrBrushLoc, i).brush);

          if (gid != NULL && !g_ptr_array_find_with_equal_func (groups, gid, g_str_equal, NULL))
            g_ptr_array_add (groups, g_strdup (gid));
        }
      if (groups->len == 0)
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The brushes are not in a group"));
          return FALSE;
        }
      qr_document_edit_begin (doc);
      /* Every member of those groups leaves them, selected or not. */
      for (guint e = 0; e < qr_map_entity_count (map); e++)
        {
          QrEntity *entity = qr_map_get_entity (map, e);

          for (guint b = 0; b < qr_entity_brush_count (entity); b++)
            {
              const char *gid = vmf_group_of (qr_entity_get_brush (entity, b));
              QrBrush *copy;

              if (gid == NULL || !g_ptr_array_find_with_equal_func (groups, gid, g_str_equal, NULL))
                continue;
              copy = qr_brush_copy (qr_entity_get_brush (entity, b));
              node_unset (qr_node_get_child (qr_node_writable (&copy->extra), "editor"), "groupid");
              qr_document_replace_brush (doc, e, b, copy);
            }
          if (qr_entity_is_world (entity))
            {
              QrEntity *header = qr_entity_copy_header (entity);
              guint before = header->kept->len;

              for (guint k = header->kept->len; k-- > 0;)
                {
                  QrNode *node = g_ptr_array_index (header->kept, k);
                  const char *id = qr_node_get (node, "id");

                  if (strcmp (node->name, "group") == 0 && id != NULL
                      && g_ptr_array_find_with_equal_func (groups, id, g_str_equal, NULL))
                    g_ptr_array_remove_index (header->kept, k);
                }
              if (header->kept->len != before)
                qr_document_replace_header (doc, e, header);
              else
                qr_entity_free (header);
            }
        }
      qr_op_commit (doc, _("Ungroup"), QR_MERGE_NONE, NULL, 0, after);
      return TRUE;
    }

  {
    g_autoptr (GArray) members = g_array_new (FALSE, FALSE, sizeof (QrBrushLoc));
    g_autofree bool *grouped = g_new0 (bool, qr_map_entity_count (map));

    for (guint i = 0; i < locs->len; i++)
      {
        guint e = g_array_index (locs, QrBrushLoc, i).entity;
        grouped[e] = qr_entity_is_tb_group (qr_map_get_entity (map, e));
      }
    /* Every brush of those groups leaves them. */
    for (guint e = 0; e < qr_map_entity_count (map); e++)
      if (grouped[e])
        for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
          {
            QrBrushLoc loc = { e, b, qr_entity_get_brush (qr_map_get_entity (map, e), b) };
            g_array_append_val (members, loc);
          }
    if (members->len == 0)
      {
        g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The brushes are not in a group"));
        return FALSE;
      }
    qr_document_edit_begin (doc);
    g_autofree gint64 *into = tb_dissolve (doc, grouped);
    g_autofree gint64 *member_into = g_new0 (gint64, members->len);
    for (guint i = 0; i < members->len; i++)
      member_into[i] = into[g_array_index (members, QrBrushLoc, i).entity];
    /* (world_homes may put a world first, moving every entity.) */
    g_autofree guint *home = world_homes (doc, members);
    TbGroups groups;
    tb_groups_init (&groups, map, NULL);
    for (guint i = 0; i < members->len; i++)
      {
        guint found = tb_groups_find (&groups, member_into[i]);
        if (found != 0)
          home[i] = found - 1;
      }
    tb_groups_clear (&groups);
    move_home (doc, members, home);
    qr_op_commit (doc, _("Ungroup"), QR_MERGE_NONE, NULL, 0, after);
    return TRUE;
  }
}

/* A brush from another map, with this map's texture indices and new ids. */
static QrBrush *
adopt_brush (QrDocument *doc, const QrMap *from, const QrBrush *brush)
{
  QrMap *map = qr_document_get_map (doc);
  QrBrush *copy = qr_brush_copy (brush);

  qr_op_renumber (doc, copy);
  for (int f = 0; f < copy->n_faces; f++)
    copy->faces[f].texture = qr_map_intern_texture (map, qr_map_texture_name (from, brush->faces[f].texture), -1);
  return copy;
}

gboolean
qr_op_add_map (QrDocument *doc, QrMap *from_map, QrVec3 offset, const char *description, GError **error)
{
  g_autoptr (QrMap) from = from_map;
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (QrSelection) after = qr_selection_new ();
  QrTransform tr = qr_transform_translate (offset);
  bool move = offset.x != 0 || offset.y != 0 || offset.z != 0;
  guint approximate = 0;
  guint world;

  if (qr_map_count_brushes (from) == 0 && qr_map_entity_count (from) == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("There is nothing to paste"));
      return FALSE;
    }
  qr_document_edit_begin (doc);
  world = qr_op_brush_home (doc);
  for (guint e = 0; e < qr_map_entity_count (from); e++)
    {
      QrEntity *src = qr_map_get_entity (from, e);
      guint target = world;

      if (!qr_entity_is_world (src))
        {
          QrEntity *copy = qr_entity_copy_header (src);

          copy->id = qr_map_take_entity_id (map);
          copy->flags &= ~(QR_ENTITY_WORLD | QR_ENTITY_IMPLICIT);
          /* Into the current layer, as new objects go; a grouped one follows its group. */
          if (map->kind == QR_FILE_MAP && qr_entity_get_key (copy, "_tb_group") == NULL && !qr_entity_is_layer (copy))
            qr_op_tag_layer (copy, qr_document_get_current_layer (doc));
          if (move)
            qr_entity_transform (copy, &tr, map->kind);
          for (guint k = 0; k < copy->kept->len; k++)
            {
              QrNode *node = g_ptr_array_index (copy->kept, k);
              if (node->patch == NULL)
                continue;
              node = qr_node_writable ((QrNode **) &g_ptr_array_index (copy->kept, k));
              qr_op_adopt_patch (doc, node, move ? &tr : NULL);
              qr_selection_add_brush (after, node->patch->id);
            }
          target = qr_map_entity_count (map);
          qr_document_insert_entity (doc, target, copy);
          qr_selection_add_entity (after, copy->id);
        }
      for (guint b = 0; b < qr_entity_brush_count (src); b++)
        {
          QrBrush *brush = adopt_brush (doc, from, qr_entity_get_brush (src, b));
          QrEntity *dest = qr_map_get_entity (map, target);
          bool ok = move ? qr_op_transform_brush (doc, brush, &tr, qr_document_get_texture_lock (doc),
                                                  &approximate, error)
                         : (qr_brush_build (brush, qr_document_get_builder (doc)), true);

          if (!ok)
            {
              qr_brush_free (brush);
              qr_document_edit_abort (doc);
              return FALSE;
            }
          qr_selection_add_brush (after, brush->id);
          qr_document_insert_brush (doc, target, qr_entity_brush_count (dest), brush);
        }
      /* A world's patches join the world, after everything in it. */
      if (target == world && has_patches (src))
        {
          QrEntity *dest = qr_map_get_entity (map, world);
          QrEntity *header = qr_entity_copy_header (dest);

          for (guint k = 0; k < src->kept->len; k++)
            {
              const QrNode *node = g_ptr_array_index (src->kept, k);
              QrNode *copy;
              if (node->patch == NULL)
                continue;
              copy = qr_node_copy (node);
              qr_op_adopt_patch (doc, copy, move ? &tr : NULL);
              copy->anchor = (int) qr_entity_brush_count (dest);
              g_ptr_array_add (header->kept, copy);
              qr_selection_add_brush (after, copy->patch->id);
            }
          qr_document_replace_header (doc, world, header);
        }
    }
  qr_op_commit (doc, description, QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}
