/* test-pointfile.c — leak traces read from .pts and .lin text: points and
 * segments in order, errors with line and column, the file beside a map. */
#include <glib/gstdio.h>
#include <string.h>
#include <utime.h>
#include "qr-io.h"
#include "qr-pointfile.h"
#include "qr-test-files.h"

static void
assert_point (GArray *points, guint i, double x, double y, double z)
{
  QrVec3 p = g_array_index (points, QrVec3, i);

  g_assert_cmpfloat (p.x, ==, x);
  g_assert_cmpfloat (p.y, ==, y);
  g_assert_cmpfloat (p.z, ==, z);
}

static void
test_points (void)
{
  static const char pts[] = "128 64 -32\n136.5 64 -32\r\n\n  144 64 -24.25  \n";
  static const char lin[] = "0 0 0 16 0 0\n16 0 0 16 32 0\n16 32 0 16 32 8";
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) a = qr_pointfile_parse (pts, strlen (pts), "a.pts", &error);
  g_autoptr (GArray) b = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (a->len, ==, 3);
  assert_point (a, 0, 128, 64, -32);
  assert_point (a, 1, 136.5, 64, -32);
  assert_point (a, 2, 144, 64, -24.25);
  /* Segments end to end: each shared end once. */
  b = qr_pointfile_parse (lin, strlen (lin), "b.lin", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (b->len, ==, 4);
  assert_point (b, 0, 0, 0, 0);
  assert_point (b, 1, 16, 0, 0);
  assert_point (b, 2, 16, 32, 0);
  assert_point (b, 3, 16, 32, 8);
}

static void
test_errors (void)
{
  static const struct
  {
    const char *text, *message;
  } bad[] = {
    { "0 0 0\n1 2\n", "bad.pts:2:1: a point file line holds 3 or 6 numbers, this one 2" },
    { "0 0 0\n1 2 x\n", "bad.pts:2:5: expected a number" },
    { "1 2 3 4 5 6 7\n", "bad.pts:1:13: a point file line holds 3 or 6 numbers, this one more" },
    { "\n\n", "bad.pts:3:1: the point file holds no point" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GArray) points = qr_pointfile_parse (bad[i].text, strlen (bad[i].text), "bad.pts", &error);

      g_assert_null (points);
      g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
      g_assert_cmpstr (error->message, ==, bad[i].message);
    }
}

static void
test_beside (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-pointfile-XXXXXX");
  g_autofree char *map = g_build_filename (dir, "leaky.map", NULL);
  g_autofree char *pts = g_build_filename (dir, "leaky.pts", NULL);
  g_autofree char *lin = g_build_filename (dir, "leaky.lin", NULL);
  g_autofree char *found = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) points = NULL;
  struct utimbuf old = { 1000000000, 1000000000 };

  g_assert_null (qr_pointfile_beside (map));
  g_assert_true (g_file_set_contents (lin, "1 2 3\n4 5 6\n", -1, NULL));
  found = qr_pointfile_beside (map);
  g_assert_cmpstr (found, ==, lin);
  g_clear_pointer (&found, g_free);
  /* Both: the newer, what the last compile wrote. */
  g_assert_true (g_file_set_contents (pts, "7 8 9\n", -1, NULL));
  g_assert_cmpint (g_utime (lin, &old), ==, 0);
  found = qr_pointfile_beside (map);
  g_assert_cmpstr (found, ==, pts);
  points = qr_pointfile_load (found, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (points->len, ==, 1);
  assert_point (points, 0, 7, 8, 9);
  qr_test_remove_tree (dir);
}

/* Every prefix of a trace (a compile stopped mid-write) reads as the
 * points it holds whole, or fails with a line and column; none crashes. */
static void
test_prefixes (void)
{
  static const char text[] = "128 64 -32\n136.5 64 -32 144 64 -24.25\r\n\n  -8e1 0 1\n";

  for (gsize len = 0; len <= sizeof text - 1; len++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GArray) points = qr_pointfile_parse (text, len, "cut.pts", &error);

      if (points != NULL)
        g_assert_cmpuint (points->len, >=, 1);
      else
        {
          g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
          g_assert_true (g_regex_match_simple ("^cut\\.pts:[0-9]+:[0-9]+: ", error->message, 0, 0));
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/io/pointfile/points", test_points);
  g_test_add_func ("/io/pointfile/errors", test_errors);
  g_test_add_func ("/io/pointfile/beside", test_beside);
  g_test_add_func ("/io/pointfile/prefixes", test_prefixes);
  return g_test_run ();
}
