/* qr-preferences.h — Edit ▸ Preferences…: the settings a mapper sets once
 * and forgets (the default texture scales Face Properties' Reset gives,
 * texture filtering and lock, the grid, the 3D camera's speed, the recent
 * files listed, each game's entity definition file), each control bound to its GSettings key, so that the
 * window, the menus and the views never disagree. Non-modal; the
 * application keeps one (qr-application.c). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define QR_TYPE_PREFERENCES (qr_preferences_get_type ())
G_DECLARE_FINAL_TYPE (QrPreferences, qr_preferences, QR, PREFERENCES, GtkWindow)

/* settings: the application's (a reference is kept). */
QrPreferences *qr_preferences_new (GSettings *settings);

G_END_DECLS
