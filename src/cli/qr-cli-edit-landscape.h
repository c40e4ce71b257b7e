/* qr-cli-edit-landscape.h — the landscape steps of `quarry-cli edit`
 * (issue 16), on the operations of src/model/qr-landscape-ops.h. */
#pragma once

#include "qr-document.h"

/* Runs the step argv[0…argc−1] when it is a landscape step: QR_EXIT_OK or
 * QR_EXIT_BAD_INPUT (with *error); QR_EXIT_USAGE with the expected form in
 * *usage (static text) for wrong arguments; QR_EXIT_USAGE + 1 when argv[0]
 * is no landscape step. */
int qr_cli_edit_landscape (QrDocument *doc, char **argv, int argc, const char **usage, GError **error);
