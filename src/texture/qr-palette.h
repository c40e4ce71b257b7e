/* qr-palette.h — 256-colour palettes of 8-bit textures (Quake WAD2, Quake 2
 * WAL) and where they come from: a game's gfx/palette.lmp, the palette at the
 * end of Quake 2's pics/colormap.pcx, or a built-in copy of LibreQuake's. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct
{
  uint8_t rgb[256][3];
} QrPalette;

/* A palette.lmp: 768 bytes, RGB per index. Larger files are refused too:
 * a lump of another size is not a palette. */
bool qr_palette_from_lmp (const uint8_t *data, gsize size, QrPalette *out, GError **error);

/* The 256-colour palette an 8-bit PCX carries after its pixels: a 0x0C
 * marker and 768 bytes at the end of the file (ZSoft PCX specification,
 * version 5). The header must say 8 bits per pixel in one plane. */
bool qr_palette_from_pcx (const uint8_t *data, gsize size, QrPalette *out, GError **error);

/* LibreQuake's palette (BSD-3-Clause; qr-palette-librequake.c): what WAD2
 * textures use when no game palette is found. */
const QrPalette *qr_palette_quake_default (void);
