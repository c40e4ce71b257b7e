/* qr-ray.h — picking: where a half-line from the eye meets planes, face
 * polygons, boxes, brush polytopes and tessellated patches (the MapEditor
 * report, shared reference 001, §3.2). Geometry only: the camera that
 * makes the ray lives in src/render, the tools decide what a hit means. */
#pragma once

#include <stdbool.h>
#include "qr-bezier.h"
#include "qr-plane.h"
#include "qr-polytope.h"
#include "qr-vec3.h"

/* A half-line origin + t · dir, t >= 0, dir of unit length. */
typedef struct
{
  QrVec3 origin;
  QrVec3 dir;
} QrRay;

/* Where the ray meets a plane, from either side; false when it runs
 * parallel to it or the plane lies behind the origin. */
bool qr_ray_hit_plane (const QrRay *ray, const QrPlane *plane, double *t);

/* A point outside a polygon's edge by at most this much (world units)
 * still hits it, so a ray along the edge between two faces hits one. */
#define QR_PICK_EDGE_EPS 1e-6

/* Where the ray meets a convex polygon seen from its front — the side from
 * which its points run anticlockwise, the outside of a brush face — as the
 * report picks: faces seen from behind are skipped. */
bool qr_ray_hit_polygon (const QrRay *ray, const QrVec3 *points, int n, double *t);

/* Where the ray enters an axis-aligned box (0 when it starts inside):
 * a point entity's box. False for a miss. */
bool qr_ray_hit_box (const QrRay *ray, QrBounds box, double *t);

/* The nearest front-facing face polygon of a brush the ray hits: its
 * distance and face index (face may be NULL). False for a miss or an
 * invalid polytope. */
bool qr_ray_hit_polytope (const QrRay *ray, const QrPolytope *poly, double *t, int *face);

/* The nearest triangle of a tessellated patch the ray hits, from either
 * side (a patch is a sheet); `bounds` are the grid's, for a quick miss. */
bool qr_ray_hit_bezier_grid (const QrRay *ray, const QrBezierGrid *grid, QrBounds bounds, double *t);
