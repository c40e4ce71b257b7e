/* test-vmt.c — reading $basetexture and patch includes from VMT text. */
#include <string.h>

#include "qr-image.h"
#include "qr-vmt.h"

static char *
base_of (const char *text, GError **error)
{
  return qr_vmt_base_texture (text, strlen (text), "t.vmt", error);
}

static void
assert_base (const char *text, const char *expected)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *base = base_of (text, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (base, ==, expected);
}

static void
assert_malformed (const char *text, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *base = base_of (text, &error);
  g_autofree char *include = NULL;

  g_assert_null (base);
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
  g_assert_cmpstr (error->message, ==, message);
  g_clear_error (&error);
  include = qr_vmt_include (text, strlen (text), "t.vmt", &error);
  g_assert_null (include);
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
}

static void
test_basic (void)
{
  /* As the corpus's files are written. */
  assert_base ("UnlitGeneric\n\t{\n\t// Allow viewing ingame\n\t$basetexture \"test_vtf/sample_a8\"\n\t$model 0\n\t}\n",
               "test_vtf/sample_a8");
  assert_base ("\"LightmappedGeneric\" { \"$basetexture\" \"brick/wall01\" \"$surfaceprop\" \"brick\" }",
               "brick/wall01");
}

static void
test_comments_and_bare_tokens (void)
{
  assert_base ("// a material\nLightmappedGeneric// no space before the comment\n{\n"
               "  $surfaceprop brick // a comment after a bare value\n"
               "  // $basetexture commented/out\n"
               "  $basetexture brick/wall02\n"
               "}\n// trailing comment without a newline",
               "brick/wall02");
  /* A quoted string keeps // and spaces; a bare token ends at a quote or brace. */
  assert_base ("A{$basetexture\"dev/a b//c\"}", "dev/a b/c");
  assert_base ("A{\"$basetexture\"x/y}", "x/y");
}

static void
test_case_and_paths (void)
{
  /* Keys are case-insensitive; values keep their case. Backslashes become
   * slashes, repeated and leading slashes go, and so does ".vtf". */
  assert_base ("LightmappedGeneric { \"$BaseTexture\" \"Brick\\\\Wall01.VTF\" }", "Brick/Wall01");
  assert_base ("A { $BASETEXTURE \"\\\\metal//floor\\\\plate.vtf\" }", "metal/floor/plate");
  /* Only the extension goes, not a ".vtf" inside the name. */
  assert_base ("A { $basetexture \"a.vtf/b\" }", "a.vtf/b");
}

static void
test_nesting (void)
{
  /* Only the shader block's own key counts: not the proxies', not a DX
   * fallback's, wherever they stand. */
  assert_base ("\"VertexLitGeneric\"\n{\n"
               "  \"Proxies\" { \"AnimatedTexture\" { \"$basetexture\" \"wrong/proxy\" \"animatedtextureframenumvar\" \"$frame\" } }\n"
               "  \"$basetexture\" \"right/one\"\n"
               "  \">=DX90\" { \"$basetexture\" \"wrong/dx90\" }\n"
               "  \"LightmappedGeneric_DX80\" { $basetexture wrong/dx80 E { } }\n"
               "}\n",
               "right/one");
  /* A later key wins, as when the material system reads them in order. */
  assert_base ("A { $basetexture first $basetexture second }", "second");
  /* Empty blocks, and a second root whose keys do not count. */
  assert_base ("A { B { } $basetexture x C { D { } } } \"Other\" { $basetexture y }", "x");
}

static void
test_none (void)
{
  g_autoptr (GError) error = NULL;

  g_assert_null (base_of ("\"UnlitGeneric\" { \"$color\" \"[1 1 1]\" $translucent 1 }", &error));
  g_assert_no_error (error);
  g_assert_null (base_of ("Water { $bottommaterial \"nature/water_bottom\" }", &error));
  g_assert_no_error (error);
  g_assert_null (base_of ("A { $basetexture \"\" }", &error));
  g_assert_no_error (error);
}

static void
test_conditions (void)
{
  /* Read as on a Windows PC: $X360 and $OSX are false, $WIN32 true. */
  assert_base ("A { $basetexture pc/tex $basetexture console/tex [$X360] }", "pc/tex");
  assert_base ("A { $basetexture console/tex [$X360] $basetexture pc/tex [!$X360] }", "pc/tex");
  assert_base ("A { $basetexture a [$WIN32] }", "a");
  assert_base ("A { $basetexture a $basetexture b [$OSX || $WINDOWS] }", "b");
  assert_base ("A { $basetexture a $basetexture b [$WIN32 && $X360] }", "a");
  /* A condition on a block is read and let pass. */
  assert_base ("A { B [$X360] { $basetexture no } $basetexture yes }", "yes");
  /* A bracketed value with no block after it is a value, not a condition. */
  assert_base ("A { $color [1 1 1] $basetexture x }", "x");
  assert_base ("A { $basetexture [x] }", "[x]");
}

static void
test_patch (void)
{
  const char *patch = "patch\n{\n  include \"materials\\\\nature/blend_grass.vmt\"\n"
                      "  replace { $basetexture \"nature\\\\grass_dark\" $surfaceprop dirt }\n}\n";
  const char *bare = "\"Patch\" { \"Include\" \"materials/brick/base.vmt\" insert { $detail detail/x } }";
  g_autoptr (GError) error = NULL;
  g_autofree char *base = NULL, *include = NULL;

  /* The patch's own override is its base texture; the include is there to
   * chase when it has none. */
  base = qr_vmt_base_texture (patch, strlen (patch), "p.vmt", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (base, ==, "nature/grass_dark");
  include = qr_vmt_include (patch, strlen (patch), "p.vmt", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (include, ==, "materials/nature/blend_grass.vmt");
  g_clear_pointer (&base, g_free);
  g_clear_pointer (&include, g_free);

  base = qr_vmt_base_texture (bare, strlen (bare), "p.vmt", &error);
  g_assert_no_error (error);
  g_assert_null (base);
  include = qr_vmt_include (bare, strlen (bare), "p.vmt", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (include, ==, "materials/brick/base.vmt");
  g_clear_pointer (&include, g_free);

  /* insert counts too; an include key outside a patch does not. */
  assert_base ("patch { include x.vmt insert { $basetexture ins/tex } }", "ins/tex");
  const char *plain = "LightmappedGeneric { include \"materials/x.vmt\" $basetexture a }";
  include = qr_vmt_include (plain, strlen (plain), "p.vmt", &error);
  g_assert_no_error (error);
  g_assert_null (include);
}

static void
test_malformed (void)
{
  assert_malformed ("", "t.vmt:1:1: expected a shader name, found end of file");
  assert_malformed ("  // only a comment\n\n", "t.vmt:3:1: expected a shader name, found end of file");
  assert_malformed ("{ }", "t.vmt:1:1: expected a shader name, found '{'");
  assert_malformed ("LightmappedGeneric \"$basetexture\"",
                    "t.vmt:1:20: expected '{' after the shader name \"LightmappedGeneric\", found \"$basetexture\"");
  assert_malformed ("LightmappedGeneric\n{\n  $basetexture brick/wall\n",
                    "t.vmt:4:1: expected a key or '}' in the block \"LightmappedGeneric\" opened at 2:1, found end of file");
  assert_malformed ("A\n{\n  Proxies\n  {\n    Sine { }\n  \n}\n",
                    "t.vmt:8:1: expected a key or '}' in the block \"A\" opened at 2:1, found end of file");
  assert_malformed ("A {\n  $basetexture\n}", "t.vmt:3:1: expected a value or '{' after the key \"$basetexture\", found '}'");
  assert_malformed ("A { { } }", "t.vmt:1:5: expected a key or '}' in the block \"A\" opened at 1:3, found '{'");
  assert_malformed ("A {\n\t$basetexture \"brick/wall\n}\n", "t.vmt:2:15: unterminated quoted string");
  assert_malformed ("A { $basetexture x [$X360 }", "t.vmt:1:20: unterminated condition (no ']')");
  assert_malformed ("A { [$X360] x }", "t.vmt:1:5: expected a key or '}' in the block \"A\" opened at 1:3, found condition [$X360]");
  assert_malformed ("A { B }\n}", "t.vmt:1:7: expected a value or '{' after the key \"B\", found '}'");
  /* Long tokens are cut in messages and odd bytes escaped. */
  assert_malformed ("A { \"key\" }",
                    "t.vmt:1:11: expected a value or '{' after the key \"key\", found '}'");
  assert_malformed ("A B\x01\xff{",
                    "t.vmt:1:3: expected '{' after the shader name \"A\", found \"B\\001\\377\"");
  assert_malformed ("abcdefghijklmnopqrstuvwxyz0123456789 x",
                    "t.vmt:1:38: expected '{' after the shader name \"abcdefghijklmnopqrstuvwx\"…, found \"x\"");

  /* A NUL byte inside the text (the length says where it ends). */
  const char nul[] = "A { $basetexture a\0b }";
  g_autoptr (GError) error = NULL;
  g_assert_null (qr_vmt_base_texture (nul, sizeof nul - 1, "t.vmt", &error));
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
  g_assert_cmpstr (error->message, ==, "t.vmt:1:19: unexpected byte 0x00");
}

/* Nesting a hundred thousand blocks deep must be an error, not a stack
 * overflow; closing them all must parse. */
static void
test_deep_nesting (void)
{
  enum { DEPTH = 100000 };
  g_autoptr (GString) text = g_string_new ("A {");
  g_autoptr (GError) error = NULL;

  for (int i = 0; i < DEPTH; i++)
    g_string_append (text, " b {");
  g_assert_null (qr_vmt_base_texture (text->str, text->len, "deep.vmt", &error));
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
  g_assert_true (g_str_has_suffix (error->message, "found end of file"));
  g_clear_error (&error);

  for (int i = 0; i < DEPTH; i++)
    g_string_append (text, " }");
  g_string_append (text, " $basetexture deep/ok }");
  g_autofree char *base = qr_vmt_base_texture (text->str, text->len, "deep.vmt", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (base, ==, "deep/ok");
}

/* The text need not end in NUL: only `len` bytes are read. */
static void
test_length (void)
{
  const char text[] = "A { $basetexture abc } trailing garbage {";
  g_autoptr (GError) error = NULL;
  g_autofree char *exact = g_memdup2 (text, 22);
  g_autofree char *base = qr_vmt_base_texture (exact, 22, "t.vmt", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (base, ==, "abc");
  g_clear_pointer (&base, g_free);
  base = qr_vmt_base_texture (exact, 20, "t.vmt", &error);
  g_assert_null (base);
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT);
}

/* A blend material (WorldVertexTransition) names two layers; the first is
 * still its $basetexture, whichever comes first; a material without a
 * second gives none without an error; $basetexture2 is not $basetexture
 * (a longer key) nor the reverse. */
static void
test_second_layer (void)
{
  const char *blend = "WorldVertexTransition\n{\n\t$basetexture2 \"nature/dirt01\"\n"
                      "\t$basetexture \"nature/grass01\"\n\t$basetexturetransform2 \"center .5 .5\"\n}\n";
  g_autoptr (GError) error = NULL;
  g_autofree char *two = qr_vmt_base_texture2 (blend, strlen (blend), "t.vmt", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (two, ==, "nature/dirt01");
  assert_base (blend, "nature/grass01");
  const char *plain = "LightmappedGeneric { $basetexture brick/wall01 }";
  g_autofree char *none = qr_vmt_base_texture2 (plain, strlen (plain), "t.vmt", &error);
  g_assert_no_error (error);
  g_assert_null (none);
  const char *only2 = "WorldVertexTransition { $basetexture2 a/b }";
  assert_base (only2, NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/texture/vmt/basic", test_basic);
  g_test_add_func ("/texture/vmt/comments-and-bare-tokens", test_comments_and_bare_tokens);
  g_test_add_func ("/texture/vmt/case-and-paths", test_case_and_paths);
  g_test_add_func ("/texture/vmt/nesting", test_nesting);
  g_test_add_func ("/texture/vmt/none", test_none);
  g_test_add_func ("/texture/vmt/second-layer", test_second_layer);
  g_test_add_func ("/texture/vmt/conditions", test_conditions);
  g_test_add_func ("/texture/vmt/patch", test_patch);
  g_test_add_func ("/texture/vmt/malformed", test_malformed);
  g_test_add_func ("/texture/vmt/deep-nesting", test_deep_nesting);
  g_test_add_func ("/texture/vmt/length", test_length);
  return g_test_run ();
}
