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
int qr_cli_bench (int argc, char **argv);
/* Hidden: prints the peak RSS in KiB of loading FILE with its geometry. */
int qr_cli_peak_rss (int argc, char **argv);

/* Parses options; on error prints the message and the help hint. */
bool qr_cli_parse_options (GOptionContext *context, int *argc, char ***argv);

/* Loads a map or prints the error (file:line:column: …) to stderr. */
QrMap *qr_cli_load (const char *path);

/* "entity:brush" indices of a brush, as every subcommand names brushes. */
char *qr_cli_dup_brush_name (guint entity, guint brush);
