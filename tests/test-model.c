/* The document model: keys, copies, ids, and an equality strict enough to
 * make the lossless round-trip tests mean something. */
#include <math.h>
#include <string.h>

#include "qr-map.h"
#include "qr-selection.h"
#include "qr-document.h"

static QrBrush *
make_brush (QrMap *map, int n_faces)
{
  QrBrush *brush = qr_brush_new (qr_map_take_brush_id (map), n_faces);

  for (int i = 0; i < n_faces; i++)
    {
      QrFace *f = &brush->faces[i];

      f->id = qr_map_take_face_id (map);
      f->points[0] = qr_vec3 (i, 0, 0);
      f->points[1] = qr_vec3 (i, 1, 0);
      f->points[2] = qr_vec3 (i, 0, 1);
      f->texture = qr_map_intern_texture (map, i % 2 ? "wall" : "floor", -1);
      f->form = QR_TEX_VALVE;
      f->tex.u_axis = qr_vec3 (1, 0, 0);
      f->tex.v_axis = qr_vec3 (0, -1, 0);
      f->tex.scale[0] = f->tex.scale[1] = 1;
    }
  return brush;
}

static QrMap *
make_map (void)
{
  QrMap *map = qr_map_new (QR_FILE_VMF);
  QrEntity *world = qr_entity_new (qr_map_take_entity_id (map));
  QrNode *kept = qr_node_new ("editor");
  QrNode *top = qr_node_new ("versioninfo");
  QrBrush *brush;

  qr_entity_add_key (world, "classname", "worldspawn");
  qr_entity_add_key (world, "wad", "a.wad");
  qr_entity_add_key (world, "wad", "b.wad");
  qr_entity_add_brush (world, make_brush (map, 6));
  brush = make_brush (map, 4);
  brush->faces[0].has_surface = 1;
  qr_face_ensure_extra (&brush->faces[0])->surface[0] = 8;
  qr_face_ensure_extra (&brush->faces[1])->vmf = qr_node_new ("side");
  qr_node_add_value (brush->faces[1].extra->vmf, "lightmapscale", "16");
  qr_entity_add_brush (world, brush);
  qr_node_add_value (kept, "color", "0 255 0");
  qr_entity_add_kept (world, kept);
  qr_node_add_value (top, "editorversion", "400");
  qr_map_add_kept (map, top);
  qr_map_add_entity (map, world);
  return map;
}

/* Copies a map by copying its entities (the way undo snapshots will). */
static QrMap *
copy_map (const QrMap *map)
{
  QrMap *copy = qr_map_new (map->kind);

  for (guint i = 0; i < map->textures->len; i++)
    qr_map_intern_texture (copy, qr_map_texture_name (map, i), -1);
  for (guint i = 0; i < map->kept->len; i++)
    g_ptr_array_add (copy->kept, qr_node_copy (g_ptr_array_index (map->kept, i)));
  for (guint i = 0; i < qr_map_entity_count (map); i++)
    qr_map_add_entity (copy, qr_entity_copy (qr_map_get_entity (map, i)));
  copy->preamble = g_strdup (map->preamble);
  return copy;
}

static void
test_keys (void)
{
  g_autoptr (QrEntity) e = qr_entity_new (7);

  g_assert_cmpstr (qr_entity_get_classname (e), ==, "");
  qr_entity_add_key (e, "target", "a");
  qr_entity_add_key (e, "target", "b");
  g_assert_cmpuint (e->keys->len, ==, 2);
  g_assert_cmpstr (qr_entity_get_key (e, "target"), ==, "a");
  qr_entity_set_key (e, "target", "c");
  g_assert_cmpuint (e->keys->len, ==, 2);
  g_assert_cmpstr (g_array_index (e->keys, QrKeyValue, 0).value, ==, "c");
  g_assert_cmpstr (g_array_index (e->keys, QrKeyValue, 1).value, ==, "b");
  qr_entity_set_key (e, "classname", "light");
  g_assert_cmpstr (qr_entity_get_classname (e), ==, "light");
  g_assert_cmpstr (g_array_index (e->keys, QrKeyValue, 2).key, ==, "classname");

  e->flags |= QR_ENTITY_IMPLICIT;
  qr_entity_set_key (e, "classname", "x");
  g_assert_cmpstr (qr_entity_get_classname (e), ==, "x");
}

static void
test_ids (void)
{
  g_autoptr (QrMap) map = qr_map_new (QR_FILE_MAP);

  g_assert_cmpuint (qr_map_take_brush_id (map), ==, 1);
  qr_map_note_brush_id (map, 41);
  g_assert_cmpuint (qr_map_take_brush_id (map), ==, 42);
  qr_map_note_brush_id (map, 5);
  g_assert_cmpuint (qr_map_take_brush_id (map), ==, 43);
  qr_map_note_face_id (map, 1000);
  g_assert_cmpuint (qr_map_take_face_id (map), ==, 1001);
  g_assert_cmpuint (qr_map_take_entity_id (map), ==, 1);
}

static void
test_textures (void)
{
  g_autoptr (QrMap) map = qr_map_new (QR_FILE_MAP);
  const char name[] = "{blue_glass";

  g_assert_cmpuint (qr_map_intern_texture (map, "a", -1), ==, 0);
  g_assert_cmpuint (qr_map_intern_texture (map, "ab", 1), ==, 0);
  g_assert_cmpuint (qr_map_intern_texture (map, name, 5), ==, 1);
  g_assert_cmpstr (qr_map_texture_name (map, 1), ==, "{blue");
  g_assert_cmpuint (qr_map_intern_texture (map, "a", -1), ==, 0);
  g_assert_cmpuint (qr_map_intern_texture (map, "{blue", -1), ==, 1);
  g_assert_cmpuint (map->textures->len, ==, 2);
}

static void
test_copy_equal (void)
{
  g_autoptr (QrMap) a = make_map ();
  g_autoptr (QrMap) b = copy_map (a);
  g_autofree char *why = NULL;

  g_assert_true (qr_map_equal (a, b, &why));
  g_assert_null (why);
  /* Copies share the face's VMF items until one changes them, through
   * qr_face_writable_vmf: then the original is left alone. */
  g_assert_true (qr_entity_get_brush (qr_map_get_entity (b, 0), 1)->faces[1].extra->vmf
                 == qr_entity_get_brush (qr_map_get_entity (a, 0), 1)->faces[1].extra->vmf);
  qr_face_writable_vmf (&qr_entity_get_brush (qr_map_get_entity (b, 0), 1)->faces[1])->items[0].value[0] = '8';
  g_assert_cmpstr (qr_entity_get_brush (qr_map_get_entity (a, 0), 1)->faces[1].extra->vmf->items[0].value, ==, "16");
  g_assert_false (qr_map_equal (a, b, NULL));
}

typedef void (*Mutation) (QrMap *map);

static QrBrush *
brush1 (QrMap *map)
{
  return qr_entity_get_brush (qr_map_get_entity (map, 0), 1);
}

static void mutate_point (QrMap *m) { brush1 (m)->faces[2].points[1].y = nextafter (1.0, 2.0); }
static void mutate_zero_sign (QrMap *m) { brush1 (m)->faces[2].points[0].y = -0.0; }
static void mutate_texture (QrMap *m) { brush1 (m)->faces[0].texture = qr_map_intern_texture (m, "other", -1); }
static void mutate_form (QrMap *m) { brush1 (m)->faces[0].form = QR_TEX_STANDARD; }
static void mutate_axis (QrMap *m) { brush1 (m)->faces[3].tex.v_axis.z = 1e-300; }
static void mutate_shift (QrMap *m) { brush1 (m)->faces[3].tex.shift[1] = 0.5; }
static void mutate_rotation (QrMap *m) { brush1 (m)->faces[3].tex.rotation = 90; }
static void mutate_scale (QrMap *m) { brush1 (m)->faces[3].tex.scale[0] = 0.25; }
static void mutate_surface (QrMap *m) { brush1 (m)->faces[0].extra->surface[2] = 1; }
static void mutate_has_surface (QrMap *m) { brush1 (m)->faces[0].has_surface = 0; }
static void mutate_face_id (QrMap *m) { brush1 (m)->faces[3].id = 999; }
static void mutate_brush_id (QrMap *m) { brush1 (m)->id = 999; }
static void mutate_brush_flags (QrMap *m) { brush1 (m)->flags = QR_BRUSH_HIDDEN; }
static void mutate_vmf_extra (QrMap *m) { qr_node_add_value (brush1 (m)->faces[1].extra->vmf, "smoothing_groups", "0"); }
static void mutate_key_value (QrMap *m) { g_array_index (qr_map_get_entity (m, 0)->keys, QrKeyValue, 2).value[0] = 'c'; }
static void mutate_key_order (QrMap *m)
{
  GArray *keys = qr_map_get_entity (m, 0)->keys;
  QrKeyValue t = g_array_index (keys, QrKeyValue, 1);

  g_array_index (keys, QrKeyValue, 1) = g_array_index (keys, QrKeyValue, 2);
  g_array_index (keys, QrKeyValue, 2) = t;
}
static void mutate_kept_anchor (QrMap *m) { ((QrNode *) g_ptr_array_index (qr_map_get_entity (m, 0)->kept, 0))->anchor = 0; }
static void mutate_top_kept (QrMap *m) { qr_node_add_value (g_ptr_array_index (m->kept, 0), "prefab", "0"); }
static void mutate_preamble (QrMap *m) { m->preamble = g_strdup ("// Game: Quake\n"); }
static void mutate_face_count (QrMap *m) { qr_brush_add_face (brush1 (m)); }
static void mutate_entity_flags (QrMap *m) { qr_map_get_entity (m, 0)->flags = QR_ENTITY_HIDDEN; }

static void
test_equal_sees_every_difference (void)
{
  static const struct { const char *what; Mutation mutate; } cases[] = {
    { "point", mutate_point }, { "zero sign", mutate_zero_sign }, { "texture", mutate_texture },
    { "form", mutate_form }, { "axis", mutate_axis }, { "shift", mutate_shift },
    { "rotation", mutate_rotation }, { "scale", mutate_scale }, { "surface", mutate_surface },
    { "has surface", mutate_has_surface }, { "face id", mutate_face_id }, { "brush id", mutate_brush_id },
    { "brush flags", mutate_brush_flags }, { "vmf extra", mutate_vmf_extra },
    { "key value", mutate_key_value }, { "key order", mutate_key_order },
    { "kept anchor", mutate_kept_anchor }, { "top kept", mutate_top_kept },
    { "preamble", mutate_preamble }, { "face count", mutate_face_count },
    { "entity flags", mutate_entity_flags },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (QrMap) a = make_map ();
      g_autoptr (QrMap) b = make_map ();
      g_autofree char *why = NULL;

      g_assert_true (qr_map_equal (a, b, NULL));
      cases[i].mutate (b);
      if (qr_map_equal (a, b, &why))
        g_error ("qr_map_equal missed a difference in %s", cases[i].what);
      g_assert_nonnull (why);
      g_test_message ("%s: %s", cases[i].what, why);
    }
}

static void
test_node (void)
{
  g_autoptr (QrNode) n = qr_node_new ("connections");
  g_autoptr (QrNode) c = NULL;
  QrNode *child = qr_node_new ("row");

  qr_node_add_value (n, "OnTrigger", "a,b");
  qr_node_add_value (n, "OnTrigger", "c\x1b" "d");
  qr_node_add_child (n, "row", child);
  qr_node_add_value (child, "row0", "0 0 1");
  g_assert_cmpstr (qr_node_get (n, "OnTrigger"), ==, "a,b");
  g_assert_true (qr_node_get_child (n, "row") == child);
  g_assert_null (qr_node_get (n, "row"));
  c = qr_node_copy (n);
  g_assert_true (qr_node_equal (n, c));
  g_assert_true (qr_node_get_child (c, "row") != child);
  c->items[1].value[0] = 'x';
  g_assert_false (qr_node_equal (n, c));
}

static void
test_selection (void)
{
  g_autoptr (QrSelection) sel = qr_selection_new ();
  g_autoptr (QrSelection) copy = NULL;

  g_assert_true (qr_selection_is_empty (sel));
  qr_selection_add_brush (sel, 9);
  qr_selection_add_brush (sel, 3);
  qr_selection_add_brush (sel, 9);
  g_assert_cmpuint (sel->brushes->len, ==, 2);
  g_assert_cmpuint (g_array_index (sel->brushes, QrId, 0), ==, 3);
  qr_selection_add_face (sel, 9, 2);
  qr_selection_add_face (sel, 3, 5);
  qr_selection_add_face (sel, 9, 0);
  qr_selection_add_face (sel, 9, 2);
  g_assert_cmpuint (sel->faces->len, ==, 3);
  g_assert_cmpuint (g_array_index (sel->faces, QrFaceRef, 0).brush, ==, 3);
  g_assert_cmpint (g_array_index (sel->faces, QrFaceRef, 1).face, ==, 0);
  g_assert_true (qr_selection_has_face (sel, 9, 2));
  g_assert_false (qr_selection_has_face (sel, 9, 1));
  qr_selection_add_entity (sel, 4);
  copy = qr_selection_copy (sel);
  g_assert_true (qr_selection_equal (sel, copy));
  qr_selection_remove_brush (copy, 3);
  g_assert_false (qr_selection_equal (sel, copy));
  g_assert_false (qr_selection_has_brush (copy, 3));
  qr_selection_clear (sel);
  g_assert_true (qr_selection_is_empty (sel));
  g_assert_false (qr_selection_equal (sel, copy));
}

/* Select All takes every brush and point entity, sorted and each once,
 * whatever order the ids stand in the map (an edited VMF's run backwards
 * here): added one by one, 100k ids against their order moved the array's
 * tail 100k times (seconds); they are now sorted once. */
static void
test_selection_add_all (void)
{
  g_autoptr (QrMap) map = qr_map_new (QR_FILE_VMF);
  QrEntity *world = qr_entity_new (1);
  QrEntity *door = qr_entity_new (2);
  QrEntity *light = qr_entity_new (3);
  g_autoptr (QrSelection) sel = qr_selection_new ();
  const guint n = 5000;

  qr_entity_add_key (world, "classname", "worldspawn");
  qr_entity_add_key (door, "classname", "func_door");
  qr_entity_add_key (light, "classname", "light");
  qr_entity_add_key (light, "origin", "0 0 64");
  for (guint i = 0; i < n; i++)
    qr_entity_add_brush (i % 10 == 0 ? door : world, qr_brush_new (100 + 2 * (n - i), 0));
  qr_map_add_entity (map, world);
  qr_map_add_entity (map, door);
  qr_map_add_entity (map, light);
  qr_selection_add_brush (sel, 100 + 2 * n); /* already there: kept once */
  qr_selection_add_brush (sel, 7);           /* not in the map: stays */

  qr_selection_add_all (sel, map);
  g_assert_cmpuint (sel->brushes->len, ==, n + 1);
  g_assert_cmpuint (g_array_index (sel->brushes, QrId, 0), ==, 7);
  for (guint i = 1; i < sel->brushes->len; i++)
    g_assert_cmpuint (g_array_index (sel->brushes, QrId, i), ==, 100 + 2 * i);
  g_assert_cmpuint (sel->entities->len, ==, 1);
  g_assert_cmpuint (g_array_index (sel->entities, QrId, 0), ==, 3);

  /* Many at once (box select, Select Inverse), repeats and all. */
  {
    g_autoptr (QrSelection) some = qr_selection_new ();
    const QrId ids[] = { 40, 9, 12, 9, 3, 40, 11 };
    const QrId want[] = { 3, 5, 9, 11, 12, 40 };

    qr_selection_add_brush (some, 5);
    qr_selection_add_brushes (some, ids, G_N_ELEMENTS (ids));
    qr_selection_add_entities (some, ids, 3);
    g_assert_cmpmem (some->brushes->data, some->brushes->len * sizeof (QrId), want, sizeof want);
    g_assert_cmpuint (some->entities->len, ==, 3);
    g_assert_cmpuint (g_array_index (some->entities, QrId, 0), ==, 9);
    g_assert_cmpuint (g_array_index (some->entities, QrId, 2), ==, 40);
  }
}

/* Faces are kept sorted by brush, then face, and found by halving. */
static void
test_selection_faces_sorted (void)
{
  g_autoptr (QrSelection) sel = qr_selection_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (17);

  for (guint i = 0; i < 2000; i++)
    qr_selection_add_face (sel, g_rand_int_range (rand, 1, 300), g_rand_int_range (rand, 0, 8));
  for (guint i = 1; i < sel->faces->len; i++)
    {
      const QrFaceRef *a = &g_array_index (sel->faces, QrFaceRef, i - 1);
      const QrFaceRef *b = &g_array_index (sel->faces, QrFaceRef, i);
      g_assert_true (a->brush < b->brush || (a->brush == b->brush && a->face < b->face));
    }
  for (guint i = 0; i < sel->faces->len; i++)
    {
      const QrFaceRef *a = &g_array_index (sel->faces, QrFaceRef, i);
      g_assert_true (qr_selection_has_face (sel, a->brush, a->face));
    }
  g_assert_false (qr_selection_has_face (sel, 300, 0));
  g_assert_false (qr_selection_has_face (sel, 0, 0));
}

static void
test_geometry_build (void)
{
  g_autoptr (QrMap) map = qr_map_new (QR_FILE_MAP);
  QrEntity *world = qr_entity_new (qr_map_take_entity_id (map));
  static const QrVec3 box[6][3] = {
    { { 0, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }, { { 8, 0, 0 }, { 8, 0, 1 }, { 8, 1, 0 } },
    { { 0, 0, 0 }, { 0, 0, 1 }, { 1, 0, 0 } }, { { 0, 8, 0 }, { 1, 8, 0 }, { 0, 8, 1 } },
    { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, { { 0, 0, 8 }, { 0, 1, 8 }, { 1, 0, 8 } },
  };

  qr_map_add_entity (map, world);
  /* Enough brushes for the threaded path, each a little further along x. */
  for (int i = 0; i < 3000; i++)
    {
      QrBrush *b = qr_brush_new (qr_map_take_brush_id (map), 6);

      for (int f = 0; f < 6; f++)
        for (int p = 0; p < 3; p++)
          b->faces[f].points[p] = qr_vec3_add (box[f][p], qr_vec3 (16 * i, 0, 0));
      qr_entity_add_brush (world, b);
    }
  qr_map_build_geometry (map, 2);
  for (guint i = 0; i < qr_entity_brush_count (world); i++)
    {
      QrBrush *b = qr_entity_get_brush (world, i);

      g_assert_true (qr_brush_is_valid (b));
      g_assert_cmpfloat (qr_polytope_volume (b->poly), ==, 512);
      g_assert_cmpfloat (b->poly->bounds.min.x, ==, 16.0 * i);
    }
  g_assert_cmpuint (qr_map_count_brushes (map), ==, 3000);
  g_assert_cmpuint (qr_map_count_faces (map), ==, 18000);
  g_assert_cmpint (qr_map_detect_dialect (map), ==, QR_DIALECT_QUAKE);
  qr_brush_invalidate (qr_entity_get_brush (world, 0));
  g_assert_false (qr_brush_is_valid (qr_entity_get_brush (world, 0)));
}

/* Issue 12: the window's "Select them" on opening a map with invalid brushes. */
static void
test_selection_invalid (void)
{
  g_autoptr (QrMap) map = qr_map_new (QR_FILE_MAP);
  QrEntity *world = qr_entity_new (qr_map_take_entity_id (map));
  QrEntity *group = qr_entity_new (qr_map_take_entity_id (map));
  qr_map_add_entity (map, world);
  qr_map_add_entity (map, group);
  static const QrVec3 box[6][3] = {
    { { 0, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }, { { 8, 0, 0 }, { 8, 0, 1 }, { 8, 1, 0 } },
    { { 0, 0, 0 }, { 0, 0, 1 }, { 1, 0, 0 } }, { { 0, 8, 0 }, { 1, 8, 0 }, { 0, 8, 1 } },
    { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, { { 0, 0, 8 }, { 0, 1, 8 }, { 1, 0, 8 } },
  };
  /* A valid box, the same box less its top (unbounded), a valid box in the
   * group and one with only its first two faces (unbounded). */
  const int faces[4] = { 6, 5, 6, 2 };
  QrId ids[4];
  for (int k = 0; k < 4; k++)
    {
      QrBrush *b = qr_brush_new (qr_map_take_brush_id (map), faces[k]);
      for (int f = 0; f < faces[k]; f++)
        for (int p = 0; p < 3; p++)
          b->faces[f].points[p] = box[f][p];
      ids[k] = b->id;
      qr_entity_add_brush (k < 2 ? world : group, b);
    }

  g_autoptr (QrSelection) sel = qr_selection_new ();
  /* Before the geometry is built nothing is known to be invalid. */
  g_assert_cmpuint (qr_selection_add_invalid (sel, map), ==, 0);
  qr_map_build_geometry (map, 1);
  g_assert_cmpuint (qr_selection_add_invalid (NULL, map), ==, 2);
  qr_selection_add_brush (sel, ids[0]);
  g_assert_cmpuint (qr_selection_add_invalid (sel, map), ==, 2);
  g_assert_cmpuint (sel->brushes->len, ==, 3);
  g_assert_true (qr_selection_has_brush (sel, ids[0]));
  g_assert_true (qr_selection_has_brush (sel, ids[1]));
  g_assert_false (qr_selection_has_brush (sel, ids[2]));
  g_assert_true (qr_selection_has_brush (sel, ids[3]));
  g_assert_cmpuint (sel->entities->len, ==, 0);
}

static void
count_texture_changes (QrDocument *doc, QrChangeSet *changes, gpointer data)
{
  if (changes->textures_changed)
    (*(int *) data)++;
}

/* Lookup ignores ASCII case and keeps the first spelling; a put on a known
 * name replaces its pixels; flags follow the WAD naming rules; every change
 * bumps the generation, and the document announces fills. */
static void
test_texture_set (void)
{
  g_autoptr (QrTextureSet) set = qr_texture_set_new ();
  guint64 g0 = qr_texture_set_generation (set);
  qr_texture_set_put (set, "{Grate1", 0, 0, NULL, QR_TEXTURE_PENDING, "a.wad");
  qr_texture_set_put (set, "*water0", 0, 0, NULL, QR_TEXTURE_MISSING, NULL);
  qr_texture_set_put (set, "+0Slip", 0, 0, NULL, QR_TEXTURE_MISSING, NULL);
  qr_texture_set_put (set, "SKY4", 0, 0, NULL, QR_TEXTURE_MISSING, NULL);
  qr_texture_set_put (set, "!toxic", 0, 0, NULL, QR_TEXTURE_MISSING, NULL);
  uint8_t *px = g_malloc0 (2 * 1 * 4);
  px[0] = 7;
  qr_texture_set_put (set, "{GRATE1", 2, 1, px, QR_TEXTURE_LOADED, "b.wad");
  g_assert_cmpuint (qr_texture_set_count (set), ==, 5);
  g_assert_cmpuint (qr_texture_set_generation (set), ==, g0 + 6);
  const QrTexture *t = qr_texture_set_lookup (set, "{grate1");
  g_assert_nonnull (t);
  g_assert_cmpstr (t->name, ==, "{Grate1");
  g_assert_cmpint (t->width, ==, 2);
  g_assert_cmpint (t->rgba[0], ==, 7);
  g_assert_cmpint (t->status, ==, QR_TEXTURE_LOADED);
  g_assert_cmpstr (t->collection, ==, "b.wad");
  g_assert_cmpuint (t->flags, ==, QR_TEXTURE_FLAG_TRANSPARENT);
  g_assert_cmpuint (qr_texture_set_lookup (set, "*WATER0")->flags, ==, QR_TEXTURE_FLAG_LIQUID);
  g_assert_cmpuint (qr_texture_set_lookup (set, "!toxic")->flags, ==, QR_TEXTURE_FLAG_LIQUID);
  g_assert_cmpuint (qr_texture_set_lookup (set, "+0slip")->flags, ==, QR_TEXTURE_FLAG_ANIMATED);
  g_assert_cmpuint (qr_texture_set_lookup (set, "sky4")->flags, ==, QR_TEXTURE_FLAG_SKY);
  g_assert_null (qr_texture_set_lookup (set, "grate1"));
  g_assert_cmpstr (qr_texture_set_nth (set, 1)->name, ==, "*water0");
  qr_texture_set_clear (set);
  g_assert_cmpuint (qr_texture_set_count (set), ==, 0);
  g_assert_null (qr_texture_set_lookup (set, "{grate1"));

  g_autoptr (QrDocument) doc = qr_document_new (qr_map_new (QR_FILE_MAP));
  int announced = 0;
  g_signal_connect (doc, "changed", G_CALLBACK (count_texture_changes), &announced);
  QrTextureSet *owned = qr_document_get_textures (doc);
  g_assert_true (owned == qr_document_get_textures (doc));
  qr_texture_set_put (owned, "a", 0, 0, NULL, QR_TEXTURE_MISSING, NULL);
  qr_document_textures_changed (doc);
  g_assert_cmpint (announced, ==, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/entity/keys", test_keys);
  g_test_add_func ("/model/map/ids", test_ids);
  g_test_add_func ("/model/map/textures", test_textures);
  g_test_add_func ("/model/texture-set", test_texture_set);
  g_test_add_func ("/model/map/copy-equal", test_copy_equal);
  g_test_add_func ("/model/map/equal-sees-every-difference", test_equal_sees_every_difference);
  g_test_add_func ("/model/node", test_node);
  g_test_add_func ("/model/map/geometry", test_geometry_build);
  g_test_add_func ("/model/selection", test_selection);
  g_test_add_func ("/model/selection/invalid", test_selection_invalid);
  g_test_add_func ("/model/selection/add-all", test_selection_add_all);
  g_test_add_func ("/model/selection/faces-sorted", test_selection_faces_sorted);
  return g_test_run ();
}
