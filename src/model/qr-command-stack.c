#include "qr-command-stack.h"

QrCommandStack *
qr_command_stack_new (void)
{
  QrCommandStack *stack = g_new0 (QrCommandStack, 1);

  stack->done = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_command_free);
  stack->undone = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_command_free);
  stack->clean = 0;
  return stack;
}

void
qr_command_stack_free (QrCommandStack *stack)
{
  if (stack == NULL)
    return;
  g_ptr_array_unref (stack->done);
  g_ptr_array_unref (stack->undone);
  g_free (stack);
}

/* The commands from history position `from` to `to` (from < to), which
 * are done or to redo, are all view-only. */
static bool
view_only_between (const QrCommandStack *stack, guint from, guint to)
{
  for (guint i = from; i < to; i++)
    {
      const QrCommand *cmd = i < stack->done->len ? g_ptr_array_index (stack->done, i)
                                                  : g_ptr_array_index (stack->undone, stack->undone->len - 1 - (i - stack->done->len));
      if (!cmd->view_only)
        return false;
    }
  return true;
}

bool
qr_command_stack_is_clean (const QrCommandStack *stack)
{
  guint now = stack->done->len;

  if (stack->clean < 0)
    return false;
  if ((guint) stack->clean <= now)
    return view_only_between (stack, stack->clean, now);
  return view_only_between (stack, now, stack->clean);
}

bool
qr_command_stack_push (QrCommandStack *stack, QrCommand *cmd)
{
  bool merged = false;

  if (stack->undone->len > 0)
    {
      /* The clean point was among the discarded redo steps: what is done
       * now is still the saved map when only view-only steps lay between. */
      if (stack->clean > (int) stack->done->len)
        stack->clean = view_only_between (stack, stack->done->len, stack->clean) ? (int) stack->done->len : -1;
      g_ptr_array_set_size (stack->undone, 0);
    }

  if (stack->done->len > 0 && !qr_command_stack_is_clean (stack))
    merged = qr_command_merge (g_ptr_array_index (stack->done, stack->done->len - 1), cmd);
  if (merged)
    qr_command_free (cmd);
  else
    g_ptr_array_add (stack->done, cmd);
  return merged;
}

QrCommand *
qr_command_stack_take_undo (QrCommandStack *stack)
{
  QrCommand *cmd;

  if (stack->done->len == 0)
    return NULL;
  cmd = g_ptr_array_steal_index (stack->done, stack->done->len - 1);
  g_ptr_array_add (stack->undone, cmd);
  return cmd;
}

QrCommand *
qr_command_stack_take_redo (QrCommandStack *stack)
{
  QrCommand *cmd;

  if (stack->undone->len == 0)
    return NULL;
  cmd = g_ptr_array_steal_index (stack->undone, stack->undone->len - 1);
  g_ptr_array_add (stack->done, cmd);
  return cmd;
}

const char *
qr_command_stack_undo_description (const QrCommandStack *stack)
{
  if (stack->done->len == 0)
    return NULL;
  return ((QrCommand *) g_ptr_array_index (stack->done, stack->done->len - 1))->description;
}

const char *
qr_command_stack_redo_description (const QrCommandStack *stack)
{
  if (stack->undone->len == 0)
    return NULL;
  return ((QrCommand *) g_ptr_array_index (stack->undone, stack->undone->len - 1))->description;
}

guint
qr_command_stack_history_length (const QrCommandStack *stack)
{
  return stack->done->len + stack->undone->len;
}

const char *
qr_command_stack_history_description (const QrCommandStack *stack, guint index)
{
  g_return_val_if_fail (index < qr_command_stack_history_length (stack), NULL);
  if (index < stack->done->len)
    return ((QrCommand *) g_ptr_array_index (stack->done, index))->description;
  /* undone holds the next redo last: history order is the reverse. */
  index -= stack->done->len;
  return ((QrCommand *) g_ptr_array_index (stack->undone, stack->undone->len - 1 - index))->description;
}

void
qr_command_stack_mark_clean (QrCommandStack *stack)
{
  stack->clean = (int) stack->done->len;
}

void
qr_command_stack_forget_clean (QrCommandStack *stack)
{
  stack->clean = -1;
}
