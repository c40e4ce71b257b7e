/* qr-angle.h — sine and cosine of an angle in degrees, exact at quarter
 * turns: sin (M_PI) is 1.2e-16, not 0, which would move integer points off
 * the grid and leak a sliver of one texture axis into the other. Brush
 * rotations and standard texture rotations share it, so that a rotated
 * brush and its rotated texture agree. */
#pragma once

void qr_sin_cos_degrees (double degrees, double *sinv, double *cosv);
