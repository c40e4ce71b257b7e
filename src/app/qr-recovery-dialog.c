/* qr-recovery-dialog.c — see qr-recovery-dialog.h. Built in code: a list
 * whose rows come and go, too small for a template of its own. */
#include "qr-recovery-dialog.h"

#include <glib/gi18n.h>
#include "qr-application.h"
#include "qr-window-private.h"

typedef struct
{
  QrAutosave *store;   /* owned reference */
  QrWindow *parent;    /* owned reference */
  GtkWindow *dialog;   /* borrowed: GTK's list of toplevels holds it */
  GtkListBox *list;
  guint left;          /* rows not yet answered */
} Recovery;

static void
recovery_free (gpointer data)
{
  Recovery *r = data;
  /* Dead sessions whose every map was answered are forgotten; the others
   * are offered again at the next start. */
  qr_autosave_forget_dead (r->store);
  qr_autosave_unref (r->store);
  g_object_unref (r->parent);
  g_free (r);
}

static void
row_answered (Recovery *r, GtkWidget *button)
{
  GtkWidget *row = gtk_widget_get_ancestor (button, GTK_TYPE_LIST_BOX_ROW);
  gtk_list_box_remove (r->list, row);
  if (--r->left == 0)
    gtk_window_destroy (r->dialog);
}

static void
recover_clicked (GtkButton *button, Recovery *r)
{
  const QrAutosaveEntry *entry = g_object_get_data (G_OBJECT (button), "entry");
  g_autoptr (GError) error = NULL;
  /* Renamed to this session first, then read: nothing moves under the load. */
  g_autofree char *file = qr_autosave_adopt (r->store, entry, &error);
  QrWindow *target = r->parent;

  if (file == NULL)
    {
      _qr_window_show_error (r->parent, _("Could not recover the map"), error);
      return;
    }
  if (!qr_window_is_pristine (target))
    {
      target = qr_window_new (QR_APPLICATION (gtk_window_get_application (GTK_WINDOW (r->parent))));
      gtk_window_present (GTK_WINDOW (target));
    }
  _qr_window_recover (target, file, entry->path, entry->format);
  row_answered (r, GTK_WIDGET (button));
}

static void
discard_clicked (GtkButton *button, Recovery *r)
{
  const QrAutosaveEntry *entry = g_object_get_data (G_OBJECT (button), "entry");
  g_autoptr (GError) error = NULL;

  if (!qr_autosave_discard (r->store, entry, &error))
    _qr_window_show_error (r->parent, _("Could not discard the autosave"), error);
  row_answered (r, GTK_WIDGET (button));
}

static void
show_folder_clicked (GtkButton *button, Recovery *r)
{
  g_autoptr (GFile) folder = g_file_new_for_path (qr_autosave_get_root (r->store));
  g_autofree char *uri = g_file_get_uri (folder);
  gtk_show_uri (r->dialog, uri, GDK_CURRENT_TIME);
}

static GtkWidget *
entry_row (Recovery *r, QrAutosaveEntry *entry)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *name = entry->path != NULL ? g_path_get_basename (entry->path) : g_strdup (_("Untitled"));
  g_autoptr (GDateTime) when = g_date_time_new_from_unix_local (entry->time / G_USEC_PER_SEC);
  g_autofree char *time = g_date_time_format (when, "%x %X");
  g_autofree char *details = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "autosaved %s, %u brush",
                                                           "autosaved %s, %u brushes", entry->brushes),
                                              time, entry->brushes);
  GtkWidget *title = gtk_label_new (name);
  GtkWidget *sub = gtk_label_new (details);
  GtkWidget *recover = gtk_button_new_with_mnemonic (_("_Recover"));
  GtkWidget *discard = gtk_button_new_with_mnemonic (_("_Discard"));

  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_xalign (GTK_LABEL (sub), 0);
  gtk_widget_add_css_class (sub, "dim-label");
  if (entry->path != NULL)
    gtk_widget_set_tooltip_text (title, entry->path);
  gtk_box_append (GTK_BOX (text), title);
  gtk_box_append (GTK_BOX (text), sub);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (box), text);
  gtk_widget_set_valign (recover, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (discard, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (recover, "suggested-action");
  gtk_box_append (GTK_BOX (box), discard);
  gtk_box_append (GTK_BOX (box), recover);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  g_object_set_data_full (G_OBJECT (recover), "entry", entry, (GDestroyNotify) qr_autosave_entry_free);
  g_object_set_data (G_OBJECT (discard), "entry", entry);
  g_signal_connect (recover, "clicked", G_CALLBACK (recover_clicked), r);
  g_signal_connect (discard, "clicked", G_CALLBACK (discard_clicked), r);
  return box;
}

void
qr_recovery_dialog_offer (QrAutosave *store, QrWindow *parent)
{
  g_autoptr (GPtrArray) entries = NULL;

  g_return_if_fail (store != NULL);
  g_return_if_fail (QR_IS_WINDOW (parent));
  entries = qr_autosave_list_recoverable (store);
  if (entries->len == 0)
    return;

  Recovery *r = g_new0 (Recovery, 1);
  r->store = qr_autosave_ref (store);
  r->parent = g_object_ref (parent);
  r->dialog = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_title (r->dialog, _("Recover Unsaved Maps"));
  gtk_window_set_transient_for (r->dialog, GTK_WINDOW (parent));
  gtk_window_set_modal (r->dialog, TRUE);
  gtk_window_set_destroy_with_parent (r->dialog, TRUE);
  gtk_window_set_default_size (r->dialog, 520, -1);
  g_object_set_data_full (G_OBJECT (r->dialog), "recovery", r, recovery_free);

  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_top (content, 18);
  gtk_widget_set_margin_bottom (content, 18);
  gtk_widget_set_margin_start (content, 18);
  gtk_widget_set_margin_end (content, 18);
  GtkWidget *intro = gtk_label_new (_("Quarry did not exit cleanly last time. These maps were autosaved "
                                      "after they were last saved:"));
  gtk_label_set_wrap (GTK_LABEL (intro), TRUE);
  gtk_label_set_xalign (GTK_LABEL (intro), 0);
  gtk_box_append (GTK_BOX (content), intro);

  r->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (r->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (r->list), "boxed-list");
  gtk_widget_add_css_class (GTK_WIDGET (r->list), "frame");
  for (guint i = 0; i < entries->len; i++)
    {
      gtk_list_box_append (r->list, entry_row (r, g_steal_pointer (&entries->pdata[i])));
      r->left++;
    }
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (r->list));

  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *folder = gtk_button_new_with_mnemonic (_("Show _Folder"));
  GtkWidget *later = gtk_button_new_with_mnemonic (_("Decide _Later"));
  gtk_widget_set_tooltip_text (later, _("Keep the autosaves and ask again at the next start"));
  gtk_widget_set_hexpand (folder, TRUE);
  gtk_widget_set_halign (folder, GTK_ALIGN_START);
  g_signal_connect (folder, "clicked", G_CALLBACK (show_folder_clicked), r);
  g_signal_connect_swapped (later, "clicked", G_CALLBACK (gtk_window_destroy), r->dialog);
  gtk_box_append (GTK_BOX (buttons), folder);
  gtk_box_append (GTK_BOX (buttons), later);
  gtk_box_append (GTK_BOX (content), buttons);

  gtk_window_set_child (r->dialog, content);
  gtk_window_present (r->dialog);
}
