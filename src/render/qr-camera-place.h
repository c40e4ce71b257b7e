/* qr-camera-place.h — where the 3D camera stands in the map: placed at a
 * player start when a map opens, and shown and moved in the design views
 * as a marker (Hammer and TrenchBroom show theirs the same way): a circle
 * at the camera's position, a wedge of its field of view, and a line along
 * its view direction ending in a square, the aim handle. Dragging the
 * circle moves the camera in the view's plane; dragging the square aims it.
 * Plain geometry in world units: `pixel` is world units per screen pixel of
 * the design view, so the marker keeps its size on screen at every zoom. */
#pragma once

#include "qr-camera.h"
#include "qr-map.h"
#include "qr-ortho-view.h"

/* The marker's sizes, in pixels. */
#define QR_CAMERA_MARKER_RADIUS 7.0 /* the circle */
#define QR_CAMERA_MARKER_REACH 48.0 /* the view line, to the aim handle's centre */
#define QR_CAMERA_MARKER_AIM 3.0    /* the aim handle's half size */
#define QR_CAMERA_MARKER_WEDGE 32.0 /* the field-of-view wedge's sides */
/* How far from the circle or the square (pixels) a press still grabs it. */
#define QR_CAMERA_MARKER_GRAB 3.0
/* Segments the marker has at most (circle 16, wedge 2, line 1, square 4). */
#define QR_CAMERA_MARKER_MAX_SEGMENTS 23

typedef enum
{
  QR_CAMERA_PART_NONE,
  QR_CAMERA_PART_BODY, /* the circle: moves the camera */
  QR_CAMERA_PART_AIM,  /* the square: turns it */
} QrCameraPart;

/* The player start a map's camera opens at: the first info_player_start,
 * else the first entity of the other player-start classes in the order
 * given in qr-camera-place.c; NULL when there is none with an origin. */
const QrEntity *qr_camera_find_player_start (const QrMap *map);

/* The eye's height above a player start's origin for the map's game:
 * Source's origin is at the feet, the Quake engines' at the body's centre. */
double qr_camera_eye_height (const QrMap *map);

/* Puts the camera at the map's player start at eye height, level, looking
 * along the entity's "angle" (or the yaw of its "angles": pitch yaw roll);
 * "angle" -1 and -2 look straight up and down, as Quake reads them. False,
 * with the camera untouched, when the map has no player start. */
bool qr_camera_place_at_player_start (QrCamera *cam, const QrMap *map);

/* Fills `a` and `b` (QR_CAMERA_MARKER_MAX_SEGMENTS each) with the marker's
 * segments in design view `axis`; returns how many. The segments lie in
 * the plane through the camera's position. */
int qr_camera_marker_segments (const QrCamera *cam, QrOrthoAxis axis, double pixel, QrVec3 *a, QrVec3 *b);

/* The aim handle's centre; false when the camera looks along the view's
 * depth (closer than a degree), where the marker has no view line. */
bool qr_camera_marker_aim (const QrCamera *cam, QrOrthoAxis axis, double pixel, QrVec3 *aim);

/* Which part of the marker a point of the view (its depth ignored) is on:
 * the aim handle first, as it is the smaller. */
QrCameraPart qr_camera_marker_hit (const QrCamera *cam, QrOrthoAxis axis, double pixel, QrVec3 point);

/* Moves `part` to `point` in the view: the body moves the camera's two
 * coordinates the view shows (its depth stays); the aim handle turns the
 * camera to look through the point, keeping how steeply it looks out of
 * the view's plane. `grab` is where the press was relative to the part's
 * centre, so the part does not jump to the pointer. */
void qr_camera_marker_drag (QrCamera *cam, QrCameraPart part, QrOrthoAxis axis, double pixel, QrVec3 point,
                            QrVec3 grab);
