#include "qr-texwrap.h"
#include "qr-angle.h"
#include "qr-eps.h"

#include <complex.h>
#include <stdio.h>

/* A rotation about a line's direction d, taking the unit vector n_from
 * (at right angles to d) to n_to: the frame (d, n_from, d × n_from) goes to
 * (d, n_to, d × n_to). Written with the frames rather than an angle so a
 * quarter turn between axial planes is exact. */
typedef struct
{
  QrVec3 d, n_from, w_from, n_to, w_to;
} Fold;

static QrVec3
fold_apply (const Fold *f, QrVec3 v)
{
  QrVec3 r = qr_vec3_scale (f->d, qr_vec3_dot (v, f->d));

  r = qr_vec3_mad (r, f->n_to, qr_vec3_dot (v, f->n_from));
  return qr_vec3_mad (r, f->w_to, qr_vec3_dot (v, f->w_from));
}

/* v without its component along the unit vector n, scaled to unit length. */
static QrVec3
unit_across (QrVec3 v, QrVec3 n)
{
  return qr_vec3_normalize (qr_vec3_mad (v, n, -qr_vec3_dot (v, n)));
}

static bool
fold_init (Fold *f, QrVec3 n_from, QrVec3 n_to, const QrVec3 edge[2])
{
  QrVec3 along = qr_vec3_sub (edge[1], edge[0]);
  QrVec3 c = qr_vec3_cross (n_from, n_to);
  double sine = qr_vec3_length (c);

  if (!(qr_vec3_length (along) > 0.0))
    return false;
  if (sine > QR_EPS_TEX_FOLD_SINE)
    f->d = qr_vec3_scale (c, (qr_vec3_dot (c, along) < 0.0 ? -1.0 : 1.0) / sine);
  else
    f->d = qr_vec3_normalize (along);
  f->n_from = unit_across (n_from, f->d);
  f->n_to = unit_across (n_to, f->d);
  f->w_from = qr_vec3_cross (f->d, f->n_from);
  f->w_to = qr_vec3_cross (f->d, f->n_to);
  return true;
}

/* The shortest decimal within 1e-14 (relative) of x, and 0 for -0: values
 * the fold computes carry rounding in their last bits (0.015625000000000003
 * for 1/64), which the file would otherwise keep. Far below any texel. */
static double
tidy (double x)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (x == 0.0 || !isfinite (x))
    return x == 0.0 ? 0.0 : x;
  for (int digits = 1; digits <= 15; digits++)
    {
      char format[8];
      double r;

      snprintf (format, sizeof format, "%%.%dg", digits);
      r = g_ascii_strtod (g_ascii_formatd (buf, sizeof buf, format, x), NULL);
      if (fabs (r - x) <= 1e-14 * fabs (x))
        return r;
    }
  return x;
}

/* An axis: components below 1e-12 of its length are the rounding of a fold
 * about a line known to 1e-12 (they would be 0), the rest tidied. */
static QrVec3
tidy_axis (QrVec3 v)
{
  double limit = 1e-12 * qr_vec3_length (v);

  return qr_vec3 (fabs (v.x) <= limit ? 0.0 : tidy (v.x), fabs (v.y) <= limit ? 0.0 : tidy (v.y),
                  fabs (v.z) <= limit ? 0.0 : tidy (v.z));
}

static double
tidy_offset (double x)
{
  return tidy (qr_texproj_snap (x));
}

/* A face's texture in texels, whatever its form: texel = u·p / scale[0] +
 * shift[0] and likewise for v (Valve form; brush primitives times the
 * texture's size, scale 1). */
static QrTexAttr
valve_equivalent (QrTexAxisRule rule, const QrTexWrapFace *face, double width, double height)
{
  QrTexAttr v = { 0 };

  if (face->form == QR_TEX_VALVE)
    {
      v = face->tex;
    }
  else if (face->form == QR_TEX_STANDARD)
    {
      /* The compilers' turned axes, read back through the projection itself
       * (unit points, no shift, scale 1) so the axis rule is the map's. */
      static const QrVec3 unit[3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
      QrTexAttr bare = face->tex;
      QrUV uv[3];

      bare.shift[0] = bare.shift[1] = 0.0;
      bare.scale[0] = bare.scale[1] = 1.0;
      qr_texproj_coords (QR_TEX_STANDARD, rule, &bare, face->plane.normal, unit, 3, uv);
      v = face->tex;
      v.u_axis = qr_vec3 (uv[0].u, uv[1].u, uv[2].u);
      v.v_axis = qr_vec3 (uv[0].v, uv[1].v, uv[2].v);
    }
  else
    {
      QrVec3 s, t;

      qr_texproj_brushprim_axes (face->plane.normal, &s, &t);
      v.u_axis = qr_vec3_scale (qr_vec3_add (qr_vec3_scale (s, face->tex.matrix[0][0]),
                                             qr_vec3_scale (t, face->tex.matrix[0][1])), width);
      v.v_axis = qr_vec3_scale (qr_vec3_add (qr_vec3_scale (s, face->tex.matrix[1][0]),
                                             qr_vec3_scale (t, face->tex.matrix[1][1])), height);
      v.shift[0] = face->tex.matrix[0][2] * width;
      v.shift[1] = face->tex.matrix[1][2] * height;
      v.scale[0] = v.scale[1] = 1.0;
    }
  v.scale[0] = qr_texproj_effective_scale (v.scale[0]);
  v.scale[1] = qr_texproj_effective_scale (v.scale[1]);
  return v;
}

static QrVec3
gradient (const QrTexAttr *v, int i)
{
  return qr_vec3_scale (i == 0 ? v->u_axis : v->v_axis, 1.0 / v->scale[i]);
}

/* Whether the texture's gradients g[0], g[1] still make a texture on the
 * plane of normal n (see QR_EPS_TEX_FLAT). */
static bool
projects_onto (const QrVec3 g[2], QrVec3 n)
{
  QrVec3 in[2];

  for (int i = 0; i < 2; i++)
    {
      in[i] = qr_vec3_mad (g[i], n, -qr_vec3_dot (g[i], n));
      if (!(qr_vec3_length (in[i]) > QR_EPS_TEX_FLAT * qr_vec3_length (g[i])))
        return false;
    }
  return qr_vec3_length (qr_vec3_cross (in[0], in[1]))
         > QR_EPS_TEX_FLAT * qr_vec3_length (in[0]) * qr_vec3_length (in[1]);
}

/* Texel coordinates of p in the face's own form, in texels. */
static QrUV
texel_at (QrTexAxisRule rule, const QrTexWrapFace *face, QrVec3 p, double width, double height)
{
  QrUV uv;

  qr_texproj_coords (face->form, rule, &face->tex, face->plane.normal, &p, 1, &uv);
  if (face->form == QR_TEX_BRUSHPRIM)
    uv.u *= width, uv.v *= height;
  return uv;
}

/* The α ≠ 0 nearest (α_G, β_G) on the hyperbola α β = κ (κ ≠ 0): a root of
 * f'(α) for f = (α - α_G)² + (κ/α - β_G)², that is of the quartic
 * α⁴ - α_G α³ + κ β_G α - κ² (times α³). Its four roots by Durand-Kerner,
 * on a scale where they are near 1, each polished by Newton as a real
 * number, and the one where f is least; f grows without bound at 0 and at
 * infinity, so a real minimum exists. */
static double
nearest_on_hyperbola (double ag, double bg, double kappa)
{
  double s = fmax (fmax (fabs (ag), fabs (bg)), sqrt (fabs (kappa)));
  double c3 = -ag / s, c1 = kappa * bg / (s * s * s), c0 = -(kappa / (s * s)) * (kappa / (s * s));
  double complex z[4], seed = 0.4 + 0.9 * I;
  double best = NAN, best_f = INFINITY;

  for (int k = 0; k < 4; k++)
    z[k] = cpow (seed, k);
  for (int iter = 0; iter < 500; iter++)
    {
      double moved = 0.0;

      for (int k = 0; k < 4; k++)
        {
          double complex p = (((z[k] + c3) * z[k]) * z[k] + c1) * z[k] + c0, q = 1.0, step;

          for (int j = 0; j < 4; j++)
            if (j != k)
              q *= z[k] - z[j];
          step = p / q;
          z[k] -= step;
          moved = fmax (moved, cabs (step));
        }
      if (moved < 1e-15)
        break;
    }
  for (int k = 0; k < 4; k++)
    {
      double y = creal (z[k]), alpha, f;

      for (int iter = 0; iter < 8; iter++)
        {
          double p = (((y + c3) * y) * y + c1) * y + c0;
          double dp = ((4 * y + 3 * c3) * y) * y + c1;

          if (dp == 0.0)
            break;
          y -= p / dp;
        }
      alpha = y * s;
      if (!(fabs (alpha) > 0.0) || !isfinite (alpha))
        continue;
      f = (alpha - ag) * (alpha - ag) + (kappa / alpha - bg) * (kappa / alpha - bg);
      if (f < best_f)
        best_f = f, best = alpha;
    }
  return best;
}

static int
nonzero_axis (QrVec3 v)
{
  return v.x != 0.0 ? 0 : v.y != 0.0 ? 1 : 2;
}

/* The standard attributes nearest the texture of gradients g[0], g[1] on
 * the plane of normal n, exact along the direction e (in the plane); the
 * shift is left to the caller. The standard projection's gradients lie in
 * the base axis's plane (coordinates sv, tv) and are at right angles there:
 * σ (cos θ, sin θ) / scale_u and τ (-sin θ, cos θ) / scale_v. */
static bool
fit_standard (QrTexAxisRule rule, const QrVec3 g[2], QrVec3 n, QrVec3 e, bool negative_u, QrTexAttr *out)
{
  QrVec3 s_base, t_base, e_in;
  int sv, tv, nv;
  double sigma, tau, g2[2][2], e2[2], len, eh[2], nh[2], along[2], across[2], kappa, alpha, beta;
  double a_u[2], a_v[2], theta, sinv, cosv, scale_u, scale_v;

  qr_texproj_base_axes_rule (rule, n, &s_base, &t_base);
  sv = nonzero_axis (s_base);
  tv = nonzero_axis (t_base);
  nv = 3 - sv - tv;
  sigma = qr_vec3_get (s_base, sv);
  tau = qr_vec3_get (t_base, tv);

  /* On the plane a gradient and that gradient less any multiple of n give
   * the same texels up to a constant: take the multiple that leaves no
   * component along the base axis's normal. */
  for (int i = 0; i < 2; i++)
    {
      double lambda = qr_vec3_get (g[i], nv) / qr_vec3_get (n, nv);

      g2[i][0] = qr_vec3_get (g[i], sv) - lambda * qr_vec3_get (n, sv);
      g2[i][1] = qr_vec3_get (g[i], tv) - lambda * qr_vec3_get (n, tv);
    }
  e_in = qr_vec3_mad (e, n, -qr_vec3_dot (e, n));
  e2[0] = qr_vec3_get (e_in, sv);
  e2[1] = qr_vec3_get (e_in, tv);
  len = hypot (e2[0], e2[1]);
  if (!(len > 0.0))
    return false;
  eh[0] = e2[0] / len, eh[1] = e2[1] / len;
  nh[0] = -eh[1], nh[1] = eh[0];
  for (int i = 0; i < 2; i++)
    {
      along[i] = g2[i][0] * eh[0] + g2[i][1] * eh[1];
      across[i] = g2[i][0] * nh[0] + g2[i][1] * nh[1];
    }

  /* Along e the gradients must stay as they are (the edge's texels); across
   * it they may move, and must end at right angles: along_u along_v +
   * α β = 0. The nearest such (α, β) to the wanted (across_u, across_v). */
  kappa = -along[0] * along[1];
  if (fabs (across[0] * across[1] - kappa) <= 1e-12 * (fabs (across[0] * across[1]) + fabs (kappa)))
    {
      alpha = across[0], beta = across[1];
    }
  else if (kappa == 0.0)
    {
      /* One gradient runs across e alone: the other must run along it. */
      if (along[0] == 0.0)
        alpha = across[0], beta = 0.0;
      else
        alpha = 0.0, beta = across[1];
    }
  else
    {
      alpha = nearest_on_hyperbola (across[0], across[1], kappa);
      if (!isfinite (alpha))
        return false;
      beta = kappa / alpha;
    }
  for (int k = 0; k < 2; k++)
    {
      a_u[k] = along[0] * eh[k] + alpha * nh[k];
      a_v[k] = along[1] * eh[k] + beta * nh[k];
    }

  /* θ, then the scales from the snapped θ's sine and cosine, as
   * qr_texproj_valve_to_standard does; θ + 180° with both scales negated is
   * the same projection: keep the U scale's sign as the source had it. */
  theta = atan2 (sigma * a_u[1], sigma * a_u[0]) * (180.0 / G_PI);
  if (negative_u)
    theta += 180.0;
  theta = qr_texproj_snap_degrees (theta);
  qr_sin_cos_degrees (theta, &sinv, &cosv);
  scale_u = sigma / (cosv * a_u[0] + sinv * a_u[1]);
  scale_v = tau / (cosv * a_v[1] - sinv * a_v[0]);
  if (!isfinite (scale_u) || !isfinite (scale_v) || scale_u == 0.0 || scale_v == 0.0)
    return false;
  if (qr_texproj_snap (scale_u) != 0.0)
    scale_u = qr_texproj_snap (scale_u);
  if (qr_texproj_snap (scale_v) != 0.0)
    scale_v = qr_texproj_snap (scale_v);
  out->rotation = tidy (theta);
  out->scale[0] = tidy (scale_u);
  out->scale[1] = tidy (scale_v);
  return true;
}

/* A brush-primitive matrix row (h0, h1) with h0 x + h1 y equal to g · p
 * up to a constant on the plane, x and y p's coordinates along the basis
 * s, t (ComputeAxisBase's, which zeroes tiny normal components, so s and t
 * need not be exactly at right angles to n): g = h0 s + h1 t + h2 n, by
 * Cramer's rule. */
static void
brushprim_row (QrVec3 g, QrVec3 s, QrVec3 t, QrVec3 n, double row[2])
{
  double det = qr_vec3_dot (s, qr_vec3_cross (t, n));

  row[0] = qr_vec3_dot (g, qr_vec3_cross (t, n)) / det;
  row[1] = qr_vec3_dot (g, qr_vec3_cross (n, s)) / det;
}

bool
qr_texwrap_common_edge (const QrVec3 *a, int n_a, const QrVec3 *b, int n_b, double eps, QrVec3 edge[2])
{
  double best = eps;
  bool found = false;

  g_return_val_if_fail (n_a == 0 || a != NULL, false);
  g_return_val_if_fail (n_b == 0 || b != NULL, false);
  g_return_val_if_fail (edge != NULL, false);

  for (int i = 0; i < n_a; i++)
    {
      QrVec3 p = a[i], q = a[(i + 1) % n_a], u = qr_vec3_sub (q, p);
      double len = qr_vec3_length (u);

      if (!(len > eps))
        continue;
      u = qr_vec3_scale (u, 1.0 / len);
      for (int j = 0; j < n_b; j++)
        {
          QrVec3 c = qr_vec3_sub (b[j], p), d = qr_vec3_sub (b[(j + 1) % n_b], p);
          double tc = qr_vec3_dot (c, u), td = qr_vec3_dot (d, u), lo, hi;

          if (qr_vec3_length (qr_vec3_mad (c, u, -tc)) > eps || qr_vec3_length (qr_vec3_mad (d, u, -td)) > eps)
            continue;
          lo = fmax (0.0, fmin (tc, td));
          hi = fmin (len, fmax (tc, td));
          if (hi - lo > best)
            {
              /* a's own corners where the stretch ends within eps of
               * them (the same corner of the two polygons), so exact
               * vertices stay exact. */
              best = hi - lo;
              edge[0] = lo <= eps ? p : qr_vec3_mad (p, u, lo);
              edge[1] = hi >= len - eps ? q : qr_vec3_mad (p, u, hi);
              found = true;
            }
        }
    }
  return found;
}

/* Two points 64 apart on the line where the faces' planes meet, about
 * dst's first corner; false for planes too near parallel to meet. */
static bool
planes_meet (const QrTexWrapFace *src, const QrTexWrapFace *dst, QrVec3 hinge[2])
{
  QrVec3 ns = src->plane.normal, nt = dst->plane.normal, c = qr_vec3_cross (ns, nt), d, p;
  double cc = qr_vec3_dot (c, c);

  if (!(sqrt (cc) > QR_EPS_TEX_FOLD_SINE))
    return false;
  d = qr_vec3_scale (c, 1.0 / sqrt (cc));
  /* On both planes: p · ns = dist_s and p · nt = dist_t. */
  p = qr_vec3_scale (qr_vec3_add (qr_vec3_scale (qr_vec3_cross (nt, c), src->plane.dist),
                                  qr_vec3_scale (qr_vec3_cross (c, ns), dst->plane.dist)), 1.0 / cc);
  if (dst->n_points > 0)
    p = qr_vec3_mad (p, d, qr_vec3_dot (qr_vec3_sub (dst->points[0], p), d));
  hinge[0] = p;
  hinge[1] = qr_vec3_mad (p, d, 64.0);
  return true;
}

bool
qr_texwrap_face (QrTexAxisRule rule, const QrTexWrapFace *src, QrTexWrapFace *dst, const QrVec3 *edge, int width,
                 int height, double *residual, GError **error)
{
  QrTexAttr v, out;
  QrVec3 g[2], p0, ns, nt, e, hinge[2];
  QrUV want;
  Fold fold;
  bool folded = false;

  g_return_val_if_fail (src != NULL && dst != NULL, false);
  g_return_val_if_fail (width > 0 && height > 0, false);
  g_return_val_if_fail (error == NULL || *error == NULL, false);

  ns = src->plane.normal;
  nt = dst->plane.normal;
  v = valve_equivalent (rule, src, width, height);
  g[0] = gradient (&v, 0);
  g[1] = gradient (&v, 1);
  if (!projects_onto (g, ns))
    {
      g_set_error (error, QR_TEXPROJ_ERROR, QR_TEXPROJ_ERROR_DEGENERATE,
                   "the source face's texture axes give it no texture (they meet its plane at right angles)");
      return false;
    }

  if (edge == NULL && !projects_onto (g, nt) && planes_meet (src, dst, hinge))
    edge = hinge;
  if (edge != NULL && fold_init (&fold, ns, nt, edge))
    {
      folded = true;
      v.u_axis = fold_apply (&fold, v.u_axis);
      v.v_axis = fold_apply (&fold, v.v_axis);
      g[0] = gradient (&v, 0);
      g[1] = gradient (&v, 1);
      p0 = qr_vec3_scale (qr_vec3_add (edge[0], edge[1]), 0.5);
    }
  else
    p0 = dst->n_points > 0 ? dst->points[0] : qr_vec3_scale (nt, dst->plane.dist);
  if (!projects_onto (g, nt))
    {
      g_set_error (error, QR_TEXPROJ_ERROR, QR_TEXPROJ_ERROR_DEGENERATE,
                   "the source's texture axes meet this face at right angles: they give it no texture");
      return false;
    }
  /* Every form then takes the source's texel at p0, a point of the fold's
   * axis, so the two agree all along the edge. */
  want = texel_at (rule, src, p0, width, height);

  out = dst->tex;
  if (dst->form == QR_TEX_VALVE)
    {
      if (src->form == QR_TEX_BRUSHPRIM)
        for (int i = 0; i < 2; i++)
          {
            /* Valve axes are unit vectors with the size in the scale. */
            QrVec3 *axis = i == 0 ? &v.u_axis : &v.v_axis;

            v.scale[i] = 1.0 / qr_vec3_length (*axis);
            *axis = qr_vec3_scale (*axis, v.scale[i]);
          }
      out.u_axis = tidy_axis (v.u_axis);
      out.v_axis = tidy_axis (v.v_axis);
      out.scale[0] = v.scale[0];
      out.scale[1] = v.scale[1];
      out.rotation = v.rotation;
      if (folded || src->form == QR_TEX_BRUSHPRIM)
        {
          out.shift[0] = tidy_offset (want.u - qr_vec3_dot (p0, out.u_axis) / out.scale[0]);
          out.shift[1] = tidy_offset (want.v - qr_vec3_dot (p0, out.v_axis) / out.scale[1]);
        }
      else
        {
          out.shift[0] = v.shift[0];
          out.shift[1] = v.shift[1];
        }
    }
  else if (dst->form == QR_TEX_BRUSHPRIM)
    {
      QrVec3 s, t;
      double size[2] = { width, height }, texel[2] = { want.u, want.v };

      qr_texproj_brushprim_axes (nt, &s, &t);
      for (int i = 0; i < 2; i++)
        {
          brushprim_row (qr_vec3_scale (g[i], 1.0 / size[i]), s, t, nt, out.matrix[i]);
          out.matrix[i][0] = tidy (out.matrix[i][0]);
          out.matrix[i][1] = tidy (out.matrix[i][1]);
          out.matrix[i][2] = tidy (texel[i] / size[i] - out.matrix[i][0] * qr_vec3_dot (p0, s)
                                   - out.matrix[i][1] * qr_vec3_dot (p0, t));
        }
    }
  else
    {
      QrUV bare;
      bool negative_u = src->form != QR_TEX_BRUSHPRIM && qr_texproj_effective_scale (src->tex.scale[0]) < 0.0;

      /* The direction kept exact: the edge, else where the planes meet,
       * else (parallel planes) the source's U gradient. */
      if (folded)
        e = fold.d;
      else if (qr_vec3_length (qr_vec3_cross (ns, nt)) > QR_EPS_TEX_FOLD_SINE)
        e = qr_vec3_normalize (qr_vec3_cross (ns, nt));
      else
        e = unit_across (g[0], nt);
      if (!fit_standard (rule, g, nt, e, negative_u, &out))
        {
          g_set_error (error, QR_TEXPROJ_ERROR, QR_TEXPROJ_ERROR_DEGENERATE,
                       "no standard texture alignment continues the source's on this face");
          return false;
        }
      out.shift[0] = out.shift[1] = 0.0;
      qr_texproj_coords (QR_TEX_STANDARD, rule, &out, nt, &p0, 1, &bare);
      out.shift[0] = tidy_offset (want.u - bare.u);
      out.shift[1] = tidy_offset (want.v - bare.v);
    }

  if (residual != NULL)
    {
      *residual = 0.0;
      if (dst->form == QR_TEX_STANDARD)
        for (int i = 0; i < dst->n_points; i++)
          {
            QrVec3 d = qr_vec3_sub (dst->points[i], p0);
            QrUV got;

            qr_texproj_coords (QR_TEX_STANDARD, rule, &out, nt, &dst->points[i], 1, &got);
            *residual = fmax (*residual, fabs (got.u - (want.u + qr_vec3_dot (g[0], d))));
            *residual = fmax (*residual, fabs (got.v - (want.v + qr_vec3_dot (g[1], d))));
          }
    }
  dst->tex = out;
  return true;
}
