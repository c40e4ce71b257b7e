/* test-texture-finder.c — a map's collections as its game finds them, on
 * the corpus's real maps and WADs, and what happens when they are not there. */
#include <glib/gstdio.h>
#include <string.h>

#include "qr-io.h"
#include "qr-test-corpus.h"
#include "qr-texture-finder.h"

/* The miptex sizes of a WAD, read here from the bytes by the layout of the
 * format (header: magic, count, directory offset; 32-byte entries: offset,
 * disk size, size, type, compression, pad, 16-byte name; miptex: 16-byte
 * name, width, height), independently of the decoder under test. */
static GHashTable *
wad_sizes (const char *path)
{
  g_autofree guint8 *data = NULL;
  gsize size = 0;
  g_assert_true (g_file_get_contents (path, (char **) &data, &size, NULL));
  g_assert_cmpuint (size, >=, 12);
  guint32 count = GUINT32_FROM_LE (*(guint32 *) (data + 4));
  guint32 dir = GUINT32_FROM_LE (*(guint32 *) (data + 8));
  GHashTable *sizes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint32 i = 0; i < count; i++)
    {
      const guint8 *entry = data + dir + 32 * i;
      guint32 offset = GUINT32_FROM_LE (*(guint32 *) entry);
      if (entry[12] != 0x44 && entry[12] != 0x43)
        continue;
      char name[17] = { 0 };
      memcpy (name, entry + 16, 16);
      guint32 w = GUINT32_FROM_LE (*(guint32 *) (data + offset + 16));
      guint32 h = GUINT32_FROM_LE (*(guint32 *) (data + offset + 20));
      g_hash_table_insert (sizes, g_ascii_strdown (name, -1), GUINT_TO_POINTER (w << 16 | h));
    }
  return sizes;
}

static QrMap *
load (const char *path)
{
  g_autoptr (GError) error = NULL;
  QrMap *map = qr_map_load (path, &error);
  g_assert_no_error (error);
  return map;
}

/* LibreQuake's maps name their WADs relative to their own folder: all are
 * found, every texture resolves, with the sizes the WAD directories give,
 * and every one decodes into the set. */
static void
check_librequake (const char *rel, guint n_wads)
{
  g_autofree char *path = qr_test_corpus_file (rel);
  if (path == NULL)
    return;
  g_autoptr (QrMap) map = load (path);
  g_autoptr (QrTextureFinder) finder = qr_texture_finder_new_for_map (map, path, NULL);
  g_assert_cmpuint (qr_texture_finder_n_collections (finder), ==, n_wads);
  for (guint i = 0; i < n_wads; i++)
    {
      const QrCollection *c = qr_texture_finder_collection (finder, i);
      g_assert_null (c->error);
      g_assert_nonnull (c->path);
      g_assert_cmpint (c->format, ==, QR_COLLECTION_WAD2);
      g_assert_cmpint (c->wad_entry, ==, (int) i);
      g_assert_cmpuint (c->n_textures, >, 0);
    }

  g_autoptr (GArray) uses = qr_texture_uses (map);
  g_assert_cmpuint (uses->len, >, 10);
  guint faces = 0;
  for (guint u = 0; u < uses->len; u++)
    {
      const QrTextureUse *use = &g_array_index (uses, QrTextureUse, u);
      faces += use->faces;
      int w = 0, h = 0;
      int at = qr_texture_finder_locate (finder, use->name, &w, &h);
      g_assert_cmpint (at, >=, 0);
      g_autoptr (GHashTable) sizes = wad_sizes (qr_texture_finder_collection (finder, (guint) at)->path);
      g_autofree char *folded = g_ascii_strdown (use->name, -1);
      guint packed = GPOINTER_TO_UINT (g_hash_table_lookup (sizes, folded));
      g_assert_cmpuint (packed, !=, 0);
      g_assert_cmpint (w, ==, (int) (packed >> 16));
      g_assert_cmpint (h, ==, (int) (packed & 0xffff));
    }
  g_assert_cmpuint (faces, ==, qr_map_count_faces (map));

  g_auto (GStrv) names = qr_texture_used_names (map);
  g_autoptr (QrTextureSet) set = qr_texture_set_new ();
  guint missing = qr_texture_finder_fill (finder, (const char *const *) names, set, NULL, NULL, NULL);
  g_assert_cmpuint (missing, ==, 0);
  g_assert_cmpuint (qr_texture_set_count (set), ==, uses->len);
  for (guint i = 0; i < qr_texture_set_count (set); i++)
    {
      const QrTexture *t = qr_texture_set_nth (set, i);
      g_assert_cmpint (t->status, ==, QR_TEXTURE_LOADED);
      g_assert_nonnull (t->rgba);
      g_assert_cmpint (t->width, >, 0);
      g_assert_nonnull (t->collection);
    }
}

static void
test_librequake_e1m3 (void)
{
  check_librequake ("librequake/lq1/maps/src/e1/e1m3.map", 8);
}

static void
test_librequake_e2m2 (void)
{
  check_librequake ("librequake/lq1/maps/src/e2/e2m2.map", 5);
}

/* Half-Life: WAD3 collections beside the map, the first listed winning. */
static void
test_halflife (void)
{
  g_autofree char *path = qr_test_corpus_file ("halflife/hl_currents.map");
  if (path == NULL)
    return;
  g_autoptr (QrMap) map = load (path);
  g_autoptr (QrTextureFinder) finder = qr_texture_finder_new_for_map (map, path, NULL);
  g_assert_cmpuint (qr_texture_finder_n_collections (finder), >=, 2);
  for (guint i = 0; i < 2; i++)
    {
      const QrCollection *c = qr_texture_finder_collection (finder, i);
      g_assert_null (c->error);
      g_assert_cmpint (c->format, ==, QR_COLLECTION_WAD3);
    }
  g_autoptr (GArray) uses = qr_texture_uses (map);
  guint found = 0;
  for (guint u = 0; u < uses->len; u++)
    {
      int w, h;
      found += qr_texture_finder_locate (finder, g_array_index (uses, QrTextureUse, u).name, &w, &h) >= 0;
    }
  g_assert_cmpuint (found, ==, uses->len);
}

/* Nothing missing is fatal: a WAD that is nowhere, a broken one, names no
 * collection holds. */
static void
test_missing_and_broken (void)
{
  g_autofree char *broken = qr_test_corpus_file ("trenchbroom/TbFsLib/fs/Wad/bad_magic.wad");
  if (broken == NULL)
    return;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("quarry-finder-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *map_path = g_build_filename (dir, "m.map", NULL);
  g_autofree char *text = g_strdup_printf (
      "{\n\"classname\" \"worldspawn\"\n\"wad\" \"C:\\nowhere\\gone.wad;%s\"\n"
      "{\n( 64 0 0 ) ( 64 64 0 ) ( 0 64 0 ) nothere 0 0 0 1 1\n( 64 64 64 ) ( 64 0 64 ) ( 0 0 64 ) nothere 0 0 0 1 1\n"
      "( 64 0 64 ) ( 64 0 0 ) ( 0 0 0 ) alsogone 0 0 0 1 1\n( 64 64 64 ) ( 64 64 0 ) ( 64 0 0 ) nothere 0 0 0 1 1\n"
      "( 0 64 64 ) ( 0 64 0 ) ( 64 64 0 ) nothere 0 0 0 1 1\n( 0 0 64 ) ( 0 0 0 ) ( 0 64 0 ) nothere 0 0 0 1 1\n}\n}\n",
      broken);
  g_assert_true (g_file_set_contents (map_path, text, -1, NULL));
  g_autoptr (QrMap) map = load (map_path);
  g_autoptr (QrTextureFinder) finder = qr_texture_finder_new_for_map (map, map_path, NULL);
  g_assert_cmpuint (qr_texture_finder_n_collections (finder), ==, 2);
  const QrCollection *gone = qr_texture_finder_collection (finder, 0);
  g_assert_null (gone->path);
  g_assert_nonnull (gone->error);
  g_assert_cmpstr (gone->name, ==, "C:\\nowhere\\gone.wad");
  const QrCollection *bad = qr_texture_finder_collection (finder, 1);
  g_assert_nonnull (bad->path);
  g_assert_nonnull (bad->error);
  g_assert_cmpuint (bad->n_textures, ==, 0);

  g_auto (GStrv) names = qr_texture_used_names (map);
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_autoptr (QrTextureSet) set = qr_texture_set_new ();
  g_assert_cmpuint (qr_texture_finder_fill (finder, (const char *const *) names, set, NULL, NULL, NULL), ==, 2);
  g_assert_cmpint (qr_texture_set_lookup (set, "nothere")->status, ==, QR_TEXTURE_MISSING);
  g_assert_null (qr_texture_finder_decode (finder, "nothere", 0, &error));
  g_assert_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_NOT_FOUND);

  g_unlink (map_path);
  g_rmdir (dir);
}

/* A cube of six faces, one texture each, in the MAP form of `face_tail`
 * (what follows the texture name on a face line). */
static char *
cube_map (const char *const names[6], const char *face_tail)
{
  static const char *const planes[6] = {
    "( 64 0 0 ) ( 64 64 0 ) ( 0 64 0 )", "( 64 64 64 ) ( 64 0 64 ) ( 0 0 64 )", "( 64 0 64 ) ( 64 0 0 ) ( 0 0 0 )",
    "( 64 64 64 ) ( 64 64 0 ) ( 64 0 0 )", "( 0 64 64 ) ( 0 64 0 ) ( 64 64 0 )", "( 0 0 64 ) ( 0 0 0 ) ( 0 64 0 )",
  };
  GString *s = g_string_new ("{\n\"classname\" \"worldspawn\"\n{\n");
  for (int i = 0; i < 6; i++)
    g_string_append_printf (s, "%s %s %s\n", planes[i], names[i], face_tail);
  g_string_append (s, "}\n}\n");
  return g_string_free (s, FALSE);
}

static QrMap *
load_text (const char *dir, const char *file, const char *text)
{
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  QrMap *map = load (path);
  g_unlink (path);
  /* the cubes are real brushes, not just face lists */
  qr_map_build_geometry (map, 1);
  g_assert_true (qr_brush_is_valid (qr_entity_get_brush (qr_map_get_entity (map, 0), 0)));
  return map;
}

static void
assert_found (QrTextureFinder *finder, const char *name, int width, int height, QrCollectionFormat format)
{
  int w = 0, h = 0;
  int at = qr_texture_finder_locate (finder, name, &w, &h);
  if (at < 0)
    g_error ("%s: not found", name);
  g_assert_cmpint (qr_texture_finder_collection (finder, (guint) at)->format, ==, format);
  g_assert_cmpint (w, ==, width);
  g_assert_cmpint (h, ==, height);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrImage) image = qr_texture_finder_decode (finder, name, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (image->width, ==, width);
  g_assert_cmpint (image->height, ==, height);
}

/* Quake 2 WALs, Quake 3 shaders and images, Source materials: found in
 * the content folder given as a search folder, names matched without case. */
static void
test_content_folders (void)
{
  g_autofree char *q2 = qr_test_corpus_file ("trenchbroom/TbMdlLib/mdl/Game/Quake2/baseq2");
  g_autofree char *q3 = qr_test_corpus_file ("trenchbroom/TbMdlLib/mdl/Game/Quake3/baseq3");
  g_autofree char *vtf = qr_test_corpus_file ("vtf");
  if (q2 == NULL || q3 == NULL || vtf == NULL)
    return;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("quarry-finder-XXXXXX", &error);
  g_assert_no_error (error);

  const char *const q2_names[6] = { "e1m1/b_pv_v1a2", "E1M1/F1/B_RC_V4", "lavatest", "b_pv_v1a1", "watertest", "nope/gone" };
  g_autofree char *q2_text = cube_map (q2_names, "0 0 0 1 1 0 0 0");
  g_autoptr (QrMap) q2_map = load_text (dir, "q2.map", q2_text);
  const char *q2_search[] = { q2, NULL };
  g_autoptr (QrTextureFinder) q2_finder = qr_texture_finder_new_for_map (q2_map, NULL, q2_search);
  g_assert_cmpuint (qr_texture_finder_n_collections (q2_finder), ==, 1);
  g_assert_cmpint (qr_texture_finder_collection (q2_finder, 0)->format, ==, QR_COLLECTION_FOLDER);
  g_assert_cmpuint (qr_texture_finder_collection (q2_finder, 0)->n_textures, ==, 5);
  for (int i = 0; i < 5; i++)
    {
      int w, h;
      g_assert_cmpint (qr_texture_finder_locate (q2_finder, q2_names[i], &w, &h), ==, 0);
      g_assert_cmpint (w, >, 0);
    }
  g_assert_cmpint (qr_texture_finder_locate (q2_finder, "nope/gone", &(int) { 0 }, &(int) { 0 }), ==, -1);

  /* test/test: the shader's editor image (a JPEG) wins over test.tga;
   * test/test2's editor image is missing, so its TGA shows */
  const char *const q3_names[6] = { "test/test", "test/test2", "test/not_existing", "skies/hub1/dusk", "test/test", "test/test" };
  g_autofree char *q3_text = cube_map (q3_names, "0 0 0 0.5 0.5 0 0 0");
  g_autoptr (QrMap) q3_map = load_text (dir, "q3.map", q3_text);
  const char *q3_search[] = { q3, NULL };
  g_autoptr (QrTextureFinder) q3_finder = qr_texture_finder_new_for_map (q3_map, NULL, q3_search);
  g_autoptr (QrImage) jpeg = qr_texture_finder_decode (q3_finder, "test/test", 0, &error);
  g_assert_no_error (error);
  g_autoptr (QrImage) via_shader = qr_texture_finder_decode (q3_finder, "test/not_existing", 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (jpeg->width, ==, via_shader->width);
  g_assert_cmpmem (jpeg->rgba, (gsize) jpeg->width * jpeg->height * 4, via_shader->rgba,
                   (gsize) via_shader->width * via_shader->height * 4);
  int w, h;
  g_assert_cmpint (qr_texture_finder_locate (q3_finder, "skies/hub1/dusk", &w, &h), ==, 0);
  g_assert_cmpint (qr_texture_finder_locate (q3_finder, "test/test2", &w, &h), ==, 0);

  /* a VMF's materials, through the VMT's $basetexture */
  g_autoptr (GString) vmf = g_string_new ("world\n{\n\"id\" \"1\"\n\"classname\" \"worldspawn\"\nsolid\n{\n\"id\" \"2\"\n");
  static const char *const planes[6] = {
    "(64 0 0) (64 64 0) (0 64 0)", "(64 64 64) (64 0 64) (0 0 64)", "(64 0 64) (64 0 0) (0 0 0)",
    "(64 64 64) (64 64 0) (64 0 0)", "(0 64 64) (0 64 0) (64 64 0)", "(0 0 64) (0 0 0) (0 64 0)",
  };
  const char *const materials[6] = { "TEST_VTF/SAMPLE_DXT5", "test_vtf/sample_bgr888", "test_vtf/sample_i8",
                                     "test_vtf/sample_dxt1", "test_vtf/sample_a8", "test_vtf/sample_dxt5" };
  for (int i = 0; i < 6; i++)
    g_string_append_printf (vmf, "side\n{\n\"id\" \"%d\"\n\"plane\" \"%s\"\n\"material\" \"%s\"\n"
                                 "\"uaxis\" \"[1 0 0 0] 0.25\"\n\"vaxis\" \"[0 -1 0 0] 0.25\"\n\"rotation\" \"0\"\n"
                                 "\"lightmapscale\" \"16\"\n\"smoothing_groups\" \"0\"\n}\n",
                            i + 1, planes[i], materials[i]);
  g_string_append (vmf, "}\n}\n");
  g_autoptr (QrMap) vmf_map = load_text (dir, "s.vmf", vmf->str);
  const char *vtf_search[] = { vtf, NULL };
  g_autoptr (QrTextureFinder) vtf_finder = qr_texture_finder_new_for_map (vmf_map, NULL, vtf_search);
  g_assert_cmpint (qr_texture_finder_collection (vtf_finder, 0)->format, ==, QR_COLLECTION_VTF);
  for (int i = 0; i < 6; i++)
    assert_found (vtf_finder, materials[i], 64, 64, QR_COLLECTION_VTF);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/texture/finder/librequake-e1m3", test_librequake_e1m3);
  g_test_add_func ("/texture/finder/librequake-e2m2", test_librequake_e2m2);
  g_test_add_func ("/texture/finder/halflife", test_halflife);
  g_test_add_func ("/texture/finder/missing-and-broken", test_missing_and_broken);
  g_test_add_func ("/texture/finder/content-folders", test_content_folders);
  return g_test_run ();
}
