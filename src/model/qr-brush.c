#include "qr-brush.h"
#include "qr-csg.h"
#include "qr-node.h"

#include <string.h>

QrBrush *
qr_brush_new (QrId id, int n_faces)
{
  QrBrush *brush = g_new0 (QrBrush, 1);

  g_atomic_ref_count_init (&brush->ref);
  brush->id = id;
  brush->n_faces = n_faces;
  brush->faces = g_new0 (QrFace, n_faces);
  return brush;
}

/* Face arrays are sized exactly: readers know the count before allocating,
 * and adding a face is a rare edit, so memory per brush stays minimal. */
QrFace *
qr_brush_add_face (QrBrush *brush)
{
  QrFace *face;

  brush->faces = g_renew (QrFace, brush->faces, brush->n_faces + 1);
  face = &brush->faces[brush->n_faces++];
  memset (face, 0, sizeof (QrFace));
  return face;
}

QrBrush *
qr_brush_copy (const QrBrush *brush)
{
  QrBrush *copy = g_new0 (QrBrush, 1);

  g_atomic_ref_count_init (&copy->ref);
  copy->id = brush->id;
  copy->flags = brush->flags;
  copy->n_faces = brush->n_faces;
  copy->faces = g_new (QrFace, brush->n_faces);
  for (int i = 0; i < brush->n_faces; i++)
    qr_face_copy_into (&copy->faces[i], &brush->faces[i]);
  copy->extra = brush->extra ? qr_node_ref (brush->extra) : NULL;
  copy->poly = brush->poly ? qr_polytope_copy (brush->poly) : NULL;
  return copy;
}

QrBrush *
qr_brush_ref (QrBrush *brush)
{
  g_atomic_ref_count_inc (&brush->ref);
  return brush;
}

void
qr_brush_free (QrBrush *brush)
{
  if (brush == NULL || !g_atomic_ref_count_dec (&brush->ref))
    return;
  for (int i = 0; i < brush->n_faces; i++)
    qr_face_clear (&brush->faces[i]);
  g_free (brush->faces);
  qr_polytope_free (brush->poly);
  qr_node_free (brush->extra);
  g_free (brush);
}

const QrVec3 *
qr_brush_gather_points (const QrBrush *brush, QrVec3 *out)
{
  for (int i = 0; i < brush->n_faces; i++)
    memcpy (out + 3 * i, brush->faces[i].points, sizeof (QrVec3) * 3);
  return out;
}

void
qr_brush_build (QrBrush *brush, QrPolyBuilder *builder)
{
  QrVec3 stack[3 * 16];
  g_autofree QrVec3 *heap = NULL;
  QrVec3 *points = stack;

  if (brush->n_faces > 16)
    points = heap = g_new (QrVec3, 3 * (gsize) brush->n_faces);
  qr_brush_gather_points (brush, points);
  qr_polytope_free (brush->poly);
  brush->poly = qr_polytope_build (builder, points, brush->n_faces);
}

void
qr_brush_invalidate (QrBrush *brush)
{
  g_clear_pointer (&brush->poly, qr_polytope_free);
}

GArray *
qr_brush_to_csg (const QrBrush *brush, int first_source)
{
  g_autofree QrVec3 *points = g_new (QrVec3, 3 * (gsize) MAX (brush->n_faces, 1));

  qr_brush_gather_points (brush, points);
  return qr_csg_brush_new (points, brush->n_faces, first_source);
}
