/* qr-vertex-edit.h — a brush reshaped through its corners, as TrenchBroom's
 * vertex tool and Hammer's vertex mode do: corners move, are added or go,
 * and the brush becomes the convex hull of the corners it then has.
 */
#pragma once

#include <glib.h>
#include "qr-hull.h"
#include "qr-plane.h"
#include "qr-vec3.h"

#define QR_VERTEX_EDIT_ERROR (qr_vertex_edit_error_quark ())
GQuark qr_vertex_edit_error_quark (void);

typedef enum
{
  QR_VERTEX_EDIT_ERROR_NOT_FOUND, /* a position names no corner of the brush */
  QR_VERTEX_EDIT_ERROR_SWALLOWED, /* a moved or added point is not a corner of the result */
  QR_VERTEX_EDIT_ERROR_FLAT,      /* the result has no volume */
  QR_VERTEX_EDIT_ERROR_INVALID,   /* a coordinate is not a finite number */
} QrVertexEditError;

/* Index of the first of the n corners within QR_EPS_VERTEX_HANDLE of p on
 * every axis, or -1. */
int qr_vertex_edit_find (const QrVec3 *corners, int n, QrVec3 p);

/* Moves every one of the n points that one of `from` names (see
 * qr_vertex_edit_find) by delta, snapped (qr_vec3_snap: the corners the
 * editor computes), and appends the new positions to `moved` (QrVec3).
 * NOT_FOUND when one of `from` names none of the points, INVALID when a
 * result is not finite; the points are then unchanged. */
gboolean qr_vertex_edit_move (QrVec3 *points, int n, const QrVec3 *from, int n_from, QrVec3 delta,
                              GArray *moved, GError **error);

/* The convex hull of the n points as brush faces (QrHullFace; `prefer` as
 * qr_hull_planes takes it, so that a face that stays on its plane can keep
 * its own plane points), refused when one of `corners` is not a corner of
 * the brush those faces bound (SWALLOWED: inside it, or on one of its
 * faces or edges), when the points span no volume (FLAT) or are not finite
 * (INVALID). The faces' points are input points exactly; a caller making a
 * new face snaps them. */
GArray *qr_vertex_edit_hull (const QrVec3 *points, int n, const QrVec3 *corners, int n_corners,
                             const QrPlane *prefer, int n_prefer, GError **error);
