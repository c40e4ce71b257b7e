/* qr-palette.c — reading palettes from palette.lmp and PCX files. */
#include "qr-palette.h"

#include "qr-image.h"

#include <string.h>

extern const QrPalette qr_palette_librequake;

#define PALETTE_BYTES 768
#define PCX_HEADER_BYTES 128

bool
qr_palette_from_lmp (const uint8_t *data, gsize size, QrPalette *out, GError **error)
{
  g_return_val_if_fail (data != NULL || size == 0, false);
  g_return_val_if_fail (out != NULL, false);

  if (size != PALETTE_BYTES)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "a palette lump is %d bytes (256 RGB colours), this one is %" G_GSIZE_FORMAT,
                   PALETTE_BYTES, size);
      return false;
    }
  memcpy (out->rgb, data, PALETTE_BYTES);
  return true;
}

bool
qr_palette_from_pcx (const uint8_t *data, gsize size, QrPalette *out, GError **error)
{
  g_return_val_if_fail (data != NULL || size == 0, false);
  g_return_val_if_fail (out != NULL, false);

  if (size < PCX_HEADER_BYTES + 1 + PALETTE_BYTES)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED,
                   "%" G_GSIZE_FORMAT " bytes is too small for a PCX file with a 256-colour palette",
                   size);
      return false;
    }
  /* Header: byte 0 the ZSoft manufacturer tag 0x0A, byte 3 bits per pixel,
   * byte 65 the number of colour planes. */
  if (data[0] != 0x0A)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "not a PCX file (first byte 0x%02X, expected 0x0A)", data[0]);
      return false;
    }
  if (data[3] != 8 || data[65] != 1)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_UNSUPPORTED,
                   "the PCX file has %u bits per pixel in %u planes; only 8-bit single-plane files carry a 256-colour palette",
                   data[3], data[65]);
      return false;
    }
  if (data[size - PALETTE_BYTES - 1] != 0x0C)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "the PCX file has no 256-colour palette at its end (no 0x0C marker %d bytes before the end)",
                   PALETTE_BYTES + 1);
      return false;
    }
  memcpy (out->rgb, data + size - PALETTE_BYTES, PALETTE_BYTES);
  return true;
}

const QrPalette *
qr_palette_quake_default (void)
{
  return &qr_palette_librequake;
}
