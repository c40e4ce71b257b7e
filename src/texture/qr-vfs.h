/* qr-vfs.h — one tree of game files over a stack of roots (folders and PAK
 * archives), as a game's search path reads them.
 *
 * Paths are relative with '/' separators ('\\' is read as '/'); they match
 * ASCII case-insensitively, as the games do on Windows' file systems, so
 * "textures/Wall.wal" finds textures/wall.WAL on Linux too. Roots added
 * earlier win. ".." never leaves a root.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>

typedef struct _QrVfs QrVfs;

QrVfs *qr_vfs_new (void);
void qr_vfs_free (QrVfs *vfs);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrVfs, qr_vfs_free)

/* A folder as a root. */
bool qr_vfs_add_dir (QrVfs *vfs, const char *path, GError **error);
/* A PAK archive as a root (qr-pak.h). */
bool qr_vfs_add_pak (QrVfs *vfs, const char *path, GError **error);
/* A game content folder (id1/, baseq2/): the folder itself, then its
 * pakN.pak archives from the highest number down (pak1 overrides pak0, as in
 * Quake), then any other *.pak in name order. The loose folder wins over its
 * archives, so an edited file shadows the shipped one. A PAK that cannot be
 * read is left out and reported in `error`, the rest still added. */
bool qr_vfs_add_game_dir (QrVfs *vfs, const char *path, GError **error);

guint qr_vfs_n_roots (const QrVfs *vfs);

/* The file's bytes from the first root that has it. */
GBytes *qr_vfs_read (QrVfs *vfs, const char *relpath, GError **error);
bool qr_vfs_exists (QrVfs *vfs, const char *relpath);
/* The paths (from the tree's top, as the first root spells them) of the
 * files directly in `dir` ("" for the top), or anywhere below it when
 * recursive; sorted, each once. NULL-terminated; free with g_strfreev. */
char **qr_vfs_list (QrVfs *vfs, const char *dir, bool recursive);
