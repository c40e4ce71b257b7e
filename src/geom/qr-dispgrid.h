/* qr-dispgrid.h — the geometry of a Source displacement (shared reference
 * 000, §7): a side's four corners, the flat grid of (2^power + 1)² points
 * on them, its triangles, and picking. Pure geometry: the displacement's
 * data (normals, distances, …) lives in src/model/qr-disp.h.
 *
 * Indexing is the dispinfo's own: vertex r·side + c is the one moved by
 * entry c of row r of `distances`. Row r runs from corner 0 towards corner
 * 1, column c from the edge 0–1 towards the edge 3–2; the step is
 * 1/(side − 1), so the grid reaches the far corners. */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include "qr-plane.h"
#include "qr-ray.h"
#include "qr-vec3.h"

#define QR_DISP_MIN_POWER 2
#define QR_DISP_MAX_POWER 4

/* Vertices per row (and per column) of a displacement of that power. */
static inline int
qr_disp_side (int power)
{
  return (1 << power) + 1;
}

/* The four corners of a displaced side, from its polygon (n points, in the
 * polytope's order: anticlockwise seen from outside): corner 0 is the
 * polygon point nearest `start` (the dispinfo's startposition), the rest
 * follow in the order Hammer numbers them: its windings run clockwise seen
 * from outside, so corner 1 is the polygon point before corner 0, corner 3
 * the one after it. False when n != 4. */
bool qr_disp_corners (const QrVec3 *polygon, int n, QrVec3 start, QrVec3 corners[4]);

/* The undisplaced position of vertex (r, c): bilinear between the corners. */
QrVec3 qr_disp_flat_point (const QrVec3 corners[4], int side, int r, int c);

/* 6 (side − 1)² vertex indices, two triangles per quad with the diagonals
 * alternating as §7 shows, each triangle anticlockwise seen from the side's
 * outside. */
void qr_disp_triangles (int side, uint32_t *out);

/* The nearest triangle of the side × side grid `verts` the ray meets, from
 * either side: its distance and the grid vertex nearest the hit (r, c may
 * be NULL). False for a miss. */
bool qr_disp_hit (const QrRay *ray, const QrVec3 *verts, int side, double *t, int *r, int *c);
