/* qr-op-layer.c — TrenchBroom's layers as document edits (issue 20): add,
 * rename, delete, move objects, hide, lock, omit from export. Layers are
 * keys and func_group entities (qr-layer.h), so each is a key and brush
 * edit undone by the usual swap. */
#include "qr-op-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include "qr-patch.h"

/* TrenchBroom's order of a layer entity's keys (NodeSerializer::layerProperties). */
static const char *const layer_key_order[] = {
  "classname", "_tb_type", "_tb_name", "_tb_id", QR_TB_SORT_KEY, QR_TB_LOCKED_KEY, QR_TB_HIDDEN_KEY, QR_TB_OMIT_KEY,
};

static int
key_index (const QrEntity *entity, const char *key)
{
  for (guint i = 0; i < entity->keys->len; i++)
    if (strcmp (g_array_index (entity->keys, QrKeyValue, i).key, key) == 0)
      return (int) i;
  return -1;
}

/* Sets key in place, or adds it where TrenchBroom writes it: in a layer
 * entity after the keys that precede it in TrenchBroom's order, elsewhere
 * last (as TrenchBroom's addOrUpdateProperty). */
static void
put_key (QrEntity *entity, const char *key, const char *value)
{
  QrKeyValue kv;
  int after = -1;
  guint rank = 0;

  if (key_index (entity, key) >= 0 || !qr_entity_is_layer (entity))
    {
      qr_entity_set_key (entity, key, value);
      return;
    }
  while (rank < G_N_ELEMENTS (layer_key_order) && strcmp (layer_key_order[rank], key) != 0)
    rank++;
  if (rank == G_N_ELEMENTS (layer_key_order))
    {
      qr_entity_set_key (entity, key, value);
      return;
    }
  for (guint r = 0; r < rank; r++)
    after = MAX (after, key_index (entity, layer_key_order[r]));
  kv.key = g_strdup (key);
  kv.value = g_strdup (value);
  g_array_insert_val (entity->keys, (guint) (after + 1), kv);
}

void
qr_op_tag_layer (QrEntity *entity, gint64 layer)
{
  g_autofree char *text = NULL;

  if (layer == 0)
    {
      qr_entity_remove_key (entity, QR_TB_LAYER_KEY);
      return;
    }
  text = g_strdup_printf ("%" G_GINT64_FORMAT, layer);
  put_key (entity, QR_TB_LAYER_KEY, text);
}

/* Position of the layer's entity (the world's for the default, made when
 * missing, as an edit); false when there is no such layer. */
static bool
layer_entity (QrDocument *doc, gint64 layer, guint *out)
{
  QrMap *map = qr_document_get_map (doc);
  QrLayer found;

  if (layer == 0)
    {
      *out = qr_op_world (doc);
      return true;
    }
  return qr_map_get_layer (map, layer, &found) && qr_map_find_entity (map, found.entity, out);
}

guint
qr_op_brush_home (QrDocument *doc)
{
  guint e;

  if (layer_entity (doc, qr_document_get_current_layer (doc), &e))
    return e;
  return qr_op_world (doc);
}

static gboolean
refuse_vmf (QrDocument *doc, GError **error)
{
  if (qr_document_get_map (doc)->kind != QR_FILE_VMF)
    return FALSE;
  g_set_error_literal (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                       _("Layers are TrenchBroom’s: a VMF has visgroups instead"));
  return TRUE;
}

static gboolean
lookup (QrDocument *doc, gint64 layer, QrLayer *out, GError **error)
{
  if (refuse_vmf (doc, error))
    return FALSE;
  if (qr_map_get_layer (qr_document_get_map (doc), layer, out))
    return TRUE;
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("There is no layer %" G_GINT64_FORMAT), layer);
  return FALSE;
}

static gboolean
refuse_empty_name (const char *name, GError **error)
{
  if (name != NULL && *name != '\0')
    return FALSE;
  g_set_error_literal (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A layer needs a name"));
  return TRUE;
}

gboolean
qr_op_layer_add (QrDocument *doc, const char *name, gint64 *made, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) layers = NULL;
  g_autofree char *id_text = NULL;
  g_autofree char *sort_text = NULL;
  g_autoptr (QrSelection) same = NULL;
  gint64 id, sort = -1;
  QrEntity *entity;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  if (refuse_vmf (doc, error) || refuse_empty_name (name, error))
    return FALSE;
  layers = qr_map_dup_layers (map);
  for (guint i = 1; i < layers->len; i++)
    if (g_array_index (layers, QrLayer, i).sort_index != G_MAXINT64)
      sort = MAX (sort, g_array_index (layers, QrLayer, i).sort_index);
  id = qr_map_next_tb_id (map);
  id_text = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  sort_text = g_strdup_printf ("%" G_GINT64_FORMAT, sort + 1);
  entity = qr_entity_new (qr_map_take_entity_id (map));
  qr_entity_add_key (entity, "classname", "func_group");
  qr_entity_add_key (entity, "_tb_type", "_tb_layer");
  qr_entity_add_key (entity, "_tb_name", name);
  qr_entity_add_key (entity, "_tb_id", id_text);
  qr_entity_add_key (entity, QR_TB_SORT_KEY, sort_text);
  qr_document_edit_begin (doc);
  qr_document_insert_entity (doc, qr_map_entity_count (map), entity);
  same = qr_selection_copy (qr_document_get_selection (doc));
  /* Translators: the undo step that made a new (TrenchBroom) layer. */
  qr_op_commit (doc, _("Add Layer"), QR_MERGE_NONE, NULL, 0, same);
  if (made != NULL)
    *made = id;
  return TRUE;
}

/* Replaces the header of the entity with id `id` by `edit` applied to a copy. */
static void
edit_header (QrDocument *doc, QrId id, void (*edit) (QrEntity *, gpointer), gpointer data)
{
  guint e;
  QrEntity *header;

  if (!qr_document_find_entity (doc, id, &e))
    g_assert_not_reached ();
  header = qr_entity_copy_header (qr_map_get_entity (qr_document_get_map (doc), e));
  edit (header, data);
  qr_document_replace_header (doc, e, header);
}

static void
rename_edit (QrEntity *entity, gpointer name)
{
  qr_entity_set_key (entity, "_tb_name", name);
}

gboolean
qr_op_layer_rename (QrDocument *doc, gint64 layer, const char *name, GError **error)
{
  g_autoptr (QrSelection) same = NULL;
  QrLayer found;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  if (!lookup (doc, layer, &found, error) || refuse_empty_name (name, error))
    return FALSE;
  if (layer == 0)
    {
      g_set_error_literal (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The default layer cannot be renamed"));
      return FALSE;
    }
  if (strcmp (found.name, name) == 0)
    return TRUE;
  qr_document_edit_begin (doc);
  edit_header (doc, found.entity, rename_edit, (gpointer) name);
  same = qr_selection_copy (qr_document_get_selection (doc));
  /* Translators: the undo step that renamed a layer. */
  qr_op_commit (doc, _("Rename Layer"), QR_MERGE_NONE, NULL, 0, same);
  return TRUE;
}

static void
untag_edit (QrEntity *entity, gpointer data)
{
  qr_op_tag_layer (entity, 0);
}

static void
tag_edit (QrEntity *entity, gpointer layer)
{
  qr_op_tag_layer (entity, *(const gint64 *) layer);
}

/* The ids of the entities whose own "_tb_layer" names the layer. */
static GArray *
tagged_entities (QrMap *map, gint64 layer)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (QrId));

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      const char *value = qr_entity_get_key (entity, QR_TB_LAYER_KEY);
      gint64 v;

      if (value != NULL && g_ascii_string_to_signed (value, 10, G_MININT64, G_MAXINT64, &v, NULL) && v == layer
          && !qr_entity_is_layer (entity))
        g_array_append_val (ids, entity->id);
    }
  return ids;
}

gboolean
qr_op_layer_delete (QrDocument *doc, gint64 layer, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) locs = g_array_new (FALSE, FALSE, sizeof (QrBrushLoc));
  g_autoptr (GArray) tagged = NULL;
  g_autoptr (GPtrArray) copies = NULL;
  g_autoptr (QrSelection) same = NULL;
  QrLayer found;
  guint world, e;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  if (!lookup (doc, layer, &found, error))
    return FALSE;
  if (layer == 0)
    {
      g_set_error_literal (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The default layer cannot be deleted"));
      return FALSE;
    }
  qr_document_edit_begin (doc);
  world = qr_op_world (doc);
  tagged = tagged_entities (map, layer);
  for (guint i = 0; i < tagged->len; i++)
    edit_header (doc, g_array_index (tagged, QrId, i), untag_edit, NULL);
  if (!qr_map_find_entity (map, found.entity, &e))
    g_assert_not_reached ();
  for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
    {
      QrBrushLoc loc = { e, b, qr_entity_get_brush (qr_map_get_entity (map, e), b) };
      g_array_append_val (locs, loc);
    }
  copies = qr_op_lift_brushes (doc, locs);
  qr_op_drop_brushes (doc, world, copies);
  /* The world came first or was there already: the layer kept its place. */
  qr_document_remove_entity (doc, e);
  same = qr_selection_copy (qr_document_get_selection (doc));
  /* Translators: the undo step that removed a layer (its objects stay, in the default layer). */
  qr_op_commit (doc, _("Delete Layer"), QR_MERGE_NONE, NULL, 0, same);
  return TRUE;
}

/* The outermost group holding the entity at `e`, or `e` itself. */
static guint
outermost (QrMap *map, guint e)
{
  for (guint depth = 0; depth < qr_map_entity_count (map); depth++)
    {
      const char *group = qr_entity_get_key (qr_map_get_entity (map, e), "_tb_group");
      guint up = e;

      if (group == NULL)
        return e;
      for (guint g = 0; g < qr_map_entity_count (map); g++)
        if (qr_entity_is_tb_group (qr_map_get_entity (map, g))
            && g_strcmp0 (qr_entity_get_key (qr_map_get_entity (map, g), "_tb_id"), group) == 0)
          up = g;
      if (up == e)
        return e;
      e = up;
    }
  return e;
}

static bool
holds_world_brushes (const QrEntity *entity)
{
  return qr_entity_is_world (entity) || qr_entity_is_layer (entity);
}

gboolean
qr_op_layer_move (QrDocument *doc, gint64 layer, const QrObjects *objs, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) brushes = NULL;
  g_autoptr (GArray) patches = NULL;
  g_autoptr (GArray) entities = NULL;
  g_autoptr (GArray) moving = g_array_new (FALSE, FALSE, sizeof (QrBrushLoc));
  g_autoptr (GHashTable) tagging = g_hash_table_new (NULL, NULL); /* entity ids */
  g_autoptr (GPtrArray) copies = NULL;
  g_autoptr (QrSelection) same = NULL;
  g_autofree gint64 *of = NULL;
  GHashTableIter iter;
  gpointer key;
  QrLayer found;
  guint home;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc) && objs != NULL, FALSE);
  if (!lookup (doc, layer, &found, error))
    return FALSE;
  if (objs->n_brushes + objs->n_entities == 0)
    {
      g_set_error_literal (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Nothing to move to the layer"));
      return FALSE;
    }
  qr_document_edit_begin (doc);
  /* The world first: made now, it moves every position found later. */
  if (!layer_entity (doc, layer, &home)
      || !qr_op_locate_objects (doc, objs, &brushes, &patches, &entities, error))
    {
      qr_document_edit_abort (doc);
      return FALSE;
    }
  of = qr_map_dup_entity_layers (map);
  for (guint i = 0; i < entities->len; i++)
    {
      guint e = g_array_index (entities, guint, i);
      const QrEntity *entity = qr_map_get_entity (map, e);

      if (holds_world_brushes (entity))
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                       _("Entity %u holds a layer’s brushes: name the brushes instead"), entity->id);
          qr_document_edit_abort (doc);
          return FALSE;
        }
      e = outermost (map, e);
      if (of[e] != layer)
        g_hash_table_add (tagging, GUINT_TO_POINTER (qr_map_get_entity (map, e)->id));
    }
  for (guint i = 0; i < brushes->len; i++)
    {
      const QrBrushLoc *loc = &g_array_index (brushes, QrBrushLoc, i);
      guint e = loc->entity;

      if (holds_world_brushes (qr_map_get_entity (map, e)))
        {
          if (e != home)
            g_array_append_val (moving, *loc);
          continue;
        }
      e = outermost (map, e);
      if (of[e] != layer)
        g_hash_table_add (tagging, GUINT_TO_POINTER (qr_map_get_entity (map, e)->id));
    }
  g_hash_table_iter_init (&iter, tagging);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    edit_header (doc, GPOINTER_TO_UINT (key), tag_edit, &layer);
  copies = qr_op_lift_brushes (doc, moving);
  qr_op_drop_brushes (doc, home, copies);
  same = qr_selection_copy (qr_document_get_selection (doc));
  /* Translators: the undo step that moved objects into another layer. */
  qr_op_commit (doc, _("Move to Layer"), QR_MERGE_NONE, NULL, 0, same);
  return TRUE;
}

/* `sel` without what the layer holds. */
static QrSelection *
selection_without (QrDocument *doc, const QrSelection *sel, gint64 layer)
{
  QrMap *map = qr_document_get_map (doc);
  g_autofree gint64 *of = qr_map_dup_entity_layers (map);
  QrSelection *after = qr_selection_copy (sel);

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      if (of[e] != layer)
        continue;
      qr_selection_remove_entity (after, entity->id);
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        qr_selection_remove_brush (after, qr_entity_get_brush (entity, b)->id);
      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrNode *node = g_ptr_array_index (entity->kept, k);
          if (node->patch != NULL)
            qr_selection_remove_brush (after, node->patch->id);
        }
    }
  for (guint i = after->faces->len; i-- > 0;)
    {
      guint e, b;

      if (qr_map_find_brush (map, g_array_index (after->faces, QrFaceRef, i).brush, &e, &b) && of[e] == layer)
        g_array_remove_index (after->faces, i);
    }
  return after;
}

typedef struct
{
  const char *key;
  gboolean on;
} FlagEdit;

static void
flag_edit (QrEntity *entity, gpointer data)
{
  const FlagEdit *f = data;

  if (f->on)
    put_key (entity, f->key, "1");
  else
    qr_entity_remove_key (entity, f->key);
}

/* Sets `flag` on each layer to want[i] (the layers as qr_map_dup_layers
 * lists them), deselecting what it hides or locks, as one step named
 * `description`; no step when all are so already. */
static gboolean
set_flags (QrDocument *doc, GArray *layers, QrLayerFlag flag, const bool *want, const char *description,
           GError **error)
{
  static const char *const keys[] = { QR_TB_HIDDEN_KEY, QR_TB_LOCKED_KEY, QR_TB_OMIT_KEY };
  g_autoptr (QrSelection) after = qr_selection_copy (qr_document_get_selection (doc));
  bool any = false;

  for (guint i = 0; i < layers->len; i++)
    {
      const QrLayer *l = &g_array_index (layers, QrLayer, i);
      bool now = flag == QR_LAYER_HIDDEN ? l->hidden : flag == QR_LAYER_LOCKED ? l->locked : l->omit;

      if (now == want[i])
        continue;
      if (l->entity == 0)
        {
          g_set_error_literal (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                               _("The map has no world to keep the default layer’s state"));
          return FALSE;
        }
      any = true;
    }
  if (!any)
    return TRUE;
  qr_document_edit_begin (doc);
  for (guint i = 0; i < layers->len; i++)
    {
      const QrLayer *l = &g_array_index (layers, QrLayer, i);
      bool now = flag == QR_LAYER_HIDDEN ? l->hidden : flag == QR_LAYER_LOCKED ? l->locked : l->omit;
      FlagEdit edit = { keys[flag], want[i] };

      if (now == want[i])
        continue;
      /* What is hidden or locked could be edited unseen or by mistake. */
      if (want[i] && flag != QR_LAYER_OMIT_FROM_EXPORT)
        {
          QrSelection *without = selection_without (doc, after, l->id);
          qr_selection_free (after);
          after = without;
        }
      edit_header (doc, l->entity, flag_edit, &edit);
    }
  qr_op_commit (doc, description, QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

gboolean
qr_op_layer_set_flag (QrDocument *doc, gint64 layer, QrLayerFlag flag, gboolean on, GError **error)
{
  const char *descriptions[2][3] = {
    /* Translators: undo steps of the layers panel. */
    { N_ ("Show Layer"), N_ ("Unlock Layer"), N_ ("Include Layer in Export") },
    { N_ ("Hide Layer"), N_ ("Lock Layer"), N_ ("Omit Layer from Export") },
  };
  g_autoptr (GArray) layers = NULL;
  g_autofree bool *want = NULL;
  QrLayer found;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc) && flag <= QR_LAYER_OMIT_FROM_EXPORT, FALSE);
  if (!lookup (doc, layer, &found, error))
    return FALSE;
  layers = qr_map_dup_layers (qr_document_get_map (doc));
  want = g_new (bool, layers->len);
  for (guint i = 0; i < layers->len; i++)
    {
      const QrLayer *l = &g_array_index (layers, QrLayer, i);
      want[i] = l->id == layer ? on : flag == QR_LAYER_HIDDEN ? l->hidden : flag == QR_LAYER_LOCKED ? l->locked : l->omit;
    }
  return set_flags (doc, layers, flag, want, _(descriptions[on ? 1 : 0][flag]), error);
}

gboolean
qr_op_layer_isolate (QrDocument *doc, gint64 layer, GError **error)
{
  g_autoptr (GArray) layers = NULL;
  g_autofree bool *want = NULL;
  QrLayer found;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  if (!lookup (doc, layer, &found, error))
    return FALSE;
  layers = qr_map_dup_layers (qr_document_get_map (doc));
  want = g_new (bool, layers->len);
  for (guint i = 0; i < layers->len; i++)
    want[i] = g_array_index (layers, QrLayer, i).id != layer;
  /* Translators: the undo step that hid every layer but one. */
  return set_flags (doc, layers, QR_LAYER_HIDDEN, want, _("Isolate Layer"), error);
}

gboolean
qr_op_layers_set_flag_all (QrDocument *doc, QrLayerFlag flag, gboolean on, GError **error)
{
  const char *descriptions[2][2] = {
    /* Translators: undo steps of the layers panel, for every layer at once. */
    { N_ ("Show All Layers"), N_ ("Unlock All Layers") },
    { N_ ("Hide All Layers"), N_ ("Lock All Layers") },
  };
  g_autoptr (GArray) layers = NULL;
  g_autofree bool *want = NULL;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc) && flag <= QR_LAYER_LOCKED, FALSE);
  if (refuse_vmf (doc, error))
    return FALSE;
  layers = qr_map_dup_layers (qr_document_get_map (doc));
  want = g_new (bool, layers->len);
  for (guint i = 0; i < layers->len; i++)
    want[i] = on;
  return set_flags (doc, layers, flag, want, _(descriptions[on ? 1 : 0][flag]), error);
}

static void
sort_edit (QrEntity *entity, gpointer text)
{
  put_key (entity, QR_TB_SORT_KEY, text);
}

gboolean
qr_op_layer_reorder (QrDocument *doc, gint64 layer, int by, GError **error)
{
  g_autoptr (GArray) layers = NULL;
  g_autoptr (QrSelection) same = NULL;
  g_autofree guint *order = NULL;
  g_autofree guint *rest = NULL;
  guint from = 0, to, n;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  if (refuse_vmf (doc, error))
    return FALSE;
  layers = qr_map_dup_layers (qr_document_get_map (doc));
  while (from < layers->len && g_array_index (layers, QrLayer, from).id != layer)
    from++;
  if (from == layers->len)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("There is no layer %" G_GINT64_FORMAT), layer);
      return FALSE;
    }
  if (from == 0)
    {
      g_set_error_literal (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The default layer stays first"));
      return FALSE;
    }
  /* The others in order, the default layer first and fixed. */
  n = layers->len;
  to = (guint) CLAMP ((gint64) from + by, 1, (gint64) n - 1);
  if (to == from)
    return TRUE;
  /* The list without the layer, then with it put back at `to`. */
  order = g_new (guint, n);
  rest = g_new (guint, n - 1);
  for (guint i = 0, k = 0; i < n; i++)
    if (i != from)
      rest[k++] = i;
  for (guint i = 0, r = 0; i < n; i++)
    order[i] = i == to ? from : rest[r++];
  /* Every layer numbered by its place (as TrenchBroom renumbers when it
   * moves one): a file without sort indices, or with equal ones, gets an
   * order that holds. Only indices that change are written. */
  qr_document_edit_begin (doc);
  for (guint k = 1; k < n; k++)
    {
      const QrLayer *l = &g_array_index (layers, QrLayer, order[k]);
      g_autofree char *text = g_strdup_printf ("%u", k - 1);

      if (l->sort_index != (gint64) (k - 1))
        edit_header (doc, l->entity, sort_edit, text);
    }
  same = qr_selection_copy (qr_document_get_selection (doc));
  /* Translators: undo steps that moved a layer in the list. */
  qr_op_commit (doc, by < 0 ? _("Move Layer Up") : _("Move Layer Down"), QR_MERGE_NONE, NULL, 0, same);
  return TRUE;
}

gboolean
qr_op_layer_select_all (QrDocument *doc, gint64 layer, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (QrSelection) sel = qr_selection_new ();
  g_autofree gint64 *of = NULL;
  QrLayer found;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  if (!lookup (doc, layer, &found, error))
    return FALSE;
  of = qr_map_dup_entity_layers (map);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      if (of[e] != layer)
        continue;
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        if (!qr_map_brush_is_hidden (map, entity, qr_entity_get_brush (entity, b)))
          qr_selection_add_brush (sel, qr_entity_get_brush (entity, b)->id);
      if (qr_entity_is_point (entity) && !qr_map_entity_is_hidden (map, entity))
        qr_selection_add_entity (sel, entity->id);
    }
  qr_document_set_selection (doc, sel);
  return TRUE;
}
