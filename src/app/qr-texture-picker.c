/* qr-texture-picker.c — see qr-texture-picker.h. */
#include "qr-texture-picker.h"

#include <glib/gi18n.h>
#include "qr-texture-browser.h"

typedef struct
{
  QrTextureBrowser *browser;
  GtkWidget *choose;
  QrTexturePicked picked;
  gpointer data;
  gboolean answered;
} Picker;

static void
answer (GtkWindow *window, Picker *p, const char *name)
{
  if (p->answered)
    return;
  p->answered = TRUE;
  p->picked (name, p->data);
  gtk_window_destroy (window);
}

static void
on_apply (QrTextureBrowser *browser, const char *name, GtkWindow *window)
{
  answer (window, g_object_get_data (G_OBJECT (window), "picker"), name);
}

static void
on_current_changed (QrTextureBrowser *browser, const char *name, Picker *p)
{
  gtk_widget_set_sensitive (p->choose, name != NULL);
}

static void
on_choose (GtkButton *button, GtkWindow *window)
{
  Picker *p = g_object_get_data (G_OBJECT (window), "picker");
  answer (window, p, qr_texture_browser_get_current (p->browser));
}

static void
on_cancel (GtkButton *button, GtkWindow *window)
{
  gtk_window_close (window);
}

/* Closing without a choice answers NULL, once. */
static void
on_destroy (GtkWindow *window, Picker *p)
{
  if (!p->answered)
    {
      p->answered = TRUE;
      p->picked (NULL, p->data);
    }
}

GtkWindow *
qr_texture_picker_present (GtkWindow *parent, QrTextureFinder *finder, QrDocument *doc, const char *current,
                           QrTexturePicked picked, gpointer data)
{
  g_return_val_if_fail (picked != NULL, NULL);
  Picker *p = g_new0 (Picker, 1);
  p->picked = picked;
  p->data = data;

  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  g_object_set_data_full (G_OBJECT (window), "picker", p, g_free);
  gtk_window_set_title (window, _("Pick a Texture"));
  gtk_window_set_transient_for (window, parent);
  gtk_window_set_modal (window, TRUE);
  gtk_window_set_destroy_with_parent (window, TRUE);
  gtk_window_set_default_size (window, 560, 520);

  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_bottom (box, 8);
  p->browser = QR_TEXTURE_BROWSER (qr_texture_browser_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (p->browser), TRUE);
  qr_texture_browser_set_picking (p->browser, TRUE);
  qr_texture_browser_set_source (p->browser, finder, doc);
  qr_texture_browser_set_current (p->browser, current);
  g_signal_connect (p->browser, "apply", G_CALLBACK (on_apply), window);
  g_signal_connect (p->browser, "current-changed", G_CALLBACK (on_current_changed), p);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (p->browser));

  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_set_margin_end (buttons, 8);
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  g_signal_connect (cancel, "clicked", G_CALLBACK (on_cancel), window);
  p->choose = gtk_button_new_with_mnemonic (_("C_hoose"));
  gtk_widget_add_css_class (p->choose, "suggested-action");
  gtk_widget_set_sensitive (p->choose, current != NULL && current[0] != '\0');
  g_signal_connect (p->choose, "clicked", G_CALLBACK (on_choose), window);
  gtk_box_append (GTK_BOX (buttons), cancel);
  gtk_box_append (GTK_BOX (buttons), p->choose);
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_window_set_child (window, box);

  g_signal_connect (window, "destroy", G_CALLBACK (on_destroy), p);
  gtk_window_present (window);
  qr_texture_browser_focus_filter (p->browser);
  return window;
}
