/* qr-ortho-edges.h — the lines a design canvas draws for what is not
 * selected, each distinct line once.
 *
 * The mesh lists a design canvas's edges brush by brush, already without
 * repeats inside a brush; but brushes touch and stack, and their edges
 * project onto the same segments: on NewDeralia the three canvases' 94,700
 * lines are 67,000 distinct ones. A software rasteriser pays a fixed price
 * for every line, so the views draw this list instead of the mesh's stream.
 *
 * Two lines are the same when their projected ends, in the same order, their
 * colour and their flags are equal. The order matters: GL's diamond-exit
 * rule lights a line's first pixel and not its last, so a→b and b→a differ
 * at their ends (32 pixels of NewDeralia's screen when they were merged).
 * Only the last of each line is kept, in its place: a line drawn later
 * covers what an earlier one drew (there is no depth test in a design
 * canvas), so the last one decides the colour of every pixel the line
 * lights, and the picture is the same to the pixel. Selected and unused
 * lines are left out: the static pass hides them. No GL here. */
#pragma once

#include <glib.h>
#include "qr-scene-mesh.h"

/* Replaces the contents of `out` (uint32_t, pairs of indices into the edge
 * vertex stream) with the distinct unselected lines of design canvas `axis`
 * (0 top, 1 front, 2 side), in the mesh's order. */
void qr_ortho_edges_collect (const QrSceneMesh *mesh, int axis, GArray *out);
