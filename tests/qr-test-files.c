#include "qr-test-files.h"

#include <glib/gstdio.h>
#include <sys/wait.h>

char *
qr_test_temp_dir (const char *pattern)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp (pattern, &error);

  g_assert_no_error (error);
  return dir;
}

void
qr_test_remove_tree (const char *path)
{
  g_autoptr (GDir) dir = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR) || g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_remove (path);
      return;
    }
  /* Tests make folders read-only to see saves fail. */
  g_chmod (path, 0755);
  dir = g_dir_open (path, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      qr_test_remove_tree (child);
    }
  g_rmdir (path);
}

guint
qr_test_count_files (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;
  return n;
}

char *
qr_test_read_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

void
qr_test_run_clear (QrTestRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

void
qr_test_run_cliv (QrTestRun *run, const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  const char *cli = g_getenv ("QUARRY_CLI");
  int wait_status;

  g_assert_nonnull (cli);
  qr_test_run_clear (run);
  g_ptr_array_add (argv, (char *) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &run->out, &run->err, &wait_status,
                &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

void
qr_test_run_cli (QrTestRun *run, const char *first, ...)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  va_list ap;

  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  qr_test_run_cliv (run, (const char *const *) args->pdata);
}
