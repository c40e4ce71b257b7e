#include "qr-test-texture.h"

#include "qr-test-corpus.h"

#include <string.h>

GBytes *
qr_test_corpus_bytes (const char *relative)
{
  g_autofree char *path = qr_test_corpus_file (relative);
  g_autoptr (GError) error = NULL;
  char *contents = NULL;
  gsize length = 0;

  if (path == NULL)
    return NULL;
  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (contents, length);
}

const uint8_t *
qr_test_pixel (const QrImage *image, int x, int y)
{
  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, image->width);
  g_assert_cmpint (y, <, image->height);
  return image->rgba + ((gsize) y * image->width + x) * 4;
}

void
qr_test_assert_pixel (const QrImage *image, int x, int y, int r, int g, int b, int a)
{
  const uint8_t *p = qr_test_pixel (image, x, y);

  if (p[0] != r || p[1] != g || p[2] != b || p[3] != a)
    g_error ("pixel (%d, %d) is (%d, %d, %d, %d), expected (%d, %d, %d, %d)",
             x, y, p[0], p[1], p[2], p[3], r, g, b, a);
}

static void
append_u32 (GByteArray *out, uint32_t v)
{
  uint8_t b[4] = { v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF, v >> 24 };
  g_byte_array_append (out, b, 4);
}

static void
append_name (GByteArray *out, const char *name, gsize width)
{
  uint8_t field[64] = { 0 };

  g_assert_cmpuint (width, <=, sizeof field);
  memcpy (field, name, MIN (strlen (name), width));
  g_byte_array_append (out, field, (guint) width);
}

GBytes *
qr_test_wad_build (const char *magic, const QrTestLump *lumps, guint n)
{
  GByteArray *out = g_byte_array_new ();
  g_autofree uint32_t *offsets = g_new (uint32_t, MAX (n, 1));

  g_byte_array_append (out, (const guint8 *) magic, 4);
  append_u32 (out, n);
  append_u32 (out, 0); /* the directory offset, set below */
  for (guint i = 0; i < n; i++)
    {
      offsets[i] = out->len;
      g_byte_array_append (out, lumps[i].data, (guint) lumps[i].size);
    }
  uint32_t dir = out->len;
  memcpy (out->data + 8, (uint8_t[]) { dir & 0xFF, (dir >> 8) & 0xFF, (dir >> 16) & 0xFF, dir >> 24 }, 4);
  for (guint i = 0; i < n; i++)
    {
      append_u32 (out, offsets[i]);
      append_u32 (out, (uint32_t) lumps[i].size);
      append_u32 (out, (uint32_t) lumps[i].size);
      g_byte_array_append (out, (uint8_t[]) { lumps[i].type, 0, 0, 0 }, 4);
      append_name (out, lumps[i].name, 16);
    }
  return g_byte_array_free_to_bytes (out);
}

GByteArray *
qr_test_miptex_build (const char *name, int width, int height, const uint8_t (*palette)[3])
{
  GByteArray *out = g_byte_array_new ();
  uint32_t at = 40;

  append_name (out, name, 16);
  append_u32 (out, (uint32_t) width);
  append_u32 (out, (uint32_t) height);
  for (int m = 0; m < 4; m++)
    {
      append_u32 (out, at);
      at += (uint32_t) ((width >> m) * (height >> m));
    }
  for (int m = 0; m < 4; m++)
    for (int y = 0; y < height >> m; y++)
      for (int x = 0; x < width >> m; x++)
        {
          uint8_t index = (uint8_t) ((x + y * 3 + m) % 256);
          g_byte_array_append (out, &index, 1);
        }
  if (palette != NULL)
    {
      g_byte_array_append (out, (uint8_t[]) { 0, 1 }, 2); /* 256 colours */
      g_byte_array_append (out, &palette[0][0], 768);
      g_byte_array_append (out, (uint8_t[]) { 0, 0 }, 2);
    }
  return out;
}

GBytes *
qr_test_pak_build (const char *const *names, const char *const *contents, guint n)
{
  GByteArray *out = g_byte_array_new ();
  g_autofree uint32_t *offsets = g_new (uint32_t, MAX (n, 1));

  g_byte_array_append (out, (const guint8 *) "PACK", 4);
  append_u32 (out, 0);
  append_u32 (out, n * 64);
  for (guint i = 0; i < n; i++)
    {
      offsets[i] = out->len;
      g_byte_array_append (out, (const guint8 *) contents[i], (guint) strlen (contents[i]));
    }
  uint32_t dir = out->len;
  memcpy (out->data + 4, (uint8_t[]) { dir & 0xFF, (dir >> 8) & 0xFF, (dir >> 16) & 0xFF, dir >> 24 }, 4);
  for (guint i = 0; i < n; i++)
    {
      append_name (out, names[i], 56);
      append_u32 (out, offsets[i]);
      append_u32 (out, (uint32_t) strlen (contents[i]));
    }
  return g_byte_array_free_to_bytes (out);
}
