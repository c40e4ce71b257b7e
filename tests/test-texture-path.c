/* test-texture-path.c — wad key entries and the lookup of the files they name. */
#include <glib/gstdio.h>
#include <string.h>

#include "qr-texture-path.h"

static char *root;

static void
touch (const char *rel)
{
  g_autofree char *path = g_build_filename (root, rel, NULL);
  g_autofree char *dir = g_path_get_dirname (path);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (path, "x", 1, NULL));
}

static char *
at (const char *rel)
{
  return g_build_filename (root, rel, NULL);
}

static void
test_split (void)
{
  g_auto (GStrv) parts = qr_wad_key_split (" a.wad ;;b/c.wad; \\x\\y.wad ;");
  g_assert_cmpuint (g_strv_length (parts), ==, 3);
  g_assert_cmpstr (parts[0], ==, "a.wad");
  g_assert_cmpstr (parts[1], ==, "b/c.wad");
  g_assert_cmpstr (parts[2], ==, "\\x\\y.wad");
  g_auto (GStrv) none = qr_wad_key_split (NULL);
  g_assert_cmpuint (g_strv_length (none), ==, 0);
}

static void
test_resolve (void)
{
  g_autofree char *maps = at ("proj/maps/src/e1");
  g_autofree char *game = at ("game");
  const char *search[] = { game, NULL };

  /* relative to the map's folder, matched without regard to case */
  g_autofree char *a = at ("proj/Texture-Wads/LQ_Wood.WAD");
  g_autofree char *ra = qr_texture_path_resolve ("../../../texture-wads/lq_wood.wad", maps, NULL);
  g_assert_cmpstr (ra, ==, a);

  /* an absolute Unix path that exists */
  g_autofree char *rb = qr_texture_path_resolve (a, NULL, NULL);
  g_assert_cmpstr (rb, ==, a);

  /* Windows paths: the drive and root mean nothing here, so the trailing
   * parts are tried under the search folders, longest first */
  g_autofree char *base = at ("game/id1/gfx/base.wad");
  g_autofree char *rc = qr_texture_path_resolve ("C:\\quake\\id1\\gfx\\base.wad", maps, search);
  g_assert_cmpstr (rc, ==, base);
  g_autofree char *rd = qr_texture_path_resolve ("\\quake\\ID1\\gfx\\BASE.wad", NULL, search);
  g_assert_cmpstr (rd, ==, base);
  /* longest suffix first: gfx/base.wad under game/id1 is not a candidate
   * before id1/gfx/base.wad under game, and the stray game/base.wad loses */
  g_autofree char *stray = at ("game/base.wad");
  g_autofree char *re = qr_texture_path_resolve ("C:/x/id1/gfx/base.wad", NULL, search);
  g_assert_cmpstr (re, ==, base);

  /* the base name in one of the map's parents, when the written folder is gone */
  g_autofree char *parent = at ("proj/maps/medieval.wad");
  g_autofree char *rf = qr_texture_path_resolve ("/nowhere/at/all/medieval.wad", maps, NULL);
  g_assert_cmpstr (rf, ==, parent);

  /* found nowhere, and a folder is not a WAD */
  g_assert_null (qr_texture_path_resolve ("\\games\\valve\\halflife.wad", maps, search));
  g_assert_null (qr_texture_path_resolve ("id1", NULL, search));
  g_assert_null (qr_texture_path_resolve ("", maps, search));
  (void) stray;
}

static void
test_in_form_of (void)
{
  g_autofree char *maps = at ("proj/maps/src/e1");
  g_autofree char *wad = at ("proj/texture-wads/new.wad");
  g_autofree char *rel = qr_texture_path_in_form_of (wad, "../../../texture-wads/lq_wood.wad", maps);
  g_assert_cmpstr (rel, ==, "../../../texture-wads/new.wad");
  g_autofree char *win = qr_texture_path_in_form_of (wad, "..\\x.wad", maps);
  g_assert_cmpstr (win, ==, "..\\..\\..\\texture-wads\\new.wad");
  g_autofree char *abs = qr_texture_path_in_form_of (wad, "/usr/share/quake/x.wad", maps);
  g_assert_cmpstr (abs, ==, wad);
}

/* Disabling a collection drops its entry and keeps the others' text;
 * enabling one writes it as the map writes its others. */
static void
test_key_edit (void)
{
  const char *key = "../../../texture-wads/a.wad;\\quake\\id1\\b.wad; c.wad";
  g_autofree char *without = qr_wad_key_remove (key, 1);
  g_assert_cmpstr (without, ==, "../../../texture-wads/a.wad;c.wad");
  g_autofree char *none = qr_wad_key_remove ("a.wad", 0);
  g_assert_cmpstr (none, ==, "");
  g_autofree char *maps = at ("proj/maps/src/e1");
  g_autofree char *wad = at ("proj/texture-wads/new.wad");
  g_autofree char *with = qr_wad_key_append (without, wad, maps);
  g_assert_cmpstr (with, ==, "../../../texture-wads/a.wad;c.wad;../../../texture-wads/new.wad");
  g_autofree char *first = qr_wad_key_append ("", wad, maps);
  g_assert_cmpstr (first, ==, wad);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_autoptr (GError) error = NULL;
  root = g_dir_make_tmp ("quarry-texpath-XXXXXX", &error);
  g_assert_no_error (error);
  touch ("proj/Texture-Wads/LQ_Wood.WAD");
  touch ("proj/maps/src/e1/e1m3.map");
  touch ("proj/maps/medieval.wad");
  touch ("game/id1/gfx/base.wad");
  touch ("game/base.wad");
  g_autofree char *folder = g_build_filename (root, "game/id1/id1", NULL);
  g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);

  g_test_add_func ("/texture/path/split", test_split);
  g_test_add_func ("/texture/path/resolve", test_resolve);
  g_test_add_func ("/texture/path/in-form-of", test_in_form_of);
  g_test_add_func ("/texture/path/key-edit", test_key_edit);
  int status = g_test_run ();

  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", root);
  g_assert_cmpint (system (cmd), ==, 0);
  g_free (root);
  return status;
}
