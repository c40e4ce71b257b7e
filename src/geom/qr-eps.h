/* qr-eps.h — every tolerance of the geometry core, in one place.
 *
 * Map coordinates are usually integers or short decimals within ±65536, and
 * plane points are exact doubles from the file. Errors in derived values come
 * from a handful of products and one division per clip, so they stay near
 * 1e-10 at map scale; the tolerances below sit well above that noise and well
 * below anything a mapper can draw on a grid of 1/8 unit.
 */
#pragma once

/* A point this close to a plane counts as on it when clipping and
 * classifying. Above the ~1e-10 noise of computed vertices, far below the
 * 0.125 of the finest editing grid. */
#define QR_EPS_ON_PLANE 1e-6

/* Clipping a face's winding treats a point this close to the clip plane as on
 * it. Much tighter than QR_EPS_ON_PLANE on purpose: a point kept unsplit
 * moves along the face by epsilon / sin(angle between the planes), so where
 * planes meet at a few degrees a loose tolerance shifts corners by 1e-5 and
 * the faces no longer agree on them. Split points carry ~1e-9 of error from
 * the 2^22 base winding, so 1e-8 is still above the noise; tiny edges that
 * splitting creates are merged by QR_EPS_WELD. */
#define QR_EPS_CLIP 1e-8

/* Three planes whose normals' triple product is below this are too close to
 * parallel for Cramer's rule: the corner keeps its clipped position. Above
 * it, Cramer's error (about 1e-16 * |dist| / det, ~1e-7 at 1e-6 for planes
 * 1000 units out) still beats the clipping's (about 1e-10 / det). */
#define QR_EPS_CORNER_DET 1e-6

/* Two polygon vertices closer than this (per axis) are the same brush vertex.
 * A thousand times QR_EPS_CLIP so the same corner reached by different clip
 * orders always welds. */
#define QR_EPS_WELD 1e-5

/* Two ends of open edges, of polygons that do not close even clipped from
 * a brush-sized winding, are one vertex when one lies within
 * QR_EPS_ON_PLANE of all the planes of the other's polygons and they are
 * at most this far apart (per axis): where three planes nearly share a
 * line their common corner is only known along it, to the clipping
 * tolerance over the sine between them. The planes test is what makes a
 * merge sound; this bound only keeps it local. In the builds behind the
 * corpus's carves and unions (66 merges) such pairs lie up to 2.6e-3
 * apart; 1e-2 is still well below the 1/8 grid. */
#define QR_EPS_REPAIR_WELD 1e-2

/* A face polygon whose area is below this (square units) after welding is a
 * sliver where a redundant plane touches an edge or vertex: no polygon. The
 * square of QR_EPS_WELD: a larger bound would drop real faces whose corners
 * are too far apart to weld, leaving holes in their neighbours. */
#define QR_EPS_AREA (QR_EPS_WELD * QR_EPS_WELD)

/* Three plane points are collinear when |(p0 - p1) x (p2 - p1)| is below this
 * fraction of |p0 - p1| * |p2 - p1|: the sine of the angle between the two
 * spans. 1e-12 rejects only truly degenerate triples; planes through points
 * 1e-6 apart on a 65536 span (sine ~1.5e-11) still work. */
#define QR_EPS_COLLINEAR 1e-12

/* Half the side of the base winding laid on every plane before clipping:
 * 2^22, four times the 2^20 the brief requires, so the winding's corners stay
 * far outside any map even for planes whose distance is near the world limit.
 * Its rounding (~1e-9) divided by the sine between two nearly parallel
 * planes can pass QR_EPS_WELD; a brush whose polygons then do not close is
 * clipped again from windings just larger than its bounds (qr-polytope.c). */
#define QR_BASE_WINDING_EXTENT 4194304.0

/* A vertex beyond this in any coordinate means a side of the brush was never
 * closed by another plane: the brush is unbounded. 2^20: eight times the
 * largest map extent any supported engine allows, and far inside the base
 * winding's corners (at least 2^22 / sqrt(3) from the origin). */
#define QR_WORLD_EXTENT 1048576.0

/* A brush whose volume is below this (cubic units) is flat: treated as empty. */
#define QR_EPS_VOLUME 1e-6

/* A box (six axial planes) at least this thick along every axis gets its
 * corners straight from its planes; a thinner one is clipped like any
 * brush, which decides what its slivers weld to. A hundred times
 * QR_EPS_WELD. */
#define QR_EPS_BOX_THIN 1e-3

/* A corner of one face piece this close to another piece's edge lies on
 * it: the edge gets the corner too, so the mesh has no crack there
 * (qr-face-union.c). Ten times QR_EPS_WELD: corners of pieces cut from
 * different brushes carry the clipping's rounding twice. */
#define QR_EPS_TJUNCTION (10 * QR_EPS_WELD)

/* Faces this close count as touching in the union of an entity's brushes
 * for export (qr-face-union.c): maps built from rotated brushes leave
 * their faces 1e-4 apart or overlapping, and a face in such a gap is as
 * hidden as one flush against the other brush. Still far below the 1/8
 * grid; the compilers snap planes within 0.01 of each other. */
#define QR_EPS_UNION 1e-3

/* Faces whose normals are this close to opposite (1 − cos: 0.8°) are back
 * to back for the union, and touch wherever they are nearer than
 * QR_EPS_UNION. */
#define QR_EPS_UNION_COS 1e-4

/* Editor-computed coordinates within this of an integer are snapped to it,
 * as the compilers do with the points they write. */
#define QR_EPS_SNAP 1e-3

/* Self-check tolerance for "vertex lies on its plane", relative to the map's
 * extent (at least 1): 1e-6 of map scale, the corpus tests' bound. */
#define QR_EPS_CHECK_RELATIVE 1e-6

/* A Valve texture axis counts as lying in the standard projection plane, and
 * the V axis as at right angles to the U axis, when the stray component is
 * below this fraction of the axis length (the sine of the angle). Map files
 * often write axes with six significant digits (0.707107 for a 45 degree
 * turn), which leaves sines near 1e-6; 1e-5 accepts those, while a real skew
 * or a face-plane projection (sines of 1e-2 and more) is still refused. */
#define QR_EPS_TEX_AXIS 1e-5

/* A rotation (degrees) or texture scale recovered from Valve axes is snapped
 * to an integer this close to it: atan2 and one division leave noise near
 * 1e-13, while the values a mapper types carry at most about six decimals. */
#define QR_EPS_TEX_SNAP 1e-9

/* Wrapping a texture across an edge (qr-texwrap.h) rotates it about the
 * line where the two faces' planes meet. When the sine of the angle between
 * the planes is above this, that line's direction comes from the cross
 * product of the normals (exact for axial ones, with an error near
 * 1e-16 / sine otherwise); below it, from the shared edge's ends, whose
 * rounding (~1e-10) over a grid-sized edge then gives the smaller error. */
#define QR_EPS_TEX_FOLD_SINE 1e-3

/* A texture projection gives a face no texture when, in the face's plane,
 * one of its two gradients is shorter than this fraction of its length in
 * space or the two are closer to parallel than this sine: the texture
 * would be stretched along a line (the compilers' "texture axis
 * perpendicular to face"). Real projections sit far above it. */
#define QR_EPS_TEX_FLAT 1e-6

/* A transform whose determinant is this close to 0 squashes space flat and
 * has no inverse: editing transforms have determinants near 1 (a resize to
 * 1/64 on every axis still gives 4e-6). Also, relative to the largest column,
 * the size below which a column of I - M counts as 0 when solving for a
 * transform's fixed point: rounding leaves ~1e-16 along a rotation's axis,
 * while a turn by 1e-4 degrees still shows 2e-6. */
#define QR_EPS_SINGULAR 1e-12

/* CSG never makes a piece smaller than this (cubic units): a cut that would
 * leave less on one side does not happen, as the "no slivers" asks.
 * A thousandth of a unit cube: far below anything a mapper builds, far above
 * the rounding of plane intersections. */
#define QR_EPS_SLIVER_VOLUME 1e-3

/* A convex hull's facet takes the points within this of its plane: nearly
 * coplanar triangles merge into one face. The face's plane then goes through
 * three of those points spread as wide as the facet allows (its largest
 * triangle), and every other point of the facet has barycentric coordinates
 * of at least -1 in that triangle, so the tilt can lift it by twice the band
 * the three sit in, itself up to twice this where the pivot that found the
 * facet was not exact: a quarter of QR_EPS_ON_PLANE keeps every point within
 * QR_EPS_ON_PLANE of the face's plane. */
#define QR_EPS_HULL_COPLANAR (QR_EPS_ON_PLANE / 4)

/* A point set is too flat for a convex hull (a merge of brushes into one)
 * when its farthest point from the line through its extremes, or then from
 * the plane through that line and point, is at most the larger of these.
 * QR_EPS_HULL_FLAT, ten times QR_EPS_WELD: welding is per axis, so the
 * corners of opposite sides of a thinner hull, √3 × QR_EPS_WELD apart across
 * a diagonal, could weld when its polytope is built; it is also far above
 * QR_EPS_HULL_COPLANAR, so no single facet can hold all the points.
 * QR_EPS_HULL_FLAT_RELATIVE, the self-checks' 1e-6 of map scale: the normal
 * of a side facet of a slab, through three of its points, carries a relative
 * rounding error of about 1e-16 × extent / thickness, so at this thickness
 * its far corners move by 1e-10 × extent, which stays below QR_EPS_ON_PLANE
 * for sets up to 10^4 units across. */
#define QR_EPS_HULL_FLAT (10 * QR_EPS_WELD)
#define QR_EPS_HULL_FLAT_RELATIVE 1e-6

/* A vertex handle names the corners of a brush within this of it on every
 * axis: the same corner of brushes that share it agrees to rounding
 * (~1e-9), and a position typed or snapped to the 1/1000 the files write
 * still finds its corner. */
#define QR_EPS_VERTEX_HANDLE 1e-3

/* A moved corner survives a vertex edit when the brush built from the
 * hull's planes has a vertex this close to it (per axis): ten times
 * QR_EPS_WELD, far above the ~1e-9 error of intersecting three planes, far
 * below the 1/8 grid. */
#define QR_EPS_VERTEX_CORNER (10 * QR_EPS_WELD)

/* A plane every vertex of a CSG piece lies this far behind cannot bound
 * the piece: it is dropped before the exact build of the piece. Far above
 * the ~1e-9 error of the pieces' polygons, so no bounding plane is lost. */
#define QR_EPS_CSG_CLEARANCE 1e-3

/* Two CSG pieces join into one when the brush bounded by their common
 * outer faces differs from their combined volume by at most this (cubic
 * units): then it is their union. In the union benchmark (100 random
 * boxes of fractional size, some with corners cut off) exact joins differ
 * by under 1e-9 and the rest by more than 1; a notch below this is smaller
 * than any piece CSG makes (QR_EPS_SLIVER_VOLUME). */
#define QR_EPS_MERGE_VOLUME 1e-3
