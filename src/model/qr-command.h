/* qr-command.h — an undoable step: a plain struct with a class table.
 *
 * The default command (qr_edit_command_new) holds the operations of an edit,
 * which swap objects in and out of the map: undo restores exactly what was
 * there. A group command holds the commands of a transaction. Commands also
 * carry the selection before and after, and what they may merge with:
 * creating a brush and then resizing it, or nudging the same brushes again
 * within a second, make one undo step. */
#pragma once

#include <glib.h>
#include "qr-change-set.h"
#include "qr-edit.h"
#include "qr-hidden.h"
#include "qr-map.h"
#include "qr-selection.h"

typedef struct _QrCommand QrCommand;

typedef struct
{
  void (*execute) (QrCommand *self, QrMap *map, QrChangeSet *changes);
  void (*undo) (QrCommand *self, QrMap *map, QrChangeSet *changes);
  /* Absorbs `next` (executed just after self) when they make one step;
   * returns false and leaves both alone otherwise. */
  gboolean (*merge) (QrCommand *self, QrCommand *next);
  void (*free) (QrCommand *self);
} QrCommandClass;

typedef enum
{
  QR_MERGE_NONE,
  QR_MERGE_CREATE, /* created the brushes in merge_ids: a following resize of them joins it */
  QR_MERGE_RESIZE, /* resized the brushes in merge_ids */
  QR_MERGE_NUDGE,  /* nudged the brushes in merge_ids: another nudge of the same within a second joins it */
  /* set texture attributes of the faces in merge_ids (face ids, and the
   * fields set marked with QR_MERGE_FIELDS_BIT): another setting of the
   * same fields of the same faces within a second joins it */
  QR_MERGE_FACE_ATTRS,
  QR_MERGE_FACE_NUDGE, /* shifted or turned the textures of the faces in merge_ids, likewise */
  QR_MERGE_STROKE,     /* a dab of the stroke numbered merge_ids[0]: later dabs of it join, at any time */
} QrMergeKind;

/* Marks the id that carries a face step's field bits among its face ids. */
#define QR_MERGE_FIELDS_BIT 0x80000000u

/* Nudges of the same selection this close in time make one step. */
#define QR_MERGE_NUDGE_WINDOW_US G_USEC_PER_SEC

struct _QrCommand
{
  const QrCommandClass *klass;
  char *description;            /* translated: "Create Block", "Carve" */
  QrSelection *selection_before;
  QrSelection *selection_after;
  QrMergeKind merge_kind;
  GArray *merge_ids;            /* QrId, sorted */
  gint64 time;                  /* monotonic µs of the last execution or merge */
  bool view_only;               /* changes only what the views show (Hide): undoable, but the
                                 * document is no more modified for it (qr-command-stack.h) */
};

/* Takes ownership of edit and the selections. */
QrCommand *qr_edit_command_new (const char *description, QrEdit *edit,
                                QrSelection *before, QrSelection *after);
/* A transaction: takes ownership of the commands (in execution order). */
QrCommand *qr_group_command_new (const char *description, GPtrArray *commands,
                                 QrSelection *before, QrSelection *after);

/* Swaps the map's hidden set (qr-hidden.h) with `other` (taken; NULL for
 * nothing hidden); undo swaps back. A view-only step. The change set names
 * the objects whose visibility changed as modified (a brush entity's
 * brushes and patches with it), so views rebuild or drop just those. */
QrCommand *qr_hidden_command_new (const char *description, QrHidden *other,
                                  QrSelection *before, QrSelection *after);

void qr_command_execute (QrCommand *cmd, QrMap *map, QrChangeSet *changes);
void qr_command_undo (QrCommand *cmd, QrMap *map, QrChangeSet *changes);
gboolean qr_command_merge (QrCommand *cmd, QrCommand *next);
void qr_command_free (QrCommand *cmd);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrCommand, qr_command_free)

/* A new stroke number (never 0) for QR_MERGE_STROKE: one drag of a sculpt
 * brush or of landscape control points, one undo step. */
guint qr_command_new_stroke (void);

/* Marks what the command may merge with (ids copied and sorted). */
void qr_command_set_merge (QrCommand *cmd, QrMergeKind kind, const QrId *ids, guint n_ids);
