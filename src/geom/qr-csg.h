/* qr-csg.h — constructive solid geometry on convex brushes: split, convex
 * difference (carve), convex intersection, convex union, hollow.
 *
 * A brush here is its list of faces, each three plane points (the brush is
 * behind every plane) tagged with where the plane came from, so the caller
 * can give every output face the attributes of the input face it lies on:
 * CSG makes no new plane where an existing one serves. Every output brush is
 * valid, has only faces that carry a polygon, and is at least
 * QR_EPS_SLIVER_VOLUME big; results are deterministic. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-plane.h"
#include "qr-polytope.h"

typedef enum
{
  QR_CSG_FACE_SAME,    /* the plane of source face `source`, as it was */
  QR_CSG_FACE_FLIPPED, /* that plane turned around: a carver's face seen from outside it */
  QR_CSG_FACE_OFFSET,  /* that plane moved along its normal (hollow); `points` are the moved ones */
  QR_CSG_FACE_CUT,     /* a plane the caller supplied to split with (source: the caller's number) */
} QrCsgFaceKind;

/* The points are always the face's own (moved for OFFSET, reversed for
 * FLIPPED): a caller takes them as they are and the texture attributes
 * from the source face. */
typedef struct
{
  QrVec3 points[3];
  QrCsgFaceKind kind;
  int source; /* the caller's number for the input face (see qr_csg_brush_new) */
} QrCsgFace;

/* A brush for CSG: a GArray of QrCsgFace. */
typedef GArray QrCsgBrush;

/* A brush of n faces from 3 * n points, the faces numbered first_source,
 * first_source + 1, … (QR_CSG_FACE_SAME). */
QrCsgBrush *qr_csg_brush_new (const QrVec3 *points, int n_faces, int first_source);
QrCsgBrush *qr_csg_brush_copy (const QrCsgBrush *brush);
void qr_csg_brush_free (QrCsgBrush *brush);
/* GPtrArray of QrCsgBrush *, freeing them. */
GPtrArray *qr_csg_brush_array_new (void);

/* Volume of the brush (0 when invalid). */
double qr_csg_volume (QrPolyBuilder *b, const QrCsgBrush *brush);

#define QR_CSG_ERROR (qr_csg_error_quark ())
GQuark qr_csg_error_quark (void);

typedef enum
{
  QR_CSG_ERROR_EMPTY,     /* the result has no volume (an empty intersection) */
  QR_CSG_ERROR_TOO_THICK, /* hollow: the walls would meet */
  QR_CSG_ERROR_INVALID,   /* an input brush is not a valid polytope */
} QrCsgError;

/* Splits by the plane through `cut` (points of the compilers' convention):
 * *front is the part in front of it (closed by the plane turned around),
 * *back the part behind (closed by the plane); either is NULL when that
 * side holds nothing, or only a sliver. The new faces are QR_CSG_FACE_CUT
 * with `cut_source` (front: turned around, so its points are reversed). */
void qr_csg_split (QrPolyBuilder *b, const QrCsgBrush *brush, const QrVec3 cut[3], int cut_source,
                   QrCsgBrush **front, QrCsgBrush **back);

/* The pieces of `brush` outside every carver: the brush clipped to the
 * carvers' right-linear trees, axial planes first, one piece per carver
 * plane that cuts it at most. Faces on a carver's plane are that carver
 * face, QR_CSG_FACE_FLIPPED. Returns NULL when the brush does not overlap
 * the carvers at all (so the caller can leave it untouched). */
GPtrArray *qr_csg_difference (QrPolyBuilder *b, const QrCsgBrush *brush,
                              const QrCsgBrush *const *carvers, int n_carvers);

/* Carvers prepared once for many qr_csg_difference_prepared calls (a carve
 * through a whole map). */
typedef struct _QrCsgCarvers QrCsgCarvers;

QrCsgCarvers *qr_csg_carvers_new (QrPolyBuilder *b, const QrCsgBrush *const *carvers, int n);
void qr_csg_carvers_free (QrCsgCarvers *carvers);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrCsgCarvers, qr_csg_carvers_free)
/* `poly` may be the brush's polytope already built (face i for face i),
 * saving a build; when `polys` is not NULL it receives the pieces'
 * polytopes (QrPolytope *, face i for face i of each piece), so that the
 * caller need not build them again. */
GPtrArray *qr_csg_difference_prepared (QrPolyBuilder *b, const QrCsgBrush *brush, const QrPolytope *poly,
                                       const QrCsgCarvers *carvers, GPtrArray **polys);

/* The common volume: the planes of all inputs, redundant ones dropped.
 * NULL with QR_CSG_ERROR_EMPTY when they share no volume. */
QrCsgBrush *qr_csg_intersection (QrPolyBuilder *b, const QrCsgBrush *const *brushes, int n,
                                 GError **error);

/* Mutually disjoint convex pieces enclosing exactly the union: the solid
 * leaves of the BSP tree of the union's boundary (the report's method),
 * then joined two at a time, smallest first, while two make one convex
 * piece (their hull has exactly their combined volume); a joined piece's
 * faces are the two pieces' faces, so still input faces.
 *
 * An input that overlaps no other (by less than QR_EPS_SLIVER_VOLUME) is
 * no part of that: when `untouched` (n entries) is given, untouched[i]
 * says so for input i and the result leaves it out, so the caller can
 * keep it as it is; without it, copies of those inputs come first, in
 * input order. */
GPtrArray *qr_csg_union (QrPolyBuilder *b, const QrCsgBrush *const *brushes, int n, bool *untouched);

/* Walls of `thickness`: inward, inside the brush's outline (the brush
 * minus the brush shrunk by thickness); outward, around it (the brush grown
 * by thickness minus the brush). Moved planes are QR_CSG_FACE_OFFSET; an
 * axial plane moved by an integral thickness keeps integer points. Inward,
 * the centre must lie strictly behind every moved plane, else
 * QR_CSG_ERROR_TOO_THICK. */
GPtrArray *qr_csg_hollow (QrPolyBuilder *b, const QrCsgBrush *brush, double thickness, bool outward,
                          GError **error);
