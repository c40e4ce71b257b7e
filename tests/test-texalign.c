/* Texture space of a face (src/geom/qr-texalign.h): extents, justify, fit
 * and the Valve ⇄ brush-primitive conversion, checked by projecting the
 * polygon's points again after each change. */
#include <math.h>
#include <glib.h>
#include "qr-texalign.h"

/* A slanted quad of the plane through (0,0,0) with normal ~(1,2,3): no
 * axial projection of it is undistorted. */
static void
slanted_quad (QrVec3 pts[4], QrPlane *plane)
{
  QrVec3 n = qr_vec3_normalize (qr_vec3 (1, 2, 3));
  QrVec3 a = qr_vec3_normalize (qr_vec3_cross (n, qr_vec3 (0, 0, 1)));
  QrVec3 b = qr_vec3_cross (n, a);
  QrVec3 o = qr_vec3 (37, -12, 90);

  pts[0] = o;
  pts[1] = qr_vec3_mad (o, a, 100);
  pts[2] = qr_vec3_mad (qr_vec3_mad (o, a, 100), b, 40);
  pts[3] = qr_vec3_mad (o, b, 40);
  plane->normal = n;
  plane->dist = qr_vec3_dot (n, o);
}

static QrTexExtent
extent_of (QrTexForm form, const QrTexAttr *tex, QrVec3 normal, int w, int h, const QrVec3 *pts, int n)
{
  QrTexExtent ext;

  qr_tex_extent_init (&ext);
  qr_texalign_add_points (&ext, form, QR_TEX_AXES_QBSP, tex, normal, w, h, pts, n);
  return ext;
}

static void
assert_extent (const QrTexExtent *ext, double u0, double u1, double v0, double v1, double eps)
{
  g_assert_cmpfloat_with_epsilon (ext->min[0], u0, eps);
  g_assert_cmpfloat_with_epsilon (ext->max[0], u1, eps);
  g_assert_cmpfloat_with_epsilon (ext->min[1], v0, eps);
  g_assert_cmpfloat_with_epsilon (ext->max[1], v1, eps);
}

static void
test_extent_floor (void)
{
  /* Floor 0..128 × 0..64 at scale 2, shift (3, 5): the floor projection is
   * u = x, v = -y; texels x/2 + 3 and -y/2 + 5. */
  QrVec3 pts[4] = { { 0, 0, 8 }, { 128, 0, 8 }, { 128, 64, 8 }, { 0, 64, 8 } };
  QrTexAttr tex = { .shift = { 3, 5 }, .scale = { 2, 2 } };
  QrTexExtent ext = extent_of (QR_TEX_STANDARD, &tex, qr_vec3 (0, 0, 1), 64, 64, pts, 4);

  assert_extent (&ext, 3, 67, -27, 5, 1e-12);
}

static void
fit_and_check (QrTexForm form, QrTexAttr tex, const QrVec3 *pts, int n, QrPlane plane, int w, int h,
               double ru, double rv)
{
  QrTexExtent ext = extent_of (form, &tex, plane.normal, w, h, pts, n);
  QrTexelMap map;

  g_assert_true (qr_texalign_fit (&ext, w, h, (double[2]) { ru, rv }, (bool[2]) { true, true }, &map));
  qr_texalign_apply (form, &tex, w, h, &map);
  ext = extent_of (form, &tex, plane.normal, w, h, pts, n);
  /* The promise of fit: texels / size span exactly [0, repeat]. */
  assert_extent (&ext, 0, ru * w, 0, rv * h, 1e-9 * w);
}

static void
test_fit_every_form (void)
{
  QrVec3 pts[4];
  QrPlane plane;
  QrTexAttr std = { .shift = { 7, -3 }, .rotation = 30, .scale = { 0.5, 1.5 } };
  QrTexAttr valve = { .u_axis = { 0, 1, 0 }, .v_axis = { 0, 0, -1 }, .shift = { 11, 2 }, .scale = { -1, 0.25 } };
  QrTexAttr prim = { .matrix = { { 0.01, 0.002, 0.3 }, { -0.001, 0.02, 0.1 } } };

  slanted_quad (pts, &plane);
  fit_and_check (QR_TEX_STANDARD, std, pts, 4, plane, 64, 128, 1, 1);
  fit_and_check (QR_TEX_STANDARD, std, pts, 4, plane, 64, 128, 3, 0.5);
  fit_and_check (QR_TEX_VALVE, valve, pts, 4, plane, 256, 64, 1, 1);
  fit_and_check (QR_TEX_VALVE, valve, pts, 4, plane, 256, 64, 2, 5);
  fit_and_check (QR_TEX_BRUSHPRIM, prim, pts, 4, plane, 32, 64, 1, 1);
  fit_and_check (QR_TEX_BRUSHPRIM, prim, pts, 4, plane, 32, 64, 4, 2);
}

static void
test_justify (void)
{
  QrVec3 pts[4] = { { 0, 0, 8 }, { 100, 0, 8 }, { 100, 30, 8 }, { 0, 30, 8 } };
  QrVec3 up = qr_vec3 (0, 0, 1);
  QrTexAttr base = { .shift = { 3, 5 }, .scale = { 1, 1 } };
  struct
  {
    double f[2];
    bool move[2];
    double u0, v0; /* the extent's new start (its length stays 100 × 30) */
  } cases[] = {
    { { 0, 0 }, { true, false }, 0, -25 },        /* left: v untouched (-30 + 5) */
    { { 1, 0 }, { true, false }, 64 - 100, -25 }, /* right */
    { { 0, 0 }, { false, true }, 3, 0 },          /* top */
    { { 0, 1 }, { false, true }, 3, 64 - 30 },    /* bottom */
    { { 0.5, 0.5 }, { true, true }, 32 - 50, 32 - 15 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      QrTexAttr tex = base;
      QrTexExtent ext = extent_of (QR_TEX_STANDARD, &tex, up, 64, 64, pts, 4);
      QrTexelMap map = qr_texalign_justify (&ext, 64, 64, cases[i].f, cases[i].move);

      qr_texalign_apply (QR_TEX_STANDARD, &tex, 64, 64, &map);
      ext = extent_of (QR_TEX_STANDARD, &tex, up, 64, 64, pts, 4);
      assert_extent (&ext, cases[i].u0, cases[i].u0 + 100, cases[i].v0, cases[i].v0 + 30, 1e-12);
      g_assert_cmpfloat (tex.scale[0], ==, 1);
      g_assert_cmpfloat (tex.scale[1], ==, 1);
    }
}

static void
test_fit_refuses_edge_on (void)
{
  /* A wall seen by a floor projection has no U extent... a zero-length
   * extent cannot be stretched to a texture. */
  QrTexExtent ext = { { 5, 0 }, { 5, 10 } };
  QrTexelMap map;

  g_assert_false (qr_texalign_fit (&ext, 64, 64, (double[2]) { 1, 1 }, (bool[2]) { true, true }, &map));
  g_assert_true (qr_texalign_fit (&ext, 64, 64, (double[2]) { 1, 1 }, (bool[2]) { false, true }, &map));
}

static void
test_face_axes (void)
{
  QrVec3 u, v;
  QrVec3 n = qr_vec3_normalize (qr_vec3 (0, -1, 1)); /* a 45° slope facing north-up: floor projection */

  g_assert_true (qr_texalign_face_axes (QR_TEX_AXES_QBSP, qr_vec3 (0, 0, 1), &u, &v));
  g_assert_true (qr_vec3_equal (u, qr_vec3 (1, 0, 0)) && qr_vec3_equal (v, qr_vec3 (0, -1, 0)));
  g_assert_true (qr_texalign_face_axes (QR_TEX_AXES_QBSP, n, &u, &v));
  /* In the plane, at right angles, unit, and U still along world X. */
  g_assert_cmpfloat_with_epsilon (qr_vec3_dot (u, n), 0, 1e-15);
  g_assert_cmpfloat_with_epsilon (qr_vec3_dot (v, n), 0, 1e-15);
  g_assert_cmpfloat_with_epsilon (qr_vec3_dot (u, v), 0, 1e-15);
  g_assert_cmpfloat_with_epsilon (qr_vec3_length (v), 1, 1e-15);
  g_assert_cmpfloat (u.x, ==, 1);
  g_assert_cmpfloat (v.y, <, 0);
  g_assert_cmpfloat (v.z, <, 0);
}

static void
test_valve_brushprim_round_trip (void)
{
  QrVec3 pts[4];
  QrPlane plane;
  QrTexAttr valve = { .u_axis = { 0.6, 0.8, 0 }, .v_axis = { 0, 0.3, -0.7 }, .shift = { 13, -4 }, .scale = { 0.5, 2 } };
  QrTexAttr prim, back;
  QrUV a[4], b[4], c[4];
  /* Normals with a component below ComputeAxisBase's 1e-6 snap: its basis
   * normal then differs from the plane's. */
  QrVec3 normals[] = { qr_vec3_normalize (qr_vec3 (1, 2, 3)), qr_vec3_normalize (qr_vec3 (1, 4e-7, 0)),
                       qr_vec3 (0, 0, -1) };

  slanted_quad (pts, &plane);
  for (guint k = 0; k < G_N_ELEMENTS (normals); k++)
    {
      QrVec3 x = qr_vec3_normalize (qr_vec3_cross (normals[k], qr_vec3 (0.3, 0.1, 0.9)));
      QrVec3 y = qr_vec3_cross (normals[k], x);

      plane.normal = normals[k];
      plane.dist = 77;
      for (int i = 0; i < 4; i++)
        pts[i] = qr_vec3_add (qr_vec3_scale (normals[k], 77),
                              qr_vec3_add (qr_vec3_scale (x, 300 * (i & 1)), qr_vec3_scale (y, 500 * (i >> 1))));
      qr_texalign_valve_to_brushprim (&valve, plane, 64, 32, &prim);
      qr_texproj_coords (QR_TEX_VALVE, QR_TEX_AXES_QBSP, &valve, plane.normal, pts, 4, a);
      qr_texproj_coords (QR_TEX_BRUSHPRIM, QR_TEX_AXES_QBSP, &prim, plane.normal, pts, 4, b);
      g_assert_true (qr_texalign_brushprim_to_valve (&prim, plane.normal, 64, 32, &back));
      qr_texproj_coords (QR_TEX_VALVE, QR_TEX_AXES_QBSP, &back, plane.normal, pts, 4, c);
      for (int i = 0; i < 4; i++)
        {
          g_assert_cmpfloat_with_epsilon (b[i].u * 64, a[i].u, 1e-9);
          g_assert_cmpfloat_with_epsilon (b[i].v * 32, a[i].v, 1e-9);
          g_assert_cmpfloat_with_epsilon (c[i].u, a[i].u, 1e-9);
          g_assert_cmpfloat_with_epsilon (c[i].v, a[i].v, 1e-9);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/geom/texalign/extent/floor", test_extent_floor);
  g_test_add_func ("/geom/texalign/fit/every-form", test_fit_every_form);
  g_test_add_func ("/geom/texalign/fit/edge-on", test_fit_refuses_edge_on);
  g_test_add_func ("/geom/texalign/justify", test_justify);
  g_test_add_func ("/geom/texalign/face-axes", test_face_axes);
  g_test_add_func ("/geom/texalign/valve-brushprim", test_valve_brushprim_round_trip);
  return g_test_run ();
}
