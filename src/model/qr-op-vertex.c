/* Vertex, edge and face editing (issue 19): the geometry is src/geom's
 * qr-vertex-edit (the brush becomes the convex hull of its corners); here
 * the hull's planes become faces that keep what they can of the old ones,
 * and each edit becomes one command. */
#include "qr-disp.h"
#include "qr-eps.h"
#include "qr-node.h"
#include "qr-op-private.h"
#include "qr-vertex-edit.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* What an edit does to one brush: fills `points` (its corners after the
 * edit, starting as its corners now) and `corners` (the points that must
 * stay corners); returns 1 when it changes the brush, 0 when none of its
 * handles belongs to the brush, -1 with an error. */
typedef int (*PlanFunc) (const QrBrush *brush, gconstpointer data, GArray *points, GArray *corners, GError **error);

typedef struct
{
  const QrVec3 *positions; /* per handle: `per` positions, or counts[] of them */
  guint n_handles;
  guint per;               /* 1: vertices, 2: edges, 0: faces (counts) */
  const guint *counts;     /* corners of each face handle, when per == 0 */
  QrVec3 delta;
} Handles;

static bool
same_direction (QrVec3 a, QrVec3 b)
{
  return qr_vec3_dot (a, b) > 1 - QR_EPS_ON_PLANE;
}

/* The new face made on a hull plane that is none of the old faces': the
 * attributes of the old face closest in orientation (TrenchBroom's choice
 * for its vertex tool), its id when that face is gone and no other new
 * face took it first. Under texture lock a face parallel to its template
 * (a face moved as a whole) keeps its texture where it was on the moved
 * corners; other faces keep the template's world projection, with Valve
 * axes repaired when they lie along the new normal. */
static void
make_face (QrFace *out, const QrFace *template, const QrVec3 points[3], QrVec3 delta, bool lock)
{
  QrPlane before, after;

  qr_face_copy_into (out, template);
  for (int c = 0; c < 3; c++)
    out->points[c] = qr_vec3_snap (points[c]);
  if (!qr_face_plane (template, &before) || !qr_face_plane (out, &after))
    return;
  if (lock && same_direction (before.normal, after.normal) && out->form != QR_TEX_BRUSHPRIM)
    {
      QrTransform tr = qr_transform_translate (delta);
      QrTexAttr locked;

      qr_transform_texture (&tr, out->form, &template->tex, before.normal, after.normal, &locked);
      out->tex = locked;
    }
  else if (out->form != QR_TEX_BRUSHPRIM)
    qr_op_repair_axes (out, after.normal);
}

static bool
has_corners (const QrPolytope *poly, const GArray *corners)
{
  for (guint k = 0; k < corners->len; k++)
    if (qr_vertex_edit_find (poly->verts, poly->n_verts, g_array_index (corners, QrVec3, k)) < 0)
      return false;
  return true;
}

/* The brush rebuilt as the hull of `points`: faces left on their planes
 * are kept exactly (points, texture, id) in their order, a new face takes
 * the place of the face it took its attributes from when that one is gone,
 * other new faces follow, with fresh ids unless this is a preview (id 0:
 * a drag's previews must not use up the map's ids). NULL with a
 * QR_EDIT_ERROR saying why. */
static QrBrush *
reshape (QrDocument *doc, const QrBrush *brush, const GArray *points, const GArray *corners, QrVec3 delta,
         bool preview, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  bool lock = qr_document_get_texture_lock (doc);
  g_autoptr (GArray) planes = g_array_new (FALSE, FALSE, sizeof (QrPlane));
  g_autoptr (GArray) sources = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) hull = NULL;
  g_autoptr (GError) local = NULL;
  g_autofree int *kept = g_new (int, brush->n_faces);   /* hull face keeping old face f, or -1 */
  g_autofree int *claimed = g_new (int, brush->n_faces); /* new hull face taking f's slot, or -1 */
  g_autofree int *template = NULL;                      /* per hull face: the old face it copies */
  QrBrush *out;
  int n_out = 0, o = 0;

  for (int f = 0; f < brush->n_faces; f++)
    {
      QrPlane plane;

      kept[f] = claimed[f] = -1;
      if (qr_polytope_face_count (brush->poly, f) == 0 || !qr_face_plane (&brush->faces[f], &plane))
        continue;
      g_array_append_val (planes, plane);
      g_array_append_val (sources, f);
    }
  hull = qr_vertex_edit_hull ((const QrVec3 *) (gconstpointer) points->data, (int) points->len,
                              (const QrVec3 *) (gconstpointer) corners->data, (int) corners->len,
                              (const QrPlane *) (gpointer) planes->data, (int) planes->len, &local);
  if (hull == NULL)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH, _("Brush %u: %s"), brush->id, local->message);
      return NULL;
    }

  template = g_new (int, hull->len);
  for (guint h = 0; h < hull->len; h++)
    {
      const QrHullFace *hf = &g_array_index (hull, QrHullFace, h);
      int f = hf->prefer >= 0 ? g_array_index (sources, int, hf->prefer) : -1;

      template[h] = -1;
      /* Nearly coplanar facets on one old face are that face once. */
      if (f >= 0 && kept[f] < 0)
        kept[f] = (int) h, n_out++;
    }
  for (guint h = 0; h < hull->len; h++)
    {
      const QrHullFace *hf = &g_array_index (hull, QrHullFace, h);
      QrPlane plane;
      double best = -G_MAXDOUBLE;

      if (hf->prefer >= 0 || !qr_plane_from_points (hf->points, &plane))
        continue;
      for (guint i = 0; i < planes->len; i++)
        {
          double d = qr_vec3_dot (g_array_index (planes, QrPlane, i).normal, plane.normal);

          if (d > best)
            best = d, template[h] = g_array_index (sources, int, i);
        }
      n_out += template[h] >= 0;
    }
  for (guint h = 0; h < hull->len; h++)
    if (template[h] >= 0 && kept[template[h]] < 0 && claimed[template[h]] < 0)
      claimed[template[h]] = (int) h;

  out = qr_brush_new (brush->id, n_out);
  out->flags = brush->flags;
  out->extra = brush->extra ? qr_node_ref (brush->extra) : NULL;
  for (int f = 0; f < brush->n_faces; f++)
    {
      if (kept[f] >= 0)
        qr_face_copy_into (&out->faces[o++], &brush->faces[f]);
      else if (claimed[f] >= 0)
        {
          const QrHullFace *hf = &g_array_index (hull, QrHullFace, claimed[f]);

          make_face (&out->faces[o++], &brush->faces[f], hf->points, delta, lock);
        }
    }
  for (guint h = 0; h < hull->len; h++)
    {
      const QrHullFace *hf = &g_array_index (hull, QrHullFace, h);

      if (template[h] < 0 || claimed[template[h]] == (int) h)
        continue;
      make_face (&out->faces[o], &brush->faces[template[h]], hf->points, delta, lock);
      out->faces[o++].id = preview ? 0 : qr_map_take_face_id (map);
    }
  g_assert (o == n_out);
  qr_brush_build (out, qr_document_get_builder (doc));
  /* The kept faces' own points and the new faces' snapped ones bound the
   * brush now: it must still be solid and keep the corners asked for. */
  if (!qr_brush_is_valid (out) || !has_corners (out->poly, corners))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH,
                   _("Brush %u: the faces through the moved corners do not meet there"), brush->id);
      qr_brush_free (out);
      return NULL;
    }
  return out;
}

static gboolean
refuse_disp (const QrBrush *brush, GError **error)
{
  if (qr_brush_has_disp (brush))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("Brush %u has a displacement: its corners cannot be edited"), brush->id);
      return FALSE;
    }
  return TRUE;
}

/* Plans every brush, then replaces those changed as one step; a refusal
 * anywhere changes nothing. With `preview`, hands over the brushes made
 * instead and changes nothing. */
static gboolean
run (QrDocument *doc, const QrId *ids, guint n, PlanFunc plan, gconstpointer data, QrVec3 delta,
     const char *description, GPtrArray **preview, GError **error)
{
  g_autoptr (GArray) locs = qr_op_locate (doc, ids, n, error);
  g_autoptr (GPtrArray) made = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_brush_free);
  g_autoptr (GArray) where = g_array_new (FALSE, FALSE, sizeof (QrBrushLoc));
  g_autoptr (QrSelection) after = NULL;

  if (locs == NULL)
    return FALSE;
  if (n == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("No brush is selected"));
      return FALSE;
    }
  for (guint i = 0; i < locs->len; i++)
    {
      const QrBrushLoc *loc = &g_array_index (locs, QrBrushLoc, i);
      g_autoptr (GArray) points = g_array_new (FALSE, FALSE, sizeof (QrVec3));
      g_autoptr (GArray) corners = g_array_new (FALSE, FALSE, sizeof (QrVec3));
      QrBrush *shaped;
      int status;

      if (!qr_brush_is_valid (loc->brush))
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH, _("Brush %u is not a valid solid"),
                       loc->brush->id);
          return FALSE;
        }
      g_array_append_vals (points, loc->brush->poly->verts, loc->brush->poly->n_verts);
      status = plan (loc->brush, data, points, corners, error);
      if (status < 0)
        return FALSE;
      if (status == 0)
        continue;
      if (!refuse_disp (loc->brush, error) || !(shaped = reshape (doc, loc->brush, points, corners, delta, preview != NULL, error)))
        return FALSE;
      g_ptr_array_add (made, shaped);
      g_array_append_val (where, *loc);
    }
  if (made->len == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND,
                   _("No selected brush has a corner, edge or face there"));
      return FALSE;
    }
  if (preview != NULL)
    {
      *preview = g_steal_pointer (&made);
      return TRUE;
    }
  qr_document_edit_begin (doc);
  for (guint i = 0; i < where->len; i++)
    {
      const QrBrushLoc *loc = &g_array_index (where, QrBrushLoc, i);

      qr_document_replace_brush (doc, loc->entity, loc->index, g_steal_pointer (&g_ptr_array_index (made, i)));
    }
  after = qr_op_selection_of (ids, n);
  qr_op_commit (doc, description, QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

/* The brush's corner indices named by handle h (every corner at one of its
 * positions), appended to `at`; false when one position names no corner. */
static bool
handle_corners (const QrBrush *brush, const Handles *hs, guint first, guint count, GArray *at)
{
  const QrPolytope *p = brush->poly;

  for (guint k = 0; k < count; k++)
    {
      int i = qr_vertex_edit_find (p->verts, p->n_verts, hs->positions[first + k]);

      if (i < 0)
        return false;
      g_array_append_val (at, i);
    }
  return true;
}

static bool
is_edge (const QrPolytope *p, int a, int b)
{
  for (int e = 0; e < p->n_edges; e++)
    if ((p->edges[2 * e] == a && p->edges[2 * e + 1] == b) || (p->edges[2 * e] == b && p->edges[2 * e + 1] == a))
      return true;
  return false;
}

/* A face of the brush whose corners are exactly these (in any order), or -1. */
static int
face_with_corners (const QrPolytope *p, const int *idx, guint count)
{
  for (int f = 0; f < p->n_faces; f++)
    {
      const uint16_t *poly = qr_polytope_face_indices (p, f);
      guint found = 0;

      if ((guint) qr_polytope_face_count (p, f) != count)
        continue;
      for (guint k = 0; k < count; k++)
        for (guint c = 0; c < count; c++)
          found += poly[c] == idx[k];
      if (found == count)
        return f;
    }
  return -1;
}

/* The corners (indices) of every handle that belongs to the brush: a
 * vertex at its position, an edge between its two, a face with exactly its
 * corners. One array of indices per handle that applies. */
static GPtrArray *
applicable (const QrBrush *brush, const Handles *hs)
{
  GPtrArray *all = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  guint first = 0;

  for (guint h = 0; h < hs->n_handles; h++)
    {
      guint count = hs->per > 0 ? hs->per : hs->counts[h];
      g_autoptr (GArray) at = g_array_new (FALSE, FALSE, sizeof (int));
      bool ok = handle_corners (brush, hs, first, count, at);

      first += count;
      if (ok && count == 2 && hs->per == 2)
        ok = is_edge (brush->poly, g_array_index (at, int, 0), g_array_index (at, int, 1));
      else if (ok && hs->per == 0)
        ok = face_with_corners (brush->poly, (const int *) (gpointer) at->data, at->len) >= 0;
      if (ok)
        g_ptr_array_add (all, g_steal_pointer (&at));
    }
  return all;
}

static int
plan_move (const QrBrush *brush, gconstpointer data, GArray *points, GArray *corners, GError **error)
{
  const Handles *hs = data;
  g_autoptr (GPtrArray) all = applicable (brush, hs);
  g_autoptr (GArray) from = g_array_new (FALSE, FALSE, sizeof (QrVec3));

  if (all->len == 0)
    return 0;
  for (guint i = 0; i < all->len; i++)
    {
      GArray *at = g_ptr_array_index (all, i);

      for (guint k = 0; k < at->len; k++)
        g_array_append_val (from, brush->poly->verts[g_array_index (at, int, k)]);
    }
  return qr_vertex_edit_move ((QrVec3 *) (gpointer) points->data, (int) points->len,
                              (const QrVec3 *) (gpointer) from->data, (int) from->len, hs->delta, corners, error)
           ? 1
           : -1;
}

/* Adds the centre of each handle's corners (an edge's midpoint, a face's
 * centre) moved by delta, which must become a corner. */
static int
plan_split (const QrBrush *brush, gconstpointer data, GArray *points, GArray *corners, GError **error)
{
  const Handles *hs = data;
  g_autoptr (GPtrArray) all = applicable (brush, hs);

  for (guint i = 0; i < all->len; i++)
    {
      GArray *at = g_ptr_array_index (all, i);
      QrVec3 sum = { 0, 0, 0 }, p;

      for (guint k = 0; k < at->len; k++)
        sum = qr_vec3_add (sum, brush->poly->verts[g_array_index (at, int, k)]);
      p = qr_vec3_add (qr_vec3_scale (sum, 1.0 / at->len), hs->delta);
      if (!isfinite (p.x) || !isfinite (p.y) || !isfinite (p.z))
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                       _("The move gives a coordinate that is not a finite number"));
          return -1;
        }
      p = qr_vec3_snap (p);
      g_array_append_val (points, p);
      g_array_append_val (corners, p);
    }
  return all->len > 0;
}

static int
plan_remove (const QrBrush *brush, gconstpointer data, GArray *points, GArray *corners, GError **error)
{
  const Handles *hs = data;
  g_autoptr (GPtrArray) all = applicable (brush, hs);
  g_autofree bool *gone = g_new0 (bool, MAX (points->len, 1));
  guint kept = 0;

  for (guint i = 0; i < all->len; i++)
    gone[g_array_index ((GArray *) g_ptr_array_index (all, i), int, 0)] = true;
  for (guint i = 0; i < points->len; i++)
    if (!gone[i])
      g_array_index (points, QrVec3, kept++) = g_array_index (points, QrVec3, i);
  g_array_set_size (points, kept);
  return all->len > 0;
}

gboolean
qr_op_vertex_move (QrDocument *doc, const QrId *ids, guint n, const QrVec3 *positions, guint n_positions,
                   QrVec3 delta, GError **error)
{
  Handles hs = { positions, n_positions, 1, NULL, delta };

  return run (doc, ids, n, plan_move, &hs, delta, _("Move Vertices"), NULL, error);
}

gboolean
qr_op_edge_move (QrDocument *doc, const QrId *ids, guint n, const QrVec3 *ends, guint n_edges, QrVec3 delta,
                 GError **error)
{
  Handles hs = { ends, n_edges, 2, NULL, delta };

  return run (doc, ids, n, plan_move, &hs, delta, _("Move Edges"), NULL, error);
}

gboolean
qr_op_edge_split (QrDocument *doc, const QrId *ids, guint n, const QrVec3 *ends, guint n_edges, QrVec3 delta,
                  GError **error)
{
  Handles hs = { ends, n_edges, 2, NULL, delta };

  return run (doc, ids, n, plan_split, &hs, delta, _("Split Edges"), NULL, error);
}

gboolean
qr_op_vertex_remove (QrDocument *doc, const QrId *ids, guint n, const QrVec3 *positions, guint n_positions,
                     GError **error)
{
  Handles hs = { positions, n_positions, 1, NULL, { 0, 0, 0 } };

  return run (doc, ids, n, plan_remove, &hs, hs.delta, _("Remove Vertices"), NULL, error);
}

/* The faces named, as face handles (their corners), and the brushes a
 * face step acts on: `ids` and the faces' own. */
static gboolean
face_handles (QrDocument *doc, const QrId *ids, guint n, const QrFaceRef *faces, guint n_faces, GArray *positions,
              GArray *counts, GArray *brushes, GError **error)
{
  g_array_append_vals (brushes, ids, n);
  for (guint i = 0; i < n_faces; i++)
    {
      QrBrush *brush = qr_op_face_brush (doc, faces[i], error);
      guint count;
      bool listed = false;

      if (brush == NULL)
        return FALSE;
      count = (guint) qr_polytope_face_count (brush->poly, faces[i].face);
      for (guint k = 0; k < count; k++)
        g_array_append_val (positions, brush->poly->verts[qr_polytope_face_indices (brush->poly, faces[i].face)[k]]);
      g_array_append_val (counts, count);
      for (guint k = 0; k < brushes->len && !listed; k++)
        listed = g_array_index (brushes, QrId, k) == faces[i].brush;
      if (!listed)
        g_array_append_val (brushes, faces[i].brush);
    }
  return TRUE;
}

static gboolean
run_faces (QrDocument *doc, const QrId *ids, guint n, const QrFaceRef *faces, guint n_faces, PlanFunc plan,
           QrVec3 delta, const char *description, GPtrArray **preview, GError **error)
{
  g_autoptr (GArray) positions = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  g_autoptr (GArray) counts = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) brushes = g_array_new (FALSE, FALSE, sizeof (QrId));
  Handles hs;

  if (!face_handles (doc, ids, n, faces, n_faces, positions, counts, brushes, error))
    return FALSE;
  hs = (Handles) { (const QrVec3 *) (gpointer) positions->data, n_faces, 0, (const guint *) (gpointer) counts->data,
                   delta };
  return run (doc, (const QrId *) (gpointer) brushes->data, brushes->len, plan, &hs, delta, description, preview,
              error);
}

gboolean
qr_op_face_move (QrDocument *doc, const QrId *ids, guint n, const QrFaceRef *faces, guint n_faces, QrVec3 delta,
                 GError **error)
{
  return run_faces (doc, ids, n, faces, n_faces, plan_move, delta, _("Move Faces"), NULL, error);
}

gboolean
qr_op_face_split (QrDocument *doc, const QrId *ids, guint n, const QrFaceRef *faces, guint n_faces, QrVec3 delta,
                  GError **error)
{
  return run_faces (doc, ids, n, faces, n_faces, plan_split, delta, _("Split Faces"), NULL, error);
}

GPtrArray *
qr_op_vertex_move_preview (QrDocument *doc, const QrId *ids, guint n, const QrVec3 *positions, guint n_positions,
                           guint per, QrVec3 delta, GError **error)
{
  Handles hs = { positions, per == 2 ? n_positions / 2 : n_positions, per == 2 ? 2 : 1, NULL, delta };
  GPtrArray *made = NULL;

  g_return_val_if_fail (per == 1 || per == 2, NULL);
  return run (doc, ids, n, plan_move, &hs, delta, NULL, &made, error) ? made : NULL;
}

GPtrArray *
qr_op_face_move_preview (QrDocument *doc, const QrId *ids, guint n, const QrFaceRef *faces, guint n_faces,
                         QrVec3 delta, GError **error)
{
  GPtrArray *made = NULL;

  return run_faces (doc, ids, n, faces, n_faces, plan_move, delta, NULL, &made, error) ? made : NULL;
}

GPtrArray *
qr_op_edge_split_preview (QrDocument *doc, const QrId *ids, guint n, const QrVec3 *ends, guint n_edges,
                          QrVec3 delta, GError **error)
{
  Handles hs = { ends, n_edges, 2, NULL, delta };
  GPtrArray *made = NULL;

  return run (doc, ids, n, plan_split, &hs, delta, NULL, &made, error) ? made : NULL;
}

GPtrArray *
qr_op_face_split_preview (QrDocument *doc, const QrId *ids, guint n, const QrFaceRef *faces, guint n_faces,
                          QrVec3 delta, GError **error)
{
  GPtrArray *made = NULL;

  return run_faces (doc, ids, n, faces, n_faces, plan_split, delta, NULL, &made, error) ? made : NULL;
}
