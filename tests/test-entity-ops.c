/* Tests of the entity operations (place, set class, set a key on many,
 * Source outputs) and of the VMF connections model: each operation one
 * undo step that gives back the saved text byte for byte, errors that
 * change nothing, and connections read and written as Hammer does. */
#include <math.h>
#include <string.h>

#include "qr-connection.h"
#include "qr-io.h"
#include "qr-operations.h"
#include "qr-test-corpus.h"
#include "qr-test-map.h"

#define ESC "\x1b"

/* A world brush and three point entities. */
static const char *const three_text =
  "{\n\"classname\" \"worldspawn\"\n"
  "{\n( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) a 0 0 0 1 1\n( 64 0 0 ) ( 64 0 1 ) ( 64 1 0 ) a 0 0 0 1 1\n"
  "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) a 0 0 0 1 1\n( 0 64 0 ) ( 1 64 0 ) ( 0 64 1 ) a 0 0 0 1 1\n"
  "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1 1\n( 0 0 64 ) ( 0 1 64 ) ( 1 0 64 ) a 0 0 0 1 1\n}\n}\n"
  "{\n\"classname\" \"light\"\n\"origin\" \"8 8 8\"\n\"light\" \"200\"\n}\n"
  "{\n\"classname\" \"info_null\"\n\"origin\" \"16 8 8\"\n\"target\" \"t1\"\n}\n"
  "{\n\"classname\" \"monster_dog\"\n\"origin\" \"24 8 8\"\n}\n";

/* A world and two entities; the second has a connections block written
 * with commas, its delay as "0.10", and a value that does not parse. */
static const char *const vmf_text =
  "world\n{\n\t\"id\" \"1\"\n\t\"classname\" \"worldspawn\"\n}\n"
  "entity\n{\n\t\"id\" \"2\"\n\t\"classname\" \"info_target\"\n\t\"targetname\" \"dest\"\n"
  "\t\"origin\" \"0 0 0\"\n}\n"
  "entity\n{\n\t\"id\" \"3\"\n\t\"classname\" \"logic_relay\"\n\t\"origin\" \"16 0 0\"\n"
  "\tconnections\n\t{\n\t\t\"OnTrigger\" \"dest,Kill,,0.10,-1\"\n\t\t\"OnSpawn\" \"broken\"\n\t}\n"
  "\teditor\n\t{\n\t\t\"color\" \"0 255 0\"\n\t}\n}\n";

static QrDocument *
three_doc (void)
{
  return qr_test_document_from_map_text (three_text);
}

static QrId
entity_id (QrDocument *doc, guint e)
{
  return qr_map_get_entity (qr_document_get_map (doc), e)->id;
}

static QrEntity *
entity_at (QrDocument *doc, guint e)
{
  QrMap *map = qr_document_get_map (doc);

  g_assert_cmpuint (e, <, qr_map_entity_count (map));
  return qr_map_get_entity (map, e);
}

static void
assert_keys (const QrEntity *entity, const char *expected)
{
  g_autofree char *keys = qr_test_dup_keys (entity);

  g_assert_cmpstr (keys, ==, expected);
}

static void
assert_undo_label (QrDocument *doc, const char *expected)
{
  g_autofree char *label = qr_document_dup_undo_label (doc);

  g_assert_cmpstr (label, ==, expected);
}

/* Undo gives `before` back byte for byte, redo `after`, and the step is
 * one: a second undo is not there (the documents start with no history). */
static void
assert_undo_redo (QrDocument *doc, const char *before)
{
  g_autofree char *after = qr_test_save_text (doc);

  g_assert_cmpstr (after, !=, before);
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);
  g_assert_false (qr_document_can_undo (doc));
  g_assert_true (qr_document_redo (doc));
  qr_test_assert_saves_as (doc, after);
}

static void
assert_selected_entities (QrDocument *doc, const QrId *ids, guint n)
{
  const QrSelection *sel = qr_document_get_selection (doc);

  g_assert_cmpuint (sel->brushes->len, ==, 0);
  g_assert_cmpuint (sel->entities->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_true (qr_selection_has_entity (sel, ids[i]));
}

/* ---- connections ------------------------------------------------------ */

static void
test_connection_parse (void)
{
  QrConnection c;

  g_assert_true (qr_connection_parse ("OnTrigger", "door,Open,,2.5,1", &c));
  g_assert_cmpstr (c.output, ==, "OnTrigger");
  g_assert_cmpstr (c.target, ==, "door");
  g_assert_cmpstr (c.input, ==, "Open");
  g_assert_cmpstr (c.parameter, ==, "");
  g_assert_cmpfloat (c.delay, ==, 2.5);
  g_assert_cmpint (c.times, ==, 1);
  g_assert_cmpint (c.separator, ==, ',');
  qr_connection_clear (&c);

  /* ESC lets the parameter hold commas. */
  g_assert_true (qr_connection_parse ("OnUser1", "!self" ESC "AddOutput" ESC "OnUser2 !self,Kill,,0,-1" ESC "0" ESC "-1", &c));
  g_assert_cmpstr (c.target, ==, "!self");
  g_assert_cmpstr (c.input, ==, "AddOutput");
  g_assert_cmpstr (c.parameter, ==, "OnUser2 !self,Kill,,0,-1");
  g_assert_cmpfloat (c.delay, ==, 0);
  g_assert_cmpint (c.times, ==, -1);
  g_assert_cmpint (c.separator, ==, 0x1b);
  qr_connection_clear (&c);

  g_assert_true (qr_connection_parse ("OnPass", "a" ESC "b" ESC ESC "1e-3" ESC "3", &c));
  g_assert_cmpfloat (c.delay, ==, 0.001);
  qr_connection_clear (&c);
}

static void
test_connection_parse_bad (void)
{
  static const char *const bad[] = {
    "door,Open,,2.5",           /* four fields */
    "door,Open,a,b,2.5,1",      /* a comma in a comma-separated parameter */
    "door,Open,,soon,1",        /* delay not a number */
    "door,Open,,,1",            /* delay empty */
    "door,Open,,1 ,1",          /* trailing blank */
    "door,Open,,1,once",        /* times not a number */
    "door,Open,,1,1.5",         /* times not an integer */
    "door,Open,,1,",            /* times empty */
    "door,Open,,1,99999999999", /* times out of range */
    "d" ESC "Open" ESC ESC "1",  /* four ESC fields */
    "",
  };
  QrConnection c = { .output = NULL };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      if (qr_connection_parse ("OnTrigger", bad[i], &c))
        g_error ("“%s” parsed", bad[i]);
      /* Untouched on failure. */
      g_assert_null (c.output);
    }
}

static void
test_connection_format (void)
{
  static const char *const texts[] = {
    "door,Open,,2.5,1",
    "!player" ESC "Holster\"Weapon\"" ESC ESC "0.1" ESC "-1",
    "relay" ESC "AddOutput" ESC "targetname a,b" ESC "0" ESC "-1",
    "t,Fire,,1e+300,-1",
  };

  /* Text already in shortest form reads and writes back unchanged. */
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      QrConnection c;
      g_autofree char *again = NULL;

      g_assert_true (qr_connection_parse ("OnX", texts[i], &c));
      again = qr_connection_format_value (&c);
      g_assert_cmpstr (again, ==, texts[i]);
      qr_connection_clear (&c);
    }

  /* Numbers are written shortest; a comma forces ESC. */
  {
    QrConnection c = { "OnTrigger", "door", "Open", "", 0.10, -1, ',' };
    g_autofree char *text = qr_connection_format_value (&c);
    g_assert_cmpstr (text, ==, "door,Open,,0.1,-1");
  }
  {
    QrConnection c = { "OnTrigger", "relay", "AddOutput", "a,b", 3, 2, ',' };
    g_autofree char *text = qr_connection_format_value (&c);
    QrConnection back;

    g_assert_cmpstr (text, ==, "relay" ESC "AddOutput" ESC "a,b" ESC "3" ESC "2");
    g_assert_true (qr_connection_parse ("OnTrigger", text, &back));
    g_assert_cmpstr (back.parameter, ==, "a,b");
    qr_connection_clear (&back);
  }
}

/* The entity's connections block, or NULL. */
static const QrNode *
connections_block (const QrEntity *entity, guint *at)
{
  for (guint k = 0; k < entity->kept->len; k++)
    {
      const QrNode *node = g_ptr_array_index (entity->kept, k);
      if (strcmp (node->name, "connections") == 0)
        {
          if (at != NULL)
            *at = k;
          return node;
        }
    }
  return NULL;
}

static void
test_connection_entity (void)
{
  g_autoptr (QrMap) map = qr_test_parse_ok (vmf_text, QR_FILE_VMF);
  QrEntity *relay = qr_map_get_entity (map, 2), *target = qr_map_get_entity (map, 1);
  g_autoptr (GArray) list = qr_entity_get_connections (relay);
  g_autoptr (GArray) none = qr_entity_get_connections (target);
  QrConnection *first, added = { "OnSpawn", "dest", "Use", "a,b", 1.5, 1, ',' };
  const QrNode *block;
  guint at = 99;

  /* The value that does not parse is left out of the list. */
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_cmpuint (none->len, ==, 0);
  first = &g_array_index (list, QrConnection, 0);
  g_assert_cmpstr (first->input, ==, "Kill");
  g_assert_cmpfloat (first->delay, ==, 0.1);

  /* Unchanged, the first keeps "0.10"; the new one comes after it, the
   * value that does not parse after them; the block keeps its place. */
  {
    QrConnection both[2] = { g_array_index (list, QrConnection, 0), added };
    qr_entity_set_connections (relay, both, 2);
  }
  block = connections_block (relay, &at);
  g_assert_nonnull (block);
  g_assert_cmpuint (at, ==, 0);
  g_assert_cmpuint (relay->kept->len, ==, 2);
  g_assert_cmpuint (block->n_items, ==, 3);
  g_assert_cmpstr (block->items[0].value, ==, "dest,Kill,,0.10,-1");
  g_assert_cmpstr (block->items[1].key, ==, "OnSpawn");
  g_assert_cmpstr (block->items[1].value, ==, "dest" ESC "Use" ESC "a,b" ESC "1.5" ESC "1");
  g_assert_cmpstr (block->items[2].value, ==, "broken");

  /* A changed delay is written shortest. */
  first = &g_array_index (list, QrConnection, 0);
  first->delay = 0.25;
  qr_entity_set_connections (relay, first, 1);
  block = connections_block (relay, NULL);
  g_assert_cmpuint (block->n_items, ==, 2);
  g_assert_cmpstr (block->items[0].value, ==, "dest,Kill,,0.25,-1");

  /* A new block goes first, before the editor block; none removes it. */
  qr_entity_set_connections (target, first, 1);
  block = connections_block (target, &at);
  g_assert_nonnull (block);
  g_assert_cmpuint (at, ==, 0);
  g_assert_cmpint (block->anchor, ==, 0);
  qr_entity_set_connections (target, NULL, 0);
  g_assert_null (connections_block (target, NULL));
  g_assert_cmpuint (target->kept->len, ==, 0);
  /* The value that does not parse keeps the block. */
  qr_entity_set_connections (relay, NULL, 0);
  block = connections_block (relay, NULL);
  g_assert_cmpuint (block->n_items, ==, 1);
  g_assert_cmpstr (block->items[0].value, ==, "broken");
}

/* The text of the first `connections` block after `after` in a VMF text. */
static char *
block_text (const char *text, const char *after)
{
  const char *p = strstr (text, after), *start, *end;

  g_assert_nonnull (p);
  start = strstr (p, "\tconnections\n");
  g_assert_nonnull (start);
  end = strstr (start, "\t}\n");
  g_assert_nonnull (end);
  return g_strndup (start, (gsize) (end + 3 - start));
}

static void
test_connection_corpus (void)
{
  g_autofree char *path = qr_test_corpus_file ("vmf/srctools_test_regression.vmf");
  g_autoptr (GError) error = NULL;
  g_autofree char *original = NULL, *before = NULL, *saved = NULL, *was = NULL, *now = NULL;
  g_autoptr (QrDocument) doc = NULL;
  g_autoptr (GArray) list = NULL;
  QrMap *map;
  QrConnection *c;
  gint found = -1;

  if (path == NULL)
    return;
  g_assert_true (g_file_get_contents (path, &original, NULL, &error));
  doc = qr_document_new (qr_map_load (path, &error));
  g_assert_no_error (error);
  map = qr_document_get_map (doc);
  for (guint e = 0; e < qr_map_entity_count (map) && found < 0; e++)
    if (connections_block (qr_map_get_entity (map, e), NULL) != NULL)
      found = (gint) e;
  g_assert_cmpint (found, >=, 0);

  list = qr_entity_get_connections (entity_at (doc, (guint) found));
  g_assert_cmpuint (list->len, ==, 1);
  c = &g_array_index (list, QrConnection, 0);
  g_assert_cmpstr (c->output, ==, "OnUser1");
  g_assert_cmpstr (c->target, ==, "!player");
  g_assert_cmpstr (c->input, ==, "Holster\"Weapon\"");
  g_assert_cmpstr (c->parameter, ==, "");
  g_assert_cmpfloat (c->delay, ==, 0.1);
  g_assert_cmpint (c->times, ==, -1);
  g_assert_cmpint (c->separator, ==, 0x1b);

  /* An edit of another key of the entity leaves the block as it was in
   * the file, byte for byte. */
  g_assert_true (qr_op_set_key (doc, entity_id (doc, (guint) found), "targetname", "edited", &error));
  g_assert_no_error (error);
  saved = qr_test_save_text (doc);
  g_assert_nonnull (strstr (saved, "\"targetname\" \"edited\""));
  was = block_text (original, "\"escaped_key\"");
  now = block_text (saved, "\"escaped_key\"");
  g_assert_cmpstr (now, ==, was);

  /* Outputs edited, then undone: the text before comes back. */
  before = g_steal_pointer (&saved);
  c->delay = 2;
  g_assert_true (qr_op_set_connections (doc, entity_id (doc, (guint) found), c, 1, &error));
  g_assert_no_error (error);
  assert_undo_label (doc, "Undo Edit Outputs");
  saved = qr_test_save_text (doc);
  g_assert_nonnull (strstr (saved, "\"OnUser1\" \"!player\x1bHolster\\\"Weapon\\\"\x1b\x1b" "2\x1b-1\""));
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);
}

static QrDocument *
vmf_doc (void)
{
  return qr_document_new (qr_test_parse_ok (vmf_text, QR_FILE_VMF));
}

static void
test_set_connections (void)
{
  g_autoptr (QrDocument) doc = vmf_doc ();
  g_autoptr (GError) error = NULL;
  g_autofree char *before = qr_test_save_text (doc);
  g_autoptr (GArray) list = qr_entity_get_connections (entity_at (doc, 2));
  QrConnection add = { "OnTrigger", "dest", "Enable", "", 0, -1, ',' };
  QrId relay = entity_id (doc, 2), target = entity_id (doc, 1);

  /* The same list is no step. */
  g_assert_true (qr_op_set_connections (doc, relay, (QrConnection *) (gpointer) list->data, list->len, &error));
  g_assert_no_error (error);
  g_assert_false (qr_document_can_undo (doc));

  /* Adding one: one step that selects the entity, undone exactly. */
  {
    QrConnection both[2] = { g_array_index (list, QrConnection, 0), add };
    g_assert_true (qr_op_set_connections (doc, relay, both, 2, &error));
  }
  g_assert_no_error (error);
  assert_undo_label (doc, "Undo Edit Outputs");
  assert_selected_entities (doc, &relay, 1);
  {
    g_autofree char *after = qr_test_save_text (doc);
    g_assert_nonnull (strstr (after, "\t\t\"OnTrigger\" \"dest,Kill,,0.10,-1\"\n"
                                     "\t\t\"OnTrigger\" \"dest,Enable,,0,-1\"\n"
                                     "\t\t\"OnSpawn\" \"broken\"\n"));
  }
  assert_undo_redo (doc, before);
  g_assert_true (qr_document_undo (doc));

  /* A block made for an entity that had none; removed again. */
  g_assert_true (qr_op_set_connections (doc, target, &add, 1, &error));
  g_assert_no_error (error);
  {
    g_autofree char *after = qr_test_save_text (doc);
    g_assert_nonnull (strstr (after, "\t\"origin\" \"0 0 0\"\n\tconnections\n\t{\n\t\t\"OnTrigger\" \"dest,Enable,,0,-1\"\n\t}\n}\n"));
  }
  assert_undo_redo (doc, before);
  g_assert_true (qr_op_set_connections (doc, target, NULL, 0, &error));
  qr_test_assert_saves_as (doc, before);
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);
  g_assert_false (qr_document_can_undo (doc));
}

static void
test_set_connections_bad (void)
{
  g_autoptr (QrDocument) doc = vmf_doc ();
  g_autoptr (QrDocument) map_doc = three_doc ();
  g_autofree char *before = qr_test_save_text (doc);
  QrId relay = entity_id (doc, 2);
  const QrConnection bad[] = {
    { "", "dest", "Kill", "", 0, -1, ',' },
    { "OnTrigger", "dest", "Kill", "a" ESC "b", 0, -1, 0x1b },
    { "OnTrigger", "de" ESC "st", "Kill", "", 0, -1, ',' },
    { "OnTrigger", "dest", "Kill", "", -1, -1, ',' },
    { "OnTrigger", "dest", "Kill", "", NAN, -1, ',' },
    { "OnTrigger", "dest", "Kill", "", 0, 0, ',' },
    { "OnTrigger", "dest", "Kill", "", 0, -2, ',' },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_false (qr_op_set_connections (doc, relay, &bad[i], 1, &error));
      g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
    }
  {
    g_autoptr (GError) error = NULL;
    g_assert_false (qr_op_set_connections (doc, 999, bad, 0, &error));
    g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND);
  }
  {
    /* A .map has no outputs to write. */
    g_autoptr (GError) error = NULL;
    g_assert_false (qr_op_set_connections (map_doc, entity_id (map_doc, 1), bad, 0, &error));
    g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  }
  qr_test_assert_saves_as (doc, before);
  g_assert_false (qr_document_can_undo (doc));
  g_assert_false (qr_document_can_undo (map_doc));
}

/* ---- placing ---------------------------------------------------------- */

static void
test_place_without_class (void)
{
  g_autoptr (QrDocument) doc = three_doc ();
  g_autoptr (GError) error = NULL;
  g_autofree char *before = qr_test_save_text (doc);
  const char *const keys[] = { "target", "t2", "angle", "90", "target", "t3" };
  QrId placed = 0;
  QrEntity *entity;

  /* Computed coordinates snap within 0.001 of an integer; -0 is 0. */
  g_assert_true (qr_op_place_entity (doc, "info_player_start", qr_vec3 (32.0000001, -0.0, -40.5), keys, 3, NULL,
                                     &placed, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (qr_map_entity_count (qr_document_get_map (doc)), ==, 5);
  entity = entity_at (doc, 4);
  g_assert_cmpuint (entity->id, ==, placed);
  g_assert_cmpuint (qr_entity_brush_count (entity), ==, 0);
  assert_keys (entity, "classname=info_player_start|origin=32 0 -40.5|target=t3|angle=90");
  assert_selected_entities (doc, &placed, 1);
  assert_undo_label (doc, "Undo Place Entity");
  {
    g_autofree char *after = qr_test_save_text (doc);
    g_assert_true (g_str_has_suffix (after, "{\n\"classname\" \"info_player_start\"\n\"origin\" \"32 0 -40.5\"\n"
                                            "\"target\" \"t3\"\n\"angle\" \"90\"\n}\n"));
  }
  assert_undo_redo (doc, before);
}

/* A light class inheriting two bases, as an FGD declares it. */
static QrEntDefs *
light_defs (void)
{
  QrEntDefs *defs = qr_entdefs_new ();
  QrEntClass *targetname = qr_entdefs_add_class (defs, "Targetname", QR_ENTCLASS_BASE, "t.fgd", 1);
  QrEntClass *base = qr_entdefs_add_class (defs, "Light", QR_ENTCLASS_BASE, "t.fgd", 2);
  QrEntClass *light = qr_entdefs_add_class (defs, "light", QR_ENTCLASS_POINT, "t.fgd", 3);
  QrEntClass *null = qr_entdefs_add_class (defs, "info_null", QR_ENTCLASS_POINT, "t.fgd", 4);
  QrEntClass *door = qr_entdefs_add_class (defs, "func_door", QR_ENTCLASS_SOLID, "t.fgd", 5);
  QrPropDef *p;

  qr_entclass_add_prop (targetname, "targetname", QR_PROP_TARGET_SOURCE, "target_source");
  p = qr_entclass_add_prop (base, "spawnflags", QR_PROP_FLAGS, "flags");
  qr_prop_add_choice (p, "1", "Start off", true);
  qr_prop_add_choice (p, "2", "Unused", false);
  qr_prop_add_choice (p, "4", "Linear", true);
  p = qr_entclass_add_prop (base, "light", QR_PROP_INTEGER, "integer");
  p->default_value = g_strdup ("300");
  p = qr_entclass_add_prop (base, "_color", QR_PROP_COLOR255, "color255");
  p->default_value = g_strdup ("");
  p = qr_entclass_add_prop (base, "style", QR_PROP_CHOICES, "choices");
  p->default_value = g_strdup ("0");
  qr_prop_add_choice (p, "0", "Normal", false);
  qr_prop_add_choice (p, "1", "Flicker", false);
  g_ptr_array_add (light->bases, g_strdup ("Targetname"));
  g_ptr_array_add (light->bases, g_strdup ("Light"));
  p = qr_entclass_add_prop (light, "wait", QR_PROP_FLOAT, "float");
  p->default_value = g_strdup ("1");
  p = qr_entclass_add_prop (null, "spawnflags", QR_PROP_FLAGS, "flags");
  qr_prop_add_choice (p, "1", "Off", false);
  p = qr_entclass_add_prop (door, "speed", QR_PROP_INTEGER, "integer");
  p->default_value = g_strdup ("100");
  qr_entdefs_finish (defs);
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 0);
  return defs;
}

static void
test_place_with_class (void)
{
  g_autoptr (QrDocument) doc = three_doc ();
  g_autoptr (QrEntDefs) defs = light_defs ();
  g_autoptr (GError) error = NULL;
  g_autofree char *before = qr_test_save_text (doc);
  const char *const keys[] = { "light", "150", "targetname", "lamp" };
  QrId placed = 0;

  g_assert_true (qr_op_place_entity (doc, "light", qr_vec3 (1, 2, 3), keys, 2, qr_entdefs_lookup (defs, "light"),
                                     &placed, &error));
  g_assert_no_error (error);
  /* Given keys first and kept; then the defaults in definition order: the
   * flags on (1 + 4), style 0 (a default of 0 that is not flags), wait;
   * the empty colour left out. */
  assert_keys (entity_at (doc, 4), "classname=light|origin=1 2 3|light=150|targetname=lamp|spawnflags=5|style=0|wait=1");
  assert_selected_entities (doc, &placed, 1);
  assert_undo_redo (doc, before);
  g_assert_true (qr_document_undo (doc));

  /* Flags whose bits are all off add no key. */
  g_assert_true (qr_op_place_entity (doc, "info_null", qr_vec3 (0, 0, 0), NULL, 0,
                                     qr_entdefs_lookup (defs, "info_null"), NULL, &error));
  g_assert_no_error (error);
  assert_keys (entity_at (doc, 4), "classname=info_null|origin=0 0 0");
}

static void
test_place_errors (void)
{
  g_autoptr (QrDocument) doc = three_doc ();
  g_autoptr (QrEntDefs) defs = light_defs ();
  g_autofree char *before = qr_test_save_text (doc);
  const char *const empty_key[] = { "", "1" };
  struct
  {
    const char *classname;
    QrVec3 origin;
    const char *const *keys;
    guint n_keys;
    const QrEntClass *cls;
  } cases[] = {
    { "", { 0, 0, 0 }, NULL, 0, NULL },
    { "worldspawn", { 0, 0, 0 }, NULL, 0, NULL },
    { "light", { NAN, 0, 0 }, NULL, 0, NULL },
    { "light", { 0, 0, 0 }, empty_key, 1, NULL },
    { "func_door", { 0, 0, 0 }, NULL, 0, qr_entdefs_lookup (defs, "func_door") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_false (qr_op_place_entity (doc, cases[i].classname, cases[i].origin, cases[i].keys, cases[i].n_keys,
                                          cases[i].cls, NULL, &error));
      g_assert_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
    }
  qr_test_assert_saves_as (doc, before);
  g_assert_false (qr_document_can_undo (doc));
}

static void
test_place_vmf (void)
{
  g_autoptr (QrDocument) doc = vmf_doc ();
  g_autoptr (GError) error = NULL;
  g_autofree char *before = qr_test_save_text (doc);
  QrId placed = 0;

  g_assert_true (qr_op_place_entity (doc, "info_target", qr_vec3 (0.5, 1e-9, 64), NULL, 0, NULL, &placed, &error));
  g_assert_no_error (error);
  {
    g_autofree char *after = qr_test_save_text (doc);
    g_autofree char *tail = g_strdup_printf ("entity\n{\n\t\"id\" \"%u\"\n\t\"classname\" \"info_target\"\n"
                                             "\t\"origin\" \"0.5 0 64\"\n}\n", placed);
    g_assert_nonnull (strstr (after, tail));
  }
  assert_undo_redo (doc, before);
}

/* ---- class and keys --------------------------------------------------- */

static void
test_set_class (void)
{
  g_autoptr (QrDocument) doc = three_doc ();
  g_autoptr (GError) error = NULL;
  g_autofree char *before = qr_test_save_text (doc);
  QrId ids[3] = { entity_id (doc, 1), entity_id (doc, 2), entity_id (doc, 3) };

  g_assert_true (qr_op_set_class (doc, ids, 3, "info_notnull", &error));
  g_assert_no_error (error);
  for (guint e = 1; e <= 3; e++)
    {
      g_assert_cmpstr (qr_entity_get_key (entity_at (doc, e), "classname"), ==, "info_notnull");
      /* The key keeps its place. */
      g_assert_cmpstr (g_array_index (entity_at (doc, e)->keys, QrKeyValue, 0).key, ==, "classname");
    }
  assert_keys (entity_at (doc, 1), "classname=info_notnull|origin=8 8 8|light=200");
  assert_undo_label (doc, "Undo Change Class");
  assert_selected_entities (doc, ids, 3);
  assert_undo_redo (doc, before);
  g_assert_true (qr_document_undo (doc));

  /* Nothing to change: no step. */
  g_assert_true (qr_op_set_class (doc, ids + 2, 1, "monster_dog", &error));
  g_assert_no_error (error);
  g_assert_false (qr_document_can_undo (doc));
  /* One of three already of the class: the other two change, one step. */
  g_assert_true (qr_op_set_class (doc, ids, 3, "light", &error));
  g_assert_no_error (error);
  assert_keys (entity_at (doc, 1), "classname=light|origin=8 8 8|light=200");
  g_assert_cmpstr (qr_entity_get_classname (entity_at (doc, 3)), ==, "light");
  assert_undo_redo (doc, before);
}

static void
test_set_class_errors (void)
{
  g_autoptr (QrDocument) doc = three_doc ();
  g_autofree char *before = qr_test_save_text (doc);
  QrId ids[3] = { entity_id (doc, 1), 999, entity_id (doc, 3) };
  QrId world = entity_id (doc, 0);
  g_autoptr (GError) e1 = NULL, e2 = NULL, e3 = NULL, e4 = NULL;

  g_assert_false (qr_op_set_class (doc, ids, 3, "info_notnull", &e1));
  g_assert_error (e1, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND);
  g_assert_false (qr_op_set_class (doc, ids, 1, "", &e2));
  g_assert_error (e2, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_assert_false (qr_op_set_class (doc, &world, 1, "func_wall", &e3));
  g_assert_error (e3, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  g_assert_false (qr_op_set_class (doc, NULL, 0, "func_wall", &e4));
  g_assert_error (e4, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  qr_test_assert_saves_as (doc, before);
  g_assert_false (qr_document_can_undo (doc));
}

static void
test_set_key_many (void)
{
  g_autoptr (QrDocument) doc = three_doc ();
  g_autoptr (GError) error = NULL;
  g_autofree char *before = qr_test_save_text (doc);
  QrId ids[3] = { entity_id (doc, 1), entity_id (doc, 2), entity_id (doc, 3) };

  g_assert_true (qr_op_set_key_many (doc, ids, 3, "target", "t9", &error));
  g_assert_no_error (error);
  assert_keys (entity_at (doc, 1), "classname=light|origin=8 8 8|light=200|target=t9");
  assert_keys (entity_at (doc, 2), "classname=info_null|origin=16 8 8|target=t9");
  assert_keys (entity_at (doc, 3), "classname=monster_dog|origin=24 8 8|target=t9");
  assert_undo_label (doc, "Undo Set Key");
  assert_selected_entities (doc, ids, 3);
  assert_undo_redo (doc, before);
  g_assert_true (qr_document_undo (doc));

  /* The value every entity has already: no step. */
  g_assert_true (qr_op_set_key_many (doc, ids + 1, 1, "target", "t1", &error));
  g_assert_no_error (error);
  g_assert_false (qr_document_can_undo (doc));
  /* A key none has, deleted: no step. */
  g_assert_true (qr_op_set_key_many (doc, ids, 3, "nope", NULL, &error));
  g_assert_no_error (error);
  g_assert_false (qr_document_can_undo (doc));

  /* Deleted where present only. */
  g_assert_true (qr_op_set_key_many (doc, ids, 3, "origin", NULL, &error));
  g_assert_no_error (error);
  assert_keys (entity_at (doc, 2), "classname=info_null|target=t1");
  assert_keys (entity_at (doc, 3), "classname=monster_dog");
  assert_undo_label (doc, "Undo Delete Key");
  assert_undo_redo (doc, before);
}

static void
test_set_key_many_errors (void)
{
  g_autoptr (QrDocument) doc = three_doc ();
  g_autofree char *before = qr_test_save_text (doc);
  QrId ids[3] = { entity_id (doc, 1), entity_id (doc, 2), 12345 };
  g_autoptr (GError) e1 = NULL, e2 = NULL;

  g_assert_false (qr_op_set_key_many (doc, ids, 3, "target", "x", &e1));
  g_assert_error (e1, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND);
  g_assert_false (qr_op_set_key_many (doc, ids, 2, "", "x", &e2));
  g_assert_error (e2, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
  qr_test_assert_saves_as (doc, before);
  g_assert_false (qr_document_can_undo (doc));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/entity-ops/connection/parse", test_connection_parse);
  g_test_add_func ("/entity-ops/connection/parse-bad", test_connection_parse_bad);
  g_test_add_func ("/entity-ops/connection/format", test_connection_format);
  g_test_add_func ("/entity-ops/connection/entity", test_connection_entity);
  g_test_add_func ("/entity-ops/connection/corpus", test_connection_corpus);
  g_test_add_func ("/entity-ops/set-connections", test_set_connections);
  g_test_add_func ("/entity-ops/set-connections/errors", test_set_connections_bad);
  g_test_add_func ("/entity-ops/place/without-class", test_place_without_class);
  g_test_add_func ("/entity-ops/place/with-class", test_place_with_class);
  g_test_add_func ("/entity-ops/place/errors", test_place_errors);
  g_test_add_func ("/entity-ops/place/vmf", test_place_vmf);
  g_test_add_func ("/entity-ops/set-class", test_set_class);
  g_test_add_func ("/entity-ops/set-class/errors", test_set_class_errors);
  g_test_add_func ("/entity-ops/set-key-many", test_set_key_many);
  g_test_add_func ("/entity-ops/set-key-many/errors", test_set_key_many_errors);
  return g_test_run ();
}
