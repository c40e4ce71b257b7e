/* Corpus tests: every real map in the shared corpus loads, every valid brush
 * passes the geometry self-checks, and load → save → load is lossless. */
#include <string.h>

#include "qr-eps.h"
#include "qr-io.h"
#include "qr-patch-text.h"
#include "qr-test-corpus.h"

typedef struct
{
  char *path;      /* absolute */
  char *relative;  /* as in MANIFEST.tsv */
} CorpusFile;

static QrMap *
load (const CorpusFile *cf)
{
  g_autoptr (GError) error = NULL;
  QrMap *map = qr_map_load (cf->path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (map);
  return map;
}

static guint
count_invalid (const QrMap *map)
{
  guint n = 0;

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
      n += !qr_brush_is_valid (qr_entity_get_brush (qr_map_get_entity (map, e), b));
  return n;
}

static void
test_geometry (gconstpointer data)
{
  const CorpusFile *cf = data;
  g_autoptr (QrMap) map = load (cf);
  QrBounds all = qr_bounds_empty ();
  guint valid = 0, brushes = qr_map_count_brushes (map);
  double tolerance;

  qr_map_build_geometry (map, 0);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
      {
        QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (map, e), b);
        if (qr_brush_is_valid (brush))
          qr_bounds_add_bounds (&all, brush->poly->bounds);
      }
  /* 1e-6 of the map's scale. */
  tolerance = QR_EPS_CHECK_RELATIVE * fmax (1.0, fmax (qr_vec3_max_abs (all.min), qr_vec3_max_abs (all.max)));

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      QrEntity *entity = qr_map_get_entity (map, e);

      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          QrBrush *brush = qr_entity_get_brush (entity, b);
          g_autofree QrVec3 *points = g_new (QrVec3, 3 * (gsize) MAX (brush->n_faces, 1));
          g_autofree char *why = NULL;

          if (!qr_brush_is_valid (brush))
            continue;
          valid++;
          qr_brush_gather_points (brush, points);
          if (!qr_polytope_check (brush->poly, points, tolerance, &why))
            g_error ("%s: brush %u:%u fails its self-check: %s", cf->relative, e, b, why);
          g_assert_cmpfloat (qr_polytope_volume (brush->poly), >, 0);
        }
    }
  g_test_message ("%s: %u of %u brushes valid", cf->relative, valid, brushes);
  g_assert_cmpuint (valid, >, 0);
}

static void
test_roundtrip (gconstpointer data)
{
  const CorpusFile *cf = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) first = load (cf);
  g_autoptr (QrMap) second = NULL;
  g_autoptr (GString) text1 = NULL;
  g_autoptr (GString) text2 = NULL;
  g_autofree char *why = NULL;

  text1 = qr_map_write (first, QR_SAVE_AS_READ, &error);
  g_assert_no_error (error);
  second = qr_map_parse (text1->str, text1->len, first->kind, "saved", &error);
  g_assert_no_error (error);
  if (!qr_map_equal (first, second, &why))
    g_error ("%s: the reloaded document differs: %s", cf->relative, why);

  text2 = qr_map_write (second, QR_SAVE_AS_READ, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (text1->len, ==, text2->len);
  g_assert_true (memcmp (text1->str, text2->str, text1->len) == 0);

  qr_map_build_geometry (first, 0);
  qr_map_build_geometry (second, 0);
  g_assert_cmpuint (count_invalid (first), ==, count_invalid (second));
}

/* Every patchDef2 block of a Quake 3 map reads as a patch, whose text
 * regenerated from the numbers reads back to the same patch, and whose
 * tessellation passes through its corner control points. */
static void
test_patches (gconstpointer data)
{
  const CorpusFile *cf = data;
  g_autoptr (QrMap) map = load (cf);
  g_autofree char *text = NULL;
  guint blocks = 0, patches = 0;
  const char *p;

  g_assert_true (g_file_get_contents (cf->path, &text, NULL, NULL));
  for (p = strstr (text, "patchDef2"); p != NULL; p = strstr (p + 1, "patchDef2"))
    blocks++;
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      QrEntity *entity = qr_map_get_entity (map, e);

      for (guint k = 0; k < entity->kept->len; k++)
        {
          QrNode *node = g_ptr_array_index (entity->kept, k);
          g_autoptr (GError) error = NULL;
          g_autoptr (QrPatch) again = NULL;
          g_autofree char *regenerated = NULL;
          QrPatch *patch = node->patch;
          const QrBezierGrid *g;

          if (strcmp (node->name, "patchDef2") != 0)
            continue;
          if (patch == NULL)
            g_error ("%s: entity %u: %s", cf->relative, e, node->problem);
          g_assert_null (node->problem);
          patches++;
          regenerated = qr_patch_to_text (patch);
          again = qr_patch_parse (regenerated, strlen (regenerated), "regenerated", patch->id, &error);
          g_assert_no_error (error);
          g_assert_true (qr_patch_equal (patch, again));
          g = patch->mesh;
          g_assert_nonnull (g);
          g_assert_true (qr_vec3_identical (g->p[0], patch->points[0].pos));
          g_assert_true (qr_vec3_identical (g->p[g->rows * g->cols - 1], patch->points[patch->rows * patch->cols - 1].pos));
        }
    }
  g_test_message ("%s: %u patches", cf->relative, patches);
  g_assert_cmpuint (patches, ==, blocks);
  g_assert_cmpuint (patches, >, 0);
}

/* Texels of every polygon vertex of every valid brush, in file order. */
static GArray *
all_texels (QrMap *map)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (QrUV));

  qr_map_build_geometry (map, 0);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
      {
        QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (map, e), b);

        if (!qr_brush_is_valid (brush))
          continue;
        for (int f = 0; f < brush->n_faces; f++)
          {
            const uint16_t *idx = qr_polytope_face_indices (brush->poly, f);
            int n = qr_polytope_face_count (brush->poly, f);
            QrPlane plane;

            if (n == 0 || !qr_face_plane (&brush->faces[f], &plane))
              continue;
            for (int k = 0; k < n; k++)
              {
                QrUV uv;
                qr_texproj_texels (brush->faces[f].form, &brush->faces[f].tex, plane.normal,
                                   &brush->poly->verts[idx[k]], 1, &uv);
                g_array_append_val (out, uv);
              }
          }
      }
  return out;
}

/* MAP → VMF → MAP (or VMF → MAP → VMF) keeps every plane point exactly and
 * the texture alignment: every vertex gets the same texel. */
static void
test_convert (gconstpointer data)
{
  const CorpusFile *cf = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) original = load (cf);
  g_autoptr (QrMap) other = NULL;
  g_autoptr (QrMap) back = NULL;
  g_autoptr (GString) text = NULL;
  g_autoptr (GString) text_back = NULL;
  g_autoptr (GArray) uv_original = NULL;
  g_autoptr (GArray) uv_back = NULL;
  QrFileKind other_kind = original->kind == QR_FILE_VMF ? QR_FILE_MAP : QR_FILE_VMF;
  guint brushes = 0;

  text = qr_map_write (original, other_kind == QR_FILE_VMF ? QR_SAVE_VMF : QR_SAVE_VALVE220, &error);
  g_assert_no_error (error);
  other = qr_map_parse (text->str, text->len, other_kind, "converted", &error);
  g_assert_no_error (error);
  text_back = qr_map_write (other, original->kind == QR_FILE_VMF ? QR_SAVE_VMF : QR_SAVE_VALVE220, &error);
  g_assert_no_error (error);
  back = qr_map_parse (text_back->str, text_back->len, original->kind, "back", &error);
  g_assert_no_error (error);

  /* Brushes in order (a bare list gains an entity wrapper in VMF). */
  {
    g_autoptr (GPtrArray) a = g_ptr_array_new ();
    g_autoptr (GPtrArray) b = g_ptr_array_new ();

    for (guint e = 0; e < qr_map_entity_count (original); e++)
      for (guint k = 0; k < qr_entity_brush_count (qr_map_get_entity (original, e)); k++)
        g_ptr_array_add (a, qr_entity_get_brush (qr_map_get_entity (original, e), k));
    for (guint e = 0; e < qr_map_entity_count (back); e++)
      for (guint k = 0; k < qr_entity_brush_count (qr_map_get_entity (back, e)); k++)
        g_ptr_array_add (b, qr_entity_get_brush (qr_map_get_entity (back, e), k));
    g_assert_cmpuint (a->len, ==, b->len);
    for (guint i = 0; i < a->len; i++)
      {
        QrBrush *x = g_ptr_array_index (a, i), *y = g_ptr_array_index (b, i);

        g_assert_cmpint (x->n_faces, ==, y->n_faces);
        for (int f = 0; f < x->n_faces; f++)
          for (int p = 0; p < 3; p++)
            g_assert_true (qr_vec3_identical (x->faces[f].points[p], y->faces[f].points[p]));
        brushes++;
      }
  }

  uv_original = all_texels (original);
  uv_back = all_texels (back);
  g_assert_cmpuint (uv_original->len, ==, uv_back->len);
  for (guint i = 0; i < uv_original->len; i++)
    {
      QrUV a = g_array_index (uv_original, QrUV, i), b = g_array_index (uv_back, QrUV, i);
      double scale = fmax (1.0, fmax (fabs (a.u), fabs (a.v)));

      if (fabs (a.u - b.u) > 1e-6 * scale || fabs (a.v - b.v) > 1e-6 * scale)
        g_error ("%s: texel %u moved: (%.9g %.9g) → (%.9g %.9g)", cf->relative, i, a.u, a.v, b.u, b.v);
    }
  g_test_message ("%s: %u brushes, %u texels compared", cf->relative, brushes, uv_original->len);
}


/* Every brush of a Quake 3 map rewritten as a brushDef block (brush
 * primitives, the same plane points) reads back as a brush whose polytope
 * is the legacy brush's, vertex for vertex, and passes the self-checks;
 * the text saves again byte for byte. (The corpus has no brushDef map.) */
static void
test_brushdef (gconstpointer data)
{
  const CorpusFile *cf = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) legacy = load (cf);
  g_autoptr (QrMap) prim = load (cf);
  g_autoptr (QrMap) back = NULL;
  g_autoptr (GString) text = NULL;
  g_autoptr (GString) again = NULL;
  guint brushes = 0;

  for (guint e = 0; e < qr_map_entity_count (prim); e++)
    for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (prim, e)); b++)
      {
        QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (prim, e), b);

        for (int f = 0; f < brush->n_faces; f++)
          {
            QrFace *face = &brush->faces[f];

            face->form = QR_TEX_BRUSHPRIM;
            face->tex = (QrTexAttr) { .matrix = { { 1.0 / 64, 0, f / 8.0 }, { 0, -1.0 / 32, 0.5 } } };
          }
      }
  text = qr_map_write (prim, QR_SAVE_AS_READ, &error);
  g_assert_no_error (error);
  back = qr_map_parse (text->str, text->len, QR_FILE_MAP, "brushdef", &error);
  g_assert_no_error (error);
  again = qr_map_write (back, QR_SAVE_AS_READ, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (text->len, ==, again->len);
  g_assert_true (memcmp (text->str, again->str, text->len) == 0);

  qr_map_build_geometry (legacy, 0);
  qr_map_build_geometry (back, 0);
  g_assert_cmpuint (qr_map_entity_count (back), ==, qr_map_entity_count (legacy));
  for (guint e = 0; e < qr_map_entity_count (legacy); e++)
    {
      QrEntity *el = qr_map_get_entity (legacy, e), *ep = qr_map_get_entity (back, e);

      g_assert_cmpuint (qr_entity_brush_count (ep), ==, qr_entity_brush_count (el));
      for (guint b = 0; b < qr_entity_brush_count (el); b++)
        {
          QrBrush *x = qr_entity_get_brush (el, b), *y = qr_entity_get_brush (ep, b);
          g_autofree QrVec3 *points = g_new (QrVec3, 3 * (gsize) MAX (y->n_faces, 1));
          g_autofree char *why = NULL;

          g_assert_cmpint (y->n_faces, ==, x->n_faces);
          g_assert_cmpint (qr_brush_is_valid (y), ==, qr_brush_is_valid (x));
          for (int f = 0; f < y->n_faces; f++)
            {
              g_assert_cmpint (y->faces[f].form, ==, QR_TEX_BRUSHPRIM);
              for (int k = 0; k < 3; k++)
                g_assert_true (qr_vec3_identical (y->faces[f].points[k], x->faces[f].points[k]));
            }
          if (!qr_brush_is_valid (x))
            continue;
          brushes++;
          g_assert_cmpint (y->poly->n_verts, ==, x->poly->n_verts);
          for (int v = 0; v < x->poly->n_verts; v++)
            g_assert_true (qr_vec3_identical (y->poly->verts[v], x->poly->verts[v]));
          for (int f = 0; f < x->n_faces; f++)
            {
              g_assert_cmpint (qr_polytope_face_count (y->poly, f), ==, qr_polytope_face_count (x->poly, f));
              for (int k = 0; k < qr_polytope_face_count (x->poly, f); k++)
                g_assert_cmpint (qr_polytope_face_indices (y->poly, f)[k], ==,
                                 qr_polytope_face_indices (x->poly, f)[k]);
            }
          qr_brush_gather_points (y, points);
          if (!qr_polytope_check (y->poly, points, 1e-6 * 65536, &why))
            g_error ("%s: brushDef brush %u:%u fails its self-check: %s", cf->relative, e, b, why);
        }
    }
  g_test_message ("%s: %u brushDef brushes built as their legacy twins", cf->relative, brushes);
  g_assert_cmpuint (brushes, >, 0);
}

/* Skips with a message, or fails when the corpus is required. */
static void
test_missing_corpus (void)
{
  g_assert_false (qr_test_corpus_available ());
}

static void
free_corpus_file (gpointer data)
{
  CorpusFile *cf = data;

  g_free (cf->path);
  g_free (cf->relative);
  g_free (cf);
}

int
main (int argc, char **argv)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (free_corpus_file);
  g_autofree char *manifest = NULL;
  g_autofree char *manifest_text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GError) error = NULL;

  g_test_init (&argc, &argv, NULL);

  if (qr_test_corpus_dir () == NULL || !g_file_test (qr_test_corpus_dir (), G_FILE_TEST_IS_DIR))
    {
      g_test_add_func ("/corpus/missing", test_missing_corpus);
      return g_test_run ();
    }

  /* The manifest names every file: a file that vanishes fails the test. */
  manifest = g_build_filename (qr_test_corpus_dir (), "MANIFEST.tsv", NULL);
  if (!g_file_get_contents (manifest, &manifest_text, NULL, &error))
    g_error ("%s", error->message);
  lines = g_strsplit (manifest_text, "\n", -1);
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto (GStrv) cols = g_strsplit (lines[i], "\t", 2);
      CorpusFile *cf;

      if (cols[0] == NULL || *cols[0] == '\0')
        continue;
      cf = g_new0 (CorpusFile, 1);
      cf->relative = g_strdup (cols[0]);
      cf->path = g_build_filename (qr_test_corpus_dir (), cols[0], NULL);
      g_ptr_array_add (files, cf);
    }
  g_assert_cmpuint (files->len, >, 0);

  for (guint i = 0; i < files->len; i++)
    {
      CorpusFile *cf = g_ptr_array_index (files, i);
      g_autofree char *geometry = g_strdup_printf ("/corpus/geometry/%s", cf->relative);
      g_autofree char *roundtrip = g_strdup_printf ("/corpus/roundtrip/%s", cf->relative);
      g_autofree char *convert = g_strdup_printf ("/corpus/convert/%s", cf->relative);

      g_test_add_data_func (geometry, cf, test_geometry);
      g_test_add_data_func (roundtrip, cf, test_roundtrip);
      g_test_add_data_func (convert, cf, test_convert);
      if (g_str_has_prefix (cf->relative, "quake3/"))
        {
          g_autofree char *patches = g_strdup_printf ("/corpus/patches/%s", cf->relative);
          g_autofree char *brushdef = g_strdup_printf ("/corpus/brushdef/%s", cf->relative);
          g_test_add_data_func (patches, cf, test_patches);
          g_test_add_data_func (brushdef, cf, test_brushdef);
        }
    }
  return g_test_run ();
}
