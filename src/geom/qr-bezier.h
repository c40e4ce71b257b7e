/* qr-bezier.h — Quake 3 curved surfaces: a grid of control points read as
 * biquadratic Bézier patches (3 × 3 control points each, neighbours sharing
 * their edge row or column), tessellated into a grid of points.
 *
 * The subdivision follows the Quake 3 renderer (ioquake3
 * code/renderer/tr_curve.c) and q3map2's mesh code in idea: how finely a
 * direction is cut depends on how far the curve strays from its chords.
 * Here one level per direction serves the whole patch (every quadratic
 * span of that direction is cut into 2^level pieces), so sub-patches that
 * share an edge share its points: no cracks. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-vec3.h"

/* How far, in world units, a tessellated surface may stray from the curve:
 * Quake 3's r_subdivisions default (4), which q3map2 also uses for its
 * patch error by default. */
#define QR_BEZIER_SUBDIVIDE_ERROR 4.0
/* The finest cut: a span becomes at most 2^QR_BEZIER_MAX_LEVEL pieces
 * (Quake 3 caps a tessellated patch at 65 points a side: 32 spans of two). */
#define QR_BEZIER_MAX_LEVEL 4

/* A tessellated patch: rows × cols points, row after row. Rows follow the
 * first index of the control grid, columns the second. */
typedef struct
{
  int rows;
  int cols;
  QrVec3 p[]; /* rows * cols */
} QrBezierGrid;

/* Control grids are rows × cols, row after row; both odd and at least 3. */
bool qr_bezier_size_ok (int rows, int cols);

/* The second difference p0 − 2 p1 + p2 of one quadratic span, quartered:
 * how far the curve's midpoint lies from its chord's midpoint (the most the
 * curve strays from the chord's parameterisation). Each halving of the span
 * divides it by 4. */
double qr_bezier_deviation (QrVec3 p0, QrVec3 p1, QrVec3 p2);

/* The level along the rows (axis 0: spans run down each column of control
 * points) or the columns (axis 1: spans run along each row): the least
 * level at which every span of that direction strays at most max_error,
 * capped at QR_BEZIER_MAX_LEVEL. */
int qr_bezier_level (const QrVec3 *ctrl, int rows, int cols, int axis, double max_error);

/* Tessellates at the given levels: ((rows − 1) / 2 · 2^row_level + 1) ×
 * ((cols − 1) / 2 · 2^col_level + 1) points, each on the exact surface
 * (de Casteljau in double). Control points at span corners come out
 * bit-exact; a patch flat on an axial plane stays exactly on it. */
QrBezierGrid *qr_bezier_tessellate_levels (const QrVec3 *ctrl, int rows, int cols, int row_level, int col_level);
/* At the levels max_error asks for. */
QrBezierGrid *qr_bezier_tessellate (const QrVec3 *ctrl, int rows, int cols, double max_error);

static inline QrVec3
qr_bezier_grid_at (const QrBezierGrid *g, int row, int col)
{
  return g->p[row * g->cols + col];
}

/* The unit normal at a grid point from its neighbours (one-sided at the
 * border); (0, 0, 0) where the surface is degenerate there. */
QrVec3 qr_bezier_grid_normal (const QrBezierGrid *g, int row, int col);

QrBounds qr_bezier_grid_bounds (const QrBezierGrid *g);
