/* qr-entity-props.c — see qr-entity-props.h.
 *
 * The rows are rebuilt only when what they show changes shape (other
 * entities, class, definitions, keys, Smart edit); a change of values
 * alone is written into the widgets in place, under `refreshing`, so a
 * refresh never writes back and the row being typed in keeps its focus.
 * A row remembers the value it last showed: an entry commits (Return or
 * focus leaving) only text that differs from it. */
#include "qr-entity-props.h"

#include <errno.h>
#include <math.h>
#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>
#include "qr-connection.h"
#include "qr-entdef.h"
#include "qr-operations.h"
#include "qr-text-keys.h"

typedef enum
{
  ROW_TEXT,
  ROW_INTEGER,
  ROW_FLOAT,
  ROW_CHOICES,
  ROW_FLAGS,
  ROW_COLOR255,
  ROW_COLOR1,
  ROW_TARGET,
  ROW_RAW, /* Smart edit off: key entry, value entry, remove */
  ROW_NEW, /* Smart edit off: the row that adds a key */
} RowKind;

typedef enum
{
  PICK_TARGETNAMES,
  PICK_CLASSES,
  PICK_OUTPUTS,
  PICK_INPUTS,
} PickKind;

typedef struct
{
  QrEntityProps *self;     /* borrowed */
  char *key;
  const QrPropDef *def;    /* borrowed from the document's definitions, or NULL */
  RowKind kind;
  GtkWidget *label;        /* the key, or the key entry of raw rows */
  GtkWidget *box;          /* the value's widgets */
  GtkWidget *entry;        /* GtkEntry for text-like rows */
  GtkWidget *dropdown;     /* ROW_CHOICES */
  GtkWidget *color;        /* ROW_COLOR255, ROW_COLOR1 */
  GtkWidget *remove;       /* ROW_RAW, ROW_NEW (add) */
  GPtrArray *checks;       /* ROW_FLAGS: GtkCheckButton *, borrowed */
  char *value;             /* the common value last shown, NULL when missing */
  gboolean mixed;          /* the entities differ */
  gboolean extra_choice;   /* ROW_CHOICES: the value is not one of the choices */
  gboolean shown;          /* a refresh has filled it */
} Row;

struct _QrEntityProps
{
  GtkWidget parent_instance;

  /* children */
  GtkWidget *box;
  GtkLabel *title;
  GtkEntry *class_entry;
  GtkWidget *filter;        /* GtkSearchEntry */
  GtkCheckButton *smart;
  GtkNotebook *notebook;
  GtkWidget *outputs_page;
  GtkGrid *grid;
  GtkLabel *help;
  GtkListBox *conn_list;
  GtkWidget *conn_editor;
  GtkEntry *conn_output;
  GtkEntry *conn_target;
  GtkEntry *conn_input;
  GtkEntry *conn_param;
  GtkEntry *conn_delay;
  GtkEntry *conn_times;
  GtkWidget *conn_add;
  GtkWidget *conn_edit;
  GtkWidget *conn_delete;
  GtkLabel *conn_note;

  /* owned */
  QrDocument *document;
  GArray *ids;             /* QrId: the entities shown */
  gboolean world;          /* nothing selected: worldspawn shown */
  GPtrArray *rows;         /* Row *, borrowed: each owned by its box */
  char *signature;         /* what the rows were built for */
  char *shown_class;       /* the class entry's last text set by a refresh */
  GArray *conns;           /* QrConnection: the single entity's, as shown */
  int conn_editing;        /* index edited, -1 a new one, -2 none */
  gboolean refreshing;
  gboolean stale;          /* changes came while unmapped */
  gboolean vmf;
};

G_DEFINE_FINAL_TYPE (QrEntityProps, qr_entity_props, GTK_TYPE_WIDGET)

static void refresh (QrEntityProps *self);

/* A row lives as long as its value box (a removed entry can still lose
 * the focus after the rows were rebuilt); a row out of the grid is dead. */
static gboolean
row_alive (const Row *row)
{
  return row->box != NULL && gtk_widget_get_parent (row->box) != NULL && !row->self->refreshing;
}

static void
row_free (Row *row)
{
  g_free (row->key);
  g_free (row->value);
  g_clear_pointer (&row->checks, g_ptr_array_unref);
  g_free (row);
}

/* ---- the document ---- */

static QrEntity *
entity_by_id (QrEntityProps *self, QrId id)
{
  guint e;
  if (self->document == NULL || !qr_document_find_entity (self->document, id, &e))
    return NULL;
  return qr_map_get_entity (qr_document_get_map (self->document), e);
}


static int
compare_ids (gconstpointer a, gconstpointer b)
{
  QrId x = *(const QrId *) a, y = *(const QrId *) b;
  return x < y ? -1 : x > y;
}

/* The selected entities, a selected brush standing for its brush entity;
 * worldspawn when there are none. */
static void
collect_ids (QrEntityProps *self)
{
  g_array_set_size (self->ids, 0);
  self->world = FALSE;
  if (self->document == NULL)
    return;
  QrMap *map = qr_document_get_map (self->document);
  const QrSelection *sel = qr_document_get_selection (self->document);
  for (guint i = 0; i < sel->entities->len; i++)
    {
      QrId id = g_array_index (sel->entities, QrId, i);
      QrEntity *entity = entity_by_id (self, id);
      if (entity != NULL && !qr_entity_is_world (entity))
        g_array_append_val (self->ids, id);
    }
  for (guint i = 0; i < sel->brushes->len; i++)
    {
      guint e, b;
      if (!qr_document_find_brush (self->document, g_array_index (sel->brushes, QrId, i), &e, &b))
        continue;
      const QrEntity *entity = qr_map_get_entity (map, e);
      if (!qr_entity_is_world (entity))
        g_array_append_val (self->ids, entity->id);
    }
  g_array_sort (self->ids, compare_ids);
  guint n = 0;
  for (guint i = 0; i < self->ids->len; i++)
    if (n == 0 || g_array_index (self->ids, QrId, n - 1) != g_array_index (self->ids, QrId, i))
      g_array_index (self->ids, QrId, n++) = g_array_index (self->ids, QrId, i);
  g_array_set_size (self->ids, n);
  if (n > 0)
    return;
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    if (qr_entity_is_world (qr_map_get_entity (map, e)))
      {
        g_array_append_val (self->ids, qr_map_get_entity (map, e)->id);
        self->world = TRUE;
        return;
      }
}

static QrEntity *
shown_entity (QrEntityProps *self, guint i)
{
  return entity_by_id (self, g_array_index (self->ids, QrId, i));
}

/* The class all shown entities have, or NULL when they differ. */
static const char *
common_class (QrEntityProps *self)
{
  const char *name = NULL;
  for (guint i = 0; i < self->ids->len; i++)
    {
      const QrEntity *entity = shown_entity (self, i);
      if (entity == NULL)
        continue;
      const char *c = qr_entity_get_classname (entity);
      if (name == NULL)
        name = c;
      else if (strcmp (name, c) != 0)
        return NULL;
    }
  return name;
}

static const QrEntClass *
shown_class_def (QrEntityProps *self)
{
  QrEntDefs *defs = self->document != NULL ? qr_document_get_entdefs (self->document) : NULL;
  const char *name = common_class (self);
  return defs != NULL && name != NULL ? qr_entdefs_lookup (defs, name) : NULL;
}

/* The common value of key over the shown entities: NULL with *mixed
 * FALSE when none has it. */
static char *
common_value (QrEntityProps *self, const char *key, gboolean *mixed)
{
  const char *value = NULL;
  *mixed = FALSE;
  for (guint i = 0; i < self->ids->len; i++)
    {
      const QrEntity *entity = shown_entity (self, i);
      const char *v = entity != NULL ? qr_entity_get_key (entity, key) : NULL;
      if (i == 0)
        value = v;
      else if (g_strcmp0 (value, v) != 0)
        {
          *mixed = TRUE;
          return NULL;
        }
    }
  return g_strdup (value);
}

static void
say (QrEntityProps *self, const char *text)
{
  gtk_label_set_text (self->help, text);
  gtk_widget_add_css_class (GTK_WIDGET (self->help), "error");
  gtk_widget_error_bell (GTK_WIDGET (self));
}

/* One undo step: qr_op_set_key for one entity, set_key_many for several. */
static gboolean
write_key (QrEntityProps *self, const char *key, const char *value)
{
  g_autoptr (GError) error = NULL;
  if (self->document == NULL || self->ids->len == 0)
    return FALSE;
  gboolean ok = self->ids->len == 1
                    ? qr_op_set_key (self->document, g_array_index (self->ids, QrId, 0), key, value, &error)
                    : qr_op_set_key_many (self->document, (const QrId *) self->ids->data, self->ids->len, key, value,
                                          &error);
  if (!ok)
    say (self, error->message);
  return ok;
}

/* Sets or clears one bit of each shown entity's spawnflags, keeping its
 * other bits: one step however many entities. */
static void
write_flag (QrEntityProps *self, const char *key, unsigned long bit, gboolean on)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = TRUE, several = self->ids->len > 1;
  if (several)
    qr_document_begin_transaction (self->document, _("Set Key"));
  for (guint i = 0; i < self->ids->len && ok; i++)
    {
      const QrEntity *entity = shown_entity (self, i);
      if (entity == NULL)
        continue;
      const char *old = qr_entity_get_key (entity, key);
      unsigned long flags = old != NULL ? strtoul (old, NULL, 10) : 0;
      unsigned long now = on ? flags | bit : flags & ~bit;
      if (old != NULL && now == flags)
        continue;
      g_autofree char *text = g_strdup_printf ("%lu", now);
      ok = qr_op_set_key (self->document, entity->id, key, text, &error);
    }
  if (several && ok)
    qr_document_commit_transaction (self->document);
  else if (several)
    qr_document_cancel_transaction (self->document);
  if (!ok)
    say (self, error->message);
}

/* ---- names offered by the pickers ---- */

static void
add_unique (GPtrArray *names, GHashTable *seen, const char *name)
{
  if (name != NULL && name[0] != '\0' && g_hash_table_add (seen, (gpointer) name))
    g_ptr_array_add (names, (gpointer) name);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_ascii_strcasecmp (*(const char *const *) a, *(const char *const *) b);
}

/* Borrowed strings, sorted: the map's targetnames. */
static GPtrArray *
dup_targetnames (QrEntityProps *self)
{
  GPtrArray *names = g_ptr_array_new ();
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  QrMap *map = qr_document_get_map (self->document);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    add_unique (names, seen, qr_entity_get_key (qr_map_get_entity (map, e), "targetname"));
  g_ptr_array_sort (names, compare_names);
  return names;
}

/* The classes of the entities named `target` (targetname, or a classname
 * as Source allows); the shown entity's own for !self. */
static GPtrArray *
dup_target_classes (QrEntityProps *self, const char *target)
{
  GPtrArray *classes = g_ptr_array_new ();
  QrEntDefs *defs = qr_document_get_entdefs (self->document);
  if (defs == NULL || target == NULL || target[0] == '\0')
    return classes;
  if (g_ascii_strcasecmp (target, "!self") == 0)
    {
      const QrEntClass *cls = shown_class_def (self);
      if (cls != NULL)
        g_ptr_array_add (classes, (gpointer) cls);
      return classes;
    }
  QrMap *map = qr_document_get_map (self->document);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      const char *name = qr_entity_get_key (entity, "targetname");
      const char *cn = qr_entity_get_classname (entity);
      if ((name != NULL && g_ascii_strcasecmp (name, target) == 0) || g_ascii_strcasecmp (cn, target) == 0)
        {
          const QrEntClass *cls = qr_entdefs_lookup (defs, cn);
          if (cls != NULL && !g_ptr_array_find (classes, cls, NULL))
            g_ptr_array_add (classes, (gpointer) cls);
        }
    }
  return classes;
}

static gboolean
io_has (const GPtrArray *ios, const char *name)
{
  for (guint i = 0; ios != NULL && i < ios->len; i++)
    if (g_ascii_strcasecmp (((const QrIoDef *) g_ptr_array_index (ios, i))->name, name) == 0)
      return TRUE;
  return FALSE;
}

static GPtrArray *
dup_pick_names (QrEntityProps *self, PickKind kind)
{
  if (self->document == NULL)
    return g_ptr_array_new ();
  if (kind == PICK_TARGETNAMES)
    return dup_targetnames (self);
  GPtrArray *names = g_ptr_array_new ();
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  QrEntDefs *defs = qr_document_get_entdefs (self->document);
  if (defs == NULL)
    return names;
  if (kind == PICK_CLASSES)
    {
      /* a point entity becomes another point class, a brush entity another solid one */
      const QrEntity *first = self->ids->len > 0 ? shown_entity (self, 0) : NULL;
      QrEntClassKind want = first != NULL && qr_entity_is_point (first) ? QR_ENTCLASS_POINT : QR_ENTCLASS_SOLID;
      for (guint i = 0; i < qr_entdefs_count (defs); i++)
        {
          const QrEntClass *cls = qr_entdefs_nth (defs, i);
          if (cls->kind == want && strcmp (cls->name, "worldspawn") != 0)
            add_unique (names, seen, cls->name);
        }
    }
  else if (kind == PICK_OUTPUTS)
    {
      const QrEntClass *cls = shown_class_def (self);
      for (guint i = 0; cls != NULL && cls->outputs != NULL && i < cls->outputs->len; i++)
        add_unique (names, seen, ((const QrIoDef *) g_ptr_array_index (cls->outputs, i))->name);
    }
  else
    {
      g_autoptr (GPtrArray) classes = dup_target_classes (self, gtk_editable_get_text (GTK_EDITABLE (self->conn_target)));
      for (guint c = 0; c < classes->len; c++)
        {
          const QrEntClass *cls = g_ptr_array_index (classes, c);
          for (guint i = 0; cls->inputs != NULL && i < cls->inputs->len; i++)
            add_unique (names, seen, ((const QrIoDef *) g_ptr_array_index (cls->inputs, i))->name);
        }
    }
  g_ptr_array_sort (names, compare_names);
  return names;
}

/* ---- an entry with a list to pick from ---- */

static void
on_pick_activated (GtkListBox *list, GtkListBoxRow *row, GtkEntry *entry)
{
  GtkWidget *label = gtk_list_box_row_get_child (row);
  gtk_editable_set_text (GTK_EDITABLE (entry), gtk_label_get_text (GTK_LABEL (label)));
  gtk_popover_popdown (GTK_POPOVER (gtk_widget_get_ancestor (GTK_WIDGET (list), GTK_TYPE_POPOVER)));
  gtk_widget_grab_focus (GTK_WIDGET (entry));
  /* the same path as Return */
  g_signal_emit_by_name (entry, "activate");
}

/* Fills the list each time it opens: the names change with the map. */
static void
on_pick_show (GtkWidget *popover, QrEntityProps *self)
{
  GtkListBox *list = g_object_get_data (G_OBJECT (popover), "list");
  PickKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (popover), "kind"));
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
  g_autoptr (GPtrArray) names = dup_pick_names (self, kind);
  for (guint i = 0; i < names->len; i++)
    {
      GtkWidget *label = gtk_label_new (g_ptr_array_index (names, i));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_list_box_append (list, label);
    }
  if (names->len == 0)
    {
      GtkWidget *none = gtk_label_new (_("(none known)"));
      gtk_widget_add_css_class (none, "dim-label");
      gtk_list_box_append (list, none);
      gtk_list_box_row_set_activatable (gtk_list_box_get_row_at_index (list, 0), FALSE);
    }
}

static GtkWidget *
picker_new (QrEntityProps *self, GtkEntry *entry, PickKind kind, const char *tooltip)
{
  GtkWidget *button = gtk_menu_button_new ();
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *scroll = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroll), 320);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroll), TRUE);
  GtkWidget *list = gtk_list_box_new ();
  gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (list), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), list);
  gtk_popover_set_child (GTK_POPOVER (popover), scroll);
  g_object_set_data (G_OBJECT (popover), "list", list);
  g_object_set_data (G_OBJECT (popover), "kind", GINT_TO_POINTER (kind));
  g_signal_connect (popover, "show", G_CALLBACK (on_pick_show), self);
  g_signal_connect (list, "row-activated", G_CALLBACK (on_pick_activated), entry);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  return button;
}

/* ---- validation ---- */

static gboolean
parse_long (const char *text, long *out)
{
  char *end;
  errno = 0;
  long v = strtol (text, &end, 10);
  while (g_ascii_isspace (*end))
    end++;
  if (end == text || *end != '\0' || errno != 0)
    return FALSE;
  if (out != NULL)
    *out = v;
  return TRUE;
}

static gboolean
parse_double (const char *text, double *out)
{
  char *end;
  double v = g_ascii_strtod (text, &end);
  while (g_ascii_isspace (*end))
    end++;
  if (end == text || *end != '\0' || !isfinite (v))
    return FALSE;
  if (out != NULL)
    *out = v;
  return TRUE;
}

/* n numbers ("r g b" and an optional brightness for colours). */
static gboolean
parse_numbers (const char *text, int min, int max, double *out)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  g_auto (GStrv) parts = g_strsplit_set (copy, " \t", -1);
  int n = 0;
  for (int i = 0; parts[i] != NULL; i++)
    {
      if (parts[i][0] == '\0')
        continue;
      double v;
      if (n == max || !parse_double (parts[i], &v))
        return FALSE;
      if (out != NULL)
        out[n] = v;
      n++;
    }
  return n >= min;
}

/* Empty text is valid everywhere: it removes the key. */
static gboolean
row_text_valid (const Row *row, const char *text)
{
  if (text[0] == '\0')
    return TRUE;
  switch (row->kind)
    {
    case ROW_INTEGER:
      return parse_long (text, NULL);
    case ROW_FLOAT:
      return parse_double (text, NULL);
    case ROW_COLOR255:
    case ROW_COLOR1:
      return parse_numbers (text, 3, 4, NULL);
    default:
      return TRUE;
    }
}

/* ---- rows: writing what the user did ---- */

static void
commit_entry (Row *row, gboolean leaving)
{
  QrEntityProps *self = row->self;
  if (!row_alive (row) || self->document == NULL || row->kind == ROW_NEW)
    return;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row->entry));
  if (row->mixed && text[0] == '\0')
    return;
  if (!row->mixed && strcmp (text, row->value != NULL ? row->value : "") == 0)
    return;
  if (!row_text_valid (row, text))
    {
      gtk_widget_error_bell (row->entry);
      /* Return keeps the text to mend; leaving the row puts the value back */
      if (leaving)
        gtk_editable_set_text (GTK_EDITABLE (row->entry), row->value != NULL ? row->value : "");
      return;
    }
  g_autofree char *value = g_strdup (text);
  if (write_key (self, row->key, value[0] != '\0' ? value : NULL))
    {
      g_free (row->value);
      row->value = value[0] != '\0' ? g_steal_pointer (&value) : NULL;
      row->mixed = FALSE;
    }
}

static void
on_entry_activate (GtkEntry *entry, Row *row)
{
  commit_entry (row, FALSE);
}

static void
on_entry_leave (GtkEventControllerFocus *focus, Row *row)
{
  commit_entry (row, TRUE);
}

/* Red while the text would not be written. */
static void
on_entry_changed (GtkEditable *editable, Row *row)
{
  if (row_text_valid (row, gtk_editable_get_text (editable)))
    gtk_widget_remove_css_class (GTK_WIDGET (editable), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (editable), "error");
}

static void
on_choice_selected (GtkDropDown *dropdown, GParamSpec *pspec, Row *row)
{
  QrEntityProps *self = row->self;
  guint i = gtk_drop_down_get_selected (dropdown);
  if (!row_alive (row) || i == GTK_INVALID_LIST_POSITION || row->def == NULL || row->def->choices == NULL
      || i >= row->def->choices->len)
    return;
  const char *value = g_array_index (row->def->choices, QrPropChoice, i).value;
  if (!row->mixed && g_strcmp0 (value, row->value) == 0)
    return;
  if (write_key (self, row->key, value))
    {
      g_free (row->value);
      row->value = g_strdup (value);
      row->mixed = FALSE;
    }
}

static void
on_flag_toggled (GtkCheckButton *check, Row *row)
{
  if (!row_alive (row))
    return;
  gtk_check_button_set_inconsistent (check, FALSE);
  unsigned long bit = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (check), "bit"));
  write_flag (row->self, row->key, bit, gtk_check_button_get_active (check));
}

/* Keeps a brightness (the fourth number of light colours) as it was. */
static void
on_color_set (GtkColorButton *button, Row *row)
{
  if (!row_alive (row))
    return;
  GdkRGBA rgba;
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (button), &rgba);
  double old[4];
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row->entry));
  gboolean four = parse_numbers (text, 4, 4, old);
  char value[128];
  if (row->kind == ROW_COLOR255)
    {
      int r = (int) lround (rgba.red * 255), g = (int) lround (rgba.green * 255), b = (int) lround (rgba.blue * 255);
      if (four)
        {
          char br[G_ASCII_DTOSTR_BUF_SIZE];
          g_snprintf (value, sizeof value, "%d %d %d %s", r, g, b, g_ascii_formatd (br, sizeof br, "%g", old[3]));
        }
      else
        g_snprintf (value, sizeof value, "%d %d %d", r, g, b);
    }
  else
    {
      char c[3][G_ASCII_DTOSTR_BUF_SIZE];
      g_snprintf (value, sizeof value, "%s %s %s", g_ascii_formatd (c[0], sizeof c[0], "%.3g", rgba.red),
                  g_ascii_formatd (c[1], sizeof c[1], "%.3g", rgba.green),
                  g_ascii_formatd (c[2], sizeof c[2], "%.3g", rgba.blue));
    }
  gtk_editable_set_text (GTK_EDITABLE (row->entry), value);
  commit_entry (row, FALSE);
}

/* Raw rows: Return in the key entry renames the key (one entity), the
 * remove button deletes it from all. */
static void
on_raw_key_activate (GtkEntry *entry, Row *row)
{
  QrEntityProps *self = row->self;
  g_autoptr (GError) error = NULL;
  const char *name = gtk_editable_get_text (GTK_EDITABLE (entry));
  if (!row_alive (row) || name[0] == '\0' || strcmp (name, row->key) == 0 || self->ids->len != 1)
    return;
  if (!qr_op_rename_key (self->document, g_array_index (self->ids, QrId, 0), row->key, name, &error))
    say (self, error->message);
}

static void
on_raw_remove (GtkButton *button, Row *row)
{
  if (row_alive (row))
    write_key (row->self, row->key, NULL);
}

static void
on_new_add (GtkWidget *widget, Row *row)
{
  if (!row_alive (row))
    return;
  const char *key = gtk_editable_get_text (GTK_EDITABLE (row->label));
  const char *value = gtk_editable_get_text (GTK_EDITABLE (row->entry));
  if (key[0] == '\0' || strcmp (key, "classname") == 0)
    {
      gtk_widget_error_bell (row->label);
      return;
    }
  g_autofree char *k = g_strdup (key);
  g_autofree char *v = g_strdup (value);
  write_key (row->self, k, v);
}

/* ---- rows: help ---- */

static const char *
type_name (const QrPropDef *def)
{
  return def->type_name != NULL ? def->type_name : "string";
}

static void
show_help (QrEntityProps *self, const Row *row)
{
  gtk_widget_remove_css_class (GTK_WIDGET (self->help), "error");
  g_autoptr (GString) text = g_string_new (NULL);
  if (row != NULL && row->def != NULL)
    {
      g_autofree char *head = row->def->label != NULL && strcmp (row->def->label, row->key) != 0
                                  ? g_markup_printf_escaped ("<b>%s</b> (%s, %s)", row->def->label, row->key,
                                                             type_name (row->def))
                                  : g_markup_printf_escaped ("<b>%s</b> (%s)", row->key, type_name (row->def));
      g_string_append (text, head);
      if (row->def->default_value != NULL)
        {
          g_autofree char *d = g_markup_printf_escaped (_(", default %s"), row->def->default_value);
          g_string_append (text, d);
        }
      if (row->def->description != NULL)
        {
          g_autofree char *d = g_markup_printf_escaped ("\n%s", row->def->description);
          g_string_append (text, d);
        }
    }
  else if (row != NULL && row->kind != ROW_NEW)
    {
      g_autofree char *d = g_markup_printf_escaped (_("<b>%s</b>: not in the definition"), row->key);
      g_string_append (text, d);
    }
  else
    {
      const QrEntClass *cls = shown_class_def (self);
      if (cls != NULL)
        {
          g_autofree char *d = g_markup_printf_escaped ("<b>%s</b>%s%s", cls->name, cls->description != NULL ? "\n" : "",
                                                        cls->description != NULL ? cls->description : "");
          g_string_append (text, d);
        }
    }
  gtk_label_set_markup (self->help, text->str);
}

static void
on_row_focus (GtkEventControllerFocus *focus, Row *row)
{
  if (row_alive (row))
    show_help (row->self, row);
}

/* ---- rows: building ---- */

static RowKind
kind_of (const QrPropDef *def)
{
  if (def == NULL)
    return ROW_TEXT;
  switch (def->type)
    {
    case QR_PROP_INTEGER:
      return ROW_INTEGER;
    case QR_PROP_FLOAT:
      return ROW_FLOAT;
    case QR_PROP_CHOICES:
      return def->choices != NULL && def->choices->len > 0 ? ROW_CHOICES : ROW_TEXT;
    case QR_PROP_FLAGS:
      return def->choices != NULL && def->choices->len > 0 ? ROW_FLAGS : ROW_INTEGER;
    case QR_PROP_COLOR255:
      return ROW_COLOR255;
    case QR_PROP_COLOR1:
      return ROW_COLOR1;
    case QR_PROP_TARGET_SOURCE:
    case QR_PROP_TARGET_DESTINATION:
      return ROW_TARGET;
    default:
      return ROW_TEXT;
    }
}

static void
watch_focus (GtkWidget *widget, Row *row, gboolean commit)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "enter", G_CALLBACK (on_row_focus), row);
  if (commit)
    g_signal_connect (focus, "leave", G_CALLBACK (on_entry_leave), row);
  gtk_widget_add_controller (widget, focus);
}

static GtkWidget *
value_entry (Row *row)
{
  GtkWidget *entry = gtk_entry_new ();
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 4);
  gtk_widget_set_hexpand (entry, TRUE);
  if (row->kind == ROW_NEW)
    g_signal_connect (entry, "activate", G_CALLBACK (on_new_add), row);
  else
    g_signal_connect (entry, "activate", G_CALLBACK (on_entry_activate), row);
  g_signal_connect (entry, "changed", G_CALLBACK (on_entry_changed), row);
  watch_focus (entry, row, TRUE);
  row->entry = entry;
  return entry;
}

/* A drop-down whose button ellipsizes a long choice, so the pane keeps its width. */
static void
setup_choice (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer ellipsize)
{
  GtkWidget *label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (ellipsize != NULL)
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
bind_choice (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkStringObject *s = gtk_list_item_get_item (item);
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), gtk_string_object_get_string (s));
}

static GtkListItemFactory *
choice_factory (gboolean ellipsize)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_choice), GINT_TO_POINTER (ellipsize));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_choice), NULL);
  return factory;
}

static void
build_row (QrEntityProps *self, Row *row, int y)
{
  const char *shown = row->key;
  if (row->kind == ROW_RAW || row->kind == ROW_NEW)
    {
      row->label = gtk_entry_new ();
      gtk_editable_set_width_chars (GTK_EDITABLE (row->label), 8);
      gtk_editable_set_text (GTK_EDITABLE (row->label), row->kind == ROW_RAW ? row->key : "");
      if (row->kind == ROW_NEW)
        gtk_entry_set_placeholder_text (GTK_ENTRY (row->label), _("new key"));
      else
        g_signal_connect (row->label, "activate", G_CALLBACK (on_raw_key_activate), row);
      gtk_editable_set_editable (GTK_EDITABLE (row->label), row->kind == ROW_NEW || self->ids->len == 1);
      watch_focus (row->label, row, FALSE);
    }
  else
    {
      row->label = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (row->label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (row->label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (row->label), 9);
      gtk_label_set_max_width_chars (GTK_LABEL (row->label), 12);
      if (row->kind == ROW_FLAGS)
        gtk_widget_set_valign (row->label, GTK_ALIGN_START);
      if (row->def != NULL || shown_class_def (self) == NULL || strcmp (row->key, "origin") == 0)
        {
          gtk_label_set_text (GTK_LABEL (row->label), shown);
          if (row->def != NULL)
            gtk_widget_set_tooltip_text (row->label, row->def->description != NULL ? row->def->description : row->def->label);
        }
      else
        {
          g_autofree char *markup = g_markup_printf_escaped ("<i>%s</i>", shown);
          gtk_label_set_markup (GTK_LABEL (row->label), markup);
          gtk_widget_set_tooltip_text (row->label, _("not in the definition"));
        }
    }

  row->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_widget_set_hexpand (row->box, TRUE);
  switch (row->kind)
    {
    case ROW_CHOICES:
      {
        GtkStringList *labels = gtk_string_list_new (NULL);
        for (guint i = 0; i < row->def->choices->len; i++)
          {
            const QrPropChoice *c = &g_array_index (row->def->choices, QrPropChoice, i);
            gtk_string_list_append (labels, c->label != NULL && c->label[0] != '\0' ? c->label : c->value);
          }
        row->dropdown = gtk_drop_down_new (G_LIST_MODEL (labels), NULL);
        g_autoptr (GtkListItemFactory) button_items = choice_factory (TRUE);
        g_autoptr (GtkListItemFactory) list_items = choice_factory (FALSE);
        gtk_drop_down_set_factory (GTK_DROP_DOWN (row->dropdown), button_items);
        gtk_drop_down_set_list_factory (GTK_DROP_DOWN (row->dropdown), list_items);
        gtk_widget_set_hexpand (row->dropdown, TRUE);
        g_signal_connect (row->dropdown, "notify::selected", G_CALLBACK (on_choice_selected), row);
        watch_focus (row->dropdown, row, FALSE);
        gtk_box_append (GTK_BOX (row->box), row->dropdown);
        break;
      }
    case ROW_FLAGS:
      {
        gtk_orientable_set_orientation (GTK_ORIENTABLE (row->box), GTK_ORIENTATION_VERTICAL);
        gtk_box_set_spacing (GTK_BOX (row->box), 0);
        row->checks = g_ptr_array_new ();
        for (guint i = 0; i < row->def->choices->len; i++)
          {
            const QrPropChoice *c = &g_array_index (row->def->choices, QrPropChoice, i);
            GtkWidget *check = gtk_check_button_new ();
            GtkWidget *label = gtk_label_new (c->label != NULL && c->label[0] != '\0' ? c->label : c->value);
            gtk_label_set_wrap (GTK_LABEL (label), TRUE);
            gtk_label_set_xalign (GTK_LABEL (label), 0);
            gtk_check_button_set_child (GTK_CHECK_BUTTON (check), label);
            g_autofree char *tip = g_strdup_printf (_("bit %s"), c->value);
            gtk_widget_set_tooltip_text (check, tip);
            g_object_set_data (G_OBJECT (check), "bit", GSIZE_TO_POINTER (strtoul (c->value, NULL, 10)));
            g_signal_connect (check, "toggled", G_CALLBACK (on_flag_toggled), row);
            g_ptr_array_add (row->checks, check);
            gtk_box_append (GTK_BOX (row->box), check);
          }
        watch_focus (row->box, row, FALSE);
        break;
      }
    case ROW_COLOR255:
    case ROW_COLOR1:
      gtk_box_append (GTK_BOX (row->box), value_entry (row));
      row->color = gtk_color_button_new ();
      gtk_widget_set_valign (row->color, GTK_ALIGN_CENTER);
      g_signal_connect (row->color, "color-set", G_CALLBACK (on_color_set), row);
      gtk_box_append (GTK_BOX (row->box), row->color);
      break;
    case ROW_TARGET:
      gtk_box_append (GTK_BOX (row->box), value_entry (row));
      gtk_box_append (GTK_BOX (row->box), picker_new (self, GTK_ENTRY (row->entry), PICK_TARGETNAMES,
                                                      _("The map's names")));
      break;
    case ROW_RAW:
    case ROW_NEW:
      gtk_box_append (GTK_BOX (row->box), value_entry (row));
      row->remove = gtk_button_new_from_icon_name (row->kind == ROW_RAW ? "list-remove-symbolic" : "list-add-symbolic");
      gtk_widget_set_tooltip_text (row->remove, row->kind == ROW_RAW ? _("Remove the key") : _("Add the key"));
      gtk_widget_set_valign (row->remove, GTK_ALIGN_CENTER);
      if (row->kind == ROW_RAW)
        g_signal_connect (row->remove, "clicked", G_CALLBACK (on_raw_remove), row);
      else
        g_signal_connect (row->remove, "clicked", G_CALLBACK (on_new_add), row);
      gtk_box_append (GTK_BOX (row->box), row->remove);
      break;
    default:
      gtk_box_append (GTK_BOX (row->box), value_entry (row));
      break;
    }
  g_object_set_data_full (G_OBJECT (row->box), "qr-row", row, (GDestroyNotify) row_free);
  gtk_grid_attach (self->grid, row->label, 0, y, 1, 1);
  gtk_grid_attach (self->grid, row->box, 1, y, 1, 1);
}

static void
add_row (GPtrArray *rows, QrEntityProps *self, const char *key, const QrPropDef *def, RowKind kind)
{
  Row *row = g_new0 (Row, 1);
  row->self = self;
  row->key = g_strdup (key);
  row->def = def;
  row->kind = kind;
  g_ptr_array_add (rows, row);
}

static gboolean
has_row (GPtrArray *rows, const char *key)
{
  for (guint i = 0; i < rows->len; i++)
    if (strcmp (((Row *) g_ptr_array_index (rows, i))->key, key) == 0)
      return TRUE;
  return FALSE;
}

/* The rows the shown entities call for, not yet built. */
static GPtrArray *
plan_rows (QrEntityProps *self)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  gboolean smart = gtk_check_button_get_active (self->smart);
  const QrEntClass *cls = smart ? shown_class_def (self) : NULL;
  for (guint i = 0; cls != NULL && i < cls->props->len; i++)
    {
      const QrPropDef *def = g_ptr_array_index (cls->props, i);
      if (strcmp (def->name, "classname") != 0 && !has_row (rows, def->name))
        add_row (rows, self, def->name, def, kind_of (def));
    }
  /* the keys the entities have that the definition does not list */
  for (guint i = 0; i < self->ids->len; i++)
    {
      const QrEntity *entity = shown_entity (self, i);
      for (guint k = 0; entity != NULL && k < entity->keys->len; k++)
        {
          const char *key = g_array_index (entity->keys, QrKeyValue, k).key;
          if (strcmp (key, "classname") != 0 && !has_row (rows, key))
            add_row (rows, self, key, NULL, smart ? ROW_TEXT : ROW_RAW);
        }
    }
  if (!smart)
    add_row (rows, self, "", NULL, ROW_NEW);
  return rows;
}

static char *
signature_of (QrEntityProps *self, GPtrArray *rows)
{
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "%p %p|", (void *) qr_document_get_entdefs (self->document), (void *) shown_class_def (self));
  for (guint i = 0; i < self->ids->len; i++)
    g_string_append_printf (s, "%" G_GUINT64_FORMAT ",", (guint64) g_array_index (self->ids, QrId, i));
  for (guint i = 0; i < rows->len; i++)
    {
      const Row *row = g_ptr_array_index (rows, i);
      g_string_append_printf (s, "|%d:%s", row->kind, row->key);
    }
  return g_string_free (s, FALSE);
}

/* ---- rows: showing values ---- */

static void
show_choice (Row *row)
{
  GtkDropDown *dropdown = GTK_DROP_DOWN (row->dropdown);
  GtkStringList *labels = GTK_STRING_LIST (gtk_drop_down_get_model (dropdown));
  guint n = row->def->choices->len;
  if (row->extra_choice)
    gtk_string_list_remove (labels, n);
  row->extra_choice = FALSE;
  guint pick = GTK_INVALID_LIST_POSITION;
  const char *value = row->value != NULL ? row->value : row->def->default_value;
  for (guint i = 0; value != NULL && !row->mixed && i < n; i++)
    if (strcmp (g_array_index (row->def->choices, QrPropChoice, i).value, value) == 0)
      pick = i;
  if (pick == GTK_INVALID_LIST_POSITION && !row->mixed && row->value != NULL)
    {
      /* a value the definition does not offer stays visible, marked */
      g_autofree char *text = g_strdup_printf (_("%s (not a choice)"), row->value);
      gtk_string_list_append (labels, text);
      row->extra_choice = TRUE;
      pick = n;
    }
  gtk_drop_down_set_selected (dropdown, pick);
  gtk_widget_set_tooltip_text (row->dropdown, row->mixed ? _("(different)") : NULL);
}

static void
show_flags (Row *row, QrEntityProps *self)
{
  for (guint c = 0; c < row->checks->len; c++)
    {
      GtkCheckButton *check = g_ptr_array_index (row->checks, c);
      unsigned long bit = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (check), "bit"));
      guint on = 0, n = 0;
      for (guint i = 0; i < self->ids->len; i++)
        {
          const QrEntity *entity = shown_entity (self, i);
          if (entity == NULL)
            continue;
          const char *v = qr_entity_get_key (entity, row->key);
          unsigned long flags = v != NULL ? strtoul (v, NULL, 10) : 0;
          n++;
          on += (flags & bit) != 0;
        }
      gtk_check_button_set_active (check, on > 0 && on == n);
      gtk_check_button_set_inconsistent (check, on > 0 && on < n);
    }
}

static void
show_color (Row *row)
{
  double c[4];
  GdkRGBA rgba = { 0, 0, 0, 1 };
  if (row->value != NULL && parse_numbers (row->value, 3, 4, c))
    {
      double scale = row->kind == ROW_COLOR255 ? 255.0 : 1.0;
      rgba.red = CLAMP (c[0] / scale, 0, 1);
      rgba.green = CLAMP (c[1] / scale, 0, 1);
      rgba.blue = CLAMP (c[2] / scale, 0, 1);
    }
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (row->color), &rgba);
}

static void
show_row (QrEntityProps *self, Row *row)
{
  gboolean mixed;
  g_autofree char *value = row->kind == ROW_NEW ? NULL : common_value (self, row->key, &mixed);
  if (row->kind == ROW_NEW)
    mixed = FALSE;
  gboolean changed = !row->shown || g_strcmp0 (value, row->value) != 0 || mixed != row->mixed;
  row->shown = TRUE;
  g_free (row->value);
  row->value = g_steal_pointer (&value);
  row->mixed = mixed;
  if (row->entry != NULL && changed)
    {
      gtk_editable_set_text (GTK_EDITABLE (row->entry), row->value != NULL ? row->value : "");
      const char *placeholder = row->mixed ? _("(different)") : row->def != NULL ? row->def->default_value : NULL;
      gtk_entry_set_placeholder_text (GTK_ENTRY (row->entry), placeholder);
      gtk_widget_remove_css_class (row->entry, "error");
    }
  if (row->dropdown != NULL)
    show_choice (row);
  if (row->checks != NULL)
    show_flags (row, self);
  if (row->color != NULL)
    show_color (row);
}

static void
rebuild_rows (QrEntityProps *self, GPtrArray *rows)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
  g_ptr_array_unref (self->rows);
  /* from here on each row belongs to its box */
  g_ptr_array_set_free_func (rows, NULL);
  self->rows = g_ptr_array_ref (rows);
  for (guint i = 0; i < rows->len; i++)
    build_row (self, g_ptr_array_index (rows, i), (int) i);
}

/* Rows whose key or label holds the filter's text. */
static void
apply_filter (QrEntityProps *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->filter));
  g_autofree char *needle = g_utf8_casefold (text, -1);
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);
      g_autofree char *key = g_utf8_casefold (row->key, -1);
      g_autofree char *label = g_utf8_casefold (row->def != NULL && row->def->label != NULL ? row->def->label : "", -1);
      gboolean show = row->kind == ROW_NEW || strstr (key, needle) != NULL || strstr (label, needle) != NULL;
      gtk_widget_set_visible (row->label, show);
      gtk_widget_set_visible (row->box, show);
    }
}

/* Return in the filter: the row whose key is the text, else the first shown. */
static void
on_filter_activate (GtkSearchEntry *entry, QrEntityProps *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  Row *pick = NULL;
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);
      if (g_ascii_strcasecmp (row->key, text) == 0)
        pick = row;
      else if (pick == NULL && gtk_widget_get_visible (row->box) && row->kind != ROW_NEW)
        pick = row;
    }
  if (pick != NULL)
    gtk_widget_child_focus (pick->box, GTK_DIR_TAB_FORWARD);
}

/* ---- the class ---- */

static void
on_class_activate (GtkEntry *entry, QrEntityProps *self)
{
  g_autoptr (GError) error = NULL;
  const char *name = gtk_editable_get_text (GTK_EDITABLE (entry));
  if (self->refreshing || self->document == NULL || self->world || name[0] == '\0'
      || g_strcmp0 (name, self->shown_class) == 0)
    return;
  g_autofree char *copy = g_strdup (name);
  if (!qr_op_set_class (self->document, (const QrId *) self->ids->data, self->ids->len, copy, &error))
    say (self, error->message);
}

static void
show_class (QrEntityProps *self)
{
  const char *name = common_class (self);
  const char *shown = name != NULL ? name : "";
  if (g_strcmp0 (shown, self->shown_class) != 0)
    {
      g_free (self->shown_class);
      self->shown_class = g_strdup (shown);
      gtk_editable_set_text (GTK_EDITABLE (self->class_entry), shown);
    }
  gtk_entry_set_placeholder_text (self->class_entry, name == NULL && self->ids->len > 1 ? _("(different)") : NULL);
  gtk_editable_set_editable (GTK_EDITABLE (self->class_entry), !self->world && self->ids->len > 0);
  QrEntDefs *defs = self->document != NULL ? qr_document_get_entdefs (self->document) : NULL;
  gboolean unknown = defs != NULL && name != NULL && qr_entdefs_lookup (defs, name) == NULL;
  gtk_entry_set_icon_from_icon_name (self->class_entry, GTK_ENTRY_ICON_SECONDARY, unknown ? "dialog-warning-symbolic" : NULL);
  gtk_entry_set_icon_tooltip_text (self->class_entry, GTK_ENTRY_ICON_SECONDARY,
                                   unknown ? _("not in the definitions") : NULL);

  g_autofree char *title = NULL;
  if (self->document == NULL)
    title = g_strdup (_("No map"));
  else if (self->world)
    title = g_strdup (_("Map properties (nothing selected)"));
  else if (self->ids->len == 1)
    title = g_strdup (_("1 entity"));
  else
    title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u entity", "%u entities", self->ids->len), self->ids->len);
  if (defs == NULL && self->document != NULL)
    {
      g_autofree char *t = g_strconcat (title, _(" · no definitions loaded"), NULL);
      g_free (title);
      title = g_steal_pointer (&t);
    }
  gtk_label_set_text (self->title, title);
}

/* ---- the Outputs page ---- */

static gboolean
target_known (QrEntityProps *self, const char *target)
{
  if (target[0] == '!')
    return TRUE;
  QrMap *map = qr_document_get_map (self->document);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      const char *name = qr_entity_get_key (entity, "targetname");
      if ((name != NULL && g_ascii_strcasecmp (name, target) == 0)
          || g_ascii_strcasecmp (qr_entity_get_classname (entity), target) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Why a connection's names are doubtful, or NULL: unknown names are shown
 * marked, never refused (a mod's entities may lack definitions). */
static char *
dup_conn_doubt (QrEntityProps *self, const char *output, const char *target, const char *input)
{
  g_autoptr (GString) why = g_string_new (NULL);
  const QrEntClass *cls = shown_class_def (self);
  if (cls != NULL && output[0] != '\0' && !io_has (cls->outputs, output))
    g_string_append_printf (why, _("%s is not an output of %s. "), output, cls->name);
  if (target[0] != '\0' && !target_known (self, target))
    g_string_append_printf (why, _("No entity is named %s. "), target);
  g_autoptr (GPtrArray) classes = dup_target_classes (self, target);
  gboolean has = classes->len == 0;
  for (guint i = 0; i < classes->len; i++)
    has |= io_has (((const QrEntClass *) g_ptr_array_index (classes, i))->inputs, input);
  if (!has && input[0] != '\0')
    g_string_append_printf (why, _("%s is not an input of %s. "), input, target);
  if (why->len == 0)
    return NULL;
  g_string_truncate (why, why->len - 1);
  return g_string_free (g_steal_pointer (&why), FALSE);
}

static char *
dup_times_text (int times)
{
  return times < 0 ? g_strdup (_("every time")) : times == 1 ? g_strdup (_("once")) : g_strdup_printf (_("%d times"), times);
}

static void
show_connections (QrEntityProps *self)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->conn_list))) != NULL)
    gtk_list_box_remove (self->conn_list, child);
  g_clear_pointer (&self->conns, g_array_unref);
  gboolean one = !self->world && self->ids->len == 1 && self->document != NULL;
  if (one)
    self->conns = qr_entity_get_connections (shown_entity (self, 0));
  for (guint i = 0; self->conns != NULL && i < self->conns->len; i++)
    {
      const QrConnection *c = &g_array_index (self->conns, QrConnection, i);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      g_autofree char *doubt = dup_conn_doubt (self, c->output, c->target, c->input);
      GtkWidget *icon = gtk_image_new_from_icon_name (doubt != NULL ? "dialog-warning-symbolic" : "go-next-symbolic");
      gtk_widget_set_valign (icon, GTK_ALIGN_START);
      gtk_widget_set_tooltip_text (icon, doubt);
      gtk_box_append (GTK_BOX (box), icon);
      g_autofree char *times = dup_times_text (c->times);
      char delay[G_ASCII_DTOSTR_BUF_SIZE];
      g_ascii_formatd (delay, sizeof delay, "%g", c->delay);
      g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b> → %s.%s%s%s%s\n<small>%s s, %s</small>", c->output,
                                                         c->target, c->input, c->parameter[0] != '\0' ? " (" : "",
                                                         c->parameter, c->parameter[0] != '\0' ? ")" : "", delay, times);
      GtkWidget *label = gtk_label_new (NULL);
      gtk_label_set_markup (GTK_LABEL (label), markup);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_box_append (GTK_BOX (box), label);
      gtk_list_box_append (self->conn_list, box);
    }
  guint n = self->conns != NULL ? self->conns->len : 0;
  g_autofree char *note = NULL;
  if (!one)
    note = g_strdup (_("Select one entity to see its outputs."));
  else
    note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u output", "%u outputs", n), n);
  gtk_label_set_text (self->conn_note, note);
  gtk_widget_set_sensitive (self->conn_add, one);
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->conn_list);
  gtk_widget_set_sensitive (self->conn_edit, one && row != NULL);
  gtk_widget_set_sensitive (self->conn_delete, one && row != NULL);
  if (!one)
    {
      self->conn_editing = -2;
      gtk_widget_set_visible (self->conn_editor, FALSE);
    }
}

static void
on_conn_selected (GtkListBox *list, GtkListBoxRow *row, QrEntityProps *self)
{
  gtk_widget_set_sensitive (self->conn_edit, row != NULL);
  gtk_widget_set_sensitive (self->conn_delete, row != NULL);
}

static void
mark_doubt (QrEntityProps *self)
{
  const char *output = gtk_editable_get_text (GTK_EDITABLE (self->conn_output));
  const char *target = gtk_editable_get_text (GTK_EDITABLE (self->conn_target));
  const char *input = gtk_editable_get_text (GTK_EDITABLE (self->conn_input));
  g_autofree char *doubt = self->document != NULL ? dup_conn_doubt (self, output, target, input) : NULL;
  gtk_entry_set_icon_from_icon_name (self->conn_input, GTK_ENTRY_ICON_SECONDARY,
                                     doubt != NULL ? "dialog-warning-symbolic" : NULL);
  gtk_entry_set_icon_tooltip_text (self->conn_input, GTK_ENTRY_ICON_SECONDARY, doubt);
  long times;
  double delay;
  const char *dt = gtk_editable_get_text (GTK_EDITABLE (self->conn_delay));
  const char *tt = gtk_editable_get_text (GTK_EDITABLE (self->conn_times));
  if (dt[0] != '\0' && !parse_double (dt, &delay))
    gtk_widget_add_css_class (GTK_WIDGET (self->conn_delay), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->conn_delay), "error");
  if (tt[0] != '\0' && !parse_long (tt, &times))
    gtk_widget_add_css_class (GTK_WIDGET (self->conn_times), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->conn_times), "error");
}

static void
open_editor (QrEntityProps *self, int index)
{
  self->conn_editing = index;
  const QrConnection *c = index >= 0 ? &g_array_index (self->conns, QrConnection, index) : NULL;
  char delay[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *times = g_strdup_printf ("%d", c != NULL ? c->times : -1);
  g_ascii_formatd (delay, sizeof delay, "%g", c != NULL ? c->delay : 0.0);
  gtk_editable_set_text (GTK_EDITABLE (self->conn_output), c != NULL ? c->output : "");
  gtk_editable_set_text (GTK_EDITABLE (self->conn_target), c != NULL ? c->target : "");
  gtk_editable_set_text (GTK_EDITABLE (self->conn_input), c != NULL ? c->input : "");
  gtk_editable_set_text (GTK_EDITABLE (self->conn_param), c != NULL ? c->parameter : "");
  gtk_editable_set_text (GTK_EDITABLE (self->conn_delay), delay);
  gtk_editable_set_text (GTK_EDITABLE (self->conn_times), times);
  gtk_widget_set_visible (self->conn_editor, TRUE);
  mark_doubt (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->conn_output));
}

static void
on_conn_add (GtkButton *button, QrEntityProps *self)
{
  open_editor (self, -1);
}

static void
on_conn_edit (GtkButton *button, QrEntityProps *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->conn_list);
  if (row != NULL && self->conns != NULL && (guint) gtk_list_box_row_get_index (row) < self->conns->len)
    open_editor (self, gtk_list_box_row_get_index (row));
}

static void
on_conn_row_activated (GtkListBox *list, GtkListBoxRow *row, QrEntityProps *self)
{
  on_conn_edit (NULL, self);
}

static void
write_connections (QrEntityProps *self, GArray *conns)
{
  g_autoptr (GError) error = NULL;
  if (!qr_op_set_connections (self->document, g_array_index (self->ids, QrId, 0), (const QrConnection *) conns->data,
                              conns->len, &error))
    say (self, error->message);
}

/* A copy of the shown list whose strings the copy owns. */
static GArray *
dup_conns (QrEntityProps *self)
{
  GArray *copy = g_array_new (FALSE, TRUE, sizeof (QrConnection));
  g_array_set_clear_func (copy, (GDestroyNotify) qr_connection_clear);
  for (guint i = 0; self->conns != NULL && i < self->conns->len; i++)
    {
      QrConnection c = g_array_index (self->conns, QrConnection, i);
      c.output = g_strdup (c.output);
      c.target = g_strdup (c.target);
      c.input = g_strdup (c.input);
      c.parameter = g_strdup (c.parameter);
      g_array_append_val (copy, c);
    }
  return copy;
}

static void
on_conn_apply (GtkWidget *widget, QrEntityProps *self)
{
  if (self->conn_editing == -2 || self->document == NULL)
    return;
  const char *output = gtk_editable_get_text (GTK_EDITABLE (self->conn_output));
  const char *target = gtk_editable_get_text (GTK_EDITABLE (self->conn_target));
  const char *input = gtk_editable_get_text (GTK_EDITABLE (self->conn_input));
  const char *dt = gtk_editable_get_text (GTK_EDITABLE (self->conn_delay));
  const char *tt = gtk_editable_get_text (GTK_EDITABLE (self->conn_times));
  double delay = 0;
  long times = -1;
  if (output[0] == '\0' || target[0] == '\0' || input[0] == '\0' || (dt[0] != '\0' && !parse_double (dt, &delay))
      || (tt[0] != '\0' && !parse_long (tt, &times)) || strpbrk (output, ",\x1b") != NULL)
    {
      say (self, _("An output needs its name, a target and an input; the delay and the times to fire are numbers."));
      return;
    }
  g_autoptr (GArray) conns = dup_conns (self);
  /* a new output is written as the entity's others are; Hammer's older comma otherwise */
  char separator = conns->len > 0 ? g_array_index (conns, QrConnection, 0).separator : ',';
  QrConnection c = {
    .output = g_strdup (output),
    .target = g_strdup (target),
    .input = g_strdup (input),
    .parameter = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->conn_param))),
    .delay = delay,
    .times = (int) CLAMP (times, G_MININT, G_MAXINT),
    .separator = separator,
  };
  if (self->conn_editing >= 0 && (guint) self->conn_editing < conns->len)
    {
      c.separator = g_array_index (conns, QrConnection, self->conn_editing).separator;
      qr_connection_clear (&g_array_index (conns, QrConnection, self->conn_editing));
      g_array_index (conns, QrConnection, self->conn_editing) = c;
    }
  else
    g_array_append_val (conns, c);
  self->conn_editing = -2;
  gtk_widget_set_visible (self->conn_editor, FALSE);
  write_connections (self, conns);
}

static void
on_conn_cancel (GtkButton *button, QrEntityProps *self)
{
  self->conn_editing = -2;
  gtk_widget_set_visible (self->conn_editor, FALSE);
}

static void
on_conn_delete (GtkButton *button, QrEntityProps *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->conn_list);
  if (row == NULL || self->conns == NULL)
    return;
  g_autoptr (GArray) conns = dup_conns (self);
  guint i = (guint) gtk_list_box_row_get_index (row);
  if (i < conns->len)
    {
      g_array_remove_index (conns, i);
      write_connections (self, conns);
    }
}

/* ---- refresh ---- */

static void
refresh (QrEntityProps *self)
{
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->stale = TRUE;
      return;
    }
  self->stale = FALSE;
  self->refreshing = TRUE;
  collect_ids (self);
  show_class (self);
  GPtrArray *rows = self->document != NULL ? plan_rows (self) : g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  g_autofree char *signature = self->document != NULL ? signature_of (self, rows) : g_strdup ("");
  if (g_strcmp0 (signature, self->signature) != 0)
    {
      rebuild_rows (self, rows);
      g_free (self->signature);
      self->signature = g_steal_pointer (&signature);
      apply_filter (self);
      show_help (self, NULL);
    }
  g_ptr_array_unref (rows);
  for (guint i = 0; i < self->rows->len; i++)
    show_row (self, g_ptr_array_index (self->rows, i));
  gtk_widget_set_visible (self->outputs_page, self->vmf);
  if (self->vmf)
    show_connections (self);
  self->refreshing = FALSE;
}

static void
on_document_changed (QrDocument *doc, const QrChangeSet *changes, QrEntityProps *self)
{
  /* decoded textures change nothing shown here */
  if (changes->textures_changed && !changes->selection_changed && !changes->entdefs_changed
      && changes->entities_modified->len == 0 && changes->entities_added->len == 0
      && changes->entities_removed->len == 0 && changes->brushes_removed->len == 0)
    return;
  refresh (self);
}

static void
on_smart_toggled (GtkCheckButton *check, QrEntityProps *self)
{
  refresh (self);
}

static void
on_filter_changed (GtkEditable *editable, QrEntityProps *self)
{
  apply_filter (self);
}

void
qr_entity_props_set_document (QrEntityProps *self, QrDocument *doc)
{
  g_return_if_fail (QR_IS_ENTITY_PROPS (self));
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, doc);
  self->vmf = doc != NULL && qr_map_detect_dialect (qr_document_get_map (doc)) == QR_DIALECT_VMF;
  if (doc != NULL)
    g_signal_connect (doc, "changed", G_CALLBACK (on_document_changed), self);
  g_clear_pointer (&self->signature, g_free);
  g_clear_pointer (&self->shown_class, g_free);
  self->conn_editing = -2;
  gtk_widget_set_visible (self->conn_editor, FALSE);
  refresh (self);
}

/* ---- the keyboard ---- */

/* What an entry leaves unhandled goes on to the window: Ctrl+A in an
 * empty entry would select every object, Delete at its end delete them.
 * Inside a text field, editing keys stay there; the file keys (Ctrl+S, N,
 * O, W, Q) and the others still reach the window. */
static gboolean
on_key_pressed (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                QrEntityProps *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  if (focus == NULL || !GTK_IS_EDITABLE (focus) || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self)))
    return FALSE;
  if (keyval == GDK_KEY_Delete || keyval == GDK_KEY_KP_Delete || keyval == GDK_KEY_BackSpace)
    return TRUE;
  guint lower = gdk_keyval_to_lower (keyval);
  return (state & GDK_CONTROL_MASK) && !(state & GDK_ALT_MASK) && lower >= GDK_KEY_a && lower <= GDK_KEY_z
         && strchr ("snowq", (int) lower) == NULL;
}

/* ---- the widget ---- */

static void
qr_entity_props_map (GtkWidget *widget)
{
  QrEntityProps *self = QR_ENTITY_PROPS (widget);
  GTK_WIDGET_CLASS (qr_entity_props_parent_class)->map (widget);
  if (self->stale)
    refresh (self);
}

static void
qr_entity_props_unroot (GtkWidget *widget)
{
  qr_text_keys_release (widget);
  GTK_WIDGET_CLASS (qr_entity_props_parent_class)->unroot (widget);
}

static void
qr_entity_props_dispose (GObject *object)
{
  QrEntityProps *self = QR_ENTITY_PROPS (object);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (qr_entity_props_parent_class)->dispose (object);
}

static void
qr_entity_props_finalize (GObject *object)
{
  QrEntityProps *self = QR_ENTITY_PROPS (object);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->ids, g_array_unref);
  g_clear_pointer (&self->conns, g_array_unref);
  g_free (self->signature);
  g_free (self->shown_class);
  G_OBJECT_CLASS (qr_entity_props_parent_class)->finalize (object);
}

static void
qr_entity_props_class_init (QrEntityPropsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = qr_entity_props_dispose;
  object_class->finalize = qr_entity_props_finalize;
  widget_class->map = qr_entity_props_map;
  widget_class->unroot = qr_entity_props_unroot;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "entityprops");
}

static GtkWidget *
field_label (const char *mnemonic, GtkWidget *target)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (target != NULL)
    gtk_label_set_mnemonic_widget (GTK_LABEL (label), target);
  return label;
}

static GtkWidget *
conn_field (QrEntityProps *self, GtkGrid *grid, int y, const char *name, GtkEntry **entry, int pick)
{
  *entry = GTK_ENTRY (gtk_entry_new ());
  gtk_editable_set_width_chars (GTK_EDITABLE (*entry), 4);
  gtk_widget_set_hexpand (GTK_WIDGET (*entry), TRUE);
  g_signal_connect (*entry, "activate", G_CALLBACK (on_conn_apply), self);
  g_signal_connect_swapped (*entry, "changed", G_CALLBACK (mark_doubt), self);
  gtk_grid_attach (grid, field_label (name, GTK_WIDGET (*entry)), 0, y, 1, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (*entry));
  if (pick >= 0)
    gtk_box_append (GTK_BOX (box), picker_new (self, *entry, (PickKind) pick, _("Names to pick from")));
  gtk_grid_attach (grid, box, 1, y, 1, 1);
  return box;
}

static GtkWidget *
build_outputs_page (QrEntityProps *self)
{
  GtkWidget *page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (page, 6);
  gtk_widget_set_margin_end (page, 6);
  gtk_widget_set_margin_top (page, 6);
  gtk_widget_set_margin_bottom (page, 6);
  self->conn_note = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->conn_note, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->conn_note), "dim-label");
  gtk_box_append (GTK_BOX (page), GTK_WIDGET (self->conn_note));
  GtkWidget *scroll = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroll, TRUE);
  gtk_scrolled_window_set_has_frame (GTK_SCROLLED_WINDOW (scroll), TRUE);
  self->conn_list = GTK_LIST_BOX (gtk_list_box_new ());
  g_signal_connect (self->conn_list, "row-selected", G_CALLBACK (on_conn_selected), self);
  g_signal_connect (self->conn_list, "row-activated", G_CALLBACK (on_conn_row_activated), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), GTK_WIDGET (self->conn_list));
  gtk_box_append (GTK_BOX (page), scroll);

  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->conn_add = gtk_button_new_with_mnemonic (_("_Add"));
  self->conn_edit = gtk_button_new_with_mnemonic (_("_Change"));
  self->conn_delete = gtk_button_new_with_mnemonic (_("_Remove"));
  g_signal_connect (self->conn_add, "clicked", G_CALLBACK (on_conn_add), self);
  g_signal_connect (self->conn_edit, "clicked", G_CALLBACK (on_conn_edit), self);
  g_signal_connect (self->conn_delete, "clicked", G_CALLBACK (on_conn_delete), self);
  gtk_box_append (GTK_BOX (buttons), self->conn_add);
  gtk_box_append (GTK_BOX (buttons), self->conn_edit);
  gtk_box_append (GTK_BOX (buttons), self->conn_delete);
  gtk_box_append (GTK_BOX (page), buttons);

  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (grid, 4);
  gtk_grid_set_column_spacing (grid, 6);
  conn_field (self, grid, 0, _("Output"), &self->conn_output, PICK_OUTPUTS);
  conn_field (self, grid, 1, _("Target"), &self->conn_target, PICK_TARGETNAMES);
  conn_field (self, grid, 2, _("Input"), &self->conn_input, PICK_INPUTS);
  conn_field (self, grid, 3, _("Parameter"), &self->conn_param, -1);
  conn_field (self, grid, 4, _("Delay (s)"), &self->conn_delay, -1);
  conn_field (self, grid, 5, _("Times"), &self->conn_times, -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->conn_times), _("How many times it fires; -1: every time"));
  GtkWidget *actions = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (actions, GTK_ALIGN_END);
  GtkWidget *cancel = gtk_button_new_with_label (_("Cancel"));
  GtkWidget *apply = gtk_button_new_with_label (_("Apply"));
  gtk_widget_add_css_class (apply, "suggested-action");
  g_signal_connect (cancel, "clicked", G_CALLBACK (on_conn_cancel), self);
  g_signal_connect (apply, "clicked", G_CALLBACK (on_conn_apply), self);
  gtk_box_append (GTK_BOX (actions), cancel);
  gtk_box_append (GTK_BOX (actions), apply);
  gtk_grid_attach (grid, actions, 0, 6, 2, 1);
  self->conn_editor = GTK_WIDGET (grid);
  gtk_widget_set_visible (self->conn_editor, FALSE);
  gtk_box_append (GTK_BOX (page), self->conn_editor);
  return page;
}

static void
qr_entity_props_init (QrEntityProps *self)
{
  self->ids = g_array_new (FALSE, FALSE, sizeof (QrId));
  self->rows = g_ptr_array_new ();
  self->conn_editing = -2;

  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  qr_text_keys_install (GTK_WIDGET (self));
  GtkEventController *keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  GtkGrid *head = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (head, 4);
  gtk_grid_set_column_spacing (head, 6);
  gtk_widget_set_margin_start (GTK_WIDGET (head), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (head), 6);
  gtk_widget_set_margin_top (GTK_WIDGET (head), 6);
  self->title = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->title, 0);
  gtk_label_set_ellipsize (self->title, PANGO_ELLIPSIZE_END);
  /* A label asks for its whole text as natural width: without a cap the
   * panel would widen to the longest title or help text. */
  gtk_label_set_max_width_chars (self->title, 20);
  gtk_widget_add_css_class (GTK_WIDGET (self->title), "heading");
  gtk_grid_attach (head, GTK_WIDGET (self->title), 0, 0, 2, 1);

  self->class_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_editable_set_width_chars (GTK_EDITABLE (self->class_entry), 4);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (self->class_entry), 8);
  gtk_widget_set_hexpand (GTK_WIDGET (self->class_entry), TRUE);
  g_signal_connect (self->class_entry, "activate", G_CALLBACK (on_class_activate), self);
  GtkWidget *class_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_box_append (GTK_BOX (class_box), GTK_WIDGET (self->class_entry));
  gtk_box_append (GTK_BOX (class_box), picker_new (self, self->class_entry, PICK_CLASSES, _("Classes of this kind")));
  gtk_grid_attach (head, field_label (_("C_lass"), GTK_WIDGET (self->class_entry)), 0, 1, 1, 1);
  gtk_grid_attach (head, class_box, 1, 1, 1, 1);

  self->filter = gtk_search_entry_new ();
  gtk_editable_set_width_chars (GTK_EDITABLE (self->filter), 4);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (self->filter), 4);
  gtk_widget_set_hexpand (GTK_WIDGET (self->filter), TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->filter), _("Shows the keys whose name holds this; Return goes to the first"));
  g_signal_connect (self->filter, "search-changed", G_CALLBACK (on_filter_changed), self);
  g_signal_connect (self->filter, "activate", G_CALLBACK (on_filter_activate), self);
  self->smart = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("_Smart edit")));
  gtk_check_button_set_active (self->smart, TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->smart), _("Off: every key as raw text, to add, remove or rename keys"));
  g_signal_connect (self->smart, "toggled", G_CALLBACK (on_smart_toggled), self);
  GtkWidget *filter_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (filter_box), GTK_WIDGET (self->filter));
  gtk_box_append (GTK_BOX (filter_box), GTK_WIDGET (self->smart));
  gtk_grid_attach (head, field_label (_("_Keys"), GTK_WIDGET (self->filter)), 0, 2, 1, 1);
  gtk_grid_attach (head, filter_box, 1, 2, 1, 1);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (head));

  self->notebook = GTK_NOTEBOOK (gtk_notebook_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->notebook), TRUE);
  GtkWidget *props_page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scroll = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroll, TRUE);
  self->grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (self->grid, 4);
  gtk_grid_set_column_spacing (self->grid, 6);
  gtk_widget_set_margin_start (GTK_WIDGET (self->grid), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->grid), 6);
  gtk_widget_set_margin_top (GTK_WIDGET (self->grid), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->grid), 6);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), GTK_WIDGET (self->grid));
  gtk_box_append (GTK_BOX (props_page), scroll);
  self->help = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->help, 0);
  gtk_label_set_yalign (self->help, 0);
  gtk_label_set_wrap (self->help, TRUE);
  gtk_label_set_wrap_mode (self->help, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (self->help, 5);
  gtk_label_set_ellipsize (self->help, PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (self->help, 20);
  gtk_widget_set_size_request (GTK_WIDGET (self->help), -1, 72);
  gtk_widget_set_margin_start (GTK_WIDGET (self->help), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->help), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->help), 6);
  gtk_box_append (GTK_BOX (props_page), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (props_page), GTK_WIDGET (self->help));
  gtk_notebook_append_page (self->notebook, props_page, gtk_label_new_with_mnemonic (_("_Properties")));
  self->outputs_page = build_outputs_page (self);
  gtk_notebook_append_page (self->notebook, self->outputs_page, gtk_label_new_with_mnemonic (_("_Outputs")));
  gtk_widget_set_visible (self->outputs_page, FALSE);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->notebook));
}

GtkWidget *
qr_entity_props_new (void)
{
  return g_object_new (QR_TYPE_ENTITY_PROPS, NULL);
}
