#include <math.h>
#include <stdarg.h>
#include <glib.h>
#include "qr-camera.h"
#include "qr-camera-place.h"
#include "qr-entity.h"
#include "qr-ortho-view.h"
#include "qr-primitive.h"
#include "qr-test-assert.h"

static void
assert_vec3_near (QrVec3 got, QrVec3 want, double eps)
{
  if (!(fabs (got.x - want.x) <= eps && fabs (got.y - want.y) <= eps && fabs (got.z - want.z) <= eps))
    {
      g_autofree char *msg = g_strdup_printf ("got (%.17g, %.17g, %.17g), expected (%.17g, %.17g, %.17g) within %g",
                                              got.x, got.y, got.z, want.x, want.y, want.z, eps);
      g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, msg);
    }
}

static void
assert_vec3_exact (QrVec3 got, QrVec3 want)
{
  qr_test_assert_exact (got.x, want.x);
  qr_test_assert_exact (got.y, want.y);
  qr_test_assert_exact (got.z, want.z);
}

static QrOrthoView
make_view (QrOrthoAxis axis, int width, int height, QrVec3 center, int level)
{
  QrOrthoView view;

  qr_ortho_view_init (&view, axis, width, height);
  qr_ortho_view_set_center (&view, center);
  qr_ortho_view_set_zoom_level (&view, level);
  return view;
}

/* ------------------------------------------------------------------ ortho */

static void
test_ortho_axes (void)
{
  const QrOrthoAxes *top = qr_ortho_axis_get_axes (QR_ORTHO_AXIS_TOP);
  const QrOrthoAxes *front = qr_ortho_axis_get_axes (QR_ORTHO_AXIS_FRONT);
  const QrOrthoAxes *side = qr_ortho_axis_get_axes (QR_ORTHO_AXIS_SIDE);

  /* DESIGN.md: top looks down -Z (X right, Y up); front along +Y (X right,
   * Z up); side along -X (Y right, Z up). */
  g_assert_cmpint (top->right, ==, 0);
  g_assert_cmpint (top->up, ==, 1);
  g_assert_cmpint (top->depth, ==, 2);
  qr_test_assert_exact (top->look_sign, -1.0);
  g_assert_cmpint (front->right, ==, 0);
  g_assert_cmpint (front->up, ==, 2);
  g_assert_cmpint (front->depth, ==, 1);
  qr_test_assert_exact (front->look_sign, 1.0);
  g_assert_cmpint (side->right, ==, 1);
  g_assert_cmpint (side->up, ==, 2);
  g_assert_cmpint (side->depth, ==, 0);
  qr_test_assert_exact (side->look_sign, -1.0);

  /* Each view is right-handed: looking along the depth direction with "up"
   * up, right = look × up. */
  for (QrOrthoAxis a = QR_ORTHO_AXIS_TOP; a <= QR_ORTHO_AXIS_SIDE; a++)
    {
      const QrOrthoAxes *ax = qr_ortho_axis_get_axes (a);
      QrVec3 look = { 0, 0, 0 }, up = { 0, 0, 0 }, right = { 0, 0, 0 };

      qr_vec3_set (&look, ax->depth, ax->look_sign);
      qr_vec3_set (&up, ax->up, 1.0);
      qr_vec3_set (&right, ax->right, ax->screen_x_sign);
      assert_vec3_exact (qr_vec3_cross (look, up), right);
      qr_test_assert_exact (ax->screen_y_sign, -1.0);
    }
}

static void
test_ortho_zoom_levels (void)
{
  qr_test_assert_exact (qr_ortho_zoom_for_level (0), 1.0);
  qr_test_assert_exact (qr_ortho_zoom_for_level (4), 2.0);
  qr_test_assert_exact (qr_ortho_zoom_for_level (-4), 0.5);
  qr_test_assert_exact (qr_ortho_zoom_for_level (2), sqrt (2.0));
  qr_test_assert_exact (qr_ortho_zoom_for_level (-2), sqrt (2.0) / 2.0);
  g_assert_cmpfloat_with_epsilon (qr_ortho_zoom_for_level (1), pow (2.0, 0.25), 1e-15);
  g_assert_cmpfloat_with_epsilon (qr_ortho_zoom_for_level (-1), pow (2.0, -0.25), 1e-15);
  qr_test_assert_exact (qr_ortho_zoom_for_level (QR_ORTHO_ZOOM_LEVEL_MAX), 64.0);
  qr_test_assert_exact (qr_ortho_zoom_for_level (QR_ORTHO_ZOOM_LEVEL_MIN), 1.0 / 256.0);
  qr_test_assert_exact (qr_ortho_zoom_for_level (1000), 64.0);
  qr_test_assert_exact (qr_ortho_zoom_for_level (-1000), 1.0 / 256.0);

  for (int k = QR_ORTHO_ZOOM_LEVEL_MIN; k < QR_ORTHO_ZOOM_LEVEL_MAX; k++)
    g_assert_cmpfloat_with_epsilon (qr_ortho_zoom_for_level (k + 1) / qr_ortho_zoom_for_level (k),
                                    pow (2.0, 0.25), 1e-15);
}

static void
check_screen (const QrOrthoView *view, QrVec3 world, double want_x, double want_y)
{
  double sx, sy;

  qr_ortho_view_world_to_screen (view, world, &sx, &sy);
  qr_test_assert_exact (sx, want_x);
  qr_test_assert_exact (sy, want_y);
}

static void
test_ortho_world_screen (void)
{
  QrOrthoView top = make_view (QR_ORTHO_AXIS_TOP, 800, 600, qr_vec3 (0, 0, 0), 4);
  QrOrthoView front = make_view (QR_ORTHO_AXIS_FRONT, 800, 600, qr_vec3 (0, 0, 0), 4);
  QrOrthoView side = make_view (QR_ORTHO_AXIS_SIDE, 800, 600, qr_vec3 (0, 0, 0), 4);
  QrOrthoView moved = make_view (QR_ORTHO_AXIS_TOP, 640, 480, qr_vec3 (100, -50, 9), -4);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);

  qr_test_assert_exact (qr_ortho_view_get_zoom (&top), 2.0);

  /* Zoom 2 around (0, 0) in 800 × 600: centre pixel (400, 300); world +10
   * right is 20 px right, world +5 up is 10 px up (y down). */
  check_screen (&top, qr_vec3 (10, 5, 77), 420, 290);
  check_screen (&front, qr_vec3 (10, 77, 5), 420, 290);
  check_screen (&side, qr_vec3 (77, 10, 5), 420, 290);
  check_screen (&top, qr_vec3 (0, 0, 0), 400, 300);
  check_screen (&top, qr_vec3 (-200, -150, 0), 0, 600);
  check_screen (&side, qr_vec3 (0, -200, 150), 0, 0);

  assert_vec3_exact (qr_ortho_view_screen_to_world (&top, 420, 290, 7), qr_vec3 (10, 5, 7));
  assert_vec3_exact (qr_ortho_view_screen_to_world (&front, 420, 290, 7), qr_vec3 (10, 7, 5));
  assert_vec3_exact (qr_ortho_view_screen_to_world (&side, 420, 290, 7), qr_vec3 (7, 10, 5));
  assert_vec3_exact (qr_ortho_view_screen_to_world (&front, 0, 0, 0), qr_vec3 (-200, 0, 150));

  /* Centre (100, -50), zoom 1/2, 640 × 480: the origin is 100 units left
   * and 50 up of the centre, 50 px and 25 px: (320 - 50, 240 - 25). */
  check_screen (&moved, qr_vec3 (0, 0, 0), 270, 215);
  check_screen (&moved, qr_vec3 (164, -18, 0), 352, 224);
  assert_vec3_exact (qr_ortho_view_get_center (&moved, 9), qr_vec3 (100, -50, 9));

  for (int i = 0; i < 1000; i++)
    {
      QrOrthoAxis axis = g_rand_int_range (rand, 0, 3);
      QrOrthoView view = make_view (axis, g_rand_int_range (rand, 1, 3000), g_rand_int_range (rand, 1, 2000),
                                    qr_vec3 (g_rand_double_range (rand, -70000, 70000),
                                             g_rand_double_range (rand, -70000, 70000),
                                             g_rand_double_range (rand, -70000, 70000)),
                                    g_rand_int_range (rand, QR_ORTHO_ZOOM_LEVEL_MIN, QR_ORTHO_ZOOM_LEVEL_MAX + 1));
      const QrOrthoAxes *ax = qr_ortho_axis_get_axes (axis);
      QrVec3 p = qr_vec3 (g_rand_double_range (rand, -70000, 70000),
                          g_rand_double_range (rand, -70000, 70000),
                          g_rand_double_range (rand, -70000, 70000));
      double sx, sy, sx2, sy2;
      QrVec3 back;

      qr_ortho_view_world_to_screen (&view, p, &sx, &sy);
      back = qr_ortho_view_screen_to_world (&view, sx, sy, qr_vec3_get (p, ax->depth));
      assert_vec3_near (back, p, 1e-9);
      qr_ortho_view_world_to_screen (&view, back, &sx2, &sy2);
      g_assert_cmpfloat_with_epsilon (sx2, sx, 1e-6);
      g_assert_cmpfloat_with_epsilon (sy2, sy, 1e-6);
    }
}

static QrOrthoView
random_view (GRand *rand)
{
  return make_view (g_rand_int_range (rand, 0, 3),
                    g_rand_int_range (rand, 50, 2000), g_rand_int_range (rand, 50, 2000),
                    qr_vec3 (g_rand_double_range (rand, -65536, 65536),
                             g_rand_double_range (rand, -65536, 65536),
                             g_rand_double_range (rand, -65536, 65536)),
                    g_rand_int_range (rand, QR_ORTHO_ZOOM_LEVEL_MIN, QR_ORTHO_ZOOM_LEVEL_MAX + 1));
}

static double
random_cursor (GRand *rand, int size)
{
  /* Whole pixels, half pixels (the centre) and fractions (HiDPI). */
  switch (g_rand_int_range (rand, 0, 3))
    {
    case 0:
      return g_rand_int_range (rand, 0, size + 1);
    case 1:
      return g_rand_int_range (rand, 0, 2 * size + 1) / 2.0;
    default:
      return g_rand_double_range (rand, 0, size);
    }
}

static void
assert_view_identical (const QrOrthoView *got, const QrOrthoView *want)
{
  qr_test_assert_exact (got->center_h, want->center_h);
  qr_test_assert_exact (got->center_v, want->center_v);
  qr_test_assert_exact (qr_ortho_view_get_zoom (got), qr_ortho_view_get_zoom (want));
  g_assert_cmpint (got->zoom_level, ==, want->zoom_level);
  g_assert_true (qr_ortho_view_equal (got, want));
}

static void
test_ortho_zoom_reversible (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);

  for (int i = 0; i < 10000; i++)
    {
      QrOrthoView start = random_view (rand);
      QrOrthoView view;
      double sx = random_cursor (rand, start.width);
      double sy = random_cursor (rand, start.height);
      int n = g_rand_int_range (rand, 1, 17);
      int dir = g_rand_boolean (rand) ? 1 : -1;

      /* Leave room for n steps so that every one of them happens. */
      if (dir > 0 && start.zoom_level + n > QR_ORTHO_ZOOM_LEVEL_MAX)
        qr_ortho_view_set_zoom_level (&start, QR_ORTHO_ZOOM_LEVEL_MAX - n);
      if (dir < 0 && start.zoom_level - n < QR_ORTHO_ZOOM_LEVEL_MIN)
        qr_ortho_view_set_zoom_level (&start, QR_ORTHO_ZOOM_LEVEL_MIN + n);
      view = start;

      for (int k = 0; k < n; k++)
        g_assert_true (qr_ortho_view_zoom_at (&view, sx, sy, dir));
      g_assert_cmpint (view.zoom_level, ==, start.zoom_level + dir * n);
      g_assert_false (qr_ortho_view_equal (&view, &start));
      for (int k = 0; k < n; k++)
        g_assert_true (qr_ortho_view_zoom_at (&view, sx, sy, -dir));
      assert_view_identical (&view, &start);

      /* Any walk that comes back to the starting level, in single steps or
       * several notches at once, comes back to the same view. */
      {
        int level = start.zoom_level;

        for (int k = 0; k < 12; k++)
          {
            int steps = g_rand_int_range (rand, -3, 4);
            int to = CLAMP (level + steps, QR_ORTHO_ZOOM_LEVEL_MIN, QR_ORTHO_ZOOM_LEVEL_MAX);

            g_assert_true (qr_ortho_view_zoom_at (&view, sx, sy, steps) == (to != level));
            level = to;
          }
        if (level != start.zoom_level)
          g_assert_true (qr_ortho_view_zoom_at (&view, sx, sy, start.zoom_level - level));
        assert_view_identical (&view, &start);
      }
    }
}

static void
test_ortho_zoom_keeps_cursor (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2);

  for (int i = 0; i < 2000; i++)
    {
      QrOrthoView view = random_view (rand);
      double sx = random_cursor (rand, view.width);
      double sy = random_cursor (rand, view.height);
      QrVec3 under = qr_ortho_view_screen_to_world (&view, sx, sy, 0);

      for (int k = 0; k < 10; k++)
        {
          int steps = g_rand_boolean (rand) ? 1 : -1;
          QrVec3 now;

          if (!qr_ortho_view_zoom_at (&view, sx, sy, steps))
            {
              /* Only at the ends of the range. */
              g_assert_true (view.zoom_level == QR_ORTHO_ZOOM_LEVEL_MIN || view.zoom_level == QR_ORTHO_ZOOM_LEVEL_MAX);
              continue;
            }
          now = qr_ortho_view_screen_to_world (&view, sx, sy, 0);
          assert_vec3_near (now, under, 1e-9);
          under = now;
          /* The centre stays on the lattice. */
          qr_test_assert_exact (round (view.center_h / QR_ORTHO_QUANTUM) * QR_ORTHO_QUANTUM, view.center_h);
          qr_test_assert_exact (round (view.center_v / QR_ORTHO_QUANTUM) * QR_ORTHO_QUANTUM, view.center_v);
        }
    }

  /* Zooming at the viewport centre keeps the centre exactly. */
  {
    QrOrthoView view = make_view (QR_ORTHO_AXIS_FRONT, 800, 600, qr_vec3 (123.5, 0, -77.25), 0);

    g_assert_true (qr_ortho_view_zoom_at (&view, 400, 300, 3));
    qr_test_assert_exact (view.center_h, 123.5);
    qr_test_assert_exact (view.center_v, -77.25);
  }

  /* At the corner pixel (0, 0) of a top view at zoom 1 around the origin
   * the world point is (-400, 300); zooming in four levels (zoom 2) keeps
   * it there, so the centre moves halfway to it. */
  {
    QrOrthoView view = make_view (QR_ORTHO_AXIS_TOP, 800, 600, qr_vec3 (0, 0, 0), 0);

    g_assert_true (qr_ortho_view_zoom_at (&view, 0, 0, 4));
    qr_test_assert_exact (view.center_h, -200.0);
    qr_test_assert_exact (view.center_v, 150.0);
    qr_test_assert_exact (qr_ortho_view_get_zoom (&view), 2.0);
  }
}

static void
test_ortho_zoom_limits (void)
{
  QrOrthoView view = make_view (QR_ORTHO_AXIS_TOP, 800, 600, qr_vec3 (5, 5, 0), QR_ORTHO_ZOOM_LEVEL_MAX);
  QrOrthoView before = view;

  g_assert_false (qr_ortho_view_zoom_at (&view, 100, 100, 1));
  assert_view_identical (&view, &before);

  qr_ortho_view_set_zoom_level (&view, QR_ORTHO_ZOOM_LEVEL_MIN);
  before = view;
  g_assert_false (qr_ortho_view_zoom_at (&view, 100, 100, -1));
  assert_view_identical (&view, &before);

  /* Many notches at once stop at the end of the range. */
  g_assert_true (qr_ortho_view_zoom_at (&view, 400, 300, 1000));
  g_assert_cmpint (view.zoom_level, ==, QR_ORTHO_ZOOM_LEVEL_MAX);

  /* A cursor outside the viewport counts as on its edge. */
  {
    QrOrthoView a = make_view (QR_ORTHO_AXIS_SIDE, 800, 600, qr_vec3 (0, 10, 20), 0);
    QrOrthoView b = a;

    g_assert_true (qr_ortho_view_zoom_at (&a, -50, 900, 2));
    g_assert_true (qr_ortho_view_zoom_at (&b, 0, 600, 2));
    assert_view_identical (&a, &b);
  }

  /* Sizes are clamped. */
  qr_ortho_view_set_size (&view, 0, 100000);
  g_assert_cmpint (view.width, ==, 1);
  g_assert_cmpint (view.height, ==, QR_ORTHO_VIEWPORT_MAX);
}

static void
test_ortho_pan (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  QrOrthoView view = make_view (QR_ORTHO_AXIS_TOP, 800, 600, qr_vec3 (0, 0, 0), 4);

  /* The content follows the pointer: 20 px right and 10 px down at zoom 2
   * shows what was 10 units left and 5 units up of the old centre. */
  qr_ortho_view_pan (&view, 20, 10);
  qr_test_assert_exact (view.center_h, -10.0);
  qr_test_assert_exact (view.center_v, 5.0);

  for (int i = 0; i < 2000; i++)
    {
      QrOrthoView start = random_view (rand);
      QrOrthoView v = start;
      double dx = g_rand_double_range (rand, -500, 500);
      double dy = g_rand_double_range (rand, -500, 500);
      double x = random_cursor (rand, v.width), y = random_cursor (rand, v.height);
      QrVec3 grabbed = qr_ortho_view_screen_to_world (&v, x, y, 0);

      qr_ortho_view_pan (&v, dx, dy);
      assert_vec3_near (qr_ortho_view_screen_to_world (&v, x + dx, y + dy, 0), grabbed, 1e-9);
      qr_ortho_view_pan (&v, -dx, -dy);
      assert_view_identical (&v, &start);
    }

  /* The centre stops at the limit. */
  view = make_view (QR_ORTHO_AXIS_TOP, 800, 600, qr_vec3 (0, 0, 0), QR_ORTHO_ZOOM_LEVEL_MIN);
  qr_ortho_view_pan (&view, -1e9, 1e9);
  qr_test_assert_exact (view.center_h, QR_ORTHO_CENTER_LIMIT);
  qr_test_assert_exact (view.center_v, QR_ORTHO_CENTER_LIMIT);
}

static void
assert_box_inside (const QrOrthoView *view, QrBounds box, double margin)
{
  for (int c = 0; c < 8; c++)
    {
      QrVec3 corner = qr_vec3 (c & 1 ? box.max.x : box.min.x,
                               c & 2 ? box.max.y : box.min.y,
                               c & 4 ? box.max.z : box.min.z);
      double sx, sy;

      qr_ortho_view_world_to_screen (view, corner, &sx, &sy);
      g_assert_cmpfloat (sx, >=, margin - 1e-6);
      g_assert_cmpfloat (sx, <=, view->width - margin + 1e-6);
      g_assert_cmpfloat (sy, >=, margin - 1e-6);
      g_assert_cmpfloat (sy, <=, view->height - margin + 1e-6);
    }
}

static bool
box_inside (const QrOrthoView *view, QrBounds box, double margin)
{
  for (int c = 0; c < 8; c++)
    {
      QrVec3 corner = qr_vec3 (c & 1 ? box.max.x : box.min.x,
                               c & 2 ? box.max.y : box.min.y,
                               c & 4 ? box.max.z : box.min.z);
      double sx, sy;

      qr_ortho_view_world_to_screen (view, corner, &sx, &sy);
      if (sx < margin - 1e-6 || sx > view->width - margin + 1e-6
          || sy < margin - 1e-6 || sy > view->height - margin + 1e-6)
        return false;
    }
  return true;
}

static void
test_ortho_fit (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4);
  QrBounds box = { { -100, -50, -10 }, { 300, 150, 20 } };
  QrOrthoView view = make_view (QR_ORTHO_AXIS_TOP, 800, 600, qr_vec3 (5000, 5000, 0), 20);

  /* 400 × 200 units into 760 × 560 px: at most 1.9 px per unit, so level 3
   * (2^0.75 = 1.68); level 4 (2.0) would be too close. */
  g_assert_true (qr_ortho_view_fit (&view, box, 20));
  g_assert_cmpint (view.zoom_level, ==, 3);
  qr_test_assert_exact (view.center_h, 100.0);
  qr_test_assert_exact (view.center_v, 50.0);
  assert_box_inside (&view, box, 20);

  /* Front: 400 wide, 30 high; side: 200 wide, 30 high. */
  view = make_view (QR_ORTHO_AXIS_FRONT, 800, 600, qr_vec3 (0, 0, 0), 0);
  g_assert_true (qr_ortho_view_fit (&view, box, 20));
  g_assert_cmpint (view.zoom_level, ==, 3);
  qr_test_assert_exact (view.center_v, 5.0);
  view = make_view (QR_ORTHO_AXIS_SIDE, 800, 600, qr_vec3 (0, 0, 0), 0);
  g_assert_true (qr_ortho_view_fit (&view, box, 20));
  /* 760 / 200 = 3.8: level 7 (3.36); level 8 is 4. */
  g_assert_cmpint (view.zoom_level, ==, 7);
  qr_test_assert_exact (view.center_h, 50.0);

  for (int i = 0; i < 2000; i++)
    {
      QrVec3 a = qr_vec3 (g_rand_double_range (rand, -30000, 30000), g_rand_double_range (rand, -30000, 30000),
                          g_rand_double_range (rand, -30000, 30000));
      QrVec3 size = qr_vec3 (g_rand_double_range (rand, 1, 20000), g_rand_double_range (rand, 1, 20000),
                             g_rand_double_range (rand, 1, 20000));
      QrBounds b = { a, qr_vec3_add (a, size) };
      double margin = g_rand_double_range (rand, 0, 40);
      QrOrthoView v = random_view (rand);
      QrOrthoView closer;

      /* Room for 20000 units even at the smallest zoom (78 px). */
      qr_ortho_view_set_size (&v, g_rand_int_range (rand, 200, 2000), g_rand_int_range (rand, 200, 2000));
      g_assert_true (qr_ortho_view_fit (&v, b, margin));
      assert_box_inside (&v, b, margin);
      /* The largest such level: one more is too close. */
      if (v.zoom_level < QR_ORTHO_ZOOM_LEVEL_MAX)
        {
          closer = v;
          qr_ortho_view_set_zoom_level (&closer, v.zoom_level + 1);
          g_assert_false (box_inside (&closer, b, margin));
        }
    }

  /* A point keeps the zoom; an empty box or no room fails untouched. */
  view = make_view (QR_ORTHO_AXIS_TOP, 800, 600, qr_vec3 (0, 0, 0), 6);
  g_assert_true (qr_ortho_view_fit (&view, (QrBounds) { { 8, 16, 0 }, { 8, 16, 0 } }, 10));
  g_assert_cmpint (view.zoom_level, ==, 6);
  qr_test_assert_exact (view.center_h, 8.0);
  qr_test_assert_exact (view.center_v, 16.0);
  {
    QrOrthoView before = view;

    g_assert_false (qr_ortho_view_fit (&view, qr_bounds_empty (), 10));
    g_assert_false (qr_ortho_view_fit (&view, box, 300));
    assert_view_identical (&view, &before);
  }
}

static void
check_lines_cover (const QrOrthoView *view, QrOrthoScreenAxis axis, const QrGridLines *lines)
{
  double min_h, max_h, min_v, max_v, lo, hi, last;

  qr_ortho_view_get_visible (view, &min_h, &max_h, &min_v, &max_v);
  lo = axis == QR_ORTHO_SCREEN_X ? min_h : min_v;
  hi = axis == QR_ORTHO_SCREEN_X ? max_h : max_v;
  if (lines->count == 0)
    {
      /* Lines wider apart than the view: none may fall in it. */
      g_assert_cmpfloat (lines->spacing_px, >, axis == QR_ORTHO_SCREEN_X ? view->width : view->height);
      g_assert_cmpfloat (floor (hi / lines->step), <, ceil (lo / lines->step));
      return;
    }
  last = qr_grid_lines_coord (lines, lines->count - 1);
  qr_test_assert_exact (lines->first, qr_grid_lines_coord (lines, 0));
  g_assert_cmpfloat (lines->first, >=, lo);
  g_assert_cmpfloat (lines->first - lines->step, <, lo);
  g_assert_cmpfloat (last, <=, hi);
  g_assert_cmpfloat (last + lines->step, >, hi);
}

static void
test_ortho_grid (void)
{
  QrOrthoView view = make_view (QR_ORTHO_AXIS_TOP, 800, 600, qr_vec3 (0, 0, 0), 0);
  QrGridLines fine, coarse, bold;

  /* Zoom 1, grid 16: visible x -400..400, lines at -400, -384, …, 400. */
  qr_ortho_view_grid_lines (&view, QR_ORTHO_SCREEN_X, 16, QR_GRID_FINE, 4, &fine);
  g_assert_false (fine.hidden);
  qr_test_assert_exact (fine.step, 16);
  qr_test_assert_exact (fine.spacing_px, 16);
  g_assert_cmpint (fine.first_index, ==, -25);
  qr_test_assert_exact (fine.first, -400);
  g_assert_cmpint (fine.count, ==, 51);
  check_lines_cover (&view, QR_ORTHO_SCREEN_X, &fine);

  /* y -300..300: -288 (index -18) to 288. */
  qr_ortho_view_grid_lines (&view, QR_ORTHO_SCREEN_Y, 16, QR_GRID_FINE, 4, &fine);
  g_assert_cmpint (fine.first_index, ==, -18);
  qr_test_assert_exact (fine.first, -288);
  g_assert_cmpint (fine.count, ==, 37);

  /* Coarse every 8 fine lines: 128 units, -384 .. 384. */
  qr_ortho_view_grid_lines (&view, QR_ORTHO_SCREEN_X, 16, QR_GRID_COARSE, 4, &coarse);
  g_assert_false (coarse.hidden);
  qr_test_assert_exact (coarse.step, 128);
  g_assert_cmpint (coarse.first_index, ==, -3);
  qr_test_assert_exact (coarse.first, -384);
  g_assert_cmpint (coarse.count, ==, 7);

  /* Bold every 1024 units: only x = 0 is in view. */
  qr_ortho_view_grid_lines (&view, QR_ORTHO_SCREEN_X, 16, QR_GRID_BOLD, 4, &bold);
  g_assert_false (bold.hidden);
  qr_test_assert_exact (bold.step, 1024);
  g_assert_cmpint (bold.first_index, ==, 0);
  qr_test_assert_exact (bold.first, 0);
  g_assert_cmpint (bold.count, ==, 1);

  /* Zoom 1/4, grid 8: fine lines 2 px apart are hidden, coarse (64 units,
   * 16 px) and bold (256 px) are drawn. */
  qr_ortho_view_set_zoom_level (&view, -8);
  qr_ortho_view_grid_lines (&view, QR_ORTHO_SCREEN_X, 8, QR_GRID_FINE, 4, &fine);
  g_assert_true (fine.hidden);
  g_assert_cmpint (fine.count, ==, 0);
  qr_test_assert_exact (fine.spacing_px, 2);
  qr_ortho_view_grid_lines (&view, QR_ORTHO_SCREEN_X, 8, QR_GRID_COARSE, 4, &coarse);
  g_assert_false (coarse.hidden);
  qr_test_assert_exact (coarse.spacing_px, 16);
  /* Visible x -1600..1600: coarse -1600 (index -25) .. 1600. */
  g_assert_cmpint (coarse.first_index, ==, -25);
  g_assert_cmpint (coarse.count, ==, 51);
  qr_ortho_view_grid_lines (&view, QR_ORTHO_SCREEN_X, 8, QR_GRID_BOLD, 4, &bold);
  g_assert_false (bold.hidden);
  /* -1024, 0, 1024. */
  g_assert_cmpint (bold.first_index, ==, -1);
  g_assert_cmpint (bold.count, ==, 3);

  /* Exactly the minimum spacing is drawn; just below it is hidden. */
  qr_ortho_view_grid_lines (&view, QR_ORTHO_SCREEN_X, 8, QR_GRID_FINE, 2, &fine);
  g_assert_false (fine.hidden);
  qr_ortho_view_grid_lines (&view, QR_ORTHO_SCREEN_X, 8, QR_GRID_FINE, 2.001, &fine);
  g_assert_true (fine.hidden);

  /* Fully zoomed out (1/256 px per unit) with grid 1: fine (1/256 px) and
   * coarse (1/32 px) hidden, bold 4 px apart drawn at 4 px, hidden at 8. */
  qr_ortho_view_set_zoom_level (&view, QR_ORTHO_ZOOM_LEVEL_MIN);
  qr_ortho_view_grid_lines (&view, QR_ORTHO_SCREEN_Y, 1, QR_GRID_FINE, 4, &fine);
  qr_ortho_view_grid_lines (&view, QR_ORTHO_SCREEN_Y, 1, QR_GRID_COARSE, 4, &coarse);
  qr_ortho_view_grid_lines (&view, QR_ORTHO_SCREEN_Y, 1, QR_GRID_BOLD, 4, &bold);
  g_assert_true (fine.hidden);
  g_assert_true (coarse.hidden);
  g_assert_false (bold.hidden);
  /* y -76800..76800: bold at -75 × 1024 .. 75 × 1024. */
  g_assert_cmpint (bold.first_index, ==, -75);
  g_assert_cmpint (bold.count, ==, 151);
  qr_ortho_view_grid_lines (&view, QR_ORTHO_SCREEN_Y, 1, QR_GRID_BOLD, 8, &bold);
  g_assert_true (bold.hidden);

  /* Grid 1024: coarse lines are 8192 apart. */
  qr_ortho_view_grid_lines (&view, QR_ORTHO_SCREEN_X, 1024, QR_GRID_COARSE, 4, &coarse);
  qr_test_assert_exact (coarse.step, 8192);
  g_assert_false (coarse.hidden);

  /* Anywhere, at any zoom and grid: the lines cover the view, and each
   * coarse line is a fine line whose index is a multiple of 8. */
  {
    g_autoptr(GRand) rand = g_rand_new_with_seed (6);

    for (int i = 0; i < 2000; i++)
      {
        QrOrthoView v = random_view (rand);
        int grid = 1 << g_rand_int_range (rand, 0, 11);
        QrOrthoScreenAxis axis = g_rand_int_range (rand, 0, 2);

        qr_ortho_view_grid_lines (&v, axis, grid, QR_GRID_FINE, 1, &fine);
        qr_ortho_view_grid_lines (&v, axis, grid, QR_GRID_COARSE, 1, &coarse);
        g_assert_true (fine.hidden == (grid * qr_ortho_view_get_zoom (&v) < 1));
        if (!fine.hidden)
          {
            check_lines_cover (&v, axis, &fine);
            g_assert_cmpint (fine.count, <=, (axis == QR_ORTHO_SCREEN_X ? v.width : v.height) + 1);
          }
        if (!coarse.hidden && coarse.count > 0)
          {
            double c = coarse.first;
            double as_fine = c / grid;

            check_lines_cover (&v, axis, &coarse);
            qr_test_assert_exact (as_fine, round (as_fine));
            g_assert_cmpint ((int64_t) as_fine % 8, ==, 0);
          }
      }
  }
}

static void
test_ortho_snap (void)
{
  QrOrthoView top = make_view (QR_ORTHO_AXIS_TOP, 800, 600, qr_vec3 (0, 0, 0), 0);
  QrOrthoView front = make_view (QR_ORTHO_AXIS_FRONT, 800, 600, qr_vec3 (0, 0, 0), 0);
  QrOrthoView side = make_view (QR_ORTHO_AXIS_SIDE, 800, 600, qr_vec3 (0, 0, 0), 0);

  qr_test_assert_exact (qr_grid_snap (13, 8), 16);
  qr_test_assert_exact (qr_grid_snap (11.99, 8), 8);
  qr_test_assert_exact (qr_grid_snap (12, 8), 16);
  qr_test_assert_exact (qr_grid_snap (-12, 8), -16);
  qr_test_assert_exact (qr_grid_snap (-3, 8), 0);
  qr_test_assert_exact (qr_grid_snap (1000.4, 1), 1000);
  qr_test_assert_exact (qr_grid_snap (1600, 1024), 2048);
  qr_test_assert_exact (qr_grid_snap (1500, 1024), 1024);

  /* Only the two coordinates the view shows. */
  assert_vec3_exact (qr_ortho_view_snap (&top, qr_vec3 (13, -13, 7.3), 8), qr_vec3 (16, -16, 7.3));
  assert_vec3_exact (qr_ortho_view_snap (&front, qr_vec3 (13, 7.3, -13), 8), qr_vec3 (16, 7.3, -16));
  assert_vec3_exact (qr_ortho_view_snap (&side, qr_vec3 (7.3, 13, 3), 4), qr_vec3 (7.3, 12, 4));

  /* The point under a pixel, snapped, lands on a grid line's pixel. */
  {
    QrVec3 p = qr_ortho_view_snap (&top, qr_ortho_view_screen_to_world (&top, 437.3, 211.8, 0), 16);
    double sx, sy;

    assert_vec3_exact (p, qr_vec3 (32, 96, 0));
    qr_ortho_view_world_to_screen (&top, p, &sx, &sy);
    qr_test_assert_exact (sx, 432);
    qr_test_assert_exact (sy, 204);
  }
}

/* ----------------------------------------------------------------- camera */

static QrCamera
make_camera (QrVec3 position, double yaw, double pitch)
{
  QrCamera cam;

  qr_camera_init (&cam);
  cam.position = position;
  qr_camera_set_angles (&cam, yaw, pitch, 0);
  return cam;
}

static QrCamera
random_camera (GRand *rand)
{
  QrCamera cam = make_camera (qr_vec3 (g_rand_double_range (rand, -4096, 4096),
                                       g_rand_double_range (rand, -4096, 4096),
                                       g_rand_double_range (rand, -4096, 4096)),
                              g_rand_double_range (rand, -720, 720),
                              g_rand_double_range (rand, -89, 89));

  cam.fov_y = g_rand_double_range (rand, 30, 120);
  cam.z_near = g_rand_double_range (rand, 0.5, 8);
  return cam;
}

static void
test_camera_basis (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  QrCamera cam;
  QrVec3 n, u, v;

  /* Yaw 0, pitch 0: forward +X, left +Y, up +Z, exactly. */
  qr_camera_init (&cam);
  qr_camera_get_basis (&cam, &n, &u, &v);
  assert_vec3_exact (n, qr_vec3 (1, 0, 0));
  assert_vec3_exact (u, qr_vec3 (0, 1, 0));
  assert_vec3_exact (v, qr_vec3 (0, 0, 1));

  /* Yaw turns anticlockwise seen from above. */
  cam = make_camera (qr_vec3 (0, 0, 0), 90, 0);
  qr_camera_get_basis (&cam, &n, &u, &v);
  assert_vec3_exact (n, qr_vec3 (0, 1, 0));
  assert_vec3_exact (u, qr_vec3 (-1, 0, 0));

  for (int i = 0; i < 1000; i++)
    {
      cam = random_camera (rand);
      qr_camera_set_angles (&cam, cam.yaw, cam.pitch, g_rand_double_range (rand, -360, 360));
      qr_camera_get_basis (&cam, &n, &u, &v);
      g_assert_cmpfloat_with_epsilon (qr_vec3_length (n), 1, 1e-12);
      g_assert_cmpfloat_with_epsilon (qr_vec3_length (u), 1, 1e-12);
      g_assert_cmpfloat_with_epsilon (qr_vec3_length (v), 1, 1e-12);
      g_assert_cmpfloat_with_epsilon (qr_vec3_dot (n, u), 0, 1e-12);
      g_assert_cmpfloat_with_epsilon (qr_vec3_dot (n, v), 0, 1e-12);
      g_assert_cmpfloat_with_epsilon (qr_vec3_dot (u, v), 0, 1e-12);
      /* Right-handed (n, u, v), as the report's Figure 3.11. */
      assert_vec3_near (qr_vec3_cross (n, u), v, 1e-12);
      g_assert_cmpfloat_with_epsilon (n.z, sin (cam.pitch * G_PI / 180), 1e-12);
    }
}

static void
test_camera_move (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (8);
  QrCamera cam = make_camera (qr_vec3 (100, 200, 300), 0, 0);

  /* Forward is +X at yaw 0, pitch 0: exactly d along it. */
  qr_camera_act (&cam, QR_CAMERA_MOVE_FORWARD, 64);
  assert_vec3_exact (cam.position, qr_vec3 (164, 200, 300));
  qr_camera_act (&cam, QR_CAMERA_MOVE_BACKWARD, 16);
  assert_vec3_exact (cam.position, qr_vec3 (148, 200, 300));
  qr_camera_act (&cam, QR_CAMERA_STRAFE_LEFT, 10);
  assert_vec3_exact (cam.position, qr_vec3 (148, 210, 300));
  qr_camera_act (&cam, QR_CAMERA_STRAFE_RIGHT, 30);
  assert_vec3_exact (cam.position, qr_vec3 (148, 180, 300));
  qr_camera_act (&cam, QR_CAMERA_MOVE_UP, 8);
  assert_vec3_exact (cam.position, qr_vec3 (148, 180, 308));
  qr_camera_act (&cam, QR_CAMERA_MOVE_DOWN, 9);
  assert_vec3_exact (cam.position, qr_vec3 (148, 180, 299));

  /* Quarter turns are exact too. */
  cam = make_camera (qr_vec3 (100, 200, 300), 90, 0);
  qr_camera_act (&cam, QR_CAMERA_MOVE_FORWARD, 64);
  assert_vec3_exact (cam.position, qr_vec3 (100, 264, 300));
  cam = make_camera (qr_vec3 (100, 200, 300), 180, 0);
  qr_camera_act (&cam, QR_CAMERA_STRAFE_LEFT, 5);
  assert_vec3_exact (cam.position, qr_vec3 (100, 195, 300));

  for (int i = 0; i < 1000; i++)
    {
      QrVec3 n, start;
      double d = g_rand_double_range (rand, -1000, 1000);

      cam = random_camera (rand);
      start = cam.position;
      qr_camera_get_basis (&cam, &n, NULL, NULL);
      qr_camera_act (&cam, QR_CAMERA_MOVE_FORWARD, d);
      assert_vec3_near (cam.position, qr_vec3_mad (start, n, d), 1e-9);
      g_assert_cmpfloat_with_epsilon (qr_vec3_dist (cam.position, start), fabs (d), 1e-9);
    }
}

static void
test_camera_turn_level (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);

  for (int i = 0; i < 1000; i++)
    {
      QrCamera cam = random_camera (rand);
      double pitch = cam.pitch;

      for (int k = 0; k < 20; k++)
        {
          QrVec3 n0, n, u, v;

          qr_camera_get_basis (&cam, &n0, NULL, NULL);
          qr_camera_act (&cam, g_rand_boolean (rand) ? QR_CAMERA_TURN_LEFT : QR_CAMERA_TURN_RIGHT,
                         g_rand_double_range (rand, 0, 200));
          qr_camera_get_basis (&cam, &n, &u, &v);
          /* The horizon stays level: the left (and right) vector is
           * horizontal, up keeps pointing up, the height of the gaze is
           * unchanged — a rotation about world Z. */
          qr_test_assert_exact (u.z, 0.0);
          g_assert_cmpfloat (v.z, >, 0.0);
          qr_test_assert_exact (cam.pitch, pitch);
          g_assert_cmpfloat_with_epsilon (n.z, n0.z, 1e-15);
          g_assert_cmpfloat (cam.yaw, >=, 0.0);
          g_assert_cmpfloat (cam.yaw, <, 360.0);
        }
    }

  /* Turn left from +X: the camera looks along +Y, then right twice: -Y. */
  {
    QrCamera cam = make_camera (qr_vec3 (0, 0, 0), 0, 30);
    QrVec3 n;

    qr_camera_act (&cam, QR_CAMERA_TURN_LEFT, 90);
    qr_camera_get_basis (&cam, &n, NULL, NULL);
    g_assert_cmpfloat_with_epsilon (n.x, 0, 1e-15);
    g_assert_cmpfloat (n.y, >, 0.8);
    qr_camera_act (&cam, QR_CAMERA_TURN_RIGHT, 180);
    qr_test_assert_exact (cam.yaw, 270);
    qr_camera_get_basis (&cam, &n, NULL, NULL);
    g_assert_cmpfloat (n.y, <, -0.8);
  }
}

static void
test_camera_look_clamp (void)
{
  QrCamera cam = make_camera (qr_vec3 (0, 0, 0), 45, 0);
  QrVec3 n, u;

  /* Look Down is anticlockwise about u (left): the gaze tips down. */
  qr_camera_act (&cam, QR_CAMERA_LOOK_DOWN, 30);
  qr_test_assert_exact (cam.pitch, -30);
  qr_camera_get_basis (&cam, &n, &u, NULL);
  g_assert_cmpfloat_with_epsilon (n.z, -0.5, 1e-15);
  qr_test_assert_exact (u.z, 0);

  qr_camera_act (&cam, QR_CAMERA_LOOK_UP, 500);
  qr_test_assert_exact (cam.pitch, QR_CAMERA_PITCH_LIMIT);
  qr_camera_get_basis (&cam, &n, NULL, NULL);
  g_assert_cmpfloat_with_epsilon (n.z, sin (89 * G_PI / 180), 1e-15);
  g_assert_cmpfloat (hypot (n.x, n.y), >, 0.017);

  qr_camera_act (&cam, QR_CAMERA_LOOK_DOWN, 1000);
  qr_test_assert_exact (cam.pitch, -QR_CAMERA_PITCH_LIMIT);
  qr_camera_set_angles (&cam, 0, 95, 0);
  qr_test_assert_exact (cam.pitch, 89);
  qr_camera_set_angles (&cam, -90, -1e9, 0);
  qr_test_assert_exact (cam.pitch, -89);
  qr_test_assert_exact (cam.yaw, 270);

  /* Yaw is left alone at the clamp: turning still works there. */
  qr_camera_act (&cam, QR_CAMERA_TURN_LEFT, 90);
  qr_test_assert_exact (cam.yaw, 0);
}

static void
test_camera_twist (void)
{
  QrCamera cam = make_camera (qr_vec3 (0, 0, 0), 0, 0);
  QrVec3 n, u, v;

  /* Twist Left: anticlockwise about n turns u towards v. */
  qr_camera_act (&cam, QR_CAMERA_TWIST_LEFT, 90);
  qr_camera_get_basis (&cam, &n, &u, &v);
  assert_vec3_exact (n, qr_vec3 (1, 0, 0));
  assert_vec3_exact (u, qr_vec3 (0, 0, 1));
  assert_vec3_exact (v, qr_vec3 (0, -1, 0));
  qr_camera_act (&cam, QR_CAMERA_TWIST_RIGHT, 90);
  qr_camera_get_basis (&cam, &n, &u, &v);
  assert_vec3_exact (u, qr_vec3 (0, 1, 0));
  assert_vec3_exact (v, qr_vec3 (0, 0, 1));

  /* A twisted camera turns about world up: n stays at the same height. */
  qr_camera_set_angles (&cam, 10, 20, 30);
  qr_camera_get_basis (&cam, &n, NULL, NULL);
  {
    double nz = n.z;

    qr_camera_act (&cam, QR_CAMERA_TURN_LEFT, 77);
    qr_camera_get_basis (&cam, &n, &u, &v);
    g_assert_cmpfloat_with_epsilon (n.z, nz, 1e-15);
    qr_test_assert_exact (cam.twist, 30);
  }
}

static void
test_camera_actions (void)
{
  static const QrCameraAction opposite[QR_CAMERA_N_ACTIONS] = {
    [QR_CAMERA_MOVE_FORWARD] = QR_CAMERA_MOVE_BACKWARD, [QR_CAMERA_MOVE_BACKWARD] = QR_CAMERA_MOVE_FORWARD,
    [QR_CAMERA_STRAFE_LEFT] = QR_CAMERA_STRAFE_RIGHT, [QR_CAMERA_STRAFE_RIGHT] = QR_CAMERA_STRAFE_LEFT,
    [QR_CAMERA_MOVE_UP] = QR_CAMERA_MOVE_DOWN, [QR_CAMERA_MOVE_DOWN] = QR_CAMERA_MOVE_UP,
    [QR_CAMERA_TWIST_LEFT] = QR_CAMERA_TWIST_RIGHT, [QR_CAMERA_TWIST_RIGHT] = QR_CAMERA_TWIST_LEFT,
    [QR_CAMERA_TURN_LEFT] = QR_CAMERA_TURN_RIGHT, [QR_CAMERA_TURN_RIGHT] = QR_CAMERA_TURN_LEFT,
    [QR_CAMERA_LOOK_DOWN] = QR_CAMERA_LOOK_UP, [QR_CAMERA_LOOK_UP] = QR_CAMERA_LOOK_DOWN,
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (10);

  /* Each of the twelve acts on its own primitive, and its partner undoes it. */
  for (int i = 0; i < 200; i++)
    for (QrCameraAction a = 0; a < QR_CAMERA_N_ACTIONS; a++)
      {
        QrCamera cam = random_camera (rand);
        QrCamera start;
        QrVec3 n, u, v, n1, u1, v1;
        double amount = g_rand_double_range (rand, 0.5, 20);

        qr_camera_set_angles (&cam, cam.yaw, CLAMP (cam.pitch, -60, 60), 0);
        start = cam;
        qr_camera_get_basis (&cam, &n, &u, &v);
        qr_camera_act (&cam, a, amount);
        qr_camera_get_basis (&cam, &n1, &u1, &v1);
        switch (a)
          {
          case QR_CAMERA_MOVE_FORWARD:
            assert_vec3_near (cam.position, qr_vec3_mad (start.position, n, amount), 1e-9);
            break;
          case QR_CAMERA_MOVE_BACKWARD:
            assert_vec3_near (cam.position, qr_vec3_mad (start.position, n, -amount), 1e-9);
            break;
          case QR_CAMERA_STRAFE_LEFT:
            assert_vec3_near (cam.position, qr_vec3_mad (start.position, u, amount), 1e-9);
            break;
          case QR_CAMERA_STRAFE_RIGHT:
            assert_vec3_near (cam.position, qr_vec3_mad (start.position, u, -amount), 1e-9);
            break;
          case QR_CAMERA_MOVE_UP:
            assert_vec3_near (cam.position, qr_vec3_mad (start.position, v, amount), 1e-9);
            break;
          case QR_CAMERA_MOVE_DOWN:
            assert_vec3_near (cam.position, qr_vec3_mad (start.position, v, -amount), 1e-9);
            break;
          case QR_CAMERA_TWIST_LEFT:
          case QR_CAMERA_TWIST_RIGHT:
            {
              /* Rotation about n: n fixed, u turned by the amount, towards
               * v for left (anticlockwise), away for right. */
              double s = a == QR_CAMERA_TWIST_LEFT ? 1 : -1;

              assert_vec3_near (n1, n, 1e-12);
              g_assert_cmpfloat_with_epsilon (qr_vec3_dot (u1, u), cos (amount * G_PI / 180), 1e-12);
              g_assert_cmpfloat_with_epsilon (qr_vec3_dot (u1, v), s * sin (amount * G_PI / 180), 1e-12);
            }
            break;
          case QR_CAMERA_TURN_LEFT:
          case QR_CAMERA_TURN_RIGHT:
            {
              /* Rotation about (0, 0, 1): anticlockwise seen from above for left. */
              double s = a == QR_CAMERA_TURN_LEFT ? 1 : -1;
              double turned = atan2 (n.x * n1.y - n.y * n1.x, n.x * n1.x + n.y * n1.y);

              g_assert_cmpfloat_with_epsilon (n1.z, n.z, 1e-12);
              g_assert_cmpfloat_with_epsilon (turned, s * amount * G_PI / 180, 1e-9);
              qr_test_assert_exact (u1.z, 0);
            }
            break;
          case QR_CAMERA_LOOK_DOWN:
          case QR_CAMERA_LOOK_UP:
            {
              /* Rotation about u: u fixed, n tipped towards -v for down. */
              double s = a == QR_CAMERA_LOOK_DOWN ? -1 : 1;

              assert_vec3_near (u1, u, 1e-12);
              g_assert_cmpfloat_with_epsilon (qr_vec3_dot (n1, v), s * sin (amount * G_PI / 180), 1e-12);
            }
            break;
          case QR_CAMERA_N_ACTIONS:
          default:
            g_assert_not_reached ();
          }

        qr_camera_act (&cam, opposite[a], amount);
        assert_vec3_near (cam.position, start.position, 1e-9);
        g_assert_cmpfloat_with_epsilon (cam.pitch, start.pitch, 1e-9);
        g_assert_cmpfloat_with_epsilon (fmod (cam.yaw - start.yaw + 540, 360), 180, 1e-9);
        g_assert_cmpfloat_with_epsilon (fmod (cam.twist - start.twist + 540, 360), 180, 1e-9);
      }
}

static void
test_camera_speed (void)
{
  QrCamera cam = make_camera (qr_vec3 (0, 0, 0), 0, 0);

  qr_test_assert_exact (qr_camera_get_speed_factor (&cam), 1);
  /* Held for half a second at 512 units per second. */
  qr_camera_step (&cam, QR_CAMERA_MOVE_FORWARD, 0.5);
  assert_vec3_exact (cam.position, qr_vec3 (256, 0, 0));

  qr_camera_scale_speed (&cam, 2);
  qr_test_assert_exact (qr_camera_get_speed_factor (&cam), 2);
  qr_camera_step (&cam, QR_CAMERA_MOVE_FORWARD, 0.5);
  assert_vec3_exact (cam.position, qr_vec3 (768, 0, 0));
  qr_camera_step (&cam, QR_CAMERA_TURN_LEFT, 0.25);
  qr_test_assert_exact (cam.yaw, 45);

  qr_camera_scale_speed (&cam, 1);
  g_assert_cmpfloat_with_epsilon (qr_camera_get_speed_factor (&cam), 2 * G_SQRT2, 1e-15);
  qr_camera_scale_speed (&cam, 100);
  qr_test_assert_exact (qr_camera_get_speed_factor (&cam), 16);
  qr_camera_scale_speed (&cam, -100);
  qr_test_assert_exact (qr_camera_get_speed_factor (&cam), 1.0 / 16);
}

static void
test_camera_view_matrix (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  QrCamera cam = make_camera (qr_vec3 (10, 20, 30), 0, 0);
  double m[16], out[4];

  /* Camera at (10, 20, 30) looking along +X: one unit ahead is eye -Z,
   * one unit to the left (+Y) is eye -X, one unit up is eye +Y. */
  qr_camera_view_matrix (&cam, m);
  qr_mat4_transform (m, 11, 20, 30, 1, out);
  g_assert_cmpfloat (fabs (out[0]) + fabs (out[1]) + fabs (out[2] + 1) + fabs (out[3] - 1), ==, 0);
  qr_mat4_transform (m, 10, 21, 30, 1, out);
  g_assert_cmpfloat (fabs (out[0] + 1) + fabs (out[1]) + fabs (out[2]) + fabs (out[3] - 1), ==, 0);
  qr_mat4_transform (m, 10, 20, 31, 1, out);
  g_assert_cmpfloat (fabs (out[0]) + fabs (out[1] - 1) + fabs (out[2]) + fabs (out[3] - 1), ==, 0);

  for (int i = 0; i < 1000; i++)
    {
      QrVec3 n, u, v;

      cam = random_camera (rand);
      qr_camera_set_angles (&cam, cam.yaw, cam.pitch, g_rand_double_range (rand, 0, 360));
      qr_camera_get_basis (&cam, &n, &u, &v);
      qr_camera_view_matrix (&cam, m);

      /* Position to the origin. */
      qr_mat4_transform (m, cam.position.x, cam.position.y, cam.position.z, 1, out);
      g_assert_cmpfloat (fabs (out[0]), <=, 1e-9);
      g_assert_cmpfloat (fabs (out[1]), <=, 1e-9);
      g_assert_cmpfloat (fabs (out[2]), <=, 1e-9);
      qr_test_assert_exact (out[3], 1);
      /* Forward to -Z, right (-u) to +X, up to +Y (GL eye space). */
      qr_mat4_transform (m, n.x, n.y, n.z, 0, out);
      assert_vec3_near (qr_vec3 (out[0], out[1], out[2]), qr_vec3 (0, 0, -1), 1e-12);
      qr_mat4_transform (m, -u.x, -u.y, -u.z, 0, out);
      assert_vec3_near (qr_vec3 (out[0], out[1], out[2]), qr_vec3 (1, 0, 0), 1e-12);
      qr_mat4_transform (m, v.x, v.y, v.z, 0, out);
      assert_vec3_near (qr_vec3 (out[0], out[1], out[2]), qr_vec3 (0, 1, 0), 1e-12);
      /* A point 5 units ahead lies at eye z -5. */
      {
        QrVec3 ahead = qr_vec3_mad (cam.position, n, 5);

        qr_mat4_transform (m, ahead.x, ahead.y, ahead.z, 1, out);
        g_assert_cmpfloat_with_epsilon (out[2], -5, 1e-9);
      }
    }
}

static void
test_camera_projection (void)
{
  QrCamera cam = make_camera (qr_vec3 (0, 0, 0), 0, 0);
  double p[16], out[4];

  /* fov 90: f = 1; aspect 2 halves x. */
  cam.z_near = 1;
  cam.z_far = 1000;
  qr_camera_projection_matrix (&cam, 2.0, p);
  g_assert_cmpfloat_with_epsilon (p[0], 0.5, 1e-15);
  g_assert_cmpfloat_with_epsilon (p[5], 1.0, 1e-15);
  qr_test_assert_exact (p[14], -1);
  qr_test_assert_exact (p[15], 0);

  /* Near plane to NDC z -1, far to +1. */
  qr_mat4_transform (p, 0, 0, -1, 1, out);
  g_assert_cmpfloat_with_epsilon (out[2] / out[3], -1, 1e-12);
  qr_mat4_transform (p, 0, 0, -1000, 1, out);
  g_assert_cmpfloat_with_epsilon (out[2] / out[3], 1, 1e-12);
  /* The top edge of the frustum at depth 10 is y = 10 (45°), the right
   * edge x = 20. */
  qr_mat4_transform (p, 20, 10, -10, 1, out);
  g_assert_cmpfloat_with_epsilon (out[0] / out[3], 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (out[1] / out[3], 1, 1e-12);

  /* Multiplying is in the documented order: (P V) x = P (V x). */
  {
    double v[16], pv[16], a[4], b[4];

    cam = make_camera (qr_vec3 (5, -7, 3), 33, -12);
    qr_camera_view_matrix (&cam, v);
    qr_mat4_multiply (p, v, pv);
    qr_mat4_transform (pv, 40, 2, 9, 1, a);
    qr_mat4_transform (v, 40, 2, 9, 1, b);
    qr_mat4_transform (p, b[0], b[1], b[2], b[3], b);
    for (int i = 0; i < 4; i++)
      g_assert_cmpfloat_with_epsilon (a[i], b[i], 1e-9);
  }
}

static void
test_camera_pick_centre (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (12);

  for (int i = 0; i < 1000; i++)
    {
      QrCamera cam = random_camera (rand);
      int w = g_rand_int_range (rand, 1, 3000), h = g_rand_int_range (rand, 1, 2000);
      QrVec3 n;
      QrRay ray;

      qr_camera_get_basis (&cam, &n, NULL, NULL);
      qr_camera_pick_ray (&cam, w / 2.0, h / 2.0, w, h, &ray);
      assert_vec3_near (ray.dir, n, 1e-15);
      assert_vec3_near (ray.origin, qr_vec3_mad (cam.position, n, cam.z_near), 1e-9);
    }

  /* Top-left corner of a 200 × 100 viewport, fov 90, near 1: the image
   * plane is 1 unit ahead, half-height 1, half-width 2; the corner's point
   * is 2 units left and 1 up. */
  {
    QrCamera cam = make_camera (qr_vec3 (0, 0, 0), 0, 0);
    QrRay ray;

    qr_camera_pick_ray (&cam, 0, 0, 200, 100, &ray);
    assert_vec3_near (ray.origin, qr_vec3 (1, 2, 1), 1e-15);
    assert_vec3_near (ray.dir, qr_vec3 (1 / sqrt (6), 2 / sqrt (6), 1 / sqrt (6)), 1e-15);
    qr_camera_pick_ray (&cam, 200, 100, 200, 100, &ray);
    assert_vec3_near (ray.origin, qr_vec3 (1, -2, -1), 1e-15);
  }
}

static void
test_camera_pick_matches_projection (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (13);

  /* A point on the pick ray through a pixel projects back onto that pixel:
   * picking and drawing agree. */
  for (int i = 0; i < 1000; i++)
    {
      QrCamera cam = random_camera (rand);
      int w = g_rand_int_range (rand, 100, 3000), h = g_rand_int_range (rand, 100, 2000);
      double x = g_rand_double_range (rand, 0, w), y = g_rand_double_range (rand, 0, h);
      double v[16], p[16], pv[16], clip[4];
      QrRay ray;
      QrVec3 q;

      qr_camera_set_angles (&cam, cam.yaw, cam.pitch, g_rand_double_range (rand, 0, 360));
      qr_camera_pick_ray (&cam, x, y, w, h, &ray);
      g_assert_cmpfloat_with_epsilon (qr_vec3_length (ray.dir), 1, 1e-15);
      q = qr_vec3_mad (ray.origin, ray.dir, g_rand_double_range (rand, 0, 1000));
      qr_camera_view_matrix (&cam, v);
      qr_camera_projection_matrix (&cam, (double) w / h, p);
      qr_mat4_multiply (p, v, pv);
      qr_mat4_transform (pv, q.x, q.y, q.z, 1, clip);
      g_assert_cmpfloat_with_epsilon ((clip[0] / clip[3] + 1) / 2 * w, x, 1e-6);
      g_assert_cmpfloat_with_epsilon ((1 - clip[1] / clip[3]) / 2 * h, y, 1e-6);
      /* On the near plane or beyond. */
      g_assert_cmpfloat (clip[2] / clip[3], >=, -1 - 1e-9);
    }
}

static QrPolytope *
build_box (QrPolyBuilder *builder, QrBounds box)
{
  QrPrimitiveSpec spec;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) brushes = NULL;
  GArray *points;

  qr_primitive_spec_init (&spec, QR_PRIMITIVE_BLOCK, box);
  brushes = qr_primitive_build (&spec, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (brushes->len, ==, 1);
  points = g_ptr_array_index (brushes, 0);
  return qr_polytope_build (builder, (const QrVec3 *) points->data, points->len / 3);
}

static void
test_pick_boxes (void)
{
  g_autoptr(QrPolyBuilder) builder = qr_poly_builder_new ();
  g_autoptr(QrPolytope) near_box = build_box (builder, (QrBounds) { { 100, -50, -50 }, { 200, 50, 50 } });
  g_autoptr(QrPolytope) far_box = build_box (builder, (QrBounds) { { 300, -500, -500 }, { 400, 500, 500 } });
  const QrPolytope *boxes[2] = { far_box, near_box };
  QrCamera cam = make_camera (qr_vec3 (0, 0, 0), 0, 0);
  QrRay ray;
  double t, best = INFINITY;
  int face = -1, best_box = -1;

  g_assert_cmpint (near_box->status, ==, QR_POLY_OK);
  g_assert_cmpint (far_box->status, ==, QR_POLY_OK);

  /* Through the centre: both boxes lie on the ray; the near one's x = 100
   * face is 99 beyond the image plane (near = 1), the far one's 299. */
  qr_camera_pick_ray (&cam, 400, 300, 800, 600, &ray);
  g_assert_true (qr_ray_hit_polytope (&ray, far_box, &t, &face));
  qr_test_assert_exact (t, 299);
  for (int b = 0; b < 2; b++)
    if (qr_ray_hit_polytope (&ray, boxes[b], &t, &face) && t < best)
      best = t, best_box = b;
  g_assert_cmpint (best_box, ==, 1);
  qr_test_assert_exact (best, 99);
  g_assert_true (qr_ray_hit_polytope (&ray, near_box, &t, &face));
  for (int k = 0; k < qr_polytope_face_count (near_box, face); k++)
    qr_test_assert_exact (near_box->verts[qr_polytope_face_indices (near_box, face)[k]].x, 100);

  /* Looking at (300, 0, 200): the ray passes over the near box and meets
   * the far box's front at that point, sqrt (300² + 200²) from the camera. */
  g_assert_true (qr_camera_look_at (&cam, qr_vec3 (300, 0, 200)));
  qr_camera_pick_ray (&cam, 400, 300, 800, 600, &ray);
  g_assert_false (qr_ray_hit_polytope (&ray, near_box, &t, &face));
  g_assert_true (qr_ray_hit_polytope (&ray, far_box, &t, &face));
  g_assert_cmpfloat_with_epsilon (t, sqrt (300.0 * 300 + 200 * 200) - 1, 1e-9);
  assert_vec3_near (qr_vec3_mad (ray.origin, ray.dir, t), qr_vec3 (300, 0, 200), 1e-9);

  /* An off-centre pixel that lands on the near box's top: from above. */
  cam = make_camera (qr_vec3 (150, 0, 400), 0, -89);
  qr_camera_pick_ray (&cam, 400, 300, 800, 600, &ray);
  g_assert_true (qr_ray_hit_polytope (&ray, near_box, &t, &face));
  g_assert_cmpfloat_with_epsilon (qr_vec3_mad (ray.origin, ray.dir, t).z, 50, 1e-9);

  /* From inside the near box its faces are seen from behind: the pick
   * goes through to the far box, as the report's front-of-plane test does. */
  cam = make_camera (qr_vec3 (150, 0, 0), 0, 0);
  qr_camera_pick_ray (&cam, 400, 300, 800, 600, &ray);
  g_assert_false (qr_ray_hit_polytope (&ray, near_box, &t, &face));
  g_assert_true (qr_ray_hit_polytope (&ray, far_box, &t, &face));
  qr_test_assert_exact (t, 149);

  /* Looking away: nothing. */
  qr_camera_act (&cam, QR_CAMERA_TURN_LEFT, 180);
  qr_camera_pick_ray (&cam, 400, 300, 800, 600, &ray);
  g_assert_false (qr_ray_hit_polytope (&ray, far_box, &t, &face));
}

/* ---- the camera's place: player starts and the design views' marker ---- */

/* Adds a point entity of `classname` with the keys given as pairs, NULL-ended. */
static void
add_point (QrMap *map, const char *classname, ...)
{
  QrEntity *entity = qr_entity_new (map->next_entity_id++);
  qr_entity_add_key (entity, "classname", classname);
  va_list ap;
  va_start (ap, classname);
  const char *key;
  while ((key = va_arg (ap, const char *)) != NULL)
    qr_entity_add_key (entity, key, va_arg (ap, const char *));
  va_end (ap);
  qr_map_add_entity (map, entity);
}

/* Tremulous maps (forlorn) have only team spawns, and some maps only an
 * intermission point: the camera still opens at a place a player sees,
 * a spawn before the intermission. */
static void
test_camera_team_spawns (void)
{
  g_autoptr (QrMap) trem = qr_map_new (QR_FILE_MAP);
  add_point (trem, "worldspawn", NULL);
  add_point (trem, "info_player_intermission", "origin", "0 0 512", NULL);
  add_point (trem, "team_alien_spawn", "origin", "256 128 32", NULL);
  g_assert_cmpstr (qr_entity_get_classname (qr_camera_find_player_start (trem)), ==, "team_alien_spawn");
  g_autoptr (QrMap) view = qr_map_new (QR_FILE_MAP);
  add_point (view, "worldspawn", NULL);
  add_point (view, "info_player_intermission", "origin", "0 0 512", NULL);
  g_assert_cmpstr (qr_entity_get_classname (qr_camera_find_player_start (view)), ==, "info_player_intermission");
}

static void
test_camera_player_start (void)
{
  /* No player start: the camera stays where it was. */
  g_autoptr (QrMap) none = qr_map_new (QR_FILE_MAP);
  add_point (none, "worldspawn", NULL);
  add_point (none, "light", "origin", "0 0 128", NULL);
  QrCamera cam;
  qr_camera_init (&cam);
  cam.position = qr_vec3 (1, 2, 3);
  g_assert_null (qr_camera_find_player_start (none));
  g_assert_false (qr_camera_place_at_player_start (&cam, none));
  g_assert_true (qr_vec3_equal (cam.position, qr_vec3 (1, 2, 3)));

  /* A deathmatch start before the single-player one: the single-player one
   * wins; Quake's eye is 22 above the origin, the yaw the "angle". */
  g_autoptr (QrMap) quake = qr_map_new (QR_FILE_MAP);
  add_point (quake, "worldspawn", NULL);
  add_point (quake, "info_player_deathmatch", "origin", "512 0 24", "angle", "180", NULL);
  add_point (quake, "info_player_start", "origin", "-160 -160 24", "angle", "45", NULL);
  g_assert_cmpstr (qr_entity_get_key (qr_camera_find_player_start (quake), "origin"), ==, "-160 -160 24");
  g_assert_true (qr_camera_place_at_player_start (&cam, quake));
  g_assert_true (qr_vec3_equal (cam.position, qr_vec3 (-160, -160, 46)));
  qr_test_assert_exact (cam.yaw, 45.0);
  qr_test_assert_exact (cam.pitch, 0.0);
  qr_test_assert_exact (cam.twist, 0.0);
  QrVec3 n;
  qr_camera_get_basis (&cam, &n, NULL, NULL);
  assert_vec3_near (n, qr_vec3 (M_SQRT1_2, M_SQRT1_2, 0), 1e-15);

  /* Without one, the first of the other classes; no angle: yaw 0; a
   * negative yaw wraps; Quake's -1 looks up. */
  g_autoptr (QrMap) dm = qr_map_new (QR_FILE_MAP);
  add_point (dm, "info_player_coop", "origin", "0 0 0", "angle", "-90", NULL);
  add_point (dm, "info_player_deathmatch", "origin", "64 32 8", NULL);
  cam.yaw = 123;
  g_assert_true (qr_camera_place_at_player_start (&cam, dm));
  g_assert_true (qr_vec3_equal (cam.position, qr_vec3 (64, 32, 30)));
  qr_test_assert_exact (cam.yaw, 0.0);
  g_autoptr (QrMap) coop = qr_map_new (QR_FILE_MAP);
  add_point (coop, "info_player_coop", "origin", "0 0 0", "angle", "-90", NULL);
  g_assert_true (qr_camera_place_at_player_start (&cam, coop));
  qr_test_assert_exact (cam.yaw, 270.0);
  g_autoptr (QrMap) up = qr_map_new (QR_FILE_MAP);
  add_point (up, "info_player_start", "origin", "0 0 0", "angle", "-1", NULL);
  g_assert_true (qr_camera_place_at_player_start (&cam, up));
  qr_test_assert_exact (cam.pitch, QR_CAMERA_PITCH_LIMIT);

  /* Source: the origin at the feet, the eye 64 above; the yaw is the second
   * of "angles" (pitch yaw roll), and the camera stays level. A start
   * without an origin is no start. */
  g_autoptr (QrMap) vmf = qr_map_new (QR_FILE_VMF);
  add_point (vmf, "info_player_start", "angles", "0 0 0", NULL);
  add_point (vmf, "info_player_terrorist", "origin", "100 -50 0", "angles", "10 135 0", NULL);
  g_assert_true (qr_camera_place_at_player_start (&cam, vmf));
  g_assert_true (qr_vec3_equal (cam.position, qr_vec3 (100, -50, 64)));
  qr_test_assert_exact (cam.yaw, 135.0);
  qr_test_assert_exact (cam.pitch, 0.0);
}

/* The marker's segments at `pixel` in `axis`: every end lies in the plane
 * through the camera; returns the segment count. */
static int
marker (const QrCamera *cam, QrOrthoAxis axis, double pixel, QrVec3 *a, QrVec3 *b)
{
  int n = qr_camera_marker_segments (cam, axis, pixel, a, b);
  const QrOrthoAxes *axes = qr_ortho_axis_get_axes (axis);
  for (int i = 0; i < n; i++)
    {
      qr_test_assert_exact (qr_vec3_get (a[i], axes->depth), qr_vec3_get (cam->position, axes->depth));
      qr_test_assert_exact (qr_vec3_get (b[i], axes->depth), qr_vec3_get (cam->position, axes->depth));
    }
  return n;
}

static void
test_camera_marker (void)
{
  QrCamera cam;
  qr_camera_init (&cam);
  cam.position = qr_vec3 (100, 200, 50);
  qr_camera_set_angles (&cam, 90, 0, 0); /* looking along +Y */
  QrVec3 a[QR_CAMERA_MARKER_MAX_SEGMENTS], b[QR_CAMERA_MARKER_MAX_SEGMENTS];

  /* Top view, 2 units a pixel: the circle (16), the wedge (2), the line and
   * the aim square (4); the line runs up the screen (+Y) from the circle's
   * edge to the square, 48 pixels = 96 units from the camera. */
  g_assert_cmpint (marker (&cam, QR_ORTHO_AXIS_TOP, 2.0, a, b), ==, 23);
  for (int i = 0; i < 16; i++)
    g_assert_cmpfloat_with_epsilon (qr_vec3_dist (a[i], cam.position), 14.0, 1e-9);
  assert_vec3_near (a[18], qr_vec3 (100, 214, 50), 1e-12);
  assert_vec3_near (b[18], qr_vec3 (100, 296 - 6, 50), 1e-12);
  QrVec3 aim;
  g_assert_true (qr_camera_marker_aim (&cam, QR_ORTHO_AXIS_TOP, 2.0, &aim));
  assert_vec3_near (aim, qr_vec3 (100, 296, 50), 1e-12);
  /* The wedge's sides: 45° either side of +Y (the 90° field of view). */
  for (int i = 16; i < 18; i++)
    {
      QrVec3 d = qr_vec3_sub (b[i], a[i]);
      g_assert_cmpfloat_with_epsilon (fabs (d.x), d.y, 1e-9);
      g_assert_cmpfloat (d.y, >, 0);
    }
  /* In the front view (X right, Z up) the camera looks into the screen: the
   * circle alone. In the side view (Y right) the line runs right. */
  g_assert_cmpint (marker (&cam, QR_ORTHO_AXIS_FRONT, 2.0, a, b), ==, 16);
  g_assert_false (qr_camera_marker_aim (&cam, QR_ORTHO_AXIS_FRONT, 2.0, &aim));
  g_assert_cmpint (marker (&cam, QR_ORTHO_AXIS_SIDE, 1.0, a, b), ==, 23);
  g_assert_true (qr_camera_marker_aim (&cam, QR_ORTHO_AXIS_SIDE, 1.0, &aim));
  assert_vec3_near (aim, qr_vec3 (100, 248, 50), 1e-12);

  /* Hits: the square first, the circle within its radius and 3 pixels. */
  g_assert_cmpint (qr_camera_marker_hit (&cam, QR_ORTHO_AXIS_TOP, 2.0, qr_vec3 (104, 300, -999)), ==, QR_CAMERA_PART_AIM);
  g_assert_cmpint (qr_camera_marker_hit (&cam, QR_ORTHO_AXIS_TOP, 2.0, qr_vec3 (119, 200, 0)), ==, QR_CAMERA_PART_BODY);
  g_assert_cmpint (qr_camera_marker_hit (&cam, QR_ORTHO_AXIS_TOP, 2.0, qr_vec3 (121, 200, 0)), ==, QR_CAMERA_PART_NONE);
  g_assert_cmpint (qr_camera_marker_hit (&cam, QR_ORTHO_AXIS_TOP, 2.0, qr_vec3 (100, 250, 0)), ==, QR_CAMERA_PART_NONE);

  /* Dragging the body moves the camera in the view's plane by what the
   * pointer moved; its depth (z in the top view) stays. */
  QrVec3 grab = qr_vec3 (3, -2, 0); /* pressed 3 right of and 2 below the centre */
  qr_camera_marker_drag (&cam, QR_CAMERA_PART_BODY, QR_ORTHO_AXIS_TOP, 2.0, qr_vec3 (-97, 402, 7), grab);
  g_assert_true (qr_vec3_equal (cam.position, qr_vec3 (-100, 404, 50)));
  qr_test_assert_exact (cam.yaw, 90.0);
  /* In the front view: x and z. */
  qr_camera_marker_drag (&cam, QR_CAMERA_PART_BODY, QR_ORTHO_AXIS_FRONT, 2.0, qr_vec3 (0, 0, 0), qr_vec3 (0, 0, 0));
  g_assert_true (qr_vec3_equal (cam.position, qr_vec3 (0, 404, 0)));

  /* Dragging the aim handle in the top view turns the camera towards the
   * pointer, level as it was: to the point 50 units along -X, yaw 180. */
  qr_camera_marker_drag (&cam, QR_CAMERA_PART_AIM, QR_ORTHO_AXIS_TOP, 2.0, qr_vec3 (-50, 404, 0), qr_vec3 (0, 0, 0));
  qr_test_assert_exact (cam.yaw, 180.0);
  qr_test_assert_exact (cam.pitch, 0.0);
  g_assert_true (qr_vec3_equal (cam.position, qr_vec3 (0, 404, 0)));
  /* In the side view (Y right, Z up) looking along -X, the camera has no
   * line there; from the front view, aiming up 45° pitches it so. */
  g_assert_cmpint (qr_camera_marker_hit (&cam, QR_ORTHO_AXIS_SIDE, 2.0, qr_vec3 (0, 404 + 96, 0)), ==, QR_CAMERA_PART_NONE);
  qr_camera_marker_drag (&cam, QR_CAMERA_PART_AIM, QR_ORTHO_AXIS_FRONT, 2.0, qr_vec3 (-30, 0, 30), qr_vec3 (0, 0, 0));
  g_assert_cmpfloat_with_epsilon (cam.yaw, 180.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (cam.pitch, 45.0, 1e-12);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/ortho/axes", test_ortho_axes);
  g_test_add_func ("/render/ortho/zoom-levels", test_ortho_zoom_levels);
  g_test_add_func ("/render/ortho/world-screen", test_ortho_world_screen);
  g_test_add_func ("/render/ortho/zoom/reversible", test_ortho_zoom_reversible);
  g_test_add_func ("/render/ortho/zoom/keeps-cursor", test_ortho_zoom_keeps_cursor);
  g_test_add_func ("/render/ortho/zoom/limits", test_ortho_zoom_limits);
  g_test_add_func ("/render/ortho/pan", test_ortho_pan);
  g_test_add_func ("/render/ortho/fit", test_ortho_fit);
  g_test_add_func ("/render/ortho/grid", test_ortho_grid);
  g_test_add_func ("/render/ortho/snap", test_ortho_snap);
  g_test_add_func ("/render/camera/basis", test_camera_basis);
  g_test_add_func ("/render/camera/move", test_camera_move);
  g_test_add_func ("/render/camera/turn-level", test_camera_turn_level);
  g_test_add_func ("/render/camera/look-clamp", test_camera_look_clamp);
  g_test_add_func ("/render/camera/twist", test_camera_twist);
  g_test_add_func ("/render/camera/actions", test_camera_actions);
  g_test_add_func ("/render/camera/speed", test_camera_speed);
  g_test_add_func ("/render/camera/view-matrix", test_camera_view_matrix);
  g_test_add_func ("/render/camera/projection", test_camera_projection);
  g_test_add_func ("/render/camera/pick/centre", test_camera_pick_centre);
  g_test_add_func ("/render/camera/pick/matches-projection", test_camera_pick_matches_projection);
  g_test_add_func ("/render/camera/ray/pick-boxes", test_pick_boxes);
  g_test_add_func ("/render/camera/player-start", test_camera_player_start);
  g_test_add_func ("/render/camera/team-spawns", test_camera_team_spawns);
  g_test_add_func ("/render/camera/marker", test_camera_marker);

  return g_test_run ();
}
