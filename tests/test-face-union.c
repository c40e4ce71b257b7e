/* The union of brushes' faces (qr-face-union.c), checked by facts that do
 * not come from the union code: areas of the outer boundary, watertight
 * meshes (every edge used once each way), and no triangle of an inner
 * brush. */
#include <math.h>
#include <string.h>
#include <glib.h>
#include "qr-face-union.h"
#include "qr-radix-sort.h"
#include "qr-winding.h"

typedef struct
{
  QrPolytope *poly;
  QrPlane planes[6];
  QrVec3 points[18];
} Box;

/* An axial box [mn, mx] as three points per face (the compilers'
 * convention: normal = (p0 − p1) × (p2 − p1) points out). */
static void
box_init (Box *b, QrPolyBuilder *builder, QrVec3 mn, QrVec3 mx)
{
  for (int axis = 0, f = 0; axis < 3; axis++)
    for (int side = 0; side < 2; side++, f++)
      {
        int u = (axis + 1) % 3, v = (axis + 2) % 3;
        double c[3] = { mn.x, mn.y, mn.z };
        double pu[3], pv[3];

        if (side)
          c[axis] = qr_vec3_get (mx, axis);
        memcpy (pu, c, sizeof c);
        memcpy (pv, c, sizeof c);
        pu[u] += 1;
        pv[v] += 1;
        /* e_u × e_v = e_axis: (pu, c, pv) faces +axis, (pv, c, pu) −axis. */
        b->points[3 * f] = side ? qr_vec3 (pu[0], pu[1], pu[2]) : qr_vec3 (pv[0], pv[1], pv[2]);
        b->points[3 * f + 1] = qr_vec3 (c[0], c[1], c[2]);
        b->points[3 * f + 2] = side ? qr_vec3 (pv[0], pv[1], pv[2]) : qr_vec3 (pu[0], pu[1], pu[2]);
        g_assert_true (qr_plane_from_points (b->points + 3 * f, &b->planes[f]));
        g_assert_cmpfloat (qr_vec3_get (b->planes[f].normal, axis), ==, (side ? 1.0 : -1.0));
      }
  b->poly = qr_polytope_build (builder, b->points, 6);
  g_assert_cmpint (b->poly->status, ==, QR_POLY_OK);
}

typedef struct
{
  GArray *tris; /* QrVec3, 3 per triangle */
  double area;
} Mesh;

/* Union, T-junctions, triangles: the whole pipeline. */
static Mesh
mesh_of (Box *boxes, int n, const int *layers)
{
  g_autofree QrUnionBrush *in = g_new0 (QrUnionBrush, n);
  g_autoptr (QrUnionResult) r = NULL;
  Mesh m = { g_array_new (FALSE, FALSE, sizeof (QrVec3)), 0 };

  for (int i = 0; i < n; i++)
    {
      in[i].poly = boxes[i].poly;
      in[i].planes = boxes[i].planes;
      in[i].layer = layers != NULL ? layers[i] : 0;
    }
  r = qr_face_union (in, n, 0);
  qr_union_fix_t_junctions (r, 0);
  for (guint i = 0; i < r->pieces->len; i++)
    {
      const QrUnionPiece *pc = &g_array_index (r->pieces, QrUnionPiece, i);
      const QrVec3 *p = &g_array_index (r->points, QrVec3, pc->first);
      QrVec3 normal = in[pc->brush].planes[pc->face].normal;
      g_autofree int *idx = g_new (int, 3 * pc->n);
      int t = qr_polygon_triangulate (p, pc->n, normal, idx);

      for (int k = 0; k < t; k++)
        {
          QrVec3 a = p[idx[3 * k]], b = p[idx[3 * k + 1]], c = p[idx[3 * k + 2]];
          QrVec3 cr = qr_vec3_cross (qr_vec3_sub (b, a), qr_vec3_sub (c, a));

          /* Counter-clockwise from outside, never flat. */
          g_assert_cmpfloat (qr_vec3_dot (cr, normal), >, 1e-9);
          m.area += 0.5 * qr_vec3_length (cr);
          g_array_append_val (m.tris, a);
          g_array_append_val (m.tris, b);
          g_array_append_val (m.tris, c);
        }
    }
  return m;
}

static bool
same (QrVec3 a, QrVec3 b)
{
  return a.x == b.x && a.y == b.y && a.z == b.z;
}

/* Every directed edge has exactly one partner running the other way,
 * between exactly equal points: no crack, no T-junction, no doubled face. */
static void
assert_watertight (const Mesh *m)
{
  const QrVec3 *v = (const QrVec3 *) m->tris->data;
  guint n = m->tris->len;

  for (guint e = 0; e < n; e++)
    {
      QrVec3 a = v[e], b = v[e % 3 == 2 ? e - 2 : e + 1];
      int twins = 0, repeats = 0;

      for (guint f = 0; f < n; f++)
        {
          QrVec3 c = v[f], d = v[f % 3 == 2 ? f - 2 : f + 1];

          twins += same (a, d) && same (b, c);
          repeats += same (a, c) && same (b, d);
        }
      if (twins != 1 || repeats != 1)
        g_error ("edge (%g %g %g)-(%g %g %g): %d opposite, %d same way", a.x, a.y, a.z, b.x, b.y, b.z, twins,
                 repeats);
    }
}

static void
mesh_clear (Mesh *m)
{
  g_array_unref (m->tris);
}

/* The issue's own example: two cubes side by side are one box, 6 sides
 * of 2 triangles; the faces where they touch are gone. */
static void
test_two_cubes (void)
{
  g_autoptr (QrPolyBuilder) builder = qr_poly_builder_new ();
  Box b[2];
  Mesh m;

  box_init (&b[0], builder, qr_vec3 (0, 0, 0), qr_vec3 (64, 64, 64));
  box_init (&b[1], builder, qr_vec3 (64, 0, 0), qr_vec3 (128, 64, 64));
  m = mesh_of (b, 2, NULL);
  g_assert_cmpuint (m.tris->len / 3, ==, 12);
  g_assert_cmpfloat_with_epsilon (m.area, 2 * (128.0 * 64 + 128.0 * 64 + 64.0 * 64), 1e-6);
  assert_watertight (&m);
  for (guint i = 0; i < m.tris->len; i++)
    g_assert_cmpfloat (fabs (g_array_index (m.tris, QrVec3, i).x - 64), >, 0); /* no corner on the seam */
  mesh_clear (&m);
  for (int i = 0; i < 2; i++)
    qr_polytope_free (b[i].poly);
}

/* A cube inside another leaves nothing of itself; a cube sharing one
 * face's plane with the outer one (flush with its floor) neither. */
static void
test_inner_cube (void)
{
  g_autoptr (QrPolyBuilder) builder = qr_poly_builder_new ();
  Box b[3];
  Mesh m;

  box_init (&b[0], builder, qr_vec3 (-128, -128, -128), qr_vec3 (128, 128, 128));
  box_init (&b[1], builder, qr_vec3 (-16, -16, -16), qr_vec3 (16, 16, 16));
  box_init (&b[2], builder, qr_vec3 (0, 0, -128), qr_vec3 (32, 32, 0));
  m = mesh_of (b, 3, NULL);
  g_assert_cmpuint (m.tris->len / 3, ==, 12);
  g_assert_cmpfloat_with_epsilon (m.area, 6 * 256.0 * 256, 1e-6);
  assert_watertight (&m);
  mesh_clear (&m);

  /* The same with the inner ones first: the outer face wins on the floor
   * whatever the order, as the inner face lies inside the outer brush. */
  {
    Box c[3] = { b[1], b[2], b[0] };

    m = mesh_of (c, 3, NULL);
    g_assert_cmpuint (m.tris->len / 3, ==, 12);
    assert_watertight (&m);
    mesh_clear (&m);
  }
  for (int i = 0; i < 3; i++)
    qr_polytope_free (b[i].poly);
}

/* A staircase: each step's front face meets the riser below along part
 * of its edge. The long edges must get the short ones' corners (T-
 * junctions), or the mesh has cracks there. */
static void
test_staircase (void)
{
  g_autoptr (QrPolyBuilder) builder = qr_poly_builder_new ();
  Box b[4];
  Mesh m;
  double area = 0;

  for (int i = 0; i < 4; i++)
    box_init (&b[i], builder, qr_vec3 (0, 0, 16 * i), qr_vec3 (128 - 32 * i, 64, 16 * (i + 1)));
  m = mesh_of (b, 4, NULL);
  assert_watertight (&m);
  /* Surface of the stair solid: top and bottom projections, the two side
   * profiles, the back and the risers. */
  area = 2 * 128.0 * 64;                                          /* all treads + bottom */
  area += 2 * 16.0 * (128 + 96 + 64 + 32);                        /* the two side profiles */
  area += 64.0 * 64;                                              /* back (x = 0) */
  area += 4 * 16.0 * 64;                                          /* risers */
  g_assert_cmpfloat_with_epsilon (m.area, area, 1e-6);
  mesh_clear (&m);
  for (int i = 0; i < 4; i++)
    qr_polytope_free (b[i].poly);
}

/* Layers: water (layer 1) in a pit keeps its surface and loses its sides
 * against the walls; the walls keep the faces the water touches. */
static void
test_layers (void)
{
  g_autoptr (QrPolyBuilder) builder = qr_poly_builder_new ();
  Box b[2];
  const int layers[2] = { 0, 1 };
  Mesh m;

  box_init (&b[0], builder, qr_vec3 (0, 0, 0), qr_vec3 (64, 64, 64));
  box_init (&b[1], builder, qr_vec3 (0, 0, 64), qr_vec3 (64, 64, 96)); /* water on top, flush */
  m = mesh_of (b, 2, layers);
  /* The solid's 6 faces stay (its top is under water, not under solid);
   * the water loses its bottom (inside the solid's plane, facing in). */
  g_assert_cmpuint (m.tris->len / 3, ==, 12 + 10);
  mesh_clear (&m);
  for (int i = 0; i < 2; i++)
    qr_polytope_free (b[i].poly);
}

/* Triangles of a convex polygon with extra corners on its sides: n − 2
 * triangles minus none, none flat, areas summing to the polygon's. */
static void
test_triangulate (void)
{
  /* A 4 × 2 rectangle with corners in the middle of three sides. */
  const QrVec3 p[] = { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { 4, 0, 0 }, { 4, 1, 0 },
                       { 4, 2, 0 }, { 0, 2, 0 }, { 0, 1, 0 } };
  int idx[3 * 6];
  int n = qr_polygon_triangulate (p, 8, qr_vec3 (0, 0, 1), idx);
  double area = 0;

  g_assert_cmpint (n, ==, 6);
  for (int k = 0; k < n; k++)
    {
      QrVec3 cr = qr_vec3_cross (qr_vec3_sub (p[idx[3 * k + 1]], p[idx[3 * k]]),
                                 qr_vec3_sub (p[idx[3 * k + 2]], p[idx[3 * k]]));

      g_assert_cmpfloat (cr.z, >, 0);
      area += 0.5 * cr.z;
    }
  g_assert_cmpfloat_with_epsilon (area, 8, 1e-12);
}

/* The radix sort orders by key and keeps equal keys in input order, for
 * few records (sorted by insertion) and many (by passes), keys with
 * digits all records share (passes skipped) and keys using all 64 bits;
 * the sort by s orders by s. */
static void
test_radix_sort (void)
{
  static const gsize sizes[] = { 0, 1, 2, 63, 64, 65, 5000 };
  static const int bits[] = { 42, 64 };
  g_autoptr (GRand) rand = g_rand_new_with_seed (18);

  for (gsize si = 0; si < G_N_ELEMENTS (sizes); si++)
    for (gsize bi = 0; bi < G_N_ELEMENTS (bits); bi++)
      {
        gsize n = sizes[si];
        g_autofree QrKeyed *at = g_new (QrKeyed, MAX (n, 1));
        g_autofree QrKeyed *tmp = g_new (QrKeyed, MAX (n, 1));
        g_autofree int *seen = g_new0 (int, MAX (n, 1));
        const QrKeyed *sorted;

        for (gsize i = 0; i < n; i++)
          {
            /* Few distinct keys, spread over the low and high digits, so
             * many are equal and some digits vary only in some records. */
            guint64 k = (guint64) g_rand_int_range (rand, 0, 40);
            guint64 key = (k & 7) | (k >> 3) << (bits[bi] - 3);

            at[i] = (QrKeyed) { key, (double) i, (int) i, -(int) i };
          }
        sorted = qr_radix_sort (at, tmp, n, bits[bi]);
        g_assert_true (sorted == at || sorted == tmp);
        for (gsize i = 0; i < n; i++)
          {
            g_assert_cmpint (sorted[i].b, ==, -sorted[i].a);
            g_assert_cmpfloat (sorted[i].s, ==, sorted[i].a);
            seen[sorted[i].a]++;
            if (i > 0)
              {
                g_assert_cmpuint (sorted[i - 1].key, <=, sorted[i].key);
                if (sorted[i - 1].key == sorted[i].key)
                  g_assert_cmpint (sorted[i - 1].a, <, sorted[i].a);
              }
          }
        for (gsize i = 0; i < n; i++)
          g_assert_cmpint (seen[i], ==, 1);

        /* By s: a line's corners along it, few (insertion) or many. */
        for (gsize i = 0; i < n; i++)
          at[i].s = g_rand_double_range (rand, -8, 8);
        qr_keyed_sort_s (at, n);
        for (gsize i = 1; i < n; i++)
          g_assert_cmpfloat (at[i - 1].s, <=, at[i].s);
      }
}

/* A box whose top slopes down along x to half its height: its top's
 * edges along x run off the axes. */
static void
wedge_init (Box *b, QrPolyBuilder *builder, QrVec3 mn, QrVec3 mx)
{
  double mid = 0.5 * (mn.z + mx.z);

  box_init (b, builder, mn, mx);
  qr_polytope_free (b->poly);
  /* The +z face (the sixth): normal (B − A) × (C − A) points up and +x. */
  b->points[15] = qr_vec3 (mx.x, mn.y, mid);
  b->points[16] = qr_vec3 (mn.x, mn.y, mx.z);
  b->points[17] = qr_vec3 (mn.x, mx.y, mx.z);
  g_assert_true (qr_plane_from_points (b->points + 15, &b->planes[5]));
  g_assert_cmpfloat (b->planes[5].normal.z, >, 0);
  b->poly = qr_polytope_build (builder, b->points, 6);
  g_assert_cmpint (b->poly->status, ==, QR_POLY_OK);
}

static void
assert_same_result (const QrUnionResult *a, const QrUnionResult *b)
{
  g_assert_cmpuint (a->pieces->len, ==, b->pieces->len);
  g_assert_cmpuint (a->points->len, ==, b->points->len);
  g_assert_cmpmem (a->pieces->data, sizeof (QrUnionPiece) * a->pieces->len, b->pieces->data,
                   sizeof (QrUnionPiece) * b->pieces->len);
  g_assert_cmpmem (a->points->data, sizeof (QrVec3) * a->points->len, b->points->data,
                   sizeof (QrVec3) * b->points->len);
}

/* Threads split the work, never the answer: a block of rooms (boxes of
 * two heights side by side, so their faces meet in T-junctions, and
 * wedges, whose sloped tops have edges off the axes) gives the very same
 * pieces and points from one thread, two and three. */
static void
test_threads (void)
{
  enum { N = 14 };
  g_autoptr (QrPolyBuilder) builder = qr_poly_builder_new ();
  g_autofree Box *boxes = g_new0 (Box, 2 * N * N);
  g_autofree QrUnionBrush *in = NULL;
  g_autoptr (QrUnionResult) one = NULL;
  int n = 0, inserted_one;

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
        QrVec3 mn = qr_vec3 (64 * i, 64 * j, 0), mx = qr_vec3 (64 * i + 64, 64 * j + 64, 32 + 16 * ((i + j) % 3));

        if ((i * 7 + j) % 5 == 0)
          wedge_init (&boxes[n++], builder, mn, mx);
        else
          box_init (&boxes[n++], builder, mn, mx);
        /* Half the cells have a ledge on top of half of them. */
        if ((i + 2 * j) % 2 == 0)
          box_init (&boxes[n++], builder, qr_vec3 (64 * i, 64 * j, 96), qr_vec3 (64 * i + 32, 64 * j + 64, 128));
      }
  in = g_new0 (QrUnionBrush, n);
  for (int i = 0; i < n; i++)
    in[i] = (QrUnionBrush) { .poly = boxes[i].poly, .planes = boxes[i].planes };
  one = qr_face_union (in, n, 1);
  inserted_one = qr_union_fix_t_junctions (one, 1);
  g_assert_cmpint (inserted_one, >, 0);
  for (int threads = 2; threads <= 3; threads++)
    {
      g_autoptr (QrUnionResult) many = qr_face_union (in, n, threads);

      g_assert_cmpint (qr_union_fix_t_junctions (many, threads), ==, inserted_one);
      assert_same_result (one, many);
    }
  for (int i = 0; i < n; i++)
    qr_polytope_free (boxes[i].poly);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/geom/face-union/two-cubes", test_two_cubes);
  g_test_add_func ("/geom/face-union/inner-cube", test_inner_cube);
  g_test_add_func ("/geom/face-union/staircase", test_staircase);
  g_test_add_func ("/geom/face-union/layers", test_layers);
  g_test_add_func ("/geom/face-union/triangulate", test_triangulate);
  g_test_add_func ("/geom/face-union/threads", test_threads);
  g_test_add_func ("/geom/radix-sort", test_radix_sort);
  return g_test_run ();
}
