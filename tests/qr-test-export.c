#include "qr-test-export.h"

/* A quad as two triangles, its four vertices its own. */
static void
add_quad (QrExportPrimitive *prim, const double corners[4][3], const double normal[3], const double uvs[4][2])
{
  guint32 first = 0;

  for (int i = 0; i < 4; i++)
    {
      guint32 index = qr_export_primitive_add_vertex (prim, corners[i], normal, uvs[i]);
      if (i == 0)
        first = index;
    }
  qr_export_primitive_add_triangle (prim, first, first + 1, first + 2);
  qr_export_primitive_add_triangle (prim, first, first + 2, first + 3);
}

static QrImage *
pattern_image (int width, int height, guint8 seed)
{
  QrImage *image = qr_image_new (width, height, NULL);

  for (int i = 0; i < width * height * 4; i++)
    image->rgba[i] = (guint8) (seed + 37 * i);
  return image;
}

/* The six faces of the box lo–hi, counter-clockwise seen from outside. */
static void
add_box (QrExportPrimitive *sides, QrExportPrimitive *caps, const double lo[3], const double hi[3],
         const double side_uvs[4][2], const double cap_uvs[4][2])
{
  for (int axis = 0; axis < 3; axis++)
    for (int sign = 0; sign < 2; sign++)
      {
        /* u, v axes such that u × v points along the face's normal. */
        int u = (axis + 1) % 3, v = (axis + 2) % 3;
        double normal[3] = { 0, 0, 0 };
        double corners[4][3];
        static const int order[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };

        normal[axis] = sign ? 1 : -1;
        for (int i = 0; i < 4; i++)
          {
            int a = order[i][0], b = order[i][1];

            if (!sign)
              {
                int t = a;
                a = b;
                b = t;
              }
            corners[i][axis] = sign ? hi[axis] : lo[axis];
            corners[i][u] = a ? hi[u] : lo[u];
            corners[i][v] = b ? hi[v] : lo[v];
          }
        if (axis == 2)
          add_quad (caps, (const double (*)[3]) corners, normal, cap_uvs);
        else
          add_quad (sides, (const double (*)[3]) corners, normal, side_uvs);
      }
}

QrExportScene *
qr_test_export_scene (void)
{
  static const double wall_uvs[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
  static const double water_uvs[4][2] = { { 0.1, 0.2 }, { 0.6, 0.2 }, { 0.6, 0.7 }, { 0.1, 0.7 } };
  static const double lo[3] = { -16, 0.1, -8 }, hi[3] = { 48.5, 32, 8 };
  static const double door_a[4][3] = { { -16, 0.1, 8 }, { -16, 0.1, 40 }, { -16, 64, 40 }, { -16, 64, 8 } };
  static const double door_b[4][3] = { { -16, 64, 8 }, { -16, 64, 40 }, { -16, 96, 40 }, { -16, 96, 8 } };
  static const double west[3] = { -1, 0, 0 };
  static const double tri[3][3] = { { 0, 0, 100 }, { 10, 0, 100 }, { 0, 10, 100 } };
  static const double up[3] = { 0, 0, 1 };
  static const double tri_uvs[3][2] = { { 0.25, 0.75 }, { 0.5, 0.75 }, { 0.25, 1.0 / 3 } };
  QrExportScene *scene = qr_export_scene_new (QR_EXPORT_UP_Z, 1.0);
  guint wall = qr_export_scene_material (scene, QR_TEST_EXPORT_WALL, 4, 4, pattern_image (4, 4, 11));
  guint water = qr_export_scene_material (scene, QR_TEST_EXPORT_WATER, 64, 64, NULL);
  guint grate = qr_export_scene_material (scene, QR_TEST_EXPORT_GRATE, 2, 2, pattern_image (2, 2, 200));
  guint under = qr_export_scene_material (scene, QR_TEST_EXPORT_UNDER, 64, 64, NULL);
  QrExportObject *o;
  QrExportPrimitive *p;
  guint32 a, b, c;

  o = qr_export_scene_add_object (scene, "worldspawn");
  p = qr_export_object_primitive (o, wall);
  add_box (p, qr_export_object_primitive (o, water), lo, hi, wall_uvs, water_uvs);

  o = qr_export_scene_add_object (scene, "func_door door1");
  add_quad (qr_export_object_primitive (o, grate), door_a, west, wall_uvs);
  add_quad (qr_export_object_primitive (o, under), door_b, west, wall_uvs);

  qr_export_scene_add_object (scene, "func_wall");

  o = qr_export_scene_add_object (scene, "func_door_door1");
  p = qr_export_object_primitive (o, wall);
  a = qr_export_primitive_add_vertex (p, tri[0], up, tri_uvs[0]);
  b = qr_export_primitive_add_vertex (p, tri[1], up, tri_uvs[1]);
  c = qr_export_primitive_add_vertex (p, tri[2], up, tri_uvs[2]);
  qr_export_primitive_add_triangle (p, a, b, c);
  return scene;
}

QrExportScene *
qr_test_export_boxes (guint boxes)
{
  /* Quake units to metres, as an export for Blender would scale them:
   * positions then need most of a float's digits. */
  const double scale = 0.0254, texture = 64 * scale;
  QrExportScene *scene = qr_export_scene_new (QR_EXPORT_UP_Y, scale);
  QrExportObject *o = qr_export_scene_add_object (scene, "worldspawn");
  guint materials[3];
  GRand *rand = g_rand_new_with_seed (18);

  for (int i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("base/wall%d", i);
      materials[i] = qr_export_scene_material (scene, name, 64, 64, pattern_image (64, 64, (guint8) i));
    }
  for (guint i = 0; i < boxes; i++)
    {
      double lo[3], hi[3];

      /* A 16-unit grid in map units, then the scale. */
      for (int k = 0; k < 3; k++)
        {
          lo[k] = 16 * g_rand_int_range (rand, -512, 512) * scale;
          hi[k] = lo[k] + 16 * g_rand_int_range (rand, 1, 16) * scale;
        }
      /* World-aligned texturing: UVs follow the coordinates. */
      const double side_uvs[4][2] = { { lo[0] / texture, -hi[2] / texture }, { hi[0] / texture, -hi[2] / texture },
                                      { hi[0] / texture, -lo[2] / texture }, { lo[0] / texture, -lo[2] / texture } };
      const double cap_uvs[4][2] = { { lo[0] / texture, -hi[1] / texture }, { hi[0] / texture, -hi[1] / texture },
                                     { hi[0] / texture, -lo[1] / texture }, { lo[0] / texture, -lo[1] / texture } };
      QrExportPrimitive *sides = qr_export_object_primitive (o, materials[i % 3]);
      add_box (sides, qr_export_object_primitive (o, materials[(i + 1) % 3]), lo, hi, side_uvs, cap_uvs);
    }
  g_rand_free (rand);
  return scene;
}
