#include <math.h>
#include <string.h>
#include <glib.h>
#include "qr-plane.h"
#include "qr-texproj.h"
#include "qr-transform.h"
#include "qr-test-assert.h"

#define N_RANDOM_CASES 2000
#define N_FACE_POINTS 8


/* Within `rel` of the larger magnitude, with a floor of 1 so that values
 * near zero are compared absolutely. */
#define assert_near(got, want, rel) \
  G_STMT_START { \
    double got_ = (got), want_ = (want); \
    double tol_ = (rel) * fmax (1.0, fmax (fabs (got_), fabs (want_))); \
    if (!(fabs (got_ - want_) <= tol_)) \
      { \
        g_autofree char *msg_ = g_strdup_printf ("%s ~ %s: got %.17g, expected %.17g (diff %g, tol %g)", \
                                                 #got, #want, got_, want_, \
                                                 fabs (got_ - want_), tol_); \
        g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, msg_); \
      } \
  } G_STMT_END

static const QrVec3 origin = { 0, 0, 0 };

static void
assert_vec3_exact (QrVec3 v, double x, double y, double z)
{
  qr_test_assert_exact (v.x, x);
  qr_test_assert_exact (v.y, y);
  qr_test_assert_exact (v.z, z);
}

static void
assert_vec3_near (QrVec3 v, QrVec3 w, double rel)
{
  assert_near (v.x, w.x, rel);
  assert_near (v.y, w.y, rel);
  assert_near (v.z, w.z, rel);
}

static void
assert_matrix_exact (const QrTransform *tr, const double m[3][3])
{
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      qr_test_assert_exact (tr->m[i][j], m[i][j]);
}

static bool
is_integer (double v)
{
  return v == floor (v);
}

/* ---- Random inputs ----------------------------------------------------- */

static double
random_int (int lo, int hi)
{
  return g_test_rand_int_range (lo, hi + 1);
}

static QrVec3
random_int_point (int extent)
{
  return qr_vec3 (random_int (-extent, extent), random_int (-extent, extent),
                  random_int (-extent, extent));
}

static QrVec3
random_real_point (double extent)
{
  return qr_vec3 (g_test_rand_double_range (-extent, extent),
                  g_test_rand_double_range (-extent, extent),
                  g_test_rand_double_range (-extent, extent));
}

/* Integer points half the time, as centres of the editor's selections are. */
static QrVec3
random_centre (void)
{
  return g_test_rand_bit () ? random_int_point (1024) : random_real_point (1024);
}

static int
random_axis (void)
{
  return g_test_rand_int_range (0, 3);
}

static double
random_factor (void)
{
  double f;

  if (g_test_rand_int_range (0, 4) == 0)
    return 1.0;
  f = g_test_rand_double_range (0.5, 2.0);
  return g_test_rand_bit () ? f : -f;
}

static double
random_angle (void)
{
  if (g_test_rand_int_range (0, 4) == 0)
    return 90.0 * g_test_rand_int_range (-8, 9);
  return g_test_rand_double_range (-720, 720);
}

static QrBounds
random_box (void)
{
  QrVec3 min = random_int_point (1024);
  QrVec3 size = qr_vec3 (random_int (64, 256), random_int (64, 256), random_int (64, 256));
  QrBounds box = { min, qr_vec3_add (min, size) };

  /* Inverted on one axis a quarter of the time: a mirroring resize. */
  if (g_test_rand_int_range (0, 4) == 0)
    {
      int axis = random_axis ();
      double lo = qr_vec3_get (box.min, axis);

      qr_vec3_set (&box.min, axis, qr_vec3_get (box.max, axis));
      qr_vec3_set (&box.max, axis, lo);
    }
  return box;
}

static QrTransform
random_elementary_transform (void)
{
  switch (g_test_rand_int_range (0, 7))
    {
    case 0:
      return qr_transform_translate (g_test_rand_bit () ? random_int_point (2048)
                                                         : random_real_point (2048));
    case 1:
      return qr_transform_rotate (random_axis (), random_angle (), random_centre ());
    case 2:
      return qr_transform_rotate (random_axis (), 90.0 * g_test_rand_int_range (-4, 5),
                                  random_int_point (1024));
    case 3:
      return qr_transform_scale (qr_vec3 (random_factor (), random_factor (), random_factor ()),
                                 random_centre ());
    case 4:
      {
        int axis = random_axis ();
        int along = (axis + g_test_rand_int_range (1, 3)) % 3;

        return qr_transform_shear (axis, along, g_test_rand_double_range (-1.5, 1.5),
                                   random_centre ());
      }
    case 5:
      return qr_transform_flip (random_axis (), random_centre ());
    default:
      return qr_transform_box_to_box (random_box (), random_box ());
    }
}

static QrTransform
random_transform (void)
{
  QrTransform tr = random_elementary_transform ();

  for (int n = g_test_rand_int_range (0, 3); n > 0; n--)
    {
      QrTransform next = random_elementary_transform ();

      tr = qr_transform_multiply (&next, &tr);
    }
  return tr;
}

/* A plane through three random integer points (an axial one a quarter of the
 * time), as a face of a brush would have. */
static QrPlane
random_face_plane (void)
{
  QrVec3 p[3];
  QrPlane plane;

  do
    {
      int flat = g_test_rand_int_range (0, 12);

      for (int i = 0; i < 3; i++)
        p[i] = random_int_point (1024);
      if (flat < 3)
        for (int i = 1; i < 3; i++)
          qr_vec3_set (&p[i], flat, qr_vec3_get (p[0], flat));
    }
  while (!qr_plane_from_points (p, &plane));
  return plane;
}

static QrVec3
random_point_on (const QrPlane *plane)
{
  QrVec3 p = random_real_point (2048);

  return qr_vec3_mad (p, plane->normal, -qr_plane_distance_to (plane, p));
}

/* A unit direction in the plane with the given normal. */
static QrVec3
random_direction_in (QrVec3 normal)
{
  QrVec3 d;
  double len;

  do
    {
      QrVec3 r = random_real_point (1);

      d = qr_vec3_mad (r, normal, -qr_vec3_dot (r, normal));
      len = qr_vec3_length (d);
    }
  while (len < 0.1);
  return qr_vec3_scale (d, 1.0 / len);
}

static double
random_tex_scale (void)
{
  double s;

  if (g_test_rand_int_range (0, 10) == 0)
    return 0.0;
  s = g_test_rand_double_range (0.0625, 8);
  return g_test_rand_bit () ? s : -s;
}

/* Axes in the face plane: at right angles, or skewed (Valve allows it). */
static QrTexAttr
random_valve_attr (QrVec3 normal)
{
  QrVec3 u = random_direction_in (normal);
  QrVec3 v;

  if (g_test_rand_bit ())
    {
      v = qr_vec3_cross (normal, u);
      if (g_test_rand_bit ())
        v = qr_vec3_neg (v);
    }
  else
    {
      do
        v = random_direction_in (normal);
      while (fabs (qr_vec3_dot (u, v)) > 0.9);
    }

  return (QrTexAttr) {
    .u_axis = u,
    .v_axis = v,
    .shift = { g_test_rand_double_range (-512, 512), g_test_rand_double_range (-512, 512) },
    .rotation = random_angle (),
    .scale = { random_tex_scale (), random_tex_scale () },
  };
}

static QrTexAttr
random_standard_attr (void)
{
  /* Axes the standard form must ignore. */
  return (QrTexAttr) {
    .u_axis = { 1000, 2000, 3000 },
    .v_axis = { -3000, 7, 11 },
    .shift = { g_test_rand_double_range (-512, 512), g_test_rand_double_range (-512, 512) },
    .rotation = random_angle (),
    .scale = { random_tex_scale (), random_tex_scale () },
  };
}

/* The outward normal of the transformed face: the inverse transpose of the
 * linear part applied to the old one, whatever the sign of the determinant. */
static QrVec3
transformed_normal (const QrTransform *tr, QrVec3 n)
{
  QrTransform inv;
  QrVec3 m;

  g_assert_true (qr_transform_invert (tr, &inv));
  m = qr_vec3 (inv.m[0][0] * n.x + inv.m[1][0] * n.y + inv.m[2][0] * n.z,
               inv.m[0][1] * n.x + inv.m[1][1] * n.y + inv.m[2][1] * n.z,
               inv.m[0][2] * n.x + inv.m[1][2] * n.y + inv.m[2][2] * n.z);
  return qr_vec3_scale (m, 1.0 / qr_vec3_length (m));
}

static QrUV
texel (QrTexForm form, const QrTexAttr *tex, QrVec3 normal, QrVec3 p)
{
  QrUV uv = { NAN, NAN };

  qr_texproj_texels (form, tex, normal, &p, 1, &uv);
  return uv;
}

/* Texture lock: every point of the face keeps its texel. */
static void
assert_locked (const QrTransform *tr, QrTexForm form, const QrTexAttr *before,
               const QrTexAttr *after, const QrPlane *plane, QrVec3 new_normal, double rel)
{
  for (int i = 0; i < N_FACE_POINTS; i++)
    {
      QrVec3 p = random_point_on (plane);
      QrUV want = texel (form, before, plane->normal, p);
      QrUV got = texel (form, after, new_normal, qr_transform_point (tr, p));

      assert_near (got.u, want.u, rel);
      assert_near (got.v, want.v, rel);
    }
}

static bool
same_base_axes (QrVec3 a, QrVec3 b)
{
  QrVec3 sa, ta, sb, tb;

  qr_texproj_base_axes (a, &sa, &ta);
  qr_texproj_base_axes (b, &sb, &tb);
  return qr_vec3_equal (sa, sb) && qr_vec3_equal (ta, tb);
}

/* The axis the standard rotation turns about: 2 for floors and ceilings,
 * 0 and 1 for walls. */
static int
projection_axis (QrVec3 normal)
{
  QrVec3 s, t;

  qr_texproj_base_axes (normal, &s, &t);
  if (s.x == 0.0 && t.x == 0.0)
    return 0;
  if (s.y == 0.0 && t.y == 0.0)
    return 1;
  return 2;
}

/* ---- Matrices ---------------------------------------------------------- */

static void
test_rotate_quarter_matrices (void)
{
  static const double r90[3][3][3] = {
    { { 1, 0, 0 }, { 0, 0, -1 }, { 0, 1, 0 } },
    { { 0, 0, 1 }, { 0, 1, 0 }, { -1, 0, 0 } },
    { { 0, -1, 0 }, { 1, 0, 0 }, { 0, 0, 1 } },
  };
  static const double r180[3][3][3] = {
    { { 1, 0, 0 }, { 0, -1, 0 }, { 0, 0, -1 } },
    { { -1, 0, 0 }, { 0, 1, 0 }, { 0, 0, -1 } },
    { { -1, 0, 0 }, { 0, -1, 0 }, { 0, 0, 1 } },
  };
  static const double identity[3][3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };

  for (int axis = 0; axis < 3; axis++)
    {
      double r270[3][3];
      QrTransform tr;

      for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
          r270[i][j] = r90[axis][j][i];

      tr = qr_transform_rotate (axis, 90, origin);
      assert_matrix_exact (&tr, r90[axis]);
      assert_vec3_exact (tr.t, 0, 0, 0);
      tr = qr_transform_rotate (axis, 450, origin);
      assert_matrix_exact (&tr, r90[axis]);
      tr = qr_transform_rotate (axis, -270, origin);
      assert_matrix_exact (&tr, r90[axis]);
      tr = qr_transform_rotate (axis, 180, origin);
      assert_matrix_exact (&tr, r180[axis]);
      tr = qr_transform_rotate (axis, -180, origin);
      assert_matrix_exact (&tr, r180[axis]);
      tr = qr_transform_rotate (axis, 540, origin);
      assert_matrix_exact (&tr, r180[axis]);
      tr = qr_transform_rotate (axis, 270, origin);
      assert_matrix_exact (&tr, (const double (*)[3]) r270);
      tr = qr_transform_rotate (axis, -90, origin);
      assert_matrix_exact (&tr, (const double (*)[3]) r270);
      tr = qr_transform_rotate (axis, -450, origin);
      assert_matrix_exact (&tr, (const double (*)[3]) r270);
      tr = qr_transform_rotate (axis, 360, origin);
      assert_matrix_exact (&tr, identity);
      tr = qr_transform_rotate (axis, -720, origin);
      assert_matrix_exact (&tr, identity);
      qr_test_assert_exact (qr_transform_determinant (&tr), 1);
    }
}

static void
test_rotate_right_handed (void)
{
  QrTransform z = qr_transform_rotate (2, 90, origin);
  QrTransform x = qr_transform_rotate (0, 90, origin);
  QrTransform y = qr_transform_rotate (1, 90, origin);
  QrTransform z30 = qr_transform_rotate (2, 30, origin);
  QrVec3 p;

  assert_vec3_exact (qr_transform_point (&z, qr_vec3 (1, 0, 0)), 0, 1, 0);
  assert_vec3_exact (qr_transform_point (&x, qr_vec3 (0, 1, 0)), 0, 0, 1);
  assert_vec3_exact (qr_transform_point (&y, qr_vec3 (0, 0, 1)), 1, 0, 0);
  /* Vectors ignore the translation of a rotation about a centre. */
  z = qr_transform_rotate (2, 90, qr_vec3 (5, 7, 9));
  assert_vec3_exact (qr_transform_vector (&z, qr_vec3 (1, 0, 0)), 0, 1, 0);

  /* Counter-clockwise for a small angle too. */
  p = qr_transform_point (&z30, qr_vec3 (2, 0, 5));
  assert_near (p.x, sqrt (3), 1e-15);
  assert_near (p.y, 1, 1e-15);
  qr_test_assert_exact (p.z, 5);
}

static void
test_rotate_about_centre (void)
{
  QrTransform tr = qr_transform_rotate (2, 90, qr_vec3 (1, 1, 0));

  /* (3, 1) is 2 along +x from the centre; a quarter turn puts it 2 along +y. */
  assert_vec3_exact (qr_transform_point (&tr, qr_vec3 (3, 1, 2)), 1, 3, 2);
  assert_vec3_exact (qr_transform_point (&tr, qr_vec3 (1, 1, 7)), 1, 1, 7);

  /* A half-integer centre: the block 0..1 x 0..1 turns in place. */
  tr = qr_transform_rotate (0, 90, qr_vec3 (0, 0.5, 0.5));
  assert_vec3_exact (qr_transform_point (&tr, qr_vec3 (0, 1, 1)), 0, 0, 1);
  assert_vec3_exact (qr_transform_point (&tr, qr_vec3 (3, 0, 0)), 3, 1, 0);
  tr = qr_transform_rotate (1, -90, qr_vec3 (0.5, 0, 0.5));
  assert_vec3_exact (qr_transform_point (&tr, qr_vec3 (1, 4, 1)), 0, 4, 1);
}

static void
test_rotate_integer_points (void)
{
  for (int n = 0; n < N_RANDOM_CASES; n++)
    {
      int axis = random_axis ();
      double degrees = 90.0 * g_test_rand_int_range (-8, 9);
      QrVec3 centre = random_int_point (512);
      QrTransform tr, back;
      QrVec3 p = random_int_point (4096), q;

      /* Both in-plane coordinates on the half grid keep the turn on the grid. */
      if (g_test_rand_bit ())
        {
          qr_vec3_set (&centre, (axis + 1) % 3, qr_vec3_get (centre, (axis + 1) % 3) + 0.5);
          qr_vec3_set (&centre, (axis + 2) % 3, qr_vec3_get (centre, (axis + 2) % 3) + 0.5);
        }
      tr = qr_transform_rotate (axis, degrees, centre);
      back = qr_transform_rotate (axis, -degrees, centre);

      q = qr_transform_point (&tr, p);
      g_assert_true (is_integer (q.x) && is_integer (q.y) && is_integer (q.z));
      qr_test_assert_exact (qr_vec3_get (q, axis), qr_vec3_get (p, axis));
      /* The distance from the axis is kept exactly (all terms are exact). */
      {
        QrVec3 dp = qr_vec3_sub (p, centre), dq = qr_vec3_sub (q, centre);

        qr_vec3_set (&dp, axis, 0);
        qr_vec3_set (&dq, axis, 0);
        qr_test_assert_exact (qr_vec3_dot (dq, dq), qr_vec3_dot (dp, dp));
      }
      assert_vec3_exact (qr_transform_point (&back, q), p.x, p.y, p.z);
    }
}

static void
test_rotate_round_trip (void)
{
  for (int n = 0; n < N_RANDOM_CASES; n++)
    {
      int axis = random_axis ();
      QrVec3 centre = random_centre ();
      QrTransform r30 = qr_transform_rotate (axis, 30, centre);
      QrTransform r120 = qr_transform_rotate (axis, -120, centre);
      QrTransform third = qr_transform_rotate (axis, 120, centre);
      QrTransform composed = qr_transform_identity ();
      QrVec3 p = random_real_point (4096), q = p;

      for (int i = 0; i < 4; i++)
        {
          q = qr_transform_point (&r30, q);
          composed = qr_transform_multiply (&r30, &composed);
        }
      /* Four turns of 30 are a third of a turn. */
      assert_vec3_near (q, qr_transform_point (&third, p), 1e-9);
      q = qr_transform_point (&r120, q);
      assert_vec3_near (q, p, 1e-9);

      composed = qr_transform_multiply (&r120, &composed);
      assert_vec3_near (qr_transform_point (&composed, p), p, 1e-9);
    }
}

static void
test_box_to_box (void)
{
  QrBounds from = { { 0, 0, 0 }, { 64, 32, 16 } };
  QrBounds to = { { -32, 8, 0 }, { 96, 24, 64 } };
  QrBounds mirrored = { { 96, 8, 0 }, { -32, 24, 64 } };
  QrTransform tr = qr_transform_box_to_box (from, to);
  QrTransform mirror = qr_transform_box_to_box (from, mirrored);
  QrTransform odd;

  qr_test_assert_exact (qr_transform_determinant (&tr), 2 * 0.5 * 4);
  qr_test_assert_exact (qr_transform_determinant (&mirror), -4);

  for (int corner = 0; corner < 8; corner++)
    {
      QrVec3 c = qr_vec3 (corner & 1 ? from.max.x : from.min.x,
                          corner & 2 ? from.max.y : from.min.y,
                          corner & 4 ? from.max.z : from.min.z);
      QrVec3 want = qr_vec3 (corner & 1 ? to.max.x : to.min.x,
                             corner & 2 ? to.max.y : to.min.y,
                             corner & 4 ? to.max.z : to.min.z);
      QrVec3 want_mirror = qr_vec3 (corner & 1 ? mirrored.max.x : mirrored.min.x, want.y, want.z);
      QrVec3 got = qr_transform_point (&tr, c);
      QrVec3 got_mirror = qr_transform_point (&mirror, c);

      assert_vec3_exact (got, want.x, want.y, want.z);
      assert_vec3_exact (got_mirror, want_mirror.x, want_mirror.y, want_mirror.z);
    }
  /* The centre goes to the centre. */
  assert_vec3_exact (qr_transform_point (&tr, qr_vec3 (32, 16, 8)), 32, 16, 32);

  /* Both inverted on x: no mirror. */
  tr = qr_transform_box_to_box ((QrBounds) { { 64, 0, 0 }, { 0, 32, 16 } }, mirrored);
  qr_test_assert_exact (qr_transform_determinant (&tr), 4);
  assert_vec3_exact (qr_transform_point (&tr, qr_vec3 (64, 0, 0)), 96, 8, 0);

  /* Ratios that are not exact in binary still land on the corners once
   * snapped, the way face points are. */
  odd = qr_transform_box_to_box ((QrBounds) { { 1, 2, 3 }, { 4, 9, 14 } },
                                 (QrBounds) { { -5, 0, 7 }, { 2, 3, 10 } });
  assert_vec3_exact (qr_vec3_snap (qr_transform_point (&odd, qr_vec3 (1, 2, 3))), -5, 0, 7);
  assert_vec3_exact (qr_vec3_snap (qr_transform_point (&odd, qr_vec3 (4, 9, 14))), 2, 3, 10);
  assert_vec3_near (qr_transform_point (&odd, qr_vec3 (4, 9, 14)), qr_vec3 (2, 3, 10), 1e-15);
}

static void
test_box_to_box_degenerate (void)
{
  if (g_test_subprocess ())
    {
      QrBounds flat = { { 0, 0, 0 }, { 16, 0, 16 } };
      QrTransform tr = qr_transform_box_to_box (flat, flat);

      (void) tr;
      return;
    }
  /* g_test_init makes criticals fatal, so the subprocess must die on it. */
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*CRITICAL*");
}

static void
test_shear (void)
{
  /* x moves by half of z above z = 8. */
  QrTransform tr = qr_transform_shear (0, 2, 0.5, qr_vec3 (100, 200, 8));

  assert_vec3_exact (qr_transform_point (&tr, qr_vec3 (4, 3, 10)), 5, 3, 10);
  assert_vec3_exact (qr_transform_point (&tr, qr_vec3 (4, 3, 8)), 4, 3, 8);
  assert_vec3_exact (qr_transform_point (&tr, qr_vec3 (4, 3, 0)), 0, 3, 0);
  qr_test_assert_exact (qr_transform_determinant (&tr), 1);

  /* z by y, negative amount. */
  tr = qr_transform_shear (2, 1, -2, qr_vec3 (0, 1, 0));
  assert_vec3_exact (qr_transform_point (&tr, qr_vec3 (7, 4, 5)), 7, 4, -1);
  assert_vec3_exact (qr_transform_vector (&tr, qr_vec3 (0, 1, 0)), 0, 1, -2);
}

static void
test_flip (void)
{
  for (int axis = 0; axis < 3; axis++)
    {
      QrVec3 centre = qr_vec3 (1.5, 3, -2);
      QrTransform tr = qr_transform_flip (axis, centre);
      QrTransform twice = qr_transform_multiply (&tr, &tr);
      QrTransform identity = qr_transform_identity ();
      QrVec3 p = qr_vec3 (1, 5, 2), want = p;

      qr_vec3_set (&want, axis, 2 * qr_vec3_get (centre, axis) - qr_vec3_get (p, axis));
      assert_vec3_exact (qr_transform_point (&tr, p), want.x, want.y, want.z);
      qr_test_assert_exact (qr_transform_determinant (&tr), -1);
      assert_matrix_exact (&twice, (const double (*)[3]) identity.m);
      assert_vec3_exact (twice.t, 0, 0, 0);
    }
}

static void
test_scale (void)
{
  QrTransform tr = qr_transform_scale (qr_vec3 (2, -1, 0.5), qr_vec3 (4, 4, 4));

  assert_vec3_exact (qr_transform_point (&tr, qr_vec3 (6, 5, 8)), 8, 3, 6);
  assert_vec3_exact (qr_transform_point (&tr, qr_vec3 (4, 4, 4)), 4, 4, 4);
  assert_vec3_exact (qr_transform_vector (&tr, qr_vec3 (1, 1, 1)), 2, -1, 0.5);
  qr_test_assert_exact (qr_transform_determinant (&tr), -1);
}

static void
test_multiply_order (void)
{
  QrTransform move = qr_transform_translate (qr_vec3 (10, 0, 0));
  QrTransform scale = qr_transform_scale (qr_vec3 (2, 2, 2), origin);
  QrTransform move_after = qr_transform_multiply (&move, &scale);
  QrTransform move_first = qr_transform_multiply (&scale, &move);

  /* a after b */
  assert_vec3_exact (qr_transform_point (&move_after, qr_vec3 (1, 1, 1)), 12, 2, 2);
  assert_vec3_exact (qr_transform_point (&move_first, qr_vec3 (1, 1, 1)), 22, 2, 2);
}

static void
test_multiply_invert (void)
{
  for (int n = 0; n < N_RANDOM_CASES; n++)
    {
      QrTransform a = random_transform ();
      QrTransform b = random_transform ();
      QrTransform ab = qr_transform_multiply (&a, &b);
      QrTransform inv, round;
      QrVec3 p = random_real_point (2048);

      assert_vec3_near (qr_transform_point (&ab, p),
                        qr_transform_point (&a, qr_transform_point (&b, p)), 1e-9);
      assert_near (qr_transform_determinant (&ab),
                   qr_transform_determinant (&a) * qr_transform_determinant (&b), 1e-9);

      g_assert_true (qr_transform_invert (&ab, &inv));
      assert_vec3_near (qr_transform_point (&inv, qr_transform_point (&ab, p)), p, 1e-9);
      round = qr_transform_multiply (&inv, &ab);
      for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
          assert_near (round.m[i][j], i == j ? 1.0 : 0.0, 1e-9);
      assert_near (qr_transform_determinant (&inv) * qr_transform_determinant (&ab), 1, 1e-9);
    }
}

static void
test_invert_exact (void)
{
  QrTransform rot = qr_transform_rotate (1, 270, qr_vec3 (3, 4, 5));
  QrTransform back = qr_transform_rotate (1, 90, qr_vec3 (3, 4, 5));
  QrTransform scale = qr_transform_scale (qr_vec3 (4, -0.5, 2), qr_vec3 (1, 2, 3));
  QrTransform inv, round;

  g_assert_true (qr_transform_invert (&rot, &inv));
  assert_matrix_exact (&inv, (const double (*)[3]) back.m);
  assert_vec3_exact (inv.t, back.t.x, back.t.y, back.t.z);
  /* No -0 in an exact inverse's translation. */
  g_assert_false (signbit (inv.t.y));

  g_assert_true (qr_transform_invert (&scale, &inv));
  round = qr_transform_multiply (&inv, &scale);
  assert_matrix_exact (&round, (const double (*)[3]) qr_transform_identity ().m);
  assert_vec3_exact (round.t, 0, 0, 0);
}

static void
test_invert_singular (void)
{
  QrTransform flat = qr_transform_scale (qr_vec3 (1, 0, 1), origin);
  QrTransform tiny = qr_transform_scale (qr_vec3 (1e-5, 1e-4, 1e-4), origin);
  QrTransform untouched = qr_transform_translate (qr_vec3 (7, 8, 9));
  QrTransform out = untouched;

  g_assert_false (qr_transform_invert (&flat, &out));
  g_assert_false (qr_transform_invert (&tiny, &out));
  assert_vec3_exact (out.t, 7, 8, 9);
  assert_matrix_exact (&out, (const double (*)[3]) untouched.m);
}

static void
test_determinant (void)
{
  QrTransform tr = qr_transform_scale (qr_vec3 (2, 3, 4), qr_vec3 (9, 9, 9));
  QrTransform shear = qr_transform_shear (1, 0, 5, origin);
  QrTransform both = qr_transform_multiply (&tr, &shear);
  QrTransform general = { .m = { { 1, 2, 3 }, { 0, 4, 5 }, { 1, 0, 6 } }, .t = { 1, 2, 3 } };

  qr_test_assert_exact (qr_transform_determinant (&tr), 24);
  qr_test_assert_exact (qr_transform_determinant (&shear), 1);
  qr_test_assert_exact (qr_transform_determinant (&both), 24);
  /* 1 (24 - 0) - 2 (0 - 5) + 3 (0 - 4) = 22 */
  qr_test_assert_exact (qr_transform_determinant (&general), 22);
  for (int n = 0; n < 100; n++)
    {
      QrTransform r = qr_transform_rotate (random_axis (), random_angle (), random_centre ());

      assert_near (qr_transform_determinant (&r), 1, 1e-15);
    }
}

static void
test_snap (void)
{
  qr_test_assert_exact (qr_snap (0.9995), 1);
  qr_test_assert_exact (qr_snap (1.0005), 1);
  qr_test_assert_exact (qr_snap (1.0011), 1.0011);
  qr_test_assert_exact (qr_snap (2.5), 2.5);
  qr_test_assert_exact (qr_snap (-63.9991), -64);
  qr_test_assert_exact (qr_snap (65535.9999), 65536);
  qr_test_assert_exact (qr_snap (1e-7), 0);
  qr_test_assert_exact (qr_snap (0.1), 0.1);
  g_assert_true (isnan (qr_snap (NAN)));
  g_assert_true (isinf (qr_snap (INFINITY)));

  /* Never -0. */
  g_assert_false (signbit (qr_snap (-0.0004)));
  g_assert_false (signbit (qr_snap (-0.0)));
  g_assert_false (signbit (qr_snap (-1e-300)));
  g_assert_true (signbit (qr_snap (-0.5)));

  {
    QrVec3 v = qr_vec3_snap (qr_vec3 (-0.0002, 3.9999, -7.25));

    assert_vec3_exact (v, 0, 4, -7.25);
    g_assert_false (signbit (v.x));
  }
}

/* ---- Face points ------------------------------------------------------- */

/* The plane of the transformed points is the transformed plane, pointing
 * out of the transformed brush. */
static void
check_face_points (const QrTransform *tr, const QrVec3 points[3], double normal_tol, double dist_tol)
{
  QrVec3 moved[3] = { points[0], points[1], points[2] };
  QrPlane before, after;
  QrVec3 want_normal;
  double want_dist;

  g_assert_true (qr_plane_from_points (points, &before));
  qr_transform_face_points (tr, moved);
  g_assert_true (qr_plane_from_points (moved, &after));

  want_normal = transformed_normal (tr, before.normal);
  want_dist = qr_vec3_dot (want_normal, qr_transform_point (tr, points[1]));
  g_assert_cmpfloat (qr_vec3_dot (after.normal, want_normal), >, 0.999);
  g_assert_cmpfloat_with_epsilon (after.normal.x, want_normal.x, normal_tol);
  g_assert_cmpfloat_with_epsilon (after.normal.y, want_normal.y, normal_tol);
  g_assert_cmpfloat_with_epsilon (after.normal.z, want_normal.z, normal_tol);
  g_assert_cmpfloat_with_epsilon (after.dist, want_dist, dist_tol);

  /* Which point went where. */
  for (int i = 0; i < 3; i++)
    {
      int from = qr_transform_determinant (tr) < 0 ? 2 - i : i;
      QrVec3 want = qr_vec3_snap (qr_transform_point (tr, points[from]));

      g_assert_true (qr_vec3_identical (moved[i], want));
    }
}

static void
test_face_points_block (void)
{
  /* The top of the block 0..64: normal +z. */
  QrVec3 top[3] = { { 0, 0, 64 }, { 0, 64, 64 }, { 64, 64, 64 } };
  QrVec3 p[3];
  QrTransform flip = qr_transform_flip (2, qr_vec3 (32, 32, 32));
  QrTransform rot = qr_transform_rotate (0, 90, qr_vec3 (32, 32, 32));
  QrPlane plane;

  memcpy (p, top, sizeof p);
  qr_transform_face_points (&flip, p);
  /* The top becomes the bottom, facing down, points reversed. */
  assert_vec3_exact (p[0], 64, 64, 0);
  assert_vec3_exact (p[1], 0, 64, 0);
  assert_vec3_exact (p[2], 0, 0, 0);
  g_assert_true (qr_plane_from_points (p, &plane));
  assert_vec3_exact (plane.normal, 0, 0, -1);
  qr_test_assert_exact (plane.dist, 0);

  memcpy (p, top, sizeof p);
  qr_transform_face_points (&rot, p);
  /* A quarter turn about x takes +z to -y: the top becomes the north side. */
  g_assert_true (qr_plane_from_points (p, &plane));
  assert_vec3_exact (plane.normal, 0, -1, 0);
  qr_test_assert_exact (plane.dist, 0);
  assert_vec3_exact (p[0], 0, 0, 0);
}

static void
test_face_points_exact (void)
{
  for (int n = 0; n < N_RANDOM_CASES; n++)
    {
      QrVec3 centre = qr_vec3_scale (random_int_point (1024), 0.5);
      QrVec3 p[3];
      QrPlane plane;
      QrTransform tr;

      do
        for (int i = 0; i < 3; i++)
          p[i] = random_int_point (1024);
      while (!qr_plane_from_points (p, &plane));

      /* Transforms that keep integer points integer, so snapping plays no
       * part and the planes must agree to rounding. */
      switch (n % 5)
        {
        case 0:
          tr = qr_transform_flip (random_axis (), centre);
          break;
        case 1:
          tr = qr_transform_scale (qr_vec3 (g_test_rand_bit () ? -1 : 2, random_int (-3, -1),
                                            g_test_rand_bit () ? 1 : -2),
                                   random_int_point (512));
          break;
        case 2:
          tr = qr_transform_rotate (random_axis (), 90.0 * g_test_rand_int_range (-5, 6),
                                    random_int_point (512));
          break;
        case 3:
          tr = qr_transform_box_to_box ((QrBounds) { { 0, 0, 0 }, { 64, 64, 64 } },
                                        (QrBounds) { { 128, -64, 0 }, { 0, 64, g_test_rand_bit () ? 32 : -32 } });
          break;
        default:
          tr = qr_transform_shear (0, 1 + g_test_rand_int_range (0, 2), random_int (-2, 2),
                                   random_int_point (512));
          break;
        }
      check_face_points (&tr, p, 1e-12, 1e-9);
    }
}

static void
test_face_points_random (void)
{
  int mirrored = 0;

  for (int n = 0; n < N_RANDOM_CASES; n++)
    {
      QrTransform tr = random_transform ();
      QrVec3 p[3];
      QrPlane plane;

      /* Spans of at least 128 with a decent angle: snapping moves a point by
       * at most 0.0017, so the normal turns by at most ~1e-4. */
      do
        for (int i = 0; i < 3; i++)
          p[i] = random_int_point (1024);
      while (!qr_plane_from_points (p, &plane)
             || qr_vec3_dist (p[0], p[1]) < 128 || qr_vec3_dist (p[2], p[1]) < 128
             || qr_vec3_length (qr_vec3_cross (qr_vec3_sub (p[0], p[1]), qr_vec3_sub (p[2], p[1])))
                  < 0.3 * qr_vec3_dist (p[0], p[1]) * qr_vec3_dist (p[2], p[1]));

      if (qr_transform_determinant (&tr) < 0)
        mirrored++;
      check_face_points (&tr, p, 1e-3, 1.0);
    }
  /* Flips, inverted boxes and negative scales did come up. */
  g_assert_cmpint (mirrored, >, N_RANDOM_CASES / 10);
}

/* ---- Texture lock: Valve ----------------------------------------------- */

static void
test_texture_valve_random (void)
{
  for (int n = 0; n < N_RANDOM_CASES; n++)
    {
      QrPlane plane = random_face_plane ();
      QrTexAttr tex = random_valve_attr (plane.normal);
      QrTransform tr = random_transform ();
      QrVec3 new_normal = transformed_normal (&tr, plane.normal);
      QrTexAttr out;

      g_assert_true (qr_transform_texture (&tr, QR_TEX_VALVE, &tex, plane.normal, new_normal, &out));
      assert_locked (&tr, QR_TEX_VALVE, &tex, &out, &plane, new_normal, 1e-7);
      /* The axes stay unit length; their stretch went into the scales. */
      assert_near (qr_vec3_length (out.u_axis), 1, 1e-12);
      assert_near (qr_vec3_length (out.v_axis), 1, 1e-12);
      /* 0 (read as 1) only where the file said 0 and nothing stretched. */
      for (int i = 0; i < 2; i++)
        g_assert_true (isfinite (out.scale[i]) && (out.scale[i] != 0 || tex.scale[i] == 0));
    }
}

static void
test_texture_valve_translation (void)
{
  QrTexAttr tex = {
    .u_axis = { 1, 0, 0 }, .v_axis = { 0, -1, 0 },
    .shift = { 3, 5 }, .rotation = 15, .scale = { 0.5, 0 },
  };
  QrTexAttr out;
  QrTransform tr = qr_transform_translate (qr_vec3 (16, 8, 32));

  g_assert_true (qr_transform_texture (&tr, QR_TEX_VALVE, &tex, qr_vec3 (0, 0, 1),
                                       qr_vec3 (0, 0, 1), &out));
  g_assert_true (qr_vec3_identical (out.u_axis, tex.u_axis));
  g_assert_true (qr_vec3_identical (out.v_axis, tex.v_axis));
  qr_test_assert_exact (out.scale[0], 0.5);
  qr_test_assert_exact (out.scale[1], 0); /* still "1" as the file wrote it */
  qr_test_assert_exact (out.shift[0], 3 - 16 / 0.5);
  qr_test_assert_exact (out.shift[1], 5 + 8);
  qr_test_assert_exact (out.rotation, 15);

  /* A move along a turned axis by a whole number of texels gives a whole
   * shift, not one an ulp off (the dot product alone gives -4.000000000000001). */
  {
    QrTransform turn = qr_transform_rotate (2, 1, origin);
    QrTexAttr turned = {
      .u_axis = qr_transform_vector (&turn, qr_vec3 (1, 0, 0)),
      .v_axis = qr_transform_vector (&turn, qr_vec3 (0, -1, 0)),
      .shift = { 3, 0.25 }, .scale = { 1, 1 },
    };
    QrTransform move = qr_transform_translate (qr_transform_vector (&turn, qr_vec3 (7, 0, 0)));

    g_assert_true (qr_transform_texture (&move, QR_TEX_VALVE, &turned, qr_vec3 (0, 0, 1),
                                         qr_vec3 (0, 0, 1), &out));
    qr_test_assert_exact (out.shift[0], -4);
    assert_near (out.shift[1], 0.25, 1e-15);
  }

  /* Axes written with six digits are not renormalised by a move. */
  tex.u_axis = qr_vec3 (0.707107, 0.707107, 0);
  tex.v_axis = qr_vec3 (0.707107, -0.707107, 0);
  g_assert_true (qr_transform_texture (&tr, QR_TEX_VALVE, &tex, qr_vec3 (0, 0, 1),
                                       qr_vec3 (0, 0, 1), &out));
  g_assert_true (qr_vec3_identical (out.u_axis, tex.u_axis));
  g_assert_true (qr_vec3_identical (out.v_axis, tex.v_axis));
}

static void
test_texture_valve_quarter_turn (void)
{
  QrTexAttr tex = {
    .u_axis = { 1, 0, 0 }, .v_axis = { 0, -1, 0 },
    .shift = { 0, 0 }, .rotation = 0, .scale = { 0.25, 0.5 },
  };
  QrTransform tr = qr_transform_rotate (2, 90, qr_vec3 (64, 0, 0));
  QrTexAttr out;

  g_assert_true (qr_transform_texture (&tr, QR_TEX_VALVE, &tex, qr_vec3 (0, 0, 1),
                                       qr_vec3 (0, 0, 1), &out));
  assert_vec3_exact (out.u_axis, 0, 1, 0);
  assert_vec3_exact (out.v_axis, 1, 0, 0);
  qr_test_assert_exact (out.scale[0], 0.25);
  qr_test_assert_exact (out.scale[1], 0.5);
  /* t = (64, -64, 0): u loses -64 / 0.25, v loses 64 / 0.5. */
  qr_test_assert_exact (out.shift[0], 256);
  qr_test_assert_exact (out.shift[1], -128);
  qr_test_assert_exact (out.rotation, 90);

  /* Six-digit axes keep their digits under any quarter turn or flip. */
  tex.u_axis = qr_vec3 (0.707107, 0.707107, 0);
  tex.v_axis = qr_vec3 (0, 0, -1);
  for (int axis = 0; axis < 3; axis++)
    {
      QrTransform turn = qr_transform_rotate (axis, -90, qr_vec3 (8, 8, 8));
      QrTransform flip = qr_transform_flip (axis, qr_vec3 (8, 8, 8));
      QrVec3 n = qr_vec3 (0.707107, -0.707107, 0);

      g_assert_true (qr_transform_texture (&turn, QR_TEX_VALVE, &tex, n,
                                           qr_transform_vector (&turn, n), &out));
      g_assert_true (qr_vec3_identical (out.u_axis, qr_transform_vector (&turn, tex.u_axis)));
      qr_test_assert_exact (out.scale[0], 0.25);
      g_assert_true (qr_transform_texture (&flip, QR_TEX_VALVE, &tex, n,
                                           qr_transform_vector (&flip, n), &out));
      g_assert_true (qr_vec3_identical (out.u_axis, qr_transform_vector (&flip, tex.u_axis)));
      g_assert_true (qr_vec3_identical (out.v_axis, qr_transform_vector (&flip, tex.v_axis)));
      qr_test_assert_exact (out.scale[1], 0.5);
      qr_test_assert_exact (out.rotation, 0);
    }
}

/* Quarter turns and flips only permute and negate an axis's components:
 * its length, hence its scale, must not change in the last bit either. */
static void
test_texture_valve_quarter_turn_random (void)
{
  for (int n = 0; n < N_RANDOM_CASES; n++)
    {
      QrVec3 u = random_real_point (1), v = random_real_point (1), normal;
      QrTexAttr tex, out;
      QrTransform tr;

      u = qr_vec3_scale (u, 1.0 / qr_vec3_length (u));
      v = qr_vec3_scale (v, 1.0 / qr_vec3_length (v));
      normal = qr_vec3_cross (u, v);
      normal = qr_vec3_scale (normal, 1.0 / qr_vec3_length (normal));
      tex = (QrTexAttr) {
        .u_axis = u, .v_axis = v, .shift = { 1, 2 }, .scale = { random_tex_scale (), 0.75 },
      };
      if (g_test_rand_bit ())
        tr = qr_transform_rotate (random_axis (), 90.0 * g_test_rand_int_range (-4, 5),
                                  random_int_point (64));
      else
        tr = qr_transform_flip (random_axis (), random_int_point (64));

      g_assert_true (qr_transform_texture (&tr, QR_TEX_VALVE, &tex, normal,
                                           qr_transform_vector (&tr, normal), &out));
      g_assert_true (qr_vec3_equal (out.u_axis, qr_transform_vector (&tr, u)));
      g_assert_true (qr_vec3_equal (out.v_axis, qr_transform_vector (&tr, v)));
      qr_test_assert_exact (out.scale[0], tex.scale[0]);
      qr_test_assert_exact (out.scale[1], 0.75);
    }
}

static void
test_texture_valve_scale (void)
{
  QrTexAttr tex = {
    .u_axis = { 0, 1, 0 }, .v_axis = { 0, 0, -1 },
    .shift = { 10, 20 }, .rotation = 0, .scale = { 0, -2 },
  };
  QrTransform tr = qr_transform_scale (qr_vec3 (3, 2, -4), qr_vec3 (0, 8, 16));
  QrTexAttr out;

  g_assert_true (qr_transform_texture (&tr, QR_TEX_VALVE, &tex, qr_vec3 (1, 0, 0),
                                       qr_vec3 (1, 0, 0), &out));
  /* Stretching by 2 along U doubles the scale (0 read as 1). The mirror
   * along V turns the axis round (it is M^-T V, normalised) and the scale
   * takes the stretch and keeps its sign. */
  assert_vec3_exact (out.u_axis, 0, 1, 0);
  assert_vec3_exact (out.v_axis, 0, 0, 1);
  qr_test_assert_exact (out.scale[0], 2);
  qr_test_assert_exact (out.scale[1], -8);
  /* y' = 2 y - 8: u = y + 10 = (y' + 8) / 2 + 10, shift 14.
   * z' = -4 z + 80: v = z / 2 + 20 = z' / -8 + 10 + 20, shift 30. */
  qr_test_assert_exact (out.shift[0], 14);
  qr_test_assert_exact (out.shift[1], 30);
}

static void
test_texture_valve_rotation_field (void)
{
  QrTexAttr floor_tex = {
    .u_axis = { 1, 0, 0 }, .v_axis = { 0, -1, 0 }, .rotation = 10, .scale = { 1, 1 },
  };
  QrTexAttr wall_tex = {
    .u_axis = { 1, 0, 0 }, .v_axis = { 0, 0, -1 }, .rotation = 10, .scale = { 1, 1 },
  };
  QrVec3 up = qr_vec3 (0, 0, 1), down = qr_vec3 (0, 0, -1), south = qr_vec3 (0, 1, 0);
  QrTransform tr;
  QrTexAttr out;

  /* About the projection axis: the standard form's sense. */
  tr = qr_transform_rotate (2, 30, qr_vec3 (5, 5, 5));
  qr_transform_texture (&tr, QR_TEX_VALVE, &floor_tex, up, up, &out);
  qr_test_assert_exact (out.rotation, 40);
  qr_transform_texture (&tr, QR_TEX_VALVE, &floor_tex, down, down, &out);
  qr_test_assert_exact (out.rotation, 40);
  tr = qr_transform_rotate (2, -30, qr_vec3 (5, 5, 5));
  qr_transform_texture (&tr, QR_TEX_VALVE, &floor_tex, up, up, &out);
  qr_test_assert_exact (out.rotation, 340);
  /* y walls turn the other way round (their base axes are x and z). */
  tr = qr_transform_rotate (1, 90, origin);
  qr_transform_texture (&tr, QR_TEX_VALVE, &wall_tex, south, south, &out);
  qr_test_assert_exact (out.rotation, 280);
  /* With a uniform scale too. */
  tr = qr_transform_rotate (2, 45, origin);
  {
    QrTransform grow = qr_transform_scale (qr_vec3 (2, 2, 2), origin);

    tr = qr_transform_multiply (&grow, &tr);
  }
  qr_transform_texture (&tr, QR_TEX_VALVE, &floor_tex, up, up, &out);
  qr_test_assert_exact (out.rotation, 55);
  assert_near (out.scale[0], 2, 1e-15);

  /* Not about the face's axis, or not a rotation: left alone. */
  tr = qr_transform_rotate (0, 30, origin);
  qr_transform_texture (&tr, QR_TEX_VALVE, &floor_tex, up, transformed_normal (&tr, up), &out);
  qr_test_assert_exact (out.rotation, 10);
  tr = qr_transform_scale (qr_vec3 (2, 1, 1), origin);
  qr_transform_texture (&tr, QR_TEX_VALVE, &floor_tex, up, up, &out);
  qr_test_assert_exact (out.rotation, 10);
  tr = qr_transform_flip (0, origin);
  qr_transform_texture (&tr, QR_TEX_VALVE, &floor_tex, up, up, &out);
  qr_test_assert_exact (out.rotation, 10);
  /* A shear within the floor keeps +z but turns nothing as a whole. */
  tr = qr_transform_shear (0, 1, 0.5, origin);
  qr_transform_texture (&tr, QR_TEX_VALVE, &floor_tex, up, up, &out);
  qr_test_assert_exact (out.rotation, 10);
  /* A point reflection is a mirror, not a turn. */
  tr = qr_transform_scale (qr_vec3 (-1, -1, -1), origin);
  qr_transform_texture (&tr, QR_TEX_VALVE, &floor_tex, up, down, &out);
  qr_test_assert_exact (out.rotation, 10);

  /* About a sloped face's own normal: n = R_x(30) z, the turn is
   * R_x(30) R_z(25) R_x(-30). The floor projection still applies (n.z > 0),
   * so the field turns by +25. */
  {
    QrTransform a = qr_transform_rotate (0, 30, origin);
    QrTransform b = qr_transform_rotate (2, 25, origin);
    QrTransform c = qr_transform_rotate (0, -30, origin);
    QrVec3 n = qr_transform_vector (&a, up);
    QrTexAttr sloped = {
      .u_axis = { 1, 0, 0 }, .v_axis = qr_vec3_cross (n, qr_vec3 (1, 0, 0)),
      .rotation = 0, .scale = { 1, 1 },
    };

    tr = qr_transform_multiply (&b, &c);
    tr = qr_transform_multiply (&a, &tr);
    qr_transform_texture (&tr, QR_TEX_VALVE, &sloped, n, n, &out);
    qr_test_assert_exact (out.rotation, 25);
  }
  /* The same for a face looking down: a turn of +25 about its normal is a
   * turn of -25 about +z, the sense of its (ceiling) projection. */
  {
    QrTransform a = qr_transform_rotate (0, 30, origin);
    QrTransform b = qr_transform_rotate (2, -25, origin);
    QrTransform c = qr_transform_rotate (0, -30, origin);
    QrVec3 n = qr_transform_vector (&a, down);
    QrTexAttr sloped = {
      .u_axis = { 1, 0, 0 }, .v_axis = qr_vec3_cross (n, qr_vec3 (1, 0, 0)),
      .rotation = 0, .scale = { 1, 1 },
    };

    tr = qr_transform_multiply (&b, &c);
    tr = qr_transform_multiply (&a, &tr);
    qr_transform_texture (&tr, QR_TEX_VALVE, &sloped, n, n, &out);
    qr_test_assert_exact (out.rotation, 335);
  }
}

/* The Valve rotation field follows the standard form's rotation: a standard
 * face converted to Valve and rotated about its projection axis ends with
 * the rotation the standard texture lock computes. */
static void
test_texture_valve_rotation_matches_standard (void)
{
  int compared = 0;

  for (int n = 0; n < N_RANDOM_CASES; n++)
    {
      QrPlane plane = random_face_plane ();
      QrTexAttr tex = random_standard_attr (), valve, out_valve, out_std;
      QrTransform tr = qr_transform_rotate (projection_axis (plane.normal), random_angle (),
                                            random_centre ());
      QrVec3 new_normal = transformed_normal (&tr, plane.normal);
      double d;

      qr_texproj_standard_to_valve (&tex, plane.normal, &valve);
      g_assert_true (qr_transform_texture (&tr, QR_TEX_VALVE, &valve, plane.normal,
                                           new_normal, &out_valve));
      if (!qr_transform_texture (&tr, QR_TEX_STANDARD, &tex, plane.normal, new_normal, &out_std))
        continue;
      compared++;
      d = fmod (fabs (out_valve.rotation - out_std.rotation), 360.0);
      g_assert_cmpfloat (fmin (d, 360.0 - d), <=, 1e-9);
    }
  g_assert_cmpint (compared, >, N_RANDOM_CASES * 9 / 10);
}

static void
test_texture_in_place (void)
{
  QrPlane plane = random_face_plane ();
  QrTexAttr tex = random_valve_attr (plane.normal), copy = tex;
  QrTransform tr = qr_transform_rotate (2, 33, qr_vec3 (1, 2, 3));
  QrVec3 new_normal = transformed_normal (&tr, plane.normal);
  QrTexAttr expected;

  qr_transform_texture (&tr, QR_TEX_VALVE, &copy, plane.normal, new_normal, &expected);
  qr_transform_texture (&tr, QR_TEX_VALVE, &tex, plane.normal, new_normal, &tex);
  g_assert_true (memcmp (&tex, &expected, sizeof tex) == 0);
}

/* ---- Texture lock: standard -------------------------------------------- */

static void
test_texture_standard_translation (void)
{
  QrTexAttr tex = { .shift = { 1, 2 }, .rotation = 0, .scale = { 0.5, 2 } };
  QrTransform tr = qr_transform_translate (qr_vec3 (10, 6, 99));
  QrTexAttr out;

  /* Floor: u = x / 0.5 + 1, v = -y / 2 + 2. */
  g_assert_true (qr_transform_texture (&tr, QR_TEX_STANDARD, &tex, qr_vec3 (0, 0, 1),
                                       qr_vec3 (0, 0, 1), &out));
  qr_test_assert_exact (out.shift[0], 1 - 10 / 0.5);
  qr_test_assert_exact (out.shift[1], 2 + 6 / 2.0);
  qr_test_assert_exact (out.rotation, 0);
  qr_test_assert_exact (out.scale[0], 0.5);
  qr_test_assert_exact (out.scale[1], 2);

  for (int n = 0; n < N_RANDOM_CASES; n++)
    {
      QrPlane plane = random_face_plane ();
      QrTexAttr t = random_standard_attr ();

      tr = qr_transform_translate (g_test_rand_bit () ? random_int_point (4096)
                                                      : random_real_point (4096));
      g_assert_true (qr_transform_texture (&tr, QR_TEX_STANDARD, &t, plane.normal, plane.normal, &out));
      /* Only the shifts move. */
      qr_test_assert_exact (out.rotation, t.rotation);
      qr_test_assert_exact (out.scale[0], t.scale[0]);
      qr_test_assert_exact (out.scale[1], t.scale[1]);
      assert_locked (&tr, QR_TEX_STANDARD, &t, &out, &plane, plane.normal, 1e-9);
    }
}

/* Quarter turns about the axis of the face's projection are exact whenever
 * the turned face keeps that projection, which it always does unless its
 * normal ties between two axes. */
static void
test_texture_standard_quarter_turns (void)
{
  int exact = 0;

  for (int n = 0; n < N_RANDOM_CASES; n++)
    {
      QrPlane plane = random_face_plane ();
      QrTexAttr tex = random_standard_attr ();
      QrTransform tr = qr_transform_rotate (projection_axis (plane.normal),
                                            90.0 * g_test_rand_int_range (-5, 6),
                                            random_centre ());
      QrVec3 new_normal = transformed_normal (&tr, plane.normal);
      QrTexAttr out;
      bool ok = qr_transform_texture (&tr, QR_TEX_STANDARD, &tex, plane.normal, new_normal, &out);

      if (same_base_axes (plane.normal, new_normal))
        g_assert_true (ok);
      if (ok)
        {
          assert_locked (&tr, QR_TEX_STANDARD, &tex, &out, &plane, new_normal, 1e-9);
          exact++;
        }
    }
  g_assert_cmpint (exact, >, N_RANDOM_CASES * 9 / 10);
}

/* Any angle about the projection axis keeps the standard form too. */
static void
test_texture_standard_projection_axis_rotation (void)
{
  int exact = 0;

  for (int n = 0; n < N_RANDOM_CASES; n++)
    {
      QrPlane plane = random_face_plane ();
      QrTexAttr tex = random_standard_attr ();
      QrTransform tr = qr_transform_rotate (projection_axis (plane.normal), random_angle (),
                                            random_centre ());
      QrVec3 new_normal = transformed_normal (&tr, plane.normal);
      QrTexAttr out;
      bool ok = qr_transform_texture (&tr, QR_TEX_STANDARD, &tex, plane.normal, new_normal, &out);

      if (same_base_axes (plane.normal, new_normal))
        g_assert_true (ok);
      if (ok)
        {
          assert_locked (&tr, QR_TEX_STANDARD, &tex, &out, &plane, new_normal, 1e-9);
          exact++;
        }
    }
  g_assert_cmpint (exact, >, N_RANDOM_CASES * 9 / 10);
}

/* On axial faces the texture plane is the face plane: quarter turns about
 * any axis, flips and uniform scales (of either sign) are always exact, and
 * so are axial stretches of textures turned by a multiple of 90. */
static void
test_texture_standard_axial (void)
{
  static const QrVec3 normals[] = {
    { 0, 0, 1 }, { 0, 0, -1 }, { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 },
  };

  for (int n = 0; n < N_RANDOM_CASES; n++)
    {
      QrVec3 normal = normals[n % G_N_ELEMENTS (normals)];
      QrPlane plane = { normal, random_int (-1024, 1024) };
      QrTexAttr tex = random_standard_attr (), out;
      QrTransform tr;
      QrVec3 new_normal;
      double f;

      switch (g_test_rand_int_range (0, 4))
        {
        case 0:
          tr = qr_transform_rotate (random_axis (), 90.0 * g_test_rand_int_range (-5, 6),
                                    random_centre ());
          break;
        case 1:
          tr = qr_transform_flip (random_axis (), random_centre ());
          break;
        case 2:
          f = random_factor ();
          tr = qr_transform_scale (qr_vec3 (f, f, f), random_centre ());
          break;
        default:
          tex.rotation = 90.0 * g_test_rand_int_range (-4, 5);
          tr = qr_transform_scale (qr_vec3 (random_factor (), random_factor (), random_factor ()),
                                   random_centre ());
          break;
        }
      new_normal = transformed_normal (&tr, normal);
      g_assert_true (qr_transform_texture (&tr, QR_TEX_STANDARD, &tex, normal, new_normal, &out));
      assert_locked (&tr, QR_TEX_STANDARD, &tex, &out, &plane, new_normal, 1e-9);
    }
}

static void
test_texture_standard_scale_zero (void)
{
  QrTexAttr tex = { .shift = { 4, 8 }, .rotation = 0, .scale = { 0, 0 } };
  QrTransform tr = qr_transform_rotate (2, 90, qr_vec3 (8, 8, 0));
  QrTexAttr out;

  /* A quarter turn of a floor: 0 (read as 1) stays 0 in the file. */
  g_assert_true (qr_transform_texture (&tr, QR_TEX_STANDARD, &tex, qr_vec3 (0, 0, 1),
                                       qr_vec3 (0, 0, 1), &out));
  qr_test_assert_exact (out.scale[0], 0);
  qr_test_assert_exact (out.scale[1], 0);
  qr_test_assert_exact (out.rotation, 90);

  /* A real change of scale writes it. */
  tr = qr_transform_scale (qr_vec3 (2, 2, 2), origin);
  g_assert_true (qr_transform_texture (&tr, QR_TEX_STANDARD, &tex, qr_vec3 (0, 0, 1),
                                       qr_vec3 (0, 0, 1), &out));
  qr_test_assert_exact (out.scale[0], 2);
  qr_test_assert_exact (out.scale[1], 2);
  qr_test_assert_exact (out.shift[0], 4);
  qr_test_assert_exact (out.shift[1], 8);
}

/* A texture turned by 30 degrees, stretched along x: the texture becomes
 * skewed, which the standard form cannot say. */
static void
test_texture_standard_skewed (void)
{
  QrTexAttr tex = { .shift = { 0, 0 }, .rotation = 30, .scale = { 1, 1 } };
  QrTransform tr = qr_transform_scale (qr_vec3 (2, 1, 1), qr_vec3 (32, 16, 64));
  QrPlane plane = { { 0, 0, 1 }, 64 };
  QrVec3 up = plane.normal;
  QrTexAttr out;
  QrUV want, got;
  double worst_v = 0.0;

  g_assert_false (qr_transform_texture (&tr, QR_TEX_STANDARD, &tex, up, up, &out));

  /* Best effort: U is exact everywhere on the face ... */
  for (int i = 0; i < N_FACE_POINTS * 4; i++)
    {
      QrVec3 p = random_point_on (&plane);

      want = texel (QR_TEX_STANDARD, &tex, up, p);
      got = texel (QR_TEX_STANDARD, &out, up, qr_transform_point (&tr, p));
      assert_near (got.u, want.u, 1e-9);
      worst_v = fmax (worst_v, fabs (got.v - want.v));
    }
  /* ... V is not ... */
  g_assert_cmpfloat (worst_v, >, 1);
  /* ... except at the stretch's fixed point nearest the origin, (32, 0, z). */
  want = texel (QR_TEX_STANDARD, &tex, up, qr_vec3 (32, 0, 64));
  got = texel (QR_TEX_STANDARD, &out, up, qr_vec3 (32, 0, 64));
  assert_near (got.u, want.u, 1e-9);
  assert_near (got.v, want.v, 1e-9);

  /* A mirrored U keeps its negative scale rather than turning by 180. */
  tex.scale[0] = -1;
  g_assert_false (qr_transform_texture (&tr, QR_TEX_STANDARD, &tex, up, up, &out));
  g_assert_cmpfloat (out.scale[0], <, 0);
  for (int i = 0; i < N_FACE_POINTS; i++)
    {
      QrVec3 p = random_point_on (&plane);

      want = texel (QR_TEX_STANDARD, &tex, up, p);
      got = texel (QR_TEX_STANDARD, &out, up, qr_transform_point (&tr, p));
      assert_near (got.u, want.u, 1e-9);
    }
}

/* A wall tipped about an axis in its plane: the texture axes leave the
 * projection plane, so the standard conversion refuses; the best effort
 * still fits the texel density of the slope, and since the axis of the turn
 * lies in the face, it is exact there. */
static void
test_texture_standard_tipped (void)
{
  QrTexAttr tex = { .shift = { 3, 7 }, .rotation = 0, .scale = { 0.5, 0.25 } };
  QrTransform tr = qr_transform_rotate (0, 30, qr_vec3 (0, 16, 0));
  QrPlane plane = { { 0, 1, 0 }, 16 };
  QrVec3 new_normal = transformed_normal (&tr, plane.normal);
  QrTexAttr out;

  g_assert_false (qr_transform_texture (&tr, QR_TEX_STANDARD, &tex, plane.normal, new_normal, &out));
  assert_locked (&tr, QR_TEX_STANDARD, &tex, &out, &plane, new_normal, 1e-9);
  /* 1 / cos 30 more texels per unit of z on the slope. */
  assert_near (out.scale[1], 0.25 * sqrt (3) / 2, 1e-12);
  qr_test_assert_exact (out.scale[0], 0.5);
  qr_test_assert_exact (out.rotation, 0);
}

/* Texels before and after on 8 random points of the face: the U error
 * (after - before) and the V error, with U itself. */
static void
texel_errors (const QrTransform *tr, const QrTexAttr *before, const QrTexAttr *after,
              const QrPlane *plane, QrVec3 new_normal,
              double u[N_FACE_POINTS], double err_u[N_FACE_POINTS], double err_v[N_FACE_POINTS])
{
  for (int i = 0; i < N_FACE_POINTS; i++)
    {
      QrVec3 q = random_point_on (plane);
      QrUV want = texel (QR_TEX_STANDARD, before, plane->normal, q);
      QrUV got = texel (QR_TEX_STANDARD, after, new_normal, qr_transform_point (tr, q));

      u[i] = want.u;
      err_u[i] = got.u - want.u;
      err_v[i] = got.v - want.v;
    }
}

/* A turn about an oblique axis lying in the face, through a point of it:
 * the fixed line lies in the face, so U comes out exact although the
 * rounding of the composed matrix leaves no exact zero pivot. Half the
 * time the turn is a screw (a move along the axis too): then no point stays
 * put, yet the anchor must still come out on the axis, not at infinity. */
static bool
check_best_effort_oblique (const QrTexAttr *tex)
{
  double alpha = g_test_rand_double_range (0, 360), beta = g_test_rand_double_range (20, 70);
  QrTransform ry = qr_transform_rotate (1, beta, origin);
  QrTransform rz = qr_transform_rotate (2, alpha, origin);
  QrTransform to_k = qr_transform_multiply (&rz, &ry), from_k, turn, tr;
  QrVec3 k = qr_transform_vector (&to_k, qr_vec3 (0, 0, 1));
  QrVec3 p[3], centre = random_int_point (1024);
  QrTransform there = qr_transform_translate (centre);
  QrTransform back = qr_transform_translate (qr_vec3_neg (centre));
  QrPlane plane;
  QrTexAttr out;
  QrVec3 new_normal;
  double u[N_FACE_POINTS], err_u[N_FACE_POINTS], err_v[N_FACE_POINTS];

  do
    {
      p[0] = random_int_point (1024);
      p[1] = centre;
      p[2] = qr_vec3_mad (centre, k, 256);
    }
  while (!qr_plane_from_points (p, &plane));

  g_assert_true (qr_transform_invert (&to_k, &from_k));
  turn = qr_transform_rotate (2, g_test_rand_double_range (5, 175), origin);
  tr = qr_transform_multiply (&turn, &from_k);
  tr = qr_transform_multiply (&to_k, &tr);
  tr = qr_transform_multiply (&tr, &back);
  tr = qr_transform_multiply (&there, &tr);
  if (g_test_rand_bit ())
    {
      QrTransform screw = qr_transform_translate (qr_vec3_scale (k, g_test_rand_double_range (-64, 64)));

      tr = qr_transform_multiply (&screw, &tr);
    }

  new_normal = transformed_normal (&tr, plane.normal);
  if (qr_transform_texture (&tr, QR_TEX_STANDARD, tex, plane.normal, new_normal, &out))
    return false;
  texel_errors (&tr, tex, &out, &plane, new_normal, u, err_u, err_v);
  for (int i = 0; i < N_FACE_POINTS; i++)
    assert_near (err_u[i], 0, 1e-9 * fmax (1.0, fabs (u[i])));
  return true;
}

/* Whatever the transform, the best effort reproduces the U texels on the
 * face up to one constant (the rotation and U scale fit U's gradient in the
 * face plane), and its V error depends on U alone (V's gradient at right
 * angles to U is exact). When the transform's fixed point lies on the face
 * that constant is 0: here a turn about an axis lying in the face. */
static void
test_texture_standard_best_effort (void)
{
  int approximate = 0, oblique = 0;

  for (int n = 0; n < N_RANDOM_CASES; n++)
    {
      int axis = random_axis ();
      double stretch_factor = 1.0;
      QrVec3 p[3], anchor;
      QrPlane plane;
      QrTexAttr tex = random_standard_attr (), out;
      QrTransform tr;
      QrVec3 new_normal;
      double err_u[N_FACE_POINTS], err_v[N_FACE_POINTS], u[N_FACE_POINTS];

      if (n % 4 == 0)
        {
          if (check_best_effort_oblique (&tex))
            oblique++;
          continue;
        }

      /* A face containing the direction of `axis`. */
      do
        {
          p[0] = random_int_point (1024);
          p[1] = random_int_point (1024);
          p[2] = p[1];
          qr_vec3_set (&p[2], axis, qr_vec3_get (p[1], axis) + random_int (1, 512));
        }
      while (!qr_plane_from_points (p, &plane));

      tr = qr_transform_rotate (axis, g_test_rand_double_range (-180, 180), p[1]);
      if (g_test_rand_bit ())
        {
          /* Compose with a stretch along the axis: the fixed line stays. */
          QrVec3 f = qr_vec3 (1, 1, 1);
          QrTransform stretch;

          stretch_factor = random_factor ();
          qr_vec3_set (&f, axis, stretch_factor);
          stretch = qr_transform_scale (f, p[1]);
          tr = qr_transform_multiply (&stretch, &tr);
        }
      new_normal = transformed_normal (&tr, plane.normal);
      if (qr_transform_texture (&tr, QR_TEX_STANDARD, &tex, plane.normal, new_normal, &out))
        continue;
      approximate++;

      texel_errors (&tr, &tex, &out, &plane, new_normal, u, err_u, err_v);
      for (int i = 0; i < N_FACE_POINTS; i++)
        {
          double size = fmax (1.0, fmax (fabs (u[i] - u[0]), fabs (err_v[i] - err_v[0])));

          assert_near (err_u[i], 0, 1e-9 * fmax (1.0, fabs (u[i])));
          for (int j = 1; j < N_FACE_POINTS; j++)
            {
              double cross = (err_v[i] - err_v[0]) * (u[j] - u[0])
                             - (err_v[j] - err_v[0]) * (u[i] - u[0]);
              double scale = size * fmax (1.0, fmax (fabs (u[j] - u[0]),
                                                     fabs (err_v[j] - err_v[0])));

              g_assert_cmpfloat (fabs (cross), <=, 1e-9 * scale);
            }
        }

      /* Both exact at the fixed point nearest the origin: on the axis, or
       * the centre itself once a stretch moves the rest of the axis. */
      anchor = p[1];
      if (stretch_factor == 1.0)
        qr_vec3_set (&anchor, axis, 0);
      {
        QrUV want = texel (QR_TEX_STANDARD, &tex, plane.normal, anchor);
        QrUV got = texel (QR_TEX_STANDARD, &out, new_normal, qr_transform_point (&tr, anchor));

        assert_near (got.u, want.u, 1e-9);
        assert_near (got.v, want.v, 1e-9);
      }
    }
  g_assert_cmpint (approximate, >, N_RANDOM_CASES / 3);
  g_assert_cmpint (oblique, >, N_RANDOM_CASES / 8);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/geom/transform/rotate/quarter-matrices", test_rotate_quarter_matrices);
  g_test_add_func ("/geom/transform/rotate/right-handed", test_rotate_right_handed);
  g_test_add_func ("/geom/transform/rotate/about-centre", test_rotate_about_centre);
  g_test_add_func ("/geom/transform/rotate/integer-points", test_rotate_integer_points);
  g_test_add_func ("/geom/transform/rotate/round-trip", test_rotate_round_trip);
  g_test_add_func ("/geom/transform/box-to-box/corners", test_box_to_box);
  g_test_add_func ("/geom/transform/box-to-box/degenerate", test_box_to_box_degenerate);
  g_test_add_func ("/geom/transform/shear", test_shear);
  g_test_add_func ("/geom/transform/flip", test_flip);
  g_test_add_func ("/geom/transform/scale", test_scale);
  g_test_add_func ("/geom/transform/multiply/order", test_multiply_order);
  g_test_add_func ("/geom/transform/multiply/invert-random", test_multiply_invert);
  g_test_add_func ("/geom/transform/invert/exact", test_invert_exact);
  g_test_add_func ("/geom/transform/invert/singular", test_invert_singular);
  g_test_add_func ("/geom/transform/determinant", test_determinant);
  g_test_add_func ("/geom/transform/snap", test_snap);
  g_test_add_func ("/geom/transform/face-points/block", test_face_points_block);
  g_test_add_func ("/geom/transform/face-points/exact", test_face_points_exact);
  g_test_add_func ("/geom/transform/face-points/random", test_face_points_random);
  g_test_add_func ("/geom/transform/texture/valve/random", test_texture_valve_random);
  g_test_add_func ("/geom/transform/texture/valve/translation", test_texture_valve_translation);
  g_test_add_func ("/geom/transform/texture/valve/quarter-turn", test_texture_valve_quarter_turn);
  g_test_add_func ("/geom/transform/texture/valve/quarter-turn-random",
                   test_texture_valve_quarter_turn_random);
  g_test_add_func ("/geom/transform/texture/valve/scale", test_texture_valve_scale);
  g_test_add_func ("/geom/transform/texture/valve/rotation-field", test_texture_valve_rotation_field);
  g_test_add_func ("/geom/transform/texture/valve/rotation-matches-standard",
                   test_texture_valve_rotation_matches_standard);
  g_test_add_func ("/geom/transform/texture/in-place", test_texture_in_place);
  g_test_add_func ("/geom/transform/texture/standard/translation", test_texture_standard_translation);
  g_test_add_func ("/geom/transform/texture/standard/quarter-turns", test_texture_standard_quarter_turns);
  g_test_add_func ("/geom/transform/texture/standard/projection-axis-rotation",
                   test_texture_standard_projection_axis_rotation);
  g_test_add_func ("/geom/transform/texture/standard/axial", test_texture_standard_axial);
  g_test_add_func ("/geom/transform/texture/standard/scale-zero", test_texture_standard_scale_zero);
  g_test_add_func ("/geom/transform/texture/standard/skewed", test_texture_standard_skewed);
  g_test_add_func ("/geom/transform/texture/standard/tipped", test_texture_standard_tipped);
  g_test_add_func ("/geom/transform/texture/standard/best-effort", test_texture_standard_best_effort);

  return g_test_run ();
}
