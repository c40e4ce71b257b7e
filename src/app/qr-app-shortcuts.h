/* qr-app-shortcuts.h — letting a widget's text entries take their keys
 * before the application's shortcuts.
 *
 * GTK 4 runs the application's shortcuts in the window's capture phase,
 * before the focused widget (gtkwindow.c, gtk_window_set_application): in
 * a search entry, Delete would delete the selection and "-" zoom out. The
 * window gathers its global shortcut controllers in its
 * "gtk-shortcut-manager-capture" controller (gtkshortcutmanager.c); while
 * the focus is inside such a widget, that controller runs in the bubble
 * phase, after the entries took their keys. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Sets the phase of the application's shortcuts in widget's window (if it
 * has one). */
void qr_app_shortcuts_set_phase (GtkWidget *widget, GtkPropagationPhase phase);

/* Makes the shortcuts come after widget's own keys while the focus is
 * inside it. The widget's unroot must call
 * qr_app_shortcuts_set_phase (widget, GTK_PHASE_CAPTURE): its window keeps
 * the bubble phase otherwise when it goes while focused. */
void qr_app_shortcuts_defer_in (GtkWidget *widget);

G_END_DECLS
