#include "qr-csg.h"
#include "qr-bsp.h"
#include "qr-eps.h"
#include "qr-transform.h"
#include "qr-winding.h"

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

/* The polytope without its faces that have no polygon, matching the pruned
 * face list: the arrays behind face_start move down to close the gap, so
 * the block stays one contiguous allocation (qr_polytope_copy relies on it). */
static void
compact_polytope (QrPolytope *p)
{
  int n = 0, n_index = p->face_start[p->n_faces];

  for (int i = 0; i < p->n_faces; i++)
    if (p->face_start[i + 1] > p->face_start[i])
      p->face_start[n++] = p->face_start[i];
  p->face_start[n] = (uint16_t) n_index;
  memmove (p->face_start + n + 1, p->face_index, sizeof (uint16_t) * (gsize) (n_index + 2 * p->n_edges));
  p->face_index = p->face_start + n + 1;
  p->edges = p->face_index + n_index;
  p->n_faces = (uint16_t) n;
}

/* The brush without its redundant faces, or NULL when it is not a valid
 * polytope of at least sliver volume; *poly_out is the pruned brush's
 * polytope. Takes ownership of `brush`. */
static QrCsgBrush *
prune_with_polytope (QrPolyBuilder *b, QrCsgBrush *brush, QrPolytope **poly_out)
{
  QrPolytope *p = build (b, brush);
  QrCsgBrush *out;

  *poly_out = NULL;
  if (p->status != QR_POLY_OK || qr_polytope_volume (p) < QR_EPS_SLIVER_VOLUME)
    {
      qr_polytope_free (p);
      qr_csg_brush_free (brush);
      return NULL;
    }
  out = g_array_sized_new (FALSE, FALSE, sizeof (QrCsgFace), brush->len);
  for (guint i = 0; i < brush->len; i++)
    if (qr_polytope_face_count (p, (int) i) > 0)
      g_array_append_val (out, g_array_index (brush, QrCsgFace, i));
  qr_csg_brush_free (brush);
  compact_polytope (p);
  *poly_out = p;
  return out;
}

static QrCsgBrush *
prune (QrPolyBuilder *b, QrCsgBrush *brush)
{
  QrPolytope *poly;
  QrCsgBrush *out = prune_with_polytope (b, brush, &poly);

  qr_polytope_free (poly);
  return out;
}

/* A brush being cut: its faces with their polygons. Splitting splits the
 * polygons and closes the cut with one cap polygon — linear in the size of
 * the brush, where rebuilding the polytope from its planes is quadratic.
 * The polygons only steer the decisions (which side, how big); the exact
 * geometry of what comes out is built from the planes by the caller. */
typedef struct
{
  GArray *faces;   /* QrCsgFace */
  GPtrArray *polys; /* QrWinding * per face, NULL where the face has no polygon */
  QrPlane *planes; /* one per face */
  GArray *verts;   /* QrVec3: the corners, once each, for classifying */
  QrBounds bounds;
  double volume;
} Piece;

static void
piece_free (Piece *p)
{
  if (p == NULL)
    return;
  qr_csg_brush_free (p->faces);
  g_ptr_array_unref (p->polys);
  g_array_unref (p->verts);
  g_free (p->planes);
  g_free (p);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Piece, piece_free)

static Piece *
piece_alloc (guint n)
{
  Piece *p = g_new0 (Piece, 1);

  p->faces = g_array_sized_new (FALSE, FALSE, sizeof (QrCsgFace), n);
  p->polys = g_ptr_array_new_full (n, (GDestroyNotify) qr_winding_free);
  p->planes = g_new (QrPlane, MAX (n, 1));
  p->verts = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  return p;
}

static void
piece_add (Piece *p, const QrCsgFace *face, const QrPlane *plane, QrWinding *w)
{
  p->planes[p->faces->len] = *plane;
  g_array_append_val (p->faces, *face);
  g_ptr_array_add (p->polys, w);
}

/* Bounds and volume (divergence theorem about the first vertex). */
static void
piece_measure (Piece *p)
{
  QrVec3 o = { 0, 0, 0 };
  double v = 0;
  bool have_o = false;

  p->bounds = qr_bounds_empty ();
  for (guint i = 0; i < p->polys->len; i++)
    {
      QrWinding *w = g_ptr_array_index (p->polys, i);

      if (w == NULL)
        continue;
      for (int k = 0; k < w->n; k++)
        {
          qr_bounds_add_point (&p->bounds, w->p[k]);
          if (!have_o)
            o = w->p[k], have_o = true;
        }
      for (int k = 1; k + 1 < w->n; k++)
        v += qr_vec3_dot (qr_vec3_sub (w->p[0], o),
                          qr_vec3_cross (qr_vec3_sub (w->p[k], o), qr_vec3_sub (w->p[k + 1], o)));
    }
  p->volume = v / 6.0;
}

/* From the exact polytope: faces without a polygon are left out. NULL
 * when the brush is not a valid solid of at least sliver volume. */
static Piece *
piece_from_polytope (const QrCsgBrush *brush, const QrPolytope *poly);

static Piece *
piece_from_brush (QrPolyBuilder *b, const QrCsgBrush *brush)
{
  g_autoptr (QrPolytope) poly = build (b, brush);

  return piece_from_polytope (brush, poly);
}

/* From the brush's exact polytope (face i of the polytope is face i of the
 * brush): faces without a polygon are left out. */
static Piece *
piece_from_polytope (const QrCsgBrush *brush, const QrPolytope *poly)
{
  Piece *p;

  if (poly->status != QR_POLY_OK || qr_polytope_volume (poly) < QR_EPS_SLIVER_VOLUME)
    return NULL;
  p = piece_alloc (brush->len);
  for (guint i = 0; i < brush->len; i++)
    {
      const uint16_t *idx = qr_polytope_face_indices (poly, (int) i);
      int n = qr_polytope_face_count (poly, (int) i);
      QrWinding *w;
      QrPlane plane;

      if (n == 0 || !qr_plane_from_points (g_array_index (brush, QrCsgFace, i).points, &plane))
        continue;
      w = qr_winding_new (n);
      for (int k = 0; k < n; k++)
        w->p[k] = poly->verts[idx[k]];
      w->n = n;
      piece_add (p, &g_array_index (brush, QrCsgFace, i), &plane, w);
    }
  g_array_append_vals (p->verts, poly->verts, poly->n_verts);
  piece_measure (p);
  return p;
}

/* The final brush, built exactly from its planes: redundant faces go;
 * NULL when the exact solid is below sliver size after all. */
static QrCsgBrush *
piece_to_brush (QrPolyBuilder *b, const Piece *p, QrPolytope **poly_out)
{
  QrCsgBrush *keep = g_array_sized_new (FALSE, FALSE, sizeof (QrCsgFace), p->faces->len);

  /* Planes the piece stays well clear of go first: the exact build then
   * only clips by the few planes that can bound it. */
  for (guint i = 0; i < p->faces->len; i++)
    {
      bool near = g_ptr_array_index (p->polys, i) != NULL;

      for (guint k = 0; k < p->verts->len && !near; k++)
        near = qr_plane_distance_to (&p->planes[i], g_array_index (p->verts, QrVec3, k)) > -QR_EPS_CSG_CLEARANCE;
      if (near)
        g_array_append_val (keep, g_array_index (p->faces, QrCsgFace, i));
    }
  if (poly_out != NULL)
    return prune_with_polytope (b, keep, poly_out);
  return prune (b, keep);
}

/* Appends the final brushes of pieces to out, and their polytopes to
 * polys when it is not NULL. */
static void
pieces_to_brushes (QrPolyBuilder *b, GPtrArray *pieces, GPtrArray *out, GPtrArray *polys)
{
  for (guint i = 0; i < pieces->len; i++)
    {
      QrPolytope *poly = NULL;
      QrCsgBrush *brush = piece_to_brush (b, g_ptr_array_index (pieces, i), polys ? &poly : NULL);

      if (brush == NULL)
        continue;
      g_ptr_array_add (out, brush);
      if (polys != NULL)
        g_ptr_array_add (polys, poly);
    }
}

typedef struct
{
  QrVec3 p;
  double angle;
} CapCorner;

static int
compare_corners (gconstpointer a, gconstpointer b)
{
  double x = ((const CapCorner *) a)->angle, y = ((const CapCorner *) b)->angle;

  return x < y ? -1 : x > y;
}

/* The cut across the piece, from the points where the face polygons
 * crossed the plane (the front parts' corners on it): sorted around their
 * centre, counter-clockwise seen from the plane's front. Linear in the
 * piece, where clipping a huge winding by every plane is not. NULL when
 * fewer than three distinct corners are found. */
static QrWinding *
cap (GPtrArray *front_polys, const QrPlane *plane)
{
  g_autoptr (GArray) corners = g_array_new (FALSE, FALSE, sizeof (CapCorner));
  QrVec3 centre = { 0, 0, 0 }, u, v;
  QrWinding *w;

  for (guint i = 0; i < front_polys->len; i++)
    {
      QrWinding *poly = g_ptr_array_index (front_polys, i);

      for (int k = 0; poly != NULL && k < poly->n; k++)
        {
          bool seen = false;

          if (fabs (qr_plane_distance_to (plane, poly->p[k])) > QR_EPS_ON_PLANE)
            continue;
          for (guint j = 0; j < corners->len && !seen; j++)
            {
              QrVec3 d = qr_vec3_sub (g_array_index (corners, CapCorner, j).p, poly->p[k]);
              seen = fabs (d.x) <= QR_EPS_WELD && fabs (d.y) <= QR_EPS_WELD && fabs (d.z) <= QR_EPS_WELD;
            }
          if (!seen)
            g_array_append_val (corners, ((CapCorner) { poly->p[k], 0 }));
        }
    }
  if (corners->len < 3)
    return NULL;
  for (guint j = 0; j < corners->len; j++)
    centre = qr_vec3_add (centre, g_array_index (corners, CapCorner, j).p);
  centre = qr_vec3_scale (centre, 1.0 / corners->len);
  u = qr_vec3_sub (g_array_index (corners, CapCorner, 0).p, centre);
  u = qr_vec3_scale (u, 1.0 / qr_vec3_length (u));
  v = qr_vec3_cross (plane->normal, u);
  for (guint j = 0; j < corners->len; j++)
    {
      CapCorner *c = &g_array_index (corners, CapCorner, j);
      QrVec3 d = qr_vec3_sub (c->p, centre);

      c->angle = atan2 (qr_vec3_dot (d, v), qr_vec3_dot (d, u));
    }
  g_array_sort (corners, compare_corners);
  w = qr_winding_new ((int) corners->len);
  for (guint j = 0; j < corners->len; j++)
    w->p[j] = g_array_index (corners, CapCorner, j).p;
  w->n = (int) corners->len;
  return w;
}

typedef enum
{
  SIDE_FRONT,
  SIDE_BACK,
  SIDE_BOTH,
} Sides;

static Sides
classify_piece (const Piece *p, const QrPlane *plane)
{
  const QrVec3 *v = (const QrVec3 *) p->verts->data;
  bool front = false, back = false;

  for (guint k = 0; k < p->verts->len && !(front && back); k++)
    {
      double d = qr_plane_distance_to (plane, v[k]);

      front |= d > QR_EPS_ON_PLANE;
      back |= d < -QR_EPS_ON_PLANE;
    }
  return front && back ? SIDE_BOTH : front ? SIDE_FRONT : SIDE_BACK;
}

/* Splits a piece (consumed) by a plane: front and back parts, either NULL
 * when that side holds nothing or less than a sliver. The closing faces
 * are tagged `front_kind` (points reversed) and `back_kind`. */
/* The slow, exact way: both parts rebuilt from their planes. For the rare
 * cut the polygons cannot resolve (a cap lost to rounding where the plane
 * grazes a face). */
static void
piece_split_exact (QrPolyBuilder *b, Piece *p, const QrVec3 cut[3], const QrCsgFace *fcap,
                   const QrCsgFace *bcap, Piece **front, Piece **back)
{
  g_autoptr (GArray) fb = qr_csg_brush_copy (p->faces);
  g_autoptr (GArray) bb = qr_csg_brush_copy (p->faces);

  g_array_append_val (fb, *fcap);
  g_array_append_val (bb, *bcap);
  *front = piece_from_brush (b, fb);
  *back = piece_from_brush (b, bb);
  if (*front == NULL && *back == NULL)
    *back = p;
  else
    piece_free (p);
}

static void
piece_split (QrPolyBuilder *b, Piece *p, const QrVec3 cut[3], QrCsgFaceKind front_kind,
             QrCsgFaceKind back_kind, int source, Piece **front, Piece **back)
{
  QrPlane plane;
  Sides sides;
  QrWinding *c;
  Piece *f, *bk;
  QrCsgFace fcap = { .kind = front_kind, .source = source };
  QrCsgFace bcap = { .kind = back_kind, .source = source };
  QrPlane flipped;

  *front = *back = NULL;
  if (!qr_plane_from_points (cut, &plane))
    {
      *back = p;
      return;
    }
  sides = classify_piece (p, &plane);
  if (sides != SIDE_BOTH)
    {
      *(sides == SIDE_FRONT ? front : back) = p;
      return;
    }
  memcpy (bcap.points, cut, sizeof bcap.points);
  fcap.points[0] = cut[2];
  fcap.points[1] = cut[1];
  fcap.points[2] = cut[0];
  f = piece_alloc (p->faces->len + 1);
  bk = piece_alloc (p->faces->len + 1);
  /* Both parts keep every plane: a polygon the rounding lost would
   * otherwise take a bounding plane with it. The exact build of each final
   * piece drops the redundant ones (piece_to_brush). */
  for (guint i = 0; i < p->faces->len; i++)
    {
      QrWinding *w = g_ptr_array_index (p->polys, i), *wf = NULL, *wb = NULL;

      if (w != NULL)
        qr_winding_split (w, &plane, QR_EPS_ON_PLANE, &wf, &wb);
      piece_add (f, &g_array_index (p->faces, QrCsgFace, i), &p->planes[i], wf);
      piece_add (bk, &g_array_index (p->faces, QrCsgFace, i), &p->planes[i], wb);
    }
  c = cap (f->polys, &plane);
  if (c == NULL)
    {
      piece_free (f);
      piece_free (bk);
      piece_split_exact (b, p, cut, &fcap, &bcap, front, back);
      return;
    }
  /* The back part is closed by the plane, the front by it turned around. */
  flipped = qr_plane_flip (plane);
  {
    QrWinding *rev = qr_winding_new (c->n);

    for (int k = 0; k < c->n; k++)
      rev->p[k] = c->p[c->n - 1 - k];
    rev->n = c->n;
    piece_add (f, &fcap, &flipped, rev);
  }
  piece_add (bk, &bcap, &plane, c);
  /* Each side's corners: the parent's on that side, and the cap's. */
  for (guint k = 0; k < p->verts->len; k++)
    {
      QrVec3 v = g_array_index (p->verts, QrVec3, k);
      double d = qr_plane_distance_to (&plane, v);

      /* A corner on the plane belongs to both sides. */
      if (d >= -QR_EPS_ON_PLANE)
        g_array_append_val (f->verts, v);
      if (d <= QR_EPS_ON_PLANE)
        g_array_append_val (bk->verts, v);
    }
  g_array_append_vals (f->verts, c->p, c->n);
  g_array_append_vals (bk->verts, c->p, c->n);
  piece_measure (f);
  piece_measure (bk);
  if (f->volume < QR_EPS_SLIVER_VOLUME)
    g_clear_pointer (&f, piece_free);
  if (bk->volume < QR_EPS_SLIVER_VOLUME)
    g_clear_pointer (&bk, piece_free);
  if (f == NULL && bk == NULL)
    {
      *back = p;
      return;
    }
  piece_free (p);
  *front = f;
  *back = bk;
}

void
qr_csg_split (QrPolyBuilder *b, const QrCsgBrush *brush, const QrVec3 cut[3], int cut_source,
              QrCsgBrush **front, QrCsgBrush **back)
{
  Piece *p = piece_from_brush (b, brush);
  Piece *f = NULL, *bk = NULL;

  *front = *back = NULL;
  if (p == NULL)
    return;
  piece_split (b, p, cut, QR_CSG_FACE_CUT, QR_CSG_FACE_CUT, cut_source, &f, &bk);
  if (f != NULL)
    *front = piece_to_brush (b, f, NULL);
  if (bk != NULL)
    *back = piece_to_brush (b, bk, NULL);
  piece_free (f);
  piece_free (bk);
}

/* A plane of either piece with the whole other piece in front of it
 * separates them. (Not finding one does not prove an overlap: the clipping
 * below then finds nothing to cut and leaves the piece whole.) */
static bool
separated (const Piece *a, const Piece *c)
{
  if (!qr_bounds_overlap (a->bounds, c->bounds))
    return true;
  for (guint i = 0; i < c->faces->len; i++)
    if (classify_piece (a, &c->planes[i]) == SIDE_FRONT)
      return true;
  for (guint i = 0; i < a->faces->len; i++)
    if (classify_piece (c, &a->planes[i]) == SIDE_FRONT)
      return true;
  return false;
}

/* The carver's planes in cutting order: axial planes first (they cut along
 * the grid, so their pieces stay box-like), then the rest, each group in
 * face order: deterministic. */
static GArray *
cutting_order (const Piece *carver)
{
  GArray *order = g_array_new (FALSE, FALSE, sizeof (guint));

  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < carver->faces->len; i++)
      {
        bool axial = qr_plane_axis (&carver->planes[i]) != QR_PLANE_NOT_AXIAL;

        if (axial == (pass == 0))
          g_array_append_val (order, i);
      }
  return order;
}

/* The piece (consumed) clipped to one convex carver's right-linear tree:
 * what falls in front of a plane (an empty leaf) is kept, appended to out;
 * what is behind all of them is inside and dropped. Returns false, and
 * appends the piece untouched, when the carver does not reach it. */
static bool
difference_one (QrPolyBuilder *b, Piece *piece, const Piece *carver, const GArray *order, GPtrArray *out)
{
  Piece *rest = piece;
  bool cut = false;

  if (separated (piece, carver))
    {
      g_ptr_array_add (out, piece);
      return false;
    }
  for (guint k = 0; k < order->len && rest != NULL; k++)
    {
      guint i = g_array_index (order, guint, k);
      const QrCsgFace *cf = &g_array_index (carver->faces, QrCsgFace, i);
      Piece *front, *back;

      piece_split (b, rest, cf->points, QR_CSG_FACE_FLIPPED, QR_CSG_FACE_SAME, cf->source, &front, &back);
      if (front != NULL && back == NULL && !cut)
        {
          /* Wholly in front of a carver plane before any cut: untouched. */
          g_ptr_array_add (out, front);
          return false;
        }
      cut = true;
      if (front != NULL)
        g_ptr_array_add (out, front);
      rest = back;
    }
  piece_free (rest);
  return true;
}

struct _QrCsgCarvers
{
  GPtrArray *pieces; /* Piece * */
  GPtrArray *orders; /* GArray * of guint: each carver's cutting order */
  QrBounds bounds;
};

QrCsgCarvers *
qr_csg_carvers_new (QrPolyBuilder *b, const QrCsgBrush *const *carvers, int n)
{
  QrCsgCarvers *c = g_new0 (QrCsgCarvers, 1);

  c->pieces = g_ptr_array_new_with_free_func ((GDestroyNotify) piece_free);
  c->orders = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  c->bounds = qr_bounds_empty ();
  for (int i = 0; i < n; i++)
    {
      Piece *p = piece_from_brush (b, carvers[i]);

      if (p == NULL)
        continue;
      qr_bounds_add_bounds (&c->bounds, p->bounds);
      g_ptr_array_add (c->pieces, p);
      g_ptr_array_add (c->orders, cutting_order (p));
    }
  return c;
}

void
qr_csg_carvers_free (QrCsgCarvers *c)
{
  if (c == NULL)
    return;
  g_ptr_array_unref (c->pieces);
  g_ptr_array_unref (c->orders);
  g_free (c);
}

GPtrArray *
qr_csg_difference (QrPolyBuilder *b, const QrCsgBrush *brush, const QrCsgBrush *const *carvers, int n_carvers)
{
  QrCsgCarvers *c = qr_csg_carvers_new (b, carvers, n_carvers);
  GPtrArray *result = qr_csg_difference_prepared (b, brush, NULL, c, NULL);

  qr_csg_carvers_free (c);
  return result;
}

GPtrArray *
qr_csg_difference_prepared (QrPolyBuilder *b, const QrCsgBrush *brush, const QrPolytope *poly,
                            const QrCsgCarvers *carvers, GPtrArray **polys)
{
  g_autoptr (GPtrArray) pieces = g_ptr_array_new_with_free_func ((GDestroyNotify) piece_free);
  GPtrArray *result;
  Piece *whole = poly != NULL && poly->status == QR_POLY_OK && poly->n_faces == brush->len
                     ? piece_from_polytope (brush, poly)
                     : piece_from_brush (b, brush);
  bool touched = false;

  if (whole == NULL)
    return NULL;
  g_ptr_array_add (pieces, whole);
  for (guint c = 0; c < carvers->pieces->len; c++)
    {
      const Piece *carver = g_ptr_array_index (carvers->pieces, c);
      const GArray *order = g_ptr_array_index (carvers->orders, c);
      g_autoptr (GPtrArray) next = g_ptr_array_new_with_free_func ((GDestroyNotify) piece_free);

      for (guint i = 0; i < pieces->len; i++)
        touched |= difference_one (b, g_ptr_array_steal_index (pieces, i--), carver, order, next);
      g_ptr_array_unref (pieces);
      pieces = g_steal_pointer (&next);
    }
  if (!touched)
    return NULL;
  result = qr_csg_brush_array_new ();
  if (polys != NULL)
    *polys = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_polytope_free);
  pieces_to_brushes (b, pieces, result, polys ? *polys : NULL);
  return result;
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

/* A plane as a hash key: exact, since the tree keeps the planes it was
 * given and turns them around by negation. */
typedef struct
{
  double n[3], d;
} PlaneKey;

static guint
plane_key_hash (gconstpointer p)
{
  const guint *w = p;
  guint h = 17;

  for (guint i = 0; i < sizeof (PlaneKey) / sizeof (guint); i++)
    h = h * 31 + w[i];
  return h;
}

static gboolean
plane_key_equal (gconstpointer a, gconstpointer b)
{
  return memcmp (a, b, sizeof (PlaneKey)) == 0;
}

static PlaneKey *
plane_key_new (const QrPlane *p)
{
  PlaneKey *k = g_new (PlaneKey, 1);

  /* +0 for -0, so the two zeros hash alike. */
  k->n[0] = p->normal.x + 0.0;
  k->n[1] = p->normal.y + 0.0;
  k->n[2] = p->normal.z + 0.0;
  k->d = p->dist + 0.0;
  return k;
}

typedef struct
{
  const QrCsgFace *face; /* borrowed from the input pieces */
  bool flipped;
} PlaneSource;

static bool
winding_bounds_overlap (const QrWinding *w, QrBounds b)
{
  QrBounds wb = qr_bounds_empty ();

  for (int k = 0; k < w->n; k++)
    qr_bounds_add_point (&wb, w->p[k]);
  return wb.min.x <= b.max.x && b.min.x <= wb.max.x && wb.min.y <= b.max.y && b.min.y <= wb.max.y
         && wb.min.z <= b.max.z && b.min.z <= wb.max.z;
}

/* Their bounds meet or overlap (touching counts, unlike qr_bounds_overlap). */
static bool
bounds_touch (QrBounds a, QrBounds c)
{
  const double e = QR_EPS_ON_PLANE;

  return a.min.x <= c.max.x + e && c.min.x <= a.max.x + e && a.min.y <= c.max.y + e && c.min.y <= a.max.y + e
         && a.min.z <= c.max.z + e && c.min.z <= a.max.z + e;
}

/* The report's convex union: the boundary polygons of the union (each
 * brush's faces clipped to the others' right-linear trees, keeping what is
 * outside them; where two brushes share a face, the coplanar policies keep
 * it once, from the later brush), one BSP tree built from that boundary
 * with the split metric, and one convex piece per solid leaf, bounded by
 * the planes on its way to the root. Every such plane is an input face's
 * plane or that plane turned around, so the pieces reuse the input faces.
 * `pieces` (Piece *, valid inputs; borrowed) become out's pieces (Piece *). */
static void
bsp_union (QrPolyBuilder *b, GPtrArray *pieces, GPtrArray *out)
{
  g_autoptr (GPtrArray) trees = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_bsp_free);
  g_autoptr (GPtrArray) boundary = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_winding_free);
  g_autoptr (GArray) boundary_planes = g_array_new (FALSE, FALSE, sizeof (QrPlane));
  g_autoptr (GHashTable) sources = g_hash_table_new_full (plane_key_hash, plane_key_equal, g_free, g_free);
  g_autoptr (QrBspTree) tree = NULL;
  g_autoptr (GPtrArray) leaves = NULL;

  for (guint i = 0; i < pieces->len; i++)
    {
      const Piece *p = g_ptr_array_index (pieces, i);

      g_ptr_array_add (trees, qr_bsp_build_right_linear (p->planes, (int) p->faces->len));
      for (guint f = 0; f < p->faces->len; f++)
        for (int turned = 0; turned < 2; turned++)
          {
            QrPlane plane = turned ? qr_plane_flip (p->planes[f]) : p->planes[f];
            PlaneKey *key = plane_key_new (&plane);
            PlaneSource *src;

            /* Coplanar faces of several brushes: the first one's attributes. */
            if (g_hash_table_contains (sources, key))
              {
                g_free (key);
                continue;
              }
            src = g_new (PlaneSource, 1);
            *src = (PlaneSource) { &g_array_index (p->faces, QrCsgFace, f), turned != 0 };
            g_hash_table_insert (sources, key, src);
          }
    }

  for (guint i = 0; i < pieces->len; i++)
    {
      const Piece *p = g_ptr_array_index (pieces, i);

      for (guint f = 0; f < p->faces->len; f++)
        {
          g_autoptr (GPtrArray) frags = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_winding_free);

          if (g_ptr_array_index (p->polys, f) == NULL)
            continue;
          g_ptr_array_add (frags, qr_winding_copy (g_ptr_array_index (p->polys, f)));
          for (guint j = 0; j < pieces->len && frags->len > 0; j++)
            {
              const Piece *q = g_ptr_array_index (pieces, j);
              const QrBspClipFunctor *functor;
              g_autoptr (GPtrArray) next = NULL;

              /* Touching counts: where q only meets p face to face, that
               * face is inside the union, and left in the boundary it
               * makes the tree lose solid. */
              if (j == i || !bounds_touch (p->bounds, q->bounds))
                continue;
              functor = qr_bsp_polygon_functor (j > i ? QR_BSP_COPLANAR_UNION_FIRST : QR_BSP_COPLANAR_UNION_SECOND);
              next = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_winding_free);
              for (guint m = 0; m < frags->len; m++)
                {
                  QrWinding *w = g_ptr_array_index (frags, m);

                  if (!winding_bounds_overlap (w, q->bounds))
                    g_ptr_array_add (next, qr_winding_copy (w));
                  else
                    qr_bsp_clip (g_ptr_array_index (trees, j), w, functor, false, next);
                }
              g_ptr_array_unref (frags);
              frags = g_steal_pointer (&next);
            }
          for (guint m = 0; m < frags->len; m++)
            {
              g_ptr_array_add (boundary, g_steal_pointer (&g_ptr_array_index (frags, m)));
              g_array_append_val (boundary_planes, p->planes[f]);
            }
        }
    }

  if (boundary->len == 0)
    return;
  tree = qr_bsp_build ((const QrWinding *const *) boundary->pdata, (QrPlane *) boundary_planes->data,
                       (int) boundary->len, QR_BSP_BALANCE_WEIGHT, QR_BSP_SPLIT_WEIGHT);
  leaves = qr_bsp_solid_leaf_plane_sets (tree);
  for (guint l = 0; l < leaves->len; l++)
    {
      GArray *planes = g_ptr_array_index (leaves, l);
      QrCsgBrush *faces = g_array_sized_new (FALSE, FALSE, sizeof (QrCsgFace), planes->len);
      QrCsgBrush *piece;
      QrPolytope *poly;

      for (guint k = 0; k < planes->len; k++)
        {
          g_autofree PlaneKey *key = plane_key_new (&g_array_index (planes, QrPlane, k));
          const PlaneSource *src = g_hash_table_lookup (sources, key);
          QrCsgFace face;

          g_assert (src != NULL); /* every split plane is a boundary polygon's */
          face = *src->face;
          if (src->flipped)
            {
              face.points[0] = src->face->points[2];
              face.points[2] = src->face->points[0];
              face.kind = QR_CSG_FACE_FLIPPED;
            }
          g_array_append_val (faces, face);
        }
      piece = prune_with_polytope (b, faces, &poly);
      if (piece == NULL)
        continue;
      g_ptr_array_add (out, piece_from_polytope (piece, poly));
      qr_csg_brush_free (piece);
      qr_polytope_free (poly);
    }
}

/* Every corner of w is one of v's (within `tolerance` per axis). */
static bool
corners_within (const QrWinding *w, const QrWinding *v, double tolerance)
{
  for (int k = 0; k < w->n; k++)
    {
      bool found = false;

      for (int m = 0; m < v->n && !found; m++)
        {
          QrVec3 d = qr_vec3_sub (w->p[k], v->p[m]);

          found = fabs (d.x) <= tolerance && fabs (d.y) <= tolerance && fabs (d.z) <= tolerance;
        }
      if (!found)
        return false;
    }
  return true;
}

/* A cheap test that rules out most pairs: two disjoint convex pieces whose
 * union is convex meet on a plane that cuts through the union, so both
 * faces there are the union's whole cross-section: the same polygon. The
 * tolerance is loose (the exact test follows), far above the ~1e-9 by
 * which corners computed from different planes differ. */
static bool
same_contact (const Piece *x, const Piece *y)
{
  if (!bounds_touch (x->bounds, y->bounds))
    return false;
  for (guint i = 0; i < x->faces->len; i++)
    {
      QrPlane flipped = qr_plane_flip (x->planes[i]);

      for (guint j = 0; j < y->faces->len; j++)
        {
          const QrWinding *wx = g_ptr_array_index (x->polys, i), *wy = g_ptr_array_index (y->polys, j);

          if (qr_plane_equal (&flipped, &y->planes[j]) && wx != NULL && wy != NULL
              && corners_within (wx, wy, QR_EPS_CSG_CLEARANCE) && corners_within (wy, wx, QR_EPS_CSG_CLEARANCE))
            return true;
        }
    }
  return false;
}

/* The two disjoint pieces as one, or NULL when their union is not convex.
 * The faces of either that have the other behind them bound a convex
 * brush C containing both; C is their union exactly when it has their
 * combined volume (then every facet of the union, being part of the
 * pieces' boundary, lies on one of those faces). C is then also their
 * convex hull, and its faces are theirs, points, sources and all. */
static Piece *
merge_two (QrPolyBuilder *b, const Piece *x, const Piece *y)
{
  QrCsgBrush *faces;
  QrCsgBrush *merged;
  QrPolytope *poly;
  g_autoptr (GArray) planes = NULL;
  Piece *out;

  if (!same_contact (x, y))
    return NULL;
  faces = g_array_sized_new (FALSE, FALSE, sizeof (QrCsgFace), x->faces->len + y->faces->len);
  planes = g_array_sized_new (FALSE, FALSE, sizeof (QrPlane), x->faces->len + y->faces->len);
  for (int side = 0; side < 2; side++)
    {
      const Piece *p = side == 0 ? x : y, *other = side == 0 ? y : x;

      for (guint i = 0; i < p->faces->len; i++)
        {
          bool seen = false;

          if (classify_piece (other, &p->planes[i]) != SIDE_BACK)
            continue;
          /* A plane both pieces have (a floor under both) once, the first's. */
          for (guint k = 0; k < planes->len && !seen; k++)
            seen = qr_plane_equal (&g_array_index (planes, QrPlane, k), &p->planes[i]);
          if (seen)
            continue;
          g_array_append_val (faces, g_array_index (p->faces, QrCsgFace, i));
          g_array_append_val (planes, p->planes[i]);
        }
    }
  merged = prune_with_polytope (b, faces, &poly);
  if (merged == NULL)
    return NULL;
  out = fabs (qr_polytope_volume (poly) - (x->volume + y->volume)) <= QR_EPS_MERGE_VOLUME
            ? piece_from_polytope (merged, poly)
            : NULL;
  qr_csg_brush_free (merged);
  qr_polytope_free (poly);
  return out;
}

typedef struct
{
  guint i, j;    /* i < j: the pieces it joins */
  Piece *merged; /* owned */
} Merge;

static void
add_merge (QrPolyBuilder *b, GPtrArray *parts, guint i, guint j, GArray *merges)
{
  Merge m = { MIN (i, j), MAX (i, j), NULL };

  m.merged = merge_two (b, g_ptr_array_index (parts, m.i), g_ptr_array_index (parts, m.j));
  if (m.merged != NULL)
    g_array_append_val (merges, m);
}

/* Joins pieces (Piece *, mutually disjoint) greedily while two of them
 * make one convex piece: the smallest such union first, ties to the lowest
 * indices, so the result is deterministic. Small first, because the small
 * pieces are the corners and edges where walls meet: joined early they
 * lengthen a wall, while big pieces joined first grow past them and leave
 * them no neighbour of the same cross-section (a hollowed box's walls,
 * each given twice, came back as ten pieces largest first; smallest first,
 * as six in each of 150 random boxes). Only pairs that meet face to face
 * are tried, and after a merge only pairs with the new piece: one pass
 * over all pairs (bounds first), then one over the pieces per merge. The
 * survivors keep their order; a union takes the place of the first of the
 * two. */
static void
merge_pieces (QrPolyBuilder *b, GPtrArray *parts)
{
  g_autoptr (GArray) merges = g_array_new (FALSE, FALSE, sizeof (Merge));

  for (guint i = 0; i < parts->len; i++)
    for (guint j = i + 1; j < parts->len; j++)
      add_merge (b, parts, i, j, merges);
  while (merges->len > 0)
    {
      guint best = 0, i, j;

      for (guint k = 1; k < merges->len; k++)
        {
          const Merge *m = &g_array_index (merges, Merge, k), *o = &g_array_index (merges, Merge, best);

          if (m->merged->volume < o->merged->volume
              || (m->merged->volume == o->merged->volume && (m->i < o->i || (m->i == o->i && m->j < o->j))))
            best = k;
        }
      i = g_array_index (merges, Merge, best).i;
      j = g_array_index (merges, Merge, best).j;
      piece_free (g_ptr_array_index (parts, i));
      piece_free (g_ptr_array_index (parts, j));
      g_ptr_array_index (parts, i) = g_array_index (merges, Merge, best).merged;
      g_ptr_array_index (parts, j) = NULL;
      g_array_index (merges, Merge, best).merged = NULL;
      /* Pairs with either piece are stale. */
      for (guint k = 0; k < merges->len; k++)
        {
          Merge *m = &g_array_index (merges, Merge, k);

          if (m->i == i || m->j == i || m->i == j || m->j == j)
            {
              piece_free (m->merged);
              g_array_remove_index (merges, k--);
            }
        }
      for (guint k = 0; k < parts->len; k++)
        if (k != i && g_ptr_array_index (parts, k) != NULL)
          add_merge (b, parts, i, k, merges);
    }
  for (guint k = 0; k < parts->len; k++)
    if (g_ptr_array_index (parts, k) == NULL)
      g_ptr_array_remove_index (parts, k--);
}

GPtrArray *
qr_csg_union (QrPolyBuilder *b, const QrCsgBrush *const *brushes, int n, bool *untouched)
{
  g_autoptr (GPtrArray) inputs = g_ptr_array_new_with_free_func ((GDestroyNotify) piece_free);
  g_autoptr (GPtrArray) overlapping = g_ptr_array_new ();
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) piece_free);
  g_autofree bool *overlaps = g_new0 (bool, MAX (n, 1));
  GPtrArray *result = qr_csg_brush_array_new ();

  for (int i = 0; i < n; i++)
    g_ptr_array_add (inputs, piece_from_brush (b, brushes[i]));
  /* Which inputs overlap another by a sliver or more. */
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      {
        const Piece *x = g_ptr_array_index (inputs, i), *y = g_ptr_array_index (inputs, j);
        g_autoptr (GArray) both = NULL;

        if (x == NULL || y == NULL || (overlaps[i] && overlaps[j]) || separated (x, y))
          continue;
        both = qr_csg_brush_copy (brushes[i]);
        g_array_append_vals (both, brushes[j]->data, brushes[j]->len);
        if (qr_csg_volume (b, both) >= QR_EPS_SLIVER_VOLUME)
          overlaps[i] = overlaps[j] = true;
      }
  for (int i = 0; i < n; i++)
    {
      if (untouched != NULL)
        untouched[i] = !overlaps[i] && g_ptr_array_index (inputs, i) != NULL;
      if (overlaps[i])
        g_ptr_array_add (overlapping, g_ptr_array_index (inputs, i));
      else if (untouched == NULL && g_ptr_array_index (inputs, i) != NULL)
        g_ptr_array_add (result, qr_csg_brush_copy (brushes[i]));
    }
  bsp_union (b, overlapping, parts);
  merge_pieces (b, parts);
  for (guint i = 0; i < parts->len; i++)
    g_ptr_array_add (result, qr_csg_brush_copy (((Piece *) g_ptr_array_index (parts, i))->faces));
  return result;
}

/* The piece's faces moved by `distance` along their outward normals. */
static QrCsgBrush *
offset (const Piece *p, double distance)
{
  QrCsgBrush *out = qr_csg_brush_copy (p->faces);

  for (guint i = 0; i < out->len; i++)
    {
      QrCsgFace *f = &g_array_index (out, QrCsgFace, i);

      for (int k = 0; k < 3; k++)
        f->points[k] = qr_vec3_snap (qr_vec3_mad (f->points[k], p->planes[i].normal, distance));
      f->kind = QR_CSG_FACE_OFFSET;
    }
  return out;
}

GPtrArray *
qr_csg_hollow (QrPolyBuilder *b, const QrCsgBrush *brush, double thickness, bool outward, GError **error)
{
  g_autoptr (GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) piece_free);
  g_autoptr (GArray) moved = NULL;
  g_autoptr (Piece) carver = NULL;
  g_autoptr (GArray) order = NULL;
  Piece *solid, *walls_from;
  GPtrArray *walls;
  QrVec3 centre = { 0, 0, 0 };

  if (!(thickness > 0))
    {
      g_set_error (error, QR_CSG_ERROR, QR_CSG_ERROR_TOO_THICK, "The wall thickness must be positive");
      return NULL;
    }
  /* Each brush is built once: the solid here, the moved one below. */
  solid = piece_from_brush (b, brush);
  if (solid == NULL)
    {
      g_set_error (error, QR_CSG_ERROR, QR_CSG_ERROR_INVALID, "The brush is not a valid solid");
      return NULL;
    }
  moved = offset (solid, outward ? thickness : -thickness);

  if (!outward)
    {
      /* The report's test: the centre strictly behind every moved plane. */
      for (guint k = 0; k < solid->verts->len; k++)
        centre = qr_vec3_add (centre, g_array_index (solid->verts, QrVec3, k));
      centre = qr_vec3_scale (centre, 1.0 / solid->verts->len);
      for (guint i = 0; i < moved->len; i++)
        {
          QrPlane plane;

          if (!qr_plane_from_points (g_array_index (moved, QrCsgFace, i).points, &plane)
              || qr_plane_distance_to (&plane, centre) >= 0)
            {
              piece_free (solid);
              g_set_error (error, QR_CSG_ERROR, QR_CSG_ERROR_TOO_THICK,
                           "A wall thickness of %g is too large for this brush: its walls would meet", thickness);
              return NULL;
            }
        }
      /* Walls: the solid minus the shrunk brush. */
      carver = piece_from_brush (b, moved);
      walls_from = solid;
    }
  else
    {
      /* Walls: the grown brush minus the solid, which becomes the room. */
      walls_from = piece_from_brush (b, moved);
      carver = solid;
      if (walls_from == NULL)
        {
          g_set_error (error, QR_CSG_ERROR, QR_CSG_ERROR_INVALID, "The brush cannot grow by %g", thickness);
          return NULL;
        }
    }
  walls = qr_csg_brush_array_new ();
  if (carver == NULL)
    {
      piece_free (walls_from);
      return walls;
    }
  order = cutting_order (carver);
  difference_one (b, walls_from, carver, order, out);
  pieces_to_brushes (b, out, walls, NULL);
  return walls;
}
