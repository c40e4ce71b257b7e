/* qr-entdef-io.c — entity definitions by file kind (see qr-entdef-io.h). */
#include "qr-entdef-io.h"
#include "qr-io.h"

#include <string.h>

#include <glib/gi18n-lib.h>

QrEntDefs *
qr_entdefs_load (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  if (!g_file_get_contents (path, &data, &len, error))
    return NULL;
  QrEntDefs *defs = qr_entdefs_new ();
  qr_entdefs_set_path (defs, path);
  if (g_str_has_suffix (path, ".fgd") || g_str_has_suffix (path, ".FGD"))
    qr_fgd_parse (defs, data, len, path);
  else if (g_str_has_suffix (path, ".def") || g_str_has_suffix (path, ".DEF"))
    qr_def_parse (defs, data, len, path);
  else if (g_str_has_suffix (path, ".ent") || g_str_has_suffix (path, ".ENT"))
    qr_ent_parse (defs, data, len, path);
  else
    {
      qr_entdefs_unref (defs);
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_READ, _("%s: not an entity definition file (.fgd, .def or .ent)"),
                   path);
      return NULL;
    }
  qr_entdefs_finish (defs);
  return defs;
}

char *
qr_entdefs_find_hinted (const QrMap *map, const char *map_dir, const char *fallback_dir, const char **hint)
{
  *hint = NULL;
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      if (qr_entity_is_world (entity))
        {
          const char *tb = qr_entity_get_key (entity, "_tb_def");
          if (tb != NULL && g_str_has_prefix (tb, "external:"))
            *hint = tb + strlen ("external:");
          else if (tb == NULL)
            *hint = qr_entity_get_key (entity, "fgd");
          break;
        }
    }
  if (*hint == NULL || (*hint)[0] == '\0')
    return NULL;
  const char *path = *hint;
  if (g_path_is_absolute (path) && g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return g_strdup (path);
  if (!g_path_is_absolute (path) && map_dir != NULL)
    {
      char *beside = g_build_filename (map_dir, path, NULL);
      if (g_file_test (beside, G_FILE_TEST_IS_REGULAR))
        return beside;
      g_free (beside);
    }
  /* "I:/Quake/x.fgd" from another machine: its name, beside the map or
   * the game's definitions. */
  const char *base = path;
  for (const char *c = path; *c != '\0'; c++)
    if (*c == '/' || *c == '\\')
      base = c + 1;
  const char *dirs[] = { map_dir, fallback_dir };
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    if (dirs[i] != NULL)
      {
        char *there = g_build_filename (dirs[i], base, NULL);
        if (g_file_test (there, G_FILE_TEST_IS_REGULAR))
          return there;
        g_free (there);
      }
  return NULL;
}
