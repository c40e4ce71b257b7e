/* Vertex, edge and face editing (issue 19): the hull geometry of
 * qr-vertex-edit, and the operations through the document — exact
 * volumes, corners, faces that keep their plane points and textures,
 * refusals that change nothing, undo back to the same bytes. */
#include <math.h>
#include <string.h>

#include "qr-eps.h"
#include "qr-operations.h"
#include "qr-test-files.h"
#include "qr-test-map.h"
#include "qr-vertex-edit.h"

#include <glib/gstdio.h>

/* A 64-unit cube from the origin, one texture per face (Valve 220). */
#define CUBE(x0, x1, t) \
  "{\n" \
  "( " #x0 " 0 0 ) ( " #x0 " 1 0 ) ( " #x0 " 0 1 ) " t "w [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n" \
  "( " #x1 " 0 0 ) ( " #x1 " 0 1 ) ( " #x1 " 1 0 ) " t "e [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n" \
  "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) " t "s [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n" \
  "( 0 64 0 ) ( 1 64 0 ) ( 0 64 1 ) " t "n [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n" \
  "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) " t "d [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n" \
  "( 0 0 64 ) ( 0 1 64 ) ( 1 0 64 ) " t "u [ 1 0 0 7 ] [ 0 -1 0 3 ] 0 0.5 0.5\n" \
  "}\n"

static const char one_cube[] =
  "{\n\"classname\" \"worldspawn\"\n\"mapversion\" \"220\"\n" CUBE (0, 64, "a") "}\n";
static const char two_cubes[] =
  "{\n\"classname\" \"worldspawn\"\n\"mapversion\" \"220\"\n" CUBE (0, 64, "a") CUBE (64, 128, "b") "}\n";

static QrBrush *
brush_at (QrDocument *doc, guint b)
{
  return qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), 0), b);
}

/* Euler's formula and every vertex on its faces' planes, behind the rest. */
static void
assert_solid (const QrBrush *brush)
{
  g_autofree QrVec3 *points = g_new (QrVec3, 3 * (gsize) brush->n_faces);
  g_autofree char *why = NULL;

  g_assert_true (qr_brush_is_valid (brush));
  qr_brush_gather_points (brush, points);
  if (!qr_polytope_check (brush->poly, points, 1e-6, &why))
    g_error ("brush %u: %s", brush->id, why);
  g_assert_cmpint (brush->poly->n_verts - brush->poly->n_edges + qr_polytope_polygon_count (brush->poly), ==, 2);
}

static bool
has_corner (const QrBrush *brush, double x, double y, double z)
{
  return qr_vertex_edit_find (brush->poly->verts, brush->poly->n_verts, qr_vec3 (x, y, z)) >= 0;
}

/* Face f is the same face as face g of `before`: id, points and texture. */
static void
assert_face_kept (const QrBrush *after, int f, const QrBrush *before, int g)
{
  const QrFace *a = &after->faces[f], *b = &before->faces[g];

  g_assert_cmpuint (a->id, ==, b->id);
  g_assert_cmpuint (a->texture, ==, b->texture);
  g_assert_cmpmem (a->points, sizeof a->points, b->points, sizeof b->points);
  g_assert_cmpmem (&a->tex, sizeof a->tex, &b->tex, sizeof b->tex);
}

static const QrVec3 cube_corners[8] = {
  { 0, 0, 0 }, { 64, 0, 0 }, { 0, 64, 0 }, { 64, 64, 0 }, { 0, 0, 64 }, { 64, 0, 64 }, { 0, 64, 64 }, { 64, 64, 64 },
};

static double
hull_volume (GArray *faces)
{
  g_autofree QrVec3 *points = g_new (QrVec3, 3 * faces->len);
  g_autoptr (QrPolyBuilder) b = qr_poly_builder_new ();
  g_autoptr (QrPolytope) poly = NULL;

  for (guint i = 0; i < faces->len; i++)
    memcpy (points + 3 * i, g_array_index (faces, QrHullFace, i).points, sizeof (QrVec3[3]));
  poly = qr_polytope_build (b, points, (int) faces->len);
  g_assert_cmpint (poly->status, ==, QR_POLY_OK);
  return qr_polytope_volume (poly);
}

static void
test_geom_move (void)
{
  QrVec3 points[8];
  QrVec3 from = { 64, 64, 64 };
  g_autoptr (GArray) moved = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  g_autoptr (GArray) faces = NULL;
  g_autoptr (GError) error = NULL;

  memcpy (points, cube_corners, sizeof points);
  g_assert_true (qr_vertex_edit_move (points, 8, &from, 1, qr_vec3 (0, 0, 32.0004), moved, &error));
  g_assert_no_error (error);
  /* Snapped: 96.0004 is within 0.001 of 96. */
  g_assert_cmpuint (moved->len, ==, 1);
  qr_test_assert_vec3_same (g_array_index (moved, QrVec3, 0), 64, 64, 96);
  faces = qr_vertex_edit_hull (points, 8, (QrVec3 *) (gpointer) moved->data, 1, NULL, 0, &error);
  g_assert_no_error (error);
  /* The top becomes two slopes meeting along the diagonal from (0 0 64)
   * to the raised corner, z = 64 + y / 2 and z = 64 + x / 2: a sixth of
   * the cube more. */
  g_assert_cmpuint (faces->len, ==, 7);
  g_assert_cmpfloat_with_epsilon (hull_volume (faces), 64.0 * 64 * 64 * 7 / 6, 1e-6);
}

static void
test_geom_refusals (void)
{
  QrVec3 points[8];
  QrVec3 from = { 64, 64, 64 };
  g_autoptr (GArray) moved = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  GArray *faces;
  GError *error = NULL;

  /* Into the middle: the corner is swallowed. */
  memcpy (points, cube_corners, sizeof points);
  g_assert_true (qr_vertex_edit_move (points, 8, &from, 1, qr_vec3 (-32, -32, -32), moved, &error));
  faces = qr_vertex_edit_hull (points, 8, (QrVec3 *) (gpointer) moved->data, 1, NULL, 0, &error);
  g_assert_null (faces);
  g_assert_error (error, QR_VERTEX_EDIT_ERROR, QR_VERTEX_EDIT_ERROR_SWALLOWED);
  g_clear_error (&error);

  /* Onto the middle of the top face: on the hull, but no corner. */
  memcpy (points, cube_corners, sizeof points);
  points[7] = qr_vec3 (32, 32, 64);
  faces = qr_vertex_edit_hull (points, 8, &points[7], 1, NULL, 0, &error);
  g_assert_null (faces);
  g_assert_error (error, QR_VERTEX_EDIT_ERROR, QR_VERTEX_EDIT_ERROR_SWALLOWED);
  g_clear_error (&error);

  /* The top corners down onto the bottom: flat. */
  memcpy (points, cube_corners, sizeof points);
  for (int i = 4; i < 8; i++)
    points[i].z = 0;
  faces = qr_vertex_edit_hull (points, 8, &points[4], 4, NULL, 0, &error);
  g_assert_null (faces);
  g_assert_error (error, QR_VERTEX_EDIT_ERROR, QR_VERTEX_EDIT_ERROR_FLAT);
  g_clear_error (&error);

  /* Not finite, and a position that is no corner: nothing moves. */
  memcpy (points, cube_corners, sizeof points);
  g_assert_false (qr_vertex_edit_move (points, 8, &from, 1, qr_vec3 (INFINITY, 0, 0), moved, &error));
  g_assert_error (error, QR_VERTEX_EDIT_ERROR, QR_VERTEX_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  from = qr_vec3 (32, 32, 32);
  g_assert_false (qr_vertex_edit_move (points, 8, &from, 1, qr_vec3 (1, 0, 0), moved, &error));
  g_assert_error (error, QR_VERTEX_EDIT_ERROR, QR_VERTEX_EDIT_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpmem (points, sizeof points, cube_corners, sizeof cube_corners);
}

/* Raising one top corner: the four sides and the bottom keep everything
 * (the corner slides along two sides' planes); the top gives way to two
 * slopes with its attributes, the first in its place with its id. Undo
 * gives back the same bytes, redo the same result. */
static void
test_vertex_move (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (one_cube);
  g_autofree char *before_text = qr_test_save_text (doc);
  g_autoptr (QrBrush) before = qr_brush_copy (brush_at (doc, 0));
  g_autofree char *after_text = NULL;
  g_autoptr (GError) error = NULL;
  QrId id = before->id;
  QrVec3 at = { 64, 64, 64 };
  QrBrush *after;
  QrPlane plane;

  g_assert_true (qr_op_vertex_move (doc, &id, 1, &at, 1, qr_vec3 (0, 0, 32), &error));
  g_assert_no_error (error);
  after = brush_at (doc, 0);
  assert_solid (after);
  g_assert_cmpint (after->n_faces, ==, 7);
  for (int f = 0; f < 5; f++)
    assert_face_kept (after, f, before, f);
  g_assert_true (has_corner (after, 64, 64, 96));
  g_assert_cmpfloat_with_epsilon (qr_polytope_volume (after->poly), 64.0 * 64 * 64 * 7 / 6, 1e-6);
  for (int f = 5; f < 7; f++)
    {
      g_assert_true (qr_face_plane (&after->faces[f], &plane));
      g_assert_cmpfloat (plane.normal.z, >, 0.5);
      g_assert_cmpfloat (plane.normal.z, <, 1);
      g_assert_cmpuint (after->faces[f].texture, ==, before->faces[5].texture);
      g_assert_cmpfloat (after->faces[f].tex.scale[0], ==, 0.5);
      for (int c = 0; c < 3; c++)
        {
          QrVec3 p = after->faces[f].points[c];

          g_assert_true (p.x == round (p.x) && p.y == round (p.y) && p.z == round (p.z));
        }
    }
  g_assert_cmpuint (after->faces[5].id, ==, before->faces[5].id);
  g_assert_cmpuint (after->faces[6].id, >, before->faces[5].id);
  after_text = qr_test_save_text (doc);
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before_text);
  g_assert_true (qr_document_redo (doc));
  qr_test_assert_saves_as (doc, after_text);
}

static void
test_refusals_change_nothing (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (one_cube);
  g_autofree char *before_text = qr_test_save_text (doc);
  QrId id = brush_at (doc, 0)->id;
  QrVec3 at = { 64, 64, 64 }, top[4] = { { 0, 0, 64 }, { 64, 0, 64 }, { 0, 64, 64 }, { 64, 64, 64 } };
  QrVec3 bottom[4] = { { 0, 0, 0 }, { 64, 0, 0 }, { 0, 64, 0 }, { 64, 64, 0 } };
  QrFaceRef top_face = { id, 5 };
  GError *error = NULL;

  g_assert_false (qr_op_vertex_move (doc, &id, 1, &at, 1, qr_vec3 (-32, -32, -32), &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH);
  g_assert_nonnull (strstr (error->message, "swallow"));
  g_clear_error (&error);
  g_assert_false (qr_op_vertex_remove (doc, &id, 1, bottom, 4, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH);
  g_assert_nonnull (strstr (error->message, "flat"));
  g_clear_error (&error);
  g_assert_false (qr_op_face_move (doc, NULL, 0, &top_face, 1, qr_vec3 (0, 0, -64), &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH);
  g_clear_error (&error);
  g_assert_false (qr_op_edge_split (doc, &id, 1, top, 1, qr_vec3 (0, 0, 0), &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH);
  g_clear_error (&error);
  at = qr_vec3 (32, 32, 32);
  g_assert_false (qr_op_vertex_move (doc, &id, 1, &at, 1, qr_vec3 (0, 0, 8), &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (qr_op_face_extrude (doc, &top_face, 1, -64, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH);
  g_clear_error (&error);
  g_assert_false (qr_document_can_undo (doc));
  qr_test_assert_saves_as (doc, before_text);
}

/* The corner two cubes share moves in both: it stays shared. */
static void
test_shared_corner (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (two_cubes);
  g_autofree char *before_text = qr_test_save_text (doc);
  QrId ids[2] = { brush_at (doc, 0)->id, brush_at (doc, 1)->id };
  QrVec3 at = { 64, 64, 64 };
  g_autoptr (GError) error = NULL;

  g_assert_true (qr_op_vertex_move (doc, ids, 2, &at, 1, qr_vec3 (0, 0, 16), &error));
  g_assert_no_error (error);
  for (guint b = 0; b < 2; b++)
    {
      assert_solid (brush_at (doc, b));
      g_assert_true (has_corner (brush_at (doc, b), 64, 64, 80));
      g_assert_false (has_corner (brush_at (doc, b), 64, 64, 64));
    }
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before_text);
}

/* A drag's preview makes what the operation makes (new faces without ids),
 * refuses what it refuses, and leaves the document and its ids alone. */
static void
test_preview (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (two_cubes);
  g_autofree char *before_text = qr_test_save_text (doc);
  QrId ids[2] = { brush_at (doc, 0)->id, brush_at (doc, 1)->id };
  QrVec3 at = { 64, 64, 64 }, edge[2] = { { 64, 64, 0 }, { 64, 64, 64 } };
  QrFaceRef east = { ids[0], 1 };
  g_autoptr (GPtrArray) shown = NULL, edge_shown = NULL, face_shown = NULL;
  g_autoptr (GError) error = NULL;
  GPtrArray *refused;

  shown = qr_op_vertex_move_preview (doc, ids, 2, &at, 1, 1, qr_vec3 (0, 0, 16), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (shown->len, ==, 2);
  edge_shown = qr_op_vertex_move_preview (doc, ids, 2, edge, 2, 2, qr_vec3 (0, 16, 0), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (edge_shown->len, ==, 2);
  g_assert_true (has_corner (g_ptr_array_index (edge_shown, 1), 64, 80, 0));
  face_shown = qr_op_face_move_preview (doc, ids, 2, &east, 1, qr_vec3 (8, 0, 0), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (face_shown->len, ==, 2);
  refused = qr_op_vertex_move_preview (doc, ids, 2, &at, 1, 1, qr_vec3 (-32, -32, -32), &error);
  g_assert_null (refused);
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH);
  g_clear_error (&error);
  g_assert_false (qr_document_can_undo (doc));
  qr_test_assert_saves_as (doc, before_text);

  g_assert_true (qr_op_vertex_move (doc, ids, 2, &at, 1, qr_vec3 (0, 0, 16), &error));
  g_assert_no_error (error);
  for (guint b = 0; b < 2; b++)
    {
      QrBrush *made = brush_at (doc, b), *preview = g_ptr_array_index (shown, b);

      g_assert_cmpuint (preview->id, ==, made->id);
      g_assert_cmpint (preview->n_faces, ==, made->n_faces);
      for (int f = 0; f < made->n_faces; f++)
        {
          g_assert_cmpmem (preview->faces[f].points, sizeof (QrVec3[3]), made->faces[f].points, sizeof (QrVec3[3]));
          /* New faces: no id in the preview; the first the map hands out after it. */
          if (preview->faces[f].id == 0)
            g_assert_cmpuint (made->faces[f].id, >, 12);
          else
            g_assert_cmpuint (preview->faces[f].id, ==, made->faces[f].id);
        }
    }
  /* The same step in a document that saw no preview gives the same ids. */
  {
    g_autoptr (QrDocument) fresh = qr_test_document_from_map_text (two_cubes);
    g_autofree char *made_text = qr_test_save_text (doc);

    g_assert_true (qr_op_vertex_move (fresh, ids, 2, &at, 1, qr_vec3 (0, 0, 16), &error));
    g_assert_no_error (error);
    for (guint b = 0; b < 2; b++)
      for (int f = 0; f < brush_at (doc, b)->n_faces; f++)
        g_assert_cmpuint (brush_at (fresh, b)->faces[f].id, ==, brush_at (doc, b)->faces[f].id);
    qr_test_assert_saves_as (fresh, made_text);
  }
}

/* The face two cubes share moves in both when both are named; a move one
 * of them refuses changes neither. */
static void
test_shared_face (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (two_cubes);
  g_autofree char *before_text = qr_test_save_text (doc);
  QrId ids[2] = { brush_at (doc, 0)->id, brush_at (doc, 1)->id };
  QrFaceRef east = { ids[0], 1 };
  g_autoptr (GError) error = NULL;

  g_assert_true (qr_op_face_move (doc, ids, 2, &east, 1, qr_vec3 (16, 0, 0), &error));
  g_assert_no_error (error);
  assert_solid (brush_at (doc, 0));
  assert_solid (brush_at (doc, 1));
  g_assert_cmpfloat_with_epsilon (qr_polytope_volume (brush_at (doc, 0)->poly), 80.0 * 64 * 64, 1e-6);
  g_assert_cmpfloat_with_epsilon (qr_polytope_volume (brush_at (doc, 1)->poly), 48.0 * 64 * 64, 1e-6);
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before_text);

  /* 64 to the east leaves the second cube flat: neither moves. */
  g_assert_false (qr_op_face_move (doc, ids, 2, &east, 1, qr_vec3 (64, 0, 0), &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH);
  qr_test_assert_saves_as (doc, before_text);
}

/* A face moved along its normal keeps its slot, id and texture (under
 * lock the Valve offsets of a face moved across its own axes stay, as no
 * texel moves); a side face slid sideways under lock keeps its texels. */
static void
test_face_move (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (one_cube);
  g_autoptr (QrBrush) before = qr_brush_copy (brush_at (doc, 0));
  g_autoptr (GError) error = NULL;
  QrFaceRef top = { before->id, 5 };
  QrBrush *after;

  qr_document_set_texture_lock (doc, TRUE);
  g_assert_true (qr_op_face_move (doc, NULL, 0, &top, 1, qr_vec3 (0, 0, 32), &error));
  g_assert_no_error (error);
  after = brush_at (doc, 0);
  assert_solid (after);
  g_assert_cmpint (after->n_faces, ==, 6);
  for (int f = 0; f < 5; f++)
    assert_face_kept (after, f, before, f);
  g_assert_cmpuint (after->faces[5].id, ==, before->faces[5].id);
  g_assert_cmpmem (&after->faces[5].tex, sizeof (QrTexAttr), &before->faces[5].tex, sizeof (QrTexAttr));
  g_assert_cmpfloat_with_epsilon (qr_polytope_volume (after->poly), 64.0 * 64 * 96, 1e-6);
  g_assert_true (has_corner (after, 64, 64, 96));

  /* The east face slid along y by 8: under lock its texture follows. */
  {
    g_autoptr (QrBrush) mid = qr_brush_copy (after);
    QrFaceRef east = { before->id, 1 };

    g_assert_true (qr_op_face_move (doc, NULL, 0, &east, 1, qr_vec3 (16, 8, 0), &error));
    g_assert_no_error (error);
    after = brush_at (doc, 0);
    assert_solid (after);
    g_assert_cmpuint (after->faces[1].id, ==, mid->faces[1].id);
    /* u runs along y at scale 1: a shift of 8 along y adds -8 texels of offset. */
    g_assert_cmpfloat_with_epsilon (after->faces[1].tex.shift[0], mid->faces[1].tex.shift[0] - 8, 1e-9);
  }
}

/* An edge's midpoint pulled out becomes a corner; a removed corner leaves
 * the hull of the other seven. */
static void
test_split_and_remove (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (one_cube);
  g_autofree char *before_text = qr_test_save_text (doc);
  g_autoptr (GError) error = NULL;
  QrId id = brush_at (doc, 0)->id;
  QrVec3 edge[2] = { { 0, 0, 64 }, { 64, 0, 64 } }, corner = { 64, 64, 64 };
  QrFaceRef top = { id, 5 };

  /* The previews show the splits and change nothing. */
  {
    g_autoptr (GPtrArray) edge_shown = qr_op_edge_split_preview (doc, &id, 1, edge, 1, qr_vec3 (0, -16, 16), &error);
    g_autoptr (GPtrArray) face_shown = NULL;

    g_assert_no_error (error);
    g_assert_cmpuint (edge_shown->len, ==, 1);
    g_assert_true (has_corner (g_ptr_array_index (edge_shown, 0), 32, -16, 80));
    face_shown = qr_op_face_split_preview (doc, NULL, 0, &top, 1, qr_vec3 (0, 0, 32), &error);
    g_assert_no_error (error);
    g_assert_true (has_corner (g_ptr_array_index (face_shown, 0), 32, 32, 96));
    g_assert_null (qr_op_face_split_preview (doc, NULL, 0, &top, 1, qr_vec3 (0, 0, -32), &error));
    g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH);
    g_clear_error (&error);
    g_assert_false (qr_document_can_undo (doc));
    qr_test_assert_saves_as (doc, before_text);
  }
  g_assert_true (qr_op_edge_split (doc, &id, 1, edge, 1, qr_vec3 (0, -16, 16), &error));
  g_assert_no_error (error);
  assert_solid (brush_at (doc, 0));
  g_assert_cmpint (brush_at (doc, 0)->poly->n_verts, ==, 9);
  g_assert_true (has_corner (brush_at (doc, 0), 32, -16, 80));

  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_op_vertex_remove (doc, &id, 1, &corner, 1, &error));
  g_assert_no_error (error);
  assert_solid (brush_at (doc, 0));
  g_assert_cmpint (brush_at (doc, 0)->poly->n_verts, ==, 7);
  g_assert_cmpfloat_with_epsilon (qr_polytope_volume (brush_at (doc, 0)->poly), 64.0 * 64 * 64 * 5 / 6, 1e-6);

  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_op_face_split (doc, NULL, 0, &top, 1, qr_vec3 (0, 0, 32), &error));
  g_assert_no_error (error);
  assert_solid (brush_at (doc, 0));
  g_assert_true (has_corner (brush_at (doc, 0), 32, 32, 96));
  g_assert_cmpfloat_with_epsilon (qr_polytope_volume (brush_at (doc, 0)->poly), 64.0 * 64 * 64 + 64.0 * 64 * 32 / 3,
                                  1e-6);
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before_text);
}

/* A wedge's slope extruded: the slope's plane moves along its normal, the
 * other faces keep their planes exactly and stretch. */
static const char wedge[] =
  "{\n\"classname\" \"worldspawn\"\n\"mapversion\" \"220\"\n"
  "{\n"
  "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) w [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) s [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 64 0 ) ( 1 64 0 ) ( 0 64 1 ) n [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) d [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  "( 64 0 0 ) ( 0 0 64 ) ( 0 1 64 ) slope [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  "}\n}\n";

static void
test_extrude (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (wedge);
  g_autofree char *before_text = qr_test_save_text (doc);
  g_autoptr (QrBrush) before = qr_brush_copy (brush_at (doc, 0));
  g_autoptr (GError) error = NULL;
  QrFaceRef slope = { before->id, 4 };
  double d = 16 * sqrt (2.0), grown;
  QrBrush *after;

  /* The previews show both kinds and change nothing, ids included. */
  {
    g_autoptr (GPtrArray) pushed = qr_op_face_extrude_preview (doc, &slope, 1, d, FALSE, &error);
    g_autoptr (GPtrArray) slab = NULL;

    g_assert_no_error (error);
    g_assert_cmpuint (pushed->len, ==, 1);
    g_assert_cmpfloat_with_epsilon (qr_polytope_volume (((QrBrush *) g_ptr_array_index (pushed, 0))->poly),
                                    96.0 * 96 / 2 * 64, 1e-6);
    slab = qr_op_face_extrude_preview (doc, &slope, 1, d, TRUE, &error);
    g_assert_no_error (error);
    g_assert_cmpfloat_with_epsilon (qr_polytope_volume (((QrBrush *) g_ptr_array_index (slab, 0))->poly),
                                    (96.0 * 96 - 64.0 * 64) / 2 * 64, 1e-6);
    g_assert_null (qr_op_face_extrude_preview (doc, &slope, 1, -d, TRUE, &error));
    g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
    g_clear_error (&error);
    g_assert_null (qr_op_face_extrude_preview (doc, &slope, 1, -200, FALSE, &error));
    g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH);
    g_clear_error (&error);
    g_assert_false (qr_document_can_undo (doc));
    qr_test_assert_saves_as (doc, before_text);
  }
  g_assert_true (qr_op_face_extrude (doc, &slope, 1, d, &error));
  g_assert_no_error (error);
  after = brush_at (doc, 0);
  assert_solid (after);
  for (int f = 0; f < 4; f++)
    assert_face_kept (after, f, before, f);
  /* The slope x + z = 64 moved to x + z = 96: a right prism 96 deep. */
  g_assert_true (has_corner (after, 96, 0, 0) && has_corner (after, 0, 64, 96));
  grown = qr_polytope_volume (after->poly);
  g_assert_cmpfloat_with_epsilon (grown, 96.0 * 96 / 2 * 64, 1e-6);
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before_text);

  /* Ctrl+extrude: the slab between the two slopes, as a brush after it. */
  g_assert_true (qr_op_face_extrude_brush (doc, &slope, 1, d, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (qr_entity_brush_count (qr_map_get_entity (qr_document_get_map (doc), 0)), ==, 2);
  assert_face_kept (brush_at (doc, 0), 4, before, 4);
  assert_solid (brush_at (doc, 1));
  g_assert_cmpfloat_with_epsilon (qr_polytope_volume (brush_at (doc, 1)->poly), (96.0 * 96 - 64.0 * 64) / 2 * 64, 1e-6);
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before_text);
}

/* The edit steps from the command line: a chain of every kind undone
 * saves what convert saves; a refusal exits 1 with the reason and writes
 * nothing; wrong arguments exit 2. */
static void
test_cli_steps (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-vertex-XXXXXX");
  g_autofree char *in = g_build_filename (dir, "in.map", NULL);
  g_autofree char *base = g_build_filename (dir, "base.map", NULL);
  g_autofree char *out = g_build_filename (dir, "out.map", NULL);
  g_autofree char *base_text = NULL, *out_text = NULL;
  g_auto (QrTestRun) run = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (QrDocument) doc = NULL;
  QrBrush *brush, *slab;
  const char *chain[] = {
    "edit", base, out,
    "--step", "vertex-move 0:0 60 61 70 0 0 32",
    "--step", "edge-move 0:0 0 0 0 64 0 0 0 -16 0",
    "--step", "edge-split 0:0 0 64 0 0 64 64 -16 16 0",
    "--step", "face-move 0:0:4 0 0 -8",
    "--step", "face-split 0:0:1 16 0 0",
    "--step", "face-extrude 0:0:4 8",
    "--step", "face-extrude-brush 0:0:4 16",
    NULL, NULL, NULL, /* room for --undo 7 */
  };

  g_file_set_contents (in, one_cube, -1, &error);
  g_assert_no_error (error);
  qr_test_run_cli (&run, "convert", in, base, NULL);
  g_assert_cmpint (run.status, ==, 0);
  base_text = qr_test_read_file (base);

  qr_test_run_cliv (&run, chain);
  g_assert_cmpint (run.status, ==, 0);
  out_text = qr_test_read_file (out);
  doc = qr_test_document_from_map_text (out_text);
  g_clear_pointer (&out_text, g_free);
  brush = brush_at (doc, 0);
  slab = brush_at (doc, 1);
  assert_solid (brush);
  assert_solid (slab);
  g_assert_true (has_corner (brush, 64, 64, 96));
  g_assert_true (has_corner (brush, -16, 80, 32));
  /* The east face's centre after the moves before, 16 out. */
  g_assert_true (has_corner (brush, 80, 28, 36));
  g_assert_cmpfloat (brush->poly->bounds.min.z, ==, -16);
  g_assert_cmpfloat (slab->poly->bounds.min.z, ==, -32);
  g_assert_cmpfloat (slab->poly->bounds.max.z, ==, -16);

  chain[G_N_ELEMENTS (chain) - 3] = "--undo";
  chain[G_N_ELEMENTS (chain) - 2] = "7";
  qr_test_run_cliv (&run, chain);
  g_assert_cmpint (run.status, ==, 0);
  out_text = qr_test_read_file (out);
  g_assert_cmpstr (out_text, ==, base_text);
  g_unlink (out);

  qr_test_run_cli (&run, "edit", base, out, "--step", "vertex-move 0:0 64 64 64 -32 -32 -32", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "swallow"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  qr_test_run_cli (&run, "edit", base, out, "--step", "face-extrude 0:0:5 -64", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  qr_test_run_cli (&run, "edit", base, out, "--step", "edge-move 0:0 0 0 0 64 0 0", NULL);
  g_assert_cmpint (run.status, ==, 2);
  qr_test_run_cli (&run, "edit", base, out, "--step", "face-move 0:0 0 0 8", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  qr_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vertex/geom/move", test_geom_move);
  g_test_add_func ("/vertex/geom/refusals", test_geom_refusals);
  g_test_add_func ("/vertex/op/move", test_vertex_move);
  g_test_add_func ("/vertex/op/refusals", test_refusals_change_nothing);
  g_test_add_func ("/vertex/op/shared-corner", test_shared_corner);
  g_test_add_func ("/vertex/op/face-move", test_face_move);
  g_test_add_func ("/vertex/op/shared-face", test_shared_face);
  g_test_add_func ("/vertex/op/preview", test_preview);
  g_test_add_func ("/vertex/op/split-remove", test_split_and_remove);
  g_test_add_func ("/vertex/op/extrude", test_extrude);
  g_test_add_func ("/vertex/cli/steps", test_cli_steps);
  return g_test_run ();
}
