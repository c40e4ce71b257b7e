/* quarry-cli find: Find Objects from the command line — faces by texture
 * name, entities by class and keys (qr-find.h). */
#include "qr-cli.h"
#include "qr-cli-common.h"
#include "qr-cli-json.h"

#include <stdio.h>

#include "qr-find.h"

int
qr_cli_find (int argc, char **argv)
{
  gboolean json = FALSE, exact = FALSE;
  g_autofree char *texture = NULL, *entities = NULL, *chain = NULL;
  const GOptionEntry entries[] = {
    { "texture", 0, 0, G_OPTION_ARG_STRING, &texture,
      "Faces whose texture matches GLOB (* and ?, case ignored)", "GLOB" },
    { "entities", 0, 0, G_OPTION_ARG_STRING, &entities,
      "Entities the filter matches: words of class, targetname or key names, key=value", "FILTER" },
    { "chain", 0, 0, G_OPTION_ARG_STRING, &chain,
      "Entities wired to those named NAME: target, killtarget, pathtarget and outputs, both ways", "NAME" },
    { "exact", 0, 0, G_OPTION_ARG_NONE, &exact, "--texture is a name: * and ? are letters (Quake's *water1)", NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("MAP — faces by texture, entities by class and keys");
  g_autoptr (QrMap) map = NULL;
  g_autoptr (GArray) hits = NULL;
  QrFindQuery query;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!qr_cli_parse_options (context, &argc, &argv))
    return QR_EXIT_USAGE;
  if (argc != 2)
    {
      fprintf (stderr, "quarry-cli find: expected one MAP\n");
      return QR_EXIT_USAGE;
    }
  map = qr_cli_load (argv[1]);
  if (map == NULL)
    return QR_EXIT_BAD_INPUT;
  query = (QrFindQuery) { texture, entities, chain, exact };
  hits = qr_find (map, &query);

  if (json)
    {
      json_object *root = json_object_new_object ();
      json_object *list = json_object_new_array_ext ((int) hits->len);

      for (guint i = 0; i < hits->len; i++)
        {
          const QrFindHit *h = &g_array_index (hits, QrFindHit, i);
          const QrEntity *entity = qr_map_get_entity (map, h->entity);
          json_object *o = json_object_new_object ();

          json_object_object_add (o, "entity", json_object_new_int64 (h->entity));
          json_object_object_add (o, "classname", json_object_new_string (qr_entity_get_classname (entity)));
          json_object_object_add (o, "brush", h->brush >= 0 ? json_object_new_int64 (h->brush) : NULL);
          json_object_object_add (o, "face", h->face >= 0 ? json_object_new_int64 (h->face) : NULL);
          json_object_object_add (
              o, "texture",
              h->face >= 0 ? json_object_new_string (qr_map_texture_name (
                                 map, qr_entity_get_brush (entity, (guint) h->brush)->faces[h->face].texture))
                           : NULL);
          /* Hidden in the file (VMF visgroupshown "0"): the window lists it, selects it not. */
          json_object_object_add (o, "hidden", json_object_new_boolean (qr_find_hit_is_hidden (map, h)));
          json_object_object_add (o, "locked", json_object_new_boolean (qr_find_hit_is_locked (map, h)));
          json_object_array_add (list, o);
        }
      json_object_object_add (root, "hits", list);
      qr_json_print (root);
      json_object_put (root);
      return QR_EXIT_OK;
    }
  for (guint i = 0; i < hits->len; i++)
    {
      const QrFindHit *h = &g_array_index (hits, QrFindHit, i);
      const QrEntity *entity = qr_map_get_entity (map, h->entity);

      if (h->face >= 0)
        printf ("%u:%d:%d %s %s\n", h->entity, h->brush, h->face, qr_entity_get_classname (entity),
                qr_map_texture_name (map, qr_entity_get_brush (entity, (guint) h->brush)->faces[h->face].texture));
      else
        printf ("%u %s\n", h->entity, qr_entity_get_classname (entity));
    }
  printf ("%u %s\n", hits->len, texture != NULL ? "faces" : "entities");
  return QR_EXIT_OK;
}
