/* qr-cli.h — the subcommands of quarry-cli, for its command table. Each
 * returns the exit status (QR_EXIT_*). */
#pragma once

#include "qr-cli-common.h"

int qr_cli_info (int argc, char **argv);
/* Its own statuses: 0 no errors, 1 errors found, 2 unreadable or bad usage. */
int qr_cli_check (int argc, char **argv);
int qr_cli_mesh (int argc, char **argv);
int qr_cli_convert (int argc, char **argv);
int qr_cli_edit (int argc, char **argv);
int qr_cli_entdef (int argc, char **argv);
int qr_cli_csg (int argc, char **argv);
int qr_cli_textures (int argc, char **argv);
int qr_cli_export (int argc, char **argv);
int qr_cli_find (int argc, char **argv);
int qr_cli_visgroups (int argc, char **argv);
int qr_cli_layers (int argc, char **argv);
/* 0 every step succeeded, 1 one failed or the profiles are bad, 2 usage. */
int qr_cli_compile (int argc, char **argv);
int qr_cli_bench (int argc, char **argv);
int qr_cli_texture_png (int argc, char **argv);
/* Hidden: prints the peak RSS in KiB of loading FILE with its geometry. */
int qr_cli_peak_rss (int argc, char **argv);
