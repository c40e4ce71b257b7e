/* qr-triangulate.h — triangles of convex polygons that may have extra
 * corners on their sides (T-junction points). */
#pragma once

#include "qr-vec3.h"

/* Ears are cut at strict corners only, so no triangle is degenerate.
 * Writes up to 3 × (n − 2) indices into `out` (counter-clockwise as the
 * polygon) and returns the number of triangles. `normal` is the polygon's
 * outward normal. */
int qr_polygon_triangulate (const QrVec3 *p, int n, QrVec3 normal, int *out);
