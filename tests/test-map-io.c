/* Tests of the .map reader and writer on inline text: every dialect, the
 * lexical corners (comments, CRLF, TABs, odd texture names, quoted braces,
 * long and signed-zero numbers), exact writer output, lossless round trips
 * and conversions between the standard and Valve 220 forms. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include "qr-io.h"
#include "qr-patch-text.h"
#include "qr-test-map.h"

/* ---- helpers ---------------------------------------------------------- */

/* Parses from an exact-length copy: the reader must not need a NUL after
 * the text, and the sanitizers see any read past it. */
static QrMap *
parse_ok (const char *text)
{
  return qr_test_parse_ok (text, QR_FILE_MAP);
}

/* Parses, checks the round trip and that the first save is exactly `expected`. */
static void
assert_writes_as (const char *text, const char *expected)
{
  g_autoptr (QrMap) map = parse_ok (text);

  qr_test_assert_writes_as (map, QR_SAVE_AS_READ, expected);
  qr_test_assert_round_trip (map);
}

static const char *
face_texture (const QrMap *map, const QrFace *f)
{
  return qr_map_texture_name (map, f->texture);
}

static void
assert_points (const QrFace *f, const double p[9])
{
  for (int i = 0; i < 3; i++)
    qr_test_assert_vec3_same (f->points[i], p[3 * i], p[3 * i + 1], p[3 * i + 2]);
}

static void
assert_standard (const QrFace *f, double sx, double sy, double rot, double scx, double scy)
{
  g_assert_cmpint (f->form, ==, QR_TEX_STANDARD);
  qr_test_assert_same (f->tex.shift[0], sx);
  qr_test_assert_same (f->tex.shift[1], sy);
  qr_test_assert_same (f->tex.rotation, rot);
  qr_test_assert_same (f->tex.scale[0], scx);
  qr_test_assert_same (f->tex.scale[1], scy);
}

static void
assert_valve (const QrFace *f, QrVec3 u, double uoff, QrVec3 v, double voff,
              double rot, double scx, double scy)
{
  g_assert_cmpint (f->form, ==, QR_TEX_VALVE);
  qr_test_assert_vec3_same (f->tex.u_axis, u.x, u.y, u.z);
  qr_test_assert_vec3_same (f->tex.v_axis, v.x, v.y, v.z);
  qr_test_assert_same (f->tex.shift[0], uoff);
  qr_test_assert_same (f->tex.shift[1], voff);
  qr_test_assert_same (f->tex.rotation, rot);
  qr_test_assert_same (f->tex.scale[0], scx);
  qr_test_assert_same (f->tex.scale[1], scy);
}

static void
assert_no_surface (const QrFace *f)
{
  g_assert_cmpint (f->has_surface, ==, 0);
}

static void
assert_surface (const QrFace *f, double contents, double flags, double value)
{
  g_assert_cmpint (f->has_surface, ==, 1);
  g_assert_nonnull (f->extra);
  qr_test_assert_same (f->extra->surface[0], contents);
  qr_test_assert_same (f->extra->surface[1], flags);
  qr_test_assert_same (f->extra->surface[2], value);
}

/* Texels of a few points on the face, for comparing two texture forms. */
static void
face_texels (const QrFace *f, QrUV out[6])
{
  QrPlane plane;
  QrVec3 pts[6];

  g_assert_true (qr_face_plane (f, &plane));
  for (int i = 0; i < 3; i++)
    pts[i] = f->points[i];
  /* Further points on the plane: affine combinations of the three. */
  for (int i = 0; i < 3; i++)
    {
      const QrVec3 a = f->points[i], b = f->points[(i + 1) % 3], c = f->points[(i + 2) % 3];

      pts[3 + i] = qr_vec3 (a.x + 37 * (b.x - c.x), a.y + 37 * (b.y - c.y), a.z + 37 * (b.z - c.z));
    }
  qr_texproj_texels (f->form, &f->tex, plane.normal, pts, 6, out);
}

static void
assert_same_texels (const QrFace *a, const QrFace *b)
{
  QrUV ta[6], tb[6];

  face_texels (a, ta);
  face_texels (b, tb);
  for (int i = 0; i < 6; i++)
    {
      g_assert_cmpfloat_with_epsilon (ta[i].u, tb[i].u, 1e-6 * MAX (1.0, fabs (ta[i].u)));
      g_assert_cmpfloat_with_epsilon (ta[i].v, tb[i].v, 1e-6 * MAX (1.0, fabs (ta[i].v)));
    }
}

/* ---- sample text -------------------------------------------------------- */

/* A 128×128×32 box; each line is one face, outward normals by the
 * compilers' convention (TrenchBroom writes these points). */
#define P_WEST   "( -64 -64 -16 ) ( -64 -63 -16 ) ( -64 -64 -15 )"
#define P_SOUTH  "( -64 -64 -16 ) ( -64 -64 -15 ) ( -63 -64 -16 )"
#define P_BOTTOM "( -64 -64 -16 ) ( -63 -64 -16 ) ( -64 -63 -16 )"
#define P_TOP    "( 64 64 16 ) ( 64 65 16 ) ( 65 64 16 )"
#define P_NORTH  "( 64 64 16 ) ( 65 64 16 ) ( 64 64 17 )"
#define P_EAST   "( 64 64 16 ) ( 64 64 17 ) ( 64 65 16 )"

static const double pts_west[9] = { -64, -64, -16, -64, -63, -16, -64, -64, -15 };
static const double pts_south[9] = { -64, -64, -16, -64, -64, -15, -63, -64, -16 };
static const double pts_bottom[9] = { -64, -64, -16, -63, -64, -16, -64, -63, -16 };
static const double pts_top[9] = { 64, 64, 16, 64, 65, 16, 65, 64, 16 };
static const double pts_north[9] = { 64, 64, 16, 65, 64, 16, 64, 64, 17 };
static const double pts_east[9] = { 64, 64, 16, 64, 64, 17, 64, 65, 16 };

#define X_AXIS qr_vec3 (1, 0, 0)
#define Y_AXIS qr_vec3 (0, 1, 0)
#define NEG_Y qr_vec3 (0, -1, 0)
#define NEG_Z qr_vec3 (0, 0, -1)

/* ---- dialects ----------------------------------------------------------- */

static const char quake_text[] =
  "{\n"
  "\"classname\" \"worldspawn\"\n"
  "\"wad\" \"gfx/base.wad\"\n"
  "{\n"
  P_WEST " base_wall 16 -8 90 0.5 2\n"
  P_SOUTH " base_wall -0.25 1.5 -45 1 -1\n"
  P_BOTTOM " floor_1 0 0 0 1 1\n"
  P_TOP " ceil 1.000000 2.500000 180.000000 1.000000 1.000000\n"
  P_NORTH " base_wall 0 0 0 1 1\n"
  P_EAST " base_wall 0 0 0 1 1\n"
  "}\n"
  "}\n"
  "{\n"
  "\"classname\" \"info_player_start\"\n"
  "\"origin\" \"0 0 24\"\n"
  "}\n";

static void
test_quake_standard (void)
{
  g_autoptr (QrMap) map = parse_ok (quake_text);
  const QrEntity *world, *player;
  const QrFace *f;

  g_assert_cmpuint (qr_map_entity_count (map), ==, 2);
  g_assert_null (map->preamble);
  g_assert_cmpuint (map->kept->len, ==, 0);
  world = qr_map_get_entity (map, 0);
  player = qr_map_get_entity (map, 1);
  g_assert_cmpuint (world->flags, ==, 0);
  g_assert_cmpstr (qr_entity_get_classname (world), ==, "worldspawn");
  g_assert_cmpstr (qr_entity_get_key (world, "wad"), ==, "gfx/base.wad");
  g_assert_cmpuint (world->keys->len, ==, 2);
  g_assert_cmpuint (qr_entity_brush_count (world), ==, 1);
  g_assert_cmpstr (qr_entity_get_classname (player), ==, "info_player_start");
  g_assert_cmpstr (qr_entity_get_key (player, "origin"), ==, "0 0 24");
  g_assert_cmpuint (qr_entity_brush_count (player), ==, 0);
  g_assert_cmpint (qr_entity_get_brush (world, 0)->n_faces, ==, 6);
  g_assert_cmpuint (qr_map_count_faces (map), ==, 6);

  f = qr_test_get_face (map, 0, 0, 0);
  assert_points (f, pts_west);
  g_assert_cmpstr (face_texture (map, f), ==, "base_wall");
  assert_standard (f, 16, -8, 90, 0.5, 2);
  assert_no_surface (f);

  f = qr_test_get_face (map, 0, 0, 1);
  assert_points (f, pts_south);
  assert_standard (f, -0.25, 1.5, -45, 1, -1);

  f = qr_test_get_face (map, 0, 0, 2);
  assert_points (f, pts_bottom);
  g_assert_cmpstr (face_texture (map, f), ==, "floor_1");
  assert_standard (f, 0, 0, 0, 1, 1);

  f = qr_test_get_face (map, 0, 0, 3);
  assert_points (f, pts_top);
  g_assert_cmpstr (face_texture (map, f), ==, "ceil");
  assert_standard (f, 1, 2.5, 180, 1, 1);

  assert_points (qr_test_get_face (map, 0, 0, 4), pts_north);
  assert_points (qr_test_get_face (map, 0, 0, 5), pts_east);

  /* Texture names are interned once each. */
  g_assert_cmpuint (map->textures->len, ==, 3);
  g_assert_cmpuint (qr_test_get_face (map, 0, 0, 0)->texture, ==, qr_test_get_face (map, 0, 0, 5)->texture);

  /* Ids are distinct. */
  for (int i = 0; i < 6; i++)
    for (int j = i + 1; j < 6; j++)
      g_assert_cmpuint (qr_test_get_face (map, 0, 0, i)->id, !=, qr_test_get_face (map, 0, 0, j)->id);
  g_assert_cmpuint (world->id, !=, player->id);

  g_assert_cmpint (qr_map_detect_dialect (map), ==, QR_DIALECT_QUAKE);
  assert_writes_as (quake_text,
    "// entity 0\n"
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "\"wad\" \"gfx/base.wad\"\n"
    "// brush 0\n"
    "{\n"
    P_WEST " base_wall 16 -8 90 0.5 2\n"
    P_SOUTH " base_wall -0.25 1.5 -45 1 -1\n"
    P_BOTTOM " floor_1 0 0 0 1 1\n"
    P_TOP " ceil 1 2.5 180 1 1\n"
    P_NORTH " base_wall 0 0 0 1 1\n"
    P_EAST " base_wall 0 0 0 1 1\n"
    "}\n"
    "}\n"
    "// entity 1\n"
    "{\n"
    "\"classname\" \"info_player_start\"\n"
    "\"origin\" \"0 0 24\"\n"
    "}\n");
}

static const char valve_text[] =
  "// Game: Half-Life\n"
  "// Format: Valve\n"
  "// entity 0\n"
  "{\n"
  "\"classname\" \"worldspawn\"\n"
  "\"mapversion\" \"220\"\n"
  "// brush 0\n"
  "{\n"
  P_WEST " wall [ 0 1 0 16.5 ] [ 0 0 -1 -8 ] 0 0.25 0.25\n"
  P_SOUTH " wall [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  P_BOTTOM " floor [ 0.7071067811865476 0.7071067811865476 0 3 ] [ 0.7071067811865476 -0.7071067811865476 0 -0.5 ] 45 1 2\n"
  P_TOP " floor [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 -1 1\n"
  P_NORTH " wall [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  P_EAST " wall [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "}\n"
  "}\n";

static void
test_valve220 (void)
{
  g_autoptr (QrMap) map = parse_ok (valve_text);
  const double h = 0.7071067811865476;
  const QrFace *f;

  g_assert_cmpuint (qr_map_entity_count (map), ==, 1);
  g_assert_cmpstr (qr_entity_get_key (qr_map_get_entity (map, 0), "mapversion"), ==, "220");

  f = qr_test_get_face (map, 0, 0, 0);
  assert_points (f, pts_west);
  g_assert_cmpstr (face_texture (map, f), ==, "wall");
  assert_valve (f, Y_AXIS, 16.5, NEG_Z, -8, 0, 0.25, 0.25);
  assert_no_surface (f);

  f = qr_test_get_face (map, 0, 0, 2);
  assert_points (f, pts_bottom);
  g_assert_cmpstr (face_texture (map, f), ==, "floor");
  assert_valve (f, qr_vec3 (h, h, 0), 3, qr_vec3 (h, -h, 0), -0.5, 45, 1, 2);

  f = qr_test_get_face (map, 0, 0, 3);
  assert_valve (f, X_AXIS, 0, NEG_Y, 0, 0, -1, 1);

  f = qr_test_get_face (map, 0, 0, 5);
  assert_points (f, pts_east);
  assert_valve (f, Y_AXIS, 0, NEG_Z, 0, 0, 1, 1);

  g_assert_cmpint (qr_map_detect_dialect (map), ==, QR_DIALECT_VALVE220);
  /* The file is already in the writer's layout. */
  assert_writes_as (valve_text, valve_text);
}

static void
test_mixed (void)
{
  static const char text[] =
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "{\n"
    P_WEST " a 1 2 3 4 5\n"
    P_SOUTH " b [ 1 0 0 6 ] [ 0 0 -1 7 ] 8 9 10\n"
    P_BOTTOM " a 0 0 0 1 1\n"
    P_TOP " b [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
    P_NORTH " a 0 0 0 1 1\n"
    P_EAST " b [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    "}\n"
    "{\n"
    P_WEST " a 0 0 0 1 1\n"
    P_SOUTH " a 0 0 0 1 1\n"
    P_BOTTOM " a 0 0 0 1 1\n"
    P_TOP " a 0 0 0 1 1\n"
    "}\n"
    "}\n"
    "{\n"
    "\"classname\" \"func_wall\"\n"
    "{\n"
    P_WEST " b [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    P_SOUTH " b [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    P_BOTTOM " b [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
    "}\n"
    "}\n";
  g_autoptr (QrMap) map = parse_ok (text);

  assert_standard (qr_test_get_face (map, 0, 0, 0), 1, 2, 3, 4, 5);
  assert_valve (qr_test_get_face (map, 0, 0, 1), X_AXIS, 6, NEG_Z, 7, 8, 9, 10);
  assert_standard (qr_test_get_face (map, 0, 0, 2), 0, 0, 0, 1, 1);
  assert_valve (qr_test_get_face (map, 0, 0, 3), X_AXIS, 0, NEG_Y, 0, 0, 1, 1);
  assert_standard (qr_test_get_face (map, 0, 0, 4), 0, 0, 0, 1, 1);
  assert_valve (qr_test_get_face (map, 0, 0, 5), Y_AXIS, 0, NEG_Z, 0, 0, 1, 1);
  g_assert_cmpint (qr_entity_get_brush (qr_map_get_entity (map, 0), 1)->n_faces, ==, 4);
  assert_standard (qr_test_get_face (map, 0, 1, 3), 0, 0, 0, 1, 1);
  assert_valve (qr_test_get_face (map, 1, 0, 2), X_AXIS, 0, NEG_Y, 0, 0, 1, 1);
  g_assert_cmpint (qr_map_detect_dialect (map), ==, QR_DIALECT_MIXED);

  assert_writes_as (text,
    "// entity 0\n"
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "// brush 0\n"
    "{\n"
    P_WEST " a 1 2 3 4 5\n"
    P_SOUTH " b [ 1 0 0 6 ] [ 0 0 -1 7 ] 8 9 10\n"
    P_BOTTOM " a 0 0 0 1 1\n"
    P_TOP " b [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
    P_NORTH " a 0 0 0 1 1\n"
    P_EAST " b [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    "}\n"
    "// brush 1\n"
    "{\n"
    P_WEST " a 0 0 0 1 1\n"
    P_SOUTH " a 0 0 0 1 1\n"
    P_BOTTOM " a 0 0 0 1 1\n"
    P_TOP " a 0 0 0 1 1\n"
    "}\n"
    "}\n"
    "// entity 1\n"
    "{\n"
    "\"classname\" \"func_wall\"\n"
    "// brush 0\n"
    "{\n"
    P_WEST " b [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    P_SOUTH " b [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    P_BOTTOM " b [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
    "}\n"
    "}\n");
}

static const char quake2_text[] =
  "{\n"
  "\"classname\" \"worldspawn\"\n"
  "{\n"
  P_WEST " e1u1/floor1_3 0 0 0 1 1 0 0 0\n"
  P_SOUTH " e1u1/floor1_3 16 32 0 1 1\n"
  P_BOTTOM " e1u1/sky1 0 0 0 1 1 0 4 0\n"
  P_TOP " e1u1/trigger 0 0 0 1 1 1 512 100\n"
  P_NORTH " e1u1/floor1_3 0 0 0 1 1\n"
  P_EAST " e1u1/water 0 0 0 0.5 0.5 32 0 -7.5\n"
  "}\n"
  "}\n";

static void
test_quake2 (void)
{
  g_autoptr (QrMap) map = parse_ok (quake2_text);
  const QrFace *f;

  f = qr_test_get_face (map, 0, 0, 0);
  g_assert_cmpstr (face_texture (map, f), ==, "e1u1/floor1_3");
  assert_standard (f, 0, 0, 0, 1, 1);
  assert_surface (f, 0, 0, 0);

  f = qr_test_get_face (map, 0, 0, 1);
  assert_standard (f, 16, 32, 0, 1, 1);
  assert_no_surface (f);

  assert_surface (qr_test_get_face (map, 0, 0, 2), 0, 4, 0);
  assert_surface (qr_test_get_face (map, 0, 0, 3), 1, 512, 100);
  assert_no_surface (qr_test_get_face (map, 0, 0, 4));
  f = qr_test_get_face (map, 0, 0, 5);
  assert_standard (f, 0, 0, 0, 0.5, 0.5);
  assert_surface (f, 32, 0, -7.5);
  assert_points (f, pts_east);

  g_assert_cmpint (qr_map_detect_dialect (map), ==, QR_DIALECT_QUAKE2);

  assert_writes_as (quake2_text,
    "// entity 0\n"
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "// brush 0\n"
    "{\n"
    P_WEST " e1u1/floor1_3 0 0 0 1 1 0 0 0\n"
    P_SOUTH " e1u1/floor1_3 16 32 0 1 1\n"
    P_BOTTOM " e1u1/sky1 0 0 0 1 1 0 4 0\n"
    P_TOP " e1u1/trigger 0 0 0 1 1 1 512 100\n"
    P_NORTH " e1u1/floor1_3 0 0 0 1 1\n"
    P_EAST " e1u1/water 0 0 0 0.5 0.5 32 0 -7.5\n"
    "}\n"
    "}\n");
}

static void
test_quake2_valve (void)
{
  static const char text[] =
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "\"mapversion\" \"220\"\n"
    "{\n"
    P_WEST " e1u1/wall [ 0 1 0 4 ] [ 0 0 -1 8 ] 0 1 1 0 0 0\n"
    P_SOUTH " e1u1/wall [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 0.5 0.5 1 16 250\n"
    P_BOTTOM " e1u1/wall [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
    "}\n"
    "}\n";
  g_autoptr (QrMap) map = parse_ok (text);

  assert_valve (qr_test_get_face (map, 0, 0, 0), Y_AXIS, 4, NEG_Z, 8, 0, 1, 1);
  assert_surface (qr_test_get_face (map, 0, 0, 0), 0, 0, 0);
  assert_valve (qr_test_get_face (map, 0, 0, 1), X_AXIS, 0, NEG_Z, 0, 0, 0.5, 0.5);
  assert_surface (qr_test_get_face (map, 0, 0, 1), 1, 16, 250);
  assert_valve (qr_test_get_face (map, 0, 0, 2), X_AXIS, 0, NEG_Y, 0, 0, 1, 1);
  assert_no_surface (qr_test_get_face (map, 0, 0, 2));
  g_assert_cmpint (qr_map_detect_dialect (map), ==, QR_DIALECT_QUAKE2_VALVE);

  assert_writes_as (text,
    "// entity 0\n"
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "\"mapversion\" \"220\"\n"
    "// brush 0\n"
    "{\n"
    P_WEST " e1u1/wall [ 0 1 0 4 ] [ 0 0 -1 8 ] 0 1 1 0 0 0\n"
    P_SOUTH " e1u1/wall [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 0.5 0.5 1 16 250\n"
    P_BOTTOM " e1u1/wall [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
    "}\n"
    "}\n");
}

#define PATCH_RAW \
  "patchDef2\n" \
  "{\n" \
  "textures/common/caulk\n" \
  "( 3 3 0 0 0 )\n" \
  "(\n" \
  "( ( -64 -64 0 0 0 ) ( -64 0 0 0 0.5 ) ( -64 64 0 0 1 ) )\n" \
  "( ( 0 -64 0 0.5 0 ) ( 0 0 16 0.5 0.5 ) ( 0 64 0 0.5 1 ) )\n" \
  "( ( 64 -64 0 1 0 ) ( 64 0 0 1 0.5 ) ( 64 64 0 1 1 ) )\n" \
  ")\n" \
  "}"

#define Q3_FACE(P, TEX) P " " TEX " 0 0 0 0.5 0.5 0 0 0\n"

static const char quake3_text[] =
  "{\n"
  "\"classname\" \"worldspawn\"\n"
  "// brush 0\n"
  "{\n"
  Q3_FACE (P_WEST, "textures/base_wall/concrete")
  Q3_FACE (P_SOUTH, "textures/base_wall/concrete")
  Q3_FACE (P_BOTTOM, "textures/base_floor/clang")
  Q3_FACE (P_TOP, "textures/base_wall/concrete")
  "}\n"
  "// brush 1\n"
  "{\n"
  PATCH_RAW "\n"
  "}\n"
  "// brush 2\n"
  "{\n"
  Q3_FACE (P_WEST, "textures/common/clip")
  Q3_FACE (P_SOUTH, "textures/common/clip")
  Q3_FACE (P_BOTTOM, "textures/common/clip")
  "}\n"
  "}\n";

static void
test_quake3_patch (void)
{
  g_autoptr (QrMap) map = parse_ok (quake3_text);
  const QrEntity *world = qr_map_get_entity (map, 0);
  const QrNode *patch;

  /* The patch is no brush: brush indices run 0, 1 around it. */
  g_assert_cmpuint (qr_entity_brush_count (world), ==, 2);
  g_assert_cmpint (qr_entity_get_brush (world, 0)->n_faces, ==, 4);
  g_assert_cmpint (qr_entity_get_brush (world, 1)->n_faces, ==, 3);
  g_assert_cmpstr (face_texture (map, qr_test_get_face (map, 0, 1, 0)), ==, "textures/common/clip");
  assert_surface (qr_test_get_face (map, 0, 0, 2), 0, 0, 0);
  assert_standard (qr_test_get_face (map, 0, 0, 2), 0, 0, 0, 0.5, 0.5);

  g_assert_cmpuint (world->kept->len, ==, 1);
  patch = g_ptr_array_index (world->kept, 0);
  g_assert_cmpstr (patch->name, ==, "patchDef2");
  g_assert_cmpstr (patch->raw, ==, PATCH_RAW);
  g_assert_cmpint (patch->anchor, ==, 1);
  g_assert_cmpuint (map->kept->len, ==, 0);
  g_assert_cmpint (qr_map_detect_dialect (map), ==, QR_DIALECT_QUAKE3);

  /* Read as well as kept: texture, header, every point (x y z s t). */
  g_assert_null (patch->problem);
  g_assert_nonnull (patch->patch);
  g_assert_cmpstr (patch->patch->texture, ==, "textures/common/caulk");
  g_assert_cmpint (patch->patch->rows, ==, 3);
  g_assert_cmpint (patch->patch->cols, ==, 3);
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 3; c++)
      {
        const QrPatchPoint *pt = qr_patch_point (patch->patch, r, c);
        g_assert_cmpfloat (pt->pos.x, ==, 64 * (r - 1));
        g_assert_cmpfloat (pt->pos.y, ==, 64 * (c - 1));
        g_assert_cmpfloat (pt->pos.z, ==, r == 1 && c == 1 ? 16 : 0);
        g_assert_cmpfloat (pt->st[0], ==, r * 0.5);
        g_assert_cmpfloat (pt->st[1], ==, c * 0.5);
      }
  /* An id no brush has. */
  g_assert_cmpuint (patch->patch->id, !=, 0);
  g_assert_cmpuint (patch->patch->id, !=, qr_entity_get_brush (world, 0)->id);
  g_assert_cmpuint (patch->patch->id, !=, qr_entity_get_brush (world, 1)->id);
  /* Its text regenerated from the numbers is the same text. */
  {
    g_autofree char *regenerated = qr_patch_to_text (patch->patch);
    g_assert_cmpstr (regenerated, ==, PATCH_RAW);
  }

  assert_writes_as (quake3_text,
    "// entity 0\n"
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "// brush 0\n"
    "{\n"
    Q3_FACE (P_WEST, "textures/base_wall/concrete")
    Q3_FACE (P_SOUTH, "textures/base_wall/concrete")
    Q3_FACE (P_BOTTOM, "textures/base_floor/clang")
    Q3_FACE (P_TOP, "textures/base_wall/concrete")
    "}\n"
    "{\n"
    PATCH_RAW "\n"
    "}\n"
    "// brush 1\n"
    "{\n"
    Q3_FACE (P_WEST, "textures/common/clip")
    Q3_FACE (P_SOUTH, "textures/common/clip")
    Q3_FACE (P_BOTTOM, "textures/common/clip")
    "}\n"
    "}\n");
}

/* Patches first, last, and two in a row; in an entity other than the world. */
static void
test_quake3_patch_positions (void)
{
  static const char text[] =
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "{\n" PATCH_RAW "\n}\n"
    "{\n" Q3_FACE (P_WEST, "a") Q3_FACE (P_SOUTH, "a") Q3_FACE (P_BOTTOM, "a") "}\n"
    "{\n" PATCH_RAW "\n}\n"
    "{\n\tpatchDef2\n\t{\n\ttextures/x\n\t( 3 3 0 0 0 )\n\t(\n\t)\n\t}\n}\n"
    "}\n"
    "{\n"
    "\"classname\" \"func_group\"\n"
    "{\n" Q3_FACE (P_WEST, "a") Q3_FACE (P_SOUTH, "a") Q3_FACE (P_BOTTOM, "a") "}\n"
    "{\n" PATCH_RAW "\n}\n"
    "}\n";
  g_autoptr (QrMap) map = parse_ok (text);
  const QrEntity *world = qr_map_get_entity (map, 0);
  const QrEntity *group = qr_map_get_entity (map, 1);
  const QrNode *n;

  g_assert_cmpuint (qr_entity_brush_count (world), ==, 1);
  g_assert_cmpuint (world->kept->len, ==, 3);
  g_assert_cmpint (((QrNode *) g_ptr_array_index (world->kept, 0))->anchor, ==, 0);
  g_assert_cmpint (((QrNode *) g_ptr_array_index (world->kept, 1))->anchor, ==, 1);
  n = g_ptr_array_index (world->kept, 2);
  g_assert_cmpint (n->anchor, ==, 1);
  /* Verbatim from the name to the closing brace, inner TABs included. */
  g_assert_cmpstr (n->raw, ==, "patchDef2\n\t{\n\ttextures/x\n\t( 3 3 0 0 0 )\n\t(\n\t)\n\t}");
  g_assert_cmpuint (qr_entity_brush_count (group), ==, 1);
  g_assert_cmpuint (group->kept->len, ==, 1);
  g_assert_cmpint (((QrNode *) g_ptr_array_index (group->kept, 0))->anchor, ==, 1);
  qr_test_assert_round_trip (map);
}

#define BRUSHDEF_RAW \
  "brushDef\n" \
  "{\n" \
  "( -64 -64 -16 ) ( -64 -63 -16 ) ( -64 -64 -15 ) ( ( 0.03125 0 0 ) ( 0 0.03125 0 ) ) textures/a/b 0 0 0\n" \
  "( -64 -64 -16 ) ( -64 -64 -15 ) ( -63 -64 -16 ) ( ( 0.03125 0 0 ) ( 0 0.03125 0 ) ) textures/a/b 0 0 0\n" \
  "( -64 -64 -16 ) ( -63 -64 -16 ) ( -64 -63 -16 ) ( ( 0.03125 0 0 ) ( 0 0.03125 0 ) ) textures/a/b 0 0 0\n" \
  "}"

/* A brushDef block is a brush of brush-primitive faces: the plane points as
 * in every dialect, the matrix ( ( xx xy xz ) ( yx yy yz ) ), the texture
 * and the surface values; it keeps its text and, untouched, goes back
 * exactly as before it was read (no numbering comment, and the legacy
 * brushes' numbers unchanged). */
static void
test_quake3_brushdef (void)
{
  static const char text[] =
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "{\n" Q3_FACE (P_WEST, "a") Q3_FACE (P_SOUTH, "a") Q3_FACE (P_BOTTOM, "a") "}\n"
    "{\n" BRUSHDEF_RAW "\n}\n"
    "{\n" Q3_FACE (P_WEST, "b") Q3_FACE (P_SOUTH, "b") Q3_FACE (P_BOTTOM, "b") "}\n"
    "}\n";
  g_autoptr (QrMap) map = parse_ok (text);
  const QrEntity *world = qr_map_get_entity (map, 0);
  const QrBrush *brush;
  const QrFace *f;

  g_assert_cmpuint (qr_entity_brush_count (world), ==, 3);
  g_assert_cmpuint (world->kept->len, ==, 0);
  brush = qr_entity_get_brush (world, 1);
  g_assert_cmpint (brush->n_faces, ==, 3);
  g_assert_nonnull (brush->extra);
  g_assert_cmpstr (brush->extra->name, ==, "brushDef");
  g_assert_cmpstr (brush->extra->raw, ==, BRUSHDEF_RAW);
  g_assert_null (brush->extra->problem);
  for (int i = 0; i < 3; i++)
    {
      f = &brush->faces[i];
      g_assert_cmpint (f->form, ==, QR_TEX_BRUSHPRIM);
      g_assert_cmpstr (face_texture (map, f), ==, "textures/a/b");
      g_assert_cmpfloat (f->tex.matrix[0][0], ==, 0.03125);
      g_assert_cmpfloat (f->tex.matrix[0][1], ==, 0);
      g_assert_cmpfloat (f->tex.matrix[0][2], ==, 0);
      g_assert_cmpfloat (f->tex.matrix[1][0], ==, 0);
      g_assert_cmpfloat (f->tex.matrix[1][1], ==, 0.03125);
      g_assert_cmpfloat (f->tex.matrix[1][2], ==, 0);
      g_assert_true (f->has_surface);
    }
  f = &brush->faces[1];
  g_assert_true (qr_vec3_identical (f->points[0], qr_vec3 (-64, -64, -16)));
  g_assert_true (qr_vec3_identical (f->points[1], qr_vec3 (-64, -64, -15)));
  g_assert_true (qr_vec3_identical (f->points[2], qr_vec3 (-63, -64, -16)));
  g_assert_cmpint (qr_map_detect_dialect (map), ==, QR_DIALECT_QUAKE3);

  assert_writes_as (text,
    "// entity 0\n"
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "// brush 0\n"
    "{\n" Q3_FACE (P_WEST, "a") Q3_FACE (P_SOUTH, "a") Q3_FACE (P_BOTTOM, "a") "}\n"
    "{\n" BRUSHDEF_RAW "\n}\n"
    "// brush 1\n"
    "{\n" Q3_FACE (P_WEST, "b") Q3_FACE (P_SOUTH, "b") Q3_FACE (P_BOTTOM, "b") "}\n"
    "}\n");
}

/* Whatever the spacing and spelling of its numbers, an untouched brushDef
 * block is written back byte for byte; once its faces change, it is
 * written from them, in GtkRadiant's layout. */
static void
test_quake3_brushdef_text (void)
{
#define ODD_BRUSHDEF \
  "brushDef\n" \
  "\t{\n" \
  "\t( -64 -64 -16.0 ) ( -64 -63 -16 ) ( -64 -64 -15 ) ( ( 0.0312500 -0 0 ) ( 0 3.125e-2 0.5 ) ) x\n" \
  "\t( -64 -64 -16 )   ( -64 -64 -15 ) ( -63 -64 -16 ) (( 1 0 0 )( 0 1 0 )) \"y z\" 134217728 0 0\n" \
  "\t( -64 -64 -16 ) ( -63 -64 -16 ) ( -64 -63 -16 ) ( ( 1 0 0 ) ( 0 1 0 ) ) x 0 0 0\n" \
  "\t}"
  static const char text[] = "{\r\n\"classname\" \"worldspawn\"\r\n{\r\n" ODD_BRUSHDEF "\r\n}\r\n}\r\n";
  g_autoptr (QrMap) map = parse_ok (text);
  g_autofree char *out = qr_test_write_ok (map, QR_SAVE_AS_READ);
  QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (map, 0), 0);
  g_autofree char *edited = NULL;

  g_assert_cmpstr (out, ==, "// entity 0\n{\n\"classname\" \"worldspawn\"\n{\n" ODD_BRUSHDEF "\n}\n}\n");
  g_assert_cmpfloat (brush->faces[0].tex.matrix[1][2], ==, 0.5);
  g_assert_true (signbit (brush->faces[0].tex.matrix[0][1]));
  g_assert_false (brush->faces[0].has_surface);
  g_assert_cmpstr (face_texture (map, &brush->faces[1]), ==, "y z");
  qr_test_assert_round_trip (map);

  /* An edit leaves the old text in the brush's extra: the writer must see
   * that it no longer says what the faces do. */
  brush->faces[2].tex.matrix[0][2] = 0.25;
  edited = qr_test_write_ok (map, QR_SAVE_AS_READ);
  g_assert_cmpstr (edited, ==,
    "// entity 0\n{\n\"classname\" \"worldspawn\"\n{\n"
    "brushDef\n{\n"
    "( -64 -64 -16 ) ( -64 -63 -16 ) ( -64 -64 -15 ) ( ( 0.03125 -0 0 ) ( 0 0.03125 0.5 ) ) x\n"
    "( -64 -64 -16 ) ( -64 -64 -15 ) ( -63 -64 -16 ) ( ( 1 0 0 ) ( 0 1 0 ) ) \"y z\" 134217728 0 0\n"
    "( -64 -64 -16 ) ( -63 -64 -16 ) ( -64 -63 -16 ) ( ( 1 0 0.25 ) ( 0 1 0 ) ) x 0 0 0\n"
    "}\n}\n}\n");
  qr_test_assert_round_trip (map);
#undef ODD_BRUSHDEF
}

/* Windows builds of Radiant wrote NaN matrices as "-1.#IND" or "1.#QNAN";
 * q3map2 reads them with atof, as -1 and 1: the brush is still a brush,
 * and the text goes back as it was. */
static void
test_quake3_brushdef_msvc_nan (void)
{
#define NAN_BRUSHDEF \
  "brushDef\n{\n" \
  "( -64 -64 -16 ) ( -64 -63 -16 ) ( -64 -64 -15 ) ( ( -1.#IND 1.#QNAN 0 ) ( 1.#INF 0.5 -1.#IND00 ) ) x 0 0 0\n" \
  "( -64 -64 -16 ) ( -64 -64 -15 ) ( -63 -64 -16 ) ( ( 1 0 0 ) ( 0 1 0 ) ) x 0 0 0\n" \
  "( -64 -64 -16 ) ( -63 -64 -16 ) ( -64 -63 -16 ) ( ( 1 0 0 ) ( 0 1 0 ) ) x 0 0 0\n" \
  "}"
  static const char text[] = "{\n\"classname\" \"worldspawn\"\n{\n" NAN_BRUSHDEF "\n}\n}\n";
  g_autoptr (QrMap) map = parse_ok (text);
  const QrEntity *world = qr_map_get_entity (map, 0);
  const QrFace *f;

  g_assert_cmpuint (qr_entity_brush_count (world), ==, 1);
  g_assert_cmpuint (world->kept->len, ==, 0);
  f = &qr_entity_get_brush (world, 0)->faces[0];
  g_assert_cmpfloat (f->tex.matrix[0][0], ==, -1);
  g_assert_cmpfloat (f->tex.matrix[0][1], ==, 1);
  g_assert_cmpfloat (f->tex.matrix[1][0], ==, 1);
  g_assert_cmpfloat (f->tex.matrix[1][1], ==, 0.5);
  g_assert_cmpfloat (f->tex.matrix[1][2], ==, -1);
  assert_writes_as (text, "// entity 0\n{\n\"classname\" \"worldspawn\"\n{\n" NAN_BRUSHDEF "\n}\n}\n");
#undef NAN_BRUSHDEF
}

/* Text that is not a brushDef block as q3map2 reads it (brush key/values,
 * a missing matrix) stays verbatim with the reason, as every block did. */
static void
test_quake3_brushdef_invalid (void)
{
  static const char text[] =
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "{\nbrushDef\n{\n\"key\" \"value\"\n( 0 0 0 ) ( 0 1 0 ) ( 1 0 0 ) ( ( 1 0 0 ) ( 0 1 0 ) ) x\n}\n}\n"
    "{\nbrushDef\n{\n( 0 0 0 ) ( 0 1 0 ) ( 1 0 0 ) x 0 0 0 1 1\n}\n}\n"
    "{\n" BRUSHDEF_RAW "\n}\n"
    "}\n";
  g_autoptr (QrMap) map = parse_ok (text);
  const QrEntity *world = qr_map_get_entity (map, 0);
  const QrNode *n;

  g_assert_cmpuint (qr_entity_brush_count (world), ==, 1);
  g_assert_cmpuint (world->kept->len, ==, 2);
  n = g_ptr_array_index (world->kept, 0);
  g_assert_cmpstr (n->problem, ==, "test.map:6:1: expected “(” starting a face or “}” closing the brushDef block, found “\"key\"”");
  n = g_ptr_array_index (world->kept, 1);
  g_assert_cmpstr (n->problem, ==, "test.map:13:31: expected “(” starting a texture matrix, found “x”");
  g_assert_cmpint (n->anchor, ==, 0);
  assert_writes_as (text,
    "// entity 0\n"
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "{\nbrushDef\n{\n\"key\" \"value\"\n( 0 0 0 ) ( 0 1 0 ) ( 1 0 0 ) ( ( 1 0 0 ) ( 0 1 0 ) ) x\n}\n}\n"
    "{\nbrushDef\n{\n( 0 0 0 ) ( 0 1 0 ) ( 1 0 0 ) x 0 0 0 1 1\n}\n}\n"
    "{\n" BRUSHDEF_RAW "\n}\n"
    "}\n");
}

/* The other dialects cannot say a brush primitive's matrix without the
 * textures' sizes: converting refuses, naming the brush, and writes nothing. */
static void
test_quake3_brushdef_convert_refused (void)
{
  static const char text[] =
    "{\n\"classname\" \"worldspawn\"\n"
    "{\n" Q3_FACE (P_WEST, "a") Q3_FACE (P_SOUTH, "a") Q3_FACE (P_BOTTOM, "a") "}\n"
    "{\n" BRUSHDEF_RAW "\n}\n}\n";
  static const struct { QrSaveFormat format; const char *name; } cases[] = {
    { QR_SAVE_QUAKE, "standard Quake" },
    { QR_SAVE_VALVE220, "Valve 220" },
    { QR_SAVE_QUAKE2, "Quake 2" },
  };
  g_autoptr (QrMap) map = parse_ok (text);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      GString *out = qr_map_write_map (map, cases[i].format, &error);
      g_autofree char *want = g_strdup_printf (
        "entity 0, brush 1: Quake 3 brush primitives (brushDef) have no %s form "
        "without the textures' sizes; save the map in its own format", cases[i].name);

      g_assert_null (out);
      g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_UNSUPPORTED);
      g_assert_cmpstr (error->message, ==, want);
    }
  {
    g_autoptr (GError) error = NULL;
    GString *out = qr_map_write_vmf (map, &error);

    g_assert_null (out);
    g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_UNSUPPORTED);
    g_assert_cmpstr (error->message, ==,
                     "entity 0, brush 1: Quake 3 brush primitives (brushDef) have no VMF form "
                     "without the textures' sizes; save the map in its own format");
  }
}

/* A brushDef brush is built from its planes exactly as the legacy brush
 * with the same plane points: the same polytope, vertex for vertex. */
static void
test_quake3_brushdef_geometry (void)
{
#define BD_FACE(P) P " ( ( 0.015625 0 0 ) ( 0 0.015625 0 ) ) x 0 0 0\n"
#define P_SLANT "( 64 64 16 ) ( 64 -64 -48 ) ( 63 64 16 )"
  static const char prim[] =
    "{\n\"classname\" \"worldspawn\"\n{\nbrushDef\n{\n"
    BD_FACE (P_WEST) BD_FACE (P_SOUTH) BD_FACE (P_BOTTOM) BD_FACE (P_TOP) BD_FACE (P_NORTH)
    BD_FACE (P_EAST) BD_FACE (P_SLANT)
    "}\n}\n}\n";
  static const char legacy[] =
    "{\n\"classname\" \"worldspawn\"\n{\n"
    Q3_FACE (P_WEST, "x") Q3_FACE (P_SOUTH, "x") Q3_FACE (P_BOTTOM, "x") Q3_FACE (P_TOP, "x")
    Q3_FACE (P_NORTH, "x") Q3_FACE (P_EAST, "x") Q3_FACE (P_SLANT, "x")
    "}\n}\n";
  g_autoptr (QrMap) a = parse_ok (prim);
  g_autoptr (QrMap) b = parse_ok (legacy);
  const QrBrush *pa, *pb;

  qr_map_build_geometry (a, 1);
  qr_map_build_geometry (b, 1);
  pa = qr_entity_get_brush (qr_map_get_entity (a, 0), 0);
  pb = qr_entity_get_brush (qr_map_get_entity (b, 0), 0);
  g_assert_true (qr_brush_is_valid (pa));
  g_assert_true (qr_brush_is_valid (pb));
  g_assert_cmpint (pa->poly->n_verts, ==, pb->poly->n_verts);
  /* The slope z = y / 2 - 16 runs from the box's top edge at y = 64 down
   * to its bottom at y = 0: a wedge, 6 vertices, whose sloped face has 4. */
  g_assert_cmpint (pa->poly->n_verts, ==, 6);
  g_assert_cmpint (qr_polytope_face_count (pa->poly, 6), ==, 4);
  for (int i = 0; i < pa->poly->n_verts; i++)
    g_assert_true (qr_vec3_identical (pa->poly->verts[i], pb->poly->verts[i]));
  for (int f = 0; f < pa->n_faces; f++)
    {
      g_assert_cmpint (qr_polytope_face_count (pa->poly, f), ==, qr_polytope_face_count (pb->poly, f));
      for (int k = 0; k < qr_polytope_face_count (pa->poly, f); k++)
        g_assert_cmpint (qr_polytope_face_indices (pa->poly, f)[k], ==, qr_polytope_face_indices (pb->poly, f)[k]);
    }
#undef BD_FACE
#undef P_SLANT
}

/* Text that is not a patch stays verbatim and says where it went wrong;
 * the rest of the map reads on. */
static void
test_quake3_patch_invalid (void)
{
  static const char text[] =
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "{\npatchDef2\n{\ntextures/x\n( 3 3 0 0 0 )\n(\n( ( 0 0 0 0 0 ) ( 0 1 0 0 1 ) ( 0 2 0 0 2 ) )\n)\n}\n}\n"
    "{\npatchDef2\n{\ntextures/x\n( 4 3 0 0 0 )\n(\n)\n}\n}\n"
    "{\npatchDef2\n{\ntextures/x\n( 3 3 0 0 0 )\n(\n( ( 0 0 0 0 0 ) ( 0 1 zero 0 1 ) ( 0 2 0 0 2 ) )\n)\n}\n}\n"
    "{\n" PATCH_RAW "\n}\n"
    "}\n";
  g_autoptr (QrMap) map = parse_ok (text);
  const QrEntity *world = qr_map_get_entity (map, 0);
  const QrNode *n;

  g_assert_cmpuint (world->kept->len, ==, 4);
  /* One row where three were announced. */
  n = g_ptr_array_index (world->kept, 0);
  g_assert_null (n->patch);
  g_assert_cmpstr (n->problem, ==, "test.map:10:1: expected “(” starting a row of control points, found “)”");
  n = g_ptr_array_index (world->kept, 1);
  g_assert_null (n->patch);
  g_assert_cmpstr (n->problem, ==, "test.map:17:3: a patch of 4 × 3 control points: both must be odd and 3 or more");
  n = g_ptr_array_index (world->kept, 2);
  g_assert_null (n->patch);
  g_assert_cmpstr (n->problem, ==, "test.map:28:23: expected a number, found “zero”");
  g_assert_cmpstr (n->raw, ==, "patchDef2\n{\ntextures/x\n( 3 3 0 0 0 )\n(\n( ( 0 0 0 0 0 ) ( 0 1 zero 0 1 ) ( 0 2 0 0 2 ) )\n)\n}");
  n = g_ptr_array_index (world->kept, 3);
  g_assert_nonnull (n->patch);
  g_assert_null (n->problem);
  qr_test_assert_round_trip (map);
}

/* An edited patch (raw text dropped) is written from its numbers, the
 * shortest decimals that read back to the same doubles. */
static void
test_quake3_patch_regenerated (void)
{
  static const char text[] = "{\n\"classname\" \"worldspawn\"\n{\n" PATCH_RAW "\n}\n}\n";
  g_autoptr (QrMap) map = parse_ok (text);
  QrNode *n = g_ptr_array_index (qr_map_get_entity (map, 0)->kept, 0);
  g_autoptr (QrPatch) moved = qr_patch_copy (n->patch);
  QrTransform tr = qr_transform_translate (qr_vec3 (0.1, 1.0 / 3, -0.25));
  g_autofree char *out = NULL;
  g_autoptr (QrMap) again = NULL;
  QrNode *m;

  qr_patch_transform (moved, &tr);
  qr_patch_unref (n->patch);
  n->patch = g_steal_pointer (&moved);
  g_clear_pointer (&n->raw, g_free);
  out = qr_test_write_ok (map, QR_SAVE_AS_READ);
  g_assert_nonnull (strstr (out, "( ( -63.9 -63.666666666666664 -0.25 0 0 ) ( -63.9 0.3333333333333333 -0.25 0 0.5 )"));
  again = parse_ok (out);
  m = g_ptr_array_index (qr_map_get_entity (again, 0)->kept, 0);
  g_assert_nonnull (m->patch);
  n->patch->id = m->patch->id;
  g_assert_true (qr_patch_equal (n->patch, m->patch));

  /* VMF has no patches, edited or not. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GString) vmf = qr_map_write_vmf (map, &error);
    g_assert_no_error (error);
    g_assert_null (strstr (vmf->str, "patchDef2"));
  }
}

/* CRLF inside a verbatim block: the kept text has plain newlines. */
static void
test_quake3_patch_crlf (void)
{
  static const char text[] =
    "{\r\n"
    "\"classname\" \"worldspawn\"\r\n"
    "{\r\n"
    "patchDef2\r\n{\r\ntextures/x\r\n( 3 3 0 0 0 )\r\n(\r\n( ( 0 0 0 0 0 ) ( 0 1 0 0 1 ) ( 0 2 0 0 2 ) )\r\n)\r\n}\r\n"
    "}\r\n"
    "}\r\n";
  g_autoptr (QrMap) map = parse_ok (text);
  const QrNode *n = g_ptr_array_index (qr_map_get_entity (map, 0)->kept, 0);

  g_assert_cmpstr (n->raw, ==, "patchDef2\n{\ntextures/x\n( 3 3 0 0 0 )\n(\n( ( 0 0 0 0 0 ) ( 0 1 0 0 1 ) ( 0 2 0 0 2 ) )\n)\n}");
  qr_test_assert_round_trip (map);
}

/* ---- bare brush lists, comments, whitespace, names ---------------------- */

static const char bare_text[] =
  "{\n"
  P_WEST " a 0 0 0 1 1\n"
  P_SOUTH " a 0 0 0 1 1\n"
  P_BOTTOM " a 0 0 0 1 1\n"
  "}\n"
  "{\n"
  P_TOP " b [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  P_NORTH " b [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  P_EAST " b [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "}\n";

static void
test_bare_list (void)
{
  g_autoptr (QrMap) map = parse_ok (bare_text);
  const QrEntity *e;

  g_assert_cmpuint (qr_map_entity_count (map), ==, 1);
  e = qr_map_get_entity (map, 0);
  g_assert_true (e->flags & QR_ENTITY_IMPLICIT);
  g_assert_cmpuint (e->keys->len, ==, 0);
  g_assert_null (qr_entity_get_key (e, "classname"));
  g_assert_cmpstr (qr_entity_get_classname (e), ==, "worldspawn");
  g_assert_cmpuint (qr_entity_brush_count (e), ==, 2);
  assert_points (qr_test_get_face (map, 0, 0, 0), pts_west);
  assert_standard (qr_test_get_face (map, 0, 0, 2), 0, 0, 0, 1, 1);
  assert_points (qr_test_get_face (map, 0, 1, 2), pts_east);
  assert_valve (qr_test_get_face (map, 0, 1, 2), Y_AXIS, 0, NEG_Z, 0, 0, 1, 1);

  assert_writes_as (bare_text,
    "// brush 0\n"
    "{\n"
    P_WEST " a 0 0 0 1 1\n"
    P_SOUTH " a 0 0 0 1 1\n"
    P_BOTTOM " a 0 0 0 1 1\n"
    "}\n"
    "// brush 1\n"
    "{\n"
    P_TOP " b [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
    P_NORTH " b [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    P_EAST " b [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    "}\n");
}

static void
test_bare_list_single_line (void)
{
  /* As some editors put one brush on the clipboard, with comments around. */
  static const char text[] =
    "// copied\n{ " P_WEST " a 0 0 0 1 1 " P_SOUTH " a 0 0 0 1 1 " P_BOTTOM " a 0 0 0 1 1 }";
  g_autoptr (QrMap) map = parse_ok (text);

  g_assert_cmpuint (qr_map_entity_count (map), ==, 1);
  g_assert_true (qr_map_get_entity (map, 0)->flags & QR_ENTITY_IMPLICIT);
  g_assert_cmpint (qr_entity_get_brush (qr_map_get_entity (map, 0), 0)->n_faces, ==, 3);
  g_assert_cmpstr (map->preamble, ==, "// copied\n");
  qr_test_assert_round_trip (map);
}

static const char comments_text[] =
  "// leading comment\n"
  "; QuArK comment\n"
  "{\n"
  "\"classname\" \"worldspawn\" // after a key\n"
  "; between keys\n"
  "\"message\" \"hello\"\n"
  "// before a brush\n"
  "{\n"
  "// before the first face\n"
  P_WEST " a 0 0 0 1 1 // after a face\n"
  "; between faces\n"
  P_SOUTH " a 0 0 0 1 1 ; QuArK style after a face\n"
  "// between faces\n"
  P_BOTTOM " a 0 0 0 1 1 0 0 0 // after surface values\n"
  "// before the closing brace\n"
  "}\n"
  "; after a brush\n"
  "}\n"
  "// between entities\n"
  "{\n"
  "\"classname\" \"light\"\n"
  "}\n"
  "// at the end, without a newline";

static void
test_comments (void)
{
  g_autoptr (QrMap) map = parse_ok (comments_text);
  const QrEntity *world;

  g_assert_cmpstr (map->preamble, ==, "// leading comment\n; QuArK comment\n");
  g_assert_cmpuint (qr_map_entity_count (map), ==, 2);
  world = qr_map_get_entity (map, 0);
  g_assert_cmpuint (world->keys->len, ==, 2);
  g_assert_cmpstr (qr_entity_get_key (world, "message"), ==, "hello");
  g_assert_cmpuint (qr_entity_brush_count (world), ==, 1);
  g_assert_cmpint (qr_entity_get_brush (world, 0)->n_faces, ==, 3);
  assert_points (qr_test_get_face (map, 0, 0, 1), pts_south);
  assert_no_surface (qr_test_get_face (map, 0, 0, 1));
  assert_surface (qr_test_get_face (map, 0, 0, 2), 0, 0, 0);
  g_assert_cmpstr (qr_entity_get_classname (qr_map_get_entity (map, 1)), ==, "light");
  qr_test_assert_round_trip (map);
}

static void
test_comments_at_end (void)
{
  static const char *const endings[] = {
    "// no newline", "; no newline", "//", ";", "// crlf\r\n", "\n\n// two\n// lines",
  };

  for (guint i = 0; i < G_N_ELEMENTS (endings); i++)
    {
      g_autofree char *text = g_strconcat (quake_text, endings[i], NULL);
      g_autoptr (QrMap) map = parse_ok (text);
      g_autoptr (QrMap) plain = parse_ok (quake_text);

      qr_test_assert_maps_equal (map, plain);
    }

  /* A file of nothing but comments is an empty document with a header. */
  {
    g_autoptr (QrMap) map = parse_ok ("// Game: Quake\n; nothing else");

    g_assert_cmpuint (qr_map_entity_count (map), ==, 0);
    g_assert_cmpstr (map->preamble, ==, "// Game: Quake\n; nothing else\n");
  }
  {
    g_autoptr (QrMap) map = parse_ok ("");

    g_assert_cmpuint (qr_map_entity_count (map), ==, 0);
    g_assert_null (map->preamble);
  }
}

static void
test_crlf_tabs (void)
{
  /* The same document as quake_text, with CRLF line ends and TABs. */
  static const char text[] =
    "{\r\n"
    "\t\"classname\"\t\"worldspawn\"\r\n"
    "\t\"wad\" \"gfx/base.wad\"\r\n"
    "\t{\r\n"
    "\t\t(\t-64 -64 -16\t)\t( -64 -63 -16 ) ( -64 -64 -15 )\tbase_wall\t16\t-8 90 0.5 2\r\n"
    "\t\t( -64 -64 -16 ) ( -64 -64 -15 ) ( -63 -64 -16 ) base_wall -0.25 1.5 -45 1 -1\t\r\n"
    "\t\t( -64 -64 -16 ) ( -63 -64 -16 ) ( -64 -63 -16 ) floor_1 0 0 0 1 1\r\n"
    "\r\n"
    "\t\t( 64 64 16 ) ( 64 65 16 ) ( 65 64 16 ) ceil 1.000000 2.500000 180.000000 1.000000 1.000000\r\n"
    "\t\t( 64 64 16 ) ( 65 64 16 ) ( 64 64 17 ) base_wall 0 0 0 1 1\r\n"
    "\t\t( 64 64 16 ) ( 64 64 17 ) ( 64 65 16 ) base_wall 0 0 0 1 1\r\n"
    "\t}\r\n"
    "}\r\n"
    "{\r\n"
    "\"classname\" \"info_player_start\"\r\n"
    "\"origin\" \"0 0 24\"\r\n"
    "}\r\n";
  g_autoptr (QrMap) map = parse_ok (text);
  g_autoptr (QrMap) plain = parse_ok (quake_text);
  g_autofree char *out_crlf = qr_test_write_ok (map, QR_SAVE_AS_READ);
  g_autofree char *out_plain = qr_test_write_ok (plain, QR_SAVE_AS_READ);

  qr_test_assert_maps_equal (map, plain);
  g_assert_cmpstr (out_crlf, ==, out_plain);
  g_assert_null (strchr (out_crlf, '\r'));

  /* A CRLF header keeps its lines without the carriage returns. */
  {
    g_autoptr (QrMap) m = parse_ok ("// Game: Quake\r\n// Format: Standard\r\n// entity 0\r\n{\r\n\"classname\" \"worldspawn\"\r\n}\r\n");

    g_assert_cmpstr (m->preamble, ==, "// Game: Quake\n// Format: Standard\n");
    qr_test_assert_round_trip (m);
  }
}

static void
test_texture_names (void)
{
  static const char text[] =
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "{\n"
    P_WEST " {fence 0 0 0 1 1\n"
    P_SOUTH " *water1 0 0 0 1 1\n"
    P_BOTTOM " +0button 0 0 0 1 1\n"
    P_TOP " +atex/sub/dir 0 0 0 1 1\n"
    P_NORTH " textures/base_wall/c_met5_2 0 0 0 1 1\n"
    P_EAST " *lava/{x}+y 0 0 0 1 1\n"
    "}\n"
    "{\n"
    P_WEST " {blue [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    P_SOUTH " *04water1 [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    P_BOTTOM " +a_lamp [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
    "}\n"
    "}\n";
  static const char *const names[] = {
    "{fence", "*water1", "+0button", "+atex/sub/dir", "textures/base_wall/c_met5_2", "*lava/{x}+y",
  };
  g_autoptr (QrMap) map = parse_ok (text);

  for (int i = 0; i < 6; i++)
    g_assert_cmpstr (face_texture (map, qr_test_get_face (map, 0, 0, i)), ==, names[i]);
  g_assert_cmpstr (face_texture (map, qr_test_get_face (map, 0, 1, 0)), ==, "{blue");
  g_assert_cmpstr (face_texture (map, qr_test_get_face (map, 0, 1, 1)), ==, "*04water1");
  g_assert_cmpstr (face_texture (map, qr_test_get_face (map, 0, 1, 2)), ==, "+a_lamp");
  assert_valve (qr_test_get_face (map, 0, 1, 0), Y_AXIS, 0, NEG_Z, 0, 0, 1, 1);

  assert_writes_as (text,
    "// entity 0\n"
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "// brush 0\n"
    "{\n"
    P_WEST " {fence 0 0 0 1 1\n"
    P_SOUTH " *water1 0 0 0 1 1\n"
    P_BOTTOM " +0button 0 0 0 1 1\n"
    P_TOP " +atex/sub/dir 0 0 0 1 1\n"
    P_NORTH " textures/base_wall/c_met5_2 0 0 0 1 1\n"
    P_EAST " *lava/{x}+y 0 0 0 1 1\n"
    "}\n"
    "// brush 1\n"
    "{\n"
    P_WEST " {blue [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    P_SOUTH " *04water1 [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    P_BOTTOM " +a_lamp [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
    "}\n"
    "}\n");

  /* A brush whose first face has a "{" texture, in a bare list. */
  {
    g_autoptr (QrMap) bare = parse_ok ("{\n" P_WEST " {fence 0 0 0 1 1\n}\n");

    g_assert_true (qr_map_get_entity (bare, 0)->flags & QR_ENTITY_IMPLICIT);
    g_assert_cmpstr (face_texture (bare, qr_test_get_face (bare, 0, 0, 0)), ==, "{fence");
  }
}

static const char quoted_text[] =
  "{\n"
  "\"classname\" \"worldspawn\"\n"
  "\"message\" \"open { brace\"\n"
  "\"message\" \"close } brace // not a comment ; nor this\"\n"
  "\"_tb_def\" \"builtin:Quake.fgd\"\n"
  "\"wad\" \"C:\\quake\\id1\\\"\n"
  "\"netname\" \"say \\\"hi\\\" now\"\n"
  "\"message\" \"{\"\n"
  "\"}\" \"\"\n"
  "{\n"
  P_WEST " a 0 0 0 1 1\n"
  P_SOUTH " a 0 0 0 1 1\n"
  P_BOTTOM " a 0 0 0 1 1\n"
  "}\n"
  "}\n";

static void
test_quoted_values (void)
{
  g_autoptr (QrMap) map = parse_ok (quoted_text);
  const QrEntity *e = qr_map_get_entity (map, 0);
  static const char *const expected[][2] = {
    { "classname", "worldspawn" },
    { "message", "open { brace" },
    { "message", "close } brace // not a comment ; nor this" },
    { "_tb_def", "builtin:Quake.fgd" },
    { "wad", "C:\\quake\\id1\\" },
    { "netname", "say \"hi\" now" },
    { "message", "{" },
    { "}", "" },
  };

  g_assert_cmpuint (e->keys->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const QrKeyValue *kv = &g_array_index (e->keys, QrKeyValue, i);

      g_assert_cmpstr (kv->key, ==, expected[i][0]);
      g_assert_cmpstr (kv->value, ==, expected[i][1]);
    }
  /* The first of duplicate keys answers. */
  g_assert_cmpstr (qr_entity_get_key (e, "message"), ==, "open { brace");
  g_assert_cmpuint (qr_entity_brush_count (e), ==, 1);

  assert_writes_as (quoted_text,
    "// entity 0\n"
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "\"message\" \"open { brace\"\n"
    "\"message\" \"close } brace // not a comment ; nor this\"\n"
    "\"_tb_def\" \"builtin:Quake.fgd\"\n"
    "\"wad\" \"C:\\quake\\id1\\\"\n"
    "\"netname\" \"say \\\"hi\\\" now\"\n"
    "\"message\" \"{\"\n"
    "\"}\" \"\"\n"
    "// brush 0\n"
    "{\n"
    P_WEST " a 0 0 0 1 1\n"
    P_SOUTH " a 0 0 0 1 1\n"
    P_BOTTOM " a 0 0 0 1 1\n"
    "}\n"
    "}\n");
}

/* Brackets and parentheses end a number or a point without a space. */
static void
test_tight_spacing (void)
{
  static const char text[] =
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "{\n"
    "(-64 -64 -16)(-64 -63 -16)(-64 -64 -15) a 1 2 3 4 5\n"
    "(-64 -64 -16) (-64 -64 -15) (-63 -64 -16) b [1 0 0 6] [0 0 -1 7] 8 9 10\n"
    "( -64 -64 -16 )( -63 -64 -16 )( -64 -63 -16 )c 0 0 0 1 1\n"
    "}\n"
    "}\n";
  g_autoptr (QrMap) map = parse_ok (text);

  assert_points (qr_test_get_face (map, 0, 0, 0), pts_west);
  assert_standard (qr_test_get_face (map, 0, 0, 0), 1, 2, 3, 4, 5);
  assert_points (qr_test_get_face (map, 0, 0, 1), pts_south);
  assert_valve (qr_test_get_face (map, 0, 0, 1), X_AXIS, 6, NEG_Z, 7, 8, 9, 10);
  assert_points (qr_test_get_face (map, 0, 0, 2), pts_bottom);
  g_assert_cmpstr (face_texture (map, qr_test_get_face (map, 0, 0, 2)), ==, "c");
  qr_test_assert_round_trip (map);
}

/* ---- numbers ------------------------------------------------------------ */

static void
test_three_digit_exponents (void)
{
  static const char text[] =
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "{\n"
    "( 1e-005 1.5E+002 -2.5e+010 ) ( 0 1 2.5E-003 ) ( 1E+003 0 0 ) a 1e+001 -1E-001 1.5e+002 2.5E-001 1e000\n"
    P_SOUTH " b [ 1e+000 0 0 1.25E+002 ] [ 0 0 -1E+000 -3e-003 ] 0 5e-001 1.5E+000\n"
    P_BOTTOM " c 0 0 0 1 1\n"
    "}\n"
    "}\n";
  g_autoptr (QrMap) map = parse_ok (text);
  const QrFace *f = qr_test_get_face (map, 0, 0, 0);

  qr_test_assert_vec3_same (f->points[0], 1e-5, 150, -2.5e10);
  qr_test_assert_vec3_same (f->points[1], 0, 1, 2.5e-3);
  qr_test_assert_vec3_same (f->points[2], 1000, 0, 0);
  assert_standard (f, 10, -0.1, 150, 0.25, 1);
  assert_valve (qr_test_get_face (map, 0, 0, 1), X_AXIS, 125, NEG_Z, -3e-3, 0, 0.5, 1.5);
  qr_test_assert_round_trip (map);
}

static void
test_negative_zero (void)
{
  static const char text[] =
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "{\n"
    "( -0 0 -0.0 ) ( -64 -0.000 -16 ) ( 0.0 -0e5 -15 ) a -0 0 -0 1 -0\n"
    P_SOUTH " b [ -0 1 0 -0 ] [ 0 -0 -1 0 ] -0 1 1\n"
    P_BOTTOM " c 0 0 0 1 1 -0 0 -0\n"
    "}\n"
    "}\n";
  g_autoptr (QrMap) map = parse_ok (text);
  const QrFace *f = qr_test_get_face (map, 0, 0, 0);

  g_assert_true (signbit (f->points[0].x));
  g_assert_false (signbit (f->points[0].y));
  g_assert_true (signbit (f->points[0].z));
  g_assert_true (signbit (f->points[1].y));
  g_assert_false (signbit (f->points[2].x));
  g_assert_true (signbit (f->points[2].y));
  assert_standard (f, -0.0, 0.0, -0.0, 1, -0.0);
  assert_valve (qr_test_get_face (map, 0, 0, 1), qr_vec3 (-0.0, 1, 0), -0.0, qr_vec3 (0, -0.0, -1), 0, -0.0, 1, 1);
  assert_surface (qr_test_get_face (map, 0, 0, 2), -0.0, 0, -0.0);

  assert_writes_as (text,
    "// entity 0\n"
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "// brush 0\n"
    "{\n"
    "( -0 0 -0 ) ( -64 -0 -16 ) ( 0 -0 -15 ) a -0 0 -0 1 -0\n"
    P_SOUTH " b [ -0 1 0 -0 ] [ 0 -0 -1 0 ] -0 1 1\n"
    P_BOTTOM " c 0 0 0 1 1 -0 0 -0\n"
    "}\n"
    "}\n");
}

static void
test_long_decimals (void)
{
  static const char *const numbers[] = {
    "0.12345678901234567890",
    "1234.5678901234567890123",
    "-7.0000000000000000001",
    "9007199254740993",
    "0.10000000000000000555",
    "-63.999999999999999999",
    "12345678901234567890",
    "0.33333333333333331483",
  };
  g_autoptr (GString) text = g_string_new ("{\n\"classname\" \"worldspawn\"\n{\n");
  g_autoptr (QrMap) map = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    g_string_append_printf (text, "( %s 1 2 ) ( 3 %s 4 ) ( 5 6 %s ) a %s 0 0 1 1\n",
                            numbers[i], numbers[i], numbers[i], numbers[i]);
  g_string_append (text, "}\n}\n");
  map = parse_ok (text->str);

  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      const QrFace *f = qr_test_get_face (map, 0, 0, (int) i);
      double expected = g_ascii_strtod (numbers[i], NULL);

      qr_test_assert_same (f->points[0].x, expected);
      qr_test_assert_same (f->points[1].y, expected);
      qr_test_assert_same (f->points[2].z, expected);
      qr_test_assert_same (f->tex.shift[0], expected);
    }
  qr_test_assert_round_trip (map);
}

static void
test_shortest_output (void)
{
  static const char text[] =
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "{\n"
    "( 0.5 0.1 1.000000 ) ( 2.50 -3.125000 100.0 ) ( 0.33333333333333331483 1e-005 1.5E+002 ) a 0.000000 -16.000000 45.000000 0.500000 1.000000\n"
    "( +1 00064 -0016.50 ) ( 1024.0000 65536 -1e3 ) ( 0.1000000000000000055511 0.3 0.7 ) b [ 1.000000 0.000000 0.000000 -8.000000 ] [ 0 0 -1 0.250 ] 0.000000 0.250000 0.250000\n"
    "}\n"
    "}\n";

  assert_writes_as (text,
    "// entity 0\n"
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "// brush 0\n"
    "{\n"
    "( 0.5 0.1 1 ) ( 2.5 -3.125 100 ) ( 0.3333333333333333 1e-05 150 ) a 0 -16 45 0.5 1\n"
    "( 1 64 -16.5 ) ( 1024 65536 -1000 ) ( 0.1 0.3 0.7 ) b [ 1 0 0 -8 ] [ 0 0 -1 0.25 ] 0 0.25 0.25\n"
    "}\n"
    "}\n");
}

static void
test_preamble (void)
{
  static const char text[] =
    "// Game: Quake\n"
    "// Format: Standard\n"
    "// entity 0\n"
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "// brush 0\n"
    "{\n"
    P_WEST " a 0 0 0 1 1\n"
    P_SOUTH " a 0 0 0 1 1\n"
    P_BOTTOM " a 0 0 0 1 1\n"
    "}\n"
    "}\n"
    "// entity 1\n"
    "{\n"
    "\"classname\" \"light\"\n"
    "}\n";
  g_autoptr (QrMap) map = parse_ok (text);

  g_assert_cmpstr (map->preamble, ==, "// Game: Quake\n// Format: Standard\n");
  assert_writes_as (text, text);

  /* Numbering comments alone are no header; look-alikes are kept. */
  {
    g_autoptr (QrMap) m = parse_ok ("// entity 0\n// brush 12\n{\n\"classname\" \"worldspawn\"\n}\n");

    g_assert_null (m->preamble);
  }
  {
    g_autoptr (QrMap) m = parse_ok ("// entity zero\n// entity 1x\n//entity 2\n{\n\"classname\" \"worldspawn\"\n}\n");

    g_assert_cmpstr (m->preamble, ==, "// entity zero\n// entity 1x\n//entity 2\n");
    qr_test_assert_round_trip (m);
  }
}

/* ---- one document with everything, round trip -------------------------- */

static void
test_round_trip_everything (void)
{
  g_autofree char *text = g_strconcat (
    "// Game: Generic\n",
    "; QuArK header\n",
    "{\n",
    "\"classname\" \"worldspawn\"\n",
    "\"message\" \"a { b } // c\"\n",
    "\"message\" \"dup\"\n",
    "\"_tb_textures\" \"textures/a;textures/b\"\n",
    "{\n",
    "( -0 0.1 1e-005 ) ( 64 -63.999999999999999999 -16 ) ( -64 -64 -15 ) {fence 16 -8 90 0.5 2\n",
    P_SOUTH " *water [ 1 0 0 0.5 ] [ 0 0 -1 -0 ] 30 0.25 4\n",
    P_BOTTOM " +0btn 0 0 0 1 1 1 2 3\n",
    P_TOP " e1/x [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1 0 0 0\n",
    "}\n",
    "{\n" PATCH_RAW "\n}\n",
    "{\n" BRUSHDEF_RAW "\n}\n",
    "}\n",
    "{\r\n\"classname\"\t\"func_door\"\r\n\"target\" \"t1\"\r\n",
    "{\n" P_WEST " a 0 0 0 1 1\n" P_SOUTH " a 0 0 0 1 1\n" P_BOTTOM " a 0 0 0 1 1\n}\n",
    "}\n",
    "{\n\"classname\" \"light\"\n\"origin\" \"1 2 3\"\n}\n",
    NULL);
  g_autoptr (QrMap) map = parse_ok (text);

  g_assert_cmpuint (qr_map_entity_count (map), ==, 3);
  /* The patch is kept; the brushDef block is a brush. */
  g_assert_cmpuint (qr_map_get_entity (map, 0)->kept->len, ==, 1);
  g_assert_cmpuint (qr_entity_brush_count (qr_map_get_entity (map, 0)), ==, 2);
  qr_test_assert_round_trip (map);
}

/* ---- conversions -------------------------------------------------------- */

static const char standard_box[] =
  "{\n"
  "\"classname\" \"worldspawn\"\n"
  "{\n"
  P_WEST " base 0 0 0 1 1\n"
  P_SOUTH " base 0 0 0 1 1\n"
  P_BOTTOM " base 0 0 0 1 1\n"
  P_TOP " base 0 0 0 1 1\n"
  P_NORTH " base 0 0 0 1 1\n"
  P_EAST " base 0 0 0 1 1\n"
  "}\n"
  "}\n";

static const char valve_box_out[] =
  "// entity 0\n"
  "{\n"
  "\"classname\" \"worldspawn\"\n"
  "\"mapversion\" \"220\"\n"
  "// brush 0\n"
  "{\n"
  P_WEST " base [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  P_SOUTH " base [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  P_BOTTOM " base [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  P_TOP " base [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  P_NORTH " base [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  P_EAST " base [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "}\n"
  "}\n";

static void
test_convert_to_valve220 (void)
{
  g_autoptr (QrMap) map = parse_ok (standard_box);

  qr_test_assert_writes_as (map, QR_SAVE_VALVE220, valve_box_out);

  /* Shifts, rotations and scales: every texel stays where it was. */
  {
    static const char text[] =
      "{\n"
      "\"classname\" \"worldspawn\"\n"
      "\"wad\" \"x.wad\"\n"
      "{\n"
      P_WEST " base 16 -8 30 0.5 2\n"
      P_SOUTH " base -3 7 -45 -1 0.25\n"
      P_BOTTOM " base 0 0 90 1 1\n"
      P_TOP " base 12.5 0 180 2 -2\n"
      P_NORTH " base 0 64 270 1 1 1 2 3\n"
      "( 0 0 0 ) ( 64 0 64 ) ( 0 64 0 ) base 5 5 15 1.5 0.75\n"
      "}\n"
      "}\n";
    g_autoptr (QrMap) std = parse_ok (text);
    g_autofree char *valve = qr_test_write_ok (std, QR_SAVE_VALVE220);
    g_autoptr (QrMap) back = parse_ok (valve);
    const QrEntity *world = qr_map_get_entity (back, 0);

    /* After the classname, once; other keys stay. */
    g_assert_true (g_str_has_prefix (valve, "// entity 0\n{\n\"classname\" \"worldspawn\"\n\"mapversion\" \"220\"\n\"wad\" \"x.wad\"\n"));
    g_assert_cmpuint (world->keys->len, ==, 3);
    for (int i = 0; i < 6; i++)
      {
        const QrFace *a = qr_test_get_face (std, 0, 0, i), *b = qr_test_get_face (back, 0, 0, i);

        g_assert_cmpint (b->form, ==, QR_TEX_VALVE);
        for (int k = 0; k < 3; k++)
          g_assert_true (qr_vec3_identical (a->points[k], b->points[k]));
        assert_same_texels (a, b);
        /* Half-Life tools read no surface values. */
        assert_no_surface (b);
      }
    g_assert_cmpint (qr_map_detect_dialect (back), ==, QR_DIALECT_VALVE220);
  }

  /* A map that already says 220 says it once. */
  {
    g_autoptr (QrMap) v = parse_ok (valve_text);
    g_autofree char *again = qr_test_write_ok (v, QR_SAVE_VALVE220);
    const char *first = strstr (again, "\"mapversion\"");

    g_assert_nonnull (first);
    g_assert_null (strstr (first + 1, "\"mapversion\""));
  }
}

static void
test_convert_to_quake (void)
{
  static const char text[] =
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "\"mapversion\" \"220\"\n"
    "\"wad\" \"x.wad\"\n"
    "{\n"
    P_WEST " base [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    P_SOUTH " base [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    P_BOTTOM " base [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
    P_TOP " base [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
    P_NORTH " base [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    P_EAST " base [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    "}\n"
    "}\n";
  g_autoptr (QrMap) map = parse_ok (text);
  g_autofree char *out = qr_test_write_ok (map, QR_SAVE_QUAKE);

  g_assert_cmpstr (out, ==,
    "// entity 0\n"
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "\"wad\" \"x.wad\"\n"
    "// brush 0\n"
    "{\n"
    P_WEST " base 0 0 0 1 1\n"
    P_SOUTH " base 0 0 0 1 1\n"
    P_BOTTOM " base 0 0 0 1 1\n"
    P_TOP " base 0 0 0 1 1\n"
    P_NORTH " base 0 0 0 1 1\n"
    P_EAST " base 0 0 0 1 1\n"
    "}\n"
    "}\n");

  /* Axial axes that are rotated, scaled, shifted or flipped convert too. */
  {
    static const char rotated[] =
      "{\n"
      "\"classname\" \"worldspawn\"\n"
      "\"mapversion\" \"220\"\n"
      "{\n"
      P_WEST " base [ 0 1 0 16 ] [ 0 0 -1 -8 ] 0 0.5 2\n"
      P_SOUTH " base [ 0 0 -1 4 ] [ -1 0 0 0 ] 90 1 1\n"
      P_BOTTOM " base [ 0 1 0 0 ] [ 1 0 0 0 ] 90 1 1\n"
      P_TOP " base [ 0.7071067811865476 -0.7071067811865476 0 0 ] [ -0.7071067811865476 -0.7071067811865476 0 0 ] 45 1 1\n"
      P_NORTH " base [ 1 0 0 3 ] [ 0 0 -1 5 ] 0 -1 0.25\n"
      P_EAST " base [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1 7 8 9\n"
      "}\n"
      "}\n";
    g_autoptr (QrMap) valve = parse_ok (rotated);
    g_autofree char *std_text = qr_test_write_ok (valve, QR_SAVE_QUAKE);
    g_autoptr (QrMap) back = parse_ok (std_text);

    g_assert_null (strstr (std_text, "mapversion"));
    g_assert_null (strchr (std_text, '['));
    for (int i = 0; i < 6; i++)
      {
        const QrFace *a = qr_test_get_face (valve, 0, 0, i), *b = qr_test_get_face (back, 0, 0, i);

        g_assert_cmpint (b->form, ==, QR_TEX_STANDARD);
        assert_same_texels (a, b);
      }
    g_assert_cmpint (qr_map_detect_dialect (back), ==, QR_DIALECT_QUAKE);

    /* Quake 2 keeps the surface values and also drops the 220 marker. */
    {
      g_autofree char *q2 = qr_test_write_ok (valve, QR_SAVE_QUAKE2);
      g_autoptr (QrMap) q2map = parse_ok (q2);

      g_assert_null (strstr (q2, "mapversion"));
      assert_surface (qr_test_get_face (q2map, 0, 0, 5), 7, 8, 9);
      g_assert_cmpint (qr_test_get_face (q2map, 0, 0, 5)->form, ==, QR_TEX_STANDARD);
    }
  }
}

static void
test_convert_to_quake_skewed (void)
{
  static const char text[] =
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "}\n"
    "{\n"
    "\"classname\" \"func_wall\"\n"
    "{\n"
    P_WEST " base [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    "}\n"
    "{\n"
    P_WEST " base [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    P_SOUTH " base [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
    P_BOTTOM " base [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
    P_TOP " base [ 1 0 0 0 ] [ 0.6 -0.8 0 0 ] 0 1 1\n"
    "}\n"
    "}\n";
  g_autoptr (QrMap) map = parse_ok (text);
  g_autoptr (GError) error = NULL;
  GString *out = qr_map_write_map (map, QR_SAVE_QUAKE, &error);

  g_assert_null (out);
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_UNSUPPORTED);
  if (!g_str_has_prefix (error->message, "entity 1, brush 1, face 3: "))
    g_error ("unexpected message: %s", error->message);

  /* The same document still saves as read and as Valve 220. */
  g_clear_error (&error);
  {
    g_autofree char *as_read = qr_test_write_ok (map, QR_SAVE_AS_READ);
    g_autofree char *valve = qr_test_write_ok (map, QR_SAVE_VALVE220);

    g_assert_nonnull (strstr (as_read, "[ 0.6 -0.8 0 0 ]"));
    g_assert_nonnull (strstr (valve, "[ 0.6 -0.8 0 0 ]"));
  }
}

static void
test_convert_drops_mapversion (void)
{
  static const char text[] =
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "\"mapversion\" \"220\"\n"
    "\"wad\" \"x.wad\"\n"
    "}\n"
    "{\n"
    "\"classname\" \"info_null\"\n"
    "\"mapversion\" \"220\"\n"
    "}\n";
  g_autoptr (QrMap) map = parse_ok (text);
  g_autofree char *out = qr_test_write_ok (map, QR_SAVE_QUAKE);
  g_autofree char *as_read = qr_test_write_ok (map, QR_SAVE_AS_READ);

  /* Only the world's marker goes; another entity's key is its own. */
  g_assert_cmpstr (out, ==,
    "// entity 0\n"
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "\"wad\" \"x.wad\"\n"
    "}\n"
    "// entity 1\n"
    "{\n"
    "\"classname\" \"info_null\"\n"
    "\"mapversion\" \"220\"\n"
    "}\n");
  g_assert_nonnull (strstr (as_read, "\"mapversion\" \"220\"\n\"wad\""));
  /* The document itself is untouched. */
  g_assert_cmpstr (qr_entity_get_key (qr_map_get_entity (map, 0), "mapversion"), ==, "220");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/map/quake/standard", test_quake_standard);
  g_test_add_func ("/io/map/valve220/faces", test_valve220);
  g_test_add_func ("/io/map/mixed", test_mixed);
  g_test_add_func ("/io/map/quake2/surface", test_quake2);
  g_test_add_func ("/io/map/quake2/valve", test_quake2_valve);
  g_test_add_func ("/io/map/quake3/patch", test_quake3_patch);
  g_test_add_func ("/io/map/quake3/patch-positions", test_quake3_patch_positions);
  g_test_add_func ("/io/map/quake3/patch-crlf", test_quake3_patch_crlf);
  g_test_add_func ("/io/map/quake3/patch-invalid", test_quake3_patch_invalid);
  g_test_add_func ("/io/map/quake3/patch-regenerated", test_quake3_patch_regenerated);
  g_test_add_func ("/io/map/quake3/brushdef", test_quake3_brushdef);
  g_test_add_func ("/io/map/quake3/brushdef-text", test_quake3_brushdef_text);
  g_test_add_func ("/io/map/quake3/brushdef-invalid", test_quake3_brushdef_invalid);
  g_test_add_func ("/io/map/quake3/brushdef-msvc-nan", test_quake3_brushdef_msvc_nan);
  g_test_add_func ("/io/map/quake3/brushdef-convert-refused", test_quake3_brushdef_convert_refused);
  g_test_add_func ("/io/map/quake3/brushdef-geometry", test_quake3_brushdef_geometry);
  g_test_add_func ("/io/map/bare-list/brushes", test_bare_list);
  g_test_add_func ("/io/map/bare-list/single-line", test_bare_list_single_line);
  g_test_add_func ("/io/map/lexical/comments", test_comments);
  g_test_add_func ("/io/map/lexical/comments-at-end", test_comments_at_end);
  g_test_add_func ("/io/map/lexical/crlf-tabs", test_crlf_tabs);
  g_test_add_func ("/io/map/lexical/texture-names", test_texture_names);
  g_test_add_func ("/io/map/lexical/quoted-values", test_quoted_values);
  g_test_add_func ("/io/map/lexical/tight-spacing", test_tight_spacing);
  g_test_add_func ("/io/map/numbers/three-digit-exponents", test_three_digit_exponents);
  g_test_add_func ("/io/map/numbers/negative-zero", test_negative_zero);
  g_test_add_func ("/io/map/numbers/long-decimals", test_long_decimals);
  g_test_add_func ("/io/map/numbers/shortest-output", test_shortest_output);
  g_test_add_func ("/io/map/preamble", test_preamble);
  g_test_add_func ("/io/map/round-trip/everything", test_round_trip_everything);
  g_test_add_func ("/io/map/convert/valve220", test_convert_to_valve220);
  g_test_add_func ("/io/map/convert/quake", test_convert_to_quake);
  g_test_add_func ("/io/map/convert/quake-skewed", test_convert_to_quake_skewed);
  g_test_add_func ("/io/map/convert/quake-drops-mapversion", test_convert_drops_mapversion);

  return g_test_run ();
}
