/* test-ortho-edges.c — the design canvases' unselected lines without those a
 * later line paints over (src/render/qr-ortho-edges.c): exactly the last of
 * each line of the mesh's stream, less the axis-aligned ones a later line
 * spans, in the stream's order, so that the picture stays the same to the
 * pixel. Checked against a reference made another way (text keys in a
 * GHashTable, then every later line compared), on three stacked boxes and on
 * a corpus map. No GL. */
#include <glib.h>
#include <string.h>
#include "qr-document.h"
#include "qr-io.h"
#include "qr-operations.h"
#include "qr-ortho-edges.h"
#include "qr-ortho-view.h"
#include "qr-scene-mesh.h"
#include "qr-test-corpus.h"
#include "qr-test-disp.h"
#include "qr-test-map.h"

/* A box's six faces, standard .map form. */
static char *
box (int x0, int y0, int z0, int x1, int y1, int z1)
{
  return g_strdup_printf ("{\n"
                          "( %d 0 0 ) ( %d 1 0 ) ( %d 0 1 ) a 0 0 0 1 1\n"
                          "( %d 0 0 ) ( %d 0 1 ) ( %d 1 0 ) a 0 0 0 1 1\n"
                          "( 0 %d 0 ) ( 0 %d 1 ) ( 1 %d 0 ) a 0 0 0 1 1\n"
                          "( 0 %d 0 ) ( 1 %d 0 ) ( 0 %d 1 ) a 0 0 0 1 1\n"
                          "( 0 0 %d ) ( 1 0 %d ) ( 0 1 %d ) a 0 0 0 1 1\n"
                          "( 0 0 %d ) ( 0 1 %d ) ( 1 0 %d ) a 0 0 0 1 1\n}\n",
                          x0, x0, x0, x1, x1, x1, y0, y0, y0, y1, y1, y1, z0, z0, z0, z1, z1, z1);
}

/* Three 64-unit cubes stacked along Z: world boxes A (z 0..64) and B
 * (64..128), and a trigger's box C (128..192), whose lines are of another
 * colour. */
static QrDocument *
three_boxes (void)
{
  g_autofree char *a = box (0, 0, 0, 64, 64, 64);
  g_autofree char *b = box (0, 0, 64, 64, 64, 128);
  g_autofree char *c = box (0, 0, 128, 64, 64, 192);
  g_autofree char *text = g_strdup_printf ("{\n\"classname\" \"worldspawn\"\n%s%s}\n"
                                           "{\n\"classname\" \"trigger_once\"\n%s}\n", a, b, c);
  return qr_test_document_from_map_text (text);
}

/* The reference: walks the stream from its end, keeps a line the first time
 * its text (ends in the canvas's plane, in order; colour; flags) is seen,
 * and returns the kept pairs in the stream's order, less those a later
 * one spans (compared with every later line). */
static GArray *
reference (const QrSceneMesh *mesh, int axis)
{
  guint n_verts, n;
  const QrSceneVertex *v = qr_scene_mesh_get_data (mesh, QR_SCENE_EDGE_VERTS, &n_verts, NULL);
  const uint32_t *idx = qr_scene_mesh_get_data (mesh, qr_scene_stream_for_ortho (axis), &n, NULL);
  const QrOrthoAxes *axes = qr_ortho_axis_get_axes (axis);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GArray) reversed = g_array_new (FALSE, FALSE, sizeof (uint32_t));
  for (guint i = n / 2; i-- > 0;)
    {
      const QrSceneVertex *a = &v[idx[2 * i]], *b = &v[idx[2 * i + 1]];
      if ((a->flags | b->flags) & (QR_SCENE_UNUSED | QR_SCENE_SELECTED))
        continue;
      /* %g prints -0 as "-0": equal coordinates must read alike. */
      double ax = a->pos[axes->right] + 0.0, ay = a->pos[axes->up] + 0.0;
      double bx = b->pos[axes->right] + 0.0, by = b->pos[axes->up] + 0.0;
      char *key = g_strdup_printf ("%.9g %.9g %.9g %.9g %08x %x", ax, ay, bx, by, b->color, b->flags);
      if (!g_hash_table_add (seen, key))
        continue;
      g_array_append_val (reversed, idx[2 * i + 1]);
      g_array_append_val (reversed, idx[2 * i]);
    }
  g_autoptr (GArray) distinct = g_array_sized_new (FALSE, FALSE, sizeof (uint32_t), reversed->len);
  for (guint i = reversed->len; i-- > 0;)
    g_array_append_val (distinct, g_array_index (reversed, uint32_t, i));

  /* Then, one by one, an axis-aligned line goes when a later one on the same
   * line of the plane, drawn the same way, spans it whole. */
  guint m = distinct->len / 2;
  const uint32_t *d = (const uint32_t *) (gpointer) distinct->data;
  g_autofree double *ends = g_new (double, 4 * MAX (m, 1));
  for (guint i = 0; i < m; i++)
    {
      ends[4 * i] = v[d[2 * i]].pos[axes->right];
      ends[4 * i + 1] = v[d[2 * i]].pos[axes->up];
      ends[4 * i + 2] = v[d[2 * i + 1]].pos[axes->right];
      ends[4 * i + 3] = v[d[2 * i + 1]].pos[axes->up];
    }
  GArray *out = g_array_sized_new (FALSE, FALSE, sizeof (uint32_t), distinct->len);
  for (guint i = 0; i < m; i++)
    {
      const double *p = &ends[4 * i];
      /* k: the coordinate the line keeps (0 x, 1 y); the other one runs. */
      int k = p[1] == p[3] && p[0] != p[2] ? 1 : p[0] == p[2] && p[1] != p[3] ? 0 : -1;
      gboolean covered = FALSE;
      for (guint j = i + 1; j < m && k >= 0 && !covered; j++)
        {
          const double *q = &ends[4 * j];
          int r = 1 - k;
          covered = q[k] == q[k + 2] && q[k] == p[k] && (q[r] < q[r + 2]) == (p[r] < p[r + 2])
                    && MIN (q[r], q[r + 2]) <= MIN (p[r], p[r + 2]) && MAX (q[r], q[r + 2]) >= MAX (p[r], p[r + 2]);
        }
      if (!covered)
        g_array_append_vals (out, &d[2 * i], 2);
    }
  return out;
}

static void
assert_as_reference (const QrSceneMesh *mesh, int axis, guint expected_lines)
{
  g_autoptr (GArray) got = g_array_new (FALSE, FALSE, sizeof (uint32_t));
  /* Whatever it held is replaced. */
  uint32_t junk = 7;
  g_array_append_val (got, junk);
  qr_ortho_edges_collect (mesh, axis, got);
  g_autoptr (GArray) want = reference (mesh, axis);
  if (expected_lines > 0)
    g_assert_cmpuint (want->len, ==, 2 * expected_lines);
  g_assert_cmpuint (got->len, ==, want->len);
  for (guint i = 0; i < got->len; i++)
    g_assert_cmpuint (g_array_index (got, uint32_t, i), ==, g_array_index (want, uint32_t, i));
}

/* The kept lines of canvas `axis` with both ends at up-coordinate `up`:
 * how many, and the first one's index pair. */
static guint
lines_at (const QrSceneMesh *mesh, int axis, const GArray *kept, float up, const uint32_t **first)
{
  guint n, count = 0;
  const QrSceneVertex *v = qr_scene_mesh_get_data (mesh, QR_SCENE_EDGE_VERTS, &n, NULL);
  const QrOrthoAxes *axes = qr_ortho_axis_get_axes (axis);
  for (guint i = 0; i < kept->len; i += 2)
    {
      const uint32_t *pair = &g_array_index (kept, uint32_t, i);
      if (v[pair[0]].pos[axes->up] == up && v[pair[1]].pos[axes->up] == up && count++ == 0)
        *first = pair;
    }
  return count;
}

static void
test_touching_boxes (void)
{
  g_autoptr (QrDocument) doc = three_boxes ();
  g_autoptr (QrSceneMesh) mesh = qr_scene_mesh_new ();
  qr_scene_mesh_rebuild (mesh, doc);

  /* Each box is 4 lines in each canvas, 12 in all. Top: the three are one
   * square; C's, drawn last, covers A's and B's whatever their colour: 4.
   * Front and Side: B's bottom line repeats A's top line, and C's bottom
   * line, drawn later, covers B's top line: 10. */
  guint n;
  for (int axis = 0; axis < 3; axis++)
    {
      qr_scene_mesh_get_data (mesh, qr_scene_stream_for_ortho (axis), &n, NULL);
      g_assert_cmpuint (n, ==, 24);
    }
  assert_as_reference (mesh, QR_ORTHO_AXIS_TOP, 4);
  assert_as_reference (mesh, QR_ORTHO_AXIS_FRONT, 10);
  assert_as_reference (mesh, QR_ORTHO_AXIS_SIDE, 10);

  /* In Front, the line at z = 64 is B's, the later of the two, and the one
   * at z = 128 is C's, in the trigger's colour. */
  g_autoptr (GArray) front = g_array_new (FALSE, FALSE, sizeof (uint32_t));
  qr_ortho_edges_collect (mesh, QR_ORTHO_AXIS_FRONT, front);
  const uint32_t *front_idx = qr_scene_mesh_get_data (mesh, QR_SCENE_EDGE_INDEX_FRONT, &n, NULL);
  const QrSceneVertex *v = qr_scene_mesh_get_data (mesh, QR_SCENE_EDGE_VERTS, &n, NULL);
  uint32_t first_of_b = G_MAXUINT32;
  for (guint i = 8; i < 16; i++) /* B's four lines */
    first_of_b = MIN (first_of_b, front_idx[i]);
  const uint32_t *pair = NULL;
  g_assert_cmpuint (lines_at (mesh, QR_ORTHO_AXIS_FRONT, front, 64, &pair), ==, 1);
  g_assert_cmpuint (pair[0], >=, first_of_b);
  g_assert_cmpuint (lines_at (mesh, QR_ORTHO_AXIS_FRONT, front, 128, &pair), ==, 1);
  g_assert_cmphex (v[pair[1]].color, ==, v[front_idx[16]].color);
  g_assert_cmphex (v[pair[1]].color, !=, v[front_idx[0]].color);

  /* Selected lines are left out: the static pass hides them. With B
   * selected, A's lines stay in Front, first of all. */
  QrId b_id = qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), 0), 1)->id;
  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_selection_add_brush (sel, b_id);
  qr_document_set_selection (doc, sel);
  g_autoptr (QrSceneMesh) selected = qr_scene_mesh_new ();
  qr_scene_mesh_rebuild (selected, doc);
  assert_as_reference (selected, QR_ORTHO_AXIS_TOP, 4);
  assert_as_reference (selected, QR_ORTHO_AXIS_FRONT, 8);
  g_autoptr (GArray) front_selected = g_array_new (FALSE, FALSE, sizeof (uint32_t));
  qr_ortho_edges_collect (selected, QR_ORTHO_AXIS_FRONT, front_selected);
  const uint32_t *a_idx = qr_scene_mesh_get_data (selected, QR_SCENE_EDGE_INDEX_FRONT, &n, NULL);
  g_assert_cmpuint (g_array_index (front_selected, uint32_t, 0), ==, a_idx[0]);
}

/* The ends of a kept line, in order, in canvas `axis`. */
static void
line_ends (const QrSceneMesh *mesh, int axis, const uint32_t *pair, float out[4])
{
  guint n;
  const QrSceneVertex *v = qr_scene_mesh_get_data (mesh, QR_SCENE_EDGE_VERTS, &n, NULL);
  const QrOrthoAxes *axes = qr_ortho_axis_get_axes (axis);
  out[0] = v[pair[0]].pos[axes->right];
  out[1] = v[pair[0]].pos[axes->up];
  out[2] = v[pair[1]].pos[axes->right];
  out[3] = v[pair[1]].pos[axes->up];
}

static void
test_reversed_lines_stay (void)
{
  /* A cube, and the same cube 64 units higher with its faces listed the
   * other way round, so that its polytope walks its edges the other way:
   * the Top view's square is drawn both ways round. GL lights the first
   * pixel of a line and not its last, so both stay. */
  g_autofree char *a = box (0, 0, 0, 64, 64, 64);
  g_autofree char *b = box (0, 0, 64, 64, 64, 128);
  g_auto (GStrv) lines = g_strsplit (b, "\n", -1);
  GString *reversed = g_string_new ("{\n");
  for (int i = 6; i >= 1; i--)
    g_string_append_printf (reversed, "%s\n", lines[i]);
  g_string_append (reversed, "}\n");
  g_autofree char *rb = g_string_free (reversed, FALSE);
  g_autofree char *text = g_strdup_printf ("{\n\"classname\" \"worldspawn\"\n%s%s}\n", a, rb);
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (text);
  g_autoptr (QrSceneMesh) mesh = qr_scene_mesh_new ();
  qr_scene_mesh_rebuild (mesh, doc);
  g_autoptr (GArray) top = g_array_new (FALSE, FALSE, sizeof (uint32_t));
  qr_ortho_edges_collect (mesh, QR_ORTHO_AXIS_TOP, top);
  guint both_ways = 0;
  for (guint i = 0; i < top->len; i += 2)
    for (guint j = i + 2; j < top->len; j += 2)
      {
        float p[4], q[4];
        line_ends (mesh, QR_ORTHO_AXIS_TOP, &g_array_index (top, uint32_t, i), p);
        line_ends (mesh, QR_ORTHO_AXIS_TOP, &g_array_index (top, uint32_t, j), q);
        g_assert_false (p[0] == q[0] && p[1] == q[1] && p[2] == q[2] && p[3] == q[3]);
        both_ways += p[0] == q[2] && p[1] == q[3] && p[2] == q[0] && p[3] == q[1];
      }
  g_test_message ("%u lines, %u drawn both ways", top->len / 2, both_ways);
  g_assert_cmpuint (both_ways, >, 0);
  assert_as_reference (mesh, QR_ORTHO_AXIS_TOP, 4 + both_ways);
}

static void
test_corpus_map (void)
{
  g_autofree char *path = qr_test_corpus_file ("valve220/NewDeralia.map");
  if (path == NULL)
    return;
  g_autoptr (GError) error = NULL;
  QrMap *map = qr_map_load (path, &error);
  g_assert_no_error (error);
  g_autoptr (QrDocument) doc = qr_document_new (map);
  g_autoptr (QrSceneMesh) mesh = qr_scene_mesh_new ();
  qr_scene_mesh_rebuild (mesh, doc);
  for (int axis = 0; axis < 3; axis++)
    {
      assert_as_reference (mesh, axis, 0);
      /* Neighbours share many lines: a quarter of them at least go. */
      guint n;
      qr_scene_mesh_get_data (mesh, qr_scene_stream_for_ortho (axis), &n, NULL);
      g_autoptr (GArray) kept = g_array_new (FALSE, FALSE, sizeof (uint32_t));
      qr_ortho_edges_collect (mesh, axis, kept);
      g_test_message ("axis %d: %u lines, %u distinct", axis, n / 2, kept->len / 2);
      g_assert_cmpuint (kept->len, <, n * 3 / 4);
    }
}

/* A displaced floor draws its grid in the design canvases, not its flat
 * sides: a power-2 floor 0..128 × 0..128 × -16..0 with a ridge along
 * row 2 (distance 32 on it, 0 elsewhere). Top: the grid's 56 lines, each
 * its own. Front and Side: lines rise to z = 32, none lies at the flat
 * bottom's z = -16, and each is kept as the reference keeps it. */
static void
test_displacement (void)
{
  double distances[25] = { 0 };
  for (int c = 0; c < 5; c++)
    distances[2 * 5 + c] = 32;
  g_autofree char *text = qr_test_disp_floor_vmf (2, 0, 0, 128, "nature/grass", distances, NULL, NULL);
  g_autoptr (QrDocument) doc = qr_document_new (qr_test_parse_ok (text, QR_FILE_VMF));
  g_autoptr (QrSceneMesh) mesh = qr_scene_mesh_new ();
  qr_scene_mesh_rebuild (mesh, doc);

  assert_as_reference (mesh, QR_ORTHO_AXIS_TOP, 56);
  guint n;
  const QrSceneVertex *v = qr_scene_mesh_get_data (mesh, QR_SCENE_EDGE_VERTS, &n, NULL);
  for (int axis = QR_ORTHO_AXIS_FRONT; axis <= QR_ORTHO_AXIS_SIDE; axis++)
    {
      assert_as_reference (mesh, axis, 0);
      g_autoptr (GArray) kept = g_array_new (FALSE, FALSE, sizeof (uint32_t));
      qr_ortho_edges_collect (mesh, axis, kept);
      g_assert_cmpuint (kept->len, >, 0);
      float top = -G_MAXFLOAT, bottom = G_MAXFLOAT;
      for (guint i = 0; i < kept->len; i++)
        {
          float z = v[g_array_index (kept, uint32_t, i)].pos[2];
          top = MAX (top, z);
          bottom = MIN (bottom, z);
        }
      g_assert_cmpfloat (top, ==, 32.0f);
      g_assert_cmpfloat (bottom, ==, 0.0f);
    }

  /* Zoomed out, a canvas leaves out the lines inside the grid's border:
   * Top keeps the 16 of the border, each once, at x or y = 0 or 128. */
  g_autoptr (GArray) border = g_array_new (FALSE, FALSE, sizeof (uint32_t));
  qr_ortho_edges_collect_hiding (mesh, QR_ORTHO_AXIS_TOP, QR_SCENE_DISP_INNER, border);
  g_assert_cmpuint (border->len, ==, 2 * 16);
  for (guint i = 0; i < border->len; i += 2)
    {
      const float *a = v[g_array_index (border, uint32_t, i)].pos, *b = v[g_array_index (border, uint32_t, i + 1)].pos;
      gboolean along_x = a[1] == b[1] && (a[1] == 0 || a[1] == 128);
      gboolean along_y = a[0] == b[0] && (a[0] == 0 || a[0] == 128);
      g_assert_true (along_x || along_y);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/ortho-edges/touching-boxes", test_touching_boxes);
  g_test_add_func ("/render/ortho-edges/reversed-lines-stay", test_reversed_lines_stay);
  g_test_add_func ("/render/ortho-edges/corpus-map", test_corpus_map);
  g_test_add_func ("/render/ortho-edges/displacement", test_displacement);
  return g_test_run ();
}
