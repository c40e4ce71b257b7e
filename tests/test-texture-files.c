/* Image files through gdk-pixbuf, Quake 3 shader scripts, and texture
 * lookup in a WAD, PAK or folder source. */
#include "qr-image-file.h"
#include "qr-shader.h"
#include "qr-test-corpus.h"
#include "qr-test-texture.h"
#include "qr-texture-source.h"
#include "qr-wad.h"

#include <glib/gstdio.h>
#include <string.h>

#define TB_Q2 "trenchbroom/TbMdlLib/mdl/Game/Quake2/baseq2/"
#define TB_Q3 "trenchbroom/TbMdlLib/mdl/Game/Quake3/baseq3/"

static QrImage *
decode_corpus_image (const char *relative)
{
  g_autoptr (GBytes) bytes = qr_test_corpus_bytes (relative);
  g_autoptr (GError) error = NULL;
  QrImage *image;
  gsize size;
  const uint8_t *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &size);
  image = qr_image_file_decode (data, size, relative, &error);
  g_assert_no_error (error);
  return image;
}

static void
assert_pixel_near (const QrImage *image, int x, int y, int r, int g, int b, int tolerance)
{
  const uint8_t *p = qr_test_pixel (image, x, y);

  if (ABS (p[0] - r) > tolerance || ABS (p[1] - g) > tolerance || ABS (p[2] - b) > tolerance || p[3] != 255)
    g_error ("pixel (%d, %d) is (%d, %d, %d, %d), expected (%d, %d, %d, 255) within %d",
             x, y, p[0], p[1], p[2], p[3], r, g, b, tolerance);
}

/* ---- image files ---- */

static void
test_image_tga (void)
{
  g_autoptr (QrImage) test = decode_corpus_image (TB_Q3 "textures/test/test.tga");
  g_autoptr (QrImage) test2 = decode_corpus_image (TB_Q3 "textures/test/test2.tga");

  if (test == NULL || test2 == NULL)
    return;
  g_assert_cmpint (test->width, ==, 128);
  g_assert_cmpint (test->height, ==, 128);
  /* Uncompressed 32-bit BGRA stored bottom row first (descriptor 0x08):
   * the file's first pixel, 00 90 FF FF, is the bottom-left one. */
  qr_test_assert_pixel (test, 0, 127, 255, 144, 0, 255);
  qr_test_assert_pixel (test, 0, 0, 255, 211, 0, 255);
  qr_test_assert_pixel (test, 127, 0, 255, 141, 0, 255);
  qr_test_assert_pixel (test, 127, 127, 255, 65, 0, 255);
  qr_test_assert_pixel (test, 64, 64, 255, 142, 0, 255);
  qr_test_assert_pixel (test2, 0, 127, 255, 144, 0, 255);
}

static void
test_image_jpeg (void)
{
  g_autoptr (QrImage) jpeg = decode_corpus_image (TB_Q3 "textures/test/editor_image.jpg");

  if (jpeg == NULL)
    return;
  g_assert_cmpint (jpeg->width, ==, 128);
  g_assert_cmpint (jpeg->height, ==, 128);
  /* A yellow-to-blue gradient; JPEG decoders round differently. */
  assert_pixel_near (jpeg, 0, 0, 255, 215, 0, 8);
  assert_pixel_near (jpeg, 127, 127, 12, 47, 237, 8);
}

static void
test_image_png (void)
{
  g_autoptr (QrImage) clip = decode_corpus_image ("librequake/png/lq_utility/clip.png");
  g_autoptr (QrImage) hint = decode_corpus_image ("librequake/png/lq_utility/hint.png");
  g_autoptr (QrImage) black = decode_corpus_image ("librequake/png/lq_utility/black.png");
  g_autoptr (QrImage) water = decode_corpus_image ("librequake/png/lq_utility/star_waterskip.png");

  if (clip == NULL || hint == NULL || black == NULL || water == NULL)
    return;
  /* Palettized: expanded, opaque. The WAD's clip was made from it. */
  g_assert_cmpint (clip->width, ==, 64);
  qr_test_assert_pixel (clip, 0, 0, 71, 0, 0, 255);
  qr_test_assert_pixel (clip, 2, 3, 235, 235, 235, 255);
  /* RGBA (every alpha 255 in these), values read with an independent
   * PNG reader. */
  g_assert_cmpint (hint->width, ==, 64);
  qr_test_assert_pixel (hint, 10, 20, 47, 47, 47, 255);
  qr_test_assert_pixel (water, 0, 0, 19, 19, 31, 255);
  qr_test_assert_pixel (water, 10, 20, 255, 255, 255, 255);
  g_assert_cmpint (black->width, ==, 16);
  qr_test_assert_pixel (black, 5, 5, 0, 0, 0, 255);
}

static void
test_image_corrupt (void)
{
  g_autoptr (GBytes) png = qr_test_corpus_bytes ("librequake/png/lq_utility/clip.png");
  gsize size;
  const uint8_t *data;

  if (png == NULL)
    return;
  data = g_bytes_get_data (png, &size);
  /* Cut anywhere past the signature, a PNG is an error naming the file. */
  g_assert_cmpuint (size, ==, 8857);
  for (gsize len = 0; len < size; len += len < 64 || len > 8600 ? 1 : 37)
    {
      g_autoptr (GError) error = NULL;
      g_autofree uint8_t *copy = g_memdup2 (data, len);
      g_autoptr (QrImage) image = qr_image_file_decode (copy, len, "cut.png", &error);

      g_assert_null (image);
      g_assert_true (g_error_matches (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT)
                     || g_error_matches (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED));
      g_assert_true (g_str_has_prefix (error->message, "cut.png: "));
    }
  {
    /* Cut inside its last image data chunk (bytes 8705 to 8840 of 8857),
     * which gdk-pixbuf alone takes for a whole image. */
    g_autoptr (GError) error = NULL;
    g_autoptr (QrImage) image = qr_image_file_decode (data, 8720, "cut.png", &error);
    g_assert_null (image);
    g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED);
    g_assert_cmpstr (error->message, ==, "cut.png: the PNG file is truncated (it ends before its IEND chunk)");
  }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (QrImage) image = qr_image_file_decode ((const uint8_t *) "not an image at all", 19, "x.jpg", &error);
    g_assert_null (image);
    g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
  }
  {
    /* Headers announcing more than the file can hold are refused before
     * gdk-pixbuf allocates for them. */
    uint8_t tga[18 + 16] = { 0, 0, 2, [12] = 0x40, 0x9C, 0x40, 0x9C, 32, 8 };
    g_autoptr (GError) error = NULL;
    g_autoptr (QrImage) image = qr_image_file_decode (tga, sizeof tga, "huge.tga", &error);
    g_assert_null (image);
    g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
    g_assert_cmpstr (error->message, ==, "huge.tga: its header says 40000×40000 pixels, out of range (1 to 16384 per side)");
    g_clear_error (&error);
    tga[13] = tga[15] = 0x1F; /* 8000×8000: 256 MB from 34 bytes */
    image = qr_image_file_decode (tga, sizeof tga, "big.tga", &error);
    g_assert_null (image);
    g_assert_cmpstr (error->message, ==, "big.tga: its header says 8000×8000 pixels, more than its 34 bytes can hold");
    g_clear_error (&error);

    g_autofree uint8_t *forged = g_memdup2 (data, size);
    forged[18] = forged[22] = 0x3E; /* IHDR 64×64 → 16000×16000 */
    forged[19] = forged[23] = 0x80;
    image = qr_image_file_decode (forged, size, "wide.png", &error);
    g_assert_null (image);
    g_assert_cmpstr (error->message, ==, "wide.png: its header says 16000×16000 pixels, more than its 8857 bytes can hold");
    g_clear_error (&error);

    /* A JPEG whose frame header (16001×14141, within the side limit)
     * follows bytes libjpeg skips, where games' libjpeg and the header
     * check would not look: 237 bytes asked gdk-pixbuf for 680 MB
     * (fuzz-image, regressions/image/jpeg-lying-size.bin). */
    static const char lying[] =
      "/9gAAAD/2wBDAAoHBwgHBgoICP//////////Dg0NDh0VFhEYIx8lJCIfIiEmKzkvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBD"
      "AQoLCw4NDhwQKxAcOygiKDs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ojs7Ozs7Ozs7Ozs7Ozs7Ozs7OzvHx8fHx8fHx8fHx8fHx8fHx8fHx8fH"
      "x8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHOzs7Ozs7Ozs7/8AAEQg3PT6BAwEiAAIRAQMRASL+AP/aAAwDAQACEQMR"
      "AFdc";
    gsize jpeg_size;
    g_autofree guchar *jpeg = g_base64_decode (lying, &jpeg_size);
    g_assert_cmpuint (jpeg_size, ==, 237);
    image = qr_image_file_decode (jpeg, jpeg_size, "lying.jpg", &error);
    g_assert_null (image);
    g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
    g_assert_cmpstr (error->message, ==, "lying.jpg: a JPEG whose markers lead to no frame header");
    g_clear_error (&error);

    /* The frame header where the markers lead: a byte of JPEG holds at
     * most 512 pixels. */
    static const uint8_t sof[40] = { 0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x3E, 0x80, 0x3E, 0x80, 0x03 };
    image = qr_image_file_decode (sof, sizeof sof, "vast.jpg", &error);
    g_assert_null (image);
    g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
    g_assert_cmpstr (error->message, ==, "vast.jpg: its header says 16000×16000 pixels, more than its 40 bytes can hold");
    g_clear_error (&error);

    /* Arithmetic coding (SOF9), which no game reads: libjpeg spent minutes
     * on these 179 bytes (fuzz-image, regressions/image/jpeg-arithmetic.bin). */
    static const char arithmetic[] =
      "/9j/2wBDAAoHBwgHBgoICAgLCgoLDmoQDg0NDh0VFhEYIx8lJCIfIiEmKzkvJik0KSEiMEExNDk7Pj4+JS5ESUMsSDc9Pjv/2wBD"
      "AQoLCw4NDhwQKxAcOygiKDs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7RDs7Ozv/yQARCACBAIAD"
      "ASIAAhEBAxEBIv73+PkI/9oADAMBAAIRAxEAV1w=";
    gsize arithmetic_size;
    g_autofree guchar *arithmetic_data = g_base64_decode (arithmetic, &arithmetic_size);
    image = qr_image_file_decode (arithmetic_data, arithmetic_size, "slow.jpg", &error);
    g_assert_null (image);
    g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_UNSUPPORTED);
    g_assert_cmpstr (error->message, ==,
                     "slow.jpg: a JPEG coded as SOF9 (arithmetic, lossless or hierarchical); games read only baseline "
                     "and progressive Huffman JPEGs (SOF0 to SOF2)");
    g_clear_error (&error);

    /* Formats no game loads textures from are refused before any loader
     * sees them: this ICO header made gdk-pixbuf's ICO loader ask for
     * 450 MB (fuzz-image, regressions/image/ico-not-a-texture.bin). */
    static const char ico[] = "AAABAAEAAP/bAAFHGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbIQA=";
    gsize ico_size;
    g_autofree guchar *ico_data = g_base64_decode (ico, &ico_size);
    image = qr_image_file_decode (ico_data, ico_size, "icon.png", &error);
    g_assert_null (image);
    g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
    g_assert_cmpstr (error->message, ==, "icon.png: not a PNG or JPEG image (nor named .tga)");
  }
}

static void
test_image_write_png (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("quarry-png-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "out.png", NULL);
  g_autoptr (QrImage) image = qr_image_new (5, 3, &error);
  g_autoptr (QrImage) back = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_no_error (error);
  for (int k = 0; k < 5 * 3 * 4; k++)
    image->rgba[k] = (uint8_t) (k * 17);
  g_assert_true (qr_image_write_png (image, path, &error));
  g_assert_no_error (error);
  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  back = qr_image_file_decode ((const uint8_t *) contents, length, path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (back->width, ==, 5);
  g_assert_cmpint (back->height, ==, 3);
  g_assert_cmpmem (back->rgba, 5 * 3 * 4, image->rgba, 5 * 3 * 4);
  g_unlink (path);
  g_rmdir (dir);

  g_assert_false (qr_image_write_png (image, "/nonexistent/quarry/out.png", &error));
  g_assert_nonnull (error);
}

/* ---- shader scripts ---- */

static void
test_shader_fixture (void)
{
  g_autoptr (GBytes) text = qr_test_corpus_bytes (TB_Q3 "scripts/test.shader");
  g_autoptr (QrShaderScript) script = NULL;
  g_autoptr (GError) error = NULL;
  gsize len;
  const char *data;

  if (text == NULL)
    return;
  data = g_bytes_get_data (text, &len);
  script = qr_shader_script_parse (data, len, "test.shader", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (qr_shader_script_n_shaders (script), ==, 5);
  g_assert_cmpstr (qr_shader_script_name (script, 0), ==, "textures/test/test");
  g_assert_cmpstr (qr_shader_script_name (script, 4), ==, "textures/skies/hub1/dusk");
  g_assert_cmpstr (qr_shader_script_editor_image (script, "textures/test/test"), ==, "textures/test/editor_image.jpg");
  g_assert_cmpstr (qr_shader_script_editor_image (script, "TEXTURES\\Test\\Test"), ==, "textures/test/editor_image.jpg");
  g_assert_cmpstr (qr_shader_script_editor_image (script, "textures/test/test2"), ==, "textures/test/editor_image_missing.jpg");
  g_assert_cmpstr (qr_shader_script_editor_image (script, "textures/skies/hub1/dusk"), ==, "textures/test/editor_image.jpg");
  g_assert_null (qr_shader_script_editor_image (script, "textures/test/not_existing2"));
  g_assert_true (qr_shader_script_has (script, "textures/test/not_existing2"));
  g_assert_false (qr_shader_script_has (script, "textures/test/nothing"));
  g_assert_null (qr_shader_script_editor_image (script, "textures/test/nothing"));
}

static QrShaderScript *
parse (const char *text, GError **error)
{
  return qr_shader_script_parse (text, strlen (text), "x.shader", error);
}

static void
assert_parse_error (const char *text, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrShaderScript) script = parse (text, &error);

  g_assert_null (script);
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_shader_syntax (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrShaderScript) script = parse (
    "// a comment { with braces }\n"
    "textures/a/one\n"
    "{\n"
    "  qer_editorimage \"textures/a/one_editor.tga\" // quoted\n"
    "  { map $lightmap\n"
    "    rgbGen identity }\n"
    "  /* qer_editorimage textures/a/commented.tga\n"
    "     { */\n"
    "}\n"
    "stray words textures/a/two {\n"
    "  QER_EDITORIMAGE textures/a/two.jpg\n"
    "  qer_editorimage textures/a/second_is_ignored.jpg\n"
    "}\n"
    "textures/a/three {\n"
    "  qer_editorimage\n"
    "  { map textures/a/three.tga }\n"
    "}\n"
    "textures/a/one { qer_editorimage textures/a/later.tga }\n",
    &error);

  g_assert_no_error (error);
  g_assert_cmpuint (qr_shader_script_n_shaders (script), ==, 4);
  g_assert_cmpstr (qr_shader_script_editor_image (script, "textures/a/one"), ==, "textures/a/one_editor.tga");
  g_assert_cmpstr (qr_shader_script_name (script, 1), ==, "textures/a/two");
  g_assert_cmpstr (qr_shader_script_editor_image (script, "textures/a/two"), ==, "textures/a/two.jpg");
  /* Without its argument on the same line, the keyword names nothing. */
  g_assert_null (qr_shader_script_editor_image (script, "textures/a/three"));

  assert_parse_error ("textures/a\n{\n  { map x\n}\n", "x.shader:2:1: the “{” of shader “textures/a” is not closed before the end of the file");
  assert_parse_error ("textures/a\n{\n}\n  }\n", "x.shader:4:3: “}” closes no shader");
  assert_parse_error ("{\n}\n", "x.shader:1:1: “{” with no shader name before it");
  assert_parse_error ("a { } b {\tqer_editorimage x.tga", "x.shader:1:9: the “{” of shader “b” is not closed before the end of the file");
  {
    g_autoptr (QrShaderScript) empty = parse ("", &error);
    g_assert_no_error (error);
    g_assert_cmpuint (qr_shader_script_n_shaders (empty), ==, 0);
  }
}

/* ---- texture sources ---- */

static QrTextureSource *
open_source (const char *relative)
{
  g_autofree char *path = qr_test_corpus_file (relative);
  g_autoptr (GError) error = NULL;
  QrTextureSource *source;

  if (path == NULL)
    return NULL;
  source = qr_texture_source_open (path, &error);
  g_assert_no_error (error);
  return source;
}

static QrImage *
decode (QrTextureSource *source, const char *name, int mip)
{
  g_autoptr (GError) error = NULL;
  QrImage *image = qr_texture_source_decode (source, name, mip, NULL, &error);

  g_assert_no_error (error);
  return image;
}

static void
assert_not_found (QrTextureSource *source, const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrImage) image = qr_texture_source_decode (source, name, 0, NULL, &error);

  g_assert_null (image);
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, name));
}

static void
test_source_wad (void)
{
  g_autoptr (QrTextureSource) wad = open_source ("librequake/texture-wads/lq_utility.wad");
  g_autoptr (QrTextureSource) folder = open_source ("librequake/texture-wads");
  g_autoptr (QrImage) clip = NULL, afloor = NULL;

  if (wad == NULL || folder == NULL)
    return;
  clip = decode (wad, "CLIP", 0);
  qr_test_assert_pixel (clip, 2, 3, 235, 235, 235, 255);
  assert_not_found (wad, "afloor1_4");
  /* A folder of WADs: each is searched. */
  afloor = decode (folder, "afloor1_4", 1);
  g_assert_cmpint (afloor->width, ==, 32);
  qr_test_assert_pixel (afloor, 31, 31, 27, 19, 15, 255);
  assert_not_found (folder, "no_such_texture");
  g_assert_cmpuint (qr_texture_source_n_problems (folder), ==, 0);
}

static void
test_source_png_folder (void)
{
  g_autoptr (QrTextureSource) folder = open_source ("librequake/png/lq_utility");
  g_autoptr (QrImage) clip = NULL, clip_png = NULL, half = NULL;

  if (folder == NULL)
    return;
  clip = decode (folder, "clip", 0);
  clip_png = decode (folder, "CLIP.png", 0);
  g_assert_cmpmem (clip->rgba, 64 * 64 * 4, clip_png->rgba, 64 * 64 * 4);
  /* Image files have no levels: mip 1 is a 2×2 average. */
  half = decode (folder, "clip", 1);
  g_assert_cmpint (half->width, ==, 32);
  g_assert_cmpint (half->height, ==, 32);
  for (int c = 0; c < 4; c++)
    {
      int sum = qr_test_pixel (clip, 2, 2)[c] + qr_test_pixel (clip, 3, 2)[c]
                + qr_test_pixel (clip, 2, 3)[c] + qr_test_pixel (clip, 3, 3)[c];
      g_assert_cmpint (qr_test_pixel (half, 1, 1)[c], ==, (sum + 2) / 4);
    }
}

static void
test_source_quake2 (void)
{
  g_autoptr (QrTextureSource) q2 = open_source (TB_Q2);
  g_autoptr (QrImage) lava = NULL, rc = NULL;
  g_autoptr (QrTextureSource) pak = NULL;
  g_autoptr (QrImage) from_pak = NULL;
  g_autoptr (GError) error = NULL;
  QrPalette grey;

  if (q2 == NULL)
    return;
  /* textures/NAME.wal with pics/colormap.pcx. */
  lava = decode (q2, "lavatest", 0);
  qr_test_assert_pixel (lava, 5, 0, 71, 0, 0, 255);
  rc = decode (q2, "E1M1/F1/b_rc_v4", 3);
  qr_test_assert_pixel (rc, 5, 5, 35, 23, 15, 255);
  /* A palette passed in wins. */
  for (int k = 0; k < 256; k++)
    grey.rgb[k][0] = grey.rgb[k][1] = grey.rgb[k][2] = (uint8_t) k;
  g_clear_pointer (&lava, qr_image_free);
  lava = qr_texture_source_decode (q2, "lavatest", 0, &grey, &error);
  g_assert_no_error (error);
  qr_test_assert_pixel (lava, 5, 0, 237, 237, 237, 255);
  assert_not_found (q2, "e1m1/missing");

  /* A PAK as the source: no colormap in it, so the default palette. */
  pak = open_source ("trenchbroom/TbFsLib/fs/Pak/idpak.pak");
  from_pak = decode (pak, "e1u1/brlava", 0);
  g_assert_cmpint (from_pak->width, ==, 64);
}

static void
test_source_quake3 (void)
{
  g_autoptr (QrTextureSource) q3 = open_source (TB_Q3);
  g_autoptr (QrImage) test = NULL, test2 = NULL, not_existing = NULL, dusk = NULL, direct = NULL;

  if (q3 == NULL)
    return;
  /* The shader's editor image wins over textures/test/test.tga. */
  test = decode (q3, "test/test", 0);
  assert_pixel_near (test, 0, 0, 255, 215, 0, 8);
  /* Its editor image is missing: the TGA. */
  test2 = decode (q3, "test/test2", 0);
  qr_test_assert_pixel (test2, 0, 127, 255, 144, 0, 255);
  /* Only the shader exists. */
  not_existing = decode (q3, "test/not_existing", 0);
  assert_pixel_near (not_existing, 127, 127, 12, 47, 237, 8);
  dusk = decode (q3, "textures/skies/hub1/dusk", 0);
  g_assert_cmpint (dusk->width, ==, 128);
  /* A shader with no editor image and no file. */
  assert_not_found (q3, "test/not_existing2");
  direct = decode (q3, "test/editor_image", 0);
  g_assert_cmpint (direct->width, ==, 128);
  g_assert_cmpuint (qr_texture_source_n_problems (q3), ==, 0);
}

static void
test_source_errors (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *bad_magic = qr_test_corpus_file ("trenchbroom/TbFsLib/fs/Wad/bad_magic.wad");
  g_autofree char *jpeg = qr_test_corpus_file (TB_Q3 "textures/test/editor_image.jpg");
  g_autofree char *skips = qr_test_corpus_file ("trenchbroom/TbFsLib/fs/Wad/entry_out_of_bounds.wad");
  g_autoptr (QrTextureSource) none = NULL, partial = NULL;

  if (bad_magic == NULL || jpeg == NULL || skips == NULL)
    return;
  none = qr_texture_source_open (bad_magic, &error);
  g_assert_null (none);
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "bad_magic.wad: not a WAD file"));
  g_clear_error (&error);
  none = qr_texture_source_open (jpeg, &error);
  g_assert_null (none);
  g_assert_nonnull (strstr (error->message, "editor_image.jpg: not a texture source"));
  g_clear_error (&error);
  none = qr_texture_source_open ("/nonexistent/quarry.wad", &error);
  g_assert_null (none);
  g_assert_nonnull (strstr (error->message, "/nonexistent/quarry.wad"));
  g_clear_error (&error);

  partial = qr_texture_source_open (skips, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (qr_texture_source_n_problems (partial), ==, 1);
  g_assert_nonnull (strstr (qr_texture_source_problem (partial, 0), "“toofar”"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/texture/image/tga", test_image_tga);
  g_test_add_func ("/texture/image/jpeg", test_image_jpeg);
  g_test_add_func ("/texture/image/png", test_image_png);
  g_test_add_func ("/texture/image/corrupt", test_image_corrupt);
  g_test_add_func ("/texture/image/write-png", test_image_write_png);
  g_test_add_func ("/texture/shader/fixture", test_shader_fixture);
  g_test_add_func ("/texture/shader/syntax", test_shader_syntax);
  g_test_add_func ("/texture/source/wad", test_source_wad);
  g_test_add_func ("/texture/source/png-folder", test_source_png_folder);
  g_test_add_func ("/texture/source/quake2", test_source_quake2);
  g_test_add_func ("/texture/source/quake3", test_source_quake3);
  g_test_add_func ("/texture/source/errors", test_source_errors);
  return g_test_run ();
}
