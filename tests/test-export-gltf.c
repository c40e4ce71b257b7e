/* The glTF binary writer: hand-built scenes written as .glb, read back by
 * an independent reader (tests/export/check-glb.py, which also checks the
 * container, accessor bounds and alignment) and compared with the scene as
 * float32; checked by the Khronos validator (tests/export/validate-gltf.mjs)
 * when tools/dev has installed it; failures leave existing files as they were. */
#include <errno.h>
#include <signal.h>
#include <sys/resource.h>
#include <glib/gstdio.h>
#include <json-c/json.h>
#include <string.h>
#include <unistd.h>

#include "qr-export-gltf.h"
#include "qr-image-file.h"
#include "qr-io.h"
#include "qr-test-assert.h"
#include "qr-test-files.h"

/* The map's coordinates are not float-exact (0.1, -32.3), so the test sees
 * the writer round each double to float32 once. */
static const double cube_centre[3] = { 0.1, -32.3, 16.7 };
#define CUBE_HALF 32.0

G_DEFINE_AUTOPTR_CLEANUP_FUNC (json_object, json_object_put)

static guint
count_entries (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (d);
  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

/* ---- scenes ---- */

static QrImage *
test_image (int width, int height, guint8 seed)
{
  g_autoptr (GError) error = NULL;
  QrImage *image = qr_image_new (width, height, &error);

  g_assert_no_error (error);
  for (int i = 0; i < width * height; i++)
    {
      image->rgba[i * 4 + 0] = (guint8) (seed + i * 17);
      image->rgba[i * 4 + 1] = (guint8) (seed * 3 + i * 41);
      image->rgba[i * 4 + 2] = (guint8) (255 - i * 13);
      /* A cut-out texel and a half-transparent one: alpha must survive. */
      image->rgba[i * 4 + 3] = i == 5 ? 0 : i == 6 ? 128 : 255;
    }
  return image;
}

/* One face of an axis-aligned box: four corners counter-clockwise seen
 * from outside, two triangles. */
static void
add_box_face (QrExportPrimitive *prim, const double centre[3], double half, int axis, int sign)
{
  static const int us[4] = { -1, 1, 1, -1 }, vs[4] = { -1, -1, 1, 1 };
  int u = (axis + 1) % 3, v = (axis + 2) % 3;
  guint32 first = 0;

  for (int k = 0; k < 4; k++)
    {
      int c = sign > 0 ? k : 3 - k;
      double p[3], n[3] = { 0, 0, 0 }, uv[2];

      p[axis] = centre[axis] + sign * half;
      p[u] = centre[u] + us[c] * half;
      p[v] = centre[v] + vs[c] * half;
      n[axis] = sign;
      uv[0] = p[u] / 64.0;
      uv[1] = -p[v] / 64.0;
      guint32 index = qr_export_primitive_add_vertex (prim, p, n, uv);
      if (k == 0)
        first = index;
    }
  qr_export_primitive_add_triangle (prim, first, first + 1, first + 2);
  qr_export_primitive_add_triangle (prim, first, first + 2, first + 3);
}

/* Two objects: a cube of 12 triangles (four faces textured with a 4×4
 * RGBA texture, two untextured) and a door of one face; an empty object,
 * an empty primitive and an unused material, which the file leaves out. */
static QrExportScene *
cube_scene (void)
{
  QrExportScene *scene = qr_export_scene_new (QR_EXPORT_UP_Y, 1.0);
  guint slime = qr_export_scene_material (scene, "+0~slime", 4, 4, test_image (4, 4, 7));
  guint wall = qr_export_scene_material (scene, "base/wall*1", 64, 64, NULL);
  guint unused = qr_export_scene_material (scene, "unused", 8, 8, test_image (8, 8, 99));
  QrExportObject *world = qr_export_scene_add_object (scene, "worldspawn");
  QrExportPrimitive *textured = qr_export_object_primitive (world, slime);
  QrExportPrimitive *plain = qr_export_object_primitive (world, wall);
  static const double door_centre[3] = { 100.25, 0, 8 };

  for (int face = 0; face < 6; face++)
    add_box_face (face < 4 ? textured : plain, cube_centre, CUBE_HALF, face / 2, face % 2 ? 1 : -1);
  qr_export_object_primitive (world, unused);
  qr_export_scene_add_object (scene, "func_wall");
  add_box_face (qr_export_object_primitive (qr_export_scene_add_object (scene, "func_door door1"), slime),
                door_centre, 4.0, 0, 1);
  return scene;
}

/* ---- reading back ---- */

static char *
script_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "export", name, NULL);
}

/* The Python checker's view of the file; the checker must find nothing wrong. */
static json_object *
read_back (const char *path)
{
  g_autofree char *script = script_path ("check-glb.py");
  const char *argv[] = { "python3", script, path, "--dump", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  int status;
  json_object *dump;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status,
                               &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("check-glb.py found problems in %s:\n%s", path, err);
  dump = json_tokener_parse (out);
  g_assert_nonnull (dump);
  return dump;
}

static json_object *
get (json_object *obj, const char *key)
{
  json_object *value = NULL;

  if (!json_object_object_get_ex (obj, key, &value))
    g_error ("no \"%s\" in %s", key, json_object_to_json_string (obj));
  return value;
}

static json_object *
at (json_object *array, size_t i)
{
  g_assert_cmpuint (i, <, json_object_array_length (array));
  return json_object_array_get_idx (array, i);
}

/* The Khronos validator's report, or NULL (with a message) when tools/dev
 * has not installed it here. */
static json_object *
validate (const char *path)
{
  const char *modules = g_getenv ("QUARRY_GLTF_VALIDATOR");
  g_autofree char *node = g_find_program_in_path ("node");
  g_autofree char *package = modules != NULL ? g_build_filename (modules, "gltf-validator", NULL) : NULL;
  g_autofree char *script = script_path ("validate-gltf.mjs");
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  int status;

  if (node == NULL || package == NULL || !g_file_test (package, G_FILE_TEST_IS_DIR))
    {
      g_test_message ("the glTF validator is not installed (tools/dev test installs it with npm ci): "
                      "only the structural check ran on %s", path);
      return NULL;
    }
  const char *argv[] = { node, script, modules, path, NULL };
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("the glTF validator rejected %s:\n%s%s", path, out, err);
  return json_tokener_parse (out);
}

/* No errors and no warnings; infos and hints are listed in the test log. */
static void
assert_valid (const char *path)
{
  g_autoptr (json_object) report = validate (path);

  if (report == NULL)
    return;
  json_object *messages = get (report, "messages");
  for (size_t i = 0; i < json_object_array_length (messages); i++)
    g_test_message ("validator %s: %s %s at %s", json_object_get_string (get (at (messages, i), "severity")),
                    json_object_get_string (get (at (messages, i), "code")),
                    json_object_get_string (get (at (messages, i), "message")),
                    json_object_get_string (get (at (messages, i), "pointer")));
  g_test_message ("glTF validator %s: %d errors, %d warnings, %d infos, %d hints",
                  json_object_get_string (get (report, "validatorVersion")),
                  json_object_get_int (get (report, "errors")), json_object_get_int (get (report, "warnings")),
                  json_object_get_int (get (report, "infos")), json_object_get_int (get (report, "hints")));
  g_assert_cmpint (json_object_get_int (get (report, "errors")), ==, 0);
  g_assert_cmpint (json_object_get_int (get (report, "warnings")), ==, 0);
}

/* The file's values are the scene's, each rounded once to float32. */
static void
assert_floats (json_object *rows, const GArray *values, guint width)
{
  g_assert_cmpuint (json_object_array_length (rows) * width, ==, values->len);
  for (guint i = 0; i < values->len; i++)
    qr_test_assert_exact (json_object_get_double (at (at (rows, i / width), i % width)),
                          (double) (float) g_array_index (values, double, i));
}

static void
assert_primitive (json_object *got, const QrExportScene *scene, const QrExportPrimitive *want)
{
  const QrExportMaterial *m = g_ptr_array_index (scene->materials, want->material);
  json_object *indices = get (got, "indices");

  g_assert_cmpstr (json_object_get_string (get (got, "material")), ==, m->name);
  assert_floats (get (got, "positions"), want->positions, 3);
  assert_floats (get (got, "normals"), want->normals, 3);
  assert_floats (get (got, "uvs"), want->uvs, 2);
  g_assert_cmpuint (json_object_array_length (indices), ==, want->indices->len);
  for (guint i = 0; i < want->indices->len; i++)
    g_assert_cmpint (json_object_get_int64 (at (indices, i)), ==, g_array_index (want->indices, guint32, i));
  g_assert_cmpint (json_object_get_int (get (got, "index_type")), ==,
                   qr_export_primitive_n_vertices (want) <= 65535 ? 5123 : 5125);
}

/* Every non-empty object is a node of its name with the scene's primitives
 * (those with triangles) in order. */
static void
assert_objects (json_object *dump, const QrExportScene *scene)
{
  json_object *nodes = get (dump, "nodes");
  size_t n = 0;

  for (guint o = 0; o < scene->objects->len; o++)
    {
      const QrExportObject *object = g_ptr_array_index (scene->objects, o);
      json_object *node, *prims;
      size_t k = 0;

      if (qr_export_object_is_empty (object))
        continue;
      node = at (nodes, n++);
      g_assert_cmpstr (json_object_get_string (get (node, "name")), ==, object->name);
      g_assert_cmpstr (json_object_get_string (get (node, "mesh_name")), ==, object->name);
      prims = get (node, "primitives");
      for (guint p = 0; p < object->primitives->len; p++)
        {
          const QrExportPrimitive *prim = g_ptr_array_index (object->primitives, p);

          if (qr_export_primitive_n_triangles (prim) > 0)
            assert_primitive (at (prims, k++), scene, prim);
        }
      g_assert_cmpuint (json_object_array_length (prims), ==, k);
    }
  g_assert_cmpuint (json_object_array_length (nodes), ==, n);
}

/* The PNG the file holds or points at decodes to the material's pixels. */
static void
assert_image (json_object *image, const QrImage *want)
{
  g_autoptr (GError) error = NULL;
  g_autofree guchar *png = NULL;
  gsize size = 0;
  g_autoptr (QrImage) got = NULL;
  json_object *file = NULL;

  if (json_object_object_get_ex (image, "file", &file))
    {
      g_assert_true (g_file_get_contents (json_object_get_string (file), (char **) &png, &size, &error));
      g_assert_no_error (error);
    }
  else
    png = g_base64_decode (json_object_get_string (get (image, "png_base64")), &size);
  got = qr_image_file_decode (png, size, "texture.png", &error);
  g_assert_no_error (error);
  g_assert_cmpint (got->width, ==, want->width);
  g_assert_cmpint (got->height, ==, want->height);
  g_assert_cmpmem (got->rgba, (gsize) got->width * got->height * 4, want->rgba, (gsize) want->width * want->height * 4);
}

static void
assert_cube_materials (json_object *dump, const QrExportScene *scene)
{
  json_object *materials = get (dump, "materials");
  json_object *slime = at (materials, 0), *wall = at (materials, 1), *factor;
  const QrExportMaterial *want = g_ptr_array_index (scene->materials, 0);

  /* "unused" has no triangles: not written. */
  g_assert_cmpuint (json_object_array_length (materials), ==, 2);
  g_assert_cmpstr (json_object_get_string (get (slime, "name")), ==, "+0~slime");
  g_assert_cmpstr (json_object_get_string (get (slime, "alphaMode")), ==, "MASK");
  qr_test_assert_exact (json_object_get_double (get (slime, "metallicFactor")), 0);
  qr_test_assert_exact (json_object_get_double (get (slime, "roughnessFactor")), 1);
  g_assert_cmpint (json_object_get_int (at (get (slime, "wrap"), 0)), ==, 10497);
  g_assert_cmpint (json_object_get_int (at (get (slime, "wrap"), 1)), ==, 10497);
  g_assert_cmpstr (json_object_get_string (get (get (slime, "image"), "mimeType")), ==, "image/png");
  assert_image (get (slime, "image"), want->image);

  g_assert_cmpstr (json_object_get_string (get (wall, "name")), ==, "base/wall*1");
  g_assert_false (json_object_object_get_ex (wall, "image", NULL));
  g_assert_cmpstr (json_object_get_string (get (wall, "alphaMode")), ==, "OPAQUE");
  factor = get (wall, "baseColorFactor");
  for (int k = 0; k < 4; k++)
    qr_test_assert_exact (json_object_get_double (at (factor, k)), k < 3 ? 0.5 : 1.0);
  qr_test_assert_exact (json_object_get_double (get (wall, "metallicFactor")), 0);
}

/* The container's first bytes, read here rather than by the checker. */
static void
assert_header (const char *path)
{
  g_autofree char *data = NULL;
  gsize size = 0;
  guint32 words[5];

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  g_assert_cmpuint (size, >=, 20);
  memcpy (words, data, sizeof words);
  g_assert_cmpmem (data, 4, "glTF", 4);
  g_assert_cmpuint (GUINT32_FROM_LE (words[1]), ==, 2);
  g_assert_cmpuint (GUINT32_FROM_LE (words[2]), ==, size);
  g_assert_cmpuint (GUINT32_FROM_LE (words[3]) % 4, ==, 0);
  g_assert_cmpuint (GUINT32_FROM_LE (words[4]), ==, 0x4E4F534A);
  g_assert_cmpuint (size % 4, ==, 0);
}

/* ---- tests ---- */

static void
test_embedded (void)
{
  g_autoptr (QrExportScene) scene = cube_scene ();
  g_autofree char *dir = qr_test_temp_dir ("quarry-gltf-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "cube.glb", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (json_object) dump = NULL;
  json_object *asset;

  g_assert_true (qr_export_write_glb (scene, path, QR_EXPORT_TEXTURES_EMBEDDED, &error));
  g_assert_no_error (error);
  assert_header (path);
  dump = read_back (path);
  asset = get (dump, "asset");
  g_assert_cmpstr (json_object_get_string (get (asset, "version")), ==, "2.0");
  g_assert_cmpstr (json_object_get_string (get (asset, "generator")), ==, "Quarry");
  assert_objects (dump, scene);
  g_assert_cmpuint (json_object_array_length (get (dump, "nodes")), ==, 2);
  assert_cube_materials (dump, scene);
  g_assert_null (json_object_object_get (get (at (get (dump, "materials"), 0), "image"), "uri"));
  g_assert_cmpint (json_object_get_int (get (get (dump, "counts"), "images")), ==, 1);
  assert_valid (path);
  /* Nothing but the file: no texture folder, no temporary left over. */
  g_assert_cmpuint (count_entries (dir), ==, 1);
  qr_test_remove_tree (dir);
}

static void
test_external (void)
{
  g_autoptr (QrExportScene) scene = cube_scene ();
  g_autofree char *dir = qr_test_temp_dir ("quarry-gltf-XXXXXX");
  /* A space in the file's own name: the folder's URI must encode it. */
  g_autofree char *path = g_build_filename (dir, "my cube.glb", NULL);
  g_autofree char *png = g_build_filename (dir, "my cube_textures", "+0~slime.png", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (json_object) dump = NULL;
  json_object *image;

  g_assert_true (qr_export_write_glb (scene, path, QR_EXPORT_TEXTURES_EXTERNAL, &error));
  g_assert_no_error (error);
  assert_header (path);
  dump = read_back (path);
  assert_objects (dump, scene);
  assert_cube_materials (dump, scene);
  image = get (at (get (dump, "materials"), 0), "image");
  g_assert_cmpstr (json_object_get_string (get (image, "uri")), ==, "my%20cube_textures/%2B0~slime.png");
  g_assert_cmpstr (json_object_get_string (get (image, "file")), ==, png);
  g_assert_false (json_object_object_get_ex (image, "png_base64", NULL));
  assert_valid (path);
  /* The .glb and its folder, which holds the one texture with an image. */
  g_assert_cmpuint (count_entries (dir), ==, 2);
  g_autofree char *folder = g_path_get_dirname (png);
  g_assert_cmpuint (count_entries (folder), ==, 1);
  qr_test_remove_tree (dir);
}

/* Texture names as maps have them become distinct, portable file names;
 * the URIs percent-encode what RFC 3986 reserves. */
static void
test_external_names (void)
{
  static const struct
  {
    const char *texture, *file, *uri;
  } cases[] = {
    { "*lava1", "_lava1.png", "_lava1.png" },
    { "_lava1", "_lava1-2.png", "_lava1-2.png" },
    { "_LAVA1", "_LAVA1-3.png", "_LAVA1-3.png" },
    { "{fence", "{fence.png", "%7Bfence.png" },
    { "+0~slime", "+0~slime.png", "%2B0~slime.png" },
    { "textures/base_wall/metal#2", "textures_base_wall_metal#2.png", "textures_base_wall_metal%232.png" },
    { "CON", "CON_.png", "CON_.png" },
    { ".hidden", "_hidden.png", "_hidden.png" },
    { "tile 50%", "tile_50%.png", "tile_50%25.png" },
    { "caf\xc3\xa9", "caf__.png", "caf__.png" },
  };
  g_autoptr (QrExportScene) scene = qr_export_scene_new (QR_EXPORT_UP_Y, 1.0);
  QrExportObject *object = qr_export_scene_add_object (scene, "worldspawn");
  g_autofree char *dir = qr_test_temp_dir ("quarry-gltf-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "names.glb", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (json_object) dump = NULL;
  json_object *materials;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double centre[3] = { i * 10.0, 0, 0 };
      guint m = qr_export_scene_material (scene, cases[i].texture, 2, 2, test_image (2, 2, (guint8) i));

      add_box_face (qr_export_object_primitive (object, m), centre, 4.0, 2, 1);
    }
  g_assert_true (qr_export_write_glb (scene, path, QR_EXPORT_TEXTURES_EXTERNAL, &error));
  g_assert_no_error (error);
  dump = read_back (path);
  assert_objects (dump, scene);
  materials = get (dump, "materials");
  g_assert_cmpuint (json_object_array_length (materials), ==, G_N_ELEMENTS (cases));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      json_object *image = get (at (materials, i), "image");
      g_autofree char *uri = g_strconcat ("names_textures/", cases[i].uri, NULL);
      g_autofree char *file = g_build_filename (dir, "names_textures", cases[i].file, NULL);

      g_assert_cmpstr (json_object_get_string (get (at (materials, i), "name")), ==, cases[i].texture);
      g_assert_cmpstr (json_object_get_string (get (image, "uri")), ==, uri);
      g_assert_cmpstr (json_object_get_string (get (image, "file")), ==, file);
      assert_image (image, ((QrExportMaterial *) g_ptr_array_index (scene->materials, i))->image);
    }
  assert_valid (path);
  qr_test_remove_tree (dir);
}

/* Names are bytes from map files, not always UTF-8 (WAD names in Latin-1,
 * keys with stray bytes); JSON must be UTF-8, so each invalid byte becomes
 * U+FFFD rather than the file becoming unreadable. */
static void
test_names_not_utf8 (void)
{
  g_autoptr (QrExportScene) scene = qr_export_scene_new (QR_EXPORT_UP_Y, 1.0);
  QrExportObject *object = qr_export_scene_add_object (scene, "func_door d\xf6r");
  guint m = qr_export_scene_material (scene, "m\xe9tal", 2, 2, test_image (2, 2, 5));
  g_autofree char *dir = qr_test_temp_dir ("quarry-gltf-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "latin1.glb", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (json_object) dump = NULL;
  json_object *node, *material;
  static const double centre[3] = { 0, 0, 0 };

  add_box_face (qr_export_object_primitive (object, m), centre, 8.0, 1, -1);
  g_assert_true (qr_export_write_glb (scene, path, QR_EXPORT_TEXTURES_EXTERNAL, &error));
  g_assert_no_error (error);
  dump = read_back (path);
  node = at (get (dump, "nodes"), 0);
  material = at (get (dump, "materials"), 0);
  g_assert_cmpstr (json_object_get_string (get (node, "name")), ==, "func_door d\xef\xbf\xbdr");
  g_assert_cmpstr (json_object_get_string (get (material, "name")), ==, "m\xef\xbf\xbdtal");
  g_assert_cmpstr (json_object_get_string (get (get (material, "image"), "uri")), ==, "latin1_textures/m_tal.png");
  assert_image (get (material, "image"), ((QrExportMaterial *) g_ptr_array_index (scene->materials, 0))->image);
  assert_valid (path);
  qr_test_remove_tree (dir);
}

/* A primitive of n vertices in a strip of triangles (v, v+1, v+2). */
static QrExportScene *
strip_scene (guint n)
{
  QrExportScene *scene = qr_export_scene_new (QR_EXPORT_UP_Y, 1.0);
  QrExportObject *object = qr_export_scene_add_object (scene, "worldspawn");
  QrExportPrimitive *prim = qr_export_object_primitive (object, qr_export_scene_material (scene, "big", 64, 64, NULL));

  for (guint i = 0; i < n; i++)
    {
      double p[3] = { i * 0.5, (i % 2) * 3.0, 1.0 / (1 + i % 7) }, normal[3] = { 0, 0, 1 }, uv[2] = { i / 64.0, 0.1 };

      qr_export_primitive_add_vertex (prim, p, normal, uv);
    }
  for (guint i = 0; i + 2 < n; i += 3)
    qr_export_primitive_add_triangle (prim, i, i + 1, i + 2);
  /* The last vertex in use, so the largest index is n − 1. */
  qr_export_primitive_add_triangle (prim, n - 1, 0, 1);
  return scene;
}

/* 16-bit indices up to 65535 vertices (largest index 65534, below the
 * restart value), 32-bit from 65536. */
static void
test_index_width (void)
{
  static const guint sizes[] = { 65535, 65536 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (QrExportScene) scene = strip_scene (sizes[s]);
      g_autofree char *dir = qr_test_temp_dir ("quarry-gltf-XXXXXX");
      g_autofree char *path = g_build_filename (dir, "strip.glb", NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (json_object) dump = NULL;

      g_assert_true (qr_export_write_glb (scene, path, QR_EXPORT_TEXTURES_EMBEDDED, &error));
      g_assert_no_error (error);
      dump = read_back (path);
      assert_objects (dump, scene);
      g_assert_cmpint (json_object_get_int (get (at (get (at (get (dump, "nodes"), 0), "primitives"), 0), "index_type")),
                       ==, s == 0 ? 5123 : 5125);
      assert_valid (path);
      qr_test_remove_tree (dir);
    }
}

/* Nothing to export is still a valid file: one scene without nodes. */
static void
test_empty (void)
{
  g_autoptr (QrExportScene) scene = qr_export_scene_new (QR_EXPORT_UP_Y, 1.0);
  g_autofree char *dir = qr_test_temp_dir ("quarry-gltf-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "empty.glb", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (json_object) dump = NULL;

  qr_export_scene_add_object (scene, "worldspawn");
  qr_export_scene_material (scene, "never", 4, 4, test_image (4, 4, 1));
  for (int mode = 0; mode < 2; mode++)
    {
      g_assert_true (qr_export_write_glb (scene, path, mode ? QR_EXPORT_TEXTURES_EXTERNAL : QR_EXPORT_TEXTURES_EMBEDDED,
                                          &error));
      g_assert_no_error (error);
      assert_header (path);
      dump = read_back (path);
      g_assert_cmpuint (json_object_array_length (get (dump, "nodes")), ==, 0);
      g_assert_cmpuint (json_object_array_length (get (dump, "materials")), ==, 0);
      g_clear_pointer (&dump, json_object_put);
      assert_valid (path);
      /* No texture folder for a material nothing uses. */
      g_assert_cmpuint (count_entries (dir), ==, 1);
    }
  qr_test_remove_tree (dir);
}

/* Data a .glb cannot hold fails before any file is touched. */
static void
test_bad_data (void)
{
  g_autoptr (QrExportScene) scene = cube_scene ();
  g_autofree char *dir = qr_test_temp_dir ("quarry-gltf-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "bad.glb", NULL);
  g_autoptr (GError) error = NULL;
  QrExportObject *world = g_ptr_array_index (scene->objects, 0);
  QrExportPrimitive *prim = g_ptr_array_index (world->primitives, 0);

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  qr_export_primitive_add_triangle (prim, 0, 1, qr_export_primitive_n_vertices (prim));
  g_assert_false (qr_export_write_glb (scene, path, QR_EXPORT_TEXTURES_EXTERNAL, &error));
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_UNSUPPORTED);
  g_clear_error (&error);
  g_array_set_size (prim->indices, prim->indices->len - 3);
  g_array_index (prim->positions, double, 4) = 1e39; /* beyond float */
  g_assert_false (qr_export_write_glb (scene, path, QR_EXPORT_TEXTURES_EMBEDDED, &error));
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_UNSUPPORTED);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "old");
  g_assert_cmpuint (count_entries (dir), ==, 1);
  qr_test_remove_tree (dir);
}

/* Writes into folders the writer may not change: as root, whom permissions
 * do not stop, the subprocess becomes nobody first. */
static void
write_as_unprivileged (const char *path, QrExportTextures textures)
{
  g_autoptr (QrExportScene) scene = cube_scene ();
  g_autoptr (GError) error = NULL;

  if (geteuid () == 0)
    {
      g_assert_cmpint (setgid (65534), ==, 0);
      g_assert_cmpint (setuid (65534), ==, 0);
    }
  g_assert_false (qr_export_write_glb (scene, path, textures, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ACCES);
  g_assert_nonnull (strstr (error->message, g_getenv ("QUARRY_TEST_GLB_FOLDER")));
  g_test_message ("%s", error->message);
}

static const char old_glb[] = "glTF\x02\0\0\0 an earlier export, byte for byte";

static void
test_read_only (void)
{
  const char *root_dir = g_getenv ("QUARRY_TEST_GLB_ROOT");

  if (g_test_subprocess ())
    {
      g_autofree char *ro = g_build_filename (root_dir, "read-only", "out.glb", NULL);
      g_autofree char *locked = g_build_filename (root_dir, "textures-locked", "out.glb", NULL);

      /* The folder refuses the temporary file, and the texture folder. */
      g_setenv ("QUARRY_TEST_GLB_FOLDER", "read-only", TRUE);
      write_as_unprivileged (ro, QR_EXPORT_TEXTURES_EMBEDDED);
      write_as_unprivileged (ro, QR_EXPORT_TEXTURES_EXTERNAL);
      /* The texture folder refuses its PNG: the .glb is not written either. */
      g_setenv ("QUARRY_TEST_GLB_FOLDER", "out_textures", TRUE);
      write_as_unprivileged (locked, QR_EXPORT_TEXTURES_EXTERNAL);
      return;
    }

  g_autofree char *dir = qr_test_temp_dir ("quarry-gltf-XXXXXX");
  g_autofree char *ro = g_build_filename (dir, "read-only", NULL);
  g_autofree char *locked = g_build_filename (dir, "textures-locked", NULL);
  g_autofree char *textures = g_build_filename (locked, "out_textures", NULL);
  const char *folders[] = { ro, locked };

  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    {
      g_autofree char *file = g_build_filename (folders[i], "out.glb", NULL);

      g_assert_cmpint (g_mkdir (folders[i], 0755), ==, 0);
      g_assert_true (g_file_set_contents (file, old_glb, sizeof old_glb, NULL));
    }
  g_assert_cmpint (g_mkdir (textures, 0755), ==, 0);
  /* The file itself is writable: only a write that replaces it through a
   * temporary file is refused, one that rewrites it in place is not. */
  g_autofree char *old_file = g_build_filename (ro, "out.glb", NULL);
  g_assert_cmpint (g_chmod (old_file, 0666), ==, 0);
  g_assert_cmpint (g_chmod (ro, 0555), ==, 0);
  g_assert_cmpint (g_chmod (locked, 0777), ==, 0);
  g_assert_cmpint (g_chmod (textures, 0555), ==, 0);

  g_setenv ("QUARRY_TEST_GLB_ROOT", dir, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();

  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    {
      g_autofree char *file = g_build_filename (folders[i], "out.glb", NULL);
      g_autofree char *data = NULL;
      gsize size = 0;

      g_assert_true (g_file_get_contents (file, &data, &size, NULL));
      g_assert_cmpmem (data, size, old_glb, sizeof old_glb);
    }
  /* No temporary files and no texture folder were left behind. */
  g_assert_cmpuint (count_entries (ro), ==, 1);
  g_assert_cmpuint (count_entries (locked), ==, 2);
  g_assert_cmpuint (count_entries (textures), ==, 0);
  qr_test_remove_tree (dir);
}

/* A write that runs out of room (the file size limit stands in for a full
 * disk, as in test-save.c) fails and leaves the previous file as it was. */
static void
test_full_disk (void)
{
  g_autoptr (QrExportScene) scene = cube_scene ();
  g_autofree char *dir = qr_test_temp_dir ("quarry-gltf-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "full.glb", NULL);
  g_autofree char *data = NULL;
  g_autoptr (GError) error = NULL;
  struct rlimit saved, small;
  void (*old_handler) (int);
  gsize size = 0;
  bool ok;

  /* A texture of random texels compresses to more than the limit. */
  qr_export_scene_material (scene, "noise", 128, 128, NULL);
  QrExportMaterial *noise = g_ptr_array_index (scene->materials, scene->materials->len - 1);
  g_autoptr (GRand) rand = g_rand_new_with_seed (18);
  noise->image = test_image (128, 128, 3);
  for (int i = 0; i < 128 * 128 * 4; i++)
    noise->image->rgba[i] = (guint8) g_rand_int (rand);
  add_box_face (qr_export_object_primitive (g_ptr_array_index (scene->objects, 0), scene->materials->len - 1),
                cube_centre, 100.0, 2, 1);

  g_assert_true (g_file_set_contents (path, old_glb, sizeof old_glb, NULL));
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  small = saved;
  small.rlim_cur = 16384;
  old_handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &small), ==, 0);
  ok = qr_export_write_glb (scene, path, QR_EXPORT_TEXTURES_EMBEDDED, &error);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  signal (SIGXFSZ, old_handler);
  g_assert_false (ok);
  /* EFBIG, which GFileError has no name for. */
  g_assert_true (error != NULL && error->domain == G_FILE_ERROR);
  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  g_assert_cmpmem (data, size, old_glb, sizeof old_glb);
  g_assert_cmpuint (count_entries (dir), ==, 1);
  /* With room, the same scene writes. */
  g_clear_error (&error);
  g_assert_true (qr_export_write_glb (scene, path, QR_EXPORT_TEXTURES_EMBEDDED, &error));
  g_assert_no_error (error);
  g_autoptr (json_object) dump = read_back (path);
  assert_objects (dump, scene);
  qr_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export/gltf/embedded", test_embedded);
  g_test_add_func ("/export/gltf/external", test_external);
  g_test_add_func ("/export/gltf/external-names", test_external_names);
  g_test_add_func ("/export/gltf/names-not-utf8", test_names_not_utf8);
  g_test_add_func ("/export/gltf/index-width", test_index_width);
  g_test_add_func ("/export/gltf/empty", test_empty);
  g_test_add_func ("/export/gltf/bad-data", test_bad_data);
  g_test_add_func ("/export/gltf/read-only", test_read_only);
  g_test_add_func ("/export/gltf/full-disk", test_full_disk);
  return g_test_run ();
}
