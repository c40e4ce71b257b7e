/* qr-window-compile.c — File ▸ Compile (F5, issue 20): a window beside the
 * editor that saves the map (or a copy of an unnamed one), runs the chosen
 * compile profile's steps (src/compile) with their output streamed into a
 * text view, stops on Stop or Escape, and loads the leak trace the compile
 * left beside the map. Profiles live in the user's
 * $XDG_CONFIG_HOME/quarry/compile-profiles.json, made from the shipped
 * templates the first time; Edit Profiles opens the profile editor, and
 * each run reads the file again. Each game's maps run the profile last run
 * for one of them (the compile-profile setting). */
#include "qr-window-private.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include "qr-compile-editor.h"
#include "qr-compile-run.h"
#include "qr-compile-source.h"
#include "qr-pointfile.h"

struct _QrCompilePanel
{
  QrWindow *owner; /* borrowed: the window owns the panel */
  GtkWindow *window;
  GtkDropDown *profile_list;
  GtkStringList *names;
  GtkWidget *run_button, *stop_button;
  GtkTextView *view;
  GtkTextBuffer *buffer;
  GtkLabel *status;
  QrCompileProfiles *profiles;
  QrCompileRun *run;
  QrCompileEditor *editor; /* a weak pointer: the open profile editor, or NULL */
  char *map_path;
  gint64 started; /* wall clock, µs: a trace newer than this is the run's */
};

static QrCompileProfiles *
load_profiles (GError **error)
{
  g_autofree char *path = qr_compile_profiles_user_file (error);

  return path != NULL ? qr_compile_profiles_load (path, error) : NULL;
}

static void
append (QrCompilePanel *panel, const char *text, const char *tag)
{
  GtkTextIter end;

  gtk_text_buffer_get_end_iter (panel->buffer, &end);
  if (tag != NULL)
    gtk_text_buffer_insert_with_tags_by_name (panel->buffer, &end, text, -1, tag, NULL);
  else
    gtk_text_buffer_insert (panel->buffer, &end, text, -1);
  gtk_text_buffer_get_end_iter (panel->buffer, &end);
  gtk_text_buffer_insert (panel->buffer, &end, "\n", 1);
  gtk_text_view_scroll_to_mark (panel->view, gtk_text_buffer_get_insert (panel->buffer), 0, FALSE, 0, 1);
}

/* The profile last run for the map's game, or NULL. */
static char *
game_profile (QrWindow *self)
{
  g_autoptr (GVariant) all = g_settings_get_value (self->settings, "compile-profile");
  const char *name = NULL;

  return g_variant_lookup (all, _qr_window_map_game (self), "&s", &name) ? g_strdup (name) : NULL;
}

static void
remember_game_profile (QrWindow *self, const char *profile)
{
  g_autoptr (GVariant) all = g_settings_get_value (self->settings, "compile-profile");
  const char *game = _qr_window_map_game (self), *key, *value;
  GVariantBuilder builder;
  GVariantIter iter;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  g_variant_iter_init (&iter, all);
  while (g_variant_iter_next (&iter, "{&s&s}", &key, &value))
    if (!g_str_equal (key, game))
      g_variant_builder_add (&builder, "{ss}", key, value);
  g_variant_builder_add (&builder, "{ss}", game, profile);
  g_settings_set_value (self->settings, "compile-profile", g_variant_builder_end (&builder));
}

/* Fills the profile list from the file; keeps the chosen one by name, or
 * takes the one last run for the map's game. */
static void
refresh_profiles (QrCompilePanel *panel)
{
  g_autoptr (GError) error = NULL;
  QrCompileProfiles *loaded = load_profiles (&error);
  guint chosen = gtk_drop_down_get_selected (panel->profile_list);
  g_autofree char *was = chosen != GTK_INVALID_LIST_POSITION && panel->profiles != NULL
                                 && chosen < panel->profiles->profiles->len
                             ? g_strdup (((QrCompileProfile *) g_ptr_array_index (panel->profiles->profiles, chosen))->name)
                             : NULL;

  if (loaded == NULL)
    {
      append (panel, error->message, "problem");
      gtk_label_set_label (panel->status, _("The compile profiles could not be read"));
      return;
    }
  qr_compile_profiles_free (panel->profiles);
  panel->profiles = loaded;
  gtk_string_list_splice (panel->names, 0, g_list_model_get_n_items (G_LIST_MODEL (panel->names)), NULL);
  chosen = 0;
  if (was == NULL)
    was = game_profile (panel->owner);
  for (guint i = 0; i < loaded->profiles->len; i++)
    {
      const QrCompileProfile *p = g_ptr_array_index (loaded->profiles, i);

      gtk_string_list_append (panel->names, p->name);
      if (was != NULL && g_ascii_strcasecmp (was, p->name) == 0)
        chosen = i;
    }
  gtk_drop_down_set_selected (panel->profile_list, chosen);
}

static void
set_running (QrCompilePanel *panel, gboolean running)
{
  gtk_widget_set_sensitive (panel->run_button, !running);
  gtk_widget_set_sensitive (panel->stop_button, running);
  gtk_widget_set_sensitive (GTK_WIDGET (panel->profile_list), !running);
}

static void
on_step_started (int step, const char *name, const char *command, gpointer data)
{
  QrCompilePanel *panel = data;
  g_autofree char *line = g_strdup_printf ("== %s: %s", name, command);
  g_autofree char *status = g_strdup_printf (_("Running %s…"), name);

  append (panel, line, "step");
  gtk_label_set_label (panel->status, status);
}

static void
on_output (const char *line, gpointer data)
{
  append (data, line, NULL);
}

static void
on_step_done (int step, int status, const char *problem, gpointer data)
{
  if (problem != NULL)
    append (data, problem, "problem");
}

static void
on_finished (gboolean ok, gboolean cancelled, gpointer data)
{
  QrCompilePanel *panel = data;
  g_autofree char *trace = qr_pointfile_beside (panel->map_path);
  GStatBuf st;

  set_running (panel, FALSE);
  gtk_label_set_label (panel->status, ok ? _("Compiled") : cancelled ? _("Stopped") : _("The compile failed"));
  append (panel, ok ? _("Compiled.") : cancelled ? _("Stopped.") : _("The compile failed."), ok ? "step" : "problem");
  /* A leak trace this run left: shown at once, as the compiler meant. */
  if (trace != NULL && g_stat (trace, &st) == 0 && (gint64) st.st_mtime * G_USEC_PER_SEC >= panel->started - G_USEC_PER_SEC)
    {
      g_autofree char *name = g_filename_display_basename (trace);
      g_autofree char *line = g_strdup_printf (_("Leak trace %s loaded: View ▸ Next Leak Point walks it."), name);

      append (panel, line, "problem");
      _qr_window_load_pointfile (panel->owner, trace);
    }
}

static const QrCompileCallbacks callbacks = { on_step_started, on_output, on_step_done, on_finished };

/* The compile reads the map without its layers omitted from export
 * (qr-compile-source.h); the run's output says so when there are some. */
static char *
without_omitted_layers (QrCompilePanel *panel, char *path)
{
  QrWindow *self = panel->owner;
  g_autofree char *own = path;
  g_autoptr (GError) error = NULL;
  gboolean copied;
  char *source = qr_compile_source (qr_document_get_map (self->document), own, self->save_format, &copied, &error);

  if (source == NULL)
    append (panel, error->message, "problem");
  else if (copied)
    {
      g_autofree char *text = g_strdup_printf (_("Layers omitted from export are left out: compiling %s"), source);
      append (panel, text, "step");
    }
  return source;
}

/* The map as the compile reads it: saved to its file, or an unnamed one
 * to a copy in the user's cache; without the layers omitted from export.
 * NULL when that failed (said already). */
static char *
map_for_compile (QrCompilePanel *panel)
{
  QrWindow *self = panel->owner;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL, *path = NULL;

  if (self->file != NULL)
    return without_omitted_layers (panel, g_file_get_path (self->file));
  dir = g_build_filename (g_get_user_cache_dir (), "quarry", "compile", NULL);
  path = g_build_filename (dir, self->save_format == QR_SAVE_VMF ? "untitled.vmf" : "untitled.map", NULL);
  if (g_mkdir_with_parents (dir, 0700) != 0
      || !qr_map_save (qr_document_get_map (self->document), path, self->save_format, &error))
    {
      if (error == NULL)
        error = g_error_new (G_FILE_ERROR, g_file_error_from_errno (errno), _("Could not make %s"), dir);
      append (panel, error->message, "problem");
      return NULL;
    }
  return without_omitted_layers (panel, g_steal_pointer (&path));
}

static void
start_run (QrWindow *self, gpointer data)
{
  QrCompilePanel *panel = self->compile;
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) variables = NULL;
  const QrCompileProfile *profile;
  guint chosen;

  if (panel == NULL || qr_compile_run_is_running (panel->run))
    return;
  g_free (panel->map_path);
  panel->map_path = map_for_compile (panel);
  if (panel->map_path == NULL)
    return;
  chosen = gtk_drop_down_get_selected (panel->profile_list);
  if (panel->profiles == NULL || chosen >= panel->profiles->profiles->len)
    {
      append (panel, _("No compile profile: Edit Profiles to add one."), "problem");
      return;
    }
  profile = g_ptr_array_index (panel->profiles->profiles, chosen);
  remember_game_profile (self, profile->name);
  variables = qr_compile_variables (profile, panel->map_path, NULL);
  gtk_text_buffer_set_text (panel->buffer, "", 0);
  panel->started = g_get_real_time ();
  g_clear_pointer (&panel->run, qr_compile_run_free);
  panel->run = qr_compile_run_start (profile, variables, &callbacks, panel, &error);
  if (panel->run == NULL)
    {
      append (panel, error->message, "problem");
      gtk_label_set_label (panel->status, _("The compile did not start"));
      return;
    }
  set_running (panel, TRUE);
}

/* Run: the profiles read again, the map saved, then the steps. */
static void
run_clicked (QrCompilePanel *panel)
{
  QrWindow *self = panel->owner;

  if (qr_compile_run_is_running (panel->run))
    return;
  refresh_profiles (panel);
  if (self->file != NULL && qr_document_is_modified (self->document))
    _qr_window_save (self, FALSE, start_run, NULL, NULL);
  else
    start_run (self, NULL);
}

static void
stop_clicked (QrCompilePanel *panel)
{
  qr_compile_run_cancel (panel->run);
}

/* The editor saved: the list shows its profiles. */
static void
on_profiles_saved (QrCompilePanel *panel)
{
  if (!qr_compile_run_is_running (panel->run))
    refresh_profiles (panel);
}

static void
edit_clicked (QrCompilePanel *panel)
{
  guint chosen = gtk_drop_down_get_selected (panel->profile_list);
  const char *name = panel->profiles != NULL && chosen < panel->profiles->profiles->len
                         ? ((const QrCompileProfile *) g_ptr_array_index (panel->profiles->profiles, chosen))->name
                         : NULL;

  if (panel->editor == NULL)
    {
      panel->editor = qr_compile_editor_new (panel->window, name);
      g_object_add_weak_pointer (G_OBJECT (panel->editor), (gpointer *) &panel->editor);
      g_signal_connect_swapped (panel->editor, "saved", G_CALLBACK (on_profiles_saved), panel);
    }
  gtk_window_present (GTK_WINDOW (panel->editor));
}

/* Escape stops a run, or closes the window. */
static gboolean
on_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state, QrCompilePanel *panel)
{
  if (keyval != GDK_KEY_Escape)
    return FALSE;
  if (qr_compile_run_is_running (panel->run))
    qr_compile_run_cancel (panel->run);
  else
    gtk_widget_set_visible (GTK_WIDGET (panel->window), FALSE);
  return TRUE;
}

static QrCompilePanel *
panel_new (QrWindow *self)
{
  QrCompilePanel *panel = g_new0 (QrCompilePanel, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *edit = gtk_button_new_with_mnemonic (_("_Edit Profiles…"));
  GtkEventController *keys = gtk_event_controller_key_new ();

  panel->owner = self;
  panel->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_title (panel->window, _("Compile"));
  gtk_window_set_transient_for (panel->window, GTK_WINDOW (self));
  gtk_window_set_default_size (panel->window, 720, 420);
  gtk_window_set_hide_on_close (panel->window, TRUE);
  panel->names = gtk_string_list_new (NULL);
  panel->profile_list = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (panel->names), NULL));
  gtk_widget_set_hexpand (GTK_WIDGET (panel->profile_list), TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (panel->profile_list), _("The compile profile to run"));
  panel->run_button = gtk_button_new_with_mnemonic (_("_Run"));
  gtk_widget_add_css_class (panel->run_button, "suggested-action");
  panel->stop_button = gtk_button_new_with_mnemonic (_("_Stop"));
  g_signal_connect_swapped (panel->run_button, "clicked", G_CALLBACK (run_clicked), panel);
  g_signal_connect_swapped (panel->stop_button, "clicked", G_CALLBACK (stop_clicked), panel);
  g_signal_connect_swapped (edit, "clicked", G_CALLBACK (edit_clicked), panel);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (panel->profile_list));
  gtk_box_append (GTK_BOX (row), panel->run_button);
  gtk_box_append (GTK_BOX (row), panel->stop_button);
  gtk_box_append (GTK_BOX (row), edit);
  panel->view = GTK_TEXT_VIEW (gtk_text_view_new ());
  gtk_text_view_set_editable (panel->view, FALSE);
  gtk_text_view_set_monospace (panel->view, TRUE);
  gtk_text_view_set_wrap_mode (panel->view, GTK_WRAP_WORD_CHAR);
  panel->buffer = gtk_text_view_get_buffer (panel->view);
  gtk_text_buffer_create_tag (panel->buffer, "step", "weight", PANGO_WEIGHT_BOLD, NULL);
  gtk_text_buffer_create_tag (panel->buffer, "problem", "weight", PANGO_WEIGHT_BOLD, "foreground", "#e05050", NULL);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (panel->view));
  gtk_widget_set_vexpand (scroller, TRUE);
  panel->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (panel->status, 0);
  gtk_box_append (GTK_BOX (box), row);
  gtk_box_append (GTK_BOX (box), scroller);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (panel->status));
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_window_set_child (panel->window, box);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key), panel);
  gtk_widget_add_controller (GTK_WIDGET (panel->window), keys);
  set_running (panel, FALSE);
  /* The profile list is filled by the first run, which reads the file. */
  return panel;
}

static void
compile_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = QR_WINDOW (user_data);

  if (self->compile == NULL)
    self->compile = panel_new (self);
  gtk_window_present (self->compile->window);
  /* One key compiles: the window shows the run as it goes. */
  run_clicked (self->compile);
}

static const GActionEntry compile_entries[] = {
  { "compile", compile_activated },
};

void
_qr_window_init_compile (QrWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), compile_entries, G_N_ELEMENTS (compile_entries), self);
}

void
_qr_window_clear_compile (QrWindow *self)
{
  QrCompilePanel *panel = self->compile;

  if (panel == NULL)
    return;
  self->compile = NULL;
  /* A run still going is stopped: its process must not outlive the editor. */
  qr_compile_run_free (panel->run);
  if (panel->editor != NULL)
    {
      g_signal_handlers_disconnect_by_data (panel->editor, panel);
      g_object_remove_weak_pointer (G_OBJECT (panel->editor), (gpointer *) &panel->editor);
      gtk_window_destroy (GTK_WINDOW (panel->editor));
    }
  qr_compile_profiles_free (panel->profiles);
  g_free (panel->map_path);
  gtk_window_destroy (panel->window);
  g_free (panel);
}
