#include "qr-document.h"
#include "qr-patch.h"

#include <glib/gi18n-lib.h>

struct _QrDocument
{
  GObject parent_instance;

  /* owned */
  QrMap *map;
  QrSelection *selection;
  QrCommandStack *stack;
  QrPolyBuilder *builder; /* scratch for the geometry of edited brushes */
  QrTextureSet *textures; /* what the views show for texture names; not undoable */
  QrEntDefs *entdefs;     /* a reference, or NULL; not undoable */
  gboolean texture_lock;
  char *note;             /* what the last operation wants the user to know, or NULL */
  guint64 revision;       /* qr_document_get_revision */
  gint64 current_layer;   /* the _tb_id new objects go into (qr-layer.h); 0: the default; view state */

  /* an open edit session */
  QrEdit *edit;
  QrChangeSet *edit_changes;
  QrSelection *edit_before;
  QrSelection *edit_after;

  /* an open transaction */
  GPtrArray *transaction;   /* QrCommand *, or NULL */
  char *transaction_description;
  QrSelection *transaction_before;
};

G_DEFINE_FINAL_TYPE (QrDocument, qr_document, G_TYPE_OBJECT)
G_DEFINE_QUARK (quarry-edit-error-quark, qr_edit_error)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
qr_document_finalize (GObject *object)
{
  QrDocument *doc = QR_DOCUMENT (object);

  if (doc->edit != NULL)
    qr_document_edit_abort (doc);
  if (doc->transaction != NULL)
    qr_document_cancel_transaction (doc);
  qr_command_stack_free (doc->stack);
  qr_poly_builder_free (doc->builder);
  qr_selection_free (doc->selection);
  qr_map_free (doc->map);
  qr_texture_set_free (doc->textures);
  qr_entdefs_unref (doc->entdefs);
  g_free (doc->note);
  G_OBJECT_CLASS (qr_document_parent_class)->finalize (object);
}

static void
qr_document_class_init (QrDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = qr_document_finalize;

  /**
   * QrDocument::changed:
   * @changes: (type gpointer): the QrChangeSet of the step
   *
   * Emitted once per step: an edit, an undo, a redo, a selection change,
   * and when a transaction commits (history_changed alone).
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

/* Revisions count over every document, so that no two share one. */
static guint64
next_revision (void)
{
  static guint64 last;
  return __atomic_add_fetch (&last, 1, __ATOMIC_RELAXED);
}

static void
qr_document_init (QrDocument *doc)
{
  doc->revision = next_revision ();
  doc->selection = qr_selection_new ();
  doc->stack = qr_command_stack_new ();
  doc->builder = qr_poly_builder_new ();
}

QrPolyBuilder *
qr_document_get_builder (QrDocument *doc)
{
  return doc->builder;
}

/* Loaders may have built the geometry already (in their worker). */
static void
build_missing_geometry (QrMap *map)
{
  bool missing = false;

  for (guint e = 0; e < qr_map_entity_count (map) && !missing; e++)
    for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)) && !missing; b++)
      missing = qr_entity_get_brush (qr_map_get_entity (map, e), b)->poly == NULL;
  if (missing)
    qr_map_build_geometry (map, 0);
}

QrDocument *
qr_document_new (QrMap *map)
{
  QrDocument *doc = g_object_new (QR_TYPE_DOCUMENT, NULL);

  doc->map = map;
  build_missing_geometry (map);
  qr_map_refresh_layers (map, NULL);
  return doc;
}

QrMap *
qr_document_get_map (QrDocument *doc)
{
  return doc->map;
}

const QrSelection *
qr_document_get_selection (QrDocument *doc)
{
  return doc->selection;
}

guint64
qr_document_get_revision (QrDocument *doc)
{
  g_return_val_if_fail (QR_IS_DOCUMENT (doc), 0);
  return doc->revision;
}

static void
emit_changed (QrDocument *doc, QrChangeSet *changes)
{
  if (qr_change_set_is_empty (changes))
    return;
  /* Layer keys live on entities: only their changes can move what a
   * hidden or locked layer holds. */
  if (changes->entities_added->len + changes->entities_removed->len + changes->entities_modified->len > 0)
    qr_map_refresh_layers (doc->map, changes);
  doc->revision = next_revision ();
  g_signal_emit (doc, signals[CHANGED], 0, changes);
}

/* Sets the selection; true when it differs from the current one. */
static bool
replace_selection (QrDocument *doc, const QrSelection *sel)
{
  if (qr_selection_equal (doc->selection, sel))
    return false;
  qr_selection_free (doc->selection);
  doc->selection = qr_selection_copy (sel);
  return true;
}

QrTextureSet *
qr_document_get_textures (QrDocument *doc)
{
  g_return_val_if_fail (QR_IS_DOCUMENT (doc), NULL);
  if (doc->textures == NULL)
    doc->textures = qr_texture_set_new ();
  return doc->textures;
}

void
qr_document_textures_changed (QrDocument *doc)
{
  g_autoptr (QrChangeSet) changes = qr_change_set_new ();

  g_return_if_fail (QR_IS_DOCUMENT (doc));
  changes->textures_changed = true;
  emit_changed (doc, changes);
}

QrEntDefs *
qr_document_get_entdefs (QrDocument *doc)
{
  g_return_val_if_fail (QR_IS_DOCUMENT (doc), NULL);
  return doc->entdefs;
}

void
qr_document_set_entdefs (QrDocument *doc, QrEntDefs *defs)
{
  g_autoptr (QrChangeSet) changes = qr_change_set_new ();

  g_return_if_fail (QR_IS_DOCUMENT (doc));
  if (defs == doc->entdefs)
    return;
  if (defs != NULL)
    qr_entdefs_ref (defs);
  qr_entdefs_unref (doc->entdefs);
  doc->entdefs = defs;
  changes->entdefs_changed = true;
  emit_changed (doc, changes);
}

void
qr_document_set_selection (QrDocument *doc, const QrSelection *sel)
{
  g_autoptr (QrChangeSet) changes = qr_change_set_new ();

  g_return_if_fail (QR_IS_DOCUMENT (doc));
  changes->selection_changed = replace_selection (doc, sel);
  emit_changed (doc, changes);
}

gboolean
qr_document_get_texture_lock (QrDocument *doc)
{
  return doc->texture_lock;
}

void
qr_document_set_texture_lock (QrDocument *doc, gboolean lock)
{
  doc->texture_lock = lock;
}

gboolean
qr_document_can_undo (QrDocument *doc)
{
  return doc->edit == NULL && doc->transaction == NULL && qr_command_stack_can_undo (doc->stack);
}

gboolean
qr_document_can_redo (QrDocument *doc)
{
  return doc->edit == NULL && doc->transaction == NULL && qr_command_stack_can_redo (doc->stack);
}

char *
qr_document_dup_undo_label (QrDocument *doc)
{
  const char *what = qr_command_stack_undo_description (doc->stack);

  /* Translators: %s is the name of an editing step, e.g. "Carve". */
  return what ? g_strdup_printf (_("Undo %s"), what) : NULL;
}

char *
qr_document_dup_redo_label (QrDocument *doc)
{
  const char *what = qr_command_stack_redo_description (doc->stack);

  /* Translators: %s is the name of an editing step, e.g. "Carve". */
  return what ? g_strdup_printf (_("Redo %s"), what) : NULL;
}

gboolean
qr_document_undo (QrDocument *doc)
{
  g_autoptr (QrChangeSet) changes = NULL;
  QrCommand *cmd;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  if (!qr_document_can_undo (doc))
    return FALSE;
  changes = qr_change_set_new ();
  cmd = qr_command_stack_take_undo (doc->stack);
  qr_command_undo (cmd, doc->map, changes);
  changes->selection_changed = replace_selection (doc, cmd->selection_before);
  emit_changed (doc, changes);
  return TRUE;
}

gboolean
qr_document_redo (QrDocument *doc)
{
  g_autoptr (QrChangeSet) changes = NULL;
  QrCommand *cmd;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  if (!qr_document_can_redo (doc))
    return FALSE;
  changes = qr_change_set_new ();
  cmd = qr_command_stack_take_redo (doc->stack);
  qr_command_execute (cmd, doc->map, changes);
  changes->selection_changed = replace_selection (doc, cmd->selection_after);
  emit_changed (doc, changes);
  return TRUE;
}

const QrCommandStack *
qr_document_get_history (QrDocument *doc)
{
  return doc->stack;
}

void
qr_document_jump_to (QrDocument *doc, guint position)
{
  g_return_if_fail (position <= qr_command_stack_history_length (doc->stack));
  while (qr_command_stack_position (doc->stack) > position && qr_document_undo (doc))
    ;
  while (qr_command_stack_position (doc->stack) < position && qr_document_redo (doc))
    ;
}

gboolean
qr_document_is_modified (QrDocument *doc)
{
  return !qr_command_stack_is_clean (doc->stack) || doc->transaction != NULL || doc->edit != NULL;
}

void
qr_document_mark_saved (QrDocument *doc)
{
  qr_command_stack_mark_clean (doc->stack);
}

void
qr_document_mark_unsaved (QrDocument *doc)
{
  g_return_if_fail (QR_IS_DOCUMENT (doc));
  qr_command_stack_forget_clean (doc->stack);
}

void
qr_document_begin_transaction (QrDocument *doc, const char *description)
{
  g_return_if_fail (doc->transaction == NULL && doc->edit == NULL);
  doc->transaction = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_command_free);
  doc->transaction_description = g_strdup (description);
  doc->transaction_before = qr_selection_copy (doc->selection);
}

static void
end_transaction (QrDocument *doc)
{
  g_clear_pointer (&doc->transaction, g_ptr_array_unref);
  g_clear_pointer (&doc->transaction_description, g_free);
  g_clear_pointer (&doc->transaction_before, qr_selection_free);
}

void
qr_document_commit_transaction (QrDocument *doc)
{
  QrCommand *group;

  g_return_if_fail (doc->transaction != NULL && doc->edit == NULL);
  if (doc->transaction->len == 0)
    {
      end_transaction (doc);
      return;
    }
  group = qr_group_command_new (doc->transaction_description, g_steal_pointer (&doc->transaction),
                                g_steal_pointer (&doc->transaction_before),
                                qr_selection_copy (doc->selection));
  end_transaction (doc);
  qr_command_stack_push (doc->stack, group);
  g_autoptr (QrChangeSet) changes = qr_change_set_new ();
  changes->history_changed = true;
  emit_changed (doc, changes);
}

void
qr_document_cancel_transaction (QrDocument *doc)
{
  g_autoptr (QrChangeSet) changes = qr_change_set_new ();

  g_return_if_fail (doc->transaction != NULL && doc->edit == NULL);
  for (guint i = doc->transaction->len; i-- > 0;)
    qr_command_undo (g_ptr_array_index (doc->transaction, i), doc->map, changes);
  changes->selection_changed = replace_selection (doc, doc->transaction_before);
  end_transaction (doc);
  emit_changed (doc, changes);
}

void
qr_document_rollback_last (QrDocument *doc)
{
  g_autoptr (QrChangeSet) changes = qr_change_set_new ();
  QrCommand *last;

  g_return_if_fail (doc->transaction != NULL && doc->edit == NULL);
  if (doc->transaction->len == 0)
    return;
  last = g_ptr_array_steal_index (doc->transaction, doc->transaction->len - 1);
  qr_command_undo (last, doc->map, changes);
  changes->selection_changed = replace_selection (doc, last->selection_before);
  qr_command_free (last);
  emit_changed (doc, changes);
}

gboolean
qr_document_in_transaction (QrDocument *doc)
{
  return doc->transaction != NULL;
}

GArray *
qr_document_dup_selected_brushes (QrDocument *doc)
{
  g_return_val_if_fail (QR_IS_DOCUMENT (doc), NULL);
  const QrSelection *sel = doc->selection;
  GArray *ids = g_array_copy (sel->brushes);
  for (guint i = 0; i < sel->entities->len; i++)
    {
      guint e;
      if (!qr_document_find_entity (doc, g_array_index (sel->entities, QrId, i), &e))
        continue;
      const QrEntity *entity = qr_map_get_entity (doc->map, e);
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        if (!qr_selection_has_brush (sel, qr_entity_get_brush (entity, b)->id))
          g_array_append_val (ids, qr_entity_get_brush (entity, b)->id);
    }
  return ids;
}

const char *
qr_document_get_note (QrDocument *doc)
{
  return doc->note;
}

void
qr_document_set_note (QrDocument *doc, const char *note)
{
  g_free (doc->note);
  doc->note = g_strdup (note);
}

void
qr_document_edit_begin (QrDocument *doc)
{
  g_return_if_fail (doc->edit == NULL);
  g_clear_pointer (&doc->note, g_free);
  doc->edit = qr_edit_new ();
  doc->edit_changes = qr_change_set_new ();
  doc->edit_before = qr_selection_copy (doc->selection);
  doc->edit_after = qr_selection_copy (doc->selection);
}

static void
record (QrDocument *doc, QrOpKind kind, guint entity, guint index, gpointer object)
{
  QrOp op = { kind, entity, index, object };

  g_return_if_fail (doc->edit != NULL);
  qr_op_apply (&op, doc->map, true, doc->edit_changes);
  g_array_append_val (doc->edit->ops, op);
}

void
qr_document_replace_brush (QrDocument *doc, guint entity, guint index, QrBrush *brush)
{
  record (doc, QR_OP_REPLACE_BRUSH, entity, index, brush);
}

void
qr_document_insert_brush (QrDocument *doc, guint entity, guint index, QrBrush *brush)
{
  record (doc, QR_OP_INSERT_BRUSH, entity, index, brush);
}

void
qr_document_remove_brush (QrDocument *doc, guint entity, guint index)
{
  record (doc, QR_OP_REMOVE_BRUSH, entity, index, NULL);
}

void
qr_document_remove_brushes (QrDocument *doc, guint entity, const guint *indexes, guint n)
{
  guint from;

  g_return_if_fail (doc->edit != NULL);
  from = doc->edit->ops->len;
  for (guint i = 0; i < n; i++)
    {
      QrOp op = { QR_OP_REMOVE_BRUSH, entity, indexes[i], NULL };

      g_return_if_fail (i == 0 || indexes[i] < indexes[i - 1]);
      g_array_append_val (doc->edit->ops, op);
    }
  qr_edit_apply_from (doc->edit, from, doc->map, doc->edit_changes);
}

void
qr_document_replace_header (QrDocument *doc, guint entity, QrEntity *header)
{
  g_return_if_fail (qr_entity_brush_count (header) == 0);
  record (doc, QR_OP_SWAP_HEADER, entity, 0, header);
}

void
qr_document_insert_entity (QrDocument *doc, guint index, QrEntity *entity)
{
  record (doc, QR_OP_INSERT_ENTITY, index, 0, entity);
}

void
qr_document_replace_kept (QrDocument *doc, GPtrArray *kept)
{
  record (doc, QR_OP_SWAP_KEPT, 0, 0, kept);
}

void
qr_document_remove_entity (QrDocument *doc, guint index)
{
  record (doc, QR_OP_REMOVE_ENTITY, index, 0, NULL);
}

void
qr_document_edit_select (QrDocument *doc, const QrSelection *after)
{
  g_return_if_fail (doc->edit != NULL);
  qr_selection_free (doc->edit_after);
  doc->edit_after = qr_selection_copy (after);
}

static void
end_edit (QrDocument *doc)
{
  g_clear_pointer (&doc->edit, qr_edit_free);
  g_clear_pointer (&doc->edit_changes, qr_change_set_free);
  g_clear_pointer (&doc->edit_before, qr_selection_free);
  g_clear_pointer (&doc->edit_after, qr_selection_free);
}

void
qr_document_edit_commit (QrDocument *doc, const char *description,
                         QrMergeKind merge, const QrId *ids, guint n_ids)
{
  g_autoptr (QrChangeSet) changes = NULL;
  QrCommand *cmd;

  g_return_if_fail (doc->edit != NULL);
  if (doc->edit->ops->len == 0)
    {
      /* Nothing changed in the map; a new selection is still applied. */
      changes = qr_change_set_new ();
      changes->selection_changed = replace_selection (doc, doc->edit_after);
      end_edit (doc);
      emit_changed (doc, changes);
      return;
    }

  changes = g_steal_pointer (&doc->edit_changes);
  changes->selection_changed = replace_selection (doc, doc->edit_after);
  cmd = qr_edit_command_new (description, g_steal_pointer (&doc->edit),
                             g_steal_pointer (&doc->edit_before), g_steal_pointer (&doc->edit_after));
  qr_command_set_merge (cmd, merge, ids, n_ids);
  end_edit (doc);

  if (doc->transaction != NULL)
    g_ptr_array_add (doc->transaction, cmd);
  else
    qr_command_stack_push (doc->stack, cmd);
  emit_changed (doc, changes);
}

/* Appends what the map hides now, one byte per object in map order
 * (entities, then each one's brushes and patches). */
static void
hidden_states (const QrMap *map, GByteArray *out)
{
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      guint8 b = qr_map_entity_is_hidden (map, entity);

      g_byte_array_append (out, &b, 1);
      for (guint i = 0; i < qr_entity_brush_count (entity); i++)
        {
          b = qr_map_brush_is_hidden (map, entity, qr_entity_get_brush (entity, i));
          g_byte_array_append (out, &b, 1);
        }
      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrPatch *patch = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch;

          b = patch != NULL && qr_map_patch_is_hidden (map, entity, patch->id);
          g_byte_array_append (out, &b, 1);
        }
    }
}

void
qr_document_set_view_filter (QrDocument *doc, unsigned filter)
{
  g_autoptr (GByteArray) before = g_byte_array_new ();
  g_autoptr (GByteArray) after = g_byte_array_new ();
  g_autoptr (QrChangeSet) changes = NULL;
  g_autoptr (QrSelection) sel = NULL;
  QrMap *map;
  guint at = 0;

  g_return_if_fail (QR_IS_DOCUMENT (doc) && doc->edit == NULL);
  map = doc->map;
  if (map->view_filter == filter)
    return;
  hidden_states (map, before);
  map->view_filter = filter;
  hidden_states (map, after);
  changes = qr_change_set_new ();
  sel = qr_selection_copy (doc->selection);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      if (before->data[at] != after->data[at])
        {
          qr_change_set_add (changes->entities_modified, entity->id);
          if (after->data[at])
            qr_selection_remove_entity (sel, entity->id);
        }
      at++;
      for (guint i = 0; i < qr_entity_brush_count (entity); i++, at++)
        if (before->data[at] != after->data[at])
          {
            QrId id = qr_entity_get_brush (entity, i)->id;

            qr_change_set_add (changes->brushes_modified, id);
            if (after->data[at])
              qr_selection_remove_brush (sel, id);
          }
      for (guint k = 0; k < entity->kept->len; k++, at++)
        if (before->data[at] != after->data[at])
          {
            QrId id = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch->id;

            qr_change_set_add (changes->brushes_modified, id);
            if (after->data[at])
              qr_selection_remove_brush (sel, id);
          }
    }
  /* Faces of brushes it hides leave the selection with them. */
  for (guint i = sel->faces->len; i-- > 0;)
    {
      const QrFaceRef *f = &g_array_index (sel->faces, QrFaceRef, i);
      guint e, b;

      if (qr_map_find_brush (map, f->brush, &e, &b)
          && qr_map_brush_is_hidden (map, qr_map_get_entity (map, e), qr_entity_get_brush (qr_map_get_entity (map, e), b)))
        g_array_remove_index (sel->faces, i);
    }
  changes->selection_changed = replace_selection (doc, sel);
  emit_changed (doc, changes);
}

gint64
qr_document_get_current_layer (QrDocument *doc)
{
  QrLayer layer;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), 0);
  /* An undo may have taken the layer away. */
  if (doc->current_layer != 0 && !qr_map_get_layer (doc->map, doc->current_layer, &layer))
    doc->current_layer = 0;
  return doc->current_layer;
}

void
qr_document_set_current_layer (QrDocument *doc, gint64 layer)
{
  g_return_if_fail (QR_IS_DOCUMENT (doc));
  doc->current_layer = layer;
}

unsigned
qr_document_get_view_filter (QrDocument *doc)
{
  g_return_val_if_fail (QR_IS_DOCUMENT (doc), 0);
  return doc->map->view_filter;
}

void
qr_document_set_hidden (QrDocument *doc, QrHidden *hidden, const char *description, const QrSelection *after)
{
  g_autoptr (QrHidden) owned = hidden;
  g_autoptr (QrChangeSet) changes = NULL;
  QrCommand *cmd;

  g_return_if_fail (QR_IS_DOCUMENT (doc) && doc->edit == NULL && after != NULL);
  if (qr_hidden_equal (hidden, doc->map->hidden))
    return;
  changes = qr_change_set_new ();
  cmd = qr_hidden_command_new (description, g_steal_pointer (&owned), qr_selection_copy (doc->selection),
                               qr_selection_copy (after));
  qr_command_execute (cmd, doc->map, changes);
  changes->selection_changed = replace_selection (doc, after);
  if (doc->transaction != NULL)
    g_ptr_array_add (doc->transaction, cmd);
  else
    qr_command_stack_push (doc->stack, cmd);
  emit_changed (doc, changes);
}

void
qr_document_edit_abort (QrDocument *doc)
{
  g_autoptr (QrChangeSet) changes = qr_change_set_new ();

  g_return_if_fail (doc->edit != NULL);
  qr_edit_apply (doc->edit, doc->map, false, changes);
  end_edit (doc);
}

gboolean
qr_document_in_edit (QrDocument *doc)
{
  return doc->edit != NULL;
}

gboolean
qr_document_find_brush (QrDocument *doc, QrId id, guint *entity, guint *index)
{
  return qr_map_find_brush (doc->map, id, entity, index);
}

gboolean
qr_document_find_entity (QrDocument *doc, QrId id, guint *entity)
{
  return qr_map_find_entity (doc->map, id, entity);
}

gboolean
qr_document_find_patch (QrDocument *doc, QrId id, guint *entity, guint *kept)
{
  return qr_map_find_patch (doc->map, id, entity, kept);
}

QrPatch *
qr_document_lookup_patch (QrDocument *doc, QrId id)
{
  guint e, k;

  if (!qr_document_find_patch (doc, id, &e, &k))
    return NULL;
  return ((QrNode *) g_ptr_array_index (qr_map_get_entity (doc->map, e)->kept, k))->patch;
}

QrBrush *
qr_document_lookup_brush (QrDocument *doc, QrId id)
{
  guint e, b;

  if (!qr_document_find_brush (doc, id, &e, &b))
    return NULL;
  return qr_entity_get_brush (qr_map_get_entity (doc->map, e), b);
}

gboolean
qr_document_reload (QrDocument *doc, QrMap *map)
{
  g_autoptr (QrSelection) none = qr_selection_new ();

  g_return_val_if_fail (QR_IS_DOCUMENT (doc) && map != NULL && map != doc->map, FALSE);
  if (doc->edit != NULL || doc->transaction != NULL)
    return FALSE;
  build_missing_geometry (map);
  /* An id the document gave before the reload stays unused after it: the
   * history, the views and the clipboard may still name it. */
  map->next_entity_id = MAX (map->next_entity_id, doc->map->next_entity_id);
  map->next_brush_id = MAX (map->next_brush_id, doc->map->next_brush_id);
  map->next_face_id = MAX (map->next_face_id, doc->map->next_face_id);
  qr_document_edit_begin (doc);
  record (doc, QR_OP_SWAP_MAP, 0, 0, map);
  qr_document_edit_select (doc, none);
  /* Translators: the undo step that replaced the map by the file on disk. */
  qr_document_edit_commit (doc, _("Reload"), QR_MERGE_NONE, NULL, 0);
  qr_document_mark_saved (doc);
  return TRUE;
}
