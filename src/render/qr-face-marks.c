/* qr-face-marks.c — see qr-face-marks.h. */
#include "qr-face-marks.h"

#include "qr-brush.h"
#include "qr-disp.h"

static void
add_vertex (GArray *out, QrVec3 p, uint32_t color)
{
  QrSceneVertex v = { .pos = { (float) p.x, (float) p.y, (float) p.z }, .color = color };
  g_array_append_val (out, v);
}

static void
add_line (GArray *out, QrVec3 a, QrVec3 b)
{
  add_vertex (out, a, QR_FACE_MARK_LINE_COLOR);
  add_vertex (out, b, QR_FACE_MARK_LINE_COLOR);
}

/* The brush of a face reference, when it has the face's polygon. */
static const QrBrush *
marked_brush (QrDocument *doc, QrFaceRef ref)
{
  const QrBrush *brush = qr_document_lookup_brush (doc, ref.brush);
  if (brush == NULL || !qr_brush_is_valid (brush) || ref.face < 0 || ref.face >= brush->poly->n_faces)
    return NULL;
  return qr_polytope_face_count (brush->poly, ref.face) >= 3 ? brush : NULL;
}

/* The displaced grid of face `f` (side² points, the same the scene mesh
 * draws, qr-disp-mesh.c), or NULL when the face carries no displacement or
 * it does not build there: then the face is drawn, and marked, flat. */
static QrVec3 *
displaced_grid (const QrBrush *brush, int f, int *side)
{
  const QrDisp *disp = qr_face_disp (&brush->faces[f]);
  if (disp == NULL)
    return NULL;
  g_autofree QrVec3 *points = g_new (QrVec3, disp->side * disp->side);
  if (!qr_disp_build (disp, brush, f, points, NULL, NULL))
    return NULL;
  *side = disp->side;
  return g_steal_pointer (&points);
}

static void
add_polygon_outline (GArray *out, const QrBrush *brush, int f)
{
  const uint16_t *idx = qr_polytope_face_indices (brush->poly, f);
  int n = qr_polytope_face_count (brush->poly, f);
  for (int k = 0; k < n; k++)
    add_line (out, brush->poly->verts[idx[k]], brush->poly->verts[idx[(k + 1) % n]]);
}

/* The four sides of the grid: its first and last rows and columns. */
static void
add_grid_border (GArray *out, const QrVec3 *points, int side)
{
  int last = side - 1;
  for (int i = 0; i < last; i++)
    {
      add_line (out, points[i], points[i + 1]);
      add_line (out, points[last * side + i], points[last * side + i + 1]);
      add_line (out, points[i * side], points[(i + 1) * side]);
      add_line (out, points[i * side + last], points[(i + 1) * side + last]);
    }
}

static void
add_face_tint (GArray *out, const QrBrush *brush, int f)
{
  int side;
  g_autofree QrVec3 *grid = displaced_grid (brush, f, &side);
  if (grid != NULL)
    {
      /* The grid's own triangles, wound as the scene draws them. */
      int n = 6 * (side - 1) * (side - 1);
      g_autofree uint32_t *tri = g_new (uint32_t, n);
      qr_disp_triangles (side, tri);
      for (int k = 0; k < n; k++)
        add_vertex (out, grid[tri[k]], QR_FACE_MARK_TINT_COLOR);
      return;
    }
  /* The polygon as a fan from its first corner: it is convex and wound as
   * the scene's faces are, so the tint culls the same way. */
  const uint16_t *idx = qr_polytope_face_indices (brush->poly, f);
  int n = qr_polytope_face_count (brush->poly, f);
  for (int k = 1; k + 1 < n; k++)
    {
      add_vertex (out, brush->poly->verts[idx[0]], QR_FACE_MARK_TINT_COLOR);
      add_vertex (out, brush->poly->verts[idx[k]], QR_FACE_MARK_TINT_COLOR);
      add_vertex (out, brush->poly->verts[idx[k + 1]], QR_FACE_MARK_TINT_COLOR);
    }
}

static void
add_face_outline (GArray *out, const QrBrush *brush, int f)
{
  int side;
  g_autofree QrVec3 *grid = displaced_grid (brush, f, &side);
  if (grid != NULL)
    add_grid_border (out, grid, side);
  else
    add_polygon_outline (out, brush, f);
}

/* The brush's edges as the design canvases draw it: a brush holding a
 * displacement shows its displaced sides only (qr-scene-mesh.c), so its
 * mark is their borders, and the polygons of sides whose displacement does
 * not build; any other brush, its polytope's edges. */
static void
add_brush_edges (GArray *out, const QrBrush *brush)
{
  const QrPolytope *poly = brush->poly;
  if (!qr_brush_has_disp (brush))
    {
      for (int k = 0; k < poly->n_edges; k++)
        add_line (out, poly->verts[poly->edges[2 * k]], poly->verts[poly->edges[2 * k + 1]]);
      return;
    }
  for (int f = 0; f < brush->n_faces && f < poly->n_faces; f++)
    {
      if (qr_face_disp (&brush->faces[f]) == NULL)
        continue;
      int side;
      g_autofree QrVec3 *grid = displaced_grid (brush, f, &side);
      if (grid != NULL)
        add_grid_border (out, grid, side);
      else
        add_polygon_outline (out, brush, f);
    }
}

void
qr_face_marks_build (QrDocument *doc, const GArray *faces, GArray *out, QrSceneRange ranges[QR_FACE_MARK_N])
{
  g_return_if_fail (QR_IS_DOCUMENT (doc) && faces != NULL && out != NULL && ranges != NULL);
  g_array_set_size (out, 0);

  ranges[QR_FACE_MARK_TINT].first = 0;
  for (guint i = 0; i < faces->len; i++)
    {
      QrFaceRef ref = g_array_index (faces, QrFaceRef, i);
      const QrBrush *brush = marked_brush (doc, ref);
      if (brush != NULL)
        add_face_tint (out, brush, ref.face);
    }
  ranges[QR_FACE_MARK_TINT].count = out->len;

  ranges[QR_FACE_MARK_OUTLINE].first = out->len;
  for (guint i = 0; i < faces->len; i++)
    {
      QrFaceRef ref = g_array_index (faces, QrFaceRef, i);
      const QrBrush *brush = marked_brush (doc, ref);
      if (brush != NULL)
        add_face_outline (out, brush, ref.face);
    }
  ranges[QR_FACE_MARK_OUTLINE].count = out->len - ranges[QR_FACE_MARK_OUTLINE].first;

  /* The references are sorted by brush: a brush's faces come in a row. */
  ranges[QR_FACE_MARK_BRUSH_EDGES].first = out->len;
  QrId last = 0;
  for (guint i = 0; i < faces->len; i++)
    {
      QrFaceRef ref = g_array_index (faces, QrFaceRef, i);
      const QrBrush *brush = ref.brush != last ? marked_brush (doc, ref) : NULL;
      if (brush == NULL)
        continue;
      last = ref.brush;
      add_brush_edges (out, brush);
    }
  ranges[QR_FACE_MARK_BRUSH_EDGES].count = out->len - ranges[QR_FACE_MARK_BRUSH_EDGES].first;
}
