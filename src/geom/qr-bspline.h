/* qr-bspline.h — interpolating uniform cubic B-splines, for landscapes
 * (shared reference 001, §3.6: Cox–de Boor basis with integer knots; m
 * points y0…y(m−1) at t = 0…m−1 and m + 2 weights d(−3)…d(m−2)).
 *
 * The report leaves its two end conditions open; we take the natural ones
 * (second derivative 0 at both ends). They reproduce straight lines, so a
 * landscape's x and y stay evenly spaced along its splines, and sampling at
 * even parameters is sampling at even x and y: no spline-plane
 * intersections are needed. The system is tridiagonal after eliminating the
 * end rows and is solved in O(m). */
#pragma once

#include <glib.h>
#include <stdbool.h>

/* Weights of the spline through y[0..m−1] (m >= 2) into d[0..m+1]
 * (d[k] is the report's d(k−3)). */
void qr_bspline_fit (const double *y, int m, double *d);

/* C(t), t in [0, m − 1] (clamped), of the spline with weights d. */
double qr_bspline_eval (const double *d, int m, double t);
/* C'(t) and C''(t): for the C² tests and the landscape's normals. */
double qr_bspline_eval_d1 (const double *d, int m, double t);
double qr_bspline_eval_d2 (const double *d, int m, double t);

/* A tensor-product surface through a rows × cols grid of heights
 * (row-major: h[r·cols + c]): the report's x splines along each row, then
 * y splines through them. */
typedef struct _QrBsplineSurface QrBsplineSurface;

QrBsplineSurface *qr_bspline_surface_new (const double *heights, int rows, int cols);
void qr_bspline_surface_free (QrBsplineSurface *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrBsplineSurface, qr_bspline_surface_free)
/* The height at parameters (u along a row: 0…cols−1, v across rows: 0…rows−1). */
double qr_bspline_surface_eval (const QrBsplineSurface *s, double u, double v);
/* The h × w samples at even parameters, row-major, into out (h, w >= 2):
 * each the same double qr_bspline_surface_eval gives at its parameters
 * (sample k of n is at k·(m − 1)/(n − 1), the last at m − 1). */
void qr_bspline_surface_sample (const QrBsplineSurface *s, int h, int w, double *out);
