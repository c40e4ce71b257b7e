/* Map validation (src/model/qr-check.h): every kind provoked by a small
 * made map, the fixes undone byte for byte, and the corpus's real invalid
 * brushes reported one for one. */
#include "qr-check.h"
#include "qr-operations.h"
#include "qr-test-corpus.h"
#include "qr-test-map.h"

#include <string.h>

/* A box brush x0..x1 × y0..y1 × z0..z1 as MAP text, faces -X +X -Y +Y -Z
 * +Z, each textured `tex`; `extra` is appended as more face lines. */
static char *
box (const char *tex, double x0, double y0, double z0, double x1, double y1, double z1, const char *extra)
{
  return g_strdup_printf ("{\n"
                          "( %g %g %g ) ( %g %g %g ) ( %g %g %g ) %s 0 0 0 1 1\n"
                          "( %g %g %g ) ( %g %g %g ) ( %g %g %g ) %s 0 0 0 1 1\n"
                          "( %g %g %g ) ( %g %g %g ) ( %g %g %g ) %s 0 0 0 1 1\n"
                          "( %g %g %g ) ( %g %g %g ) ( %g %g %g ) %s 0 0 0 1 1\n"
                          "( %g %g %g ) ( %g %g %g ) ( %g %g %g ) %s 0 0 0 1 1\n"
                          "( %g %g %g ) ( %g %g %g ) ( %g %g %g ) %s 0 0 0 1 1\n"
                          "%s}\n",
                          x0, y0, z0, x0, y0 + 1, z0, x0, y0, z0 + 1, tex,
                          x1, y0, z0, x1, y0, z0 + 1, x1, y0 + 1, z0, tex,
                          x0, y0, z0, x0, y0, z0 + 1, x0 + 1, y0, z0, tex,
                          x0, y1, z0, x0 + 1, y1, z0, x0, y1, z0 + 1, tex,
                          x0, y0, z0, x0 + 1, y0, z0, x0, y0 + 1, z0, tex,
                          x0, y0, z1, x0, y0 + 1, z1, x0 + 1, y0, z1, tex, extra);
}

/* One of each problem:
 *   0:0 a good box that a light sits inside     (1: entity-in-solid)
 *   0:1 two faces                               (invalid-brush)
 *   0:2 a box whose +Z face is written twice    (redundant-planes, face 6)
 *   0:3 half a unit thin                        (tiny-brush)
 *   0:4 beyond +4096                            (outside-bounds)
 *   0:5 20000 units across                      (huge-brush)
 *   0:6 textured with a name nobody has         (missing-texture)
 *   2 a func_door without brushes                (empty-entity)
 *   3 no classname                               (missing-key)
 *   4, 5 a path_corner and a light named "p1"    (5: duplicate-targetname)
 *   6 a class the definitions lack               (unknown-class)
 *   7 a point class with a brush                 (wrong-kind)
 *   8, 9 two lights named "l1": fine, lights are fired together. */
static char *
problem_map (void)
{
  g_autofree char *good = box ("a", 0, 0, 0, 64, 64, 64, "");
  g_autofree char *dup = box ("a", 100, 0, 0, 164, 64, 64, "( 100 0 64 ) ( 100 1 64 ) ( 101 0 64 ) a 0 0 0 1 1\n");
  g_autofree char *tiny = box ("a", 200, 0, 0, 264, 64, 0.5, "");
  g_autofree char *out = box ("a", 5000, 0, 0, 5064, 64, 64, "");
  g_autofree char *huge = box ("a", -10000, -64, -64, 10000, 0, 0, "");
  g_autofree char *nosuch = box ("nosuch", 300, 0, 0, 364, 64, 64, "");
  g_autofree char *door = box ("a", 400, 0, 0, 464, 64, 64, "");
  return g_strconcat ("{\n\"classname\" \"worldspawn\"\n", good,
                      "{\n( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) a 0 0 0 1 1\n( 0 0 0 ) ( 0 0 1 ) ( 0 1 0 ) a 0 0 0 1 1\n}\n",
                      dup, tiny, out, huge, nosuch, "}\n",
                      "{\n\"classname\" \"light\"\n\"origin\" \"32 32 32\"\n}\n",
                      "{\n\"classname\" \"func_door\"\n}\n",
                      "{\n\"origin\" \"32 32 200\"\n}\n",
                      "{\n\"classname\" \"path_corner\"\n\"targetname\" \"p1\"\n\"origin\" \"0 0 200\"\n}\n",
                      "{\n\"classname\" \"light\"\n\"targetname\" \"p1\"\n\"origin\" \"0 0 300\"\n}\n",
                      "{\n\"classname\" \"monster_nosuch\"\n\"origin\" \"0 0 400\"\n}\n",
                      "{\n\"classname\" \"path_corner\"\n", door, "}\n",
                      "{\n\"classname\" \"light\"\n\"targetname\" \"l1\"\n\"origin\" \"0 100 300\"\n}\n",
                      "{\n\"classname\" \"light\"\n\"targetname\" \"l1\"\n\"origin\" \"0 200 300\"\n}\n",
                      NULL);
}

static QrEntDefs *
quake_defs (void)
{
  QrEntDefs *defs = qr_entdefs_new ();
  qr_entdefs_add_class (defs, "worldspawn", QR_ENTCLASS_SOLID, "test.fgd", 1);
  qr_entdefs_add_class (defs, "light", QR_ENTCLASS_POINT, "test.fgd", 2);
  qr_entdefs_add_class (defs, "path_corner", QR_ENTCLASS_POINT, "test.fgd", 3);
  qr_entdefs_add_class (defs, "func_door", QR_ENTCLASS_SOLID, "test.fgd", 4);
  qr_entdefs_finish (defs);
  return defs;
}

static gboolean
known_texture (const char *name, gpointer data)
{
  return strcmp (name, "nosuch") != 0;
}

static GArray *
check (const QrMap *map, const QrEntDefs *defs)
{
  QrCheckOptions options;
  qr_check_options_init (&options, map);
  options.defs = defs;
  options.texture_known = known_texture;
  return qr_check_map (map, &options);
}

/* The problems as "kind E:B:F" lines, to compare whole. */
static char *
summary (GArray *problems)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < problems->len; i++)
    {
      const QrProblem *p = &g_array_index (problems, QrProblem, i);
      g_assert_nonnull (p->message);
      g_assert_cmpuint (strlen (p->message), >, 0);
      g_string_append_printf (s, "%s %s %d:%d:%d\n", qr_severity_to_string (p->severity),
                              qr_problem_kind_to_string (p->kind), p->entity, p->brush, p->face);
    }
  return g_string_free (s, FALSE);
}

static void
test_kinds (void)
{
  g_autofree char *text = problem_map ();
  g_autoptr (QrMap) map = qr_test_parse_ok (text, QR_FILE_MAP);
  g_autoptr (QrEntDefs) defs = quake_defs ();

  qr_map_build_geometry (map, 1);
  g_autoptr (GArray) problems = check (map, defs);
  g_autofree char *got = summary (problems);
  g_assert_cmpstr (got, ==,
                   "error invalid-brush 0:1:0\n"
                   "warning redundant-planes 0:2:6\n"
                   "warning tiny-brush 0:3:-1\n"
                   "warning outside-bounds 0:4:-1\n"
                   "warning huge-brush 0:5:-1\n"
                   "warning missing-texture 0:6:0\n"
                   "warning entity-in-solid 1:-1:-1\n"
                   "warning empty-entity 2:-1:-1\n"
                   "error missing-key 3:-1:-1\n"
                   "warning duplicate-targetname 5:-1:-1\n"
                   "warning unknown-class 6:-1:-1\n"
                   "warning wrong-kind 7:-1:-1\n");

  /* The messages name the planes. */
  const QrProblem *invalid = &g_array_index (problems, QrProblem, 0);
  g_assert_nonnull (strstr (invalid->message, "2 faces"));
  g_assert_nonnull (strstr (invalid->message, "faces 0 and 1"));
  const QrProblem *redundant = &g_array_index (problems, QrProblem, 1);
  g_assert_nonnull (strstr (redundant->message, "faces 5 and 6 lie on the same plane"));
  g_assert_cmpuint (redundant->brush_id, ==, qr_entity_get_brush (qr_map_get_entity (map, 0), 2)->id);
  /* A missing texture is one problem for all its faces. */
  g_assert_nonnull (strstr (g_array_index (problems, QrProblem, 5).message, "“nosuch” not found (6 faces)"));
}

/* Without definitions or a texture lookup the class and texture checks
 * say nothing rather than guess; a Source map's world is ±16384. */
static void
test_without_knowledge (void)
{
  g_autofree char *text = problem_map ();
  g_autoptr (QrMap) map = qr_test_parse_ok (text, QR_FILE_MAP);
  QrCheckOptions options;

  qr_map_build_geometry (map, 1);
  qr_check_options_init (&options, map);
  g_assert_cmpfloat (options.world_bound, ==, 4096);
  g_autoptr (GArray) problems = qr_check_map (map, &options);
  for (guint i = 0; i < problems->len; i++)
    {
      QrProblemKind kind = g_array_index (problems, QrProblem, i).kind;
      g_assert_cmpint (kind, !=, QR_PROBLEM_UNKNOWN_CLASS);
      g_assert_cmpint (kind, !=, QR_PROBLEM_MISSING_TEXTURE);
      g_assert_cmpint (kind, !=, QR_PROBLEM_WRONG_KIND);
    }
  g_autoptr (QrMap) vmf = qr_map_new (QR_FILE_VMF);
  qr_check_options_init (&options, vmf);
  g_assert_cmpfloat (options.world_bound, ==, 16384);
}

static const QrProblem *
find_kind (GArray *problems, QrProblemKind kind)
{
  for (guint i = 0; i < problems->len; i++)
    if (g_array_index (problems, QrProblem, i).kind == kind)
      return &g_array_index (problems, QrProblem, i);
  g_error ("no %s problem", qr_problem_kind_to_string (kind));
}

/* Each fix is one undo step that makes its problem go, and undo gives the
 * file back byte for byte. */
static void
test_fixes (void)
{
  static const QrProblemKind fixable[]
      = { QR_PROBLEM_INVALID_BRUSH, QR_PROBLEM_REDUNDANT_PLANES, QR_PROBLEM_EMPTY_ENTITY };
  g_autofree char *text = problem_map ();
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (text);
  g_autoptr (QrEntDefs) defs = quake_defs ();
  g_autofree char *before = qr_test_save_text (doc);

  for (guint k = 0; k < G_N_ELEMENTS (fixable); k++)
    {
      g_autoptr (GArray) problems = check (qr_document_get_map (doc), defs);
      const QrProblem *p = find_kind (problems, fixable[k]);
      g_autoptr (GError) error = NULL;

      g_assert_nonnull (qr_problem_fix_label (p));
      g_assert_true (qr_check_fix (doc, p, &error));
      g_assert_no_error (error);
      g_autoptr (GArray) after = check (qr_document_get_map (doc), defs);
      g_assert_cmpuint (after->len, ==, problems->len - 1);
      for (guint i = 0; i < after->len; i++)
        g_assert_cmpint (g_array_index (after, QrProblem, i).kind, !=, fixable[k]);
      /* A second try finds the problem gone and changes nothing. */
      g_autofree char *fixed = qr_test_save_text (doc);
      g_assert_false (qr_check_fix (doc, p, &error));
      g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND);
      qr_test_assert_saves_as (doc, fixed);

      g_assert_true (qr_document_undo (doc));
      qr_test_assert_saves_as (doc, before);
      g_assert_true (qr_document_redo (doc));
      qr_test_assert_saves_as (doc, fixed);
      g_assert_true (qr_document_undo (doc));
    }
  /* The redundant face's removal keeps the shape: same bounds. */
  {
    g_autoptr (GArray) problems = check (qr_document_get_map (doc), defs);
    const QrProblem *p = find_kind (problems, QR_PROBLEM_REDUNDANT_PLANES);
    QrBounds was = qr_document_lookup_brush (doc, p->brush_id)->poly->bounds;
    g_assert_true (qr_check_fix (doc, p, NULL));
    const QrBrush *now = qr_document_lookup_brush (doc, p->brush_id);
    g_assert_cmpint (now->n_faces, ==, 6);
    g_assert_true (memcmp (&was, &now->poly->bounds, sizeof was) == 0);
  }
  /* No fix is offered where none is obvious. */
  g_autoptr (GArray) problems = check (qr_document_get_map (doc), defs);
  g_assert_null (qr_problem_fix_label (find_kind (problems, QR_PROBLEM_OUTSIDE_BOUNDS)));
  g_assert_false (qr_check_fix (doc, find_kind (problems, QR_PROBLEM_OUTSIDE_BOUNDS), NULL));
}

/* skycastle.map's 218 invalid brushes (213 with two faces, 5 with
 * collinear points) are each reported as an error at its place, and
 * nothing else in the corpus map is. */
static void
test_corpus_invalid (void)
{
  g_autofree char *path = qr_test_corpus_file ("valve220/skycastle.map");
  if (path == NULL)
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = qr_map_load (path, &error);
  g_assert_no_error (error);
  qr_map_build_geometry (map, 0);

  QrCheckOptions options;
  qr_check_options_init (&options, map);
  double start = g_get_monotonic_time ();
  g_autoptr (GArray) problems = qr_check_map (map, &options);
  g_test_message ("skycastle: %u problems in %.2f ms", problems->len, (g_get_monotonic_time () - start) / 1000.0);

  guint reported = 0, invalid = 0;
  for (guint i = 0; i < problems->len; i++)
    {
      const QrProblem *p = &g_array_index (problems, QrProblem, i);
      if (p->kind != QR_PROBLEM_INVALID_BRUSH)
        continue;
      g_assert_cmpint (p->severity, ==, QR_SEVERITY_ERROR);
      g_assert_false (qr_brush_is_valid (qr_entity_get_brush (qr_map_get_entity (map, p->entity), p->brush)));
      reported++;
    }
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
      invalid += !qr_brush_is_valid (qr_entity_get_brush (qr_map_get_entity (map, e), b));
  g_assert_cmpuint (invalid, ==, 218);
  g_assert_cmpuint (reported, ==, invalid);
}

/* The time of a full check of the corpus's largest Valve map, for the
 * report (speed targets live in benchmarks, not here). */
static void
test_corpus_timing (void)
{
  g_autofree char *path = qr_test_corpus_file ("valve220/NewDeralia.map");
  if (path == NULL)
    return;
  g_autoptr (QrMap) map = qr_map_load (path, NULL);
  g_assert_nonnull (map);
  qr_map_build_geometry (map, 0);
  QrCheckOptions options;
  qr_check_options_init (&options, map);
  double best = G_MAXDOUBLE;
  for (int i = 0; i < 5; i++)
    {
      double start = g_get_monotonic_time ();
      g_autoptr (GArray) problems = qr_check_map (map, &options);
      best = MIN (best, (g_get_monotonic_time () - start) / 1000.0);
      for (guint j = 0; j < problems->len; j++)
        g_assert_cmpint (g_array_index (problems, QrProblem, j).kind, !=, QR_PROBLEM_INVALID_BRUSH);
    }
  g_test_message ("NewDeralia: full check in %.2f ms (best of 5)", best);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/check/kinds", test_kinds);
  g_test_add_func ("/check/without-knowledge", test_without_knowledge);
  g_test_add_func ("/check/fixes", test_fixes);
  g_test_add_func ("/check/corpus-invalid", test_corpus_invalid);
  g_test_add_func ("/check/corpus-timing", test_corpus_timing);
  return g_test_run ();
}
