/* qr-preferences.c — see qr-preferences.h. Nothing here holds a value of
 * its own: each control is bound to its setting (g_settings_bind, or for
 * the texture filter an action made from the setting, as the 3D view's
 * menu makes its own), so a change made anywhere else shows here at once
 * and the other way round. The entity definition rows write the one
 * entity-definitions dictionary and follow it the same way. */
#include "qr-preferences.h"

#include <glib/gi18n.h>
#include <string.h>
#include "qr-application.h"
#include "qr-compile-editor.h"

/* The games of the entity-definitions setting (qr_dialect_game's names),
 * in the order of the rows. */
static const struct
{
  const char *game;
  const char *label;
} entdef_games[] = {
  { "quake", N_("Qua_ke") },
  { "quake2", N_("Quake _2") },
  { "quake3", N_("Quake _3") },
  { "halflife", N_("_Half-Life") },
  { "source", N_("So_urce") },
};

#define N_ENTDEF_GAMES G_N_ELEMENTS (entdef_games)

struct _QrPreferences
{
  GtkWindow parent_instance;

  /* template widgets */
  GtkSpinButton *scale_quake;
  GtkSpinButton *scale_source;
  GtkCheckButton *texture_lock;
  GtkDropDown *grid_size;
  GtkSpinButton *camera_speed;
  GtkSpinButton *recent_limit;
  GtkSpinButton *autosave_interval;
  GtkSpinButton *autosave_keep;
  GtkCheckButton *save_backup;
  GtkGrid *entdef_grid;

  /* made in code, in entdef_grid */
  GtkEntry *entdef_entry[N_ENTDEF_GAMES];
  GtkLabel *entdef_status[N_ENTDEF_GAMES];

  /* owned */
  GSettings *settings;
  char *entdef_shown[N_ENTDEF_GAMES]; /* the path each entry was last given from the setting */
};

G_DEFINE_FINAL_TYPE (QrPreferences, qr_preferences, GTK_TYPE_WINDOW)

/* The grid list holds the powers of two [ and ] step through: item i is
 * 2^i. A size between two of them (set by hand) shows the smaller. */
static gboolean
grid_index_from_setting (GValue *value, GVariant *variant, gpointer data)
{
  GtkDropDown *drop_down = data;
  guint n = g_list_model_get_n_items (gtk_drop_down_get_model (drop_down));
  int size = g_variant_get_int32 (variant);
  guint i = 0;
  while (i + 1 < n && (1 << (i + 1)) <= size)
    i++;
  g_value_set_uint (value, i);
  return TRUE;
}

static GVariant *
grid_size_from_index (const GValue *value, const GVariantType *type, gpointer data)
{
  GtkDropDown *drop_down = data;
  guint i = g_value_get_uint (value);
  if (i >= g_list_model_get_n_items (gtk_drop_down_get_model (drop_down)))
    return NULL;
  return g_variant_new_int32 (1 << i);
}

/* The Texture Folders dialog belongs to a map window (it names the map's
 * game): the one Preferences was opened from. */
static void
texture_folders_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (widget));
  if (parent != NULL)
    gtk_widget_activate_action (GTK_WIDGET (parent), "win.texture-folders", NULL);
}

/* The compile profiles belong to no map: an editor over Preferences. */
static void
compile_profiles_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  gtk_window_present (GTK_WINDOW (qr_compile_editor_new (GTK_WINDOW (widget), NULL)));
}

static void
on_transient_for (QrPreferences *self, GParamSpec *pspec, gpointer data)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "prefs.texture-folders",
                                 gtk_window_get_transient_for (GTK_WINDOW (self)) != NULL);
}

/* ---- entity definitions ---- */

static char *
dup_entdef_path (QrPreferences *self, guint i)
{
  g_autoptr (GVariant) all = g_settings_get_value (self->settings, "entity-definitions");
  const char *path = NULL;
  return g_strdup (g_variant_lookup (all, entdef_games[i].game, "&s", &path) ? path : "");
}

/* Sets game i's file (none for "" or NULL), the other games' kept. */
static void
set_entdef_path (QrPreferences *self, guint i, const char *path)
{
  g_autoptr (GVariant) all = g_settings_get_value (self->settings, "entity-definitions");
  GVariantBuilder builder;
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  GVariantIter iter;
  const char *game, *file;
  g_variant_iter_init (&iter, all);
  while (g_variant_iter_next (&iter, "{&s&s}", &game, &file))
    if (!g_str_equal (game, entdef_games[i].game))
      g_variant_builder_add (&builder, "{ss}", game, file);
  if (path != NULL && path[0] != '\0')
    g_variant_builder_add (&builder, "{ss}", entdef_games[i].game, path);
  g_settings_set_value (self->settings, "entity-definitions", g_variant_builder_end (&builder));
}

/* What loading game i's file finds, under its row: nothing when there is
 * no file, the number of classes, or the problems and the first of them. */
static void
update_entdef_status (QrPreferences *self, guint i, const char *path)
{
  GtkLabel *status = self->entdef_status[i];
  gtk_widget_set_visible (GTK_WIDGET (status), path[0] != '\0');
  if (path[0] == '\0')
    return;
  g_autoptr (GError) error = NULL;
  GApplication *app = g_application_get_default ();
  g_autoptr (QrEntDefs) defs = qr_application_load_entdefs (QR_IS_APPLICATION (app) ? QR_APPLICATION (app) : NULL,
                                                            path, &error);
  g_autofree char *text = NULL;
  gboolean problem = TRUE;
  if (defs == NULL)
    text = g_strdup_printf (_("Not loaded: %s"), error->message);
  else if (qr_entdefs_error_count (defs) > 0)
    {
      guint n = qr_entdefs_error_count (defs);
      /* "bad.fgd:3:7: …": the folder is the row's, and would push the
       * message out of sight. */
      const char *first = qr_entdefs_error (defs, 0);
      g_autofree char *dir = g_path_get_dirname (path);
      gsize len = strlen (dir);
      if (strncmp (first, dir, len) == 0 && first[len] == G_DIR_SEPARATOR)
        first += len + 1;
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u problem: %s", "%u problems, the first: %s", n), n,
                              first);
    }
  else
    {
      guint n = qr_entdefs_count (defs);
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u class", "%u classes", n), n);
      problem = FALSE;
    }
  gtk_label_set_label (status, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (status), text);
  if (problem)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (status), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (status), "error");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (status), "error");
      gtk_widget_add_css_class (GTK_WIDGET (status), "dim-label");
    }
}

/* The rows follow the setting. An entry is rewritten only when its own
 * game's file changed, so that a path being typed in one row survives a
 * change to another. */
static void
on_entdefs_changed (GSettings *settings, const char *key, QrPreferences *self)
{
  for (guint i = 0; i < N_ENTDEF_GAMES; i++)
    {
      g_autofree char *path = dup_entdef_path (self, i);
      if (self->entdef_shown[i] != NULL && g_str_equal (self->entdef_shown[i], path))
        continue;
      gtk_editable_set_text (GTK_EDITABLE (self->entdef_entry[i]), path);
      update_entdef_status (self, i, path);
      g_free (self->entdef_shown[i]);
      self->entdef_shown[i] = g_steal_pointer (&path);
    }
}

static guint
entdef_index (gpointer widget)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "entdef-game"));
}

/* A typed path takes effect on Enter or when the entry loses the focus. */
static void
commit_entdef_entry (QrPreferences *self, GtkEntry *entry)
{
  /* The entry loses the focus as the window goes, after dispose. */
  if (self->settings == NULL)
    return;
  guint i = entdef_index (entry);
  g_autofree char *path = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  g_autofree char *now = dup_entdef_path (self, i);
  if (!g_str_equal (path, now))
    set_entdef_path (self, i, path);
}

static void
on_entdef_activate (GtkEntry *entry, QrPreferences *self)
{
  commit_entdef_entry (self, entry);
}

static void
on_entdef_focus_leave (GtkEventControllerFocus *focus, QrPreferences *self)
{
  commit_entdef_entry (self, GTK_ENTRY (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus))));
}

static void
on_entdef_chosen (GtkNativeDialog *chooser, int response, QrPreferences *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      if (path != NULL)
        set_entdef_path (self, entdef_index (chooser), path);
    }
  g_object_unref (chooser);
}

static void
on_entdef_browse (GtkButton *button, QrPreferences *self)
{
  guint i = entdef_index (button);
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (_("Entity Definitions"), GTK_WINDOW (self),
                                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  g_object_set_data (G_OBJECT (chooser), "entdef-game", GUINT_TO_POINTER (i));
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("Entity definitions (FGD, DEF, ENT)"));
  gtk_file_filter_add_suffix (filter, "fgd");
  gtk_file_filter_add_suffix (filter, "def");
  gtk_file_filter_add_suffix (filter, "ent");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_autofree char *path = dup_entdef_path (self, i);
  if (path[0] != '\0')
    {
      g_autoptr (GFile) file = g_file_new_for_path (path);
      gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), file, NULL);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_entdef_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
on_entdef_clear (GtkButton *button, QrPreferences *self)
{
  set_entdef_path (self, entdef_index (button), NULL);
}

/* Label, entry, Browse…, Clear, and under them the status, per game. */
static void
build_entdef_rows (QrPreferences *self)
{
  for (guint i = 0; i < N_ENTDEF_GAMES; i++)
    {
      int row = (int) i * 2;
      GtkWidget *label = gtk_label_new_with_mnemonic (_(entdef_games[i].label));
      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      gtk_grid_attach (self->entdef_grid, label, 0, row, 1, 1);

      GtkWidget *entry = gtk_entry_new ();
      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 40);
      gtk_widget_set_hexpand (entry, TRUE);
      gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("None"));
      gtk_widget_set_tooltip_text (entry, _("The FGD, DEF or ENT file whose classes this game's maps use, unless a "
                                            "map names its own (_tb_def)"));
      g_object_set_data (G_OBJECT (entry), "entdef-game", GUINT_TO_POINTER (i));
      g_signal_connect (entry, "activate", G_CALLBACK (on_entdef_activate), self);
      GtkEventController *focus = gtk_event_controller_focus_new ();
      g_signal_connect (focus, "leave", G_CALLBACK (on_entdef_focus_leave), self);
      gtk_widget_add_controller (entry, focus);
      gtk_label_set_mnemonic_widget (GTK_LABEL (label), entry);
      gtk_grid_attach (self->entdef_grid, entry, 1, row, 1, 1);
      self->entdef_entry[i] = GTK_ENTRY (entry);

      GtkWidget *browse = gtk_button_new_with_label (_("Browse…"));
      g_object_set_data (G_OBJECT (browse), "entdef-game", GUINT_TO_POINTER (i));
      g_signal_connect (browse, "clicked", G_CALLBACK (on_entdef_browse), self);
      gtk_grid_attach (self->entdef_grid, browse, 2, row, 1, 1);

      GtkWidget *clear = gtk_button_new_from_icon_name ("edit-clear-symbolic");
      gtk_widget_set_tooltip_text (clear, _("No definitions for this game"));
      g_object_set_data (G_OBJECT (clear), "entdef-game", GUINT_TO_POINTER (i));
      g_signal_connect (clear, "clicked", G_CALLBACK (on_entdef_clear), self);
      gtk_grid_attach (self->entdef_grid, clear, 3, row, 1, 1);

      GtkWidget *status = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (status), 0.0f);
      gtk_label_set_ellipsize (GTK_LABEL (status), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (status), 60);
      gtk_widget_set_visible (status, FALSE);
      gtk_grid_attach (self->entdef_grid, status, 1, row + 1, 3, 1);
      self->entdef_status[i] = GTK_LABEL (status);
    }
}

static void
qr_preferences_dispose (GObject *object)
{
  QrPreferences *self = QR_PREFERENCES (object);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), QR_TYPE_PREFERENCES);
  g_clear_object (&self->settings);
  for (guint i = 0; i < N_ENTDEF_GAMES; i++)
    g_clear_pointer (&self->entdef_shown[i], g_free);
  G_OBJECT_CLASS (qr_preferences_parent_class)->dispose (object);
}

static void
qr_preferences_class_init (QrPreferencesClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  G_OBJECT_CLASS (klass)->dispose = qr_preferences_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/quarry/Quarry/ui/qr-preferences.ui");
  gtk_widget_class_bind_template_child (widget_class, QrPreferences, scale_quake);
  gtk_widget_class_bind_template_child (widget_class, QrPreferences, scale_source);
  gtk_widget_class_bind_template_child (widget_class, QrPreferences, texture_lock);
  gtk_widget_class_bind_template_child (widget_class, QrPreferences, grid_size);
  gtk_widget_class_bind_template_child (widget_class, QrPreferences, camera_speed);
  gtk_widget_class_bind_template_child (widget_class, QrPreferences, recent_limit);
  gtk_widget_class_bind_template_child (widget_class, QrPreferences, autosave_interval);
  gtk_widget_class_bind_template_child (widget_class, QrPreferences, autosave_keep);
  gtk_widget_class_bind_template_child (widget_class, QrPreferences, save_backup);
  gtk_widget_class_bind_template_child (widget_class, QrPreferences, entdef_grid);

  gtk_widget_class_install_action (widget_class, "prefs.texture-folders", NULL, texture_folders_activated);
  gtk_widget_class_install_action (widget_class, "prefs.compile-profiles", NULL, compile_profiles_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
qr_preferences_init (QrPreferences *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  build_entdef_rows (self);
  g_signal_connect (self, "notify::transient-for", G_CALLBACK (on_transient_for), NULL);
  on_transient_for (self, NULL, NULL);
}

QrPreferences *
qr_preferences_new (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  QrPreferences *self = g_object_new (QR_TYPE_PREFERENCES, NULL);
  self->settings = g_object_ref (settings);

  g_settings_bind (settings, "texture-scale-quake", self->scale_quake, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "texture-scale-source", self->scale_source, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "texture-lock", self->texture_lock, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (settings, "grid-size", self->grid_size, "selected", G_SETTINGS_BIND_DEFAULT,
                                grid_index_from_setting, grid_size_from_index, self->grid_size, NULL);
  g_settings_bind (settings, "camera-speed", self->camera_speed, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "recent-limit", self->recent_limit, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "autosave-interval", self->autosave_interval, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "autosave-keep", self->autosave_keep, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "save-backup", self->save_backup, "active", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect (settings, "changed::entity-definitions", G_CALLBACK (on_entdefs_changed), self);
  on_entdefs_changed (settings, "entity-definitions", self);

  /* The 3D view's Texture Filter menu is such an action too: one setting
   * behind both, each action's state following every change of it. */
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr (GAction) filter = g_settings_create_action (settings, "texture-filter");
  g_action_map_add_action (G_ACTION_MAP (group), filter);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "settings", G_ACTION_GROUP (group));
  return self;
}
