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
#include <stdint.h>

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

/* Most decimal digits qr_number_parse_short reads: below 10^15, under 2^53. */
#define QR_NUMBER_SHORT_DIGITS 15

/* The fast path of qr_number_parse, inline because it runs for every number
 * of a map: [sign] digits [. digits] with at most QR_NUMBER_SHORT_DIGITS
 * digits and no exponent, which covers nearly every number editors write.
 * The decimal is m / 10^k with m < 10^15 < 2^53 and k ≤ 15, both exact
 * doubles, so the one rounding of the division is the correct rounding
 * of the decimal (Clinger, "How to read floating point numbers
 * accurately", PLDI 1990). Returns false, leaving *p, for anything else
 * (more digits, an exponent, no digit at all): qr_number_parse reads those.
 * Like it, does not check the character after the number. */
static inline bool
qr_number_parse_short (const char **p, const char *end, double *out)
{
  static const double pow10[QR_NUMBER_SHORT_DIGITS + 1] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
  };
  const char *s = *p, *fraction;
  bool negative = false;
  uint64_t m = 0;
  int digits, places = 0;
  double value;

  if (s < end && (*s == '-' || *s == '+'))
    negative = *s++ == '-';
  fraction = s;
  /* Unsigned wrap-around on absurdly long runs is harmless: they fail the
   * digit count below. */
  for (; s < end && (unsigned char) (*s - '0') < 10; s++)
    m = m * 10 + (uint64_t) (*s - '0');
  digits = (int) (s - fraction);
  if (s < end && *s == '.')
    {
      fraction = ++s;
      for (; s < end && (unsigned char) (*s - '0') < 10; s++)
        m = m * 10 + (uint64_t) (*s - '0');
      places = (int) (s - fraction);
      digits += places;
    }
  if (digits == 0 || digits > QR_NUMBER_SHORT_DIGITS || (s < end && (*s == 'e' || *s == 'E')))
    return false;
  /* m < 10^15 fits a signed integer, whose conversion is one instruction;
   * integers, most numbers of a map, skip the division. */
  value = (double) (int64_t) m;
  if (places > 0)
    value /= pow10[places];
  *out = negative ? -value : value;
  *p = s;
  return true;
}
