/* Saving: atomic replacement, nothing lost when a save fails halfway, and a
 * streamed save byte-identical to the in-memory text. */
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "qr-io.h"
#include "qr-test-files.h"

static const char skewed_last[] =
  "{\n\"classname\" \"worldspawn\"\n"
  "{\n"
  "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) a [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 64 0 0 ) ( 64 0 1 ) ( 64 1 0 ) a [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) a [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 64 0 ) ( 1 64 0 ) ( 0 64 1 ) a [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  /* U and V at 45°: no standard projection expresses this. */
  "( 0 0 64 ) ( 0 1 64 ) ( 1 0 64 ) a [ 1 0 0 0 ] [ 0.7071067811865476 0.7071067811865476 0 0 ] 0 1 1\n"
  "}\n}\n";

static QrMap *
parse (const char *text)
{
  g_autoptr (GError) error = NULL;
  QrMap *map = qr_map_parse_map (text, strlen (text), "test.map", &error);

  g_assert_no_error (error);
  return map;
}

static void
test_failed_save_keeps_old_file (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-save-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "room.map", NULL);
  g_autoptr (QrMap) map = parse (skewed_last);
  g_autoptr (GError) error = NULL;
  g_autofree char *after = NULL;
  const char before[] = "// the previous version\n";

  g_assert_true (g_file_set_contents (path, before, -1, NULL));
  /* The last face cannot be written in the standard form: the save fails
   * partway through writing. */
  g_assert_false (qr_map_save (map, path, QR_SAVE_QUAKE, &error));
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "entity 0, brush 0, face 5"));
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (qr_test_count_files (dir), ==, 1); /* no temporary file left behind */
  qr_test_remove_tree (dir);
}

static void
test_unwritable_folder (void)
{
  g_autoptr (QrMap) map = parse (skewed_last);
  g_autoptr (GError) error = NULL;

  g_assert_false (qr_map_save (map, "/nonexistent-quarry-folder/a.map", QR_SAVE_AS_READ, &error));
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "/nonexistent-quarry-folder/a.map"));
}

static void
test_replace (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-save-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "room.map", NULL);
  g_autoptr (QrMap) map = parse (skewed_last);
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) text = NULL;
  g_autofree char *saved = NULL;
  struct stat st;
  mode_t mask = umask (022);

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_true (qr_map_save (map, path, QR_SAVE_AS_READ, &error));
  g_assert_no_error (error);
  text = qr_map_write (map, QR_SAVE_AS_READ, &error);
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_assert_cmpstr (saved, ==, text->str);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0644);
  g_assert_cmpuint (qr_test_count_files (dir), ==, 1);
  umask (mask);
  qr_test_remove_tree (dir);
}

/* Larger than several output chunks, in both formats. */
static void
test_streamed_equals_memory (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-save-XXXXXX");
  g_autoptr (QrMap) map = qr_map_new (QR_FILE_MAP);
  QrEntity *world = qr_entity_new (qr_map_take_entity_id (map));
  const QrSaveFormat formats[] = { QR_SAVE_AS_READ, QR_SAVE_VMF };

  qr_entity_add_key (world, "classname", "worldspawn");
  qr_map_add_entity (map, world);
  for (int i = 0; i < 6000; i++)
    {
      QrBrush *b = qr_brush_new (qr_map_take_brush_id (map), 6);

      for (int f = 0; f < 6; f++)
        {
          QrFace *face = &b->faces[f];
          int axis = f / 2;
          double side = f % 2 ? 1 : -1;

          face->id = qr_map_take_face_id (map);
          face->texture = qr_map_intern_texture (map, "base/wall", -1);
          face->tex.scale[0] = face->tex.scale[1] = 0.25 * (i % 7 + 1);
          face->tex.shift[0] = i / 3.0;
          for (int p = 0; p < 3; p++)
            {
              double c[3] = { i * 16.0, 0, 0 };

              c[axis] += side * 8;
              c[(axis + 1) % 3] += p == 1 ? 1 : 0;
              c[(axis + 2) % 3] += p == 2 ? side : 0;
              face->points[p] = qr_vec3 (c[0], c[1], c[2]);
            }
        }
      qr_entity_add_brush (world, b);
    }

  for (guint k = 0; k < G_N_ELEMENTS (formats); k++)
    {
      g_autofree char *path = g_build_filename (dir, k ? "big.vmf" : "big.map", NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (GString) text = qr_map_write (map, formats[k], &error);
      g_autofree char *saved = NULL;
      gsize len;

      g_assert_no_error (error);
      g_assert_cmpuint (text->len, >, 4 * 256 * 1024);
      g_assert_true (qr_map_save (map, path, formats[k], &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &saved, &len, NULL));
      g_assert_cmpuint (len, ==, text->len);
      g_assert_true (memcmp (saved, text->str, len) == 0);
    }
  qr_test_remove_tree (dir);
}

static char *
text_of (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* NAME.bak holds the version each save replaced; a first save makes none. */
static void
test_backup (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-save-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "room.map", NULL);
  g_autofree char *backup = g_build_filename (dir, "room.map.bak", NULL);
  g_autoptr (QrMap) map = parse (skewed_last);
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) first = qr_map_write (map, QR_SAVE_AS_READ, &error);

  g_assert_true (qr_map_save_full (map, path, QR_SAVE_AS_READ, QR_SAVE_KEEP_BACKUP, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));

  qr_entity_set_key (qr_map_get_entity (map, 0), "message", "second");
  g_assert_true (qr_map_save_full (map, path, QR_SAVE_AS_READ, QR_SAVE_KEEP_BACKUP, &error));
  g_autofree char *bak1 = text_of (backup);
  g_assert_cmpstr (bak1, ==, first->str);
  g_autofree char *now = text_of (path);
  g_assert_nonnull (strstr (now, "\"message\" \"second\""));

  qr_entity_set_key (qr_map_get_entity (map, 0), "message", "third");
  g_assert_true (qr_map_save_full (map, path, QR_SAVE_AS_READ, QR_SAVE_KEEP_BACKUP, &error));
  g_autofree char *bak2 = text_of (backup);
  g_assert_cmpstr (bak2, ==, now);
  /* Without the flag the backup is left alone. */
  qr_entity_set_key (qr_map_get_entity (map, 0), "message", "fourth");
  g_assert_true (qr_map_save (map, path, QR_SAVE_AS_READ, &error));
  g_autofree char *bak3 = text_of (backup);
  g_assert_cmpstr (bak3, ==, now);
  g_assert_cmpuint (qr_test_count_files (dir), ==, 2);
  qr_test_remove_tree (dir);
}

/* A save that runs out of room (the file size limit stands in for a full
 * disk) fails and leaves the file and its backup byte for byte. */
static void
test_full_disk_keeps_old_file (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-save-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "room.map", NULL);
  g_autofree char *backup = g_build_filename (dir, "room.map.bak", NULL);
  g_autoptr (QrMap) map = parse (skewed_last);
  g_autoptr (GError) error = NULL;
  g_autofree char *big = g_strnfill (64 * 1024, 'x');
  struct rlimit saved, small;
  void (*old_handler) (int);
  gboolean ok;

  g_assert_true (g_file_set_contents (path, "// the previous version\n", -1, NULL));
  g_assert_true (g_file_set_contents (backup, "// the one before\n", -1, NULL));
  qr_entity_set_key (qr_map_get_entity (map, 0), "message", big);
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  small = saved;
  small.rlim_cur = 4096;
  old_handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &small), ==, 0);
  ok = qr_map_save_full (map, path, QR_SAVE_AS_READ, QR_SAVE_KEEP_BACKUP, &error);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  signal (SIGXFSZ, old_handler);
  g_assert_false (ok);
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_WRITE);
  g_autofree char *after = text_of (path);
  g_assert_cmpstr (after, ==, "// the previous version\n");
  g_autofree char *bak = text_of (backup);
  g_assert_cmpstr (bak, ==, "// the one before\n");
  g_assert_cmpuint (qr_test_count_files (dir), ==, 2);
  qr_test_remove_tree (dir);
}

/* A replaced file keeps its permissions (a read-only map stays read-only
 * to others; an executable bit is not lost). */
static void
test_keeps_mode (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-save-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "room.map", NULL);
  g_autoptr (QrMap) map = parse (skewed_last);
  g_autoptr (GError) error = NULL;
  struct stat st;

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  g_assert_true (qr_map_save_full (map, path, QR_SAVE_AS_READ, QR_SAVE_KEEP_BACKUP, &error));
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  qr_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/io/save/failed-save-keeps-old-file", test_failed_save_keeps_old_file);
  g_test_add_func ("/io/save/unwritable-folder", test_unwritable_folder);
  g_test_add_func ("/io/save/replace", test_replace);
  g_test_add_func ("/io/save/backup", test_backup);
  g_test_add_func ("/io/save/full-disk-keeps-old-file", test_full_disk_keeps_old_file);
  g_test_add_func ("/io/save/keeps-mode", test_keeps_mode);
  g_test_add_func ("/io/save/streamed-equals-memory", test_streamed_equals_memory);
  return g_test_run ();
}
