/* qr-entdef-io.h — reading entity definitions: Valve FGD, Radiant DEF
 * (QUAKED comment blocks) and Radiant ENT (XML) into one QrEntDefs.
 *
 * Problems in the text are recorded in the definitions as
 * "file:line:column: message" and the parse goes on, so one bad class
 * never hides the rest. */
#pragma once

#include <gio/gio.h>
#include "qr-entdef.h"
#include "qr-map.h"

/* Reads the file by its extension (.fgd, .def, .ent; any case) and resolves
 * inheritance. NULL with error only when the file cannot be read or its
 * kind is unknown. */
QrEntDefs *qr_entdefs_load (const char *path, GError **error);

/* The definition file a map asks for, when it exists: TrenchBroom's
 * worldspawn `_tb_def` "external:PATH", or a plain worldspawn "fgd" key,
 * absolute or relative to map_dir. A hint written on another machine
 * ("I:/Quake/x.fgd") is looked for by its file name in map_dir, then in
 * fallback_dir (the game's definitions folder). NULL when the map names no
 * file ("builtin:" hints name TrenchBroom's own files) or none is found;
 * *hint is the file the map names, or NULL. Either folder may be NULL. */
char *qr_entdefs_find_hinted (const QrMap *map, const char *map_dir, const char *fallback_dir, const char **hint);

/* The parsers behind it: each adds the classes of `data` (the text of
 * `path`) to defs; qr_entdefs_load calls qr_entdefs_finish afterwards.
 * FGD `@include`s are read relative to the including file's folder; an
 * include that leaves the top file's folder or repeats a file being read
 * is an error. */
void qr_fgd_parse (QrEntDefs *defs, const char *data, gsize len, const char *path);
void qr_def_parse (QrEntDefs *defs, const char *data, gsize len, const char *path);
void qr_ent_parse (QrEntDefs *defs, const char *data, gsize len, const char *path);
