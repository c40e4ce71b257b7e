/* qr-vtf.c — VTF header, resource directory and pixel formats.
 *
 * Sources: the Valve Developer Community page "Valve Texture Format" (header
 * fields, resource tags, image order), the Source SDK's ImageFormat numbering,
 * and srctools' vtf readers (TeamSpen210/srctools, _py_vtf_readwrite.py) for
 * how each format's bytes map to channels: the corpus's expected PNGs are
 * srctools decodes, and it documents ARGB8888's real byte order (G, B, A, R).
 */
#include "qr-vtf.h"

#include <string.h>

#include "qr-dxt.h"

/* Byte offsets of the header fields (VTFHEADER, packed). */
enum
{
  HDR_VERSION_MAJOR = 4,
  HDR_VERSION_MINOR = 8,
  HDR_HEADER_SIZE = 12,
  HDR_WIDTH = 16,
  HDR_HEIGHT = 18,
  HDR_FLAGS = 20,
  HDR_FRAMES = 24,
  HDR_FIRST_FRAME = 26,
  HDR_FORMAT = 52,
  HDR_MIP_COUNT = 56,
  HDR_LOWRES_FORMAT = 57,
  HDR_LOWRES_WIDTH = 61,
  HDR_LOWRES_HEIGHT = 62,
  HDR_DEPTH = 63,          /* 7.2 on */
  HDR_RESOURCE_COUNT = 68, /* 7.3 on */
  HDR_RESOURCES = 80,      /* 7.3 on: 8 bytes each, tag[3], flags, offset */
  /* Where the fields each version reads end. */
  HDR_END_7_0 = 63,
  HDR_END_7_2 = 65,
  HDR_END_7_3 = 80,
};

#define VTF_FLAG_ENVMAP 0x4000u
#define VTF_RESOURCE_NO_DATA 0x02u /* the entry's offset field is the value */
#define VTF_NO_FORMAT (-1)         /* a low-res format of -1: no thumbnail */

typedef enum
{
  PIXELS_NONE, /* known size, no decoder */
  PIXELS_BYTES,
  PIXELS_PACKED16,
  PIXELS_DXT,
} PixelKind;

typedef struct
{
  uint8_t shift, bits;
} Field;

typedef struct
{
  const char *name;
  uint8_t bytes; /* a pixel's bytes; 0 for the block formats */
  PixelKind kind;
  /* PIXELS_BYTES: the byte of R, G, B, A within a pixel; -1 for none, which
   * reads 0 for a colour and 255 for alpha. */
  int8_t at[4];
  /* PIXELS_PACKED16: the bits of R, G, B, A in the little-endian 16-bit
   * pixel; bits 0 for none, as above. */
  Field field[4];
  QrDxtKind dxt;
  bool bluescreen; /* pure blue (0, 0, 255) is transparent */
  bool opaque;     /* DXT1: the format has no alpha, whatever the blocks say */
} FormatInfo;

#define BYTES(n, r, g, b, a) .bytes = (n), .kind = PIXELS_BYTES, .at = { (r), (g), (b), (a) }
/* Shift and width of R, G, B and A. */
#define PACKED(rs, rb, gs, gb, bs, bb, as, ab) \
  .bytes = 2, .kind = PIXELS_PACKED16, .field = { { rs, rb }, { gs, gb }, { bs, bb }, { as, ab } }

static const FormatInfo formats[] = {
  [QR_VTF_RGBA8888] = { "RGBA8888", BYTES (4, 0, 1, 2, 3) },
  [QR_VTF_ABGR8888] = { "ABGR8888", BYTES (4, 3, 2, 1, 0) },
  [QR_VTF_RGB888] = { "RGB888", BYTES (3, 0, 1, 2, -1) },
  [QR_VTF_BGR888] = { "BGR888", BYTES (3, 2, 1, 0, -1) },
  /* Which end holds red is disputed between tools; left undecoded. */
  [QR_VTF_RGB565] = { "RGB565", .bytes = 2, .kind = PIXELS_NONE },
  [QR_VTF_I8] = { "I8", BYTES (1, 0, 0, 0, -1) },
  [QR_VTF_IA88] = { "IA88", BYTES (2, 0, 0, 0, 1) },
  [QR_VTF_P8] = { "P8", .bytes = 1, .kind = PIXELS_NONE }, /* the engine has no palette either */
  [QR_VTF_A8] = { "A8", BYTES (1, -1, -1, -1, 0) },
  [QR_VTF_RGB888_BLUESCREEN] = { "RGB888_BLUESCREEN", BYTES (3, 0, 1, 2, -1), .bluescreen = true },
  [QR_VTF_BGR888_BLUESCREEN] = { "BGR888_BLUESCREEN", BYTES (3, 2, 1, 0, -1), .bluescreen = true },
  [QR_VTF_ARGB8888] = { "ARGB8888", BYTES (4, 3, 0, 1, 2) },
  [QR_VTF_BGRA8888] = { "BGRA8888", BYTES (4, 2, 1, 0, 3) },
  [QR_VTF_DXT1] = { "DXT1", .kind = PIXELS_DXT, .dxt = QR_DXT1, .opaque = true },
  [QR_VTF_DXT3] = { "DXT3", .kind = PIXELS_DXT, .dxt = QR_DXT3 },
  [QR_VTF_DXT5] = { "DXT5", .kind = PIXELS_DXT, .dxt = QR_DXT5 },
  [QR_VTF_BGRX8888] = { "BGRX8888", BYTES (4, 2, 1, 0, -1) },
  [QR_VTF_BGR565] = { "BGR565", PACKED (11, 5, 5, 6, 0, 5, 0, 0) },
  [QR_VTF_BGRX5551] = { "BGRX5551", PACKED (10, 5, 5, 5, 0, 5, 0, 0) },
  [QR_VTF_BGRA4444] = { "BGRA4444", PACKED (8, 4, 4, 4, 0, 4, 12, 4) },
  [QR_VTF_DXT1_ONEBITALPHA] = { "DXT1_ONEBITALPHA", .kind = PIXELS_DXT, .dxt = QR_DXT1 },
  [QR_VTF_BGRA5551] = { "BGRA5551", PACKED (10, 5, 5, 5, 0, 5, 15, 1) },
  /* Two-channel normal maps: U and V as red and green. */
  [QR_VTF_UV88] = { "UV88", BYTES (2, 0, 1, -1, -1) },
  [QR_VTF_UVWQ8888] = { "UVWQ8888", BYTES (4, 0, 1, 2, 3) },
  [QR_VTF_RGBA16161616F] = { "RGBA16161616F", .bytes = 8, .kind = PIXELS_NONE },
  [QR_VTF_RGBA16161616] = { "RGBA16161616", .bytes = 8, .kind = PIXELS_NONE },
  [QR_VTF_UVLX8888] = { "UVLX8888", BYTES (4, 0, 1, 2, 3) },
};

#undef BYTES
#undef PACKED

static const FormatInfo *
format_info (int format)
{
  if (format < 0 || format >= (int) G_N_ELEMENTS (formats) || formats[format].name == NULL)
    return NULL;
  return &formats[format];
}

const char *
qr_vtf_format_name (int format)
{
  const FormatInfo *info = format_info (format);

  return info != NULL ? info->name : NULL;
}

/* The bytes of one width x height image in `info`'s format. */
static guint64
image_bytes (const FormatInfo *info, int width, int height)
{
  if (info->kind == PIXELS_DXT)
    return qr_dxt_size (info->dxt, width, height);
  return (guint64) width * (guint64) height * info->bytes;
}

static inline guint16
read_u16 (const uint8_t *p)
{
  return (guint16) (p[0] | p[1] << 8);
}

static inline guint32
read_u32 (const uint8_t *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

static inline int
mip_side (int side, int mip)
{
  return MAX (side >> mip, 1);
}

/* What the header says, once checked against the data. */
typedef struct
{
  int width, height, depth;
  int frames, faces, n_mips;
  int format;
  const FormatInfo *info; /* NULL for a format of unknown size */
  guint64 image_offset;   /* where the high-resolution image data begins */
} Layout;

static bool
truncated (GError **error, gsize size, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

static bool
truncated (GError **error, gsize size, const char *fmt, ...)
{
  va_list args;
  g_autofree char *what = NULL;

  va_start (args, fmt);
  what = g_strdup_vprintf (fmt, args);
  va_end (args);
  g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED,
               "VTF truncated: %s, the file has %" G_GSIZE_FORMAT " bytes", what, size);
  return false;
}

static const char *
describe_format (int format)
{
  const char *name = qr_vtf_format_name (format);

  return name != NULL ? name : "unknown format";
}

/* The offset of the high-resolution image: 7.3 on from the resource
 * directory, before that just after the header and the low-res thumbnail. */
static bool
find_image (const uint8_t *data, gsize size, guint32 minor, Layout *layout, GError **error)
{
  guint32 header_size = read_u32 (data + HDR_HEADER_SIZE);

  if (minor >= 3)
    {
      guint32 n = read_u32 (data + HDR_RESOURCE_COUNT);
      guint64 end = HDR_RESOURCES + (guint64) n * 8;

      if (end > size)
        return truncated (error, size, "its resource directory (%u entries) ends at byte %" G_GUINT64_FORMAT, n, end);
      for (guint32 i = 0; i < n; i++)
        {
          const uint8_t *entry = data + HDR_RESOURCES + (gsize) i * 8;

          if (entry[0] != 0x30 || entry[1] != 0 || entry[2] != 0)
            continue;
          if (entry[3] & VTF_RESOURCE_NO_DATA)
            {
              g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                           "VTF high-resolution image resource (tag 0x30) holds no data");
              return false;
            }
          layout->image_offset = read_u32 (entry + 4);
          return true;
        }
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "VTF 7.%u has no high-resolution image resource (tag 0x30) among its %u resources", minor, n);
      return false;
    }

  if (header_size > size)
    return truncated (error, size, "its header is %u bytes long", header_size);
  layout->image_offset = header_size;

  int lowres_format = (int) read_u32 (data + HDR_LOWRES_FORMAT);
  int lowres_width = data[HDR_LOWRES_WIDTH], lowres_height = data[HDR_LOWRES_HEIGHT];
  if (lowres_format == VTF_NO_FORMAT || lowres_width == 0 || lowres_height == 0)
    return true;
  const FormatInfo *lowres = format_info (lowres_format);
  if (lowres == NULL)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_UNSUPPORTED,
                   "VTF low-resolution image format %d is unknown, so the image after it cannot be found",
                   lowres_format);
      return false;
    }
  layout->image_offset += image_bytes (lowres, lowres_width, lowres_height);
  if (layout->image_offset > size)
    return truncated (error, size, "its low-resolution image (%d×%d %s) ends at byte %" G_GUINT64_FORMAT,
                      lowres_width, lowres_height, lowres->name, layout->image_offset);
  return true;
}

/* The bytes mipmap `mip` takes, all frames, faces and slices; false on
 * overflow. */
static bool
mip_bytes (const Layout *layout, int mip, guint64 *bytes)
{
  guint64 slice = image_bytes (layout->info, mip_side (layout->width, mip), mip_side (layout->height, mip));
  guint64 copies = (guint64) layout->frames * (guint64) layout->faces * (guint64) mip_side (layout->depth, mip);

  return g_uint64_checked_mul (bytes, slice, copies);
}

static bool
read_layout (const uint8_t *data, gsize size, Layout *layout, GError **error)
{
  static const uint8_t signature[4] = { 'V', 'T', 'F', 0 };

  if (size < HDR_WIDTH)
    return truncated (error, size, "the signature, version and header size need %d bytes", HDR_WIDTH);
  if (memcmp (data, signature, sizeof signature) != 0)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT, "not a VTF file (no \"VTF\" signature)");
      return false;
    }

  guint32 major = read_u32 (data + HDR_VERSION_MAJOR), minor = read_u32 (data + HDR_VERSION_MINOR);
  if (major != 7 || minor > 5)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_UNSUPPORTED,
                   "VTF version %u.%u is not supported (7.0 to 7.5 are)", major, minor);
      return false;
    }
  guint32 fields_end = minor >= 3 ? HDR_END_7_3 : minor == 2 ? HDR_END_7_2 : HDR_END_7_0;
  if (size < fields_end)
    return truncated (error, size, "a version 7.%u header needs %u bytes", minor, fields_end);
  guint32 header_size = read_u32 (data + HDR_HEADER_SIZE);
  if (header_size < fields_end)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "VTF header size %u is less than the %u bytes of a version 7.%u header", header_size,
                   fields_end, minor);
      return false;
    }

  guint32 flags = read_u32 (data + HDR_FLAGS);
  guint16 first_frame = read_u16 (data + HDR_FIRST_FRAME);
  *layout = (Layout) {
    .width = read_u16 (data + HDR_WIDTH),
    .height = read_u16 (data + HDR_HEIGHT),
    .depth = minor >= 2 ? MAX (read_u16 (data + HDR_DEPTH), 1) : 1,
    .frames = read_u16 (data + HDR_FRAMES),
    /* Cube maps before 7.5 carry a seventh face, the sphere map, unless
     * their first frame is 0xffff (VTFLib's reading of the format). */
    .faces = (flags & VTF_FLAG_ENVMAP) ? (minor < 5 && first_frame != 0xffff ? 7 : 6) : 1,
    .n_mips = data[HDR_MIP_COUNT],
    .format = (int) read_u32 (data + HDR_FORMAT),
  };
  layout->info = format_info (layout->format);

  if (layout->width == 0 || layout->height == 0 || layout->frames == 0)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT, "VTF image is empty (%d×%d, %d frames)",
                   layout->width, layout->height, layout->frames);
      return false;
    }
  int largest = MAX (MAX (layout->width, layout->height), layout->depth);
  int levels = g_bit_storage ((gulong) largest); /* down to 1×1 */
  if (layout->n_mips < 1 || layout->n_mips > levels)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "VTF has %d mipmaps, a %d×%d image has 1 to %d", layout->n_mips, layout->width,
                   layout->height, levels);
      return false;
    }

  if (!find_image (data, size, minor, layout, error))
    return false;

  /* A format of unknown size cannot be checked further; decoding refuses it. */
  if (layout->info == NULL)
    return true;
  guint64 end = layout->image_offset;
  for (int mip = 0; mip < layout->n_mips; mip++)
    {
      guint64 bytes;
      if (!mip_bytes (layout, mip, &bytes) || !g_uint64_checked_add (&end, end, bytes))
        end = G_MAXUINT64;
    }
  if (end > size)
    return truncated (error, size,
                      "its image data (%d mipmaps of %d×%d×%d %s, %d frames, %d faces) ends at byte %" G_GUINT64_FORMAT
                      "%s",
                      layout->n_mips, layout->width, layout->height, layout->depth, layout->info->name,
                      layout->frames, layout->faces, end, end == G_MAXUINT64 ? " or later" : "");
  return true;
}

bool
qr_vtf_info (const uint8_t *data, gsize size, int *width, int *height, int *n_mips, int *format, GError **error)
{
  Layout layout;

  g_return_val_if_fail (data != NULL || size == 0, false);
  g_return_val_if_fail (error == NULL || *error == NULL, false);

  if (!read_layout (data, size, &layout, error))
    return false;
  if (width != NULL)
    *width = layout.width;
  if (height != NULL)
    *height = layout.height;
  if (n_mips != NULL)
    *n_mips = layout.n_mips;
  if (format != NULL)
    *format = layout.format;
  return true;
}

/* n-bit channel value widened to 8 bits by repeating its bits, as the
 * hardware and srctools do (5 bits: v << 3 | v >> 2). */
static inline uint8_t
widen (unsigned value, unsigned bits)
{
  unsigned wide = value << (8 - bits);

  for (unsigned s = bits; s < 8; s *= 2)
    wide |= wide >> s;
  return (uint8_t) wide;
}

static void
unpack_bytes (const FormatInfo *info, const uint8_t *src, gsize n, uint8_t *dst)
{
  for (gsize i = 0; i < n; i++, src += info->bytes, dst += 4)
    for (int c = 0; c < 4; c++)
      dst[c] = info->at[c] >= 0 ? src[info->at[c]] : c == 3 ? 255 : 0;
}

static void
unpack_packed16 (const FormatInfo *info, const uint8_t *src, gsize n, uint8_t *dst)
{
  for (gsize i = 0; i < n; i++, src += 2, dst += 4)
    {
      unsigned word = read_u16 (src);
      for (int c = 0; c < 4; c++)
        {
          Field f = info->field[c];
          dst[c] = f.bits > 0 ? widen ((word >> f.shift) & ((1u << f.bits) - 1), f.bits) : c == 3 ? 255 : 0;
        }
    }
}

QrImage *
qr_vtf_decode (const uint8_t *data, gsize size, int mip, GError **error)
{
  Layout layout;

  g_return_val_if_fail (data != NULL || size == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!read_layout (data, size, &layout, error))
    return NULL;
  const FormatInfo *info = layout.info;
  if (info == NULL || info->kind == PIXELS_NONE)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_UNSUPPORTED, "VTF image format %d (%s) is not supported",
                   layout.format, describe_format (layout.format));
      return NULL;
    }
  if (mip < 0 || mip >= layout.n_mips)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_NOT_FOUND, "VTF has no mipmap %d (it has 0 to %d)", mip,
                   layout.n_mips - 1);
      return NULL;
    }

  /* Mipmaps are stored smallest first: skip every smaller one. read_layout
   * checked the whole image data, so none of this overflows or leaves it. */
  guint64 offset = layout.image_offset;
  for (int smaller = layout.n_mips - 1; smaller > mip; smaller--)
    {
      guint64 bytes;
      G_GNUC_UNUSED bool fits = mip_bytes (&layout, smaller, &bytes);
      g_assert (fits);
      offset += bytes;
    }
  int width = mip_side (layout.width, mip), height = mip_side (layout.height, mip);
  g_assert (offset + image_bytes (info, width, height) <= size);

  g_autoptr (QrImage) image = qr_image_new (width, height, error);
  if (image == NULL)
    return NULL;
  const uint8_t *src = data + offset;
  gsize n = (gsize) width * (gsize) height;
  switch (info->kind)
    {
    case PIXELS_BYTES:
      unpack_bytes (info, src, n, image->rgba);
      break;
    case PIXELS_PACKED16:
      unpack_packed16 (info, src, n, image->rgba);
      break;
    case PIXELS_DXT:
      qr_dxt_decode (info->dxt, src, width, height, image->rgba);
      break;
    case PIXELS_NONE:
    default:
      g_assert_not_reached ();
    }

  if (info->opaque || info->bluescreen)
    for (uint8_t *p = image->rgba; p < image->rgba + n * 4; p += 4)
      {
        if (info->opaque)
          p[3] = 255;
        else if (p[0] == 0 && p[1] == 0 && p[2] == 255)
          memset (p, 0, 4);
      }
  return g_steal_pointer (&image);
}
