/* qr-window-monitor.c — the open file changing on disk (issue 17, "External
 * changes"): a GFileMonitor on the window's file; when what is on disk is no
 * longer what the window last read or wrote, a bar says so and offers
 * Reload (parsed on a worker thread, applied as one undo step) or Keep Mine
 * (the document then needs saving).
 *
 * Our own save never counts as a change: after every read and write the
 * window remembers the file's size, modification time and SHA-256, and a
 * change is a file whose size or time differ and whose bytes differ too. */
#include "qr-window-private.h"

#include <glib/gi18n.h>

enum
{
  RESPONSE_RELOAD = 1,
  RESPONSE_KEEP,
};

typedef enum
{
  STATE_SAME,    /* the file holds what we last read or wrote */
  STATE_CHANGED, /* someone else wrote it */
  STATE_DELETED, /* it is gone (or cannot be read) */
} DiskState;

/* What the file held when the window last read or wrote it. */
typedef struct
{
  gboolean known;
  goffset size;
  gint64 mtime_us;
  char *sha256;
} Stamp;

struct _QrWindowMonitor
{
  /* borrowed (the window's children) */
  GtkInfoBar *bar;
  GtkLabel *label;
  GtkWidget *reload_button;

  /* owned */
  GFile *file;          /* the file watched, or NULL */
  GFileMonitor *monitor;
  Stamp stamp;
  DiskState state;      /* what the bar says */
  guint check_source;   /* the pending look at the file after events */
  GCancellable *reload; /* while a reload parses */
  GCancellable *stamping; /* while a worker hashes what was just read or written */
};

static void
stamp_clear (Stamp *stamp)
{
  g_clear_pointer (&stamp->sha256, g_free);
  stamp->known = FALSE;
}

/* Size and time of the file now; FALSE when it cannot be asked (gone). */
static gboolean
query_file (GFile *file, goffset *size, gint64 *mtime_us, GError **error)
{
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                                                  G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                                                  G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                                  G_FILE_QUERY_INFO_NONE, NULL, error);
  if (info == NULL)
    return FALSE;
  *size = g_file_info_get_size (info);
  *mtime_us = (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
              + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
  return TRUE;
}

/* The file's stamp as it is on disk now: its bytes hashed. */
static gboolean
read_stamp (GFile *file, Stamp *stamp, char **contents, gsize *length, GError **error)
{
  g_autofree char *data = NULL;
  gsize len = 0;

  stamp_clear (stamp);
  /* Size and time first: a change after them makes them differ next time,
   * so it is looked at again rather than missed. */
  if (!query_file (file, &stamp->size, &stamp->mtime_us, error)
      || !g_file_load_contents (file, NULL, &data, &len, NULL, error))
    return FALSE;
  stamp->sha256 = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, len);
  stamp->known = TRUE;
  if (contents != NULL)
    {
      *contents = g_steal_pointer (&data);
      *length = len;
    }
  return TRUE;
}

static char *
dup_name (QrWindowMonitor *m)
{
  return _qr_window_dup_file_name (m->file);
}

static void
show_state (QrWindow *self, DiskState state)
{
  QrWindowMonitor *m = self->monitor;

  m->state = state;
  if (state == STATE_SAME)
    {
      gtk_info_bar_set_revealed (m->bar, FALSE);
      return;
    }
  g_autofree char *name = dup_name (m);
  g_autofree char *text = NULL;
  if (state == STATE_CHANGED)
    /* Translators: %s is a file name. */
    text = g_strdup_printf (_("%s changed on disk."), name);
  else
    /* Translators: %s is a file name. */
    text = g_strdup_printf (_("%s was deleted on disk. Saving writes it again."), name);
  gtk_label_set_label (m->label, text);
  gtk_widget_set_visible (m->reload_button, state == STATE_CHANGED);
  gtk_info_bar_set_response_sensitive (m->bar, RESPONSE_RELOAD, m->reload == NULL);
  gtk_info_bar_set_revealed (m->bar, TRUE);
}

/* The document no longer matches any file: Save is needed. */
static void
mark_unsaved (QrWindow *self)
{
  qr_document_mark_unsaved (self->document);
  _qr_window_update_title (self);
  _qr_window_update_actions (self);
}

static gboolean
check_file (gpointer user_data)
{
  QrWindow *self = user_data;
  QrWindowMonitor *m = self->monitor;
  goffset size;
  gint64 mtime_us;
  Stamp now = { 0 };

  m->check_source = 0;
  if (m->file == NULL || !m->stamp.known)
    return G_SOURCE_REMOVE;
  if (!query_file (m->file, &size, &mtime_us, NULL))
    {
      if (m->state != STATE_DELETED)
        {
          show_state (self, STATE_DELETED);
          mark_unsaved (self);
        }
      return G_SOURCE_REMOVE;
    }
  if (size == m->stamp.size && mtime_us == m->stamp.mtime_us)
    {
      show_state (self, STATE_SAME);
      return G_SOURCE_REMOVE;
    }
  if (!read_stamp (m->file, &now, NULL, NULL, NULL))
    {
      stamp_clear (&now);
      return G_SOURCE_REMOVE;
    }
  if (g_str_equal (now.sha256, m->stamp.sha256))
    {
      /* Touched, or written back as it was: the same bytes. */
      stamp_clear (&m->stamp);
      m->stamp = now;
      show_state (self, STATE_SAME);
      return G_SOURCE_REMOVE;
    }
  stamp_clear (&now);
  show_state (self, STATE_CHANGED);
  return G_SOURCE_REMOVE;
}

/* Editors and version control replace a file by renaming another over it
 * (CREATED, or DELETED then CREATED), others write it in place (CHANGED
 * until CHANGES_DONE_HINT): each event only schedules one look at the file
 * once things are quiet, so a replace in steps is judged by its end. */
static void
on_file_event (GFileMonitor *monitor, GFile *file, GFile *other, GFileMonitorEvent event, QrWindow *self)
{
  QrWindowMonitor *m = self->monitor;
  guint delay;

  g_assert (QR_IS_WINDOW (self));
  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGED:
      delay = 1000;
      break;
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_MOVED:
    case G_FILE_MONITOR_EVENT_RENAMED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
      delay = 150;
      break;
    default:
      return;
    }
  g_clear_handle_id (&m->check_source, g_source_remove);
  m->check_source = g_timeout_add (delay, check_file, self);
}

/* ---- Reload ---- */

typedef struct
{
  GFile *file;
  QrMap *map;  /* owned until applied */
  Stamp stamp; /* of the bytes parsed */
} ReloadJob;

static void
reload_job_free (ReloadJob *job)
{
  g_object_unref (job->file);
  if (job->map != NULL)
    qr_map_free (job->map);
  stamp_clear (&job->stamp);
  g_free (job);
}

static void
reload_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ReloadJob *job = task_data;
  g_autofree char *contents = NULL;
  g_autofree char *path = g_file_get_path (job->file);
  gsize len = 0;
  GError *error = NULL;

  if (!read_stamp (job->file, &job->stamp, &contents, &len, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  job->map = qr_map_parse (contents, len, qr_file_kind_for_path (path), path, &error);
  if (job->map == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  qr_map_build_geometry (job->map, (int) MIN (g_get_num_processors (), 8));
  g_task_return_boolean (task, TRUE);
}

static void
reload_finished (GObject *source, GAsyncResult *result, gpointer user_data)
{
  QrWindow *self = QR_WINDOW (source);
  QrWindowMonitor *m = self->monitor;
  ReloadJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  g_autofree char *name = _qr_window_dup_file_name (job->file);

  if (m == NULL || g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  g_clear_object (&m->reload);
  gtk_info_bar_set_response_sensitive (m->bar, RESPONSE_RELOAD, TRUE);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      /* Translators: %s is a file name. */
      g_autofree char *primary = g_strdup_printf (_("Could not reload “%s”"), name);
      _qr_window_show_error (self, primary, error);
      return;
    }
  if (!qr_document_reload (self->document, job->map))
    {
      _qr_window_set_message (self, _("Finish the edit in progress, then reload"));
      return;
    }
  job->map = NULL;
  stamp_clear (&m->stamp);
  m->stamp = job->stamp;
  job->stamp = (Stamp) { 0 };
  show_state (self, STATE_SAME);
  _qr_window_update_title (self);
  _qr_window_update_actions (self);
  /* Translators: %s is a file name. */
  g_autofree char *message = g_strdup_printf (_("Reloaded %s (Undo gives back the map as it was)"), name);
  _qr_window_set_message (self, message);
  /* The file may name other texture collections now. */
  _qr_window_load_textures (self);
}

static void
start_reload (QrWindow *self)
{
  QrWindowMonitor *m = self->monitor;

  if (m->reload != NULL || m->file == NULL)
    return;
  m->reload = g_cancellable_new ();
  gtk_info_bar_set_response_sensitive (m->bar, RESPONSE_RELOAD, FALSE);
  ReloadJob *job = g_new0 (ReloadJob, 1);
  job->file = g_object_ref (m->file);
  g_autoptr (GTask) task = g_task_new (self, m->reload, reload_finished, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) reload_job_free);
  g_task_run_in_thread (task, reload_thread);
}

/* Keep Mine: what is on disk now is known and not wanted; the document is
 * the one to save over it. */
static void
keep_mine (QrWindow *self)
{
  QrWindowMonitor *m = self->monitor;
  Stamp now = { 0 };

  if (read_stamp (m->file, &now, NULL, NULL, NULL))
    {
      stamp_clear (&m->stamp);
      m->stamp = now;
    }
  else
    stamp_clear (&now);
  show_state (self, STATE_SAME);
  mark_unsaved (self);
}

static void
on_bar_response (GtkInfoBar *bar, int response, QrWindow *self)
{
  g_assert (QR_IS_WINDOW (self));
  if (response == RESPONSE_RELOAD)
    start_reload (self);
  else
    keep_mine (self);
}

/* ---- the window's calls ---- */

void
_qr_window_init_monitor (QrWindow *self)
{
  QrWindowMonitor *m = g_new0 (QrWindowMonitor, 1);

  self->monitor = m;
  m->bar = GTK_INFO_BAR (gtk_info_bar_new ());
  gtk_info_bar_set_message_type (m->bar, GTK_MESSAGE_QUESTION);
  gtk_info_bar_set_revealed (m->bar, FALSE);
  m->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (m->label, 0);
  gtk_label_set_wrap (m->label, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (m->label), TRUE);
  gtk_info_bar_add_child (m->bar, GTK_WIDGET (m->label));
  m->reload_button = gtk_info_bar_add_button (m->bar, _("_Reload"), RESPONSE_RELOAD);
  gtk_info_bar_add_button (m->bar, _("_Keep Mine"), RESPONSE_KEEP);
  g_signal_connect (m->bar, "response", G_CALLBACK (on_bar_response), self);
  /* Under the bar about invalid brushes, above the views. */
  gtk_widget_insert_after (GTK_WIDGET (m->bar), gtk_widget_get_parent (GTK_WIDGET (self->invalid_bar)),
                           GTK_WIDGET (self->invalid_bar));
}

typedef struct
{
  GFile *file;
  Stamp stamp;
} StampJob;

static void
stamp_job_free (StampJob *job)
{
  g_object_unref (job->file);
  stamp_clear (&job->stamp);
  g_free (job);
}

static void
stamp_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  StampJob *job = task_data;

  if (!read_stamp (job->file, &job->stamp, NULL, NULL, NULL))
    stamp_clear (&job->stamp);
  g_task_return_boolean (task, TRUE);
}

static void
stamp_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  QrWindow *self = QR_WINDOW (source);
  StampJob *job = g_task_get_task_data (G_TASK (result));

  /* A newer watch or the window's end cancelled it: not ours to keep. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  g_clear_object (&self->monitor->stamping);
  stamp_clear (&self->monitor->stamp);
  self->monitor->stamp = job->stamp;
  job->stamp = (Stamp) { 0 };
}

/* Hashes the file as it is now on a worker (21 ms for NewDeralia's 3.4 MB,
 * a second for 70 MB): until it is known, events are not judged, as
 * check_file ignores a file without a stamp. */
static void
stamp_file (QrWindow *self)
{
  QrWindowMonitor *m = self->monitor;
  StampJob *job = g_new0 (StampJob, 1);

  stamp_clear (&m->stamp);
  job->file = g_object_ref (m->file);
  m->stamping = g_cancellable_new ();
  g_autoptr (GTask) task = g_task_new (self, m->stamping, stamp_done, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) stamp_job_free);
  g_task_run_in_thread (task, stamp_thread);
}

void
_qr_window_watch_file (QrWindow *self)
{
  QrWindowMonitor *m = self->monitor;
  g_autoptr (GError) error = NULL;

  g_clear_handle_id (&m->check_source, g_source_remove);
  if (m->reload != NULL)
    {
      g_cancellable_cancel (m->reload);
      g_clear_object (&m->reload);
    }
  if (m->stamping != NULL)
    {
      g_cancellable_cancel (m->stamping);
      g_clear_object (&m->stamping);
    }
  show_state (self, STATE_SAME);
  if (self->file == NULL || m->file == NULL || !g_file_equal (self->file, m->file))
    {
      if (m->monitor != NULL)
        g_signal_handlers_disconnect_by_data (m->monitor, self);
      g_clear_object (&m->monitor);
      g_clear_object (&m->file);
      if (self->file == NULL)
        {
          stamp_clear (&m->stamp);
          return;
        }
      m->file = g_object_ref (self->file);
      m->monitor = g_file_monitor_file (m->file, G_FILE_MONITOR_NONE, NULL, &error);
      if (m->monitor == NULL)
        g_debug ("not watching the map for changes: %s", error->message);
      else
        g_signal_connect (m->monitor, "changed", G_CALLBACK (on_file_event), self);
    }
  stamp_file (self);
}

void
_qr_window_clear_monitor (QrWindow *self)
{
  QrWindowMonitor *m = self->monitor;

  if (m == NULL)
    return;
  self->monitor = NULL;
  g_clear_handle_id (&m->check_source, g_source_remove);
  if (m->reload != NULL)
    g_cancellable_cancel (m->reload);
  g_clear_object (&m->reload);
  if (m->stamping != NULL)
    g_cancellable_cancel (m->stamping);
  g_clear_object (&m->stamping);
  if (m->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (m->monitor, self);
      g_file_monitor_cancel (m->monitor);
    }
  g_clear_object (&m->monitor);
  g_clear_object (&m->file);
  stamp_clear (&m->stamp);
  g_free (m);
}
