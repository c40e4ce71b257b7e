/* Reloading the open map from disk (issue 17, "External changes"): one undo
 * step that swaps everything the map holds, exact both ways. */
#include "qr-document.h"
#include "qr-io.h"
#include "qr-operations.h"
#include "qr-test-corpus.h"
#include "qr-test-map.h"

#include <string.h>

/* The map before: a comment preamble, two brushes, a light. */
static const char map_before[] =
  "// made by hand\n"
  "{\n\"classname\" \"worldspawn\"\n\"wad\" \"base.wad\"\n"
  "{\n( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) stone 0 0 0 1 1\n( 64 0 0 ) ( 64 0 1 ) ( 64 1 0 ) stone 0 0 0 1 1\n"
  "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) stone 0 0 0 1 1\n( 0 64 0 ) ( 1 64 0 ) ( 0 64 1 ) stone 0 0 0 1 1\n"
  "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) stone 0 0 0 1 1\n( 0 0 64 ) ( 0 1 64 ) ( 1 0 64 ) stone 0 0 0 1 1\n}\n"
  "{\n( 128 0 0 ) ( 128 1 0 ) ( 128 0 1 ) brick 0 0 0 1 1\n( 192 0 0 ) ( 192 0 1 ) ( 192 1 0 ) brick 0 0 0 1 1\n"
  "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) brick 0 0 0 1 1\n( 0 64 0 ) ( 1 64 0 ) ( 0 64 1 ) brick 0 0 0 1 1\n"
  "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) brick 0 0 0 1 1\n( 0 0 64 ) ( 0 1 64 ) ( 1 0 64 ) brick 0 0 0 1 1\n}\n}\n"
  "{\n\"classname\" \"light\"\n\"origin\" \"32 32 32\"\n}\n";

/* The file after another program changed it: another preamble, another
 * texture (new to the map's texture names), one brush, two entities. */
static const char map_after[] =
  "// changed by another editor\n"
  "{\n\"classname\" \"worldspawn\"\n"
  "{\n( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) metal 0 0 0 1 1\n( 32 0 0 ) ( 32 0 1 ) ( 32 1 0 ) metal 0 0 0 1 1\n"
  "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) metal 0 0 0 1 1\n( 0 32 0 ) ( 1 32 0 ) ( 0 32 1 ) metal 0 0 0 1 1\n"
  "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) metal 0 0 0 1 1\n( 0 0 32 ) ( 0 1 32 ) ( 1 0 32 ) metal 0 0 0 1 1\n}\n}\n"
  "{\n\"classname\" \"info_player_start\"\n\"origin\" \"16 16 64\"\n}\n"
  "{\n\"classname\" \"light\"\n\"origin\" \"0 0 96\"\n\"light\" \"300\"\n}\n";

/* The text as Quarry writes it: what a save of the reloaded map must be. */
static char *
canonical (const char *text, QrFileKind kind)
{
  g_autoptr (QrMap) map = qr_test_parse_ok (text, kind);
  return qr_test_write_ok (map, QR_SAVE_AS_READ);
}

static QrId
first_brush (QrDocument *doc)
{
  const QrEntity *world = qr_map_get_entity (qr_document_get_map (doc), 0);
  g_assert_cmpuint (qr_entity_brush_count (world), >, 0);
  return qr_entity_get_brush (world, 0)->id;
}

typedef struct
{
  guint steps;
  guint entities_removed, entities_added, brushes_removed, brushes_added;
} Seen;

static void
on_changed (QrDocument *doc, const QrChangeSet *changes, Seen *seen)
{
  seen->steps++;
  seen->entities_removed += changes->entities_removed->len;
  seen->entities_added += changes->entities_added->len;
  seen->brushes_removed += changes->brushes_removed->len;
  seen->brushes_added += changes->brushes_added->len;
}

/* Undo gives back the document before the reload to the byte, edits and
 * all; redo the file on disk; the reloaded state is the saved one. */
static void
test_undo_redo_map (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (map_before);
  g_autofree char *original = qr_test_save_text (doc);
  g_autofree char *disk = canonical (map_after, QR_FILE_MAP);
  g_autofree char *edited = NULL, *reloaded = NULL, *undone = NULL, *redone = NULL, *first = NULL;
  Seen seen = { 0 };
  QrId id = first_brush (doc);

  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (16, 0, 0), NULL));
  qr_document_mark_saved (doc);
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (0, 8, 0), NULL));
  edited = qr_test_save_text (doc);
  g_assert_cmpstr (edited, !=, original);
  g_assert_true (qr_document_is_modified (doc));

  g_signal_connect (doc, "changed", G_CALLBACK (on_changed), &seen);
  g_assert_true (qr_document_reload (doc, qr_test_parse_ok (map_after, QR_FILE_MAP)));
  g_assert_cmpuint (seen.steps, ==, 1);
  g_assert_cmpuint (seen.entities_removed, ==, 2);
  g_assert_cmpuint (seen.brushes_removed, ==, 2);
  g_assert_cmpuint (seen.entities_added, ==, 3);
  g_assert_cmpuint (seen.brushes_added, ==, 1);
  reloaded = qr_test_save_text (doc);
  g_assert_cmpstr (reloaded, ==, disk);
  g_assert_nonnull (strstr (reloaded, "// changed by another editor"));
  g_assert_false (qr_document_is_modified (doc));
  g_assert_cmpuint (qr_document_get_selection (doc)->brushes->len, ==, 0);
  g_autofree char *label = qr_document_dup_undo_label (doc);
  g_assert_cmpstr (label, ==, "Undo Reload");

  g_assert_true (qr_document_undo (doc));
  undone = qr_test_save_text (doc);
  g_assert_cmpstr (undone, ==, edited);
  g_assert_true (qr_document_is_modified (doc));
  /* The selection the edit left comes back with it. */
  g_assert_cmpuint (qr_document_get_selection (doc)->brushes->len, ==, 1);

  g_assert_true (qr_document_redo (doc));
  redone = qr_test_save_text (doc);
  g_assert_cmpstr (redone, ==, disk);
  g_assert_false (qr_document_is_modified (doc));

  /* All the way back: the history before the reload still works. */
  qr_document_jump_to (doc, 0);
  first = qr_test_save_text (doc);
  g_assert_cmpstr (first, ==, original);
}

/* A reload's map is the document's: find, lookup and edits by id work on
 * it, and a new brush takes an id neither map used. */
static void
test_ids (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (map_before);
  g_autoptr (GHashTable) before = g_hash_table_new (NULL, NULL);
  QrMap *map = qr_document_get_map (doc);
  QrPrimitiveSpec spec;
  QrId top = 0;

  qr_primitive_spec_init (&spec, QR_PRIMITIVE_BLOCK, (QrBounds) { { 0, 0, 0 }, { 16, 16, 16 } });
  /* Ids given out before the reload, and since undone: still not to reuse. */
  g_assert_true (qr_op_create (doc, &spec, "new", NULL));
  g_assert_true (qr_document_undo (doc));
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      top = MAX (top, entity->id);
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        top = MAX (top, qr_entity_get_brush (entity, b)->id);
    }
  top = MAX (top, map->next_brush_id - 1);
  top = MAX (top, map->next_entity_id - 1);

  g_assert_true (qr_document_reload (doc, qr_test_parse_ok (map_after, QR_FILE_MAP)));
  g_assert_true (qr_document_get_map (doc) == map);
  QrId id = first_brush (doc);
  guint e, b;
  g_assert_true (qr_document_find_brush (doc, id, &e, &b));
  g_assert_true (qr_document_lookup_brush (doc, id) == qr_entity_get_brush (qr_map_get_entity (map, 0), 0));
  g_assert_true (qr_op_create (doc, &spec, "new", NULL));
  g_assert_true (qr_document_is_modified (doc));

  const QrEntity *world = qr_map_get_entity (map, 0);
  g_assert_cmpuint (qr_entity_brush_count (world), ==, 2);
  QrId created = qr_entity_get_brush (world, 1)->id;
  g_assert_cmpuint (created, >, top);
  for (guint i = 0; i < qr_map_entity_count (map); i++)
    {
      const QrEntity *entity = qr_map_get_entity (map, i);
      g_assert_cmpuint (entity->id, !=, created);
      for (guint j = 0; j < qr_entity_brush_count (entity); j++)
        if (entity->brushes->pdata[j] != world->brushes->pdata[1])
          g_assert_cmpuint (qr_entity_get_brush (entity, j)->id, !=, created);
    }
}

/* A VMF's top-level blocks (versioninfo, visgroups, cameras…) are part of
 * what reloads, and what comes back. */
static const char vmf_before[] =
  "versioninfo\n{\n\t\"editorversion\" \"400\"\n\t\"mapversion\" \"3\"\n}\n"
  "visgroups\n{\n}\n"
  "world\n{\n\t\"id\" \"1\"\n\t\"classname\" \"worldspawn\"\n"
  "\tsolid\n\t{\n\t\t\"id\" \"2\"\n"
  "\t\tside\n\t\t{\n\t\t\t\"id\" \"1\"\n\t\t\t\"plane\" \"(0 0 0) (0 64 0) (64 64 0)\"\n\t\t\t\"material\" \"DEV/FLOOR\"\n\t\t\t\"uaxis\" \"[1 0 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 -1 0 0] 0.25\"\n\t\t}\n"
  "\t\tside\n\t\t{\n\t\t\t\"id\" \"2\"\n\t\t\t\"plane\" \"(0 64 64) (0 0 64) (64 0 64)\"\n\t\t\t\"material\" \"DEV/FLOOR\"\n\t\t\t\"uaxis\" \"[1 0 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 -1 0 0] 0.25\"\n\t\t}\n"
  "\t\tside\n\t\t{\n\t\t\t\"id\" \"3\"\n\t\t\t\"plane\" \"(0 0 0) (0 0 64) (0 64 64)\"\n\t\t\t\"material\" \"DEV/WALL\"\n\t\t\t\"uaxis\" \"[0 1 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 0 -1 0] 0.25\"\n\t\t}\n"
  "\t\tside\n\t\t{\n\t\t\t\"id\" \"4\"\n\t\t\t\"plane\" \"(64 64 0) (64 64 64) (64 0 64)\"\n\t\t\t\"material\" \"DEV/WALL\"\n\t\t\t\"uaxis\" \"[0 1 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 0 -1 0] 0.25\"\n\t\t}\n"
  "\t\tside\n\t\t{\n\t\t\t\"id\" \"5\"\n\t\t\t\"plane\" \"(0 64 0) (0 64 64) (64 64 64)\"\n\t\t\t\"material\" \"DEV/WALL\"\n\t\t\t\"uaxis\" \"[1 0 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 0 -1 0] 0.25\"\n\t\t}\n"
  "\t\tside\n\t\t{\n\t\t\t\"id\" \"6\"\n\t\t\t\"plane\" \"(64 0 0) (64 0 64) (0 0 64)\"\n\t\t\t\"material\" \"DEV/WALL\"\n\t\t\t\"uaxis\" \"[1 0 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 0 -1 0] 0.25\"\n\t\t}\n"
  "\t}\n}\n"
  "cameras\n{\n\t\"activecamera\" \"-1\"\n}\n";

static const char vmf_after[] =
  "versioninfo\n{\n\t\"editorversion\" \"400\"\n\t\"mapversion\" \"7\"\n}\n"
  "world\n{\n\t\"id\" \"1\"\n\t\"classname\" \"worldspawn\"\n\t\"skyname\" \"sky_day01_01\"\n}\n"
  "entity\n{\n\t\"id\" \"9\"\n\t\"classname\" \"info_player_start\"\n\t\"origin\" \"0 0 8\"\n}\n"
  "cordon\n{\n\t\"mins\" \"(-1024 -1024 -1024)\"\n\t\"maxs\" \"(1024 1024 1024)\"\n\t\"active\" \"0\"\n}\n";

static void
test_vmf_kept_blocks (void)
{
  g_autoptr (QrDocument) doc = qr_document_new (qr_test_parse_ok (vmf_before, QR_FILE_VMF));
  g_autofree char *original = qr_test_save_text (doc);
  g_autofree char *disk = canonical (vmf_after, QR_FILE_VMF);
  g_autofree char *reloaded = NULL, *undone = NULL, *redone = NULL;

  g_assert_nonnull (strstr (original, "cameras"));
  g_assert_true (qr_document_reload (doc, qr_test_parse_ok (vmf_after, QR_FILE_VMF)));
  reloaded = qr_test_save_text (doc);
  g_assert_cmpstr (reloaded, ==, disk);
  g_assert_null (strstr (reloaded, "cameras"));
  g_assert_nonnull (strstr (reloaded, "\"mapversion\" \"7\""));
  g_assert_true (qr_document_undo (doc));
  undone = qr_test_save_text (doc);
  g_assert_cmpstr (undone, ==, original);
  g_assert_true (qr_document_redo (doc));
  redone = qr_test_save_text (doc);
  g_assert_cmpstr (redone, ==, disk);
}

/* A drag in progress holds a transaction: a reload waits for it. */
static void
test_refused_in_transaction (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (map_before);
  g_autoptr (QrMap) other = qr_test_parse_ok (map_after, QR_FILE_MAP);
  g_autofree char *original = qr_test_save_text (doc);
  g_autofree char *after = NULL;

  qr_document_begin_transaction (doc, "Move");
  g_assert_false (qr_document_reload (doc, other));
  qr_document_cancel_transaction (doc);
  after = qr_test_save_text (doc);
  g_assert_cmpstr (after, ==, original);
  g_assert_false (qr_document_can_undo (doc));
}

/* Keep Mine: the file changed under the document, so no state in the
 * history matches it any more; a save makes one the saved state again. */
static void
test_mark_unsaved (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (map_before);
  QrId id = first_brush (doc);

  g_assert_false (qr_document_is_modified (doc));
  qr_document_mark_unsaved (doc);
  g_assert_true (qr_document_is_modified (doc));
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (16, 0, 0), NULL));
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_is_modified (doc));
  qr_document_mark_saved (doc);
  g_assert_false (qr_document_is_modified (doc));
}

/* Real maps: an edited corpus map reloaded from another corpus map of
 * another dialect, undone and redone, each state exact. */
static void
test_corpus (void)
{
  g_autofree char *path_a = qr_test_corpus_file ("quake/dm3.map");
  g_autofree char *path_b = path_a ? qr_test_corpus_file ("valve220/skycastle.map") : NULL;
  g_autoptr (GError) error = NULL;

  if (path_b == NULL)
    return;
  g_autoptr (QrDocument) doc = qr_document_new (qr_map_load (path_a, &error));
  g_assert_no_error (error);
  g_autoptr (QrMap) fresh = qr_map_load (path_b, &error);
  g_assert_no_error (error);
  QrId id = first_brush (doc);
  g_assert_true (qr_op_delete (doc, &id, 1, NULL, 0, NULL, NULL));
  g_autofree char *edited = qr_test_save_text (doc);
  g_autoptr (QrMap) copy_before = qr_test_parse_ok (edited, QR_FILE_MAP);

  g_assert_true (qr_document_reload (doc, qr_map_load (path_b, &error)));
  g_assert_no_error (error);
  qr_test_assert_maps_equal (qr_document_get_map (doc), fresh);
  g_autofree char *disk = qr_test_write_ok (fresh, QR_SAVE_AS_READ);
  g_autofree char *reloaded = qr_test_save_text (doc);
  g_assert_true (g_str_equal (reloaded, disk));

  g_assert_true (qr_document_undo (doc));
  g_autofree char *undone = qr_test_save_text (doc);
  g_assert_true (g_str_equal (undone, edited));
  g_assert_true (qr_document_redo (doc));
  g_autofree char *redone = qr_test_save_text (doc);
  g_assert_true (g_str_equal (redone, disk));
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_undo (doc));
  g_assert_cmpuint (qr_map_count_brushes (qr_document_get_map (doc)), ==, qr_map_count_brushes (copy_before) + 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/reload/undo-redo-map", test_undo_redo_map);
  g_test_add_func ("/reload/ids", test_ids);
  g_test_add_func ("/reload/vmf-kept-blocks", test_vmf_kept_blocks);
  g_test_add_func ("/reload/refused-in-transaction", test_refused_in_transaction);
  g_test_add_func ("/reload/mark-unsaved", test_mark_unsaved);
  g_test_add_func ("/reload/corpus", test_corpus);
  return g_test_run ();
}
