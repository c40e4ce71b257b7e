/* Autosave and recovery (src/io/qr-autosave.h) in a temporary state
 * folder: the snapshot writes what its map writes, rotation keeps exactly
 * K, a write that fails half-way never replaces a good autosave, and only
 * a session that died leaves something to recover. */
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include "qr-autosave.h"
#include "qr-io.h"
#include "qr-test-corpus.h"
#include "qr-test-files.h"

static const char room[] =
  "// Game: Quake\n// Format: Valve\n"
  "{\n\"classname\" \"worldspawn\"\n\"mapversion\" \"220\"\n"
  "{\n"
  "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) a [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 64 0 0 ) ( 64 0 1 ) ( 64 1 0 ) a [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) b [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 64 0 ) ( 1 64 0 ) ( 0 64 1 ) a [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  "( 0 0 64 ) ( 0 1 64 ) ( 1 0 64 ) c [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  "}\n}\n"
  "{\n\"classname\" \"info_player_start\"\n\"origin\" \"32 32 24\"\n}\n";

static QrMap *
parse (const char *text)
{
  g_autoptr (GError) error = NULL;
  QrMap *map = qr_map_parse_map (text, strlen (text), "room.map", &error);

  g_assert_no_error (error);
  return map;
}

/* A fresh state folder for the test, removed by the caller with rm_rf. */
static char *
temp_root (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("quarry-autosave-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static char *
read_text (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
assert_snapshot_writes_same (QrMap *map, const char *name)
{
  g_autoptr (GError) error = NULL;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (QrMap) snap = qr_map_snapshot (map);
  gint64 t1 = g_get_monotonic_time ();
  g_autoptr (GString) want = qr_map_write (map, QR_SAVE_AS_READ, &error);
  gint64 t2 = g_get_monotonic_time ();
  g_autoptr (GString) got = qr_map_write (snap, QR_SAVE_AS_READ, &error);

  g_assert_no_error (error);
  g_test_message ("%s: %u brushes, snapshot %.2f ms, writing the text %.2f ms", name,
                  qr_map_count_brushes (map), (t1 - t0) / 1000.0, (t2 - t1) / 1000.0);
  g_assert_cmpuint (want->len, ==, got->len);
  g_assert_true (memcmp (want->str, got->str, want->len) == 0);
  g_assert_true (qr_map_equal (map, snap, NULL));
}

/* The snapshot outlives the edits made after it: they replace brushes and
 * change keys of the original, the snapshot still writes what it was. */
static void
test_snapshot_survives_edits (void)
{
  g_autoptr (QrMap) map = parse (room);
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) before = qr_map_write (map, QR_SAVE_AS_READ, &error);
  g_autoptr (QrMap) snap = qr_map_snapshot (map);
  QrEntity *world = qr_map_get_entity (map, 0);
  QrBrush *moved = qr_brush_copy (qr_entity_get_brush (world, 0));

  moved->faces[0].points[0].x = 8;
  qr_brush_free (g_ptr_array_index (world->brushes, 0));
  world->brushes->pdata[0] = moved;
  qr_entity_set_key (world, "message", "changed");
  qr_map_intern_texture (map, "new_texture", -1);
  g_ptr_array_remove_index (map->entities, 1);

  g_autoptr (GString) after = qr_map_write (snap, QR_SAVE_AS_READ, &error);
  g_assert_cmpstr (after->str, ==, before->str);
}

static void
test_snapshot_same_text (void)
{
  g_autoptr (QrMap) map = parse (room);

  qr_map_build_geometry (map, 1);
  assert_snapshot_writes_same (map, "room");
}

static void
test_snapshot_corpus (gconstpointer data)
{
  g_autofree char *path = qr_test_corpus_file (data);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = NULL;

  if (path == NULL)
    return;
  map = qr_map_load (path, &error);
  g_assert_no_error (error);
  qr_map_build_geometry (map, 0);
  assert_snapshot_writes_same (map, data);
}

static void
test_rotation (void)
{
  g_autofree char *root = temp_root ();
  g_autoptr (GError) error = NULL;
  g_autoptr (QrAutosave) store = qr_autosave_open (root, &error);
  g_autoptr (QrMap) map = parse (room);
  g_autofree char *doc = NULL;
  g_autofree char *last = NULL;

  g_assert_no_error (error);
  doc = qr_autosave_dup_doc (store, "/maps/room.map");
  for (int i = 0; i < 13; i++)
    {
      g_autofree char *value = g_strdup_printf ("%d", i);
      qr_entity_set_key (qr_map_get_entity (map, 0), "message", value);
      g_assert_true (qr_autosave_write (store, doc, "/maps/room.map", map, QR_SAVE_AS_READ, 10, &error));
      g_assert_no_error (error);
    }
  g_autoptr (GPtrArray) all = qr_autosave_list (store, doc);
  g_assert_cmpuint (all->len, ==, 10);
  /* Ten maps and their sidecars, nothing else. */
  g_autofree char *dir = g_build_filename (root, doc, NULL);
  g_assert_cmpuint (qr_test_count_files (dir), ==, 20);
  const QrAutosaveEntry *newest = g_ptr_array_index (all, 0);
  g_assert_cmpstr (newest->path, ==, "/maps/room.map");
  g_assert_cmpuint (newest->brushes, ==, 1);
  g_assert_cmpint (newest->format, ==, QR_SAVE_AS_READ);
  last = read_text (newest->file);
  g_assert_nonnull (strstr (last, "\"message\" \"12\""));
  g_autofree char *oldest = read_text (((QrAutosaveEntry *) g_ptr_array_index (all, 9))->file);
  g_assert_nonnull (strstr (oldest, "\"message\" \"3\""));

  /* Another document, and an untitled one, keep their own. */
  g_autofree char *other = qr_autosave_dup_doc (store, "/maps/other.map");
  g_autofree char *untitled1 = qr_autosave_dup_doc (store, NULL);
  g_autofree char *untitled2 = qr_autosave_dup_doc (store, NULL);
  g_assert_cmpstr (other, !=, doc);
  g_assert_cmpstr (untitled1, !=, untitled2);
  g_assert_true (qr_autosave_write (store, untitled1, NULL, map, QR_SAVE_VALVE220, 10, &error));
  g_autoptr (GPtrArray) again = qr_autosave_list (store, doc);
  g_assert_cmpuint (again->len, ==, 10);
  g_autoptr (GPtrArray) mine = qr_autosave_list (store, untitled1);
  g_assert_cmpuint (mine->len, ==, 1);
  g_assert_null (((QrAutosaveEntry *) g_ptr_array_index (mine, 0))->path);
  qr_autosave_end (store);
  qr_test_remove_tree (root);
}

/* A write that stops half-way (the file size limit stands in for a full
 * disk) fails and leaves the good autosave as it was, and nothing else. */
static void
test_partial_write (void)
{
  g_autofree char *root = temp_root ();
  g_autoptr (GError) error = NULL;
  g_autoptr (QrAutosave) store = qr_autosave_open (root, &error);
  g_autoptr (QrMap) map = parse (room);
  g_autofree char *doc = qr_autosave_dup_doc (store, "/maps/room.map");
  struct rlimit saved, small;
  void (*old_handler) (int);
  gboolean ok;

  g_assert_true (qr_autosave_write (store, doc, "/maps/room.map", map, QR_SAVE_AS_READ, 10, &error));
  g_autoptr (GPtrArray) before = qr_autosave_list (store, doc);
  g_assert_cmpuint (before->len, ==, 1);
  g_autofree char *good = read_text (((QrAutosaveEntry *) g_ptr_array_index (before, 0))->file);

  /* Much bigger than the limit: a long key on the worldspawn. */
  g_autofree char *big = g_strnfill (64 * 1024, 'x');
  qr_entity_set_key (qr_map_get_entity (map, 0), "message", big);
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  small = saved;
  small.rlim_cur = 4096;
  old_handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &small), ==, 0);
  ok = qr_autosave_write (store, doc, "/maps/room.map", map, QR_SAVE_AS_READ, 1, &error);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  signal (SIGXFSZ, old_handler);
  g_assert_false (ok);
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_WRITE);

  g_autoptr (GPtrArray) after = qr_autosave_list (store, doc);
  g_assert_cmpuint (after->len, ==, 1);
  g_autofree char *still = read_text (((QrAutosaveEntry *) g_ptr_array_index (after, 0))->file);
  g_assert_cmpstr (still, ==, good);
  g_autofree char *dir = g_build_filename (root, doc, NULL);
  g_assert_cmpuint (qr_test_count_files (dir), ==, 2); /* no temporary file left */
  qr_autosave_end (store);
  qr_test_remove_tree (root);
}

/* What a crash between the steps of a write leaves (a temporary file, a
 * map without its sidecar, a sidecar without its map) goes at the next
 * write; a write another editor has under way (a recent name) stays. */
static void
test_strays (void)
{
  g_autofree char *root = temp_root ();
  g_autoptr (GError) error = NULL;
  g_autoptr (QrAutosave) store = qr_autosave_open (root, &error);
  g_autoptr (QrMap) map = parse (room);
  g_autofree char *doc = qr_autosave_dup_doc (store, "/maps/room.map");
  g_autofree char *dir = g_build_filename (root, doc, NULL);
  g_autofree char *busy_name = g_strdup_printf ("%020" G_GINT64_FORMAT "-1-2.map.Ab12Cd", g_get_real_time ());
  const char *stale[] = {
    "00000000000000000001-1-2.map.Xy34Zw",
    "00000000000000000002-1-2.map",
    "00000000000000000003-1-2.json",
  };

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (stale); i++)
    {
      g_autofree char *p = g_build_filename (dir, stale[i], NULL);
      g_assert_true (g_file_set_contents (p, "{}", -1, NULL));
    }
  g_autofree char *busy = g_build_filename (dir, busy_name, NULL);
  g_assert_true (g_file_set_contents (busy, "half", -1, NULL));
  g_assert_true (qr_autosave_write (store, doc, "/maps/room.map", map, QR_SAVE_AS_READ, 10, &error));
  for (guint i = 0; i < G_N_ELEMENTS (stale); i++)
    {
      g_autofree char *p = g_build_filename (dir, stale[i], NULL);
      g_assert_false (g_file_test (p, G_FILE_TEST_EXISTS));
    }
  g_assert_true (g_file_test (busy, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (qr_test_count_files (dir), ==, 3); /* the new map, its sidecar, the busy one */
  qr_autosave_end (store);
  qr_test_remove_tree (root);
}

static GPtrArray *
recoverable_in (const char *root)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrAutosave) store = qr_autosave_open (root, &error);
  GPtrArray *found;

  g_assert_no_error (error);
  found = qr_autosave_list_recoverable (store);
  qr_autosave_end (store);
  return found;
}

static void
test_recover_after_crash (void)
{
  g_autofree char *root = temp_root ();
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = parse (room);

  /* A clean exit leaves nothing to recover. */
  {
    g_autoptr (QrAutosave) clean = qr_autosave_open (root, &error);
    g_autofree char *doc = qr_autosave_dup_doc (clean, "/maps/clean.map");
    g_assert_true (qr_autosave_write (clean, doc, "/maps/clean.map", map, QR_SAVE_AS_READ, 10, &error));
    qr_autosave_end (clean);
  }
  g_autoptr (GPtrArray) none = recoverable_in (root);
  g_assert_cmpuint (none->len, ==, 0);

  /* A session that still runs is not offered either. */
  g_autoptr (QrAutosave) running = qr_autosave_open (root, &error);
  g_autofree char *running_doc = qr_autosave_dup_doc (running, NULL);
  g_assert_true (qr_autosave_write (running, running_doc, NULL, map, QR_SAVE_AS_READ, 10, &error));
  g_autoptr (GPtrArray) still_none = recoverable_in (root);
  g_assert_cmpuint (still_none->len, ==, 0);

  /* A crash: the store goes without qr_autosave_end, as when killed. */
  QrAutosave *crashed = qr_autosave_open (root, &error);
  g_autofree char *doc = qr_autosave_dup_doc (crashed, "/maps/room.map");
  g_autofree char *untitled = qr_autosave_dup_doc (crashed, NULL);
  g_assert_true (qr_autosave_write (crashed, doc, "/maps/room.map", map, QR_SAVE_AS_READ, 10, &error));
  qr_entity_set_key (qr_map_get_entity (map, 0), "message", "newest");
  g_assert_true (qr_autosave_write (crashed, doc, "/maps/room.map", map, QR_SAVE_AS_READ, 10, &error));
  g_assert_true (qr_autosave_write (crashed, untitled, NULL, map, QR_SAVE_VALVE220, 10, &error));
  qr_autosave_unref (crashed);

  g_autoptr (QrAutosave) next = qr_autosave_open (root, &error);
  g_autoptr (GPtrArray) found = qr_autosave_list_recoverable (next);
  g_assert_cmpuint (found->len, ==, 2);
  const QrAutosaveEntry *first = g_ptr_array_index (found, 0);
  const QrAutosaveEntry *second = g_ptr_array_index (found, 1);
  /* Newest first: the untitled map was written last. */
  g_assert_null (first->path);
  g_assert_cmpint (first->format, ==, QR_SAVE_VALVE220);
  g_assert_cmpstr (second->path, ==, "/maps/room.map");
  g_assert_cmpuint (second->brushes, ==, 1);
  g_autofree char *text = read_text (second->file);
  g_assert_nonnull (strstr (text, "\"message\" \"newest\""));
  g_autoptr (GString) want = qr_map_write (map, QR_SAVE_AS_READ, &error);
  g_assert_cmpstr (text, ==, want->str);

  /* Recover one, discard the other: nothing is offered again, the
   * recovered document's autosaves stay, the discarded one's go. */
  g_autofree char *adopted = qr_autosave_adopt (next, second, &error);
  g_assert_no_error (error);
  g_autofree char *adopted_text = read_text (adopted);
  g_assert_cmpstr (adopted_text, ==, text);
  g_assert_true (qr_autosave_discard (next, first, &error));
  g_autoptr (GPtrArray) kept = qr_autosave_list (next, doc);
  g_assert_cmpuint (kept->len, ==, 2);
  g_assert_cmpstr (((QrAutosaveEntry *) g_ptr_array_index (kept, 0))->session, ==, qr_autosave_get_session (next));
  g_autoptr (GPtrArray) gone = qr_autosave_list (next, untitled);
  g_assert_cmpuint (gone->len, ==, 0);
  g_autoptr (GPtrArray) later = qr_autosave_list_recoverable (next);
  g_assert_cmpuint (later->len, ==, 0);
  qr_autosave_end (next);
  g_autoptr (GPtrArray) after_all = recoverable_in (root);
  g_assert_cmpuint (after_all->len, ==, 0);
  /* The dead session's marker is gone; the running one's stays. */
  g_autofree char *sessions = g_build_filename (root, "sessions", NULL);
  g_assert_cmpuint (qr_test_count_files (sessions), ==, 1);
  qr_autosave_end (running);
  g_assert_cmpuint (qr_test_count_files (sessions), ==, 0);
  qr_test_remove_tree (root);
}

/* An autosave older than the document's last save is not offered. */
static void
test_saved_hides_older (void)
{
  g_autofree char *root = temp_root ();
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = parse (room);
  QrAutosave *crashed = qr_autosave_open (root, &error);
  g_autofree char *doc = qr_autosave_dup_doc (crashed, "/maps/room.map");

  g_assert_true (qr_autosave_write (crashed, doc, "/maps/room.map", map, QR_SAVE_AS_READ, 10, &error));
  g_usleep (2000);
  qr_autosave_mark_saved (crashed, doc);
  qr_autosave_unref (crashed);
  g_autoptr (GPtrArray) found = recoverable_in (root);
  g_assert_cmpuint (found->len, ==, 0);
  qr_test_remove_tree (root);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/autosave/snapshot/same-text", test_snapshot_same_text);
  g_test_add_func ("/autosave/snapshot/survives-edits", test_snapshot_survives_edits);
  g_test_add_data_func ("/autosave/snapshot/newderalia", "valve220/NewDeralia.map", test_snapshot_corpus);
  g_test_add_data_func ("/autosave/snapshot/vmf", "vmf/EyeOfHorus.vmf", test_snapshot_corpus);
  g_test_add_data_func ("/autosave/snapshot/quake3", "quake3/perseus-pre2.map", test_snapshot_corpus);
  g_test_add_func ("/autosave/rotation", test_rotation);
  g_test_add_func ("/autosave/partial-write", test_partial_write);
  g_test_add_func ("/autosave/strays", test_strays);
  g_test_add_func ("/autosave/recover-after-crash", test_recover_after_crash);
  g_test_add_func ("/autosave/saved-hides-older", test_saved_hides_older);
  return g_test_run ();
}
