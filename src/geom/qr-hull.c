/* qr-hull.c — convex hull by gift wrapping, one facet at a time.
 *
 * A facet is a supporting plane with every point within QR_EPS_HULL_COPLANAR
 * of it; its outline is the 2D convex hull of those points. Wrapping turns a
 * known facet's plane about each edge of its outline until the plane meets
 * other points: the neighbouring facet. Each decision compares every point
 * against that one tolerance instead of updating a triangulation, so nearly
 * coplanar points cannot leave the hull inconsistent the way an incremental
 * hull's visibility tests can: at worst a facet is reached twice, and the
 * second one is recognised and dropped. A pivot and a facet each scan all
 * points a few times, so h facets of n points cost O(n h): O(n²) at worst,
 * when every point is a corner.
 */
#include "qr-hull.h"
#include "qr-eps.h"

#include <stdlib.h>

G_DEFINE_QUARK (quarry-hull-error-quark, qr_hull_error)

typedef struct
{
  QrPlane plane;
  int tri[3];     /* the plane points, indices into Wrap.pts */
  guint ring;     /* the outline: offset into Wrap.rings */
  guint ring_len;
} Facet;

/* A directed edge of a facet's outline, waiting for its far side. */
typedef struct
{
  int a, b;
  int facet;
} Edge;

/* A point in a plane's 2D coordinates. */
typedef struct
{
  double s, t;
  int i;
} Flat;

typedef struct
{
  const QrVec3 *pts;  /* borrowed: distinct points, sorted by x, then y, then z */
  int n;
  GArray *facets;     /* owned, Facet */
  GArray *rings;      /* owned, int: outlines, counter-clockwise seen from outside */
  GArray *ring_facet; /* owned, int: the facet of each entry of rings */
  GArray *ring_next;  /* owned, int: the entry of rings before it with the same point, or -1 */
  int *corner_first;  /* owned, n: each point's last entry in rings, or -1 */
  GArray *queue;      /* owned, Edge */
  GHashTable *done;   /* owned: keys (gint64 *, owned) of every outline edge */
  GArray *on;         /* owned scratch, Flat: the points on a plane */
  GArray *hull;       /* owned scratch, Flat: their outline */
  GArray *hull2;      /* owned scratch, Flat: the outline on the facet's final plane */
} Wrap;

static void
wrap_clear (Wrap *w)
{
  g_clear_pointer (&w->facets, g_array_unref);
  g_clear_pointer (&w->rings, g_array_unref);
  g_clear_pointer (&w->queue, g_array_unref);
  g_clear_pointer (&w->ring_facet, g_array_unref);
  g_clear_pointer (&w->ring_next, g_array_unref);
  g_clear_pointer (&w->corner_first, g_free);
  g_clear_pointer (&w->done, g_hash_table_unref);
  g_clear_pointer (&w->on, g_array_unref);
  g_clear_pointer (&w->hull, g_array_unref);
  g_clear_pointer (&w->hull2, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Wrap, wrap_clear)

static QrVec3
normalized (QrVec3 v)
{
  double len = qr_vec3_length (v);

  return qr_vec3 (v.x / len, v.y / len, v.z / len);
}

/* Two unit vectors completing n to a right-handed frame (e1, e2, n), so
 * counter-clockwise in (e1, e2) is counter-clockwise seen from +n. */
static void
plane_basis (QrVec3 n, QrVec3 *e1, QrVec3 *e2)
{
  QrVec3 axis = qr_vec3 (0, 0, 0);
  double ax = fabs (n.x), ay = fabs (n.y), az = fabs (n.z);

  if (ax <= ay && ax <= az)
    axis.x = 1;
  else if (ay <= az)
    axis.y = 1;
  else
    axis.z = 1;
  *e1 = normalized (qr_vec3_cross (n, axis));
  *e2 = qr_vec3_cross (n, *e1);
}

/* ------------------------------------------------------------------------
 * Distinct points and the volume test.
 */

static int
compare_coord (double a, double b)
{
  if (a != b)
    return a < b ? -1 : 1;
  /* -0 before +0, so that the point kept does not depend on input order */
  return (int) !signbit (a) - (int) !signbit (b);
}

static int
compare_points (const void *pa, const void *pb)
{
  const QrVec3 *a = pa, *b = pb;
  int c = compare_coord (a->x, b->x);

  if (c == 0)
    c = compare_coord (a->y, b->y);
  if (c == 0)
    c = compare_coord (a->z, b->z);
  return c;
}

/* The points sorted, without those closer than QR_EPS_WELD on every axis to
 * one kept before them: of each cluster, the first in sorted order stays. */
static GArray *
distinct_points (const QrVec3 *points, int n)
{
  g_autoptr(GArray) sorted = g_array_sized_new (FALSE, FALSE, sizeof (QrVec3), (guint) n);
  GArray *kept = g_array_sized_new (FALSE, FALSE, sizeof (QrVec3), (guint) n);

  g_array_append_vals (sorted, points, (guint) n);
  if (n > 0)
    qsort (sorted->data, (size_t) n, sizeof (QrVec3), compare_points);

  for (int i = 0; i < n; i++)
    {
      QrVec3 p = g_array_index (sorted, QrVec3, i);
      bool weld = false;

      /* kept is sorted by x too: only its tail can be close enough */
      for (int k = (int) kept->len - 1; k >= 0 && !weld; k--)
        {
          QrVec3 q = g_array_index (kept, QrVec3, k);

          if (p.x - q.x >= QR_EPS_WELD)
            break;
          weld = fabs (p.y - q.y) < QR_EPS_WELD && fabs (p.z - q.z) < QR_EPS_WELD;
        }
      if (!weld)
        g_array_append_val (kept, p);
    }
  return kept;
}

/* Refuses point sets without volume: the farthest point from the line
 * through the extremes of the longest axis, then the farthest from the plane
 * through those three, must stand off by more than the flatness tolerance. */
static bool
check_volume (const QrVec3 *pts, int n, GError **error)
{
  QrBounds b = qr_bounds_empty ();
  QrVec3 span, d, normal;
  double extent, tol, height = 0, thickness = 0;
  int axis = 0, lo = 0, hi = 0, far = 0;

  if (n < 4)
    {
      g_set_error (error, QR_HULL_ERROR, QR_HULL_ERROR_FLAT,
                   "a convex hull needs at least 4 distinct points, got %d", n);
      return false;
    }

  for (int i = 0; i < n; i++)
    qr_bounds_add_point (&b, pts[i]);
  span = qr_vec3_sub (b.max, b.min);
  if (span.y > qr_vec3_get (span, axis))
    axis = 1;
  if (span.z > qr_vec3_get (span, axis))
    axis = 2;
  extent = qr_vec3_get (span, axis);
  tol = qr_max (QR_EPS_HULL_FLAT, QR_EPS_HULL_FLAT_RELATIVE * extent);

  for (int i = 1; i < n; i++)
    {
      if (qr_vec3_get (pts[i], axis) < qr_vec3_get (pts[lo], axis))
        lo = i;
      if (qr_vec3_get (pts[i], axis) > qr_vec3_get (pts[hi], axis))
        hi = i;
    }
  d = normalized (qr_vec3_sub (pts[hi], pts[lo]));

  for (int i = 0; i < n; i++)
    {
      double h = qr_vec3_length (qr_vec3_cross (qr_vec3_sub (pts[i], pts[lo]), d));

      if (h > height)
        height = h, far = i;
    }
  if (height <= tol)
    {
      g_set_error (error, QR_HULL_ERROR, QR_HULL_ERROR_FLAT,
                   "the points lie on one line (none stands %g units off it): their hull has no volume",
                   height);
      return false;
    }

  normal = normalized (qr_vec3_cross (d, qr_vec3_sub (pts[far], pts[lo])));
  for (int i = 0; i < n; i++)
    thickness = qr_max (thickness, fabs (qr_vec3_dot (qr_vec3_sub (pts[i], pts[lo]), normal)));
  if (thickness <= tol)
    {
      g_set_error (error, QR_HULL_ERROR, QR_HULL_ERROR_FLAT,
                   "the points lie in one plane (none stands %g units off it): their hull has no volume",
                   thickness);
      return false;
    }
  return true;
}

/* ------------------------------------------------------------------------
 * Facets.
 */

/* The points on or in front of a supporting plane, in its 2D coordinates. */
static void
collect_on (Wrap *w, const QrPlane *plane, QrVec3 origin)
{
  QrVec3 e1, e2;

  plane_basis (plane->normal, &e1, &e2);
  g_array_set_size (w->on, 0);
  for (int i = 0; i < w->n; i++)
    if (qr_plane_distance_to (plane, w->pts[i]) >= -QR_EPS_HULL_COPLANAR)
      {
        QrVec3 r = qr_vec3_sub (w->pts[i], origin);
        Flat f = { qr_vec3_dot (r, e1), qr_vec3_dot (r, e2), i };

        g_array_append_val (w->on, f);
      }
}

static int
compare_flat (const void *pa, const void *pb)
{
  const Flat *a = pa, *b = pb;

  if (a->s != b->s)
    return a->s < b->s ? -1 : 1;
  if (a->t != b->t)
    return a->t < b->t ? -1 : 1;
  return (a->i > b->i) - (a->i < b->i);
}

/* o → a → b turns left with a standing off the line o–b by more than
 * QR_EPS_HULL_COPLANAR: a is a corner, not a point along an edge. */
static bool
is_corner (const Flat *o, const Flat *a, const Flat *b)
{
  double ux = a->s - o->s, uy = a->t - o->t;
  double vx = b->s - o->s, vy = b->t - o->t;

  return ux * vy - uy * vx > QR_EPS_HULL_COPLANAR * sqrt (vx * vx + vy * vy);
}

/* The outline of w->on (Andrew's monotone chain), counter-clockwise, without
 * points on its edges: one point, two (a segment) or a polygon. */
static void
outline (Wrap *w, GArray *hull)
{
  Flat *f = (Flat *) w->on->data;
  int m = (int) w->on->len, k = 0;
  Flat *h;

  g_array_set_size (hull, 2 * (guint) m);
  h = (Flat *) hull->data;
  if (m < 2)
    {
      if (m == 1)
        h[0] = f[0];
      g_array_set_size (hull, (guint) m);
      return;
    }

  qsort (f, (size_t) m, sizeof (Flat), compare_flat);
  for (int i = 0; i < m; i++)
    {
      while (k >= 2 && !is_corner (&h[k - 2], &h[k - 1], &f[i]))
        k--;
      h[k++] = f[i];
    }
  for (int i = m - 2, lower = k + 1; i >= 0; i--)
    {
      while (k >= lower && !is_corner (&h[k - 2], &h[k - 1], &f[i]))
        k--;
      h[k++] = f[i];
    }
  g_array_set_size (hull, (guint) (k - 1));
}

static double
flat_area2 (const Flat *a, const Flat *b, const Flat *c)
{
  return (b->s - a->s) * (c->t - a->t) - (b->t - a->t) * (c->s - a->s);
}

/* The largest triangle with corners on a convex outline, as positions
 * i < j < k (counter-clockwise). For fixed i and j the area rises then falls
 * along the outline, and its peak only moves forward as j does: O(m²). */
static void
largest_triangle (const GArray *hull, int out[3])
{
  const Flat *h = (const Flat *) hull->data;
  int m = (int) hull->len;
  double best = -1;

  for (int i = 0; i < m; i++)
    for (int j = i + 1, k = i + 2; j + 1 < m; j++)
      {
        if (k <= j)
          k = j + 1;
        while (k + 1 < m && flat_area2 (&h[i], &h[j], &h[k + 1]) >= flat_area2 (&h[i], &h[j], &h[k]))
          k++;
        if (flat_area2 (&h[i], &h[j], &h[k]) > best)
          {
            best = flat_area2 (&h[i], &h[j], &h[k]);
            out[0] = i, out[1] = j, out[2] = k;
          }
      }
}

/* The facet on the supporting plane through pts[a] with outward normal n:
 * its outline, and as plane points the largest triangle of its corners.
 * False when the points on the plane span no polygon: w->hull then holds
 * their point or segment. */
static bool
make_facet (Wrap *w, QrVec3 n, int a, Facet *out)
{
  const QrPlane support = { n, qr_vec3_dot (n, w->pts[a]) };
  QrVec3 p[3];
  int tri[3];

  collect_on (w, &support, w->pts[a]);
  outline (w, w->hull);
  if (w->hull->len < 3)
    return false;

  largest_triangle (w->hull, tri);
  /* counter-clockwise from outside, reversed: the compilers' order */
  for (int k = 0; k < 3; k++)
    {
      out->tri[k] = g_array_index (w->hull, Flat, tri[2 - k]).i;
      p[k] = w->pts[out->tri[k]];
    }
  /* The corners stand off each other's lines by more than
   * QR_EPS_HULL_COPLANAR, so the largest triangle is far from collinear. */
  if (!qr_plane_from_points (p, &out->plane))
    return false;
  g_assert (qr_vec3_dot (out->plane.normal, n) > 0);

  /* The outline again on the plane the face will have, so that the pivots
   * from its edges skip exactly the points that plane holds. */
  collect_on (w, &out->plane, p[1]);
  outline (w, w->hull2);
  if (w->hull2->len < 3)
    {
      g_array_set_size (w->hull2, 0);
      g_array_append_vals (w->hull2, w->hull->data, w->hull->len);
    }
  return true;
}

static gint64 *
edge_key (const Wrap *w, int a, int b)
{
  gint64 *key = g_new (gint64, 1);

  *key = (gint64) a * w->n + b;
  return key;
}

static bool
has_edge (const Wrap *w, int a, int b)
{
  gint64 key = (gint64) a * w->n + b;

  return g_hash_table_contains (w->done, &key);
}

/* Keeps a facet made by make_facet, with the outline in w->hull2, and queues
 * its edges. */
static void
add_facet (Wrap *w, Facet *f)
{
  const Flat *h = (const Flat *) w->hull2->data;
  int m = (int) w->hull2->len;
  int index = (int) w->facets->len;

  f->ring = w->rings->len;
  f->ring_len = (guint) m;
  for (int k = 0; k < m; k++)
    {
      Edge e = { h[k].i, h[(k + 1) % m].i, index };

      g_array_append_val (w->rings, h[k].i);
      g_array_append_val (w->ring_facet, index);
      g_array_append_val (w->ring_next, w->corner_first[h[k].i]);
      w->corner_first[h[k].i] = (int) w->rings->len - 1;
      g_hash_table_add (w->done, edge_key (w, e.a, e.b));
      g_array_append_val (w->queue, e);
    }
  g_array_append_val (w->facets, *f);
}

/* A facet found before, reached again across an edge whose two sides'
 * outlines disagree within the tolerance: one facing the same way, sharing a
 * corner, and holding every corner of this one within QR_EPS_HULL_COPLANAR
 * of its plane, so that this one adds nothing. Looser tests lose facets:
 * planes within QR_EPS_ON_PLANE of each other's points can still be two
 * facets, tilted by a point just outside QR_EPS_HULL_COPLANAR, and a sliver
 * facet shares three nearly collinear corners with its neighbour. */
static bool
is_known (const Wrap *w, const Facet *f)
{
  const Flat *h = (const Flat *) w->hull2->data;
  int m = (int) w->hull2->len;

  for (int k = 0; k < m; k++)
    for (int e = w->corner_first[h[k].i]; e >= 0; e = g_array_index (w->ring_next, int, e))
      {
        const Facet *g = &g_array_index (w->facets, Facet, g_array_index (w->ring_facet, int, e));
        bool inside = qr_vec3_dot (f->plane.normal, g->plane.normal) > 0;

        for (int c = 0; c < m && inside; c++)
          inside = fabs (qr_plane_distance_to (&g->plane, w->pts[h[c].i])) <= QR_EPS_HULL_COPLANAR;
        if (inside)
          return true;
      }
  return false;
}

/* Turns the supporting plane `from` about the line through pts[a] along d,
 * away from the points on `from`, until it meets the first other point: the
 * plane of the hull's facet beyond that line. Of the points it meets (within
 * QR_EPS_HULL_COPLANAR) it returns the farthest from the line, whose plane
 * is the best conditioned, and sets *normal to that plane's outward normal;
 * -1 when every point lies on `from` or on the line.
 *
 * The line is laid in `from` (d projected onto it): an edge between two
 * points each within QR_EPS_HULL_COPLANAR of the plane can tilt out of it by
 * twice that over its length, and along edges barely longer than QR_EPS_WELD
 * the tilt would lift points below the plane above it. */
static int
pivot (const Wrap *w, int a, QrVec3 d, const QrPlane *from, QrVec3 *normal)
{
  QrVec3 up = from->normal;
  QrVec3 along = normalized (qr_vec3_mad (d, up, -qr_vec3_dot (d, up)));
  QrVec3 across = qr_vec3_cross (along, up); /* from the line away from `from`'s points */
  double bx = 0, by = 0, br2 = 0, cx, cy, len;
  int best = -1, pick = -1;

  /* In the plane across the line: x across, y up. Every point left has
   * y < 0; the first met is the one at the largest angle from -x. */
  for (int i = 0; i < w->n; i++)
    {
      QrVec3 r;
      double x, y, r2, turn;

      if (qr_plane_distance_to (from, w->pts[i]) >= -QR_EPS_HULL_COPLANAR)
        continue;
      r = qr_vec3_sub (w->pts[i], w->pts[a]);
      x = qr_vec3_dot (r, across);
      y = qr_vec3_dot (r, up);
      r2 = x * x + y * y;
      if (r2 <= QR_EPS_HULL_COPLANAR * QR_EPS_HULL_COPLANAR)
        continue;
      turn = bx * y - by * x;
      if (best < 0 || turn > 0 || (turn == 0 && r2 > br2))
        best = i, bx = x, by = y, br2 = r2;
    }
  if (best < 0)
    return -1;

  len = sqrt (br2);
  cx = bx / len, cy = by / len;
  br2 = 0;
  for (int i = 0; i < w->n; i++)
    {
      QrVec3 r;
      double x, y, r2;

      if (qr_plane_distance_to (from, w->pts[i]) >= -QR_EPS_HULL_COPLANAR)
        continue;
      r = qr_vec3_sub (w->pts[i], w->pts[a]);
      x = qr_vec3_dot (r, across);
      y = qr_vec3_dot (r, up);
      r2 = x * x + y * y;
      if (r2 <= QR_EPS_HULL_COPLANAR * QR_EPS_HULL_COPLANAR || cx * y - cy * x < -QR_EPS_HULL_COPLANAR)
        continue;
      if (r2 > br2)
        pick = i, bx = x, by = y, br2 = r2;
    }
  g_assert (pick >= 0); /* best itself qualifies */

  /* outward: the direction to the point turned a quarter counter-clockwise */
  *normal = normalized (qr_vec3_add (qr_vec3_scale (across, -by), qr_vec3_scale (up, bx)));
  return pick;
}

/* The first facet: start from the plane x = min x, which supports the
 * lowest point, and pivot about the point or segment it holds until it holds
 * a polygon. */
static bool
first_facet (Wrap *w, Facet *f)
{
  QrVec3 n = qr_vec3 (-1, 0, 0);
  int a = 0; /* the lowest point: sorted first */

  for (int tries = 0; !make_facet (w, n, a, f); tries++)
    {
      const QrPlane from = { n, qr_vec3_dot (n, w->pts[a]) };
      QrVec3 d, unused;

      /* a point, then a segment, then a polygon: two pivots at most */
      if (tries == 2 || w->hull->len >= 3)
        return false;
      if (w->hull->len == 2)
        {
          a = g_array_index (w->hull, Flat, 0).i;
          d = normalized (qr_vec3_sub (w->pts[g_array_index (w->hull, Flat, 1).i], w->pts[a]));
        }
      else
        plane_basis (n, &d, &unused);
      if (pivot (w, a, d, &from, &n) < 0)
        return false;
    }
  return true;
}

static bool
wrap_hull (Wrap *w)
{
  Facet f;

  if (!first_facet (w, &f))
    return false;
  add_facet (w, &f);

  for (guint q = 0; q < w->queue->len; q++)
    {
      const Edge e = g_array_index (w->queue, Edge, q);
      const QrPlane from = g_array_index (w->facets, Facet, e.facet).plane;
      QrVec3 n;

      if (has_edge (w, e.b, e.a))
        continue;
      if (pivot (w, e.a, normalized (qr_vec3_sub (w->pts[e.b], w->pts[e.a])), &from, &n) < 0)
        return false;
      if (make_facet (w, n, e.a, &f) && !is_known (w, &f))
        add_facet (w, &f);
    }
  return true;
}

/* ------------------------------------------------------------------------
 * Output.
 */

/* The preferred plane the facet lies on: normals within QR_EPS_ON_PLANE
 * (per component, as qr_plane_equal has it) and every corner of the facet
 * within QR_EPS_ON_PLANE of the plane. Corners rather than qr_plane_equal's
 * distance from the origin: a facet split from a face by points a little off
 * it tilts by 1e-8, which far from the origin moves that distance by more
 * than QR_EPS_ON_PLANE while the facet stays on the face. The closest plane
 * wins, then the first. */
static int
match_prefer (const Wrap *w, const Facet *f, const QrPlane *prefer, int n_prefer)
{
  const int *ring = &g_array_index (w->rings, int, f->ring);
  double best_deviation = INFINITY;
  int best = -1;

  for (int j = 0; j < n_prefer; j++)
    {
      double deviation = qr_vec3_max_abs (qr_vec3_sub (f->plane.normal, prefer[j].normal));

      for (guint k = 0; k < f->ring_len && deviation <= QR_EPS_ON_PLANE; k++)
        deviation = qr_max (deviation, fabs (qr_plane_distance_to (&prefer[j], w->pts[ring[k]])));
      if (deviation <= QR_EPS_ON_PLANE && deviation < best_deviation)
        best = j, best_deviation = deviation;
    }
  return best;
}

static int
compare_facets (const void *pa, const void *pb)
{
  const QrPlane *a = &((const Facet *) pa)->plane, *b = &((const Facet *) pb)->plane;

  if (a->normal.x != b->normal.x)
    return a->normal.x < b->normal.x ? -1 : 1;
  if (a->normal.y != b->normal.y)
    return a->normal.y < b->normal.y ? -1 : 1;
  if (a->normal.z != b->normal.z)
    return a->normal.z < b->normal.z ? -1 : 1;
  return (a->dist > b->dist) - (a->dist < b->dist);
}

GArray *
qr_hull_planes (const QrVec3 *points, int n,
                const QrPlane *prefer, int n_prefer,
                GError **error)
{
  g_autoptr(GArray) pts = NULL;
  g_auto(Wrap) w = { 0 };
  GArray *faces;

  g_return_val_if_fail (n >= 0 && (points != NULL || n == 0), NULL);
  g_return_val_if_fail (n_prefer >= 0 && (prefer != NULL || n_prefer == 0), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  for (int i = 0; i < n; i++)
    if (!isfinite (points[i].x) || !isfinite (points[i].y) || !isfinite (points[i].z))
      {
        g_set_error (error, QR_HULL_ERROR, QR_HULL_ERROR_INVALID,
                     "point %d has a coordinate that is not a finite number", i);
        return NULL;
      }

  pts = distinct_points (points, n);
  if (!check_volume ((const QrVec3 *) pts->data, (int) pts->len, error))
    return NULL;

  w.pts = (const QrVec3 *) pts->data;
  w.n = (int) pts->len;
  w.facets = g_array_new (FALSE, FALSE, sizeof (Facet));
  w.rings = g_array_new (FALSE, FALSE, sizeof (int));
  w.queue = g_array_new (FALSE, FALSE, sizeof (Edge));
  w.ring_facet = g_array_new (FALSE, FALSE, sizeof (int));
  w.ring_next = g_array_new (FALSE, FALSE, sizeof (int));
  w.corner_first = g_new (int, w.n);
  for (int i = 0; i < w.n; i++)
    w.corner_first[i] = -1;
  w.done = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  w.on = g_array_new (FALSE, FALSE, sizeof (Flat));
  w.hull = g_array_new (FALSE, FALSE, sizeof (Flat));
  w.hull2 = g_array_new (FALSE, FALSE, sizeof (Flat));

  /* check_volume leaves a point off every plane by more than the facets'
   * tolerance, so a pivot always meets one; this is a safeguard only. */
  if (!wrap_hull (&w))
    {
      g_set_error (error, QR_HULL_ERROR, QR_HULL_ERROR_FLAT,
                   "the points are too close to one plane for a hull with volume");
      return NULL;
    }

  g_array_sort (w.facets, compare_facets);
  faces = g_array_sized_new (FALSE, FALSE, sizeof (QrHullFace), w.facets->len);
  for (guint k = 0; k < w.facets->len; k++)
    {
      const Facet *f = &g_array_index (w.facets, Facet, k);
      QrHullFace face;

      for (int c = 0; c < 3; c++)
        face.points[c] = w.pts[f->tri[c]];
      face.prefer = match_prefer (&w, f, prefer, n_prefer);
      g_array_append_val (faces, face);
    }
  return faces;
}
