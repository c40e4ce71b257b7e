/* test-vtf.c — the VTF decoder against srctools' decodes of the corpus's
 * eleven formats, hand-made files for the other formats and layouts, and
 * every truncation of a few files. */
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <string.h>
#include <sys/resource.h>

#include "qr-test-corpus.h"
#include "qr-vmt.h"
#include "qr-vtf.h"

/* ---- the corpus: vtf/materials/test_vtf/sample_NAME.vtf ---- */

typedef struct
{
  const char *name;
  int format;
  int tolerance; /* per channel: DXT decoders round differently */
} CorpusCase;

static const CorpusCase corpus_cases[] = {
  { "a8", QR_VTF_A8, 0 },
  { "bgr565", QR_VTF_BGR565, 0 },
  { "bgr888", QR_VTF_BGR888, 0 },
  { "bgra4444", QR_VTF_BGRA4444, 0 },
  { "bgra8888", QR_VTF_BGRA8888, 0 },
  { "dxt1", QR_VTF_DXT1, 4 },
  { "dxt1_onebitalpha", QR_VTF_DXT1_ONEBITALPHA, 4 },
  { "dxt3", QR_VTF_DXT3, 4 },
  { "dxt5", QR_VTF_DXT5, 4 },
  { "i8", QR_VTF_I8, 0 },
  { "ia88", QR_VTF_IA88, 0 },
  { "rgba8888", QR_VTF_RGBA8888, 0 },
};

/* The file's bytes in an allocation of exactly their size, so that
 * AddressSanitizer sees any read past the end; NULL after a skip. */
static GBytes *
corpus_bytes (const char *relative)
{
  g_autofree char *path = qr_test_corpus_file (relative);
  g_autoptr (GError) error = NULL;
  char *contents;
  gsize len;

  if (path == NULL)
    return NULL;
  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (contents, len);
}

static QrImage *
decode_bytes (GBytes *bytes, int mip, GError **error)
{
  gsize size;
  const uint8_t *data = g_bytes_get_data (bytes, &size);

  return qr_vtf_decode (data, size, mip, error);
}

/* The largest difference of any channel of any pixel; the sizes must match. */
static int
max_difference (const QrImage *image, GdkPixbuf *expected)
{
  g_autoptr (GdkPixbuf) rgba = gdk_pixbuf_add_alpha (expected, FALSE, 0, 0, 0);
  const guint8 *pixels = gdk_pixbuf_read_pixels (rgba);
  int stride = gdk_pixbuf_get_rowstride (rgba), worst = 0;

  g_assert_cmpint (gdk_pixbuf_get_width (rgba), ==, image->width);
  g_assert_cmpint (gdk_pixbuf_get_height (rgba), ==, image->height);
  for (int y = 0; y < image->height; y++)
    for (int x = 0; x < image->width * 4; x++)
      worst = MAX (worst, abs ((int) image->rgba[y * image->width * 4 + x] - (int) pixels[y * stride + x]));
  return worst;
}

static void
test_corpus_format (gconstpointer data)
{
  const CorpusCase *c = data;
  g_autofree char *vtf_name = g_strdup_printf ("vtf/materials/test_vtf/sample_%s.vtf", c->name);
  g_autofree char *vmt_name = g_strdup_printf ("vtf/materials/test_vtf/sample_%s.vmt", c->name);
  g_autofree char *png_name = g_strdup_printf ("vtf/expected_%s.png", c->name);
  g_autoptr (GBytes) vtf = corpus_bytes (vtf_name);
  g_autoptr (GError) error = NULL;
  int width, height, n_mips, format;
  gsize size;

  if (vtf == NULL)
    return;
  const uint8_t *bytes = g_bytes_get_data (vtf, &size);
  g_assert_true (qr_vtf_info (bytes, size, &width, &height, &n_mips, &format, &error));
  g_assert_no_error (error);
  g_assert_cmpint (width, ==, 64);
  g_assert_cmpint (height, ==, 64);
  g_assert_cmpint (n_mips, ==, 7);
  g_assert_cmpint (format, ==, c->format);

  g_autoptr (QrImage) image = decode_bytes (vtf, 0, &error);
  g_assert_no_error (error);
  g_autofree char *png_path = qr_test_corpus_file (png_name);
  if (png_path == NULL)
    return;
  g_autoptr (GdkPixbuf) expected = gdk_pixbuf_new_from_file (png_path, &error);
  g_assert_no_error (error);
  int worst = max_difference (image, expected);
  g_test_message ("%s: largest channel difference from srctools' decode %d", c->name, worst);
  g_assert_cmpint (worst, <=, c->tolerance);

  /* Smaller mipmaps: their size, and their pixels near a 2x2 box average of
   * the level above (the exporter's filter is not known exactly). */
  g_autoptr (QrImage) mip1 = decode_bytes (vtf, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mip1->width, ==, 32);
  g_assert_cmpint (mip1->height, ==, 32);
  double total = 0;
  for (int y = 0; y < 32; y++)
    for (int x = 0; x < 32 * 4; x++)
      {
        const uint8_t *top = image->rgba + (2 * y) * 64 * 4 + 2 * (x / 4) * 4 + x % 4;
        int box = (top[0] + top[4] + top[64 * 4] + top[64 * 4 + 4] + 2) / 4;
        total += abs (box - (int) mip1->rgba[y * 32 * 4 + x]);
      }
  g_test_message ("%s: mipmap 1 differs from a box filter of mipmap 0 by %.2f on average", c->name,
                  total / (32 * 32 * 4));
  g_assert_cmpfloat (total / (32 * 32 * 4), <, 4.0);

  g_autoptr (QrImage) mip4 = decode_bytes (vtf, 4, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mip4->width, ==, 4);
  g_assert_cmpint (mip4->height, ==, 4);
  g_autoptr (QrImage) mip6 = decode_bytes (vtf, 6, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mip6->width, ==, 1);
  g_assert_cmpint (mip6->height, ==, 1);
  g_assert_null (decode_bytes (vtf, 7, &error));
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_autoptr (GBytes) vmt = corpus_bytes (vmt_name);
  if (vmt == NULL)
    return;
  g_autofree char *base = qr_vmt_base_texture (g_bytes_get_data (vmt, NULL), g_bytes_get_size (vmt), vmt_name, &error);
  g_assert_no_error (error);
  g_autofree char *want = g_strdup_printf ("test_vtf/sample_%s", c->name);
  g_assert_cmpstr (base, ==, want);
}

/* Not a check, a figure for the report: the time to decode each corpus
 * file's largest image, fastest and median of 51 runs (on a loaded machine
 * the fastest is the decoder's own time, the median includes waiting). */
static void
test_corpus_timing (void)
{
  enum { RUNS = 51 };
  gint64 all_fastest = 0, all_median = 0;

  for (gsize i = 0; i < G_N_ELEMENTS (corpus_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("vtf/materials/test_vtf/sample_%s.vtf", corpus_cases[i].name);
      g_autoptr (GBytes) vtf = corpus_bytes (name);
      gint64 times[RUNS];

      if (vtf == NULL)
        return;
      for (int run = 0; run < RUNS; run++)
        {
          gint64 start = g_get_monotonic_time ();
          g_autoptr (QrImage) image = decode_bytes (vtf, 0, NULL);
          times[run] = g_get_monotonic_time () - start;
          g_assert_nonnull (image);
        }
      for (int a = 1; a < RUNS; a++)
        for (int b = a; b > 0 && times[b - 1] > times[b]; b--)
          {
            gint64 swap = times[b];
            times[b] = times[b - 1];
            times[b - 1] = swap;
          }
      g_test_message ("decode %s: fastest %" G_GINT64_FORMAT " us, median %" G_GINT64_FORMAT " us",
                      corpus_cases[i].name, times[0], times[RUNS / 2]);
      all_fastest += times[0];
      all_median += times[RUNS / 2];
    }
  g_test_message ("decode of all %zu corpus files: %" G_GINT64_FORMAT " us fastest, %" G_GINT64_FORMAT
                  " us median (sums)",
                  G_N_ELEMENTS (corpus_cases), all_fastest, all_median);
}

/* Every prefix of a file is truncated: each must fail cleanly with
 * QR_TEXTURE_ERROR_TRUNCATED, read nothing past its end (each prefix is an
 * allocation of its own size, for AddressSanitizer) and the whole file must
 * still decode. */
static void
assert_every_prefix_truncated (const uint8_t *data, gsize size, const char *what)
{
  g_autoptr (GError) error = NULL;

  for (gsize len = 0; len < size; len++)
    {
      g_autofree uint8_t *prefix = g_memdup2 (data, len);
      g_assert_false (qr_vtf_info (prefix, len, NULL, NULL, NULL, NULL, &error));
      if (!g_error_matches (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED))
        g_error ("%s cut to %zu bytes: %s", what, len, error ? error->message : "no error");
      g_clear_error (&error);
      g_assert_null (qr_vtf_decode (prefix, len, 0, &error));
      g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED);
      g_assert_nonnull (strstr (error->message, "VTF truncated: "));
      g_clear_error (&error);
    }
  g_autofree uint8_t *whole = g_memdup2 (data, size);
  g_autoptr (QrImage) image = qr_vtf_decode (whole, size, 0, &error);
  g_assert_no_error (error);
}

static void
test_corpus_truncated (void)
{
  const char *names[] = { "dxt5", "dxt1", "bgr888", "a8", "bgra4444" };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *name = g_strdup_printf ("vtf/materials/test_vtf/sample_%s.vtf", names[i]);
      g_autoptr (GBytes) vtf = corpus_bytes (name);
      gsize size;

      if (vtf == NULL)
        return;
      const uint8_t *data = g_bytes_get_data (vtf, &size);
      assert_every_prefix_truncated (data, size, name);
    }

  /* The message says what was cut. */
  g_autoptr (GBytes) vtf = corpus_bytes ("vtf/materials/test_vtf/sample_dxt5.vtf");
  g_autoptr (GError) error = NULL;
  g_assert_null (qr_vtf_decode (g_bytes_get_data (vtf, NULL), 5000, 0, &error));
  g_assert_cmpstr (error->message, ==,
                   "VTF truncated: its image data (7 mipmaps of 64×64×1 DXT5, 1 frames, 1 faces) ends at byte "
                   "5696, the file has 5000 bytes");
  g_clear_error (&error);
  g_assert_null (qr_vtf_decode (g_bytes_get_data (vtf, NULL), 100, 0, &error));
  g_assert_cmpstr (error->message, ==,
                   "VTF truncated: its low-resolution image (16×16 DXT1) ends at byte 208, the file has 100 bytes");
  g_clear_error (&error);
  g_assert_null (qr_vtf_decode (g_bytes_get_data (vtf, NULL), 40, 0, &error));
  g_assert_cmpstr (error->message, ==, "VTF truncated: a version 7.2 header needs 65 bytes, the file has 40 bytes");
}

/* ---- hand-made files ---- */

typedef struct
{
  int minor;
  int width, height, depth, frames, n_mips, format;
  guint32 flags;
  guint16 first_frame;
  int lowres_format; /* -1: none */
  int lowres_width, lowres_height;
  bool trailing_resource; /* 7.3 on: a key-values resource after the image */
} VtfSpec;

static void
put_u16 (GByteArray *a, gsize at, guint16 v)
{
  a->data[at] = v & 0xff;
  a->data[at + 1] = v >> 8;
}

static void
put_u32 (GByteArray *a, gsize at, guint32 v)
{
  for (int i = 0; i < 4; i++)
    a->data[at + i] = (v >> (8 * i)) & 0xff;
}

static void
put_float (GByteArray *a, gsize at, float f)
{
  guint32 v;
  memcpy (&v, &f, 4);
  put_u32 (a, at, v);
}

/* A VTF of version 7.`minor` around `image` (the whole high-resolution
 * data), with a zeroed DXT1 thumbnail when lowres_format is DXT1. */
static GByteArray *
build_vtf (const VtfSpec *s, const uint8_t *image, gsize image_len)
{
  GByteArray *a = g_byte_array_new ();
  gsize lowres_len = s->lowres_format == QR_VTF_DXT1 ? 8 * ((s->lowres_width + 3) / 4) * ((s->lowres_height + 3) / 4) : 0;
  int n_resources = s->minor >= 3 ? 2 + (lowres_len > 0) + s->trailing_resource : 0;
  gsize header = s->minor >= 3 ? 80 + 8 * (gsize) n_resources : s->minor == 2 ? 80 : 64;

  g_byte_array_set_size (a, header);
  memset (a->data, 0, header);
  memcpy (a->data, "VTF", 4);
  put_u32 (a, 4, 7);
  put_u32 (a, 8, s->minor);
  put_u32 (a, 12, header);
  put_u16 (a, 16, s->width);
  put_u16 (a, 18, s->height);
  put_u32 (a, 20, s->flags);
  put_u16 (a, 24, s->frames);
  put_u16 (a, 26, s->first_frame);
  for (int i = 0; i < 3; i++)
    put_float (a, 32 + 4 * i, 0.5f);
  put_float (a, 48, 1.0f);
  put_u32 (a, 52, s->format);
  a->data[56] = s->n_mips;
  put_u32 (a, 57, s->lowres_format);
  a->data[61] = s->lowres_width;
  a->data[62] = s->lowres_height;
  if (s->minor >= 2)
    put_u16 (a, 63, s->depth);
  if (s->minor >= 3)
    {
      gsize entry = 80, lowres_at = header, image_at = header + lowres_len;
      put_u32 (a, 68, n_resources);
      /* A CRC resource first: its value sits in the entry (flag 0x02). */
      memcpy (a->data + entry, "CRC\x02", 4);
      put_u32 (a, entry + 4, 0xdeadbeef);
      entry += 8;
      if (s->trailing_resource)
        {
          memcpy (a->data + entry, "KVD\0", 4);
          put_u32 (a, entry + 4, image_at + image_len);
          entry += 8;
        }
      memcpy (a->data + entry, "\x30\0\0\0", 4);
      put_u32 (a, entry + 4, image_at);
      entry += 8;
      if (lowres_len > 0)
        {
          memcpy (a->data + entry, "\x01\0\0\0", 4);
          put_u32 (a, entry + 4, lowres_at);
        }
    }
  g_byte_array_set_size (a, header + lowres_len);
  memset (a->data + header, 0, lowres_len);
  g_byte_array_append (a, image, image_len);
  if (s->trailing_resource)
    {
      static const char kv[] = "\x08\0\0\0\"k\" \"v\"";
      g_byte_array_append (a, (const guint8 *) kv, 12);
    }
  return a;
}

static QrImage *
decode_array (GByteArray *a, int mip, GError **error)
{
  g_autofree uint8_t *exact = g_memdup2 (a->data, a->len);

  return qr_vtf_decode (exact, a->len, mip, error);
}

typedef struct
{
  int format;
  guint8 bytes[8]; /* a 2x1 image */
  guint8 rgba[8];
} PixelCase;

/* The formats beyond the corpus's, and one hand-checked value for some in
 * it. Layouts as srctools reads them (see qr-vtf.c). */
static const PixelCase pixel_cases[] = {
  { QR_VTF_RGBA8888, { 1, 2, 3, 4, 5, 6, 7, 8 }, { 1, 2, 3, 4, 5, 6, 7, 8 } },
  { QR_VTF_ABGR8888, { 4, 3, 2, 1, 8, 7, 6, 5 }, { 1, 2, 3, 4, 5, 6, 7, 8 } },
  { QR_VTF_RGB888, { 1, 2, 3, 5, 6, 7 }, { 1, 2, 3, 255, 5, 6, 7, 255 } },
  { QR_VTF_BGR888, { 3, 2, 1, 7, 6, 5 }, { 1, 2, 3, 255, 5, 6, 7, 255 } },
  { QR_VTF_I8, { 9, 200 }, { 9, 9, 9, 255, 200, 200, 200, 255 } },
  { QR_VTF_IA88, { 9, 10, 200, 0 }, { 9, 9, 9, 10, 200, 200, 200, 0 } },
  { QR_VTF_A8, { 9, 200 }, { 0, 0, 0, 9, 0, 0, 0, 200 } },
  { QR_VTF_RGB888_BLUESCREEN, { 0, 0, 255, 1, 2, 3 }, { 0, 0, 0, 0, 1, 2, 3, 255 } },
  { QR_VTF_BGR888_BLUESCREEN, { 255, 0, 0, 3, 2, 1 }, { 0, 0, 0, 0, 1, 2, 3, 255 } },
  { QR_VTF_ARGB8888, { 2, 3, 4, 1, 6, 7, 8, 5 }, { 1, 2, 3, 4, 5, 6, 7, 8 } },
  { QR_VTF_BGRA8888, { 3, 2, 1, 4, 7, 6, 5, 8 }, { 1, 2, 3, 4, 5, 6, 7, 8 } },
  { QR_VTF_BGRX8888, { 3, 2, 1, 9, 7, 6, 5, 0 }, { 1, 2, 3, 255, 5, 6, 7, 255 } },
  /* 0xf800 is full red, 0x07e0 full green. */
  { QR_VTF_BGR565, { 0x00, 0xf8, 0xe0, 0x07 }, { 255, 0, 0, 255, 0, 255, 0, 255 } },
  /* 0xfc00: the X bit and full red; 0x0443: red 1, green 2, blue 3 of 31. */
  { QR_VTF_BGRX5551, { 0x00, 0xfc, 0x43, 0x04 }, { 255, 0, 0, 255, 8, 16, 24, 255 } },
  { QR_VTF_BGRA5551, { 0x00, 0xfc, 0x43, 0x04 }, { 255, 0, 0, 255, 8, 16, 24, 0 } },
  /* 0x1234: alpha 1, red 2, green 3, blue 4 of 15. */
  { QR_VTF_BGRA4444, { 0x34, 0x12, 0xff, 0x0f }, { 34, 51, 68, 17, 255, 255, 255, 0 } },
  { QR_VTF_UV88, { 10, 20, 30, 40 }, { 10, 20, 0, 255, 30, 40, 0, 255 } },
  { QR_VTF_UVWQ8888, { 1, 2, 3, 4, 5, 6, 7, 8 }, { 1, 2, 3, 4, 5, 6, 7, 8 } },
  { QR_VTF_UVLX8888, { 1, 2, 3, 4, 5, 6, 7, 8 }, { 1, 2, 3, 4, 5, 6, 7, 8 } },
};

static const int pixel_bytes[] = {
  [QR_VTF_RGBA8888] = 4, [QR_VTF_ABGR8888] = 4, [QR_VTF_RGB888] = 3, [QR_VTF_BGR888] = 3,
  [QR_VTF_I8] = 1, [QR_VTF_IA88] = 2, [QR_VTF_A8] = 1, [QR_VTF_RGB888_BLUESCREEN] = 3,
  [QR_VTF_BGR888_BLUESCREEN] = 3, [QR_VTF_ARGB8888] = 4, [QR_VTF_BGRA8888] = 4, [QR_VTF_BGRX8888] = 4,
  [QR_VTF_BGR565] = 2, [QR_VTF_BGRX5551] = 2, [QR_VTF_BGRA4444] = 2, [QR_VTF_BGRA5551] = 2,
  [QR_VTF_UV88] = 2, [QR_VTF_UVWQ8888] = 4, [QR_VTF_UVLX8888] = 4,
};

static void
test_pixel_formats (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (pixel_cases); i++)
    {
      const PixelCase *c = &pixel_cases[i];
      VtfSpec spec = { .minor = 2, .width = 2, .height = 1, .depth = 1, .frames = 1, .n_mips = 1,
                       .format = c->format, .lowres_format = -1 };
      g_autoptr (GByteArray) vtf = build_vtf (&spec, c->bytes, 2 * (gsize) pixel_bytes[c->format]);
      g_autoptr (GError) error = NULL;
      g_autoptr (QrImage) image = decode_array (vtf, 0, &error);

      g_test_message ("format %s", qr_vtf_format_name (c->format));
      g_assert_no_error (error);
      g_assert_cmpint (image->width, ==, 2);
      g_assert_cmpint (image->height, ==, 1);
      g_assert_cmpmem (image->rgba, 8, c->rgba, 8);
    }
}

static void
test_dxt_blocks (void)
{
  /* One DXT1 block in three-colour mode (colour 0 black <= colour 1 white).
   * Indices, two bits a pixel from the low bits: pixel 0 → 1 (white),
   * 1 → 3 (transparent black), 2 → 2 (half grey), 3 → 3: 0b11101101; the
   * other rows all 3. */
  const guint8 block[8] = { 0x00, 0x00, 0xff, 0xff, 0xed, 0xff, 0xff, 0xff };

  for (int onebit = 0; onebit <= 1; onebit++)
    {
      int format = onebit ? QR_VTF_DXT1_ONEBITALPHA : QR_VTF_DXT1;
      VtfSpec spec = { .minor = 2, .width = 4, .height = 4, .depth = 1, .frames = 1, .n_mips = 1,
                       .format = format, .lowres_format = -1 };
      g_autoptr (GByteArray) vtf = build_vtf (&spec, block, 8);
      g_autoptr (GError) error = NULL;
      g_autoptr (QrImage) image = decode_array (vtf, 0, &error);

      g_assert_no_error (error);
      const guint8 white[4] = { 255, 255, 255, 255 };
      g_assert_cmpmem (image->rgba, 4, white, 4);
      /* DXT1 is opaque in Source; only the one-bit-alpha variant keeps it. */
      const guint8 black[4] = { 0, 0, 0, onebit ? 0 : 255 };
      g_assert_cmpmem (image->rgba + 4, 4, black, 4);
      for (int c = 0; c < 3; c++)
        g_assert_cmpint (abs ((int) image->rgba[8 + c] - 128), <=, 1);
      g_assert_cmpint (image->rgba[11], ==, 255);
      g_assert_cmpmem (image->rgba + 4 * 4, 4, black, 4);
    }

  /* A 2x2 DXT5 image: one block, of which pixels 0, 1 (row 0) and 4, 5
   * (row 1) show. Alpha end points 255 and 0 (eight-value mode) and
   * indices 0, 1, 2, 7 for those pixels, three bits each; the colour block
   * is all colour 0, pure red. */
  guint8 dxt5[16] = { 255, 0, 0, 0, 0, 0, 0, 0, 0x00, 0xf8, 0x00, 0x00, 0, 0, 0, 0 };
  guint64 indices = (guint64) 0 << 0 | (guint64) 1 << 3 | (guint64) 2 << 12 | (guint64) 7 << 15;
  for (int i = 0; i < 6; i++)
    dxt5[2 + i] = (indices >> (8 * i)) & 0xff;
  VtfSpec spec = { .minor = 2, .width = 2, .height = 2, .depth = 1, .frames = 1, .n_mips = 1,
                   .format = QR_VTF_DXT5, .lowres_format = -1 };
  g_autoptr (GByteArray) vtf = build_vtf (&spec, dxt5, 16);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrImage) image = decode_array (vtf, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (image->width, ==, 2);
  g_assert_cmpint (image->height, ==, 2);
  const guint8 red[3] = { 255, 0, 0 };
  for (int p = 0; p < 4; p++)
    g_assert_cmpmem (image->rgba + 4 * p, 3, red, 3);
  g_assert_cmpint (image->rgba[3], ==, 255);
  g_assert_cmpint (image->rgba[7], ==, 0);
  g_assert_cmpint (abs (image->rgba[11] - 6 * 255 / 7), <=, 1);
  g_assert_cmpint (abs (image->rgba[15] - 255 / 7), <=, 1);
}

/* 4x2 RGBA8888 with three mipmaps (4x2, 2x1, 1x1), stored smallest first,
 * `frames` frames and `faces` faces each; frame 0 face 0 of mipmap m is
 * filled with the byte 10 * (m + 1), every other copy with 0xee. */
static GByteArray *
build_layered (VtfSpec *spec, int faces)
{
  g_autoptr (GByteArray) image = g_byte_array_new ();

  for (int mip = 2; mip >= 0; mip--)
    {
      int w = MAX (4 >> mip, 1), h = MAX (2 >> mip, 1), d = MAX (spec->depth >> mip, 1);
      for (int copy = 0; copy < spec->frames * faces * d; copy++)
        for (int i = 0; i < w * h * 4; i++)
          {
            guint8 v = copy == 0 ? 10 * (mip + 1) : 0xee;
            g_byte_array_append (image, &v, 1);
          }
    }
  spec->width = 4;
  spec->height = 2;
  spec->n_mips = 3;
  spec->format = QR_VTF_RGBA8888;
  return build_vtf (spec, image->data, image->len);
}

static void
assert_layered_decodes (GByteArray *vtf)
{
  for (int mip = 0; mip < 3; mip++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (QrImage) image = decode_array (vtf, mip, &error);

      g_assert_no_error (error);
      g_assert_cmpint (image->width, ==, MAX (4 >> mip, 1));
      g_assert_cmpint (image->height, ==, MAX (2 >> mip, 1));
      for (int i = 0; i < image->width * image->height * 4; i++)
        g_assert_cmpint (image->rgba[i], ==, 10 * (mip + 1));
    }
}

static void
test_layouts (void)
{
  struct
  {
    int minor, frames, depth, faces;
    guint32 flags;
    guint16 first_frame;
    bool lowres, trailing;
  } cases[] = {
    { 0, 1, 1, 1, 0, 0, true, false },
    { 1, 3, 1, 1, 0, 0, false, false },
    { 2, 2, 2, 1, 0, 0, true, false },
    { 3, 2, 1, 1, 0, 0, true, true },
    { 4, 1, 1, 1, 0, 0, false, false },
    { 5, 2, 1, 1, 0, 0, true, true },
    /* Cube maps: a seventh (sphere map) face before 7.5, unless the first
     * frame is 0xffff. */
    { 2, 1, 1, 7, 0x4000, 0, true, false },
    { 4, 2, 1, 7, 0x4000, 0, true, true },
    { 2, 1, 1, 6, 0x4000, 0xffff, true, false },
    { 5, 2, 1, 6, 0x4000, 0, false, true },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      VtfSpec spec = { .minor = cases[i].minor, .depth = cases[i].depth, .frames = cases[i].frames,
                       .flags = cases[i].flags, .first_frame = cases[i].first_frame,
                       .lowres_format = cases[i].lowres ? QR_VTF_DXT1 : -1, .lowres_width = 8,
                       .lowres_height = 4, .trailing_resource = cases[i].trailing };
      g_autoptr (GByteArray) vtf = build_layered (&spec, cases[i].faces);
      int width, height, n_mips, format;
      g_autoptr (GError) error = NULL;

      g_test_message ("7.%d, %d frames, depth %d, %d faces", cases[i].minor, cases[i].frames, cases[i].depth,
                      cases[i].faces);
      g_assert_true (qr_vtf_info (vtf->data, vtf->len, &width, &height, &n_mips, &format, &error));
      g_assert_no_error (error);
      g_assert_cmpint (width, ==, 4);
      g_assert_cmpint (height, ==, 2);
      g_assert_cmpint (n_mips, ==, 3);
      g_assert_cmpint (format, ==, QR_VTF_RGBA8888);
      assert_layered_decodes (vtf);
      /* Without the trailing resource, every prefix is truncated. */
      if (!cases[i].trailing)
        assert_every_prefix_truncated (vtf->data, vtf->len, "hand-made VTF");
    }
}

static void
assert_refused (GByteArray *vtf, int mip, int code, const char *message_part)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrImage) image = decode_array (vtf, mip, &error);

  g_assert_null (image);
  g_assert_error (error, QR_TEXTURE_ERROR, code);
  if (strstr (error->message, message_part) == NULL)
    g_error ("\"%s\" does not say \"%s\"", error->message, message_part);
}

static void
test_refused (void)
{
  VtfSpec spec = { .minor = 5, .depth = 1, .frames = 1, .lowres_format = -1 };
  g_autoptr (GByteArray) good = build_layered (&spec, 1);

  assert_refused (good, 3, QR_TEXTURE_ERROR_NOT_FOUND, "no mipmap 3 (it has 0 to 2)");
  assert_refused (good, -1, QR_TEXTURE_ERROR_NOT_FOUND, "no mipmap -1");

  g_autoptr (GByteArray) bad = g_byte_array_new ();
  g_byte_array_append (bad, good->data, good->len);
  bad->data[0] = 'X';
  assert_refused (bad, 0, QR_TEXTURE_ERROR_FORMAT, "not a VTF file");

  memcpy (bad->data, good->data, good->len);
  put_u32 (bad, 8, 6);
  assert_refused (bad, 0, QR_TEXTURE_ERROR_UNSUPPORTED, "VTF version 7.6 is not supported");
  put_u32 (bad, 8, 2);
  put_u32 (bad, 4, 8);
  assert_refused (bad, 0, QR_TEXTURE_ERROR_UNSUPPORTED, "VTF version 8.2 is not supported");

  /* Formats without a decoder name their number; a format of unknown size
   * still has an info. */
  const int undecoded[] = { QR_VTF_RGB565, QR_VTF_P8, QR_VTF_RGBA16161616F, QR_VTF_RGBA16161616, 27, 99, -2 };
  for (gsize i = 0; i < G_N_ELEMENTS (undecoded); i++)
    {
      g_autofree char *number = g_strdup_printf ("format %d ", undecoded[i]);
      memcpy (bad->data, good->data, good->len);
      put_u32 (bad, 52, undecoded[i]);
      /* Known formats are 8 bytes a pixel at most: the data is there. */
      g_byte_array_set_size (bad, good->len + 64);
      assert_refused (bad, 0, QR_TEXTURE_ERROR_UNSUPPORTED, number);
      g_byte_array_set_size (bad, good->len);
    }
  int format;
  memcpy (bad->data, good->data, good->len);
  put_u32 (bad, 52, 99);
  g_assert_true (qr_vtf_info (bad->data, bad->len, NULL, NULL, NULL, &format, NULL));
  g_assert_cmpint (format, ==, 99);

  /* 7.3 on without a high-resolution image resource. */
  memcpy (bad->data, good->data, good->len);
  for (gsize entry = 80; entry < 80 + 8 * 2; entry += 8)
    if (bad->data[entry] == 0x30)
      bad->data[entry] = 0x31;
  assert_refused (bad, 0, QR_TEXTURE_ERROR_FORMAT, "no high-resolution image resource");

  memcpy (bad->data, good->data, good->len);
  put_u16 (bad, 16, 0);
  assert_refused (bad, 0, QR_TEXTURE_ERROR_FORMAT, "empty (0×2");
  memcpy (bad->data, good->data, good->len);
  bad->data[56] = 0;
  assert_refused (bad, 0, QR_TEXTURE_ERROR_FORMAT, "0 mipmaps");
  bad->data[56] = 4;
  assert_refused (bad, 0, QR_TEXTURE_ERROR_FORMAT, "4 mipmaps, a 4×2 image has 1 to 3");
  memcpy (bad->data, good->data, good->len);
  put_u32 (bad, 12, 40);
  assert_refused (bad, 0, QR_TEXTURE_ERROR_FORMAT, "header size 40");
}

/* Headers that claim far more than the file holds. Run in a subprocess
 * whose address space is capped at 256 MiB (not under AddressSanitizer,
 * which reserves terabytes): a decoder that allocated the claimed image
 * before checking the data would abort there. */
static void
test_huge_claims (void)
{
#if defined(__SANITIZE_ADDRESS__)
  const bool capped = false;
#else
  const bool capped = true;
#endif

  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
      g_test_trap_assert_passed ();
      return;
    }
  if (capped)
    {
      struct rlimit limit = { 256 << 20, 256 << 20 };
      g_assert_cmpint (setrlimit (RLIMIT_AS, &limit), ==, 0);
    }

  const guint8 pixel[4] = { 0 };
  struct
  {
    VtfSpec spec;
    const char *says;
  } cases[] = {
    /* 16384² RGBA is 1 GiB of pixels. */
    { { .minor = 2, .width = 16384, .height = 16384, .depth = 1, .frames = 1, .n_mips = 1,
        .format = QR_VTF_RGBA8888, .lowres_format = -1 },
      "its image data (1 mipmaps of 16384×16384×1 RGBA8888" },
    /* 65535² × 65535 deep × 65535 frames × 7 faces overflows 64 bits. */
    { { .minor = 4, .width = 65535, .height = 65535, .depth = 65535, .frames = 65535, .n_mips = 1,
        .format = QR_VTF_RGBA16161616, .flags = 0x4000, .lowres_format = -1 },
      "ends at byte 18446744073709551615 or later" },
    { { .minor = 1, .width = 16, .height = 16, .frames = 1, .n_mips = 1, .format = QR_VTF_RGBA8888,
        .lowres_format = QR_VTF_RGBA8888, .lowres_width = 255, .lowres_height = 255 },
      "its low-resolution image (255×255 RGBA8888) ends at byte 260164" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GByteArray) vtf = build_vtf (&cases[i].spec, pixel, sizeof pixel);
      g_autoptr (GError) error = NULL;
      assert_refused (vtf, 0, QR_TEXTURE_ERROR_TRUNCATED, cases[i].says);
      g_assert_false (qr_vtf_info (vtf->data, vtf->len, NULL, NULL, NULL, NULL, &error));
      g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED);
    }

  /* A resource directory of 2³² - 1 entries, and a header size past the end. */
  VtfSpec spec = { .minor = 5, .depth = 1, .frames = 1, .lowres_format = -1 };
  g_autoptr (GByteArray) vtf = build_layered (&spec, 1);
  put_u32 (vtf, 68, G_MAXUINT32);
  assert_refused (vtf, 0, QR_TEXTURE_ERROR_TRUNCATED, "resource directory (4294967295 entries) ends at byte 34359738440");
  spec = (VtfSpec) { .minor = 2, .depth = 1, .frames = 1, .lowres_format = -1 };
  g_autoptr (GByteArray) old = build_layered (&spec, 1);
  put_u32 (old, 12, 0xfffffff0u);
  assert_refused (old, 0, QR_TEXTURE_ERROR_TRUNCATED, "its header is 4294967280 bytes long");

  /* A high-resolution resource pointing past the end. */
  spec = (VtfSpec) { .minor = 3, .depth = 1, .frames = 1, .lowres_format = -1 };
  g_autoptr (GByteArray) v73 = build_layered (&spec, 1);
  for (gsize entry = 80; entry < 80 + 8 * 2; entry += 8)
    if (v73->data[entry] == 0x30)
      put_u32 (v73, entry + 4, 0xffffff00u);
  assert_refused (v73, 0, QR_TEXTURE_ERROR_TRUNCATED, "ends at byte 4294967084");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (corpus_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/texture/vtf/corpus/%s", corpus_cases[i].name);
      g_test_add_data_func (path, &corpus_cases[i], test_corpus_format);
    }
  g_test_add_func ("/texture/vtf/corpus/timing", test_corpus_timing);
  g_test_add_func ("/texture/vtf/corpus/truncated", test_corpus_truncated);
  g_test_add_func ("/texture/vtf/pixel-formats", test_pixel_formats);
  g_test_add_func ("/texture/vtf/dxt-blocks", test_dxt_blocks);
  g_test_add_func ("/texture/vtf/layouts", test_layouts);
  g_test_add_func ("/texture/vtf/refused", test_refused);
  g_test_add_func ("/texture/vtf/huge-claims", test_huge_claims);
  return g_test_run ();
}
