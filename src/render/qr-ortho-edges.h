/* qr-ortho-edges.h — the lines a design canvas draws for what is not
 * selected, without those a later line paints over.
 *
 * The mesh lists a design canvas's edges brush by brush, already without
 * repeats inside a brush; but brushes touch and stack, and their edges
 * project onto the same segments or onto parts of longer ones. A software
 * rasteriser pays a fixed price for every line, so the views draw this list
 * instead of the mesh's stream: on NewDeralia 52,800 lines instead of 94,700.
 *
 * A line is left out when a later line lights every pixel it lights: there
 * is no depth test in a design canvas, so the later one paints them all
 * again and the picture is the same to the pixel. Two cases are sure:
 *  - the same line again: ends in the canvas's plane, in the same order,
 *    colour and flags (the last of them is kept, in its place);
 *  - an axis-aligned line that a later one on the same line of the plane,
 *    drawn the same way round, spans whole.
 * The order matters: GL's diamond-exit rule lights a line's first pixel and
 * not its last, so a→b and b→a differ at their ends (32 pixels of
 * NewDeralia's screen when they were merged). Selected and unused lines are
 * left out: the static pass hides them. No GL here. */
#pragma once

#include <glib.h>
#include "qr-scene-mesh.h"

/* Replaces the contents of `out` (uint32_t, pairs of indices into the edge
 * vertex stream) with the unselected lines of design canvas `axis` (0 top,
 * 1 front, 2 side) that no later line paints over, in the mesh's order. */
void qr_ortho_edges_collect (const QrSceneMesh *mesh, int axis, GArray *out);

/* The same, leaving out also the lines with an end flagged in `hide`
 * (QrSceneFlags: QR_SCENE_DISP_INNER, when a canvas shows displacements'
 * borders only). */
void qr_ortho_edges_collect_hiding (const QrSceneMesh *mesh, int axis, guint hide, GArray *out);
