/* qr-pak.c — PAK directories and Daikatana's run-length decoding. */
#include "qr-pak.h"

#include "qr-bytes.h"
#include "qr-image.h"

#include <string.h>

#define PAK_HEADER_BYTES 12
#define PAK_NAME_BYTES 56
#define QUAKE_ENTRY_BYTES 64
#define DAIKATANA_ENTRY_BYTES 72
/* The most one input byte of the run-length code can expand to: a run of
 * 0x7F − 62 zeros, or 0xBF − 126 copies of the byte after it. */
#define RLE_MAX_EXPANSION 65

typedef struct
{
  char *path; /* owned, as written */
  uint32_t offset;
  uint32_t size;        /* uncompressed */
  uint32_t stored_size; /* bytes in the archive */
  bool compressed;
} PakEntry;

struct _QrPak
{
  GBytes *bytes; /* owned */
  const uint8_t *data;
  gsize size;
  char *display_name;
  bool daikatana;
  GArray *entries;     /* PakEntry */
  GHashTable *by_path; /* normalised path (owned) → index + 1: first wins */
  GPtrArray *problems; /* char *, owned */
};

static void
pak_entry_clear (gpointer p)
{
  g_free (((PakEntry *) p)->path);
}

void
qr_pak_free (QrPak *pak)
{
  if (pak == NULL)
    return;
  g_bytes_unref (pak->bytes);
  g_free (pak->display_name);
  g_array_unref (pak->entries);
  g_hash_table_unref (pak->by_path);
  g_ptr_array_unref (pak->problems);
  g_free (pak);
}

/* Lower case, '/' separators, no leading "./" or '/': the form lookups
 * compare. */
static char *
normalise_path (const char *path)
{
  char *key;

  while (path[0] == '/' || path[0] == '\\' || (path[0] == '.' && (path[1] == '/' || path[1] == '\\')))
    path += path[0] == '.' ? 2 : 1;
  key = g_ascii_strdown (path, -1);
  for (char *c = key; *c != '\0'; c++)
    if (*c == '\\')
      *c = '/';
  return key;
}

/* A name field holds a path when it is not empty, ends inside the field
 * and has no control characters (bytes above 0x7F are allowed: old tools
 * wrote Latin-1). */
static bool
name_field_ok (const uint8_t *field)
{
  gsize n = 0;

  while (n < PAK_NAME_BYTES && field[n] != '\0')
    {
      if (field[n] < 0x20 || field[n] == 0x7F)
        return false;
      n++;
    }
  return n > 0 && n < PAK_NAME_BYTES;
}

static void
read_entry (const uint8_t *entry, bool daikatana, PakEntry *out)
{
  out->offset = qr_read_u32le (entry + PAK_NAME_BYTES);
  out->size = qr_read_u32le (entry + PAK_NAME_BYTES + 4);
  out->stored_size = out->size;
  out->compressed = false;
  if (daikatana)
    {
      out->compressed = qr_read_u32le (entry + PAK_NAME_BYTES + 12) != 0;
      if (out->compressed)
        out->stored_size = qr_read_u32le (entry + PAK_NAME_BYTES + 8);
    }
}

/* Whether every entry of the directory read with this layout is a path
 * whose data lies inside the file. */
static bool
layout_fits (const QrPak *pak, uint32_t dir_offset, uint32_t dir_size, guint entry_bytes)
{
  if (dir_size % entry_bytes != 0)
    return false;
  for (uint32_t at = 0; at < dir_size; at += entry_bytes)
    {
      const uint8_t *entry = pak->data + dir_offset + at;
      PakEntry e;

      if (!name_field_ok (entry))
        return false;
      read_entry (entry, entry_bytes == DAIKATANA_ENTRY_BYTES, &e);
      if (entry_bytes == DAIKATANA_ENTRY_BYTES && qr_read_u32le (entry + PAK_NAME_BYTES + 12) > 1)
        return false;
      if (!qr_range_fits (e.offset, e.stored_size, pak->size))
        return false;
    }
  return true;
}

G_GNUC_PRINTF (4, 5) static void
skip_entry (QrPak *pak, guint index, const char *path, const char *format, ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_autofree char *message = g_strdup_printf ("%s: entry %u “%s”: %s; skipped", pak->display_name, index, path, what);
  /* The entry's path is raw bytes from the file; problems are shown in
   * GTK labels, which need valid UTF-8. */
  g_ptr_array_add (pak->problems, g_utf8_make_valid (message, -1));
}

QrPak *
qr_pak_new_from_bytes (GBytes *bytes, const char *display_name, GError **error)
{
  g_autoptr (QrPak) pak = g_new0 (QrPak, 1);
  uint32_t dir_offset, dir_size;
  guint entry_bytes;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  pak->bytes = g_bytes_ref (bytes);
  pak->data = g_bytes_get_data (bytes, &pak->size);
  pak->display_name = g_strdup (display_name);
  pak->entries = g_array_new (FALSE, TRUE, sizeof (PakEntry));
  g_array_set_clear_func (pak->entries, pak_entry_clear);
  pak->by_path = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  pak->problems = g_ptr_array_new_with_free_func (g_free);

  if (pak->size < PAK_HEADER_BYTES || memcmp (pak->data, "PACK", 4) != 0)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "%s: not a PAK archive (%s)", display_name,
                   pak->size < PAK_HEADER_BYTES ? "shorter than its 12-byte header" : "it does not begin with “PACK”");
      return NULL;
    }
  dir_offset = qr_read_u32le (pak->data + 4);
  dir_size = qr_read_u32le (pak->data + 8);
  if (!qr_range_fits (dir_offset, dir_size, pak->size))
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_TRUNCATED,
                   "%s: its directory (%u bytes at offset %u) runs past the end of the file (%" G_GSIZE_FORMAT " bytes)",
                   display_name, dir_size, dir_offset, pak->size);
      return NULL;
    }

  /* Both layouts share the magic: take the one under which every entry
   * makes sense, Quake's first; failing both, the one the size divides. */
  if (layout_fits (pak, dir_offset, dir_size, QUAKE_ENTRY_BYTES))
    entry_bytes = QUAKE_ENTRY_BYTES;
  else if (layout_fits (pak, dir_offset, dir_size, DAIKATANA_ENTRY_BYTES))
    entry_bytes = DAIKATANA_ENTRY_BYTES;
  else if (dir_size % QUAKE_ENTRY_BYTES == 0)
    entry_bytes = QUAKE_ENTRY_BYTES;
  else if (dir_size % DAIKATANA_ENTRY_BYTES == 0)
    entry_bytes = DAIKATANA_ENTRY_BYTES;
  else
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "%s: its directory size (%u bytes) is not a whole number of 64-byte (Quake) or 72-byte (Daikatana) entries",
                   display_name, dir_size);
      return NULL;
    }
  pak->daikatana = entry_bytes == DAIKATANA_ENTRY_BYTES;

  for (guint i = 0; i < dir_size / entry_bytes; i++)
    {
      const uint8_t *entry = pak->data + dir_offset + (gsize) i * entry_bytes;
      PakEntry e;
      g_autofree char *path = qr_dup_name_field (entry, PAK_NAME_BYTES);
      g_autofree char *key = NULL;

      read_entry (entry, pak->daikatana, &e);
      if (path[0] == '\0')
        {
          skip_entry (pak, i, path, "it has no name");
          continue;
        }
      if (!qr_range_fits (e.offset, e.stored_size, pak->size))
        {
          skip_entry (pak, i, path, "its data (offset %u, %u bytes) lies outside the file (%" G_GSIZE_FORMAT " bytes)",
                      e.offset, e.stored_size, pak->size);
          continue;
        }
      e.path = g_steal_pointer (&path);
      key = normalise_path (e.path);
      if (!g_hash_table_contains (pak->by_path, key))
        g_hash_table_insert (pak->by_path, g_steal_pointer (&key), GUINT_TO_POINTER (pak->entries->len + 1));
      g_array_append_val (pak->entries, e);
    }
  return g_steal_pointer (&pak);
}

QrPak *
qr_pak_open (const char *path, GError **error)
{
  g_autoptr (GMappedFile) mapped = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *display = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  /* GLib's message names the file. */
  mapped = g_mapped_file_new (path, FALSE, error);
  if (mapped == NULL)
    return NULL;
  bytes = g_mapped_file_get_bytes (mapped);
  display = g_filename_display_name (path);
  return qr_pak_new_from_bytes (bytes, display, error);
}

const char *
qr_pak_display_name (const QrPak *pak)
{
  g_return_val_if_fail (pak != NULL, NULL);
  return pak->display_name;
}

bool
qr_pak_is_daikatana (const QrPak *pak)
{
  g_return_val_if_fail (pak != NULL, false);
  return pak->daikatana;
}

guint
qr_pak_n_files (const QrPak *pak)
{
  g_return_val_if_fail (pak != NULL, 0);
  return pak->entries->len;
}

const char *
qr_pak_file_path (const QrPak *pak, guint i)
{
  g_return_val_if_fail (pak != NULL && i < pak->entries->len, NULL);
  return g_array_index (pak->entries, PakEntry, i).path;
}

gsize
qr_pak_file_size (const QrPak *pak, guint i)
{
  g_return_val_if_fail (pak != NULL && i < pak->entries->len, 0);
  return g_array_index (pak->entries, PakEntry, i).size;
}

int
qr_pak_find (const QrPak *pak, const char *path)
{
  g_return_val_if_fail (pak != NULL && path != NULL, -1);
  g_autofree char *key = normalise_path (path);
  return (int) GPOINTER_TO_UINT (g_hash_table_lookup (pak->by_path, key)) - 1;
}

/* Daikatana's run-length code, one opcode byte x at a time (as TrenchBroom's
 * DkPakFileSystem reads it): x < 0x40 copies the next x + 1 bytes; x < 0x80
 * writes x − 62 zeros; x < 0xC0 writes the next byte x − 126 times; x < 0xFE
 * copies x − 190 bytes from (next byte + 2) bytes back in the output; 0xFE
 * does nothing; 0xFF ends the data. Decoding also stops once the entry's
 * size is reached; whatever would write past it, read past the input or
 * reach before the output's start is an error. */
static GBytes *
rle_decode (const QrPak *pak, const PakEntry *e, GError **error)
{
  const uint8_t *in = pak->data + e->offset;
  gsize n = e->stored_size, i = 0, o = 0;
  g_autofree uint8_t *out = NULL;
  /* The path as errors quote it: the file's bytes made valid UTF-8 for GTK
   * labels (found by fuzz-pak). */
  g_autofree char *shown = g_utf8_make_valid (e->path, -1);

  if ((uint64_t) e->size > (uint64_t) n * RLE_MAX_EXPANSION)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "%s: “%s”: %u compressed bytes cannot make the %u bytes its entry says",
                   pak->display_name, shown, e->stored_size, e->size);
      return NULL;
    }
  out = g_malloc (MAX (e->size, 1));
  while (o < e->size && i < n)
    {
      uint8_t x = in[i++];
      gsize len;

      if (x == 0xFF)
        break;
      if (x == 0xFE)
        continue;
      len = x < 0x40 ? (gsize) x + 1 : x < 0x80 ? (gsize) x - 62 : x < 0xC0 ? (gsize) x - 126 : (gsize) x - 190;
      if (len > e->size - o)
        break;
      if (x < 0x40)
        {
          if (len > n - i)
            break;
          memcpy (out + o, in + i, len);
          i += len;
        }
      else if (x < 0x80)
        memset (out + o, 0, len);
      else if (x < 0xC0)
        {
          if (i >= n)
            break;
          memset (out + o, in[i++], len);
        }
      else
        {
          gsize back;

          if (i >= n)
            break;
          back = (gsize) in[i++] + 2;
          if (back > o)
            break;
          /* Byte by byte: a run may overlap what it writes. */
          for (gsize k = 0; k < len; k++)
            out[o + k] = out[o - back + k];
        }
      o += len;
    }
  if (o < e->size)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "%s: “%s”: its compressed data is corrupt (byte %" G_GSIZE_FORMAT " of %u; %" G_GSIZE_FORMAT " of %u bytes decoded)",
                   pak->display_name, shown, i, e->stored_size, o, e->size);
      return NULL;
    }
  return g_bytes_new_take (g_steal_pointer (&out), e->size);
}

GBytes *
qr_pak_read (const QrPak *pak, guint i, GError **error)
{
  g_return_val_if_fail (pak != NULL && i < pak->entries->len, NULL);
  const PakEntry *e = &g_array_index (pak->entries, PakEntry, i);

  if (e->compressed)
    return rle_decode (pak, e, error);
  return g_bytes_new_from_bytes (pak->bytes, e->offset, e->size);
}

guint
qr_pak_n_problems (const QrPak *pak)
{
  g_return_val_if_fail (pak != NULL, 0);
  return pak->problems->len;
}

const char *
qr_pak_problem (const QrPak *pak, guint i)
{
  g_return_val_if_fail (pak != NULL && i < pak->problems->len, NULL);
  return pak->problems->pdata[i];
}
