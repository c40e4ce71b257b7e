/* qr-bsp.h — binary space partitioning trees over convex polygons, and
 * clipping any kind of entity to them through clip functors (the design of
 * the reference report's Appendix B and §3.5).
 *
 * Branch nodes hold a split plane; leaves are empty or solid. Empty leaves
 * lie in front of polygons and solid ones behind, as brushes lie behind their
 * face planes (normal · x <= dist is inside).
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-plane.h"
#include "qr-winding.h"

/* The report's default weights for the split-plane metric
 * β · |#front − #back| + σ · #straddling. */
#define QR_BSP_BALANCE_WEIGHT 8
#define QR_BSP_SPLIT_WEIGHT 1

typedef enum
{
  QR_BSP_BRANCH,
  QR_BSP_EMPTY,
  QR_BSP_SOLID,
} QrBspKind;

typedef struct _QrBspNode QrBspNode;

struct _QrBspNode
{
  QrBspKind kind;
  QrPlane plane;     /* branch: the split plane */
  QrBspNode *parent; /* borrowed; NULL at the root */
  QrBspNode *front;  /* borrowed (the tree owns every node); branch only */
  QrBspNode *back;   /* borrowed; branch only */
};

typedef struct _QrBspTree QrBspTree;

/* The report's build_subtree over n convex polygons, polys[i] lying on
 * planes[i] (counter-clockwise seen from the plane's front). At each node the
 * splitter is the plane, among the current polygons' planes, with the least
 * balance_weight · |#front − #back| + split_weight · #straddling, the first in
 * order on ties. Polygons on the splitter (either facing) are consumed by the
 * node, straddling ones are split; a node with nothing in front gets an empty
 * front leaf, one with nothing behind a solid back leaf. n == 0 gives a
 * single empty leaf. The inputs are left alone. */
QrBspTree *qr_bsp_build (const QrWinding *const *polys, const QrPlane *planes, int n,
                         double balance_weight, double split_weight);

/* The tree of the convex region behind all n planes: node i splits by
 * planes[i], its front child an empty leaf, its back child node i + 1, the
 * last back child a solid leaf. n == 0 gives a single solid leaf (no plane
 * bounds anything). */
QrBspTree *qr_bsp_build_right_linear (const QrPlane *planes, int n);

void qr_bsp_free (QrBspTree *t);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrBspTree, qr_bsp_free)

const QrBspNode *qr_bsp_root (const QrBspTree *t);

/* Every node, branches and leaves alike (the report's "Nodes"). */
int qr_bsp_count_nodes (const QrBspTree *t);
int qr_bsp_count_leaves (const QrBspTree *t);
/* Branches on the longest path from the root to a leaf (0 for a lone leaf). */
int qr_bsp_depth (const QrBspTree *t);

/* Whether p ends in a solid leaf. A point within QR_EPS_ON_PLANE of a split
 * plane goes to the back, so a convex brush's tree contains the brush's
 * boundary: containment is of the closed solid. */
bool qr_bsp_contains (const QrBspTree *t, QrVec3 p);

/* ------------------------------------------------------------------------
 * Clipping (Listing 5). A functor makes the walk generic over the entity:
 * polygons, brushes, anything that can be classified and split by a plane.
 * Every callback gets the functor's user_data last.
 */
typedef struct
{
  /* QR_SIDE_FRONT, QR_SIDE_BACK, QR_SIDE_ON (lying in the plane) or QR_SIDE_SPAN. */
  QrSide (*classify) (const void *entity, const QrPlane *plane, void *user_data);
  /* New front and back parts of a straddling entity; either may come back
   * NULL, and the walk then passes the whole entity to the other side. */
  void (*split) (const void *entity, const QrPlane *plane, void **front, void **back,
                 void *user_data);
  /* Where an entity lying in a split plane goes. */
  bool (*pass_coplanar_back) (const void *entity, const QrPlane *plane, void *user_data);
  void *(*copy) (const void *entity, void *user_data);
  void (*free) (void *entity, void *user_data);
  void *user_data;
} QrBspClipFunctor;

/* Clips `entity` (left alone) to the tree and appends to `out` new entities
 * (to be freed with f->free) for its fragments that end in solid leaves
 * (want_solid) or in empty ones. Where both parts of a split survive, the
 * entity they came from is appended instead of them, so an entity that
 * survives whole is appended as one copy of itself: returns true then. */
bool qr_bsp_clip (const QrBspTree *t, const void *entity, const QrBspClipFunctor *f,
                  bool want_solid, GPtrArray *out);

/* Where a polygon (QrWinding) lying in a split plane goes, by whether its
 * normal faces the same way as the plane's or the opposite way. */
typedef enum
{
  QR_BSP_COPLANAR_UNION_FIRST,         /* same: back,  opposite: back */
  QR_BSP_COPLANAR_UNION_SECOND,        /* same: front, opposite: back */
  QR_BSP_COPLANAR_INTERSECTION_FIRST,  /* same: back,  opposite: front */
  QR_BSP_COPLANAR_INTERSECTION_SECOND, /* same: front, opposite: front */
  QR_BSP_COPLANAR_BACK,                /* always back: the polygons of a plane set */
} QrBspCoplanar;

/* Static functors for QrWinding entities (classify and split with
 * QR_EPS_ON_PLANE); user_data is unused. */
const QrBspClipFunctor *qr_bsp_polygon_functor (QrBspCoplanar policy);

/* ------------------------------------------------------------------------
 * Leaves and the regions they stand for.
 */

/* The planes around a node, from its parent up to the root (Listing 2),
 * each turned to face away from the node: the node's region is behind all
 * of them. A GArray of QrPlane, possibly holding planes that do not touch
 * the region. */
GArray *qr_bsp_leaf_planes (const QrBspNode *leaf);

/* The leaves of one kind, front subtrees before back ones: a new array of
 * borrowed const QrBspNode pointers. */
GPtrArray *qr_bsp_dup_leaves (const QrBspTree *t, QrBspKind kind);

/* For each solid leaf, in the order of qr_bsp_dup_leaves, its planes (a
 * GArray of QrPlane, as qr_bsp_leaf_planes): the convex pieces of a convex
 * union. The array frees the GArrays. */
GPtrArray *qr_bsp_solid_leaf_plane_sets (const QrBspTree *t);

/* The polygons bounding the region behind all n planes: a base winding on
 * each plane clipped to their right-linear tree with the always-back policy,
 * keeping solid fragments; fragments under QR_EPS_AREA (a redundant plane
 * grazing an edge) are dropped. GPtrArray of QrWinding (freeing them); the
 * plane of each is appended to out_planes when not NULL. */
GPtrArray *qr_bsp_polygons_from_planes (const QrPlane *planes, int n, GArray *out_planes);

/* ------------------------------------------------------------------------
 * Boundaries of unions and intersections (Appendix C's symmetric_op).
 */

/* A closed solid given by its boundary polygons, polys[i] on planes[i], and
 * its tree (typically qr_bsp_build of the same polygons). All borrowed. */
typedef struct
{
  const QrWinding *const *polys;
  const QrPlane *planes;
  int n;
  const QrBspTree *tree;
} QrBspSolid;

/* The boundary polygons of a ∪ b: a's polygons clipped to b's tree with
 * QR_BSP_COPLANAR_UNION_FIRST and b's to a's with _UNION_SECOND, keeping
 * fragments in empty leaves, so a face the two share is kept once and faces
 * where they touch are dropped. GPtrArray of QrWinding (freeing them); the
 * plane of each (its source polygon's) is appended to out_planes when not
 * NULL. */
GPtrArray *qr_bsp_union_polygons (const QrBspSolid *a, const QrBspSolid *b, GArray *out_planes);

/* The same for a ∩ b: _INTERSECTION_FIRST and _SECOND, keeping fragments in
 * solid leaves. */
GPtrArray *qr_bsp_intersection_polygons (const QrBspSolid *a, const QrBspSolid *b,
                                         GArray *out_planes);
