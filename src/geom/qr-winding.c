#include "qr-winding.h"
#include "qr-eps.h"

QrWinding *
qr_winding_new (int capacity)
{
  QrWinding *w;

  g_return_val_if_fail (capacity >= 0, NULL);

  w = g_malloc (sizeof (QrWinding) + sizeof (QrVec3) * (gsize) capacity);
  w->n = 0;
  w->capacity = capacity;
  return w;
}

QrWinding *
qr_winding_copy (const QrWinding *w)
{
  QrWinding *c = qr_winding_new (w->n);

  c->n = w->n;
  memcpy (c->p, w->p, sizeof (QrVec3) * (gsize) w->n);
  return c;
}

void
qr_winding_free (QrWinding *w)
{
  g_free (w);
}

/* In-plane axes u, v with u x v = normal, so that (-u-v, u-v, u+v, -u+v) runs
 * counter-clockwise seen from the front. Axial planes get exact unit axes. */
static void
plane_axes (QrVec3 n, QrVec3 *u, QrVec3 *v)
{
  QrVec3 up;

  if (fabs (n.z) >= fabs (n.x) && fabs (n.z) >= fabs (n.y))
    up = qr_vec3 (1, 0, 0);
  else
    up = qr_vec3 (0, 0, 1);

  *u = qr_vec3_mad (up, n, -qr_vec3_dot (up, n));
  *u = qr_vec3_scale (*u, 1.0 / qr_vec3_length (*u));
  *v = qr_vec3_cross (n, *u);
}

void
qr_winding_base_points (const QrPlane *plane, QrVec3 out[4])
{
  QrVec3 u, v, c;
  const double e = QR_BASE_WINDING_EXTENT;
  static const double corner[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };

  plane_axes (plane->normal, &u, &v);
  c = qr_vec3_scale (plane->normal, plane->dist);
  for (int i = 0; i < 4; i++)
    out[i] = qr_vec3_add (c, qr_vec3_add (qr_vec3_scale (u, corner[i][0] * e),
                                          qr_vec3_scale (v, corner[i][1] * e)));
}

void
qr_winding_base_points_around (const QrPlane *plane, QrVec3 centre, double half_side, QrVec3 out[4])
{
  QrVec3 u, v, c;
  static const double corner[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };

  plane_axes (plane->normal, &u, &v);
  c = qr_vec3_mad (centre, plane->normal, plane->dist - qr_vec3_dot (plane->normal, centre));
  for (int i = 0; i < 4; i++)
    {
      out[i] = qr_vec3_add (c, qr_vec3_add (qr_vec3_scale (u, corner[i][0] * half_side),
                                            qr_vec3_scale (v, corner[i][1] * half_side)));
      /* The centre's rounding would leave an axial plane's coordinate a few ulps off. */
      if (qr_plane_axis (plane) != QR_PLANE_NOT_AXIAL)
        qr_plane_pin (plane, &out[i]);
    }
}

QrWinding *
qr_winding_base_for_plane (const QrPlane *plane)
{
  QrWinding *w = qr_winding_new (4);

  qr_winding_base_points (plane, w->p);
  w->n = 4;
  return w;
}

/* The point where segment a→b crosses the plane. A coordinate the two ends
 * share stays exact (a + t * 0), and on an axial plane the coordinate along
 * its axis is set to the distance itself. */
static inline QrVec3
split_point (QrVec3 a, QrVec3 b, double da, double db, const QrPlane *plane)
{
  double t = da / (da - db);
  QrVec3 mid = { a.x + t * (b.x - a.x), a.y + t * (b.y - a.y), a.z + t * (b.z - a.z) };

  qr_plane_pin (plane, &mid);
  return mid;
}

/* Classifies every point; returns counts per side. dists and sides must hold n. */
static inline void
classify_points (const QrVec3 *p, int n, const QrPlane *plane, double epsilon,
                 double *dists, unsigned char *sides, int counts[3])
{
  counts[0] = counts[1] = counts[2] = 0;
  for (int i = 0; i < n; i++)
    {
      double d = qr_plane_distance_to (plane, p[i]);

      dists[i] = d;
      sides[i] = d > epsilon ? QR_SIDE_FRONT : d < -epsilon ? QR_SIDE_BACK : QR_SIDE_ON;
      counts[sides[i]]++;
    }
}

/* One clipping loop for both entry points; tags are optional. */
static int
clip_points (const QrVec3 *in, const int *in_tags, int n, const QrPlane *plane, int tag,
             double epsilon, QrVec3 *out, int *out_tags)
{
  double stack_dists[64];
  unsigned char stack_sides[64];
  g_autofree double *heap_dists = NULL;
  g_autofree unsigned char *heap_sides = NULL;
  double *dists = stack_dists;
  unsigned char *sides = stack_sides;
  int counts[3];
  int m = 0;

  if (n > (int) G_N_ELEMENTS (stack_dists))
    {
      dists = heap_dists = g_new (double, n);
      sides = heap_sides = g_new (unsigned char, n);
    }

  classify_points (in, n, plane, epsilon, dists, sides, counts);

  if (counts[QR_SIDE_FRONT] == 0)
    {
      memmove (out, in, sizeof (QrVec3) * (gsize) n);
      /* Points kept as on an axial plane get its coordinate exactly: earlier
       * clips by slanted planes may have left 1e-10 of error in them. */
      if (out_tags != NULL)
        memmove (out_tags, in_tags, sizeof (int) * (gsize) n);
      for (int i = 0; i < n; i++)
        if (sides[i] == QR_SIDE_ON)
          qr_plane_pin (plane, &out[i]);
      return n;
    }
  if (counts[QR_SIDE_BACK] == 0)
    return 0;

  for (int i = 0; i < n; i++)
    {
      int j = i + 1 == n ? 0 : i + 1;

      if (sides[i] != QR_SIDE_FRONT)
        {
          out[m] = in[i];
          if (sides[i] == QR_SIDE_ON)
            qr_plane_pin (plane, &out[m]);
          /* An on point whose successor is clipped away starts the cut. */
          if (out_tags != NULL)
            out_tags[m] = sides[i] == QR_SIDE_ON && sides[j] == QR_SIDE_FRONT ? tag : in_tags[i];
          m++;
        }
      if (sides[i] == QR_SIDE_ON || sides[j] == QR_SIDE_ON || sides[i] == sides[j])
        continue;
      out[m] = split_point (in[i], in[j], dists[i], dists[j], plane);
      /* Leaving the kept side, the cut follows; entering it, edge i resumes. */
      if (out_tags != NULL)
        out_tags[m] = sides[j] == QR_SIDE_FRONT ? tag : in_tags[i];
      m++;
    }
  return m;
}

int
qr_winding_clip_points (const QrVec3 *in, int n, const QrPlane *plane, double epsilon, QrVec3 *out)
{
  return clip_points (in, NULL, n, plane, -1, epsilon, out, NULL);
}

int
qr_winding_clip_points_tagged (const QrVec3 *in, const int *in_tags, int n, const QrPlane *plane,
                               int tag, double epsilon, QrVec3 *out, int *out_tags)
{
  return clip_points (in, in_tags, n, plane, tag, epsilon, out, out_tags);
}

bool
qr_winding_chop_in_place (QrWinding **w, const QrPlane *plane, double epsilon)
{
  QrWinding *in = *w;
  g_autoptr (QrWinding) out = qr_winding_new (in->n + 1);

  out->n = qr_winding_clip_points (in->p, in->n, plane, epsilon, out->p);
  qr_winding_free (in);
  *w = NULL;
  if (out->n < 3)
    return false;
  *w = g_steal_pointer (&out);
  return true;
}

void
qr_winding_split (const QrWinding *w, const QrPlane *plane, double epsilon,
                  QrWinding **front, QrWinding **back)
{
  double stack_dists[64];
  unsigned char stack_sides[64];
  g_autofree double *heap_dists = NULL;
  g_autofree unsigned char *heap_sides = NULL;
  double *dists = stack_dists;
  unsigned char *sides = stack_sides;
  g_autoptr (QrWinding) f = NULL;
  g_autoptr (QrWinding) b = NULL;
  int counts[3];

  /* CSG splits polygons by the thousand: no allocation for small ones. */
  if (w->n > (int) G_N_ELEMENTS (stack_dists))
    {
      dists = heap_dists = g_new (double, w->n);
      sides = heap_sides = g_new (unsigned char, w->n);
    }
  *front = *back = NULL;
  classify_points (w->p, w->n, plane, epsilon, dists, sides, counts);

  if (counts[QR_SIDE_FRONT] == 0 && counts[QR_SIDE_BACK] == 0)
    return; /* on the plane: neither side owns it */
  if (counts[QR_SIDE_FRONT] == 0)
    {
      *back = qr_winding_copy (w);
      return;
    }
  if (counts[QR_SIDE_BACK] == 0)
    {
      *front = qr_winding_copy (w);
      return;
    }

  f = qr_winding_new (w->n + 1);
  b = qr_winding_new (w->n + 1);
  for (int i = 0; i < w->n; i++)
    {
      int j = i + 1 == w->n ? 0 : i + 1;
      QrVec3 mid;

      if (sides[i] == QR_SIDE_ON)
        {
          QrVec3 on = w->p[i];

          qr_plane_pin (plane, &on);
          f->p[f->n++] = on;
          b->p[b->n++] = on;
          continue;
        }
      if (sides[i] == QR_SIDE_FRONT)
        f->p[f->n++] = w->p[i];
      else
        b->p[b->n++] = w->p[i];
      if (sides[j] == QR_SIDE_ON || sides[j] == sides[i])
        continue;
      mid = split_point (w->p[i], w->p[j], dists[i], dists[j], plane);
      f->p[f->n++] = mid;
      b->p[b->n++] = mid;
    }
  if (f->n >= 3)
    *front = g_steal_pointer (&f);
  if (b->n >= 3)
    *back = g_steal_pointer (&b);
}

QrSide
qr_winding_classify (const QrWinding *w, const QrPlane *plane, double epsilon)
{
  bool front = false, back = false;

  for (int i = 0; i < w->n; i++)
    {
      double d = qr_plane_distance_to (plane, w->p[i]);

      front |= d > epsilon;
      back |= d < -epsilon;
    }
  if (front && back)
    return QR_SIDE_SPAN;
  return front ? QR_SIDE_FRONT : back ? QR_SIDE_BACK : QR_SIDE_ON;
}

QrVec3
qr_points_newell (const QrVec3 *p, int n)
{
  QrVec3 s = { 0, 0, 0 };

  /* Relative to the first point: keeps precision for polygons far from the origin. */
  for (int i = 1; i + 1 < n; i++)
    s = qr_vec3_add (s, qr_vec3_cross (qr_vec3_sub (p[i], p[0]), qr_vec3_sub (p[i + 1], p[0])));
  return s;
}

double
qr_winding_area (const QrWinding *w)
{
  return 0.5 * qr_vec3_length (qr_points_newell (w->p, w->n));
}

QrVec3
qr_winding_center (const QrWinding *w)
{
  QrVec3 c = { 0, 0, 0 };

  for (int i = 0; i < w->n; i++)
    c = qr_vec3_add (c, w->p[i]);
  return w->n ? qr_vec3_scale (c, 1.0 / w->n) : c;
}

bool
qr_winding_check (const QrWinding *w, const QrPlane *plane, double epsilon)
{
  if (w->n < 3)
    return false;
  for (int i = 0; i < w->n; i++)
    {
      QrVec3 a = w->p[i], b = w->p[(i + 1) % w->n];
      QrVec3 inward;
      double len = qr_vec3_dist (a, b);

      if (fabs (qr_plane_distance_to (plane, a)) > epsilon)
        return false;
      if (len <= epsilon)
        return false;
      /* Counter-clockwise and convex: every point is on the inner side of
       * every edge. Checking each corner's turn alone would pass a loop that
       * winds twice, like a pentagram. */
      inward = qr_vec3_cross (plane->normal, qr_vec3_sub (b, a));
      for (int k = 0; k < w->n; k++)
        if (qr_vec3_dot (inward, qr_vec3_sub (w->p[k], a)) < -epsilon * len)
          return false;
    }
  return qr_vec3_dot (qr_points_newell (w->p, w->n), plane->normal) > 0;
}
