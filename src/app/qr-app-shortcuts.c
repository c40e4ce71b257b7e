/* qr-app-shortcuts.c — see qr-app-shortcuts.h. */
#include "qr-app-shortcuts.h"

void
qr_app_shortcuts_set_phase (GtkWidget *widget, GtkPropagationPhase phase)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  if (root == NULL)
    return;
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (root));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);
      if (g_strcmp0 (gtk_event_controller_get_name (c), "gtk-shortcut-manager-capture") == 0)
        gtk_event_controller_set_propagation_phase (c, phase);
    }
}

static void
on_focus_enter (GtkEventController *focus, gpointer data)
{
  qr_app_shortcuts_set_phase (gtk_event_controller_get_widget (focus), GTK_PHASE_BUBBLE);
}

static void
on_focus_leave (GtkEventController *focus, gpointer data)
{
  qr_app_shortcuts_set_phase (gtk_event_controller_get_widget (focus), GTK_PHASE_CAPTURE);
}

void
qr_app_shortcuts_defer_in (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "enter", G_CALLBACK (on_focus_enter), NULL);
  g_signal_connect (focus, "leave", G_CALLBACK (on_focus_leave), NULL);
  gtk_widget_add_controller (widget, focus);
}
