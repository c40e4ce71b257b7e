/* qr-visgroup.c — see qr-visgroup.h. */
#include "qr-visgroup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "qr-map.h"

static void
clear_visgroup (gpointer data)
{
  g_free (((QrVisgroup *) data)->name);
}

/* Hammer writes ids and colours as plain decimal numbers. */
static guint
parse_id (const char *text)
{
  if (text == NULL)
    return 0;
  return (guint) strtoul (text, NULL, 10);
}

static void
read_tree (const QrNode *node, int parent, guint depth, GArray *out)
{
  for (guint i = 0; i < node->n_items; i++)
    {
      const QrNode *child = node->items[i].child;
      QrVisgroup group = { 0 };
      unsigned r = 0, g = 0, b = 0;
      const char *color;

      if (child == NULL || strcmp (node->items[i].key, "visgroup") != 0)
        continue;
      group.name = g_strdup (qr_node_get (child, "name") ? qr_node_get (child, "name") : "");
      group.id = parse_id (qr_node_get (child, "visgroupid"));
      color = qr_node_get (child, "color");
      if (color != NULL && sscanf (color, "%u %u %u", &r, &g, &b) == 3)
        {
          group.color[0] = (guint8) MIN (r, 255);
          group.color[1] = (guint8) MIN (g, 255);
          group.color[2] = (guint8) MIN (b, 255);
        }
      group.parent = parent;
      group.depth = depth;
      g_array_append_val (out, group);
      read_tree (child, (int) out->len - 1, depth + 1, out);
    }
}

static const QrNode *
visgroups_block (const QrMap *map)
{
  for (guint i = 0; i < map->kept->len; i++)
    {
      const QrNode *node = g_ptr_array_index (map->kept, i);
      if (node->raw == NULL && strcmp (node->name, "visgroups") == 0)
        return node;
    }
  return NULL;
}

GArray *
qr_visgroups_read (const QrMap *map)
{
  GArray *groups = g_array_new (FALSE, TRUE, sizeof (QrVisgroup));
  const QrNode *block = visgroups_block (map);

  g_array_set_clear_func (groups, clear_visgroup);
  if (block != NULL)
    read_tree (block, -1, 0, groups);
  return groups;
}

int
qr_visgroups_find_id (const GArray *groups, guint id)
{
  for (guint i = 0; i < groups->len; i++)
    if (g_array_index (groups, QrVisgroup, i).id == id)
      return (int) i;
  return -1;
}

int
qr_visgroups_find_name (const GArray *groups, const char *name)
{
  for (guint i = 0; i < groups->len; i++)
    if (strcmp (g_array_index (groups, QrVisgroup, i).name, name) == 0)
      return (int) i;
  return -1;
}

bool
qr_visgroups_descends (const GArray *groups, int index, int ancestor)
{
  while (index >= 0 && index != ancestor)
    index = g_array_index (groups, QrVisgroup, index).parent;
  return index >= 0;
}

const QrNode *
qr_entity_find_editor (const QrEntity *entity, guint *index)
{
  for (guint k = 0; k < entity->kept->len; k++)
    {
      const QrNode *node = g_ptr_array_index (entity->kept, k);
      if (node->raw == NULL && node->patch == NULL && strcmp (node->name, "editor") == 0)
        {
          if (index != NULL)
            *index = k;
          return node;
        }
    }
  return NULL;
}

const QrNode *
qr_brush_find_editor (const QrBrush *brush)
{
  return brush->extra != NULL && brush->extra->raw == NULL ? qr_node_get_child (brush->extra, "editor") : NULL;
}

bool
qr_editor_names_visgroup (const QrNode *editor, guint id)
{
  for (guint i = 0; editor != NULL && i < editor->n_items; i++)
    {
      const QrNodeItem *it = &editor->items[i];
      if (it->value != NULL && strcmp (it->key, "visgroupid") == 0 && parse_id (it->value) == id)
        return true;
    }
  return false;
}

static guint
max_editor_id (const QrNode *editor, guint max)
{
  for (guint i = 0; editor != NULL && i < editor->n_items; i++)
    if (editor->items[i].value != NULL && strcmp (editor->items[i].key, "visgroupid") == 0)
      max = MAX (max, parse_id (editor->items[i].value));
  return max;
}

guint
qr_visgroups_max_id (const QrMap *map, const GArray *groups)
{
  guint max = 0;

  for (guint i = 0; i < groups->len; i++)
    max = MAX (max, g_array_index (groups, QrVisgroup, i).id);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      max = max_editor_id (qr_entity_find_editor (entity, NULL), max);
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        max = max_editor_id (qr_brush_find_editor (qr_entity_get_brush (entity, b)), max);
    }
  return max;
}

QrVisgroupMembers *
qr_visgroup_members_new (void)
{
  QrVisgroupMembers *members = g_new0 (QrVisgroupMembers, 1);

  members->brushes = g_array_new (FALSE, FALSE, sizeof (QrId));
  members->entities = g_array_new (FALSE, FALSE, sizeof (QrId));
  return members;
}

void
qr_visgroup_members_free (QrVisgroupMembers *members)
{
  if (members == NULL)
    return;
  g_array_unref (members->brushes);
  g_array_unref (members->entities);
  g_free (members);
}

/* Whether the editor block names any of the ids. */
static bool
names_any (const QrNode *editor, const GArray *ids)
{
  for (guint i = 0; editor != NULL && i < ids->len; i++)
    if (qr_editor_names_visgroup (editor, g_array_index (ids, guint, i)))
      return true;
  return false;
}

QrVisgroupMembers *
qr_visgroup_members (const QrMap *map, const GArray *groups, guint id, bool nested)
{
  QrVisgroupMembers *members = qr_visgroup_members_new ();
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint));
  int top = qr_visgroups_find_id (groups, id);

  g_array_append_val (ids, id);
  for (guint i = 0; nested && top >= 0 && i < groups->len; i++)
    if ((int) i != top && qr_visgroups_descends (groups, (int) i, top))
      g_array_append_val (ids, g_array_index (groups, QrVisgroup, i).id);

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      if (!qr_entity_is_world (entity) && names_any (qr_entity_find_editor (entity, NULL), ids))
        {
          g_array_append_val (members->entities, entity->id);
          continue;
        }
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, b);
          if (names_any (qr_brush_find_editor (brush), ids))
            g_array_append_val (members->brushes, brush->id);
        }
    }
  return members;
}

QrVisgroupMembers *
qr_auto_visgroup_members (const QrMap *map, const char *classname)
{
  QrVisgroupMembers *members = qr_visgroup_members_new ();

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      if (classname == NULL && qr_entity_is_world (entity))
        for (guint b = 0; b < qr_entity_brush_count (entity); b++)
          g_array_append_val (members->brushes, qr_entity_get_brush (entity, b)->id);
      else if (classname != NULL && !qr_entity_is_world (entity)
               && strcmp (qr_entity_get_classname (entity), classname) == 0)
        g_array_append_val (members->entities, entity->id);
    }
  return members;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

char **
qr_auto_visgroup_classes (const QrMap *map)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      const char *classname = qr_entity_get_classname (entity);

      if (!qr_entity_is_world (entity) && g_hash_table_add (seen, (gpointer) classname))
        g_ptr_array_add (names, g_strdup (classname));
    }
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_steal (names, NULL);
}

QrVisgroupState
qr_visgroup_members_state (const QrMap *map, const QrVisgroupMembers *members)
{
  guint hidden = 0;

  for (guint i = 0; i < members->brushes->len; i++)
    hidden += qr_hidden_has_brush (map->hidden, g_array_index (members->brushes, QrId, i));
  for (guint i = 0; i < members->entities->len; i++)
    hidden += qr_hidden_has_entity (map->hidden, g_array_index (members->entities, QrId, i));
  if (qr_visgroup_members_count (members) == 0)
    return QR_VISGROUP_EMPTY;
  if (hidden == 0)
    return QR_VISGROUP_SHOWN;
  return hidden == qr_visgroup_members_count (members) ? QR_VISGROUP_HIDDEN : QR_VISGROUP_MIXED;
}
