/* The Valve FGD parser: inline text (/entdef/fgd/inline/…), and the
 * corpus's FGD files and TrenchBroom's @include fixtures (/entdef/fgd/corpus/…). */
#include "qr-entdef-io.h"
#include "qr-test-corpus.h"
#include "qr-test-files.h"

#include <glib/gstdio.h>
#include <string.h>

static QrEntDefs *
parse_inline (const char *text)
{
  QrEntDefs *defs = qr_entdefs_new ();
  qr_fgd_parse (defs, text, strlen (text), "inline.fgd");
  qr_entdefs_finish (defs);
  return defs;
}

static void
log_errors (const QrEntDefs *defs)
{
  for (guint i = 0; i < qr_entdefs_error_count (defs); i++)
    g_test_message ("%s", qr_entdefs_error (defs, i));
}

static const QrEntClass *
lookup (const QrEntDefs *defs, const char *name)
{
  const QrEntClass *cls = qr_entdefs_lookup (defs, name);
  if (cls == NULL)
    g_error ("class %s not loaded", name);
  return cls;
}

static const QrPropDef *
find_prop (const QrEntClass *cls, const char *key)
{
  const QrPropDef *prop = qr_entclass_find_prop (cls, key);
  if (prop == NULL)
    g_error ("class %s has no key %s", cls->name, key);
  return prop;
}

static const QrPropChoice *
choice (const QrPropDef *prop, guint i)
{
  g_assert_nonnull (prop->choices);
  g_assert_cmpuint (i, <, prop->choices->len);
  return &g_array_index (prop->choices, QrPropChoice, i);
}

static void
assert_bounds (QrBounds b, double x0, double y0, double z0, double x1, double y1, double z1)
{
  g_assert_cmpfloat (b.min.x, ==, x0);
  g_assert_cmpfloat (b.min.y, ==, y0);
  g_assert_cmpfloat (b.min.z, ==, z0);
  g_assert_cmpfloat (b.max.x, ==, x1);
  g_assert_cmpfloat (b.max.y, ==, y1);
  g_assert_cmpfloat (b.max.z, ==, z1);
}

/* The one error there is: exactly `expected`. */
static void
assert_only_error (const QrEntDefs *defs, const char *expected)
{
  log_errors (defs);
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 1);
  g_assert_cmpstr (qr_entdefs_error (defs, 0), ==, expected);
}

/* Inline text ----------------------------------------------------------- */

static void
test_class_header (void)
{
  g_autoptr (QrEntDefs) defs = parse_inline (
      "// a comment @PointClass = not_a_class []\n"
      "@BaseClass = A [ a(string) ]\n"
      "@BaseClass = B [ b(string) ]\n"
      "@PointClass base(A, B) size(-16 -16 -24, 16 16 32) color(255 128 0)\n"
      "  studio(\"models/thing.mdl\") = thing : \"A thing \"\n"
      "  + \"in two parts\" [ c(string) ]\n"
      "@SolidClass base() = brushy [] // trailing\n"
      "@PointClass size(32 48 64) iconsprite(\"sprites/icon.spr\") = sized [ ]\n");

  log_errors (defs);
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 0);
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 5);

  const QrEntClass *thing = lookup (defs, "thing");
  g_assert_cmpint (thing->kind, ==, QR_ENTCLASS_POINT);
  g_assert_cmpint (thing->line, ==, 4);
  g_assert_cmpstr (thing->file, ==, "inline.fgd");
  g_assert_cmpuint (thing->bases->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (thing->bases, 0), ==, "A");
  g_assert_cmpstr (g_ptr_array_index (thing->bases, 1), ==, "B");
  g_assert_true (thing->has_size);
  assert_bounds (thing->size, -16, -16, -24, 16, 16, 32);
  g_assert_true (thing->has_color);
  g_assert_cmpfloat (thing->color[0], ==, 1.0);
  g_assert_cmpfloat_with_epsilon (thing->color[1], 128.0 / 255.0, 1e-12);
  g_assert_cmpfloat (thing->color[2], ==, 0.0);
  g_assert_cmpstr (thing->model, ==, "models/thing.mdl");
  g_assert_cmpstr (thing->description, ==, "A thing in two parts");
  /* The bases' keys first, in base order, then its own. */
  g_assert_cmpuint (thing->props->len, ==, 3);
  g_assert_cmpstr (((QrPropDef *) g_ptr_array_index (thing->props, 0))->name, ==, "a");
  g_assert_cmpstr (((QrPropDef *) g_ptr_array_index (thing->props, 1))->name, ==, "b");
  g_assert_cmpstr (((QrPropDef *) g_ptr_array_index (thing->props, 2))->name, ==, "c");

  const QrEntClass *brushy = lookup (defs, "brushy");
  g_assert_cmpint (brushy->kind, ==, QR_ENTCLASS_SOLID);
  g_assert_cmpuint (brushy->bases->len, ==, 0);
  g_assert_false (brushy->has_size);
  g_assert_null (brushy->description);

  /* One corner: a box of that size about the origin. */
  const QrEntClass *sized = lookup (defs, "sized");
  assert_bounds (sized->size, -16, -24, -32, 16, 24, 32);
  g_assert_cmpstr (sized->model, ==, "sprites/icon.spr");
  g_assert_cmpint (lookup (defs, "A")->kind, ==, QR_ENTCLASS_BASE);
  g_assert_null (qr_entdefs_lookup (defs, "not_a_class"));
}

static void
test_keys (void)
{
  g_autoptr (QrEntDefs) defs = parse_inline (
      "@PointClass = keys : \"Keys\"\n"
      "[\n"
      "  bare(string)\n"
      "  labelled(integer) : \"Labelled\"\n"
      "  numbered(integer) : \"Numbered\" : -5\n"
      "  nolabel(string) : : \"dflt\" : \"Help\"\n"
      "  joined(float) : \"Joined\" : \"0.5\" : \"Help \" + \"more\"\n"
      "  empties(string) : \"\" : \"\" : \"\"\n"
      "  fixed(target_destination) readonly : \"Fixed\"\n"
      "  Brightness(color255) : \"Colour\" : \"255 255 128 200\"\n"
      "  odd(npcclass) : \"Odd\"\n"
      "  mode(Choices) : \"Mode\" : 2 =\n"
      "  [\n"
      "    0 : \"Zero\"\n"
      "    10: \"Ten\"\n"
      "    -1 : \"Minus one\"\n"
      "    \"models/a.mdl\" : \"A\"\n"
      "  ]\n"
      "  spawnflags(Flags) = [ 1 : \"One\" : 1  2 : \"Two\" : 0 : \"About two\"  4 : \"Four\"  8 : \"Eight\" : 1 ]\n"
      "  input Kill(void) : \"Removes it\"\n"
      "  output OnTrigger(void) : \"Fires\"\n"
      "  input SetValue(float)\n"
      "  input(string) : \"A key named input\"\n"
      "]\n");

  log_errors (defs);
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 0);
  const QrEntClass *cls = lookup (defs, "keys");
  g_assert_cmpuint (cls->own_props->len, ==, 12);

  const QrPropDef *bare = find_prop (cls, "bare");
  g_assert_cmpint (bare->type, ==, QR_PROP_STRING);
  g_assert_null (bare->label);
  g_assert_null (bare->default_value);
  g_assert_null (bare->description);
  g_assert_null (bare->choices);

  const QrPropDef *labelled = find_prop (cls, "labelled");
  g_assert_cmpint (labelled->type, ==, QR_PROP_INTEGER);
  g_assert_cmpstr (labelled->label, ==, "Labelled");
  g_assert_null (labelled->default_value);

  g_assert_cmpstr (find_prop (cls, "numbered")->default_value, ==, "-5");

  const QrPropDef *nolabel = find_prop (cls, "nolabel");
  g_assert_null (nolabel->label);
  g_assert_cmpstr (nolabel->default_value, ==, "dflt");
  g_assert_cmpstr (nolabel->description, ==, "Help");

  const QrPropDef *joined = find_prop (cls, "joined");
  g_assert_cmpint (joined->type, ==, QR_PROP_FLOAT);
  g_assert_cmpstr (joined->default_value, ==, "0.5");
  g_assert_cmpstr (joined->description, ==, "Help more");

  const QrPropDef *empties = find_prop (cls, "empties");
  g_assert_null (empties->label);
  g_assert_null (empties->default_value);
  g_assert_null (empties->description);

  const QrPropDef *fixed = find_prop (cls, "fixed");
  g_assert_true (fixed->read_only);
  g_assert_false (labelled->read_only);
  g_assert_cmpint (fixed->type, ==, QR_PROP_TARGET_DESTINATION);
  g_assert_cmpstr (fixed->label, ==, "Fixed");

  const QrPropDef *colour = find_prop (cls, "brightness");
  g_assert_cmpstr (colour->name, ==, "Brightness");
  g_assert_cmpint (colour->type, ==, QR_PROP_COLOR255);
  g_assert_cmpstr (colour->default_value, ==, "255 255 128 200");

  const QrPropDef *odd = find_prop (cls, "odd");
  g_assert_cmpint (odd->type, ==, QR_PROP_OTHER);
  g_assert_cmpstr (odd->type_name, ==, "npcclass");

  const QrPropDef *mode = find_prop (cls, "mode");
  g_assert_cmpint (mode->type, ==, QR_PROP_CHOICES);
  g_assert_cmpstr (mode->type_name, ==, "Choices");
  g_assert_cmpstr (mode->default_value, ==, "2");
  g_assert_cmpuint (mode->choices->len, ==, 4);
  g_assert_cmpstr (choice (mode, 0)->value, ==, "0");
  g_assert_cmpstr (choice (mode, 0)->label, ==, "Zero");
  g_assert_cmpstr (choice (mode, 1)->value, ==, "10");
  g_assert_cmpstr (choice (mode, 1)->label, ==, "Ten");
  g_assert_cmpstr (choice (mode, 2)->value, ==, "-1");
  g_assert_cmpstr (choice (mode, 3)->value, ==, "models/a.mdl");
  g_assert_cmpstr (choice (mode, 3)->label, ==, "A");

  const QrPropDef *flags = find_prop (cls, "spawnflags");
  g_assert_cmpint (flags->type, ==, QR_PROP_FLAGS);
  g_assert_cmpuint (flags->choices->len, ==, 4);
  g_assert_cmpstr (choice (flags, 0)->value, ==, "1");
  g_assert_cmpstr (choice (flags, 0)->label, ==, "One");
  g_assert_true (choice (flags, 0)->default_on);
  g_assert_cmpstr (choice (flags, 1)->label, ==, "Two");
  g_assert_false (choice (flags, 1)->default_on);
  g_assert_false (choice (flags, 2)->default_on);
  g_assert_cmpstr (choice (flags, 3)->value, ==, "8");
  g_assert_true (choice (flags, 3)->default_on);
  /* The bits on by default make the key's default. */
  g_assert_cmpstr (flags->default_value, ==, "9");

  const QrPropDef *input_key = find_prop (cls, "input");
  g_assert_cmpstr (input_key->label, ==, "A key named input");

  g_assert_cmpuint (cls->inputs->len, ==, 2);
  const QrIoDef *kill = g_ptr_array_index (cls->inputs, 0);
  g_assert_cmpstr (kill->name, ==, "Kill");
  g_assert_cmpstr (kill->type, ==, "void");
  g_assert_cmpstr (kill->description, ==, "Removes it");
  const QrIoDef *set = g_ptr_array_index (cls->inputs, 1);
  g_assert_cmpstr (set->name, ==, "SetValue");
  g_assert_cmpstr (set->type, ==, "float");
  g_assert_null (set->description);
  g_assert_cmpuint (cls->outputs->len, ==, 1);
  g_assert_cmpstr (((QrIoDef *) g_ptr_array_index (cls->outputs, 0))->name, ==, "OnTrigger");
}

/* Source's directives and helpers, TrenchBroom's model expressions. */
static void
test_skipped (void)
{
  g_autoptr (QrEntDefs) defs = parse_inline (
      "@mapsize(-16384, 16384)\n"
      "@MaterialExclusion\n[\n  \"tools\"\n  \"debug\"\n]\n"
      "@AutoVisGroup = \"Brushes\"\n[\n  \"Triggers\"\n  [\n    \"trigger_once\"\n  ]\n]\n"
      "@NPCClass halfgridsnap sphere(radius) line(255 255 255, targetname, target) = npc_x []\n"
      "@KeyFrameClass keyframe() = keyframe_x []\n"
      "@MoveClass animator() = move_x []\n"
      "@FilterClass = filter_x []\n"
      "@PointClass model({{ spawnflags & 1 -> \":maps/b_batt1.bsp\", \":maps/b_batt0.bsp\" }}) = switch_x []\n"
      "@PointClass model({ \"path\": \":progs/armor.mdl\", \"skin\": 2 }) = map_x []\n"
      "@PointClass model({\"skin\": 1, \"path\": \"progs/end4.mdl\"}) studio(\"second.mdl\") = later_path []\n"
      "@PointClass sprite() decal() studio() = empty_x []\n");

  log_errors (defs);
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 0);
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 8);
  const char *points[] = { "npc_x", "keyframe_x", "move_x", "filter_x" };
  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    g_assert_cmpint (lookup (defs, points[i])->kind, ==, QR_ENTCLASS_POINT);
  g_assert_cmpstr (lookup (defs, "switch_x")->model, ==, ":maps/b_batt1.bsp");
  g_assert_cmpstr (lookup (defs, "map_x")->model, ==, ":progs/armor.mdl");
  g_assert_cmpstr (lookup (defs, "later_path")->model, ==, "progs/end4.mdl");
  g_assert_null (lookup (defs, "empty_x")->model);
}

static void
test_missing_bracket (void)
{
  g_autoptr (QrEntDefs) defs = parse_inline (
      "@PointClass = first : \"First\"\n"
      "[\n"
      "\ta(string) : \"A\"\n"
      "@PointClass = second : \"Second\" [ b(integer) ]\n");

  assert_only_error (defs, "inline.fgd:4:1: expected “]” to close the “[” at 2:1, found “@PointClass”");
  /* What was read before the error stays. */
  g_assert_nonnull (qr_entclass_find_prop (lookup (defs, "first"), "a"));
  g_assert_nonnull (qr_entclass_find_prop (lookup (defs, "second"), "b"));
}

static void
test_unterminated_string (void)
{
  g_autoptr (QrEntDefs) defs = parse_inline (
      "@PointClass = first : \"First\n"
      "[\n"
      "]\n"
      "   @PointClass = second : \"Second\" [ b(integer) ]\n"
      "@PointClass = third : \"Third\" []\n");

  assert_only_error (defs, "inline.fgd:1:23: unterminated string (still open at the “@” on line 4)");
  g_assert_nonnull (qr_entclass_find_prop (lookup (defs, "second"), "b"));
  lookup (defs, "third");

  g_autoptr (QrEntDefs) at_end = parse_inline ("@PointClass = first []\n@PointClass = second : \"Sec\nond []\n");
  assert_only_error (at_end, "inline.fgd:2:24: unterminated string (still open at the end of the file)");
  lookup (at_end, "first");
}

static void
test_bad_numbers (void)
{
  g_autoptr (QrEntDefs) size = parse_inline (
      "@PointClass size(-16 -16 x24, 16 16 32) = first []\n"
      "@PointClass = second []\n");
  assert_only_error (size, "inline.fgd:1:26: expected a number, found “x24”");
  g_assert_null (qr_entdefs_lookup (size, "first"));
  lookup (size, "second");

  g_autoptr (QrEntDefs) colour = parse_inline ("@PointClass color(255 2a5 0) = first []\n@PointClass = second []\n");
  assert_only_error (colour, "inline.fgd:1:23: expected a number, found “2a5”");
  lookup (colour, "second");

  g_autoptr (QrEntDefs) def = parse_inline (
      "@PointClass = first\n"
      "[\n"
      "  light(integer) : \"Brightness\" : 3OO\n"
      "  other(string)\n"
      "]\n"
      "@PointClass = second []\n");
  assert_only_error (def, "inline.fgd:3:35: expected a number, found “3OO”");
  lookup (def, "second");

  g_autoptr (QrEntDefs) bit = parse_inline (
      "@PointClass = first [ spawnflags(flags) = [ 1 : \"a\" 2.5 : \"b\" ] ]\n"
      "@PointClass = second []\n");
  assert_only_error (bit, "inline.fgd:1:53: expected a flag's bit (a whole number) or “]”, found “2.5”");
  lookup (bit, "second");
}

static void
test_other_errors (void)
{
  g_autoptr (QrEntDefs) defs = parse_inline (
      "junk here\n"
      "@WeirdClass = weird []\n"
      "@PointClass = one [ key string ]\n"
      "@PointClass base(Missing) = two [ k(string) : \"K\" ]\n"
      "@PointClass = three : \"Three\" [ ]\n");

  log_errors (defs);
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 4);
  g_assert_cmpstr (qr_entdefs_error (defs, 0), ==,
                   "inline.fgd:1:1: expected a declaration such as @PointClass, found “junk”");
  g_assert_cmpstr (qr_entdefs_error (defs, 1), ==, "inline.fgd:2:1: unknown kind of class “@WeirdClass”; skipped");
  g_assert_cmpstr (qr_entdefs_error (defs, 2), ==,
                   "inline.fgd:3:25: expected “(” and the key's type, found “string”");
  /* Inheritance (qr_entdefs_finish) names the class's line. */
  g_assert_cmpstr (qr_entdefs_error (defs, 3), ==, "inline.fgd:4:1: class two: unknown base class Missing");
  g_assert_null (qr_entdefs_lookup (defs, "weird"));
  lookup (defs, "two");
  lookup (defs, "three");
}

/* Found by fuzz-fgd: a problem quoting bytes that are not UTF-8 (here a
 * base class name) reads as valid UTF-8, the bad byte as U+FFFD, since the
 * Problems panel and GTK labels refuse anything else. */
static void
test_error_not_utf8 (void)
{
  g_autoptr (QrEntDefs) defs = parse_inline ("@PointClass base(T\xd1rg) = two []\n");

  assert_only_error (defs, "inline.fgd:1:1: class two: unknown base class T\xef\xbf\xbdrg");
}

/* A folder with `files` (name, text, name, text…, NULL) in it. */
static char *
make_folder (const char *first, ...)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("quarry-fgd-XXXXXX", &error);
  g_assert_no_error (error);
  va_list args;
  va_start (args, first);
  for (const char *name = first; name != NULL; name = va_arg (args, const char *))
    {
      const char *text = va_arg (args, const char *);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *parent = g_path_get_dirname (path);
      g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
      g_file_set_contents (path, text, -1, &error);
      g_assert_no_error (error);
    }
  va_end (args);
  return dir;
}

static void
test_include_paths (void)
{
  g_autofree char *outside = make_folder ("outside.fgd", "@PointClass = outside []\n", NULL);
  g_autofree char *outside_file = g_build_filename (outside, "outside.fgd", NULL);
  g_autofree char *host_text = g_strdup_printf (
      "@include \"sub\\inner.fgd\"\n"
      "  @include \"%s\"\n"
      "@include \"missing.fgd\"\n"
      "@include \"sub/../sub/./inner.fgd\"\n"
      "@PointClass = last []\n",
      outside_file);
  g_autofree char *dir = make_folder ("host.fgd", host_text, "sub/inner.fgd", "@PointClass = inner []\n", NULL);
  g_autofree char *host = g_build_filename (dir, "host.fgd", NULL);

  g_autoptr (GError) error = NULL;
  g_autoptr (QrEntDefs) defs = qr_entdefs_load (host, &error);
  g_assert_no_error (error);
  log_errors (defs);
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 2);
  g_autofree char *escape = g_strdup_printf ("%s:2:3: @include “%s” leaves the folder of host.fgd; skipped", host,
                                             outside_file);
  g_assert_cmpstr (qr_entdefs_error (defs, 0), ==, escape);
  g_autofree char *missing = g_strdup_printf ("%s:3:1: @include “missing.fgd”: ", host);
  g_assert_true (g_str_has_prefix (qr_entdefs_error (defs, 1), missing));
  g_assert_null (qr_entdefs_lookup (defs, "outside"));
  g_autofree char *inner_file = g_build_filename (dir, "sub", "inner.fgd", NULL);
  g_assert_cmpstr (lookup (defs, "inner")->file, ==, inner_file);
  lookup (defs, "last");
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 2);

  qr_test_remove_tree (dir);
  qr_test_remove_tree (outside);
}

/* The corpus ------------------------------------------------------------ */

/* Class declarations counted as text, not by the parser: lines whose first
 * word is `@…Class` (every declaration in the corpus begins a line). */
static guint
count_declarations (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;
  for (char **line = lines; *line != NULL; line++)
    {
      const char *p = *line;
      while (*p == ' ' || *p == '\t')
        p++;
      if (*p != '@')
        continue;
      gsize len = strcspn (p, " \t\r(=[");
      if (len >= 6 && g_ascii_strncasecmp (p + len - 5, "class", 5) == 0)
        n++;
    }
  return n;
}

static void
collect_fgds (const char *dir, GPtrArray *out)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return;
  for (const char *name = g_dir_read_name (d); name != NULL; name = g_dir_read_name (d))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *lower = g_ascii_strdown (name, -1);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_fgds (path, out);
      else if (g_str_has_suffix (lower, ".fgd"))
        g_ptr_array_add (out, g_steal_pointer (&path));
    }
}

static void
test_corpus_games (void)
{
  g_autofree char *games = qr_test_corpus_file ("trenchbroom/games");
  if (games == NULL)
    return;
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  collect_fgds (games, files);
  g_assert_cmpuint (files->len, >=, 3);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      g_file_get_contents (path, &text, NULL, &error);
      g_assert_no_error (error);
      g_autoptr (QrEntDefs) defs = qr_entdefs_load (path, &error);
      g_assert_no_error (error);
      log_errors (defs);
      g_test_message ("%s: %u classes", path, qr_entdefs_count (defs));
      g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 0);
      g_assert_cmpuint (qr_entdefs_count (defs), ==, count_declarations (text));
    }
}

static QrEntDefs *
load_corpus (const char *relative)
{
  g_autofree char *path = qr_test_corpus_file (relative);
  if (path == NULL)
    return NULL;
  g_autoptr (GError) error = NULL;
  QrEntDefs *defs = qr_entdefs_load (path, &error);
  g_assert_no_error (error);
  log_errors (defs);
  return defs;
}

static void
test_corpus_quake (void)
{
  g_autoptr (QrEntDefs) defs = load_corpus ("trenchbroom/games/Quake/Quake.fgd");
  if (defs == NULL)
    return;
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 0);
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 111);

  /* light: its own size, the colour of base Light (255 255 40), Light's `light` key. */
  const QrEntClass *light = lookup (defs, "light");
  g_assert_cmpint (light->kind, ==, QR_ENTCLASS_POINT);
  g_assert_cmpstr (light->description, ==, "Invisible light source");
  assert_bounds (light->size, -8, -8, -8, 8, 8, 8);
  g_assert_true (light->has_color);
  g_assert_cmpfloat (light->color[0], ==, 1.0);
  g_assert_cmpfloat (light->color[1], ==, 1.0);
  g_assert_cmpfloat_with_epsilon (light->color[2], 40.0 / 255.0, 1e-12);
  const QrPropDef *brightness = find_prop (light, "light");
  g_assert_cmpint (brightness->type, ==, QR_PROP_INTEGER);
  g_assert_cmpstr (brightness->label, ==, "Brightness");
  g_assert_cmpstr (brightness->default_value, ==, "300");
  /* Light's keys, then Target's and Targetname's, then its own spawnflags. */
  g_assert_cmpstr (((QrPropDef *) g_ptr_array_index (light->props, 0))->name, ==, "light");
  g_assert_cmpstr (((QrPropDef *) g_ptr_array_index (light->props, light->props->len - 1))->name, ==, "spawnflags");

  const QrPropDef *spawnflags = find_prop (light, "spawnflags");
  g_assert_cmpint (spawnflags->type, ==, QR_PROP_FLAGS);
  g_assert_cmpuint (spawnflags->choices->len, ==, 1);
  g_assert_cmpstr (choice (spawnflags, 0)->value, ==, "1");
  g_assert_cmpstr (choice (spawnflags, 0)->label, ==, "Start off");
  g_assert_false (choice (spawnflags, 0)->default_on);
  g_assert_null (spawnflags->default_value);

  const QrPropDef *style = find_prop (light, "style");
  g_assert_cmpint (style->type, ==, QR_PROP_CHOICES);
  g_assert_cmpstr (style->default_value, ==, "0");
  g_assert_cmpuint (style->choices->len, ==, 12);
  g_assert_cmpstr (choice (style, 0)->label, ==, "Normal");
  g_assert_cmpstr (choice (style, 1)->value, ==, "10");
  g_assert_cmpstr (choice (style, 1)->label, ==, "Fluorescent flicker");
  g_assert_cmpstr (choice (style, 11)->value, ==, "9");
  g_assert_cmpstr (choice (style, 11)->label, ==, "Slow strobe");

  /* The sigil's flags: episode 1 on by default, a multi-line description. */
  const QrEntClass *sigil = lookup (defs, "item_sigil");
  const QrPropDef *episodes = find_prop (sigil, "spawnflags");
  g_assert_cmpuint (episodes->choices->len, ==, 4);
  g_assert_true (choice (episodes, 0)->default_on);
  g_assert_false (choice (episodes, 3)->default_on);
  g_assert_cmpstr (choice (episodes, 3)->value, ==, "8");
  g_assert_cmpstr (episodes->default_value, ==, "1");
  g_assert_true (g_str_has_prefix (sigil->description, "Sigil"));
  g_assert_true (g_str_has_suffix (sigil->description, "((trigger_changelevel)) and is sent to another level."));
  g_assert_cmpstr (sigil->model, ==, "progs/end4.mdl");

  /* Models from TrenchBroom's expressions, inherited from a base. */
  const QrEntClass *start = lookup (defs, "info_player_start");
  g_assert_cmpstr (start->model, ==, ":progs/player.mdl");
  assert_bounds (start->size, -16, -16, -24, 16, 16, 32);
  g_assert_cmpstr (lookup (defs, "item_armorInv")->model, ==, ":progs/armor.mdl");
  g_assert_cmpstr (lookup (defs, "item_cells")->model, ==, ":maps/b_batt1.bsp");

  const QrEntClass *world = lookup (defs, "worldspawn");
  g_assert_cmpint (world->kind, ==, QR_ENTCLASS_SOLID);
  g_assert_false (world->has_size);
  const QrPropDef *worldtype = find_prop (world, "worldtype");
  g_assert_cmpuint (worldtype->choices->len, ==, 3);
  g_assert_cmpstr (choice (worldtype, 1)->label, ==, "Metal (runic)");
}

static void
test_corpus_halflife (void)
{
  g_autoptr (QrEntDefs) defs = load_corpus ("trenchbroom/games/Halflife/HalfLife.fgd");
  if (defs == NULL)
    return;
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 0);

  /* light: base(Target, Targetname, Light, ZHLT_point), then its own spawnflags. */
  const QrEntClass *light = lookup (defs, "light");
  const char *order[] = { "target", "targetname", "_light", "style", "pattern", "_fade", "_falloff", "spawnflags" };
  g_assert_cmpuint (light->props->len, ==, G_N_ELEMENTS (order));
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    g_assert_cmpstr (((QrPropDef *) g_ptr_array_index (light->props, i))->name, ==, order[i]);
  g_assert_cmpstr (light->model, ==, "sprites/lightbulb.spr");
  const QrPropDef *colour = find_prop (light, "_light");
  g_assert_cmpint (colour->type, ==, QR_PROP_COLOR255);
  g_assert_cmpstr (colour->default_value, ==, "255 255 128 200");
  g_assert_cmpstr (find_prop (light, "_fade")->default_value, ==, "1.0");

  /* A size and colour inherited from @BaseClass Weapon. */
  const QrEntClass *crowbar = lookup (defs, "weapon_crowbar");
  assert_bounds (crowbar->size, -16, -16, 0, 16, 16, 32);
  g_assert_cmpfloat_with_epsilon (crowbar->color[2], 200.0 / 255.0, 1e-12);
  g_assert_cmpstr (((QrPropDef *) g_ptr_array_index (crowbar->props, 0))->name, ==, "targetname");
  g_assert_cmpstr (crowbar->model, ==, "models/w_crowbar.mdl");
}

static QrEntDefs *
load_fixture (const char *name, char **folder)
{
  g_autofree char *relative = g_build_filename ("trenchbroom/TbMdlLib/mdl/FgdParser", name, "host.fgd", NULL);
  g_autofree char *path = qr_test_corpus_file (relative);
  if (path == NULL)
    return NULL;
  *folder = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;
  QrEntDefs *defs = qr_entdefs_load (path, &error);
  g_assert_no_error (error);
  log_errors (defs);
  return defs;
}

static void
assert_file (const QrEntClass *cls, const char *folder, const char *relative)
{
  g_autofree char *path = g_build_filename (folder, relative, NULL);
  g_assert_cmpstr (cls->file, ==, path);
}

static void
test_include (void)
{
  g_autofree char *folder = NULL;
  g_autoptr (QrEntDefs) defs = load_fixture ("parseInclude", &folder);
  if (defs == NULL)
    return;
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 0);
  /* worldspawn, Angle, Appearflags, Targetname, Target; PlayerClass, info_player_start. */
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 7);
  const QrEntClass *start = lookup (defs, "info_player_start");
  assert_file (start, folder, "include.fgd");
  g_assert_cmpint (start->line, ==, 10);
  assert_bounds (start->size, -16, -16, -24, 16, 16, 32);
  g_assert_cmpfloat (start->color[1], ==, 1.0);
  g_assert_cmpstr (start->model, ==, ":progs/player.mdl");
  /* Appearflags, from the host file, through PlayerClass. */
  g_assert_cmpuint (find_prop (start, "spawnflags")->choices->len, ==, 4);
  assert_file (lookup (defs, "worldspawn"), folder, "host.fgd");
}

static void
test_nested_include (void)
{
  g_autofree char *folder = NULL;
  g_autoptr (QrEntDefs) defs = load_fixture ("parseNestedInclude", &folder);
  if (defs == NULL)
    return;
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 0);
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 8);
  /* nested/include.fgd includes "nested.fgd": its own folder's. */
  assert_file (lookup (defs, "info_player_start"), folder, "nested/include.fgd");
  const QrEntClass *coop = lookup (defs, "info_player_coop");
  assert_file (coop, folder, "nested/nested.fgd");
  g_assert_cmpint (coop->line, ==, 1);
  g_assert_cmpstr (coop->model, ==, ":progs/player.mdl");
}

static void
test_recursive_include (void)
{
  g_autofree char *folder = NULL;
  g_autoptr (QrEntDefs) defs = load_fixture ("parseRecursiveInclude", &folder);
  if (defs == NULL)
    return;
  g_autofree char *expected
      = g_strdup_printf ("%s/host.fgd:53:1: @include “host.fgd”: that file is being read already (an include cycle); skipped",
                         folder);
  assert_only_error (defs, expected);
  /* The host's classes, each once. */
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 5);
  lookup (defs, "worldspawn");
  lookup (defs, "Target");
}

static void
test_include_escaping (void)
{
  g_autofree char *folder = NULL;
  g_autoptr (QrEntDefs) defs = load_fixture ("parseIncludeEscapingBasePath", &folder);
  if (defs == NULL)
    return;
  g_autofree char *expected = g_strdup_printf (
      "%s/host.fgd:4:1: @include “../parseInclude/include.fgd” leaves the folder of host.fgd; skipped", folder);
  assert_only_error (defs, expected);
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 1);
  lookup (defs, "worldspawn");
  g_assert_null (qr_entdefs_lookup (defs, "info_player_start"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/entdef/fgd/inline/class-header", test_class_header);
  g_test_add_func ("/entdef/fgd/inline/keys", test_keys);
  g_test_add_func ("/entdef/fgd/inline/skipped", test_skipped);
  g_test_add_func ("/entdef/fgd/inline/missing-bracket", test_missing_bracket);
  g_test_add_func ("/entdef/fgd/inline/error-not-utf8", test_error_not_utf8);
  g_test_add_func ("/entdef/fgd/inline/unterminated-string", test_unterminated_string);
  g_test_add_func ("/entdef/fgd/inline/bad-numbers", test_bad_numbers);
  g_test_add_func ("/entdef/fgd/inline/other-errors", test_other_errors);
  g_test_add_func ("/entdef/fgd/inline/include-paths", test_include_paths);
  g_test_add_func ("/entdef/fgd/corpus/games", test_corpus_games);
  g_test_add_func ("/entdef/fgd/corpus/quake", test_corpus_quake);
  g_test_add_func ("/entdef/fgd/corpus/halflife", test_corpus_halflife);
  g_test_add_func ("/entdef/fgd/corpus/include", test_include);
  g_test_add_func ("/entdef/fgd/corpus/nested-include", test_nested_include);
  g_test_add_func ("/entdef/fgd/corpus/recursive-include", test_recursive_include);
  g_test_add_func ("/entdef/fgd/corpus/include-escaping", test_include_escaping);
  return g_test_run ();
}
