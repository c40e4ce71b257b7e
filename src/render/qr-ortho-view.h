/* qr-ortho-view.h — the mathematics of a 2D design canvas: which world axes
 * it shows, where it looks, how far it is zoomed, and which grid lines fall
 * in it. No toolkit, no GL: the GUI feeds it pixels and draws what it says.
 *
 * Screen coordinates are pixels with the origin at the top-left corner of
 * the viewport and y growing downwards, as GTK delivers them; they are
 * continuous, so the viewport's centre is (width / 2, height / 2).
 *
 * Zooming is exactly reversible. The zoom is 2^(level / 4) pixels per world
 * unit for an integer level, and the centre is kept on a lattice of
 * QR_ORTHO_QUANTUM world units. Zooming on the point p under the cursor is
 * the report's construction (§3.1.2): the new centre is C' = p - dx' + w'/2
 * with dx' = dx / f, which in pixels reads C' = p - a / zoom', a being the
 * cursor's offset from the viewport centre. We compute p = C + O(a, level)
 * and C' = p - O(a, level'), where O(a, level) is a / zoom(level) rounded to
 * the lattice. Every term is a lattice multiple below 2^21 in magnitude,
 * which a double holds exactly, so both sums are exact and
 *   C' = C + O(a, level) - O(a, level').
 * The result depends only on the first and last level: zooming in n steps
 * and back out n steps at the same cursor gives back the same view bit for
 * bit, in any order of steps. The point under the cursor moves by at most
 * one quantum (2^-32 units) per step.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include "qr-vec3.h"

typedef enum
{
  QR_ORTHO_AXIS_TOP,   /* looks down -Z: X right, Y up */
  QR_ORTHO_AXIS_FRONT, /* looks along +Y: X right, Z up */
  QR_ORTHO_AXIS_SIDE,  /* looks along -X: Y right, Z up */
} QrOrthoAxis;

/* How a view's screen axes relate to world axes (0 x, 1 y, 2 z). A world
 * displacement d along `right` moves a point screen_x_sign * d * zoom pixels
 * along screen x; along `up`, screen_y_sign * d * zoom pixels along screen y
 * (down). `depth` is the axis the view looks along, in direction look_sign. */
typedef struct
{
  int right;
  int up;
  int depth;
  double screen_x_sign; /* +1 in all three views */
  double screen_y_sign; /* -1 in all three views: world up is screen up */
  double look_sign;     /* top -1 (down -Z), front +1 (+Y), side -1 (-X) */
} QrOrthoAxes;

const QrOrthoAxes *qr_ortho_axis_get_axes (QrOrthoAxis axis);

/* Zoom levels: 2^(level / 4) pixels per unit, from 1/256 to 64. A level of
 * 0 is one pixel per unit. */
#define QR_ORTHO_ZOOM_STEPS_PER_OCTAVE 4
#define QR_ORTHO_ZOOM_LEVEL_MIN (-32)
#define QR_ORTHO_ZOOM_LEVEL_MAX 24

/* The lattice the centre lives on: 2^-32 world units. */
#define QR_ORTHO_QUANTUM (1.0 / 4294967296.0)
/* The centre stays within ±2^19 units on each axis (eight times the largest
 * map any supported engine allows); with viewports of at most
 * QR_ORTHO_VIEWPORT_MAX pixels and zooms of at least 1/256, every cursor
 * offset is within 2^20 units, so all zoom sums stay below 2^21 and exact. */
#define QR_ORTHO_CENTER_LIMIT 524288.0
#define QR_ORTHO_VIEWPORT_MAX 8192

/* A design canvas's view: a plain value, copied freely. Read the fields;
 * change them through the functions below, which keep the centre on the
 * lattice and everything within the limits. */
typedef struct
{
  QrOrthoAxis axis;
  double center_h;  /* world coordinate along axes.right at the viewport centre */
  double center_v;  /* world coordinate along axes.up at the viewport centre */
  int zoom_level;   /* zoom = qr_ortho_zoom_for_level (zoom_level) */
  int width;        /* viewport, pixels: 1 .. QR_ORTHO_VIEWPORT_MAX */
  int height;
} QrOrthoView;

/* Pixels per world unit at a level (clamped to the range). */
double qr_ortho_zoom_for_level (int level);

/* Centre at the origin, one pixel per unit. */
void qr_ortho_view_init (QrOrthoView *view, QrOrthoAxis axis, int width, int height);
bool qr_ortho_view_equal (const QrOrthoView *a, const QrOrthoView *b);

static inline double
qr_ortho_view_get_zoom (const QrOrthoView *view)
{
  return qr_ortho_zoom_for_level (view->zoom_level);
}

/* Resizing keeps the centre and the zoom; sizes are clamped to
 * 1 .. QR_ORTHO_VIEWPORT_MAX. */
void qr_ortho_view_set_size (QrOrthoView *view, int width, int height);
/* Zooms about the viewport centre; the level is clamped to the range. */
void qr_ortho_view_set_zoom_level (QrOrthoView *view, int level);
/* Centres on a world point (its depth coordinate is ignored); the centre is
 * rounded to the lattice and clamped to the limit. */
void qr_ortho_view_set_center (QrOrthoView *view, QrVec3 world);
/* The centre as a world point with the given depth coordinate. */
QrVec3 qr_ortho_view_get_center (const QrOrthoView *view, double depth);

void qr_ortho_view_world_to_screen (const QrOrthoView *view, QrVec3 world, double *sx, double *sy);
/* The world point under a pixel; its depth coordinate is `depth`. */
QrVec3 qr_ortho_view_screen_to_world (const QrOrthoView *view, double sx, double sy, double depth);

/* The visible world rectangle along the right (h) and up (v) axes. */
void qr_ortho_view_get_visible (const QrOrthoView *view,
                                double *min_h, double *max_h, double *min_v, double *max_v);

/* Zooms in (steps > 0) or out (steps < 0) keeping the world point under
 * the cursor (sx, sy) where it is. The cursor is clamped into the viewport
 * and the level into the range. Returns false, leaving the view alone, when
 * the level cannot move or the centre would leave the limit. */
bool qr_ortho_view_zoom_at (QrOrthoView *view, double sx, double sy, int steps);

/* Pans so that the content follows a pointer that moved (dx, dy) pixels.
 * Exactly undone by panning (-dx, -dy) unless the centre hit the limit. */
void qr_ortho_view_pan (QrOrthoView *view, double dx, double dy);

/* Centres on `box` (its extent along the view's depth does not matter) at
 * the largest zoom level that keeps it at least margin_px pixels inside
 * every edge, or at the smallest level when even that is too close. A box
 * of no extent on screen keeps the zoom. Returns false, leaving the view
 * alone, for an empty box or a margin that leaves no room. */
bool qr_ortho_view_fit (QrOrthoView *view, QrBounds box, double margin_px);

/* Grids. The fine grid is the grid size (1 .. 1024 units); coarse lines fall
 * on every 8th fine line; bold lines every 1024 units. Each kind is hidden
 * on its own when its lines would come closer than the caller's minimum
 * spacing in pixels. */
#define QR_GRID_SIZE_MIN 1
#define QR_GRID_SIZE_MAX 1024
#define QR_GRID_COARSE_FACTOR 8
#define QR_GRID_BOLD_STEP 1024.0

typedef enum
{
  QR_GRID_FINE,
  QR_GRID_COARSE,
  QR_GRID_BOLD,
} QrGridKind;

/* Which lines: those crossing screen x (vertical lines, at coordinates along
 * the view's right axis) or crossing screen y (horizontal lines, along up). */
typedef enum
{
  QR_ORTHO_SCREEN_X,
  QR_ORTHO_SCREEN_Y,
} QrOrthoScreenAxis;

/* Visible lines of one kind along one screen axis: line i (0 <= i < count)
 * lies at world coordinate (first_index + i) * step, first == first_index *
 * step being the lowest; indices let the caller tell which fine lines are
 * also coarse (index % 8 == 0) without comparing doubles. */
typedef struct
{
  bool hidden;          /* too dense: closer than the minimum spacing */
  double step;          /* world units between lines */
  double spacing_px;    /* pixels between lines */
  int64_t first_index;
  double first;
  int count;            /* 0 when hidden or none falls in the view */
} QrGridLines;

void qr_ortho_view_grid_lines (const QrOrthoView *view, QrOrthoScreenAxis screen_axis,
                               int grid_size, QrGridKind kind, double min_spacing_px,
                               QrGridLines *out);

static inline double
qr_grid_lines_coord (const QrGridLines *lines, int i)
{
  return (double) (lines->first_index + i) * lines->step;
}

/* The nearest multiple of grid (halves away from zero). */
double qr_grid_snap (double value, double grid);
/* Snaps the two coordinates the view shows; the depth one is left alone. */
QrVec3 qr_ortho_view_snap (const QrOrthoView *view, QrVec3 world, int grid_size);
