#include <math.h>
#include <glib.h>
#include "qr-plane.h"
#include "qr-test-assert.h"

/* The expected normals and distances below were worked out by hand from the
 * convention normal = normalize ((p0 - p1) x (p2 - p1)), dist = normal · p1,
 * so that a change of convention (operand order, which point is the pivot)
 * shows up as a flipped normal. */

static QrPlane
plane_of (QrVec3 p0, QrVec3 p1, QrVec3 p2)
{
  const QrVec3 p[3] = { p0, p1, p2 };
  QrPlane plane = { { NAN, NAN, NAN }, NAN };

  g_assert_true (qr_plane_from_points (p, &plane));
  return plane;
}

static void
assert_plane_exact (QrPlane plane, double nx, double ny, double nz, double dist)
{
  qr_test_assert_exact (plane.normal.x, nx);
  qr_test_assert_exact (plane.normal.y, ny);
  qr_test_assert_exact (plane.normal.z, nz);
  qr_test_assert_exact (plane.dist, dist);
}

static void
assert_plane_near (QrPlane plane, double nx, double ny, double nz, double dist)
{
  g_assert_cmpfloat_with_epsilon (plane.normal.x, nx, 1e-15);
  g_assert_cmpfloat_with_epsilon (plane.normal.y, ny, 1e-15);
  g_assert_cmpfloat_with_epsilon (plane.normal.z, nz, 1e-15);
  g_assert_cmpfloat_with_epsilon (plane.dist, dist, 1e-12 * fmax (1.0, fabs (dist)));
  g_assert_cmpfloat_with_epsilon (qr_vec3_length (plane.normal), 1.0, 1e-15);
}

/* Refused: returns false and leaves the output alone. */
static void
assert_no_plane (QrVec3 p0, QrVec3 p1, QrVec3 p2)
{
  const QrVec3 p[3] = { p0, p1, p2 };
  QrPlane plane = { { 7, 8, 9 }, 10 };

  g_assert_false (qr_plane_from_points (p, &plane));
  assert_plane_exact (plane, 7, 8, 9, 10);
}

static void
test_quake_floor (void)
{
  /* ( 0 0 0 ) ( 0 1 0 ) ( 1 0 0 ): p0 - p1 = (0,-1,0), p2 - p1 = (1,-1,0),
   * cross = (0, 0, 0*(-1) - (-1)*1) = (0, 0, 1). Seen from above the points
   * run clockwise, as the compilers expect from outside: the top face of a
   * floor brush, normal +z, and z <= 0 is inside. */
  assert_plane_exact (plane_of (qr_vec3 (0, 0, 0), qr_vec3 (0, 1, 0), qr_vec3 (1, 0, 0)),
                      0, 0, 1, 0);

  /* The same triple raised to z = 64: dist = normal · p1 = 64. */
  assert_plane_exact (plane_of (qr_vec3 (0, 0, 64), qr_vec3 (0, 1, 64), qr_vec3 (1, 0, 64)),
                      0, 0, 1, 64);

  /* Swapping p0 and p2 negates the cross product: ( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 )
   * gives (-1,0,0) x (-1,1,0) = (0, 0, (-1)*1 - 0*(-1)) = (0, 0, -1): a ceiling. */
  assert_plane_exact (plane_of (qr_vec3 (0, 0, 0), qr_vec3 (1, 0, 0), qr_vec3 (0, 1, 0)),
                      0, 0, -1, 0);
  assert_plane_exact (plane_of (qr_vec3 (0, 0, -32), qr_vec3 (1, 0, -32), qr_vec3 (0, 1, -32)),
                      0, 0, -1, 32);
}

static void
test_trenchbroom_box (void)
{
  /* The unit-offset triples TrenchBroom writes for a box from (-16,-32,-8)
   * to (48,64,40); each normal points out of the box. */

  /* West: p0 - p1 = (0,-1,0), p2 - p1 = (0,-1,1); cross = (-1*1 - 0, 0 - 0, 0 - 0) = (-1,0,0);
   * dist = -1 * -16 = 16, i.e. x >= -16. */
  assert_plane_exact (plane_of (qr_vec3 (-16, -32, -8), qr_vec3 (-16, -31, -8), qr_vec3 (-16, -32, -7)),
                      -1, 0, 0, 16);
  /* South: p0 - p1 = (0,0,-1), p2 - p1 = (1,0,-1); cross = (0 - 0, -1*1 - 0, 0 - 0) = (0,-1,0); dist 32. */
  assert_plane_exact (plane_of (qr_vec3 (-16, -32, -8), qr_vec3 (-16, -32, -7), qr_vec3 (-15, -32, -8)),
                      0, -1, 0, 32);
  /* Bottom: p0 - p1 = (-1,0,0), p2 - p1 = (-1,1,0); cross = (0, 0, -1*1 - 0) = (0,0,-1); dist 8. */
  assert_plane_exact (plane_of (qr_vec3 (-16, -32, -8), qr_vec3 (-15, -32, -8), qr_vec3 (-16, -31, -8)),
                      0, 0, -1, 8);
  /* Top: p0 - p1 = (0,-1,0), p2 - p1 = (1,-1,0); cross = (0, 0, 0 + 1) = (0,0,1); dist 40. */
  assert_plane_exact (plane_of (qr_vec3 (48, 64, 40), qr_vec3 (48, 65, 40), qr_vec3 (49, 64, 40)),
                      0, 0, 1, 40);
  /* North: p0 - p1 = (-1,0,0), p2 - p1 = (-1,0,1); cross = (0, 0*(-1) - (-1)*1, 0) = (0,1,0); dist 64. */
  assert_plane_exact (plane_of (qr_vec3 (48, 64, 40), qr_vec3 (49, 64, 40), qr_vec3 (48, 64, 41)),
                      0, 1, 0, 64);
  /* East: p0 - p1 = (0,0,-1), p2 - p1 = (0,1,-1); cross = (0*(-1) - (-1)*1, 0, 0) = (1,0,0); dist 48. */
  assert_plane_exact (plane_of (qr_vec3 (48, 64, 40), qr_vec3 (48, 64, 41), qr_vec3 (48, 65, 40)),
                      1, 0, 0, 48);
}

static void
test_corpus_faces (void)
{
  /* Two faces of brush 0 of corpus/valve220/csgSubtractFailure.map.
   * ( 0 364 0 ) ( -1 364 0 ) ( 0 364 1 ): p0 - p1 = (1,0,0), p2 - p1 = (1,0,1);
   * cross = (0, 0*1 - 1*1, 0) = (0,-1,0); dist = -364: y >= 364. */
  assert_plane_exact (plane_of (qr_vec3 (0, 364, 0), qr_vec3 (-1, 364, 0), qr_vec3 (0, 364, 1)),
                      0, -1, 0, -364);
  /* ( 0 372 0 ) ( 0 372 -1 ) ( 1 372 0 ): p0 - p1 = (0,0,1), p2 - p1 = (1,0,1);
   * cross = (0, 1*1 - 0, 0) = (0,1,0); dist = 372: y <= 372. */
  assert_plane_exact (plane_of (qr_vec3 (0, 372, 0), qr_vec3 (0, 372, -1), qr_vec3 (1, 372, 0)),
                      0, 1, 0, 372);
}

static void
test_non_axial (void)
{
  const double r = sqrt (0.5);
  QrPlane p;

  /* ( 0 0 64 ) ( 64 0 0 ) ( 64 64 0 ): p0 - p1 = (-64,0,64), p2 - p1 = (0,64,0);
   * cross = (0 - 64*64, 0, -64*64 - 0) = (-4096, 0, -4096): normal -(1,0,1)/sqrt2,
   * dist = normal · (64,0,0) = -64/sqrt2. */
  p = plane_of (qr_vec3 (0, 0, 64), qr_vec3 (64, 0, 0), qr_vec3 (64, 64, 0));
  assert_plane_near (p, -r, 0, -r, -64 * r);
  g_assert_cmpint (qr_plane_axis (&p), ==, QR_PLANE_NOT_AXIAL);

  /* ( 1 0 10 ) ( 0 0 10 ) ( 0 4 7 ): p0 - p1 = (1,0,0), p2 - p1 = (0,4,-3);
   * cross = (0, 0 - 1*(-3), 1*4) = (0,3,4): normal (0, 0.6, 0.8), dist 0.8 * 10 = 8. */
  p = plane_of (qr_vec3 (1, 0, 10), qr_vec3 (0, 0, 10), qr_vec3 (0, 4, 7));
  assert_plane_near (p, 0, 0.6, 0.8, 8);

  /* Every plane passes through its three points. */
  {
    const QrVec3 pts[3] = { { 13.5, -7.25, 100 }, { -3, 44, 0.125 }, { 1000, 2, -3 } };
    QrPlane q;

    g_assert_true (qr_plane_from_points (pts, &q));
    g_assert_cmpfloat_with_epsilon (qr_vec3_length (q.normal), 1.0, 1e-15);
    for (int i = 0; i < 3; i++)
      g_assert_cmpfloat (fabs (qr_plane_distance_to (&q, pts[i])), <, 1e-12);
  }
}

/* Axial triples whose cross product is a power of two: the unit offsets
 * editors write and box corners 64 or 128 apart. */
static void
test_axial_exact (void)
{
  static const double coords[] = { 0, 1, -1, 0.1, -0.1, 40, -8, 0.125, 1.0 / 3.0, 65536, -65536, 65535.5, 1e-3 };

  for (gsize i = 0; i < G_N_ELEMENTS (coords); i++)
    {
      double c = coords[i];

      for (int span = 1; span <= 128; span *= 2)
        {
          double s = span;

          /* Clockwise from outside for each direction; see test_trenchbroom_box. */
          assert_plane_exact (plane_of (qr_vec3 (c, 5, 7), qr_vec3 (c, 5, 7 + s), qr_vec3 (c, 5 + s, 7)), 1, 0, 0, c);
          assert_plane_exact (plane_of (qr_vec3 (c, 5, 7), qr_vec3 (c, 5 + s, 7), qr_vec3 (c, 5, 7 + s)), -1, 0, 0, -c);
          assert_plane_exact (plane_of (qr_vec3 (5, c, 7), qr_vec3 (5 + s, c, 7), qr_vec3 (5, c, 7 + s)), 0, 1, 0, c);
          assert_plane_exact (plane_of (qr_vec3 (5, c, 7), qr_vec3 (5, c, 7 + s), qr_vec3 (5 + s, c, 7)), 0, -1, 0, -c);
          assert_plane_exact (plane_of (qr_vec3 (5 + s, 7, c), qr_vec3 (5, 7, c), qr_vec3 (5, 7 + s, c)), 0, 0, 1, c);
          assert_plane_exact (plane_of (qr_vec3 (5, 7 + s, c), qr_vec3 (5, 7, c), qr_vec3 (5 + s, 7, c)), 0, 0, -1, -c);
        }
    }
}

/* Box corners are rarely a power of two apart: a 7 x 7 pillar gives a cross
 * product of 49, a 96 x 48 wall 4608. The header promises exact ±1 normals
 * for every axial triple, whatever the span. */
static void
test_axial_exact_any_span (void)
{
  for (int a = 1; a <= 200; a++)
    for (int b = 1; b <= 9; b++)
      {
        QrPlane p = plane_of (qr_vec3 (0, a, 40), qr_vec3 (0, 0, 40), qr_vec3 (b, 0, 40));
        QrPlane q = plane_of (qr_vec3 (a, 24, 1.5), qr_vec3 (0, 24, 0), qr_vec3 (0, 24, b));

        /* (0,a,0) x (b,0,0) = (0, 0, -a*b): the ceiling z >= 40. */
        assert_plane_exact (p, 0, 0, -1, -40);
        g_assert_cmpint (qr_plane_axis (&p), ==, QR_PLANE_Z);
        /* (a,0,1.5) x (0,0,b) = (0, 1.5*0 - a*b, 0): south wall y >= 24. */
        assert_plane_exact (q, 0, -1, 0, -24);
        g_assert_cmpint (qr_plane_axis (&q), ==, QR_PLANE_Y);
      }

  /* Axial even when the three points are not along the axes of the plane. */
  assert_plane_exact (plane_of (qr_vec3 (3, 7, 5), qr_vec3 (0, 0, 5), qr_vec3 (-2, 11, 5)), 0, 0, 1, 5);
}

static void
test_collinear (void)
{
  /* On a line through the origin and (1,2,3). */
  assert_no_plane (qr_vec3 (0, 0, 0), qr_vec3 (1, 2, 3), qr_vec3 (2, 4, 6));
  assert_no_plane (qr_vec3 (2, 4, 6), qr_vec3 (0, 0, 0), qr_vec3 (1, 2, 3));
  /* Along an axis, as a mistyped face line might be. */
  assert_no_plane (qr_vec3 (0, 0, 64), qr_vec3 (0, 1, 64), qr_vec3 (0, 2, 64));
  assert_no_plane (qr_vec3 (-65536, 5, 5), qr_vec3 (0, 5, 5), qr_vec3 (65536, 5, 5));
  /* Collinear in decimal, off by rounding in binary. */
  assert_no_plane (qr_vec3 (0.2, 0.4, 0.6), qr_vec3 (0.1, 0.2, 0.3), qr_vec3 (0.3, 0.6, 0.9));
  assert_no_plane (qr_vec3 (1000.1, 2000.2, 3000.3), qr_vec3 (0.1, 0.2, 0.3), qr_vec3 (-999.9, -1999.8, -2999.7));
}

static void
test_coincident (void)
{
  const QrVec3 a = { 16, -32, 8 }, b = { 17, -32, 8 };

  assert_no_plane (a, a, a);
  assert_no_plane (a, a, b);
  assert_no_plane (a, b, b);
  assert_no_plane (a, b, a);
  assert_no_plane (qr_vec3 (0, 0, 0), qr_vec3 (0, 0, 0), qr_vec3 (0, 0, 0));
}

static void
test_nearly_collinear (void)
{
  /* 1e-6 off a line 131072 long: a sine near 1.5e-11, still a plane. */
  {
    QrVec3 p0 = { -65536, 0, 0 }, p1 = { 0, 0, 0 }, p2 = { 65536, 1e-6, 1e-6 };
    const double r = sqrt (0.5);
    QrPlane p = plane_of (p0, p1, p2);

    /* (-65536,0,0) x (65536,1e-6,1e-6) = (0, 65536e-6, -65536e-6). */
    assert_plane_near (p, 0, r, -r, 0);
    g_assert_cmpfloat (fabs (qr_plane_distance_to (&p, p0)), <, 1e-9);
    g_assert_cmpfloat (fabs (qr_plane_distance_to (&p, p2)), <, 1e-9);
  }

  /* A sliver triangle on a slope, far from the origin. */
  {
    const QrVec3 pts[3] = { { 30000, 30000, 30000 }, { 30000.001, 30000, 30000.001 }, { 38192, 30000.0005, 38192 } };
    QrPlane p;

    g_assert_true (qr_plane_from_points (pts, &p));
    g_assert_cmpfloat_with_epsilon (qr_vec3_length (p.normal), 1.0, 1e-15);
    for (int i = 0; i < 3; i++)
      g_assert_cmpfloat (fabs (qr_plane_distance_to (&p, pts[i])), <, 1e-6);
  }

  /* One unit off a 1024 line: an ordinary thin face. */
  assert_plane_near (plane_of (qr_vec3 (0, 0, 0), qr_vec3 (1024, 0, 0), qr_vec3 (2048, 1, 0)), 0, 0, -1, 0);
}

static void
test_axis (void)
{
  const QrPlane px = { { 1, 0, 0 }, 3 }, nx = { { -1, 0, 0 }, 3 };
  const QrPlane py = { { 0, 1, 0 }, 3 }, ny = { { 0, -1, 0 }, -3 };
  const QrPlane pz = { { 0, 0, 1 }, 0 }, nz = { { -0.0, -0.0, -1 }, 0 };
  const QrPlane slope = { { 0.6, 0, 0.8 }, 0 };
  const QrPlane diag = { { 1 / sqrt (3), 1 / sqrt (3), 1 / sqrt (3) }, 0 };
  const QrPlane almost = { { 1e-9, 0, 1 }, 0 };

  g_assert_cmpint (qr_plane_axis (&px), ==, QR_PLANE_X);
  g_assert_cmpint (qr_plane_axis (&nx), ==, QR_PLANE_X);
  g_assert_cmpint (qr_plane_axis (&py), ==, QR_PLANE_Y);
  g_assert_cmpint (qr_plane_axis (&ny), ==, QR_PLANE_Y);
  g_assert_cmpint (qr_plane_axis (&pz), ==, QR_PLANE_Z);
  g_assert_cmpint (qr_plane_axis (&nz), ==, QR_PLANE_Z);
  g_assert_cmpint (qr_plane_axis (&slope), ==, QR_PLANE_NOT_AXIAL);
  g_assert_cmpint (qr_plane_axis (&diag), ==, QR_PLANE_NOT_AXIAL);
  g_assert_cmpint (qr_plane_axis (&almost), ==, QR_PLANE_NOT_AXIAL);

  /* And from points: a face tilted by one unit in 1e9 is not axial. */
  {
    QrPlane p = plane_of (qr_vec3 (0, 0, 0), qr_vec3 (0, 1e9, 0), qr_vec3 (1e9, 0, 1));

    g_assert_cmpint (qr_plane_axis (&p), ==, QR_PLANE_NOT_AXIAL);
    p = plane_of (qr_vec3 (0, 0, 0), qr_vec3 (0, 1, 0), qr_vec3 (1, 0, 0));
    g_assert_cmpint (qr_plane_axis (&p), ==, QR_PLANE_Z);
  }
}

static void
test_flip (void)
{
  const QrVec3 a = { 13.5, -7.25, 100 }, b = { -3, 44, 0.125 }, c = { 1000, 2, -3 };
  QrPlane p = plane_of (a, b, c);
  QrPlane f = qr_plane_flip (p);
  QrPlane reversed = plane_of (c, b, a);
  const QrVec3 probe = { 5, 6, 7 };

  assert_plane_exact (f, -p.normal.x, -p.normal.y, -p.normal.z, -p.dist);
  /* Listing the points the other way round flips the plane exactly. */
  assert_plane_exact (reversed, f.normal.x, f.normal.y, f.normal.z, f.dist);
  /* Twice is the identity. */
  f = qr_plane_flip (f);
  assert_plane_exact (f, p.normal.x, p.normal.y, p.normal.z, p.dist);
  g_assert_cmpfloat (qr_plane_distance_to (&p, probe), ==, -qr_plane_distance_to (&reversed, probe));

  f = qr_plane_flip ((QrPlane) { { 0, 0, 1 }, 64 });
  assert_plane_exact (f, 0, 0, -1, -64);
  g_assert_true (signbit (f.normal.z));
}

static void
test_distance (void)
{
  QrPlane p = plane_of (qr_vec3 (0, 0, 64), qr_vec3 (0, 1, 64), qr_vec3 (1, 0, 64));

  g_assert_cmpfloat (qr_plane_distance_to (&p, qr_vec3 (100, -3, 64)), ==, 0);
  g_assert_cmpfloat (qr_plane_distance_to (&p, qr_vec3 (0, 0, 70)), ==, 6);
  g_assert_cmpfloat (qr_plane_distance_to (&p, qr_vec3 (0, 0, 0)), ==, -64);
}

static void
test_equal (void)
{
  QrPlane a = plane_of (qr_vec3 (0, 0, 64), qr_vec3 (0, 1, 64), qr_vec3 (1, 0, 64));
  /* The same plane from another triple, spans 2 and 4 units. */
  QrPlane b = plane_of (qr_vec3 (9, 5, 64), qr_vec3 (5, 5, 64), qr_vec3 (5, 7, 64));
  /* A slope from two different triples. */
  QrPlane s1 = plane_of (qr_vec3 (0, 0, 64), qr_vec3 (64, 0, 0), qr_vec3 (64, 64, 0));
  QrPlane s2 = plane_of (qr_vec3 (48, 128, 16), qr_vec3 (16, 128, 48), qr_vec3 (32, 0, 32));
  QrPlane near = a, off = a, tilted;

  g_assert_true (qr_plane_equal (&a, &a));
  g_assert_true (qr_plane_equal (&a, &b));
  g_assert_true (qr_plane_equal (&b, &a));
  g_assert_true (qr_plane_equal (&s1, &s2));
  g_assert_false (qr_plane_equal (&a, &s1));

  near.dist += 1e-7;
  g_assert_true (qr_plane_equal (&a, &near));
  off.dist += 1e-4;
  g_assert_false (qr_plane_equal (&a, &off));
  /* Parallel, on the other side of the origin. */
  off.dist = -a.dist;
  g_assert_false (qr_plane_equal (&a, &off));

  /* Opposite half-spaces on the same plane are different planes. */
  {
    QrPlane f = qr_plane_flip (a);
    QrPlane z0 = plane_of (qr_vec3 (0, 0, 0), qr_vec3 (0, 1, 0), qr_vec3 (1, 0, 0));
    QrPlane z0f = qr_plane_flip (z0);

    g_assert_false (qr_plane_equal (&a, &f));
    g_assert_false (qr_plane_equal (&z0, &z0f));
  }

  /* Tilted by 1e-4 radians about the y axis. */
  tilted = plane_of (qr_vec3 (0, 0, 64), qr_vec3 (0, 1, 64), qr_vec3 (1, 0, 64 + 1e-4));
  g_assert_false (qr_plane_equal (&a, &tilted));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/geom/plane/from-points/quake-floor", test_quake_floor);
  g_test_add_func ("/geom/plane/from-points/trenchbroom-box", test_trenchbroom_box);
  g_test_add_func ("/geom/plane/from-points/corpus-faces", test_corpus_faces);
  g_test_add_func ("/geom/plane/from-points/non-axial", test_non_axial);
  g_test_add_func ("/geom/plane/from-points/axial-exact", test_axial_exact);
  g_test_add_func ("/geom/plane/from-points/axial-exact-any-span", test_axial_exact_any_span);
  g_test_add_func ("/geom/plane/from-points/collinear", test_collinear);
  g_test_add_func ("/geom/plane/from-points/coincident", test_coincident);
  g_test_add_func ("/geom/plane/from-points/nearly-collinear", test_nearly_collinear);
  g_test_add_func ("/geom/plane/axis", test_axis);
  g_test_add_func ("/geom/plane/flip", test_flip);
  g_test_add_func ("/geom/plane/distance", test_distance);
  g_test_add_func ("/geom/plane/equal", test_equal);

  return g_test_run ();
}
