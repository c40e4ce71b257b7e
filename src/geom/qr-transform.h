/* qr-transform.h — affine transforms of brush geometry in double precision:
 * move, rotate, scale, shear, flip; and what they do to a face's plane
 * points and, with texture lock, to its texture attributes. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-texproj.h"
#include "qr-vec3.h"

/* x' = m · x + t, m row-major: x'.x = m[0][0] x + m[0][1] y + m[0][2] z + t.x */
typedef struct
{
  double m[3][3];
  QrVec3 t;
} QrTransform;

QrTransform qr_transform_identity (void);
QrTransform qr_transform_translate (QrVec3 delta);
/* Rotation by `degrees` about `axis` (0 x, 1 y, 2 z), counter-clockwise
 * looking down the axis towards the origin (right-handed), about `centre`.
 * Multiples of 90° give exact 0/±1 matrices, so integer points stay integer
 * when the centre's two coordinates in the rotation plane are both whole or
 * both halves (qr_op_rotate makes sure of that). */
QrTransform qr_transform_rotate (int axis, double degrees, QrVec3 centre);
/* Scales about `fixed` (the point that stays put); negative factors mirror. */
QrTransform qr_transform_scale (QrVec3 factors, QrVec3 fixed);
/* Maps box a onto box b (min/max corners; either may be inverted to mirror). */
QrTransform qr_transform_box_to_box (QrBounds from, QrBounds to);
/* Shear: coordinate `axis` moves by `amount` per unit of coordinate
 * `along` measured from `origin` (x'.axis = x.axis + amount * (x.along - origin.along)). */
QrTransform qr_transform_shear (int axis, int along, double amount, QrVec3 origin);
/* Mirror across the plane through `centre` perpendicular to `axis`. */
QrTransform qr_transform_flip (int axis, QrVec3 centre);
/* a after b: (a ∘ b)(x) = a (b (x)). */
QrTransform qr_transform_multiply (const QrTransform *a, const QrTransform *b);

QrVec3 qr_transform_point (const QrTransform *tr, QrVec3 p);
QrVec3 qr_transform_vector (const QrTransform *tr, QrVec3 v);
double qr_transform_determinant (const QrTransform *tr);
/* False when the matrix is singular (determinant within 1e-12 of 0). */
bool qr_transform_invert (const QrTransform *tr, QrTransform *out);

/* A coordinate the editor computes is snapped to the nearest integer when
 * within QR_EPS_SNAP of it (the compilers' convention); others stay as is. */
double qr_snap (double v);
QrVec3 qr_vec3_snap (QrVec3 v);

/* Transforms a face's three plane points in place (snapped with qr_snap).
 * A mirroring transform (determinant < 0) would turn the plane inside out,
 * so the order of the points is reversed (p0 <-> p2) to keep the normal
 * pointing out of the transformed brush. */
void qr_transform_face_points (const QrTransform *tr, QrVec3 points[3]);

/* Texture lock: new attributes under which every transformed point of the
 * face gets the texel its original point had. `normal` is the face normal
 * before the transform, `new_normal` after it.
 * Valve form: exact (axes mapped by the inverse transpose, renormalised into
 * the scales, offsets corrected for the translation).
 * Standard form: exact when the result is representable in the standard
 * form (translations always are; rotations about the face normal's axis,
 * axial scales and flips usually are); otherwise the closest standard
 * attributes are returned and the function returns false, so that callers
 * can say the lock was approximate. Always returns true for Valve. */
bool qr_transform_texture (const QrTransform *tr, QrTexForm form, const QrTexAttr *tex,
                           QrVec3 normal, QrVec3 new_normal, QrTexAttr *out);

/* Texture lock for brush primitives: the matrix under which every point of
 * the transformed face (the plane new_normal · x = new_dist) gets the
 * coordinates its original point had, found as Q3Radiant does
 * (FaceToBrushPrimitFace): from three points of the new plane, its origin
 * projection and one step along each of its basis vectors. False, with out
 * untouched, for a flattening transform. */
bool qr_transform_brushprim (const QrTransform *tr, const QrTexAttr *tex, QrVec3 normal,
                             QrVec3 new_normal, double new_dist, QrTexAttr *out);
