/* qr-dxt.h — S3TC (DXT1, DXT3, DXT5) block decoding, for VTF and any later
 * DDS reader.
 *
 * The blocks are decoded by libsquish (Debian's libsquish0), which follows the
 * S3TC specification (EXT_texture_compression_s3tc): 565 end points widened by
 * bit replication, thirds and halves rounded down, DXT1's three-colour mode
 * when colour 0 <= colour 1 with index 3 transparent black. libsquish is C++;
 * this header is the C face of qr-dxt.cc.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum
{
  QR_DXT1, /* 8 bytes a 4x4 block, colours and 1-bit alpha */
  QR_DXT3, /* 16 bytes: explicit 4-bit alpha, then a DXT1 colour block */
  QR_DXT5, /* 16 bytes: interpolated alpha, then a DXT1 colour block */
} QrDxtKind;

/* Bytes of the blocks covering width x height pixels (both at least 1):
 * whole 4x4 blocks, so a 1x1 or 2x2 mipmap still takes one. */
uint64_t qr_dxt_size (QrDxtKind kind, int width, int height);

/* Decodes qr_dxt_size() bytes of blocks into width * height RGBA pixels,
 * rows top to bottom; pixels of partial blocks past the edges are dropped. */
void qr_dxt_decode (QrDxtKind kind, const uint8_t *blocks, int width, int height, uint8_t *rgba);

#ifdef __cplusplus
}
#endif
