/* qr-entity-chooser.c — see qr-entity-chooser.h. */
#include "qr-entity-chooser.h"
#include "qr-app-shortcuts.h"

#include <string.h>

struct _QrEntityChooser
{
  GtkBox parent_instance;

  /* template widgets */
  GtkLabel *current;
  GtkSearchEntry *search;
  GtkStack *pages;
  GtkListBox *list;
  GtkEntry *entry;

  /* owned */
  QrEntDefs *defs;     /* or NULL */
  char *classname;     /* the chosen class */
  char *needle;        /* the search text, folded; "" for none */

  QrEntClassKind kind;
  gboolean syncing;    /* the list or the entry is being set from code */
};

G_DEFINE_FINAL_TYPE (QrEntityChooser, qr_entity_chooser, GTK_TYPE_BOX)

enum
{
  PROP_0,
  PROP_KIND,
  PROP_CLASSNAME,
  N_PROPS
};

enum
{
  ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* How wide names ask to be, in characters. */
#define NAME_CHARS 8

/* Row data: the class name, and folded for the search. */
#define ROW_NAME "qr-classname"
#define ROW_FOLDED "qr-folded"

static const char *
row_name (GtkListBoxRow *row)
{
  return g_object_get_data (G_OBJECT (row), ROW_NAME);
}

/* The group a class is listed under: its name up to the first '_'
 * ("monster_army" → "monster"; "light" and "light_torch" are both "light"). */
static char *
dup_group (const char *name)
{
  const char *cut = strchr (name, '_');
  return g_strndup (name, cut != NULL && cut > name ? (gsize) (cut - name) : strlen (name));
}

static void
show_current (QrEntityChooser *self)
{
  gtk_label_set_label (self->current, self->classname);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->current), self->classname);
}

static void
take_classname (QrEntityChooser *self, const char *name)
{
  if (name == NULL || name[0] == '\0' || g_strcmp0 (self->classname, name) == 0)
    return;
  g_free (self->classname);
  self->classname = g_strdup (name);
  show_current (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLASSNAME]);
}

static gboolean
filter_row (GtkListBoxRow *row, gpointer data)
{
  QrEntityChooser *self = data;
  return self->needle[0] == '\0' || strstr (g_object_get_data (G_OBJECT (row), ROW_FOLDED), self->needle) != NULL;
}

/* A header above the first row of each group among the rows shown. */
static void
header_row (GtkListBoxRow *row, GtkListBoxRow *before, gpointer data)
{
  g_autofree char *group = dup_group (row_name (row));
  g_autofree char *previous = before != NULL ? dup_group (row_name (before)) : NULL;
  if (g_strcmp0 (group, previous) == 0)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  GtkWidget *header = gtk_list_box_row_get_header (row);
  if (header != NULL && g_strcmp0 (gtk_label_get_label (GTK_LABEL (header)), group) == 0)
    return;
  header = gtk_label_new (group);
  gtk_label_set_xalign (GTK_LABEL (header), 0);
  gtk_label_set_ellipsize (GTK_LABEL (header), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (header), NAME_CHARS);
  gtk_widget_add_css_class (header, "entity-group");
  gtk_list_box_row_set_header (row, header);
}

/* Selects the row of the chosen class, if there is one. */
static void
select_current (QrEntityChooser *self)
{
  self->syncing = TRUE;
  gtk_list_box_unselect_all (self->list);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && g_ascii_strcasecmp (row_name (GTK_LIST_BOX_ROW (child)), self->classname) == 0)
      {
        gtk_list_box_select_row (self->list, GTK_LIST_BOX_ROW (child));
        break;
      }
  self->syncing = FALSE;
}

static int
by_name (gconstpointer a, gconstpointer b)
{
  const QrEntClass *ca = *(const QrEntClass *const *) a, *cb = *(const QrEntClass *const *) b;
  return g_ascii_strcasecmp (ca->name, cb->name);
}

static void
fill_list (QrEntityChooser *self)
{
  GtkWidget *child;
  self->syncing = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  self->syncing = FALSE;
  g_autoptr (GPtrArray) classes = g_ptr_array_new ();
  for (guint i = 0; self->defs != NULL && i < qr_entdefs_count (self->defs); i++)
    {
      const QrEntClass *cls = qr_entdefs_nth (self->defs, i);
      if (cls->kind == self->kind)
        g_ptr_array_add (classes, (gpointer) cls);
    }
  g_ptr_array_sort (classes, by_name);
  for (guint i = 0; i < classes->len; i++)
    {
      const QrEntClass *cls = g_ptr_array_index (classes, i);
      GtkWidget *label = gtk_label_new (cls->name);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      /* Narrow: the tool bar keeps its width whatever the tool (the full
       * name is in the tooltip's first line and over the search). */
      gtk_label_set_max_width_chars (GTK_LABEL (label), NAME_CHARS);
      GtkWidget *row = gtk_list_box_row_new ();
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
      g_autofree char *tip = cls->description != NULL && cls->description[0] != '\0'
                               ? g_strdup_printf ("%s\n%s", cls->name, cls->description)
                               : g_strdup (cls->name);
      gtk_widget_set_tooltip_text (row, tip);
      g_object_set_data_full (G_OBJECT (row), ROW_NAME, g_strdup (cls->name), g_free);
      g_object_set_data_full (G_OBJECT (row), ROW_FOLDED, g_utf8_casefold (cls->name, -1), g_free);
      gtk_list_box_append (self->list, row);
    }
  gtk_stack_set_visible_child_name (self->pages, classes->len > 0 ? "list" : "entry");
  gtk_widget_set_visible (GTK_WIDGET (self->search), classes->len > 0);
  select_current (self);
}

/* The row Enter takes among those the search shows: the class of that very
 * name, else the first whose name starts with the search ("light" is not
 * ambient_light_buzz, listed before it), else the first shown. */
static GtkListBoxRow *
best_shown (QrEntityChooser *self)
{
  GtkListBoxRow *prefix = NULL, *first = NULL;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!GTK_IS_LIST_BOX_ROW (child) || !gtk_widget_get_child_visible (child))
        continue;
      const char *folded = g_object_get_data (G_OBJECT (child), ROW_FOLDED);
      if (g_str_equal (folded, self->needle))
        return GTK_LIST_BOX_ROW (child);
      if (prefix == NULL && g_str_has_prefix (folded, self->needle))
        prefix = GTK_LIST_BOX_ROW (child);
      if (first == NULL)
        first = GTK_LIST_BOX_ROW (child);
    }
  return prefix != NULL ? prefix : first;
}

static void
on_search_changed (QrEntityChooser *self)
{
  g_free (self->needle);
  self->needle = g_utf8_casefold (gtk_editable_get_text (GTK_EDITABLE (self->search)), -1);
  gtk_list_box_invalidate_filter (self->list);
  gtk_list_box_invalidate_headers (self->list);
}

/* Scrolls the list so that the row shows. */
static void
show_row (QrEntityChooser *self, GtkListBoxRow *row)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (self->list), GTK_TYPE_SCROLLED_WINDOW);
  double x, y;
  if (scroller == NULL
      || !gtk_widget_translate_coordinates (GTK_WIDGET (row), GTK_WIDGET (self->list), 0, 0, &x, &y))
    return;
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  gtk_adjustment_clamp_page (adj, y, y + gtk_widget_get_height (GTK_WIDGET (row)));
}

/* Down and Up in the search walk the rows it shows, choosing as they go,
 * so the keyboard never has to leave the search. */
static gboolean
on_search_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
               QrEntityChooser *self)
{
  gboolean down = keyval == GDK_KEY_Down || keyval == GDK_KEY_KP_Down;
  if (!down && keyval != GDK_KEY_Up && keyval != GDK_KEY_KP_Up)
    return FALSE;
  GtkWidget *at = GTK_WIDGET (gtk_list_box_get_selected_row (self->list));
  if (at != NULL && !gtk_widget_get_child_visible (at))
    at = NULL;
  GtkWidget *next = at == NULL ? (down ? gtk_widget_get_first_child (GTK_WIDGET (self->list))
                                       : gtk_widget_get_last_child (GTK_WIDGET (self->list)))
                               : (down ? gtk_widget_get_next_sibling (at) : gtk_widget_get_prev_sibling (at));
  while (next != NULL && !(GTK_IS_LIST_BOX_ROW (next) && gtk_widget_get_child_visible (next)))
    next = down ? gtk_widget_get_next_sibling (next) : gtk_widget_get_prev_sibling (next);
  if (next == NULL)
    return TRUE;
  gtk_list_box_select_row (self->list, GTK_LIST_BOX_ROW (next));
  show_row (self, GTK_LIST_BOX_ROW (next));
  return TRUE;
}

/* Enter: the best match (best_shown); with no search, the chosen class
 * as it is (Tie to Entity's func_detail, which not every file defines). */
static void
on_search_activate (QrEntityChooser *self)
{
  if (self->needle[0] == '\0')
    {
      g_signal_emit (self, signals[ACTIVATED], 0);
      return;
    }
  GtkListBoxRow *row = best_shown (self);
  if (row == NULL)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  gtk_list_box_select_row (self->list, row);
  show_row (self, row);
  take_classname (self, row_name (row));
  g_signal_emit (self, signals[ACTIVATED], 0);
}

/* Escape in the search empties it (GtkSearchEntry only says so). */
static void
on_search_stop (QrEntityChooser *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search), "");
}

static void
on_row_selected (QrEntityChooser *self, GtkListBoxRow *row)
{
  if (row != NULL && !self->syncing)
    take_classname (self, row_name (row));
}

static void
on_row_activated (QrEntityChooser *self, GtkListBoxRow *row)
{
  take_classname (self, row_name (row));
  g_signal_emit (self, signals[ACTIVATED], 0);
}

static void
on_entry_changed (QrEntityChooser *self)
{
  if (self->syncing)
    return;
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entry))));
  take_classname (self, name);
}

static void
on_entry_activate (QrEntityChooser *self)
{
  g_signal_emit (self, signals[ACTIVATED], 0);
}

/* The search's keys come before the application's shortcuts while the
 * focus is in the chooser (qr-app-shortcuts.h). */
static void
qr_entity_chooser_unroot (GtkWidget *widget)
{
  qr_app_shortcuts_set_phase (widget, GTK_PHASE_CAPTURE);
  GTK_WIDGET_CLASS (qr_entity_chooser_parent_class)->unroot (widget);
}

static void
qr_entity_chooser_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  QrEntityChooser *self = QR_ENTITY_CHOOSER (object);
  switch (prop_id)
    {
    case PROP_KIND:
      self->kind = (QrEntClassKind) g_value_get_int (value);
      break;
    case PROP_CLASSNAME:
      qr_entity_chooser_set_classname (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qr_entity_chooser_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  QrEntityChooser *self = QR_ENTITY_CHOOSER (object);
  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_int (value, (int) self->kind);
      break;
    case PROP_CLASSNAME:
      g_value_set_string (value, self->classname);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qr_entity_chooser_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), QR_TYPE_ENTITY_CHOOSER);
  G_OBJECT_CLASS (qr_entity_chooser_parent_class)->dispose (object);
}

static void
qr_entity_chooser_finalize (GObject *object)
{
  QrEntityChooser *self = QR_ENTITY_CHOOSER (object);
  g_clear_pointer (&self->defs, qr_entdefs_unref);
  g_free (self->classname);
  g_free (self->needle);
  G_OBJECT_CLASS (qr_entity_chooser_parent_class)->finalize (object);
}

static void
qr_entity_chooser_class_init (QrEntityChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->set_property = qr_entity_chooser_set_property;
  object_class->get_property = qr_entity_chooser_get_property;
  object_class->dispose = qr_entity_chooser_dispose;
  object_class->finalize = qr_entity_chooser_finalize;
  widget_class->unroot = qr_entity_chooser_unroot;

  properties[PROP_KIND] = g_param_spec_int ("kind", NULL, NULL, QR_ENTCLASS_BASE, QR_ENTCLASS_SOLID, QR_ENTCLASS_POINT,
                                            G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CLASSNAME] = g_param_spec_string ("classname", NULL, NULL, NULL,
                                                    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The mapper confirmed the class: Enter, or a double click on a row. */
  signals[ACTIVATED] = g_signal_new ("activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                     G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/quarry/Quarry/ui/qr-entity-chooser.ui");
  gtk_widget_class_bind_template_child (widget_class, QrEntityChooser, current);
  gtk_widget_class_bind_template_child (widget_class, QrEntityChooser, search);
  gtk_widget_class_bind_template_child (widget_class, QrEntityChooser, pages);
  gtk_widget_class_bind_template_child (widget_class, QrEntityChooser, list);
  gtk_widget_class_bind_template_child (widget_class, QrEntityChooser, entry);
  gtk_widget_class_bind_template_callback (widget_class, on_search_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_search_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_search_stop);
  gtk_widget_class_bind_template_callback (widget_class, on_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_activate);
}

static void
qr_entity_chooser_init (QrEntityChooser *self)
{
  self->kind = QR_ENTCLASS_POINT;
  self->classname = g_strdup ("");
  self->needle = g_strdup ("");
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_list_box_set_filter_func (self->list, filter_row, self, NULL);
  gtk_list_box_set_header_func (self->list, header_row, self, NULL);
  GtkEventController *keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_search_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self->search), keys);
  qr_app_shortcuts_defer_in (GTK_WIDGET (self));
  fill_list (self);
}

GtkWidget *
qr_entity_chooser_new (QrEntClassKind kind)
{
  return g_object_new (QR_TYPE_ENTITY_CHOOSER, "kind", (int) kind, NULL);
}

void
qr_entity_chooser_set_defs (QrEntityChooser *self, QrEntDefs *defs)
{
  g_return_if_fail (QR_IS_ENTITY_CHOOSER (self));
  if (defs == self->defs)
    return;
  g_clear_pointer (&self->defs, qr_entdefs_unref);
  self->defs = defs != NULL ? qr_entdefs_ref (defs) : NULL;
  fill_list (self);
}

const char *
qr_entity_chooser_get_classname (QrEntityChooser *self)
{
  g_return_val_if_fail (QR_IS_ENTITY_CHOOSER (self), NULL);
  return self->classname;
}

void
qr_entity_chooser_set_classname (QrEntityChooser *self, const char *classname)
{
  g_return_if_fail (QR_IS_ENTITY_CHOOSER (self));
  if (classname == NULL || g_strcmp0 (self->classname, classname) == 0)
    return;
  take_classname (self, classname);
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->entry), classname);
  self->syncing = FALSE;
  select_current (self);
}

void
qr_entity_chooser_focus (QrEntityChooser *self)
{
  g_return_if_fail (QR_IS_ENTITY_CHOOSER (self));
  gtk_widget_grab_focus (gtk_widget_get_visible (GTK_WIDGET (self->search)) ? GTK_WIDGET (self->search)
                                                                           : GTK_WIDGET (self->entry));
}
