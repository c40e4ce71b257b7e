/* qr-patch.h — a Quake 3 patch (patchDef2): a texture, the header
 * ( rows cols contents flags value ), and a rows × cols grid of control
 * points, each a position and texture coordinates (x y z s t); plus its
 * tessellation, derived (src/geom/qr-bezier.h).
 *
 * A patch sits in its entity's kept blocks (QrNode.patch), where its text
 * stays verbatim until an edit changes it. Patches are values shared by
 * reference between copies of a node: an edit replaces a patch with a new
 * one instead of changing it, so copying an entity's 357 patches for an
 * undo step costs 357 references. Ids come from the map's brush counter,
 * so a brush and a patch never share an id. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-bezier.h"
#include "qr-model-types.h"
#include "qr-transform.h"

typedef struct
{
  QrVec3 pos;
  double st[2];
} QrPatchPoint;

struct _QrPatch
{
  grefcount ref;
  QrId id;
  char *texture;         /* as written, without quotes */
  double header[5];      /* rows, cols, contents, flags, value as read */
  int rows, cols;        /* header[0] and header[1]: rows of the text, points per row */
  QrPatchPoint *points;  /* rows * cols, row after row, owned */
  QrBezierGrid *mesh;    /* derived from the points at QR_BEZIER_SUBDIVIDE_ERROR */
  QrBounds bounds;       /* of the mesh */
};

/* A patch of rows × cols zeroed points (sizes as qr_bezier_size_ok wants);
 * the header holds the sizes and zeros. */
QrPatch *qr_patch_new (QrId id, const char *texture, int rows, int cols);
QrPatch *qr_patch_ref (QrPatch *patch);
void qr_patch_unref (QrPatch *patch);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrPatch, qr_patch_unref)
/* A new patch with the same id, texture, header and points. */
QrPatch *qr_patch_copy (const QrPatch *patch);

static inline QrPatchPoint *
qr_patch_point (QrPatch *patch, int row, int col)
{
  return &patch->points[row * patch->cols + col];
}

/* (Re)tessellates from the points: the mesh and bounds. */
void qr_patch_build (QrPatch *patch);

/* Moves the control points (snapped as brush points are, qr_snap); the
 * texture coordinates stay with their points. A mirroring transform also
 * reverses each row, so the patch keeps facing the same way. Rebuilds the
 * mesh. Call it on a patch no node
 * shares yet (a fresh copy). */
void qr_patch_transform (QrPatch *patch, const QrTransform *tr);

/* Everything a file holds: id, texture, header and points, bit for bit
 * (the sign of zero included). */
bool qr_patch_equal (const QrPatch *a, const QrPatch *b);
