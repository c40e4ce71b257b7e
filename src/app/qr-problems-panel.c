/* qr-problems-panel.c — a list box of problems, rebuilt from a full check
 * after the map settles: a full check of the corpus's largest maps takes
 * a few tens of milliseconds at most, less than one frame of typing
 * delay once debounced, so no incremental bookkeeping is kept. */
#include "qr-problems-panel.h"

#include <glib/gi18n.h>
#include "qr-check.h"

#include <string.h>

/* A check waits this long after the last change: a drag or a burst of
 * nudges is checked once, when it ends. */
#define SETTLE_MS 400
/* Rows shown at most; the summary counts the rest. */
#define MAX_ROWS 100

struct _QrProblemsPanel
{
  GtkWidget parent_instance;

  /* children */
  GtkWidget *box;
  GtkLabel *summary;
  GtkListBox *list;

  /* owned */
  QrDocument *document;
  GArray *problems; /* QrProblem, the last check's */
  guint settle_id;
  gboolean stale;   /* the map changed since the last check */
};

G_DEFINE_FINAL_TYPE (QrProblemsPanel, qr_problems_panel, GTK_TYPE_WIDGET)

enum
{
  FRAME,
  MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The texture set knows a name is missing only after a search: a name it
 * has not resolved (no folders set) is not reported. */
static gboolean
texture_known (const char *name, gpointer data)
{
  const QrTexture *t = qr_texture_set_lookup (data, name);
  return t == NULL || t->status != QR_TEXTURE_MISSING;
}

static const char *
severity_icon (QrSeverity severity)
{
  switch (severity)
    {
    case QR_SEVERITY_ERROR:
      return "dialog-error-symbolic";
    case QR_SEVERITY_WARNING:
      return "dialog-warning-symbolic";
    default:
      return "dialog-information-symbolic";
    }
}

static const QrProblem *
problem_of (QrProblemsPanel *self, GtkWidget *child)
{
  GtkListBoxRow *row = GTK_LIST_BOX_ROW (gtk_widget_get_ancestor (child, GTK_TYPE_LIST_BOX_ROW));
  int i = gtk_list_box_row_get_index (row);
  g_assert (self->problems != NULL && i >= 0 && (guint) i < self->problems->len);
  return &g_array_index (self->problems, QrProblem, i);
}

static void
select_problem (QrProblemsPanel *self, const QrProblem *p)
{
  g_autoptr (QrSelection) sel = qr_selection_new ();
  g_autofree char *where = NULL;

  if (p->brush_id != 0 && qr_document_lookup_brush (self->document, p->brush_id) != NULL)
    {
      qr_selection_add_brush (sel, p->brush_id);
      where = g_strdup_printf (_("Selected brush %d:%d"), p->entity, p->brush);
    }
  else if (qr_document_find_entity (self->document, p->entity_id, &(guint) { 0 }))
    {
      qr_selection_add_entity (sel, p->entity_id);
      where = g_strdup_printf (_("Selected entity %d"), p->entity);
    }
  else
    {
      g_signal_emit (self, signals[MESSAGE], 0, _("The problem's object is gone"));
      return;
    }
  qr_document_set_selection (self->document, sel);
  g_signal_emit (self, signals[FRAME], 0);
  g_signal_emit (self, signals[MESSAGE], 0, where);
}

static void
on_select_clicked (GtkButton *button, QrProblemsPanel *self)
{
  select_problem (self, problem_of (self, GTK_WIDGET (button)));
}

static void
on_fix_clicked (GtkButton *button, QrProblemsPanel *self)
{
  g_autoptr (GError) error = NULL;
  const QrProblem *p = problem_of (self, GTK_WIDGET (button));
  g_autofree char *label = g_strdup (qr_problem_fix_label (p));

  if (!qr_check_fix (self->document, p, &error))
    {
      g_signal_emit (self, signals[MESSAGE], 0, error->message);
      return;
    }
  /* The row greys at once; the check after the change drops it. */
  gtk_widget_set_sensitive (gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW), FALSE);
  g_signal_emit (self, signals[MESSAGE], 0, label);
}

static void
on_row_activated (GtkListBox *list, GtkListBoxRow *row, QrProblemsPanel *self)
{
  int i = gtk_list_box_row_get_index (row);
  if (self->problems != NULL && i >= 0 && (guint) i < self->problems->len)
    select_problem (self, &g_array_index (self->problems, QrProblem, i));
}

static GtkWidget *
make_row (QrProblemsPanel *self, const QrProblem *p)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *icon = gtk_image_new_from_icon_name (severity_icon (p->severity));
  g_autofree char *place = p->brush >= 0 ? g_strdup_printf ("%d:%d", p->entity, p->brush)
                                         : g_strdup_printf (_("entity %d"), p->entity);
  g_autofree char *text = g_strdup_printf ("%s — %s", place, p->message);
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *select = gtk_button_new_with_label (_("Select"));
  const char *fix = qr_problem_fix_label (p);

  gtk_widget_set_margin_top (row, 2);
  gtk_widget_set_margin_bottom (row, 2);
  gtk_widget_set_tooltip_text (icon, qr_severity_to_string (p->severity));
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  /* One line each, the whole text in the tooltip: wrapped labels make
   * the list measure every row's height for its width, seconds for a few
   * hundred rows. */
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_tooltip_text (label, text);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_valign (select, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (select, "flat");
  g_signal_connect (select, "clicked", G_CALLBACK (on_select_clicked), self);
  gtk_box_append (GTK_BOX (row), icon);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), select);
  if (fix != NULL)
    {
      GtkWidget *button = gtk_button_new_with_label (_("Fix"));
      gtk_widget_set_tooltip_text (button, fix);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      g_signal_connect (button, "clicked", G_CALLBACK (on_fix_clicked), self);
      gtk_box_append (GTK_BOX (row), button);
    }
  return row;
}

static gboolean
same_problems (GArray *a, GArray *b)
{
  if (a == NULL || b == NULL || a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const QrProblem *p = &g_array_index (a, QrProblem, i), *q = &g_array_index (b, QrProblem, i);
      if (p->kind != q->kind || p->severity != q->severity || p->entity != q->entity || p->brush != q->brush
          || p->face != q->face || p->entity_id != q->entity_id || p->brush_id != q->brush_id
          || strcmp (p->message, q->message) != 0)
        return FALSE;
    }
  return TRUE;
}

static void
refresh (QrProblemsPanel *self)
{
  GtkWidget *child;
  guint errors = 0, warnings = 0;
  g_autoptr (GArray) problems = NULL;

  self->stale = FALSE;
  gint64 start = g_get_monotonic_time ();
  if (self->document != NULL)
    {
      QrCheckOptions options;
      QrMap *map = qr_document_get_map (self->document);
      qr_check_options_init (&options, map);
      options.defs = qr_document_get_entdefs (self->document);
      options.texture_known = texture_known;
      options.texture_data = qr_document_get_textures (self->document);
      problems = qr_check_map (map, &options);
    }
  gint64 checked = g_get_monotonic_time ();
  /* Most edits change no problem: the rows stay, and so do the scroll
   * position and the focus (rebuilding rows costs far more than checking). */
  if (same_problems (problems, self->problems))
    {
      g_debug ("checked in %.2f ms, no change", (checked - start) / 1000.0);
      return;
    }

  /* A focused button about to go gives the focus back to the window, not
   * to whatever GTK picks next: a Ctrl+S pressed meanwhile went astray,
   * and focusing the list would scroll it to a row. */
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->list)))
    gtk_root_set_focus (root, NULL);

  g_clear_pointer (&self->problems, g_array_unref);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  if (problems == NULL)
    {
      gtk_label_set_label (self->summary, "");
      return;
    }
  self->problems = g_steal_pointer (&problems);

  for (guint i = 0; i < self->problems->len; i++)
    {
      const QrProblem *p = &g_array_index (self->problems, QrProblem, i);
      errors += p->severity == QR_SEVERITY_ERROR;
      warnings += p->severity == QR_SEVERITY_WARNING;
      if (i < MAX_ROWS)
        gtk_list_box_append (self->list, make_row (self, p));
    }
  g_autofree char *e = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u error", "%u errors", errors), errors);
  g_autofree char *w = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u warning", "%u warnings", warnings), warnings);
  g_autofree char *text = NULL;
  if (self->problems->len == 0)
    text = g_strdup (_("No problems found"));
  else if (self->problems->len > MAX_ROWS)
    /* TRANSLATORS: "3 errors, 812 warnings (the first 500 shown)" */
    text = g_strdup_printf (_("%s, %s (the first %d shown)"), e, w, MAX_ROWS);
  else
    /* TRANSLATORS: "3 errors, 2 warnings" */
    text = g_strdup_printf (_("%s, %s"), e, w);
  gtk_label_set_label (self->summary, text);
  g_debug ("checked in %.2f ms (%u problems), listed in %.2f ms", (checked - start) / 1000.0,
           self->problems->len, (g_get_monotonic_time () - checked) / 1000.0);
}

static gboolean
on_settled (gpointer data)
{
  QrProblemsPanel *self = data;
  self->settle_id = 0;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    refresh (self);
  return G_SOURCE_REMOVE;
}

static void
on_document_changed (QrDocument *doc, const QrChangeSet *changes, QrProblemsPanel *self)
{
  gboolean map_changed = changes->brushes_added->len + changes->brushes_removed->len
                             + changes->brushes_modified->len + changes->entities_added->len
                             + changes->entities_removed->len + changes->entities_modified->len
                         > 0;
  if (!map_changed && !changes->textures_changed && !changes->entdefs_changed)
    return;
  self->stale = TRUE;
  /* Restarted by every change: the check runs once the edits pause. */
  g_clear_handle_id (&self->settle_id, g_source_remove);
  self->settle_id = g_timeout_add (SETTLE_MS, on_settled, self);
}

void
qr_problems_panel_set_document (QrProblemsPanel *self, QrDocument *doc)
{
  g_return_if_fail (QR_IS_PROBLEMS_PANEL (self));
  g_return_if_fail (doc == NULL || QR_IS_DOCUMENT (doc));
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, doc);
  if (doc != NULL)
    g_signal_connect (doc, "changed", G_CALLBACK (on_document_changed), self);
  g_clear_handle_id (&self->settle_id, g_source_remove);
  self->stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    refresh (self);
}

guint
qr_problems_panel_get_count (QrProblemsPanel *self)
{
  g_return_val_if_fail (QR_IS_PROBLEMS_PANEL (self), 0);
  return self->problems != NULL ? self->problems->len : 0;
}

/* Hidden, the panel only notes that the map changed; shown, it catches up. */
static void
qr_problems_panel_map (GtkWidget *widget)
{
  QrProblemsPanel *self = QR_PROBLEMS_PANEL (widget);
  GTK_WIDGET_CLASS (qr_problems_panel_parent_class)->map (widget);
  if (self->stale && self->settle_id == 0)
    refresh (self);
}

static void
qr_problems_panel_dispose (GObject *object)
{
  QrProblemsPanel *self = QR_PROBLEMS_PANEL (object);
  g_clear_handle_id (&self->settle_id, g_source_remove);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (qr_problems_panel_parent_class)->dispose (object);
}

static void
qr_problems_panel_finalize (GObject *object)
{
  QrProblemsPanel *self = QR_PROBLEMS_PANEL (object);
  g_clear_pointer (&self->problems, g_array_unref);
  G_OBJECT_CLASS (qr_problems_panel_parent_class)->finalize (object);
}

static void
qr_problems_panel_class_init (QrProblemsPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = qr_problems_panel_dispose;
  object_class->finalize = qr_problems_panel_finalize;
  widget_class->map = qr_problems_panel_map;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "problemspanel");
  signals[FRAME] = g_signal_new ("frame", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 0);
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                   NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
qr_problems_panel_init (QrProblemsPanel *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  GtkWidget *title = gtk_label_new (_("Problems"));
  gtk_label_set_xalign (GTK_LABEL (title), 0.0f);
  gtk_widget_add_css_class (title, "pane-title");
  gtk_box_append (GTK_BOX (self->box), title);

  self->summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->summary, 0.0f);
  gtk_widget_set_margin_start (GTK_WIDGET (self->summary), 6);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary), "dim-label");
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->summary));

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_SINGLE);
  /* A double click (or Enter) selects and zooms; one click only marks the row. */
  gtk_list_box_set_activate_on_single_click (self->list, FALSE);
  g_signal_connect (self->list, "row-activated", G_CALLBACK (on_row_activated), self);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list));
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (self->box), scrolled);
}

GtkWidget *
qr_problems_panel_new (void)
{
  return g_object_new (QR_TYPE_PROBLEMS_PANEL, NULL);
}
