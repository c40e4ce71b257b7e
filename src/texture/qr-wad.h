/* qr-wad.h — Quake WAD2 and Half-Life WAD3 texture collections.
 *
 * A WAD is a 12-byte header ("WAD2"/"WAD3", lump count, directory offset),
 * lumps, and a directory of 32-byte entries (offset, size on disk, size,
 * type, compression, 2 pad bytes, 16-byte name). Textures are the miptex
 * lumps (type 0x44 in WAD2, 0x43 in WAD3): a 16-byte name, width, height
 * and four offsets of 8-bit mip levels, each half the size of the one
 * before. A WAD3 miptex carries its own palette after the fourth level (a
 * 16-bit colour count and RGB triples); WAD2 textures use the game's
 * palette. Sources: the Unofficial Quake Specs 3.4 (Olivier Montanuy et al.),
 * "The WAD2 files" and "Mip texture"; WAD3 as the Half-Life SDK's qlumpy
 * writes it.
 *
 * Everything read from the file is checked against the file's size before
 * use: a broken directory is an error naming the file; a broken entry is
 * skipped and listed as a problem, the rest kept.
 */
#pragma once

#include "qr-image.h"
#include "qr-palette.h"

#include <glib.h>
#include <stdbool.h>

typedef struct _QrWad QrWad;

/* Reads the whole file once and parses its directory. Read, not mapped
 * like a PAK: a mapper re-saves a texture WAD while the editor has it open,
 * and a WAD tool that truncates and rewrites it in place would make every
 * later access to a mapping crash (SIGBUS). Mapping measured 4 times less
 * CPU for the nine LibreQuake WADs (9 against 63 ms to open). */
QrWad *qr_wad_open (const char *path, GError **error);
/* The same from bytes (kept referenced); display_name names it in errors. */
QrWad *qr_wad_new_from_bytes (GBytes *bytes, const char *display_name, GError **error);
void qr_wad_free (QrWad *wad);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrWad, qr_wad_free)

const char *qr_wad_display_name (const QrWad *wad);
bool qr_wad_is_wad3 (const QrWad *wad);

/* The textures (miptex lumps that passed the checks), in directory order. */
guint qr_wad_n_textures (const QrWad *wad);
const char *qr_wad_texture_name (const QrWad *wad, guint i);
void qr_wad_texture_size (const QrWad *wad, guint i, int *width, int *height);
/* The first texture so named (ASCII case-insensitive), or -1. */
int qr_wad_find (const QrWad *wad, const char *name);

/* Mip level `mip` (0 to 3; level m is width >> m by height >> m) as RGBA.
 * WAD2 indices go through `palette` (NULL: qr_palette_quake_default ()),
 * WAD3 through the texture's own. In textures whose name begins with `{`
 * index 255 is transparent (alpha 0, colour kept); every other pixel has
 * alpha 255. */
QrImage *qr_wad_decode (const QrWad *wad, guint i, int mip, const QrPalette *palette, GError **error);

/* What was skipped while reading the directory, one message per entry
 * ("NAME: entry 3 “x”: …; skipped"). */
guint qr_wad_n_problems (const QrWad *wad);
const char *qr_wad_problem (const QrWad *wad, guint i);
