/* qr-compile-run.c — a compile profile's steps as subprocesses, one after
 * another, their output read line by line without blocking the caller. */
#include "qr-compile-run.h"

#include <string.h>
#include "qr-io.h"

typedef struct
{
  char *name;
  char **argv; /* the program, then its arguments, expanded */
  char *cwd;   /* expanded */
  int index;   /* in the profile */
} Planned;

struct _QrCompileRun
{
  int refs; /* the owner's, and one per pending asynchronous call */
  gboolean freed;  /* the owner let go: no more callbacks */
  gboolean running;
  gboolean cancelled;
  GPtrArray *planned; /* Planned * */
  guint next;
  GSubprocess *process;
  GDataInputStream *lines;
  GCancellable *cancellable;
  QrCompileCallbacks callbacks;
  gpointer data;
};

static void
planned_free (Planned *p)
{
  g_free (p->name);
  g_strfreev (p->argv);
  g_free (p->cwd);
  g_free (p);
}

static QrCompileRun *
run_ref (QrCompileRun *run)
{
  run->refs++;
  return run;
}

static void
run_unref (QrCompileRun *run)
{
  if (--run->refs > 0)
    return;
  g_ptr_array_unref (run->planned);
  g_clear_object (&run->process);
  g_clear_object (&run->lines);
  g_clear_object (&run->cancellable);
  g_free (run);
}

static void start_next (QrCompileRun *run);

/* The command line as a shell would take it back: words quoted only where
 * they need it. */
static char *
quote_command (char **argv)
{
  GString *line = g_string_new (NULL);

  for (guint i = 0; argv[i] != NULL; i++)
    {
      g_autofree char *quoted = argv[i][0] == '\0' || strpbrk (argv[i], " \t\"'\\$*?;&|<>()") != NULL
                                    ? g_shell_quote (argv[i])
                                    : g_strdup (argv[i]);

      g_string_append_printf (line, "%s%s", i > 0 ? " " : "", quoted);
    }
  return g_string_free (line, FALSE);
}

static void
finish (QrCompileRun *run, gboolean ok)
{
  run->running = FALSE;
  g_clear_object (&run->process);
  g_clear_object (&run->lines);
  if (!run->freed && run->callbacks.finished != NULL)
    run->callbacks.finished (ok && !run->cancelled, run->cancelled, run->data);
}

static void
on_waited (GObject *source, GAsyncResult *result, gpointer user_data)
{
  QrCompileRun *run = user_data;
  GSubprocess *process = G_SUBPROCESS (source);
  const Planned *p = g_ptr_array_index (run->planned, run->next);
  g_autofree char *problem = NULL;
  int status = -1;

  g_subprocess_wait_finish (process, result, NULL);
  if (g_subprocess_get_if_exited (process))
    {
      status = g_subprocess_get_exit_status (process);
      if (status != 0)
        problem = g_strdup_printf ("%s exited with status %d", p->name, status);
    }
  else if (g_subprocess_get_if_signaled (process))
    problem = g_strdup_printf (run->cancelled ? "%s was stopped" : "%s was killed by signal %d", p->name,
                               g_subprocess_get_term_sig (process));
  if (!run->freed && run->callbacks.step_done != NULL)
    run->callbacks.step_done (p->index, status, problem, run->data);
  if (status != 0 || run->cancelled)
    finish (run, FALSE);
  else
    {
      run->next++;
      start_next (run);
    }
  run_unref (run);
}

static void
on_line (GObject *source, GAsyncResult *result, gpointer user_data)
{
  QrCompileRun *run = user_data;
  gsize len;
  g_autoptr (GError) error = NULL;
  g_autofree char *line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source), result, &len, &error);

  if (line != NULL)
    {
      g_autofree char *valid = g_utf8_make_valid (line, (gssize) len);
      gsize n = strlen (valid);

      /* Windows-made tools end lines with \r\n. */
      if (n > 0 && valid[n - 1] == '\r')
        valid[n - 1] = '\0';
      if (!run->freed && run->callbacks.output != NULL)
        run->callbacks.output (valid, run->data);
      g_data_input_stream_read_line_async (run->lines, G_PRIORITY_DEFAULT, run->cancellable, on_line, run);
      return;
    }
  /* The end of its output (or a stop): what the process exited with. */
  g_subprocess_wait_async (run->process, NULL, on_waited, run);
}

static void
start_next (QrCompileRun *run)
{
  const Planned *p;
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *command = NULL;

  if (run->cancelled || run->next >= run->planned->len)
    {
      finish (run, !run->cancelled);
      return;
    }
  p = g_ptr_array_index (run->planned, run->next);
  command = quote_command (p->argv);
  if (!run->freed && run->callbacks.step_started != NULL)
    run->callbacks.step_started (p->index, p->name, command, run->data);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  if (p->cwd != NULL)
    g_subprocess_launcher_set_cwd (launcher, p->cwd);
  g_clear_object (&run->process);
  g_clear_object (&run->lines);
  run->process = g_subprocess_launcher_spawnv (launcher, (const char *const *) p->argv, &error);
  if (run->process == NULL)
    {
      g_autofree char *problem = g_strdup_printf ("%s could not start: %s", p->name, error->message);

      if (!run->freed && run->callbacks.step_done != NULL)
        run->callbacks.step_done (p->index, -1, problem, run->data);
      finish (run, FALSE);
      return;
    }
  run->lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (run->process));
  g_data_input_stream_set_newline_type (run->lines, G_DATA_STREAM_NEWLINE_TYPE_LF);
  g_data_input_stream_read_line_async (run->lines, G_PRIORITY_DEFAULT, run->cancellable, on_line, run_ref (run));
}

static gboolean
start_first (gpointer data)
{
  start_next (data);
  return G_SOURCE_REMOVE;
}

QrCompileRun *
qr_compile_run_start (const QrCompileProfile *profile, GHashTable *variables, const QrCompileCallbacks *callbacks,
                      gpointer data, GError **error)
{
  g_autoptr (GPtrArray) planned = g_ptr_array_new_with_free_func ((GDestroyNotify) planned_free);
  QrCompileRun *run;

  g_return_val_if_fail (profile != NULL && variables != NULL && callbacks != NULL, NULL);
  /* Every argument expanded before anything runs: a typo in the last step
   * should not leave the first one's output behind. */
  for (guint i = 0; i < profile->steps->len; i++)
    {
      const QrCompileStep *step = g_ptr_array_index (profile->steps, i);
      g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
      Planned *p;
      char *word;

      if (!step->enabled)
        continue;
      if ((word = qr_compile_expand (step->program, variables, error)) == NULL)
        {
          g_prefix_error (error, "%s: ", step->name);
          return NULL;
        }
      g_ptr_array_add (argv, word);
      for (guint a = 0; a < step->args->len; a++)
        {
          if ((word = qr_compile_expand (g_ptr_array_index (step->args, a), variables, error)) == NULL)
            {
              g_prefix_error (error, "%s: ", step->name);
              return NULL;
            }
          g_ptr_array_add (argv, word);
        }
      g_ptr_array_add (argv, NULL);
      p = g_new0 (Planned, 1);
      p->name = g_strdup (step->name);
      p->index = (int) i;
      p->argv = (char **) g_ptr_array_free (g_steal_pointer (&argv), FALSE);
      p->cwd = qr_compile_expand (step->cwd != NULL ? step->cwd : "${MAP_DIR}", variables, error);
      g_ptr_array_add (planned, p);
      if (p->cwd == NULL)
        {
          g_prefix_error (error, "%s: ", step->name);
          return NULL;
        }
    }
  if (planned->len == 0)
    {
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "The profile \"%s\" has no enabled step", profile->name);
      return NULL;
    }
  run = g_new0 (QrCompileRun, 1);
  run->refs = 1;
  run->running = TRUE;
  run->planned = g_steal_pointer (&planned);
  run->cancellable = g_cancellable_new ();
  run->callbacks = *callbacks;
  run->data = data;
  /* The first step starts from the main loop, so that no callback (not
   * even "finished", for a program that cannot start) comes before the
   * caller has the run in hand. */
  {
    g_autoptr (GSource) idle = g_idle_source_new ();

    g_source_set_callback (idle, start_first, run_ref (run), (GDestroyNotify) run_unref);
    g_source_attach (idle, g_main_context_get_thread_default ());
  }
  return run;
}

void
qr_compile_run_cancel (QrCompileRun *run)
{
  if (run == NULL || !run->running || run->cancelled)
    return;
  run->cancelled = TRUE;
  if (run->process != NULL)
    g_subprocess_force_exit (run->process);
}

gboolean
qr_compile_run_is_running (const QrCompileRun *run)
{
  return run != NULL && run->running;
}

void
qr_compile_run_free (QrCompileRun *run)
{
  if (run == NULL)
    return;
  run->freed = TRUE;
  qr_compile_run_cancel (run);
  run_unref (run);
}
