#include "qr-face.h"
#include "qr-disp.h"
#include "qr-node.h"

void
qr_face_copy_into (QrFace *dst, const QrFace *src)
{
  *dst = *src;
  if (src->extra != NULL)
    g_atomic_ref_count_inc (&dst->extra->ref);
}

static void
extra_unref (QrFaceExtra *extra)
{
  if (!g_atomic_ref_count_dec (&extra->ref))
    return;
  qr_node_free (extra->vmf);
  g_clear_pointer (&extra->disp, qr_disp_unref);
  g_free (extra);
}

void
qr_face_drop_extra (QrFace *face)
{
  if (face->extra != NULL)
    extra_unref (face->extra);
  face->extra = NULL;
}

void
qr_face_clear (QrFace *face)
{
  qr_face_drop_extra (face);
}

QrFaceExtra *
qr_face_ensure_extra (QrFace *face)
{
  QrFaceExtra *extra = face->extra;

  if (extra == NULL)
    {
      face->extra = g_new0 (QrFaceExtra, 1);
      g_atomic_ref_count_init (&face->extra->ref);
    }
  else if (!g_atomic_ref_count_compare (&extra->ref, 1))
    {
      face->extra = g_new (QrFaceExtra, 1);
      *face->extra = *extra;
      g_atomic_ref_count_init (&face->extra->ref);
      face->extra->vmf = extra->vmf ? qr_node_ref (extra->vmf) : NULL;
      face->extra->disp = extra->disp ? qr_disp_ref (extra->disp) : NULL;
      extra_unref (extra);
    }
  return face->extra;
}

QrNode *
qr_face_writable_vmf (QrFace *face)
{
  if (face->extra == NULL || face->extra->vmf == NULL)
    return NULL;
  return qr_node_writable (&qr_face_ensure_extra (face)->vmf);
}

bool
qr_face_plane (const QrFace *face, QrPlane *out)
{
  return qr_plane_from_points (face->points, out);
}
