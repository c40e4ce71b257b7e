/* qr-window.c — the window's views, document, status bar and history
 * panel. Actions are in qr-window-actions.c, files in qr-window-files.c. */
#include "qr-window-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include "qr-application.h"
#include "qr-brush.h"
#include "qr-debug-textures.h"
#include "qr-disp.h"
#include "qr-disp-panel.h"
#include "qr-entity-chooser.h"
#include "qr-entity-list.h"
#include "qr-input-log.h"
#include "qr-layer-panel.h"
#include "qr-problems-panel.h"
#include "qr-visgroup-panel.h"
#include "qr-entity-transform.h"
#include "qr-escape.h"
#include "qr-map.h"
#include "qr-patch.h"

G_DEFINE_FINAL_TYPE (QrWindow, qr_window, GTK_TYPE_APPLICATION_WINDOW)

QrOrthoCanvas *
_qr_window_get_ortho (QrWindow *self, int i)
{
  QrOrthoCanvas *all[3] = { self->top_canvas, self->front_canvas, self->side_canvas };
  return all[i];
}

void
_qr_window_queue_render_all (QrWindow *self)
{
  for (int i = 0; i < 3; i++)
    gtk_gl_area_queue_render (GTK_GL_AREA (_qr_window_get_ortho (self, i)));
  gtk_gl_area_queue_render (GTK_GL_AREA (self->camera_canvas));
}

void
_qr_window_set_message (QrWindow *self, const char *message)
{
  gtk_label_set_label (self->status_message, message ? message : "");
}

void
_qr_window_show_error (QrWindow *self, const char *primary, const GError *error)
{
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", primary);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  _qr_window_set_message (self, error->message);
}

/* Ends a dialog of the window from its "response" handler, before the answer
 * is acted on. The emission keeps the dialog alive until the handler returns,
 * while a GtkWindow holds only a pointer to its transient parent: when the
 * answer closes the window (Quit ▸ Discard), the dialog's dispose would then
 * disconnect its handlers from a freed window. So it lets go of the window
 * first. */
void
_qr_window_dismiss_dialog (GtkWindow *dialog)
{
  gtk_window_set_transient_for (dialog, NULL);
  gtk_window_destroy (dialog);
}

/* ---- title, status, history ---- */

/* A file's name for titles and messages: names are bytes, labels need
 * UTF-8, so bytes that are not are shown as in the readers' messages. */
char *
_qr_window_dup_file_name (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);
  return qr_escape_dup (name, -1);
}

static char *
dup_display_name (QrWindow *self)
{
  if (self->file == NULL)
    return g_strdup (_("Untitled"));
  return _qr_window_dup_file_name (self->file);
}

void
_qr_window_update_title (QrWindow *self)
{
  g_autofree char *name = dup_display_name (self);
  /* The marker follows the command stack's clean point. */
  g_autofree char *title = g_strdup_printf ("%s%s – Quarry", qr_document_is_modified (self->document) ? "*" : "",
                                            name);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

static void
update_status_view (QrWindow *self)
{
  g_autofree char *grid = g_strdup_printf (_("Grid %d"), self->grid_size);
  gtk_label_set_label (self->status_grid, grid);

  QrOrthoCanvas *canvas = self->last_ortho ? self->last_ortho : self->top_canvas;
  const QrOrthoView *view = qr_ortho_canvas_get_view (canvas);
  double percent = qr_ortho_view_get_zoom (view) * 100.0;
  g_autofree char *zoom = percent >= 10 ? g_strdup_printf (_("Zoom %.0f%%"), percent)
                                         : g_strdup_printf (_("Zoom %.2g%%"), percent);
  gtk_label_set_label (self->status_zoom, zoom);

  QrVec3 p;
  if (self->last_ortho != NULL && qr_ortho_canvas_get_pointer (self->last_ortho, &p))
    {
      const QrOrthoAxes *axes = qr_ortho_axis_get_axes (view->axis);
      const char *names = "XYZ";
      double c[3] = { p.x, p.y, p.z };
      /* As many decimals as a pixel is worth at this zoom. */
      double zoom_px = qr_ortho_view_get_zoom (view);
      int digits = zoom_px >= 8 ? 2 : zoom_px >= 1 ? 1 : 0;
      g_autofree char *text = g_strdup_printf ("%c %.*f   %c %.*f", names[axes->right], digits,
                                               c[axes->right] + 0.0, names[axes->up], digits, c[axes->up] + 0.0);
      gtk_label_set_label (self->status_pointer, text);
    }
  else
    gtk_label_set_label (self->status_pointer, "");
}

/* How many of the selected brush ids name patches (they share the ids). */
static guint
selected_patches (QrWindow *self, const QrSelection *sel)
{
  const QrMap *map = qr_document_get_map (self->document);
  guint n = 0;
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrPatch *patch = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch;
          n += patch != NULL && qr_selection_has_brush (sel, patch->id);
        }
    }
  return n;
}

/* Appends a count (taken) to a list of counts. */
static void
add_count (GString *counts, char *count)
{
  if (counts->len > 0)
    {
      g_autofree char *joined = g_strdup_printf (C_("selection count", "%s, %s"), counts->str, count);
      g_string_assign (counts, joined);
    }
  else
    g_string_assign (counts, count);
  g_free (count);
}

/* The selected faces (the Texture tool's): how many, and their texture, or
 * how many textures when they differ. */
static char *
dup_faces_count (QrWindow *self, const QrSelection *sel)
{
  const QrMap *map = qr_document_get_map (self->document);
  g_autoptr (GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *name = NULL;
  for (guint i = 0; i < sel->faces->len; i++)
    {
      QrFaceRef ref = g_array_index (sel->faces, QrFaceRef, i);
      const QrBrush *brush = qr_document_lookup_brush (self->document, ref.brush);
      if (brush == NULL || ref.face < 0 || ref.face >= brush->n_faces)
        continue;
      name = qr_map_texture_name (map, brush->faces[ref.face].texture);
      /* the games compare names ignoring case */
      g_hash_table_add (names, g_ascii_strdown (name, -1));
    }
  guint n = sel->faces->len, textures = g_hash_table_size (names);
  g_autofree char *faces = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u face", "%u faces", n), n);
  if (textures == 1)
    /* TRANSLATORS: "3 faces: WBRICK1_5", the faces' texture */
    return g_strdup_printf (C_("selected faces", "%s: %s"), faces, name);
  if (textures > 1)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u textures", "%s: %u textures", textures), faces,
                            textures);
  return g_steal_pointer (&faces);
}

static void
update_status_selection (QrWindow *self)
{
  const QrSelection *sel = qr_document_get_selection (self->document);
  guint patches = sel->brushes->len > 0 ? selected_patches (self, sel) : 0;
  guint brushes = sel->brushes->len - patches, entities = sel->entities->len;
  g_autofree char *faces = sel->faces->len > 0 ? dup_faces_count (self, sel) : NULL;
  if (brushes == 0 && patches == 0 && entities == 0)
    {
      gtk_label_set_label (self->status_selection, faces != NULL ? faces : _("Nothing selected"));
      return;
    }
  QrBounds b = _qr_window_map_bounds (self, TRUE);
  /* Each count takes its own plural form: "1 brush, 2 entities". */
  g_autoptr (GString) count = g_string_new (NULL);
  if (faces != NULL)
    add_count (count, g_steal_pointer (&faces));
  if (brushes > 0)
    add_count (count, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u brush", "%u brushes", brushes), brushes));
  if (patches > 0)
    add_count (count, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u patch", "%u patches", patches), patches));
  if (entities > 0)
    add_count (count, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u entity", "%u entities", entities),
                                       entities));
  g_autofree char *text = NULL;
  if (qr_bounds_is_empty (b))
    text = g_strdup (count->str);
  else
    text = g_strdup_printf ("%s, %g × %g × %g", count->str, b.max.x - b.min.x, b.max.y - b.min.y, b.max.z - b.min.z);
  gtk_label_set_label (self->status_selection, text);
}

static void
update_history (QrWindow *self)
{
  const QrCommandStack *stack = qr_document_get_history (self->document);
  guint length = qr_command_stack_history_length (stack), position = qr_command_stack_position (stack);

  /* Most changes (a selection, every step of a drag inside its
   * transaction) leave the history as it is: the panel already shows
   * length + 1 rows with `position` selected. */
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (self->history_list);
  if (gtk_list_box_get_row_at_index (self->history_list, (int) length) != NULL
      && gtk_list_box_get_row_at_index (self->history_list, (int) length + 1) == NULL && selected != NULL
      && gtk_list_box_row_get_index (selected) == (int) position)
    return;

  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->history_list))) != NULL)
    gtk_list_box_remove (self->history_list, child);
  for (guint i = 0; i <= length; i++)
    {
      const char *text = i == 0 ? _("Opened") : qr_command_stack_history_description (stack, i - 1);
      GtkWidget *label = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_margin_start (label, 8);
      gtk_widget_set_margin_end (label, 8);
      gtk_widget_set_margin_top (label, 3);
      gtk_widget_set_margin_bottom (label, 3);
      gtk_list_box_append (self->history_list, label);
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->history_list, (int) i);
      if (i > position)
        gtk_widget_add_css_class (GTK_WIDGET (row), "undone");
      if (i == position)
        gtk_list_box_select_row (self->history_list, row);
    }
}

static void
on_history_row_activated (GtkListBox *list, GtkListBoxRow *row, QrWindow *self)
{
  g_assert (QR_IS_WINDOW (self));
  qr_document_jump_to (self->document, (guint) gtk_list_box_row_get_index (row));
}

/* ---- the document ---- */

/* Bounds of the brushes (patches, point entities) wanted, valid ones only
 * unless there are no others: an invalid brush's plane points may lie
 * thousands of units away and would shrink the map to a dot. The whole
 * map is what the views show: hidden and filtered objects are left out
 * (the selection holds none). */
static QrBounds
bounds_of (QrWindow *self, gboolean selection_only, gboolean with_invalid)
{
  const QrSelection *sel = qr_document_get_selection (self->document);
  const QrMap *map = qr_document_get_map (self->document);
  QrBounds b = qr_bounds_empty ();
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      gboolean whole = selection_only && qr_selection_has_entity (sel, entity->id);
      for (guint i = 0; i < qr_entity_brush_count (entity); i++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, i);
          if (selection_only ? !whole && !qr_selection_has_brush (sel, brush->id)
                             : qr_map_brush_is_hidden (map, entity, brush))
            continue;
          if (qr_brush_is_valid (brush))
            qr_bounds_add_bounds (&b, qr_brush_bounds (brush));
          else if (with_invalid)
            for (int f = 0; f < brush->n_faces; f++)
              for (int k = 0; k < 3; k++)
                qr_bounds_add_point (&b, brush->faces[f].points[k]);
        }
      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrPatch *patch = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch;
          if (patch != NULL
              && (selection_only ? whole || qr_selection_has_brush (sel, patch->id)
                                 : !qr_map_patch_is_hidden (map, entity, patch->id)))
            qr_bounds_add_bounds (&b, patch->bounds);
        }
      QrBounds box;
      if ((selection_only ? whole : !qr_map_entity_is_hidden (map, entity)) && qr_entity_is_point (entity)
          && qr_entity_box (entity, qr_document_get_entdefs (self->document), &box))
        qr_bounds_add_bounds (&b, box);
    }
  return b;
}

QrBounds
_qr_window_map_bounds (QrWindow *self, gboolean selection_only)
{
  QrBounds b = bounds_of (self, selection_only, FALSE);
  return qr_bounds_is_empty (b) ? bounds_of (self, selection_only, TRUE) : b;
}

static void
on_document_changed (QrDocument *doc, const QrChangeSet *changes, QrWindow *self)
{
  g_assert (QR_IS_WINDOW (self));
  qr_scene_mesh_update (self->mesh, doc, changes);
  qr_entity_links_update (self->links, changes);
  if (changes->textures_changed)
    _qr_window_textures_changed (self);
  if (changes->entdefs_changed)
    _qr_window_entity_defs_follow (self);
  _qr_window_queue_render_all (self);
  _qr_window_update_title (self);
  _qr_window_update_actions (self);
  update_status_selection (self);
  update_history (self);
  _qr_window_refresh_tool_overlay (self);
  _qr_window_set_message (self, qr_document_get_note (doc));
  _qr_window_textures_document_changed (self, changes);
  _qr_window_landscape_follow (self);
  _qr_window_autosave_document_changed (self, changes);
}

void
_qr_window_frame (QrWindow *self, gboolean selection_only)
{
  QrBounds box = _qr_window_map_bounds (self, selection_only);
  if (qr_bounds_is_empty (box))
    return;
  /* The design canvases frame it when they next draw, at their size then. */
  for (int i = 0; i < 3; i++)
    qr_ortho_canvas_fit (_qr_window_get_ortho (self, i), box);
  qr_camera_canvas_frame (self->camera_canvas, box);
}

/* The entity list's choice: the views look at it without zooming in. */
static void
centre_on_selection (QrWindow *self)
{
  QrBounds box = _qr_window_map_bounds (self, TRUE);
  for (int i = 0; i < 3; i++)
    qr_ortho_canvas_centre (_qr_window_get_ortho (self, i), box);
  qr_camera_canvas_centre (self->camera_canvas, box);
}

/* The Problems panel's choice: the views zoom to it. */
static void
frame_selection (QrWindow *self)
{
  _qr_window_frame (self, TRUE);
}

static QrProblemsPanel *
problems_panel (QrWindow *self)
{
  return QR_PROBLEMS_PANEL (gtk_widget_get_first_child (GTK_WIDGET (self->problems_slot)));
}

static QrVisgroupPanel *
visgroup_panel (QrWindow *self)
{
  return QR_VISGROUP_PANEL (gtk_widget_get_first_child (GTK_WIDGET (self->visgroups_slot)));
}

static QrLayerPanel *
layer_panel (QrWindow *self)
{
  return QR_LAYER_PANEL (gtk_widget_get_first_child (GTK_WIDGET (self->layers_slot)));
}

static QrEntityList *
entity_list (QrWindow *self)
{
  return QR_ENTITY_LIST (gtk_widget_get_first_child (GTK_WIDGET (self->entity_list_slot)));
}
/* ---- invalid brushes ---- */

/* The info bar's response for its button (its close button sends
 * GTK_RESPONSE_CLOSE). */
enum
{
  RESPONSE_SELECT_INVALID = 1,
};

/* A map's invalid brushes are drawn only as magenta plane points: the bar
 * says how many there are and offers to select them. */
static void
update_invalid_bar (QrWindow *self)
{
  guint n = qr_selection_add_invalid (NULL, qr_document_get_map (self->document));
  if (n > 0)
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u invalid brush kept as written",
                                                            "%u invalid brushes kept as written", n),
                                               n);
      gtk_label_set_label (self->invalid_label, text);
      gtk_button_set_label (self->invalid_select, g_dngettext (GETTEXT_PACKAGE, "_Select It", "_Select Them", n));
    }
  gtk_info_bar_set_revealed (self->invalid_bar, n > 0);
}

static void
on_invalid_bar_response (GtkInfoBar *bar, int response, QrWindow *self)
{
  g_assert (QR_IS_WINDOW (self));
  gtk_info_bar_set_revealed (bar, FALSE);
  if (response != RESPONSE_SELECT_INVALID)
    return;
  g_autoptr (QrSelection) sel = qr_selection_new ();
  guint n = qr_selection_add_invalid (sel, qr_document_get_map (self->document));
  qr_document_set_selection (self->document, sel);
  _qr_window_frame (self, TRUE);
  g_autofree char *message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Selected %u invalid brush",
                                                           "Selected %u invalid brushes", n),
                                              n);
  _qr_window_set_message (self, message);
}

void
_qr_window_set_document (QrWindow *self, QrDocument *doc, GFile *file, QrSaveFormat format)
{
  g_assert (QR_IS_WINDOW (self));
  g_assert (QR_IS_DOCUMENT (doc));

  if (self->document != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->document, self);
      g_object_unref (self->document);
      /* A trace belongs to the map it was compiled from. */
      _qr_window_unload_pointfile (self);
      _qr_window_clear_compile (self);
    }
  self->document = g_object_ref (doc);
  /* The views' filter is the window's: the new map is seen through it. */
  _qr_window_apply_view_filter (self);
  qr_document_set_texture_lock (doc, g_settings_get_boolean (self->settings, "texture-lock"));
  g_signal_connect (doc, "changed", G_CALLBACK (on_document_changed), self);
  g_set_object (&self->file, file);
  self->save_format = format;
  self->autosave_dirty = FALSE;
  _qr_window_autosave_follow (self);

  /* What the last map's textures said of its game says nothing of this one's. */
  g_clear_pointer (&self->texture_game, g_free);
  _qr_window_load_entdefs (self);
  qr_scene_mesh_rebuild (self->mesh, doc);
  qr_entity_list_set_document (entity_list (self), doc);
  qr_problems_panel_set_document (problems_panel (self), doc);
  qr_visgroup_panel_set_document (visgroup_panel (self), doc);
  qr_layer_panel_set_document (layer_panel (self), doc);
  /* Hammer groups a .vmf's objects in visgroups, TrenchBroom a .map's in layers. */
  gtk_stack_set_visible_child_name (self->groups_stack,
                                    qr_document_get_map (doc)->kind == QR_FILE_VMF ? "visgroups" : "layers");
  for (int i = 0; i < 3; i++)
    qr_entity_names_set_document (QR_ENTITY_NAMES (self->entity_names[i]), doc);
  _qr_window_refresh_tool_overlay (self);
  /* Made-up textures instead of the map's, for testing the drawing alone. */
  const char *debug_textures = g_getenv ("QUARRY_DEBUG_TEXTURES");
  if (debug_textures != NULL && !qr_debug_textures_fill (doc, debug_textures, NULL))
    g_message ("QUARRY_DEBUG_TEXTURES: “%s” is not checker, missing, pending, broken or mixed", debug_textures);
  _qr_window_frame (self, FALSE);
  /* The 3D view opens where a player would stand, as Hammer's does. */
  QrCamera cam = *qr_camera_canvas_get_camera (self->camera_canvas);
  if (qr_camera_place_at_player_start (&cam, qr_document_get_map (doc)))
    qr_camera_canvas_place (self->camera_canvas, cam.position, cam.yaw, cam.pitch, cam.twist);
  _qr_window_queue_render_all (self);
  _qr_window_update_title (self);
  _qr_window_update_actions (self);
  update_status_selection (self);
  update_status_view (self);
  update_history (self);
  update_invalid_bar (self);
  _qr_window_watch_file (self);
  _qr_window_faces_follow (self);
  _qr_window_find_follow (self);
  _qr_window_entity_defs_follow (self);
  qr_entity_props_set_document (self->entity_props, doc);
  if (debug_textures == NULL)
    _qr_window_load_textures (self);
}

gboolean
qr_window_is_pristine (QrWindow *self)
{
  g_return_val_if_fail (QR_IS_WINDOW (self), FALSE);
  const QrCommandStack *stack = qr_document_get_history (self->document);
  return self->file == NULL && qr_command_stack_history_length (stack) == 0
         && self->load_cancellable == NULL;
}

/* ---- views ---- */

static void
on_pointer_moved (QrOrthoCanvas *canvas, QrWindow *self)
{
  self->last_ortho = canvas;
  update_status_view (self);
}

static void
on_view_changed (QrOrthoCanvas *canvas, QrWindow *self)
{
  if (canvas == self->last_ortho || self->last_ortho == NULL)
    update_status_view (self);
}

/* ---- pane splits, remembered as fractions ---- */

/* The paneds tell of new sizes and positions while they are being
 * allocated, when moving a divider would leave a sibling unallocated for
 * the frame; so both notifications only schedule this, which runs after
 * the frame. A paned whose size changed gets its remembered fraction back
 * (the window was resized); one whose size did not but whose divider moved
 * was dragged: its fraction is remembered, and the other row follows it so
 * the four panes stay a 2×2 grid. */
/* The length a divider moves along: the paned's width or height. (Its
 * max-position is less, by the end child's minimum size, which differs
 * between the rows and would misalign them.) */
static int
split_length (GtkPaned *paned)
{
  return gtk_orientable_get_orientation (GTK_ORIENTABLE (paned)) == GTK_ORIENTATION_HORIZONTAL
           ? gtk_widget_get_width (GTK_WIDGET (paned))
           : gtk_widget_get_height (GTK_WIDGET (paned));
}

static gboolean
sync_splits (gpointer user_data)
{
  QrWindow *self = user_data;
  GtkPaned *paneds[3] = { self->rows, self->upper, self->lower };
  const char *keys[3] = { "pane-split-vertical", "pane-split-horizontal", "pane-split-horizontal" };
  self->split_source = 0;

  for (int i = 0; i < 3; i++)
    {
      GtkPaned *paned = paneds[i];
      int length = split_length (paned);
      gboolean shown = gtk_widget_get_visible (gtk_paned_get_start_child (paned))
                       && gtk_widget_get_visible (gtk_paned_get_end_child (paned));
      if (length <= 0 || !shown)
        continue;
      double fraction = g_settings_get_double (self->settings, keys[i]);
      int wanted = (int) lround (fraction * length);
      int position = gtk_paned_get_position (paned);
      if (length != self->split_length[i] || position == wanted)
        {
          self->split_length[i] = length;
          gtk_paned_set_position (paned, wanted);
          continue;
        }
      fraction = CLAMP ((double) position / length, 0.05, 0.95);
      g_settings_set_double (self->settings, keys[i], fraction);
      if (i > 0)
        {
          GtkPaned *other = paneds[i == 1 ? 2 : 1];
          gtk_paned_set_position (other, (int) lround (fraction * split_length (other)));
          break; /* the other row has just been set */
        }
    }
  return G_SOURCE_REMOVE;
}

static void
on_split_notify (GtkPaned *paned, GParamSpec *pspec, QrWindow *self)
{
  if (self->split_source == 0)
    self->split_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, sync_splits, self, NULL);
}

/* ---- GL ---- */

static void
share_gl_context (QrWindow *self, GdkGLContext *context)
{
  qr_scene_canvas_set_shared_context (QR_SCENE_CANVAS (self->camera_canvas), context);
  for (int i = 0; i < 3; i++)
    qr_scene_canvas_set_shared_context (QR_SCENE_CANVAS (_qr_window_get_ortho (self, i)), context);
}

/* The views draw with the application's GL context (qr-gl-context.h).
 * Without one, each view makes its own, and reports the error if that fails. */
static void
qr_window_realize (GtkWidget *widget)
{
  QrWindow *self = QR_WINDOW (widget);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  GTK_WIDGET_CLASS (qr_window_parent_class)->realize (widget);
  if (QR_IS_APPLICATION (app))
    g_set_object (&self->gl_context, qr_application_get_gl_context (QR_APPLICATION (app)));
  share_gl_context (self, self->gl_context);
}

static void
qr_window_unrealize (GtkWidget *widget)
{
  QrWindow *self = QR_WINDOW (widget);
  /* The views let go of the context as they are unrealized, first. */
  GTK_WIDGET_CLASS (qr_window_parent_class)->unrealize (widget);
  share_gl_context (self, NULL);
  g_clear_object (&self->gl_context);
}

/* ---- GObject ---- */

static gboolean
qr_window_close_request_vfunc (GtkWindow *window)
{
  QrWindow *self = QR_WINDOW (window);
  if (self->closing_confirmed || !qr_document_is_modified (self->document))
    {
      if (!gtk_window_is_maximized (window))
        {
          g_settings_set_int (self->settings, "window-width", gtk_widget_get_width (GTK_WIDGET (window)));
          g_settings_set_int (self->settings, "window-height", gtk_widget_get_height (GTK_WIDGET (window)));
        }
      g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
      if (self->load_cancellable != NULL)
        g_cancellable_cancel (self->load_cancellable);
      return GTK_WINDOW_CLASS (qr_window_parent_class)->close_request (window);
    }
  qr_window_close_request (self);
  return TRUE;
}

static void
qr_window_dispose (GObject *object)
{
  QrWindow *self = QR_WINDOW (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_handle_id (&self->split_source, g_source_remove);
  _qr_window_clear_monitor (self);
  _qr_window_clear_autosave (self);
  _qr_window_clear_export (self);
  _qr_window_unload_pointfile (self);
  _qr_window_clear_faces (self);
  _qr_window_clear_find (self);
  _qr_window_clear_textures (self);
  g_clear_pointer (&self->entdefs_note, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), QR_TYPE_WINDOW);
  g_clear_object (&self->document);
  g_clear_object (&self->file);
  g_clear_object (&self->settings);
  g_clear_object (&self->load_cancellable);
  g_clear_pointer (&self->bench, _qr_window_bench_free);
  _qr_window_clear_tools (self);
  _qr_window_clear_entity_tool (self);
  G_OBJECT_CLASS (qr_window_parent_class)->dispose (object);
}

static void
qr_window_finalize (GObject *object)
{
  QrWindow *self = QR_WINDOW (object);
  /* The canvases released the GL side when they were unrealized. */
  qr_scene_gl_free (self->scene);
  qr_scene_mesh_free (self->mesh);
  G_OBJECT_CLASS (qr_window_parent_class)->finalize (object);
}

static void
qr_window_class_init (QrWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = qr_window_dispose;
  object_class->finalize = qr_window_finalize;
  widget_class->realize = qr_window_realize;
  widget_class->unrealize = qr_window_unrealize;
  window_class->close_request = qr_window_close_request_vfunc;

  /* What qr_window_load opened is now the document: the benchmark starts
   * counting frames here. */
  g_signal_new ("map-loaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (QR_TYPE_VIEW_PANE);
  g_type_ensure (QR_TYPE_ORTHO_CANVAS);
  g_type_ensure (QR_TYPE_CAMERA_CANVAS);
  g_type_ensure (QR_TYPE_ENTITY_CHOOSER);
  g_type_ensure (QR_TYPE_DISP_PANEL);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/quarry/Quarry/ui/qr-window.ui");
  gtk_widget_class_bind_template_child (widget_class, QrWindow, menu_bar);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, tool_options);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, shape_list);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, shape_sides_revealer);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, shape_sides);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, shape_arch_revealer);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, shape_arc);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, shape_wall);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, entity_chooser);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, disp_panel);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, rows);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, upper);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, lower);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, pane_3d);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, pane_top);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, pane_front);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, pane_side);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, camera_canvas);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, top_canvas);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, front_canvas);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, side_canvas);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, invalid_bar);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, invalid_label);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, invalid_select);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, load_revealer);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, load_label);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, load_progress);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, history_revealer);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, entity_revealer);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, groups_revealer);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, groups_stack);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, layers_slot);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, visgroups_slot);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, problems_revealer);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, problems_slot);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, entity_props_slot);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, entity_list_slot);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, texture_revealer);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, texture_browser);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, texture_button_label);
  _qr_window_init_textures (widget_class);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, history_list);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, status_message);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, export_progress);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, status_pointer);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, status_grid);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, status_zoom);
  gtk_widget_class_bind_template_child (widget_class, QrWindow, status_selection);
  gtk_widget_class_bind_template_callback (widget_class, on_history_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_invalid_bar_response);

}

static void
qr_window_init (QrWindow *self)
{
  /* The scene exists before the template so that the canvases can take it. */
  self->mesh = qr_scene_mesh_new ();
  self->scene = qr_scene_gl_new (self->mesh);

  gtk_widget_init_template (GTK_WIDGET (self));
  qr_input_log_attach (GTK_WINDOW (self));
  self->settings = g_settings_new (QR_APPLICATION_ID);
  self->entity_props = QR_ENTITY_PROPS (qr_entity_props_new ());
  gtk_box_append (self->entity_props_slot, GTK_WIDGET (self->entity_props));

  for (int i = 0; i < 3; i++)
    {
      QrOrthoCanvas *canvas = _qr_window_get_ortho (self, i);
      qr_scene_canvas_set_scene (QR_SCENE_CANVAS (canvas), self->scene);
      g_signal_connect (canvas, "pointer-moved", G_CALLBACK (on_pointer_moved), self);
      g_signal_connect (canvas, "view-changed", G_CALLBACK (on_view_changed), self);
    }
  qr_scene_canvas_set_scene (QR_SCENE_CANVAS (self->camera_canvas), self->scene);

  gtk_window_set_default_size (GTK_WINDOW (self), g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  GtkPaned *paneds[3] = { self->rows, self->upper, self->lower };
  for (int i = 0; i < 3; i++)
    {
      g_signal_connect (paneds[i], "notify::max-position", G_CALLBACK (on_split_notify), self);
      g_signal_connect (paneds[i], "notify::position", G_CALLBACK (on_split_notify), self);
    }

  self->grid_size = g_settings_get_int (self->settings, "grid-size");
  self->show_grid = TRUE;
  for (int i = 0; i < 3; i++)
    qr_ortho_canvas_set_grid_size (_qr_window_get_ortho (self, i), self->grid_size);
  QrRenderMode mode = QR_RENDER_SHADED;
  g_autofree char *mode_name = g_settings_get_string (self->settings, "render-mode-3d");
  qr_render_mode_from_string (mode_name, &mode);
  qr_camera_canvas_set_mode (self->camera_canvas, mode);
  /* A style the user set once stays; the default gives way to textures. */
  g_autoptr (GVariant) chosen_mode = g_settings_get_user_value (self->settings, "render-mode-3d");
  self->render_mode_chosen = chosen_mode != NULL;
  g_autofree char *filter = g_settings_get_string (self->settings, "texture-filter");
  qr_scene_gl_set_texture_filter (self->scene, g_str_equal (filter, "nearest"));
  qr_camera_canvas_set_show_normals (self->camera_canvas, g_settings_get_boolean (self->settings, "show-normals"));
  qr_camera_canvas_set_move_speed (self->camera_canvas, g_settings_get_double (self->settings, "camera-speed"));

  _qr_window_init_actions (self);
  _qr_window_init_tools (self);
  _qr_window_init_autosave (self);
  _qr_window_init_export (self);
  _qr_window_init_leak (self);
  _qr_window_init_compile (self);
  _qr_window_init_filter (self);
  _qr_window_init_entity_tool (self);
  _qr_window_init_landscape_tool (self);
  _qr_window_init_disp_tool (self);
  _qr_window_setup_texture_drop (self);
  GtkWidget *list = qr_entity_list_new ();
  gtk_widget_set_vexpand (list, TRUE);
  gtk_box_append (self->entity_list_slot, list);
  g_signal_connect_swapped (list, "centre", G_CALLBACK (centre_on_selection), self);
  GtkWidget *problems = qr_problems_panel_new ();
  gtk_widget_set_vexpand (problems, TRUE);
  gtk_box_append (self->problems_slot, problems);
  g_signal_connect_swapped (problems, "frame", G_CALLBACK (frame_selection), self);
  g_signal_connect_swapped (problems, "message", G_CALLBACK (_qr_window_set_message), self);
  GtkWidget *visgroups = qr_visgroup_panel_new ();
  gtk_widget_set_vexpand (visgroups, TRUE);
  gtk_box_append (self->visgroups_slot, visgroups);
  g_signal_connect_swapped (visgroups, "frame", G_CALLBACK (frame_selection), self);
  g_signal_connect_swapped (visgroups, "message", G_CALLBACK (_qr_window_set_message), self);
  GtkWidget *layers = qr_layer_panel_new ();
  gtk_widget_set_vexpand (layers, TRUE);
  gtk_box_append (self->layers_slot, layers);
  g_signal_connect_swapped (layers, "message", G_CALLBACK (_qr_window_set_message), self);

  _qr_window_init_monitor (self);
  g_autoptr (QrDocument) doc = qr_document_new (qr_map_new (QR_FILE_MAP));
  _qr_window_set_document (self, doc, NULL, QR_SAVE_AS_READ);

  g_autofree char *maximized = g_settings_get_string (self->settings, "maximized-pane");
  _qr_window_set_maximized_pane (self, maximized);
}

QrWindow *
qr_window_new (QrApplication *app)
{
  QrWindow *self = g_object_new (QR_TYPE_WINDOW, "application", app, NULL);
  /* The menu bar is the application's (gtk/menus.ui), placed by the
   * template so that it sits above the load bar. */
  gtk_popover_menu_bar_set_menu_model (self->menu_bar, gtk_application_get_menubar (GTK_APPLICATION (app)));
  _qr_window_update_actions (self);
  return self;
}
