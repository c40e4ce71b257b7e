/* qr-texproj.h — texture attributes of a face and their projection to UVs.
 *
 * Two forms exist in the files:
 *  - standard (Quake): shift, rotation and scale applied to the axial
 *    projection chosen from the face normal (the compilers' base-axis table);
 *  - Valve 220 / VMF: explicit U and V axes with an offset and a scale each;
 *    the rotation is carried along for editing but the axes already include it.
 * Valve 220 is the canonical form: every standard face has an exact Valve
 * equivalent; the reverse holds only when the axes are a rotated, scaled
 * axial projection of the face.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-plane.h"
#include "qr-vec3.h"

typedef enum
{
  QR_TEX_STANDARD = 0,
  QR_TEX_VALVE = 1,
} QrTexForm;

typedef struct
{
  QrVec3 u_axis, v_axis; /* Valve form only; ignored for standard */
  double shift[2];       /* standard shift, or Valve offset, in texels */
  double rotation;       /* degrees */
  double scale[2];       /* world units per texel; 0 means 1, as the compilers read it */
} QrTexAttr;

typedef struct
{
  double u, v;
} QrUV;

#define QR_TEXPROJ_ERROR (qr_texproj_error_quark ())
GQuark qr_texproj_error_quark (void);

typedef enum
{
  QR_TEXPROJ_ERROR_NOT_REPRESENTABLE,
  QR_TEXPROJ_ERROR_DEGENERATE,
} QrTexprojError;

/* A texture scale as the compilers read it: 0 means 1. */
static inline double
qr_texproj_effective_scale (double scale)
{
  return scale == 0.0 ? 1.0 : scale;
}

/* A value meant to be integral (a rotation, an offset, a scale) that
 * rounding has nudged: the integer within QR_EPS_TEX_SNAP, never -0. */
double qr_texproj_snap (double x);

/* The compilers' base axes for a face normal: the projection plane whose
 * normal is closest (first wins ties), giving its S and T vectors. */
void qr_texproj_base_axes (QrVec3 normal, QrVec3 *s, QrVec3 *t);

/* Texel coordinates of a point (before dividing by the texture size). */
void qr_texproj_texels (QrTexForm form, const QrTexAttr *tex, QrVec3 normal,
                        const QrVec3 *points, int n_points, QrUV *out);

/* Normalized UVs (texels / texture size) for n points of a face. */
void qr_texproj_uvs (QrTexForm form, const QrTexAttr *tex, QrVec3 normal,
                     int tex_width, int tex_height,
                     const QrVec3 *points, int n_points, QrUV *out);

/* Exact: the Valve attributes project every point to the same UV. */
void qr_texproj_standard_to_valve (const QrTexAttr *std_attr, QrVec3 normal, QrTexAttr *valve_out);

/* Fails with QR_TEXPROJ_ERROR_NOT_REPRESENTABLE when the Valve axes are not a
 * rotated, scaled axial projection of the face (skewed or off-plane axes). */
bool qr_texproj_valve_to_standard (const QrTexAttr *valve_attr, QrVec3 normal,
                                   QrTexAttr *std_out, GError **error);
