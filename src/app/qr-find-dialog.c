/* qr-find-dialog.c — see qr-find-dialog.h. */
#include "qr-find-dialog.h"

#include <glib/gi18n.h>
#include "qr-find.h"
#include "qr-map-index.h"

/* A list of tens of thousands of rows takes GTK seconds to build; Select
 * All still takes every hit. */
#define MAX_ROWS 1000

/* A hit by ids, which hold while the map changes (indices do not). */
typedef struct
{
  QrId entity;
  QrId brush; /* 0 for an entity */
  int face;   /* -1 for an entity */
} Found;

struct _QrFindDialog
{
  GtkWindow parent_instance;

  /* template widgets */
  GtkEntry *texture_entry;
  GtkEntry *entities_entry;
  GtkEntry *chain_entry;
  GtkLabel *result_label;
  GtkListBox *results;
  GtkButton *find_button;

  /* owned */
  QrDocument *document;
  GArray *found; /* Found */
};

G_DEFINE_FINAL_TYPE (QrFindDialog, qr_find_dialog, GTK_TYPE_WINDOW)

enum
{
  MESSAGE,
  FRAME,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void
say (QrFindDialog *self, const char *text)
{
  gtk_label_set_label (self->result_label, text);
  g_signal_emit (self, signals[MESSAGE], 0, text);
}

static void
clear_results (QrFindDialog *self)
{
  GtkWidget *row;

  while ((row = gtk_widget_get_first_child (GTK_WIDGET (self->results))) != NULL)
    gtk_list_box_remove (self->results, row);
  g_array_set_size (self->found, 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "find.select-all", FALSE);
}

/* "E:B:F class texture" or "E class targetname", as quarry-cli names them. */
static char *
row_text (const QrMap *map, const QrFindHit *h)
{
  const QrEntity *entity = qr_map_get_entity (map, h->entity);
  const char *target = qr_entity_get_key (entity, "targetname");

  if (h->face >= 0)
    return g_strdup_printf ("%u:%d:%d  %s  %s", h->entity, h->brush, h->face, qr_entity_get_classname (entity),
                            qr_map_texture_name (
                                map, qr_entity_get_brush (entity, (guint) h->brush)->faces[h->face].texture));
  return g_strdup_printf ("%u  %s%s%s", h->entity, qr_entity_get_classname (entity), target != NULL ? "  " : "",
                          target != NULL ? target : "");
}

static void
run_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  QrFindDialog *self = QR_FIND_DIALOG (widget);
  g_autofree char *texture = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->texture_entry))));
  g_autofree char *entities = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entities_entry))));
  const QrMap *map;
  g_autofree char *chain = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->chain_entry))));
  QrFindQuery query = { texture[0] != '\0' ? texture : NULL, entities, chain };
  g_autoptr (GArray) hits = NULL;
  g_autofree char *text = NULL;

  if (self->document == NULL)
    return;
  map = qr_document_get_map (self->document);
  clear_results (self);
  hits = qr_find (map, &query);
  for (guint i = 0; i < hits->len; i++)
    {
      const QrFindHit *h = &g_array_index (hits, QrFindHit, i);
      const QrEntity *entity = qr_map_get_entity (map, h->entity);
      Found f = { entity->id, h->brush >= 0 ? qr_entity_get_brush (entity, (guint) h->brush)->id : 0, h->face };

      g_array_append_val (self->found, f);
      if (i < MAX_ROWS)
        {
          g_autofree char *hit = row_text (map, h);
          g_autofree char *line = qr_find_hit_is_hidden (map, h)   ? g_strdup_printf (_("%s  (hidden)"), hit)
                                  : qr_find_hit_is_locked (map, h) ? g_strdup_printf (_("%s  (locked)"), hit)
                                                                   : g_steal_pointer (&hit);
          GtkWidget *label = gtk_label_new (line);

          gtk_label_set_xalign (GTK_LABEL (label), 0);
          gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
          gtk_list_box_append (self->results, label);
        }
    }
  if (query.texture != NULL)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u face", "%u faces", hits->len), hits->len);
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u entity", "%u entities", hits->len), hits->len);
  if (hits->len > MAX_ROWS)
    {
      g_autofree char *more = g_strdup_printf (_("%s (the first %d listed; Select All takes every one)"), text,
                                               MAX_ROWS);
      g_free (text);
      text = g_steal_pointer (&more);
    }
  say (self, text);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "find.select-all", hits->len > 0);
}

static void
add_found (QrSelection *sel, const Found *f)
{
  if (f->face >= 0)
    qr_selection_add_face (sel, f->brush, f->face);
  else
    qr_selection_add_entity (sel, f->entity);
}

/* Selects found[first … first + n) that the map still has, shows and
 * lets select; counts those it has no more in *gone, and the hidden ones
 * and those of locked layers in *hidden. */
static guint
select_found (QrFindDialog *self, guint first, guint n, guint *gone, guint *hidden)
{
  QrMap *map = qr_document_get_map (self->document);
  g_autoptr (QrSelection) sel = qr_selection_new ();
  guint kept = 0;

  *gone = *hidden = 0;
  for (guint i = first; i < first + n; i++)
    {
      const Found *f = &g_array_index (self->found, Found, i);
      guint e, b;

      if (f->face >= 0 ? !qr_map_find_brush (map, f->brush, &e, &b) : !qr_map_find_entity (map, f->entity, &e))
        {
          (*gone)++;
          continue;
        }
      const QrFindHit hit = { e, f->face >= 0 ? (int) b : -1, f->face };
      if (!qr_find_hit_is_selectable (map, &hit))
        {
          (*hidden)++;
          continue;
        }
      add_found (sel, f);
      kept++;
    }
  qr_document_set_selection (self->document, sel);
  return kept;
}

static void
select_all_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  QrFindDialog *self = QR_FIND_DIALOG (widget);
  g_autofree char *text = NULL;
  guint n;

  if (self->document == NULL || self->found->len == 0)
    return;
  guint gone, hidden;
  n = select_found (self, 0, self->found->len, &gone, &hidden);
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Selected %u object found", "Selected %u objects found", n),
                          n);
  if (hidden > 0)
    {
      g_autofree char *more = g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "%s; %u hidden or locked one left out", "%s; %u hidden or locked ones left out",
                       hidden),
          text,
          hidden);
      g_free (text);
      text = g_steal_pointer (&more);
    }
  say (self, text);
  g_signal_emit (self, signals[FRAME], 0);
}

static void
on_row_activated (QrFindDialog *self, GtkListBoxRow *row)
{
  int i = gtk_list_box_row_get_index (row);

  if (self->document == NULL || i < 0 || (guint) i >= self->found->len)
    return;
  guint gone, hidden;
  if (select_found (self, (guint) i, 1, &gone, &hidden) == 0)
    {
      say (self, hidden > 0 ? _("That object is hidden or in a locked layer: show it or unlock its layer first")
                            : _("That object is gone: find again"));
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  g_signal_emit (self, signals[FRAME], 0);
}

void
qr_find_dialog_set_document (QrFindDialog *self, QrDocument *doc)
{
  g_return_if_fail (QR_IS_FIND_DIALOG (self));
  g_set_object (&self->document, doc);
  clear_results (self);
  gtk_label_set_label (self->result_label, "");
}

static void
qr_find_dialog_dispose (GObject *object)
{
  QrFindDialog *self = QR_FIND_DIALOG (object);

  g_clear_object (&self->document);
  g_clear_pointer (&self->found, g_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), QR_TYPE_FIND_DIALOG);
  G_OBJECT_CLASS (qr_find_dialog_parent_class)->dispose (object);
}

static void
qr_find_dialog_class_init (QrFindDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qr_find_dialog_dispose;
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[FRAME] = g_signal_new ("frame", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/quarry/Quarry/ui/qr-find-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, QrFindDialog, texture_entry);
  gtk_widget_class_bind_template_child (widget_class, QrFindDialog, entities_entry);
  gtk_widget_class_bind_template_child (widget_class, QrFindDialog, chain_entry);
  gtk_widget_class_bind_template_child (widget_class, QrFindDialog, result_label);
  gtk_widget_class_bind_template_child (widget_class, QrFindDialog, results);
  gtk_widget_class_bind_template_child (widget_class, QrFindDialog, find_button);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_install_action (widget_class, "find.run", NULL, run_activated);
  gtk_widget_class_install_action (widget_class, "find.select-all", NULL, select_all_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
qr_find_dialog_init (QrFindDialog *self)
{
  self->found = g_array_new (FALSE, FALSE, sizeof (Found));
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->find_button));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "find.select-all", FALSE);
}

QrFindDialog *
qr_find_dialog_new (GtkWindow *parent)
{
  return g_object_new (QR_TYPE_FIND_DIALOG, "transient-for", parent, "destroy-with-parent", TRUE, NULL);
}
