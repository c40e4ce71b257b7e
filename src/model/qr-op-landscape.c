/* qr-op-landscape.c — landscape operations (issue 16). A landscape lives in
 * its entity's keys, so every edit of its grid swaps the entity's header
 * (qr_document_replace_header) and undo gives the keys back exactly; the
 * exports replace the entity by world brushes in one step. */
#include "qr-landscape-ops.h"
#include "qr-op-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>
#include "qr-disp.h"
#include "qr-entity.h"
#include "qr-primitive.h"

#define DEFAULT_RESOLUTION 4
#define MAX_RESOLUTION 16
/* Hammer's largest displacement side, and the power the exports use. */
#define MAX_TILE 1024.0
#define TILE_POWER 3
/* Below the lowest point of the surface, the depth of a displacement's box. */
#define TILE_DEPTH 16.0
#define NODRAW "tools/toolsnodraw"
/* What one export may make: a 129 × 129 grid a tile or two prisms a cell. */
#define MAX_PIECES 16384

/* The landscape entity `id`: its position and what it holds. */
static QrLandscape *
locate (QrDocument *doc, QrId id, guint *where, GError **error)
{
  QrMap *map = qr_document_get_map (doc);

  if (!qr_map_find_entity (map, id, where))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("There is no entity %u"), id);
      return NULL;
    }
  return qr_landscape_from_entity (qr_map_get_entity (map, *where), error);
}

/* Writes the landscape's keys into the header where they were (others stay
 * in place), dropping rows it no longer has. */
static void
store_keys (QrEntity *header, const QrLandscape *land)
{
  g_auto (GStrv) keys = qr_landscape_to_keys (land);

  for (guint i = 0; keys[i] != NULL; i += 2)
    qr_entity_set_key (header, keys[i], keys[i + 1]);
  for (guint i = header->keys->len; i-- > 0;)
    {
      const char *key = g_array_index (header->keys, QrKeyValue, i).key;
      const char *digits = key + 3;
      char *end;
      gint64 r;

      if (strncmp (key, "row", 3) != 0 || !g_ascii_isdigit (*digits))
        continue;
      r = g_ascii_strtoll (digits, &end, 10);
      if (*end == '\0' && r >= land->rows)
        g_array_remove_index (header->keys, i);
    }
}

/* One step swapping in the landscape's keys; the entity stays selected. */
static void
commit (QrDocument *doc, guint where, const QrLandscape *land, const char *description, guint stroke)
{
  QrEntity *entity = qr_map_get_entity (qr_document_get_map (doc), where);
  QrEntity *header = qr_entity_copy_header (entity);
  QrId id = entity->id;
  g_autoptr (QrSelection) after = qr_op_selection_of_objects (&(QrObjects) { NULL, 0, &id, 1 });

  store_keys (header, land);
  qr_document_edit_begin (doc);
  qr_document_replace_header (doc, where, header);
  if (stroke != 0)
    qr_op_commit (doc, description, QR_MERGE_STROKE, &stroke, 1, after);
  else
    qr_op_commit (doc, description, QR_MERGE_NONE, NULL, 0, after);
}

gboolean
qr_op_landscape_create (QrDocument *doc, QrVec3 min, double sx, double sy, int cols, int rows,
                        const char *texture, QrId *made, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (QrEntity) entity = NULL;
  g_autoptr (QrSelection) after = qr_selection_new ();
  QrLandscape land = { 0 };
  g_auto (GStrv) keys = NULL;

  if (!isfinite (min.x) || !isfinite (min.y) || !isfinite (min.z) || !(sx > 0) || !(sy > 0) || !isfinite (sx)
      || !isfinite (sy))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A landscape needs a rectangle of some size"));
      return FALSE;
    }
  if (cols < QR_LANDSCAPE_MIN_GRID || rows < QR_LANDSCAPE_MIN_GRID || cols > QR_LANDSCAPE_MAX_GRID
      || rows > QR_LANDSCAPE_MAX_GRID)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("A landscape's grid has from %d to %d points a side"), QR_LANDSCAPE_MIN_GRID,
                   QR_LANDSCAPE_MAX_GRID);
      return FALSE;
    }
  if (texture == NULL || texture[0] == '\0')
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A landscape needs a texture"));
      return FALSE;
    }

  land.origin = qr_vec3_snap (min);
  land.size[0] = sx;
  land.size[1] = sy;
  land.cols = cols;
  land.rows = rows;
  land.resolution = DEFAULT_RESOLUTION;
  land.texture = (char *) texture;
  land.heights = g_new0 (double, (gsize) rows * cols);
  keys = qr_landscape_to_keys (&land);
  g_free (land.heights);

  entity = qr_entity_new (qr_map_take_entity_id (map));
  for (guint i = 0; keys[i] != NULL; i += 2)
    qr_entity_add_key (entity, keys[i], keys[i + 1]);
  if (map->kind == QR_FILE_MAP)
    qr_op_tag_layer (entity, qr_document_get_current_layer (doc));
  if (made != NULL)
    *made = entity->id;
  qr_selection_add_entity (after, entity->id);
  qr_document_edit_begin (doc);
  qr_document_insert_entity (doc, qr_map_entity_count (map), g_steal_pointer (&entity));
  qr_op_commit (doc, _("Create Landscape"), QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

/* 1 at the point, 0 at the radius, with no slope at either end. */
static double
falloff_weight (double d, double radius)
{
  double t;

  if (d >= radius)
    return 0;
  t = d / radius;
  return (1 - t * t) * (1 - t * t);
}

gboolean
qr_op_landscape_move_point (QrDocument *doc, QrId entity, int r, int c, double dz, double falloff,
                            guint stroke, GError **error)
{
  g_autoptr (QrLandscape) land = NULL;
  guint where;
  QrVec3 at;

  if (!(land = locate (doc, entity, &where, error)))
    return FALSE;
  if (r < 0 || r >= land->rows || c < 0 || c >= land->cols)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND,
                   _("The landscape has no control point at row %d, column %d"), r, c);
      return FALSE;
    }
  if (!isfinite (dz) || !isfinite (falloff) || falloff < 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The move or its falloff is not a number"));
      return FALSE;
    }
  at = qr_landscape_control_point (land, r, c);
  for (int y = 0; y < land->rows; y++)
    for (int x = 0; x < land->cols; x++)
      {
        QrVec3 p = qr_landscape_control_point (land, y, x);
        double w = y == r && x == c ? 1 : falloff_weight (hypot (p.x - at.x, p.y - at.y), falloff);

        land->heights[(gsize) y * land->cols + x] += dz * w;
      }
  commit (doc, where, land, _("Shape Landscape"), stroke);
  return TRUE;
}

gboolean
qr_op_landscape_set_heights (QrDocument *doc, QrId entity, const double *heights, guint n, GError **error)
{
  g_autoptr (QrLandscape) land = NULL;
  guint where;

  if (!(land = locate (doc, entity, &where, error)))
    return FALSE;
  if (n != (guint) land->rows * (guint) land->cols)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The landscape has %d × %d control points, not %u"),
                   land->cols, land->rows, n);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    if (!isfinite (heights[i]))
      {
        g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A height is not a number"));
        return FALSE;
      }
  memcpy (land->heights, heights, sizeof (double) * n);
  commit (doc, where, land, _("Shape Landscape"), 0);
  return TRUE;
}

gboolean
qr_op_landscape_regrid (QrDocument *doc, QrId entity, int direction, GError **error)
{
  g_autoptr (QrLandscape) land = NULL;
  g_autoptr (QrLandscape) changed = NULL;
  guint where;

  if (direction != 1 && direction != -1)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A grid is made finer (+1) or coarser (−1)"));
      return FALSE;
    }
  if (!(land = locate (doc, entity, &where, error)))
    return FALSE;
  changed = direction > 0 ? qr_landscape_refine (land, error) : qr_landscape_coarsen (land, error);
  if (changed == NULL)
    return FALSE;
  commit (doc, where, changed, direction > 0 ? _("Refine Landscape Grid") : _("Coarsen Landscape Grid"), 0);
  return TRUE;
}

gboolean
qr_op_landscape_set_resolution (QrDocument *doc, QrId entity, int resolution, GError **error)
{
  g_autoptr (QrLandscape) land = NULL;
  guint where;

  if (resolution < 1 || resolution > MAX_RESOLUTION)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A landscape's resolution is from 1 to %d"),
                   MAX_RESOLUTION);
      return FALSE;
    }
  if (!(land = locate (doc, entity, &where, error)))
    return FALSE;
  if (land->resolution == resolution)
    return TRUE;
  land->resolution = resolution;
  commit (doc, where, land, _("Landscape Resolution"), 0);
  return TRUE;
}

/* The faces of the box, as qr_op_create makes a block's; the textures are
 * given afterwards. */
static QrBrush *
new_brush (QrMap *map, const GArray *points)
{
  int n_faces = (int) (points->len / 3);
  QrBrush *brush = qr_brush_new (qr_map_take_brush_id (map), n_faces);

  for (int f = 0; f < n_faces; f++)
    {
      for (int p = 0; p < 3; p++)
        brush->faces[f].points[p] = g_array_index (points, QrVec3, 3 * f + p);
      brush->faces[f].id = qr_map_take_face_id (map);
    }
  return brush;
}

/* The face's texture and world-aligned axes in the map's form (as
 * qr_op_create gives them). */
static void
texture_face (QrMap *map, QrDialect dialect, QrFace *face, const char *texture)
{
  face->texture = qr_map_intern_texture (map, texture, -1);
  qr_op_default_texture (map, dialect, face);
}

/* Puts the new world brushes in place of the landscape entity, as one
 * step that selects them. */
static gboolean
replace_landscape (QrDocument *doc, QrId entity, GPtrArray *brushes, const char *description, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (QrSelection) after = NULL;
  guint world, where;

  for (guint i = 0; i < brushes->len; i++)
    {
      QrBrush *brush = g_ptr_array_index (brushes, i);

      if (brush->poly == NULL && !qr_op_build_checked (doc, brush, true, error))
        return FALSE;
    }
  qr_document_edit_begin (doc);
  world = qr_op_world (doc);
  /* The brushes stay in the landscape's TrenchBroom layer. */
  if (qr_map_find_entity (map, entity, &where))
    {
      g_autofree gint64 *of = qr_map_dup_entity_layers (map);
      QrLayer layer;

      if (of[where] != 0 && qr_map_get_layer (map, of[where], &layer))
        qr_map_find_entity (map, layer.entity, &world);
    }
  for (guint i = 0; i < brushes->len; i++)
    {
      QrBrush *brush = g_steal_pointer (&g_ptr_array_index (brushes, i));

      g_array_append_val (ids, brush->id);
      qr_document_insert_brush (doc, world, qr_entity_brush_count (qr_map_get_entity (map, world)), brush);
    }
  /* Found after the world was made, which may have moved it. */
  if (!qr_map_find_entity (map, entity, &where))
    g_assert_not_reached ();
  qr_document_remove_entity (doc, where);
  after = qr_op_selection_of ((QrId *) ids->data, ids->len);
  qr_op_commit (doc, description, QR_MERGE_NONE, NULL, 0, after);
  return TRUE;
}

/* Tiles along one side of `cells` control cells of `cell` units: each a
 * whole number of cells (a divisor of `cells`, so all alike) no wider than
 * Hammer's 1024 units and no more than `most` cells, so the tile's 8 steps
 * sample each cell at least as finely as the landscape is drawn; a cell
 * wider than 1024 units is cut into equal tiles instead. */
static int
tiles_along (int cells, double cell, int most)
{
  if (cell > MAX_TILE)
    return cells * (int) ceil (cell / MAX_TILE);
  for (int k = MIN (cells, MAX (most, 1)); k > 1; k--)
    if (cells % k == 0 && k * cell <= MAX_TILE)
      return cells / k;
  return cells;
}

/* The brush's face whose plane faces up. */
static int
top_face (const QrBrush *brush)
{
  for (int f = 0; f < brush->n_faces; f++)
    {
      QrPlane plane;

      if (qr_face_plane (&brush->faces[f], &plane) && plane.normal.z > 0.5)
        return f;
    }
  g_return_val_if_reached (-1);
}

/* Gives the built box's top face a power-3 displacement whose vertices
 * take their heights from the landscape's samples z (w wide), by where
 * they fall on the sample grid: tiles sharing an edge read the same
 * samples there. */
static gboolean
displace_top (QrBrush *brush, int face, const QrLandscape *land, const double *z, int h, int w, GError **error)
{
  int side = qr_disp_side (TILE_POWER), n = qr_polytope_face_count (brush->poly, face);
  const uint16_t *index = qr_polytope_face_indices (brush->poly, face);
  QrVec3 polygon[4], corners[4], start;
  g_autoptr (QrDisp) disp = NULL;
  QrFaceExtra *extra;
  QrNode *node;

  if (n != 4)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A displacement tile is not a box"));
      return FALSE;
    }
  for (int i = 0; i < 4; i++)
    polygon[i] = brush->poly->verts[index[i]];
  /* Hammer starts a new displacement at the corner of least x, then y. */
  start = polygon[0];
  for (int i = 1; i < 4; i++)
    if (polygon[i].x < start.x || (polygon[i].x == start.x && polygon[i].y < start.y))
      start = polygon[i];
  disp = qr_disp_new_flat (TILE_POWER, start, qr_vec3 (0, 0, 1));
  if (!qr_disp_corners (polygon, 4, start, corners))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A displacement tile has no corners"));
      return FALSE;
    }
  for (int r = 0; r < side; r++)
    for (int c = 0; c < side; c++)
      {
        QrVec3 p = qr_disp_flat_point (corners, side, r, c);
        long i = lround ((p.x - land->origin.x) / land->size[0] * (w - 1));
        long j = lround ((p.y - land->origin.y) / land->size[1] * (h - 1));

        g_assert (i >= 0 && i < w && j >= 0 && j < h);
        disp->distances[r * side + c] = land->origin.z + z[j * w + i] - p.z;
      }
  extra = qr_face_ensure_extra (&brush->faces[face]);
  if (extra->vmf == NULL)
    extra->vmf = qr_node_new ("side");
  node = qr_disp_to_node (disp);
  qr_node_add_child (qr_node_writable (&extra->vmf), node->name, node);
  extra->disp = g_steal_pointer (&disp);
  return TRUE;
}

gboolean
qr_op_landscape_to_displacements (QrDocument *doc, QrId entity, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (QrLandscape) land = NULL;
  g_autoptr (QrBsplineSurface) surface = NULL;
  g_autoptr (GPtrArray) brushes = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_brush_free);
  g_autofree double *z = NULL;
  int tx, ty, h, w, steps = qr_disp_side (TILE_POWER) - 1, most;
  double lowest = INFINITY, top, bottom;
  guint where;

  if (!(land = locate (doc, entity, &where, error)))
    return FALSE;
  if (map->kind != QR_FILE_VMF)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("A .map has no displacements: save the map as .vmf first"));
      return FALSE;
    }
  most = MAX (1, steps / land->resolution);
  tx = tiles_along (land->cols - 1, land->size[0] / (land->cols - 1), most);
  ty = tiles_along (land->rows - 1, land->size[1] / (land->rows - 1), most);
  if ((double) tx * ty > MAX_PIECES)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("The landscape would make %d × %d displacements, more than %d"), tx, ty, MAX_PIECES);
      return FALSE;
    }
  w = tx * steps + 1;
  h = ty * steps + 1;
  surface = qr_landscape_surface_new (land);
  z = g_new (double, (gsize) h * w);
  qr_bspline_surface_sample (surface, h, w, z);
  for (gsize i = 0; i < (gsize) h * w; i++)
    lowest = MIN (lowest, land->origin.z + z[i]);
  top = floor (lowest);
  bottom = top - TILE_DEPTH;

  for (int j = 0; j < ty; j++)
    for (int i = 0; i < tx; i++)
      {
        QrPrimitiveSpec spec;
        QrBounds box = { { qr_landscape_axis (land->origin.x, land->size[0], i * steps, w),
                           qr_landscape_axis (land->origin.y, land->size[1], j * steps, h), bottom },
                         { qr_landscape_axis (land->origin.x, land->size[0], (i + 1) * steps, w),
                           qr_landscape_axis (land->origin.y, land->size[1], (j + 1) * steps, h), top } };
        g_autoptr (GPtrArray) shapes = NULL;
        QrBrush *brush;
        int face;

        qr_primitive_spec_init (&spec, QR_PRIMITIVE_BLOCK, box);
        if (!(shapes = qr_primitive_build (&spec, error)))
          return FALSE;
        brush = new_brush (map, g_ptr_array_index (shapes, 0));
        g_ptr_array_add (brushes, brush);
        face = top_face (brush);
        for (int f = 0; f < brush->n_faces; f++)
          texture_face (map, QR_DIALECT_VALVE220, &brush->faces[f], f == face ? land->texture : NODRAW);
        if (!qr_op_build_checked (doc, brush, true, error) || !displace_top (brush, face, land, z, h, w, error))
          return FALSE;
      }
  return replace_landscape (doc, entity, brushes, _("Landscape to Displacements"), error);
}

/* The prism under the triangle a, b, c (anticlockwise seen from above)
 * down to `bottom`: the top through the three points, a vertical side on
 * each edge, and the bottom; each face's points give an outward normal
 * (p0 − p1) × (p2 − p1). */
static GArray *
prism (QrVec3 a, QrVec3 b, QrVec3 c, double bottom)
{
  GArray *points = g_array_sized_new (FALSE, FALSE, sizeof (QrVec3), 15);
  QrVec3 corner[3] = { a, b, c };
  QrVec3 top[3] = { b, a, c };
  QrVec3 under[3] = { qr_vec3 (c.x, c.y, bottom), qr_vec3 (a.x, a.y, bottom), qr_vec3 (b.x, b.y, bottom) };

  g_array_append_vals (points, top, 3);
  for (int e = 0; e < 3; e++)
    {
      QrVec3 p = corner[e], q = corner[(e + 1) % 3];
      QrVec3 side[3] = { qr_vec3 (q.x, q.y, bottom), qr_vec3 (p.x, p.y, bottom), qr_vec3 (p.x, p.y, bottom + 1) };

      g_array_append_vals (points, side, 3);
    }
  g_array_append_vals (points, under, 3);
  return points;
}

gboolean
qr_op_landscape_to_brushes (QrDocument *doc, QrId entity, double step, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (QrLandscape) land = NULL;
  g_autoptr (GPtrArray) brushes = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_brush_free);
  g_autofree QrVec3 *p = NULL;
  QrDialect dialect = qr_map_detect_dialect (map);
  const char *sides;
  double lowest = INFINITY, bottom;
  int nx, ny, h, w;
  guint where;

  if (!(land = locate (doc, entity, &where, error)))
    return FALSE;
  if (!isfinite (step) || step <= 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The step must be above 0"));
      return FALSE;
    }
  nx = MAX (1, (int) ceil (land->size[0] / step - 1e-9));
  ny = MAX (1, (int) ceil (land->size[1] / step - 1e-9));
  if ((double) nx * ny > MAX_PIECES)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("A step of %g would make %d × %d cells: take a larger one"), step, nx, ny);
      return FALSE;
    }
  if (qr_map_count_faces (map) == 0 && map->kind == QR_FILE_MAP)
    dialect = QR_DIALECT_VALVE220;
  /* Source compiles unseen faces away only when they say so. */
  sides = map->kind == QR_FILE_VMF ? NODRAW : land->texture;
  h = ny + 1;
  w = nx + 1;
  p = qr_landscape_sample (land, &h, &w);
  for (int i = 0; i < h * w; i++)
    lowest = MIN (lowest, p[i].z);
  bottom = floor (lowest - step);

  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++)
      {
        QrVec3 p00 = p[y * w + x], p10 = p[y * w + x + 1], p01 = p[(y + 1) * w + x], p11 = p[(y + 1) * w + x + 1];
        for (int k = 0; k < 2; k++)
          {
            g_autoptr (GArray) points = k == 0 ? prism (p00, p10, p11, bottom) : prism (p00, p11, p01, bottom);
            QrBrush *brush = new_brush (map, points);

            for (int f = 0; f < brush->n_faces; f++)
              texture_face (map, dialect, &brush->faces[f], f == 0 ? land->texture : sides);
            g_ptr_array_add (brushes, brush);
          }
      }
  return replace_landscape (doc, entity, brushes, _("Landscape to Brushes"), error);
}
