/* quarry-cli textures: where a map's textures are, and which are missing. */
#include "qr-cli.h"
#include "qr-cli-common.h"
#include "qr-cli-json.h"

#include <stdio.h>

#include "qr-texture-finder.h"

static json_object *
json_string_or_null (const char *s)
{
  return s != NULL ? json_object_new_string (s) : NULL;
}

int
qr_cli_textures (int argc, char **argv)
{
  gboolean json = FALSE;
  g_auto (GStrv) search = NULL;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
    { "search", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &search,
      "A game or content folder to look in (repeatable)", "DIR" },
    { NULL },
  };
  g_autoptr (GOptionContext) context
      = g_option_context_new ("MAP — the collections a map's textures come from, and what is missing");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!qr_cli_parse_options (context, &argc, &argv))
    return QR_EXIT_USAGE;
  if (argc != 2)
    {
      fprintf (stderr, "quarry-cli textures: expected one MAP\n");
      return QR_EXIT_USAGE;
    }
  g_autoptr (QrMap) map = qr_cli_load (argv[1]);
  if (map == NULL)
    return QR_EXIT_BAD_INPUT;

  g_autoptr (QrTextureFinder) finder
      = qr_texture_finder_new_for_map (map, argv[1], (const char *const *) search);
  g_autoptr (GArray) uses = qr_texture_uses (map);

  json_object *root = json_object_new_object ();
  json_object *collections = json_object_new_array ();
  for (guint i = 0; i < qr_texture_finder_n_collections (finder); i++)
    {
      const QrCollection *c = qr_texture_finder_collection (finder, i);
      json_object *o = json_object_new_object ();
      json_object_object_add (o, "name", json_object_new_string (c->name));
      json_object_object_add (o, "path", json_string_or_null (c->path));
      json_object_object_add (o, "format", json_object_new_string (qr_collection_format_name (c->format)));
      json_object_object_add (o, "textures", json_object_new_int64 (c->n_textures));
      json_object_object_add (o, "error", json_string_or_null (c->error));
      json_object_array_add (collections, o);
    }
  json_object *textures = json_object_new_array ();
  json_object *missing = json_object_new_array ();
  for (guint u = 0; u < uses->len; u++)
    {
      const QrTextureUse *use = &g_array_index (uses, QrTextureUse, u);
      int w = 0, h = 0;
      int at = qr_texture_finder_locate (finder, use->name, &w, &h);
      json_object *o = json_object_new_object ();
      json_object_object_add (o, "name", json_object_new_string (use->name));
      json_object_object_add (o, "faces", json_object_new_int64 (use->faces));
      json_object_object_add (o, "collection",
                              at >= 0 ? json_object_new_string (qr_texture_finder_collection (finder, (guint) at)->name)
                                      : NULL);
      json_object_object_add (o, "width", at >= 0 ? json_object_new_int (w) : NULL);
      json_object_object_add (o, "height", at >= 0 ? json_object_new_int (h) : NULL);
      json_object_array_add (textures, o);
      if (at < 0)
        json_object_array_add (missing, json_object_new_string (use->name));
    }
  json_object_object_add (root, "collections", collections);
  json_object_object_add (root, "textures", textures);
  json_object_object_add (root, "missing", missing);

  if (json)
    qr_json_print (root);
  else
    {
      for (guint i = 0; i < qr_texture_finder_n_collections (finder); i++)
        {
          const QrCollection *c = qr_texture_finder_collection (finder, i);
          printf ("%-6s %4u  %s%s%s\n", qr_collection_format_name (c->format), c->n_textures,
                  c->path != NULL ? c->path : c->name, c->error != NULL ? "  — " : "",
                  c->error != NULL ? c->error : "");
        }
      guint n_missing = json_object_array_length (missing);
      printf ("%u textures, %u missing\n", uses->len, n_missing);
      for (guint i = 0; i < n_missing; i++)
        printf ("  missing: %s\n", json_object_get_string (json_object_array_get_idx (missing, i)));
    }
  json_object_put (root);
  return QR_EXIT_OK;
}
