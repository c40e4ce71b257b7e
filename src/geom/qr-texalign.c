#include "qr-texalign.h"

#include <math.h>

void
qr_tex_extent_init (QrTexExtent *ext)
{
  g_return_if_fail (ext != NULL);

  ext->min[0] = ext->min[1] = INFINITY;
  ext->max[0] = ext->max[1] = -INFINITY;
}

bool
qr_tex_extent_is_empty (const QrTexExtent *ext)
{
  return !(ext->min[0] <= ext->max[0] && ext->min[1] <= ext->max[1]);
}

void
qr_tex_extent_add (QrTexExtent *ext, const QrTexExtent *other)
{
  for (int i = 0; i < 2; i++)
    {
      ext->min[i] = fmin (ext->min[i], other->min[i]);
      ext->max[i] = fmax (ext->max[i], other->max[i]);
    }
}

void
qr_texalign_add_points (QrTexExtent *ext, QrTexForm form, QrTexAxisRule rule, const QrTexAttr *tex,
                        QrVec3 normal, int width, int height, const QrVec3 *points, int n_points)
{
  g_return_if_fail (ext != NULL && tex != NULL);
  g_return_if_fail (n_points == 0 || points != NULL);

  for (int i = 0; i < n_points; i++)
    {
      QrUV uv;

      qr_texproj_coords (form, rule, tex, normal, &points[i], 1, &uv);
      if (form == QR_TEX_BRUSHPRIM)
        {
          uv.u *= width;
          uv.v *= height;
        }
      ext->min[0] = fmin (ext->min[0], uv.u);
      ext->max[0] = fmax (ext->max[0], uv.u);
      ext->min[1] = fmin (ext->min[1], uv.v);
      ext->max[1] = fmax (ext->max[1], uv.v);
    }
}

QrTexelMap
qr_texel_map_identity (void)
{
  return (QrTexelMap) { { 1, 1 }, { 0, 0 } };
}

QrTexelMap
qr_texalign_justify (const QrTexExtent *ext, int width, int height, const double fraction[2], const bool move[2])
{
  QrTexelMap map = qr_texel_map_identity ();
  int size[2] = { width, height };

  g_return_val_if_fail (ext != NULL && !qr_tex_extent_is_empty (ext), map);

  for (int i = 0; i < 2; i++)
    if (move[i])
      {
        double at = ext->min[i] + fraction[i] * (ext->max[i] - ext->min[i]);

        map.offset[i] = fraction[i] * size[i] - at;
      }
  return map;
}

bool
qr_texalign_fit (const QrTexExtent *ext, int width, int height, const double repeat[2], const bool fit[2],
                 QrTexelMap *out)
{
  QrTexelMap map = qr_texel_map_identity ();
  int size[2] = { width, height };

  g_return_val_if_fail (ext != NULL && out != NULL, false);

  if (qr_tex_extent_is_empty (ext))
    return false;
  for (int i = 0; i < 2; i++)
    if (fit[i])
      {
        double length = ext->max[i] - ext->min[i];

        if (!(length > 0) || !(repeat[i] > 0) || !isfinite (length))
          return false;
        /* u' = (u - min) · k: the extent's start at 0, its end at
         * repeat · size. */
        map.scale[i] = repeat[i] * size[i] / length;
        map.offset[i] = -ext->min[i] * map.scale[i];
      }
  *out = map;
  return true;
}

void
qr_texalign_apply (QrTexForm form, QrTexAttr *tex, int width, int height, const QrTexelMap *map)
{
  int size[2] = { width, height };

  g_return_if_fail (tex != NULL && map != NULL);

  for (int i = 0; i < 2; i++)
    {
      if (form == QR_TEX_BRUSHPRIM)
        {
          /* texels = size · (m0·x + m1·y + m2) */
          tex->matrix[i][0] *= map->scale[i];
          tex->matrix[i][1] *= map->scale[i];
          tex->matrix[i][2] = tex->matrix[i][2] * map->scale[i] + map->offset[i] / size[i];
        }
      else
        {
          /* texels = axis·p / scale + shift */
          if (map->scale[i] != 1.0)
            tex->scale[i] = qr_texproj_effective_scale (tex->scale[i]) / map->scale[i];
          tex->shift[i] = tex->shift[i] * map->scale[i] + map->offset[i];
        }
    }
}

void
qr_texalign_world_axes (QrTexAxisRule rule, QrVec3 normal, QrVec3 *u, QrVec3 *v)
{
  qr_texproj_base_axes_rule (rule, normal, u, v);
}

bool
qr_texalign_face_axes (QrTexAxisRule rule, QrVec3 normal, QrVec3 *u, QrVec3 *v)
{
  QrVec3 s, t, n;
  double len = qr_vec3_length (normal);

  g_return_val_if_fail (u != NULL && v != NULL, false);

  if (!(len > 0) || !isfinite (len))
    return false;
  n = qr_vec3_scale (normal, 1.0 / len);
  qr_texproj_base_axes_rule (rule, n, &s, &t);
  s = qr_vec3_mad (s, n, -qr_vec3_dot (s, n));
  if (!(qr_vec3_length (s) > 1e-9))
    return false;
  s = qr_vec3_normalize (s);
  t = qr_vec3_mad (t, n, -qr_vec3_dot (t, n));
  t = qr_vec3_mad (t, s, -qr_vec3_dot (t, s));
  if (!(qr_vec3_length (t) > 1e-9))
    return false;
  *u = s;
  *v = qr_vec3_normalize (t);
  return true;
}

void
qr_texalign_valve_to_brushprim (const QrTexAttr *valve, QrPlane plane, int width, int height, QrTexAttr *out)
{
  QrVec3 s, t, m, axis[2];
  int size[2] = { width, height };
  QrTexAttr prim = { 0 };

  g_return_if_fail (valve != NULL && out != NULL && width > 0 && height > 0);

  qr_texproj_brushprim_axes (plane.normal, &s, &t);
  m = qr_vec3_cross (s, t);
  axis[0] = qr_vec3_scale (valve->u_axis, 1.0 / qr_texproj_effective_scale (valve->scale[0]));
  axis[1] = qr_vec3_scale (valve->v_axis, 1.0 / qr_texproj_effective_scale (valve->scale[1]));

  /* A point of the plane is x·s + y·t + w·m with m·p's part fixed by the
   * plane (n·p = dist): w = (dist - x s·n - y t·n) / (m·n). Substituted
   * into axis·p, the texels become linear in (x, y) alone. */
  for (int i = 0; i < 2; i++)
    {
      double c = qr_vec3_dot (m, axis[i]) / qr_vec3_dot (m, plane.normal);

      prim.matrix[i][0] = (qr_vec3_dot (s, axis[i]) - qr_vec3_dot (s, plane.normal) * c) / size[i];
      prim.matrix[i][1] = (qr_vec3_dot (t, axis[i]) - qr_vec3_dot (t, plane.normal) * c) / size[i];
      prim.matrix[i][2] = (plane.dist * c + valve->shift[i]) / size[i];
    }
  *out = prim;
}

bool
qr_texalign_brushprim_to_valve (const QrTexAttr *prim, QrVec3 normal, int width, int height, QrTexAttr *out)
{
  QrVec3 s, t, axis[2];
  int size[2] = { width, height };
  QrTexAttr valve = { 0 };

  g_return_val_if_fail (prim != NULL && out != NULL && width > 0 && height > 0, false);

  qr_texproj_brushprim_axes (normal, &s, &t);
  for (int i = 0; i < 2; i++)
    {
      double len;

      /* texels = size · (m0 s·p + m1 t·p + m2) = (size (m0 s + m1 t))·p + size m2 */
      axis[i] = qr_vec3_scale (qr_vec3_add (qr_vec3_scale (s, prim->matrix[i][0]), qr_vec3_scale (t, prim->matrix[i][1])),
                               size[i]);
      len = qr_vec3_length (axis[i]);
      if (!(len > 0) || !isfinite (len))
        return false;
      valve.scale[i] = 1.0 / len;
      valve.shift[i] = size[i] * prim->matrix[i][2];
    }
  valve.u_axis = qr_vec3_scale (axis[0], valve.scale[0]);
  valve.v_axis = qr_vec3_scale (axis[1], valve.scale[1]);
  *out = valve;
  return true;
}
