#include "qr-csg.h"
#include "qr-eps.h"
#include "qr-transform.h"

#include <string.h>

G_DEFINE_QUARK (quarry-csg-error-quark, qr_csg_error)

QrCsgBrush *
qr_csg_brush_new (const QrVec3 *points, int n_faces, int first_source)
{
  QrCsgBrush *brush = g_array_sized_new (FALSE, FALSE, sizeof (QrCsgFace), (guint) n_faces);

  for (int i = 0; i < n_faces; i++)
    {
      QrCsgFace f = { .kind = QR_CSG_FACE_SAME, .source = first_source + i };

      memcpy (f.points, points + 3 * i, sizeof f.points);
      g_array_append_val (brush, f);
    }
  return brush;
}

QrCsgBrush *
qr_csg_brush_copy (const QrCsgBrush *brush)
{
  return g_array_copy ((GArray *) brush);
}

void
qr_csg_brush_free (QrCsgBrush *brush)
{
  if (brush != NULL)
    g_array_unref (brush);
}

GPtrArray *
qr_csg_brush_array_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) qr_csg_brush_free);
}

static QrPolytope *
build (QrPolyBuilder *b, const QrCsgBrush *brush)
{
  g_autofree QrVec3 *points = g_new (QrVec3, 3 * (gsize) MAX (brush->len, 1));

  for (guint i = 0; i < brush->len; i++)
    memcpy (points + 3 * i, g_array_index (brush, QrCsgFace, i).points, sizeof (QrVec3) * 3);
  return qr_polytope_build (b, points, (int) brush->len);
}

double
qr_csg_volume (QrPolyBuilder *b, const QrCsgBrush *brush)
{
  g_autoptr (QrPolytope) p = build (b, brush);

  return p->status == QR_POLY_OK ? qr_polytope_volume (p) : 0;
}

/* The brush without its redundant faces, or NULL when it is not a valid
 * polytope of at least sliver volume. Takes ownership of `brush`. */
static QrCsgBrush *
prune (QrPolyBuilder *b, QrCsgBrush *brush)
{
  g_autoptr (QrPolytope) p = build (b, brush);
  QrCsgBrush *out;

  if (p->status != QR_POLY_OK || qr_polytope_volume (p) < QR_EPS_SLIVER_VOLUME)
    {
      qr_csg_brush_free (brush);
      return NULL;
    }
  out = g_array_sized_new (FALSE, FALSE, sizeof (QrCsgFace), brush->len);
  for (guint i = 0; i < brush->len; i++)
    if (qr_polytope_face_count (p, (int) i) > 0)
      g_array_append_val (out, g_array_index (brush, QrCsgFace, i));
  qr_csg_brush_free (brush);
  return out;
}

static QrCsgBrush *
with_face (const QrCsgBrush *brush, const QrVec3 points[3], QrCsgFaceKind kind, int source, bool reverse)
{
  QrCsgBrush *out = qr_csg_brush_copy (brush);
  QrCsgFace f = { .kind = kind, .source = source };

  f.points[0] = points[reverse ? 2 : 0];
  f.points[1] = points[1];
  f.points[2] = points[reverse ? 0 : 2];
  g_array_append_val (out, f);
  return out;
}

/* Splits by one plane; `front_kind` / `back_kind` say how the closing faces
 * are tagged. Slivers are not made: a side that would hold less than
 * QR_EPS_SLIVER_VOLUME is dropped. */
static void
split_tagged (QrPolyBuilder *b, const QrCsgBrush *brush, const QrVec3 cut[3],
              QrCsgFaceKind front_kind, QrCsgFaceKind back_kind, int source,
              QrCsgBrush **front, QrCsgBrush **back)
{
  g_autoptr (QrPolytope) p = build (b, brush);
  QrPlane plane;
  double dmin = G_MAXDOUBLE, dmax = -G_MAXDOUBLE;

  *front = *back = NULL;
  if (p->status != QR_POLY_OK || !qr_plane_from_points (cut, &plane))
    return;
  for (int v = 0; v < p->n_verts; v++)
    {
      double d = qr_plane_distance_to (&plane, p->verts[v]);

      dmin = MIN (dmin, d);
      dmax = MAX (dmax, d);
    }
  if (dmax <= QR_EPS_ON_PLANE)
    {
      *back = qr_csg_brush_copy (brush);
      return;
    }
  if (dmin >= -QR_EPS_ON_PLANE)
    {
      *front = qr_csg_brush_copy (brush);
      return;
    }
  *front = prune (b, with_face (brush, cut, front_kind, source, true));
  *back = prune (b, with_face (brush, cut, back_kind, source, false));
  /* A side too thin to be a brush is dropped (it holds less than a
   * sliver); only when neither side builds does the brush stay whole. */
  if (*front == NULL && *back == NULL)
    *back = qr_csg_brush_copy (brush);
}

void
qr_csg_split (QrPolyBuilder *b, const QrCsgBrush *brush, const QrVec3 cut[3], int cut_source,
              QrCsgBrush **front, QrCsgBrush **back)
{
  split_tagged (b, brush, cut, QR_CSG_FACE_CUT, QR_CSG_FACE_CUT, cut_source, front, back);
}

static bool
overlaps (QrPolyBuilder *b, const QrCsgBrush *x, const QrCsgBrush *y)
{
  g_autoptr (GArray) both = qr_csg_brush_copy (x);

  g_array_append_vals (both, y->data, y->len);
  return qr_csg_volume (b, both) >= QR_EPS_SLIVER_VOLUME;
}

/* The carver's planes in cutting order: axial planes first (they cut along
 * the grid, so their pieces stay box-like), then the rest, each group in
 * face order: deterministic. */
static GArray *
cutting_order (const QrCsgBrush *carver)
{
  GArray *order = g_array_new (FALSE, FALSE, sizeof (guint));

  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < carver->len; i++)
      {
        QrPlane plane;
        bool axial = qr_plane_from_points (g_array_index (carver, QrCsgFace, i).points, &plane)
                     && qr_plane_axis (&plane) != QR_PLANE_NOT_AXIAL;

        if (axial == (pass == 0))
          g_array_append_val (order, i);
      }
  return order;
}

/* Pieces of `piece` outside one convex carver (appended to out): the
 * piece clipped to the carver's right-linear tree, keeping what falls in
 * front of a plane (an empty leaf); what is behind all of them is inside. */
static void
difference_one (QrPolyBuilder *b, const QrCsgBrush *piece, const QrCsgBrush *carver, GPtrArray *out)
{
  g_autoptr (GArray) order = cutting_order (carver);
  QrCsgBrush *rest = qr_csg_brush_copy (piece);

  for (guint k = 0; k < order->len && rest != NULL; k++)
    {
      const QrCsgFace *cf = &g_array_index (carver, QrCsgFace, g_array_index (order, guint, k));
      QrCsgBrush *front, *back;

      split_tagged (b, rest, cf->points, QR_CSG_FACE_FLIPPED, QR_CSG_FACE_SAME, cf->source, &front, &back);
      if (front != NULL)
        g_ptr_array_add (out, front);
      qr_csg_brush_free (rest);
      rest = back;
    }
  qr_csg_brush_free (rest);
}

GPtrArray *
qr_csg_difference (QrPolyBuilder *b, const QrCsgBrush *brush, const QrCsgBrush *const *carvers, int n_carvers)
{
  g_autoptr (GPtrArray) pieces = qr_csg_brush_array_new ();
  bool touched = false;

  g_ptr_array_add (pieces, prune (b, qr_csg_brush_copy (brush)));
  if (g_ptr_array_index (pieces, 0) == NULL)
    return NULL;

  for (int c = 0; c < n_carvers; c++)
    {
      g_autoptr (GPtrArray) next = qr_csg_brush_array_new ();

      for (guint i = 0; i < pieces->len; i++)
        {
          QrCsgBrush *piece = g_ptr_array_index (pieces, i);

          if (!overlaps (b, piece, carvers[c]))
            {
              g_ptr_array_add (next, g_ptr_array_steal_index (pieces, i--));
              continue;
            }
          touched = true;
          difference_one (b, piece, carvers[c], next);
        }
      g_ptr_array_unref (pieces);
      pieces = g_steal_pointer (&next);
    }
  if (!touched)
    return NULL;
  return g_steal_pointer (&pieces);
}

QrCsgBrush *
qr_csg_intersection (QrPolyBuilder *b, const QrCsgBrush *const *brushes, int n, GError **error)
{
  QrCsgBrush *all = g_array_new (FALSE, FALSE, sizeof (QrCsgFace));
  QrCsgBrush *result;

  for (int i = 0; i < n; i++)
    g_array_append_vals (all, brushes[i]->data, brushes[i]->len);
  result = prune (b, all);
  if (result == NULL)
    g_set_error (error, QR_CSG_ERROR, QR_CSG_ERROR_EMPTY, "The brushes have no volume in common");
  return result;
}

GPtrArray *
qr_csg_union (QrPolyBuilder *b, const QrCsgBrush *const *brushes, int n)
{
  GPtrArray *pieces = qr_csg_brush_array_new ();

  for (int i = 0; i < n; i++)
    {
      g_autoptr (GPtrArray) parts = NULL;
      QrCsgBrush *whole = prune (b, qr_csg_brush_copy (brushes[i]));

      if (whole == NULL)
        continue;
      /* What this brush adds: itself minus everything already covered. */
      parts = qr_csg_difference (b, whole, (const QrCsgBrush *const *) pieces->pdata, (int) pieces->len);
      if (parts == NULL)
        g_ptr_array_add (pieces, whole);
      else
        {
          qr_csg_brush_free (whole);
          for (guint k = 0; k < parts->len; k++)
            g_ptr_array_add (pieces, g_ptr_array_steal_index (parts, k--));
        }
    }
  return pieces;
}

/* The brush with every face moved by `distance` along its outward normal. */
static QrCsgBrush *
offset (const QrCsgBrush *brush, double distance)
{
  QrCsgBrush *out = qr_csg_brush_copy (brush);

  for (guint i = 0; i < out->len; i++)
    {
      QrCsgFace *f = &g_array_index (out, QrCsgFace, i);
      QrPlane plane;

      if (!qr_plane_from_points (f->points, &plane))
        continue;
      for (int k = 0; k < 3; k++)
        f->points[k] = qr_vec3_snap (qr_vec3_mad (f->points[k], plane.normal, distance));
      f->kind = QR_CSG_FACE_OFFSET;
    }
  return out;
}

GPtrArray *
qr_csg_hollow (QrPolyBuilder *b, const QrCsgBrush *brush, double thickness, bool outward, GError **error)
{
  g_autoptr (QrPolytope) p = NULL;
  g_autoptr (GArray) solid = prune (b, qr_csg_brush_copy (brush));
  g_autoptr (GArray) moved = NULL;
  GPtrArray *walls;
  QrVec3 centre = { 0, 0, 0 };

  if (solid == NULL)
    {
      g_set_error (error, QR_CSG_ERROR, QR_CSG_ERROR_INVALID, "The brush is not a valid solid");
      return NULL;
    }
  if (!(thickness > 0))
    {
      g_set_error (error, QR_CSG_ERROR, QR_CSG_ERROR_TOO_THICK, "The wall thickness must be positive");
      return NULL;
    }
  moved = offset (solid, outward ? thickness : -thickness);

  if (outward)
    {
      const QrCsgBrush *carver = solid;

      walls = qr_csg_difference (b, moved, &carver, 1);
      return walls ? walls : qr_csg_brush_array_new ();
    }

  /* The report's test: the centre strictly behind every moved plane. */
  p = build (b, solid);
  for (int v = 0; v < p->n_verts; v++)
    centre = qr_vec3_add (centre, p->verts[v]);
  centre = qr_vec3_scale (centre, 1.0 / p->n_verts);
  for (guint i = 0; i < moved->len; i++)
    {
      QrPlane plane;

      if (!qr_plane_from_points (g_array_index (moved, QrCsgFace, i).points, &plane)
          || qr_plane_distance_to (&plane, centre) >= 0)
        {
          g_set_error (error, QR_CSG_ERROR, QR_CSG_ERROR_TOO_THICK,
                       "A wall thickness of %g is too large for this brush: its walls would meet", thickness);
          return NULL;
        }
    }
  {
    const QrCsgBrush *carver = moved;

    walls = qr_csg_difference (b, solid, &carver, 1);
  }
  return walls ? walls : qr_csg_brush_array_new ();
}
