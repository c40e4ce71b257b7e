/* Split, carve, convex union, convex intersection, hollow: the geometry is
 * src/geom's qr-csg; here it becomes commands, and every output face gets
 * the attributes of the input face it lies on. */
#include "qr-csg.h"
#include "qr-hull.h"
#include "qr-op-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* Source numbers: input brush k, face f → k * STRIDE + f. */
#define SOURCE_STRIDE 65536

/* The face of `brush` whose normal is closest to `normal`: the texture a
 * cut face takes, as TrenchBroom's clip tool does. */
static const QrFace *
closest_face (const QrBrush *brush, QrVec3 normal)
{
  const QrFace *best = &brush->faces[0];
  double best_dot = -G_MAXDOUBLE;

  for (int f = 0; f < brush->n_faces; f++)
    {
      QrPlane plane;

      if (qr_face_plane (&brush->faces[f], &plane) && qr_vec3_dot (plane.normal, normal) > best_dot)
        {
          best_dot = qr_vec3_dot (plane.normal, normal);
          best = &brush->faces[f];
        }
    }
  return best;
}

typedef struct
{
  QrDocument *doc;
  GPtrArray *inputs;       /* QrBrush *, borrowed: source k's brush */
  const QrBrush *cut_from; /* the brush a split cuts, for CUT faces */
  const char *cut_texture; /* NULL: the closest face's */
  bool mixed;              /* a piece took brush-primitive and other faces */
} FaceMaker;

/* Quake 3 brush primitives and the other forms cannot share a brush: a
 * brushDef block holds only the former, and they convert to nothing without
 * the textures' sizes. */
static bool
mixes_forms (const QrBrush *brush)
{
  int prim = 0;

  for (int f = 0; f < brush->n_faces; f++)
    prim += brush->faces[f].form == QR_TEX_BRUSHPRIM;
  return prim > 0 && prim < brush->n_faces;
}

static void
set_mixed_error (GError **error)
{
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
               _("Quake 3 brush primitives (brushDef) and brushes of another texture form "
                 "cannot be combined into one brush"));
}

/* `poly`, when given, is the piece's polytope already built (taken). */
static QrBrush *
from_csg (FaceMaker *fm, const QrCsgBrush *csg, QrPolytope *poly)
{
  QrMap *map = qr_document_get_map (fm->doc);
  QrBrush *brush = qr_brush_new (qr_map_take_brush_id (map), (int) csg->len);

  for (guint i = 0; i < csg->len; i++)
    {
      const QrCsgFace *cf = &g_array_index (csg, QrCsgFace, i);
      QrFace *face = &brush->faces[i];
      const QrFace *template;

      if (cf->kind == QR_CSG_FACE_CUT)
        {
          QrPlane plane;
          double best = -G_MAXDOUBLE;

          qr_plane_from_points (cf->points, &plane);
          template = NULL;
          /* The cut brush's closest face, or (merge) the closest of all inputs'. */
          for (guint k = 0; k < fm->inputs->len; k++)
            {
              const QrBrush *src = fm->cut_from ? fm->cut_from : g_ptr_array_index (fm->inputs, k);
              const QrFace *f = closest_face (src, plane.normal);
              QrPlane fp;
              double d = qr_face_plane (f, &fp) ? qr_vec3_dot (fp.normal, plane.normal) : -G_MAXDOUBLE;

              if (template == NULL || d > best)
                template = f, best = d;
              if (fm->cut_from)
                break;
            }
        }
      else
        {
          const QrBrush *src = g_ptr_array_index (fm->inputs, cf->source / SOURCE_STRIDE);
          template = &src->faces[cf->source % SOURCE_STRIDE];
        }
      qr_face_copy_into (face, template);
      memcpy (face->points, cf->points, sizeof face->points);
      face->id = qr_map_take_face_id (map);
      if (cf->kind == QR_CSG_FACE_CUT && fm->cut_texture != NULL)
        face->texture = qr_map_intern_texture (map, fm->cut_texture, -1);
      if (cf->kind != QR_CSG_FACE_SAME)
        {
          QrPlane plane;

          if (qr_face_plane (face, &plane))
            qr_op_repair_axes (face, plane.normal);
        }
    }
  if (mixes_forms (brush))
    fm->mixed = true;
  if (poly != NULL)
    brush->poly = poly;
  else
    qr_brush_build (brush, qr_document_get_builder (fm->doc));
  return brush;
}

/* Replaces the brush at loc with pieces (none: removes it); adds their
 * ids. polys, when not NULL, holds the pieces' polytopes (taken). */
static void
replace_with (QrDocument *doc, FaceMaker *fm, const QrBrushLoc *loc, GPtrArray *pieces, GPtrArray *polys,
              GArray *ids)
{
  qr_document_remove_brush (doc, loc->entity, loc->index);
  for (guint i = 0; i < pieces->len; i++)
    {
      QrPolytope *poly = polys ? g_steal_pointer (&g_ptr_array_index (polys, i)) : NULL;
      QrBrush *brush = from_csg (fm, g_ptr_array_index (pieces, i), poly);

      g_array_append_val (ids, brush->id);
      qr_document_insert_brush (doc, loc->entity, loc->index + i, brush);
    }
}

static gboolean
require_valid (GArray *locs, GError **error)
{
  for (guint i = 0; i < locs->len; i++)
    if (!qr_brush_is_valid (g_array_index (locs, QrBrushLoc, i).brush))
      {
        g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID_BRUSH, _("Brush %u is not a valid solid"),
                     g_array_index (locs, QrBrushLoc, i).brush->id);
        return FALSE;
      }
  return TRUE;
}

gboolean
qr_op_split (QrDocument *doc, const QrId *ids, guint n, const QrVec3 cut[3], QrSplitKeep keep,
             const char *texture, GError **error)
{
  g_autoptr (GArray) locs = qr_op_locate (doc, ids, n, error);
  g_autoptr (GArray) made = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GPtrArray) inputs = g_ptr_array_new ();
  g_autoptr (QrPolyBuilder) b = qr_poly_builder_new ();
  g_autoptr (QrSelection) after = NULL;
  QrPlane plane;

  if (locs == NULL || !require_valid (locs, error))
    return FALSE;
  if (n == 0 || !qr_plane_from_points (cut, &plane))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   n == 0 ? _("No brush is selected") : _("The three points of the cutting plane are in a line"));
      return FALSE;
    }
  qr_op_sort_descending (locs);
  qr_document_edit_begin (doc);
  for (guint i = 0; i < locs->len; i++)
    {
      QrBrushLoc *loc = &g_array_index (locs, QrBrushLoc, i);
      g_autoptr (GArray) csg = qr_brush_to_csg (loc->brush, 0);
      g_autoptr (GPtrArray) pieces = qr_csg_brush_array_new ();
      QrCsgBrush *front = NULL, *back = NULL;
      FaceMaker fm = { doc, inputs, loc->brush, texture };

      g_ptr_array_set_size (inputs, 0);
      g_ptr_array_add (inputs, loc->brush);
      qr_csg_split (b, csg, cut, -1, &front, &back);
      if (front != NULL && back != NULL)
        {
          if (keep != QR_SPLIT_KEEP_BACK)
            g_ptr_array_add (pieces, g_steal_pointer (&front));
          if (keep != QR_SPLIT_KEEP_FRONT)
            g_ptr_array_add (pieces, g_steal_pointer (&back));
        }
      else if ((front != NULL && keep != QR_SPLIT_KEEP_BACK) || (back != NULL && keep != QR_SPLIT_KEEP_FRONT))
        {
          /* Wholly on a kept side: untouched. */
          g_array_append_val (made, loc->brush->id);
          qr_csg_brush_free (front);
          qr_csg_brush_free (back);
          continue;
        }
      qr_csg_brush_free (front);
      qr_csg_brush_free (back);
      replace_with (doc, &fm, loc, pieces, NULL, made);
    }
  after = qr_op_selection_of ((QrId *) made->data, made->len);
  qr_op_commit (doc, _("Split"), QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

gboolean
qr_op_carve (QrDocument *doc, const QrId *carver_ids, guint n, gboolean delete_carvers, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) locs = qr_op_locate (doc, carver_ids, n, error);
  g_autoptr (GPtrArray) carvers = qr_csg_brush_array_new ();
  g_autoptr (GPtrArray) inputs = g_ptr_array_new ();
  g_autoptr (GArray) made = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GArray) targets = g_array_new (FALSE, FALSE, sizeof (QrBrushLoc));
  g_autoptr (QrSelection) after = NULL;
  QrPolyBuilder *b = qr_document_get_builder (doc);
  QrBounds reach = qr_bounds_empty ();
  g_autoptr (QrCsgCarvers) prepared = NULL;
  guint carved = 0;
  bool mixed = false;

  if (locs == NULL || !require_valid (locs, error))
    return FALSE;
  if (n == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("No carving brush is selected"));
      return FALSE;
    }
  /* Sources 1…n are the carvers; 0 is the brush being carved. */
  g_ptr_array_add (inputs, NULL);
  for (guint i = 0; i < n; i++)
    {
      QrBrush *c = g_array_index (locs, QrBrushLoc, i).brush;

      g_ptr_array_add (inputs, c);
      g_ptr_array_add (carvers, qr_brush_to_csg (c, ((int) i + 1) * SOURCE_STRIDE));
      qr_bounds_add_bounds (&reach, c->poly->bounds);
    }

  /* Every other valid brush the carvers' bounds touch, highest position
   * first so that replacing one leaves the others' positions valid. */
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      QrEntity *entity = qr_map_get_entity (map, e);

      for (guint k = 0; k < qr_entity_brush_count (entity); k++)
        {
          QrBrush *brush = qr_entity_get_brush (entity, k);
          QrBrushLoc loc = { e, k, brush };
          bool is_carver = false;

          for (guint c = 0; c < n && !is_carver; c++)
            is_carver = brush->id == carver_ids[c];
          if (!is_carver && qr_brush_is_valid (brush) && qr_bounds_overlap (brush->poly->bounds, reach))
            g_array_append_val (targets, loc);
        }
    }
  qr_op_sort_descending (targets);
  prepared = qr_csg_carvers_new (b, (const QrCsgBrush *const *) carvers->pdata, (int) carvers->len);

  qr_document_edit_begin (doc);
  for (guint i = 0; i < targets->len; i++)
    {
      QrBrushLoc *loc = &g_array_index (targets, QrBrushLoc, i);
      g_autoptr (GArray) csg = qr_brush_to_csg (loc->brush, 0);
      g_autoptr (GPtrArray) polys = NULL;
      g_autoptr (GPtrArray) pieces = qr_csg_difference_prepared (b, csg, loc->brush->poly, prepared, &polys);
      FaceMaker fm = { doc, inputs, NULL, NULL };

      if (pieces == NULL)
        continue;
      g_ptr_array_index (inputs, 0) = loc->brush;
      replace_with (doc, &fm, loc, pieces, polys, made);
      mixed = mixed || fm.mixed;
      carved++;
    }
  if (mixed)
    {
      qr_document_edit_abort (doc);
      set_mixed_error (error);
      return FALSE;
    }
  if (carved == 0)
    {
      qr_document_edit_abort (doc);
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The carving brushes overlap no other brush"));
      return FALSE;
    }
  if (delete_carvers)
    {
      g_autoptr (GArray) now = qr_op_locate (doc, carver_ids, n, NULL);

      qr_op_sort_descending (now);
      for (guint i = 0; i < now->len; i++)
        qr_document_remove_brush (doc, g_array_index (now, QrBrushLoc, i).entity,
                                  g_array_index (now, QrBrushLoc, i).index);
    }
  after = delete_carvers ? qr_op_selection_of ((QrId *) made->data, made->len) : qr_op_selection_of (carver_ids, n);
  qr_op_commit (doc, _("Carve"), QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

/* Replaces the brushes at locs by pieces placed where the first of them
 * was; the selection becomes the pieces and the `kept` brushes (QrId, may
 * be NULL). An empty locs changes nothing but the selection. */
static gboolean
replace_all (QrDocument *doc, GArray *locs, GPtrArray *inputs, GPtrArray *pieces, const GArray *kept,
             const char *description, GError **error)
{
  g_autoptr (GArray) made = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GArray) order = g_array_copy (locs);
  g_autoptr (QrSelection) after = NULL;
  QrBrushLoc first = locs->len > 0 ? g_array_index (locs, QrBrushLoc, 0) : (QrBrushLoc) { 0 };
  FaceMaker fm = { doc, inputs, NULL, NULL };

  qr_document_edit_begin (doc);
  /* Remove all inputs, highest first; the first one's slot then shifts by
   * the inputs removed before it in its entity. */
  qr_op_sort_descending (order);
  for (guint i = 0; i < order->len; i++)
    {
      QrBrushLoc *loc = &g_array_index (order, QrBrushLoc, i);

      qr_document_remove_brush (doc, loc->entity, loc->index);
      if (loc->entity == first.entity && loc->index < first.index)
        first.index--;
    }
  for (guint i = 0; i < pieces->len; i++)
    {
      QrBrush *brush = from_csg (&fm, g_ptr_array_index (pieces, i), NULL);

      g_array_append_val (made, brush->id);
      qr_document_insert_brush (doc, first.entity, first.index + i, brush);
    }
  if (fm.mixed)
    {
      qr_document_edit_abort (doc);
      set_mixed_error (error);
      return FALSE;
    }
  if (kept != NULL)
    g_array_append_vals (made, kept->data, kept->len);
  after = qr_op_selection_of ((QrId *) made->data, made->len);
  qr_op_commit (doc, description, QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

/* The inputs as CSG brushes (source k = input k) and the brush table. */
static GPtrArray *
inputs_to_csg (GArray *locs, GPtrArray *inputs)
{
  GPtrArray *csg = qr_csg_brush_array_new ();

  for (guint i = 0; i < locs->len; i++)
    {
      QrBrush *brush = g_array_index (locs, QrBrushLoc, i).brush;

      g_ptr_array_add (inputs, brush);
      g_ptr_array_add (csg, qr_brush_to_csg (brush, (int) i * SOURCE_STRIDE));
    }
  return csg;
}

gboolean
qr_op_convex_union (QrDocument *doc, const QrId *ids, guint n, GError **error)
{
  g_autoptr (GArray) locs = qr_op_locate (doc, ids, n, error);
  g_autoptr (GPtrArray) inputs = g_ptr_array_new ();
  g_autoptr (GPtrArray) csg = NULL;
  g_autoptr (GPtrArray) pieces = NULL;
  g_autoptr (GArray) joined = g_array_new (FALSE, FALSE, sizeof (QrBrushLoc));
  g_autoptr (GArray) kept = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autofree bool *untouched = NULL;

  if (locs == NULL || !require_valid (locs, error))
    return FALSE;
  if (n < 2)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Convex union needs two brushes or more"));
      return FALSE;
    }
  csg = inputs_to_csg (locs, inputs);
  untouched = g_new0 (bool, n);
  pieces = qr_csg_union (qr_document_get_builder (doc), (const QrCsgBrush *const *) csg->pdata, (int) csg->len,
                         untouched);
  /* A brush that overlaps no other stays as it is, id and all. */
  for (guint i = 0; i < n; i++)
    if (untouched[i])
      g_array_append_val (kept, g_array_index (locs, QrBrushLoc, i).brush->id);
    else
      g_array_append_val (joined, g_array_index (locs, QrBrushLoc, i));
  return replace_all (doc, joined, inputs, pieces, kept, _("Convex Union"), error);
}

gboolean
qr_op_intersect (QrDocument *doc, const QrId *ids, guint n, GError **error)
{
  g_autoptr (GArray) locs = qr_op_locate (doc, ids, n, error);
  g_autoptr (GPtrArray) inputs = g_ptr_array_new ();
  g_autoptr (GPtrArray) csg = NULL;
  g_autoptr (GPtrArray) pieces = qr_csg_brush_array_new ();
  g_autoptr (GError) local = NULL;
  QrCsgBrush *common;

  if (locs == NULL || !require_valid (locs, error))
    return FALSE;
  if (n < 2)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Intersection needs two brushes or more"));
      return FALSE;
    }
  csg = inputs_to_csg (locs, inputs);
  common = qr_csg_intersection (qr_document_get_builder (doc), (const QrCsgBrush *const *) csg->pdata,
                                (int) csg->len, &local);
  if (common == NULL)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The brushes have no volume in common"));
      return FALSE;
    }
  g_ptr_array_add (pieces, common);
  return replace_all (doc, locs, inputs, pieces, NULL, _("Intersect"), error);
}

gboolean
qr_op_hollow (QrDocument *doc, const QrId *ids, guint n, double thickness, gboolean outward, GError **error)
{
  g_autoptr (GArray) locs = qr_op_locate (doc, ids, n, error);
  g_autoptr (GArray) made = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GPtrArray) all_walls = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr (QrSelection) after = NULL;

  if (locs == NULL || !require_valid (locs, error))
    return FALSE;
  if (n == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("No brush is selected"));
      return FALSE;
    }
  /* Every brush is checked before anything changes. */
  for (guint i = 0; i < locs->len; i++)
    {
      g_autoptr (GArray) csg = qr_brush_to_csg (g_array_index (locs, QrBrushLoc, i).brush, 0);
      g_autoptr (GError) local = NULL;
      GPtrArray *walls = qr_csg_hollow (qr_document_get_builder (doc), csg, thickness, outward, &local);

      if (walls == NULL)
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, "%s", local->message);
          return FALSE;
        }
      g_ptr_array_add (all_walls, walls);
    }
  qr_op_sort_descending (locs);
  qr_document_edit_begin (doc);
  for (guint i = 0; i < locs->len; i++)
    {
      QrBrushLoc *loc = &g_array_index (locs, QrBrushLoc, i);
      g_autoptr (GPtrArray) inputs = g_ptr_array_new ();
      GPtrArray *walls = NULL;
      FaceMaker fm = { doc, inputs, NULL, NULL };

      /* all_walls is in the callers' order; find this brush's. */
      for (guint k = 0; k < n; k++)
        if (ids[k] == loc->brush->id)
          walls = g_ptr_array_index (all_walls, k);
      g_ptr_array_add (inputs, loc->brush);
      replace_with (doc, &fm, loc, walls, NULL, made);
    }
  after = qr_op_selection_of ((QrId *) made->data, made->len);
  qr_op_commit (doc, _("Hollow"), QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

gboolean
qr_op_merge (QrDocument *doc, const QrId *ids, guint n, GError **error)
{
  g_autoptr (GArray) locs = qr_op_locate (doc, ids, n, error);
  g_autoptr (GPtrArray) inputs = g_ptr_array_new ();
  g_autoptr (GPtrArray) pieces = qr_csg_brush_array_new ();
  g_autoptr (GArray) points = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  g_autoptr (GArray) planes = g_array_new (FALSE, FALSE, sizeof (QrPlane));
  g_autoptr (GArray) sources = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) hull = NULL;
  g_autoptr (GError) local = NULL;
  QrCsgBrush *merged;

  if (locs == NULL || !require_valid (locs, error))
    return FALSE;
  if (n < 1)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("No brush is selected"));
      return FALSE;
    }
  for (guint i = 0; i < locs->len; i++)
    {
      QrBrush *brush = g_array_index (locs, QrBrushLoc, i).brush;

      g_ptr_array_add (inputs, brush);
      g_array_append_vals (points, brush->poly->verts, brush->poly->n_verts);
      for (int f = 0; f < brush->n_faces; f++)
        {
          QrPlane plane;
          int source = (int) i * SOURCE_STRIDE + f;

          if (qr_polytope_face_count (brush->poly, f) == 0 || !qr_face_plane (&brush->faces[f], &plane))
            continue;
          g_array_append_val (planes, plane);
          g_array_append_val (sources, source);
        }
    }
  hull = qr_hull_planes ((QrVec3 *) points->data, (int) points->len, (QrPlane *) planes->data,
                         (int) planes->len, &local);
  if (hull == NULL)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, "%s", local->message);
      return FALSE;
    }
  /* A hull facet on an input face's plane is that face, points and all;
   * only the others are new planes. */
  merged = g_array_new (FALSE, FALSE, sizeof (QrCsgFace));
  {
    g_autofree bool *used = g_new0 (bool, MAX (planes->len, 1));

  for (guint i = 0; i < hull->len; i++)
    {
      const QrHullFace *h = &g_array_index (hull, QrHullFace, i);
      QrCsgFace f = { .kind = QR_CSG_FACE_CUT, .source = -1 };

      memcpy (f.points, h->points, sizeof f.points);
      /* Nearly coplanar facets on one input face are that face once. */
      if (h->prefer >= 0 && used[h->prefer])
        continue;
      if (h->prefer >= 0)
        {
          used[h->prefer] = true;
          int source = g_array_index (sources, int, h->prefer);
          const QrBrush *src = g_ptr_array_index (inputs, source / SOURCE_STRIDE);

          f.kind = QR_CSG_FACE_SAME;
          f.source = source;
          memcpy (f.points, src->faces[source % SOURCE_STRIDE].points, sizeof f.points);
        }
      g_array_append_val (merged, f);
    }
  }
  g_ptr_array_add (pieces, merged);
  return replace_all (doc, locs, inputs, pieces, NULL, _("Merge"), error);
}
