/* qr-plane.h — planes from three points, with the map compilers' convention. */
#pragma once

#include <stdbool.h>
#include "qr-vec3.h"

/* The half-space normal · x <= dist is inside the brush. */
typedef struct
{
  QrVec3 normal;
  double dist;
} QrPlane;

/* Which axis a plane's normal lies on (QR_PLANE_NOT_AXIAL otherwise). */
enum { QR_PLANE_X = 0, QR_PLANE_Y = 1, QR_PLANE_Z = 2, QR_PLANE_NOT_AXIAL = 3 };

/* normal = normalize ((p0 - p1) x (p2 - p1)), dist = normal · p1.
 * Returns false (and leaves *out untouched) when the points are collinear or
 * coincident: no plane, and nothing divided by zero. Axial normals come out
 * exactly ±1 so that distances and clip coordinates are exact. */
bool qr_plane_from_points (const QrVec3 p[3], QrPlane *out);

static inline int
qr_plane_axis (const QrPlane *plane)
{
  const QrVec3 n = plane->normal;

  /* Inline: it runs for every split point of the clipping. */
  if (n.y == 0.0 && n.z == 0.0 && (n.x == 1.0 || n.x == -1.0))
    return QR_PLANE_X;
  if (n.x == 0.0 && n.z == 0.0 && (n.y == 1.0 || n.y == -1.0))
    return QR_PLANE_Y;
  if (n.x == 0.0 && n.y == 0.0 && (n.z == 1.0 || n.z == -1.0))
    return QR_PLANE_Z;
  return QR_PLANE_NOT_AXIAL;
}

static inline double
qr_plane_distance_to (const QrPlane *plane, QrVec3 p)
{
  return qr_vec3_dot (plane->normal, p) - plane->dist;
}

static inline QrPlane
qr_plane_flip (QrPlane p)
{
  return (QrPlane) { qr_vec3_neg (p.normal), -p.dist };
}

/* Sets the coordinate of p along an axial plane's axis to the plane's
 * exactly (nothing for other planes): a point known to be on the plane,
 * freed of rounding. A unit normal with a component of ±1 is axial on that
 * axis; comparing them directly keeps this cheap on the clipping path. */
static inline void
qr_plane_pin (const QrPlane *plane, QrVec3 *p)
{
  const QrVec3 n = plane->normal;

  if (n.x == 1.0 || n.x == -1.0)
    p->x = n.x * plane->dist;
  else if (n.y == 1.0 || n.y == -1.0)
    p->y = n.y * plane->dist;
  else if (n.z == 1.0 || n.z == -1.0)
    p->z = n.z * plane->dist;
}

/* Same plane within QR_EPS_ON_PLANE (normal and distance). */
bool qr_plane_equal (const QrPlane *a, const QrPlane *b);
