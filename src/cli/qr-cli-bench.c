/* quarry-cli bench: median times to parse, build geometry and save a map,
 * and the memory a loaded map takes. One JSON line per file. */
#include "qr-cli.h"
#include "qr-cli-bench-csg.h"
#include "qr-cli-json.h"
#include "qr-operations.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Peak RSS of loading the file and building its geometry, measured in a
 * fresh process (this program re-run with a hidden command) so that
 * earlier files and the benchmark's own copies do not count. */
static long
peak_rss_kb (const char *path)
{
  g_autofree char *out = NULL;
  const char *argv[] = { "/proc/self/exe", "_peak-rss", path, NULL };
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                     &out, NULL, &status, NULL)
      || !g_spawn_check_wait_status (status, NULL))
    return -1;
  return atol (out);
}

int
qr_cli_peak_rss (int argc, char **argv)
{
  g_autoptr (QrMap) map = NULL;
  g_autofree char *status = NULL;
  const char *hwm;

  if (argc != 2)
    return QR_EXIT_USAGE;
  map = qr_map_load (argv[1], NULL);
  if (map == NULL)
    return QR_EXIT_BAD_INPUT;
  qr_map_build_geometry (map, 1);

  /* VmHWM belongs to this address space; getrusage's ru_maxrss would still
   * count the parent this process was forked from before its exec. */
  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL)
      || (hwm = strstr (status, "VmHWM:")) == NULL)
    return QR_EXIT_BAD_INPUT;
  printf ("%ld\n", atol (hwm + strlen ("VmHWM:")));
  return QR_EXIT_OK;
}

typedef struct
{
  GArray *move_one, *undo_one, *redo_one, *move_all, *undo_all;
  GArray *find_all, *texture_all, *select_all, *redo_all;
} EditTimes;

/* One brush in the middle of the map moved, undone and redone; then every
 * brush moved at once and undone: command, geometry rebuild and change
 * set, as the editor does them. Then where every brush is, one id at a
 * time (what the views ask for each id of a change set), and a texture
 * set on one face of every brush (an edit of many faces) and undone.
 * Select All as the window does it, and the redo of the move of all. */
static void
bench_edits (QrMap *map, int repeat, EditTimes *t)
{
  g_autoptr (QrDocument) doc = qr_document_new (map);
  g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (QrId));
  QrId one;

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
      if (qr_brush_is_valid (qr_entity_get_brush (qr_map_get_entity (map, e), b)))
        g_array_append_val (all, qr_entity_get_brush (qr_map_get_entity (map, e), b)->id);
  if (all->len == 0)
    return;
  one = g_array_index (all, QrId, all->len / 2);

  /* Separate loops: a move after an undone move-all would also pay for
   * discarding that redo step, which is not what is being measured. */
  for (int r = 0; r < repeat; r++)
    {
      double t0 = qr_cli_now_ms (), t1, t2, t3;

      qr_op_translate (doc, QR_BRUSHES (&one, 1), qr_vec3 (8, 0, 0), NULL);
      t1 = qr_cli_now_ms ();
      qr_document_undo (doc);
      t2 = qr_cli_now_ms ();
      qr_document_redo (doc);
      t3 = qr_cli_now_ms ();
      g_array_append_val (t->move_one, (double) { t1 - t0 });
      g_array_append_val (t->undo_one, (double) { t2 - t1 });
      g_array_append_val (t->redo_one, (double) { t3 - t2 });
    }
  for (int r = 0; r < repeat; r++)
    {
      double t0 = qr_cli_now_ms (), t1, t2;

      qr_op_translate (doc, QR_BRUSHES ((QrId *) all->data, all->len), qr_vec3 (0, 16, 0), NULL);
      t1 = qr_cli_now_ms ();
      qr_document_undo (doc);
      t2 = qr_cli_now_ms ();
      g_array_append_val (t->move_all, (double) { t1 - t0 });
      g_array_append_val (t->undo_all, (double) { t2 - t1 });
    }
  for (int r = 0; r < repeat; r++)
    {
      double t0 = qr_cli_now_ms ();

      qr_document_redo (doc);
      g_array_append_val (t->redo_all, (double) { qr_cli_now_ms () - t0 });
      qr_document_undo (doc);
    }
  for (int r = 0; r < repeat; r++)
    {
      g_autoptr (QrSelection) none = qr_selection_new ();
      double t0 = qr_cli_now_ms ();
      g_autoptr (QrSelection) sel = qr_selection_new ();

      qr_selection_add_all (sel, qr_document_get_map (doc));
      qr_document_set_selection (doc, sel);
      g_array_append_val (t->select_all, (double) { qr_cli_now_ms () - t0 });
      qr_document_set_selection (doc, none);
    }
  for (int r = 0; r < repeat; r++)
    {
      double t0 = qr_cli_now_ms ();
      guint found = 0, e, b;

      for (guint i = 0; i < all->len; i++)
        found += qr_document_find_brush (doc, g_array_index (all, QrId, i), &e, &b);
      g_assert (found == all->len);
      g_array_append_val (t->find_all, (double) { qr_cli_now_ms () - t0 });
    }
  {
    g_autoptr (GArray) faces = g_array_sized_new (FALSE, FALSE, sizeof (QrFaceRef), all->len);
    QrTexChange change = { .name = "bench_texture" };

    for (guint i = 0; i < all->len; i++)
      g_array_append_val (faces, ((QrFaceRef) { g_array_index (all, QrId, i), 0 }));
    for (int r = 0; r < repeat; r++)
      {
        double t0 = qr_cli_now_ms ();

        qr_op_set_texture (doc, (QrFaceRef *) (gpointer) faces->data, faces->len, &change, NULL);
        g_array_append_val (t->texture_all, (double) { qr_cli_now_ms () - t0 });
        qr_document_undo (doc);
      }
  }
}

static json_object *
ms (GArray *samples)
{
  return qr_json_number (round (qr_cli_median (samples) * 1000) / 1000);
}

static int
bench_file (const char *path, int repeat)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *tmp_dir = NULL;
  g_autofree char *tmp_path = NULL;
  g_autoptr (GArray) parse = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) geometry = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) geometry_mt = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) serialize = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) save = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) snapshot = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) move_one = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) undo_one = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) redo_one = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) move_all = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) undo_all = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) find_all = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) texture_all = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) select_all = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) redo_all = g_array_new (FALSE, FALSE, sizeof (double));
  EditTimes edits = { move_one, undo_one, redo_one, move_all, undo_all, find_all, texture_all, select_all, redo_all };
  guint brushes = 0, faces = 0, invalid = 0;
  gsize len;
  json_object *root;
  long rss;

  if (!g_file_get_contents (path, &data, &len, &error))
    {
      fprintf (stderr, "quarry-cli: %s\n", error->message);
      return QR_EXIT_BAD_INPUT;
    }
  tmp_dir = g_dir_make_tmp ("quarry-bench-XXXXXX", &error);
  if (tmp_dir == NULL)
    {
      fprintf (stderr, "quarry-cli: %s\n", error->message);
      return QR_EXIT_BAD_INPUT;
    }
  tmp_path = g_build_filename (tmp_dir, qr_file_kind_for_path (path) == QR_FILE_VMF ? "out.vmf" : "out.map", NULL);

  for (int r = 0; r < repeat; r++)
    {
      g_autoptr (QrMap) map = NULL;
      g_autoptr (GString) text = NULL;
      double t0, t1;

      t0 = qr_cli_now_ms ();
      map = qr_map_parse (data, len, qr_file_kind_for_path (path), path, &error);
      t1 = qr_cli_now_ms ();
      if (map == NULL)
        {
          fprintf (stderr, "quarry-cli: %s\n", error->message);
          g_rmdir (tmp_dir);
          return QR_EXIT_BAD_INPUT;
        }
      g_array_append_val (parse, (double) { t1 - t0 });

      t0 = qr_cli_now_ms ();
      qr_map_build_geometry (map, 1);
      t1 = qr_cli_now_ms ();
      g_array_append_val (geometry, (double) { t1 - t0 });

      /* Again on every core: what the editor does on load. */
      for (guint e = 0; e < qr_map_entity_count (map); e++)
        for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
          qr_brush_invalidate (qr_entity_get_brush (qr_map_get_entity (map, e), b));
      t0 = qr_cli_now_ms ();
      qr_map_build_geometry (map, 0);
      t1 = qr_cli_now_ms ();
      g_array_append_val (geometry_mt, (double) { t1 - t0 });

      t0 = qr_cli_now_ms ();
      text = qr_map_write (map, QR_SAVE_AS_READ, &error);
      t1 = qr_cli_now_ms ();
      if (text == NULL)
        {
          fprintf (stderr, "quarry-cli: %s\n", error->message);
          g_rmdir (tmp_dir);
          return QR_EXIT_BAD_INPUT;
        }
      g_array_append_val (serialize, (double) { t1 - t0 });

      t0 = qr_cli_now_ms ();
      if (!qr_map_save (map, tmp_path, QR_SAVE_AS_READ, &error))
        {
          fprintf (stderr, "quarry-cli: %s\n", error->message);
          g_rmdir (tmp_dir);
          return QR_EXIT_BAD_INPUT;
        }
      t1 = qr_cli_now_ms ();
      g_array_append_val (save, (double) { t1 - t0 });

      /* What an autosave costs the window: the rest happens on a worker. */
      t0 = qr_cli_now_ms ();
      qr_map_free (qr_map_snapshot (map));
      t1 = qr_cli_now_ms ();
      g_array_append_val (snapshot, (double) { t1 - t0 });

      if (r == 0)
        {
          brushes = qr_map_count_brushes (map);
          faces = qr_map_count_faces (map);
          for (guint e = 0; e < qr_map_entity_count (map); e++)
            for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
              invalid += !qr_brush_is_valid (qr_entity_get_brush (qr_map_get_entity (map, e), b));
        }
    }
  g_unlink (tmp_path);
  g_rmdir (tmp_dir);
  rss = peak_rss_kb (path);

  {
    QrMap *map = qr_map_parse (data, len, qr_file_kind_for_path (path), path, NULL);

    qr_map_build_geometry (map, 0);
    bench_edits (map, repeat, &edits);
  }

  root = json_object_new_object ();
  json_object_object_add (root, "file", json_object_new_string (path));
  json_object_object_add (root, "bytes", json_object_new_int64 ((int64_t) len));
  json_object_object_add (root, "brushes", json_object_new_int64 (brushes));
  json_object_object_add (root, "faces", json_object_new_int64 (faces));
  json_object_object_add (root, "invalid_brushes", json_object_new_int64 (invalid));
  json_object_object_add (root, "repeat", json_object_new_int64 (repeat));
  json_object_object_add (root, "parse_ms", qr_json_number (round (qr_cli_median (parse) * 1000) / 1000));
  json_object_object_add (root, "geometry_ms", qr_json_number (round (qr_cli_median (geometry) * 1000) / 1000));
  json_object_object_add (root, "parse_geometry_ms",
                          qr_json_number (round ((qr_cli_median (parse) + qr_cli_median (geometry)) * 1000) / 1000));
  json_object_object_add (root, "geometry_all_cores_ms", qr_json_number (round (qr_cli_median (geometry_mt) * 1000) / 1000));
  json_object_object_add (root, "serialize_ms", qr_json_number (round (qr_cli_median (serialize) * 1000) / 1000));
  json_object_object_add (root, "save_ms", qr_json_number (round (qr_cli_median (save) * 1000) / 1000));
  json_object_object_add (root, "snapshot_ms", qr_json_number (round (qr_cli_median (snapshot) * 1000) / 1000));
  if (move_one->len > 0)
    {
      json_object_object_add (root, "move_one_ms", ms (move_one));
      json_object_object_add (root, "undo_one_ms", ms (undo_one));
      json_object_object_add (root, "redo_one_ms", ms (redo_one));
      json_object_object_add (root, "move_all_ms", ms (move_all));
      json_object_object_add (root, "undo_all_ms", ms (undo_all));
      json_object_object_add (root, "redo_all_ms", ms (redo_all));
      json_object_object_add (root, "select_all_ms", ms (select_all));
      json_object_object_add (root, "find_all_ms", ms (find_all));
      json_object_object_add (root, "texture_all_ms", ms (texture_all));
    }
  json_object_object_add (root, "peak_rss_kb", json_object_new_int64 (rss));
  json_object_object_add (root, "rss_bytes_per_brush",
                          json_object_new_int64 (brushes ? (int64_t) (rss * 1024 / (long) brushes) : 0));
  qr_json_print (root);
  json_object_put (root);
  return QR_EXIT_OK;
}

int
qr_cli_bench (int argc, char **argv)
{
  int repeat = 15;
  gboolean csg = FALSE;
  const GOptionEntry entries[] = {
    { "repeat", 'n', 0, G_OPTION_ARG_INT, &repeat, "Runs per file (median reported; default 15)", "N" },
    { "csg", 0, 0, G_OPTION_ARG_NONE, &csg, "Benchmark CSG instead: carve, union, hollow", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE… — median parse, geometry and save times");
  int status = QR_EXIT_OK;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!qr_cli_parse_options (context, &argc, &argv))
    return QR_EXIT_USAGE;
  if (argc < 2 || repeat < 1)
    {
      fprintf (stderr, "quarry-cli bench: expected FILE… and --repeat ≥ 1\n");
      return QR_EXIT_USAGE;
    }
  for (int i = 1; i < argc; i++)
    {
      int s = csg ? qr_cli_bench_csg (argv[i], repeat) : bench_file (argv[i], repeat);
      if (s != QR_EXIT_OK)
        status = s;
    }
  return status;
}
