/* qr-wal.h — Quake 2 WAL textures.
 *
 * A 100-byte header (32-byte name, width, height, four offsets of 8-bit mip
 * levels from the file's start, 32-byte next animation frame, flags,
 * contents, value; Quake 2's qfiles.h miptex_t) and the levels, each half
 * the size of the one before. The palette is the game's, from
 * pics/colormap.pcx. Errors do not name the file: callers prefix it.
 */
#pragma once

#include "qr-image.h"
#include "qr-palette.h"

#include <glib.h>
#include <stdbool.h>

/* The full-size width and height, after checking the header and level 0
 * lie inside the data. */
bool qr_wal_size (const uint8_t *data, gsize size, int *width, int *height, GError **error);

/* Mip level `mip` (0 to 3) as RGBA, every pixel opaque (Quake 2 walls have
 * no transparent index: translucency is a surface flag). `palette` NULL
 * uses qr_palette_quake_default (), which is Quake's, not Quake 2's. */
QrImage *qr_wal_decode (const uint8_t *data, gsize size, int mip, const QrPalette *palette, GError **error);
