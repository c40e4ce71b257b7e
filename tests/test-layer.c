/* test-layer.c — TrenchBroom's layers (issue 20): keys written in
 * TrenchBroom's order, objects moved between layers, hidden layers not
 * drawn (the views' predicates, cached across edits and undo), locked
 * layers neither picked, box-selected nor selected all, new objects in the
 * current layer, delete as TrenchBroom does, omit from export. */
#include <string.h>
#include <glib.h>
#include "qr-landscape-ops.h"
#include "qr-operations.h"
#include "qr-test-map.h"
#include "qr-tool.h"

/* qr_test_row_with_entity: three cubes in the world, ids[i] at x = 128 i,
 * and an info_player_start at (64 160 32). */
static QrDocument *
row (QrId ids[3], QrId *entity)
{
  QrDocument *doc = qr_test_row_with_entity (ids, entity);
  qr_document_mark_saved (doc);
  return doc;
}

static QrEntity *
entity_by_id (QrDocument *doc, QrId id)
{
  guint e;

  g_assert_true (qr_document_find_entity (doc, id, &e));
  return qr_map_get_entity (qr_document_get_map (doc), e);
}

static gboolean
brush_hidden (QrDocument *doc, QrId id)
{
  QrMap *map = qr_document_get_map (doc);
  guint e, b;

  g_assert_true (qr_map_find_brush (map, id, &e, &b));
  return qr_map_brush_is_hidden (map, qr_map_get_entity (map, e), qr_entity_get_brush (qr_map_get_entity (map, e), b));
}

static QrEntity *
layer_entity (QrDocument *doc, const char *name)
{
  QrLayer layer;

  g_assert_true (qr_map_find_layer (qr_document_get_map (doc), name, &layer));
  return entity_by_id (doc, layer.entity);
}

static void
test_add_keys (void)
{
  QrId ids[3], player;
  g_autoptr (QrDocument) doc = row (ids, &player);
  g_autoptr (GError) error = NULL;
  g_autofree char *before = qr_test_save_text (doc);
  gint64 props, lights;

  g_assert_true (qr_op_layer_add (doc, "Props", &props, &error));
  g_assert_true (qr_op_layer_add (doc, "Lights", &lights, &error));
  g_assert_cmpint (props, ==, 1);
  g_assert_cmpint (lights, ==, 2);
  g_autofree char *k1 = qr_test_dup_keys (layer_entity (doc, "Props"));
  g_assert_cmpstr (k1, ==, "classname=func_group|_tb_type=_tb_layer|_tb_name=Props|_tb_id=1|_tb_layer_sort_index=0");
  g_autofree char *k2 = qr_test_dup_keys (layer_entity (doc, "Lights"));
  g_assert_cmpstr (k2, ==, "classname=func_group|_tb_type=_tb_layer|_tb_name=Lights|_tb_id=2|_tb_layer_sort_index=1");

  /* Flags set in any order land in TrenchBroom's: locked, hidden, omitted. */
  g_assert_true (qr_op_layer_set_flag (doc, props, QR_LAYER_OMIT_FROM_EXPORT, TRUE, &error));
  g_assert_true (qr_op_layer_set_flag (doc, props, QR_LAYER_HIDDEN, TRUE, &error));
  g_assert_true (qr_op_layer_set_flag (doc, props, QR_LAYER_LOCKED, TRUE, &error));
  g_autofree char *k3 = qr_test_dup_keys (layer_entity (doc, "Props"));
  g_assert_cmpstr (k3, ==,
                   "classname=func_group|_tb_type=_tb_layer|_tb_name=Props|_tb_id=1|_tb_layer_sort_index=0|"
                   "_tb_layer_locked=1|_tb_layer_hidden=1|_tb_layer_omit_from_export=1");
  g_assert_true (qr_op_layer_set_flag (doc, props, QR_LAYER_HIDDEN, FALSE, &error));
  g_assert_true (qr_op_layer_rename (doc, props, "Furniture", &error));
  g_autofree char *k4 = qr_test_dup_keys (layer_entity (doc, "Furniture"));
  g_assert_cmpstr (k4, ==,
                   "classname=func_group|_tb_type=_tb_layer|_tb_name=Furniture|_tb_id=1|_tb_layer_sort_index=0|"
                   "_tb_layer_locked=1|_tb_layer_omit_from_export=1");

  /* The listing: default first, then by sort index. */
  g_autoptr (GArray) layers = qr_map_dup_layers (qr_document_get_map (doc));
  g_assert_cmpuint (layers->len, ==, 3);
  g_assert_cmpstr (g_array_index (layers, QrLayer, 0).name, ==, QR_DEFAULT_LAYER_NAME);
  g_assert_cmpuint (g_array_index (layers, QrLayer, 0).n_brushes, ==, 3);
  g_assert_cmpuint (g_array_index (layers, QrLayer, 0).n_entities, ==, 1);
  g_assert_cmpstr (g_array_index (layers, QrLayer, 1).name, ==, "Furniture");
  g_assert_cmpstr (g_array_index (layers, QrLayer, 2).name, ==, "Lights");

  /* Each is a step; undoing them all gives the file back. */
  while (qr_document_is_modified (doc))
    g_assert_true (qr_document_undo (doc));
  g_autofree char *after = qr_test_save_text (doc);
  g_assert_cmpstr (after, ==, before);

  /* No layers in a VMF, no empty names, no renaming the default. */
  g_assert_false (qr_op_layer_add (doc, "", NULL, &error));
  g_clear_error (&error);
  g_assert_false (qr_op_layer_rename (doc, 0, "World", &error));
  g_clear_error (&error);
  g_assert_false (qr_op_layer_delete (doc, 0, &error));
}

static void
on_changed (QrDocument *doc, QrChangeSet *changes, gpointer data)
{
  GArray *modified = data;

  g_array_append_vals (modified, changes->brushes_modified->data, changes->brushes_modified->len);
}

static gboolean
has_id (const GArray *ids, QrId id)
{
  for (guint i = 0; i < ids->len; i++)
    if (g_array_index (ids, QrId, i) == id)
      return TRUE;
  return FALSE;
}

static void
test_move_and_hide (void)
{
  QrId ids[3], player;
  g_autoptr (QrDocument) doc = row (ids, &player);
  g_autoptr (GError) error = NULL;
  g_autofree char *before = qr_test_save_text (doc);
  QrMap *map = qr_document_get_map (doc);
  gint64 props;

  g_assert_true (qr_op_layer_add (doc, "Props", &props, &error));
  QrObjects objs = { &ids[0], 1, &player, 1 };
  g_assert_true (qr_op_layer_move (doc, props, &objs, &error));
  g_assert_cmpuint (qr_entity_brush_count (qr_map_get_entity (map, 0)), ==, 2);
  g_assert_cmpuint (qr_entity_brush_count (layer_entity (doc, "Props")), ==, 1);
  g_assert_cmpuint (qr_entity_get_brush (layer_entity (doc, "Props"), 0)->id, ==, ids[0]);
  g_autofree char *pk = qr_test_dup_keys (entity_by_id (doc, player));
  g_assert_cmpstr (pk, ==, "classname=info_player_start|origin=64 160 32|_tb_layer=1");

  /* Hidden: its brush and entity, nothing else; the selection lets go. */
  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_selection_add_brushes (sel, ids, 3);
  qr_selection_add_entity (sel, player);
  qr_document_set_selection (doc, sel);
  /* The views hear of the brushes whose layer changed state, though only
   * the layer's keys did. */
  g_autoptr (GArray) modified = g_array_new (FALSE, FALSE, sizeof (QrId));
  gulong handler = g_signal_connect (doc, "changed", G_CALLBACK (on_changed), modified);
  g_assert_true (qr_op_layer_set_flag (doc, props, QR_LAYER_HIDDEN, TRUE, &error));
  g_signal_handler_disconnect (doc, handler);
  g_assert_true (has_id (modified, ids[0]));
  g_assert_false (has_id (modified, ids[1]));
  g_assert_true (brush_hidden (doc, ids[0]));
  g_assert_false (brush_hidden (doc, ids[1]));
  g_assert_true (qr_map_entity_is_hidden (map, entity_by_id (doc, player)));
  g_assert_false (qr_selection_has_brush (qr_document_get_selection (doc), ids[0]));
  g_assert_false (qr_selection_has_entity (qr_document_get_selection (doc), player));
  g_assert_true (qr_selection_has_brush (qr_document_get_selection (doc), ids[1]));

  /* The cache follows undo and redo. */
  g_assert_true (qr_document_undo (doc));
  g_assert_false (brush_hidden (doc, ids[0]));
  g_assert_true (qr_selection_has_brush (qr_document_get_selection (doc), ids[0]));
  g_assert_true (qr_document_redo (doc));
  g_assert_true (brush_hidden (doc, ids[0]));

  /* Moved back to the default layer, the brush shows (in the world again)
   * and the key goes. */
  g_assert_true (qr_op_layer_move (doc, 0, &objs, &error));
  g_assert_false (brush_hidden (doc, ids[0]));
  g_assert_null (qr_entity_get_key (entity_by_id (doc, player), QR_TB_LAYER_KEY));
  g_assert_cmpuint (qr_entity_brush_count (qr_map_get_entity (map, 0)), ==, 3);

  /* The default layer's own state is kept on worldspawn, last. */
  g_assert_true (qr_op_layer_set_flag (doc, 0, QR_LAYER_HIDDEN, TRUE, &error));
  g_autofree char *wk = qr_test_dup_keys (qr_map_get_entity (map, 0));
  g_assert_cmpstr (wk, ==, "classname=worldspawn|_tb_layer_hidden=1");
  g_assert_true (brush_hidden (doc, ids[2]));

  while (qr_document_is_modified (doc))
    g_assert_true (qr_document_undo (doc));
  g_autofree char *after = qr_test_save_text (doc);
  g_assert_cmpstr (after, ==, before);
  g_assert_false (brush_hidden (doc, ids[0]));
}

static QrInput
at (double x, double y)
{
  return (QrInput) { .view = 0, .point = qr_vec3 (x, y, 0), .pixel = 1.0, .grid = 16 };
}

static void
click (QrTool *tool, QrDocument *doc, QrInput in)
{
  qr_tool_press (tool, doc, &in, 1);
  qr_tool_release (tool, doc, &in);
}

static void
test_locked (void)
{
  QrId ids[3], player;
  g_autoptr (QrDocument) doc = row (ids, &player);
  g_autoptr (QrTool) select = qr_select_tool_new ();
  g_autoptr (GError) error = NULL;
  QrMap *map = qr_document_get_map (doc);
  gint64 props;

  g_assert_true (qr_op_layer_add (doc, "Props", &props, &error));
  g_assert_true (qr_op_layer_move (doc, props, &(QrObjects) { &ids[0], 1, &player, 1 }, &error));
  g_assert_true (qr_op_layer_set_flag (doc, props, QR_LAYER_LOCKED, TRUE, &error));
  /* Locked is not hidden. */
  g_assert_false (brush_hidden (doc, ids[0]));

  click (select, doc, at (1, 30));
  g_assert_true (qr_selection_is_empty (qr_document_get_selection (doc)));
  click (select, doc, at (66, 162));
  g_assert_true (qr_selection_is_empty (qr_document_get_selection (doc)));
  QrRay ray = { qr_vec3 (32, 32, 500), qr_vec3 (0, 0, -1) };
  g_assert_cmpint (qr_tool_pick_ray (doc, &ray).kind, ==, QR_PICK_NONE);

  g_autoptr (QrSelection) all = qr_selection_new ();
  qr_selection_add_all (all, map);
  g_assert_cmpuint (all->brushes->len, ==, 2);
  g_assert_false (qr_selection_has_brush (all, ids[0]));
  g_assert_cmpuint (all->entities->len, ==, 0);

  qr_tool_press (select, doc, &(QrInput) { .view = 0, .point = qr_vec3 (-16, -16, 0), .pixel = 1, .grid = 16 }, 1);
  QrInput to = at (400, 200);
  qr_tool_drag (select, doc, &to);
  qr_tool_release (select, doc, &to);
  g_assert_true (qr_tool_key (select, doc, QR_TOOL_KEY_ENTER));
  g_assert_cmpuint (qr_document_get_selection (doc)->brushes->len, ==, 2);
  g_assert_false (qr_selection_has_brush (qr_document_get_selection (doc), ids[0]));
  g_assert_cmpuint (qr_document_get_selection (doc)->entities->len, ==, 0);

  /* Unlocked, a click takes it again. */
  g_assert_true (qr_op_layer_set_flag (doc, props, QR_LAYER_LOCKED, FALSE, &error));
  click (select, doc, at (1, 30));
  g_assert_true (qr_selection_has_brush (qr_document_get_selection (doc), ids[0]));
}

static void
test_current_and_delete (void)
{
  QrId ids[3], player, placed;
  g_autoptr (QrDocument) doc = row (ids, &player);
  g_autoptr (GError) error = NULL;
  QrMap *map = qr_document_get_map (doc);
  g_autofree char *before = qr_test_save_text (doc);
  gint64 props;

  g_assert_true (qr_op_layer_add (doc, "Props", &props, &error));
  qr_document_set_current_layer (doc, props);
  QrPrimitiveSpec spec = { .shape = QR_PRIMITIVE_BLOCK, .box = { { 0, 256, 0 }, { 64, 320, 64 } }, .axis = 2 };
  g_assert_true (qr_op_create (doc, &spec, "base", &error));
  g_assert_cmpuint (qr_entity_brush_count (layer_entity (doc, "Props")), ==, 1);
  g_assert_cmpuint (qr_entity_brush_count (qr_map_get_entity (map, 0)), ==, 3);
  g_assert_true (qr_op_place_entity (doc, "light", qr_vec3 (0, 0, 128), NULL, 0, NULL, &placed, &error));
  g_assert_cmpstr (qr_entity_get_key (entity_by_id (doc, placed), QR_TB_LAYER_KEY), ==, "1");
  /* A group made of the layer's brush stays in the layer. */
  QrId made = qr_entity_get_brush (layer_entity (doc, "Props"), 0)->id;
  g_assert_true (qr_op_group (doc, &made, 1, "g", &error));
  guint e, b;
  g_assert_true (qr_map_find_brush (map, made, &e, &b));
  g_assert_cmpstr (qr_entity_get_key (qr_map_get_entity (map, e), QR_TB_LAYER_KEY), ==, "1");

  /* A landscape made there is in it, and so are the brushes it becomes. */
  QrId land;
  g_assert_true (qr_op_landscape_create (doc, qr_vec3 (0, 512, 0), 256, 256, 3, 3, "ground", &land, &error));
  g_assert_cmpstr (qr_entity_get_key (entity_by_id (doc, land), QR_TB_LAYER_KEY), ==, "1");
  guint in_layer = qr_entity_brush_count (layer_entity (doc, "Props"));
  g_assert_true (qr_op_landscape_to_brushes (doc, land, 64, &error));
  g_assert_cmpuint (qr_entity_brush_count (layer_entity (doc, "Props")), >, in_layer);
  g_assert_cmpuint (qr_entity_brush_count (qr_map_get_entity (map, 0)), ==, 3);
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_undo (doc));

  /* Ungrouped, the brush stays in the layer (TrenchBroom: the group's
   * children go to its parent); grouped again for what follows. */
  g_assert_true (qr_op_ungroup (doc, &made, 1, &error));
  g_assert_true (qr_map_find_brush (map, made, &e, &b));
  g_assert_true (qr_map_get_entity (map, e) == layer_entity (doc, "Props"));
  g_assert_true (qr_op_group (doc, &made, 1, "g", &error));
  g_assert_true (qr_map_find_brush (map, made, &e, &b));

  /* Deleting moves its objects to the default layer, then the layer goes;
   * the current layer falls back to the default. */
  g_assert_true (qr_op_layer_delete (doc, props, &error));
  QrLayer gone;
  g_assert_false (qr_map_get_layer (map, props, &gone));
  g_assert_null (qr_entity_get_key (entity_by_id (doc, placed), QR_TB_LAYER_KEY));
  /* The layer's entity went: the group moved up one. */
  g_assert_true (qr_map_find_brush (map, made, &e, &b));
  g_assert_null (qr_entity_get_key (qr_map_get_entity (map, e), QR_TB_LAYER_KEY));
  g_assert_cmpint (qr_document_get_current_layer (doc), ==, 0);
  g_autoptr (GArray) layers = qr_map_dup_layers (map);
  g_assert_cmpuint (layers->len, ==, 1);

  /* A layer with world brushes gives them to the end of the world. */
  g_assert_true (qr_op_layer_add (doc, "Props", &props, &error));
  g_assert_true (qr_op_layer_move (doc, props, QR_BRUSHES (&ids[1], 1), &error));
  g_assert_no_error (error);
  g_assert_true (qr_op_layer_delete (doc, props, &error));
  g_assert_no_error (error);
  QrEntity *world = qr_map_get_entity (map, 0);
  g_assert_cmpuint (qr_entity_get_brush (world, qr_entity_brush_count (world) - 1)->id, ==, ids[1]);

  while (qr_document_is_modified (doc))
    g_assert_true (qr_document_undo (doc));
  g_autofree char *after = qr_test_save_text (doc);
  g_assert_cmpstr (after, ==, before);
}

static void
test_omit (void)
{
  QrId ids[3], player;
  g_autoptr (QrDocument) doc = row (ids, &player);
  g_autoptr (GError) error = NULL;
  QrMap *map = qr_document_get_map (doc);
  gint64 props;

  g_assert_true (qr_op_layer_add (doc, "Props", &props, &error));
  g_assert_true (qr_op_layer_move (doc, props, &(QrObjects) { &ids[0], 1, &player, 1 }, &error));
  g_autoptr (QrMap) all = qr_map_copy_for_export (map);
  g_assert_cmpuint (qr_map_entity_count (all), ==, 3);
  g_assert_true (qr_op_layer_set_flag (doc, props, QR_LAYER_OMIT_FROM_EXPORT, TRUE, &error));
  g_autoptr (QrMap) some = qr_map_copy_for_export (map);
  g_assert_cmpuint (qr_map_entity_count (some), ==, 1);
  g_assert_cmpuint (qr_entity_brush_count (qr_map_get_entity (some, 0)), ==, 2);
  /* The document keeps everything. */
  g_assert_cmpuint (qr_map_entity_count (map), ==, 3);

  /* An omitted default layer keeps the world's keys, not its brushes. */
  g_assert_true (qr_op_layer_set_flag (doc, 0, QR_LAYER_OMIT_FROM_EXPORT, TRUE, &error));
  g_autoptr (QrMap) none = qr_map_copy_for_export (map);
  g_assert_cmpuint (qr_map_entity_count (none), ==, 1);
  g_assert_cmpuint (qr_entity_brush_count (qr_map_get_entity (none, 0)), ==, 0);
  g_assert_cmpstr (qr_entity_get_classname (qr_map_get_entity (none, 0)), ==, "worldspawn");
}

/* Groups follow their layer; a grouped entity moves with its group. */
static void
test_groups (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (
      "{\n\"classname\" \"worldspawn\"\n}\n"
      "{\n\"classname\" \"func_group\"\n\"_tb_type\" \"_tb_layer\"\n\"_tb_name\" \"L\"\n\"_tb_id\" \"7\"\n"
      "\"_tb_layer_sort_index\" \"0\"\n\"_tb_layer_hidden\" \"1\"\n}\n"
      "{\n\"classname\" \"func_group\"\n\"_tb_type\" \"_tb_group\"\n\"_tb_name\" \"G\"\n\"_tb_id\" \"9\"\n}\n"
      "{\n\"classname\" \"light\"\n\"origin\" \"0 0 0\"\n\"_tb_group\" \"9\"\n}\n");
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GError) error = NULL;
  QrId light = qr_map_get_entity (map, 3)->id;

  g_assert_cmpint (qr_map_next_tb_id (map), ==, 10);
  g_assert_false (qr_map_entity_is_hidden (map, qr_map_get_entity (map, 3)));
  g_assert_true (qr_op_layer_move (doc, 7, &(QrObjects) { NULL, 0, &light, 1 }, &error));
  /* The group carries the key; the light, in the group, is hidden with it. */
  g_assert_cmpstr (qr_entity_get_key (qr_map_get_entity (map, 2), QR_TB_LAYER_KEY), ==, "7");
  g_assert_null (qr_entity_get_key (qr_map_get_entity (map, 3), QR_TB_LAYER_KEY));
  g_assert_true (qr_map_entity_is_hidden (map, qr_map_get_entity (map, 3)));
  g_assert_true (qr_document_undo (doc));
  g_assert_false (qr_map_entity_is_hidden (map, qr_map_get_entity (map, 3)));
}

/* A 64-unit cube at x, in Valve 220 as Quarry writes it. */
static char *
cube (int x)
{
  int X = x + 64;
  return g_strdup_printf ("{\n( %d 0 0 ) ( %d 64 0 ) ( %d 64 0 ) T [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
                          "( %d 64 64 ) ( %d 0 64 ) ( %d 0 64 ) T [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
                          "( %d 0 64 ) ( %d 0 0 ) ( %d 0 0 ) T [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
                          "( %d 64 64 ) ( %d 64 0 ) ( %d 0 0 ) T [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
                          "( %d 64 64 ) ( %d 64 0 ) ( %d 64 0 ) T [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
                          "( %d 0 64 ) ( %d 0 0 ) ( %d 64 0 ) T [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n}\n",
                          X, X, x, X, X, x, X, X, x, X, X, X, x, x, X, x, x, x);
}

/* Layer L (7) holds group Outer (3, brush A at x 0, light2) holding group
 * Inner (4, brush B at x 128, light). */
static QrDocument *
nested_groups_with (QrId *a, QrId *b, const char *extra)
{
  g_autofree char *cube_a = cube (0);
  g_autofree char *cube_b0 = cube (128);
  g_autofree char *cube_b = g_strconcat (cube_b0, extra, NULL);
  g_autofree char *text = g_strdup_printf (
      "{\n\"classname\" \"worldspawn\"\n}\n"
      "{\n\"classname\" \"func_group\"\n\"_tb_type\" \"_tb_layer\"\n\"_tb_name\" \"L\"\n\"_tb_id\" \"7\"\n"
      "\"_tb_layer_sort_index\" \"0\"\n}\n"
      "{\n\"classname\" \"func_group\"\n\"_tb_type\" \"_tb_group\"\n\"_tb_name\" \"Outer\"\n\"_tb_id\" \"3\"\n"
      "\"_tb_layer\" \"7\"\n%s}\n"
      "{\n\"classname\" \"func_group\"\n\"_tb_type\" \"_tb_group\"\n\"_tb_name\" \"Inner\"\n\"_tb_id\" \"4\"\n"
      "\"_tb_group\" \"3\"\n%s}\n"
      "{\n\"classname\" \"light\"\n\"targetname\" \"light\"\n\"origin\" \"160 32 32\"\n\"_tb_group\" \"4\"\n}\n"
      "{\n\"classname\" \"light\"\n\"targetname\" \"light2\"\n\"origin\" \"32 32 32\"\n\"_tb_group\" \"3\"\n}\n",
      cube_a, cube_b);
  QrDocument *doc = qr_test_document_from_map_text (text);
  QrMap *map = qr_document_get_map (doc);

  g_assert_cmpuint (qr_map_entity_count (map), ==, 6);
  *a = qr_entity_get_brush (qr_map_get_entity (map, 2), 0)->id;
  *b = qr_entity_get_brush (qr_map_get_entity (map, 3), 0)->id;
  return doc;
}

static QrDocument *
nested_groups (QrId *a, QrId *b)
{
  return nested_groups_with (a, b, "");
}

static const QrEntity *
named (QrMap *map, const char *name)
{
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    if (g_strcmp0 (qr_entity_get_key (qr_map_get_entity (map, e), "_tb_name"), name) == 0
        || g_strcmp0 (qr_entity_get_key (qr_map_get_entity (map, e), "targetname"), name) == 0)
      return qr_map_get_entity (map, e);
  return NULL;
}

/* Every entity of the map is in layer 7. */
static void
assert_all_in_layer_7 (QrMap *map)
{
  g_autofree gint64 *of = qr_map_dup_entity_layers (map);

  for (guint e = 1; e < qr_map_entity_count (map); e++)
    g_assert_cmpint (of[e], ==, 7);
}

/* One undo gives back the map saved as `before`, byte for byte. */
static void
assert_undo_gives (QrDocument *doc, const char *before)
{
  g_assert_true (qr_document_undo (doc));
  g_autofree char *undone = qr_test_save_text (doc);
  g_assert_cmpstr (undone, ==, before);
}

/* Ungroup as TrenchBroom does: what a dissolved group held goes into the
 * group around it, or else to the layer of the outermost one dissolved; no
 * key is left naming a group that is gone. */
static void
test_ungroup_nested (void)
{
  g_autoptr (GError) error = NULL;
  QrId a, b, both[2];
  guint e, i;

  /* The inner group: B into Outer, the light into Outer. */
  {
    g_autoptr (QrDocument) doc = nested_groups (&a, &b);
    QrMap *map = qr_document_get_map (doc);
    g_autofree char *before = qr_test_save_text (doc);

    g_assert_true (qr_op_ungroup (doc, &b, 1, &error));
    g_assert_null (named (map, "Inner"));
    g_assert_true (qr_map_find_brush (map, b, &e, &i));
    g_assert_true (qr_map_get_entity (map, e) == named (map, "Outer"));
    g_assert_cmpuint (qr_entity_brush_count (named (map, "Outer")), ==, 2);
    g_assert_cmpstr (qr_entity_get_key (named (map, "light"), "_tb_group"), ==, "3");
    g_assert_null (qr_entity_get_key (named (map, "light"), QR_TB_LAYER_KEY));
    g_assert_cmpstr (qr_entity_get_key (named (map, "light2"), "_tb_group"), ==, "3");
    assert_all_in_layer_7 (map);
    assert_undo_gives (doc, before);
  }
  /* The outer group: A into the layer; Inner and light2 are the layer's. */
  {
    g_autoptr (QrDocument) doc = nested_groups (&a, &b);
    QrMap *map = qr_document_get_map (doc);

    g_assert_true (qr_op_ungroup (doc, &a, 1, &error));
    g_assert_null (named (map, "Outer"));
    g_assert_true (qr_map_find_brush (map, a, &e, &i));
    g_assert_true (qr_map_get_entity (map, e) == named (map, "L"));
    g_assert_null (qr_entity_get_key (named (map, "Inner"), "_tb_group"));
    g_assert_cmpstr (qr_entity_get_key (named (map, "Inner"), QR_TB_LAYER_KEY), ==, "7");
    g_assert_null (qr_entity_get_key (named (map, "light2"), "_tb_group"));
    g_assert_cmpstr (qr_entity_get_key (named (map, "light2"), QR_TB_LAYER_KEY), ==, "7");
    g_assert_cmpstr (qr_entity_get_key (named (map, "light"), "_tb_group"), ==, "4");
    g_assert_true (qr_map_find_brush (map, b, &e, &i));
    g_assert_true (qr_map_get_entity (map, e) == named (map, "Inner"));
    assert_all_in_layer_7 (map);
  }
  /* Both at once: everything is the layer's. */
  {
    g_autoptr (QrDocument) doc = nested_groups (&a, &b);
    QrMap *map = qr_document_get_map (doc);

    both[0] = a;
    both[1] = b;
    g_assert_true (qr_op_ungroup (doc, both, 2, &error));
    g_assert_null (named (map, "Outer"));
    g_assert_null (named (map, "Inner"));
    g_assert_cmpuint (qr_entity_brush_count (named (map, "L")), ==, 2);
    for (guint k = 0; k < 2; k++)
      {
        const QrEntity *light = named (map, k == 0 ? "light" : "light2");
        g_assert_null (qr_entity_get_key (light, "_tb_group"));
        g_assert_cmpstr (qr_entity_get_key (light, QR_TB_LAYER_KEY), ==, "7");
      }
    assert_all_in_layer_7 (map);
    g_autofree char *saved = qr_test_save_text (doc);
    g_assert_null (strstr (saved, "_tb_group"));
  }
  /* A new group takes a number no layer or group has (not its entity's). */
  {
    g_autoptr (QrDocument) doc = nested_groups (&a, &b);
    QrMap *map = qr_document_get_map (doc);

    g_assert_true (qr_op_ungroup (doc, &b, 1, &error));
    g_assert_true (qr_op_group (doc, &b, 1, "again", &error));
    g_assert_cmpstr (qr_entity_get_key (named (map, "again"), "_tb_id"), ==, "8");
  }
}

/* Group as TrenchBroom does: some brushes of a group make a group inside
 * it; a whole group is held by the new one, in its place; a group left
 * without brushes stays while something is still in it. */
static void
test_group_nested (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *cube_c = cube (256);
  QrId a, b, c, bc[2];
  guint e, i;

  /* B of Inner's B and C: a group inside Inner. */
  {
    g_autoptr (QrDocument) doc = nested_groups_with (&a, &b, cube_c);
    QrMap *map = qr_document_get_map (doc);

    g_assert_true (qr_op_group (doc, &b, 1, "N", &error));
    g_assert_cmpstr (qr_entity_get_key (named (map, "N"), "_tb_group"), ==, "4");
    g_assert_null (qr_entity_get_key (named (map, "N"), QR_TB_LAYER_KEY));
    g_assert_true (qr_map_find_brush (map, b, &e, &i));
    g_assert_true (qr_map_get_entity (map, e) == named (map, "N"));
    g_assert_cmpuint (qr_entity_brush_count (named (map, "Inner")), ==, 1);
    assert_all_in_layer_7 (map);
  }
  /* The whole of Inner: the new group holds it, inside Outer; nothing moves. */
  {
    g_autoptr (QrDocument) doc = nested_groups_with (&a, &b, cube_c);
    QrMap *map = qr_document_get_map (doc);
    g_autofree char *before = qr_test_save_text (doc);

    c = qr_entity_get_brush (named (map, "Inner"), 1)->id;
    bc[0] = b;
    bc[1] = c;
    g_assert_true (qr_op_group (doc, bc, 2, "W", &error));
    g_assert_cmpstr (qr_entity_get_key (named (map, "W"), "_tb_id"), ==, "8");
    g_assert_cmpstr (qr_entity_get_key (named (map, "W"), "_tb_group"), ==, "3");
    g_assert_null (qr_entity_get_key (named (map, "W"), QR_TB_LAYER_KEY));
    g_assert_cmpstr (qr_entity_get_key (named (map, "Inner"), "_tb_group"), ==, "8");
    g_assert_cmpuint (qr_entity_brush_count (named (map, "Inner")), ==, 2);
    g_assert_cmpuint (qr_entity_brush_count (named (map, "W")), ==, 0);
    assert_all_in_layer_7 (map);
    assert_undo_gives (doc, before);
  }
  /* The whole of Outer, in layer L: the new group takes the layer. */
  {
    g_autoptr (QrDocument) doc = nested_groups (&a, &b);
    QrMap *map = qr_document_get_map (doc);

    g_assert_true (qr_op_group (doc, &a, 1, "W", &error));
    g_assert_cmpstr (qr_entity_get_key (named (map, "W"), QR_TB_LAYER_KEY), ==, "7");
    g_assert_null (qr_entity_get_key (named (map, "W"), "_tb_group"));
    g_assert_null (qr_entity_get_key (named (map, "Outer"), QR_TB_LAYER_KEY));
    g_assert_cmpstr (qr_entity_get_key (named (map, "Outer"), "_tb_group"), ==, "8");
    assert_all_in_layer_7 (map);
  }
  /* Deleting all of Inner's brushes leaves Inner: the light is still in it. */
  {
    g_autoptr (QrDocument) doc = nested_groups_with (&a, &b, cube_c);
    QrMap *map = qr_document_get_map (doc);

    c = qr_entity_get_brush (named (map, "Inner"), 1)->id;
    bc[0] = b;
    bc[1] = c;
    g_assert_true (qr_op_delete (doc, bc, 2, NULL, 0, "Delete", &error));
    g_assert_nonnull (named (map, "Inner"));
    g_assert_cmpuint (qr_entity_brush_count (named (map, "Inner")), ==, 0);
    g_assert_cmpstr (qr_entity_get_key (named (map, "light"), "_tb_group"), ==, "4");
    assert_all_in_layer_7 (map);
  }
  /* A and B grouped from two groups: a group of the layer; both groups stay,
   * each still holding a light (and Outer, Inner). */
  {
    g_autoptr (QrDocument) doc = nested_groups (&a, &b);
    QrMap *map = qr_document_get_map (doc);
    QrId ab[2] = { a, b };

    g_assert_true (qr_op_group (doc, ab, 2, "T", &error));
    g_assert_null (qr_entity_get_key (named (map, "T"), "_tb_group"));
    g_assert_cmpstr (qr_entity_get_key (named (map, "T"), QR_TB_LAYER_KEY), ==, "7");
    g_assert_cmpuint (qr_entity_brush_count (named (map, "T")), ==, 2);
    g_assert_nonnull (named (map, "Outer"));
    g_assert_nonnull (named (map, "Inner"));
    assert_all_in_layer_7 (map);
  }
}

/* What the cache says of every entity, as a string ("h", "l", "hl" or "-"
 * each); the document's cache, then a fresh one. */
static char *
cache_text (QrMap *map)
{
  GString *text = g_string_new (NULL);

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      bool h = qr_map_entity_in_hidden_layer (map, entity), l = qr_map_entity_is_locked (map, entity);

      g_string_append_printf (text, "%s%s%s ", h ? "h" : "", l ? "l" : "", h || l ? "" : "-");
    }
  return g_string_free (text, FALSE);
}

static void
assert_cache_fresh (QrDocument *doc, const char *after)
{
  QrMap *map = qr_document_get_map (doc);
  g_autofree char *cached = cache_text (map);
  g_autofree char *fresh = NULL;

  qr_map_refresh_layers (map, NULL);
  fresh = cache_text (map);
  if (g_strcmp0 (cached, fresh) != 0)
    g_error ("after %s: the cache says '%s', the keys '%s'", after, cached, fresh);
}

/* The document skips refreshing the cache when a change cannot move an
 * entity between layers; after every kind of key edit (and its undo) the
 * cache must say what a fresh pass over the keys says. */
static void
test_cache_follows_edits (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (
      "{\n\"classname\" \"worldspawn\"\n}\n"
      "{\n\"classname\" \"func_group\"\n\"_tb_type\" \"_tb_layer\"\n\"_tb_name\" \"H\"\n\"_tb_id\" \"7\"\n"
      "\"_tb_layer_sort_index\" \"0\"\n\"_tb_layer_hidden\" \"1\"\n}\n"
      "{\n\"classname\" \"func_group\"\n\"_tb_type\" \"_tb_layer\"\n\"_tb_name\" \"V\"\n\"_tb_id\" \"8\"\n"
      "\"_tb_layer_sort_index\" \"1\"\n}\n"
      "{\n\"classname\" \"func_group\"\n\"_tb_type\" \"_tb_group\"\n\"_tb_name\" \"G\"\n\"_tb_id\" \"9\"\n}\n"
      "{\n\"classname\" \"light\"\n\"origin\" \"0 0 0\"\n}\n"
      "{\n\"classname\" \"light\"\n\"origin\" \"64 0 0\"\n\"_tb_layer\" \"8\"\n}\n");
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GError) error = NULL;
  QrId world = qr_map_get_entity (map, 0)->id, hidden = qr_map_get_entity (map, 1)->id;
  QrId visible = qr_map_get_entity (map, 2)->id, group = qr_map_get_entity (map, 3)->id;
  QrId a = qr_map_get_entity (map, 4)->id, b = qr_map_get_entity (map, 5)->id;
  struct
  {
    QrId entity;
    const char *key, *value, *what;
  } edits[] = {
    { a, "origin", "16 0 0", "a plain entity moved" },
    { a, QR_TB_LAYER_KEY, "7", "a plain entity put in the hidden layer" },
    { a, "origin", "32 0 0", "a hidden entity moved" },
    { a, QR_TB_LAYER_KEY, NULL, "a hidden entity's layer key dropped" },
    { b, QR_TB_LAYER_KEY, "7", "an entity moved from the shown layer to the hidden" },
    { b, QR_TB_LAYER_KEY, "8", "and back" },
    { a, "_tb_group", "9", "a plain entity put in a group" },
    { group, QR_TB_LAYER_KEY, "7", "the group put in the hidden layer" },
    { a, "_tb_group", NULL, "the entity taken out of the hidden group" },
    { visible, QR_TB_LOCKED_KEY, "1", "the shown layer locked" },
    { b, "origin", "80 0 0", "a locked entity moved" },
    { visible, QR_TB_LOCKED_KEY, NULL, "the shown layer unlocked" },
    { world, QR_TB_HIDDEN_KEY, "1", "the default layer hidden" },
    { b, QR_TB_LAYER_KEY, NULL, "a shown entity's key dropped: into the hidden default layer" },
    { a, "origin", "48 0 0", "an entity of the hidden default layer moved" },
    { world, QR_TB_HIDDEN_KEY, NULL, "the default layer shown" },
    { hidden, QR_TB_HIDDEN_KEY, NULL, "the hidden layer shown" },
    { hidden, "_tb_id", "70", "a layer's id changed" },
  };

  assert_cache_fresh (doc, "loading");
  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_assert_true (qr_op_set_key (doc, edits[i].entity, edits[i].key, edits[i].value, &error));
      assert_cache_fresh (doc, edits[i].what);
    }
  /* The skip takes the point entity's drag: no entity's state changes. */
  g_autoptr (QrChangeSet) moved = qr_change_set_new ();
  qr_change_set_add (moved->entities_modified, a);
  g_assert_false (qr_map_layers_may_change (map, moved));
  for (guint i = G_N_ELEMENTS (edits); i-- > 0;)
    {
      g_assert_true (qr_document_undo (doc));
      assert_cache_fresh (doc, edits[i].what);
    }
  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_assert_true (qr_document_redo (doc));
      assert_cache_fresh (doc, edits[i].what);
    }
}

/* The layers' names in list order, with "h" and "l" for hidden and locked. */
static char *
layers_text (QrDocument *doc)
{
  g_autoptr (GArray) layers = qr_map_dup_layers (qr_document_get_map (doc));
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < layers->len; i++)
    {
      const QrLayer *l = &g_array_index (layers, QrLayer, i);
      g_string_append_printf (text, "%s%s%s%s", i ? " " : "", l->id == 0 ? "default" : l->name, l->hidden ? "h" : "",
                              l->locked ? "l" : "");
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

#define assert_layers(doc, want) \
  G_STMT_START { \
    g_autofree char *got_ = layers_text (doc); \
    g_assert_cmpstr (got_, ==, (want)); \
  } G_STMT_END

/* Isolate, every layer's flag at once, and moving a layer in the list:
 * each one step that undo takes back to the file as it was. */
static void
test_isolate_and_reorder (void)
{
  QrId ids[3], player;
  g_autoptr (QrDocument) doc = row (ids, &player);
  g_autoptr (GError) error = NULL;
  g_autofree char *before = qr_test_save_text (doc);
  gint64 a, b, c;

  g_assert_true (qr_op_layer_add (doc, "A", &a, &error));
  g_assert_true (qr_op_layer_add (doc, "B", &b, &error));
  g_assert_true (qr_op_layer_add (doc, "C", &c, &error));
  QrObjects in_b = { &ids[1], 1, NULL, 0 };
  g_assert_true (qr_op_layer_move (doc, b, &in_b, &error));
  g_autofree char *made = qr_test_save_text (doc);
  guint steps = 0;

  /* Isolating B hides the others and lets go of what they hold. */
  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_selection_add_brushes (sel, ids, 3);
  qr_document_set_selection (doc, sel);
  g_assert_true (qr_op_layer_isolate (doc, b, &error));
  steps++;
  assert_layers (doc, "defaulth Ah B Ch");
  g_assert_true (brush_hidden (doc, ids[0]) && !brush_hidden (doc, ids[1]) && brush_hidden (doc, ids[2]));
  g_assert_cmpuint (qr_document_get_selection (doc)->brushes->len, ==, 1);
  g_assert_true (qr_selection_has_brush (qr_document_get_selection (doc), ids[1]));
  /* Again: no step. */
  g_assert_true (qr_op_layer_isolate (doc, b, &error));

  g_assert_true (qr_op_layers_set_flag_all (doc, QR_LAYER_HIDDEN, FALSE, &error));
  steps++;
  assert_layers (doc, "default A B C");
  g_assert_true (qr_op_layers_set_flag_all (doc, QR_LAYER_LOCKED, TRUE, &error));
  steps++;
  assert_layers (doc, "defaultl Al Bl Cl");
  g_assert_cmpuint (qr_document_get_selection (doc)->brushes->len, ==, 0);
  g_assert_true (qr_op_layers_set_flag_all (doc, QR_LAYER_LOCKED, FALSE, &error));
  steps++;
  assert_layers (doc, "default A B C");

  /* C up twice: first; up again: no step; the default layer stays first. */
  g_assert_true (qr_op_layer_reorder (doc, c, -1, &error));
  g_assert_true (qr_op_layer_reorder (doc, c, -1, &error));
  steps += 2;
  assert_layers (doc, "default C A B");
  g_assert_true (qr_op_layer_reorder (doc, c, -1, &error));
  g_assert_false (qr_op_layer_reorder (doc, 0, 1, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (qr_op_layer_reorder (doc, a, 5, &error));
  steps++;
  assert_layers (doc, "default C B A");
  /* Numbered by place, written only where changed: C 0, B 1, A 2. */
  g_autofree char *ck = qr_test_dup_keys (layer_entity (doc, "C"));
  g_assert_cmpstr (ck, ==, "classname=func_group|_tb_type=_tb_layer|_tb_name=C|_tb_id=3|_tb_layer_sort_index=0");
  g_autofree char *ak = qr_test_dup_keys (layer_entity (doc, "A"));
  g_assert_cmpstr (ak, ==, "classname=func_group|_tb_type=_tb_layer|_tb_name=A|_tb_id=1|_tb_layer_sort_index=2");
  /* Read back, the order holds. */
  g_autofree char *saved = qr_test_save_text (doc);
  g_autoptr (QrDocument) back = qr_test_document_from_map_text (saved);
  assert_layers (back, "default C B A");

  for (guint i = 0; i < steps; i++)
    g_assert_true (qr_document_undo (doc));
  g_autofree char *undone = qr_test_save_text (doc);
  g_assert_cmpstr (undone, ==, made);
  while (qr_document_is_modified (doc))
    g_assert_true (qr_document_undo (doc));
  g_autofree char *first = qr_test_save_text (doc);
  g_assert_cmpstr (first, ==, before);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/layer/add-keys", test_add_keys);
  g_test_add_func ("/model/layer/move-hide", test_move_and_hide);
  g_test_add_func ("/model/layer/locked", test_locked);
  g_test_add_func ("/model/layer/current-delete", test_current_and_delete);
  g_test_add_func ("/model/layer/omit", test_omit);
  g_test_add_func ("/model/layer/groups", test_groups);
  g_test_add_func ("/model/layer/ungroup-nested", test_ungroup_nested);
  g_test_add_func ("/model/layer/group-nested", test_group_nested);
  g_test_add_func ("/model/layer/cache-follows-edits", test_cache_follows_edits);
  g_test_add_func ("/model/layer/isolate-reorder", test_isolate_and_reorder);
  return g_test_run ();
}
