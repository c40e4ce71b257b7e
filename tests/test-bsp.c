#include <math.h>
#include <string.h>
#include <glib.h>
#include "qr-bsp.h"
#include "qr-eps.h"
#include "qr-polytope.h"
#include "qr-winding.h"

/* Volumes and areas here are sums of a few dozen products of small integers
 * and clip points: far below this. */
#define TOL 1e-6

/* ------------------------------------------------------------------------
 * Helpers
 */

static QrWinding *
winding_from (const QrVec3 *p, int n)
{
  QrWinding *w = qr_winding_new (n);

  memcpy (w->p, p, sizeof (QrVec3) * (gsize) n);
  w->n = n;
  return w;
}

static QrWinding *
winding_reversed (const QrWinding *w)
{
  QrWinding *r = qr_winding_new (w->n);

  for (int i = 0; i < w->n; i++)
    r->p[i] = w->p[w->n - 1 - i];
  r->n = w->n;
  return r;
}

static bool
windings_identical (const QrWinding *a, const QrWinding *b)
{
  if (a->n != b->n)
    return false;
  for (int i = 0; i < a->n; i++)
    if (!qr_vec3_identical (a->p[i], b->p[i]))
      return false;
  return true;
}

static QrPlane
plane_of (double nx, double ny, double nz, double dist)
{
  QrVec3 n = { nx, ny, nz };

  return (QrPlane) { qr_vec3_scale (n, 1.0 / qr_vec3_length (n)), dist };
}

/* Three points of the compilers' convention for a plane, so that
 * qr_plane_from_points gives it back: normalize ((p0 - p1) x (p2 - p1)) is
 * the normal. Axial planes get exact points. */
static void
plane_points (const QrPlane *plane, QrVec3 out[3])
{
  QrVec3 n = plane->normal;
  QrVec3 helper = fabs (n.x) < 0.6 ? qr_vec3 (1, 0, 0) : qr_vec3 (0, 1, 0);
  QrVec3 u = qr_vec3_cross (n, helper);
  QrVec3 v, c = qr_vec3_scale (n, plane->dist);

  u = qr_vec3_scale (u, 1.0 / qr_vec3_length (u));
  v = qr_vec3_cross (n, u); /* u x v = n */
  out[0] = qr_vec3_mad (c, u, 64);
  out[1] = c;
  out[2] = qr_vec3_mad (c, v, 64);
}

/* The polytope behind all the planes. */
static QrPolytope *
polytope_of (const QrPlane *planes, int n)
{
  g_autoptr (QrPolyBuilder) b = qr_poly_builder_new ();
  g_autofree QrVec3 *points = g_new (QrVec3, 3 * (gsize) n);

  for (int i = 0; i < n; i++)
    {
      QrPlane back;

      plane_points (&planes[i], &points[3 * i]);
      g_assert_true (qr_plane_from_points (&points[3 * i], &back));
      g_assert_true (qr_plane_equal (&back, &planes[i]));
    }
  return qr_polytope_build (b, points, n);
}

/* Volume behind all the planes; 0 when they enclose nothing. Fails the test
 * when the region is unbounded. */
static double
volume_of (const QrPlane *planes, int n)
{
  g_autoptr (QrPolytope) p = polytope_of (planes, n);

  if (p->status == QR_POLY_EMPTY)
    return 0;
  g_assert_cmpstr (qr_poly_status_to_string (p->status), ==, "ok");
  return qr_polytope_volume (p);
}

/* A closed solid's boundary, owning its polygons, planes and tree. */
typedef struct
{
  GPtrArray *polys; /* of QrWinding */
  GArray *planes;   /* of QrPlane, one per polygon */
  QrBspTree *tree;
} Solid;

static void
solid_free (Solid *s)
{
  g_ptr_array_unref (s->polys);
  g_array_unref (s->planes);
  qr_bsp_free (s->tree);
  g_free (s);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Solid, solid_free)

/* Takes polys and planes; builds the tree with the default weights. */
static Solid *
solid_new (GPtrArray *polys, GArray *planes)
{
  Solid *s = g_new0 (Solid, 1);

  g_assert_cmpuint (polys->len, ==, planes->len);
  s->polys = polys;
  s->planes = planes;
  s->tree = qr_bsp_build ((const QrWinding *const *) polys->pdata, (const QrPlane *) planes->data,
                          (int) polys->len, QR_BSP_BALANCE_WEIGHT, QR_BSP_SPLIT_WEIGHT);
  return s;
}

/* The convex brush behind the planes, its face polygons made by the
 * polytope code (independent of the BSP code). */
static Solid *
solid_from_planes (const QrPlane *planes, int n)
{
  g_autoptr (QrPolytope) p = polytope_of (planes, n);
  GPtrArray *polys = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_winding_free);
  GArray *face_planes = g_array_new (FALSE, FALSE, sizeof (QrPlane));

  g_assert_cmpint (p->status, ==, QR_POLY_OK);
  for (int f = 0; f < n; f++)
    {
      int count = qr_polytope_face_count (p, f);
      const uint16_t *idx = qr_polytope_face_indices (p, f);
      QrWinding *w;

      if (count == 0)
        continue;
      w = qr_winding_new (count);
      for (int k = 0; k < count; k++)
        w->p[k] = p->verts[idx[k]];
      w->n = count;
      g_ptr_array_add (polys, w);
      g_array_append_val (face_planes, planes[f]);
    }
  return solid_new (polys, face_planes);
}

/* Faces -x, +x, -y, +y, -z, +z of the box [mn, mx]. */
static void
box_planes (QrVec3 mn, QrVec3 mx, QrPlane out[6])
{
  out[0] = plane_of (-1, 0, 0, -mn.x);
  out[1] = plane_of (1, 0, 0, mx.x);
  out[2] = plane_of (0, -1, 0, -mn.y);
  out[3] = plane_of (0, 1, 0, mx.y);
  out[4] = plane_of (0, 0, -1, -mn.z);
  out[5] = plane_of (0, 0, 1, mx.z);
}

static Solid *
solid_box (QrVec3 mn, QrVec3 mx)
{
  QrPlane planes[6];

  box_planes (mn, mx, planes);
  return solid_from_planes (planes, 6);
}

static QrBspSolid
bsp_solid (const Solid *s)
{
  return (QrBspSolid) {
    (const QrWinding *const *) s->polys->pdata,
    (const QrPlane *) s->planes->data,
    (int) s->polys->len,
    s->tree,
  };
}

static double
total_area (const GPtrArray *polys)
{
  double area = 0;

  for (guint i = 0; i < polys->len; i++)
    area += qr_winding_area (polys->pdata[i]);
  return area;
}

/* The divergence theorem over the polygons: the volume they enclose when
 * they face outward, computed from the polygons alone. */
static double
enclosed_volume (const GPtrArray *polys)
{
  double v = 0;

  for (guint i = 0; i < polys->len; i++)
    {
      const QrWinding *w = polys->pdata[i];

      v += qr_vec3_dot (qr_points_newell (w->p, w->n), w->p[0]);
    }
  return v / 6;
}

/* Every polygon valid on its plane. */
static void
assert_polygons_valid (const GPtrArray *polys, const GArray *planes)
{
  g_assert_cmpuint (polys->len, ==, planes->len);
  for (guint i = 0; i < polys->len; i++)
    g_assert_true (qr_winding_check (polys->pdata[i], &g_array_index (planes, QrPlane, i), TOL));
}

/* The tree written out with planes named after `names` (matched with
 * qr_plane_equal), E for empty and S for solid leaves: "name(front,back)". */
static void
append_tree (GString *s, const QrBspNode *node, const QrPlane *planes, const char *const *names,
             int n)
{
  int i;

  if (node->kind != QR_BSP_BRANCH)
    {
      g_string_append_c (s, node->kind == QR_BSP_SOLID ? 'S' : 'E');
      return;
    }
  for (i = 0; i < n && !qr_plane_equal (&node->plane, &planes[i]); i++)
    ;
  g_string_append (s, i < n ? names[i] : "?");
  g_string_append_c (s, '(');
  append_tree (s, node->front, planes, names, n);
  g_string_append_c (s, ',');
  append_tree (s, node->back, planes, names, n);
  g_string_append_c (s, ')');
}

static char *
tree_string (const QrBspTree *t, const QrPlane *planes, const char *const *names, int n)
{
  GString *s = g_string_new (NULL);

  append_tree (s, qr_bsp_root (t), planes, names, n);
  return g_string_free (s, FALSE);
}

/* "p0(E,p1(E,…p{n-1}(E,S)…))": the right-linear tree of planes p0…p{n-1}. */
static char *
right_linear_string (int n)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    g_string_append_printf (s, "p%d(E,", i);
  g_string_append_c (s, 'S');
  for (int i = 0; i < n; i++)
    g_string_append_c (s, ')');
  return g_string_free (s, FALSE);
}

static char **
plane_names (int n)
{
  char **names = g_new0 (char *, (gsize) n + 1);

  for (int i = 0; i < n; i++)
    names[i] = g_strdup_printf ("p%d", i);
  return names;
}

/* ------------------------------------------------------------------------
 * The example world: an L-shaped room in plan, its six walls extruded from
 * z = 0 to z = 1 (the report's Figure B.4 is a 2D world of six walls; its
 * geometry is not in the text, so this one is ours, chosen to give the
 * figure's counts). Corners counter-clockwise, solid inside:
 *
 *   (0,4) e5 (2,4)
 *     e6       e4
 *     |     (2,2) e3 (4,2)
 *     |                e2
 *   (0,0)      e1     (4,0)
 */

static const double l_corners[6][2] = { { 0, 0 }, { 4, 0 }, { 4, 2 }, { 2, 2 }, { 2, 4 }, { 0, 4 } };
static const char *const l_names[6] = { "e1", "e2", "e3", "e4", "e5", "e6" };

/* Wall i runs from corner i to corner i + 1, facing out (right of its run). */
static void
l_wall (int i, QrWinding **w, QrPlane *plane)
{
  const double *a = l_corners[i], *b = l_corners[(i + 1) % 6];
  const QrVec3 p[4] = { { a[0], a[1], 0 }, { b[0], b[1], 0 }, { b[0], b[1], 1 }, { a[0], a[1], 1 } };

  *plane = plane_of (b[1] - a[1], a[0] - b[0], 0, 0);
  plane->dist = qr_vec3_dot (plane->normal, p[0]);
  *w = winding_from (p, 4);
  g_assert_true (qr_winding_check (*w, plane, TOL));
}

/* The walls listed in the given order (indices into e1…e6), and the tree;
 * walls[i] is the plane of e(i+1). */
static QrBspTree *
l_world_tree (const int *order, double balance_weight, double split_weight, QrPlane walls[6])
{
  QrWinding *all[6];
  const QrWinding *polys[6];
  QrPlane planes[6];
  QrBspTree *t;

  for (int i = 0; i < 6; i++)
    l_wall (i, &all[i], &walls[i]);
  for (int i = 0; i < 6; i++)
    {
      polys[i] = all[order[i]];
      planes[i] = walls[order[i]];
    }
  t = qr_bsp_build (polys, planes, 6, balance_weight, split_weight);
  for (int i = 0; i < 6; i++)
    qr_winding_free (all[i]);
  return t;
}

static const int l_in_order[6] = { 0, 1, 2, 3, 4, 5 };

static bool
in_l (double x, double y)
{
  return x >= 0 && y >= 0 && ((x <= 4 && y <= 2) || (x <= 2 && y <= 4));
}

/* Points a quarter off the half-unit grid: never on a wall's plane. */
static void
assert_l_containment (const QrBspTree *t)
{
  int inside = 0;

  for (double x = -1.25; x < 5.5; x += 0.5)
    for (double y = -1.25; y < 5.5; y += 0.5)
      {
        bool want = in_l (x, y);

        /* The walls are infinitely tall to the tree: z does not matter. */
        g_assert_cmpint (qr_bsp_contains (t, qr_vec3 (x, y, 0.5)), ==, want);
        g_assert_cmpint (qr_bsp_contains (t, qr_vec3 (x, y, -40)), ==, want);
        inside += want;
      }
  g_assert_cmpint (inside, ==, 48); /* 12 square units, four points each */
}

/* β = 8, σ = 1, by hand. Root candidates: e1, e2, e5, e6 have the five other
 * walls behind them (8·5 = 40); e3 (y <= 2) has e4, e5 in front, e1, e2
 * behind and splits e6 (8·0 + 1 = 1), and so has e4 (x <= 2: e2, e3 in
 * front, e5, e6 behind, e1 split). The tie goes to e3, the first. In front
 * of it e4, e5 and e6's upper half are three sides of a convex room: each
 * has the other two behind (8·2 = 16), so e4, then e5 (8·1), then e6, a
 * right-linear chain. Behind it e1, e2 and e6's lower half likewise. Nodes:
 * 7 branches + 8 leaves = 15 (the report's Figure B.5(a): 15 and 8). */
static void
test_example_default (void)
{
  QrPlane walls[6];
  g_autoptr (QrBspTree) t = l_world_tree (l_in_order, QR_BSP_BALANCE_WEIGHT, QR_BSP_SPLIT_WEIGHT,
                                          walls);
  g_autofree char *s = tree_string (t, walls, l_names, 6);

  g_assert_cmpstr (s, ==, "e3(e4(E,e5(E,e6(E,S))),e1(E,e2(E,e6(E,S))))");
  g_assert_cmpint (qr_bsp_count_nodes (t), ==, 15);
  g_assert_cmpint (qr_bsp_count_leaves (t), ==, 8);
  g_assert_cmpint (qr_bsp_depth (t), ==, 4);
  assert_l_containment (t);
}

/* β = 8, σ = 1000, by hand. Root: e3 and e4 now cost 1000 for their split,
 * the rest 40: e1 (first). Left with e2…e6: e4 has e2, e3 in front and e5,
 * e6 behind and splits nothing (0), beating 32 (e2, e5, e6) and 1008 (e3,
 * which still splits e6). In front of e4: e2 then e3 (8 each, first wins);
 * behind: e5 then e6. Nodes: 6 branches + 7 leaves = 13 (Figure B.5(c): 13
 * and 7, no wall split). */
static void
test_example_split_weight (void)
{
  QrPlane walls[6];
  g_autoptr (QrBspTree) t = l_world_tree (l_in_order, QR_BSP_BALANCE_WEIGHT, 1000, walls);
  g_autofree char *s = tree_string (t, walls, l_names, 6);

  g_assert_cmpstr (s, ==, "e1(E,e4(e2(E,e3(E,S)),e5(E,e6(E,S))))");
  g_assert_cmpint (qr_bsp_count_nodes (t), ==, 13);
  g_assert_cmpint (qr_bsp_count_leaves (t), ==, 7);
  g_assert_cmpint (qr_bsp_depth (t), ==, 4);
  assert_l_containment (t);
}

/* The same world with e4 listed before e3: the tie at the root now goes to
 * e4, which splits e1 at x = 2. In front (x > 2): e1's right half, e2, e3,
 * a chain in that order; behind: e1's left half, e5, e6. */
static void
test_example_tie_order (void)
{
  static const int order[6] = { 0, 1, 3, 2, 4, 5 };
  QrPlane walls[6];
  g_autoptr (QrBspTree) t = l_world_tree (order, QR_BSP_BALANCE_WEIGHT, QR_BSP_SPLIT_WEIGHT, walls);
  g_autofree char *s = tree_string (t, walls, l_names, 6);

  g_assert_cmpstr (s, ==, "e4(e1(E,e2(E,e3(E,S))),e1(E,e5(E,e6(E,S))))");
  g_assert_cmpint (qr_bsp_count_nodes (t), ==, 15);
  g_assert_cmpint (qr_bsp_count_leaves (t), ==, 8);
  assert_l_containment (t);
}

/* Listing 2 on the example: the solid leaf behind e6's upper half has e6,
 * e5, e4 as they are and e3 turned around (the leaf is in front of it);
 * with caps at z = 0 and 1 each solid leaf is one rectangle of the L. */
static void
test_example_leaf_planes (void)
{
  QrPlane walls[6];
  g_autoptr (QrBspTree) t = l_world_tree (l_in_order, QR_BSP_BALANCE_WEIGHT, QR_BSP_SPLIT_WEIGHT,
                                          walls);
  g_autoptr (QrBspTree) t2 = l_world_tree (l_in_order, QR_BSP_BALANCE_WEIGHT, 1000, walls);
  g_autoptr (GPtrArray) leaves = qr_bsp_dup_leaves (t, QR_BSP_SOLID);
  g_autoptr (GPtrArray) empty = qr_bsp_dup_leaves (t, QR_BSP_EMPTY);
  g_autoptr (GArray) first = NULL;
  const QrPlane want[4] = { walls[5], walls[4], walls[3], qr_plane_flip (walls[2]) };
  const QrPlane caps[2] = { plane_of (0, 0, -1, 0), plane_of (0, 0, 1, 1) };
  /* Rectangles [0,2]x[2,4] and [0,4]x[0,2] by default; [2,4]x[0,2] and
   * [0,2]x[0,4] with the large split weight. */
  const double areas[2] = { 4, 8 };
  const QrBspTree *trees[2] = { t, t2 };

  g_assert_cmpuint (leaves->len, ==, 2);
  g_assert_cmpuint (empty->len, ==, 6);
  first = qr_bsp_leaf_planes (leaves->pdata[0]);
  g_assert_cmpuint (first->len, ==, 4);
  for (int i = 0; i < 4; i++)
    {
      const QrPlane *got = &g_array_index (first, QrPlane, i);

      g_assert_true (qr_vec3_identical (got->normal, want[i].normal));
      g_assert_true (got->dist == want[i].dist);
    }

  for (int k = 0; k < 2; k++)
    {
      g_autoptr (GPtrArray) sets = qr_bsp_solid_leaf_plane_sets (trees[k]);

      g_assert_cmpuint (sets->len, ==, 2);
      for (guint i = 0; i < sets->len; i++)
        {
          GArray *planes = g_array_copy (sets->pdata[i]);

          g_array_append_vals (planes, caps, 2);
          g_assert_cmpfloat_with_epsilon (volume_of ((const QrPlane *) planes->data,
                                                     (int) planes->len),
                                          areas[i], TOL);
          g_array_unref (planes);
        }
    }
}

/* ------------------------------------------------------------------------
 * Boxes and convex brushes
 */

static const QrVec3 box_mn = { 1, -2, 0 }, box_mx = { 5, 3, 7 };

static bool
in_box (QrVec3 p, QrVec3 mn, QrVec3 mx)
{
  return p.x >= mn.x && p.x <= mx.x && p.y >= mn.y && p.y <= mx.y && p.z >= mn.z && p.z <= mx.z;
}

/* Every point of a half-unit grid around the box, its faces included (a
 * point on a plane goes to the back): contained exactly when in the closed
 * box. */
static void
assert_box_containment (const QrBspTree *t, QrVec3 mn, QrVec3 mx)
{
  int inside = 0, total = 0;

  for (double x = mn.x - 1; x <= mx.x + 1; x += 0.5)
    for (double y = mn.y - 1; y <= mx.y + 1; y += 0.5)
      for (double z = mn.z - 1; z <= mx.z + 1; z += 0.5)
        {
          QrVec3 p = { x, y, z };
          bool want = in_box (p, mn, mx);

          g_assert_cmpint (qr_bsp_contains (t, p), ==, want);
          inside += want;
          total++;
        }
  g_assert_cmpint (inside, ==, (int) (((mx.x - mn.x) * 2 + 1) * ((mx.y - mn.y) * 2 + 1)
                                      * ((mx.z - mn.z) * 2 + 1)));
  g_assert_cmpint (total, >, inside);
}

static void
test_right_linear_box (void)
{
  QrPlane planes[6];
  g_autoptr (QrBspTree) t = NULL;
  g_auto (GStrv) names = plane_names (6);
  g_autofree char *s = NULL;
  g_autofree char *want = right_linear_string (6);

  box_planes (box_mn, box_mx, planes);
  t = qr_bsp_build_right_linear (planes, 6);
  s = tree_string (t, planes, (const char *const *) names, 6);
  g_assert_cmpstr (s, ==, want);
  g_assert_cmpint (qr_bsp_count_nodes (t), ==, 13);
  g_assert_cmpint (qr_bsp_count_leaves (t), ==, 7);
  g_assert_cmpint (qr_bsp_depth (t), ==, 6);
  assert_box_containment (t, box_mn, box_mx);
}

/* The faces of a convex brush each have every other face behind them, so
 * every candidate costs 8 · (faces left − 1) and the first wins: building
 * from the polygons gives the right-linear tree in face order. */
static void
test_build_box (void)
{
  g_autoptr (Solid) box = solid_box (box_mn, box_mx);
  g_auto (GStrv) names = plane_names (6);
  g_autofree char *s = tree_string (box->tree, (const QrPlane *) box->planes->data,
                                    (const char *const *) names, 6);
  g_autofree char *want = right_linear_string (6);

  g_assert_cmpuint (box->polys->len, ==, 6);
  g_assert_cmpstr (s, ==, want);
  g_assert_cmpint (qr_bsp_count_nodes (box->tree), ==, 13);
  assert_box_containment (box->tree, box_mn, box_mx);
}

/* A slanted brush: an octagonal prism with non-axial sides. */
static void
octagon_planes (QrPlane out[10])
{
  for (int i = 0; i < 8; i++)
    {
      double a = G_PI / 8 + i * G_PI / 4;

      out[i] = plane_of (cos (a), sin (a), 0, 3.5);
    }
  out[8] = plane_of (0, 0, -1, 1);
  out[9] = plane_of (0, 0, 1, 2.5);
}

static void
test_build_convex (void)
{
  QrPlane planes[10];
  g_autoptr (Solid) prism = NULL;
  g_auto (GStrv) names = plane_names (10);
  g_autofree char *s = NULL;
  g_autofree char *want = right_linear_string (10);
  g_autoptr (GRand) rand = g_rand_new_with_seed (4);

  octagon_planes (planes);
  prism = solid_from_planes (planes, 10);
  s = tree_string (prism->tree, planes, (const char *const *) names, 10);
  g_assert_cmpstr (s, ==, want);
  g_assert_cmpint (qr_bsp_count_leaves (prism->tree), ==, 11);

  for (int i = 0; i < 2000; i++)
    {
      QrVec3 q = { g_rand_double_range (rand, -5, 5), g_rand_double_range (rand, -5, 5),
                   g_rand_double_range (rand, -2, 4) };
      double worst = -INFINITY;

      for (int k = 0; k < 10; k++)
        worst = MAX (worst, qr_plane_distance_to (&planes[k], q));
      if (fabs (worst) < 1e-3)
        continue; /* too close to the boundary to call */
      g_assert_cmpint (qr_bsp_contains (prism->tree, q), ==, worst < 0);
    }
}

static void
test_empty_inputs (void)
{
  g_autoptr (QrBspTree) none = qr_bsp_build (NULL, NULL, 0, 8, 1);
  g_autoptr (QrBspTree) all = qr_bsp_build_right_linear (NULL, 0);

  g_assert_cmpint (qr_bsp_root (none)->kind, ==, QR_BSP_EMPTY);
  g_assert_cmpint (qr_bsp_count_nodes (none), ==, 1);
  g_assert_cmpint (qr_bsp_depth (none), ==, 0);
  g_assert_false (qr_bsp_contains (none, qr_vec3 (0, 0, 0)));
  g_assert_cmpint (qr_bsp_root (all)->kind, ==, QR_BSP_SOLID);
  g_assert_true (qr_bsp_contains (all, qr_vec3 (1e5, -3, 2)));
}

/* The solid leaf of a box's tree, built either way, bounds exactly the box. */
static void
test_leaf_planes_box (void)
{
  QrPlane planes[6];
  g_autoptr (QrBspTree) linear = NULL;
  g_autoptr (Solid) built = solid_box (box_mn, box_mx);
  const QrBspTree *trees[2];

  box_planes (box_mn, box_mx, planes);
  linear = qr_bsp_build_right_linear (planes, 6);
  trees[0] = linear;
  trees[1] = built->tree;
  for (int k = 0; k < 2; k++)
    {
      g_autoptr (GPtrArray) sets = qr_bsp_solid_leaf_plane_sets (trees[k]);
      GArray *set;
      g_autoptr (QrPolytope) p = NULL;

      g_assert_cmpuint (sets->len, ==, 1);
      set = sets->pdata[0];
      g_assert_cmpuint (set->len, ==, 6);
      p = polytope_of ((const QrPlane *) set->data, (int) set->len);
      g_assert_cmpint (p->status, ==, QR_POLY_OK);
      g_assert_cmpfloat_with_epsilon (qr_polytope_volume (p), 4 * 5 * 7, TOL);
      g_assert_true (qr_vec3_equal (p->bounds.min, box_mn));
      g_assert_true (qr_vec3_equal (p->bounds.max, box_mx));
    }
}

/* The leaves' regions tile space: for a box the solid leaf holds the box and
 * each empty leaf's planes put the box's centre in front of one of them. */
static void
test_leaf_planes_empty (void)
{
  QrPlane planes[6];
  g_autoptr (QrBspTree) t = NULL;
  g_autoptr (GPtrArray) empty = NULL;
  QrVec3 centre = qr_vec3_scale (qr_vec3_add (box_mn, box_mx), 0.5);

  box_planes (box_mn, box_mx, planes);
  t = qr_bsp_build_right_linear (planes, 6);
  empty = qr_bsp_dup_leaves (t, QR_BSP_EMPTY);
  g_assert_cmpuint (empty->len, ==, 6);
  for (guint i = 0; i < empty->len; i++)
    {
      g_autoptr (GArray) set = qr_bsp_leaf_planes (empty->pdata[i]);
      const QrPlane *last = &g_array_index (set, QrPlane, 0);
      QrPlane flipped = qr_plane_flip (planes[i]);

      /* Leaf i lies in front of plane i and behind the ones before it. */
      g_assert_cmpuint (set->len, ==, i + 1);
      g_assert_true (qr_plane_equal (last, &flipped));
      g_assert_cmpfloat (qr_plane_distance_to (last, centre), >, 0);
      for (guint k = 1; k < set->len; k++)
        g_assert_cmpfloat (qr_plane_distance_to (&g_array_index (set, QrPlane, k), centre), <, 0);
    }
}

/* ------------------------------------------------------------------------
 * Clipping
 */

/* A 2 x 2 square on the box's top face z = 7, inside the face. */
static QrWinding *
top_square (double x0)
{
  const QrVec3 p[4] = { { x0, 0, 7 }, { x0 + 2, 0, 7 }, { x0 + 2, 2, 7 }, { x0, 2, 7 } };

  return winding_from (p, 4);
}

typedef struct
{
  QrBspCoplanar policy;
  bool same_back, opposite_back;
} PolicyCase;

static const PolicyCase policy_cases[] = {
  { QR_BSP_COPLANAR_UNION_FIRST, true, true },
  { QR_BSP_COPLANAR_UNION_SECOND, false, true },
  { QR_BSP_COPLANAR_INTERSECTION_FIRST, true, false },
  { QR_BSP_COPLANAR_INTERSECTION_SECOND, false, false },
  { QR_BSP_COPLANAR_BACK, true, true },
};

/* A polygon lying on the box's top plane goes to the back (then into the
 * solid leaf: it is inside every other face) or the front (the empty leaf
 * in front of the top) as the policy says for its facing. */
static void
test_clip_coplanar_policies (void)
{
  QrPlane planes[6];
  g_autoptr (QrBspTree) t = NULL;
  g_autoptr (QrWinding) same = top_square (2);
  g_autoptr (QrWinding) opposite = winding_reversed (same);

  box_planes (box_mn, box_mx, planes);
  t = qr_bsp_build_right_linear (planes, 6);
  g_assert_true (qr_winding_check (same, &planes[5], TOL));
  for (guint c = 0; c < G_N_ELEMENTS (policy_cases); c++)
    {
      const QrBspClipFunctor *f = qr_bsp_polygon_functor (policy_cases[c].policy);

      for (int facing = 0; facing < 2; facing++)
        {
          const QrWinding *w = facing == 0 ? same : opposite;
          bool back = facing == 0 ? policy_cases[c].same_back : policy_cases[c].opposite_back;

          for (int want_solid = 0; want_solid < 2; want_solid++)
            {
              g_autoptr (GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_winding_free);
              bool kept = back == (want_solid != 0);

              g_test_message ("policy %u facing %d solid %d", c, facing, want_solid);
              g_assert_cmpint (qr_bsp_clip (t, w, f, want_solid, out), ==, kept);
              g_assert_cmpuint (out->len, ==, kept ? 1 : 0);
              if (kept)
                g_assert_true (windings_identical (out->pdata[0], w));
            }
        }
    }
}

/* A square on the top plane reaching past the box's −x face is split there:
 * the part outside ends in the empty leaf in front of −x; the part over the
 * face meets the top plane and follows the policy. When that is the front
 * too, both parts are empty and the square comes back whole, unsplit. */
static void
test_clip_coplanar_partial (void)
{
  QrPlane planes[6];
  g_autoptr (QrBspTree) t = NULL;
  g_autoptr (QrWinding) w = top_square (0); /* x 0…2, the box starts at x = 1 */

  box_planes (box_mn, box_mx, planes);
  t = qr_bsp_build_right_linear (planes, 6);
  for (guint c = 0; c < G_N_ELEMENTS (policy_cases); c++)
    {
      const QrBspClipFunctor *f = qr_bsp_polygon_functor (policy_cases[c].policy);
      bool back = policy_cases[c].same_back;
      g_autoptr (GPtrArray) solid = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_winding_free);
      g_autoptr (GPtrArray) empty = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_winding_free);

      g_assert_false (qr_bsp_clip (t, w, f, true, solid));
      g_assert_cmpuint (solid->len, ==, back ? 1 : 0);
      g_assert_cmpfloat_with_epsilon (total_area (solid), back ? 2 : 0, TOL);

      g_assert_cmpint (qr_bsp_clip (t, w, f, false, empty), ==, !back);
      g_assert_cmpuint (empty->len, ==, 1);
      g_assert_cmpfloat_with_epsilon (total_area (empty), back ? 2 : 4, TOL);
      if (!back)
        g_assert_true (windings_identical (empty->pdata[0], w));
    }
}

/* Listing 5's merge: a floor-parallel square across e3 inside the L has both
 * halves in solid leaves, so the whole square survives, as it was. One
 * reaching past the inner corner loses the 1 x 1 corner to empty space. */
static void
test_clip_merge (void)
{
  QrPlane walls[6];
  g_autoptr (QrBspTree) t = l_world_tree (l_in_order, QR_BSP_BALANCE_WEIGHT, QR_BSP_SPLIT_WEIGHT,
                                          walls);
  const QrBspClipFunctor *f = qr_bsp_polygon_functor (QR_BSP_COPLANAR_UNION_FIRST);
  const QrVec3 inner_pts[4] = { { 0.5, 1, 0.5 }, { 1.5, 1, 0.5 }, { 1.5, 3, 0.5 }, { 0.5, 3, 0.5 } };
  const QrVec3 corner_pts[4] = { { 1, 1, 0.5 }, { 3, 1, 0.5 }, { 3, 3, 0.5 }, { 1, 3, 0.5 } };
  g_autoptr (QrWinding) inner = winding_from (inner_pts, 4);
  g_autoptr (QrWinding) corner = winding_from (corner_pts, 4);
  g_autoptr (GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_winding_free);
  g_autoptr (GPtrArray) solid = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_winding_free);
  g_autoptr (GPtrArray) empty = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_winding_free);

  g_assert_cmpint (qr_winding_classify (inner, &walls[2], QR_EPS_ON_PLANE), ==, QR_SIDE_SPAN);
  g_assert_true (qr_bsp_clip (t, inner, f, true, out));
  g_assert_cmpuint (out->len, ==, 1);
  g_assert_true (windings_identical (out->pdata[0], inner));
  g_ptr_array_set_size (out, 0);
  g_assert_false (qr_bsp_clip (t, inner, f, false, out));
  g_assert_cmpuint (out->len, ==, 0);

  g_assert_false (qr_bsp_clip (t, corner, f, true, solid));
  g_assert_false (qr_bsp_clip (t, corner, f, false, empty));
  g_assert_cmpfloat_with_epsilon (total_area (solid), 3, TOL);
  g_assert_cmpfloat_with_epsilon (total_area (empty), 1, TOL);
  g_assert_cmpuint (empty->len, ==, 1);
  for (guint i = 0; i < solid->len; i++)
    g_assert_true (in_l (qr_winding_center (solid->pdata[i]).x,
                         qr_winding_center (solid->pdata[i]).y));
  g_assert_false (in_l (qr_winding_center (empty->pdata[0]).x,
                        qr_winding_center (empty->pdata[0]).y));
}

/* The walk is generic: a functor for line segments, counting its splits
 * through user_data. */
typedef struct
{
  QrVec3 a, b;
} Segment;

static QrSide
segment_classify (const void *entity, const QrPlane *plane, void *user_data)
{
  const Segment *s = entity;
  double da = qr_plane_distance_to (plane, s->a), db = qr_plane_distance_to (plane, s->b);
  bool front = da > QR_EPS_ON_PLANE || db > QR_EPS_ON_PLANE;
  bool back = da < -QR_EPS_ON_PLANE || db < -QR_EPS_ON_PLANE;

  return front && back ? QR_SIDE_SPAN : front ? QR_SIDE_FRONT : back ? QR_SIDE_BACK : QR_SIDE_ON;
}

static void
segment_split (const void *entity, const QrPlane *plane, void **front, void **back,
               void *user_data)
{
  const Segment *s = entity;
  double da = qr_plane_distance_to (plane, s->a), db = qr_plane_distance_to (plane, s->b);
  QrVec3 mid = qr_vec3_mad (s->a, qr_vec3_sub (s->b, s->a), da / (da - db));
  Segment *sa = g_new (Segment, 1), *sb = g_new (Segment, 1);

  *sa = (Segment) { s->a, mid };
  *sb = (Segment) { mid, s->b };
  *front = da > 0 ? sa : sb;
  *back = da > 0 ? sb : sa;
  (*(int *) user_data)++;
}

static bool
segment_pass_back (const void *entity, const QrPlane *plane, void *user_data)
{
  return true;
}

static void *
segment_copy (const void *entity, void *user_data)
{
  return g_memdup2 (entity, sizeof (Segment));
}

static void
segment_free (void *entity, void *user_data)
{
  g_free (entity);
}

static double
segments_length (const GPtrArray *segs)
{
  double len = 0;

  for (guint i = 0; i < segs->len; i++)
    {
      const Segment *s = segs->pdata[i];

      len += qr_vec3_dist (s->a, s->b);
    }
  return len;
}

static void
test_clip_generic (void)
{
  QrPlane walls[6];
  g_autoptr (QrBspTree) t = l_world_tree (l_in_order, QR_BSP_BALANCE_WEIGHT, QR_BSP_SPLIT_WEIGHT,
                                          walls);
  int splits = 0;
  const QrBspClipFunctor f = {
    segment_classify, segment_split, segment_pass_back, segment_copy, segment_free, &splits,
  };
  const Segment across = { { -1, 3, 0.5 }, { 5, 3, 0.5 } }; /* crosses the L's upper arm */
  const Segment inside = { { 1, 1, 0.5 }, { 1, 3, 0.5 } };  /* crosses e3 inside the L */
  g_autoptr (GPtrArray) solid = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) empty = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) whole = g_ptr_array_new_with_free_func (g_free);
  const Segment *w;

  g_assert_false (qr_bsp_clip (t, &across, &f, true, solid));
  g_assert_false (qr_bsp_clip (t, &across, &f, false, empty));
  g_assert_cmpint (splits, >, 0);
  g_assert_cmpuint (solid->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (segments_length (solid), 2, TOL);
  g_assert_cmpfloat_with_epsilon (segments_length (empty), 4, TOL);

  splits = 0;
  g_assert_true (qr_bsp_clip (t, &inside, &f, true, whole));
  g_assert_cmpint (splits, ==, 1);
  g_assert_cmpuint (whole->len, ==, 1);
  w = whole->pdata[0];
  g_assert_true (qr_vec3_identical (w->a, inside.a) && qr_vec3_identical (w->b, inside.b));
}

/* The always-back policy turns a plane set into the polygons of its brush:
 * the same faces, area for area, as the polytope's, with redundant planes
 * (one far off, one grazing an edge) giving none. */
static void
test_polygons_from_planes (void)
{
  QrPlane planes[12];
  g_autoptr (GArray) out_planes = g_array_new (FALSE, FALSE, sizeof (QrPlane));
  g_autoptr (GPtrArray) polys = NULL;
  g_autoptr (Solid) reference = NULL;

  octagon_planes (planes);
  planes[10] = plane_of (1, 0, 0, 100);
  /* Facing π/4, between sides 0 and 1 (π/8 and 3π/8), through their
   * shared vertical edge at 3.5 / cos (π/8) from the axis: touches only it. */
  planes[11] = plane_of (1, 1, 0, 3.5 / cos (G_PI / 8));
  polys = qr_bsp_polygons_from_planes (planes, 12, out_planes);
  reference = solid_from_planes (planes, 12);

  g_assert_cmpuint (polys->len, ==, 10);
  g_assert_cmpuint (reference->polys->len, ==, 10);
  assert_polygons_valid (polys, out_planes);
  for (guint i = 0; i < polys->len; i++)
    {
      g_assert_true (qr_plane_equal (&g_array_index (out_planes, QrPlane, i),
                                     &g_array_index (reference->planes, QrPlane, i)));
      g_assert_cmpfloat_with_epsilon (qr_winding_area (polys->pdata[i]),
                                      qr_winding_area (reference->polys->pdata[i]), TOL);
    }
  g_assert_cmpfloat_with_epsilon (enclosed_volume (polys), volume_of (planes, 10), TOL);
}

/* ------------------------------------------------------------------------
 * Unions and intersections of boxes, against counts of unit cells: boxes
 * with integer corners inside [-2, 10)^3.
 */

#define GRID_MIN (-2)
#define GRID_SIZE 12

typedef struct
{
  QrVec3 mn, mx;
} Box;

typedef bool (*CellTest) (const Box *boxes, int n, int x, int y, int z);

static bool
cell_in_box (const Box *b, int x, int y, int z)
{
  return x >= b->mn.x && x + 1 <= b->mx.x && y >= b->mn.y && y + 1 <= b->mx.y && z >= b->mn.z
         && z + 1 <= b->mx.z;
}

static bool
cell_in_any (const Box *boxes, int n, int x, int y, int z)
{
  for (int i = 0; i < n; i++)
    if (cell_in_box (&boxes[i], x, y, z))
      return true;
  return false;
}

static bool
cell_in_all (const Box *boxes, int n, int x, int y, int z)
{
  for (int i = 0; i < n; i++)
    if (!cell_in_box (&boxes[i], x, y, z))
      return false;
  return true;
}

/* Cells inside, and unit faces between a cell inside and one outside. */
static void
count_cells (const Box *boxes, int n, CellTest test, int *volume, int *area)
{
  *volume = *area = 0;
  for (int x = GRID_MIN; x < GRID_MIN + GRID_SIZE; x++)
    for (int y = GRID_MIN; y < GRID_MIN + GRID_SIZE; y++)
      for (int z = GRID_MIN; z < GRID_MIN + GRID_SIZE; z++)
        {
          bool in = test (boxes, n, x, y, z);

          *volume += in;
          *area += in != test (boxes, n, x + 1, y, z);
          *area += in != test (boxes, n, x, y + 1, z);
          *area += in != test (boxes, n, x, y, z + 1);
        }
}

/* Cell centres against the tree, and the solid leaves as convex pieces:
 * bounded, pairwise disjoint, adding up to the volume. */
static void
assert_tree_matches_cells (const QrBspTree *t, const Box *boxes, int n, CellTest test,
                           int volume)
{
  g_autoptr (GPtrArray) sets = qr_bsp_solid_leaf_plane_sets (t);
  double sum = 0;

  for (int x = GRID_MIN; x < GRID_MIN + GRID_SIZE; x++)
    for (int y = GRID_MIN; y < GRID_MIN + GRID_SIZE; y++)
      for (int z = GRID_MIN; z < GRID_MIN + GRID_SIZE; z++)
        g_assert_cmpint (qr_bsp_contains (t, qr_vec3 (x + 0.5, y + 0.5, z + 0.5)), ==,
                         test (boxes, n, x, y, z));

  for (guint i = 0; i < sets->len; i++)
    {
      GArray *a = sets->pdata[i];

      sum += volume_of ((const QrPlane *) a->data, (int) a->len);
      for (guint k = i + 1; k < sets->len; k++)
        {
          g_autoptr (GArray) both = g_array_copy (a);
          GArray *b = sets->pdata[k];

          g_array_append_vals (both, b->data, b->len);
          g_assert_cmpfloat (volume_of ((const QrPlane *) both->data, (int) both->len), <, TOL);
        }
    }
  g_assert_cmpfloat_with_epsilon (sum, volume, TOL);
}

typedef enum { OP_UNION, OP_INTERSECTION } Op;

/* The boundary of the boxes combined left to right (Appendix C's
 * symmetric_op), then checked: valid polygons, area and enclosed volume of
 * the cell counts, and the tree built from them. */
static void
check_boxes (const Box *boxes, int n, Op op)
{
  CellTest test = op == OP_UNION ? cell_in_any : cell_in_all;
  g_autoptr (Solid) acc = solid_box (boxes[0].mn, boxes[0].mx);
  int volume, area;

  for (int i = 1; i < n; i++)
    {
      g_autoptr (Solid) next = solid_box (boxes[i].mn, boxes[i].mx);
      QrBspSolid a = bsp_solid (acc), b = bsp_solid (next);
      GArray *planes = g_array_new (FALSE, FALSE, sizeof (QrPlane));
      GPtrArray *polys = op == OP_UNION ? qr_bsp_union_polygons (&a, &b, planes)
                                        : qr_bsp_intersection_polygons (&a, &b, planes);

      solid_free (acc);
      acc = solid_new (polys, planes);
    }

  count_cells (boxes, n, test, &volume, &area);
  g_test_message ("%s of %d boxes: volume %d, area %d, %u polygons, %d nodes",
                  op == OP_UNION ? "union" : "intersection", n, volume, area, acc->polys->len,
                  qr_bsp_count_nodes (acc->tree));
  assert_polygons_valid (acc->polys, acc->planes);
  g_assert_cmpfloat_with_epsilon (total_area (acc->polys), area, TOL);
  g_assert_cmpfloat_with_epsilon (enclosed_volume (acc->polys), volume, TOL);
  if (volume > 0)
    assert_tree_matches_cells (acc->tree, boxes, n, test, volume);
  else
    g_assert_cmpuint (acc->polys->len, ==, 0);
}

#define BOX(a, b, c, d, e, f) { { a, b, c }, { d, e, f } }

static const Box corner_overlap[] = { BOX (0, 0, 0, 4, 4, 4), BOX (2, 2, 2, 6, 6, 6) };
/* Top and bottom faces on the same planes, facing the same way. */
static const Box shared_planes[] = { BOX (0, 0, 0, 4, 4, 4), BOX (2, 1, 0, 6, 3, 4) };
/* Touching face to face: the faces meet facing opposite ways. */
static const Box touching[] = { BOX (0, 0, 0, 2, 2, 2), BOX (2, 0, 0, 4, 2, 2) };
static const Box nested[] = { BOX (0, 0, 0, 6, 6, 6), BOX (1, 1, 1, 3, 3, 3) };
static const Box identical[] = { BOX (0, 0, 0, 2, 3, 4), BOX (0, 0, 0, 2, 3, 4) };
static const Box apart[] = { BOX (0, 0, 0, 1, 1, 1), BOX (3, 3, 3, 4, 4, 4) };
static const Box cross[] = { BOX (0, 2, 0, 8, 4, 2), BOX (2, 0, 0, 4, 8, 2) };
static const Box three[] = { BOX (0, 0, 0, 4, 4, 4), BOX (2, 2, 1, 6, 6, 3), BOX (1, -1, 2, 3, 5, 5) };
static const Box stack[] = { BOX (0, 0, 0, 6, 2, 2), BOX (0, 0, 2, 2, 2, 5),
                             BOX (1, 0, 1, 7, 2, 3) };

typedef struct
{
  const char *name;
  const Box *boxes;
  int n;
} BoxCase;

static const BoxCase box_cases[] = {
  { "corner-overlap", corner_overlap, 2 },
  { "shared-planes", shared_planes, 2 },
  { "touching", touching, 2 },
  { "nested", nested, 2 },
  { "identical", identical, 2 },
  { "apart", apart, 2 },
  { "cross", cross, 2 },
  { "three", three, 3 },
  { "stack", stack, 3 },
};

static void
test_union_case (gconstpointer data)
{
  const BoxCase *c = data;

  check_boxes (c->boxes, c->n, OP_UNION);
}

static void
test_intersection_case (gconstpointer data)
{
  const BoxCase *c = data;

  check_boxes (c->boxes, c->n, OP_INTERSECTION);
}

/* The union's area is not simply the sum: two overlapping boxes lose the
 * faces inside each other, by hand for the corner overlap: 2 · 96 − 2 · 12. */
static void
test_union_by_hand (void)
{
  g_autoptr (Solid) a = solid_box (qr_vec3 (0, 0, 0), qr_vec3 (4, 4, 4));
  g_autoptr (Solid) b = solid_box (qr_vec3 (2, 2, 2), qr_vec3 (6, 6, 6));
  QrBspSolid sa = bsp_solid (a), sb = bsp_solid (b);
  g_autoptr (GPtrArray) u = qr_bsp_union_polygons (&sa, &sb, NULL);
  g_autoptr (GPtrArray) i = qr_bsp_intersection_polygons (&sa, &sb, NULL);

  g_assert_cmpfloat_with_epsilon (total_area (u), 168, TOL);
  g_assert_cmpfloat_with_epsilon (enclosed_volume (u), 2 * 64 - 8, TOL);
  g_assert_cmpfloat_with_epsilon (total_area (i), 24, TOL);
  g_assert_cmpfloat_with_epsilon (enclosed_volume (i), 8, TOL);
}

/* Random points against a union of two slanted brushes. */
static void
test_union_containment_random (void)
{
  QrPlane oct[10], shifted[10];
  g_autoptr (Solid) a = NULL;
  g_autoptr (Solid) b = NULL;
  g_autoptr (Solid) u = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240601);
  GArray *planes = g_array_new (FALSE, FALSE, sizeof (QrPlane));
  QrBspSolid sa, sb;
  int inside = 0;

  octagon_planes (oct);
  for (int i = 0; i < 10; i++)
    {
      QrVec3 offset = { 2.25, 1.5, 0.75 };

      shifted[i] = oct[i];
      shifted[i].dist += qr_vec3_dot (oct[i].normal, offset);
    }
  a = solid_from_planes (oct, 10);
  b = solid_from_planes (shifted, 10);
  sa = bsp_solid (a);
  sb = bsp_solid (b);
  u = solid_new (qr_bsp_union_polygons (&sa, &sb, planes), planes);
  assert_polygons_valid (u->polys, u->planes);

  for (int n = 0; n < 5000; n++)
    {
      QrVec3 q = { g_rand_double_range (rand, -5, 7), g_rand_double_range (rand, -5, 7),
                   g_rand_double_range (rand, -2, 5) };
      double da = -INFINITY, db = -INFINITY;
      bool want;

      for (int k = 0; k < 10; k++)
        {
          da = MAX (da, qr_plane_distance_to (&oct[k], q));
          db = MAX (db, qr_plane_distance_to (&shifted[k], q));
        }
      if (fabs (da) < 1e-3 || fabs (db) < 1e-3)
        continue; /* too near a face to call */
      want = da < 0 || db < 0;
      g_assert_cmpint (qr_bsp_contains (u->tree, q), ==, want);
      g_assert_cmpint (qr_bsp_contains (a->tree, q), ==, da < 0);
      inside += want;
    }
  g_assert_cmpint (inside, >, 500);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/geom/bsp/example/default-weights", test_example_default);
  g_test_add_func ("/geom/bsp/example/large-split-weight", test_example_split_weight);
  g_test_add_func ("/geom/bsp/example/tie-order", test_example_tie_order);
  g_test_add_func ("/geom/bsp/example/leaf-planes", test_example_leaf_planes);
  g_test_add_func ("/geom/bsp/build/right-linear-box", test_right_linear_box);
  g_test_add_func ("/geom/bsp/build/box", test_build_box);
  g_test_add_func ("/geom/bsp/build/convex", test_build_convex);
  g_test_add_func ("/geom/bsp/build/empty", test_empty_inputs);
  g_test_add_func ("/geom/bsp/leaf-planes/box", test_leaf_planes_box);
  g_test_add_func ("/geom/bsp/leaf-planes/empty-leaves", test_leaf_planes_empty);
  g_test_add_func ("/geom/bsp/clip/coplanar-policies", test_clip_coplanar_policies);
  g_test_add_func ("/geom/bsp/clip/coplanar-partial", test_clip_coplanar_partial);
  g_test_add_func ("/geom/bsp/clip/merge", test_clip_merge);
  g_test_add_func ("/geom/bsp/clip/generic", test_clip_generic);
  g_test_add_func ("/geom/bsp/polygons-from-planes", test_polygons_from_planes);
  for (guint i = 0; i < G_N_ELEMENTS (box_cases); i++)
    {
      g_autofree char *u = g_strdup_printf ("/geom/bsp/union/%s", box_cases[i].name);
      g_autofree char *n = g_strdup_printf ("/geom/bsp/intersection/%s", box_cases[i].name);

      g_test_add_data_func (u, &box_cases[i], test_union_case);
      g_test_add_data_func (n, &box_cases[i], test_intersection_case);
    }
  g_test_add_func ("/geom/bsp/union/by-hand", test_union_by_hand);
  g_test_add_func ("/geom/bsp/union/containment-random", test_union_containment_random);

  return g_test_run ();
}
