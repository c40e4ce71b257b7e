/* qr-input-log.c — a debug record of the pointer's presses and releases,
 * and of where the keyboard focus goes.
 *
 * GTK gives a press to the widget its last motion found under the pointer,
 * not to the one under the press: a press with no fresh motion after the
 * layout changed goes to a widget no longer there. When a GUI test's click
 * does nothing, this record says whether the press reached the window, where,
 * and which widget the last motion had found. */
#include "qr-input-log.h"

#define LOG_DOMAIN "Quarry-Input"

typedef struct
{
  double x, y;  /* the last motion, in window coordinates */
  char *picked; /* what was under it then */
} InputLog;

static void
input_log_free (gpointer data, GClosure *closure)
{
  InputLog *log = data;

  g_free (log->picked);
  g_free (log);
}

/* "GtkButton “Keep Mine” in GtkBox": the widget and its nearest named part. */
static char *
describe (GtkWidget *widget)
{
  if (widget == NULL)
    return g_strdup ("nothing");
  GString *text = g_string_new (G_OBJECT_TYPE_NAME (widget));
  for (GtkWidget *w = widget; w != NULL; w = gtk_widget_get_parent (w))
    if (GTK_IS_BUTTON (w) && gtk_button_get_label (GTK_BUTTON (w)) != NULL)
      {
        g_string_append_printf (text, " in %s “%s”", G_OBJECT_TYPE_NAME (w), gtk_button_get_label (GTK_BUTTON (w)));
        break;
      }
  GtkWidget *parent = gtk_widget_get_parent (widget);
  if (parent != NULL)
    g_string_append_printf (text, " (parent %s)", G_OBJECT_TYPE_NAME (parent));
  return g_string_free (text, FALSE);
}

static gboolean
on_event (GtkEventControllerLegacy *controller, GdkEvent *event, InputLog *log)
{
  GdkEventType type = gdk_event_get_event_type (event);
  if (type != GDK_MOTION_NOTIFY && type != GDK_BUTTON_PRESS && type != GDK_BUTTON_RELEASE)
    return GDK_EVENT_PROPAGATE;

  GtkWidget *window = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  double x, y, nx, ny;
  if (!gdk_event_get_position (event, &x, &y))
    return GDK_EVENT_PROPAGATE;
  /* Event positions are the surface's; widgets pick in the window's own. */
  gtk_native_get_surface_transform (GTK_NATIVE (window), &nx, &ny);
  x -= nx;
  y -= ny;
  g_autofree char *picked = describe (gtk_widget_pick (window, x, y, GTK_PICK_DEFAULT));
  if (type == GDK_MOTION_NOTIFY)
    {
      log->x = x;
      log->y = y;
      g_free (log->picked);
      log->picked = g_steal_pointer (&picked);
      return GDK_EVENT_PROPAGATE;
    }
  g_log (LOG_DOMAIN, G_LOG_LEVEL_DEBUG, "%s %u at %.0f,%.0f on %s; last motion at %.0f,%.0f on %s",
         type == GDK_BUTTON_PRESS ? "press" : "release", gdk_button_event_get_button (event), x, y, picked,
         log->x, log->y, log->picked != NULL ? log->picked : "(none)");
  return GDK_EVENT_PROPAGATE;
}

/* Keys go to the focus: a test's typing lost halfway shows here. */
static void
on_focus_widget (GtkWindow *window, GParamSpec *pspec, gpointer data)
{
  g_autofree char *focus = describe (gtk_root_get_focus (GTK_ROOT (window)));

  g_log (LOG_DOMAIN, G_LOG_LEVEL_DEBUG, "focus on %s", focus);
}

void
qr_input_log_attach (GtkWindow *window)
{
  if (g_log_writer_default_would_drop (G_LOG_LEVEL_DEBUG, LOG_DOMAIN))
    return;
  GtkEventController *legacy = gtk_event_controller_legacy_new ();
  gtk_event_controller_set_propagation_phase (legacy, GTK_PHASE_CAPTURE);
  InputLog *log = g_new0 (InputLog, 1);
  g_signal_connect_data (legacy, "event", G_CALLBACK (on_event), log, input_log_free, 0);
  gtk_widget_add_controller (GTK_WIDGET (window), legacy);
  g_signal_connect (window, "notify::focus-widget", G_CALLBACK (on_focus_widget), NULL);
}
