/* qr-vtf.h — Source engine textures (VTF 7.0 to 7.5) decoded to RGBA.
 *
 * Layout from the Valve Developer Community's "Valve Texture Format" page: a
 * header whose own size field says where it ends; from 7.3 on a resource
 * directory pointing at the images; the high-resolution image stored mipmap
 * by mipmap from the smallest to the largest, each holding every frame, each
 * frame every face (6 for a cube map, 7 before 7.5 with the sphere map), each
 * face every depth slice. Only frame 0, face 0, slice 0 is decoded.
 *
 * Every size and offset read from the file is checked against the data before
 * it is used, and nothing is allocated before the pixels it will hold are
 * known to be in the file.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "qr-image.h"

/* VTF image formats, numbered as in the file (Source SDK's ImageFormat). */
typedef enum
{
  QR_VTF_RGBA8888 = 0,
  QR_VTF_ABGR8888 = 1,
  QR_VTF_RGB888 = 2,
  QR_VTF_BGR888 = 3,
  QR_VTF_RGB565 = 4,
  QR_VTF_I8 = 5,
  QR_VTF_IA88 = 6,
  QR_VTF_P8 = 7,
  QR_VTF_A8 = 8,
  QR_VTF_RGB888_BLUESCREEN = 9,
  QR_VTF_BGR888_BLUESCREEN = 10,
  QR_VTF_ARGB8888 = 11,
  QR_VTF_BGRA8888 = 12,
  QR_VTF_DXT1 = 13,
  QR_VTF_DXT3 = 14,
  QR_VTF_DXT5 = 15,
  QR_VTF_BGRX8888 = 16,
  QR_VTF_BGR565 = 17,
  QR_VTF_BGRX5551 = 18,
  QR_VTF_BGRA4444 = 19,
  QR_VTF_DXT1_ONEBITALPHA = 20,
  QR_VTF_BGRA5551 = 21,
  QR_VTF_UV88 = 22,
  QR_VTF_UVWQ8888 = 23,
  QR_VTF_RGBA16161616F = 24,
  QR_VTF_RGBA16161616 = 25,
  QR_VTF_UVLX8888 = 26,
} QrVtfFormat;

/* The format's name as VTF tools spell it ("DXT5"), or NULL when unknown. */
const char *qr_vtf_format_name (int format);

/* The largest image's size, the number of mipmaps and the image format
 * (a QrVtfFormat, or another number for formats this file does not know).
 * False with QR_TEXTURE_ERROR_FORMAT when the bytes are not a VTF,
 * _UNSUPPORTED for other versions, _TRUNCATED when the header, resource
 * directory or image data run past `size` (the image data is checked for
 * every format with a number above, decodable or not; a format number
 * beyond them has no known size). Any out argument may be NULL. */
bool qr_vtf_info (const uint8_t *data, gsize size, int *width, int *height, int *n_mips, int *format,
                  GError **error);

/* Mipmap `mip` of frame 0, face 0, slice 0: mip 0 is the full size, each
 * next one half as wide and high (at least 1). NULL with the errors of
 * qr_vtf_info, QR_TEXTURE_ERROR_UNSUPPORTED naming the format number when
 * there is no decoder for it, or QR_TEXTURE_ERROR_NOT_FOUND when the file has
 * no mipmap `mip`. DXT1 is opaque; DXT1_ONEBITALPHA keeps its 1-bit alpha. */
QrImage *qr_vtf_decode (const uint8_t *data, gsize size, int mip, GError **error);
