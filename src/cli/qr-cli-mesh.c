/* quarry-cli mesh: the face polygons of every brush with their texture
 * coordinates, and the tessellated triangles of every patch, as JSON. */
#include "qr-cli.h"
#include "qr-cli-json.h"
#include "qr-disp.h"
#include "qr-patch.h"

#include <stdio.h>

/* One [s, t] per vertex as the game's compiler makes them: texels for the
 * standard and Valve forms (Quake 3 maps with q3map2's base-axis rule),
 * texture-normalised units for brush primitives (src/geom/qr-texproj.h). */
static json_object *
uv_json (const QrFace *face, QrTexAxisRule rule, QrVec3 normal, const QrVec3 *verts,
         const uint16_t *idx, int n)
{
  g_autofree QrVec3 *points = g_new (QrVec3, n);
  g_autofree QrUV *uv = g_new (QrUV, n);
  json_object *a = json_object_new_array_ext (n);

  for (int k = 0; k < n; k++)
    points[k] = verts[idx[k]];
  qr_texproj_coords (face->form, rule, &face->tex, normal, points, n, uv);
  for (int k = 0; k < n; k++)
    {
      json_object *st = json_object_new_array_ext (2);

      json_object_array_add (st, qr_json_number (uv[k].u));
      json_object_array_add (st, qr_json_number (uv[k].v));
      json_object_array_add (a, st);
    }
  return a;
}

/* A displaced face's grid: (2^P + 1)² points in the dispinfo's own order
 * (row after row) and their alphas, or why it cannot be built. */
static void
add_disp_json (json_object *jf, const QrDisp *disp, const QrBrush *brush, int face)
{
  int n = disp->side * disp->side;
  g_autofree QrVec3 *verts = g_new (QrVec3, n);
  g_autofree char *why = NULL;
  json_object *o, *jv, *ja;

  if (!qr_disp_build (disp, brush, face, verts, NULL, &why))
    {
      json_object_object_add (jf, "displacement_error", json_object_new_string (why));
      return;
    }
  o = json_object_new_object ();
  jv = json_object_new_array_ext (n);
  ja = json_object_new_array_ext (n);
  for (int i = 0; i < n; i++)
    {
      json_object_array_add (jv, qr_json_vec3 (verts[i]));
      json_object_array_add (ja, qr_json_number (disp->alphas[i]));
    }
  json_object_object_add (o, "power", json_object_new_int64 (disp->power));
  json_object_object_add (o, "vertices", jv);
  json_object_object_add (o, "alphas", ja);
  json_object_object_add (jf, "displacement", o);
}

static json_object *
brush_json (const QrMap *map, QrTexAxisRule rule, const QrBrush *brush, guint index)
{
  json_object *o = json_object_new_object ();
  const QrPolytope *poly = brush->poly;

  json_object_object_add (o, "index", json_object_new_int64 (index));
  json_object_object_add (o, "valid", json_object_new_boolean (qr_brush_is_valid (brush)));
  if (!qr_brush_is_valid (brush))
    {
      g_autofree char *reason = qr_polytope_dup_reason (poly);
      json_object_object_add (o, "reason", json_object_new_string (reason));
      return o;
    }

  json_object *faces = json_object_new_array ();
  for (int f = 0; f < brush->n_faces; f++)
    {
      const QrFace *face = &brush->faces[f];
      const uint16_t *idx = qr_polytope_face_indices (poly, f);
      int n = qr_polytope_face_count (poly, f);
      json_object *jf, *plane, *verts;
      QrPlane pl;

      if (n == 0 || !qr_face_plane (face, &pl))
        continue;
      jf = json_object_new_object ();
      plane = json_object_new_array_ext (4);
      json_object_array_add (plane, qr_json_number (pl.normal.x));
      json_object_array_add (plane, qr_json_number (pl.normal.y));
      json_object_array_add (plane, qr_json_number (pl.normal.z));
      json_object_array_add (plane, qr_json_number (pl.dist));
      json_object_object_add (jf, "plane", plane);
      json_object_object_add (jf, "texture", json_object_new_string (qr_map_texture_name (map, face->texture)));
      verts = json_object_new_array_ext (n);
      for (int k = 0; k < n; k++)
        json_object_array_add (verts, qr_json_vec3 (poly->verts[idx[k]]));
      json_object_object_add (jf, "vertices", verts);
      json_object_object_add (jf, "uv", uv_json (face, rule, pl.normal, poly->verts, idx, n));
      if (qr_face_disp (face) != NULL)
        add_disp_json (jf, qr_face_disp (face), brush, f);
      json_object_array_add (faces, jf);
    }
  json_object_object_add (o, "faces", faces);
  return o;
}

/* The patch's tessellation (src/geom/qr-bezier.h) as the editor draws it:
 * the grid's points row after row, and two triangles per cell, indices
 * into them, anticlockwise seen from the side the grid normal points to. */
static json_object *
patch_json (const QrPatch *patch, guint index)
{
  json_object *o = json_object_new_object ();
  const QrBezierGrid *g = patch->mesh;
  json_object *verts = json_object_new_array_ext (g->rows * g->cols);
  json_object *tris = json_object_new_array_ext (2 * (g->rows - 1) * (g->cols - 1));

  json_object_object_add (o, "index", json_object_new_int64 (index));
  json_object_object_add (o, "texture", json_object_new_string (patch->texture));
  json_object_object_add (o, "rows", json_object_new_int64 (g->rows));
  json_object_object_add (o, "cols", json_object_new_int64 (g->cols));
  for (int i = 0; i < g->rows * g->cols; i++)
    json_object_array_add (verts, qr_json_vec3 (g->p[i]));
  for (int r = 0; r + 1 < g->rows; r++)
    for (int c = 0; c + 1 < g->cols; c++)
      {
        int a = r * g->cols + c, b = a + 1, d = a + g->cols, e = d + 1;
        int t[2][3] = { { a, b, d }, { b, e, d } };
        for (int k = 0; k < 2; k++)
          {
            json_object *jt = json_object_new_array_ext (3);
            for (int m = 0; m < 3; m++)
              json_object_array_add (jt, json_object_new_int64 (t[k][m]));
            json_object_array_add (tris, jt);
          }
      }
  json_object_object_add (o, "vertices", verts);
  json_object_object_add (o, "triangles", tris);
  return o;
}

int
qr_cli_mesh (int argc, char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON (the only output form)", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE --json — face polygons of every brush");
  g_autoptr (QrMap) map = NULL;
  json_object *root, *entities;
  QrTexAxisRule rule;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!qr_cli_parse_options (context, &argc, &argv))
    return QR_EXIT_USAGE;
  if (argc != 2 || !json)
    {
      fprintf (stderr, "quarry-cli mesh: expected FILE --json\n");
      return QR_EXIT_USAGE;
    }
  map = qr_cli_load (argv[1]);
  if (map == NULL)
    return QR_EXIT_BAD_INPUT;
  qr_map_build_geometry (map, 0);
  rule = qr_dialect_axis_rule (qr_map_detect_dialect (map));

  root = json_object_new_object ();
  entities = json_object_new_array ();
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      json_object *je = json_object_new_object ();
      json_object *brushes = json_object_new_array ();

      json_object_object_add (je, "classname", json_object_new_string (qr_entity_get_classname (entity)));
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        json_object_array_add (brushes, brush_json (map, rule, qr_entity_get_brush (entity, b), b));
      json_object_object_add (je, "brushes", brushes);
      /* Only entities with patches say so: brush maps read as before. */
      json_object *patches = NULL;
      guint n_patches = 0;
      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrPatch *patch = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch;
          if (patch == NULL)
            continue;
          if (patches == NULL)
            patches = json_object_new_array ();
          json_object_array_add (patches, patch_json (patch, n_patches++));
        }
      if (patches != NULL)
        json_object_object_add (je, "patches", patches);
      json_object_array_add (entities, je);
    }
  json_object_object_add (root, "entities", entities);
  qr_json_print (root);
  json_object_put (root);
  return QR_EXIT_OK;
}
