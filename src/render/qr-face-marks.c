/* qr-face-marks.c — see qr-face-marks.h. */
#include "qr-face-marks.h"

#include "qr-brush.h"

static void
add_vertex (GArray *out, QrVec3 p, uint32_t color)
{
  QrSceneVertex v = { .pos = { (float) p.x, (float) p.y, (float) p.z }, .color = color };
  g_array_append_val (out, v);
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

void
qr_face_marks_build (QrDocument *doc, const GArray *faces, GArray *out, QrSceneRange ranges[QR_FACE_MARK_N])
{
  g_return_if_fail (QR_IS_DOCUMENT (doc) && faces != NULL && out != NULL && ranges != NULL);
  g_array_set_size (out, 0);

  /* Each polygon as a fan from its first corner: the polygons are convex
   * and wound as the scene's faces are, so the tint culls the same way. */
  ranges[QR_FACE_MARK_TINT].first = 0;
  for (guint i = 0; i < faces->len; i++)
    {
      QrFaceRef ref = g_array_index (faces, QrFaceRef, i);
      const QrBrush *brush = marked_brush (doc, ref);
      if (brush == NULL)
        continue;
      const uint16_t *idx = qr_polytope_face_indices (brush->poly, ref.face);
      int n = qr_polytope_face_count (brush->poly, ref.face);
      for (int k = 1; k + 1 < n; k++)
        {
          add_vertex (out, brush->poly->verts[idx[0]], QR_FACE_MARK_TINT_COLOR);
          add_vertex (out, brush->poly->verts[idx[k]], QR_FACE_MARK_TINT_COLOR);
          add_vertex (out, brush->poly->verts[idx[k + 1]], QR_FACE_MARK_TINT_COLOR);
        }
    }
  ranges[QR_FACE_MARK_TINT].count = out->len;

  ranges[QR_FACE_MARK_OUTLINE].first = out->len;
  for (guint i = 0; i < faces->len; i++)
    {
      QrFaceRef ref = g_array_index (faces, QrFaceRef, i);
      const QrBrush *brush = marked_brush (doc, ref);
      if (brush == NULL)
        continue;
      const uint16_t *idx = qr_polytope_face_indices (brush->poly, ref.face);
      int n = qr_polytope_face_count (brush->poly, ref.face);
      for (int k = 0; k < n; k++)
        {
          add_vertex (out, brush->poly->verts[idx[k]], QR_FACE_MARK_LINE_COLOR);
          add_vertex (out, brush->poly->verts[idx[(k + 1) % n]], QR_FACE_MARK_LINE_COLOR);
        }
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
      const QrPolytope *poly = brush->poly;
      for (int k = 0; k < poly->n_edges; k++)
        {
          add_vertex (out, poly->verts[poly->edges[2 * k]], QR_FACE_MARK_LINE_COLOR);
          add_vertex (out, poly->verts[poly->edges[2 * k + 1]], QR_FACE_MARK_LINE_COLOR);
        }
    }
  ranges[QR_FACE_MARK_BRUSH_EDGES].count = out->len - ranges[QR_FACE_MARK_BRUSH_EDGES].first;
}
