/* quarry-cli info: what a map holds, and which brushes are invalid and why. */
#include "qr-cli.h"
#include "qr-cli-json.h"
#include "qr-disp.h"

#include <stdio.h>
#include <string.h>

typedef struct
{
  guint entity, brush;
  char *reason;
} Invalid;

static void
invalid_clear (gpointer data)
{
  g_free (((Invalid *) data)->reason);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

int
qr_cli_info (int argc, char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE — dialect, counts, invalid brushes, bounds, textures");
  g_autoptr (QrMap) map = NULL;
  g_autoptr (GArray) invalid = g_array_new (FALSE, FALSE, sizeof (Invalid));
  g_autoptr (GPtrArray) textures = NULL;
  g_autoptr (GPtrArray) bad_patches = g_ptr_array_new (); /* QrNode *, borrowed */
  g_autoptr (GArray) bad_patch_entities = g_array_new (FALSE, FALSE, sizeof (guint));
  QrBounds bounds = qr_bounds_empty ();
  guint kept_blocks = 0, patches = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!qr_cli_parse_options (context, &argc, &argv))
    return QR_EXIT_USAGE;
  if (argc != 2)
    {
      fprintf (stderr, "quarry-cli info: expected one FILE\n");
      return QR_EXIT_USAGE;
    }
  map = qr_cli_load (argv[1]);
  if (map == NULL)
    return QR_EXIT_BAD_INPUT;
  qr_map_build_geometry (map, 0);
  g_array_set_clear_func (invalid, invalid_clear);

  /* Textures faces actually use, sorted; the name table may hold more. */
  {
    g_autofree bool *used = g_new0 (bool, map->textures->len);

    textures = g_ptr_array_new ();
    for (guint e = 0; e < qr_map_entity_count (map); e++)
      {
        QrEntity *entity = qr_map_get_entity (map, e);

        kept_blocks += entity->kept->len;
        for (guint k = 0; k < entity->kept->len; k++)
          {
            QrNode *node = g_ptr_array_index (entity->kept, k);

            patches += node->patch != NULL;
            if (node->problem != NULL)
              {
                g_ptr_array_add (bad_patches, node);
                g_array_append_val (bad_patch_entities, e);
              }
          }
        for (guint b = 0; b < qr_entity_brush_count (entity); b++)
          {
            QrBrush *brush = qr_entity_get_brush (entity, b);

            for (int f = 0; f < brush->n_faces; f++)
              used[brush->faces[f].texture] = true;
            if (qr_brush_is_valid (brush))
              qr_bounds_add_bounds (&bounds, qr_brush_bounds (brush));
            else
              {
                Invalid inv = { e, b, qr_polytope_dup_reason (brush->poly) };
                g_array_append_val (invalid, inv);
              }
          }
      }
    for (guint i = 0; i < map->textures->len; i++)
      if (used[i])
        g_ptr_array_add (textures, (gpointer) qr_map_texture_name (map, i));
    g_ptr_array_sort (textures, compare_strings);
  }
  /* A corner solved as -0 reads as 0 in a report ("-0" is for files). */
  bounds.min = qr_vec3_add (bounds.min, qr_vec3 (0, 0, 0));
  bounds.max = qr_vec3_add (bounds.max, qr_vec3 (0, 0, 0));

  if (json)
    {
      json_object *root = json_object_new_object ();
      json_object *inv = json_object_new_array ();
      json_object *tex = json_object_new_array ();

      json_object_object_add (root, "file", json_object_new_string (argv[1]));
      json_object_object_add (root, "dialect", json_object_new_string (qr_dialect_to_string (qr_map_detect_dialect (map))));
      json_object_object_add (root, "entities", json_object_new_int64 (qr_map_entity_count (map)));
      json_object_object_add (root, "brushes", json_object_new_int64 (qr_map_count_brushes (map)));
      json_object_object_add (root, "faces", json_object_new_int64 (qr_map_count_faces (map)));
      json_object_object_add (root, "kept_blocks", json_object_new_int64 (kept_blocks + map->kept->len));
      json_object_object_add (root, "patches", json_object_new_int64 (patches));
      {
        json_object *bad = json_object_new_array ();

        for (guint i = 0; i < bad_patches->len; i++)
          {
            json_object *o = json_object_new_object ();
            json_object_object_add (o, "entity", json_object_new_int64 (g_array_index (bad_patch_entities, guint, i)));
            json_object_object_add (o, "reason", json_object_new_string (((QrNode *) g_ptr_array_index (bad_patches, i))->problem));
            json_object_array_add (bad, o);
          }
        json_object_object_add (root, "invalid_patches", bad);
      }
      for (guint i = 0; i < invalid->len; i++)
        {
          Invalid *v = &g_array_index (invalid, Invalid, i);
          json_object *o = json_object_new_object ();
          g_autofree char *name = qr_cli_dup_brush_name (v->entity, v->brush);

          json_object_object_add (o, "brush", json_object_new_string (name));
          json_object_object_add (o, "reason", json_object_new_string (v->reason));
          json_object_array_add (inv, o);
        }
      json_object_object_add (root, "invalid", inv);
      if (!qr_bounds_is_empty (bounds))
        {
          json_object *b = json_object_new_object ();

          json_object_object_add (b, "min", qr_json_vec3 (bounds.min));
          json_object_object_add (b, "max", qr_json_vec3 (bounds.max));
          json_object_object_add (root, "bounds", b);
        }
      else
        json_object_object_add (root, "bounds", NULL);
      for (guint i = 0; i < textures->len; i++)
        json_object_array_add (tex, json_object_new_string (g_ptr_array_index (textures, i)));
      json_object_object_add (root, "textures", tex);
      qr_json_print (root);
      json_object_put (root);
      return QR_EXIT_OK;
    }

  printf ("file:      %s\n", argv[1]);
  printf ("dialect:   %s\n", qr_dialect_to_string (qr_map_detect_dialect (map)));
  printf ("entities:  %u\n", qr_map_entity_count (map));
  printf ("brushes:   %u\n", qr_map_count_brushes (map));
  printf ("faces:     %u\n", qr_map_count_faces (map));
  printf ("kept:      %u blocks\n", kept_blocks + map->kept->len);
  printf ("patches:   %u\n", patches);
  if (!qr_bounds_is_empty (bounds))
    printf ("bounds:    (%g %g %g) – (%g %g %g)\n", bounds.min.x, bounds.min.y, bounds.min.z,
            bounds.max.x, bounds.max.y, bounds.max.z);
  else
    printf ("bounds:    none\n");
  printf ("textures:  %u\n", textures->len);
  for (guint i = 0; i < textures->len; i++)
    printf ("  %s\n", (const char *) g_ptr_array_index (textures, i));
  printf ("invalid:   %u\n", invalid->len);
  for (guint i = 0; i < invalid->len; i++)
    {
      Invalid *v = &g_array_index (invalid, Invalid, i);
      printf ("  %u:%u %s\n", v->entity, v->brush, v->reason);
    }
  /* Kept verbatim, drawn nowhere: where the text stopped being a patch. */
  printf ("invalid patches: %u\n", bad_patches->len);
  for (guint i = 0; i < bad_patches->len; i++)
    printf ("  entity %u: %s\n", g_array_index (bad_patch_entities, guint, i),
            ((QrNode *) g_ptr_array_index (bad_patches, i))->problem);
  return QR_EXIT_OK;
}
