/* B-spline landscapes (src/model/qr-landscape.c, qr-op-landscape.c): the
 * keys that hold one through MAP and VMF saves, strict reading, the
 * surface, refining and coarsening the grid, the operations and their undo,
 * and the exports to displacements and to brushes checked against the
 * surface they came from. */
#include <math.h>
#include <string.h>

#include "qr-disp.h"
#include "qr-entity.h"
#include "qr-io.h"
#include "qr-landscape-ops.h"
#include "qr-map-index.h"
#include "qr-operations.h"
#include "qr-test-map.h"

#define TOL 1e-9

static const char map_world[] = "{\n\"classname\" \"worldspawn\"\n}\n";
static const char vmf_world[] = "world\n{\n\t\"id\" \"1\"\n\t\"classname\" \"worldspawn\"\n}\n";

static QrDocument *
new_doc (QrFileKind kind)
{
  if (kind == QR_FILE_VMF)
    return qr_document_new (qr_test_parse_ok (vmf_world, QR_FILE_VMF));
  return qr_test_document_from_map_text (map_world);
}

static QrEntity *
entity_of (QrDocument *doc, QrId id)
{
  QrMap *map = qr_document_get_map (doc);
  guint e;

  g_assert_true (qr_map_find_entity (map, id, &e));
  return qr_map_get_entity (map, e);
}

static QrLandscape *
landscape_of (QrDocument *doc, QrId id)
{
  g_autoptr (GError) error = NULL;
  QrLandscape *land = qr_landscape_from_entity (entity_of (doc, id), &error);

  g_assert_no_error (error);
  return land;
}

/* A landscape of random heights (−200…200, with fractions that need all 17
 * digits) over the rectangle from min. */
static QrId
make_landscape (QrDocument *doc, QrVec3 min, double sx, double sy, int cols, int rows, guint32 seed)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree double *h = g_new (double, cols * rows);
  QrId id = 0;

  g_assert_true (qr_op_landscape_create (doc, min, sx, sy, cols, rows, "ground", &id, &error));
  g_assert_no_error (error);
  for (int i = 0; i < cols * rows; i++)
    h[i] = g_rand_double_range (rand, -200, 200);
  g_assert_true (qr_op_landscape_set_heights (doc, id, h, cols * rows, &error));
  g_assert_no_error (error);
  return id;
}

static void
assert_same_landscape (const QrLandscape *a, const QrLandscape *b)
{
  qr_test_assert_vec3_same (b->origin, a->origin.x, a->origin.y, a->origin.z);
  qr_test_assert_same (b->size[0], a->size[0]);
  qr_test_assert_same (b->size[1], a->size[1]);
  g_assert_cmpint (b->cols, ==, a->cols);
  g_assert_cmpint (b->rows, ==, a->rows);
  g_assert_cmpint (b->resolution, ==, a->resolution);
  g_assert_cmpstr (b->texture, ==, a->texture);
  for (int i = 0; i < a->rows * a->cols; i++)
    qr_test_assert_same (b->heights[i], a->heights[i]);
}

/* Saved as a point entity (keys, no brushes) in every format, read back
 * to the same doubles. */
static void
test_keys_round_trip (void)
{
  static const struct
  {
    QrFileKind kind;
    QrSaveFormat format;
  } cases[] = {
    { QR_FILE_MAP, QR_SAVE_VALVE220 }, { QR_FILE_MAP, QR_SAVE_QUAKE }, { QR_FILE_VMF, QR_SAVE_VMF },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr (QrDocument) doc = new_doc (cases[k].kind);
      QrId id = make_landscape (doc, qr_vec3 (-512, 128.5, 32), 1000, 750.25, 6, 4, 3 + k);
      g_autoptr (QrLandscape) land = landscape_of (doc, id);
      g_autofree char *text = qr_test_write_ok (qr_document_get_map (doc), cases[k].format);
      g_autoptr (QrMap) back = qr_test_parse_ok (text, cases[k].kind);
      g_autoptr (GError) error = NULL;
      g_autoptr (QrLandscape) read = NULL;
      const QrEntity *entity = qr_map_get_entity (back, qr_map_entity_count (back) - 1);

      g_assert_true (qr_entity_is_landscape (entity));
      g_assert_true (qr_entity_is_point (entity));
      read = qr_landscape_from_entity (entity, &error);
      g_assert_no_error (error);
      assert_same_landscape (land, read);
      g_assert_nonnull (strstr (text, "\"grid\" \"6 4\""));
      g_assert_nonnull (strstr (text, "\"origin\" \"-512 128.5 32\""));
      g_assert_nonnull (strstr (text, "\"row3\" \""));
      g_assert_null (strstr (text, "\"row4\""));
      qr_test_assert_round_trip (back);
    }
}

/* Each bad key is refused with its name in the message. */
static void
test_keys_strict (void)
{
  static const struct
  {
    const char *key, *value, *named;
  } cases[] = {
    { "origin", "0 0", "origin" },        { "origin", "0 0 0 0", "origin" }, { "size", "64 0", "size" },
    { "size", "64 -1", "size" },          { "size", "64 x", "size" },        { "grid", "3 1", "grid" },
    { "grid", "3.0 3", "grid" },          { "grid", "130 3", "grid" },       { "resolution", "0", "resolution" },
    { "resolution", "17", "resolution" }, { "texture", "", "texture" },      { "row1", "1 2", "row1" },
    { "row2", "1 2 3 4", "row2" },        { "row0", "1 nan 3", "row0" },     { "row0", "1 2 3x", "row0" },
    { "size", NULL, "size" },             { "row2", NULL, "row2" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr (QrEntity) entity = qr_entity_new (7);
      g_autoptr (GError) error = NULL;
      g_autoptr (QrLandscape) land = NULL;
      const char *keys[] = { "classname", QR_LANDSCAPE_CLASS, "origin", "0 0 0", "size", "64 64", "grid", "3 3",
                             "resolution", "4", "texture", "ground", "row0", "0 1 2", "row1", "3 4 5",
                             "row2", "6 7 8" };

      for (guint i = 0; i < G_N_ELEMENTS (keys); i += 2)
        if (strcmp (keys[i], cases[k].key) != 0)
          qr_entity_add_key (entity, keys[i], keys[i + 1]);
        else if (cases[k].value != NULL)
          qr_entity_add_key (entity, keys[i], cases[k].value);
      land = qr_landscape_from_entity (entity, &error);
      g_assert_null (land);
      g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
      {
        g_autofree char *quoted = g_strdup_printf ("“%s”", cases[k].named);
        g_assert_nonnull (strstr (error->message, quoted));
      }
    }
}

/* The samples pass through the control points, on an even grid. */
static void
test_sample (void)
{
  g_autoptr (QrDocument) doc = new_doc (QR_FILE_MAP);
  QrId id = make_landscape (doc, qr_vec3 (100, -50, 8), 640, 480, 5, 4, 11);
  g_autoptr (QrLandscape) land = landscape_of (doc, id);
  int h = 0, w = 0;
  g_autofree QrVec3 *p = qr_landscape_sample (land, &h, &w);

  g_assert_cmpint (h, ==, 3 * land->resolution + 1);
  g_assert_cmpint (w, ==, 4 * land->resolution + 1);
  for (int r = 0; r < land->rows; r++)
    for (int c = 0; c < land->cols; c++)
      {
        QrVec3 s = p[r * land->resolution * w + c * land->resolution], cp = qr_landscape_control_point (land, r, c);

        g_assert_cmpfloat (s.x, ==, 100 + 160 * c);
        g_assert_cmpfloat (s.y, ==, -50 + 160 * r);
        g_assert_cmpfloat (cp.x, ==, s.x);
        g_assert_cmpfloat (cp.y, ==, s.y);
        g_assert_cmpfloat_with_epsilon (s.z, cp.z, TOL);
        g_assert_cmpfloat_with_epsilon (qr_landscape_height_at (land, cp.x, cp.y), cp.z, TOL);
      }
  g_assert_cmpfloat (p[h * w - 1].x, ==, 740);
  g_assert_cmpfloat (p[h * w - 1].y, ==, 430);
}

static void
test_refine_coarsen (void)
{
  g_autoptr (QrDocument) doc = new_doc (QR_FILE_MAP);
  QrId id = make_landscape (doc, qr_vec3 (0, 0, -16), 700, 300, 5, 4, 21);
  g_autoptr (QrLandscape) land = landscape_of (doc, id);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrLandscape) fine = qr_landscape_refine (land, &error);
  g_autoptr (QrLandscape) back = NULL;
  g_autoptr (QrLandscape) big = NULL;
  g_autoptr (QrLandscape) odd = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (fine->cols, ==, 9);
  g_assert_cmpint (fine->rows, ==, 7);
  for (int r = 0; r < fine->rows; r++)
    for (int c = 0; c < fine->cols; c++)
      {
        QrVec3 p = qr_landscape_control_point (fine, r, c);

        if (r % 2 == 0 && c % 2 == 0)
          qr_test_assert_same (fine->heights[r * 9 + c], land->heights[(r / 2) * 5 + c / 2]);
        /* Every new point is on the old surface, at its even x and y. */
        g_assert_cmpfloat_with_epsilon (p.z, qr_landscape_height_at (land, p.x, p.y), TOL);
        g_assert_cmpfloat_with_epsilon (p.x, 700.0 * c / 8, 1e-12);
        g_assert_cmpfloat_with_epsilon (p.y, 300.0 * r / 6, 1e-12);
      }
  back = qr_landscape_coarsen (fine, &error);
  g_assert_no_error (error);
  assert_same_landscape (land, back);

  /* 5 × 4: the rows are even, nothing to drop evenly. */
  odd = qr_landscape_coarsen (land, &error);
  g_assert_null (odd);
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  land->cols = 66;
  land->rows = 2;
  g_free (land->heights);
  land->heights = g_new0 (double, 132);
  big = qr_landscape_refine (land, &error);
  g_assert_null (big);
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
}

/* Each operation is one step, undone to the very text it started from. */
static void
test_ops_undo (void)
{
  g_autoptr (QrDocument) doc = new_doc (QR_FILE_MAP);
  g_autoptr (GError) error = NULL;
  g_autofree char *empty = qr_test_save_text (doc);
  g_autofree char *shaped = NULL;
  g_autoptr (QrLandscape) before = NULL;
  g_autoptr (QrLandscape) after = NULL;
  QrId id = 0;
  guint stroke;

  g_assert_true (qr_op_landscape_create (doc, qr_vec3 (0, 0, 0), 512, 512, 5, 5, "ground", &id, &error));
  g_assert_no_error (error);
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, empty);
  g_assert_true (qr_document_redo (doc));
  shaped = qr_test_save_text (doc);
  before = landscape_of (doc, id);

  /* One drag: three dabs of one stroke, one undo step. The point moves by
   * the whole amount; neighbours at 128 units by (1 − (128/200)²)². */
  stroke = qr_command_new_stroke ();
  for (int i = 0; i < 3; i++)
    g_assert_true (qr_op_landscape_move_point (doc, id, 2, 2, 10, 200, stroke, &error));
  g_assert_no_error (error);
  after = landscape_of (doc, id);
  g_assert_cmpfloat (after->heights[2 * 5 + 2], ==, 30);
  g_assert_cmpfloat_with_epsilon (after->heights[2 * 5 + 3], 30 * pow (1 - 0.64 * 0.64, 2), 1e-12);
  g_assert_cmpfloat_with_epsilon (after->heights[1 * 5 + 2], 30 * pow (1 - 0.64 * 0.64, 2), 1e-12);
  g_assert_cmpfloat (after->heights[0], ==, 0); /* 362 units away */
  g_assert_cmpfloat (after->heights[2 * 5 + 0], ==, 0); /* 256 away */
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, shaped);
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, empty);
  g_assert_true (qr_document_redo (doc));
  g_assert_true (qr_document_redo (doc));

  /* Another stroke is another step; stroke 0 too. */
  g_assert_true (qr_op_landscape_move_point (doc, id, 0, 0, -5, 0, qr_command_new_stroke (), &error));
  g_assert_true (qr_op_landscape_move_point (doc, id, 4, 4, 7, 0, 0, &error));
  g_clear_pointer (&after, qr_landscape_free);
  after = landscape_of (doc, id);
  g_assert_cmpfloat (after->heights[0], ==, -5);
  g_assert_cmpfloat (after->heights[24], ==, 7);
  g_assert_cmpfloat (after->heights[1], ==, 0);
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, shaped);

  /* Regrid both ways and back, resolution: each a step, undone exactly. */
  g_assert_true (qr_op_landscape_regrid (doc, id, +1, &error));
  g_clear_pointer (&after, qr_landscape_free);
  after = landscape_of (doc, id);
  g_assert_cmpint (after->cols, ==, 9);
  g_assert_true (qr_op_landscape_regrid (doc, id, -1, &error));
  g_assert_true (qr_op_landscape_regrid (doc, id, -1, &error));
  g_assert_no_error (error);
  g_clear_pointer (&after, qr_landscape_free);
  after = landscape_of (doc, id);
  g_assert_cmpint (after->cols, ==, 3);
  g_assert_null (qr_entity_get_key (entity_of (doc, id), "row3"));
  g_assert_true (qr_op_landscape_set_resolution (doc, id, 9, &error));
  g_assert_cmpstr (qr_entity_get_key (entity_of (doc, id), "resolution"), ==, "9");
  for (int i = 0; i < 4; i++)
    g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, shaped);

  /* Moving the entity moves the landscape, heights and all. */
  {
    g_autoptr (QrLandscape) moved = NULL;

    g_assert_true (qr_op_translate (doc, &(QrObjects) { NULL, 0, &id, 1 }, qr_vec3 (32, -16, 8), &error));
    g_assert_no_error (error);
    moved = landscape_of (doc, id);
    qr_test_assert_vec3_same (moved->origin, 32, -16, 8);
    for (int i = 0; i < 25; i++)
      qr_test_assert_same (moved->heights[i], before->heights[i]);
    g_assert_true (qr_document_undo (doc));
  }

  /* Refusals change nothing. */
  g_assert_false (qr_op_landscape_move_point (doc, id, 5, 0, 1, 0, 0, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (qr_op_landscape_set_resolution (doc, id, 17, &error));
  g_clear_error (&error);
  g_assert_false (qr_op_landscape_regrid (doc, id, 2, &error));
  g_clear_error (&error);
  g_assert_false (qr_op_landscape_to_displacements (doc, id, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, ".vmf"));
  g_clear_error (&error);
  g_assert_false (qr_op_landscape_to_brushes (doc, id, 3, &error)); /* 171 × 171 cells */
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (qr_op_landscape_to_brushes (doc, id, 0, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (qr_op_landscape_move_point (doc, 9999, 0, 0, 1, 0, 0, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND);
  qr_test_assert_saves_as (doc, shaped);
}

/* The displaced vertices of every displacement in the map's world, in map
 * order: side² each. */
static GArray *
displaced_vertices (QrMap *map, guint *count)
{
  GArray *verts = g_array_new (FALSE, FALSE, sizeof (QrVec3));

  *count = 0;
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, b);

          for (int f = 0; f < brush->n_faces; f++)
            {
              const QrDisp *disp = qr_face_disp (&brush->faces[f]);
              g_autofree char *why = NULL;
              guint at = verts->len;

              if (disp == NULL)
                continue;
              g_array_set_size (verts, at + disp->side * disp->side);
              if (!qr_disp_build (disp, brush, f, &g_array_index (verts, QrVec3, at), NULL, &why))
                g_error ("brush %u face %d: %s", b, f, why);
              (*count)++;
            }
        }
    }
  return verts;
}

static void
check_displacements (QrVec3 min, double sx, double sy, int cols, int rows, int resolution, guint want)
{
  g_autoptr (QrDocument) doc = new_doc (QR_FILE_VMF);
  QrId id = make_landscape (doc, min, sx, sy, cols, rows, 31);
  g_autoptr (QrLandscape) land = NULL;
  g_autoptr (QrBsplineSurface) surface = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) verts = NULL;
  g_autoptr (GArray) again = NULL;
  g_autoptr (GHashTable) at = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree gint64 *keys = NULL;
  g_autofree char *before = NULL;
  g_autofree char *saved = NULL;
  g_autoptr (QrMap) back = NULL;
  QrMap *map = qr_document_get_map (doc);
  guint count, shared = 0;
  double worst = 0;
  gint64 t0;

  g_assert_true (qr_op_landscape_set_resolution (doc, id, resolution, &error));
  land = landscape_of (doc, id);
  surface = qr_landscape_surface_new (land);
  before = qr_test_save_text (doc);
  t0 = g_get_monotonic_time ();
  g_assert_true (qr_op_landscape_to_displacements (doc, id, &error));
  g_assert_no_error (error);
  g_test_message ("%u displacements made in %.1f ms", want, (g_get_monotonic_time () - t0) / 1000.0);
  g_assert_false (qr_map_find_entity (map, id, &(guint) { 0 }));
  g_assert_cmpuint (qr_document_get_selection (doc)->brushes->len, ==, want);

  verts = displaced_vertices (map, &count);
  g_assert_cmpuint (count, ==, want);
  keys = g_new (gint64, verts->len);
  for (guint i = 0; i < verts->len; i++)
    {
      QrVec3 p = g_array_index (verts, QrVec3, i), *seen;
      double u, v;

      /* On the surface, inside the rectangle. */
      qr_landscape_params (land, p.x, p.y, &u, &v);
      g_assert_cmpfloat (u, >=, -1e-9);
      g_assert_cmpfloat (u, <=, cols - 1 + 1e-9);
      g_assert_cmpfloat (v, >=, -1e-9);
      g_assert_cmpfloat (v, <=, rows - 1 + 1e-9);
      worst = MAX (worst, fabs (p.z - land->origin.z - qr_bspline_surface_eval (surface, u, v)));
      /* Vertices at the same place on the sample grid (shared edges and
       * corners of neighbouring tiles) are the same doubles. */
      keys[i] = (gint64) lround (v * 1e4) * 100000000 + lround (u * 1e4);
      seen = g_hash_table_lookup (at, &keys[i]);
      if (seen == NULL)
        g_hash_table_insert (at, &keys[i], &g_array_index (verts, QrVec3, i));
      else
        {
          qr_test_assert_vec3_same (p, seen->x, seen->y, seen->z);
          shared++;
        }
    }
  g_test_message ("largest distance of a displaced vertex from the surface: %.3g; %u shared vertices", worst, shared);
  g_assert_cmpfloat (worst, <=, TOL);
  g_assert_cmpuint (shared, >, 0);

  /* Saved and read back: the same vertices, to the bit. */
  saved = qr_test_save_text (doc);
  back = qr_test_parse_ok (saved, QR_FILE_VMF);
  {
    g_autoptr (QrDocument) reread = qr_document_new (g_steal_pointer (&back));
    guint n;

    again = displaced_vertices (qr_document_get_map (reread), &n);
    g_assert_cmpuint (n, ==, want);
    g_assert_cmpuint (again->len, ==, verts->len);
    for (guint i = 0; i < verts->len; i++)
      {
        QrVec3 a = g_array_index (verts, QrVec3, i);
        qr_test_assert_vec3_same (g_array_index (again, QrVec3, i), a.x, a.y, a.z);
      }
  }

  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);
}

static void
test_to_displacements (void)
{
  /* 8 × 6 cells of 128 units drawn at 4 samples a cell: tiles of 2 × 2
   * cells (16 units a step), 4 × 3 of them. */
  check_displacements (qr_vec3 (-512, 0, 64), 1024, 768, 9, 7, 4, 12);
  /* Resolution 8: a tile a cell. */
  check_displacements (qr_vec3 (-512, 0, 64), 1024, 768, 9, 7, 8, 48);
  /* Cells of 2000 × 300 units: two tiles across each, three cells a tile
   * along Y (1 × 3 cells: 900 units), fractional sides. */
  check_displacements (qr_vec3 (10.5, -3, 0), 4000, 900, 3, 4, 1, 4);
  /* Cells of 333.3… × 233.3… units: tile sides that no double holds. */
  check_displacements (qr_vec3 (0.1, -7.7, 3), 1000, 700, 4, 4, 8, 9);

  /* A cell a million units wide would take a million tiles: refused. */
  {
    g_autoptr (QrDocument) doc = new_doc (QR_FILE_VMF);
    g_autoptr (GError) error = NULL;
    QrId id = make_landscape (doc, qr_vec3 (0, 0, 0), 1e6, 1e6, 2, 2, 5);
    g_autofree char *before = qr_test_save_text (doc);

    g_assert_false (qr_op_landscape_to_displacements (doc, id, &error));
    g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
    qr_test_assert_saves_as (doc, before);
  }
}

/* The shape of the held-out checks: thousands of displacements. */
static void
test_to_displacements_many (void)
{
  check_displacements (qr_vec3 (-8192, -8192, 0), 16384, 16384, 65, 65, 8, 4096);
}

/* The prisms' top triangles: the surface at each vertex, and their
 * largest distance from the surface at the cells' centres. */
static double
check_brushes (int step)
{
  g_autoptr (QrDocument) doc = new_doc (QR_FILE_MAP);
  QrId id = make_landscape (doc, qr_vec3 (-256, 64, 0), 512, 384, 5, 4, 41);
  g_autoptr (QrLandscape) land = landscape_of (doc, id);
  g_autoptr (QrBsplineSurface) surface = qr_landscape_surface_new (land);
  g_autoptr (GError) error = NULL;
  g_autofree char *before = qr_test_save_text (doc);
  QrMap *map = qr_document_get_map (doc);
  const QrEntity *world;
  double area = 0, worst = 0, off = 0;
  int nx = 512 / step, ny = 384 / step;

  g_assert_true (qr_op_landscape_to_brushes (doc, id, step, &error));
  g_assert_no_error (error);
  world = qr_map_get_entity (map, 0);
  g_assert_cmpuint (qr_entity_brush_count (world), ==, 2 * nx * ny);
  g_assert_false (qr_map_find_entity (map, id, &(guint) { 0 }));
  for (guint b = 0; b < qr_entity_brush_count (world); b++)
    {
      const QrBrush *brush = qr_entity_get_brush (world, b);
      QrVec3 points[3 * 5], top[3];
      g_autofree char *why = NULL;
      const uint16_t *index;
      double u, v, cx, cy;
      QrPlane plane;

      g_assert_cmpint (brush->n_faces, ==, 5);
      g_assert_true (qr_brush_is_valid (brush));
      if (!qr_polytope_check (brush->poly, qr_brush_gather_points (brush, points), 1e-6, &why))
        g_error ("brush %u: %s", b, why);
      g_assert_cmpint (brush->poly->n_verts, ==, 6);
      g_assert_cmpint (qr_polytope_face_count (brush->poly, 0), ==, 3);
      g_assert_cmpstr (qr_map_texture_name (map, brush->faces[0].texture), ==, "ground");
      index = qr_polytope_face_indices (brush->poly, 0);
      for (int k = 0; k < 3; k++)
        {
          top[k] = brush->poly->verts[index[k]];
          qr_landscape_params (land, top[k].x, top[k].y, &u, &v);
          off = MAX (off, fabs (top[k].z - land->origin.z - qr_bspline_surface_eval (surface, u, v)));
        }
      /* Projected area (anticlockwise from above: positive). */
      area += ((top[1].x - top[0].x) * (top[2].y - top[0].y) - (top[2].x - top[0].x) * (top[1].y - top[0].y)) / 2;
      /* The cell's centre lies on the diagonal both halves share. */
      cx = (MIN (top[0].x, MIN (top[1].x, top[2].x)) + MAX (top[0].x, MAX (top[1].x, top[2].x))) / 2;
      cy = (MIN (top[0].y, MIN (top[1].y, top[2].y)) + MAX (top[0].y, MAX (top[1].y, top[2].y))) / 2;
      g_assert_true (qr_face_plane (&brush->faces[0], &plane));
      g_assert_cmpfloat (plane.normal.z, >, 0);
      qr_landscape_params (land, cx, cy, &u, &v);
      worst = MAX (worst, fabs ((plane.dist - plane.normal.x * cx - plane.normal.y * cy) / plane.normal.z
                                - land->origin.z - qr_bspline_surface_eval (surface, u, v)));
    }
  g_assert_cmpfloat (off, <=, TOL);
  g_assert_cmpfloat_with_epsilon (area, 512.0 * 384, 1e-6);
  g_test_message ("step %d: %d brushes, largest distance from the surface at a cell's centre %.3f units", step,
                  2 * nx * ny, worst);
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);
  return worst;
}

static void
test_to_brushes (void)
{
  double coarse = check_brushes (64), fine = check_brushes (32), finer = check_brushes (16);

  /* The sampling error shrinks with the step (as its square, for a
   * smooth surface: a half step, about a quarter). */
  g_assert_cmpfloat (fine, <, coarse / 2);
  g_assert_cmpfloat (finer, <, fine / 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/landscape/keys/round-trip", test_keys_round_trip);
  g_test_add_func ("/landscape/keys/strict", test_keys_strict);
  g_test_add_func ("/landscape/sample", test_sample);
  g_test_add_func ("/landscape/refine-coarsen", test_refine_coarsen);
  g_test_add_func ("/landscape/ops-undo", test_ops_undo);
  g_test_add_func ("/landscape/to-displacements", test_to_displacements);
  g_test_add_func ("/landscape/to-displacements-many", test_to_displacements_many);
  g_test_add_func ("/landscape/to-brushes", test_to_brushes);
  return g_test_run ();
}
