/* quarry-cli csg: split, carve, union, intersect, hollow and merge brushes
 * of a map, as one undoable step each, and save. */
#include "qr-cli.h"
#include "qr-operations.h"

#include <stdio.h>
#include <string.h>

int
qr_cli_csg (int argc, char **argv)
{
  g_auto (GStrv) brushes = NULL;
  g_autofree char *plane_text = NULL;
  g_autofree char *keep_text = NULL;
  g_autofree char *texture = NULL;
  double thickness = 0;
  gboolean outward = FALSE, delete_carvers = FALSE;
  const GOptionEntry entries[] = {
    { "brush", 'b', 0, G_OPTION_ARG_STRING_ARRAY, &brushes, "A brush, entity:brush (repeatable)", "E:B" },
    { "delete-carvers", 0, 0, G_OPTION_ARG_NONE, &delete_carvers, "carve: remove the carving brushes", NULL },
    { "thickness", 't', 0, G_OPTION_ARG_DOUBLE, &thickness, "hollow: wall thickness", "T" },
    { "outward", 0, 0, G_OPTION_ARG_NONE, &outward, "hollow: walls around the brush, which becomes the room", NULL },
    { "plane", 'p', 0, G_OPTION_ARG_STRING, &plane_text, "split: three points, \"x y z x y z x y z\"", "POINTS" },
    { "keep", 'k', 0, G_OPTION_ARG_STRING, &keep_text, "split: front, back or both (default both)", "SIDE" },
    { "texture", 0, 0, G_OPTION_ARG_STRING, &texture, "split: texture of the new faces", "NAME" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("OP IN OUT — OP is carve, union, intersect, hollow, split or merge");
  g_autoptr (QrDocument) doc = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (QrId));
  const char *op;
  QrMap *map;
  gboolean ok;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!qr_cli_parse_options (context, &argc, &argv))
    return QR_EXIT_USAGE;
  if (argc != 4)
    {
      fprintf (stderr, "quarry-cli csg: expected OP IN OUT [--brush E:B]…\n");
      return QR_EXIT_USAGE;
    }
  op = argv[1];
  if (strcmp (op, "carve") != 0 && strcmp (op, "union") != 0 && strcmp (op, "intersect") != 0
      && strcmp (op, "hollow") != 0 && strcmp (op, "split") != 0 && strcmp (op, "merge") != 0)
    {
      fprintf (stderr, "quarry-cli csg: unknown operation “%s” (carve, union, intersect, hollow, split, merge)\n", op);
      return QR_EXIT_USAGE;
    }
  if (brushes == NULL)
    {
      fprintf (stderr, "quarry-cli csg %s: name the brushes with --brush E:B\n", op);
      return QR_EXIT_USAGE;
    }

  map = qr_cli_load (argv[2]);
  if (map == NULL)
    return QR_EXIT_BAD_INPUT;
  doc = qr_document_new (map);
  for (guint i = 0; brushes[i] != NULL; i++)
    {
      QrId id;

      if (!qr_cli_parse_object (doc, brushes[i], &id, NULL, &error))
        {
          fprintf (stderr, "quarry-cli csg: %s\n", error->message);
          return QR_EXIT_BAD_INPUT;
        }
      g_array_append_val (ids, id);
    }

  if (strcmp (op, "carve") == 0)
    ok = qr_op_carve (doc, (QrId *) ids->data, ids->len, delete_carvers, &error);
  else if (strcmp (op, "union") == 0)
    ok = qr_op_convex_union (doc, (QrId *) ids->data, ids->len, &error);
  else if (strcmp (op, "intersect") == 0)
    ok = qr_op_intersect (doc, (QrId *) ids->data, ids->len, &error);
  else if (strcmp (op, "merge") == 0)
    ok = qr_op_merge (doc, (QrId *) ids->data, ids->len, &error);
  else if (strcmp (op, "hollow") == 0)
    {
      if (!(thickness > 0))
        {
          fprintf (stderr, "quarry-cli csg hollow: give a positive --thickness\n");
          return QR_EXIT_USAGE;
        }
      ok = qr_op_hollow (doc, (QrId *) ids->data, ids->len, thickness, outward, &error);
    }
  else
    {
      QrSplitKeep keep = QR_SPLIT_KEEP_BOTH;
      QrVec3 cut[3];
      double v[9];
      g_auto (GStrv) words = NULL;
      guint n = 0;

      if (plane_text != NULL)
        {
          words = g_strsplit_set (g_strstrip (plane_text), " \t()", -1);
          for (guint i = 0; words[i] != NULL && n <= 9; i++)
            {
              char *end;

              if (*words[i] == '\0')
                continue;
              if (n < 9)
                v[n] = g_ascii_strtod (words[i], &end);
              if (n == 9 || *end != '\0')
                {
                  n = 10;
                  break;
                }
              n++;
            }
        }
      if (n != 9)
        {
          fprintf (stderr, "quarry-cli csg split: give --plane \"x y z x y z x y z\"\n");
          return QR_EXIT_USAGE;
        }
      if (keep_text != NULL)
        {
          if (strcmp (keep_text, "front") == 0)
            keep = QR_SPLIT_KEEP_FRONT;
          else if (strcmp (keep_text, "back") == 0)
            keep = QR_SPLIT_KEEP_BACK;
          else if (strcmp (keep_text, "both") != 0)
            {
              fprintf (stderr, "quarry-cli csg split: --keep takes front, back or both\n");
              return QR_EXIT_USAGE;
            }
        }
      for (int i = 0; i < 3; i++)
        cut[i] = qr_vec3 (v[3 * i], v[3 * i + 1], v[3 * i + 2]);
      ok = qr_op_split (doc, (QrId *) ids->data, ids->len, cut, keep, texture, &error);
    }

  if (!ok)
    {
      fprintf (stderr, "quarry-cli csg %s: %s\n", op, error->message);
      return QR_EXIT_BAD_INPUT;
    }
  if (!qr_map_save (qr_document_get_map (doc), argv[3], QR_SAVE_AS_READ, &error))
    {
      fprintf (stderr, "quarry-cli: %s\n", error->message);
      return QR_EXIT_BAD_INPUT;
    }
  return QR_EXIT_OK;
}
