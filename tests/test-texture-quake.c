/* The Quake-family texture formats: palettes, WAD2/WAD3, WAL, PAK and the
 * search path over folders and PAKs. Pixels are checked against values
 * worked out by hand from the files' raw indices and palettes. */
#include "qr-image-file.h"
#include "qr-pak.h"
#include "qr-palette.h"
#include "qr-test-corpus.h"
#include "qr-test-texture.h"
#include "qr-vfs.h"
#include "qr-wad.h"
#include "qr-wal.h"
#include "qr-test-files.h"

#include <glib/gstdio.h>
#include <string.h>

#define TB_WAD "trenchbroom/TbFsLib/fs/Wad/"
#define TB_PAK "trenchbroom/TbFsLib/fs/Pak/"
#define TB_Q2 "trenchbroom/TbMdlLib/mdl/Game/Quake2/baseq2/"

static const char *const librequake_wads[] = {
  "lq_liquidsky", "lq_mayan", "lq_medieval", "lq_metal", "lq_props",
  "lq_tech", "lq_terra", "lq_utility", "lq_wood",
};
/* Their miptex counts, from their directories. */
static const guint librequake_counts[] = { 79, 96, 176, 233, 38, 354, 59, 11, 49 };

static QrWad *
open_corpus_wad (const char *relative)
{
  g_autofree char *path = qr_test_corpus_file (relative);
  g_autoptr (GError) error = NULL;
  QrWad *wad;

  if (path == NULL)
    return NULL;
  wad = qr_wad_open (path, &error);
  g_assert_no_error (error);
  return wad;
}

static bool
load_colormap (QrPalette *palette)
{
  g_autoptr (GBytes) pcx = qr_test_corpus_bytes (TB_Q2 "pics/colormap.pcx");
  g_autoptr (GError) error = NULL;
  gsize size;
  const uint8_t *data;

  if (pcx == NULL)
    return false;
  data = g_bytes_get_data (pcx, &size);
  g_assert_true (qr_palette_from_pcx (data, size, palette, &error));
  g_assert_no_error (error);
  return true;
}

/* ---- palettes ---- */

static void
test_palette_lmp (void)
{
  g_autoptr (GBytes) lmp = qr_test_corpus_bytes ("librequake/lq1/gfx/palette.lmp");
  g_autoptr (GError) error = NULL;
  QrPalette palette;
  gsize size;
  const uint8_t *data;

  if (lmp == NULL)
    return;
  data = g_bytes_get_data (lmp, &size);
  g_assert_true (qr_palette_from_lmp (data, size, &palette, &error));
  g_assert_no_error (error);
  /* The built-in table is that file, byte for byte. */
  g_assert_cmpmem (palette.rgb, 768, qr_palette_quake_default ()->rgb, 768);
  g_assert_cmpuint (palette.rgb[15][0], ==, 235);
  g_assert_cmpuint (palette.rgb[72][0], ==, 71);

  g_assert_false (qr_palette_from_lmp (data, size - 1, &palette, &error));
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "767"));
}

static void
test_palette_pcx (void)
{
  g_autoptr (GBytes) pcx = qr_test_corpus_bytes (TB_Q2 "pics/colormap.pcx");
  g_autoptr (GError) error = NULL;
  QrPalette palette;
  gsize size;
  const uint8_t *data;

  if (pcx == NULL)
    return;
  data = g_bytes_get_data (pcx, &size);
  g_assert_true (qr_palette_from_pcx (data, size, &palette, &error));
  g_assert_no_error (error);
  /* The file's last 768 bytes, read by hand. */
  g_assert_cmpmem (palette.rgb[0], 3, ((uint8_t[]) { 0, 0, 0 }), 3);
  g_assert_cmpmem (palette.rgb[100], 3, ((uint8_t[]) { 55, 35, 19 }), 3);
  g_assert_cmpmem (palette.rgb[255], 3, ((uint8_t[]) { 159, 91, 83 }), 3);

  /* One byte short: the 0x0C marker is no longer 769 bytes from the end. */
  g_assert_false (qr_palette_from_pcx (data, size - 1, &palette, &error));
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
  g_clear_error (&error);
  g_assert_false (qr_palette_from_pcx (data + 1, size - 1, &palette, &error));
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
  g_clear_error (&error);
  g_assert_false (qr_palette_from_pcx (data, 100, &palette, &error));
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED);
}

/* ---- WAD ---- */

static void
test_wad_librequake_all (void)
{
  guint total = 0;
  gint64 start;

  if (!qr_test_corpus_available ())
    return;
  start = g_get_monotonic_time ();
  for (guint w = 0; w < G_N_ELEMENTS (librequake_wads); w++)
    {
      g_autofree char *rel = g_strdup_printf ("librequake/texture-wads/%s.wad", librequake_wads[w]);
      g_autoptr (QrWad) wad = open_corpus_wad (rel);

      if (wad == NULL)
        return;
      g_assert_false (qr_wad_is_wad3 (wad));
      g_assert_cmpuint (qr_wad_n_textures (wad), ==, librequake_counts[w]);
      g_assert_cmpuint (qr_wad_n_problems (wad), ==, 0);
      for (guint i = 0; i < qr_wad_n_textures (wad); i++)
        {
          int width, height;

          qr_wad_texture_size (wad, i, &width, &height);
          g_assert_cmpint (qr_wad_find (wad, qr_wad_texture_name (wad, i)), <=, (int) i);
          for (int mip = 0; mip < 4; mip++)
            {
              g_autoptr (GError) error = NULL;
              g_autoptr (QrImage) image = qr_wad_decode (wad, i, mip, NULL, &error);

              g_assert_no_error (error);
              g_assert_cmpint (image->width, ==, width >> mip);
              g_assert_cmpint (image->height, ==, height >> mip);
              /* No `{` names in LibreQuake: everything opaque. */
              g_assert_cmpuint (image->rgba[3], ==, 255);
            }
          total++;
        }
    }
  g_test_message ("opened the 9 LibreQuake WADs and decoded %u textures at mips 0-3 in %.1f ms",
                  total, (g_get_monotonic_time () - start) / 1000.0);
  g_assert_cmpuint (total, ==, 1095);
}

static void
test_wad_librequake_pixels (void)
{
  g_autoptr (QrWad) utility = open_corpus_wad ("librequake/texture-wads/lq_utility.wad");
  g_autoptr (QrWad) medieval = NULL;
  g_autoptr (GError) error = NULL;
  int i;

  if (utility == NULL)
    return;
  /* Indices read from the lumps by hand, colours from palette.lmp. */
  i = qr_wad_find (utility, "CLIP");
  g_assert_cmpint (i, >=, 0);
  g_assert_cmpstr (qr_wad_texture_name (utility, (guint) i), ==, "clip");
  {
    g_autoptr (QrImage) mip0 = qr_wad_decode (utility, (guint) i, 0, NULL, &error);
    g_autoptr (QrImage) mip2 = qr_wad_decode (utility, (guint) i, 2, NULL, &error);

    g_assert_no_error (error);
    qr_test_assert_pixel (mip0, 0, 0, 71, 0, 0, 255);      /* index 72 */
    qr_test_assert_pixel (mip0, 2, 3, 235, 235, 235, 255); /* index 15 */
    qr_test_assert_pixel (mip0, 8, 3, 71, 0, 0, 255);
    qr_test_assert_pixel (mip0, 63, 63, 71, 0, 0, 255);
    g_assert_cmpint (mip2->width, ==, 16);
    qr_test_assert_pixel (mip2, 3, 1, 71, 0, 0, 255);
  }

  medieval = open_corpus_wad ("librequake/texture-wads/lq_medieval.wad");
  i = qr_wad_find (medieval, "afloor1_4");
  g_assert_cmpint (i, >=, 0);
  {
    g_autoptr (QrImage) mip0 = qr_wad_decode (medieval, (guint) i, 0, NULL, &error);
    g_autoptr (QrImage) mip1 = qr_wad_decode (medieval, (guint) i, 1, NULL, &error);
    g_autoptr (QrImage) mip3 = qr_wad_decode (medieval, (guint) i, 3, NULL, &error);
    QrPalette grey;

    g_assert_no_error (error);
    qr_test_assert_pixel (mip0, 0, 0, 31, 31, 31, 255);   /* index 2 */
    qr_test_assert_pixel (mip0, 40, 21, 83, 59, 27, 255); /* index 24 */
    qr_test_assert_pixel (mip1, 31, 31, 27, 19, 15, 255); /* index 174 */
    qr_test_assert_pixel (mip3, 7, 0, 55, 43, 31, 255);   /* index 172 */

    /* A WAD2 takes the palette it is given. */
    for (int k = 0; k < 256; k++)
      grey.rgb[k][0] = grey.rgb[k][1] = grey.rgb[k][2] = (uint8_t) k;
    g_autoptr (QrImage) greyed = qr_wad_decode (medieval, (guint) i, 0, &grey, &error);
    qr_test_assert_pixel (greyed, 40, 21, 24, 24, 24, 255);
  }
  g_assert_cmpint (qr_wad_find (medieval, "no such texture"), ==, -1);
}

/* The offset of a texture's directory entry in a WAD's bytes, found by
 * walking the directory here rather than through QrWad. */
static gsize
raw_entry_offset (GBytes *bytes, const char *name)
{
  const uint8_t *d = g_bytes_get_data (bytes, NULL);
  uint32_t count = GUINT32_FROM_LE (*(const uint32_t *) (d + 4));
  uint32_t dir = GUINT32_FROM_LE (*(const uint32_t *) (d + 8));

  for (uint32_t i = 0; i < count; i++)
    if (strncmp ((const char *) d + dir + 32 * i + 16, name, 16) == 0)
      return dir + 32 * i;
  g_assert_not_reached ();
}

/* The offset of its full-size indices: the lump's offset plus the miptex
 * header's first level offset. */
static gsize
raw_indices_offset (GBytes *bytes, const char *name)
{
  const uint8_t *d = g_bytes_get_data (bytes, NULL);
  uint32_t lump = GUINT32_FROM_LE (*(const uint32_t *) (d + raw_entry_offset (bytes, name)));

  return lump + GUINT32_FROM_LE (*(const uint32_t *) (d + lump + 24));
}

static void
test_wad_transparent_wad2 (void)
{
  g_autoptr (GBytes) original = qr_test_corpus_bytes ("librequake/texture-wads/lq_tech.wad");
  g_autoptr (GBytes) renamed = NULL;
  g_autoptr (QrWad) plain = NULL, fence = NULL;
  g_autoptr (QrImage) opaque = NULL, cut = NULL;
  g_autoptr (GError) error = NULL;
  gsize size, pixels;
  guint transparent = 0;
  uint8_t *copy;

  if (original == NULL)
    return;
  /* LibreQuake's fence uses index 255 but is named `_t_fence01`; renamed
   * `{t_fence01` in a copy, the same pixels turn transparent. */
  const uint8_t *data = g_bytes_get_data (original, &size);
  copy = g_memdup2 (data, size);
  copy[raw_entry_offset (original, "_t_fence01") + 16] = '{';
  renamed = g_bytes_new_take (copy, size);

  plain = qr_wad_new_from_bytes (original, "lq_tech.wad", &error);
  fence = qr_wad_new_from_bytes (renamed, "lq_tech-renamed.wad", &error);
  g_assert_no_error (error);
  opaque = qr_wad_decode (plain, (guint) qr_wad_find (plain, "_t_fence01"), 0, NULL, &error);
  cut = qr_wad_decode (fence, (guint) qr_wad_find (fence, "{t_fence01"), 0, NULL, &error);
  g_assert_no_error (error);

  const uint8_t *indices = (const uint8_t *) g_bytes_get_data (original, NULL) + raw_indices_offset (original, "_t_fence01");
  pixels = (gsize) cut->width * cut->height;
  for (gsize k = 0; k < pixels; k++)
    {
      g_assert_cmpuint (opaque->rgba[4 * k + 3], ==, 255);
      g_assert_cmpuint (cut->rgba[4 * k + 3], ==, indices[k] == 255 ? 0 : 255);
      /* Colour kept either way. */
      g_assert_cmpmem (cut->rgba + 4 * k, 3, opaque->rgba + 4 * k, 3);
      transparent += indices[k] == 255;
    }
  g_assert_cmpuint (transparent, >, 0);
  g_assert_cmpuint (transparent, <, pixels);
}

static void
test_wad_transparent_wad3 (void)
{
  uint8_t palette[256][3];
  g_autoptr (GByteArray) fence = NULL, solid = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (QrWad) wad = NULL;
  g_autoptr (GError) error = NULL;

  for (int k = 0; k < 256; k++)
    {
      palette[k][0] = (uint8_t) k;
      palette[k][1] = (uint8_t) (255 - k);
      palette[k][2] = (uint8_t) (k * 7);
    }
  /* 256 wide: index x + 3y + level reaches 255 on every row of level 0. */
  fence = qr_test_miptex_build ("{fence", 256, 16, (const uint8_t (*)[3]) palette);
  solid = qr_test_miptex_build ("solid", 256, 16, (const uint8_t (*)[3]) palette);
  QrTestLump lumps[] = {
    { "{fence", 0x43, fence->data, fence->len },
    { "solid", 0x43, solid->data, solid->len },
    { "notatexture", 0x42, "x", 1 },
  };
  bytes = qr_test_wad_build ("WAD3", lumps, G_N_ELEMENTS (lumps));
  wad = qr_wad_new_from_bytes (bytes, "built.wad", &error);
  g_assert_no_error (error);
  g_assert_true (qr_wad_is_wad3 (wad));
  g_assert_cmpuint (qr_wad_n_textures (wad), ==, 2);
  g_assert_cmpuint (qr_wad_n_problems (wad), ==, 0);

  for (guint t = 0; t < 2; t++)
    for (int mip = 0; mip < 4; mip++)
      {
        /* The WAD's own palette, whatever palette is passed. */
        g_autoptr (QrImage) image = qr_wad_decode (wad, t, mip, qr_palette_quake_default (), &error);

        g_assert_no_error (error);
        for (int y = 0; y < image->height; y++)
          for (int x = 0; x < image->width; x++)
            {
              int index = (x + 3 * y + mip) % 256;
              qr_test_assert_pixel (image, x, y, palette[index][0], palette[index][1], palette[index][2],
                                    t == 0 && index == 255 ? 0 : 255);
            }
      }
}

static void
test_wad_hl_currents (void)
{
  g_autoptr (QrWad) wad = open_corpus_wad ("halflife/textures/hl/hl_currents.wad");
  static const char *const names[] = { "0", "90", "180", "270", "up", "dwn" };

  if (wad == NULL)
    return;
  g_assert_true (qr_wad_is_wad3 (wad));
  g_assert_cmpuint (qr_wad_n_textures (wad), ==, 6);
  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autofree char *texture = g_strdup_printf ("!cur_%s", names[n]);
      g_autofree char *png_rel = g_strdup_printf ("halflife/textures/hl/src/cur_%s.png", names[n]);
      g_autoptr (GBytes) png = qr_test_corpus_bytes (png_rel);
      g_autoptr (GError) error = NULL;
      g_autoptr (QrImage) expected = NULL, decoded = NULL;
      int i = qr_wad_find (wad, texture), worst = 0;
      gsize size;
      const uint8_t *data;

      if (png == NULL)
        return;
      g_assert_cmpint (i, >=, 0);
      data = g_bytes_get_data (png, &size);
      expected = qr_image_file_decode (data, size, png_rel, &error);
      decoded = qr_wad_decode (wad, (guint) i, 0, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (decoded->width, ==, expected->width);
      g_assert_cmpint (decoded->height, ==, expected->height);
      for (gsize k = 0; k < (gsize) decoded->width * decoded->height * 4; k++)
        worst = MAX (worst, ABS ((int) decoded->rgba[k] - (int) expected->rgba[k]));
      g_assert_cmpint (worst, <=, 1);
    }
}

static QrWad *
open_broken (const char *name, GError **error)
{
  g_autofree char *rel = g_strconcat (TB_WAD, name, NULL);
  g_autofree char *path = qr_test_corpus_file (rel);

  g_assert_nonnull (path);
  return qr_wad_open (path, error);
}

static void
assert_broken_error (const char *name, int code, const char *words)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrWad) wad = open_broken (name, &error);

  g_assert_null (wad);
  g_assert_error (error, QR_TEXTURE_ERROR, code);
  g_assert_nonnull (strstr (error->message, name));
  if (strstr (error->message, words) == NULL)
    g_error ("“%s” does not say “%s”", error->message, words);
}

static void
test_wad_broken (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrWad) entry_out = NULL, empty_name = NULL, wad3_empty = NULL;

  if (!qr_test_corpus_available ())
    return;
  assert_broken_error ("too_small.wad", QR_TEXTURE_ERROR_TRUNCATED, "too small for a WAD header");
  assert_broken_error ("bad_magic.wad", QR_TEXTURE_ERROR_FORMAT, "“WAD9”");
  assert_broken_error ("directory_out_of_bounds.wad", QR_TEXTURE_ERROR_TRUNCATED, "directory (1 entries of 32 bytes at offset 20)");
  assert_broken_error ("entry_count_too_large.wad", QR_TEXTURE_ERROR_TRUNCATED, "past the end of the file (43 bytes)");

  /* A lump outside the file: the entry is skipped, the WAD opens. */
  entry_out = open_broken ("entry_out_of_bounds.wad", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (qr_wad_n_textures (entry_out), ==, 0);
  g_assert_cmpuint (qr_wad_n_problems (entry_out), ==, 1);
  g_assert_nonnull (strstr (qr_wad_problem (entry_out, 0), "entry_out_of_bounds.wad: entry 0 “toofar”: its lump (offset 1000, 10 bytes) lies outside the file"));

  /* The empty name is skipped; "real" is a 5-byte lump ("hello") typed as
   * a miptex, too small for a miptex header: skipped too, and said so. */
  empty_name = open_broken ("skips_empty_entry_name.wad", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (qr_wad_n_textures (empty_name), ==, 0);
  g_assert_cmpuint (qr_wad_n_problems (empty_name), ==, 2);
  g_assert_nonnull (strstr (qr_wad_problem (empty_name, 0), "entry 0 “”: it has no name"));
  g_assert_nonnull (strstr (qr_wad_problem (empty_name, 1), "entry 1 “real”: its lump (5 bytes) is smaller than a miptex header"));

  wad3_empty = open_broken ("wad3_empty.wad", &error);
  g_assert_no_error (error);
  g_assert_true (qr_wad_is_wad3 (wad3_empty));
  g_assert_cmpuint (qr_wad_n_textures (wad3_empty), ==, 0);
  g_assert_cmpuint (qr_wad_n_problems (wad3_empty), ==, 0);
}

static void
test_wad_built_cases (void)
{
  uint8_t palette[256][3] = { { 0 } };
  g_autoptr (GByteArray) good = qr_test_miptex_build ("good", 32, 16, NULL);
  g_autoptr (GByteArray) tiny = qr_test_miptex_build ("tiny", 4, 4, NULL);
  g_autoptr (GByteArray) short_mip = qr_test_miptex_build ("short", 32, 16, NULL);
  g_autoptr (GByteArray) wide = qr_test_miptex_build ("wide", 16, 16, NULL);
  g_autoptr (GByteArray) wad3_tex = qr_test_miptex_build ("cut", 16, 16, (const uint8_t (*)[3]) palette);
  uint8_t conchars[128 * 128];
  g_autoptr (GError) error = NULL;

  memset (conchars, 7, sizeof conchars);
  /* Level 3's offset pointed past the lump: levels 0-2 still decode. */
  short_mip->data[24 + 12] = 0xF0;
  /* A width the lump cannot hold. */
  wide->data[16] = 0;
  wide->data[17] = 0x10; /* 4096 wide */
  QrTestLump lumps[] = {
    { "good", 0x44, good->data, good->len },
    { "conchars", 0x44, conchars, sizeof conchars },
    { "tiny", 0x44, tiny->data, tiny->len },
    { "short", 0x44, short_mip->data, short_mip->len },
    { "wide", 0x44, wide->data, wide->len },
    { "palette", 0x40, palette, 768 },
    { "GOOD", 0x44, good->data, good->len },
  };
  g_autoptr (GBytes) bytes = qr_test_wad_build ("WAD2", lumps, G_N_ELEMENTS (lumps));
  g_autoptr (QrWad) wad = qr_wad_new_from_bytes (bytes, "built.wad", &error);

  g_assert_no_error (error);
  /* good, tiny, short, GOOD; conchars and the palette are not textures;
   * wide is skipped. */
  g_assert_cmpuint (qr_wad_n_textures (wad), ==, 4);
  g_assert_cmpuint (qr_wad_n_problems (wad), ==, 1);
  g_assert_nonnull (strstr (qr_wad_problem (wad, 0), "entry 4 “wide”: its 4096×16 pixels at offset 40 run past its lump"));
  g_assert_cmpint (qr_wad_find (wad, "Good"), ==, 0); /* the first of two */
  g_assert_cmpint (qr_wad_find (wad, "conchars"), ==, -1);

  {
    g_autoptr (QrImage) level3 = qr_wad_decode (wad, (guint) qr_wad_find (wad, "short"), 3, NULL, &error);
    g_assert_null (level3);
    g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED);
    g_assert_nonnull (strstr (error->message, "built.wad: “short”: mip level 3"));
    g_clear_error (&error);
  }
  {
    g_autoptr (QrImage) level2 = qr_wad_decode (wad, (guint) qr_wad_find (wad, "short"), 2, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpint (level2->width, ==, 8);
  }
  {
    /* A 4×4 texture has no level 3 (0×0). */
    g_autoptr (QrImage) level3 = qr_wad_decode (wad, (guint) qr_wad_find (wad, "tiny"), 3, NULL, &error);
    g_assert_null (level3);
    g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
    g_clear_error (&error);
    level3 = qr_wad_decode (wad, 0, 4, NULL, &error);
    g_assert_null (level3);
    g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_UNSUPPORTED);
    g_clear_error (&error);
  }

  /* WAD3: a palette cut off by the lump's end is skipped. */
  g_byte_array_set_size (wad3_tex, wad3_tex->len - 400);
  QrTestLump lumps3[] = { { "cut", 0x43, wad3_tex->data, wad3_tex->len } };
  g_autoptr (GBytes) bytes3 = qr_test_wad_build ("WAD3", lumps3, 1);
  g_autoptr (QrWad) wad3 = qr_wad_new_from_bytes (bytes3, "cut.wad", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (qr_wad_n_textures (wad3), ==, 0);
  g_assert_nonnull (strstr (qr_wad_problem (wad3, 0), "its 256-colour palette runs past its lump"));

  /* A count of 2^31 entries in a 12-byte file: an error, nothing
   * allocated for them. */
  static const uint8_t huge[] = { 'W', 'A', 'D', '2', 0, 0, 0, 0x80, 12, 0, 0, 0 };
  g_autoptr (GBytes) huge_bytes = g_bytes_new_static (huge, sizeof huge);
  g_autoptr (QrWad) none = qr_wad_new_from_bytes (huge_bytes, "huge.wad", &error);
  g_assert_null (none);
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED);
  g_assert_nonnull (strstr (error->message, "huge.wad: its directory (2147483648 entries"));
}

/* Every prefix of a real WAD opens or fails cleanly, and whatever opens
 * decodes or fails cleanly at every level. Each prefix is its own
 * allocation, so AddressSanitizer sees any read past it. */
static void
check_prefixes (const char *relative)
{
  g_autoptr (GBytes) whole = qr_test_corpus_bytes (relative);
  guint opened = 0, failed = 0, textures = 0;
  gsize size;
  const uint8_t *data;

  if (whole == NULL)
    return;
  data = g_bytes_get_data (whole, &size);
  for (gsize len = 0; len <= size; len++)
    {
      g_autoptr (GBytes) prefix = g_bytes_new (data, len);
      g_autoptr (GError) error = NULL;
      g_autoptr (QrWad) wad = qr_wad_new_from_bytes (prefix, "prefix.wad", &error);

      if (wad == NULL)
        {
          g_assert_nonnull (error);
          failed++;
          continue;
        }
      g_assert_no_error (error);
      opened++;
      for (guint i = 0; i < qr_wad_n_textures (wad); i++)
        for (int mip = 0; mip < 4; mip++)
          {
            g_autoptr (GError) decode_error = NULL;
            g_autoptr (QrImage) image = qr_wad_decode (wad, i, mip, NULL, &decode_error);
            g_assert_true ((image == NULL) != (decode_error == NULL));
            textures += image != NULL;
          }
    }
  g_test_message ("%s: %u prefixes opened, %u refused, %u levels decoded", relative, opened, failed, textures);
  /* The directory is at the end: only the whole file opens. */
  g_assert_cmpuint (opened, ==, 1);
  g_assert_cmpuint (failed, >, 0);
}

static void
test_wad_prefixes (void)
{
  check_prefixes (TB_WAD "cr8_a_excerpt.wad");
  check_prefixes ("halflife/textures/hl/hl_currents.wad");
}

/* A WAD whose directory sits before its lumps, so that truncation cuts
 * lumps and leaves the directory: every entry then has to be checked. */
static void
test_wad_prefixes_directory_first (void)
{
  g_autoptr (GByteArray) a = qr_test_miptex_build ("a", 32, 32, NULL);
  uint8_t palette[256][3] = { { 0 } };
  g_autoptr (GByteArray) b = qr_test_miptex_build ("b", 16, 16, (const uint8_t (*)[3]) palette);

  for (int magic = 0; magic < 2; magic++)
    {
      QrTestLump lump = magic == 0 ? (QrTestLump) { "a", 0x44, a->data, a->len } : (QrTestLump) { "b", 0x43, b->data, b->len };
      g_autoptr (GBytes) built = qr_test_wad_build (magic == 0 ? "WAD2" : "WAD3", &lump, 1);
      gsize size, lump_size = lump.size;
      const uint8_t *data = g_bytes_get_data (built, &size);
      g_autoptr (GByteArray) moved = g_byte_array_new ();
      guint skipped = 0;

      /* Header, directory (offset 12, lump now at 44), lump. */
      g_byte_array_append (moved, data, 8);
      g_byte_array_append (moved, (uint8_t[]) { 12, 0, 0, 0 }, 4);
      g_byte_array_append (moved, data + size - 32, 32);
      moved->data[12] = 44;
      moved->data[13] = moved->data[14] = moved->data[15] = 0;
      g_byte_array_append (moved, data + 12, (guint) lump_size);

      for (gsize len = 44; len <= moved->len; len++)
        {
          g_autoptr (GBytes) prefix = g_bytes_new (moved->data, len);
          g_autoptr (GError) error = NULL;
          g_autoptr (QrWad) wad = qr_wad_new_from_bytes (prefix, "prefix.wad", &error);

          g_assert_no_error (error);
          g_assert_cmpuint (qr_wad_n_textures (wad) + qr_wad_n_problems (wad), ==, 1);
          skipped += qr_wad_n_problems (wad);
          for (guint i = 0; i < qr_wad_n_textures (wad); i++)
            for (int mip = 0; mip < 4; mip++)
              {
                g_autoptr (GError) decode_error = NULL;
                g_autoptr (QrImage) image = qr_wad_decode (wad, i, mip, NULL, &decode_error);
                g_assert_true ((image == NULL) != (decode_error == NULL));
              }
        }
      /* Only the whole lump makes a texture. */
      g_assert_cmpuint (skipped, ==, moved->len - 44);
    }
}

/* ---- WAL ---- */

static void
test_wal_pixels (void)
{
  g_autoptr (GBytes) lava = qr_test_corpus_bytes (TB_Q2 "textures/lavatest.wal");
  g_autoptr (GBytes) rc = qr_test_corpus_bytes (TB_Q2 "textures/e1m1/f1/b_rc_v4.wal");
  g_autoptr (GError) error = NULL;
  QrPalette colormap;
  gsize size;
  const uint8_t *data;
  int w, h;

  if (lava == NULL || rc == NULL || !load_colormap (&colormap))
    return;
  data = g_bytes_get_data (lava, &size);
  g_assert_true (qr_wal_size (data, size, &w, &h, &error));
  g_assert_cmpint (w, ==, 64);
  g_assert_cmpint (h, ==, 64);
  {
    g_autoptr (QrImage) mip0 = qr_wal_decode (data, size, 0, &colormap, &error);
    g_autoptr (QrImage) mip1 = qr_wal_decode (data, size, 1, &colormap, &error);
    g_assert_no_error (error);
    qr_test_assert_pixel (mip0, 0, 0, 0, 0, 0, 255);   /* index 0 */
    qr_test_assert_pixel (mip0, 5, 0, 71, 0, 0, 255);  /* index 237 */
    qr_test_assert_pixel (mip1, 10, 3, 59, 15, 0, 255); /* index 74 */
    g_assert_cmpint (mip1->width, ==, 32);
  }
  /* Cut at 5000 bytes: level 0 (100 + 4096) still fits, level 1 not. */
  {
    g_autoptr (QrImage) mip0 = qr_wal_decode (data, 5000, 0, &colormap, &error);
    g_autoptr (QrImage) mip1 = NULL;
    g_assert_no_error (error);
    mip1 = qr_wal_decode (data, 5000, 1, &colormap, &error);
    g_assert_null (mip1);
    g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED);
    g_clear_error (&error);
  }
  g_assert_false (qr_wal_size (data, 99, &w, &h, &error));
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED);
  g_clear_error (&error);
  g_assert_false (qr_wal_size (data, 4000, &w, &h, &error));
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED);
  g_clear_error (&error);

  data = g_bytes_get_data (rc, &size);
  {
    g_autoptr (QrImage) mip0 = qr_wal_decode (data, size, 0, &colormap, &error);
    g_autoptr (QrImage) mip3 = qr_wal_decode (data, size, 3, &colormap, &error);
    g_assert_no_error (error);
    g_assert_cmpint (mip0->width, ==, 128);
    qr_test_assert_pixel (mip0, 0, 0, 43, 31, 19, 255);   /* index 25 */
    qr_test_assert_pixel (mip0, 77, 40, 23, 15, 11, 255); /* index 29 */
    qr_test_assert_pixel (mip3, 5, 5, 35, 23, 15, 255);   /* index 27 */
  }
  /* Every prefix: a size or an error, never a read past it. */
  for (gsize len = 0; len <= size; len += 7)
    {
      g_autofree uint8_t *copy = g_memdup2 (data, len);
      for (int mip = 0; mip < 4; mip++)
        {
          g_autoptr (GError) e = NULL;
          g_autoptr (QrImage) image = qr_wal_decode (copy, len, mip, &colormap, &e);
          g_assert_true ((image == NULL) != (e == NULL));
        }
    }
}

/* ---- PAK ---- */

static QrPak *
open_pak (const char *name, GError **error)
{
  g_autofree char *rel = g_strconcat (TB_PAK, name, NULL);
  g_autofree char *path = qr_test_corpus_file (rel);

  g_assert_nonnull (path);
  return qr_pak_open (path, error);
}

static GBytes *
read_pak_file (QrPak *pak, const char *path)
{
  g_autoptr (GError) error = NULL;
  int i = qr_pak_find (pak, path);
  GBytes *bytes;

  g_assert_cmpint (i, >=, 0);
  bytes = qr_pak_read (pak, (guint) i, &error);
  g_assert_no_error (error);
  return bytes;
}

static void
test_pak_quake (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrPak) pak = NULL;
  g_autoptr (GBytes) cfg = NULL, wal = NULL;
  g_autoptr (QrImage) image = NULL;
  gsize size;
  const uint8_t *data;

  if (!qr_test_corpus_available ())
    return;
  pak = open_pak ("idpak.pak", &error);
  g_assert_no_error (error);
  g_assert_false (qr_pak_is_daikatana (pak));
  g_assert_cmpuint (qr_pak_n_files (pak), ==, 11);
  g_assert_cmpuint (qr_pak_n_problems (pak), ==, 0);
  g_assert_cmpstr (qr_pak_file_path (pak, 1), ==, "textures/e1u3/strs1_3.wal");
  g_assert_cmpuint (qr_pak_file_size (pak, 0), ==, 419);

  cfg = read_pak_file (pak, "AMNET.CFG");
  g_assert_cmpuint (g_bytes_get_size (cfg), ==, 419);
  g_assert_cmpmem (g_bytes_get_data (cfg, NULL), 14, "//\n// my stuff", 14);
  g_assert_cmpint (qr_pak_find (pak, "textures\\E1U1\\brlava.wal"), ==, 6);
  g_assert_cmpint (qr_pak_find (pak, "/textures/e1u1/brlava.wal"), ==, 6);
  g_assert_cmpint (qr_pak_find (pak, "brlava.wal"), ==, -1);

  wal = read_pak_file (pak, "textures/e1u1/brlava.wal");
  data = g_bytes_get_data (wal, &size);
  image = qr_wal_decode (data, size, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (image->width, ==, 64);
}

static void
test_pak_daikatana (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrPak) dk = NULL, id = NULL;
  g_autoptr (GBytes) packed = NULL, plain = NULL, wal_dk = NULL, wal_id = NULL;

  if (!qr_test_corpus_available ())
    return;
  dk = open_pak ("dkpak.pak", &error);
  id = open_pak ("idpak.pak", &error);
  g_assert_no_error (error);
  g_assert_true (qr_pak_is_daikatana (dk));
  g_assert_cmpuint (qr_pak_n_files (dk), ==, 11);
  g_assert_cmpuint (qr_pak_n_problems (dk), ==, 0);
  /* amnet.cfg is run-length coded (303 bytes for 419): decoded, it is the
   * Quake PAK's copy. */
  packed = read_pak_file (dk, "amnet.cfg");
  plain = read_pak_file (id, "amnet.cfg");
  g_assert_true (g_bytes_equal (packed, plain));
  wal_dk = read_pak_file (dk, "textures/e1u2/basic1_7.wal");
  wal_id = read_pak_file (id, "textures/e1u2/basic1_7.wal");
  g_assert_true (g_bytes_equal (wal_dk, wal_id));
}

static void
test_pak_rle (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrPak) pak = NULL;
  g_autoptr (GBytes) terminated = NULL, unterminated = NULL, plain = NULL, corrupt = NULL;

  if (!qr_test_corpus_available ())
    return;
  pak = open_pak ("dkpak_rle.pak", &error);
  g_assert_no_error (error);
  g_assert_true (qr_pak_is_daikatana (pak));
  g_assert_cmpuint (qr_pak_n_files (pak), ==, 4);
  /* Copy "AB", three zeros, four 'C', a no-op, "AB" again from 9 back. */
  terminated = read_pak_file (pak, "terminated.bin");
  g_assert_cmpmem (g_bytes_get_data (terminated, NULL), g_bytes_get_size (terminated), "AB\0\0\0CCCCAB", 11);
  /* No terminator: decoding stops at the entry's size (1 byte). */
  unterminated = read_pak_file (pak, "unterminated.bin");
  g_assert_cmpmem (g_bytes_get_data (unterminated, NULL), g_bytes_get_size (unterminated), "Z", 1);
  plain = read_pak_file (pak, "plain.txt");
  g_assert_cmpmem (g_bytes_get_data (plain, NULL), g_bytes_get_size (plain), "hello", 5);
  /* A two-byte copy with one byte left. */
  corrupt = qr_pak_read (pak, (guint) qr_pak_find (pak, "corrupt.bin"), &error);
  g_assert_null (corrupt);
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "dkpak_rle.pak: “corrupt.bin”: its compressed data is corrupt"));
}

static void
test_pak_broken (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrPak) truncated = NULL, duplicate = NULL;
  g_autoptr (GBytes) first = NULL;

  if (!qr_test_corpus_available ())
    return;
  truncated = open_pak ("dkpak_truncated.pak", &error);
  g_assert_null (truncated);
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED);
  g_assert_nonnull (strstr (error->message, "dkpak_truncated.pak: its directory (72 bytes at offset 12) runs past the end of the file (12 bytes)"));
  g_clear_error (&error);

  /* dup.txt and DUP.TXT: both listed, a lookup takes the first. */
  duplicate = open_pak ("dkpak_duplicate_name.pak", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (qr_pak_n_files (duplicate), ==, 2);
  first = read_pak_file (duplicate, "Dup.Txt");
  g_assert_cmpmem (g_bytes_get_data (first, NULL), g_bytes_get_size (first), "first", 5);

  /* Not a PAK at all. */
  {
    g_autoptr (GBytes) wad = g_bytes_new_static ("WAD2\0\0\0\0\14\0\0\0", 12);
    g_autoptr (QrPak) none = qr_pak_new_from_bytes (wad, "x.pak", &error);
    g_assert_null (none);
    g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
    g_clear_error (&error);
  }
  /* An entry pointing outside the file: skipped, the rest read. */
  {
    static const char *const names[] = { "a.txt", "b.txt" };
    static const char *const contents[] = { "alpha", "beta" };
    g_autoptr (GBytes) built = qr_test_pak_build (names, contents, 2);
    gsize size;
    const uint8_t *data = g_bytes_get_data (built, &size);
    g_autofree uint8_t *copy = g_memdup2 (data, size);
    g_autoptr (GBytes) bent = NULL;
    g_autoptr (QrPak) pak = NULL;

    copy[size - 64 + 56 + 1] = 0x7F; /* a.txt's offset += 0x7F00 */
    bent = g_bytes_new (copy, size);
    pak = qr_pak_new_from_bytes (bent, "bent.pak", &error);
    g_assert_no_error (error);
    g_assert_cmpuint (qr_pak_n_files (pak), ==, 1);
    g_assert_cmpstr (qr_pak_file_path (pak, 0), ==, "a.txt");
    g_assert_cmpuint (qr_pak_n_problems (pak), ==, 1);
    g_assert_nonnull (strstr (qr_pak_problem (pak, 0), "bent.pak: entry 1 “b.txt”: its data"));
  }
  /* Found by fuzz-pak: the skipped entry's name is not UTF-8; the problem,
   * shown in GTK labels, still is (the byte as U+FFFD). */
  {
    static const char *const names[] = { "a.txt", "b\xff.txt" };
    static const char *const contents[] = { "alpha", "beta" };
    g_autoptr (GBytes) built = qr_test_pak_build (names, contents, 2);
    gsize size;
    const uint8_t *data = g_bytes_get_data (built, &size);
    g_autofree uint8_t *copy = g_memdup2 (data, size);
    g_autoptr (GBytes) bent = NULL;
    g_autoptr (QrPak) pak = NULL;

    copy[size - 64 + 56 + 1] = 0x7F;
    bent = g_bytes_new (copy, size);
    pak = qr_pak_new_from_bytes (bent, "bent.pak", &error);
    g_assert_no_error (error);
    g_assert_cmpuint (qr_pak_n_problems (pak), ==, 1);
    g_assert_true (g_utf8_validate (qr_pak_problem (pak, 0), -1, NULL));
    g_assert_nonnull (strstr (qr_pak_problem (pak, 0), "bent.pak: entry 1 “b\xef\xbf\xbd.txt”: its data"));
  }
}

static void
test_pak_prefixes (void)
{
  static const char *const names[] = { "dkpak_rle.pak", "dkpak_duplicate_name.pak", "idpak.pak", "dkpak.pak" };

  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autofree char *rel = g_strconcat (TB_PAK, names[n], NULL);
      g_autoptr (GBytes) whole = qr_test_corpus_bytes (rel);
      gsize size;
      const uint8_t *data;

      if (whole == NULL)
        return;
      data = g_bytes_get_data (whole, &size);
      /* Around the directory (at the end of these files) every length;
       * elsewhere every 61st. */
      for (gsize len = 0; len <= size; len += len + 1000 >= size ? 1 : 61)
        {
          g_autoptr (GBytes) prefix = g_bytes_new (data, len);
          g_autoptr (GError) error = NULL;
          g_autoptr (QrPak) pak = qr_pak_new_from_bytes (prefix, names[n], &error);

          g_assert_true ((pak == NULL) != (error == NULL));
          for (guint i = 0; pak != NULL && i < qr_pak_n_files (pak); i++)
            {
              g_autoptr (GError) read_error = NULL;
              g_autoptr (GBytes) bytes = qr_pak_read (pak, i, &read_error);
              g_assert_true ((bytes == NULL) != (read_error == NULL));
            }
        }
    }
}

/* ---- the search path ---- */

static void
write_file (const char *dir, const char *rel, const char *text)
{
  g_autofree char *path = g_build_filename (dir, rel, NULL);
  g_autofree char *parent = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (parent, 0755), ==, 0);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

static void
write_bytes (const char *dir, const char *rel, GBytes *bytes)
{
  g_autofree char *path = g_build_filename (dir, rel, NULL);
  g_autoptr (GError) error = NULL;
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  g_file_set_contents (path, data, (gssize) size, &error);
  g_assert_no_error (error);
}

static char *
vfs_text (QrVfs *vfs, const char *rel)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = qr_vfs_read (vfs, rel, &error);

  if (bytes == NULL)
    return NULL;
  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static void
test_vfs (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *top = g_dir_make_tmp ("quarry-vfs-XXXXXX", &error);
  g_autofree char *game = g_build_filename (top, "id1", NULL);
  g_autofree char *extra = g_build_filename (top, "extra", NULL);
  g_autoptr (QrVfs) vfs = qr_vfs_new ();
  g_auto (GStrv) textures = NULL, all = NULL, top_files = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  write_file (game, "Textures/Wall.WAL", "loose wall");
  write_file (game, "gfx/palette.lmp", "loose palette");
  write_file (extra, "textures/wall.wal", "extra wall");
  write_file (extra, "textures/only-extra.txt", "extra only");
  {
    static const char *const names0[] = { "textures/wall.wal", "textures/pak0.txt", "textures/both.txt", "maps/start.bsp" };
    static const char *const contents0[] = { "pak0 wall", "pak0 only", "pak0 both", "bsp" };
    static const char *const names1[] = { "textures/both.txt", "textures/sub/deep.txt" };
    static const char *const contents1[] = { "pak1 both", "pak1 deep" };
    g_autoptr (GBytes) pak0 = qr_test_pak_build (names0, contents0, 4);
    g_autoptr (GBytes) pak1 = qr_test_pak_build (names1, contents1, 2);
    write_bytes (game, "pak0.pak", pak0);
    write_bytes (game, "PAK1.PAK", pak1);
  }

  g_assert_true (qr_vfs_add_game_dir (vfs, game, &error));
  g_assert_no_error (error);
  g_assert_true (qr_vfs_add_dir (vfs, extra, &error));
  g_assert_cmpuint (qr_vfs_n_roots (vfs), ==, 4);

  /* Case-insensitive on a case-sensitive disk; the loose folder first. */
  text = vfs_text (vfs, "textures/wall.wal");
  g_assert_cmpstr (text, ==, "loose wall");
  g_clear_pointer (&text, g_free);
  text = vfs_text (vfs, "TEXTURES\\WALL.wal");
  g_assert_cmpstr (text, ==, "loose wall");
  g_clear_pointer (&text, g_free);
  /* pak1 overrides pak0. */
  text = vfs_text (vfs, "textures/both.txt");
  g_assert_cmpstr (text, ==, "pak1 both");
  g_clear_pointer (&text, g_free);
  text = vfs_text (vfs, "Textures/PAK0.txt");
  g_assert_cmpstr (text, ==, "pak0 only");
  g_clear_pointer (&text, g_free);
  text = vfs_text (vfs, "./textures//only-extra.txt");
  g_assert_cmpstr (text, ==, "extra only");
  g_clear_pointer (&text, g_free);
  g_assert_true (qr_vfs_exists (vfs, "textures/sub/DEEP.txt"));
  g_assert_false (qr_vfs_exists (vfs, "textures"));
  g_assert_false (qr_vfs_exists (vfs, "textures/../gfx/palette.lmp"));
  g_assert_false (qr_vfs_exists (vfs, "../id1/gfx/palette.lmp"));

  {
    g_autoptr (GBytes) none = qr_vfs_read (vfs, "textures/nothing.wal", &error);
    g_assert_null (none);
    g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_NOT_FOUND);
    g_assert_nonnull (strstr (error->message, "“textures/nothing.wal” is not in "));
    g_assert_nonnull (strstr (error->message, "pak0.pak"));
    g_clear_error (&error);
  }

  /* wall.wal is in three roots: listed once, as the first spells it. */
  textures = qr_vfs_list (vfs, "TEXTURES", false);
  g_assert_cmpuint (g_strv_length (textures), ==, 4);
  g_assert_cmpstr (textures[0], ==, "Textures/Wall.WAL");
  g_assert_cmpstr (textures[1], ==, "textures/both.txt");
  g_assert_cmpstr (textures[2], ==, "textures/only-extra.txt");
  g_assert_cmpstr (textures[3], ==, "textures/pak0.txt");
  all = qr_vfs_list (vfs, "", true);
  g_assert_true (g_strv_contains ((const char *const *) all, "textures/sub/deep.txt"));
  g_assert_true (g_strv_contains ((const char *const *) all, "maps/start.bsp"));
  g_assert_true (g_strv_contains ((const char *const *) all, "gfx/palette.lmp"));
  top_files = qr_vfs_list (vfs, "", false);
  g_assert_true (g_strv_contains ((const char *const *) top_files, "pak0.pak"));
  g_assert_false (g_strv_contains ((const char *const *) top_files, "maps/start.bsp"));

  /* A broken PAK in a game folder: the rest stays, the error says which. */
  {
    g_autoptr (QrVfs) second = qr_vfs_new ();
    write_file (game, "pak2.pak", "PACK");
    g_assert_false (qr_vfs_add_game_dir (second, game, &error));
    g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
    g_assert_nonnull (strstr (error->message, "pak2.pak"));
    g_clear_error (&error);
    g_assert_cmpuint (qr_vfs_n_roots (second), ==, 3);
  }
  g_assert_false (qr_vfs_add_dir (vfs, "/nonexistent/quarry", &error));
  g_assert_nonnull (error);
  qr_test_remove_tree (top);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/texture/palette/lmp", test_palette_lmp);
  g_test_add_func ("/texture/palette/pcx", test_palette_pcx);
  g_test_add_func ("/texture/wad/librequake-all", test_wad_librequake_all);
  g_test_add_func ("/texture/wad/librequake-pixels", test_wad_librequake_pixels);
  g_test_add_func ("/texture/wad/transparent-wad2", test_wad_transparent_wad2);
  g_test_add_func ("/texture/wad/transparent-wad3", test_wad_transparent_wad3);
  g_test_add_func ("/texture/wad/hl-currents", test_wad_hl_currents);
  g_test_add_func ("/texture/wad/broken-fixtures", test_wad_broken);
  g_test_add_func ("/texture/wad/built-cases", test_wad_built_cases);
  g_test_add_func ("/texture/wad/prefixes", test_wad_prefixes);
  g_test_add_func ("/texture/wad/prefixes-directory-first", test_wad_prefixes_directory_first);
  g_test_add_func ("/texture/wal/pixels", test_wal_pixels);
  g_test_add_func ("/texture/pak/quake", test_pak_quake);
  g_test_add_func ("/texture/pak/daikatana", test_pak_daikatana);
  g_test_add_func ("/texture/pak/rle", test_pak_rle);
  g_test_add_func ("/texture/pak/broken", test_pak_broken);
  g_test_add_func ("/texture/pak/prefixes", test_pak_prefixes);
  g_test_add_func ("/texture/vfs", test_vfs);
  return g_test_run ();
}
