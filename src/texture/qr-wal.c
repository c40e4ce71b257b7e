/* qr-wal.c — decoding Quake 2 WAL textures. */
#include "qr-wal.h"

#include "qr-bytes.h"

#include <string.h>

#define WAL_HEADER_BYTES 100

bool
qr_wal_size (const uint8_t *data, gsize size, int *width, int *height, GError **error)
{
  uint32_t w, h;

  g_return_val_if_fail (data != NULL || size == 0, false);

  if (size < WAL_HEADER_BYTES)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED,
                   "%" G_GSIZE_FORMAT " bytes is too small for a WAL header (%d bytes)",
                   size, WAL_HEADER_BYTES);
      return false;
    }
  w = qr_read_u32le (data + 32);
  h = qr_read_u32le (data + 36);
  if (w == 0 || h == 0 || w > QR_IMAGE_MAX_SIDE || h > QR_IMAGE_MAX_SIDE)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "the WAL size %u×%u is out of range (1 to %d per side)", w, h, QR_IMAGE_MAX_SIDE);
      return false;
    }
  if (!qr_range_fits (qr_read_u32le (data + 40), (uint64_t) w * h, size))
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED,
                   "the WAL's %u×%u pixels at offset %u run past the end of the file (%" G_GSIZE_FORMAT " bytes)",
                   w, h, qr_read_u32le (data + 40), size);
      return false;
    }
  if (width != NULL)
    *width = (int) w;
  if (height != NULL)
    *height = (int) h;
  return true;
}

QrImage *
qr_wal_decode (const uint8_t *data, gsize size, int mip, const QrPalette *palette, GError **error)
{
  const QrPalette *pal = palette != NULL ? palette : qr_palette_quake_default ();
  QrImage *image;
  uint32_t offset;
  int w, h;

  if (!qr_wal_size (data, size, &w, &h, error))
    return NULL;
  if (mip < 0 || mip > 3)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_UNSUPPORTED,
                   "mip level %d does not exist (a WAL has levels 0 to 3)", mip);
      return NULL;
    }
  if ((w >> mip) == 0 || (h >> mip) == 0)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "mip level %d of a %d×%d WAL has no pixels", mip, w, h);
      return NULL;
    }
  w >>= mip;
  h >>= mip;
  offset = qr_read_u32le (data + 40 + 4 * mip);
  if (!qr_range_fits (offset, (uint64_t) w * h, size))
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED,
                   "WAL mip level %d (%d×%d at offset %u) runs past the end of the file (%" G_GSIZE_FORMAT " bytes)",
                   mip, w, h, offset, size);
      return NULL;
    }

  uint8_t rgba[256][4];
  for (int k = 0; k < 256; k++)
    {
      memcpy (rgba[k], pal->rgb[k], 3);
      rgba[k][3] = 255;
    }

  image = qr_image_new (w, h, error);
  if (image == NULL)
    return NULL;
  const uint8_t *src = data + offset;
  uint8_t *dst = image->rgba;
  for (gsize k = 0, n = (gsize) w * h; k < n; k++)
    memcpy (dst + 4 * k, rgba[src[k]], 4);
  return image;
}
