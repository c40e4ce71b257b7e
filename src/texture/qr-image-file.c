/* qr-image-file.c — image files through GdkPixbufLoader. */
#include "qr-image-file.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <string.h>

/* The loader gets the data in pieces so that a header announcing an
 * oversized image stops the decode before the rest is fed. */
#define FEED_BYTES (256 * 1024)

/* The most RGBA bytes an image may decode to per byte of its file. Deflate
 * expands at most 1032 to 1 and TGA's run-length code less. A JPEG spends
 * at least a bit on each 8 × 8 block of its first scan (a Huffman code for
 * the DC difference), so a byte holds at most 512 pixels, 2048 RGBA bytes;
 * LZW (GIF) grows its codes' strings by one symbol each, far less. A file
 * whose header asks for more is lying about its size, or truncated. */
#define BOUNDED_BYTES_PER_BYTE 1100
#define JPEG_BYTES_PER_BYTE 2048

typedef struct
{
  int width, height;
  uint64_t most_bytes; /* what the file's size allows the image (RGBA) */
  bool refused;        /* the loader was told not to allocate */
} Announced;

static void
on_size_prepared (GdkPixbufLoader *loader, int width, int height, gpointer user_data)
{
  Announced *announced = user_data;

  announced->width = width;
  announced->height = height;
  /* The loader allocates the image as soon as this returns; a zero size
   * tells it not to (gdk-pixbuf's PixbufModuleSizeFunc convention). Needed
   * where announced_size found no header, as in a JPEG whose frame header
   * follows bytes libjpeg skips: 168 bytes asked for 7.8 GB, and 237 bytes
   * for 680 MB within the side limit (fuzz-image). */
  if (width > QR_IMAGE_MAX_SIDE || height > QR_IMAGE_MAX_SIDE
      || (uint64_t) MAX (width, 0) * (uint64_t) MAX (height, 0) * 4 > announced->most_bytes)
    {
      announced->refused = true;
      gdk_pixbuf_loader_set_size (loader, 0, 0);
    }
}

/* Whether a PNG's chunks run whole up to its IEND chunk. gdk-pixbuf's
 * incremental PNG loader returns an image without complaint when the data
 * stops inside the image data (its rows left blank), so a truncated file is
 * caught here (PNG specification, §5.3: length, type, data, CRC). */
static bool
png_complete (const uint8_t *data, gsize size)
{
  gsize at = 8;

  while (size - at >= 12)
    {
      uint64_t length = (uint64_t) data[at] << 24 | data[at + 1] << 16 | data[at + 2] << 8 | data[at + 3];

      if (memcmp (data + at + 4, "IEND", 4) == 0)
        return true;
      if (length > size - at - 12)
        return false;
      at += 12 + (gsize) length;
    }
  return false;
}

/* The size a PNG, TGA or JPEG header announces, read before any decoder
 * allocates for it; false when the header is not there (the decoder then
 * reports the file). Sources: PNG specification §11.2.2 (IHDR); Truevision
 * TGA 2.0 header (width and height at bytes 12 and 14); JPEG (ITU T.81)
 * B.1.1.2 (markers, fill bytes) and B.2.2, the frame header of an SOFn
 * marker, whose n goes to *jpeg_frame (-1: none found). */
static bool
announced_size (const uint8_t *data, gsize size, bool tga, uint32_t *width, uint32_t *height, int *jpeg_frame)
{
  *jpeg_frame = -1;
  if (size >= 24 && memcmp (data, "\x89PNG\r\n\x1a\n", 8) == 0 && memcmp (data + 12, "IHDR", 4) == 0)
    {
      *width = (uint32_t) data[16] << 24 | data[17] << 16 | data[18] << 8 | data[19];
      *height = (uint32_t) data[20] << 24 | data[21] << 16 | data[22] << 8 | data[23];
      return true;
    }
  if (tga && size >= 18)
    {
      *width = (uint32_t) (data[12] | data[13] << 8);
      *height = (uint32_t) (data[14] | data[15] << 8);
      return true;
    }
  if (size >= 4 && data[0] == 0xFF && data[1] == 0xD8)
    {
      gsize at = 2;

      while (at + 4 <= size && data[at] == 0xFF)
        {
          uint8_t marker;
          gsize length;

          /* Any marker may follow fill bytes (0xFF). */
          while (at + 4 <= size && data[at + 1] == 0xFF)
            at++;
          if (at + 4 > size)
            return false;
          marker = data[at + 1];
          length = (gsize) (data[at + 2] << 8 | data[at + 3]);
          if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC)
            {
              if (at + 9 > size)
                return false;
              *jpeg_frame = marker - 0xC0;
              *height = (uint32_t) (data[at + 5] << 8 | data[at + 6]);
              *width = (uint32_t) (data[at + 7] << 8 | data[at + 8]);
              return true;
            }
          at += 2 + length;
        }
    }
  return false;
}

QrImage *
qr_image_file_decode (const uint8_t *data, gsize size, const char *name, GError **error)
{
  g_autoptr (GdkPixbufLoader) loader = NULL;
  g_autoptr (GError) local = NULL;
  Announced announced = { 0 };
  GdkPixbuf *pixbuf;
  QrImage *image;
  uint32_t width = 0, height = 0;
  bool fed = true, is_tga, jpeg;
  int frame;

  g_return_val_if_fail (data != NULL || size == 0, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (size >= 8 && memcmp (data, "\x89PNG\r\n\x1a\n", 8) == 0 && !png_complete (data, size))
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED,
                   "%s: the PNG file is truncated (it ends before its IEND chunk)", name);
      return NULL;
    }
  is_tga = strlen (name) > 4 && g_ascii_strcasecmp (name + strlen (name) - 4, ".tga") == 0;
  jpeg = !is_tga && size >= 2 && data[0] == 0xFF && data[1] == 0xD8;
  announced.most_bytes = (uint64_t) size * (jpeg ? JPEG_BYTES_PER_BYTE : BOUNDED_BYTES_PER_BYTE);
  bool announced_any = announced_size (data, size, is_tga, &width, &height, &frame);
  /* The JPEGs games read (libjpeg 6 in id Tech 3) are Huffman-coded,
   * baseline, extended or progressive (SOF0 to SOF2), their frame header
   * where the markers lead. libjpeg decodes more, and spent minutes on a
   * 180-byte arithmetic-coded one (fuzz-image); what games cannot load is
   * no texture. */
  if (jpeg && frame < 0)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "%s: a JPEG whose markers lead to no frame header", name);
      return NULL;
    }
  if (jpeg && frame > 2)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_UNSUPPORTED,
                   "%s: a JPEG coded as SOF%d (arithmetic, lossless or hierarchical); games read only baseline and "
                   "progressive Huffman JPEGs (SOF0 to SOF2)",
                   name, frame);
      return NULL;
    }
  if (announced_any)
    {
      uint64_t bytes = (uint64_t) width * height * 4;

      if (width == 0 || height == 0 || width > QR_IMAGE_MAX_SIDE || height > QR_IMAGE_MAX_SIDE)
        {
          g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                       "%s: its header says %u×%u pixels, out of range (1 to %d per side)",
                       name, width, height, QR_IMAGE_MAX_SIDE);
          return NULL;
        }
      if (bytes > announced.most_bytes)
        {
          g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                       "%s: its header says %u×%u pixels, more than its %" G_GSIZE_FORMAT " bytes can hold",
                       name, width, height, size);
          return NULL;
        }
    }
  /* Only the formats games load textures from, each by its own loader:
   * gdk-pixbuf's sniffing reaches loaders such as ICO's, which allocated
   * 450 MB for 74 bytes before announcing any size (fuzz-image). */
  const char *type = is_tga ? "tga"
                     : size >= 8 && memcmp (data, "\x89PNG\r\n\x1a\n", 8) == 0 ? "png"
                     : jpeg ? "jpeg"
                            : NULL;
  if (type == NULL)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "%s: not a PNG or JPEG image (nor named .tga)", name);
      return NULL;
    }
  loader = gdk_pixbuf_loader_new_with_type (type, &local);
  if (loader == NULL)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_UNSUPPORTED, "%s: no %s loader is installed (%s)", name,
                   type, local->message);
      return NULL;
    }
  g_signal_connect (loader, "size-prepared", G_CALLBACK (on_size_prepared), &announced);

  for (gsize at = 0; at < size && fed; at += FEED_BYTES)
    {
      fed = gdk_pixbuf_loader_write (loader, data + at, MIN (FEED_BYTES, size - at), &local);
      if (announced.refused)
        break;
    }
  /* Closing is required even after a failed write; its error then adds
   * nothing. */
  if (!gdk_pixbuf_loader_close (loader, fed ? &local : NULL) && local == NULL)
    g_set_error_literal (&local, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_CORRUPT_IMAGE, "the image data is incomplete");
  if (announced.refused && (announced.width > QR_IMAGE_MAX_SIDE || announced.height > QR_IMAGE_MAX_SIDE))
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_UNSUPPORTED,
                   "%s: its size %d×%d is out of range (1 to %d per side)",
                   name, announced.width, announced.height, QR_IMAGE_MAX_SIDE);
      return NULL;
    }
  if (announced.refused)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "%s: it says %d×%d pixels, more than its %" G_GSIZE_FORMAT " bytes can hold",
                   name, announced.width, announced.height, size);
      return NULL;
    }
  if (local != NULL)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT, "%s: %s", name, local->message);
      return NULL;
    }
  pixbuf = gdk_pixbuf_loader_get_pixbuf (loader);
  if (pixbuf == NULL)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT, "%s: no image in the file", name);
      return NULL;
    }
  if (gdk_pixbuf_get_bits_per_sample (pixbuf) != 8 || gdk_pixbuf_get_colorspace (pixbuf) != GDK_COLORSPACE_RGB)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_UNSUPPORTED,
                   "%s: gdk-pixbuf gave an image of %d bits per sample", name,
                   gdk_pixbuf_get_bits_per_sample (pixbuf));
      return NULL;
    }

  image = qr_image_new (gdk_pixbuf_get_width (pixbuf), gdk_pixbuf_get_height (pixbuf), error);
  if (image == NULL)
    {
      g_prefix_error (error, "%s: ", name);
      return NULL;
    }
  const guint8 *pixels = gdk_pixbuf_read_pixels (pixbuf);
  int stride = gdk_pixbuf_get_rowstride (pixbuf);
  int channels = gdk_pixbuf_get_n_channels (pixbuf);
  for (int y = 0; y < image->height; y++)
    {
      const guint8 *src = pixels + (gsize) y * stride;
      uint8_t *dst = image->rgba + (gsize) y * image->width * 4;

      if (channels == 4)
        memcpy (dst, src, (gsize) image->width * 4);
      else
        for (int x = 0; x < image->width; x++, src += channels, dst += 4)
          {
            dst[0] = src[0];
            dst[1] = src[1];
            dst[2] = src[2];
            dst[3] = 255;
          }
    }
  return image;
}

/* zlib's fastest level: an export writes every texture of a map while the
 * user waits, and the default level took twice as long for files 3%
 * smaller (e1m3's 42 textures: 2.39 against 2.47 MB). */
#define PNG_COMPRESSION "1"

bool
qr_image_write_png (const QrImage *image, const char *path, GError **error)
{
  g_autoptr (GdkPixbuf) pixbuf = NULL;

  g_return_val_if_fail (image != NULL && path != NULL, false);

  pixbuf = gdk_pixbuf_new_from_data (image->rgba, GDK_COLORSPACE_RGB, TRUE, 8,
                                     image->width, image->height, image->width * 4, NULL, NULL);
  return gdk_pixbuf_save (pixbuf, path, "png", error, "compression", PNG_COMPRESSION, NULL);
}

GBytes *
qr_image_encode_png (const QrImage *image, GError **error)
{
  g_autoptr (GdkPixbuf) pixbuf = NULL;
  gchar *data = NULL;
  gsize size = 0;

  g_return_val_if_fail (image != NULL, NULL);

  pixbuf = gdk_pixbuf_new_from_data (image->rgba, GDK_COLORSPACE_RGB, TRUE, 8,
                                     image->width, image->height, image->width * 4, NULL, NULL);
  if (!gdk_pixbuf_save_to_buffer (pixbuf, &data, &size, "png", error, "compression", PNG_COMPRESSION, NULL))
    return NULL;
  return g_bytes_new_take (data, size);
}
