/* qr-wad.c — WAD2/WAD3 directories and miptex decoding. */
#include "qr-wad.h"

#include "qr-bytes.h"

#include <string.h>

#define WAD_HEADER_BYTES 12
#define WAD_ENTRY_BYTES 32
#define WAD_NAME_BYTES 16
#define MIPTEX_HEADER_BYTES 40 /* name[16], width, height, offsets[4] */
#define WAD2_TYPE_MIPTEX 0x44
#define WAD3_TYPE_MIPTEX 0x43

typedef struct
{
  char *name; /* owned; from the directory, as written */
  uint32_t lump_offset, lump_size;
  int width, height;
  uint32_t mip_offset[4];  /* from the lump's start */
  uint32_t palette_offset; /* WAD3: the first RGB triple, from the lump's start */
  guint palette_colours;   /* WAD3: at most 256; missing ones stay black */
} WadTexture;

struct _QrWad
{
  GBytes *bytes; /* owned: the whole file */
  const uint8_t *data;
  gsize size;
  char *display_name;
  bool wad3;
  GArray *textures;     /* WadTexture */
  GHashTable *by_name;  /* lower-case name (owned) → index + 1: first wins */
  GPtrArray *problems;  /* char *, owned */
};

static void
wad_texture_clear (gpointer p)
{
  g_free (((WadTexture *) p)->name);
}

void
qr_wad_free (QrWad *wad)
{
  if (wad == NULL)
    return;
  g_bytes_unref (wad->bytes);
  g_free (wad->display_name);
  g_array_unref (wad->textures);
  g_hash_table_unref (wad->by_name);
  g_ptr_array_unref (wad->problems);
  g_free (wad);
}

G_GNUC_PRINTF (4, 5) static void
skip_entry (QrWad *wad, guint index, const char *name, const char *format, ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_autofree char *message = g_strdup_printf ("%s: entry %u “%s”: %s; skipped", wad->display_name, index, name, what);
  /* The entry's name is raw bytes from the file; problems are shown in
   * GTK labels, which need valid UTF-8. */
  g_ptr_array_add (wad->problems, g_utf8_make_valid (message, -1));
}

/* Checks a miptex lump and fills `tex`; false (with a problem noted) when
 * its header, its full-size level or (WAD3) its palette lies outside it.
 * Smaller levels are checked when decoded. */
static bool
read_miptex (QrWad *wad, guint index, WadTexture *tex)
{
  const uint8_t *lump = wad->data + tex->lump_offset;
  uint32_t w, h;

  if (tex->lump_size < MIPTEX_HEADER_BYTES)
    {
      skip_entry (wad, index, tex->name, "its lump (%u bytes) is smaller than a miptex header (%d bytes)",
                  tex->lump_size, MIPTEX_HEADER_BYTES);
      return false;
    }
  w = qr_read_u32le (lump + 16);
  h = qr_read_u32le (lump + 20);
  if (w == 0 || h == 0 || w > QR_IMAGE_MAX_SIDE || h > QR_IMAGE_MAX_SIDE)
    {
      skip_entry (wad, index, tex->name, "its size %u×%u is out of range (1 to %d per side)",
                  w, h, QR_IMAGE_MAX_SIDE);
      return false;
    }
  tex->width = (int) w;
  tex->height = (int) h;
  for (int m = 0; m < 4; m++)
    tex->mip_offset[m] = qr_read_u32le (lump + 24 + 4 * m);
  if (!qr_range_fits (tex->mip_offset[0], (uint64_t) w * h, tex->lump_size))
    {
      skip_entry (wad, index, tex->name, "its %u×%u pixels at offset %u run past its lump (%u bytes)",
                  w, h, tex->mip_offset[0], tex->lump_size);
      return false;
    }
  if (wad->wad3)
    {
      /* The 16-bit colour count follows the smallest level. */
      uint64_t count_at = (uint64_t) tex->mip_offset[3] + (uint64_t) (w >> 3) * (h >> 3);
      guint colours;

      if (!qr_range_fits (count_at, 2, tex->lump_size))
        {
          skip_entry (wad, index, tex->name, "its palette (after mip level 3, offset %u) lies outside its lump (%u bytes)",
                      tex->mip_offset[3], tex->lump_size);
          return false;
        }
      colours = MIN (qr_read_u16le (lump + count_at), 256);
      if (!qr_range_fits (count_at + 2, (uint64_t) colours * 3, tex->lump_size))
        {
          skip_entry (wad, index, tex->name, "its %u-colour palette runs past its lump (%u bytes)",
                      colours, tex->lump_size);
          return false;
        }
      tex->palette_offset = (uint32_t) (count_at + 2);
      tex->palette_colours = colours;
    }
  return true;
}

QrWad *
qr_wad_new_from_bytes (GBytes *bytes, const char *display_name, GError **error)
{
  g_autoptr (QrWad) wad = g_new0 (QrWad, 1);
  uint32_t count, dir_offset;
  uint8_t miptex_type;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  wad->bytes = g_bytes_ref (bytes);
  wad->data = g_bytes_get_data (bytes, &wad->size);
  wad->display_name = g_strdup (display_name);
  wad->textures = g_array_new (FALSE, TRUE, sizeof (WadTexture));
  g_array_set_clear_func (wad->textures, wad_texture_clear);
  wad->by_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  wad->problems = g_ptr_array_new_with_free_func (g_free);

  if (wad->size < WAD_HEADER_BYTES)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED,
                   "%s: %" G_GSIZE_FORMAT " bytes is too small for a WAD header (%d bytes)",
                   display_name, wad->size, WAD_HEADER_BYTES);
      return NULL;
    }
  if (memcmp (wad->data, "WAD2", 4) == 0)
    miptex_type = WAD2_TYPE_MIPTEX;
  else if (memcmp (wad->data, "WAD3", 4) == 0)
    {
      wad->wad3 = true;
      miptex_type = WAD3_TYPE_MIPTEX;
    }
  else
    {
      char magic[5];

      for (int k = 0; k < 4; k++)
        magic[k] = g_ascii_isprint (wad->data[k]) ? (char) wad->data[k] : '?';
      magic[4] = '\0';
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "%s: not a WAD file (it begins with “%s”, not “WAD2” or “WAD3”)",
                   display_name, magic);
      return NULL;
    }

  count = qr_read_u32le (wad->data + 4);
  dir_offset = qr_read_u32le (wad->data + 8);
  if (!qr_range_fits (dir_offset, (uint64_t) count * WAD_ENTRY_BYTES, wad->size))
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED,
                   "%s: its directory (%u entries of %d bytes at offset %u) runs past the end of the file (%" G_GSIZE_FORMAT " bytes)",
                   display_name, count, WAD_ENTRY_BYTES, dir_offset, wad->size);
      return NULL;
    }

  for (uint32_t i = 0; i < count; i++)
    {
      const uint8_t *entry = wad->data + dir_offset + (gsize) i * WAD_ENTRY_BYTES;
      WadTexture tex = { 0 };
      uint32_t disk_size = qr_read_u32le (entry + 4);
      uint8_t type = entry[12], compression = entry[13];
      g_autofree char *key = NULL;

      if (type != miptex_type)
        continue; /* palettes, status-bar pictures, fonts: not textures */
      tex.name = qr_dup_name_field (entry + 16, WAD_NAME_BYTES);
      tex.lump_offset = qr_read_u32le (entry);
      tex.lump_size = disk_size;
      /* Quake's gfx.wad stores its 128×128 console font raw under the
       * miptex type; it has no miptex header to read. */
      if (g_ascii_strcasecmp (tex.name, "conchars") == 0 && !wad->wad3)
        {
          g_free (tex.name);
          continue;
        }
      if (tex.name[0] == '\0')
        skip_entry (wad, i, tex.name, "it has no name");
      else if (compression != 0)
        skip_entry (wad, i, tex.name, "it is compressed (method %u), which no Quake tool writes", compression);
      else if (!qr_range_fits (tex.lump_offset, disk_size, wad->size))
        skip_entry (wad, i, tex.name, "its lump (offset %u, %u bytes) lies outside the file (%" G_GSIZE_FORMAT " bytes)",
                    tex.lump_offset, disk_size, wad->size);
      else if (read_miptex (wad, i, &tex))
        {
          key = g_ascii_strdown (tex.name, -1);
          if (!g_hash_table_contains (wad->by_name, key))
            g_hash_table_insert (wad->by_name, g_steal_pointer (&key),
                                 GUINT_TO_POINTER (wad->textures->len + 1));
          g_array_append_val (wad->textures, tex);
          continue;
        }
      g_free (tex.name);
    }
  return g_steal_pointer (&wad);
}

QrWad *
qr_wad_open (const char *path, GError **error)
{
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *display = NULL;
  char *contents = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);

  /* GLib's message names the file. */
  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;
  display = g_filename_display_name (path);
  bytes = g_bytes_new_take (contents, length);
  return qr_wad_new_from_bytes (bytes, display, error);
}

const char *
qr_wad_display_name (const QrWad *wad)
{
  g_return_val_if_fail (wad != NULL, NULL);
  return wad->display_name;
}

bool
qr_wad_is_wad3 (const QrWad *wad)
{
  g_return_val_if_fail (wad != NULL, false);
  return wad->wad3;
}

guint
qr_wad_n_textures (const QrWad *wad)
{
  g_return_val_if_fail (wad != NULL, 0);
  return wad->textures->len;
}

const char *
qr_wad_texture_name (const QrWad *wad, guint i)
{
  g_return_val_if_fail (wad != NULL && i < wad->textures->len, NULL);
  return g_array_index (wad->textures, WadTexture, i).name;
}

void
qr_wad_texture_size (const QrWad *wad, guint i, int *width, int *height)
{
  g_return_if_fail (wad != NULL && i < wad->textures->len);
  const WadTexture *tex = &g_array_index (wad->textures, WadTexture, i);
  if (width != NULL)
    *width = tex->width;
  if (height != NULL)
    *height = tex->height;
}

int
qr_wad_find (const QrWad *wad, const char *name)
{
  g_return_val_if_fail (wad != NULL && name != NULL, -1);
  g_autofree char *key = g_ascii_strdown (name, -1);
  return (int) GPOINTER_TO_UINT (g_hash_table_lookup (wad->by_name, key)) - 1;
}

QrImage *
qr_wad_decode (const QrWad *wad, guint i, int mip, const QrPalette *palette, GError **error)
{
  g_return_val_if_fail (wad != NULL && i < wad->textures->len, NULL);
  const WadTexture *tex = &g_array_index (wad->textures, WadTexture, i);
  const uint8_t *lump = wad->data + tex->lump_offset;
  uint8_t rgb[256][3];
  const uint8_t (*colours)[3];
  QrImage *image;
  bool transparent = tex->name[0] == '{';
  /* The name as errors quote it: the file's bytes made valid UTF-8 for GTK
   * labels (found by fuzz-wad). */
  g_autofree char *shown = g_utf8_make_valid (tex->name, -1);
  int w, h;

  if (mip < 0 || mip > 3)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_UNSUPPORTED,
                   "%s: “%s”: mip level %d does not exist (a miptex has levels 0 to 3)",
                   wad->display_name, shown, mip);
      return NULL;
    }
  w = tex->width >> mip;
  h = tex->height >> mip;
  if (w == 0 || h == 0)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "%s: “%s”: mip level %d of a %d×%d texture has no pixels",
                   wad->display_name, shown, mip, tex->width, tex->height);
      return NULL;
    }
  if (!qr_range_fits (tex->mip_offset[mip], (uint64_t) w * h, tex->lump_size))
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED,
                   "%s: “%s”: mip level %d (%d×%d at offset %u) runs past its lump (%u bytes)",
                   wad->display_name, shown, mip, w, h, tex->mip_offset[mip], tex->lump_size);
      return NULL;
    }

  if (wad->wad3)
    {
      memset (rgb, 0, sizeof rgb);
      memcpy (rgb, lump + tex->palette_offset, (gsize) tex->palette_colours * 3);
      colours = (const uint8_t (*)[3]) rgb;
    }
  else
    colours = (const uint8_t (*)[3]) (palette != NULL ? palette : qr_palette_quake_default ())->rgb;

  /* One RGBA word per index, so the loop is a load and a store. */
  uint8_t rgba[256][4];
  for (int k = 0; k < 256; k++)
    {
      memcpy (rgba[k], colours[k], 3);
      rgba[k][3] = 255;
    }
  if (transparent)
    rgba[255][3] = 0;

  image = qr_image_new (w, h, error);
  if (image == NULL)
    return NULL;
  const uint8_t *src = lump + tex->mip_offset[mip];
  uint8_t *dst = image->rgba;
  for (gsize k = 0, n = (gsize) w * h; k < n; k++)
    memcpy (dst + 4 * k, rgba[src[k]], 4);
  return image;
}

guint
qr_wad_n_problems (const QrWad *wad)
{
  g_return_val_if_fail (wad != NULL, 0);
  return wad->problems->len;
}

const char *
qr_wad_problem (const QrWad *wad, guint i)
{
  g_return_val_if_fail (wad != NULL && i < wad->problems->len, NULL);
  return wad->problems->pdata[i];
}
