#include "qr-test-corpus.h"

const char *
qr_test_corpus_dir (void)
{
  const char *dir = g_getenv ("QUARRY_CORPUS");

  return dir != NULL && *dir ? dir : g_getenv ("QUARRY_CORPUS_DEFAULT");
}

static void
missing (const char *what)
{
  if (g_getenv ("QUARRY_REQUIRE_CORPUS") != NULL)
    g_error ("%s is missing and QUARRY_REQUIRE_CORPUS is set", what);
  g_test_skip_printf ("%s not found: set QUARRY_CORPUS or -Dcorpus_dir (tests of real maps skipped)", what);
}

bool
qr_test_corpus_available (void)
{
  const char *dir = qr_test_corpus_dir ();

  if (dir != NULL && g_file_test (dir, G_FILE_TEST_IS_DIR))
    return true;
  missing (dir ? dir : "the corpus folder");
  return false;
}

char *
qr_test_corpus_file (const char *relative)
{
  const char *dir = qr_test_corpus_dir ();
  char *path = g_build_filename (dir ? dir : "", relative, NULL);

  if (g_file_test (path, G_FILE_TEST_EXISTS))
    return path;
  missing (path);
  g_free (path);
  return NULL;
}
