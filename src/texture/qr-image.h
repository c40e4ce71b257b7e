/* qr-image.h — a decoded texture: 8-bit RGBA, rows top to bottom.
 *
 * Every decoder in the texture layer ends here, whatever it read (palette
 * indices, DXT blocks, 16-bit colours, PNG). The renderer uploads these and
 * the CLI writes them as PNG; nothing above cares where the pixels came from.
 */
#pragma once

#include <glib.h>
#include <stdint.h>

typedef struct
{
  int width, height;
  uint8_t *rgba; /* width * height * 4 bytes, owned */
} QrImage;

#define QR_TEXTURE_ERROR (qr_texture_error_quark ())
GQuark qr_texture_error_quark (void);

typedef enum
{
  QR_TEXTURE_ERROR_FORMAT,    /* the bytes are not what the format says */
  QR_TEXTURE_ERROR_TRUNCATED, /* the file ends before its own sizes say */
  QR_TEXTURE_ERROR_UNSUPPORTED,
  QR_TEXTURE_ERROR_NOT_FOUND,
} QrTextureError;

/* A zeroed width x height image, or NULL (with error) when the size is not
 * positive or is larger than any texture a game loads (QR_IMAGE_MAX_SIDE):
 * sizes come from files and must not drive allocations unchecked. */
#define QR_IMAGE_MAX_SIDE 16384
QrImage *qr_image_new (int width, int height, GError **error);
void qr_image_free (QrImage *image);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrImage, qr_image_free)
