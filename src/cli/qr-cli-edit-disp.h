/* qr-cli-edit-disp.h — quarry-cli edit's disp-* steps (README: `quarry-cli
 * edit`). */
#pragma once

#include "qr-cli-common.h"

/* Runs the step whose words are argv (step: its text, for messages);
 * `strokes` maps disp-sculpt's --stroke labels to stroke numbers across the
 * run (string keys owned). QR_EXIT_USAGE + 1 when argv[0] is not a disp-*
 * step. */
int qr_cli_edit_disp_step (QrDocument *doc, char **argv, int argc, const char *step, GHashTable *strokes,
                           GError **error);
