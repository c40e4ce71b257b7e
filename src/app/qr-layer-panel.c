/* qr-layer-panel.c — a list box of a map's layers. A map has a handful of
 * layers and listing them is one pass over the entities, so every change
 * is compared in full: the rows stay when nothing they show moved, are
 * updated in place when only a layer's state did, and are rebuilt when
 * layers came, went or moved. */
#include "qr-layer-panel.h"

#include <glib/gi18n.h>
#include <string.h>
#include "qr-operations.h"

/* What the rows say (G_MESSAGES_DEBUG=Quarry-Layers: tests read it). */
#define LOG_DOMAIN "Quarry-Layers"

typedef struct
{
  gint64 id;
  char *name;
  bool hidden, locked, omit, current;
  guint n_brushes, n_entities;
} Row;

struct _QrLayerPanel
{
  GtkWidget parent_instance;

  /* children */
  GtkWidget *box;
  GtkListBox *list;
  GtkEntry *name;
  GtkWidget *rename, *remove, *hide, *lock, *omit, *isolate, *up, *down;
  GtkWidget *menu; /* a row's right-click menu */

  /* owned */
  QrDocument *document;
  GArray *rows;       /* Row, as shown */
  gint64 chosen;      /* the layer whose row is selected */
  gboolean updating;  /* the panel itself is setting toggles: no edits */
  gboolean stale;     /* the map changed while the panel was not shown */
};

G_DEFINE_FINAL_TYPE (QrLayerPanel, qr_layer_panel, GTK_TYPE_WIDGET)

enum
{
  MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
row_clear (gpointer data)
{
  g_free (((Row *) data)->name);
}

static GArray *
rows_of (QrDocument *doc)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (Row));
  g_autoptr (GArray) layers = qr_map_dup_layers (qr_document_get_map (doc));
  gint64 current = qr_document_get_current_layer (doc);

  g_array_set_clear_func (rows, row_clear);
  for (guint i = 0; i < layers->len; i++)
    {
      const QrLayer *l = &g_array_index (layers, QrLayer, i);
      Row row = { l->id,       g_strdup (l->id == 0 ? _("Default Layer") : l->name),
                  l->hidden,   l->locked,
                  l->omit,     l->id == current,
                  l->n_brushes, l->n_entities };
      g_array_append_val (rows, row);
    }
  return rows;
}

static gboolean
same_rows (GArray *a, GArray *b)
{
  if (a == NULL || b == NULL || a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const Row *p = &g_array_index (a, Row, i), *q = &g_array_index (b, Row, i);
      if (p->id != q->id || strcmp (p->name, q->name) != 0 || p->hidden != q->hidden || p->locked != q->locked
          || p->omit != q->omit || p->current != q->current || p->n_brushes != q->n_brushes
          || p->n_entities != q->n_entities)
        return FALSE;
    }
  return TRUE;
}

static const Row *
chosen_row (QrLayerPanel *self)
{
  for (guint i = 0; self->rows != NULL && i < self->rows->len; i++)
    if (g_array_index (self->rows, Row, i).id == self->chosen)
      return &g_array_index (self->rows, Row, i);
  return NULL;
}

static void
say (QrLayerPanel *self, const char *text)
{
  g_signal_emit (self, signals[MESSAGE], 0, text);
}

/* An operation's outcome: its error in the status bar. */
static void
report (QrLayerPanel *self, gboolean ok, GError *error)
{
  if (!ok && error != NULL)
    say (self, error->message);
}

static void fill_rows (QrLayerPanel *self);

static void
set_flag (QrLayerPanel *self, gint64 id, QrLayerFlag flag, gboolean on)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->updating || self->document == NULL)
    return;
  ok = qr_op_layer_set_flag (self->document, id, flag, on, &error);
  report (self, ok, error);
  /* Refused: the toggle clicked goes back to what the layer is. */
  if (!ok)
    fill_rows (self);
}

/* A row's widgets, kept on the row so that a change of state updates them
 * in place: a toggle clicked is not destroyed under the pointer, and keeps
 * the keyboard focus. */
typedef struct
{
  gint64 id;
  GtkWidget *visible, *lock, *mark, *name, *count;
} RowParts;

static RowParts *
row_parts (GtkWidget *child)
{
  GtkWidget *row = GTK_IS_LIST_BOX_ROW (child) ? child : gtk_widget_get_ancestor (child, GTK_TYPE_LIST_BOX_ROW);
  return g_object_get_data (G_OBJECT (row), "parts");
}

static gint64
row_layer (GtkWidget *child)
{
  return row_parts (child)->id;
}

static void
on_visible_toggled (GtkToggleButton *button, QrLayerPanel *self)
{
  gboolean active = gtk_toggle_button_get_active (button);

  if (!self->updating)
    g_log (LOG_DOMAIN, G_LOG_LEVEL_DEBUG, "eye of layer %" G_GINT64_FORMAT " toggled: %s",
           row_layer (GTK_WIDGET (button)), active ? "shown" : "hidden");
  set_flag (self, row_layer (GTK_WIDGET (button)), QR_LAYER_HIDDEN, !active);
}

static void
on_lock_toggled (GtkToggleButton *button, QrLayerPanel *self)
{
  gboolean active = gtk_toggle_button_get_active (button);

  if (!self->updating)
    g_log (LOG_DOMAIN, G_LOG_LEVEL_DEBUG, "lock of layer %" G_GINT64_FORMAT " toggled: %s",
           row_layer (GTK_WIDGET (button)), active ? "locked" : "unlocked");
  set_flag (self, row_layer (GTK_WIDGET (button)), QR_LAYER_LOCKED, active);
}

/* Says R's state in its row's widgets (the caller sets updating). */
static void
fill_row (GtkWidget *row, const Row *r)
{
  RowParts *parts = row_parts (row);
  g_autofree char *count = g_strdup_printf ("%u", r->n_brushes + r->n_entities);
  g_autofree char *tip = g_strdup_printf (_("%u brushes, %u entities"), r->n_brushes, r->n_entities);

  parts->id = r->id;
  gtk_button_set_icon_name (GTK_BUTTON (parts->visible), r->hidden ? "view-conceal-symbolic" : "view-reveal-symbolic");
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (parts->visible), !r->hidden);
  gtk_button_set_icon_name (GTK_BUTTON (parts->lock), r->locked ? "changes-prevent-symbolic" : "changes-allow-symbolic");
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (parts->lock), r->locked);
  gtk_image_set_from_icon_name (GTK_IMAGE (parts->mark), r->current ? "document-edit-symbolic" : NULL);
  gtk_widget_set_tooltip_text (parts->mark, r->current ? _("The current layer: new objects go here") : NULL);
  gtk_label_set_text (GTK_LABEL (parts->name), r->name);
  if (r->hidden)
    gtk_widget_add_css_class (parts->name, "dim-label");
  else
    gtk_widget_remove_css_class (parts->name, "dim-label");
  gtk_widget_set_tooltip_text (parts->name, r->omit ? _("Omitted from export") : NULL);
  gtk_label_set_text (GTK_LABEL (parts->count), count);
  gtk_widget_set_tooltip_text (parts->count, tip);
}

static void show_row_menu (QrLayerPanel *self, GtkWidget *row, double x, double y);

static void
on_row_menu (GtkGestureClick *click, int n_press, double x, double y, QrLayerPanel *self)
{
  show_row_menu (self, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (click)), x, y);
  gtk_gesture_set_state (GTK_GESTURE (click), GTK_EVENT_SEQUENCE_CLAIMED);
}

static GtkWidget *
make_row (QrLayerPanel *self, const Row *r)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  RowParts *parts = g_new0 (RowParts, 1);

  parts->visible = gtk_toggle_button_new ();
  parts->lock = gtk_toggle_button_new ();
  parts->mark = gtk_image_new ();
  parts->name = gtk_label_new (NULL);
  parts->count = gtk_label_new (NULL);
  g_object_set_data_full (G_OBJECT (row), "parts", parts, g_free);
  gtk_widget_set_tooltip_text (parts->visible, _("Visible"));
  gtk_widget_set_tooltip_text (parts->lock, _("Locked: its objects cannot be selected"));
  gtk_widget_set_size_request (parts->mark, 16, -1);
  for (GtkWidget *w = parts->visible; w != NULL; w = w == parts->visible ? parts->lock : NULL)
    {
      gtk_widget_add_css_class (w, "flat");
      gtk_widget_set_focus_on_click (w, FALSE);
      gtk_widget_set_valign (w, GTK_ALIGN_CENTER);
    }
  gtk_label_set_xalign (GTK_LABEL (parts->name), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (parts->name), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (parts->name, TRUE);
  gtk_widget_add_css_class (parts->count, "dim-label");
  gtk_box_append (GTK_BOX (box), parts->visible);
  gtk_box_append (GTK_BOX (box), parts->lock);
  gtk_box_append (GTK_BOX (box), parts->mark);
  gtk_box_append (GTK_BOX (box), parts->name);
  gtk_box_append (GTK_BOX (box), parts->count);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  fill_row (row, r);
  /* Connected once filled: filling is not an edit. */
  g_signal_connect (parts->visible, "toggled", G_CALLBACK (on_visible_toggled), self);
  g_signal_connect (parts->lock, "toggled", G_CALLBACK (on_lock_toggled), self);
  GtkGesture *menu = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (menu), GDK_BUTTON_SECONDARY);
  g_signal_connect (menu, "pressed", G_CALLBACK (on_row_menu), self);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (menu));
  return row;
}

/* The buttons that act on the chosen layer say its state. */
static void
update_buttons (QrLayerPanel *self)
{
  const Row *r = chosen_row (self);

  self->updating = TRUE;
  gtk_widget_set_sensitive (self->rename, r != NULL && r->id != 0);
  gtk_widget_set_sensitive (self->remove, r != NULL && r->id != 0);
  gtk_widget_set_sensitive (self->isolate, r != NULL);
  /* The default layer stays first; the others move within the rest. */
  gtk_widget_set_sensitive (self->up, r != NULL && r->id != 0 && r != &g_array_index (self->rows, Row, 1));
  gtk_widget_set_sensitive (self->down, r != NULL && r->id != 0 && r != &g_array_index (self->rows, Row, self->rows->len - 1));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->hide), r != NULL && r->hidden);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->lock), r != NULL && r->locked);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->omit), r != NULL && r->omit);
  self->updating = FALSE;
}

/* Same layers in the same order: the rows can be updated in place. */
static gboolean
same_layers (GArray *a, GArray *b)
{
  if (a == NULL || b == NULL || a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (g_array_index (a, Row, i).id != g_array_index (b, Row, i).id)
      return FALSE;
  return TRUE;
}

/* What the rows show, "chosen" where the list's selection is. */
static void
log_rows (QrLayerPanel *self)
{
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (self->list);
  gint64 chosen = selected != NULL ? row_layer (GTK_WIDGET (selected)) : -1;

  for (guint i = 0; self->rows != NULL && i < self->rows->len; i++)
    {
      const Row *r = &g_array_index (self->rows, Row, i);
      g_log (LOG_DOMAIN, G_LOG_LEVEL_DEBUG, "row %u: %s id %" G_GINT64_FORMAT " %u brushes %u entities%s%s%s%s%s", i,
             r->name, r->id, r->n_brushes, r->n_entities, r->hidden ? " hidden" : "", r->locked ? " locked" : "",
             r->omit ? " omitted" : "", r->current ? " current" : "", r->id == chosen ? " chosen" : "");
    }
}

/* The row widgets say self->rows again. */
static void
fill_rows (QrLayerPanel *self)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list));

  self->updating = TRUE;
  for (guint i = 0; i < self->rows->len && child != NULL; i++, child = gtk_widget_get_next_sibling (child))
    fill_row (child, &g_array_index (self->rows, Row, i));
  self->updating = FALSE;
}

/* The list's selection shows the chosen layer (which New, for one, moves). */
static void
select_chosen (QrLayerPanel *self)
{
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (self->list);

  if (selected != NULL && row_layer (GTK_WIDGET (selected)) == self->chosen)
    return;
  self->updating = TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && row_layer (child) == self->chosen)
      gtk_list_box_select_row (self->list, GTK_LIST_BOX_ROW (child));
  self->updating = FALSE;
  log_rows (self);
}

/* New rows for self->rows (other layers, or in another order). */
static void
rebuild_rows (QrLayerPanel *self)
{
  GtkWidget *child;

  self->updating = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; i < self->rows->len; i++)
    gtk_list_box_append (self->list, make_row (self, &g_array_index (self->rows, Row, i)));
  self->updating = FALSE;
}

static void
refresh (QrLayerPanel *self)
{
  g_autoptr (GArray) rows = NULL;

  if (self->document == NULL || qr_document_get_map (self->document)->kind == QR_FILE_VMF)
    rows = g_array_new (FALSE, TRUE, sizeof (Row));
  else
    rows = rows_of (self->document);
  self->stale = FALSE;
  if (!same_rows (rows, self->rows))
    {
      gboolean in_place = same_layers (rows, self->rows);

      g_clear_pointer (&self->rows, g_array_unref);
      self->rows = g_steal_pointer (&rows);
      if (in_place)
        fill_rows (self);
      else
        rebuild_rows (self);
      if (chosen_row (self) == NULL)
        self->chosen = 0;
      log_rows (self);
      update_buttons (self);
    }
  select_chosen (self);
}

static void
on_row_selected (GtkListBox *list, GtkListBoxRow *row, QrLayerPanel *self)
{
  if (self->updating || row == NULL)
    return;
  self->chosen = row_layer (GTK_WIDGET (row));
  log_rows (self);
  update_buttons (self);
}

/* Hidden, the panel only notes that the map changed (an entity dragged
 * changes it every frame); shown, it catches up. */
static void
on_document_changed (QrDocument *doc, const QrChangeSet *changes, QrLayerPanel *self)
{
  if (changes->brushes_added->len + changes->brushes_removed->len + changes->entities_added->len
          + changes->entities_removed->len + changes->entities_modified->len
      == 0)
    return;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    refresh (self);
  else
    self->stale = TRUE;
}

static void
qr_layer_panel_map (GtkWidget *widget)
{
  QrLayerPanel *self = QR_LAYER_PANEL (widget);

  GTK_WIDGET_CLASS (qr_layer_panel_parent_class)->map (widget);
  if (self->stale)
    refresh (self);
}

/* The name typed, or a default. */
static char *
typed_name (QrLayerPanel *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->name));
  g_autofree char *name = g_strstrip (g_strdup (text));

  return *name != '\0' ? g_steal_pointer (&name) : g_strdup (_("Unnamed"));
}

static void
on_new (QrLayerPanel *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = typed_name (self);
  gint64 made;

  if (self->document == NULL)
    return;
  if (!qr_op_layer_add (self->document, name, &made, &error))
    {
      report (self, FALSE, error);
      return;
    }
  /* As TrenchBroom does: the new layer is where the next objects go. */
  qr_document_set_current_layer (self->document, made);
  self->chosen = made;
  gtk_editable_set_text (GTK_EDITABLE (self->name), "");
  refresh (self);
}

static void
on_rename (QrLayerPanel *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = typed_name (self);

  if (self->document != NULL)
    report (self, qr_op_layer_rename (self->document, self->chosen, name, &error), error);
}

static void
on_delete (QrLayerPanel *self)
{
  g_autoptr (GError) error = NULL;

  if (self->document != NULL)
    report (self, qr_op_layer_delete (self->document, self->chosen, &error), error);
}

static void
on_current (QrLayerPanel *self)
{
  if (self->document == NULL)
    return;
  qr_document_set_current_layer (self->document, self->chosen);
  refresh (self);
}

static void
on_move_here (QrLayerPanel *self)
{
  g_autoptr (GError) error = NULL;
  QrObjects objs;

  if (self->document == NULL)
    return;
  objs = qr_objects_of_selection (qr_document_get_selection (self->document));
  report (self, qr_op_layer_move (self->document, self->chosen, &objs, &error), error);
}

static void
on_select_all (QrLayerPanel *self)
{
  g_autoptr (GError) error = NULL;

  if (self->document != NULL)
    report (self, qr_op_layer_select_all (self->document, self->chosen, &error), error);
}

static void
on_isolate (QrLayerPanel *self)
{
  g_autoptr (GError) error = NULL;

  if (self->document != NULL)
    report (self, qr_op_layer_isolate (self->document, self->chosen, &error), error);
}

static void
on_show_all (QrLayerPanel *self)
{
  g_autoptr (GError) error = NULL;

  if (self->document != NULL)
    report (self, qr_op_layers_set_flag_all (self->document, QR_LAYER_HIDDEN, FALSE, &error), error);
}

static void
reorder (QrLayerPanel *self, int by)
{
  g_autoptr (GError) error = NULL;

  if (self->document != NULL)
    report (self, qr_op_layer_reorder (self->document, self->chosen, by, &error), error);
}

static void
on_up (QrLayerPanel *self)
{
  reorder (self, -1);
}

static void
on_down (QrLayerPanel *self)
{
  reorder (self, 1);
}

static void
on_hide_toggled (GtkToggleButton *button, QrLayerPanel *self)
{
  set_flag (self, self->chosen, QR_LAYER_HIDDEN, gtk_toggle_button_get_active (button));
}

static void
on_lock_button_toggled (GtkToggleButton *button, QrLayerPanel *self)
{
  set_flag (self, self->chosen, QR_LAYER_LOCKED, gtk_toggle_button_get_active (button));
}

static void
on_omit_toggled (GtkToggleButton *button, QrLayerPanel *self)
{
  set_flag (self, self->chosen, QR_LAYER_OMIT_FROM_EXPORT, gtk_toggle_button_get_active (button));
}

/* A row's right-click menu (TrenchBroom's layer menu): the row is chosen
 * first, and the items act on the chosen layer as the buttons do. */
static void
show_row_menu (QrLayerPanel *self, GtkWidget *row, double x, double y)
{
  g_autoptr (GMenu) model = g_menu_new ();
  g_autoptr (GMenu) state = g_menu_new ();
  g_autoptr (GMenu) order = g_menu_new ();
  graphene_point_t at;
  const Row *r;

  gtk_list_box_select_row (self->list, GTK_LIST_BOX_ROW (row));
  r = chosen_row (self);
  if (r == NULL || !gtk_widget_compute_point (row, GTK_WIDGET (self), &GRAPHENE_POINT_INIT ((float) x, (float) y), &at))
    return;
  g_menu_append (model, _("Make _Current"), "layers.current");
  g_menu_append (model, _("Move _Selection Here"), "layers.move-here");
  g_menu_append (model, _("Select _All"), "layers.select-all");
  g_menu_append (state, r->hidden ? _("S_how") : _("H_ide"), "layers.toggle-hidden");
  g_menu_append (state, r->locked ? _("U_nlock") : _("_Lock"), "layers.toggle-locked");
  g_menu_append (state, r->omit ? _("Include in _Export") : _("_Omit from Export"), "layers.toggle-omit");
  g_menu_append (state, _("Isola_te"), "layers.isolate");
  g_menu_append (state, _("Show All La_yers"), "layers.show-all");
  g_menu_append (order, _("Move _Up"), "layers.up");
  g_menu_append (order, _("Move _Down"), "layers.down");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "layers.up", gtk_widget_get_sensitive (self->up));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "layers.down", gtk_widget_get_sensitive (self->down));
  g_menu_append_section (model, NULL, G_MENU_MODEL (state));
  g_menu_append_section (model, NULL, G_MENU_MODEL (order));
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->menu), G_MENU_MODEL (model));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &(GdkRectangle) { (int) at.x, (int) at.y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

/* The menu's items: each acts on the chosen layer. */
static void
toggle_hidden (QrLayerPanel *self)
{
  set_flag (self, self->chosen, QR_LAYER_HIDDEN, !chosen_row (self)->hidden);
}

static void
toggle_locked (QrLayerPanel *self)
{
  set_flag (self, self->chosen, QR_LAYER_LOCKED, !chosen_row (self)->locked);
}

static void
toggle_omit (QrLayerPanel *self)
{
  set_flag (self, self->chosen, QR_LAYER_OMIT_FROM_EXPORT, !chosen_row (self)->omit);
}

static const struct
{
  const char *name;
  void (*act) (QrLayerPanel *self);
} menu_actions[] = {
  { "layers.current", on_current },         { "layers.move-here", on_move_here },
  { "layers.select-all", on_select_all },   { "layers.toggle-hidden", toggle_hidden },
  { "layers.toggle-locked", toggle_locked }, { "layers.toggle-omit", toggle_omit },
  { "layers.isolate", on_isolate },         { "layers.show-all", on_show_all },
  { "layers.up", on_up },                   { "layers.down", on_down },
};

static void
menu_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  QrLayerPanel *self = QR_LAYER_PANEL (widget);

  if (chosen_row (self) == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (menu_actions); i++)
    if (strcmp (menu_actions[i].name, action) == 0)
      menu_actions[i].act (self);
}

void
qr_layer_panel_set_document (QrLayerPanel *self, QrDocument *doc)
{
  g_return_if_fail (QR_IS_LAYER_PANEL (self));
  g_return_if_fail (doc == NULL || QR_IS_DOCUMENT (doc));
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, doc);
  if (doc != NULL)
    g_signal_connect (doc, "changed", G_CALLBACK (on_document_changed), self);
  self->chosen = 0;
  g_clear_pointer (&self->rows, g_array_unref);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    refresh (self);
  else
    self->stale = TRUE;
}

static void
qr_layer_panel_dispose (GObject *object)
{
  QrLayerPanel *self = QR_LAYER_PANEL (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  g_clear_pointer (&self->menu, gtk_widget_unparent);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (qr_layer_panel_parent_class)->dispose (object);
}

static void
qr_layer_panel_finalize (GObject *object)
{
  QrLayerPanel *self = QR_LAYER_PANEL (object);

  g_clear_pointer (&self->rows, g_array_unref);
  G_OBJECT_CLASS (qr_layer_panel_parent_class)->finalize (object);
}

static void
qr_layer_panel_class_init (QrLayerPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qr_layer_panel_dispose;
  object_class->finalize = qr_layer_panel_finalize;
  widget_class->map = qr_layer_panel_map;
  for (guint i = 0; i < G_N_ELEMENTS (menu_actions); i++)
    gtk_widget_class_install_action (widget_class, menu_actions[i].name, NULL, menu_activated);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "layerpanel");
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_STRING);
}

/* A button with a mnemonic (Alt+letter while the panel shows), in the
 * grid; NULL label: for an icon. */
static GtkWidget *
add_button (QrLayerPanel *self, GtkGrid *grid, int column, int row, int width, const char *label,
            gboolean toggle, GCallback callback)
{
  GtkWidget *button = label == NULL ? gtk_button_new ()
                      : toggle     ? gtk_toggle_button_new_with_mnemonic (label)
                                   : gtk_button_new_with_mnemonic (label);

  gtk_widget_set_hexpand (button, TRUE);
  if (toggle)
    g_signal_connect (button, "toggled", callback, self);
  else
    g_signal_connect_swapped (button, "clicked", callback, self);
  gtk_grid_set_column_homogeneous (grid, TRUE);
  gtk_grid_attach (grid, button, column, row, width, 1);
  return button;
}

static void
qr_layer_panel_init (QrLayerPanel *self)
{
  GtkWidget *title, *scrolled, *name_row, *name_label, *grid;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  title = gtk_label_new (_("Layers"));
  gtk_label_set_xalign (GTK_LABEL (title), 0.0f);
  gtk_widget_add_css_class (title, "pane-title");
  gtk_box_append (GTK_BOX (self->box), title);

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_BROWSE);
  g_signal_connect (self->list, "row-selected", G_CALLBACK (on_row_selected), self);
  /* A double click makes the layer current, as in TrenchBroom; one click only chooses it. */
  gtk_list_box_set_activate_on_single_click (self->list, FALSE);
  g_signal_connect_swapped (self->list, "row-activated", G_CALLBACK (on_current), self);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list));
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (self->box), scrolled);

  name_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  /* Translators: the name New and Rename give a layer. */
  name_label = gtk_label_new_with_mnemonic (_("_Name"));
  self->name = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (self->name, _("for New and Rename"));
  gtk_widget_set_hexpand (GTK_WIDGET (self->name), TRUE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (name_label), GTK_WIDGET (self->name));
  g_signal_connect_swapped (self->name, "activate", G_CALLBACK (on_new), self);
  gtk_box_append (GTK_BOX (name_row), name_label);
  gtk_box_append (GTK_BOX (name_row), GTK_WIDGET (self->name));
  gtk_widget_set_margin_start (name_row, 6);
  gtk_widget_set_margin_end (name_row, 6);
  gtk_box_append (GTK_BOX (self->box), name_row);

  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 4);
  gtk_widget_set_margin_start (grid, 6);
  gtk_widget_set_margin_end (grid, 6);
  gtk_widget_set_margin_bottom (grid, 6);
  /* Mnemonics clear of the menu bar's (F, E, V, M, T, H). */
  add_button (self, GTK_GRID (grid), 0, 0, 1, _("Ne_w"), FALSE, G_CALLBACK (on_new));
  self->rename = add_button (self, GTK_GRID (grid), 1, 0, 1, _("_Rename"), FALSE, G_CALLBACK (on_rename));
  self->remove = add_button (self, GTK_GRID (grid), 0, 1, 1, _("_Delete"), FALSE, G_CALLBACK (on_delete));
  add_button (self, GTK_GRID (grid), 1, 1, 1, _("Make _Current"), FALSE, G_CALLBACK (on_current));
  add_button (self, GTK_GRID (grid), 0, 2, 2, _("Move _Selection Here"), FALSE, G_CALLBACK (on_move_here));
  add_button (self, GTK_GRID (grid), 0, 3, 1, _("Select _All"), FALSE, G_CALLBACK (on_select_all));
  self->hide = add_button (self, GTK_GRID (grid), 1, 3, 1, _("H_ide"), TRUE, G_CALLBACK (on_hide_toggled));
  self->lock = add_button (self, GTK_GRID (grid), 0, 4, 1, _("_Lock"), TRUE, G_CALLBACK (on_lock_button_toggled));
  self->omit = add_button (self, GTK_GRID (grid), 1, 4, 1, _("_Omit from Export"), TRUE, G_CALLBACK (on_omit_toggled));
  self->isolate = add_button (self, GTK_GRID (grid), 0, 5, 1, _("Isolate"), FALSE, G_CALLBACK (on_isolate));
  gtk_widget_set_tooltip_text (self->isolate, _("Show the chosen layer and hide every other"));
  add_button (self, GTK_GRID (grid), 1, 5, 1, _("Show All"), FALSE, G_CALLBACK (on_show_all));
  self->up = add_button (self, GTK_GRID (grid), 0, 6, 1, NULL, FALSE, G_CALLBACK (on_up));
  gtk_button_set_icon_name (GTK_BUTTON (self->up), "go-up-symbolic");
  gtk_widget_set_tooltip_text (self->up, _("Move the chosen layer up the list"));
  self->down = add_button (self, GTK_GRID (grid), 1, 6, 1, NULL, FALSE, G_CALLBACK (on_down));
  gtk_button_set_icon_name (GTK_BUTTON (self->down), "go-down-symbolic");
  gtk_widget_set_tooltip_text (self->down, _("Move the chosen layer down the list"));
  gtk_box_append (GTK_BOX (self->box), grid);

  self->menu = gtk_popover_menu_new_from_model (NULL);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
  gtk_popover_set_position (GTK_POPOVER (self->menu), GTK_POS_BOTTOM);
  gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
}

GtkWidget *
qr_layer_panel_new (void)
{
  return g_object_new (QR_TYPE_LAYER_PANEL, NULL);
}
