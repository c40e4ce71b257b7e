/* qr-cli.h — the subcommands of quarry-cli. Each returns the exit status:
 * 0 success, 1 bad input, 2 bad usage. */
#pragma once

#include <glib.h>
#include "qr-io.h"

enum
{
  QR_EXIT_OK = 0,
  QR_EXIT_BAD_INPUT = 1,
  QR_EXIT_USAGE = 2,
};

int qr_cli_info (int argc, char **argv);
int qr_cli_mesh (int argc, char **argv);
int qr_cli_convert (int argc, char **argv);
int qr_cli_edit (int argc, char **argv);
int qr_cli_csg (int argc, char **argv);
int qr_cli_textures (int argc, char **argv);
int qr_cli_bench_csg (const char *path, int repeat);
int qr_cli_bench (int argc, char **argv);
int qr_cli_texture_png (int argc, char **argv);
/* Hidden: prints the peak RSS in KiB of loading FILE with its geometry. */
int qr_cli_peak_rss (int argc, char **argv);

/* Benchmark helpers: the median of samples (sorted in place; 0 when there
 * are none) and a monotonic clock in milliseconds. */
double qr_cli_median (GArray *samples);
double qr_cli_now_ms (void);

/* Parses options; on error prints the message and the help hint. */
bool qr_cli_parse_options (GOptionContext *context, int *argc, char ***argv);

/* Loads a map or prints the error (file:line:column: …) to stderr. */
QrMap *qr_cli_load (const char *path);

typedef struct _QrDocument QrDocument;
/* "E:B" (entity index : brush index, ":F" a face when face is not NULL)
 * → the brush's id in the document as it is now. */
bool qr_cli_parse_object (QrDocument *doc, const char *text, uint32_t *brush, int *face, GError **error);

/* "entity:brush" indices of a brush, as every subcommand names brushes. */
char *qr_cli_dup_brush_name (guint entity, guint brush);
