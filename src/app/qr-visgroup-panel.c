/* qr-visgroup-panel.c — a GtkListView over a GtkTreeListModel of the
 * visgroups, rebuilt from the map (qr-visgroup.h) a moment after it
 * changes: reading a few visgroups and scanning the objects' editor blocks
 * costs less than keeping a second copy of the memberships in step. */
#include "qr-visgroup-panel.h"

#include <glib/gi18n.h>
#include "qr-text-keys.h"
#include "qr-visgroup-ops.h"

#define LOG_DOMAIN "Quarry-Visgroups"
/* A burst of changes (a drag) is read once, when it pauses. */
#define SETTLE_MS 150

typedef enum
{
  ITEM_VISGROUP,
  ITEM_AUTO_ROOT, /* "Auto": every auto visgroup */
  ITEM_AUTO,      /* one auto visgroup: classname, or NULL for the world geometry */
} ItemKind;

/* One row's visgroup. */
#define QR_TYPE_VISGROUP_ITEM (qr_visgroup_item_get_type ())
G_DECLARE_FINAL_TYPE (QrVisgroupItem, qr_visgroup_item, QR, VISGROUP_ITEM, GObject)

struct _QrVisgroupItem
{
  GObject parent_instance;
  ItemKind kind;
  char *name;
  char *classname; /* ITEM_AUTO: NULL for the world geometry */
  guint id;        /* ITEM_VISGROUP */
  guint32 color;   /* 0xRRGGBB, with bit 24 set when there is one */
  QrVisgroupState state;
  GListStore *children; /* QrVisgroupItem, or NULL */
};

G_DEFINE_FINAL_TYPE (QrVisgroupItem, qr_visgroup_item, G_TYPE_OBJECT)

static void
qr_visgroup_item_finalize (GObject *object)
{
  QrVisgroupItem *item = QR_VISGROUP_ITEM (object);

  g_free (item->name);
  g_free (item->classname);
  g_clear_object (&item->children);
  G_OBJECT_CLASS (qr_visgroup_item_parent_class)->finalize (object);
}

static void
qr_visgroup_item_class_init (QrVisgroupItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = qr_visgroup_item_finalize;
}

static void
qr_visgroup_item_init (QrVisgroupItem *item)
{
}

static QrVisgroupItem *
item_new (ItemKind kind, const char *name)
{
  QrVisgroupItem *item = g_object_new (QR_TYPE_VISGROUP_ITEM, NULL);

  item->kind = kind;
  item->name = g_strdup (name);
  return item;
}

static void
item_add_child (QrVisgroupItem *parent, QrVisgroupItem *child)
{
  if (parent->children == NULL)
    parent->children = g_list_store_new (QR_TYPE_VISGROUP_ITEM);
  g_list_store_append (parent->children, child);
}

struct _QrVisgroupPanel
{
  GtkWidget parent_instance;

  /* children */
  GtkWidget *box;
  GtkEntry *name_entry;
  GtkListView *view;
  GtkWidget *buttons[6]; /* New, Rename, Delete, Add, Remove, Select */

  /* owned */
  QrDocument *document;
  GtkSingleSelection *selection;
  guint settle_id;
  gboolean stale;
};

G_DEFINE_FINAL_TYPE (QrVisgroupPanel, qr_visgroup_panel, GTK_TYPE_WIDGET)

enum
{
  BUTTON_NEW,
  BUTTON_RENAME,
  BUTTON_DELETE,
  BUTTON_ADD,
  BUTTON_REMOVE,
  BUTTON_SELECT,
};

enum
{
  FRAME,
  MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
message (QrVisgroupPanel *self, const char *text)
{
  g_signal_emit (self, signals[MESSAGE], 0, text);
}

/* The item of a row of the tree (borrowed: the tree holds it). */
static QrVisgroupItem *
row_item (GtkTreeListRow *row)
{
  QrVisgroupItem *item = QR_VISGROUP_ITEM (gtk_tree_list_row_get_item (row));

  g_object_unref (item);
  return item;
}

static QrVisgroupItem *
selected_item (QrVisgroupPanel *self)
{
  GtkTreeListRow *row = gtk_single_selection_get_selected_item (self->selection);

  return row != NULL ? row_item (row) : NULL;
}

/* The members an item stands for (the auto root: everything the auto
 * visgroups hold). */
static QrVisgroupMembers *
item_members (QrMap *map, QrVisgroupItem *item)
{
  if (item->kind == ITEM_VISGROUP)
    {
      g_autoptr (GArray) groups = qr_visgroups_read (map);
      return qr_visgroup_members (map, groups, item->id, true);
    }
  if (item->kind == ITEM_AUTO)
    return qr_auto_visgroup_members (map, item->classname);

  QrVisgroupMembers *all = qr_visgroup_members_new ();
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (item->children)); i++)
    {
      g_autoptr (QrVisgroupItem) child = g_list_model_get_item (G_LIST_MODEL (item->children), i);
      g_autoptr (QrVisgroupMembers) some = qr_auto_visgroup_members (map, child->classname);
      g_array_append_vals (all->brushes, some->brushes->data, some->brushes->len);
      g_array_append_vals (all->entities, some->entities->data, some->entities->len);
    }
  return all;
}

static QrObjects
objects_of (const QrVisgroupMembers *members)
{
  return (QrObjects) { (const QrId *) (gpointer) members->brushes->data, members->brushes->len,
                       (const QrId *) (gpointer) members->entities->data, members->entities->len };
}

static void
update_buttons (QrVisgroupPanel *self)
{
  QrVisgroupItem *item = selected_item (self);
  gboolean vmf = self->document != NULL && qr_document_get_map (self->document)->kind == QR_FILE_VMF;
  gboolean mine = vmf && item != NULL && item->kind == ITEM_VISGROUP;
  gboolean chosen = FALSE;

  if (self->document != NULL)
    {
      const QrSelection *sel = qr_document_get_selection (self->document);
      chosen = sel->brushes->len + sel->entities->len > 0;
    }
  gtk_widget_set_sensitive (self->buttons[BUTTON_NEW], vmf);
  gtk_widget_set_sensitive (self->buttons[BUTTON_RENAME], mine);
  gtk_widget_set_sensitive (self->buttons[BUTTON_DELETE], mine);
  gtk_widget_set_sensitive (self->buttons[BUTTON_ADD], mine && chosen);
  gtk_widget_set_sensitive (self->buttons[BUTTON_REMOVE], mine && chosen);
  gtk_widget_set_sensitive (self->buttons[BUTTON_SELECT], item != NULL);
}

/* Auto root first gets its children, then its state from theirs. */
static QrVisgroupState
combine (QrVisgroupState a, QrVisgroupState b)
{
  if (a == QR_VISGROUP_EMPTY)
    return b;
  if (b == QR_VISGROUP_EMPTY || a == b)
    return a;
  return QR_VISGROUP_MIXED;
}

static GListStore *
build_tree (QrMap *map, guint *n_groups)
{
  GListStore *root = g_list_store_new (QR_TYPE_VISGROUP_ITEM);
  g_autoptr (GArray) groups = qr_visgroups_read (map);
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_auto (GStrv) classes = qr_auto_visgroup_classes (map);

  for (guint i = 0; i < groups->len; i++)
    {
      const QrVisgroup *g = &g_array_index (groups, QrVisgroup, i);
      QrVisgroupItem *item = item_new (ITEM_VISGROUP, g->name);
      g_autoptr (QrVisgroupMembers) members = qr_visgroup_members (map, groups, g->id, true);

      item->id = g->id;
      item->color = 1u << 24 | (guint32) g->color[0] << 16 | (guint32) g->color[1] << 8 | g->color[2];
      item->state = qr_visgroup_members_state (map, members);
      g_ptr_array_add (items, item);
      if (g->parent < 0)
        g_list_store_append (root, item);
      else
        item_add_child (g_ptr_array_index (items, g->parent), item);
    }
  *n_groups = groups->len;

  /* Translators: Hammer's branch of the visgroups it makes itself. */
  g_autoptr (QrVisgroupItem) autos = item_new (ITEM_AUTO_ROOT, _("Auto"));
  autos->state = QR_VISGROUP_EMPTY;
  for (int i = -1; i < 0 || classes[i] != NULL; i++)
    {
      g_autoptr (QrVisgroupItem) item = item_new (ITEM_AUTO, i < 0 ? _("World Geometry") : classes[i]);
      g_autoptr (QrVisgroupMembers) members = NULL;

      item->classname = i < 0 ? NULL : g_strdup (classes[i]);
      members = qr_auto_visgroup_members (map, item->classname);
      item->state = qr_visgroup_members_state (map, members);
      autos->state = combine (autos->state, item->state);
      item_add_child (autos, item);
    }
  g_list_store_append (root, autos);
  return root;
}

static gboolean
same_item (QrVisgroupItem *a, QrVisgroupItem *b)
{
  return a->kind == b->kind && a->id == b->id && g_strcmp0 (a->classname, b->classname) == 0;
}

static GListModel *
create_children (gpointer item, gpointer data)
{
  QrVisgroupItem *it = item;

  return it->children != NULL ? G_LIST_MODEL (g_object_ref (it->children)) : NULL;
}

/* The tree, "name<parent" in order ("-": the top level), for the tests. */
static void
log_tree (QrVisgroupPanel *self)
{
  g_autoptr (GArray) groups = NULL;
  g_autoptr (GString) text = g_string_new (NULL);

  if (!g_log_writer_default_would_drop (G_LOG_LEVEL_DEBUG, LOG_DOMAIN))
    {
      groups = qr_visgroups_read (qr_document_get_map (self->document));
      for (guint i = 0; i < groups->len; i++)
        {
          const QrVisgroup *g = &g_array_index (groups, QrVisgroup, i);
          g_string_append_printf (text, " %s<%s", g->name,
                                  g->parent < 0 ? "-" : g_array_index (groups, QrVisgroup, g->parent).name);
        }
      g_log (LOG_DOMAIN, G_LOG_LEVEL_DEBUG, "tree:%s", text->str);
    }
}

static void
refresh (QrVisgroupPanel *self)
{
  g_autoptr (QrVisgroupItem) was = selected_item (self) ? g_object_ref (selected_item (self)) : NULL;
  GtkTreeListModel *tree;
  guint n_groups = 0;

  self->stale = FALSE;
  if (self->document == NULL)
    return;
  gint64 start = g_get_monotonic_time ();
  GListStore *root = build_tree (qr_document_get_map (self->document), &n_groups);
  /* Expanded from the start, so that every row has a position to select by. */
  tree = gtk_tree_list_model_new (G_LIST_MODEL (root), FALSE, TRUE, create_children, NULL, NULL);
  gtk_single_selection_set_model (self->selection, G_LIST_MODEL (tree));
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  for (guint i = 0; was != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (tree)); i++)
    {
      g_autoptr (GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (tree), i);
      if (same_item (row_item (row), was))
        {
          gtk_single_selection_set_selected (self->selection, i);
          break;
        }
    }
  g_object_unref (tree);
  update_buttons (self);
  g_log (LOG_DOMAIN, G_LOG_LEVEL_DEBUG, "listed %u visgroups in %.2f ms", n_groups,
         (g_get_monotonic_time () - start) / 1000.0);
  log_tree (self);
}

static gboolean
on_settled (gpointer data)
{
  QrVisgroupPanel *self = data;

  self->settle_id = 0;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    refresh (self);
  return G_SOURCE_REMOVE;
}

static void
on_document_changed (QrDocument *doc, const QrChangeSet *c, QrVisgroupPanel *self)
{
  gboolean map_changed = c->brushes_added->len + c->brushes_removed->len + c->brushes_modified->len
                             + c->entities_added->len + c->entities_removed->len + c->entities_modified->len
                         > 0
                         || c->kept_changed;

  if (c->selection_changed)
    update_buttons (self);
  if (!map_changed)
    return;
  self->stale = TRUE;
  g_clear_handle_id (&self->settle_id, g_source_remove);
  self->settle_id = g_timeout_add (SETTLE_MS, on_settled, self);
}

/* Row widgets. */

static void
draw_swatch (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  guint32 color = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "color"));

  if (!(color & 1u << 24))
    return;
  cairo_set_source_rgb (cr, (color >> 16 & 0xff) / 255.0, (color >> 8 & 0xff) / 255.0, (color & 0xff) / 255.0);
  cairo_rectangle (cr, 1, 1, width - 2, height - 2);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.5);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static void
on_check_toggled (GtkCheckButton *check, QrVisgroupPanel *self)
{
  g_autoptr (GError) error = NULL;
  QrVisgroupItem *item = g_object_get_data (G_OBJECT (check), "item");
  gboolean shown = gtk_check_button_get_active (check);
  gboolean ok;

  if (item == NULL || self->document == NULL)
    return;
  if (item->kind == ITEM_VISGROUP)
    ok = qr_op_visgroup_set_shown (self->document, item->id, shown, &error);
  else if (item->kind == ITEM_AUTO)
    ok = qr_op_auto_visgroup_set_shown (self->document, item->classname, shown, &error);
  else
    {
      /* The Auto branch: everything its visgroups hold, as one step. */
      g_autoptr (QrVisgroupMembers) members = item_members (qr_document_get_map (self->document), item);
      QrObjects objs = objects_of (members);

      ok = qr_visgroup_members_count (members) == 0
           || (shown ? qr_op_show (self->document, &objs, &error) : qr_op_hide (self->document, &objs, &error));
    }
  if (!ok)
    message (self, error->message);
}

/* Drag and drop: a visgroup's row dragged onto another visgroup's goes
 * under it, onto the panel's title or the list's empty end to the top
 * level, as in Hammer. The value dragged is the visgroup's id. */

static void
move_dropped (QrVisgroupPanel *self, guint id, guint parent)
{
  g_autoptr (GError) error = NULL;

  if (self->document == NULL)
    return;
  g_log (LOG_DOMAIN, G_LOG_LEVEL_DEBUG, "dropped visgroup %u on %u", id, parent);
  if (!qr_op_visgroup_move (self->document, id, parent, &error))
    message (self, error->message);
}

/* The visgroup of the row a drag or drop controller is on; NULL for the
 * Auto branch's rows (and an unbound row). */
static QrVisgroupItem *
controller_visgroup (gpointer controller)
{
  QrVisgroupItem *item = g_object_get_data (G_OBJECT (gtk_event_controller_get_widget (controller)), "item");

  return item != NULL && item->kind == ITEM_VISGROUP ? item : NULL;
}

/* The row itself is the drag icon, held where the pointer took it. */
static GdkContentProvider *
on_drag_prepare (GtkDragSource *source, double x, double y, QrVisgroupPanel *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  QrVisgroupItem *item = controller_visgroup (source);
  g_autoptr (GdkPaintable) icon = NULL;

  if (item == NULL)
    return NULL;
  icon = gtk_widget_paintable_new (row);
  gtk_drag_source_set_icon (source, icon, (int) x, (int) y);
  return gdk_content_provider_new_typed (G_TYPE_UINT, item->id);
}

/* Only a visgroup's row takes a drop (not the Auto branch's). */
static gboolean
on_drop_accept (GtkDropTarget *target, GdkDrop *drop, QrVisgroupPanel *self)
{
  return controller_visgroup (target) != NULL
         && gdk_content_formats_contain_gtype (gdk_drop_get_formats (drop), G_TYPE_UINT);
}

static gboolean
on_row_drop (GtkDropTarget *target, const GValue *value, double x, double y, QrVisgroupPanel *self)
{
  QrVisgroupItem *item = controller_visgroup (target);

  if (item == NULL)
    return FALSE;
  move_dropped (self, g_value_get_uint (value), item->id);
  return TRUE;
}

static gboolean
on_top_drop (GtkDropTarget *target, const GValue *value, double x, double y, QrVisgroupPanel *self)
{
  move_dropped (self, g_value_get_uint (value), 0);
  return TRUE;
}

static void
setup_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, QrVisgroupPanel *self)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *check = gtk_check_button_new ();
  GtkWidget *swatch = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (NULL);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 14);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 14);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, NULL, NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (label, TRUE);
  g_signal_connect (check, "toggled", G_CALLBACK (on_check_toggled), self);
  gtk_box_append (GTK_BOX (box), check);
  gtk_box_append (GTK_BOX (box), swatch);
  gtk_box_append (GTK_BOX (box), label);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), box);
  gtk_list_item_set_child (list_item, expander);

  GtkDragSource *source = gtk_drag_source_new ();
  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (on_drag_prepare), self);
  gtk_widget_add_controller (expander, GTK_EVENT_CONTROLLER (source));
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_MOVE);
  g_signal_connect (target, "accept", G_CALLBACK (on_drop_accept), self);
  g_signal_connect (target, "drop", G_CALLBACK (on_row_drop), self);
  gtk_widget_add_controller (expander, GTK_EVENT_CONTROLLER (target));
}

static void
bind_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, QrVisgroupPanel *self)
{
  GtkTreeListRow *row = gtk_list_item_get_item (list_item);
  GtkWidget *expander = gtk_list_item_get_child (list_item);
  GtkWidget *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));
  GtkWidget *check = gtk_widget_get_first_child (box);
  GtkWidget *swatch = gtk_widget_get_next_sibling (check);
  GtkWidget *label = gtk_widget_get_next_sibling (swatch);
  QrVisgroupItem *item = row_item (row);

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), row);
  g_object_set_data_full (G_OBJECT (expander), "item", g_object_ref (item), g_object_unref);
  gtk_label_set_label (GTK_LABEL (label), item->name);
  g_object_set_data (G_OBJECT (swatch), "color", GUINT_TO_POINTER (item->color));
  gtk_widget_queue_draw (swatch);
  /* Shown as the members are, without acting on it. */
  g_object_set_data (G_OBJECT (check), "item", NULL);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), item->state != QR_VISGROUP_HIDDEN);
  gtk_check_button_set_inconsistent (GTK_CHECK_BUTTON (check), item->state == QR_VISGROUP_MIXED);
  gtk_widget_set_sensitive (check, item->state != QR_VISGROUP_EMPTY);
  g_object_set_data_full (G_OBJECT (check), "item", g_object_ref (item), g_object_unref);
}

static void
unbind_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, QrVisgroupPanel *self)
{
  GtkWidget *expander = gtk_list_item_get_child (list_item);
  GtkWidget *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));

  g_object_set_data (G_OBJECT (gtk_widget_get_first_child (box)), "item", NULL);
  g_object_set_data (G_OBJECT (expander), "item", NULL);
}

/* Buttons. */

/* The name typed, or "Visgroup N" for the first N not taken. */
static char *
name_for_new (QrVisgroupPanel *self)
{
  g_autofree char *typed = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_entry))));
  g_autoptr (GArray) groups = NULL;

  if (*typed != '\0')
    return g_steal_pointer (&typed);
  groups = qr_visgroups_read (qr_document_get_map (self->document));
  for (guint n = 1;; n++)
    {
      /* Translators: the name a new visgroup gets when none is typed. */
      g_autofree char *name = g_strdup_printf (_("Visgroup %u"), n);
      if (qr_visgroups_find_name (groups, name) < 0)
        return g_steal_pointer (&name);
    }
}

static QrObjects
selection_objects (QrVisgroupPanel *self)
{
  return qr_objects_of_selection (qr_document_get_selection (self->document));
}

static void
on_new (QrVisgroupPanel *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = name_for_new (self);
  QrObjects objs = selection_objects (self);

  if (!qr_op_visgroup_create (self->document, name, &objs, NULL, &error))
    {
      message (self, error->message);
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (self->name_entry), "");
  /* Read now, not after the pause: the new row is selected for what follows. */
  g_clear_handle_id (&self->settle_id, g_source_remove);
  refresh (self);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->selection)); i++)
    {
      g_autoptr (GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->selection), i);
      QrVisgroupItem *item = row_item (row);

      if (item->kind == ITEM_VISGROUP && g_strcmp0 (item->name, name) == 0)
        {
          gtk_single_selection_set_selected (self->selection, i);
          break;
        }
    }
  update_buttons (self);
}

static void
on_rename (QrVisgroupPanel *self)
{
  g_autoptr (GError) error = NULL;
  QrVisgroupItem *item = selected_item (self);
  g_autofree char *typed = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_entry))));

  if (item == NULL || item->kind != ITEM_VISGROUP)
    return;
  if (!qr_op_visgroup_rename (self->document, item->id, typed, &error))
    message (self, error->message);
  else
    gtk_editable_set_text (GTK_EDITABLE (self->name_entry), "");
}

static void
on_delete (QrVisgroupPanel *self)
{
  g_autoptr (GError) error = NULL;
  QrVisgroupItem *item = selected_item (self);

  if (item != NULL && item->kind == ITEM_VISGROUP && !qr_op_visgroup_delete (self->document, item->id, &error))
    message (self, error->message);
}

static void
add_or_remove (QrVisgroupPanel *self, gboolean add)
{
  g_autoptr (GError) error = NULL;
  QrVisgroupItem *item = selected_item (self);
  QrObjects objs = selection_objects (self);
  gboolean ok;

  if (item == NULL || item->kind != ITEM_VISGROUP)
    return;
  ok = add ? qr_op_visgroup_add (self->document, item->id, &objs, &error)
           : qr_op_visgroup_remove (self->document, item->id, &objs, &error);
  if (!ok)
    message (self, error->message);
}

static void
on_add (QrVisgroupPanel *self)
{
  add_or_remove (self, TRUE);
}

static void
on_remove (QrVisgroupPanel *self)
{
  add_or_remove (self, FALSE);
}

static void
on_select (QrVisgroupPanel *self)
{
  QrVisgroupItem *item = selected_item (self);
  g_autoptr (QrVisgroupMembers) members = NULL;
  g_autoptr (QrSelection) sel = qr_selection_new ();
  g_autofree char *text = NULL;
  QrMap *map;

  if (item == NULL)
    return;
  map = qr_document_get_map (self->document);
  members = item_members (map, item);
  /* Hidden objects cannot be selected: they could be edited unseen. */
  for (guint i = 0; i < members->brushes->len; i++)
    {
      QrId id = g_array_index (members->brushes, QrId, i);
      if (!qr_hidden_has_brush (map->hidden, id))
        qr_selection_add_brush (sel, id);
    }
  for (guint i = 0; i < members->entities->len; i++)
    {
      QrId id = g_array_index (members->entities, QrId, i);
      if (!qr_hidden_has_entity (map->hidden, id))
        qr_selection_add_entity (sel, id);
    }
  qr_document_set_selection (self->document, sel);
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Selected %u object of “%s”", "Selected %u objects of “%s”",
                                       sel->brushes->len + sel->entities->len),
                          sel->brushes->len + sel->entities->len, item->name);
  if (sel->brushes->len + sel->entities->len > 0)
    g_signal_emit (self, signals[FRAME], 0);
  message (self, text);
}

static void
on_selected_changed (GtkSingleSelection *selection, GParamSpec *pspec, QrVisgroupPanel *self)
{
  update_buttons (self);
}

void
qr_visgroup_panel_set_document (QrVisgroupPanel *self, QrDocument *doc)
{
  g_return_if_fail (QR_IS_VISGROUP_PANEL (self));
  g_return_if_fail (doc == NULL || QR_IS_DOCUMENT (doc));
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, doc);
  if (doc != NULL)
    g_signal_connect (doc, "changed", G_CALLBACK (on_document_changed), self);
  g_clear_handle_id (&self->settle_id, g_source_remove);
  gtk_single_selection_set_model (self->selection, NULL);
  self->stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    refresh (self);
  update_buttons (self);
}

/* Hidden, the panel only notes that the map changed; shown, it catches up. */
static void
qr_visgroup_panel_map (GtkWidget *widget)
{
  QrVisgroupPanel *self = QR_VISGROUP_PANEL (widget);

  GTK_WIDGET_CLASS (qr_visgroup_panel_parent_class)->map (widget);
  if (self->stale && self->settle_id == 0)
    refresh (self);
}

static void
qr_visgroup_panel_dispose (GObject *object)
{
  QrVisgroupPanel *self = QR_VISGROUP_PANEL (object);

  g_clear_handle_id (&self->settle_id, g_source_remove);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->selection);
  G_OBJECT_CLASS (qr_visgroup_panel_parent_class)->dispose (object);
}

/* The name entry's keys come before the application's shortcuts while the
 * focus is in the panel (Shift+S, the Select tool, ate a typed "S"). */
static void
qr_visgroup_panel_unroot (GtkWidget *widget)
{
  qr_text_keys_release (widget);
  GTK_WIDGET_CLASS (qr_visgroup_panel_parent_class)->unroot (widget);
}

static void
qr_visgroup_panel_class_init (QrVisgroupPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qr_visgroup_panel_dispose;
  widget_class->map = qr_visgroup_panel_map;
  widget_class->unroot = qr_visgroup_panel_unroot;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "visgrouppanel");
  signals[FRAME] = g_signal_new ("frame", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 0);
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
qr_visgroup_panel_init (QrVisgroupPanel *self)
{
  static const struct
  {
    const char *label;
    const char *tooltip;
    void (*clicked) (QrVisgroupPanel *self);
  } buttons[] = {
    { N_("New"), N_("A new visgroup of the selected objects, named as typed above"), on_new },
    { N_("Rename"), N_("Give the chosen visgroup the name typed above"), on_rename },
    { N_("Delete"), N_("Delete the chosen visgroup (its objects stay)"), on_delete },
    { N_("Add"), N_("Put the selected objects in the chosen visgroup"), on_add },
    { N_("Remove"), N_("Take the selected objects out of the chosen visgroup"), on_remove },
    { N_("Select"), N_("Select the objects of the chosen visgroup"), on_select },
  };
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *title = gtk_label_new (_("Visgroups"));
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_label_set_xalign (GTK_LABEL (title), 0.0f);
  gtk_widget_add_css_class (title, "pane-title");
  gtk_box_append (GTK_BOX (self->box), title);

  self->name_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (self->name_entry, _("Visgroup name"));
  gtk_widget_set_margin_start (GTK_WIDGET (self->name_entry), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->name_entry), 6);
  /* Return makes the visgroup, as New does. */
  g_signal_connect_swapped (self->name_entry, "activate", G_CALLBACK (on_new), self);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->name_entry));

  gtk_grid_set_column_homogeneous (GTK_GRID (grid), TRUE);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 4);
  gtk_widget_set_margin_start (grid, 6);
  gtk_widget_set_margin_end (grid, 6);
  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    {
      GtkWidget *button = gtk_button_new_with_label (_(buttons[i].label));
      gtk_widget_set_tooltip_text (button, _(buttons[i].tooltip));
      g_signal_connect_swapped (button, "clicked", G_CALLBACK (buttons[i].clicked), self);
      gtk_grid_attach (GTK_GRID (grid), button, (int) i % 3, (int) i / 3, 1, 1);
      self->buttons[i] = button;
    }
  gtk_box_append (GTK_BOX (self->box), grid);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), self);
  self->selection = gtk_single_selection_new (NULL);
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect (self->selection, "notify::selected", G_CALLBACK (on_selected_changed), self);
  self->view = GTK_LIST_VIEW (gtk_list_view_new (GTK_SELECTION_MODEL (g_object_ref (self->selection)), factory));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->view));
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (self->box), scrolled);
  /* The title and the list's empty end take a visgroup to the top level. */
  for (GtkWidget *w = title; w != NULL; w = w == title ? scrolled : NULL)
    {
      GtkDropTarget *top = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_MOVE);
      g_signal_connect (top, "drop", G_CALLBACK (on_top_drop), self);
      gtk_widget_add_controller (w, GTK_EVENT_CONTROLLER (top));
    }
  update_buttons (self);
  qr_text_keys_install (GTK_WIDGET (self));
}

GtkWidget *
qr_visgroup_panel_new (void)
{
  return g_object_new (QR_TYPE_VISGROUP_PANEL, NULL);
}
