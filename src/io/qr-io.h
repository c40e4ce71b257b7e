/* qr-io.h — loading and saving maps: Quake-family .map (all dialects) and
 * Source .vmf. Errors name the file, line and column; a failed load returns
 * NULL and nothing else; a failed save leaves the previous file untouched. */
#pragma once

#include <gio/gio.h>
#include "qr-map.h"

#define QR_IO_ERROR (qr_io_error_quark ())
GQuark qr_io_error_quark (void);

/* The whole of a small text file (NUL-terminated), its length and the name
 * messages call it by; NULL with a QR_IO_ERROR_READ naming the file. */
char *qr_io_read_text (const char *path, gsize *len, char **display, GError **error);

typedef enum
{
  QR_IO_ERROR_PARSE,       /* the text is not a valid map: file:line:column: what was expected */
  QR_IO_ERROR_READ,        /* the file could not be read */
  QR_IO_ERROR_WRITE,       /* the file could not be written */
  QR_IO_ERROR_UNSUPPORTED, /* the map holds something the target format cannot express */
  QR_IO_ERROR_CANCELLED,   /* a progress callback asked to stop */
} QrIoError;

/* Called between top-level blocks, about every QR_PARSE_PROGRESS_STEP bytes,
 * with the bytes read so far: for a progress bar, or to release pages of a
 * mapped file already parsed. Returning FALSE cancels the load. */
typedef gboolean (*QrParseProgress) (gsize done, gsize total, gpointer user_data);

#define QR_PARSE_PROGRESS_STEP (256 * 1024)

typedef struct
{
  QrParseProgress progress; /* may be NULL */
  gpointer user_data;
} QrParseOptions;

typedef enum
{
  QR_SAVE_AS_READ = 0, /* each face in the form it was read; VMF stays VMF */
  QR_SAVE_QUAKE,       /* standard faces (Valve axes converted where representable) */
  QR_SAVE_VALVE220,    /* Valve 220 faces, "mapversion" "220" */
  QR_SAVE_QUAKE2,      /* standard faces with surface values */
  QR_SAVE_VMF,         /* Source VMF */
} QrSaveFormat;

/* ".vmf" (any case) is VMF; anything else is read as a .map. */
QrFileKind qr_file_kind_for_path (const char *path);

/* `name` is only used in messages. `data` need not be NUL-terminated. */
QrMap *qr_map_parse (const char *data, gsize len, QrFileKind kind, const char *name, GError **error);
QrMap *qr_map_parse_full (const char *data, gsize len, QrFileKind kind, const char *name,
                          const QrParseOptions *options, GError **error);
QrMap *qr_map_parse_map (const char *data, gsize len, const char *name, GError **error);
QrMap *qr_map_parse_vmf (const char *data, gsize len, const char *name, GError **error);

/* The readers behind qr_map_parse_full; options may be NULL. */
QrMap *qr_map_read_map (const char *data, gsize len, const char *name,
                        const QrParseOptions *options, GError **error);
QrMap *qr_map_read_vmf (const char *data, gsize len, const char *name,
                        const QrParseOptions *options, GError **error);

QrMap *qr_map_load (const char *path, GError **error);
QrMap *qr_map_load_full (const char *path, const QrParseOptions *options, GError **error);

/* The whole file text, or NULL when the map cannot be expressed in that format. */
GString *qr_map_write (const QrMap *map, QrSaveFormat format, GError **error);
GString *qr_map_write_map (const QrMap *map, QrSaveFormat format, GError **error);
GString *qr_map_write_vmf (const QrMap *map, GError **error);

/* How many displacements writing the map in `format` leaves out: every one
 * for the .map formats (they have none; the brushes are written flat), none
 * for VMF. Callers that save say so to the user. */
guint qr_save_dropped_displacements (const QrMap *map, QrSaveFormat format);

typedef enum
{
  QR_SAVE_KEEP_BACKUP = 1 << 0, /* the file being replaced stays as PATH.bak */
} QrSaveFlags;

/* Writes a temporary file beside path, syncs it and renames it over path
 * (keeping the replaced file's permissions). On failure the file at path,
 * and PATH.bak, are as they were. */
gboolean qr_map_save (const QrMap *map, const char *path, QrSaveFormat format, GError **error);
/* With QR_SAVE_KEEP_BACKUP the previous file is hard-linked (or, where the
 * file system has no links, copied) to PATH.bak once the new text is safely
 * on disk and just before the rename, so a crash leaves either the old file
 * or the new one at path, never neither. */
gboolean qr_map_save_full (const QrMap *map, const char *path, QrSaveFormat format, QrSaveFlags flags,
                           GError **error);

/* "quake", "valve220", "quake2", "vmf" → format; false for anything else. */
gboolean qr_save_format_from_string (const char *name, QrSaveFormat *out);
