#include <string.h>
#include <glib.h>
#include "qr-plane.h"
#include "qr-texproj.h"

#define N_RANDOM_CASES 500
#define N_RANDOM_POINTS 8

static const QrVec3 floor_n = { 0, 0, 1 };
static const QrVec3 ceiling_n = { 0, 0, -1 };
static const QrVec3 west_n = { 1, 0, 0 };
static const QrVec3 east_n = { -1, 0, 0 };
static const QrVec3 south_n = { 0, 1, 0 };
static const QrVec3 north_n = { 0, -1, 0 };

static QrTexAttr
standard_attr (double shift_u, double shift_v, double rotation, double scale_u, double scale_v)
{
  /* Axes the standard form must ignore: any use of them shows in the texels. */
  return (QrTexAttr) {
    .u_axis = { 1000, 2000, 3000 },
    .v_axis = { -3000, 7, 11 },
    .shift = { shift_u, shift_v },
    .rotation = rotation,
    .scale = { scale_u, scale_v },
  };
}

static QrTexAttr
valve_attr (QrVec3 u_axis, QrVec3 v_axis, double shift_u, double shift_v,
            double scale_u, double scale_v)
{
  return (QrTexAttr) {
    .u_axis = u_axis,
    .v_axis = v_axis,
    .shift = { shift_u, shift_v },
    .scale = { scale_u, scale_v },
  };
}

static QrUV
texel (QrTexForm form, const QrTexAttr *tex, QrVec3 normal, QrVec3 p)
{
  QrUV uv = { NAN, NAN };

  qr_texproj_texels (form, tex, normal, &p, 1, &uv);
  return uv;
}

static void
assert_texel_exact (QrTexForm form, const QrTexAttr *tex, QrVec3 normal, QrVec3 p,
                    double u, double v)
{
  QrUV uv = texel (form, tex, normal, p);

  g_assert_cmpfloat (uv.u, ==, u);
  g_assert_cmpfloat (uv.v, ==, v);
}

static void
assert_texel_near (QrTexForm form, const QrTexAttr *tex, QrVec3 normal, QrVec3 p,
                   double u, double v)
{
  QrUV uv = texel (form, tex, normal, p);

  g_assert_cmpfloat_with_epsilon (uv.u, u, 1e-9);
  g_assert_cmpfloat_with_epsilon (uv.v, v, 1e-9);
}

static void
assert_vec3_exact (QrVec3 a, double x, double y, double z)
{
  g_assert_cmpfloat (a.x, ==, x);
  g_assert_cmpfloat (a.y, ==, y);
  g_assert_cmpfloat (a.z, ==, z);
}

/* Within 1e-9 relative, with an absolute floor of 1e-9 near zero. */
static void
assert_close (double a, double b)
{
  double tol = 1e-9 * fmax (1.0, fmax (fabs (a), fabs (b)));

  if (!(fabs (a - b) <= tol))
    g_error ("%.17g and %.17g differ by %g (tolerance %g)", a, b, fabs (a - b), tol);
}

/* Same direction modulo a full turn. */
static void
assert_same_angle (double a, double b)
{
  double d = fmod (fabs (a - b), 360.0);

  if (!(fmin (d, 360.0 - d) <= 1e-9))
    g_error ("angles %.17g and %.17g differ by %g degrees modulo 360", a, b, d);
}

static QrVec3
random_point (void)
{
  return qr_vec3 (g_test_rand_double_range (-4096, 4096),
                  g_test_rand_double_range (-4096, 4096),
                  g_test_rand_double_range (-4096, 4096));
}

/* Mostly arbitrary directions, sometimes an exact axis or a 45 degree tie so
 * that the table's edge cases are covered too. */
static QrVec3
random_normal (void)
{
  static const QrVec3 special[] = {
    { 0, 0, 1 }, { 0, 0, -1 }, { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 },
    { G_SQRT2 / 2, 0, G_SQRT2 / 2 }, { 0, -G_SQRT2 / 2, -G_SQRT2 / 2 },
    { -G_SQRT2 / 2, G_SQRT2 / 2, 0 },
  };
  QrVec3 n;

  if (g_test_rand_int_range (0, 4) == 0)
    return special[g_test_rand_int_range (0, (int) G_N_ELEMENTS (special))];

  do
    n = qr_vec3 (g_test_rand_double_range (-1, 1),
                 g_test_rand_double_range (-1, 1),
                 g_test_rand_double_range (-1, 1));
  while (qr_vec3_length (n) < 0.1);
  return qr_vec3_scale (n, 1.0 / qr_vec3_length (n));
}

/* Scales of either sign away from zero, sometimes exactly 0 (read as 1). */
static double
random_scale (void)
{
  double s;

  if (g_test_rand_int_range (0, 10) == 0)
    return 0.0;
  s = g_test_rand_double_range (0.0625, 8);
  return g_test_rand_bit () ? s : -s;
}

static double
random_rotation (void)
{
  /* Quarter turns go through the exact sin/cos path; keep them common. */
  if (g_test_rand_int_range (0, 4) == 0)
    return 90.0 * g_test_rand_int_range (-8, 8);
  return g_test_rand_double_range (-720, 720);
}

static QrTexAttr
random_standard_attr (void)
{
  return standard_attr (g_test_rand_double_range (-512, 512),
                        g_test_rand_double_range (-512, 512),
                        random_rotation (), random_scale (), random_scale ());
}

static void
assert_same_texels_forms (QrTexForm form_a, const QrTexAttr *a,
                          QrTexForm form_b, const QrTexAttr *b, QrVec3 normal)
{
  for (int i = 0; i < N_RANDOM_POINTS; i++)
    {
      QrVec3 p = random_point ();
      QrUV uv_a = texel (form_a, a, normal, p);
      QrUV uv_b = texel (form_b, b, normal, p);

      assert_close (uv_a.u, uv_b.u);
      assert_close (uv_a.v, uv_b.v);
    }
}

static void
assert_same_texels (const QrTexAttr *std_attr, const QrTexAttr *valve, QrVec3 normal)
{
  assert_same_texels_forms (QR_TEX_STANDARD, std_attr, QR_TEX_VALVE, valve, normal);
}

static void
assert_base_axes (QrVec3 normal, QrVec3 s_expected, QrVec3 t_expected)
{
  QrVec3 s, t;

  qr_texproj_base_axes (normal, &s, &t);
  g_assert_true (qr_vec3_equal (s, s_expected));
  g_assert_true (qr_vec3_equal (t, t_expected));
}

static void
test_base_axes_axial (void)
{
  assert_base_axes (floor_n, qr_vec3 (1, 0, 0), qr_vec3 (0, -1, 0));
  assert_base_axes (ceiling_n, qr_vec3 (1, 0, 0), qr_vec3 (0, -1, 0));
  assert_base_axes (west_n, qr_vec3 (0, 1, 0), qr_vec3 (0, 0, -1));
  assert_base_axes (east_n, qr_vec3 (0, 1, 0), qr_vec3 (0, 0, -1));
  assert_base_axes (south_n, qr_vec3 (1, 0, 0), qr_vec3 (0, 0, -1));
  assert_base_axes (north_n, qr_vec3 (1, 0, 0), qr_vec3 (0, 0, -1));

  /* Mostly one axis wins even with the others present. */
  assert_base_axes (qr_vec3 (0.6, 0.1, -0.79), qr_vec3 (1, 0, 0), qr_vec3 (0, -1, 0));
  assert_base_axes (qr_vec3 (-0.2, -0.9, 0.3), qr_vec3 (1, 0, 0), qr_vec3 (0, 0, -1));
}

static void
test_base_axes_ties (void)
{
  const double h = G_SQRT2 / 2;
  const double third = 1.0 / sqrt (3.0);
  QrVec3 floor_s = { 1, 0, 0 }, floor_t = { 0, -1, 0 };
  QrVec3 wall_x_s = { 0, 1, 0 }, wall_t = { 0, 0, -1 };
  QrVec3 wall_y_s = { 1, 0, 0 };

  /* Floor (index 0) ties with west (2): the floor comes first. */
  assert_base_axes (qr_vec3 (h, 0, h), floor_s, floor_t);
  /* Floor against south (4), and against both walls at once. */
  assert_base_axes (qr_vec3 (0, h, h), floor_s, floor_t);
  assert_base_axes (qr_vec3 (third, third, third), floor_s, floor_t);
  /* Ceiling (1) ties with east (3) and north (5). */
  assert_base_axes (qr_vec3 (-h, 0, -h), floor_s, floor_t);
  assert_base_axes (qr_vec3 (0, -h, -h), floor_s, floor_t);
  /* West (2) ties with south (4); east (3) with north (5). The S axis tells
   * the X walls from the Y walls. */
  assert_base_axes (qr_vec3 (h, h, 0), wall_x_s, wall_t);
  assert_base_axes (qr_vec3 (-h, -h, 0), wall_x_s, wall_t);
  assert_base_axes (qr_vec3 (h, -h, 0), wall_x_s, wall_t);
  /* Just off the tie, the larger component wins. */
  assert_base_axes (qr_vec3 (0.7072, 0, 0.7070), wall_x_s, wall_t);
  assert_base_axes (qr_vec3 (0.7070, 0.7072, 0), wall_y_s, wall_t);
}

static void
test_texels_floor (void)
{
  QrVec3 p = { 32, 16, 0 };
  QrTexAttr tex = standard_attr (0, 0, 0, 1, 1);

  /* S = +X, T = -Y: the texture's V grows towards -Y, as in the compilers. */
  assert_texel_exact (QR_TEX_STANDARD, &tex, floor_n, p, 32, -16);

  tex = standard_attr (8, 4, 0, 1, 1);
  assert_texel_exact (QR_TEX_STANDARD, &tex, floor_n, p, 40, -12);

  /* World units per texel: scale 2 halves the texel coordinate. */
  tex = standard_attr (8, 4, 0, 2, 0.5);
  assert_texel_exact (QR_TEX_STANDARD, &tex, floor_n, p, 24, -28);

  /* Height on the floor projection changes nothing. */
  assert_texel_exact (QR_TEX_STANDARD, &tex, floor_n, qr_vec3 (32, 16, 999), 24, -28);
}

static void
test_texels_floor_rotation (void)
{
  QrVec3 p = { 32, 16, 0 };
  QrTexAttr tex = standard_attr (0, 0, 90, 1, 1);
  const double h = G_SQRT2 / 2;

  /* 90: S (1,0) -> (0,1), T (0,-1) -> (1,0) in (x, y). */
  assert_texel_exact (QR_TEX_STANDARD, &tex, floor_n, p, 16, 32);

  tex = standard_attr (-3, 5, 90, 2, -4);
  assert_texel_exact (QR_TEX_STANDARD, &tex, floor_n, p, 16 / 2.0 - 3, 32 / -4.0 + 5);

  /* 45: S -> (h, h), T -> (h, -h). */
  tex = standard_attr (0, 0, 45, 1, 1);
  assert_texel_near (QR_TEX_STANDARD, &tex, floor_n, p, 48 * h, 16 * h);
  assert_texel_near (QR_TEX_STANDARD, &tex, floor_n, p,
                     33.941125496954285, 11.313708498984761);

  tex = standard_attr (1, 2, 45, 0.5, 2);
  assert_texel_near (QR_TEX_STANDARD, &tex, floor_n, qr_vec3 (-10, 30, 7),
                     20 * h / 0.5 + 1, -40 * h / 2 + 2);
}

static void
test_texels_wall (void)
{
  QrVec3 p = { 0, 64, 32 };
  QrTexAttr tex = standard_attr (0, 0, 0, 1, 1);

  /* West wall: S = +Y, T = -Z. */
  assert_texel_exact (QR_TEX_STANDARD, &tex, west_n, p, 64, -32);
  /* The east wall uses the same axes: the texture is mirrored seen from
   * the other side, as the compilers do it. */
  assert_texel_exact (QR_TEX_STANDARD, &tex, east_n, p, 64, -32);

  /* Rotation acts in (y, z): S -> (0,0,1), T -> (0,1,0). */
  tex = standard_attr (0, 0, 90, 1, 1);
  assert_texel_exact (QR_TEX_STANDARD, &tex, west_n, p, 32, 64);
  tex = standard_attr (3, -5, 90, 2, 2);
  assert_texel_exact (QR_TEX_STANDARD, &tex, west_n, p, 19, 27);

  /* South wall: S = +X, T = -Z; the Y coordinate plays no part. */
  tex = standard_attr (16, 0, 0, 1, 1);
  assert_texel_exact (QR_TEX_STANDARD, &tex, south_n, qr_vec3 (10, 512, -20), 26, 20);
}

static void
test_texels_ceiling_negative_scale (void)
{
  QrVec3 p = { 10, 20, 128 };
  QrTexAttr tex = standard_attr (1, 1, 0, -1, -2);

  /* u = 10 / -1 + 1, v = -20 / -2 + 1. */
  assert_texel_exact (QR_TEX_STANDARD, &tex, ceiling_n, p, -9, 11);

  /* A negative scale flips the texture: the same as turning the axis. */
  tex = standard_attr (0, 0, 0, -1, 1);
  assert_texel_exact (QR_TEX_STANDARD, &tex, ceiling_n, p, -10, -20);
}

static void
test_texels_rotation_equivalents (void)
{
  QrVec3 p = { 5, -64, 12 };
  QrTexAttr tex = standard_attr (0, 0, 0, 1, 1);

  /* North wall: S = +X, T = -Z, rotation in (x, z). Quarter turns and their
   * equivalents must be exact, not merely close. */
  assert_texel_exact (QR_TEX_STANDARD, &tex, north_n, p, 5, -12);
  tex.rotation = 360;
  assert_texel_exact (QR_TEX_STANDARD, &tex, north_n, p, 5, -12);
  tex.rotation = -720;
  assert_texel_exact (QR_TEX_STANDARD, &tex, north_n, p, 5, -12);

  tex.rotation = 180;
  assert_texel_exact (QR_TEX_STANDARD, &tex, north_n, p, -5, 12);
  tex.rotation = -180;
  assert_texel_exact (QR_TEX_STANDARD, &tex, north_n, p, -5, 12);

  /* 270: S -> (0,0,-1), T -> (-1,0,0). */
  tex.rotation = 270;
  assert_texel_exact (QR_TEX_STANDARD, &tex, north_n, p, -12, -5);
  tex.rotation = -90;
  assert_texel_exact (QR_TEX_STANDARD, &tex, north_n, p, -12, -5);

  /* 90: S -> (0,0,1), T -> (1,0,0). */
  tex.rotation = 450;
  assert_texel_exact (QR_TEX_STANDARD, &tex, north_n, p, 12, 5);
  tex.rotation = -270;
  assert_texel_exact (QR_TEX_STANDARD, &tex, north_n, p, 12, 5);
}

static void
test_texels_scale_zero (void)
{
  QrVec3 p = { 48, -8, 0 };
  QrTexAttr tex = standard_attr (2, 3, 0, 0, 0);

  assert_texel_exact (QR_TEX_STANDARD, &tex, floor_n, p, 50, 11);

  tex = valve_attr (qr_vec3 (1, 0, 0), qr_vec3 (0, -1, 0), 2, 3, 0, 0);
  assert_texel_exact (QR_TEX_VALVE, &tex, floor_n, p, 50, 11);
}

static void
test_texels_sloped (void)
{
  const double h = G_SQRT2 / 2;
  QrTexAttr tex = standard_attr (0, 0, 0, 1, 1);

  /* A 45 degree slope facing +X takes the floor projection: Z is dropped. */
  assert_texel_exact (QR_TEX_STANDARD, &tex, qr_vec3 (h, 0, h), qr_vec3 (8, 4, 100), 8, -4);
  /* Slightly steeper, it takes the west wall: X is dropped. */
  assert_texel_exact (QR_TEX_STANDARD, &tex, qr_vec3 (0.8, 0, 0.6), qr_vec3 (8, 4, 100), 4, -100);
}

static void
test_texels_valve (void)
{
  const double h = G_SQRT2 / 2;
  QrTexAttr tex = valve_attr (qr_vec3 (h, 0, -h), qr_vec3 (0, -1, 0), 4, -2, 0.5, 2);
  QrVec3 points[3] = { { 0, 0, 0 }, { 16, 8, -16 }, { 2, 10, 2 } };
  QrUV out[3];

  /* The rotation field is informational in the Valve form. */
  tex.rotation = 33;
  qr_texproj_texels (QR_TEX_VALVE, &tex, qr_vec3 (h, 0, h), points, 3, out);
  g_assert_cmpfloat_with_epsilon (out[0].u, 4, 1e-12);
  g_assert_cmpfloat_with_epsilon (out[0].v, -2, 1e-12);
  g_assert_cmpfloat_with_epsilon (out[1].u, 32 * h / 0.5 + 4, 1e-12);
  g_assert_cmpfloat_with_epsilon (out[1].v, -8 / 2.0 - 2, 1e-12);
  g_assert_cmpfloat_with_epsilon (out[2].u, 4, 1e-12);
  g_assert_cmpfloat_with_epsilon (out[2].v, -10 / 2.0 - 2, 1e-12);

  /* No points is not an error. */
  qr_texproj_texels (QR_TEX_VALVE, &tex, floor_n, NULL, 0, NULL);
}

static void
test_uvs_texture_size (void)
{
  QrTexAttr tex = standard_attr (8, 4, 0, 1, 1);
  QrVec3 points[2] = { { 32, 16, 0 }, { -56, 4, 0 } };
  QrUV out[2];

  qr_texproj_uvs (QR_TEX_STANDARD, QR_TEX_AXES_QBSP, &tex, floor_n, 64, 32, points, 2, out);
  g_assert_cmpfloat (out[0].u, ==, 0.625);
  g_assert_cmpfloat (out[0].v, ==, -0.375);
  g_assert_cmpfloat (out[1].u, ==, -0.75);
  g_assert_cmpfloat (out[1].v, ==, 0.0);

  tex = valve_attr (qr_vec3 (0, 1, 0), qr_vec3 (0, 0, -1), 0, 0, 0.25, 0.25);
  qr_texproj_uvs (QR_TEX_VALVE, QR_TEX_AXES_QBSP, &tex, west_n, 128, 256, points, 1, out);
  g_assert_cmpfloat (out[0].u, ==, 0.5);
  g_assert_cmpfloat (out[0].v, ==, 0.0);
}

static void
test_uvs_invalid_size (void)
{
  if (g_test_subprocess ())
    {
      QrTexAttr tex = standard_attr (0, 0, 0, 1, 1);
      QrVec3 p = { 1, 2, 3 };
      QrUV out;

      qr_texproj_uvs (QR_TEX_STANDARD, QR_TEX_AXES_QBSP, &tex, floor_n, 0, 64, &p, 1, &out);
      return;
    }

  /* g_test_init makes criticals fatal, so the subprocess must die on it. */
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*CRITICAL*tex_width > 0*");
}

static void
test_to_valve_axial (void)
{
  QrTexAttr std_attr = standard_attr (5, 6, 90, 2, -1);
  QrTexAttr valve;

  qr_texproj_standard_to_valve (&std_attr, floor_n, &valve);
  assert_vec3_exact (valve.u_axis, 0, 1, 0);
  assert_vec3_exact (valve.v_axis, 1, 0, 0);
  g_assert_cmpfloat (valve.shift[0], ==, 5);
  g_assert_cmpfloat (valve.shift[1], ==, 6);
  g_assert_cmpfloat (valve.rotation, ==, 90);
  g_assert_cmpfloat (valve.scale[0], ==, 2);
  g_assert_cmpfloat (valve.scale[1], ==, -1);

  std_attr = standard_attr (0, 0, 180, 1, 1);
  qr_texproj_standard_to_valve (&std_attr, east_n, &valve);
  assert_vec3_exact (valve.u_axis, 0, -1, 0);
  assert_vec3_exact (valve.v_axis, 0, 0, 1);

  /* In place: the output may be the input. */
  std_attr = standard_attr (1, 1, 270, 1, 1);
  qr_texproj_standard_to_valve (&std_attr, south_n, &std_attr);
  assert_vec3_exact (std_attr.u_axis, 0, 0, -1);
  assert_vec3_exact (std_attr.v_axis, -1, 0, 0);
  g_assert_cmpfloat (std_attr.rotation, ==, 270);
}

static void
test_to_valve_45 (void)
{
  const double h = G_SQRT2 / 2;
  QrTexAttr std_attr = standard_attr (0, 0, 45, 1, 1);
  QrTexAttr valve;

  qr_texproj_standard_to_valve (&std_attr, floor_n, &valve);
  g_assert_cmpfloat_with_epsilon (valve.u_axis.x, h, 1e-15);
  g_assert_cmpfloat_with_epsilon (valve.u_axis.y, h, 1e-15);
  g_assert_cmpfloat (valve.u_axis.z, ==, 0);
  g_assert_cmpfloat_with_epsilon (valve.v_axis.x, h, 1e-15);
  g_assert_cmpfloat_with_epsilon (valve.v_axis.y, -h, 1e-15);
  g_assert_cmpfloat (valve.v_axis.z, ==, 0);
  g_assert_cmpfloat_with_epsilon (qr_vec3_length (valve.u_axis), 1, 1e-15);
}

static void
test_to_valve_random (void)
{
  for (int i = 0; i < N_RANDOM_CASES; i++)
    {
      QrVec3 normal = random_normal ();
      QrTexAttr std_attr = random_standard_attr ();
      QrTexAttr valve;

      qr_texproj_standard_to_valve (&std_attr, normal, &valve);
      g_assert_cmpfloat_with_epsilon (qr_vec3_length (valve.u_axis), 1, 1e-12);
      g_assert_cmpfloat_with_epsilon (qr_vec3_length (valve.v_axis), 1, 1e-12);
      g_assert_cmpfloat_with_epsilon (qr_vec3_dot (valve.u_axis, valve.v_axis), 0, 1e-12);
      g_assert_cmpfloat (valve.rotation, ==, std_attr.rotation);
      g_assert_cmpfloat (valve.scale[0], ==, std_attr.scale[0]);
      g_assert_cmpfloat (valve.scale[1], ==, std_attr.scale[1]);
      g_assert_cmpfloat (valve.shift[0], ==, std_attr.shift[0]);
      g_assert_cmpfloat (valve.shift[1], ==, std_attr.shift[1]);
      assert_same_texels (&std_attr, &valve, normal);
    }
}

static QrTexAttr
to_standard_ok (const QrTexAttr *valve, QrVec3 normal)
{
  g_autoptr(GError) error = NULL;
  QrTexAttr std_attr;

  memset (&std_attr, 0xff, sizeof std_attr);
  g_assert_true (qr_texproj_valve_to_standard (valve, normal, &std_attr, &error));
  g_assert_no_error (error);
  return std_attr;
}

static void
test_to_standard_axial (void)
{
  QrTexAttr valve = valve_attr (qr_vec3 (0, 1, 0), qr_vec3 (1, 0, 0), 5, 6, 1, 1);
  QrTexAttr std_attr = to_standard_ok (&valve, floor_n);

  g_assert_cmpfloat (std_attr.rotation, ==, 90);
  g_assert_cmpfloat (std_attr.scale[0], ==, 1);
  g_assert_cmpfloat (std_attr.scale[1], ==, 1);
  g_assert_cmpfloat (std_attr.shift[0], ==, 5);
  g_assert_cmpfloat (std_attr.shift[1], ==, 6);
  assert_vec3_exact (std_attr.u_axis, 0, 0, 0);
  assert_vec3_exact (std_attr.v_axis, 0, 0, 0);
  assert_texel_exact (QR_TEX_STANDARD, &std_attr, floor_n, qr_vec3 (32, 16, 0), 21, 38);

  /* West wall turned a quarter, scale 2. */
  valve = valve_attr (qr_vec3 (0, 0, 1), qr_vec3 (0, 1, 0), 0, 0, 2, 2);
  std_attr = to_standard_ok (&valve, west_n);
  g_assert_cmpfloat (std_attr.rotation, ==, 90);
  g_assert_cmpfloat (std_attr.scale[0], ==, 2);
  g_assert_cmpfloat (std_attr.scale[1], ==, 2);

  /* The unrotated ceiling, and a scale of 0 that reads as 1. */
  valve = valve_attr (qr_vec3 (1, 0, 0), qr_vec3 (0, -1, 0), 0, 0, 0, 0);
  std_attr = to_standard_ok (&valve, ceiling_n);
  g_assert_cmpfloat (std_attr.rotation, ==, 0);
  g_assert_cmpfloat (std_attr.scale[0], ==, 1);
  g_assert_cmpfloat (std_attr.scale[1], ==, 1);

  /* A U axis turned round is a half turn; the V axis then points the
   * standard way, which the half turn reverses: V needs scale -1. */
  valve = valve_attr (qr_vec3 (-1, 0, 0), qr_vec3 (0, -1, 0), 0, 0, 1, 1);
  std_attr = to_standard_ok (&valve, floor_n);
  g_assert_cmpfloat (std_attr.rotation, ==, 180);
  g_assert_cmpfloat (std_attr.scale[0], ==, 1);
  g_assert_cmpfloat (std_attr.scale[1], ==, -1);
  assert_texel_exact (QR_TEX_STANDARD, &std_attr, floor_n, qr_vec3 (7, 3, 0), -7, -3);

  /* Non-uniform, non-integer scales come from the axis lengths. */
  valve = valve_attr (qr_vec3 (4, 0, 0), qr_vec3 (0, 0, -0.5), 0, 0, 1, 1);
  std_attr = to_standard_ok (&valve, south_n);
  g_assert_cmpfloat (std_attr.rotation, ==, 0);
  g_assert_cmpfloat (std_attr.scale[0], ==, 0.25);
  g_assert_cmpfloat (std_attr.scale[1], ==, 2);
}

static void
test_to_standard_sloped (void)
{
  const double h = G_SQRT2 / 2;
  QrVec3 normal = { h, 0, h };
  QrTexAttr valve = valve_attr (qr_vec3 (0, 1, 0), qr_vec3 (1, 0, 0), 0, 0, 1, 1);
  QrTexAttr std_attr = to_standard_ok (&valve, normal);

  /* The slope takes the floor projection, so floor-plane axes convert. */
  g_assert_cmpfloat (std_attr.rotation, ==, 90);
  assert_same_texels (&std_attr, &valve, normal);
}

static void
test_to_standard_scale_sign (void)
{
  /* theta 0 with both scales -2, or theta 180 with both 2: the first keeps
   * the Valve signs. */
  QrTexAttr valve = valve_attr (qr_vec3 (1, 0, 0), qr_vec3 (0, -1, 0), 0, 0, -2, -2);
  QrTexAttr std_attr = to_standard_ok (&valve, floor_n);

  g_assert_cmpfloat (std_attr.rotation, ==, 0);
  g_assert_cmpfloat (std_attr.scale[0], ==, -2);
  g_assert_cmpfloat (std_attr.scale[1], ==, -2);
  assert_same_texels (&std_attr, &valve, floor_n);

  /* The same effective axes written with flipped vectors and positive
   * scales give the half turn instead. */
  valve = valve_attr (qr_vec3 (-1, 0, 0), qr_vec3 (0, 1, 0), 0, 0, 2, 2);
  std_attr = to_standard_ok (&valve, floor_n);
  g_assert_cmpfloat (std_attr.rotation, ==, 180);
  g_assert_cmpfloat (std_attr.scale[0], ==, 2);
  g_assert_cmpfloat (std_attr.scale[1], ==, 2);
  assert_same_texels (&std_attr, &valve, floor_n);

  /* Mixed signs: both choices keep one sign; U's is kept. */
  valve = valve_attr (qr_vec3 (0, 1, 0), qr_vec3 (1, 0, 0), 0, 0, 1, -1);
  std_attr = to_standard_ok (&valve, floor_n);
  g_assert_cmpfloat (std_attr.rotation, ==, 90);
  g_assert_cmpfloat (std_attr.scale[0], ==, 1);
  g_assert_cmpfloat (std_attr.scale[1], ==, -1);
  assert_same_texels (&std_attr, &valve, floor_n);
}

static void
test_to_standard_six_digits (void)
{
  /* Axes as an editor writes them for a 45 degree turn. */
  QrTexAttr valve = valve_attr (qr_vec3 (0.707107, 0.707107, 0),
                                qr_vec3 (0.707107, -0.707107, 0), 0, 0, 0.5, 0.5);
  QrTexAttr std_attr = to_standard_ok (&valve, floor_n);

  g_assert_cmpfloat (std_attr.rotation, ==, 45);
  g_assert_cmpfloat_with_epsilon (std_attr.scale[0], 0.5, 1e-6);
  g_assert_cmpfloat_with_epsilon (std_attr.scale[1], 0.5, 1e-6);
  assert_same_texels (&std_attr, &valve, floor_n);

  /* 30 degrees on the west wall, rotating (y, z). */
  valve = valve_attr (qr_vec3 (0, 0.866025, 0.5), qr_vec3 (0, 0.5, -0.866025), 0, 0, 1, 1);
  std_attr = to_standard_ok (&valve, west_n);
  g_assert_cmpfloat_with_epsilon (std_attr.rotation, 30, 1e-4);
  g_assert_cmpfloat_with_epsilon (std_attr.scale[0], 1, 1e-6);
  g_assert_cmpfloat_with_epsilon (std_attr.scale[1], 1, 1e-6);
}

static void
test_to_standard_snapping (void)
{
  QrTexAttr valve, std_attr;

  /* atan2 and the divisions leave noise of about 1e-15 at most of these
   * angles; the mapper typed whole degrees and whole scales. */
  for (int deg = 10; deg < 360; deg += 10)
    {
      double r = deg * (G_PI / 180);

      valve = valve_attr (qr_vec3 (cos (r), sin (r), 0), qr_vec3 (sin (r), -cos (r), 0),
                          0, 0, 2 + deg % 3, -3);
      std_attr = to_standard_ok (&valve, floor_n);
      g_assert_cmpfloat (std_attr.rotation, ==, deg);
      g_assert_cmpfloat (std_attr.scale[0], ==, 2 + deg % 3);
      g_assert_cmpfloat (std_attr.scale[1], ==, -3);
    }

  /* Noise just below 0 degrees snaps to 0, never to 360. */
  valve = valve_attr (qr_vec3 (1, -1e-12, 0), qr_vec3 (-1e-12, -1, 0), 0, 0, 1, 1);
  std_attr = to_standard_ok (&valve, floor_n);
  g_assert_cmpfloat (std_attr.rotation, ==, 0);

  /* A value a mapper could type is left alone. */
  valve = valve_attr (qr_vec3 (1, 0, 0), qr_vec3 (0, -1, 0), 0, 0, 1.000001, 0.999999);
  std_attr = to_standard_ok (&valve, floor_n);
  g_assert_cmpfloat_with_epsilon (std_attr.scale[0], 1.000001, 1e-15);
  g_assert_cmpfloat_with_epsilon (std_attr.scale[1], 0.999999, 1e-15);
}

static void
test_to_standard_tolerance (void)
{
  /* Stray components of a few 1e-6, as six-digit or single-precision
   * editors leave them, are neither skew nor a tilt out of the plane. */
  QrTexAttr valve = valve_attr (qr_vec3 (1, 0, 3e-6), qr_vec3 (3e-6, -1, 0), 0, 0, 1, 1);
  QrTexAttr std_attr = to_standard_ok (&valve, floor_n);

  g_assert_cmpfloat_with_epsilon (std_attr.rotation, 0, 1e-12);
  g_assert_cmpfloat_with_epsilon (std_attr.scale[0], 1, 1e-9);
  g_assert_cmpfloat_with_epsilon (std_attr.scale[1], 1, 1e-9);
}

static void
assert_to_standard_fails (const QrTexAttr *valve, QrVec3 normal, int code, const char *pattern)
{
  g_autoptr(GError) error = NULL;
  QrTexAttr std_attr = standard_attr (1, 2, 3, 4, 5);
  QrTexAttr before = std_attr;

  g_assert_false (qr_texproj_valve_to_standard (valve, normal, &std_attr, &error));
  g_assert_error (error, QR_TEXPROJ_ERROR, code);
  if (!g_pattern_match_simple (pattern, error->message))
    g_error ("message “%s” does not match “%s”", error->message, pattern);
  /* Nothing half-applied. */
  g_assert_cmpmem (&std_attr, sizeof std_attr, &before, sizeof before);
}

static void
test_to_standard_skewed (void)
{
  const double h = G_SQRT2 / 2;
  QrTexAttr valve = valve_attr (qr_vec3 (1, 0, 0), qr_vec3 (h, -h, 0), 0, 0, 1, 1);

  assert_to_standard_fails (&valve, floor_n, QR_TEXPROJ_ERROR_NOT_REPRESENTABLE, "*skewed*");

  /* U turned 30 degrees, V turned 40: skewed by 10. */
  valve = valve_attr (qr_vec3 (0, cos (G_PI / 6), sin (G_PI / 6)),
                      qr_vec3 (0, sin (G_PI * 2 / 9), -cos (G_PI * 2 / 9)), 0, 0, 1, 1);
  assert_to_standard_fails (&valve, west_n, QR_TEXPROJ_ERROR_NOT_REPRESENTABLE, "*skewed*");

  /* Both axes the same direction. */
  valve = valve_attr (qr_vec3 (1, 0, 0), qr_vec3 (2, 0, 0), 0, 0, 1, 1);
  assert_to_standard_fails (&valve, south_n, QR_TEXPROJ_ERROR_NOT_REPRESENTABLE, "*skewed*");

  /* Just past the tolerance: a skew of 1e-4 rad. */
  valve = valve_attr (qr_vec3 (1, 0, 0), qr_vec3 (1e-4, -1, 0), 0, 0, 1, 1);
  assert_to_standard_fails (&valve, floor_n, QR_TEXPROJ_ERROR_NOT_REPRESENTABLE, "*skewed*");
}

static void
test_to_standard_off_plane (void)
{
  const double h = G_SQRT2 / 2;
  /* Axes projected onto a 45 degree slope, as a face-aligned editor makes
   * them; the slope takes the floor projection, which they leave. */
  QrTexAttr valve = valve_attr (qr_vec3 (h, 0, -h), qr_vec3 (0, -1, 0), 0, 0, 1, 1);

  assert_to_standard_fails (&valve, qr_vec3 (h, 0, h), QR_TEXPROJ_ERROR_NOT_REPRESENTABLE,
                            "*not parallel*projection plane*floor*");

  /* The V axis alone off the plane. */
  valve = valve_attr (qr_vec3 (0, 1, 0), qr_vec3 (0.1, 0, -1), 0, 0, 1, 1);
  assert_to_standard_fails (&valve, west_n, QR_TEXPROJ_ERROR_NOT_REPRESENTABLE,
                            "*not parallel*west wall*");

  /* Floor axes on a wall. */
  valve = valve_attr (qr_vec3 (1, 0, 0), qr_vec3 (0, -1, 0), 0, 0, 1, 1);
  assert_to_standard_fails (&valve, north_n, QR_TEXPROJ_ERROR_NOT_REPRESENTABLE,
                            "*not parallel*");
}

static void
test_to_standard_degenerate (void)
{
  QrTexAttr valve = valve_attr (qr_vec3 (0, 0, 0), qr_vec3 (0, -1, 0), 0, 0, 1, 1);

  assert_to_standard_fails (&valve, floor_n, QR_TEXPROJ_ERROR_DEGENERATE, "*U texture axis*");

  valve = valve_attr (qr_vec3 (1, 0, 0), qr_vec3 (0, 0, 0), 0, 0, 1, 1);
  assert_to_standard_fails (&valve, floor_n, QR_TEXPROJ_ERROR_DEGENERATE, "*V texture axis*");

  valve = valve_attr (qr_vec3 (1, 0, 0), qr_vec3 (0, -1, 0), 0, 0, INFINITY, 1);
  assert_to_standard_fails (&valve, floor_n, QR_TEXPROJ_ERROR_DEGENERATE, "*U texture axis*");

  valve = valve_attr (qr_vec3 (1, NAN, 0), qr_vec3 (0, -1, 0), 0, 0, 1, 1);
  assert_to_standard_fails (&valve, floor_n, QR_TEXPROJ_ERROR_DEGENERATE, "*U texture axis*");
}

static void
test_round_trip_random (void)
{
  for (int i = 0; i < N_RANDOM_CASES; i++)
    {
      QrVec3 normal = random_normal ();
      QrTexAttr std_attr = random_standard_attr ();
      QrTexAttr valve, back;

      qr_texproj_standard_to_valve (&std_attr, normal, &valve);
      back = to_standard_ok (&valve, normal);

      assert_same_texels_forms (QR_TEX_STANDARD, &std_attr, QR_TEX_STANDARD, &back, normal);
      assert_same_texels (&back, &valve, normal);

      /* The sign preference gives back the very same attributes. */
      g_assert_cmpfloat (back.rotation, >=, 0);
      g_assert_cmpfloat (back.rotation, <, 360);
      assert_same_angle (back.rotation, std_attr.rotation);
      assert_close (back.scale[0], std_attr.scale[0] == 0 ? 1 : std_attr.scale[0]);
      assert_close (back.scale[1], std_attr.scale[1] == 0 ? 1 : std_attr.scale[1]);
      g_assert_cmpfloat (back.shift[0], ==, std_attr.shift[0]);
      g_assert_cmpfloat (back.shift[1], ==, std_attr.shift[1]);
    }
}

static void
test_round_trip_quarter_turns_exact (void)
{
  static const QrVec3 normals[] = {
    { 0, 0, 1 }, { 0, 0, -1 }, { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 },
  };

  /* Integer attributes on axial faces must survive without any noise. */
  for (gsize n = 0; n < G_N_ELEMENTS (normals); n++)
    for (int r = -360; r <= 720; r += 90)
      {
        QrTexAttr std_attr = standard_attr (3, -7, r, -2, 4);
        QrTexAttr valve, back;

        qr_texproj_standard_to_valve (&std_attr, normals[n], &valve);
        back = to_standard_ok (&valve, normals[n]);
        g_assert_cmpfloat (back.rotation, ==, fmod (fmod (r, 360) + 360, 360));
        g_assert_cmpfloat (back.scale[0], ==, -2);
        g_assert_cmpfloat (back.scale[1], ==, 4);
      }
}


/* ---- the compilers' arithmetic, by hand -------------------------------- */

typedef struct
{
  const char *what;
  QrVec3 normal;
  double shift[2], rotation, scale[2];
  QrVec3 p;
  double u, v; /* by hand, in the comment before each case */
} HandCase;

/* One face per case, worked through qbsp's ParseBrush: base axes from the
 * table, rotated in the plane of S's and T's non-zero components (sv, tv)
 * by ns = cos·v[sv] - sin·v[tv], nt = sin·v[sv] + cos·v[tv], each divided by
 * its scale (0 read as 1), plus the shift. h = √2/2, c = √3/2. */
static void
test_texels_by_hand (void)
{
  const double h = G_SQRT2 / 2, c = sqrt (3.0) / 2, third = 1 / sqrt (3.0);
  const HandCase cases[] = {
    /* Floor, rotation 0, scales 0 (read as 1), shift (3, -5): S = (1,0,0),
     * T = (0,-1,0); p = (20, 10, 7): u = 20 + 3 = 23, v = -10 - 5 = -15. */
    { "floor", { 0, 0, 1 }, { 3, -5 }, 0, { 0, 0 }, { 20, 10, 7 }, 23, -15 },
    /* West wall, rotation 90, scales (2, -0.5), shift (1, 2): S = (0,1,0),
     * T = (0,0,-1), sv = y, tv = z, sin 1, cos 0: S' = (0, 0·1 - 1·0,
     * 1·1 + 0·0) = (0,0,1), T' = (0, 0·0 - 1·(-1), 1·0 + 0·(-1)) = (0,1,0);
     * p = (7, 12, 40): u = 40 / 2 + 1 = 21, v = 12 / -0.5 + 2 = -22. */
    { "west 90", { 1, 0, 0 }, { 1, 2 }, 90, { 2, -0.5 }, { 7, 12, 40 }, 21, -22 },
    /* South wall, rotation 45, scales (0.5, 0.25): S = (1,0,0), T = (0,0,-1),
     * sv = x, tv = z: S' = (h·1 - h·0, 0, h·1 + h·0) = (h, 0, h),
     * T' = (h·0 - h·(-1), 0, h·0 + h·(-1)) = (h, 0, -h); p = (10, 99, 30):
     * u = 40h / 0.5 = 80h, v = -20h / 0.25 = -80h. */
    { "south 45", { 0, 1, 0 }, { 0, 0 }, 45, { 0.5, 0.25 }, { 10, 99, 30 }, 80 * h, -80 * h },
    /* North wall, rotation -30, scales (1.5, 1), shift (0.5, -0.25): sin -1/2,
     * cos c: S' = (c·1 + ½·0, 0, -½·1 + c·0) = (c, 0, -½), T' = (c·0 - ½·1,
     * 0, -½·0 + c·(-1)) = (-½, 0, -c); p = (6, -32, 4): u = (6c - 2) / 1.5
     * + 0.5, v = (-3 - 4c) - 0.25. */
    { "north -30", { 0, -1, 0 }, { 0.5, -0.25 }, -30, { 1.5, 1 }, { 6, -32, 4 },
      (6 * c - 2) / 1.5 + 0.5, -3 - 4 * c - 0.25 },
    /* Ceiling, rotation 180, negative scales (-1, -2), shift (16, 8):
     * S' = (-1, 0, 0), T' = (0, 1, 0); p = (4, 6, -100): u = -4 / -1 + 16
     * = 20, v = 6 / -2 + 8 = 5. */
    { "ceiling 180", { 0, 0, -1 }, { 16, 8 }, 180, { -1, -2 }, { 4, 6, -100 }, 20, 5 },
    /* East wall, fractional scales (0.125, 3): S = (0,1,0), T = (0,0,-1);
     * p = (-64, 5, -9): u = 5 / 0.125 = 40, v = 9 / 3 = 3. */
    { "east fraction", { -1, 0, 0 }, { 0, 0 }, 0, { 0.125, 3 }, { -64, 5, -9 }, 40, 3 },
    /* Slopes on each tie of the table take the earlier entry, p = (5, 7, 9):
     * floor/west and floor/south: floor, (5, -7); west/south: west, (7, -9);
     * ceiling/east and ceiling/north: ceiling, (5, -7); east/north: east,
     * (7, -9); floor/west/south at once: floor, (5, -7). */
    { "floor = west", { h, 0, h }, { 0, 0 }, 0, { 1, 1 }, { 5, 7, 9 }, 5, -7 },
    { "floor = south", { 0, h, h }, { 0, 0 }, 0, { 1, 1 }, { 5, 7, 9 }, 5, -7 },
    { "west = south", { h, h, 0 }, { 0, 0 }, 0, { 1, 1 }, { 5, 7, 9 }, 7, -9 },
    { "ceiling = east", { -h, 0, -h }, { 0, 0 }, 0, { 1, 1 }, { 5, 7, 9 }, 5, -7 },
    { "ceiling = north", { 0, -h, -h }, { 0, 0 }, 0, { 1, 1 }, { 5, 7, 9 }, 5, -7 },
    { "east = north", { -h, -h, 0 }, { 0, 0 }, 0, { 1, 1 }, { 5, 7, 9 }, 7, -9 },
    { "three-way", { third, third, third }, { 0, 0 }, 0, { 1, 1 }, { 5, 7, 9 }, 5, -7 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const HandCase *k = &cases[i];
      QrTexAttr tex = standard_attr (k->shift[0], k->shift[1], k->rotation, k->scale[0], k->scale[1]);
      QrUV uv = texel (QR_TEX_STANDARD, &tex, k->normal, k->p);

      if (!(fabs (uv.u - k->u) <= 1e-12 && fabs (uv.v - k->v) <= 1e-12))
        g_error ("%s: (%.17g, %.17g), by hand (%.17g, %.17g)", k->what, uv.u, uv.v, k->u, k->v);
    }
}

/* A slope at exactly 45 degrees, its normal computed from the plane points
 * as the compilers compute it (the components come out equal), is a tie:
 * the west wall (index 2) beats the south wall (index 4). */
static void
test_texels_tie_from_points (void)
{
  const QrVec3 pts[3] = { { 1, -1, 0 }, { 0, 0, 1 }, { 0, 0, 0 } };
  QrPlane plane;
  QrTexAttr tex = standard_attr (0, 0, 0, 1, 1);

  g_assert_true (qr_plane_from_points (pts, &plane));
  g_assert_cmpfloat (plane.normal.x, ==, plane.normal.y);
  g_assert_cmpfloat (plane.normal.x, >, 0);
  /* West: S = (0,1,0), T = (0,0,-1); p = (5, 7, 9) gives (7, -9). */
  assert_texel_exact (QR_TEX_STANDARD, &tex, plane.normal, qr_vec3 (5, 7, 9), 7, -9);
}

/* q3map2 lets a later axis win only by more than 0.0001f; qbsp by any
 * margin. Normal ∝ (10000, 0, 9999): n = (0.70714…, 0, 0.70707…), x ahead
 * of z by 7.07e-5 < 1e-4. */
static void
test_base_axes_q3map2 (void)
{
  QrVec3 n = qr_vec3 (10000, 0, 9999), n_far = qr_vec3 (10000, 0, 9998);
  QrVec3 s, t;
  QrUV uv;
  QrVec3 p = { 8, 4, 100 };
  QrTexAttr tex = standard_attr (0, 0, 0, 1, 1);

  n = qr_vec3_scale (n, 1 / qr_vec3_length (n));
  n_far = qr_vec3_scale (n_far, 1 / qr_vec3_length (n_far));

  /* qbsp: the west wall (x) beats the floor (z). */
  qr_texproj_base_axes_rule (QR_TEX_AXES_QBSP, n, &s, &t);
  assert_vec3_exact (s, 0, 1, 0);
  assert_vec3_exact (t, 0, 0, -1);
  /* q3map2: 0.70714 is not above 0.70707 + 0.0001, the floor stays. */
  qr_texproj_base_axes_rule (QR_TEX_AXES_Q3MAP2, n, &s, &t);
  assert_vec3_exact (s, 1, 0, 0);
  assert_vec3_exact (t, 0, -1, 0);
  /* p = (8, 4, 100): west gives (4, -100), floor (8, -4). */
  qr_texproj_coords (QR_TEX_STANDARD, QR_TEX_AXES_QBSP, &tex, n, &p, 1, &uv);
  g_assert_cmpfloat (uv.u, ==, 4);
  g_assert_cmpfloat (uv.v, ==, -100);
  qr_texproj_coords (QR_TEX_STANDARD, QR_TEX_AXES_Q3MAP2, &tex, n, &p, 1, &uv);
  g_assert_cmpfloat (uv.u, ==, 8);
  g_assert_cmpfloat (uv.v, ==, -4);

  /* (10000, 0, 9998): 1.414e-4 ahead, past the margin: west for both. */
  qr_texproj_base_axes_rule (QR_TEX_AXES_Q3MAP2, n_far, &s, &t);
  assert_vec3_exact (s, 0, 1, 0);
  /* Exact ties are the same under both rules. */
  qr_texproj_base_axes_rule (QR_TEX_AXES_Q3MAP2, qr_vec3 (G_SQRT2 / 2, G_SQRT2 / 2, 0), &s, &t);
  assert_vec3_exact (s, 0, 1, 0);
  qr_texproj_base_axes_rule (QR_TEX_AXES_Q3MAP2, qr_vec3 (0, 0, -1), &s, &t);
  assert_vec3_exact (t, 0, -1, 0);
  /* qr_texproj_texels is qbsp's rule. */
  assert_texel_exact (QR_TEX_STANDARD, &tex, n, p, 4, -100);
}

/* The seed's formula (".MAP files", shared reference 003, "Calculating
 * texture coordinates"): tu = (v·nu / w) / su + ou / w, tv likewise, for
 * Valve faces and for standard faces through their Valve axes. */
static void
test_uvs_seed_formula (void)
{
  for (int i = 0; i < N_RANDOM_CASES; i++)
    {
      QrVec3 normal = random_normal ();
      QrTexAttr std_attr = random_standard_attr ();
      QrTexAttr valve;
      int w = 1 << g_test_rand_int_range (3, 10), hgt = 1 << g_test_rand_int_range (3, 10);
      QrVec3 p = random_point ();
      QrUV a, b;
      double su, sv;

      qr_texproj_standard_to_valve (&std_attr, normal, &valve);
      su = valve.scale[0] == 0 ? 1 : valve.scale[0];
      sv = valve.scale[1] == 0 ? 1 : valve.scale[1];
      qr_texproj_uvs (QR_TEX_VALVE, QR_TEX_AXES_QBSP, &valve, normal, w, hgt, &p, 1, &a);
      qr_texproj_uvs (QR_TEX_STANDARD, QR_TEX_AXES_QBSP, &std_attr, normal, w, hgt, &p, 1, &b);
      assert_close (a.u, qr_vec3_dot (p, valve.u_axis) / w / su + valve.shift[0] / w);
      assert_close (a.v, qr_vec3_dot (p, valve.v_axis) / hgt / sv + valve.shift[1] / hgt);
      assert_close (b.u, a.u);
      assert_close (b.v, a.v);
    }
}

/* ---- brush primitives --------------------------------------------------- */

static void
assert_vec3_near (QrVec3 a, double x, double y, double z)
{
  if (!(fabs (a.x - x) <= 1e-15 && fabs (a.y - y) <= 1e-15 && fabs (a.z - z) <= 1e-15))
    g_error ("(%.17g %.17g %.17g), expected (%.17g %.17g %.17g)", a.x, a.y, a.z, x, y, z);
}

/* ComputeAxisBase by hand: RotY = -atan2(nz, √(nx² + ny²)), RotZ =
 * atan2(ny, nx), s = (-sin RotZ, cos RotZ, 0), t = (-sin RotY cos RotZ,
 * -sin RotY sin RotZ, -cos RotY). cos(±π/2) is 6.1e-17 in doubles, as in
 * the tools: the tests allow 1e-15. */
static void
test_brushprim_axes (void)
{
  const double h = G_SQRT2 / 2;
  QrVec3 s, t;

  /* Floor: RotY = -π/2, RotZ = 0: s = (0,1,0), t = (1,0,0). */
  qr_texproj_brushprim_axes (qr_vec3 (0, 0, 1), &s, &t);
  assert_vec3_near (s, 0, 1, 0);
  assert_vec3_near (t, 1, 0, 0);
  /* Ceiling: RotY = π/2: t = (-1,0,0). */
  qr_texproj_brushprim_axes (qr_vec3 (0, 0, -1), &s, &t);
  assert_vec3_near (s, 0, 1, 0);
  assert_vec3_near (t, -1, 0, 0);
  /* +X wall: RotY = 0, RotZ = 0: s = (0,1,0), t = (0,0,-1). */
  qr_texproj_brushprim_axes (qr_vec3 (1, 0, 0), &s, &t);
  assert_vec3_near (s, 0, 1, 0);
  assert_vec3_near (t, 0, 0, -1);
  /* -X wall: RotZ = π: s = (0,-1,0). */
  qr_texproj_brushprim_axes (qr_vec3 (-1, 0, 0), &s, &t);
  assert_vec3_near (s, 0, -1, 0);
  assert_vec3_near (t, 0, 0, -1);
  /* -Y wall: RotZ = -π/2: s = (1,0,0). */
  qr_texproj_brushprim_axes (qr_vec3 (0, -1, 0), &s, &t);
  assert_vec3_near (s, 1, 0, 0);
  assert_vec3_near (t, 0, 0, -1);
  /* 45 degree slope facing +X: RotY = -π/4, RotZ = 0: t = (h, 0, -h). */
  qr_texproj_brushprim_axes (qr_vec3 (h, 0, h), &s, &t);
  assert_vec3_near (s, 0, 1, 0);
  assert_vec3_near (t, h, 0, -h);
  /* Facing (1, 1, 0)/√2: RotZ = π/4: s = (-h, h, 0), t = (0, 0, -1). */
  qr_texproj_brushprim_axes (qr_vec3 (h, h, 0), &s, &t);
  assert_vec3_near (s, -h, h, 0);
  assert_vec3_near (t, 0, 0, -1);
  /* Components under 1e-6 are cleaned to 0 first: a floor. */
  qr_texproj_brushprim_axes (qr_vec3 (9e-7, -9e-7, 1), &s, &t);
  assert_vec3_near (s, 0, 1, 0);
  assert_vec3_near (t, 1, 0, 0);
}

/* q3map2's s = m00·x + m01·y + m02, t = m10·x + m11·y + m12, in units of
 * the texture's size, whatever size qr_texproj_uvs is given. */
static void
test_brushprim_coords (void)
{
  const double h = G_SQRT2 / 2;
  QrTexAttr tex = { .matrix = { { 0.015625, 0, 0.5 }, { 0, 0.03125, 0 } } };
  QrVec3 floor_pts[2] = { { 64, 0, 0 }, { 32, -16, 500 } };
  QrVec3 slope_p = { 8, 2, -8 };
  QrUV uv[2];

  /* Floor: x = p·(0,1,0), y = p·(1,0,0). (64, 0, 0): x 0, y 64: s = 0.5,
   * t = 2. (32, -16, 500): x -16, y 32: s = -0.25 + 0.5 = 0.25, t = 1. */
  qr_texproj_coords (QR_TEX_BRUSHPRIM, QR_TEX_AXES_QBSP, &tex, floor_n, floor_pts, 2, uv);
  g_assert_cmpfloat_with_epsilon (uv[0].u, 0.5, 1e-13);
  g_assert_cmpfloat_with_epsilon (uv[0].v, 2, 1e-13);
  g_assert_cmpfloat_with_epsilon (uv[1].u, 0.25, 1e-13);
  g_assert_cmpfloat_with_epsilon (uv[1].v, 1, 1e-13);
  qr_texproj_uvs (QR_TEX_BRUSHPRIM, QR_TEX_AXES_QBSP, &tex, floor_n, 256, 64, floor_pts, 2, uv);
  g_assert_cmpfloat_with_epsilon (uv[0].u, 0.5, 1e-13);
  g_assert_cmpfloat_with_epsilon (uv[0].v, 2, 1e-13);

  /* Slope (h, 0, h): s = (0,1,0), t = (h,0,-h); p = (8, 2, -8): x = 2,
   * y = 16h; matrix ((0.5 0.25 0.125) (-0.25 1 0)): s = 1 + 4h + 0.125,
   * t = -0.5 + 16h. */
  tex = (QrTexAttr) { .matrix = { { 0.5, 0.25, 0.125 }, { -0.25, 1, 0 } } };
  qr_texproj_coords (QR_TEX_BRUSHPRIM, QR_TEX_AXES_Q3MAP2, &tex, qr_vec3 (h, 0, h), &slope_p, 1, uv);
  g_assert_cmpfloat_with_epsilon (uv[0].u, 1.125 + 4 * h, 1e-13);
  g_assert_cmpfloat_with_epsilon (uv[0].v, -0.5 + 16 * h, 1e-13);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/geom/texproj/base-axes/axial", test_base_axes_axial);
  g_test_add_func ("/geom/texproj/base-axes/ties", test_base_axes_ties);
  g_test_add_func ("/geom/texproj/texels/floor", test_texels_floor);
  g_test_add_func ("/geom/texproj/texels/floor-rotation", test_texels_floor_rotation);
  g_test_add_func ("/geom/texproj/texels/wall", test_texels_wall);
  g_test_add_func ("/geom/texproj/texels/ceiling-negative-scale", test_texels_ceiling_negative_scale);
  g_test_add_func ("/geom/texproj/texels/rotation-equivalents", test_texels_rotation_equivalents);
  g_test_add_func ("/geom/texproj/texels/scale-zero", test_texels_scale_zero);
  g_test_add_func ("/geom/texproj/texels/sloped", test_texels_sloped);
  g_test_add_func ("/geom/texproj/texels/valve", test_texels_valve);
  g_test_add_func ("/geom/texproj/texels/by-hand", test_texels_by_hand);
  g_test_add_func ("/geom/texproj/texels/tie-from-points", test_texels_tie_from_points);
  g_test_add_func ("/geom/texproj/base-axes/q3map2", test_base_axes_q3map2);
  g_test_add_func ("/geom/texproj/uvs/seed-formula", test_uvs_seed_formula);
  g_test_add_func ("/geom/texproj/brushprim/axes", test_brushprim_axes);
  g_test_add_func ("/geom/texproj/brushprim/coords", test_brushprim_coords);
  g_test_add_func ("/geom/texproj/uvs/texture-size", test_uvs_texture_size);
  g_test_add_func ("/geom/texproj/uvs/invalid-size", test_uvs_invalid_size);
  g_test_add_func ("/geom/texproj/to-valve/axial", test_to_valve_axial);
  g_test_add_func ("/geom/texproj/to-valve/45", test_to_valve_45);
  g_test_add_func ("/geom/texproj/to-valve/random", test_to_valve_random);
  g_test_add_func ("/geom/texproj/to-standard/axial", test_to_standard_axial);
  g_test_add_func ("/geom/texproj/to-standard/sloped", test_to_standard_sloped);
  g_test_add_func ("/geom/texproj/to-standard/scale-sign", test_to_standard_scale_sign);
  g_test_add_func ("/geom/texproj/to-standard/six-digits", test_to_standard_six_digits);
  g_test_add_func ("/geom/texproj/to-standard/snapping", test_to_standard_snapping);
  g_test_add_func ("/geom/texproj/to-standard/tolerance", test_to_standard_tolerance);
  g_test_add_func ("/geom/texproj/to-standard/skewed", test_to_standard_skewed);
  g_test_add_func ("/geom/texproj/to-standard/off-plane", test_to_standard_off_plane);
  g_test_add_func ("/geom/texproj/to-standard/degenerate", test_to_standard_degenerate);
  g_test_add_func ("/geom/texproj/round-trip/random", test_round_trip_random);
  g_test_add_func ("/geom/texproj/round-trip/quarter-turns", test_round_trip_quarter_turns_exact);

  return g_test_run ();
}
