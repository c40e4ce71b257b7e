/* qr-compile-profile.h — compile profiles (issue 20): named lists of steps,
 * each a program with arguments and a working folder, in which ${NAME}
 * variables stand for the map (MAP_FULL, MAP_BASE, MAP_DIR, MAP_FILE) and
 * for what the profile or the user sets (GAME_DIR, MOD, …). A JSON file:
 *
 *   { "profiles": [ { "name": "ericw-tools",
 *                     "variables": { "GAME_DIR": "/games/quake", "MOD": "id1" },
 *                     "steps": [ { "name": "qbsp", "program": "qbsp",
 *                                  "args": [ "${MAP_FULL}" ], "cwd": "${MAP_DIR}",
 *                                  "enabled": true } ] } ] }
 *
 * Only "name", "steps" and a step's "program" are required. Errors name
 * the file, line and column. */
#pragma once

#include <glib.h>

typedef struct
{
  char *name;      /* shown in the output; the program's when not given */
  char *program;   /* a path, or a name looked up in PATH */
  GPtrArray *args; /* char * */
  char *cwd;       /* NULL: the map's folder */
  gboolean enabled;
} QrCompileStep;

typedef struct
{
  char *name;
  GHashTable *variables; /* char * → char *: the profile's own */
  GPtrArray *steps;      /* QrCompileStep * */
} QrCompileProfile;

typedef struct
{
  GPtrArray *profiles; /* QrCompileProfile * */
} QrCompileProfiles;

QrCompileProfiles *qr_compile_profiles_parse (const char *text, gsize len, const char *name, GError **error);
QrCompileProfiles *qr_compile_profiles_load (const char *path, GError **error);
void qr_compile_profiles_free (QrCompileProfiles *profiles);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrCompileProfiles, qr_compile_profiles_free)
/* The profile named so (ASCII case ignored), or NULL. */
const QrCompileProfile *qr_compile_profiles_find (const QrCompileProfiles *profiles, const char *name);

/* The variables for compiling the map at `map_path` with `profile`: the
 * profile's own, then MAP_FULL (the absolute path), MAP_DIR, MAP_FILE (the
 * file's name) and MAP_BASE (without its extension), then `overrides`
 * (may be NULL) over all of them. A new table of strings. */
GHashTable *qr_compile_variables (const QrCompileProfile *profile, const char *map_path, GHashTable *overrides);
/* `text` with each ${NAME} replaced by its value and $$ by $; NULL with an
 * error naming the variable for one that is not set. */
char *qr_compile_expand (const char *text, GHashTable *variables, GError **error);
