#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <glib.h>
#include "qr-number.h"

#define N_ROUND_TRIP 1000000
#define N_PARSE_RANDOM 1000000
#define N_BENCH 1000000

typedef enum
{
  KIND_BITS,
  KIND_MILLIS,
  KIND_INTEGER,
  KIND_ROTATED,
  KIND_SCALED,
  N_KINDS
} Kind;

static guint64
rand_u64 (void)
{
  return ((guint64) g_test_rand_int () << 32) | (guint32) g_test_rand_int ();
}

static guint64
bits_of (double v)
{
  guint64 bits;

  memcpy (&bits, &v, sizeof bits);
  return bits;
}

static double
random_double (Kind kind)
{
  double v;

  switch (kind)
    {
    case KIND_BITS:
      do
        {
          guint64 bits = rand_u64 ();
          memcpy (&v, &bits, sizeof v);
        }
      while (!isfinite (v));
      return v;

    case KIND_MILLIS:
      return g_test_rand_int_range (-65536000, 65536001) / 1000.0;

    case KIND_INTEGER:
      /* Random widths reach past 2^53, where integers take the general path. */
      return (double) (gint64) (rand_u64 () >> g_test_rand_int_range (0, 64))
             * (g_test_rand_bit () ? 1 : -1);

    case KIND_ROTATED:
      /* What a rotation leaves in a map: full-precision coordinates. */
      return g_test_rand_int_range (-4096, 4097)
             * cos (g_test_rand_double_range (0, 2 * G_PI));

    case KIND_SCALED:
      /* Any mantissa over the magnitudes near and below the fixed-notation
       * range, powers of two included. */
      return ldexp ((double) (rand_u64 () >> g_test_rand_int_range (11, 64)),
                    g_test_rand_int_range (-120, 10));

    case N_KINDS:
    default:
      g_assert_not_reached ();
    }
}

/* Parses text from a copy with a digit just past end, where the parser
 * must not look: reading it would change the number or its length. */
static bool
parse_unterminated (const char *text, double *out, size_t *consumed)
{
  size_t len = strlen (text);
  g_autofree char *copy = g_malloc (len + 1);
  const char *p = copy;
  bool ok;

  memcpy (copy, text, len);
  copy[len] = '9';

  ok = qr_number_parse (&p, copy + len, out);
  *consumed = (size_t) (p - copy);
  if (!ok)
    g_assert_true (p == copy);
  return ok;
}

/* The shortest text printf gives at 15, 16 or 17 digits that reads back. */
static size_t
printf_shortest_len (double v)
{
  static const char *const formats[] = { "%.15g", "%.16g", "%.17g" };
  char text[G_ASCII_DTOSTR_BUF_SIZE];
  size_t best = SIZE_MAX;

  for (size_t i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (text, sizeof text, formats[i], v);
      if (g_ascii_strtod (text, NULL) == v)
        best = MIN (best, strlen (text));
    }

  g_assert_cmpuint (best, !=, SIZE_MAX);
  return best;
}

/* Significant digits of a formatted number, leading and trailing zeros
 * not counted. */
static int
significant_digits (const char *text)
{
  int first = -1, last = -1, i = 0;

  for (const char *s = text; *s != '\0' && *s != 'e'; s++)
    if (g_ascii_isdigit (*s))
      {
        if (*s != '0')
          {
            if (first < 0)
              first = i;
            last = i;
          }
        i++;
      }

  return first < 0 ? 0 : last - first + 1;
}

/* Correctly rounded to one digit fewer, v no longer reads back. */
static bool
fewer_digits_fail (double v, int digits)
{
  char format[8];
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  if (digits <= 1)
    return true;
  g_snprintf (format, sizeof format, "%%.%de", digits - 2);
  g_ascii_formatd (text, sizeof text, format, v);
  return g_ascii_strtod (text, NULL) != v;
}

static void
test_format_table (void)
{
  static const struct
  {
    double v;
    const char *text;
  } cases[] = {
    { 0.0, "0" },
    { -0.0, "-0" },
    { 16.0, "16" },
    { -4096.0, "-4096" },
    { 1e15, "1000000000000000" },
    { 9007199254740991.0, "9007199254740991" },
    { -9007199254740991.0, "-9007199254740991" },
    { 9007199254740992.0, "9007199254740992" },
    { 9007199254740994.0, "9007199254740994" },
    { 1e16, "1e+16" },
    { 1152921504606846976.0, "1152921504606847000" },
    { 1.5e20, "1.5e+20" },
    { 1e21, "1e+21" },
    { 1e22, "1e+22" },
    { 1e23, "1e+23" },
    { 1e300, "1e+300" },
    { -1e300, "-1e+300" },
    { DBL_MAX, "1.7976931348623157e+308" },
    { 0.1, "0.1" },
    { 0.25, "0.25" },
    { -0.5, "-0.5" },
    { 0.1 + 0.2, "0.30000000000000004" },
    { 1.0 / 3.0, "0.3333333333333333" },
    { 2.0 / 3.0, "0.6666666666666666" },
    { 100.0 / 3.0, "33.333333333333336" },
    { 123.456, "123.456" },
    { -1474.3154539708137, "-1474.3154539708137" },
    { 4503599627370495.5, "4503599627370495.5" },
    { 0.0001, "0.0001" },
    { 0.00012, "0.00012" },
    { 1.5e-5, "1.5e-05" },
    { 1e-5, "1e-05" },
    { 1e-7, "1e-07" },
    { 1.2345678901234566e-7, "1.2345678901234566e-07" },
    { 4.371139006309477e-8, "4.371139006309477e-08" },
    { -5.551115123125783e-17, "-5.551115123125783e-17" },
    { 1e-100, "1e-100" },
    /* Powers of two, where the gap below is narrower than above. */
    { 0x1p-140, "7.174648137343064e-43" },
    { 0x1p122, "5.316911983139664e+36" },
    { 0x1p-20, "9.5367431640625e-07" },
    { 0x1p-24, "5.960464477539063e-08" },
    { 0x1p-44, "5.684341886080802e-14" },
    { 0x1p-77, "6.617444900424222e-24" },
    { DBL_MIN, "2.2250738585072014e-308" },
    { 4.9406564584124654e-324, "5e-324" },
    { -4.9406564584124654e-324, "-5e-324" },
    { NAN, "nan" },
    { INFINITY, "inf" },
    { -INFINITY, "-inf" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char buf[QR_NUMBER_BUFSIZE];
      int len = qr_number_format (cases[i].v, buf);

      g_assert_cmpstr (buf, ==, cases[i].text);
      g_assert_cmpint (len, ==, (int) strlen (cases[i].text));
    }
}

/* A 20-digit number written by another tool comes back as the shortest
 * text for the same double. */
static void
test_format_reread (void)
{
  const char *text = "-1474.3154539708136781";
  char buf[QR_NUMBER_BUFSIZE];
  double v;
  size_t consumed;

  g_assert_true (parse_unterminated (text, &v, &consumed));
  qr_number_format (v, buf);
  g_assert_cmpstr (buf, ==, "-1474.3154539708137");
}

static void
test_format_append (void)
{
  g_autoptr(GString) s = g_string_new ("(");

  qr_number_append (s, 64.0);
  g_string_append_c (s, ' ');
  qr_number_append (s, -0.125);
  g_string_append_c (s, ' ');
  qr_number_append (s, -0.0);
  g_string_append_c (s, ')');

  g_assert_cmpstr (s->str, ==, "(64 -0.125 -0)");
}

static void
test_format_round_trip (void)
{
  for (int i = 0; i < N_ROUND_TRIP; i++)
    {
      double v = random_double ((Kind) (i % N_KINDS));
      char buf[QR_NUMBER_BUFSIZE];
      const char *p = buf;
      int len = qr_number_format (v, buf);
      double back;

      g_assert_cmpint (len, <, QR_NUMBER_BUFSIZE);
      g_assert_cmpint (len, ==, (int) strlen (buf));

      if (!qr_number_parse (&p, buf + len, &back) || p != buf + len
          || bits_of (back) != bits_of (v))
        {
          g_test_fail_printf ("%.17g was written as \"%s\", which reads back "
                              "as %.17g", v, buf, back);
          return;
        }

      /* Integers are written in full even where printf's exponent form
       * is shorter ("1962778665000000", not "1.962778665e+15"). */
      if (fabs (v) < 9007199254740992.0 && v == trunc (v))
        {
          char expected[32];

          g_snprintf (expected, sizeof expected, "%s%" G_GINT64_FORMAT,
                      signbit (v) && v == 0 ? "-" : "", (gint64) v);
          g_assert_cmpstr (buf, ==, expected);
        }
      else if ((size_t) len > printf_shortest_len (v))
        {
          g_test_fail_printf ("%.17g was written as \"%s\", longer than "
                              "printf's shortest", v, buf);
          return;
        }

      if (!fewer_digits_fail (v, significant_digits (buf)))
        {
          g_test_fail_printf ("%.17g was written as \"%s\", with more digits "
                              "than it needs", v, buf);
          return;
        }

      /* Ordinary magnitudes stay in fixed notation. */
      if (fabs (v) >= 1e-4 && fabs (v) < 1e15)
        g_assert_null (strchr (buf, 'e'));

      /* Short decimals stay short. */
      if (i % N_KINDS == KIND_MILLIS)
        {
          const char *point = strchr (buf, '.');

          g_assert_true (point == NULL || strlen (point + 1) <= 3);
        }
    }
}

static void
test_parse_table (void)
{
  static const struct
  {
    const char *text;
    double v;
    size_t consumed;
  } cases[] = {
    { "0", 0.0, 1 },
    { "16", 16.0, 2 },
    { "-4096", -4096.0, 5 },
    { "+3", 3.0, 2 },
    { ".5", 0.5, 2 },
    { "5.", 5.0, 2 },
    { "-.25", -0.25, 4 },
    { "007", 7.0, 3 },
    { "0.1", 0.1, 3 },
    { "1e-005", 1e-5, 6 },
    { "1E+300", 1e300, 6 },
    { "2E+300", 2e300, 6 },
    { "1.5e-100", 1.5e-100, 8 },
    { "1e0000000000000000000000003", 1000.0, 27 },
    { "-1474.3154539708136781", -1474.3154539708137, 22 },
    { "123456789012345678901", 123456789012345678901.0, 21 },
    { "9007199254740993", 9007199254740992.0, 16 },
    { "0.000000000000000000000000000001", 1e-30, 32 },
    { "1e-400", 0.0, 6 },
    { "0e99999", 0.0, 7 },
    { "1e-99999999999999999999", 0.0, 23 },
    { "4.9406564584124654e-324", 4.9406564584124654e-324, 23 },
    { "1.7976931348623157e308", DBL_MAX, 22 },
    /* The number ends where it cannot go on; what follows is the
     * caller's business. */
    { "1e", 1.0, 1 },
    { "1e+", 1.0, 1 },
    { "2.5x", 2.5, 3 },
    { "1.5.5", 1.5, 3 },
    { "0x10", 0.0, 1 },
    { "12 34", 12.0, 2 },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double v = NAN;
      size_t consumed = 0;

      g_assert_true (parse_unterminated (cases[i].text, &v, &consumed));
      g_assert_cmpuint (consumed, ==, cases[i].consumed);
      g_assert_cmpuint (bits_of (v), ==, bits_of (cases[i].v));
    }
}

static void
test_parse_negative_zero (void)
{
  double v = 1.0;
  size_t consumed;

  g_assert_true (parse_unterminated ("-0", &v, &consumed));
  g_assert_true (v == 0.0 && signbit (v));
  g_assert_true (parse_unterminated ("-0.000e-7", &v, &consumed));
  g_assert_true (v == 0.0 && signbit (v));
  g_assert_true (parse_unterminated ("0", &v, &consumed));
  g_assert_true (v == 0.0 && !signbit (v));
}

static void
test_parse_end (void)
{
  static const struct
  {
    const char *text;
    size_t end;
    double v;
    size_t consumed;
  } cases[] = {
    { "12345", 2, 12.0, 2 },
    { "12.5", 3, 12.0, 3 },
    { "1.5e10", 4, 1.5, 3 },
    { "1.5e-10", 5, 1.5, 3 },
    { "1e-005", 5, 1.0, 5 },
    { "-1474.3154539708136781", 14, -1474.31545397, 14 },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *p = cases[i].text;
      double v;

      g_assert_true (qr_number_parse (&p, p + cases[i].end, &v));
      g_assert_cmpuint ((size_t) (p - cases[i].text), ==, cases[i].consumed);
      g_assert_cmpfloat (v, ==, cases[i].v);
    }

  {
    const char *text = "7";
    const char *p = text;
    double v;

    g_assert_false (qr_number_parse (&p, text, &v));
    g_assert_true (p == text);
  }
}

static void
test_parse_reject (void)
{
  static const char *const texts[] = {
    "", "-", "+", ".", "-.", "--1", "+.e5", "e5", "E5", "x1", " 1",
    "nan", "NaN", "inf", "-inf", "Infinity",
    "1e400", "-1e400", "1e99999999999999999999", "1.8e308",
  };

  for (size_t i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      double v = 42.0;
      size_t consumed;

      g_assert_false (parse_unterminated (texts[i], &v, &consumed));
      g_assert_cmpfloat (v, ==, 42.0);
    }
}

/* Long texts are read by strtod from a copy on the heap. */
static void
test_parse_long (void)
{
  g_autoptr(GString) s = g_string_new ("-0.");
  double v;
  size_t consumed;

  for (int i = 0; i < 700; i++)
    g_string_append_c (s, "0123456789"[i % 10]);
  g_string_append (s, "e+2");

  g_assert_true (parse_unterminated (s->str, &v, &consumed));
  g_assert_cmpuint (consumed, ==, s->len);
  g_assert_cmpuint (bits_of (v), ==, bits_of (g_ascii_strtod (s->str, NULL)));

  /* Exponents so long that every digit of them must count. */
  g_string_assign (s, "0.");
  for (int i = 0; i < 1000001; i++)
    g_string_append_c (s, '0');
  g_string_append (s, "1e1000003");

  g_assert_true (parse_unterminated (s->str, &v, &consumed));
  g_assert_cmpuint (consumed, ==, s->len);
  g_assert_cmpfloat (v, ==, 10.0);

  g_string_append_c (s, '0');
  g_assert_false (parse_unterminated (s->str, &v, &consumed));
}

/* Halfway and near-halfway cases, where a shortcut would round wrongly. */
static void
test_parse_halfway (void)
{
  static const char *const texts[] = {
    "9007199254740993",
    "9007199254740993.0000000000000000001",
    "9007199254740995",
    "1.00000000000000011102230246251565404236316680908203125",
    "1.00000000000000011102230246251565404236316680908203124",
    "1.00000000000000011102230246251565404236316680908203126",
    "2.2250738585072011e-308",
    "2.2250738585072012e-308",
    "2.4703282292062327e-324",
    "2.4703282292062328e-324",
    "1.7976931348623158e308",
    "0.1000000000000000055511151231257827",
    "123456789012345678",
    "1234567890123456789e-30",
  };

  for (size_t i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      double v;
      size_t consumed;

      g_assert_true (parse_unterminated (texts[i], &v, &consumed));
      g_assert_cmpuint (consumed, ==, strlen (texts[i]));
      g_assert_cmpuint (bits_of (v), ==, bits_of (g_ascii_strtod (texts[i], NULL)));
    }
}

static size_t
random_decimal (char *text)
{
  char *p = text;
  int n_digits = g_test_rand_int_range (1, 21);
  int point = g_test_rand_int_range (-1, n_digits + 1);

  switch (g_test_rand_int_range (0, 4))
    {
    case 0:
      *p++ = '-';
      break;
    case 1:
      *p++ = '+';
      break;
    default:
      break;
    }

  for (int i = 0; i < n_digits; i++)
    {
      if (i == point)
        *p++ = '.';
      *p++ = (char) ('0' + g_test_rand_int_range (0, 10));
    }
  if (point == n_digits)
    *p++ = '.';

  if (g_test_rand_bit ())
    {
      *p++ = g_test_rand_bit () ? 'e' : 'E';
      switch (g_test_rand_int_range (0, 3))
        {
        case 0:
          *p++ = '-';
          break;
        case 1:
          *p++ = '+';
          break;
        default:
          break;
        }
      for (int zeros = g_test_rand_int_range (0, 3); zeros > 0; zeros--)
        *p++ = '0';
      p += g_snprintf (p, 8, "%d", g_test_rand_int_range (0, 340));
    }

  *p = '\0';
  return (size_t) (p - text);
}

/* Each text is followed by digits past end, which would change the value
 * if they were read. */
static void
test_parse_random (void)
{
  for (int i = 0; i < N_PARSE_RANDOM; i++)
    {
      char text[64];
      char padded[72];
      size_t len = random_decimal (text);
      double expected = g_ascii_strtod (text, NULL);
      const char *p = padded;
      double v = 0;
      bool ok;

      memcpy (padded, text, len);
      memcpy (padded + len, "999", 4);

      ok = qr_number_parse (&p, padded + len, &v);

      if (ok != !!isfinite (expected)
          || (ok && (p != padded + len || bits_of (v) != bits_of (expected))))
        {
          g_test_fail_printf ("\"%s\" read as %.17g (%s), strtod gives %.17g",
                              text, v, ok ? "accepted" : "refused", expected);
          return;
        }
    }
}

/* The inline fast path alone: what it takes must read as strtod reads
 * it, to the bit; what it refuses (too many digits, exponents, no digit)
 * must leave the cursor for qr_number_parse. Text is followed by digits
 * past end, which must not be read. */
static void
test_parse_short (void)
{
  static const char *const taken[] = {
    "0", "-0", "+0", "-0.0", "0.", "5.", "+.5", "-.5", "0.1", "0.3", "-4096.125",
    "999999999999999", "-999999999999999", "99999999999999.9", "0.99999999999999",
    ".999999999999999", "1234567.89012345", "-.000000000000001", "000000000000001",
    "3.14159265358979", "4.37113882867379",
  };
  static const char *const refused[] = {
    "", "-", "+", ".", "-.", "+.", "e5", "1e5", "1E5", "1.5e-3", "-2.E+1",
    "1234567890123456", "0.000000000000001", "9007199254740993", "-9007199254740993",
    "0.1000000000000000055511151231257827",
  };

  for (size_t i = 0; i < G_N_ELEMENTS (taken); i++)
    {
      size_t len = strlen (taken[i]);
      g_autofree char *copy = g_strconcat (taken[i], "7", NULL);
      const char *p = copy;
      double v = 42;

      g_assert_true (qr_number_parse_short (&p, copy + len, &v));
      g_assert_true (p == copy + len);
      g_assert_cmpuint (bits_of (v), ==, bits_of (g_ascii_strtod (taken[i], NULL)));
    }
  for (size_t i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      size_t len = strlen (refused[i]);
      g_autofree char *copy = g_strconcat (refused[i], "7", NULL);
      const char *p = copy;
      double v = 42;

      g_assert_false (qr_number_parse_short (&p, copy + len, &v));
      g_assert_true (p == copy);
      g_assert_cmpfloat (v, ==, 42);
    }

  /* Random decimals of 1 to 15 digits, any sign and point. */
  for (int i = 0; i < N_PARSE_RANDOM; i++)
    {
      char text[32], *t = text;
      int n_digits = g_test_rand_int_range (1, QR_NUMBER_SHORT_DIGITS + 1);
      int point = g_test_rand_int_range (-1, n_digits + 1);
      const char *p = text;
      double v = 0;

      if (g_test_rand_bit ())
        *t++ = '-';
      for (int k = 0; k < n_digits; k++)
        {
          if (k == point)
            *t++ = '.';
          *t++ = (char) ('0' + g_test_rand_int_range (0, 10));
        }
      if (point == n_digits)
        *t++ = '.';
      *t = '\0';
      if (!qr_number_parse_short (&p, t, &v) || p != t
          || bits_of (v) != bits_of (g_ascii_strtod (text, NULL)))
        {
          g_test_fail_printf ("\"%s\" read as %.17g by the short path, strtod gives %.17g",
                              text, v, g_ascii_strtod (text, NULL));
          return;
        }
    }
}

typedef enum
{
  BENCH_INTEGER,
  BENCH_SHORT,
  BENCH_ROTATED,
  BENCH_NOISE,
  BENCH_MIX,
  N_BENCH_KINDS
} BenchKind;

static const char *const bench_names[] = {
  "integers", "short decimals", "full precision", "float noise", "map mix",
};

static double
bench_value (BenchKind kind)
{
  int r;

  switch (kind)
    {
    case BENCH_INTEGER:
      return g_test_rand_int_range (-4096, 4097);
    case BENCH_SHORT:
      return g_test_rand_int_range (-8192, 8193) / 8.0;
    case BENCH_ROTATED:
      return random_double (KIND_ROTATED);
    case BENCH_NOISE:
      /* Left by editors that computed in float, such as 4.371139e-08. */
      return (float) g_test_rand_double_range (-1e-7, 1e-7);
    case BENCH_MIX:
      /* Roughly the proportions of the large Valve 220 maps in the corpus. */
      r = g_test_rand_int_range (0, 100);
      return bench_value (r < 88 ? BENCH_INTEGER
                          : r < 92 ? BENCH_SHORT
                          : r < 97 ? BENCH_ROTATED
                          : BENCH_NOISE);
    case N_BENCH_KINDS:
    default:
      g_assert_not_reached ();
    }
}

/* Not a timed assertion: speed targets belong to benchmarks. */
static void
test_bench (void)
{
  g_autofree double *values = g_new (double, N_BENCH);
  g_autoptr(GString) text = g_string_sized_new (N_BENCH * 8);

  for (int kind = 0; kind < N_BENCH_KINDS; kind++)
    {
      const char *p, *end;
      char buf[QR_NUMBER_BUFSIZE];
      gint64 start, format_us, parse_us;
      double sum = 0;

      for (int i = 0; i < N_BENCH; i++)
        values[i] = bench_value ((BenchKind) kind);

      start = g_get_monotonic_time ();
      for (int i = 0; i < N_BENCH; i++)
        qr_number_format (values[i], buf);
      format_us = g_get_monotonic_time () - start;

      g_string_truncate (text, 0);
      for (int i = 0; i < N_BENCH; i++)
        {
          qr_number_append (text, values[i]);
          g_string_append_c (text, ' ');
        }

      p = text->str;
      end = text->str + text->len;
      start = g_get_monotonic_time ();
      while (p < end)
        {
          double v;

          g_assert_true (qr_number_parse (&p, end, &v));
          sum += v;
          p++;
        }
      parse_us = g_get_monotonic_time () - start;

      g_assert_true (isfinite (sum));
      g_test_message ("%s: format %.1f ns, parse %.1f ns per number",
                      bench_names[kind],
                      (double) format_us * 1000.0 / N_BENCH,
                      (double) parse_us * 1000.0 / N_BENCH);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/number/format/table", test_format_table);
  g_test_add_func ("/io/number/format/reread", test_format_reread);
  g_test_add_func ("/io/number/format/append", test_format_append);
  g_test_add_func ("/io/number/format/round-trip", test_format_round_trip);
  g_test_add_func ("/io/number/parse/table", test_parse_table);
  g_test_add_func ("/io/number/parse/negative-zero", test_parse_negative_zero);
  g_test_add_func ("/io/number/parse/end", test_parse_end);
  g_test_add_func ("/io/number/parse/reject", test_parse_reject);
  g_test_add_func ("/io/number/parse/long", test_parse_long);
  g_test_add_func ("/io/number/parse/halfway", test_parse_halfway);
  g_test_add_func ("/io/number/parse/random", test_parse_random);
  g_test_add_func ("/io/number/parse/short", test_parse_short);
  if (g_getenv ("QUARRY_BENCH") != NULL)
    g_test_add_func ("/io/number/bench", test_bench);

  return g_test_run ();
}
