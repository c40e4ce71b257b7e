/* qr-op-disp.c — displacement operations. STUB: disp-ops fills it. */
#include "qr-disp-ops.h"

static gboolean
not_yet (GError **error)
{
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, "displacement editing is not there yet");
  return FALSE;
}

gboolean
qr_op_disp_create (QrDocument *doc, const QrFaceRef *faces, guint n, int power, GError **error)
{
  (void) doc;
  (void) faces;
  (void) n;
  (void) power;
  return not_yet (error);
}

gboolean
qr_op_disp_destroy (QrDocument *doc, const QrFaceRef *faces, guint n, GError **error)
{
  (void) doc;
  (void) faces;
  (void) n;
  return not_yet (error);
}

gboolean
qr_op_disp_set_power (QrDocument *doc, const QrFaceRef *faces, guint n, int power, GError **error)
{
  (void) doc;
  (void) faces;
  (void) n;
  (void) power;
  return not_yet (error);
}

gboolean
qr_op_disp_sculpt (QrDocument *doc, const QrFaceRef *faces, guint n, const QrSculpt *sculpt, QrVec3 centre,
                   guint stroke, GError **error)
{
  (void) doc;
  (void) faces;
  (void) n;
  (void) sculpt;
  (void) centre;
  (void) stroke;
  return not_yet (error);
}

gboolean
qr_op_disp_sew (QrDocument *doc, const QrFaceRef *faces, guint n, GError **error)
{
  (void) doc;
  (void) faces;
  (void) n;
  return not_yet (error);
}

bool
qr_map_pick_disp (const QrMap *map, const QrRay *ray, QrFaceRef *face, double *t, int *r, int *c)
{
  (void) map;
  (void) ray;
  (void) face;
  (void) t;
  (void) r;
  (void) c;
  return false;
}
