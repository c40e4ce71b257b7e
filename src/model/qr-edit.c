#include "qr-edit.h"
#include "qr-patch.h"

static void
op_clear (gpointer data)
{
  QrOp *op = data;

  if (op->object == NULL)
    return;
  if (op->kind == QR_OP_REPLACE_BRUSH || op->kind == QR_OP_INSERT_BRUSH || op->kind == QR_OP_REMOVE_BRUSH)
    qr_brush_free (op->object);
  else if (op->kind == QR_OP_SWAP_MAP)
    qr_map_free (op->object);
  else if (op->kind == QR_OP_SWAP_KEPT)
    g_ptr_array_unref (op->object);
  else
    qr_entity_free (op->object);
  op->object = NULL;
}

QrEdit *
qr_edit_new (void)
{
  QrEdit *edit = g_new0 (QrEdit, 1);

  edit->ops = g_array_new (FALSE, FALSE, sizeof (QrOp));
  g_array_set_clear_func (edit->ops, op_clear);
  return edit;
}

void
qr_edit_free (QrEdit *edit)
{
  if (edit == NULL)
    return;
  g_array_unref (edit->ops);
  g_free (edit);
}

static void
swap_pointers (gpointer *a, gpointer *b)
{
  gpointer t = *a;

  *a = *b;
  *b = t;
}

/* Patches live in the kept blocks: a header swap adds, removes or changes
 * them. A patch is a value shared by copies, so one that stayed is the same
 * pointer on both sides; ids shared by brushes and patches let the change
 * set list them with the brushes. */
static void
note_patch_changes (const GPtrArray *before, const GPtrArray *after, QrChangeSet *changes)
{
  g_autoptr (GHashTable) old = g_hash_table_new (NULL, NULL);

  for (guint k = 0; k < before->len; k++)
    {
      const QrPatch *p = ((const QrNode *) g_ptr_array_index (before, k))->patch;
      if (p != NULL)
        g_hash_table_insert (old, GUINT_TO_POINTER (p->id), (gpointer) p);
    }
  for (guint k = 0; k < after->len; k++)
    {
      const QrPatch *p = ((const QrNode *) g_ptr_array_index (after, k))->patch;
      const QrPatch *was;

      if (p == NULL)
        continue;
      was = g_hash_table_lookup (old, GUINT_TO_POINTER (p->id));
      if (was == NULL)
        qr_change_set_add (changes->brushes_added, p->id);
      else
        {
          if (was != p)
            qr_change_set_add (changes->brushes_modified, p->id);
          g_hash_table_remove (old, GUINT_TO_POINTER (p->id));
        }
    }
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, old);
  while (g_hash_table_iter_next (&it, &key, NULL))
    qr_change_set_add (changes->brushes_removed, GPOINTER_TO_UINT (key));
}

static void
swap_header (QrEntity *in_map, QrEntity *header)
{
  QrId id = in_map->id;
  uint32_t flags = in_map->flags;
  GArray *keys = in_map->keys;
  GPtrArray *kept = in_map->kept;

  in_map->id = header->id;
  in_map->flags = header->flags;
  in_map->keys = header->keys;
  in_map->kept = header->kept;
  header->id = id;
  header->flags = flags;
  header->keys = keys;
  header->kept = kept;
}

/* Its brushes and patches. */
static void
note_entity_brushes (GArray *ids, const QrEntity *entity)
{
  for (guint i = 0; i < qr_entity_brush_count (entity); i++)
    qr_change_set_add (ids, qr_entity_get_brush (entity, i)->id);
  for (guint k = 0; k < entity->kept->len; k++)
    {
      const QrPatch *p = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch;
      if (p != NULL)
        qr_change_set_add (ids, p->id);
    }
}

/* Every entity and brush (and patch) of the map. */
static void
note_map (const QrMap *map, GArray *entities, GArray *brushes)
{
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      qr_change_set_add (entities, qr_map_get_entity (map, e)->id);
      note_entity_brushes (brushes, qr_map_get_entity (map, e));
    }
}

/* The map's address stays (the document and the views hold it); what it
 * holds trades places with `other`, each side keeping its own id index. */
static void
swap_map (QrMap *map, QrMap *other)
{
  QrMap held = *map;

  *map = *other;
  *other = held;
}

void
qr_op_apply (QrOp *op, QrMap *map, bool forward, QrChangeSet *changes)
{
  QrOpKind kind = op->kind;

  /* Backwards, an insertion is a removal and the other way round. */
  if (!forward && kind == QR_OP_INSERT_BRUSH)
    kind = QR_OP_REMOVE_BRUSH;
  else if (!forward && kind == QR_OP_REMOVE_BRUSH)
    kind = QR_OP_INSERT_BRUSH;
  else if (!forward && kind == QR_OP_INSERT_ENTITY)
    kind = QR_OP_REMOVE_ENTITY;
  else if (!forward && kind == QR_OP_REMOVE_ENTITY)
    kind = QR_OP_INSERT_ENTITY;

  switch (kind)
    {
    case QR_OP_REPLACE_BRUSH:
      {
        QrEntity *e = qr_map_get_entity (map, op->entity);
        gpointer *slot = &g_ptr_array_index (e->brushes, op->brush);
        QrBrush *incoming = op->object;

        if (((QrBrush *) *slot)->id == incoming->id)
          qr_change_set_add (changes->brushes_modified, incoming->id);
        else
          {
            qr_change_set_add (changes->brushes_removed, ((QrBrush *) *slot)->id);
            qr_change_set_add (changes->brushes_added, incoming->id);
          }
        swap_pointers (slot, &op->object);
        qr_map_index_brush_replaced (map, op->entity, op->brush, op->object);
      }
      break;

    case QR_OP_INSERT_BRUSH:
      {
        QrEntity *e = qr_map_get_entity (map, op->entity);

        g_ptr_array_insert (e->brushes, (gint) op->brush, op->object);
        qr_change_set_add (changes->brushes_added, ((QrBrush *) op->object)->id);
        op->object = NULL;
        qr_map_index_brush_inserted (map, op->entity, op->brush);
      }
      break;

    case QR_OP_REMOVE_BRUSH:
      {
        QrEntity *e = qr_map_get_entity (map, op->entity);

        op->object = g_ptr_array_steal_index (e->brushes, op->brush);
        qr_change_set_add (changes->brushes_removed, ((QrBrush *) op->object)->id);
        qr_map_index_brush_removed (map, op->entity, op->brush, op->object);
      }
      break;

    case QR_OP_SWAP_HEADER:
      {
        QrEntity *e = qr_map_get_entity (map, op->entity);

        swap_header (e, op->object);
        qr_change_set_add (changes->entities_modified, e->id);
        note_patch_changes (((QrEntity *) op->object)->kept, e->kept, changes);
        qr_map_index_header_swapped (map, op->entity, op->object);
      }
      break;

    case QR_OP_INSERT_ENTITY:
      g_ptr_array_insert (map->entities, (gint) op->entity, op->object);
      qr_change_set_add (changes->entities_added, ((QrEntity *) op->object)->id);
      note_entity_brushes (changes->brushes_added, op->object);
      op->object = NULL;
      qr_map_index_entity_inserted (map, op->entity);
      break;

    case QR_OP_REMOVE_ENTITY:
      op->object = g_ptr_array_steal_index (map->entities, op->entity);
      qr_change_set_add (changes->entities_removed, ((QrEntity *) op->object)->id);
      note_entity_brushes (changes->brushes_removed, op->object);
      qr_map_index_entity_removed (map, op->entity, op->object);
      break;

    case QR_OP_SWAP_MAP:
      /* Ids may be the same on both sides for different objects: listed as
       * removed and added, each is rebuilt from what the map holds after. */
      note_map (map, changes->entities_removed, changes->brushes_removed);
      swap_map (map, op->object);
      note_map (map, changes->entities_added, changes->brushes_added);
      break;

    case QR_OP_SWAP_KEPT:
      swap_pointers ((gpointer *) &map->kept, &op->object);
      changes->kept_changed = true;
      break;

    default:
      g_assert_not_reached ();
    }
}

/* What the op does in this direction: backwards, an insertion is a
 * removal and the other way round. */
static QrOpKind
effective_kind (const QrOp *op, bool forward)
{
  if (forward)
    return op->kind;
  switch (op->kind)
    {
    case QR_OP_INSERT_BRUSH: return QR_OP_REMOVE_BRUSH;
    case QR_OP_REMOVE_BRUSH: return QR_OP_INSERT_BRUSH;
    case QR_OP_INSERT_ENTITY: return QR_OP_REMOVE_ENTITY;
    case QR_OP_REMOVE_ENTITY: return QR_OP_INSERT_ENTITY;
    default: return op->kind;
    }
}

/* The i-th op of a run read forwards (step 1) or backwards (-1). */
static inline QrOp *
run_op (QrOp *ops, guint i, int step)
{
  return ops + (gssize) i * step;
}

/* Shorter runs go op by op. */
#define RUN_MIN 8

/* The ops at ops[0], ops[step], ops[2 step]… that form one run: the same
 * kind of brush insertion or removal in one entity, insertions at rising
 * places, removals at falling ones (what deleting, pasting and undoing
 * them record), so that no op of the run shifts the place of another. */
static guint
brush_run (QrOp *ops, guint left, int step, bool forward)
{
  QrOpKind kind = effective_kind (ops, forward);
  guint n = 1;

  if (kind != QR_OP_INSERT_BRUSH && kind != QR_OP_REMOVE_BRUSH)
    return 1;
  for (; n < left; n++)
    {
      const QrOp *prev = run_op (ops, n - 1, step), *op = run_op (ops, n, step);

      if (effective_kind (op, forward) != kind || op->entity != ops->entity
          || (kind == QR_OP_INSERT_BRUSH ? op->brush <= prev->brush : op->brush >= prev->brush))
        break;
    }
  return n;
}

/* Applies a run (see brush_run) in one pass over the entity's brushes:
 * one at a time, each insertion or removal moved the brushes after it,
 * and deleting or restoring half of a 100,000-brush world moved them
 * 50,000 times. The map, the change set and the index end as they would
 * op by op. */
static void
apply_brush_run (QrOp *ops, guint n, int step, QrMap *map, bool forward, QrChangeSet *changes)
{
  QrEntity *e = qr_map_get_entity (map, ops->entity);
  GPtrArray *brushes = e->brushes;

  if (effective_kind (ops, forward) == QR_OP_REMOVE_BRUSH)
    {
      guint kept = 0;

      /* Take each out, leaving a hole, then close the holes. */
      for (guint i = 0; i < n; i++)
        {
          QrOp *op = run_op (ops, i, step);

          op->object = g_ptr_array_index (brushes, op->brush);
          g_ptr_array_index (brushes, op->brush) = NULL;
        }
      for (guint r = 0; r < brushes->len; r++)
        if (g_ptr_array_index (brushes, r) != NULL)
          g_ptr_array_index (brushes, kept++) = g_ptr_array_index (brushes, r);
      while (brushes->len > kept)
        g_ptr_array_steal_index (brushes, brushes->len - 1);
      for (guint i = 0; i < n; i++)
        {
          QrOp *op = run_op (ops, i, step);

          qr_change_set_add (changes->brushes_removed, ((QrBrush *) op->object)->id);
          qr_map_index_brush_removed (map, op->entity, op->brush, op->object);
        }
    }
  else
    {
      guint old = brushes->len, r = old;
      guint t = n;

      /* Rising places: each new brush ends at its own place, and the old
       * ones fill the rest in their order; filled from the end. */
      g_ptr_array_set_size (brushes, (gint) (old + n));
      for (guint w = old + n; w-- > 0;)
        {
          QrOp *op = t > 0 ? run_op (ops, t - 1, step) : NULL;

          if (op != NULL && op->brush == w)
            {
              g_ptr_array_index (brushes, w) = op->object;
              t--;
            }
          else
            g_ptr_array_index (brushes, w) = g_ptr_array_index (brushes, --r);
        }
      g_assert (t == 0 && r == 0);
      for (guint i = 0; i < n; i++)
        {
          QrOp *op = run_op (ops, i, step);

          qr_change_set_add (changes->brushes_added, ((QrBrush *) op->object)->id);
          op->object = NULL;
          qr_map_index_brush_inserted (map, op->entity, op->brush);
        }
    }
}

/* Applies ops[from, to) in the order of the direction, runs in one pass. */
static void
apply_range (QrEdit *edit, guint from, guint to, QrMap *map, bool forward, QrChangeSet *changes)
{
  guint len = to - from;
  int step = forward ? 1 : -1;

  for (guint done = 0; done < len;)
    {
      QrOp *op = &g_array_index (edit->ops, QrOp, forward ? from + done : to - 1 - done);
      guint run = brush_run (op, len - done, step, forward);

      if (run >= RUN_MIN)
        {
          apply_brush_run (op, run, step, map, forward, changes);
          done += run;
        }
      else
        {
          qr_op_apply (op, map, forward, changes);
          done++;
        }
    }
}

void
qr_edit_apply (QrEdit *edit, QrMap *map, bool forward, QrChangeSet *changes)
{
  apply_range (edit, 0, edit->ops->len, map, forward, changes);
}

void
qr_edit_apply_from (QrEdit *edit, guint from, QrMap *map, QrChangeSet *changes)
{
  g_return_if_fail (from <= edit->ops->len);
  apply_range (edit, from, edit->ops->len, map, true, changes);
}

static bool
swaps_only (const QrEdit *edit)
{
  for (guint i = 0; i < edit->ops->len; i++)
    {
      QrOpKind kind = g_array_index (edit->ops, QrOp, i).kind;

      if (kind != QR_OP_REPLACE_BRUSH && kind != QR_OP_SWAP_HEADER)
        return false;
    }
  return true;
}

/* A swap's place: its entity, and its brush (G_MAXUINT for a header). */
static guint64
place_of (const QrOp *op)
{
  guint brush = op->kind == QR_OP_SWAP_HEADER ? G_MAXUINT : op->brush;

  return (guint64) op->entity << 32 | brush;
}

static guint
place_hash (gconstpointer key)
{
  guint64 place = *(const guint64 *) key;

  /* g_int64_hash folds only the low half well enough: brush 0 of every
   * entity would collide. */
  return (guint) (place >> 32) * 2654435761u ^ (guint) place;
}

/* When both edits only swap objects in place (no position moves), a swap
 * in `next` of a place `edit` swaps already holds the state in between,
 * which neither undo nor redo needs: `edit`'s swap alone takes the map
 * from the first state to the last and back. Dropping it keeps a long
 * stroke (landscape control points, displacement sculpting, held nudges)
 * at one copy of each object instead of one per dab. */
void
qr_edit_append (QrEdit *edit, QrEdit *next)
{
  if (swaps_only (edit) && swaps_only (next))
    {
      g_autoptr (GHashTable) places = g_hash_table_new_full (place_hash, g_int64_equal, g_free, NULL);

      for (guint i = 0; i < edit->ops->len; i++)
        {
          guint64 place = place_of (&g_array_index (edit->ops, QrOp, i));

          g_hash_table_add (places, g_memdup2 (&place, sizeof place));
        }
      for (guint i = 0; i < next->ops->len; i++)
        {
          QrOp *op = &g_array_index (next->ops, QrOp, i);
          guint64 place = place_of (op);

          if (g_hash_table_contains (places, &place))
            op_clear (op);
          else
            g_array_append_vals (edit->ops, op, 1);
        }
    }
  else
    g_array_append_vals (edit->ops, next->ops->data, next->ops->len);
  /* The objects kept moved with the bytes (the rest were freed): clear
   * without freeing them. */
  g_array_set_clear_func (next->ops, NULL);
  g_array_set_size (next->ops, 0);
  g_array_set_clear_func (next->ops, op_clear);
}
