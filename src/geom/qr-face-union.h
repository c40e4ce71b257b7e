/* qr-face-union.h — the outward boundary of a set of convex brushes: the
 * parts of their faces no other brush covers.
 *
 * The union of an entity's brushes as a renderer needs it (../shared/
 * reference/003, "CSG union"; the compilers' CSGFaces): each face polygon is
 * clipped by every other brush whose bounds reach it; what lies inside one
 * is dropped. Faces that touch back to back both go (each lies on the
 * other's plane, facing into it); faces nearer than QR_EPS_UNION, or back
 * to back within QR_EPS_UNION_COS, touch. Of two faces on the same plane
 * facing the same way exactly one survives where they overlap: a drawn one
 * (`emit`) before one that is not, then the earlier layer's, then the
 * earlier brush's. A piece no part of which lies inside a brush is never
 * cut by that brush's planes. Brushes come in layers:
 * a brush hides the faces of brushes in its own layer and in later ones, so
 * solid brushes (layer 0) hide water surfaces (layer 1) inside walls while
 * water hides nothing of the walls.
 *
 * Then the pieces are made watertight: where a piece's corner lies on
 * another piece's edge (a T-junction) that edge gets the corner too, and
 * each piece is cut into triangles without slivers.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-plane.h"
#include "qr-polytope.h"
#include "qr-triangulate.h"

typedef struct
{
  const QrPolytope *poly;  /* valid (QR_POLY_OK) */
  const QrPlane *planes;   /* poly->n_faces: the plane of each face */
  const bool *emit;        /* poly->n_faces: whether the face is wanted in the output
                            * (a face not wanted still hides others); NULL: all */
  const int *merge;        /* poly->n_faces: pieces on one plane merge only within a
                            * class (the caller's: same texture and projection, so
                            * texture coordinates agree); NULL: all one class */
  int layer;               /* hides the faces of brushes of this layer and above */
} QrUnionBrush;

typedef struct
{
  int brush;      /* index into the input */
  int face;       /* face of that brush the piece lies on */
  int first;      /* its points: first … first + n − 1 of QrUnionResult.points, */
  int n;          /* counter-clockwise seen from outside */
} QrUnionPiece;

typedef struct
{
  GArray *pieces; /* QrUnionPiece, grouped by brush then face, in input order */
  GArray *points; /* QrVec3 */
} QrUnionResult;

/* The visible pieces of the brushes' faces. Pieces of one plane and merge
 * class that share a whole edge are merged while the result stays convex
 * (two cubes side by side: one rectangle on top), keeping the brush and
 * face of the first. */
QrUnionResult *qr_face_union (const QrUnionBrush *brushes, int n_brushes, int n_threads);

/* Inserts into each piece's edges the corners of other pieces lying on
 * them (within QR_EPS_TJUNCTION), so pieces that meet share their
 * vertices exactly. Returns how many points were inserted. */
int qr_union_fix_t_junctions (QrUnionResult *result, int n_threads);

/* n_threads for both: 0 takes one per processor for inputs large enough
 * to repay starting them (a map's world), and one thread for the rest;
 * k > 0 takes k whatever the size. The result is the same either way:
 * the work is split into runs whose results are joined in order. */

void qr_union_result_free (QrUnionResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrUnionResult, qr_union_result_free)
