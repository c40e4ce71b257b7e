/* Hidden-face removal on real maps, checked independently of the union
 * code (issue 18): every exported triangle has solid just behind it and
 * nothing that hides it just in front; and every sampled point of a drawn
 * brush face with nothing in front of it is covered by an exported
 * triangle on the same plane. The brushes' insides are tested directly
 * against their planes; nothing of qr-face-union.c is used but through
 * the export. */
#include <math.h>
#include <string.h>
#include <glib.h>
#include "qr-layer.h"
#include "qr-eps.h"
#include "qr-export-build.h"
#include "qr-io.h"
#include "qr-test-corpus.h"

/* The union counts faces within QR_EPS_UNION as touching. A point DELTA
 * in front of a face is inside the brush in front by more than MARGIN
 * exactly when that brush's face is nearer than QR_EPS_UNION: the test
 * draws the line where the union does. */
#define DELTA (2 * QR_EPS_UNION)
#define MARGIN QR_EPS_UNION

typedef struct
{
  const QrBrush *brush;
  QrPlane *planes;
  int layer; /* 0 solid, 1 liquid */
} Solid;

typedef struct
{
  GArray *solids;      /* Solid */
  GHashTable *cells;   /* cell key → GArray of solid indices */
  double cell;
} Solids;

static gint64
cell_key (double x, double y, double z, double size)
{
  gint64 cx = (gint64) floor (x / size) & 0xfffff, cy = (gint64) floor (y / size) & 0xfffff;
  gint64 cz = (gint64) floor (z / size) & 0xfffff;

  return cx << 40 | cy << 20 | cz;
}

static bool
world_class (const char *classname)
{
  return strcmp (classname, "worldspawn") == 0 || strcmp (classname, "func_group") == 0
         || g_str_has_prefix (classname, "func_detail");
}

/* The brushes that hide things: world ones, not of tool textures, nor of
 * TrenchBroom layers omitted from export (the export leaves them out). */
static void
solids_init (Solids *s, const QrMap *map)
{
  g_autofree bool *omitted = qr_map_dup_omitted (map);

  s->solids = g_array_new (FALSE, FALSE, sizeof (Solid));
  s->cells = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) g_array_unref);
  s->cell = 256;
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      if (!world_class (qr_entity_get_classname (entity)) || omitted[e])
        continue;
      for (guint i = 0; i < entity->brushes->len; i++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, i);
          Solid solid = { brush, NULL, 0 };
          bool keep = qr_brush_is_valid (brush);

          for (int f = 0; f < brush->n_faces && keep; f++)
            {
              QrExportTextureKind kind = qr_export_texture_kind (qr_map_texture_name (map, brush->faces[f].texture));

              keep = kind != QR_EXPORT_TEXTURE_NONSOLID;
              solid.layer |= kind == QR_EXPORT_TEXTURE_LIQUID;
            }
          if (!keep)
            continue;
          solid.planes = g_new (QrPlane, brush->n_faces);
          for (int f = 0; f < brush->n_faces; f++)
            g_assert_true (qr_face_plane (&brush->faces[f], &solid.planes[f]));
          g_array_append_val (s->solids, solid);
          {
            const QrBounds *b = &brush->poly->bounds;
            int index = (int) s->solids->len - 1;

            for (double x = floor (b->min.x / s->cell); x <= floor (b->max.x / s->cell); x++)
              for (double y = floor (b->min.y / s->cell); y <= floor (b->max.y / s->cell); y++)
                for (double z = floor (b->min.z / s->cell); z <= floor (b->max.z / s->cell); z++)
                  {
                    gint64 key = cell_key ((x + 0.5) * s->cell, (y + 0.5) * s->cell, (z + 0.5) * s->cell, s->cell);
                    GArray *list = g_hash_table_lookup (s->cells, &key);

                    if (list == NULL)
                      {
                        list = g_array_new (FALSE, FALSE, sizeof (int));
                        g_hash_table_insert (s->cells, g_memdup2 (&key, sizeof key), list);
                      }
                    g_array_append_val (list, index);
                  }
          }
        }
    }
}

static void
solids_clear (Solids *s)
{
  for (guint i = 0; i < s->solids->len; i++)
    g_free (g_array_index (s->solids, Solid, i).planes);
  g_array_unref (s->solids);
  g_hash_table_unref (s->cells);
}

/* Whether p is inside (by more than margin) a brush of layer <= max_layer. */
static bool
inside_any (const Solids *s, QrVec3 p, int max_layer, double margin)
{
  gint64 key = cell_key (p.x, p.y, p.z, s->cell);
  GArray *list = g_hash_table_lookup (s->cells, &key);

  for (guint i = 0; list != NULL && i < list->len; i++)
    {
      const Solid *solid = &g_array_index (s->solids, Solid, g_array_index (list, int, i));
      bool in = solid->layer <= max_layer;

      for (int f = 0; f < solid->brush->n_faces && in; f++)
        in = qr_plane_distance_to (&solid->planes[f], p) < -margin;
      if (in)
        return true;
    }
  return false;
}

typedef struct
{
  QrVec3 a, b, c, n;
  double d;
} Tri;

static void
assert_same_arrays (const GArray *a, const GArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  g_assert_cmpmem (a->data, (gsize) a->len * g_array_get_element_size ((GArray *) a), b->data,
                   (gsize) b->len * g_array_get_element_size ((GArray *) b));
}

static void
assert_same_scene (const QrExportScene *a, const QrExportScene *b)
{
  g_assert_cmpuint (a->objects->len, ==, b->objects->len);
  g_assert_cmpuint (a->triangles_after, ==, b->triangles_after);
  for (guint o = 0; o < a->objects->len; o++)
    {
      const QrExportObject *oa = g_ptr_array_index (a->objects, o), *ob = g_ptr_array_index (b->objects, o);

      g_assert_cmpuint (oa->primitives->len, ==, ob->primitives->len);
      for (guint p = 0; p < oa->primitives->len; p++)
        {
          const QrExportPrimitive *pa = g_ptr_array_index (oa->primitives, p);
          const QrExportPrimitive *pb = g_ptr_array_index (ob->primitives, p);

          g_assert_cmpuint (pa->material, ==, pb->material);
          assert_same_arrays (pa->positions, pb->positions);
          assert_same_arrays (pa->normals, pb->normals);
          assert_same_arrays (pa->uvs, pb->uvs);
          assert_same_arrays (pa->indices, pb->indices);
        }
    }
}

static void
check_map (const char *relative, guint64 *tri_count)
{
  g_autofree char *path = qr_test_corpus_file (relative);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = NULL;
  g_autoptr (QrExportScene) scene = NULL;
  g_autoptr (GArray) tris = g_array_new (FALSE, FALSE, sizeof (Tri));
  g_autoptr (GHashTable) by_dist = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                          (GDestroyNotify) g_array_unref);
  /* Patches are surfaces, not solids: what lies behind them says nothing. */
  QrExportOptions options = { .entities = QR_EXPORT_ENTITIES_WORLD, .up = QR_EXPORT_UP_Z, .scale = 1,
                              .no_patches = true };
  GRand *rand = g_rand_new_with_seed (18);
  Solids solids;
  guint covered = 0, hidden = 0, unsure = 0, bad_front = 0, bad_back = 0, uncovered = 0;
  double area_after = 0, area_before = 0;

  if (path == NULL)
    return;
  map = qr_map_load (path, &error);
  g_assert_no_error (error);
  qr_map_build_geometry (map, 0);
  scene = qr_export_scene_from_map (map, &options, NULL);
  g_assert_cmpuint (scene->objects->len, ==, 1);
  solids_init (&solids, map);
  /* The command line reads the map's polytopes; the window's worker
   * builds its own: the same mesh either way. */
  {
    QrExportOptions reuse = options;
    g_autoptr (QrExportScene) again = NULL;

    reuse.map_polytopes = true;
    again = qr_export_scene_from_map (map, &reuse, NULL);
    assert_same_scene (scene, again);
  }

  /* Every triangle: solid behind, nothing that hides it in front. */
  {
    const QrExportObject *o = g_ptr_array_index (scene->objects, 0);

    for (guint p = 0; p < o->primitives->len; p++)
      {
        const QrExportPrimitive *prim = g_ptr_array_index (o->primitives, p);
        const QrExportMaterial *m = g_ptr_array_index (scene->materials, prim->material);
        int layer = qr_export_texture_kind (m->name) == QR_EXPORT_TEXTURE_LIQUID ? 1 : 0;
        const double *pos = (const double *) prim->positions->data;
        const guint32 *idx = (const guint32 *) prim->indices->data;

        for (guint t = 0; t < prim->indices->len; t += 3)
          {
            Tri tri;
            QrVec3 c, cr;
            double area;
            gint64 key;
            GArray *list;

            tri.a = qr_vec3 (pos[3 * idx[t]], pos[3 * idx[t] + 1], pos[3 * idx[t] + 2]);
            tri.b = qr_vec3 (pos[3 * idx[t + 1]], pos[3 * idx[t + 1] + 1], pos[3 * idx[t + 1] + 2]);
            tri.c = qr_vec3 (pos[3 * idx[t + 2]], pos[3 * idx[t + 2] + 1], pos[3 * idx[t + 2] + 2]);
            cr = qr_vec3_cross (qr_vec3_sub (tri.b, tri.a), qr_vec3_sub (tri.c, tri.a));
            area = 0.5 * qr_vec3_length (cr);
            g_assert_cmpfloat (area, >, 0);
            area_after += area;
            tri.n = qr_vec3_scale (cr, 0.5 / area);
            tri.d = qr_vec3_dot (tri.n, tri.a);
            g_array_append_val (tris, tri);
            key = (gint64) floor (tri.d * 4);
            list = g_hash_table_lookup (by_dist, &key);
            if (list == NULL)
              {
                list = g_array_new (FALSE, FALSE, sizeof (guint));
                g_hash_table_insert (by_dist, g_memdup2 (&key, sizeof key), list);
              }
            g_array_append_val (list, (guint) { tris->len - 1 });

            if (area < 1)
              continue; /* slivers: an inner point may sit within DELTA of an edge */
            /* An inner point off the centroid: merged pieces span
             * several brushes, and a centroid of integer corners can fall
             * exactly on the plane where two of them meet. */
            c = qr_vec3_add (qr_vec3_add (qr_vec3_scale (tri.a, 0.3141), qr_vec3_scale (tri.b, 0.2718)),
                             qr_vec3_scale (tri.c, 1 - 0.3141 - 0.2718));
            if (!inside_any (&solids, qr_vec3_mad (c, tri.n, -DELTA), 1, MARGIN))
              {
                if (bad_back < 5)
                  g_printerr ("%s: nothing behind triangle (%g %g %g) (%g %g %g) (%g %g %g) of %s\n", relative,
                              tri.a.x, tri.a.y, tri.a.z, tri.b.x, tri.b.y, tri.b.z, tri.c.x, tri.c.y, tri.c.z, m->name);
                bad_back++;
              }
            if (inside_any (&solids, qr_vec3_mad (c, tri.n, DELTA), layer, MARGIN))
              {
                if (bad_front < 5)
                  g_printerr ("%s: solid in front of triangle (%g %g %g) (%g %g %g) (%g %g %g) of %s\n", relative,
                              tri.a.x, tri.a.y, tri.a.z, tri.b.x, tri.b.y, tri.b.z, tri.c.x, tri.c.y, tri.c.z, m->name);
                bad_front++;
              }
          }
      }
  }
  *tri_count += tris->len;

  /* Every visible point of every drawn face is covered. */
  for (guint i = 0; i < solids.solids->len; i++)
    {
      const Solid *s = &g_array_index (solids.solids, Solid, i);
      const QrPolytope *poly = s->brush->poly;

      for (int f = 0; f < poly->n_faces; f++)
        {
          const uint16_t *idx = qr_polytope_face_indices (poly, f);
          int n = qr_polytope_face_count (poly, f);
          QrVec3 normal = s->planes[f].normal;

          if (n < 3 || qr_export_texture_kind (qr_map_texture_name (map, s->brush->faces[f].texture))
                           == QR_EXPORT_TEXTURE_HIDDEN)
            continue;
          for (int k = 1; k + 1 < n; k++)
            area_before += 0.5 * qr_vec3_length (qr_vec3_cross (qr_vec3_sub (poly->verts[idx[k]], poly->verts[idx[0]]),
                                                                qr_vec3_sub (poly->verts[idx[k + 1]], poly->verts[idx[0]])));
          for (int sample = 0; sample < 3; sample++)
            {
              /* A point well inside one of the fan's triangles. */
              int k = g_rand_int_range (rand, 1, n - 1);
              double w0 = g_rand_double_range (rand, 0.05, 0.9), w1 = g_rand_double_range (rand, 0.05, 0.95 - w0);
              QrVec3 a = poly->verts[idx[0]], b = poly->verts[idx[k]], c = poly->verts[idx[k + 1]];
              QrVec3 p = qr_vec3_add (qr_vec3_add (qr_vec3_scale (a, w0), qr_vec3_scale (b, w1)),
                                      qr_vec3_scale (c, 1 - w0 - w1));
              bool found = false;
              double d = qr_vec3_dot (normal, p);

              if (inside_any (&solids, qr_vec3_mad (p, normal, DELTA), s->layer, MARGIN))
                {
                  hidden++;
                  continue;
                }
              /* Inside a brush, but within the tolerance of its side: on
               * the seam of two brushes that hide it together, or by the
               * edge of a brush meeting the face at a grazing angle. */
              if (inside_any (&solids, qr_vec3_mad (p, normal, DELTA), s->layer, 0)
                  || inside_any (&solids, qr_vec3_mad (p, normal, MARGIN / 10), s->layer, 0))
                {
                  unsure++;
                  continue;
                }
              for (gint64 key = (gint64) floor (d * 4) - 1; key <= (gint64) floor (d * 4) + 1 && !found; key++)
                {
                  GArray *list = g_hash_table_lookup (by_dist, &key);

                  for (guint m = 0; list != NULL && m < list->len && !found; m++)
                    {
                      const Tri *t = &g_array_index (tris, Tri, g_array_index (list, guint, m));
                      QrVec3 e0, e1, e2;

                      /* A triangle of this face, or of one the union took for
                       * it: within QR_EPS_UNION of the point. */
                      if (qr_vec3_dot (t->n, normal) < 0.99 || fabs (qr_vec3_dot (t->n, p) - t->d) > 2 * QR_EPS_UNION)
                        continue;
                      /* Inside the triangle: on the inner side of its three edges. */
                      e0 = qr_vec3_cross (qr_vec3_sub (t->b, t->a), qr_vec3_sub (p, t->a));
                      e1 = qr_vec3_cross (qr_vec3_sub (t->c, t->b), qr_vec3_sub (p, t->b));
                      e2 = qr_vec3_cross (qr_vec3_sub (t->a, t->c), qr_vec3_sub (p, t->c));
                      found = qr_vec3_dot (e0, t->n) >= -1e-6 && qr_vec3_dot (e1, t->n) >= -1e-6
                              && qr_vec3_dot (e2, t->n) >= -1e-6;
                      (void) e0;
                    }
                }
              if (found)
                covered++;
              else
                {
                  if (uncovered < 5)
                    g_printerr ("%s: uncovered point (%g %g %g) of a face of brush %" G_GUINT64_FORMAT "\n",
                                relative, p.x, p.y, p.z, (guint64) s->brush->id);
                  uncovered++;
                }
            }
        }
    }
  g_test_message ("%s: %u triangles (%" G_GUINT64_FORMAT " before union), area %.0f of %.0f; %u samples covered, "
                  "%u hidden, %u too near a seam to judge", relative, tris->len, scene->triangles_before, area_after, area_before,
                  covered, hidden, unsure);
  g_assert_cmpuint (bad_back, ==, 0);
  g_assert_cmpuint (bad_front, ==, 0);
  g_assert_cmpuint (uncovered, ==, 0);
  g_assert_cmpuint (covered, >, 0);
  g_assert_cmpuint (hidden, >, 0);
  g_assert_cmpuint (100 * unsure, <=, covered + hidden);
  /* Hidden faces are gone, and nothing is drawn twice: less area than
   * the faces had. */
  g_assert_cmpfloat (area_after, <, area_before);
  solids_clear (&solids);
  g_rand_free (rand);
}

static void
test_corpus (gconstpointer data)
{
  guint64 n = 0;

  if (!qr_test_corpus_available ())
    return;
  check_map (data, &n);
}

int
main (int argc, char **argv)
{
  static const char *const maps[] = {
    "librequake/lq1/maps/src/e1/e1m3.map",
    "valve220/NewDeralia.map",
    "quake3/spirit3ctfduel1.map",
    "quake/q1_csg.map",
    "valve220/q30_junction.map",
  };

  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (maps); i++)
    {
      g_autofree char *name = g_strdup_printf ("/export/union/%s", maps[i]);

      g_test_add_data_func (name, maps[i], test_corpus);
    }
  return g_test_run ();
}
