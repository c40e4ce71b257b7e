/* qr-cli-edit-landscape.c — `quarry-cli edit`'s landscape steps. A
 * landscape is named as other entities are, by its index in the map. */
#include "qr-cli-edit-landscape.h"

#include <math.h>
#include <string.h>
#include "qr-cli-common.h"
#include "qr-entity.h"
#include "qr-landscape-ops.h"

static const struct
{
  const char *op;
  int min_args, max_args; /* after the operation's name */
  const char *usage;
} steps[] = {
  { "landscape", 7, 8, "expected landscape X0 Y0 Z SX SY COLS ROWS [TEXTURE]" },
  { "landscape-point", 4, 5, "expected landscape-point E ROW COL DZ [FALLOFF]" },
  { "landscape-regrid", 2, 2, "expected landscape-regrid E +1|-1" },
  { "landscape-resolution", 2, 2, "expected landscape-resolution E N (1 to 16)" },
  { "landscape-to-displacements", 1, 1, "expected landscape-to-displacements E" },
  { "landscape-to-brushes", 2, 2, "expected landscape-to-brushes E STEP" },
};

/* A whole number with an optional sign ("+1"). */
static bool
parse_int (const char *text, int *out)
{
  char *end;
  gint64 v = g_ascii_strtoll (text, &end, 10);

  if (*text == '\0' || *end != '\0' || v < G_MININT || v > G_MAXINT)
    return false;
  *out = (int) v;
  return true;
}

/* The id of the landscape at entity index `text`. */
static bool
parse_landscape (QrDocument *doc, const char *text, QrId *id, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  guint64 e;
  const QrEntity *entity;

  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT, &e, NULL) || e >= qr_map_entity_count (map))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, "there is no entity %s", text);
      return false;
    }
  entity = qr_map_get_entity (map, (guint) e);
  if (!qr_entity_is_landscape (entity))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, "entity %s is not a landscape (%s)", text,
                   QR_LANDSCAPE_CLASS);
      return false;
    }
  *id = entity->id;
  return true;
}

int
qr_cli_edit_landscape (QrDocument *doc, char **argv, int argc, const char **usage, GError **error)
{
  guint k;
  double v[7];
  int n[3];
  QrId id;
  gboolean ok;

  for (k = 0; k < G_N_ELEMENTS (steps); k++)
    if (strcmp (argv[0], steps[k].op) == 0)
      break;
  if (k == G_N_ELEMENTS (steps))
    return QR_EXIT_USAGE + 1;
  *usage = steps[k].usage;
  if (argc - 1 < steps[k].min_args || argc - 1 > steps[k].max_args)
    return QR_EXIT_USAGE;

  if (k == 0)
    {
      for (int i = 0; i < 5; i++)
        if (!qr_cli_parse_number (argv[1 + i], &v[i]))
          return QR_EXIT_USAGE;
      if (!parse_int (argv[6], &n[0]) || !parse_int (argv[7], &n[1]))
        return QR_EXIT_USAGE;
      ok = qr_op_landscape_create (doc, qr_vec3 (v[0], v[1], v[2]), v[3], v[4], n[0], n[1],
                                   argc == 9 ? argv[8] : "__TB_empty", NULL, error);
      return ok ? QR_EXIT_OK : QR_EXIT_BAD_INPUT;
    }

  if (!parse_landscape (doc, argv[1], &id, error))
    return QR_EXIT_BAD_INPUT;
  switch (k)
    {
    case 1:
      v[1] = 0;
      if (!parse_int (argv[2], &n[0]) || !parse_int (argv[3], &n[1]) || !qr_cli_parse_number (argv[4], &v[0])
          || (argc == 6 && !qr_cli_parse_number (argv[5], &v[1])))
        return QR_EXIT_USAGE;
      ok = qr_op_landscape_move_point (doc, id, n[0], n[1], v[0], v[1], 0, error);
      break;
    case 2:
      if (!parse_int (argv[2], &n[0]) || (n[0] != 1 && n[0] != -1))
        return QR_EXIT_USAGE;
      ok = qr_op_landscape_regrid (doc, id, n[0], error);
      break;
    case 3:
      if (!parse_int (argv[2], &n[0]))
        return QR_EXIT_USAGE;
      ok = qr_op_landscape_set_resolution (doc, id, n[0], error);
      break;
    case 4:
      ok = qr_op_landscape_to_displacements (doc, id, error);
      break;
    default:
      if (!qr_cli_parse_number (argv[2], &v[0]))
        return QR_EXIT_USAGE;
      ok = qr_op_landscape_to_brushes (doc, id, v[0], error);
      break;
    }
  return ok ? QR_EXIT_OK : QR_EXIT_BAD_INPUT;
}
