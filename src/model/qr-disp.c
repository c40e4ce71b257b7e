/* qr-disp.c — Source displacements: reading, storing and building.
 * STUB: issue 16's disp-core work fills the parts marked TODO. */
#include "qr-disp.h"
#include <string.h>
#include "qr-brush.h"
#include "qr-document.h"
#include "qr-face.h"
#include "qr-node.h"

static QrDisp *
disp_alloc (int power)
{
  QrDisp *d = g_new0 (QrDisp, 1);
  int n;

  g_ref_count_init (&d->ref);
  d->power = power;
  d->side = qr_disp_side (power);
  n = d->side * d->side;
  d->normals = g_new0 (QrVec3, n);
  d->distances = g_new0 (double, n);
  d->offsets = g_new0 (QrVec3, n);
  d->offset_normals = g_new0 (QrVec3, n);
  d->alphas = g_new0 (double, n);
  return d;
}

QrDisp *
qr_disp_new_flat (int power, QrVec3 start, QrVec3 normal)
{
  QrDisp *d = disp_alloc (power);

  d->start = start;
  for (int i = 0; i < d->side * d->side; i++)
    d->normals[i] = d->offset_normals[i] = normal;
  return d;
}

QrDisp *
qr_disp_ref (QrDisp *disp)
{
  g_ref_count_inc (&disp->ref);
  return disp;
}

void
qr_disp_unref (QrDisp *disp)
{
  if (disp == NULL || !g_ref_count_dec (&disp->ref))
    return;
  g_free (disp->normals);
  g_free (disp->distances);
  g_free (disp->offsets);
  g_free (disp->offset_normals);
  g_free (disp->alphas);
  g_free (disp);
}

QrDisp *
qr_disp_copy (const QrDisp *disp)
{
  QrDisp *d = disp_alloc (disp->power);
  size_t n = (size_t) d->side * d->side;

  d->start = disp->start;
  d->elevation = disp->elevation;
  d->flags = disp->flags;
  memcpy (d->normals, disp->normals, n * sizeof *d->normals);
  memcpy (d->distances, disp->distances, n * sizeof *d->distances);
  memcpy (d->offsets, disp->offsets, n * sizeof *d->offsets);
  memcpy (d->offset_normals, disp->offset_normals, n * sizeof *d->offset_normals);
  memcpy (d->alphas, disp->alphas, n * sizeof *d->alphas);
  return d;
}

bool
qr_disp_equal (const QrDisp *a, const QrDisp *b)
{
  size_t n = (size_t) a->side * a->side;

  return a->power == b->power && a->flags == b->flags && memcmp (&a->start, &b->start, sizeof a->start) == 0
         && memcmp (&a->elevation, &b->elevation, sizeof a->elevation) == 0
         && memcmp (a->normals, b->normals, n * sizeof *a->normals) == 0
         && memcmp (a->distances, b->distances, n * sizeof *a->distances) == 0
         && memcmp (a->offsets, b->offsets, n * sizeof *a->offsets) == 0
         && memcmp (a->offset_normals, b->offset_normals, n * sizeof *a->offset_normals) == 0
         && memcmp (a->alphas, b->alphas, n * sizeof *a->alphas) == 0;
}

QrDisp *
qr_face_disp (const QrFace *face)
{
  return face->extra != NULL ? face->extra->disp : NULL;
}

bool
qr_brush_has_disp (const QrBrush *brush)
{
  for (int i = 0; i < brush->n_faces; i++)
    if (qr_face_disp (&brush->faces[i]) != NULL)
      return true;
  return false;
}

/* TODO(disp-core) */
QrDisp *
qr_disp_from_node (const QrNode *dispinfo, GError **error)
{
  (void) dispinfo;
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, "displacements are not read yet");
  return NULL;
}

/* TODO(disp-core) */
void
qr_disp_store (const QrDisp *disp, QrNode *dispinfo)
{
  (void) disp;
  (void) dispinfo;
}

/* TODO(disp-core) */
QrNode *
qr_disp_to_node (const QrDisp *disp)
{
  (void) disp;
  return qr_node_new ("dispinfo");
}

/* TODO(disp-core) */
bool
qr_face_sync_disp (QrFace *face, GError **error)
{
  (void) face;
  (void) error;
  return true;
}

/* TODO(disp-core) */
bool
qr_disp_build (const QrDisp *disp, const QrBrush *brush, int face, QrVec3 *verts, QrVec3 *flat, char **why)
{
  (void) disp;
  (void) brush;
  (void) face;
  (void) verts;
  (void) flat;
  if (why != NULL)
    *why = g_strdup ("displacements are not built yet");
  return false;
}
