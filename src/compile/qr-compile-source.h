/* qr-compile-source.h — the file a compile reads (issue 20): the map's own,
 * or, when TrenchBroom layers are omitted from export, a copy without them
 * (TrenchBroom compiles such a copy too). */
#pragma once

#include <glib.h>
#include "qr-io.h"
#include "qr-map.h"

/* For `map`, saved at `path`: `path` itself when no layer is omitted from
 * export; else a copy without those layers (qr_map_copy_for_export),
 * written in `format` beside it as NAME-compile.EXT, so that relative paths
 * in it (WADs) still lead where they did. A new string; *copied (may be
 * NULL) says which. NULL with the error when the copy could not be written. */
char *qr_compile_source (const QrMap *map, const char *path, QrSaveFormat format, gboolean *copied, GError **error);
