/* qr-preferences.c — see qr-preferences.h. Nothing here holds a value of
 * its own: each control is bound to its setting (g_settings_bind, or for
 * the texture filter an action made from the setting, as the 3D view's
 * menu makes its own), so a change made anywhere else shows here at once
 * and the other way round. */
#include "qr-preferences.h"

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

  /* owned */
  GSettings *settings;
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

static void
on_transient_for (QrPreferences *self, GParamSpec *pspec, gpointer data)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "prefs.texture-folders",
                                 gtk_window_get_transient_for (GTK_WINDOW (self)) != NULL);
}

static void
qr_preferences_dispose (GObject *object)
{
  QrPreferences *self = QR_PREFERENCES (object);
  gtk_widget_dispose_template (GTK_WIDGET (self), QR_TYPE_PREFERENCES);
  g_clear_object (&self->settings);
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

  gtk_widget_class_install_action (widget_class, "prefs.texture-folders", NULL, texture_folders_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
qr_preferences_init (QrPreferences *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
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

  /* The 3D view's Texture Filter menu is such an action too: one setting
   * behind both, each action's state following every change of it. */
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr (GAction) filter = g_settings_create_action (settings, "texture-filter");
  g_action_map_add_action (G_ACTION_MAP (group), filter);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "settings", G_ACTION_GROUP (group));
  return self;
}
