/* Wrapping a texture across a shared edge (qr-texwrap.h): both faces give
 * the edge's ends the same texels (issue 14: within 1e-4 texel), the
 * texture continues as if the source's plane were bent over the edge, and
 * the exact cases come out with the values a mapper would type. */
#include <glib.h>
#include <string.h>
#include "qr-test-assert.h"
#include "qr-texwrap.h"

#define N_RANDOM_CASES 2000
#define TOLERANCE 1e-4 /* texels */

/* Brush primitives' fractions are compared as texels of this size. */
#define SIZE_W 256
#define SIZE_H 128

static void
assert_vec3_same (QrVec3 v, double x, double y, double z)
{
  qr_test_assert_same (v.x, x);
  qr_test_assert_same (v.y, y);
  qr_test_assert_same (v.z, z);
}

typedef struct
{
  QrVec3 corners[2][4]; /* source, target: e0, e1 then away from the edge */
  QrTexWrapFace face[2];
  QrVec3 w[2];          /* into each face from the edge, at right angles to it */
} Pair;

static QrVec3
random_unit (GRand *r)
{
  for (;;)
    {
      QrVec3 v = qr_vec3 (g_rand_double_range (r, -1, 1), g_rand_double_range (r, -1, 1),
                          g_rand_double_range (r, -1, 1));
      double len = qr_vec3_length (v);

      if (len > 0.1 && len <= 1.0)
        return qr_vec3_scale (v, 1.0 / len);
    }
}

static QrVec3
unit_across (QrVec3 v, QrVec3 n)
{
  return qr_vec3_normalize (qr_vec3_mad (v, n, -qr_vec3_dot (v, n)));
}

/* Two rectangles h deep on either side of the edge e0 → e0 + d len, planes
 * of normals ns and nt (both at right angles to d), laid as the faces of a
 * convex solid are: each lies behind the other's plane. */
static void
make_pair (Pair *p, QrVec3 e0, QrVec3 d, double len, QrVec3 ns, QrVec3 nt, double h)
{
  QrVec3 e1 = qr_vec3_mad (e0, d, len);
  QrVec3 n[2] = { ns, nt };

  for (int i = 0; i < 2; i++)
    {
      QrVec3 w = qr_vec3_cross (d, n[i]);

      if (qr_vec3_dot (w, n[1 - i]) > 0.0)
        w = qr_vec3_neg (w);
      p->w[i] = w;
      p->corners[i][0] = e0;
      p->corners[i][1] = e1;
      p->corners[i][2] = qr_vec3_mad (e1, w, h);
      p->corners[i][3] = qr_vec3_mad (e0, w, h);
      p->face[i] = (QrTexWrapFace) {
        .plane = { n[i], qr_vec3_dot (n[i], e0) },
        .points = p->corners[i],
        .n_points = 4,
      };
    }
}

static QrUV
texel_at (const QrTexWrapFace *f, QrTexAxisRule rule, QrVec3 p)
{
  QrUV uv;

  qr_texproj_coords (f->form, rule, &f->tex, f->plane.normal, &p, 1, &uv);
  if (f->form == QR_TEX_BRUSHPRIM)
    uv.u *= SIZE_W, uv.v *= SIZE_H;
  return uv;
}

static double
texel_gap (const Pair *p, QrTexAxisRule rule, QrVec3 on_source, QrVec3 on_target)
{
  QrUV a = texel_at (&p->face[0], rule, on_source), b = texel_at (&p->face[1], rule, on_target);

  return fmax (fabs (a.u - b.u), fabs (a.v - b.v));
}

static double
edge_gap (const Pair *p, QrTexAxisRule rule)
{
  return fmax (texel_gap (p, rule, p->corners[0][0], p->corners[0][0]),
               texel_gap (p, rule, p->corners[0][1], p->corners[0][1]));
}

/* The target's texel h away from the edge's middle equals the source's
 * texel h beyond its edge, on the source's plane extended: unfolded. */
static double
unfold_gap (const Pair *p, QrTexAxisRule rule, double h)
{
  QrVec3 m = qr_vec3_scale (qr_vec3_add (p->corners[0][0], p->corners[0][1]), 0.5);

  return texel_gap (p, rule, qr_vec3_mad (m, p->w[0], -h), qr_vec3_mad (m, p->w[1], h));
}

static QrTexAttr
random_valve (GRand *r, QrVec3 n)
{
  QrTexAttr t = { 0 };

  /* Any axes the compilers accept: not at right angles to the face, not
   * parallel to each other in its plane (skewed axes are fine). */
  do
    {
      t.u_axis = random_unit (r);
      t.v_axis = random_unit (r);
    }
  while (fabs (qr_vec3_dot (t.u_axis, n)) > 0.9 || fabs (qr_vec3_dot (t.v_axis, n)) > 0.9
         || qr_vec3_length (qr_vec3_cross (unit_across (t.u_axis, n), unit_across (t.v_axis, n))) < 0.2);
  for (int i = 0; i < 2; i++)
    {
      t.scale[i] = g_rand_double_range (r, 0.1, 4) * (g_rand_boolean (r) ? 1 : -1);
      t.shift[i] = g_rand_double_range (r, -512, 512);
    }
  t.rotation = g_rand_double_range (r, 0, 360);
  return t;
}

static QrTexAttr
random_brushprim (GRand *r)
{
  QrTexAttr t = { 0 };

  do
    for (int i = 0; i < 2; i++)
      {
        t.matrix[i][0] = g_rand_double_range (r, -0.05, 0.05);
        t.matrix[i][1] = g_rand_double_range (r, -0.05, 0.05);
        t.matrix[i][2] = g_rand_double_range (r, -1, 1);
      }
  while (fabs (t.matrix[0][0] * t.matrix[1][1] - t.matrix[0][1] * t.matrix[1][0]) < 1e-4);
  return t;
}

static QrTexAttr
random_standard (GRand *r)
{
  QrTexAttr t = { 0 };

  t.rotation = g_rand_double_range (r, 0, 360);
  for (int i = 0; i < 2; i++)
    {
      t.scale[i] = g_rand_double_range (r, 0.1, 4) * (g_rand_boolean (r) ? 1 : -1);
      t.shift[i] = g_rand_double_range (r, -512, 512);
    }
  return t;
}

static QrTexAttr
random_attr (GRand *r, QrTexForm form, QrVec3 n)
{
  return form == QR_TEX_VALVE ? random_valve (r, n) : form == QR_TEX_BRUSHPRIM ? random_brushprim (r)
                                                                             : random_standard (r);
}

/* A random edge (anywhere in a large map, 1 to 512 long) between random
 * planes, at least 1° from parallel either way. */
static void
random_pair (GRand *r, Pair *p)
{
  QrVec3 e0 = qr_vec3 (g_rand_double_range (r, -4096, 4096), g_rand_double_range (r, -4096, 4096),
                       g_rand_double_range (r, -4096, 4096));
  QrVec3 d = random_unit (r), ns, nt;

  ns = unit_across (random_unit (r), d);
  do
    nt = unit_across (random_unit (r), d);
  while (fabs (qr_vec3_dot (ns, nt)) > cos (G_PI / 180));
  make_pair (p, e0, d, g_rand_double_range (r, 1, 512), ns, nt, g_rand_double_range (r, 1, 256));
}

/* Source and target of the given forms, random everything: the edge meets
 * within 1e-4 texel, and (Valve, brush primitives) the texture unfolds. */
static void
check_random (QrTexForm from, QrTexForm to, bool exact)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (14);
  double worst_edge = 0, worst_unfold = 0;

  for (int i = 0; i < N_RANDOM_CASES; i++)
    {
      g_autoptr (GError) error = NULL;
      QrVec3 edge[2];
      double residual = -1;
      Pair p;

      random_pair (r, &p);
      p.face[0].form = from;
      p.face[0].tex = random_attr (r, from, p.face[0].plane.normal);
      p.face[1].form = to;
      p.face[1].tex = random_attr (r, to, p.face[1].plane.normal);

      g_assert_true (qr_texwrap_common_edge (p.corners[0], 4, p.corners[1], 4, 1e-5, edge));
      qr_test_assert_exact (qr_vec3_dist (edge[0], p.corners[0][0]), 0);
      qr_test_assert_exact (qr_vec3_dist (edge[1], p.corners[0][1]), 0);
      g_assert_true (qr_texwrap_face (QR_TEX_AXES_QBSP, &p.face[0], &p.face[1], edge, SIZE_W, SIZE_H, &residual,
                                      &error));
      g_assert_no_error (error);
      worst_edge = fmax (worst_edge, edge_gap (&p, QR_TEX_AXES_QBSP));
      if (exact)
        {
          qr_test_assert_exact (residual, 0);
          worst_unfold = fmax (worst_unfold, unfold_gap (&p, QR_TEX_AXES_QBSP, 100));
        }
      else
        g_assert_cmpfloat (residual, >=, 0);
    }
  g_test_message ("worst texel gap at the edge %.3g, 100 units across it %.3g", worst_edge, worst_unfold);
  g_assert_cmpfloat (worst_edge, <=, TOLERANCE);
  g_assert_cmpfloat (worst_unfold, <=, TOLERANCE);
}

static void
test_random_valve (void)
{
  check_random (QR_TEX_VALVE, QR_TEX_VALVE, true);
}

static void
test_random_brushprim (void)
{
  check_random (QR_TEX_BRUSHPRIM, QR_TEX_BRUSHPRIM, true);
}

/* Between the forms: a standard source is exact in Valve form, brush
 * primitives and Valve faces trade through the texture's size. */
static void
test_random_across_forms (void)
{
  check_random (QR_TEX_STANDARD, QR_TEX_VALVE, true);
  check_random (QR_TEX_VALVE, QR_TEX_BRUSHPRIM, true);
  check_random (QR_TEX_BRUSHPRIM, QR_TEX_VALVE, true);
}

/* Standard targets cannot always follow, but always meet the edge. */
static void
test_random_standard (void)
{
  check_random (QR_TEX_STANDARD, QR_TEX_STANDARD, false);
  check_random (QR_TEX_VALVE, QR_TEX_STANDARD, false);
  check_random (QR_TEX_BRUSHPRIM, QR_TEX_STANDARD, false);
}

/* The top of a 64-unit box (z = 64) and its side y = 0, which meet along
 * the x axis at z = 64: the floor's world-aligned texture goes down the
 * side as a mapper would align it by hand. */
static void
box_corner (Pair *p, QrTexForm form)
{
  make_pair (p, qr_vec3 (0, 0, 64), qr_vec3 (1, 0, 0), 64, qr_vec3 (0, 0, 1), qr_vec3 (0, -1, 0), 64);
  p->face[0].form = p->face[1].form = form;
}

static void
test_box_corner_valve (void)
{
  g_autoptr (GError) error = NULL;
  double residual = -1;
  Pair p;

  box_corner (&p, QR_TEX_VALVE);
  p.face[0].tex = (QrTexAttr) { .u_axis = { 1, 0, 0 }, .v_axis = { 0, -1, 0 }, .shift = { 8, 16 },
                                .scale = { 0.5, 2 }, .rotation = 0 };
  p.face[1].tex = (QrTexAttr) { .u_axis = { 0, 1, 0 }, .v_axis = { 1, 0, 0 }, .shift = { 3, 5 }, .scale = { 1, 1 } };
  g_assert_true (qr_texwrap_face (QR_TEX_AXES_QBSP, &p.face[0], &p.face[1], p.corners[0], 64, 64, &residual, &error));
  g_assert_no_error (error);

  /* V = -y folds to -z; at the edge (y = 0, z = 64) v was 0 + 16. */
  assert_vec3_same (p.face[1].tex.u_axis, 1, 0, 0);
  assert_vec3_same (p.face[1].tex.v_axis, 0, 0, -1);
  qr_test_assert_same (p.face[1].tex.scale[0], 0.5);
  qr_test_assert_same (p.face[1].tex.scale[1], 2);
  qr_test_assert_same (p.face[1].tex.shift[0], 8);
  qr_test_assert_same (p.face[1].tex.shift[1], 16 + 64 / 2.0);
  qr_test_assert_exact (edge_gap (&p, QR_TEX_AXES_QBSP), 0);
  qr_test_assert_exact (unfold_gap (&p, QR_TEX_AXES_QBSP, 64), 0);
  qr_test_assert_exact (residual, 0);
}

/* The same corner in the standard form: the floor's projection folded is
 * exactly the north wall's (x, -z), so rotation 0 and scale 1 stay. */
static void
test_box_corner_standard (void)
{
  g_autoptr (GError) error = NULL;
  double residual = -1;
  Pair p;

  box_corner (&p, QR_TEX_STANDARD);
  p.face[0].tex = (QrTexAttr) { .shift = { 8, 16 }, .scale = { 1, 1 } };
  p.face[1].tex = (QrTexAttr) { .shift = { 1, 2 }, .rotation = 45, .scale = { 3, 3 } };
  g_assert_true (qr_texwrap_face (QR_TEX_AXES_QBSP, &p.face[0], &p.face[1], p.corners[0], 64, 64, &residual, &error));
  g_assert_no_error (error);
  qr_test_assert_same (p.face[1].tex.rotation, 0);
  qr_test_assert_same (p.face[1].tex.scale[0], 1);
  qr_test_assert_same (p.face[1].tex.scale[1], 1);
  qr_test_assert_same (p.face[1].tex.shift[0], 8);
  qr_test_assert_same (p.face[1].tex.shift[1], 16 + 64);
  qr_test_assert_exact (edge_gap (&p, QR_TEX_AXES_QBSP), 0);
  qr_test_assert_exact (unfold_gap (&p, QR_TEX_AXES_QBSP, 64), 0);
  qr_test_assert_exact (residual, 0);
}

/* Brush primitives: the top's basis is (y, x), the side's (x, -z)
 * (ComputeAxisBase); u = y / 64 folds to z / 64 = -(-z) / 64, and is 0 at
 * z = 64 on the edge, hence the -1. The basis's cos (π/2) of 6e-17 must not
 * show. */
static void
test_box_corner_brushprim (void)
{
  g_autoptr (GError) error = NULL;
  Pair p;

  box_corner (&p, QR_TEX_BRUSHPRIM);
  p.face[0].tex = (QrTexAttr) { .matrix = { { 0.015625, 0, 0 }, { 0, 0.015625, 0.5 } } };
  p.face[1].tex = (QrTexAttr) { .matrix = { { 1, 2, 3 }, { 4, 5, 6 } } };
  g_assert_true (qr_texwrap_face (QR_TEX_AXES_QBSP, &p.face[0], &p.face[1], p.corners[0], 64, 64, NULL, &error));
  g_assert_no_error (error);
  qr_test_assert_same (p.face[1].tex.matrix[0][0], 0);
  qr_test_assert_same (p.face[1].tex.matrix[0][1], -0.015625);
  qr_test_assert_same (p.face[1].tex.matrix[0][2], -1);
  qr_test_assert_same (p.face[1].tex.matrix[1][0], 0.015625);
  qr_test_assert_same (p.face[1].tex.matrix[1][1], 0);
  qr_test_assert_same (p.face[1].tex.matrix[1][2], 0.5);
  /* Texels through the bases themselves carry their 6e-17 times 64. */
  g_assert_cmpfloat (edge_gap (&p, QR_TEX_AXES_QBSP), <=, 1e-12);
  g_assert_cmpfloat (unfold_gap (&p, QR_TEX_AXES_QBSP, 64), <=, 1e-12);
}

/* A ramp leaving a floor at 30° along the x axis: Valve and brush
 * primitives are exact; in the standard form the ramp still projects on the
 * floor's plane, and the fold is that projection stretched along y by
 * 1 / cos 30°: scale_v cos 30° holds it exactly. */
static void
test_slope (void)
{
  QrVec3 nt = qr_vec3 (0, -sin (G_PI / 6), cos (G_PI / 6));
  QrTexForm forms[3] = { QR_TEX_VALVE, QR_TEX_BRUSHPRIM, QR_TEX_STANDARD };

  for (int i = 0; i < 3; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GRand) r = g_rand_new_with_seed (30);
      double residual = -1;
      Pair p;

      make_pair (&p, qr_vec3 (-32, 0, 0), qr_vec3 (1, 0, 0), 96, qr_vec3 (0, 0, 1), nt, 128);
      p.face[0].form = p.face[1].form = forms[i];
      p.face[0].tex = forms[i] == QR_TEX_STANDARD ? (QrTexAttr) { .shift = { 5, 7 }, .scale = { 1, 1 } }
                                                  : random_attr (r, forms[i], p.face[0].plane.normal);
      g_assert_true (qr_texwrap_face (QR_TEX_AXES_QBSP, &p.face[0], &p.face[1], p.corners[0], SIZE_W, SIZE_H,
                                      &residual, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (edge_gap (&p, QR_TEX_AXES_QBSP), <=, 1e-9);
      g_assert_cmpfloat (unfold_gap (&p, QR_TEX_AXES_QBSP, 128), <=, 1e-9);
      g_assert_cmpfloat (residual, <=, 1e-9);
      if (forms[i] == QR_TEX_STANDARD)
        {
          qr_test_assert_same (p.face[1].tex.rotation, 0);
          qr_test_assert_same (p.face[1].tex.scale[0], 1);
          g_assert_cmpfloat (fabs (p.face[1].tex.scale[1] - cos (G_PI / 6)), <=, 1e-12);
        }
    }
}

/* The same ramp hinged on a line 20° off the x axis: the fold stretches
 * the floor's texture across that line, which no turned and scaled axial
 * projection holds. The standard fit still meets the edge to 1e-4 texel,
 * and the residual it states is what it is: measured here against the
 * exact continuation at the ramp's corners, and well under what a plain
 * copy of the floor's attributes leaves (on a hinge at 45° the two are the
 * same: by symmetry the floor's own projection is then the nearest). */
static void
test_slope_standard_approximate (void)
{
  QrVec3 d = qr_vec3 (cos (G_PI / 9), sin (G_PI / 9), 0), ns = qr_vec3 (0, 0, 1);
  QrVec3 across = qr_vec3_cross (d, ns);
  QrVec3 nt = qr_vec3_add (qr_vec3_scale (ns, cos (G_PI / 6)), qr_vec3_scale (across, sin (G_PI / 6)));
  g_autoptr (GError) error = NULL;
  double residual = -1, measured = 0, copied = 0;
  Pair p, exact, copy;

  make_pair (&p, qr_vec3 (0, 0, 0), d, 128, ns, nt, 64);
  p.face[0].form = p.face[1].form = QR_TEX_STANDARD;
  p.face[0].tex = (QrTexAttr) { .shift = { 5, 7 }, .scale = { 1, 1 } };
  exact = p, copy = p;
  g_assert_true (qr_texwrap_face (QR_TEX_AXES_QBSP, &p.face[0], &p.face[1], p.corners[0], 64, 64, &residual, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (edge_gap (&p, QR_TEX_AXES_QBSP), <=, TOLERANCE);

  /* The exact continuation, as a Valve face. */
  exact.face[1].form = QR_TEX_VALVE;
  g_assert_true (qr_texwrap_face (QR_TEX_AXES_QBSP, &exact.face[0], &exact.face[1], exact.corners[0], 64, 64, NULL,
                                  &error));
  copy.face[1].tex = copy.face[0].tex;
  for (int k = 0; k < 4; k++)
    {
      QrUV want = texel_at (&exact.face[1], QR_TEX_AXES_QBSP, p.corners[1][k]);
      QrUV got = texel_at (&p.face[1], QR_TEX_AXES_QBSP, p.corners[1][k]);
      QrUV plain = texel_at (&copy.face[1], QR_TEX_AXES_QBSP, p.corners[1][k]);

      measured = fmax (measured, fmax (fabs (got.u - want.u), fabs (got.v - want.v)));
      copied = fmax (copied, fmax (fabs (plain.u - want.u), fabs (plain.v - want.v)));
    }
  g_test_message ("standard fit strays %.6g texels (stated %.6g); a copy of the floor's attributes %.6g",
                  measured, residual, copied);
  g_assert_cmpfloat (residual, >, TOLERANCE);
  g_assert_cmpfloat (fabs (residual - measured), <=, 1e-9);
  g_assert_cmpfloat (residual, <, 0.75 * copied);
}

/* A face sharing no edge continues the projection in world space: every
 * point gets the source's texel. Where that gives no texture (a floor's
 * projection on a wall), the fold is about the line where the planes
 * meet: its points keep their texels. */
static void
test_world_space (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) r = g_rand_new_with_seed (7);
  QrVec3 far_points[3] = { { 1000, 20, 30 }, { 1000, 90, 30 }, { 1000, 20, 99 } };
  QrVec3 on_line[2] = { { 1000, 20, 64 }, { 1000, -300, 64 } };
  QrTexWrapFace src = { .form = QR_TEX_VALVE, .plane = { { 0, 0, 1 }, 64 } };
  QrTexWrapFace dst = { .form = QR_TEX_VALVE, .plane = { qr_vec3_normalize (qr_vec3 (1, 0, 1)), 0 } };
  QrTexWrapFace wall = { .form = QR_TEX_VALVE, .plane = { { 1, 0, 0 }, 1000 }, .points = far_points, .n_points = 3 };

  src.tex = (QrTexAttr) { .u_axis = { 1, 0, 0 }, .v_axis = { 0, -1, 0 }, .shift = { 3, 4 }, .scale = { 1, 1 } };
  dst.tex = random_valve (r, dst.plane.normal);
  g_assert_true (qr_texwrap_face (QR_TEX_AXES_QBSP, &src, &dst, NULL, 64, 64, NULL, &error));
  g_assert_no_error (error);
  for (int k = 0; k < 3; k++)
    {
      QrUV a = texel_at (&src, QR_TEX_AXES_QBSP, far_points[k]), b = texel_at (&dst, QR_TEX_AXES_QBSP, far_points[k]);

      qr_test_assert_exact (a.u, b.u);
      qr_test_assert_exact (a.v, b.v);
    }

  wall.tex = random_valve (r, wall.plane.normal);
  g_assert_true (qr_texwrap_face (QR_TEX_AXES_QBSP, &src, &wall, NULL, 64, 64, NULL, &error));
  g_assert_no_error (error);
  /* As over the edge of a box whose top is the floor: x runs on down -z. */
  assert_vec3_same (wall.tex.u_axis, 0, 0, -1);
  assert_vec3_same (wall.tex.v_axis, 0, -1, 0);
  for (int k = 0; k < 2; k++)
    {
      QrUV a = texel_at (&src, QR_TEX_AXES_QBSP, on_line[k]), b = texel_at (&wall, QR_TEX_AXES_QBSP, on_line[k]);

      qr_test_assert_exact (a.u, b.u);
      qr_test_assert_exact (a.v, b.v);
    }
}

/* Axes that give the source itself no texture are refused, the target
 * untouched. */
static void
test_degenerate_source (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) r = g_rand_new_with_seed (8);
  QrTexWrapFace src = { .form = QR_TEX_VALVE, .plane = { { 0, 0, 1 }, 0 } };
  QrTexWrapFace dst = { .form = QR_TEX_VALVE, .plane = { { 1, 0, 0 }, 0 } };
  QrTexAttr before;

  src.tex = (QrTexAttr) { .u_axis = { 1, 0, 0 }, .v_axis = { 0, 0, 1 }, .scale = { 1, 1 } };
  dst.tex = before = random_valve (r, dst.plane.normal);
  g_assert_false (qr_texwrap_face (QR_TEX_AXES_QBSP, &src, &dst, NULL, 64, 64, NULL, &error));
  g_assert_error (error, QR_TEXPROJ_ERROR, QR_TEXPROJ_ERROR_DEGENERATE);
  g_assert_true (memcmp (&dst.tex, &before, sizeof before) == 0);
}

/* Neighbouring brushes: a long edge and a shorter one on its line share
 * the shorter's stretch; corners a weld apart still meet; parallel but
 * separate edges, or edges meeting at a point, share nothing. */
static void
test_common_edge (void)
{
  QrVec3 a[4] = { { 0, 0, 0 }, { 128, 0, 0 }, { 128, 64, 0 }, { 0, 64, 0 } };
  QrVec3 b[4] = { { 96, 0, 0 }, { 32, 0, 0 }, { 32, 0, -64 }, { 96, 0, -64 } };
  QrVec3 c[4] = { { 96, 0, 1e-6 }, { 32, 3e-6, 0 }, { 32, 0, -64 }, { 96, 0, -64 } };
  QrVec3 apart[3] = { { 0, 1, 0 }, { 128, 1, 0 }, { 0, 1, -64 } };
  QrVec3 touching[3] = { { 128, 64, 0 }, { 200, 64, 0 }, { 128, 64, -64 } };
  QrVec3 edge[2];

  g_assert_true (qr_texwrap_common_edge (a, 4, b, 4, 1e-5, edge));
  assert_vec3_same (edge[0], 32, 0, 0);
  assert_vec3_same (edge[1], 96, 0, 0);
  g_assert_true (qr_texwrap_common_edge (a, 4, c, 4, 1e-5, edge));
  g_assert_cmpfloat (qr_vec3_dist (edge[0], qr_vec3 (32, 0, 0)), <=, 1e-5);
  g_assert_false (qr_texwrap_common_edge (a, 4, c, 4, 1e-7, edge));
  g_assert_false (qr_texwrap_common_edge (a, 4, apart, 3, 1e-5, edge));
  g_assert_false (qr_texwrap_common_edge (a, 4, touching, 3, 1e-5, edge));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/geom/texwrap/random/valve", test_random_valve);
  g_test_add_func ("/geom/texwrap/random/brushprim", test_random_brushprim);
  g_test_add_func ("/geom/texwrap/random/across-forms", test_random_across_forms);
  g_test_add_func ("/geom/texwrap/random/standard", test_random_standard);
  g_test_add_func ("/geom/texwrap/box-corner/valve", test_box_corner_valve);
  g_test_add_func ("/geom/texwrap/box-corner/standard", test_box_corner_standard);
  g_test_add_func ("/geom/texwrap/box-corner/brushprim", test_box_corner_brushprim);
  g_test_add_func ("/geom/texwrap/slope", test_slope);
  g_test_add_func ("/geom/texwrap/slope/standard-approximate", test_slope_standard_approximate);
  g_test_add_func ("/geom/texwrap/world-space", test_world_space);
  g_test_add_func ("/geom/texwrap/degenerate-source", test_degenerate_source);
  g_test_add_func ("/geom/texwrap/common-edge", test_common_edge);
  return g_test_run ();
}
