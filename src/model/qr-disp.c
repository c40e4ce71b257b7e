/* qr-disp.c — Source displacements: reading, storing and building (shared
 * reference 000, §7; the block's layout as Hammer writes it). */
#include "qr-disp.h"
#include <math.h>
#include <string.h>
#include "qr-brush.h"
#include "qr-document.h"
#include "qr-face.h"
#include "qr-node.h"
#include "qr-number.h"

/* The struct and its five arrays in one allocation: a terrain map loads
 * thousands of displacements. */
static QrDisp *
disp_alloc (int power)
{
  int side = qr_disp_side (power);
  size_t n = (size_t) side * side;
  size_t head = (sizeof (QrDisp) + sizeof (double) - 1) / sizeof (double) * sizeof (double);
  char *block = g_malloc0 (head + n * (3 * sizeof (QrVec3) + 2 * sizeof (double)));
  QrDisp *d = (QrDisp *) (gpointer) block;
  double *p = (double *) (gpointer) (block + head);

  g_ref_count_init (&d->ref);
  d->power = power;
  d->side = side;
  d->normals = (QrVec3 *) (gpointer) p;
  d->offsets = d->normals + n;
  d->offset_normals = d->offsets + n;
  d->distances = (double *) (gpointer) (d->offset_normals + n);
  d->alphas = d->distances + n;
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

/* The per-vertex row blocks: how many numbers each vertex has there. */
typedef enum
{
  ROWS_NORMALS,
  ROWS_DISTANCES,
  ROWS_OFFSETS,
  ROWS_OFFSET_NORMALS,
  ROWS_ALPHAS,
  N_ROWS
} RowBlock;

static const struct
{
  const char *name;
  int per_vertex;
} row_blocks[N_ROWS] = {
  { "normals", 3 }, { "distances", 1 }, { "offsets", 3 }, { "offset_normals", 3 }, { "alphas", 1 },
};

/* Where row block b keeps the numbers of vertex i, as doubles. */
static double *
block_values (QrDisp *d, RowBlock b)
{
  switch (b)
    {
    case ROWS_NORMALS:
      return &d->normals[0].x;
    case ROWS_DISTANCES:
      return d->distances;
    case ROWS_OFFSETS:
      return &d->offsets[0].x;
    case ROWS_OFFSET_NORMALS:
      return &d->offset_normals[0].x;
    case ROWS_ALPHAS:
      return d->alphas;
    case N_ROWS:
    default:
      break;
    }
  g_return_val_if_reached (NULL);
}

G_STATIC_ASSERT (sizeof (QrVec3) == 3 * sizeof (double));

/* Reads exactly n numbers separated by spaces (and "[", "]" around them
 * when `bracketed`, as startposition has). */
static bool
parse_numbers (const char *text, double *out, int n, bool bracketed)
{
  const char *p = text, *end = text + strlen (text);

  while (p < end && g_ascii_isspace (*p))
    p++;
  if (bracketed)
    {
      if (p >= end || *p != '[')
        return false;
      p++;
    }
  for (int i = 0; i < n; i++)
    {
      while (p < end && g_ascii_isspace (*p))
        p++;
      if (!qr_number_parse (&p, end, &out[i]) || (p < end && !g_ascii_isspace (*p) && *p != ']'))
        return false;
    }
  while (p < end && g_ascii_isspace (*p))
    p++;
  if (bracketed)
    {
      if (p >= end || *p != ']')
        return false;
      p++;
      while (p < end && g_ascii_isspace (*p))
        p++;
    }
  return p == end;
}

static void
append_numbers (GString *s, const double *v, int n)
{
  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (s, ' ');
      qr_number_append (s, v[i]);
    }
}

static char *
format_start (QrVec3 start)
{
  GString *s = g_string_new ("[");

  append_numbers (s, &start.x, 3);
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

static char *
format_numbers (const double *v, int n)
{
  GString *s = g_string_new (NULL);

  append_numbers (s, v, n);
  return g_string_free (s, FALSE);
}

/* Bit for bit, so "-0" against "0" counts as a change (the equality the
 * rest of QrDisp uses). */
static bool
same_numbers (const double *a, const double *b, int n)
{
  return memcmp (a, b, (size_t) n * sizeof *a) == 0;
}

QrDisp *
qr_disp_from_node (const QrNode *dispinfo, GError **error)
{
  g_autoptr (QrDisp) d = NULL;
  const char *text;
  double v[3];
  int power;

  g_return_val_if_fail (dispinfo != NULL, NULL);

  text = qr_node_get (dispinfo, "power");
  if (text == NULL || !parse_numbers (text, v, 1, false) || v[0] < QR_DISP_MIN_POWER
      || v[0] > QR_DISP_MAX_POWER || v[0] != (int) v[0])
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   "a displacement's power must be 2, 3 or 4, not “%s”", text ? text : "");
      return NULL;
    }
  power = (int) v[0];
  d = disp_alloc (power);

  text = qr_node_get (dispinfo, "startposition");
  if (text == NULL || !parse_numbers (text, &d->start.x, 3, true))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   "a displacement's startposition must read “[x y z]”, not “%s”", text ? text : "");
      return NULL;
    }
  text = qr_node_get (dispinfo, "elevation");
  if (text != NULL && !parse_numbers (text, &d->elevation, 1, false))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   "a displacement's elevation must be a number, not “%s”", text);
      return NULL;
    }
  text = qr_node_get (dispinfo, "flags");
  if (text != NULL)
    {
      if (!parse_numbers (text, v, 1, false) || !(fabs (v[0]) <= G_MAXINT) || v[0] != (int) v[0])
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                       "a displacement's flags must be a whole number, not “%s”", text);
          return NULL;
        }
      d->flags = (int) v[0];
    }

  for (int b = 0; b < N_ROWS; b++)
    {
      const QrNode *block = qr_node_get_child (dispinfo, row_blocks[b].name);
      int per_row = row_blocks[b].per_vertex * d->side;
      double *values = block_values (d, b);

      /* Hammer always writes all five. Without normals or distances there
       * is nothing to displace (the VMF reader refuses it too); the others
       * read as zeros. */
      if (block == NULL && b <= ROWS_DISTANCES)
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, "a displacement needs its “%s” rows",
                       row_blocks[b].name);
          return NULL;
        }
      if (block == NULL)
        continue;
      for (int r = 0; r < d->side; r++)
        {
          char key[16];

          g_snprintf (key, sizeof key, "row%d", r);
          text = qr_node_get (block, key);
          if (text == NULL || !parse_numbers (text, values + (size_t) r * per_row, per_row, false))
            {
              g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                           "a displacement of power %d needs %d numbers in “%s” %s", power, per_row,
                           row_blocks[b].name, key);
              return NULL;
            }
        }
    }
  return g_steal_pointer (&d);
}

/* Replaces the value of the first item `key` (a key/value), or appends it. */
static void
node_set (QrNode *node, const char *key, char *value /* owned */)
{
  for (guint i = 0; i < node->n_items; i++)
    if (node->items[i].value != NULL && strcmp (node->items[i].key, key) == 0)
      {
        g_free (node->items[i].value);
        node->items[i].value = value;
        return;
      }
  qr_node_add_value (node, key, value);
  g_free (value);
}

/* Stores one number key unless it already reads as `v`. */
static void
store_number (QrNode *node, const char *key, double v, bool missing_is_zero)
{
  const char *text = qr_node_get (node, key);
  double old;

  if (text != NULL ? parse_numbers (text, &old, 1, false) && same_numbers (&old, &v, 1)
                   : missing_is_zero && v == 0.0 && !signbit (v))
    return;
  node_set (node, key, format_numbers (&v, 1));
}

static QrNode *
rows_node (const char *name, const double *values, int n_rows, int per_row)
{
  QrNode *block = qr_node_new (name);

  for (int r = 0; r < n_rows; r++)
    {
      char key[16];
      g_autofree char *row = format_numbers (values + (size_t) r * per_row, per_row);

      g_snprintf (key, sizeof key, "row%d", r);
      qr_node_add_value (block, key, row);
    }
  return block;
}

void
qr_disp_store (const QrDisp *disp, QrNode *dispinfo)
{
  const char *text;
  double v[3];
  g_autofree double *old = NULL;

  g_return_if_fail (disp != NULL && dispinfo != NULL);

  text = qr_node_get (dispinfo, "power");
  if (text == NULL || !parse_numbers (text, v, 1, false) || v[0] != disp->power)
    {
      /* Every row block has another size: start again from Hammer's layout,
       * keeping "subdiv", the one key the editor does not interpret. */
      g_autoptr (QrNode) fresh = qr_disp_to_node (disp);
      const char *subdiv = qr_node_get (dispinfo, "subdiv");

      if (subdiv != NULL)
        node_set (fresh, "subdiv", g_strdup (subdiv));
      for (guint i = 0; i < dispinfo->n_items; i++)
        {
          g_free (dispinfo->items[i].key);
          g_free (dispinfo->items[i].value);
          qr_node_free (dispinfo->items[i].child);
        }
      g_free (dispinfo->items);
      dispinfo->items = g_steal_pointer (&fresh->items);
      dispinfo->n_items = fresh->n_items;
      dispinfo->capacity = fresh->capacity;
      fresh->n_items = fresh->capacity = 0;
      return;
    }

  text = qr_node_get (dispinfo, "startposition");
  if (text == NULL || !parse_numbers (text, v, 3, true) || !same_numbers (v, &disp->start.x, 3))
    node_set (dispinfo, "startposition", format_start (disp->start));
  store_number (dispinfo, "flags", disp->flags, true);
  store_number (dispinfo, "elevation", disp->elevation, true);

  old = g_new (double, 3 * (size_t) disp->side);
  for (int b = 0; b < N_ROWS; b++)
    {
      QrNode *block = qr_node_get_child (dispinfo, row_blocks[b].name);
      int per_row = row_blocks[b].per_vertex * disp->side;
      const double *values = block_values ((QrDisp *) disp, b);

      if (block == NULL)
        {
          bool zero = true;

          /* A missing block reads as zeros: add it only when it must say more. */
          for (int i = 0; i < per_row * disp->side && zero; i++)
            zero = values[i] == 0.0 && !signbit (values[i]);
          if (!zero)
            qr_node_add_child (dispinfo, row_blocks[b].name,
                               rows_node (row_blocks[b].name, values, disp->side, per_row));
          continue;
        }
      for (int r = 0; r < disp->side; r++)
        {
          char key[16];
          const double *row = values + (size_t) r * per_row;

          g_snprintf (key, sizeof key, "row%d", r);
          text = qr_node_get (block, key);
          if (text != NULL && parse_numbers (text, old, per_row, false) && same_numbers (old, row, per_row))
            continue;
          node_set (block, key, format_numbers (row, per_row));
        }
    }
}

QrNode *
qr_disp_to_node (const QrDisp *disp)
{
  QrNode *node = qr_node_new ("dispinfo");
  QrNode *tags, *allowed;
  char buf[QR_NUMBER_BUFSIZE];
  g_autofree char *start = NULL;
  int quads;

  g_return_val_if_fail (disp != NULL, node);

  g_snprintf (buf, sizeof buf, "%d", disp->power);
  qr_node_add_value (node, "power", buf);
  start = format_start (disp->start);
  qr_node_add_value (node, "startposition", start);
  g_snprintf (buf, sizeof buf, "%d", disp->flags);
  qr_node_add_value (node, "flags", buf);
  qr_number_format (disp->elevation, buf);
  qr_node_add_value (node, "elevation", buf);
  qr_node_add_value (node, "subdiv", "0");
  for (int b = 0; b < N_ROWS; b++)
    qr_node_add_child (node, row_blocks[b].name,
                       rows_node (row_blocks[b].name, block_values ((QrDisp *) disp, b), disp->side,
                                  row_blocks[b].per_vertex * disp->side));

  /* Two tags per quad, a row of quads per row. Hammer computes them (walkable,
   * buildable…) when it loads the map; zeros claim nothing. */
  quads = disp->side - 1;
  tags = qr_node_new ("triangle_tags");
  {
    g_autoptr (GString) row = g_string_new (NULL);

    for (int i = 0; i < 2 * quads; i++)
      g_string_append (row, i > 0 ? " 0" : "0");
    for (int r = 0; r < quads; r++)
      {
        g_snprintf (buf, sizeof buf, "row%d", r);
        qr_node_add_value (tags, buf, row->str);
      }
  }
  qr_node_add_child (node, "triangle_tags", tags);
  /* Hammer's "no vertex removed" mask: ten words of all bits set. */
  allowed = qr_node_new ("allowed_verts");
  qr_node_add_value (allowed, "10", "-1 -1 -1 -1 -1 -1 -1 -1 -1 -1");
  qr_node_add_child (node, "allowed_verts", allowed);
  return node;
}

bool
qr_face_sync_disp (QrFace *face, GError **error)
{
  const QrNode *block;
  QrDisp *disp;
  QrFaceExtra *extra;

  g_return_val_if_fail (face != NULL, false);

  block = face->extra != NULL && face->extra->vmf != NULL ? qr_node_get_child (face->extra->vmf, "dispinfo") : NULL;
  if (block == NULL)
    {
      if (face->extra != NULL && face->extra->disp != NULL)
        g_clear_pointer (&qr_face_ensure_extra (face)->disp, qr_disp_unref);
      return true;
    }
  disp = qr_disp_from_node (block, error);
  extra = qr_face_ensure_extra (face);
  g_clear_pointer (&extra->disp, qr_disp_unref);
  extra->disp = disp;
  return disp != NULL;
}

bool
qr_disp_build (const QrDisp *disp, const QrBrush *brush, int face, QrVec3 *verts, QrVec3 *flat, char **why)
{
  g_return_val_if_fail (disp != NULL && brush != NULL && verts != NULL, false);
  g_return_val_if_fail (face >= 0 && face < brush->n_faces, false);

  return qr_disp_build_on (disp, brush->poly, face, verts, flat, why);
}

bool
qr_disp_build_on (const QrDisp *disp, const QrPolytope *poly, int face, QrVec3 *verts, QrVec3 *flat, char **why)
{
  QrVec3 polygon[4], corners[4];
  const uint16_t *index;
  int n;

  g_return_val_if_fail (disp != NULL && verts != NULL, false);
  if (poly == NULL || poly->status != QR_POLY_OK)
    {
      if (why != NULL)
        {
          g_autofree char *reason = poly != NULL ? qr_polytope_dup_reason (poly) : g_strdup ("not built");

          *why = g_strdup_printf ("face %d: its brush is invalid (%s), so its displacement has no side to stand on",
                                  face, reason);
        }
      return false;
    }
  g_return_val_if_fail (face >= 0 && face < poly->n_faces, false);
  n = qr_polytope_face_count (poly, face);
  if (n != 4)
    {
      if (why != NULL)
        *why = n == 0 ? g_strdup_printf ("face %d: a displacement needs a side with four corners; "
                                         "this one has none (another face hides its plane)", face)
                      : g_strdup_printf ("face %d: a displacement needs a side with four corners; "
                                         "this one has %d", face, n);
      return false;
    }
  index = qr_polytope_face_indices (poly, face);
  for (int i = 0; i < 4; i++)
    polygon[i] = poly->verts[index[i]];
  qr_disp_corners (polygon, 4, disp->start, corners);

  for (int r = 0; r < disp->side; r++)
    for (int c = 0; c < disp->side; c++)
      {
        int i = r * disp->side + c;
        QrVec3 p = qr_disp_flat_point (corners, disp->side, r, c);

        if (flat != NULL)
          flat[i] = p;
        p = qr_vec3_mad (p, disp->normals[i], disp->distances[i]);
        p = qr_vec3_mad (p, disp->offset_normals[i], disp->elevation);
        verts[i] = qr_vec3_add (p, disp->offsets[i]);
      }
  return true;
}

QrVec3
qr_disp_transformed_start (const QrDisp *disp, const QrBrush *brush, int face, const QrTransform *tr)
{
  QrVec3 start = disp->start;

  /* The corner, not the start position: a stretch could bring another
   * corner nearer to a start position that lies off the side. */
  if (qr_brush_is_valid (brush) && qr_polytope_face_count (brush->poly, face) == 4)
    {
      const uint16_t *index = qr_polytope_face_indices (brush->poly, face);
      QrVec3 polygon[4], corners[4];

      for (int i = 0; i < 4; i++)
        polygon[i] = brush->poly->verts[index[i]];
      qr_disp_corners (polygon, 4, disp->start, corners);
      start = corners[0];
    }
  return qr_vec3_snap (qr_transform_point (tr, start));
}

/* v turned by the linear part and brought back to its own length, and how
 * much the linear part stretched it. Stretches within 1e-12 of 1 count as
 * none, so rigid transforms keep the values they turn exactly (a move
 * rewrites no row, a quarter turn only permutes numbers). */
static QrVec3
turn (const QrTransform *tr, QrVec3 v, double *stretch)
{
  QrVec3 w = qr_transform_vector (tr, v);
  double before = qr_vec3_dot (v, v), s;

  *stretch = 1;
  if (!(before > 0))
    return w;
  s = sqrt (qr_vec3_dot (w, w) / before);
  if (fabs (s - 1) <= 1e-12 || !(s > 0))
    return w;
  *stretch = s;
  return qr_vec3_scale (w, 1 / s);
}

QrDisp *
qr_disp_transform (const QrDisp *disp, const QrTransform *tr, QrVec3 start)
{
  QrDisp *d = disp_alloc (disp->power);
  bool mirror = qr_transform_determinant (tr) < 0;
  int side = disp->side;

  d->start = start;
  d->elevation = disp->elevation;
  d->flags = disp->flags;
  for (int r = 0; r < side; r++)
    for (int c = 0; c < side; c++)
      {
        int from = r * side + c, to = mirror ? c * side + r : from;
        double stretch;

        d->normals[to] = turn (tr, disp->normals[from], &stretch);
        d->distances[to] = stretch != 1 ? disp->distances[from] * stretch : disp->distances[from];
        d->offsets[to] = qr_transform_vector (tr, disp->offsets[from]);
        d->offset_normals[to] = turn (tr, disp->offset_normals[from], &stretch);
        /* The elevation is one number for every vertex: what a stretch adds
         * to it here goes into the offset. */
        if (stretch != 1 && disp->elevation != 0)
          d->offsets[to] = qr_vec3_mad (d->offsets[to], d->offset_normals[to], disp->elevation * (stretch - 1));
        d->alphas[to] = disp->alphas[from];
      }
  return d;
}

void
qr_disp_extent (const QrDisp *disp, QrVec3 *min, QrVec3 *max)
{
  /* Written once through the const pointer: the cache is no part of the
   * displacement's value (qr_disp_equal and qr_disp_copy ignore it). */
  QrDisp *d = (QrDisp *) disp;

  if (!d->has_extent)
    {
      QrVec3 lo = qr_vec3 (0, 0, 0), hi = lo;

      for (int i = 0; i < d->side * d->side; i++)
        {
          QrVec3 v = qr_vec3_add (qr_vec3_add (qr_vec3_scale (d->normals[i], d->distances[i]),
                                               qr_vec3_scale (d->offset_normals[i], d->elevation)),
                                  d->offsets[i]);

          lo = qr_vec3 (MIN (lo.x, v.x), MIN (lo.y, v.y), MIN (lo.z, v.z));
          hi = qr_vec3 (MAX (hi.x, v.x), MAX (hi.y, v.y), MAX (hi.z, v.z));
        }
      d->extent_min = lo;
      d->extent_max = hi;
      d->has_extent = true;
    }
  *min = d->extent_min;
  *max = d->extent_max;
}

/* A side's grid as a fixed array: at most power 4, 17 × 17 points. */
#define GRID_MAX ((1 << QR_DISP_MAX_POWER) + 1) * ((1 << QR_DISP_MAX_POWER) + 1)

QrBounds
qr_disp_reach (const QrBrush *brush, const QrDisp *d)
{
  QrVec3 lo, hi;

  qr_disp_extent (d, &lo, &hi);
  return (QrBounds) { qr_vec3_add (brush->poly->bounds.min, lo), qr_vec3_add (brush->poly->bounds.max, hi) };
}

static bool
bounds_within (QrBounds inner, QrBounds outer)
{
  return inner.min.x >= outer.min.x && inner.min.y >= outer.min.y && inner.min.z >= outer.min.z
         && inner.max.x <= outer.max.x && inner.max.y <= outer.max.y && inner.max.z <= outer.max.z;
}

QrBounds
qr_brush_bounds (const QrBrush *brush)
{
  QrVec3 verts[GRID_MAX];
  QrBounds b;

  g_return_val_if_fail (brush != NULL, qr_bounds_empty ());
  if (!qr_brush_is_valid (brush))
    return qr_bounds_empty ();
  b = brush->poly->bounds;
  for (int f = 0; f < brush->n_faces; f++)
    {
      const QrDisp *d = qr_face_disp (&brush->faces[f]);

      /* A flat displacement, or one inside what is already in the box,
       * cannot grow it: no need to build its grid. */
      if (d == NULL || bounds_within (qr_disp_reach (brush, d), b) || !qr_disp_build (d, brush, f, verts, NULL, NULL))
        continue;
      for (int i = 0; i < d->side * d->side; i++)
        qr_bounds_add_point (&b, verts[i]);
    }
  return b;
}

bool
qr_brush_hit_disp (const QrBrush *brush, const QrRay *ray, double below, double *t, int *face, int *r, int *c)
{
  QrVec3 verts[GRID_MAX];
  QrVec3 pad = qr_vec3 (1e-6, 1e-6, 1e-6);
  bool found = false;

  g_return_val_if_fail (brush != NULL && ray != NULL && t != NULL, false);
  if (!qr_brush_is_valid (brush))
    return false;
  for (int f = 0; f < brush->n_faces; f++)
    {
      const QrDisp *d = qr_face_disp (&brush->faces[f]);
      QrBounds box;
      double hit, enter;
      int hr, hc;

      if (d == NULL)
        continue;
      box = qr_disp_reach (brush, d);
      box = (QrBounds) { qr_vec3_sub (box.min, pad), qr_vec3_add (box.max, pad) };
      if (!qr_ray_hit_box (ray, box, &enter) || enter >= below)
        continue;
      if (!qr_disp_build (d, brush, f, verts, NULL, NULL) || !qr_disp_hit (ray, verts, d->side, &hit, &hr, &hc)
          || hit >= below)
        continue;
      below = hit;
      found = true;
      *t = hit;
      if (face != NULL)
        *face = f;
      if (r != NULL)
        *r = hr;
      if (c != NULL)
        *c = hc;
    }
  return found;
}
