/* Tests of Source displacements (issue 16): the grid geometry, reading and
 * storing dispinfo blocks, building displaced sides. The unit paths use
 * inline maps; the /disp/corpus paths the shared corpus's VMF files. */
#include <math.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <json-c/json.h>
#include "qr-brush.h"
#include "qr-disp.h"
#include "qr-dispgrid.h"
#include "qr-io.h"
#include "qr-node.h"
#include "qr-operations.h"
#include "qr-test-corpus.h"
#include "qr-test-map.h"

/* ---- a box with a displaced top, as VMF text ------------------------------ */

typedef struct
{
  int power;
  const char *start;
  const char *elevation;
  /* Row texts by row; NULL rows take the block's default. */
  const char *normals[17];
  const char *distances[17];
  const char *offsets[17];
  const char *offset_normals[17];
  const char *alphas[17];
} DispText;

static void
rows (GString *s, const char *block, const char *const *given, int side, int per_vertex, const char *fill)
{
  g_string_append_printf (s, "\t\t\t\t%s\n\t\t\t\t{\n", block);
  for (int r = 0; r < side; r++)
    {
      g_string_append_printf (s, "\t\t\t\t\t\"row%d\" \"", r);
      if (given[r] != NULL)
        g_string_append (s, given[r]);
      else
        for (int i = 0; i < side; i++)
          g_string_append_printf (s, "%s%s", i > 0 ? " " : "", fill);
      g_string_append (s, "\"\n");
    }
  g_string_append (s, "\t\t\t\t}\n");
  (void) per_vertex;
}

/* A box [x0, x1] × [y0, y1] × [z0, z1]: Hammer's six side planes (clockwise
 * points seen from outside), the top side (face 0) carrying `d`. */
static void
append_box (GString *s, int id, double x0, double y0, double z0, double x1, double y1, double z1,
            const DispText *d, const char *cut)
{
  char planes[7][160];
  int n_sides = cut != NULL ? 7 : 6;
  int side = d != NULL ? (1 << d->power) + 1 : 0;

  g_snprintf (planes[0], sizeof planes[0], "(%g %g %g) (%g %g %g) (%g %g %g)", x0, y1, z1, x1, y1, z1, x1, y0, z1);
  g_snprintf (planes[1], sizeof planes[1], "(%g %g %g) (%g %g %g) (%g %g %g)", x0, y0, z0, x1, y0, z0, x1, y1, z0);
  g_snprintf (planes[2], sizeof planes[2], "(%g %g %g) (%g %g %g) (%g %g %g)", x0, y1, z1, x0, y0, z1, x0, y0, z0);
  g_snprintf (planes[3], sizeof planes[3], "(%g %g %g) (%g %g %g) (%g %g %g)", x1, y1, z0, x1, y0, z0, x1, y0, z1);
  g_snprintf (planes[4], sizeof planes[4], "(%g %g %g) (%g %g %g) (%g %g %g)", x1, y1, z1, x0, y1, z1, x0, y1, z0);
  g_snprintf (planes[5], sizeof planes[5], "(%g %g %g) (%g %g %g) (%g %g %g)", x1, y0, z0, x0, y0, z0, x0, y0, z1);
  if (cut != NULL)
    g_strlcpy (planes[6], cut, sizeof planes[6]);

  g_string_append_printf (s, "\tsolid\n\t{\n\t\t\"id\" \"%d\"\n", id);
  for (int i = 0; i < n_sides; i++)
    {
      g_string_append_printf (s, "\t\tside\n\t\t{\n\t\t\t\"id\" \"%d\"\n\t\t\t\"plane\" \"%s\"\n", id * 10 + i, planes[i]);
      g_string_append (s, "\t\t\t\"material\" \"NATURE/DIRT\"\n"
                          "\t\t\t\"uaxis\" \"[1 0 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 -1 0 0] 0.25\"\n"
                          "\t\t\t\"rotation\" \"0\"\n\t\t\t\"lightmapscale\" \"16\"\n\t\t\t\"smoothing_groups\" \"0\"\n");
      if (i == 0 && d != NULL)
        {
          g_string_append_printf (s, "\t\t\tdispinfo\n\t\t\t{\n\t\t\t\t\"power\" \"%d\"\n"
                                     "\t\t\t\t\"startposition\" \"%s\"\n\t\t\t\t\"flags\" \"0\"\n"
                                     "\t\t\t\t\"elevation\" \"%s\"\n\t\t\t\t\"subdiv\" \"0\"\n",
                                  d->power, d->start, d->elevation ? d->elevation : "0");
          rows (s, "normals", d->normals, side, 3, "0 0 1");
          rows (s, "distances", d->distances, side, 1, "0");
          rows (s, "offsets", d->offsets, side, 3, "0 0 0");
          rows (s, "offset_normals", d->offset_normals, side, 3, "0 0 1");
          rows (s, "alphas", d->alphas, side, 1, "0");
          g_string_append (s, "\t\t\t\tallowed_verts\n\t\t\t\t{\n"
                              "\t\t\t\t\t\"10\" \"-1 -1 -1 -1 -1 -1 -1 -1 -1 -1\"\n\t\t\t\t}\n\t\t\t}\n");
        }
      g_string_append (s, "\t\t}\n");
    }
  g_string_append (s, "\t}\n");
}

static char *
box_map_text (const DispText *d)
{
  GString *s = g_string_new ("world\n{\n\t\"id\" \"1\"\n\t\"classname\" \"worldspawn\"\n");

  append_box (s, 2, 0, 0, 0, 64, 64, 16, d, NULL);
  g_string_append (s, "}\n");
  return g_string_free (s, FALSE);
}

static QrBrush *
first_brush (QrMap *map)
{
  QrBrush *brush;

  g_assert_cmpuint (qr_map_entity_count (map), >=, 1);
  g_assert_cmpuint (qr_entity_brush_count (qr_map_get_entity (map, 0)), >=, 1);
  brush = qr_entity_get_brush (qr_map_get_entity (map, 0), 0);
  if (brush->poly == NULL)
    qr_map_build_geometry (map, 0);
  g_assert_true (qr_brush_is_valid (brush));
  return brush;
}

static void
assert_vec3_near (QrVec3 v, double x, double y, double z, double tol)
{
  if (!(fabs (v.x - x) <= tol && fabs (v.y - y) <= tol && fabs (v.z - z) <= tol))
    g_error ("expected (%.17g %.17g %.17g), got (%.17g %.17g %.17g)", x, y, z, v.x, v.y, v.z);
}

/* ---- the grid ------------------------------------------------------------- */

/* The top of a 64 box, anticlockwise seen from above (outside). */
static const QrVec3 square[4] = { { 0, 0, 16 }, { 64, 0, 16 }, { 64, 64, 16 }, { 0, 64, 16 } };

static void
test_corners (void)
{
  QrVec3 c[4];
  QrVec3 pentagon[5] = { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 1, 0 }, { 1, 2, 0 }, { 0, 1, 0 } };

  /* Corner 1 is the start's neighbour before it in our anticlockwise
   * order, i.e. after it in Hammer's clockwise one. */
  g_assert_true (qr_disp_corners (square, 4, qr_vec3 (1, -2, 16), c));
  qr_test_assert_vec3_same (c[0], 0, 0, 16);
  qr_test_assert_vec3_same (c[1], 0, 64, 16);
  qr_test_assert_vec3_same (c[2], 64, 64, 16);
  qr_test_assert_vec3_same (c[3], 64, 0, 16);

  g_assert_true (qr_disp_corners (square, 4, qr_vec3 (60, 70, 0), c));
  qr_test_assert_vec3_same (c[0], 64, 64, 16);
  qr_test_assert_vec3_same (c[1], 64, 0, 16);
  qr_test_assert_vec3_same (c[3], 0, 64, 16);

  g_assert_false (qr_disp_corners (pentagon, 5, qr_vec3 (0, 0, 0), c));
}

static void
test_flat_points (void)
{
  QrVec3 c[4];
  /* A skewed quad: the far corners must be reached exactly (the step is
   * 1/(side − 1), not the seed's 1/side). */
  QrVec3 quad[4] = { { 0.1, 0.3, 0 }, { 100.7, 3.3, 1 }, { 90.9, 77.7, 2 }, { -3.3, 60.1, 0.5 } };

  g_assert_true (qr_disp_corners (quad, 4, quad[0], c));
  for (int p = QR_DISP_MIN_POWER; p <= QR_DISP_MAX_POWER; p++)
    {
      int side = qr_disp_side (p), n = side - 1;

      qr_test_assert_vec3_same (qr_disp_flat_point (c, side, 0, 0), c[0].x, c[0].y, c[0].z);
      qr_test_assert_vec3_same (qr_disp_flat_point (c, side, n, 0), c[1].x, c[1].y, c[1].z);
      qr_test_assert_vec3_same (qr_disp_flat_point (c, side, n, n), c[2].x, c[2].y, c[2].z);
      qr_test_assert_vec3_same (qr_disp_flat_point (c, side, 0, n), c[3].x, c[3].y, c[3].z);
      /* The centre of a bilinear patch is the mean of its corners. */
      assert_vec3_near (qr_disp_flat_point (c, side, n / 2, n / 2), (c[0].x + c[1].x + c[2].x + c[3].x) / 4,
                        (c[0].y + c[1].y + c[2].y + c[3].y) / 4, (c[0].z + c[1].z + c[2].z + c[3].z) / 4, 1e-12);
    }
  /* Power 2 on the square: row r at y = 16 r, column c at x = 16 c. */
  g_assert_true (qr_disp_corners (square, 4, qr_vec3 (0, 0, 16), c));
  qr_test_assert_vec3_same (qr_disp_flat_point (c, 5, 1, 3), 48, 16, 16);
  qr_test_assert_vec3_same (qr_disp_flat_point (c, 5, 4, 2), 32, 64, 16);
}

/* Two sides sharing an edge, each grid walking it the other way round, as
 * neighbouring displacements do: the edge's points must be the same bits,
 * or sewn neighbours would not meet exactly. */
static void
test_shared_edge (void)
{
  /* Awkward coordinates, so that rounding would show. */
  QrVec3 p = { 0.1, 0.3, 0.7 }, q = { 100.7, 3.3, 1.9 };
  QrVec3 a[4] = { p, q, { 90.9, 77.7, 2.3 }, { -3.3, 60.1, 0.5 } };
  QrVec3 b[4] = { q, p, { 7.1, -80.3, 0.1 }, { 95.5, -70.7, 3.1 } };
  QrVec3 ca[4], cb[4];

  for (int power = QR_DISP_MIN_POWER; power <= QR_DISP_MAX_POWER; power++)
    {
      int side = qr_disp_side (power), n = side - 1;

      /* Row 0 of A runs from p to q (its corner 3), row 0 of B from q to p. */
      g_assert_true (qr_disp_corners (a, 4, p, ca));
      g_assert_true (qr_disp_corners (b, 4, q, cb));
      qr_test_assert_vec3_same (ca[3], q.x, q.y, q.z);
      qr_test_assert_vec3_same (cb[3], p.x, p.y, p.z);
      for (int k = 0; k <= n; k++)
        {
          QrVec3 on_a = qr_disp_flat_point (ca, side, 0, k);
          QrVec3 on_b = qr_disp_flat_point (cb, side, 0, n - k);

          qr_test_assert_vec3_same (on_a, on_b.x, on_b.y, on_b.z);
        }
    }
}

static void
test_triangles (void)
{
  for (int p = QR_DISP_MIN_POWER; p <= QR_DISP_MAX_POWER; p++)
    {
      int side = qr_disp_side (p), n_tri = 2 * (side - 1) * (side - 1);
      g_autofree uint32_t *tri = g_new (uint32_t, 3 * (size_t) n_tri);
      g_autofree QrVec3 *v = g_new (QrVec3, (size_t) side * side);
      QrVec3 c[4];
      double area = 0;

      g_assert_cmpint (n_tri, ==, 2 << (2 * p));
      g_assert_true (qr_disp_corners (square, 4, qr_vec3 (0, 0, 16), c));
      for (int r = 0; r < side; r++)
        for (int k = 0; k < side; k++)
          v[r * side + k] = qr_disp_flat_point (c, side, r, k);
      qr_disp_triangles (side, tri);
      for (int t = 0; t < n_tri; t++)
        {
          QrVec3 a, b, d, nrm;

          for (int k = 0; k < 3; k++)
            g_assert_cmpuint (tri[3 * t + k], <, (guint) (side * side));
          a = v[tri[3 * t]], b = v[tri[3 * t + 1]], d = v[tri[3 * t + 2]];
          nrm = qr_vec3_cross (qr_vec3_sub (b, a), qr_vec3_sub (d, a));
          /* Anticlockwise seen from outside (+z), and no sliver. */
          g_assert_cmpfloat (nrm.z, >, 0);
          area += nrm.z / 2;
        }
      g_assert_cmpfloat (area, ==, 64.0 * 64.0);
      /* Quad (0, 0) has the diagonal (0,0)–(1,1), quad (0, 1) the other:
       * §7's "bottom left quad has the diagonal going right". */
      g_assert_cmpuint (tri[0], ==, 0);
      g_assert_cmpuint (tri[2], ==, (guint) side + 1);
      g_assert_cmpuint (tri[4], ==, (guint) side + 1);
      g_assert_cmpuint (tri[6], ==, 1);
      g_assert_cmpuint (tri[7], ==, 2);
      g_assert_cmpuint (tri[8], ==, (guint) side + 1);
      /* Quad (1, 0) starts the second row with the first row's last pattern. */
      g_assert_cmpuint (tri[6 * (side - 1)], ==, (guint) side);
      g_assert_cmpuint (tri[6 * (side - 1) + 2], ==, 2u * side);
    }
}

static void
test_hit (void)
{
  QrVec3 c[4], v[25];
  QrRay down = { { 37, 13, 100 }, { 0, 0, -1 } }, up = { { 37, 13, -100 }, { 0, 0, 1 } };
  QrRay away = { { 37, 13, 100 }, { 0, 0, 1 } }, beside = { { 65, 13, 100 }, { 0, 0, -1 } };
  double t;
  int r, k;

  g_assert_true (qr_disp_corners (square, 4, qr_vec3 (0, 0, 16), c));
  for (r = 0; r < 5; r++)
    for (k = 0; k < 5; k++)
      v[r * 5 + k] = qr_disp_flat_point (c, 5, r, k);
  /* Raise vertex (1, 2) (at x 32, y 16) by 8. */
  v[1 * 5 + 2].z += 8;

  g_assert_true (qr_disp_hit (&down, v, 5, &t, &r, &k));
  /* (37, 13) lies in quad (0, 2) — r + c even, diagonal (0,2)–(1,3) — above
   * the diagonal y = x − 32, so in the triangle (0,2) (1,3) (1,2): from
   * (32, 0) it is 5/16 of the way to (48, 16) and 1/2 of the way to the
   * raised (32, 16, 24), at z = 16 + 8 / 2. The nearest vertex is (1, 2). */
  g_assert_cmpfloat (fabs (t - 80), <, 1e-9);
  g_assert_cmpint (r, ==, 1);
  g_assert_cmpint (k, ==, 2);
  /* From below as well: a displacement is picked from either side. */
  g_assert_true (qr_disp_hit (&up, v, 5, &t, NULL, NULL));
  g_assert_cmpfloat (fabs (t - 120), <, 1e-9);
  g_assert_false (qr_disp_hit (&away, v, 5, &t, NULL, NULL));
  g_assert_false (qr_disp_hit (&beside, v, 5, &t, NULL, NULL));
}

/* ---- building on a brush -------------------------------------------------- */

/* Power 2 on the top of [0, 64]² × [0, 16], started at its (0, 0) corner:
 * vertex (r, c) lies flat at (16 c, 16 r, 16). */
static void
test_build_by_hand (void)
{
  DispText d = {
    .power = 2,
    .start = "[0 0 16]",
    .elevation = "2",
    .distances = { [1] = "0 0 10 0 0", [4] = "0 0 0 0 5" },
    .normals = { [4] = "0 0 1 0 0 1 0 0 1 0 0 1 0.6 0 0.8" },
    .offsets = { [3] = "1 -2 3 0 0 0 0 0 0 0 0 0 0 0 0" },
    .alphas = { [2] = "0 0 255 0 0" },
  };
  g_autofree char *text = box_map_text (&d);
  g_autoptr (QrMap) map = qr_test_parse_ok (text, QR_FILE_VMF);
  QrBrush *brush = first_brush (map);
  QrDisp *disp = qr_face_disp (&brush->faces[0]);
  QrVec3 verts[25], flat[25];
  g_autofree char *why = NULL;

  g_assert_nonnull (disp);
  g_assert_true (qr_brush_has_disp (brush));
  g_assert_null (qr_face_disp (&brush->faces[1]));
  g_assert_cmpint (disp->power, ==, 2);
  g_assert_cmpint (disp->side, ==, 5);
  g_assert_cmpfloat (disp->elevation, ==, 2);
  g_assert_cmpfloat (disp->alphas[2 * 5 + 2], ==, 255);
  g_assert_cmpfloat (disp->distances[1 * 5 + 2], ==, 10);

  g_assert_true (qr_disp_build (disp, brush, 0, verts, flat, &why));
  g_assert_null (why);
  qr_test_assert_vec3_same (flat[0], 0, 0, 16);
  qr_test_assert_vec3_same (flat[1 * 5 + 2], 32, 16, 16);
  qr_test_assert_vec3_same (flat[24], 64, 64, 16);
  /* Untouched vertices rise by the elevation only. */
  qr_test_assert_vec3_same (verts[0], 0, 0, 18);
  qr_test_assert_vec3_same (verts[2 * 5 + 3], 48, 32, 18);
  /* distance 10 along +z, plus the elevation. */
  qr_test_assert_vec3_same (verts[1 * 5 + 2], 32, 16, 28);
  /* offset (1, −2, 3) at (3, 0): flat (0, 48, 16). */
  qr_test_assert_vec3_same (verts[3 * 5 + 0], 1, 46, 21);
  /* 5 along (0.6, 0, 0.8) at (4, 4): flat (64, 64, 16). */
  assert_vec3_near (verts[4 * 5 + 4], 67, 64, 22, 1e-12);
}

/* The same box started from its (64, 64) corner turns the grid round. */
static void
test_build_start_corner (void)
{
  DispText d = { .power = 2, .start = "[64 64 16]", .distances = { [1] = "0 0 10 0 0" } };
  g_autofree char *text = box_map_text (&d);
  g_autoptr (QrMap) map = qr_test_parse_ok (text, QR_FILE_VMF);
  QrBrush *brush = first_brush (map);
  QrVec3 verts[25];

  g_assert_true (qr_disp_build (qr_face_disp (&brush->faces[0]), brush, 0, verts, NULL, NULL));
  qr_test_assert_vec3_same (verts[0], 64, 64, 16);
  /* Rows run towards (64, 0), columns towards (0, 64). */
  qr_test_assert_vec3_same (verts[1 * 5 + 2], 32, 48, 26);
  qr_test_assert_vec3_same (verts[4 * 5 + 0], 64, 0, 16);
  qr_test_assert_vec3_same (verts[0 * 5 + 4], 0, 64, 16);
}

/* A side with five corners cannot carry a displacement and says so. */
static void
test_build_five_corners (void)
{
  DispText d = { .power = 2, .start = "[0 0 16]" };
  g_autofree char *text = box_map_text (&d);
  g_autoptr (QrMap) map = qr_test_parse_ok (text, QR_FILE_VMF);
  QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (map, 0), 0);
  QrFace *cut;
  QrVec3 verts[25];
  g_autofree char *why = NULL;

  /* A seventh face cuts the corner (64, 64) off the top: the top has five corners. */
  cut = qr_brush_add_face (brush);
  cut->points[0] = qr_vec3 (48, 64, 0);
  cut->points[1] = qr_vec3 (64, 48, 0);
  cut->points[2] = qr_vec3 (64, 48, 16);
  qr_map_build_geometry (map, 0);
  g_assert_true (qr_brush_is_valid (brush));
  g_assert_cmpint (qr_polytope_face_count (brush->poly, 0), ==, 5);

  g_assert_false (qr_disp_build (qr_face_disp (&brush->faces[0]), brush, 0, verts, NULL, &why));
  g_assert_cmpstr (why, ==, "face 0: a displacement needs a side with four corners; this one has 5");
}

/* ---- reading, storing, making blocks -------------------------------------- */

/* Lines of a that b does not have at the same place; the texts have the
 * same number of lines. */
static int
count_changed_lines (const char *a, const char *b, char **first_a, char **first_b)
{
  g_auto (GStrv) la = g_strsplit (a, "\n", -1);
  g_auto (GStrv) lb = g_strsplit (b, "\n", -1);
  int n = 0;

  g_assert_cmpuint (g_strv_length (la), ==, g_strv_length (lb));
  for (guint i = 0; la[i] != NULL; i++)
    if (strcmp (la[i], lb[i]) != 0)
      {
        if (n++ == 0)
          {
            *first_a = g_strdup (la[i]);
            *first_b = g_strdup (lb[i]);
          }
      }
  return n;
}

static void
test_store_one_row (void)
{
  DispText d = { .power = 3, .start = "[0 0 16]", .distances = { [5] = "1.5 2.25 0.1 0 0 0 0 0 0" } };
  g_autofree char *text = box_map_text (&d);
  g_autoptr (QrMap) map = qr_test_parse_ok (text, QR_FILE_VMF);
  QrFace *face = (QrFace *) qr_test_get_face (map, 0, 0, 0);
  g_autoptr (QrDisp) changed = qr_disp_copy (qr_face_disp (face));
  g_autofree char *before = qr_test_write_ok (map, QR_SAVE_VMF);
  g_autofree char *after = NULL, *line_a = NULL, *line_b = NULL;

  /* Storing the unchanged values changes nothing. */
  qr_disp_store (qr_face_disp (face), qr_node_get_child (face->extra->vmf, "dispinfo"));
  after = qr_test_write_ok (map, QR_SAVE_VMF);
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&after, g_free);

  changed->distances[5 * 9 + 3] = 0.30000000000000004;
  qr_disp_store (changed, qr_node_get_child (face->extra->vmf, "dispinfo"));
  g_assert_true (qr_face_sync_disp (face, NULL));
  g_assert_true (qr_disp_equal (qr_face_disp (face), changed));

  after = qr_test_write_ok (map, QR_SAVE_VMF);
  g_assert_cmpint (count_changed_lines (before, after, &line_a, &line_b), ==, 1);
  g_assert_cmpstr (g_strstrip (line_a), ==, "\"row5\" \"1.5 2.25 0.1 0 0 0 0 0 0\"");
  g_assert_cmpstr (g_strstrip (line_b), ==, "\"row5\" \"1.5 2.25 0.1 0.30000000000000004 0 0 0 0 0\"");

  /* The start position likewise: one line. */
  g_clear_pointer (&before, g_free);
  before = g_steal_pointer (&after);
  g_clear_pointer (&line_a, g_free);
  g_clear_pointer (&line_b, g_free);
  changed->start = qr_vec3 (-0.5, 0, 16);
  qr_disp_store (changed, qr_node_get_child (face->extra->vmf, "dispinfo"));
  after = qr_test_write_ok (map, QR_SAVE_VMF);
  g_assert_cmpint (count_changed_lines (before, after, &line_a, &line_b), ==, 1);
  g_assert_cmpstr (g_strstrip (line_b), ==, "\"startposition\" \"[-0.5 0 16]\"");
}

static void
test_to_node (void)
{
  for (int p = QR_DISP_MIN_POWER; p <= QR_DISP_MAX_POWER; p++)
    {
      g_autoptr (QrDisp) d = qr_disp_new_flat (p, qr_vec3 (1, 2.5, -3), qr_vec3 (0, 0.6, 0.8));
      g_autoptr (QrNode) node = NULL;
      g_autoptr (QrDisp) back = NULL;
      g_autoptr (GError) error = NULL;
      const QrNode *tags;

      d->distances[3] = 12.75;
      d->offsets[d->side * d->side - 1] = qr_vec3 (-1, 0.1, 7);
      d->alphas[d->side] = 128;
      d->elevation = 0.25;
      node = qr_disp_to_node (d);
      back = qr_disp_from_node (node, &error);
      g_assert_no_error (error);
      g_assert_true (qr_disp_equal (d, back));

      g_assert_cmpstr (node->items[0].key, ==, "power");
      g_assert_cmpstr (qr_node_get (node, "startposition"), ==, "[1 2.5 -3]");
      g_assert_cmpstr (qr_node_get (node, "elevation"), ==, "0.25");
      g_assert_cmpstr (qr_node_get (qr_node_get_child (node, "distances"), "row0"), ==,
                       p == 2 ? "0 0 0 12.75 0" : p == 3 ? "0 0 0 12.75 0 0 0 0 0"
                                                         : "0 0 0 12.75 0 0 0 0 0 0 0 0 0 0 0 0 0");
      /* 2^p rows of 2 · 2^p tags. */
      tags = qr_node_get_child (node, "triangle_tags");
      g_assert_nonnull (tags);
      g_assert_cmpuint (tags->n_items, ==, 1u << p);
      g_assert_cmpint ((int) strlen (qr_node_get (tags, "row0")), ==, 2 * (2 << p) - 1);
      g_assert_cmpstr (qr_node_get (qr_node_get_child (node, "allowed_verts"), "10"), ==,
                       "-1 -1 -1 -1 -1 -1 -1 -1 -1 -1");

      /* Storing another power into the block rewrites it whole. */
      {
        g_autoptr (QrDisp) other = qr_disp_new_flat (p == 4 ? 2 : p + 1, qr_vec3 (0, 0, 0), qr_vec3 (0, 0, 1));
        g_autoptr (QrDisp) reread = NULL;

        qr_disp_store (other, node);
        reread = qr_disp_from_node (node, &error);
        g_assert_no_error (error);
        g_assert_true (qr_disp_equal (other, reread));
        g_assert_cmpuint (qr_node_get_child (node, "triangle_tags")->n_items, ==, 1u << other->power);
      }
    }
}

static void
test_from_node_refused (void)
{
  g_autoptr (QrDisp) d = qr_disp_new_flat (2, qr_vec3 (0, 0, 0), qr_vec3 (0, 0, 1));
  g_autoptr (QrNode) node = qr_disp_to_node (d);
  g_autoptr (GError) error = NULL;
  QrDisp *bad;

  for (guint i = 0; i < node->n_items; i++)
    if (strcmp (node->items[i].key, "startposition") == 0)
      {
        g_free (node->items[i].value);
        node->items[i].value = g_strdup ("0 0 0");
      }
  bad = qr_disp_from_node (node, &error);
  g_assert_null (bad);
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "startposition"));
}

/* The reader refuses a side whose dispinfo's start position does not read. */
static void
test_reader_refuses_bad_start (void)
{
  DispText d = { .power = 2, .start = "[0 0]" };
  g_autofree char *text = box_map_text (&d);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = qr_map_parse_vmf (text, strlen (text), "test.vmf", &error);

  g_assert_null (map);
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "startposition"));
}

/* ---- quarry-cli mesh --json ----------------------------------------------- */

static json_object *
field (json_object *o, const char *key)
{
  json_object *v = NULL;

  if (!json_object_object_get_ex (o, key, &v))
    g_error ("missing key “%s” in %.200s", key, json_object_to_json_string (o));
  return v;
}

/* quarry-cli mesh FILE --json, parsed. */
static json_object *
mesh_json (const char *path)
{
  const char *argv[] = { g_getenv ("QUARRY_CLI"), "mesh", path, "--json", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  int status;
  json_object *root;

  g_assert_nonnull (argv[0]);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("quarry-cli mesh failed: %s", err);
  root = json_tokener_parse (out);
  g_assert_nonnull (root);
  return root;
}

/* Face f of brush b of the first entity in mesh JSON. */
static json_object *
mesh_face (json_object *root, int b, int f)
{
  json_object *entity = json_object_array_get_idx (field (root, "entities"), 0);
  json_object *brush = json_object_array_get_idx (field (entity, "brushes"), b);

  return json_object_array_get_idx (field (brush, "faces"), f);
}

static QrVec3
json_vec3 (json_object *a)
{
  g_assert_cmpuint (json_object_array_length (a), ==, 3);
  return qr_vec3 (json_object_get_double (json_object_array_get_idx (a, 0)),
                  json_object_get_double (json_object_array_get_idx (a, 1)),
                  json_object_get_double (json_object_array_get_idx (a, 2)));
}

static void
test_cli_mesh (void)
{
  DispText d = {
    .power = 2, .start = "[0 0 16]", .distances = { [1] = "0 0 10 0 0" }, .alphas = { [4] = "0 0 0 0 200" },
  };
  GString *s = g_string_new ("world\n{\n\t\"id\" \"1\"\n\t\"classname\" \"worldspawn\"\n");
  g_autofree char *text = NULL, *dir = NULL, *path = NULL;
  json_object *root, *face, *disp, *verts, *alphas;

  append_box (s, 2, 0, 0, 0, 64, 64, 16, &d, NULL);
  /* The same box with its (64, 64) edge cut off: a five-cornered top. */
  append_box (s, 3, 0, 0, 0, 64, 64, 16, &d, "(48 64 0) (64 48 0) (64 48 16)");
  g_string_append (s, "}\n");
  text = g_string_free (s, FALSE);
  dir = g_dir_make_tmp ("quarry-disp-XXXXXX", NULL);
  path = g_build_filename (dir, "disp.vmf", NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));

  root = mesh_json (path);
  face = mesh_face (root, 0, 0);
  disp = field (face, "displacement");
  g_assert_cmpint (json_object_get_int (field (disp, "power")), ==, 2);
  verts = field (disp, "vertices");
  alphas = field (disp, "alphas");
  g_assert_cmpuint (json_object_array_length (verts), ==, 25);
  g_assert_cmpuint (json_object_array_length (alphas), ==, 25);
  /* Row-major in the dispinfo's indexing: (1, 2) is raised, (4, 4) has alpha 200. */
  qr_test_assert_vec3_same (json_vec3 (json_object_array_get_idx (verts, 1 * 5 + 2)), 32, 16, 26);
  qr_test_assert_vec3_same (json_vec3 (json_object_array_get_idx (verts, 4 * 5 + 1)), 16, 64, 16);
  g_assert_cmpfloat (json_object_get_double (json_object_array_get_idx (alphas, 24)), ==, 200);
  g_assert_cmpfloat (json_object_get_double (json_object_array_get_idx (alphas, 23)), ==, 0);
  /* Its flat polygon stays. */
  g_assert_cmpuint (json_object_array_length (field (face, "vertices")), ==, 4);
  g_assert_false (json_object_object_get_ex (face, "displacement_error", NULL));
  /* Other faces have neither. */
  g_assert_false (json_object_object_get_ex (mesh_face (root, 0, 1), "displacement", NULL));

  face = mesh_face (root, 1, 0);
  g_assert_false (json_object_object_get_ex (face, "displacement", NULL));
  g_assert_cmpstr (json_object_get_string (field (face, "displacement_error")), ==,
                   "face 0: a displacement needs a side with four corners; this one has 5");
  json_object_put (root);
  g_unlink (path);
  g_rmdir (dir);
}

/* ---- saving to .map drops displacements and says so ----------------------- */

static void
test_map_save_drops (void)
{
  DispText d = { .power = 2, .start = "[0 0 16]", .distances = { [1] = "0 0 10 0 0" } };
  g_autofree char *text = box_map_text (&d);
  g_autoptr (QrMap) map = qr_test_parse_ok (text, QR_FILE_VMF);
  g_autofree char *dir = g_dir_make_tmp ("quarry-disp-XXXXXX", NULL);
  g_autofree char *in = g_build_filename (dir, "in.vmf", NULL);
  g_autofree char *out = g_build_filename (dir, "out.map", NULL);
  g_autofree char *out_vmf = g_build_filename (dir, "out.vmf", NULL);
  g_autofree char *err = NULL, *err_vmf = NULL, *saved = NULL;
  const char *argv[] = { g_getenv ("QUARRY_CLI"), "convert", in, out, NULL };
  const char *argv_vmf[] = { g_getenv ("QUARRY_CLI"), "convert", in, out_vmf, NULL };
  int status;

  g_assert_cmpuint (qr_save_dropped_displacements (map, QR_SAVE_VALVE220), ==, 1);
  g_assert_cmpuint (qr_save_dropped_displacements (map, QR_SAVE_QUAKE), ==, 1);
  g_assert_cmpuint (qr_save_dropped_displacements (map, QR_SAVE_VMF), ==, 0);
  g_assert_cmpuint (qr_save_dropped_displacements (map, QR_SAVE_AS_READ), ==, 0);

  g_assert_true (g_file_set_contents (in, text, -1, NULL));
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &err, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_cmpstr (err, ==, "quarry-cli convert: warning: 1 displacement dropped: .map files have none, "
                            "its brush is saved flat\n");
  /* The flat brush is there: six faces, the top at z = 16. */
  g_assert_true (g_file_get_contents (out, &saved, NULL, NULL));
  {
    g_autoptr (QrMap) back = qr_test_parse_ok (saved, QR_FILE_MAP);
    QrBrush *brush = first_brush (back);

    g_assert_cmpint (brush->n_faces, ==, 6);
    g_assert_cmpfloat (brush->poly->bounds.max.z, ==, 16);
  }
  g_assert_null (strstr (saved, "dispinfo"));

  g_assert_true (g_spawn_sync (NULL, (char **) argv_vmf, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &err_vmf, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_cmpstr (err_vmf, ==, "");
  g_unlink (in);
  g_unlink (out);
  g_unlink (out_vmf);
  g_rmdir (dir);
}

/* ---- displaced brushes follow transforms ---------------------------------- */

static const DispText sculpted = {
  .power = 2,
  .start = "[0 0 16]",
  .elevation = "1.5",
  .normals = { [1] = "0 0 1 0 0 1 0.6 0 0.8 0 0 1 0 0 1", [3] = "0 0 0 0 0 1 0 0 1 0 0.28 0.96 0 0 1" },
  .distances = { [1] = "0 3 10 0 0", [3] = "7 0 2 4.5 0" },
  .offsets = { [2] = "1 -2 3 0 0 0 0.5 0.25 -1 0 0 0 0 0 0" },
  .offset_normals = { [0] = "0 0 1 0 0 1 0 0.6 0.8 0 0 1 0 0 1" },
  .alphas = { [2] = "0 10 255 0 0" },
};

static void
displaced (QrDocument *doc, QrVec3 verts[25])
{
  QrMap *map = qr_document_get_map (doc);
  QrBrush *brush = first_brush (map);
  g_autofree char *why = NULL;

  if (!qr_disp_build (qr_face_disp (&brush->faces[0]), brush, 0, verts, NULL, &why))
    g_error ("%s", why);
}

/* Applies tr to the box and checks every displaced vertex went where tr
 * sends it, the block reads back as the face's displacement, and undo
 * restores the text. */
static void
check_follows (const QrTransform *tr, double tolerance)
{
  g_autofree char *text = box_map_text (&sculpted);
  g_autoptr (QrDocument) doc = qr_document_new (qr_test_parse_ok (text, QR_FILE_VMF));
  QrMap *map = qr_document_get_map (doc);
  QrBrush *brush = first_brush (map);
  QrId id = brush->id;
  QrVec3 before[25], after[25];
  g_autofree char *saved = qr_test_write_ok (map, QR_SAVE_VMF);
  g_autoptr (GError) error = NULL;
  const QrFace *face;
  g_autoptr (QrDisp) reread = NULL;
  double worst = 0;

  displaced (doc, before);
  g_assert_true (qr_op_transform (doc, QR_BRUSHES (&id, 1), tr, "Transform", QR_MERGE_NONE, &error));
  g_assert_no_error (error);
  displaced (doc, after);
  /* A mirror reverses the side's winding: row r of the new grid is
   * column r of the old one. */
  for (int r = 0; r < 5; r++)
    for (int c = 0; c < 5; c++)
      {
        QrVec3 want = qr_transform_point (tr, before[qr_transform_determinant (tr) < 0 ? c * 5 + r : r * 5 + c]);

        worst = fmax (worst, qr_vec3_dist (after[r * 5 + c], want));
      }
  if (!(worst <= tolerance))
    g_error ("a displaced vertex is %g from where the transform sends it (%g %g %g / %g %g %g / %g %g %g)", worst,
             tr->m[0][0], tr->m[0][1], tr->m[0][2], tr->m[1][0], tr->m[1][1], tr->m[1][2], tr->m[2][0], tr->m[2][1],
             tr->m[2][2]);

  face = qr_test_get_face (map, 0, 0, 0);
  reread = qr_disp_from_node (qr_node_get_child (face->extra->vmf, "dispinfo"), &error);
  g_assert_no_error (error);
  g_assert_true (qr_disp_equal (reread, qr_face_disp (face)));
  /* Alphas travel with their vertices. */
  {
    int sum = 0;
    for (int i = 0; i < 25; i++)
      sum += (int) qr_face_disp (face)->alphas[i];
    g_assert_cmpint (sum, ==, 265);
  }

  g_assert_true (qr_document_undo (doc));
  {
    g_autofree char *undone = qr_test_write_ok (map, QR_SAVE_VMF);
    g_assert_cmpstr (undone, ==, saved);
  }
}

static void
test_transform_follows (void)
{
  QrTransform move = qr_transform_translate (qr_vec3 (16, -8, 32));
  QrTransform quarter = qr_transform_rotate (2, 90, qr_vec3 (32, 32, 8));
  QrTransform tipped = qr_transform_rotate (0, 90, qr_vec3 (32, 32, 8));
  QrTransform flip = qr_transform_flip (0, qr_vec3 (32, 32, 8));
  QrTransform stretch = qr_transform_scale (qr_vec3 (2, 1, 0.5), qr_vec3 (0, 0, 0));
  QrTransform turn = qr_transform_rotate (2, 30, qr_vec3 (0, 0, 0));

  check_follows (&move, 0);
  check_follows (&quarter, 1e-12);
  check_follows (&tipped, 1e-12);
  check_follows (&flip, 1e-12);
  check_follows (&stretch, 1e-12);
  /* Computed plane points within 0.001 of an integer are snapped to it:
   * the side itself may move that much. */
  check_follows (&turn, 2e-3);
}

/* A move rewrites the start position and nothing else of the block. */
static void
test_transform_move_rewrites_start (void)
{
  g_autofree char *text = box_map_text (&sculpted);
  g_autoptr (QrDocument) doc = qr_document_new (qr_test_parse_ok (text, QR_FILE_VMF));
  QrMap *map = qr_document_get_map (doc);
  QrId id = first_brush (map)->id;
  g_autofree char *before = qr_test_write_ok (map, QR_SAVE_VMF);
  g_autofree char *after = NULL, *line_a = NULL, *line_b = NULL;
  g_auto (GStrv) la = NULL, lb = NULL;
  int changed = 0;

  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (64, 0, 0), NULL));
  after = qr_test_write_ok (map, QR_SAVE_VMF);
  la = g_strsplit (before, "\n", -1);
  lb = g_strsplit (after, "\n", -1);
  g_assert_cmpuint (g_strv_length (la), ==, g_strv_length (lb));
  for (guint i = 0; la[i] != NULL; i++)
    if (strcmp (la[i], lb[i]) != 0 && strstr (la[i], "\"plane\"") == NULL && strstr (la[i], "axis\"") == NULL)
      {
        changed++;
        g_assert_cmpstr (g_strstrip (lb[i]), ==, "\"startposition\" \"[64 0 16]\"");
      }
  g_assert_cmpint (changed, ==, 1);
}

/* ---- the corpus ----------------------------------------------------------- */

static QrMap *
load_corpus (const char *relative, char **text)
{
  g_autofree char *path = qr_test_corpus_file (relative);
  g_autoptr (GError) error = NULL;
  QrMap *map;

  if (path == NULL)
    return NULL;
  map = qr_map_load (path, &error);
  g_assert_no_error (error);
  if (text != NULL)
    g_assert_true (g_file_get_contents (path, text, NULL, NULL));
  qr_map_build_geometry (map, 0);
  return map;
}

/* The face with that VMF side id, or NULL. */
static const QrFace *
find_side (QrMap *map, QrId id, const QrBrush **brush_out, int *index_out)
{
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
      {
        const QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (map, e), b);

        for (int f = 0; f < brush->n_faces; f++)
          if (brush->faces[f].id == id)
            {
              *brush_out = brush;
              *index_out = f;
              return &brush->faces[f];
            }
      }
  return NULL;
}

/* Seed 000 §7's formula coded on its own: bilinear flat points between the
 * corners (the row running from corner 0 to corner 1), each moved by
 * normal × distance + offset normal × elevation + offset. */
static QrVec3
seed_vertex (const QrDisp *d, const QrVec3 corner[4], int r, int c)
{
  double s = (double) r / (d->side - 1), t = (double) c / (d->side - 1);
  int i = r * d->side + c;
  QrVec3 v;

  v.x = (1 - s) * (1 - t) * corner[0].x + s * (1 - t) * corner[1].x + s * t * corner[2].x + (1 - s) * t * corner[3].x;
  v.y = (1 - s) * (1 - t) * corner[0].y + s * (1 - t) * corner[1].y + s * t * corner[2].y + (1 - s) * t * corner[3].y;
  v.z = (1 - s) * (1 - t) * corner[0].z + s * (1 - t) * corner[1].z + s * t * corner[2].z + (1 - s) * t * corner[3].z;
  v.x += d->normals[i].x * d->distances[i] + d->offset_normals[i].x * d->elevation + d->offsets[i].x;
  v.y += d->normals[i].y * d->distances[i] + d->offset_normals[i].y * d->elevation + d->offsets[i].y;
  v.z += d->normals[i].z * d->distances[i] + d->offset_normals[i].z * d->elevation + d->offsets[i].z;
  return v;
}

/* Orientation figures for a displacement on the corners given in Hammer's
 * numbering: how far the undisplaced-plus-offset surface is from mirroring
 * itself across its middle row (the plane through the grid's middle,
 * across the rows), and the mean angle in degrees between that surface's
 * normals and the stored offset normals (which Hammer's subdivision set to
 * them). */
static void
orientation_figures (const QrDisp *d, const QrVec3 corner[4], double *mirror, double *angle)
{
  int side = d->side, n = side - 1, count = 0;
  g_autofree QrVec3 *base = g_new (QrVec3, (size_t) side * side);
  QrVec3 axis = qr_vec3_normalize (qr_vec3_sub (corner[1], corner[0]));
  QrVec3 mid = qr_vec3_scale (qr_vec3_add (corner[0], corner[1]), 0.5);

  for (int r = 0; r < side; r++)
    for (int c = 0; c < side; c++)
      base[r * side + c] = qr_vec3_add (qr_disp_flat_point (corner, side, r, c), d->offsets[r * side + c]);

  *mirror = 0;
  for (int r = 0; r < side; r++)
    for (int c = 0; c < side; c++)
      {
        QrVec3 p = base[r * side + c], q = base[(n - r) * side + c];
        /* p reflected in the plane through `mid` across `axis`. */
        QrVec3 m = qr_vec3_mad (p, axis, -2 * qr_vec3_dot (qr_vec3_sub (p, mid), axis));

        *mirror = fmax (*mirror, qr_vec3_dist (m, q));
      }

  *angle = 0;
  for (int r = 1; r < n; r++)
    for (int c = 1; c < n; c++)
      {
        QrVec3 du = qr_vec3_sub (base[r * side + c + 1], base[r * side + c - 1]);
        QrVec3 dv = qr_vec3_sub (base[(r + 1) * side + c], base[(r - 1) * side + c]);
        QrVec3 nrm = qr_vec3_normalize (qr_vec3_cross (du, dv));
        QrVec3 want = qr_vec3_normalize (d->offset_normals[r * side + c]);
        double cosine = fabs (qr_vec3_dot (nrm, want));

        *angle += acos (fmin (1.0, cosine)) * 180 / G_PI;
        count++;
      }
  *angle /= count;
}

/* plumber_test.vmf's side 125719, a tunnel arch of power 3. */
static void
test_corpus_plumber_arch (void)
{
  g_autoptr (QrMap) map = load_corpus ("vmf/plumber_test.vmf", NULL);
  const QrBrush *brush = NULL;
  const QrFace *face;
  const QrDisp *d;
  QrVec3 verts[81], polygon[4], corner[4], other[4];
  const uint16_t *index;
  double mirror, angle, mirror_other, angle_other, worst = 0;
  int f = -1;

  if (map == NULL)
    return;
  face = find_side (map, 125719, &brush, &f);
  g_assert_nonnull (face);
  d = qr_face_disp (face);
  g_assert_nonnull (d);
  g_assert_cmpint (d->power, ==, 3);
  g_assert_true (qr_disp_build (d, brush, f, verts, NULL, NULL));

  index = qr_polytope_face_indices (brush->poly, f);
  g_assert_cmpint (qr_polytope_face_count (brush->poly, f), ==, 4);
  for (int i = 0; i < 4; i++)
    polygon[i] = brush->poly->verts[index[i]];
  g_assert_true (qr_disp_corners (polygon, 4, d->start, corner));
  qr_test_assert_vec3_same (corner[0], -1023, -767, -1024);
  /* The other orientation: corners 1 and 3 swapped. */
  other[0] = corner[0], other[1] = corner[3], other[2] = corner[2], other[3] = corner[1];

  orientation_figures (d, corner, &mirror, &angle);
  orientation_figures (d, other, &mirror_other, &angle_other);
  g_test_message ("arch orientation: mirror %.6g, normal angle %.4g deg (the other: %.6g, %.4g deg)", mirror, angle,
                  mirror_other, angle_other);
  /* Offsets are written to 6 significant digits: 1e-3 of a 600-unit bend. */
  g_assert_cmpfloat (mirror, <, 0.01);
  g_assert_cmpfloat (angle, <, 6);
  g_assert_cmpfloat (mirror_other, >, 100);
  g_assert_cmpfloat (angle_other, >, 15);

  /* The first corner then the first row run along +x. */
  qr_test_assert_vec3_same (corner[1], 3583, -767, -1024);

  /* Against the seed's formula, coded in this test on its own. */
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      worst = fmax (worst, qr_vec3_dist (verts[r * 9 + c], seed_vertex (d, corner, r, c)));
  g_assert_cmpfloat (worst, <, 1e-9);
  /* quarry-cli mesh --json gives the same points, in the same order. */
  {
    g_autofree char *path = qr_test_corpus_file ("vmf/plumber_test.vmf");
    json_object *root = mesh_json (path), *jd = NULL;
    json_object *entities = field (root, "entities");

    for (size_t e = 0; e < json_object_array_length (entities) && jd == NULL; e++)
      {
        json_object *brushes = field (json_object_array_get_idx (entities, e), "brushes");

        for (size_t b = 0; b < json_object_array_length (brushes) && jd == NULL; b++)
          {
            json_object *faces = NULL;

            if (!json_object_object_get_ex (json_object_array_get_idx (brushes, b), "faces", &faces))
              continue;
            for (size_t k = 0; k < json_object_array_length (faces) && jd == NULL; k++)
              json_object_object_get_ex (json_object_array_get_idx (faces, k), "displacement", &jd);
          }
      }
    g_assert_nonnull (jd);
    g_assert_cmpint (json_object_get_int (field (jd, "power")), ==, 3);
    g_assert_cmpuint (json_object_array_length (field (jd, "vertices")), ==, 81);
    for (int i = 0; i < 81; i++)
      {
        QrVec3 v = json_vec3 (json_object_array_get_idx (field (jd, "vertices"), i));

        qr_test_assert_vec3_same (v, verts[i].x, verts[i].y, verts[i].z);
      }
    json_object_put (root);
  }
  /* A vertex by hand: (8, 4) lies flat at (3583, −767, 1535.5); normal
   * (−0.707107 0.707106 0) × 172.265 + offset (−646.225 682.142 0). */
  assert_vec3_near (verts[8 * 9 + 4], 3583 - 0.707107 * 172.265 - 646.225, -767 + 0.707106 * 172.265 + 682.142,
                    1535.5, 1e-9);
}

/* Every dispinfo block of a VMF text, its lines without their indentation.
 * Lines are cut by hand: g_strsplit's strstr per line is quadratic under
 * AddressSanitizer, whose strstr measures the whole rest of the text each
 * time (two minutes on the corpus instead of a second). */
static char *
dispinfo_lines (const char *text)
{
  GString *out = g_string_new (NULL);
  int depth = -1;

  for (const char *p = text; *p != '\0';)
    {
      const char *end = p;

      while (*end != '\0' && *end != '\n')
        end++;
      g_autofree char *line = g_strndup (p, (gsize) (end - p));
      p = *end == '\n' ? end + 1 : end;
      g_strstrip (line);

      if (depth < 0 && (strcmp (line, "dispinfo") == 0 || strcmp (line, "\"dispinfo\"") == 0))
        depth = 0;
      if (depth < 0)
        continue;
      g_string_append_printf (out, "%s\n", line);
      if (strcmp (line, "{") == 0)
        depth++;
      else if (strcmp (line, "}") == 0 && --depth == 0)
        depth = -1;
    }
  return g_string_free (out, FALSE);
}

/* Moving the arch rewrites its start position only; a quarter turn carries
 * every vertex along (its normals are not of unit length: a turn must
 * not renormalise them into new rows for nothing). */
static void
test_corpus_arch_follows (void)
{
  g_autoptr (QrMap) loaded = load_corpus ("vmf/plumber_test.vmf", NULL);
  g_autoptr (QrDocument) doc = NULL;
  const QrBrush *brush = NULL;
  int f = -1;
  QrId id;
  QrVec3 before[81], after[81];
  g_autofree char *text_before = NULL, *text_after = NULL;
  g_autofree char *disp_before = NULL, *disp_after = NULL;
  QrTransform quarter = qr_transform_rotate (2, 90, qr_vec3 (0, 0, 0));
  double worst = 0;

  if (loaded == NULL)
    return;
  doc = qr_document_new (g_steal_pointer (&loaded));
  g_assert_nonnull (find_side (qr_document_get_map (doc), 125719, &brush, &f));
  id = brush->id;
  text_before = qr_test_write_ok (qr_document_get_map (doc), QR_SAVE_VMF);
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (64, 0, -32), NULL));
  text_after = qr_test_write_ok (qr_document_get_map (doc), QR_SAVE_VMF);
  disp_before = dispinfo_lines (text_before);
  disp_after = dispinfo_lines (text_after);
  {
    g_auto (GStrv) la = g_strsplit (disp_before, "\n", -1);
    g_auto (GStrv) lb = g_strsplit (disp_after, "\n", -1);
    int changed = 0;

    g_assert_cmpuint (g_strv_length (la), ==, g_strv_length (lb));
    for (guint i = 0; la[i] != NULL; i++)
      if (strcmp (la[i], lb[i]) != 0)
        {
          changed++;
          g_assert_cmpstr (lb[i], ==, "\"startposition\" \"[-959 -767 -1056]\"");
        }
    g_assert_cmpint (changed, ==, 1);
  }

  g_assert_nonnull (find_side (qr_document_get_map (doc), 125719, &brush, &f));
  g_assert_true (qr_disp_build (qr_face_disp (&brush->faces[f]), brush, f, before, NULL, NULL));
  g_assert_true (qr_op_transform (doc, QR_BRUSHES (&id, 1), &quarter, "Rotate", QR_MERGE_NONE, NULL));
  g_assert_nonnull (find_side (qr_document_get_map (doc), 125719, &brush, &f));
  g_assert_true (qr_disp_build (qr_face_disp (&brush->faces[f]), brush, f, after, NULL, NULL));
  for (int i = 0; i < 81; i++)
    worst = fmax (worst, qr_vec3_dist (after[i], qr_transform_point (&quarter, before[i])));
  g_assert_cmpfloat (worst, <, 1e-9);
  /* The turn only permutes and negates: the same distances, bit for bit. */
  {
    g_autoptr (QrMap) fresh = load_corpus ("vmf/plumber_test.vmf", NULL);
    const QrBrush *orig = NULL;
    int of = -1;

    g_assert_nonnull (find_side (fresh, 125719, &orig, &of));
    g_assert_true (memcmp (qr_face_disp (&orig->faces[of])->distances, qr_face_disp (&brush->faces[f])->distances,
                           81 * sizeof (double)) == 0);
  }
}

static void
test_corpus_all (void)
{
  const char *dir_path;
  g_autoptr (GDir) dir = NULL;
  const char *name;
  guint files = 0, total = 0;

  if (!qr_test_corpus_available ())
    return;
  dir_path = qr_test_corpus_dir ();
  {
    g_autofree char *vmf_dir = g_build_filename (dir_path, "vmf", NULL);
    dir = g_dir_open (vmf_dir, 0, NULL);
  }
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *relative = NULL, *text = NULL, *written = NULL;
      g_autoptr (QrMap) map = NULL;
      guint in_text = 0, built = 0;

      if (!g_str_has_suffix (name, ".vmf"))
        continue;
      relative = g_build_filename ("vmf", name, NULL);
      map = load_corpus (relative, &text);
      for (const char *p = text; (p = strstr (p, "dispinfo")) != NULL; p += 8)
        in_text++;

      for (guint e = 0; e < qr_map_entity_count (map); e++)
        for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
          {
            const QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (map, e), b);

            for (int f = 0; f < brush->n_faces; f++)
              {
                const QrDisp *d = qr_face_disp (&brush->faces[f]);
                int n_vert, n_tri;
                g_autofree QrVec3 *v = NULL;
                g_autofree uint32_t *tri = NULL;
                g_autofree char *why = NULL;

                if (d == NULL)
                  continue;
                n_vert = d->side * d->side;
                n_tri = 2 * (d->side - 1) * (d->side - 1);
                g_assert_cmpint (n_vert, ==, ((1 << d->power) + 1) * ((1 << d->power) + 1));
                g_assert_cmpint (n_tri, ==, 2 << (2 * d->power));
                v = g_new (QrVec3, n_vert);
                tri = g_new (uint32_t, 3 * (size_t) n_tri);
                if (!qr_disp_build (d, brush, f, v, NULL, &why))
                  g_error ("%s: side %u: %s", name, brush->faces[f].id, why);
                for (int i = 0; i < n_vert; i++)
                  g_assert_true (isfinite (v[i].x) && isfinite (v[i].y) && isfinite (v[i].z));
                qr_disp_triangles (d->side, tri);
                for (int i = 0; i < 3 * n_tri; i++)
                  g_assert_cmpuint (tri[i], <, (guint) n_vert);
                built++;
              }
          }
      g_test_message ("%s: %u dispinfo, %u built", name, in_text, built);
      g_assert_cmpuint (built, ==, in_text);
      total += built;

      /* The writer lays blocks out its own way (indentation, quoting of
       * block names), so the file as a whole may differ; each dispinfo
       * block must come back line for line, and a second round trip is
       * byte-identical. */
      qr_test_assert_round_trip (map);
      written = qr_test_write_ok (map, QR_SAVE_AS_READ);
      {
        g_autofree char *from_file = dispinfo_lines (text);
        g_autofree char *from_writer = dispinfo_lines (written);

        g_assert_cmpstr (from_writer, ==, from_file);
      }
      files++;
    }
  g_assert_cmpuint (files, >, 0);
  g_assert_cmpuint (total, >=, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/disp/unit/grid-corners", test_corners);
  g_test_add_func ("/disp/unit/grid-flat-points", test_flat_points);
  g_test_add_func ("/disp/unit/grid-shared-edge", test_shared_edge);
  g_test_add_func ("/disp/unit/grid-triangles", test_triangles);
  g_test_add_func ("/disp/unit/grid-hit", test_hit);
  g_test_add_func ("/disp/unit/build-by-hand", test_build_by_hand);
  g_test_add_func ("/disp/unit/build-start-corner", test_build_start_corner);
  g_test_add_func ("/disp/unit/build-five-corners", test_build_five_corners);
  g_test_add_func ("/disp/unit/store-one-row", test_store_one_row);
  g_test_add_func ("/disp/unit/to-node", test_to_node);
  g_test_add_func ("/disp/unit/from-node-refused", test_from_node_refused);
  g_test_add_func ("/disp/unit/reader-bad-start", test_reader_refuses_bad_start);
  g_test_add_func ("/disp/unit/cli-mesh", test_cli_mesh);
  g_test_add_func ("/disp/unit/map-save-drops", test_map_save_drops);
  g_test_add_func ("/disp/unit/transform-follows", test_transform_follows);
  g_test_add_func ("/disp/unit/transform-move-rewrites-start", test_transform_move_rewrites_start);
  g_test_add_func ("/disp/corpus/plumber-arch", test_corpus_plumber_arch);
  g_test_add_func ("/disp/corpus/arch-follows", test_corpus_arch_follows);
  g_test_add_func ("/disp/corpus/all", test_corpus_all);
  return g_test_run ();
}
