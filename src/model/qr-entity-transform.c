#include "qr-entity-transform.h"

#include <math.h>
#include <string.h>
#include "qr-landscape.h"
#include "qr-number.h"

/* Angles differing by less than this are the same orientation: the text
 * stays as written. */
#define SAME_DEGREES 1e-9

QrTurnKind
qr_entity_turn_kind (const QrEntity *entity, QrFileKind file, const char **key)
{
  const char *classname = qr_entity_get_classname (entity);

  if (g_ascii_strncasecmp (classname, "light", 5) == 0)
    {
      /* A spotlight aims with its mangle, or at its target. */
      if (qr_entity_get_key (entity, "mangle") != NULL)
        return *key = "mangle", QR_TURN_MANGLE;
      if (qr_entity_get_key (entity, "target") != NULL)
        return *key = NULL, QR_TURN_NONE;
      if (qr_entity_get_key (entity, "angles") != NULL)
        return *key = "angles", QR_TURN_ANGLES;
      if (qr_entity_get_key (entity, "angle") != NULL)
        return *key = "angle", QR_TURN_ANGLE;
      return *key = NULL, QR_TURN_NONE;
    }
  if (qr_entity_get_key (entity, "angles") != NULL)
    return *key = "angles", QR_TURN_ANGLES;
  /* info_intermission and the like: a view's pitch yaw roll. */
  if (qr_entity_get_key (entity, "mangle") != NULL)
    return *key = "mangle", QR_TURN_ANGLES;
  if (qr_entity_get_key (entity, "angle") != NULL)
    return *key = "angle", QR_TURN_ANGLE;
  /* A brush entity without a key has no facing to keep; a point entity
   * faces +X (angle 0) until it turns. */
  if (qr_entity_brush_count (entity) > 0)
    return *key = NULL, QR_TURN_NONE;
  if (file == QR_FILE_VMF)
    return *key = "angles", QR_TURN_ANGLES;
  return *key = "angle", QR_TURN_ANGLE;
}

/* Up to n numbers; missing ones are 0. False when the text is not numbers. */
static bool
parse_numbers (const char *text, double *v, int n)
{
  const char *p = text, *end = text + strlen (text);

  for (int i = 0; i < n; i++)
    {
      while (p < end && g_ascii_isspace (*p))
        p++;
      v[i] = 0;
      if (p == end)
        continue;
      if (!qr_number_parse (&p, end, &v[i]))
        return false;
    }
  while (p < end && g_ascii_isspace (*p))
    p++;
  return p == end;
}

static double
radians (double degrees)
{
  return degrees * G_PI / 180.0;
}

/* Degrees, snapped to whole degrees within QR_EPS_SNAP (the file's
 * convention for computed numbers) and never -0. */
static double
degrees (double radians)
{
  double d = qr_snap (radians * 180.0 / G_PI);
  return d == 0 ? 0 : d;
}

/* The frame R = Rz(yaw) · Ry(pitch) · Rx(roll), columns forward, left, up;
 * a positive pitch turns forward down (Quake's AngleVectors). */
static void
frame_from_euler (double yaw, double pitch, double roll, QrVec3 frame[3])
{
  double cy = cos (radians (yaw)), sy = sin (radians (yaw));
  double cp = cos (radians (pitch)), sp = sin (radians (pitch));
  double cr = cos (radians (roll)), sr = sin (radians (roll));

  frame[0] = qr_vec3 (cp * cy, cp * sy, -sp);
  frame[1] = qr_vec3 (sr * sp * cy - cr * sy, sr * sp * sy + cr * cy, sr * cp);
  frame[2] = qr_vec3 (cr * sp * cy + sr * sy, cr * sp * sy - sr * cy, cr * cp);
}

static void
euler_from_frame (const QrVec3 frame[3], double *yaw, double *pitch, double *roll)
{
  QrVec3 f = frame[0], l = frame[1], u = frame[2];
  double sp = CLAMP (-f.z, -1.0, 1.0);

  *pitch = degrees (asin (sp));
  if (fabs (sp) > 1 - 1e-12)
    {
      /* Straight up or down: yaw and roll turn about the same axis; the
       * roll is taken as 0. */
      *yaw = degrees (atan2 (-l.x, l.y));
      *roll = 0;
    }
  else
    {
      *yaw = degrees (atan2 (f.y, f.x));
      *roll = degrees (atan2 (l.z, u.z));
    }
}

static double
wrap_360 (double d)
{
  d = fmod (d, 360.0);
  if (d < 0)
    d += 360.0;
  return qr_snap (d) == 360.0 ? 0 : d;
}

/* The entity's frame moved by the linear part of tr, made orthonormal
 * again. Forward always follows the transform (a mirrored monster faces
 * the mirrored way). A mirror would turn the frame left-handed, and one of
 * the other two vectors is rebuilt from the rest so that the entity stays
 * upright: under a mirror across a vertical plane up follows the transform
 * and left is rebuilt; under one across a horizontal plane left follows and
 * up is rebuilt (else a creature looking down would end up upside down
 * looking up). */
static void
turn_frame (const QrTransform *tr, QrVec3 frame[3])
{
  QrVec3 f = qr_vec3_normalize (qr_transform_vector (tr, frame[0]));
  QrVec3 l = qr_transform_vector (tr, frame[1]);
  QrVec3 u = qr_transform_vector (tr, frame[2]);

  if (qr_transform_determinant (tr) < 0)
    {
      /* The axis the mirror reverses: the most negative diagonal entry. */
      int axis = 0;
      for (int a = 1; a < 3; a++)
        if (tr->m[a][a] < tr->m[axis][axis])
          axis = a;
      if (axis == 2)
        u = qr_vec3_cross (f, l);
    }
  /* Gram–Schmidt from forward, through up; left completes a right-handed
   * frame (forward × left = up). */
  u = qr_vec3_normalize (qr_vec3_sub (u, qr_vec3_scale (f, qr_vec3_dot (u, f))));
  frame[0] = f;
  frame[1] = qr_vec3_cross (u, f);
  frame[2] = u;
}

static bool
is_linear_identity (const QrTransform *tr)
{
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      if (tr->m[i][j] != (i == j ? 1.0 : 0.0))
        return false;
  return true;
}

static void
set_numbers (QrEntity *entity, const char *key, const double *v, int n)
{
  GString *text = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (text, ' ');
      qr_number_append (text, v[i] == 0 ? 0 : v[i]);
    }
  qr_entity_set_key (entity, key, text->str);
  g_string_free (text, TRUE);
}

static bool
same_angles (const double *a, const double *b, int n)
{
  for (int i = 0; i < n; i++)
    {
      double d = fmod (fabs (a[i] - b[i]), 360.0);
      if (fmin (d, 360.0 - d) > SAME_DEGREES)
        return false;
    }
  return true;
}

static bool
turn (QrEntity *entity, const QrTransform *tr, QrFileKind file)
{
  const char *key;
  QrTurnKind kind = qr_entity_turn_kind (entity, file, &key);
  const char *value = key != NULL ? qr_entity_get_key (entity, key) : NULL;
  double v[3] = { 0, 0, 0 }, out[3];
  QrVec3 frame[3];

  if (kind == QR_TURN_NONE || (value != NULL && !parse_numbers (value, v, kind == QR_TURN_ANGLE ? 1 : 3)))
    return false;
  switch (kind)
    {
    case QR_TURN_ANGLE:
      if (v[0] == -1 || v[0] == -2)
        frame_from_euler (0, v[0] == -1 ? -90 : 90, 0, frame);
      else
        frame_from_euler (v[0], 0, 0, frame);
      turn_frame (tr, frame);
      if (frame[0].z > 1 - 1e-9 || frame[0].z < -1 + 1e-9)
        out[0] = frame[0].z > 0 ? -1 : -2;
      else
        out[0] = wrap_360 (degrees (atan2 (frame[0].y, frame[0].x)));
      /* A facing +X needs no key to say so. */
      if (value == NULL && out[0] == 0)
        return false;
      if (value != NULL && ((v[0] < 0) == (out[0] < 0)) && same_angles (v, out, 1))
        return false;
      set_numbers (entity, key, out, 1);
      return true;
    case QR_TURN_ANGLES:
      frame_from_euler (v[1], v[0], v[2], frame);
      turn_frame (tr, frame);
      euler_from_frame (frame, &out[1], &out[0], &out[2]);
      out[1] = wrap_360 (out[1]);
      break;
    case QR_TURN_MANGLE:
      frame_from_euler (v[0], -v[1], v[2], frame);
      turn_frame (tr, frame);
      euler_from_frame (frame, &out[0], &out[1], &out[2]);
      out[0] = wrap_360 (out[0]);
      out[1] = out[1] == 0 ? 0 : -out[1];
      break;
    case QR_TURN_NONE:
    default:
      g_assert_not_reached ();
    }
  if (value == NULL && out[0] == 0 && out[1] == 0 && out[2] == 0)
    return false;
  /* The same orientation written another way (yaw 0 as 360) keeps its text. */
  QrVec3 before[3];
  if (kind == QR_TURN_ANGLES)
    frame_from_euler (v[1], v[0], v[2], before);
  else
    frame_from_euler (v[0], -v[1], v[2], before);
  if (value != NULL && qr_vec3_dist (before[0], frame[0]) < 1e-9 && qr_vec3_dist (before[2], frame[2]) < 1e-9)
    return false;
  set_numbers (entity, key, out, 3);
  return true;
}

bool
qr_entity_transform (QrEntity *entity, const QrTransform *tr, QrFileKind file)
{
  QrVec3 origin;
  bool changed = false;

  if (qr_entity_get_origin (entity, &origin))
    {
      QrVec3 moved = qr_vec3_snap (qr_transform_point (tr, origin));
      if (!qr_vec3_equal (moved, origin))
        {
          double v[3] = { moved.x, moved.y, moved.z };
          set_numbers (entity, "origin", v, 3);
          changed = true;
        }
    }
  if (!is_linear_identity (tr))
    changed |= turn (entity, tr, file);
  return changed;
}

bool
qr_entity_box (const QrEntity *entity, const QrEntDefs *defs, QrBounds *box)
{
  QrVec3 origin;

  if (!qr_entity_get_origin (entity, &origin))
    return false;
  /* A landscape (issue 16) is as big as its sampled surface: selecting,
   * framing and the status bar's size take all of it. */
  g_autoptr (QrLandscape) land = qr_entity_is_landscape (entity) ? qr_landscape_from_entity (entity, NULL) : NULL;
  int h = 0, w = 0;
  g_autofree QrVec3 *samples = land != NULL ? qr_landscape_sample (land, &h, &w) : NULL;
  if (samples != NULL && h > 0 && w > 0)
    {
      *box = qr_bounds_empty ();
      for (int i = 0; i < h * w; i++)
        qr_bounds_add_point (box, samples[i]);
      return true;
    }
  QrBounds size = qr_entdefs_point_size (defs, qr_entity_get_classname (entity));
  *box = (QrBounds) { qr_vec3_add (origin, size.min), qr_vec3_add (origin, size.max) };
  return true;
}
