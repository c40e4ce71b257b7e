/* qr-texproj.h — texture attributes of a face and their projection to UVs.
 *
 * Three forms exist in the files:
 *  - standard (Quake): shift, rotation and scale applied to the axial
 *    projection chosen from the face normal (the compilers' base-axis table);
 *  - Valve 220 / VMF: explicit U and V axes with an offset and a scale each;
 *    the rotation is carried along for editing but the axes already include it;
 *  - Quake 3 brush primitives (brushDef): a 2×3 matrix over a basis of the
 *    face's plane that depends on its normal only, in units of the texture's
 *    size (1 = once across), so they need no texture to be computed.
 * Valve 220 is the canonical form: every standard face has an exact Valve
 * equivalent; the reverse holds only when the axes are a rotated, scaled
 * axial projection of the face. Brush primitives convert to neither without
 * the texture's size.
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
  QR_TEX_BRUSHPRIM = 2,
} QrTexForm;

typedef struct
{
  union
  {
    struct
    {
      QrVec3 u_axis, v_axis; /* Valve form; ignored for standard */
    };
    /* Brush primitives: the file's ( ( xx xy xz ) ( yx yy yz ) ), so that
     * s = xx·x + xy·y + xz and t = yx·x + yy·y + yz for the point's
     * coordinates (x, y) in qr_texproj_brushprim_axes. The other fields
     * are unused. */
    double matrix[2][3];
  };
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

/* An angle in degrees brought into [0, 360), snapped as qr_texproj_snap
 * snaps (so that 359.9999999 becomes 0, not 360). */
double qr_texproj_snap_degrees (double degrees);

/* How a standard face's base axis is picked. The compilers keep the first
 * of the six axes with the largest dot product, but disagree on near ties. */
typedef enum
{
  /* id's qbsp (Quake), qbsp3 and q2map (Quake 2), hlcsg, ericw-tools: a
   * later axis must beat the best so far (TextureAxisFromPlane). */
  QR_TEX_AXES_QBSP = 0,
  /* q3map2 (Quake 3): a later axis must beat it by more than 0.0001
   * (its "bug 637 fix"), so near ties go to the earlier axis. */
  QR_TEX_AXES_Q3MAP2 = 1,
} QrTexAxisRule;

/* The compilers' base axes for a face normal: the projection plane whose
 * normal is closest (first wins ties), giving its S and T vectors. */
void qr_texproj_base_axes (QrVec3 normal, QrVec3 *s, QrVec3 *t);
void qr_texproj_base_axes_rule (QrTexAxisRule rule, QrVec3 normal, QrVec3 *s, QrVec3 *t);

/* The basis of a face's plane that brush primitives map through, as
 * Q3Radiant and q3map2 compute it (ComputeAxisBase): normal components
 * below 1e-6 count as 0, then s and t are the images of +Y and +Z under
 * the rotation that takes +X to the normal. */
void qr_texproj_brushprim_axes (QrVec3 normal, QrVec3 *s, QrVec3 *t);

/* Texture coordinates of n points of a face as its game's compiler makes
 * them: texels (before dividing by the texture size) for the standard and
 * Valve forms, texture-normalised units for brush primitives. */
void qr_texproj_coords (QrTexForm form, QrTexAxisRule rule, const QrTexAttr *tex, QrVec3 normal,
                        const QrVec3 *points, int n_points, QrUV *out);

/* qr_texproj_coords with qbsp's rule. */
void qr_texproj_texels (QrTexForm form, const QrTexAttr *tex, QrVec3 normal,
                        const QrVec3 *points, int n_points, QrUV *out);

/* Normalized UVs (texels / texture size) for n points of a face, with the
 * game's axis rule; brush primitives are normalised already and ignore the size. */
void qr_texproj_uvs (QrTexForm form, QrTexAxisRule rule, const QrTexAttr *tex, QrVec3 normal,
                     int tex_width, int tex_height,
                     const QrVec3 *points, int n_points, QrUV *out);

/* Exact: the Valve attributes project every point to the same UV. */
void qr_texproj_standard_to_valve (const QrTexAttr *std_attr, QrVec3 normal, QrTexAttr *valve_out);

/* Fails with QR_TEXPROJ_ERROR_NOT_REPRESENTABLE when the Valve axes are not a
 * rotated, scaled axial projection of the face (skewed or off-plane axes). */
bool qr_texproj_valve_to_standard (const QrTexAttr *valve_attr, QrVec3 normal,
                                   QrTexAttr *std_out, GError **error);
