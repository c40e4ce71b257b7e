/* The displacement operations (qr-disp-ops.h) and `quarry-cli edit`'s
 * disp-* steps. Outcomes are checked on what counts: the displaced grid as
 * qr_disp_build makes it (vertices found by their flat places, never by
 * assuming the grid's orientation), the saved file's text, and the undo
 * history. Maps are made here: blocks of Hammer's VMF text, a pentagonal
 * prism, and the corpus's one real tunnel arch (plumber_test.vmf). */
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include "qr-brush.h"
#include "qr-disp-ops.h"
#include "qr-edit.h"
#include "qr-face-ops.h"
#include "qr-face.h"
#include "qr-map.h"
#include "qr-node.h"
#include "qr-operations.h"
#include "qr-test-corpus.h"
#include "qr-test-map.h"
#include "qr-test-files.h"

#define MAXV (17 * 17)

/* ---- maps ---- */

/* Hammer's six sides of the box (top first: face 0 is the top). */
static void
append_block (GString *s, QrId *next_id, double x0, double y0, double z0, double x1, double y1, double z1)
{
  const double p[6][9] = {
    { x0, y1, z1, x1, y1, z1, x1, y0, z1 }, /* top */
    { x0, y0, z0, x1, y0, z0, x1, y1, z0 }, /* bottom */
    { x0, y1, z1, x0, y0, z1, x0, y0, z0 }, /* west */
    { x1, y1, z0, x1, y0, z0, x1, y0, z1 }, /* east */
    { x1, y1, z1, x0, y1, z1, x0, y1, z0 }, /* north */
    { x1, y0, z0, x0, y0, z0, x0, y0, z1 }, /* south */
  };

  g_string_append_printf (s, "\tsolid\n\t{\n\t\t\"id\" \"%u\"\n", (*next_id)++);
  for (int f = 0; f < 6; f++)
    g_string_append_printf (s,
                            "\t\tside\n\t\t{\n\t\t\t\"id\" \"%u\"\n"
                            "\t\t\t\"plane\" \"(%g %g %g) (%g %g %g) (%g %g %g)\"\n"
                            "\t\t\t\"material\" \"DEV/DEV_BLENDMEASURE\"\n"
                            "\t\t\t\"uaxis\" \"[1 0 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 -1 0 0] 0.25\"\n"
                            "\t\t\t\"rotation\" \"0\"\n\t\t\t\"lightmapscale\" \"16\"\n"
                            "\t\t\t\"smoothing_groups\" \"0\"\n\t\t}\n",
                            (*next_id)++, p[f][0], p[f][1], p[f][2], p[f][3], p[f][4], p[f][5], p[f][6], p[f][7],
                            p[f][8]);
  g_string_append (s, "\t}\n");
}

/* A VMF world of nx × ny blocks of 64 units side by side, z 0–64. */
static char *
blocks_vmf (int nx, int ny)
{
  GString *s = g_string_new ("world\n{\n\t\"id\" \"1\"\n\t\"mapversion\" \"1\"\n\t\"classname\" \"worldspawn\"\n");
  QrId id = 2;

  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      append_block (s, &id, 64 * i, 64 * j, 0, 64 * (i + 1), 64 * (j + 1), 64);
  g_string_append (s, "}\n");
  return g_string_free (s, FALSE);
}

static QrDocument *
vmf_document (const char *text)
{
  return qr_document_new (qr_test_parse_ok (text, QR_FILE_VMF));
}

static QrDocument *
blocks_document (int nx, int ny)
{
  g_autofree char *text = blocks_vmf (nx, ny);

  return vmf_document (text);
}

static QrId
brush_id (QrDocument *doc, guint b)
{
  return qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), 0), b)->id;
}

static const QrBrush *
brush_at (QrDocument *doc, guint b)
{
  return qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), 0), b);
}

static QrFaceRef
top_of (QrDocument *doc, guint b)
{
  return (QrFaceRef) { brush_id (doc, b), 0 };
}

static guint
history (QrDocument *doc)
{
  return qr_command_stack_history_length (qr_document_get_history (doc));
}

static void
create_ok (QrDocument *doc, QrFaceRef ref, int power)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (qr_op_disp_create (doc, &ref, 1, power, &error));
  g_assert_no_error (error);
}

/* The face's displaced grid and flat grid, as the views draw it. */
static const QrDisp *
grid_of (QrDocument *doc, QrFaceRef ref, QrVec3 *verts, QrVec3 *flat)
{
  const QrBrush *brush = qr_document_lookup_brush (doc, ref.brush);
  const QrDisp *d;
  g_autofree char *why = NULL;

  g_assert_nonnull (brush);
  d = qr_face_disp (&brush->faces[ref.face]);
  g_assert_nonnull (d);
  if (!qr_disp_build (d, brush, ref.face, verts, flat, &why))
    g_error ("the displacement does not build: %s", why);
  return d;
}

/* The index of the grid vertex whose flat place is p (exactly one). */
static int
vertex_at (const QrVec3 *flat, int side, QrVec3 p)
{
  int found = -1;

  for (int i = 0; i < side * side; i++)
    if (qr_vec3_dist (flat[i], p) < 1e-9)
      {
        g_assert_cmpint (found, ==, -1);
        found = i;
      }
  if (found < 0)
    g_error ("no grid vertex at (%g %g %g)", p.x, p.y, p.z);
  return found;
}

static void
assert_near (QrVec3 v, double x, double y, double z)
{
  if (qr_vec3_dist (v, qr_vec3 (x, y, z)) > 1e-12)
    g_error ("(%.17g %.17g %.17g) is not (%g %g %g)", v.x, v.y, v.z, x, y, z);
}

static void
sculpt_ok (QrDocument *doc, const QrFaceRef *refs, guint n, const QrSculpt *sc, QrVec3 centre, guint stroke)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (qr_op_disp_sculpt (doc, refs, n, sc, centre, stroke, &error));
  g_assert_no_error (error);
}

/* ---- create ---- */

/* The saved dispinfo has Hammer's layout with (2^P + 1)² entries in each
 * per-vertex block: side rows of side entries. */
static void
test_create_saves_dispinfo (void)
{
  for (int power = 2; power <= 4; power++)
    {
      g_autoptr (QrDocument) doc = blocks_document (1, 1);
      int side = (1 << power) + 1;
      g_autofree char *saved = NULL;
      g_autofree char *power_key = g_strdup_printf ("\"power\" \"%d\"", power);
      g_autoptr (QrMap) again = NULL;
      const QrNode *info, *side_node;
      const struct
      {
        const char *block;
        int per_vertex;
        int rows;
      } blocks[] = { { "normals", 3, side },        { "distances", 1, side }, { "offsets", 3, side },
                     { "offset_normals", 3, side }, { "alphas", 1, side },    { "triangle_tags", 2, side - 1 } };

      create_ok (doc, top_of (doc, 0), power);
      saved = qr_test_save_text (doc);
      g_assert_nonnull (strstr (saved, "\t\t\tdispinfo\n\t\t\t{\n"));
      g_assert_nonnull (strstr (saved, power_key));
      /* The top's corners are at z 64; the grid starts at one of them. */
      g_assert_true (strstr (saved, "\"startposition\" \"[0 0 64]\"") || strstr (saved, "\"startposition\" \"[64 0 64]\"")
                     || strstr (saved, "\"startposition\" \"[0 64 64]\"")
                     || strstr (saved, "\"startposition\" \"[64 64 64]\""));

      again = qr_test_parse_ok (saved, QR_FILE_VMF);
      side_node = qr_test_get_face (again, 0, 0, 0)->extra->vmf;
      /* The side's own keys stay first, the block comes after them. */
      g_assert_cmpstr (side_node->items[0].key, ==, "lightmapscale");
      g_assert_cmpstr (side_node->items[1].key, ==, "smoothing_groups");
      info = qr_node_get_child (side_node, "dispinfo");
      g_assert_nonnull (info);
      for (guint b = 0; b < G_N_ELEMENTS (blocks); b++)
        {
          const QrNode *rows = qr_node_get_child (info, blocks[b].block);

          g_assert_nonnull (rows);
          g_assert_cmpuint (rows->n_items, ==, (guint) blocks[b].rows);
          for (guint r = 0; r < rows->n_items; r++)
            {
              g_auto (GStrv) words = g_strsplit (rows->items[r].value, " ", -1);
              g_autofree char *key = g_strdup_printf ("row%u", r);

              g_assert_cmpstr (rows->items[r].key, ==, key);
              g_assert_cmpuint (g_strv_length (words), ==,
                                (guint) (blocks[b].block[0] == 't' ? 2 * (side - 1) : blocks[b].per_vertex * side));
              /* Flat: every normal is the top's, every distance 0. */
              for (guint w = 0; strcmp (blocks[b].block, "normals") == 0 && words[w]; w++)
                g_assert_cmpstr (words[w], ==, w % 3 == 2 ? "1" : "0");
              for (guint w = 0; strcmp (blocks[b].block, "distances") == 0 && words[w]; w++)
                g_assert_cmpstr (words[w], ==, "0");
            }
        }
      /* The flat grid lies on the top. */
      {
        QrVec3 verts[MAXV], flat[MAXV];
        const QrDisp *d = grid_of (doc, top_of (doc, 0), verts, flat);

        g_assert_cmpint (d->power, ==, power);
        for (int i = 0; i < side * side; i++)
          {
            g_assert_true (qr_vec3_identical (verts[i], flat[i]));
            g_assert_cmpfloat (verts[i].z, ==, 64);
          }
      }
    }
}

/* A face from a .map has no VMF side items: create gives it Hammer's
 * defaults and the block; destroy gives back the map as it was, in both
 * formats, byte for byte. */
static void
test_create_on_map_face (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (
    "{\n\"classname\" \"worldspawn\"\n{\n"
    "( 0 64 64 ) ( 64 64 64 ) ( 64 0 64 ) floor 0 0 0 1 1\n"
    "( 0 0 0 ) ( 64 0 0 ) ( 64 64 0 ) floor 0 0 0 1 1\n"
    "( 0 64 64 ) ( 0 0 64 ) ( 0 0 0 ) wall 0 0 0 1 1\n"
    "( 64 64 0 ) ( 64 0 0 ) ( 64 0 64 ) wall 0 0 0 1 1\n"
    "( 64 64 64 ) ( 0 64 64 ) ( 0 64 0 ) wall 0 0 0 1 1\n"
    "( 64 0 0 ) ( 0 0 0 ) ( 0 0 64 ) wall 0 0 0 1 1\n"
    "}\n}\n");
  QrMap *map = qr_document_get_map (doc);
  g_autofree char *map_before = qr_test_save_text (doc);
  g_autofree char *vmf_before = qr_test_write_ok (map, QR_SAVE_VMF);
  g_autofree char *vmf_with = NULL;
  g_autofree char *map_after = NULL, *vmf_after = NULL;
  g_autoptr (GError) error = NULL;
  QrFaceRef top = top_of (doc, 0);

  g_assert_null (brush_at (doc, 0)->faces[0].extra);
  create_ok (doc, top, 3);
  vmf_with = qr_test_write_ok (map, QR_SAVE_VMF);
  g_assert_nonnull (strstr (vmf_with, "\"lightmapscale\" \"16\"\n\t\t\t\"smoothing_groups\" \"0\"\n\t\t\tdispinfo\n"));

  g_assert_true (qr_op_disp_destroy (doc, &top, 1, &error));
  g_assert_no_error (error);
  map_after = qr_test_save_text (doc);
  vmf_after = qr_test_write_ok (map, QR_SAVE_VMF);
  g_assert_cmpstr (map_after, ==, map_before);
  g_assert_cmpstr (vmf_after, ==, vmf_before);
  g_assert_null (brush_at (doc, 0)->faces[0].extra);
}

/* ---- destroy ---- */

static void
test_destroy_restores (void)
{
  g_autoptr (QrDocument) doc = blocks_document (2, 1);
  g_autofree char *before = qr_test_save_text (doc);
  g_autofree char *with = NULL, *after = NULL, *undone = NULL, *redone = NULL;
  g_autoptr (GError) error = NULL;
  QrFaceRef whole = { brush_id (doc, 1), -1 };
  QrSculpt raise = { .mode = QR_SCULPT_RAISE, .radius = 40, .strength = 12 };

  create_ok (doc, top_of (doc, 1), 4);
  sculpt_ok (doc, &whole, 1, &raise, qr_vec3 (96, 32, 64), 0);
  with = qr_test_save_text (doc);
  g_assert_cmpstr (with, !=, before);
  /* Face -1: every face of the brush that has a displacement. */
  g_assert_true (qr_op_disp_destroy (doc, &whole, 1, &error));
  g_assert_no_error (error);
  after = qr_test_save_text (doc);
  g_assert_cmpstr (after, ==, before);
  g_assert_false (qr_brush_has_disp (brush_at (doc, 1)));
  g_assert_true (qr_document_undo (doc));
  undone = qr_test_save_text (doc);
  g_assert_cmpstr (undone, ==, with);
  g_assert_true (qr_brush_has_disp (brush_at (doc, 1)));
  g_assert_true (qr_document_redo (doc));
  redone = qr_test_save_text (doc);
  g_assert_cmpstr (redone, ==, before);
}

/* ---- sculpt ---- */

/* A raise dab moves the vertex at the centre by the strength along the
 * face's normal, one at half the radius by (1 − ¼)² of it, and one at the
 * radius not at all: its numbers stay bit for bit. */
static void
test_raise_dab (void)
{
  g_autoptr (QrDocument) doc = blocks_document (1, 1);
  QrFaceRef top = top_of (doc, 0);
  QrVec3 before[MAXV], flat[MAXV], after[MAXV];
  QrSculpt raise = { .mode = QR_SCULPT_RAISE, .radius = 16, .strength = 10 };
  const QrDisp *old, *now;
  g_autoptr (QrDisp) kept = NULL;
  int centre, half, edge, outside;

  create_ok (doc, top, 3);
  old = grid_of (doc, top, before, flat);
  kept = qr_disp_ref ((QrDisp *) old);
  centre = vertex_at (flat, 9, qr_vec3 (32, 32, 64));
  half = vertex_at (flat, 9, qr_vec3 (40, 32, 64));
  edge = vertex_at (flat, 9, qr_vec3 (32, 48, 64));
  outside = vertex_at (flat, 9, qr_vec3 (0, 0, 64));
  sculpt_ok (doc, &top, 1, &raise, before[centre], 0);
  now = grid_of (doc, top, after, flat);

  qr_test_assert_vec3_same (after[centre], 32, 32, 74);
  qr_test_assert_vec3_same (after[half], 40, 32, 64 + 10 * 0.5625);
  qr_test_assert_vec3_same (after[edge], 32, 48, 64);
  qr_test_assert_vec3_same (after[outside], 0, 0, 64);
  g_assert_true (qr_vec3_identical (now->normals[edge], kept->normals[edge]));
  qr_test_assert_same (now->distances[edge], kept->distances[edge]);
  /* The normal stays the top's; the distance is the height. */
  qr_test_assert_vec3_same (now->normals[centre], 0, 0, 1);
  qr_test_assert_same (now->distances[centre], 10);

  /* Lower by the same: flat again (distance 0, normal kept). */
  raise.mode = QR_SCULPT_LOWER;
  sculpt_ok (doc, &top, 1, &raise, after[centre], 0);
  now = grid_of (doc, top, after, flat);
  qr_test_assert_vec3_same (after[centre], 32, 32, 64);
  qr_test_assert_vec3_same (now->normals[centre], 0, 0, 1);
  qr_test_assert_same (now->distances[centre], 0);
  g_assert_cmpuint (history (doc), ==, 3);
}

/* Smooth, set height, noise and alpha on one vertex (a radius below the
 * grid step), and raise along Z on a wall. */
static void
test_sculpt_modes (void)
{
  g_autoptr (QrDocument) doc = blocks_document (1, 1);
  QrFaceRef top = top_of (doc, 0), east = { brush_id (doc, 0), 3 };
  QrVec3 v[MAXV], flat[MAXV];
  QrSculpt sc = { .mode = QR_SCULPT_RAISE, .radius = 20, .strength = 8 };
  const QrDisp *d;
  int centre, n1;
  double ring;

  create_ok (doc, top, 3);
  grid_of (doc, top, v, flat);
  centre = vertex_at (flat, 9, qr_vec3 (32, 32, 64));
  n1 = vertex_at (flat, 9, qr_vec3 (40, 32, 64));
  sculpt_ok (doc, &top, 1, &sc, v[centre], 0);
  grid_of (doc, top, v, flat);
  ring = v[n1].z;
  g_assert_cmpfloat (ring, >, 64);
  g_assert_cmpfloat (ring, <, 72);

  /* Smooth with strength 1 on the centre alone: its four neighbours, all at
   * `ring`, are where it goes. */
  sc = (QrSculpt) { .mode = QR_SCULPT_SMOOTH, .radius = 1, .strength = 1 };
  sculpt_ok (doc, &top, 1, &sc, v[centre], 0);
  grid_of (doc, top, v, flat);
  assert_near (v[centre], 32, 32, ring);
  qr_test_assert_exact (v[n1].z, ring);

  /* Set height 5 above the flat top; with along Z, Z 100. */
  sc = (QrSculpt) { .mode = QR_SCULPT_SET_HEIGHT, .radius = 1, .strength = 1, .height = 5 };
  sculpt_ok (doc, &top, 1, &sc, v[centre], 0);
  grid_of (doc, top, v, flat);
  assert_near (v[centre], 32, 32, 69);
  sc.along_z = true;
  sc.height = 100;
  sc.strength = 0.5;
  sculpt_ok (doc, &top, 1, &sc, v[centre], 0);
  grid_of (doc, top, v, flat);
  assert_near (v[centre], 32, 32, 84.5);

  /* Alpha towards 200, halfway at strength 0.5. */
  sc = (QrSculpt) { .mode = QR_SCULPT_ALPHA, .radius = 1, .strength = 0.5, .alpha = 200 };
  sculpt_ok (doc, &top, 1, &sc, v[centre], 0);
  d = grid_of (doc, top, v, flat);
  qr_test_assert_exact (d->alphas[centre], 100);
  qr_test_assert_exact (d->alphas[n1], 0);

  /* Raise along Z on the east wall: X stays, Z grows. */
  create_ok (doc, east, 2);
  {
    QrVec3 w[MAXV], wf[MAXV];
    int mid;

    grid_of (doc, east, w, wf);
    mid = vertex_at (wf, 5, qr_vec3 (64, 32, 32));
    sc = (QrSculpt) { .mode = QR_SCULPT_RAISE, .radius = 4, .strength = 3, .along_z = true };
    sculpt_ok (doc, &east, 1, &sc, w[mid], 0);
    grid_of (doc, east, w, wf);
    assert_near (w[mid], 64, 32, 35);
    sc.along_z = false;
    sculpt_ok (doc, &east, 1, &sc, w[mid], 0);
    grid_of (doc, east, w, wf);
    assert_near (w[mid], 67, 32, 35);
  }
}

/* Smooth moves a vertex along the sculpt direction only, as Hammer smooths
 * along the normal. Pulled towards its neighbours' mean in all three axes,
 * a border vertex slid inward (its neighbours lie on one side of it), so
 * the outline shrank in the top view and sewn seams opened. A bumpy grid,
 * on the top and on a wall, smoothed by a brush wider than the block:
 * every vertex stays over its flat place, and the bump's peak comes down. */
static void
test_smooth_along_normal (void)
{
  g_autoptr (QrDocument) doc = blocks_document (1, 1);
  const QrFaceRef faces[] = { top_of (doc, 0), { brush_id (doc, 0), 3 } };
  const QrVec3 normals[] = { qr_vec3 (0, 0, 1), qr_vec3 (1, 0, 0) };
  const int side = 9;

  for (guint f = 0; f < G_N_ELEMENTS (faces); f++)
    {
      QrFaceRef ref = faces[f];
      QrVec3 n = normals[f], v[MAXV], flat[MAXV], was_flat[MAXV];
      QrSculpt bump = { .mode = QR_SCULPT_RAISE, .radius = 24, .strength = 12 };
      QrSculpt noise = { .mode = QR_SCULPT_NOISE, .radius = 80, .strength = 3, .seed = 5 };
      QrSculpt smooth = { .mode = QR_SCULPT_SMOOTH, .radius = 200, .strength = 1 };
      double peak_before = -G_MAXDOUBLE, peak_after = -G_MAXDOUBLE, border_moved = 0;
      double was[MAXV];
      int centre;

      create_ok (doc, ref, 3);
      grid_of (doc, ref, v, flat);
      centre = vertex_at (flat, side, qr_vec3_add (qr_vec3 (32, 32, 32), qr_vec3_scale (n, 32)));
      sculpt_ok (doc, &ref, 1, &bump, v[centre], 0);
      sculpt_ok (doc, &ref, 1, &noise, v[centre], 0);
      grid_of (doc, ref, v, was_flat);
      for (int i = 0; i < side * side; i++)
        {
          was[i] = qr_vec3_dot (qr_vec3_sub (v[i], was_flat[i]), n);
          peak_before = MAX (peak_before, was[i]);
        }
      g_assert_cmpfloat (peak_before, >, 12);

      sculpt_ok (doc, &ref, 1, &smooth, v[centre], 0);
      grid_of (doc, ref, v, flat);
      for (int i = 0; i < side * side; i++)
        {
          QrVec3 moved = qr_vec3_sub (v[i], flat[i]);
          double h = qr_vec3_dot (moved, n);
          QrVec3 sideways = qr_vec3_sub (moved, qr_vec3_scale (n, h));
          int r = i / side, c = i % side;

          g_assert_true (qr_vec3_identical (flat[i], was_flat[i]));
          if (qr_vec3_length (sideways) >= 1e-9)
            g_error ("face %u vertex %d (%g %g %g) moved %g sideways", f, i, flat[i].x, flat[i].y, flat[i].z,
                     qr_vec3_length (sideways));
          if (r == 0 || c == 0 || r == side - 1 || c == side - 1)
            {
              /* Projected onto the flat side it is where it was, on the border. */
              g_assert_cmpfloat (qr_vec3_dist (qr_vec3_mad (v[i], n, -h), was_flat[i]), <, 1e-9);
              border_moved = MAX (border_moved, fabs (h - was[i]));
            }
          peak_after = MAX (peak_after, h);
        }
      g_assert_cmpfloat (border_moved, >, 0.1);
      g_assert_cmpfloat (peak_after, <, peak_before - 1);
    }
}

/* Smooth sees sewn grids as one surface: a vertex on the edge two tops
 * share averages the neighbours of both, so it moves alike in each and the
 * seam stays shut. Each grid alone would pull it towards its own side's
 * inner neighbour, and a seam over a bump opened by about a unit. A grid
 * that moves along another direction is not part of that surface. */
static void
test_smooth_keeps_seams (void)
{
  g_autoptr (QrDocument) doc = blocks_document (2, 1);
  QrFaceRef tops[2] = { top_of (doc, 0), top_of (doc, 1) };
  QrSculpt bump = { .mode = QR_SCULPT_RAISE, .radius = 30, .strength = 12 };
  QrSculpt smooth = { .mode = QR_SCULPT_SMOOTH, .radius = 200, .strength = 1 };
  QrVec3 a[MAXV], fa[MAXV], b[MAXV], fb[MAXV], was[MAXV];
  g_autoptr (GError) error = NULL;
  int shared = 0;
  double moved = 0;

  create_ok (doc, tops[0], 3);
  create_ok (doc, tops[1], 3);
  sculpt_ok (doc, tops, 2, &bump, qr_vec3 (60, 32, 64), 0);
  g_assert_true (qr_op_disp_sew (doc, tops, 2, &error));
  g_assert_no_error (error);
  grid_of (doc, tops[0], was, fa);
  sculpt_ok (doc, tops, 2, &smooth, qr_vec3 (64, 32, 64), 0);
  grid_of (doc, tops[0], a, fa);
  grid_of (doc, tops[1], b, fb);
  for (int i = 0; i < 81; i++)
    {
      if (fa[i].x != 64)
        continue;
      g_assert_true (qr_vec3_identical (a[i], b[vertex_at (fb, 9, fa[i])]));
      moved = MAX (moved, fabs (a[i].z - was[i].z));
      shared++;
    }
  g_assert_cmpint (shared, ==, 9);
  g_assert_cmpfloat (moved, >, 1);

  /* A wall moves along another direction: the same dab with the second
   * block's east wall displaced too leaves the tops as they were. */
  {
    g_autoptr (QrDocument) walled = blocks_document (2, 1);
    QrFaceRef faces[3] = { top_of (walled, 0), top_of (walled, 1), { brush_id (walled, 1), 3 } };
    QrVec3 c[MAXV], fc[MAXV];

    for (int f = 0; f < 3; f++)
      create_ok (walled, faces[f], 3);
    sculpt_ok (walled, faces, 2, &bump, qr_vec3 (60, 32, 64), 0);
    g_assert_true (qr_op_disp_sew (walled, faces, 3, &error));
    g_assert_no_error (error);
    sculpt_ok (walled, faces, 3, &smooth, qr_vec3 (64, 32, 64), 0);
    for (int f = 0; f < 2; f++)
      {
        grid_of (doc, tops[f], a, fa);
        grid_of (walled, faces[f], c, fc);
        for (int i = 0; i < 81; i++)
          g_assert_true (qr_vec3_identical (a[i], c[i]));
      }
  }
}

/* Noise is the seed's: the same seed gives the same file, another seed
 * another; no vertex moves further than the strength. */
static void
test_sculpt_noise (void)
{
  g_autofree char *a = NULL, *b = NULL, *c = NULL;

  for (int k = 0; k < 3; k++)
    {
      g_autoptr (QrDocument) doc = blocks_document (1, 1);
      QrFaceRef top = top_of (doc, 0);
      QrSculpt sc = { .mode = QR_SCULPT_NOISE, .radius = 30, .strength = 6, .seed = k == 2 ? 8 : 7 };
      QrVec3 v[MAXV], flat[MAXV];
      int moved = 0;

      create_ok (doc, top, 3);
      sculpt_ok (doc, &top, 1, &sc, qr_vec3 (32, 32, 64), 0);
      grid_of (doc, top, v, flat);
      for (int i = 0; i < 81; i++)
        {
          g_assert_cmpfloat (fabs (v[i].z - 64), <=, 6);
          g_assert_cmpfloat (v[i].x, ==, flat[i].x);
          moved += v[i].z != 64;
        }
      g_assert_cmpint (moved, >, 20);
      *(k == 0 ? &a : k == 1 ? &b : &c) = qr_test_save_text (doc);
    }
  g_assert_cmpstr (a, ==, b);
  g_assert_cmpstr (a, !=, c);
}

/* Five dabs of one stroke are one undo step, and undoing it gives back the
 * file byte for byte; a dab of no stroke is a step of its own. */
static void
test_stroke_is_one_step (void)
{
  g_autoptr (QrDocument) doc = blocks_document (2, 2);
  QrFaceRef tops[4];
  QrSculpt sc = { .mode = QR_SCULPT_RAISE, .radius = 24, .strength = 4 };
  guint stroke = qr_command_new_stroke (), other = qr_command_new_stroke ();
  g_autofree char *before = NULL, *after = NULL, *undone = NULL, *redone = NULL;
  g_autofree char *undo_label = NULL;
  guint steps;

  for (guint b = 0; b < 4; b++)
    {
      tops[b] = top_of (doc, b);
      create_ok (doc, tops[b], 3);
    }
  before = qr_test_save_text (doc);
  steps = history (doc);
  for (int k = 0; k < 5; k++)
    sculpt_ok (doc, tops, 4, &sc, qr_vec3 (40 + 10 * k, 50, 64), stroke);
  g_assert_cmpuint (history (doc), ==, steps + 1);
  undo_label = qr_document_dup_undo_label (doc);
  g_assert_cmpstr (undo_label, ==, "Undo Sculpt");
  after = qr_test_save_text (doc);
  g_assert_cmpstr (after, !=, before);

  g_assert_true (qr_document_undo (doc));
  undone = qr_test_save_text (doc);
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (qr_document_redo (doc));
  redone = qr_test_save_text (doc);
  g_assert_cmpstr (redone, ==, after);

  /* Another stroke, and a dab of none: two more steps. */
  sculpt_ok (doc, tops, 4, &sc, qr_vec3 (64, 64, 64), other);
  sculpt_ok (doc, tops, 4, &sc, qr_vec3 (64, 64, 64), 0);
  g_assert_cmpuint (history (doc), ==, steps + 3);
  /* A dab far from every vertex changes nothing and makes no step. */
  sculpt_ok (doc, tops, 4, &sc, qr_vec3 (1000, 1000, 64), 0);
  g_assert_cmpuint (history (doc), ==, steps + 3);
}

/* Merging a stroke's dabs keeps, for each brush, only the one that was
 * there first (not a copy per dab), and undoing gives that very brush. */
static void
test_stroke_keeps_first (void)
{
  g_autofree char *text = blocks_vmf (2, 1);
  g_autoptr (QrMap) map = qr_test_parse_ok (text, QR_FILE_VMF);
  g_autoptr (QrEdit) first = qr_edit_new ();
  g_autoptr (QrEdit) second = qr_edit_new ();
  g_autoptr (QrEdit) third = qr_edit_new ();
  g_autoptr (QrChangeSet) changes = qr_change_set_new ();
  QrEntity *world = qr_map_get_entity (map, 0);
  QrBrush *original = qr_entity_get_brush (world, 0);
  QrBrush *latest = NULL;

  for (int k = 0; k < 2; k++)
    {
      QrEdit *edit = k == 0 ? first : second;
      QrOp op = { QR_OP_REPLACE_BRUSH, 0, 0, qr_brush_copy (qr_entity_get_brush (world, 0)) };

      latest = op.object;
      g_array_append_val (edit->ops, op);
      qr_edit_apply (edit, map, true, changes);
    }
  /* The second step also touches brush 1: that place is new, so it stays. */
  {
    QrOp op = { QR_OP_REPLACE_BRUSH, 0, 1, qr_brush_copy (qr_entity_get_brush (world, 1)) };
    g_array_append_val (second->ops, op);
    qr_op_apply (&g_array_index (second->ops, QrOp, 1), map, true, changes);
  }
  qr_edit_append (first, second);
  g_assert_cmpuint (first->ops->len, ==, 2);
  g_assert_cmpuint (second->ops->len, ==, 0);
  g_assert_true (g_array_index (first->ops, QrOp, 0).object == original);
  g_assert_true (qr_entity_get_brush (world, 0) == latest);
  qr_edit_apply (first, map, false, changes);
  g_assert_true (qr_entity_get_brush (world, 0) == original);
  qr_edit_apply (first, map, true, changes);
  g_assert_true (qr_entity_get_brush (world, 0) == latest);

  /* After anything but replacements nothing is dropped. */
  {
    QrOp op = { QR_OP_REMOVE_BRUSH, 0, 1, NULL };
    QrOp again = { QR_OP_REPLACE_BRUSH, 0, 0, qr_brush_copy (latest) };

    g_array_append_val (third->ops, op);
    g_array_append_val (third->ops, again);
    qr_edit_apply (third, map, true, changes);
    qr_edit_append (first, third);
    g_assert_cmpuint (first->ops->len, ==, 4);
  }
}

/* ---- power ---- */

static void
check_power_round_trip (QrDocument *doc, QrFaceRef ref)
{
  QrVec3 v3[MAXV], f3[MAXV], v4[MAXV], f4[MAXV], back[MAXV], fb[MAXV];
  g_autoptr (QrDisp) orig = NULL;
  g_autoptr (GError) error = NULL;
  const QrDisp *d;
  double worst = 0;

  orig = qr_disp_ref ((QrDisp *) grid_of (doc, ref, v3, f3));
  g_assert_cmpint (orig->power, ==, 3);
  g_assert_true (qr_op_disp_set_power (doc, &ref, 1, 4, &error));
  g_assert_no_error (error);
  d = grid_of (doc, ref, v4, f4);
  g_assert_cmpint (d->power, ==, 4);
  for (int r = 0; r < 17; r++)
    for (int c = 0; c < 17; c++)
      {
        QrVec3 want;

        /* A new vertex where an old one was is where it was; one halfway
         * between two old ones is at their midpoint. */
        if (r % 2 == 0 && c % 2 == 0)
          want = v3[(r / 2) * 9 + c / 2];
        else if (r % 2 == 0)
          want = qr_vec3_scale (qr_vec3_add (v3[(r / 2) * 9 + c / 2], v3[(r / 2) * 9 + c / 2 + 1]), 0.5);
        else if (c % 2 == 0)
          want = qr_vec3_scale (qr_vec3_add (v3[(r / 2) * 9 + c / 2], v3[(r / 2 + 1) * 9 + c / 2]), 0.5);
        else
          continue;
        worst = MAX (worst, qr_vec3_dist (v4[r * 17 + c], want));
      }
  g_assert_cmpfloat (worst, <, 1e-9);

  g_assert_true (qr_op_disp_set_power (doc, &ref, 1, 3, &error));
  g_assert_no_error (error);
  d = grid_of (doc, ref, back, fb);
  for (int i = 0; i < 81; i++)
    g_assert_cmpfloat (qr_vec3_dist (back[i], v3[i]), <, 1e-9);
  /* Every number is the old one: resampling kept the vertices it shares. */
  g_assert_true (qr_disp_equal (d, orig));
}

static void
test_power_round_trip (void)
{
  g_autoptr (QrDocument) doc = blocks_document (1, 1);
  QrFaceRef top = top_of (doc, 0);
  QrSculpt sc = { .mode = QR_SCULPT_RAISE, .radius = 30, .strength = 9 };
  guint steps;
  g_autoptr (GError) error = NULL;

  create_ok (doc, top, 3);
  sculpt_ok (doc, &top, 1, &sc, qr_vec3 (20, 28, 64), 0);
  sc.mode = QR_SCULPT_NOISE;
  sc.seed = 3;
  sculpt_ok (doc, &top, 1, &sc, qr_vec3 (44, 40, 64), 0);
  check_power_round_trip (doc, top);

  /* The same power again is no step. */
  steps = history (doc);
  g_assert_true (qr_op_disp_set_power (doc, &top, 1, 3, &error));
  g_assert_cmpuint (history (doc), ==, steps);
}

/* The tunnel arch of the corpus: offsets, odd normals, zero normals. */
static void
test_power_round_trip_plumber (void)
{
  g_autofree char *path = qr_test_corpus_file ("vmf/plumber_test.vmf");
  g_autoptr (GError) error = NULL;
  g_autoptr (QrDocument) doc = NULL;
  QrMap *map;
  QrFaceRef ref = { 0, -1 };

  if (path == NULL)
    return;
  map = qr_map_load (path, &error);
  g_assert_no_error (error);
  doc = qr_document_new (map);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
      {
        const QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (map, e), b);

        for (int f = 0; f < brush->n_faces; f++)
          if (brush->faces[f].id == 125719)
            ref = (QrFaceRef) { brush->id, f };
      }
  g_assert_cmpint (ref.face, >=, 0);
  check_power_round_trip (doc, ref);
}

/* ---- sew ---- */

/* Two neighbours whose shared edge lies at different heights meet exactly
 * after a sew, at the mean of the two; nothing else moves. */
static void
test_sew (void)
{
  g_autoptr (QrDocument) doc = blocks_document (2, 1);
  QrFaceRef tops[2] = { top_of (doc, 0), top_of (doc, 1) };
  QrVec3 a[MAXV], fa[MAXV], b[MAXV], fb[MAXV], a2[MAXV], b2[MAXV];
  QrSculpt sc = { .mode = QR_SCULPT_RAISE, .radius = 40, .strength = 16 };
  g_autoptr (GError) error = NULL;
  int shared = 0;

  create_ok (doc, tops[0], 3);
  create_ok (doc, tops[1], 3);
  /* Only the left one is raised, near the shared edge x = 64. */
  sculpt_ok (doc, &tops[0], 1, &sc, qr_vec3 (60, 20, 64), 0);
  sc.strength = 5;
  sculpt_ok (doc, &tops[1], 1, &sc, qr_vec3 (70, 50, 64), 0);
  grid_of (doc, tops[0], a, fa);
  grid_of (doc, tops[1], b, fb);

  g_assert_true (qr_op_disp_sew (doc, tops, 2, &error));
  g_assert_no_error (error);
  grid_of (doc, tops[0], a2, fa);
  grid_of (doc, tops[1], b2, fb);
  for (int i = 0; i < 81; i++)
    {
      if (fa[i].x == 64)
        {
          int j = vertex_at (fb, 9, fa[i]);

          g_assert_true (qr_vec3_identical (a2[i], b2[j]));
          qr_test_assert_exact (a2[i].z, (a[i].z + b[j].z) / 2);
          shared += a[i].z != b[j].z;
        }
      else
        g_assert_true (qr_vec3_identical (a2[i], a[i]));
      if (fb[i].x != 64)
        g_assert_true (qr_vec3_identical (b2[i], b[i]));
    }
  /* The edge really was apart before. */
  g_assert_cmpint (shared, >=, 5);
  /* Sewing again changes nothing: no step. */
  {
    guint steps = history (doc);

    g_assert_true (qr_op_disp_sew (doc, tops, 2, &error));
    g_assert_cmpuint (history (doc), ==, steps);
  }
}

/* A power-3 grid beside a power-2 one: the vertices they share meet, and
 * the finer one's in between lie on the coarser one's straight edge. */
static void
test_sew_powers (void)
{
  g_autoptr (QrDocument) doc = blocks_document (2, 1);
  QrFaceRef tops[2] = { top_of (doc, 0), top_of (doc, 1) };
  QrVec3 a[MAXV], fa[MAXV], b[MAXV], fb[MAXV], a2[MAXV], b2[MAXV];
  QrSculpt sc = { .mode = QR_SCULPT_RAISE, .radius = 40, .strength = 16 };
  g_autoptr (GError) error = NULL;
  int between = 0;

  create_ok (doc, tops[0], 3);
  create_ok (doc, tops[1], 2);
  sculpt_ok (doc, &tops[0], 1, &sc, qr_vec3 (60, 20, 64), 0);
  sc.strength = 5;
  sculpt_ok (doc, &tops[1], 1, &sc, qr_vec3 (70, 50, 64), 0);
  grid_of (doc, tops[0], a, fa);
  grid_of (doc, tops[1], b, fb);
  g_assert_true (qr_op_disp_sew (doc, tops, 2, &error));
  g_assert_no_error (error);
  grid_of (doc, tops[0], a2, fa);
  grid_of (doc, tops[1], b2, fb);
  for (int i = 0; i < 81; i++)
    {
      if (fa[i].x != 64)
        {
          g_assert_true (qr_vec3_identical (a2[i], a[i]));
          continue;
        }
      if (fmod (fa[i].y, 16) == 0)
        {
          int j = vertex_at (fb, 5, fa[i]);

          g_assert_true (qr_vec3_identical (a2[i], b2[j]));
          qr_test_assert_exact (a2[i].z, (a[i].z + b[j].z) / 2);
        }
      else
        {
          /* Halfway between two of the coarse edge's vertices. */
          QrVec3 lo = b2[vertex_at (fb, 5, qr_vec3 (64, fa[i].y - 8, 64))];
          QrVec3 hi = b2[vertex_at (fb, 5, qr_vec3 (64, fa[i].y + 8, 64))];

          g_assert_cmpfloat (qr_vec3_dist (a2[i], qr_vec3_scale (qr_vec3_add (lo, hi), 0.5)), <, 1e-9);
          between += fabs (a2[i].z - a[i].z) > 1e-6;
        }
    }
  for (int i = 0; i < 25; i++)
    if (fb[i].x != 64)
      g_assert_true (qr_vec3_identical (b2[i], b[i]));
  g_assert_cmpint (between, >=, 2);
}

/* ---- the corpus ---- */

/* On the corpus's tunnel arch a dab rewrites only rows of normals and
 * distances, and undoing it gives back the editor's save of the original
 * byte for byte. */
static void
test_plumber_dab_undo (void)
{
  g_autofree char *path = qr_test_corpus_file ("vmf/plumber_test.vmf");
  g_autoptr (GError) error = NULL;
  g_autoptr (QrDocument) doc = NULL;
  g_autofree char *before = NULL, *after = NULL, *undone = NULL;
  QrVec3 v[MAXV], flat[MAXV];
  QrFaceRef ref = { 0, -1 };
  QrSculpt sc = { .mode = QR_SCULPT_RAISE, .radius = 1200, .strength = 32 };
  QrMap *map;
  g_auto (GStrv) la = NULL, lb = NULL;
  guint changed = 0;

  if (path == NULL)
    return;
  map = qr_map_load (path, &error);
  g_assert_no_error (error);
  doc = qr_document_new (map);
  for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, 0)); b++)
    {
      const QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (map, 0), b);

      for (int f = 0; f < brush->n_faces; f++)
        if (qr_face_disp (&brush->faces[f]) != NULL)
          ref = (QrFaceRef) { brush->id, f };
    }
  g_assert_cmpint (ref.face, >=, 0);
  before = qr_test_save_text (doc);
  grid_of (doc, ref, v, flat);
  sculpt_ok (doc, &ref, 1, &sc, v[4 * 9 + 4], qr_command_new_stroke ());
  after = qr_test_save_text (doc);
  la = g_strsplit (before, "\n", -1);
  lb = g_strsplit (after, "\n", -1);
  g_assert_cmpuint (g_strv_length (la), ==, g_strv_length (lb));
  for (guint i = 0; la[i] != NULL; i++)
    if (strcmp (la[i], lb[i]) != 0)
      {
        /* A changed line is a row, inside normals or distances. */
        guint k = i;

        g_assert_nonnull (strstr (lb[i], "\"row"));
        while (k > 0 && strstr (la[k], "{") == NULL)
          k--;
        g_assert_true (strstr (la[k - 1], "normals") != NULL || strstr (la[k - 1], "distances") != NULL);
        changed++;
      }
  g_assert_cmpuint (changed, >, 0);
  g_assert_true (qr_document_undo (doc));
  undone = qr_test_save_text (doc);
  g_assert_cmpstr (undone, ==, before);
}

/* ---- sharing ---- */

/* The snapshot still saves `before`: no edit reached the brushes it holds. */
static void
assert_snapshot_kept (const QrMap *snap, const char *before)
{
  g_autofree char *now = qr_test_write_ok (snap, QR_SAVE_VMF);

  g_assert_cmpstr (now, ==, before);
}

/* Copies of a brush share its faces' extras (kept side items, dispinfo)
 * and its solid node, pointer for pointer, until an edit changes them; an
 * edit of the copy — a displacement moved and sculpted, a side key, a
 * texture, a group removed — never reaches the original, which a snapshot
 * taken before (as autosave takes one) saves byte for byte. */
static void
test_copies_share (void)
{
  g_autoptr (QrDocument) doc = blocks_document (2, 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) snap = NULL;
  g_autofree char *before = NULL, *edited = NULL;
  QrFaceRef top = top_of (doc, 0);
  QrId id = top.brush;
  QrObjects objs = { &id, 1, NULL, 0 };
  QrVec3 v[MAXV], flat[MAXV];
  QrSculpt sc = { .mode = QR_SCULPT_RAISE, .radius = 48, .strength = 8 };
  QrFaceAttrs side = { .fields = QR_FACE_LIGHTMAP_SCALE, .lightmap_scale = 32 };
  QrTexChange tex = { .name = "DEV/DEV_MEASUREGENERIC01" };
  const QrBrush *old, *moved;

  create_ok (doc, top, 3);
  g_assert_true (qr_op_group (doc, &id, 1, "g", &error));
  g_assert_no_error (error);
  snap = qr_map_snapshot (qr_document_get_map (doc));
  before = qr_test_write_ok (snap, QR_SAVE_VMF);
  old = qr_document_lookup_brush (doc, id);
  g_assert_nonnull (old->extra);
  g_assert_nonnull (qr_node_get_child (old->extra, "editor"));

  g_assert_true (qr_op_translate (doc, &objs, qr_vec3 (8, 0, 0), &error));
  g_assert_no_error (error);
  moved = qr_document_lookup_brush (doc, id);
  g_assert_true (moved != old);
  g_assert_true (moved->extra == old->extra);
  for (int f = 1; f < 6; f++)
    {
      g_assert_nonnull (old->faces[f].extra);
      g_assert_nonnull (old->faces[f].extra->vmf);
      g_assert_true (moved->faces[f].extra == old->faces[f].extra);
    }
  /* The displacement moved with its face: that face has its own now. */
  g_assert_true (moved->faces[0].extra != old->faces[0].extra);
  g_assert_true (moved->faces[0].extra->vmf != old->faces[0].extra->vmf);
  assert_snapshot_kept (snap, before);

  grid_of (doc, top, v, flat);
  sculpt_ok (doc, &top, 1, &sc, v[4 * 9 + 4], qr_command_new_stroke ());
  assert_snapshot_kept (snap, before);
  g_assert_true (qr_op_set_face_attrs (doc, &(QrFaceRef) { id, 2 }, 1, &side, &error));
  g_assert_no_error (error);
  assert_snapshot_kept (snap, before);
  g_assert_true (qr_op_set_texture (doc, &(QrFaceRef) { id, -1 }, 1, &tex, &error));
  g_assert_no_error (error);
  assert_snapshot_kept (snap, before);
  g_assert_true (qr_op_ungroup (doc, &id, 1, &error));
  g_assert_no_error (error);
  assert_snapshot_kept (snap, before);

  /* The edits did happen, to the copy. */
  edited = qr_test_save_text (doc);
  g_assert_nonnull (strstr (edited, "\"lightmapscale\" \"32\""));
  g_assert_null (strstr (before, "\"lightmapscale\" \"32\""));
  g_assert_null (strstr (edited, "groupid"));
  g_assert_nonnull (strstr (before, "groupid"));
  g_assert_cmpstr (edited, !=, before);
}

/* ---- refusals ---- */

static void
assert_refused (QrDocument *doc, const char *before, guint steps, gboolean ok, GError *error, int code,
                const char *says)
{
  g_autofree char *now = qr_test_save_text (doc);

  g_assert_false (ok);
  g_assert_error (error, QR_EDIT_ERROR, code);
  if (strstr (error->message, says) == NULL)
    g_error ("“%s” does not say “%s”", error->message, says);
  g_assert_cmpstr (now, ==, before);
  g_assert_cmpuint (history (doc), ==, steps);
}

static void
test_refusals (void)
{
  g_autoptr (QrDocument) doc = blocks_document (1, 1);
  QrPrimitiveSpec spec;
  QrFaceRef top = top_of (doc, 0), pentagon = { 0, -1 }, prism;
  QrSculpt sc = { .mode = QR_SCULPT_RAISE, .radius = 10, .strength = 1 };
  g_autofree char *before = NULL;
  const QrBrush *brush;
  guint steps;
  int with_disp = 0;

  qr_primitive_spec_init (&spec, QR_PRIMITIVE_CYLINDER, (QrBounds) { { 200, 0, 0 }, { 264, 64, 64 } });
  spec.sides = 5;
  g_assert_true (qr_op_create (doc, &spec, "DEV/DEV_BLENDMEASURE", NULL));
  brush = brush_at (doc, 1);
  prism = (QrFaceRef) { brush->id, -1 };
  for (int f = 0; f < brush->n_faces; f++)
    if (qr_polytope_face_count (brush->poly, f) == 5)
      pentagon = (QrFaceRef) { brush->id, f };
  g_assert_cmpint (pentagon.face, >=, 0);
  before = qr_test_save_text (doc);
  steps = history (doc);

#define REFUSED(call, code, says) \
  G_STMT_START { \
    g_autoptr (GError) e_ = NULL; \
    gboolean ok_ = call; \
    assert_refused (doc, before, steps, ok_, e_, code, says); \
  } G_STMT_END

  REFUSED (qr_op_disp_create (doc, &pentagon, 1, 3, &e_), QR_EDIT_ERROR_INVALID, "5 corners");
  REFUSED (qr_op_disp_create (doc, (QrFaceRef[]) { top, pentagon }, 2, 3, &e_), QR_EDIT_ERROR_INVALID, "four");
  REFUSED (qr_op_disp_create (doc, &top, 1, 5, &e_), QR_EDIT_ERROR_INVALID, "2, 3 or 4");
  REFUSED (qr_op_disp_destroy (doc, &top, 1, &e_), QR_EDIT_ERROR_INVALID, "no displacement");
  REFUSED (qr_op_disp_set_power (doc, &top, 1, 2, &e_), QR_EDIT_ERROR_INVALID, "no displacement");
  REFUSED (qr_op_disp_sew (doc, &prism, 1, &e_), QR_EDIT_ERROR_INVALID, "None of the faces has a displacement");
  REFUSED (qr_op_disp_sculpt (doc, &top, 1, &sc, qr_vec3 (32, 32, 64), 0, &e_), QR_EDIT_ERROR_INVALID,
           "None of the faces has a displacement");
  REFUSED (qr_op_disp_create (doc, &(QrFaceRef) { 9999, 0 }, 1, 3, &e_), QR_EDIT_ERROR_NOT_FOUND, "no brush 9999");
  REFUSED (qr_op_disp_create (doc, &(QrFaceRef) { top.brush, 6 }, 1, 3, &e_), QR_EDIT_ERROR_NOT_FOUND, "no face 6");

  /* Face -1 on the prism: its five quads, not the two pentagons. */
  g_assert_true (qr_op_disp_create (doc, &prism, 1, 2, NULL));
  brush = brush_at (doc, 1);
  for (int f = 0; f < brush->n_faces; f++)
    with_disp += qr_face_disp (&brush->faces[f]) != NULL;
  g_assert_cmpint (with_disp, ==, 5);
  g_assert_null (qr_face_disp (&brush->faces[pentagon.face]));

  /* A face that has one already. */
  g_free (before);
  before = qr_test_save_text (doc);
  steps = history (doc);
  {
    QrFaceRef quad = { brush->id, 0 };

    while (qr_face_disp (&brush->faces[quad.face]) == NULL)
      quad.face++;
    REFUSED (qr_op_disp_create (doc, &quad, 1, 3, &e_), QR_EDIT_ERROR_INVALID, "already");
  }
#undef REFUSED
}

/* ---- picking ---- */

/* The ray down onto a raised vertex of one of 900 displacements finds that
 * face and vertex; a ray past them all finds nothing. */
static void
test_pick (void)
{
  g_autoptr (QrDocument) doc = blocks_document (30, 30);
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) tops = g_array_new (FALSE, FALSE, sizeof (QrFaceRef));
  QrSculpt sc = { .mode = QR_SCULPT_RAISE, .radius = 8, .strength = 100 };
  QrVec3 v[MAXV], flat[MAXV];
  QrFaceRef hit, target;
  QrRay flat_down = { qr_vec3 (698, 521, 1000), qr_vec3 (0, 0, -1) };
  QrRay down = { qr_vec3 (673, 537, 1000), qr_vec3 (0, 0, -1) };
  QrRay side = { qr_vec3 (-100, 535.5, 130), qr_vec3 (1, 0, 0) };
  QrRay away = { qr_vec3 (-100, -100, 1000), qr_vec3 (0, 0, 1) };
  double t, start, ms;
  int r, c, k;
  g_autoptr (GError) error = NULL;

  for (guint b = 0; b < 900; b++)
    {
      QrFaceRef ref = top_of (doc, b);
      g_array_append_val (tops, ref);
    }
  g_assert_true (qr_op_disp_create (doc, (QrFaceRef *) tops->data, tops->len, 3, &error));
  g_assert_no_error (error);
  /* Brush 8 × 30 + 10 covers x 640–704, y 512–576; raise (704 − 32, 512 + 24). */
  target = top_of (doc, 8 * 30 + 10);
  grid_of (doc, target, v, flat);
  k = vertex_at (flat, 9, qr_vec3 (672, 536, 64));
  /* Flat, nothing stands at z 130 (and every extent is known now). */
  g_assert_false (qr_map_pick_disp (map, &side, &hit, &t, &r, &c));
  sculpt_ok (doc, (QrFaceRef *) tops->data, tops->len, &sc, v[k], 0);

  /* Down onto the flat part: at z 64, nearest the vertex (696, 520). */
  g_assert_true (qr_map_pick_disp (map, &flat_down, &hit, &t, &r, &c));
  g_assert_cmpuint (hit.brush, ==, target.brush);
  g_assert_cmpint (hit.face, ==, 0);
  g_assert_cmpfloat (fabs (t - (1000 - 64)), <, 1e-9);
  g_assert_cmpint (r * 9 + c, ==, vertex_at (flat, 9, qr_vec3 (696, 520, 64)));
  /* Down onto the peak's slope, above the flat. */
  g_assert_true (qr_map_pick_disp (map, &down, &hit, &t, &r, &c));
  g_assert_cmpuint (hit.brush, ==, target.brush);
  g_assert_cmpfloat (t, >, 1000 - 164);
  g_assert_cmpfloat (t, <, 1000 - 64 - 1);
  g_assert_cmpint (r * 9 + c, ==, k);

  /* From the side at z 130, only the raised peak sticks up that high. */
  g_assert_true (qr_map_pick_disp (map, &side, &hit, &t, &r, &c));
  g_assert_cmpuint (hit.brush, ==, target.brush);
  g_assert_cmpint (r * 9 + c, ==, k);
  g_assert_false (qr_map_pick_disp (map, &away, &hit, &t, &r, &c));

  start = g_get_monotonic_time ();
  for (int i = 0; i < 100; i++)
    g_assert_true (qr_map_pick_disp (map, &down, NULL, NULL, NULL, NULL));
  ms = (g_get_monotonic_time () - start) / 1000.0 / 100;
  g_test_message ("pick among 900 displacements: %.3f ms", ms);
}

/* ---- quarry-cli edit ---- */

static void
test_cli_steps (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("quarry-disp-XXXXXX", &error);
  g_autofree char *in = g_build_filename (dir, "in.vmf", NULL);
  g_autofree char *out = g_build_filename (dir, "out.vmf", NULL);
  g_autofree char *plain = g_build_filename (dir, "plain.vmf", NULL);
  g_autofree char *text = blocks_vmf (2, 1);
  g_autofree char *plain_text = NULL, *out_text = NULL, *undone_text = NULL;
  g_auto (QrTestRun) r0 = { 0 }, r1 = { 0 }, r2 = { 0 }, r3 = { 0 }, r4 = { 0 }, r5 = { 0 };
  g_autoptr (QrMap) map = NULL;
  const char *steps[] = {
    "--step", "disp-create 0:0:0,0:1:0 3",
    "--step", "disp-sculpt 0:0 raise 60 32 64 24 10 --stroke s",
    "--step", "disp-sculpt 0:0 raise 60 40 64 24 10 --stroke s",
    "--step", "disp-sculpt 0:0 height 60 48 64 24 1 --height 30 --stroke s",
    "--step", "disp-sew 0:0,0:1",
    "--step", "disp-power 0:1 4",
    "--step", "disp-sculpt 0:1:0 alpha 96 32 64 16 1 --alpha 255",
    "--step", "disp-destroy 0:0",
  };
  const char *args[64] = { "edit", in, out, "--history" };
  guint n = 4;

  g_assert_no_error (error);
  g_file_set_contents (in, text, -1, &error);
  g_assert_no_error (error);
  qr_test_run_cliv (&r0, (const char *[]) { "edit", in, plain, NULL });
  g_assert_cmpint (r0.status, ==, 0);
  plain_text = qr_test_read_file (plain);

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    args[n++] = steps[i];
  args[n] = NULL;
  qr_test_run_cliv (&r1, args);
  if (r1.status != 0)
    g_error ("edit failed: %s", r1.err);
  g_assert_cmpstr (r1.out, ==,
                   "done 1 Create Displacement\ndone 2 Sculpt\ndone 3 Sew Displacements\n"
                   "done 4 Displacement Power\ndone 5 Paint Alpha\ndone 6 Destroy Displacement\n");
  out_text = qr_test_read_file (out);
  map = qr_test_parse_ok (out_text, QR_FILE_VMF);
  g_assert_null (qr_face_disp (qr_test_get_face (map, 0, 0, 0)));
  {
    const QrDisp *d = qr_face_disp (qr_test_get_face (map, 0, 1, 0));
    double most = 0;

    g_assert_cmpint (d->power, ==, 4);
    for (int i = 0; i < 17 * 17; i++)
      most = MAX (most, d->alphas[i]);
    qr_test_assert_exact (most, 255);
  }
  g_assert_nonnull (strstr (out_text, "\"row16\""));

  /* Undoing all six steps gives the plain save. */
  args[n++] = "--undo";
  args[n++] = "6";
  args[n] = NULL;
  qr_test_run_cliv (&r2, args);
  g_assert_cmpint (r2.status, ==, 0);
  undone_text = qr_test_read_file (out);
  g_assert_cmpstr (undone_text, ==, plain_text);

  /* A refusal says why and exits 1; a bad step exits 2. */
  qr_test_run_cliv (&r3, (const char *[]) { "edit", in, out, "--step", "disp-destroy 0:0:0", NULL });
  g_assert_cmpint (r3.status, ==, 1);
  g_assert_nonnull (strstr (r3.err, "has no displacement"));
  qr_test_run_cliv (&r4, (const char *[]) { "edit", in, out, "--step", "disp-sculpt 0:0 stretch 0 0 0 1 1", NULL });
  g_assert_cmpint (r4.status, ==, 2);
  qr_test_run_cliv (&r5, (const char *[]) { "edit", in, out, "--step", "disp-create 0:0:0 7", NULL });
  g_assert_cmpint (r5.status, ==, 1);
  g_assert_nonnull (strstr (r5.err, "2, 3 or 4"));

  g_remove (in);
  g_remove (out);
  g_remove (plain);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/disp-ops/create/dispinfo", test_create_saves_dispinfo);
  g_test_add_func ("/disp-ops/create/map-face", test_create_on_map_face);
  g_test_add_func ("/disp-ops/destroy", test_destroy_restores);
  g_test_add_func ("/disp-ops/sculpt/raise", test_raise_dab);
  g_test_add_func ("/disp-ops/sculpt/modes", test_sculpt_modes);
  g_test_add_func ("/disp-ops/sculpt/smooth-along-normal", test_smooth_along_normal);
  g_test_add_func ("/disp-ops/sculpt/smooth-keeps-seams", test_smooth_keeps_seams);
  g_test_add_func ("/disp-ops/sculpt/noise", test_sculpt_noise);
  g_test_add_func ("/disp-ops/sculpt/stroke", test_stroke_is_one_step);
  g_test_add_func ("/disp-ops/sculpt/stroke-keeps-first", test_stroke_keeps_first);
  g_test_add_func ("/disp-ops/power/round-trip", test_power_round_trip);
  g_test_add_func ("/disp-ops/power/plumber", test_power_round_trip_plumber);
  g_test_add_func ("/disp-ops/sew/same-power", test_sew);
  g_test_add_func ("/disp-ops/sew/powers", test_sew_powers);
  g_test_add_func ("/disp-ops/plumber/dab-undo", test_plumber_dab_undo);
  g_test_add_func ("/disp-ops/copies-share", test_copies_share);
  g_test_add_func ("/disp-ops/refusals", test_refusals);
  g_test_add_func ("/disp-ops/pick", test_pick);
  g_test_add_func ("/disp-ops/cli", test_cli_steps);
  return g_test_run ();
}
