/* qr-op-visgroup.c — Hammer's visgroups as document edits (issue 20):
 * the tree is replaced through the map's kept blocks, memberships through
 * brush and entity header replacements, so undo swaps the very nodes back. */
#include "qr-op-private.h"
#include "qr-visgroup-ops.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

static gboolean
refuse_map (QrDocument *doc, GError **error)
{
  if (qr_document_get_map (doc)->kind == QR_FILE_VMF)
    return FALSE;
  g_set_error_literal (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Only Source maps (.vmf) have visgroups"));
  return TRUE;
}

static gboolean
refuse_name (const GArray *groups, const char *name, GError **error)
{
  if (name == NULL || *name == '\0' || strchr (name, '"') != NULL)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("“%s” cannot name a visgroup"),
                   name ? name : "");
      return TRUE;
    }
  if (qr_visgroups_find_name (groups, name) >= 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("There is a visgroup named “%s” already"), name);
      return TRUE;
    }
  return FALSE;
}

static gboolean
refuse_missing (const GArray *groups, guint id, GError **error)
{
  if (qr_visgroups_find_id (groups, id) >= 0)
    return FALSE;
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("There is no visgroup %u"), id);
  return TRUE;
}

/* Changes one editor block: joins visgroup `id` (after "color", "groupid"
 * and the visgroupid lines it has: Hammer's order, as srctools' vmf.py
 * writes it too) or leaves it. True when the block changed. */
static bool
edit_editor (QrNode *editor, guint id, bool join)
{
  g_autofree char *text = g_strdup_printf ("%u", id);
  bool changed = false;
  guint at = 0;

  if (join)
    {
      if (qr_editor_names_visgroup (editor, id))
        return false;
      for (guint i = 0; i < editor->n_items; i++)
        if (editor->items[i].value != NULL
            && (strcmp (editor->items[i].key, "visgroupid") == 0 || strcmp (editor->items[i].key, "color") == 0
                || strcmp (editor->items[i].key, "groupid") == 0))
          at = i + 1;
      qr_node_insert_value (editor, at, "visgroupid", text);
      return true;
    }
  for (guint i = editor->n_items; i-- > 0;)
    if (editor->items[i].value != NULL && strcmp (editor->items[i].key, "visgroupid") == 0
        && strcmp (editor->items[i].value, text) == 0)
      {
        qr_node_remove_item (editor, i);
        changed = true;
      }
  return changed;
}

/* Whether editing `editor` for the ids would change it. */
static bool
would_change (const QrNode *editor, const GArray *ids, bool join)
{
  for (guint i = 0; i < ids->len; i++)
    if (qr_editor_names_visgroup (editor, g_array_index (ids, guint, i)) != join)
      return true;
  return false;
}

static void
edit_ids (QrNode *editor, const GArray *ids, bool join)
{
  for (guint i = 0; i < ids->len; i++)
    edit_editor (editor, g_array_index (ids, guint, i), join);
}

/* In an edit session: the entity at `e` joins or leaves the visgroups. */
static void
change_entity (QrDocument *doc, guint e, const GArray *ids, bool join)
{
  const QrEntity *entity = qr_map_get_entity (qr_document_get_map (doc), e);
  guint k = 0;
  const QrNode *old = qr_entity_find_editor (entity, &k);
  QrEntity *header;
  QrNode *editor;

  if (!would_change (old, ids, join))
    return;
  header = qr_entity_copy_header (entity);
  if (old != NULL)
    editor = qr_node_writable ((QrNode **) &g_ptr_array_index (header->kept, k));
  else
    {
      editor = qr_node_new ("editor");
      editor->anchor = (int) qr_entity_brush_count (entity);
      k = header->kept->len;
      g_ptr_array_add (header->kept, editor);
    }
  edit_ids (editor, ids, join);
  if (editor->n_items == 0)
    g_ptr_array_remove_index (header->kept, k);
  qr_document_replace_header (doc, e, header);
}

/* In an edit session: brush `b` of entity `e` joins or leaves the visgroups
 * by its own solid's editor block. */
static void
change_brush (QrDocument *doc, guint e, guint b, const GArray *ids, bool join)
{
  const QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), e), b);
  QrBrush *copy;
  QrNode *extra, *editor;

  if (!would_change (qr_brush_find_editor (brush), ids, join))
    return;
  copy = qr_brush_copy (brush);
  if (copy->extra == NULL)
    copy->extra = qr_node_new ("solid");
  extra = qr_node_writable (&copy->extra);
  editor = qr_node_get_child (extra, "editor");
  if (editor == NULL)
    {
      editor = qr_node_new ("editor");
      qr_node_add_child (extra, "editor", editor);
    }
  edit_ids (editor, ids, join);
  if (editor->n_items == 0)
    qr_node_remove_child (extra, "editor");
  if (extra->n_items == 0)
    g_clear_pointer (&copy->extra, qr_node_free);
  qr_document_replace_brush (doc, e, b, copy);
}

/* In an edit session: the objects join or leave the visgroups; world
 * brushes by themselves, other brushes with their entity. */
static gboolean
change_objects (QrDocument *doc, const QrObjects *objs, const GArray *ids, bool join, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) brushes = NULL;
  g_autoptr (GArray) patches = NULL;
  g_autoptr (GArray) entities = NULL;
  g_autoptr (GHashTable) done = g_hash_table_new (NULL, NULL);

  if (!qr_op_locate_objects (doc, objs, &brushes, &patches, &entities, error))
    return FALSE;
  for (guint i = 0; i < brushes->len; i++)
    {
      const QrBrushLoc *loc = &g_array_index (brushes, QrBrushLoc, i);

      if (qr_entity_is_world (qr_map_get_entity (map, loc->entity)))
        change_brush (doc, loc->entity, loc->index, ids, join);
      else if (g_hash_table_add (done, GUINT_TO_POINTER (loc->entity + 1)))
        change_entity (doc, loc->entity, ids, join);
    }
  for (guint i = 0; i < entities->len; i++)
    {
      guint e = g_array_index (entities, guint, i);

      if (!qr_entity_is_world (qr_map_get_entity (map, e)) && g_hash_table_add (done, GUINT_TO_POINTER (e + 1)))
        change_entity (doc, e, ids, join);
    }
  return TRUE;
}

/* The map's kept blocks as a new array sharing the nodes, and a writable
 * visgroups block in it (made after versioninfo, where Hammer writes it,
 * when the map has none). */
static QrNode *
writable_block (QrDocument *doc, GPtrArray **kept)
{
  QrMap *map = qr_document_get_map (doc);
  GPtrArray *copy = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_node_free);
  guint at = 0;

  *kept = copy;
  for (guint i = 0; i < map->kept->len; i++)
    g_ptr_array_add (copy, qr_node_ref (g_ptr_array_index (map->kept, i)));
  for (guint i = 0; i < copy->len; i++)
    {
      QrNode *node = g_ptr_array_index (copy, i);

      if (node->raw == NULL && strcmp (node->name, "visgroups") == 0)
        return qr_node_writable ((QrNode **) &g_ptr_array_index (copy, i));
      if (node->anchor == 0 && strcmp (node->name, "versioninfo") == 0)
        at = i + 1;
    }
  QrNode *block = qr_node_new ("visgroups");
  g_ptr_array_insert (copy, (gint) at, block);
  return block;
}

/* The visgroup block with that id under `node`, and its parent and index
 * there. */
static QrNode *
find_group (QrNode *node, guint id, QrNode **parent, guint *index)
{
  g_autofree char *text = g_strdup_printf ("%u", id);

  for (guint i = 0; i < node->n_items; i++)
    {
      QrNode *child = node->items[i].child;
      QrNode *found;

      if (child == NULL || strcmp (node->items[i].key, "visgroup") != 0)
        continue;
      if (g_strcmp0 (qr_node_get (child, "visgroupid"), text) == 0)
        {
          *parent = node;
          *index = i;
          return child;
        }
      if ((found = find_group (child, id, parent, index)) != NULL)
        return found;
    }
  return NULL;
}

/* Distinct colours for ids in a row: hues a golden angle apart. */
static char *
colour_for (guint id)
{
  double h = fmod (id * 0.618033988749895, 1.0) * 6.0;
  double f = h - floor (h);
  double v = 230, p = 60, q = v - (v - p) * f, t = p + (v - p) * f;
  double rgb[6][3] = { { v, t, p }, { q, v, p }, { p, v, t }, { p, q, v }, { t, p, v }, { v, p, q } };
  const double *c = rgb[(int) h % 6];

  return g_strdup_printf ("%d %d %d", (int) lround (c[0]), (int) lround (c[1]), (int) lround (c[2]));
}

static void
commit (QrDocument *doc, const char *description)
{
  g_autoptr (QrSelection) same = qr_selection_copy (qr_document_get_selection (doc));

  qr_op_commit (doc, description, QR_MERGE_NONE, NULL, 0, same);
}

static GArray *
one_id (guint id)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (guint));

  g_array_append_val (ids, id);
  return ids;
}

gboolean
qr_op_visgroup_create (QrDocument *doc, const char *name, const QrObjects *objs, guint *id, GError **error)
{
  QrMap *map;
  g_autoptr (GArray) groups = NULL;
  g_autoptr (GArray) ids = NULL;
  g_autofree char *text = NULL;
  g_autofree char *colour = NULL;
  GPtrArray *kept = NULL;
  QrNode *block, *group;
  guint made;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  map = qr_document_get_map (doc);
  groups = qr_visgroups_read (map);
  if (refuse_map (doc, error) || refuse_name (groups, name, error))
    return FALSE;
  made = qr_visgroups_max_id (map, groups) + 1;
  text = g_strdup_printf ("%u", made);
  colour = colour_for (made);
  ids = one_id (made);

  qr_document_edit_begin (doc);
  if (objs != NULL && objs->n_brushes + objs->n_entities > 0 && !change_objects (doc, objs, ids, true, error))
    {
      qr_document_edit_abort (doc);
      return FALSE;
    }
  block = writable_block (doc, &kept);
  group = qr_node_new ("visgroup");
  qr_node_add_value (group, "name", name);
  qr_node_add_value (group, "visgroupid", text);
  qr_node_add_value (group, "color", colour);
  qr_node_add_child (block, "visgroup", group);
  qr_document_replace_kept (doc, kept);
  /* Translators: the undo step that made a visgroup. */
  commit (doc, _("New Visgroup"));
  if (id != NULL)
    *id = made;
  return TRUE;
}

gboolean
qr_op_visgroup_rename (QrDocument *doc, guint id, const char *name, GError **error)
{
  g_autoptr (GArray) groups = NULL;
  GPtrArray *kept = NULL;
  QrNode *parent = NULL, *group;
  guint index = 0;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  groups = qr_visgroups_read (qr_document_get_map (doc));
  if (refuse_map (doc, error) || refuse_missing (groups, id, error))
    return FALSE;
  if (strcmp (g_array_index (groups, QrVisgroup, qr_visgroups_find_id (groups, id)).name, name) == 0)
    return TRUE;
  if (refuse_name (groups, name, error))
    return FALSE;

  qr_document_edit_begin (doc);
  group = find_group (writable_block (doc, &kept), id, &parent, &index);
  g_assert (group != NULL);
  for (guint i = 0; i < group->n_items; i++)
    if (group->items[i].value != NULL && strcmp (group->items[i].key, "name") == 0)
      {
        g_free (group->items[i].value);
        group->items[i].value = g_strdup (name);
        break;
      }
  if (qr_node_get (group, "name") == NULL)
    qr_node_insert_value (group, 0, "name", name);
  qr_document_replace_kept (doc, kept);
  /* Translators: the undo step that renamed a visgroup. */
  commit (doc, _("Rename Visgroup"));
  return TRUE;
}

gboolean
qr_op_visgroup_delete (QrDocument *doc, guint id, GError **error)
{
  QrMap *map;
  g_autoptr (GArray) groups = NULL;
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint));
  GPtrArray *kept = NULL;
  QrNode *parent = NULL;
  guint index = 0;
  int top;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  map = qr_document_get_map (doc);
  groups = qr_visgroups_read (map);
  if (refuse_map (doc, error) || refuse_missing (groups, id, error))
    return FALSE;
  top = qr_visgroups_find_id (groups, id);
  for (guint i = 0; i < groups->len; i++)
    if (qr_visgroups_descends (groups, (int) i, top))
      g_array_append_val (ids, g_array_index (groups, QrVisgroup, i).id);

  qr_document_edit_begin (doc);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      if (!qr_entity_is_world (entity))
        change_entity (doc, e, ids, false);
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        change_brush (doc, e, b, ids, false);
    }
  find_group (writable_block (doc, &kept), id, &parent, &index);
  g_assert (parent != NULL);
  qr_node_remove_item (parent, index);
  qr_document_replace_kept (doc, kept);
  /* Translators: the undo step that deleted a visgroup. */
  commit (doc, _("Delete Visgroup"));
  return TRUE;
}

gboolean
qr_op_visgroup_move (QrDocument *doc, guint id, guint parent, GError **error)
{
  g_autoptr (GArray) groups = NULL;
  GPtrArray *kept = NULL;
  QrNode *block, *from = NULL, *to, *group, *ignored = NULL;
  guint index = 0, ignored_index = 0;
  int at, under = -1;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  groups = qr_visgroups_read (qr_document_get_map (doc));
  if (refuse_map (doc, error) || refuse_missing (groups, id, error)
      || (parent != 0 && refuse_missing (groups, parent, error)))
    return FALSE;
  at = qr_visgroups_find_id (groups, id);
  if (parent != 0)
    under = qr_visgroups_find_id (groups, parent);
  if (under >= 0 && qr_visgroups_descends (groups, under, at))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A visgroup cannot go into itself or one below it"));
      return FALSE;
    }
  if (g_array_index (groups, QrVisgroup, at).parent == under)
    return TRUE;

  qr_document_edit_begin (doc);
  block = writable_block (doc, &kept);
  group = find_group (block, id, &from, &index);
  to = parent == 0 ? block : find_group (block, parent, &ignored, &ignored_index);
  g_assert (group != NULL && to != NULL);
  /* Last among its new siblings, as Hammer puts a visgroup dropped on another. */
  qr_node_add_child (to, "visgroup", qr_node_copy (group));
  qr_node_remove_item (from, index);
  qr_document_replace_kept (doc, kept);
  /* Translators: the undo step that put a visgroup under another or at the top. */
  commit (doc, _("Move Visgroup"));
  return TRUE;
}

static gboolean
add_or_remove (QrDocument *doc, guint id, const QrObjects *objs, bool join, const char *description,
               GError **error)
{
  g_autoptr (GArray) groups = NULL;
  g_autoptr (GArray) ids = one_id (id);

  g_return_val_if_fail (QR_IS_DOCUMENT (doc) && objs != NULL, FALSE);
  groups = qr_visgroups_read (qr_document_get_map (doc));
  if (refuse_map (doc, error) || refuse_missing (groups, id, error))
    return FALSE;
  if (objs->n_brushes + objs->n_entities == 0)
    {
      g_set_error_literal (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("No objects given"));
      return FALSE;
    }
  qr_document_edit_begin (doc);
  if (!change_objects (doc, objs, ids, join, error))
    {
      qr_document_edit_abort (doc);
      return FALSE;
    }
  commit (doc, description);
  return TRUE;
}

gboolean
qr_op_visgroup_add (QrDocument *doc, guint id, const QrObjects *objs, GError **error)
{
  /* Translators: the undo step that put objects in a visgroup. */
  return add_or_remove (doc, id, objs, true, _("Add to Visgroup"), error);
}

gboolean
qr_op_visgroup_remove (QrDocument *doc, guint id, const QrObjects *objs, GError **error)
{
  /* Translators: the undo step that took objects out of a visgroup. */
  return add_or_remove (doc, id, objs, false, _("Remove from Visgroup"), error);
}

static gboolean
set_members_shown (QrDocument *doc, const QrVisgroupMembers *members, bool shown, GError **error)
{
  QrObjects objs = { (const QrId *) (gpointer) members->brushes->data, members->brushes->len,
                     (const QrId *) (gpointer) members->entities->data, members->entities->len };

  if (qr_visgroup_members_count (members) == 0)
    return TRUE;
  return shown ? qr_op_show (doc, &objs, error) : qr_op_hide (doc, &objs, error);
}

gboolean
qr_op_visgroup_set_shown (QrDocument *doc, guint id, bool shown, GError **error)
{
  QrMap *map;
  g_autoptr (GArray) groups = NULL;
  g_autoptr (QrVisgroupMembers) members = NULL;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  map = qr_document_get_map (doc);
  groups = qr_visgroups_read (map);
  if (refuse_missing (groups, id, error))
    return FALSE;
  members = qr_visgroup_members (map, groups, id, true);
  return set_members_shown (doc, members, shown, error);
}

gboolean
qr_op_auto_visgroup_set_shown (QrDocument *doc, const char *classname, bool shown, GError **error)
{
  g_autoptr (QrVisgroupMembers) members = NULL;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  members = qr_auto_visgroup_members (qr_document_get_map (doc), classname);
  return set_members_shown (doc, members, shown, error);
}
