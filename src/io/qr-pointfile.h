/* qr-pointfile.h — a compiler's leak trace: Quake's .pts (qbsp's points
 * along the path from an entity to the void) and the .lin files of Quake 2
 * and 3 and Source (the same path as its corners). Both are text, one
 * point "x y z" a line; a line of six numbers is a segment, its two ends.
 * The trace is the polyline through the points in order. */
#pragma once

#include <glib.h>
#include "qr-vec3.h"

/* The points (QrVec3) of a point file's text; NULL with a QR_IO_ERROR_PARSE
 * "name:line:column: …" for anything else, or for no point at all. A
 * segment's start equal to the last point is not repeated. */
GArray *qr_pointfile_parse (const char *text, gsize len, const char *name, GError **error);
/* The same from a file. */
GArray *qr_pointfile_load (const char *path, GError **error);
/* MAP.pts or MAP.lin beside a map file, whichever exists and is the newer,
 * or NULL: what a compile of it left. */
char *qr_pointfile_beside (const char *map_path);
