/* qr-vec3.h — double-precision 3-vectors for the geometry core.
 *
 * Small static inline functions rather than macros: they type-check,
 * evaluate their arguments once and inline just as well.
 */
#pragma once

#include <math.h>
#include <stdbool.h>

typedef struct
{
  double x, y, z;
} QrVec3;

static inline QrVec3
qr_vec3 (double x, double y, double z)
{
  return (QrVec3) { x, y, z };
}

static inline QrVec3
qr_vec3_add (QrVec3 a, QrVec3 b)
{
  return (QrVec3) { a.x + b.x, a.y + b.y, a.z + b.z };
}

static inline QrVec3
qr_vec3_sub (QrVec3 a, QrVec3 b)
{
  return (QrVec3) { a.x - b.x, a.y - b.y, a.z - b.z };
}

static inline QrVec3
qr_vec3_scale (QrVec3 a, double s)
{
  return (QrVec3) { a.x * s, a.y * s, a.z * s };
}

/* a + b * s */
static inline QrVec3
qr_vec3_mad (QrVec3 a, QrVec3 b, double s)
{
  return (QrVec3) { a.x + b.x * s, a.y + b.y * s, a.z + b.z * s };
}

static inline QrVec3
qr_vec3_neg (QrVec3 a)
{
  return (QrVec3) { -a.x, -a.y, -a.z };
}

static inline double
qr_vec3_dot (QrVec3 a, QrVec3 b)
{
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

static inline QrVec3
qr_vec3_cross (QrVec3 a, QrVec3 b)
{
  return (QrVec3) {
    a.y * b.z - a.z * b.y,
    a.z * b.x - a.x * b.z,
    a.x * b.y - a.y * b.x,
  };
}

static inline double
qr_vec3_length (QrVec3 a)
{
  return sqrt (qr_vec3_dot (a, a));
}

/* The unit vector along a; a itself when it has no length. */
static inline QrVec3
qr_vec3_normalize (QrVec3 a)
{
  double len = qr_vec3_length (a);
  return len > 0 ? qr_vec3_scale (a, 1.0 / len) : a;
}

static inline double
qr_vec3_dist (QrVec3 a, QrVec3 b)
{
  return qr_vec3_length (qr_vec3_sub (a, b));
}

static inline double
qr_vec3_get (QrVec3 a, int axis)
{
  return axis == 0 ? a.x : axis == 1 ? a.y : a.z;
}

static inline void
qr_vec3_set (QrVec3 *a, int axis, double v)
{
  if (axis == 0)
    a->x = v;
  else if (axis == 1)
    a->y = v;
  else
    a->z = v;
}

/* Plain comparisons: fmin/fmax are library calls at -O2 (NaN rules), and
 * these sit on the geometry hot path where no NaN can occur. */
static inline double
qr_min (double a, double b)
{
  return a < b ? a : b;
}

static inline double
qr_max (double a, double b)
{
  return a > b ? a : b;
}

static inline double
qr_vec3_max_abs (QrVec3 a)
{
  return qr_max (fabs (a.x), qr_max (fabs (a.y), fabs (a.z)));
}

static inline bool
qr_vec3_equal (QrVec3 a, QrVec3 b)
{
  return a.x == b.x && a.y == b.y && a.z == b.z;
}

/* Exact comparison that also tells -0 from +0, for lossless round-trip checks. */
static inline bool
qr_vec3_identical (QrVec3 a, QrVec3 b)
{
  return a.x == b.x && a.y == b.y && a.z == b.z
         && signbit (a.x) == signbit (b.x)
         && signbit (a.y) == signbit (b.y)
         && signbit (a.z) == signbit (b.z);
}

/* Axis-aligned bounds; empty when min > max. */
typedef struct
{
  QrVec3 min, max;
} QrBounds;

static inline QrBounds
qr_bounds_empty (void)
{
  return (QrBounds) { { INFINITY, INFINITY, INFINITY }, { -INFINITY, -INFINITY, -INFINITY } };
}

static inline bool
qr_bounds_is_empty (QrBounds b)
{
  return b.min.x > b.max.x;
}

static inline void
qr_bounds_add_point (QrBounds *b, QrVec3 p)
{
  b->min.x = qr_min (b->min.x, p.x);
  b->min.y = qr_min (b->min.y, p.y);
  b->min.z = qr_min (b->min.z, p.z);
  b->max.x = qr_max (b->max.x, p.x);
  b->max.y = qr_max (b->max.y, p.y);
  b->max.z = qr_max (b->max.z, p.z);
}

/* Their insides overlap (touching boxes do not). */
static inline bool
qr_bounds_overlap (QrBounds a, QrBounds b)
{
  return a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y
         && a.min.z < b.max.z && b.min.z < a.max.z;
}

static inline void
qr_bounds_add_bounds (QrBounds *b, QrBounds o)
{
  if (qr_bounds_is_empty (o))
    return;
  qr_bounds_add_point (b, o.min);
  qr_bounds_add_point (b, o.max);
}
