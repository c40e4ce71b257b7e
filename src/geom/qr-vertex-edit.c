/* Vertex editing as a convex hull of corners: the move TrenchBroom's vertex
 * tool makes (its brush is rebuilt from the moved vertices), with the hull
 * of qr-hull.c and the corner test of the brush its faces bound. */
#include "qr-vertex-edit.h"
#include "qr-eps.h"
#include "qr-polytope.h"
#include "qr-transform.h"

#include <math.h>

G_DEFINE_QUARK (qr-vertex-edit-error-quark, qr_vertex_edit_error)

static bool
near (QrVec3 a, QrVec3 b, double eps)
{
  return fabs (a.x - b.x) <= eps && fabs (a.y - b.y) <= eps && fabs (a.z - b.z) <= eps;
}

static bool
finite3 (QrVec3 p)
{
  return isfinite (p.x) && isfinite (p.y) && isfinite (p.z);
}

int
qr_vertex_edit_find (const QrVec3 *corners, int n, QrVec3 p)
{
  for (int i = 0; i < n; i++)
    if (near (corners[i], p, QR_EPS_VERTEX_HANDLE))
      return i;
  return -1;
}

gboolean
qr_vertex_edit_move (QrVec3 *points, int n, const QrVec3 *from, int n_from, QrVec3 delta, GArray *moved,
                     GError **error)
{
  g_autofree bool *hit = g_new0 (bool, MAX (n, 1));

  g_return_val_if_fail (points != NULL || n == 0, FALSE);
  g_return_val_if_fail (moved != NULL && g_array_get_element_size (moved) == sizeof (QrVec3), FALSE);

  for (int k = 0; k < n_from; k++)
    {
      bool found = false;

      for (int i = 0; i < n; i++)
        if (near (points[i], from[k], QR_EPS_VERTEX_HANDLE))
          hit[i] = found = true;
      if (!found)
        {
          g_set_error (error, QR_VERTEX_EDIT_ERROR, QR_VERTEX_EDIT_ERROR_NOT_FOUND,
                       "(%g %g %g) is not a corner of the brush", from[k].x, from[k].y, from[k].z);
          return FALSE;
        }
    }
  for (int i = 0; i < n; i++)
    if (hit[i] && !finite3 (qr_vec3_add (points[i], delta)))
      {
        g_set_error (error, QR_VERTEX_EDIT_ERROR, QR_VERTEX_EDIT_ERROR_INVALID,
                     "the move gives a coordinate that is not a finite number");
        return FALSE;
      }
  for (int i = 0; i < n; i++)
    if (hit[i])
      {
        points[i] = qr_vec3_snap (qr_vec3_add (points[i], delta));
        g_array_append_val (moved, points[i]);
      }
  return TRUE;
}

GArray *
qr_vertex_edit_hull (const QrVec3 *points, int n, const QrVec3 *corners, int n_corners,
                     const QrPlane *prefer, int n_prefer, GError **error)
{
  g_autoptr (GArray) faces = NULL;
  g_autoptr (GError) local = NULL;
  g_autoptr (QrPolyBuilder) b = NULL;
  g_autoptr (QrPolytope) poly = NULL;
  g_autofree QrVec3 *plane_points = NULL;

  g_return_val_if_fail (points != NULL || n == 0, NULL);
  g_return_val_if_fail (corners != NULL || n_corners == 0, NULL);

  faces = qr_hull_planes (points, n, prefer, n_prefer, &local);
  if (faces == NULL)
    {
      bool invalid = g_error_matches (local, QR_HULL_ERROR, QR_HULL_ERROR_INVALID);

      g_set_error (error, QR_VERTEX_EDIT_ERROR, invalid ? QR_VERTEX_EDIT_ERROR_INVALID : QR_VERTEX_EDIT_ERROR_FLAT,
                   invalid ? "a corner has a coordinate that is not a finite number"
                           : "the brush would be flat");
      return NULL;
    }
  /* A point is a corner of the hull when the brush bounded by the hull's
   * planes has a vertex there: a point inside, or on a face or an edge
   * (coplanar within the hull's tolerance), is none. */
  plane_points = g_new (QrVec3, 3 * faces->len);
  for (guint i = 0; i < faces->len; i++)
    for (int c = 0; c < 3; c++)
      plane_points[3 * i + c] = g_array_index (faces, QrHullFace, i).points[c];
  b = qr_poly_builder_new ();
  poly = qr_polytope_build (b, plane_points, (int) faces->len);
  if (poly->status != QR_POLY_OK)
    {
      g_set_error (error, QR_VERTEX_EDIT_ERROR, QR_VERTEX_EDIT_ERROR_FLAT, "the brush would be flat");
      return NULL;
    }
  for (int k = 0; k < n_corners; k++)
    {
      bool found = false;

      for (int i = 0; i < poly->n_verts && !found; i++)
        found = near (poly->verts[i], corners[k], QR_EPS_VERTEX_CORNER);
      if (!found)
        {
          g_set_error (error, QR_VERTEX_EDIT_ERROR, QR_VERTEX_EDIT_ERROR_SWALLOWED,
                       "the corner at (%g %g %g) would not be a corner of the brush: the move swallows it",
                       corners[k].x, corners[k].y, corners[k].z);
          return NULL;
        }
    }
  return g_steal_pointer (&faces);
}
