#include "qr-angle.h"

#include <glib.h>
#include <math.h>

void
qr_sin_cos_degrees (double degrees, double *sinv, double *cosv)
{
  /* Reducing first makes -90 and 450 exact too. */
  double r = fmod (degrees, 360.0);

  if (r < 0.0)
    r += 360.0;

  if (r == 0.0 || r == 360.0)
    *sinv = 0.0, *cosv = 1.0;
  else if (r == 90.0)
    *sinv = 1.0, *cosv = 0.0;
  else if (r == 180.0)
    *sinv = 0.0, *cosv = -1.0;
  else if (r == 270.0)
    *sinv = -1.0, *cosv = 0.0;
  else
    {
      double rad = r * (G_PI / 180.0);

      *sinv = sin (rad);
      *cosv = cos (rad);
    }
}
