/* qr-command-stack.h — executed and undone commands, and the clean point.
 *
 * As the report's command manager: executing pushes on `done` and clears
 * `undone`; undo moves the top of `done` to `undone`, redo moves it back.
 * The clean point is the number of done commands when the document was
 * saved; it becomes unreachable when the commands after it are discarded.
 * View-only commands (Hide) between the clean point and the present do not
 * make the document modified: they change what is shown, not the map. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-command.h"

typedef struct
{
  GPtrArray *done;   /* QrCommand *, oldest first; owned */
  GPtrArray *undone; /* QrCommand *, the next to redo last; owned */
  int clean;         /* done->len at the clean point, or -1 when unreachable */
} QrCommandStack;

QrCommandStack *qr_command_stack_new (void);
void qr_command_stack_free (QrCommandStack *stack);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrCommandStack, qr_command_stack_free)

/* Records a command that has just been executed: it merges into the top
 * one when their rules allow (never across the clean point) and is freed,
 * or is pushed. Clears the redo stack. Returns true when merged. */
bool qr_command_stack_push (QrCommandStack *stack, QrCommand *cmd);

/* The command to undo (moved to the redo stack), or NULL. */
QrCommand *qr_command_stack_take_undo (QrCommandStack *stack);
/* The command to redo (moved to the undo stack), or NULL. */
QrCommand *qr_command_stack_take_redo (QrCommandStack *stack);

static inline bool
qr_command_stack_can_undo (const QrCommandStack *stack)
{
  return stack->done->len > 0;
}

static inline bool
qr_command_stack_can_redo (const QrCommandStack *stack)
{
  return stack->undone->len > 0;
}

/* Descriptions of the next undo / redo, or NULL. */
const char *qr_command_stack_undo_description (const QrCommandStack *stack);
const char *qr_command_stack_redo_description (const QrCommandStack *stack);

/* The whole history, oldest first: done commands then undone ones. The
 * position is how many of them are done. */
guint qr_command_stack_history_length (const QrCommandStack *stack);
const char *qr_command_stack_history_description (const QrCommandStack *stack, guint index);

static inline guint
qr_command_stack_position (const QrCommandStack *stack)
{
  return stack->done->len;
}

void qr_command_stack_mark_clean (QrCommandStack *stack);
/* No state of the history is the saved one (a document recovered from an
 * autosave differs from its file whatever is undone). */
void qr_command_stack_forget_clean (QrCommandStack *stack);

/* At the clean point, or only view-only commands away from it. */
bool qr_command_stack_is_clean (const QrCommandStack *stack);
