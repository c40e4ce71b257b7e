/* quarry-cli from the outside: exit codes, the exact JSON schemas, files. */
#include "qr-image-file.h"
#include "qr-test-corpus.h"
#include "qr-test-files.h"
#include "qr-wad.h"

#include <glib/gstdio.h>
#include <json-c/json.h>
#include <math.h>
#include <string.h>

static char *
write_temp (const char *name, const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("quarry-cli-test-XXXXXX", &error);
  char *path;

  g_assert_no_error (error);
  path = g_build_filename (dir, name, NULL);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

static void
remove_temp (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_unlink (p);
    }
  g_rmdir (dir);
}

/* A 64 × 32 × 16 box at the origin, then a brush with collinear points. */
static const char box_map[] =
  "{\n"
  "\"classname\" \"worldspawn\"\n"
  "{\n"
  "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) wall 0 0 0 1 1\n"
  "( 64 0 0 ) ( 64 0 1 ) ( 64 1 0 ) wall 0 0 0 1 1\n"
  "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) wall 0 0 0 1 1\n"
  "( 0 32 0 ) ( 1 32 0 ) ( 0 32 1 ) wall 0 0 0 1 1\n"
  "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) floor 0 0 0 1 1\n"
  "( 0 0 16 ) ( 0 1 16 ) ( 1 0 16 ) ceiling 0 0 0 1 1\n"
  "}\n"
  "{\n"
  "( 0 0 0 ) ( 1 1 1 ) ( 2 2 2 ) bad 0 0 0 1 1\n"
  "( 64 0 0 ) ( 64 0 1 ) ( 64 1 0 ) bad 0 0 0 1 1\n"
  "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) bad 0 0 0 1 1\n"
  "( 0 32 0 ) ( 1 32 0 ) ( 0 32 1 ) bad 0 0 0 1 1\n"
  "}\n"
  "}\n"
  "{\n"
  "\"classname\" \"info_player_start\"\n"
  "\"origin\" \"8 8 8\"\n"
  "}\n";

static double
num (json_object *o)
{
  g_assert_true (json_object_is_type (o, json_type_double) || json_object_is_type (o, json_type_int));
  return json_object_get_double (o);
}

static json_object *
field (json_object *o, const char *key)
{
  json_object *v = NULL;

  if (!json_object_object_get_ex (o, key, &v))
    g_error ("missing key “%s” in %s", key, json_object_to_json_string (o));
  return v;
}

static void
test_usage (void)
{
  g_auto (QrTestRun) none = { 0 };
  g_auto (QrTestRun) unknown = { 0 };
  g_auto (QrTestRun) help = { 0 };
  g_auto (QrTestRun) mesh_no_json = { 0 };

  qr_test_run_cliv (&none, (const char *const[]) { NULL });
  g_assert_cmpint (none.status, ==, 2);
  g_assert_nonnull (strstr (none.err, "Usage"));
  qr_test_run_cli (&unknown, "frobnicate", NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "frobnicate"));
  qr_test_run_cli (&help, "--help", NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "convert"));
  g_assert_nonnull (strstr (help.out, "entdef"));
  qr_test_run_cli (&mesh_no_json, "mesh", "x.map", NULL);
  g_assert_cmpint (mesh_no_json.status, ==, 2);
}

static void
test_bad_input (void)
{
  g_autofree char *path = write_temp ("broken.map", "{\n\"classname\" \"worldspawn\"\n{\n( 0 0 0 ) ( 1 0 0 ) ( 0 x 0 ) a 0 0 0 1 1\n}\n}\n");
  g_auto (QrTestRun) r = { 0 };
  g_auto (QrTestRun) missing = { 0 };
  g_autofree char *expected = g_strdup_printf ("%s:4:25: expected a number, found “x”", path);

  qr_test_run_cli (&r, "info", path, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, expected));
  qr_test_run_cli (&missing, "info", "/nonexistent/quarry.map", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "/nonexistent/quarry.map"));
  remove_temp (path);
}

static void
test_info_json (void)
{
  g_autofree char *path = write_temp ("box.map", box_map);
  g_auto (QrTestRun) r = { 0 };
  json_object *root, *invalid, *bounds, *textures;

  qr_test_run_cli (&r, "info", path, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = json_tokener_parse (r.out);
  g_assert_nonnull (root);
  g_assert_cmpstr (json_object_get_string (field (root, "dialect")), ==, "quake");
  g_assert_cmpint (json_object_get_int (field (root, "entities")), ==, 2);
  g_assert_cmpint (json_object_get_int (field (root, "brushes")), ==, 2);
  g_assert_cmpint (json_object_get_int (field (root, "faces")), ==, 10);

  invalid = field (root, "invalid");
  g_assert_cmpint (json_object_array_length (invalid), ==, 1);
  g_assert_cmpstr (json_object_get_string (field (json_object_array_get_idx (invalid, 0), "brush")), ==, "0:1");
  g_assert_nonnull (strstr (json_object_get_string (field (json_object_array_get_idx (invalid, 0), "reason")),
                            "face 0"));

  bounds = field (root, "bounds");
  g_assert_cmpfloat (num (json_object_array_get_idx (field (bounds, "max"), 0)), ==, 64);
  g_assert_cmpfloat (num (json_object_array_get_idx (field (bounds, "max"), 1)), ==, 32);
  g_assert_cmpfloat (num (json_object_array_get_idx (field (bounds, "max"), 2)), ==, 16);
  g_assert_cmpfloat (num (json_object_array_get_idx (field (bounds, "min"), 0)), ==, 0);

  textures = field (root, "textures");
  g_assert_cmpint (json_object_array_length (textures), ==, 4);
  g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (textures, 0)), ==, "bad");
  g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (textures, 3)), ==, "wall");
  json_object_put (root);
  remove_temp (path);
}

/* A VMF side of the 64 × 64 × 16 block's top (z 16) with a power-2
 * displacement whose middle vertex stands `height` above it. */
static char *
displaced_block_vmf (double height)
{
  GString *s = g_string_new ("world\n{\n\"id\" \"1\"\n\"classname\" \"worldspawn\"\nsolid\n{\n\"id\" \"2\"\n");
  static const char *const planes[6] = {
    "(0 64 16) (64 64 16) (64 0 16)", "(0 0 0) (64 0 0) (64 64 0)",   "(0 0 0) (0 64 0) (0 64 16)",
    "(64 64 0) (64 0 0) (64 0 16)",   "(64 0 0) (0 0 0) (0 0 16)",    "(0 64 0) (64 64 0) (64 64 16)",
  };
  static const char *const blocks[5] = { "normals", "distances", "offsets", "offset_normals", "alphas" };

  for (int f = 0; f < 6; f++)
    {
      g_string_append_printf (s, "side\n{\n\"id\" \"%d\"\n\"plane\" \"%s\"\n\"material\" \"dev/floor\"\n"
                                 "\"uaxis\" \"[1 0 0 0] 0.25\"\n\"vaxis\" \"[0 -1 0 0] 0.25\"\n",
                              10 + f, planes[f]);
      if (f == 0)
        {
          g_string_append (s, "dispinfo\n{\n\"power\" \"2\"\n\"startposition\" \"[0 0 16]\"\n\"elevation\" \"0\"\n");
          for (int b = 0; b < 5; b++)
            {
              g_string_append_printf (s, "%s\n{\n", blocks[b]);
              for (int r = 0; r < 5; r++)
                {
                  g_string_append_printf (s, "\"row%d\" \"", r);
                  for (int c = 0; c < 5; c++)
                    {
                      const char *v = b == 0 || b == 3 ? "0 0 1" : b == 2 ? "0 0 0" : "0";
                      g_autofree char *d = g_strdup_printf ("%g", height);

                      g_string_append_printf (s, "%s%s", c ? " " : "", b == 1 && r == 2 && c == 2 ? d : v);
                    }
                  g_string_append (s, "\"\n");
                }
              g_string_append (s, "}\n");
            }
          g_string_append (s, "}\n");
        }
      g_string_append (s, "}\n");
    }
  g_string_append (s, "}\n}\n");
  return g_string_free (s, FALSE);
}

/* The bounds `info` gives hold a displaced surface (what the views draw),
 * not only the flat brush under it. */
static void
test_info_displaced_bounds (void)
{
  g_autofree char *text = displaced_block_vmf (100);
  g_autofree char *path = write_temp ("hill.vmf", text);
  g_auto (QrTestRun) r = { 0 };
  json_object *root, *bounds;

  qr_test_run_cli (&r, "info", path, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = json_tokener_parse (r.out);
  g_assert_nonnull (root);
  bounds = field (root, "bounds");
  g_assert_cmpfloat (num (json_object_array_get_idx (field (bounds, "max"), 2)), ==, 116);
  g_assert_cmpfloat (num (json_object_array_get_idx (field (bounds, "min"), 2)), ==, 0);
  json_object_put (root);
  remove_temp (path);
}

/* Patches are counted; one that does not read is listed with where it
 * stopped, and the load still succeeds. */
static void
test_info_patches (void)
{
  g_autofree char *path = write_temp ("patches.map",
    "{\n\"classname\" \"worldspawn\"\n"
    "{\npatchDef2\n{\nx\n( 3 3 0 0 0 )\n(\n"
    "( ( 0 0 0 0 0 ) ( 0 1 0 0 1 ) ( 0 2 0 0 2 ) )\n( ( 1 0 0 0 0 ) ( 1 1 0 0 1 ) ( 1 2 0 0 2 ) )\n"
    "( ( 2 0 0 0 0 ) ( 2 1 0 0 1 ) ( 2 2 0 0 2 ) )\n)\n}\n}\n"
    "{\npatchDef2\n{\nx\n( 3 3 0 0 0 )\n(\n( ( 0 0 0 0 0 ) ( 0 1 0 0 1 ) ( 0 2 0 0 2 ) )\n)\n}\n}\n"
    "}\n");
  g_auto (QrTestRun) r = { 0 };
  g_auto (QrTestRun) m = { 0 };
  g_autofree char *expected = g_strdup_printf ("%s:22:1: expected “(” starting a row of control points, found “)”", path);
  json_object *root, *bad, *patch, *verts, *last;

  qr_test_run_cli (&r, "info", path, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = json_tokener_parse (r.out);
  g_assert_nonnull (root);
  g_assert_cmpint (json_object_get_int (field (root, "patches")), ==, 1);
  g_assert_cmpint (json_object_get_int (field (root, "kept_blocks")), ==, 2);
  bad = field (root, "invalid_patches");
  g_assert_cmpint (json_object_array_length (bad), ==, 1);
  g_assert_cmpint (json_object_get_int (field (json_object_array_get_idx (bad, 0), "entity")), ==, 0);
  g_assert_cmpstr (json_object_get_string (field (json_object_array_get_idx (bad, 0), "reason")), ==, expected);
  json_object_put (root);

  /* mesh lists the good patch's tessellation: a flat square, one cell. */
  qr_test_run_cli (&m, "mesh", path, "--json", NULL);
  g_assert_cmpint (m.status, ==, 0);
  root = json_tokener_parse (m.out);
  g_assert_nonnull (root);
  patch = json_object_array_get_idx (field (json_object_array_get_idx (field (root, "entities"), 0), "patches"), 0);
  g_assert_cmpstr (json_object_get_string (field (patch, "texture")), ==, "x");
  g_assert_cmpint (json_object_get_int (field (patch, "rows")), ==, 2);
  g_assert_cmpint (json_object_get_int (field (patch, "cols")), ==, 2);
  verts = field (patch, "vertices");
  g_assert_cmpint (json_object_array_length (verts), ==, 4);
  last = json_object_array_get_idx (verts, 3);
  g_assert_cmpfloat (num (json_object_array_get_idx (last, 0)), ==, 2);
  g_assert_cmpfloat (num (json_object_array_get_idx (last, 1)), ==, 2);
  g_assert_cmpint (json_object_array_length (field (patch, "triangles")), ==, 2);
  g_assert_cmpint (json_object_get_int (json_object_array_get_idx (json_object_array_get_idx (field (patch, "triangles"), 1), 1)), ==, 3);
  json_object_put (root);
  remove_temp (path);
}

static void
test_mesh_json (void)
{
  g_autofree char *path = write_temp ("box.map", box_map);
  g_auto (QrTestRun) r = { 0 };
  json_object *root, *entities, *world, *brushes, *box, *bad, *faces;
  static const char *const allowed_root[] = { "entities" };

  qr_test_run_cli (&r, "mesh", path, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = json_tokener_parse (r.out);
  g_assert_nonnull (root);
  g_assert_cmpint (json_object_object_length (root), ==, G_N_ELEMENTS (allowed_root));

  entities = field (root, "entities");
  g_assert_cmpint (json_object_array_length (entities), ==, 2);
  world = json_object_array_get_idx (entities, 0);
  g_assert_cmpint (json_object_object_length (world), ==, 2);
  g_assert_cmpstr (json_object_get_string (field (world, "classname")), ==, "worldspawn");
  g_assert_cmpstr (json_object_get_string (field (json_object_array_get_idx (entities, 1), "classname")),
                   ==, "info_player_start");
  g_assert_cmpint (json_object_array_length (field (json_object_array_get_idx (entities, 1), "brushes")), ==, 0);

  brushes = field (world, "brushes");
  g_assert_cmpint (json_object_array_length (brushes), ==, 2);
  box = json_object_array_get_idx (brushes, 0);
  g_assert_cmpint (json_object_get_int (field (box, "index")), ==, 0);
  g_assert_true (json_object_get_boolean (field (box, "valid")));
  bad = json_object_array_get_idx (brushes, 1);
  g_assert_cmpint (json_object_get_int (field (bad, "index")), ==, 1);
  g_assert_false (json_object_get_boolean (field (bad, "valid")));
  g_assert_nonnull (strstr (json_object_get_string (field (bad, "reason")), "collinear"));
  g_assert_false (json_object_object_get_ex (bad, "faces", NULL));

  faces = field (box, "faces");
  g_assert_cmpint (json_object_array_length (faces), ==, 6);
  for (size_t f = 0; f < 6; f++)
    {
      json_object *face = json_object_array_get_idx (faces, f);
      json_object *plane = field (face, "plane");
      json_object *verts = field (face, "vertices");
      json_object *uv = field (face, "uv");
      double n[3], d, newell[3] = { 0, 0, 0 };
      size_t nv = json_object_array_length (verts);

      g_assert_cmpint (json_object_object_length (face), ==, 4);
      g_assert_cmpint (json_object_array_length (uv), ==, nv);
      g_assert_cmpint (json_object_array_length (plane), ==, 4);
      for (int k = 0; k < 3; k++)
        n[k] = num (json_object_array_get_idx (plane, k));
      d = num (json_object_array_get_idx (plane, 3));
      g_assert_cmpint (nv, ==, 4);
      for (size_t v = 0; v < nv; v++)
        {
          json_object *a = json_object_array_get_idx (verts, v);
          json_object *b = json_object_array_get_idx (verts, (v + 1) % nv);
          double p[3], q[3];

          for (int k = 0; k < 3; k++)
            {
              p[k] = num (json_object_array_get_idx (a, k));
              q[k] = num (json_object_array_get_idx (b, k));
            }
          /* Corners of the box, exactly, and on the face's plane. */
          g_assert_true (p[0] == 0 || p[0] == 64);
          g_assert_true (p[1] == 0 || p[1] == 32);
          g_assert_true (p[2] == 0 || p[2] == 16);
          g_assert_cmpfloat (n[0] * p[0] + n[1] * p[1] + n[2] * p[2], ==, d);
          /* Standard faces, no shift, rotation or scale: texels are the
           * base axes' coordinates, S·p and T·p, per vertex in order.
           * Floor and ceiling: S = +X, T = -Y; X walls: S = +Y, T = -Z;
           * Y walls: S = +X, T = -Z (qbsp's baseaxis table). */
          {
            json_object *st = json_object_array_get_idx (uv, v);
            double s_want = n[2] != 0 ? p[0] : n[0] != 0 ? p[1] : p[0];
            double t_want = n[2] != 0 ? -p[1] : -p[2];

            g_assert_cmpint (json_object_array_length (st), ==, 2);
            g_assert_cmpfloat (num (json_object_array_get_idx (st, 0)), ==, s_want);
            g_assert_cmpfloat (num (json_object_array_get_idx (st, 1)), ==, t_want);
          }
          newell[0] += (p[1] - q[1]) * (p[2] + q[2]);
          newell[1] += (p[2] - q[2]) * (p[0] + q[0]);
          newell[2] += (p[0] - q[0]) * (p[1] + q[1]);
        }
      /* Counter-clockwise seen from outside: the loop's normal is the plane's. */
      g_assert_cmpfloat (newell[0] * n[0] + newell[1] * n[1] + newell[2] * n[2], >, 0);
    }
  g_assert_cmpstr (json_object_get_string (field (json_object_array_get_idx (faces, 4), "texture")), ==, "floor");
  g_assert_cmpfloat (num (json_object_array_get_idx (field (json_object_array_get_idx (faces, 4), "plane"), 2)), ==, -1);
  json_object_put (root);
  remove_temp (path);
}


/* A Quake 3 map: a brushDef cube (0..64) and a legacy box (x 100..164)
 * whose corner is cut by a slope of normal ∝ (10000, 0, 9999), x ahead of
 * z by 7e-5, less than q3map2's 0.0001 margin. */
static const char q3_map[] =
  "{\n"
  "\"classname\" \"worldspawn\"\n"
  "{\nbrushDef\n{\n"
  "( 0 1 64 ) ( 1 0 64 ) ( 0 0 64 ) ( ( 0.015625 0 0 ) ( 0 0.015625 0 ) ) a 0 0 0\n"
  "( 1 0 0 ) ( 0 1 0 ) ( 0 0 0 ) ( ( 0.015625 0 0.5 ) ( 0 0.03125 0 ) ) a 0 0 0\n"
  "( 0 1 0 ) ( 0 0 1 ) ( 0 0 0 ) ( ( 0.03125 0.0078125 0.25 ) ( -0.0078125 0.03125 0 ) ) a 0 0 0\n"
  "( 64 0 1 ) ( 64 1 0 ) ( 64 0 0 ) ( ( 0.0078125 0.0078125 0 ) ( -0.0078125 0.0078125 0 ) ) a 0 0 0\n"
  "( 0 0 1 ) ( 1 0 0 ) ( 0 0 0 ) ( ( -0.015625 0 0 ) ( 0 0.015625 0.75 ) ) a 0 0 0\n"
  "( 1 64 0 ) ( 0 64 1 ) ( 0 64 0 ) ( ( 0.015625 0 0 ) ( 0 -0.015625 0 ) ) a 0 0 0\n"
  "}\n}\n"
  "{\n"
  "( 100 0 0 ) ( 100 1 0 ) ( 100 0 1 ) b 0 0 0 1 1 0 0 0\n"
  "( 164 0 0 ) ( 164 0 1 ) ( 164 1 0 ) b 0 0 0 1 1 0 0 0\n"
  "( 100 0 0 ) ( 100 0 1 ) ( 101 0 0 ) b 0 0 0 1 1 0 0 0\n"
  "( 100 64 0 ) ( 101 64 0 ) ( 100 64 1 ) b 0 0 0 1 1 0 0 0\n"
  "( 100 0 0 ) ( 101 0 0 ) ( 100 1 0 ) b 0 0 0 1 1 0 0 0\n"
  "( 100 0 64 ) ( 100 1 64 ) ( 101 0 64 ) b 0 0 0 1 1 0 0 0\n"
  "( 132 0 64 ) ( 132 64 64 ) ( 10131 0 -9936 ) slope 0 0 0 1 1 0 0 0\n"
  "}\n"
  "}\n";

/* A Valve 220 box with skewed, scaled and shifted axes on every face. */
static const char valve_map[] =
  "{\n\"classname\" \"worldspawn\"\n\"mapversion\" \"220\"\n{\n"
  "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) v [ 0.6 0.8 0 4 ] [ 0 0 -1 -2 ] 0 0.5 2\n"
  "( 64 0 0 ) ( 64 0 1 ) ( 64 1 0 ) v [ 0 1 0 0 ] [ 0 0.6 -0.8 3 ] 0 -1 0.25\n"
  "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) v [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 0 0\n"
  "( 0 32 0 ) ( 1 32 0 ) ( 0 32 1 ) v [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) v [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  "( 0 0 16 ) ( 0 1 16 ) ( 1 0 16 ) v [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  "}\n}\n";

static void
vec_of (json_object *a, double v[3])
{
  for (int k = 0; k < 3; k++)
    v[k] = num (json_object_array_get_idx (a, k));
}

/* The uv of every vertex of every face of the mesh, checked with `expect`. */
typedef void (*UvExpect) (const double n[3], const double p[3], int face, double out[2]);

static void
check_mesh_uv (const char *name, const char *text, guint n_brushes, UvExpect expect)
{
  g_autofree char *path = write_temp (name, text);
  g_auto (QrTestRun) r = { 0 };
  json_object *root, *brushes;
  int seen = 0;

  qr_test_run_cli (&r, "mesh", path, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = json_tokener_parse (r.out);
  g_assert_nonnull (root);
  brushes = field (json_object_array_get_idx (field (root, "entities"), 0), "brushes");
  g_assert_cmpint (json_object_array_length (brushes), ==, n_brushes);
  for (guint b = 0; b < n_brushes; b++)
    {
      json_object *brush = json_object_array_get_idx (brushes, b);
      json_object *faces = field (brush, "faces");

      g_assert_true (json_object_get_boolean (field (brush, "valid")));
      for (size_t f = 0; f < json_object_array_length (faces); f++)
        {
          json_object *face = json_object_array_get_idx (faces, f);
          json_object *verts = field (face, "vertices"), *uv = field (face, "uv");
          double n[3];

          vec_of (field (face, "plane"), n);
          g_assert_cmpint (json_object_array_length (uv), ==, json_object_array_length (verts));
          for (size_t v = 0; v < json_object_array_length (verts); v++)
            {
              json_object *st = json_object_array_get_idx (uv, v);
              double p[3], want[2];

              vec_of (json_object_array_get_idx (verts, v), p);
              expect (n, p, (int) (b * 100 + f), want);
              g_assert_cmpint (json_object_array_length (st), ==, 2);
              g_assert_cmpfloat_with_epsilon (num (json_object_array_get_idx (st, 0)), want[0], 1e-12);
              g_assert_cmpfloat_with_epsilon (num (json_object_array_get_idx (st, 1)), want[1], 1e-12);
              seen++;
            }
        }
    }
  /* 6 faces of 4 + (5 of 4, 2 of 5, the slope's 4)… at least every face. */
  g_assert_cmpint (seen, >=, 24 * (int) n_brushes);
  json_object_put (root);
  remove_temp (path);
}

/* brushDef: ComputeAxisBase by hand for each axial normal, then
 * s = m00·x + m01·y + m02 and t = m10·x + m11·y + m12 (normalised units).
 * The legacy box: standard texels; the slope takes q3map2's floor (x, -y),
 * where qbsp would take the west wall (y, -z). */
static void
expect_q3 (const double n[3], const double p[3], int face, double out[2])
{
  static const double m[6][2][3] = {
    { { 0.015625, 0, 0 }, { 0, 0.015625, 0 } },
    { { 0.015625, 0, 0.5 }, { 0, 0.03125, 0 } },
    { { 0.03125, 0.0078125, 0.25 }, { -0.0078125, 0.03125, 0 } },
    { { 0.0078125, 0.0078125, 0 }, { -0.0078125, 0.0078125, 0 } },
    { { -0.015625, 0, 0 }, { 0, 0.015625, 0.75 } },
    { { 0.015625, 0, 0 }, { 0, -0.015625, 0 } },
  };
  double x, y;

  if (face >= 100)
    {
      if (n[0] > 0 && n[2] > 0)
        out[0] = p[0], out[1] = -p[1];             /* slope: floor under q3map2 */
      else if (n[2] != 0)
        out[0] = p[0], out[1] = -p[1];
      else if (n[0] != 0)
        out[0] = p[1], out[1] = -p[2];
      else
        out[0] = p[0], out[1] = -p[2];
      return;
    }
  if (n[2] > 0)
    x = p[1], y = p[0];           /* s (0,1,0), t (1,0,0) */
  else if (n[2] < 0)
    x = p[1], y = -p[0];          /* s (0,1,0), t (-1,0,0) */
  else if (n[0] > 0)
    x = p[1], y = -p[2];          /* s (0,1,0), t (0,0,-1) */
  else if (n[0] < 0)
    x = -p[1], y = -p[2];         /* s (0,-1,0), t (0,0,-1) */
  else if (n[1] > 0)
    x = -p[0], y = -p[2];         /* s (-1,0,0), t (0,0,-1) */
  else
    x = p[0], y = -p[2];          /* s (1,0,0), t (0,0,-1) */
  out[0] = m[face][0][0] * x + m[face][0][1] * y + m[face][0][2];
  out[1] = m[face][1][0] * x + m[face][1][1] * y + m[face][1][2];
}

/* Valve 220: u = p·U / su + ou, v = p·V / sv + ov, a scale of 0 read as 1. */
static void
expect_valve (const double n[3], const double p[3], int face, double out[2])
{
  static const double axes[6][2][4] = {
    { { 0.6, 0.8, 0, 4 }, { 0, 0, -1, -2 } },
    { { 0, 1, 0, 0 }, { 0, 0.6, -0.8, 3 } },
    { { 1, 0, 0, 0 }, { 0, 0, -1, 0 } },
    { { 1, 0, 0, 0 }, { 0, 0, -1, 0 } },
    { { 1, 0, 0, 0 }, { 0, -1, 0, 0 } },
    { { 1, 0, 0, 0 }, { 0, -1, 0, 0 } },
  };
  static const double scales[6][2] = { { 0.5, 2 }, { -1, 0.25 }, { 1, 1 }, { 1, 1 }, { 1, 1 }, { 1, 1 } };

  (void) n;
  for (int i = 0; i < 2; i++)
    out[i] = (p[0] * axes[face][i][0] + p[1] * axes[face][i][1] + p[2] * axes[face][i][2])
             / scales[face][i] + axes[face][i][3];
}

static void
test_mesh_json_uv (void)
{
  check_mesh_uv ("q3.map", q3_map, 2, expect_q3);
  check_mesh_uv ("valve.map", valve_map, 1, expect_valve);
}


/* convert refuses what it cannot say: brush primitives in another dialect
 * fail with exit 1, naming the brush, and write nothing; as read, they are
 * written back byte for byte. */
static void
test_convert_brushdef (void)
{
  g_autofree char *path = write_temp ("q3.map", q3_map);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *valve = g_build_filename (dir, "valve.map", NULL);
  g_autofree char *vmf = g_build_filename (dir, "q3.vmf", NULL);
  g_autofree char *same = g_build_filename (dir, "same.map", NULL);
  g_autofree char *same_text = NULL;
  g_auto (QrTestRun) to_valve = { 0 };
  g_auto (QrTestRun) to_vmf = { 0 };
  g_auto (QrTestRun) as_read = { 0 };

  qr_test_run_cli (&to_valve, "convert", path, valve, "--format", "valve220", NULL);
  g_assert_cmpint (to_valve.status, ==, 1);
  g_assert_nonnull (strstr (to_valve.err, "entity 0, brush 0: Quake 3 brush primitives (brushDef) have no Valve 220 form"));
  g_assert_false (g_file_test (valve, G_FILE_TEST_EXISTS));
  qr_test_run_cli (&to_vmf, "convert", path, vmf, NULL);
  g_assert_cmpint (to_vmf.status, ==, 1);
  g_assert_nonnull (strstr (to_vmf.err, "have no VMF form"));
  g_assert_false (g_file_test (vmf, G_FILE_TEST_EXISTS));

  qr_test_run_cli (&as_read, "convert", path, same, NULL);
  g_assert_cmpint (as_read.status, ==, 0);
  g_assert_true (g_file_get_contents (same, &same_text, NULL, NULL));
  g_assert_nonnull (strstr (same_text, "{\nbrushDef\n{\n( 0 1 64 ) ( 1 0 64 ) ( 0 0 64 ) ( ( 0.015625 0 0 ) ( 0 0.015625 0 ) ) a 0 0 0\n"));
  remove_temp (path);
}

static void
test_convert (void)
{
  g_autofree char *path = write_temp ("box.map", box_map);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *vmf = g_build_filename (dir, "box.vmf", NULL);
  g_autofree char *back = g_build_filename (dir, "back.map", NULL);
  g_autofree char *vmf_text = NULL;
  g_autofree char *back_text = NULL;
  g_auto (QrTestRun) to_vmf = { 0 };
  g_auto (QrTestRun) to_map = { 0 };
  g_auto (QrTestRun) bad_format = { 0 };
  g_auto (QrTestRun) mesh_a = { 0 };
  g_auto (QrTestRun) mesh_b = { 0 };

  qr_test_run_cli (&to_vmf, "convert", path, vmf, NULL);
  g_assert_cmpint (to_vmf.status, ==, 0);
  g_assert_true (g_file_get_contents (vmf, &vmf_text, NULL, NULL));
  g_assert_nonnull (strstr (vmf_text, "\"plane\" \"(0 0 0) (0 1 0) (0 0 1)\""));
  g_assert_nonnull (strstr (vmf_text, "\"material\" \"wall\""));

  qr_test_run_cli (&to_map, "convert", vmf, back, "--format", "quake", NULL);
  g_assert_cmpint (to_map.status, ==, 0);
  g_assert_true (g_file_get_contents (back, &back_text, NULL, NULL));
  g_assert_nonnull (strstr (back_text, "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) wall 0 0 0 1 1\n"));

  /* The geometry survives the trip through VMF. */
  qr_test_run_cli (&mesh_a, "mesh", path, "--json", NULL);
  qr_test_run_cli (&mesh_b, "mesh", back, "--json", NULL);
  g_assert_cmpstr (mesh_a.out, ==, mesh_b.out);

  qr_test_run_cli (&bad_format, "convert", path, back, "--format", "doom3", NULL);
  g_assert_cmpint (bad_format.status, ==, 2);
  remove_temp (path);
}

static void
test_bench (void)
{
  g_autofree char *path = write_temp ("box.map", box_map);
  g_auto (QrTestRun) r = { 0 };
  json_object *root;
  static const char *const keys[] = { "parse_ms", "geometry_ms", "save_ms", "serialize_ms",
                                      "move_one_ms", "undo_one_ms", "redo_one_ms", "move_all_ms", "undo_all_ms" };

  qr_test_run_cli (&r, "bench", path, "--repeat", "3", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = json_tokener_parse (r.out);
  g_assert_nonnull (root);
  g_assert_cmpint (json_object_get_int (field (root, "bytes")), ==, (int) strlen (box_map));
  g_assert_cmpint (json_object_get_int (field (root, "brushes")), ==, 2);
  g_assert_cmpint (json_object_get_int (field (root, "faces")), ==, 10);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_assert_cmpfloat (num (field (root, keys[i])), >=, 0);
  g_assert_cmpint (json_object_get_int (field (root, "peak_rss_kb")), >, 0);
  json_object_put (root);
  remove_temp (path);
}

/* The README's example: create, move, undo one step, history. */
static void
test_edit (void)
{
  g_autofree char *path = write_temp ("box.map", box_map);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *out = g_build_filename (dir, "out.map", NULL);
  g_autofree char *undone = g_build_filename (dir, "undone.map", NULL);
  g_autofree char *saved = NULL;
  g_autofree char *resaved = NULL;
  g_auto (QrTestRun) r = { 0 };
  g_auto (QrTestRun) all_undone = { 0 };
  g_auto (QrTestRun) mesh = { 0 };
  g_auto (QrTestRun) bad = { 0 };
  g_auto (QrTestRun) missing = { 0 };
  json_object *root, *brushes, *created;

  qr_test_run_cli (&r, "edit", path, out, "--history",
                   "--step", "create block 0 0 0 64 64 32 --texture floor",
                   "--step", "resize 0:2 0 0 0 64 64 128",
                   "--step", "move 0:2 16 0 0",
                   "--step", "set-key 1 origin \"8 8 24\"",
                   "--step", "rotate 0:2 z 90",
                   "--undo", "1", NULL);
  g_assert_cmpint (r.status, ==, 0);
  /* Creation and its resize are one step; the rotation was undone. */
  g_assert_cmpstr (r.out, ==, "done 1 Create Block\ndone 2 Move\ndone 3 Set Key\nundone 4 Rotate\n");

  qr_test_run_cli (&mesh, "mesh", out, "--json", NULL);
  root = json_tokener_parse (mesh.out);
  brushes = field (json_object_array_get_idx (field (root, "entities"), 0), "brushes");
  g_assert_cmpint (json_object_array_length (brushes), ==, 3);
  created = json_object_array_get_idx (brushes, 2);
  for (size_t f = 0; f < json_object_array_length (field (created, "faces")); f++)
    {
      json_object *verts = field (json_object_array_get_idx (field (created, "faces"), f), "vertices");

      for (size_t v = 0; v < json_object_array_length (verts); v++)
        {
          double x = num (json_object_array_get_idx (json_object_array_get_idx (verts, v), 0));
          double z = num (json_object_array_get_idx (json_object_array_get_idx (verts, v), 2));

          g_assert_true (x == 16 || x == 80);
          g_assert_true (z == 0 || z == 128);
        }
      g_assert_cmpstr (json_object_get_string (field (json_object_array_get_idx (field (created, "faces"), f), "texture")),
                       ==, "floor");
    }
  json_object_put (root);
  g_assert_true (g_file_get_contents (out, &saved, NULL, NULL));
  g_assert_nonnull (strstr (saved, "\"origin\" \"8 8 24\""));

  /* Undoing every step saves what was loaded. */
  qr_test_run_cli (&all_undone, "edit", out, undone, "--step", "move 0:0 1 2 3", "--step", "flip 0:0,0:1 x",
                   "--undo", "2", NULL);
  g_assert_cmpint (all_undone.status, ==, 0);
  g_assert_true (g_file_get_contents (undone, &resaved, NULL, NULL));
  g_assert_cmpstr (resaved, ==, saved);

  /* A whole entity ("1", the player start) goes with the brush, and turns
   * with the rotation: the origin about the centre of both, "angle" added. */
  {
    g_autofree char *moved = g_build_filename (dir, "moved.map", NULL);
    g_autofree char *text = NULL;
    g_auto (QrTestRun) with = { 0 };
    g_auto (QrTestRun) refused = { 0 };

    qr_test_run_cli (&with, "edit", out, moved, "--step", "move 0:0,1 0 0 8", "--step", "rotate 1 z 90", NULL);
    g_assert_cmpint (with.status, ==, 0);
    g_assert_true (g_file_get_contents (moved, &text, NULL, NULL));
    g_assert_nonnull (strstr (text, "\"origin\" \"8 8 32\"\n\"angle\" \"90\""));
    g_assert_nonnull (strstr (text, "( 0 0 8 ) ( 1 0 8 ) ( 0 1 8 ) floor"));
    qr_test_run_cli (&refused, "edit", out, moved, "--step", "tie 1 func_detail", NULL);
    g_assert_cmpint (refused.status, ==, 1);
    g_assert_nonnull (strstr (refused.err, "names an entity"));
  }

  qr_test_run_cli (&bad, "edit", path, out, "--step", "spin 0:0", NULL);
  g_assert_cmpint (bad.status, ==, 2);
  qr_test_run_cli (&missing, "edit", path, out, "--step", "move 7:3 1 1 1", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "there is no brush 7:3"));
  remove_temp (path);
}

/* Hollow the box through quarry-cli csg: six walls whose volumes add up,
 * and a convex union of them leaves them as they are. */
static void
test_csg (void)
{
  g_autofree char *path = write_temp ("box.map", box_map);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *out = g_build_filename (dir, "hollow.map", NULL);
  g_auto (QrTestRun) r = { 0 };
  g_auto (QrTestRun) mesh = { 0 };
  g_auto (QrTestRun) thick = { 0 };
  g_auto (QrTestRun) usage = { 0 };
  g_auto (QrTestRun) joined = { 0 };
  g_autofree char *again = g_build_filename (dir, "united.map", NULL);
  g_autofree char *hollowed = NULL;
  g_autofree char *united = NULL;
  json_object *root, *brushes;
  double total = 0;

  qr_test_run_cli (&r, "csg", "hollow", path, out, "--brush", "0:0", "--thickness", "4", NULL);
  g_assert_cmpint (r.status, ==, 0);
  qr_test_run_cli (&mesh, "mesh", out, "--json", NULL);
  root = json_tokener_parse (mesh.out);
  brushes = field (json_object_array_get_idx (field (root, "entities"), 0), "brushes");
  /* Six walls, then the invalid brush that was there before. */
  g_assert_cmpint (json_object_array_length (brushes), ==, 7);
  for (size_t b = 0; b < 6; b++)
    {
      json_object *faces = field (json_object_array_get_idx (brushes, b), "faces");
      double lo[3] = { 1e9, 1e9, 1e9 }, hi[3] = { -1e9, -1e9, -1e9 };

      /* Axial walls: their volume is their bounding box's. */
      for (size_t f = 0; f < json_object_array_length (faces); f++)
        {
          json_object *verts = field (json_object_array_get_idx (faces, f), "vertices");

          for (size_t v = 0; v < json_object_array_length (verts); v++)
            for (int k = 0; k < 3; k++)
              {
                double x = num (json_object_array_get_idx (json_object_array_get_idx (verts, v), k));
                lo[k] = MIN (lo[k], x);
                hi[k] = MAX (hi[k], x);
              }
        }
      total += (hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]);
    }
  g_assert_cmpfloat (total, ==, 64.0 * 32 * 16 - 56.0 * 24 * 8);
  json_object_put (root);

  /* Their convex union: the walls overlap nothing, so the file stays as it
   * was (issue 12: it made 21 brushes of them). */
  qr_test_run_cli (&joined, "csg", "union", out, again, "--brush", "0:0", "--brush", "0:1", "--brush", "0:2",
                   "--brush", "0:3", "--brush", "0:4", "--brush", "0:5", NULL);
  g_assert_cmpint (joined.status, ==, 0);
  g_assert_true (g_file_get_contents (out, &hollowed, NULL, NULL));
  g_assert_true (g_file_get_contents (again, &united, NULL, NULL));
  g_assert_cmpstr (united, ==, hollowed);

  qr_test_run_cli (&thick, "csg", "hollow", path, out, "--brush", "0:0", "--thickness", "9", NULL);
  g_assert_cmpint (thick.status, ==, 1);
  g_assert_nonnull (strstr (thick.err, "too large"));
  qr_test_run_cli (&usage, "csg", "explode", path, out, "--brush", "0:0", NULL);
  g_assert_cmpint (usage.status, ==, 2);
  remove_temp (path);
}

static QrImage *
read_png (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;
  QrImage *image;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  image = qr_image_file_decode ((const uint8_t *) contents, length, path, &error);
  g_assert_no_error (error);
  return image;
}

/* quarry-cli texture-png writes what the decoder decodes, pixel for pixel;
 * a missing name or a broken file exits 1 naming both. */
static void
test_texture_png (void)
{
  g_autofree char *wad_path = qr_test_corpus_file ("librequake/texture-wads/lq_medieval.wad");
  g_autofree char *q2 = qr_test_corpus_file ("trenchbroom/TbMdlLib/mdl/Game/Quake2/baseq2");
  g_autofree char *bad = qr_test_corpus_file ("trenchbroom/TbFsLib/fs/Wad/directory_out_of_bounds.wad");
  g_autofree char *out = NULL, *dir = NULL, *wal_out = NULL, *colormap = NULL, *wal_path = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (QrWad) wad = NULL;
  g_autoptr (QrImage) expected = NULL, written = NULL, wal_written = NULL;
  g_auto (QrTestRun) ok = { 0 };
  g_auto (QrTestRun) wal = { 0 };
  g_auto (QrTestRun) missing = { 0 };
  g_auto (QrTestRun) broken = { 0 };
  g_auto (QrTestRun) usage = { 0 };

  if (wad_path == NULL || q2 == NULL || bad == NULL)
    return;
  out = write_temp ("afloor.png", "");
  dir = g_path_get_dirname (out);
  qr_test_run_cli (&ok, "texture-png", wad_path, "AFLOOR1_4", out, "--mip", "1", NULL);
  g_assert_cmpint (ok.status, ==, 0);
  g_assert_cmpstr (ok.err, ==, "");
  wad = qr_wad_open (wad_path, &error);
  g_assert_no_error (error);
  expected = qr_wad_decode (wad, (guint) qr_wad_find (wad, "afloor1_4"), 1, NULL, &error);
  g_assert_no_error (error);
  written = read_png (out);
  g_assert_cmpint (written->width, ==, 32);
  g_assert_cmpint (written->height, ==, 32);
  g_assert_cmpmem (written->rgba, 32 * 32 * 4, expected->rgba, 32 * 32 * 4);

  /* A game folder, a WAL in a subfolder, the palette given explicitly. */
  wal_out = g_build_filename (dir, "rc.png", NULL);
  colormap = g_build_filename (q2, "pics", "colormap.pcx", NULL);
  qr_test_run_cli (&wal, "texture-png", q2, "e1m1/f1/b_rc_v4", wal_out, "--palette", colormap, NULL);
  g_assert_cmpint (wal.status, ==, 0);
  wal_written = read_png (wal_out);
  g_assert_cmpint (wal_written->width, ==, 128);
  g_assert_cmpmem (wal_written->rgba + (40 * 128 + 77) * 4, 4, ((uint8_t[]) { 23, 15, 11, 255 }), 4);

  qr_test_run_cli (&missing, "texture-png", wad_path, "no_such_texture", out, NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "lq_medieval.wad: no texture “no_such_texture” in it"));
  qr_test_run_cli (&broken, "texture-png", bad, "x", out, NULL);
  g_assert_cmpint (broken.status, ==, 1);
  g_assert_nonnull (strstr (broken.err, "directory_out_of_bounds.wad: its directory"));
  qr_test_run_cli (&usage, "texture-png", wad_path, "afloor1_4", NULL);
  g_assert_cmpint (usage.status, ==, 2);
  g_unlink (wal_out);
  remove_temp (out);
}

/* The keys of o, exactly, in order. */
static void
assert_keys (json_object *o, const char *const *keys)
{
  guint i = 0;
  json_object_object_foreach (o, key, value)
    {
      (void) value;
      g_assert_nonnull (keys[i]);
      g_assert_cmpstr (key, ==, keys[i]);
      i++;
    }
  g_assert_null (keys[i]);
}

/* textures --json: the schema exactly; on LibreQuake's e1m3 every WAD is
 * found, nothing is missing, and the face counts add up to the map's. */
static void
test_textures_json (void)
{
  g_autofree char *map = qr_test_corpus_file ("librequake/lq1/maps/src/e1/e1m3.map");
  if (map == NULL)
    return;
  g_auto (QrTestRun) r = { 0 };
  qr_test_run_cli (&r, "textures", map, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  json_object *root = json_tokener_parse (r.out);
  g_assert_nonnull (root);
  const char *const top[] = { "collections", "textures", "missing", NULL };
  assert_keys (root, top);
  json_object *collections = json_object_object_get (root, "collections");
  g_assert_cmpuint (json_object_array_length (collections), ==, 8);
  const char *const ckeys[] = { "name", "path", "format", "textures", "error", NULL };
  for (size_t i = 0; i < json_object_array_length (collections); i++)
    {
      json_object *c = json_object_array_get_idx (collections, i);
      assert_keys (c, ckeys);
      g_assert_cmpstr (json_object_get_string (json_object_object_get (c, "format")), ==, "wad2");
      g_assert_true (g_file_test (json_object_get_string (json_object_object_get (c, "path")), G_FILE_TEST_IS_REGULAR));
      g_assert_null (json_object_object_get (c, "error"));
      g_assert_cmpint (json_object_get_int (json_object_object_get (c, "textures")), >, 0);
    }
  g_assert_cmpstr (json_object_get_string (json_object_object_get (json_object_array_get_idx (collections, 0), "name")),
                   ==, "../../../../texture-wads/lq_medieval.wad");
  json_object *textures = json_object_object_get (root, "textures");
  const char *const tkeys[] = { "name", "faces", "collection", "width", "height", NULL };
  int64_t faces = 0;
  for (size_t i = 0; i < json_object_array_length (textures); i++)
    {
      json_object *t = json_object_array_get_idx (textures, i);
      assert_keys (t, tkeys);
      faces += json_object_get_int64 (json_object_object_get (t, "faces"));
      g_assert_nonnull (json_object_object_get (t, "collection"));
      int w = json_object_get_int (json_object_object_get (t, "width"));
      g_assert_true (w >= 8 && w % 8 == 0);
    }
  g_assert_cmpuint (json_object_array_length (json_object_object_get (root, "missing")), ==, 0);

  /* the same count of faces as info gives */
  g_auto (QrTestRun) info = { 0 };
  qr_test_run_cli (&info, "info", map, "--json", NULL);
  json_object *iroot = json_tokener_parse (info.out);
  g_assert_cmpint (faces, ==, json_object_get_int64 (json_object_object_get (iroot, "faces")));
  json_object_put (iroot);
  json_object_put (root);
}

/* Runs `edit IN OUT --step STEP` (with --undo 1 when undo) and returns OUT's bytes. */
static char *
edit_once (const char *in, const char *out, const char *step, bool undo, int want_status, QrTestRun *r)
{
  char *text = NULL;

  qr_test_run_cli (r, "edit", in, out, "--step", step, undo ? "--undo" : NULL, "1", NULL);
  if (r->status != want_status)
    g_error ("edit --step \"%s\"%s: exit %d (%s)", step, undo ? " --undo 1" : "", r->status, r->err);
  if (want_status == 0)
    g_assert_true (g_file_get_contents (out, &text, NULL, NULL));
  return text;
}

/* Every texture step of `edit` changes the file, and with --undo 1 gives
 * back the bytes saved without it: e1m3 (Valve 220) and e2m2 (standard)
 * are their own files byte for byte; a VMF and a brushDef map compare with
 * their save without steps. */
static void
test_edit_texture_steps (void)
{
  /* Every step on e1m3; on the others, what takes another path in the core. */
  static const char *const valve_steps[] = {
    "texture 0:5,0:6:2 med_dr1a", "tex-shift 0:5 3 4.5", "tex-scale 0:5:1 0.5 2", "tex-rotate 0:5,0:6 30",
    "tex-justify 0:5,0:6 center as-one", "tex-fit 0:5 1 1", "tex-align 0:5,0:6 face",
    "tex-replace MED_DR?A quarry_new 0:5,0:6", NULL,
  };
  static const char *const standard_steps[] = {
    "tex-rotate 0:3,0:4 30", "tex-justify 0:3 right", "tex-fit 0:3,0:4 2 3 as-one", NULL,
  };
  static const char *const brushdef_steps[] = {
    "tex-shift 0:0 3 4.5", "tex-rotate 0:0 30", "tex-fit 0:0,0:1 1 1", "tex-align 0:0 world", "tex-replace a z", NULL,
  };
  static const char *const vmf_steps[] = {
    "tex-rotate 0:0:1 45", "tex-fit 0:0 1 1", "tex-align 0:31 face", NULL,
  };
  g_autofree char *e1m3 = qr_test_corpus_file ("librequake/lq1/maps/src/e1/e1m3.map");
  g_autofree char *e2m2 = qr_test_corpus_file ("librequake/lq1/maps/src/e2/e2m2.map");
  g_autofree char *vmf = qr_test_corpus_file ("vmf/box13.vmf");
  g_autofree char *q3 = write_temp ("q3.map", q3_map);
  g_autofree char *dir = g_path_get_dirname (q3);
  g_autofree char *out = g_build_filename (dir, "out.map", NULL);
  g_autofree char *out_vmf = g_build_filename (dir, "out.vmf", NULL);
  struct
  {
    const char *in, *out;
    const char *const *steps;
    bool exact; /* the input file is its own save */
  } maps[] = {
    { e1m3, out, valve_steps, true },
    { e2m2, out, standard_steps, true },
    { q3, out, brushdef_steps, false },
    { vmf, out_vmf, vmf_steps, false },
  };

  if (e1m3 == NULL || e2m2 == NULL || vmf == NULL)
    {
      remove_temp (q3);
      return;
    }
  for (guint m = 0; m < G_N_ELEMENTS (maps); m++)
    {
      g_autofree char *original = NULL;
      g_auto (QrTestRun) plain = { 0 };

      if (maps[m].exact)
        g_assert_true (g_file_get_contents (maps[m].in, &original, NULL, NULL));
      else
        {
          qr_test_run_cli (&plain, "edit", maps[m].in, maps[m].out, NULL);
          g_assert_cmpint (plain.status, ==, 0);
          g_assert_true (g_file_get_contents (maps[m].out, &original, NULL, NULL));
        }
      for (guint i = 0; maps[m].steps[i] != NULL; i++)
        {
          g_auto (QrTestRun) done = { 0 };
          g_auto (QrTestRun) undone = { 0 };
          g_autofree char *changed = edit_once (maps[m].in, maps[m].out, maps[m].steps[i], false, 0, &done);
          g_autofree char *restored = edit_once (maps[m].in, maps[m].out, maps[m].steps[i], true, 0, &undone);

          if (strcmp (changed, original) == 0)
            g_error ("%s: step \"%s\" changed nothing", maps[m].in, maps[m].steps[i]);
          if (strcmp (restored, original) != 0)
            g_error ("%s: step \"%s\" --undo 1 did not restore the file", maps[m].in, maps[m].steps[i]);
        }
    }

  /* Refusals exit 1 and say why. */
  {
    g_auto (QrTestRun) face = { 0 };
    g_auto (QrTestRun) warn = { 0 };
    g_autofree char *text = NULL;

    edit_once (e2m2, out, "tex-align 0:3 face", false, 1, &face);
    g_assert_nonnull (strstr (face.err, "uses the standard texture form, whose axes the compilers take from the face's normal"));
    /* "a" is found nowhere: 64 × 64 and a warning on stderr. */
    text = edit_once (q3, out, "tex-fit 0:0:0 1 1", false, 0, &warn);
    g_assert_nonnull (strstr (warn.err, "warning: Texture “a” is not loaded: its size was taken as 64×64"));
    /* Brush primitives are shifted through the texture's size: the note says it was assumed. */
    g_clear_pointer (&text, g_free);
    text = edit_once (q3, out, "tex-shift 0:0:0 1 1", false, 0, &warn);
    g_assert_nonnull (strstr (warn.err, "note: Texture “a” is not loaded: its size was taken as 64×64"));
  }

  /* tex-replace counts what `textures --json` counts for the names matched. */
  {
    g_auto (QrTestRun) listed = { 0 };
    g_auto (QrTestRun) replaced = { 0 };
    g_autofree char *want = NULL;
    g_autofree char *text = NULL;
    json_object *root, *textures;
    int64_t faces = 0;

    qr_test_run_cli (&listed, "textures", e1m3, "--json", NULL);
    root = json_tokener_parse (listed.out);
    textures = field (root, "textures");
    for (size_t i = 0; i < json_object_array_length (textures); i++)
      {
        json_object *t = json_object_array_get_idx (textures, i);
        const char *name = json_object_get_string (field (t, "name"));

        if (g_ascii_strncasecmp (name, "med_", 4) == 0)
          faces += json_object_get_int64 (field (t, "faces"));
      }
    json_object_put (root);
    g_assert_cmpint (faces, >, 100);
    text = edit_once (e1m3, out, "tex-replace MED_* quarry_new", false, 0, &replaced);
    want = g_strdup_printf ("replaced %" G_GINT64_FORMAT " faces\n", faces);
    g_assert_cmpstr (replaced.out, ==, want);
  }
  remove_temp (q3);
}

/* tex-shift sets the shift and nothing else (it was read as tex-scale, and
 * a V shift of 0 refused as a zero scale): the hint face 0:696:0 of e1m3. */
static void
test_edit_tex_shift (void)
{
  g_autofree char *e1m3 = qr_test_corpus_file ("librequake/lq1/maps/src/e1/e1m3.map");
  if (e1m3 == NULL)
    return;
  g_autofree char *dir = g_dir_make_tmp ("quarry-cli-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "out.map", NULL);
  g_auto (QrTestRun) r = { 0 };
  g_autofree char *text = edit_once (e1m3, out, "tex-shift 0:696:0 3 0", false, 0, &r);
  const char *want = "( 800 -256 512 ) ( 800 -160 512 ) ( 688 -160 768 ) hint [ 0 -1 0 3 ] "
                     "[ 0.3511234415883917 0 -0.9363291775690445 0 ] 0 1 1\n";
  g_assert_nonnull (strstr (text, want));
  g_remove (out);
  g_rmdir (dir);
}

/* A name found nowhere is listed as missing, with nulls, and the exit is 0. */
static void
test_textures_missing (void)
{
  g_autofree char *path = write_temp ("m.map",
                                      "{\n\"classname\" \"worldspawn\"\n\"wad\" \"\\q\\gone.wad\"\n{\n"
                                      "( 64 0 0 ) ( 64 64 0 ) ( 0 64 0 ) Floor 0 0 0 1 1\n"
                                      "( 64 64 64 ) ( 64 0 64 ) ( 0 0 64 ) Floor 0 0 0 1 1\n"
                                      "( 64 0 64 ) ( 64 0 0 ) ( 0 0 0 ) Floor 0 0 0 1 1\n"
                                      "( 64 64 64 ) ( 64 64 0 ) ( 64 0 0 ) Floor 0 0 0 1 1\n"
                                      "( 0 64 64 ) ( 0 64 0 ) ( 64 64 0 ) Floor 0 0 0 1 1\n"
                                      "( 0 0 64 ) ( 0 0 0 ) ( 0 64 0 ) Floor 0 0 0 1 1\n}\n}\n");
  g_auto (QrTestRun) r = { 0 };
  qr_test_run_cli (&r, "textures", path, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==,
                   "{\"collections\":[{\"name\":\"\\\\q\\\\gone.wad\",\"path\":null,\"format\":\"wad2\",\"textures\":0,"
                   "\"error\":\"not found beside the map, in its parent folders or in the search folders\"}],"
                   "\"textures\":[{\"name\":\"Floor\",\"faces\":6,\"collection\":null,\"width\":null,\"height\":null}],"
                   "\"missing\":[\"Floor\"]}\n");
}

/* reload FILE: the map becomes FILE's as one step; with --undo 1 the file
 * saved is the one before it, steps and all; a FILE that does not parse is
 * bad input that names its line. */
static void
test_edit_reload (void)
{
  g_autofree char *path = write_temp ("box.map", box_map);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *other = g_build_filename (dir, "other.map", NULL);
  g_autofree char *out = g_build_filename (dir, "out.map", NULL);
  g_autofree char *moved = g_build_filename (dir, "moved.map", NULL);
  g_autofree char *broken = g_build_filename (dir, "broken.map", NULL);
  g_auto (QrTestRun) make = { 0 };
  g_auto (QrTestRun) moved_run = { 0 };
  g_auto (QrTestRun) reload = { 0 };
  g_auto (QrTestRun) undone = { 0 };
  g_auto (QrTestRun) bad = { 0 };

  qr_test_run_cli (&make, "edit", path, other, "--step", "create block 0 0 0 16 16 16 --texture other", "--step",
                   "delete 0:0", NULL);
  g_assert_cmpint (make.status, ==, 0);
  g_autofree char *other_text = qr_test_read_file (other);
  qr_test_run_cli (&moved_run, "edit", path, moved, "--step", "move 0:0 8 0 0", NULL);
  g_assert_cmpint (moved_run.status, ==, 0);
  g_autofree char *moved_text = qr_test_read_file (moved);

  g_autofree char *step = g_strdup_printf ("reload %s", other);
  qr_test_run_cli (&reload, "edit", path, out, "--history", "--step", "move 0:0 8 0 0", "--step", step, NULL);
  g_assert_cmpint (reload.status, ==, 0);
  g_assert_cmpstr (reload.out, ==, "done 1 Move\ndone 2 Reload\n");
  g_autofree char *reloaded = qr_test_read_file (out);
  g_assert_cmpstr (reloaded, ==, other_text);

  qr_test_run_cli (&undone, "edit", path, out, "--step", "move 0:0 8 0 0", "--step", step, "--undo", "1", NULL);
  g_assert_cmpint (undone.status, ==, 0);
  g_autofree char *before = qr_test_read_file (out);
  g_assert_cmpstr (before, ==, moved_text);

  g_assert_true (g_file_set_contents (broken, "{\n\"classname\" \"worldspawn\"\n{\n( 0 0 0 ) ( 1 0 0\n", -1, NULL));
  g_autofree char *bad_step = g_strdup_printf ("reload %s", broken);
  qr_test_run_cli (&bad, "edit", path, out, "--step", bad_step, NULL);
  g_assert_cmpint (bad.status, ==, 1);
  g_assert_nonnull (strstr (bad.err, "broken.map:"));
  remove_temp (path);
}

/* place, set-class and set-key on several entities, each a step of its
 * own, undone to the file byte for byte; names of brushes or missing
 * entities refused. */
static void
test_edit_entities (void)
{
  g_autofree char *path = write_temp ("box.map", box_map);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_build_filename (dir, "base.map", NULL);
  g_autofree char *out = g_build_filename (dir, "out.map", NULL);
  g_autofree char *undone = g_build_filename (dir, "undone.map", NULL);
  g_autofree char *before = NULL, *text = NULL, *after_undo = NULL;
  g_auto (QrTestRun) r0 = { 0 };
  g_auto (QrTestRun) r = { 0 };
  g_auto (QrTestRun) u = { 0 };
  g_auto (QrTestRun) brush = { 0 };
  g_auto (QrTestRun) missing = { 0 };
  g_auto (QrTestRun) bad_key = { 0 };

  /* The file as the editor saves it, to compare undone saves with. */
  qr_test_run_cli (&r0, "edit", path, base, NULL);
  g_assert_cmpint (r0.status, ==, 0);
  before = qr_test_read_file (base);

  qr_test_run_cli (&r, "edit", base, out, "--history",
                   "--step", "place light 16 -8 8.0000001 light=200 \"_color=255 128 0\"",
                   "--step", "set-class 1,2 info_null", "--step", "set-key 1,2 target t1", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==, "done 1 Place Entity\ndone 2 Change Class\ndone 3 Set Key\n");
  text = qr_test_read_file (out);
  g_assert_true (g_str_has_suffix (text, "{\n\"classname\" \"info_null\"\n\"origin\" \"8 8 8\"\n\"target\" \"t1\"\n}\n"
                                         "// entity 2\n{\n\"classname\" \"info_null\"\n\"origin\" \"16 -8 8\"\n"
                                         "\"light\" \"200\"\n\"_color\" \"255 128 0\"\n\"target\" \"t1\"\n}\n"));

  qr_test_run_cli (&u, "edit", base, undone, "--step", "place light 16 -8 8", "--step", "set-class 1,2 info_null",
                   "--step", "set-key 1,2 target t1", "--undo", "3", NULL);
  g_assert_cmpint (u.status, ==, 0);
  after_undo = qr_test_read_file (undone);
  g_assert_cmpstr (after_undo, ==, before);

  qr_test_run_cli (&brush, "edit", base, out, "--step", "set-class 0:0 func_wall", NULL);
  g_assert_cmpint (brush.status, ==, 1);
  g_assert_nonnull (strstr (brush.err, "names a brush"));
  qr_test_run_cli (&missing, "edit", base, out, "--step", "set-class 1,7 info_null", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "there is no entity 7"));
  qr_test_run_cli (&bad_key, "edit", base, out, "--step", "place light 0 0 0 light", NULL);
  g_assert_cmpint (bad_key.status, ==, 2);
  remove_temp (path);
}

static guint
count_of (const char *text, const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (text, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

/* The landscape steps: a landscape shaped, refined and exported to
 * displacements in a VMF, to brushes in a .map; undone, the landscape's
 * keys are back; wrong arguments are usage errors. */
static void
test_edit_landscape (void)
{
  g_autofree char *vmf = write_temp ("empty.vmf", "world\n{\n\t\"id\" \"1\"\n\t\"classname\" \"worldspawn\"\n}\n");
  g_autofree char *dir = g_path_get_dirname (vmf);
  g_autofree char *map = g_build_filename (dir, "empty.map", NULL);
  g_autofree char *out = g_build_filename (dir, "out.vmf", NULL);
  g_autofree char *kept = g_build_filename (dir, "kept.vmf", NULL);
  g_autofree char *out_map = g_build_filename (dir, "out.map", NULL);
  g_autofree char *text = NULL, *undone = NULL, *map_text = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (QrTestRun) r = { 0 };
  g_auto (QrTestRun) u = { 0 };
  g_auto (QrTestRun) b = { 0 };
  g_auto (QrTestRun) usage = { 0 };
  g_auto (QrTestRun) not_one = { 0 };
  g_auto (QrTestRun) in_map = { 0 };
  g_auto (QrTestRun) mesh = { 0 };
  const char *steps[] = { "--step", "landscape -512 -512 0 1024 1024 5 5 nature/grass",
                          "--step", "landscape-point 1 2 2 64 300",
                          "--step", "landscape-regrid 1 +1",
                          "--step", "landscape-resolution 1 8" };

  qr_test_run_cli (&r, "edit", vmf, out, "--history", steps[0], steps[1], steps[2], steps[3], steps[4], steps[5],
                   steps[6], steps[7], "--step", "landscape-to-displacements 1", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==, "done 1 Create Landscape\ndone 2 Shape Landscape\ndone 3 Refine Landscape Grid\n"
                              "done 4 Landscape Resolution\ndone 5 Landscape to Displacements\n");
  text = qr_test_read_file (out);
  /* 9 × 9 control points, 8 × 8 cells of 128 units, 8 samples a cell: a
   * tile a cell. */
  g_assert_cmpuint (count_of (text, "dispinfo"), ==, 64);
  g_assert_cmpuint (count_of (text, "\"material\" \"nature/grass\""), ==, 64);
  g_assert_cmpuint (count_of (text, "\"material\" \"tools/toolsnodraw\""), ==, 5 * 64);
  g_assert_null (strstr (text, "quarry_landscape"));
  /* Every tile builds (mesh --json gives its displaced grid). */
  qr_test_run_cli (&mesh, "mesh", out, "--json", NULL);
  g_assert_cmpint (mesh.status, ==, 0);
  g_assert_cmpuint (count_of (mesh.out, "\"displacement\""), ==, 64);
  g_assert_null (strstr (mesh.out, "displacement_error"));

  qr_test_run_cli (&u, "edit", vmf, kept, steps[0], steps[1], steps[2], steps[3], steps[4], steps[5], steps[6],
                   steps[7], "--step", "landscape-to-displacements 1", "--undo", "1", NULL);
  g_assert_cmpint (u.status, ==, 0);
  undone = qr_test_read_file (kept);
  g_assert_nonnull (strstr (undone, "\"classname\" \"quarry_landscape\""));
  g_assert_nonnull (strstr (undone, "\"grid\" \"9 9\""));
  g_assert_nonnull (strstr (undone, "\"resolution\" \"8\""));
  g_assert_nonnull (strstr (undone, "\"row4\" \"0 "));
  g_assert_null (strstr (undone, "dispinfo"));

  g_file_set_contents (map, "{\n\"classname\" \"worldspawn\"\n}\n", -1, &error);
  g_assert_no_error (error);
  qr_test_run_cli (&b, "edit", map, out_map, "--step", "landscape 0 0 0 256 256 3 3 ground", "--step",
                   "landscape-point 1 1 1 32", "--step", "landscape-to-brushes 1 64", NULL);
  g_assert_cmpint (b.status, ==, 0);
  map_text = qr_test_read_file (out_map);
  g_assert_cmpuint (count_of (map_text, "// brush "), ==, 2 * 4 * 4);
  g_assert_null (strstr (map_text, "quarry_landscape"));

  qr_test_run_cli (&usage, "edit", map, out_map, "--step", "landscape-point 0 1 1", NULL);
  g_assert_cmpint (usage.status, ==, 2);
  g_assert_nonnull (strstr (usage.err, "expected landscape-point E ROW COL DZ [FALLOFF]"));
  qr_test_run_cli (&not_one, "edit", map, out_map, "--step", "landscape-regrid 0 +1", NULL);
  g_assert_cmpint (not_one.status, ==, 1);
  g_assert_nonnull (strstr (not_one.err, "entity 0 is not a landscape"));
  qr_test_run_cli (&in_map, "edit", map, out_map, "--step", "landscape 0 0 0 256 256 3 3", "--step",
                   "landscape-to-displacements 1", NULL);
  g_assert_cmpint (in_map.status, ==, 1);
  g_assert_nonnull (strstr (in_map.err, ".vmf"));
  remove_temp (vmf);
}

/* entdef --json: the schema, exactly, with inheritance resolved. */
static void
test_entdef_json (void)
{
  g_autofree char *path = write_temp ("small.fgd",
    "@BaseClass = Named [ targetname(target_source) : \"Name\" input Kill(void) : \"Remove\" ]\n"
    "@PointClass base(Named) size(-8 -8 0, 8 8 16) color(255 128 0) = lamp : \"Lamp\"\n"
    "[\n"
    "  style(Choices) : \"Style\" : 1 = [ 0 : \"Off\" 1 : \"On\" ]\n"
    "  spawnflags(flags) = [ 1 : \"Start off\" : 1 2 : \"Quiet\" : 0 ]\n"
    "  output OnLit(void) : \"Lit\"\n"
    "]\n"
    "@SolidClass = wall []\n");
  g_auto (QrTestRun) r = { 0 };

  qr_test_run_cli (&r, "entdef", path, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==,
    "{\"classes\":["
    "{\"name\":\"Named\",\"kind\":\"base\",\"color\":null,\"size\":null,"
    "\"properties\":[{\"name\":\"targetname\",\"type\":\"target_source\",\"default\":null,\"choices\":null}],"
    "\"inputs\":[{\"name\":\"Kill\",\"type\":\"void\"}],\"outputs\":[]},"
    "{\"name\":\"lamp\",\"kind\":\"point\",\"color\":[255,128,0],\"size\":[[-8,-8,0],[8,8,16]],"
    "\"properties\":[{\"name\":\"targetname\",\"type\":\"target_source\",\"default\":null,\"choices\":null},"
    "{\"name\":\"style\",\"type\":\"choices\",\"default\":\"1\",\"choices\":[{\"value\":\"0\",\"label\":\"Off\"},"
    "{\"value\":\"1\",\"label\":\"On\"}]},"
    "{\"name\":\"spawnflags\",\"type\":\"flags\",\"default\":\"1\",\"choices\":["
    "{\"value\":\"1\",\"label\":\"Start off\",\"default\":true},{\"value\":\"2\",\"label\":\"Quiet\",\"default\":false}]}],"
    "\"inputs\":[{\"name\":\"Kill\",\"type\":\"void\"}],\"outputs\":[{\"name\":\"OnLit\",\"type\":\"void\"}]},"
    "{\"name\":\"wall\",\"kind\":\"solid\",\"color\":null,\"size\":null,\"properties\":[],\"inputs\":[],\"outputs\":[]}"
    "],\"errors\":[]}\n");
  g_assert_cmpstr (r.err, ==, "");
  remove_temp (path);
}

static json_object *
entdef_class (json_object *root, const char *name)
{
  json_object *classes = field (root, "classes");
  for (size_t i = 0; i < json_object_array_length (classes); i++)
    {
      json_object *c = json_object_array_get_idx (classes, i);
      if (strcmp (json_object_get_string (field (c, "name")), name) == 0)
        return c;
    }
  g_error ("no class %s", name);
}

static json_object *
entdef_prop (json_object *cls, const char *name)
{
  json_object *props = field (cls, "properties");
  for (size_t i = 0; i < json_object_array_length (props); i++)
    {
      json_object *p = json_object_array_get_idx (props, i);
      if (strcmp (json_object_get_string (field (p, "name")), name) == 0)
        return p;
    }
  g_error ("no key %s", name);
}

static void
test_entdef_quake (void)
{
  g_autofree char *path = qr_test_corpus_file ("trenchbroom/games/Quake/Quake.fgd");
  if (path == NULL)
    return;
  g_auto (QrTestRun) r = { 0 };
  g_auto (QrTestRun) text = { 0 };

  qr_test_run_cli (&r, "entdef", path, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  json_object *root = json_tokener_parse (r.out);
  g_assert_nonnull (root);
  g_assert_cmpuint (json_object_array_length (field (root, "errors")), ==, 0);
  g_assert_cmpuint (json_object_array_length (field (root, "classes")), ==, 111);

  json_object *light = entdef_class (root, "light");
  g_assert_cmpstr (json_object_get_string (field (light, "kind")), ==, "point");
  json_object *color = field (light, "color");
  g_assert_cmpint (json_object_get_int (json_object_array_get_idx (color, 0)), ==, 255);
  g_assert_cmpint (json_object_get_int (json_object_array_get_idx (color, 1)), ==, 255);
  g_assert_cmpint (json_object_get_int (json_object_array_get_idx (color, 2)), ==, 40);
  json_object *size = field (light, "size");
  g_assert_cmpfloat (num (json_object_array_get_idx (json_object_array_get_idx (size, 0), 2)), ==, -8);
  g_assert_cmpfloat (num (json_object_array_get_idx (json_object_array_get_idx (size, 1), 0)), ==, 8);
  /* Base Light's keys come first. */
  json_object *first = json_object_array_get_idx (field (light, "properties"), 0);
  g_assert_cmpstr (json_object_get_string (field (first, "name")), ==, "light");
  g_assert_cmpstr (json_object_get_string (field (first, "type")), ==, "integer");
  g_assert_cmpstr (json_object_get_string (field (first, "default")), ==, "300");
  g_assert_null (field (first, "choices"));
  json_object *style = entdef_prop (light, "style");
  g_assert_cmpstr (json_object_get_string (field (style, "type")), ==, "choices");
  json_object *flicker = json_object_array_get_idx (field (style, "choices"), 1);
  g_assert_cmpstr (json_object_get_string (field (flicker, "value")), ==, "10");
  g_assert_cmpstr (json_object_get_string (field (flicker, "label")), ==, "Fluorescent flicker");
  g_assert_false (json_object_object_get_ex (flicker, "default", NULL));
  json_object *start_off = json_object_array_get_idx (field (entdef_prop (light, "spawnflags"), "choices"), 0);
  g_assert_cmpstr (json_object_get_string (field (start_off, "label")), ==, "Start off");
  g_assert_false (json_object_get_boolean (field (start_off, "default")));

  json_object *world = entdef_class (root, "worldspawn");
  g_assert_cmpstr (json_object_get_string (field (world, "kind")), ==, "solid");
  g_assert_null (field (world, "size"));
  g_assert_null (field (world, "color"));
  g_assert_cmpstr (json_object_get_string (field (entdef_class (root, "Light"), "kind")), ==, "base");
  json_object_put (root);

  qr_test_run_cli (&text, "entdef", path, NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "point light  9 keys\n"));
  g_assert_true (g_str_has_suffix (text.out, "111 classes, 0 errors\n"));
}

/* Errors are listed and exit 1, the classes after them still loaded. */
static void
test_entdef_errors (void)
{
  g_autofree char *path = write_temp ("bad.fgd", "@PointClass = a [ x(integer) : \"X\" : 1x ]\n@SolidClass = b []\n");
  g_autofree char *expected = g_strdup_printf ("%s:1:38: expected a number, found “1x”", path);
  g_auto (QrTestRun) json = { 0 };
  g_auto (QrTestRun) text = { 0 };
  g_auto (QrTestRun) none = { 0 };
  g_auto (QrTestRun) missing = { 0 };

  qr_test_run_cli (&json, "entdef", path, "--json", NULL);
  g_assert_cmpint (json.status, ==, 1);
  json_object *root = json_tokener_parse (json.out);
  g_assert_nonnull (root);
  json_object *errors = field (root, "errors");
  g_assert_cmpuint (json_object_array_length (errors), ==, 1);
  g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (errors, 0)), ==, expected);
  g_assert_cmpstr (json_object_get_string (field (entdef_class (root, "b"), "kind")), ==, "solid");
  json_object_put (root);

  qr_test_run_cli (&text, "entdef", path, NULL);
  g_assert_cmpint (text.status, ==, 1);
  g_assert_cmpstr (text.out, ==, "point a  1 key\nsolid b  0 keys\n2 classes, 1 error\n");
  g_assert_nonnull (strstr (text.err, expected));

  qr_test_run_cli (&none, "entdef", NULL);
  g_assert_cmpint (none.status, ==, 2);
  qr_test_run_cli (&missing, "entdef", "/nonexistent/quarry.fgd", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "/nonexistent/quarry.fgd"));
  remove_temp (path);
}

/* place with the corpus's Quake.fgd: the keys given, then the light's
 * defaults in the file's order (light 300 given as 200, wait 1, style 0;
 * no delay, mangle or target, which have no default; no spawnflags, whose
 * one bit is off); set-class, and undo to the file byte for byte. */
static void
test_edit_place_entdef (void)
{
  g_autofree char *fgd = qr_test_corpus_file ("trenchbroom/games/Quake/Quake.fgd");
  if (fgd == NULL)
    return;
  g_autofree char *path = write_temp ("box.map", box_map);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_build_filename (dir, "base.map", NULL);
  g_autofree char *out = g_build_filename (dir, "out.map", NULL);
  g_autofree char *undone = g_build_filename (dir, "undone.map", NULL);
  g_autofree char *before = NULL, *text = NULL, *after_undo = NULL;
  g_auto (QrTestRun) r0 = { 0 };
  g_auto (QrTestRun) r = { 0 };
  g_auto (QrTestRun) u = { 0 };

  qr_test_run_cli (&r0, "edit", path, base, NULL);
  g_assert_cmpint (r0.status, ==, 0);
  before = qr_test_read_file (base);

  qr_test_run_cli (&r, "edit", base, out, "--entdef", fgd, "--step", "place light 32 16 8 light=200 targetname=lamp",
                   "--step", "place monster_dog 48 16 24 angle=90", "--step", "set-class 1 info_player_deathmatch",
                   NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.err, ==, "");
  text = qr_test_read_file (out);
  g_assert_nonnull (strstr (text, "// entity 1\n{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"8 8 8\"\n}\n"));
  g_assert_nonnull (strstr (text, "// entity 2\n{\n\"classname\" \"light\"\n\"origin\" \"32 16 8\"\n"
                                  "\"light\" \"200\"\n\"targetname\" \"lamp\"\n\"wait\" \"1\"\n\"style\" \"0\"\n}\n"));
  g_assert_true (g_str_has_suffix (text, "// entity 3\n{\n\"classname\" \"monster_dog\"\n\"origin\" \"48 16 24\"\n"
                                         "\"angle\" \"90\"\n}\n"));

  qr_test_run_cli (&u, "edit", base, undone, "--entdef", fgd, "--step", "place light 32 16 8", "--step",
                   "set-class 1,2 info_null", "--undo", "2", NULL);
  g_assert_cmpint (u.status, ==, 0);
  after_undo = qr_test_read_file (undone);
  g_assert_cmpstr (after_undo, ==, before);
  remove_temp (path);
}

/* quarry-cli check on box_map: the collinear brush is an error (status 1),
 * the player start inside the box a warning; text lines file:E:B and the
 * JSON schema; a map with warnings only is status 0, one that does not
 * load status 2. */
static void
test_check (void)
{
  g_autofree char *path = write_temp ("box.map", box_map);
  g_auto (QrTestRun) text = { 0 };
  g_auto (QrTestRun) json = { 0 };
  g_auto (QrTestRun) missing = { 0 };

  qr_test_run_cli (&text, "check", path, NULL);
  g_assert_cmpint (text.status, ==, 1);
  g_autofree char *expected
      = g_strdup_printf ("%s:0:1: error: Invalid brush: the three points of face 0 are collinear\n"
                         "%s:1:-: warning: “info_player_start” is inside brush 0:0\n",
                         path, path);
  g_assert_cmpstr (text.out, ==, expected);

  qr_test_run_cli (&json, "check", path, "--json", NULL);
  g_assert_cmpint (json.status, ==, 1);
  json_object *root = json_tokener_parse (json.out);
  g_assert_nonnull (root);
  json_object *problems = field (root, "problems");
  g_assert_cmpint (json_object_array_length (problems), ==, 2);
  json_object *bad = json_object_array_get_idx (problems, 0);
  g_assert_cmpstr (json_object_get_string (field (bad, "kind")), ==, "invalid-brush");
  g_assert_cmpstr (json_object_get_string (field (bad, "severity")), ==, "error");
  g_assert_cmpint (json_object_get_int (field (bad, "entity")), ==, 0);
  g_assert_cmpint (json_object_get_int (field (bad, "brush")), ==, 1);
  g_assert_cmpint (json_object_get_int (field (bad, "face")), ==, 0);
  g_assert_nonnull (strstr (json_object_get_string (field (bad, "message")), "face 0"));
  json_object *inside = json_object_array_get_idx (problems, 1);
  g_assert_cmpstr (json_object_get_string (field (inside, "kind")), ==, "entity-in-solid");
  g_assert_cmpstr (json_object_get_string (field (inside, "severity")), ==, "warning");
  g_assert_true (field (inside, "brush") == NULL && field (inside, "face") == NULL);
  json_object_put (root);
  remove_temp (path);

  /* Without the collinear brush only the warning is left. */
  g_autofree char *good_text = g_strdup (box_map);
  char *cut = strstr (good_text, "{\n( 0 0 0 ) ( 1 1 1 )");
  char *end = strstr (cut, "}\n") + 2;
  memmove (cut, end, strlen (end) + 1);
  g_autofree char *good = write_temp ("good.map", good_text);
  g_auto (QrTestRun) warned = { 0 };
  qr_test_run_cli (&warned, "check", good, NULL);
  g_assert_cmpint (warned.status, ==, 0);
  g_assert_nonnull (strstr (warned.out, ": warning: "));
  g_assert_null (strstr (warned.out, ": error: "));
  remove_temp (good);

  qr_test_run_cli (&missing, "check", "/nonexistent/quarry.map", NULL);
  g_assert_cmpint (missing.status, ==, 2);
}

/* Every corpus map: check's invalid-brush problems are exactly the brushes
 * info calls invalid (skycastle.map has 218), and status 1 goes with them. */
static void
test_check_corpus (void)
{
  g_autofree char *manifest = qr_test_corpus_file ("MANIFEST.tsv");
  g_autofree char *contents = NULL;
  guint maps = 0, invalid_total = 0;

  if (manifest == NULL)
    return;
  g_assert_true (g_file_get_contents (manifest, &contents, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (contents, "\n", -1);
  for (guint l = 1; lines[l] != NULL; l++)
    {
      if (lines[l][0] == '\0')
        continue;
      g_auto (GStrv) cols = g_strsplit (lines[l], "\t", 2);
      g_autofree char *path = g_build_filename (qr_test_corpus_dir (), cols[0], NULL);
      g_auto (QrTestRun) info = { 0 };
      g_auto (QrTestRun) check = { 0 };

      qr_test_run_cli (&info, "info", path, "--json", NULL);
      g_assert_cmpint (info.status, ==, 0);
      qr_test_run_cli (&check, "check", path, "--json", NULL);
      json_object *info_root = json_tokener_parse (info.out);
      json_object *check_root = json_tokener_parse (check.out);
      g_assert_nonnull (info_root);
      g_assert_nonnull (check_root);

      g_autoptr (GString) want = g_string_new (NULL);
      g_autoptr (GString) got = g_string_new (NULL);
      json_object *invalid = field (info_root, "invalid");
      for (size_t i = 0; i < json_object_array_length (invalid); i++)
        g_string_append_printf (want, "%s\n", json_object_get_string (field (json_object_array_get_idx (invalid, i), "brush")));
      json_object *problems = field (check_root, "problems");
      gboolean errors = FALSE;
      for (size_t i = 0; i < json_object_array_length (problems); i++)
        {
          json_object *p = json_object_array_get_idx (problems, i);
          errors |= strcmp (json_object_get_string (field (p, "severity")), "error") == 0;
          if (strcmp (json_object_get_string (field (p, "kind")), "invalid-brush") == 0)
            g_string_append_printf (got, "%d:%d\n", json_object_get_int (field (p, "entity")),
                                    json_object_get_int (field (p, "brush")));
        }
      g_assert_cmpstr (got->str, ==, want->str);
      g_assert_cmpint (check.status, ==, errors ? 1 : 0);
      invalid_total += json_object_array_length (invalid);
      maps++;
      json_object_put (info_root);
      json_object_put (check_root);
    }
  g_assert_cmpuint (maps, >=, 30);
  g_assert_cmpuint (invalid_total, >=, 218);
}

/* hide, isolate and show-all (issue 20): Hammer's editor visgroupshown in
 * a VMF, each step undoable; a .map file has no key for it and saves as if
 * nothing were hidden. */
static void
test_edit_hide (void)
{
  g_autofree char *vmf = qr_test_corpus_file ("vmf/box13.vmf");
  g_autofree char *path = write_temp ("box.map", box_map);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *plain_vmf = g_build_filename (dir, "plain.vmf", NULL);
  g_autofree char *hidden_vmf = g_build_filename (dir, "hidden.vmf", NULL);
  g_autofree char *out_vmf = g_build_filename (dir, "out.vmf", NULL);
  g_autofree char *out_map = g_build_filename (dir, "out.map", NULL);
  g_auto (QrTestRun) plain = { 0 };
  g_auto (QrTestRun) hide = { 0 };
  g_auto (QrTestRun) undone = { 0 };
  g_auto (QrTestRun) kept = { 0 };
  g_auto (QrTestRun) shown = { 0 };
  g_auto (QrTestRun) isolated = { 0 };
  g_auto (QrTestRun) plain_map = { 0 };
  g_auto (QrTestRun) on_map = { 0 };

  if (vmf == NULL)
    {
      remove_temp (path);
      return;
    }
  qr_test_run_cli (&plain, "edit", vmf, plain_vmf, NULL);
  g_assert_cmpint (plain.status, ==, 0);
  g_autofree char *plain_text = qr_test_read_file (plain_vmf);
  g_assert_cmpuint (count_of (plain_text, "\"visgroupshown\" \"0\""), ==, 0);

  /* Hiding one solid changes exactly its visgroupshown line. */
  qr_test_run_cli (&hide, "edit", vmf, hidden_vmf, "--history", "--step", "hide 0:0", NULL);
  g_assert_cmpint (hide.status, ==, 0);
  g_assert_cmpstr (hide.out, ==, "done 1 Hide\n");
  g_autofree char *hidden_text = qr_test_read_file (hidden_vmf);
  g_auto (GStrv) a = g_strsplit (plain_text, "\n", -1);
  g_auto (GStrv) b = g_strsplit (hidden_text, "\n", -1);
  g_assert_cmpuint (g_strv_length (a), ==, g_strv_length (b));
  guint differ = 0;
  for (guint i = 0; a[i] != NULL; i++)
    if (strcmp (a[i], b[i]) != 0)
      {
        differ++;
        g_assert_nonnull (strstr (a[i], "\"visgroupshown\" \"1\""));
        g_assert_nonnull (strstr (b[i], "\"visgroupshown\" \"0\""));
      }
  g_assert_cmpuint (differ, ==, 1);

  /* Undone, the file is the plain save. */
  qr_test_run_cli (&undone, "edit", vmf, out_vmf, "--step", "hide 0:0", "--undo", "1", NULL);
  g_assert_cmpint (undone.status, ==, 0);
  g_autofree char *undone_text = qr_test_read_file (out_vmf);
  g_assert_cmpstr (undone_text, ==, plain_text);

  /* The hidden file opens hidden: saved again unchanged; show-all gives
   * back the plain save. */
  qr_test_run_cli (&kept, "edit", hidden_vmf, out_vmf, NULL);
  g_assert_cmpint (kept.status, ==, 0);
  g_autofree char *kept_text = qr_test_read_file (out_vmf);
  g_assert_cmpstr (kept_text, ==, hidden_text);
  qr_test_run_cli (&shown, "edit", hidden_vmf, out_vmf, "--step", "show-all", NULL);
  g_assert_cmpint (shown.status, ==, 0);
  g_autofree char *shown_text = qr_test_read_file (out_vmf);
  g_assert_cmpstr (shown_text, ==, plain_text);

  /* Isolating one solid hides every other solid and entity: only its
   * editor block still says shown, and the groups' (groups are not hidden). */
  qr_test_run_cli (&isolated, "edit", vmf, out_vmf, "--step", "isolate 0:0", NULL);
  g_assert_cmpint (isolated.status, ==, 0);
  g_autofree char *isolated_text = qr_test_read_file (out_vmf);
  g_assert_cmpuint (count_of (isolated_text, "\"visgroupshown\" \"1\""), ==, 1 + count_of (isolated_text, "\n\tgroup\n"));
  g_assert_cmpuint (count_of (isolated_text, "\"visgroupshown\" \"0\""), >, 1);

  /* A .map keeps no hidden state: it saves as without the step. */
  qr_test_run_cli (&plain_map, "edit", path, out_map, NULL);
  g_assert_cmpint (plain_map.status, ==, 0);
  g_autofree char *plain_map_text = qr_test_read_file (out_map);
  qr_test_run_cli (&on_map, "edit", path, out_map, "--step", "hide 0:0", NULL);
  g_assert_cmpint (on_map.status, ==, 0);
  g_autofree char *map_text = qr_test_read_file (out_map);
  g_assert_cmpstr (map_text, ==, plain_map_text);
  remove_temp (path);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/usage", test_usage);
  g_test_add_func ("/cli/bad-input", test_bad_input);
  g_test_add_func ("/cli/info-json", test_info_json);
  g_test_add_func ("/cli/check", test_check);
  g_test_add_func ("/cli/check-corpus", test_check_corpus);
  g_test_add_func ("/cli/info-patches", test_info_patches);
  g_test_add_func ("/cli/info-displaced-bounds", test_info_displaced_bounds);
  g_test_add_func ("/cli/mesh-json", test_mesh_json);
  g_test_add_func ("/cli/mesh-json-uv", test_mesh_json_uv);
  g_test_add_func ("/cli/convert-brushdef", test_convert_brushdef);
  g_test_add_func ("/cli/convert", test_convert);
  g_test_add_func ("/cli/bench", test_bench);
  g_test_add_func ("/cli/edit", test_edit);
  g_test_add_func ("/cli/edit-texture-steps", test_edit_texture_steps);
  g_test_add_func ("/cli/edit-tex-shift", test_edit_tex_shift);
  g_test_add_func ("/cli/edit-entities", test_edit_entities);
  g_test_add_func ("/cli/edit-reload", test_edit_reload);
  g_test_add_func ("/cli/edit-hide", test_edit_hide);
  g_test_add_func ("/cli/edit-place-entdef", test_edit_place_entdef);
  g_test_add_func ("/cli/edit-landscape", test_edit_landscape);
  g_test_add_func ("/cli/csg", test_csg);
  g_test_add_func ("/cli/texture-png", test_texture_png);
  g_test_add_func ("/cli/textures-json", test_textures_json);
  g_test_add_func ("/cli/textures-missing", test_textures_missing);
  g_test_add_func ("/cli/entdef-json", test_entdef_json);
  g_test_add_func ("/cli/entdef-quake", test_entdef_quake);
  g_test_add_func ("/cli/entdef-errors", test_entdef_errors);
  return g_test_run ();
}
