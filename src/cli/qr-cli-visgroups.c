/* quarry-cli visgroups: a VMF's visgroups (issue 20) with their member
 * counts and whether they are shown, and the auto visgroups by class. */
#include "qr-cli.h"
#include "qr-cli-json.h"
#include "qr-visgroup.h"

#include <inttypes.h>
#include <stdio.h>

static const char *
state_name (QrVisgroupState state)
{
  static const char *const names[] = { "empty", "shown", "hidden", "mixed" };

  return names[state];
}

static json_object *
group_json (const QrMap *map, const GArray *groups, guint i)
{
  const QrVisgroup *g = &g_array_index (groups, QrVisgroup, i);
  g_autoptr (QrVisgroupMembers) members = qr_visgroup_members (map, groups, g->id, false);
  g_autoptr (QrVisgroupMembers) nested = qr_visgroup_members (map, groups, g->id, true);
  json_object *o = json_object_new_object ();
  json_object *color = json_object_new_array ();

  for (int c = 0; c < 3; c++)
    json_object_array_add (color, json_object_new_int (g->color[c]));
  json_object_object_add (o, "name", json_object_new_string (g->name));
  json_object_object_add (o, "id", json_object_new_int64 (g->id));
  json_object_object_add (o, "color", color);
  json_object_object_add (o, "parent",
                          g->parent >= 0 ? json_object_new_int64 (g_array_index (groups, QrVisgroup, g->parent).id)
                                         : NULL);
  json_object_object_add (o, "brushes", json_object_new_int64 (members->brushes->len));
  json_object_object_add (o, "entities", json_object_new_int64 (members->entities->len));
  json_object_object_add (o, "state", json_object_new_string (state_name (qr_visgroup_members_state (map, nested))));
  return o;
}

static json_object *
auto_json (const QrMap *map, const char *name, const char *classname)
{
  g_autoptr (QrVisgroupMembers) members = qr_auto_visgroup_members (map, classname);
  json_object *o = json_object_new_object ();

  json_object_object_add (o, "name", json_object_new_string (name));
  json_object_object_add (o, "classname", classname ? json_object_new_string (classname) : NULL);
  json_object_object_add (o, "brushes", json_object_new_int64 (members->brushes->len));
  json_object_object_add (o, "entities", json_object_new_int64 (members->entities->len));
  json_object_object_add (o, "state", json_object_new_string (state_name (qr_visgroup_members_state (map, members))));
  return o;
}

static void
print_text (json_object *root)
{
  json_object *groups = json_object_object_get (root, "visgroups");
  json_object *autos = json_object_object_get (root, "auto");

  for (size_t i = 0; i < json_object_array_length (groups); i++)
    {
      json_object *g = json_object_array_get_idx (groups, i);
      printf ("%" PRId64 "\t%s\t%" PRId64 " brushes\t%" PRId64 " entities\t%s\n",
              json_object_get_int64 (json_object_object_get (g, "id")),
              json_object_get_string (json_object_object_get (g, "name")),
              json_object_get_int64 (json_object_object_get (g, "brushes")),
              json_object_get_int64 (json_object_object_get (g, "entities")),
              json_object_get_string (json_object_object_get (g, "state")));
    }
  for (size_t i = 0; i < json_object_array_length (autos); i++)
    {
      json_object *g = json_object_array_get_idx (autos, i);
      printf ("auto\t%s\t%" PRId64 " brushes\t%" PRId64 " entities\t%s\n",
              json_object_get_string (json_object_object_get (g, "name")),
              json_object_get_int64 (json_object_object_get (g, "brushes")),
              json_object_get_int64 (json_object_object_get (g, "entities")),
              json_object_get_string (json_object_object_get (g, "state")));
    }
}

int
qr_cli_visgroups (int argc, char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("MAP — a VMF's visgroups, their members, auto visgroups");

  g_option_context_add_main_entries (context, entries, NULL);
  if (!qr_cli_parse_options (context, &argc, &argv))
    return QR_EXIT_USAGE;
  if (argc != 2)
    {
      fprintf (stderr, "quarry-cli visgroups: expected one MAP\n");
      return QR_EXIT_USAGE;
    }
  g_autoptr (QrMap) map = qr_cli_load (argv[1]);
  if (map == NULL)
    return QR_EXIT_BAD_INPUT;

  g_autoptr (GArray) groups = qr_visgroups_read (map);
  g_auto (GStrv) classes = qr_auto_visgroup_classes (map);
  json_object *root = json_object_new_object ();
  json_object *list = json_object_new_array ();
  json_object *autos = json_object_new_array ();

  for (guint i = 0; i < groups->len; i++)
    json_object_array_add (list, group_json (map, groups, i));
  json_object_array_add (autos, auto_json (map, "World Geometry", NULL));
  for (guint i = 0; classes[i] != NULL; i++)
    json_object_array_add (autos, auto_json (map, classes[i], classes[i]));
  json_object_object_add (root, "visgroups", list);
  json_object_object_add (root, "auto", autos);
  if (json)
    qr_json_print (root);
  else
    print_text (root);
  json_object_put (root);
  return QR_EXIT_OK;
}
