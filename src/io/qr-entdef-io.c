/* qr-entdef-io.c — entity definitions by file kind (see qr-entdef-io.h). */
#include "qr-entdef-io.h"
#include "qr-io.h"

#include <glib/gi18n-lib.h>

/* Stubs until the parsers land. */
void
qr_def_parse (QrEntDefs *defs, const char *data, gsize len, const char *path)
{
}

void
qr_ent_parse (QrEntDefs *defs, const char *data, gsize len, const char *path)
{
}

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
