/* test-visgroup.c — Hammer's visgroups (issue 20): the tree and the
 * memberships read from the kept blocks, the undoable edits of them, the
 * quarry-cli visgroup steps, and files that read back as Hammer wrote them. */
#include <json-c/json.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include "qr-io.h"
#include "qr-test-corpus.h"
#include "qr-test-files.h"
#include "qr-test-map.h"
#include "qr-visgroup-ops.h"

/* A 64-unit cube solid with ids id (solid) and 6·id… (sides) at x0,
 * followed by `editor` (the text of an editor block, or ""). */
static char *
solid (int id, int x0, const char *editor)
{
  /* Each side's three points: x offsets from x0, then y z of each. */
  const int xs[6][3] = { { 0, 64, 64 }, { 0, 64, 64 }, { 0, 0, 0 }, { 64, 64, 64 }, { 64, 64, 0 }, { 0, 0, 64 } };
  const int yz[6][6] = { { 0, 64, 0, 64, -64, 64 }, { -64, 0, -64, 0, 0, 0 },   { 0, 0, 0, 64, -64, 64 },
                         { -64, 0, -64, 64, 0, 64 }, { 0, 0, 0, 64, 0, 64 },      { -64, 64, -64, 0, -64, 0 } };
  g_autoptr (GString) s = g_string_new (NULL);

  g_string_append_printf (s, "\tsolid\n\t{\n\t\t\"id\" \"%d\"\n", id);
  for (int f = 0; f < 6; f++)
    {
      g_autofree char *plane = g_strdup_printf ("(%d %d %d) (%d %d %d) (%d %d %d)", x0 + xs[f][0], yz[f][0], yz[f][1],
                                                x0 + xs[f][1], yz[f][2], yz[f][3], x0 + xs[f][2], yz[f][4], yz[f][5]);
      g_string_append_printf (s,
                              "\t\tside\n\t\t{\n\t\t\t\"id\" \"%d\"\n\t\t\t\"plane\" \"%s\"\n"
                              "\t\t\t\"material\" \"DEV/DEV_MEASUREGENERIC01\"\n"
                              "\t\t\t\"uaxis\" \"[1 0 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 -1 0 0] 0.25\"\n"
                              "\t\t\t\"rotation\" \"0\"\n\t\t\t\"lightmapscale\" \"16\"\n"
                              "\t\t\t\"smoothing_groups\" \"0\"\n\t\t}\n",
                              id * 10 + f, plane);
    }
  g_string_append (s, editor);
  g_string_append (s, "\t}\n");
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* A map with visgroups Walls (7, holding Inner 9) and Lights (8): brush 2
 * in Walls, brush 3 (no editor block) in none, the func_detail 4 in
 * Inner, the light 6 in Walls and Lights; the info_null 7 in none. */
static char *
fixture (void)
{
  g_autofree char *s2 = solid (2, 0, "\t\teditor\n\t\t{\n\t\t\t\"color\" \"0 180 0\"\n\t\t\t\"visgroupid\" \"7\"\n"
                                     "\t\t\t\"visgroupshown\" \"1\"\n\t\t}\n");
  g_autofree char *s3 = solid (3, 128, "");
  g_autofree char *s5 = solid (5, 256, "");

  return g_strconcat ("versioninfo\n{\n\t\"editorversion\" \"400\"\n\t\"editorbuild\" \"4715\"\n"
                      "\t\"mapversion\" \"1\"\n\t\"formatversion\" \"100\"\n\t\"prefab\" \"0\"\n}\n"
                      "visgroups\n{\n"
                      "\tvisgroup\n\t{\n\t\t\"name\" \"Walls\"\n\t\t\"visgroupid\" \"7\"\n\t\t\"color\" \"200 10 20\"\n"
                      "\t\tvisgroup\n\t\t{\n\t\t\t\"name\" \"Inner\"\n\t\t\t\"visgroupid\" \"9\"\n"
                      "\t\t\t\"color\" \"1 2 3\"\n\t\t}\n\t}\n"
                      "\tvisgroup\n\t{\n\t\t\"name\" \"Lights\"\n\t\t\"visgroupid\" \"8\"\n\t\t\"color\" \"255 255 0\"\n\t}\n"
                      "}\n"
                      "viewsettings\n{\n\t\"bSnapToGrid\" \"1\"\n}\n"
                      "world\n{\n\t\"id\" \"1\"\n\t\"mapversion\" \"1\"\n\t\"classname\" \"worldspawn\"\n",
                      s2, s3, "}\n",
                      "entity\n{\n\t\"id\" \"4\"\n\t\"classname\" \"func_detail\"\n", s5,
                      "\teditor\n\t{\n\t\t\"color\" \"0 180 0\"\n\t\t\"visgroupid\" \"9\"\n\t\t\"visgroupshown\" \"1\"\n\t}\n}\n",
                      "entity\n{\n\t\"id\" \"6\"\n\t\"classname\" \"light\"\n\t\"origin\" \"0 128 0\"\n"
                      "\teditor\n\t{\n\t\t\"color\" \"220 30 220\"\n\t\t\"visgroupid\" \"7\"\n\t\t\"visgroupid\" \"8\"\n"
                      "\t\t\"visgroupshown\" \"1\"\n\t\t\"logicalpos\" \"[0 0]\"\n\t}\n}\n",
                      "entity\n{\n\t\"id\" \"7\"\n\t\"classname\" \"info_null\"\n\t\"origin\" \"0 256 0\"\n}\n", NULL);
}

static void
assert_ids (const GArray *ids, const QrId *want, guint n)
{
  g_assert_cmpuint (ids->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (g_array_index (ids, QrId, i), ==, want[i]);
}

static void
test_read (void)
{
  g_autofree char *text = fixture ();
  g_autoptr (QrMap) map = qr_test_parse_ok (text, QR_FILE_VMF);
  g_autoptr (GArray) groups = qr_visgroups_read (map);

  qr_test_assert_writes_as (map, QR_SAVE_AS_READ, text);
  g_assert_cmpuint (groups->len, ==, 3);
  const QrVisgroup *walls = &g_array_index (groups, QrVisgroup, 0);
  const QrVisgroup *inner = &g_array_index (groups, QrVisgroup, 1);
  const QrVisgroup *lights = &g_array_index (groups, QrVisgroup, 2);
  g_assert_cmpstr (walls->name, ==, "Walls");
  g_assert_cmpuint (walls->id, ==, 7);
  g_assert_cmpint (walls->parent, ==, -1);
  g_assert_cmpuint (walls->color[0], ==, 200);
  g_assert_cmpuint (walls->color[2], ==, 20);
  g_assert_cmpstr (inner->name, ==, "Inner");
  g_assert_cmpint (inner->parent, ==, 0);
  g_assert_cmpuint (inner->depth, ==, 1);
  g_assert_cmpstr (lights->name, ==, "Lights");
  g_assert_cmpint (lights->parent, ==, -1);
  g_assert_cmpint (qr_visgroups_find_name (groups, "Lights"), ==, 2);
  g_assert_cmpint (qr_visgroups_find_id (groups, 9), ==, 1);
  g_assert_cmpint (qr_visgroups_find_name (groups, "walls"), ==, -1);
  g_assert_cmpuint (qr_visgroups_max_id (map, groups), ==, 9);

  /* Direct members; nested adds Inner's func_detail to Walls. */
  g_autoptr (QrVisgroupMembers) direct = qr_visgroup_members (map, groups, 7, false);
  g_autoptr (QrVisgroupMembers) nested = qr_visgroup_members (map, groups, 7, true);
  g_autoptr (QrVisgroupMembers) in_lights = qr_visgroup_members (map, groups, 8, false);
  assert_ids (direct->brushes, (QrId[]) { 2 }, 1);
  assert_ids (direct->entities, (QrId[]) { 6 }, 1);
  assert_ids (nested->brushes, (QrId[]) { 2 }, 1);
  assert_ids (nested->entities, (QrId[]) { 4, 6 }, 2);
  assert_ids (in_lights->brushes, NULL, 0);
  assert_ids (in_lights->entities, (QrId[]) { 6 }, 1);

  /* Auto visgroups: the world's brushes, and each class. */
  g_auto (GStrv) classes = qr_auto_visgroup_classes (map);
  g_assert_cmpuint (g_strv_length (classes), ==, 3);
  g_assert_cmpstr (classes[0], ==, "func_detail");
  g_assert_cmpstr (classes[1], ==, "info_null");
  g_assert_cmpstr (classes[2], ==, "light");
  g_autoptr (QrVisgroupMembers) world = qr_auto_visgroup_members (map, NULL);
  g_autoptr (QrVisgroupMembers) lights_class = qr_auto_visgroup_members (map, "light");
  assert_ids (world->brushes, (QrId[]) { 2, 3 }, 2);
  assert_ids (world->entities, NULL, 0);
  assert_ids (lights_class->entities, (QrId[]) { 6 }, 1);
  g_assert_cmpint (qr_visgroup_members_state (map, nested), ==, QR_VISGROUP_SHOWN);
}

/* The editor block's visgroupid lines, as "7,8" ("" for none or no block). */
static char *
editor_ids (const QrNode *editor)
{
  g_autoptr (GString) s = g_string_new (NULL);

  for (guint i = 0; editor != NULL && i < editor->n_items; i++)
    if (editor->items[i].value != NULL && strcmp (editor->items[i].key, "visgroupid") == 0)
      g_string_append_printf (s, "%s%s", s->len ? "," : "", editor->items[i].value);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static char *
brush_ids (QrMap *map, QrId id)
{
  guint e, b;

  g_assert_true (qr_map_find_brush (map, id, &e, &b));
  return editor_ids (qr_brush_find_editor (qr_entity_get_brush (qr_map_get_entity (map, e), b)));
}

static char *
entity_ids (QrMap *map, QrId id)
{
  guint e;

  g_assert_true (qr_map_find_entity (map, id, &e));
  return editor_ids (qr_entity_find_editor (qr_map_get_entity (map, e), NULL));
}

#define assert_member_ids(got, want) \
  G_STMT_START { \
    g_autofree char *got_ = (got); \
    g_assert_cmpstr (got_, ==, (want)); \
  } G_STMT_END

static void
test_ops (void)
{
  g_autofree char *text = fixture ();
  g_autoptr (QrDocument) doc = qr_document_new (qr_test_parse_ok (text, QR_FILE_VMF));
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GError) error = NULL;
  guint id = 0;

  qr_document_mark_saved (doc);
  /* New from objects: brush 3 (no editor block) gets one, the
   * func_detail's brush brings its entity, the info_null gets a block. */
  QrId brushes[] = { 3, 5 };
  QrId entities[] = { 7 };
  QrObjects objs = { brushes, 2, entities, 1 };
  g_assert_true (qr_op_visgroup_create (doc, "Floors", &objs, &id, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (id, ==, 10);
  g_assert_true (qr_document_is_modified (doc));
  assert_member_ids (brush_ids (map, 3), "10");
  assert_member_ids (entity_ids (map, 4), "9,10");
  assert_member_ids (entity_ids (map, 7), "10");
  assert_member_ids (brush_ids (map, 5), "");
  g_autoptr (GArray) groups = qr_visgroups_read (map);
  g_assert_cmpuint (groups->len, ==, 4);
  g_assert_cmpstr (g_array_index (groups, QrVisgroup, 3).name, ==, "Floors");
  g_assert_cmpint (g_array_index (groups, QrVisgroup, 3).parent, ==, -1);

  /* Refusals change nothing. */
  g_assert_false (qr_op_visgroup_create (doc, "Walls", NULL, NULL, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (qr_op_visgroup_create (doc, "a\"b", NULL, NULL, &error));
  g_clear_error (&error);
  g_assert_false (qr_op_visgroup_rename (doc, 99, "X", &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (qr_op_visgroup_rename (doc, 10, "Lights", &error));
  g_clear_error (&error);

  /* Rename, add, remove. */
  g_assert_true (qr_op_visgroup_rename (doc, 10, "Ground", &error));
  QrId two[] = { 2 };
  g_assert_true (qr_op_visgroup_add (doc, 8, QR_BRUSHES (two, 1), &error));
  assert_member_ids (brush_ids (map, 2), "7,8");
  g_assert_true (qr_op_visgroup_remove (doc, 7, QR_BRUSHES (two, 1), &error));
  assert_member_ids (brush_ids (map, 2), "8");
  g_autofree char *mid = qr_test_save_text (doc);
  g_assert_nonnull (strstr (mid, "\t\t\"name\" \"Ground\"\n\t\t\"visgroupid\" \"10\"\n"));
  /* Hammer's order in the block: color, visgroupid lines, visgroupshown. */
  g_assert_nonnull (strstr (mid, "\"color\" \"0 180 0\"\n\t\t\t\"visgroupid\" \"8\"\n\t\t\t\"visgroupshown\" \"1\""));

  /* Deleting Walls takes Inner and every membership of both. */
  g_assert_true (qr_op_visgroup_delete (doc, 7, &error));
  g_clear_pointer (&groups, g_array_unref);
  groups = qr_visgroups_read (map);
  g_assert_cmpuint (groups->len, ==, 2);
  assert_member_ids (entity_ids (map, 4), "10");
  assert_member_ids (entity_ids (map, 6), "8");

  /* Hiding a visgroup is a view step: not modified once undone to… the
   * count of steps grows, the file says visgroupshown 0 for its members. */
  qr_document_mark_saved (doc);
  g_assert_true (qr_op_visgroup_set_shown (doc, 10, false, &error));
  g_assert_false (qr_document_is_modified (doc));
  g_assert_true (qr_hidden_has_entity (map->hidden, 4));
  g_assert_true (qr_hidden_has_brush (map->hidden, 3));
  g_assert_false (qr_hidden_has_entity (map->hidden, 6));
  g_autoptr (QrVisgroupMembers) ground = qr_visgroup_members (map, groups, 10, true);
  g_assert_cmpint (qr_visgroup_members_state (map, ground), ==, QR_VISGROUP_HIDDEN);
  g_assert_true (qr_op_auto_visgroup_set_shown (doc, "func_detail", true, &error));
  g_assert_cmpint (qr_visgroup_members_state (map, ground), ==, QR_VISGROUP_MIXED);
  g_assert_true (qr_op_visgroup_set_shown (doc, 10, true, &error));
  g_assert_cmpint (qr_visgroup_members_state (map, ground), ==, QR_VISGROUP_SHOWN);
  g_assert_no_error (error);

  /* Undo everything: the file as read, byte for byte. */
  while (qr_document_undo (doc))
    ;
  qr_test_assert_saves_as (doc, text);
  /* And redo everything, to the same last state. */
  while (qr_document_redo (doc))
    ;
  g_autofree char *last = qr_test_save_text (doc);
  g_autoptr (QrMap) back = qr_test_parse_ok (last, QR_FILE_VMF);
  qr_test_assert_writes_as (back, QR_SAVE_AS_READ, last);
}

/* The tree as "name<parent" in tree order, "-" for the top level. */
static char *
tree_text (QrMap *map)
{
  g_autoptr (GArray) groups = qr_visgroups_read (map);
  g_autoptr (GString) s = g_string_new (NULL);

  for (guint i = 0; i < groups->len; i++)
    {
      const QrVisgroup *g = &g_array_index (groups, QrVisgroup, i);
      g_string_append_printf (s, "%s%s<%s", i ? " " : "", g->name,
                              g->parent < 0 ? "-" : g_array_index (groups, QrVisgroup, g->parent).name);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* Moving a visgroup takes its subtree and keeps every membership; into
 * itself or below itself is refused; undo gives the file back. */
static void
test_move (void)
{
  g_autofree char *text = fixture ();
  g_autoptr (QrDocument) doc = qr_document_new (qr_test_parse_ok (text, QR_FILE_VMF));
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) groups = NULL;

  qr_document_mark_saved (doc);
  assert_member_ids (tree_text (map), "Walls<- Inner<Walls Lights<-");
  /* Walls (with Inner) into Lights: last under it. */
  g_assert_true (qr_op_visgroup_move (doc, 7, 8, &error));
  g_assert_no_error (error);
  assert_member_ids (tree_text (map), "Lights<- Walls<Lights Inner<Walls");
  g_assert_true (qr_document_is_modified (doc));
  /* The members stay: Walls still shows brush 2 and the light, Lights
   * (and what is below it) now everything in either. */
  groups = qr_visgroups_read (map);
  g_autoptr (QrVisgroupMembers) lights = qr_visgroup_members (map, groups, 8, true);
  /* brush 2 (Walls); the func_detail (Inner: with its brush) and the light (Walls, Lights). */
  assert_ids (lights->brushes, (const QrId[]) { 2 }, 1);
  assert_ids (lights->entities, (const QrId[]) { 4, 6 }, 2);
  assert_member_ids (brush_ids (map, 2), "7");

  /* Refused: into itself, into one below it, a missing parent. */
  g_assert_false (qr_op_visgroup_move (doc, 8, 8, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (qr_op_visgroup_move (doc, 8, 9, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (qr_op_visgroup_move (doc, 9, 99, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND);
  g_clear_error (&error);
  assert_member_ids (tree_text (map), "Lights<- Walls<Lights Inner<Walls");

  /* Inner to the top level; where it is already: no step. */
  g_assert_true (qr_op_visgroup_move (doc, 9, 0, &error));
  assert_member_ids (tree_text (map), "Lights<- Walls<Lights Inner<-");
  g_autofree char *moved = qr_test_save_text (doc);
  g_assert_true (qr_op_visgroup_move (doc, 9, 0, &error));
  g_autofree char *again = qr_test_save_text (doc);
  g_assert_cmpstr (again, ==, moved);
  g_assert_true (qr_document_undo (doc));
  assert_member_ids (tree_text (map), "Lights<- Walls<Lights Inner<Walls");
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, text);
  g_assert_false (qr_document_is_modified (doc));
}

/* A map without a visgroups block gets one after versioninfo; a solid's
 * visgroupid goes after its groupid, as Hammer writes them. */
static void
test_block_made (void)
{
  g_autofree char *s2 = solid (2, 0, "\t\teditor\n\t\t{\n\t\t\t\"color\" \"0 180 0\"\n\t\t\t\"groupid\" \"5\"\n"
                                     "\t\t\t\"visgroupshown\" \"1\"\n\t\t}\n");
  g_autofree char *text = g_strconcat ("versioninfo\n{\n\t\"editorversion\" \"400\"\n}\n"
                                       "viewsettings\n{\n\t\"bSnapToGrid\" \"1\"\n}\n"
                                       "world\n{\n\t\"id\" \"1\"\n\t\"classname\" \"worldspawn\"\n",
                                       s2, "}\n", NULL);
  g_autoptr (QrDocument) doc = qr_document_new (qr_test_parse_ok (text, QR_FILE_VMF));
  g_autoptr (GError) error = NULL;
  QrId two[] = { 2 };

  g_assert_true (qr_op_visgroup_create (doc, "A", QR_BRUSHES (two, 1), NULL, &error));
  g_autofree char *saved = qr_test_save_text (doc);
  g_assert_true (g_str_has_prefix (saved, "versioninfo\n{\n\t\"editorversion\" \"400\"\n}\n"
                                          "visgroups\n{\n\tvisgroup\n\t{\n\t\t\"name\" \"A\"\n"
                                          "\t\t\"visgroupid\" \"1\"\n\t\t\"color\" \""));
  g_assert_nonnull (strstr (saved, "}\nviewsettings\n"));
  g_assert_nonnull (strstr (saved, "\"color\" \"0 180 0\"\n\t\t\t\"groupid\" \"5\"\n\t\t\t\"visgroupid\" \"1\"\n"
                                   "\t\t\t\"visgroupshown\" \"1\"\n"));

  /* Not for .map files. */
  g_autoptr (QrDocument) quake = qr_test_document_from_map_text ("{\n\"classname\" \"worldspawn\"\n}\n");
  g_assert_false (qr_op_visgroup_create (quake, "A", NULL, NULL, &error));
  g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
}

static char *
write_temp (const char *dir, const char *name, const char *text)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static json_object *
visgroups_json (const char *path)
{
  g_auto (QrTestRun) r = { 0 };

  qr_test_run_cli (&r, "visgroups", path, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  return json_tokener_parse (r.out);
}

/* The steps of quarry-cli edit, the saved file checked key by key. */
static void
test_cli (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-visgroup-XXXXXX");
  g_autofree char *text = fixture ();
  g_autofree char *in = write_temp (dir, "in.vmf", text);
  g_autofree char *out = g_build_filename (dir, "out.vmf", NULL);
  g_autofree char *undone = g_build_filename (dir, "undone.vmf", NULL);
  g_auto (QrTestRun) r = { 0 };

  qr_test_run_cli (&r, "edit", in, out, "--step", "visgroup-add Floors 0:1 1:0", "--step", "visgroup-add Lights 0:0",
                   "--step", "visgroup-remove Walls 0:0 2", "--step", "visgroup-rename Inner Core", "--step",
                   "visgroup-hide Floors", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_autofree char *saved = qr_test_read_file (out);
  g_autoptr (QrMap) map = qr_test_parse_ok (saved, QR_FILE_VMF);
  g_autoptr (GArray) groups = qr_visgroups_read (map);

  /* The block, key by key. */
  g_assert_cmpuint (groups->len, ==, 4);
  const char *names[] = { "Walls", "Core", "Lights", "Floors" };
  const guint ids[] = { 7, 9, 8, 10 };
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpstr (g_array_index (groups, QrVisgroup, i).name, ==, names[i]);
      g_assert_cmpuint (g_array_index (groups, QrVisgroup, i).id, ==, ids[i]);
    }
  g_assert_nonnull (strstr (saved, "\tvisgroup\n\t{\n\t\t\"name\" \"Floors\"\n\t\t\"visgroupid\" \"10\"\n\t\t\"color\" \""));
  /* Each object's editor block. */
  assert_member_ids (brush_ids (map, 2), "8");
  assert_member_ids (brush_ids (map, 3), "10");
  assert_member_ids (entity_ids (map, 4), "9,10");
  assert_member_ids (entity_ids (map, 6), "8");
  assert_member_ids (entity_ids (map, 7), "");
  /* Hidden: Floors' members say visgroupshown 0, the rest 1. */
  g_assert_nonnull (strstr (saved, "\"visgroupid\" \"10\"\n\t\t\t\"visgroupshown\" \"0\""));
  g_assert_nonnull (strstr (saved, "\"visgroupid\" \"8\"\n\t\t\t\"visgroupshown\" \"1\""));
  g_assert_true (qr_hidden_has_entity (map->hidden, 4));
  g_assert_true (qr_hidden_has_brush (map->hidden, 3));
  g_assert_false (qr_hidden_has_brush (map->hidden, 2));

  /* Reloaded, it writes itself again byte for byte. */
  qr_test_assert_writes_as (map, QR_SAVE_AS_READ, saved);

  /* The listing counts the members. */
  json_object *root = visgroups_json (out);
  json_object *list = json_object_object_get (root, "visgroups");
  g_assert_cmpuint (json_object_array_length (list), ==, 4);
  json_object *floors = json_object_array_get_idx (list, 3);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (floors, "name")), ==, "Floors");
  g_assert_cmpint (json_object_get_int (json_object_object_get (floors, "brushes")), ==, 1);
  g_assert_cmpint (json_object_get_int (json_object_object_get (floors, "entities")), ==, 1);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (floors, "state")), ==, "hidden");
  json_object *core = json_object_array_get_idx (list, 1);
  g_assert_cmpint (json_object_get_int (json_object_object_get (core, "parent")), ==, 7);
  json_object *autos = json_object_object_get (root, "auto");
  g_assert_cmpuint (json_object_array_length (autos), ==, 4);
  g_assert_cmpint (json_object_get_int (json_object_object_get (json_object_array_get_idx (autos, 0), "brushes")), ==, 2);
  json_object_put (root);

  /* Undoing every step gives the file back exactly. */
  qr_test_run_cli (&r, "edit", in, undone, "--step", "visgroup-add Floors 0:1 1:0", "--step", "visgroup-add Lights 0:0",
                   "--step", "visgroup-remove Walls 0:0 2", "--step", "visgroup-rename Inner Core", "--step",
                   "visgroup-hide Floors", "--undo", "5", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_autofree char *back = qr_test_read_file (undone);
  g_assert_cmpstr (back, ==, text);

  /* Deleting, showing; and wrong names. */
  qr_test_run_cli (&r, "edit", out, undone, "--step", "visgroup-show Floors", "--step", "visgroup-delete Walls", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_autofree char *deleted = qr_test_read_file (undone);
  g_assert_null (strstr (deleted, "\"visgroupshown\" \"0\""));
  g_assert_null (strstr (deleted, "\"name\" \"Walls\""));
  g_assert_null (strstr (deleted, "\"name\" \"Core\""));
  g_assert_null (strstr (deleted, "\"visgroupid\" \"9\""));
  qr_test_run_cli (&r, "edit", in, undone, "--step", "visgroup-delete Nothing", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "no visgroup named"));
  qr_test_run_cli (&r, "edit", in, undone, "--step", "visgroup-remove Walls", NULL);
  g_assert_cmpint (r.status, ==, 2);

  /* Moving: into a visgroup, then back to the top level. */
  qr_test_run_cli (&r, "edit", in, undone, "--step", "visgroup-move Inner Lights", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_autofree char *nested = qr_test_read_file (undone);
  g_autoptr (QrMap) nested_map = qr_test_parse_ok (nested, QR_FILE_VMF);
  assert_member_ids (tree_text (nested_map), "Walls<- Lights<- Inner<Lights");
  g_assert_nonnull (strstr (nested, "\"name\" \"Lights\"\n\t\t\"visgroupid\" \"8\"\n\t\t\"color\" \"255 255 0\"\n"
                                    "\t\tvisgroup\n\t\t{\n\t\t\t\"name\" \"Inner\""));
  qr_test_run_cli (&r, "edit", in, undone, "--step", "visgroup-move Inner", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_autofree char *top = qr_test_read_file (undone);
  g_autoptr (QrMap) top_map = qr_test_parse_ok (top, QR_FILE_VMF);
  assert_member_ids (tree_text (top_map), "Walls<- Lights<- Inner<-");
  qr_test_run_cli (&r, "edit", in, undone, "--step", "visgroup-move Walls Inner", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "cannot go into itself"));
  qr_test_remove_tree (dir);
}

/* A corpus VMF after add and remove of the same objects and deletion of
 * the visgroup writes as the file saved unchanged: byte for byte the
 * original where the writer gives that back (srctools_rot_main; others
 * differ from their original in indentation or line ends, visgroups or
 * not). */
static void
test_corpus_round_trip (void)
{
  const char *names[] = { "vmf/srctools_rot_main.vmf", "vmf/plumber_test.vmf" };
  g_autofree char *dir = qr_test_temp_dir ("quarry-visgroup-XXXXXX");
  g_autofree char *out = g_build_filename (dir, "out.vmf", NULL);
  g_autofree char *plain = g_build_filename (dir, "plain.vmf", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = qr_test_corpus_file (names[i]);
      g_auto (QrTestRun) r = { 0 };

      if (path == NULL)
        return;
      qr_test_run_cli (&r, "edit", path, out, "--step", "visgroup-add Test 0:0 0:1 1", "--step",
                       "visgroup-remove Test 0:0 0:1 1", "--step", "visgroup-delete Test", "--history", NULL);
      g_assert_cmpint (r.status, ==, 0);
      /* Real steps, not none. */
      g_assert_nonnull (strstr (r.out, "New Visgroup"));
      g_assert_nonnull (strstr (r.out, "Remove from Visgroup"));
      g_assert_nonnull (strstr (r.out, "Delete Visgroup"));
      qr_test_run_cli (&r, "convert", path, plain, NULL);
      g_assert_cmpint (r.status, ==, 0);
      g_autofree char *original = qr_test_read_file (path);
      g_autofree char *unchanged = qr_test_read_file (plain);
      g_autofree char *saved = qr_test_read_file (out);
      g_assert_true (strcmp (unchanged, saved) == 0);
      if (i == 0)
        g_assert_true (strcmp (original, saved) == 0);
    }
  qr_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/visgroup/read", test_read);
  g_test_add_func ("/visgroup/ops", test_ops);
  g_test_add_func ("/visgroup/move", test_move);
  g_test_add_func ("/visgroup/block-made", test_block_made);
  g_test_add_func ("/visgroup/cli", test_cli);
  g_test_add_func ("/visgroup/corpus-round-trip", test_corpus_round_trip);
  return g_test_run ();
}
