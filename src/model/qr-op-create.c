/* Creating primitives. */
#include "qr-op-private.h"

#include <glib/gi18n-lib.h>

static const char *
shape_description (QrPrimitiveShape shape)
{
  switch (shape)
    {
    case QR_PRIMITIVE_BLOCK: return _("Create Block");
    case QR_PRIMITIVE_WEDGE: return _("Create Wedge");
    case QR_PRIMITIVE_CYLINDER: return _("Create Cylinder");
    case QR_PRIMITIVE_CONE: return _("Create Cone");
    case QR_PRIMITIVE_SPHERE: return _("Create Sphere");
    case QR_PRIMITIVE_ARCH: return _("Create Arch");
    default: break;
    }
  g_return_val_if_reached (_("Create Brush"));
}

/* Source's default texture scale is a quarter unit per texel. */
void
qr_op_default_texture (const QrMap *map, QrDialect dialect, QrFace *face)
{
  QrTexAttr std = { .scale = { 1, 1 } };
  QrPlane plane;

  if (map->kind == QR_FILE_VMF)
    std.scale[0] = std.scale[1] = 0.25;
  if (dialect == QR_DIALECT_QUAKE || dialect == QR_DIALECT_QUAKE2 || dialect == QR_DIALECT_QUAKE3)
    {
      face->form = QR_TEX_STANDARD;
      face->tex = std;
      return;
    }
  face->form = QR_TEX_VALVE;
  qr_texproj_standard_to_valve (&std, qr_face_plane (face, &plane) ? plane.normal : qr_vec3 (0, 0, 1),
                                &face->tex);
}

gboolean
qr_op_create (QrDocument *doc, const QrPrimitiveSpec *spec, const char *texture, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GPtrArray) shapes = NULL;
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (QrSelection) after = NULL;
  QrDialect dialect;
  uint32_t tex;
  guint world;

  shapes = qr_primitive_build (spec, error);
  if (shapes == NULL)
    return FALSE;

  dialect = qr_map_detect_dialect (map);
  /* A map with no faces yet: a .map written by Quarry is Valve 220. */
  if (qr_map_count_faces (map) == 0 && map->kind == QR_FILE_MAP)
    dialect = QR_DIALECT_VALVE220;
  tex = qr_map_intern_texture (map, texture, -1);

  qr_document_edit_begin (doc);
  world = qr_op_brush_home (doc);
  for (guint i = 0; i < shapes->len; i++)
    {
      GArray *points = g_ptr_array_index (shapes, i);
      int n_faces = (int) (points->len / 3);
      QrBrush *brush = qr_brush_new (qr_map_take_brush_id (map), n_faces);
      QrEntity *w = qr_map_get_entity (map, world);

      for (int f = 0; f < n_faces; f++)
        {
          QrFace *face = &brush->faces[f];

          for (int p = 0; p < 3; p++)
            face->points[p] = g_array_index (points, QrVec3, 3 * f + p);
          face->id = qr_map_take_face_id (map);
          face->texture = tex;
          qr_op_default_texture (map, dialect, face);
        }
      if (!qr_op_build_checked (doc, brush, true, error))
        {
          qr_brush_free (brush);
          qr_document_edit_abort (doc);
          return FALSE;
        }
      g_array_append_val (ids, brush->id);
      qr_document_insert_brush (doc, world, qr_entity_brush_count (w), brush);
    }

  after = qr_op_selection_of ((QrId *) ids->data, ids->len);
  qr_op_commit (doc, shape_description (spec->shape), QR_MERGE_CREATE,
                (QrId *) ids->data, ids->len, after);
  return TRUE;
}
