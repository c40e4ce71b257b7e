/* quarry-cli export: a map as a mesh for other programs, OBJ + MTL or
 * glTF binary, hidden faces removed by the union of each entity's brushes. */
#include "qr-cli.h"
#include "qr-cli-json.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "qr-export-build.h"
#include "qr-export-gltf.h"
#include "qr-export-obj.h"

int
qr_cli_export (int argc, char **argv)
{
  gboolean no_union = FALSE, json = FALSE, no_textures = FALSE, no_patches = FALSE;
  g_auto (GStrv) search = NULL;
  g_autofree char *scale_text = NULL, *up = NULL, *entities = NULL, *textures = NULL;
  int repeat = 1;
  const GOptionEntry entries[] = {
    { "no-union", 0, 0, G_OPTION_ARG_NONE, &no_union, "Every face of every brush, hidden ones included", NULL },
    { "search", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &search,
      "A game or content folder to look in for textures (repeatable)", "DIR" },
    { "scale", 0, 0, G_OPTION_ARG_STRING, &scale_text, "Multiply coordinates (e.g. 0.03125: 32 units a metre)", "S" },
    { "up", 0, 0, G_OPTION_ARG_STRING, &up, "The output's up axis: y (default) or z", "y|z" },
    { "entities", 0, 0, G_OPTION_ARG_STRING, &entities,
      "world: worldspawn with its groups and detail only; all (default): every brush entity too", "world|all" },
    { "textures", 0, 0, G_OPTION_ARG_STRING, &textures,
      "glTF: PNGs inside the .glb (default) or beside it", "embedded|external" },
    { "no-textures", 0, 0, G_OPTION_ARG_NONE, &no_textures, "Write no images (texture sizes are still used)", NULL },
    { "no-patches", 0, 0, G_OPTION_ARG_NONE, &no_patches, "Leave Quake 3 patches out", NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print figures as JSON", NULL },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat,
      "Build and write N times, reporting the fastest (for benchmarks)", "N" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("MAP OUT.obj|OUT.glb — export the map as a mesh");
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = NULL;
  g_autoptr (QrTextureFinder) finder = NULL;
  g_autoptr (QrExportScene) scene = NULL;
  QrExportOptions options = { .up = QR_EXPORT_UP_Y, .scale = 1, .images = TRUE };
  QrExportTextures where = QR_EXPORT_TEXTURES_EMBEDDED;
  const char *out;
  bool glb;
  guint skipped = 0;
  double scene_ms = INFINITY, union_ms = INFINITY, write_ms = INFINITY;
  guint64 vertices = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!qr_cli_parse_options (context, &argc, &argv))
    return QR_EXIT_USAGE;
  if (argc != 3)
    {
      fprintf (stderr, "quarry-cli export: expected MAP OUT.obj|OUT.glb\n");
      return QR_EXIT_USAGE;
    }
  out = argv[2];
  if (g_str_has_suffix (out, ".glb") || g_str_has_suffix (out, ".GLB"))
    glb = true;
  else if (g_str_has_suffix (out, ".obj") || g_str_has_suffix (out, ".OBJ"))
    glb = false;
  else
    {
      fprintf (stderr, "quarry-cli export: %s: the name must end in .obj or .glb\n", out);
      return QR_EXIT_USAGE;
    }
  if (scale_text != NULL)
    {
      char *end = NULL;

      options.scale = g_ascii_strtod (scale_text, &end);
      if (end == scale_text || *end != '\0' || !(options.scale > 0) || !isfinite (options.scale))
        {
          fprintf (stderr, "quarry-cli export: --scale needs a positive number, not \"%s\"\n", scale_text);
          return QR_EXIT_USAGE;
        }
    }
  if (up != NULL && strcmp (up, "y") != 0 && strcmp (up, "z") != 0)
    {
      fprintf (stderr, "quarry-cli export: --up is y or z, not \"%s\"\n", up);
      return QR_EXIT_USAGE;
    }
  options.up = up != NULL && strcmp (up, "z") == 0 ? QR_EXPORT_UP_Z : QR_EXPORT_UP_Y;
  if (entities != NULL && strcmp (entities, "world") != 0 && strcmp (entities, "all") != 0)
    {
      fprintf (stderr, "quarry-cli export: --entities is world or all, not \"%s\"\n", entities);
      return QR_EXIT_USAGE;
    }
  options.entities = entities != NULL && strcmp (entities, "world") == 0 ? QR_EXPORT_ENTITIES_WORLD
                                                                          : QR_EXPORT_ENTITIES_ALL;
  if (textures != NULL && strcmp (textures, "embedded") != 0 && strcmp (textures, "external") != 0)
    {
      fprintf (stderr, "quarry-cli export: --textures is embedded or external, not \"%s\"\n", textures);
      return QR_EXIT_USAGE;
    }
  where = textures != NULL && strcmp (textures, "external") == 0 ? QR_EXPORT_TEXTURES_EXTERNAL
                                                                 : QR_EXPORT_TEXTURES_EMBEDDED;
  if (repeat < 1)
    {
      fprintf (stderr, "quarry-cli export: --repeat needs a count of 1 or more\n");
      return QR_EXIT_USAGE;
    }
  options.no_union = no_union;
  options.no_patches = no_patches;
  options.images = !no_textures;

  map = qr_cli_load (argv[1]);
  if (map == NULL)
    return QR_EXIT_BAD_INPUT;
  qr_map_build_geometry (map, 0);
  finder = qr_texture_finder_new_for_map (map, argv[1], (const char *const *) search);
  options.finder = finder;
  /* Nothing else touches the map here: the polytopes just built serve. */
  options.map_polytopes = true;

  /* The fastest of the repeats: the first pays for the memory the later
   * ones reuse, and for the texture finder's lookups. */
  for (int r = 0; r < repeat; r++)
    {
      gint64 t0, t1, t2;

      g_clear_pointer (&scene, qr_export_scene_free);
      t0 = g_get_monotonic_time ();
      scene = qr_export_scene_from_map (map, &options, &skipped);
      t1 = g_get_monotonic_time ();
      if (!(glb ? qr_export_write_glb (scene, out, where, &error) : qr_export_write_obj (scene, out, &error)))
        {
          fprintf (stderr, "quarry-cli export: %s\n", error->message);
          return QR_EXIT_BAD_INPUT;
        }
      t2 = g_get_monotonic_time ();
      scene_ms = MIN (scene_ms, (double) (t1 - t0) / 1000);
      write_ms = MIN (write_ms, (double) (t2 - t1) / 1000);
      union_ms = MIN (union_ms, round (scene->union_ms * 1000) / 1000);
    }

  for (guint i = 0; i < scene->objects->len; i++)
    {
      const QrExportObject *o = g_ptr_array_index (scene->objects, i);

      for (guint p = 0; p < o->primitives->len; p++)
        vertices += qr_export_primitive_n_vertices (g_ptr_array_index (o->primitives, p));
    }
  if (json)
    {
      json_object *root = json_object_new_object ();
      guint missing = 0;

      for (guint i = 0; i < scene->materials->len; i++)
        missing += ((QrExportMaterial *) g_ptr_array_index (scene->materials, i))->image == NULL;
      json_object_object_add (root, "objects", json_object_new_int64 (scene->objects->len));
      json_object_object_add (root, "materials", json_object_new_int64 (scene->materials->len));
      json_object_object_add (root, "materials_without_image", json_object_new_int64 (missing));
      json_object_object_add (root, "triangles_before", json_object_new_int64 ((int64_t) scene->triangles_before));
      json_object_object_add (root, "triangles", json_object_new_int64 ((int64_t) scene->triangles_after));
      json_object_object_add (root, "vertices", json_object_new_int64 ((int64_t) vertices));
      json_object_object_add (root, "invalid_brushes_skipped", json_object_new_int64 (skipped));
      json_object_object_add (root, "scene_ms", qr_json_number (scene_ms));
      json_object_object_add (root, "union_ms", qr_json_number (union_ms));
      json_object_object_add (root, "write_ms", qr_json_number (write_ms));
      qr_json_print (root);
      json_object_put (root);
    }
  else
    printf ("%s: %u objects, %" G_GUINT64_FORMAT " triangles (%" G_GUINT64_FORMAT " before hidden faces were "
            "removed), %u materials\n",
            out, scene->objects->len, scene->triangles_after, scene->triangles_before, scene->materials->len);
  if (skipped > 0)
    fprintf (stderr, "quarry-cli export: %u invalid brushes left out (quarry-cli check lists them)\n", skipped);
  return QR_EXIT_OK;
}
