/* CSG: split, difference (carve), intersection, union, hollow. Volumes are
 * measured by the divergence theorem over each output polytope's polygons
 * (qr_polytope_volume), independently of the CSG code, and checked against
 * the identities vol(A − B) = vol(A) − vol(A ∩ B) and
 * vol(A ∪ B) = vol(A) + vol(B) − vol(A ∩ B); outputs must be disjoint,
 * valid, at least sliver-sized, made only of input planes, deterministic. */
#include <math.h>
#include <string.h>

#include "qr-csg.h"
#include "qr-eps.h"
#include "qr-hull.h"
#include "qr-transform.h"

#define N_RANDOM 2000

static QrPolyBuilder *builder;

static void
plane_points (QrVec3 n, double d, QrVec3 out[3])
{
  /* Three points on n·x = d, wound so that (p0 - p1) x (p2 - p1) ∥ n. */
  QrVec3 up = fabs (n.z) < 0.9 ? qr_vec3 (0, 0, 1) : qr_vec3 (1, 0, 0);
  QrVec3 u = qr_vec3_cross (n, up);
  QrVec3 v = qr_vec3_cross (n, u);
  QrVec3 c = qr_vec3_scale (n, d / qr_vec3_dot (n, n));

  u = qr_vec3_scale (u, 64 / qr_vec3_length (u));
  v = qr_vec3_scale (v, 64 / qr_vec3_length (v));
  out[1] = c;
  out[0] = qr_vec3_add (c, u);
  out[2] = qr_vec3_add (c, v);
  {
    QrPlane p;
    g_assert_true (qr_plane_from_points (out, &p));
    if (qr_vec3_dot (p.normal, n) < 0)
      {
        QrVec3 t = out[0];
        out[0] = out[2];
        out[2] = t;
      }
  }
}

static QrCsgBrush *
box (QrVec3 min, QrVec3 max, int source)
{
  QrVec3 pts[18];
  const QrVec3 n[6] = { { -1, 0, 0 }, { 1, 0, 0 }, { 0, -1, 0 }, { 0, 1, 0 }, { 0, 0, -1 }, { 0, 0, 1 } };
  const double d[6] = { -min.x, max.x, -min.y, max.y, -min.z, max.z };

  for (int f = 0; f < 6; f++)
    {
      /* Integer points for integer boxes: three corners of the face. */
      int axis = f / 2;
      QrVec3 c = f % 2 ? max : min;
      QrVec3 a = c, b = c;

      qr_vec3_set (&a, (axis + 1) % 3, qr_vec3_get (c, (axis + 1) % 3) + 1);
      qr_vec3_set (&b, (axis + 2) % 3, qr_vec3_get (c, (axis + 2) % 3) + 1);
      pts[3 * f] = a;
      pts[3 * f + 1] = c;
      pts[3 * f + 2] = b;
      {
        QrPlane p;
        g_assert_true (qr_plane_from_points (pts + 3 * f, &p));
        if (qr_vec3_dot (p.normal, n[f]) < 0)
          {
            pts[3 * f] = b;
            pts[3 * f + 2] = a;
          }
        g_assert_true (qr_plane_from_points (pts + 3 * f, &p));
        g_assert_cmpfloat (fabs (p.dist - d[f]), <, 1e-9);
      }
    }
  return qr_csg_brush_new (pts, 6, source);
}

static double
volume (const QrCsgBrush *b)
{
  return qr_csg_volume (builder, b);
}

static double
overlap (const QrCsgBrush *a, const QrCsgBrush *b)
{
  g_autoptr (GArray) both = qr_csg_brush_copy (a);

  g_array_append_vals (both, b->data, b->len);
  return volume (both);
}

static double
total (GPtrArray *pieces)
{
  double v = 0;

  for (guint i = 0; pieces != NULL && i < pieces->len; i++)
    v += volume (g_ptr_array_index (pieces, i));
  return v;
}

/* A random convex brush: a box, integral or not, with corners cut off by
 * planes through non-integer points. */
static QrCsgBrush *
random_brush (GRand *r, int source, bool integral)
{
  QrVec3 lo, hi;
  QrCsgBrush *b;
  int cuts = integral ? 0 : g_rand_int_range (r, 0, 4);

  for (;;)
    {
      for (int a = 0; a < 3; a++)
        {
          double x = integral ? g_rand_int_range (r, -40, 24) : g_rand_double_range (r, -40, 24);
          double s = integral ? g_rand_int_range (r, 8, 96) : g_rand_double_range (r, 8, 96);

          qr_vec3_set (&lo, a, x);
          qr_vec3_set (&hi, a, x + s);
        }
      b = box (lo, hi, source);
      for (int k = 0; k < cuts; k++)
        {
          QrVec3 n = qr_vec3 (g_rand_double_range (r, -1, 1), g_rand_double_range (r, -1, 1), g_rand_double_range (r, -1, 1));
          QrVec3 c = qr_vec3_scale (qr_vec3_add (lo, hi), 0.5);
          QrVec3 half = qr_vec3_scale (qr_vec3_sub (hi, lo), 0.5);
          QrCsgFace f = { .kind = QR_CSG_FACE_SAME, .source = source + 6 + k };
          double len = qr_vec3_length (n);

          if (len < 0.1)
            continue;
          n = qr_vec3_scale (n, 1 / len);
          /* Through a point 60–95 % of the way out along n. */
          plane_points (n, qr_vec3_dot (n, c) + g_rand_double_range (r, 0.6, 0.95)
                                                 * (fabs (n.x) * half.x + fabs (n.y) * half.y + fabs (n.z) * half.z),
                        f.points);
          g_array_append_val (b, f);
        }
      if (volume (b) > 1)
        return b;
      qr_csg_brush_free (b);
    }
}

/* Every face of every piece lies on an input plane: the same three points,
 * reversed for a flipped face. */
static void
assert_faces_from (GPtrArray *pieces, const QrCsgBrush *const *inputs, int n)
{
  for (guint i = 0; i < pieces->len; i++)
    {
      QrCsgBrush *p = g_ptr_array_index (pieces, i);

      for (guint f = 0; f < p->len; f++)
        {
          const QrCsgFace *pf = &g_array_index (p, QrCsgFace, f);
          bool found = false;

          for (int k = 0; k < n && !found; k++)
            for (guint g = 0; g < inputs[k]->len && !found; g++)
              {
                const QrCsgFace *in = &g_array_index (inputs[k], QrCsgFace, g);

                if (in->source != pf->source)
                  continue;
                if (pf->kind == QR_CSG_FACE_FLIPPED)
                  found = qr_vec3_identical (pf->points[0], in->points[2]) && qr_vec3_identical (pf->points[1], in->points[1])
                          && qr_vec3_identical (pf->points[2], in->points[0]);
                else
                  found = memcmp (pf->points, in->points, sizeof pf->points) == 0;
              }
          if (!found)
            g_error ("piece %u face %u (source %d, kind %d) is not an input plane", i, f, pf->source, pf->kind);
        }
    }
}

static void
assert_valid_disjoint (GPtrArray *pieces, double scale)
{
  for (guint i = 0; i < pieces->len; i++)
    {
      QrCsgBrush *p = g_ptr_array_index (pieces, i);

      g_assert_cmpfloat (volume (p), >=, QR_EPS_SLIVER_VOLUME);
      for (guint j = i + 1; j < pieces->len; j++)
        g_assert_cmpfloat (overlap (p, g_ptr_array_index (pieces, j)), <=, 1e-6 * scale);
    }
}

static void
test_split (void)
{
  g_autoptr (GArray) a = box (qr_vec3 (0, 0, 0), qr_vec3 (64, 32, 16), 0);
  QrVec3 cut[3] = { { 16, 1, 0 }, { 16, 0, 0 }, { 16, 0, 1 } };
  QrCsgBrush *front, *back;
  QrPlane p;

  g_assert_true (qr_plane_from_points (cut, &p));
  g_assert_cmpfloat (p.normal.x, ==, 1); /* x ≤ 16 is behind */
  qr_csg_split (builder, a, cut, 99, &front, &back);
  g_assert_nonnull (front);
  g_assert_nonnull (back);
  g_assert_cmpfloat (volume (back), ==, 16 * 32 * 16);
  g_assert_cmpfloat (volume (front), ==, 48 * 32 * 16);
  g_assert_cmpuint (front->len, ==, 6);
  g_assert_cmpint (g_array_index (front, QrCsgFace, 5).kind, ==, QR_CSG_FACE_CUT);
  g_assert_cmpint (g_array_index (front, QrCsgFace, 5).source, ==, 99);
  qr_csg_brush_free (front);
  qr_csg_brush_free (back);

  /* A plane that misses the brush leaves it whole on one side. */
  for (int i = 0; i < 3; i++)
    cut[i].x += 100;
  qr_csg_split (builder, a, cut, 99, &front, &back);
  g_assert_null (front);
  g_assert_cmpfloat (volume (back), ==, 64 * 32 * 16);
  qr_csg_brush_free (back);

  /* Within a sliver of a face: no sliver piece. */
  for (int i = 0; i < 3; i++)
    cut[i].x = 64 - 1e-7;
  qr_csg_split (builder, a, cut, 99, &front, &back);
  g_assert_null (front);
  g_assert_cmpfloat (volume (back), ==, 64 * 32 * 16);
  qr_csg_brush_free (back);
}

static void
test_carve_box (void)
{
  g_autoptr (GArray) a = box (qr_vec3 (0, 0, 0), qr_vec3 (128, 128, 128), 0);
  g_autoptr (GArray) c = box (qr_vec3 (32, -16, 32), qr_vec3 (96, 144, 96), 100);
  const QrCsgBrush *carvers[] = { c };
  const QrCsgBrush *inputs[] = { a, c };
  g_autoptr (GPtrArray) pieces = qr_csg_difference (builder, a, carvers, 1);
  g_autoptr (GArray) away = box (qr_vec3 (500, 500, 500), qr_vec3 (600, 600, 600), 200);
  const QrCsgBrush *far_carvers[] = { away };

  /* A tunnel through the box along y: four carver planes cut it. */
  g_assert_nonnull (pieces);
  g_assert_cmpuint (pieces->len, ==, 4);
  g_assert_cmpfloat (total (pieces), ==, 128.0 * 128 * 128 - 64.0 * 128 * 64);
  assert_valid_disjoint (pieces, 128 * 128 * 128);
  assert_faces_from (pieces, inputs, 2);
  /* Overlapping nothing: untouched. */
  g_assert_null (qr_csg_difference (builder, a, far_carvers, 1));
}

static void
test_intersection_empty (void)
{
  g_autoptr (GArray) a = box (qr_vec3 (0, 0, 0), qr_vec3 (8, 8, 8), 0);
  g_autoptr (GArray) b = box (qr_vec3 (16, 0, 0), qr_vec3 (24, 8, 8), 6);
  const QrCsgBrush *both[] = { a, b };
  g_autoptr (GError) error = NULL;

  g_assert_null (qr_csg_intersection (builder, both, 2, &error));
  g_assert_error (error, QR_CSG_ERROR, QR_CSG_ERROR_EMPTY);
}

static void
test_hollow (void)
{
  g_autoptr (GArray) a = box (qr_vec3 (0, 0, 0), qr_vec3 (128, 128, 128), 0);
  g_autoptr (GPtrArray) in = NULL;
  g_autoptr (GPtrArray) out = NULL;
  g_autoptr (GError) error = NULL;

  in = qr_csg_hollow (builder, a, 16, false, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (in->len, ==, 6);
  g_assert_cmpfloat (total (in), ==, 128.0 * 128 * 128 - 96.0 * 96 * 96);
  assert_valid_disjoint (in, 128 * 128 * 128);
  /* The inner faces are the moved planes, still on the integer grid. */
  for (guint i = 0; i < in->len; i++)
    {
      QrCsgBrush *w = g_ptr_array_index (in, i);

      for (guint f = 0; f < w->len; f++)
        for (int k = 0; k < 3; k++)
          {
            QrVec3 p = g_array_index (w, QrCsgFace, f).points[k];
            g_assert_true (p.x == floor (p.x) && p.y == floor (p.y) && p.z == floor (p.z));
          }
    }
  out = qr_csg_hollow (builder, a, 16, true, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (total (out), ==, 160.0 * 160 * 160 - 128.0 * 128 * 128);
  assert_valid_disjoint (out, 160 * 160 * 160);

  g_assert_null (qr_csg_hollow (builder, a, 64, false, &error));
  g_assert_error (error, QR_CSG_ERROR, QR_CSG_ERROR_TOO_THICK);
}

static void
test_random (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (4242);
  guint counts[6] = { 0 };

  /* Until every operation has met N_RANDOM cases where it does something. */
  for (int i = 0; counts[0] < N_RANDOM || counts[1] < N_RANDOM || counts[3] < N_RANDOM || counts[4] < N_RANDOM; i++)
    {
      bool integral = i % 2 == 0;
      g_autoptr (GArray) a = random_brush (r, 0, integral);
      g_autoptr (GArray) b = random_brush (r, 100, integral);
      const QrCsgBrush *pair[] = { a, b };
      const QrCsgBrush *carver[] = { b };
      double va = volume (a), vb = volume (b), vi = overlap (a, b);
      double scale = va + vb;
      g_autoptr (GPtrArray) diff = qr_csg_difference (builder, a, carver, 1);
      g_autoptr (GPtrArray) diff2 = qr_csg_difference (builder, a, carver, 1);
      g_autoptr (GPtrArray) uni = qr_csg_union (builder, pair, 2, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (GArray) inter = qr_csg_intersection (builder, pair, 2, &error);
      double t = integral ? g_rand_int_range (r, 1, 16) : g_rand_double_range (r, 0.5, 16);
      g_autoptr (GError) hollow_error = NULL;
      g_autoptr (GPtrArray) walls = qr_csg_hollow (builder, a, t, false, &hollow_error);

      /* Intersection. */
      if (vi >= QR_EPS_SLIVER_VOLUME)
        {
          g_assert_nonnull (inter);
          g_assert_cmpfloat (fabs (volume (inter) - vi), <=, 1e-6 * scale);
          counts[0]++;
        }
      else
        g_assert_true (inter == NULL || volume (inter) < 2 * QR_EPS_SLIVER_VOLUME);

      /* Difference: untouched when disjoint, else the identity. */
      if (diff == NULL)
        g_assert_cmpfloat (vi, <, QR_EPS_SLIVER_VOLUME);
      else
        {
          g_assert_cmpfloat (fabs (total (diff) - (va - vi)), <=, 1e-6 * scale + QR_EPS_SLIVER_VOLUME);
          assert_valid_disjoint (diff, scale);
          assert_faces_from (diff, pair, 2);
          for (guint k = 0; k < diff->len; k++)
            g_assert_cmpfloat (overlap (g_ptr_array_index (diff, k), b), <=, 1e-6 * scale + QR_EPS_SLIVER_VOLUME);
          /* At most one piece per carver plane. */
          g_assert_cmpuint (diff->len, <=, b->len);
          /* Deterministic. */
          g_assert_cmpuint (diff2->len, ==, diff->len);
          for (guint k = 0; k < diff->len; k++)
            {
              GArray *x = g_ptr_array_index (diff, k), *y = g_ptr_array_index (diff2, k);
              g_assert_true (x->len == y->len && memcmp (x->data, y->data, x->len * sizeof (QrCsgFace)) == 0);
            }
          counts[1]++;
        }

      /* Union: disjoint pieces of exactly the union's volume. */
      g_assert_cmpfloat (fabs (total (uni) - (va + vb - vi)), <=, 1e-6 * scale + 2 * QR_EPS_SLIVER_VOLUME);
      assert_valid_disjoint (uni, scale);
      assert_faces_from (uni, pair, 2);
      counts[2]++;

      /* Hollow inward: vol(A) - vol(A shrunk), or refused when too thick. */
      if (walls != NULL)
        {
          /* The shrunk brush, built here from A's own faces moved in by t. */
          const QrCsgBrush *one[] = { a };
          g_autoptr (GArray) inner = qr_csg_intersection (builder, one, 1, NULL);

          for (guint f = 0; f < inner->len; f++)
            {
              QrCsgFace *face = &g_array_index (inner, QrCsgFace, f);
              QrPlane p;

              g_assert_true (qr_plane_from_points (face->points, &p));
              for (int k = 0; k < 3; k++)
                face->points[k] = qr_vec3_snap (qr_vec3_mad (face->points[k], p.normal, -t));
            }
          g_assert_cmpfloat (fabs (total (walls) - (va - volume (inner))), <=, 1e-6 * va + QR_EPS_SLIVER_VOLUME * walls->len);
          assert_valid_disjoint (walls, va);
          counts[3]++;
        }
      else
        g_assert_error (hollow_error, QR_CSG_ERROR, QR_CSG_ERROR_TOO_THICK);

      /* Split by a random plane through A: the parts add up to A. */
      {
        QrVec3 n = qr_vec3 (g_rand_double_range (r, -1, 1), g_rand_double_range (r, -1, 1), g_rand_double_range (r, -1, 1));
        QrVec3 cut[3];
        QrCsgBrush *front = NULL, *back = NULL;
        g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_csg_brush_free);
        const QrCsgBrush *only[] = { a };
        double len = qr_vec3_length (n);

        if (len > 0.1)
          {
            g_autoptr (GArray) pruned = qr_csg_intersection (builder, only, 1, NULL);
            QrVec3 centre = { 0, 0, 0 };
            double vfront, vback;

            /* Through a point of A: the average of its face points. */
            for (guint f = 0; f < pruned->len; f++)
              centre = qr_vec3_add (centre, qr_vec3_scale (g_array_index (pruned, QrCsgFace, f).points[1], 1.0 / pruned->len));
            n = qr_vec3_scale (n, 1 / len);
            plane_points (n, qr_vec3_dot (n, centre), cut);
            qr_csg_split (builder, a, cut, 999, &front, &back);
            vfront = front ? volume (front) : 0;
            vback = back ? volume (back) : 0;
            g_assert_true (front != NULL || back != NULL);
            g_assert_cmpfloat (fabs (vfront + vback - va), <=, 1e-6 * va + 2 * QR_EPS_SLIVER_VOLUME);
            if (front != NULL)
              g_ptr_array_add (parts, front);
            if (back != NULL)
              g_ptr_array_add (parts, back);
            assert_valid_disjoint (parts, va);
            if (front != NULL && back != NULL)
              counts[4]++;
          }
      }

      /* Merge: the hull of both contains both and is convex. */
      {
        g_autoptr (QrPolytope) pa = NULL;
        g_autoptr (QrPolytope) pb = NULL;
        g_autoptr (GArray) pts = g_array_new (FALSE, FALSE, sizeof (QrVec3));
        g_autoptr (GArray) hull = NULL;
        g_autofree QrVec3 *fp = NULL;
        g_autofree QrVec3 *ap = g_new (QrVec3, 3 * (gsize) a->len);
        g_autofree QrVec3 *bp = g_new (QrVec3, 3 * (gsize) b->len);
        g_autoptr (QrPolytope) ph = NULL;

        for (guint f = 0; f < a->len; f++)
          memcpy (ap + 3 * f, g_array_index (a, QrCsgFace, f).points, sizeof (QrVec3) * 3);
        for (guint f = 0; f < b->len; f++)
          memcpy (bp + 3 * f, g_array_index (b, QrCsgFace, f).points, sizeof (QrVec3) * 3);
        pa = qr_polytope_build (builder, ap, (int) a->len);
        pb = qr_polytope_build (builder, bp, (int) b->len);
        g_array_append_vals (pts, pa->verts, pa->n_verts);
        g_array_append_vals (pts, pb->verts, pb->n_verts);
        hull = qr_hull_planes ((QrVec3 *) pts->data, (int) pts->len, NULL, 0, NULL);
        g_assert_nonnull (hull);
        fp = g_new (QrVec3, 3 * (gsize) hull->len);
        for (guint f = 0; f < hull->len; f++)
          memcpy (fp + 3 * f, g_array_index (hull, QrHullFace, f).points, sizeof (QrVec3) * 3);
        ph = qr_polytope_build (builder, fp, (int) hull->len);
        g_assert_cmpint (ph->status, ==, QR_POLY_OK);
        g_assert_cmpfloat (qr_polytope_volume (ph), >=, va + vb - vi - 1e-6 * scale);
        for (guint k = 0; k < pts->len; k++)
          for (guint f = 0; f < hull->len; f++)
            {
              QrPlane p;

              g_assert_true (qr_plane_from_points (fp + 3 * f, &p));
              g_assert_cmpfloat (qr_plane_distance_to (&p, g_array_index (pts, QrVec3, k)), <=, 1e-6 * 256);
            }
        counts[5]++;
      }
    }
  g_test_message ("%u intersections, %u carves, %u unions, %u hollows, %u splits, %u merges checked",
                  counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]);
  g_assert_cmpuint (counts[2], <, 4 * N_RANDOM); /* overlaps are common enough for the loop to end */
}

/* Unions of 3–8 brushes: disjoint pieces, faces from the inputs, and the
 * volume of the union computed independently: each brush minus all the
 * earlier ones (qr_csg_difference, checked above), summed. */
static void
test_union_many (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (77);

  for (int c = 0; c < 300; c++)
    {
      int n = g_rand_int_range (r, 3, 9);
      g_autoptr (GPtrArray) in = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_csg_brush_free);
      g_autoptr (GPtrArray) pieces = NULL;
      double expected = 0, scale = 0;

      for (int i = 0; i < n; i++)
        {
          QrCsgBrush *b = random_brush (r, i * 100, c % 2 == 0);

          scale += volume (b);
          g_ptr_array_add (in, b);
        }
      for (int i = 0; i < n; i++)
        {
          g_autoptr (GPtrArray) rest = qr_csg_difference (builder, g_ptr_array_index (in, i),
                                                          (const QrCsgBrush *const *) in->pdata, i);

          expected += rest ? total (rest) : volume (g_ptr_array_index (in, i));
        }
      pieces = qr_csg_union (builder, (const QrCsgBrush *const *) in->pdata, n, NULL);
      g_assert_cmpfloat (fabs (total (pieces) - expected), <=, 1e-6 * scale + QR_EPS_SLIVER_VOLUME * (n + pieces->len));
      assert_valid_disjoint (pieces, scale);
      assert_faces_from (pieces, (const QrCsgBrush *const *) in->pdata, n);
    }
}

/* Each piece's polytope passes the independent self-check (Euler's
 * formula, every vertex on its planes and behind the others). */
static void
assert_polytopes_check (GPtrArray *pieces)
{
  for (guint i = 0; i < pieces->len; i++)
    {
      QrCsgBrush *p = g_ptr_array_index (pieces, i);
      g_autofree QrVec3 *pts = g_new (QrVec3, 3 * (gsize) p->len);
      g_autoptr (QrPolytope) poly = NULL;
      g_autofree char *why = NULL;

      for (guint f = 0; f < p->len; f++)
        memcpy (pts + 3 * f, g_array_index (p, QrCsgFace, f).points, sizeof (QrVec3) * 3);
      poly = qr_polytope_build (builder, pts, (int) p->len);
      g_assert_cmpint (poly->status, ==, QR_POLY_OK);
      if (!qr_polytope_check (poly, pts, 1e-6, &why))
        g_error ("piece %u: %s", i, why);
    }
}

static bool
same_brush (const QrCsgBrush *a, const QrCsgBrush *b)
{
  return a->len == b->len && memcmp (a->data, b->data, a->len * sizeof (QrCsgFace)) == 0;
}

/* Issue 12: the six walls of a hollowed box, already disjoint, came back
 * from a convex union as 21 brushes. Inputs that overlap nothing are left
 * alone now: named untouched, or returned as exact copies. */
static void
test_union_disjoint_untouched (void)
{
  g_autoptr (GArray) a = box (qr_vec3 (0, 0, 0), qr_vec3 (128, 96, 64), 0);
  g_autoptr (GPtrArray) walls = qr_csg_hollow (builder, a, 8, false, NULL);
  g_autoptr (GPtrArray) kept = NULL;
  g_autoptr (GPtrArray) copies = NULL;
  bool untouched[6];

  g_assert_cmpuint (walls->len, ==, 6);
  kept = qr_csg_union (builder, (const QrCsgBrush *const *) walls->pdata, 6, untouched);
  g_assert_cmpuint (kept->len, ==, 0);
  for (int i = 0; i < 6; i++)
    g_assert_true (untouched[i]);
  copies = qr_csg_union (builder, (const QrCsgBrush *const *) walls->pdata, 6, NULL);
  g_assert_cmpuint (copies->len, ==, 6);
  for (guint i = 0; i < 6; i++)
    g_assert_true (same_brush (g_ptr_array_index (copies, i), g_ptr_array_index (walls, i)));

  /* Touching is not overlapping: two boxes side by side stay two. */
  {
    g_autoptr (GArray) l = box (qr_vec3 (0, 0, 0), qr_vec3 (16, 16, 16), 0);
    g_autoptr (GArray) r = box (qr_vec3 (16, 0, 0), qr_vec3 (32, 16, 16), 100);
    const QrCsgBrush *pair[] = { l, r };
    g_autoptr (GPtrArray) out = qr_csg_union (builder, pair, 2, untouched);

    g_assert_cmpuint (out->len, ==, 0);
    g_assert_true (untouched[0] && untouched[1]);
  }
}

/* The same shell from six overlapping slabs, each a whole side of the box
 * (they overlap along the edges): the BSP pieces join back into at most
 * six walls, for several boxes and every rotation of the input order. */
static void
test_union_shell_slabs (void)
{
  static const struct
  {
    QrVec3 lo, hi;
    double t;
  } shells[] = {
    { { 0, 0, 0 }, { 128, 128, 128 }, 16 },
    { { -64, 32, 0 }, { 192, 96, 48 }, 8 },
    { { 0, 0, 0 }, { 64, 256, 512 }, 1 },
    { { -1000, -1000, 24 }, { 1000, 1000, 280 }, 32 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (shells); c++)
    for (int rot = 0; rot < 6; rot++)
      {
        QrVec3 lo = shells[c].lo, hi = shells[c].hi;
        double t = shells[c].t;
        g_autoptr (GPtrArray) slabs = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_csg_brush_free);
        g_autoptr (GPtrArray) in = g_ptr_array_new ();
        g_autoptr (GPtrArray) pieces = NULL;
        g_autoptr (GPtrArray) again = NULL;
        double outer = (hi.x - lo.x) * (hi.y - lo.y) * (hi.z - lo.z);
        double inner = (hi.x - lo.x - 2 * t) * (hi.y - lo.y - 2 * t) * (hi.z - lo.z - 2 * t);
        bool untouched[6];

        for (int axis = 0; axis < 3; axis++)
          for (int side = 0; side < 2; side++)
            {
              QrVec3 a = lo, b = hi;

              if (side == 0)
                qr_vec3_set (&b, axis, qr_vec3_get (lo, axis) + t);
              else
                qr_vec3_set (&a, axis, qr_vec3_get (hi, axis) - t);
              g_ptr_array_add (slabs, box (a, b, (axis * 2 + side) * 100));
            }
        for (int i = 0; i < 6; i++)
          g_ptr_array_add (in, g_ptr_array_index (slabs, (i + rot) % 6));
        pieces = qr_csg_union (builder, (const QrCsgBrush *const *) in->pdata, 6, untouched);
        g_test_message ("shell %u, rotation %d: %u pieces", c, rot, pieces->len);
        for (int i = 0; i < 6; i++)
          g_assert_false (untouched[i]);
        g_assert_cmpuint (pieces->len, <=, 6);
        g_assert_cmpfloat (total (pieces), ==, outer - inner);
        assert_valid_disjoint (pieces, 0);
        assert_faces_from (pieces, (const QrCsgBrush *const *) in->pdata, 6);
        assert_polytopes_check (pieces);
        /* Deterministic. */
        again = qr_csg_union (builder, (const QrCsgBrush *const *) in->pdata, 6, NULL);
        g_assert_cmpuint (again->len, ==, pieces->len);
        for (guint i = 0; i < pieces->len; i++)
          g_assert_true (same_brush (g_ptr_array_index (again, i), g_ptr_array_index (pieces, i)));
      }
}

static QrCsgBrush *
brush_as_input (const QrCsgBrush *brush, int first_source)
{
  g_autofree QrVec3 *pts = g_new (QrVec3, 3 * (gsize) brush->len);

  for (guint f = 0; f < brush->len; f++)
    memcpy (pts + 3 * f, g_array_index (brush, QrCsgFace, f).points, sizeof (QrVec3) * 3);
  return qr_csg_brush_new (pts, (int) brush->len, first_source);
}

/* The case through the BSP: the hollowed box's six walls, each
 * given twice (so that every input overlaps another), join back into at
 * most six walls; with a box that fills the room and reaches halfway into
 * the walls, into the one outer box. */
static void
test_union_hollow_walls (void)
{
  static const struct
  {
    QrVec3 lo, hi;
    double t;
  } boxes[] = {
    { { 0, 0, 0 }, { 128, 128, 128 }, 16 },
    { { -64, 32, 0 }, { 192, 96, 48 }, 8 },
    { { 0, 0, 0 }, { 64, 256, 512 }, 2 },
    { { -1000, -1000, 24 }, { 1000, 1000, 280 }, 32 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (boxes); c++)
    for (int filled = 0; filled < 2; filled++)
      {
        QrVec3 lo = boxes[c].lo, hi = boxes[c].hi;
        double t = boxes[c].t;
        g_autoptr (GArray) solid = box (lo, hi, 0);
        g_autoptr (GPtrArray) walls = qr_csg_hollow (builder, solid, t, false, NULL);
        g_autoptr (GArray) room = box (qr_vec3_add (lo, qr_vec3 (t / 2, t / 2, t / 2)),
                                       qr_vec3_sub (hi, qr_vec3 (t / 2, t / 2, t / 2)), 1000);
        g_autoptr (GPtrArray) in = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_csg_brush_free);
        g_autoptr (GPtrArray) pieces = NULL;
        double outer = (hi.x - lo.x) * (hi.y - lo.y) * (hi.z - lo.z);
        double inner = (hi.x - lo.x - 2 * t) * (hi.y - lo.y - 2 * t) * (hi.z - lo.z - 2 * t);

        g_assert_cmpuint (walls->len, ==, 6);
        /* As the operation gives them: faces of their own (kind SAME),
         * numbered per input. */
        for (int twice = 0; twice < 2 - filled; twice++)
          for (guint w = 0; w < 6; w++)
            g_ptr_array_add (in, brush_as_input (g_ptr_array_index (walls, w), (int) in->len * 100));
        if (filled)
          g_ptr_array_add (in, qr_csg_brush_copy (room));
        pieces = qr_csg_union (builder, (const QrCsgBrush *const *) in->pdata, (int) in->len, NULL);
        g_test_message ("box %u%s: %u pieces", c, filled ? " filled" : "", pieces->len);
        g_assert_cmpuint (pieces->len, <=, filled ? 1 : 6);
        g_assert_cmpfloat (total (pieces), ==, filled ? outer : outer - inner);
        assert_valid_disjoint (pieces, 0);
        assert_faces_from (pieces, (const QrCsgBrush *const *) in->pdata, (int) in->len);
        assert_polytopes_check (pieces);
      }
}

/* Inputs that touch face to face: the walls of a hollowed box, with one
 * to three bars through it. Each face must be clipped by the brushes it
 * only touches too, or the faces where two walls meet stay in the union's
 * boundary and the BSP tree loses solid (it did, in 115 of 400 cases like
 * these, by up to a tenth of the volume). */
static void
test_union_touching (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (11);

  for (int c = 0; c < 200; c++)
    {
      QrVec3 lo = qr_vec3 (0, 0, 0);
      QrVec3 hi = qr_vec3 (g_rand_int_range (r, 64, 256), g_rand_int_range (r, 64, 256), g_rand_int_range (r, 64, 256));
      double t = g_rand_int_range (r, 4, 24);
      g_autoptr (GArray) solid = box (lo, hi, 0);
      g_autoptr (GPtrArray) walls = qr_csg_hollow (builder, solid, t, false, NULL);
      g_autoptr (GPtrArray) in = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_csg_brush_free);
      g_autoptr (GPtrArray) pieces = NULL;
      int bars = g_rand_int_range (r, 1, 4);
      double expected = 0, scale = 0;

      for (guint w = 0; w < walls->len; w++)
        g_ptr_array_add (in, brush_as_input (g_ptr_array_index (walls, w), (int) in->len * 100));
      for (int e = 0; e < bars; e++)
        {
          int axis = g_rand_int_range (r, 0, 3);
          QrVec3 a, b;

          for (int k = 0; k < 3; k++)
            {
              double m = qr_vec3_get (hi, k), x;

              if (k == axis)
                {
                  qr_vec3_set (&a, k, -g_rand_int_range (r, 0, 32));
                  qr_vec3_set (&b, k, m + g_rand_int_range (r, 0, 32));
                  continue;
                }
              x = g_rand_int_range (r, -16, (int) m);
              qr_vec3_set (&a, k, x);
              qr_vec3_set (&b, k, x + g_rand_int_range (r, 8, 64));
            }
          g_ptr_array_add (in, box (a, b, (int) in->len * 100));
        }
      for (guint k = 0; k < in->len; k++)
        {
          g_autoptr (GPtrArray) rest = qr_csg_difference (builder, g_ptr_array_index (in, k),
                                                          (const QrCsgBrush *const *) in->pdata, (int) k);

          expected += rest ? total (rest) : volume (g_ptr_array_index (in, k));
          scale += volume (g_ptr_array_index (in, k));
        }
      pieces = qr_csg_union (builder, (const QrCsgBrush *const *) in->pdata, (int) in->len, NULL);
      g_assert_cmpfloat (fabs (total (pieces) - expected), <=, 1e-9 * scale);
      assert_valid_disjoint (pieces, scale);
      assert_faces_from (pieces, (const QrCsgBrush *const *) in->pdata, (int) in->len);
    }
}

/* Two overlapping boxes: vol(A ∪ B) = vol(A) + vol(B) − vol(A ∩ B), in as
 * few pieces as the shape allows. */
static void
test_union_two_boxes (void)
{
  static const struct
  {
    QrVec3 alo, ahi, blo, bhi;
    guint pieces; /* the fewest convex pieces of the union */
  } cases[] = {
    /* Overlapping along x with the same cross-section: one box. */
    { { 0, 0, 0 }, { 64, 32, 16 }, { 32, 0, 0 }, { 128, 32, 16 }, 1 },
    /* One inside the other: the outer one. */
    { { 0, 0, 0 }, { 64, 64, 64 }, { 16, 16, 16 }, { 32, 32, 32 }, 1 },
    /* An L of two bars overlapping at the corner. */
    { { 0, 0, 0 }, { 128, 16, 16 }, { 0, 0, 0 }, { 16, 128, 16 }, 2 },
    /* A plus sign: two bars crossing in the middle. */
    { { 0, 48, 0 }, { 128, 80, 16 }, { 48, 0, 0 }, { 80, 128, 16 }, 3 },
    /* A step: a longer box over a shorter one, overlapping halfway up:
     * the foot below the long one, and the long one. */
    { { 0, 0, 0 }, { 64, 64, 32 }, { 0, 0, 16 }, { 64, 128, 48 }, 2 },
    /* Offset on every axis: a box holding one of A's seven corners outside
     * B lies in A (and the same for B), so three boxes cannot do: A
     * whole leaves B less a corner, three boxes. */
    { { 0, 0, 0 }, { 64, 64, 64 }, { 32, 32, 32 }, { 96, 96, 96 }, 4 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (GArray) a = box (cases[c].alo, cases[c].ahi, 0);
      g_autoptr (GArray) b = box (cases[c].blo, cases[c].bhi, 100);
      const QrCsgBrush *pair[] = { a, b };
      g_autoptr (GPtrArray) pieces = qr_csg_union (builder, pair, 2, NULL);

      g_test_message ("case %u: %u pieces", c, pieces->len);
      g_assert_cmpfloat (total (pieces), ==, volume (a) + volume (b) - overlap (a, b));
      g_assert_cmpuint (pieces->len, ==, cases[c].pieces);
      assert_valid_disjoint (pieces, 0);
      assert_faces_from (pieces, pair, 2);
      assert_polytopes_check (pieces);
    }
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  builder = qr_poly_builder_new ();
  g_test_add_func ("/geom/csg/split", test_split);
  g_test_add_func ("/geom/csg/carve-box", test_carve_box);
  g_test_add_func ("/geom/csg/intersection-empty", test_intersection_empty);
  g_test_add_func ("/geom/csg/hollow", test_hollow);
  g_test_add_func ("/geom/csg/random", test_random);
  g_test_add_func ("/geom/csg/union-many", test_union_many);
  g_test_add_func ("/geom/csg/union-disjoint-untouched", test_union_disjoint_untouched);
  g_test_add_func ("/geom/csg/union-shell-slabs", test_union_shell_slabs);
  g_test_add_func ("/geom/csg/union-hollow-walls", test_union_hollow_walls);
  g_test_add_func ("/geom/csg/union-touching", test_union_touching);
  g_test_add_func ("/geom/csg/union-two-boxes", test_union_two_boxes);
  status = g_test_run ();
  qr_poly_builder_free (builder);
  return status;
}
