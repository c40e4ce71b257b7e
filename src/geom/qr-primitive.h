/* qr-primitive.h — brush primitives from a bounding box, as Hammer and
 * TrenchBroom offer them: block, wedge, cylinder, cone (spike), sphere and
 * arch. The result is one or more convex brushes, each as its faces' three
 * plane points (compilers' convention: normal = (p0 - p1) x (p2 - p1) points
 * out of the brush). */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-vec3.h"

/* Angles run counter-clockwise seen from +axis, starting at +u, where u is
 * the first axis after `axis` (axis z: from +x towards +y; axis x: from +y
 * towards +z; axis y: from +z towards +x). Round shapes are inscribed in the
 * ellipse (sphere: ellipsoid) that fits the box. */
typedef enum
{
  QR_PRIMITIVE_BLOCK,    /* the box: 6 axial faces through its corners */
  QR_PRIMITIVE_WEDGE,    /* the box cut diagonally, 5 faces: the bottom (min z), the end wall at
                          * max x, the two sides at min/max y, and the slope rising along +x
                          * from the bottom edge at min x to the top edge at max x; `axis` is
                          * not used */
  QR_PRIMITIVE_CYLINDER, /* a `sides`-gon prism along `axis`: vertex i at i / sides of a turn,
                          * so vertex 0 touches the box at max u, and 4 sides give the diamond
                          * through the middles of the box's sides; 2 × sides vertices, sides + 2
                          * faces */
  QR_PRIMITIVE_CONE,     /* the cylinder's `sides`-gon at min `axis`, apex at the centre of the
                          * max side; sides + 1 vertices and faces */
  QR_PRIMITIVE_SPHERE,   /* UV sphere with its poles on `axis`: `stacks` latitude bands of
                          * `sides` slices, triangle fans at the poles, planar quads between;
                          * stacks × sides faces, (stacks - 1) × sides + 2 vertices, one brush */
  QR_PRIMITIVE_ARCH,     /* `sides` brushes, each a 4-sided prism along `axis`, following the arc
                          * counter-clockwise from `start_degrees`: outer corners on the box's
                          * ellipse, inner ones on the ellipse with both semi-axes reduced by
                          * `wall_width`. Segment i spans the box along the axis raised by
                          * i × add_height, so with add_height != 0 the arch reaches beyond the
                          * box along the axis by (sides - 1) × add_height */
} QrPrimitiveShape;

typedef struct
{
  QrPrimitiveShape shape;
  QrBounds box;          /* min/max of the shape's bounding box */
  int axis;              /* 0 x, 1 y, 2 z: the cylinder/cone/sphere/arch axis; default 2 */
  int sides;             /* 3..64 (cylinder, cone, sphere slices, arch segments) */
  int stacks;            /* sphere: 2..32 */
  double arc_degrees;    /* arch: more than 0, at most 360 */
  double start_degrees;  /* arch: where the arc starts, counter-clockwise from +u (see above) */
  double wall_width;     /* arch: radial thickness, > 0 and below the smaller semi-axis */
  double add_height;     /* arch: each segment raised by this much more than the previous (a spiral) */
} QrPrimitiveSpec;

#define QR_PRIMITIVE_ERROR (qr_primitive_error_quark ())
GQuark qr_primitive_error_quark (void);

typedef enum
{
  QR_PRIMITIVE_ERROR_INVALID, /* a parameter is out of range, or the box too small for it */
} QrPrimitiveError;

/* Sensible defaults: axis z, 8 sides, 8 stacks, a 180° arch starting at 0°
 * with a wall of a quarter of the radius. */
void qr_primitive_spec_init (QrPrimitiveSpec *spec, QrPrimitiveShape shape, QrBounds box);

/* Returns an array of brushes, each a GArray of QrVec3 with 3 points per
 * face (free with g_ptr_array_unref), or NULL with a QR_PRIMITIVE_ERROR_INVALID
 * error. Every brush is convex, closed, has the face and vertex counts above
 * and lies within the box (an arch with added height: see above). The three
 * points of a face are corners of its polygon, spread wide for a well
 * conditioned plane.
 *
 * Points land on the integer grid where the shape allows: block and wedge
 * points are the box's coordinates. When the box is integral and at least 8
 * units across in the round shape's cross-section (for the sphere: along all
 * three axes), the rim vertices, apex and poles are rounded to the nearest
 * integer across the axis (the sphere's ring heights too; an arch's raised
 * heights are not). That is kept only when every brush still checks out with
 * the same faces and vertices (the sphere's rounded band quads are no longer
 * planar: their faces are planes through three rounded corners, and only the
 * face count and the bounds must survive); otherwise the exact coordinates
 * are kept, those within 0.001 of an integer snapped to it. */
GPtrArray *qr_primitive_build (const QrPrimitiveSpec *spec, GError **error);
