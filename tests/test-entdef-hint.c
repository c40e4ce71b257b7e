/* test-entdef-hint.c — which definition file a map's worldspawn asks for
 * (qr_entdefs_find_hinted): TrenchBroom's `_tb_def` "external:" paths,
 * absolute, relative to the map, or from another machine and found by
 * their name; a plain "fgd" key; "builtin:" hints and missing files. */
#include <glib/gstdio.h>
#include <string.h>

#include "qr-entdef-io.h"
#include "qr-io.h"
#include "qr-test-files.h"

typedef struct
{
  char *root, *maps, *defs;
} Dirs;

static void
touch (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, "// empty\n", -1, NULL));
}

static void
dirs_setup (Dirs *d, gconstpointer unused)
{
  d->root = g_dir_make_tmp ("quarry-hint-XXXXXX", NULL);
  g_assert_nonnull (d->root);
  d->maps = g_build_filename (d->root, "maps", NULL);
  d->defs = g_build_filename (d->root, "defs", NULL);
  g_assert_cmpint (g_mkdir (d->maps, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (d->defs, 0700), ==, 0);
  touch (d->maps, "local.fgd");
  touch (d->defs, "game.fgd");
  touch (d->defs, "bmFbr.fgd");
}

static void
dirs_teardown (Dirs *d, gconstpointer unused)
{
  qr_test_remove_tree (d->root);
  g_free (d->root);
  g_free (d->maps);
  g_free (d->defs);
}

/* The file a map whose worldspawn holds key = value asks for. */
static char *
hinted (Dirs *d, const char *key, const char *value, char **hint_out)
{
  const char *hint = NULL;
  g_autofree char *text = g_strdup_printf ("{\n\"classname\" \"worldspawn\"\n\"%s\" \"%s\"\n}\n", key, value);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = qr_map_parse (text, strlen (text), QR_FILE_MAP, "hint.map", &error);
  g_assert_no_error (error);
  char *found = qr_entdefs_find_hinted (map, d->maps, d->defs, &hint);
  g_free (*hint_out);
  *hint_out = g_strdup (hint);
  return found;
}

static void
test_external (Dirs *d, gconstpointer unused)
{
  g_autofree char *hint = NULL;
  g_autofree char *absolute = g_build_filename (d->defs, "game.fgd", NULL);
  g_autofree char *value = g_strconcat ("external:", absolute, NULL);
  g_autofree char *found = hinted (d, "_tb_def", value, &hint);
  g_assert_cmpstr (found, ==, absolute);
  g_assert_cmpstr (hint, ==, absolute);

  g_autofree char *relative = hinted (d, "_tb_def", "external:local.fgd", &hint);
  g_autofree char *beside = g_build_filename (d->maps, "local.fgd", NULL);
  g_assert_cmpstr (relative, ==, beside);

  /* Written on Windows: found by name in the game's folder. */
  g_autofree char *windows = hinted (d, "_tb_def", "external:I:/Quake/bmFbr.fgd", &hint);
  g_autofree char *fallback = g_build_filename (d->defs, "bmFbr.fgd", NULL);
  g_assert_cmpstr (windows, ==, fallback);
  g_assert_cmpstr (hint, ==, "I:/Quake/bmFbr.fgd");
  g_autofree char *backslashes = hinted (d, "_tb_def", "external:C:\\\\maps\\\\local.fgd", &hint);
  g_assert_cmpstr (backslashes, ==, beside);
}

static void
test_not_found (Dirs *d, gconstpointer unused)
{
  g_autofree char *hint = NULL;
  g_autofree char *missing = hinted (d, "_tb_def", "external:/nowhere/none.fgd", &hint);
  g_assert_null (missing);
  g_assert_cmpstr (hint, ==, "/nowhere/none.fgd");
  /* TrenchBroom's own files: nothing to find, nothing asked. */
  g_autofree char *builtin = hinted (d, "_tb_def", "builtin:Quake.fgd", &hint);
  g_assert_null (builtin);
  g_assert_null (hint);
  g_autofree char *other = hinted (d, "message", "no hint here", &hint);
  g_assert_null (other);
  g_assert_null (hint);
}

static void
test_fgd_key (Dirs *d, gconstpointer unused)
{
  g_autofree char *hint = NULL;
  g_autofree char *found = hinted (d, "fgd", "local.fgd", &hint);
  g_autofree char *beside = g_build_filename (d->maps, "local.fgd", NULL);
  g_assert_cmpstr (found, ==, beside);
  g_assert_cmpstr (hint, ==, "local.fgd");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/entdef-hint/external", Dirs, NULL, dirs_setup, test_external, dirs_teardown);
  g_test_add ("/entdef-hint/not-found", Dirs, NULL, dirs_setup, test_not_found, dirs_teardown);
  g_test_add ("/entdef-hint/fgd-key", Dirs, NULL, dirs_setup, test_fgd_key, dirs_teardown);
  return g_test_run ();
}
