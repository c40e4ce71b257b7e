/* qr-bytes.h — little-endian fields of binary formats (WAD, PAK, WAL), and
 * the one bounds test every offset from a file goes through. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

static inline uint32_t
qr_read_u32le (const uint8_t *p)
{
  return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
}

static inline int32_t
qr_read_i32le (const uint8_t *p)
{
  return (int32_t) qr_read_u32le (p);
}

static inline uint16_t
qr_read_u16le (const uint8_t *p)
{
  return (uint16_t) (p[0] | p[1] << 8);
}

/* Whether [offset, offset + length) lies inside a buffer of `size` bytes;
 * 64-bit arithmetic, so no sum of 32-bit fields can wrap. */
static inline bool
qr_range_fits (uint64_t offset, uint64_t length, uint64_t size)
{
  return offset <= size && length <= size - offset;
}

/* A fixed-width name field (WAD lumps, PAK entries, WAL headers): the bytes
 * up to the first NUL or the field's end, as a new string. */
static inline char *
qr_dup_name_field (const uint8_t *field, gsize width)
{
  gsize n = 0;

  while (n < width && field[n] != '\0')
    n++;
  return g_strndup ((const char *) field, n);
}
