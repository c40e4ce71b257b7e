/* qr-landscape.h — a B-spline landscape (shared reference 001, §3.6): a
 * rows × cols grid of control heights evenly spread over an XY rectangle,
 * interpolated by a cubic B-spline surface (src/geom/qr-bspline.h) and
 * drawn sampled at `resolution` steps per grid cell.
 *
 * A landscape is an entity of class "quarry_landscape" with no brushes, so
 * other editors and compilers keep it as an unknown point entity. Its keys:
 *   "origin"     "x0 y0 z"  the rectangle's min corner; z: the base height
 *   "size"       "sx sy"    the rectangle's extent along X and Y
 *   "grid"       "cols rows"
 *   "resolution" "n"        samples per cell when drawn (1–16)
 *   "texture"    "name"
 *   "row0" …     "h h h …"  one key per row of control heights (y = y0 at row 0),
 *                           relative to z, shortest decimals
 * Reading is strict: a missing or malformed key is an error naming it. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-bspline.h"
#include "qr-model-types.h"
#include "qr-vec3.h"

#define QR_LANDSCAPE_CLASS "quarry_landscape"
#define QR_LANDSCAPE_MIN_GRID 2
#define QR_LANDSCAPE_MAX_GRID 129

typedef struct
{
  QrVec3 origin;      /* min corner; origin.z is the base the heights add to */
  double size[2];     /* extent along X and Y, > 0 */
  int cols, rows;     /* control grid, QR_LANDSCAPE_MIN_GRID… */
  int resolution;     /* samples per cell when drawn */
  char *texture;
  double *heights;    /* rows × cols, row-major, relative to origin.z */
} QrLandscape;

/* Reads the landscape an entity holds; NULL with a QR_EDIT_ERROR naming the
 * key for an entity that is not one or does not read. */
QrLandscape *qr_landscape_from_entity (const QrEntity *entity, GError **error);
void qr_landscape_free (QrLandscape *land);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrLandscape, qr_landscape_free)
QrLandscape *qr_landscape_copy (const QrLandscape *land);
bool qr_entity_is_landscape (const QrEntity *entity);

/* The keys holding the landscape, in the order above (classname first), as
 * key/value pairs: keys[2i], keys[2i + 1]. Free with g_strfreev. */
char **qr_landscape_to_keys (const QrLandscape *land);

/* Coordinate k of n spread evenly from min over size (k = n − 1 gives
 * min + size exactly): the x and y of control points and samples. */
double qr_landscape_axis (double min, double size, int k, int n);

/* World position of control point (r, c). */
QrVec3 qr_landscape_control_point (const QrLandscape *land, int r, int c);

/* The surface sampled on an even grid of h × w points (row-major, world
 * coordinates) covering the rectangle: h = (rows − 1)·resolution + 1 and
 * w likewise when h, w are 0. Returns the points; *h and *w receive the size. */
QrVec3 *qr_landscape_sample (const QrLandscape *land, int *h, int *w);
/* The surface's world Z at world (x, y) inside the rectangle. Fits the
 * surface on every call: for many points, fit once with
 * qr_landscape_surface_new and evaluate at qr_landscape_params. */
double qr_landscape_height_at (const QrLandscape *land, double x, double y);
/* The surface through the control heights (relative to origin.z). */
QrBsplineSurface *qr_landscape_surface_new (const QrLandscape *land);
/* The surface parameters (u along X, v along Y) of world (x, y). */
void qr_landscape_params (const QrLandscape *land, double x, double y, double *u, double *v);

/* The control grid made finer (2·cols − 1 × 2·rows − 1, new points on the
 * surface, the old ones unchanged) or coarser (every second row and column
 * dropped; only for odd sizes): the report's §3.6.4. NULL with *error when
 * the size would leave the limits. */
QrLandscape *qr_landscape_refine (const QrLandscape *land, GError **error);
QrLandscape *qr_landscape_coarsen (const QrLandscape *land, GError **error);
