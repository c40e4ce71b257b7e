/* qr-primitive.c — brush primitives from a bounding box.
 *
 * Every shape is first laid out as a small polyhedron (vertices and polygons,
 * counter-clockwise seen from outside), then each polygon gives its face three
 * well-spread corners as plane points. The polyhedron is built up to three
 * times — rim coordinates rounded to integers, snapped within QR_EPS_SNAP, raw
 * — and the first version whose brushes qr_polytope_build confirms wins, so a
 * mapper gets integer points whenever they keep the shape, and never a brush
 * that lost a face to rounding.
 */
#include "qr-primitive.h"
#include "qr-eps.h"
#include "qr-polytope.h"

G_DEFINE_QUARK (quarry-primitive-error-quark, qr_primitive_error)

#define MIN_SIDES 3
#define MAX_SIDES 64
#define MIN_STACKS 2
#define MAX_STACKS 32

/* Rounding moves a rim vertex by up to half a unit on each axis. Across 8
 * units that is at most a sixteenth of the shape, which keeps the outline
 * recognisable; in smaller boxes a mapper sees the distortion, so they keep
 * exact coordinates. */
#define ROUND_MIN_EXTENT 8.0

static const char *const shape_names[] = {
  [QR_PRIMITIVE_BLOCK] = "block",
  [QR_PRIMITIVE_WEDGE] = "wedge",
  [QR_PRIMITIVE_CYLINDER] = "cylinder",
  [QR_PRIMITIVE_CONE] = "cone",
  [QR_PRIMITIVE_SPHERE] = "sphere",
  [QR_PRIMITIVE_ARCH] = "arch",
};

/* ------------------------------------------------------------------------
 * A convex polyhedron under construction.
 */

typedef struct
{
  GArray *verts; /* owned, QrVec3 */
  GArray *index; /* owned, int: polygon after polygon, counter-clockwise from outside */
  GArray *start; /* owned, int: n_faces + 1 offsets into index */
} Mesh;

static Mesh *
mesh_new (void)
{
  Mesh *m = g_new0 (Mesh, 1);
  int zero = 0;

  m->verts = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  m->index = g_array_new (FALSE, FALSE, sizeof (int));
  m->start = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_val (m->start, zero);
  return m;
}

static void
mesh_free (Mesh *m)
{
  g_array_unref (m->verts);
  g_array_unref (m->index);
  g_array_unref (m->start);
  g_free (m);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Mesh, mesh_free)

static int
mesh_n_faces (const Mesh *m)
{
  return (int) m->start->len - 1;
}

static int
mesh_add_vertex (Mesh *m, QrVec3 p)
{
  g_array_append_val (m->verts, p);
  return (int) m->verts->len - 1;
}

static void
mesh_add_face (Mesh *m, const int *idx, int n)
{
  int end;

  g_assert (n >= 3);
  g_array_append_vals (m->index, idx, (guint) n);
  end = (int) m->index->len;
  g_array_append_val (m->start, end);
}

static void
mesh_add_triangle (Mesh *m, int a, int b, int c)
{
  const int idx[3] = { a, b, c };

  mesh_add_face (m, idx, 3);
}

static void
mesh_add_quad (Mesh *m, int a, int b, int c, int d)
{
  const int idx[4] = { a, b, c, d };

  mesh_add_face (m, idx, 4);
}

/* ------------------------------------------------------------------------
 * Plane points.
 */

static double
triangle_area2 (QrVec3 a, QrVec3 b, QrVec3 c)
{
  return qr_vec3_length (qr_vec3_cross (qr_vec3_sub (b, a), qr_vec3_sub (c, a)));
}

/* The corner, other than p[i] and p[j], that spans the largest triangle with them. */
static int
widest_third (const QrVec3 *p, int n, int i, int j)
{
  int best = -1;
  double best_area = -1.0;

  for (int k = 0; k < n; k++)
    {
      double area;

      if (k == i || k == j)
        continue;
      area = triangle_area2 (p[i], p[j], p[k]);
      if (area > best_area)
        best = k, best_area = area;
    }
  return best;
}

/* Appends three corners of the convex polygon p[0..n) (counter-clockwise from
 * outside) as the face's plane points, clockwise from outside so that
 * (p0 - p1) x (p2 - p1) points out. Consecutive corners of a many-sided cap
 * meet at nearly 180°, which makes a poorly conditioned plane, so the three
 * are spread: a far pair, then the corners that span the widest triangle.
 * p1, where the two spans meet, is the corner opposite the longest side: the
 * largest angle of a triangle has the largest sine. */
static void
append_plane_points (GArray *out, const QrVec3 *p, int n)
{
  int a = 0, b = 0, c, lo, mid, hi, at;
  double far = -1.0, ab, bc, ca;
  QrVec3 pts[3];

  for (int k = 1; k < n; k++)
    {
      double d = qr_vec3_dist (p[0], p[k]);

      if (d > far)
        b = k, far = d;
    }
  c = widest_third (p, n, a, b);
  a = widest_third (p, n, b, c);

  lo = MIN (a, MIN (b, c));
  hi = MAX (a, MAX (b, c));
  mid = a + b + c - lo - hi;

  /* lo, mid, hi run counter-clockwise; the reverse order is clockwise. */
  ab = qr_vec3_dist (p[lo], p[mid]);
  bc = qr_vec3_dist (p[mid], p[hi]);
  ca = qr_vec3_dist (p[hi], p[lo]);
  if (ab >= bc && ab >= ca)
    at = hi;
  else if (bc >= ca)
    at = lo;
  else
    at = mid;

  /* Rotations of (hi, mid, lo) with the chosen corner in the middle. */
  if (at == mid)
    pts[0] = p[hi], pts[1] = p[mid], pts[2] = p[lo];
  else if (at == lo)
    pts[0] = p[mid], pts[1] = p[lo], pts[2] = p[hi];
  else
    pts[0] = p[lo], pts[1] = p[hi], pts[2] = p[mid];
  g_array_append_vals (out, pts, 3);
}

static GArray *
mesh_to_points (const Mesh *m)
{
  GArray *out = g_array_sized_new (FALSE, FALSE, sizeof (QrVec3), 3 * (guint) mesh_n_faces (m));
  g_autoptr(GArray) poly = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  const QrVec3 *verts = (const QrVec3 *) (gpointer) m->verts->data;

  for (int f = 0; f < mesh_n_faces (m); f++)
    {
      int first = g_array_index (m->start, int, f);
      int end = g_array_index (m->start, int, f + 1);

      g_array_set_size (poly, 0);
      for (int k = first; k < end; k++)
        g_array_append_val (poly, verts[g_array_index (m->index, int, k)]);
      append_plane_points (out, (const QrVec3 *) (gpointer) poly->data, end - first);
    }
  return out;
}

/* ------------------------------------------------------------------------
 * Coordinates.
 */

/* A point in the plane across the shape's axis. */
typedef struct
{
  double u, v;
} UV;

typedef enum
{
  COORDS_ROUND, /* rim coordinates to the nearest integer */
  COORDS_SNAP,  /* within QR_EPS_SNAP of an integer to it */
  COORDS_RAW,   /* as computed */
} CoordMode;

static double
snap (double x)
{
  double r = round (x);

  return fabs (x - r) <= QR_EPS_SNAP ? r : x;
}

/* A computed rim coordinate in the given mode, kept within [lo, hi]. */
static double
rim_coord (double x, CoordMode mode, double lo, double hi)
{
  if (mode == COORDS_ROUND)
    x = round (x);
  else if (mode == COORDS_SNAP)
    x = snap (x);
  return CLAMP (x, lo, hi);
}

/* A computed coordinate along the axis: snapped, never rounded, since the
 * heights a mapper asks for (an arch's added height) need not be integers. */
static double
height_coord (double x, CoordMode mode)
{
  return mode == COORDS_RAW ? x : snap (x);
}

/* cos and sin of an angle in degrees. Quarter turns are exact (cos 90° in
 * radians is 6e-17, which would tilt an axial face), and angles beyond 45° in
 * a quadrant are taken from their complement, so that corners symmetric about
 * an axis come out exactly mirrored. */
static void
unit_circle (double degrees, double *c, double *s)
{
  double d = fmod (degrees, 360.0), r, cr, sr;
  int quadrant;

  if (d < 0.0)
    d += 360.0;
  quadrant = (int) (d / 90.0);
  if (quadrant > 3) /* a tiny negative angle plus 360 */
    quadrant = 0, d = 0.0;
  r = d - 90.0 * quadrant;
  if (r <= 45.0)
    {
      cr = cos (r * (G_PI / 180.0));
      sr = sin (r * (G_PI / 180.0));
    }
  else
    {
      cr = sin ((90.0 - r) * (G_PI / 180.0));
      sr = cos ((90.0 - r) * (G_PI / 180.0));
    }
  switch (quadrant)
    {
    case 0: *c = cr, *s = sr; break;
    case 1: *c = -sr, *s = cr; break;
    case 2: *c = -cr, *s = -sr; break;
    default: *c = sr, *s = -cr; break;
    }
}

/* The box seen along the shape's axis: (u, v, axis) is right-handed, u the
 * first axis after `axis`, and angles run counter-clockwise from +u seen from
 * +axis. */
typedef struct
{
  int axis, u, v;
  double lo, hi;          /* the box along the axis */
  double umin, umax, vmin, vmax;
  double cu, cv, ru, rv;  /* centre and semi-axes of the inscribed ellipse */
  CoordMode mode;
} Frame;

static Frame
frame_init (const QrPrimitiveSpec *spec, int axis, CoordMode mode)
{
  Frame f;

  f.axis = axis;
  f.u = (axis + 1) % 3;
  f.v = (axis + 2) % 3;
  f.lo = qr_vec3_get (spec->box.min, axis);
  f.hi = qr_vec3_get (spec->box.max, axis);
  f.umin = qr_vec3_get (spec->box.min, f.u);
  f.umax = qr_vec3_get (spec->box.max, f.u);
  f.vmin = qr_vec3_get (spec->box.min, f.v);
  f.vmax = qr_vec3_get (spec->box.max, f.v);
  f.cu = (f.umin + f.umax) / 2;
  f.cv = (f.vmin + f.vmax) / 2;
  f.ru = (f.umax - f.umin) / 2;
  f.rv = (f.vmax - f.vmin) / 2;
  f.mode = mode;
  return f;
}

static QrVec3
frame_point (const Frame *f, UV uv, double h)
{
  QrVec3 p = { 0, 0, 0 };

  qr_vec3_set (&p, f->u, uv.u);
  qr_vec3_set (&p, f->v, uv.v);
  qr_vec3_set (&p, f->axis, h);
  return p;
}

/* The point at `degrees` on the ellipse with the frame's centre and the given
 * semi-axes, scaled by `scale` (a sphere's ring), in frame coordinates. */
static UV
ellipse_point (const Frame *f, double ru, double rv, double scale, double degrees)
{
  double c, s;

  unit_circle (degrees, &c, &s);
  return (UV) {
    rim_coord (f->cu + ru * scale * c, f->mode, f->umin, f->umax),
    rim_coord (f->cv + rv * scale * s, f->mode, f->vmin, f->vmax),
  };
}

/* The ellipse's centre, where a cone's apex and a sphere's poles stand. */
static UV
centre_point (const Frame *f)
{
  return (UV) {
    rim_coord (f->cu, f->mode, f->umin, f->umax),
    rim_coord (f->cv, f->mode, f->vmin, f->vmax),
  };
}

/* ------------------------------------------------------------------------
 * Shapes.
 */

/* A prism along the frame's axis from lo to hi over the convex polygon uv,
 * given in either winding. */
static Mesh *
prism_new (const Frame *f, const UV *uv, int n, double lo, double hi)
{
  Mesh *m = mesh_new ();
  g_autofree int *ring = g_new (int, n);
  double area2 = 0;
  bool ccw;

  for (int i = 0; i < n; i++)
    {
      UV a = uv[i], b = uv[(i + 1) % n];

      area2 += a.u * b.v - a.v * b.u;
    }
  ccw = area2 > 0;

  for (int i = 0; i < n; i++)
    mesh_add_vertex (m, frame_point (f, uv[ccw ? i : n - 1 - i], lo));
  for (int i = 0; i < n; i++)
    mesh_add_vertex (m, frame_point (f, uv[ccw ? i : n - 1 - i], hi));

  /* Vertices [0, n) at lo and [n, 2n) at hi run counter-clockwise seen from +axis. */
  for (int i = 0; i < n; i++)
    ring[i] = n - 1 - i;
  mesh_add_face (m, ring, n);
  for (int i = 0; i < n; i++)
    ring[i] = n + i;
  mesh_add_face (m, ring, n);
  for (int i = 0; i < n; i++)
    {
      int j = (i + 1) % n;

      mesh_add_quad (m, i, j, n + j, n + i);
    }
  return m;
}

static Mesh *
block_new (const QrPrimitiveSpec *spec)
{
  Frame f = frame_init (spec, 2, COORDS_RAW);
  const UV uv[4] = {
    { f.umin, f.vmin }, { f.umax, f.vmin }, { f.umax, f.vmax }, { f.umin, f.vmax },
  };

  return prism_new (&f, uv, 4, f.lo, f.hi);
}

/* A prism along y over the right triangle in the x-z plane with its right
 * angle at (max x, min z): the slope rises along +x. */
static Mesh *
wedge_new (const QrPrimitiveSpec *spec)
{
  Frame f = frame_init (spec, 1, COORDS_RAW); /* u = z, v = x */
  const UV uv[3] = {
    { f.umin, f.vmin }, { f.umin, f.vmax }, { f.umax, f.vmax },
  };

  return prism_new (&f, uv, 3, f.lo, f.hi);
}

/* Rim vertex i of n at i / n of a turn from +u: vertex 0 touches the box at
 * +u, and with n a multiple of 4 the polygon touches all four sides. */
static UV *
rim_new (const Frame *f, int n)
{
  UV *uv = g_new (UV, n);

  for (int i = 0; i < n; i++)
    uv[i] = ellipse_point (f, f->ru, f->rv, 1.0, i * 360.0 / n);
  return uv;
}

static Mesh *
cylinder_new (const QrPrimitiveSpec *spec, CoordMode mode)
{
  Frame f = frame_init (spec, spec->axis, mode);
  g_autofree UV *uv = rim_new (&f, spec->sides);

  return prism_new (&f, uv, spec->sides, f.lo, f.hi);
}

static Mesh *
cone_new (const QrPrimitiveSpec *spec, CoordMode mode)
{
  Frame f = frame_init (spec, spec->axis, mode);
  g_autofree UV *uv = rim_new (&f, spec->sides);
  int n = spec->sides, apex;
  Mesh *m = mesh_new ();
  g_autofree int *ring = g_new (int, n);

  for (int i = 0; i < n; i++)
    mesh_add_vertex (m, frame_point (&f, uv[i], f.lo));
  apex = mesh_add_vertex (m, frame_point (&f, centre_point (&f), f.hi));
  for (int i = 0; i < n; i++)
    ring[i] = n - 1 - i;
  mesh_add_face (m, ring, n);
  for (int i = 0; i < n; i++)
    mesh_add_triangle (m, i, (i + 1) % n, apex);
  return m;
}

/* A UV sphere around the axis: rings at latitudes -90° + 180° j / stacks,
 * j = 1..stacks-1, each of `sides` vertices at the cylinder's angles, and a
 * vertex at each pole. An affine image of a sphere's, so the band quads stay
 * planar on an ellipsoid. */
static Mesh *
sphere_new (const QrPrimitiveSpec *spec, CoordMode mode)
{
  Frame f = frame_init (spec, spec->axis, mode);
  int n = spec->sides, stacks = spec->stacks, south, north;
  double ch = (f.lo + f.hi) / 2, rh = (f.hi - f.lo) / 2;
  Mesh *m = mesh_new ();

  south = mesh_add_vertex (m, frame_point (&f, centre_point (&f), f.lo));
  for (int j = 1; j < stacks; j++)
    {
      double c, s, h;

      unit_circle (-90.0 + 180.0 * j / stacks, &c, &s);
      h = rim_coord (ch + rh * s, mode, f.lo, f.hi);
      for (int i = 0; i < n; i++)
        mesh_add_vertex (m, frame_point (&f, ellipse_point (&f, f.ru, f.rv, c, i * 360.0 / n), h));
    }
  north = mesh_add_vertex (m, frame_point (&f, centre_point (&f), f.hi));

  /* Vertex i of ring j (1-based) is 1 + (j - 1) n + i. */
  for (int i = 0; i < n; i++)
    mesh_add_triangle (m, south, 1 + (i + 1) % n, 1 + i);
  for (int j = 1; j + 1 < stacks; j++)
    for (int i = 0; i < n; i++)
      {
        int a = 1 + (j - 1) * n, b = a + n, i1 = (i + 1) % n;

        mesh_add_quad (m, a + i, a + i1, b + i1, b + i);
      }
  for (int i = 0; i < n; i++)
    {
      int a = 1 + (stacks - 2) * n;

      mesh_add_triangle (m, a + i, a + (i + 1) % n, north);
    }
  return m;
}

static double
arch_radius (const QrPrimitiveSpec *spec)
{
  Frame f = frame_init (spec, spec->axis, COORDS_RAW);

  return qr_min (f.ru, f.rv);
}

/* Segment i spans i / sides to (i + 1) / sides of the arc, counter-clockwise
 * seen from +axis, and is raised by i * add_height along the axis. Neighbours
 * share their end corners, computed once per angle, so they meet exactly. */
static GPtrArray *
arch_new (const QrPrimitiveSpec *spec, CoordMode mode)
{
  Frame f = frame_init (spec, spec->axis, mode);
  GPtrArray *brushes = g_ptr_array_new_with_free_func ((GDestroyNotify) mesh_free);
  int n = spec->sides;
  g_autofree UV *outer = g_new (UV, n + 1);
  g_autofree UV *inner = g_new (UV, n + 1);

  for (int i = 0; i <= n; i++)
    {
      double degrees = spec->start_degrees + spec->arc_degrees * i / n;

      outer[i] = ellipse_point (&f, f.ru, f.rv, 1.0, degrees);
      inner[i] = ellipse_point (&f, f.ru - spec->wall_width, f.rv - spec->wall_width, 1.0, degrees);
    }
  for (int i = 0; i < n; i++)
    {
      const UV quad[4] = { outer[i], outer[i + 1], inner[i + 1], inner[i] };
      double raise = spec->add_height * i;

      g_ptr_array_add (brushes, prism_new (&f, quad, 4,
                                           height_coord (f.lo + raise, mode),
                                           height_coord (f.hi + raise, mode)));
    }
  return brushes;
}

static GPtrArray *
meshes_new (const QrPrimitiveSpec *spec, CoordMode mode)
{
  GPtrArray *meshes;

  if (spec->shape == QR_PRIMITIVE_ARCH)
    return arch_new (spec, mode);

  meshes = g_ptr_array_new_with_free_func ((GDestroyNotify) mesh_free);
  switch (spec->shape)
    {
    case QR_PRIMITIVE_BLOCK:
      g_ptr_array_add (meshes, block_new (spec));
      break;
    case QR_PRIMITIVE_WEDGE:
      g_ptr_array_add (meshes, wedge_new (spec));
      break;
    case QR_PRIMITIVE_CYLINDER:
      g_ptr_array_add (meshes, cylinder_new (spec, mode));
      break;
    case QR_PRIMITIVE_CONE:
      g_ptr_array_add (meshes, cone_new (spec, mode));
      break;
    case QR_PRIMITIVE_SPHERE:
      g_ptr_array_add (meshes, sphere_new (spec, mode));
      break;
    case QR_PRIMITIVE_ARCH:
    default:
      g_assert_not_reached ();
    }
  return meshes;
}

/* ------------------------------------------------------------------------
 * Checking and choosing.
 */

/* Where the brushes may reach: the box, extended along the axis by an arch's
 * added height. */
static QrBounds
allowed_bounds (const QrPrimitiveSpec *spec)
{
  QrBounds b = spec->box;

  if (spec->shape == QR_PRIMITIVE_ARCH)
    {
      int axis = spec->axis;
      double top_raise = spec->add_height * (spec->sides - 1);

      qr_vec3_set (&b.min, axis, qr_vec3_get (b.min, axis) + qr_min (0, top_raise));
      qr_vec3_set (&b.max, axis, qr_vec3_get (b.max, axis) + qr_max (0, top_raise));
    }
  return b;
}

static bool
has_vertex (const QrPolytope *p, QrVec3 v)
{
  for (int i = 0; i < p->n_verts; i++)
    {
      QrVec3 d = qr_vec3_sub (p->verts[i], v);

      if (qr_vec3_max_abs (d) <= QR_EPS_WELD)
        return true;
    }
  return false;
}

/* The brush is what the mesh says: valid, every polygon a face, within the
 * allowed bounds, and — unless `corners_may_move` — every mesh vertex a brush
 * vertex, which a rounded outline that went concave would break. */
static bool
mesh_confirmed (QrPolyBuilder *b, const Mesh *m, GArray *points, QrBounds allowed,
                bool corners_may_move)
{
  g_autoptr(QrPolytope) p = qr_polytope_build (b, (const QrVec3 *) (gpointer) points->data,
                                               mesh_n_faces (m));

  if (p->status != QR_POLY_OK || qr_polytope_polygon_count (p) != mesh_n_faces (m))
    return false;
  for (int axis = 0; axis < 3; axis++)
    if (qr_vec3_get (p->bounds.min, axis) < qr_vec3_get (allowed.min, axis) - QR_EPS_ON_PLANE
        || qr_vec3_get (p->bounds.max, axis) > qr_vec3_get (allowed.max, axis) + QR_EPS_ON_PLANE)
      return false;
  if (corners_may_move)
    return true;
  if (p->n_verts != m->verts->len)
    return false;
  for (guint i = 0; i < m->verts->len; i++)
    if (!has_vertex (p, g_array_index (m->verts, QrVec3, i)))
      return false;
  return true;
}

/* The brushes in one coordinate mode, or NULL when any of them fails. */
static GPtrArray *
brushes_try (const QrPrimitiveSpec *spec, CoordMode mode, QrPolyBuilder *b)
{
  g_autoptr(GPtrArray) meshes = meshes_new (spec, mode);
  g_autoptr(GPtrArray) brushes = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  QrBounds allowed = allowed_bounds (spec);
  /* Rounded sphere corners leave the band quads non-planar: the faces are
   * planes through three of them, and the fourth corner lands near, not on,
   * the brush. */
  bool corners_may_move = spec->shape == QR_PRIMITIVE_SPHERE && mode == COORDS_ROUND;

  for (guint i = 0; i < meshes->len; i++)
    {
      const Mesh *m = g_ptr_array_index (meshes, i);
      g_autoptr(GArray) points = mesh_to_points (m);

      if (!mesh_confirmed (b, m, points, allowed, corners_may_move))
        return NULL;
      g_ptr_array_add (brushes, g_steal_pointer (&points));
    }
  return g_steal_pointer (&brushes);
}

static bool
is_integer (double x)
{
  return x == round (x);
}

static bool
may_round (const QrPrimitiveSpec *spec)
{
  QrVec3 size = qr_vec3_sub (spec->box.max, spec->box.min);

  if (spec->shape == QR_PRIMITIVE_BLOCK || spec->shape == QR_PRIMITIVE_WEDGE)
    return false;
  for (int axis = 0; axis < 3; axis++)
    {
      if (!is_integer (qr_vec3_get (spec->box.min, axis))
          || !is_integer (qr_vec3_get (spec->box.max, axis)))
        return false;
      /* The sphere is round in every plane; the others only across the axis. */
      if ((spec->shape == QR_PRIMITIVE_SPHERE || axis != spec->axis)
          && qr_vec3_get (size, axis) < ROUND_MIN_EXTENT)
        return false;
    }
  return true;
}

/* ------------------------------------------------------------------------
 * Parameters.
 */

static bool
invalid (GError **error, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static bool
invalid (GError **error, const char *fmt, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, fmt);
  msg = g_strdup_vprintf (fmt, args);
  va_end (args);
  g_set_error_literal (error, QR_PRIMITIVE_ERROR, QR_PRIMITIVE_ERROR_INVALID, msg);
  return false;
}

static bool
spec_validate (const QrPrimitiveSpec *spec, GError **error)
{
  const char *name;
  static const char axis_names[] = "xyz";

  if ((int) spec->shape < QR_PRIMITIVE_BLOCK || spec->shape > QR_PRIMITIVE_ARCH)
    return invalid (error, "unknown primitive shape %d", (int) spec->shape);
  name = shape_names[spec->shape];

  for (int axis = 0; axis < 3; axis++)
    {
      double lo = qr_vec3_get (spec->box.min, axis), hi = qr_vec3_get (spec->box.max, axis);

      if (!isfinite (lo) || !isfinite (hi))
        return invalid (error, "%s: the box is not finite along %c", name, axis_names[axis]);
      if (!(lo < hi))
        return invalid (error, "%s: the box is %s along %c (%g to %g)", name,
                        lo > hi ? "empty" : "flat", axis_names[axis], lo, hi);
    }

  if (spec->shape == QR_PRIMITIVE_BLOCK || spec->shape == QR_PRIMITIVE_WEDGE)
    return true;

  if (spec->axis < 0 || spec->axis > 2)
    return invalid (error, "%s: the axis must be 0 (x), 1 (y) or 2 (z), not %d", name, spec->axis);
  if (spec->sides < MIN_SIDES || spec->sides > MAX_SIDES)
    return invalid (error, "%s: the number of %s must be between %d and %d, not %d", name,
                    spec->shape == QR_PRIMITIVE_SPHERE ? "slices"
                    : spec->shape == QR_PRIMITIVE_ARCH ? "segments" : "sides",
                    MIN_SIDES, MAX_SIDES, spec->sides);
  if (spec->shape == QR_PRIMITIVE_SPHERE
      && (spec->stacks < MIN_STACKS || spec->stacks > MAX_STACKS))
    return invalid (error, "sphere: the number of stacks must be between %d and %d, not %d",
                    MIN_STACKS, MAX_STACKS, spec->stacks);

  if (spec->shape == QR_PRIMITIVE_ARCH)
    {
      double radius = arch_radius (spec);

      if (!(spec->arc_degrees > 0.0 && spec->arc_degrees <= 360.0))
        return invalid (error, "arch: the arc must be more than 0 and at most 360 degrees, not %g",
                        spec->arc_degrees);
      if (!isfinite (spec->start_degrees))
        return invalid (error, "arch: the start angle is not finite");
      if (!(spec->wall_width > 0.0 && spec->wall_width < radius))
        return invalid (error, "arch: the wall width must be more than 0 and less than the "
                        "radius %g, not %g", radius, spec->wall_width);
      if (!isfinite (spec->add_height))
        return invalid (error, "arch: the added height is not finite");
    }
  return true;
}

/* ------------------------------------------------------------------------
 * Public entry points.
 */

void
qr_primitive_spec_init (QrPrimitiveSpec *spec, QrPrimitiveShape shape, QrBounds box)
{
  g_return_if_fail (spec != NULL);

  *spec = (QrPrimitiveSpec) {
    .shape = shape,
    .box = box,
    .axis = 2,
    .sides = 8,
    .stacks = 8,
    .arc_degrees = 180.0,
    .start_degrees = 0.0,
    .add_height = 0.0,
  };
  spec->wall_width = arch_radius (spec) / 4;
}

GPtrArray *
qr_primitive_build (const QrPrimitiveSpec *spec, GError **error)
{
  g_autoptr(QrPolyBuilder) builder = NULL;
  CoordMode modes[3];
  int n_modes = 0;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!spec_validate (spec, error))
    return NULL;

  if (may_round (spec))
    modes[n_modes++] = COORDS_ROUND;
  modes[n_modes++] = COORDS_SNAP;
  modes[n_modes++] = COORDS_RAW;

  builder = qr_poly_builder_new ();
  for (int i = 0; i < n_modes; i++)
    {
      GPtrArray *brushes = brushes_try (spec, modes[i], builder);

      if (brushes != NULL)
        return brushes;
    }

  invalid (error, "%s: the box is too small for this shape with these parameters",
           shape_names[spec->shape]);
  return NULL;
}
