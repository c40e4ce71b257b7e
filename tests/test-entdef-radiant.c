/* test-entdef-radiant.c — the Radiant DEF and ENT parsers (src/io/qr-def.c,
 * src/io/qr-ent.c): every corpus file, with class counts taken from the
 * text itself, spot checks of its values, and inline snippets, the
 * malformed ones checked for where their error points. */
#include <glib/gstdio.h>
#include <string.h>

#include "qr-entdef-io.h"
#include "qr-test-assert.h"
#include "qr-test-corpus.h"

/* Helpers ---------------------------------------------------------------- */

static QrEntDefs *
parse_def (const char *text)
{
  QrEntDefs *defs = qr_entdefs_new ();
  qr_def_parse (defs, text, strlen (text), "inline.def");
  qr_entdefs_finish (defs);
  return defs;
}

static QrEntDefs *
parse_ent (const char *text)
{
  QrEntDefs *defs = qr_entdefs_new ();
  qr_ent_parse (defs, text, strlen (text), "inline.ent");
  qr_entdefs_finish (defs);
  return defs;
}

static void
assert_no_errors (const QrEntDefs *defs)
{
  for (guint i = 0; i < qr_entdefs_error_count (defs); i++)
    g_test_message ("unexpected: %s", qr_entdefs_error (defs, i));
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 0);
}

/* "file:line:column: " of the needle's first occurrence in text, plus
 * `skip` bytes: found by counting in the snippet, not by the parsers. */
static char *
where (const char *file, const char *text, const char *needle, gsize skip)
{
  const char *at = strstr (text, needle);
  g_assert_nonnull (at);
  at += skip;
  int line = 1;
  const char *line_start = text;
  for (const char *p = text; p < at; p++)
    if (*p == '\n')
      line++, line_start = p + 1;
  return g_strdup_printf ("%s:%d:%d: ", file, line, (int) (at - line_start) + 1);
}

static void
assert_error (const QrEntDefs *defs, guint i, const char *prefix, const char *words)
{
  g_assert_cmpuint (i, <, qr_entdefs_error_count (defs));
  const char *error = qr_entdefs_error (defs, i);
  if (!g_str_has_prefix (error, prefix))
    g_error ("error “%s” does not begin “%s”", error, prefix);
  if (strstr (error, words) == NULL)
    g_error ("error “%s” does not say “%s”", error, words);
}

static const QrEntClass *
class_of (const QrEntDefs *defs, const char *name)
{
  const QrEntClass *cls = qr_entdefs_lookup (defs, name);
  if (cls == NULL)
    g_error ("no class %s", name);
  g_assert_cmpstr (cls->name, ==, name);
  return cls;
}

static const QrPropDef *
prop_of (const QrEntClass *cls, const char *key)
{
  const QrPropDef *prop = qr_entclass_find_prop (cls, key);
  if (prop == NULL)
    g_error ("class %s has no key %s", cls->name, key);
  return prop;
}

static void
assert_color (const QrEntClass *cls, double r, double g, double b)
{
  g_assert_true (cls->has_color);
  qr_test_assert_exact (cls->color[0], r);
  qr_test_assert_exact (cls->color[1], g);
  qr_test_assert_exact (cls->color[2], b);
}

static void
assert_size (const QrEntClass *cls, double x0, double y0, double z0, double x1, double y1, double z1)
{
  g_assert_true (cls->has_size);
  qr_test_assert_exact (cls->size.min.x, x0);
  qr_test_assert_exact (cls->size.min.y, y0);
  qr_test_assert_exact (cls->size.min.z, z0);
  qr_test_assert_exact (cls->size.max.x, x1);
  qr_test_assert_exact (cls->size.max.y, y1);
  qr_test_assert_exact (cls->size.max.z, z1);
}

/* The value of the choice labelled `label`, or NULL. */
static const char *
choice_value (const QrPropDef *prop, const char *label)
{
  g_assert_nonnull (prop->choices);
  for (guint i = 0; i < prop->choices->len; i++)
    {
      const QrPropChoice *c = &g_array_index (prop->choices, QrPropChoice, i);
      if (strcmp (c->label, label) == 0)
        return c->value;
    }
  return NULL;
}

/* Corpus files under trenchbroom/ with that extension (any case). */
static void
collect (const char *dir, const char *ext, GPtrArray *out)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return;
  const char *name;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *lower = g_ascii_strdown (name, -1);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect (path, ext, out);
      else if (g_str_has_suffix (lower, ext))
        g_ptr_array_add (out, g_steal_pointer (&path));
    }
}

static GPtrArray *
corpus_files (const char *ext)
{
  if (!qr_test_corpus_available ())
    return NULL;
  g_autofree char *top = g_build_filename (qr_test_corpus_dir (), "trenchbroom", NULL);
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  collect (top, ext, files);
  return files;
}

/* Corpus: DEF ------------------------------------------------------------- */

/* The class names a DEF file declares, read from its text: each word after "/ *QUAKED". */
static GHashTable *
quaked_names (const char *text, guint *occurrences)
{
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  *occurrences = 0;
  for (const char *p = text; (p = strstr (p, "/*QUAKED")) != NULL; p += 8)
    {
      const char *name = p + 8 + strspn (p + 8, " \t");
      g_hash_table_add (names, g_strndup (name, strcspn (name, " \t\r\n")));
      (*occurrences)++;
    }
  return names;
}

static void
test_corpus_def_all (void)
{
  g_autoptr (GPtrArray) files = corpus_files (".def");
  if (files == NULL)
    return;
  g_assert_cmpuint (files->len, >=, 1);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      g_assert_true (g_file_get_contents (path, &text, NULL, &error));
      guint occurrences;
      g_autoptr (GHashTable) names = quaked_names (text, &occurrences);
      g_autoptr (QrEntDefs) defs = qr_entdefs_load (path, &error);
      g_assert_no_error (error);
      g_test_message ("%s: %u classes, %u QUAKED comments", path, qr_entdefs_count (defs), occurrences);
      assert_no_errors (defs);
      g_assert_cmpuint (occurrences, >, 0);
      g_assert_cmpuint (qr_entdefs_count (defs), ==, g_hash_table_size (names));
      g_assert_cmpuint (qr_entdefs_count (defs), ==, occurrences); /* no class defined twice */
      for (guint c = 0; c < qr_entdefs_count (defs); c++)
        g_assert_true (g_hash_table_contains (names, qr_entdefs_nth (defs, c)->name));
    }
}

static void
test_corpus_def_rubicon (void)
{
  g_autofree char *path = qr_test_corpus_file ("trenchbroom/games/Quake/Rubicon2.def");
  if (path == NULL)
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (QrEntDefs) defs = qr_entdefs_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 123);

  /* /\*QUAKED weapon_axe (0 .5 .8) (-16 -16 0) (16 16 32) + { model(":progs/g_axe.mdl"); } */
  const QrEntClass *axe = qr_entdefs_nth (defs, 0);
  g_assert_cmpstr (axe->name, ==, "weapon_axe");
  g_assert_cmpint (axe->kind, ==, QR_ENTCLASS_POINT);
  g_assert_cmpint (axe->line, ==, 1);
  assert_color (axe, 0, 0.5, 0.8);
  assert_size (axe, -16, -16, 0, 16, 16, 32);
  g_assert_cmpstr (axe->model, ==, "progs/g_axe.mdl");
  g_assert_cmpstr (axe->description, ==, "Axe.");

  /* ? START_OPEN x DOOR_DONT_LINK GOLD_KEY SILVER_KEY TOGGLE: x keeps bit 2 unnamed. */
  const QrEntClass *door = class_of (defs, "func_door");
  g_assert_cmpint (door->kind, ==, QR_ENTCLASS_SOLID);
  g_assert_false (door->has_size);
  g_assert_cmpint (door->line, ==, 367);
  const QrPropDef *flags = prop_of (door, "spawnflags");
  g_assert_cmpint (flags->type, ==, QR_PROP_FLAGS);
  g_assert_cmpuint (flags->choices->len, ==, 5);
  g_assert_cmpstr (choice_value (flags, "START_OPEN"), ==, "1");
  g_assert_cmpstr (choice_value (flags, "DOOR_DONT_LINK"), ==, "4");
  g_assert_cmpstr (choice_value (flags, "TOGGLE"), ==, "32");
  g_assert_null (choice_value (flags, "x"));
  /* Its Keys: section, quoted, each with its lines of help. */
  g_assert_cmpint (prop_of (door, "target")->type, ==, QR_PROP_TARGET_DESTINATION);
  g_assert_cmpint (prop_of (door, "targetname")->type, ==, QR_PROP_TARGET_SOURCE);
  g_assert_cmpint (prop_of (door, "speed")->type, ==, QR_PROP_STRING);
  g_assert_cmpstr (prop_of (door, "speed")->description, ==, "movement speed (100 default)");
  g_assert_cmpstr (prop_of (door, "wait")->description, ==, "wait before returning (3 is default,\n-1 = never return)");
  /* The Flags: section's quoted names are the flags' help, not keys. */
  g_assert_null (qr_entclass_find_prop (door, "start_open"));
  g_assert_null (qr_entclass_find_prop (door, "x"));

  /* "health" Default 20 — a key before any heading; NO_MONSTERS: is a flag's help. */
  const QrEntClass *breakable = class_of (defs, "func_breakable");
  g_assert_cmpstr (prop_of (breakable, "health")->description, ==, "Default 20");
  g_assert_null (qr_entclass_find_prop (breakable, "NO_MONSTERS"));
  g_assert_cmpstr (prop_of (breakable, "style")->description, ==,
                   "The style of the debris:\n0 = green metal (default)\n1 = red metal\n2 = concrete");
  /* Flags: "Blinking" names the BLINKING flag. */
  g_assert_null (qr_entclass_find_prop (class_of (defs, "light_beacon"), "Blinking"));

  /* default("spawnflags","1") in the block: E1 on. */
  const QrEntClass *sigil = class_of (defs, "item_sigil");
  const QrPropDef *sigil_flags = prop_of (sigil, "spawnflags");
  g_assert_cmpstr (sigil_flags->default_value, ==, "1");
  g_assert_cmpstr (choice_value (sigil_flags, "E4"), ==, "8");
  g_assert_true (g_array_index (sigil_flags->choices, QrPropChoice, 0).default_on);
  g_assert_false (g_array_index (sigil_flags->choices, QrPropChoice, 1).default_on);

  /* The block's model forms: { "path": … } and a conditional's fallback. */
  g_assert_cmpstr (class_of (defs, "item_armorInv")->model, ==, "progs/armor.mdl");
  g_assert_cmpstr (class_of (defs, "item_shells")->model, ==, "maps/b_shell0.bsp");
  g_assert_cmpstr (class_of (defs, "misc_explobox")->model, ==, "maps/b_explob.bsp");

  const QrEntClass *light = class_of (defs, "light");
  assert_color (light, 0, 1, 0);
  assert_size (light, -8, -8, -8, 8, 8, 8);
  g_assert_cmpstr (choice_value (prop_of (light, "spawnflags"), "START_OFF"), ==, "1");
  g_assert_true (g_str_has_prefix (prop_of (light, "style")->description, "0 = normal\n1 = flicker"));

  const QrEntClass *world = class_of (defs, "worldspawn");
  g_assert_cmpint (world->kind, ==, QR_ENTCLASS_SOLID);
  assert_color (world, 0, 0, 0);
}

/* Corpus: ENT ------------------------------------------------------------- */

/* The <point> and <group> elements of an ENT file outside XML comments. */
static guint
ent_class_elements (const char *text)
{
  guint n = 0;
  const char *p = text;
  while (*p != '\0')
    {
      if (g_str_has_prefix (p, "<!--"))
        {
          const char *close = strstr (p, "-->");
          g_assert_nonnull (close);
          p = close + 3;
          continue;
        }
      if ((g_str_has_prefix (p, "<point") && g_ascii_isspace (p[6]))
          || (g_str_has_prefix (p, "<group") && g_ascii_isspace (p[6])))
        n++;
      p++;
    }
  return n;
}

static void
test_corpus_ent_all (void)
{
  g_autoptr (GPtrArray) files = corpus_files (".ent");
  if (files == NULL)
    return;
  g_assert_cmpuint (files->len, >=, 1);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      g_assert_true (g_file_get_contents (path, &text, NULL, &error));
      g_autoptr (QrEntDefs) defs = qr_entdefs_load (path, &error);
      g_assert_no_error (error);
      guint elements = ent_class_elements (text);
      g_test_message ("%s: %u classes, %u <point>/<group>", path, qr_entdefs_count (defs), elements);
      assert_no_errors (defs);
      g_assert_cmpuint (elements, >, 0);
      g_assert_cmpuint (qr_entdefs_count (defs), ==, elements);
    }
}

static void
test_corpus_ent_quake3 (void)
{
  g_autofree char *path = qr_test_corpus_file ("trenchbroom/games/Quake3/entities.ent");
  if (path == NULL)
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (QrEntDefs) defs = qr_entdefs_load (path, &error);
  g_assert_no_error (error);
  /* 88 elements, two of them inside comments. */
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 86);
  g_assert_null (qr_entdefs_lookup (defs, "info_spectator_start"));

  const QrEntClass *decal = qr_entdefs_nth (defs, 0);
  g_assert_cmpstr (decal->name, ==, "_decal");
  g_assert_cmpint (decal->kind, ==, QR_ENTCLASS_SOLID);
  g_assert_cmpint (decal->line, ==, 24);
  assert_color (decal, 0, 1, 0);

  /* <point name="ammo_bfg" color=".3 .3 1" box="-16 -16 -16 16 16 16" model="…bfgam.md3"> */
  const QrEntClass *bfg = class_of (defs, "ammo_bfg");
  g_assert_cmpint (bfg->kind, ==, QR_ENTCLASS_POINT);
  assert_color (bfg, 0.3, 0.3, 1);
  assert_size (bfg, -16, -16, -16, 16, 16, 16);
  g_assert_cmpstr (bfg->model, ==, "models/powerups/ammo/bfgam.md3");
  g_assert_true (g_str_has_prefix (bfg->description, "BFG ammo. Gives the player 15 by default.\n\nThe amount"));
  g_assert_null (strstr (bfg->description, "-------- KEYS"));
  const QrPropDef *count = prop_of (bfg, "count");
  g_assert_cmpint (count->type, ==, QR_PROP_INTEGER);
  g_assert_cmpstr (count->label, ==, "Ammo Given");
  g_assert_cmpstr (count->default_value, ==, "15");
  g_assert_cmpstr (count->description, ==,
                   "Sets the amount of ammo given to the player when picked up (default 15).");
  const QrPropDef *wait = prop_of (bfg, "wait");
  g_assert_cmpint (wait->type, ==, QR_PROP_FLOAT);
  g_assert_cmpstr (wait->default_value, ==, "40");
  g_assert_cmpint (prop_of (bfg, "notfree")->type, ==, QR_PROP_BOOLEAN);
  g_assert_cmpint (prop_of (bfg, "target")->type, ==, QR_PROP_TARGET_DESTINATION);
  g_assert_cmpint (prop_of (bfg, "targetname")->type, ==, QR_PROP_TARGET_SOURCE);
  g_assert_cmpstr (prop_of (bfg, "targetShaderName")->type_name, ==, "texture");
  /* <flag key="SUSPENDED" name="No Drop To Floor" bit="0"> */
  const QrPropDef *flags = prop_of (bfg, "spawnflags");
  g_assert_cmpint (flags->type, ==, QR_PROP_FLAGS);
  g_assert_cmpstr (choice_value (flags, "No Drop To Floor"), ==, "1");
  g_assert_true (g_str_has_prefix (flags->description, "SUSPENDED: Item will spawn where it was placed"));
  /* The keys in file order, the flags where the first flag was. */
  g_assert_cmpstr (((QrPropDef *) g_ptr_array_index (bfg->props, 0))->name, ==, "wait");
  g_assert_cmpstr (((QrPropDef *) g_ptr_array_index (bfg->props, bfg->props->len - 1))->name, ==, "spawnflags");

  /* <flag key="CRUSHER" name="Crusher" bit="2">; <direction key="angle"> */
  const QrEntClass *door = class_of (defs, "func_door");
  g_assert_cmpint (door->kind, ==, QR_ENTCLASS_SOLID);
  assert_color (door, 0, 0.4, 1);
  g_assert_cmpstr (choice_value (prop_of (door, "spawnflags"), "Crusher"), ==, "4");
  g_assert_cmpint (prop_of (door, "angle")->type, ==, QR_PROP_ANGLE);
  g_assert_cmpstr (prop_of (door, "angle")->type_name, ==, "direction");
  g_assert_cmpint (prop_of (door, "color")->type, ==, QR_PROP_COLOR1);
  g_assert_cmpstr (prop_of (door, "color")->default_value, ==, "1 1 1");

  /* <list name="colorIndex"> used as <colorIndex key="count" value="0">. */
  const QrPropDef *text_color = prop_of (class_of (defs, "target_location"), "count");
  g_assert_cmpint (text_color->type, ==, QR_PROP_CHOICES);
  g_assert_cmpstr (text_color->type_name, ==, "colorIndex");
  g_assert_cmpstr (text_color->default_value, ==, "0");
  g_assert_cmpuint (text_color->choices->len, ==, 8);
  g_assert_cmpstr (choice_value (text_color, "red"), ==, "1");
  g_assert_cmpstr (choice_value (text_color, "white2"), ==, "7");

  /* model="{ path : model }" is an expression, not a file. */
  const QrEntClass *model = class_of (defs, "misc_model");
  g_assert_null (model->model);
  g_assert_cmpint (prop_of (model, "modelscale_vec")->type, ==, QR_PROP_VECTOR);
  assert_size (class_of (defs, "_skybox"), -4, -4, -4, 4, 4, 4);
}

/* Unit: DEF --------------------------------------------------------------- */

static const char def_features[] =
  "// a line comment\n"
  "/* an ordinary comment */\n"
  "/*QUAKED base_light\n"
  "A base class: no colour, no size.\n"
  "*/\n"
  "/*QUAKED light_torch (1 0.5 0) (8 8 24) (-8 -8 -8) LOUD - QUIET x FAST\n"
  "{\n"
  "  model({ \"path\": \":progs/torch.mdl\", \"skin\": 1 });\n"
  "  base(\"base_light\");\n"
  "  default(\"spawnflags\", \"17\");\n"
  "  default(\"style\", \"3\");\n"
  "  choice \"sounds\" ((0, \"none\"), (1, \"crackle\"));\n"
  "}\n"
  "A torch.\n"
  "\n"
  "LOUD: makes noise\n"
  "\"light\" brightness\n"
  " more about brightness\n"
  "\n"
  "\"target\" \"what it fires\"\n"
  "Keys:\n"
  "style : the light style\n"
  "\n"
  "Note that this is not a key\n"
  "*/\n"
  "/*QUAKED func_wall (0 .5 .8) ?\n"
  "A wall.\n"
  "*/\n";

static void
test_def_features (void)
{
  g_autoptr (QrEntDefs) defs = parse_def (def_features);
  assert_no_errors (defs);
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 3);

  const QrEntClass *base = class_of (defs, "base_light");
  g_assert_cmpint (base->kind, ==, QR_ENTCLASS_BASE);
  g_assert_false (base->has_color);
  g_assert_cmpint (base->line, ==, 3);

  const QrEntClass *torch = class_of (defs, "light_torch");
  g_assert_cmpint (torch->kind, ==, QR_ENTCLASS_POINT);
  g_assert_cmpint (torch->line, ==, 6);
  assert_color (torch, 1, 0.5, 0);
  assert_size (torch, -8, -8, -8, 8, 8, 24); /* given max first: put in order */
  g_assert_cmpstr (torch->model, ==, "progs/torch.mdl");
  g_assert_cmpuint (torch->bases->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (torch->bases, 0), ==, "base_light");
  g_assert_true (g_str_has_prefix (torch->description, "A torch.\n\nLOUD: makes noise"));

  /* LOUD - QUIET x FAST: bits 1, (2), 4, (8), 16. */
  const QrPropDef *flags = prop_of (torch, "spawnflags");
  g_assert_cmpuint (flags->choices->len, ==, 3);
  g_assert_cmpstr (choice_value (flags, "LOUD"), ==, "1");
  g_assert_cmpstr (choice_value (flags, "QUIET"), ==, "4");
  g_assert_cmpstr (choice_value (flags, "FAST"), ==, "16");
  g_assert_cmpstr (flags->default_value, ==, "17");
  g_assert_true (g_array_index (flags->choices, QrPropChoice, 0).default_on);
  g_assert_false (g_array_index (flags->choices, QrPropChoice, 1).default_on);
  g_assert_true (g_array_index (flags->choices, QrPropChoice, 2).default_on);

  const QrPropDef *sounds = prop_of (torch, "sounds");
  g_assert_cmpint (sounds->type, ==, QR_PROP_CHOICES);
  g_assert_cmpuint (sounds->choices->len, ==, 2);
  g_assert_cmpstr (choice_value (sounds, "crackle"), ==, "1");

  g_assert_null (qr_entclass_find_prop (torch, "LOUD"));
  const QrPropDef *light = prop_of (torch, "light");
  g_assert_cmpint (light->type, ==, QR_PROP_STRING);
  g_assert_cmpstr (light->description, ==, "brightness\nmore about brightness");
  const QrPropDef *target = prop_of (torch, "target");
  g_assert_cmpint (target->type, ==, QR_PROP_TARGET_DESTINATION);
  g_assert_cmpstr (target->description, ==, "what it fires");
  const QrPropDef *style = prop_of (torch, "style");
  g_assert_cmpstr (style->description, ==, "the light style");
  g_assert_cmpstr (style->default_value, ==, "3");
  g_assert_null (qr_entclass_find_prop (torch, "Note"));
  /* spawnflags, then the block's choice, then the text's keys in order. */
  g_assert_cmpuint (torch->own_props->len, ==, 5);
  g_assert_cmpstr (((QrPropDef *) g_ptr_array_index (torch->own_props, 1))->name, ==, "sounds");
  g_assert_cmpstr (((QrPropDef *) g_ptr_array_index (torch->own_props, 4))->name, ==, "style");

  const QrEntClass *wall = class_of (defs, "func_wall");
  g_assert_cmpint (wall->kind, ==, QR_ENTCLASS_SOLID);
  assert_color (wall, 0, 0.5, 0.8);
  g_assert_false (wall->has_size);
  g_assert_null (qr_entclass_find_prop (wall, "spawnflags"));
  g_assert_cmpstr (wall->description, ==, "A wall.");
}

static const char def_unclosed[] =
  "/*QUAKED first (1 0 0) (-8 -8 -8) (8 8 8)\n"
  "Fine.\n"
  "*/\n"
  "/*QUAKED open (0 1 0) (-4 -4 -4) (4 4 4) FLAG\n"
  "Never closed.\n"
  "/*QUAKED after (0 0 1) ?\n"
  "After.\n"
  "*/\n"
  "  /*QUAKED last (1 1 1) (0 0 0) (1 1 1)\n"
  "Runs to the end of the file.\n";

static void
test_def_unclosed (void)
{
  g_autoptr (QrEntDefs) defs = parse_def (def_unclosed);
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 2);
  g_autofree char *at_open = where ("inline.def", def_unclosed, "/*QUAKED open", 0);
  g_autofree char *at_last = where ("inline.def", def_unclosed, "/*QUAKED last", 0);
  g_assert_cmpstr (at_last, ==, "inline.def:9:3: ");
  assert_error (defs, 0, at_open, "not closed before the next /*QUAKED");
  assert_error (defs, 1, at_last, "not closed before the end of the file");

  g_assert_cmpuint (qr_entdefs_count (defs), ==, 4);
  g_assert_cmpstr (class_of (defs, "first")->description, ==, "Fine.");
  const QrEntClass *open = class_of (defs, "open");
  g_assert_cmpstr (open->description, ==, "Never closed.");
  g_assert_cmpstr (choice_value (prop_of (open, "spawnflags"), "FLAG"), ==, "1");
  const QrEntClass *after = class_of (defs, "after");
  g_assert_cmpint (after->kind, ==, QR_ENTCLASS_SOLID);
  assert_color (after, 0, 0, 1);
  g_assert_cmpstr (after->description, ==, "After.");
  assert_size (class_of (defs, "last"), 0, 0, 0, 1, 1, 1);
}

static const char def_bad_header[] =
  "/*QUAKED good (1 0 0) (-8 -8 -8) (8 8 8)\n"
  "*/\n"
  "/*QUAKED bad_colour (1 x 0) (-8 -8 -8) (8 8 8) F1\n"
  "*/\n"
  "/*QUAKED bright (2 0 0) (-8 -8 -8) (8 8 8)\n"
  "*/\n"
  "/*QUAKED short_mins (0 0 1) (-8 -8) (8 8 8)\n"
  "*/\n"
  "/*QUAKED no_size (0 0 1) FLAG\n"
  "*/\n"
  "/*QUAKED open_group (0 0 1 (8 8 8)\n"
  "*/\n"
  "/*QUAKED bad_block (0 0 1) (-1 -1 -1) (1 1 1)\n"
  "{ model(\"x.mdl\";\n"
  "Its help.\n"
  "*/\n"
  "/*QUAKED\n"
  "*/\n"
  "/*QUAKED fine_at_end (0 1 0) ?\n"
  "*/\n";

static void
test_def_bad_header (void)
{
  g_autoptr (QrEntDefs) defs = parse_def (def_bad_header);
  for (guint i = 0; i < qr_entdefs_error_count (defs); i++)
    g_test_message ("%s", qr_entdefs_error (defs, i));
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 7);

  g_autofree char *x = where ("inline.def", def_bad_header, "(1 x 0)", 3);
  g_assert_cmpstr (x, ==, "inline.def:3:24: ");
  assert_error (defs, 0, x, "“x” is not a number");
  g_autofree char *bright = where ("inline.def", def_bad_header, "(2 0 0)", 0);
  assert_error (defs, 1, bright, "0 to 1");
  g_autofree char *mins = where ("inline.def", def_bad_header, "(-8 -8) ", 0);
  assert_error (defs, 2, mins, "three numbers expected, found 2");
  g_autofree char *no_size = where ("inline.def", def_bad_header, "FLAG\n", 0);
  assert_error (defs, 3, no_size, "“(mins) (maxs)” or “?” expected");
  g_autofree char *group = where ("inline.def", def_bad_header, "(0 0 1 (8", 0);
  assert_error (defs, 4, group, "colour group “(” is not closed before the next “(”");
  g_autofree char *brace = where ("inline.def", def_bad_header, "{ model(\"x", 0);
  assert_error (defs, 5, brace, "“{” is not closed");
  g_autofree char *nameless = where ("inline.def", def_bad_header, "/*QUAKED\n", 8);
  assert_error (defs, 6, nameless, "a class name must follow");

  /* Each class still loads with what could be read. */
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 8);
  const QrEntClass *bad = class_of (defs, "bad_colour");
  g_assert_false (bad->has_color);
  assert_size (bad, -8, -8, -8, 8, 8, 8);
  g_assert_cmpstr (choice_value (prop_of (bad, "spawnflags"), "F1"), ==, "1");
  g_assert_false (class_of (defs, "bright")->has_color);
  assert_size (class_of (defs, "bright"), -8, -8, -8, 8, 8, 8);
  g_assert_false (class_of (defs, "short_mins")->has_size);
  assert_color (class_of (defs, "no_size"), 0, 0, 1);
  g_assert_true (g_str_has_prefix (class_of (defs, "bad_block")->description, "{ model"));
  assert_size (class_of (defs, "good"), -8, -8, -8, 8, 8, 8);
  g_assert_cmpint (class_of (defs, "fine_at_end")->kind, ==, QR_ENTCLASS_SOLID);
}

/* A file from Windows: CRLF lines and help in Latin-1 ("caf\xe9"). */
static void
test_def_windows (void)
{
  static const char text[] = "/*QUAKED light_cafe (1 1 0) (-8 -8 -8) (8 8 8) DIM\r\n"
                             "Lights the caf\xe9.\r\n"
                             "\"light\" brightness\r\n"
                             "*/\r\n";
  g_autoptr (QrEntDefs) defs = parse_def (text);
  assert_no_errors (defs);
  const QrEntClass *cls = class_of (defs, "light_cafe");
  assert_size (cls, -8, -8, -8, 8, 8, 8);
  g_assert_cmpstr (choice_value (prop_of (cls, "spawnflags"), "DIM"), ==, "1");
  g_assert_true (g_utf8_validate (cls->description, -1, NULL));
  g_assert_true (g_str_has_prefix (cls->description, "Lights the caf"));
  g_assert_cmpstr (prop_of (cls, "light")->description, ==, "brightness");
}

/* Unit: ENT --------------------------------------------------------------- */

static const char ent_features[] =
  "<?xml version=\"1.0\"?>\n"
  "<!-- a comment <point name=\"hidden\"> -->\n"
  "<classes>\n"
  "<list name=\"speeds\">\n"
  "  <item name=\"Slow\" value=\"50\"/>\n"
  "  <item name=\"Fast\" value=\"400\"/>\n"
  "</list>\n"
  "<group name=\"func_mover\" color=\"0 .5 1\">\n"
  "A mover &amp; shaker.\n"
  "-------- KEYS --------\n"
  "<speeds key=\"speed\" name=\"Speed\" value=\"400\">How fast.</speeds>\n"
  "<string key=\"message\" name=\"Message\"/>\n"
  "<targetname key=\"targetname\" name=\"Name\">Its name.</targetname>\n"
  "<sound key=\"noise\" name=\"Noise\"/>\n"
  "<model key=\"model2\" name=\"Model\"/>\n"
  "<texture key=\"shader\" name=\"Shader\"/>\n"
  "<angles key=\"angles\" name=\"Angles\" value=\"0 90 0\"/>\n"
  "<array key=\"_remap\" name=\"Remaps\"/>\n"
  "-------- SPAWNFLAGS --------\n"
  "<flag key=\"START_ON\" name=\"Start On\" bit=\"0\">Starts on.</flag>\n"
  "<flag key=\"SILENT\" bit=\"4\"/>\n"
  "-------- NOTES --------\n"
  "Notes.\n"
  "</group>\n"
  "<point name=\"info_thing\" color=\"1 0 0\" box=\"-8 -8 0 8 8 32\" model=\"models/thing.md3\">\n"
  "<integer key=\"count\" name=\"Count\" value=\"3\"/>\n"
  "<real key=\"scale\" name=\"Scale\" value=\"0.5\"/>\n"
  "<boolean key=\"solid\" name=\"Solid\" value=\"1\"/>\n"
  "</point>\n"
  "</classes>\n";

static void
test_ent_features (void)
{
  g_autoptr (QrEntDefs) defs = parse_ent (ent_features);
  assert_no_errors (defs);
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 2);
  g_assert_null (qr_entdefs_lookup (defs, "hidden"));

  const QrEntClass *mover = class_of (defs, "func_mover");
  g_assert_cmpint (mover->kind, ==, QR_ENTCLASS_SOLID);
  g_assert_cmpint (mover->line, ==, 8);
  assert_color (mover, 0, 0.5, 1);
  g_assert_false (mover->has_size);
  /* The headings go; where the keys were is a paragraph break. */
  g_assert_cmpstr (mover->description, ==, "A mover & shaker.\n\nNotes.");

  const QrPropDef *speed = prop_of (mover, "speed");
  g_assert_cmpint (speed->type, ==, QR_PROP_CHOICES);
  g_assert_cmpstr (speed->label, ==, "Speed");
  g_assert_cmpstr (speed->default_value, ==, "400");
  g_assert_cmpstr (speed->description, ==, "How fast.");
  g_assert_cmpstr (choice_value (speed, "Slow"), ==, "50");
  g_assert_cmpstr (choice_value (speed, "Fast"), ==, "400");
  g_assert_cmpint (prop_of (mover, "message")->type, ==, QR_PROP_STRING);
  g_assert_null (prop_of (mover, "message")->description);
  g_assert_null (prop_of (mover, "message")->default_value);
  g_assert_cmpint (prop_of (mover, "targetname")->type, ==, QR_PROP_TARGET_SOURCE);
  g_assert_cmpint (prop_of (mover, "noise")->type, ==, QR_PROP_SOUND);
  g_assert_cmpint (prop_of (mover, "model2")->type, ==, QR_PROP_STUDIO);
  g_assert_cmpint (prop_of (mover, "shader")->type, ==, QR_PROP_OTHER);
  g_assert_cmpint (prop_of (mover, "angles")->type, ==, QR_PROP_ANGLE);
  g_assert_cmpstr (prop_of (mover, "angles")->default_value, ==, "0 90 0");
  g_assert_cmpint (prop_of (mover, "_remap")->type, ==, QR_PROP_OTHER);
  g_assert_cmpstr (prop_of (mover, "_remap")->type_name, ==, "array");

  const QrPropDef *flags = prop_of (mover, "spawnflags");
  g_assert_cmpuint (flags->choices->len, ==, 2);
  g_assert_cmpstr (choice_value (flags, "Start On"), ==, "1");
  g_assert_cmpstr (choice_value (flags, "SILENT"), ==, "16");
  g_assert_cmpstr (flags->description, ==, "START_ON: Starts on.\nSILENT");

  const QrEntClass *thing = class_of (defs, "info_thing");
  g_assert_cmpint (thing->kind, ==, QR_ENTCLASS_POINT);
  assert_color (thing, 1, 0, 0);
  assert_size (thing, -8, -8, 0, 8, 8, 32);
  g_assert_cmpstr (thing->model, ==, "models/thing.md3");
  g_assert_null (thing->description);
  g_assert_cmpint (prop_of (thing, "count")->type, ==, QR_PROP_INTEGER);
  g_assert_cmpint (prop_of (thing, "scale")->type, ==, QR_PROP_FLOAT);
  g_assert_cmpstr (prop_of (thing, "scale")->default_value, ==, "0.5");
  g_assert_cmpint (prop_of (thing, "solid")->type, ==, QR_PROP_BOOLEAN);
  g_assert_null (qr_entclass_find_prop (thing, "spawnflags"));
}

static const char ent_bad_tag[] =
  "<?xml version=\"1.0\"?>\n"
  "<classes>\n"
  "<point name=\"first\" color=\"1 0 0\" box=\"-8 -8 -8 8 8 8\">\n"
  "First.\n"
  "</point>\n"
  "<point name=\"broken\" color=\"0 1 0\" box=\"-8 -8 -8 8 8 8\">\n"
  "<string key=\"a\" name=\"A\">text</integer>\n"
  "</point>\n"
  "  <point name=\"after\" color=\"0 0 1\" box=\"-4 -4 -4 4 4 4\">\n"
  "<flag key=\"F\" name=\"Eff\" bit=\"3\">help</flag>\n"
  "</point>\n"
  "<point name=\"twice_broken\" color=\"0 0 1\">\n"
  "<real key=\"x\" name=\"X\" value=1/>\n"
  "</point>\n"
  "<group name=\"last\" color=\"1 1 0\">\n"
  "Last &amp; least.\n"
  "</group>\n"
  "</classes>\n";

static void
test_ent_bad_tag (void)
{
  g_autoptr (QrEntDefs) defs = parse_ent (ent_bad_tag);
  for (guint i = 0; i < qr_entdefs_error_count (defs); i++)
    g_test_message ("%s", qr_entdefs_error (defs, i));
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 2);
  /* GMarkup stops at the '>' of the close tag that does not match, and at
   * the value not in quotes. */
  g_autofree char *close = where ("inline.ent", ent_bad_tag, "</integer>", 9);
  g_assert_cmpstr (close, ==, "inline.ent:7:39: ");
  assert_error (defs, 0, close, "integer");
  g_autofree char *unquoted = where ("inline.ent", ent_bad_tag, "value=1", 6);
  assert_error (defs, 1, unquoted, "quote");

  /* The classes after each error load, from the next line opening one. */
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 5);
  assert_color (class_of (defs, "first"), 1, 0, 0);
  g_assert_cmpstr (class_of (defs, "first")->description, ==, "First.");
  assert_color (class_of (defs, "broken"), 0, 1, 0);
  const QrEntClass *after = class_of (defs, "after");
  g_assert_cmpint (after->line, ==, 9);
  assert_size (after, -4, -4, -4, 4, 4, 4);
  g_assert_cmpstr (choice_value (prop_of (after, "spawnflags"), "Eff"), ==, "8");
  g_assert_cmpstr (prop_of (after, "spawnflags")->description, ==, "F: help");
  const QrEntClass *last = class_of (defs, "last");
  g_assert_cmpint (last->kind, ==, QR_ENTCLASS_SOLID);
  g_assert_cmpint (last->line, ==, 15);
  g_assert_cmpstr (last->description, ==, "Last & least.");
}

static const char ent_bad_values[] =
  "<classes>\n"
  "<point name=\"bad_colour\" color=\"0 1\" box=\"-8 -8 -8 8 8 8\"/>\n"
  "<point name=\"bright\" color=\"0 2 0\"/>\n"
  "<point name=\"bad_box\" color=\"1 1 1\" box=\"-8 -8 -8 8 8\"/>\n"
  "<point name=\"bad_bit\" color=\"1 1 1\">\n"
  "  <flag key=\"A\" name=\"A\" bit=\"1\"/>\n"
  "  <flag key=\"B\" name=\"B\" bit=\"32\"/>\n"
  "  <string name=\"keyless\"/>\n"
  "</point>\n"
  "<thing/>\n"
  "<point color=\"1 1 1\"/>\n"
  "<group name=\"fine\" color=\"0 0 0\"/>\n"
  "</classes>\n";

static void
test_ent_bad_values (void)
{
  g_autoptr (QrEntDefs) defs = parse_ent (ent_bad_values);
  for (guint i = 0; i < qr_entdefs_error_count (defs); i++)
    g_test_message ("%s", qr_entdefs_error (defs, i));
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 7);
  /* Attribute errors point at the value, element errors at the '<'. */
  g_autofree char *colour = where ("inline.ent", ent_bad_values, "0 1\"", 0);
  g_assert_cmpstr (colour, ==, "inline.ent:2:33: ");
  assert_error (defs, 0, colour, "color “0 1”");
  g_autofree char *bright = where ("inline.ent", ent_bad_values, "0 2 0", 0);
  assert_error (defs, 1, bright, "0 to 1");
  g_autofree char *box = where ("inline.ent", ent_bad_values, "-8 -8 -8 8 8\"", 0);
  assert_error (defs, 2, box, "box");
  g_autofree char *bit = where ("inline.ent", ent_bad_values, "32\"", 0);
  assert_error (defs, 3, bit, "bit must be 0 to 31");
  g_autofree char *keyless = where ("inline.ent", ent_bad_values, "<string", 0);
  assert_error (defs, 4, keyless, "<string> needs a key");
  g_autofree char *thing = where ("inline.ent", ent_bad_values, "<thing", 0);
  assert_error (defs, 5, thing, "unexpected <thing>");
  g_autofree char *nameless = where ("inline.ent", ent_bad_values, "<point color", 0);
  assert_error (defs, 6, nameless, "<point> needs a name");

  g_assert_cmpuint (qr_entdefs_count (defs), ==, 5);
  const QrEntClass *bad = class_of (defs, "bad_colour");
  g_assert_false (bad->has_color);
  assert_size (bad, -8, -8, -8, 8, 8, 8);
  g_assert_false (class_of (defs, "bright")->has_color);
  g_assert_false (class_of (defs, "bad_box")->has_size);
  const QrPropDef *flags = prop_of (class_of (defs, "bad_bit"), "spawnflags");
  g_assert_cmpuint (flags->choices->len, ==, 1);
  g_assert_cmpstr (choice_value (flags, "A"), ==, "2");
  g_assert_cmpuint (class_of (defs, "bad_bit")->own_props->len, ==, 1);
  assert_color (class_of (defs, "fine"), 0, 0, 0);
}

static const char ent_truncated[] =
  "<classes>\n"
  "<point name=\"whole\" color=\"1 0 0\"/>\n"
  "<point name=\"cut\" color=\"0 1 0\">\n"
  "<string key=\"k\" name=\"K\">hel";

static void
test_ent_truncated (void)
{
  g_autoptr (QrEntDefs) defs = parse_ent (ent_truncated);
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 1);
  assert_error (defs, 0, "inline.ent:4:", "ended unexpectedly");
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 2);
  assert_color (class_of (defs, "whole"), 1, 0, 0);
  assert_color (class_of (defs, "cut"), 0, 1, 0);
}

/* qr_entdefs_load picks the parser by extension, in any case. */
/* Found by fuzz-def and fuzz-ent: each class's line was counted from the
 * file's start, so a file of many classes took quadratic time (40,000
 * classes: minutes). Every class keeps its line, the last error its
 * line:column, and the whole parse takes well under the bound. */
#define MANY_CLASSES 40000

static void
check_many (QrEntDefs *defs, const char *file, gint64 started, int first_line, const char *last_error)
{
  double seconds = (double) (g_get_monotonic_time () - started) / G_USEC_PER_SEC;
  g_test_message ("%s: %d classes in %.3f s", file, MANY_CLASSES, seconds);
  g_assert_cmpuint (qr_entdefs_count (defs), ==, MANY_CLASSES);
  /* Three lines a class. */
  g_assert_cmpint (qr_entdefs_nth (defs, 1234)->line, ==, first_line + 3 * 1234);
  g_assert_cmpint (qr_entdefs_nth (defs, MANY_CLASSES - 1)->line, ==, first_line + 3 * (MANY_CLASSES - 1));
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 1);
  g_assert_cmpstr (qr_entdefs_error (defs, 0), ==, last_error);
  g_assert_cmpfloat (seconds, <, 5.0);
}

static void
test_many_classes (void)
{
  g_autoptr (GString) def = g_string_new (NULL);
  g_autoptr (GString) ent = g_string_new ("<classes>\n");
  for (int i = 0; i < MANY_CLASSES; i++)
    {
      g_string_append_printf (def, "/*QUAKED c%d (1 0 0) (-8 -8 -8) (8 8 8)\nA class.\n*/\n", i);
      g_string_append_printf (ent, "<point name=\"c%d\" color=\"1 0 0\" box=\"-8 -8 -8 8 8 8\">\nA class.\n</point>\n", i);
    }
  g_string_append (def, "/*QUAKED\n*/\n");
  g_string_append (ent, "<point>\n</point>\n</classes>\n");

  gint64 started = g_get_monotonic_time ();
  g_autoptr (QrEntDefs) defs = parse_def (def->str);
  check_many (defs, "def", started, 1,
              "inline.def:120001:9: a class name must follow /*QUAKED");
  started = g_get_monotonic_time ();
  g_autoptr (QrEntDefs) ents = parse_ent (ent->str);
  check_many (ents, "ent", started, 2, "inline.ent:120002:1: <point> needs a name");
}

static void
test_load_by_extension (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("quarry-entdef-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *def = g_build_filename (dir, "game.DEF", NULL);
  g_autofree char *ent = g_build_filename (dir, "game.ent", NULL);
  g_assert_true (g_file_set_contents (def, def_features, -1, &error));
  g_assert_true (g_file_set_contents (ent, ent_features, -1, &error));

  g_autoptr (QrEntDefs) from_def = qr_entdefs_load (def, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (qr_entdefs_count (from_def), ==, 3);
  g_assert_cmpstr (qr_entdefs_get_path (from_def), ==, def);
  g_assert_cmpstr (class_of (from_def, "light_torch")->file, ==, def);
  /* Inheritance is resolved: base_light's help has no keys, but the torch lists its own. */
  g_assert_cmpuint (class_of (from_def, "light_torch")->props->len, ==, 5);

  g_autoptr (QrEntDefs) from_ent = qr_entdefs_load (ent, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (qr_entdefs_count (from_ent), ==, 2);
  g_assert_cmpuint (class_of (from_ent, "info_thing")->props->len, ==, 3);

  g_remove (def);
  g_remove (ent);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/entdef-radiant/unit/def-features", test_def_features);
  g_test_add_func ("/entdef-radiant/unit/def-unclosed", test_def_unclosed);
  g_test_add_func ("/entdef-radiant/unit/def-bad-header", test_def_bad_header);
  g_test_add_func ("/entdef-radiant/unit/def-windows", test_def_windows);
  g_test_add_func ("/entdef-radiant/unit/ent-features", test_ent_features);
  g_test_add_func ("/entdef-radiant/unit/ent-bad-tag", test_ent_bad_tag);
  g_test_add_func ("/entdef-radiant/unit/ent-bad-values", test_ent_bad_values);
  g_test_add_func ("/entdef-radiant/unit/ent-truncated", test_ent_truncated);
  g_test_add_func ("/entdef-radiant/unit/load-by-extension", test_load_by_extension);
  g_test_add_func ("/entdef-radiant/unit/many-classes", test_many_classes);
  g_test_add_func ("/entdef-radiant/corpus/def-all", test_corpus_def_all);
  g_test_add_func ("/entdef-radiant/corpus/def-rubicon2", test_corpus_def_rubicon);
  g_test_add_func ("/entdef-radiant/corpus/ent-all", test_corpus_ent_all);
  g_test_add_func ("/entdef-radiant/corpus/ent-quake3", test_corpus_ent_quake3);
  return g_test_run ();
}
