#include "qr-face.h"
#include "qr-disp.h"
#include "qr-node.h"

void
qr_face_copy_into (QrFace *dst, const QrFace *src)
{
  *dst = *src;
  if (src->extra != NULL)
    {
      dst->extra = g_new (QrFaceExtra, 1);
      *dst->extra = *src->extra;
      dst->extra->vmf = src->extra->vmf ? qr_node_copy (src->extra->vmf) : NULL;
      dst->extra->disp = src->extra->disp ? qr_disp_ref (src->extra->disp) : NULL;
    }
}

void
qr_face_clear (QrFace *face)
{
  if (face->extra != NULL)
    {
      qr_node_free (face->extra->vmf);
      g_clear_pointer (&face->extra->disp, qr_disp_unref);
      g_free (face->extra);
      face->extra = NULL;
    }
}

QrFaceExtra *
qr_face_ensure_extra (QrFace *face)
{
  if (face->extra == NULL)
    face->extra = g_new0 (QrFaceExtra, 1);
  return face->extra;
}

bool
qr_face_plane (const QrFace *face, QrPlane *out)
{
  return qr_plane_from_points (face->points, out);
}
