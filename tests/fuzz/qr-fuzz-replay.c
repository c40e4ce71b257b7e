/* qr-fuzz-replay.c — the fuzz targets' main() without libFuzzer: runs the
 * target once on every file of each folder (or file) named, in name order,
 * and prints how many it ran. A crash, sanitizer report or g_error fails the
 * test; so does a named folder that holds no file, which would hide a wrong
 * path. */
#include "qr-fuzz.h"

#include <string.h>

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static guint
run_path (const char *path)
{
  g_autoptr (GError) error = NULL;
  guint n = 0;

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr (GDir) dir = g_dir_open (path, 0, &error);
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      if (dir == NULL)
        g_error ("%s", error->message);
      while ((name = g_dir_read_name (dir)) != NULL)
        if (name[0] != '.')
          g_ptr_array_add (names, g_build_filename (path, name, NULL));
      g_ptr_array_sort (names, compare_names);
      for (guint i = 0; i < names->len; i++)
        n += run_path (g_ptr_array_index (names, i));
      return n;
    }

  g_autofree char *contents = NULL;
  gsize len = 0;
  if (!g_file_get_contents (path, &contents, &len, &error))
    g_error ("%s", error->message);
  g_autofree char *exact = qr_fuzz_copy ((const uint8_t *) contents, len);
  LLVMFuzzerTestOneInput ((const uint8_t *) exact, len);
  return 1;
}

int
main (int argc, char **argv)
{
  LLVMFuzzerInitialize (&argc, &argv);
  for (int i = 1; i < argc; i++)
    {
      guint n = run_path (argv[i]);

      if (n == 0)
        g_error ("%s: no input to replay", argv[i]);
      g_print ("%s: %u inputs\n", argv[i], n);
    }
  return 0;
}
