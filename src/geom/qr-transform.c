#include "qr-transform.h"
#include "qr-angle.h"
#include "qr-eps.h"

/* The linear part only; matrices that are not transforms (cofactors, the
 * inverse transpose) ride in a QrTransform too, with t unused, which spares
 * C11 its const-array-parameter pitfalls. */
static inline QrVec3
mat_vec (const QrTransform *tr, QrVec3 v)
{
  const double (*m)[3] = tr->m;

  return qr_vec3 (m[0][0] * v.x + m[0][1] * v.y + m[0][2] * v.z,
                  m[1][0] * v.x + m[1][1] * v.y + m[1][2] * v.z,
                  m[2][0] * v.x + m[2][1] * v.y + m[2][2] * v.z);
}

/* cof[i][j] is the cofactor of m[i][j]: the inverse is cof^T / det and the
 * inverse transpose cof / det. Cofactors of a 0/±1 matrix are exact. */
static void
cofactors (const QrTransform *tr, QrTransform *out)
{
  const double (*m)[3] = tr->m;
  double (*cof)[3] = out->m;

  out->t = qr_vec3 (0, 0, 0);
  cof[0][0] = m[1][1] * m[2][2] - m[1][2] * m[2][1];
  cof[0][1] = m[1][2] * m[2][0] - m[1][0] * m[2][2];
  cof[0][2] = m[1][0] * m[2][1] - m[1][1] * m[2][0];
  cof[1][0] = m[0][2] * m[2][1] - m[0][1] * m[2][2];
  cof[1][1] = m[0][0] * m[2][2] - m[0][2] * m[2][0];
  cof[1][2] = m[0][1] * m[2][0] - m[0][0] * m[2][1];
  cof[2][0] = m[0][1] * m[1][2] - m[0][2] * m[1][1];
  cof[2][1] = m[0][2] * m[1][0] - m[0][0] * m[1][2];
  cof[2][2] = m[0][0] * m[1][1] - m[0][1] * m[1][0];
}

static double
determinant_with (const QrTransform *tr, const QrTransform *cof)
{
  return tr->m[0][0] * cof->m[0][0] + tr->m[0][1] * cof->m[0][1] + tr->m[0][2] * cof->m[0][2];
}

static bool
is_singular (double det)
{
  return !(fabs (det) > QR_EPS_SINGULAR);
}

QrTransform
qr_transform_identity (void)
{
  return (QrTransform) {
    .m = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
    .t = { 0, 0, 0 },
  };
}

QrTransform
qr_transform_translate (QrVec3 delta)
{
  QrTransform tr = qr_transform_identity ();

  tr.t = delta;
  return tr;
}

/* x' = m (x - c) + c. With exact matrix entries and a centre on the
 * half-integer grid, m c and c - m c are exact. */
static void
set_centre (QrTransform *tr, QrVec3 centre)
{
  tr->t = qr_vec3_sub (centre, mat_vec (tr, centre));
}

QrTransform
qr_transform_rotate (int axis, double degrees, QrVec3 centre)
{
  QrTransform tr = qr_transform_identity ();
  double sinv, cosv;
  int i, j;

  g_return_val_if_fail (axis >= 0 && axis <= 2, tr);

  /* Right-handed: the turn takes axis i towards axis j (x: y to z,
   * y: z to x, z: x to y). */
  i = (axis + 1) % 3;
  j = (axis + 2) % 3;
  qr_sin_cos_degrees (degrees, &sinv, &cosv);
  tr.m[i][i] = cosv;
  tr.m[i][j] = -sinv;
  tr.m[j][i] = sinv;
  tr.m[j][j] = cosv;
  set_centre (&tr, centre);
  return tr;
}

QrTransform
qr_transform_scale (QrVec3 factors, QrVec3 fixed)
{
  QrTransform tr = qr_transform_identity ();

  tr.m[0][0] = factors.x;
  tr.m[1][1] = factors.y;
  tr.m[2][2] = factors.z;
  set_centre (&tr, fixed);
  return tr;
}

QrTransform
qr_transform_box_to_box (QrBounds from, QrBounds to)
{
  QrTransform tr = qr_transform_identity ();

  for (int axis = 0; axis < 3; axis++)
    {
      double from_min = qr_vec3_get (from.min, axis);
      double from_size = qr_vec3_get (from.max, axis) - from_min;
      double to_min = qr_vec3_get (to.min, axis);
      double to_size = qr_vec3_get (to.max, axis) - to_min;
      double f = to_size / from_size;

      g_return_val_if_fail (from_size != 0.0 && isfinite (f), qr_transform_identity ());

      /* min maps to min (and max to max) exactly whenever the ratio and
       * the products are exact, as they are for grid-aligned boxes whose
       * sizes differ by a power of two. */
      tr.m[axis][axis] = f;
      qr_vec3_set (&tr.t, axis, to_min - f * from_min);
    }
  return tr;
}

QrTransform
qr_transform_shear (int axis, int along, double amount, QrVec3 origin)
{
  QrTransform tr = qr_transform_identity ();

  g_return_val_if_fail (axis >= 0 && axis <= 2, tr);
  g_return_val_if_fail (along >= 0 && along <= 2, tr);
  g_return_val_if_fail (axis != along, tr);

  tr.m[axis][along] = amount;
  set_centre (&tr, origin);
  return tr;
}

QrTransform
qr_transform_flip (int axis, QrVec3 centre)
{
  QrTransform tr = qr_transform_identity ();

  g_return_val_if_fail (axis >= 0 && axis <= 2, tr);

  tr.m[axis][axis] = -1.0;
  set_centre (&tr, centre);
  return tr;
}

QrTransform
qr_transform_multiply (const QrTransform *a, const QrTransform *b)
{
  QrTransform r;

  g_return_val_if_fail (a != NULL, qr_transform_identity ());
  g_return_val_if_fail (b != NULL, qr_transform_identity ());

  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      r.m[i][j] = a->m[i][0] * b->m[0][j] + a->m[i][1] * b->m[1][j] + a->m[i][2] * b->m[2][j];
  r.t = qr_vec3_add (mat_vec (a, b->t), a->t);
  return r;
}

QrVec3
qr_transform_point (const QrTransform *tr, QrVec3 p)
{
  g_return_val_if_fail (tr != NULL, p);

  return qr_vec3_add (mat_vec (tr, p), tr->t);
}

QrVec3
qr_transform_vector (const QrTransform *tr, QrVec3 v)
{
  g_return_val_if_fail (tr != NULL, v);

  return mat_vec (tr, v);
}

double
qr_transform_determinant (const QrTransform *tr)
{
  QrTransform cof;

  g_return_val_if_fail (tr != NULL, 0.0);

  cofactors (tr, &cof);
  return determinant_with (tr, &cof);
}

bool
qr_transform_invert (const QrTransform *tr, QrTransform *out)
{
  QrTransform cof, inv;
  double det;

  g_return_val_if_fail (tr != NULL, false);
  g_return_val_if_fail (out != NULL, false);

  cofactors (tr, &cof);
  det = determinant_with (tr, &cof);
  if (is_singular (det))
    return false;

  /* Divide, not multiply by 1 / det, so that det = ±1 (rotations, flips)
   * gives the cofactors back unchanged. */
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      inv.m[i][j] = cof.m[j][i] / det;
  /* 0 - x rather than -x: no -0 in the translation of an exact inverse. */
  inv.t = qr_vec3_sub (qr_vec3 (0, 0, 0), mat_vec (&inv, tr->t));
  *out = inv;
  return true;
}

double
qr_snap (double v)
{
  double r = round (v);

  if (!(fabs (v - r) <= QR_EPS_SNAP))
    return v;
  /* round (-0.0004) is -0; a file should say 0. */
  return r == 0.0 ? 0.0 : r;
}

QrVec3
qr_vec3_snap (QrVec3 v)
{
  return qr_vec3 (qr_snap (v.x), qr_snap (v.y), qr_snap (v.z));
}

void
qr_transform_face_points (const QrTransform *tr, QrVec3 points[3])
{
  g_return_if_fail (tr != NULL);
  g_return_if_fail (points != NULL);

  for (int i = 0; i < 3; i++)
    points[i] = qr_vec3_snap (qr_transform_point (tr, points[i]));

  /* The cross product of the spans picks up the sign of the determinant
   * while the brush's outward normal (the inverse transpose of the old one)
   * does not: swap to undo the sign. */
  if (qr_transform_determinant (tr) < 0.0)
    {
      QrVec3 p0 = points[0];

      points[0] = points[2];
      points[2] = p0;
    }
}

/* ---- Texture lock ------------------------------------------------------ */

static double
normalise_degrees (double degrees)
{
  double r = fmod (degrees, 360.0);

  if (r < 0.0)
    r += 360.0;
  r = qr_texproj_snap (r);
  return r >= 360.0 ? r - 360.0 : r;
}

/* The first non-zero component, as the compilers pick it for a base vector. */
static int
nonzero_axis (QrVec3 v)
{
  if (v.x != 0.0)
    return 0;
  if (v.y != 0.0)
    return 1;
  return 2;
}

/* The length with the squares summed smallest first, so that an axis whose
 * components a quarter turn or a flip only permutes and negates keeps its
 * length to the last bit, and with it its scale and its exact components. */
static double
axis_length (QrVec3 v)
{
  double a = fabs (v.x), b = fabs (v.y), c = fabs (v.z), tmp;

  if (a > b)
    tmp = a, a = b, b = tmp;
  if (b > c)
    tmp = b, b = c, c = tmp;
  if (a > b)
    tmp = a, a = b, b = tmp;
  return sqrt (a * a + b * b + c * c);
}

/* Compares matrix columns against c² I: the columns of a rotation with a
 * uniform scale c are at right angles and of length c. QR_EPS_TEX_AXIS is
 * the sine of an angle, which is what a relative error in these dot products
 * amounts to. */
static bool
is_similarity (const QrTransform *tr, double c)
{
  const double (*m)[3] = tr->m;

  for (int i = 0; i < 3; i++)
    for (int j = i; j < 3; j++)
      {
        double d = m[0][i] * m[0][j] + m[1][i] * m[1][j] + m[2][i] * m[2][j];

        if (!(fabs (d - (i == j ? c * c : 0.0)) <= QR_EPS_TEX_AXIS * c * c))
          return false;
      }
  return true;
}

static bool
fixes_direction (const QrTransform *tr, double c, QrVec3 k)
{
  QrVec3 mk = qr_vec3_scale (mat_vec (tr, k), 1.0 / c);

  return qr_vec3_max_abs (qr_vec3_sub (mk, k)) <= QR_EPS_TEX_AXIS;
}

/* How far the transform turns a texture in the sense of the standard form's
 * rotation, which turns about r = e_sv x e_tv of the face's base axes (+z for
 * floors and ceilings, +x for x walls, -y for y walls). Only a rotation
 * (possibly with a uniform scale) about r or about the face normal turns a
 * texture in a way that angle describes; anything else gives 0, and the
 * Valve rotation field is left alone. */
static double
texture_turn (const QrTransform *tr, QrVec3 normal)
{
  QrVec3 s, t, r, k, b, mb;
  double det = qr_transform_determinant (tr);
  double c, turn;

  if (!(det > 0.0))
    return 0.0;
  c = cbrt (det);
  if (!is_similarity (tr, c))
    return 0.0;

  qr_texproj_base_axes (normal, &s, &t);
  r = qr_vec3_cross (qr_vec3 (fabs (s.x), fabs (s.y), fabs (s.z)),
                     qr_vec3 (fabs (t.x), fabs (t.y), fabs (t.z)));
  if (fixes_direction (tr, c, r))
    k = r;
  else if (fixes_direction (tr, c, normal))
    k = normal;
  else
    return 0.0;

  /* Any direction at right angles to k shows the turn. */
  if (fabs (k.x) <= fabs (k.y) && fabs (k.x) <= fabs (k.z))
    b = qr_vec3_cross (k, qr_vec3 (1, 0, 0));
  else if (fabs (k.y) <= fabs (k.z))
    b = qr_vec3_cross (k, qr_vec3 (0, 1, 0));
  else
    b = qr_vec3_cross (k, qr_vec3 (0, 0, 1));
  mb = mat_vec (tr, b);
  turn = atan2 (qr_vec3_dot (k, qr_vec3_cross (b, mb)), qr_vec3_dot (b, mb)) * (180.0 / G_PI);
  return qr_vec3_dot (k, r) < 0.0 ? -turn : turn;
}

/* u(x) = x · U / scale + offset must equal u'(M x + t). Solving,
 * u'(x') = x' · W / scale + offset - t · W / scale with W = M^-T U. W keeps
 * U's length (unit in practice) and its change of length goes into the
 * scale, sign included; a W exactly as long as U keeps the scale field as
 * it was, so 0 (read as 1) stays 0. */
static void
transform_valve (const QrTransform *tr, const QrTransform *inv_t, const QrTexAttr *tex,
                 double turn, QrTexAttr *out)
{
  QrTexAttr res = *tex;
  QrVec3 axes[2] = { tex->u_axis, tex->v_axis };

  for (int i = 0; i < 2; i++)
    {
      QrVec3 w = mat_vec (inv_t, axes[i]);
      double len = axis_length (axes[i]);
      double w_len = axis_length (w);

      if (w_len != len)
        {
          double k = w_len / len;

          w = qr_vec3 (w.x / k, w.y / k, w.z / k);
          res.scale[i] = qr_texproj_effective_scale (tex->scale[i]) / k;
        }
      /* + 0.0 turns a -0 (from the signed zeros of M^-T) into 0: a file
       * should not say "-0" where the axis had 0. */
      axes[i] = qr_vec3 (w.x + 0.0, w.y + 0.0, w.z + 0.0);
      res.shift[i] = qr_texproj_snap (tex->shift[i]
                               - qr_vec3_dot (tr->t, axes[i]) / qr_texproj_effective_scale (res.scale[i]));
    }
  res.u_axis = axes[0];
  res.v_axis = axes[1];
  if (turn != 0.0)
    res.rotation = normalise_degrees (tex->rotation + turn);
  *out = res;
}

/* A point the transform moves least: the centre of a rotation, scale or
 * flip, a point of a shear's fixed plane, a point of a screw's axis. The
 * least-squares solution of (I - M) c = t (which, unlike the system itself,
 * always exists) by Householder QR with column pivoting, which keeps the
 * conditioning of I - M where the normal equations would square it: a turn
 * by 1e-4 degrees still finds its axis. Coordinates left without a pivot
 * (along a rotation's axis, within a mirror plane) are 0, which picks the
 * point nearest the origin for axis-aligned transforms. */
static QrVec3
fixed_point (const QrTransform *tr)
{
  double a[3][3], b[3], x[3] = { 0, 0, 0 }, largest = 0.0;
  int col[3] = { 0, 1, 2 }, rank = 0;
  QrVec3 c;

  for (int i = 0; i < 3; i++)
    {
      for (int j = 0; j < 3; j++)
        a[i][j] = (i == j ? 1.0 : 0.0) - tr->m[i][j];
      b[i] = qr_vec3_get (tr->t, i);
    }
  for (int j = 0; j < 3; j++)
    largest = qr_max (largest, sqrt (a[0][j] * a[0][j] + a[1][j] * a[1][j] + a[2][j] * a[2][j]));

  for (int k = 0; k < 3; k++, rank++)
    {
      double norms[3] = { 0, 0, 0 }, alpha, v[3] = { 0, 0, 0 }, v2 = 0.0;
      int best = k, tmp_col;

      for (int j = k; j < 3; j++)
        {
          for (int i = k; i < 3; i++)
            norms[j] += a[i][j] * a[i][j];
          if (norms[j] > norms[best])
            best = j;
        }
      if (!(sqrt (norms[best]) > QR_EPS_SINGULAR * largest))
        break;

      for (int i = 0; i < 3; i++)
        {
          double t = a[i][k];

          a[i][k] = a[i][best];
          a[i][best] = t;
        }
      tmp_col = col[k], col[k] = col[best], col[best] = tmp_col;

      /* The reflection taking column k below the diagonal onto the axis. */
      alpha = a[k][k] > 0.0 ? -sqrt (norms[best]) : sqrt (norms[best]);
      for (int i = k; i < 3; i++)
        v[i] = a[i][k];
      v[k] -= alpha;
      for (int i = k; i < 3; i++)
        v2 += v[i] * v[i];
      if (v2 > 0.0)
        {
          double vb = 0.0;

          for (int j = k; j < 3; j++)
            {
              double va = 0.0;

              for (int i = k; i < 3; i++)
                va += v[i] * a[i][j];
              for (int i = k; i < 3; i++)
                a[i][j] -= 2.0 * va / v2 * v[i];
            }
          for (int i = k; i < 3; i++)
            vb += v[i] * b[i];
          for (int i = k; i < 3; i++)
            b[i] -= 2.0 * vb / v2 * v[i];
        }
    }

  for (int k = rank - 1; k >= 0; k--)
    {
      double sum = b[k];

      for (int j = k + 1; j < rank; j++)
        sum -= a[k][j] * x[j];
      x[k] = sum / a[k][k];
    }

  c = qr_vec3 (0, 0, 0);
  for (int k = 0; k < 3; k++)
    qr_vec3_set (&c, col[k], x[k]);
  return c;
}

/* The standard attributes closest to the exact Valve ones when none match.
 * On the new face plane the exact texels are affine in the point's two
 * projection coordinates (sv, tv); the gradients come from the Valve axes
 * with their off-plane component folded in along the face normal, so a
 * sloped face keeps its texel density. The rotation and U scale reproduce
 * the U gradient exactly; V takes the component at right angles to U (the
 * only kind of V the standard form has). The shifts make the texel at the
 * transform's fixed point exact, so the error on the face grows only with the
 * distance from the rotation or scaling centre, not with the distance from
 * the world origin. */
static void
standard_best_effort (const QrTransform *tr, const QrTexAttr *valve, QrVec3 new_normal,
                      QrTexAttr *out)
{
  QrVec3 s, t, axes[2], anchor;
  double grad[2][2], sigma, tau, theta, sinv, cosv, scales[2], n_sv, n_tv;
  int sv, tv, nv;
  QrUV exact, approx;

  qr_texproj_base_axes (new_normal, &s, &t);
  sv = nonzero_axis (s);
  tv = nonzero_axis (t);
  nv = 3 - sv - tv;
  sigma = qr_vec3_get (s, sv);
  tau = qr_vec3_get (t, tv);
  /* On the plane n · x = d, x_nv = (d - n_sv x_sv - n_tv x_tv) / n_nv. */
  n_sv = qr_vec3_get (new_normal, nv) != 0.0
           ? qr_vec3_get (new_normal, sv) / qr_vec3_get (new_normal, nv) : 0.0;
  n_tv = qr_vec3_get (new_normal, nv) != 0.0
           ? qr_vec3_get (new_normal, tv) / qr_vec3_get (new_normal, nv) : 0.0;

  axes[0] = qr_vec3_scale (valve->u_axis, 1.0 / qr_texproj_effective_scale (valve->scale[0]));
  axes[1] = qr_vec3_scale (valve->v_axis, 1.0 / qr_texproj_effective_scale (valve->scale[1]));
  for (int i = 0; i < 2; i++)
    {
      double off = qr_vec3_get (axes[i], nv);

      grad[i][0] = qr_vec3_get (axes[i], sv) - off * n_sv;
      grad[i][1] = qr_vec3_get (axes[i], tv) - off * n_tv;
    }

  /* As qr_texproj_valve_to_standard: keep the sign of the U scale. */
  theta = atan2 (sigma * grad[0][1], sigma * grad[0][0]) * (180.0 / G_PI);
  if (qr_texproj_effective_scale (valve->scale[0]) < 0.0)
    theta += 180.0;
  theta = normalise_degrees (theta);
  qr_sin_cos_degrees (theta, &sinv, &cosv);
  scales[0] = sigma / (cosv * grad[0][0] + sinv * grad[0][1]);
  scales[1] = tau / (cosv * grad[1][1] - sinv * grad[1][0]);
  for (int i = 0; i < 2; i++)
    if (!isfinite (scales[i]) || scales[i] == 0.0)
      scales[i] = qr_texproj_effective_scale (valve->scale[i]);

  out->rotation = theta;
  out->scale[0] = scales[0];
  out->scale[1] = scales[1];
  out->shift[0] = 0.0;
  out->shift[1] = 0.0;

  anchor = fixed_point (tr);
  qr_texproj_texels (QR_TEX_VALVE, valve, new_normal, &anchor, 1, &exact);
  qr_texproj_texels (QR_TEX_STANDARD, out, new_normal, &anchor, 1, &approx);
  out->shift[0] = qr_texproj_snap (exact.u - approx.u);
  out->shift[1] = qr_texproj_snap (exact.v - approx.v);
}

static bool
transform_standard (const QrTransform *tr, const QrTransform *inv_t, const QrTexAttr *tex,
                    QrVec3 normal, QrVec3 new_normal, QrTexAttr *out)
{
  QrTexAttr valve, moved, result = *tex;
  QrVec3 s0, t0, s1, t1;

  qr_texproj_standard_to_valve (tex, normal, &valve);
  transform_valve (tr, inv_t, &valve, 0.0, &moved);

  /* When the transform leaves the projected axes alone (translations;
   * stretching along the projection axis) only the shifts change: keep the
   * rotation and scales to the last bit rather than recover them. */
  qr_texproj_base_axes (normal, &s0, &t0);
  qr_texproj_base_axes (new_normal, &s1, &t1);
  if (qr_vec3_equal (s0, s1) && qr_vec3_equal (t0, t1)
      && qr_vec3_equal (moved.u_axis, valve.u_axis)
      && qr_vec3_equal (moved.v_axis, valve.v_axis)
      && moved.scale[0] == valve.scale[0] && moved.scale[1] == valve.scale[1])
    {
      result.shift[0] = moved.shift[0];
      result.shift[1] = moved.shift[1];
      *out = result;
      return true;
    }

  if (qr_texproj_valve_to_standard (&moved, new_normal, &valve, NULL))
    {
      result.shift[0] = valve.shift[0];
      result.shift[1] = valve.shift[1];
      result.rotation = valve.rotation;
      for (int i = 0; i < 2; i++)
        /* 0 reads as 1: keep the file's 0 when the scale is still 1. */
        if (!(tex->scale[i] == 0.0 && valve.scale[i] == 1.0))
          result.scale[i] = valve.scale[i];
      *out = result;
      return true;
    }

  standard_best_effort (tr, &moved, new_normal, &result);
  *out = result;
  return false;
}

bool
qr_transform_texture (const QrTransform *tr, QrTexForm form, const QrTexAttr *tex,
                      QrVec3 normal, QrVec3 new_normal, QrTexAttr *out)
{
  QrTransform inv_t;
  double det;
  QrTexAttr in;

  g_return_val_if_fail (tr != NULL, false);
  g_return_val_if_fail (form == QR_TEX_STANDARD || form == QR_TEX_VALVE, false);
  g_return_val_if_fail (tex != NULL, false);
  g_return_val_if_fail (out != NULL, false);

  cofactors (tr, &inv_t);
  det = determinant_with (tr, &inv_t);
  /* A flattening transform has no texture to lock to. */
  g_return_val_if_fail (!is_singular (det), false);

  /* Divide rather than multiply by 1 / det: exact for det = ±1. */
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      inv_t.m[i][j] /= det;

  in = *tex; /* out may be tex */
  if (form == QR_TEX_VALVE)
    {
      transform_valve (tr, &inv_t, &in, texture_turn (tr, normal), out);
      return true;
    }
  return transform_standard (tr, &inv_t, &in, normal, new_normal, out);
}

bool
qr_transform_brushprim (const QrTransform *tr, const QrTexAttr *tex, QrVec3 normal,
                        QrVec3 new_normal, double new_dist, QrTexAttr *out)
{
  QrTransform inv;
  QrVec3 s_axis, t_axis, q[3], old_p[3];
  QrUV st[3];
  double x[3], y[3], a, b, c, d, det;
  QrTexAttr result;

  g_return_val_if_fail (tr != NULL, false);
  g_return_val_if_fail (tex != NULL, false);
  g_return_val_if_fail (out != NULL, false);

  if (!qr_transform_invert (tr, &inv))
    return false;

  qr_texproj_brushprim_axes (new_normal, &s_axis, &t_axis);
  q[0] = qr_vec3_scale (new_normal, new_dist);
  q[1] = qr_vec3_add (q[0], s_axis);
  q[2] = qr_vec3_add (q[0], t_axis);
  for (int i = 0; i < 3; i++)
    {
      old_p[i] = qr_transform_point (&inv, q[i]);
      x[i] = qr_vec3_dot (q[i], s_axis);
      y[i] = qr_vec3_dot (q[i], t_axis);
    }
  qr_texproj_coords (QR_TEX_BRUSHPRIM, QR_TEX_AXES_QBSP, tex, normal, old_p, 3, st);

  /* Solve m · (x_i, y_i, 1) = st_i for both rows; the basis is orthonormal,
   * so det is 1 but for rounding. */
  a = x[1] - x[0], b = y[1] - y[0], c = x[2] - x[0], d = y[2] - y[0];
  det = a * d - b * c;
  if (!(fabs (det) > 0.5))
    return false;
  result = *tex;
  for (int r = 0; r < 2; r++)
    {
      double s0 = r == 0 ? st[0].u : st[0].v;
      double s1 = (r == 0 ? st[1].u : st[1].v) - s0;
      double s2 = (r == 0 ? st[2].u : st[2].v) - s0;

      result.matrix[r][0] = (s1 * d - s2 * b) / det;
      result.matrix[r][1] = (s2 * a - s1 * c) / det;
      result.matrix[r][2] = s0 - result.matrix[r][0] * x[0] - result.matrix[r][1] * y[0];
    }
  *out = result;
  return true;
}
