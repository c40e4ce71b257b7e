/* qr-compile-source.c — see qr-compile-source.h. */
#include "qr-compile-source.h"

#include <string.h>
#include "qr-layer.h"

char *
qr_compile_source (const QrMap *map, const char *path, QrSaveFormat format, gboolean *copied, GError **error)
{
  g_autofree bool *omitted = NULL;
  g_autoptr (QrMap) copy = NULL;
  g_autofree char *copy_path = NULL;
  const char *dot, *slash;
  gboolean any = FALSE;

  if (copied != NULL)
    *copied = FALSE;
  if (map->kind != QR_FILE_MAP)
    return g_strdup (path);
  omitted = qr_map_dup_omitted (map);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    any |= omitted[e];
  if (!any)
    return g_strdup (path);
  /* NAME.map → NAME-compile.map */
  dot = strrchr (path, '.');
  slash = strrchr (path, G_DIR_SEPARATOR);
  if (dot == NULL || (slash != NULL && dot < slash))
    dot = path + strlen (path);
  copy_path = g_strdup_printf ("%.*s-compile%s", (int) (dot - path), path, dot);
  copy = qr_map_copy_for_export (map);
  if (!qr_map_save (copy, copy_path, format, error))
    return NULL;
  if (copied != NULL)
    *copied = TRUE;
  return g_steal_pointer (&copy_path);
}
