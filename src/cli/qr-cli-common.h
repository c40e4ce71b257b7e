/* qr-cli-common.h — what every quarry-cli subcommand uses: exit statuses,
 * option parsing, loading, object names and timing. Subcommands share code
 * only through here, never through each other's files. */
#pragma once

#include <glib.h>
#include "qr-document.h"
#include "qr-io.h"

enum
{
  QR_EXIT_OK = 0,
  QR_EXIT_BAD_INPUT = 1,
  QR_EXIT_USAGE = 2,
};

/* Parses options; on error prints the message and the help hint. */
bool qr_cli_parse_options (GOptionContext *context, int *argc, char ***argv);

/* Loads a map or prints the error (file:line:column: …) to stderr. */
QrMap *qr_cli_load (const char *path);

/* After saving `map` in `format`: "quarry-cli COMMAND: warning: N
 * displacements dropped: …" on stderr when the format has none. */
void qr_cli_warn_dropped (const char *command, const QrMap *map, QrSaveFormat format);

/* "E:B" (entity index : brush index, ":F" a face when face is not NULL)
 * → the brush's id in the document as it is now. */
bool qr_cli_parse_object (QrDocument *doc, const char *text, QrId *brush, int *face, GError **error);

/* OBJS: "0:1,0:2,3" → brush ids, and entity ids for the names without a
 * brush (a whole entity: "3") in *entities; steps that take brushes only
 * pass no `entities`. NULL with an error naming the first bad name. */
GArray *qr_cli_parse_objects (QrDocument *doc, const char *text, GArray **entities, GError **error);

/* FACES: "E:B:F,E:B,…" (E:B: every face of the brush, face -1) → QrFaceRef. */
GArray *qr_cli_parse_faces (QrDocument *doc, const char *text, GError **error);

/* "entity:brush" indices of a brush, as every subcommand names brushes. */
char *qr_cli_dup_brush_name (guint entity, guint brush);

/* Benchmark helpers: the median of samples (sorted in place; 0 when there
 * are none) and a monotonic clock in milliseconds. */
/* A whole argument as a finite number (C locale), else false. */
bool qr_cli_parse_number (const char *text, double *out);

double qr_cli_median (GArray *samples);
double qr_cli_now_ms (void);
