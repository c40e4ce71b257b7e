/* qr-cli-edit-layer.h — quarry-cli edit's layer steps (README: `quarry-cli
 * edit`; issue 20) and `quarry-cli layers`. */
#pragma once

#include "qr-cli-common.h"

/* Runs the step whose words are argv (step: its text, for messages).
 * QR_EXIT_USAGE + 1 when argv[0] is not one of these steps. */
int qr_cli_edit_layer_step (QrDocument *doc, char **argv, int argc, const char *step, GError **error);
