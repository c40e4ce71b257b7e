/* qr-texture-finder.h — a map's textures, found as its game finds them.
 *
 * The collections come from the map and the game: the worldspawn `wad`
 * entries in order (Quake, Half-Life), then content folders — the search
 * folders the user gave, and any parent of the map's folder that looks like
 * one (it has `textures/`, `materials/` or a `pak0.pak`), where Quake 2
 * WALs, Quake 3 images and shaders, and Source materials live. A name
 * resolves to the first collection holding it, as qbsp takes the first WAD.
 * Nothing here is fatal: a collection that cannot be read keeps its error
 * and holds nothing; a name found nowhere is missing.
 */
#pragma once

#include <gio/gio.h>
#include "qr-image.h"
#include "qr-map.h"
#include "qr-texture-set.h"

typedef enum
{
  QR_COLLECTION_WAD2,
  QR_COLLECTION_WAD3,
  QR_COLLECTION_FOLDER,
  QR_COLLECTION_PAK,
  QR_COLLECTION_VTF, /* a Source content folder: materials/…vmt → .vtf */
} QrCollectionFormat;

/* "wad2", "wad3", "folder", "pak", "vtf" */
const char *qr_collection_format_name (QrCollectionFormat format);

typedef struct
{
  char *name;       /* the wad entry as written, or the folder's path */
  char *path;       /* where it was found; NULL when nowhere */
  QrCollectionFormat format;
  guint n_textures; /* what it holds */
  char *error;      /* why it holds nothing or less than it should; NULL when fine */
  int wad_entry;    /* its entry in the `wad` value, -1 for folders */
} QrCollection;

typedef struct _QrTextureFinder QrTextureFinder;

/* wad_key is the worldspawn's `wad` value or NULL; map_path may be NULL
 * (an unsaved map); search_dirs NULL-terminated or NULL. Reads no map, so
 * it may run on a worker thread while the map is edited. */
QrTextureFinder *qr_texture_finder_new (const char *wad_key, QrFileKind kind, const char *map_path,
                                        const char *const *search_dirs);
/* The same for a map: its worldspawn's `wad` (or Half-Life's `_wad`). */
QrTextureFinder *qr_texture_finder_new_for_map (const QrMap *map, const char *map_path,
                                                const char *const *search_dirs);
const char *qr_texture_finder_wad_key (const QrMap *map);
void qr_texture_finder_free (QrTextureFinder *finder);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrTextureFinder, qr_texture_finder_free)

guint qr_texture_finder_n_collections (const QrTextureFinder *finder);
const QrCollection *qr_texture_finder_collection (const QrTextureFinder *finder, guint i);

/* WAD files the map could use but does not: those beside its WADs and in
 * its folders, sorted, NULL-terminated. */
char **qr_texture_finder_wad_candidates (const QrTextureFinder *finder);

/* The j-th texture name collection i holds (j < its n_textures). */
const char *qr_texture_finder_texture_name (QrTextureFinder *finder, guint collection, guint j);
/* The size of name in collection i; false when it holds no such name. */
bool qr_texture_finder_size_in (QrTextureFinder *finder, guint collection, const char *name, int *width,
                                int *height);
/* name decoded from collection i at mip level mip (smaller images for
 * thumbnails), or NULL with error. */
QrImage *qr_texture_finder_decode_from (QrTextureFinder *finder, guint collection, const char *name,
                                        int mip, GError **error);

/* The collection holding name (its index) and the texture's size, or -1. */
int qr_texture_finder_locate (QrTextureFinder *finder, const char *name, int *width, int *height);

/* The texture decoded at mip level mip, or NULL with error. */
QrImage *qr_texture_finder_decode (QrTextureFinder *finder, const char *name, int mip, GError **error);

/* A texture name the map uses and how many faces (and patches) use it. */
typedef struct
{
  const char *name; /* borrowed from the map */
  guint faces;
} QrTextureUse;

/* Every name faces or patches use, in the map's texture-index order, then
 * names only patches use; names no face uses are left out. */
GArray *qr_texture_uses (const QrMap *map);

/* The names of qr_texture_uses, NULL-terminated, for handing to a thread. */
char **qr_texture_used_names (const QrMap *map);

/* Puts each name into set: LOADED with its pixels, BROKEN when found but
 * undecodable, MISSING when found nowhere. progress (may be NULL) is told
 * done/total after each; stops early when cancelled. Safe on a worker
 * thread when set is not shared. Returns the number missing. */
typedef void (*QrTextureProgress) (guint done, guint total, gpointer data);
guint qr_texture_finder_fill (QrTextureFinder *finder, const char *const *names, QrTextureSet *set,
                              GCancellable *cancellable, QrTextureProgress progress, gpointer data);
