/* test-ray.c — picking geometry (src/geom/qr-ray.h): where a ray meets
 * planes, polygons seen from the front, and boxes. The camera's rays and
 * brush polytopes are tested with the camera (test-view.c). */
#include <glib.h>
#include <math.h>
#include "qr-ray.h"
#include "qr-test-assert.h"

static void
test_ray_plane (void)
{
  QrRay ray = { { 0, 0, 0 }, { 1, 0, 0 } };
  QrPlane facing = { { -1, 0, 0 }, -10 }; /* x = 10, normal towards the origin */
  QrPlane away = { { 1, 0, 0 }, 10 };     /* the same plane, seen from behind */
  QrPlane behind = { { 1, 0, 0 }, -5 };   /* x = -5 */
  QrPlane parallel = { { 0, 1, 0 }, 3 };
  QrPlane slanted = { { G_SQRT2 / 2, 0, G_SQRT2 / 2 }, 5 * G_SQRT2 }; /* x + z = 10 */
  double t = -1;

  g_assert_true (qr_ray_hit_plane (&ray, &facing, &t));
  qr_test_assert_exact (t, 10);
  g_assert_true (qr_ray_hit_plane (&ray, &away, &t));
  qr_test_assert_exact (t, 10);
  g_assert_false (qr_ray_hit_plane (&ray, &behind, &t));
  g_assert_false (qr_ray_hit_plane (&ray, &parallel, &t));
  g_assert_true (qr_ray_hit_plane (&ray, &slanted, &t));
  g_assert_cmpfloat_with_epsilon (t, 10, 1e-12);

  /* Down from (0, 0, 4): x + z = 10 is met at z = 10, behind the origin. */
  ray = (QrRay) { { 0, 0, 4 }, { 0, 0, -1 } };
  g_assert_false (qr_ray_hit_plane (&ray, &slanted, &t));
  ray.dir = qr_vec3 (0, 0, 1);
  g_assert_true (qr_ray_hit_plane (&ray, &slanted, &t));
  g_assert_cmpfloat_with_epsilon (t, 6, 1e-12);
}

static void
test_ray_polygon (void)
{
  /* A 20 × 20 square on x = 10, anticlockwise seen from -X (its front
   * faces the origin). */
  const QrVec3 front[4] = { { 10, 10, -10 }, { 10, -10, -10 }, { 10, -10, 10 }, { 10, 10, 10 } };
  const QrVec3 back[4] = { { 10, 10, 10 }, { 10, -10, 10 }, { 10, -10, -10 }, { 10, 10, -10 } };
  QrRay ray = { { 0, 0, 0 }, { 1, 0, 0 } };
  double t = -1;

  g_assert_true (qr_ray_hit_polygon (&ray, front, 4, &t));
  qr_test_assert_exact (t, 10);
  /* Seen from behind: skipped, as the report picks. */
  g_assert_false (qr_ray_hit_polygon (&ray, back, 4, &t));

  /* Towards (10, 9, 9): inside; (10, 11, 0): outside; an edge and a corner
   * count as inside. */
  ray.dir = qr_vec3_scale (qr_vec3 (10, 9, 9), 1 / qr_vec3_length (qr_vec3 (10, 9, 9)));
  g_assert_true (qr_ray_hit_polygon (&ray, front, 4, &t));
  g_assert_cmpfloat_with_epsilon (t, qr_vec3_length (qr_vec3 (10, 9, 9)), 1e-12);
  ray.dir = qr_vec3_scale (qr_vec3 (10, 11, 0), 1 / qr_vec3_length (qr_vec3 (10, 11, 0)));
  g_assert_false (qr_ray_hit_polygon (&ray, front, 4, &t));
  ray.dir = qr_vec3_scale (qr_vec3 (10, 10, 0), 1 / qr_vec3_length (qr_vec3 (10, 10, 0)));
  g_assert_true (qr_ray_hit_polygon (&ray, front, 4, &t));
  ray.dir = qr_vec3_scale (qr_vec3 (1, 1, 1), 1 / sqrt (3));
  g_assert_true (qr_ray_hit_polygon (&ray, front, 4, &t));
  g_assert_cmpfloat_with_epsilon (t, 10 * sqrt (3), 1e-12);

  /* From beyond the plane the front is out of sight: no hit. */
  ray = (QrRay) { { 20, 0, 0 }, { 1, 0, 0 } };
  g_assert_false (qr_ray_hit_polygon (&ray, front, 4, &t));
  ray = (QrRay) { { 20, 0, 0 }, { -1, 0, 0 } };
  g_assert_false (qr_ray_hit_polygon (&ray, front, 4, &t));
  g_assert_true (qr_ray_hit_polygon (&ray, back, 4, &t));
  qr_test_assert_exact (t, 10);

  /* Parallel to the polygon and degenerate polygons miss. */
  ray = (QrRay) { { 0, 0, 0 }, { 0, 1, 0 } };
  g_assert_false (qr_ray_hit_polygon (&ray, front, 4, &t));
  g_assert_false (qr_ray_hit_polygon (&ray, front, 2, &t));
}

/* A point entity's box: entered at the near face, 0 from inside, missed
 * beside it and behind the origin. */
static void
test_ray_box (void)
{
  QrBounds box = { { 56, -8, 16 }, { 72, 8, 32 } };
  QrRay ray = { qr_vec3 (0, 0, 24), qr_vec3 (1, 0, 0) };
  double t = -1;

  g_assert_true (qr_ray_hit_box (&ray, box, &t));
  g_assert_cmpfloat (t, ==, 56);
  ray.origin = qr_vec3 (64, 0, 24);
  g_assert_true (qr_ray_hit_box (&ray, box, &t));
  g_assert_cmpfloat (t, ==, 0);
  ray.origin = qr_vec3 (0, 9, 24);
  g_assert_false (qr_ray_hit_box (&ray, box, &t));
  ray.origin = qr_vec3 (100, 0, 24);
  g_assert_false (qr_ray_hit_box (&ray, box, &t));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/geom/ray/plane", test_ray_plane);
  g_test_add_func ("/geom/ray/polygon", test_ray_polygon);
  g_test_add_func ("/geom/ray/box", test_ray_box);
  return g_test_run ();
}
