/* qr-texture-folders.h — the Texture Folders dialog: per game, the folders
 * where maps' textures are looked for (GSettings texture-search-folders),
 * and which game the open map is. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The games, as the settings name them, and their titles. */
extern const char *const qr_texture_games[];

/* Shows the dialog for parent; game is the map's (selected first).
 * on_game is called with the game the user picks for the map. */
typedef void (*QrGamePicked) (const char *game, gpointer data);
void qr_texture_folders_show (GtkWindow *parent, GSettings *settings, const char *game, QrGamePicked on_game,
                              gpointer data);

/* Adds folder to game's list, once. */
void qr_texture_folders_add (GSettings *settings, const char *game, const char *folder);

G_END_DECLS
