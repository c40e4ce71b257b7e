/* qr-op-landscape.c — landscape operations. STUB: landscape-core fills it. */
#include "qr-landscape-ops.h"

static gboolean
not_yet (GError **error)
{
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, "landscapes are not there yet");
  return FALSE;
}

gboolean
qr_op_landscape_create (QrDocument *doc, QrVec3 min, double sx, double sy, int cols, int rows,
                        const char *texture, QrId *made, GError **error)
{
  (void) doc, (void) min, (void) sx, (void) sy, (void) cols, (void) rows, (void) texture, (void) made;
  return not_yet (error);
}

gboolean
qr_op_landscape_move_point (QrDocument *doc, QrId entity, int r, int c, double dz, double falloff,
                            guint stroke, GError **error)
{
  (void) doc, (void) entity, (void) r, (void) c, (void) dz, (void) falloff, (void) stroke;
  return not_yet (error);
}

gboolean
qr_op_landscape_set_heights (QrDocument *doc, QrId entity, const double *heights, guint n, GError **error)
{
  (void) doc, (void) entity, (void) heights, (void) n;
  return not_yet (error);
}

gboolean
qr_op_landscape_regrid (QrDocument *doc, QrId entity, int direction, GError **error)
{
  (void) doc, (void) entity, (void) direction;
  return not_yet (error);
}

gboolean
qr_op_landscape_set_resolution (QrDocument *doc, QrId entity, int resolution, GError **error)
{
  (void) doc, (void) entity, (void) resolution;
  return not_yet (error);
}

gboolean
qr_op_landscape_to_displacements (QrDocument *doc, QrId entity, GError **error)
{
  (void) doc, (void) entity;
  return not_yet (error);
}

gboolean
qr_op_landscape_to_brushes (QrDocument *doc, QrId entity, double step, GError **error)
{
  (void) doc, (void) entity, (void) step;
  return not_yet (error);
}
