/* qr-camera-place.c — see qr-camera-place.h. */
#include "qr-camera-place.h"

#include <glib.h>
#include <math.h>
#include "qr-angle.h"
#include "qr-entity.h"

/* Player starts in the order a map's camera prefers them: the single-player
 * start, then the multiplayer ones of Quake, Quake 2 and 3 and Half-Life
 * (deathmatch, coop), Team Fortress (teamspawn), Counter-Strike (terrorist,
 * counterterrorist), Quake 3 CTF, Half-Life 2 Deathmatch and Tremulous
 * (the human and alien spawns), as the games' entity definitions name
 * them; last, the intermission's view point, where the game shows the level
 * when a match ends. */
static const char *const player_starts[] = {
  "info_player_start",    "info_player_deathmatch", "info_player_coop",    "info_player_start2",
  "info_player_teamspawn", "info_player_terrorist", "info_player_counterterrorist",
  "team_CTF_redplayer",   "team_CTF_blueplayer",    "team_CTF_redspawn",   "team_CTF_bluespawn",
  "info_player_combine",  "info_player_rebel",     "team_human_spawn",    "team_alien_spawn",
  "info_player_intermission",
};

const QrEntity *
qr_camera_find_player_start (const QrMap *map)
{
  g_return_val_if_fail (map != NULL, NULL);
  for (guint c = 0; c < G_N_ELEMENTS (player_starts); c++)
    for (guint e = 0; e < qr_map_entity_count (map); e++)
      {
        const QrEntity *entity = qr_map_get_entity (map, e);
        const char *classname = qr_entity_get_classname (entity);
        QrVec3 origin;
        if (classname != NULL && g_ascii_strcasecmp (classname, player_starts[c]) == 0
            && qr_entity_get_origin (entity, &origin))
          return entity;
      }
  return NULL;
}

double
qr_camera_eye_height (const QrMap *map)
{
  g_return_val_if_fail (map != NULL, 0.0);
  /* Source: the origin at the feet, the eye at VEC_VIEW (0 0 64) (the SDK's
   * shareddefs.h). Quake and Quake 2: the origin at the hull's centre, the
   * eye 22 above (Quake's client.qc view_ofs '0 0 22', Quake 2's
   * p_client.c viewheight 22). Quake 3: DEFAULT_VIEWHEIGHT 26 (bg_public.h). */
  if (map->kind == QR_FILE_VMF)
    return 64.0;
  if (qr_map_detect_dialect (map) == QR_DIALECT_QUAKE3)
    return 26.0;
  return 22.0;
}

/* A number at the start of `text`; false when there is none. */
static bool
read_number (const char **text, double *value)
{
  char *end;
  double v = g_ascii_strtod (*text, &end);
  if (end == *text || !isfinite (v))
    return false;
  *value = v;
  *text = end;
  return true;
}

bool
qr_camera_place_at_player_start (QrCamera *cam, const QrMap *map)
{
  g_return_val_if_fail (cam != NULL && map != NULL, false);
  const QrEntity *start = qr_camera_find_player_start (map);
  QrVec3 origin;
  if (start == NULL || !qr_entity_get_origin (start, &origin))
    return false;

  double yaw = 0.0, pitch = 0.0, v;
  const char *angles = qr_entity_get_key (start, "angles");
  const char *angle = qr_entity_get_key (start, "angle");
  if (angles != NULL)
    {
      /* "pitch yaw roll": only the yaw; the camera stays level. */
      const char *p = angles;
      double first;
      if (read_number (&p, &first) && read_number (&p, &v))
        yaw = v;
    }
  else if (angle != NULL && read_number (&angle, &v))
    {
      /* Quake's up and down (the QuakeC setmovedir). */
      if (v == -1.0)
        pitch = 90.0;
      else if (v == -2.0)
        pitch = -90.0;
      else
        yaw = v;
    }
  cam->position = qr_vec3 (origin.x, origin.y, origin.z + qr_camera_eye_height (map));
  qr_camera_set_angles (cam, yaw, pitch, 0.0);
  return true;
}

/* ---- the marker ---- */

/* A point of the view's plane through `base`: `r` and `u` along its right
 * and up axes. */
static QrVec3
in_plane (QrVec3 base, const QrOrthoAxes *axes, double r, double u)
{
  qr_vec3_set (&base, axes->right, r);
  qr_vec3_set (&base, axes->up, u);
  return base;
}

/* The view direction in the view's plane, of unit length; false when the
 * camera looks along the view's depth (within a degree). */
static bool
plane_direction (const QrCamera *cam, const QrOrthoAxes *axes, double *dr, double *du, double *out_of_plane)
{
  QrVec3 n;
  qr_camera_get_basis (cam, &n, NULL, NULL);
  double r = qr_vec3_get (n, axes->right), u = qr_vec3_get (n, axes->up);
  double h = hypot (r, u);
  if (out_of_plane != NULL)
    *out_of_plane = h > 0.0 ? qr_vec3_get (n, axes->depth) / h : 0.0;
  if (h < sin (G_PI / 180.0))
    return false;
  *dr = r / h;
  *du = u / h;
  return true;
}

bool
qr_camera_marker_aim (const QrCamera *cam, QrOrthoAxis axis, double pixel, QrVec3 *aim)
{
  g_return_val_if_fail (cam != NULL && aim != NULL && pixel > 0.0, false);
  const QrOrthoAxes *axes = qr_ortho_axis_get_axes (axis);
  double dr, du;
  if (!plane_direction (cam, axes, &dr, &du, NULL))
    return false;
  QrVec3 p = cam->position;
  double reach = QR_CAMERA_MARKER_REACH * pixel;
  *aim = in_plane (p, axes, qr_vec3_get (p, axes->right) + dr * reach, qr_vec3_get (p, axes->up) + du * reach);
  return true;
}

int
qr_camera_marker_segments (const QrCamera *cam, QrOrthoAxis axis, double pixel, QrVec3 *a, QrVec3 *b)
{
  g_return_val_if_fail (cam != NULL && a != NULL && b != NULL && pixel > 0.0, 0);
  const QrOrthoAxes *axes = qr_ortho_axis_get_axes (axis);
  QrVec3 p = cam->position;
  double pr = qr_vec3_get (p, axes->right), pu = qr_vec3_get (p, axes->up);
  double radius = QR_CAMERA_MARKER_RADIUS * pixel;
  int n = 0;

  for (int i = 0; i < 16; i++)
    {
      double s0, c0, s1, c1;
      qr_sin_cos_degrees (i * 22.5, &s0, &c0);
      qr_sin_cos_degrees ((i + 1) * 22.5, &s1, &c1);
      a[n] = in_plane (p, axes, pr + radius * c0, pu + radius * s0);
      b[n] = in_plane (p, axes, pr + radius * c1, pu + radius * s1);
      n++;
    }

  double dr, du;
  if (!plane_direction (cam, axes, &dr, &du, NULL))
    return n;
  /* The wedge: the vertical field of view either side of the direction,
   * from the circle outwards. */
  double half = cam->fov_y * (G_PI / 360.0);
  for (int side = -1; side <= 1; side += 2)
    {
      double c = cos (half), s = side * sin (half);
      double wr = dr * c - du * s, wu = dr * s + du * c;
      a[n] = in_plane (p, axes, pr + wr * radius, pu + wu * radius);
      b[n] = in_plane (p, axes, pr + wr * QR_CAMERA_MARKER_WEDGE * pixel, pu + wu * QR_CAMERA_MARKER_WEDGE * pixel);
      n++;
    }
  /* The view line, from the circle to the aim handle, and the handle. */
  double reach = QR_CAMERA_MARKER_REACH * pixel, h = QR_CAMERA_MARKER_AIM * pixel;
  double ar = pr + dr * reach, au = pu + du * reach;
  a[n] = in_plane (p, axes, pr + dr * radius, pu + du * radius);
  b[n] = in_plane (p, axes, ar - dr * h, au - du * h);
  n++;
  const double corners[5][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 }, { -1, -1 } };
  for (int i = 0; i < 4; i++)
    {
      a[n] = in_plane (p, axes, ar + corners[i][0] * h, au + corners[i][1] * h);
      b[n] = in_plane (p, axes, ar + corners[i + 1][0] * h, au + corners[i + 1][1] * h);
      n++;
    }
  g_assert (n <= QR_CAMERA_MARKER_MAX_SEGMENTS);
  return n;
}

QrCameraPart
qr_camera_marker_hit (const QrCamera *cam, QrOrthoAxis axis, double pixel, QrVec3 point)
{
  g_return_val_if_fail (cam != NULL && pixel > 0.0, QR_CAMERA_PART_NONE);
  const QrOrthoAxes *axes = qr_ortho_axis_get_axes (axis);
  double r = qr_vec3_get (point, axes->right), u = qr_vec3_get (point, axes->up);
  QrVec3 aim;
  if (qr_camera_marker_aim (cam, axis, pixel, &aim))
    {
      double reach = (QR_CAMERA_MARKER_AIM + QR_CAMERA_MARKER_GRAB) * pixel;
      if (fabs (r - qr_vec3_get (aim, axes->right)) <= reach && fabs (u - qr_vec3_get (aim, axes->up)) <= reach)
        return QR_CAMERA_PART_AIM;
    }
  double d = hypot (r - qr_vec3_get (cam->position, axes->right), u - qr_vec3_get (cam->position, axes->up));
  if (d <= (QR_CAMERA_MARKER_RADIUS + QR_CAMERA_MARKER_GRAB) * pixel)
    return QR_CAMERA_PART_BODY;
  return QR_CAMERA_PART_NONE;
}

void
qr_camera_marker_drag (QrCamera *cam, QrCameraPart part, QrOrthoAxis axis, double pixel, QrVec3 point, QrVec3 grab)
{
  g_return_if_fail (cam != NULL && pixel > 0.0);
  const QrOrthoAxes *axes = qr_ortho_axis_get_axes (axis);
  double r = qr_vec3_get (point, axes->right) - qr_vec3_get (grab, axes->right);
  double u = qr_vec3_get (point, axes->up) - qr_vec3_get (grab, axes->up);
  if (part == QR_CAMERA_PART_BODY)
    {
      cam->position = in_plane (cam->position, axes, r, u);
      return;
    }
  if (part != QR_CAMERA_PART_AIM)
    return;
  double dr, du, steep;
  if (!plane_direction (cam, axes, &dr, &du, &steep))
    return;
  dr = r - qr_vec3_get (cam->position, axes->right);
  du = u - qr_vec3_get (cam->position, axes->up);
  double h = hypot (dr, du);
  if (h == 0.0)
    return;
  /* The new direction in the plane, as steep out of it as before. */
  QrVec3 target = in_plane (cam->position, axes, qr_vec3_get (cam->position, axes->right) + dr,
                            qr_vec3_get (cam->position, axes->up) + du);
  qr_vec3_set (&target, axes->depth, qr_vec3_get (cam->position, axes->depth) + steep * h);
  qr_camera_look_at (cam, target);
}
