/* qr-window-autosave.c — the window's autosaves: a snapshot of the map
 * (qr_map_snapshot, cheap) taken on the window's thread and written by a
 * GTask thread into the application's autosave store (qr-autosave.h), every
 * autosave-interval minutes and a few seconds after the editing stops,
 * only when the map changed since the last autosave and differs from its
 * file. The window never waits for a write. */
#include "qr-window-private.h"

#include <glib/gi18n.h>
#include "qr-application.h"
#include "qr-autosave.h"

/* How long the editing must pause before an autosave, at most. */
#define IDLE_SECONDS 10

typedef struct
{
  QrAutosave *store; /* owned reference */
  char *doc;
  char *path;        /* the document's file, or NULL */
  QrMap *snapshot;   /* owned; made and freed on the window's thread */
  QrSaveFormat format;
  guint keep;
} AutosaveJob;

static void
autosave_job_free (AutosaveJob *job)
{
  /* The snapshot went back to the window's thread in autosave_done. */
  g_assert (job->snapshot == NULL);
  qr_autosave_unref (job->store);
  g_free (job->doc);
  g_free (job->path);
  g_free (job);
}

static QrAutosave *
store_of (QrWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  return QR_IS_APPLICATION (app) ? qr_application_get_autosave (QR_APPLICATION (app)) : NULL;
}

/* Seconds between autosaves: QUARRY_AUTOSAVE_SECONDS (for tests), else the
 * setting's minutes; 0 is off. */
static guint
interval_seconds (QrWindow *self)
{
  const char *env = g_getenv ("QUARRY_AUTOSAVE_SECONDS");
  if (env != NULL && env[0] != '\0')
    return (guint) g_ascii_strtoull (env, NULL, 10);
  return (guint) g_settings_get_int (self->settings, "autosave-interval") * 60;
}

static void
autosave_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  AutosaveJob *job = task_data;
  GError *error = NULL;

  if (qr_autosave_write (job->store, job->doc, job->path, job->snapshot, job->format, job->keep, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
autosave_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  QrWindow *self = QR_WINDOW (source);
  AutosaveJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;

  /* Patches and displacements in it are shared with the document by
   * counts that are not atomic: freed here, not on the worker. */
  g_clear_pointer (&job->snapshot, qr_map_free);
  self->autosave_running = FALSE;
  /* The window closed while the worker wrote: nothing left to tell. */
  if (self->document == NULL)
    return;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_autofree char *message = g_strdup_printf (_("Autosave failed: %s"), error->message);
      _qr_window_set_message (self, message);
      /* Tried again at the next turn. */
      self->autosave_dirty = TRUE;
      return;
    }
  _qr_window_set_message (self, _("Autosaved"));
}

static void
autosave_now (QrWindow *self)
{
  QrAutosave *store = store_of (self);

  if (store == NULL || self->autosave_running || !self->autosave_dirty || self->document == NULL)
    return;
  /* Saved (or undone back to the saved state): the file is the copy. */
  if (!qr_document_is_modified (self->document))
    {
      self->autosave_dirty = FALSE;
      return;
    }
  if (self->autosave_doc == NULL)
    _qr_window_autosave_follow (self);

  AutosaveJob *job = g_new0 (AutosaveJob, 1);
  job->store = qr_autosave_ref (store);
  job->doc = g_strdup (self->autosave_doc);
  job->path = self->file != NULL ? g_file_get_path (self->file) : NULL;
  job->snapshot = qr_map_snapshot (qr_document_get_map (self->document));
  job->format = self->save_format;
  job->keep = (guint) g_settings_get_int (self->settings, "autosave-keep");
  self->autosave_dirty = FALSE;
  self->autosave_running = TRUE;

  g_autoptr (GTask) task = g_task_new (self, NULL, autosave_done, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) autosave_job_free);
  g_task_run_in_thread (task, autosave_thread);
}

static gboolean
autosave_tick (gpointer data)
{
  autosave_now (QR_WINDOW (data));
  return G_SOURCE_CONTINUE;
}

static gboolean
autosave_idle (gpointer data)
{
  QrWindow *self = QR_WINDOW (data);
  self->autosave_idle = 0;
  autosave_now (self);
  return G_SOURCE_REMOVE;
}

static void
restart_timer (QrWindow *self)
{
  guint seconds = interval_seconds (self);

  g_clear_handle_id (&self->autosave_timer, g_source_remove);
  if (seconds > 0)
    self->autosave_timer = g_timeout_add_seconds (seconds, autosave_tick, self);
}

static void
on_interval_changed (GSettings *settings, const char *key, QrWindow *self)
{
  restart_timer (self);
}

void
_qr_window_init_autosave (QrWindow *self)
{
  g_signal_connect_object (self->settings, "changed::autosave-interval", G_CALLBACK (on_interval_changed), self, 0);
  restart_timer (self);
}

void
_qr_window_clear_autosave (QrWindow *self)
{
  g_clear_handle_id (&self->autosave_timer, g_source_remove);
  g_clear_handle_id (&self->autosave_idle, g_source_remove);
  g_clear_pointer (&self->autosave_doc, g_free);
}

void
_qr_window_autosave_document_changed (QrWindow *self, const QrChangeSet *changes)
{
  guint seconds;

  if (changes->brushes_added->len == 0 && changes->brushes_removed->len == 0 && changes->brushes_modified->len == 0
      && changes->entities_added->len == 0 && changes->entities_removed->len == 0
      && changes->entities_modified->len == 0 && !changes->history_changed && !changes->kept_changed)
    return;
  self->autosave_dirty = TRUE;
  seconds = interval_seconds (self);
  if (seconds == 0)
    return;
  /* Restarted by every change: it fires once the editing pauses. */
  g_clear_handle_id (&self->autosave_idle, g_source_remove);
  self->autosave_idle = g_timeout_add_seconds (MIN (seconds, IDLE_SECONDS), autosave_idle, self);
}

void
_qr_window_autosave_follow (QrWindow *self)
{
  QrAutosave *store = store_of (self);
  g_autofree char *path = self->file != NULL ? g_file_get_path (self->file) : NULL;

  if (store == NULL)
    return;
  /* An untitled document keeps its name until it has a file. */
  if (path == NULL && self->autosave_doc != NULL && g_str_has_prefix (self->autosave_doc, "untitled-"))
    return;
  g_free (self->autosave_doc);
  self->autosave_doc = qr_autosave_dup_doc (store, path);
}

void
_qr_window_autosave_saved (QrWindow *self)
{
  QrAutosave *store = store_of (self);

  _qr_window_autosave_follow (self);
  self->autosave_dirty = FALSE;
  if (store != NULL && self->autosave_doc != NULL)
    qr_autosave_mark_saved (store, self->autosave_doc);
}
