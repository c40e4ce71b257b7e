/* Malformed input: every bad file is refused with a QR_IO_ERROR_PARSE
 * error "NAME:LINE:COLUMN: expected …", no document, and no crash —
 * truncations at every byte, unbalanced braces, bad numbers, short faces,
 * unterminated strings and binary junk, in .map and .vmf text. */
#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include "qr-escape.h"
#include "qr-io.h"

#define N_JUNK_MUTATIONS 3000
#define N_JUNK_BUFFERS 1500

/* ---- helpers ---------------------------------------------------------- */

static const char *
name_for (QrFileKind kind)
{
  return kind == QR_FILE_VMF ? "test.vmf" : "test.map";
}

/* Parses an exact-length heap copy: no NUL after the text, so the
 * sanitizers catch any read past its end. */
static QrMap *
parse_len (QrFileKind kind, const char *text, gsize len, GError **error)
{
  g_autofree char *copy = g_malloc (len ? len : 1);

  memcpy (copy, text, len);
  return qr_map_parse (copy, len, kind, name_for (kind), error);
}

static void
assert_error_at (QrFileKind kind, const char *text, gsize len, int line, int column, const char *what)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = parse_len (kind, text, len, &error);
  g_autofree char *prefix = g_strdup_printf ("%s:%d:%d: ", name_for (kind), line, column);

  if (map != NULL)
    g_error ("parsed, expected an error at %s", prefix);
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
  /* The message goes to GTK labels, which need UTF-8, whatever the input. */
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("expected a message starting with “%s”, got “%s”", prefix, error->message);
  if (strstr (error->message, what) == NULL)
    g_error ("expected “%s” in “%s”", what, error->message);
}

#define assert_map_error(text, line, column, what) \
  assert_error_at (QR_FILE_MAP, text, strlen (text), line, column, what)
#define assert_vmf_error(text, line, column, what) \
  assert_error_at (QR_FILE_VMF, text, strlen (text), line, column, what)

/* The error's line and column name a real position of the text. */
static void
assert_sane_position (QrFileKind kind, const char *text, gsize len, const GError *error)
{
  g_autofree char *prefix = g_strdup_printf ("%s:", name_for (kind));
  int line = 0, column = 0, consumed = 0;
  const char *p = text, *end = text + len;

  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
  if (!g_utf8_validate (error->message, -1, NULL))
    g_error ("message not valid UTF-8: %s", error->message);
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("message without the file name: %s", error->message);
  if (sscanf (error->message + strlen (prefix), "%d:%d: %n", &line, &column, &consumed) != 2 || consumed == 0)
    g_error ("message without line:column: %s", error->message);
  /* And it says what was wrong. */
  if (strstr (error->message, "expected") == NULL && strstr (error->message, "unterminated") == NULL
      && strstr (error->message, "without") == NULL)
    g_error ("message without what was expected: %s", error->message);
  g_assert_cmpint (line, >=, 1);
  g_assert_cmpint (column, >=, 1);
  for (int l = 1; l < line; l++)
    {
      const char *nl = memchr (p, '\n', (size_t) (end - p));

      if (nl == NULL)
        g_error ("line %d past the end of a %d-byte text: %s", line, (int) len, error->message);
      p = nl + 1;
    }
  {
    const char *nl = memchr (p, '\n', (size_t) (end - p));
    gsize line_len = (gsize) ((nl ? nl : end) - p);

    g_assert_cmpint (column, <=, (int) line_len + 1);
  }
}

/* Parses or fails cleanly; a document that parses also saves and reads
 * back the same. Returns whether it parsed. */
static gboolean
parse_or_fail_cleanly (QrFileKind kind, const char *text, gsize len)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = parse_len (kind, text, len, &error);

  if (map == NULL)
    {
      assert_sane_position (kind, text, len, error);
      return FALSE;
    }
  g_assert_no_error (error);
  {
    g_autoptr (GString) out = qr_map_write (map, QR_SAVE_AS_READ, &error);
    g_autoptr (QrMap) again = NULL;
    g_autofree char *why = NULL;

    g_assert_no_error (error);
    g_assert_nonnull (out);
    again = parse_len (kind, out->str, out->len, &error);
    g_assert_no_error (error);
    g_assert_nonnull (again);
    if (!qr_map_equal (map, again, &why))
      g_error ("accepted input does not read back the same (%s): %.*s", why, (int) len, text);
  }
  return TRUE;
}

/* ---- truncation --------------------------------------------------------- */

static const char small_map[] =
  "// Game: Quake\n"                                                                       /* 1 */
  "{\n"                                                                                    /* 2 */
  "\"classname\" \"worldspawn\"\n"                                                         /* 3 */
  "\"wad\" \"base.wad\"\n"                                                                 /* 4 */
  "{\n"                                                                                    /* 5 */
  "( -64 -64 -16 ) ( -64 -63 -16 ) ( -64 -64 -15 ) base 0 0 0 1 1\n"                       /* 6 */
  "( -64 -64 -16 ) ( -64 -64 -15 ) ( -63 -64 -16 ) base [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"  /* 7 */
  "( -64 -64 -16 ) ( -63 -64 -16 ) ( -64 -63 -16 ) base 0 0 0 1 1 1 2 3\n"                 /* 8 */
  "( 64 64 16 ) ( 64 65 16 ) ( 65 64 16 ) base 0 0 0 1 1\n"                                /* 9 */
  "}\n"                                                                                    /* 10 */
  "}\n"                                                                                    /* 11 */
  "{\n"                                                                                    /* 12 */
  "\"classname\" \"light\"\n"                                                              /* 13 */
  "\"origin\" \"0 0 0\"\n"                                                                 /* 14 */
  "}\n";                                                                                   /* 15 */

/* The length of small_map up to the end of `needle` (which must occur once). */
static gsize
cut_after (const char *needle)
{
  const char *at = strstr (small_map, needle);

  g_assert_nonnull (at);
  g_assert_null (strstr (at + 1, needle));
  return (gsize) (at - small_map) + strlen (needle);
}

static void
test_truncated_every_prefix (void)
{
  const gsize len = strlen (small_map);
  const gsize header = strlen ("// Game: Quake\n");
  const gsize world_end = cut_after ("}\n}\n") - 1;      /* just after the world's "}" */
  const gsize light_open = world_end + 1;                 /* the light's "{" */
  const gsize light_end = len - 1;                        /* just after the last "}" */
  guint parsed = 0;

  g_assert_cmpint (small_map[world_end - 1], ==, '}');
  g_assert_cmpint (small_map[light_open], ==, '{');

  for (gsize n = 0; n <= len; n++)
    {
      /* Whole documents: nothing, any part of the comment header (but a
       * lone "/", which is no comment), the world, the world and the light. */
      gboolean complete = n == 0 || (n >= 2 && n <= header)
                          || (n >= world_end && n <= light_open) || n >= light_end;
      gboolean ok = parse_or_fail_cleanly (QR_FILE_MAP, small_map, n);

      if (ok != complete)
        g_error ("prefix of %u bytes %s: “%.*s”", (guint) n, ok ? "parsed" : "failed", (int) n, small_map);
      parsed += ok;
    }
  g_assert_cmpuint (parsed, ==, 1 + (header - 1) + (light_open - world_end + 1) + 2);
}

static void
test_truncated_messages (void)
{
  static const struct
  {
    const char *after;
    int line, column;
    const char *what;
  } cases[] = {
    { "// Game: Quake\n{\n", 3, 1, "expected “}” closing the entity opened at line 2, found end of file" },
    { "\"classname\" \"worl", 3, 13, "unterminated quoted string" },
    { "Quake\n{\n\"classname\"", 3, 12, "expected a quoted string, found end of file" },
    { "base.wad\"\n{\n", 6, 1, "expected “}” closing the brush opened at line 5, found end of file" },
    { "( -64 -64 -16 ) ( -64 -63", 6, 26, "expected a number, found end of file" },
    { "( -64 -64 -16 ) ( -64 -63 -16 ) ( -64 -64 -15 )", 6, 48, "expected a texture name, found end of file" },
    { "( -64 -64 -15 ) base 0 0 0 1", 6, 61, "expected a number, found end of file" },
    { "[ 0 0 -1 0", 7, 76, "expected “]” closing a texture axis, found end of file" },
    { "base 0 0 0 1 1 1 2", 8, 67, "expected a number, found end of file" },
    { "base 0 0 0 1 1\n}\n", 11, 1, "expected “}” closing the entity opened at line 2, found end of file" },
    { "\"origin\" \"0 0 0\"\n", 15, 1, "expected “}” closing the entity opened at line 12, found end of file" },
    { "\"origin\" \"0 0", 14, 10, "unterminated quoted string" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("cut after %s", cases[i].after);
      assert_error_at (QR_FILE_MAP, small_map, cut_after (cases[i].after),
                       cases[i].line, cases[i].column, cases[i].what);
    }

  /* A bare brush cut short. */
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 )", 2, 20, "expected “(” starting a plane point, found end of file");
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1 1\n", 3, 1,
                    "expected “}” closing the brush opened at line 1, found end of file");
  /* A lone "{" and a lone "/". */
  assert_map_error ("{", 1, 2, "expected “}” closing the entity opened at line 1, found end of file");
  assert_map_error ("/", 1, 1, "expected “{” starting an entity or brush, found “/”");
}

/* ---- braces ------------------------------------------------------------- */

#define FACES \
  "( -64 -64 -16 ) ( -64 -63 -16 ) ( -64 -64 -15 ) a 0 0 0 1 1\n" \
  "( -64 -64 -16 ) ( -64 -64 -15 ) ( -63 -64 -16 ) a 0 0 0 1 1\n" \
  "( -64 -64 -16 ) ( -63 -64 -16 ) ( -64 -63 -16 ) a 0 0 0 1 1\n"

static void
test_unbalanced_braces (void)
{
  /* A brush without its "}" before the next brush. */
  assert_map_error ("{\n\"classname\" \"worldspawn\"\n{\n" FACES "{\n" FACES "}\n}\n", 7, 1,
                    "expected “(” starting a face or “}” closing the brush, found “{”");
  /* A brush without its "}" at the end of the file. */
  assert_map_error ("{\n\"classname\" \"worldspawn\"\n{\n" FACES, 7, 1,
                    "expected “}” closing the brush opened at line 3, found end of file");
  /* The entity's "}" taken for the brush's: the entity is left open. */
  assert_map_error ("{\n\"classname\" \"worldspawn\"\n{\n" FACES "}\n", 8, 1,
                    "expected “}” closing the entity opened at line 1, found end of file");
  /* An entity without its "}" before the next entity: the next entity's
   * keys cannot stand in a brush. */
  assert_map_error ("{\n\"classname\" \"worldspawn\"\n{\n" FACES "}\n{\n\"classname\" \"light\"\n}\n", 9, 1,
                    "expected");
  /* An extra "}" at the top level. */
  assert_map_error ("{\n\"classname\" \"worldspawn\"\n}\n}\n", 4, 1,
                    "expected “{” starting an entity or brush, found “}”");
  assert_map_error ("{\n\"classname\" \"worldspawn\"\n{\n" FACES "}\n}\n}", 9, 1,
                    "expected “{” starting an entity or brush, found “}”");
  /* An extra "{" inside a brush, and text at the top level. */
  assert_map_error ("{\n" FACES "{\n}\n", 5, 1, "expected “(” starting a face or “}” closing the brush, found “{”");
  assert_map_error ("\"classname\" \"worldspawn\"\n", 1, 1, "expected “{” starting an entity or brush, found “\"classname\"”");
  /* Something other than a key or a brush in an entity. */
  assert_map_error ("{\n\"classname\" \"worldspawn\"\nwad base.wad\n}\n", 3, 1, "expected a quoted key, “{” or “}”, found “wad”");
}

/* Key/value pairs inside a brush are no verbatim block: refused where they start. */
static void
test_keys_inside_brush (void)
{
  assert_map_error ("{\n\"classname\" \"worldspawn\"\n{\n\"origin\" \"0 0 0\"\n}\n}\n", 4, 1, "expected");
}

/* ---- numbers and faces -------------------------------------------------- */

static void
test_bad_numbers (void)
{
  static const char *const bad[] = {
    "1.2.3", "12abc", "--5", "nan", "NaN", "inf", "-inf", "1e999", "-1e999", "1e", "0x10",
    ".", "-", "+", "1,5", "1..2", "e5", "+-1", "5-", "1e+", "1e5e5",
  };
  static const struct { const char *before, *after; int line, column; } places[] = {
    /* A plane point coordinate. */
    { "{\n\"classname\" \"worldspawn\"\n{\n( 0 0 0 ) ( ", " 0 0 ) ( 0 1 0 ) a 0 0 0 1 1\n}\n}\n", 4, 13 },
    /* A standard texture attribute. */
    { "{\n\"classname\" \"worldspawn\"\n{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 ", " 1 1\n}\n}\n", 4, 37 },
    /* A Valve axis component. */
    { "{\n\"classname\" \"worldspawn\"\n{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a [ 1 0 ", " 0 ] [ 0 -1 0 0 ] 0 1 1\n}\n}\n", 4, 39 },
    /* A Quake 2 surface value. */
    { "{\n\"classname\" \"worldspawn\"\n{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1 1 0 ", " 0\n}\n}\n", 4, 45 },
    /* A bare brush, last number of a face. */
    { "{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1 ", "\n}\n", 2, 41 },
  };

  for (guint p = 0; p < G_N_ELEMENTS (places); p++)
    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autofree char *text = g_strconcat (places[p].before, bad[i], places[p].after, NULL);
        g_autofree char *what = g_strdup_printf ("expected a number, found “%s”", bad[i]);

        g_test_message ("%s", text);
        assert_map_error (text, places[p].line, places[p].column, what);
      }
}

static void
test_short_faces (void)
{
  /* A point with two numbers. */
  assert_map_error ("{\n( 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1 1\n}\n", 2, 7, "expected a number, found “)”");
  /* A point with four. */
  assert_map_error ("{\n( 0 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1 1\n}\n", 2, 9, "expected “)” closing a plane point, found “0”");
  /* Two points. */
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) a 0 0 0 1 1\n}\n", 2, 21, "expected “(” starting a plane point, found “a”");
  /* No texture name. */
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n}\n", 2, 31,
                    "expected a texture name, found “[”");
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 )\n}\n", 3, 1, "expected a texture name, found “}”");
  /* Four standard attributes, before the brush's end and before a face. */
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1\n}\n", 3, 1, "expected a number, found “}”");
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1\n( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) a 0 0 0 1 1\n}\n",
                    3, 1, "expected a number, found “(”");
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a\n}\n", 3, 1, "expected a number, found “}”");
  /* Valve faces: two attributes after the axes, an axis of three. */
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1\n}\n", 3, 1,
                    "expected a number, found “}”");
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a [ 1 0 0 ] [ 0 -1 0 0 ] 0 1 1\n}\n", 2, 41,
                    "expected a number, found “]”");
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a [ 1 0 0 0 ]\n}\n", 3, 1,
                    "expected “[” starting a texture axis, found “}”");
}

static void
test_valve_missing_bracket (void)
{
  assert_map_error ("{\n\"classname\" \"worldspawn\"\n{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a [ 1 0 0 0 [ 0 -1 0 0 ] 0 1 1\n}\n}\n",
                    4, 43, "expected “]” closing a texture axis, found “[”");
  assert_map_error ("{\n\"classname\" \"worldspawn\"\n{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a [ 1 0 0 0 ] [ 0 -1 0 0 0 1 1\n}\n}\n",
                    4, 56, "expected “]” closing a texture axis, found “0”");
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a [ 1 0 0 0 ] [ 0 -1 0 0\n}\n",
                    3, 1, "expected “]” closing a texture axis, found “}”");
}

static void
test_quake2_partial_surface (void)
{
  /* One of three. */
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1 1 7\n}\n", 3, 1, "expected a number, found “}”");
  /* Two of three, before another face. */
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1 1 7 8\n( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) a 0 0 0 1 1 0 0 0\n}\n",
                    3, 1, "expected a number, found “(”");
  /* Two of three at the end of the file. */
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1 1 7 8", 2, 46, "expected a number, found end of file");
  /* Quake 2 Valve, one of three. */
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1 7\n}\n", 3, 1,
                    "expected a number, found “}”");
  /* Four numbers where three belong. */
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1 1 7 8 9 10\n}\n", 2, 49,
                    "expected “(” starting a face or “}” closing the brush, found “10”");
}

static void
test_unterminated_quotes (void)
{
  assert_map_error ("{\n\"classname\" \"worldspawn\n}\n", 2, 13, "unterminated quoted string");
  assert_map_error ("{\n\"classname\n", 2, 1, "unterminated quoted string");
  assert_map_error ("{\n\"classname\" \"worldspawn\"\n\"message\" \"a { b } // c\n{\n" FACES "}\n}\n", 3, 11,
                    "unterminated quoted string");
  /* An escaped quote does not end the string. */
  assert_map_error ("{\n\"message\" \"say \\\" }\n", 2, 11, "unterminated quoted string");
  /* A key without a value. */
  assert_map_error ("{\n\"classname\"\n}\n", 3, 1, "expected a quoted string, found “}”");
  /* A quoted texture name left open. */
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) \"my tex 0 0 0 1 1\n}\n", 2, 31, "unterminated quoted string");
}

/* ---- binary junk -------------------------------------------------------- */

static void
test_binary_junk_specific (void)
{
  /* Control bytes where a token should start. */
  assert_map_error ("\x01{\n}\n", 1, 1, "expected “{” starting an entity or brush, found byte 0x01");
  assert_map_error ("{\n\x7f\n}\n", 2, 1, "found byte 0x7f");
  /* NUL in a quoted string. */
  assert_error_at (QR_FILE_MAP, "{\n\"class\0name\" \"worldspawn\"\n}\n", 30, 2, 7, "unexpected byte 0x00");
  /* NUL inside a number and after one. */
  assert_error_at (QR_FILE_MAP, "{\n( 0 0\0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1 1\n}\n", 47, 2, 5, "expected a number");
  /* A control byte in a texture name. */
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a\x02z 0 0 0 1 1\n}\n", 2, 31, "expected");
  /* High bytes are text: Latin-1 or UTF-8 texture names and values load. */
  {
    static const char text[] = "{\n\"message\" \"caf\xc3\xa9 \xff\"\n{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) \xe9t\xe9 0 0 0 1 1\n}\n}\n";
    g_autoptr (QrMap) map = NULL;
    g_autoptr (GError) error = NULL;

    map = parse_len (QR_FILE_MAP, text, strlen (text), &error);
    g_assert_no_error (error);
    g_assert_cmpstr (qr_entity_get_key (qr_map_get_entity (map, 0), "message"), ==, "caf\xc3\xa9 \xff");
    g_assert_cmpstr (qr_map_texture_name (map, qr_entity_get_brush (qr_map_get_entity (map, 0), 0)->faces[0].texture),
                     ==, "\xe9t\xe9");
    g_assert_true (parse_or_fail_cleanly (QR_FILE_MAP, text, strlen (text)));
  }
}

/* Input quoted in a message: bytes that are not UTF-8 show as \xNN (upper-case
 * hex: FF FE reads "\xFF\xFE") and controls as \t, \n, \r or \xNN, so the
 * message is valid UTF-8 for GTK; valid UTF-8 is quoted as it is. Line and
 * column count bytes, as before. */
static void
test_junk_escaped (void)
{
  /* FF FE inside a number. */
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1\xff\xfe 0 ) a 0 0 0 1 1\n}\n", 2, 25,
                    "expected a number, found “1\\xFF\\xFE”");
  /* Where a token starts, and with valid UTF-8 after it. */
  assert_map_error ("\n\n  \xff\xfe\xc3\xa9{\n}\n", 3, 3,
                    "expected “{” starting an entity or brush, found “\\xFF\\xFE\xc3\xa9{”");
  /* A control byte inside a token. */
  assert_map_error ("{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a\x02z 0 0 0 1 1\n}\n", 2, 31, "found “a\\x02z”");
  /* Valid UTF-8 comes through unchanged, cut at 24 bytes without splitting a
   * character: "a" and 11 "é" (23 bytes), not the first byte of the 12th. */
  {
    GString *text = g_string_new ("{\n\"k\" \"v\"\na");
    for (int i = 0; i < 30; i++)
      g_string_append (text, "\xc3\xa9");
    g_string_append (text, "\n}\n");
    assert_map_error (text->str, 3, 1,
                      "found “a\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9”");
    g_string_free (text, TRUE);
  }
  /* VMF: a value and a block name. */
  assert_vmf_error ("world\n{\n\t\"id\" \"1\xff\"\n}\n", 3, 8, "expected a number, found “1\\xFF”");
  assert_vmf_error ("\"wor\xffld\"\n{\n}\n", 1, 2, "expected a block name, found “wor\\xFFld”");
  /* The file name too. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (QrMap) map = qr_map_parse ("}", 1, QR_FILE_MAP, "bad\xff.map", &error);

    g_assert_null (map);
    g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
    g_assert_true (g_str_has_prefix (error->message, "bad\\xFF.map:1:1: "));
  }
}

static void
test_escape_dup (void)
{
  static const struct
  {
    const char *in;
    gssize len;
    const char *out;
  } cases[] = {
    { "caf\xc3\xa9 C:\\quake\\id1 “q”", -1, "caf\xc3\xa9 C:\\quake\\id1 “q”" },
    { "\xff\xfe", -1, "\\xFF\\xFE" },
    { "a\tb\nc\rd\x01\x1f\x7f", -1, "a\\tb\\nc\\rd\\x01\\x1F\\x7F" },
    { "\xc2\x85", -1, "\\u0085" },
    /* A character cut short, a lone continuation byte, an overlong "/". */
    { "\xe2\x82", -1, "\\xE2\\x82" },
    { "x\x80y", -1, "x\\x80y" },
    { "\xc0\xaf", -1, "\\xC0\\xAF" },
    { "a\0b", 3, "a\\x00b" },
    { "", -1, "" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = qr_escape_dup (cases[i].in, cases[i].len);

      g_assert_cmpstr (out, ==, cases[i].out);
      g_assert_true (g_utf8_validate (out, -1, NULL));
    }
  /* "é" is C3 A9: a cut after C3 moves back before it. */
  g_assert_cmpuint (qr_escape_prefix_len ("a\xc3\xa9" "b", 4, 2), ==, 1);
  g_assert_cmpuint (qr_escape_prefix_len ("a\xc3\xa9" "b", 4, 3), ==, 3);
  g_assert_cmpuint (qr_escape_prefix_len ("a\xc3\xa9" "b", 4, 9), ==, 4);
  /* The 4-byte U+1F600, cut after 1, 2 and 3 of its bytes. */
  for (gsize max = 2; max <= 4; max++)
    g_assert_cmpuint (qr_escape_prefix_len ("a\xf0\x9f\x98\x80", 5, max), ==, 1);
  /* Not UTF-8: no character to keep whole, cut where asked. */
  g_assert_cmpuint (qr_escape_prefix_len ("\x80\x80\x80\x80\x80\x80", 6, 5), ==, 5);
}

static guint8
junk_byte (GRand *rand)
{
  /* 0x00–0x1f or 0x80–0xff. */
  guint32 r = (guint32) g_rand_int_range (rand, 0, 0x20 + 0x80);

  return (guint8) (r < 0x20 ? r : r - 0x20 + 0x80);
}

/* Inserts, overwrites or removes bytes of a valid file at random places. */
static void
mutate_file (QrFileKind kind, const char *valid, guint seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  guint parsed = 0;

  for (guint iter = 0; iter < N_JUNK_MUTATIONS; iter++)
    {
      g_autoptr (GArray) buf = g_array_new (FALSE, FALSE, 1);
      int n_edits = g_rand_int_range (rand, 1, 5);

      g_array_append_vals (buf, valid, (guint) strlen (valid));
      for (int e = 0; e < n_edits; e++)
        {
          guint at = (guint) g_rand_int_range (rand, 0, (gint32) buf->len + 1);
          guint8 b = junk_byte (rand);

          switch (g_rand_int_range (rand, 0, 4))
            {
            case 0:
              g_array_insert_val (buf, at, b);
              break;
            case 1:
              if (at < buf->len)
                g_array_index (buf, guint8, at) = b;
              break;
            case 2:
              if (at < buf->len)
                g_array_remove_index (buf, at);
              break;
            default:
              /* A run of junk. */
              for (int k = g_rand_int_range (rand, 1, 12); k > 0; k--)
                {
                  guint8 j = junk_byte (rand);

                  g_array_insert_val (buf, MIN (at, buf->len), j);
                }
              break;
            }
        }
      parsed += parse_or_fail_cleanly (kind, buf->data, buf->len);
    }
  /* Some edits land in values, comments or names and still parse; most do not. */
  g_test_message ("%u of %u mutated files parsed", parsed, N_JUNK_MUTATIONS);
  g_assert_cmpuint (parsed, <, N_JUNK_MUTATIONS);
}

/* Random buffers: pure bytes, and bytes drawn from the format's own
 * alphabet so that the parser gets deep into the text. */
static void
random_buffers (QrFileKind kind, const char *alphabet, guint seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  const gsize alphabet_len = strlen (alphabet);

  for (guint iter = 0; iter < N_JUNK_BUFFERS; iter++)
    {
      gsize len = (gsize) g_rand_int_range (rand, 0, 400);
      g_autofree char *buf = g_malloc (len ? len : 1);
      gboolean pure = iter % 3 == 0;

      for (gsize i = 0; i < len; i++)
        buf[i] = pure ? (char) g_rand_int_range (rand, 0, 256)
                      : alphabet[g_rand_int_range (rand, 0, (gint32) alphabet_len)];
      parse_or_fail_cleanly (kind, buf, len);
    }
}

static void
test_binary_junk_map (void)
{
  mutate_file (QR_FILE_MAP, small_map, 1234);
  random_buffers (QR_FILE_MAP, "{{}}((()))[]\"\"  \n\n\r\t0123456789.-+eE/;abc\\*", 99);
}

/* ---- VMF ---------------------------------------------------------------- */

static const char small_vmf[] =
  "versioninfo\n"                                        /* 1 */
  "{\n"                                                  /* 2 */
  "\t\"editorversion\" \"400\"\n"                        /* 3 */
  "}\n"                                                  /* 4 */
  "world\n"                                              /* 5 */
  "{\n"                                                  /* 6 */
  "\t\"id\" \"1\"\n"                                     /* 7 */
  "\t\"classname\" \"worldspawn\"\n"                     /* 8 */
  "\tsolid\n"                                            /* 9 */
  "\t{\n"                                                /* 10 */
  "\t\t\"id\" \"2\"\n"                                   /* 11 */
  "\t\tside\n"                                           /* 12 */
  "\t\t{\n"                                              /* 13 */
  "\t\t\t\"id\" \"3\"\n"                                 /* 14 */
  "\t\t\t\"plane\" \"(0 0 0) (0 1 0) (1 0 0)\"\n"        /* 15 */
  "\t\t\t\"material\" \"A\"\n"                           /* 16 */
  "\t\t\t\"uaxis\" \"[1 0 0 0] 0.25\"\n"                 /* 17 */
  "\t\t\t\"vaxis\" \"[0 -1 0 0] 0.25\"\n"                /* 18 */
  "\t\t\t\"rotation\" \"0\"\n"                           /* 19 */
  "\t\t\t\"lightmapscale\" \"16\"\n"                     /* 20 */
  "\t\t\t\"smoothing_groups\" \"0\"\n"                   /* 21 */
  "\t\t}\n"                                              /* 22 */
  "\t}\n"                                                /* 23 */
  "}\n"                                                  /* 24 */
  "entity\n"                                             /* 25 */
  "{\n"                                                  /* 26 */
  "\t\"id\" \"4\"\n"                                     /* 27 */
  "\t\"classname\" \"logic_relay\"\n"                    /* 28 */
  "\tconnections\n"                                      /* 29 */
  "\t{\n"                                                /* 30 */
  "\t\t\"OnTrigger\" \"a\x1b" "b\x1b\x1b" "0\x1b-1\"\n"  /* 31 */
  "\t}\n"                                                /* 32 */
  "}\n";                                                 /* 33 */

/* small_vmf with line `line` (1-based) replaced by `replacement` (which
 * carries its own newline, or none to drop the line). */
static char *
vmf_with_line (int line, const char *replacement)
{
  g_auto (GStrv) lines = g_strsplit (small_vmf, "\n", -1);
  GString *s = g_string_new (NULL);

  for (int i = 0; lines[i] != NULL; i++)
    {
      if (lines[i + 1] == NULL && lines[i][0] == '\0')
        break;
      if (i + 1 == line)
        g_string_append (s, replacement);
      else
        {
          g_string_append (s, lines[i]);
          g_string_append_c (s, '\n');
        }
    }
  return g_string_free (s, FALSE);
}

static void
test_vmf_valid_base (void)
{
  /* The base text itself loads, so each case below fails for its one flaw. */
  g_assert_true (parse_or_fail_cleanly (QR_FILE_VMF, small_vmf, strlen (small_vmf)));
  {
    g_autofree char *same = vmf_with_line (15, "\t\t\t\"plane\" \"(0 0 0) (0 1 0) (1 0 0)\"\n");

    g_assert_cmpstr (same, ==, small_vmf);
  }
}

static void
test_vmf_braces (void)
{
  /* Cut before the world's "}": the world is left open. */
  {
    gsize len = (gsize) (strstr (small_vmf, "}\nentity") - small_vmf);

    assert_error_at (QR_FILE_VMF, small_vmf, len, 24, 1, "expected “}” closing the world block opened at line 6, found end of file");
  }
  /* Cut inside a side. */
  {
    gsize len = (gsize) (strstr (small_vmf, "\t\t\t\"material\"") - small_vmf);

    assert_error_at (QR_FILE_VMF, small_vmf, len, 16, 1, "expected “}” closing the side block opened at line 13, found end of file");
  }
  /* Cut inside connections. */
  {
    gsize len = strlen (small_vmf) - strlen ("\t}\n}\n");

    assert_error_at (QR_FILE_VMF, small_vmf, len, 32, 1, "expected “}” closing the connections block opened at line 30, found end of file");
  }
  /* A block name without its "{". */
  assert_vmf_error ("world\n\t\"id\" \"1\"\n}\n", 2, 2, "expected “{” after “world”, found “\"id\"”");
  assert_vmf_error ("world", 1, 6, "expected “{” after “world”, found end of file");
  /* Stray braces. */
  assert_vmf_error ("}\n", 1, 1, "expected a block name, found “}”");
  assert_vmf_error ("world\n{\n\t\"id\" \"1\"\n}\n}\n", 5, 1, "expected a block name, found “}”");
  assert_vmf_error ("world\n{\n{\n}\n}\n", 3, 1, "expected a key or “}”, found “{”");
  /* A key without a value. */
  assert_vmf_error ("world\n{\n\t\"id\"\n}\n", 4, 1, "expected a value or “{” after “id”, found “}”");
  assert_vmf_error ("world\n{\n\tclassname", 3, 11, "expected a value or “{”, found end of file");
  /* Something other than a solid in a hidden block. */
  assert_vmf_error ("world\n{\n\thidden\n\t{\n\t\teditor\n\t\t{\n\t\t}\n\t}\n}\n", 5, 3,
                    "expected “solid” inside a hidden block, found “editor”");
}

static void
test_vmf_unterminated_string (void)
{
  assert_vmf_error ("world\n{\n\t\"id\" \"1\n}\n", 3, 7, "unterminated quoted string");
  assert_vmf_error ("world\n{\n\t\"id\n", 3, 2, "unterminated quoted string");
  {
    /* No quote follows to close it. */
    g_autofree char *text = vmf_with_line (31, "\t\t\"OnTrigger\" \"a,b\n");

    assert_vmf_error (text, 31, 15, "unterminated quoted string");
  }
}

static void
test_vmf_bad_plane (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *two = vmf_with_line (15, "\t\t\t\"plane\" \"(0 0 0) (1 1 1)\"\n");
  g_autoptr (QrMap) map = parse_len (QR_FILE_VMF, two, strlen (two), &error);

  /* The third point is missing where the value ends. */
  assert_vmf_error (two, 15, 28, "expected “(”");
  /* The file goes on: the value ended, not the file. */
  g_assert_null (map);
  if (strstr (error->message, "end of file") != NULL)
    g_error ("the end of a value is reported as the end of the file: %s", error->message);

  {
    g_autofree char *text = vmf_with_line (15, "\t\t\t\"plane\" \"(0 0 0) (1 1 1) (2 2 x)\"\n");

    assert_vmf_error (text, 15, 34, "expected a number, found “x)”");
  }
  {
    g_autofree char *text = vmf_with_line (15, "\t\t\t\"plane\" \"(0 0 0) (1 1 1) (0 1 0) extra\"\n");

    assert_vmf_error (text, 15, 37, "expected the end of the value, found “extra”");
  }
  {
    g_autofree char *text = vmf_with_line (15, "\t\t\t\"plane\" \"(0 0 0) (1 1) (0 1 0)\"\n");

    assert_vmf_error (text, 15, 25, "expected a number, found “)”");
  }
  {
    g_autofree char *text = vmf_with_line (15, "\t\t\t\"plane\" \"(0 0 0) (1 nan 1) (0 1 0)\"\n");

    assert_vmf_error (text, 15, 24, "expected a number, found “nan”");
  }
}

static void
test_vmf_missing_keys (void)
{
  static const struct { int line; const char *what; } cases[] = {
    { 17, "side without “uaxis”" },
    { 18, "side without “vaxis”" },
    { 15, "side without “plane”" },
    { 16, "side without “material”" },
  };

  /* Reported at the side's opening brace. */
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = vmf_with_line (cases[i].line, "");

      assert_vmf_error (text, 13, 3, cases[i].what);
    }

  /* Bad axes. */
  {
    g_autofree char *text = vmf_with_line (17, "\t\t\t\"uaxis\" \"[1 0 0] 0.25\"\n");

    assert_vmf_error (text, 17, 19, "expected a number, found “]”");
  }
  {
    g_autofree char *text = vmf_with_line (17, "\t\t\t\"uaxis\" \"[1 0 0 0 0.25\"\n");

    assert_vmf_error (text, 17, 22, "expected “]”");
  }
  {
    g_autofree char *text = vmf_with_line (18, "\t\t\t\"vaxis\" \"[0 -1 0 0]\"\n");

    assert_vmf_error (text, 18, 23, "expected a number");
  }
  /* Bad ids. */
  {
    g_autofree char *text = vmf_with_line (14, "\t\t\t\"id\" \"three\"\n");

    assert_vmf_error (text, 14, 10, "expected a number, found “three”");
  }
  {
    g_autofree char *text = vmf_with_line (11, "\t\t\"id\" \"-2\"\n");

    assert_vmf_error (text, 11, 9, "expected a non-negative whole id, found “-2”");
  }
  {
    g_autofree char *text = vmf_with_line (27, "\t\"id\" \"4.5\"\n");

    assert_vmf_error (text, 27, 8, "expected a non-negative whole id, found “4.5”");
  }
}

static void
test_vmf_junk (void)
{
  {
    g_autofree char *text = vmf_with_line (16, "\t\t\t\x01\n");

    assert_vmf_error (text, 16, 4, "unexpected byte 0x01");
  }
  assert_error_at (QR_FILE_VMF, "world\n{\n\t\"id\" \"1\0\"\n}\n", 21, 3, 9, "unexpected byte 0x00");
  assert_vmf_error ("\x7fworld\n{\n}\n", 1, 1, "unexpected byte 0x7f");

  mutate_file (QR_FILE_VMF, small_vmf, 4321);
  random_buffers (QR_FILE_VMF, "{{}}(()) []\"\"\"  \n\n\r\t0123456789.-eE/\\abcdsolidworldsideplaneid", 77);
}

/* Every prefix of the VMF either loads (only the complete blocks) or fails cleanly. */
static void
test_vmf_truncated_every_prefix (void)
{
  const gsize len = strlen (small_vmf);
  guint parsed = 0;

  for (gsize n = 0; n <= len; n++)
    parsed += parse_or_fail_cleanly (QR_FILE_VMF, small_vmf, n);
  /* Empty; after versioninfo's "}" (2 ways); after the world's (2); whole (2). */
  g_assert_cmpuint (parsed, ==, 7);
}

/* ---- files ---------------------------------------------------------------- */

static void
test_load_missing_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("quarry-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "no-such.map", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = NULL;

  g_assert_nonnull (dir);
  map = qr_map_load (path, &error);
  g_assert_null (map);
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_READ);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_load_malformed_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("quarry-test-XXXXXX", NULL);
  g_autofree char *map_path = g_build_filename (dir, "bad.map", NULL);
  g_autofree char *vmf_path = g_build_filename (dir, "bad.VMF", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = NULL;
  g_autofree char *prefix = NULL;

  g_assert_true (g_file_set_contents (map_path, "{\n\"classname\"", -1, NULL));
  g_assert_true (g_file_set_contents (vmf_path, "world\n{\n\t\"id\" \"x\"\n}\n", -1, NULL));

  map = qr_map_load (map_path, &error);
  g_assert_null (map);
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
  prefix = g_strdup_printf ("%s:2:12: expected a quoted string", map_path);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_clear_error (&error);
  g_free (prefix);

  /* Chosen by the extension, in any case. */
  map = qr_map_load (vmf_path, &error);
  g_assert_null (map);
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
  prefix = g_strdup_printf ("%s:3:8: expected a number, found “x”", vmf_path);
  g_assert_true (g_str_has_prefix (error->message, prefix));

  g_assert_cmpint (g_unlink (map_path), ==, 0);
  g_assert_cmpint (g_unlink (vmf_path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/malformed/map/truncated/every-prefix", test_truncated_every_prefix);
  g_test_add_func ("/io/malformed/map/truncated/messages", test_truncated_messages);
  g_test_add_func ("/io/malformed/map/unbalanced-braces", test_unbalanced_braces);
  g_test_add_func ("/io/malformed/map/keys-inside-brush", test_keys_inside_brush);
  g_test_add_func ("/io/malformed/map/bad-numbers", test_bad_numbers);
  g_test_add_func ("/io/malformed/map/short-faces", test_short_faces);
  g_test_add_func ("/io/malformed/map/valve-missing-bracket", test_valve_missing_bracket);
  g_test_add_func ("/io/malformed/map/quake2-partial-surface", test_quake2_partial_surface);
  g_test_add_func ("/io/malformed/map/unterminated-quotes", test_unterminated_quotes);
  g_test_add_func ("/io/malformed/map/junk/specific", test_binary_junk_specific);
  g_test_add_func ("/io/malformed/map/junk/random", test_binary_junk_map);
  g_test_add_func ("/io/malformed/junk/escaped", test_junk_escaped);
  g_test_add_func ("/io/malformed/escape", test_escape_dup);
  g_test_add_func ("/io/malformed/vmf/valid-base", test_vmf_valid_base);
  g_test_add_func ("/io/malformed/vmf/truncated/every-prefix", test_vmf_truncated_every_prefix);
  g_test_add_func ("/io/malformed/vmf/braces", test_vmf_braces);
  g_test_add_func ("/io/malformed/vmf/unterminated-string", test_vmf_unterminated_string);
  g_test_add_func ("/io/malformed/vmf/bad-plane", test_vmf_bad_plane);
  g_test_add_func ("/io/malformed/vmf/missing-keys", test_vmf_missing_keys);
  g_test_add_func ("/io/malformed/vmf/junk", test_vmf_junk);
  g_test_add_func ("/io/malformed/load/missing-file", test_load_missing_file);
  g_test_add_func ("/io/malformed/load/malformed-file", test_load_malformed_file);

  return g_test_run ();
}
