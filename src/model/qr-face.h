/* qr-face.h — a brush face: the truth the geometry is derived from.
 *
 * Three plane points exactly as read (or as computed and snapped), a texture
 * (an index into the map's texture names) and its attributes, and whatever a
 * dialect adds: Quake 2/3 surface values, VMF side extras (lightmapscale,
 * smoothing_groups, dispinfo, …) kept verbatim.
 */
#pragma once

#include <glib.h>
#include "qr-model-types.h"
#include "qr-plane.h"
#include "qr-texproj.h"

/* Shared by the copies of a face (the atomic count: autosave writes a
 * snapshot on a worker thread) and never changed while shared: moving a
 * brush copies none of its faces' VMF items. Change it only through what
 * qr_face_ensure_extra returns, its vmf through qr_face_writable_vmf. */
struct _QrFaceExtra
{
  gatomicrefcount ref;
  double surface[3]; /* Quake 2/3 contents, flags, value; valid when has_surface */
  QrNode *vmf;       /* VMF side items beyond id/plane/material/axes/rotation, or NULL */
  QrDisp *disp;      /* read from vmf's dispinfo block (a reference, see qr-disp.h), or NULL */
};

struct _QrFace
{
  QrVec3 points[3];
  QrTexAttr tex;
  QrId id;
  uint32_t texture;    /* index into the map's texture names */
  uint8_t form;        /* QrTexForm */
  uint8_t has_surface; /* the file gave Quake 2/3 surface values */
  QrFaceExtra *extra;  /* a reference; NULL when there is nothing extra */
};

/* Copy of src into dst, sharing src's extra (dst's own extra is not freed). */
void qr_face_copy_into (QrFace *dst, const QrFace *src);
/* Frees what the face owns (not the face itself: faces live in arrays). */
void qr_face_clear (QrFace *face);

/* The face's extra to change: made when there is none, copied (sharing
 * its vmf node and displacement) when another face holds it too. */
QrFaceExtra *qr_face_ensure_extra (QrFace *face);
/* The face's VMF side node to change, copied first if shared; NULL when
 * the face has none. */
QrNode *qr_face_writable_vmf (QrFace *face);
/* Drops the face's extra (one reference) and sets it to NULL. */
void qr_face_drop_extra (QrFace *face);

/* False when the three points are collinear. */
bool qr_face_plane (const QrFace *face, QrPlane *out);
