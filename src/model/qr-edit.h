/* qr-edit.h — the changes of one command, as operations on positions of
 * the map, each holding the object that is not in the map at the moment.
 *
 * Applying an operation swaps its object with the map's (or inserts or
 * removes it), so applying the list backwards restores the very objects
 * that were there before: undo is exact to the bit, and the polytopes the
 * old brushes carry come back with them, with nothing to rebuild.
 * Operations are applied in order, each on the map as the previous ones
 * left it. */
#pragma once

#include <glib.h>
#include "qr-change-set.h"
#include "qr-map.h"

typedef enum
{
  QR_OP_REPLACE_BRUSH, /* object: QrBrush * swapped with entity[e].brushes[b] */
  QR_OP_INSERT_BRUSH,  /* object: the brush to insert at [e][b] (NULL while in the map) */
  QR_OP_REMOVE_BRUSH,  /* object: the removed brush (NULL while in the map) */
  QR_OP_SWAP_HEADER,   /* object: a QrEntity without brushes whose id, flags, keys and kept blocks are swapped with entity[e]'s */
  QR_OP_INSERT_ENTITY, /* object: the entity to insert at [e] (NULL while in the map) */
  QR_OP_REMOVE_ENTITY, /* object: the removed entity (NULL while in the map) */
  QR_OP_SWAP_MAP,      /* object: a QrMap whose whole contents (entities, kept blocks, preamble,
                        * texture names, id counters) are swapped with the map's: a reload */
  QR_OP_SWAP_KEPT,     /* object: a GPtrArray of QrNode references swapped with the map's top-level
                        * kept blocks (visgroups…) */
} QrOpKind;

typedef struct
{
  QrOpKind kind;
  guint entity;
  guint brush;
  gpointer object; /* owned when not NULL */
} QrOp;

typedef struct
{
  GArray *ops; /* QrOp */
} QrEdit;

QrEdit *qr_edit_new (void);
void qr_edit_free (QrEdit *edit);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrEdit, qr_edit_free)

/* Applies one operation to the map and records what changed. `forward`
 * false applies its inverse. */
void qr_op_apply (QrOp *op, QrMap *map, bool forward, QrChangeSet *changes);

/* Applies every operation, in order (forward) or in reverse order (backward). */
void qr_edit_apply (QrEdit *edit, QrMap *map, bool forward, QrChangeSet *changes);
/* Applies, forward, the operations from index `from` on: ops appended but
 * not yet applied (a batch recorded at once). */
void qr_edit_apply_from (QrEdit *edit, guint from, QrMap *map, QrChangeSet *changes);

/* Appends the operations of `next` (which is left empty); when both only
 * swap objects in place, a swap of a place `edit` swaps already is dropped
 * (the state in between is freed): undo and redo stay exact. */
void qr_edit_append (QrEdit *edit, QrEdit *next);
