/* qr-texture-source.h — one place textures come from, given as a path: a
 * WAD file, a PAK archive, or a folder (a game content folder: its PAKs are
 * read too). What `quarry-cli texture-png SOURCE NAME` reads.
 *
 * A texture NAME is looked up, first hit wins, as
 *   1. a WAD entry: the WAD itself, or the .wad files at the top of the
 *      folder or archive (in name order);
 *   2. a Quake 3 shader named NAME or textures/NAME in the .shader files
 *      of scripts/: its qer_editorimage, when that image is there;
 *   3. textures/NAME.wal, then NAME.wal (Quake 2);
 *   4. textures/NAME, then NAME, with .png, .tga or .jpg (or its own image
 *      extension);
 *   5. Source materials: materials/NAME.vmt → its $basetexture .vtf
 *      (following `patch` includes), or materials/NAME.vtf.
 * WAD2 and WAL palettes: the caller's, else the source's pics/colormap.pcx
 * (WAL only), else its gfx/palette.lmp, else qr_palette_quake_default ().
 * Shader scripts and top-level WADs are read on first need, once.
 */
#pragma once

#include "qr-image.h"
#include "qr-palette.h"

#include <glib.h>
#include <stdbool.h>

typedef struct _QrTextureSource QrTextureSource;

QrTextureSource *qr_texture_source_open (const char *path, GError **error);
void qr_texture_source_free (QrTextureSource *source);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrTextureSource, qr_texture_source_free)

/* Mip level `mip` of texture NAME (mip 0 is full size; image files are
 * halved with a 2×2 box filter per level), or NULL with QR_TEXTURE_ERROR_
 * NOT_FOUND when no step above finds it, or the error of the file that
 * holds it but does not decode. */
QrImage *qr_texture_source_decode (QrTextureSource *source, const char *name, int mip,
                                   const QrPalette *palette_or_null, GError **error);

/* Mip level `mip` of the second layer of Source material NAME, its
 * $basetexture2 (qr-vmt.h), or NULL: without an error when it has none. */
QrImage *qr_texture_source_decode_layer2 (QrTextureSource *source, const char *name, int mip, GError **error);

/* Broken files met on the way (a WAD that did not open, a shader script
 * with unbalanced braces): skipped, and listed here. */
guint qr_texture_source_n_problems (const QrTextureSource *source);
const char *qr_texture_source_problem (const QrTextureSource *source, guint i);

/* The texture names the source offers (WAD entries, shaders with an editor
 * image, textures/ and top-folder images and WALs, materials/ VMTs),
 * each once, listed on first need. */
guint qr_texture_source_count (QrTextureSource *source);
const char *qr_texture_source_name (QrTextureSource *source, guint i);
/* name's size; false when the source has no such texture. A texture that
 * is there but does not decode is found, with size 0 × 0. */
bool qr_texture_source_size (QrTextureSource *source, const char *name, int *width, int *height);
/* The source's gfx/palette.lmp, when it has one. */
bool qr_texture_source_palette (QrTextureSource *source, QrPalette *out);
