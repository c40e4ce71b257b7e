/* test-entdef-model.c — the entity-definition model (src/model/qr-entdef.c):
 * inheritance (bases' keys first, depth first, a later key replacing an
 * earlier one in place), colour, size and model from the first base that
 * has one, unknown bases and cycles reported where the class is, redefined
 * classes, lookups and the default point size. Classes are built by hand,
 * as a parser would add them. */
#include <string.h>

#include "qr-entdef.h"
#include "qr-test-assert.h"

static QrEntClass *
add (QrEntDefs *defs, const char *name, int line, const char *bases)
{
  QrEntClass *cls = qr_entdefs_add_class (defs, name, QR_ENTCLASS_POINT, "model.fgd", line);
  g_auto (GStrv) names = g_strsplit (bases, " ", -1);
  for (guint i = 0; names[i] != NULL; i++)
    if (*names[i] != '\0')
      g_ptr_array_add (cls->bases, g_strdup (names[i]));
  return cls;
}

static QrPropDef *
key (QrEntClass *cls, const char *name)
{
  return qr_entclass_add_prop (cls, name, QR_PROP_STRING, "string");
}

/* The resolved keys as "name name …". */
static char *
keys_of (const QrEntClass *cls)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < cls->props->len; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? " " : "", ((QrPropDef *) g_ptr_array_index (cls->props, i))->name);
  return g_string_free (out, FALSE);
}

static const QrPropDef *
resolved (const QrEntClass *cls, guint i)
{
  g_assert_cmpuint (i, <, cls->props->len);
  return g_ptr_array_index (cls->props, i);
}

static void
assert_errors (const QrEntDefs *defs, guint n)
{
  for (guint i = 0; i < qr_entdefs_error_count (defs); i++)
    g_test_message ("%s", qr_entdefs_error (defs, i));
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, n);
}

/* A: x y; B: z y; C (A, B): w x → x (C's, in A's place) y (B's, in A's
 * place) z w. */
static void
test_order (void)
{
  g_autoptr (QrEntDefs) defs = qr_entdefs_new ();
  QrEntClass *a = add (defs, "A", 1, "");
  QrPropDef *a_x = key (a, "x");
  key (a, "y");
  QrEntClass *b = add (defs, "B", 2, "");
  QrPropDef *b_z = key (b, "z");
  QrPropDef *b_y = key (b, "y");
  QrEntClass *c = add (defs, "C", 3, "A B");
  QrPropDef *c_w = key (c, "w");
  QrPropDef *c_x = key (c, "X"); /* keys compare ignoring case */
  qr_entdefs_finish (defs);
  assert_errors (defs, 0);

  g_autofree char *names = keys_of (c);
  g_assert_cmpstr (names, ==, "X y z w");
  g_assert_true (resolved (c, 0) == c_x);
  g_assert_true (resolved (c, 1) == b_y);
  g_assert_true (resolved (c, 2) == b_z);
  g_assert_true (resolved (c, 3) == c_w);
  g_assert_true (qr_entclass_find_prop (c, "x") == c_x);
  g_assert_true (qr_entclass_find_prop (c, "Y") == b_y);
  g_assert_null (qr_entclass_find_prop (c, "v"));
  /* The bases keep their own. */
  g_assert_true (qr_entclass_find_prop (a, "x") == a_x);
  g_autofree char *a_names = keys_of (a);
  g_assert_cmpstr (a_names, ==, "x y");
}

/* Depth first: H (F, K), F (G): G's keys, then F's, then K's; a diamond
 * lists the shared base's keys once. */
static void
test_depth_first (void)
{
  g_autoptr (QrEntDefs) defs = qr_entdefs_new ();
  /* H comes first in the file: its bases are resolved when it needs them. */
  QrEntClass *h = add (defs, "H", 1, "F K");
  key (h, "h");
  key (add (defs, "F", 2, "G"), "f");
  key (add (defs, "G", 3, ""), "g");
  key (add (defs, "K", 4, "G"), "k");
  QrEntClass *d = add (defs, "D", 5, "F K");
  qr_entdefs_finish (defs);
  assert_errors (defs, 0);
  g_autofree char *h_names = keys_of (h);
  g_assert_cmpstr (h_names, ==, "g f k h");
  g_autofree char *d_names = keys_of (d);
  g_assert_cmpstr (d_names, ==, "g f k");
}

/* Inputs and outputs inherit as keys do. */
static void
test_io (void)
{
  g_autoptr (QrEntDefs) defs = qr_entdefs_new ();
  QrEntClass *base = add (defs, "Targetname", 1, "");
  qr_entclass_add_input (base, "Kill", "void", "Removes it");
  qr_entclass_add_output (base, "OnUser1", "void", NULL);
  QrEntClass *cls = add (defs, "func_button", 2, "Targetname");
  QrIoDef *kill = qr_entclass_add_input (cls, "kill", "void", "Its own");
  qr_entclass_add_input (cls, "Press", "void", NULL);
  qr_entdefs_finish (defs);
  g_assert_cmpuint (cls->inputs->len, ==, 2);
  g_assert_true (g_ptr_array_index (cls->inputs, 0) == kill);
  g_assert_cmpstr (((QrIoDef *) g_ptr_array_index (cls->inputs, 1))->name, ==, "Press");
  g_assert_cmpuint (cls->outputs->len, ==, 1);
  g_assert_cmpstr (((QrIoDef *) g_ptr_array_index (cls->outputs, 0))->name, ==, "OnUser1");
}

static void
set_color (QrEntClass *cls, double r, double g, double b)
{
  cls->has_color = true;
  cls->color[0] = r, cls->color[1] = g, cls->color[2] = b;
}

static void
set_size (QrEntClass *cls, double half)
{
  cls->has_size = true;
  cls->size = (QrBounds) { qr_vec3 (-half, -half, -half), qr_vec3 (half, half, half) };
}

/* The first base that has one, whether its own or inherited; a class's own wins. */
static void
test_inherited_looks (void)
{
  g_autoptr (QrEntDefs) defs = qr_entdefs_new ();
  QrEntClass *sized = add (defs, "sized", 1, "");
  set_size (sized, 4);
  QrEntClass *grand = add (defs, "grand", 2, "");
  set_color (grand, 0.25, 0.5, 0.75);
  set_size (grand, 16);
  grand->model = g_strdup ("progs/grand.mdl");
  QrEntClass *coloured = add (defs, "coloured", 3, "grand");
  set_color (coloured, 1, 0, 0);
  QrEntClass *child = add (defs, "child", 4, "sized coloured");
  QrEntClass *own = add (defs, "own", 5, "coloured");
  set_color (own, 0, 0, 1);
  set_size (own, 2);
  QrEntClass *heir = add (defs, "heir", 6, "sized grand");
  qr_entdefs_finish (defs);
  assert_errors (defs, 0);

  /* Colour from coloured (sized has none), size from sized (the first with
   * one), model from coloured's own base. */
  g_assert_true (child->has_color);
  qr_test_assert_exact (child->color[0], 1);
  qr_test_assert_exact (child->color[1], 0);
  g_assert_true (child->has_size);
  qr_test_assert_exact (child->size.max.x, 4);
  g_assert_cmpstr (child->model, ==, "progs/grand.mdl");
  /* coloured took grand's size, not its colour. */
  qr_test_assert_exact (coloured->color[0], 1);
  qr_test_assert_exact (coloured->size.max.z, 16);
  qr_test_assert_exact (own->color[2], 1);
  qr_test_assert_exact (own->size.min.y, -2);
  qr_test_assert_exact (heir->color[1], 0.5);
  qr_test_assert_exact (heir->size.max.x, 4);
  g_assert_false (sized->has_color);
  g_assert_null (sized->model);
}

static void
test_unknown_base (void)
{
  g_autoptr (QrEntDefs) defs = qr_entdefs_new ();
  key (add (defs, "Known", 3, ""), "k");
  QrEntClass *cls = add (defs, "orphan", 12, "Missing Known");
  key (cls, "own");
  qr_entdefs_finish (defs);
  assert_errors (defs, 1);
  g_assert_cmpstr (qr_entdefs_error (defs, 0), ==, "model.fgd:12:1: class orphan: unknown base class Missing");
  /* The bases that exist still give their keys. */
  g_autofree char *names = keys_of (cls);
  g_assert_cmpstr (names, ==, "k own");
}

/* A → B → C → A, and a class its own base: one error each, where the
 * cycle closes; the classes keep what they could resolve. */
static void
test_cycles (void)
{
  g_autoptr (QrEntDefs) defs = qr_entdefs_new ();
  key (add (defs, "A", 10, "B"), "a");
  key (add (defs, "B", 20, "C"), "b");
  QrEntClass *c = add (defs, "C", 30, "A");
  key (c, "c");
  QrEntClass *self = add (defs, "self", 40, "self");
  key (self, "s");
  QrEntClass *user = add (defs, "user", 50, "A");
  qr_entdefs_finish (defs);
  assert_errors (defs, 2);
  g_assert_cmpstr (qr_entdefs_error (defs, 0), ==, "model.fgd:30:1: class C: base class A inherits from it (a cycle)");
  g_assert_cmpstr (qr_entdefs_error (defs, 1), ==, "model.fgd:40:1: class self: base class self inherits from it (a cycle)");
  g_autofree char *a_names = keys_of (qr_entdefs_lookup (defs, "A"));
  g_assert_cmpstr (a_names, ==, "c b a");
  g_autofree char *self_names = keys_of (self);
  g_assert_cmpstr (self_names, ==, "s");
  g_autofree char *user_names = keys_of (user);
  g_assert_cmpstr (user_names, ==, "c b a");
}

/* A second class of a name replaces the first in lookups and keeps its place. */
static void
test_redefined (void)
{
  g_autoptr (QrEntDefs) defs = qr_entdefs_new ();
  key (add (defs, "light", 1, ""), "old");
  add (defs, "info_null", 2, "");
  QrEntClass *again = add (defs, "light", 3, "base");
  key (again, "new");
  key (add (defs, "base", 4, ""), "b");
  qr_entdefs_finish (defs);
  assert_errors (defs, 0);
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 3);
  g_assert_true (qr_entdefs_nth (defs, 0) == again);
  g_assert_cmpstr (qr_entdefs_nth (defs, 1)->name, ==, "info_null");
  g_assert_cmpstr (qr_entdefs_nth (defs, 2)->name, ==, "base");
  g_assert_true (qr_entdefs_lookup (defs, "light") == again);
  g_assert_true (qr_entdefs_lookup (defs, "LIGHT") == again);
  g_assert_cmpint (again->line, ==, 3);
  g_autofree char *names = keys_of (again);
  g_assert_cmpstr (names, ==, "b new");
}

/* Exact spelling first, then ignoring case; the case-insensitive lookup
 * survives a redefinition of one of two spellings. */
static void
test_lookup (void)
{
  g_autoptr (QrEntDefs) defs = qr_entdefs_new ();
  QrEntClass *upper = add (defs, "FOO", 1, "");
  QrEntClass *mixed = add (defs, "Foo", 2, "");
  QrEntClass *lower = add (defs, "light_small", 3, "");
  qr_entdefs_finish (defs);
  g_assert_true (qr_entdefs_lookup (defs, "FOO") == upper);
  g_assert_true (qr_entdefs_lookup (defs, "Foo") == mixed);
  const QrEntClass *folded = qr_entdefs_lookup (defs, "foo");
  g_assert_true (folded == upper || folded == mixed);
  g_assert_true (qr_entdefs_lookup (defs, "Light_Small") == lower);
  g_assert_null (qr_entdefs_lookup (defs, "light"));
  g_assert_null (qr_entdefs_lookup (defs, NULL));
  g_assert_null (qr_entdefs_lookup (NULL, "FOO"));

  /* Redefining FOO frees the first FOO: neither spelling may reach it. */
  QrEntClass *upper2 = add (defs, "FOO", 4, "");
  g_assert_true (qr_entdefs_lookup (defs, "FOO") == upper2);
  g_assert_true (qr_entdefs_lookup (defs, "Foo") == mixed);
  folded = qr_entdefs_lookup (defs, "fOo");
  g_assert_true (folded == upper2 || folded == mixed);
  g_assert_cmpint (folded->line, >=, 2);
  /* And redefining Foo after it. */
  QrEntClass *mixed2 = add (defs, "Foo", 5, "");
  g_assert_true (qr_entdefs_lookup (defs, "Foo") == mixed2);
  folded = qr_entdefs_lookup (defs, "foo");
  g_assert_true (folded == upper2 || folded == mixed2);
  g_assert_cmpuint (qr_entdefs_count (defs), ==, 3);
}

static void
test_point_size (void)
{
  g_autoptr (QrEntDefs) defs = qr_entdefs_new ();
  QrEntClass *sized = add (defs, "monster_dog", 1, "");
  sized->has_size = true;
  sized->size = (QrBounds) { qr_vec3 (-32, -32, -24), qr_vec3 (32, 32, 40) };
  add (defs, "info_null", 2, "");
  add (defs, "monster_puppy", 3, "monster_dog");
  qr_entdefs_finish (defs);

  QrBounds b = qr_entdefs_point_size (defs, "monster_dog");
  qr_test_assert_exact (b.min.z, -24);
  qr_test_assert_exact (b.max.z, 40);
  b = qr_entdefs_point_size (defs, "MONSTER_PUPPY");
  qr_test_assert_exact (b.min.x, -32);
  /* ±8 for a class without a size, an unknown one, and no definitions. */
  const char *const none[] = { "info_null", "nothing_such" };
  for (guint i = 0; i < G_N_ELEMENTS (none); i++)
    {
      b = qr_entdefs_point_size (defs, none[i]);
      qr_test_assert_exact (b.min.x, -8);
      qr_test_assert_exact (b.min.y, -8);
      qr_test_assert_exact (b.min.z, -8);
      qr_test_assert_exact (b.max.x, 8);
      qr_test_assert_exact (b.max.y, 8);
      qr_test_assert_exact (b.max.z, 8);
    }
  b = qr_entdefs_point_size (NULL, "monster_dog");
  qr_test_assert_exact (b.min.x, -8);
  qr_test_assert_exact (b.max.z, 8);
}

static void
test_errors_and_types (void)
{
  g_autoptr (QrEntDefs) defs = qr_entdefs_new ();
  qr_entdefs_add_error (defs, "a.def", 7, 3, "bad %s", "thing");
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 1);
  g_assert_cmpstr (qr_entdefs_error (defs, 0), ==, "a.def:7:3: bad thing");

  g_assert_cmpint (qr_prop_type_from_name ("Integer"), ==, QR_PROP_INTEGER);
  g_assert_cmpint (qr_prop_type_from_name ("target_destination"), ==, QR_PROP_TARGET_DESTINATION);
  g_assert_cmpint (qr_prop_type_from_name ("COLOR255"), ==, QR_PROP_COLOR255);
  g_assert_cmpint (qr_prop_type_from_name ("vecline"), ==, QR_PROP_VECTOR);
  g_assert_cmpint (qr_prop_type_from_name ("node_dest"), ==, QR_PROP_OTHER);

  /* Choices are copied; a flags key has its array from the start. */
  QrEntClass *cls = add (defs, "c", 1, "");
  QrPropDef *flags = qr_entclass_add_prop (cls, "spawnflags", QR_PROP_FLAGS, "flags");
  g_assert_nonnull (flags->choices);
  char value[] = "1";
  qr_prop_add_choice (flags, value, "Start off", true);
  value[0] = '2';
  g_assert_cmpstr (g_array_index (flags->choices, QrPropChoice, 0).value, ==, "1");
  g_assert_true (g_array_index (flags->choices, QrPropChoice, 0).default_on);
  g_assert_null (key (cls, "s")->choices);
}

/* A reference keeps the definitions alive after the first owner lets go. */
static void
test_refs (void)
{
  QrEntDefs *defs = qr_entdefs_new ();
  qr_entdefs_set_path (defs, "/games/q.fgd");
  QrEntDefs *held = qr_entdefs_ref (defs);
  add (defs, "light", 1, "");
  qr_entdefs_unref (defs);
  g_assert_cmpstr (qr_entdefs_get_path (held), ==, "/games/q.fgd");
  g_assert_cmpuint (qr_entdefs_count (held), ==, 1);
  qr_entdefs_unref (held);
  qr_entdefs_unref (NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/entdef-model/inherit/order", test_order);
  g_test_add_func ("/entdef-model/inherit/depth-first", test_depth_first);
  g_test_add_func ("/entdef-model/inherit/io", test_io);
  g_test_add_func ("/entdef-model/inherit/looks", test_inherited_looks);
  g_test_add_func ("/entdef-model/inherit/unknown-base", test_unknown_base);
  g_test_add_func ("/entdef-model/inherit/cycles", test_cycles);
  g_test_add_func ("/entdef-model/redefined", test_redefined);
  g_test_add_func ("/entdef-model/lookup", test_lookup);
  g_test_add_func ("/entdef-model/point-size", test_point_size);
  g_test_add_func ("/entdef-model/errors-and-types", test_errors_and_types);
  g_test_add_func ("/entdef-model/refs", test_refs);
  return g_test_run ();
}
