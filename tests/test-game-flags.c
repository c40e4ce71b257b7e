/* test-game-flags.c — the games' flag names (data/games/GAME.json) and the
 * loader's refusals. The bits are those of id's headers: Quake 2's
 * game/q_shared.h and qcommon/qfiles.h, Quake III Arena's
 * code/game/surfaceflags.h. */
#include <string.h>

#include "qr-game-flags.h"
#include "qr-io.h"

static QrGameFlags *
load_game (const char *file)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "games", file, NULL);
  g_autoptr (GError) error = NULL;
  QrGameFlags *flags = qr_game_flags_load (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (flags);
  return flags;
}

static guint
bit_of (const GArray *list, const char *name)
{
  const QrGameFlag *flag = qr_game_flags_find (list, name);
  g_assert_nonnull (flag);
  return flag->bit;
}

static void
test_quake2 (void)
{
  g_autoptr (QrGameFlags) q2 = load_game ("quake2.json");
  g_assert_cmpstr (q2->game, ==, "Quake 2");
  /* CONTENTS_WINDOW 2, CONTENTS_MIST 64, CONTENTS_AREAPORTAL 0x8000,
   * CONTENTS_CURRENT_270 0x200000, CONTENTS_LADDER 0x20000000 */
  g_assert_cmpuint (bit_of (q2->contents, "window"), ==, 1);
  g_assert_cmpuint (bit_of (q2->contents, "mist"), ==, 6);
  g_assert_cmpuint (bit_of (q2->contents, "areaportal"), ==, 15);
  g_assert_cmpuint (bit_of (q2->contents, "current_270"), ==, 21);
  g_assert_cmpuint (bit_of (q2->contents, "LADDER"), ==, 29);
  /* SURF_LIGHT 1, SURF_WARP 8, SURF_NODRAW 0x80, SURF_SKIP 0x200 */
  g_assert_cmpuint (bit_of (q2->surface, "light"), ==, 0);
  g_assert_cmpuint (bit_of (q2->surface, "warp"), ==, 3);
  g_assert_cmpuint (bit_of (q2->surface, "nodraw"), ==, 7);
  g_assert_cmpuint (bit_of (q2->surface, "skip"), ==, 9);
  g_assert_cmpuint (q2->contents->len, ==, 22);
  g_assert_cmpuint (q2->surface->len, ==, 10);
  g_assert_null (qr_game_flags_find (q2->contents, "fog"));
}

static void
test_quake3 (void)
{
  g_autoptr (QrGameFlags) q3 = load_game ("quake3.json");
  /* CONTENTS_FOG 64, CONTENTS_BOTCLIP 0x400000, CONTENTS_STRUCTURAL
   * 0x10000000, CONTENTS_NODROP 0x80000000 */
  g_assert_cmpuint (bit_of (q3->contents, "fog"), ==, 6);
  g_assert_cmpuint (bit_of (q3->contents, "botclip"), ==, 22);
  g_assert_cmpuint (bit_of (q3->contents, "structural"), ==, 28);
  g_assert_cmpuint (bit_of (q3->contents, "nodrop"), ==, 31);
  /* SURF_LADDER 8, SURF_NOLIGHTMAP 0x400, SURF_DUST 0x40000 */
  g_assert_cmpuint (bit_of (q3->surface, "ladder"), ==, 3);
  g_assert_cmpuint (bit_of (q3->surface, "nolightmap"), ==, 10);
  g_assert_cmpuint (bit_of (q3->surface, "dust"), ==, 18);
  g_assert_cmpuint (q3->surface->len, ==, 19);
  const QrGameFlag *sky = qr_game_flags_find (q3->surface, "sky");
  g_assert_nonnull (sky->description);
}

static void
refused (const char *text, const char *expected)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrGameFlags) flags = qr_game_flags_parse (text, strlen (text), &error);
  g_assert_null (flags);
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
  if (strstr (error->message, expected) == NULL)
    g_error ("“%s” gave “%s”, expected “%s” in it", text, error->message, expected);
}

static void
test_refused (void)
{
  refused ("{\"contents\": [{\"bit\": 0, \"name\": \"a\"}, {\"bit\": 0, \"name\": \"b\"}]}", "contents[1]: bit 0 is named twice");
  refused ("{\"surface\": [{\"bit\": 32, \"name\": \"a\"}]}", "surface[0]: bit 32 is not 0–31");
  refused ("{\"surface\": [{\"bit\": 3}]}", "surface[0]: a flag needs");
  refused ("{\"surface\": 3}", "“surface” is not a list");
  refused ("[1, 2]", "not a JSON object");
  refused ("{\"game\": \"x\",", "byte");
  g_autoptr (GError) error = NULL;
  g_assert_null (qr_game_flags_load ("/nonexistent/quake2.json", &error));
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_READ);
}

static void
test_minimal (void)
{
  const char *text = "{\"surface\": [{\"bit\": 31, \"name\": \"top\"}]}";
  g_autoptr (GError) error = NULL;
  g_autoptr (QrGameFlags) flags = qr_game_flags_parse (text, strlen (text), &error);
  g_assert_no_error (error);
  g_assert_null (flags->game);
  g_assert_cmpuint (flags->contents->len, ==, 0);
  g_assert_cmpuint (bit_of (flags->surface, "top"), ==, 31);
  g_assert_null (g_array_index (flags->surface, QrGameFlag, 0).description);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/io/game-flags/quake2", test_quake2);
  g_test_add_func ("/io/game-flags/quake3", test_quake3);
  g_test_add_func ("/io/game-flags/refused", test_refused);
  g_test_add_func ("/io/game-flags/minimal", test_minimal);
  return g_test_run ();
}
