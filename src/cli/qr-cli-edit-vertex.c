/* quarry-cli edit's vertex-move, edge-move, face-move, edge-split,
 * face-split, vertex-remove, face-extrude and face-extrude-brush: the
 * operations of qr-operations.h, positions given as the corners nearest
 * to the coordinates typed. */
#include "qr-cli-edit-vertex.h"
#include "qr-operations.h"

#include <stdio.h>
#include <string.h>

static int
usage (const char *step, const char *msg)
{
  fprintf (stderr, "quarry-cli edit: step “%s”: %s\n", step, msg);
  return QR_EXIT_USAGE;
}

static bool
numbers (char **words, int n, double *out)
{
  for (int i = 0; i < n; i++)
    if (!qr_cli_parse_number (words[i], &out[i]))
      return false;
  return true;
}

/* "E:B,E:B" → brush ids. */
static GArray *
parse_brushes (QrDocument *doc, const char *text, GError **error)
{
  g_auto (GStrv) names = g_strsplit (text, ",", -1);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (QrId));

  for (guint i = 0; names[i] != NULL; i++)
    {
      QrId id;

      if (!qr_cli_parse_object (doc, names[i], &id, NULL, error))
        return NULL;
      g_array_append_val (ids, id);
    }
  return g_steal_pointer (&ids);
}

/* The corner of the brushes nearest to p (the brushes must be solids). */
static bool
nearest_corner (QrDocument *doc, const GArray *ids, QrVec3 p, QrVec3 *out, GError **error)
{
  double best = G_MAXDOUBLE;

  for (guint i = 0; i < ids->len; i++)
    {
      QrBrush *brush = qr_document_lookup_brush (doc, g_array_index (ids, QrId, i));

      if (!qr_brush_is_valid (brush))
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH, "brush %u is not a valid solid", brush->id);
          return false;
        }
      for (int v = 0; v < brush->poly->n_verts; v++)
        if (qr_vec3_dist (brush->poly->verts[v], p) < best)
          {
            best = qr_vec3_dist (brush->poly->verts[v], p);
            *out = brush->poly->verts[v];
          }
    }
  return true;
}

/* Steps naming brushes and k positions, then `n_after` more numbers. */
static int
corner_step (QrDocument *doc, char **argv, int argc, const char *step, int k, int n_after, const char *expected,
             GError **error)
{
  g_autoptr (GArray) ids = NULL;
  QrVec3 at[2];
  double v[9];

  if (argc != 2 + 3 * k + n_after || !numbers (argv + 2, 3 * k + n_after, v))
    return usage (step, expected);
  if (!(ids = parse_brushes (doc, argv[1], error)))
    return QR_EXIT_BAD_INPUT;
  for (int i = 0; i < k; i++)
    if (!nearest_corner (doc, ids, qr_vec3 (v[3 * i], v[3 * i + 1], v[3 * i + 2]), &at[i], error))
      return QR_EXIT_BAD_INPUT;
  if (k == 2 && qr_vec3_identical (at[0], at[1]))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, "both ends are nearest to the same corner");
      return QR_EXIT_BAD_INPUT;
    }
  {
    const QrId *b = (const QrId *) (gpointer) ids->data;
    QrVec3 delta = n_after == 3 ? qr_vec3 (v[3 * k], v[3 * k + 1], v[3 * k + 2]) : qr_vec3 (0, 0, 0);
    bool ok;

    if (strcmp (argv[0], "vertex-move") == 0)
      ok = qr_op_vertex_move (doc, b, ids->len, at, 1, delta, error);
    else if (strcmp (argv[0], "vertex-remove") == 0)
      ok = qr_op_vertex_remove (doc, b, ids->len, at, 1, error);
    else if (strcmp (argv[0], "edge-move") == 0)
      ok = qr_op_edge_move (doc, b, ids->len, at, 1, delta, error);
    else
      ok = qr_op_edge_split (doc, b, ids->len, at, 1, delta, error);
    return ok ? QR_EXIT_OK : QR_EXIT_BAD_INPUT;
  }
}

/* Steps naming faces (E:B:F, comma-separated) and n numbers. */
static int
face_step (QrDocument *doc, char **argv, int argc, const char *step, int n, const char *expected, GError **error)
{
  g_autoptr (GArray) faces = NULL;
  const QrFaceRef *f;
  double v[3];
  bool ok;

  if (argc != 2 + n || !numbers (argv + 2, n, v))
    return usage (step, expected);
  if (!(faces = qr_cli_parse_faces (doc, argv[1], error)))
    return QR_EXIT_BAD_INPUT;
  f = (const QrFaceRef *) (gpointer) faces->data;
  for (guint i = 0; i < faces->len; i++)
    if (f[i].face < 0)
      return usage (step, "name faces as E:B:F");
  if (strcmp (argv[0], "face-move") == 0)
    ok = qr_op_face_move (doc, NULL, 0, f, faces->len, qr_vec3 (v[0], v[1], v[2]), error);
  else if (strcmp (argv[0], "face-split") == 0)
    ok = qr_op_face_split (doc, NULL, 0, f, faces->len, qr_vec3 (v[0], v[1], v[2]), error);
  else if (strcmp (argv[0], "face-extrude") == 0)
    ok = qr_op_face_extrude (doc, f, faces->len, v[0], error);
  else
    ok = qr_op_face_extrude_brush (doc, f, faces->len, v[0], error);
  return ok ? QR_EXIT_OK : QR_EXIT_BAD_INPUT;
}

int
qr_cli_edit_vertex_step (QrDocument *doc, char **argv, int argc, const char *step, GError **error)
{
  const char *op = argv[0];

  if (strcmp (op, "vertex-move") == 0)
    return corner_step (doc, argv, argc, step, 1, 3, "expected vertex-move E:B X Y Z DX DY DZ", error);
  if (strcmp (op, "vertex-remove") == 0)
    return corner_step (doc, argv, argc, step, 1, 0, "expected vertex-remove E:B X Y Z", error);
  if (strcmp (op, "edge-move") == 0)
    return corner_step (doc, argv, argc, step, 2, 3, "expected edge-move E:B X1 Y1 Z1 X2 Y2 Z2 DX DY DZ", error);
  if (strcmp (op, "edge-split") == 0)
    return corner_step (doc, argv, argc, step, 2, 3, "expected edge-split E:B X1 Y1 Z1 X2 Y2 Z2 DX DY DZ", error);
  if (strcmp (op, "face-move") == 0)
    return face_step (doc, argv, argc, step, 3, "expected face-move E:B:F DX DY DZ", error);
  if (strcmp (op, "face-split") == 0)
    return face_step (doc, argv, argc, step, 3, "expected face-split E:B:F DX DY DZ", error);
  if (strcmp (op, "face-extrude") == 0)
    return face_step (doc, argv, argc, step, 1, "expected face-extrude E:B:F DISTANCE", error);
  if (strcmp (op, "face-extrude-brush") == 0)
    return face_step (doc, argv, argc, step, 1, "expected face-extrude-brush E:B:F DISTANCE", error);
  return QR_EXIT_USAGE + 1;
}
