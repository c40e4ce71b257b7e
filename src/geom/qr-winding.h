/* qr-winding.h — convex polygons on a plane, the unit of the clipping method.
 *
 * Points are counter-clockwise seen from the front (the side the plane
 * normal points to), which for brush faces is the outside.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-plane.h"

typedef struct
{
  int n;        /* points in use */
  int capacity; /* points allocated */
  QrVec3 p[];
} QrWinding;

QrWinding *qr_winding_new (int capacity);
QrWinding *qr_winding_copy (const QrWinding *w);
void qr_winding_free (QrWinding *w);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrWinding, qr_winding_free)

/* A square on the plane, QR_BASE_WINDING_EXTENT from its centre along each of
 * two in-plane axes; axial planes get an exact axis-aligned square. */
QrWinding *qr_winding_base_for_plane (const QrPlane *plane);
/* The same four points, written to out without allocating. */
void qr_winding_base_points (const QrPlane *plane, QrVec3 out[4]);
/* A square on the plane around the point of it nearest `centre`, reaching
 * `half_side` from there along each in-plane axis: a base winding just
 * larger than a brush of known extent, whose clipping rounds far less. */
void qr_winding_base_points_around (const QrPlane *plane, QrVec3 centre, double half_side, QrVec3 out[4]);

typedef enum
{
  QR_SIDE_FRONT = 0,
  QR_SIDE_BACK = 1,
  QR_SIDE_ON = 2,
  QR_SIDE_SPAN = 3, /* a winding with points on both sides */
} QrSide;

/* Keeps the part of `in` behind `plane` (normal · x <= dist) in `out`, which
 * must hold in->n + 1 points. Points within `epsilon` count as on the plane
 * and are kept; split points on an axial plane get that coordinate exactly.
 * Returns the number of points written (0 when nothing is behind). When the
 * winding lies entirely on the plane it is kept whole. */
int qr_winding_clip_points (const QrVec3 *in, int n, const QrPlane *plane,
                            double epsilon, QrVec3 *out);

/* The same clip, also tracking which plane made each edge: in_tags[k]
 * names the plane of edge in[k] → in[k+1]; the cut edge gets `tag`. So
 * every output point is known as the meeting point of the winding's own
 * plane and the planes of its two edges. out_tags must hold n + 1. */
int qr_winding_clip_points_tagged (const QrVec3 *in, const int *in_tags, int n, const QrPlane *plane,
                                   int tag, double epsilon, QrVec3 *out, int *out_tags);

/* Clips in place; returns false and frees the winding (setting *w to NULL)
 * when nothing remains behind the plane. */
bool qr_winding_chop_in_place (QrWinding **w, const QrPlane *plane, double epsilon);

/* Front and back parts (either may be NULL on return); `w` is left alone. */
void qr_winding_split (const QrWinding *w, const QrPlane *plane, double epsilon,
                       QrWinding **front, QrWinding **back);

QrSide qr_winding_classify (const QrWinding *w, const QrPlane *plane, double epsilon);

double qr_winding_area (const QrWinding *w);
QrVec3 qr_winding_center (const QrWinding *w);

/* Newell normal of a point loop (not normalized; length = 2 * area). */
QrVec3 qr_points_newell (const QrVec3 *p, int n);

/* Valid: at least 3 points, all on `plane` within `epsilon`, convex and
 * counter-clockwise seen from the front. */
bool qr_winding_check (const QrWinding *w, const QrPlane *plane, double epsilon);
