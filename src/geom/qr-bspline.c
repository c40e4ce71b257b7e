/* qr-bspline.c — interpolating cubic B-splines. STUB: landscape-core fills it. */
#include "qr-bspline.h"
#include <glib.h>

void
qr_bspline_fit (const double *y, int m, double *d)
{
  (void) y;
  (void) m;
  (void) d;
}

double
qr_bspline_eval (const double *d, int m, double t)
{
  (void) d;
  (void) m;
  (void) t;
  return 0;
}

double
qr_bspline_eval_d1 (const double *d, int m, double t)
{
  (void) d;
  (void) m;
  (void) t;
  return 0;
}

double
qr_bspline_eval_d2 (const double *d, int m, double t)
{
  (void) d;
  (void) m;
  (void) t;
  return 0;
}

QrBsplineSurface *
qr_bspline_surface_new (const double *heights, int rows, int cols)
{
  (void) heights;
  (void) rows;
  (void) cols;
  return NULL;
}

void
qr_bspline_surface_free (QrBsplineSurface *s)
{
  (void) s;
}

double
qr_bspline_surface_eval (const QrBsplineSurface *s, double u, double v)
{
  (void) s;
  (void) u;
  (void) v;
  return 0;
}

void
qr_bspline_surface_sample (const QrBsplineSurface *s, int h, int w, double *out)
{
  (void) s;
  for (int i = 0; i < h * w; i++)
    out[i] = 0;
}
