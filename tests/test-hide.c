/* test-hide.c — Hide, Isolate and Show All (issue 20): view-only undo
 * steps; hidden objects neither drawn, picked, box-selected nor taken by
 * Select All; kept in VMF editor blocks as visgroupshown. */
#include <string.h>
#include <glib.h>
#include "qr-command-stack.h"
#include "qr-find.h"
#include "qr-operations.h"
#include "qr-scene-mesh.h"
#include "qr-test-map.h"
#include "qr-tool.h"

/* qr_test_row_with_entity, counted as saved. */
static QrDocument *
row_with_entity (QrId ids[3], QrId *entity)
{
  QrDocument *doc = qr_test_row_with_entity (ids, entity);
  qr_document_mark_saved (doc);
  return doc;
}

static const QrEntity *
world (QrDocument *doc)
{
  return qr_map_get_entity (qr_document_get_map (doc), 0);
}

/* Whether the map hides the brush (or patch) with this id, found
 * wherever it is, through the predicates the views use. */
static gboolean
map_brush_hidden (QrMap *map, QrId id)
{
  guint e, b;

  if (!qr_map_find_brush (map, id, &e, &b))
    return qr_hidden_has_brush (map->hidden, id);
  return qr_map_brush_is_hidden (map, qr_map_get_entity (map, e), qr_entity_get_brush (qr_map_get_entity (map, e), b));
}

static gboolean
map_entity_hidden (QrMap *map, QrId id)
{
  guint e;

  return qr_map_find_entity (map, id, &e) && qr_map_entity_is_hidden (map, qr_map_get_entity (map, e));
}

static gboolean
brush_hidden (QrDocument *doc, QrId id)
{
  return map_brush_hidden (qr_document_get_map (doc), id);
}

static void
select_objects (QrDocument *doc, const QrId *brushes, guint n, QrId entity)
{
  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_selection_add_brushes (sel, brushes, n);
  if (entity != 0)
    qr_selection_add_entity (sel, entity);
  qr_document_set_selection (doc, sel);
}

static void
test_hide_undo_not_modified (void)
{
  QrId ids[3], entity;
  g_autoptr (QrDocument) doc = row_with_entity (ids, &entity);
  g_autoptr (GError) error = NULL;

  select_objects (doc, ids, 2, entity);
  qr_selection_add_face ((QrSelection *) qr_document_get_selection (doc), ids[1], 0);
  QrObjects objs = { &ids[1], 1, &entity, 1 };
  g_assert_true (qr_op_hide (doc, &objs, &error));
  g_assert_no_error (error);
  g_assert_true (brush_hidden (doc, ids[1]));
  g_assert_false (brush_hidden (doc, ids[0]));
  g_assert_true (map_entity_hidden (qr_document_get_map (doc), entity));

  /* What is hidden is deselected, faces and all; the rest stays selected. */
  const QrSelection *sel = qr_document_get_selection (doc);
  g_assert_cmpuint (sel->brushes->len, ==, 1);
  g_assert_true (qr_selection_has_brush (sel, ids[0]));
  g_assert_cmpuint (sel->entities->len, ==, 0);
  g_assert_cmpuint (sel->faces->len, ==, 0);

  /* An undo step, but not a modification. */
  g_assert_false (qr_document_is_modified (doc));
  g_autofree char *label = qr_document_dup_undo_label (doc);
  g_assert_cmpstr (label, ==, "Undo Hide");
  g_assert_true (qr_document_undo (doc));
  g_assert_false (brush_hidden (doc, ids[1]));
  g_assert_false (map_entity_hidden (qr_document_get_map (doc), entity));
  g_assert_true (qr_selection_has_brush (qr_document_get_selection (doc), ids[1]));
  g_assert_false (qr_document_is_modified (doc));
  g_assert_true (qr_document_redo (doc));
  g_assert_true (brush_hidden (doc, ids[1]));
  g_assert_false (qr_document_is_modified (doc));

  /* A real edit after it does modify; undoing that edit is clean again,
   * and so is undoing past the Hide. */
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&ids[0], 1), qr_vec3 (16, 0, 0), &error));
  g_assert_true (qr_document_is_modified (doc));
  g_assert_true (qr_document_undo (doc));
  g_assert_false (qr_document_is_modified (doc));
  g_assert_true (qr_document_undo (doc));
  g_assert_false (qr_document_is_modified (doc));
  /* Undoing a Hide and hiding something else leaves the saved map saved. */
  g_assert_true (qr_op_hide (doc, QR_BRUSHES (&ids[2], 1), &error));
  g_assert_false (qr_document_is_modified (doc));
  /* Saved after a Hide: undoing it and hiding again (which discards the
   * saved step from the redo stack) is still the saved map... */
  qr_document_mark_saved (doc);
  g_assert_true (qr_document_undo (doc));
  g_assert_false (qr_document_is_modified (doc));
  g_assert_true (qr_op_hide (doc, QR_BRUSHES (&ids[2], 1), &error));
  g_assert_false (qr_document_is_modified (doc));
  /* ...but not when a real edit was among the discarded steps. */
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&ids[1], 1), qr_vec3 (16, 0, 0), &error));
  qr_document_mark_saved (doc);
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_is_modified (doc));
  g_assert_true (qr_op_hide (doc, QR_BRUSHES (&ids[1], 1), &error));
  g_assert_true (qr_document_is_modified (doc));
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_is_modified (doc));

  /* Show All brings everything back, as one step. */
  g_assert_true (qr_op_hide (doc, QR_BRUSHES (&ids[0], 1), &error));
  qr_op_show_all (doc);
  for (int i = 0; i < 3; i++)
    g_assert_false (brush_hidden (doc, ids[i]));
  g_assert_true (qr_document_undo (doc));
  g_assert_true (brush_hidden (doc, ids[0]) && brush_hidden (doc, ids[2]));

  /* Nothing to hide, or a name that does not exist, is refused. */
  g_assert_false (qr_op_hide (doc, QR_BRUSHES (NULL, 0), &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  QrId missing = 9999;
  g_assert_false (qr_op_hide (doc, QR_BRUSHES (&missing, 1), &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND);
}

static void
test_isolate_and_select_all (void)
{
  QrId ids[3], entity;
  g_autoptr (QrDocument) doc = row_with_entity (ids, &entity);
  g_autoptr (GError) error = NULL;

  select_objects (doc, &ids[1], 1, 0);
  QrObjects objs = qr_objects_of_selection (qr_document_get_selection (doc));
  g_assert_true (qr_op_isolate (doc, &objs, &error));
  g_assert_true (brush_hidden (doc, ids[0]) && brush_hidden (doc, ids[2]));
  g_assert_false (brush_hidden (doc, ids[1]));
  g_assert_true (map_entity_hidden (qr_document_get_map (doc), entity));
  /* The world, whose brush stays shown, is not hidden itself. */
  g_assert_false (map_entity_hidden (qr_document_get_map (doc), world (doc)->id));
  g_assert_true (qr_selection_has_brush (qr_document_get_selection (doc), ids[1]));
  g_assert_false (qr_document_is_modified (doc));

  g_autoptr (QrSelection) all = qr_selection_new ();
  qr_selection_add_all (all, qr_document_get_map (doc));
  g_assert_cmpuint (all->brushes->len, ==, 1);
  g_assert_true (qr_selection_has_brush (all, ids[1]));
  g_assert_cmpuint (all->entities->len, ==, 0);

  qr_op_show_all (doc);
  g_autoptr (QrSelection) again = qr_selection_new ();
  qr_selection_add_all (again, qr_document_get_map (doc));
  g_assert_cmpuint (again->brushes->len, ==, 3);
  g_assert_cmpuint (again->entities->len, ==, 1);
}

static QrInput
at (int view, double x, double y, double z)
{
  QrInput in = { .view = view, .point = qr_vec3 (x, y, z), .pixel = 1.0, .grid = 16 };
  return in;
}

static void
click (QrTool *tool, QrDocument *doc, QrInput in)
{
  qr_tool_press (tool, doc, &in, 1);
  qr_tool_release (tool, doc, &in);
}

static void
test_not_picked (void)
{
  QrId ids[3], entity;
  g_autoptr (QrDocument) doc = row_with_entity (ids, &entity);
  g_autoptr (QrTool) select = qr_select_tool_new ();
  g_autoptr (GError) error = NULL;
  QrObjects objs = { &ids[0], 1, &entity, 1 };

  /* Shown, a click on the first cube's left edge and one inside the
   * entity's box select them. */
  click (select, doc, at (0, 1, 30, 0));
  g_assert_true (qr_selection_has_brush (qr_document_get_selection (doc), ids[0]));
  click (select, doc, at (0, 66, 162, 0));
  g_assert_true (qr_selection_has_entity (qr_document_get_selection (doc), entity));

  g_assert_true (qr_op_hide (doc, &objs, &error));
  click (select, doc, at (0, 1, 30, 0));
  g_assert_true (qr_selection_is_empty (qr_document_get_selection (doc)));
  click (select, doc, at (0, 66, 162, 0));
  g_assert_true (qr_selection_is_empty (qr_document_get_selection (doc)));

  /* A ray down through the first cube meets nothing; through the second,
   * the second. */
  QrRay ray = { qr_vec3 (32, 32, 500), qr_vec3 (0, 0, -1) };
  g_assert_cmpint (qr_tool_pick_ray (doc, &ray).kind, ==, QR_PICK_NONE);
  ray.origin.x = 160;
  QrPick pick = qr_tool_pick_ray (doc, &ray);
  g_assert_cmpint (pick.kind, ==, QR_PICK_BRUSH);
  g_assert_cmpuint (pick.id, ==, ids[1]);

  /* A box around everything takes the two cubes still shown. */
  qr_tool_press (select, doc, &(QrInput) { .view = 0, .point = qr_vec3 (-16, -16, 0), .pixel = 1, .grid = 16 }, 1);
  QrInput to = at (0, 400, 200, 0);
  qr_tool_drag (select, doc, &to);
  qr_tool_release (select, doc, &to);
  g_assert_true (qr_tool_key (select, doc, QR_TOOL_KEY_ENTER));
  const QrSelection *sel = qr_document_get_selection (doc);
  g_assert_cmpuint (sel->brushes->len, ==, 2);
  g_assert_false (qr_selection_has_brush (sel, ids[0]));
  g_assert_cmpuint (sel->entities->len, ==, 0);
}

/* Triangles of the mesh's face stream still in use. */
static guint
triangles (const QrSceneMesh *mesh)
{
  guint n, n_verts, count = 0;
  const uint32_t *idx = qr_scene_mesh_get_data (mesh, QR_SCENE_FACE_INDEX, &n, NULL);
  const QrSceneVertex *verts = qr_scene_mesh_get_data (mesh, QR_SCENE_FACE_VERTS, &n_verts, NULL);
  for (guint i = 0; i + 2 < n; i += 3)
    if (!(verts[idx[i]].flags & QR_SCENE_UNUSED))
      count++;
  return count;
}

static void
on_changed (QrDocument *doc, QrChangeSet *changes, QrSceneMesh *mesh)
{
  qr_scene_mesh_update (mesh, doc, changes);
}

static void
test_not_drawn (void)
{
  QrId ids[3], entity;
  g_autoptr (QrDocument) doc = row_with_entity (ids, &entity);
  g_autoptr (GError) error = NULL;
  QrSceneMesh *mesh = qr_scene_mesh_new ();

  qr_scene_mesh_rebuild (mesh, doc);
  g_signal_connect (doc, "changed", G_CALLBACK (on_changed), mesh);
  guint all = triangles (mesh);
  /* Three cubes and the entity's box, 12 triangles each. */
  g_assert_cmpuint (all, ==, 48);

  g_assert_true (qr_op_hide (doc, QR_BRUSHES (&ids[0], 1), &error));
  g_assert_cmpuint (triangles (mesh), ==, 36);
  QrObjects objs = { NULL, 0, &entity, 1 };
  g_assert_true (qr_op_hide (doc, &objs, &error));
  g_assert_cmpuint (triangles (mesh), ==, 24);
  /* A fresh build agrees with the updates. */
  qr_scene_mesh_rebuild (mesh, doc);
  g_assert_cmpuint (triangles (mesh), ==, 24);

  /* Selecting a hidden object (as a script may) draws nothing of it. */
  select_objects (doc, ids, 1, 0);
  g_assert_cmpuint (triangles (mesh), ==, 24);

  g_assert_true (qr_document_undo (doc));
  g_assert_cmpuint (triangles (mesh), ==, 36);
  qr_op_show_all (doc);
  g_assert_cmpuint (triangles (mesh), ==, 48);
  g_signal_handlers_disconnect_by_data (doc, mesh);
  qr_scene_mesh_free (mesh);
}

static const char vmf_text[] =
  "world\n{\n\t\"id\" \"1\"\n\t\"classname\" \"worldspawn\"\n"
  "\tsolid\n\t{\n\t\t\"id\" \"2\"\n"
  "\t\tside\n\t\t{\n\t\t\t\"id\" \"1\"\n\t\t\t\"plane\" \"(0 0 64) (64 0 64) (64 -64 64)\"\n\t\t\t\"material\" \"A\"\n"
  "\t\t\t\"uaxis\" \"[1 0 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 -1 0 0] 0.25\"\n\t\t\t\"rotation\" \"0\"\n\t\t}\n"
  "\t\teditor\n\t\t{\n\t\t\t\"color\" \"0 100 200\"\n\t\t\t\"visgroupshown\" \"1\"\n\t\t\t\"visgroupautoshown\" \"1\"\n\t\t}\n"
  "\t}\n"
  "\tsolid\n\t{\n\t\t\"id\" \"3\"\n"
  "\t\tside\n\t\t{\n\t\t\t\"id\" \"2\"\n\t\t\t\"plane\" \"(0 0 0) (64 0 0) (64 -64 0)\"\n\t\t\t\"material\" \"A\"\n"
  "\t\t\t\"uaxis\" \"[1 0 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 -1 0 0] 0.25\"\n\t\t\t\"rotation\" \"0\"\n\t\t}\n"
  "\t\teditor\n\t\t{\n\t\t\t\"color\" \"0 100 200\"\n\t\t\t\"visgroupshown\" \"0\"\n\t\t\t\"visgroupautoshown\" \"1\"\n\t\t}\n"
  "\t}\n"
  "}\n"
  "entity\n{\n\t\"id\" \"4\"\n\t\"classname\" \"info_player_start\"\n\t\"origin\" \"0 0 0\"\n"
  "\teditor\n\t{\n\t\t\"color\" \"0 255 0\"\n\t\t\"visgroupshown\" \"1\"\n\t}\n"
  "}\n"
  "entity\n{\n\t\"id\" \"5\"\n\t\"classname\" \"info_null\"\n\t\"origin\" \"8 0 0\"\n}\n";

static void
test_vmf_visgroupshown (void)
{
  g_autoptr (QrMap) map = qr_test_parse_ok (vmf_text, QR_FILE_VMF);

  /* visgroupshown 0 opens hidden; the file writes back byte for byte. */
  g_assert_false (map_brush_hidden (map, 2));
  g_assert_true (map_brush_hidden (map, 3));
  g_assert_false (map_entity_hidden (map, 4));
  qr_test_assert_writes_as (map, QR_SAVE_AS_READ, vmf_text);
  qr_test_assert_round_trip (map);

  /* Show All writes "1" where the file said "0"; hiding the player start
   * and info_null (which has no editor block) writes "0" into theirs. */
  g_autoptr (QrDocument) doc = qr_document_new (g_steal_pointer (&map));
  g_autoptr (GError) error = NULL;
  qr_op_show_all (doc);
  QrId entities[] = { 4, 5 };
  QrObjects objs = { NULL, 0, entities, 2 };
  g_assert_true (qr_op_hide (doc, &objs, &error));
  g_autofree char *saved = qr_test_save_text (doc);
  g_autofree char *expected = g_strdup (vmf_text);
  char *zero = strstr (expected, "\"visgroupshown\" \"0\"");
  zero[17] = '1';
  char *one = strstr (strstr (expected, "info_player_start"), "\"visgroupshown\" \"1\"");
  one[17] = '0';
  g_autofree char *with_null = g_strndup (expected, strlen (expected) - 2);
  g_autofree char *want = g_strconcat (with_null, "\teditor\n\t{\n\t\t\"visgroupshown\" \"0\"\n\t}\n}\n", NULL);
  g_assert_cmpstr (saved, ==, want);

  /* Read back, the same objects are hidden. */
  g_autoptr (QrMap) back = qr_test_parse_ok (saved, QR_FILE_VMF);
  g_assert_false (map_brush_hidden (back, 3));
  g_assert_true (map_entity_hidden (back, 4));
  g_assert_true (map_entity_hidden (back, 5));
  qr_test_assert_writes_as (back, QR_SAVE_AS_READ, saved);
}

/* Hammer hides an auto visgroup's objects with visgroupautoshown "0":
 * they open hidden and write back as read; shown again, both keys say 1. */
static void
test_vmf_visgroupautoshown (void)
{
  g_autofree char *text = g_strdup (vmf_text);
  /* Solid 2: shown by its visgroups, hidden by an auto visgroup. */
  char *autoshown = strstr (text, "\"visgroupautoshown\" \"1\"");
  autoshown[21] = '0';
  g_autoptr (QrMap) map = qr_test_parse_ok (text, QR_FILE_VMF);

  g_assert_true (map_brush_hidden (map, 2));
  g_assert_true (map_brush_hidden (map, 3));
  qr_test_assert_writes_as (map, QR_SAVE_AS_READ, text);

  /* Hidden by Hide too: still as read (no second "0" to undo in Hammer). */
  g_autoptr (QrDocument) doc = qr_document_new (g_steal_pointer (&map));
  g_autoptr (GError) error = NULL;
  QrId both[] = { 2 };
  g_assert_true (qr_op_hide (doc, QR_BRUSHES (both, 1), &error));
  g_autofree char *hidden = qr_test_save_text (doc);
  g_assert_cmpstr (hidden, ==, text);

  qr_op_show_all (doc);
  g_autofree char *shown = qr_test_save_text (doc);
  g_assert_null (strstr (shown, "shown\" \"0\""));
  g_assert_nonnull (strstr (shown, "\"visgroupshown\" \"1\"\n\t\t\t\"visgroupautoshown\" \"1\""));
  g_autoptr (QrMap) back = qr_test_parse_ok (shown, QR_FILE_VMF);
  g_assert_false (map_brush_hidden (back, 2));
  g_assert_false (map_brush_hidden (back, 3));
}

/* A block at x = 64·k of texture `tex`, its top `top`. */
static char *
block (int k, const char *tex, const char *top)
{
  int x0 = 64 * k, x1 = x0 + 32;

  return g_strdup_printf ("{\n"
                          "( %d 0 0 ) ( %d 1 0 ) ( %d 0 1 ) %s 0 0 0 1 1\n"
                          "( %d 0 0 ) ( %d 0 1 ) ( %d 1 0 ) %s 0 0 0 1 1\n"
                          "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) %s 0 0 0 1 1\n"
                          "( 0 32 0 ) ( 1 32 0 ) ( 0 32 1 ) %s 0 0 0 1 1\n"
                          "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) %s 0 0 0 1 1\n"
                          "( 0 0 32 ) ( 0 1 32 ) ( 1 0 32 ) %s 0 0 0 1 1\n"
                          "}\n",
                          x0, x0, x0, tex, x1, x1, x1, tex, tex, tex, tex, top);
}

static void
count_changes (QrDocument *doc, const QrChangeSet *changes, guint *n)
{
  *n += changes->brushes_modified->len + changes->entities_modified->len;
}

/* The view filters: each kind leaves the views, Select All and the
 * selection, without an undo step, and comes back when cleared; a brush
 * is a tool brush only when every face is a tool texture. */
static void
test_filters (void)
{
  g_autofree char *world = block (0, "wall", "wall"), *clip = block (1, "CLIP", "skip");
  g_autofree char *caulky = block (2, "common/caulk", "common/caulk");
  /* One face of the mixed brush is clip: not a tool brush. */
  g_autofree char *mixed = block (3, "wall", "clip"), *trigger = block (4, "trigger", "trigger");
  g_autofree char *door = block (5, "door", "door");
  g_autofree char *text = NULL;
  g_autoptr (QrDocument) doc = NULL;
  g_autoptr (QrSelection) all = qr_selection_new ();
  QrMap *map;
  guint changed = 0;
  struct
  {
    unsigned filter;
    gboolean hides[8]; /* world, clip, caulk, mixed, trigger, door, light, (unused) */
  } cases[] = {
    { QR_FILTER_WORLD_BRUSHES, { TRUE, TRUE, TRUE, TRUE, FALSE, FALSE, FALSE } },
    { QR_FILTER_BRUSH_ENTITIES, { FALSE, FALSE, FALSE, FALSE, TRUE, TRUE, FALSE } },
    { QR_FILTER_TRIGGERS, { FALSE, FALSE, FALSE, FALSE, TRUE, FALSE, FALSE } },
    { QR_FILTER_TOOL_TEXTURES, { FALSE, TRUE, TRUE, FALSE, TRUE, FALSE, FALSE } },
    { QR_FILTER_POINT_ENTITIES, { FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, TRUE } },
  };

  text = g_strdup_printf ("{\n\"classname\" \"worldspawn\"\n%s%s%s%s}\n"
                          "{\n\"classname\" \"trigger_once\"\n%s}\n{\n\"classname\" \"func_door\"\n%s}\n"
                          "{\n\"classname\" \"light\"\n\"origin\" \"0 0 64\"\n}\n",
                          world, clip, caulky, mixed, trigger, door);
  doc = qr_test_document_from_map_text (text);
  map = qr_document_get_map (doc);
  g_signal_connect (doc, "changed", G_CALLBACK (count_changes), &changed);
  qr_selection_add_all (all, map);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (QrSelection) sel = qr_selection_new ();
      const QrEntity *w = qr_map_get_entity (map, 0);
      gboolean got[7];
      guint n = 0;

      qr_document_set_selection (doc, all);
      changed = 0;
      qr_document_set_view_filter (doc, cases[c].filter);
      g_assert_cmpuint (qr_document_get_view_filter (doc), ==, cases[c].filter);
      for (guint b = 0; b < 4; b++)
        got[b] = qr_map_brush_is_hidden (map, w, qr_entity_get_brush (w, b));
      got[4] = qr_map_brush_is_hidden (map, qr_map_get_entity (map, 1), qr_entity_get_brush (qr_map_get_entity (map, 1), 0));
      got[5] = qr_map_brush_is_hidden (map, qr_map_get_entity (map, 2), qr_entity_get_brush (qr_map_get_entity (map, 2), 0));
      got[6] = qr_map_entity_is_hidden (map, qr_map_get_entity (map, 3));
      for (guint k = 0; k < 7; k++)
        {
          g_assert_cmpint (got[k], ==, cases[c].hides[k]);
          n += got[k];
        }
      /* An entity shows nothing when all it has is hidden; the world
       * never goes whole (its keys are the map's); Find's hits agree. */
      g_assert_false (qr_map_entity_is_wholly_hidden (map, w));
      for (guint e = 1; e <= 3; e++)
        {
          g_assert_cmpint (qr_map_entity_is_wholly_hidden (map, qr_map_get_entity (map, e)), ==, got[e + 3]);
          g_assert_cmpint (qr_find_hit_is_hidden (map, &(QrFindHit) { e, -1, -1 }), ==, got[e + 3]);
        }
      for (guint b = 0; b < 4; b++)
        g_assert_cmpint (qr_find_hit_is_hidden (map, &(QrFindHit) { 0, (int) b, 2 }), ==, got[b]);
      /* One change set names each object that went; the selection lost them. */
      g_assert_cmpuint (changed, ==, n);
      g_assert_cmpuint (qr_document_get_selection (doc)->brushes->len + qr_document_get_selection (doc)->entities->len,
                        ==, all->brushes->len + all->entities->len - n);
      qr_selection_add_all (sel, map);
      g_assert_cmpuint (sel->brushes->len + sel->entities->len, ==, all->brushes->len + all->entities->len - n);
      g_assert_false (qr_document_can_undo (doc));
      qr_document_set_view_filter (doc, 0);
    }
  g_assert_true (qr_texture_is_tool ("tools/toolsnodraw") && qr_texture_is_tool ("SKIP"));
  g_assert_false (qr_texture_is_tool ("tools") || qr_texture_is_tool ("clipboard") || qr_texture_is_tool ("sky1"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hide/undo-not-modified", test_hide_undo_not_modified);
  g_test_add_func ("/hide/isolate-select-all", test_isolate_and_select_all);
  g_test_add_func ("/hide/not-picked", test_not_picked);
  g_test_add_func ("/hide/not-drawn", test_not_drawn);
  g_test_add_func ("/hide/vmf-visgroupshown", test_vmf_visgroupshown);
  g_test_add_func ("/hide/vmf-visgroupautoshown", test_vmf_visgroupautoshown);
  g_test_add_func ("/hide/filters", test_filters);
  return g_test_run ();
}
