/* qr-dispgrid.c — displacement grids. STUB: disp-core fills it. */
#include "qr-dispgrid.h"

bool
qr_disp_corners (const QrVec3 *polygon, int n, QrVec3 start, QrVec3 corners[4])
{
  (void) polygon;
  (void) n;
  (void) start;
  (void) corners;
  return false;
}

QrVec3
qr_disp_flat_point (const QrVec3 corners[4], int side, int r, int c)
{
  (void) side;
  (void) r;
  (void) c;
  return corners[0];
}

void
qr_disp_triangles (int side, uint32_t *out)
{
  (void) side;
  (void) out;
}

bool
qr_disp_hit (const QrRay *ray, const QrVec3 *verts, int side, double *t, int *r, int *c)
{
  (void) ray;
  (void) verts;
  (void) side;
  (void) t;
  (void) r;
  (void) c;
  return false;
}
