#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include "qr-eps.h"
#include "qr-hull.h"
#include "qr-polytope.h"
#include "qr-primitive.h"

/* Distance within which a point counts as on a hull plane, and a polytope
 * vertex as an input point: what the hull promises and the issue asks. */
#define TOL 1e-6

typedef GArray Points; /* of QrVec3 */

static Points *
points_new (void)
{
  return g_array_new (FALSE, FALSE, sizeof (QrVec3));
}

static void
add (Points *p, double x, double y, double z)
{
  QrVec3 v = qr_vec3 (x, y, z);

  g_array_append_val (p, v);
}

static const QrVec3 *
pts (const Points *p)
{
  return (const QrVec3 *) (gconstpointer) p->data;
}

static int
npts (const Points *p)
{
  return (int) p->len;
}

static const QrHullFace *
face_at (const GArray *faces, guint i)
{
  return &g_array_index (faces, QrHullFace, i);
}

static QrPlane
face_plane (const QrHullFace *f)
{
  QrPlane plane;

  g_assert_true (qr_plane_from_points (f->points, &plane));
  return plane;
}

static void
add_box_corners (Points *p, QrVec3 mn, QrVec3 mx)
{
  for (int i = 0; i < 8; i++)
    add (p, i & 1 ? mx.x : mn.x, i & 2 ? mx.y : mn.y, i & 4 ? mx.z : mn.z);
}

/* The six planes of an axial box, in the order -x, +x, -y, +y, -z, +z. */
static void
box_planes (QrVec3 mn, QrVec3 mx, QrPlane out[6])
{
  for (int axis = 0; axis < 3; axis++)
    {
      QrVec3 n = qr_vec3 (0, 0, 0);

      qr_vec3_set (&n, axis, -1);
      out[2 * axis] = (QrPlane) { n, -qr_vec3_get (mn, axis) };
      qr_vec3_set (&n, axis, 1);
      out[2 * axis + 1] = (QrPlane) { n, qr_vec3_get (mx, axis) };
    }
}

static GArray *
hull_ok (const Points *p, const QrPlane *prefer, int n_prefer)
{
  g_autoptr(GError) error = NULL;
  GArray *faces = qr_hull_planes (pts (p), npts (p), prefer, n_prefer, &error);

  g_assert_no_error (error);
  g_assert_nonnull (faces);
  return faces;
}

static void
assert_flat (const Points *p, int code, const char *word)
{
  g_autoptr(GError) error = NULL;
  GArray *faces = qr_hull_planes (pts (p), npts (p), NULL, 0, &error);

  g_assert_null (faces);
  g_assert_error (error, QR_HULL_ERROR, code);
  if (word != NULL)
    g_assert_nonnull (strstr (error->message, word));
}

static bool
is_input_point (const Points *p, QrVec3 v)
{
  for (int i = 0; i < npts (p); i++)
    if (qr_vec3_equal (pts (p)[i], v))
      return true;
  return false;
}

static double
nearest_input (const Points *p, QrVec3 v)
{
  double best = INFINITY;

  for (int i = 0; i < npts (p); i++)
    best = fmin (best, qr_vec3_dist (pts (p)[i], v));
  return best;
}

/* Point i stands in front of the plane, but was welded to a point that is
 * not: the hull promises no more for it. */
static bool
is_welded_behind (const Points *p, int i, const QrPlane *plane)
{
  for (int k = 0; k < npts (p); k++)
    {
      QrVec3 d = qr_vec3_sub (pts (p)[k], pts (p)[i]);

      if (qr_vec3_max_abs (d) < QR_EPS_WELD && qr_plane_distance_to (plane, pts (p)[k]) <= TOL)
        return true;
    }
  return false;
}

/* What every hull must satisfy, known answer or not: every point behind
 * every plane (or welded to one that is), at least three points on each,
 * plane points taken from the input, faces sorted by normal. */
static void
check_faces (const Points *p, const GArray *faces)
{
  g_assert_cmpuint (faces->len, >=, 4);
  for (guint f = 0; f < faces->len; f++)
    {
      QrPlane plane = face_plane (face_at (faces, f));
      int on = 0;

      for (int k = 0; k < 3; k++)
        g_assert_true (is_input_point (p, face_at (faces, f)->points[k]));
      for (int i = 0; i < npts (p); i++)
        {
          double d = qr_plane_distance_to (&plane, pts (p)[i]);

          if (d > TOL && !is_welded_behind (p, i, &plane))
            g_error ("point %d is %g in front of face %u", i, d, f);
          on += d >= -TOL;
        }
      g_assert_cmpint (on, >=, 3);
      if (f > 0)
        {
          QrPlane prev = face_plane (face_at (faces, f - 1));

          g_assert_true (prev.normal.x < plane.normal.x
                         || (prev.normal.x == plane.normal.x
                             && (prev.normal.y < plane.normal.y
                                 || (prev.normal.y == plane.normal.y && prev.normal.z <= plane.normal.z))));
        }
    }
}

/* The polytope qr_polytope_build makes of the faces is valid (checked to
 * `tol`), keeps every face, and has its corners within `tol` of input
 * points. Sets *volume; on failure, *why. */
static bool
polytope_fits (const Points *p, const GArray *faces, double tol, double *volume, char **why)
{
  g_autoptr(GArray) face_points = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  g_autoptr(QrPolyBuilder) builder = qr_poly_builder_new ();
  g_autoptr(QrPolytope) poly = NULL;
  const QrVec3 *fp;

  for (guint f = 0; f < faces->len; f++)
    g_array_append_vals (face_points, face_at (faces, f)->points, 3);
  fp = (const QrVec3 *) (gconstpointer) face_points->data;
  poly = qr_polytope_build (builder, fp, (int) faces->len);
  if (!qr_polytope_check (poly, fp, tol, why))
    return false;
  if (qr_polytope_polygon_count (poly) != (int) faces->len)
    {
      *why = g_strdup_printf ("%d of %u faces have a polygon", qr_polytope_polygon_count (poly), faces->len);
      return false;
    }
  for (int v = 0; v < poly->n_verts; v++)
    if (nearest_input (p, poly->verts[v]) > tol)
      {
        *why = g_strdup_printf ("vertex %d (%g %g %g) is %g from every input point", v, poly->verts[v].x,
                                poly->verts[v].y, poly->verts[v].z, nearest_input (p, poly->verts[v]));
        return false;
      }
  *volume = qr_polytope_volume (poly);
  return true;
}

/* check_faces, and the polytope fits to `tol`: returns its volume. */
static double
check_hull (const Points *p, const GArray *faces, double tol)
{
  g_autofree char *why = NULL;
  double volume = 0;

  check_faces (p, faces);
  if (!polytope_fits (p, faces, tol, &volume, &why))
    g_error ("polytope: %s", why);
  return volume;
}

/* The outline of the points `on` a plane: their 2D convex hull, counter-
 * clockwise seen from outside, by Jarvis march (independent of the
 * monotone chain the hull uses). Points along an edge are left out. */
static GArray *
outline (const Points *p, const bool *on, QrVec3 normal)
{
  GArray *ring = g_array_new (FALSE, FALSE, sizeof (int));
  QrVec3 helper = fabs (normal.x) < 0.6 ? qr_vec3 (1, 0, 0) : qr_vec3 (0, 1, 0);
  QrVec3 e1 = qr_vec3_cross (normal, helper), e2;
  g_autofree double *s = g_new (double, npts (p));
  g_autofree double *t = g_new (double, npts (p));
  int start = -1, cur;

  e1 = qr_vec3_scale (e1, 1 / qr_vec3_length (e1));
  e2 = qr_vec3_cross (normal, e1);
  for (int i = 0; i < npts (p); i++)
    {
      s[i] = qr_vec3_dot (pts (p)[i], e1);
      t[i] = qr_vec3_dot (pts (p)[i], e2);
      if (on[i] && (start < 0 || s[i] < s[start] || (s[i] == s[start] && t[i] < t[start])))
        start = i;
    }

  cur = start;
  do
    {
      int next = -1;

      g_array_append_val (ring, cur);
      for (int q = 0; q < npts (p); q++)
        {
          double cross, along, len;

          if (!on[q] || q == cur)
            continue;
          if (next < 0)
            {
              next = q;
              continue;
            }
          len = hypot (s[next] - s[cur], t[next] - t[cur]);
          cross = (s[next] - s[cur]) * (t[q] - t[cur]) - (t[next] - t[cur]) * (s[q] - s[cur]);
          along = (s[next] - s[cur]) * (s[q] - s[cur]) + (t[next] - t[cur]) * (t[q] - t[cur]);
          /* right of cur → next, or on its line and beyond next */
          if (cross < -QR_EPS_HULL_COPLANAR * len || (cross <= QR_EPS_HULL_COPLANAR * len && along > len * len))
            next = q;
        }
      cur = next;
      g_assert_cmpuint (ring->len, <=, (guint) npts (p));
    }
  while (cur != start);
  return ring;
}

typedef struct
{
  QrVec3 v;
  int i;
} Indexed;

static int
compare_lexicographic (const void *pa, const void *pb)
{
  const QrVec3 *a = &((const Indexed *) pa)->v, *b = &((const Indexed *) pb)->v;

  if (a->x != b->x)
    return a->x < b->x ? -1 : 1;
  if (a->y != b->y)
    return a->y < b->y ? -1 : 1;
  return (a->z > b->z) - (a->z < b->z);
}

/* Marks the points the hull welds to another: as qr-hull.h says, of points
 * closer than QR_EPS_WELD on every axis the first in sorted order stays. */
static void
mark_welded (const Points *p, bool *copy)
{
  int n = npts (p);
  g_autofree Indexed *order = g_new (Indexed, n);
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (QrVec3));

  for (int i = 0; i < n; i++)
    order[i] = (Indexed) { pts (p)[i], i };
  qsort (order, (size_t) n, sizeof (Indexed), compare_lexicographic);
  for (int k = 0; k < n; k++)
    {
      bool weld = false;

      for (guint j = 0; j < kept->len && !weld; j++)
        weld = qr_vec3_max_abs (qr_vec3_sub (g_array_index (kept, QrVec3, j), order[k].v)) < QR_EPS_WELD;
      if (!weld)
        g_array_append_val (kept, order[k].v);
      copy[order[k].i] = weld;
    }
}

/* The faces close up: every edge of every face's outline lies on another
 * face too, so with every point behind every face no facet is missing.
 * Independent of qr_polytope_build. Returns the smallest angle (radians)
 * between the normals of two faces across an edge. */
static double
check_closed (const Points *p, const GArray *faces)
{
  guint n_faces = faces->len;
  int n = npts (p);
  g_autofree bool *on = g_new0 (bool, (gsize) n_faces * n);
  g_autofree bool *near = g_new0 (bool, (gsize) n_faces * n);
  g_autofree bool *copy = g_new0 (bool, n);
  g_autofree QrPlane *planes = g_new (QrPlane, n_faces);
  double smallest = G_PI;

  /* A face's outline: the points within QR_EPS_HULL_COPLANAR of its plane,
   * as the hull takes them. Its edge must lie on another face within TOL:
   * that face's plane, through three of its points, may pass a little above
   * the edge's ends. */
  mark_welded (p, copy);
  for (guint f = 0; f < n_faces; f++)
    {
      planes[f] = face_plane (face_at (faces, f));
      for (int i = 0; i < n; i++)
        {
          double d = fabs (qr_plane_distance_to (&planes[f], pts (p)[i]));

          on[f * n + i] = !copy[i] && d <= QR_EPS_HULL_COPLANAR;
          near[f * n + i] = !copy[i] && d <= TOL;
        }
    }

  for (guint f = 0; f < n_faces; f++)
    {
      g_autoptr(GArray) ring = outline (p, &on[f * n], planes[f].normal);

      g_assert_cmpuint (ring->len, >=, 3);
      for (guint k = 0; k < ring->len; k++)
        {
          int a = g_array_index (ring, int, k), b = g_array_index (ring, int, (k + 1) % ring->len);
          int across = -1;

          for (guint g = 0; g < n_faces && across < 0; g++)
            if (g != f && near[g * n + a] && near[g * n + b])
              across = (int) g;
          if (across < 0)
            g_error ("face %u: edge %d-%d lies on no other face", f, a, b);
          smallest = fmin (smallest, acos (fmin (1, qr_vec3_dot (planes[f].normal, planes[across].normal))));
        }
    }
  return smallest;
}

/* ------------------------------------------------------------------------
 * Known hulls.
 */

static void
test_cube (void)
{
  const QrVec3 mn = { -32, 0, 8 }, mx = { 32, 48, 24 };
  g_autoptr(GArray) p = points_new ();
  g_autoptr(GArray) faces = NULL;
  QrPlane box[6], prefer[8];
  /* the box's planes in another order, after two that match nothing */
  const int order[6] = { 3, 0, 5, 1, 4, 2 };

  add_box_corners (p, mn, mx);
  add (p, 0, 24, 16);    /* centre */
  add (p, -31, 1, 9);    /* inside, near a corner */
  add (p, 0, 0, 16);     /* on a face */
  add (p, -32, 24, 16);  /* on a face */
  add (p, 32, 48, 16);   /* on an edge */
  add (p, 32, 48, 24);   /* a corner again */
  box_planes (mn, mx, box);
  prefer[0] = (QrPlane) { qr_vec3 (1, 0, 0), 33 };
  prefer[1] = (QrPlane) { qr_vec3 (0, 0, -1), -9 };
  for (int k = 0; k < 6; k++)
    prefer[2 + k] = box[order[k]];

  faces = hull_ok (p, prefer, 8);
  g_assert_cmpuint (faces->len, ==, 6);
  g_assert_cmpfloat_with_epsilon (check_hull (p, faces, TOL), 64.0 * 48 * 16, 1e-9);
  for (guint f = 0; f < 6; f++)
    {
      const QrHullFace *face = face_at (faces, f);
      QrPlane plane = face_plane (face);
      int which = -1;

      for (int k = 0; k < 6; k++)
        if (qr_plane_equal (&plane, &box[k]))
          which = k;
      g_assert_cmpint (which, >=, 0);
      g_assert_cmpint (face->prefer, >=, 2);
      g_assert_cmpint (order[face->prefer - 2], ==, which);
      /* axial planes through corners: exact */
      g_assert_true (qr_vec3_equal (plane.normal, box[which].normal));
      g_assert_cmpfloat (plane.dist, ==, box[which].dist);
      for (int k = 0; k < 3; k++)
        {
          QrVec3 c = face->points[k];

          g_assert_true ((c.x == mn.x || c.x == mx.x) && (c.y == mn.y || c.y == mx.y)
                         && (c.z == mn.z || c.z == mx.z));
        }
    }
  /* sorted by normal: -x, -y, -z, +z, +y, +x */
  g_assert_cmpfloat (face_plane (face_at (faces, 0)).normal.x, ==, -1);
  g_assert_cmpfloat (face_plane (face_at (faces, 5)).normal.x, ==, 1);
}

static void
test_prefer_mismatch (void)
{
  const QrVec3 mn = { 0, 0, 0 }, mx = { 64, 64, 64 };
  g_autoptr(GArray) p = points_new ();
  QrPlane box[6], off[6], flipped[6];

  add_box_corners (p, mn, mx);
  box_planes (mn, mx, box);
  for (int k = 0; k < 6; k++)
    {
      off[k] = box[k];
      off[k].dist += 1e-3;
      flipped[k] = qr_plane_flip (box[k]);
    }

  {
    g_autoptr(GArray) faces = hull_ok (p, NULL, 0);

    for (guint f = 0; f < faces->len; f++)
      g_assert_cmpint (face_at (faces, f)->prefer, ==, -1);
  }
  {
    g_autoptr(GArray) faces = hull_ok (p, off, 6);

    for (guint f = 0; f < faces->len; f++)
      g_assert_cmpint (face_at (faces, f)->prefer, ==, -1);
  }
  {
    g_autoptr(GArray) faces = hull_ok (p, flipped, 6);

    for (guint f = 0; f < faces->len; f++)
      g_assert_cmpint (face_at (faces, f)->prefer, ==, -1);
  }
  {
    /* a plane within QR_EPS_ON_PLANE matches, the closer of two wins */
    QrPlane two[2] = { box[1], box[1] };
    g_autoptr(GArray) faces = NULL;
    int matched = 0;

    two[0].dist += 0.5 * QR_EPS_ON_PLANE;
    faces = hull_ok (p, two, 2);
    for (guint f = 0; f < faces->len; f++)
      if (face_at (faces, f)->prefer >= 0)
        {
          g_assert_cmpint (face_at (faces, f)->prefer, ==, 1);
          matched++;
        }
    g_assert_cmpint (matched, ==, 1);
  }
}

static void
test_tetrahedron (void)
{
  g_autoptr(GArray) p = points_new ();
  g_autoptr(GArray) q = points_new ();
  g_autoptr(GArray) faces = NULL;
  g_autoptr(GArray) faces2 = NULL;
  QrVec3 a, b, c;

  add (p, 0, 0, 0);
  add (p, 16, 0, 0);
  add (p, 0, 16, 0);
  add (p, 0, 0, 16);
  faces = hull_ok (p, NULL, 0);
  g_assert_cmpuint (faces->len, ==, 4);
  g_assert_cmpfloat_with_epsilon (check_hull (p, faces, TOL), 16.0 * 16 * 16 / 6, 1e-9);

  /* irregular and non-integer: volume |det| / 6 */
  add (q, 0.25, -1.5, 3.125);
  add (q, 7.7, 0.3, -2.2);
  add (q, -3.3, 5.9, 0.4);
  add (q, 1.1, 2.2, 9.9);
  a = qr_vec3_sub (pts (q)[1], pts (q)[0]);
  b = qr_vec3_sub (pts (q)[2], pts (q)[0]);
  c = qr_vec3_sub (pts (q)[3], pts (q)[0]);
  faces2 = hull_ok (q, NULL, 0);
  g_assert_cmpuint (faces2->len, ==, 4);
  g_assert_cmpfloat_with_epsilon (check_hull (q, faces2, TOL),
                                  fabs (qr_vec3_dot (a, qr_vec3_cross (b, c))) / 6, 1e-9);
}

/* The hull of a convex body A and its translate A + t is A swept along t,
 * whose volume is vol (A) + |t| × the area of A's shadow across t; for a box
 * with sides (a, b, c) that is abc + |tx| bc + |ty| ac + |tz| ab. */
static double
swept_box_volume (QrVec3 size, QrVec3 t)
{
  return size.x * size.y * size.z + fabs (t.x) * size.y * size.z
         + fabs (t.y) * size.x * size.z + fabs (t.z) * size.x * size.y;
}

static void
check_two_boxes (QrVec3 mn, QrVec3 size, QrVec3 t, guint n_faces)
{
  g_autoptr(GArray) p = points_new ();
  g_autoptr(GArray) faces = NULL;
  QrVec3 mx = qr_vec3_add (mn, size);

  add_box_corners (p, mn, mx);
  add_box_corners (p, qr_vec3_add (mn, t), qr_vec3_add (mx, t));
  faces = hull_ok (p, NULL, 0);
  g_assert_cmpuint (faces->len, ==, n_faces);
  g_assert_cmpfloat_with_epsilon (check_hull (p, faces, TOL), swept_box_volume (size, t), 1e-9);
}

static void
test_two_boxes (void)
{
  g_autoptr(GArray) p = points_new ();
  g_autoptr(GArray) faces = NULL;

  /* in a row: one box */
  check_two_boxes (qr_vec3 (0, 0, 0), qr_vec3 (1, 1, 1), qr_vec3 (2, 0, 0), 6);
  /* along the diagonal: 1 + 2√3 × √3 = 7; the cube's 6 faces and 6 sides
   * along the hexagon of its shadow */
  check_two_boxes (qr_vec3 (0, 0, 0), qr_vec3 (1, 1, 1), qr_vec3 (2, 2, 2), 12);
  check_two_boxes (qr_vec3 (-8, 4, 0), qr_vec3 (2, 1, 1), qr_vec3 (3, 2, 1), 12);
  check_two_boxes (qr_vec3 (0, 0, 0), qr_vec3 (64, 32, 16), qr_vec3 (0, 96, 32), 8);

  /* boxes of different sizes side by side: a prism over the hexagon
   * (0,0) (3,-1) (5,-1) (5,2) (3,2) (0,1), area 12, height 1 */
  add_box_corners (p, qr_vec3 (0, 0, 0), qr_vec3 (1, 1, 1));
  add_box_corners (p, qr_vec3 (3, -1, 0), qr_vec3 (5, 2, 1));
  faces = hull_ok (p, NULL, 0);
  g_assert_cmpuint (faces->len, ==, 8);
  g_assert_cmpfloat_with_epsilon (check_hull (p, faces, TOL), 12, 1e-9);
}

/* A primitive's vertices give the primitive back, every face on one of its
 * planes. */
static void
check_primitive (QrPrimitiveShape shape, int sides)
{
  QrBounds box = { { -64, -64, 0 }, { 64, 64, 96 } };
  QrPrimitiveSpec spec;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) brushes = NULL;
  g_autoptr(QrPolyBuilder) builder = qr_poly_builder_new ();
  g_autoptr(QrPolytope) poly = NULL;
  g_autoptr(GArray) p = points_new ();
  g_autoptr(GArray) faces = NULL;
  g_autofree QrPlane *planes = NULL;
  GArray *brush;
  int n_faces;

  qr_primitive_spec_init (&spec, shape, box);
  spec.sides = sides;
  brushes = qr_primitive_build (&spec, &error);
  g_assert_no_error (error);
  brush = g_ptr_array_index (brushes, 0);
  n_faces = (int) brush->len / 3;
  poly = qr_polytope_build (builder, (const QrVec3 *) (gconstpointer) brush->data, n_faces);
  g_assert_cmpint (poly->status, ==, QR_POLY_OK);
  g_array_append_vals (p, poly->verts, poly->n_verts);
  planes = g_new (QrPlane, n_faces);
  for (int i = 0; i < n_faces; i++)
    g_assert_true (qr_plane_from_points ((const QrVec3 *) (gconstpointer) brush->data + 3 * i, &planes[i]));

  faces = hull_ok (p, planes, n_faces);
  g_assert_cmpuint (faces->len, ==, qr_polytope_polygon_count (poly));
  g_assert_cmpfloat_with_epsilon (check_hull (p, faces, TOL), qr_polytope_volume (poly), 1e-6);
  for (guint f = 0; f < faces->len; f++)
    {
      QrPlane plane = face_plane (face_at (faces, f));
      int k = face_at (faces, f)->prefer;

      g_assert_cmpint (k, >=, 0);
      g_assert_true (qr_plane_equal (&plane, &planes[k]));
    }
}

static void
test_primitives (void)
{
  check_primitive (QR_PRIMITIVE_CYLINDER, 24);
  check_primitive (QR_PRIMITIVE_CYLINDER, 64);
  check_primitive (QR_PRIMITIVE_CONE, 13);
  check_primitive (QR_PRIMITIVE_SPHERE, 12);
  check_primitive (QR_PRIMITIVE_WEDGE, 8);
}

/* ------------------------------------------------------------------------
 * Refusals.
 */

static void
test_flat (void)
{
  g_autoptr(GArray) p = points_new ();

  assert_flat (p, QR_HULL_ERROR_FLAT, "at least 4");
  add (p, 0, 0, 0);
  add (p, 1, 0, 0);
  add (p, 0, 1, 0);
  assert_flat (p, QR_HULL_ERROR_FLAT, "at least 4");
  /* four and five points, but three distinct */
  add (p, 0, 1, 0);
  assert_flat (p, QR_HULL_ERROR_FLAT, "at least 4");
  add (p, 1e-6, 1 - 1e-6, 1e-6);
  assert_flat (p, QR_HULL_ERROR_FLAT, "at least 4");

  /* a grid in z = 0 */
  g_array_set_size (p, 0);
  for (int x = 0; x < 5; x++)
    for (int y = 0; y < 5; y++)
      add (p, 16 * x, 16 * y, 0);
  assert_flat (p, QR_HULL_ERROR_FLAT, "plane");

  /* a tilted plane with non-integer points */
  g_array_set_size (p, 0);
  for (int i = 0; i < 40; i++)
    {
      double u = sin (i * 1.7) * 50, v = cos (i * 2.3) * 30;

      add (p, 3.5 + 0.6 * u + 0.48 * v, -2 + 0.8 * u - 0.36 * v, 7 + 0.8 * v);
    }
  assert_flat (p, QR_HULL_ERROR_FLAT, "plane");

  /* slabs: 1e-6 and 5e-5 thick are flat, 0.01 is not */
  for (int k = 0; k < 3; k++)
    {
      const double thickness[3] = { 1e-6, 5e-5, 0.01 };

      g_array_set_size (p, 0);
      add_box_corners (p, qr_vec3 (0, 0, 0), qr_vec3 (100, 100, 0));
      add (p, 50, 50, thickness[k]);
      if (k < 2)
        assert_flat (p, QR_HULL_ERROR_FLAT, "plane");
      else
        {
          g_autoptr(GArray) faces = hull_ok (p, NULL, 0);

          g_assert_cmpuint (faces->len, ==, 5);
          g_assert_cmpfloat_with_epsilon (check_hull (p, faces, TOL), 100.0 * 100 * 0.01 / 3, 1e-9);
        }
    }

  /* the tolerance grows with the extent: a millionth of it */
  for (int k = 0; k < 2; k++)
    {
      g_array_set_size (p, 0);
      add_box_corners (p, qr_vec3 (-50000, -50000, 0), qr_vec3 (50000, 50000, 0));
      add (p, 0, 0, k == 0 ? 0.05 : 0.2);
      if (k == 0)
        assert_flat (p, QR_HULL_ERROR_FLAT, "plane");
      else
        {
          g_autoptr(GArray) faces = hull_ok (p, NULL, 0);

          g_assert_cmpuint (faces->len, ==, 5);
          check_faces (p, faces);
        }
    }

  /* a line, with noise below the tolerance */
  g_array_set_size (p, 0);
  for (int i = 0; i < 10; i++)
    add (p, 10 * i, 5 * i + (i % 2) * 1e-6, -3 * i);
  assert_flat (p, QR_HULL_ERROR_FLAT, "line");

  /* not a number */
  g_array_set_size (p, 0);
  add_box_corners (p, qr_vec3 (0, 0, 0), qr_vec3 (1, 1, 1));
  add (p, NAN, 0, 0);
  assert_flat (p, QR_HULL_ERROR_INVALID, "point 8");
  g_array_index (p, QrVec3, 8).x = INFINITY;
  assert_flat (p, QR_HULL_ERROR_INVALID, "point 8");
}

/* Points closer than QR_EPS_WELD count as one: jittered corners give the box. */
static void
test_weld (void)
{
  const QrVec3 mn = { 0, 0, 0 }, mx = { 64, 64, 64 };
  g_autoptr(GArray) p = points_new ();
  g_autoptr(GArray) faces = NULL;
  QrPlane box[6];

  add_box_corners (p, mn, mx);
  for (int i = 0; i < 8; i++)
    for (int k = 1; k <= 3; k++)
      {
        QrVec3 c = g_array_index (p, QrVec3, i);

        add (p, c.x + 2e-6 * k, c.y - 3e-6 * (k % 2), c.z + 1e-6);
      }
  box_planes (mn, mx, box);
  faces = hull_ok (p, box, 6);
  g_assert_cmpuint (faces->len, ==, 6);
  check_hull (p, faces, TOL);
  for (guint f = 0; f < 6; f++)
    g_assert_cmpint (face_at (faces, f)->prefer, >=, 0);
}

/* Points off a face by rounding noise merge into it. Points a little
 * farther off (but within QR_EPS_ON_PLANE) may split it into nearly coplanar
 * facets, and each of those still names the face it lies on, so the caller
 * keeps one face per preferred plane. A point clearly off makes its own
 * facets. */
static void
test_near_coplanar (void)
{
  const QrVec3 mn = { 0, 0, 0 }, mx = { 64, 64, 64 };
  const double off[3] = { 1e-10, 0.5 * QR_EPS_HULL_COPLANAR, 0.5 * QR_EPS_ON_PLANE };
  QrPlane box[6];

  box_planes (mn, mx, box);
  for (int k = 0; k < 3; k++)
    {
      g_autoptr(GArray) p = points_new ();
      g_autoptr(GArray) faces = NULL;
      bool named[6] = { false };

      add_box_corners (p, mn, mx);
      add (p, 32, 32, 64 + off[k]);
      add (p, 10, 50, 64 + 1.8 * off[k]);
      add (p, 64 + off[k], 20, 30);
      add (p, 30, 64 - 0.5 * off[k], 50);
      faces = hull_ok (p, box, 6);
      check_faces (p, faces);
      check_closed (p, faces);
      if (k == 0)
        g_assert_cmpuint (faces->len, ==, 6);
      for (guint f = 0; f < faces->len; f++)
        {
          g_assert_cmpint (face_at (faces, f)->prefer, >=, 0);
          named[face_at (faces, f)->prefer] = true;
        }
      for (int i = 0; i < 6; i++)
        g_assert_true (named[i]);
    }
  {
    g_autoptr(GArray) p = points_new ();
    g_autoptr(GArray) faces = NULL;

    /* a pyramid a thousandth of a unit high on the top: four facets for one */
    add_box_corners (p, mn, mx);
    add (p, 32, 32, 64.001);
    faces = hull_ok (p, box, 6);
    g_assert_cmpuint (faces->len, ==, 9);
    check_hull (p, faces, TOL);
    check_closed (p, faces);
    for (guint f = 0; f < faces->len; f++)
      g_assert_cmpint (face_at (faces, f)->prefer >= 0, ==, face_plane (face_at (faces, f)).normal.z < 0.5);
  }
}

/* ------------------------------------------------------------------------
 * Random clouds.
 */

static QrVec3
random_unit (GRand *r)
{
  for (;;)
    {
      QrVec3 v = qr_vec3 (g_rand_double_range (r, -1, 1), g_rand_double_range (r, -1, 1),
                          g_rand_double_range (r, -1, 1));
      double len = qr_vec3_length (v);

      if (len > 0.1 && len <= 1)
        return qr_vec3_scale (v, 1 / len);
    }
}

/* A rotation as three orthonormal rows. */
static void
random_rotation (GRand *r, QrVec3 rows[3])
{
  rows[0] = random_unit (r);
  do
    rows[1] = qr_vec3_cross (rows[0], random_unit (r));
  while (qr_vec3_length (rows[1]) < 0.1);
  rows[1] = qr_vec3_scale (rows[1], 1 / qr_vec3_length (rows[1]));
  rows[2] = qr_vec3_cross (rows[0], rows[1]);
}

static QrVec3
rotate (const QrVec3 rows[3], QrVec3 v)
{
  return qr_vec3 (qr_vec3_dot (rows[0], v), qr_vec3_dot (rows[1], v), qr_vec3_dot (rows[2], v));
}

static double
tetra_volume (QrVec3 a, QrVec3 b, QrVec3 c, QrVec3 d)
{
  return fabs (qr_vec3_dot (qr_vec3_sub (b, a), qr_vec3_cross (qr_vec3_sub (c, a), qr_vec3_sub (d, a)))) / 6;
}

/* Clouds of 4 to 240 points of five kinds. Each begins with four points
 * spanning a tetrahedron of a fair volume, so no cloud is flat. A fifth of
 * the points are added again, exactly or moved by less than QR_EPS_WELD. */
static Points *
random_cloud (GRand *r, int kind)
{
  Points *p = points_new ();
  int n = g_rand_int_range (r, 4, 201);
  double scale = kind == 1 ? 1000 : g_rand_double_range (r, 0.5, 500);
  int grid = g_rand_int_range (r, 2, 9);
  QrVec3 centre = qr_vec3 (g_rand_double_range (r, -1000, 1000), g_rand_double_range (r, -1000, 1000),
                           g_rand_double_range (r, -1000, 1000));
  QrVec3 rows[3];

  random_rotation (r, rows);
  while (npts (p) < n)
    {
      QrVec3 v;

      switch (kind)
        {
        case 0: /* a small integer grid: many coplanar and collinear points */
          v = qr_vec3 (g_rand_int_range (r, -grid, grid + 1), g_rand_int_range (r, -grid, grid + 1),
                       g_rand_int_range (r, -grid, grid + 1));
          break;
        case 1: /* integers far apart */
          v = qr_vec3 (g_rand_int_range (r, -1000, 1001), g_rand_int_range (r, -1000, 1001),
                       g_rand_int_range (r, -1000, 1001));
          break;
        case 2: /* anywhere in a box */
          v = qr_vec3_add (centre, qr_vec3 (g_rand_double_range (r, -scale, scale),
                                            g_rand_double_range (r, -0.3 * scale, 0.3 * scale),
                                            g_rand_double_range (r, -scale, scale)));
          break;
        case 3: /* on a sphere: every point a corner */
          v = qr_vec3_mad (centre, random_unit (r), scale);
          break;
        default: /* on a grid over the faces of a rotated box: coplanar up to rounding */
          {
            const QrVec3 size = qr_vec3 (scale, 0.5 * scale, 0.8 * scale);
            QrVec3 local;
            int axis = g_rand_int_range (r, 0, 3);

            local = qr_vec3 (size.x * g_rand_int_range (r, 0, 5) / 4, size.y * g_rand_int_range (r, 0, 5) / 4,
                             size.z * g_rand_int_range (r, 0, 5) / 4);
            qr_vec3_set (&local, axis, g_rand_boolean (r) ? 0 : qr_vec3_get (size, axis));
            v = qr_vec3_add (centre, rotate (rows, local));
          }
          break;
        }
      if (npts (p) < 4)
        {
          g_array_append_val (p, v);
          if (npts (p) == 4)
            {
              const QrVec3 *q = pts (p);
              double size = 0;

              for (int i = 1; i < 4; i++)
                size = fmax (size, qr_vec3_dist (q[0], q[i]));
              if (tetra_volume (q[0], q[1], q[2], q[3]) < 1e-3 * size * size * size)
                g_array_set_size (p, 0);
            }
          continue;
        }
      g_array_append_val (p, v);
    }

  /* copies of the points made so far, so that none is a copy of a copy
   * (whose offsets would add up past QR_EPS_WELD) */
  for (int i = 0, n_made = npts (p); i < n_made / 5; i++)
    {
      QrVec3 v = pts (p)[g_rand_int_range (r, 0, n_made)];

      if (g_rand_boolean (r))
        v = qr_vec3_add (v, qr_vec3 (3e-6, -2e-6, 1e-6));
      g_array_append_val (p, v);
    }
  return p;
}

/* Faces meeting at less than this (radians) are beyond what
 * qr_polytope_build resolves: it can split their shared corner in two. */
#define SHALLOW 1e-3

static void
test_random (void)
{
  g_autoptr(GRand) r = g_rand_new_with_seed (20240521);
  int face_counts[5] = { 0 }, n_relative = 0, n_shallow = 0;

  for (int cloud = 0; cloud < 500; cloud++)
    {
      int kind = cloud % 5;
      g_autoptr(GArray) p = random_cloud (r, kind);
      g_autoptr(GArray) faces = hull_ok (p, NULL, 0);
      g_autofree char *why = NULL;
      g_autofree char *why_relative = NULL;
      QrBounds b = qr_bounds_empty ();
      double volume, angle, relative;

      check_faces (p, faces);
      angle = check_closed (p, faces);
      face_counts[kind] += (int) faces->len;
      if (kind == 0)
        for (guint f = 0; f < faces->len; f++)
          for (int k = 0; k < 3; k++)
            {
              QrVec3 c = face_at (faces, f)->points[k];

              g_assert_true (c.x == round (c.x) && c.y == round (c.y) && c.z == round (c.z));
            }

      if (polytope_fits (p, faces, TOL, &volume, &why))
        continue;

      /* Where three planes meet at shallow angles (their normals' triple
       * product below QR_EPS_CORNER_DET) qr_polytope_build keeps the corner
       * where clipping put it, a few 1e-6 off: the self-checks' relative
       * bound then applies. And where two faces meet at less than SHALLOW,
       * it can split their corner in two. The faces themselves passed
       * check_faces and check_closed above. */
      for (int i = 0; i < npts (p); i++)
        qr_bounds_add_point (&b, pts (p)[i]);
      relative = QR_EPS_CHECK_RELATIVE * fmax (1, qr_vec3_max_abs (qr_vec3_sub (b.max, b.min)));
      g_test_message ("cloud %d (kind %d, %d points): %s", cloud, kind, npts (p), why);
      n_relative++;
      if (polytope_fits (p, faces, relative, &volume, &why_relative))
        continue;
      if (angle >= SHALLOW)
        g_error ("cloud %d: polytope: %s, though its faces meet at %g rad at least", cloud, why_relative, angle);
      g_test_message ("cloud %d: %s; faces meet at %g rad", cloud, why_relative, angle);
      n_shallow++;
    }
  g_test_message ("faces per kind: %d %d %d %d %d; polytope off by more than %g: %d clouds, "
                  "broken at a shallow angle: %d", face_counts[0], face_counts[1], face_counts[2],
                  face_counts[3], face_counts[4], TOL, n_relative, n_shallow);
  g_assert_cmpint (n_relative, <=, 25);
  g_assert_cmpint (n_shallow, <=, 5);
}

/* The rotated box with points on every face and every corner: exactly 6 faces. */
static void
test_rotated_box (void)
{
  g_autoptr(GRand) r = g_rand_new_with_seed (7);

  for (int round = 0; round < 50; round++)
    {
      g_autoptr(GArray) p = points_new ();
      g_autoptr(GArray) faces = NULL;
      QrVec3 rows[3], centre = qr_vec3 (g_rand_double_range (r, -4000, 4000), 17.25, -300.5);
      QrVec3 size = qr_vec3 (g_rand_double_range (r, 1, 300), g_rand_double_range (r, 1, 300),
                             g_rand_double_range (r, 1, 300));

      random_rotation (r, rows);
      for (int i = 0; i <= 4; i++)
        for (int j = 0; j <= 4; j++)
          for (int k = 0; k <= 4; k++)
            if (i % 4 == 0 || j % 4 == 0 || k % 4 == 0 || g_rand_boolean (r))
              {
                QrVec3 v = qr_vec3_add (centre, rotate (rows, qr_vec3 (size.x * i / 4, size.y * j / 4,
                                                                      size.z * k / 4)));

                g_array_append_val (p, v);
              }
      faces = hull_ok (p, NULL, 0);
      g_assert_cmpuint (faces->len, ==, 6);
      g_assert_cmpfloat_with_epsilon (check_hull (p, faces, TOL), size.x * size.y * size.z,
                                      1e-9 * size.x * size.y * size.z);
    }
}

/* ------------------------------------------------------------------------
 * Determinism and size.
 */

static bool
same_plane_set (const GArray *a, const GArray *b)
{
  if (a->len != b->len)
    return false;
  for (guint i = 0; i < a->len; i++)
    {
      QrPlane pa = face_plane (face_at (a, i));
      bool found = false;

      for (guint j = 0; j < b->len && !found; j++)
        {
          QrPlane pb = face_plane (face_at (b, j));

          found = qr_vec3_max_abs (qr_vec3_sub (pa.normal, pb.normal)) < 1e-9
                  && fabs (pa.dist - pb.dist) < 1e-9 * fmax (1, fabs (pa.dist));
        }
      if (!found)
        return false;
    }
  return true;
}

static void
shuffle (GRand *r, Points *p)
{
  for (int i = npts (p) - 1; i > 0; i--)
    {
      int j = g_rand_int_range (r, 0, i + 1);
      QrVec3 t = g_array_index (p, QrVec3, i);

      g_array_index (p, QrVec3, i) = g_array_index (p, QrVec3, j);
      g_array_index (p, QrVec3, j) = t;
    }
}

static void
test_determinism (void)
{
  g_autoptr(GRand) r = g_rand_new_with_seed (99);

  for (int kind = 0; kind < 5; kind++)
    for (int round = 0; round < 4; round++)
      {
        g_autoptr(GArray) p = random_cloud (r, kind);
        g_autoptr(GArray) a = hull_ok (p, NULL, 0);
        g_autoptr(GArray) b = hull_ok (p, NULL, 0);
        g_autoptr(GArray) c = NULL;

        g_assert_cmpuint (a->len, ==, b->len);
        for (guint f = 0; f < a->len; f++)
          {
            for (int k = 0; k < 3; k++)
              g_assert_true (qr_vec3_identical (face_at (a, f)->points[k], face_at (b, f)->points[k]));
            g_assert_cmpint (face_at (a, f)->prefer, ==, face_at (b, f)->prefer);
          }

        shuffle (r, p);
        c = hull_ok (p, NULL, 0);
        g_assert_true (same_plane_set (a, c));
      }
}

static void
test_large (void)
{
  g_autoptr(GRand) r = g_rand_new_with_seed (3);
  const int sizes[2] = { 600, 2000 };

  for (int s = 0; s < 2; s++)
    {
      g_autoptr(GArray) sphere = points_new ();
      g_autoptr(GArray) cube = points_new ();
      g_autoptr(GArray) faces = NULL;
      gint64 t0;

      for (int i = 0; i < sizes[s]; i++)
        {
          QrVec3 u = qr_vec3_scale (random_unit (r), 512);

          g_array_append_val (sphere, u);
          add (cube, g_rand_int_range (r, -256, 257), g_rand_int_range (r, -256, 257),
               g_rand_int_range (r, -256, 257));
        }

      t0 = g_get_monotonic_time ();
      faces = hull_ok (sphere, NULL, 0);
      g_test_message ("%d points on a sphere: %u faces in %.1f ms", sizes[s], faces->len,
                      (g_get_monotonic_time () - t0) / 1000.0);
      /* every point a corner, every facet a triangle: 2n - 4 faces */
      g_assert_cmpuint (faces->len, ==, 2 * sizes[s] - 4);
      /* qr_polytope_build is quadratic in the faces: only the smaller one */
      if (s == 0)
        check_hull (sphere, faces, TOL);
      else
        check_faces (sphere, faces);
      check_closed (sphere, faces);
      g_clear_pointer (&faces, g_array_unref);

      t0 = g_get_monotonic_time ();
      faces = hull_ok (cube, NULL, 0);
      g_test_message ("%d points in a cube: %u faces in %.1f ms", sizes[s], faces->len,
                      (g_get_monotonic_time () - t0) / 1000.0);
      check_hull (cube, faces, TOL);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/geom/hull/cube", test_cube);
  g_test_add_func ("/geom/hull/prefer/mismatch", test_prefer_mismatch);
  g_test_add_func ("/geom/hull/tetrahedron", test_tetrahedron);
  g_test_add_func ("/geom/hull/two-boxes", test_two_boxes);
  g_test_add_func ("/geom/hull/primitives", test_primitives);
  g_test_add_func ("/geom/hull/flat", test_flat);
  g_test_add_func ("/geom/hull/weld", test_weld);
  g_test_add_func ("/geom/hull/near-coplanar", test_near_coplanar);
  g_test_add_func ("/geom/hull/random", test_random);
  g_test_add_func ("/geom/hull/rotated-box", test_rotated_box);
  g_test_add_func ("/geom/hull/determinism", test_determinism);
  g_test_add_func ("/geom/hull/large", test_large);

  return g_test_run ();
}
