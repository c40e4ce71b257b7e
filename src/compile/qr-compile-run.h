/* qr-compile-run.h — running a compile profile's enabled steps one after
 * another as subprocesses (GSubprocess), their standard output and error
 * streamed line by line to the caller, on the thread-default main context:
 * the window's dialog and `quarry-cli compile` both use it. A step that
 * fails (exit status not 0, killed, not found) ends the run. */
#pragma once

#include <gio/gio.h>
#include "qr-compile-profile.h"

typedef struct _QrCompileRun QrCompileRun;

typedef struct
{
  /* A step starts: its index in the profile and its command line, quoted. */
  void (*step_started) (int step, const char *name, const char *command, gpointer data);
  /* One line of its output (without the newline; invalid UTF-8 replaced). */
  void (*output) (const char *line, gpointer data);
  /* It ended: exit status (-1: it could not start or was killed), and why
   * when it failed. */
  void (*step_done) (int step, int status, const char *problem, gpointer data);
  /* The run ended: every step succeeded, or not (cancelled: stopped). */
  void (*finished) (gboolean ok, gboolean cancelled, gpointer data);
} QrCompileCallbacks;

/* Starts the profile's enabled steps with the variables (see
 * qr_compile_variables). NULL with an error when an argument names a
 * variable that is not set or the profile has no enabled step; nothing
 * has started then. The first step starts from the main loop: no callback
 * comes before this returns. The callbacks' data stays the caller's. */
QrCompileRun *qr_compile_run_start (const QrCompileProfile *profile, GHashTable *variables,
                                    const QrCompileCallbacks *callbacks, gpointer data, GError **error);
/* Stops the running step (SIGKILL) and the run; "finished" follows with
 * cancelled set. */
void qr_compile_run_cancel (QrCompileRun *run);
gboolean qr_compile_run_is_running (const QrCompileRun *run);
/* Frees a run; one still running is cancelled first, without callbacks. */
void qr_compile_run_free (QrCompileRun *run);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrCompileRun, qr_compile_run_free)
