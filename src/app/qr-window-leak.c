/* qr-window-leak.c — a compile's leak trace (issue 20): File ▸ Load Point
 * File reads MAP.pts or MAP.lin beside the map (else asks for one), every
 * view draws it as a bright polyline over the map, and View ▸ Next / Previous
 * Leak Point walks the 3D camera along it, looking down the path, as
 * TrenchBroom's and Radiant's point files do. Unload clears it. */
#include "qr-window-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include "qr-pointfile.h"

/* Unload Point File is there while a trace is. */
static void
set_unload_enabled (QrWindow *self, gboolean enabled)
{
  GAction *unload = g_action_map_lookup_action (G_ACTION_MAP (self), "unload-pointfile");

  if (unload != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (unload), enabled);
}

static void
show_points (QrWindow *self, GArray *points, const char *path)
{
  g_autofree char *name = g_filename_display_basename (path);
  g_autofree char *text = NULL;

  g_clear_pointer (&self->leak_points, g_array_unref);
  self->leak_points = points;
  self->leak_at = -1;
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Leak trace %s: %u point (Next Leak Point walks it)",
                                       "Leak trace %s: %u points (Next Leak Point walks it)", points->len),
                          name, points->len);
  _qr_window_set_message (self, text);
  set_unload_enabled (self, TRUE);
  _qr_window_refresh_tool_overlay (self);
}

void
_qr_window_load_pointfile (QrWindow *self, const char *path)
{
  g_autoptr (GError) error = NULL;
  GArray *points = qr_pointfile_load (path, &error);

  if (points == NULL)
    {
      _qr_window_show_error (self, _("Could not load the point file"), error);
      return;
    }
  show_points (self, points, path);
}

static void
chooser_response (GtkNativeDialog *dialog, int response, gpointer data)
{
  QrWindow *self = g_object_get_data (G_OBJECT (dialog), "window");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        _qr_window_load_pointfile (self, path);
    }
  g_object_unref (dialog);
}

static void
load_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = QR_WINDOW (user_data);
  g_autofree char *map_path = self->file != NULL ? g_file_get_path (self->file) : NULL;
  g_autofree char *beside = map_path != NULL ? qr_pointfile_beside (map_path) : NULL;
  GtkFileChooserNative *dialog;
  g_autoptr (GtkFileFilter) filter = NULL;

  /* What the last compile of this map left: no question to ask. */
  if (beside != NULL)
    {
      _qr_window_load_pointfile (self, beside);
      return;
    }
  dialog = gtk_file_chooser_native_new (_("Load Point File"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                        _("_Load"), _("_Cancel"));
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("Leak traces (*.pts, *.lin)"));
  gtk_file_filter_add_suffix (filter, "pts");
  gtk_file_filter_add_suffix (filter, "lin");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  if (self->file != NULL)
    {
      g_autoptr (GFile) folder = g_file_get_parent (self->file);

      if (folder != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder, NULL);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_object_set_data_full (G_OBJECT (dialog), "window", g_object_ref (self), g_object_unref);
  g_signal_connect (dialog, "response", G_CALLBACK (chooser_response), NULL);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

void
_qr_window_unload_pointfile (QrWindow *self)
{
  g_clear_pointer (&self->leak_points, g_array_unref);
  self->leak_at = -1;
  set_unload_enabled (self, FALSE);
}

static void
unload_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = QR_WINDOW (user_data);

  _qr_window_unload_pointfile (self);
  _qr_window_set_message (self, _("Leak trace unloaded"));
  _qr_window_refresh_tool_overlay (self);
}

/* The 3D camera at point i of the trace, looking on along it (at the last
 * point, on from the one before). */
static void
step (QrWindow *self, int direction)
{
  GArray *points = self->leak_points;
  g_autofree char *text = NULL;
  QrVec3 at, to, d;
  int n, i;

  if (points == NULL)
    {
      _qr_window_set_message (self, _("No leak trace: File ▸ Load Point File first"));
      return;
    }
  n = (int) points->len;
  i = self->leak_at < 0 ? (direction > 0 ? 0 : n - 1) : CLAMP (self->leak_at + direction, 0, n - 1);
  self->leak_at = i;
  at = g_array_index (points, QrVec3, i);
  if (n == 1)
    to = qr_vec3_add (at, qr_vec3 (1, 0, 0));
  else if (i + 1 < n)
    to = g_array_index (points, QrVec3, i + 1);
  else
    to = qr_vec3_add (at, qr_vec3_sub (at, g_array_index (points, QrVec3, i - 1)));
  d = qr_vec3_sub (to, at);
  qr_camera_canvas_place (self->camera_canvas, at, atan2 (d.y, d.x) * (180.0 / G_PI),
                          atan2 (d.z, hypot (d.x, d.y)) * (180.0 / G_PI), 0);
  text = g_strdup_printf (_("Leak point %d of %d: %g %g %g"), i + 1, n, at.x + 0.0, at.y + 0.0, at.z + 0.0);
  _qr_window_set_message (self, text);
}

static void
next_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  step (QR_WINDOW (user_data), 1);
}

static void
previous_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  step (QR_WINDOW (user_data), -1);
}

static const GActionEntry leak_entries[] = {
  { "load-pointfile", load_activated },
  { "unload-pointfile", unload_activated },
  { "next-leak-point", next_activated },
  { "previous-leak-point", previous_activated },
};

void
_qr_window_init_leak (QrWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), leak_entries, G_N_ELEMENTS (leak_entries), self);
  self->leak_at = -1;
  set_unload_enabled (self, FALSE);
}

void
_qr_window_append_leak (QrWindow *self, GArray *lines, uint32_t color)
{
  for (guint i = 0; self->leak_points != NULL && i + 1 < self->leak_points->len; i++)
    {
      QrOverlayLine line = qr_overlay_line (g_array_index (self->leak_points, QrVec3, i),
                                            g_array_index (self->leak_points, QrVec3, i + 1), color);

      g_array_append_val (lines, line);
    }
}
