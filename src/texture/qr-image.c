/* qr-image.c — the decoded-texture buffer. */
#include "qr-image.h"

G_DEFINE_QUARK (qr-texture-error-quark, qr_texture_error)

QrImage *
qr_image_new (int width, int height, GError **error)
{
  if (width <= 0 || height <= 0 || width > QR_IMAGE_MAX_SIDE || height > QR_IMAGE_MAX_SIDE)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "image size %d×%d is out of range (1 to %d per side)",
                   width, height, QR_IMAGE_MAX_SIDE);
      return NULL;
    }
  QrImage *image = g_new0 (QrImage, 1);
  image->width = width;
  image->height = height;
  image->rgba = g_malloc0 ((gsize) width * (gsize) height * 4);
  return image;
}

void
qr_image_free (QrImage *image)
{
  if (image == NULL)
    return;
  g_free (image->rgba);
  g_free (image);
}
