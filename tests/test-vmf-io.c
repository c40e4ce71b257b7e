/* Tests of the .vmf reader and writer on inline text: kept blocks in place,
 * solids and sides, ids, hidden wrappers, connections, escaped quotes,
 * displacements of every power, lossless round trips and MAP ⇄ VMF. */
#include <math.h>
#include <string.h>
#include <glib.h>
#include "qr-io.h"
#include "qr-test-map.h"

/* ---- helpers ---------------------------------------------------------- */

/* Parses from an exact-length copy so that the sanitizers see any read
 * past the end of the text. */
static QrMap *
parse_vmf_len (const char *text, gsize len, GError **error)
{
  g_autofree char *copy = g_malloc (len + 1);

  memcpy (copy, text, len);
  return qr_map_parse_vmf (copy, len, "test.vmf", error);
}

static QrMap *
parse_ok (const char *text)
{
  return qr_test_parse_ok (text, QR_FILE_VMF);
}

/* Saving "as read" goes through the generic entry point and must be VMF. */
static void
assert_round_trip (const QrMap *map)
{
  g_autofree char *generic = qr_test_write_ok (map, QR_SAVE_AS_READ);

  qr_test_assert_writes_as (map, QR_SAVE_VMF, generic);
  qr_test_assert_round_trip (map);
}

static const QrNode *
kept_node (GPtrArray *kept, guint i)
{
  g_assert_cmpuint (i, <, kept->len);
  return g_ptr_array_index (kept, i);
}

/* Asserts a parse error "test.vmf:LINE:COLUMN: …" containing `what`. */
static void
assert_parse_error (const char *text, gsize len, int line, int column, const char *what)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = parse_vmf_len (text, len, &error);
  g_autofree char *prefix = g_strdup_printf ("test.vmf:%d:%d: ", line, column);

  g_assert_null (map);
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("expected a message starting with “%s”, got “%s”", prefix, error->message);
  if (strstr (error->message, what) == NULL)
    g_error ("expected “%s” in “%s”", what, error->message);
}

/* ---- generating VMF text in the writer's own layout --------------------- */

static void
indent (GString *s, int depth)
{
  for (int i = 0; i < depth; i++)
    g_string_append_c (s, '\t');
}

static void
kv (GString *s, int depth, const char *key, const char *value)
{
  indent (s, depth);
  g_string_append_printf (s, "\"%s\" \"%s\"\n", key, value);
}

static void
open_block (GString *s, int depth, const char *name)
{
  indent (s, depth);
  g_string_append_printf (s, "%s\n", name);
  indent (s, depth);
  g_string_append (s, "{\n");
}

static void
close_block (GString *s, int depth)
{
  indent (s, depth);
  g_string_append (s, "}\n");
}

typedef struct
{
  const char *plane;
  const char *uaxis;
  const char *vaxis;
} SideText;

/* Hammer's six sides of a 128-unit cube around the origin. */
static const SideText cube_sides[6] = {
  { "(-64 64 64) (64 64 64) (64 -64 64)", "[1 0 0 0] 0.25", "[0 -1 0 0] 0.25" },
  { "(-64 -64 -64) (64 -64 -64) (64 64 -64)", "[1 0 0 -12.5] 0.5", "[0 -1 0 7] 0.125" },
  { "(-64 64 64) (-64 -64 64) (-64 -64 -64)", "[0 1 0 0] 0.25", "[0 0 -1 0] 0.25" },
  { "(64 64 -64) (64 -64 -64) (64 -64 64)", "[0 1 0 0] 0.25", "[0 0 -1 0] 0.25" },
  { "(64 64 64) (-64 64 64) (-64 64 -64)", "[0.866025 0.5 0 3] 0.25", "[0 0 -1 -1.5] 0.25" },
  { "(64 -64 -64) (-64 -64 -64) (-64 -64 64)", "[1 0 0 0] -0.25", "[0 0 -1 0] 1" },
};

typedef struct
{
  int power;              /* rows are generated for this power */
  const char *power_text; /* written as "power"; NULL writes the power */
  const char *omit;       /* a row block left out, or NULL */
  const char *bad_block;  /* a row block with one row of the wrong count */
  int bad_row;
  int bad_delta;          /* numbers added to (or, negative, removed from) that row */
  const char *bad_text;   /* appended to that row instead, when not NULL */
  int drop_rows;          /* rows left out at the end of bad_block */
} DispSpec;

static void
disp_rows (GString *s, int depth, const DispSpec *d, const char *block, int n_rows,
           int per_row, const char *number)
{
  if (d->omit != NULL && strcmp (d->omit, block) == 0)
    return;
  open_block (s, depth, block);
  for (int r = 0; r < n_rows; r++)
    {
      bool bad = d->bad_block != NULL && strcmp (d->bad_block, block) == 0;
      int n = per_row;

      if (bad && r >= n_rows - d->drop_rows)
        break;
      if (bad && r == d->bad_row)
        n += d->bad_delta;
      indent (s, depth + 1);
      g_string_append_printf (s, "\"row%d\" \"", r);
      for (int i = 0; i < n; i++)
        {
          if (i > 0)
            g_string_append_c (s, ' ');
          /* Vary the values so that a reordering would show. */
          if (strcmp (number, "seq") == 0)
            g_string_append_printf (s, "%d.%d", r, i);
          else
            g_string_append (s, number);
        }
      if (bad && r == d->bad_row && d->bad_text != NULL)
        g_string_append (s, d->bad_text);
      g_string_append (s, "\"\n");
    }
  close_block (s, depth);
}

static void
append_dispinfo (GString *s, int depth, const DispSpec *d)
{
  int n = (1 << d->power) + 1;
  g_autofree char *power = g_strdup_printf ("%d", d->power);

  open_block (s, depth, "dispinfo");
  kv (s, depth + 1, "power", d->power_text ? d->power_text : power);
  kv (s, depth + 1, "startposition", "[-64 -64 64]");
  kv (s, depth + 1, "flags", "0");
  kv (s, depth + 1, "elevation", "0");
  kv (s, depth + 1, "subdiv", "0");
  disp_rows (s, depth + 1, d, "normals", n, 3 * n, "seq");
  disp_rows (s, depth + 1, d, "distances", n, n, "seq");
  disp_rows (s, depth + 1, d, "offsets", n, 3 * n, "0");
  disp_rows (s, depth + 1, d, "offset_normals", n, 3 * n, "seq");
  disp_rows (s, depth + 1, d, "alphas", n, n, "255");
  disp_rows (s, depth + 1, d, "triangle_tags", n - 1, 2 * (n - 1), "9");
  open_block (s, depth + 1, "allowed_verts");
  kv (s, depth + 2, "10", "-1 -1 -1 -1 -1 -1 -1 -1 -1 -1");
  close_block (s, depth + 1);
  close_block (s, depth);
}

/* A cube solid; side `disp_side` (or none when -1) carries a dispinfo. */
static void
append_solid (GString *s, int depth, QrId id, QrId first_side, const char *material,
              int disp_side, const DispSpec *disp, bool editor)
{
  open_block (s, depth, "solid");
  indent (s, depth + 1);
  g_string_append_printf (s, "\"id\" \"%u\"\n", id);
  for (int i = 0; i < 6; i++)
    {
      open_block (s, depth + 1, "side");
      indent (s, depth + 2);
      g_string_append_printf (s, "\"id\" \"%u\"\n", first_side + (QrId) i);
      kv (s, depth + 2, "plane", cube_sides[i].plane);
      kv (s, depth + 2, "material", material);
      kv (s, depth + 2, "uaxis", cube_sides[i].uaxis);
      kv (s, depth + 2, "vaxis", cube_sides[i].vaxis);
      kv (s, depth + 2, "rotation", i == 4 ? "30" : "0");
      kv (s, depth + 2, "lightmapscale", i == 1 ? "32" : "16");
      kv (s, depth + 2, "smoothing_groups", i == 1 ? "8" : "0");
      if (i == disp_side)
        append_dispinfo (s, depth + 2, disp);
      close_block (s, depth + 1);
    }
  if (editor)
    {
      open_block (s, depth + 1, "editor");
      kv (s, depth + 2, "color", "0 175 108");
      kv (s, depth + 2, "visgroupshown", "1");
      kv (s, depth + 2, "visgroupautoshown", "1");
      close_block (s, depth + 1);
    }
  close_block (s, depth);
}

#define ESC "\x1b"

/* A whole file in exactly the layout the writer produces. */
static char *
canonical_vmf (void)
{
  GString *s = g_string_new (NULL);
  DispSpec disp = { .power = 2 };

  open_block (s, 0, "versioninfo");
  kv (s, 1, "editorversion", "400");
  kv (s, 1, "editorbuild", "8864");
  kv (s, 1, "mapversion", "3");
  kv (s, 1, "formatversion", "100");
  kv (s, 1, "prefab", "0");
  close_block (s, 0);
  open_block (s, 0, "visgroups");
  open_block (s, 1, "visgroup");
  kv (s, 2, "name", "walls");
  kv (s, 2, "visgroupid", "5");
  kv (s, 2, "color", "65 45 0");
  close_block (s, 1);
  close_block (s, 0);
  open_block (s, 0, "viewsettings");
  kv (s, 1, "bSnapToGrid", "1");
  kv (s, 1, "bShowGrid", "1");
  kv (s, 1, "nGridSpacing", "64");
  close_block (s, 0);

  open_block (s, 0, "world");
  kv (s, 1, "id", "1");
  kv (s, 1, "mapversion", "3");
  kv (s, 1, "classname", "worldspawn");
  kv (s, 1, "skyname", "sky_day01_01");
  kv (s, 1, "comment", "say \\\"hello\\\" { } // ;");
  append_solid (s, 1, 2, 1, "DEV/DEV_MEASUREGENERIC01B", -1, NULL, true);
  open_block (s, 1, "hidden");
  append_solid (s, 2, 9, 20, "BRICK/BRICKWALL001A", 0, &disp, true);
  close_block (s, 1);
  open_block (s, 1, "group");
  kv (s, 2, "id", "60");
  open_block (s, 2, "editor");
  kv (s, 3, "color", "224 156 251");
  kv (s, 3, "visgroupshown", "1");
  kv (s, 3, "visgroupautoshown", "1");
  close_block (s, 2);
  close_block (s, 1);
  append_solid (s, 1, 15, 30, "TOOLS/TOOLSNODRAW", -1, NULL, false);
  close_block (s, 0);

  open_block (s, 0, "entity");
  kv (s, 1, "id", "70");
  kv (s, 1, "classname", "logic_relay");
  kv (s, 1, "targetname", "relay");
  kv (s, 1, "spawnflags", "0");
  open_block (s, 1, "connections");
  kv (s, 2, "OnTrigger", "door,Open,,0,-1");
  kv (s, 2, "OnTrigger", "door" ESC "Close" ESC ESC "1.5" ESC "-1");
  kv (s, 2, "OnSpawn", "!self" ESC "AddOutput" ESC "targetname \\\"x\\\"" ESC "0" ESC "1");
  close_block (s, 1);
  open_block (s, 1, "editor");
  kv (s, 2, "color", "220 30 220");
  kv (s, 2, "visgroupshown", "1");
  kv (s, 2, "visgroupautoshown", "1");
  kv (s, 2, "logicalpos", "[0 500]");
  close_block (s, 1);
  close_block (s, 0);

  open_block (s, 0, "hidden");
  open_block (s, 1, "entity");
  kv (s, 2, "id", "80");
  kv (s, 2, "classname", "func_detail");
  append_solid (s, 2, 81, 90, "CONCRETE/CONCRETEFLOOR001A", -1, NULL, true);
  open_block (s, 2, "editor");
  kv (s, 3, "color", "0 180 0");
  close_block (s, 2);
  close_block (s, 1);
  close_block (s, 0);

  open_block (s, 0, "entity");
  kv (s, 1, "id", "100");
  kv (s, 1, "classname", "info_player_start");
  kv (s, 1, "origin", "0 0 8");
  kv (s, 1, "angles", "0 -0 0");
  close_block (s, 0);

  open_block (s, 0, "cameras");
  kv (s, 1, "activecamera", "0");
  open_block (s, 1, "camera");
  kv (s, 2, "position", "[-512 -512 256]");
  kv (s, 2, "look", "[0 0 0]");
  close_block (s, 1);
  close_block (s, 0);
  open_block (s, 0, "cordon");
  kv (s, 1, "mins", "(-1024 -1024 -1024)");
  kv (s, 1, "maxs", "(1024 1024 1024)");
  kv (s, 1, "active", "0");
  close_block (s, 0);
  open_block (s, 0, "cordons");
  kv (s, 1, "active", "0");
  open_block (s, 1, "cordon");
  kv (s, 2, "name", "main");
  kv (s, 2, "active", "1");
  open_block (s, 2, "box");
  kv (s, 3, "mins", "(-256 -256 -256)");
  kv (s, 3, "maxs", "(256 256 256)");
  close_block (s, 2);
  close_block (s, 1);
  close_block (s, 0);
  return g_string_free (s, FALSE);
}

/* ---- tests -------------------------------------------------------------- */

static void
test_kept_blocks (void)
{
  g_autofree char *text = canonical_vmf ();
  g_autoptr (QrMap) map = parse_ok (text);
  static const struct { const char *name; int anchor; } expected[] = {
    { "versioninfo", 0 }, { "visgroups", 0 }, { "viewsettings", 0 },
    { "cameras", 4 }, { "cordon", 4 }, { "cordons", 4 },
  };
  const QrNode *n, *child;

  g_assert_cmpuint (qr_map_entity_count (map), ==, 4);
  g_assert_cmpuint (map->kept->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      n = kept_node (map->kept, i);
      g_assert_cmpstr (n->name, ==, expected[i].name);
      g_assert_cmpint (n->anchor, ==, expected[i].anchor);
      g_assert_null (n->raw);
    }

  n = kept_node (map->kept, 0);
  g_assert_cmpuint (n->n_items, ==, 5);
  g_assert_cmpstr (qr_node_get (n, "editorbuild"), ==, "8864");
  g_assert_cmpstr (n->items[4].key, ==, "prefab");
  n = kept_node (map->kept, 1);
  child = qr_node_get_child (n, "visgroup");
  g_assert_nonnull (child);
  g_assert_cmpstr (qr_node_get (child, "color"), ==, "65 45 0");
  n = kept_node (map->kept, 5);
  child = qr_node_get_child (qr_node_get_child (n, "cordon"), "box");
  g_assert_cmpstr (qr_node_get (child, "maxs"), ==, "(256 256 256)");

  /* Written back exactly where and as they were. */
  qr_test_assert_writes_as (map, QR_SAVE_VMF, text);
  assert_round_trip (map);
}

/* Kept blocks between and after entities keep their anchors. */
static void
test_kept_anchors (void)
{
  static const char text[] =
    "world\n{\n\t\"id\" \"1\"\n\t\"classname\" \"worldspawn\"\n}\n"
    "cameras\n{\n\t\"activecamera\" \"-1\"\n}\n"
    "entity\n{\n\t\"id\" \"2\"\n\t\"classname\" \"light\"\n}\n"
    "Hammer_plus\n{\n\t\"x\" \"1\"\n}\n"
    "entity\n{\n\t\"id\" \"3\"\n\t\"classname\" \"light\"\n}\n"
    "cordons\n{\n\t\"active\" \"0\"\n}\n";
  g_autoptr (QrMap) map = parse_ok (text);

  g_assert_cmpuint (map->kept->len, ==, 3);
  g_assert_cmpint (kept_node (map->kept, 0)->anchor, ==, 1);
  g_assert_cmpint (kept_node (map->kept, 1)->anchor, ==, 2);
  g_assert_cmpstr (kept_node (map->kept, 1)->name, ==, "Hammer_plus");
  g_assert_cmpint (kept_node (map->kept, 2)->anchor, ==, 3);
  qr_test_assert_writes_as (map, QR_SAVE_VMF, text);
}

/* Block names and keys are read in any case ("SOLID", "Plane"): the same
 * map as in lower case. */
static void
test_names_any_case (void)
{
  static const char *const swaps[][2] = {
    { "\tsolid\n", "\tSOLID\n" }, { "\tside\n", "\tSide\n" }, { "world\n", "World\n" },
    { "\"plane\"", "\"PLANE\"" }, { "\"material\"", "\"Material\"" }, { "\"uaxis\"", "\"UAxis\"" },
    { "\"vaxis\"", "\"vAXIS\"" }, { "\"rotation\"", "\"Rotation\"" },
  };
  g_autofree char *text = canonical_vmf ();
  g_autoptr (GString) upper = g_string_new (text);
  g_autoptr (QrMap) a = parse_ok (text);
  g_autoptr (QrMap) b = NULL;
  g_autofree char *why = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (swaps); i++)
    g_assert_cmpuint (g_string_replace (upper, swaps[i][0], swaps[i][1], 0), >, 0);
  b = parse_ok (upper->str);
  g_assert_cmpuint (qr_entity_brush_count (qr_map_get_entity (b, 0)), ==, 3);
  if (!qr_map_equal (a, b, &why))
    g_error ("%s", why);
}

static void
test_solids_and_sides (void)
{
  g_autofree char *text = canonical_vmf ();
  g_autoptr (QrMap) map = parse_ok (text);
  const QrEntity *world = qr_map_get_entity (map, 0);
  const QrBrush *b;
  const QrFace *f;
  const QrNode *x;

  g_assert_cmpstr (qr_entity_get_classname (world), ==, "worldspawn");
  g_assert_cmpuint (world->keys->len, ==, 4);
  g_assert_null (qr_entity_get_key (world, "id"));
  g_assert_cmpstr (qr_entity_get_key (world, "mapversion"), ==, "3");
  g_assert_cmpuint (qr_entity_brush_count (world), ==, 3);

  b = qr_entity_get_brush (world, 0);
  g_assert_cmpint (b->n_faces, ==, 6);
  g_assert_cmpuint (b->flags, ==, 0);

  f = qr_test_get_face (map, 0, 0, 0);
  g_assert_cmpint (f->form, ==, QR_TEX_VALVE);
  qr_test_assert_vec3_same (f->points[0], -64, 64, 64);
  qr_test_assert_vec3_same (f->points[1], 64, 64, 64);
  qr_test_assert_vec3_same (f->points[2], 64, -64, 64);
  g_assert_cmpstr (qr_map_texture_name (map, f->texture), ==, "DEV/DEV_MEASUREGENERIC01B");
  qr_test_assert_vec3_same (f->tex.u_axis, 1, 0, 0);
  qr_test_assert_vec3_same (f->tex.v_axis, 0, -1, 0);
  qr_test_assert_same (f->tex.shift[0], 0);
  qr_test_assert_same (f->tex.scale[0], 0.25);
  qr_test_assert_same (f->tex.scale[1], 0.25);
  qr_test_assert_same (f->tex.rotation, 0);
  g_assert_cmpint (f->has_surface, ==, 0);

  f = qr_test_get_face (map, 0, 0, 1);
  qr_test_assert_vec3_same (f->points[2], 64, 64, -64);
  qr_test_assert_same (f->tex.shift[0], -12.5);
  qr_test_assert_same (f->tex.shift[1], 7);
  qr_test_assert_same (f->tex.scale[0], 0.5);
  qr_test_assert_same (f->tex.scale[1], 0.125);
  g_assert_nonnull (f->extra);
  x = f->extra->vmf;
  g_assert_nonnull (x);
  g_assert_cmpuint (x->n_items, ==, 2);
  g_assert_cmpstr (x->items[0].key, ==, "lightmapscale");
  g_assert_cmpstr (x->items[0].value, ==, "32");
  g_assert_cmpstr (x->items[1].key, ==, "smoothing_groups");
  g_assert_cmpstr (x->items[1].value, ==, "8");
  /* Interpreted keys are not duplicated into the extras. */
  g_assert_null (qr_node_get (x, "plane"));
  g_assert_null (qr_node_get (x, "uaxis"));
  g_assert_null (qr_node_get (x, "rotation"));
  g_assert_null (qr_node_get (x, "id"));

  f = qr_test_get_face (map, 0, 0, 4);
  qr_test_assert_vec3_same (f->tex.u_axis, 0.866025, 0.5, 0);
  qr_test_assert_same (f->tex.shift[0], 3);
  qr_test_assert_same (f->tex.shift[1], -1.5);
  qr_test_assert_same (f->tex.rotation, 30);

  f = qr_test_get_face (map, 0, 0, 5);
  qr_test_assert_same (f->tex.scale[0], -0.25);
  qr_test_assert_same (f->tex.scale[1], 1);

  /* The solid's editor block. */
  g_assert_nonnull (b->extra);
  g_assert_nonnull (qr_node_get_child (b->extra, "editor"));
  g_assert_cmpstr (qr_node_get (qr_node_get_child (b->extra, "editor"), "color"), ==, "0 175 108");
  /* A solid without one has none. */
  g_assert_null (qr_entity_get_brush (world, 2)->extra);
  g_assert_cmpstr (qr_map_texture_name (map, qr_test_get_face (map, 0, 2, 3)->texture), ==, "TOOLS/TOOLSNODRAW");
  g_assert_cmpint (qr_map_detect_dialect (map), ==, QR_DIALECT_VMF);
}

static void
test_ids (void)
{
  g_autofree char *text = canonical_vmf ();
  g_autoptr (QrMap) map = parse_ok (text);
  static const QrId entity_ids[] = { 1, 70, 80, 100 };

  for (guint i = 0; i < G_N_ELEMENTS (entity_ids); i++)
    g_assert_cmpuint (qr_map_get_entity (map, i)->id, ==, entity_ids[i]);
  g_assert_cmpuint (qr_entity_get_brush (qr_map_get_entity (map, 0), 0)->id, ==, 2);
  g_assert_cmpuint (qr_entity_get_brush (qr_map_get_entity (map, 0), 1)->id, ==, 9);
  g_assert_cmpuint (qr_entity_get_brush (qr_map_get_entity (map, 0), 2)->id, ==, 15);
  g_assert_cmpuint (qr_entity_get_brush (qr_map_get_entity (map, 2), 0)->id, ==, 81);
  for (int i = 0; i < 6; i++)
    {
      g_assert_cmpuint (qr_test_get_face (map, 0, 0, i)->id, ==, 1 + (QrId) i);
      g_assert_cmpuint (qr_test_get_face (map, 0, 1, i)->id, ==, 20 + (QrId) i);
      g_assert_cmpuint (qr_test_get_face (map, 0, 2, i)->id, ==, 30 + (QrId) i);
      g_assert_cmpuint (qr_test_get_face (map, 2, 0, i)->id, ==, 90 + (QrId) i);
    }

  /* New objects take ids above the largest of their kind. */
  g_assert_cmpuint (qr_map_take_entity_id (map), ==, 101);
  g_assert_cmpuint (qr_map_take_entity_id (map), ==, 102);
  g_assert_cmpuint (qr_map_take_brush_id (map), ==, 82);
  g_assert_cmpuint (qr_map_take_face_id (map), ==, 96);
}

/* Objects without an id get fresh ones that no id in the file repeats,
 * even when the file's ids come later. */
static void
test_ids_missing (void)
{
  static const char text[] =
    "world\n{\n\t\"classname\" \"worldspawn\"\n"
    "\tsolid\n\t{\n"
    "\t\tside\n\t\t{\n\t\t\t\"plane\" \"(0 0 0) (0 1 0) (1 0 0)\"\n\t\t\t\"material\" \"A\"\n"
    "\t\t\t\"uaxis\" \"[1 0 0 0] 1\"\n\t\t\t\"vaxis\" \"[0 -1 0 0] 1\"\n\t\t}\n"
    "\t\tside\n\t\t{\n\t\t\t\"id\" \"1\"\n\t\t\t\"plane\" \"(0 0 0) (1 0 0) (0 0 1)\"\n\t\t\t\"material\" \"A\"\n"
    "\t\t\t\"uaxis\" \"[1 0 0 0] 1\"\n\t\t\t\"vaxis\" \"[0 0 -1 0] 1\"\n\t\t}\n"
    "\t}\n"
    "\tsolid\n\t{\n\t\t\"id\" \"1\"\n\t}\n"
    "}\n"
    "entity\n{\n\t\"id\" \"1\"\n\t\"classname\" \"light\"\n}\n";
  g_autoptr (QrMap) map = parse_ok (text);
  const QrEntity *world = qr_map_get_entity (map, 0);

  g_assert_cmpuint (world->id, !=, qr_map_get_entity (map, 1)->id);
  g_assert_cmpuint (qr_entity_get_brush (world, 0)->id, !=, qr_entity_get_brush (world, 1)->id);
  g_assert_cmpuint (qr_test_get_face (map, 0, 0, 0)->id, !=, qr_test_get_face (map, 0, 0, 1)->id);
  g_assert_cmpuint (qr_test_get_face (map, 0, 0, 1)->id, ==, 1);
  g_assert_cmpuint (qr_map_get_entity (map, 1)->id, ==, 1);
  g_assert_cmpuint (qr_entity_get_brush (world, 1)->id, ==, 1);
  assert_round_trip (map);
}

static void
test_hidden (void)
{
  g_autofree char *text = canonical_vmf ();
  g_autoptr (QrMap) map = parse_ok (text);
  const QrEntity *world = qr_map_get_entity (map, 0);
  const QrEntity *detail = qr_map_get_entity (map, 2);

  g_assert_cmpuint (qr_entity_get_brush (world, 0)->flags, ==, 0);
  g_assert_cmpuint (qr_entity_get_brush (world, 1)->flags, ==, QR_BRUSH_HIDDEN);
  g_assert_cmpuint (qr_entity_get_brush (world, 2)->flags, ==, 0);
  g_assert_cmpuint (world->flags, ==, QR_ENTITY_WORLD);
  g_assert_cmpuint (qr_map_get_entity (map, 1)->flags, ==, 0);
  g_assert_cmpuint (detail->flags, ==, QR_ENTITY_HIDDEN);
  g_assert_cmpstr (qr_entity_get_classname (detail), ==, "func_detail");
  g_assert_cmpuint (qr_entity_brush_count (detail), ==, 1);
  g_assert_cmpuint (qr_entity_get_brush (detail, 0)->flags, ==, 0);
  g_assert_cmpuint (qr_map_get_entity (map, 3)->flags, ==, 0);

  /* Two solids in one hidden block, and a hidden solid in an entity. */
  {
    GString *s = g_string_new (NULL);
    g_autoptr (QrMap) m = NULL;
    g_autofree char *str = NULL;

    open_block (s, 0, "world");
    kv (s, 1, "id", "1");
    kv (s, 1, "classname", "worldspawn");
    open_block (s, 1, "hidden");
    append_solid (s, 2, 2, 1, "A", -1, NULL, false);
    append_solid (s, 2, 3, 7, "B", -1, NULL, true);
    close_block (s, 1);
    close_block (s, 0);
    open_block (s, 0, "entity");
    kv (s, 1, "id", "4");
    kv (s, 1, "classname", "func_brush");
    append_solid (s, 1, 5, 13, "C", -1, NULL, false);
    open_block (s, 1, "hidden");
    append_solid (s, 2, 6, 19, "D", -1, NULL, false);
    close_block (s, 1);
    close_block (s, 0);
    str = g_string_free (s, FALSE);
    m = parse_ok (str);
    g_assert_cmpuint (qr_entity_brush_count (qr_map_get_entity (m, 0)), ==, 2);
    g_assert_cmpuint (qr_entity_get_brush (qr_map_get_entity (m, 0), 0)->flags, ==, QR_BRUSH_HIDDEN);
    g_assert_cmpuint (qr_entity_get_brush (qr_map_get_entity (m, 0), 1)->flags, ==, QR_BRUSH_HIDDEN);
    g_assert_cmpuint (qr_entity_get_brush (qr_map_get_entity (m, 1), 0)->flags, ==, 0);
    g_assert_cmpuint (qr_entity_get_brush (qr_map_get_entity (m, 1), 1)->flags, ==, QR_BRUSH_HIDDEN);
    g_assert_cmpuint (qr_entity_get_brush (qr_map_get_entity (m, 1), 1)->id, ==, 6);
    assert_round_trip (m);
  }
}

static void
test_connections (void)
{
  g_autofree char *text = canonical_vmf ();
  g_autoptr (QrMap) map = parse_ok (text);
  const QrEntity *relay = qr_map_get_entity (map, 1);
  const QrNode *c, *e;
  g_autofree char *out = NULL;

  g_assert_cmpstr (qr_entity_get_classname (relay), ==, "logic_relay");
  g_assert_cmpuint (relay->keys->len, ==, 3);
  g_assert_cmpuint (relay->kept->len, ==, 2);
  c = kept_node (relay->kept, 0);
  e = kept_node (relay->kept, 1);
  g_assert_cmpstr (c->name, ==, "connections");
  g_assert_cmpint (c->anchor, ==, 0);
  g_assert_cmpstr (e->name, ==, "editor");
  g_assert_cmpuint (c->n_items, ==, 3);
  g_assert_cmpstr (c->items[0].key, ==, "OnTrigger");
  g_assert_cmpstr (c->items[0].value, ==, "door,Open,,0,-1");
  g_assert_cmpstr (c->items[1].key, ==, "OnTrigger");
  g_assert_cmpstr (c->items[1].value, ==, "door" ESC "Close" ESC ESC "1.5" ESC "-1");
  g_assert_cmpstr (c->items[2].value, ==, "!self" ESC "AddOutput" ESC "targetname \"x\"" ESC "0" ESC "1");
  g_assert_cmpstr (qr_node_get (e, "logicalpos"), ==, "[0 500]");

  /* Byte-exact in the output. */
  out = qr_test_write_ok (map, QR_SAVE_VMF);
  g_assert_nonnull (strstr (out, "\t\t\"OnTrigger\" \"door,Open,,0,-1\"\n"
                                 "\t\t\"OnTrigger\" \"door" ESC "Close" ESC ESC "1.5" ESC "-1\"\n"
                                 "\t\t\"OnSpawn\" \"!self" ESC "AddOutput" ESC "targetname \\\"x\\\"" ESC "0" ESC "1\"\n"));
}

static void
test_escaped_quotes (void)
{
  static const char text[] =
    "world\n"
    "{\n"
    "\t\"id\" \"1\"\n"
    "\t\"classname\" \"worldspawn\"\n"
    "\t\"message\" \"say \\\"hi\\\" twice \\\"\\\"\"\n"
    "\t\"wad\" \"C:\\\\sdk\\\\\"\n"
    "\t\"quote\\\"key\" \"v\"\n"
    "}\n";
  g_autoptr (QrMap) map = parse_ok (text);
  const QrEntity *world = qr_map_get_entity (map, 0);

  g_assert_cmpstr (qr_entity_get_key (world, "message"), ==, "say \"hi\" twice \"\"");
  g_assert_cmpstr (qr_entity_get_key (world, "wad"), ==, "C:\\\\sdk\\\\");
  g_assert_cmpstr (qr_entity_get_key (world, "quote\"key"), ==, "v");
  qr_test_assert_writes_as (map, QR_SAVE_VMF, text);
  assert_round_trip (map);

  /* A backslash ending a value before the line ends is no escape. */
  {
    g_autoptr (QrMap) m = parse_ok ("world\n{\n\t\"id\" \"1\"\n\t\"classname\" \"worldspawn\"\n\t\"path\" \"C:\\dir\\\"\r\n}\n");

    g_assert_cmpstr (qr_entity_get_key (qr_map_get_entity (m, 0), "path"), ==, "C:\\dir\\");
  }
}

static void
test_editor_and_group (void)
{
  g_autofree char *text = canonical_vmf ();
  g_autoptr (QrMap) map = parse_ok (text);
  const QrEntity *world = qr_map_get_entity (map, 0);
  const QrEntity *detail = qr_map_get_entity (map, 2);
  const QrNode *group;

  /* The group sits between the second and third solids. */
  g_assert_cmpuint (world->kept->len, ==, 1);
  group = kept_node (world->kept, 0);
  g_assert_cmpstr (group->name, ==, "group");
  g_assert_cmpint (group->anchor, ==, 2);
  g_assert_cmpstr (qr_node_get (group, "id"), ==, "60");
  g_assert_cmpstr (qr_node_get (qr_node_get_child (group, "editor"), "color"), ==, "224 156 251");

  /* An entity's editor block after its solid. */
  g_assert_cmpuint (detail->kept->len, ==, 1);
  g_assert_cmpstr (kept_node (detail->kept, 0)->name, ==, "editor");
  g_assert_cmpint (kept_node (detail->kept, 0)->anchor, ==, 1);
  g_assert_nonnull (qr_node_get_child (qr_entity_get_brush (detail, 0)->extra, "editor"));
}

static char *
disp_vmf (const DispSpec *d)
{
  GString *s = g_string_new (NULL);

  /* Fixed layout: "dispinfo" is on line 17, column 4 (three TABs). */
  open_block (s, 0, "world");                            /* lines 1–2 */
  kv (s, 1, "id", "1");                                  /* 3 */
  kv (s, 1, "classname", "worldspawn");                  /* 4 */
  open_block (s, 1, "solid");                            /* 5–6 */
  kv (s, 2, "id", "2");                                  /* 7 */
  open_block (s, 2, "side");                             /* 8–9 */
  kv (s, 3, "id", "1");                                  /* 10 */
  kv (s, 3, "plane", "(-64 64 64) (64 64 64) (64 -64 64)"); /* 11 */
  kv (s, 3, "material", "NATURE/BLENDGROUNDTOGRAVEL001"); /* 12 */
  kv (s, 3, "uaxis", "[1 0 0 0] 0.25");                  /* 13 */
  kv (s, 3, "vaxis", "[0 -1 0 0] 0.25");                 /* 14 */
  kv (s, 3, "rotation", "0");                            /* 15 */
  kv (s, 3, "lightmapscale", "16");                      /* 16 */
  append_dispinfo (s, 3, d);                             /* 17… */
  kv (s, 3, "smoothing_groups", "0");
  close_block (s, 2);
  close_block (s, 1);
  close_block (s, 0);
  return g_string_free (s, FALSE);
}

static void
test_dispinfo_powers (void)
{
  for (int power = 2; power <= 4; power++)
    {
      DispSpec d = { .power = power };
      g_autofree char *text = disp_vmf (&d);
      g_autoptr (QrMap) map = parse_ok (text);
      const QrFace *f = qr_test_get_face (map, 0, 0, 0);
      const QrNode *disp, *rows;
      int n = (1 << power) + 1;
      g_autofree char *last_row = g_strdup_printf ("row%d", n - 1);

      g_assert_nonnull (f->extra);
      g_assert_nonnull (f->extra->vmf);
      disp = qr_node_get_child (f->extra->vmf, "dispinfo");
      g_assert_nonnull (disp);
      g_assert_cmpint (atoi (qr_node_get (disp, "power")), ==, power);
      g_assert_cmpstr (qr_node_get (disp, "startposition"), ==, "[-64 -64 64]");

      rows = qr_node_get_child (disp, "normals");
      g_assert_cmpuint (rows->n_items, ==, (guint) n);
      g_assert_cmpstr (rows->items[n - 1].key, ==, last_row);
      g_assert_true (g_str_has_prefix (rows->items[1].value, "1.0 1.1 1.2 "));
      rows = qr_node_get_child (disp, "distances");
      g_assert_cmpuint (rows->n_items, ==, (guint) n);
      rows = qr_node_get_child (disp, "offsets");
      g_assert_cmpuint (rows->n_items, ==, (guint) n);
      rows = qr_node_get_child (disp, "offset_normals");
      g_assert_cmpuint (rows->n_items, ==, (guint) n);
      rows = qr_node_get_child (disp, "alphas");
      g_assert_cmpuint (rows->n_items, ==, (guint) n);
      rows = qr_node_get_child (disp, "triangle_tags");
      g_assert_cmpuint (rows->n_items, ==, (guint) n - 1);
      rows = qr_node_get_child (disp, "allowed_verts");
      g_assert_cmpstr (qr_node_get (rows, "10"), ==, "-1 -1 -1 -1 -1 -1 -1 -1 -1 -1");

      /* Side extras keep their order around the dispinfo block. */
      g_assert_cmpuint (f->extra->vmf->n_items, ==, 3);
      g_assert_cmpstr (f->extra->vmf->items[0].key, ==, "lightmapscale");
      g_assert_cmpstr (f->extra->vmf->items[1].key, ==, "dispinfo");
      g_assert_cmpstr (f->extra->vmf->items[2].key, ==, "smoothing_groups");

      qr_test_assert_writes_as (map, QR_SAVE_VMF, text);
      assert_round_trip (map);
    }

  /* The optional row blocks may be left out. */
  {
    static const char *const optional[] = { "offsets", "offset_normals", "alphas", "triangle_tags" };

    for (guint i = 0; i < G_N_ELEMENTS (optional); i++)
      {
        DispSpec d = { .power = 3, .omit = optional[i] };
        g_autofree char *text = disp_vmf (&d);
        g_autoptr (QrMap) map = parse_ok (text);

        g_assert_null (qr_node_get_child (qr_test_get_face (map, 0, 0, 0)->extra->vmf->items[1].child, optional[i]));
        assert_round_trip (map);
      }
  }
}

static void
test_dispinfo_refused (void)
{
  static const struct
  {
    DispSpec spec;
    const char *what;
  } cases[] = {
    { { .power = 5 }, "power 5" },
    { { .power = 1 }, "power 1" },
    { { .power = 3, .power_text = "three" }, "power" },
    { { .power = 2, .omit = "normals" }, "normals" },
    { { .power = 3, .omit = "distances" }, "distances" },
    { { .power = 2, .bad_block = "normals", .bad_row = 2, .bad_delta = -1 }, "normals" },
    { { .power = 3, .bad_block = "normals", .bad_row = 0, .bad_delta = 3 }, "normals" },
    { { .power = 4, .bad_block = "distances", .bad_row = 16, .bad_delta = 1 }, "distances" },
    { { .power = 3, .bad_block = "offsets", .bad_row = 4, .bad_delta = -3 }, "offsets" },
    { { .power = 2, .bad_block = "offset_normals", .bad_row = 1, .bad_delta = 1 }, "offset_normals" },
    { { .power = 4, .bad_block = "alphas", .bad_row = 0, .bad_delta = -1 }, "alphas" },
    { { .power = 2, .bad_block = "triangle_tags", .bad_row = 3, .bad_delta = 2 }, "triangle_tags" },
    { { .power = 3, .bad_block = "triangle_tags", .bad_row = 0, .bad_delta = -2 }, "triangle_tags" },
    { { .power = 2, .bad_block = "normals", .drop_rows = 1 }, "row4" },
    { { .power = 3, .bad_block = "alphas", .drop_rows = 2 }, "row7" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = disp_vmf (&cases[i].spec);

      g_test_message ("case %u", i);
      assert_parse_error (text, strlen (text), 17, 4, cases[i].what);
    }
}

/* A row holding something other than numbers says so, not a count of -1. */
static void
test_dispinfo_junk_row (void)
{
  DispSpec d = { .power = 2, .bad_block = "distances", .bad_row = 1, .bad_text = " x" };
  g_autofree char *text = disp_vmf (&d);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = parse_vmf_len (text, strlen (text), &error);

  g_assert_null (map);
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "test.vmf:17:4: "));
  g_assert_nonnull (strstr (error->message, "distances"));
  if (strstr (error->message, "-1 values") != NULL)
    g_error ("message counts a junk row as -1 values: %s", error->message);
}

/* Not in the writer's layout: ids after other keys, keys after blocks,
 * rotation first, no rotation, spaces instead of TABs, CRLF. */
static void
test_round_trip_loose (void)
{
  static const char text[] =
    "versioninfo {\r\n \"editorversion\" \"400\" }\r\n"
    "world\r\n{\r\n"
    "  \"classname\" \"worldspawn\"\r\n"
    "  \"id\" \"1\"\r\n"
    "  solid\r\n  {\r\n"
    "    side\r\n    {\r\n"
    "      \"rotation\" \"15\"\r\n"
    "      \"plane\" \"(-64 64 64) (64 64 64) (64 -64 64)\"\r\n"
    "      \"id\" \"5\"\r\n"
    "      \"material\" \"BRICK/BRICKWALL001\"\r\n"
    "      \"smoothing_groups\" \"0\"\r\n"
    "      \"vaxis\" \"[0 -0.965926 -0.258819 8] 0.25\"\r\n"
    "      \"uaxis\" \"[0.9659258262890683 0 0.2588190451025208 -4] 0.25\"\r\n"
    "      \"lightmapscale\" \"32\"\r\n"
    "    }\r\n"
    "    side\r\n    {\r\n"
    "      \"id\" \"6\"\r\n"
    "      \"plane\" \"(1e+003 -0 0.1) (0.30000000000000004 64 -64) (64 64 -64)\"\r\n"
    "      \"material\" \"A\"\r\n"
    "      \"uaxis\" \"[1 0 0 0] 0.25\"\r\n"
    "      \"vaxis\" \"[0 -1 0 0] 0.25\"\r\n"
    "      \"smoothing_groups\" \"1\"\r\n"
    "    }\r\n"
    "    \"id\" \"3\"\r\n"
    "    editor { \"color\" \"1 2 3\" }\r\n"
    "  }\r\n"
    "  \"skyname\" \"sky\"\r\n"
    "}\r\n"
    "entity\r\n{\r\n"
    "  connections\r\n  {\r\n    \"OnStartTouch\" \"a,b,,0,-1\"\r\n  }\r\n"
    "  \"classname\" \"trigger_once\"\r\n"
    "  \"id\" \"9\"\r\n"
    "}\r\n";
  g_autoptr (QrMap) map = parse_ok (text);
  const QrEntity *world = qr_map_get_entity (map, 0);
  const QrFace *f = qr_test_get_face (map, 0, 0, 0);
  const QrFace *g = qr_test_get_face (map, 0, 0, 1);

  g_assert_cmpuint (world->id, ==, 1);
  g_assert_cmpuint (world->keys->len, ==, 2);
  g_assert_cmpstr (g_array_index (world->keys, QrKeyValue, 1).key, ==, "skyname");
  g_assert_cmpuint (qr_entity_get_brush (world, 0)->id, ==, 3);
  g_assert_cmpuint (f->id, ==, 5);
  qr_test_assert_same (f->tex.rotation, 15);
  qr_test_assert_vec3_same (f->tex.u_axis, 0.9659258262890683, 0, 0.2588190451025208);
  qr_test_assert_vec3_same (f->tex.v_axis, 0, -0.965926, -0.258819);
  qr_test_assert_same (f->tex.shift[0], -4);
  qr_test_assert_same (f->tex.shift[1], 8);
  g_assert_cmpstr (qr_node_get (f->extra->vmf, "lightmapscale"), ==, "32");
  qr_test_assert_vec3_same (g->points[0], 1000, -0.0, 0.1);
  qr_test_assert_vec3_same (g->points[1], 0.30000000000000004, 64, -64);
  qr_test_assert_same (g->tex.rotation, 0);
  g_assert_cmpuint (qr_map_get_entity (map, 1)->id, ==, 9);
  g_assert_cmpuint (qr_map_get_entity (map, 1)->keys->len, ==, 1);
  g_assert_cmpuint (qr_map_get_entity (map, 1)->kept->len, ==, 1);
  assert_round_trip (map);
}

/* A side with nothing beyond the interpreted keys (other tools write
 * such files) reads back the same: no defaults appear in its extras. */
static void
test_round_trip_bare_side (void)
{
  static const char text[] =
    "world\n{\n\t\"id\" \"1\"\n\t\"classname\" \"worldspawn\"\n"
    "\tsolid\n\t{\n\t\t\"id\" \"2\"\n"
    "\t\tside\n\t\t{\n\t\t\t\"id\" \"3\"\n"
    "\t\t\t\"plane\" \"(-64 64 64) (64 64 64) (64 -64 64)\"\n"
    "\t\t\t\"material\" \"A\"\n"
    "\t\t\t\"uaxis\" \"[1 0 0 0] 0.25\"\n"
    "\t\t\t\"vaxis\" \"[0 -1 0 0] 0.25\"\n"
    "\t\t\t\"rotation\" \"0\"\n"
    "\t\t}\n\t}\n}\n";
  g_autoptr (QrMap) map = parse_ok (text);
  const QrFace *f = qr_test_get_face (map, 0, 0, 0);

  g_assert_true (f->extra == NULL || f->extra->vmf == NULL);
  assert_round_trip (map);
}

/* ---- MAP ⇄ VMF ------------------------------------------------------------ */

#define P_WEST   "( -64 -64 -16 ) ( -64 -63 -16 ) ( -64 -64 -15 )"
#define P_SOUTH  "( -64 -64 -16 ) ( -64 -64 -15 ) ( -63 -64 -16 )"
#define P_BOTTOM "( -64 -64 -16 ) ( -63 -64 -16 ) ( -64 -63 -16 )"
#define P_TOP    "( 64 64 16 ) ( 64 65 16 ) ( 65 64 16 )"
#define P_NORTH  "( 64 64 16 ) ( 65 64 16 ) ( 64 64 17 )"
#define P_EAST   "( 64 64 16 ) ( 64 64 17 ) ( 64 65 16 )"

static const char valve_map[] =
  "// Game: Half-Life\n"
  "// Format: Valve\n"
  "{\n"
  "\"classname\" \"worldspawn\"\n"
  "\"mapversion\" \"220\"\n"
  "\"wad\" \"halflife.wad\"\n"
  "{\n"
  P_WEST " wall [ 0 1 0 16.5 ] [ 0 0 -1 -8 ] 0 0.25 0.25\n"
  P_SOUTH " wall [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  P_BOTTOM " floor [ 0.7071067811865476 0.7071067811865476 0 3 ] [ 0.7071067811865476 -0.7071067811865476 0 -0.5 ] 45 1 2\n"
  P_TOP " {floor [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 -1 1\n"
  P_NORTH " wall [ 1 0 0 0.1 ] [ 0 0 -1 -0 ] 0 1 1\n"
  P_EAST " wall [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 0.3333333333333333 1\n"
  "}\n"
  "{\n"
  "( 0.1 0.2 0.3 ) ( 1e-005 -0 64.000001 ) ( 12345.678901234567 -7 0 ) wall [ 0.6 0.8 0 1 ] [ 0 0 -1 2 ] 0 1 1\n"
  P_TOP " wall [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  P_NORTH " wall [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  "}\n"
  "}\n"
  "{\n"
  "\"classname\" \"func_door\"\n"
  "\"targetname\" \"door\"\n"
  "{\n"
  P_WEST " door [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  P_SOUTH " door [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
  P_BOTTOM " door [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
  "}\n"
  "}\n"
  "{\n"
  "\"classname\" \"info_player_start\"\n"
  "\"origin\" \"0 0 24\"\n"
  "}\n";

/* Every face of a keeps its plane points, texture and Valve attributes in b. */
static void
assert_same_faces (const QrMap *a, const QrMap *b)
{
  g_assert_cmpuint (qr_map_entity_count (a), ==, qr_map_entity_count (b));
  for (guint e = 0; e < qr_map_entity_count (a); e++)
    {
      const QrEntity *ea = qr_map_get_entity (a, e), *eb = qr_map_get_entity (b, e);

      g_assert_cmpstr (qr_entity_get_classname (ea), ==, qr_entity_get_classname (eb));
      g_assert_cmpuint (qr_entity_brush_count (ea), ==, qr_entity_brush_count (eb));
      for (guint i = 0; i < qr_entity_brush_count (ea); i++)
        {
          const QrBrush *ba = qr_entity_get_brush (ea, i), *bb = qr_entity_get_brush (eb, i);

          g_assert_cmpint (ba->n_faces, ==, bb->n_faces);
          for (int k = 0; k < ba->n_faces; k++)
            {
              const QrFace *fa = &ba->faces[k], *fb = &bb->faces[k];

              for (int p = 0; p < 3; p++)
                qr_test_assert_vec3_same (fb->points[p], fa->points[p].x, fa->points[p].y, fa->points[p].z);
              g_assert_cmpstr (qr_map_texture_name (a, fa->texture), ==, qr_map_texture_name (b, fb->texture));
              g_assert_cmpint (fa->form, ==, QR_TEX_VALVE);
              g_assert_cmpint (fb->form, ==, QR_TEX_VALVE);
              qr_test_assert_vec3_same (fb->tex.u_axis, fa->tex.u_axis.x, fa->tex.u_axis.y, fa->tex.u_axis.z);
              qr_test_assert_vec3_same (fb->tex.v_axis, fa->tex.v_axis.x, fa->tex.v_axis.y, fa->tex.v_axis.z);
              qr_test_assert_same (fb->tex.shift[0], fa->tex.shift[0]);
              qr_test_assert_same (fb->tex.shift[1], fa->tex.shift[1]);
              qr_test_assert_same (fb->tex.scale[0], fa->tex.scale[0]);
              qr_test_assert_same (fb->tex.scale[1], fa->tex.scale[1]);
              qr_test_assert_same (fb->tex.rotation, fa->tex.rotation);
            }
        }
    }
}

static void
test_map_to_vmf (void)
{
  g_autoptr (QrMap) map = qr_test_parse_ok (valve_map, QR_FILE_MAP);
  g_autofree char *vmf = qr_test_write_ok (map, QR_SAVE_VMF);
  g_autoptr (QrMap) back = parse_ok (vmf);

  assert_same_faces (map, back);
  /* The world is the worldspawn; other entities follow; keys survive. */
  g_assert_true (g_str_has_prefix (vmf, "versioninfo\n{\n"));
  g_assert_nonnull (strstr (vmf, "\nworld\n{\n"));
  g_assert_cmpstr (qr_entity_get_key (qr_map_get_entity (back, 1), "targetname"), ==, "door");
  g_assert_cmpstr (qr_entity_get_key (qr_map_get_entity (back, 2), "origin"), ==, "0 0 24");
  g_assert_cmpstr (qr_entity_get_key (qr_map_get_entity (back, 0), "wad"), ==, "halflife.wad");
  /* Ids carry over, and Hammer's side defaults are filled in. */
  g_assert_cmpuint (qr_test_get_face (back, 0, 0, 3)->id, ==, qr_test_get_face (map, 0, 0, 3)->id);
  g_assert_cmpuint (qr_entity_get_brush (qr_map_get_entity (back, 1), 0)->id, ==,
                    qr_entity_get_brush (qr_map_get_entity (map, 1), 0)->id);
  g_assert_cmpstr (qr_node_get (qr_test_get_face (back, 0, 0, 0)->extra->vmf, "lightmapscale"), ==, "16");
  assert_round_trip (back);

  /* And back to a .map: the same faces again. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GString) text = qr_map_write_map (back, QR_SAVE_AS_READ, &error);
    g_autoptr (QrMap) again = NULL;

    g_assert_no_error (error);
    again = qr_test_parse_ok (text->str, QR_FILE_MAP);
    assert_same_faces (map, again);
    g_assert_cmpstr (qr_entity_get_key (qr_map_get_entity (again, 0), "mapversion"), ==, "220");
  }
}

static void
test_vmf_to_map (void)
{
  g_autofree char *text = canonical_vmf ();
  g_autoptr (QrMap) vmf = parse_ok (text);
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) out = qr_map_write (vmf, QR_SAVE_VALVE220, &error);
  g_autoptr (QrMap) map = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (out);
  map = qr_test_parse_ok (out->str, QR_FILE_MAP);
  assert_same_faces (vmf, map);
  /* VMF-only blocks (group, connections, editor) have no .map form: they
   * must not turn into brush-like "{ name }" blocks. */
  g_assert_null (strstr (out->str, "connections"));
  g_assert_null (strstr (out->str, "group"));
  g_assert_null (strstr (out->str, "editor"));
  for (guint i = 0; i < qr_map_entity_count (map); i++)
    g_assert_cmpuint (qr_map_get_entity (map, i)->kept->len, ==, 0);
  g_assert_cmpint (qr_map_detect_dialect (map), ==, QR_DIALECT_VALVE220);
  /* One marker; the world's other keys stay. */
  g_assert_cmpstr (qr_entity_get_key (qr_map_get_entity (map, 0), "mapversion"), ==, "220");
  g_assert_cmpstr (qr_entity_get_key (qr_map_get_entity (map, 0), "skyname"), ==, "sky_day01_01");
}

/* A standard-form .map saved as VMF: axes become explicit, texels stay. */
static void
test_standard_map_to_vmf (void)
{
  static const char text[] =
    "{\n"
    "\"classname\" \"worldspawn\"\n"
    "{\n"
    P_WEST " base 16 -8 30 0.5 2\n"
    P_SOUTH " base 0 0 0 1 1\n"
    P_BOTTOM " base 0 0 90 1 -1\n"
    P_TOP " base 0 0 0 1 1\n"
    "}\n"
    "}\n";
  g_autoptr (QrMap) map = qr_test_parse_ok (text, QR_FILE_MAP);
  g_autofree char *vmf = qr_test_write_ok (map, QR_SAVE_VMF);
  g_autoptr (QrMap) back = parse_ok (vmf);

  g_assert_nonnull (strstr (vmf, "\"uaxis\" \"[1 0 0 0] 1\"\n"));
  for (int i = 0; i < 4; i++)
    {
      const QrFace *a = qr_test_get_face (map, 0, 0, i), *b = qr_test_get_face (back, 0, 0, i);
      QrPlane plane;
      QrUV ta[3], tb[3];

      g_assert_cmpint (b->form, ==, QR_TEX_VALVE);
      g_assert_true (qr_face_plane (a, &plane));
      qr_texproj_texels (a->form, &a->tex, plane.normal, a->points, 3, ta);
      qr_texproj_texels (b->form, &b->tex, plane.normal, b->points, 3, tb);
      for (int k = 0; k < 3; k++)
        {
          g_assert_true (qr_vec3_identical (a->points[k], b->points[k]));
          g_assert_cmpfloat_with_epsilon (ta[k].u, tb[k].u, 1e-6);
          g_assert_cmpfloat_with_epsilon (ta[k].v, tb[k].v, 1e-6);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/vmf/kept-blocks", test_kept_blocks);
  g_test_add_func ("/io/vmf/kept-anchors", test_kept_anchors);
  g_test_add_func ("/io/vmf/solids-and-sides", test_solids_and_sides);
  g_test_add_func ("/io/vmf/names-any-case", test_names_any_case);
  g_test_add_func ("/io/vmf/ids/preserved", test_ids);
  g_test_add_func ("/io/vmf/ids/missing", test_ids_missing);
  g_test_add_func ("/io/vmf/hidden", test_hidden);
  g_test_add_func ("/io/vmf/connections", test_connections);
  g_test_add_func ("/io/vmf/escaped-quotes", test_escaped_quotes);
  g_test_add_func ("/io/vmf/editor-and-group", test_editor_and_group);
  g_test_add_func ("/io/vmf/dispinfo/powers", test_dispinfo_powers);
  g_test_add_func ("/io/vmf/dispinfo/refused", test_dispinfo_refused);
  g_test_add_func ("/io/vmf/dispinfo/junk-row", test_dispinfo_junk_row);
  g_test_add_func ("/io/vmf/round-trip/loose-layout", test_round_trip_loose);
  g_test_add_func ("/io/vmf/round-trip/side-without-extras", test_round_trip_bare_side);
  g_test_add_func ("/io/vmf/convert/map-to-vmf", test_map_to_vmf);
  g_test_add_func ("/io/vmf/convert/vmf-to-map", test_vmf_to_map);
  g_test_add_func ("/io/vmf/convert/standard-map-to-vmf", test_standard_map_to_vmf);

  return g_test_run ();
}
