/* qr-landscape-ops.h — landscapes (issue 16): the operations behind the
 * Landscape tool and `quarry-cli edit`'s landscape steps; each one undo
 * step (a drag of control points merges through its stroke number). A
 * landscape is named by its entity's id. */
#pragma once

#include "qr-document.h"
#include "qr-landscape.h"

/* Adds a flat landscape entity of cols × rows control points over the
 * rectangle from `min` (its z the base height) of size sx × sy; selected,
 * its id in *made (may be NULL). "Create Landscape". */
gboolean qr_op_landscape_create (QrDocument *doc, QrVec3 min, double sx, double sy, int cols, int rows,
                                 const char *texture, QrId *made, GError **error);

/* Moves control point (r, c) by dz, and its neighbours within `falloff`
 * world units (in XY) by dz × a smooth falloff (1 at the point, 0 at the
 * radius); falloff 0 moves the point alone. Dabs with the same non-zero
 * stroke (qr_command_new_stroke) merge into one step. "Shape
 * Landscape". */
gboolean qr_op_landscape_move_point (QrDocument *doc, QrId entity, int r, int c, double dz, double falloff,
                                     guint stroke, GError **error);
/* Replaces the whole control grid (same size): heights rows × cols. */
gboolean qr_op_landscape_set_heights (QrDocument *doc, QrId entity, const double *heights, guint n,
                                      GError **error);
/* Finer (+1) or coarser (−1) control grid, qr_landscape_refine/coarsen. */
gboolean qr_op_landscape_regrid (QrDocument *doc, QrId entity, int direction, GError **error);
/* Samples drawn per cell, 1–16. */
gboolean qr_op_landscape_set_resolution (QrDocument *doc, QrId entity, int resolution, GError **error);

/* Replaces the landscape by power-3 displacement brushes tiling its
 * rectangle in an even grid: each tile covers a whole number of control
 * cells along X and along Y, at most 1024 units, and no more cells than
 * lets its 8 steps sample a cell at least `resolution` times (a cell wider
 * than 1024 units is cut into equal tiles instead). Each tile is a box
 * from 16 units below the whole number under the lowest sample up to that
 * number, whose top side carries the surface sampled at its 9 × 9
 * vertices: neighbouring tiles share their edge vertices exactly. VMF maps
 * only (a .map has no displacements: the error says to save as .vmf
 * first), and at most 16384 tiles. The brushes go to the world and
 * become the selection. "Landscape to Displacements". */
gboolean qr_op_landscape_to_displacements (QrDocument *doc, QrId entity, GError **error);
/* Replaces the landscape by convex terrain brushes: for every cell of an
 * even grid over the rectangle (each side cut into ⌈size / step⌉ equal
 * cells), two triangular prisms whose top faces lie on the surface sampled
 * at the cell's corners, reaching down to the whole number `step` or more
 * below the lowest sample; the tops textured with the landscape's texture,
 * the other faces too in a .map, tools/toolsnodraw in a VMF. At most
 * 16384 cells. "Landscape to Brushes". */
gboolean qr_op_landscape_to_brushes (QrDocument *doc, QrId entity, double step, GError **error);
