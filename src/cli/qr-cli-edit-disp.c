/* quarry-cli edit's disp-* steps: the displacement operations of
 * qr-disp-ops.h, one step each (a sculpt stroke's dabs one together). */
#include "qr-cli-edit-disp.h"
#include "qr-disp-ops.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int
usage (const char *step, const char *msg)
{
  fprintf (stderr, "quarry-cli edit: step “%s”: %s\n", step, msg);
  return QR_EXIT_USAGE;
}

static bool
power_arg (const char *text, int *power)
{
  double v;

  if (!qr_cli_parse_number (text, &v) || v != floor (v) || fabs (v) > 64)
    return false;
  *power = (int) v;
  return true;
}

static const struct
{
  const char *name;
  QrSculptMode mode;
} modes[] = {
  { "raise", QR_SCULPT_RAISE }, { "lower", QR_SCULPT_LOWER }, { "smooth", QR_SCULPT_SMOOTH },
  { "height", QR_SCULPT_SET_HEIGHT }, { "noise", QR_SCULPT_NOISE }, { "alpha", QR_SCULPT_ALPHA },
};

#define SCULPT_USAGE "expected disp-sculpt FACES raise|lower|smooth|height|noise|alpha X Y Z RADIUS STRENGTH " \
                     "[--z] [--height H] [--alpha A] [--seed N] [--stroke LABEL]"

static int
sculpt (QrDocument *doc, char **argv, int argc, const char *step, GHashTable *strokes, const GArray *faces,
        GError **error)
{
  QrSculpt sc = { .alpha = 255 };
  const char *label = NULL;
  double v[5];
  guint stroke = 0, k;

  if (argc < 8)
    return usage (step, SCULPT_USAGE);
  for (k = 0; k < G_N_ELEMENTS (modes) && strcmp (modes[k].name, argv[2]) != 0; k++)
    ;
  if (k == G_N_ELEMENTS (modes))
    return usage (step, SCULPT_USAGE);
  sc.mode = modes[k].mode;
  for (int i = 0; i < 5; i++)
    if (!qr_cli_parse_number (argv[3 + i], &v[i]))
      return usage (step, SCULPT_USAGE);
  sc.radius = v[3];
  sc.strength = v[4];
  for (int i = 8; i < argc; i++)
    {
      double x;

      if (strcmp (argv[i], "--z") == 0)
        {
          sc.along_z = true;
          continue;
        }
      if (i + 1 >= argc)
        return usage (step, SCULPT_USAGE);
      if (strcmp (argv[i], "--stroke") == 0)
        {
          label = argv[++i];
          continue;
        }
      if (!qr_cli_parse_number (argv[i + 1], &x))
        return usage (step, SCULPT_USAGE);
      if (strcmp (argv[i], "--height") == 0)
        sc.height = x;
      else if (strcmp (argv[i], "--alpha") == 0)
        sc.alpha = x;
      else if (strcmp (argv[i], "--seed") == 0 && x >= 0 && x <= G_MAXUINT32 && x == floor (x))
        sc.seed = (guint32) x;
      else
        return usage (step, SCULPT_USAGE);
      i++;
    }
  /* Steps with the same label are one stroke: one undo step. */
  if (label != NULL)
    {
      stroke = GPOINTER_TO_UINT (g_hash_table_lookup (strokes, label));
      if (stroke == 0)
        {
          stroke = qr_command_new_stroke ();
          g_hash_table_insert (strokes, g_strdup (label), GUINT_TO_POINTER (stroke));
        }
    }
  return qr_op_disp_sculpt (doc, (const QrFaceRef *) (gconstpointer) faces->data, faces->len, &sc,
                            qr_vec3 (v[0], v[1], v[2]), stroke, error)
           ? QR_EXIT_OK
           : QR_EXIT_BAD_INPUT;
}

int
qr_cli_edit_disp_step (QrDocument *doc, char **argv, int argc, const char *step, GHashTable *strokes,
                       GError **error)
{
  g_autoptr (GArray) faces = NULL;
  const char *op = argv[0];
  const QrFaceRef *refs;
  int power;
  bool ok;

  if (strncmp (op, "disp-", 5) != 0)
    return QR_EXIT_USAGE + 1;
  if (argc < 2)
    return usage (step, "expected a disp-* step and FACES (see quarry-cli edit --help)");
  if (!(faces = qr_cli_parse_faces (doc, argv[1], error)))
    return QR_EXIT_BAD_INPUT;
  refs = (const QrFaceRef *) (gconstpointer) faces->data;

  if (strcmp (op, "disp-create") == 0 || strcmp (op, "disp-power") == 0)
    {
      if (argc != 3 || !power_arg (argv[2], &power))
        return usage (step, op[5] == 'c' ? "expected disp-create FACES POWER" : "expected disp-power FACES POWER");
      ok = op[5] == 'c' ? qr_op_disp_create (doc, refs, faces->len, power, error)
                        : qr_op_disp_set_power (doc, refs, faces->len, power, error);
    }
  else if (strcmp (op, "disp-destroy") == 0 || strcmp (op, "disp-sew") == 0)
    {
      if (argc != 2)
        return usage (step, op[5] == 'd' ? "expected disp-destroy FACES" : "expected disp-sew FACES");
      ok = op[5] == 'd' ? qr_op_disp_destroy (doc, refs, faces->len, error)
                        : qr_op_disp_sew (doc, refs, faces->len, error);
    }
  else if (strcmp (op, "disp-sculpt") == 0)
    return sculpt (doc, argv, argc, step, strokes, faces, error);
  else
    return usage (step, "unknown displacement step (disp-create, disp-destroy, disp-power, disp-sculpt, disp-sew)");
  return ok ? QR_EXIT_OK : QR_EXIT_BAD_INPUT;
}
