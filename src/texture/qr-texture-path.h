/* qr-texture-path.h — finding the files a map names, as the games find them.
 *
 * Maps carry paths from the machine they were made on: Windows paths with
 * drive letters or a leading backslash (`C:\quake\id1\gfx\base.wad`,
 * `\quake\id1\x.wad`), Unix paths, and paths relative to the map's folder
 * (LibreQuake's `../../../../texture-wads/lq_wood.wad`). Game files also
 * differ in case from what maps write. So a path is tried as written, then
 * its trailing parts (`id1/gfx/base.wad`, `gfx/base.wad`, `base.wad`) under
 * the map's folder, each parent of it, and the game's search folders, every
 * component matched without regard to ASCII case.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>

/* The entries of a worldspawn `wad` value: split on ';', blanks around each
 * trimmed, empty ones dropped. NULL-terminated; never NULL. */
char **qr_wad_key_split (const char *value);

/* The `wad` value without its entry number index (as qr_wad_key_split
 * counts), the other entries' text untouched. */
char *qr_wad_key_remove (const char *value, guint index);
/* The `wad` value with path appended, written in the form of its first
 * entry (relative to map_dir, Windows separators…), or absolute when the
 * value is empty. */
char *qr_wad_key_append (const char *value, const char *path, const char *map_dir);

/* dir/rel with each component of rel matched ASCII-case-insensitively when
 * the exact name is absent; the existing path, or NULL. rel uses '/'. */
char *qr_path_find_nocase (const char *dir, const char *rel);

/* Where the file a map names is: the found path, or NULL. map_dir may be
 * NULL (an unsaved map); search_dirs is NULL-terminated or NULL. */
char *qr_texture_path_resolve (const char *written, const char *map_dir,
                               const char *const *search_dirs);

/* `written` rewritten to match `example`'s form: kept absolute when example
 * is absolute, relative to map_dir when example is relative, with Windows
 * separators when example used them. For writing new `wad` entries the way
 * the map already writes its others. */
char *qr_texture_path_in_form_of (const char *path, const char *example, const char *map_dir);
