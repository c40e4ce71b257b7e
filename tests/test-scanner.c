/* The scanner's token readers, at the edges the map and VMF readers rely
 * on: every kind of white space and comment between tokens, numbers cut
 * by the end of the buffer, and errors that say line and column. */
#include <math.h>
#include <string.h>
#include <glib.h>
#include "qr-io.h"
#include "qr-scanner.h"

/* A scanner over the first len bytes of text: the rest lies past its end,
 * where it must not read. */
static void
scanner_over (QrScanner *s, const char *text, gsize len)
{
  qr_scanner_init (s, text, len, "t.map");
  s->semicolon_comments = true;
}

static void
test_space (void)
{
  for (int c = 0; c < 256; c++)
    g_assert_cmpint (qr_scanner_is_space ((char) c), ==,
                     c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r');
}

static void
test_numbers_between_comments (void)
{
  const char *text = "  1\t-2.5\n// a comment 9\r\n+.25\v\f3 ; another 8\n( 4 )[ 5 ]-0";
  const double want[] = { 1, -2.5, 0.25, 3, 4, 5 };
  QrScanner s;
  double v;
  int i = 0;

  scanner_over (&s, text, strlen (text));
  for (; i < 4; i++)
    {
      g_assert_true (qr_scanner_number (&s, &v, NULL));
      g_assert_cmpfloat (v, ==, want[i]);
    }
  g_assert_true (qr_scanner_accept (&s, '('));
  g_assert_true (qr_scanner_number (&s, &v, NULL));
  g_assert_cmpfloat (v, ==, want[i++]);
  /* A number may end at a closing bracket without space. */
  g_assert_false (qr_scanner_accept (&s, ']'));
  g_assert_true (qr_scanner_accept (&s, ')'));
  g_assert_true (qr_scanner_accept (&s, '['));
  g_assert_true (qr_scanner_number (&s, &v, NULL));
  g_assert_cmpfloat (v, ==, want[i]);
  g_assert_true (qr_scanner_accept (&s, ']'));
  g_assert_true (qr_scanner_number (&s, &v, NULL));
  g_assert_true (v == 0 && signbit (v));
  g_assert_true (qr_scanner_at_end (&s));
}

/* The end of the buffer ends a number, whatever follows it in memory. */
static void
test_number_cut_at_end (void)
{
  static const struct
  {
    const char *text;
    gsize len;
    double want;
  } cases[] = {
    { "123456", 3, 123 },
    { "-1.2345", 4, -1.2 },
    { "7.5e3", 3, 7.5 },         /* the exponent lies past the end */
    { "1e35", 3, 1e3 },
    { "12345678901234567", 15, 123456789012345 },
    { "1234567890123456789", 16, 1234567890123456 },
    { "0.1000000000000000055511", 20, 0.100000000000000005551 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      QrScanner s;
      double v = 0;

      scanner_over (&s, cases[i].text, cases[i].len);
      g_assert_true (qr_scanner_number (&s, &v, NULL));
      g_assert_cmpfloat (v, ==, cases[i].want);
      g_assert_true (s.p == cases[i].text + cases[i].len);
    }
}

/* Long numbers and exponents go past the inline path, to the same value
 * strtod gives. */
static void
test_number_full (void)
{
  static const char *const texts[] = {
    "9007199254740993", "0.1000000000000000055511151231257827", "1e-005", "-2.5E+3",
    "4.371139e-08", "1.7976931348623157e308", "4.9406564584124654e-324", "123456789012345678",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *text = g_strconcat (texts[i], " )", NULL);
      QrScanner s;
      double v = 0;

      scanner_over (&s, text, strlen (text));
      g_assert_true (qr_scanner_number (&s, &v, NULL));
      g_assert_cmpfloat (v, ==, g_ascii_strtod (texts[i], NULL));
      g_assert_true (qr_scanner_accept (&s, ')'));
    }
}

static void
test_number_errors (void)
{
  static const struct
  {
    const char *text;
    const char *message;
  } cases[] = {
    { "1 2\n  3x", "t.map:2:3: expected a number, found “3x”" },
    { "1\r\n\t12.5.1", "t.map:2:2: expected a number, found “12.5.1”" },
    { "// only a comment\n", "t.map:2:1: expected a number, found end of file" },
    { "; 1\n\n  -", "t.map:3:3: expected a number, found “-”" },
    { "1 1e", "t.map:1:3: expected a number, found “1e”" },
    { "1 1e+x", "t.map:1:3: expected a number, found “1e+x”" },
    { "1 nan", "t.map:1:3: expected a number, found “nan”" },
    { "1 1e400", "t.map:1:3: expected a number, found “1e400”" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      QrScanner s;
      double v;
      bool ok = true;

      scanner_over (&s, cases[i].text, strlen (cases[i].text));
      while (ok)
        ok = qr_scanner_number (&s, &v, &error);
      g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

/* Quoted strings: \" is an escaped quote unless only the line end
 * follows it; a NUL or a missing closing quote is an error at its place. */
static void
test_quoted (void)
{
  static const struct
  {
    const char *text;
    gsize len;             /* 0: strlen */
    const char *want;      /* NULL: an error */
    const char *message;
  } cases[] = {
    { "\"\" x", 0, "", NULL },
    { "\"plane\" \"(1 2 3)\"", 0, "plane", NULL },
    { "\"say \\\"hi\\\" now\"", 0, "say \"hi\" now", NULL },
    { "\"a\\\\\"b\"", 0, "a\\\"b", NULL },
    { "\"back\\\"\nnext", 0, "back\\", NULL },
    { "\"back\\\"\r\nnext", 0, "back\\", NULL },
    { "\"end\\\"", 0, "end\\", NULL },
    { "\"a\0b\" x", 6, NULL, "t.map:1:3: unexpected byte 0x00 in a quoted string" },
    { "\"a\\\"b\0\"", 7, NULL, "t.map:1:6: unexpected byte 0x00 in a quoted string" },
    { "\n  \"open", 0, NULL, "t.map:2:3: unterminated quoted string" },
    { "\"ab\"", 3, NULL, "t.map:1:1: unterminated quoted string" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *out = NULL;
      QrScanner s;

      scanner_over (&s, cases[i].text, cases[i].len ? cases[i].len : strlen (cases[i].text));
      if (cases[i].want != NULL)
        {
          g_assert_true (qr_scanner_quoted (&s, &out, &error));
          g_assert_no_error (error);
          g_assert_cmpstr (out, ==, cases[i].want);
        }
      else
        {
          g_assert_false (qr_scanner_quoted (&s, &out, &error));
          g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
          g_assert_cmpstr (error->message, ==, cases[i].message);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/io/scanner/space", test_space);
  g_test_add_func ("/io/scanner/number/between-comments", test_numbers_between_comments);
  g_test_add_func ("/io/scanner/number/cut-at-end", test_number_cut_at_end);
  g_test_add_func ("/io/scanner/number/full", test_number_full);
  g_test_add_func ("/io/scanner/number/errors", test_number_errors);
  g_test_add_func ("/io/scanner/quoted", test_quoted);
  return g_test_run ();
}
