#include "qr-plane.h"
#include "qr-eps.h"

bool
qr_plane_from_points (const QrVec3 p[3], QrPlane *out)
{
  QrVec3 t1 = qr_vec3_sub (p[0], p[1]);
  QrVec3 t2 = qr_vec3_sub (p[2], p[1]);
  QrVec3 n = qr_vec3_cross (t1, t2);
  double len = qr_vec3_length (n);
  double span = qr_vec3_length (t1) * qr_vec3_length (t2);

  if (!(span > 0.0) || !(len > QR_EPS_COLLINEAR * span) || !isfinite (len))
    return false;

  /* Divide, not multiply by 1 / len: x * (1 / x) is not 1 for x = 7, 49…,
   * while x / x is, so axial normals come out exactly ±1. */
  n = qr_vec3 (n.x / len, n.y / len, n.z / len);

  /* When two components of the cross product are zero, dividing by the
   * length leaves exactly ±1: axial planes need no snapping to be exact. */
  out->normal = n;
  out->dist = qr_vec3_dot (n, p[1]);
  return true;
}

bool
qr_plane_equal (const QrPlane *a, const QrPlane *b)
{
  return fabs (a->normal.x - b->normal.x) < QR_EPS_ON_PLANE
         && fabs (a->normal.y - b->normal.y) < QR_EPS_ON_PLANE
         && fabs (a->normal.z - b->normal.z) < QR_EPS_ON_PLANE
         && fabs (a->dist - b->dist) < QR_EPS_ON_PLANE;
}
