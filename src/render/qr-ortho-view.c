#include "qr-ortho-view.h"

#include <glib.h>
#include <math.h>

static const QrOrthoAxes ortho_axes[] = {
  [QR_ORTHO_AXIS_TOP] = { .right = 0, .up = 1, .depth = 2, .screen_x_sign = 1.0, .screen_y_sign = -1.0, .look_sign = -1.0 },
  [QR_ORTHO_AXIS_FRONT] = { .right = 0, .up = 2, .depth = 1, .screen_x_sign = 1.0, .screen_y_sign = -1.0, .look_sign = 1.0 },
  [QR_ORTHO_AXIS_SIDE] = { .right = 1, .up = 2, .depth = 0, .screen_x_sign = 1.0, .screen_y_sign = -1.0, .look_sign = -1.0 },
};

/* 2^(r / 4) for r = 0..3, correctly rounded: a table rather than exp2 so
 * that every level's zoom is the same double on every libm. */
static const double zoom_mantissa[QR_ORTHO_ZOOM_STEPS_PER_OCTAVE] = {
  1.0,
  1.1892071150027210667,
  1.4142135623730950488,
  1.6817928305074290861,
};

#define QUANTA_PER_UNIT 4294967296.0

const QrOrthoAxes *
qr_ortho_axis_get_axes (QrOrthoAxis axis)
{
  g_return_val_if_fail (axis >= QR_ORTHO_AXIS_TOP && axis <= QR_ORTHO_AXIS_SIDE, &ortho_axes[0]);

  return &ortho_axes[axis];
}

static int
clamp_level (int level)
{
  return CLAMP (level, QR_ORTHO_ZOOM_LEVEL_MIN, QR_ORTHO_ZOOM_LEVEL_MAX);
}

double
qr_ortho_zoom_for_level (int level)
{
  int k = clamp_level (level);
  /* Floor division, so that r is 0..3 for negative levels too. */
  int octave = k >= 0 ? k / QR_ORTHO_ZOOM_STEPS_PER_OCTAVE
                      : -((-k + QR_ORTHO_ZOOM_STEPS_PER_OCTAVE - 1) / QR_ORTHO_ZOOM_STEPS_PER_OCTAVE);
  int r = k - octave * QR_ORTHO_ZOOM_STEPS_PER_OCTAVE;

  return ldexp (zoom_mantissa[r], octave);
}

/* Scaling by 2^32 and back is exact, and the values stay below 2^53 quanta,
 * so the only rounding is to the nearest lattice point. */
static double
to_lattice (double x)
{
  return round (x * QUANTA_PER_UNIT) / QUANTA_PER_UNIT;
}

static double
clamp_center (double c)
{
  return CLAMP (c, -QR_ORTHO_CENTER_LIMIT, QR_ORTHO_CENTER_LIMIT);
}

void
qr_ortho_view_init (QrOrthoView *view, QrOrthoAxis axis, int width, int height)
{
  g_return_if_fail (view != NULL);
  g_return_if_fail (axis >= QR_ORTHO_AXIS_TOP && axis <= QR_ORTHO_AXIS_SIDE);

  *view = (QrOrthoView) { .axis = axis };
  qr_ortho_view_set_size (view, width, height);
}

bool
qr_ortho_view_equal (const QrOrthoView *a, const QrOrthoView *b)
{
  return a->axis == b->axis && a->center_h == b->center_h && a->center_v == b->center_v
         && a->zoom_level == b->zoom_level && a->width == b->width && a->height == b->height;
}

void
qr_ortho_view_set_size (QrOrthoView *view, int width, int height)
{
  g_return_if_fail (view != NULL);

  view->width = CLAMP (width, 1, QR_ORTHO_VIEWPORT_MAX);
  view->height = CLAMP (height, 1, QR_ORTHO_VIEWPORT_MAX);
}

void
qr_ortho_view_set_zoom_level (QrOrthoView *view, int level)
{
  g_return_if_fail (view != NULL);

  view->zoom_level = clamp_level (level);
}

void
qr_ortho_view_set_center (QrOrthoView *view, QrVec3 world)
{
  const QrOrthoAxes *axes;

  g_return_if_fail (view != NULL);

  axes = qr_ortho_axis_get_axes (view->axis);
  view->center_h = to_lattice (clamp_center (qr_vec3_get (world, axes->right)));
  view->center_v = to_lattice (clamp_center (qr_vec3_get (world, axes->up)));
}

QrVec3
qr_ortho_view_get_center (const QrOrthoView *view, double depth)
{
  const QrOrthoAxes *axes = qr_ortho_axis_get_axes (view->axis);
  QrVec3 p = { 0.0, 0.0, 0.0 };

  qr_vec3_set (&p, axes->right, view->center_h);
  qr_vec3_set (&p, axes->up, view->center_v);
  qr_vec3_set (&p, axes->depth, depth);
  return p;
}

void
qr_ortho_view_world_to_screen (const QrOrthoView *view, QrVec3 world, double *sx, double *sy)
{
  const QrOrthoAxes *axes = qr_ortho_axis_get_axes (view->axis);
  double zoom = qr_ortho_view_get_zoom (view);

  *sx = view->width / 2.0 + axes->screen_x_sign * (qr_vec3_get (world, axes->right) - view->center_h) * zoom;
  *sy = view->height / 2.0 + axes->screen_y_sign * (qr_vec3_get (world, axes->up) - view->center_v) * zoom;
}

QrVec3
qr_ortho_view_screen_to_world (const QrOrthoView *view, double sx, double sy, double depth)
{
  const QrOrthoAxes *axes = qr_ortho_axis_get_axes (view->axis);
  double zoom = qr_ortho_view_get_zoom (view);
  QrVec3 p = { 0.0, 0.0, 0.0 };

  /* The signs are ±1: multiplying by one is dividing by it. */
  qr_vec3_set (&p, axes->right, view->center_h + axes->screen_x_sign * (sx - view->width / 2.0) / zoom);
  qr_vec3_set (&p, axes->up, view->center_v + axes->screen_y_sign * (sy - view->height / 2.0) / zoom);
  qr_vec3_set (&p, axes->depth, depth);
  return p;
}

void
qr_ortho_view_get_visible (const QrOrthoView *view,
                           double *min_h, double *max_h, double *min_v, double *max_v)
{
  double zoom = qr_ortho_view_get_zoom (view);
  double half_w = view->width / 2.0 / zoom;
  double half_h = view->height / 2.0 / zoom;

  *min_h = view->center_h - half_w;
  *max_h = view->center_h + half_w;
  *min_v = view->center_v - half_h;
  *max_v = view->center_v + half_h;
}

/* O(a, level): the world offset from the viewport centre to a cursor `a`
 * pixels from it, rounded to the lattice. A pure function of its inputs, so
 * the step out recomputes exactly the term the step in used. */
static double
cursor_offset (double a, int level)
{
  return to_lattice (a / qr_ortho_zoom_for_level (level));
}

bool
qr_ortho_view_zoom_at (QrOrthoView *view, double sx, double sy, int steps)
{
  const QrOrthoAxes *axes;
  int from, to;
  double ax, ay, p_h, p_v, c_h, c_v;

  g_return_val_if_fail (view != NULL, false);
  g_return_val_if_fail (isfinite (sx) && isfinite (sy), false);

  axes = qr_ortho_axis_get_axes (view->axis);
  from = view->zoom_level;
  /* Steps are wheel notches: far fewer than would overflow. */
  to = clamp_level (from + CLAMP (steps, -1024, 1024));
  if (to == from)
    return false;

  ax = CLAMP (sx, 0.0, (double) view->width) - view->width / 2.0;
  ay = CLAMP (sy, 0.0, (double) view->height) - view->height / 2.0;

  /* The report's construction: p is the world point under the cursor; the
   * new centre sits a / zoom' back from it, so p stays under the cursor. */
  p_h = view->center_h + axes->screen_x_sign * cursor_offset (ax, from);
  p_v = view->center_v + axes->screen_y_sign * cursor_offset (ay, from);
  c_h = p_h - axes->screen_x_sign * cursor_offset (ax, to);
  c_v = p_v - axes->screen_y_sign * cursor_offset (ay, to);

  if (fabs (c_h) > QR_ORTHO_CENTER_LIMIT || fabs (c_v) > QR_ORTHO_CENTER_LIMIT)
    return false;

  view->center_h = c_h;
  view->center_v = c_v;
  view->zoom_level = to;
  return true;
}

void
qr_ortho_view_pan (QrOrthoView *view, double dx, double dy)
{
  const QrOrthoAxes *axes;
  double zoom;

  g_return_if_fail (view != NULL);
  g_return_if_fail (isfinite (dx) && isfinite (dy));

  axes = qr_ortho_axis_get_axes (view->axis);
  zoom = qr_ortho_view_get_zoom (view);
  /* Clamping the delta first keeps the lattice arithmetic below 2^53 quanta;
   * round() is odd, so a pan and its reverse move by the same amount. */
  view->center_h = clamp_center (view->center_h
                                 - axes->screen_x_sign * to_lattice (clamp_center (dx / zoom)));
  view->center_v = clamp_center (view->center_v
                                 - axes->screen_y_sign * to_lattice (clamp_center (dy / zoom)));
}

bool
qr_ortho_view_fit (QrOrthoView *view, QrBounds box, double margin_px)
{
  const QrOrthoAxes *axes;
  double ext_h, ext_v, avail_w, avail_h;
  int level;

  g_return_val_if_fail (view != NULL, false);
  g_return_val_if_fail (margin_px >= 0.0, false);

  if (qr_bounds_is_empty (box))
    return false;

  axes = qr_ortho_axis_get_axes (view->axis);
  ext_h = qr_vec3_get (box.max, axes->right) - qr_vec3_get (box.min, axes->right);
  ext_v = qr_vec3_get (box.max, axes->up) - qr_vec3_get (box.min, axes->up);
  avail_w = view->width - 2.0 * margin_px;
  avail_h = view->height - 2.0 * margin_px;
  if (avail_w <= 0.0 || avail_h <= 0.0)
    return false;

  level = view->zoom_level;
  if (ext_h > 0.0 || ext_v > 0.0)
    {
      /* Comparing at each level, rather than taking a logarithm, keeps the
       * choice free of rounding at the boundaries. */
      for (level = QR_ORTHO_ZOOM_LEVEL_MAX; level > QR_ORTHO_ZOOM_LEVEL_MIN; level--)
        {
          double zoom = qr_ortho_zoom_for_level (level);

          if (ext_h * zoom <= avail_w && ext_v * zoom <= avail_h)
            break;
        }
    }

  view->zoom_level = level;
  view->center_h = to_lattice (clamp_center ((qr_vec3_get (box.min, axes->right)
                                              + qr_vec3_get (box.max, axes->right)) / 2.0));
  view->center_v = to_lattice (clamp_center ((qr_vec3_get (box.min, axes->up)
                                              + qr_vec3_get (box.max, axes->up)) / 2.0));
  return true;
}

void
qr_ortho_view_grid_lines (const QrOrthoView *view, QrOrthoScreenAxis screen_axis,
                          int grid_size, QrGridKind kind, double min_spacing_px,
                          QrGridLines *out)
{
  double min_h, max_h, min_v, max_v, lo, hi, first, last;

  g_return_if_fail (view != NULL && out != NULL);
  g_return_if_fail (grid_size >= QR_GRID_SIZE_MIN && grid_size <= QR_GRID_SIZE_MAX);
  g_return_if_fail (min_spacing_px > 0.0);

  *out = (QrGridLines) { 0 };
  switch (kind)
    {
    case QR_GRID_FINE:
      out->step = grid_size;
      break;
    case QR_GRID_COARSE:
      out->step = (double) grid_size * QR_GRID_COARSE_FACTOR;
      break;
    case QR_GRID_BOLD:
    default:
      out->step = QR_GRID_BOLD_STEP;
      break;
    }
  out->spacing_px = out->step * qr_ortho_view_get_zoom (view);
  out->hidden = out->spacing_px < min_spacing_px;
  if (out->hidden)
    return;

  qr_ortho_view_get_visible (view, &min_h, &max_h, &min_v, &max_v);
  lo = screen_axis == QR_ORTHO_SCREEN_X ? min_h : min_v;
  hi = screen_axis == QR_ORTHO_SCREEN_X ? max_h : max_v;
  first = ceil (lo / out->step);
  last = floor (hi / out->step);
  out->first_index = (int64_t) first;
  out->first = first * out->step;
  /* Not hidden means at least min_spacing_px apart, so this fits an int. */
  out->count = last >= first ? (int) (last - first) + 1 : 0;
}

double
qr_grid_snap (double value, double grid)
{
  g_return_val_if_fail (grid > 0.0, value);

  return round (value / grid) * grid;
}

QrVec3
qr_ortho_view_snap (const QrOrthoView *view, QrVec3 world, int grid_size)
{
  const QrOrthoAxes *axes;

  g_return_val_if_fail (view != NULL, world);
  g_return_val_if_fail (grid_size >= QR_GRID_SIZE_MIN && grid_size <= QR_GRID_SIZE_MAX, world);

  axes = qr_ortho_axis_get_axes (view->axis);
  qr_vec3_set (&world, axes->right, qr_grid_snap (qr_vec3_get (world, axes->right), grid_size));
  qr_vec3_set (&world, axes->up, qr_grid_snap (qr_vec3_get (world, axes->up), grid_size));
  return world;
}
