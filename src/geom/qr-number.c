#include "qr-number.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define TWO_POW_49 562949953421312.0
#define TWO_POW_53 9007199254740992.0

/* Significant digits a double can need, and the most a uint64 mantissa
 * holds without overflow when reading. */
#define MAX_DIGITS 17
#define MAX_MANTISSA_DIGITS 19

/* Decimals of few places, the usual map fractions, are looked for one by
 * one before anything cleverer. */
#define FEW_PLACES 3

/* Powers of ten as hi + lo, hi the nearest double; up to 10^22 hi is
 * exact. Reaching 10^44 lets the fixed search take float noise such as
 * 4.37e-08 and 5.55e-17, common in maps, without printf. */
static const struct
{
  double hi;
  double lo;
} pow10_split[] = {
  { 1e0, 0 },
  { 1e1, 0 },
  { 1e2, 0 },
  { 1e3, 0 },
  { 1e4, 0 },
  { 1e5, 0 },
  { 1e6, 0 },
  { 1e7, 0 },
  { 1e8, 0 },
  { 1e9, 0 },
  { 1e10, 0 },
  { 1e11, 0 },
  { 1e12, 0 },
  { 1e13, 0 },
  { 1e14, 0 },
  { 1e15, 0 },
  { 1e16, 0 },
  { 1e17, 0 },
  { 1e18, 0 },
  { 1e19, 0 },
  { 1e20, 0 },
  { 1e21, 0 },
  { 1e22, 0 },
  { 1e23, 8388608.0 },
  { 1e24, 16777216.0 },
  { 1e25, -905969664.0 },
  { 1e26, -4764729344.0 },
  { 1e27, -13287555072.0 },
  { 1e28, 416880263168.0 },
  { 1e29, 8566849142784.0 },
  { 1e30, -19884624838656.0 },
  { 1e31, 364103705034752.0 },
  { 1e32, -5366162204393472.0 },
  { 1e33, 5.442476901295718e+16 },
  { 1e34, 5.4424769012957184e+17 },
  { 1e35, 3.1366338920820244e+18 },
  { 1e36, -4.242063737401796e+19 },
  { 1e37, 4.6123734179787886e+20 },
  { 1e38, 2.251190176543966e+21 },
  { 1e39, 6.029083362839682e+22 },
  { 1e40, -3.037860284270037e+23 },
  { 1e41, -6.200086450407783e+23 },
  { 1e42, -4.488571267807592e+25 },
  { 1e43, -1.393721169594141e+26 },
  { 1e44, -8.821361405306423e+27 },
};

#define POW10_EXACT_MAX 22

/* From here up, 17 digits of a take fewer than 44 decimal places. */
#define FIXED_SEARCH_MIN 1e-27

static const uint64_t pow10_u64[] = {
  1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
  10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
  100000000000ULL, 1000000000000ULL, 10000000000000ULL,
  100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
  100000000000000000ULL, 1000000000000000000ULL, 10000000000000000000ULL,
};

/* The decimal m × 10^(point − n), where m has n digits and no trailing
 * zero. */
typedef struct
{
  uint64_t m;
  int n;
  int point;
} Decimal;

typedef enum
{
  READS_BACK_NO,
  READS_BACK_YES,
  READS_BACK_UNSURE,
} ReadsBack;

static inline bool
is_digit (char c)
{
  return (unsigned char) (c - '0') < 10;
}

/* Digits of m, from its bit length b: with t = floor (b · log10 2), m has
 * t or t + 1 digits. The conversion to double can round m up to the next
 * power of two, one more bit, but t stays at most its digit count. */
static inline int
count_digits (uint64_t m)
{
  double d = (double) (m | 1);
  uint64_t bits;
  int bit_length, t;

  memcpy (&bits, &d, sizeof bits);
  bit_length = (int) (bits >> 52) - 1022;
  t = bit_length * 1233 >> 12;
  return t + 1 - ((m | 1) < pow10_u64[t]);
}

/* Writes the count lowest digits of m, zero-padded, to end just before
 * end, two at a time; returns what is left of m. */
static inline uint64_t
put_digits (char *end, uint64_t m, int count)
{
  static const char pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

  for (; count >= 2; count -= 2)
    {
      end -= 2;
      memcpy (end, pairs + 2 * (m % 100), 2);
      m /= 100;
    }
  if (count == 1)
    {
      *--end = (char) ('0' + m % 10);
      m /= 10;
    }
  return m;
}

/* Compares the integer nearest a × 10^k, and its neighbours, with the
 * interval of reals that read back to a: half a gap either side, the gap
 * below half as wide at a power of two. a × 10^k is x + err, where the
 * fma part is exact and the lo part within 2^-100 of a × 10^k, so offset
 * (candidate − a × 10^k) is off by a few units in its 53rd bit at most.
 * Well away from the edges the answer is sure; nearer, and at exact
 * ties, strtod must decide. */
static ReadsBack
places_read_back_split (double a, int k, uint64_t *m)
{
  static const double steps[] = { 0.0, -1.0, 1.0 };
  const double hi = pow10_split[k].hi;
  const double lo = pow10_split[k].lo;
  double x = a * hi;
  double err = fma (a, hi, -x) + a * lo;
  double whole = rint (x);
  double fraction = x - whole;
  double nearest = rint (fraction + err);
  double half_gap, half_gap_below, margin;
  uint64_t bits, half_gap_bits;

  memcpy (&bits, &a, sizeof bits);
  half_gap_bits = ((bits >> 52) - 53) << 52;
  memcpy (&half_gap, &half_gap_bits, sizeof half_gap);
  half_gap *= hi;
  half_gap_below = (bits & 0xfffffffffffffULL) == 0 ? half_gap / 2 : half_gap;
  margin = half_gap * 0x1p-40;

  for (size_t i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      double offset = ((nearest + steps[i]) - fraction) - err;

      if (offset > half_gap + margin || offset < -half_gap_below - margin)
        continue;
      if (offset > half_gap - margin || offset < -half_gap_below + margin)
        return READS_BACK_UNSURE;

      *m = (uint64_t) whole + (uint64_t) (int64_t) (nearest + steps[i]);
      return READS_BACK_YES;
    }

  return READS_BACK_NO;
}

/* Whether some multiple of 10^-k reads back to a, and if so its
 * numerator (the nearest one when several do). */
static inline ReadsBack
places_read_back (double a, int k, uint64_t *m)
{
  double scale = pow10_split[k].hi;
  double x = a * scale;
  double nearest;

  if (k > POW10_EXACT_MAX || x >= TWO_POW_49)
    return places_read_back_split (a, k, m);

  /* Below 2^49 the rounding of x and the gap around a are each far under
   * half a unit, so only the nearest integer can fit. It and 10^k are
   * exact and division rounds correctly, so the quotient is what strtod
   * makes of the decimal. */
  nearest = rint (x);
  if (nearest / scale != a)
    return READS_BACK_NO;

  *m = (uint64_t) nearest;
  return READS_BACK_YES;
}

static void
decimal_set (Decimal *dec, uint64_t m, int places)
{
  dec->m = m;
  dec->n = count_digits (m);
  dec->point = dec->n - places;
}

/* The fewest decimal places k whose nearest multiple of 10^-k reads back
 * to a, for a in [FIXED_SEARCH_MIN, 2^53). That gives the fewest digits,
 * and success at k means success at every k after it (the same decimal
 * is a multiple of finer powers too), so k can be bisected. Fails only
 * when a comparison is too close to call. */
static bool
shortest_fixed (double a, Decimal *dec)
{
  uint64_t m, m_high = 0, bits;
  bool have_high = false;
  int low, high, binary_exponent;
  ReadsBack found;

  for (int k = 1; k <= FEW_PLACES; k++)
    {
      found = places_read_back (a, k, &m);
      if (found == READS_BACK_UNSURE)
        return false;
      if (found == READS_BACK_YES)
        {
          decimal_set (dec, m, k);
          return true;
        }
    }

  /* From 17 digits on, the nearest decimal always reads back: high is
   * where a × 10^k reaches them, guessed from a's binary exponent times
   * 1233 / 4096, about log10 2 (offset so the shift rounds down), and
   * then corrected. */
  memcpy (&bits, &a, sizeof bits);
  binary_exponent = (int) (bits >> 52) - 1023;
  high = MAX (16 - (((binary_exponent + 4096) * 1233 >> 12) - 1233),
              FEW_PLACES + 1);
  while (high > FEW_PLACES + 1 && a * pow10_split[high - 1].hi >= 1e16)
    high--;
  while (a * pow10_split[high].hi < 1e16)
    high++;

  /* Full-precision numbers, common after rotations, need 16 or 17
   * digits: try the places just below high before bisecting. */
  low = FEW_PLACES;
  for (int tries = 0; high - low > 1; tries++)
    {
      int k = tries < 2 ? high - 1 : low + (high - low) / 2;

      found = places_read_back (a, k, &m);
      if (found == READS_BACK_UNSURE)
        return false;
      if (found == READS_BACK_YES)
        {
          high = k;
          m_high = m;
          have_high = true;
        }
      else
        low = k;
    }

  if (!have_high)
    {
      found = places_read_back (a, high, &m_high);
      g_assert (found != READS_BACK_NO);
      if (found == READS_BACK_UNSURE)
        return false;
    }

  decimal_set (dec, m_high, high);
  return true;
}

/* Reads printf's "d.ddde±xx", keeping every digit. */
static void
decimal_from_exponential (const char *text, Decimal *dec)
{
  const char *s;
  int exponent = 0;

  dec->m = 0;
  dec->n = 0;
  for (s = text; *s != 'e'; s++)
    if (*s != '.')
      {
        dec->m = dec->m * 10 + (uint64_t) (*s - '0');
        dec->n++;
      }

  for (const char *e = s + 2; *e != '\0'; e++)
    exponent = exponent * 10 + (*e - '0');
  dec->point = (s[1] == '-' ? -exponent : exponent) + 1;
}

/* For numbers outside the fixed search: the correctly rounded digits of
 * printf at increasing precision. For a normal double any decimal of 15
 * digits or fewer that reads back is the nearest one at 15 digits with
 * zeros after it (the gap around a is far narrower than a 15-digit
 * step), so the search starts there; subnormals, less precise, start at
 * one digit. */
static void
shortest_printf (double a, Decimal *dec)
{
  static const char *const formats[] = {
    "%.0e", "%.1e", "%.2e", "%.3e", "%.4e", "%.5e", "%.6e", "%.7e", "%.8e",
    "%.9e", "%.10e", "%.11e", "%.12e", "%.13e", "%.14e", "%.15e", "%.16e",
  };
  char text[G_ASCII_DTOSTR_BUF_SIZE];
  int precision = a < DBL_MIN ? 1 : 15;
  uint64_t bits;

  for (;; precision++)
    {
      g_ascii_formatd (text, sizeof text, formats[precision - 1], a);
      if (precision == MAX_DIGITS || g_ascii_strtod (text, NULL) == a)
        break;
    }
  decimal_from_exponential (text, dec);
  for (; dec->m % 10 == 0; dec->m /= 10)
    dec->n--;

  /* At a power of two the gap below is half the gap above, so where the
   * nearest 16 digits fall just short below a, the next 16 up can still
   * read back. Those cannot end in a zero, or 15 digits would have. */
  memcpy (&bits, &a, sizeof bits);
  if (precision == MAX_DIGITS && (bits & 0xfffffffffffffULL) == 0)
    {
      Decimal up;

      g_ascii_formatd (text, sizeof text, formats[MAX_DIGITS - 2], a);
      decimal_from_exponential (text, &up);
      up.m++;
      g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT "e%d",
                  up.m, up.point - up.n);
      if (g_ascii_strtod (text, NULL) == a)
        *dec = up;
    }
}

/* Fixed notation for ordinary magnitudes, as %g does, and elsewhere
 * whichever form is shorter, so "1e+16" but "1152921504606847000". */
static int
write_decimal (const Decimal *dec, char *out)
{
  const int n = dec->n;
  const int point = dec->point;
  const int exponent = point - 1;
  int fixed_len, exponent_len, e;

  if (point <= 0)
    fixed_len = 2 - point + n;
  else if (point < n)
    fixed_len = n + 1;
  else
    fixed_len = point;
  exponent_len = n + (n > 1) + 2 + (ABS (exponent) >= 100 ? 3 : 2);

  if (exponent >= -4 && (exponent < 15 || fixed_len <= exponent_len))
    {
      if (point <= 0)
        {
          /* The zeros after the point come from padding m. */
          put_digits (out + fixed_len, dec->m, n - point);
          out[0] = '0';
          out[1] = '.';
        }
      else if (point < n)
        {
          uint64_t whole = put_digits (out + fixed_len, dec->m, n - point);

          out[point] = '.';
          put_digits (out + point, whole, point);
        }
      else
        {
          put_digits (out + n, dec->m, n);
          memset (out + n, '0', (size_t) (point - n));
        }
      return fixed_len;
    }

  out[0] = (char) ('0' + put_digits (out + n + 1, dec->m, n - 1));
  out[1] = '.';
  out += n > 1 ? n + 1 : 1;
  e = ABS (exponent);
  *out++ = 'e';
  *out++ = exponent < 0 ? '-' : '+';
  if (e >= 100)
    *out++ = (char) ('0' + e / 100);
  put_digits (out + 2, (uint64_t) e, 2);
  return exponent_len;
}

int
qr_number_format (double v, char *buf)
{
  double a = fabs (v);
  char *p = buf;
  uint64_t whole;
  Decimal dec;

  g_return_val_if_fail (buf != NULL, 0);

  /* Branch-free: the sign of map numbers is unpredictable. */
  *p = '-';
  p += signbit (v) != 0;

  /* Most map numbers are integers; nan and infinities fail the test. */
  whole = a < TWO_POW_53 ? (uint64_t) a : 0;
  if ((double) whole == a)
    {
      int n = count_digits (whole);

      put_digits (p + n, whole, n);
      p += n;
    }
  else if (isnan (v))
    {
      memcpy (buf, "nan", 4);
      return 3;
    }
  else if (isinf (v))
    {
      memcpy (p, "inf", 4);
      return (int) (p - buf) + 3;
    }
  else
    {
      if (!(a >= FIXED_SEARCH_MIN && a < TWO_POW_53 && shortest_fixed (a, &dec)))
        shortest_printf (a, &dec);
      p += write_decimal (&dec, p);
    }

  *p = '\0';
  return (int) (p - buf);
}

void
qr_number_append (GString *s, double v)
{
  char buf[QR_NUMBER_BUFSIZE];
  int len;

  g_return_if_fail (s != NULL);

  len = qr_number_format (v, buf);
  g_string_append_len (s, buf, len);
}

/* The text is known to be a plain decimal here, so strtod reads exactly
 * it; the copy gives strtod the terminator the caller's buffer lacks. */
static double
parse_slow (const char *start, size_t len)
{
  char local[256];
  g_autofree char *heap = NULL;
  char *text = local;

  if (len >= sizeof local)
    text = heap = g_malloc (len + 1);
  memcpy (text, start, len);
  text[len] = '\0';

  return g_ascii_strtod (text, NULL);
}

bool
qr_number_parse (const char **p, const char *end, double *out)
{
  const char *s, *digits;
  bool negative = false;
  bool any_digit = false;
  bool exact = true;        /* mantissa and exponent hold the number */
  uint64_t mantissa = 0;
  int significant = 0;
  int64_t exponent = 0;     /* of the last digit kept in mantissa */
  double value;

  g_return_val_if_fail (p != NULL && *p != NULL && end != NULL, false);
  g_return_val_if_fail (*p <= end, false);
  g_return_val_if_fail (out != NULL, false);

  if (qr_number_parse_short (p, end, out))
    return true;

  s = *p;
  if (s < end && (*s == '+' || *s == '-'))
    negative = *s++ == '-';
  digits = s;

  for (; s < end && is_digit (*s); s++)
    {
      any_digit = true;
      if (significant < MAX_MANTISSA_DIGITS)
        {
          mantissa = mantissa * 10 + (uint64_t) (*s - '0');
          significant += mantissa != 0;
        }
      else
        {
          exponent++;
          exact &= *s == '0';
        }
    }

  if (s < end && *s == '.')
    for (s++; s < end && is_digit (*s); s++)
      {
        any_digit = true;
        if (significant < MAX_MANTISSA_DIGITS)
          {
            mantissa = mantissa * 10 + (uint64_t) (*s - '0');
            significant += mantissa != 0;
            exponent--;
          }
        else
          exact &= *s == '0';
      }

  if (!any_digit)
    return false;

  /* Without a digit after it, the e belongs to whatever follows. */
  if (s < end && (*s == 'e' || *s == 'E'))
    {
      const char *e = s + 1;
      bool negative_exponent = false;

      if (e < end && (*e == '+' || *e == '-'))
        negative_exponent = *e++ == '-';

      if (e < end && is_digit (*e))
        {
          int64_t written = 0;

          /* Stop adding before the sum can overflow; strtod then reads
           * the text. */
          for (; e < end && is_digit (*e); e++)
            if (written < 1000000)
              written = written * 10 + (*e - '0');
            else
              exact = false;

          exponent += negative_exponent ? -written : written;
          s = e;
        }
    }

  if (mantissa == 0)
    value = 0.0;
  else if (exact && mantissa <= (uint64_t) TWO_POW_53
           && exponent >= -POW10_EXACT_MAX && exponent <= POW10_EXACT_MAX)
    {
      /* Clinger: both operands are exact, so the one rounding of the
       * product or quotient is the correct rounding of the decimal. */
      if (exponent >= 0)
        value = (double) mantissa * pow10_split[exponent].hi;
      else
        value = (double) mantissa / pow10_split[-exponent].hi;
    }
  else
    {
      value = parse_slow (digits, (size_t) (s - digits));
      if (isinf (value))
        return false;
    }

  *out = negative ? -value : value;
  *p = s;
  return true;
}
