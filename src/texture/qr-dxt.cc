/* qr-dxt.cc — S3TC decoding through libsquish (C++), behind a C interface. */
#include "qr-dxt.h"

#include <string.h>

#include <squish.h>

uint64_t
qr_dxt_size (QrDxtKind kind, int width, int height)
{
  uint64_t blocks_x = ((uint64_t) width + 3) / 4;
  uint64_t blocks_y = ((uint64_t) height + 3) / 4;

  return blocks_x * blocks_y * (kind == QR_DXT1 ? 8 : 16);
}

/* Block by block with squish::Decompress rather than squish::DecompressImage:
 * Debian builds the latter with an OpenMP parallel loop, whose thread team
 * costs far more than a texture's decoding (milliseconds against 12 µs for
 * 64x64 on a loaded machine) and would multiply the threads of the editor's
 * own decoding workers. */
void
qr_dxt_decode (QrDxtKind kind, const uint8_t *blocks, int width, int height, uint8_t *rgba)
{
  int flags = kind == QR_DXT1 ? squish::kDxt1 : kind == QR_DXT3 ? squish::kDxt3 : squish::kDxt5;
  size_t block_bytes = kind == QR_DXT1 ? 8 : 16;
  squish::u8 pixels[16 * 4];

  for (int y = 0; y < height; y += 4)
    for (int x = 0; x < width; x += 4, blocks += block_bytes)
      {
        int rows = height - y < 4 ? height - y : 4, columns = width - x < 4 ? width - x : 4;

        squish::Decompress (pixels, blocks, flags);
        for (int row = 0; row < rows; row++)
          memcpy (rgba + ((size_t) (y + row) * (size_t) width + (size_t) x) * 4, pixels + row * 16,
                  (size_t) columns * 4);
      }
}
