#include "qr-export-build.h"
#include "qr-disp.h"
#include "qr-dispgrid.h"
#include "qr-face-union.h"
#include "qr-layer.h"
#include "qr-node.h"
#include "qr-patch.h"

#include <math.h>
#include <string.h>

QrExportTextureKind
qr_export_texture_kind (const char *name)
{
  /* Quake, Half-Life, Quake 2/3 (common/…) and Source (tools/tools…) names. */
  static const char *const nonsolid[] = {
    "clip", "playerclip", "monsterclip", "botclip", "npcclip", "weapclip", "trigger", "aaatrigger",
    "origin", "hint", "hintskip", "areaportal", "clusterportal", "donotenter", "fullclip",
    "toolsclip", "toolsplayerclip", "toolsnpcclip", "toolstrigger", "toolsorigin", "toolshint",
    "toolsareaportal", "toolsinvisible", "toolsblocklight", "toolsblockbullets", "toolsfog",
    "toolsoccluder", "toolsdotted", "invisible",
  };
  static const char *const hidden[] = {
    "skip", "caulk", "nodraw", "null", "toolsnodraw", "toolsskip", "nodrawnonsolid",
  };
  const char *base = strrchr (name, '/');

  base = base != NULL ? base + 1 : name;
  if (base[0] == '*' || base[0] == '!')
    return QR_EXPORT_TEXTURE_LIQUID;
  for (gsize i = 0; i < G_N_ELEMENTS (nonsolid); i++)
    if (g_ascii_strcasecmp (base, nonsolid[i]) == 0)
      return QR_EXPORT_TEXTURE_NONSOLID;
  for (gsize i = 0; i < G_N_ELEMENTS (hidden); i++)
    if (g_ascii_strcasecmp (base, hidden[i]) == 0)
      return QR_EXPORT_TEXTURE_HIDDEN;
  return QR_EXPORT_TEXTURE_VISIBLE;
}

/* Brush entities whose brushes the compilers put into the world. */
static bool
joins_world (const char *classname)
{
  return strcmp (classname, "func_group") == 0 || g_str_has_prefix (classname, "func_detail");
}

/* Brushes nobody sees: trigger volumes. */
static bool
left_out (const char *classname)
{
  return g_str_has_prefix (classname, "trigger_");
}

typedef struct
{
  const QrBrush *brush;
  const QrPolytope *poly; /* the brush's, or own_poly (qr_export_scene_from_map) */
  QrPolytope *own_poly;   /* built here; NULL when the brush's is used */
  QrPlane *planes;
  bool *emit;
  int *merge;
} Source;

typedef struct
{
  const QrMap *map;
  const QrExportOptions *options;
  QrExportScene *scene;
  QrTexAxisRule rule;
  signed char *kind_of;    /* per map texture index: QrExportTextureKind, −1: not yet asked */
  int *material_of;        /* per map texture index: its material, −1: not yet asked */
  GHashTable *merge_ids;   /* texture + projection → class */
  QrPolyBuilder *poly_builder;
  GArray *points;          /* QrVec3 scratch: a brush's plane points */
  GPtrArray *displaced;    /* brushes of the object at hand with a displacement */
  GPtrArray *prim_of;      /* per material: the object at hand's primitive, or NULL */
  guint skipped;
} Builder;

static QrVec3
to_output (const Builder *b, QrVec3 p)
{
  double s = b->scene->scale;

  if (b->scene->up == QR_EXPORT_UP_Y)
    return qr_vec3 (s * p.x + 0.0, s * p.z + 0.0, -s * p.y + 0.0);
  return qr_vec3 (s * p.x + 0.0, s * p.y + 0.0, s * p.z + 0.0);
}

/* A direction turned to the output's axes and made unit length; false
 * (out untouched) for a zero one. */
static bool
unit_output (const Builder *b, QrVec3 v, double out[3])
{
  QrVec3 o = to_output (b, v);
  double len = qr_vec3_length (o);

  if (len == 0)
    return false;
  out[0] = o.x / len, out[1] = o.y / len, out[2] = o.z / len;
  return true;
}

/* The material of a texture: looked up and decoded the first time only
 * (a map's patches name their textures again and again). */
static guint
material_named (Builder *b, const char *name)
{
  int width = QR_EXPORT_FALLBACK_TEXTURE_SIZE, height = QR_EXPORT_FALLBACK_TEXTURE_SIZE;
  QrImage *image = NULL;
  guint index;

  if (qr_export_scene_find_material (b->scene, name, &index))
    return index;
  if (b->options->finder != NULL)
    {
      int w = 0, h = 0;

      if (qr_texture_finder_locate (b->options->finder, name, &w, &h) >= 0 && w > 0 && h > 0)
        {
          width = w, height = h;
          if (b->options->images)
            image = qr_texture_finder_decode (b->options->finder, name, 0, NULL);
        }
    }
  return qr_export_scene_material (b->scene, name, width, height, image);
}

static guint
material_for (Builder *b, uint32_t texture)
{
  if (b->material_of[texture] < 0)
    b->material_of[texture] = (int) material_named (b, qr_map_texture_name (b->map, texture));
  return (guint) b->material_of[texture];
}

/* Faces whose texture coordinates agree wherever they meet: the same
 * texture, form and attributes (and the plane, which the union checks). */
static int
merge_class (Builder *b, const QrFace *face)
{
  char key[sizeof (uint32_t) + 1 + sizeof (QrTexAttr)];
  gpointer id;

  memcpy (key, &face->texture, sizeof (uint32_t));
  key[sizeof (uint32_t)] = (char) face->form;
  memcpy (key + sizeof (uint32_t) + 1, &face->tex, sizeof (QrTexAttr));
  id = g_hash_table_lookup (b->merge_ids, key);
  if (id == NULL)
    {
      id = GINT_TO_POINTER (g_hash_table_size (b->merge_ids) + 1);
      g_hash_table_insert (b->merge_ids, g_memdup2 (key, sizeof key), id);
    }
  return GPOINTER_TO_INT (id);
}

static guint
hash_key (gconstpointer p)
{
  const unsigned char *k = p;
  const gsize n = sizeof (uint32_t) + 1 + sizeof (QrTexAttr);
  guint64 h = 1469598103934665603u;
  gsize i = 0;

  /* Eight bytes at a time: a face's attributes are a dozen doubles. */
  for (; i + 8 <= n; i += 8)
    {
      guint64 w;

      memcpy (&w, k + i, 8);
      h = (h ^ w) * 1099511628211u;
      h ^= h >> 32;
    }
  for (; i < n; i++)
    h = (h ^ k[i]) * 1099511628211u;
  return (guint) (h ^ (h >> 29));
}

static gboolean
equal_key (gconstpointer a, gconstpointer b)
{
  return memcmp (a, b, sizeof (uint32_t) + 1 + sizeof (QrTexAttr)) == 0;
}

static QrExportTextureKind
kind_of (Builder *b, uint32_t texture)
{
  if (b->kind_of[texture] < 0)
    b->kind_of[texture] = (signed char) qr_export_texture_kind (qr_map_texture_name (b->map, texture));
  return (QrExportTextureKind) b->kind_of[texture];
}

/* Adds a brush of the object, unless it is not valid or made of tool
 * textures nobody sees. */
static void
add_source (Builder *b, GArray *sources, GArray *union_in, const QrBrush *brush)
{
  Source s = { brush, NULL, NULL, NULL, NULL, NULL };
  QrUnionBrush u = { 0 };
  bool liquid = false;

  for (int f = 0; f < brush->n_faces; f++)
    {
      QrExportTextureKind kind = kind_of (b, brush->faces[f].texture);

      if (kind == QR_EXPORT_TEXTURE_NONSOLID)
        return;
      liquid |= kind == QR_EXPORT_TEXTURE_LIQUID;
    }
  /* A brush with a displaced side is its displacements alone: the
   * compiler drops the brush and keeps the surfaces (emit_displacements). */
  for (int f = 0; f < brush->n_faces; f++)
    if (qr_face_disp (&brush->faces[f]) != NULL)
      {
        g_ptr_array_add (b->displaced, (gpointer) brush);
        return;
      }
  if (b->options->map_polytopes && brush->poly != NULL)
    s.poly = brush->poly;
  else
    {
      g_array_set_size (b->points, 3 * (guint) brush->n_faces);
      s.poly = s.own_poly = qr_polytope_build (b->poly_builder,
                                               qr_brush_gather_points (brush, (QrVec3 *) b->points->data),
                                               brush->n_faces);
    }
  if (s.poly->status != QR_POLY_OK)
    {
      qr_polytope_free (s.own_poly);
      b->skipped++;
      return;
    }
  s.planes = g_new (QrPlane, brush->n_faces);
  s.emit = g_new (bool, brush->n_faces);
  s.merge = g_new (int, brush->n_faces);
  for (int f = 0; f < brush->n_faces; f++)
    {
      const QrFace *face = &brush->faces[f];

      if (!qr_face_plane (face, &s.planes[f]))
        s.planes[f] = (QrPlane) { { 0, 0, 1 }, 0 }; /* cannot happen: the brush is valid */
      s.emit[f] = kind_of (b, face->texture) != QR_EXPORT_TEXTURE_HIDDEN;
      s.merge[f] = merge_class (b, face);
    }
  u.poly = s.poly;
  u.planes = s.planes;
  u.emit = s.emit;
  u.merge = s.merge;
  u.layer = liquid ? 1 : 0;
  g_array_append_val (sources, s);
  g_array_append_val (union_in, u);
}

/* The object's primitive for a material, remembered per material for the
 * object at hand (build_object clears the table). */
static QrExportPrimitive *
primitive_for (Builder *b, QrExportObject *object, guint material)
{
  if (material >= b->prim_of->len)
    g_ptr_array_set_size (b->prim_of, (gint) material + 1);
  if (g_ptr_array_index (b->prim_of, material) == NULL)
    g_ptr_array_index (b->prim_of, material) = qr_export_object_primitive (object, material);
  return g_ptr_array_index (b->prim_of, material);
}

static void
emit_piece (Builder *b, QrExportObject *object, const Source *s, int face, const QrVec3 *p, int n)
{
  const QrFace *f = &s->brush->faces[face];
  QrVec3 normal = s->planes[face].normal;
  guint material = material_for (b, f->texture);
  const QrExportMaterial *m = g_ptr_array_index (b->scene->materials, material);
  QrExportPrimitive *prim = primitive_for (b, object, material);
  /* Pieces have a handful of corners: the heap only for long ones. */
  QrUV uv_stack[64];
  int tri_stack[3 * 64];
  g_autofree QrUV *uv_heap = n > 64 ? g_new (QrUV, n) : NULL;
  g_autofree int *tri_heap = n > 66 ? g_new (int, 3 * (gsize) (n - 2)) : NULL;
  QrUV *uv = uv_heap != NULL ? uv_heap : uv_stack;
  int *tri = tri_heap != NULL ? tri_heap : tri_stack;
  double nn[3];
  /* Brush primitives' coordinates are already in texture units. */
  const double su = f->form == QR_TEX_BRUSHPRIM ? 1 : m->width, sv = f->form == QR_TEX_BRUSHPRIM ? 1 : m->height;
  guint32 base = qr_export_primitive_n_vertices (prim);
  int t;

  unit_output (b, normal, nn);
  qr_texproj_coords (f->form, b->rule, &f->tex, normal, p, n, uv);
  /* Written in place: a map's export appends a few hundred thousand. */
  g_array_set_size (prim->positions, prim->positions->len + 3 * (guint) n);
  g_array_set_size (prim->normals, prim->normals->len + 3 * (guint) n);
  g_array_set_size (prim->uvs, prim->uvs->len + 2 * (guint) n);
  {
    double *pos = &g_array_index (prim->positions, double, 3 * base);
    double *nor = &g_array_index (prim->normals, double, 3 * base);
    double *st = &g_array_index (prim->uvs, double, 2 * base);

    for (int k = 0; k < n; k++)
      {
        QrVec3 q = to_output (b, p[k]);

        pos[3 * k] = q.x, pos[3 * k + 1] = q.y, pos[3 * k + 2] = q.z;
        nor[3 * k] = nn[0], nor[3 * k + 1] = nn[1], nor[3 * k + 2] = nn[2];
        st[2 * k] = uv[k].u / su, st[2 * k + 1] = uv[k].v / sv;
      }
  }
  t = qr_polygon_triangulate (p, n, normal, tri);
  if (t > 0)
    {
      guint at = prim->indices->len;
      guint32 *idx;

      g_array_set_size (prim->indices, at + 3 * (guint) t);
      idx = &g_array_index (prim->indices, guint32, at);
      for (int k = 0; k < 3 * t; k++)
        idx[k] = base + (guint32) tri[k];
    }
  b->scene->triangles_after += (guint64) t;
}

/* A Quake 3 patch as the game draws it: its surface tessellated as the
 * editor does (qr-bezier.h), texture coordinates tessellated alike from
 * the control points' (already in texture units), smooth normals. Patches
 * neither hide nor are hidden: the compilers leave them out of the CSG. */
static void
emit_patch (Builder *b, QrExportObject *object, const QrPatch *patch)
{
  const int rows = patch->rows, cols = patch->cols, n = rows * cols;
  g_autofree QrVec3 *pos = g_new (QrVec3, n);
  g_autofree QrVec3 *st = g_new (QrVec3, n);
  g_autofree QrBezierGrid *gp = NULL;
  g_autofree QrBezierGrid *gt = NULL;
  QrExportPrimitive *prim;
  guint32 base;
  int rl, cl;

  if (!qr_bezier_size_ok (rows, cols))
    return;
  for (int i = 0; i < n; i++)
    {
      pos[i] = patch->points[i].pos;
      st[i] = qr_vec3 (patch->points[i].st[0], patch->points[i].st[1], 0);
    }
  rl = qr_bezier_level (pos, rows, cols, 0, QR_BEZIER_SUBDIVIDE_ERROR);
  cl = qr_bezier_level (pos, rows, cols, 1, QR_BEZIER_SUBDIVIDE_ERROR);
  gp = qr_bezier_tessellate_levels (pos, rows, cols, rl, cl);
  gt = qr_bezier_tessellate_levels (st, rows, cols, rl, cl);
  prim = primitive_for (b, object, material_named (b, patch->texture));
  base = qr_export_primitive_n_vertices (prim);
  for (int r = 0; r < gp->rows; r++)
    for (int c = 0; c < gp->cols; c++)
      {
        QrVec3 q = to_output (b, qr_bezier_grid_at (gp, r, c));
        QrVec3 t = qr_bezier_grid_at (gt, r, c);
        const double xyz[3] = { q.x, q.y, q.z }, uv[2] = { t.x, t.y };
        double nn[3] = { 0, 0, 1 };

        unit_output (b, qr_bezier_grid_normal (gp, r, c), nn);
        qr_export_primitive_add_vertex (prim, xyz, nn, uv);
      }
  for (int r = 0; r + 1 < gp->rows; r++)
    for (int c = 0; c + 1 < gp->cols; c++)
      {
        guint32 a = base + (guint32) (r * gp->cols + c), bb = a + 1, d = a + (guint32) gp->cols, e = d + 1;

        /* Two triangles a cell, anticlockwise seen from the grid normal's
         * side (as quarry-cli mesh lists them). */
        qr_export_primitive_add_triangle (prim, a, bb, d);
        qr_export_primitive_add_triangle (prim, bb, e, d);
        b->scene->triangles_before += 2;
        b->scene->triangles_after += 2;
      }
}

static guint
count_patches (const Builder *b, GPtrArray *entities)
{
  guint n = 0;

  if (b->options->no_patches)
    return 0;
  for (guint e = 0; e < entities->len; e++)
    {
      const QrEntity *entity = g_ptr_array_index (entities, e);

      for (guint k = 0; k < entity->kept->len; k++)
        n += ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch != NULL;
    }
  return n;
}

/* A brush's displacements as Source's compiler makes them: the grid of
 * each displaced side, triangles alternating as the editor draws them,
 * texture coordinates from the side's projection at the flat points,
 * normals from the grid. The brush's other sides are dropped with it. */
static void
emit_displacements (Builder *b, QrExportObject *object, const QrBrush *brush)
{
  g_autoptr (QrPolytope) poly = NULL;

  g_array_set_size (b->points, 3 * (guint) brush->n_faces);
  poly = qr_polytope_build (b->poly_builder, qr_brush_gather_points (brush, (QrVec3 *) b->points->data),
                            brush->n_faces);
  if (poly->status != QR_POLY_OK)
    {
      b->skipped++;
      return;
    }
  for (int f = 0; f < brush->n_faces; f++)
    {
      const QrFace *face = &brush->faces[f];
      const QrDisp *disp = qr_face_disp (face);
      QrPlane plane;
      int side, n;
      g_autofree QrVec3 *verts = NULL;
      g_autofree QrVec3 *flat = NULL;
      g_autofree QrUV *uv = NULL;
      g_autofree uint32_t *tri = NULL;
      const QrExportMaterial *m;
      QrExportPrimitive *prim;
      guint material;
      guint32 base;

      if (disp == NULL || !qr_face_plane (face, &plane))
        continue;
      side = disp->side;
      n = side * side;
      verts = g_new (QrVec3, n);
      flat = g_new (QrVec3, n);
      if (!qr_disp_build_on (disp, poly, f, verts, flat, NULL))
        continue;
      uv = g_new (QrUV, n);
      qr_texproj_coords (face->form, b->rule, &face->tex, plane.normal, flat, n, uv);
      material = material_for (b, face->texture);
      m = g_ptr_array_index (b->scene->materials, material);
      prim = primitive_for (b, object, material);
      base = qr_export_primitive_n_vertices (prim);
      for (int r = 0; r < side; r++)
        for (int c = 0; c < side; c++)
          {
            int i = r * side + c;
            /* The surface's normal from its neighbours, turned to the
             * side's outside. */
            QrVec3 du = qr_vec3_sub (verts[r * side + MIN (c + 1, side - 1)], verts[r * side + MAX (c - 1, 0)]);
            QrVec3 dv = qr_vec3_sub (verts[MIN (r + 1, side - 1) * side + c], verts[MAX (r - 1, 0) * side + c]);
            QrVec3 nrm = qr_vec3_cross (du, dv), q = to_output (b, verts[i]);
            const double xyz[3] = { q.x, q.y, q.z };
            const double st[2] = { uv[i].u / m->width, uv[i].v / m->height };
            double nn[3];

            if (qr_vec3_dot (nrm, plane.normal) < 0)
              nrm = qr_vec3_neg (nrm);
            if (!unit_output (b, nrm, nn))
              unit_output (b, plane.normal, nn);
            qr_export_primitive_add_vertex (prim, xyz, nn, st);
          }
      tri = g_new (uint32_t, 6 * (gsize) (side - 1) * (gsize) (side - 1));
      qr_disp_triangles (side, tri);
      for (int k = 0; k < 2 * (side - 1) * (side - 1); k++)
        qr_export_primitive_add_triangle (prim, base + tri[3 * k], base + tri[3 * k + 1], base + tri[3 * k + 2]);
      b->scene->triangles_before += (guint64) (2 * (side - 1) * (side - 1));
      b->scene->triangles_after += (guint64) (2 * (side - 1) * (side - 1));
    }
}

static void
build_object (Builder *b, const char *name, GPtrArray *entities)
{
  g_autoptr (GArray) sources = g_array_new (FALSE, FALSE, sizeof (Source));
  g_autoptr (GArray) union_in = g_array_new (FALSE, FALSE, sizeof (QrUnionBrush));
  QrExportObject *object;

  g_ptr_array_set_size (b->displaced, 0);
  for (guint e = 0; e < entities->len; e++)
    {
      const QrEntity *entity = g_ptr_array_index (entities, e);

      for (guint i = 0; i < entity->brushes->len; i++)
        add_source (b, sources, union_in, qr_entity_get_brush (entity, i));
    }
  if (sources->len == 0 && b->displaced->len == 0 && count_patches (b, entities) == 0)
    return;
  object = qr_export_scene_add_object (b->scene, name);
  g_ptr_array_set_size (b->prim_of, 0);
  for (guint i = 0; i < b->displaced->len; i++)
    emit_displacements (b, object, g_ptr_array_index (b->displaced, i));
  g_ptr_array_set_size (b->displaced, 0);
  for (guint e = 0; e < entities->len && !b->options->no_patches; e++)
    {
      const QrEntity *entity = g_ptr_array_index (entities, e);

      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrPatch *patch = ((const QrNode *) g_ptr_array_index (entity->kept, k))->patch;

          if (patch != NULL)
            emit_patch (b, object, patch);
        }
    }

  for (guint i = 0; i < sources->len; i++)
    {
      const Source *s = &g_array_index (sources, Source, i);
      const QrPolytope *poly = s->poly;

      for (int f = 0; f < poly->n_faces; f++)
        if (s->emit[f] && qr_polytope_face_count (poly, f) >= 3)
          b->scene->triangles_before += (guint64) (qr_polytope_face_count (poly, f) - 2);
    }

  if (b->options->no_union)
    {
      for (guint i = 0; i < sources->len; i++)
        {
          const Source *s = &g_array_index (sources, Source, i);
          const QrPolytope *poly = s->poly;

          for (int f = 0; f < poly->n_faces; f++)
            {
              const uint16_t *idx = qr_polytope_face_indices (poly, f);
              int n = qr_polytope_face_count (poly, f);
              g_autofree QrVec3 *p = NULL;

              if (n < 3 || !s->emit[f])
                continue;
              p = g_new (QrVec3, n);
              for (int k = 0; k < n; k++)
                p[k] = poly->verts[idx[k]];
              emit_piece (b, object, s, f, p, n);
            }
        }
    }
  else
    {
      gint64 t0 = g_get_monotonic_time ();
      g_autoptr (QrUnionResult) r = qr_face_union ((const QrUnionBrush *) union_in->data, (int) union_in->len, 0);

      qr_union_fix_t_junctions (r, 0);
      b->scene->union_ms += (double) (g_get_monotonic_time () - t0) / 1000;
      for (guint i = 0; i < r->pieces->len; i++)
        {
          const QrUnionPiece *pc = &g_array_index (r->pieces, QrUnionPiece, i);

          emit_piece (b, object, &g_array_index (sources, Source, pc->brush), pc->face,
                      &g_array_index (r->points, QrVec3, pc->first), pc->n);
        }
    }

  for (guint i = 0; i < sources->len; i++)
    {
      Source *s = &g_array_index (sources, Source, i);

      qr_polytope_free (s->own_poly);
      g_free (s->planes);
      g_free (s->emit);
      g_free (s->merge);
    }
}

static char *
object_name (const QrEntity *entity)
{
  const char *classname = qr_entity_get_classname (entity);
  const char *target = qr_entity_get_key (entity, "targetname");

  if (classname[0] == '\0')
    classname = "entity";
  if (target != NULL && target[0] != '\0')
    return g_strdup_printf ("%s %s", classname, target);
  return g_strdup (classname);
}

QrExportScene *
qr_export_scene_from_map (const QrMap *map, const QrExportOptions *options, guint *skipped)
{
  Builder b = { .map = map, .options = options };
  g_autoptr (GPtrArray) world = g_ptr_array_new ();
  /* TrenchBroom's layers omitted from export (qr-layer.h) stay out. */
  g_autofree bool *omitted = qr_map_dup_omitted (map);

  b.scene = qr_export_scene_new (options->up, options->scale > 0 ? options->scale : 1.0);
  b.rule = qr_dialect_axis_rule (qr_map_detect_dialect (map));
  b.kind_of = g_new (signed char, MAX (map->textures->len, 1));
  memset (b.kind_of, -1, MAX (map->textures->len, 1));
  b.material_of = g_new (int, MAX (map->textures->len, 1));
  memset (b.material_of, -1, sizeof (int) * MAX (map->textures->len, 1));
  b.merge_ids = g_hash_table_new_full (hash_key, equal_key, g_free, NULL);
  b.poly_builder = qr_poly_builder_new ();
  b.points = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  b.displaced = g_ptr_array_new ();
  b.prim_of = g_ptr_array_new ();

  /* Worldspawn first, with what the compilers merge into it. */
  for (guint i = 0; i < qr_map_entity_count (map); i++)
    {
      const QrEntity *entity = qr_map_get_entity (map, i);
      const char *classname = qr_entity_get_classname (entity);

      if ((strcmp (classname, "worldspawn") == 0 || joins_world (classname)) && !omitted[i])
        g_ptr_array_add (world, (gpointer) entity);
    }
  build_object (&b, "worldspawn", world);

  for (guint i = 0; i < qr_map_entity_count (map) && options->entities == QR_EXPORT_ENTITIES_ALL; i++)
    {
      const QrEntity *entity = qr_map_get_entity (map, i);
      const char *classname = qr_entity_get_classname (entity);
      g_autoptr (GPtrArray) one = NULL;
      g_autofree char *name = NULL;

      if (strcmp (classname, "worldspawn") == 0 || joins_world (classname) || left_out (classname) || omitted[i])
        continue;
      one = g_ptr_array_new ();
      g_ptr_array_add (one, (gpointer) entity);
      name = object_name (entity);
      build_object (&b, name, one);
    }

  g_free (b.kind_of);
  g_free (b.material_of);
  g_hash_table_unref (b.merge_ids);
  qr_poly_builder_free (b.poly_builder);
  g_array_unref (b.points);
  g_ptr_array_unref (b.displaced);
  g_ptr_array_unref (b.prim_of);
  if (skipped != NULL)
    *skipped = b.skipped;
  return b.scene;
}
