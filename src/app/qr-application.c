/* qr-application.c — see qr-application.h. */
#include "qr-application.h"
#include "qr-gl-context.h"
#include "qr-entdef-io.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include "qr-autosave.h"
#include "qr-preferences.h"
#include "qr-recovery-dialog.h"
#include "qr-window.h"

struct _QrApplication
{
  GtkApplication parent_instance;

  /* owned */
  GSettings *settings;
  GdkGLContext *gl_context; /* every view's, or NULL: see qr-gl-context.h */
  int bench_frames; /* --bench-render N or --bench-drag N: 0 when not benchmarking */
  gboolean bench_drag;
  GHashTable *entdefs; /* path → EntDefsEntry: definitions read, with the file's mtime */
  QrAutosave *autosave; /* this run's session in the autosave store, or NULL */
  gboolean recovery_offered;

  /* borrowed (GTK's list of toplevels holds it): one for every window, NULL when closed */
  QrPreferences *preferences;
};

G_DEFINE_FINAL_TYPE (QrApplication, qr_application, GTK_TYPE_APPLICATION)

static const struct
{
  const char *action;
  const char *accels[4];
} accels[] = {
  { "win.new", { "<Control>n", NULL } },
  { "win.open", { "<Control>o", NULL } },
  { "win.save", { "<Control>s", NULL } },
  { "win.save-as", { "<Control><Shift>s", NULL } },
  { "win.close", { "<Control>w", NULL } },
  { "app.quit", { "<Control>q", NULL } },
  { "app.preferences", { "<Control>comma", NULL } },
  { "win.compile", { "F5", NULL } },
  { "win.next-leak-point", { "<Control><Shift>Right", NULL } },
  { "win.previous-leak-point", { "<Control><Shift>Left", NULL } },
  { "win.undo", { "<Control>z", NULL } },
  { "win.redo", { "<Control>y", "<Control><Shift>z", NULL } },
  { "win.cut", { "<Control>x", NULL } },
  { "win.copy", { "<Control>c", NULL } },
  { "win.paste", { "<Control>v", NULL } },
  { "win.paste-in-place", { "<Control><Shift>v", NULL } },
  { "win.delete", { "Delete", NULL } },
  { "win.duplicate", { "<Control>d", NULL } },
  { "win.select-all", { "<Control>a", NULL } },
  { "win.select-none", { "<Control><Shift>a", NULL } },
  { "win.select-invert", { "<Control>i", NULL } },
  /* Hammer's H; Show All on Shift+H as well as Alt+H, which a menu bar's
   * _Help mnemonic may take first. */
  { "win.hide-selection", { "h", NULL } },
  { "win.show-all", { "<Alt>h", "<Shift>h", NULL } },
  { "win.isolate-selection", { "<Control><Shift>i", NULL } },
  { "win.grid-smaller", { "bracketleft", NULL } },
  { "win.grid-larger", { "bracketright", NULL } },
  { "win.zoom-in", { "plus", "equal", "KP_Add" } },
  { "win.zoom-out", { "minus", "KP_Subtract", NULL } },
  { "win.zoom-selection", { "<Control>e", NULL } },
  { "win.zoom-map", { "<Control><Shift>e", NULL } },
  { "win.maximize-current", { "<Control><Shift>m", NULL } },
  { "win.show-history", { "F9", NULL } },
  { "win.show-problems", { "F7", NULL } },
  { "win.show-groups", { "<Control><Shift>g", NULL } },
  { "win.show-entities", { "<Alt>Return", NULL } },
  { "win.texture-browser", { "<Shift>t", NULL } },
  { "win.texture-lock", { "<Shift>l", NULL } },
  { "win.face-properties", { "<Control><Shift>f", NULL } },
  { "win.replace-textures", { "<Control><Shift>h", NULL } },
  { "win.find-objects", { "<Control>f", NULL } },
  { "win.carve", { "<Control><Shift>c", NULL } },
  { "win.hollow", { "<Control>h", NULL } },
  { "win.group", { "<Control>g", NULL } },
  { "win.ungroup", { "<Control>u", NULL } },
  { "win.show-help-overlay", { "<Control>question", "F1", NULL } },
  { "win.tool('select')", { "<Shift>s", NULL } },
  { "win.rotate-90('z+')", { "<Control>r", NULL } },
  { "win.rotate-90('z-')", { "<Control><Shift>r", NULL } },
  { "win.tool('block')", { "<Shift>b", NULL } },
  { "win.tool('clip')", { "<Shift>x", NULL } },
  { "win.tool('texture')", { "<Shift>a", NULL } },
  { "win.tool('entity')", { "<Shift>e", NULL } },
  { "win.tool('landscape')", { "<Shift>g", NULL } },
  { "win.tool('displacement')", { "<Shift>d", NULL } },
  { "win.tool('vertex')", { "<Shift>v", NULL } },
  { "win.transform", { "<Control>m", NULL } },
  { "win.tie-choose", { "<Control>t", NULL } },
  { "win.untie", { "<Control><Shift>w", NULL } },
};

static gboolean
is_map_uri (const char *uri)
{
  g_autofree char *lower = g_ascii_strdown (uri, -1);
  return g_str_has_suffix (lower, ".map") || g_str_has_suffix (lower, ".vmf");
}

static int
newest_first (gconstpointer a, gconstpointer b)
{
  GDateTime *ta = gtk_recent_info_get_modified ((GtkRecentInfo *) a);
  GDateTime *tb = gtk_recent_info_get_modified ((GtkRecentInfo *) b);
  return g_date_time_compare (tb, ta);
}

static void
update_recent_menu (GtkRecentManager *manager, QrApplication *self)
{
  GMenu *section = gtk_application_get_menu_by_id (GTK_APPLICATION (self), "recent_section");
  if (section == NULL)
    return;
  g_menu_remove_all (section);
  int limit = g_settings_get_int (self->settings, "recent-limit"), shown = 0;
  GList *items = gtk_recent_manager_get_items (manager);
  items = g_list_sort (items, newest_first);
  for (GList *l = items; l != NULL && shown < limit; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      if (!is_map_uri (uri) || !gtk_recent_info_exists (info))
        continue;
      g_autofree char *label = g_strdup (gtk_recent_info_get_display_name (info));
      g_autoptr (GMenuItem) item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target (item, "win.open-recent", "s", uri);
      g_menu_append_item (section, item);
      shown++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

static void
on_recent_limit_changed (GSettings *settings, const char *key, QrApplication *self)
{
  update_recent_menu (gtk_recent_manager_get_default (), self);
}

static void
quit_next (QrApplication *self);

static void
on_window_destroyed (GtkWindow *window, QrApplication *self)
{
  quit_next (self);
}

/* Closes the windows one by one, each asking about unsaved changes; a
 * Cancel anywhere stops the quit there. */
static void
quit_next (QrApplication *self)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (self));
  if (windows == NULL)
    return;
  GtkWindow *window = windows->data;
  g_signal_connect_object (window, "destroy", G_CALLBACK (on_window_destroyed), self, G_CONNECT_AFTER);
  gtk_window_close (window);
}

static void
quit_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  quit_next (QR_APPLICATION (user_data));
}

static void
about_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkApplication *app = user_data;
  static const char *authors[] = { "The Quarry developers", NULL };
  gtk_show_about_dialog (gtk_application_get_active_window (app),
                         "program-name", "Quarry",
                         "logo-icon-name", QR_APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("A level editor for brush-based game maps"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", authors,
                         NULL);
}

/* One Preferences window, over the window it was last asked from (its
 * Texture Folders… button acts on that window's map); it goes with that
 * window. */
static void
preferences_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrApplication *self = QR_APPLICATION (user_data);
  if (self->preferences == NULL)
    {
      self->preferences = qr_preferences_new (self->settings);
      gtk_window_set_destroy_with_parent (GTK_WINDOW (self->preferences), TRUE);
      g_object_add_weak_pointer (G_OBJECT (self->preferences), (gpointer *) &self->preferences);
    }
  gtk_window_set_transient_for (GTK_WINDOW (self->preferences),
                                gtk_application_get_active_window (GTK_APPLICATION (self)));
  gtk_window_present (GTK_WINDOW (self->preferences));
}

static const GActionEntry app_entries[] = {
  { "quit", quit_activated },
  { "about", about_activated },
  { "preferences", preferences_activated },
};

/* Editors are dark so that geometry stands out. GTK parses its theme as
 * soon as it makes the display's settings, during GtkApplication's start-up,
 * in the variant they ask for: turning dark on afterwards parsed Adwaita a
 * second time, 80 M instructions of a 1.5 G start-up (callgrind, the sample
 * map). So dark is made the settings' default before they exist; should
 * something (a settings.ini) still leave them light, it is turned on after. */
static void
prefer_dark_before_settings (void)
{
  GObjectClass *klass = g_type_class_ref (GTK_TYPE_SETTINGS);
  GParamSpec *pspec = g_object_class_find_property (klass, "gtk-application-prefer-dark-theme");
  if (G_IS_PARAM_SPEC_BOOLEAN (pspec))
    G_PARAM_SPEC_BOOLEAN (pspec)->default_value = TRUE;
  g_type_class_unref (klass);
}

static void
qr_application_startup (GApplication *app)
{
  QrApplication *self = QR_APPLICATION (app);

  prefer_dark_before_settings ();
  G_APPLICATION_CLASS (qr_application_parent_class)->startup (app);
  g_autoptr (GError) gl_error = NULL;
  self->gl_context = qr_gl_context_for_display (gdk_display_get_default (), &gl_error);
  if (self->gl_context == NULL)
    g_debug ("no GL context for the views to share: %s", gl_error->message);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_entries, G_N_ELEMENTS (app_entries), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);

  g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/io/github/quarry/Quarry/ui/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gboolean dark = FALSE;
  GtkSettings *gtk_settings = gtk_settings_get_default ();
  g_object_get (gtk_settings, "gtk-application-prefer-dark-theme", &dark, NULL);
  if (!dark)
    g_object_set (gtk_settings, "gtk-application-prefer-dark-theme", TRUE, NULL);

  self->settings = g_settings_new (QR_APPLICATION_ID);
  GtkRecentManager *recent = gtk_recent_manager_get_default ();
  g_signal_connect_object (recent, "changed", G_CALLBACK (update_recent_menu), self, 0);
  g_signal_connect (self->settings, "changed::recent-limit", G_CALLBACK (on_recent_limit_changed), self);
  update_recent_menu (recent, self);

  g_autoptr (GError) autosave_error = NULL;
  self->autosave = qr_autosave_open (NULL, &autosave_error);
  if (self->autosave == NULL)
    g_message ("autosave is off: %s", autosave_error->message);
}

/* A clean exit: the session marker goes, the autosaves stay. */
static void
qr_application_shutdown (GApplication *app)
{
  QrApplication *self = QR_APPLICATION (app);
  if (self->autosave != NULL)
    qr_autosave_end (self->autosave);
  G_APPLICATION_CLASS (qr_application_parent_class)->shutdown (app);
}

/* Once, over the first window: what an editor that died left behind. */
static void
offer_recovery (QrApplication *self, QrWindow *window)
{
  if (self->recovery_offered || self->autosave == NULL)
    return;
  self->recovery_offered = TRUE;
  qr_recovery_dialog_offer (self->autosave, window);
}

static QrWindow *
new_window (QrApplication *self)
{
  QrWindow *window = qr_window_new (self);
  if (self->bench_frames > 0)
    qr_window_start_render_bench (window, self->bench_frames, self->bench_drag);
  gtk_window_present (GTK_WINDOW (window));
  offer_recovery (self, window);
  return window;
}

static void
qr_application_activate (GApplication *app)
{
  new_window (QR_APPLICATION (app));
}

static void
qr_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  QrApplication *self = QR_APPLICATION (app);
  for (int i = 0; i < n_files; i++)
    qr_window_load (new_window (self), files[i]);
}

static int
qr_application_handle_local_options (GApplication *app, GVariantDict *options)
{
  QrApplication *self = QR_APPLICATION (app);
  int frames = 0;
  const char *names[2] = { "bench-render", "bench-drag" };
  for (int i = 0; i < 2; i++)
    if (g_variant_dict_lookup (options, names[i], "i", &frames))
      {
        if (frames <= 0)
          {
            g_printerr ("quarry: --%s needs a positive number of frames\n", names[i]);
            return 2;
          }
        self->bench_frames = frames;
        self->bench_drag = i == 1;
      }
  return -1;
}

static void
qr_application_dispose (GObject *object)
{
  QrApplication *self = QR_APPLICATION (object);
  if (self->preferences != NULL)
    gtk_window_destroy (GTK_WINDOW (self->preferences));
  g_clear_object (&self->settings);
  g_clear_object (&self->gl_context);
  g_clear_pointer (&self->entdefs, g_hash_table_unref);
  g_clear_pointer (&self->autosave, qr_autosave_unref);
  G_OBJECT_CLASS (qr_application_parent_class)->dispose (object);
}

static void
qr_application_class_init (QrApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = qr_application_dispose;
  app_class->startup = qr_application_startup;
  app_class->shutdown = qr_application_shutdown;
  app_class->activate = qr_application_activate;
  app_class->open = qr_application_open;
  app_class->handle_local_options = qr_application_handle_local_options;
}

static void
qr_application_init (QrApplication *self)
{
  static const GOptionEntry options[] = {
    { "bench-render", 0, 0, G_OPTION_ARG_INT, NULL,
      N_("Open the map, redraw all four views N times, print the timings and quit"), "N" },
    { "bench-drag", 0, 0, G_OPTION_ARG_INT, NULL,
      N_("Open the map, drag 1 and then 100 brushes N motion events each, print the timings and quit"), "N" },
    { NULL },
  };
  g_application_add_main_option_entries (G_APPLICATION (self), options);
}

QrApplication *
qr_application_new (void)
{
  /* Each process its own instance: a second `quarry FILE` opens its own
   * window rather than handing the file to a running one, which keeps
   * scripted runs and tests independent. */
  return g_object_new (QR_TYPE_APPLICATION, "application-id", QR_APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE,
                       "resource-base-path", "/io/github/quarry/Quarry", NULL);
}

typedef struct
{
  QrEntDefs *defs;
  gint64 mtime;
} EntDefsEntry;

static void
entdefs_entry_free (gpointer data)
{
  EntDefsEntry *entry = data;
  qr_entdefs_unref (entry->defs);
  g_free (entry);
}

static gint64
file_mtime (const char *path)
{
  GStatBuf st;
  return g_stat (path, &st) == 0 ? (gint64) st.st_mtime : -1;
}

QrEntDefs *
qr_application_load_entdefs (QrApplication *self, const char *path, GError **error)
{
  g_return_val_if_fail (self == NULL || QR_IS_APPLICATION (self), NULL);
  gint64 mtime = file_mtime (path);
  if (self != NULL && self->entdefs == NULL)
    self->entdefs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, entdefs_entry_free);
  EntDefsEntry *entry = self != NULL ? g_hash_table_lookup (self->entdefs, path) : NULL;
  if (entry != NULL && entry->mtime == mtime)
    return qr_entdefs_ref (entry->defs);

  QrEntDefs *defs = qr_entdefs_load (path, error);
  if (defs == NULL || self == NULL)
    return defs;
  entry = g_new0 (EntDefsEntry, 1);
  entry->defs = qr_entdefs_ref (defs);
  entry->mtime = mtime;
  g_hash_table_replace (self->entdefs, g_strdup (path), entry);
  return defs;
}

GdkGLContext *
qr_application_get_gl_context (QrApplication *self)
{
  g_return_val_if_fail (QR_IS_APPLICATION (self), NULL);
  return self->gl_context;
}

QrAutosave *
qr_application_get_autosave (QrApplication *self)
{
  g_return_val_if_fail (QR_IS_APPLICATION (self), NULL);
  return self->autosave;
}
