/* qr-replace-dialog.c — see qr-replace-dialog.h. */
#include "qr-replace-dialog.h"

#include <glib/gi18n.h>
#include "qr-face-ops.h"
#include "qr-texture-names.h"

struct _QrReplaceDialog
{
  GtkWindow parent_instance;

  /* template widgets */
  GtkEntry *find_entry;
  GtkEntry *replace_entry;
  GtkCheckButton *in_selection;
  GtkCheckButton *mark_only;
  GtkLabel *result_label;
  GtkButton *run_button;

  /* borrowed */
  QrTextureFinder *finder;

  /* owned */
  QrDocument *document;
  GtkEntryCompletion *find_completion;
  GtkEntryCompletion *replace_completion;
};

G_DEFINE_FINAL_TYPE (QrReplaceDialog, qr_replace_dialog, GTK_TYPE_WINDOW)

enum
{
  MESSAGE,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void
say (QrReplaceDialog *self, const char *text, gboolean failed)
{
  gtk_label_set_label (self->result_label, text);
  g_signal_emit (self, signals[MESSAGE], 0, text);
  if (failed)
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static const char *
text_of (GtkEntry *entry)
{
  return gtk_editable_get_text (GTK_EDITABLE (entry));
}

/* Replace needs both names, Mark only the pattern. */
static void
on_entry_changed (QrReplaceDialog *self)
{
  gboolean mark = gtk_check_button_get_active (self->mark_only);
  gtk_widget_set_sensitive (GTK_WIDGET (self->replace_entry), !mark);
  gtk_button_set_label (self->run_button, mark ? _("_Mark") : _("_Replace"));
  gboolean ready = self->document != NULL && text_of (self->find_entry)[0] != '\0'
                   && (mark || text_of (self->replace_entry)[0] != '\0');
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replace.run", ready);
}

/* The faces "Selection" means: the selected faces, else every face of the
 * selected brushes (face -1). */
static GArray *
dup_within (QrReplaceDialog *self)
{
  const QrSelection *sel = qr_document_get_selection (self->document);
  GArray *within = g_array_new (FALSE, FALSE, sizeof (QrFaceRef));
  if (sel->faces->len > 0)
    g_array_append_vals (within, sel->faces->data, sel->faces->len);
  else
    {
      g_autoptr (GArray) ids = qr_document_dup_selected_brushes (self->document);
      for (guint i = 0; i < ids->len; i++)
        g_array_append_val (within, ((QrFaceRef) { g_array_index (ids, QrId, i), -1 }));
    }
  return within;
}

static void
run_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  QrReplaceDialog *self = QR_REPLACE_DIALOG (widget);
  if (self->document == NULL)
    return;
  g_autofree char *find = g_strstrip (g_strdup (text_of (self->find_entry)));
  g_autofree char *replace = g_strstrip (g_strdup (text_of (self->replace_entry)));
  gboolean mark = gtk_check_button_get_active (self->mark_only);
  gboolean in_selection = gtk_check_button_get_active (self->in_selection);
  g_autoptr (GArray) within = in_selection ? dup_within (self) : NULL;
  if (find[0] == '\0' || (!mark && replace[0] == '\0'))
    return;
  if (within != NULL && within->len == 0)
    {
      say (self, _("Nothing is selected: select faces or brushes, or choose Whole map"), TRUE);
      return;
    }
  const QrFaceRef *refs = within != NULL ? (const QrFaceRef *) (gpointer) within->data : NULL;
  guint n = within != NULL ? within->len : 0;
  g_autofree char *text = NULL;
  if (mark)
    {
      g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (QrFaceRef));
      qr_faces_matching (qr_document_get_map (self->document), find, refs, n, found);
      g_autoptr (QrSelection) sel = qr_selection_new ();
      for (guint i = 0; i < found->len; i++)
        {
          QrFaceRef ref = g_array_index (found, QrFaceRef, i);
          qr_selection_add_face (sel, ref.brush, ref.face);
        }
      qr_document_set_selection (self->document, sel);
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Marked %u face matching %s",
                                           "Marked %u faces matching %s", found->len),
                              found->len, find);
      say (self, text, FALSE);
      return;
    }
  guint count = 0;
  g_autoptr (GError) error = NULL;
  if (!qr_op_replace_textures (self->document, find, replace, refs, n, &count, &error))
    {
      text = g_strdup_printf (_("Replace Textures: %s"), error->message);
      say (self, text, TRUE);
      return;
    }
  if (count == 0)
    text = g_strdup_printf (_("No face matches %s"), find);
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Replaced %s with %s on %u face",
                                         "Replaced %s with %s on %u faces", count),
                            find, replace, count);
  say (self, text, FALSE);
}

static void
fill_completions (QrReplaceDialog *self)
{
  const QrMap *map = self->document != NULL ? qr_document_get_map (self->document) : NULL;
  g_autoptr (GtkListStore) used = qr_texture_names_model (NULL, map);
  g_autoptr (GtkListStore) all = qr_texture_names_model (self->finder, map);
  gtk_entry_completion_set_model (self->find_completion, GTK_TREE_MODEL (used));
  gtk_entry_completion_set_model (self->replace_completion, GTK_TREE_MODEL (all));
}

void
qr_replace_dialog_set_document (QrReplaceDialog *self, QrDocument *doc)
{
  g_return_if_fail (QR_IS_REPLACE_DIALOG (self));
  g_set_object (&self->document, doc);
  gtk_label_set_label (self->result_label, "");
  fill_completions (self);
  on_entry_changed (self);
}

void
qr_replace_dialog_set_finder (QrReplaceDialog *self, QrTextureFinder *finder)
{
  g_return_if_fail (QR_IS_REPLACE_DIALOG (self));
  self->finder = finder;
  fill_completions (self);
}

/* Opening again starts from the names the map uses now. */
static void
qr_replace_dialog_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (qr_replace_dialog_parent_class)->map (widget);
  fill_completions (QR_REPLACE_DIALOG (widget));
}

static void
qr_replace_dialog_dispose (GObject *object)
{
  QrReplaceDialog *self = QR_REPLACE_DIALOG (object);
  g_clear_object (&self->document);
  g_clear_object (&self->find_completion);
  g_clear_object (&self->replace_completion);
  gtk_widget_dispose_template (GTK_WIDGET (self), QR_TYPE_REPLACE_DIALOG);
  G_OBJECT_CLASS (qr_replace_dialog_parent_class)->dispose (object);
}

static void
qr_replace_dialog_class_init (QrReplaceDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  G_OBJECT_CLASS (klass)->dispose = qr_replace_dialog_dispose;
  widget_class->map = qr_replace_dialog_map;
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/quarry/Quarry/ui/qr-replace-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, QrReplaceDialog, find_entry);
  gtk_widget_class_bind_template_child (widget_class, QrReplaceDialog, replace_entry);
  gtk_widget_class_bind_template_child (widget_class, QrReplaceDialog, in_selection);
  gtk_widget_class_bind_template_child (widget_class, QrReplaceDialog, mark_only);
  gtk_widget_class_bind_template_child (widget_class, QrReplaceDialog, result_label);
  gtk_widget_class_bind_template_child (widget_class, QrReplaceDialog, run_button);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_changed);
  gtk_widget_class_install_action (widget_class, "replace.run", NULL, run_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
qr_replace_dialog_init (QrReplaceDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->find_completion = qr_texture_names_completion (self->find_entry);
  self->replace_completion = qr_texture_names_completion (self->replace_entry);
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->run_button));
  on_entry_changed (self);
}

QrReplaceDialog *
qr_replace_dialog_new (GtkWindow *parent)
{
  return g_object_new (QR_TYPE_REPLACE_DIALOG, "transient-for", parent, "destroy-with-parent", TRUE, NULL);
}
