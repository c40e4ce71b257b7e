/* qr-window-entdefs.c — which entity definitions a window's map is shown
 * with, and loading them.
 *
 * The map's own hint wins (qr_entdefs_find_hinted); else the file
 * Preferences names for the map's game. Loaded definitions are shared by
 * every window through the application's cache. */
#include "qr-window-private.h"

#include <glib/gi18n.h>
#include "qr-application.h"
#include "qr-entdef-io.h"

/* The games whose definition file may serve the map: the map's game; a
 * WAD map whose textures have not yet told Quake's from Half-Life's may be
 * either, as for texture search folders. */
static void
candidate_games (QrWindow *self, const char *games[2])
{
  games[0] = _qr_window_map_game (self);
  games[1] = self->texture_game_chosen == NULL && self->texture_game == NULL && g_str_equal (games[0], "quake")
                 ? "halflife"
                 : NULL;
}

/* The file Preferences names for the first of the games that has one. */
static char *
game_file (QrWindow *self)
{
  const char *games[2];
  candidate_games (self, games);
  g_autoptr (GVariant) all = g_settings_get_value (self->settings, "entity-definitions");
  for (guint g = 0; g < G_N_ELEMENTS (games) && games[g] != NULL; g++)
    {
      const char *path = NULL;
      if (g_variant_lookup (all, games[g], "&s", &path) && path[0] != '\0')
        return g_strdup (path);
    }
  return NULL;
}

void
_qr_window_load_entdefs (QrWindow *self)
{
  g_autofree char *game_path = game_file (self);
  g_autofree char *game_dir = game_path != NULL ? g_path_get_dirname (game_path) : NULL;
  const char *hint = NULL;
  g_autofree char *map_dir = NULL;
  if (self->file != NULL)
    {
      g_autofree char *map_path = g_file_get_path (self->file);
      map_dir = map_path != NULL ? g_path_get_dirname (map_path) : NULL;
    }
  g_autofree char *hinted = qr_entdefs_find_hinted (qr_document_get_map (self->document), map_dir, game_dir, &hint);
  const char *path = hinted != NULL ? hinted : game_path;

  QrEntDefs *defs = NULL;
  g_autoptr (GError) error = NULL;
  if (path != NULL)
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
      defs = qr_application_load_entdefs (app != NULL ? QR_APPLICATION (app) : NULL, path, &error);
    }
  qr_document_set_entdefs (self->document, defs);
  qr_entdefs_unref (defs);

  g_autofree char *name = path != NULL ? g_path_get_basename (path) : NULL;
  g_clear_pointer (&self->entdefs_note, g_free);
  if (error != NULL)
    {
      char *text = g_strdup_printf (_("Entity definitions not loaded: %s"), error->message);
      self->entdefs_note = text;
    }
  else if (hint != NULL && hinted == NULL)
    {
      char *text = name != NULL
                                ? g_strdup_printf (_("The map asks for entity definitions %s, not found: using %s"),
                                                   hint, name)
                                : g_strdup_printf (_("The map asks for entity definitions %s, not found"), hint);
      self->entdefs_note = text;
    }
  else if (defs != NULL && qr_entdefs_error_count (defs) > 0)
    {
      char *text
        = g_strdup_printf (g_dngettext (NULL, "%s: %u problem in the entity definitions, first: %s",
                                        "%s: %u problems in the entity definitions, first: %s",
                                        qr_entdefs_error_count (defs)),
                           name, qr_entdefs_error_count (defs), qr_entdefs_error (defs, 0));
      self->entdefs_note = text;
    }
  if (self->entdefs_note != NULL)
    _qr_window_set_message (self, self->entdefs_note);
}
