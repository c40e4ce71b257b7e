/* qr-text-keys.h — text fields inside the main window that take their keys
 * before the application's shortcuts.
 *
 * GTK 4 runs the application's shortcuts in the window's capture phase
 * (gtkwindow.c, gtk_window_set_application), before the focused widget:
 * typed into a search or a key's value, "-" would zoom out, Shift+T open
 * the texture browser and Delete delete the selection. While the focus is
 * inside an area given here they run in the bubble phase instead, after
 * the focused entry has taken its keys; those it leaves (Ctrl+S,
 * Alt+Return) still reach the window. GTK gathers the global shortcut
 * controllers into the root's "gtk-shortcut-manager-capture" controller
 * (gtkshortcutmanager.c), so it is that controller whose phase changes: a
 * GTK 4.8 detail, checked by the GUI tests that type into these areas. */
#pragma once

#include <gtk/gtk.h>

/* Watches the focus entering and leaving area. */
void qr_text_keys_install (GtkWidget *area);
/* Gives the window its shortcuts first again; area's unroot calls it, as
 * the focus may leave with the area. */
void qr_text_keys_release (GtkWidget *area);
