/* qr-pak.h — Quake PAK archives (and Daikatana's variant), read as folders.
 *
 * A 12-byte header ("PACK", directory offset, directory size) and a
 * directory of entries. Quake's entries are 64 bytes: a 56-byte path with
 * '/' separators, offset, size (the Unofficial Quake Specs 3.4, "The PACK
 * files"). Daikatana's are 72: the same path, offset, size, compressed size
 * and a compressed flag; compressed entries are run-length coded (the
 * opcodes are described at qr_pak_read's implementation). Both carry the
 * same magic, so the layout is the one whose every entry makes sense.
 *
 * The file is mapped, not read: game PAKs run to hundreds of megabytes and
 * a texture lookup touches a few entries. A broken directory is an error
 * naming the file; an entry outside the file is skipped and listed.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>

typedef struct _QrPak QrPak;

QrPak *qr_pak_open (const char *path, GError **error);
/* The same from bytes (kept referenced); display_name names it in errors. */
QrPak *qr_pak_new_from_bytes (GBytes *bytes, const char *display_name, GError **error);
void qr_pak_free (QrPak *pak);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrPak, qr_pak_free)

const char *qr_pak_display_name (const QrPak *pak);
bool qr_pak_is_daikatana (const QrPak *pak);

/* The readable entries, in directory order; paths as written. */
guint qr_pak_n_files (const QrPak *pak);
const char *qr_pak_file_path (const QrPak *pak, guint i);
/* The size once read (uncompressed). */
gsize qr_pak_file_size (const QrPak *pak, guint i);
/* The first entry with this path (ASCII case-insensitive, '\\' read as
 * '/'), or -1. */
int qr_pak_find (const QrPak *pak, const char *path);
/* The entry's bytes: a view into the archive, or decompressed. */
GBytes *qr_pak_read (const QrPak *pak, guint i, GError **error);

guint qr_pak_n_problems (const QrPak *pak);
const char *qr_pak_problem (const QrPak *pak, guint i);
