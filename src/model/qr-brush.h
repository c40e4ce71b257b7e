/* qr-brush.h — a convex brush: faces, plus its derived polytope. */
#pragma once

#include <glib.h>
#include "qr-face.h"
#include "qr-model-types.h"
#include "qr-polytope.h"

enum
{
  QR_BRUSH_HIDDEN = 1 << 0, /* VMF: the solid sat in a hidden { } block */
};

struct _QrBrush
{
  QrId id;
  uint32_t flags;
  int n_faces;
  QrFace *faces;     /* owned, n_faces */
  QrPolytope *poly;  /* derived from the faces; NULL until built */
  QrNode *extra;     /* a reference, shared by copies (see qr-node.h): VMF solid
                      * items beyond id and sides (editor…); for a
                      * brush read from a Quake 3 brushDef block a node of that
                      * name whose raw text the writer reuses while the faces
                      * still read the same from it; or NULL */
  gatomicrefcount ref; /* qr_map_snapshot shares brushes: an edit replaces a
                        * brush of the map with a changed copy and never changes
                        * its faces in place (only the derived poly) */
};

/* A brush of n_faces zeroed faces. */
QrBrush *qr_brush_new (QrId id, int n_faces);
QrBrush *qr_brush_copy (const QrBrush *brush);
/* Another reference, for a reader that only reads the faces (an autosave
 * on a worker thread); qr_brush_free drops one and frees with the last. */
QrBrush *qr_brush_ref (QrBrush *brush);
void qr_brush_free (QrBrush *brush);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrBrush, qr_brush_free)

/* Appends a zeroed face and returns it (pointers to earlier faces may move). */
QrFace *qr_brush_add_face (QrBrush *brush);

/* (Re)builds the polytope from the faces. */
void qr_brush_build (QrBrush *brush, QrPolyBuilder *builder);
void qr_brush_invalidate (QrBrush *brush);

/* Copies the 3 * n_faces plane points, contiguous, into out; returns out. */
const QrVec3 *qr_brush_gather_points (const QrBrush *brush, QrVec3 *out);

/* The brush's faces for src/geom's CSG, numbered first_source + face index. */
GArray *qr_brush_to_csg (const QrBrush *brush, int first_source);

static inline bool
qr_brush_is_valid (const QrBrush *brush)
{
  return brush->poly != NULL && brush->poly->status == QR_POLY_OK;
}
