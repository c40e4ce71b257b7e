/* qr-window-files.c — opening (in a worker thread, with progress and
 * Cancel), saving (format from the extension, asked when ambiguous),
 * recent files, and the question about unsaved changes. */
#include "qr-window-private.h"

#include <glib/gi18n.h>
#include "qr-application.h"
#include "qr-map.h"

/* ---- loading ---- */

typedef struct
{
  GFile *file;
  char *path;
  QrWindow *window;       /* owned reference */
  gpointer done;          /* bytes parsed (GSIZE_TO_POINTER), written by the worker */
  gsize total;
  guint progress_id;
  gboolean recovered;     /* `file` is an autosave: the document is bound to `original` */
  GFile *original;        /* the autosave's original file, or NULL */
  QrSaveFormat format;    /* how the recovered document saves */
} LoadJob;

static void
load_job_free (LoadJob *job)
{
  if (job->progress_id != 0)
    g_source_remove (job->progress_id);
  g_object_unref (job->file);
  g_clear_object (&job->original);
  g_object_unref (job->window);
  g_free (job->path);
  g_free (job);
}

static gboolean
load_progress (gsize done, gsize total, gpointer user_data)
{
  GTask *task = user_data;
  LoadJob *job = g_task_get_task_data (task);
  job->total = total;
  g_atomic_pointer_set (&job->done, GSIZE_TO_POINTER (done));
  return !g_cancellable_is_cancelled (g_task_get_cancellable (task));
}

static void
load_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  LoadJob *job = task_data;
  GError *error = NULL;
  QrParseOptions options = { load_progress, task };
  QrMap *map = qr_map_load_full (job->path, &options, &error);
  if (map == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  /* The geometry too, so that the window only has to draw. */
  qr_map_build_geometry (map, (int) MIN (g_get_num_processors (), 8));
  if (g_cancellable_is_cancelled (cancellable))
    {
      qr_map_free (map);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Loading was cancelled"));
      return;
    }
  g_task_return_pointer (task, map, (GDestroyNotify) qr_map_free);
}

static gboolean
update_load_progress (gpointer user_data)
{
  LoadJob *job = user_data;
  gsize done = GPOINTER_TO_SIZE (g_atomic_pointer_get (&job->done));
  if (job->total > 0)
    gtk_progress_bar_set_fraction (job->window->load_progress, (double) done / job->total);
  else
    gtk_progress_bar_pulse (job->window->load_progress);
  return G_SOURCE_CONTINUE;
}

static void
load_finished (GObject *source, GAsyncResult *result, gpointer user_data)
{
  QrWindow *self = QR_WINDOW (source);
  GTask *task = G_TASK (result);
  LoadJob *job = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = g_task_propagate_pointer (task, &error);

  g_clear_object (&self->load_cancellable);
  gtk_revealer_set_reveal_child (self->load_revealer, FALSE);
  if (map == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
          || g_error_matches (error, QR_IO_ERROR, QR_IO_ERROR_CANCELLED))
        _qr_window_set_message (self, _("Loading was cancelled"));
      else
        {
          g_autofree char *name = _qr_window_dup_file_name (job->file);
          g_autofree char *primary = g_strdup_printf (_("Could not open “%s”"), name);
          /* A map that does not open goes to Open Recent too: the mapper
           * mends it in a text editor and opens it again from there. */
          g_autofree char *uri = g_file_get_uri (job->file);
          if (!job->recovered)
            gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
          _qr_window_show_error (self, primary, error);
        }
      _qr_window_update_actions (self);
      return;
    }

  g_autoptr (QrDocument) doc = qr_document_new (g_steal_pointer (&map));
  if (job->recovered)
    {
      /* Unsaved until saved over the original, whatever is undone. */
      qr_document_mark_unsaved (doc);
      _qr_window_set_document (self, doc, job->original, job->format);
      self->autosave_dirty = TRUE;
      g_autofree char *name = job->original != NULL ? _qr_window_dup_file_name (job->original) : g_strdup (_("Untitled"));
      g_autofree char *message = g_strdup_printf (_("Recovered %s from its autosave: save it to keep it"), name);
      _qr_window_set_message (self, message);
      g_signal_emit_by_name (self, "map-loaded");
      return;
    }
  _qr_window_set_document (self, doc, job->file, QR_SAVE_AS_READ);
  g_autofree char *uri = g_file_get_uri (job->file);
  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
  g_autofree char *name = _qr_window_dup_file_name (job->file);
  const QrMap *opened = qr_document_get_map (doc);
  guint patches = 0, unread = 0;
  for (guint e = 0; e < qr_map_entity_count (opened); e++)
    {
      const QrEntity *entity = qr_map_get_entity (opened, e);
      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrNode *node = g_ptr_array_index (entity->kept, k);
          patches += node->patch != NULL;
          unread += node->problem != NULL;
        }
    }
  guint brushes = qr_map_count_brushes (opened);
  g_autoptr (GString) message = g_string_new (NULL);
  g_string_printf (message, g_dngettext (GETTEXT_PACKAGE, "Opened %s: %u brush", "Opened %s: %u brushes", brushes),
                   name, brushes);
  if (patches > 0)
    g_string_append_printf (message, g_dngettext (GETTEXT_PACKAGE, ", %u patch", ", %u patches", patches), patches);
  /* Patches that did not read are kept as text, drawn nowhere: say so. */
  if (unread > 0)
    g_string_append_printf (message,
                            g_dngettext (GETTEXT_PACKAGE, ", %u patch kept unread (see quarry-cli info)",
                                         ", %u patches kept unread (see quarry-cli info)", unread),
                            unread);
  if (self->entdefs_note != NULL)
    g_string_append_printf (message, " — %s", self->entdefs_note);
  _qr_window_set_message (self, message->str);
  g_signal_emit_by_name (self, "map-loaded");
}

static void
start_load (QrWindow *self, GFile *file, GFile *original, gboolean recovered, QrSaveFormat format);

void
qr_window_load (QrWindow *self, GFile *file)
{
  g_return_if_fail (QR_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));
  start_load (self, file, NULL, FALSE, QR_SAVE_AS_READ);
}

void
_qr_window_recover (QrWindow *self, const char *autosave, const char *original, QrSaveFormat format)
{
  g_autoptr (GFile) file = g_file_new_for_path (autosave);
  g_autoptr (GFile) bound = original != NULL ? g_file_new_for_path (original) : NULL;

  g_return_if_fail (QR_IS_WINDOW (self));
  start_load (self, file, bound, TRUE, format);
}

static void
start_load (QrWindow *self, GFile *file, GFile *original, gboolean recovered, QrSaveFormat format)
{

  g_autofree char *path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autoptr (GError) error = g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Only local files can be opened"));
      _qr_window_show_error (self, _("Could not open the map"), error);
      return;
    }
  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  self->load_cancellable = g_cancellable_new ();

  LoadJob *job = g_new0 (LoadJob, 1);
  job->file = g_object_ref (file);
  job->path = g_steal_pointer (&path);
  job->window = g_object_ref (self);
  job->recovered = recovered;
  job->original = original != NULL ? g_object_ref (original) : NULL;
  job->format = format;
  g_autoptr (GTask) task = g_task_new (self, self->load_cancellable, load_finished, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) load_job_free);

  g_autofree char *name = _qr_window_dup_file_name (file);
  g_autofree char *label = g_strdup_printf (_("Opening %s…"), name);
  gtk_label_set_label (self->load_label, label);
  gtk_progress_bar_set_fraction (self->load_progress, 0);
  gtk_revealer_set_reveal_child (self->load_revealer, TRUE);
  job->progress_id = g_timeout_add (50, update_load_progress, job);
  _qr_window_update_actions (self);

  g_task_run_in_thread (task, load_thread);
}

/* ---- Open ---- */

static void
add_filters (GtkFileChooser *chooser)
{
  GtkFileFilter *maps = gtk_file_filter_new ();
  gtk_file_filter_set_name (maps, _("All maps (.map, .vmf)"));
  gtk_file_filter_add_suffix (maps, "map");
  gtk_file_filter_add_suffix (maps, "vmf");
  gtk_file_chooser_add_filter (chooser, maps);
  GtkFileFilter *quake = gtk_file_filter_new ();
  gtk_file_filter_set_name (quake, _("Quake maps (.map)"));
  gtk_file_filter_add_suffix (quake, "map");
  gtk_file_chooser_add_filter (chooser, quake);
  GtkFileFilter *source = gtk_file_filter_new ();
  gtk_file_filter_set_name (source, _("Source maps (.vmf)"));
  gtk_file_filter_add_suffix (source, "vmf");
  gtk_file_chooser_add_filter (chooser, source);
  g_object_unref (maps);
  g_object_unref (quake);
  g_object_unref (source);
}

void
_qr_window_open_file (QrWindow *self, GFile *file)
{
  QrWindow *target = self;
  /* A window already in use keeps its map; an untitled one nobody has
   * touched takes it, as in TrenchBroom and GNOME's editors. */
  if (!qr_window_is_pristine (self))
    {
      target = qr_window_new (QR_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
      gtk_window_present (GTK_WINDOW (target));
    }
  qr_window_load (target, file);
}

static void
open_response (GtkNativeDialog *dialog, int response, QrWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      _qr_window_open_file (self, file);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

void
_qr_window_open (QrWindow *self)
{
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Open Map"), GTK_WINDOW (self),
                                                              GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  add_filters (GTK_FILE_CHOOSER (dialog));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* ---- Save ---- */

typedef struct
{
  QrWindow *window; /* owned reference */
  GFile *file;
  QrWindowContinuation then;
  gpointer data;
  GDestroyNotify destroy;
} SaveJob;

static void
save_job_free (SaveJob *job)
{
  if (job->destroy != NULL)
    job->destroy (job->data);
  g_clear_object (&job->file);
  g_object_unref (job->window);
  g_free (job);
}

static void
write_file (SaveJob *job, QrSaveFormat format)
{
  QrWindow *self = job->window;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_file_get_path (job->file);

  QrSaveFlags flags = g_settings_get_boolean (self->settings, "save-backup") ? QR_SAVE_KEEP_BACKUP : 0;
  if (path == NULL || !qr_map_save_full (qr_document_get_map (self->document), path, format, flags, &error))
    {
      if (error == NULL)
        error = g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Only local files can be saved"));
      g_autofree char *name = _qr_window_dup_file_name (job->file);
      g_autofree char *primary = g_strdup_printf (_("Could not save “%s”"), name);
      _qr_window_show_error (self, primary, error);
      save_job_free (job);
      return;
    }
  g_set_object (&self->file, job->file);
  self->save_format = format;
  qr_document_mark_saved (self->document);
  _qr_window_watch_file (self);
  _qr_window_autosave_saved (self);
  _qr_window_update_title (self);
  g_autofree char *uri = g_file_get_uri (job->file);
  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
  g_autofree char *name = _qr_window_dup_file_name (job->file);
  guint dropped = qr_save_dropped_displacements (qr_document_get_map (self->document), format);
  g_autofree char *message = NULL;
  if (dropped > 0)
    message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "Saved %s without its %u displacement: .map files have none, the brush is flat",
                                            "Saved %s without its %u displacements: .map files have none, the brushes are flat",
                                            dropped),
                               name, dropped);
  else
    message = g_strdup_printf (_("Saved %s"), name);
  _qr_window_set_message (self, message);
  if (job->then != NULL)
    job->then (self, job->data);
  save_job_free (job);
}

enum
{
  RESPONSE_QUAKE = 1,
  RESPONSE_VALVE220,
  RESPONSE_QUAKE2,
};

static void
format_response (GtkDialog *dialog, int response, SaveJob *job)
{
  /* Saving can go on to close the window (Quit ▸ Save). */
  _qr_window_dismiss_dialog (GTK_WINDOW (dialog));
  switch (response)
    {
    case RESPONSE_QUAKE:
      write_file (job, QR_SAVE_QUAKE);
      break;
    case RESPONSE_VALVE220:
      write_file (job, QR_SAVE_VALVE220);
      break;
    case RESPONSE_QUAKE2:
      write_file (job, QR_SAVE_QUAKE2);
      break;
    default:
      save_job_free (job);
    }
}

/* The format for a path: .vmf is VMF; a .map keeps the dialect the map
 * was read in, and asks when there is none (a new map, or one from a VMF). */
static void
save_to (SaveJob *job)
{
  QrWindow *self = job->window;
  g_autofree char *path = g_file_get_path (job->file);
  const QrMap *map = qr_document_get_map (self->document);

  if (path != NULL && qr_file_kind_for_path (path) == QR_FILE_VMF)
    {
      write_file (job, map->kind == QR_FILE_VMF ? QR_SAVE_AS_READ : QR_SAVE_VMF);
      return;
    }
  if (self->file != NULL && g_file_equal (self->file, job->file) && self->save_format != QR_SAVE_AS_READ)
    {
      write_file (job, self->save_format);
      return;
    }
  /* A map read from a .map keeps its dialect, even emptied of brushes. */
  if (map->kind == QR_FILE_MAP && self->file != NULL)
    {
      write_file (job, QR_SAVE_AS_READ);
      return;
    }

  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                              _("Which kind of .map file?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Valve 220 keeps texture alignment exactly and suits Half-Life "
                                              "and most modern Quake tools; Standard is the original Quake "
                                              "format; Quake 2 adds surface flags."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL, _("_Standard"), RESPONSE_QUAKE,
                          _("_Quake 2"), RESPONSE_QUAKE2, _("_Valve 220"), RESPONSE_VALVE220, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), RESPONSE_VALVE220);
  g_signal_connect (dialog, "response", G_CALLBACK (format_response), job);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
save_as_response (GtkNativeDialog *dialog, int response, SaveJob *job)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      job->file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      save_to (job);
    }
  else
    save_job_free (job);
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

void
_qr_window_save (QrWindow *self, gboolean save_as, QrWindowContinuation then, gpointer data,
                 GDestroyNotify destroy)
{
  SaveJob *job = g_new0 (SaveJob, 1);
  job->window = g_object_ref (self);
  job->then = then;
  job->data = data;
  job->destroy = destroy;

  if (!save_as && self->file != NULL)
    {
      job->file = g_object_ref (self->file);
      save_to (job);
      return;
    }
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Save Map"), GTK_WINDOW (self),
                                                              GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  add_filters (GTK_FILE_CHOOSER (dialog));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  if (self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (dialog), self->file, NULL);
  else
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), _("untitled.map"));
  g_signal_connect (dialog, "response", G_CALLBACK (save_as_response), job);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* ---- unsaved changes ---- */

typedef struct
{
  QrWindow *window; /* owned reference: the answer acts on it */
  QrWindowContinuation then;
  gpointer data;
  GDestroyNotify destroy;
} Continuation;

static void
continuation_free (gpointer p)
{
  Continuation *c = p;
  if (c->destroy != NULL)
    c->destroy (c->data);
  g_object_unref (c->window);
  g_free (c);
}

static void
run_continuation (QrWindow *self, gpointer p)
{
  Continuation *c = p;
  c->then (self, c->data);
}

enum
{
  RESPONSE_DISCARD = 1,
  RESPONSE_SAVE,
};

static void
discard_response (GtkDialog *dialog, int response, Continuation *c)
{
  QrWindow *self = c->window;
  _qr_window_dismiss_dialog (GTK_WINDOW (dialog));
  if (response == RESPONSE_DISCARD)
    {
      c->then (self, c->data);
      continuation_free (c);
    }
  else if (response == RESPONSE_SAVE)
    _qr_window_save (self, FALSE, run_continuation, c, continuation_free);
  else
    continuation_free (c);
}

void
_qr_window_confirm_discard (QrWindow *self, QrWindowContinuation then, gpointer data, GDestroyNotify destroy)
{
  if (!qr_document_is_modified (self->document))
    {
      then (self, data);
      if (destroy != NULL)
        destroy (data);
      return;
    }
  Continuation *c = g_new0 (Continuation, 1);
  c->window = g_object_ref (self);
  c->then = then;
  c->data = data;
  c->destroy = destroy;

  g_autofree char *name = self->file ? _qr_window_dup_file_name (self->file) : g_strdup (_("Untitled"));
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                              _("Save changes to “%s” before closing?"), name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("If you don’t save, your changes will be lost."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Discard"), RESPONSE_DISCARD, _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Save"), RESPONSE_SAVE, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), RESPONSE_SAVE);
  g_signal_connect (dialog, "response", G_CALLBACK (discard_response), c);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
really_close (QrWindow *self, gpointer data)
{
  self->closing_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

void
qr_window_close_request (QrWindow *self)
{
  g_return_if_fail (QR_IS_WINDOW (self));
  _qr_window_confirm_discard (self, really_close, NULL, NULL);
}
