#include "qr-command.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include "qr-patch.h"

typedef struct
{
  QrCommand parent;
  QrEdit *edit;
} QrEditCommand;

typedef struct
{
  QrCommand parent;
  GPtrArray *commands;
} QrGroupCommand;

typedef struct
{
  QrCommand parent;
  QrHidden *hidden; /* the set not in the map at the moment; owned, or NULL */
} QrHiddenCommand;

static void
command_init (QrCommand *cmd, const QrCommandClass *klass, const char *description,
              QrSelection *before, QrSelection *after)
{
  cmd->klass = klass;
  cmd->description = g_strdup (description);
  cmd->selection_before = before;
  cmd->selection_after = after;
  cmd->merge_ids = g_array_new (FALSE, FALSE, sizeof (QrId));
  cmd->time = g_get_monotonic_time ();
}

static void
command_finalize (QrCommand *cmd)
{
  g_free (cmd->description);
  qr_selection_free (cmd->selection_before);
  qr_selection_free (cmd->selection_after);
  g_array_unref (cmd->merge_ids);
}

static bool
same_ids (const GArray *a, const GArray *b)
{
  return a->len == b->len && (a->len == 0 || memcmp (a->data, b->data, a->len * sizeof (QrId)) == 0);
}

/* Every id of `sub` is in `super` (both sorted). */
static bool
subset_ids (const GArray *sub, const GArray *super)
{
  guint j = 0;

  for (guint i = 0; i < sub->len; i++)
    {
      QrId id = g_array_index (sub, QrId, i);

      while (j < super->len && g_array_index (super, QrId, j) < id)
        j++;
      if (j == super->len || g_array_index (super, QrId, j) != id)
        return false;
    }
  return true;
}

/* The rules of the report's compressible commands: creation + resize of
 * what was created is one "Create …" (once: later resizes stay separate
 * steps); repeated nudges of the same brushes within a second are one,
 * and so are repeated changes to the same texture field of the same faces
 * (a spin button dragged, an arrow key held). */
static bool
may_merge (const QrCommand *self, const QrCommand *next)
{
  if (self->merge_kind == QR_MERGE_CREATE && next->merge_kind == QR_MERGE_RESIZE)
    return next->merge_ids->len > 0 && subset_ids (next->merge_ids, self->merge_ids);
  if (self->merge_kind == next->merge_kind
      && (self->merge_kind == QR_MERGE_NUDGE || self->merge_kind == QR_MERGE_FACE_ATTRS
          || self->merge_kind == QR_MERGE_FACE_NUDGE))
    return same_ids (self->merge_ids, next->merge_ids)
           && next->time - self->time <= QR_MERGE_NUDGE_WINDOW_US;
  if (self->merge_kind == QR_MERGE_STROKE && next->merge_kind == QR_MERGE_STROKE)
    return same_ids (self->merge_ids, next->merge_ids);
  return false;
}

guint
qr_command_new_stroke (void)
{
  static guint last;

  return ++last;
}

static void
edit_execute (QrCommand *self, QrMap *map, QrChangeSet *changes)
{
  qr_edit_apply (((QrEditCommand *) self)->edit, map, true, changes);
}

static void
edit_undo (QrCommand *self, QrMap *map, QrChangeSet *changes)
{
  qr_edit_apply (((QrEditCommand *) self)->edit, map, false, changes);
}

static gboolean
edit_merge (QrCommand *self, QrCommand *next)
{
  QrEditCommand *a = (QrEditCommand *) self;

  if (next->klass != self->klass || !may_merge (self, next))
    return FALSE;
  qr_edit_append (a->edit, ((QrEditCommand *) next)->edit);
  g_clear_pointer (&self->selection_after, qr_selection_free);
  self->selection_after = g_steal_pointer (&next->selection_after);
  self->time = next->time;
  /* A run of texture nudges that both shifted and turned is neither
   * "Shift" nor "Rotate" Texture: name it for what it did as a whole. */
  if (self->merge_kind == QR_MERGE_FACE_NUDGE && g_strcmp0 (self->description, next->description) != 0)
    {
      g_free (self->description);
      self->description = g_strdup (_("Move Texture"));
    }
  /* A creation absorbs one resize; nudges keep merging. */
  if (self->merge_kind == QR_MERGE_CREATE)
    self->merge_kind = QR_MERGE_NONE;
  return TRUE;
}

static void
edit_free (QrCommand *self)
{
  qr_edit_free (((QrEditCommand *) self)->edit);
  command_finalize (self);
  g_free (self);
}

static const QrCommandClass edit_class = { edit_execute, edit_undo, edit_merge, edit_free };

QrCommand *
qr_edit_command_new (const char *description, QrEdit *edit, QrSelection *before, QrSelection *after)
{
  QrEditCommand *cmd = g_new0 (QrEditCommand, 1);

  command_init (&cmd->parent, &edit_class, description, before, after);
  cmd->edit = edit;
  return &cmd->parent;
}

static void
group_execute (QrCommand *self, QrMap *map, QrChangeSet *changes)
{
  GPtrArray *cmds = ((QrGroupCommand *) self)->commands;

  for (guint i = 0; i < cmds->len; i++)
    qr_command_execute (g_ptr_array_index (cmds, i), map, changes);
}

static void
group_undo (QrCommand *self, QrMap *map, QrChangeSet *changes)
{
  GPtrArray *cmds = ((QrGroupCommand *) self)->commands;

  for (guint i = cmds->len; i-- > 0;)
    qr_command_undo (g_ptr_array_index (cmds, i), map, changes);
}

static gboolean
group_merge (QrCommand *self, QrCommand *next)
{
  return FALSE;
}

static void
group_free (QrCommand *self)
{
  g_ptr_array_unref (((QrGroupCommand *) self)->commands);
  command_finalize (self);
  g_free (self);
}

static const QrCommandClass group_class = { group_execute, group_undo, group_merge, group_free };

QrCommand *
qr_group_command_new (const char *description, GPtrArray *commands, QrSelection *before, QrSelection *after)
{
  QrGroupCommand *cmd = g_new0 (QrGroupCommand, 1);

  command_init (&cmd->parent, &group_class, description, before, after);
  cmd->commands = commands;
  g_ptr_array_set_free_func (commands, (GDestroyNotify) qr_command_free);
  /* A transaction of Hide steps alone is one too. */
  cmd->parent.view_only = commands->len > 0;
  for (guint i = 0; i < commands->len; i++)
    cmd->parent.view_only &= ((QrCommand *) g_ptr_array_index (commands, i))->view_only;
  return &cmd->parent;
}

/* Ids in one of the sets (of `a` or `b`, either may be NULL) and not the
 * other, appended to `out`. */
static void
note_toggled (const QrHidden *a, const QrHidden *b, bool entities, GArray *out)
{
  for (int side = 0; side < 2; side++)
    {
      const QrHidden *from = side ? b : a, *other = side ? a : b;
      GHashTableIter iter;
      gpointer key;

      if (from == NULL)
        continue;
      g_hash_table_iter_init (&iter, entities ? from->entities : from->brushes);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        if (other == NULL || !g_hash_table_contains (entities ? other->entities : other->brushes, key))
          qr_change_set_add (out, GPOINTER_TO_UINT (key));
    }
}

static void
hidden_swap (QrCommand *self, QrMap *map, QrChangeSet *changes)
{
  QrHiddenCommand *cmd = (QrHiddenCommand *) self;
  g_autoptr (GArray) entities = g_array_new (FALSE, FALSE, sizeof (QrId));
  QrHidden *held = map->hidden;

  note_toggled (held, cmd->hidden, false, changes->brushes_modified);
  note_toggled (held, cmd->hidden, true, entities);
  map->hidden = cmd->hidden;
  cmd->hidden = held;
  /* An entity's brushes and patches are drawn or not with it. */
  for (guint i = 0; i < entities->len; i++)
    {
      QrId id = g_array_index (entities, QrId, i);
      guint e;

      qr_change_set_add (changes->entities_modified, id);
      if (!qr_map_find_entity (map, id, &e))
        continue;
      const QrEntity *entity = qr_map_get_entity (map, e);
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        qr_change_set_add (changes->brushes_modified, qr_entity_get_brush (entity, b)->id);
      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrNode *node = g_ptr_array_index (entity->kept, k);
          if (node->patch != NULL)
            qr_change_set_add (changes->brushes_modified, node->patch->id);
        }
    }
}

static gboolean
hidden_merge (QrCommand *self, QrCommand *next)
{
  return FALSE;
}

static void
hidden_free (QrCommand *self)
{
  qr_hidden_free (((QrHiddenCommand *) self)->hidden);
  command_finalize (self);
  g_free (self);
}

static const QrCommandClass hidden_class = { hidden_swap, hidden_swap, hidden_merge, hidden_free };

QrCommand *
qr_hidden_command_new (const char *description, QrHidden *other, QrSelection *before, QrSelection *after)
{
  QrHiddenCommand *cmd = g_new0 (QrHiddenCommand, 1);

  command_init (&cmd->parent, &hidden_class, description, before, after);
  cmd->parent.view_only = true;
  cmd->hidden = other;
  return &cmd->parent;
}

void
qr_command_execute (QrCommand *cmd, QrMap *map, QrChangeSet *changes)
{
  cmd->klass->execute (cmd, map, changes);
}

void
qr_command_undo (QrCommand *cmd, QrMap *map, QrChangeSet *changes)
{
  cmd->klass->undo (cmd, map, changes);
}

gboolean
qr_command_merge (QrCommand *cmd, QrCommand *next)
{
  return cmd->klass->merge (cmd, next);
}

void
qr_command_free (QrCommand *cmd)
{
  if (cmd != NULL)
    cmd->klass->free (cmd);
}

static int
compare_ids (gconstpointer a, gconstpointer b)
{
  QrId x = *(const QrId *) a, y = *(const QrId *) b;

  return x < y ? -1 : x > y;
}

void
qr_command_set_merge (QrCommand *cmd, QrMergeKind kind, const QrId *ids, guint n_ids)
{
  cmd->merge_kind = kind;
  g_array_set_size (cmd->merge_ids, 0);
  g_array_append_vals (cmd->merge_ids, ids, n_ids);
  g_array_sort (cmd->merge_ids, compare_ids);
}
