#include <math.h>
#include <string.h>
#include <glib.h>
#include "qr-eps.h"
#include "qr-plane.h"
#include "qr-polytope.h"
#include "qr-primitive.h"
#include "qr-test-assert.h"

#define assert_relative(got, want, rel) \
  G_STMT_START { \
    double g_ = (got), w_ = (want); \
    if (!(fabs (g_ - w_) <= (rel) * fabs (w_))) \
      { \
        g_autofree char *msg_ = g_strdup_printf ("%s ~ %s: got %.17g, expected %.17g (rel %g)", \
                                                 #got, #want, g_, w_, (double) (rel)); \
        g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, msg_); \
      } \
  } G_STMT_END

static QrBounds
box (double x0, double y0, double z0, double x1, double y1, double z1)
{
  return (QrBounds) { { x0, y0, z0 }, { x1, y1, z1 } };
}

static double
box_size (QrBounds b)
{
  return qr_vec3_max_abs (qr_vec3_sub (b.max, b.min));
}

static bool
is_integer (double x)
{
  return x == round (x);
}

/* ------------------------------------------------------------------------
 * A built primitive, every brush already confirmed by qr_polytope_build and
 * qr_polytope_check.
 */

typedef struct
{
  QrPrimitiveSpec spec;
  QrBounds allowed;  /* the box, extended along the axis by an arch's added height */
  GPtrArray *brushes; /* owned, GArray of QrVec3, 3 per face */
  GPtrArray *polys;   /* owned, QrPolytope, one per brush */
} Built;

static void
built_free (Built *b)
{
  g_ptr_array_unref (b->brushes);
  g_ptr_array_unref (b->polys);
  g_free (b);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Built, built_free)

static GArray *
brush_at (const Built *b, guint i)
{
  return g_ptr_array_index (b->brushes, i);
}

static const QrVec3 *
brush_points (const Built *b, guint i)
{
  return (const QrVec3 *) (gpointer) brush_at (b, i)->data;
}

static int
brush_n_faces (const Built *b, guint i)
{
  return (int) brush_at (b, i)->len / 3;
}

static const QrPolytope *
poly_at (const Built *b, guint i)
{
  return g_ptr_array_index (b->polys, i);
}

static Built *
built_new (const QrPrimitiveSpec *spec)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QrPolyBuilder) builder = qr_poly_builder_new ();
  Built *b = g_new0 (Built, 1);
  double tol = QR_EPS_CHECK_RELATIVE * qr_max (1.0, box_size (spec->box));

  b->spec = *spec;
  b->brushes = qr_primitive_build (spec, &error);
  g_assert_no_error (error);
  g_assert_nonnull (b->brushes);
  g_assert_cmpuint (b->brushes->len, >, 0);
  b->polys = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_polytope_free);

  b->allowed = spec->box;
  if (spec->shape == QR_PRIMITIVE_ARCH)
    {
      double raise = spec->add_height * (spec->sides - 1);

      qr_vec3_set (&b->allowed.min, spec->axis, qr_vec3_get (spec->box.min, spec->axis) + qr_min (0, raise));
      qr_vec3_set (&b->allowed.max, spec->axis, qr_vec3_get (spec->box.max, spec->axis) + qr_max (0, raise));
    }

  for (guint i = 0; i < b->brushes->len; i++)
    {
      QrPolytope *p;
      g_autofree char *why = NULL;

      g_assert_cmpuint (brush_at (b, i)->len % 3, ==, 0);
      /* Plane points are corners, so they too lie in the box, exactly. */
      for (guint k = 0; k < brush_at (b, i)->len; k++)
        for (int axis = 0; axis < 3; axis++)
          {
            double x = qr_vec3_get (brush_points (b, i)[k], axis);

            g_assert_cmpfloat (x, >=, qr_vec3_get (b->allowed.min, axis));
            g_assert_cmpfloat (x, <=, qr_vec3_get (b->allowed.max, axis));
          }
      p = qr_polytope_build (builder, brush_points (b, i), brush_n_faces (b, i));
      g_ptr_array_add (b->polys, p);
      g_assert_cmpstr (qr_poly_status_to_string (p->status), ==, "ok");
      if (!qr_polytope_check (p, brush_points (b, i), tol, &why))
        g_error ("brush %u fails its check: %s", i, why);
      /* Every face has a polygon: no redundant plane. */
      g_assert_cmpint (qr_polytope_polygon_count (p), ==, brush_n_faces (b, i));
      for (int axis = 0; axis < 3; axis++)
        {
          g_assert_cmpfloat (qr_vec3_get (p->bounds.min, axis), >=, qr_vec3_get (b->allowed.min, axis) - tol);
          g_assert_cmpfloat (qr_vec3_get (p->bounds.max, axis), <=, qr_vec3_get (b->allowed.max, axis) + tol);
        }
    }
  return b;
}

static QrPrimitiveSpec
spec_make (QrPrimitiveShape shape, QrBounds bx, int axis, int sides)
{
  QrPrimitiveSpec s;

  qr_primitive_spec_init (&s, shape, bx);
  s.axis = axis;
  s.sides = sides;
  return s;
}

static double
total_volume (const Built *b)
{
  double v = 0;

  for (guint i = 0; i < b->polys->len; i++)
    v += qr_polytope_volume (poly_at (b, i));
  return v;
}

static bool
all_points_integral (const Built *b)
{
  for (guint i = 0; i < b->brushes->len; i++)
    for (guint k = 0; k < brush_at (b, i)->len; k++)
      {
        QrVec3 p = brush_points (b, i)[k];

        if (!is_integer (p.x) || !is_integer (p.y) || !is_integer (p.z))
          return false;
      }
  return true;
}

/* Every brush vertex on the integer grid, up to the clipper's noise: vertices
 * come from clipping a 2^22 base winding, which leaves ~1e-9. */
static bool
all_verts_integral (const Built *b)
{
  for (guint i = 0; i < b->polys->len; i++)
    for (int k = 0; k < poly_at (b, i)->n_verts; k++)
      for (int axis = 0; axis < 3; axis++)
        {
          double x = qr_vec3_get (poly_at (b, i)->verts[k], axis);

          if (fabs (x - round (x)) > QR_EPS_ON_PLANE)
            {
              g_test_message ("vertex coordinate %.17g", x);
              return false;
            }
        }
  return true;
}

/* The in-plane ellipse equation of point p for the spec's box and axis,
 * scaled by `shrink` on both semi-axes: 1 on the ellipse. */
static double
ellipse_value (const QrPrimitiveSpec *s, QrVec3 p, double shrink)
{
  int u = (s->axis + 1) % 3, v = (s->axis + 2) % 3;
  double cu = (qr_vec3_get (s->box.min, u) + qr_vec3_get (s->box.max, u)) / 2;
  double cv = (qr_vec3_get (s->box.min, v) + qr_vec3_get (s->box.max, v)) / 2;
  double ru = (qr_vec3_get (s->box.max, u) - qr_vec3_get (s->box.min, u)) / 2 - shrink;
  double rv = (qr_vec3_get (s->box.max, v) - qr_vec3_get (s->box.min, v)) / 2 - shrink;
  double du = (qr_vec3_get (p, u) - cu) / ru, dv = (qr_vec3_get (p, v) - cv) / rv;

  return du * du + dv * dv;
}

static double
extent (QrBounds b, int axis)
{
  return qr_vec3_get (b.max, axis) - qr_vec3_get (b.min, axis);
}

/* Area of the n-gon with vertices at i / n of a turn on the box's ellipse. */
static double
ngon_area (QrBounds b, int axis, int n)
{
  double ru = extent (b, (axis + 1) % 3) / 2, rv = extent (b, (axis + 2) % 3) / 2;

  return n / 2.0 * ru * rv * sin (2 * G_PI / n);
}

/* ------------------------------------------------------------------------
 * Block and wedge.
 */

static const QrBounds *
plain_boxes (int *n)
{
  static QrBounds boxes[4];

  boxes[0] = box (0, 0, 0, 64, 32, 16);
  boxes[1] = box (-8, -8, -8, 8, 8, 8);
  boxes[2] = box (0.5, 0.25, -3.125, 7.75, 1, 2);
  boxes[3] = box (-4096, 1000, -17, 4096, 1001, 4000);
  *n = 4;
  return boxes;
}

static void
test_block (void)
{
  int n_boxes;
  const QrBounds *boxes = plain_boxes (&n_boxes);

  for (int bi = 0; bi < n_boxes; bi++)
    {
      QrPrimitiveSpec s = spec_make (QR_PRIMITIVE_BLOCK, boxes[bi], 2, 8);
      g_autoptr(Built) b = built_new (&s);
      const QrPolytope *p;

      g_assert_cmpuint (b->brushes->len, ==, 1);
      g_assert_cmpint (brush_n_faces (b, 0), ==, 6);
      p = poly_at (b, 0);
      g_assert_cmpint (p->n_verts, ==, 8);
      g_assert_true (qr_vec3_equal (p->bounds.min, boxes[bi].min));
      g_assert_true (qr_vec3_equal (p->bounds.max, boxes[bi].max));
      assert_relative (qr_polytope_volume (p),
                       extent (boxes[bi], 0) * extent (boxes[bi], 1) * extent (boxes[bi], 2), 1e-12);
      /* Plane points are the box's corners, coordinate for coordinate. */
      for (int k = 0; k < 18; k++)
        for (int axis = 0; axis < 3; axis++)
          {
            double x = qr_vec3_get (brush_points (b, 0)[k], axis);

            g_assert_true (x == qr_vec3_get (boxes[bi].min, axis) || x == qr_vec3_get (boxes[bi].max, axis));
          }
      /* Axial faces: every plane comes out exactly axial. */
      for (int f = 0; f < 6; f++)
        {
          QrPlane plane;

          g_assert_true (qr_plane_from_points (brush_points (b, 0) + 3 * f, &plane));
          g_assert_cmpint (qr_plane_axis (&plane), !=, QR_PLANE_NOT_AXIAL);
        }
      if (bi < 2)
        g_assert_true (all_points_integral (b));
    }
}

static void
test_wedge (void)
{
  int n_boxes;
  const QrBounds *boxes = plain_boxes (&n_boxes);

  for (int bi = 0; bi < n_boxes; bi++)
    {
      QrBounds bx = boxes[bi];
      double tol = 1e-6 * box_size (bx);
      QrPrimitiveSpec s = spec_make (QR_PRIMITIVE_WEDGE, bx, 2, 8);
      g_autoptr(Built) b = built_new (&s);
      const QrPolytope *p;
      int n_slopes = 0;

      g_assert_cmpuint (b->brushes->len, ==, 1);
      g_assert_cmpint (brush_n_faces (b, 0), ==, 5);
      p = poly_at (b, 0);
      g_assert_cmpint (p->n_verts, ==, 6);
      /* Exact up to the clipper's noise on the slope's corners (~1e-10). */
      assert_relative (qr_polytope_volume (p),
                       extent (bx, 0) * extent (bx, 1) * extent (bx, 2) / 2, 1e-9);

      /* The slope rises along +x: the top edge is at max x, the bottom
       * corners span the whole floor. Vertices on the slope come from
       * clipping, so they are exact only to the clipper's noise. */
      for (int k = 0; k < p->n_verts; k++)
        {
          QrVec3 v = p->verts[k];

          if (fabs (v.z - bx.max.z) < tol)
            g_assert_cmpfloat_with_epsilon (v.x, bx.max.x, tol);
          else
            g_assert_cmpfloat_with_epsilon (v.z, bx.min.z, tol);
        }
      for (int axis = 0; axis < 3; axis++)
        {
          g_assert_cmpfloat_with_epsilon (qr_vec3_get (p->bounds.min, axis), qr_vec3_get (bx.min, axis), tol);
          g_assert_cmpfloat_with_epsilon (qr_vec3_get (p->bounds.max, axis), qr_vec3_get (bx.max, axis), tol);
        }
      /* The plane points are the box's coordinates, exactly. */
      for (int k = 0; k < 15; k++)
        for (int axis = 0; axis < 3; axis++)
          {
            double x = qr_vec3_get (brush_points (b, 0)[k], axis);

            g_assert_true (x == qr_vec3_get (bx.min, axis) || x == qr_vec3_get (bx.max, axis));
          }
      for (int f = 0; f < 5; f++)
        {
          QrPlane plane;

          g_assert_true (qr_plane_from_points (brush_points (b, 0) + 3 * f, &plane));
          if (qr_plane_axis (&plane) != QR_PLANE_NOT_AXIAL)
            continue;
          n_slopes++;
          g_assert_cmpfloat (plane.normal.x, <, 0);
          g_assert_cmpfloat (plane.normal.z, >, 0);
          qr_test_assert_exact (plane.normal.y, 0);
        }
      g_assert_cmpint (n_slopes, ==, 1);
      if (bi < 2)
        g_assert_true (all_points_integral (b));
    }
}

/* ------------------------------------------------------------------------
 * Cylinder and cone.
 */

static const int round_sides[] = { 3, 4, 5, 6, 7, 8, 12, 13, 16, 31, 32, 64 };

/* Large and integral (rounding tried), and fractional (exact). An exact
 * coordinate within 0.001 of an integer would be snapped, so the fractional
 * boxes were picked to have no rim coordinate within 0.003 of one, for all
 * the sides and axes used with them. */
static const QrBounds *
round_boxes (int *n, int *n_integral)
{
  static QrBounds boxes[4];

  boxes[0] = box (0, 0, 0, 256, 128, 64);
  boxes[1] = box (-40, -24, -8, 40, 24, 8);
  boxes[2] = box (135.03, 22.58, 56.92, 150.25, 82.17, 109.22);
  boxes[3] = box (-117.7, 69.66, -26.82, -102.02, 80.4, 14.81);
  *n = 4;
  *n_integral = 2;
  return boxes;
}

/* Every vertex off the axis lies on the ellipse (or, for an arch, the inner
 * one); the callers' other branch asserts the rounded case, so a mixture of
 * the two fails. */
static bool
rim_is_exact (const Built *b, double shrink_for_inner)
{
  const QrPrimitiveSpec *s = &b->spec;

  for (guint i = 0; i < b->polys->len; i++)
    for (int k = 0; k < poly_at (b, i)->n_verts; k++)
      {
        QrVec3 v = poly_at (b, i)->verts[k];
        double outer = ellipse_value (s, v, 0);
        double inner = ellipse_value (s, v, shrink_for_inner);

        if (outer < 1e-6)
          continue; /* on the axis: an apex or a pole */
        if (fabs (outer - 1) > 1e-9 && fabs (inner - 1) > 1e-9)
          return false;
      }
  return true;
}

static void
test_cylinder (void)
{
  int n_boxes, n_integral;
  const QrBounds *boxes = round_boxes (&n_boxes, &n_integral);
  int n_rounded = 0, n_exact = 0;

  for (int bi = 0; bi < n_boxes; bi++)
    for (int axis = 0; axis < 3; axis++)
      for (gsize si = 0; si < G_N_ELEMENTS (round_sides); si++)
        {
          int n = round_sides[si];
          QrPrimitiveSpec s = spec_make (QR_PRIMITIVE_CYLINDER, boxes[bi], axis, n);
          g_autoptr(Built) b = built_new (&s);
          const QrPolytope *p = poly_at (b, 0);
          double exact_volume = ngon_area (boxes[bi], axis, n) * extent (boxes[bi], axis);

          g_assert_cmpuint (b->brushes->len, ==, 1);
          g_assert_cmpint (brush_n_faces (b, 0), ==, n + 2);
          g_assert_cmpint (p->n_verts, ==, 2 * n);
          /* The caps span the box along the axis. */
          qr_test_assert_exact (qr_vec3_get (p->bounds.min, axis), qr_vec3_get (boxes[bi].min, axis));
          qr_test_assert_exact (qr_vec3_get (p->bounds.max, axis), qr_vec3_get (boxes[bi].max, axis));

          if (rim_is_exact (b, 0))
            {
              n_exact++;
              assert_relative (qr_polytope_volume (p), exact_volume, 1e-9);
            }
          else
            {
              n_rounded++;
              g_assert_cmpint (bi, <, n_integral);
              g_assert_true (all_points_integral (b));
              g_assert_true (all_verts_integral (b));
              assert_relative (qr_polytope_volume (p), exact_volume, 0.05);
            }
          /* With n a multiple of 4 the rim touches all four sides. */
          if (n % 4 == 0)
            for (int k = 0; k < 3; k++)
              {
                double tol = 1e-6 * box_size (boxes[bi]);

                g_assert_cmpfloat_with_epsilon (qr_vec3_get (p->bounds.min, k), qr_vec3_get (boxes[bi].min, k), tol);
                g_assert_cmpfloat_with_epsilon (qr_vec3_get (p->bounds.max, k), qr_vec3_get (boxes[bi].max, k), tol);
              }
        }
  /* Both paths ran. */
  g_assert_cmpint (n_rounded, >, 0);
  g_assert_cmpint (n_exact, >, 0);
}

/* A brush vertex within `tol` of v on every axis. */
static bool
has_vert (const QrPolytope *p, QrVec3 v, double tol)
{
  for (int k = 0; k < p->n_verts; k++)
    if (qr_vec3_max_abs (qr_vec3_sub (p->verts[k], v)) <= tol)
      return true;
  return false;
}

/* Vertex 0 at angle 0: four sides give the diamond through the middles of
 * the box's sides, exactly, whatever the box. */
static void
test_cylinder_diamond (void)
{
  const QrBounds boxes[] = {
    box (0, 0, 0, 6, 10, 4),
    box (0, 0, 0, 5, 7, 3),
    box (-64, -32, 0, 64, 32, 128),
    box (0.25, 1.5, -2, 3.75, 2.5, 9),
  };

  for (gsize bi = 0; bi < G_N_ELEMENTS (boxes); bi++)
    for (int axis = 0; axis < 3; axis++)
      {
        QrBounds bx = boxes[bi];
        QrPrimitiveSpec s = spec_make (QR_PRIMITIVE_CYLINDER, bx, axis, 4);
        g_autoptr(Built) b = built_new (&s);
        const QrPolytope *p = poly_at (b, 0);
        int u = (axis + 1) % 3, v = (axis + 2) % 3;
        double umid = (qr_vec3_get (bx.min, u) + qr_vec3_get (bx.max, u)) / 2;
        double vmid = (qr_vec3_get (bx.min, v) + qr_vec3_get (bx.max, v)) / 2;
        const double corners[4][2] = {
          { qr_vec3_get (bx.max, u), vmid },
          { umid, qr_vec3_get (bx.max, v) },
          { qr_vec3_get (bx.min, u), vmid },
          { umid, qr_vec3_get (bx.min, v) },
        };

        g_assert_cmpint (p->n_verts, ==, 8);
        for (int c = 0; c < 4; c++)
          for (int side = 0; side < 2; side++)
            {
              QrVec3 want = side ? bx.max : bx.min;

              qr_vec3_set (&want, u, corners[c][0]);
              qr_vec3_set (&want, v, corners[c][1]);
              g_assert_true (has_vert (p, want, 1e-6 * box_size (bx)));
            }
        /* The plane points are those corners exactly. */
        for (guint k = 0; k < brush_at (b, 0)->len; k++)
          {
            QrVec3 pt = brush_points (b, 0)[k];
            bool is_corner = false;

            for (int c = 0; c < 4; c++)
              is_corner |= qr_vec3_get (pt, u) == corners[c][0] && qr_vec3_get (pt, v) == corners[c][1];
            g_assert_true (is_corner);
          }
        assert_relative (qr_polytope_volume (p),
                         extent (bx, 0) * extent (bx, 1) * extent (bx, 2) / 2, 1e-9);
      }
}

/* An integral box 8 or more across: rim vertices on the integer grid. */
static void
test_cylinder_integer (void)
{
  const int sides[] = { 5, 6, 8, 12, 16, 24 };

  for (gsize i = 0; i < G_N_ELEMENTS (sides); i++)
    for (int axis = 0; axis < 3; axis++)
      {
        QrPrimitiveSpec s = spec_make (QR_PRIMITIVE_CYLINDER, box (0, 0, 0, 256, 256, 256), axis, sides[i]);
        g_autoptr(Built) b = built_new (&s);

        g_assert_true (all_points_integral (b));
        g_assert_true (all_verts_integral (b));
        /* Rounded, not merely exact: 128 + 128 cos 30° is not an integer. */
        if (sides[i] % 3 == 0 || sides[i] == 5)
          g_assert_false (rim_is_exact (b, 0));
      }
}

/* Below 8 units across, or a box off the grid: exact rim on the ellipse. */
static void
test_cylinder_small (void)
{
  const QrBounds boxes[] = { box (0, 0, 0, 7, 7, 16), box (0, 0, 0, 64, 7, 64), box (0, 0, 0.5, 64, 64, 16) };

  for (gsize bi = 0; bi < G_N_ELEMENTS (boxes); bi++)
    {
      QrPrimitiveSpec s = spec_make (QR_PRIMITIVE_CYLINDER, boxes[bi], 2, 12);
      g_autoptr(Built) b = built_new (&s);

      g_assert_true (rim_is_exact (b, 0));
      g_assert_false (all_points_integral (b));
    }
}

/* 64 sides in an 8-unit box: rounding would merge rim vertices, so the
 * exact rim is kept and the brush keeps all its faces. */
static void
test_cylinder_round_fallback (void)
{
  QrPrimitiveSpec s = spec_make (QR_PRIMITIVE_CYLINDER, box (0, 0, 0, 8, 8, 8), 2, 64);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(Built) b = NULL;

  for (int i = 0; i < 64; i++)
    {
      double a = i * 2 * G_PI / 64;
      char *key = g_strdup_printf ("%g %g", round (4 + 4 * cos (a)), round (4 + 4 * sin (a)));

      g_ptr_array_add (keys, key);
      g_hash_table_add (seen, key);
    }
  /* The premise: naive rounding collapses the rim. */
  g_assert_cmpuint (g_hash_table_size (seen), <, 64);

  b = built_new (&s);
  g_assert_cmpint (brush_n_faces (b, 0), ==, 66);
  g_assert_cmpint (poly_at (b, 0)->n_verts, ==, 128);
  g_assert_true (rim_is_exact (b, 0));
  assert_relative (qr_polytope_volume (poly_at (b, 0)), ngon_area (s.box, 2, 64) * 8, 1e-9);
}

static void
test_cone (void)
{
  int n_boxes, n_integral;
  const QrBounds *boxes = round_boxes (&n_boxes, &n_integral);
  int n_rounded = 0, n_exact = 0;

  for (int bi = 0; bi < n_boxes; bi++)
    for (int axis = 0; axis < 3; axis++)
      for (gsize si = 0; si < G_N_ELEMENTS (round_sides); si++)
        {
          int n = round_sides[si];
          QrBounds bx = boxes[bi];
          QrPrimitiveSpec s = spec_make (QR_PRIMITIVE_CONE, bx, axis, n);
          g_autoptr(Built) b = built_new (&s);
          const QrPolytope *p = poly_at (b, 0);
          double exact_volume = ngon_area (bx, axis, n) * extent (bx, axis) / 3;
          int u = (axis + 1) % 3, v = (axis + 2) % 3, n_top = 0, n_base = 0;
          QrVec3 apex = { 0, 0, 0 };
          double tol = 1e-6 * box_size (bx);

          g_assert_cmpint (brush_n_faces (b, 0), ==, n + 1);
          g_assert_cmpint (p->n_verts, ==, n + 1);
          for (int k = 0; k < p->n_verts; k++)
            {
              double h = qr_vec3_get (p->verts[k], axis);

              if (fabs (h - qr_vec3_get (bx.max, axis)) < tol)
                n_top++, apex = p->verts[k];
              else if (fabs (h - qr_vec3_get (bx.min, axis)) < tol)
                n_base++;
            }
          /* Base at min axis, a single apex at max axis. */
          g_assert_cmpint (n_base, ==, n);
          g_assert_cmpint (n_top, ==, 1);

          /* The apex at the centre: on the grid for the even-sized integral boxes. */
          g_assert_cmpfloat_with_epsilon (qr_vec3_get (apex, u), (qr_vec3_get (bx.min, u) + qr_vec3_get (bx.max, u)) / 2, tol);
          g_assert_cmpfloat_with_epsilon (qr_vec3_get (apex, v), (qr_vec3_get (bx.min, v) + qr_vec3_get (bx.max, v)) / 2, tol);

          if (rim_is_exact (b, 0))
            {
              n_exact++;
              /* The clipper finds the apex, where up to 64 planes meet at
               * shallow angles, only to ~1e-7: hence 1e-8, not 1e-9. */
              assert_relative (qr_polytope_volume (p), exact_volume, 1e-8);
            }
          else
            {
              n_rounded++;
              g_assert_cmpint (bi, <, n_integral);
              g_assert_true (all_points_integral (b));
              g_assert_true (all_verts_integral (b));
              assert_relative (qr_polytope_volume (p), exact_volume, 0.05);
            }
        }
  g_assert_cmpint (n_rounded, >, 0);
  g_assert_cmpint (n_exact, >, 0);
}

/* An odd-sized integral box: the apex is rounded off the half-unit centre. */
static void
test_cone_odd_apex (void)
{
  QrPrimitiveSpec s = spec_make (QR_PRIMITIVE_CONE, box (0, 0, 0, 9, 11, 20), 2, 8);
  g_autoptr(Built) b = built_new (&s);

  g_assert_true (all_points_integral (b));
  g_assert_true (all_verts_integral (b));
  g_assert_true (has_vert (poly_at (b, 0), qr_vec3 (5, 6, 20), 1e-6));
}

/* ------------------------------------------------------------------------
 * Sphere.
 */

static double
ellipsoid_volume (QrBounds bx)
{
  return 4.0 / 3.0 * G_PI * extent (bx, 0) * extent (bx, 1) * extent (bx, 2) / 8;
}

static void
test_sphere (void)
{
  const struct { int stacks, sides; } shapes[] = {
    { 2, 3 }, { 2, 8 }, { 3, 4 }, { 4, 4 }, { 5, 7 }, { 8, 8 }, { 6, 12 }, { 12, 24 },
  };
  /* The first two as round_boxes' fractional ones: no vertex near the grid. */
  const QrBounds boxes[] = {
    box (-81.57, -0.08, -69.86, -28.63, 54.4, -63.86),
    box (164.4, -114.81, 103.65, 202.41, -63.55, 128.9),
    box (-64, -64, -64, 64, 64, 64),
    box (0, 0, 0, 256, 128, 64),
  };
  int n_rounded = 0;

  for (gsize bi = 0; bi < G_N_ELEMENTS (boxes); bi++)
    for (int axis = 0; axis < 3; axis++)
      for (gsize si = 0; si < G_N_ELEMENTS (shapes); si++)
        {
          int stacks = shapes[si].stacks, n = shapes[si].sides;
          QrPrimitiveSpec s = spec_make (QR_PRIMITIVE_SPHERE, boxes[bi], axis, n);
          g_autoptr(Built) b = NULL;
          const QrPolytope *p;
          double ratio;

          s.stacks = stacks;
          b = built_new (&s);
          p = poly_at (b, 0);
          g_assert_cmpuint (b->brushes->len, ==, 1);
          g_assert_cmpint (brush_n_faces (b, 0), ==, stacks * n);
          ratio = qr_polytope_volume (p) / ellipsoid_volume (boxes[bi]);

          if (bi < 2)
            {
              /* Exact: every vertex on the ellipsoid, a UV sphere's count. */
              g_assert_cmpint (p->n_verts, ==, (stacks - 1) * n + 2);
              for (int k = 0; k < p->n_verts; k++)
                {
                  QrVec3 d = qr_vec3_sub (p->verts[k], qr_vec3_scale (qr_vec3_add (boxes[bi].min, boxes[bi].max), 0.5));
                  double e = 0;

                  for (int a = 0; a < 3; a++)
                    e += pow (qr_vec3_get (d, a) / (extent (boxes[bi], a) / 2), 2);
                  g_assert_cmpfloat_with_epsilon (e, 1.0, 1e-9);
                }
              g_assert_cmpfloat (ratio, <, 1.0);
            }
          else if (all_points_integral (b))
            {
              n_rounded++;
              g_assert_cmpfloat (ratio, <, 1.02);
            }
          if (stacks == 8 && n == 8)
            g_assert_cmpfloat (ratio, >, 0.8);
          g_assert_cmpfloat (ratio, >, 0.1);
        }
  g_assert_cmpint (n_rounded, >, 0);
}

/* The largest sphere: 32 stacks of 64 slices. */
static void
test_sphere_max (void)
{
  QrPrimitiveSpec s = spec_make (QR_PRIMITIVE_SPHERE, box (-512, -512, -512, 512, 512, 512), 2, 64);
  g_autoptr(Built) b = NULL;
  double ratio;

  s.stacks = 32;
  b = built_new (&s);
  g_assert_cmpint (brush_n_faces (b, 0), ==, 32 * 64);
  ratio = qr_polytope_volume (poly_at (b, 0)) / ellipsoid_volume (s.box);
  g_assert_cmpfloat (ratio, >, 0.98);
  g_assert_cmpfloat (ratio, <, 1.01);
}

/* Rounded sphere: faces through three rounded corners each, all plane points
 * integral, the full face count, inside the box. */
static void
test_sphere_integer (void)
{
  QrPrimitiveSpec s = spec_make (QR_PRIMITIVE_SPHERE, box (0, 0, 0, 64, 64, 64), 2, 8);
  g_autoptr(Built) b = NULL;

  s.stacks = 8;
  b = built_new (&s);
  g_assert_true (all_points_integral (b));
  g_assert_cmpint (qr_polytope_polygon_count (poly_at (b, 0)), ==, 64);
}

/* ------------------------------------------------------------------------
 * Arch.
 */

static bool
disjoint (const Built *b, guint i, guint j)
{
  g_autoptr(QrPolyBuilder) builder = qr_poly_builder_new ();
  g_autoptr(GArray) both = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  g_autoptr(QrPolytope) p = NULL;

  g_array_append_vals (both, brush_points (b, i), brush_at (b, i)->len);
  g_array_append_vals (both, brush_points (b, j), brush_at (b, j)->len);
  p = qr_polytope_build (builder, (const QrVec3 *) (gpointer) both->data, (int) both->len / 3);
  return p->status == QR_POLY_EMPTY || qr_polytope_volume (p) < 1e-6;
}

typedef struct
{
  QrBounds box;
  int axis, sides;
  double arc, start, wall, add;
} ArchCase;

static void
check_arch (const ArchCase *c, bool expect_exact)
{
  QrPrimitiveSpec s = spec_make (QR_PRIMITIVE_ARCH, c->box, c->axis, c->sides);
  g_autoptr(Built) b = NULL;
  int u = (c->axis + 1) % 3, v = (c->axis + 2) % 3;
  double ru = extent (c->box, u) / 2, rv = extent (c->box, v) / 2;
  double depth = extent (c->box, c->axis);
  double polygon_area = 0;
  double annulus_area = c->arc / 360 * G_PI * (ru * rv - (ru - c->wall) * (rv - c->wall));
  double lo = qr_vec3_get (c->box.min, c->axis), hi = qr_vec3_get (c->box.max, c->axis);

  /* The segments' cross-sections, by the shoelace formula. On an ellipse an
   * inner corner is not on the ray through its outer one, so a segment is not
   * simply the difference of two sectors' triangles. */
  for (int i = 0; i < c->sides; i++)
    {
      double t0 = (c->start + c->arc * i / c->sides) * G_PI / 180;
      double t1 = (c->start + c->arc * (i + 1) / c->sides) * G_PI / 180;
      const double q[4][2] = {
        { ru * cos (t0), rv * sin (t0) },
        { ru * cos (t1), rv * sin (t1) },
        { (ru - c->wall) * cos (t1), (rv - c->wall) * sin (t1) },
        { (ru - c->wall) * cos (t0), (rv - c->wall) * sin (t0) },
      };

      for (int k = 0; k < 4; k++)
        polygon_area += 0.5 * (q[k][0] * q[(k + 1) % 4][1] - q[k][1] * q[(k + 1) % 4][0]);
    }

  s.arc_degrees = c->arc;
  s.start_degrees = c->start;
  s.wall_width = c->wall;
  s.add_height = c->add;
  g_test_message ("arch: %d segments, axis %d, arc %g from %g, wall %g, add %g",
                  c->sides, c->axis, c->arc, c->start, c->wall, c->add);
  b = built_new (&s);

  g_assert_cmpuint (b->brushes->len, ==, (guint) c->sides);
  for (guint i = 0; i < b->brushes->len; i++)
    {
      const QrPolytope *p = poly_at (b, i);

      g_assert_cmpint (brush_n_faces (b, i), ==, 6);
      g_assert_cmpint (p->n_verts, ==, 8);
      /* Segment i is raised by i × add_height. */
      g_assert_cmpfloat_with_epsilon (qr_vec3_get (p->bounds.min, c->axis), lo + i * c->add, 1e-9);
      g_assert_cmpfloat_with_epsilon (qr_vec3_get (p->bounds.max, c->axis), hi + i * c->add, 1e-9);
      for (guint j = i + 1; j < b->brushes->len; j++)
        g_assert_true (disjoint (b, i, j));
    }

  if (expect_exact)
    {
      g_assert_true (rim_is_exact (b, c->wall));
      /* 1e-8: the 0.1° slivers of a 0.5° arch carry the clipper's noise. */
      assert_relative (total_volume (b), polygon_area * depth, 1e-8);
    }
  else
    {
      g_assert_true (all_points_integral (b));
      assert_relative (total_volume (b), polygon_area * depth, 0.1);
    }
  /* Many segments approach the true sector of a circular annulus. */
  if (ru == rv && c->sides * 10 >= c->arc)
    assert_relative (total_volume (b), annulus_area * depth, 0.03);
}

static void
test_arch (void)
{
  const ArchCase exact[] = {
    { box (-10.5, -10.5, 0, 10.5, 10.5, 4), 2, 8, 180, 0, 2.5, 0 },
    { box (-10.5, -10.5, 0, 10.5, 10.5, 4), 2, 3, 360, 0, 2.5, 0 },
    { box (-10.5, -10.5, 0, 10.5, 10.5, 4), 2, 64, 360, 45, 0.5, 0 },
    { box (0.5, 1.25, -3, 30.5, 11.25, 5), 2, 12, 270, -30, 3, 0 },
    { box (0.5, 1.25, -3, 30.5, 11.25, 5), 0, 7, 90, 20, 1, 0.75 },
    { box (2, 3, 4, 7, 9, 11), 1, 16, 360, 0, 1.5, -0.5 },
    { box (-50.5, -20.5, 0, 50.5, 20.5, 8), 2, 5, 0.5, 300, 10, 2 },
  };
  const ArchCase rounded[] = {
    { box (-64, -64, 0, 64, 64, 16), 2, 8, 180, 0, 16, 0 },
    { box (-64, -64, 0, 64, 64, 16), 2, 12, 360, 0, 16, 8 },
    { box (0, 0, 0, 16, 128, 96), 0, 6, 180, 90, 12, -4 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (exact); i++)
    check_arch (&exact[i], true);
  for (gsize i = 0; i < G_N_ELEMENTS (rounded); i++)
    check_arch (&rounded[i], false);
}

/* The arc starts at start_degrees from +u and runs counter-clockwise. */
static void
test_arch_orientation (void)
{
  const struct { int axis; double start; } cases[] = { { 2, 0 }, { 2, 90 }, { 0, 0 }, { 1, 180 }, { 2, -90 } };

  for (gsize ci = 0; ci < G_N_ELEMENTS (cases); ci++)
    {
      QrPrimitiveSpec s = spec_make (QR_PRIMITIVE_ARCH, box (-5.5, -5.5, -5.5, 5.5, 5.5, 5.5), cases[ci].axis, 4);
      g_autoptr(Built) b = NULL;
      int u = (s.axis + 1) % 3, v = (s.axis + 2) % 3;
      double a0 = cases[ci].start * G_PI / 180, a1 = (cases[ci].start + 45) * G_PI / 180;
      QrVec3 first = { 0, 0, 0 }, second = { 0, 0, 0 };

      s.start_degrees = cases[ci].start;
      s.wall_width = 1;
      b = built_new (&s);
      g_assert_cmpint (s.arc_degrees, ==, 180);

      /* Segment 0 spans [start, start + 45°]: its outer corners. */
      qr_vec3_set (&first, u, 5.5 * cos (a0));
      qr_vec3_set (&first, v, 5.5 * sin (a0));
      qr_vec3_set (&first, s.axis, 5.5);
      qr_vec3_set (&second, u, 5.5 * cos (a1));
      qr_vec3_set (&second, v, 5.5 * sin (a1));
      qr_vec3_set (&second, s.axis, 5.5);
      for (int which = 0; which < 2; which++)
        {
          QrVec3 want = which ? second : first;
          const QrPolytope *p = poly_at (b, 0);
          bool found = false;

          for (int k = 0; k < p->n_verts && !found; k++)
            found = qr_vec3_max_abs (qr_vec3_sub (p->verts[k], want)) < 1e-9;
          g_assert_true (found);
        }
    }
}

static void
test_arch_extends (void)
{
  QrPrimitiveSpec s = spec_make (QR_PRIMITIVE_ARCH, box (-32, -32, 0, 32, 32, 8), 2, 16);
  g_autoptr(Built) up = NULL, down = NULL;
  QrBounds all = qr_bounds_empty ();

  s.arc_degrees = 360;
  s.wall_width = 8;
  s.add_height = 4;
  up = built_new (&s);
  for (guint i = 0; i < up->polys->len; i++)
    qr_bounds_add_bounds (&all, poly_at (up, i)->bounds);
  qr_test_assert_exact (all.min.z, 0);
  qr_test_assert_exact (all.max.z, 8 + 15 * 4);
  g_assert_true (all_points_integral (up));

  s.add_height = -4;
  down = built_new (&s);
  all = qr_bounds_empty ();
  for (guint i = 0; i < down->polys->len; i++)
    qr_bounds_add_bounds (&all, poly_at (down, i)->bounds);
  qr_test_assert_exact (all.min.z, -15 * 4);
  qr_test_assert_exact (all.max.z, 8);
}

/* ------------------------------------------------------------------------
 * Plane points.
 */

static double
sine_at_p1 (const QrVec3 *p)
{
  QrVec3 t1 = qr_vec3_sub (p[0], p[1]), t2 = qr_vec3_sub (p[2], p[1]);

  return qr_vec3_length (qr_vec3_cross (t1, t2)) / (qr_vec3_length (t1) * qr_vec3_length (t2));
}

/* Each face's three points are corners of its polygon, and spread: in a
 * round box no face's points meet at a shallow angle, where consecutive rim
 * corners of a 64-gon would (sine 0.098). */
static void
test_plane_points (void)
{
  const QrPrimitiveShape shapes[] = {
    QR_PRIMITIVE_BLOCK, QR_PRIMITIVE_WEDGE, QR_PRIMITIVE_CYLINDER, QR_PRIMITIVE_CONE,
    QR_PRIMITIVE_SPHERE, QR_PRIMITIVE_ARCH,
  };
  const QrBounds boxes[] = { box (-64, -64, -64, 64, 64, 64), box (-3.5, -3.5, -3.5, 3.5, 3.5, 3.5) };

  for (gsize bi = 0; bi < G_N_ELEMENTS (boxes); bi++)
    for (gsize si = 0; si < G_N_ELEMENTS (shapes); si++)
      for (int axis = 0; axis < 3; axis++)
        {
          QrPrimitiveSpec s = spec_make (shapes[si], boxes[bi], axis, 64);
          g_autoptr(Built) b = NULL;

          s.stacks = 16;
          b = built_new (&s);
          for (guint i = 0; i < b->brushes->len; i++)
            {
              const QrPolytope *p = poly_at (b, i);

              for (int f = 0; f < brush_n_faces (b, i); f++)
                {
                  const QrVec3 *pts = brush_points (b, i) + 3 * f;

                  g_assert_cmpfloat (sine_at_p1 (pts), >, 0.5);
                  if (shapes[si] == QR_PRIMITIVE_SPHERE && bi == 0)
                    continue; /* rounded corners need not be brush vertices */
                  for (int k = 0; k < 3; k++)
                    {
                      const uint16_t *idx = qr_polytope_face_indices (p, f);
                      bool found = false;

                      for (int c = 0; c < qr_polytope_face_count (p, f) && !found; c++)
                        found = qr_vec3_max_abs (qr_vec3_sub (p->verts[idx[c]], pts[k])) < 1e-6 * box_size (s.box);
                      g_assert_true (found);
                    }
                }
            }
        }
}

/* ------------------------------------------------------------------------
 * Parameters.
 */

static void
test_defaults (void)
{
  QrPrimitiveSpec s;

  qr_primitive_spec_init (&s, QR_PRIMITIVE_ARCH, box (0, 0, 0, 64, 32, 16));
  g_assert_cmpint (s.shape, ==, QR_PRIMITIVE_ARCH);
  g_assert_cmpint (s.axis, ==, 2);
  g_assert_cmpint (s.sides, ==, 8);
  g_assert_cmpint (s.stacks, ==, 8);
  qr_test_assert_exact (s.arc_degrees, 180);
  qr_test_assert_exact (s.start_degrees, 0);
  qr_test_assert_exact (s.wall_width, 4); /* a quarter of the smaller semi-axis, 16 */
  qr_test_assert_exact (s.add_height, 0);
  g_assert_true (qr_vec3_equal (s.box.max, qr_vec3 (64, 32, 16)));

  /* The defaults build for every shape. */
  for (int shape = QR_PRIMITIVE_BLOCK; shape <= QR_PRIMITIVE_ARCH; shape++)
    {
      g_autoptr(Built) b = NULL;

      qr_primitive_spec_init (&s, shape, box (0, 0, 0, 64, 32, 16));
      b = built_new (&s);
      g_assert_cmpuint (b->brushes->len, ==, shape == QR_PRIMITIVE_ARCH ? 8u : 1u);
    }
}

static void
assert_refused (const QrPrimitiveSpec *s, const char *says)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) brushes = qr_primitive_build (s, &error);

  g_assert_null (brushes);
  g_assert_error (error, QR_PRIMITIVE_ERROR, QR_PRIMITIVE_ERROR_INVALID);
  g_test_message ("refused: %s", error->message);
  /* The message names the culprit, not only that something failed. */
  g_assert_nonnull (strstr (error->message, says));
}

static void
assert_accepted (const QrPrimitiveSpec *s)
{
  g_autoptr(Built) b = built_new (s);

  g_assert_nonnull (b);
}

static void
test_errors (void)
{
  const QrBounds good = box (0, 0, 0, 64, 64, 64);
  const QrPrimitiveShape round_shapes[] = {
    QR_PRIMITIVE_CYLINDER, QR_PRIMITIVE_CONE, QR_PRIMITIVE_SPHERE, QR_PRIMITIVE_ARCH,
  };
  QrPrimitiveSpec s;

  /* Empty, flat and non-finite boxes, for every shape. */
  for (int shape = QR_PRIMITIVE_BLOCK; shape <= QR_PRIMITIVE_ARCH; shape++)
    for (int axis = 0; axis < 3; axis++)
      {
        QrBounds bad = good;

        qr_vec3_set (&bad.max, axis, 0);
        s = spec_make (shape, bad, 2, 8);
        assert_refused (&s, "the box is flat");
        qr_vec3_set (&bad.max, axis, -1);
        s = spec_make (shape, bad, 2, 8);
        s.wall_width = 1;
        assert_refused (&s, "the box is empty");
        qr_vec3_set (&bad.max, axis, NAN);
        s = spec_make (shape, bad, 2, 8);
        s.wall_width = 1;
        assert_refused (&s, "not finite");
        qr_vec3_set (&bad.max, axis, INFINITY);
        s = spec_make (shape, bad, 2, 8);
        s.wall_width = 1;
        assert_refused (&s, "not finite");
      }

  for (gsize i = 0; i < G_N_ELEMENTS (round_shapes); i++)
    {
      const int bad_sides[] = { -1, 0, 2, 65, 1000 };
      const int bad_axes[] = { -1, 3 };

      for (gsize k = 0; k < G_N_ELEMENTS (bad_sides); k++)
        {
          s = spec_make (round_shapes[i], good, 2, bad_sides[k]);
          assert_refused (&s, "between 3 and 64");
        }
      for (gsize k = 0; k < G_N_ELEMENTS (bad_axes); k++)
        {
          s = spec_make (round_shapes[i], good, bad_axes[k], 8);
          assert_refused (&s, "axis");
        }
      /* The limits themselves are fine. */
      s = spec_make (round_shapes[i], good, 0, 3);
      assert_accepted (&s);
      if (round_shapes[i] != QR_PRIMITIVE_SPHERE)
        {
          s = spec_make (round_shapes[i], good, 1, 64);
          assert_accepted (&s);
        }
    }

  /* Stacks. */
  {
    const int bad_stacks[] = { 0, 1, 33, -5 };

    for (gsize k = 0; k < G_N_ELEMENTS (bad_stacks); k++)
      {
        s = spec_make (QR_PRIMITIVE_SPHERE, good, 2, 8);
        s.stacks = bad_stacks[k];
        assert_refused (&s, "stacks");
      }
    s = spec_make (QR_PRIMITIVE_SPHERE, good, 2, 4);
    s.stacks = 2;
    assert_accepted (&s);
    s.stacks = 32;
    assert_accepted (&s);
  }

  /* Arch: wall width against the smaller semi-axis (16 here), arc, angles. */
  {
    const QrBounds flat = box (0, 0, 0, 64, 32, 8);
    const double bad_walls[] = { 0, -1, 16, 16.5, 100, NAN };
    const double bad_arcs[] = { 0, -10, 360.5, 720, NAN, INFINITY };

    for (gsize k = 0; k < G_N_ELEMENTS (bad_walls); k++)
      {
        s = spec_make (QR_PRIMITIVE_ARCH, flat, 2, 8);
        s.wall_width = bad_walls[k];
        assert_refused (&s, "wall width");
      }
    for (gsize k = 0; k < G_N_ELEMENTS (bad_arcs); k++)
      {
        s = spec_make (QR_PRIMITIVE_ARCH, flat, 2, 8);
        s.arc_degrees = bad_arcs[k];
        assert_refused (&s, "arc");
      }
    s = spec_make (QR_PRIMITIVE_ARCH, flat, 2, 8);
    s.start_degrees = NAN;
    assert_refused (&s, "start angle");
    s = spec_make (QR_PRIMITIVE_ARCH, flat, 2, 8);
    s.add_height = INFINITY;
    assert_refused (&s, "added height");

    s = spec_make (QR_PRIMITIVE_ARCH, flat, 2, 8);
    s.wall_width = 15.5;
    s.arc_degrees = 360;
    assert_accepted (&s);
    s.arc_degrees = 0.5;
    s.wall_width = 0.5;
    assert_accepted (&s);
  }

  /* Unknown shape. */
  s = spec_make (QR_PRIMITIVE_BLOCK, good, 2, 8);
  s.shape = (QrPrimitiveShape) 99;
  assert_refused (&s, "unknown primitive shape");

  /* A box too small to hold a brush at all. */
  s = spec_make (QR_PRIMITIVE_BLOCK, box (0, 0, 0, 0.001, 0.001, 0.001), 2, 8);
  assert_refused (&s, "too small");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/geom/primitive/block", test_block);
  g_test_add_func ("/geom/primitive/wedge", test_wedge);
  g_test_add_func ("/geom/primitive/cylinder", test_cylinder);
  g_test_add_func ("/geom/primitive/cylinder/diamond", test_cylinder_diamond);
  g_test_add_func ("/geom/primitive/cylinder/integer", test_cylinder_integer);
  g_test_add_func ("/geom/primitive/cylinder/small-box", test_cylinder_small);
  g_test_add_func ("/geom/primitive/cylinder/round-fallback", test_cylinder_round_fallback);
  g_test_add_func ("/geom/primitive/cone", test_cone);
  g_test_add_func ("/geom/primitive/cone/odd-apex", test_cone_odd_apex);
  g_test_add_func ("/geom/primitive/sphere", test_sphere);
  g_test_add_func ("/geom/primitive/sphere/max", test_sphere_max);
  g_test_add_func ("/geom/primitive/sphere/integer", test_sphere_integer);
  g_test_add_func ("/geom/primitive/arch", test_arch);
  g_test_add_func ("/geom/primitive/arch/orientation", test_arch_orientation);
  g_test_add_func ("/geom/primitive/arch/extends", test_arch_extends);
  g_test_add_func ("/geom/primitive/plane-points", test_plane_points);
  g_test_add_func ("/geom/primitive/defaults", test_defaults);
  g_test_add_func ("/geom/primitive/errors", test_errors);

  return g_test_run ();
}
