/* qr-number.h — reading and writing the numbers of map files, fast and exactly.
 *
 * Writing gives the shortest decimal that reads back to the same double
 * (integers without a fraction, "-0" for negative zero), so a load → save →
 * load round trip is exact. Reading is correctly rounded (as strtod) but
 * skips strtod for the common short decimals, which dominate load time.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>

/* Longest text qr_number_format can write, with the terminating NUL. */
#define QR_NUMBER_BUFSIZE 32

/* Writes v into buf (at least QR_NUMBER_BUFSIZE bytes) and returns the
 * length. Non-finite values are written as "nan", "inf", "-inf" (the readers
 * refuse them, so they never come from a file). */
int qr_number_format (double v, char *buf);

/* Appends the formatted number to s. */
void qr_number_append (GString *s, double v);

/* Parses a number at *p (no leading spaces skipped), not reading past end:
 * optional sign, digits with an optional fraction, optional exponent of any
 * length ("1e-005", "1E+300"). On success stores the value, advances *p past
 * the number and returns true; the character after it is not checked. On
 * failure (no digits, out of double range, "nan"/"inf") leaves *p and returns
 * false. */
bool qr_number_parse (const char **p, const char *end, double *out);
