/* bench-export-obj [TRIANGLES] [REPEAT] — the OBJ writer on a synthetic
 * scene (qr_test_export_boxes, 200k triangles by default): prints one JSON
 * line with the median write time of REPEAT runs (5) and the files'
 * sizes. Building the scene is not timed. */
#include "qr-export-obj.h"
#include "qr-test-export.h"

#include <glib/gstdio.h>
#include <stdlib.h>

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static goffset
size_of (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 ? (goffset) st.st_size : -1;
}

int
main (int argc, char *argv[])
{
  guint triangles = argc > 1 ? (guint) strtoul (argv[1], NULL, 10) : 200000;
  int repeat = argc > 2 ? atoi (argv[2]) : 5;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("quarry-bench-obj-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *mtl = NULL;
  g_autofree char *png = NULL;
  g_autofree char *textures = NULL;
  g_autoptr (QrExportScene) scene = NULL;
  g_autofree double *seconds = NULL;
  guint64 written = 0;

  if (dir == NULL || repeat < 1)
    {
      g_printerr ("bench-export-obj: %s\n", error != NULL ? error->message : "REPEAT must be positive");
      return 2;
    }
  path = g_build_filename (dir, "bench.obj", NULL);
  mtl = g_build_filename (dir, "bench.mtl", NULL);
  textures = g_build_filename (dir, "bench_textures", NULL);
  scene = qr_test_export_boxes ((triangles + 11) / 12);
  for (guint i = 0; i < scene->objects->len; i++)
    {
      QrExportObject *o = g_ptr_array_index (scene->objects, i);
      for (guint p = 0; p < o->primitives->len; p++)
        written += qr_export_primitive_n_triangles (g_ptr_array_index (o->primitives, p));
    }

  seconds = g_new (double, repeat);
  for (int r = 0; r < repeat; r++)
    {
      gint64 start = g_get_monotonic_time ();

      if (!qr_export_write_obj (scene, path, &error))
        {
          g_printerr ("bench-export-obj: %s\n", error->message);
          return 1;
        }
      seconds[r] = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
    }
  qsort (seconds, (size_t) repeat, sizeof (double), compare_doubles);
  g_print ("{\"triangles\": %" G_GUINT64_FORMAT ", \"write_obj_s\": %.4f, \"min_s\": %.4f, "
           "\"obj_bytes\": %" G_GOFFSET_FORMAT ", \"mtl_bytes\": %" G_GOFFSET_FORMAT "}\n",
           written, seconds[repeat / 2], seconds[0], size_of (path), size_of (mtl));

  for (int i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("base_wall%d.png", i);
      g_autofree char *file = g_build_filename (textures, name, NULL);
      g_unlink (file);
    }
  g_rmdir (textures);
  g_unlink (mtl);
  g_unlink (path);
  g_rmdir (dir);
  return 0;
}
