/* qr-texture-browser.c — thumbnails in a GtkGridView over a filtered,
 * sorted list of every texture the collections hold. Thumbnails are
 * decoded when a cell first shows them, from the smallest mip level that
 * still fills the cell, so opening the browser on thousands of textures
 * costs nothing until they scroll into view. */
#include "qr-texture-browser.h"

#include <glib/gi18n.h>
#include <string.h>
#include "qr-text-keys.h"

#define THUMB_SIZE 64

/* ---- one texture ---- */

#define QR_TYPE_TEXTURE_ITEM (qr_texture_item_get_type ())
G_DECLARE_FINAL_TYPE (QrTextureItem, qr_texture_item, QR, TEXTURE_ITEM, GObject)

struct _QrTextureItem
{
  GObject parent_instance;
  char *name;
  char *folded;    /* lower case, for filtering and counting */
  int collection;  /* index in the finder, -1 for a used name found nowhere */
  int width, height;
  guint uses;      /* faces of the map using it */
  GdkTexture *thumb; /* made on first show */
  gboolean thumb_failed;
};

G_DEFINE_FINAL_TYPE (QrTextureItem, qr_texture_item, G_TYPE_OBJECT)

static void
qr_texture_item_finalize (GObject *object)
{
  QrTextureItem *item = QR_TEXTURE_ITEM (object);
  g_free (item->name);
  g_free (item->folded);
  g_clear_object (&item->thumb);
  G_OBJECT_CLASS (qr_texture_item_parent_class)->finalize (object);
}

static void
qr_texture_item_class_init (QrTextureItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = qr_texture_item_finalize;
}

static void
qr_texture_item_init (QrTextureItem *item)
{
}

static QrTextureItem *
texture_item_new (const char *name, int collection)
{
  QrTextureItem *item = g_object_new (QR_TYPE_TEXTURE_ITEM, NULL);
  item->name = g_strdup (name);
  item->folded = g_ascii_strdown (name, -1);
  item->collection = collection;
  return item;
}

/* ---- the browser ---- */

struct _QrTextureBrowser
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkSearchEntry *filter_entry;
  GtkToggleButton *used_toggle;
  GtkDropDown *sort_list;
  GtkDropDown *collection_list;
  GtkMenuButton *wads_button;
  GtkBox *wads_box;
  GtkGridView *grid;
  GtkLabel *summary;
  GListStore *store;
  GtkCustomFilter *filter;
  GtkFilterListModel *filtered;
  GtkCustomSorter *sorter;
  GtkSingleSelection *selection;

  QrTextureFinder *finder; /* borrowed */
  QrDocument *document;    /* owned reference */
  char *current;
  char *filter_text;       /* folded */
  gboolean updating_selection;
  gboolean dirty; /* the list does not follow the finder yet */
  gboolean picking; /* no WADs menu */
  GtkWidget *menu;  /* a texture's right-click menu */
};

G_DEFINE_FINAL_TYPE (QrTextureBrowser, qr_texture_browser, GTK_TYPE_WIDGET)

enum
{
  CURRENT_CHANGED,
  APPLY,
  SELECT_FACES,
  WAD_TOGGLED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

enum
{
  SORT_NAME,
  SORT_USE,
};

static int
collection_shown (QrTextureBrowser *self)
{
  guint pos = gtk_drop_down_get_selected (self->collection_list);
  return pos == 0 || pos == GTK_INVALID_LIST_POSITION ? -2 : (int) pos - 1;
}

static gboolean
filter_item (gpointer object, gpointer data)
{
  QrTextureItem *item = object;
  QrTextureBrowser *self = data;
  if (gtk_toggle_button_get_active (self->used_toggle) && item->uses == 0)
    return FALSE;
  int shown = collection_shown (self);
  if (shown != -2 && item->collection != shown)
    return FALSE;
  return self->filter_text == NULL || strstr (item->folded, self->filter_text) != NULL;
}

/* Grouped by collection in the map's order (names found nowhere last),
 * then by name or by use. */
static int
sort_items (gconstpointer a, gconstpointer b, gpointer data)
{
  const QrTextureItem *x = a, *y = b;
  QrTextureBrowser *self = data;
  guint cx = (guint) x->collection, cy = (guint) y->collection; /* -1 sorts last */
  if (cx != cy)
    return cx < cy ? -1 : 1;
  if (gtk_drop_down_get_selected (self->sort_list) == SORT_USE && x->uses != y->uses)
    return x->uses > y->uses ? -1 : 1;
  return strcmp (x->folded, y->folded);
}

static void
update_summary (QrTextureBrowser *self)
{
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  guint all = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  g_autofree char *text = g_strdup_printf (_("%u of %u textures"), shown, all);
  gtk_label_set_label (self->summary, text);
}

static void
refilter (QrTextureBrowser *self)
{
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_summary (self);
}

static void
on_filter_changed (GtkSearchEntry *entry, QrTextureBrowser *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_free (self->filter_text);
  self->filter_text = text[0] != '\0' ? g_ascii_strdown (text, -1) : NULL;
  refilter (self);
}

static void
on_used_toggled (GtkToggleButton *button, QrTextureBrowser *self)
{
  refilter (self);
}

static void
on_collection_selected (GObject *object, GParamSpec *pspec, QrTextureBrowser *self)
{
  refilter (self);
}

static void
on_sort_selected (GObject *object, GParamSpec *pspec, QrTextureBrowser *self)
{
  gtk_sorter_changed (GTK_SORTER (self->sorter), GTK_SORTER_CHANGE_DIFFERENT);
}

/* The picture of an item: its smallest mip at least THUMB_SIZE across (WADs
 * keep four), a checkerboard for what cannot be shown. */
static GdkTexture *
make_thumb (QrTextureBrowser *self, QrTextureItem *item)
{
  if (item->thumb != NULL || item->thumb_failed || self->finder == NULL || item->collection < 0)
    return item->thumb;
  int mip = 0;
  while (mip < 3 && (item->width >> (mip + 1)) >= THUMB_SIZE && (item->height >> (mip + 1)) >= THUMB_SIZE / 4)
    mip++;
  g_autoptr (QrImage) image
      = qr_texture_finder_decode_from (self->finder, (guint) item->collection, item->name, mip, NULL);
  if (image == NULL && mip > 0)
    image = qr_texture_finder_decode_from (self->finder, (guint) item->collection, item->name, 0, NULL);
  if (image == NULL)
    {
      item->thumb_failed = TRUE;
      return NULL;
    }
  if (item->width == 0)
    {
      /* decoded whole (mip 0): the size the collection did not tell */
      item->width = image->width;
      item->height = image->height;
    }
  gsize stride = (gsize) image->width * 4;
  g_autoptr (GBytes) bytes = g_bytes_new_take (g_steal_pointer (&image->rgba), stride * (gsize) image->height);
  item->thumb = gdk_memory_texture_new (image->width, image->height, GDK_MEMORY_R8G8B8A8, bytes, stride);
  return item->thumb;
}

static GdkContentProvider *
on_drag_prepare (GtkDragSource *source, double x, double y, GtkListItem *list_item)
{
  QrTextureItem *item = gtk_list_item_get_item (list_item);
  if (item == NULL)
    return NULL;
  GValue value = G_VALUE_INIT;
  g_value_init (&value, G_TYPE_STRING);
  g_value_set_string (&value, item->name);
  GdkContentProvider *content = gdk_content_provider_new_for_value (&value);
  g_value_unset (&value);
  return content;
}

static void
on_drag_begin (GtkDragSource *source, GdkDrag *drag, GtkListItem *list_item)
{
  QrTextureItem *item = gtk_list_item_get_item (list_item);
  if (item != NULL && item->thumb != NULL)
    gtk_drag_source_set_icon (source, GDK_PAINTABLE (item->thumb), THUMB_SIZE / 2, THUMB_SIZE / 2);
}

/* A right-click on a texture: Apply and Select Faces Using It, for that
 * texture (TrenchBroom's texture browser menu). */
static void
on_cell_menu (GtkGestureClick *click, int n_press, double x, double y, GtkListItem *list_item)
{
  GtkWidget *cell = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (click));
  QrTextureBrowser *self = QR_TEXTURE_BROWSER (gtk_widget_get_ancestor (cell, QR_TYPE_TEXTURE_BROWSER));
  QrTextureItem *item = gtk_list_item_get_item (list_item);
  g_autoptr (GMenu) model = g_menu_new ();
  g_autoptr (GMenuItem) apply = NULL, faces = NULL;
  graphene_point_t at;

  if (item == NULL || self == NULL || self->picking)
    return;
  apply = g_menu_item_new (_("_Apply to Selection"), NULL);
  g_menu_item_set_action_and_target_value (apply, "browser.apply", g_variant_new_string (item->name));
  faces = g_menu_item_new (_("_Select Faces Using It"), NULL);
  g_menu_item_set_action_and_target_value (faces, "browser.select-faces", g_variant_new_string (item->name));
  g_menu_append_item (model, apply);
  g_menu_append_item (model, faces);
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->menu), G_MENU_MODEL (model));
  if (!gtk_widget_compute_point (cell, GTK_WIDGET (self), &GRAPHENE_POINT_INIT ((float) x, (float) y), &at))
    return;
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &(GdkRectangle) { (int) at.x, (int) at.y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->menu));
  gtk_gesture_set_state (GTK_GESTURE (click), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
setup_cell (GtkSignalListItemFactory *factory, GtkListItem *list_item, QrTextureBrowser *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *picture = gtk_picture_new ();
  gtk_widget_set_size_request (picture, THUMB_SIZE, THUMB_SIZE);
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
  gtk_picture_set_content_fit (GTK_PICTURE (picture), GTK_CONTENT_FIT_CONTAIN);
  gtk_widget_add_css_class (picture, "texture-thumb");
  GtkWidget *name = gtk_label_new (NULL);
  /* whole names on up to two lines: they differ in their ends (wall1, wall1a) */
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (name), PANGO_WRAP_CHAR);
  gtk_label_set_lines (GTK_LABEL (name), 2);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_START);
  gtk_label_set_justify (GTK_LABEL (name), GTK_JUSTIFY_CENTER);
  gtk_label_set_max_width_chars (GTK_LABEL (name), 10);
  gtk_widget_add_css_class (name, "caption");
  GtkWidget *size = gtk_label_new (NULL);
  gtk_widget_add_css_class (size, "dim-label");
  gtk_widget_add_css_class (size, "caption");
  gtk_box_append (GTK_BOX (box), picture);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), size);
  gtk_list_item_set_child (list_item, box);

  GtkDragSource *drag = gtk_drag_source_new ();
  gtk_drag_source_set_actions (drag, GDK_ACTION_COPY);
  g_signal_connect (drag, "prepare", G_CALLBACK (on_drag_prepare), list_item);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), list_item);
  gtk_widget_add_controller (box, GTK_EVENT_CONTROLLER (drag));

  GtkGesture *menu = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (menu), GDK_BUTTON_SECONDARY);
  g_signal_connect (menu, "pressed", G_CALLBACK (on_cell_menu), list_item);
  gtk_widget_add_controller (box, GTK_EVENT_CONTROLLER (menu));
}

static void
bind_cell (GtkSignalListItemFactory *factory, GtkListItem *list_item, QrTextureBrowser *self)
{
  QrTextureItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *picture = gtk_widget_get_first_child (box);
  GtkWidget *name = gtk_widget_get_next_sibling (picture);
  GtkWidget *size = gtk_widget_get_next_sibling (name);

  GdkTexture *thumb = make_thumb (self, item);
  gtk_picture_set_paintable (GTK_PICTURE (picture), thumb != NULL ? GDK_PAINTABLE (thumb) : NULL);
  if (thumb == NULL)
    gtk_widget_add_css_class (picture, "texture-missing");
  else
    gtk_widget_remove_css_class (picture, "texture-missing");
  gtk_label_set_label (GTK_LABEL (name), item->name);
  gtk_widget_set_tooltip_text (box, item->name);
  g_autofree char *text = NULL;
  if (item->collection < 0)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "missing · %u face", "missing · %u faces", item->uses),
                            item->uses);
  else if (item->width == 0)
    text = item->uses > 0 ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u face", "%u faces", item->uses), item->uses)
                          : g_strdup ("");
  else if (item->uses > 0)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d×%d · %u face", "%d×%d · %u faces", item->uses),
                            item->width, item->height, item->uses);
  else
    text = g_strdup_printf ("%d×%d", item->width, item->height);
  gtk_label_set_label (GTK_LABEL (size), text);
}

static void
set_current (QrTextureBrowser *self, const char *name)
{
  if (g_strcmp0 (self->current, name) == 0)
    return;
  g_free (self->current);
  self->current = g_strdup (name);
  g_signal_emit (self, signals[CURRENT_CHANGED], 0, name);
}

static void
on_selection_changed (GtkSelectionModel *model, guint position, guint n, QrTextureBrowser *self)
{
  if (self->updating_selection)
    return;
  QrTextureItem *item = gtk_single_selection_get_selected_item (self->selection);
  if (item != NULL)
    set_current (self, item->name);
}

static void
on_activate (GtkGridView *grid, guint position, QrTextureBrowser *self)
{
  g_autoptr (QrTextureItem) item = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  if (item == NULL)
    return;
  set_current (self, item->name);
  g_signal_emit (self, signals[APPLY], 0, item->name);
}

/* Sets the use counts of items (QrTextureItem *) from the map: a name in
 * several collections counts in the first, the one it resolves to. With
 * missing non-NULL, used names no item holds are added to it as missing
 * items. */
static void
count_uses (QrTextureBrowser *self, GPtrArray *items, GPtrArray *missing)
{
  if (self->document == NULL)
    return;
  g_autoptr (GArray) uses = qr_texture_uses (qr_document_get_map (self->document));
  g_autoptr (GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint u = 0; u < uses->len; u++)
    {
      const QrTextureUse *use = &g_array_index (uses, QrTextureUse, u);
      char *folded = g_ascii_strdown (use->name, -1);
      guint before = GPOINTER_TO_UINT (g_hash_table_lookup (counts, folded));
      g_hash_table_replace (counts, folded, GUINT_TO_POINTER (before + use->faces));
    }
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < items->len; i++)
    {
      QrTextureItem *item = g_ptr_array_index (items, i);
      item->uses = g_hash_table_add (seen, item->folded)
                       ? GPOINTER_TO_UINT (g_hash_table_lookup (counts, item->folded))
                       : 0;
    }
  for (guint u = 0; missing != NULL && u < uses->len; u++)
    {
      const QrTextureUse *use = &g_array_index (uses, QrTextureUse, u);
      g_autofree char *folded = g_ascii_strdown (use->name, -1);
      if (g_hash_table_contains (seen, folded))
        continue;
      QrTextureItem *item = texture_item_new (use->name, -1);
      item->uses = GPOINTER_TO_UINT (g_hash_table_lookup (counts, folded));
      g_hash_table_add (seen, item->folded);
      g_ptr_array_add (missing, item);
    }
}

void
qr_texture_browser_refresh_uses (QrTextureBrowser *self)
{
  g_return_if_fail (QR_IS_TEXTURE_BROWSER (self));
  if (self->dirty)
    return; /* counted when the list is made */
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  g_autoptr (GPtrArray) items = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, g_list_model_get_item (G_LIST_MODEL (self->store), i));
  count_uses (self, items, NULL);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  gtk_sorter_changed (GTK_SORTER (self->sorter), GTK_SORTER_CHANGE_DIFFERENT);
  update_summary (self);
}

static void
on_wad_toggled (GtkCheckButton *check, QrTextureBrowser *self)
{
  int entry = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (check), "wad-entry"));
  const char *path = g_object_get_data (G_OBJECT (check), "wad-path");
  gtk_menu_button_popdown (self->wads_button);
  g_signal_emit (self, signals[WAD_TOGGLED], 0, entry, path, gtk_check_button_get_active (check));
}

static void
add_wad_check (QrTextureBrowser *self, const char *label, const char *tooltip, int entry, const char *path,
               gboolean active)
{
  GtkWidget *check = gtk_check_button_new_with_label (label);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), active);
  gtk_widget_set_tooltip_text (check, tooltip);
  g_object_set_data (G_OBJECT (check), "wad-entry", GINT_TO_POINTER (entry));
  g_object_set_data_full (G_OBJECT (check), "wad-path", g_strdup (path), g_free);
  g_signal_connect (check, "toggled", G_CALLBACK (on_wad_toggled), self);
  gtk_box_append (self->wads_box, check);
}

/* The map's WADs, ticked, then those beside them it could use: ticking
 * one adds it to the `wad` key, unticking removes it (undoable). */
static void
fill_wads (QrTextureBrowser *self, QrTextureFinder *finder)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->wads_box))) != NULL)
    gtk_box_remove (self->wads_box, child);
  guint n = 0;
  for (guint c = 0; finder != NULL && c < qr_texture_finder_n_collections (finder); c++)
    {
      const QrCollection *info = qr_texture_finder_collection (finder, c);
      if (info->wad_entry < 0)
        continue;
      g_autofree char *base = g_path_get_basename (info->name);
      g_autofree char *tip = info->error != NULL ? g_strdup_printf ("%s: %s", info->name, info->error)
                                                 : g_strdup (info->path);
      add_wad_check (self, base, tip, info->wad_entry, info->path, TRUE);
      n++;
    }
  g_auto (GStrv) candidates = finder != NULL ? qr_texture_finder_wad_candidates (finder) : NULL;
  for (guint i = 0; candidates != NULL && candidates[i] != NULL; i++)
    {
      g_autofree char *base = g_path_get_basename (candidates[i]);
      add_wad_check (self, base, candidates[i], -1, candidates[i], FALSE);
      n++;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->wads_button), n > 0 && !self->picking);
}

/* The list from the finder: every texture of every collection, then the
 * names the map uses that none holds. Sizes come from WAD directories;
 * other collections' are learnt with the thumbnails (knowing them means
 * decoding). One splice, so the models below sort once. */
static void
rebuild (QrTextureBrowser *self)
{
  QrTextureFinder *finder = self->finder;
  self->dirty = FALSE;
  g_list_store_remove_all (self->store);
  g_autoptr (GtkStringList) collections = gtk_string_list_new (NULL);
  gtk_string_list_append (collections, _("All collections"));
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint c = 0; finder != NULL && c < qr_texture_finder_n_collections (finder); c++)
    {
      const QrCollection *info = qr_texture_finder_collection (finder, c);
      g_autofree char *base = g_path_get_basename (info->name);
      gtk_string_list_append (collections, base);
      gboolean wad = info->format == QR_COLLECTION_WAD2 || info->format == QR_COLLECTION_WAD3;
      for (guint j = 0; j < info->n_textures; j++)
        {
          const char *name = qr_texture_finder_texture_name (finder, c, j);
          QrTextureItem *item = texture_item_new (name, (int) c);
          if (wad)
            qr_texture_finder_size_in (finder, c, name, &item->width, &item->height);
          g_ptr_array_add (items, item);
        }
    }
  count_uses (self, items, items);
  g_list_store_splice (self->store, 0, 0, items->pdata, items->len);
  fill_wads (self, finder);
  gtk_drop_down_set_model (self->collection_list, G_LIST_MODEL (collections));
  gtk_drop_down_set_selected (self->collection_list, 0);
  refilter (self);
  gtk_sorter_changed (GTK_SORTER (self->sorter), GTK_SORTER_CHANGE_DIFFERENT);
  qr_texture_browser_set_current (self, self->current);
}

void
qr_texture_browser_set_source (QrTextureBrowser *self, QrTextureFinder *finder, QrDocument *doc)
{
  g_return_if_fail (QR_IS_TEXTURE_BROWSER (self));
  self->finder = finder;
  g_set_object (&self->document, doc);
  /* made when first shown: a hidden browser costs a map nothing */
  self->dirty = TRUE;
  g_list_store_remove_all (self->store);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    rebuild (self);
}

static void
qr_texture_browser_map (GtkWidget *widget)
{
  QrTextureBrowser *self = QR_TEXTURE_BROWSER (widget);
  GTK_WIDGET_CLASS (qr_texture_browser_parent_class)->map (widget);
  if (self->dirty)
    rebuild (self);
}

const char *
qr_texture_browser_get_current (QrTextureBrowser *self)
{
  g_return_val_if_fail (QR_IS_TEXTURE_BROWSER (self), NULL);
  return self->current;
}

void
qr_texture_browser_set_current (QrTextureBrowser *self, const char *name)
{
  g_return_if_fail (QR_IS_TEXTURE_BROWSER (self));
  if (name != self->current)
    {
      g_free (self->current);
      self->current = g_strdup (name);
    }
  /* show it selected when it is in view; no signal, it came from outside */
  self->updating_selection = TRUE;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));
  guint found = GTK_INVALID_LIST_POSITION;
  for (guint i = 0; name != NULL && i < n && found == GTK_INVALID_LIST_POSITION; i++)
    {
      g_autoptr (QrTextureItem) item = g_list_model_get_item (G_LIST_MODEL (self->selection), i);
      if (g_ascii_strcasecmp (item->name, name) == 0)
        found = i;
    }
  gtk_single_selection_set_selected (self->selection, found);
  self->updating_selection = FALSE;
}

void
qr_texture_browser_set_picking (QrTextureBrowser *self, gboolean picking)
{
  g_return_if_fail (QR_IS_TEXTURE_BROWSER (self));
  self->picking = picking;
  if (picking)
    gtk_widget_set_visible (GTK_WIDGET (self->wads_button), FALSE);
}

void
qr_texture_browser_focus_filter (QrTextureBrowser *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->filter_entry));
}

static void
qr_texture_browser_dispose (GObject *object)
{
  QrTextureBrowser *self = QR_TEXTURE_BROWSER (object);
  g_clear_pointer (&self->menu, gtk_widget_unparent);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->document);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (qr_texture_browser_parent_class)->dispose (object);
}

static void
qr_texture_browser_finalize (GObject *object)
{
  QrTextureBrowser *self = QR_TEXTURE_BROWSER (object);
  g_free (self->current);
  g_free (self->filter_text);
  G_OBJECT_CLASS (qr_texture_browser_parent_class)->finalize (object);
}

static void
qr_texture_browser_unroot (GtkWidget *widget)
{
  qr_text_keys_release (widget);
  GTK_WIDGET_CLASS (qr_texture_browser_parent_class)->unroot (widget);
}

static void
menu_apply_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  QrTextureBrowser *self = QR_TEXTURE_BROWSER (widget);
  const char *name = g_variant_get_string (param, NULL);

  set_current (self, name);
  g_signal_emit (self, signals[APPLY], 0, name);
}

static void
menu_select_faces_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  g_signal_emit (widget, signals[SELECT_FACES], 0, g_variant_get_string (param, NULL));
}

static void
qr_texture_browser_class_init (QrTextureBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = qr_texture_browser_dispose;
  object_class->finalize = qr_texture_browser_finalize;
  GTK_WIDGET_CLASS (klass)->map = qr_texture_browser_map;
  GTK_WIDGET_CLASS (klass)->unroot = qr_texture_browser_unroot;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "texturebrowser");
  signals[CURRENT_CHANGED] = g_signal_new ("current-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[APPLY] = g_signal_new ("apply", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SELECT_FACES] = g_signal_new ("select-faces", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                        NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "browser.apply", "s", menu_apply_activated);
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "browser.select-faces", "s",
                                   menu_select_faces_activated);
  signals[WAD_TOGGLED] = g_signal_new ("wad-toggled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                       NULL, G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_STRING, G_TYPE_BOOLEAN);
}

static void
qr_texture_browser_init (QrTextureBrowser *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_widget_set_margin_start (self->box, 6);
  gtk_widget_set_margin_end (self->box, 6);
  gtk_widget_set_margin_top (self->box, 6);

  self->filter_entry = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  gtk_search_entry_set_search_delay (self->filter_entry, 80);
  g_object_set (self->filter_entry, "placeholder-text", _("Filter textures"), NULL);
  g_signal_connect (self->filter_entry, "search-changed", G_CALLBACK (on_filter_changed), self);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->filter_entry));
  /* "-" and Shift+letters are text here, not zoom and tools. */
  qr_text_keys_install (GTK_WIDGET (self->filter_entry));

  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->used_toggle = GTK_TOGGLE_BUTTON (gtk_toggle_button_new_with_mnemonic (_("_Used")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->used_toggle), _("Only the textures this map uses"));
  g_signal_connect (self->used_toggle, "toggled", G_CALLBACK (on_used_toggled), self);
  const char *sorts[] = { N_("By name"), N_("By use"), NULL };
  const char *translated[] = { _(sorts[0]), _(sorts[1]), NULL };
  self->sort_list = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (translated));
  g_signal_connect (self->sort_list, "notify::selected", G_CALLBACK (on_sort_selected), self);
  const char *none[] = { NULL };
  self->collection_list = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (none));
  gtk_widget_set_hexpand (GTK_WIDGET (self->collection_list), TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->collection_list), _("The collection to show"));
  g_signal_connect (self->collection_list, "notify::selected", G_CALLBACK (on_collection_selected), self);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->collection_list));
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->sort_list));
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->used_toggle));
  self->wads_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 2));
  GtkWidget *popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (popover), GTK_WIDGET (self->wads_box));
  self->wads_button = GTK_MENU_BUTTON (gtk_menu_button_new ());
  gtk_menu_button_set_label (self->wads_button, _("WADs"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->wads_button), _("The WAD files the map's wad key lists"));
  gtk_menu_button_set_popover (self->wads_button, popover);
  gtk_widget_set_visible (GTK_WIDGET (self->wads_button), FALSE);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->wads_button));
  gtk_box_append (GTK_BOX (self->box), row);

  self->store = g_list_store_new (QR_TYPE_TEXTURE_ITEM);
  self->filter = gtk_custom_filter_new (filter_item, self, NULL);
  self->sorter = gtk_custom_sorter_new (sort_items, self, NULL);
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->store)), GTK_FILTER (self->filter));
  GtkSortListModel *sorted = gtk_sort_list_model_new (G_LIST_MODEL (self->filtered), GTK_SORTER (self->sorter));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect (self->selection, "selection-changed", G_CALLBACK (on_selection_changed), self);

  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), self);
  self->grid = GTK_GRID_VIEW (gtk_grid_view_new (GTK_SELECTION_MODEL (self->selection), factory));
  gtk_grid_view_set_max_columns (self->grid, 12);
  gtk_grid_view_set_min_columns (self->grid, 2);
  g_signal_connect (self->grid, "activate", G_CALLBACK (on_activate), self);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->grid));
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (self->box), scroller);

  self->summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->summary, 0);
  gtk_label_set_ellipsize (self->summary, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary), "dim-label");
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->summary));
  update_summary (self);

  self->menu = gtk_popover_menu_new_from_model (NULL);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
  gtk_popover_set_position (GTK_POPOVER (self->menu), GTK_POS_BOTTOM);
  gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
}

GtkWidget *
qr_texture_browser_new (void)
{
  return g_object_new (QR_TYPE_TEXTURE_BROWSER, NULL);
}
