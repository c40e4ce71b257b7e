/* qr-landscape.c — B-spline landscapes (shared reference 001, §3.6): the
 * entity keys that hold one, and the surface through its control grid. */
#include "qr-landscape.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>
#include "qr-document.h"
#include "qr-entity.h"
#include "qr-number.h"

#define MAX_RESOLUTION 16

bool
qr_entity_is_landscape (const QrEntity *entity)
{
  return strcmp (qr_entity_get_classname (entity), QR_LANDSCAPE_CLASS) == 0;
}

/* Exactly n numbers separated by spaces, nothing else but spaces around. */
static bool
parse_numbers (const char *text, double *out, int n)
{
  const char *p = text, *end = text + strlen (text);

  for (int i = 0; i < n; i++)
    {
      while (*p == ' ')
        p++;
      if (!qr_number_parse (&p, end, &out[i]))
        return false;
      if (*p != ' ' && *p != '\0')
        return false;
    }
  while (*p == ' ')
    p++;
  return *p == '\0';
}

/* Whole numbers written as such ("3", not "3.0" nor "3e0"). */
static bool
parse_ints (const char *text, int *out, int n)
{
  const char *p = text;

  for (int i = 0; i < n; i++)
    {
      char *end;
      gint64 v;

      while (*p == ' ')
        p++;
      if (!g_ascii_isdigit (*p))
        return false;
      v = g_ascii_strtoll (p, &end, 10);
      if ((*end != ' ' && *end != '\0') || v > G_MAXINT)
        return false;
      out[i] = (int) v;
      p = end;
    }
  while (*p == ' ')
    p++;
  return *p == '\0';
}

static QrLandscape *
bad_key (const QrEntity *entity, const char *key, const char *what, GError **error)
{
  const char *value = qr_entity_get_key (entity, key);

  if (value == NULL)
    g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Landscape %u has no key “%s”"), entity->id, key);
  else
    /* TRANSLATORS: the last %s says what the key must hold, e.g. "two numbers above 0" */
    g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Landscape %u: key “%s” must be %s"), entity->id,
                 key, what);
  return NULL;
}

QrLandscape *
qr_landscape_from_entity (const QrEntity *entity, GError **error)
{
  g_autoptr (QrLandscape) land = g_new0 (QrLandscape, 1);
  const char *v;
  double num[3];
  int ints[2];

  g_return_val_if_fail (entity != NULL, NULL);
  if (!qr_entity_is_landscape (entity))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Entity %u is not a landscape"), entity->id);
      return NULL;
    }
  if (!(v = qr_entity_get_key (entity, "origin")) || !parse_numbers (v, num, 3))
    return bad_key (entity, "origin", _("three numbers"), error);
  land->origin = qr_vec3 (num[0], num[1], num[2]);
  if (!(v = qr_entity_get_key (entity, "size")) || !parse_numbers (v, num, 2) || !(num[0] > 0) || !(num[1] > 0))
    return bad_key (entity, "size", _("two numbers above 0"), error);
  land->size[0] = num[0];
  land->size[1] = num[1];
  if (!(v = qr_entity_get_key (entity, "grid")) || !parse_ints (v, ints, 2) || ints[0] < QR_LANDSCAPE_MIN_GRID
      || ints[0] > QR_LANDSCAPE_MAX_GRID || ints[1] < QR_LANDSCAPE_MIN_GRID || ints[1] > QR_LANDSCAPE_MAX_GRID)
    return bad_key (entity, "grid", _("two whole numbers from 2 to 129"), error);
  land->cols = ints[0];
  land->rows = ints[1];
  if (!(v = qr_entity_get_key (entity, "resolution")) || !parse_ints (v, ints, 1) || ints[0] < 1
      || ints[0] > MAX_RESOLUTION)
    return bad_key (entity, "resolution", _("a whole number from 1 to 16"), error);
  land->resolution = ints[0];
  if (!(v = qr_entity_get_key (entity, "texture")) || v[0] == '\0')
    return bad_key (entity, "texture", _("a texture name"), error);
  land->texture = g_strdup (v);
  land->heights = g_new (double, (gsize) land->rows * land->cols);
  for (int r = 0; r < land->rows; r++)
    {
      char key[16];

      g_snprintf (key, sizeof key, "row%d", r);
      if (!(v = qr_entity_get_key (entity, key)) || !parse_numbers (v, land->heights + (gsize) r * land->cols,
                                                                    land->cols))
        {
          g_autofree char *what = g_strdup_printf (_("%d numbers"), land->cols);
          return bad_key (entity, key, what, error);
        }
    }
  return g_steal_pointer (&land);
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

static void
append_numbers (GString *s, const double *v, int n)
{
  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (s, ' ');
      /* never "-0": a height is a height */
      qr_number_append (s, v[i] == 0 ? 0 : v[i]);
    }
}

static void
push (GPtrArray *out, const char *key, char *value)
{
  g_ptr_array_add (out, g_strdup (key));
  g_ptr_array_add (out, value);
}

static char *
numbers (const double *v, int n)
{
  GString *s = g_string_new (NULL);

  append_numbers (s, v, n);
  return g_string_free (s, FALSE);
}

char **
qr_landscape_to_keys (const QrLandscape *land)
{
  GPtrArray *out = g_ptr_array_new ();
  double origin[3] = { land->origin.x, land->origin.y, land->origin.z };

  push (out, "classname", g_strdup (QR_LANDSCAPE_CLASS));
  push (out, "origin", numbers (origin, 3));
  push (out, "size", numbers (land->size, 2));
  push (out, "grid", g_strdup_printf ("%d %d", land->cols, land->rows));
  push (out, "resolution", g_strdup_printf ("%d", land->resolution));
  push (out, "texture", g_strdup (land->texture));
  for (int r = 0; r < land->rows; r++)
    {
      g_autofree char *key = g_strdup_printf ("row%d", r);
      push (out, key, numbers (land->heights + (gsize) r * land->cols, land->cols));
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

/* Coordinate k of n evenly spread from `min` over `size`: the last is
 * min + size exactly, so tiles and samples that share an edge share it to
 * the bit. */
double
qr_landscape_axis (double min, double size, int k, int n)
{
  return k == n - 1 ? min + size : min + size * k / (n - 1);
}

QrVec3
qr_landscape_control_point (const QrLandscape *land, int r, int c)
{
  g_return_val_if_fail (r >= 0 && r < land->rows && c >= 0 && c < land->cols, land->origin);
  return qr_vec3 (qr_landscape_axis (land->origin.x, land->size[0], c, land->cols),
                  qr_landscape_axis (land->origin.y, land->size[1], r, land->rows),
                  land->origin.z + land->heights[(gsize) r * land->cols + c]);
}

QrBsplineSurface *
qr_landscape_surface_new (const QrLandscape *land)
{
  return qr_bspline_surface_new (land->heights, land->rows, land->cols);
}

QrVec3 *
qr_landscape_sample (const QrLandscape *land, int *h, int *w)
{
  g_autoptr (QrBsplineSurface) s = NULL;
  g_autofree double *z = NULL;
  QrVec3 *out;

  if (*h <= 0)
    *h = (land->rows - 1) * land->resolution + 1;
  if (*w <= 0)
    *w = (land->cols - 1) * land->resolution + 1;
  g_return_val_if_fail (*h >= 2 && *w >= 2, NULL);
  s = qr_landscape_surface_new (land);
  z = g_new (double, (gsize) *h * *w);
  qr_bspline_surface_sample (s, *h, *w, z);
  out = g_new (QrVec3, (gsize) *h * *w);
  for (int y = 0; y < *h; y++)
    {
      double wy = qr_landscape_axis (land->origin.y, land->size[1], y, *h);

      for (int x = 0; x < *w; x++)
        {
          gsize i = (gsize) y * *w + x;
          out[i] = qr_vec3 (qr_landscape_axis (land->origin.x, land->size[0], x, *w), wy, land->origin.z + z[i]);
        }
    }
  return out;
}

void
qr_landscape_params (const QrLandscape *land, double x, double y, double *u, double *v)
{
  *u = (x - land->origin.x) / land->size[0] * (land->cols - 1);
  *v = (y - land->origin.y) / land->size[1] * (land->rows - 1);
}

double
qr_landscape_height_at (const QrLandscape *land, double x, double y)
{
  g_autoptr (QrBsplineSurface) s = qr_landscape_surface_new (land);
  double u, v;

  qr_landscape_params (land, x, y, &u, &v);
  return land->origin.z + qr_bspline_surface_eval (s, u, v);
}

static gboolean
check_grid (int cols, int rows, GError **error)
{
  if (cols < QR_LANDSCAPE_MIN_GRID || rows < QR_LANDSCAPE_MIN_GRID || cols > QR_LANDSCAPE_MAX_GRID
      || rows > QR_LANDSCAPE_MAX_GRID)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("A landscape's grid has from %d to %d points a side (this would be %d × %d)"),
                   QR_LANDSCAPE_MIN_GRID, QR_LANDSCAPE_MAX_GRID, cols, rows);
      return FALSE;
    }
  return TRUE;
}

/* Natural splines reproduce lines, so the surface's x and y are even in its
 * parameters: the new points at half parameters are at the midpoints in x
 * and y, and no spline-plane intersection (§3.6.4) is needed. */
QrLandscape *
qr_landscape_refine (const QrLandscape *land, GError **error)
{
  int cols = 2 * land->cols - 1, rows = 2 * land->rows - 1;
  g_autoptr (QrBsplineSurface) s = NULL;
  QrLandscape *fine;

  if (!check_grid (cols, rows, error))
    return NULL;
  s = qr_landscape_surface_new (land);
  fine = qr_landscape_copy (land);
  fine->cols = cols;
  fine->rows = rows;
  g_free (fine->heights);
  fine->heights = g_new (double, (gsize) rows * cols);
  qr_bspline_surface_sample (s, rows, cols, fine->heights);
  /* The old heights as they were, not as the surface gives them back. */
  for (int r = 0; r < land->rows; r++)
    for (int c = 0; c < land->cols; c++)
      fine->heights[(gsize) 2 * r * cols + 2 * c] = land->heights[(gsize) r * land->cols + c];
  return fine;
}

/* The report's decrease (§3.6.4): every second row and column dropped,
 * starting one in from the edges, which needs odd sizes. */
QrLandscape *
qr_landscape_coarsen (const QrLandscape *land, GError **error)
{
  int cols = (land->cols + 1) / 2, rows = (land->rows + 1) / 2;
  QrLandscape *coarse;

  if (land->cols % 2 == 0 || land->rows % 2 == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("Only a grid of odd sizes can be made coarser (this one is %d × %d)"), land->cols, land->rows);
      return NULL;
    }
  if (!check_grid (cols, rows, error))
    return NULL;
  coarse = qr_landscape_copy (land);
  coarse->cols = cols;
  coarse->rows = rows;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      coarse->heights[(gsize) r * cols + c] = land->heights[(gsize) 2 * r * land->cols + 2 * c];
  return coarse;
}
