/* qr-window-textures.c — a map's textures: found and decoded on a worker
 * thread (progress and Cancel in the status area), then handed to the
 * document; an info bar says how many are missing and offers to locate
 * them, remembering the folder for the map's game. */
#include "qr-window-private.h"

#include "qr-find.h"

#include <glib/gi18n.h>
#include "qr-landscape.h"
#include "qr-operations.h"
#include "qr-texture-finder.h"
#include "qr-texture-folders.h"
#include "qr-texture-path.h"

enum
{
  RESPONSE_LOCATE = 1,
};


typedef struct
{
  QrWindow *window;    /* owned reference */
  QrDocument *document; /* owned: the document the textures are for */
  char *wad_key;
  QrFileKind kind;
  QrDialect dialect;   /* the map's, when the load began */
  char *map_path;      /* NULL for an unsaved map */
  char **search;
  char **names;
  QrTextureSet *set;   /* filled by the worker */
  QrTextureFinder *finder; /* made by the worker, kept by the window */
  guint missing;
  gboolean wad3;       /* a WAD3 collection: the map is Half-Life's */
  guint n_collections;
  volatile gint done, total;
  guint progress_id;
} TextureJob;

static void
texture_job_free (TextureJob *job)
{
  if (job->progress_id != 0)
    g_source_remove (job->progress_id);
  g_object_unref (job->window);
  g_object_unref (job->document);
  g_free (job->wad_key);
  g_free (job->map_path);
  g_strfreev (job->search);
  g_strfreev (job->names);
  qr_texture_set_free (job->set);
  if (job->finder != NULL)
    qr_texture_finder_free (job->finder);
  g_free (job);
}

/* The search folders for the map's game; WAD maps see Quake's and
 * Half-Life's, since only their WADs tell the two apart. */
static char **
search_folders (QrWindow *self, QrDialect dialect)
{
  g_autoptr (GVariant) all = g_settings_get_value (self->settings, "texture-search-folders");
  GPtrArray *out = g_ptr_array_new ();
  const char *games[2] = { qr_dialect_game (dialect, FALSE), NULL };
  if (self->texture_game_chosen != NULL)
    games[0] = self->texture_game_chosen;
  else if (g_str_equal (games[0], "quake"))
    games[1] = "halflife";
  for (guint g = 0; g < G_N_ELEMENTS (games) && games[g] != NULL; g++)
    {
      g_autofree const char **dirs = NULL;
      if (g_variant_lookup (all, games[g], "^a&s", &dirs))
        for (guint i = 0; dirs[i] != NULL; i++)
          g_ptr_array_add (out, g_strdup (dirs[i]));
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

char **
_qr_window_dup_texture_search (QrWindow *self)
{
  return search_folders (self, qr_map_detect_dialect (qr_document_get_map (self->document)));
}

static void
texture_progress (guint done, guint total, gpointer data)
{
  TextureJob *job = data;
  g_atomic_int_set (&job->total, (gint) total);
  g_atomic_int_set (&job->done, (gint) done);
}

static void
texture_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  TextureJob *job = task_data;
  QrTextureFinder *finder = job->finder
      = qr_texture_finder_new (job->wad_key, job->kind, job->map_path, (const char *const *) job->search);
  job->n_collections = qr_texture_finder_n_collections (finder);
  for (guint i = 0; i < job->n_collections; i++)
    job->wad3 |= qr_texture_finder_collection (finder, i)->format == QR_COLLECTION_WAD3;
  job->set = qr_texture_set_new ();
  job->missing = qr_texture_finder_fill (finder, (const char *const *) job->names, job->set, cancellable,
                                         texture_progress, job);
  if (g_cancellable_is_cancelled (cancellable))
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Loading textures was cancelled"));
  else
    g_task_return_boolean (task, TRUE);
}

static gboolean
update_texture_progress (gpointer data)
{
  TextureJob *job = data;
  gint total = g_atomic_int_get (&job->total);
  if (total > 0)
    gtk_progress_bar_set_fraction (job->window->load_progress, (double) g_atomic_int_get (&job->done) / total);
  else
    gtk_progress_bar_pulse (job->window->load_progress);
  return G_SOURCE_CONTINUE;
}

static void
update_texture_bar (QrWindow *self, guint missing)
{
  if (missing > 0)
    {
      g_autofree char *text = g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "%u texture missing: drawn as a checkerboard",
                       "%u textures missing: drawn as a checkerboard", missing),
          missing);
      gtk_label_set_label (self->texture_label, text);
    }
  gtk_info_bar_set_revealed (self->texture_bar, missing > 0);
}

static void
texture_finished (GObject *source, GAsyncResult *result, gpointer user_data)
{
  QrWindow *self = QR_WINDOW (source);
  GTask *task = G_TASK (result);
  TextureJob *job = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;

  if (self->texture_cancellable == g_task_get_cancellable (task))
    {
      g_clear_object (&self->texture_cancellable);
      gtk_revealer_set_reveal_child (self->load_revealer, FALSE);
      _qr_window_update_actions (self);
      /* whatever came of it, the views draw what the set holds now */
      _qr_window_queue_render_all (self);
    }
  if (!g_task_propagate_boolean (task, &error))
    {
      if (job->document == self->document)
        _qr_window_set_message (self, error->message);
      return;
    }
  /* A newer map or a newer load took over: these textures are stale. */
  if (job->document != self->document)
    return;
  /* WAD3 textures tell a Half-Life map from a Quake one: its entity
   * definitions may differ. */
  const char *game = qr_dialect_game (job->dialect, job->wad3);
  gboolean game_changed = g_strcmp0 (self->texture_game, game) != 0;
  g_free (self->texture_game);
  self->texture_game = g_strdup (game);
  if (game_changed && job->wad3)
    _qr_window_load_entdefs (self);
  QrTextureSet *set = qr_document_get_textures (job->document);
  qr_texture_set_clear (set);
  qr_texture_set_move_from (set, job->set);
  qr_document_textures_changed (job->document);
  /* A map that names no WAD, with no folder to look in, has nothing to be
   * missing from: the status line says where to add one instead. */
  update_texture_bar (self, job->n_collections > 0 ? job->missing : 0);
  qr_texture_browser_set_source (self->texture_browser, NULL, NULL);
  g_clear_pointer (&self->texture_finder, qr_texture_finder_free);
  self->texture_finder = g_steal_pointer (&job->finder);
  qr_texture_browser_set_source (self->texture_browser, self->texture_finder, self->document);
  _qr_window_faces_follow (self);
  guint total = qr_texture_set_count (set);
  g_autofree char *message
      = job->n_collections > 0 || job->missing == 0
            ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u texture, %u missing", "%u textures, %u missing", total),
                               total, job->missing)
            : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "%u texture, found nowhere: View ▸ Texture Folders… says where to look",
                                            "%u textures, found nowhere: View ▸ Texture Folders… says where to look",
                                            total),
                               total);
  _qr_window_set_message (self, message);
}

void
_qr_window_load_textures (QrWindow *self)
{
  if (self->texture_cancellable != NULL)
    g_cancellable_cancel (self->texture_cancellable);
  g_clear_object (&self->texture_cancellable);
  const QrMap *map = qr_document_get_map (self->document);
  g_auto (GStrv) names = qr_texture_used_names (map);
  if (names[0] == NULL)
    {
      update_texture_bar (self, 0);
      return;
    }
  self->texture_cancellable = g_cancellable_new ();

  TextureJob *job = g_new0 (TextureJob, 1);
  job->window = g_object_ref (self);
  job->document = g_object_ref (self->document);
  job->wad_key = g_strdup (qr_texture_finder_wad_key (map));
  g_free (self->texture_wad_key);
  self->texture_wad_key = g_strdup (job->wad_key);
  job->kind = map->kind;
  job->map_path = self->file != NULL ? g_file_get_path (self->file) : NULL;
  job->dialect = qr_map_detect_dialect (map);
  job->search = search_folders (self, job->dialect);
  job->names = g_steal_pointer (&names);
  g_autoptr (GTask) task = g_task_new (self, self->texture_cancellable, texture_finished, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) texture_job_free);

  gtk_label_set_label (self->load_label, _("Loading textures…"));
  gtk_progress_bar_set_fraction (self->load_progress, 0);
  gtk_revealer_set_reveal_child (self->load_revealer, TRUE);
  job->progress_id = g_timeout_add (50, update_texture_progress, job);
  _qr_window_update_actions (self);
  g_task_run_in_thread (task, texture_thread);
}

static void
locate_response (GtkNativeDialog *dialog, int response, QrWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = folder != NULL ? g_file_get_path (folder) : NULL;
      if (path != NULL)
        {
          /* the setting's change reloads the textures */
          qr_texture_folders_add (self->settings, _qr_window_map_game (self), path);
        }
    }
  g_object_unref (dialog);
  g_object_unref (self);
}

void
_qr_window_locate_textures (QrWindow *self)
{
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (
      _("Locate Textures: a Folder of WADs, a Game or Content Folder"), GTK_WINDOW (self),
      GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Add Folder"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (locate_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
on_texture_bar_response (GtkInfoBar *bar, int response, QrWindow *self)
{
  if (response == RESPONSE_LOCATE)
    _qr_window_locate_textures (self);
  else
    gtk_info_bar_set_revealed (bar, FALSE);
}

const char *
_qr_window_map_game (QrWindow *self)
{
  if (self->texture_game_chosen != NULL)
    return self->texture_game_chosen;
  if (self->texture_game != NULL)
    return self->texture_game;
  return qr_dialect_game (qr_map_detect_dialect (qr_document_get_map (self->document)), FALSE);
}

static void
on_game_picked (const char *game, gpointer data)
{
  QrWindow *self = data;
  g_free (self->texture_game_chosen);
  self->texture_game_chosen = g_strdup (game);
  _qr_window_load_textures (self);
  _qr_window_load_entdefs (self);
}

void
_qr_window_show_texture_folders (QrWindow *self)
{
  qr_texture_folders_show (GTK_WINDOW (self), self->settings, _qr_window_map_game (self), on_game_picked, self);
}

/* ---- the browser ---- */


/* Puts name into the document's set, decoded, so faces given it draw at
 * once; a name no collection holds goes in as missing. False when it was
 * there already. */
static gboolean
put_texture (QrWindow *self, const char *name)
{
  QrTextureSet *set = qr_document_get_textures (self->document);
  const QrTexture *known = qr_texture_set_lookup (set, name);
  if (known != NULL && known->status != QR_TEXTURE_PENDING)
    return FALSE;
  int w = 0, h = 0;
  int at = self->texture_finder != NULL ? qr_texture_finder_locate (self->texture_finder, name, &w, &h) : -1;
  g_autoptr (QrImage) image = at >= 0 ? qr_texture_finder_decode (self->texture_finder, name, 0, NULL) : NULL;
  const char *collection = at >= 0 ? qr_texture_finder_collection (self->texture_finder, (guint) at)->name : NULL;
  if (image != NULL)
    qr_texture_set_put (set, name, image->width, image->height, g_steal_pointer (&image->rgba), QR_TEXTURE_LOADED,
                        collection);
  else
    qr_texture_set_put (set, name, w, h, NULL, at >= 0 ? QR_TEXTURE_BROKEN : QR_TEXTURE_MISSING, collection);
  return TRUE;
}

static void
ensure_texture (QrWindow *self, const char *name)
{
  if (put_texture (self, name))
    qr_document_textures_changed (self->document);
}

/* The tool bar's button and new brushes follow the current texture. */
static void
show_current_texture (QrWindow *self, const char *name)
{
  qr_block_tool_set_texture (self->block_tool, name);
  if (self->landscape_tool != NULL)
    qr_landscape_tool_set_texture (self->landscape_tool, name);
  gtk_label_set_label (self->texture_button_label, name);
  gtk_widget_set_tooltip_text (gtk_widget_get_parent (GTK_WIDGET (self->texture_button_label)), name);
}

/* Chosen in the browser: the Texture tool's right-click gives it, without
 * what an eyedropper pick held. */
static void
on_texture_current_changed (QrTextureBrowser *browser, const char *name, QrWindow *self)
{
  show_current_texture (self, name);
  qr_texture_tool_set_texture (self->texture_tool, name);
}

/* From the Texture tool's eyedropper, which keeps the alignment it picked
 * along with the name. */
void
_qr_window_set_current_texture (QrWindow *self, const char *name)
{
  g_return_if_fail (name != NULL && name[0] != '\0');
  show_current_texture (self, name);
  qr_texture_browser_set_current (self->texture_browser, name);
}

/* Double-click: the selected faces, or else every face of the selected
 * brushes, take the texture, in one undo step, attributes kept. */
static void
on_texture_apply (QrTextureBrowser *browser, const char *name, QrWindow *self)
{
  _qr_window_apply_texture (self, name, 0, -1);
}

/* A texture's menu: every face using it becomes the selection (the name
 * exactly: Quake's liquids start with '*'). */
static void
on_texture_select_faces (QrTextureBrowser *browser, const char *name, QrWindow *self)
{
  QrMap *map = qr_document_get_map (self->document);
  QrFindQuery query = { .texture = name, .texture_exact = TRUE };
  g_autoptr (GArray) hits = qr_find (map, &query);
  g_autoptr (QrSelection) sel = qr_selection_new ();
  g_autofree char *text = NULL;
  guint shown = 0;

  for (guint i = 0; i < hits->len; i++)
    {
      const QrFindHit *h = &g_array_index (hits, QrFindHit, i);

      if (!qr_find_hit_is_selectable (map, h))
        continue;
      qr_selection_add_face (sel, qr_entity_get_brush (qr_map_get_entity (map, h->entity), (guint) h->brush)->id,
                             h->face);
      shown++;
    }
  qr_document_set_selection (self->document, sel);
  text = g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "Selected %u face using %s", "Selected %u faces using %s", shown), shown, name);
  if (shown < hits->len)
    {
      guint hidden = hits->len - shown;
      g_autofree char *more = g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "%s; %u hidden or locked one left out", "%s; %u hidden or locked ones left out",
                       hidden),
          text,
          hidden);
      g_free (text);
      text = g_steal_pointer (&more);
    }
  _qr_window_set_message (self, text);
}

void
_qr_window_apply_texture (QrWindow *self, const char *name, QrId brush, int face)
{
  g_autoptr (GArray) refs = g_array_new (FALSE, FALSE, sizeof (QrFaceRef));
  const QrSelection *sel = qr_document_get_selection (self->document);
  if (brush != 0)
    g_array_append_val (refs, ((QrFaceRef) { brush, face }));
  else if (sel->faces->len > 0)
    /* Selected faces (the Texture tool's, Select Faces Using It) take it alone. */
    g_array_append_vals (refs, sel->faces->data, sel->faces->len);
  else
    {
      g_autoptr (GArray) ids = qr_document_dup_selected_brushes (self->document);
      for (guint i = 0; i < ids->len; i++)
        g_array_append_val (refs, ((QrFaceRef) { g_array_index (ids, QrId, i), -1 }));
    }
  if (refs->len == 0)
    {
      g_autofree char *text = g_strdup_printf (_("%s is the current texture: select brushes to apply it"), name);
      _qr_window_set_message (self, text);
      return;
    }
  ensure_texture (self, name);
  QrTexChange change = { .name = name };
  g_autoptr (GError) error = NULL;
  if (!qr_op_set_texture (self->document, (const QrFaceRef *) refs->data, refs->len, &change, &error))
    {
      _qr_window_show_error (self, _("Could not apply the texture"), error);
      return;
    }
  g_autofree char *text = brush != 0 ? g_strdup_printf (_("Applied %s to a face"), name)
                          : g_array_index (refs, QrFaceRef, 0).face >= 0
                              ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Applied %s to %u face",
                                                              "Applied %s to %u faces", refs->len),
                                                 name, refs->len)
                              : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Applied %s to %u brush",
                                                              "Applied %s to %u brushes", refs->len),
                                                 name, refs->len);
  _qr_window_set_message (self, text);
}

/* A WAD ticked or unticked in the browser: the worldspawn's `wad` key
 * changes as one undoable step; the reload follows from the change. */
static void
on_wad_toggled (QrTextureBrowser *browser, int entry, const char *path, gboolean on, QrWindow *self)
{
  const QrMap *map = qr_document_get_map (self->document);
  if (qr_map_entity_count (map) == 0)
    return;
  const QrEntity *world = qr_map_get_entity (map, 0);
  const char *key = qr_entity_get_key (world, "wad");
  g_autofree char *map_path = self->file != NULL ? g_file_get_path (self->file) : NULL;
  g_autofree char *map_dir = map_path != NULL ? g_path_get_dirname (map_path) : NULL;
  g_autofree char *value = NULL;
  if (!on && entry >= 0)
    value = qr_wad_key_remove (key, (guint) entry);
  else if (on && entry < 0)
    value = qr_wad_key_append (key, path, map_dir);
  else
    return;
  g_autoptr (GError) error = NULL;
  if (!qr_op_set_key (self->document, world->id, "wad", value, &error))
    _qr_window_show_error (self, _("Could not change the map's WADs"), error);
}

/* How many names the map uses now are missing from the set. */
static guint
count_missing (QrWindow *self)
{
  const QrTextureSet *set = qr_document_get_textures (self->document);
  g_autoptr (GArray) uses = qr_texture_uses (qr_document_get_map (self->document));
  guint missing = 0;
  for (guint u = 0; u < uses->len; u++)
    {
      const QrTexture *t = qr_texture_set_lookup (set, g_array_index (uses, QrTextureUse, u).name);
      missing += t == NULL || t->status == QR_TEXTURE_MISSING;
    }
  return missing;
}

static gboolean
recount_uses (gpointer data)
{
  QrWindow *self = data;
  self->texture_uses_source = 0;
  if (gtk_revealer_get_reveal_child (self->texture_revealer))
    qr_texture_browser_refresh_uses (self->texture_browser);
  /* a retextured map may need none of the missing ones any more */
  if (gtk_info_bar_get_revealed (self->texture_bar))
    update_texture_bar (self, count_missing (self));
  return G_SOURCE_REMOVE;
}

/* Faces of added or changed brushes may name textures the set lacks (a new
 * brush with the current texture, a paste): they are looked up now, so only
 * the changed faces are read, whatever the map's size. */
static void
add_new_names (QrWindow *self, const GArray *ids)
{
  if (self->texture_cancellable != NULL)
    return; /* the load under way puts every name */
  const QrMap *map = qr_document_get_map (self->document);
  const QrTextureSet *set = qr_document_get_textures (self->document);
  gboolean added = FALSE;
  /* a drag sends every moved brush each event: each texture index is looked
   * up once (the lookup folds case), not once per face — moving 100k
   * brushes looked up 600k names */
  guint n_names = map->textures->len;
  g_autofree guint8 *seen = ids->len > 0 ? g_new0 (guint8, n_names) : NULL;
  for (guint i = 0; i < ids->len; i++)
    {
      const QrBrush *brush = qr_document_lookup_brush (self->document, g_array_index (ids, QrId, i));
      for (int f = 0; brush != NULL && f < brush->n_faces; f++)
        {
          uint32_t t = brush->faces[f].texture;
          if (t < n_names && seen[t])
            continue;
          if (t < n_names)
            seen[t] = 1;
          const char *name = qr_map_texture_name (map, t);
          if (qr_texture_set_lookup (set, name) == NULL)
            added |= put_texture (self, name);
        }
    }
  if (added)
    qr_document_textures_changed (self->document);
}

/* A landscape made or given another texture names it in its key. */
static void
add_landscape_names (QrWindow *self, const GArray *ids)
{
  if (self->texture_cancellable != NULL)
    return;
  const QrMap *map = qr_document_get_map (self->document);
  gboolean added = FALSE;
  guint at;
  for (guint i = 0; i < ids->len; i++)
    if (qr_document_find_entity (self->document, g_array_index (ids, QrId, i), &at)
        && qr_entity_is_landscape (qr_map_get_entity (map, at)))
      {
        const char *name = qr_entity_get_key (qr_map_get_entity (map, at), "texture");
        if (name != NULL && name[0] != '\0')
          added |= put_texture (self, name);
      }
  if (added)
    qr_document_textures_changed (self->document);
}

void
_qr_window_textures_document_changed (QrWindow *self, const QrChangeSet *changes)
{
  if (changes->textures_changed)
    return;
  add_new_names (self, changes->brushes_added);
  add_new_names (self, changes->brushes_modified);
  add_landscape_names (self, changes->entities_added);
  add_landscape_names (self, changes->entities_modified);
  if (changes->entities_modified->len > 0)
    {
      const char *key = qr_texture_finder_wad_key (qr_document_get_map (self->document));
      if (g_strcmp0 (key, self->texture_wad_key) != 0)
        {
          _qr_window_load_textures (self);
          return;
        }
    }
  gboolean faces = changes->brushes_added->len > 0 || changes->brushes_removed->len > 0
                   || changes->brushes_modified->len > 0;
  if (faces && self->texture_uses_source == 0
      && (gtk_revealer_get_reveal_child (self->texture_revealer) || gtk_info_bar_get_revealed (self->texture_bar)))
    self->texture_uses_source = g_idle_add (recount_uses, self);
}

void
_qr_window_clear_textures (QrWindow *self)
{
  if (self->texture_cancellable != NULL)
    g_cancellable_cancel (self->texture_cancellable);
  g_clear_object (&self->texture_cancellable);
  g_clear_handle_id (&self->texture_uses_source, g_source_remove);
  if (self->texture_browser != NULL)
    qr_texture_browser_set_source (self->texture_browser, NULL, NULL);
  /* the dialogs borrow the finder too */
  if (self->face_dialog != NULL || self->replace_dialog != NULL)
    {
      QrTextureFinder *finder = g_steal_pointer (&self->texture_finder);
      _qr_window_faces_follow (self);
      self->texture_finder = finder;
    }
  g_clear_pointer (&self->texture_finder, qr_texture_finder_free);
  g_clear_pointer (&self->texture_game, g_free);
  g_clear_pointer (&self->texture_wad_key, g_free);
  g_clear_pointer (&self->texture_game_chosen, g_free);
}

/* A thumbnail dropped on the 3D view: the face under the pointer takes
 * the texture (a drop anywhere else says so and changes nothing). */
static gboolean
on_texture_drop (GtkDropTarget *target, const GValue *value, double x, double y, QrWindow *self)
{
  const char *name = g_value_get_string (value);
  if (name == NULL)
    return FALSE;
  GtkWidget *canvas = GTK_WIDGET (self->camera_canvas);
  QrRay ray;
  qr_camera_pick_ray (qr_camera_canvas_get_camera (self->camera_canvas), x, y, gtk_widget_get_width (canvas),
                      gtk_widget_get_height (canvas), &ray);
  QrPick pick = qr_tool_pick_ray (self->document, &ray);
  if (pick.kind != QR_PICK_BRUSH || pick.face < 0)
    {
      _qr_window_set_message (self, _("Drop a texture on a brush's face"));
      return FALSE;
    }
  _qr_window_apply_texture (self, name, pick.id, pick.face);
  return TRUE;
}

/* The missing-textures bar lies over the foot of the 3D view, where the
 * checkerboards are: it tells without moving the panes. */
static void
make_texture_bar (QrWindow *self)
{
  self->texture_bar = GTK_INFO_BAR (gtk_info_bar_new ());
  gtk_info_bar_set_message_type (self->texture_bar, GTK_MESSAGE_WARNING);
  gtk_info_bar_set_show_close_button (self->texture_bar, TRUE);
  gtk_info_bar_set_revealed (self->texture_bar, FALSE);
  gtk_widget_set_valign (GTK_WIDGET (self->texture_bar), GTK_ALIGN_END);
  self->texture_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->texture_label, 0);
  gtk_label_set_wrap (self->texture_label, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->texture_label), TRUE);
  gtk_info_bar_add_child (self->texture_bar, GTK_WIDGET (self->texture_label));
  gtk_info_bar_add_button (self->texture_bar, _("_Locate…"), RESPONSE_LOCATE);
  g_signal_connect (self->texture_bar, "response", G_CALLBACK (on_texture_bar_response), self);
  qr_view_pane_add_overlay (self->pane_3d, GTK_WIDGET (self->texture_bar));
}

void
_qr_window_setup_texture_drop (QrWindow *self)
{
  make_texture_bar (self);
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY);
  g_signal_connect (target, "drop", G_CALLBACK (on_texture_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self->camera_canvas), GTK_EVENT_CONTROLLER (target));
}

void
_qr_window_init_textures (GtkWidgetClass *widget_class)
{
  g_type_ensure (QR_TYPE_TEXTURE_BROWSER);
  gtk_widget_class_bind_template_callback (widget_class, on_texture_current_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_texture_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_texture_select_faces);
  gtk_widget_class_bind_template_callback (widget_class, on_wad_toggled);
}
