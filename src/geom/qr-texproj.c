#include "qr-texproj.h"
#include "qr-angle.h"
#include "qr-eps.h"

G_DEFINE_QUARK (quarry-texproj-error-quark, qr_texproj_error)

typedef struct
{
  QrVec3 normal, s, t;
  const char *name; /* for error messages */
} QrBaseAxis;

/* The compilers' table (TextureAxisFromPlane in id's qbsp map.c, qbsp3 and
 * q3map2). The order is part of the format: on a tie the first entry wins,
 * so a 45 degree slope takes the floor projection, and changing the order
 * would shift the textures of existing maps. */
static const QrBaseAxis base_axes[] = {
  { { 0, 0, 1 }, { 1, 0, 0 }, { 0, -1, 0 }, "floor" },
  { { 0, 0, -1 }, { 1, 0, 0 }, { 0, -1, 0 }, "ceiling" },
  { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, -1 }, "west wall" },
  { { -1, 0, 0 }, { 0, 1, 0 }, { 0, 0, -1 }, "east wall" },
  { { 0, 1, 0 }, { 1, 0, 0 }, { 0, 0, -1 }, "south wall" },
  { { 0, -1, 0 }, { 1, 0, 0 }, { 0, 0, -1 }, "north wall" },
};

/* q3map2 compares with the float constant 0.0001f: its exact value. */
#define Q3MAP2_AXIS_MARGIN ((double) 0.0001f)

static const QrBaseAxis *
base_axis_for_normal_rule (QrVec3 normal, QrTexAxisRule rule)
{
  double margin = rule == QR_TEX_AXES_Q3MAP2 ? Q3MAP2_AXIS_MARGIN : 0.0;
  const QrBaseAxis *best = &base_axes[0];
  double best_dot = 0.0;

  /* As the compilers do it: the best starts at 0 with the floor, so a zero
   * or non-finite normal projects as a floor. */
  for (gsize i = 0; i < G_N_ELEMENTS (base_axes); i++)
    {
      double d = qr_vec3_dot (normal, base_axes[i].normal);

      if (d > best_dot + margin)
        {
          best = &base_axes[i];
          best_dot = d;
        }
    }
  return best;
}

static const QrBaseAxis *
base_axis_for_normal (QrVec3 normal)
{
  return base_axis_for_normal_rule (normal, QR_TEX_AXES_QBSP);
}

/* The component the compilers pick for a base vector: the first non-zero. */
static int
nonzero_axis (QrVec3 v)
{
  if (v.x != 0.0)
    return 0;
  if (v.y != 0.0)
    return 1;
  return 2;
}

double
qr_texproj_snap (double x)
{
  double r = round (x);

  if (!(fabs (x - r) <= QR_EPS_TEX_SNAP))
    return x;
  return r == 0.0 ? 0.0 : r;
}

double
qr_texproj_snap_degrees (double degrees)
{
  degrees = fmod (degrees, 360.0);
  if (degrees < 0.0)
    degrees += 360.0;
  degrees = qr_texproj_snap (degrees);
  return degrees >= 360.0 ? degrees - 360.0 : degrees;
}

void
qr_texproj_base_axes_rule (QrTexAxisRule rule, QrVec3 normal, QrVec3 *s, QrVec3 *t)
{
  const QrBaseAxis *base;

  g_return_if_fail (s != NULL);
  g_return_if_fail (t != NULL);

  base = base_axis_for_normal_rule (normal, rule);
  *s = base->s;
  *t = base->t;
}

void
qr_texproj_base_axes (QrVec3 normal, QrVec3 *s, QrVec3 *t)
{
  qr_texproj_base_axes_rule (QR_TEX_AXES_QBSP, normal, s, t);
}

void
qr_texproj_brushprim_axes (QrVec3 normal, QrVec3 *s, QrVec3 *t)
{
  double x = fabs (normal.x) < 1e-6 ? 0.0 : normal.x;
  double y = fabs (normal.y) < 1e-6 ? 0.0 : normal.y;
  double z = fabs (normal.z) < 1e-6 ? 0.0 : normal.z;
  double rot_y, rot_z;

  g_return_if_fail (s != NULL);
  g_return_if_fail (t != NULL);

  /* ComputeAxisBase (GtkRadiant's radiant/brush_primit.cpp and q3map2's
   * brush_primit.c, which must agree): the rotation about Y then Z that
   * takes +X to the normal, applied to +Y and +Z; t points down (-Z) on a
   * wall, the direction of the texture's rows. */
  rot_y = -atan2 (z, sqrt (y * y + x * x));
  rot_z = atan2 (y, x);
  *s = qr_vec3 (-sin (rot_z), cos (rot_z), 0.0);
  *t = qr_vec3 (-sin (rot_y) * cos (rot_z), -sin (rot_y) * sin (rot_z), -cos (rot_y));
}

/* The rotated, unscaled S and T of the standard form, as qbsp's ParseBrush
 * makes them: the base vectors turned in the plane of their own non-zero
 * components (sv of S, tv of T), counter-clockwise from sv towards tv.
 * Shared by the projection and by the conversion to Valve so that both give
 * bit-identical texels. */
static void
standard_axes_rule (const QrTexAttr *tex, QrVec3 normal, QrTexAxisRule rule, QrVec3 *s, QrVec3 *t)
{
  const QrBaseAxis *base = base_axis_for_normal_rule (normal, rule);
  QrVec3 axes[2] = { base->s, base->t };
  int sv = nonzero_axis (base->s);
  int tv = nonzero_axis (base->t);
  double sinv, cosv;

  qr_sin_cos_degrees (tex->rotation, &sinv, &cosv);
  for (int i = 0; i < 2; i++)
    {
      double vs = qr_vec3_get (axes[i], sv);
      double vt = qr_vec3_get (axes[i], tv);

      qr_vec3_set (&axes[i], sv, cosv * vs - sinv * vt);
      qr_vec3_set (&axes[i], tv, sinv * vs + cosv * vt);
    }
  *s = axes[0];
  *t = axes[1];
}

static void
standard_axes (const QrTexAttr *tex, QrVec3 normal, QrVec3 *s, QrVec3 *t)
{
  standard_axes_rule (tex, normal, QR_TEX_AXES_QBSP, s, t);
}

/* q3map2's DrawSurfaceForSide: s = m00·x + m01·y + m02 and t likewise,
 * (x, y) the point's coordinates along ComputeAxisBase's vectors. */
static void
brushprim_coords (const QrTexAttr *tex, QrVec3 normal, const QrVec3 *points, int n_points, QrUV *out)
{
  QrVec3 s_axis, t_axis;

  qr_texproj_brushprim_axes (normal, &s_axis, &t_axis);
  for (int i = 0; i < n_points; i++)
    {
      double x = qr_vec3_dot (points[i], s_axis);
      double y = qr_vec3_dot (points[i], t_axis);

      out[i].u = tex->matrix[0][0] * x + tex->matrix[0][1] * y + tex->matrix[0][2];
      out[i].v = tex->matrix[1][0] * x + tex->matrix[1][1] * y + tex->matrix[1][2];
    }
}

void
qr_texproj_coords (QrTexForm form, QrTexAxisRule rule, const QrTexAttr *tex, QrVec3 normal,
                   const QrVec3 *points, int n_points, QrUV *out)
{
  QrVec3 u_axis, v_axis;
  double scale_u, scale_v;

  g_return_if_fail (form == QR_TEX_STANDARD || form == QR_TEX_VALVE || form == QR_TEX_BRUSHPRIM);
  g_return_if_fail (tex != NULL);
  g_return_if_fail (n_points >= 0);
  g_return_if_fail (n_points == 0 || (points != NULL && out != NULL));

  if (form == QR_TEX_BRUSHPRIM)
    {
      brushprim_coords (tex, normal, points, n_points, out);
      return;
    }
  if (form == QR_TEX_STANDARD)
    {
      standard_axes_rule (tex, normal, rule, &u_axis, &v_axis);
    }
  else
    {
      u_axis = tex->u_axis;
      v_axis = tex->v_axis;
    }
  scale_u = qr_texproj_effective_scale (tex->scale[0]);
  scale_v = qr_texproj_effective_scale (tex->scale[1]);

  for (int i = 0; i < n_points; i++)
    {
      out[i].u = qr_vec3_dot (points[i], u_axis) / scale_u + tex->shift[0];
      out[i].v = qr_vec3_dot (points[i], v_axis) / scale_v + tex->shift[1];
    }
}

void
qr_texproj_texels (QrTexForm form, const QrTexAttr *tex, QrVec3 normal,
                   const QrVec3 *points, int n_points, QrUV *out)
{
  qr_texproj_coords (form, QR_TEX_AXES_QBSP, tex, normal, points, n_points, out);
}

void
qr_texproj_uvs (QrTexForm form, QrTexAxisRule rule, const QrTexAttr *tex, QrVec3 normal,
                int tex_width, int tex_height,
                const QrVec3 *points, int n_points, QrUV *out)
{
  g_return_if_fail (tex_width > 0);
  g_return_if_fail (tex_height > 0);
  g_return_if_fail (n_points >= 0);
  g_return_if_fail (n_points == 0 || (points != NULL && out != NULL));

  qr_texproj_coords (form, rule, tex, normal, points, n_points, out);
  if (form == QR_TEX_BRUSHPRIM)
    return;
  for (int i = 0; i < n_points; i++)
    {
      out[i].u /= tex_width;
      out[i].v /= tex_height;
    }
}

void
qr_texproj_standard_to_valve (const QrTexAttr *std_attr, QrVec3 normal, QrTexAttr *valve_out)
{
  QrTexAttr valve;

  g_return_if_fail (std_attr != NULL);
  g_return_if_fail (valve_out != NULL);

  /* Shift, scale and rotation keep their meaning; only the axes become
   * explicit. Built in a local so that std_attr may be valve_out. */
  valve = *std_attr;
  standard_axes (std_attr, normal, &valve.u_axis, &valve.v_axis);
  *valve_out = valve;
}

static bool
axis_is_degenerate (QrVec3 effective, double length)
{
  return !(length > 0.0) || !isfinite (length)
         || !isfinite (effective.x) || !isfinite (effective.y) || !isfinite (effective.z);
}

bool
qr_texproj_valve_to_standard (const QrTexAttr *valve_attr, QrVec3 normal,
                              QrTexAttr *std_out, GError **error)
{
  const QrBaseAxis *base;
  QrVec3 a, b;
  double len_a, len_b;
  int sv, tv, nv;
  double sigma, tau, a_s, a_t, b_s, b_t;
  double theta, sinv, cosv, scale_u, scale_v, skew;

  g_return_val_if_fail (valve_attr != NULL, false);
  g_return_val_if_fail (std_out != NULL, false);
  g_return_val_if_fail (error == NULL || *error == NULL, false);

  /* Work on the effective axes (axis / scale): they are what the compilers
   * project with, and they make an axis flip and a negative scale the same. */
  a = qr_vec3_scale (valve_attr->u_axis, 1.0 / qr_texproj_effective_scale (valve_attr->scale[0]));
  b = qr_vec3_scale (valve_attr->v_axis, 1.0 / qr_texproj_effective_scale (valve_attr->scale[1]));
  len_a = qr_vec3_length (a);
  len_b = qr_vec3_length (b);

  if (axis_is_degenerate (a, len_a))
    {
      g_set_error (error, QR_TEXPROJ_ERROR, QR_TEXPROJ_ERROR_DEGENERATE,
                   "the U texture axis is zero or not finite");
      return false;
    }
  if (axis_is_degenerate (b, len_b))
    {
      g_set_error (error, QR_TEXPROJ_ERROR, QR_TEXPROJ_ERROR_DEGENERATE,
                   "the V texture axis is zero or not finite");
      return false;
    }

  base = base_axis_for_normal (normal);
  nv = nonzero_axis (base->normal);
  if (fabs (qr_vec3_get (a, nv)) > QR_EPS_TEX_AXIS * len_a
      || fabs (qr_vec3_get (b, nv)) > QR_EPS_TEX_AXIS * len_b)
    {
      g_set_error (error, QR_TEXPROJ_ERROR, QR_TEXPROJ_ERROR_NOT_REPRESENTABLE,
                   "the texture axes are not parallel to the face's projection plane (%s)",
                   base->name);
      return false;
    }

  /* In the (sv, tv) plane the base vectors are S0 = (sigma, 0) and
   * T0 = (0, tau); the standard form makes a = sigma (cos, sin) / scale_u and
   * b = tau (-sin, cos) / scale_v. */
  sv = nonzero_axis (base->s);
  tv = nonzero_axis (base->t);
  sigma = qr_vec3_get (base->s, sv);
  tau = qr_vec3_get (base->t, tv);
  a_s = qr_vec3_get (a, sv);
  a_t = qr_vec3_get (a, tv);
  b_s = qr_vec3_get (b, sv);
  b_t = qr_vec3_get (b, tv);

  /* theta and theta + 180 with both scales negated project the same; take
   * the one that keeps the sign of the Valve U scale, which also keeps the V
   * sign whenever any choice can keep both. */
  theta = atan2 (sigma * a_t, sigma * a_s) * (180.0 / G_PI);
  if (qr_texproj_effective_scale (valve_attr->scale[0]) < 0.0)
    theta += 180.0;
  theta = qr_texproj_snap_degrees (theta);

  /* The scales come from the snapped angle through the same sin/cos as the
   * projection, so quarter turns give exact scales. */
  qr_sin_cos_degrees (theta, &sinv, &cosv);
  skew = cosv * b_s + sinv * b_t;
  if (fabs (skew) > QR_EPS_TEX_AXIS * len_b)
    {
      g_set_error (error, QR_TEXPROJ_ERROR, QR_TEXPROJ_ERROR_NOT_REPRESENTABLE,
                   "the texture axes are skewed: V is not at right angles to U "
                   "in the face's projection plane (%s)", base->name);
      return false;
    }
  scale_u = sigma / (cosv * a_s + sinv * a_t);
  scale_v = tau / (cosv * b_t - sinv * b_s);

  /* Never snap a scale to 0: it would read back as 1. */
  if (qr_texproj_snap (scale_u) != 0.0)
    scale_u = qr_texproj_snap (scale_u);
  if (qr_texproj_snap (scale_v) != 0.0)
    scale_v = qr_texproj_snap (scale_v);

  *std_out = (QrTexAttr) {
    .shift = { valve_attr->shift[0], valve_attr->shift[1] },
    .rotation = theta,
    .scale = { scale_u, scale_v },
  };
  return true;
}
