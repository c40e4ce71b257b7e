/* qr-window-export.c — File ▸ Export ▸ OBJ… and glTF Binary…: the map as a
 * mesh for other programs (issue 18), with the options of `quarry-cli
 * export` (qr-cli-export.c) in a small dialog that remembers them, then a
 * file chooser. As autosaves do (qr-window-autosave.c), the map is
 * snapshotted on the window's thread and a GTask thread builds the scene
 * and writes the files, so the editing goes on meanwhile; the snapshot
 * comes back to the window's thread to be freed. */
#include "qr-window-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "qr-export-build.h"
#include "qr-export-gltf.h"
#include "qr-export-obj.h"
#include "qr-texture-finder.h"

/* Map units per exported unit the Scale choices offer, in their order:
 * the map's units, then metres in Quake (32 units, a player's height of
 * 56 being about 1.75 m) and in Source (1 unit = 1 inch). */
static const double scale_presets[] = { 1, 32, 39.37 };

/* The status line of each export, with its time, for tests and timing:
 * G_MESSAGES_DEBUG=Quarry-Export. */
#define LOG_DOMAIN "Quarry-Export"

typedef struct
{
  QrMap *snapshot;       /* owned; made and freed on the window's thread */
  char *path;            /* the file to write */
  char *name;            /* its name, for messages */
  gboolean glb;
  QrExportOptions options; /* options.finder is the worker's */
  QrExportTextures where;
  char *wad_key;
  QrFileKind kind;
  char *map_path;        /* NULL for an unsaved map */
  char **search;
  /* the worker's answer */
  guint objects;         /* written, i.e. with triangles */
  guint64 triangles;
  gint64 started;        /* monotonic µs, on the window's thread */
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  /* The snapshot went back to the window's thread in export_done. */
  g_assert (job->snapshot == NULL);
  g_free (job->path);
  g_free (job->name);
  g_free (job->wad_key);
  g_free (job->map_path);
  g_strfreev (job->search);
  g_free (job);
}

static void
export_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ExportJob *job = task_data;
  GError *error = NULL;
  /* The window's finder belongs to its thread: this one is the worker's,
   * over the same collections the 3D view's textures came from. */
  g_autoptr (QrTextureFinder) finder
      = qr_texture_finder_new (job->wad_key, job->kind, job->map_path, (const char *const *) job->search);
  QrExportOptions options = job->options;
  options.finder = finder;
  g_autoptr (QrExportScene) scene = qr_export_scene_from_map (job->snapshot, &options, NULL);
  gboolean ok = job->glb ? qr_export_write_glb (scene, job->path, job->where, &error)
                         : qr_export_write_obj (scene, job->path, &error);
  if (!ok)
    {
      g_task_return_error (task, error);
      return;
    }
  /* What the file holds: the writers leave out objects without triangles. */
  for (guint i = 0; i < scene->objects->len; i++)
    job->objects += !qr_export_object_is_empty (g_ptr_array_index (scene->objects, i));
  job->triangles = scene->triangles_after;
  g_task_return_boolean (task, TRUE);
}

static void
stop_pulse (QrWindow *self)
{
  g_clear_handle_id (&self->export_pulse, g_source_remove);
  if (self->export_progress != NULL)
    gtk_widget_set_visible (GTK_WIDGET (self->export_progress), FALSE);
}

static void
export_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  QrWindow *self = QR_WINDOW (source);
  ExportJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;

  /* Patches and displacements in it are shared with the document by
   * counts that are not atomic: freed here, not on the worker. */
  g_clear_pointer (&job->snapshot, qr_map_free);
  self->export_running = FALSE;
  /* The window closed while the worker wrote: nothing left to tell. */
  if (self->document == NULL)
    return;
  stop_pulse (self);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_autofree char *primary = g_strdup_printf (_("Could not export %s"), job->name);
      _qr_window_show_error (self, primary, error);
      g_log (LOG_DOMAIN, G_LOG_LEVEL_DEBUG, "%s: %s", primary, error->message);
      return;
    }
  g_autofree char *message = g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "Exported %s: %u object, %" G_GUINT64_FORMAT " triangles",
                   "Exported %s: %u objects, %" G_GUINT64_FORMAT " triangles", job->objects),
      job->name, job->objects, job->triangles);
  _qr_window_set_message (self, message);
  g_log (LOG_DOMAIN, G_LOG_LEVEL_DEBUG, "%s (%.0f ms)", message, (g_get_monotonic_time () - job->started) / 1000.0);
}

static gboolean
pulse (gpointer data)
{
  gtk_progress_bar_pulse (QR_WINDOW (data)->export_progress);
  return G_SOURCE_CONTINUE;
}

static void
start_export (QrWindow *self, const char *path, gboolean glb)
{
  const QrMap *map = qr_document_get_map (self->document);
  g_autofree char *units_text = NULL;
  g_autofree char *up = g_settings_get_string (self->settings, "export-up-axis");
  g_autofree char *entities = g_settings_get_string (self->settings, "export-entities");
  g_autofree char *textures = g_settings_get_string (self->settings, "export-gltf-textures");

  /* The chooser asked after the options: another export may have begun
   * from another way in meanwhile. */
  if (self->export_running)
    {
      _qr_window_set_message (self, _("An export is still running: try again when it ends"));
      return;
    }
  ExportJob *job = g_new0 (ExportJob, 1);
  job->path = g_strdup (path);
  job->name = g_path_get_basename (path);
  job->glb = glb;
  job->options.no_union = !g_settings_get_boolean (self->settings, "export-remove-hidden");
  job->options.entities = g_str_equal (entities, "world") ? QR_EXPORT_ENTITIES_WORLD : QR_EXPORT_ENTITIES_ALL;
  job->options.up = g_str_equal (up, "z") ? QR_EXPORT_UP_Z : QR_EXPORT_UP_Y;
  job->options.scale = 1 / g_settings_get_double (self->settings, "export-units");
  job->options.images = TRUE;
  job->where = g_str_equal (textures, "external") ? QR_EXPORT_TEXTURES_EXTERNAL : QR_EXPORT_TEXTURES_EMBEDDED;
  job->wad_key = g_strdup (qr_texture_finder_wad_key (map));
  job->kind = map->kind;
  job->map_path = self->file != NULL ? g_file_get_path (self->file) : NULL;
  job->search = _qr_window_dup_texture_search (self);
  job->started = g_get_monotonic_time ();
  job->snapshot = qr_map_snapshot (map);
  self->export_running = TRUE;

  gtk_progress_bar_set_fraction (self->export_progress, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->export_progress), TRUE);
  self->export_pulse = g_timeout_add (100, pulse, self);
  g_autofree char *message = g_strdup_printf (_("Exporting %s…"), job->name);
  _qr_window_set_message (self, message);

  g_autoptr (GTask) task = g_task_new (self, NULL, export_done, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  g_task_run_in_thread (task, export_thread);
}

/* ---- the file chooser ---- */

static void
chooser_response (GtkNativeDialog *dialog, int response, gpointer user_data)
{
  g_autoptr (QrWindow) self = g_object_ref (g_object_get_data (G_OBJECT (dialog), "window"));
  gboolean glb = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "glb"));
  g_autoptr (GFile) file = response == GTK_RESPONSE_ACCEPT ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog))
                                                           : NULL;
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  /* The window closed while the chooser was open. */
  if (path == NULL || self->document == NULL)
    return;
  /* The writers take the format from the call, readers from the name. */
  const char *ext = glb ? ".glb" : ".obj";
  if (!g_str_has_suffix (path, ext) && !g_str_has_suffix (path, glb ? ".GLB" : ".OBJ"))
    {
      char *named = g_strconcat (path, ext, NULL);
      g_free (path);
      path = named;
    }
  start_export (self, path, glb);
}

/* Proposes the map's name with the format's extension, in its folder. */
static void
choose_file (QrWindow *self, gboolean glb)
{
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
      glb ? _("Export glTF Binary As") : _("Export OBJ As"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"),
      _("_Cancel"));
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *base = self->file != NULL ? g_file_get_basename (self->file) : g_strdup (_("untitled"));
  char *dot = strrchr (base, '.');

  gtk_file_filter_set_name (filter, glb ? _("glTF binary (*.glb)") : _("Wavefront OBJ (*.obj)"));
  gtk_file_filter_add_suffix (filter, glb ? "glb" : "obj");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  if (self->file != NULL)
    {
      g_autoptr (GFile) folder = g_file_get_parent (self->file);
      if (folder != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder, NULL);
    }
  if (dot != NULL && dot != base)
    *dot = '\0';
  g_autofree char *name = g_strconcat (base, glb ? ".glb" : ".obj", NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_object_set_data (G_OBJECT (dialog), "glb", GINT_TO_POINTER (glb));
  /* The chooser holds the window until it answers. */
  g_object_set_data_full (G_OBJECT (dialog), "window", g_object_ref (self), g_object_unref);
  g_signal_connect (dialog, "response", G_CALLBACK (chooser_response), NULL);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* ---- the options ---- */

typedef struct
{
  QrWindow *window; /* owned reference */
  gboolean glb;
  GtkCheckButton *up_z;
  GtkCheckButton *scale[G_N_ELEMENTS (scale_presets) + 1]; /* the presets, then Custom */
  GtkSpinButton *units;
  GtkCheckButton *world_only;
  GtkCheckButton *remove_hidden;
  GtkCheckButton *external; /* glTF only */
} OptionsDialog;

static void
options_dialog_free (gpointer data, GClosure *closure)
{
  OptionsDialog *d = data;
  g_object_unref (d->window);
  g_free (d);
}

static void
options_response (GtkDialog *dialog, int response, OptionsDialog *d)
{
  QrWindow *self = d->window;
  if (response == GTK_RESPONSE_OK)
    {
      double units = gtk_spin_button_get_value (d->units);
      for (guint i = 0; i < G_N_ELEMENTS (scale_presets); i++)
        if (gtk_check_button_get_active (d->scale[i]))
          units = scale_presets[i];
      g_settings_set_string (self->settings, "export-up-axis", gtk_check_button_get_active (d->up_z) ? "z" : "y");
      g_settings_set_double (self->settings, "export-units", units);
      g_settings_set_string (self->settings, "export-entities",
                             gtk_check_button_get_active (d->world_only) ? "world" : "all");
      g_settings_set_boolean (self->settings, "export-remove-hidden", gtk_check_button_get_active (d->remove_hidden));
      if (d->external != NULL)
        g_settings_set_string (self->settings, "export-gltf-textures",
                               gtk_check_button_get_active (d->external) ? "external" : "embedded");
    }
  gboolean glb = d->glb;
  g_object_ref (self);
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_OK)
    choose_file (self, glb);
  g_object_unref (self);
}

/* A preset chosen shows its value in the spin button, which only Custom edits. */
static void
on_scale_toggled (GtkCheckButton *button, OptionsDialog *d)
{
  guint last = G_N_ELEMENTS (scale_presets);
  if (!gtk_check_button_get_active (button))
    return;
  for (guint i = 0; i < last; i++)
    if (button == d->scale[i])
      gtk_spin_button_set_value (d->units, scale_presets[i]);
  gtk_widget_set_sensitive (GTK_WIDGET (d->units), button == d->scale[last]);
}

/* Two or more choices under a bold heading, at row *row of grid. */
static GtkCheckButton *
add_choice (GtkGrid *grid, int *row, const char *heading, const char *label, GtkCheckButton *group)
{
  GtkWidget *button = gtk_check_button_new_with_mnemonic (label);
  if (heading != NULL)
    {
      GtkWidget *title = gtk_label_new (heading);
      gtk_widget_add_css_class (title, "heading");
      gtk_label_set_xalign (GTK_LABEL (title), 0);
      gtk_widget_set_margin_top (title, *row > 0 ? 8 : 0);
      gtk_grid_attach (grid, title, 0, (*row)++, 2, 1);
    }
  if (group != NULL)
    gtk_check_button_set_group (GTK_CHECK_BUTTON (button), group);
  gtk_widget_set_margin_start (button, 12);
  gtk_grid_attach (grid, button, 0, (*row)++, 1, 1);
  return GTK_CHECK_BUTTON (button);
}

static void
show_options (QrWindow *self, gboolean glb)
{
  g_autofree char *up = g_settings_get_string (self->settings, "export-up-axis");
  g_autofree char *entities = g_settings_get_string (self->settings, "export-entities");
  g_autofree char *textures = g_settings_get_string (self->settings, "export-gltf-textures");
  double units = g_settings_get_double (self->settings, "export-units");
  guint custom = G_N_ELEMENTS (scale_presets);
  guint chosen = custom;
  int row = 0;

  if (self->export_running)
    {
      _qr_window_set_message (self, _("An export is still running: try again when it ends"));
      return;
    }
  OptionsDialog *d = g_new0 (OptionsDialog, 1);
  d->window = g_object_ref (self);
  d->glb = glb;
  GtkWidget *dialog = gtk_dialog_new_with_buttons (glb ? _("Export glTF Binary") : _("Export OBJ"), GTK_WINDOW (self),
                                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT, _("_Cancel"),
                                                   GTK_RESPONSE_CANCEL, _("_Export…"), GTK_RESPONSE_OK, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  gtk_window_set_resizable (GTK_WINDOW (dialog), FALSE);
  GtkWidget *box = gtk_dialog_get_content_area (GTK_DIALOG (dialog));
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (grid, 4);
  gtk_grid_set_column_spacing (grid, 8);
  gtk_widget_set_margin_start (GTK_WIDGET (grid), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (grid), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (grid), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (grid), 12);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (grid));

  GtkCheckButton *up_y = add_choice (grid, &row, _("Up axis"), _("_Y up (glTF, Blender)"), NULL);
  d->up_z = add_choice (grid, &row, NULL, _("_Z up (the map’s own axes)"), up_y);
  gtk_check_button_set_active (g_str_equal (up, "z") ? d->up_z : up_y, TRUE);

  const char *scale_labels[] = { N_("_1 unit = 1 unit"), N_("_32 units = 1 metre (Quake)"),
                                 N_("39.37 units = 1 metre (_Source)"), N_("C_ustom, map units per unit:") };
  for (guint i = 0; i <= custom; i++)
    d->scale[i] = add_choice (grid, &row, i == 0 ? _("Scale") : NULL, _(scale_labels[i]), i > 0 ? d->scale[0] : NULL);
  d->units = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0.001, 100000, 1));
  gtk_spin_button_set_digits (d->units, 3);
  gtk_spin_button_set_value (d->units, units);
  gtk_grid_attach (grid, GTK_WIDGET (d->units), 1, row - 1, 1, 1);
  for (guint i = 0; i < custom; i++)
    if (fabs (units - scale_presets[i]) < 1e-9)
      chosen = i;
  gtk_check_button_set_active (d->scale[chosen], TRUE);
  gtk_widget_set_sensitive (GTK_WIDGET (d->units), chosen == custom);
  for (guint i = 0; i <= custom; i++)
    g_signal_connect (d->scale[i], "toggled", G_CALLBACK (on_scale_toggled), d);

  GtkCheckButton *all = add_choice (grid, &row, _("Entities"), _("_All brush entities"), NULL);
  d->world_only = add_choice (grid, &row, NULL, _("_World only (with its groups and detail)"), all);
  gtk_check_button_set_active (g_str_equal (entities, "world") ? d->world_only : all, TRUE);

  d->remove_hidden = add_choice (grid, &row, _("Faces"), _("Remove _hidden faces"), NULL);
  gtk_check_button_set_active (d->remove_hidden, g_settings_get_boolean (self->settings, "export-remove-hidden"));

  if (glb)
    {
      GtkCheckButton *inside = add_choice (grid, &row, _("Textures"), _("_Inside the file"), NULL);
      d->external = add_choice (grid, &row, NULL, _("_Beside it, PNG files in NAME__textures/"), inside);
      gtk_check_button_set_active (g_str_equal (textures, "external") ? d->external : inside, TRUE);
    }

  g_signal_connect_data (dialog, "response", G_CALLBACK (options_response), d, options_dialog_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  /* Return on a choice would toggle it: the default button starts with the focus. */
  gtk_widget_grab_focus (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK));
}

static void
export_obj_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  show_options (QR_WINDOW (user_data), FALSE);
}

static void
export_gltf_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  show_options (QR_WINDOW (user_data), TRUE);
}

static const GActionEntry export_entries[] = {
  { "export-obj", export_obj_activated },
  { "export-gltf", export_gltf_activated },
};

void
_qr_window_init_export (QrWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), export_entries, G_N_ELEMENTS (export_entries), self);
}

void
_qr_window_clear_export (QrWindow *self)
{
  /* A worker still writing keeps the window alive (the task holds it)
   * and frees its snapshot in export_done. */
  g_clear_handle_id (&self->export_pulse, g_source_remove);
}
