/* qr-disp.h — a Source displacement: the values of a side's dispinfo block,
 * parsed, and the displaced grid built from them on the side's polygon
 * (shared reference 000, §7; geometry in src/geom/qr-dispgrid.h).
 *
 * The dispinfo block itself stays in the face's kept VMF items
 * (QrFaceExtra.vmf), verbatim, and is what the writer saves; the QrDisp in
 * QrFaceExtra.disp is read from it. Displacements are values shared by
 * reference between copies of a face, like patches: an edit makes a new one
 * (qr_disp_copy), changes it, and stores it back into the face's own copy
 * of the block with qr_disp_store, which rewrites only the rows whose
 * numbers changed — everything else in the block stays byte-identical. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-dispgrid.h"
#include "qr-model-types.h"
#include "qr-ray.h"
#include "qr-transform.h"
#include "qr-vec3.h"

struct _QrDisp
{
  grefcount ref;
  int power;              /* 2, 3 or 4 */
  int side;               /* qr_disp_side (power) vertices per row and per column */
  QrVec3 start;           /* startposition */
  double elevation;
  int flags;              /* as read; kept */
  /* side² entries each, row after row, as in the block; allocated with the
   * struct (change their values, never the pointers) */
  QrVec3 *normals;
  double *distances;
  QrVec3 *offsets;
  QrVec3 *offset_normals;
  double *alphas;         /* 0–255 */
  /* How far the vertices stray from their flat places, per axis (the
   * bounds of normal·distance + offset_normal·elevation + offset), filled
   * in by the first qr_disp_extent: a displacement is not changed once it
   * is shared, and a copy starts without it. */
  bool has_extent;
  QrVec3 extent_min, extent_max;
};

/* Reads a dispinfo block (the VMF reader has checked its shape). False with
 * a sentence in *error (QR_EDIT_ERROR) for a block that does not read. */
QrDisp *qr_disp_from_node (const QrNode *dispinfo, GError **error);

/* A flat displacement as Hammer creates one: normals and offset normals
 * along `normal` (the side's outward normal), distances, offsets, alphas
 * and elevation 0, starting at `start`. */
QrDisp *qr_disp_new_flat (int power, QrVec3 start, QrVec3 normal);

QrDisp *qr_disp_ref (QrDisp *disp);
void qr_disp_unref (QrDisp *disp);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrDisp, qr_disp_unref)
/* A new displacement with the same values (refcount 1). */
QrDisp *qr_disp_copy (const QrDisp *disp);

/* Every value equal, bit for bit. */
bool qr_disp_equal (const QrDisp *a, const QrDisp *b);

/* Writes disp's values into `dispinfo` (a block disp was read from, or one
 * made by qr_disp_to_node): keys and rows whose numbers differ from disp's
 * are rewritten as shortest decimals; the rest are left as they are. A
 * block of another power is rewritten whole. */
void qr_disp_store (const QrDisp *disp, QrNode *dispinfo);
/* A new dispinfo block in Hammer's layout (power, startposition, flags,
 * elevation, subdiv, the five row blocks, triangle_tags, allowed_verts). */
QrNode *qr_disp_to_node (const QrDisp *disp);

/* The face's displacement (face->extra->disp), or NULL. */
QrDisp *qr_face_disp (const QrFace *face);
/* Re-reads face->extra->disp from its dispinfo block (after a reader or an
 * edit changed the block); drops it when there is no block. False with
 * *error when the block does not read (the face keeps no displacement). */
bool qr_face_sync_disp (QrFace *face, GError **error);

/* The displaced grid of face `face` of a built brush: side² points into
 * `verts` (and the undisplaced ones into `flat`, may be NULL), in the
 * dispinfo's indexing: verts[r·side + c] = flat + normal·distance
 * + offset_normal·elevation + offset. False, with a sentence a mapper can
 * act on in *why (may be NULL; free it), when the brush is invalid or the
 * side's polygon has other than four corners. */
bool qr_disp_build (const QrDisp *disp, const QrBrush *brush, int face, QrVec3 *verts, QrVec3 *flat, char **why);
/* The same on a polytope of the brush built elsewhere (an export on a
 * worker thread builds its own: the window may rebuild the brush's). */
bool qr_disp_build_on (const QrDisp *disp, const QrPolytope *poly, int face, QrVec3 *verts, QrVec3 *flat,
                       char **why);

/* The displacement carried along by the affine transform `tr` of its brush:
 * its grid on the transformed side is the transformed grid. Normals and
 * offset normals turn with the linear part and keep their length, distances
 * scale by how much it stretches their normal, offsets turn with it (and
 * take what a stretch does to the elevation); `start` is where the start
 * corner went. A mirroring transform reverses the side's winding, which
 * swaps the grid's rows and columns: the values are transposed to match. */
QrDisp *qr_disp_transform (const QrDisp *disp, const QrTransform *tr, QrVec3 start);

/* Before face `face` of `brush` (valid or not) is transformed by `tr`:
 * where its displacement's start corner goes (the corner itself when the
 * brush is built, else the start position), for qr_disp_transform. */
QrVec3 qr_disp_transformed_start (const QrDisp *disp, const QrBrush *brush, int face, const QrTransform *tr);

/* disp->extent_min and extent_max, computed on the first call (one pass
 * over the vertices): picking and sculpting pass over thousands of
 * displacements with a box test each. */
void qr_disp_extent (const QrDisp *disp, QrVec3 *min, QrVec3 *max);

/* The box a displaced side of a valid brush lies in, without building its
 * grid: the brush's bounds grown by how far the grid's vertices stray (per
 * axis) from their flat places, which lie within the brush. A cheap first
 * test for picking, dabs and bounds over thousands of displacements. */
QrBounds qr_disp_reach (const QrBrush *brush, const QrDisp *disp);

/* Whether any face of the brush holds a displacement: such a brush draws
 * its displaced sides only (§7). */
bool qr_brush_has_disp (const QrBrush *brush);

/* The box of what a valid brush is in the views: its polytope's bounds
 * grown by every displaced side's displaced grid (built, so exact: a
 * resize maps this box onto the one dragged, and the displaced surface
 * must fill it). Hammer's selection box holds the displacement too. Empty
 * for an invalid brush. */
QrBounds qr_brush_bounds (const QrBrush *brush);

/* The nearest triangle of a valid brush's displaced sides the ray meets
 * (from either side, as qr_disp_hit) nearer than `below`: its distance, the
 * side's face index and the grid vertex nearest the hit (face, r, c may be
 * NULL). A box test first per side, so rays far from a displacement do not
 * build its grid. False for a miss. */
bool qr_brush_hit_disp (const QrBrush *brush, const QrRay *ray, double below, double *t, int *face, int *r, int *c);
