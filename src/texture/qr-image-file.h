/* qr-image-file.h — image files (PNG, TGA and JPEG, the formats games
 * load textures from, through gdk-pixbuf's loaders) to and from QrImage. */
#pragma once

#include "qr-image.h"

#include <glib.h>
#include <stdbool.h>

/* Decodes a whole image file from memory into RGBA (alpha 255 where the
 * file has none). `name` names it in errors and chooses the TGA loader for
 * a .tga name (TGA has no signature to sniff); PNG and JPEG are told by
 * their signatures, so a PNG named .jpg still loads, and anything else is
 * refused. Larger than QR_IMAGE_MAX_SIDE on a side, or than the file's
 * bytes can hold, is an error before any pixel is decoded. */
QrImage *qr_image_file_decode (const uint8_t *data, gsize size, const char *name, GError **error);

/* Writes the image as an RGBA PNG. */
bool qr_image_write_png (const QrImage *image, const char *path, GError **error);

/* The same PNG in memory: for containers that carry images inside them
 * (glTF's binary chunk) and for writers that replace files atomically. */
GBytes *qr_image_encode_png (const QrImage *image, GError **error);
