/* qr-test-texture.h — what the texture tests share: corpus files as bytes,
 * pixels of decoded images, and WAD and PAK files built in memory. */
#pragma once

#include "qr-image.h"

#include <glib.h>
#include <stdint.h>

/* A corpus file's bytes, or NULL after marking the test skipped. */
GBytes *qr_test_corpus_bytes (const char *relative);

/* The RGBA of pixel (x, y). */
const uint8_t *qr_test_pixel (const QrImage *image, int x, int y);
/* Asserts the pixel is exactly (r, g, b, a). */
void qr_test_assert_pixel (const QrImage *image, int x, int y, int r, int g, int b, int a);

/* One lump of a WAD built by qr_test_wad_build: `data` is copied. */
typedef struct
{
  const char *name;
  uint8_t type;
  const void *data;
  gsize size;
} QrTestLump;

/* A WAD ("WAD2"/"WAD3") with these lumps, then its directory. */
GBytes *qr_test_wad_build (const char *magic, const QrTestLump *lumps, guint n);

/* A miptex lump of a width × height texture, each level's pixel (x, y) the
 * index (x + y * 3 + level) % 256, then (when palette is not NULL) a
 * 256-colour WAD3 palette. Free with g_byte_array_unref. */
GByteArray *qr_test_miptex_build (const char *name, int width, int height, const uint8_t (*palette)[3]);

/* A Quake PAK with these files (name → contents). */
GBytes *qr_test_pak_build (const char *const *names, const char *const *contents, guint n);
