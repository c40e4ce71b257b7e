/* qr-landscape.c — B-spline landscapes. STUB: landscape-core fills it. */
#include "qr-landscape.h"
#include "qr-document.h"
#include "qr-entity.h"

QrLandscape *
qr_landscape_from_entity (const QrEntity *entity, GError **error)
{
  (void) entity;
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, "landscapes are not read yet");
  return NULL;
}

void
qr_landscape_free (QrLandscape *land)
{
  if (land == NULL)
    return;
  g_free (land->texture);
  g_free (land->heights);
  g_free (land);
}

QrLandscape *
qr_landscape_copy (const QrLandscape *land)
{
  QrLandscape *l = g_memdup2 (land, sizeof *land);

  l->texture = g_strdup (land->texture);
  l->heights = g_memdup2 (land->heights, sizeof (double) * land->rows * land->cols);
  return l;
}

bool
qr_entity_is_landscape (const QrEntity *entity)
{
  (void) entity;
  return false;
}

char **
qr_landscape_to_keys (const QrLandscape *land)
{
  (void) land;
  return g_new0 (char *, 1);
}

QrVec3
qr_landscape_control_point (const QrLandscape *land, int r, int c)
{
  (void) r;
  (void) c;
  return land->origin;
}

QrVec3 *
qr_landscape_sample (const QrLandscape *land, int *h, int *w)
{
  (void) land;
  *h = *w = 0;
  return NULL;
}

double
qr_landscape_height_at (const QrLandscape *land, double x, double y)
{
  (void) x;
  (void) y;
  return land->origin.z;
}

QrLandscape *
qr_landscape_refine (const QrLandscape *land, GError **error)
{
  (void) land;
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, "not yet");
  return NULL;
}

QrLandscape *
qr_landscape_coarsen (const QrLandscape *land, GError **error)
{
  (void) land;
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, "not yet");
  return NULL;
}
