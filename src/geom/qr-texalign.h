/* qr-texalign.h — a face's texture space, for justifying, fitting and
 * aligning textures: the extent of a polygon on its texture axes, the
 * change of texel coordinates that justifies or fits it, and that change
 * written back into the attributes of each form.
 *
 * Everything is in texels (brush primitives are scaled by the texture's
 * size on the way in and out), so faces of different forms justified "as
 * one" share one extent. A change of texels is affine per axis
 * (u' = a·u + b): every form represents it exactly, since it only scales
 * the projection and moves its origin. */
#pragma once

#include <stdbool.h>
#include "qr-plane.h"
#include "qr-texproj.h"

typedef struct
{
  double min[2], max[2]; /* texels on U and V; min > max when empty */
} QrTexExtent;

/* u' = scale[0]·u + offset[0], v' = scale[1]·v + offset[1] (texels). */
typedef struct
{
  double scale[2];
  double offset[2];
} QrTexelMap;

void qr_tex_extent_init (QrTexExtent *ext);
bool qr_tex_extent_is_empty (const QrTexExtent *ext);
void qr_tex_extent_add (QrTexExtent *ext, const QrTexExtent *other);

/* Adds the texels of the points (a face polygon) to ext, projected as the
 * game's compiler does (qr_texproj_coords); brush primitives' normalised
 * coordinates are multiplied by width and height. */
void qr_texalign_add_points (QrTexExtent *ext, QrTexForm form, QrTexAxisRule rule, const QrTexAttr *tex,
                             QrVec3 normal, int width, int height, const QrVec3 *points, int n_points);

/* The identity change. */
QrTexelMap qr_texel_map_identity (void);

/* Moves texels so that the point at fraction f of the extent lands at the
 * same fraction of the texture on each axis whose `move` is set: f = 0 puts
 * the extent's start (left, top) at the texture's, 1 its end (right,
 * bottom) at the texture's end, 0.5 centres it. */
QrTexelMap qr_texalign_justify (const QrTexExtent *ext, int width, int height, const double fraction[2],
                                const bool move[2]);

/* Scales and moves texels so that the extent spans exactly repeat[i]
 * copies of the texture from 0 (a positive repeat on each axis whose `fit`
 * is set). Fails when an extent to fit has no length (a texture axis along
 * the face normal). */
bool qr_texalign_fit (const QrTexExtent *ext, int width, int height, const double repeat[2], const bool fit[2],
                      QrTexelMap *out);

/* Changes the attributes so that every point's texels change by `map`:
 * standard and Valve scales divide by map->scale and shifts follow; a
 * brush-primitive matrix row scales and its translation moves by
 * offset / size. */
void qr_texalign_apply (QrTexForm form, QrTexAttr *tex, int width, int height, const QrTexelMap *map);

/* The texture axes of "align to world": the compilers' axial projection
 * for the normal (qr_texproj_base_axes_rule). */
void qr_texalign_world_axes (QrTexAxisRule rule, QrVec3 normal, QrVec3 *u, QrVec3 *v);
/* The axes of "align to face": the world axes turned into the face's plane
 * (Gram–Schmidt: U is the world U without its normal part, V the world V
 * without its normal and U parts), so an axial face keeps its world
 * alignment and a slope is textured without stretching. False for a
 * zero normal. */
bool qr_texalign_face_axes (QrTexAxisRule rule, QrVec3 normal, QrVec3 *u, QrVec3 *v);

/* Brush-primitive attributes that give every point of the plane the same
 * texels as the Valve attributes with a width × height texture. The
 * brush-primitive basis is ComputeAxisBase's, whose normal may differ from
 * the plane's by its snapped components: the plane's own equation removes
 * the difference, so the texels agree on the plane exactly (up to rounding). */
void qr_texalign_valve_to_brushprim (const QrTexAttr *valve, QrPlane plane, int width, int height,
                                     QrTexAttr *out);
/* The Valve attributes (rotation 0) that give every point the texels of
 * the brush primitives with a width × height texture. False when a matrix
 * row is zero (no axis to give). */
bool qr_texalign_brushprim_to_valve (const QrTexAttr *prim, QrVec3 normal, int width, int height,
                                     QrTexAttr *out);
