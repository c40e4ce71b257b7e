#include "qr-patch.h"

#include <string.h>

QrPatch *
qr_patch_new (QrId id, const char *texture, int rows, int cols)
{
  QrPatch *patch;

  g_return_val_if_fail (qr_bezier_size_ok (rows, cols), NULL);
  patch = g_new0 (QrPatch, 1);
  g_ref_count_init (&patch->ref);
  patch->id = id;
  patch->texture = g_strdup (texture);
  patch->rows = rows;
  patch->cols = cols;
  patch->header[0] = rows;
  patch->header[1] = cols;
  patch->points = g_new0 (QrPatchPoint, (gsize) rows * (gsize) cols);
  patch->bounds = qr_bounds_empty ();
  return patch;
}

QrPatch *
qr_patch_ref (QrPatch *patch)
{
  g_ref_count_inc (&patch->ref);
  return patch;
}

void
qr_patch_unref (QrPatch *patch)
{
  if (patch == NULL || !g_ref_count_dec (&patch->ref))
    return;
  g_free (patch->texture);
  g_free (patch->points);
  g_free (patch->mesh);
  g_free (patch);
}

QrPatch *
qr_patch_copy (const QrPatch *patch)
{
  QrPatch *copy = qr_patch_new (patch->id, patch->texture, patch->rows, patch->cols);

  memcpy (copy->header, patch->header, sizeof copy->header);
  memcpy (copy->points, patch->points, sizeof (QrPatchPoint) * (gsize) patch->rows * (gsize) patch->cols);
  if (patch->mesh != NULL)
    {
      gsize size = sizeof (QrBezierGrid) + sizeof (QrVec3) * (gsize) patch->mesh->rows * (gsize) patch->mesh->cols;
      copy->mesh = g_memdup2 (patch->mesh, size);
    }
  copy->bounds = patch->bounds;
  return copy;
}

void
qr_patch_build (QrPatch *patch)
{
  gsize n = (gsize) patch->rows * (gsize) patch->cols;
  g_autofree QrVec3 *ctrl = g_new (QrVec3, n);

  for (gsize i = 0; i < n; i++)
    ctrl[i] = patch->points[i].pos;
  g_free (patch->mesh);
  patch->mesh = qr_bezier_tessellate (ctrl, patch->rows, patch->cols, QR_BEZIER_SUBDIVIDE_ERROR);
  patch->bounds = qr_bezier_grid_bounds (patch->mesh);
}

void
qr_patch_transform (QrPatch *patch, const QrTransform *tr)
{
  for (int i = 0; i < patch->rows * patch->cols; i++)
    patch->points[i].pos = qr_vec3_snap (qr_transform_point (tr, patch->points[i].pos));
  /* A mirror turns the surface inside out, and Quake 3 draws a patch from
   * one side: each row runs the other way round to keep the side it faces
   * (GtkRadiant inverts a flipped patch likewise). */
  if (qr_transform_determinant (tr) < 0)
    for (int r = 0; r < patch->rows; r++)
      for (int a = 0, b = patch->cols - 1; a < b; a++, b--)
        {
          QrPatchPoint t = *qr_patch_point (patch, r, a);
          *qr_patch_point (patch, r, a) = *qr_patch_point (patch, r, b);
          *qr_patch_point (patch, r, b) = t;
        }
  qr_patch_build (patch);
}

bool
qr_patch_equal (const QrPatch *a, const QrPatch *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return a->id == b->id && a->rows == b->rows && a->cols == b->cols && strcmp (a->texture, b->texture) == 0
         && memcmp (a->header, b->header, sizeof a->header) == 0
         && memcmp (a->points, b->points, sizeof (QrPatchPoint) * (gsize) a->rows * (gsize) a->cols) == 0;
}
