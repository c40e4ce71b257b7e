/* The command stack and every editing operation: do → check the geometry →
 * undo → the saved document is byte-identical to the original → redo →
 * byte-identical to the first result. */
#include <math.h>
#include <string.h>

#include "qr-clipboard.h"
#include "qr-edit.h"
#include "qr-io.h"
#include "qr-operations.h"
#include "qr-patch.h"
#include "qr-test-map.h"

/* World: a 64-unit cube at the origin (brush 0:0) and a 64×32×16 box at
 * x 128 (0:1); a func_door with one brush (1:0); a light. */
static const char base_map[] =
  "{\n\"classname\" \"worldspawn\"\n\"mapversion\" \"220\"\n"
  "{\n"
  "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) a [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 64 0 0 ) ( 64 0 1 ) ( 64 1 0 ) a [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) a [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 64 0 ) ( 1 64 0 ) ( 0 64 1 ) a [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  "( 0 0 64 ) ( 0 1 64 ) ( 1 0 64 ) a [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  "}\n"
  "{\n"
  "( 128 0 0 ) ( 128 1 0 ) ( 128 0 1 ) b [ 0 1 0 8 ] [ 0 0 -1 4 ] 0 0.5 0.5\n"
  "( 192 0 0 ) ( 192 0 1 ) ( 192 1 0 ) b [ 0 1 0 8 ] [ 0 0 -1 4 ] 0 0.5 0.5\n"
  "( 128 0 0 ) ( 128 0 1 ) ( 129 0 0 ) b [ 1 0 0 8 ] [ 0 0 -1 4 ] 0 0.5 0.5\n"
  "( 128 32 0 ) ( 129 32 0 ) ( 128 32 1 ) b [ 1 0 0 8 ] [ 0 0 -1 4 ] 0 0.5 0.5\n"
  "( 128 0 0 ) ( 129 0 0 ) ( 128 1 0 ) b [ 1 0 0 8 ] [ 0 -1 0 4 ] 0 0.5 0.5\n"
  "( 128 0 16 ) ( 128 1 16 ) ( 129 0 16 ) b [ 1 0 0 8 ] [ 0 -1 0 4 ] 0 0.5 0.5\n"
  "}\n"
  "}\n"
  "{\n\"classname\" \"func_door\"\n\"speed\" \"100\"\n"
  "{\n"
  "( 0 128 0 ) ( 0 129 0 ) ( 0 128 1 ) door [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 16 128 0 ) ( 16 128 1 ) ( 16 129 0 ) door [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 128 0 ) ( 0 128 1 ) ( 1 128 0 ) door [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 192 0 ) ( 1 192 0 ) ( 0 192 1 ) door [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 128 0 ) ( 1 128 0 ) ( 0 129 0 ) door [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  "( 0 128 96 ) ( 0 129 96 ) ( 1 128 96 ) door [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  "}\n"
  "}\n"
  "{\n\"classname\" \"light\"\n\"origin\" \"32 32 128\"\n}\n";

static QrDocument *
new_doc (void)
{
  return qr_test_document_from_map_text (base_map);
}

static QrId
brush_id (QrDocument *doc, guint e, guint b)
{
  QrMap *map = qr_document_get_map (doc);

  g_assert_cmpuint (e, <, qr_map_entity_count (map));
  g_assert_cmpuint (b, <, qr_entity_brush_count (qr_map_get_entity (map, e)));
  return qr_entity_get_brush (qr_map_get_entity (map, e), b)->id;
}

static QrBrush *
brush_at (QrDocument *doc, guint e, guint b)
{
  return qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), e), b);
}

/* The brush's vertices are these (any order), within `tolerance`: 0 for
 * brushes of axial planes, which are exact by design; slanted planes come
 * out of the clipping within ~1e-14. */
static void
assert_vertices_near (const QrBrush *brush, const QrVec3 *expected, guint n, double tolerance)
{
  g_assert_true (qr_brush_is_valid (brush));
  g_assert_cmpuint (brush->poly->n_verts, ==, n);
  for (guint i = 0; i < n; i++)
    {
      bool found = false;

      for (guint k = 0; k < brush->poly->n_verts && !found; k++)
        found = qr_vec3_max_abs (qr_vec3_sub (brush->poly->verts[k], expected[i])) <= tolerance;
      if (!found)
        g_error ("vertex (%g %g %g) missing", expected[i].x, expected[i].y, expected[i].z);
    }
}

static void
assert_vertices (const QrBrush *brush, const QrVec3 *expected, guint n)
{
  assert_vertices_near (brush, expected, n, 0);
}

static void
assert_box (const QrBrush *brush, QrVec3 min, QrVec3 max)
{
  QrVec3 corners[8];

  for (int i = 0; i < 8; i++)
    corners[i] = qr_vec3 (i & 1 ? max.x : min.x, i & 2 ? max.y : min.y, i & 4 ? max.z : min.z);
  assert_vertices (brush, corners, 8);
}

/* The polytope of every brush passes the independent self-checks. */
static void
assert_all_valid (QrDocument *doc)
{
  QrMap *map = qr_document_get_map (doc);

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
      {
        QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (map, e), b);
        g_autofree QrVec3 *points = g_new (QrVec3, 3 * (gsize) brush->n_faces);
        g_autofree char *why = NULL;

        qr_brush_gather_points (brush, points);
        if (!qr_polytope_check (brush->poly, points, 1e-6, &why))
          g_error ("brush %u:%u: %s", e, b, why);
      }
}

typedef gboolean (*EditFunc) (QrDocument *doc, gpointer data, GError **error);
typedef void (*CheckFunc) (QrDocument *doc, gpointer data);

/* The protocol every operation goes through. */
static void
check_edit (const char *description, EditFunc edit, CheckFunc check, gpointer data)
{
  g_autoptr (QrDocument) doc = new_doc ();
  g_autoptr (GError) error = NULL;
  g_autofree char *before = qr_test_save_text (doc);
  g_autofree char *after = NULL;
  g_autofree char *label = NULL;

  g_assert_false (qr_document_is_modified (doc));
  g_assert_true (edit (doc, data, &error));
  g_assert_no_error (error);
  assert_all_valid (doc);
  check (doc, data);
  after = qr_test_save_text (doc);
  g_assert_cmpstr (after, !=, before);
  g_assert_true (qr_document_is_modified (doc));
  label = qr_document_dup_undo_label (doc);
  g_assert_cmpstr (label, ==, description);

  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);
  g_assert_false (qr_document_is_modified (doc));
  g_assert_true (qr_selection_is_empty (qr_document_get_selection (doc)));

  g_assert_true (qr_document_redo (doc));
  qr_test_assert_saves_as (doc, after);
  check (doc, data);
}

/* --- create --- */

static gboolean
do_create_block (QrDocument *doc, gpointer data, GError **error)
{
  QrPrimitiveSpec spec;

  qr_primitive_spec_init (&spec, QR_PRIMITIVE_BLOCK, (QrBounds) { { -32, -16, 0 }, { 32, 16, 8 } });
  return qr_op_create (doc, &spec, "new", error);
}

static void
check_create_block (QrDocument *doc, gpointer data)
{
  QrBrush *b = brush_at (doc, 0, 2);

  assert_box (b, qr_vec3 (-32, -16, 0), qr_vec3 (32, 16, 8));
  g_assert_cmpint (b->faces[0].form, ==, QR_TEX_VALVE);
  g_assert_cmpstr (qr_map_texture_name (qr_document_get_map (doc), b->faces[0].texture), ==, "new");
  g_assert_true (qr_selection_has_brush (qr_document_get_selection (doc), b->id));
  g_assert_cmpuint (qr_document_get_selection (doc)->brushes->len, ==, 1);
}

static void
test_create_block (void)
{
  check_edit ("Undo Create Block", do_create_block, check_create_block, NULL);
}

static gboolean
do_create_shape (QrDocument *doc, gpointer data, GError **error)
{
  QrPrimitiveSpec spec;

  qr_primitive_spec_init (&spec, GPOINTER_TO_INT (data), (QrBounds) { { 0, 0, 0 }, { 128, 128, 64 } });
  return qr_op_create (doc, &spec, "new", error);
}

static void
check_create_shape (QrDocument *doc, gpointer data)
{
  QrMap *map = qr_document_get_map (doc);
  QrEntity *world = qr_map_get_entity (map, 0);

  g_assert_cmpuint (qr_entity_brush_count (world), >, 2);
  for (guint b = 2; b < qr_entity_brush_count (world); b++)
    {
      QrBrush *brush = qr_entity_get_brush (world, b);

      g_assert_true (qr_brush_is_valid (brush));
      /* Rim vertices where three slanted planes meet are not representable
       * exactly; they come out within an ulp or two of the box. */
      g_assert_cmpfloat (brush->poly->bounds.min.x, >=, -1e-9);
      g_assert_cmpfloat (brush->poly->bounds.max.x, <=, 128 + 1e-9);
    }
}

static void
test_create_shapes (void)
{
  static const struct { QrPrimitiveShape shape; const char *label; } shapes[] = {
    { QR_PRIMITIVE_WEDGE, "Undo Create Wedge" }, { QR_PRIMITIVE_CYLINDER, "Undo Create Cylinder" },
    { QR_PRIMITIVE_CONE, "Undo Create Cone" }, { QR_PRIMITIVE_SPHERE, "Undo Create Sphere" },
    { QR_PRIMITIVE_ARCH, "Undo Create Arch" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (shapes); i++)
    check_edit (shapes[i].label, do_create_shape, check_create_shape, GINT_TO_POINTER (shapes[i].shape));
}

/* --- transforms --- */

static gboolean
do_move (QrDocument *doc, gpointer data, GError **error)
{
  QrId id = brush_id (doc, 0, 0);

  return qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (16, -8, 0.5), error);
}

static void
check_move (QrDocument *doc, gpointer data)
{
  assert_box (brush_at (doc, 0, 0), qr_vec3 (16, -8, 0.5), qr_vec3 (80, 56, 64.5));
  assert_box (brush_at (doc, 0, 1), qr_vec3 (128, 0, 0), qr_vec3 (192, 32, 16));
}

static void
test_move (void)
{
  check_edit ("Undo Move", do_move, check_move, NULL);
}

static gboolean
do_resize (QrDocument *doc, gpointer data, GError **error)
{
  QrId id = brush_id (doc, 0, 1);

  return qr_op_resize (doc, QR_BRUSHES (&id, 1), (QrBounds) { { 128, 0, 0 }, { 256, 48, 16 } }, error);
}

static void
check_resize (QrDocument *doc, gpointer data)
{
  assert_box (brush_at (doc, 0, 1), qr_vec3 (128, 0, 0), qr_vec3 (256, 48, 16));
}

static void
test_resize (void)
{
  check_edit ("Undo Resize", do_resize, check_resize, NULL);
}

static gboolean
do_rotate (QrDocument *doc, gpointer data, GError **error)
{
  QrId id = brush_id (doc, 0, 1);

  return qr_op_rotate (doc, QR_BRUSHES (&id, 1), 2, 90, error);
}

static void
check_rotate (QrDocument *doc, gpointer data)
{
  /* 64 × 32 about its centre (160, 16): now 32 × 64 around the same centre. */
  assert_box (brush_at (doc, 0, 1), qr_vec3 (144, -16, 0), qr_vec3 (176, 48, 16));
}

static void
test_rotate (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  QrPrimitiveSpec spec;
  QrId id;

  check_edit ("Undo Rotate", do_rotate, check_rotate, NULL);

  /* A 63 × 64 box: its centre (31.5, 32) would send integer corners to
   * halves; the quarter turn keeps them integral. */
  qr_primitive_spec_init (&spec, QR_PRIMITIVE_BLOCK, (QrBounds) { { 0, 0, 0 }, { 63, 64, 16 } });
  g_assert_true (qr_op_create (doc, &spec, "odd", NULL));
  id = brush_id (doc, 0, 2);
  g_assert_true (qr_op_rotate (doc, QR_BRUSHES (&id, 1), 2, 90, NULL));
  for (int f = 0; f < brush_at (doc, 0, 2)->n_faces; f++)
    for (int p = 0; p < 3; p++)
      {
        QrVec3 q = brush_at (doc, 0, 2)->faces[f].points[p];
        g_assert_true (q.x == floor (q.x) && q.y == floor (q.y) && q.z == floor (q.z));
      }
  assert_box (brush_at (doc, 0, 2), qr_vec3 (0, 0, 0), qr_vec3 (64, 63, 16));
}

static gboolean
do_shear (QrDocument *doc, gpointer data, GError **error)
{
  QrId id = brush_id (doc, 0, 0);

  /* x moves by half of z above the bottom. */
  return qr_op_shear (doc, QR_BRUSHES (&id, 1), 0, 2, 0.5, error);
}

static void
check_shear (QrDocument *doc, gpointer data)
{
  static const QrVec3 v[8] = {
    { 0, 0, 0 }, { 64, 0, 0 }, { 0, 64, 0 }, { 64, 64, 0 },
    { 32, 0, 64 }, { 96, 0, 64 }, { 32, 64, 64 }, { 96, 64, 64 },
  };

  assert_vertices_near (brush_at (doc, 0, 0), v, 8, 1e-9);
}

static void
test_shear (void)
{
  check_edit ("Undo Shear", do_shear, check_shear, NULL);
}

static gboolean
do_flip (QrDocument *doc, gpointer data, GError **error)
{
  QrId ids[2] = { brush_id (doc, 0, 0), brush_id (doc, 0, 1) };

  return qr_op_flip (doc, QR_BRUSHES (ids, 2), 0, error);
}

static void
check_flip (QrDocument *doc, gpointer data)
{
  /* Mirrored across x = 96, the centre of both. */
  assert_box (brush_at (doc, 0, 0), qr_vec3 (128, 0, 0), qr_vec3 (192, 64, 64));
  assert_box (brush_at (doc, 0, 1), qr_vec3 (0, 0, 0), qr_vec3 (64, 32, 16));
}

static void
test_flip (void)
{
  check_edit ("Undo Flip", do_flip, check_flip, NULL);
}

/* --- structure --- */

static gboolean
do_delete (QrDocument *doc, gpointer data, GError **error)
{
  QrId ids[2] = { brush_id (doc, 0, 0), brush_id (doc, 1, 0) };

  return qr_op_delete (doc, ids, 2, NULL, 0, NULL, error);
}

static void
check_delete (QrDocument *doc, gpointer data)
{
  QrMap *map = qr_document_get_map (doc);

  /* The door lost its only brush and went with it; the light stays. */
  g_assert_cmpuint (qr_map_entity_count (map), ==, 2);
  g_assert_cmpuint (qr_entity_brush_count (qr_map_get_entity (map, 0)), ==, 1);
  g_assert_cmpstr (qr_entity_get_classname (qr_map_get_entity (map, 1)), ==, "light");
  assert_box (brush_at (doc, 0, 0), qr_vec3 (128, 0, 0), qr_vec3 (192, 32, 16));
}

static void
test_delete (void)
{
  check_edit ("Undo Delete", do_delete, check_delete, NULL);
}

static gboolean
do_duplicate (QrDocument *doc, gpointer data, GError **error)
{
  QrId id = brush_id (doc, 0, 0);

  return qr_op_duplicate (doc, QR_BRUSHES (&id, 1), qr_vec3 (0, 0, 64), error);
}

static void
check_duplicate (QrDocument *doc, gpointer data)
{
  QrBrush *copy = brush_at (doc, 0, 2);

  assert_box (copy, qr_vec3 (0, 0, 64), qr_vec3 (64, 64, 128));
  g_assert_cmpuint (copy->id, !=, brush_at (doc, 0, 0)->id);
  g_assert_cmpuint (copy->faces[0].id, !=, brush_at (doc, 0, 0)->faces[0].id);
  g_assert_true (qr_selection_has_brush (qr_document_get_selection (doc), copy->id));
}

static void
test_duplicate (void)
{
  check_edit ("Undo Duplicate", do_duplicate, check_duplicate, NULL);
}

/* --- point entities go with the brushes (issue 12: Ctrl+A and a nudge left them behind) --- */

static QrEntity *
entity_at (QrDocument *doc, guint e)
{
  return qr_map_get_entity (qr_document_get_map (doc), e);
}

static gboolean
do_move_with_light (QrDocument *doc, gpointer data, GError **error)
{
  QrId brush = brush_id (doc, 0, 0), light = entity_at (doc, 2)->id;

  return qr_op_translate (doc, &(QrObjects) { &brush, 1, &light, 1 }, qr_vec3 (16, 0, 8), error);
}

static void
check_move_with_light (QrDocument *doc, gpointer data)
{
  const QrSelection *sel = qr_document_get_selection (doc);

  assert_box (brush_at (doc, 0, 0), qr_vec3 (16, 0, 8), qr_vec3 (80, 64, 72));
  g_assert_cmpstr (qr_entity_get_key (entity_at (doc, 2), "origin"), ==, "48 32 136");
  /* A light turns only with a mangle: no key is added. */
  g_assert_null (qr_entity_get_key (entity_at (doc, 2), "angle"));
  g_assert_true (qr_selection_has_brush (sel, brush_id (doc, 0, 0)));
  g_assert_true (qr_selection_has_entity (sel, entity_at (doc, 2)->id));
}

static void
test_entity_move (void)
{
  check_edit ("Undo Move", do_move_with_light, check_move_with_light, NULL);
}

/* The flip's centre is that of the brush and the entity's box together:
 * x from 24 (the light's box) to 192 (brush 0:1), centre 108. */
static gboolean
do_flip_with_light (QrDocument *doc, gpointer data, GError **error)
{
  QrId brush = brush_id (doc, 0, 1), light = entity_at (doc, 2)->id;

  return qr_op_flip (doc, &(QrObjects) { &brush, 1, &light, 1 }, 0, error);
}

static void
check_flip_with_light (QrDocument *doc, gpointer data)
{
  assert_box (brush_at (doc, 0, 1), qr_vec3 (24, 0, 0), qr_vec3 (88, 32, 16));
  g_assert_cmpstr (qr_entity_get_key (entity_at (doc, 2), "origin"), ==, "184 32 128");
}

static void
test_entity_flip (void)
{
  check_edit ("Undo Flip", do_flip_with_light, check_flip_with_light, NULL);
}

/* A whole brush entity moves its brushes and stays selected as a whole. */
static gboolean
do_move_door (QrDocument *doc, gpointer data, GError **error)
{
  QrId door = entity_at (doc, 1)->id;

  return qr_op_translate (doc, &(QrObjects) { NULL, 0, &door, 1 }, qr_vec3 (0, -64, 0), error);
}

static void
check_move_door (QrDocument *doc, gpointer data)
{
  const QrSelection *sel = qr_document_get_selection (doc);

  assert_box (brush_at (doc, 1, 0), qr_vec3 (0, 64, 0), qr_vec3 (16, 128, 96));
  g_assert_null (qr_entity_get_key (entity_at (doc, 1), "origin"));
  g_assert_true (qr_selection_has_entity (sel, entity_at (doc, 1)->id));
  g_assert_cmpuint (sel->brushes->len, ==, 0);
}

static void
test_entity_move_whole (void)
{
  check_edit ("Undo Move", do_move_door, check_move_door, NULL);
}

static gboolean
do_duplicate_light (QrDocument *doc, gpointer data, GError **error)
{
  QrId light = entity_at (doc, 2)->id;

  return qr_op_duplicate (doc, &(QrObjects) { NULL, 0, &light, 1 }, qr_vec3 (0, 0, 64), error);
}

static void
check_duplicate_light (QrDocument *doc, gpointer data)
{
  QrMap *map = qr_document_get_map (doc);
  const QrSelection *sel = qr_document_get_selection (doc);

  g_assert_cmpuint (qr_map_entity_count (map), ==, 4);
  g_assert_cmpstr (qr_entity_get_key (entity_at (doc, 2), "origin"), ==, "32 32 128");
  g_assert_cmpstr (qr_entity_get_key (entity_at (doc, 3), "origin"), ==, "32 32 192");
  g_assert_cmpstr (qr_entity_get_classname (entity_at (doc, 3)), ==, "light");
  g_assert_cmpuint (entity_at (doc, 3)->id, !=, entity_at (doc, 2)->id);
  g_assert_cmpuint (sel->entities->len, ==, 1);
  g_assert_true (qr_selection_has_entity (sel, entity_at (doc, 3)->id));
}

static void
test_entity_duplicate (void)
{
  check_edit ("Undo Duplicate", do_duplicate_light, check_duplicate_light, NULL);
}

/* A whole brush entity duplicates as a new entity with new brushes. */
static gboolean
do_duplicate_door (QrDocument *doc, gpointer data, GError **error)
{
  QrId door = entity_at (doc, 1)->id;

  return qr_op_duplicate (doc, &(QrObjects) { NULL, 0, &door, 1 }, qr_vec3 (32, 0, 0), error);
}

static void
check_duplicate_door (QrDocument *doc, gpointer data)
{
  QrEntity *copy = entity_at (doc, 3);

  g_assert_cmpstr (qr_entity_get_classname (copy), ==, "func_door");
  g_assert_cmpstr (qr_entity_get_key (copy, "speed"), ==, "100");
  g_assert_cmpuint (qr_entity_brush_count (copy), ==, 1);
  assert_box (qr_entity_get_brush (copy, 0), qr_vec3 (32, 128, 0), qr_vec3 (48, 192, 96));
  g_assert_cmpuint (qr_entity_get_brush (copy, 0)->id, !=, brush_id (doc, 1, 0));
  assert_box (brush_at (doc, 1, 0), qr_vec3 (0, 128, 0), qr_vec3 (16, 192, 96));
  g_assert_true (qr_selection_has_entity (qr_document_get_selection (doc), copy->id));
}

static void
test_entity_duplicate_whole (void)
{
  check_edit ("Undo Duplicate", do_duplicate_door, check_duplicate_door, NULL);
}

static gboolean
do_paste_offset (QrDocument *doc, gpointer data, GError **error)
{
  QrMap *from = qr_test_parse_ok ("{\n\"classname\" \"info_player_start\"\n\"origin\" \"0 0 24\"\n\"angle\" \"90\"\n}\n",
                                  QR_FILE_MAP);

  return qr_op_add_map (doc, from, qr_vec3 (64, -32, 0), "Paste", error);
}

static void
check_paste_offset (QrDocument *doc, gpointer data)
{
  g_assert_cmpstr (qr_entity_get_key (entity_at (doc, 3), "origin"), ==, "64 -32 24");
  g_assert_cmpstr (qr_entity_get_key (entity_at (doc, 3), "angle"), ==, "90");
}

static void
test_entity_paste_offset (void)
{
  check_edit ("Undo Paste", do_paste_offset, check_paste_offset, NULL);
}

/* Arrow-key nudges of brushes and entities merge like nudges of brushes. */
static void
test_entity_nudges_merge (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  const QrCommandStack *stack = qr_document_get_history (doc);
  QrId brush = brush_id (doc, 0, 0), light = entity_at (doc, 2)->id;
  QrObjects both = { &brush, 1, &light, 1 };

  for (int i = 0; i < 3; i++)
    g_assert_true (qr_op_nudge (doc, &both, qr_vec3 (8, 0, 0), NULL));
  g_assert_cmpuint (qr_command_stack_history_length (stack), ==, 1);
  g_assert_cmpstr (qr_entity_get_key (entity_at (doc, 2), "origin"), ==, "56 32 128");
  g_assert_true (qr_selection_has_entity (qr_document_get_selection (doc), light));
  /* The light alone is another selection: a new step. */
  g_assert_true (qr_op_nudge (doc, &(QrObjects) { NULL, 0, &light, 1 }, qr_vec3 (8, 0, 0), NULL));
  g_assert_cmpuint (qr_command_stack_history_length (stack), ==, 2);
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_undo (doc));
  g_assert_cmpstr (qr_entity_get_key (entity_at (doc, 2), "origin"), ==, "32 32 128");
}

static gboolean
do_group (QrDocument *doc, gpointer data, GError **error)
{
  QrId ids[2] = { brush_id (doc, 0, 0), brush_id (doc, 0, 1) };

  return qr_op_group (doc, ids, 2, "pillars", error);
}

static void
check_group (QrDocument *doc, gpointer data)
{
  QrMap *map = qr_document_get_map (doc);
  QrEntity *group = qr_map_get_entity (map, qr_map_entity_count (map) - 1);

  g_assert_cmpuint (qr_entity_brush_count (qr_map_get_entity (map, 0)), ==, 0);
  g_assert_cmpstr (qr_entity_get_classname (group), ==, "func_group");
  g_assert_cmpstr (qr_entity_get_key (group, "_tb_type"), ==, "_tb_group");
  g_assert_cmpstr (qr_entity_get_key (group, "_tb_name"), ==, "pillars");
  g_assert_cmpuint (qr_entity_brush_count (group), ==, 2);
  assert_box (qr_entity_get_brush (group, 0), qr_vec3 (0, 0, 0), qr_vec3 (64, 64, 64));
}

static void
test_group (void)
{
  check_edit ("Undo Group", do_group, check_group, NULL);
}

/* From a map with a group: ungroup → the brushes are the world's again;
 * undo → the group is back exactly; redo → ungrouped exactly. */
static void
test_ungroup (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  g_autoptr (GError) error = NULL;
  QrMap *map = qr_document_get_map (doc);
  QrId ids[2] = { brush_id (doc, 0, 0), brush_id (doc, 0, 1) };
  g_autofree char *grouped = NULL;
  g_autofree char *ungrouped = NULL;
  g_autofree char *label = NULL;

  g_assert_true (qr_op_group (doc, ids, 2, "pillars", &error));
  grouped = qr_test_save_text (doc);
  g_assert_true (qr_op_ungroup (doc, ids, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (qr_map_entity_count (map), ==, 3);
  g_assert_cmpuint (qr_entity_brush_count (qr_map_get_entity (map, 0)), ==, 2);
  assert_box (brush_at (doc, 0, 1), qr_vec3 (128, 0, 0), qr_vec3 (192, 32, 16));
  assert_all_valid (doc);
  ungrouped = qr_test_save_text (doc);
  label = qr_document_dup_undo_label (doc);
  g_assert_cmpstr (label, ==, "Undo Ungroup");
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, grouped);
  g_assert_true (qr_document_redo (doc));
  qr_test_assert_saves_as (doc, ungrouped);
  /* Ungrouping what is not grouped is refused. */
  g_assert_false (qr_op_ungroup (doc, ids, 1, &error));
}

static gboolean
do_tie (QrDocument *doc, gpointer data, GError **error)
{
  QrId id = brush_id (doc, 0, 1);

  return qr_op_tie (doc, &id, 1, "func_wall", error);
}

static void
check_tie (QrDocument *doc, gpointer data)
{
  QrMap *map = qr_document_get_map (doc);
  QrEntity *wall = qr_map_get_entity (map, 3);

  g_assert_cmpstr (qr_entity_get_classname (wall), ==, "func_wall");
  g_assert_cmpuint (qr_entity_brush_count (wall), ==, 1);
  g_assert_cmpuint (qr_entity_brush_count (qr_map_get_entity (map, 0)), ==, 1);
}

static void
test_tie (void)
{
  check_edit ("Undo Tie to Entity", do_tie, check_tie, NULL);
}

static gboolean
do_untie (QrDocument *doc, gpointer data, GError **error)
{
  QrId id = brush_id (doc, 1, 0);

  return qr_op_untie (doc, &id, 1, error);
}

static void
check_untie (QrDocument *doc, gpointer data)
{
  QrMap *map = qr_document_get_map (doc);

  /* The door is gone; its brush is the world's third. */
  g_assert_cmpuint (qr_map_entity_count (map), ==, 2);
  assert_box (brush_at (doc, 0, 2), qr_vec3 (0, 128, 0), qr_vec3 (16, 192, 96));
}

static void
test_untie (void)
{
  check_edit ("Undo Move to World", do_untie, check_untie, NULL);
}

/* Untie in a map with no world yet: the world is made first, in front of
 * the door, and the door's position is followed. */
static void
test_untie_without_world (void)
{
  static const char door_only[] =
    "{\n\"classname\" \"light\"\n}\n"
    "{\n\"classname\" \"func_door\"\n{\n"
    "( 0 128 0 ) ( 0 129 0 ) ( 0 128 1 ) door 0 0 0 1 1\n"
    "( 16 128 0 ) ( 16 128 1 ) ( 16 129 0 ) door 0 0 0 1 1\n"
    "( 0 128 0 ) ( 0 128 1 ) ( 1 128 0 ) door 0 0 0 1 1\n"
    "( 0 192 0 ) ( 1 192 0 ) ( 0 192 1 ) door 0 0 0 1 1\n"
    "( 0 128 0 ) ( 1 128 0 ) ( 0 129 0 ) door 0 0 0 1 1\n"
    "( 0 128 96 ) ( 0 129 96 ) ( 1 128 96 ) door 0 0 0 1 1\n"
    "}\n}\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (QrDocument) doc = qr_document_new (qr_map_parse_map (door_only, sizeof door_only - 1, "t.map", NULL));
  g_autofree char *before = qr_test_save_text (doc);
  QrMap *map = qr_document_get_map (doc);
  QrId id = brush_id (doc, 1, 0);

  g_assert_true (qr_op_untie (doc, &id, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (qr_map_entity_count (map), ==, 2);
  g_assert_cmpstr (qr_entity_get_classname (qr_map_get_entity (map, 0)), ==, "worldspawn");
  g_assert_cmpstr (qr_entity_get_classname (qr_map_get_entity (map, 1)), ==, "light");
  assert_box (brush_at (doc, 0, 0), qr_vec3 (0, 128, 0), qr_vec3 (16, 192, 96));
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);
}

/* --- textures and keys --- */

static gboolean
do_set_texture (QrDocument *doc, gpointer data, GError **error)
{
  QrFaceRef faces[2] = { { brush_id (doc, 0, 0), 4 }, { brush_id (doc, 0, 1), -1 } };
  QrTexChange change = { .name = "metal", .set_shift = true, .shift = { 16, 8 },
                         .set_scale = true, .scale = { 2, 2 } };

  return qr_op_set_texture (doc, faces, 2, &change, error);
}

static void
check_set_texture (QrDocument *doc, gpointer data)
{
  QrMap *map = qr_document_get_map (doc);
  QrBrush *a = brush_at (doc, 0, 0), *b = brush_at (doc, 0, 1);

  g_assert_cmpstr (qr_map_texture_name (map, a->faces[4].texture), ==, "metal");
  g_assert_cmpstr (qr_map_texture_name (map, a->faces[3].texture), ==, "a");
  g_assert_cmpfloat (a->faces[4].tex.shift[0], ==, 16);
  g_assert_cmpfloat (a->faces[4].tex.scale[1], ==, 2);
  for (int f = 0; f < b->n_faces; f++)
    g_assert_cmpstr (qr_map_texture_name (map, b->faces[f].texture), ==, "metal");
}

static void
test_set_texture (void)
{
  check_edit ("Undo Set Texture", do_set_texture, check_set_texture, NULL);
}

static gboolean
do_set_rotation (QrDocument *doc, gpointer data, GError **error)
{
  QrFaceRef face = { brush_id (doc, 0, 0), 5 };
  QrTexChange change = { .set_rotation = true, .rotation = 90 };

  return qr_op_set_texture (doc, &face, 1, &change, error);
}

static void
check_set_rotation (QrDocument *doc, gpointer data)
{
  QrFace *top = &brush_at (doc, 0, 0)->faces[5];

  /* The top face's axes turned a quarter about +z. */
  g_assert_cmpfloat (top->tex.rotation, ==, 90);
  g_assert_cmpfloat_with_epsilon (top->tex.u_axis.y, 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (top->tex.v_axis.x, 1, 1e-12);
}

static void
test_set_rotation (void)
{
  check_edit ("Undo Set Texture", do_set_rotation, check_set_rotation, NULL);
}

static gboolean
do_keys (QrDocument *doc, gpointer data, GError **error)
{
  QrId door = qr_map_get_entity (qr_document_get_map (doc), 1)->id;
  const char *which = data;

  if (strcmp (which, "set") == 0)
    return qr_op_set_key (doc, door, "speed", "200", error);
  if (strcmp (which, "add") == 0)
    return qr_op_set_key (doc, door, "wait", "-1", error);
  if (strcmp (which, "delete") == 0)
    return qr_op_set_key (doc, door, "speed", NULL, error);
  return qr_op_rename_key (doc, door, "speed", "velocity", error);
}

static void
check_keys (QrDocument *doc, gpointer data)
{
  QrEntity *door = qr_map_get_entity (qr_document_get_map (doc), 1);
  const char *which = data;

  if (strcmp (which, "set") == 0)
    {
      g_assert_cmpstr (qr_entity_get_key (door, "speed"), ==, "200");
      g_assert_cmpuint (door->keys->len, ==, 2);
    }
  else if (strcmp (which, "add") == 0)
    {
      g_assert_cmpstr (qr_entity_get_key (door, "wait"), ==, "-1");
      g_assert_cmpstr (g_array_index (door->keys, QrKeyValue, 2).key, ==, "wait");
    }
  else if (strcmp (which, "delete") == 0)
    g_assert_null (qr_entity_get_key (door, "speed"));
  else
    g_assert_cmpstr (qr_entity_get_key (door, "velocity"), ==, "100");
  g_assert_cmpuint (qr_entity_brush_count (door), ==, 1);
}

static void
test_keys (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  g_autoptr (GError) error = NULL;
  g_autofree char *before = qr_test_save_text (doc);

  check_edit ("Undo Set Key", do_keys, check_keys, (gpointer) "set");
  check_edit ("Undo Set Key", do_keys, check_keys, (gpointer) "add");
  check_edit ("Undo Delete Key", do_keys, check_keys, (gpointer) "delete");
  check_edit ("Undo Rename Key", do_keys, check_keys, (gpointer) "rename");

  g_assert_false (qr_op_rename_key (doc, qr_map_get_entity (qr_document_get_map (doc), 1)->id, "nope", "x", &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND);
  qr_test_assert_saves_as (doc, before);
  g_assert_false (qr_document_can_undo (doc));
}

/* --- clipboard --- */

static gboolean
do_copy_paste (QrDocument *doc, gpointer data, GError **error)
{
  g_autoptr (QrSelection) sel = qr_selection_new ();
  g_autofree char *text = NULL;

  qr_selection_add_brush (sel, brush_id (doc, 0, 1));
  qr_selection_add_entity (sel, qr_map_get_entity (qr_document_get_map (doc), 1)->id);
  text = qr_clipboard_dup_text (doc, sel);
  /* A bare brush (no entity braces around it), then the door entity. */
  g_assert_true (g_str_has_prefix (text, "// brush 0\n{\n( 128 0 0 ) ( 128 1 0 ) ( 128 0 1 ) b "));
  g_assert_nonnull (strstr (text, "\"classname\" \"func_door\""));
  return qr_clipboard_paste (doc, text, -1, qr_vec3 (0, 0, 256), error);
}

static void
check_copy_paste (QrDocument *doc, gpointer data)
{
  QrMap *map = qr_document_get_map (doc);

  g_assert_cmpuint (qr_map_entity_count (map), ==, 4);
  assert_box (brush_at (doc, 0, 2), qr_vec3 (128, 0, 256), qr_vec3 (192, 32, 272));
  g_assert_cmpstr (qr_entity_get_classname (qr_map_get_entity (map, 3)), ==, "func_door");
  assert_box (brush_at (doc, 3, 0), qr_vec3 (0, 128, 256), qr_vec3 (16, 192, 352));
  g_assert_cmpuint (brush_at (doc, 3, 0)->id, !=, brush_at (doc, 1, 0)->id);
  g_assert_cmpuint (qr_document_get_selection (doc)->brushes->len, ==, 2);
}

static void
test_copy_paste (void)
{
  check_edit ("Undo Paste", do_copy_paste, check_copy_paste, NULL);
}

/* TrenchBroom's clipboard text for one brush pastes as a world brush. */
static void
test_paste_foreign (void)
{
  static const char tb[] =
    "// entity 0\n// brush 0\n{\n"
    "( -16 -16 -16 ) ( -16 -15 -16 ) ( -16 -16 -15 ) __TB_empty [ 0 -1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    "( -16 -16 -16 ) ( -16 -16 -15 ) ( -15 -16 -16 ) __TB_empty [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    "( -16 -16 -16 ) ( -15 -16 -16 ) ( -16 -15 -16 ) __TB_empty [ -1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
    "( 16 16 16 ) ( 16 17 16 ) ( 17 16 16 ) __TB_empty [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
    "( 16 16 16 ) ( 17 16 16 ) ( 16 16 17 ) __TB_empty [ -1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    "( 16 16 16 ) ( 16 16 17 ) ( 16 17 16 ) __TB_empty [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    "}\n";
  g_autoptr (QrDocument) doc = new_doc ();
  g_autoptr (GError) error = NULL;

  g_assert_true (qr_clipboard_paste (doc, tb, -1, qr_vec3 (0, 0, 0), &error));
  g_assert_no_error (error);
  assert_box (brush_at (doc, 0, 2), qr_vec3 (-16, -16, -16), qr_vec3 (16, 16, 16));
  g_assert_false (qr_clipboard_paste (doc, "{ ( 1 2", -1, qr_vec3 (0, 0, 0), &error));
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
  g_clear_error (&error);
  /* Binary junk from the clipboard: the message shows it as \xNN (UTF-8 for
   * the status bar) at the byte's line and column. */
  g_assert_false (qr_clipboard_paste (doc, "{\n( 0 0 \xff\xfe" "1", -1, qr_vec3 (0, 0, 0), &error));
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_nonnull (strstr (error->message, ":2:7: expected a number, found “\\xFF\\xFE1”"));
  g_assert_cmpuint (qr_command_stack_history_length (qr_document_get_history (doc)), ==, 1);
}

/* A brush pasted in the other face form is rewritten in the map's, so the
 * map stays one dialect; the texture lands on the same texels. */
static void
test_paste_converts_form (void)
{
  static const char standard[] =
    "{\n"
    "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) crate 16 8 30 0.5 2\n"
    "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) crate 0 0 0 1 1\n"
    "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) crate 0 0 0 1 1\n"
    "( 64 64 64 ) ( 64 65 64 ) ( 65 64 64 ) crate 0 0 0 1 1\n"
    "( 64 64 64 ) ( 65 64 64 ) ( 64 64 65 ) crate 0 0 0 1 1\n"
    "( 64 64 64 ) ( 64 64 65 ) ( 64 65 64 ) crate 0 0 0 1 1\n"
    "}\n";
  g_autoptr (QrDocument) doc = new_doc (); /* Valve 220 */
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) parsed = qr_map_parse_map (standard, sizeof standard - 1, "test", &error);
  g_assert_no_error (error);
  const QrBrush *want = qr_entity_get_brush (qr_map_get_entity (parsed, 0), 0);

  g_assert_true (qr_clipboard_paste (doc, standard, -1, qr_vec3 (0, 0, 0), &error));
  g_assert_no_error (error);
  QrMap *map = qr_document_get_map (doc);
  g_assert_cmpint (qr_map_detect_dialect (map), ==, QR_DIALECT_VALVE220);
  const QrBrush *got = brush_at (doc, 0, 2);
  g_assert_cmpint (got->n_faces, ==, want->n_faces);
  for (int f = 0; f < got->n_faces; f++)
    {
      g_assert_cmpint (got->faces[f].form, ==, QR_TEX_VALVE);
      QrPlane plane;
      g_assert_true (qr_face_plane (&got->faces[f], &plane));
      QrUV a[3], b[3];
      qr_texproj_uvs (QR_TEX_STANDARD, QR_TEX_AXES_QBSP, &want->faces[f].tex, plane.normal, 64, 64, got->faces[f].points, 3, a);
      qr_texproj_uvs (QR_TEX_VALVE, QR_TEX_AXES_QBSP, &got->faces[f].tex, plane.normal, 64, 64, got->faces[f].points, 3, b);
      for (int i = 0; i < 3; i++)
        {
          g_assert_cmpfloat_with_epsilon (a[i].u, b[i].u, 1e-9);
          g_assert_cmpfloat_with_epsilon (a[i].v, b[i].v, 1e-9);
        }
    }

  /* Pasted around a point of the top view: its centre (32, 32) moves by
   * whole grid steps towards (200, 100) along x and y, not along z. */
  g_assert_true (qr_clipboard_paste_near (doc, standard, -1, qr_vec3 (200, 100, 999), 1u << 0 | 1u << 1, 16, &error));
  g_assert_no_error (error);
  assert_box (brush_at (doc, 0, 3), qr_vec3 (176, 64, 0), qr_vec3 (240, 128, 64));
  g_autofree char *undo = qr_document_dup_undo_label (doc);
  g_assert_cmpstr (undo, ==, "Undo Paste");

  /* Into a standard map: axial Valve axes become standard; skewed ones
   * cannot, and the paste is refused whole. */
  g_autoptr (QrDocument) plain = qr_test_document_from_map_text (
    "{\n\"classname\" \"worldspawn\"\n" "{\n"
    "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) a 0 0 0 1 1\n"
    "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) a 0 0 0 1 1\n"
    "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1 1\n"
    "( 8 8 8 ) ( 8 9 8 ) ( 9 8 8 ) a 0 0 0 1 1\n"
    "( 8 8 8 ) ( 9 8 8 ) ( 8 8 9 ) a 0 0 0 1 1\n"
    "( 8 8 8 ) ( 8 8 9 ) ( 8 9 8 ) a 0 0 0 1 1\n"
    "}\n}\n");
  g_assert_true (qr_document_undo (doc));
  g_autofree char *valve = qr_clipboard_dup_text (doc, qr_document_get_selection (doc));
  g_assert_true (qr_clipboard_paste (plain, valve, -1, qr_vec3 (0, 0, 0), &error));
  g_assert_no_error (error);
  g_assert_cmpint (qr_map_detect_dialect (qr_document_get_map (plain)), ==, QR_DIALECT_QUAKE);
  guint steps = qr_command_stack_history_length (qr_document_get_history (plain));
  static const char skewed[] =
    "{\n"
    "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) a [ 0 1 0.5 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) a [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
    "( 8 8 8 ) ( 8 9 8 ) ( 9 8 8 ) a [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
    "( 8 8 8 ) ( 9 8 8 ) ( 8 8 9 ) a [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    "( 8 8 8 ) ( 8 8 9 ) ( 8 9 8 ) a [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    "}\n";
  g_assert_false (qr_clipboard_paste (plain, skewed, -1, qr_vec3 (0, 0, 0), &error));
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "face 1"));
  g_assert_cmpuint (qr_command_stack_history_length (qr_document_get_history (plain)), ==, steps);
  g_assert_cmpint (qr_map_detect_dialect (qr_document_get_map (plain)), ==, QR_DIALECT_QUAKE);
}

/* --- failures change nothing --- */

static void
test_failures (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  g_autofree char *before = qr_test_save_text (doc);
  QrId ids[2] = { brush_id (doc, 0, 0), 9999 };
  QrPrimitiveSpec spec;
  struct { const char *what; gboolean ok; GError *error; } cases[6] = { { 0 } };

  cases[0].what = "missing brush";
  cases[0].ok = qr_op_translate (doc, QR_BRUSHES (ids, 2), qr_vec3 (1, 0, 0), &cases[0].error);
  cases[1].what = "zero size";
  cases[1].ok = qr_op_resize (doc, QR_BRUSHES (ids, 1), (QrBounds) { { 0, 0, 0 }, { 0, 64, 64 } }, &cases[1].error);
  cases[2].what = "shear on one axis";
  cases[2].ok = qr_op_shear (doc, QR_BRUSHES (ids, 1), 0, 0, 1, &cases[2].error);
  qr_primitive_spec_init (&spec, QR_PRIMITIVE_CYLINDER, (QrBounds) { { 0, 0, 0 }, { 64, 64, 64 } });
  spec.sides = 2;
  cases[3].what = "two-sided cylinder";
  cases[3].ok = qr_op_create (doc, &spec, "x", &cases[3].error);
  cases[4].what = "untie a world brush";
  cases[4].ok = qr_op_untie (doc, ids, 1, &cases[4].error);
  cases[5].what = "ungroup what is not grouped";
  cases[5].ok = qr_op_ungroup (doc, ids, 1, &cases[5].error);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      if (cases[i].ok || cases[i].error == NULL)
        g_error ("%s: succeeded", cases[i].what);
      g_test_message ("%s: %s", cases[i].what, cases[i].error->message);
      g_clear_error (&cases[i].error);
    }
  qr_test_assert_saves_as (doc, before);
  g_assert_false (qr_document_can_undo (doc));
  g_assert_false (qr_document_is_modified (doc));
}

/* --- the stack --- */

static void
test_clean_point (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  QrId id = brush_id (doc, 0, 0);

  g_assert_false (qr_document_is_modified (doc));
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (8, 0, 0), NULL));
  g_assert_true (qr_document_is_modified (doc));
  qr_document_mark_saved (doc);
  g_assert_false (qr_document_is_modified (doc));
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_is_modified (doc));
  g_assert_true (qr_document_redo (doc));
  g_assert_false (qr_document_is_modified (doc));
  /* Undo past the save and do something else: the saved state is gone. */
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (0, 8, 0), NULL));
  g_assert_true (qr_document_is_modified (doc));
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_is_modified (doc));
  g_assert_true (qr_document_redo (doc));
  g_assert_true (qr_document_is_modified (doc));
}

/* Counts change sets that announce a history step and nothing else; each
 * must find Undo available. */
static void
count_history_changes (guint *count, const QrChangeSet *changes, QrDocument *doc)
{
  if (changes->history_changed && changes->brushes_modified->len == 0 && !changes->selection_changed
      && qr_document_can_undo (doc))
    (*count)++;
}

static void
test_transaction (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  g_autofree char *before = qr_test_save_text (doc);
  g_autofree char *label = NULL;
  QrId id = brush_id (doc, 0, 0);

  g_assert_false (qr_document_in_transaction (doc));
  g_assert_false (qr_document_in_edit (doc));
  g_assert_true (qr_document_lookup_brush (doc, id) == brush_at (doc, 0, 0));
  g_assert_null (qr_document_lookup_brush (doc, 424242));
  guint committed = 0;
  gulong handler = g_signal_connect_swapped (doc, "changed", G_CALLBACK (count_history_changes), &committed);
  qr_document_begin_transaction (doc, "Drag");
  g_assert_true (qr_document_in_transaction (doc));
  /* Undo waits for the transaction to end. */
  g_assert_false (qr_document_can_undo (doc));
  for (int i = 1; i <= 5; i++)
    {
      /* A drag: each update replaces the previous one. */
      qr_document_rollback_last (doc);
      g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (8 * i, 0, 0), NULL));
    }
  g_assert_cmpuint (committed, ==, 0);
  qr_document_commit_transaction (doc);
  g_assert_false (qr_document_in_transaction (doc));
  /* The views hear of the commit: Undo turns on only now. */
  g_assert_cmpuint (committed, ==, 1);
  g_signal_handler_disconnect (doc, handler);
  assert_box (brush_at (doc, 0, 0), qr_vec3 (40, 0, 0), qr_vec3 (104, 64, 64));
  g_assert_cmpuint (qr_command_stack_history_length (qr_document_get_history (doc)), ==, 1);
  label = qr_document_dup_undo_label (doc);
  g_assert_cmpstr (label, ==, "Undo Drag");
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);

  qr_document_begin_transaction (doc, "Nothing");
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (8, 0, 0), NULL));
  g_assert_true (qr_op_rotate (doc, QR_BRUSHES (&id, 1), 2, 45, NULL));
  qr_document_cancel_transaction (doc);
  qr_test_assert_saves_as (doc, before);
  g_assert_false (qr_document_can_undo (doc));
  g_assert_true (qr_document_can_redo (doc));
}

static void
test_merge_create_resize (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  g_autofree char *label = NULL;
  g_autofree char *before = qr_test_save_text (doc);
  QrId id;

  g_assert_true (do_create_block (doc, NULL, NULL));
  id = brush_id (doc, 0, 2);
  g_assert_true (qr_op_resize (doc, QR_BRUSHES (&id, 1), (QrBounds) { { -32, -16, 0 }, { 32, 16, 128 } }, NULL));
  g_assert_cmpuint (qr_command_stack_history_length (qr_document_get_history (doc)), ==, 1);
  label = qr_document_dup_undo_label (doc);
  g_assert_cmpstr (label, ==, "Undo Create Block");
  assert_box (brush_at (doc, 0, 2), qr_vec3 (-32, -16, 0), qr_vec3 (32, 16, 128));
  /* A second resize is its own step. */
  g_assert_true (qr_op_resize (doc, QR_BRUSHES (&id, 1), (QrBounds) { { -32, -16, 0 }, { 32, 16, 64 } }, NULL));
  g_assert_cmpuint (qr_command_stack_history_length (qr_document_get_history (doc)), ==, 2);
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);
}

static void
test_merge_nudges (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  const QrCommandStack *stack = qr_document_get_history (doc);
  QrId a = brush_id (doc, 0, 0), both[2] = { a, brush_id (doc, 0, 1) };

  for (int i = 0; i < 4; i++)
    g_assert_true (qr_op_nudge (doc, QR_BRUSHES (&a, 1), qr_vec3 (8, 0, 0), NULL));
  g_assert_cmpuint (qr_command_stack_history_length (stack), ==, 1);
  assert_box (brush_at (doc, 0, 0), qr_vec3 (32, 0, 0), qr_vec3 (96, 64, 64));
  /* Another selection: a new step. */
  g_assert_true (qr_op_nudge (doc, QR_BRUSHES (both, 2), qr_vec3 (0, 8, 0), NULL));
  g_assert_cmpuint (qr_command_stack_history_length (stack), ==, 2);
  /* More than a second later: a new step. */
  ((QrCommand *) g_ptr_array_index (stack->done, 1))->time -= 2 * G_USEC_PER_SEC;
  g_assert_true (qr_op_nudge (doc, QR_BRUSHES (both, 2), qr_vec3 (0, 8, 0), NULL));
  g_assert_cmpuint (qr_command_stack_history_length (stack), ==, 3);
  /* A plain move never merges. */
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&a, 1), qr_vec3 (1, 0, 0), NULL));
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&a, 1), qr_vec3 (1, 0, 0), NULL));
  g_assert_cmpuint (qr_command_stack_history_length (stack), ==, 5);
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_undo (doc));
  assert_box (brush_at (doc, 0, 0), qr_vec3 (32, 0, 0), qr_vec3 (96, 64, 64));
  g_assert_true (qr_document_undo (doc));
  assert_box (brush_at (doc, 0, 0), qr_vec3 (0, 0, 0), qr_vec3 (64, 64, 64));
}

static void
on_changed (QrDocument *doc, QrChangeSet *changes, gpointer data)
{
  GPtrArray *log = data;
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "+%u -%u ~%u E+%u E-%u E~%u%s", changes->brushes_added->len,
                          changes->brushes_removed->len, changes->brushes_modified->len,
                          changes->entities_added->len, changes->entities_removed->len,
                          changes->entities_modified->len, changes->selection_changed ? " sel" : "");
  g_ptr_array_add (log, g_string_free (s, FALSE));
}

static void
test_change_sets (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  g_autoptr (GPtrArray) log = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (QrSelection) sel = qr_selection_new ();
  QrId a = brush_id (doc, 0, 0), door = brush_id (doc, 1, 0);

  g_signal_connect (doc, "changed", G_CALLBACK (on_changed), log);
  qr_selection_add_brush (sel, a);
  qr_document_set_selection (doc, sel);
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&a, 1), qr_vec3 (8, 0, 0), NULL));
  g_assert_true (qr_op_delete (doc, &door, 1, NULL, 0, NULL, NULL));
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_undo (doc));

  g_assert_cmpuint (log->len, ==, 5);
  g_assert_cmpstr (g_ptr_array_index (log, 0), ==, "+0 -0 ~0 E+0 E-0 E~0 sel");
  g_assert_cmpstr (g_ptr_array_index (log, 1), ==, "+0 -0 ~1 E+0 E-0 E~0");
  g_assert_cmpstr (g_ptr_array_index (log, 2), ==, "+0 -1 ~0 E+0 E-1 E~0 sel");
  g_assert_cmpstr (g_ptr_array_index (log, 3), ==, "+1 -0 ~0 E+1 E-0 E~0 sel");
  g_assert_cmpstr (g_ptr_array_index (log, 4), ==, "+0 -0 ~1 E+0 E-0 E~0");
  /* Undo restored the selection the move found. */
  g_assert_true (qr_selection_equal (qr_document_get_selection (doc), sel));
}

static void
test_history (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  const QrCommandStack *stack = qr_document_get_history (doc);
  g_autofree char *start = qr_test_save_text (doc);
  g_autofree char *end = NULL;
  QrId a = brush_id (doc, 0, 0);

  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&a, 1), qr_vec3 (8, 0, 0), NULL));
  g_assert_true (qr_op_rotate (doc, QR_BRUSHES (&a, 1), 2, 90, NULL));
  g_assert_true (qr_op_flip (doc, QR_BRUSHES (&a, 1), 1, NULL));
  end = qr_test_save_text (doc);
  g_assert_cmpuint (qr_command_stack_history_length (stack), ==, 3);
  g_assert_cmpstr (qr_command_stack_history_description (stack, 0), ==, "Move");
  g_assert_cmpstr (qr_command_stack_history_description (stack, 2), ==, "Flip");
  qr_document_jump_to (doc, 1);
  g_assert_cmpuint (qr_command_stack_position (stack), ==, 1);
  g_assert_cmpstr (qr_command_stack_history_description (stack, 1), ==, "Rotate");
  {
    g_autofree char *label = qr_document_dup_redo_label (doc);
    g_assert_cmpstr (label, ==, "Redo Rotate");
  }
  qr_document_jump_to (doc, 0);
  qr_test_assert_saves_as (doc, start);
  qr_document_jump_to (doc, 3);
  qr_test_assert_saves_as (doc, end);
}

/* With texture lock, every face vertex keeps its texel through a move and
 * a rotation. */
static void
test_texture_lock (void)
{
  g_autoptr (QrDocument) doc = new_doc ();
  QrId id = brush_id (doc, 0, 1);
  g_autoptr (QrBrush) before = qr_brush_copy (brush_at (doc, 0, 1));
  QrTransform move = qr_transform_translate (qr_vec3 (24, -8, 4));
  QrTransform rot = qr_transform_rotate (2, 30, qr_vec3 (160 + 24, 16 - 8, 8 + 4));
  QrTransform both = qr_transform_multiply (&rot, &move);
  QrBrush *after;

  qr_document_set_texture_lock (doc, TRUE);
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (24, -8, 4), NULL));
  g_assert_true (qr_op_rotate (doc, QR_BRUSHES (&id, 1), 2, 30, NULL));
  after = brush_at (doc, 0, 1);
  for (int f = 0; f < before->n_faces; f++)
    {
      const uint16_t *idx = qr_polytope_face_indices (before->poly, f);
      QrPlane p0, p1;

      g_assert_true (qr_face_plane (&before->faces[f], &p0));
      g_assert_true (qr_face_plane (&after->faces[f], &p1));
      for (int k = 0; k < qr_polytope_face_count (before->poly, f); k++)
        {
          QrVec3 p = before->poly->verts[idx[k]];
          QrVec3 q = qr_transform_point (&both, p);
          QrUV a, b;

          qr_texproj_texels (before->faces[f].form, &before->faces[f].tex, p0.normal, &p, 1, &a);
          qr_texproj_texels (after->faces[f].form, &after->faces[f].tex, p1.normal, &q, 1, &b);
          g_assert_cmpfloat_with_epsilon (a.u, b.u, 1e-6);
          g_assert_cmpfloat_with_epsilon (a.v, b.v, 1e-6);
        }
    }
}


/* --- Quake 3 brush primitives --- */

/* A 64-unit cube cut by a slope, as a brushDef block with a different
 * texture matrix on every face. */
static const char brushdef_map[] =
  "{\n\"classname\" \"worldspawn\"\n{\nbrushDef\n{\n"
  "( 0 1 0 ) ( 0 0 1 ) ( 0 0 0 ) ( ( 0.015625 0 0 ) ( 0 0.015625 0 ) ) w 0 0 0\n"
  "( 64 0 1 ) ( 64 1 0 ) ( 64 0 0 ) ( ( 0.03125 0.0078125 0.5 ) ( -0.0078125 0.03125 0.25 ) ) w 0 0 0\n"
  "( 0 0 1 ) ( 1 0 0 ) ( 0 0 0 ) ( ( 0.015625 0 0.125 ) ( 0 0.0625 0 ) ) w 0 0 0\n"
  "( 1 64 0 ) ( 0 64 1 ) ( 0 64 0 ) ( ( -0.015625 0 0 ) ( 0 0.015625 0.75 ) ) w 0 0 0\n"
  "( 1 0 0 ) ( 0 1 0 ) ( 0 0 0 ) ( ( 0.0078125 0 0 ) ( 0 0.0078125 0 ) ) f 0 0 0\n"
  "( 0 1 64 ) ( 1 0 64 ) ( 0 0 64 ) ( ( 0.0078125 0 0 ) ( 0 0.0078125 0 ) ) c 0 0 0\n"
  "( 0 64 80 ) ( 1 0 48 ) ( 0 0 48 ) ( ( 0.01 0.02 0.3 ) ( -0.02 0.01 0.4 ) ) s 0 0 0\n"
  "}\n}\n}\n";

static QrDocument *
brushdef_doc (void)
{
  return qr_test_document_from_map_text (brushdef_map);
}

/* CSG cannot put brush-primitive and other faces in one brush (a brushDef
 * block holds only brush primitives): a carve or merge that would is
 * refused and changes nothing; brush primitives carved by brush primitives
 * are fine. */
static void
test_brushdef_csg_mixed (void)
{
  g_autofree char *text = g_strconcat (
    "{\n\"classname\" \"worldspawn\"\n",
    /* A legacy box x 32..96 overlapping the brushDef cube. */
    "{\n"
    "( 32 0 0 ) ( 32 1 0 ) ( 32 0 1 ) l 0 0 0 1 1 0 0 0\n"
    "( 96 0 0 ) ( 96 0 1 ) ( 96 1 0 ) l 0 0 0 1 1 0 0 0\n"
    "( 32 0 0 ) ( 32 0 1 ) ( 33 0 0 ) l 0 0 0 1 1 0 0 0\n"
    "( 32 64 0 ) ( 33 64 0 ) ( 32 64 1 ) l 0 0 0 1 1 0 0 0\n"
    "( 32 0 0 ) ( 33 0 0 ) ( 32 1 0 ) l 0 0 0 1 1 0 0 0\n"
    "( 32 0 16 ) ( 32 1 16 ) ( 33 0 16 ) l 0 0 0 1 1 0 0 0\n"
    "}\n",
    strstr (brushdef_map, "{\nbrushDef"), NULL);
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (text);
  g_autofree char *original = qr_test_save_text (doc);
  g_autoptr (GError) error = NULL;
  QrId legacy = brush_at (doc, 0, 0)->id, prim = brush_at (doc, 0, 1)->id;
  QrId both[2] = { legacy, prim };

  g_assert_cmpint (brush_at (doc, 0, 1)->faces[0].form, ==, QR_TEX_BRUSHPRIM);
  g_assert_false (qr_op_carve (doc, &legacy, 1, FALSE, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "Quake 3 brush primitives (brushDef) and brushes of another texture form "
                                       "cannot be combined into one brush");
  g_clear_error (&error);
  g_assert_false (qr_op_merge (doc, both, 2, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (qr_op_convex_union (doc, both, 2, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  {
    g_autofree char *unchanged = qr_test_save_text (doc);
    g_assert_cmpstr (unchanged, ==, original);
  }
  g_assert_false (qr_document_can_undo (doc));


  /* A brushDef copy of the cube, moved 32 along x, carves the cube: every
   * piece is brush primitives, and the map saves and reads back. */
  {
    g_autoptr (QrDocument) q3 = brushdef_doc ();
    g_autoptr (QrSelection) sel = qr_selection_new ();
    g_autofree char *copy_text = NULL;
    g_autofree char *saved = NULL;
    g_autoptr (QrMap) reread = NULL;
    QrId carver;
    QrEntity *world;

    qr_selection_add_brush (sel, brush_at (q3, 0, 0)->id);
    copy_text = qr_clipboard_dup_text (q3, sel);
    g_assert_true (qr_clipboard_paste (q3, copy_text, -1, qr_vec3 (32, 0, 0), NULL));
    carver = brush_at (q3, 0, 1)->id;
    g_assert_true (qr_op_carve (q3, &carver, 1, TRUE, NULL));
    assert_all_valid (q3);
    world = qr_map_get_entity (qr_document_get_map (q3), 0);
    g_assert_cmpuint (qr_entity_brush_count (world), >=, 1);
    for (guint b = 0; b < qr_entity_brush_count (world); b++)
      for (int f = 0; f < qr_entity_get_brush (world, b)->n_faces; f++)
        g_assert_cmpint (qr_entity_get_brush (world, b)->faces[f].form, ==, QR_TEX_BRUSHPRIM);
    /* (Ids are not in a .map: compare what the text says.) */
    saved = qr_test_save_text (q3);
    reread = qr_test_parse_ok (saved, QR_FILE_MAP);
    {
      g_autoptr (GString) again = qr_map_write (reread, QR_SAVE_AS_READ, NULL);

      g_assert_nonnull (again);
      g_assert_cmpstr (again->str, ==, saved);
    }
    g_assert_nonnull (strstr (saved, "brushDef"));
  }
}

/* Texture lock carries a brush primitive's coordinates with the brush,
 * vertex for vertex, through a move, a turn about a tilted axis's worth of
 * turns, a scale and a flip; the block is then written from its faces, and
 * undo gives the original text back byte for byte. */
static void
test_brushdef_texture_lock (void)
{
  g_autoptr (QrDocument) doc = brushdef_doc ();
  g_autofree char *original = qr_test_save_text (doc);
  g_autofree char *moved = NULL;
  g_autoptr (QrBrush) before = qr_brush_copy (brush_at (doc, 0, 0));
  QrId id = brush_at (doc, 0, 0)->id;
  QrTransform steps[4];
  QrTransform total = qr_transform_identity ();
  QrBrush *after;
  g_autoptr (QrMap) reread = NULL;

  g_assert_true (qr_brush_is_valid (before));
  g_assert_cmpint (before->faces[0].form, ==, QR_TEX_BRUSHPRIM);
  steps[0] = qr_transform_translate (qr_vec3 (24, -8, 4));
  steps[1] = qr_transform_rotate (2, 30, qr_vec3 (0, 0, 0));
  steps[2] = qr_transform_rotate (0, 45, qr_vec3 (0, 0, 0));
  steps[3] = qr_transform_flip (1, qr_vec3 (0, 0, 0));
  qr_document_set_texture_lock (doc, TRUE);
  for (int i = 0; i < 4; i++)
    {
      g_assert_true (qr_op_transform (doc, QR_BRUSHES (&id, 1), &steps[i], "Transform", QR_MERGE_NONE, NULL));
      total = qr_transform_multiply (&steps[i], &total);
    }
  assert_all_valid (doc);
  after = brush_at (doc, 0, 0);
  for (int f = 0; f < before->n_faces; f++)
    {
      const uint16_t *idx = qr_polytope_face_indices (before->poly, f);
      QrPlane p0, p1;

      g_assert_cmpint (after->faces[f].form, ==, QR_TEX_BRUSHPRIM);
      g_assert_true (qr_face_plane (&before->faces[f], &p0));
      g_assert_true (qr_face_plane (&after->faces[f], &p1));
      for (int k = 0; k < qr_polytope_face_count (before->poly, f); k++)
        {
          QrVec3 p = before->poly->verts[idx[k]];
          QrVec3 q = qr_transform_point (&total, p);
          QrUV a, b;

          qr_texproj_texels (QR_TEX_BRUSHPRIM, &before->faces[f].tex, p0.normal, &p, 1, &a);
          qr_texproj_texels (QR_TEX_BRUSHPRIM, &after->faces[f].tex, p1.normal, &q, 1, &b);
          g_assert_cmpfloat_with_epsilon (a.u, b.u, 1e-9);
          g_assert_cmpfloat_with_epsilon (a.v, b.v, 1e-9);
        }
    }

  /* Written from the faces (not the old text), and read back the same. */
  moved = qr_test_save_text (doc);
  g_assert_true (g_str_has_prefix (moved, "// entity 0\n{\n\"classname\" \"worldspawn\"\n{\nbrushDef\n{\n"));
  g_assert_null (strstr (moved, "( 0 0 48 ) ( 1 0 48 ) ( 0 64 80 )"));
  reread = qr_test_parse_ok (moved, QR_FILE_MAP);
  qr_test_assert_maps_equal (qr_document_get_map (doc), reread);

  for (int i = 0; i < 4; i++)
    g_assert_true (qr_document_undo (doc));
  {
    g_autofree char *undone = qr_test_save_text (doc);
    g_assert_cmpstr (undone, ==, original);
  }
}

/* Without texture lock the matrix stays as it was, as in Q3Radiant. */
static void
test_brushdef_move_unlocked (void)
{
  g_autoptr (QrDocument) doc = brushdef_doc ();
  g_autoptr (QrBrush) before = qr_brush_copy (brush_at (doc, 0, 0));
  QrId id = before->id;

  qr_document_set_texture_lock (doc, FALSE);
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (16, 0, 0), NULL));
  for (int f = 0; f < before->n_faces; f++)
    for (int r = 0; r < 2; r++)
      for (int c = 0; c < 3; c++)
        g_assert_cmpfloat (brush_at (doc, 0, 0)->faces[f].tex.matrix[r][c], ==, before->faces[f].tex.matrix[r][c]);
}

/* Shift, scale and rotation are not brush-primitive attributes: setting
 * them is refused and changes nothing; the texture name still changes. */
static void
test_brushdef_set_texture (void)
{
  g_autoptr (QrDocument) doc = brushdef_doc ();
  g_autofree char *original = qr_test_save_text (doc);
  g_autoptr (GError) error = NULL;
  QrFaceRef face = { brush_at (doc, 0, 0)->id, 2 };
  QrFaceRef all = { brush_at (doc, 0, 0)->id, -1 };
  QrTexChange shift = { .set_shift = true, .shift = { 8, 8 } };
  QrTexChange rotate = { .set_rotation = true, .rotation = 90 };
  QrTexChange rename = { .name = "metal" };
  g_autofree char *renamed = NULL;

  g_assert_false (qr_op_set_texture (doc, &face, 1, &shift, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "Brush 1, face 2 uses Quake 3 brush primitives, which have no texture shift, scale or rotation to set");
  g_clear_error (&error);
  g_assert_false (qr_op_set_texture (doc, &all, 1, &rotate, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  {
    g_autofree char *unchanged = qr_test_save_text (doc);
    g_assert_cmpstr (unchanged, ==, original);
  }
  g_assert_false (qr_document_can_undo (doc));

  g_assert_true (qr_op_set_texture (doc, &face, 1, &rename, NULL));
  renamed = qr_test_save_text (doc);
  g_assert_nonnull (strstr (renamed, "( ( 0.015625 0 0.125 ) ( 0 0.0625 0 ) ) metal 0 0 0\n"));
}

/* A copied brushDef brush pastes as one into a Quake 3 map, and is refused
 * by a Valve 220 map, whose faces cannot say its matrix. */
static void
test_brushdef_paste (void)
{
  g_autoptr (QrDocument) q3 = brushdef_doc ();
  g_autoptr (QrDocument) valve = new_doc ();
  g_autoptr (QrSelection) sel = qr_selection_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *valve_before = qr_test_save_text (valve);
  g_autofree char *valve_after = NULL;

  qr_selection_add_brush (sel, brush_at (q3, 0, 0)->id);
  text = qr_clipboard_dup_text (q3, sel);
  g_assert_nonnull (strstr (text, "brushDef\n{\n"));

  g_assert_true (qr_clipboard_paste (q3, text, -1, qr_vec3 (0, 0, 128), NULL));
  g_assert_cmpuint (qr_entity_brush_count (qr_map_get_entity (qr_document_get_map (q3), 0)), ==, 2);
  g_assert_cmpint (brush_at (q3, 0, 1)->faces[6].form, ==, QR_TEX_BRUSHPRIM);
  assert_all_valid (q3);

  g_assert_false (qr_clipboard_paste (valve, text, -1, qr_vec3 (0, 0, 128), &error));
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_UNSUPPORTED);
  g_assert_cmpstr (error->message, ==,
                   "brush 1, face 1: Quake 3 brush primitives (brushDef) have no form in this map's format");
  valve_after = qr_test_save_text (valve);
  g_assert_cmpstr (valve_after, ==, valve_before);
}

static const char vmf_map[] =
  "versioninfo\n{\n\t\"editorversion\" \"400\"\n}\n"
  "world\n{\n\t\"id\" \"1\"\n\t\"classname\" \"worldspawn\"\n"
  "\tsolid\n\t{\n\t\t\"id\" \"2\"\n"
  "\t\tside\n\t\t{\n\t\t\t\"id\" \"1\"\n\t\t\t\"plane\" \"(0 0 0) (0 64 0) (64 64 0)\"\n\t\t\t\"material\" \"DEV/FLOOR\"\n\t\t\t\"uaxis\" \"[1 0 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 -1 0 0] 0.25\"\n\t\t}\n"
  "\t\tside\n\t\t{\n\t\t\t\"id\" \"2\"\n\t\t\t\"plane\" \"(0 64 64) (0 0 64) (64 0 64)\"\n\t\t\t\"material\" \"DEV/FLOOR\"\n\t\t\t\"uaxis\" \"[1 0 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 -1 0 0] 0.25\"\n\t\t}\n"
  "\t\tside\n\t\t{\n\t\t\t\"id\" \"3\"\n\t\t\t\"plane\" \"(0 0 0) (0 0 64) (0 64 64)\"\n\t\t\t\"material\" \"DEV/WALL\"\n\t\t\t\"uaxis\" \"[0 1 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 0 -1 0] 0.25\"\n\t\t}\n"
  "\t\tside\n\t\t{\n\t\t\t\"id\" \"4\"\n\t\t\t\"plane\" \"(64 64 0) (64 64 64) (64 0 64)\"\n\t\t\t\"material\" \"DEV/WALL\"\n\t\t\t\"uaxis\" \"[0 1 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 0 -1 0] 0.25\"\n\t\t}\n"
  "\t\tside\n\t\t{\n\t\t\t\"id\" \"5\"\n\t\t\t\"plane\" \"(0 64 0) (0 64 64) (64 64 64)\"\n\t\t\t\"material\" \"DEV/WALL\"\n\t\t\t\"uaxis\" \"[1 0 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 0 -1 0] 0.25\"\n\t\t}\n"
  "\t\tside\n\t\t{\n\t\t\t\"id\" \"6\"\n\t\t\t\"plane\" \"(64 0 0) (64 0 64) (0 0 64)\"\n\t\t\t\"material\" \"DEV/WALL\"\n\t\t\t\"uaxis\" \"[1 0 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 0 -1 0] 0.25\"\n\t\t}\n"
  "\t\teditor\n\t\t{\n\t\t\t\"color\" \"0 180 0\"\n\t\t\t\"visgroupshown\" \"1\"\n\t\t}\n"
  "\t}\n}\n";

/* In a VMF a group is Hammer's: a group block in the world and a groupid in
 * each member's editor block. */
static void
test_group_vmf (void)
{
  g_autoptr (GError) error = NULL;
  QrMap *map = qr_map_parse_vmf (vmf_map, sizeof vmf_map - 1, "test.vmf", &error);
  g_autoptr (QrDocument) doc = NULL;
  g_autofree char *before = NULL;
  g_autofree char *grouped = NULL;
  QrId id;
  QrNode *group, *editor;
  char gid[16];

  g_assert_no_error (error);
  doc = qr_document_new (map);
  before = qr_test_save_text (doc);
  id = brush_id (doc, 0, 0);
  g_assert_true (qr_op_group (doc, &id, 1, "crates", &error));
  g_assert_no_error (error);
  group = g_ptr_array_index (qr_map_get_entity (map, 0)->kept, 0);
  g_assert_cmpstr (group->name, ==, "group");
  g_snprintf (gid, sizeof gid, "%s", qr_node_get (group, "id"));
  g_assert_cmpstr (qr_node_get (qr_node_get_child (group, "editor"), "comments"), ==, "crates");
  editor = qr_node_get_child (brush_at (doc, 0, 0)->extra, "editor");
  g_assert_cmpstr (qr_node_get (editor, "groupid"), ==, gid);
  g_assert_cmpstr (qr_node_get (editor, "color"), ==, "0 180 0");
  grouped = qr_test_save_text (doc);
  g_assert_nonnull (strstr (grouped, "\tgroup\n\t{\n\t\t\"id\""));

  /* The saved VMF reads back with the group in place. */
  {
    g_autoptr (QrMap) back = qr_map_parse_vmf (grouped, strlen (grouped), "back.vmf", &error);
    g_assert_no_error (error);
    g_assert_true (qr_map_equal (back, map, NULL));
  }

  g_assert_true (qr_op_ungroup (doc, &id, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (qr_map_get_entity (map, 0)->kept->len, ==, 0);
  g_assert_null (qr_node_get (qr_node_get_child (brush_at (doc, 0, 0)->extra, "editor"), "groupid"));
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, grouped);
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);
}

/* ---- patches ---------------------------------------------------------- */

#define PATCH_TEXT(Z) \
  "{\npatchDef2\n{\ntextures/arch\n( 3 3 0 0 0 )\n(\n" \
  "( ( -64 -64 " Z " 0 0 ) ( -64 0 " Z " 0 0.5 ) ( -64 64 " Z " 0 1 ) )\n" \
  "( ( 0 -64 64 0.5 0 ) ( 0 0.1 64 0.5 0.5 ) ( 0 64 64 0.5 1 ) )\n" \
  "( ( 64 -64 " Z " 1 0 ) ( 64 0 " Z " 1 0.5 ) ( 64 64 " Z " 1 1 ) )\n" \
  ")\n}\n}\n"

static const char patch_map[] =
  "{\n\"classname\" \"worldspawn\"\n"
  "{\n( -128 -128 -16 ) ( -128 -127 -16 ) ( -128 -128 -15 ) floor 0 0 0 0.5 0.5 0 0 0\n"
  "( -128 -128 -16 ) ( -128 -128 -15 ) ( -127 -128 -16 ) floor 0 0 0 0.5 0.5 0 0 0\n"
  "( -128 -128 -16 ) ( -127 -128 -16 ) ( -128 -127 -16 ) floor 0 0 0 0.5 0.5 0 0 0\n"
  "( 128 128 0 ) ( 128 129 0 ) ( 129 128 0 ) floor 0 0 0 0.5 0.5 0 0 0\n"
  "( 128 128 0 ) ( 129 128 0 ) ( 128 128 1 ) floor 0 0 0 0.5 0.5 0 0 0\n"
  "( 128 128 0 ) ( 128 128 1 ) ( 128 129 0 ) floor 0 0 0 0.5 0.5 0 0 0\n}\n"
  PATCH_TEXT ("0")
  PATCH_TEXT ("8")
  "}\n";

/* The patch at kept position k of the world. */
static QrPatch *
world_patch (QrDocument *doc, guint k)
{
  QrEntity *world = qr_map_get_entity (qr_document_get_map (doc), 0);
  g_assert_cmpuint (k, <, world->kept->len);
  return ((QrNode *) g_ptr_array_index (world->kept, k))->patch;
}

/* A whole brush entity holding a patch: a move carries the patch, a
 * duplicate copies it with a fresh id into the new entity. */
static void
test_patch_in_whole_entity (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (
      "{\n\"classname\" \"worldspawn\"\n}\n{\n\"classname\" \"func_group\"\n" PATCH_TEXT ("0") "}\n");
  QrMap *map = qr_document_get_map (doc);
  QrEntity *group = qr_map_get_entity (map, 1);
  QrId id = group->id;
  const QrPatch *patch = ((QrNode *) g_ptr_array_index (group->kept, 0))->patch;
  QrId patch_id = patch->id;
  QrObjects whole = { NULL, 0, &id, 1 };
  GError *error = NULL;

  g_assert_true (qr_op_translate (doc, &whole, qr_vec3 (0, 0, 32), &error));
  g_assert_no_error (error);
  patch = ((QrNode *) g_ptr_array_index (qr_map_get_entity (map, 1)->kept, 0))->patch;
  g_assert_cmpuint (patch->id, ==, patch_id);
  g_assert_cmpfloat (patch->points[0].pos.z, ==, 32);

  g_assert_true (qr_op_duplicate (doc, &whole, qr_vec3 (256, 0, 0), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (qr_map_entity_count (map), ==, 3);
  const QrEntity *copy = qr_map_get_entity (map, 2);
  g_assert_cmpuint (copy->kept->len, ==, 1);
  const QrPatch *copied = ((QrNode *) g_ptr_array_index (copy->kept, 0))->patch;
  g_assert_cmpuint (copied->id, !=, patch_id);
  g_assert_cmpfloat (copied->points[0].pos.x, ==, -64 + 256);
  g_assert_cmpfloat (copied->points[0].pos.z, ==, 32);
  /* The original stays where it was, with its id, and only once. */
  g_assert_cmpuint (qr_map_get_entity (map, 1)->kept->len, ==, 1);
  g_assert_cmpfloat (((QrNode *) g_ptr_array_index (qr_map_get_entity (map, 1)->kept, 0))->patch->points[0].pos.x, ==, -64);
}

static void
test_patch_delete (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (patch_map);
  g_autoptr (GError) error = NULL;
  g_autofree char *before = qr_test_save_text (doc);
  g_autofree char *after = NULL;
  QrId id = world_patch (doc, 0)->id, other = world_patch (doc, 1)->id;
  QrEntity *world;

  g_assert_true (qr_op_delete (doc, &id, 1, NULL, 0, NULL, &error));
  g_assert_no_error (error);
  world = qr_map_get_entity (qr_document_get_map (doc), 0);
  g_assert_cmpuint (world->kept->len, ==, 1);
  g_assert_cmpuint (world_patch (doc, 0)->id, ==, other);
  g_assert_cmpuint (qr_entity_brush_count (world), ==, 1);
  after = qr_test_save_text (doc);
  g_assert_null (strstr (after, "-64 -64 0 0 0"));
  g_assert_nonnull (strstr (after, "-64 -64 8 0 0"));

  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);
  g_assert_cmpuint (world_patch (doc, 0)->id, ==, id);
  g_assert_true (qr_document_redo (doc));
  qr_test_assert_saves_as (doc, after);

  /* A patch and a brush in one step. */
  QrId both[2] = { other, qr_entity_get_brush (world, 0)->id };
  g_assert_true (qr_op_delete (doc, both, 2, NULL, 0, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (world->kept->len, ==, 0);
  g_assert_cmpuint (qr_entity_brush_count (world), ==, 0);
}

/* A moved patch: every control point moved exactly, the texture
 * coordinates kept, its text regenerated (the other patch's kept as read);
 * undo gives back the very text, redo the moved one. */
/* Copies of an entity (an edit's header, a snapshot) share its kept blocks
 * until an edit changes one: moving one patch, then a whole entity with
 * its patch, gives the moved ones nodes of their own and leaves the
 * others shared, and a snapshot taken before saves byte for byte. */
static void
test_patch_copies_share (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (patch_map);
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) snap = qr_map_snapshot (map);
  g_autofree char *before = qr_test_write_ok (snap, QR_SAVE_AS_READ);
  g_autofree char *now = NULL, *edited = NULL;
  GPtrArray *kept = qr_map_get_entity (map, 0)->kept, *old = qr_map_get_entity (snap, 0)->kept;
  QrId id = world_patch (doc, 0)->id;
  QrId world = qr_map_get_entity (map, 0)->id;
  QrObjects whole = { NULL, 0, &world, 1 };

  g_assert_true (g_ptr_array_index (kept, 0) == g_ptr_array_index (old, 0));
  g_assert_true (g_ptr_array_index (kept, 1) == g_ptr_array_index (old, 1));
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (16, 0, 0), &error));
  g_assert_no_error (error);
  kept = qr_map_get_entity (map, 0)->kept;
  g_assert_true (g_ptr_array_index (kept, 0) != g_ptr_array_index (old, 0));
  g_assert_true (g_ptr_array_index (kept, 1) == g_ptr_array_index (old, 1));
  now = qr_test_write_ok (snap, QR_SAVE_AS_READ);
  g_assert_cmpstr (now, ==, before);
  g_clear_pointer (&now, g_free);

  g_assert_true (qr_op_translate (doc, &whole, qr_vec3 (0, 0, 32), &error));
  g_assert_no_error (error);
  now = qr_test_write_ok (snap, QR_SAVE_AS_READ);
  g_assert_cmpstr (now, ==, before);
  edited = qr_test_save_text (doc);
  g_assert_cmpstr (edited, !=, before);
  g_assert_cmpfloat (world_patch (doc, 1)->points[0].pos.z, ==, 8 + 32);
  g_assert_cmpfloat (((QrNode *) g_ptr_array_index (old, 1))->patch->points[0].pos.z, ==, 8);
}

static void
test_patch_move (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (patch_map);
  g_autoptr (GError) error = NULL;
  g_autofree char *before = qr_test_save_text (doc);
  g_autofree char *after = NULL;
  g_autoptr (QrPatch) original = qr_patch_ref (world_patch (doc, 0));
  QrNode *node;
  QrPatch *moved;
  QrId id = original->id;
  QrVec3 delta = qr_vec3 (16, -8.25, 0.5);
  QrBounds b;

  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), delta, &error));
  g_assert_no_error (error);
  moved = world_patch (doc, 0);
  g_assert_true (moved != original);
  g_assert_cmpuint (moved->id, ==, id);
  for (int i = 0; i < 9; i++)
    {
      QrVec3 want = qr_vec3_add (original->points[i].pos, delta);
      g_assert_true (qr_vec3_identical (moved->points[i].pos, want));
      g_assert_cmpfloat (moved->points[i].st[0], ==, original->points[i].st[0]);
      g_assert_cmpfloat (moved->points[i].st[1], ==, original->points[i].st[1]);
    }
  /* Its tessellation moved with it. */
  g_assert_true (qr_vec3_identical (moved->mesh->p[0], qr_vec3_add (original->mesh->p[0], delta)));
  node = g_ptr_array_index (qr_map_get_entity (qr_document_get_map (doc), 0)->kept, 0);
  g_assert_null (node->raw);
  node = g_ptr_array_index (qr_map_get_entity (qr_document_get_map (doc), 0)->kept, 1);
  g_assert_nonnull (node->raw);
  /* The selection keeps the patch; its bounds are the moved surface's. */
  g_assert_true (qr_selection_has_brush (qr_document_get_selection (doc), id));
  g_assert_true (qr_op_bounds (doc, QR_BRUSHES (&id, 1), &b, &error));
  g_assert_cmpfloat (b.min.x, ==, -48);
  g_assert_cmpfloat (b.max.y, ==, 55.75);

  after = qr_test_save_text (doc);
  g_assert_nonnull (strstr (after, "( ( -48 -72.25 0.5 0 0 ) ( -48 -8.25 0.5 0 0.5 ) ( -48 55.75 0.5 0 1 ) )\n"
                                   "( ( 16 -72.25 64.5 0.5 0 ) ( 16 -8.15 64.5 0.5 0.5 ) ( 16 55.75 64.5 0.5 1 ) )\n"));
  g_assert_nonnull (strstr (after, "( ( -64 -64 8 0 0 ) ( -64 0 8 0 0.5 ) ( -64 64 8 0 1 ) )\n"));

  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);
  g_assert_true (world_patch (doc, 0) == original);
  g_assert_true (qr_document_redo (doc));
  qr_test_assert_saves_as (doc, after);

  /* Flipped, it faces the mirrored way, not inside out: each row reversed,
   * each point with its texture coordinates. */
  {
    const QrPatch *unflipped = world_patch (doc, 0);
    const QrBezierGrid *g = unflipped->mesh;
    QrVec3 n0 = qr_bezier_grid_normal (g, g->rows / 2, 0);
    QrPatchPoint p0 = unflipped->points[0];
    QrBounds fb;
    g_assert_true (qr_op_bounds (doc, QR_BRUSHES (&id, 1), &fb, &error));
    double cx = (fb.min.x + fb.max.x) / 2;
    g_assert_true (qr_op_flip (doc, QR_BRUSHES (&id, 1), 0, &error));
    g_assert_no_error (error);
    const QrPatch *flipped = world_patch (doc, 0);
    QrVec3 n1 = qr_bezier_grid_normal (flipped->mesh, flipped->mesh->rows / 2, 0);
    g_assert_cmpfloat (fabs (n1.x + n0.x) + fabs (n1.y - n0.y) + fabs (n1.z - n0.z), <, 1e-12);
    g_assert_cmpfloat (fabs (n0.z), >, 0.5);
    const QrPatchPoint *q = &flipped->points[2];
    g_assert_cmpfloat (q->pos.x, ==, 2 * cx - p0.pos.x);
    g_assert_cmpfloat (q->pos.y, ==, p0.pos.y);
    g_assert_cmpfloat (q->st[0], ==, p0.st[0]);
    g_assert_cmpfloat (q->st[1], ==, p0.st[1]);
    g_assert_true (qr_document_undo (doc));
  }

  /* With a brush, rotated: both turn about the centre of their bounds. */
  QrId both[2] = { id, qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), 0), 0)->id };
  g_assert_true (qr_op_rotate (doc, QR_BRUSHES (both, 2), 2, 90, &error));
  g_assert_no_error (error);
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, after);
}

/* Duplicating (Shift+drag, Duplicate) copies patches too, with fresh ids. */
static void
test_patch_duplicate (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (patch_map);
  g_autoptr (GError) error = NULL;
  g_autofree char *before = qr_test_save_text (doc);
  QrPatch *original = world_patch (doc, 1), *copy;
  QrEntity *world = qr_map_get_entity (qr_document_get_map (doc), 0);
  QrId ids[2] = { original->id, qr_entity_get_brush (world, 0)->id };
  const QrSelection *sel;

  g_assert_true (qr_op_duplicate (doc, QR_BRUSHES (ids, 2), qr_vec3 (0, 0, 128), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (world->kept->len, ==, 3);
  g_assert_cmpuint (qr_entity_brush_count (world), ==, 2);
  copy = world_patch (doc, 2);
  g_assert_cmpuint (copy->id, !=, original->id);
  g_assert_cmpuint (copy->id, !=, qr_entity_get_brush (world, 1)->id);
  for (int i = 0; i < 9; i++)
    g_assert_true (qr_vec3_identical (copy->points[i].pos, qr_vec3_add (original->points[i].pos, qr_vec3 (0, 0, 128))));
  sel = qr_document_get_selection (doc);
  g_assert_cmpuint (sel->brushes->len, ==, 2);
  g_assert_true (qr_selection_has_brush (sel, copy->id));
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);
}

/* A brush entity whose last brush goes keeps its patches, so it stays. */
static void
test_patch_keeps_entity (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (
    "{\n\"classname\" \"worldspawn\"\n}\n"
    "{\n\"classname\" \"func_group\"\n"
    "{\n( -128 -128 -16 ) ( -128 -127 -16 ) ( -128 -128 -15 ) floor 0 0 0 0.5 0.5 0 0 0\n"
    "( -128 -128 -16 ) ( -128 -128 -15 ) ( -127 -128 -16 ) floor 0 0 0 0.5 0.5 0 0 0\n"
    "( -128 -128 -16 ) ( -127 -128 -16 ) ( -128 -127 -16 ) floor 0 0 0 0.5 0.5 0 0 0\n"
    "( 128 128 0 ) ( 128 129 0 ) ( 129 128 0 ) floor 0 0 0 0.5 0.5 0 0 0\n"
    "( 128 128 0 ) ( 129 128 0 ) ( 128 128 1 ) floor 0 0 0 0.5 0.5 0 0 0\n"
    "( 128 128 0 ) ( 128 128 1 ) ( 128 129 0 ) floor 0 0 0 0.5 0.5 0 0 0\n}\n"
    PATCH_TEXT ("0")
    "}\n");
  g_autoptr (GError) error = NULL;
  QrMap *map = qr_document_get_map (doc);
  QrId brush = qr_entity_get_brush (qr_map_get_entity (map, 1), 0)->id;

  g_assert_true (qr_op_delete (doc, &brush, 1, NULL, 0, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (qr_map_entity_count (map), ==, 2);
  g_assert_cmpuint (qr_map_get_entity (map, 1)->kept->len, ==, 1);
  g_assert_nonnull (((QrNode *) g_ptr_array_index (qr_map_get_entity (map, 1)->kept, 0))->patch);
}

/* Copy takes the selected patches (only those), paste gives them fresh ids
 * and moves them with the brushes; a whole group brings its patches, also
 * renumbered. */
static void
test_patch_copy_paste (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (patch_map);
  g_autoptr (GError) error = NULL;
  g_autofree char *before = qr_test_save_text (doc);
  g_autofree char *text = NULL;
  QrEntity *world = qr_map_get_entity (qr_document_get_map (doc), 0);
  QrPatch *original = world_patch (doc, 0);
  g_autoptr (QrSelection) sel = qr_selection_new ();
  const char *p;
  guint n = 0;

  qr_selection_add_brush (sel, original->id);
  qr_selection_add_brush (sel, qr_entity_get_brush (world, 0)->id);
  text = qr_clipboard_dup_text (doc, sel);
  for (p = strstr (text, "patchDef2"); p != NULL; p = strstr (p + 1, "patchDef2"))
    n++;
  g_assert_cmpuint (n, ==, 1);
  g_assert_nonnull (strstr (text, "( ( -64 -64 0 0 0 )"));
  g_assert_null (strstr (text, "( ( -64 -64 8 0 0 )"));

  g_assert_true (qr_clipboard_paste (doc, text, -1, qr_vec3 (0, 0, 256), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (world->kept->len, ==, 3);
  g_assert_cmpuint (qr_entity_brush_count (world), ==, 2);
  QrPatch *pasted = world_patch (doc, 2);
  g_assert_cmpuint (pasted->id, !=, original->id);
  g_assert_cmpuint (pasted->id, !=, world_patch (doc, 1)->id);
  g_assert_cmpuint (pasted->id, !=, qr_entity_get_brush (world, 0)->id);
  g_assert_cmpuint (pasted->id, !=, qr_entity_get_brush (world, 1)->id);
  for (int i = 0; i < 9; i++)
    g_assert_true (qr_vec3_identical (pasted->points[i].pos, qr_vec3_add (original->points[i].pos, qr_vec3 (0, 0, 256))));
  g_assert_true (qr_selection_has_brush (qr_document_get_selection (doc), pasted->id));
  g_assert_cmpuint (qr_document_get_selection (doc)->brushes->len, ==, 2);
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);

  /* A whole group with a patch: pasted in place, its patch renumbered. */
  g_autoptr (QrDocument) grouped = qr_test_document_from_map_text (
    "{\n\"classname\" \"worldspawn\"\n}\n{\n\"classname\" \"func_group\"\n" PATCH_TEXT ("0") "}\n");
  QrMap *map = qr_document_get_map (grouped);
  QrEntity *group = qr_map_get_entity (map, 1);
  QrId first = ((QrNode *) g_ptr_array_index (group->kept, 0))->patch->id;
  g_autoptr (QrSelection) whole = qr_selection_new ();
  qr_selection_add_entity (whole, group->id);
  g_free (text);
  text = qr_clipboard_dup_text (grouped, whole);
  g_assert_nonnull (strstr (text, "patchDef2"));
  g_assert_true (qr_clipboard_paste (grouped, text, -1, qr_vec3 (0, 0, 0), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (qr_map_entity_count (map), ==, 3);
  QrEntity *again = qr_map_get_entity (map, 2);
  g_assert_cmpuint (again->kept->len, ==, 1);
  QrPatch *renumbered = ((QrNode *) g_ptr_array_index (again->kept, 0))->patch;
  g_assert_nonnull (renumbered);
  g_assert_cmpuint (renumbered->id, !=, first);
  g_assert_true (qr_selection_has_brush (qr_document_get_selection (grouped), renumbered->id));
}

/* ---- the id index ------------------------------------------------------- */

/* Every entity, brush and patch is found where a walk over the map finds
 * it, and every id that is not in the map (removed, undone, or of the
 * other kind) is not found. */
static void
assert_index_agrees (QrDocument *doc)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GHashTable) brushes = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) patches = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) entities = g_hash_table_new (NULL, NULL);
  guint e, i;

  for (guint pe = 0; pe < qr_map_entity_count (map); pe++)
    {
      const QrEntity *entity = qr_map_get_entity (map, pe);

      g_assert_true (qr_document_find_entity (doc, entity->id, &e));
      g_assert_cmpuint (e, ==, pe);
      g_hash_table_add (entities, GUINT_TO_POINTER (entity->id));
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          QrId id = qr_entity_get_brush (entity, b)->id;

          g_assert_true (qr_document_find_brush (doc, id, &e, &i));
          g_assert_cmpuint (e, ==, pe);
          g_assert_cmpuint (i, ==, b);
          g_assert_false (qr_document_find_patch (doc, id, &e, &i));
          g_hash_table_add (brushes, GUINT_TO_POINTER (id));
        }
      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrPatch *p = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch;

          if (p == NULL)
            continue;
          g_assert_true (qr_document_find_patch (doc, p->id, &e, &i));
          g_assert_cmpuint (e, ==, pe);
          g_assert_cmpuint (i, ==, k);
          g_assert_false (qr_document_find_brush (doc, p->id, &e, &i));
          g_hash_table_add (patches, GUINT_TO_POINTER (p->id));
        }
    }
  /* Ids are taken from counters: every id ever given is below them. */
  for (QrId id = 1; id < map->next_brush_id; id++)
    {
      if (!g_hash_table_contains (brushes, GUINT_TO_POINTER (id)))
        g_assert_false (qr_document_find_brush (doc, id, &e, &i));
      if (!g_hash_table_contains (patches, GUINT_TO_POINTER (id)))
        g_assert_false (qr_document_find_patch (doc, id, &e, &i));
    }
  for (QrId id = 1; id < map->next_entity_id; id++)
    if (!g_hash_table_contains (entities, GUINT_TO_POINTER (id)))
      g_assert_false (qr_document_find_entity (doc, id, &e));
}

static guint
random_below (guint n)
{
  return (guint) g_test_rand_int_range (0, (gint32) n);
}

/* A brush of the map copied under a fresh id, or NULL when there is none. */
static QrBrush *
random_brush_copy (QrMap *map)
{
  guint e = random_below (qr_map_entity_count (map));
  QrEntity *entity = qr_map_get_entity (map, e);
  QrBrush *copy;

  if (qr_entity_brush_count (entity) == 0)
    entity = qr_map_get_entity (map, 0);
  if (qr_entity_brush_count (entity) == 0)
    return NULL;
  copy = qr_brush_copy (qr_entity_get_brush (entity, random_below (qr_entity_brush_count (entity))));
  copy->id = qr_map_take_brush_id (map);
  return copy;
}

/* A patch node under a fresh patch id: the given one's, moved nowhere. */
static QrNode *
patch_node_copy (QrMap *map, const QrNode *node)
{
  QrNode *copy = qr_node_copy (node);

  qr_patch_unref (copy->patch);
  copy->patch = qr_patch_copy (node->patch);
  copy->patch->id = qr_map_take_brush_id (map);
  return copy;
}

/* One edit through the document's primitives, as the operations make them:
 * brushes and entities inserted and removed anywhere (shifting what
 * follows), brushes replaced under the same or a new id, headers swapped
 * with a new id or with patches added and removed. */
static void
random_primitive (QrDocument *doc, const QrNode *patch)
{
  QrMap *map = qr_document_get_map (doc);
  guint n = qr_map_entity_count (map);
  guint e = n > 0 ? random_below (n) : 0;
  QrEntity *entity = n > 0 ? qr_map_get_entity (map, e) : NULL;
  guint nb = entity != NULL ? qr_entity_brush_count (entity) : 0;

  switch (n == 0 ? 3 : random_below (6))
    {
    case 0:
      {
        QrBrush *copy = random_brush_copy (map);
        if (copy != NULL)
          qr_document_insert_brush (doc, e, random_below (nb + 1), copy);
      }
      break;
    case 1:
      if (nb > 0)
        qr_document_remove_brush (doc, e, random_below (nb));
      break;
    case 2:
      if (nb > 0)
        {
          guint b = random_below (nb);
          QrBrush *copy = qr_brush_copy (qr_entity_get_brush (entity, b));

          if (g_test_rand_bit ())
            copy->id = qr_map_take_brush_id (map);
          qr_document_replace_brush (doc, e, b, copy);
        }
      break;
    case 3:
      {
        QrEntity *made = qr_entity_new (qr_map_take_entity_id (map));
        guint brushes = random_below (4);

        qr_entity_add_key (made, "classname", "func_group");
        for (guint i = 0; i < brushes && n > 0; i++)
          {
            QrBrush *copy = random_brush_copy (map);
            if (copy != NULL)
              qr_entity_add_brush (made, copy);
          }
        if (g_test_rand_bit ())
          qr_entity_add_kept (made, patch_node_copy (map, patch));
        qr_document_insert_entity (doc, random_below (n + 1), made);
      }
      break;
    case 4:
      qr_document_remove_entity (doc, e);
      break;
    case 5:
      {
        QrEntity *header = qr_entity_copy_header (entity);

        if (g_test_rand_bit ())
          header->id = qr_map_take_entity_id (map);
        if (header->kept->len > 0 && g_test_rand_bit ())
          g_ptr_array_remove_index (header->kept, random_below (header->kept->len));
        else
          g_ptr_array_insert (header->kept, (gint) random_below (header->kept->len + 1),
                              patch_node_copy (map, patch));
        qr_document_replace_header (doc, e, header);
      }
      break;
    }
}

/* The index against a full walk after random edits, undos, redos and
 * aborted edits, and between the steps of an edit. */
static void
test_index_random (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (patch_map);
  QrEntity *world = qr_map_get_entity (qr_document_get_map (doc), 0);
  g_autoptr (QrNode) patch = qr_node_copy (g_ptr_array_index (world->kept, 0));

  assert_index_agrees (doc);
  for (int step = 0; step < 400; step++)
    {
      guint what = random_below (10);

      if (what < 5)
        {
          guint ops = 1 + random_below (6);

          qr_document_edit_begin (doc);
          for (guint i = 0; i < ops; i++)
            {
              random_primitive (doc, patch);
              if (g_test_rand_int_range (0, 3) == 0)
                assert_index_agrees (doc);
            }
          if (what == 0)
            qr_document_edit_abort (doc);
          else
            qr_document_edit_commit (doc, "Random", QR_MERGE_NONE, NULL, 0);
        }
      else if (what < 8)
        qr_document_undo (doc);
      else
        qr_document_redo (doc);
      assert_index_agrees (doc);
    }
}

/* A world of `n` 8-unit boxes along x, then a func_detail of `m`. */
static char *
dup_boxes_map (guint n, guint m)
{
  GString *text = g_string_new ("{\n\"classname\" \"worldspawn\"\n");

  for (guint i = 0; i < n + m; i++)
    {
      int x = 16 * (int) i;

      if (i == n)
        g_string_append (text, "}\n{\n\"classname\" \"func_detail\"\n");
      g_string_append_printf (text,
                              "{\n( %d 0 0 ) ( %d 0 1 ) ( %d 1 0 ) a 0 0 0 1 1\n( %d 0 0 ) ( %d 1 0 ) ( %d 0 1 ) a 0 0 0 1 1\n"
                              "( 0 0 0 ) ( 1 0 0 ) ( 0 0 1 ) a 0 0 0 1 1\n( 0 8 0 ) ( 0 8 1 ) ( 1 8 0 ) a 0 0 0 1 1\n"
                              "( 0 0 0 ) ( 0 1 0 ) ( 1 0 0 ) a 0 0 0 1 1\n( 0 0 8 ) ( 1 0 8 ) ( 0 1 8 ) a 0 0 0 1 1\n}\n",
                              x, x, x, x + 8, x + 8, x + 8);
    }
  g_string_append (text, "}\n");
  return g_string_free (text, FALSE);
}

static void
collect_changes (QrDocument *doc, QrChangeSet *changes, gpointer data)
{
  GArray *ids = data;

  g_array_append_vals (ids, changes->brushes_added->data, changes->brushes_added->len);
  g_array_append_vals (ids, changes->brushes_removed->data, changes->brushes_removed->len);
}

static gint
compare_ids (gconstpointer a, gconstpointer b)
{
  QrId x = *(const QrId *) a, y = *(const QrId *) b;

  return x < y ? -1 : x > y;
}

/* Delete removes each entity's brushes in one pass, and undo and redo
 * put back runs of brush insertions and removals in one pass
 * (qr_edit_apply): scattered deletions in two entities, and
 * insertions at rising places between old brushes, come back as the
 * edits left them, op by op — the same save text, a true index, and the
 * change set naming each brush once. */
static void
test_brush_runs (void)
{
  g_autofree char *text = dup_boxes_map (60, 20);
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (text);
  QrMap *map = qr_document_get_map (doc);
  g_autofree char *original = qr_test_save_text (doc);
  g_autoptr (GArray) gone = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GArray) seen = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GError) error = NULL;

  for (guint e = 0; e < 2; e++)
    for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
      if (b % 3 != 1 && b != 0)
        g_array_append_val (gone, qr_entity_get_brush (qr_map_get_entity (map, e), b)->id);
  g_assert_true (qr_op_delete (doc, (QrId *) (gpointer) gone->data, gone->len, NULL, 0, NULL, &error));
  g_assert_no_error (error);
  g_autofree char *deleted = qr_test_save_text (doc);
  g_assert_cmpuint (qr_map_count_brushes (map), ==, 80 - gone->len);
  assert_index_agrees (doc);
  {
    /* The same brushes taken out one at a time, by hand. */
    g_autoptr (QrMap) expected = qr_test_parse_ok (text, QR_FILE_MAP);

    for (guint e = 0; e < 2; e++)
      {
        QrEntity *entity = qr_map_get_entity (expected, e);

        for (guint b = qr_entity_brush_count (entity); b-- > 0;)
          if (b % 3 != 1 && b != 0)
            qr_brush_free (g_ptr_array_steal_index (entity->brushes, b));
      }
    qr_test_assert_writes_as (expected, QR_SAVE_AS_READ, deleted);
  }

  gulong handler = g_signal_connect (doc, "changed", G_CALLBACK (collect_changes), seen);
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, original);
  assert_index_agrees (doc);
  g_array_sort (gone, compare_ids);
  g_array_sort (seen, compare_ids);
  g_assert_cmpmem (seen->data, seen->len * sizeof (QrId), gone->data, gone->len * sizeof (QrId));
  g_array_set_size (seen, 0);
  g_assert_true (qr_document_redo (doc));
  qr_test_assert_saves_as (doc, deleted);
  assert_index_agrees (doc);
  g_array_sort (seen, compare_ids);
  g_assert_cmpmem (seen->data, seen->len * sizeof (QrId), gone->data, gone->len * sizeof (QrId));
  g_signal_handler_disconnect (doc, handler);
  g_assert_true (qr_document_undo (doc));

  /* New brushes at rising places among the world's, one op each. */
  qr_document_edit_begin (doc);
  for (guint i = 0; i < 20; i++)
    {
      QrBrush *copy = qr_brush_copy (qr_entity_get_brush (qr_map_get_entity (map, 1), i % 5));

      copy->id = qr_map_take_brush_id (map);
      qr_document_insert_brush (doc, 0, 3 * i + (i % 2), copy);
    }
  qr_document_edit_commit (doc, "Insert", QR_MERGE_NONE, NULL, 0);
  g_autofree char *inserted = qr_test_save_text (doc);
  assert_index_agrees (doc);
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, original);
  assert_index_agrees (doc);
  g_assert_true (qr_document_redo (doc));
  qr_test_assert_saves_as (doc, inserted);
  assert_index_agrees (doc);
}

/* A swap of header or brush op, applied: its object becomes what was there. */
static QrEdit *
applied_swap (QrMap *map, QrOpKind kind, guint e, guint b, gpointer object)
{
  QrEdit *edit = qr_edit_new ();
  QrOp op = { kind, e, b, object };
  g_autoptr (QrChangeSet) changes = qr_change_set_new ();

  g_array_append_val (edit->ops, op);
  qr_edit_apply (edit, map, true, changes);
  return edit;
}

/* Merged dabs of a stroke keep one copy of each object they swap: the
 * states in between go, and undo and redo still give the first and the
 * last state exactly. */
static void
test_append_collapses_swaps (void)
{
  g_autoptr (QrMap) map = qr_test_parse_ok (base_map, QR_FILE_MAP);
  g_autofree char *first = qr_test_write_ok (map, QR_SAVE_AS_READ);
  g_autofree char *last = NULL;
  g_autoptr (QrEdit) edit = NULL;
  g_autoptr (QrChangeSet) changes = qr_change_set_new ();

  for (int dab = 0; dab < 5; dab++)
    {
      QrEntity *header = qr_entity_copy_header (qr_map_get_entity (map, 2));
      QrBrush *brush = qr_brush_copy (qr_entity_get_brush (qr_map_get_entity (map, 0), 1));
      g_autofree char *value = g_strdup_printf ("%d", dab);
      QrEdit *step;
      g_autoptr (QrEdit) moved = NULL;

      qr_entity_set_key (header, "light", value);
      brush->faces[0].points[0].x += 1;
      brush->faces[0].points[1].x += 1;
      brush->faces[0].points[2].x += 1;
      step = applied_swap (map, QR_OP_SWAP_HEADER, 2, 0, header);
      moved = applied_swap (map, QR_OP_REPLACE_BRUSH, 0, 1, brush);
      qr_edit_append (step, moved);
      if (edit == NULL)
        edit = step;
      else
        {
          qr_edit_append (edit, step);
          g_assert_cmpuint (step->ops->len, ==, 0);
          qr_edit_free (step);
        }
      g_assert_cmpuint (edit->ops->len, ==, 2);
    }
  last = qr_test_write_ok (map, QR_SAVE_AS_READ);
  g_assert_nonnull (strstr (last, "\"light\" \"4\""));
  g_assert_nonnull (strstr (last, "( 133 0 0 )"));
  qr_edit_apply (edit, map, false, changes);
  {
    g_autofree char *undone = qr_test_write_ok (map, QR_SAVE_AS_READ);
    g_assert_cmpstr (undone, ==, first);
  }
  qr_edit_apply (edit, map, true, changes);
  {
    g_autofree char *redone = qr_test_write_ok (map, QR_SAVE_AS_READ);
    g_assert_cmpstr (redone, ==, last);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/edit/create/block", test_create_block);
  g_test_add_func ("/edit/create/shapes", test_create_shapes);
  g_test_add_func ("/edit/move", test_move);
  g_test_add_func ("/edit/patch/delete", test_patch_delete);
  g_test_add_func ("/edit/patch/whole-entity", test_patch_in_whole_entity);
  g_test_add_func ("/edit/patch/move", test_patch_move);
  g_test_add_func ("/edit/patch/copies-share", test_patch_copies_share);
  g_test_add_func ("/edit/patch/duplicate", test_patch_duplicate);
  g_test_add_func ("/edit/patch/keeps-entity", test_patch_keeps_entity);
  g_test_add_func ("/edit/patch/copy-paste", test_patch_copy_paste);
  g_test_add_func ("/edit/resize", test_resize);
  g_test_add_func ("/edit/rotate", test_rotate);
  g_test_add_func ("/edit/shear", test_shear);
  g_test_add_func ("/edit/flip", test_flip);
  g_test_add_func ("/edit/delete", test_delete);
  g_test_add_func ("/edit/duplicate", test_duplicate);
  g_test_add_func ("/edit/entities/move", test_entity_move);
  g_test_add_func ("/edit/entities/flip", test_entity_flip);
  g_test_add_func ("/edit/entities/move-whole", test_entity_move_whole);
  g_test_add_func ("/edit/entities/duplicate", test_entity_duplicate);
  g_test_add_func ("/edit/entities/duplicate-whole", test_entity_duplicate_whole);
  g_test_add_func ("/edit/entities/paste-offset", test_entity_paste_offset);
  g_test_add_func ("/edit/entities/nudges-merge", test_entity_nudges_merge);
  g_test_add_func ("/edit/group", test_group);
  g_test_add_func ("/edit/ungroup", test_ungroup);
  g_test_add_func ("/edit/group-vmf", test_group_vmf);
  g_test_add_func ("/edit/tie", test_tie);
  g_test_add_func ("/edit/untie", test_untie);
  g_test_add_func ("/edit/untie-without-world", test_untie_without_world);
  g_test_add_func ("/edit/texture/set", test_set_texture);
  g_test_add_func ("/edit/texture/rotation", test_set_rotation);
  g_test_add_func ("/edit/texture/lock", test_texture_lock);
  g_test_add_func ("/edit/brushdef/texture-lock", test_brushdef_texture_lock);
  g_test_add_func ("/edit/brushdef/move-unlocked", test_brushdef_move_unlocked);
  g_test_add_func ("/edit/brushdef/set-texture", test_brushdef_set_texture);
  g_test_add_func ("/edit/brushdef/paste", test_brushdef_paste);
  g_test_add_func ("/edit/brushdef/csg-mixed", test_brushdef_csg_mixed);
  g_test_add_func ("/edit/keys", test_keys);
  g_test_add_func ("/edit/clipboard/copy-paste", test_copy_paste);
  g_test_add_func ("/edit/clipboard/paste-foreign", test_paste_foreign);
  g_test_add_func ("/edit/clipboard/paste-converts-form", test_paste_converts_form);
  g_test_add_func ("/edit/failures", test_failures);
  g_test_add_func ("/edit/stack/clean-point", test_clean_point);
  g_test_add_func ("/edit/stack/transaction", test_transaction);
  g_test_add_func ("/edit/stack/merge-create-resize", test_merge_create_resize);
  g_test_add_func ("/edit/stack/merge-nudges", test_merge_nudges);
  g_test_add_func ("/edit/stack/change-sets", test_change_sets);
  g_test_add_func ("/edit/stack/history", test_history);
  g_test_add_func ("/edit/index/random", test_index_random);
  g_test_add_func ("/edit/brush-runs", test_brush_runs);
  g_test_add_func ("/edit/append-collapses-swaps", test_append_collapses_swaps);
  return g_test_run ();
}
