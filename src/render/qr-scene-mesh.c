/* qr-scene-mesh.c — see qr-scene-mesh.h. */
#include "qr-scene-mesh.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "qr-brush.h"
#include "qr-disp-mesh.h"
#include "qr-entdef.h"
#include "qr-entity.h"
#include "qr-entity-transform.h"
#include "qr-landscape-mesh.h"
#include "qr-face-marks.h"
#include "qr-map.h"
#include "qr-patch.h"

/* Slots are keyed by kind and id: brushes and point entities number apart. */
#define KEY_ENTITY (G_GUINT64_CONSTANT (1) << 32)

/* Compact a stream once more than half of it (and this many vertices) is
 * space left behind by slots that moved or went. */
#define COMPACT_MIN_DEAD 16384

typedef struct
{
  guint first;
  guint count;
  guint capacity;
} Span;

/* The streams a slot owns a span of; its centre is four fixed elements. */
#define N_SPANS QR_SCENE_CENTRES
#define CROSS_VERTICES 4

typedef struct
{
  guint64 key;        /* 0: free */
  Span span[N_SPANS]; /* by QrSceneStream */
  guint centre;       /* first of its CROSS_VERTICES in the centre stream */
  gboolean selected;  /* drawn over the static picture, not in it */
  QrId entity;        /* the entity it belongs to (or is): a brush is selected with it */
} Slot;

/* A texture id's entry: the size its faces' UVs were divided by. */
typedef struct
{
  char *name; /* owned; NULL for QR_SCENE_NO_TEXTURE */
  int width, height;
} MeshTexture;

typedef struct
{
  GArray *data;  /* QrSceneVertex or uint32_t */
  GArray *dirty; /* QrSceneRange */
  gboolean all_dirty;
  guint dead;
} Stream;

struct _QrSceneMesh
{
  QrTexAxisRule axis_rule; /* the map's compiler's: q3map2's for Quake 3 maps */
  Stream streams[QR_SCENE_N_STREAMS];
  GArray *slots;          /* Slot */
  GArray *free_slots;     /* guint */
  GArray *free_centres;   /* guint */
  GHashTable *by_key;     /* key → slot index + 1 */
  QrDocument *doc;        /* owned reference: the document last rebuilt from */
  GArray *textures;       /* MeshTexture by id; entry 0 is QR_SCENE_NO_TEXTURE */
  GHashTable *texture_ids; /* folded name (owned) → id */
  GHashTable *map_textures; /* the map's texture index + 1 → id: faces name textures by index */
  guint64 texture_epoch;
  GArray *uv_points;      /* QrVec3: scratch for one face's corners */
  GArray *uvs;            /* QrUV: their texture coordinates */
  guint64 faces_generation;   /* bumped by every change to the face streams */
  guint64 grouped_generation; /* faces_generation at the last grouping */
  GArray *batches[2];     /* QrSceneBatch: unselected, selected */
  GHashTable *looks;      /* entity id → Look (owned) its slots were built with */
  QrSelection *selection; /* copy of the document's, to restyle what changed */
  GArray *scratch[N_SPANS]; /* a slot being built, by stream; indices local to the slot */
  guint64 static_generation;
  guint selected_slots;
  GArray *face_marks;     /* QrSceneVertex: qr-face-marks.h */
  QrDispMesh disp;        /* scratch for one displaced side */
  QrSceneRange face_mark_ranges[QR_FACE_MARK_N];
  guint64 face_marks_generation;
};

/* Colours, RGBA8 with red in the lowest byte. */
#define RGB(r, g, b) ((uint32_t) (r) | (uint32_t) (g) << 8 | (uint32_t) (b) << 16 | 0xff000000u)
static const uint32_t WORLD_EDGE = RGB (0xd6, 0xd6, 0xd2);
static const uint32_t WORLD_FACE = RGB (0xc4, 0xc2, 0xbc);
static const uint32_t BRUSH_ENTITY_EDGE = RGB (0x6c, 0xc4, 0xf0);
static const uint32_t BRUSH_ENTITY_FACE = RGB (0x8c, 0xb8, 0xd8);
static const uint32_t TRIGGER_EDGE = RGB (0xf0, 0xb4, 0x48);
static const uint32_t TRIGGER_FACE = RGB (0xe0, 0xb0, 0x6c);
static const uint32_t POINT_ENTITY = RGB (0x6c, 0xe0, 0x6c);
static const uint32_t NORMAL_LINE = RGB (0x50, 0xa0, 0xff);
G_STATIC_ASSERT (QR_SCENE_UNKNOWN_CLASS == RGB (0xe0, 0x40, 0xff));

static inline guint64
brush_key (QrId id)
{
  return (guint64) id + 1;
}

static inline guint64
entity_key (QrId id)
{
  return KEY_ENTITY | ((guint64) id + 1);
}

static gsize
element_size (QrSceneStream stream)
{
  return qr_scene_stream_is_index (stream) ? sizeof (uint32_t) : sizeof (QrSceneVertex);
}

static const QrSceneVertex UNUSED_VERTEX = { .flags = QR_SCENE_UNUSED };

/* The streams indices point into, whose vertex 0 is never drawn. */
static inline gboolean
is_indexed_vertices (QrSceneStream stream)
{
  return stream == QR_SCENE_FACE_VERTS || stream == QR_SCENE_EDGE_VERTS;
}

/* Empty but for the never-drawn vertex 0 of indexed vertex streams. */
static void
stream_reset (Stream *s, QrSceneStream stream)
{
  g_array_set_size (s->data, 0);
  if (is_indexed_vertices (stream))
    g_array_append_val (s->data, UNUSED_VERTEX);
  g_array_set_size (s->dirty, 0);
  s->all_dirty = TRUE;
  s->dead = 0;
}

static void
stream_init (Stream *s, QrSceneStream stream)
{
  s->data = g_array_new (FALSE, FALSE, element_size (stream));
  s->dirty = g_array_new (FALSE, FALSE, sizeof (QrSceneRange));
  stream_reset (s, stream);
}

static void
stream_clear (Stream *s)
{
  g_array_unref (s->data);
  g_array_unref (s->dirty);
}

static void
stream_mark (Stream *s, guint first, guint count)
{
  if (count == 0 || s->all_dirty)
    return;
  /* Slots are mostly marked in the order they lie (a rebuild, a select
   * all): a range that continues the last one extends it, so 100k slots
   * do not leave 100k ranges to sort. */
  if (s->dirty->len > 0)
    {
      QrSceneRange *last = &g_array_index (s->dirty, QrSceneRange, s->dirty->len - 1);
      if (first >= last->first && first <= last->first + last->count)
        {
          last->count = MAX (last->count, first + count - last->first);
          return;
        }
    }
  QrSceneRange r = { first, count };
  g_array_append_val (s->dirty, r);
}

/* ---- the texture table ---- */

static void
textures_clear (QrSceneMesh *mesh)
{
  for (guint i = 0; i < mesh->textures->len; i++)
    g_free (g_array_index (mesh->textures, MeshTexture, i).name);
  g_array_set_size (mesh->textures, 0);
  g_hash_table_remove_all (mesh->texture_ids);
  g_hash_table_remove_all (mesh->map_textures);
}

static void
textures_reset (QrSceneMesh *mesh)
{
  textures_clear (mesh);
  MeshTexture none = { NULL, QR_SCENE_DEFAULT_TEXTURE_SIZE, QR_SCENE_DEFAULT_TEXTURE_SIZE };
  g_array_append_val (mesh->textures, none);
  mesh->texture_epoch++;
}

/* The size a texture's UVs are divided by: the set's when it knows one. */
static void
known_size (QrSceneMesh *mesh, const char *name, int *width, int *height)
{
  const QrTexture *t = mesh->doc != NULL ? qr_texture_set_lookup (qr_document_get_textures (mesh->doc), name) : NULL;
  gboolean known = t != NULL && t->width > 0 && t->height > 0;
  *width = known ? t->width : QR_SCENE_DEFAULT_TEXTURE_SIZE;
  *height = known ? t->height : QR_SCENE_DEFAULT_TEXTURE_SIZE;
}

static guint
texture_id (QrSceneMesh *mesh, const char *name)
{
  g_autofree char *key = g_ascii_strdown (name, -1);
  gpointer found = g_hash_table_lookup (mesh->texture_ids, key);
  if (found != NULL)
    return GPOINTER_TO_UINT (found);

  MeshTexture t = { g_strdup (name), 0, 0 };
  known_size (mesh, name, &t.width, &t.height);
  guint id = mesh->textures->len;
  g_array_append_val (mesh->textures, t);
  g_hash_table_insert (mesh->texture_ids, g_steal_pointer (&key), GUINT_TO_POINTER (id));
  return id;
}

/* Faces name their texture by the map's index: the id is cached per index. */
static guint
map_texture_id (QrSceneMesh *mesh, const QrMap *map, uint32_t texture)
{
  gpointer key = GUINT_TO_POINTER (texture + 1), found = g_hash_table_lookup (mesh->map_textures, key);
  if (found != NULL)
    return GPOINTER_TO_UINT (found);
  guint id = texture_id (mesh, qr_map_texture_name (map, texture));
  g_hash_table_insert (mesh->map_textures, key, GUINT_TO_POINTER (id));
  return id;
}

QrDocument *
qr_scene_mesh_get_document (const QrSceneMesh *mesh)
{
  g_return_val_if_fail (mesh != NULL, NULL);
  return mesh->doc;
}

guint
qr_scene_mesh_get_texture_count (const QrSceneMesh *mesh)
{
  g_return_val_if_fail (mesh != NULL, 0);
  return mesh->textures->len;
}

const char *
qr_scene_mesh_get_texture_name (const QrSceneMesh *mesh, guint id)
{
  g_return_val_if_fail (mesh != NULL && id < mesh->textures->len, NULL);
  return g_array_index (mesh->textures, MeshTexture, id).name;
}

guint64
qr_scene_mesh_get_texture_epoch (const QrSceneMesh *mesh)
{
  g_return_val_if_fail (mesh != NULL, 0);
  return mesh->texture_epoch;
}

void
qr_scene_mesh_get_texture_size (const QrSceneMesh *mesh, guint id, int *width, int *height)
{
  g_return_if_fail (mesh != NULL && id < mesh->textures->len);
  const MeshTexture *t = &g_array_index (mesh->textures, MeshTexture, id);
  *width = t->width;
  *height = t->height;
}

QrSceneMesh *
qr_scene_mesh_new (void)
{
  QrSceneMesh *mesh = g_new0 (QrSceneMesh, 1);
  for (int i = 0; i < QR_SCENE_N_STREAMS; i++)
    stream_init (&mesh->streams[i], i);
  mesh->slots = g_array_new (FALSE, FALSE, sizeof (Slot));
  mesh->free_slots = g_array_new (FALSE, FALSE, sizeof (guint));
  mesh->free_centres = g_array_new (FALSE, FALSE, sizeof (guint));
  mesh->by_key = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  mesh->textures = g_array_new (FALSE, TRUE, sizeof (MeshTexture));
  mesh->texture_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  mesh->map_textures = g_hash_table_new (NULL, NULL);
  mesh->uv_points = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  mesh->uvs = g_array_new (FALSE, FALSE, sizeof (QrUV));
  for (int i = 0; i < 2; i++)
    mesh->batches[i] = g_array_new (FALSE, FALSE, sizeof (QrSceneBatch));
  textures_reset (mesh);
  mesh->looks = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  mesh->selection = qr_selection_new ();
  for (int i = 0; i < N_SPANS; i++)
    mesh->scratch[i] = g_array_new (FALSE, FALSE, element_size (i));
  mesh->face_marks = g_array_new (FALSE, FALSE, sizeof (QrSceneVertex));
  qr_disp_mesh_init (&mesh->disp);
  return mesh;
}

void
qr_scene_mesh_free (QrSceneMesh *mesh)
{
  if (mesh == NULL)
    return;
  for (int i = 0; i < QR_SCENE_N_STREAMS; i++)
    stream_clear (&mesh->streams[i]);
  g_array_unref (mesh->slots);
  g_array_unref (mesh->free_slots);
  g_array_unref (mesh->free_centres);
  g_hash_table_unref (mesh->by_key);
  textures_clear (mesh);
  g_array_unref (mesh->textures);
  g_hash_table_unref (mesh->texture_ids);
  g_hash_table_unref (mesh->map_textures);
  g_array_unref (mesh->uv_points);
  g_array_unref (mesh->uvs);
  for (int i = 0; i < 2; i++)
    g_array_unref (mesh->batches[i]);
  g_clear_object (&mesh->doc);
  g_hash_table_unref (mesh->looks);
  qr_selection_free (mesh->selection);
  for (int i = 0; i < N_SPANS; i++)
    g_array_unref (mesh->scratch[i]);
  g_array_unref (mesh->face_marks);
  qr_disp_mesh_clear (&mesh->disp);
  g_free (mesh);
}

gconstpointer
qr_scene_mesh_get_data (const QrSceneMesh *mesh, QrSceneStream stream, guint *n_elements, gsize *size)
{
  g_return_val_if_fail (mesh != NULL && stream < QR_SCENE_N_STREAMS, NULL);
  const Stream *s = &mesh->streams[stream];
  *n_elements = s->data->len;
  if (size != NULL)
    *size = element_size (stream);
  return s->data->data;
}

static int
compare_ranges (const void *a, const void *b)
{
  const QrSceneRange *x = a, *y = b;
  return x->first < y->first ? -1 : x->first > y->first;
}

guint64
qr_scene_mesh_get_static_generation (const QrSceneMesh *mesh)
{
  g_return_val_if_fail (mesh != NULL, 0);
  return mesh->static_generation;
}

guint
qr_scene_mesh_get_selected_count (const QrSceneMesh *mesh)
{
  g_return_val_if_fail (mesh != NULL, 0);
  return mesh->selected_slots;
}

void
qr_scene_mesh_take_dirty (QrSceneMesh *mesh, QrSceneStream stream, GArray *out, gboolean *all)
{
  g_return_if_fail (mesh != NULL && stream < QR_SCENE_N_STREAMS && out != NULL);
  Stream *s = &mesh->streams[stream];
  g_array_set_size (out, 0);
  *all = s->all_dirty;
  if (!s->all_dirty && s->dirty->len > 0)
    {
      qsort (s->dirty->data, s->dirty->len, sizeof (QrSceneRange), compare_ranges);
      QrSceneRange cur = g_array_index (s->dirty, QrSceneRange, 0);
      for (guint i = 1; i < s->dirty->len; i++)
        {
          QrSceneRange r = g_array_index (s->dirty, QrSceneRange, i);
          if (r.first <= cur.first + cur.count)
            cur.count = MAX (cur.count, r.first + r.count - cur.first);
          else
            {
              g_array_append_val (out, cur);
              cur = r;
            }
        }
      g_array_append_val (out, cur);
    }
  g_array_set_size (s->dirty, 0);
  s->all_dirty = FALSE;
}

/* ---- building one slot's vertices ---- */

/* The light a face of this normal gets: two fixed lights, from above and
 * from the side, so each face of a box reads as its own grey. Computed
 * here once per face rather than per vertex and frame by the GPU. */
static double
face_light (QrVec3 n)
{
  static const QrVec3 l1 = { 0.3086, 0.4849, 0.8183 }; /* (0.35, 0.55, 0.90) normalised */
  static const QrVec3 l2 = { -0.9256, -0.3306, 0.2645 }; /* (-0.70, -0.25, 0.20) normalised */
  double light = 0.38 + 0.50 * MAX (qr_vec3_dot (n, l1), 0.0) + 0.22 * MAX (qr_vec3_dot (n, l2), 0.0);
  return MIN (light, 1.0);
}

static uint32_t
lit (uint32_t color, double light)
{
  uint32_t out = color & 0xff000000u;
  for (int shift = 0; shift < 24; shift += 8)
    out |= (uint32_t) lround (((color >> shift) & 0xffu) * light) << shift;
  return out;
}

static inline QrSceneVertex
vertex (QrVec3 p, uint32_t color, uint32_t flags)
{
  QrSceneVertex v = {
    .pos = { (float) p.x, (float) p.y, (float) p.z },
    .color = color,
    .light = 1.0f,
    .flags = flags,
  };
  return v;
}

/* A face corner: its shaded colour, texture coordinates, light and texture. */
static inline QrSceneVertex
face_vertex (QrVec3 p, uint32_t color, QrUV uv, double light, guint texture, uint32_t flags)
{
  QrSceneVertex v = {
    .pos = { (float) p.x, (float) p.y, (float) p.z },
    .color = color,
    .uv = { (float) uv.u, (float) uv.v },
    .light = (float) light,
    .flags = flags | texture << QR_SCENE_TEXTURE_SHIFT,
  };
  return v;
}

/* Appends a vertex to a slot's stream and returns its index in the slot. */
static inline uint32_t
push_vertex (GArray *out, QrSceneVertex v)
{
  g_array_append_val (out, v);
  return out->len - 1;
}

static inline void
push_indices (GArray *out, const uint32_t *idx, guint n)
{
  g_array_append_vals (out, idx, n);
}

static void
push_line (GArray *out, QrVec3 a, QrVec3 b, uint32_t color, uint32_t flags)
{
  QrSceneVertex v[2] = { vertex (a, color, flags), vertex (b, color, flags) };
  g_array_append_vals (out, v, 2);
}

/* The colours an entity's slots are drawn in. */
typedef struct
{
  uint32_t edge;
  uint32_t face; /* before lighting */
} Look;

static uint32_t
class_color (const QrEntClass *cls)
{
  uint32_t c[3];
  for (int i = 0; i < 3; i++)
    c[i] = (uint32_t) lround (CLAMP (cls->color[i], 0.0, 1.0) * 255.0);
  return RGB (c[0], c[1], c[2]);
}

/* World brushes (and the groups compilers fold into the world) are always
 * grey. Other entities take their class's colour from the document's
 * definitions, or the warning colour when definitions are loaded and do
 * not know the class; without definitions, or for a class without a
 * colour, brush entities are blue (triggers amber) and point entities
 * green, as before definitions existed. */
static Look
entity_look (const QrSceneMesh *mesh, const QrEntity *entity)
{
  const char *name = qr_entity_get_classname (entity);
  if (g_str_equal (name, "worldspawn") || g_str_equal (name, "func_group") || g_str_equal (name, "func_detail"))
    return (Look) { WORLD_EDGE, WORLD_FACE };
  Look look = qr_entity_is_point (entity)           ? (Look) { POINT_ENTITY, POINT_ENTITY }
              : g_str_has_prefix (name, "trigger_") ? (Look) { TRIGGER_EDGE, TRIGGER_FACE }
                                                    : (Look) { BRUSH_ENTITY_EDGE, BRUSH_ENTITY_FACE };
  const QrEntDefs *defs = mesh->doc != NULL ? qr_document_get_entdefs (mesh->doc) : NULL;
  if (defs == NULL)
    return look;
  const QrEntClass *cls = qr_entdefs_lookup (defs, name);
  if (cls == NULL)
    return (Look) { QR_SCENE_UNKNOWN_CLASS, QR_SCENE_UNKNOWN_CLASS };
  if (cls->has_color)
    look.edge = look.face = class_color (cls);
  return look;
}

/* Records the look of the entity's slots; true when it differs from the
 * one recorded before (its brushes must be built again). */
static gboolean
note_look (QrSceneMesh *mesh, const QrEntity *entity)
{
  Look now = entity_look (mesh, entity);
  Look *was = g_hash_table_lookup (mesh->looks, GUINT_TO_POINTER (entity->id));
  if (was == NULL)
    {
      g_hash_table_insert (mesh->looks, GUINT_TO_POINTER (entity->id), g_memdup2 (&now, sizeof now));
      return TRUE;
    }
  gboolean changed = was->edge != now.edge || was->face != now.face;
  *was = now;
  return changed;
}

/* The look recorded for the entity, recorded now if it has none: one
 * lookup per entity rather than one per brush. */
static Look
look_of (QrSceneMesh *mesh, const QrEntity *entity)
{
  const Look *look = g_hash_table_lookup (mesh->looks, GUINT_TO_POINTER (entity->id));
  if (look == NULL)
    {
      note_look (mesh, entity);
      look = g_hash_table_lookup (mesh->looks, GUINT_TO_POINTER (entity->id));
    }
  return *look;
}

/* A centre vertex: the cross's middle. */
static QrSceneVertex
centre_vertex (QrVec3 p, uint32_t color, uint32_t flags)
{
  return vertex (p, color, flags);
}

/* Face f of a valid brush as its polygon: corners lit by the face's normal,
 * a fan of triangles, and its normal line. */
static void
build_face_polygon (QrSceneMesh *mesh, const QrMap *map, const QrBrush *brush, int f, uint32_t face_color,
                    uint32_t flags)
{
  GArray *face_verts = mesh->scratch[QR_SCENE_FACE_VERTS], *face_index = mesh->scratch[QR_SCENE_FACE_INDEX];
  GArray *normals = mesh->scratch[QR_SCENE_NORMALS];
  const QrPolytope *poly = brush->poly;
  int n = qr_polytope_face_count (poly, f);
  if (n < 3)
    return;
  const uint16_t *idx = qr_polytope_face_indices (poly, f);
  QrPlane plane;
  if (!qr_face_plane (&brush->faces[f], &plane))
    return;
  const QrFace *face = &brush->faces[f];
  double light = face_light (plane.normal);
  uint32_t shade = lit (face_color, light);
  guint texture = map_texture_id (mesh, map, face->texture);
  const MeshTexture *size = &g_array_index (mesh->textures, MeshTexture, texture);
  g_array_set_size (mesh->uv_points, n);
  g_array_set_size (mesh->uvs, n);
  QrVec3 *corners = (QrVec3 *) (gpointer) mesh->uv_points->data;
  QrUV *uv = (QrUV *) (gpointer) mesh->uvs->data;
  for (int i = 0; i < n; i++)
    corners[i] = poly->verts[idx[i]];
  qr_texproj_uvs ((QrTexForm) face->form, mesh->axis_rule, &face->tex, plane.normal, size->width, size->height,
                  corners, n, uv);
  uint32_t base = face_verts->len;
  QrVec3 centroid = qr_vec3 (0, 0, 0);
  for (int i = 0; i < n; i++)
    {
      push_vertex (face_verts, face_vertex (corners[i], shade, uv[i], light, texture, flags));
      centroid = qr_vec3_add (centroid, corners[i]);
    }
  for (int i = 1; i + 1 < n; i++)
    {
      uint32_t tri[3] = { base, base + i, base + i + 1 };
      push_indices (face_index, tri, 3);
    }
  centroid = qr_vec3_scale (centroid, 1.0 / n);
  push_line (normals, centroid, qr_vec3_add (centroid, qr_vec3_scale (plane.normal, QR_SCENE_NORMAL_LENGTH)),
             NORMAL_LINE, flags | QR_SCENE_NORMAL_LINE);
}

/* A brush with a displacement shows its displaced sides only (shared
 * reference 000, §7): each as its grid's triangles, lit by the grid's
 * normals, and the grid's lines as its edges. A side whose displacement
 * does not build (not four-sided) shows flat, so that it is not lost. */
static QrSceneVertex
build_displaced (QrSceneMesh *mesh, const QrMap *map, const QrBrush *brush, Look look, uint32_t flags)
{
  GArray *face_verts = mesh->scratch[QR_SCENE_FACE_VERTS], *face_index = mesh->scratch[QR_SCENE_FACE_INDEX];
  GArray *edge_verts = mesh->scratch[QR_SCENE_EDGE_VERTS], *edge_index = mesh->scratch[QR_SCENE_EDGE_INDEX];
  GArray *normals = mesh->scratch[QR_SCENE_NORMALS];
  QrDispMesh *grid = &mesh->disp;
  QrBounds bounds = qr_bounds_empty ();

  for (int f = 0; f < brush->n_faces; f++)
    {
      const QrFace *face = &brush->faces[f];
      const QrDisp *disp = qr_face_disp (face);
      if (disp == NULL)
        continue;
      guint texture = map_texture_id (mesh, map, face->texture);
      const MeshTexture *size = &g_array_index (mesh->textures, MeshTexture, texture);
      if (!qr_disp_mesh_build (grid, disp, brush, f, mesh->axis_rule, size->width, size->height, NULL))
        {
          const QrPolytope *poly = brush->poly;
          int n = qr_polytope_face_count (poly, f);
          const uint16_t *idx = qr_polytope_face_indices (poly, f);
          uint32_t base = edge_verts->len;
          for (int i = 0; i < n; i++)
            {
              push_vertex (edge_verts, vertex (poly->verts[idx[i]], look.edge, flags));
              qr_bounds_add_point (&bounds, poly->verts[idx[i]]);
              uint32_t line[2] = { base + i, base + (i + 1) % n };
              push_indices (edge_index, line, 2);
            }
          build_face_polygon (mesh, map, brush, f, look.face, flags);
          continue;
        }
      /* The grid's points twice as edge vertices: lines on its border use
       * the first copy, the others the second, flagged inner. */
      uint32_t base = face_verts->len, edge_base = edge_verts->len, inner_base = edge_base + grid->n_points;
      for (int i = 0; i < grid->n_points; i++)
        {
          double light = face_light (grid->normals[i]);
          uint32_t keep = 255u - (uint32_t) CLAMP (lround (disp->alphas[i]), 0, 255);
          uint32_t shade = (lit (look.face, light) & 0x00ffffffu) | keep << 24;
          push_vertex (face_verts, face_vertex (grid->points[i], shade, grid->uvs[i], light, texture, flags));
          push_vertex (edge_verts, vertex (grid->points[i], look.edge, flags));
        }
      int last_point = grid->side - 1;
      double quad = MAX (qr_vec3_dist (grid->flat[0], grid->flat[last_point]),
                         qr_vec3_dist (grid->flat[0], grid->flat[last_point * grid->side]))
                    / last_point;
      uint32_t inner = quad < QR_SCENE_DISP_COARSE_QUAD ? QR_SCENE_DISP_INNER : QR_SCENE_DISP_INNER_COARSE;
      for (int i = 0; i < grid->n_points; i++)
        push_vertex (edge_verts, vertex (grid->points[i], look.edge, flags | inner));
      for (int i = 0; i < 3 * grid->n_triangles; i++)
        {
          uint32_t v = base + grid->triangles[i];
          push_indices (face_index, &v, 1);
        }
      uint32_t side = (uint32_t) grid->side, last = side - 1;
      for (int i = 0; i < grid->n_lines; i++)
        {
          uint32_t a = grid->lines[2 * i], b = grid->lines[2 * i + 1];
          uint32_t ra = a / side, ca = a % side, rb = b / side, cb = b % side;
          gboolean border = (ra == rb && (ra == 0 || ra == last)) || (ca == cb && (ca == 0 || ca == last));
          uint32_t at = border ? edge_base : inner_base, line[2] = { at + a, at + b };
          push_indices (edge_index, line, 2);
        }
      qr_bounds_add_bounds (&bounds, grid->bounds);
      /* The normal line stands on the grid's middle point. */
      QrPlane plane;
      if (qr_face_plane (face, &plane))
        {
          QrVec3 middle = grid->points[grid->n_points / 2];
          push_line (normals, middle, qr_vec3_add (middle, qr_vec3_scale (plane.normal, QR_SCENE_NORMAL_LENGTH)),
                     NORMAL_LINE, flags | QR_SCENE_NORMAL_LINE);
        }
    }
  if (qr_bounds_is_empty (bounds))
    bounds = brush->poly->bounds;
  QrVec3 centre = qr_vec3_scale (qr_vec3_add (bounds.min, bounds.max), 0.5);
  return centre_vertex (centre, look.edge, flags);
}
static QrSceneVertex
build_brush (QrSceneMesh *mesh, const QrMap *map, const QrBrush *brush, Look look, uint32_t flags)
{
  GArray *edge_verts = mesh->scratch[QR_SCENE_EDGE_VERTS], *edge_index = mesh->scratch[QR_SCENE_EDGE_INDEX];
  uint32_t edge_color = look.edge, face_color = look.face;

  if (!qr_brush_is_valid (brush))
    {
      /* Never hidden: the triangle of each face's plane points, and a cross
       * at their mean, all marked invalid. */
      QrVec3 sum = qr_vec3 (0, 0, 0);
      for (int f = 0; f < brush->n_faces; f++)
        {
          const QrVec3 *p = brush->faces[f].points;
          uint32_t base = edge_verts->len;
          for (int i = 0; i < 3; i++)
            {
              push_vertex (edge_verts, vertex (p[i], edge_color, flags | QR_SCENE_INVALID));
              sum = qr_vec3_add (sum, p[i]);
            }
          uint32_t idx[6] = { base, base + 1, base + 1, base + 2, base + 2, base };
          push_indices (edge_index, idx, 6);
        }
      double n = MAX (1, 3 * brush->n_faces);
      return centre_vertex (qr_vec3_scale (sum, 1.0 / n), edge_color, flags | QR_SCENE_INVALID);
    }

  if (qr_brush_has_disp (brush))
    return build_displaced (mesh, map, brush, look, flags);

  const QrPolytope *poly = brush->poly;
  for (int f = 0; f < poly->n_faces; f++)
    build_face_polygon (mesh, map, brush, f, face_color, flags);
  for (int v = 0; v < poly->n_verts; v++)
    push_vertex (edge_verts, vertex (poly->verts[v], edge_color, flags));
  for (int e = 0; e < 2 * poly->n_edges; e++)
    {
      uint32_t i = poly->edges[e];
      push_indices (edge_index, &i, 1);
    }

  QrVec3 centre = qr_vec3_scale (qr_vec3_add (poly->bounds.min, poly->bounds.max), 0.5);
  return centre_vertex (centre, edge_color, flags);
}

/* The level whose tessellation of `spans` spans has `points` points. */
static int
level_of (int points, int spans)
{
  int level = 0;
  while (spans * (1 << level) + 1 < points && level < 16)
    level++;
  return level;
}

/* A patch's texture coordinates at each point of its tessellation: the
 * control points' (s, t) put through the same Bézier surface at the same
 * levels. They are already in texture units (1 = the texture's size), as
 * Quake 3 stores them. */
static QrBezierGrid *
patch_st_grid (const QrPatch *patch)
{
  gsize n = (gsize) patch->rows * (gsize) patch->cols;
  g_autofree QrVec3 *st = g_new (QrVec3, n);
  for (gsize i = 0; i < n; i++)
    st[i] = qr_vec3 (patch->points[i].st[0], patch->points[i].st[1], 0);
  const QrBezierGrid *g = patch->mesh;
  return qr_bezier_tessellate_levels (st, patch->rows, patch->cols, level_of (g->rows, (patch->rows - 1) / 2),
                                      level_of (g->cols, (patch->cols - 1) / 2));
}

/* A patch's tessellation: each side of the surface lit by its own normal
 * (the 3D view culls back faces, and a patch is a sheet, not a solid), and
 * every line of the grid as an edge. */
static QrSceneVertex
build_patch (QrSceneMesh *mesh, const QrPatch *patch, Look look, uint32_t flags)
{
  GArray *face_verts = mesh->scratch[QR_SCENE_FACE_VERTS], *face_index = mesh->scratch[QR_SCENE_FACE_INDEX];
  GArray *edge_verts = mesh->scratch[QR_SCENE_EDGE_VERTS], *edge_index = mesh->scratch[QR_SCENE_EDGE_INDEX];
  uint32_t edge_color = look.edge, face_color = look.face;
  const QrBezierGrid *g = patch->mesh;
  uint32_t n = (uint32_t) (g->rows * g->cols);
  guint texture = texture_id (mesh, patch->texture);
  g_autofree QrBezierGrid *st = patch_st_grid (patch);

  for (int side = 0; side < 2; side++)
    for (int r = 0; r < g->rows; r++)
      for (int c = 0; c < g->cols; c++)
        {
          QrVec3 normal = qr_bezier_grid_normal (g, r, c);
          double light = face_light (side == 0 ? normal : qr_vec3_neg (normal));
          QrVec3 p = qr_bezier_grid_at (st, r, c);
          QrUV uv = { p.x, p.y };
          push_vertex (face_verts, face_vertex (qr_bezier_grid_at (g, r, c), lit (face_color, light), uv, light,
                                                texture, flags));
        }
  /* The grid normal is cross (along a row, down a column): (r, c), (r, c + 1),
   * (r + 1, c) turns anticlockwise seen from the side it points to. */
  for (uint32_t r = 0; r + 1 < (uint32_t) g->rows; r++)
    for (uint32_t c = 0; c + 1 < (uint32_t) g->cols; c++)
      {
        uint32_t a = r * g->cols + c, b = a + 1, d = a + g->cols, e = d + 1;
        uint32_t tri[12] = { a, b, d, b, e, d, n + a, n + d, n + b, n + b, n + d, n + e };
        push_indices (face_index, tri, 12);
      }

  for (int r = 0; r < g->rows; r++)
    for (int c = 0; c < g->cols; c++)
      push_vertex (edge_verts, vertex (qr_bezier_grid_at (g, r, c), edge_color, flags));
  for (uint32_t r = 0; r < (uint32_t) g->rows; r++)
    for (uint32_t c = 0; c < (uint32_t) g->cols; c++)
      {
        uint32_t a = r * g->cols + c;
        if (c + 1 < (uint32_t) g->cols)
          {
            uint32_t idx[2] = { a, a + 1 };
            push_indices (edge_index, idx, 2);
          }
        if (r + 1 < (uint32_t) g->rows)
          {
            uint32_t idx[2] = { a, a + g->cols };
            push_indices (edge_index, idx, 2);
          }
      }
  QrVec3 centre = qr_vec3_scale (qr_vec3_add (patch->bounds.min, patch->bounds.max), 0.5);
  return centre_vertex (centre, edge_color, flags);
}

static QrSceneVertex
build_entity_box (QrSceneMesh *mesh, QrVec3 o, QrBounds box, Look look, uint32_t flags)
{
  GArray *face_verts = mesh->scratch[QR_SCENE_FACE_VERTS], *face_index = mesh->scratch[QR_SCENE_FACE_INDEX];
  GArray *edge_verts = mesh->scratch[QR_SCENE_EDGE_VERTS], *edge_index = mesh->scratch[QR_SCENE_EDGE_INDEX];
  flags |= QR_SCENE_ENTITY;
  /* Corner i lies at the box's maximum on axis a where bit a of i is set. */
  QrVec3 c[8];
  for (int i = 0; i < 8; i++)
    {
      c[i] = qr_vec3 (i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z);
      push_vertex (edge_verts, vertex (c[i], look.edge, flags));
    }
  for (uint32_t i = 0; i < 8; i++)
    for (int axis = 0; axis < 3; axis++)
      if (!(i & (1u << axis)))
        {
          uint32_t idx[2] = { i, i | (1u << axis) };
          push_indices (edge_index, idx, 2);
        }

  /* Six quads, anticlockwise from outside, so that the 3D view culls a box
   * seen from within: a class-sized box can hold the camera (a player
   * start's, -24..32, holds the eye 22 above its origin that the view opens
   * at). */
  static const int quads[6][4] = { { 0, 4, 6, 2 }, { 1, 3, 7, 5 }, { 0, 1, 5, 4 },
                                   { 2, 6, 7, 3 }, { 0, 2, 3, 1 }, { 4, 5, 7, 6 } };
  static const QrVec3 normals[6] = { { -1, 0, 0 }, { 1, 0, 0 }, { 0, -1, 0 },
                                     { 0, 1, 0 },  { 0, 0, -1 }, { 0, 0, 1 } };
  for (int q = 0; q < 6; q++)
    {
      uint32_t base = face_verts->len, shade = lit (look.face, face_light (normals[q]));
      for (int k = 0; k < 4; k++)
        push_vertex (face_verts, vertex (c[quads[q][k]], shade, flags));
      uint32_t idx[6] = { base, base + 1, base + 2, base, base + 2, base + 3 };
      push_indices (face_index, idx, 6);
    }
  return centre_vertex (o, look.edge, flags);
}

/* ---- placing slots in the streams ---- */

/* Unused space: vertices that are never drawn, indices that point at
 * vertex 0, which is one of them. */
static void
fill_unused (Stream *s, QrSceneStream stream, guint first, guint count)
{
  if (qr_scene_stream_is_index (stream))
    {
      memset (&g_array_index (s->data, uint32_t, first), 0, count * sizeof (uint32_t));
      return;
    }
  QrSceneVertex *v = &g_array_index (s->data, QrSceneVertex, first);
  for (guint i = 0; i < count; i++)
    v[i] = UNUSED_VERTEX;
}

static void
release_span (Stream *s, QrSceneStream stream, Span *span)
{
  if (span->capacity == 0)
    return;
  fill_unused (s, stream, span->first, span->capacity);
  stream_mark (s, span->first, span->capacity);
  s->dead += span->capacity;
  span->capacity = span->count = 0;
}

static void
place (QrSceneMesh *mesh, QrSceneStream stream, Span *span, GArray *data)
{
  Stream *s = &mesh->streams[stream];
  gsize size = element_size (stream);
  if (data->len > span->capacity)
    {
      release_span (s, stream, span);
      span->first = s->data->len;
      span->capacity = data->len;
      g_array_append_vals (s->data, data->data, data->len);
      stream_mark (s, span->first, data->len);
    }
  else
    {
      if (data->len > 0)
        memcpy (s->data->data + (gsize) span->first * size, data->data, data->len * size);
      if (span->count > data->len)
        fill_unused (s, stream, span->first + data->len, span->count - data->len);
      stream_mark (s, span->first, MAX (span->count, data->len));
    }
  span->count = data->len;
}

static guint
slot_for_key (QrSceneMesh *mesh, guint64 key)
{
  gpointer found = g_hash_table_lookup (mesh->by_key, &key);
  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;

  guint index;
  if (mesh->free_slots->len > 0)
    {
      index = g_array_index (mesh->free_slots, guint, mesh->free_slots->len - 1);
      g_array_set_size (mesh->free_slots, mesh->free_slots->len - 1);
    }
  else
    {
      index = mesh->slots->len;
      g_array_set_size (mesh->slots, index + 1);
    }
  Slot *slot = &g_array_index (mesh->slots, Slot, index);
  memset (slot, 0, sizeof *slot);
  slot->key = key;

  Stream *centres = &mesh->streams[QR_SCENE_CENTRES];
  if (mesh->free_centres->len > 0)
    {
      slot->centre = g_array_index (mesh->free_centres, guint, mesh->free_centres->len - 1);
      g_array_set_size (mesh->free_centres, mesh->free_centres->len - 1);
    }
  else
    {
      slot->centre = centres->data->len;
      g_array_set_size (centres->data, slot->centre + CROSS_VERTICES);
      stream_mark (centres, slot->centre, CROSS_VERTICES);
    }
  /* The key lives in the slot array, which may move: the table owns a copy. */
  guint64 *k = g_new (guint64, 1);
  *k = key;
  g_hash_table_insert (mesh->by_key, k, GUINT_TO_POINTER (index + 1));
  return index;
}

/* A projected segment, its ends in a fixed order so that a→b and b→a are one. */
typedef struct
{
  float p[4];
} Segment;

static inline Segment
segment_of (const float *a, const float *b, int r, int u)
{
  gboolean swap = a[r] > b[r] || (a[r] == b[r] && a[u] > b[u]);
  const float *x = swap ? b : a, *y = swap ? a : b;
  /* Adding +0 turns -0 into +0, so that equal coordinates hash alike. */
  return (Segment) { { x[r] + 0.0f, x[u] + 0.0f, y[r] + 0.0f, y[u] + 0.0f } };
}

static inline guint32
hash_segment (const Segment *s)
{
  guint32 w[4];
  memcpy (w, s->p, sizeof w);
  guint64 h = 0x9e3779b97f4a7c15u;
  for (int i = 0; i < 4; i++)
    h = (h ^ w[i]) * 0xff51afd7ed558ccdu;
  return (guint32) (h ^ h >> 32);
}

/* Slots with more lines than this (a displacement's grid: 208 at power 3)
 * look their segments up in a table rather than in all kept before. */
#define PROJECT_HASH_MIN 48

/* The slot's edges as a design canvas sees them: without those along its
 * depth and without repeats of a segment already listed. */
static void
project_edges (QrSceneMesh *mesh, int axis)
{
  static const int right[3] = { 0, 0, 1 }, up[3] = { 1, 2, 2 };
  const GArray *verts = mesh->scratch[QR_SCENE_EDGE_VERTS];
  const GArray *edges = mesh->scratch[QR_SCENE_EDGE_INDEX];
  GArray *out = mesh->scratch[qr_scene_stream_for_ortho (axis)];
  const QrSceneVertex *v = (const QrSceneVertex *) (gpointer) verts->data;
  const uint32_t *e = (const uint32_t *) (gpointer) edges->data;
  int r = right[axis], u = up[axis];
  guint n_lines = edges->len / 2;

  if (n_lines > PROJECT_HASH_MIN)
    {
      /* Open addressing, at most half full: a kept segment's number + 1. */
      guint capacity = 16;
      while (capacity < 2 * n_lines)
        capacity *= 2;
      g_autofree guint32 *cells = g_new0 (guint32, capacity);
      g_autofree Segment *kept = g_new (Segment, n_lines);
      guint n_kept = 0;
      for (guint i = 0; i < n_lines; i++)
        {
          const float *a = v[e[2 * i]].pos, *b = v[e[2 * i + 1]].pos;
          if (a[r] == b[r] && a[u] == b[u])
            continue;
          Segment seg = segment_of (a, b, r, u);
          guint cell = hash_segment (&seg) & (capacity - 1);
          gboolean seen = FALSE;
          for (; cells[cell] != 0 && !seen; cell = (cell + 1) & (capacity - 1))
            seen = memcmp (&kept[cells[cell] - 1], &seg, sizeof seg) == 0;
          if (seen)
            continue;
          kept[n_kept++] = seg;
          cells[cell] = n_kept;
          push_indices (out, &e[2 * i], 2);
        }
      return;
    }

  for (guint i = 0; i + 1 < edges->len; i += 2)
    {
      const float *a = v[e[i]].pos, *b = v[e[i + 1]].pos;
      if (a[r] == b[r] && a[u] == b[u])
        continue;
      gboolean seen = FALSE;
      const uint32_t *kept = (const uint32_t *) (gpointer) out->data;
      for (guint j = 0; j + 1 < out->len && !seen; j += 2)
        {
          const float *c = v[kept[j]].pos, *d = v[kept[j + 1]].pos;
          seen = (a[r] == c[r] && a[u] == c[u] && b[r] == d[r] && b[u] == d[u])
                 || (a[r] == d[r] && a[u] == d[u] && b[r] == c[r] && b[u] == c[u]);
        }
      if (!seen)
        push_indices (out, &e[i], 2);
    }
}

static void
store_slot (QrSceneMesh *mesh, guint64 key, QrId entity, QrSceneVertex centre)
{
  guint index = slot_for_key (mesh, key);
  Slot *slot = &g_array_index (mesh->slots, Slot, index);
  slot->entity = entity;
  for (int axis = 0; axis < 3; axis++)
    project_edges (mesh, axis);
  GArray *edges = mesh->scratch[QR_SCENE_EDGE_INDEX];
  if (centre.flags & (QR_SCENE_SELECTED | QR_SCENE_INVALID))
    g_array_append_vals (mesh->scratch[QR_SCENE_EDGE_INDEX_MARKED], edges->data, edges->len);
  gboolean selected = (centre.flags & QR_SCENE_SELECTED) != 0;
  if (selected)
    {
      GArray *faces = mesh->scratch[QR_SCENE_FACE_INDEX];
      g_array_append_vals (mesh->scratch[QR_SCENE_FACE_INDEX_SELECTED], faces->data, faces->len);
    }
  /* A selected slot rebuilt while it stays selected (a drag) leaves the
   * static picture as it was. */
  if (!selected || !slot->selected)
    mesh->static_generation++;
  if (selected && !slot->selected)
    mesh->selected_slots++;
  else if (!selected && slot->selected)
    mesh->selected_slots--;
  slot->selected = selected;
  mesh->faces_generation++;
  /* Vertices first: their place decides what the indices add. */
  static const QrSceneStream order[] = { QR_SCENE_FACE_VERTS, QR_SCENE_EDGE_VERTS, QR_SCENE_NORMALS,
                                         QR_SCENE_FACE_INDEX, QR_SCENE_EDGE_INDEX, QR_SCENE_EDGE_INDEX_TOP,
                                         QR_SCENE_EDGE_INDEX_FRONT, QR_SCENE_EDGE_INDEX_SIDE,
                                         QR_SCENE_EDGE_INDEX_MARKED, QR_SCENE_FACE_INDEX_SELECTED };
  for (guint k = 0; k < G_N_ELEMENTS (order); k++)
    {
      QrSceneStream i = order[k];
      GArray *data = mesh->scratch[i];
      if (qr_scene_stream_is_index (i))
        {
          uint32_t base = slot->span[qr_scene_stream_vertices_of (i)].first;
          uint32_t *idx = (uint32_t *) (gpointer) data->data;
          for (guint j = 0; j < data->len; j++)
            idx[j] += base;
        }
      place (mesh, i, &slot->span[i], data);
      g_array_set_size (data, 0);
    }
  Stream *centres = &mesh->streams[QR_SCENE_CENTRES];
  for (int i = 0; i < CROSS_VERTICES; i++)
    g_array_index (centres->data, QrSceneVertex, slot->centre + i) = centre;
  stream_mark (centres, slot->centre, CROSS_VERTICES);
}

/* Sets or clears QR_SCENE_SELECTED on every vertex of a span. */
static void
flag_span (QrSceneMesh *mesh, QrSceneStream stream, guint first, guint count, gboolean selected)
{
  Stream *s = &mesh->streams[stream];
  QrSceneVertex *v = &g_array_index (s->data, QrSceneVertex, first);
  for (guint i = 0; i < count; i++)
    v[i].flags = selected ? v[i].flags | QR_SCENE_SELECTED : v[i].flags & ~(uint32_t) QR_SCENE_SELECTED;
  if (count > 0)
    stream_mark (s, first, count);
}

/* A slot joins or leaves the selection without being built again: its
 * geometry does not depend on the selection, only its vertices' SELECTED
 * flag (the views colour by it) and the copies of its indices in the
 * MARKED and FACE_INDEX_SELECTED streams do. Building Select All's 100k
 * brushes again took most of its 2 s. FALSE when there is no such slot. */
static gboolean
restyle_slot (QrSceneMesh *mesh, guint64 key, gboolean selected)
{
  gpointer found = g_hash_table_lookup (mesh->by_key, &key);
  if (found == NULL)
    return FALSE;
  Slot *slot = &g_array_index (mesh->slots, Slot, GPOINTER_TO_UINT (found) - 1);
  if (slot->selected == selected)
    return TRUE;
  static const QrSceneStream verts[] = { QR_SCENE_FACE_VERTS, QR_SCENE_EDGE_VERTS, QR_SCENE_NORMALS };
  for (guint k = 0; k < G_N_ELEMENTS (verts); k++)
    flag_span (mesh, verts[k], slot->span[verts[k]].first, slot->span[verts[k]].count, selected);
  flag_span (mesh, QR_SCENE_CENTRES, slot->centre, CROSS_VERTICES, selected);
  const QrSceneVertex *centre = &g_array_index (mesh->streams[QR_SCENE_CENTRES].data, QrSceneVertex, slot->centre);
  /* The copies hold the same absolute indices as the slot's own spans. */
  static const QrSceneStream copies[][2] = { { QR_SCENE_EDGE_INDEX_MARKED, QR_SCENE_EDGE_INDEX },
                                             { QR_SCENE_FACE_INDEX_SELECTED, QR_SCENE_FACE_INDEX } };
  for (guint k = 0; k < G_N_ELEMENTS (copies); k++)
    {
      QrSceneStream copy = copies[k][0], from = copies[k][1];
      /* An invalid brush's edges stay marked whether selected or not. */
      if (copy == QR_SCENE_EDGE_INDEX_MARKED && (centre->flags & QR_SCENE_INVALID))
        continue;
      GArray *data = mesh->scratch[copy];
      g_array_set_size (data, 0);
      if (selected)
        g_array_append_vals (data, &g_array_index (mesh->streams[from].data, uint32_t, slot->span[from].first),
                             slot->span[from].count);
      place (mesh, copy, &slot->span[copy], data);
      g_array_set_size (data, 0);
    }
  mesh->static_generation++;
  if (selected)
    mesh->selected_slots++;
  else
    mesh->selected_slots--;
  slot->selected = selected;
  mesh->faces_generation++;
  return TRUE;
}

static void
drop_slot (QrSceneMesh *mesh, guint64 key)
{
  gpointer found = g_hash_table_lookup (mesh->by_key, &key);
  if (found == NULL)
    return;
  guint index = GPOINTER_TO_UINT (found) - 1;
  Slot *slot = &g_array_index (mesh->slots, Slot, index);
  if (!slot->selected)
    mesh->static_generation++;
  else
    mesh->selected_slots--;
  mesh->faces_generation++;
  for (int i = 0; i < N_SPANS; i++)
    release_span (&mesh->streams[i], i, &slot->span[i]);
  Stream *centres = &mesh->streams[QR_SCENE_CENTRES];
  fill_unused (centres, QR_SCENE_CENTRES, slot->centre, CROSS_VERTICES);
  stream_mark (centres, slot->centre, CROSS_VERTICES);
  g_array_append_val (mesh->free_centres, slot->centre);
  slot->key = 0;
  g_array_append_val (mesh->free_slots, index);
  g_hash_table_remove (mesh->by_key, &key);
}

/* Moves every slot's data to the front of every stream, in slot order, and
 * shifts the indices after their vertices. Whole streams go up again. */
static void
compact (QrSceneMesh *mesh)
{
  GArray *packed[N_SPANS];
  for (int i = 0; i < N_SPANS; i++)
    {
      Stream *s = &mesh->streams[i];
      packed[i] = g_array_sized_new (FALSE, FALSE, element_size (i), s->data->len - s->dead);
      if (is_indexed_vertices (i))
        g_array_append_val (packed[i], UNUSED_VERTEX);
    }
  for (guint k = 0; k < mesh->slots->len; k++)
    {
      Slot *slot = &g_array_index (mesh->slots, Slot, k);
      if (slot->key == 0)
        continue;
      int64_t shift[N_SPANS] = { 0 };
      for (int i = 0; i < N_SPANS; i++)
        {
          Span *span = &slot->span[i];
          guint first = packed[i]->len;
          shift[i] = (int64_t) first - span->first;
          g_array_append_vals (packed[i], mesh->streams[i].data->data + (gsize) span->first * element_size (i),
                               span->count);
          span->first = first;
          span->capacity = span->count;
        }
      for (int i = 0; i < N_SPANS; i++)
        if (qr_scene_stream_is_index (i))
          {
            uint32_t *idx = &g_array_index (packed[i], uint32_t, slot->span[i].first);
            for (guint j = 0; j < slot->span[i].count; j++)
              idx[j] = (uint32_t) (idx[j] + shift[qr_scene_stream_vertices_of (i)]);
          }
    }
  for (int i = 0; i < N_SPANS; i++)
    {
      Stream *s = &mesh->streams[i];
      g_array_unref (s->data);
      s->data = packed[i];
      s->dead = 0;
      s->all_dirty = TRUE;
      g_array_set_size (s->dirty, 0);
    }
  mesh->faces_generation++;
}

static void
maybe_compact (QrSceneMesh *mesh)
{
  for (int i = 0; i < N_SPANS; i++)
    {
      Stream *s = &mesh->streams[i];
      if (s->dead >= COMPACT_MIN_DEAD && s->dead > s->data->len / 2)
        {
          compact (mesh);
          return;
        }
    }
}

/* ---- keeping in step with the document ---- */

static gboolean
is_selected (const QrSelection *sel, QrId brush, QrId entity)
{
  return (brush != 0 && qr_selection_has_brush (sel, brush)) || qr_selection_has_entity (sel, entity);
}

/* Hidden objects (qr-hidden.h) have no slot: no view draws them. */
static void
build_brush_slot (QrSceneMesh *mesh, const QrMap *map, const QrEntity *entity, const QrBrush *brush)
{
  if (qr_map_brush_is_hidden (map, entity, brush))
    {
      drop_slot (mesh, brush_key (brush->id));
      return;
    }
  uint32_t flags = is_selected (mesh->selection, brush->id, entity->id) ? QR_SCENE_SELECTED : 0;
  QrSceneVertex centre = build_brush (mesh, map, brush, look_of (mesh, entity), flags);
  store_slot (mesh, brush_key (brush->id), entity->id, centre);
}

static void
build_patch_slot (QrSceneMesh *mesh, const QrEntity *entity, const QrPatch *patch)
{
  if (qr_map_patch_is_hidden (qr_document_get_map (mesh->doc), entity, patch->id))
    {
      drop_slot (mesh, brush_key (patch->id));
      return;
    }
  uint32_t flags = is_selected (mesh->selection, patch->id, entity->id) ? QR_SCENE_SELECTED : 0;
  QrSceneVertex centre = build_patch (mesh, patch, look_of (mesh, entity), flags);
  store_slot (mesh, brush_key (patch->id), entity->id, centre);
}

static void
build_patch_slots (QrSceneMesh *mesh, const QrEntity *entity)
{
  for (guint k = 0; k < entity->kept->len; k++)
    {
      const QrNode *node = g_ptr_array_index (entity->kept, k);
      if (node->patch != NULL)
        build_patch_slot (mesh, entity, node->patch);
    }
}

/* A landscape (qr-landscape-mesh.h): its sampled surface, lit per sample
 * and textured from above at a texel a unit, as the compilers project a
 * floor (u = x, v = −y); its control lines as edges. FALSE when it does
 * not read: it is drawn as an entity box then. */
static gboolean
build_landscape (QrSceneMesh *mesh, const QrEntity *entity, Look look, uint32_t flags, QrSceneVertex *centre)
{
  g_autoptr (QrLandscape) land = qr_landscape_from_entity (entity, NULL);
  g_autoptr (QrLandscapeMesh) m = land != NULL ? qr_landscape_mesh_new (land) : NULL;
  if (m == NULL)
    return FALSE;
  GArray *face_verts = mesh->scratch[QR_SCENE_FACE_VERTS], *face_index = mesh->scratch[QR_SCENE_FACE_INDEX];
  GArray *edge_verts = mesh->scratch[QR_SCENE_EDGE_VERTS], *edge_index = mesh->scratch[QR_SCENE_EDGE_INDEX];
  guint texture = texture_id (mesh, land->texture != NULL ? land->texture : "");
  const MeshTexture *size = &g_array_index (mesh->textures, MeshTexture, texture);
  for (int i = 0; i < m->h * m->w; i++)
    {
      QrVec3 p = m->points[i];
      double light = face_light (m->normals[i]);
      QrUV uv = { p.x / size->width, -p.y / size->height };
      push_vertex (face_verts, face_vertex (p, lit (look.face, light), uv, light, texture, flags));
    }
  qr_landscape_mesh_triangles (m, face_index, 0);
  guint n = qr_landscape_mesh_line_count (m);
  for (guint i = 0; i < n; i++)
    {
      gboolean joins;
      uint32_t at = push_vertex (edge_verts, vertex (qr_landscape_mesh_line_point (m, i, &joins), look.edge, flags));
      if (joins)
        {
          uint32_t idx[2] = { at, at + 1 };
          push_indices (edge_index, idx, 2);
        }
    }
  *centre = centre_vertex (qr_vec3_scale (qr_vec3_add (m->bounds.min, m->bounds.max), 0.5), look.edge, flags);
  return TRUE;
}

static void
build_entity_slot (QrSceneMesh *mesh, const QrEntity *entity)
{
  QrVec3 origin;
  QrBounds box;
  QrSceneVertex centre;
  /* The box the tools pick and bound the entity by: its class's size. */
  if (!qr_entity_is_point (entity) || !qr_entity_get_origin (entity, &origin)
      || !qr_entity_box (entity, qr_document_get_entdefs (mesh->doc), &box)
      || qr_map_entity_is_hidden (qr_document_get_map (mesh->doc), entity))
    {
      drop_slot (mesh, entity_key (entity->id));
      return;
    }
  uint32_t flags = qr_selection_has_entity (mesh->selection, entity->id) ? QR_SCENE_SELECTED : 0;
  if (!qr_entity_is_landscape (entity) || !build_landscape (mesh, entity, look_of (mesh, entity), flags, &centre))
    centre = build_entity_box (mesh, origin, box, look_of (mesh, entity), flags);
  store_slot (mesh, entity_key (entity->id), entity->id, centre);
}

static void
build_face_marks (QrSceneMesh *mesh, QrDocument *doc)
{
  qr_face_marks_build (doc, mesh->selection->faces, mesh->face_marks, mesh->face_mark_ranges);
  mesh->face_marks_generation++;
}

/* True when one of `ids` holds a selected face: its marks moved with it.
 * The faces are sorted by brush: a binary search each, as a nudge of many
 * brushes names them all. */
static gboolean
holds_marked_face (const QrSceneMesh *mesh, const GArray *ids)
{
  const GArray *faces = mesh->selection->faces;
  for (guint i = 0; i < ids->len && faces->len > 0; i++)
    {
      QrId id = g_array_index (ids, QrId, i);
      guint lo = 0, hi = faces->len;
      while (lo < hi)
        {
          guint mid = lo + (hi - lo) / 2;
          if (g_array_index (faces, QrFaceRef, mid).brush < id)
            lo = mid + 1;
          else
            hi = mid;
        }
      if (lo < faces->len && g_array_index (faces, QrFaceRef, lo).brush == id)
        return TRUE;
    }
  return FALSE;
}

void
qr_scene_mesh_rebuild (QrSceneMesh *mesh, QrDocument *doc)
{
  g_return_if_fail (mesh != NULL && QR_IS_DOCUMENT (doc));

  for (int i = 0; i < QR_SCENE_N_STREAMS; i++)
    stream_reset (&mesh->streams[i], i);
  g_array_set_size (mesh->slots, 0);
  g_array_set_size (mesh->free_slots, 0);
  g_array_set_size (mesh->free_centres, 0);
  g_hash_table_remove_all (mesh->by_key);
  g_hash_table_remove_all (mesh->looks);
  g_set_object (&mesh->doc, doc);
  mesh->axis_rule = qr_dialect_axis_rule (qr_map_detect_dialect (qr_document_get_map (doc)));
  textures_reset (mesh);
  mesh->faces_generation++;
  qr_selection_free (mesh->selection);
  mesh->selection = qr_selection_copy (qr_document_get_selection (doc));
  mesh->static_generation++;
  mesh->selected_slots = 0;

  const QrMap *map = qr_document_get_map (doc);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      note_look (mesh, entity);
      build_entity_slot (mesh, entity);
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        build_brush_slot (mesh, map, entity, qr_entity_get_brush (entity, b));
      build_patch_slots (mesh, entity);
    }
  build_face_marks (mesh, doc);
}

static void
refresh_brush (QrSceneMesh *mesh, QrDocument *doc, QrId id)
{
  guint e, b;
  const QrMap *map = qr_document_get_map (doc);
  if (!qr_document_find_brush (doc, id, &e, &b))
    {
      /* Patches number with the brushes. */
      if (qr_document_find_patch (doc, id, &e, &b))
        {
          const QrEntity *entity = qr_map_get_entity (map, e);
          build_patch_slot (mesh, entity, ((const QrNode *) g_ptr_array_index (entity->kept, b))->patch);
        }
      else
        drop_slot (mesh, brush_key (id));
      return;
    }
  const QrEntity *entity = qr_map_get_entity (map, e);
  build_brush_slot (mesh, map, entity, qr_entity_get_brush (entity, b));
}

static void
refresh_entity (QrSceneMesh *mesh, QrDocument *doc, QrId id, gboolean with_brushes)
{
  guint e;
  if (!qr_document_find_entity (doc, id, &e))
    {
      drop_slot (mesh, entity_key (id));
      /* Undone, it comes back as it was, and its look is made again then. */
      g_hash_table_remove (mesh->looks, GUINT_TO_POINTER (id));
      return;
    }
  const QrMap *map = qr_document_get_map (doc);
  const QrEntity *entity = qr_map_get_entity (map, e);
  build_entity_slot (mesh, entity);
  if (with_brushes)
    {
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        build_brush_slot (mesh, map, entity, qr_entity_get_brush (entity, b));
      build_patch_slots (mesh, entity);
    }
}

/* New keys may change a brush entity's colour: its brushes and patches are
 * rebuilt only then. (A patch edit swaps its entity's header too, and must
 * not rebuild a whole world; the change set names the patch itself.) */
static void
refresh_modified_entity (QrSceneMesh *mesh, QrDocument *doc, QrId id)
{
  guint e;
  if (!qr_document_find_entity (doc, id, &e))
    {
      refresh_entity (mesh, doc, id, FALSE);
      return;
    }
  refresh_entity (mesh, doc, id, note_look (mesh, qr_map_get_entity (qr_document_get_map (doc), e)));
}

/* New definitions: every point entity's box takes its class's size and
 * colour; brush entities whose colour changed are built again (the world's
 * brushes never are: their look does not depend on definitions). */
static void
refresh_entity_looks (QrSceneMesh *mesh, QrDocument *doc)
{
  const QrMap *map = qr_document_get_map (doc);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      gboolean changed = note_look (mesh, entity);
      build_entity_slot (mesh, entity);
      if (!changed)
        continue;
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        build_brush_slot (mesh, map, entity, qr_entity_get_brush (entity, b));
      build_patch_slots (mesh, entity);
    }
}

/* Where a brush is: its entity's index and its index there, plus one so
 * that no place is NULL. */
#define PLACE(e, b) GUINT_TO_POINTER (((e) << 16 | (b)) + 1)

/* Rebuilds (or drops) the slots of these brush ids, in their order. One
 * walk over the map finds them all: a search per id walked it once each,
 * which for the 100 brushes of a drag cost as much as building their slots
 * (callgrind, NewDeralia). */
static void
refresh_ids (QrSceneMesh *mesh, QrDocument *doc, const GArray *ids)
{
  if (ids->len < 4)
    {
      for (guint i = 0; i < ids->len; i++)
        refresh_brush (mesh, doc, g_array_index (ids, QrId, i));
      return;
    }
  const QrMap *map = qr_document_get_map (doc);
  g_autoptr (GHashTable) places = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < ids->len; i++)
    g_hash_table_insert (places, GUINT_TO_POINTER (g_array_index (ids, QrId, i)), NULL);
  guint left = g_hash_table_size (places);
  for (guint e = 0; e < qr_map_entity_count (map) && left > 0; e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      for (guint b = 0; b < qr_entity_brush_count (entity) && left > 0; b++)
        {
          gpointer key = GUINT_TO_POINTER (qr_entity_get_brush (entity, b)->id), place;
          if (e < 0xffff && b < 0xffff && g_hash_table_lookup_extended (places, key, NULL, &place) && place == NULL)
            {
              g_hash_table_insert (places, key, PLACE (e, b));
              left--;
            }
        }
    }
  for (guint i = 0; i < ids->len; i++)
    {
      QrId id = g_array_index (ids, QrId, i);
      guint place = GPOINTER_TO_UINT (g_hash_table_lookup (places, GUINT_TO_POINTER (id)));
      if (place == 0)
        {
          /* Gone, or beyond what a place holds: the search decides. */
          refresh_brush (mesh, doc, id);
          continue;
        }
      const QrEntity *entity = qr_map_get_entity (map, (place - 1) >> 16);
      build_brush_slot (mesh, map, entity, qr_entity_get_brush (entity, (place - 1) & 0xffff));
    }
}

/* The selection changed for these brush ids: their slots are restyled;
 * those without one (none yet, or gone) are built or dropped. */
static void
restyle_brushes (QrSceneMesh *mesh, QrDocument *doc, const GArray *ids)
{
  g_autoptr (GArray) missing = g_array_new (FALSE, FALSE, sizeof (QrId));
  for (guint i = 0; i < ids->len; i++)
    {
      QrId id = g_array_index (ids, QrId, i);
      guint64 key = brush_key (id);
      gpointer found = g_hash_table_lookup (mesh->by_key, &key);
      if (found == NULL)
        {
          g_array_append_val (missing, id);
          continue;
        }
      const Slot *slot = &g_array_index (mesh->slots, Slot, GPOINTER_TO_UINT (found) - 1);
      restyle_slot (mesh, key, is_selected (mesh->selection, id, slot->entity));
    }
  refresh_ids (mesh, doc, missing);
}

/* An entity joined or left the selection: it and its brushes and patches
 * are restyled (a brush of a selected entity is drawn selected). */
static void
restyle_entity (QrSceneMesh *mesh, QrDocument *doc, QrId id)
{
  guint e;
  if (!qr_document_find_entity (doc, id, &e))
    {
      refresh_entity (mesh, doc, id, FALSE);
      return;
    }
  const QrMap *map = qr_document_get_map (doc);
  const QrEntity *entity = qr_map_get_entity (map, e);
  if (!restyle_slot (mesh, entity_key (id), qr_selection_has_entity (mesh->selection, id)))
    build_entity_slot (mesh, entity);
  for (guint b = 0; b < qr_entity_brush_count (entity); b++)
    {
      const QrBrush *brush = qr_entity_get_brush (entity, b);
      if (!restyle_slot (mesh, brush_key (brush->id), is_selected (mesh->selection, brush->id, id)))
        build_brush_slot (mesh, map, entity, brush);
    }
  for (guint k = 0; k < entity->kept->len; k++)
    {
      const QrNode *node = g_ptr_array_index (entity->kept, k);
      if (node->patch != NULL
          && !restyle_slot (mesh, brush_key (node->patch->id), is_selected (mesh->selection, node->patch->id, id)))
        build_patch_slot (mesh, entity, node->patch);
    }
}

/* Ids in a but not in b (both sorted and unique). */
static void
difference (const GArray *a, const GArray *b, GArray *out)
{
  guint j = 0;
  for (guint i = 0; i < a->len; i++)
    {
      QrId id = g_array_index (a, QrId, i);
      while (j < b->len && g_array_index (b, QrId, j) < id)
        j++;
      if (j == b->len || g_array_index (b, QrId, j) != id)
        g_array_append_val (out, id);
    }
}

/* The set's sizes may differ from those the UVs were divided by: brushes
 * with a face of such a texture are rebuilt (patches' UVs do not depend on
 * the size). */
static void
refresh_texture_sizes (QrSceneMesh *mesh, QrDocument *doc)
{
  g_autofree gboolean *resized = g_new0 (gboolean, mesh->textures->len);
  gboolean any = FALSE;
  for (guint id = 1; id < mesh->textures->len; id++)
    {
      MeshTexture *t = &g_array_index (mesh->textures, MeshTexture, id);
      int width, height;
      known_size (mesh, t->name, &width, &height);
      if (width != t->width || height != t->height)
        {
          t->width = width;
          t->height = height;
          resized[id] = any = TRUE;
        }
    }
  if (!any)
    return;

  const QrMap *map = qr_document_get_map (doc);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      /* Landscapes are few: each is built again, whichever texture it has. */
      if (qr_entity_is_landscape (entity))
        build_entity_slot (mesh, entity);
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, b);
          for (int f = 0; f < brush->n_faces; f++)
            {
              gpointer id = g_hash_table_lookup (mesh->map_textures, GUINT_TO_POINTER (brush->faces[f].texture + 1));
              if (id != NULL && resized[GPOINTER_TO_UINT (id)])
                {
                  build_brush_slot (mesh, map, entity, brush);
                  break;
                }
            }
        }
    }
}

void
qr_scene_mesh_group_faces (QrSceneMesh *mesh)
{
  g_return_if_fail (mesh != NULL);
  if (mesh->grouped_generation == mesh->faces_generation && mesh->grouped_generation != 0)
    return;
  mesh->grouped_generation = mesh->faces_generation;

  /* A counting sort of the triangles by (selected, texture id). */
  const GArray *index = mesh->streams[QR_SCENE_FACE_INDEX].data;
  const uint32_t *idx = (const uint32_t *) (gpointer) index->data;
  const QrSceneVertex *verts = (const QrSceneVertex *) (gpointer) mesh->streams[QR_SCENE_FACE_VERTS].data->data;
  guint n_textures = mesh->textures->len, n_keys = 2 * n_textures;
  g_autofree guint *start = g_new0 (guint, n_keys + 1);
  for (guint i = 0; i + 2 < index->len; i += 3)
    {
      const QrSceneVertex *v = &verts[idx[i]];
      if (v->flags & QR_SCENE_UNUSED)
        continue;
      guint selected = (v->flags & QR_SCENE_SELECTED) != 0;
      start[selected * n_textures + qr_scene_vertex_texture (v) + 1] += 3;
    }
  for (guint k = 0; k < n_keys; k++)
    start[k + 1] += start[k];

  Stream *out = &mesh->streams[QR_SCENE_FACE_INDEX_BY_TEXTURE];
  g_array_set_size (out->data, start[n_keys]);
  uint32_t *dst = (uint32_t *) (gpointer) out->data->data;
  for (int i = 0; i < 2; i++)
    g_array_set_size (mesh->batches[i], 0);
  for (guint k = 0; k < n_keys; k++)
    if (start[k + 1] > start[k])
      {
        QrSceneBatch batch = { k % n_textures, start[k], start[k + 1] - start[k] };
        g_array_append_val (mesh->batches[k / n_textures], batch);
      }
  /* start[k] now walks as the next free place of key k. */
  for (guint i = 0; i + 2 < index->len; i += 3)
    {
      const QrSceneVertex *v = &verts[idx[i]];
      if (v->flags & QR_SCENE_UNUSED)
        continue;
      guint selected = (v->flags & QR_SCENE_SELECTED) != 0;
      guint *place = &start[selected * n_textures + qr_scene_vertex_texture (v)];
      memcpy (dst + *place, idx + i, 3 * sizeof (uint32_t));
      *place += 3;
    }
  out->all_dirty = TRUE;
  g_array_set_size (out->dirty, 0);
}

const QrSceneBatch *
qr_scene_mesh_get_batches (const QrSceneMesh *mesh, gboolean selected, guint *n)
{
  g_return_val_if_fail (mesh != NULL && n != NULL, NULL);
  const GArray *batches = mesh->batches[selected ? 1 : 0];
  *n = batches->len;
  return (const QrSceneBatch *) (gpointer) batches->data;
}

void
qr_scene_mesh_update (QrSceneMesh *mesh, QrDocument *doc, const QrChangeSet *changes)
{
  g_return_if_fail (mesh != NULL && QR_IS_DOCUMENT (doc) && changes != NULL);

  /* A face selection changes no slot: only the marks are made again. */
  gboolean marks_stale = holds_marked_face (mesh, changes->brushes_removed)
                         || holds_marked_face (mesh, changes->brushes_modified);
  if (changes->selection_changed)
    {
      const QrSelection *now = qr_document_get_selection (doc);
      GArray *faces = mesh->selection->faces;
      marks_stale |= faces->len != now->faces->len
                     || (faces->len > 0 && memcmp (faces->data, now->faces->data, faces->len * sizeof (QrFaceRef)) != 0);
      g_autoptr (GArray) brushes = g_array_new (FALSE, FALSE, sizeof (QrId));
      g_autoptr (GArray) entities = g_array_new (FALSE, FALSE, sizeof (QrId));
      difference (mesh->selection->brushes, now->brushes, brushes);
      difference (now->brushes, mesh->selection->brushes, brushes);
      difference (mesh->selection->entities, now->entities, entities);
      difference (now->entities, mesh->selection->entities, entities);
      qr_selection_free (mesh->selection);
      mesh->selection = qr_selection_copy (now);
      restyle_brushes (mesh, doc, brushes);
      for (guint i = 0; i < entities->len; i++)
        restyle_entity (mesh, doc, g_array_index (entities, QrId, i));
    }

  /* Each id is rebuilt from what the document holds now, or dropped when it
   * holds none, so the order of the lists does not matter. */
  refresh_ids (mesh, doc, changes->brushes_removed);
  refresh_ids (mesh, doc, changes->brushes_added);
  refresh_ids (mesh, doc, changes->brushes_modified);
  for (guint i = 0; i < changes->entities_removed->len; i++)
    refresh_entity (mesh, doc, g_array_index (changes->entities_removed, QrId, i), FALSE);
  for (guint i = 0; i < changes->entities_added->len; i++)
    refresh_entity (mesh, doc, g_array_index (changes->entities_added, QrId, i), FALSE);
  for (guint i = 0; i < changes->entities_modified->len; i++)
    refresh_modified_entity (mesh, doc, g_array_index (changes->entities_modified, QrId, i));
  if (changes->textures_changed)
    refresh_texture_sizes (mesh, doc);
  if (changes->entdefs_changed)
    refresh_entity_looks (mesh, doc);
  /* An undone deletion brings a brush back under its old id, faces and all. */
  marks_stale |= holds_marked_face (mesh, changes->brushes_added);
  if (marks_stale)
    build_face_marks (mesh, doc);

  maybe_compact (mesh);
}

const QrSceneVertex *
qr_scene_mesh_get_face_marks (const QrSceneMesh *mesh, QrSceneRange ranges[QR_FACE_MARK_N], guint64 *generation)
{
  g_return_val_if_fail (mesh != NULL && ranges != NULL, NULL);
  memcpy (ranges, mesh->face_mark_ranges, sizeof mesh->face_mark_ranges);
  if (generation != NULL)
    *generation = mesh->face_marks_generation;
  return (const QrSceneVertex *) (gpointer) mesh->face_marks->data;
}
