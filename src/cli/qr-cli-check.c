/* quarry-cli check: the Problems panel's list, for scripts and CI. Exit
 * status 0 without errors (warnings allowed), 1 with errors, 2 when the
 * map or an option cannot be read. */
#include "qr-check.h"
#include "qr-cli.h"
#include "qr-cli-json.h"
#include "qr-entdef-io.h"
#include "qr-texture-finder.h"

#include <stdio.h>

/* Its own statuses: 1 must mean "the map has errors" for CI, so a map that
 * does not load is 2, like bad usage. */
enum
{
  CHECK_CLEAN = 0,
  CHECK_ERRORS = 1,
  CHECK_UNREADABLE = 2,
};

static gboolean
texture_found (const char *name, gpointer finder)
{
  return qr_texture_finder_locate (finder, name, NULL, NULL) >= 0;
}

static json_object *
index_or_null (int i)
{
  return i >= 0 ? json_object_new_int (i) : NULL;
}

int
qr_cli_check (int argc, char **argv)
{
  gboolean json = FALSE;
  g_auto (GStrv) search = NULL;
  g_autofree char *fgd = NULL;
  double bound = 0;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
    { "search", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &search,
      "Also report textures not found in the map's WADs or these folders (repeatable)", "DIR" },
    { "entdefs", 0, 0, G_OPTION_ARG_FILENAME, &fgd,
      "Check classes against these entity definitions (.fgd, .def, .ent)", "FILE" },
    { "world-bound", 0, 0, G_OPTION_ARG_DOUBLE, &bound,
      "World bounds ±N (default: 4096; 16384 for VMF, 65536 for Quake 3)", "N" },
    { NULL },
  };
  g_autoptr (GOptionContext) context
      = g_option_context_new ("MAP — invalid brushes, missing textures, entity problems; exit status 1 on errors");
  g_autoptr (QrEntDefs) defs = NULL;
  g_autoptr (QrTextureFinder) finder = NULL;
  g_autoptr (GError) error = NULL;
  QrCheckOptions options;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!qr_cli_parse_options (context, &argc, &argv))
    return QR_EXIT_USAGE;
  if (argc != 2)
    {
      fprintf (stderr, "quarry-cli check: expected one MAP\n");
      return QR_EXIT_USAGE;
    }
  g_autoptr (QrMap) map = qr_cli_load (argv[1]);
  if (map == NULL)
    return CHECK_UNREADABLE;
  qr_map_build_geometry (map, 0);

  qr_check_options_init (&options, map);
  if (bound > 0)
    options.world_bound = bound;
  if (fgd != NULL)
    {
      defs = qr_entdefs_load (fgd, &error);
      if (defs == NULL)
        {
          fprintf (stderr, "quarry-cli check: %s\n", error->message);
          return CHECK_UNREADABLE;
        }
      options.defs = defs;
    }
  if (search != NULL)
    {
      finder = qr_texture_finder_new_for_map (map, argv[1], (const char *const *) search);
      options.texture_known = texture_found;
      options.texture_data = finder;
    }

  g_autoptr (GArray) problems = qr_check_map (map, &options);
  gboolean errors = FALSE;
  for (guint i = 0; i < problems->len; i++)
    errors |= g_array_index (problems, QrProblem, i).severity == QR_SEVERITY_ERROR;

  if (json)
    {
      json_object *root = json_object_new_object ();
      json_object *list = json_object_new_array ();
      for (guint i = 0; i < problems->len; i++)
        {
          const QrProblem *p = &g_array_index (problems, QrProblem, i);
          json_object *o = json_object_new_object ();
          json_object_object_add (o, "kind", json_object_new_string (qr_problem_kind_to_string (p->kind)));
          json_object_object_add (o, "severity", json_object_new_string (qr_severity_to_string (p->severity)));
          json_object_object_add (o, "entity", index_or_null (p->entity));
          json_object_object_add (o, "brush", index_or_null (p->brush));
          json_object_object_add (o, "face", index_or_null (p->face));
          json_object_object_add (o, "message", json_object_new_string (p->message));
          json_object_array_add (list, o);
        }
      json_object_object_add (root, "problems", list);
      qr_json_print (root);
      json_object_put (root);
    }
  else
    /* file:entity:brush: severity: message, "-" for no brush, as compilers print. */
    for (guint i = 0; i < problems->len; i++)
      {
        const QrProblem *p = &g_array_index (problems, QrProblem, i);
        g_autofree char *brush = p->brush >= 0 ? g_strdup_printf ("%d", p->brush) : g_strdup ("-");
        printf ("%s:%d:%s: %s: %s\n", argv[1], p->entity, brush, qr_severity_to_string (p->severity), p->message);
      }
  return errors ? CHECK_ERRORS : CHECK_CLEAN;
}
