/* qr-dxt.cc — S3TC decoding through libsquish (C++), behind a C interface. */
#include "qr-dxt.h"

#include <squish.h>

uint64_t
qr_dxt_size (QrDxtKind kind, int width, int height)
{
  uint64_t blocks_x = ((uint64_t) width + 3) / 4;
  uint64_t blocks_y = ((uint64_t) height + 3) / 4;

  return blocks_x * blocks_y * (kind == QR_DXT1 ? 8 : 16);
}

void
qr_dxt_decode (QrDxtKind kind, const uint8_t *blocks, int width, int height, uint8_t *rgba)
{
  int flags = kind == QR_DXT1 ? squish::kDxt1 : kind == QR_DXT3 ? squish::kDxt3 : squish::kDxt5;

  squish::DecompressImage (rgba, width, height, blocks, flags);
}
