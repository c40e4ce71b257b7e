/* qr-hull.h — the convex hull of a point set as brush faces: what
 * TrenchBroom's convex merge turns a selection of brushes into.
 */
#pragma once

#include <glib.h>
#include "qr-plane.h"
#include "qr-vec3.h"

#define QR_HULL_ERROR (qr_hull_error_quark ())
GQuark qr_hull_error_quark (void);

typedef enum
{
  QR_HULL_ERROR_FLAT,    /* fewer than 4 distinct points, or all on one line or plane */
  QR_HULL_ERROR_INVALID, /* a coordinate is not a finite number */
} QrHullError;

/* One facet of the hull: three of its corners as plane points, in the
 * compilers' order (normalize ((p0 - p1) x (p2 - p1)) points out of the
 * hull), and the index of a `prefer` plane the facet lies on, or -1. */
typedef struct
{
  QrVec3 points[3];
  int prefer;
} QrHullFace;

/* The convex hull of n points as one face per facet (coplanar triangles
 * merged), or NULL with a QR_HULL_ERROR when the points span no volume.
 *
 * Points closer than QR_EPS_WELD on every axis count as one: the first in
 * sorted order (x, then y, then z) stands for the others. Every point kept
 * lies behind or within QR_EPS_ON_PLANE of every face's plane; those welded
 * to it may stand out by the distance between them. A facet takes the points
 * within QR_EPS_HULL_COPLANAR of its plane. A face's three points are corners
 * of its facet spread as wide as the facet allows (the largest triangle), and
 * they are input points exactly, so integer input gives integer plane
 * points. `prefer` names the planes of the faces of the
 * brushes being merged: a facet on one of them (normals within
 * QR_EPS_ON_PLANE per component, and every corner of the facet within
 * QR_EPS_ON_PLANE of the plane) gives its index, so the caller can keep that
 * face's own points and texture. When several match, the closest wins, then
 * the first. Points a little off a face (more than QR_EPS_HULL_COPLANAR) can
 * split it into nearly coplanar facets that all name it: keep one face per
 * preferred plane.
 *
 * Deterministic: faces are sorted by normal (x, then y, then z), then
 * distance; shuffling the points gives the same planes. Gift wrapping,
 * O(n h) for h facets: O(n²) at worst, a few milliseconds for the corners of
 * a few brushes, under 0.1 s for 2000 points that are all corners.
 *
 * Returns a GArray of QrHullFace (free with g_array_unref). */
GArray *qr_hull_planes (const QrVec3 *points, int n,
                        const QrPlane *prefer, int n_prefer,
                        GError **error);
