/* qr-fuzz-text.h — the contract of the map readers' errors (qr-io.h):
 * QR_IO_ERROR_PARSE, valid UTF-8 (it goes to GTK labels), and a message
 * that starts with "NAME:LINE:COLUMN: " where both numbers are positive. */
#pragma once

#include "qr-fuzz.h"
#include "qr-io.h"

#include <stdlib.h>

static inline void
qr_fuzz_check_parse_error (const GError *error, const char *name)
{
  gsize n = strlen (name);
  const char *p;
  char *end;

  qr_fuzz_check (error != NULL, error);
  qr_fuzz_check (g_error_matches (error, QR_IO_ERROR, QR_IO_ERROR_PARSE), error);
  qr_fuzz_check (g_utf8_validate (error->message, -1, NULL), error);
  qr_fuzz_check (strncmp (error->message, name, n) == 0 && error->message[n] == ':', error);
  p = error->message + n + 1;
  qr_fuzz_check (strtol (p, &end, 10) > 0 && *end == ':', error);
  p = end + 1;
  qr_fuzz_check (strtol (p, &end, 10) > 0 && *end == ':', error);
}
