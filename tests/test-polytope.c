#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib.h>
#include "qr-polytope.h"
#include "qr-winding.h"
#include "qr-test-assert.h"

/* Tolerance for computed (non-axial) vertices and for qr_polytope_check. */
#define TOL 1e-6

/* ------------------------------------------------------------------------
 * Brushes as the files give them: three points per face, clockwise seen from
 * outside, so that normalize ((p0 - p1) x (p2 - p1)) points out. The helpers
 * check their own output with qr_plane_from_points.
 */

typedef GArray Brush; /* of QrVec3, 3 per face */

static Brush *
brush_new (void)
{
  return g_array_new (FALSE, FALSE, sizeof (QrVec3));
}

static void
brush_free (Brush *b)
{
  g_array_unref (b);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Brush, brush_free)

static int
brush_n_faces (const Brush *b)
{
  return (int) b->len / 3;
}

static const QrVec3 *
brush_points (const Brush *b)
{
  return (const QrVec3 *) b->data;
}

static QrVec3
normalized (QrVec3 v)
{
  return qr_vec3_scale (v, 1.0 / qr_vec3_length (v));
}

/* Appends a face as three literal points, as read from a file. */
static void
add_points (Brush *b, QrVec3 p0, QrVec3 p1, QrVec3 p2)
{
  g_array_append_val (b, p0);
  g_array_append_val (b, p1);
  g_array_append_val (b, p2);
}

/* Appends three points and asserts their plane's normal points along `out`. */
static void
add_points_facing (Brush *b, QrVec3 p0, QrVec3 p1, QrVec3 p2, QrVec3 out)
{
  const QrVec3 p[3] = { p0, p1, p2 };
  QrPlane plane;

  g_assert_true (qr_plane_from_points (p, &plane));
  g_assert_cmpfloat (qr_vec3_dot (plane.normal, normalized (out)), >, 1.0 - 1e-12);
  add_points (b, p0, p1, p2);
}

/* The face normal · x <= dist, for any outward normal (not necessarily unit). */
static void
add_face (Brush *b, QrVec3 normal, double dist)
{
  QrVec3 n = normalized (normal);
  QrVec3 helper = fabs (n.x) < 0.6 ? qr_vec3 (1, 0, 0) : qr_vec3 (0, 1, 0);
  QrVec3 u = normalized (qr_vec3_cross (n, helper));
  QrVec3 v = qr_vec3_cross (n, u);  /* u x v = n */
  QrVec3 p1 = qr_vec3_scale (n, dist);
  QrVec3 p[3] = { qr_vec3_mad (p1, u, 64), p1, qr_vec3_mad (p1, v, 64) };
  QrPlane plane;

  g_assert_true (qr_plane_from_points (p, &plane));
  g_assert_cmpfloat_with_epsilon (plane.normal.x, n.x, 1e-12);
  g_assert_cmpfloat_with_epsilon (plane.normal.y, n.y, 1e-12);
  g_assert_cmpfloat_with_epsilon (plane.normal.z, n.z, 1e-12);
  g_assert_cmpfloat_with_epsilon (plane.dist, dist, 1e-9 * fmax (1, fabs (dist)));
  add_points (b, p[0], p[1], p[2]);
}

/* An axial box as editors that write corner points give it: faces -x, +x,
 * -y, +y, -z, +z, each through three corners of the box. */
static void
add_box (Brush *b, QrVec3 mn, QrVec3 mx)
{
  for (int axis = 0; axis < 3; axis++)
    for (int side = 0; side < 2; side++)
      {
        int ax_b = (axis + 1) % 3, ax_c = (axis + 2) % 3;
        QrVec3 p1 = mn, pb, pc, normal = { 0, 0, 0 };
        const QrVec3 *p[3];
        QrVec3 pts[3];
        QrPlane plane;

        if (side == 1)
          qr_vec3_set (&p1, axis, qr_vec3_get (mx, axis));
        pb = p1, pc = p1;
        qr_vec3_set (&pb, ax_b, qr_vec3_get (mx, ax_b));
        qr_vec3_set (&pc, ax_c, qr_vec3_get (mx, ax_c));
        /* e_b x e_c = e_axis: (pb, p1, pc) faces +axis, (pc, p1, pb) faces -axis. */
        p[0] = side ? &pb : &pc;
        p[1] = &p1;
        p[2] = side ? &pc : &pb;
        for (int i = 0; i < 3; i++)
          pts[i] = *p[i];

        qr_vec3_set (&normal, axis, side ? 1 : -1);
        g_assert_true (qr_plane_from_points (pts, &plane));
        g_assert_cmpfloat_with_epsilon (qr_vec3_dot (plane.normal, normal), 1, 1e-15);
        g_assert_cmpfloat_with_epsilon (plane.dist,
                                        side ? qr_vec3_get (mx, axis) : -qr_vec3_get (mn, axis),
                                        1e-12 * fmax (1, qr_vec3_max_abs (mx)));
        add_points (b, pts[0], pts[1], pts[2]);
      }
}

/* The same box from (normal, dist) faces: works for zero or negative thickness. */
static void
add_box_faces (Brush *b, QrVec3 mn, QrVec3 mx)
{
  for (int axis = 0; axis < 3; axis++)
    {
      QrVec3 n = { 0, 0, 0 };

      qr_vec3_set (&n, axis, -1);
      add_face (b, n, -qr_vec3_get (mn, axis));
      qr_vec3_set (&n, axis, 1);
      add_face (b, n, qr_vec3_get (mx, axis));
    }
}

static void
brush_remove_face (Brush *b, int face)
{
  g_array_remove_range (b, 3 * (guint) face, 3);
}

static Brush *
brush_translated (const Brush *b, QrVec3 offset)
{
  Brush *t = brush_new ();

  for (guint i = 0; i < b->len; i++)
    {
      QrVec3 p = qr_vec3_add (g_array_index (b, QrVec3, i), offset);

      g_array_append_val (t, p);
    }
  return t;
}

static QrPolytope *
build (const Brush *b)
{
  g_autoptr (QrPolyBuilder) builder = qr_poly_builder_new ();

  return qr_polytope_build (builder, brush_points (b), brush_n_faces (b));
}

/* ------------------------------------------------------------------------
 * Assertions on a polytope.
 */

static QrPlane
face_plane (const Brush *b, int face)
{
  QrPlane plane;

  g_assert_true (qr_plane_from_points (brush_points (b) + 3 * face, &plane));
  return plane;
}

static QrVec3
polygon_newell (const QrPolytope *p, int face)
{
  const uint16_t *idx = qr_polytope_face_indices (p, face);
  int n = qr_polytope_face_count (p, face);
  g_autofree QrVec3 *loop = g_new (QrVec3, MAX (n, 1));

  for (int k = 0; k < n; k++)
    loop[k] = p->verts[idx[k]];
  return qr_points_newell (loop, n);
}

/* Valid, by qr_polytope_check and by checks of our own that do not rely on it. */
static void
assert_valid (const QrPolytope *p, const Brush *b, double tolerance)
{
  g_autofree char *why = NULL;
  g_autofree int *uses = NULL;
  QrBounds bounds = qr_bounds_empty ();
  int n_polygons = 0;

  g_assert_nonnull (p);
  if (p->status != QR_POLY_OK)
    {
      g_autofree char *reason = qr_polytope_dup_reason (p);

      g_test_message ("status: %s", reason);
    }
  g_assert_cmpint (p->status, ==, QR_POLY_OK);
  g_assert_cmpint (p->bad_face, ==, -1);
  g_assert_cmpint (p->n_faces, ==, brush_n_faces (b));

  if (!qr_polytope_check (p, brush_points (b), tolerance, &why))
    g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, why);
  g_assert_null (why);

  g_assert_cmpint (p->face_start[0], ==, 0);
  uses = g_new0 (int, MAX (p->n_verts, 1));
  for (int i = 0; i < p->n_faces; i++)
    {
      QrPlane plane = face_plane (b, i);
      const uint16_t *idx = qr_polytope_face_indices (p, i);
      int n = qr_polytope_face_count (p, i);

      g_assert_cmpint (p->face_start[i + 1], >=, p->face_start[i]);
      if (n == 0)
        continue;
      g_assert_cmpint (n, >=, 3);
      n_polygons++;
      /* Counter-clockwise seen from outside. */
      g_assert_cmpfloat (qr_vec3_dot (polygon_newell (p, i), plane.normal), >, 0);
      for (int k = 0; k < n; k++)
        {
          g_assert_cmpint (idx[k], <, p->n_verts);
          g_assert_cmpint (idx[k], !=, idx[(k + 1) % n]);
          g_assert_cmpfloat (fabs (qr_plane_distance_to (&plane, p->verts[idx[k]])), <=, tolerance);
          uses[idx[k]]++;
        }
    }
  g_assert_cmpint (n_polygons, ==, qr_polytope_polygon_count (p));
  g_assert_cmpint (p->n_verts - p->n_edges + n_polygons, ==, 2);

  for (int v = 0; v < p->n_verts; v++)
    {
      /* Every corner of a polyhedron joins at least three faces. */
      g_assert_cmpint (uses[v], >=, 3);
      for (int i = 0; i < p->n_faces; i++)
        {
          QrPlane plane = face_plane (b, i);

          g_assert_cmpfloat (qr_plane_distance_to (&plane, p->verts[v]), <=, tolerance);
        }
      qr_bounds_add_point (&bounds, p->verts[v]);
    }

  for (int e = 0; e < p->n_edges; e++)
    {
      g_assert_cmpint (p->edges[2 * e], <, p->edges[2 * e + 1]);
      g_assert_cmpint (p->edges[2 * e + 1], <, p->n_verts);
      for (int f = 0; f < e; f++)
        g_assert_false (p->edges[2 * f] == p->edges[2 * e] && p->edges[2 * f + 1] == p->edges[2 * e + 1]);
    }

  g_assert_true (qr_vec3_equal (p->bounds.min, bounds.min));
  g_assert_true (qr_vec3_equal (p->bounds.max, bounds.max));
  g_assert_cmpfloat (qr_polytope_volume (p), >, 0);
}

static void
assert_invalid (const QrPolytope *p, const Brush *b, QrPolyStatus status, int bad_face)
{
  g_autofree char *why = NULL;

  g_assert_nonnull (p);
  g_assert_cmpstr (qr_poly_status_to_string (p->status), ==, qr_poly_status_to_string (status));
  g_assert_cmpint (p->bad_face, ==, bad_face);
  g_assert_cmpint (p->n_faces, ==, brush_n_faces (b));
  g_assert_cmpint (p->n_verts, ==, 0);
  g_assert_cmpint (p->n_edges, ==, 0);
  g_assert_cmpint (qr_polytope_polygon_count (p), ==, 0);
  for (int i = 0; i < p->n_faces; i++)
    g_assert_cmpint (qr_polytope_face_count (p, i), ==, 0);
  g_assert_true (qr_bounds_is_empty (p->bounds));
  g_assert_cmpfloat (qr_polytope_volume (p), ==, 0);
  g_assert_false (qr_polytope_check (p, brush_points (b), TOL, &why));
  g_assert_nonnull (why);
}

/* How many vertices equal v exactly. */
static int
count_exact (const QrPolytope *p, QrVec3 v)
{
  int n = 0;

  for (int i = 0; i < p->n_verts; i++)
    n += qr_vec3_equal (p->verts[i], v);
  return n;
}

static int
count_near (const QrPolytope *p, QrVec3 v, double tolerance)
{
  int n = 0;

  for (int i = 0; i < p->n_verts; i++)
    n += qr_vec3_max_abs (qr_vec3_sub (p->verts[i], v)) <= tolerance;
  return n;
}

static void
assert_vertex_exact (const QrPolytope *p, QrVec3 v)
{
  if (count_exact (p, v) != 1)
    {
      for (int i = 0; i < p->n_verts; i++)
        g_test_message ("vertex %d: %.17g %.17g %.17g", i, p->verts[i].x, p->verts[i].y, p->verts[i].z);
      g_test_message ("wanted exactly once: %.17g %.17g %.17g", v.x, v.y, v.z);
      g_assert_cmpint (count_exact (p, v), ==, 1);
    }
}

static void
assert_vertex_near (const QrPolytope *p, QrVec3 v, double tolerance)
{
  if (count_near (p, v, tolerance) != 1)
    {
      for (int i = 0; i < p->n_verts; i++)
        g_test_message ("vertex %d: %.17g %.17g %.17g", i, p->verts[i].x, p->verts[i].y, p->verts[i].z);
      g_test_message ("wanted once within %g: %.17g %.17g %.17g", tolerance, v.x, v.y, v.z);
      g_assert_cmpint (count_near (p, v, tolerance), ==, 1);
    }
}

static void
assert_box_corners_exact (const QrPolytope *p, QrVec3 mn, QrVec3 mx)
{
  g_assert_cmpint (p->n_verts, ==, 8);
  for (int c = 0; c < 8; c++)
    assert_vertex_exact (p, qr_vec3 (c & 1 ? mx.x : mn.x, c & 2 ? mx.y : mn.y, c & 4 ? mx.z : mn.z));
  qr_test_assert_exact (p->bounds.min.x, mn.x);
  qr_test_assert_exact (p->bounds.min.y, mn.y);
  qr_test_assert_exact (p->bounds.min.z, mn.z);
  qr_test_assert_exact (p->bounds.max.x, mx.x);
  qr_test_assert_exact (p->bounds.max.y, mx.y);
  qr_test_assert_exact (p->bounds.max.z, mx.z);
}

static void
assert_relative (double got, double want, double rel)
{
  if (!(fabs (got - want) <= rel * fabs (want)))
    {
      g_autofree char *msg = g_strdup_printf ("got %.17g, expected %.17g within %g relative", got, want, rel);

      g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, msg);
    }
}

/* Face polygons that run through the same coordinates in the same order. */
static void
assert_same_polygon (const QrPolytope *a, int fa, const QrPolytope *b, int fb)
{
  int n = qr_polytope_face_count (a, fa);
  const uint16_t *ia = qr_polytope_face_indices (a, fa);
  const uint16_t *ib = qr_polytope_face_indices (b, fb);

  g_assert_cmpint (qr_polytope_face_count (b, fb), ==, n);
  for (int start = 0; start < n; start++)
    {
      bool same = true;

      for (int k = 0; k < n && same; k++)
        same = qr_vec3_equal (a->verts[ia[k]], b->verts[ib[(start + k) % n]]);
      if (same)
        return;
    }
  g_assert_not_reached ();
}

/* ------------------------------------------------------------------------
 * Shapes.
 */

static const QrVec3 box_min = { -16, -32, -8 };
static const QrVec3 box_max = { 48, 64, 40 };

static Brush *
box_brush (void)
{
  Brush *b = brush_new ();

  add_box (b, box_min, box_max);
  return b;
}

/* A triangular prism: x >= 0, 0 <= y <= 64, z >= 0, x + z <= 64. */
static Brush *
wedge_brush (void)
{
  Brush *b = brush_new ();

  add_face (b, qr_vec3 (-1, 0, 0), 0);
  add_face (b, qr_vec3 (0, -1, 0), 0);
  add_face (b, qr_vec3 (0, 1, 0), 64);
  add_face (b, qr_vec3 (0, 0, -1), 0);
  /* The slope as a file writes it: (64,0,0) - (0,0,64) = (64,0,-64),
   * (0,64,64) - (0,0,64) = (0,64,0), cross = (0 + 64*64, 0, 64*64): up and out. */
  add_points_facing (b, qr_vec3 (64, 0, 0), qr_vec3 (0, 0, 64), qr_vec3 (0, 64, 64), qr_vec3 (1, 0, 1));
  return b;
}

/* A prism over a regular n-gon of apothem r about (cx, cy), z from z0 to z1,
 * its sides turned by `turn` radians so that none is axial. */
static Brush *
prism_brush (int n, double r, double turn, QrVec3 centre, double z0, double z1)
{
  Brush *b = brush_new ();

  add_face (b, qr_vec3 (0, 0, -1), -z0);
  add_face (b, qr_vec3 (0, 0, 1), z1);
  for (int i = 0; i < n; i++)
    {
      double a = turn + 2 * G_PI * i / n;
      QrVec3 normal = { cos (a), sin (a), 0 };

      add_face (b, normal, r + qr_vec3_dot (normal, qr_vec3 (centre.x, centre.y, 0)));
    }
  return b;
}

static void
assert_prism (const QrPolytope *p, int n, double r, double turn, QrVec3 centre, double z0, double z1)
{
  double circumradius = r / cos (G_PI / n);

  g_assert_cmpint (p->n_verts, ==, 2 * n);
  g_assert_cmpint (p->n_edges, ==, 3 * n);
  g_assert_cmpint (qr_polytope_polygon_count (p), ==, n + 2);
  g_assert_cmpint (qr_polytope_face_count (p, 0), ==, n);
  g_assert_cmpint (qr_polytope_face_count (p, 1), ==, n);
  for (int i = 0; i < n; i++)
    {
      double a = turn + 2 * G_PI * (i + 0.5) / n;
      QrVec3 c = { centre.x + circumradius * cos (a), centre.y + circumradius * sin (a), 0 };

      g_assert_cmpint (qr_polytope_face_count (p, 2 + i), ==, 4);
      c.z = z0;
      assert_vertex_near (p, c, TOL);
      c.z = z1;
      assert_vertex_near (p, c, TOL);
    }
  assert_relative (qr_polytope_volume (p), n * r * r * tan (G_PI / n) * (z1 - z0), 1e-9);
}

/* The regular tetrahedron on alternate corners of the cube [-s, s]^3. */
static Brush *
tetra_brush (double s, QrVec3 centre)
{
  static const QrVec3 corners[4] = { { 1, 1, 1 }, { 1, -1, -1 }, { -1, 1, -1 }, { -1, -1, 1 } };
  Brush *b = brush_new ();

  /* The face opposite corner c faces -c, at s / sqrt 3 from the centre. */
  for (int i = 0; i < 4; i++)
    {
      QrVec3 n = normalized (qr_vec3_neg (corners[i]));

      add_face (b, n, s / sqrt (3.0) + qr_vec3_dot (n, centre));
    }
  return b;
}

static void
assert_tetra (const QrPolytope *p, double s, QrVec3 centre)
{
  static const QrVec3 corners[4] = { { 1, 1, 1 }, { 1, -1, -1 }, { -1, 1, -1 }, { -1, -1, 1 } };

  g_assert_cmpint (p->n_verts, ==, 4);
  g_assert_cmpint (p->n_edges, ==, 6);
  g_assert_cmpint (qr_polytope_polygon_count (p), ==, 4);
  for (int i = 0; i < 4; i++)
    {
      g_assert_cmpint (qr_polytope_face_count (p, i), ==, 3);
      assert_vertex_near (p, qr_vec3_mad (centre, corners[i], s), TOL);
    }
  /* Edge 2 sqrt2 s: volume a^3 / (6 sqrt 2) = 8 s^3 / 3. */
  assert_relative (qr_polytope_volume (p), 8 * s * s * s / 3, 1e-9);
}

/* Brush 0 of corpus/valve220/csgSubtractFailure.map (TrenchBroom issue
 * 3755), its plane points copied as written. */
static Brush *
corpus_brush (void)
{
  Brush *b = brush_new ();

  add_points (b, qr_vec3 (-2625.882244779059, 0, -656.4705611947647),
              qr_vec3 (-2625.639709158131, 0, -657.440703678476),
              qr_vec3 (-2625.882244779059, 0.9701424837112427, -656.4705611947647));
  add_points (b, qr_vec3 (0, 364, 0), qr_vec3 (-1, 364, 0), qr_vec3 (0, 364, 1));
  add_points (b, qr_vec3 (0, 0, 248), qr_vec3 (0, -1, 248), qr_vec3 (1, 0, 248));
  add_points (b, qr_vec3 (0, 0, 272), qr_vec3 (-1, 0, 272), qr_vec3 (0, 1, 272));
  add_points (b, qr_vec3 (0, 372, 0), qr_vec3 (0, 372, -1), qr_vec3 (1, 372, 0));
  add_points (b, qr_vec3 (-896.640123519901, 0, -1195.520135002138),
              qr_vec3 (-897.4401235318219, 0, -1194.9201349782961),
              qr_vec3 (-896.640123519901, 0.800000011920929, -1195.520135002138));
  add_points (b, qr_vec3 (-2362.7585143220786, 0, -945.1033905608274),
              qr_vec3 (-2362.7585143220786, -0.9284766912460327, -945.1033905608274),
              qr_vec3 (-2363.1299049926165, 0, -944.1749138695814));
  return b;
}

/* A brush from the faces of a .map brush, "( x y z ) ( x y z ) ( x y z ) …"
 * a line, the texture fields after the points ignored. */
static Brush *
brush_from_text (const char *text)
{
  Brush *b = brush_new ();
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  for (int i = 0; lines[i] != NULL; i++)
    {
      QrVec3 p[3];

      if (sscanf (lines[i], " ( %lf %lf %lf ) ( %lf %lf %lf ) ( %lf %lf %lf )", &p[0].x, &p[0].y, &p[0].z,
                  &p[1].x, &p[1].y, &p[1].z, &p[2].x, &p[2].y, &p[2].z) == 9)
        add_points (b, p[0], p[1], p[2]);
    }
  return b;
}

/* ------------------------------------------------------------------------
 * Tests.
 */

static void
test_box (void)
{
  g_autoptr (Brush) b = box_brush ();
  g_autoptr (QrPolytope) p = build (b);
  int lengths[3] = { 0, 0, 0 };

  assert_valid (p, b, TOL);
  g_assert_cmpint (p->n_faces, ==, 6);
  assert_box_corners_exact (p, box_min, box_max);
  g_assert_cmpint (p->n_edges, ==, 12);
  g_assert_cmpint (qr_polytope_polygon_count (p), ==, 6);
  qr_test_assert_exact (qr_polytope_volume (p), 64.0 * 96.0 * 48.0);

  for (int i = 0; i < 6; i++)
    {
      QrPlane plane = face_plane (b, i);
      const uint16_t *idx = qr_polytope_face_indices (p, i);
      int axis = qr_plane_axis (&plane);

      g_assert_cmpint (qr_polytope_face_count (p, i), ==, 4);
      g_assert_cmpint (axis, ==, i / 2);
      /* Exactly on the plane, and counter-clockwise from outside. */
      for (int k = 0; k < 4; k++)
        qr_test_assert_exact (qr_vec3_get (p->verts[idx[k]], axis) * qr_vec3_get (plane.normal, axis), plane.dist);
      g_assert_cmpfloat (qr_vec3_dot (polygon_newell (p, i), plane.normal), >, 0);
    }

  /* Every edge runs along one axis, four per axis, with the box's lengths. */
  for (int e = 0; e < p->n_edges; e++)
    {
      QrVec3 d = qr_vec3_sub (p->verts[p->edges[2 * e + 1]], p->verts[p->edges[2 * e]]);
      int along = (d.x != 0) + (d.y != 0) + (d.z != 0);

      g_assert_cmpint (along, ==, 1);
      if (d.x != 0)
        {
          qr_test_assert_exact (fabs (d.x), 64);
          lengths[0]++;
        }
      else if (d.y != 0)
        {
          qr_test_assert_exact (fabs (d.y), 96);
          lengths[1]++;
        }
      else
        {
          qr_test_assert_exact (fabs (d.z), 48);
          lengths[2]++;
        }
    }
  g_assert_cmpint (lengths[0], ==, 4);
  g_assert_cmpint (lengths[1], ==, 4);
  g_assert_cmpint (lengths[2], ==, 4);
}

/* The same box from TrenchBroom's unit-offset points and from (normal, dist)
 * faces: the same exact polytope whatever points describe the planes. */
static void
test_box_other_points (void)
{
  g_autoptr (Brush) tb = brush_new ();
  g_autoptr (Brush) nd = brush_new ();
  g_autoptr (QrPolytope) p = NULL;
  g_autoptr (QrPolytope) q = NULL;

  /* Hand-checked in test-plane.c (trenchbroom-box). */
  add_points (tb, qr_vec3 (-16, -32, -8), qr_vec3 (-16, -31, -8), qr_vec3 (-16, -32, -7));
  add_points (tb, qr_vec3 (-16, -32, -8), qr_vec3 (-16, -32, -7), qr_vec3 (-15, -32, -8));
  add_points (tb, qr_vec3 (-16, -32, -8), qr_vec3 (-15, -32, -8), qr_vec3 (-16, -31, -8));
  add_points (tb, qr_vec3 (48, 64, 40), qr_vec3 (48, 65, 40), qr_vec3 (49, 64, 40));
  add_points (tb, qr_vec3 (48, 64, 40), qr_vec3 (49, 64, 40), qr_vec3 (48, 64, 41));
  add_points (tb, qr_vec3 (48, 64, 40), qr_vec3 (48, 64, 41), qr_vec3 (48, 65, 40));
  p = build (tb);
  assert_valid (p, tb, TOL);
  assert_box_corners_exact (p, box_min, box_max);
  qr_test_assert_exact (qr_polytope_volume (p), 64.0 * 96.0 * 48.0);

  add_box_faces (nd, box_min, box_max);
  q = build (nd);
  assert_valid (q, nd, TOL);
  assert_box_corners_exact (q, box_min, box_max);
  qr_test_assert_exact (qr_polytope_volume (q), 64.0 * 96.0 * 48.0);
}

/* Boxes whose sides are not powers of two: a 7-unit pillar gives cross
 * products of 49 and 56. The corners must still come out exact. */
static void
test_box_odd_sizes (void)
{
  static const QrVec3 sizes[] = { { 7, 7, 7 }, { 7, 8, 9 }, { 27, 29, 61 }, { 1, 49, 3 }, { 96, 48, 80 } };

  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr (Brush) b = brush_new ();
      g_autoptr (QrPolytope) p = NULL;
      QrVec3 mn = { -3, 5, 10 }, mx = qr_vec3_add (mn, sizes[i]);

      add_box (b, mn, mx);
      p = build (b);
      assert_valid (p, b, TOL);
      assert_box_corners_exact (p, mn, mx);
      qr_test_assert_exact (qr_polytope_volume (p), sizes[i].x * sizes[i].y * sizes[i].z);
    }
}

/* Boxes skip the clipping (qr-polytope.c, build_box): for every order of
 * their six faces, and with zero coordinates (no negative zeros either
 * way), the result must be what clipping makes. A seventh plane far
 * outside, tilted, sends the same box through the clipping: it cuts
 * nothing and its own polygon is empty, so the first six faces, the
 * vertices and the edges must be identical. */
static void
test_box_matches_clipping (void)
{
  const QrVec3 boxes[][2] = {
    { { -64, -32, 0 }, { 0, 96, 48 } },
    { { 0, 0, 0 }, { 1, 2, 3 } },
    { { -4096.5, 1023.875, -0.125 }, { -4000, 1024, 8192 } },
    { { -1, -1, -1 }, { 1, 1, 1 } },
  };

  for (gsize bi = 0; bi < G_N_ELEMENTS (boxes); bi++)
    {
      g_autoptr (Brush) faces = brush_new ();

      add_box (faces, boxes[bi][0], boxes[bi][1]);
      for (int rank = 0; rank < 720; rank++)
        {
          g_autoptr (Brush) b = brush_new ();
          g_autoptr (Brush) clipped = NULL;
          g_autoptr (QrPolytope) p = NULL;
          g_autoptr (QrPolytope) q = NULL;
          int order[6] = { 0, 1, 2, 3, 4, 5 }, code = rank;

          /* The rank's permutation, from its factorial digits. */
          for (int i = 0, radix = 720; i < 6; i++)
            {
              int pick, taken;

              radix /= 6 - i;
              pick = i + code / radix;
              code %= radix;
              taken = order[pick];
              memmove (order + i + 1, order + i, sizeof (int) * (gsize) (pick - i));
              order[i] = taken;
            }
          for (int i = 0; i < 6; i++)
            add_points (b, brush_points (faces)[3 * order[i]], brush_points (faces)[3 * order[i] + 1],
                        brush_points (faces)[3 * order[i] + 2]);
          clipped = brush_translated (b, qr_vec3 (0, 0, 0));
          add_face (clipped, qr_vec3 (1, 2, 3), 3 * 16384.0);

          p = build (b);
          q = build (clipped);
          assert_valid (p, b, TOL);
          assert_box_corners_exact (p, boxes[bi][0], boxes[bi][1]);
          g_assert_cmpint (q->status, ==, QR_POLY_OK);
          g_assert_cmpint (qr_polytope_face_count (q, 6), ==, 0);
          g_assert_cmpint (p->n_verts, ==, q->n_verts);
          g_assert_cmpint (p->n_edges, ==, q->n_edges);
          for (int v = 0; v < p->n_verts; v++)
            for (int a = 0; a < 3; a++)
              {
                double x = qr_vec3_get (p->verts[v], a), y = qr_vec3_get (q->verts[v], a);

                g_assert_cmpfloat (x, ==, y);
                g_assert_false (signbit (x) && x == 0);
                g_assert_false (signbit (y) && y == 0);
              }
          for (int i = 0; i <= 6; i++)
            g_assert_cmpint (p->face_start[i], ==, q->face_start[i]);
          g_assert_cmpmem (p->face_index, sizeof (uint16_t) * 24, q->face_index, sizeof (uint16_t) * 24);
          g_assert_cmpmem (p->edges, sizeof (uint16_t) * 24, q->edges, sizeof (uint16_t) * 24);
        }
    }
}

static void
test_wedge (void)
{
  g_autoptr (Brush) b = wedge_brush ();
  g_autoptr (QrPolytope) p = build (b);

  assert_valid (p, b, TOL);
  g_assert_cmpint (p->n_faces, ==, 5);
  g_assert_cmpint (p->n_verts, ==, 6);
  g_assert_cmpint (p->n_edges, ==, 9);
  g_assert_cmpint (qr_polytope_polygon_count (p), ==, 5);
  /* Corners where only axial planes meet are exact. */
  assert_vertex_exact (p, qr_vec3 (0, 0, 0));
  assert_vertex_exact (p, qr_vec3 (0, 64, 0));
  assert_vertex_near (p, qr_vec3 (64, 0, 0), TOL);
  assert_vertex_near (p, qr_vec3 (64, 64, 0), TOL);
  assert_vertex_near (p, qr_vec3 (0, 0, 64), TOL);
  assert_vertex_near (p, qr_vec3 (0, 64, 64), TOL);
  g_assert_cmpint (qr_polytope_face_count (p, 0), ==, 4); /* x = 0 */
  g_assert_cmpint (qr_polytope_face_count (p, 1), ==, 3); /* y = 0 */
  g_assert_cmpint (qr_polytope_face_count (p, 2), ==, 3); /* y = 64 */
  g_assert_cmpint (qr_polytope_face_count (p, 3), ==, 4); /* z = 0 */
  g_assert_cmpint (qr_polytope_face_count (p, 4), ==, 4); /* slope */
  assert_relative (qr_polytope_volume (p), 64.0 * 64.0 * 64.0 / 2, 1e-12);
}

static void
test_prism_8 (void)
{
  const double turn = 10 * G_PI / 180;
  g_autoptr (Brush) b = prism_brush (8, 64, turn, qr_vec3 (0, 0, 0), -8, 32);
  g_autoptr (QrPolytope) p = build (b);

  assert_valid (p, b, TOL);
  g_assert_cmpint (p->n_faces, ==, 10);
  assert_prism (p, 8, 64, turn, qr_vec3 (0, 0, 0), -8, 32);
  /* The caps are axial: their vertices' z is exact. */
  for (int v = 0; v < p->n_verts; v++)
    g_assert_true (p->verts[v].z == -8 || p->verts[v].z == 32);
}

static void
test_cylinder_64 (void)
{
  const double turn = G_PI / 180;
  g_autoptr (Brush) b = prism_brush (64, 512, turn, qr_vec3 (100, -200, 0), 0, 256);
  g_autoptr (QrPolytope) p = build (b);

  assert_valid (p, b, TOL);
  g_assert_cmpint (p->n_faces, ==, 66);
  assert_prism (p, 64, 512, turn, qr_vec3 (100, -200, 0), 0, 256);
}

static void
test_tetrahedron (void)
{
  /* Regular, no face axial. */
  {
    g_autoptr (Brush) b = tetra_brush (32, qr_vec3 (0, 0, 0));
    g_autoptr (QrPolytope) p = build (b);

    assert_valid (p, b, TOL);
    assert_tetra (p, 32, qr_vec3 (0, 0, 0));
  }

  /* A corner of the 64 cube, its slope written as three integer points. */
  {
    g_autoptr (Brush) b = brush_new ();
    g_autoptr (QrPolytope) p = NULL;

    add_face (b, qr_vec3 (-1, 0, 0), 0);
    add_face (b, qr_vec3 (0, -1, 0), 0);
    add_face (b, qr_vec3 (0, 0, -1), 0);
    /* (0,0,64) - (0,64,0) = (0,-64,64), (64,0,0) - (0,64,0) = (64,-64,0),
     * cross = (0 + 64*64, 64*64 - 0, 0 + 64*64): along (1,1,1). */
    add_points_facing (b, qr_vec3 (0, 0, 64), qr_vec3 (0, 64, 0), qr_vec3 (64, 0, 0), qr_vec3 (1, 1, 1));
    p = build (b);
    assert_valid (p, b, TOL);
    g_assert_cmpint (p->n_verts, ==, 4);
    g_assert_cmpint (p->n_edges, ==, 6);
    assert_vertex_exact (p, qr_vec3 (0, 0, 0));
    assert_vertex_near (p, qr_vec3 (64, 0, 0), TOL);
    assert_vertex_near (p, qr_vec3 (0, 64, 0), TOL);
    assert_vertex_near (p, qr_vec3 (0, 0, 64), TOL);
    assert_relative (qr_polytope_volume (p), 64.0 * 64.0 * 64.0 / 6, 1e-12);
  }
}

/* The box plus one more face that cuts nothing: that face keeps its slot
 * with an empty polygon, and everything else is the plain box. */
static void
assert_box_with_redundant (const Brush *b, int n_extra, const int *empty)
{
  g_autoptr (Brush) plain = box_brush ();
  g_autoptr (QrPolytope) box = build (plain);
  g_autoptr (QrPolytope) p = build (b);
  int box_face = 0;

  assert_valid (p, b, TOL);
  g_assert_cmpint (p->n_faces, ==, 6 + n_extra);
  g_assert_cmpint (qr_polytope_polygon_count (p), ==, 6);
  assert_box_corners_exact (p, box_min, box_max);
  g_assert_cmpint (p->n_edges, ==, 12);
  qr_test_assert_exact (qr_polytope_volume (p), 64.0 * 96.0 * 48.0);
  for (int i = 0; i < p->n_faces; i++)
    {
      bool is_empty = false;

      for (int k = 0; k < n_extra; k++)
        is_empty |= empty[k] == i;
      if (is_empty)
        g_assert_cmpint (qr_polytope_face_count (p, i), ==, 0);
      else
        assert_same_polygon (p, i, box, box_face++);
    }
  g_assert_cmpint (box_face, ==, 6);
}

static void
test_redundant (void)
{
  /* Through the edge x = 48, z = 40, leaning out at 45 degrees:
   * (48,64,40) - (48,-32,40) = (0,96,0), (0,-32,88) - (48,-32,40) = (-48,0,48),
   * cross = (96*48, 0, 96*48). */
  const QrVec3 edge[3] = { { 48, 64, 40 }, { 48, -32, 40 }, { 0, -32, 88 } };
  /* The east face x <= 48 again, from other points: (0,10,0) x (0,0,20) = (200,0,0). */
  const QrVec3 dup[3] = { { 48, 20, 10 }, { 48, 10, 10 }, { 48, 10, 30 } };

  /* Touching an edge. */
  {
    g_autoptr (Brush) b = box_brush ();
    const int empty[] = { 6 };

    add_points_facing (b, edge[0], edge[1], edge[2], qr_vec3 (1, 0, 1));
    assert_box_with_redundant (b, 1, empty);
  }
  /* Touching only the corner (48, 64, 40). */
  {
    g_autoptr (Brush) b = box_brush ();
    const int empty[] = { 6 };

    add_face (b, qr_vec3 (1, 1, 1), (48 + 64 + 40) / sqrt (3.0));
    assert_box_with_redundant (b, 1, empty);
  }
  /* Duplicating a face. */
  {
    g_autoptr (Brush) b = box_brush ();
    const int empty[] = { 6 };

    add_points_facing (b, dup[0], dup[1], dup[2], qr_vec3 (1, 0, 0));
    assert_box_with_redundant (b, 1, empty);
  }
  /* Entirely outside. */
  {
    g_autoptr (Brush) b = box_brush ();
    const int empty[] = { 6 };

    add_face (b, qr_vec3 (1, 0, 0), 1000);
    assert_box_with_redundant (b, 1, empty);
  }
  /* All of them, and a slanted one far outside. */
  {
    g_autoptr (Brush) b = box_brush ();
    const int empty[] = { 6, 7, 8, 9 };

    add_points_facing (b, edge[0], edge[1], edge[2], qr_vec3 (1, 0, 1));
    add_points_facing (b, dup[0], dup[1], dup[2], qr_vec3 (1, 0, 0));
    add_face (b, qr_vec3 (1, 0, 0), 1000);
    add_face (b, qr_vec3 (-3, 2, -1), 5000);
    assert_box_with_redundant (b, 4, empty);
  }
}

/* The same with the redundant faces listed before the box's: a corner where
 * three axial planes meet is exact whichever plane happened to cut there
 * first, here the slanted one through the edge x = 48, z = 40. */
static void
test_redundant_first (void)
{
  const QrVec3 edge[3] = { { 48, 64, 40 }, { 48, -32, 40 }, { 0, -32, 88 } };
  g_autoptr (Brush) b = brush_new ();
  g_autoptr (Brush) box = box_brush ();
  const int empty[] = { 0, 1 };

  add_points_facing (b, edge[0], edge[1], edge[2], qr_vec3 (1, 0, 1));
  add_face (b, qr_vec3 (0, -1, 0), 1000);
  g_array_append_vals (b, box->data, box->len);
  assert_box_with_redundant (b, 2, empty);
}

/* A real face can be small: the box with its corner (48, 64, 40) cut off by
 * x + y + z <= 152 - d keeps a triangle with legs d, and the three faces
 * around it gain a corner each. Dropping the triangle but keeping those
 * corners would leave a hole in the surface. */
static void
test_tiny_face (void)
{
  static const double cuts[] = { 8, 1, 0.1, 0.01, 1e-3, 1e-4 };

  for (gsize i = 0; i < G_N_ELEMENTS (cuts); i++)
    {
      double d = cuts[i];
      g_autoptr (Brush) b = box_brush ();
      g_autoptr (QrPolytope) p = NULL;

      add_face (b, qr_vec3 (1, 1, 1), (152 - d) / sqrt (3.0));
      p = build (b);
      g_test_message ("corner cut %g", d);
      assert_valid (p, b, TOL);
      g_assert_cmpint (p->n_verts, ==, 10);
      g_assert_cmpint (p->n_edges, ==, 15);
      g_assert_cmpint (qr_polytope_face_count (p, 6), ==, 3);
      assert_vertex_near (p, qr_vec3 (48 - d, 64, 40), TOL);
      assert_vertex_near (p, qr_vec3 (48, 64 - d, 40), TOL);
      assert_vertex_near (p, qr_vec3 (48, 64, 40 - d), TOL);
      g_assert_cmpfloat_with_epsilon (qr_polytope_volume (p), 64.0 * 96.0 * 48.0 - d * d * d / 6, 1e-6);
    }
}

static void
test_degenerate (void)
{
  /* Collinear: face 3 is (48,0,0), (48,1,1), (48,2,2). */
  {
    g_autoptr (Brush) b = box_brush ();
    g_autoptr (QrPolytope) p = NULL;
    g_autofree char *reason = NULL;

    g_array_index (b, QrVec3, 9) = qr_vec3 (48, 0, 0);
    g_array_index (b, QrVec3, 10) = qr_vec3 (48, 1, 1);
    g_array_index (b, QrVec3, 11) = qr_vec3 (48, 2, 2);
    p = build (b);
    assert_invalid (p, b, QR_POLY_DEGENERATE_PLANE, 3);
    reason = qr_polytope_dup_reason (p);
    g_assert_nonnull (strstr (reason, "face 3"));
    g_assert_nonnull (strstr (reason, "collinear"));
  }

  /* Coincident points on face 0, a brush that would otherwise be valid. */
  {
    g_autoptr (Brush) b = box_brush ();
    g_autoptr (QrPolytope) p = NULL;
    g_autofree char *reason = NULL;

    g_array_index (b, QrVec3, 1) = g_array_index (b, QrVec3, 0);
    g_array_index (b, QrVec3, 2) = g_array_index (b, QrVec3, 0);
    p = build (b);
    assert_invalid (p, b, QR_POLY_DEGENERATE_PLANE, 0);
    reason = qr_polytope_dup_reason (p);
    g_assert_nonnull (strstr (reason, "face 0"));
  }

  /* The last face of many, two points equal. */
  {
    g_autoptr (Brush) b = prism_brush (16, 64, 0.1, qr_vec3 (0, 0, 0), 0, 64);
    g_autoptr (QrPolytope) p = NULL;
    g_autofree char *reason = NULL;
    int last = brush_n_faces (b) - 1;

    g_array_index (b, QrVec3, 3 * last + 2) = g_array_index (b, QrVec3, 3 * last + 1);
    p = build (b);
    assert_invalid (p, b, QR_POLY_DEGENERATE_PLANE, last);
    reason = qr_polytope_dup_reason (p);
    g_assert_nonnull (strstr (reason, "face 17"));
  }
}

static void
test_unbounded (void)
{
  /* The box without each of its faces in turn. */
  for (int missing = 0; missing < 6; missing++)
    {
      g_autoptr (Brush) b = box_brush ();
      g_autoptr (QrPolytope) p = NULL;
      g_autofree char *reason = NULL;

      brush_remove_face (b, missing);
      p = build (b);
      assert_invalid (p, b, QR_POLY_UNBOUNDED, -1);
      reason = qr_polytope_dup_reason (p);
      g_assert_nonnull (strstr (reason, "unbounded"));
    }

  /* Two planes: a quarter space, and a slab. */
  {
    g_autoptr (Brush) b = brush_new ();
    g_autoptr (QrPolytope) p = NULL;

    add_face (b, qr_vec3 (1, 0, 0), 0);
    add_face (b, qr_vec3 (0, 1, 0), 0);
    p = build (b);
    assert_invalid (p, b, QR_POLY_UNBOUNDED, -1);
  }
  {
    g_autoptr (Brush) b = brush_new ();
    g_autoptr (QrPolytope) p = NULL;

    add_face (b, qr_vec3 (1, 0, 0), 16);
    add_face (b, qr_vec3 (-1, 0, 0), 0);
    p = build (b);
    assert_invalid (p, b, QR_POLY_UNBOUNDED, -1);
  }
  /* An endless octagonal tube: the prism without its caps. */
  {
    g_autoptr (Brush) b = prism_brush (8, 64, 0.3, qr_vec3 (0, 0, 0), 0, 64);
    g_autoptr (QrPolytope) p = NULL;

    brush_remove_face (b, 0);
    brush_remove_face (b, 0);
    p = build (b);
    assert_invalid (p, b, QR_POLY_UNBOUNDED, -1);
  }
  /* A tetrahedron without one face: an open cone. */
  {
    g_autoptr (Brush) b = tetra_brush (32, qr_vec3 (0, 0, 0));
    g_autoptr (QrPolytope) p = NULL;

    brush_remove_face (b, 2);
    p = build (b);
    assert_invalid (p, b, QR_POLY_UNBOUNDED, -1);
  }
}

static void
test_empty (void)
{
  /* x <= 0 and x >= 16. */
  {
    g_autoptr (Brush) b = brush_new ();
    g_autoptr (QrPolytope) p = NULL;
    g_autofree char *reason = NULL;

    add_face (b, qr_vec3 (1, 0, 0), 0);
    add_face (b, qr_vec3 (-1, 0, 0), -16);
    add_face (b, qr_vec3 (0, -1, 0), 32);
    add_face (b, qr_vec3 (0, 1, 0), 64);
    add_face (b, qr_vec3 (0, 0, -1), 8);
    add_face (b, qr_vec3 (0, 0, 1), 40);
    p = build (b);
    assert_invalid (p, b, QR_POLY_EMPTY, -1);
    reason = qr_polytope_dup_reason (p);
    g_assert_nonnull (strstr (reason, "empty"));
  }

  /* A slanted contradiction: x + y <= -100 inside the box. */
  {
    g_autoptr (Brush) b = box_brush ();
    g_autoptr (QrPolytope) p = NULL;

    add_face (b, qr_vec3 (1, 1, 0), -100 / sqrt (2.0));
    p = build (b);
    assert_invalid (p, b, QR_POLY_EMPTY, -1);
  }

  /* Zero thickness: x <= 16 and x >= 16. */
  {
    g_autoptr (Brush) b = brush_new ();
    g_autoptr (QrPolytope) p = NULL;

    add_box_faces (b, qr_vec3 (16, -32, -8), qr_vec3 (16, 64, 40));
    p = build (b);
    assert_invalid (p, b, QR_POLY_EMPTY, -1);
  }

  /* One eighth of a unit is thin, not empty. */
  {
    g_autoptr (Brush) b = brush_new ();
    g_autoptr (QrPolytope) p = NULL;

    add_box (b, qr_vec3 (16, -32, -8), qr_vec3 (16.125, 64, 40));
    p = build (b);
    assert_valid (p, b, TOL);
    assert_box_corners_exact (p, qr_vec3 (16, -32, -8), qr_vec3 (16.125, 64, 40));
    qr_test_assert_exact (qr_polytope_volume (p), 0.125 * 96 * 48);
  }
}

static void
test_corpus (void)
{
  /* Solved exactly in rational arithmetic from the literal points: a
   * pentagonal prism across y in [364, 372] with these (x, z) corners. */
  static const double xz[5][2] = {
    { -2851.9998850777502, 248 },
    { -2839.9998628871431, 248 },
    { -2847.9996946295564, 267.99957967700749 },
    { -2853.3335882610777, 272 },
    { -2857.9998850777502, 272 },
  };
  g_autoptr (Brush) b = corpus_brush ();
  g_autoptr (QrPolytope) p = build (b);

  assert_valid (p, b, TOL);
  g_assert_cmpint (p->n_faces, ==, 7);
  g_assert_cmpint (p->n_verts, ==, 10);
  g_assert_cmpint (p->n_edges, ==, 15);
  g_assert_cmpint (qr_polytope_polygon_count (p), ==, 7);
  for (int i = 0; i < 5; i++)
    {
      assert_vertex_near (p, qr_vec3 (xz[i][0], 364, xz[i][1]), TOL);
      assert_vertex_near (p, qr_vec3 (xz[i][0], 372, xz[i][1]), TOL);
    }
  qr_test_assert_exact (p->bounds.min.y, 364);
  qr_test_assert_exact (p->bounds.max.y, 372);
  qr_test_assert_exact (p->bounds.min.z, 248);
  qr_test_assert_exact (p->bounds.max.z, 272);
  assert_relative (qr_polytope_volume (p), 1898.6583894565222, 1e-9);
}

/* A piece of carving NewDeralia.map's brush 1021 by brush 3747: the
 * carver's face 6 leans 2.3e-5 radians off the brush's face 1 (its point
 * -133.333 is a rounded third), and the two meet along an edge. Clipping
 * face 6's huge base winding by plane 1 put the corner (-184, -152, 352)
 * 2.5e-5 off, past QR_EPS_WELD, so face 6 and face 1 each had their own
 * copy of it and the polygons did not close ("edge used 0+1 times").
 * Solved exactly in rational arithmetic from the literal points: these
 * seven corners, and the volume. */
static void
test_near_parallel_open_edge (void)
{
  static const char *text =
    "( 8 -128 424 ) ( -248 -128 424 ) ( 8 -128 328 ) base 0 0 0 1 1\n"
    "( -248 -128 424 ) ( 8 -128 424 ) ( -280 -160 328 ) base 0 0 0 1 1\n"
    "( -120 -192 424 ) ( -120 -128 424 ) ( -120 -192 408 ) base 0 0 0 1 1\n"
    "( -184 -192 352 ) ( -184 -152 352 ) ( -200 -192 352 ) base 0 0 0 1 1\n"
    "( -120 -128 424 ) ( -120 -192 424 ) ( -200 -152 352 ) base 0 0 0 1 1\n"
    "( -120 -192 408 ) ( -120 -133.333 408 ) ( -184 -192 352 ) base 0 0 0 1 1\n"
    "( -184 -152 352 ) ( -120 -128 424 ) ( -120 -133.333 408 ) base 0 0 0 1 1\n";
  static const QrVec3 corners[7] = {
    { -120, -128, 424 }, { -120, -128, 408 }, { -200, -128, 352 }, { -184, -128, 352 },
    { -200, -152, 352 }, { -184, -152, 352 }, { -120, -133.333, 408 },
  };
  g_autoptr (Brush) b = brush_from_text (text);
  g_autoptr (QrPolytope) p = build (b);

  g_assert_cmpint (brush_n_faces (b), ==, 7);
  assert_valid (p, b, TOL);
  g_assert_cmpint (p->n_verts, ==, 7);
  for (int i = 0; i < 7; i++)
    assert_vertex_near (p, corners[i], TOL);
  assert_relative (qr_polytope_volume (p), 14222.1653333333, 1e-9);
}

/* A piece of carving subtrahend.map's (valid) brush 23 by brush 22. Its
 * planes 1, 3 and 5 nearly share a line (triple product 7e-9), so their
 * common corner is only known along it: faces 3 and 5 placed it 5e-5
 * apart, even clipped again from a brush-sized winding, as long as that
 * clipping took points within QR_EPS_CLIP of a plane as on it. Scaled down
 * with the smaller winding's rounding, the tolerance lets the faces agree.
 * The volume and the eight corners' count are the rational solution's. */
static void
test_near_line_open_edge (void)
{
  static const char *text =
    "( -1403.3349255534831 -230.75788226389523 -6.2821442183264651 ) ( -1403.3338471036013 -230.75784459670672 -6.282518006158341 ) ( -1407.6040010028498 -207.14432094658173 51.653675145954935 ) base 0 0 0 1 1\n"
    "( -1403.3349255534831 -230.75788226389523 -6.2821442183264651 ) ( -1407.6040010028498 -207.14432094658173 51.653675145954935 ) ( -1403.3338237366179 -230.75797381781717 -6.2821442183264651 ) base 0 0 0 1 1\n"
    "( -1407.6040010028498 -207.14432094658173 51.653675145954935 ) ( -1400.5689098653834 -205.87104380593746 51.653594990549891 ) ( -1400.3097926847245 -208.58666417160703 49.567837567057836 ) base 0 0 0 1 1\n"
    "( -1398.280691065002 -229.84444369161884 -6.2824511462960402 ) ( -1403.3338471036013 -230.75784459670672 -6.282518006158341 ) ( -1398.2216104787594 -230.46859948756037 -4.5033095228354512 ) base 0 0 0 1 1\n"
    "( -1400.5689098653834 -205.87104380593746 51.653594990549891 ) ( -1398.280691065002 -229.84444369161884 -6.2824511462960402 ) ( -1400.3097926847245 -208.58666417160703 49.567837567057836 ) base 0 0 0 1 1\n"
    "( -1398.2216104787594 -230.46859948756037 -4.5033095228354512 ) ( -1404.9415505175068 -221.86712824667188 -32 ) ( -1403.3338237366179 -230.75797381781717 -6.2821442183264651 ) base 0 0 0 1 1\n";
  g_autoptr (Brush) b = brush_from_text (text);
  g_autoptr (QrPolytope) p = build (b);

  g_assert_cmpint (brush_n_faces (b), ==, 6);
  assert_valid (p, b, TOL);
  g_assert_cmpint (p->n_verts, ==, 8);
  assert_relative (qr_polytope_volume (p), 282.269654637089, 1e-9);
}

/* A piece of carving subtrahend.map's (valid) brush 123 by brush 124:
 * even clipped from a brush-sized winding, two faces place the corner of
 * three planes that nearly share a line 2e-5 apart, and one of them on a
 * fourth plane too. That corner lies on every plane of the other's
 * polygons: merged into it, the polygons close. The volume and the 23
 * corners' count are the rational solution's. */
static void
test_corner_placed_apart (void)
{
  static const char *text =
    "( -1360.5931680352912 -99.515101599547847 68.381963005811684 ) ( -1329.6992573686271 -80.951768880944996 21.411144322978828 ) ( -1362.845658605494 -95.7663277591422 68.381963005652693 ) base 0 0 0 1 1\n"
    "( -1362.845658605494 -95.7663277591422 68.381963005652693 ) ( -1369.0081104394631 -84.253562188048363 67.538437155037229 ) ( -1366.1490302336508 -86.357659524550513 67.43881052502303 ) base 0 0 0 1 1\n"
    "( -1369.0081104394631 -84.253562188048363 67.538437155037229 ) ( -1369.093617152168 -83.962726116635054 67.438742940671489 ) ( -1368.001967349051 -84.567832854490291 67.438739834184901 ) base 0 0 0 1 1\n"
    "( -1369.093617152168 -83.962726116635054 67.438742940671489 ) ( -1369.095911574678 -69.883301047942837 57.991049250223512 ) ( -1368.001967349051 -84.567832854490291 67.438739834184901 ) base 0 0 0 1 1\n"
    "( -1360.5931680352912 -99.515101599547847 68.381963005811684 ) ( -1362.845658605494 -95.7663277591422 68.381963005652693 ) ( -1358.8666116427278 -98.477603848883973 67.438810525888726 ) base 0 0 0 1 1\n"
    "( -1366.2803187921634 -86.082040906971883 67.416237444707662 ) ( -1367.7227709461515 -84.689250500780645 67.416241034350634 ) ( -1348.8514240126074 -75.610523539554322 51.8143027308397 ) base 0 0 0 1 1\n"
    "( -1329.6992573686271 -80.951768880944996 21.411144322978828 ) ( -1360.5931680352912 -99.515101599547847 68.381963005811684 ) ( -1340.0655628849897 -87.180872061784555 50.6083366122717 ) base 0 0 0 1 1\n"
    "( -1366.1490302336508 -86.357659524550513 67.43881052502303 ) ( -1366.2803187921634 -86.082040906971883 67.416237444707662 ) ( -1358.8666116427278 -98.477603848883973 67.438810525888726 ) base 0 0 0 1 1\n"
    "( -1355.1795447088102 -60.954681252591854 36.452347578763806 ) ( -1335.0775507480578 -72 21.411144322948246 ) ( -1358.2316251220934 -66.460669362484794 51.653675145954935 ) base 0 0 0 1 1\n"
    "( -1335.0775507480578 -72 21.411144322948246 ) ( -1329.6992573686271 -80.951768880944996 21.411144322978828 ) ( -1345.4437374014178 -78.230086561597204 50.608336612273888 ) base 0 0 0 1 1\n"
    "( -1375.7653757509256 -79.846450356700359 67.158187758323436 ) ( -1358.5893963846067 -54.188526708395273 26.157381826097065 ) ( -1369.095911574678 -69.883301047942837 57.991049250223512 ) base 0 0 0 1 1\n"
    "( -1335.0775507480578 -72 21.411144322948246 ) ( -1352.1583360057307 -55.503385716429818 21.406020489020477 ) ( -1365.7138981535056 -90.407848633029403 67.989353980918622 ) base 0 0 0 1 1\n"
    "( -1358.5893963846067 -54.188526708395273 26.157381826097065 ) ( -1352.1583360057307 -55.503385716429818 21.406020489020477 ) ( -1362.9267558598065 -60.66753530245461 44.913880203926965 ) base 0 0 0 1 1\n"
    "( -1352.1583360057307 -55.503385716429818 21.406020489020477 ) ( -1335.0775507480578 -72 21.411144322948246 ) ( -1355.1795447088102 -60.954681252591854 36.452347578763806 ) base 0 0 0 1 1\n"
    "( -1355.1795447088102 -60.954681252591854 36.452347578763806 ) ( -1365.7138981535056 -90.407848633029403 67.989353980918622 ) ( -1335.0775507480578 -72 21.411144322948246 ) base 0 0 0 1 1\n";
  g_autoptr (Brush) b = brush_from_text (text);
  g_autoptr (QrPolytope) p = build (b);

  g_assert_cmpint (brush_n_faces (b), ==, 15);
  assert_valid (p, b, TOL);
  g_assert_cmpint (p->n_verts, ==, 23);
  assert_relative (qr_polytope_volume (p), 5050.42644044633, 1e-9);
}

static void
assert_translated (const Brush *b, QrVec3 offset)
{
  g_autoptr (Brush) t = brush_translated (b, offset);
  g_autoptr (QrPolytope) p = build (b);
  g_autoptr (QrPolytope) q = build (t);

  assert_valid (p, b, TOL);
  assert_valid (q, t, TOL);
  g_assert_cmpint (q->n_verts, ==, p->n_verts);
  g_assert_cmpint (q->n_edges, ==, p->n_edges);
  for (int i = 0; i < p->n_faces; i++)
    g_assert_cmpint (qr_polytope_face_count (q, i), ==, qr_polytope_face_count (p, i));
  for (int v = 0; v < p->n_verts; v++)
    assert_vertex_near (q, qr_vec3_add (p->verts[v], offset), TOL);
  assert_relative (qr_polytope_volume (q), qr_polytope_volume (p), 1e-6);
}

static void
test_translate_far (void)
{
  const QrVec3 offsets[] = { { 30000, 30000, 30000 }, { -30000, 30000, -30000 }, { 0.5, -60000.25, 1000 } };

  for (gsize i = 0; i < G_N_ELEMENTS (offsets); i++)
    {
      g_autoptr (Brush) box = box_brush ();
      g_autoptr (Brush) wedge = wedge_brush ();
      g_autoptr (Brush) prism = prism_brush (8, 64, 0.2, qr_vec3 (0, 0, 0), -8, 32);
      g_autoptr (Brush) cylinder = prism_brush (64, 512, 0.01, qr_vec3 (0, 0, 0), 0, 256);
      g_autoptr (Brush) tetra = tetra_brush (32, qr_vec3 (0, 0, 0));
      g_autoptr (Brush) corpus = corpus_brush ();

      assert_translated (box, offsets[i]);
      assert_translated (wedge, offsets[i]);
      assert_translated (prism, offsets[i]);
      assert_translated (cylinder, offsets[i]);
      assert_translated (tetra, offsets[i]);
      assert_translated (corpus, offsets[i]);
    }

  /* Integer offsets keep the box exact. */
  {
    g_autoptr (Brush) b = box_brush ();
    g_autoptr (Brush) t = brush_translated (b, qr_vec3 (30000, 30000, 30000));
    g_autoptr (QrPolytope) q = build (t);

    assert_box_corners_exact (q, qr_vec3_add (box_min, qr_vec3 (30000, 30000, 30000)),
                              qr_vec3_add (box_max, qr_vec3 (30000, 30000, 30000)));
    qr_test_assert_exact (qr_polytope_volume (q), 64.0 * 96.0 * 48.0);
  }
}

/* Plane distances near the ±65536 edge of the usual map space. */
static void
test_far_planes (void)
{
  /* Boxes in opposite corners. */
  {
    const QrVec3 mn = { 65472, -65536, 65408 }, mx = { 65536, -65472, 65536 };
    g_autoptr (Brush) b = brush_new ();
    g_autoptr (QrPolytope) p = NULL;

    add_box (b, mn, mx);
    p = build (b);
    assert_valid (p, b, TOL);
    assert_box_corners_exact (p, mn, mx);
    qr_test_assert_exact (qr_polytope_volume (p), 64.0 * 64.0 * 128.0);
  }
  {
    const QrVec3 mn = { -65536, 65535.5, -65536 }, mx = { -65535, 65536, -65408.25 };
    g_autoptr (Brush) b = brush_new ();
    g_autoptr (QrPolytope) p = NULL;

    add_box (b, mn, mx);
    p = build (b);
    assert_valid (p, b, TOL);
    assert_box_corners_exact (p, mn, mx);
    qr_test_assert_exact (qr_polytope_volume (p), 1 * 0.5 * 127.75);
  }
  /* Slanted sides at distances around 65000 from the origin. */
  {
    const QrVec3 centre = { 46000, -46000, 0 };
    g_autoptr (Brush) b = prism_brush (8, 64, 0.2, centre, 65000, 65536);
    g_autoptr (QrPolytope) p = build (b);

    assert_valid (p, b, TOL);
    assert_prism (p, 8, 64, 0.2, centre, 65000, 65536);
  }
  {
    const QrVec3 centre = { -65000, 65000, -65000 };
    g_autoptr (Brush) b = tetra_brush (256, centre);
    g_autoptr (QrPolytope) p = build (b);

    assert_valid (p, b, TOL);
    assert_tetra (p, 256, centre);
  }
}

/* One builder for brushes of different sizes gives what fresh builders give. */
static void
test_builder_reuse (void)
{
  g_autoptr (QrPolyBuilder) builder = qr_poly_builder_new ();
  g_autoptr (Brush) cylinder = prism_brush (64, 512, 0.01, qr_vec3 (0, 0, 0), 0, 256);
  g_autoptr (Brush) box = box_brush ();
  g_autoptr (Brush) wedge = wedge_brush ();
  g_autoptr (Brush) open = box_brush ();
  const Brush *order[] = { box, cylinder, open, wedge, box, cylinder };

  brush_remove_face (open, 4);
  for (gsize i = 0; i < G_N_ELEMENTS (order); i++)
    {
      const Brush *b = order[i];
      g_autoptr (QrPolytope) p = qr_polytope_build (builder, brush_points (b), brush_n_faces (b));
      g_autoptr (QrPolytope) fresh = build (b);

      g_assert_cmpint (p->status, ==, fresh->status);
      g_assert_cmpint (p->n_verts, ==, fresh->n_verts);
      g_assert_cmpint (p->n_edges, ==, fresh->n_edges);
      g_assert_cmpint (p->n_faces, ==, fresh->n_faces);
      for (int v = 0; v < p->n_verts; v++)
        g_assert_true (qr_vec3_identical (p->verts[v], fresh->verts[v]));
      for (int f = 0; f <= p->n_faces; f++)
        g_assert_cmpint (p->face_start[f], ==, fresh->face_start[f]);
      if (p->n_verts > 0)
        g_assert_cmpmem (p->face_index, sizeof (uint16_t) * p->face_start[p->n_faces],
                         fresh->face_index, sizeof (uint16_t) * fresh->face_start[fresh->n_faces]);
    }
}

/* qr_polytope_check is what the other tests lean on: it must say no. */
static void
test_check_rejects (void)
{
  g_autoptr (Brush) b = box_brush ();
  g_autoptr (Brush) bigger = brush_new ();
  g_autoptr (QrPolytope) p = build (b);
  uint16_t *idx = p->face_index + p->face_start[0];
  uint16_t saved;
  QrVec3 vert;

  add_box (bigger, box_min, qr_vec3 (49, 64, 40));
  g_assert_true (qr_polytope_check (p, brush_points (b), TOL, NULL));

  /* Another brush's planes. */
  {
    g_autofree char *why = NULL;

    g_assert_false (qr_polytope_check (p, brush_points (bigger), TOL, &why));
    g_assert_nonnull (why);
  }

  /* A polygon turned around. */
  {
    g_autofree char *why = NULL;

    saved = idx[1], idx[1] = idx[3], idx[3] = saved;
    g_assert_false (qr_polytope_check (p, brush_points (b), TOL, &why));
    g_assert_nonnull (why);
    saved = idx[1], idx[1] = idx[3], idx[3] = saved;
    g_assert_true (qr_polytope_check (p, brush_points (b), TOL, NULL));
  }

  /* A vertex moved off its planes. */
  {
    g_autofree char *why = NULL;

    vert = p->verts[0];
    p->verts[0].x += 0.01;
    g_assert_false (qr_polytope_check (p, brush_points (b), TOL, &why));
    g_assert_nonnull (why);
    p->verts[0] = vert;
  }

  /* A vertex in front of a face that has no polygon: only the convexity test sees it. */
  {
    g_autoptr (Brush) outside = box_brush ();
    g_autoptr (Brush) cutting = box_brush ();
    g_autoptr (QrPolytope) q = NULL;
    g_autofree char *why = NULL;

    add_face (outside, qr_vec3 (1, 0, 0), 1000);
    add_face (cutting, qr_vec3 (1, 0, 0), 0);
    q = build (outside);
    g_assert_cmpint (qr_polytope_face_count (q, 6), ==, 0);
    g_assert_true (qr_polytope_check (q, brush_points (outside), TOL, NULL));
    g_assert_false (qr_polytope_check (q, brush_points (cutting), TOL, &why));
    g_assert_nonnull (why);
  }

  /* An edge missing from the list. */
  {
    g_autofree char *why = NULL;

    p->n_edges--;
    g_assert_false (qr_polytope_check (p, brush_points (b), TOL, &why));
    g_assert_nonnull (why);
    p->n_edges++;
  }
  g_assert_true (qr_polytope_check (p, brush_points (b), TOL, NULL));
}

static void
test_status_strings (void)
{
  g_assert_cmpstr (qr_poly_status_to_string (QR_POLY_OK), ==, "ok");
  g_assert_cmpstr (qr_poly_status_to_string (QR_POLY_EMPTY), ==, "empty");
  g_assert_cmpstr (qr_poly_status_to_string (QR_POLY_UNBOUNDED), ==, "unbounded");
  g_assert_cmpstr (qr_poly_status_to_string (QR_POLY_DEGENERATE_PLANE), ==, "degenerate plane");
  g_assert_cmpstr (qr_poly_status_to_string (QR_POLY_TOO_COMPLEX), ==, "too complex");

  {
    g_autoptr (Brush) b = box_brush ();
    g_autoptr (QrPolytope) p = build (b);
    g_autofree char *reason = qr_polytope_dup_reason (p);

    g_assert_cmpstr (reason, ==, "ok");
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/geom/polytope/box/corners", test_box);
  g_test_add_func ("/geom/polytope/box/other-points", test_box_other_points);
  g_test_add_func ("/geom/polytope/box/odd-sizes", test_box_odd_sizes);
  g_test_add_func ("/geom/polytope/box/matches-clipping", test_box_matches_clipping);
  g_test_add_func ("/geom/polytope/wedge", test_wedge);
  g_test_add_func ("/geom/polytope/prism-8", test_prism_8);
  g_test_add_func ("/geom/polytope/cylinder-64", test_cylinder_64);
  g_test_add_func ("/geom/polytope/tetrahedron", test_tetrahedron);
  g_test_add_func ("/geom/polytope/redundant/last", test_redundant);
  g_test_add_func ("/geom/polytope/redundant/first", test_redundant_first);
  g_test_add_func ("/geom/polytope/tiny-face", test_tiny_face);
  g_test_add_func ("/geom/polytope/degenerate", test_degenerate);
  g_test_add_func ("/geom/polytope/unbounded", test_unbounded);
  g_test_add_func ("/geom/polytope/empty", test_empty);
  g_test_add_func ("/geom/polytope/corpus/csg-subtract-failure", test_corpus);
  g_test_add_func ("/geom/polytope/bug/near-parallel-open-edge", test_near_parallel_open_edge);
  g_test_add_func ("/geom/polytope/bug/near-line-open-edge", test_near_line_open_edge);
  g_test_add_func ("/geom/polytope/bug/corner-placed-apart", test_corner_placed_apart);
  g_test_add_func ("/geom/polytope/translate-far", test_translate_far);
  g_test_add_func ("/geom/polytope/far-planes", test_far_planes);
  g_test_add_func ("/geom/polytope/builder-reuse", test_builder_reuse);
  g_test_add_func ("/geom/polytope/check-rejects", test_check_rejects);
  g_test_add_func ("/geom/polytope/status-strings", test_status_strings);

  return g_test_run ();
}
