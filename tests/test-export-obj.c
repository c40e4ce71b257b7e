/* The OBJ + MTL writer: what an independent reader (tests/export/read-obj.py)
 * finds in the files equals the scene; shared vertices are written once;
 * a failed export leaves the files it would have replaced byte for byte;
 * and the float text reads back exactly and is shortest. */
#include "qr-export-float.h"
#include "qr-export-obj.h"
#include "qr-image-file.h"
#include "qr-test-assert.h"
#include "qr-test-export.h"
#include "qr-test-files.h"

#include <errno.h>
#include <float.h>
#include <glib/gstdio.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Every name in the folder, sorted, joined by spaces. */
static char *
listing (const char *path)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_dir_close (dir);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static char *
contents (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* The reader's JSON for the OBJ at path. */
static json_object *
read_back (const char *path)
{
  g_autofree char *python = g_find_program_in_path ("python3");
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "export", "read-obj.py", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  const char *argv[] = { python, script, path, NULL };
  int status;
  json_object *root;

  g_assert_nonnull (python);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("read-obj.py failed: %s", err);
  root = json_tokener_parse (out);
  g_assert_nonnull (root);
  return root;
}

static json_object *
member (json_object *o, const char *key)
{
  json_object *value = NULL;

  if (!json_object_object_get_ex (o, key, &value))
    g_error ("no \"%s\" in %s", key, json_object_to_json_string (o));
  return value;
}

static double
number_at (json_object *array, size_t i)
{
  return json_object_get_double (json_object_array_get_idx (array, i));
}

/* The float a reader gets for a scene double, as a double. */
static double
as_float (double d)
{
  return (float) d;
}

static const char *
safe_material (const char *name)
{
  static const char *const table[][2] = {
    { QR_TEST_EXPORT_WALL, "e1u1_wall" },
    { QR_TEST_EXPORT_WATER, "_water1" },
    { QR_TEST_EXPORT_GRATE, "_grate" },
    { QR_TEST_EXPORT_UNDER, "_water1_2" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    if (strcmp (table[i][0], name) == 0)
      return table[i][1];
  g_assert_not_reached ();
}

static void
assert_triangles_equal (json_object *triangles, size_t *t, const QrExportScene *scene,
                        const QrExportPrimitive *prim)
{
  const QrExportMaterial *m = g_ptr_array_index (scene->materials, prim->material);
  const double *pos = (const double *) prim->positions->data;
  const double *nrm = (const double *) prim->normals->data;
  const double *uv = (const double *) prim->uvs->data;

  for (guint i = 0; i < prim->indices->len; i += 3, (*t)++)
    {
      json_object *tri = json_object_array_get_idx (triangles, *t);

      g_assert_nonnull (tri);
      g_assert_cmpstr (json_object_get_string (member (tri, "material")), ==, safe_material (m->name));
      for (guint k = 0; k < 3; k++)
        {
          guint32 v = g_array_index (prim->indices, guint32, i + k);
          json_object *p = json_object_array_get_idx (member (tri, "positions"), k);
          json_object *n = json_object_array_get_idx (member (tri, "normals"), k);
          json_object *u = json_object_array_get_idx (member (tri, "uvs"), k);

          for (guint c = 0; c < 3; c++)
            {
              qr_test_assert_exact (number_at (p, c), as_float (pos[3 * v + c]));
              qr_test_assert_exact (number_at (n, c), as_float (nrm[3 * v + c]));
            }
          /* OBJ's v counts from the image's bottom row. */
          qr_test_assert_exact (number_at (u, 0), as_float (uv[2 * v]));
          qr_test_assert_exact (number_at (u, 1), as_float (1.0 - uv[2 * v + 1]));
        }
    }
}

static void
assert_png_equals (const char *path, const QrImage *want)
{
  g_autofree char *data = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (QrImage) got = NULL;
  gsize size = 0;

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  got = qr_image_file_decode ((const uint8_t *) data, size, path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (got->width, ==, want->width);
  g_assert_cmpint (got->height, ==, want->height);
  g_assert_cmpmem (got->rgba, (gsize) got->width * got->height * 4, want->rgba,
                   (gsize) want->width * want->height * 4);
}

static void
test_read_back (void)
{
  static const char *const object_names[] = { "worldspawn", "func_door_door1", "func_door_door1_2" };
  g_autofree char *dir = qr_test_temp_dir ("quarry-obj-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "out.obj", NULL);
  g_autoptr (QrExportScene) scene = qr_test_export_scene ();
  g_autoptr (GError) error = NULL;
  json_object *root, *objects, *materials, *counts;
  size_t next = 0;

  g_assert_true (qr_export_write_obj (scene, path, &error));
  g_assert_no_error (error);

  g_autofree char *files = listing (dir);
  g_assert_cmpstr (files, ==, "out.mtl out.obj out_textures");
  g_autofree char *textures_dir = g_build_filename (dir, "out_textures", NULL);
  g_autofree char *textures = listing (textures_dir);
  g_assert_cmpstr (textures, ==, "_grate.png e1u1_wall.png");

  root = read_back (path);
  g_assert_cmpstr (json_object_to_json_string (member (root, "mtllib")), ==, "[ \"out.mtl\" ]");

  /* Objects in scene order, the empty one left out, names made safe. */
  objects = member (root, "objects");
  g_assert_cmpuint (json_object_array_length (objects), ==, G_N_ELEMENTS (object_names));
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const QrExportObject *o = g_ptr_array_index (scene->objects, i);
      json_object *got;
      json_object *triangles;
      size_t t = 0;

      if (qr_export_object_is_empty (o))
        continue;
      got = json_object_array_get_idx (objects, next);
      g_assert_cmpstr (json_object_get_string (member (got, "name")), ==, object_names[next]);
      next++;
      triangles = member (got, "triangles");
      for (guint p = 0; p < o->primitives->len; p++)
        assert_triangles_equal (triangles, &t, scene, g_ptr_array_index (o->primitives, p));
      g_assert_cmpuint (json_object_array_length (triangles), ==, t);
    }
  g_assert_cmpuint (next, ==, G_N_ELEMENTS (object_names));

  /* Materials: a texture is a PNG of the scene's pixels, untinted; a
   * material without pixels is grey and has no map. */
  materials = member (root, "materials");
  g_assert_cmpint (json_object_object_length (materials), ==, scene->materials->len);
  for (guint i = 0; i < scene->materials->len; i++)
    {
      const QrExportMaterial *m = g_ptr_array_index (scene->materials, i);
      json_object *got = member (materials, safe_material (m->name));
      json_object *kd = member (got, "kd");
      json_object *texture = member (got, "texture");

      for (guint c = 0; c < 3; c++)
        qr_test_assert_exact (number_at (kd, c), m->image != NULL ? 1.0 : 0.5);
      if (m->image == NULL)
        g_assert_true (json_object_is_type (texture, json_type_null));
      else
        {
          g_autofree char *want = g_strdup_printf ("out_textures/%s.png", safe_material (m->name));
          g_autofree char *png = g_build_filename (dir, json_object_get_string (texture), NULL);

          g_assert_cmpstr (json_object_get_string (texture), ==, want);
          assert_png_equals (png, m->image);
        }
    }

  /* Shared vertices once per object: the cube's 8 corners, 8 texture
   * coordinates (4 wall, 4 water) and 6 normals; the door's 6 corners (its
   * quads share an edge, and its corner on the cube is its own), 4
   * coordinates and 1 normal; the triangle's 3, 3 and 1. */
  counts = member (root, "counts");
  g_assert_cmpint (json_object_get_int (member (counts, "v")), ==, 8 + 6 + 3);
  g_assert_cmpint (json_object_get_int (member (counts, "vt")), ==, 8 + 4 + 3);
  g_assert_cmpint (json_object_get_int (member (counts, "vn")), ==, 6 + 1 + 1);
  g_assert_cmpint (json_object_get_int (member (counts, "f")), ==, 12 + 4 + 1);

  json_object_put (root);
  qr_test_remove_tree (dir);
}

/* Numbers as the file has them: shortest, floats. */
static void
test_text (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-obj-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "cube.obj", NULL);
  g_autoptr (QrExportScene) scene = qr_test_export_scene ();
  g_autoptr (GError) error = NULL;

  g_assert_true (qr_export_write_obj (scene, path, &error));
  g_assert_no_error (error);
  g_autofree char *obj = contents (path);
  g_autofree char *mtl_path = g_build_filename (dir, "cube.mtl", NULL);
  g_autofree char *mtl = contents (mtl_path);

  g_assert_true (g_str_has_prefix (obj, "# Quarry\nmtllib cube.mtl\no worldspawn\nv -16 0.1 -8\n"));
  /* 1 − 0.7 and 1/3 as their floats' shortest decimals. */
  g_assert_nonnull (strstr (obj, "\nvt 0.1 0.3\n"));
  g_assert_nonnull (strstr (obj, "\nvt 0.25 0.6666667\n"));
  g_assert_nonnull (strstr (obj, "\nusemtl _water1\nf "));
  g_assert_cmpstr (mtl, ==,
                   "# Quarry\n"
                   "\nnewmtl e1u1_wall\nKd 1 1 1\nKs 0 0 0\nillum 1\nmap_Kd cube_textures/e1u1_wall.png\n"
                   "\nnewmtl _water1\nKd 0.5 0.5 0.5\nKs 0 0 0\nillum 1\n"
                   "\nnewmtl _grate\nKd 1 1 1\nKs 0 0 0\nillum 1\nmap_Kd cube_textures/_grate.png\n"
                   "\nnewmtl _water1_2\nKd 0.5 0.5 0.5\nKs 0 0 0\nillum 1\n");
  qr_test_remove_tree (dir);
}

/* The MTL's and the folder's names come from the OBJ's, spaces and '#'
 * replaced: mtllib and map_Kd would cut them there. */
static void
test_file_names (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-obj-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "my map #2.OBJ", NULL);
  g_autoptr (QrExportScene) scene = qr_test_export_scene ();
  g_autoptr (GError) error = NULL;

  g_assert_true (qr_export_write_obj (scene, path, &error));
  g_assert_no_error (error);
  g_autofree char *files = listing (dir);
  g_assert_cmpstr (files, ==, "my map #2.OBJ my_map__2.mtl my_map__2_textures");
  g_autofree char *obj = contents (path);
  g_assert_true (g_str_has_prefix (obj, "# Quarry\nmtllib my_map__2.mtl\n"));
  qr_test_remove_tree (dir);
}

/* Names that differ only in case would share a file on Windows and macOS;
 * Windows has no file "con.png". */
static void
test_material_names (void)
{
  static const char *const names[][2] = {
    { "WATER", "WATER" }, { "water", "water_2" }, { "con", "_con" }, { "Con.1", "_Con.1" },
    { "com1", "_com1" }, { "com10", "com10" }, { "", "unnamed" }, { ".hidden", "_hidden" },
    { "dev/~pipe+1", "dev__pipe_1" }, { "dev_~pipe{1", "dev__pipe_1_2" },
  };
  static const double corner[3][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
  static const double up[3] = { 0, 0, 1 }, uv[2] = { 0, 0 };
  g_autofree char *dir = qr_test_temp_dir ("quarry-obj-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "names.obj", NULL);
  g_autofree char *mtl_path = g_build_filename (dir, "names.mtl", NULL);
  g_autoptr (QrExportScene) scene = qr_export_scene_new (QR_EXPORT_UP_Z, 1);
  g_autoptr (GString) want = g_string_new ("# Quarry\n");
  g_autoptr (GError) error = NULL;
  QrExportObject *o = qr_export_scene_add_object (scene, "world");

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      QrExportPrimitive *p = qr_export_object_primitive (o, qr_export_scene_material (scene, names[i][0], 8, 8, NULL));
      guint32 a = qr_export_primitive_add_vertex (p, corner[0], up, uv);

      qr_export_primitive_add_vertex (p, corner[1], up, uv);
      qr_export_primitive_add_vertex (p, corner[2], up, uv);
      qr_export_primitive_add_triangle (p, a, a + 1, a + 2);
      g_string_append_printf (want, "\nnewmtl %s\nKd 0.5 0.5 0.5\nKs 0 0 0\nillum 1\n", names[i][1]);
    }
  g_assert_true (qr_export_write_obj (scene, path, &error));
  g_assert_no_error (error);
  g_autofree char *mtl = contents (mtl_path);
  g_assert_cmpstr (mtl, ==, want->str);
  qr_test_remove_tree (dir);
}

/* A second export over the first replaces every file in place. */
static void
test_overwrite (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-obj-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "out.obj", NULL);
  g_autoptr (QrExportScene) scene = qr_test_export_scene ();
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_true (qr_export_write_obj (scene, path, &error));
  g_autofree char *first = contents (path);
  g_assert_true (qr_export_write_obj (scene, path, &error));
  g_assert_no_error (error);
  g_autofree char *second = contents (path);
  g_assert_cmpstr (first, ==, second);
  g_autofree char *files = listing (dir);
  g_assert_cmpstr (files, ==, "out.mtl out.obj out_textures");
  qr_test_remove_tree (dir);
}

static void
write_previous (const char *dir)
{
  g_autofree char *obj = g_build_filename (dir, "out.obj", NULL);
  g_autofree char *mtl = g_build_filename (dir, "out.mtl", NULL);

  g_assert_true (g_file_set_contents (obj, "# the previous export\n", -1, NULL));
  g_assert_true (g_file_set_contents (mtl, "# its materials\n", -1, NULL));
}

static void
assert_previous (const char *dir)
{
  g_autofree char *obj = g_build_filename (dir, "out.obj", NULL);
  g_autofree char *mtl = g_build_filename (dir, "out.mtl", NULL);
  g_autofree char *obj_text = contents (obj);
  g_autofree char *mtl_text = contents (mtl);

  g_assert_cmpstr (obj_text, ==, "# the previous export\n");
  g_assert_cmpstr (mtl_text, ==, "# its materials\n");
}

/* The textures cannot be written (a file holds their folder's name): the
 * export fails before the MTL and OBJ are replaced, and leaves nothing. */
static void
test_png_fails (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-obj-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "out.obj", NULL);
  g_autofree char *blocker = g_build_filename (dir, "out_textures", NULL);
  g_autoptr (QrExportScene) scene = qr_test_export_scene ();
  g_autoptr (GError) error = NULL;

  write_previous (dir);
  g_assert_true (g_file_set_contents (blocker, "not a folder", -1, NULL));
  g_assert_false (qr_export_write_obj (scene, path, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR);
  g_assert_nonnull (strstr (error->message, "out_textures"));
  assert_previous (dir);
  g_autofree char *files = listing (dir);
  g_assert_cmpstr (files, ==, "out.mtl out.obj out_textures");
  qr_test_remove_tree (dir);
}

/* The MTL cannot be replaced (a folder holds its name): the textures
 * folder the export made goes again, with the PNGs already written. */
static void
test_mtl_fails (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-obj-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "out.obj", NULL);
  g_autofree char *blocker = g_build_filename (dir, "out.mtl", NULL);
  g_autofree char *obj = g_build_filename (dir, "out.obj", NULL);
  g_autoptr (QrExportScene) scene = qr_test_export_scene ();
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (obj, "# the previous export\n", -1, NULL));
  g_assert_cmpint (g_mkdir (blocker, 0755), ==, 0);
  g_assert_false (qr_export_write_obj (scene, path, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_autofree char *obj_text = contents (obj);
  g_assert_cmpstr (obj_text, ==, "# the previous export\n");
  g_autofree char *files = listing (dir);
  g_assert_cmpstr (files, ==, "out.mtl out.obj");
  g_autofree char *inside = listing (blocker);
  g_assert_cmpstr (inside, ==, "");
  qr_test_remove_tree (dir);
}

/* The disk fills up (the file size limit stands in for it) while the OBJ
 * is written, after its textures and MTL: the previous OBJ and MTL stay
 * byte for byte and nothing else is left. */
static void
test_full_disk (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-obj-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "out.obj", NULL);
  g_autoptr (QrExportScene) scene = qr_test_export_scene ();
  g_autoptr (GError) error = NULL;
  struct rlimit saved, small;
  void (*old_handler) (int);
  bool ok;

  write_previous (dir);
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  small = saved;
  /* Above each PNG (under 200 bytes) and the MTL (257), under the OBJ
   * (941). */
  small.rlim_cur = 512;
  old_handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &small), ==, 0);
  ok = qr_export_write_obj (scene, path, &error);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  signal (SIGXFSZ, old_handler);
  g_assert_false (ok);
  g_assert_true (error != NULL && error->domain == G_FILE_ERROR);
  g_assert_nonnull (strstr (error->message, "out.obj: write failed"));
  assert_previous (dir);
  g_autofree char *files = listing (dir);
  g_assert_cmpstr (files, ==, "out.mtl out.obj");
  qr_test_remove_tree (dir);
}

/* The export fails in a read-only folder, and an out.obj there stays.
 * Root writes into read-only folders, so the export runs as nobody in a
 * subprocess when the tests run as root. */
static void
test_read_only_folder (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *obj = NULL;

  if (g_test_subprocess ())
    {
      g_autofree char *path = g_build_filename (g_getenv ("QUARRY_TEST_OBJ_DIR"), "out.obj", NULL);
      g_autoptr (QrExportScene) scene = qr_test_export_scene ();
      g_autoptr (GError) error = NULL;

      if (geteuid () == 0)
        {
          g_assert_cmpint (setgid (65534), ==, 0);
          g_assert_cmpint (setuid (65534), ==, 0);
        }
      g_assert_false (qr_export_write_obj (scene, path, &error));
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ACCES);
      g_assert_nonnull (strstr (error->message, "out_textures"));
      return;
    }

  dir = qr_test_temp_dir ("quarry-obj-XXXXXX");
  obj = g_build_filename (dir, "out.obj", NULL);
  g_assert_true (g_file_set_contents (obj, "# the previous export\n", -1, NULL));
  g_assert_cmpint (g_chmod (obj, 0644), ==, 0);
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  g_setenv ("QUARRY_TEST_OBJ_DIR", dir, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_assert_cmpint (g_chmod (dir, 0700), ==, 0);
  g_autofree char *text = contents (obj);
  g_assert_cmpstr (text, ==, "# the previous export\n");
  g_autofree char *files = listing (dir);
  g_assert_cmpstr (files, ==, "out.obj");
  qr_test_remove_tree (dir);
}

/* Significant digits of a decimal (leading and trailing zeros aside). */
static int
significant_digits (const char *text)
{
  g_autofree char *digits = g_strdup (text);
  char *end = strchr (digits, 'e');
  int n = 0, first = -1, last = -1;

  if (end != NULL)
    *end = '\0';
  for (const char *c = digits; *c != '\0'; c++)
    if (g_ascii_isdigit (*c))
      {
        if (*c != '0')
          {
            if (first < 0)
              first = n;
            last = n;
          }
        n++;
      }
  return first < 0 ? 0 : last - first + 1;
}

/* The fewest significant digits %g needs for strtof to give f back. */
static int
printf_shortest (float f)
{
  char text[64];

  for (int precision = 1;; precision++)
    {
      g_snprintf (text, sizeof text, "%.*g", precision, (double) f);
      if (strtof (text, NULL) == f)
        return significant_digits (text);
    }
}

static void
assert_float_text (float f)
{
  char text[QR_EXPORT_FLOAT_BUFSIZE];
  int len = qr_export_format_float (f, text);

  g_assert_cmpint (len, ==, (int) strlen (text));
  g_assert_cmpint (len, <, QR_EXPORT_FLOAT_BUFSIZE);
  if (strtof (text, NULL) != f && !(f == 0 && strtof (text, NULL) == 0))
    g_error ("%.9g written as %s reads back as %.9g", (double) f, text, (double) strtof (text, NULL));
  /* Whole numbers from 2^24 on are written whole, fewer characters than
   * the exponent form of their shortest digits. */
  if (fabsf (f) >= 16777216.0f && fabsf (f) < 1e9f)
    g_assert_null (strchr (text, '.'));
  else if (significant_digits (text) > printf_shortest (f))
    g_error ("%.9g written as %s: %d digits, %%g needs %d", (double) f, text, significant_digits (text),
             printf_shortest (f));
}

static void
test_float_text (void)
{
  static const struct
  {
    float f;
    const char *text;
  } cases[] = {
    { 0.0f, "0" },
    { -0.0f, "0" },
    { 1.0f, "1" },
    { -16.0f, "-16" },
    { 0.1f, "0.1" },
    { -0.3f, "-0.3" },
    { 48.5f, "48.5" },
    { 1.0f / 3, "0.33333334" },
    { 123456.79f, "123456.79" },
    { 1e-5f, "0.00001" },
    { 16777216.0f, "16777216" },
    { 3.25e9f, "3250000000" },
    { 0.0254f, "0.0254" },
  };
  GRand *rand = g_rand_new_with_seed (1);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char text[QR_EXPORT_FLOAT_BUFSIZE];

      qr_export_format_float (cases[i].f, text);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
  assert_float_text (FLT_MAX);
  assert_float_text (-FLT_MIN);
  assert_float_text (FLT_TRUE_MIN);
  assert_float_text (1e30f);
  assert_float_text (7e-30f);

  /* Every bit pattern's neighbourhood: random finite floats, and the
   * values an export holds (map units times a scale, texel fractions). */
  for (int i = 0; i < 100000; i++)
    {
      guint32 bits = g_rand_int (rand);
      float f;

      memcpy (&f, &bits, sizeof f);
      if (isfinite (f))
        assert_float_text (f);
      assert_float_text ((float) (g_rand_int_range (rand, -65536, 65536) * 0.0254));
      assert_float_text ((float) (g_rand_int_range (rand, -65536, 65536) / 32.0 / 3));
      assert_float_text ((float) (1.0 - g_rand_int_range (rand, 0, 4096) / 640.0));
    }
  g_rand_free (rand);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export/obj/read-back", test_read_back);
  g_test_add_func ("/export/obj/text", test_text);
  g_test_add_func ("/export/obj/file-names", test_file_names);
  g_test_add_func ("/export/obj/material-names", test_material_names);
  g_test_add_func ("/export/obj/overwrite", test_overwrite);
  g_test_add_func ("/export/obj/png-fails", test_png_fails);
  g_test_add_func ("/export/obj/mtl-fails", test_mtl_fails);
  g_test_add_func ("/export/obj/full-disk", test_full_disk);
  g_test_add_func ("/export/obj/read-only-folder", test_read_only_folder);
  g_test_add_func ("/export/float/text", test_float_text);
  return g_test_run ();
}
