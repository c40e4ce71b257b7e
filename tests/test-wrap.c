/* qr_op_wrap_texture and `quarry-cli edit … tex-wrap` on real maps (issue
 * 14): every face that shares an edge with the source gives the edge's ends
 * the source's texels (within 1e-4 texel), in Valve 220, VMF, brushDef,
 * standard and legacy Quake 3 maps, across faces of one brush and of
 * neighbouring brushes; each wrap is one undo step, and undoing restores
 * the saved file byte for byte. */
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include "qr-eps.h"
#include "qr-face-ops.h"
#include "qr-io.h"
#include "qr-test-corpus.h"
#include "qr-test-map.h"
#include "qr-test-files.h"
#include "qr-texwrap.h"

#define TOLERANCE 1e-4 /* texels */
#define UNLOADED_SIZE 64 /* the size the operation takes without a texture set */

typedef struct
{
  guint ops, edges, world, approximate;
  double worst; /* texels, at an edge's ends */
} Tally;

static QrTexAxisRule
map_rule (const QrMap *map)
{
  return qr_map_detect_dialect (map) == QR_DIALECT_QUAKE3 ? QR_TEX_AXES_Q3MAP2 : QR_TEX_AXES_QBSP;
}

/* The face's polygon; 0 corners when it has none. */
static int
polygon (const QrBrush *brush, int f, QrVec3 **out)
{
  int n;

  *out = NULL;
  if (!qr_brush_is_valid (brush) || (n = qr_polytope_face_count (brush->poly, f)) == 0)
    return 0;
  *out = g_new (QrVec3, n);
  for (int i = 0; i < n; i++)
    (*out)[i] = brush->poly->verts[qr_polytope_face_indices (brush->poly, f)[i]];
  return n;
}

static QrUV
texel (QrTexAxisRule rule, const QrFace *face, QrVec3 p)
{
  QrPlane plane;
  QrUV uv;

  g_assert_true (qr_face_plane (face, &plane));
  qr_texproj_coords ((QrTexForm) face->form, rule, &face->tex, plane.normal, &p, 1, &uv);
  if (face->form == QR_TEX_BRUSHPRIM)
    uv.u *= UNLOADED_SIZE, uv.v *= UNLOADED_SIZE;
  return uv;
}

/* Wraps `from` onto the targets as one undo step, then checks every face
 * it changed: the source's texture name and, where the face shares an edge
 * with the source, the same texels at the edge's ends. */
static void
wrap_and_check (QrDocument *doc, QrFaceRef from, const QrFaceRef *targets, guint n, Tally *t)
{
  QrMap *map = qr_document_get_map (doc);
  QrTexAxisRule rule = map_rule (map);
  guint position = qr_command_stack_position (qr_document_get_history (doc));
  g_autoptr (GError) error = NULL;
  g_autofree QrVec3 *source_corners = NULL;
  const QrBrush *source;
  const char *note;
  int n_source;

  g_assert_true (qr_op_wrap_texture (doc, from, targets, n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (qr_command_stack_position (qr_document_get_history (doc)), ==, position + 1);
  t->ops++;
  note = qr_document_get_note (doc);
  if (note != NULL && strstr (note, "approximate") != NULL)
    t->approximate++;

  source = qr_document_lookup_brush (doc, from.brush);
  n_source = polygon (source, from.face, &source_corners);
  g_assert_cmpint (n_source, >, 0);
  for (guint i = 0; i < n; i++)
    {
      const QrBrush *brush = qr_document_lookup_brush (doc, targets[i].brush);

      for (int f = 0; f < brush->n_faces; f++)
        {
          g_autofree QrVec3 *corners = NULL;
          int n_corners;
          QrVec3 edge[2];

          if ((targets[i].face >= 0 && targets[i].face != f) || (brush->id == from.brush && f == from.face))
            continue;
          g_assert_cmpstr (qr_map_texture_name (map, brush->faces[f].texture), ==,
                           qr_map_texture_name (map, source->faces[from.face].texture));
          n_corners = polygon (brush, f, &corners);
          if (!qr_texwrap_common_edge (source_corners, n_source, corners, n_corners, QR_EPS_WELD, edge))
            {
              t->world++;
              continue;
            }
          for (int k = 0; k < 2; k++)
            {
              QrUV a = texel (rule, &source->faces[from.face], edge[k]);
              QrUV b = texel (rule, &brush->faces[f], edge[k]);

              t->worst = fmax (t->worst, fmax (fabs (a.u - b.u), fabs (a.v - b.v)));
            }
          t->edges++;
        }
    }
}

/* The first face of the brush with a polygon, or -1. */
static int
first_polygon (const QrBrush *brush)
{
  for (int f = 0; qr_brush_is_valid (brush) && f < brush->n_faces; f++)
    if (qr_polytope_face_count (brush->poly, f) > 0)
      return f;
  return -1;
}

/* Every `step`-th brush of the world: its first face wrapped onto all its
 * faces (edges within one brush, and world space for faces beyond). */
static void
wrap_within_brushes (QrDocument *doc, guint step, Tally *t)
{
  QrEntity *world = qr_map_get_entity (qr_document_get_map (doc), 0);

  for (guint b = 0; b < qr_entity_brush_count (world); b += step)
    {
      const QrBrush *brush = qr_entity_get_brush (world, b);
      int f = first_polygon (brush);
      QrFaceRef all = { brush->id, -1 };

      if (f >= 0)
        wrap_and_check (doc, (QrFaceRef) { brush->id, f }, &all, 1, t);
    }
}

static bool
bounds_touch (QrBounds a, QrBounds b)
{
  for (int i = 0; i < 3; i++)
    if (qr_vec3_get (a.min, i) > qr_vec3_get (b.max, i) + QR_EPS_WELD
        || qr_vec3_get (b.min, i) > qr_vec3_get (a.max, i) + QR_EPS_WELD)
      return false;
  return true;
}

/* Faces of neighbouring world brushes (among the first `limit`) that share
 * an edge, up to `want` pairs: each source wrapped onto its neighbour. */
static void
wrap_across_brushes (QrDocument *doc, guint limit, guint want, Tally *t)
{
  QrEntity *world = qr_map_get_entity (qr_document_get_map (doc), 0);
  g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (QrFaceRef));
  guint n = MIN (limit, qr_entity_brush_count (world));

  for (guint i = 0; i < n && pairs->len < 2 * want; i++)
    for (guint j = i + 1; j < n && pairs->len < 2 * want; j++)
      {
        const QrBrush *a = qr_entity_get_brush (world, i), *b = qr_entity_get_brush (world, j);

        if (!qr_brush_is_valid (a) || !qr_brush_is_valid (b) || !bounds_touch (a->poly->bounds, b->poly->bounds))
          continue;
        for (int fa = 0; fa < a->n_faces; fa++)
          for (int fb = 0; fb < b->n_faces; fb++)
            {
              g_autofree QrVec3 *ca = NULL;
              g_autofree QrVec3 *cb = NULL;
              int na = polygon (a, fa, &ca), nb = polygon (b, fb, &cb);
              QrVec3 edge[2];

              if (pairs->len < 2 * want && qr_texwrap_common_edge (ca, na, cb, nb, QR_EPS_WELD, edge))
                {
                  QrFaceRef pair[2] = { { a->id, fa }, { b->id, fb } };

                  g_array_append_vals (pairs, pair, 2);
                }
            }
      }
  g_test_message ("%u face pairs of neighbouring brushes share an edge", pairs->len / 2);
  g_assert_cmpuint (pairs->len, >, 0);
  for (guint k = 0; k < pairs->len; k += 2)
    wrap_and_check (doc, g_array_index (pairs, QrFaceRef, k), &g_array_index (pairs, QrFaceRef, k + 1), 1, t);
}

/* Undoing every wrap gives back the document as loaded, to the byte. */
static void
assert_undo_all (QrDocument *doc, const char *original, guint steps)
{
  g_autofree char *undone = NULL;

  for (guint i = 0; i < steps; i++)
    g_assert_true (qr_document_undo (doc));
  g_assert_false (qr_document_undo (doc));
  undone = qr_test_save_text (doc);
  g_assert_true (strcmp (undone, original) == 0);
  g_assert_false (qr_document_is_modified (doc));
}

static void
check_corpus_map (const char *relative, guint step, guint limit, bool exact)
{
  g_autofree char *path = qr_test_corpus_file (relative);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrDocument) doc = NULL;
  g_autofree char *original = NULL;
  Tally t = { 0 };
  QrMap *map;

  if (path == NULL)
    return;
  map = qr_map_load (path, &error);
  g_assert_no_error (error);
  doc = qr_document_new (map);
  original = qr_test_save_text (doc);

  wrap_within_brushes (doc, step, &t);
  wrap_across_brushes (doc, limit, 40, &t);
  g_test_message ("%s: %u wraps, %u shared edges (worst gap %.3g texels), %u faces in world space, "
                  "%u wraps stated approximate",
                  relative, t.ops, t.edges, t.worst, t.world, t.approximate);
  g_assert_cmpuint (t.edges, >, 100);
  g_assert_cmpfloat (t.worst, <=, TOLERANCE);
  if (exact)
    g_assert_cmpuint (t.approximate, ==, 0);
  assert_undo_all (doc, original, t.ops);
}

static void
test_valve220 (void)
{
  check_corpus_map ("valve220/NewDeralia.map", 40, 400, true);
}

static void
test_vmf (void)
{
  check_corpus_map ("vmf/jump_byte_a2.vmf", 2, 261, true);
}

static void
test_standard (void)
{
  check_corpus_map ("librequake/lq1/maps/src/e2/e2m2.map", 20, 400, false);
}

static void
test_quake3_legacy (void)
{
  check_corpus_map ("quake3/spirit3ctfduel1.map", 10, 400, false);
}

/* A 128 × 128 × 64 box whose top is cut by a ramp hinged on a line 20.6°
 * off the x axis (normal ∝ (15, -40, 73): it still projects on the floor's
 * plane), then a neighbour x 128..192. FORM is filled per face. */
#define BOX_FACES(FORM) \
  "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) " FORM "\n" \
  "( 128 0 0 ) ( 128 0 1 ) ( 128 1 0 ) " FORM "\n" \
  "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) " FORM "\n" \
  "( 0 128 0 ) ( 1 128 0 ) ( 0 128 1 ) " FORM "\n" \
  "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) " FORM "\n" \
  "( 0 0 64 ) ( 0 1 64 ) ( 1 0 64 ) " FORM "\n" \
  "( 12 -16 44 ) ( 0 16 64 ) ( 128 64 64 ) " FORM "\n"
#define NEIGHBOUR_FACES(FORM) \
  "( 128 0 0 ) ( 128 1 0 ) ( 128 0 1 ) " FORM "\n" \
  "( 192 0 0 ) ( 192 0 1 ) ( 192 1 0 ) " FORM "\n" \
  "( 128 0 0 ) ( 128 0 1 ) ( 129 0 0 ) " FORM "\n" \
  "( 128 128 0 ) ( 129 128 0 ) ( 128 128 1 ) " FORM "\n" \
  "( 128 0 0 ) ( 129 0 0 ) ( 128 1 0 ) " FORM "\n" \
  "( 128 0 64 ) ( 128 1 64 ) ( 129 0 64 ) " FORM "\n"

static const char standard_ramp_map[] =
  "{\n\"classname\" \"worldspawn\"\n{\n" BOX_FACES ("stone 16 8 15 0.5 2") "}\n{\n"
  NEIGHBOUR_FACES ("metal 0 0 0 1 1") "}\n}\n";
static const char brushdef_ramp_map[] =
  "{\n\"classname\" \"worldspawn\"\n{\nbrushDef\n{\n"
  BOX_FACES ("( ( 0.0078125 0.00390625 0.25 ) ( -0.00390625 0.015625 0.5 ) ) stone 0 0 0") "}\n}\n{\nbrushDef\n{\n"
  NEIGHBOUR_FACES ("( ( 0.015625 0 0 ) ( 0 0.015625 0 ) ) metal 0 0 0") "}\n}\n}\n";

static void
check_ramp (const char *text, QrTexForm form, Tally *t, char **note)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (text);
  g_autofree char *original = qr_test_save_text (doc);
  g_autofree char *wrapped = NULL;
  QrEntity *world = qr_map_get_entity (qr_document_get_map (doc), 0);
  const QrBrush *box = qr_entity_get_brush (world, 0), *next = qr_entity_get_brush (world, 1);
  QrFaceRef both[2] = { { box->id, -1 }, { next->id, -1 } };

  g_assert_true (qr_brush_is_valid (box) && qr_brush_is_valid (next));
  g_assert_cmpint (qr_polytope_face_count (box->poly, 6), ==, 4);
  g_assert_cmpint (box->faces[0].form, ==, form);
  wrap_and_check (doc, (QrFaceRef) { box->id, 5 }, both, 2, t);
  *note = g_strdup (qr_document_get_note (doc));

  /* What was written reads back as the same wrapped faces. */
  wrapped = qr_test_save_text (doc);
  if (form == QR_TEX_BRUSHPRIM)
    g_assert_nonnull (strstr (wrapped, "brushDef"));
  qr_test_assert_round_trip (qr_document_get_map (doc));
  assert_undo_all (doc, original, 1);
}

/* brushDef: no corpus map has brush primitives, so a ramp written here.
 * The top wrapped onto the ramp, the box's sides and the neighbour's top
 * (across brushes): all exact, no note. */
static void
test_brushdef (void)
{
  Tally t = { 0 };
  g_autofree char *note = NULL;

  check_ramp (brushdef_ramp_map, QR_TEX_BRUSHPRIM, &t, &note);
  g_test_message ("brushDef: %u shared edges, worst gap %.3g texels", t.edges, t.worst);
  g_assert_cmpuint (t.edges, ==, 6);
  g_assert_cmpfloat (t.worst, <=, TOLERANCE);
  g_assert_null (note);
}

/* Standard faces: the ramp is hinged off the axes, so its fit is stated
 * approximate in the note, with how far it strays; still exact at the
 * edge. */
static void
test_standard_approximate (void)
{
  Tally t = { 0 };
  g_autofree char *note = NULL;

  check_ramp (standard_ramp_map, QR_TEX_STANDARD, &t, &note);
  g_test_message ("standard: %u shared edges, worst gap %.3g texels; note: %s", t.edges, t.worst, note);
  g_assert_cmpuint (t.edges, ==, 6);
  g_assert_cmpfloat (t.worst, <=, TOLERANCE);
  g_assert_nonnull (note);
  g_assert_true (g_str_has_prefix (note, "Wrap was approximate on 1 standard face: its texture meets the edge "
                                         "exactly but strays up to "));
}

/* Refusals change nothing: a source given as a whole brush, a face that
 * does not exist, no target. */
static void
test_refusals (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (standard_ramp_map);
  g_autofree char *original = qr_test_save_text (doc);
  g_autofree char *after = NULL;
  QrId id = qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), 0), 0)->id;
  QrFaceRef all = { id, -1 }, missing = { id, 9 };
  g_autoptr (GError) error = NULL;

  g_assert_false (qr_op_wrap_texture (doc, all, &all, 1, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (qr_op_wrap_texture (doc, (QrFaceRef) { id, 5 }, &missing, 1, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (qr_op_wrap_texture (doc, (QrFaceRef) { id, 5 }, NULL, 0, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  after = qr_test_save_text (doc);
  g_assert_cmpstr (after, ==, original);
  g_assert_cmpuint (qr_command_stack_position (qr_document_get_history (doc)), ==, 0);
}

/* `tex-wrap FACES FROM_FACE`: the file changes, and `--undo 1` saves the
 * very bytes a run without the step saves. */
static void
check_cli (const char *relative, const char *faces, const char *from)
{
  g_autofree char *path = qr_test_corpus_file (relative);
  g_autofree char *dir = NULL, *plain = NULL, *wrapped = NULL, *undone = NULL, *step = NULL;
  g_autofree char *plain_text = NULL, *wrapped_text = NULL, *undone_text = NULL;
  g_auto (QrTestRun) run = { 0 };
  const char *ext;

  if (path == NULL)
    return;
  dir = g_dir_make_tmp ("quarry-wrap-XXXXXX", NULL);
  g_assert_nonnull (dir);
  ext = strrchr (relative, '.');
  plain = g_strconcat (dir, "/plain", ext, NULL);
  wrapped = g_strconcat (dir, "/wrapped", ext, NULL);
  undone = g_strconcat (dir, "/undone", ext, NULL);
  step = g_strdup_printf ("tex-wrap %s %s", faces, from);

  qr_test_run_cli (&run, "edit", path, plain, NULL);
  g_assert_cmpint (run.status, ==, 0);
  qr_test_run_cli (&run, "edit", path, wrapped, "--step", step, NULL);
  g_assert_cmpint (run.status, ==, 0);
  qr_test_run_cli (&run, "edit", path, undone, "--step", step, "--undo", "1", NULL);
  g_assert_cmpint (run.status, ==, 0);
  plain_text = qr_test_read_file (plain);
  wrapped_text = qr_test_read_file (wrapped);
  undone_text = qr_test_read_file (undone);
  g_assert_true (strcmp (plain_text, wrapped_text) != 0);
  g_assert_true (strcmp (plain_text, undone_text) == 0);

  g_unlink (plain);
  g_unlink (wrapped);
  g_unlink (undone);
  g_rmdir (dir);
}

static void
test_cli (void)
{
  g_auto (QrTestRun) run = { 0 };
  g_autofree char *path = qr_test_corpus_file ("valve220/NewDeralia.map");

  check_cli ("valve220/NewDeralia.map", "0:10,0:11", "0:10:0");
  check_cli ("vmf/jump_byte_a2.vmf", "0:3", "0:3:1");
  check_cli ("librequake/lq1/maps/src/e2/e2m2.map", "0:7", "0:7:2");
  if (path == NULL)
    return;
  /* The source is one face. */
  qr_test_run_cli (&run, "edit", path, "/nonexistent/out.map", "--step", "tex-wrap 0:10 0:10", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "FROM_FACE names one face"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/wrap/valve220/NewDeralia", test_valve220);
  g_test_add_func ("/model/wrap/vmf/jump_byte_a2", test_vmf);
  g_test_add_func ("/model/wrap/standard/e2m2", test_standard);
  g_test_add_func ("/model/wrap/quake3-legacy/spirit3ctfduel1", test_quake3_legacy);
  g_test_add_func ("/model/wrap/brushdef/ramp", test_brushdef);
  g_test_add_func ("/model/wrap/standard/ramp-approximate", test_standard_approximate);
  g_test_add_func ("/model/wrap/refusals", test_refusals);
  g_test_add_func ("/model/wrap/cli", test_cli);
  return g_test_run ();
}
