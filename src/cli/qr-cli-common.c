/* qr-cli-common.c — what every quarry-cli subcommand uses: options, loading,
 * object names, timing. */
#include "qr-cli-common.h"

#include <math.h>
#include <stdio.h>

bool
qr_cli_parse_options (GOptionContext *context, int *argc, char ***argv)
{
  g_autoptr (GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      fprintf (stderr, "quarry-cli: %s\n", error->message);
      return false;
    }
  return true;
}

QrMap *
qr_cli_load (const char *path)
{
  g_autoptr (GError) error = NULL;
  QrMap *map = qr_map_load (path, &error);

  if (map == NULL)
    fprintf (stderr, "quarry-cli: %s\n", error->message);
  return map;
}

char *
qr_cli_dup_brush_name (guint entity, guint brush)
{
  return g_strdup_printf ("%u:%u", entity, brush);
}

/* "E:B[:F]" → brush id (and face, -1 when absent). */
bool
qr_cli_parse_object (QrDocument *doc, const char *text, QrId *brush, int *face, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_auto (GStrv) parts = g_strsplit (text, ":", -1);
  guint n = g_strv_length (parts);
  guint64 e, b, f = 0;
  QrEntity *entity;

  if ((n != 2 && !(n == 3 && face != NULL))
      || !g_ascii_string_to_unsigned (parts[0], 10, 0, G_MAXUINT, &e, NULL)
      || !g_ascii_string_to_unsigned (parts[1], 10, 0, G_MAXUINT, &b, NULL)
      || (n == 3 && !g_ascii_string_to_unsigned (parts[2], 10, 0, G_MAXINT, &f, NULL)))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   "“%s” is not an object name (entity:brush%s)", text, face ? "[:face]" : "");
      return false;
    }
  if (e >= qr_map_entity_count (map) || b >= qr_entity_brush_count (entity = qr_map_get_entity (map, (guint) e)))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, "there is no brush %s", text);
      return false;
    }
  *brush = qr_entity_get_brush (entity, (guint) b)->id;
  if (face != NULL)
    *face = n == 3 ? (int) f : -1;
  return true;
}

GArray *
qr_cli_parse_faces (QrDocument *doc, const char *text, GError **error)
{
  g_auto (GStrv) names = g_strsplit (text, ",", -1);
  g_autoptr (GArray) faces = g_array_new (FALSE, FALSE, sizeof (QrFaceRef));

  for (guint i = 0; names[i] != NULL; i++)
    {
      QrFaceRef ref;

      if (!qr_cli_parse_object (doc, names[i], &ref.brush, &ref.face, error))
        return NULL;
      g_array_append_val (faces, ref);
    }
  return g_steal_pointer (&faces);
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

double
qr_cli_median (GArray *samples)
{
  guint n = samples->len;

  if (n == 0)
    return 0;
  g_array_sort (samples, compare_doubles);
  return n % 2 ? g_array_index (samples, double, n / 2)
               : 0.5 * (g_array_index (samples, double, n / 2 - 1) + g_array_index (samples, double, n / 2));
}

double
qr_cli_now_ms (void)
{
  return (double) g_get_monotonic_time () / 1000.0;
}

void
qr_cli_warn_dropped (const char *command, const QrMap *map, QrSaveFormat format)
{
  guint n = qr_save_dropped_displacements (map, format);

  if (n > 0)
    fprintf (stderr, "quarry-cli %s: warning: %u displacement%s dropped: .map files have none, %s saved flat\n",
             command, n, n == 1 ? "" : "s", n == 1 ? "its brush is" : "their brushes are");
}

bool
qr_cli_parse_number (const char *text, double *out)
{
  char *end;

  *out = g_ascii_strtod (text, &end);
  return *text != '\0' && *end == '\0' && isfinite (*out);
}

/* "0:1,0:2,3" → brush ids, and entity ids for the names without a brush
 * (a whole entity: "3"). Steps that take brushes only pass no `entities`. */
GArray *
qr_cli_parse_objects (QrDocument *doc, const char *text, GArray **entities, GError **error)
{
  g_auto (GStrv) names = g_strsplit (text, ",", -1);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GArray) whole = g_array_new (FALSE, FALSE, sizeof (QrId));
  QrMap *map = qr_document_get_map (doc);

  for (guint i = 0; names[i] != NULL; i++)
    {
      QrId id;
      guint64 e;

      if (strchr (names[i], ':') == NULL && g_ascii_string_to_unsigned (names[i], 10, 0, G_MAXUINT, &e, NULL))
        {
          if (entities == NULL)
            {
              g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                           "“%s” names an entity; this step takes brushes (entity:brush)", names[i]);
              return NULL;
            }
          if (e >= qr_map_entity_count (map))
            {
              g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, "there is no entity %s", names[i]);
              return NULL;
            }
          id = qr_map_get_entity (map, (guint) e)->id;
          g_array_append_val (whole, id);
          continue;
        }
      if (!qr_cli_parse_object (doc, names[i], &id, NULL, error))
        return NULL;
      g_array_append_val (ids, id);
    }
  if (entities != NULL)
    *entities = g_steal_pointer (&whole);
  return g_steal_pointer (&ids);
}
