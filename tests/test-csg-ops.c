/* CSG through the document: each operation is one undo step that restores
 * the file byte for byte; output faces carry the right textures; and the
 * corpus regressions carve cleanly. */
#include <math.h>
#include <string.h>

#include "qr-csg.h"
#include "qr-eps.h"
#include "qr-io.h"
#include "qr-operations.h"
#include "qr-test-map.h"
#include "qr-test-corpus.h"

/* A 128-unit cube (0:0, texture "wall") and a 64 × 160 × 64 bar through it
 * along y (0:1, texture "bar"). */
static const char base_map[] =
  "{\n\"classname\" \"worldspawn\"\n\"mapversion\" \"220\"\n"
  "{\n"
  "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) wall [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 128 0 0 ) ( 128 0 1 ) ( 128 1 0 ) wall [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) wall [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 128 0 ) ( 1 128 0 ) ( 0 128 1 ) wall [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) wall [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  "( 0 0 128 ) ( 0 1 128 ) ( 1 0 128 ) wall [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  "}\n"
  "{\n"
  "( 32 -16 32 ) ( 32 -15 32 ) ( 32 -16 33 ) bar [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 96 -16 32 ) ( 96 -16 33 ) ( 96 -15 32 ) bar [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 32 -16 32 ) ( 32 -16 33 ) ( 33 -16 32 ) bar [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 32 144 32 ) ( 33 144 32 ) ( 32 144 33 ) bar [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 32 -16 32 ) ( 33 -16 32 ) ( 32 -15 32 ) bar [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  "( 32 -16 96 ) ( 32 -15 96 ) ( 33 -16 96 ) bar [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  "}\n"
  "}\n";

static QrDocument *
new_doc (void)
{
  return qr_test_document_from_map_text (base_map);
}

static QrEntity *
world (QrDocument *doc)
{
  return qr_map_get_entity (qr_document_get_map (doc), 0);
}

static QrId
id_at (QrDocument *doc, guint b)
{
  return qr_entity_get_brush (world (doc), b)->id;
}

static double
world_volume (QrDocument *doc, guint from, guint to)
{
  double v = 0;

  for (guint b = from; b < to; b++)
    {
      QrBrush *brush = qr_entity_get_brush (world (doc), b);
      g_autofree QrVec3 *points = g_new (QrVec3, 3 * (gsize) brush->n_faces);
      g_autofree char *why = NULL;

      g_assert_true (qr_brush_is_valid (brush));
      /* The polytopes CSG hands over (compacted to the pieces' faces) pass
       * the same independent self-check as freshly built ones. */
      qr_brush_gather_points (brush, points);
      if (!qr_polytope_check (brush->poly, points, 1e-6, &why))
        g_error ("brush %u: %s", b, why);
      v += qr_polytope_volume (brush->poly);
    }
  return v;
}

/* Count the faces of brushes [from, to) with this texture. */
static guint
faces_with (QrDocument *doc, guint from, guint to, const char *texture)
{
  QrMap *map = qr_document_get_map (doc);
  guint n = 0;

  for (guint b = from; b < to; b++)
    {
      QrBrush *brush = qr_entity_get_brush (world (doc), b);

      for (int f = 0; f < brush->n_faces; f++)
        n += strcmp (qr_map_texture_name (map, brush->faces[f].texture), texture) == 0;
    }
  return n;
}

typedef gboolean (*Op) (QrDocument *doc, GError **error);

/* do → checks by the caller → undo (byte-identical) → redo (byte-identical). */
static void
undo_redo (QrDocument *doc, const char *before, const char *label)
{
  g_autofree char *after = qr_test_save_text (doc);
  g_autofree char *undo = qr_document_dup_undo_label (doc);

  g_assert_cmpstr (undo, ==, label);
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);
  g_assert_true (qr_document_redo (doc));
  qr_test_assert_saves_as (doc, after);
}

static void
test_carve (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  g_autofree char *before = qr_test_save_text (doc);
  QrId bar = id_at (doc, 1);
  guint n;

  g_assert_true (qr_op_carve (doc, &bar, 1, FALSE, NULL));
  /* The cube became four pieces around a tunnel; the bar is kept, last. */
  n = qr_entity_brush_count (world (doc));
  g_assert_cmpuint (n, ==, 5);
  g_assert_cmpuint (qr_entity_get_brush (world (doc), 4)->id, ==, bar);
  g_assert_cmpfloat (world_volume (doc, 0, 4), ==, 128.0 * 128 * 128 - 64.0 * 128 * 64);
  /* Faces on the bar's planes take its texture: the tunnel's four walls,
   * and the four faces where the pieces meet on x = 32 and x = 96 (cut
   * first: axial planes in face order). The cube's 6 faces stay "wall" and
   * each piece has the rest: 6 per piece, 24 in all. */
  g_assert_cmpuint (faces_with (doc, 0, 4, "bar"), ==, 8);
  g_assert_cmpuint (faces_with (doc, 0, 4, "wall"), ==, 16);
  g_assert_true (qr_selection_has_brush (qr_document_get_selection (doc), bar));
  undo_redo (doc, before, "Undo Carve");
}

static void
test_carve_delete (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  g_autofree char *before = qr_test_save_text (doc);
  QrId bar = id_at (doc, 1);
  g_autoptr (GError) error = NULL;

  g_assert_true (qr_op_carve (doc, &bar, 1, TRUE, NULL));
  g_assert_cmpuint (qr_entity_brush_count (world (doc)), ==, 4);
  undo_redo (doc, before, "Undo Carve");
  /* Carving nothing is refused and changes nothing. */
  {
    g_autoptr (QrDocument) d2 = new_doc ();
    QrId ids[2] = { id_at (d2, 0), id_at (d2, 1) };
    g_autofree char *s0 = qr_test_save_text (d2);

    /* Both brushes carve: nothing else is left to carve. */
    g_assert_false (qr_op_carve (d2, ids, 2, FALSE, &error));
    g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
    qr_test_assert_saves_as (d2, s0);
  }
}

/* Every face of brushes [from, to) is an input face: the same plane
 * points (or turned around) and the same texture, as the README promises.
 * `inputs` is a copy of the inputs taken before the operation. */
static void
assert_faces_of_inputs (QrDocument *doc, guint from, guint to, GPtrArray *inputs)
{
  QrMap *map = qr_document_get_map (doc);

  for (guint b = from; b < to; b++)
    {
      QrBrush *brush = qr_entity_get_brush (world (doc), b);

      for (int f = 0; f < brush->n_faces; f++)
        {
          const QrFace *face = &brush->faces[f];
          bool found = false;

          for (guint k = 0; k < inputs->len && !found; k++)
            {
              const QrBrush *in = g_ptr_array_index (inputs, k);

              for (int g = 0; g < in->n_faces && !found; g++)
                {
                  const QrFace *i = &in->faces[g];
                  bool same = memcmp (face->points, i->points, sizeof face->points) == 0;
                  bool turned = qr_vec3_identical (face->points[0], i->points[2])
                                && qr_vec3_identical (face->points[1], i->points[1])
                                && qr_vec3_identical (face->points[2], i->points[0]);

                  found = (same || turned)
                          && strcmp (qr_map_texture_name (map, face->texture), qr_map_texture_name (map, i->texture)) == 0;
                }
            }
          if (!found)
            g_error ("brush %u face %d is no input face", b, f);
        }
    }
}

static GPtrArray *
copy_brushes (QrDocument *doc, guint from, guint to)
{
  GPtrArray *copies = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_brush_free);

  for (guint b = from; b < to; b++)
    g_ptr_array_add (copies, qr_brush_copy (qr_entity_get_brush (world (doc), b)));
  return copies;
}

static void
test_union_intersect (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  g_autoptr (QrDocument) doc2 = new_doc ();
  g_autofree char *before = qr_test_save_text (doc);
  g_autofree char *before2 = qr_test_save_text (doc2);
  QrId both[2] = { id_at (doc, 0), id_at (doc, 1) };
  QrId both2[2] = { id_at (doc2, 0), id_at (doc2, 1) };
  g_autoptr (GPtrArray) inputs = copy_brushes (doc, 0, 2);

  g_assert_true (qr_op_convex_union (doc, both, 2, NULL));
  g_assert_cmpfloat (world_volume (doc, 0, qr_entity_brush_count (world (doc))), ==,
                     128.0 * 128 * 128 + 64.0 * 160 * 64 - 64.0 * 128 * 64);
  /* The cube and the bar's two ends: the fewest convex pieces there are. */
  g_assert_cmpuint (qr_entity_brush_count (world (doc)), ==, 3);
  assert_faces_of_inputs (doc, 0, 3, inputs);
  undo_redo (doc, before, "Undo Convex Union");

  g_assert_true (qr_op_intersect (doc2, both2, 2, NULL));
  g_assert_cmpuint (qr_entity_brush_count (world (doc2)), ==, 1);
  g_assert_cmpfloat (world_volume (doc2, 0, 1), ==, 64.0 * 128 * 64);
  /* Faces on the cube's planes keep "wall", on the bar's "bar". */
  g_assert_cmpuint (faces_with (doc2, 0, 1, "wall"), ==, 2);
  g_assert_cmpuint (faces_with (doc2, 0, 1, "bar"), ==, 4);
  undo_redo (doc2, before2, "Undo Intersect");
}

/* Issue 12: a convex union of the six walls of a hollowed box made 21
 * brushes. Brushes that overlap nothing are left as they are: the same
 * objects, the file unchanged, no undo step. */
static void
test_union_disjoint (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  QrId cube = id_at (doc, 0);
  QrId walls[6];
  QrBrush *objects[6];
  g_autofree char *hollowed = NULL;

  g_assert_true (qr_op_hollow (doc, &cube, 1, 16, FALSE, NULL));
  hollowed = qr_test_save_text (doc);
  for (guint b = 0; b < 6; b++)
    {
      walls[b] = id_at (doc, b);
      objects[b] = qr_entity_get_brush (world (doc), b);
    }
  g_assert_true (qr_op_convex_union (doc, walls, 6, NULL));
  g_assert_cmpuint (qr_entity_brush_count (world (doc)), ==, 7);
  for (guint b = 0; b < 6; b++)
    {
      g_assert_true (qr_entity_get_brush (world (doc), b) == objects[b]);
      g_assert_true (qr_selection_has_brush (qr_document_get_selection (doc), walls[b]));
    }
  {
    g_autofree char *s = qr_test_save_text (doc);
    g_autofree char *undo = qr_document_dup_undo_label (doc);

    g_assert_cmpstr (s, ==, hollowed);
    g_assert_cmpstr (undo, ==, "Undo Hollow");
  }

  /* Two boxes side by side touch but do not overlap: unchanged too. */
  {
    g_autoptr (QrDocument) d2 = qr_test_document_from_map_text (
      "{\n\"classname\" \"worldspawn\"\n"
      "{\n( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) a 0 0 0 1 1\n( 16 0 0 ) ( 16 0 1 ) ( 16 1 0 ) a 0 0 0 1 1\n"
      "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) a 0 0 0 1 1\n( 0 16 0 ) ( 1 16 0 ) ( 0 16 1 ) a 0 0 0 1 1\n"
      "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1 1\n( 0 0 16 ) ( 0 1 16 ) ( 1 0 16 ) a 0 0 0 1 1\n}\n"
      "{\n( 16 0 0 ) ( 16 1 0 ) ( 16 0 1 ) b 0 0 0 1 1\n( 32 0 0 ) ( 32 0 1 ) ( 32 1 0 ) b 0 0 0 1 1\n"
      "( 16 0 0 ) ( 16 0 1 ) ( 17 0 0 ) b 0 0 0 1 1\n( 16 16 0 ) ( 17 16 0 ) ( 16 16 1 ) b 0 0 0 1 1\n"
      "( 16 0 0 ) ( 17 0 0 ) ( 16 1 0 ) b 0 0 0 1 1\n( 16 0 16 ) ( 16 1 16 ) ( 17 0 16 ) b 0 0 0 1 1\n}\n}\n");
    g_autofree char *before = qr_test_save_text (d2);
    QrId both[2] = { id_at (d2, 0), id_at (d2, 1) };

    g_assert_true (qr_op_convex_union (d2, both, 2, NULL));
    qr_test_assert_saves_as (d2, before);
    g_assert_false (qr_document_can_undo (d2));
  }
}

/* The hollowed cube's walls with the bar through two of them: the walls
 * the bar misses stay as they are; the two it crosses and the bar become
 * five pieces (the two walls whole and the bar in three), the fewest there
 * are, of exactly the union's volume, every face an input face. */
static void
test_union_walls_and_bar (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  QrId cube = id_at (doc, 0);
  QrId ids[7];
  g_autoptr (GPtrArray) inputs = NULL;
  g_autofree char *before = NULL;
  const QrSelection *sel;
  guint n, kept = 0;
  double shell = 128.0 * 128 * 128 - 96.0 * 96 * 96, bar = 64.0 * 160 * 64, common = 64.0 * 32 * 64;

  g_assert_true (qr_op_hollow (doc, &cube, 1, 16, FALSE, NULL));
  before = qr_test_save_text (doc);
  inputs = copy_brushes (doc, 0, 7);
  for (guint b = 0; b < 7; b++)
    ids[b] = id_at (doc, b);
  g_assert_true (qr_op_convex_union (doc, ids, 7, NULL));
  n = qr_entity_brush_count (world (doc));
  g_assert_cmpfloat (world_volume (doc, 0, n), ==, shell + bar - common);
  assert_faces_of_inputs (doc, 0, n, inputs);
  sel = qr_document_get_selection (doc);
  for (guint b = 0; b < n; b++)
    {
      QrBrush *brush = qr_entity_get_brush (world (doc), b);

      g_assert_true (qr_selection_has_brush (sel, brush->id));
      for (guint k = 0; k < 7; k++)
        kept += brush->id == ids[k];
    }
  g_test_message ("%u brushes, %u kept", n, kept);
  g_assert_cmpuint (kept, ==, 4);
  g_assert_cmpuint (n, ==, 4 + 5);
  undo_redo (doc, before, "Undo Convex Union");
}

static void
test_hollow (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  g_autofree char *before = qr_test_save_text (doc);
  QrId cube = id_at (doc, 0);
  g_autoptr (GError) error = NULL;

  g_assert_true (qr_op_hollow (doc, &cube, 1, 16, FALSE, NULL));
  g_assert_cmpuint (qr_entity_brush_count (world (doc)), ==, 7);
  g_assert_cmpfloat (world_volume (doc, 0, 6), ==, 128.0 * 128 * 128 - 96.0 * 96 * 96);
  g_assert_cmpuint (faces_with (doc, 0, 6, "wall"), ==, 36);
  undo_redo (doc, before, "Undo Hollow");
  g_assert_true (qr_document_undo (doc));
  g_assert_false (qr_op_hollow (doc, &cube, 1, 64, FALSE, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "too large"));
}

static void
test_split (void)
{
  static const QrSplitKeep keeps[] = { QR_SPLIT_KEEP_BOTH, QR_SPLIT_KEEP_FRONT, QR_SPLIT_KEEP_BACK };
  static const double expect[] = { 128.0 * 128 * 128, 128.0 * 128 * 80, 128.0 * 128 * 48 };

  for (guint k = 0; k < G_N_ELEMENTS (keeps); k++)
    {
      g_autoptr (QrDocument) doc = new_doc ();
      g_autofree char *before = qr_test_save_text (doc);
      QrId cube = id_at (doc, 0);
      /* z = 48, normal +z: the front is above. */
      const QrVec3 cut[3] = { { 1, 0, 48 }, { 0, 0, 48 }, { 0, 1, 48 } };
      guint n;

      g_assert_true (qr_op_split (doc, &cube, 1, cut, keeps[k], k == 2 ? "cut" : NULL, NULL));
      n = qr_entity_brush_count (world (doc)) - 1;
      g_assert_cmpuint (n, ==, keeps[k] == QR_SPLIT_KEEP_BOTH ? 2 : 1);
      g_assert_cmpfloat (world_volume (doc, 0, n), ==, expect[k]);
      /* The new faces take the closest face's texture, or the one given. */
      g_assert_cmpuint (faces_with (doc, 0, n, k == 2 ? "cut" : "wall"), ==, k == 2 ? 1 : 6 * n);
      undo_redo (doc, before, "Undo Split");
    }
}

static void
test_merge (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  g_autofree char *before = qr_test_save_text (doc);
  QrId both[2] = { id_at (doc, 0), id_at (doc, 1) };
  QrBrush *hull;

  g_assert_true (qr_op_merge (doc, both, 2, NULL));
  g_assert_cmpuint (qr_entity_brush_count (world (doc)), ==, 1);
  hull = qr_entity_get_brush (world (doc), 0);
  g_assert_true (qr_brush_is_valid (hull));
  /* The cube plus, on each side, the prismatoid from the cube's 128² face
   * to the bar's 64² end 16 units away: h/6 (A1 + A2 + 4 Amid), Amid = 96². */
  {
    double side = 16.0 / 6 * (128.0 * 128 + 64.0 * 64 + 4 * 96.0 * 96);
    double expected = 128.0 * 128 * 128 + 2 * side;

    g_assert_cmpfloat (fabs (qr_polytope_volume (hull->poly) - expected), <=, 1e-9 * expected);
  }
  g_assert_cmpfloat (hull->poly->bounds.min.y, ==, -16);
  g_assert_cmpfloat (hull->poly->bounds.max.y, ==, 144);
  undo_redo (doc, before, "Undo Merge");
}

/* --- corpus regressions --- */

static QrMap *
load_corpus (const char *relative)
{
  g_autofree char *path = qr_test_corpus_file (relative);
  g_autoptr (GError) error = NULL;
  QrMap *map;

  if (path == NULL)
    return NULL;
  map = qr_map_load (path, &error);
  g_assert_no_error (error);
  qr_map_build_geometry (map, 1);
  return map;
}

static double
area_of (const QrBrush *brush)
{
  double area = 0;

  for (int f = 0; f < brush->n_faces; f++)
    {
      const uint16_t *idx = qr_polytope_face_indices (brush->poly, f);
      int n = qr_polytope_face_count (brush->poly, f);
      QrVec3 s = { 0, 0, 0 };

      for (int k = 1; k + 1 < n; k++)
        s = qr_vec3_add (s, qr_vec3_cross (qr_vec3_sub (brush->poly->verts[idx[k]], brush->poly->verts[idx[0]]),
                                           qr_vec3_sub (brush->poly->verts[idx[k + 1]], brush->poly->verts[idx[0]])));
      area += 0.5 * qr_vec3_length (s);
    }
  return area;
}

/* The corpus tests' tolerance for qr_polytope_check: QR_EPS_CHECK_RELATIVE
 * of the extent of the brushes' coordinates. */
static double
check_tolerance (GPtrArray *brushes)
{
  double extent = 1;

  for (guint i = 0; i < brushes->len; i++)
    {
      const QrBrush *brush = g_ptr_array_index (brushes, i);

      extent = fmax (extent, fmax (qr_vec3_max_abs (brush->poly->bounds.min), qr_vec3_max_abs (brush->poly->bounds.max)));
    }
  return QR_EPS_CHECK_RELATIVE * extent;
}

/* A CSG piece is a sound polytope: closed, convex, on its planes. */
static void
assert_piece_checks (QrPolyBuilder *b, const QrCsgBrush *piece, double tolerance, const char *what)
{
  g_autofree QrVec3 *pts = g_new (QrVec3, 3 * (gsize) piece->len);
  g_autoptr (QrPolytope) poly = NULL;
  g_autofree char *why = NULL;

  for (guint f = 0; f < piece->len; f++)
    memcpy (pts + 3 * f, g_array_index (piece, QrCsgFace, f).points, sizeof (QrVec3) * 3);
  poly = qr_polytope_build (b, pts, (int) piece->len);
  if (!qr_polytope_check (poly, pts, tolerance, &why))
    g_error ("%s: %s", what, why);
}

/* Every overlapping pair (A, B) of the file's brushes: A − B is valid
 * (each piece passes qr_polytope_check), disjoint from B, and
 * vol(A − B) = vol(A) − vol(A ∩ B). */
static void
carve_pairs (const char *relative, guint max_pairs)
{
  g_autoptr (QrMap) map = load_corpus (relative);
  g_autoptr (QrPolyBuilder) b = qr_poly_builder_new ();
  g_autoptr (GPtrArray) brushes = g_ptr_array_new ();
  guint pairs = 0, pieces = 0;
  double worst = 0, tolerance;

  if (map == NULL)
    return;
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    for (guint k = 0; k < qr_entity_brush_count (qr_map_get_entity (map, e)); k++)
      if (qr_brush_is_valid (qr_entity_get_brush (qr_map_get_entity (map, e), k)))
        g_ptr_array_add (brushes, qr_entity_get_brush (qr_map_get_entity (map, e), k));
  tolerance = check_tolerance (brushes);

  for (guint i = 0; i < brushes->len && pairs < max_pairs; i++)
    for (guint j = 0; j < brushes->len && pairs < max_pairs; j++)
      {
        QrBrush *a = g_ptr_array_index (brushes, i), *c = g_ptr_array_index (brushes, j);
        g_autoptr (GArray) ca = NULL;
        g_autoptr (GArray) cc = NULL;
        g_autoptr (GArray) both = NULL;
        g_autoptr (GPtrArray) out = NULL;
        const QrCsgBrush *carver[1];
        double va, vi, sum = 0;

        if (i == j || a->poly->bounds.max.x <= c->poly->bounds.min.x || c->poly->bounds.max.x <= a->poly->bounds.min.x
            || a->poly->bounds.max.y <= c->poly->bounds.min.y || c->poly->bounds.max.y <= a->poly->bounds.min.y
            || a->poly->bounds.max.z <= c->poly->bounds.min.z || c->poly->bounds.max.z <= a->poly->bounds.min.z)
          continue;
        ca = qr_brush_to_csg (a, 0);
        cc = qr_brush_to_csg (c, 1000);
        carver[0] = cc;
        both = qr_csg_brush_copy (ca);
        g_array_append_vals (both, cc->data, cc->len);
        va = qr_csg_volume (b, ca);
        vi = qr_csg_volume (b, both);
        out = qr_csg_difference (b, ca, carver, 1);
        if (out == NULL)
          {
            g_assert_cmpfloat (vi, <, QR_EPS_SLIVER_VOLUME);
            continue;
          }
        pairs++;
        for (guint k = 0; k < out->len; k++)
          {
            GArray *piece = g_ptr_array_index (out, k);
            g_autoptr (GArray) with_c = qr_csg_brush_copy (piece);
            double vp = qr_csg_volume (b, piece);
            g_autofree char *what = g_strdup_printf ("%s: brush %u minus brush %u, piece %u", relative, i, j, k);

            assert_piece_checks (b, piece, tolerance, what);
            g_assert_cmpfloat (vp, >=, QR_EPS_SLIVER_VOLUME);
            g_array_append_vals (with_c, cc->data, cc->len);
            g_assert_cmpfloat (qr_csg_volume (b, with_c), <=, 1e-6 * va + QR_EPS_SLIVER_VOLUME);
            sum += vp;
          }
        pieces += out->len;
        /* Volumes are only as precise as the polytopes: corners where
         * several planes nearly meet (this fixture has many) are welded
         * within QR_EPS_WELD, which moves a volume by up to that much times
         * the surface area. Slivers dropped account for the rest. */
        {
          double allowed = 1e-6 * va + QR_EPS_WELD * area_of (a) + QR_EPS_SLIVER_VOLUME * c->n_faces;
          double err = fabs (sum - (va - vi));

          worst = MAX (worst, err / allowed);
          if (err > allowed)
            g_test_message ("pair %u %u: va %.9g vi %.9g sum %.9g pieces %u", i, j, va, vi, sum, out->len);
          g_assert_cmpfloat (err, <=, allowed);
        }
      }
  g_test_message ("%s: %u overlapping pairs carved cleanly into %u pieces; worst volume error %.2g of its bound",
                  relative, pairs, pieces, worst);
  g_assert_cmpuint (pairs, >, 0);
}

/* Groups of up to four overlapping brushes of the file: their union is
 * valid (each piece passes qr_polytope_check), its pieces disjoint and
 * made of the inputs' faces, and its volume is the inputs' one by one
 * minus all before them (carve, checked above). */
static void
union_groups (const char *relative, guint max_groups)
{
  g_autoptr (QrMap) map = load_corpus (relative);
  g_autoptr (QrPolyBuilder) b = qr_poly_builder_new ();
  g_autoptr (GPtrArray) brushes = g_ptr_array_new ();
  guint groups = 0, n_in = 0, n_out = 0;
  double tolerance;

  if (map == NULL)
    return;
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    for (guint k = 0; k < qr_entity_brush_count (qr_map_get_entity (map, e)); k++)
      if (qr_brush_is_valid (qr_entity_get_brush (qr_map_get_entity (map, e), k)))
        g_ptr_array_add (brushes, qr_entity_get_brush (qr_map_get_entity (map, e), k));
  tolerance = check_tolerance (brushes);

  for (guint i = 0; i < brushes->len && groups < max_groups; i++)
    {
      g_autoptr (GPtrArray) in = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
      g_autoptr (GPtrArray) pieces = NULL;
      QrBrush *a = g_ptr_array_index (brushes, i);
      double expected = 0, area = 0, sum = 0, vin = 0;
      g_autofree bool *untouched = NULL;

      g_ptr_array_add (in, qr_brush_to_csg (a, 0));
      area += area_of (a);
      for (guint j = i + 1; j < brushes->len && in->len < 4; j++)
        {
          QrBrush *c = g_ptr_array_index (brushes, j);
          g_autoptr (GArray) both = NULL;
          GArray *cc;

          if (!qr_bounds_overlap (a->poly->bounds, c->poly->bounds))
            continue;
          cc = qr_brush_to_csg (c, (int) in->len * 1000);
          both = qr_csg_brush_copy (g_ptr_array_index (in, 0));
          g_array_append_vals (both, cc->data, cc->len);
          if (qr_csg_volume (b, both) < 1)
            {
              g_array_unref (cc);
              continue;
            }
          g_ptr_array_add (in, cc);
          area += area_of (c);
        }
      if (in->len < 2)
        continue;
      for (guint k = 0; k < in->len; k++)
        {
          g_autoptr (GPtrArray) rest = qr_csg_difference (b, g_ptr_array_index (in, k),
                                                          (const QrCsgBrush *const *) in->pdata, (int) k);

          vin += qr_csg_volume (b, g_ptr_array_index (in, k));
          if (rest == NULL)
            expected += qr_csg_volume (b, g_ptr_array_index (in, k));
          else
            for (guint m = 0; m < rest->len; m++)
              expected += qr_csg_volume (b, g_ptr_array_index (rest, m));
        }
      untouched = g_new0 (bool, in->len);
      pieces = qr_csg_union (b, (const QrCsgBrush *const *) in->pdata, (int) in->len, untouched);
      /* Every brush of a group overlaps the first. */
      for (guint k = 0; k < in->len; k++)
        g_assert_false (untouched[k]);
      for (guint k = 0; k < pieces->len; k++)
        {
          GArray *p = g_ptr_array_index (pieces, k);
          g_autofree QrVec3 *pts = g_new (QrVec3, 3 * (gsize) p->len);
          g_autoptr (QrPolytope) poly = NULL;

          for (guint f = 0; f < p->len; f++)
            {
              const QrCsgFace *pf = &g_array_index (p, QrCsgFace, f);
              const QrCsgFace *src = &g_array_index ((GArray *) g_ptr_array_index (in, pf->source / 1000), QrCsgFace,
                                                     pf->source % 1000);

              memcpy (pts + 3 * f, pf->points, sizeof (QrVec3) * 3);
              /* The input face's points, turned around for a flipped face. */
              if (pf->kind == QR_CSG_FACE_FLIPPED)
                g_assert_true (qr_vec3_identical (pf->points[0], src->points[2]) && qr_vec3_identical (pf->points[2], src->points[0]));
              else
                g_assert_true (memcmp (pf->points, src->points, sizeof pf->points) == 0);
            }
          poly = qr_polytope_build (b, pts, (int) p->len);
          g_assert_cmpint (poly->status, ==, QR_POLY_OK);
          {
            g_autofree char *why = NULL;

            if (!qr_polytope_check (poly, pts, tolerance, &why))
              g_error ("%s: group of brush %u, piece %u: %s", relative, i, k, why);
          }
          g_assert_cmpfloat (qr_polytope_volume (poly), >=, QR_EPS_SLIVER_VOLUME);
          sum += qr_polytope_volume (poly);
          for (guint m = k + 1; m < pieces->len; m++)
            {
              g_autoptr (GArray) both = qr_csg_brush_copy (p);

              g_array_append_vals (both, ((GArray *) g_ptr_array_index (pieces, m))->data,
                                   ((GArray *) g_ptr_array_index (pieces, m))->len);
              g_assert_cmpfloat (qr_csg_volume (b, both), <=, 1e-6 * vin + QR_EPS_SLIVER_VOLUME);
            }
        }
      /* As in carve_pairs: welded corners and dropped slivers bound the error. */
      g_assert_cmpfloat (fabs (sum - expected), <=, 1e-6 * vin + QR_EPS_WELD * area + QR_EPS_SLIVER_VOLUME * 64);
      groups++;
      n_in += in->len;
      n_out += pieces->len;
    }
  g_test_message ("%s: %u groups of %u brushes united into %u pieces", relative, groups, n_in, n_out);
  g_assert_cmpuint (groups, >, 0);
}

static void
test_union_new_deralia (void)
{
  union_groups ("valve220/NewDeralia.map", 40);
}

static void
test_union_subtrahend (void)
{
  union_groups ("quake/subtrahend.map", 40);
}

static void
test_csg_subtract_failure (void)
{
  carve_pairs ("valve220/csgSubtractFailure.map", 100);
}

/* Every overlapping pair: 13 of its 6165 pieces did not close before the
 * polytope builder clipped again from a brush-sized winding. */
static void
test_new_deralia (void)
{
  carve_pairs ("valve220/NewDeralia.map", 3000);
}

static void
test_subtrahend (void)
{
  carve_pairs ("quake/subtrahend.map", 600);
}

/* A 24-sided cylinder carved through a run of e1m1's walls. */
static void
test_e1m1_cylinder (void)
{
  QrMap *map = load_corpus ("quake/e1m1.map");
  g_autoptr (QrDocument) doc = NULL;
  g_autofree char *before = NULL;
  QrPrimitiveSpec spec;
  QrEntity *w;
  QrId cyl;
  guint n_before;

  if (map == NULL)
    return;
  doc = qr_document_new (map);
  before = qr_test_save_text (doc);
  qr_primitive_spec_init (&spec, QR_PRIMITIVE_CYLINDER,
                          (QrBounds) { { 1056 - 96, 384 - 96, -256 }, { 1056 + 96, 384 + 96, 256 } });
  spec.sides = 24;
  g_assert_true (qr_op_create (doc, &spec, "cylinder", NULL));
  w = qr_map_get_entity (qr_document_get_map (doc), 0);
  cyl = qr_entity_get_brush (w, qr_entity_brush_count (w) - 1)->id;
  n_before = qr_entity_brush_count (w);
  g_assert_true (qr_op_carve (doc, &cyl, 1, TRUE, NULL));
  g_test_message ("e1m1: %u world brushes before the carve, %u after", n_before, qr_entity_brush_count (w));
  g_assert_cmpuint (qr_entity_brush_count (w), >, n_before - 1);
  for (guint b = 0; b < qr_entity_brush_count (w); b++)
    {
      QrBrush *brush = qr_entity_get_brush (w, b);
      g_autofree QrVec3 *points = g_new (QrVec3, 3 * (gsize) brush->n_faces);
      g_autofree char *why = NULL;
      g_autoptr (QrPolytope) fresh = NULL;
      g_autoptr (QrPolyBuilder) builder = qr_poly_builder_new ();

      g_assert_true (qr_brush_is_valid (brush));
      qr_brush_gather_points (brush, points);
      if (!qr_polytope_check (brush->poly, points, 1e-6 * 4096, &why))
        g_error ("brush %u: %s", b, why);
      /* And they are the polytopes a fresh build gives. */
      fresh = qr_polytope_build (builder, points, brush->n_faces);
      g_assert_cmpint (fresh->n_verts, ==, brush->poly->n_verts);
      g_assert_cmpfloat (fabs (qr_polytope_volume (fresh) - qr_polytope_volume (brush->poly)), <=, 1e-9 * qr_polytope_volume (fresh));
    }
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/csg/op/carve", test_carve);
  g_test_add_func ("/csg/op/carve-delete", test_carve_delete);
  g_test_add_func ("/csg/op/union-intersect", test_union_intersect);
  g_test_add_func ("/csg/op/union-disjoint", test_union_disjoint);
  g_test_add_func ("/csg/op/union-walls-and-bar", test_union_walls_and_bar);
  g_test_add_func ("/csg/op/hollow", test_hollow);
  g_test_add_func ("/csg/op/split", test_split);
  g_test_add_func ("/csg/op/merge", test_merge);
  g_test_add_func ("/csg/corpus/csgSubtractFailure", test_csg_subtract_failure);
  g_test_add_func ("/csg/corpus/subtrahend", test_subtrahend);
  g_test_add_func ("/csg/corpus/NewDeralia", test_new_deralia);
  g_test_add_func ("/csg/corpus/e1m1-cylinder", test_e1m1_cylinder);
  g_test_add_func ("/csg/corpus/union-NewDeralia", test_union_new_deralia);
  g_test_add_func ("/csg/corpus/union-subtrahend", test_union_subtrahend);
  return g_test_run ();
}
