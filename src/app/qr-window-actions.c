/* qr-window-actions.c — the window's actions (win.*): editing, views,
 * map operations; which of them are enabled; the Undo/Redo labels. */
#include "qr-window-private.h"

#include <glib/gi18n.h>
#include "qr-application.h"
#include "qr-clipboard.h"
#include "qr-map.h"
#include "qr-operations.h"
#include "qr-transform-dialog.h"

static GActionMap *
map_of (QrWindow *self)
{
  return G_ACTION_MAP (self);
}

static void
set_enabled (QrWindow *self, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (map_of (self), name);
  if (G_IS_SIMPLE_ACTION (action))
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* Runs an operation's result: a refusal changes nothing and says why. */
static void
report (QrWindow *self, gboolean ok, const char *what, GError *error)
{
  if (ok)
    {
      const char *note = qr_document_get_note (self->document);
      _qr_window_set_message (self, note);
      return;
    }
  g_autofree char *message = g_strdup_printf (_("%s: %s"), what, error ? error->message : _("failed"));
  _qr_window_set_message (self, message);
  gtk_widget_error_bell (GTK_WIDGET (self));
}

static void
update_undo_menu (QrWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  GMenu *section = app ? gtk_application_get_menu_by_id (app, "undo_section") : NULL;
  if (section == NULL)
    return;
  g_autofree char *undo = qr_document_dup_undo_label (self->document);
  g_autofree char *redo = qr_document_dup_redo_label (self->document);
  const char *labels[2] = { undo ? undo : _("Undo"), redo ? redo : _("Redo") };
  /* Rebuilding the menu bar's model on every change (every step of a
   * drag) would be wasted when the labels read the same. */
  if (g_menu_model_get_n_items (G_MENU_MODEL (section)) == 2)
    {
      gboolean same = TRUE;
      for (int i = 0; i < 2 && same; i++)
        {
          g_autofree char *shown = NULL;
          same = g_menu_model_get_item_attribute (G_MENU_MODEL (section), i, G_MENU_ATTRIBUTE_LABEL, "s", &shown)
                 && g_str_equal (shown, labels[i]);
        }
      if (same)
        return;
    }
  g_menu_remove_all (section);
  g_menu_append (section, labels[0], "win.undo");
  g_menu_append (section, labels[1], "win.redo");
}

void
_qr_window_update_actions (QrWindow *self)
{
  const QrSelection *sel = qr_document_get_selection (self->document);
  gboolean any = !qr_selection_is_empty (sel);
  gboolean two = sel->brushes->len + sel->entities->len >= 2;
  gboolean loading = self->load_cancellable != NULL;

  set_enabled (self, "undo", !loading && qr_document_can_undo (self->document));
  set_enabled (self, "redo", !loading && qr_document_can_redo (self->document));
  set_enabled (self, "save", !loading);
  set_enabled (self, "save-as", !loading);
  set_enabled (self, "cancel-load", loading || self->texture_cancellable != NULL);
  const char *need_selection[] = { "cut", "copy", "delete", "duplicate", "carve", "hollow", "group", "zoom-selection",
                                   "flip", "rotate-90", "transform", "tie", "tie-choose", "untie",
                                   "hide-selection", "isolate-selection" };
  for (guint i = 0; i < G_N_ELEMENTS (need_selection); i++)
    set_enabled (self, need_selection[i], !loading && any);
  const char *need_two[] = { "convex-union", "intersect", "merge" };
  for (guint i = 0; i < G_N_ELEMENTS (need_two); i++)
    set_enabled (self, need_two[i], !loading && two);
  /* Groups hold brushes: Ungroup dissolves those the selected ones are in
   * (and says so when they are in none). */
  set_enabled (self, "ungroup", !loading && sel->brushes->len > 0);
  set_enabled (self, "show-all", !loading && !qr_hidden_is_empty (qr_document_get_map (self->document)->hidden));
  const char *need_faces[] = { "disp-create", "disp-power", "disp-destroy", "disp-sew" };
  for (guint i = 0; i < G_N_ELEMENTS (need_faces); i++)
    set_enabled (self, need_faces[i], !loading && sel->faces->len > 0);
  /* The menu bar belongs to the application: the active window, or the
   * only one, speaks for it. */
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  if (app != NULL && (gtk_window_is_active (GTK_WINDOW (self)) || g_list_length (gtk_application_get_windows (app)) <= 1))
    update_undo_menu (self);
}

/* ---- File ---- */

static void
new_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  QrWindow *window = qr_window_new (QR_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
  gtk_window_present (GTK_WINDOW (window));
}

static void
open_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  _qr_window_open (QR_WINDOW (user_data));
}

static void
open_recent_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  g_autoptr (GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));
  _qr_window_open_file (QR_WINDOW (user_data), file);
}

static void
save_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  _qr_window_save (QR_WINDOW (user_data), FALSE, NULL, NULL, NULL);
}

static void
save_as_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  _qr_window_save (QR_WINDOW (user_data), TRUE, NULL, NULL, NULL);
}

static void
close_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  gtk_window_close (GTK_WINDOW (user_data));
}

static void
cancel_load_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  if (self->texture_cancellable != NULL)
    g_cancellable_cancel (self->texture_cancellable);
}

/* ---- Edit ---- */

static void
undo_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  qr_document_undo (QR_WINDOW (user_data)->document);
}

static void
redo_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  qr_document_redo (QR_WINDOW (user_data)->document);
}

/* Deletes the selection as one step named `what` (Delete, Cut). */
static void
delete_selection (QrWindow *self, const char *what)
{
  g_autoptr (GError) error = NULL;
  const QrSelection *sel = qr_document_get_selection (self->document);
  g_autoptr (GArray) entities = g_array_copy (sel->entities);
  gboolean ok = qr_op_delete (self->document, (const QrId *) (gpointer) sel->brushes->data, sel->brushes->len,
                              (const QrId *) (gpointer) entities->data, entities->len, what, &error);
  report (self, ok, what, error);
}

static void
copy_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  g_autofree char *text = qr_clipboard_dup_text (self->document, qr_document_get_selection (self->document));
  if (text != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
}

static void
cut_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  copy_activated (action, param, user_data);
  delete_selection (QR_WINDOW (user_data), _("Cut"));
}

typedef struct
{
  QrWindow *window; /* owned */
  gboolean at_pointer;
  int view;         /* the design canvas the pointer was in */
  QrVec3 pointer;   /* and where */
} Paste;

static void
paste_received (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Paste *paste = user_data;
  g_autoptr (QrWindow) self = paste->window;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  gboolean ok = FALSE;
  if (text != NULL && self->document != NULL)
    {
      if (paste->at_pointer)
        {
          int r, u;
          qr_tool_view_axes (paste->view, &r, &u, NULL);
          ok = qr_clipboard_paste_near (self->document, text, -1, paste->pointer, 1u << r | 1u << u,
                                        self->grid_size, &error);
        }
      else
        ok = qr_clipboard_paste (self->document, text, -1, qr_vec3 (0, 0, 0), &error);
    }
  report (self, ok, _("Paste"), error);
  g_free (paste);
}

/* Ctrl+V over a design canvas pastes around the pointer, by whole grid
 * steps along that canvas's axes (TrenchBroom's plain paste); elsewhere,
 * and with Paste in Place, what is pasted keeps its coordinates. */
static void
read_clipboard (QrWindow *self, gboolean in_place)
{
  Paste *paste = g_new0 (Paste, 1);
  paste->window = g_object_ref (self);
  paste->at_pointer = !in_place && self->last_ortho != NULL
                      && qr_ortho_canvas_get_pointer (self->last_ortho, &paste->pointer);
  if (paste->at_pointer)
    paste->view = (int) qr_ortho_canvas_get_view (self->last_ortho)->axis;
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (self)), NULL, paste_received, paste);
}

static void
paste_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  read_clipboard (QR_WINDOW (user_data), FALSE);
}

static void
paste_in_place_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  read_clipboard (QR_WINDOW (user_data), TRUE);
}

static void
delete_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = QR_WINDOW (user_data);

  /* The Vertex tool's selected corners go, not the brushes. */
  if (self->tool == self->vertex_tool && qr_vertex_tool_remove (self->vertex_tool, self->document))
    {
      const char *why = qr_tool_status (self->vertex_tool);

      _qr_window_set_message (self, why != NULL ? why : qr_document_get_note (self->document));
      _qr_window_refresh_tool_overlay (self);
      return;
    }
  delete_selection (self, _("Delete"));
}

static void
duplicate_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (QrSelection) sel = qr_selection_copy (qr_document_get_selection (self->document));
  QrObjects objs = qr_objects_of_selection (sel);
  /* One grid step along each axis shows the copy beside the original, as Hammer does. */
  double g = self->grid_size;
  gboolean ok = qr_op_duplicate (self->document, &objs, qr_vec3 (g, g, 0), &error);
  report (self, ok, _("Duplicate"), error);
}

/* ---- Visibility (issue 20): view-only undo steps ---- */

static void
hide_selected (QrWindow *self, gboolean isolate)
{
  g_autoptr (GError) error = NULL;
  /* A copy: the operation replaces the selection it is given. */
  g_autoptr (QrSelection) sel = qr_selection_copy (qr_document_get_selection (self->document));
  QrObjects objs = qr_objects_of_selection (sel);
  gboolean ok = isolate ? qr_op_isolate (self->document, &objs, &error) : qr_op_hide (self->document, &objs, &error);
  report (self, ok, isolate ? _("Isolate") : _("Hide"), error);
}

static void
hide_selection_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  hide_selected (QR_WINDOW (user_data), FALSE);
}

static void
isolate_selection_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  hide_selected (QR_WINDOW (user_data), TRUE);
}

static void
show_all_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  qr_op_show_all (QR_WINDOW (user_data)->document);
}

static void
select_all_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_selection_add_all (sel, qr_document_get_map (self->document));
  qr_document_set_selection (self->document, sel);
}

static void
select_none_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_document_set_selection (self->document, sel);
}

static void
select_invert_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  const QrSelection *old = qr_document_get_selection (self->document);
  const QrMap *map = qr_document_get_map (self->document);
  g_autoptr (QrSelection) sel = qr_selection_new ();
  g_autoptr (GArray) brushes = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GArray) entities = g_array_new (FALSE, FALSE, sizeof (QrId));
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      if (qr_map_entity_is_locked (map, entity))
        continue;
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          QrId id = qr_entity_get_brush (entity, b)->id;
          if (!qr_selection_has_brush (old, id) && !qr_selection_has_entity (old, entity->id)
              && !qr_map_brush_is_hidden (map, entity, qr_entity_get_brush (entity, b)))
            g_array_append_val (brushes, id);
        }
      if (qr_entity_is_point (entity) && !qr_selection_has_entity (old, entity->id)
          && !qr_map_entity_is_hidden (map, entity))
        g_array_append_val (entities, entity->id);
    }
  qr_selection_add_brushes (sel, (const QrId *) (gpointer) brushes->data, brushes->len);
  qr_selection_add_entities (sel, (const QrId *) (gpointer) entities->data, entities->len);
  qr_document_set_selection (self->document, sel);
}

static void
select_invalid_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  const QrMap *map = qr_document_get_map (self->document);
  g_autoptr (QrSelection) sel = qr_selection_new ();
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        if (!qr_brush_is_valid (qr_entity_get_brush (entity, b)))
          qr_selection_add_brush (sel, qr_entity_get_brush (entity, b)->id);
    }
  qr_document_set_selection (self->document, sel);
  g_autofree char *message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u invalid brush", "%u invalid brushes",
                                                           sel->brushes->len),
                                              sel->brushes->len);
  _qr_window_set_message (self, message);
}

/* ---- View ---- */

/* The grid is the setting's: [ and ] in any window, and Preferences, set
 * it, and every window shows it (on_setting_changed). */
static void
show_grid_size (QrWindow *self, int size)
{
  self->grid_size = CLAMP (size, QR_GRID_SIZE_MIN, QR_GRID_SIZE_MAX);
  for (int i = 0; i < 3; i++)
    qr_ortho_canvas_set_grid_size (_qr_window_get_ortho (self, i), self->show_grid ? self->grid_size : 0);
  g_autofree char *message = g_strdup_printf (_("Grid %d"), self->grid_size);
  gtk_label_set_label (self->status_grid, message);
}

static void
set_grid_size (QrWindow *self, int size)
{
  show_grid_size (self, size);
  g_settings_set_int (self->settings, "grid-size", self->grid_size);
}

static void
grid_smaller_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  set_grid_size (self, self->grid_size / 2);
}

static void
grid_larger_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  set_grid_size (self, self->grid_size * 2);
}

static void
show_grid_changed (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  QrWindow *self = user_data;
  self->show_grid = g_variant_get_boolean (state);
  g_simple_action_set_state (action, state);
  show_grid_size (self, self->grid_size);
}

static void
zoom (QrWindow *self, int steps)
{
  /* The view under the pointer, or all of them when the pointer is elsewhere. */
  for (int i = 0; i < 3; i++)
    if (self->last_ortho == NULL || self->last_ortho == _qr_window_get_ortho (self, i))
      qr_ortho_canvas_zoom (_qr_window_get_ortho (self, i), steps);
}

static void
zoom_in_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  zoom (QR_WINDOW (user_data), 1);
}

static void
zoom_out_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  zoom (QR_WINDOW (user_data), -1);
}

static void
zoom_selection_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  _qr_window_frame (QR_WINDOW (user_data), TRUE);
}

static void
zoom_map_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  _qr_window_frame (QR_WINDOW (user_data), FALSE);
}

void
_qr_window_set_maximized_pane (QrWindow *self, const char *id)
{
  QrViewPane *panes[4] = { self->pane_3d, self->pane_top, self->pane_front, self->pane_side };
  gboolean none = id == NULL || g_str_equal (id, "none");
  gboolean found = FALSE;
  for (int i = 0; i < 4; i++)
    {
      gboolean shown = none || g_str_equal (qr_view_pane_get_id (panes[i]), id);
      found |= !none && shown;
      gtk_widget_set_visible (GTK_WIDGET (panes[i]), shown);
    }
  if (!none && !found)
    {
      _qr_window_set_maximized_pane (self, "none");
      return;
    }
  /* A row with no visible pane goes too, so the other fills the window. */
  gtk_widget_set_visible (GTK_WIDGET (self->upper), gtk_widget_get_visible (GTK_WIDGET (self->pane_3d))
                                                      || gtk_widget_get_visible (GTK_WIDGET (self->pane_top)));
  gtk_widget_set_visible (GTK_WIDGET (self->lower), gtk_widget_get_visible (GTK_WIDGET (self->pane_front))
                                                      || gtk_widget_get_visible (GTK_WIDGET (self->pane_side)));
  GAction *action = g_action_map_lookup_action (map_of (self), "maximize-pane");
  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (none ? "none" : id));
  g_settings_set_string (self->settings, "maximized-pane", none ? "none" : id);
}

static void
maximize_pane_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  const char *id = g_variant_get_string (param, NULL);
  g_autoptr (GVariant) state = g_action_get_state (G_ACTION (action));
  /* The same pane again restores all four. */
  _qr_window_set_maximized_pane (self, g_str_equal (g_variant_get_string (state, NULL), id) ? "none" : id);
}

static void
maximize_current_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  g_autoptr (GVariant) state = g_action_get_state (g_action_map_lookup_action (map_of (self), "maximize-pane"));
  if (!g_str_equal (g_variant_get_string (state, NULL), "none"))
    {
      _qr_window_set_maximized_pane (self, "none");
      return;
    }
  QrViewPane *panes[4] = { self->pane_3d, self->pane_top, self->pane_front, self->pane_side };
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  const char *id = "3d";
  for (int i = 0; i < 4; i++)
    if (focus != NULL && (focus == qr_view_pane_get_canvas (panes[i])
                          || gtk_widget_is_ancestor (focus, GTK_WIDGET (panes[i]))))
      id = qr_view_pane_get_id (panes[i]);
  _qr_window_set_maximized_pane (self, id);
}

static void
show_entities_changed (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  QrWindow *self = user_data;
  g_simple_action_set_state (action, state);
  gtk_revealer_set_reveal_child (self->entity_revealer, g_variant_get_boolean (state));
}

static void
show_problems_changed (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  QrWindow *self = user_data;
  g_simple_action_set_state (action, state);
  gtk_revealer_set_reveal_child (self->problems_revealer, g_variant_get_boolean (state));
}

static void
show_groups_changed (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  QrWindow *self = user_data;
  g_simple_action_set_state (action, state);
  gtk_revealer_set_reveal_child (self->groups_revealer, g_variant_get_boolean (state));
}

static void
show_history_changed (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  QrWindow *self = user_data;
  g_simple_action_set_state (action, state);
  gtk_revealer_set_reveal_child (self->history_revealer, g_variant_get_boolean (state));
}

/* The 3D style is the window's: the setting starts it and remembers the
 * user's last choice, and textures found may change it while the user has
 * chosen none (_qr_window_textures_changed). The action's state is what the
 * view draws. */
static void
set_render_mode (QrWindow *self, const char *name)
{
  QrRenderMode mode;
  if (!qr_render_mode_from_string (name, &mode))
    return;
  qr_camera_canvas_set_mode (self->camera_canvas, mode);
  GAction *action = g_action_map_lookup_action (map_of (self), "render-mode-3d");
  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (name));
}

static void
render_mode_changed (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  QrWindow *self = user_data;
  const char *name = g_variant_get_string (state, NULL);
  QrRenderMode mode;
  if (!qr_render_mode_from_string (name, &mode))
    return;
  self->render_mode_chosen = TRUE;
  set_render_mode (self, name);
  g_settings_set_string (self->settings, "render-mode-3d", name);
}

void
_qr_window_textures_changed (QrWindow *self)
{
  g_assert (QR_IS_WINDOW (self));
  if (self->render_mode_chosen)
    return;
  QrTextureSet *set = qr_document_get_textures (self->document);
  for (guint i = 0; i < qr_texture_set_count (set); i++)
    if (qr_texture_set_nth (set, i)->status == QR_TEXTURE_LOADED)
      {
        set_render_mode (self, "textured");
        return;
      }
}

static void
texture_folders_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  _qr_window_show_texture_folders (user_data);
}

static void
face_properties_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  _qr_window_show_face_dialog (user_data);
}

static void
find_objects_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  _qr_window_show_find_dialog (user_data);
}

static void
replace_textures_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  _qr_window_show_replace_dialog (user_data);
}

static void
texture_browser_changed (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  QrWindow *self = user_data;
  g_simple_action_set_state (action, state);
  gboolean show = g_variant_get_boolean (state);
  gtk_revealer_set_reveal_child (self->texture_revealer, show);
  if (show)
    {
      qr_texture_browser_refresh_uses (self->texture_browser);
      qr_texture_browser_focus_filter (self->texture_browser);
    }
}

static void
on_setting_changed (GSettings *settings, const char *key, QrWindow *self)
{
  if (g_str_equal (key, "render-mode-3d"))
    {
      /* Another window's choice, or this one's written back: a choice. */
      g_autofree char *name = g_settings_get_string (settings, key);
      self->render_mode_chosen = TRUE;
      set_render_mode (self, name);
    }
  else if (g_str_equal (key, "texture-filter"))
    {
      g_autofree char *filter = g_settings_get_string (settings, key);
      qr_scene_gl_set_texture_filter (self->scene, g_str_equal (filter, "nearest"));
      gtk_gl_area_queue_render (GTK_GL_AREA (self->camera_canvas));
    }
  else if (g_str_equal (key, "show-normals"))
    qr_camera_canvas_set_show_normals (self->camera_canvas, g_settings_get_boolean (settings, key));
  else if (g_str_equal (key, "grid-size"))
    show_grid_size (self, g_settings_get_int (settings, key));
  else if (g_str_equal (key, "camera-speed"))
    qr_camera_canvas_set_move_speed (self->camera_canvas, g_settings_get_double (settings, key));
  else if (g_str_equal (key, "texture-lock"))
    qr_document_set_texture_lock (self->document, g_settings_get_boolean (settings, key));
  else if (g_str_equal (key, "texture-search-folders"))
    _qr_window_load_textures (self);
  else if (g_str_equal (key, "entity-definitions"))
    _qr_window_load_entdefs (self);
}

/* ---- Map ---- */

typedef gboolean (*SelectionOp) (QrDocument *doc, const QrId *ids, guint n, GError **error);

static void
run_on_selection (QrWindow *self, SelectionOp op, const char *what)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ids = qr_document_dup_selected_brushes (self->document);
  gboolean ok = op (self->document, (const QrId *) (gpointer) ids->data, ids->len, &error);
  report (self, ok, what, error);
}

static void
carve_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ids = qr_document_dup_selected_brushes (self->document);
  gboolean ok = qr_op_carve (self->document, (const QrId *) (gpointer) ids->data, ids->len, FALSE, &error);
  report (self, ok, _("Carve"), error);
}

typedef struct
{
  QrWindow *window; /* owned reference */
  GtkSpinButton *thickness;
  GtkCheckButton *outward;
} HollowDialog;

static void
hollow_dialog_free (HollowDialog *d)
{
  g_object_unref (d->window);
  g_free (d);
}

static void
hollow_response (GtkDialog *dialog, int response, HollowDialog *d)
{
  QrWindow *self = d->window;
  if (response == GTK_RESPONSE_OK)
    {
      int thickness = gtk_spin_button_get_value_as_int (d->thickness);
      gboolean outward = gtk_check_button_get_active (d->outward);
      /* Remembered for next time. */
      g_settings_set_int (self->settings, "hollow-thickness", thickness);
      g_settings_set_boolean (self->settings, "hollow-outward", outward);
      g_autoptr (GError) error = NULL;
      g_autoptr (GArray) ids = qr_document_dup_selected_brushes (self->document);
      gboolean ok = qr_op_hollow (self->document, (const QrId *) (gpointer) ids->data, ids->len, thickness,
                                  outward, &error);
      report (self, ok, _("Hollow"), error);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Asks for the wall thickness (the last one used, or the grid size the
 * first time) and whether the walls go inward or outward; Return accepts. */
static void
hollow_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  HollowDialog *d = g_new0 (HollowDialog, 1);
  d->window = g_object_ref (self);
  GtkWidget *dialog = gtk_dialog_new_with_buttons (_("Hollow"), GTK_WINDOW (self),
                                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT, _("_Cancel"),
                                                   GTK_RESPONSE_CANCEL, _("_Hollow"), GTK_RESPONSE_OK, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  GtkWidget *box = gtk_dialog_get_content_area (GTK_DIALOG (dialog));
  gtk_box_set_spacing (GTK_BOX (box), 8);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_box_append (GTK_BOX (row), gtk_label_new_with_mnemonic (_("Wall _thickness")));
  GtkWidget *spin = gtk_spin_button_new_with_range (1, 1024, 1);
  g_autoptr (GVariant) user = g_settings_get_user_value (self->settings, "hollow-thickness");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin),
                             user ? g_settings_get_int (self->settings, "hollow-thickness") : self->grid_size);
  gtk_text_set_activates_default (GTK_TEXT (gtk_editable_get_delegate (GTK_EDITABLE (spin))), TRUE);
  gtk_box_append (GTK_BOX (row), spin);
  gtk_box_append (GTK_BOX (box), row);
  GtkWidget *inward = gtk_check_button_new_with_mnemonic (_("_Inward: the brush's outside stays, the walls take its inside"));
  GtkWidget *outward = gtk_check_button_new_with_mnemonic (_("_Outward: the brush becomes the room, the walls go around it"));
  gtk_check_button_set_group (GTK_CHECK_BUTTON (outward), GTK_CHECK_BUTTON (inward));
  gboolean out = g_settings_get_boolean (self->settings, "hollow-outward");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (out ? outward : inward), TRUE);
  gtk_box_append (GTK_BOX (box), inward);
  gtk_box_append (GTK_BOX (box), outward);
  d->thickness = GTK_SPIN_BUTTON (spin);
  d->outward = GTK_CHECK_BUTTON (outward);
  g_signal_connect_data (dialog, "response", G_CALLBACK (hollow_response), d, (GClosureNotify) (void (*) (void)) hollow_dialog_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (spin);
}

static int
axis_of (const char *name)
{
  return name[0] == 'x' ? 0 : name[0] == 'y' ? 1 : 2;
}

static void
flip_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (QrSelection) sel = qr_selection_copy (qr_document_get_selection (self->document));
  QrObjects objs = qr_objects_of_selection (sel);
  gboolean ok = qr_op_flip (self->document, &objs, axis_of (g_variant_get_string (param, NULL)), &error);
  report (self, ok, _("Flip"), error);
}

/* "z+" turns a quarter anticlockwise about +Z, "z-" clockwise. */
static void
rotate_90_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  const char *name = g_variant_get_string (param, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrSelection) sel = qr_selection_copy (qr_document_get_selection (self->document));
  QrObjects objs = qr_objects_of_selection (sel);
  gboolean ok = qr_op_rotate (self->document, &objs, axis_of (name), name[1] == '-' ? -90.0 : 90.0, &error);
  report (self, ok, _("Rotate"), error);
}

static void
convex_union_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_on_selection (QR_WINDOW (user_data), qr_op_convex_union, _("Convex Union"));
}

static void
intersect_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_on_selection (QR_WINDOW (user_data), qr_op_intersect, _("Intersect"));
}

static void
merge_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_on_selection (QR_WINDOW (user_data), qr_op_merge, _("Merge"));
}

static void
group_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ids = qr_document_dup_selected_brushes (self->document);
  gboolean ok = qr_op_group (self->document, (const QrId *) (gpointer) ids->data, ids->len, _("Group"), &error);
  report (self, ok, _("Group"), error);
}

static void
ungroup_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_on_selection (QR_WINDOW (user_data), qr_op_ungroup, _("Ungroup"));
}

static void
transform_failed (GtkWindow *parent, const char *message)
{
  g_autofree char *text = g_strdup_printf (_("Transform: %s"), message);
  _qr_window_set_message (QR_WINDOW (parent), text);
  gtk_widget_error_bell (GTK_WIDGET (parent));
}

static void
transform_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  qr_transform_dialog_present (GTK_WINDOW (self), self->document, qr_document_get_selection (self->document),
                               transform_failed);
}

/* Ties the selection to a new brush entity (func_detail: a detail brush
 * for the compilers, the commonest reason to tie); Move to World undoes it. */
static void
tie_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ids = qr_document_dup_selected_brushes (self->document);
  gboolean ok = qr_op_tie (self->document, (const QrId *) (gpointer) ids->data, ids->len,
                           g_variant_get_string (param, NULL), &error);
  report (self, ok, _("Tie to Entity"), error);
}

static void
untie_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_on_selection (QR_WINDOW (user_data), qr_op_untie, _("Move to World"));
}

/* The shortcuts window is built the first time it is asked for. GtkApplication
 * would build it from gtk/help-overlay.ui with every window, which took a
 * twentieth of the start-up to the first frame (callgrind, sample map). */
static void
show_help_overlay_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkApplicationWindow *window = GTK_APPLICATION_WINDOW (user_data);
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (window);
  if (overlay == NULL)
    {
      g_autoptr (GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/quarry/Quarry/ui/help-overlay.ui");
      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      /* Makes it transient for the window and hides it on close; our action
       * stays the one that shows it. */
      gtk_application_window_set_help_overlay (window, overlay);
    }
  gtk_window_present (GTK_WINDOW (overlay));
}

static const GActionEntry entries[] = {
  { "new", new_activated },
  { "open", open_activated },
  { "open-recent", open_recent_activated, "s" },
  { "save", save_activated },
  { "save-as", save_as_activated },
  { "close", close_activated },
  { "cancel-load", cancel_load_activated },
  { "undo", undo_activated },
  { "redo", redo_activated },
  { "cut", cut_activated },
  { "copy", copy_activated },
  { "paste", paste_activated },
  { "paste-in-place", paste_in_place_activated },
  { "delete", delete_activated },
  { "duplicate", duplicate_activated },
  { "select-all", select_all_activated },
  { "select-none", select_none_activated },
  { "select-invert", select_invert_activated },
  { "select-invalid", select_invalid_activated },
  { "hide-selection", hide_selection_activated },
  { "isolate-selection", isolate_selection_activated },
  { "show-all", show_all_activated },
  { "grid-smaller", grid_smaller_activated },
  { "grid-larger", grid_larger_activated },
  { "show-grid", NULL, NULL, "true", show_grid_changed },
  { "zoom-in", zoom_in_activated },
  { "zoom-out", zoom_out_activated },
  { "zoom-selection", zoom_selection_activated },
  { "zoom-map", zoom_map_activated },
  { "maximize-pane", maximize_pane_activated, "s", "'none'" },
  { "maximize-current", maximize_current_activated },
  { "show-history", NULL, NULL, "false", show_history_changed },
  { "show-problems", NULL, NULL, "false", show_problems_changed },
  { "show-groups", NULL, NULL, "false", show_groups_changed },
  { "show-entities", NULL, NULL, "false", show_entities_changed },
  { "texture-browser", NULL, NULL, "false", texture_browser_changed },
  { "texture-folders", texture_folders_activated },
  { "face-properties", face_properties_activated },
  { "replace-textures", replace_textures_activated },
  { "find-objects", find_objects_activated },
  { "render-mode-3d", NULL, "s", "'shaded'", render_mode_changed },
  { "carve", carve_activated },
  { "hollow", hollow_activated },
  { "flip", flip_activated, "s" },
  { "transform", transform_activated },
  { "tie", tie_activated, "s" },
  { "untie", untie_activated },
  { "rotate-90", rotate_90_activated, "s" },
  { "convex-union", convex_union_activated },
  { "intersect", intersect_activated },
  { "merge", merge_activated },
  { "group", group_activated },
  { "ungroup", ungroup_activated },
  { "show-help-overlay", show_help_overlay_activated },
};

void
_qr_window_init_actions (QrWindow *self)
{
  g_action_map_add_action_entries (map_of (self), entries, G_N_ELEMENTS (entries), self);
  const char *setting_actions[] = { "show-normals", "texture-lock", "texture-filter" };
  for (guint i = 0; i < G_N_ELEMENTS (setting_actions); i++)
    {
      g_autoptr (GAction) action = g_settings_create_action (self->settings, setting_actions[i]);
      g_action_map_add_action (map_of (self), action);
    }
  g_autofree char *mode = g_settings_get_string (self->settings, "render-mode-3d");
  set_render_mode (self, mode);
  g_signal_connect (self->settings, "changed", G_CALLBACK (on_setting_changed), self);
  g_signal_connect_swapped (self, "notify::is-active", G_CALLBACK (_qr_window_update_actions), self);
}
