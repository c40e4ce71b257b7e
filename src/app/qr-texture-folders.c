/* qr-texture-folders.c — editing the per-game search folders. The list is
 * rebuilt from GSettings after every change, so the dialog and the setting
 * cannot disagree; windows reload their textures when the setting changes. */
#include "qr-texture-folders.h"

#include <glib/gi18n.h>

const char *const qr_texture_games[] = { "quake", "halflife", "quake2", "quake3", "source", NULL };

static const char *
game_title (guint i)
{
  const char *titles[] = { N_("Quake"), N_("Half-Life"), N_("Quake 2"), N_("Quake 3"), N_("Source") };
  return _(titles[i]);
}

typedef struct
{
  GSettings *settings;
  GtkDropDown *games;
  GtkListBox *list;
  QrGamePicked on_game;
  gpointer data;
} Dialog;

static void
dialog_free (gpointer p)
{
  Dialog *d = p;
  g_object_unref (d->settings);
  g_free (d);
}

/* game's folders with folder added (add) or removed (!add). */
static void
edit_folders (GSettings *settings, const char *game, const char *folder, gboolean add)
{
  g_autoptr (GVariant) all = g_settings_get_value (settings, "texture-search-folders");
  GVariantBuilder builder;
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{sas}"));
  gboolean seen_game = FALSE;
  GVariantIter iter;
  const char *key;
  GVariant *dirs;
  g_variant_iter_init (&iter, all);
  while (g_variant_iter_next (&iter, "{&s@as}", &key, &dirs))
    {
      g_autofree const char **list = g_variant_get_strv (dirs, NULL);
      GVariantBuilder as;
      g_variant_builder_init (&as, G_VARIANT_TYPE_STRING_ARRAY);
      gboolean mine = g_str_equal (key, game), known = FALSE;
      for (guint i = 0; list[i] != NULL; i++)
        {
          gboolean same = g_str_equal (list[i], folder);
          known |= same;
          if (!(mine && same && !add))
            g_variant_builder_add (&as, "s", list[i]);
        }
      if (mine && add && !known)
        g_variant_builder_add (&as, "s", folder);
      seen_game |= mine;
      g_variant_builder_add (&builder, "{s@as}", key, g_variant_builder_end (&as));
      g_variant_unref (dirs);
    }
  if (!seen_game && add)
    {
      const char *one[] = { folder, NULL };
      g_variant_builder_add (&builder, "{s^as}", game, one);
    }
  g_settings_set_value (settings, "texture-search-folders", g_variant_builder_end (&builder));
}

void
qr_texture_folders_add (GSettings *settings, const char *game, const char *folder)
{
  edit_folders (settings, game, folder, TRUE);
}

static const char *
selected_game (Dialog *d)
{
  guint i = gtk_drop_down_get_selected (d->games);
  return i < g_strv_length ((char **) qr_texture_games) ? qr_texture_games[i] : "quake";
}

static void fill (Dialog *d);

static void
on_remove (GtkButton *button, Dialog *d)
{
  edit_folders (d->settings, selected_game (d), g_object_get_data (G_OBJECT (button), "folder"), FALSE);
  fill (d);
}

static void
fill (Dialog *d)
{
  GtkWidget *row;
  while ((row = gtk_widget_get_first_child (GTK_WIDGET (d->list))) != NULL)
    gtk_list_box_remove (d->list, row);
  g_autoptr (GVariant) all = g_settings_get_value (d->settings, "texture-search-folders");
  g_autofree const char **dirs = NULL;
  if (!g_variant_lookup (all, selected_game (d), "^a&s", &dirs) || dirs[0] == NULL)
    {
      GtkWidget *none = gtk_label_new (_("No folders: textures are looked for beside the map and in its parent folders."));
      gtk_label_set_wrap (GTK_LABEL (none), TRUE);
      gtk_widget_add_css_class (none, "dim-label");
      gtk_list_box_append (d->list, none);
      return;
    }
  for (guint i = 0; dirs[i] != NULL; i++)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *label = gtk_label_new (dirs[i]);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_START);
      gtk_widget_set_hexpand (label, TRUE);
      GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");
      gtk_widget_set_tooltip_text (remove, _("Remove this folder"));
      g_object_set_data_full (G_OBJECT (remove), "folder", g_strdup (dirs[i]), g_free);
      g_signal_connect (remove, "clicked", G_CALLBACK (on_remove), d);
      gtk_box_append (GTK_BOX (box), label);
      gtk_box_append (GTK_BOX (box), remove);
      gtk_list_box_append (d->list, box);
    }
}

static void
on_game_selected (GObject *object, GParamSpec *pspec, Dialog *d)
{
  fill (d);
  if (d->on_game != NULL)
    d->on_game (selected_game (d), d->data);
}

static void
add_response (GtkNativeDialog *chooser, int response, Dialog *d)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = folder != NULL ? g_file_get_path (folder) : NULL;
      if (path != NULL)
        {
          edit_folders (d->settings, selected_game (d), path, TRUE);
          fill (d);
        }
    }
  g_object_unref (chooser);
}

static void
on_add (GtkButton *button, Dialog *d)
{
  GtkWindow *window = GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (button)));
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (
      _("Add a Texture Folder"), window, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Add"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (add_response), d);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
qr_texture_folders_show (GtkWindow *parent, GSettings *settings, const char *game, QrGamePicked on_game,
                         gpointer data)
{
  Dialog *d = g_new0 (Dialog, 1);
  d->settings = g_object_ref (settings);

  GtkWidget *window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), _("Texture Folders"));
  gtk_window_set_transient_for (GTK_WINDOW (window), parent);
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (window), 520, 320);
  g_object_set_data_full (G_OBJECT (window), "dialog", d, dialog_free);

  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic (_("This map's _game:"));
  g_autoptr (GtkStringList) titles = gtk_string_list_new (NULL);
  guint selected = 0;
  for (guint i = 0; qr_texture_games[i] != NULL; i++)
    {
      gtk_string_list_append (titles, game_title (i));
      if (g_strcmp0 (game, qr_texture_games[i]) == 0)
        selected = i;
    }
  d->games = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (titles)), NULL));
  gtk_drop_down_set_selected (d->games, selected);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (d->games));
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (d->games));
  gtk_box_append (GTK_BOX (box), row);

  GtkWidget *help = gtk_label_new (_("Folders searched for this game's textures when a map's own paths do not lead "
                                     "to them: the game or mod folder, content folders with textures/ or materials/, "
                                     "folders of WAD files."));
  gtk_label_set_wrap (GTK_LABEL (help), TRUE);
  gtk_label_set_xalign (GTK_LABEL (help), 0);
  gtk_box_append (GTK_BOX (box), help);

  d->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (d->list, GTK_SELECTION_NONE);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (d->list));
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (box), scroller);

  /* A Close button and Escape: without a window manager (or with one
   * that draws no title bar) a modal window must close itself. */
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *add = gtk_button_new_with_mnemonic (_("_Add Folder…"));
  gtk_widget_set_hexpand (add, TRUE);
  gtk_widget_set_halign (add, GTK_ALIGN_START);
  g_signal_connect (add, "clicked", G_CALLBACK (on_add), d);
  gtk_box_append (GTK_BOX (buttons), add);
  GtkWidget *close = gtk_button_new_with_mnemonic (_("_Close"));
  g_signal_connect_swapped (close, "clicked", G_CALLBACK (gtk_window_close), window);
  gtk_box_append (GTK_BOX (buttons), close);
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_window_set_child (GTK_WINDOW (window), box);
  GtkEventController *keys = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (window, keys);

  fill (d);
  d->on_game = on_game;
  d->data = data;
  g_signal_connect (d->games, "notify::selected", G_CALLBACK (on_game_selected), d);
  gtk_window_present (GTK_WINDOW (window));
}
