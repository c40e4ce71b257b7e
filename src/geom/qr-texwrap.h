/* qr-texwrap.h — a face's texture continued onto another face across the
 * edge they share, so that texels meet without a seam (Hammer's "wrap",
 * Alt+right-click in its Face Edit mode).
 *
 * The source's texture, as a map from space to texels, is folded about the
 * common edge: rotated about the edge's line by the angle between the two
 * planes, which lays the source's plane on the target's as a sheet of paper
 * bent over the edge. Points of the edge's line are their own images, so
 * both faces give every point of the edge the same texel. A face sharing no
 * edge with the source takes the source's projection unchanged: the same
 * texel at every point of space; where that gives the face no texture (the
 * source's axes meet its plane at right angles: a floor's projection on a
 * wall), the fold is about the line where the two planes meet instead, as
 * if the faces shared an edge there.
 *
 * The target keeps its own form, and how exactly it can hold the result
 * depends on it:
 *  - Valve 220 / VMF: exact (the axes turn with the fold, scales stay);
 *  - brush primitives: exact (the folded map written as a matrix over the
 *    target's plane basis);
 *  - standard (Quake, Quake 2, legacy Quake 3): the axes are the axial
 *    projection of the target's own normal turned and scaled, which holds a
 *    map only when its two gradients, seen in that axial plane, are at right
 *    angles. The fit keeps the edge exact (texels along the edge's line
 *    match) and, among the standard maps doing so, takes the one whose
 *    gradients across the edge are nearest the fold's; what remains is
 *    returned as `residual`: the largest difference, in texels, between the
 *    fit and the exact continuation at the target polygon's corners.
 * Without a common edge, the standard fit keeps exact the line where the
 * two planes meet (for parallel planes, the direction of the source's U
 * gradient) through the target's first corner.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-plane.h"
#include "qr-texproj.h"

/* Texels: a wrap whose result strays less than this from the exact
 * continuation is exact (issue 14's bound at the edge's corners). */
#define QR_TEXWRAP_EXACT 1e-4

/* One face as the wrap reads or writes it. */
typedef struct
{
  QrTexForm form;
  QrTexAttr tex;
  QrPlane plane;        /* unit normal */
  const QrVec3 *points; /* its polygon (borrowed); n_points may be 0 */
  int n_points;
} QrTexWrapFace;

/* The longest stretch that an edge of polygon a and an edge of polygon b
 * have in common: both ends of one lie within `eps` of the other's line and
 * they overlap by more than `eps`. Writes its ends (on a's edge) to
 * edge[0..1]. False when the polygons share no such stretch. */
bool qr_texwrap_common_edge (const QrVec3 *a, int n_a, const QrVec3 *b, int n_b, double eps, QrVec3 edge[2]);

/* Writes dst->tex (every attribute: dst's form is kept) so that dst
 * continues src's texture across `edge` (its two ends, on both planes), or
 * in world space when edge is NULL. `rule` is the map's compiler's base-axis
 * rule for standard faces. width × height is the texture's size: only a
 * wrap between brush primitives and the other forms (texels against
 * fractions of the texture) needs it. *residual (when not NULL) receives 0
 * for Valve and brush-primitive targets, the standard fit's error for
 * standard ones (see above). Fails with QR_TEXPROJ_ERROR_DEGENERATE, dst
 * untouched, when src's own axes give it no texture, or when dst is
 * parallel to src and their planes have no line to fold about. */
bool qr_texwrap_face (QrTexAxisRule rule, const QrTexWrapFace *src, QrTexWrapFace *dst, const QrVec3 *edge,
                      int width, int height, double *residual, GError **error);
