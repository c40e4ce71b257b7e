/* qr-image-file.h — image files (PNG, TGA, JPEG and whatever else the
 * installed gdk-pixbuf loaders read) to and from QrImage. */
#pragma once

#include "qr-image.h"

#include <glib.h>
#include <stdbool.h>

/* Decodes a whole image file from memory into RGBA (alpha 255 where the
 * file has none). `name` names it in errors and chooses the TGA loader for
 * a .tga name (TGA has no signature to sniff); other formats are sniffed
 * from the bytes, so a PNG named .jpg still loads. Larger than
 * QR_IMAGE_MAX_SIDE on a side is an error before any pixel is decoded. */
QrImage *qr_image_file_decode (const uint8_t *data, gsize size, const char *name, GError **error);

/* Writes the image as an RGBA PNG. */
bool qr_image_write_png (const QrImage *image, const char *path, GError **error);

/* The same PNG in memory: for containers that carry images inside them
 * (glTF's binary chunk) and for writers that replace files atomically. */
GBytes *qr_image_encode_png (const QrImage *image, GError **error);
