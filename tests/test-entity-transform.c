/* What transforms do to entity keys: the origin moves, and the orientation
 * key turns in each game's convention. Orientations are checked against
 * the engines' own formulas (Quake's AngleVectors for "angles", the light
 * tools' for a light's "mangle"), evaluated here independently of the code
 * under test: the key written must face where the transformed entity faces. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "qr-entity-transform.h"

static QrEntity *
entity_with (const char *classname, const char *k1, const char *v1, const char *k2, const char *v2)
{
  QrEntity *e = qr_entity_new (1);

  qr_entity_add_key (e, "classname", classname);
  qr_entity_add_key (e, "origin", "0 0 0");
  if (k1 != NULL)
    qr_entity_add_key (e, k1, v1);
  if (k2 != NULL)
    qr_entity_add_key (e, k2, v2);
  return e;
}

static void
read3 (const char *text, double v[3])
{
  g_assert_nonnull (text);
  g_assert_cmpint (sscanf (text, "%lf %lf %lf", &v[0], &v[1], &v[2]), ==, 3);
}

/* Quake's AngleVectors: forward and up of pitch (down), yaw, roll. */
static void
angle_vectors (double pitch, double yaw, double roll, QrVec3 *forward, QrVec3 *up)
{
  double p = pitch * G_PI / 180, y = yaw * G_PI / 180, r = roll * G_PI / 180;

  *forward = qr_vec3 (cos (p) * cos (y), cos (p) * sin (y), -sin (p));
  *up = qr_vec3 (cos (r) * sin (p) * cos (y) + sin (r) * sin (y), cos (r) * sin (p) * sin (y) - sin (r) * cos (y),
                 cos (r) * cos (p));
}

static void
assert_near (QrVec3 a, QrVec3 b)
{
  g_assert_cmpfloat (qr_vec3_dist (a, b), <, 1e-9);
}

static void
test_origin (void)
{
  g_autoptr (QrEntity) e = entity_with ("info_null", NULL, NULL, NULL, NULL);
  QrTransform tr = qr_transform_translate (qr_vec3 (16, -8, 0.5));

  g_assert_true (qr_entity_transform (e, &tr, QR_FILE_MAP));
  g_assert_cmpstr (qr_entity_get_key (e, "origin"), ==, "16 -8 0.5");
  /* A translation never adds or touches an orientation. */
  g_assert_null (qr_entity_get_key (e, "angle"));
}

static void
test_angle_rotate (void)
{
  g_autoptr (QrEntity) e = entity_with ("monster_army", "angle", "270", NULL, NULL);
  QrTransform tr = qr_transform_rotate (2, 90, qr_vec3 (64, 0, 0));

  g_assert_true (qr_entity_transform (e, &tr, QR_FILE_MAP));
  /* About (64, 0): the origin goes to (64, -64). */
  g_assert_cmpstr (qr_entity_get_key (e, "origin"), ==, "64 -64 0");
  g_assert_cmpstr (qr_entity_get_key (e, "angle"), ==, "0");
  tr = qr_transform_rotate (2, -15, qr_vec3 (64, -64, 0));
  g_assert_true (qr_entity_transform (e, &tr, QR_FILE_MAP));
  g_assert_cmpstr (qr_entity_get_key (e, "angle"), ==, "345");
}

static void
test_angle_up_down (void)
{
  g_autoptr (QrEntity) e = entity_with ("func_door", "angle", "-1", NULL, NULL);
  QrTransform turn = qr_transform_rotate (2, 90, qr_vec3 (0, 0, 0));
  QrTransform flip = qr_transform_flip (2, qr_vec3 (0, 0, 0));
  QrTransform tilt = qr_transform_rotate (1, 90, qr_vec3 (0, 0, 0));

  /* Up stays up under a turn about Z: the text stays. */
  qr_entity_transform (e, &turn, QR_FILE_MAP);
  g_assert_cmpstr (qr_entity_get_key (e, "angle"), ==, "-1");
  qr_entity_transform (e, &flip, QR_FILE_MAP);
  g_assert_cmpstr (qr_entity_get_key (e, "angle"), ==, "-2");
  /* A quarter turn about +Y takes -Z (down) to -X: yaw 180. */
  qr_entity_transform (e, &tilt, QR_FILE_MAP);
  g_assert_cmpstr (qr_entity_get_key (e, "angle"), ==, "180");
}

static void
test_angle_flip (void)
{
  g_autoptr (QrEntity) a = entity_with ("monster_ogre", "angle", "30", NULL, NULL);
  g_autoptr (QrEntity) b = entity_with ("monster_ogre", "angle", "30", NULL, NULL);
  QrTransform fx = qr_transform_flip (0, qr_vec3 (0, 0, 0));
  QrTransform fy = qr_transform_flip (1, qr_vec3 (0, 0, 0));

  qr_entity_transform (a, &fx, QR_FILE_MAP);
  qr_entity_transform (b, &fy, QR_FILE_MAP);
  g_assert_cmpstr (qr_entity_get_key (a, "angle"), ==, "150");
  g_assert_cmpstr (qr_entity_get_key (b, "angle"), ==, "330");
}

/* "angles" under rotations about each axis and under mirrors: the forward
 * and up vectors the written key gives are the transformed ones (for a
 * mirror: forward mirrored, and the entity kept upright). */
static void
test_angles (void)
{
  static const double starts[][3] = { { 0, 90, 0 }, { 30, 45, 0 }, { -20, 200, 10 }, { 45, 0, 0 } };

  for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
    for (int axis = 0; axis < 3; axis++)
      for (int k = 0; k < 2; k++)
        {
          char value[64];
          double out[3];
          QrVec3 f0, u0, f1, u1;
          QrTransform tr = k == 0 ? qr_transform_rotate (axis, 30, qr_vec3 (0, 0, 0))
                                  : qr_transform_flip (axis, qr_vec3 (0, 0, 0));
          g_autoptr (QrEntity) e = NULL;

          g_snprintf (value, sizeof value, "%g %g %g", starts[i][0], starts[i][1], starts[i][2]);
          e = entity_with ("info_player_start", "angles", value, NULL, NULL);
          /* (A mirror across the plane an entity faces along changes nothing.) */
          qr_entity_transform (e, &tr, QR_FILE_MAP);
          read3 (qr_entity_get_key (e, "angles"), out);
          angle_vectors (starts[i][0], starts[i][1], starts[i][2], &f0, &u0);
          angle_vectors (out[0], out[1], out[2], &f1, &u1);
          assert_near (f1, qr_vec3_normalize (qr_transform_vector (&tr, f0)));
          if (k == 0)
            assert_near (u1, qr_transform_vector (&tr, u0));
          else if (starts[i][2] == 0)
            {
              /* Mirrored, an unrolled entity stays upright: its up vector
               * still points up, or (looking along the mirror axis) the
               * roll stays 0. */
              g_assert_cmpfloat (u1.z, >=, 0);
              g_assert_cmpfloat (fabs (out[2]), <, 1e-9);
            }
          g_assert_cmpfloat (out[1], >=, 0);
          g_assert_cmpfloat (out[1], <, 360);
        }
}

/* A light's mangle is yaw, pitch (up), roll, as the Quake light tools
 * read it: forward = (cos p cos y, cos p sin y, sin p). */
static void
test_mangle_light (void)
{
  g_autoptr (QrEntity) e = entity_with ("light_spot", "mangle", "90 -45 0", NULL, NULL);
  g_autoptr (QrEntity) intermission = entity_with ("info_intermission", "mangle", "10 90 0", NULL, NULL);
  QrTransform tr = qr_transform_rotate (2, 90, qr_vec3 (0, 0, 0));

  g_assert_true (qr_entity_transform (e, &tr, QR_FILE_MAP));
  g_assert_cmpstr (qr_entity_get_key (e, "mangle"), ==, "180 -45 0");
  /* Other entities' mangle is a view: pitch yaw roll. */
  g_assert_true (qr_entity_transform (intermission, &tr, QR_FILE_MAP));
  g_assert_cmpstr (qr_entity_get_key (intermission, "mangle"), ==, "10 180 0");
}

static void
test_lights_and_missing_keys (void)
{
  g_autoptr (QrEntity) aimed = entity_with ("light_spot", "target", "t1", "angle", "90");
  g_autoptr (QrEntity) plain = entity_with ("light", NULL, NULL, NULL, NULL);
  g_autoptr (QrEntity) start = entity_with ("info_player_start", NULL, NULL, NULL, NULL);
  g_autoptr (QrEntity) source = entity_with ("info_player_teamspawn", NULL, NULL, NULL, NULL);
  QrTransform tr = qr_transform_rotate (2, 90, qr_vec3 (0, 0, 0));

  /* A spotlight aimed at a target keeps its key; a light does not get one. */
  g_assert_false (qr_entity_transform (aimed, &tr, QR_FILE_MAP));
  g_assert_cmpstr (qr_entity_get_key (aimed, "angle"), ==, "90");
  g_assert_false (qr_entity_transform (plain, &tr, QR_FILE_MAP));
  g_assert_null (qr_entity_get_key (plain, "angle"));
  /* Any other point entity faces +X until it turns, then says so. */
  g_assert_true (qr_entity_transform (start, &tr, QR_FILE_MAP));
  g_assert_cmpstr (qr_entity_get_key (start, "angle"), ==, "90");
  g_assert_true (qr_entity_transform (source, &tr, QR_FILE_VMF));
  g_assert_cmpstr (qr_entity_get_key (source, "angles"), ==, "0 90 0");
}

/* An orientation that comes back where it was keeps its text. */
static void
test_text_kept (void)
{
  g_autoptr (QrEntity) e = entity_with ("info_player_start", "angle", "450", NULL, NULL);
  g_autoptr (QrEntity) f = entity_with ("info_player_start", "angles", "0 360 0", NULL, NULL);
  QrTransform full = qr_transform_rotate (2, 360, qr_vec3 (0, 0, 0));

  g_assert_false (qr_entity_transform (e, &full, QR_FILE_MAP));
  g_assert_cmpstr (qr_entity_get_key (e, "angle"), ==, "450");
  g_assert_false (qr_entity_transform (f, &full, QR_FILE_MAP));
  g_assert_cmpstr (qr_entity_get_key (f, "angles"), ==, "0 360 0");
}

/* Text that is not an orientation is left alone. */
static void
test_bad_text (void)
{
  g_autoptr (QrEntity) e = entity_with ("info_player_start", "angles", "up", NULL, NULL);
  QrTransform tr = qr_transform_rotate (2, 90, qr_vec3 (0, 0, 0));

  qr_entity_transform (e, &tr, QR_FILE_MAP);
  g_assert_cmpstr (qr_entity_get_key (e, "angles"), ==, "up");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/entity-transform/origin", test_origin);
  g_test_add_func ("/entity-transform/angle/rotate", test_angle_rotate);
  g_test_add_func ("/entity-transform/angle/up-down", test_angle_up_down);
  g_test_add_func ("/entity-transform/angle/flip", test_angle_flip);
  g_test_add_func ("/entity-transform/angles", test_angles);
  g_test_add_func ("/entity-transform/mangle", test_mangle_light);
  g_test_add_func ("/entity-transform/lights-and-missing-keys", test_lights_and_missing_keys);
  g_test_add_func ("/entity-transform/text-kept", test_text_kept);
  g_test_add_func ("/entity-transform/bad-text", test_bad_text);
  return g_test_run ();
}
