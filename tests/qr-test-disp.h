/* qr-test-disp.h — VMF text of displaced floors, for the tests of drawing,
 * editing and saving displacements (issue 16). */
#pragma once

#include <glib.h>
#include "qr-vec3.h"

/* A .vmf world of one floor brush, x0..x0+size × y0..y0+size × -16..0,
 * whose top side (material `material`) holds a displacement of `power`
 * starting at (x0, y0, 0): normals and offset normals straight up,
 * distances[r·side + c] (NULL: all 0), offsets (NULL: all 0), alphas
 * (NULL: all 0). The other five sides are tools/toolsnodraw. */
char *qr_test_disp_floor_vmf (int power, double x0, double y0, double size, const char *material,
                              const double *distances, const QrVec3 *offsets, const double *alphas);
