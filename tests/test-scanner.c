/* The scanner's token readers, at the edges the map and VMF readers rely
 * on: every kind of white space and comment between tokens, numbers cut
 * by the end of the buffer, and errors that say line and column. */
#include <math.h>
#include <string.h>
#include <glib.h>
#include "qr-face-line.h"
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

/* qr_face_line_read on a NUL-terminated line ending in "\n". */
static const char *
face_line (const char *text, QrFaceLine *line)
{
  const char *fence = qr_face_line_fence (text, strlen (text));

  g_assert_nonnull (fence);
  return qr_face_line_read (text, fence, line);
}

static void
test_face_line_forms (void)
{
  const char *valve = "( 1 -2 3.5 ) ( 4 5 6 ) ( -7.25 8 9 ) tech/wall_1 [ 1 0 0 -12 ] [ 0 -1 0 6.5 ] 90 0.25 -0.5\n";
  const char *standard = "( 0 0 0 ) ( 0 1 0 ) ( 1 0 0 ) base_wall/c 16 -8 45 0.5 1 0 0 0\n";
  const double points[9] = { 1, -2, 3.5, 4, 5, 6, -7.25, 8, 9 };
  const double axes[11] = { 1, 0, 0, -12, 0, -1, 0, 6.5, 90, 0.25, -0.5 };
  const double plain[5] = { 16, -8, 45, 0.5, 1 };
  QrFaceLine line;
  const char *after;

  after = face_line (valve, &line);
  g_assert_true (after == valve + strlen (valve) - 1);
  g_assert_true (line.valve);
  for (int i = 0; i < 9; i++)
    g_assert_cmpfloat (line.points[i], ==, points[i]);
  g_assert_cmpint ((int) line.texture_len, ==, 11);
  g_assert_true (strncmp (line.texture, "tech/wall_1", 11) == 0);
  for (int i = 0; i < 11; i++)
    g_assert_cmpfloat (line.tex[i], ==, axes[i]);

  /* Quake 3's surface values are left to the reader after the last number. */
  after = face_line (standard, &line);
  g_assert_nonnull (after);
  g_assert_cmpstr (after, ==, " 0 0 0\n");
  g_assert_false (line.valve);
  g_assert_true (strncmp (line.texture, "base_wall/c", line.texture_len) == 0);
  for (int i = 0; i < 5; i++)
    g_assert_cmpfloat (line.tex[i], ==, plain[i]);

  /* "-0" is negative zero, as strtod reads it. */
  g_assert_nonnull (face_line ("( -0 0 0 ) ( 0 1 0 ) ( 1 0 0 ) T 0 0 0 1 1\n", &line));
  g_assert_true (signbit (line.points[0]) && !signbit (line.points[1]));
}

/* Every layout but the exact common one goes to the scanner. */
static void
test_face_line_declines (void)
{
  static const char *const lines[] = {
    "( 1 2 3 )  ( 4 5 6 ) ( 7 8 9 ) T 0 0 0 1 1\n",      /* two spaces */
    "( 1 2 3 ) ( 4\t5 6 ) ( 7 8 9 ) T 0 0 0 1 1\n",      /* a tab */
    "(1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T 0 0 0 1 1\n",        /* no space after "(" */
    "( 1 2 3) ( 4 5 6 ) ( 7 8 9 ) T 0 0 0 1 1\n",        /* none before ")" */
    "( +1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T 0 0 0 1 1\n",      /* a plus sign */
    "( 1e2 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T 0 0 0 1 1\n",     /* an exponent */
    "( 1234567890.123456 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T 0 0 0 1 1\n", /* 16 digits */
    "( 1234567890123456 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T 0 0 0 1 1\n",
    "( . 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T 0 0 0 1 1\n",       /* no digit */
    "( - 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T 0 0 0 1 1\n",
    "( 1x 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T 0 0 0 1 1\n",
    "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) \"T\" 0 0 0 1 1\n",  /* a quoted name */
    "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) //T 0 0 0 1 1\n",    /* a comment */
    "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) ;T 0 0 0 1 1\n",
    "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) /T 0 0 0 1 1\n",
    "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) [ 1 0 0 0 ] [ 0 1 0 0 ] 0 1 1\n", /* no name */
    "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T\x01x 0 0 0 1 1\n", /* a control byte */
    "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T\x7f 0 0 0 1 1\n",
    "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T\t0 0 0 1 1\n",
    "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T [ 1 0 0 0] [ 0 1 0 0 ] 0 1 1\n",
    "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T [1 0 0 0 ] [ 0 1 0 0 ] 0 1 1\n",
    "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T [ 1 0 0 0 ] [ 0 1 0 0 ] 0 1 1)\n", /* not white space after */
    "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T [ 1 0 0 0 ] [ 0 1 0 0 ] 0 1 1]\n",
    "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T [ 1 0 0 0 ] [ 0 1 0 0 ] 0 1 1x\n",
    "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T [ 1 0 0 0 ] [ 0 1 0 0 ] 0 1\n", /* cut short */
    "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T 0 0 0 1\n",
    "( 1 2 3 ) ( 4 5 6 )\n( 7 8 9 ) T 0 0 0 1 1\n",
  };
  QrFaceLine line;

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_test_message ("%s", lines[i]);
      g_assert_null (face_line (lines[i], &line));
    }

  /* At or past the fence there is nothing to read. */
  {
    const char *text = "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T 0 0 0 1 1\n";

    g_assert_null (qr_face_line_read (text + strlen (text) - 1, text + strlen (text) - 1, &line));
    g_assert_null (qr_face_line_fence (text, strlen (text) - 1));
  }
}

/* Random short decimals read as strtod reads them, to the bit. */
static void
test_face_line_rounding (void)
{
  GRand *rand = g_rand_new_with_seed (17);

  for (int round = 0; round < 2000; round++)
    {
      g_autoptr (GString) text = g_string_new (NULL);
      char numbers[20][40];
      QrFaceLine line;
      double got[20];

      for (int i = 0; i < 20; i++)
        {
          int digits = g_rand_int_range (rand, 1, 16);
          int places = g_rand_int_range (rand, 0, digits + 1);
          char *w = numbers[i];

          if (g_rand_boolean (rand))
            *w++ = '-';
          for (int d = 0; d < digits; d++)
            {
              if (d == digits - places)
                *w++ = '.';
              *w++ = (char) ('0' + g_rand_int_range (rand, 0, 10));
            }
          *w = '\0';
        }
      g_string_printf (text, "( %s %s %s ) ( %s %s %s ) ( %s %s %s ) T [ %s %s %s %s ] [ %s %s %s %s ] %s %s %s\n",
                       numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5],
                       numbers[6], numbers[7], numbers[8], numbers[9], numbers[10], numbers[11],
                       numbers[12], numbers[13], numbers[14], numbers[15], numbers[16],
                       numbers[17], numbers[18], numbers[19]);
      g_assert_nonnull (face_line (text->str, &line));
      memcpy (got, line.points, sizeof line.points);
      memcpy (got + 9, line.tex, sizeof line.tex);
      for (int i = 0; i < 20; i++)
        if (got[i] != g_ascii_strtod (numbers[i], NULL))
          g_error ("%s read as %.17g", numbers[i], got[i]);
    }
  g_rand_free (rand);
}

/* Numbers end at the first byte that is not a digit, whatever it is:
 * every byte value after 1 to 12 digits of a point's coordinate. Only a
 * digit continues the number, a point starts its decimals; anything else
 * (but the space of the format) makes the line one for the scanner. */
static void
test_face_line_digit_ends (void)
{
  for (int digits = 1; digits <= 12; digits++)
    for (int c = 1; c < 256; c++)
      {
        g_autoptr (GString) text = g_string_new ("( 1 2 ");
        QrFaceLine line;
        const char *after;
        double expected = 0;

        if (c == '\n' || c == ' ')
          continue;
        for (int d = 0; d < digits; d++)
          {
            g_string_append_c (text, (char) ('1' + d % 9));
            expected = expected * 10 + (1 + d % 9);
          }
        g_string_append_c (text, (char) c);
        g_string_append (text, "7 ) ( 4 5 6 ) ( 7 8 9 ) T [ 1 0 0 0 ] [ 0 1 0 0 ] 0 1 1\n");
        after = face_line (text->str, &line);
        if (c >= '0' && c <= '9')
          {
            g_assert_nonnull (after);
            g_assert_cmpfloat (line.points[2], ==, (expected * 10 + (c - '0')) * 10 + 7);
          }
        else if (c == '.')
          {
            g_assert_nonnull (after);
            g_assert_cmpfloat (line.points[2], ==, g_ascii_strtod (text->str + 6, NULL));
          }
        else
          g_assert_null (after);
      }
}

/* Faces the scanner reads (other spacing, comments, long numbers, a plus
 * sign, an exponent, a quoted name) come out as the common line does. */
static void
test_face_line_same_as_scanner (void)
{
  const char *text =
    "{\n{\n"
    "( 1 2 3 ) ( 4 5 6.5 ) ( 7 8 9 ) T [ 1 0 0 -12 ] [ 0 -1 0 6.5 ] 90 0.25 -0.5\n"
    "(  1 2 3 ) ( 4 5 6.5 ) ( 7 8 9 ) T [ 1 0 0 -12 ] [ 0 -1 0 6.5 ] 90 0.25 -0.5\n"
    "( 1\t2 3 ) ( 4 5 6.5 ) ( 7 8 9 ) T [ 1 0 0 -12 ] [ 0 -1 0 6.5 ] 90 0.25 -0.5\r\n"
    "( 1 2 3 ) // a comment\n( 4 5 6.5 ) ( 7 8 9 ) T [ 1 0 0 -12 ] [ 0 -1 0 6.5 ] 90 0.25 -0.5\n"
    "( 1.0000000000000000000 +2 3e0 ) ( 4 5 6.5 ) ( 7 8 9 ) T [ 1 0 0 -12 ] [ 0 -1 0 6.5 ] 90 0.25 -0.5\n"
    "(1 2 3) (4 5 6.5) (7 8 9) \"T\" [1 0 0 -12] [0 -1 0 6.5] 90 0.25 -0.5"
    "\n}\n}\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = qr_map_parse (text, strlen (text), QR_FILE_MAP, "t.map", &error);
  QrBrush *brush;

  g_assert_no_error (error);
  brush = qr_entity_get_brush (qr_map_get_entity (map, 0), 0);
  g_assert_cmpint (brush->n_faces, ==, 6);
  g_assert_cmpfloat (brush->faces[0].points[1].z, ==, 6.5);
  g_assert_cmpfloat (brush->faces[0].tex.shift[0], ==, -12);
  g_assert_cmpfloat (brush->faces[0].tex.scale[1], ==, -0.5);
  for (int i = 1; i < brush->n_faces; i++)
    {
      const QrFace *a = &brush->faces[0], *b = &brush->faces[i];

      g_test_message ("face %d", i);
      g_assert_true (memcmp (a->points, b->points, sizeof a->points) == 0);
      g_assert_cmpint (a->texture, ==, b->texture);
      g_assert_cmpint (a->form, ==, b->form);
      g_assert_true (memcmp (&a->tex, &b->tex, sizeof a->tex) == 0);
    }
}

/* Faces name many textures in any order: names of one length, one first
 * and last letter, or one a prefix of another ("wa", "wax" share a slot of
 * the reader's recent names), each keep their own. */
static void
test_face_line_textures (void)
{
  static const char *const names[] = { "a", "ab", "b", "ba", "aab", "abb", "axb", "ab/a", "a", "t1", "t10", "t01", "wa", "wax" };
  g_autoptr (GString) text = g_string_new ("{\n{\n");
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = NULL;
  GRand *rand = g_rand_new_with_seed (5);
  int picked[600];
  QrBrush *brush;

  for (guint i = 0; i < G_N_ELEMENTS (picked); i++)
    {
      picked[i] = g_rand_int_range (rand, 0, G_N_ELEMENTS (names));
      g_string_append_printf (text, "( 0 0 0 ) ( 0 1 0 ) ( 1 0 0 ) %s [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n", names[picked[i]]);
    }
  g_string_append (text, "}\n}\n");
  g_rand_free (rand);
  map = qr_map_parse (text->str, text->len, QR_FILE_MAP, "t.map", &error);
  g_assert_no_error (error);
  brush = qr_entity_get_brush (qr_map_get_entity (map, 0), 0);
  g_assert_cmpint (brush->n_faces, ==, G_N_ELEMENTS (picked));
  for (guint i = 0; i < G_N_ELEMENTS (picked); i++)
    g_assert_cmpstr (qr_map_texture_name (map, brush->faces[i].texture), ==, names[picked[i]]);
}

/* Lines the common reader declines fail with the scanner's messages. */
static void
test_face_line_errors (void)
{
  static const struct
  {
    const char *line;
    const char *message;
  } cases[] = {
    { "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T [ 1 0 0 0 ] [ 0 1 0 0 ] 0 1 1x\n", "t.map:3:61: expected a number, found “1x”" },
    { "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T [ 1 0 0 0 ] [ 0 1 0 0 ] 0 1 1)\n",
      "t.map:3:62: expected “(” starting a face or “}” closing the brush, found “)”" },
    { "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) [ 1 0 0 0 ] [ 0 1 0 0 ] 0 1 1\n", "t.map:3:31: expected a texture name, found “[”" },
    { "( 1 2 3 ) ( 4 5 6 ) ( 7 8 9 ) T [ 1 0 0 0 ] [ 0 1 0 0 ] 0 1 1", "t.map:3:62: expected “}” closing the brush opened at line 2, found end of file" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strconcat ("{\n{\n", cases[i].line, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (QrMap) map = qr_map_parse (text, strlen (text), QR_FILE_MAP, "t.map", &error);

      g_assert_null (map);
      g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
      g_assert_cmpstr (error->message, ==, cases[i].message);
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
  g_test_add_func ("/io/face-line/forms", test_face_line_forms);
  g_test_add_func ("/io/face-line/declines", test_face_line_declines);
  g_test_add_func ("/io/face-line/rounding", test_face_line_rounding);
  g_test_add_func ("/io/face-line/digit-ends", test_face_line_digit_ends);
  g_test_add_func ("/io/face-line/same-as-scanner", test_face_line_same_as_scanner);
  g_test_add_func ("/io/face-line/errors", test_face_line_errors);
  g_test_add_func ("/io/face-line/textures", test_face_line_textures);
  return g_test_run ();
}
