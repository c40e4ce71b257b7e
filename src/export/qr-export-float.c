#include "qr-export-float.h"

#include <float.h>
#include <stdbool.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Up to 10^22 powers of ten are exact doubles. */
#define POW10_EXACT_MAX 22

static const double pow10_exact[POW10_EXACT_MAX + 1] = {
  1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static int
put_uint (char *out, uint64_t m)
{
  char digits[24];
  int n = 0;

  do
    {
      digits[n++] = (char) ('0' + m % 10);
      m /= 10;
    }
  while (m != 0);
  for (int i = 0; i < n; i++)
    out[i] = digits[n - 1 - i];
  return n;
}

/* Whether the double q lies exactly halfway between two floats: its bits
 * below a float's 24-bit significand are 1 then zeros (normal range only).
 * When q is only near the decimal it came from, the decimal may lie on
 * either side of that midpoint, so the fast check cannot decide. */
static bool
is_float_midpoint (double q)
{
  uint64_t bits;

  memcpy (&bits, &q, sizeof bits);
  return (bits & ((UINT64_C (1) << 29) - 1)) == (UINT64_C (1) << 28);
}

/* m × 10^-k as digits with a point: k places after it (k > 0) or −k zeros
 * appended (k ≤ 0). */
static int
put_decimal (char *out, uint64_t m, int k)
{
  char digits[24];
  int n, len = 0;

  for (; k > 0 && m % 10 == 0; k--)
    m /= 10;
  n = put_uint (digits, m);
  if (k <= 0)
    {
      memcpy (out, digits, (size_t) n);
      memset (out + n, '0', (size_t) -k);
      return n - k;
    }
  if (n > k)
    {
      memcpy (out, digits, (size_t) (n - k));
      len = n - k;
      out[len++] = '.';
      memcpy (out + len, digits + n - k, (size_t) k);
      return len + k;
    }
  out[len++] = '0';
  out[len++] = '.';
  memset (out + len, '0', (size_t) (k - n));
  len += k - n;
  memcpy (out + len, digits, (size_t) n);
  return len + n;
}

/* The slow and sure way: %g at increasing precision until strtof agrees
 * (nine digits always do: IEEE 754-2008, §5.12.2). */
static int
format_printf (float f, char *buf)
{
  int len = 0;

  for (int precision = 1; precision <= 9; precision++)
    {
      len = snprintf (buf, QR_EXPORT_FLOAT_BUFSIZE, "%.*g", precision, (double) f);
      if (strtof (buf, NULL) == f)
        break;
    }
  return len;
}

int
qr_export_format_float (float f, char *buf)
{
  double a = fabs ((double) f);
  char *out = buf;
  int e10;

  if (f == 0)
    {
      memcpy (buf, "0", 2);
      return 1;
    }
  if (!isfinite (f) || a < FLT_MIN)
    return format_printf (f, buf);

  if (f < 0)
    *out++ = '-';
  /* Floats are integers from 2^23 up; below 10^9 the integer is the
   * shorter text. */
  if (a < 1e9 && a == floor (a))
    {
      int n = put_uint (out, (uint64_t) a);
      out[n] = '\0';
      return (int) (out - buf) + n;
    }

  /* The nearest decimal of d significant digits, d = 1, 2, …: the first
   * that reads back is the shortest (if any d-digit decimal does, the
   * nearest does). With m < 10^10 and 10^|k| exact, q is the correctly
   * rounded double of m × 10^-k, and rounding q to float gives strtof's
   * answer unless q is a float midpoint the decimal is not. log10 may be one off near powers
   * of ten; one more digit covers it. */
  e10 = (int) floor (log10 (a));
  for (int digits = 1; digits <= 10; digits++)
    {
      int k = digits - 1 - e10;
      double m, q;

      if (k > POW10_EXACT_MAX || k < -POW10_EXACT_MAX)
        break;
      bool exact;

      if (k >= 0)
        {
          m = rint (a * pow10_exact[k]);
          q = m / pow10_exact[k];
          exact = fma (q, pow10_exact[k], -m) == 0;
        }
      else
        {
          m = rint (a / pow10_exact[-k]);
          q = m * pow10_exact[-k];
          exact = fma (m, pow10_exact[-k], -q) == 0;
        }
      if (m == 0 || (float) q != (float) a)
        continue;
      /* A decimal exactly halfway is rounded to even by both. */
      if (!exact && is_float_midpoint (q))
        break;
      int n = put_decimal (out, (uint64_t) m, k);
      out[n] = '\0';
      return (int) (out - buf) + n;
    }
  return format_printf (f, buf);
}
