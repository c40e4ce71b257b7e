/* qr-scene-mesh.c — see qr-scene-mesh.h. */
#include "qr-scene-mesh.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "qr-brush.h"
#include "qr-entity.h"
#include "qr-map.h"

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

typedef struct
{
  guint64 key;       /* 0: free */
  Span span[2];      /* faces, edges */
  guint centre;      /* index in the centre stream */
} Slot;

typedef struct
{
  GArray *verts; /* QrSceneVertex */
  GArray *dirty; /* QrSceneRange */
  gboolean all_dirty;
  guint dead;
} Stream;

struct _QrSceneMesh
{
  Stream streams[QR_SCENE_N_STREAMS];
  GArray *slots;          /* Slot */
  GArray *free_slots;     /* guint */
  GArray *free_centres;   /* guint */
  GHashTable *by_key;     /* key → slot index + 1 */
  GHashTable *textures;   /* texture index → colour + 1: cached per mesh */
  QrSelection *selection; /* copy of the document's, to restyle what changed */
  GArray *scratch[2];     /* QrSceneVertex: a slot being built */
  guint64 written;
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

static void
stream_init (Stream *s)
{
  s->verts = g_array_new (FALSE, FALSE, sizeof (QrSceneVertex));
  s->dirty = g_array_new (FALSE, FALSE, sizeof (QrSceneRange));
  s->all_dirty = TRUE;
  s->dead = 0;
}

static void
stream_clear (Stream *s)
{
  g_array_unref (s->verts);
  g_array_unref (s->dirty);
}

static void
stream_mark (Stream *s, guint first, guint count)
{
  if (count == 0 || s->all_dirty)
    return;
  QrSceneRange r = { first, count };
  g_array_append_val (s->dirty, r);
}

QrSceneMesh *
qr_scene_mesh_new (void)
{
  QrSceneMesh *mesh = g_new0 (QrSceneMesh, 1);
  for (int i = 0; i < QR_SCENE_N_STREAMS; i++)
    stream_init (&mesh->streams[i]);
  mesh->slots = g_array_new (FALSE, FALSE, sizeof (Slot));
  mesh->free_slots = g_array_new (FALSE, FALSE, sizeof (guint));
  mesh->free_centres = g_array_new (FALSE, FALSE, sizeof (guint));
  mesh->by_key = g_hash_table_new (g_int64_hash, g_int64_equal);
  mesh->textures = g_hash_table_new (NULL, NULL);
  mesh->selection = qr_selection_new ();
  for (int i = 0; i < 2; i++)
    mesh->scratch[i] = g_array_new (FALSE, FALSE, sizeof (QrSceneVertex));
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
  g_hash_table_unref (mesh->textures);
  qr_selection_free (mesh->selection);
  for (int i = 0; i < 2; i++)
    g_array_unref (mesh->scratch[i]);
  g_free (mesh);
}

const QrSceneVertex *
qr_scene_mesh_get_vertices (const QrSceneMesh *mesh, QrSceneStream stream, guint *n_vertices)
{
  g_return_val_if_fail (mesh != NULL && stream < QR_SCENE_N_STREAMS, NULL);
  const Stream *s = &mesh->streams[stream];
  *n_vertices = s->verts->len;
  return (const QrSceneVertex *) (gpointer) s->verts->data;
}

guint64
qr_scene_mesh_get_written (const QrSceneMesh *mesh)
{
  return mesh->written;
}

static int
compare_ranges (const void *a, const void *b)
{
  const QrSceneRange *x = a, *y = b;
  return x->first < y->first ? -1 : x->first > y->first;
}

GArray *
qr_scene_mesh_take_dirty (QrSceneMesh *mesh, QrSceneStream stream, gboolean *all)
{
  g_return_val_if_fail (mesh != NULL && stream < QR_SCENE_N_STREAMS, NULL);
  Stream *s = &mesh->streams[stream];
  GArray *out = g_array_new (FALSE, FALSE, sizeof (QrSceneRange));
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
  return out;
}

/* ---- building one slot's vertices ---- */

static uint32_t
texture_color (QrSceneMesh *mesh, const QrMap *map, uint32_t texture)
{
  gpointer cached = g_hash_table_lookup (mesh->textures, GUINT_TO_POINTER (texture + 1));
  if (cached != NULL)
    return GPOINTER_TO_UINT (cached) - 1;

  /* A stable hue from the name (FNV-1a), soft enough that edges stay readable. */
  const char *name = qr_map_texture_name (map, texture);
  uint32_t h = 2166136261u;
  for (const char *c = name; c != NULL && *c != '\0'; c++)
    h = (h ^ (uint8_t) g_ascii_tolower (*c)) * 16777619u;
  double hue = (h % 360u) / 60.0, s = 0.35 + (h >> 16) % 20 / 100.0, v = 0.82;
  double f = hue - floor (hue), p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  double rgb[6][3] = { { v, t, p }, { q, v, p }, { p, v, t }, { p, q, v }, { t, p, v }, { v, p, q } };
  const double *c = rgb[(int) hue % 6];
  uint32_t color = RGB ((int) (c[0] * 255), (int) (c[1] * 255), (int) (c[2] * 255));
  /* +1 keeps 0 free for "not cached" even for a zero colour. */
  g_hash_table_insert (mesh->textures, GUINT_TO_POINTER (texture + 1), GUINT_TO_POINTER (color + 1));
  return color;
}

static inline QrSceneVertex
vertex (QrVec3 p, const float normal[3], uint32_t color, uint32_t tex_color, uint32_t flags)
{
  QrSceneVertex v = {
    .pos = { (float) p.x, (float) p.y, (float) p.z },
    .normal = { normal[0], normal[1], normal[2] },
    .color = color,
    .tex_color = tex_color,
    .flags = flags,
  };
  return v;
}

static const float NO_NORMAL[3] = { 0, 0, 0 };

static void
push_line (GArray *out, QrVec3 a, QrVec3 b, uint32_t color, uint32_t flags)
{
  QrSceneVertex v[2] = { vertex (a, NO_NORMAL, color, color, flags),
                         vertex (b, NO_NORMAL, color, color, flags) };
  g_array_append_vals (out, v, 2);
}

typedef enum
{
  STYLE_WORLD,
  STYLE_BRUSH_ENTITY,
  STYLE_TRIGGER,
} BrushStyle;

static BrushStyle
entity_style (const QrEntity *entity)
{
  const char *cls = qr_entity_get_classname (entity);
  if (g_str_equal (cls, "worldspawn") || g_str_equal (cls, "func_group")
      || g_str_equal (cls, "func_detail"))
    return STYLE_WORLD;
  if (g_str_has_prefix (cls, "trigger_"))
    return STYLE_TRIGGER;
  return STYLE_BRUSH_ENTITY;
}

/* A centre vertex: the cross's middle. */
static QrSceneVertex
centre_vertex (QrVec3 p, uint32_t color, uint32_t flags)
{
  return vertex (p, NO_NORMAL, color, color, flags);
}

static QrSceneVertex
build_brush (QrSceneMesh *mesh, const QrMap *map, const QrBrush *brush, BrushStyle style,
             uint32_t flags)
{
  GArray *faces = mesh->scratch[0], *edges = mesh->scratch[1];
  uint32_t edge_color = style == STYLE_WORLD ? WORLD_EDGE
                      : style == STYLE_TRIGGER ? TRIGGER_EDGE : BRUSH_ENTITY_EDGE;
  uint32_t face_color = style == STYLE_WORLD ? WORLD_FACE
                      : style == STYLE_TRIGGER ? TRIGGER_FACE : BRUSH_ENTITY_FACE;

  if (!qr_brush_is_valid (brush))
    {
      /* Never hidden: the triangle of each face's plane points, and a cross
       * at their mean, all marked invalid. */
      QrVec3 sum = qr_vec3 (0, 0, 0);
      for (int f = 0; f < brush->n_faces; f++)
        {
          const QrVec3 *p = brush->faces[f].points;
          for (int i = 0; i < 3; i++)
            {
              push_line (edges, p[i], p[(i + 1) % 3], edge_color, flags | QR_SCENE_INVALID);
              sum = qr_vec3_add (sum, p[i]);
            }
        }
      double n = MAX (1, 3 * brush->n_faces);
      return centre_vertex (qr_vec3_scale (sum, 1.0 / n), edge_color, flags | QR_SCENE_INVALID);
    }

  const QrPolytope *poly = brush->poly;
  for (int f = 0; f < poly->n_faces; f++)
    {
      int n = qr_polytope_face_count (poly, f);
      if (n < 3)
        continue;
      const uint16_t *idx = qr_polytope_face_indices (poly, f);
      QrPlane plane;
      if (!qr_face_plane (&brush->faces[f], &plane))
        continue;
      float normal[3] = { (float) plane.normal.x, (float) plane.normal.y, (float) plane.normal.z };
      uint32_t tex = texture_color (mesh, map, brush->faces[f].texture);
      QrVec3 centroid = qr_vec3 (0, 0, 0);
      for (int i = 0; i < n; i++)
        centroid = qr_vec3_add (centroid, poly->verts[idx[i]]);
      for (int i = 1; i + 1 < n; i++)
        {
          QrSceneVertex tri[3] = {
            vertex (poly->verts[idx[0]], normal, face_color, tex, flags),
            vertex (poly->verts[idx[i]], normal, face_color, tex, flags),
            vertex (poly->verts[idx[i + 1]], normal, face_color, tex, flags),
          };
          g_array_append_vals (faces, tri, 3);
        }
      centroid = qr_vec3_scale (centroid, 1.0 / n);
      push_line (edges, centroid, qr_vec3_add (centroid, qr_vec3_scale (plane.normal, QR_SCENE_NORMAL_LENGTH)),
                 NORMAL_LINE, flags | QR_SCENE_NORMAL_LINE);
    }
  for (int e = 0; e < poly->n_edges; e++)
    push_line (edges, poly->verts[poly->edges[2 * e]], poly->verts[poly->edges[2 * e + 1]], edge_color, flags);

  QrVec3 centre = qr_vec3_scale (qr_vec3_add (poly->bounds.min, poly->bounds.max), 0.5);
  return centre_vertex (centre, edge_color, flags);
}

/* A point entity: one with an origin and no brushes. */
static gboolean
entity_origin (const QrEntity *entity, QrVec3 *origin)
{
  if (qr_entity_brush_count (entity) > 0)
    return FALSE;
  const char *value = qr_entity_get_key (entity, "origin");
  if (value == NULL)
    return FALSE;
  double v[3];
  char *end = (char *) value;
  for (int i = 0; i < 3; i++)
    {
      char *start = end;
      v[i] = g_ascii_strtod (start, &end);
      if (end == start)
        return FALSE;
    }
  *origin = qr_vec3 (v[0], v[1], v[2]);
  return TRUE;
}

static QrSceneVertex
build_entity_box (QrSceneMesh *mesh, QrVec3 o, uint32_t flags)
{
  GArray *faces = mesh->scratch[0], *edges = mesh->scratch[1];
  const double h = QR_SCENE_ENTITY_HALF_SIZE;
  QrVec3 c[8];
  for (int i = 0; i < 8; i++)
    c[i] = qr_vec3 (o.x + (i & 1 ? h : -h), o.y + (i & 2 ? h : -h), o.z + (i & 4 ? h : -h));
  for (int i = 0; i < 8; i++)
    for (int axis = 0; axis < 3; axis++)
      if (!(i & (1 << axis)))
        push_line (edges, c[i], c[i | (1 << axis)], POINT_ENTITY, flags | QR_SCENE_ENTITY);

  /* Six quads, anticlockwise from outside: corners listed by bit pattern. */
  static const int quads[6][4] = { { 0, 2, 6, 4 }, { 1, 5, 7, 3 }, { 0, 4, 5, 1 },
                                   { 2, 3, 7, 6 }, { 0, 1, 3, 2 }, { 4, 6, 7, 5 } };
  static const float normals[6][3] = { { -1, 0, 0 }, { 1, 0, 0 }, { 0, -1, 0 },
                                       { 0, 1, 0 },  { 0, 0, -1 }, { 0, 0, 1 } };
  for (int q = 0; q < 6; q++)
    {
      const int *k = quads[q];
      int order[6] = { k[0], k[1], k[2], k[0], k[2], k[3] };
      for (int i = 0; i < 6; i++)
        {
          QrSceneVertex v = vertex (c[order[i]], normals[q], POINT_ENTITY, POINT_ENTITY, flags | QR_SCENE_ENTITY);
          g_array_append_val (faces, v);
        }
    }
  return centre_vertex (o, POINT_ENTITY, flags | QR_SCENE_ENTITY);
}

/* ---- placing slots in the streams ---- */

static void
fill_unused (Stream *s, guint first, guint count)
{
  QrSceneVertex *v = &g_array_index (s->verts, QrSceneVertex, first);
  memset (v, 0, count * sizeof *v);
  for (guint i = 0; i < count; i++)
    v[i].flags = QR_SCENE_UNUSED;
}

static void
place (QrSceneMesh *mesh, Stream *s, Span *span, GArray *data)
{
  if (data->len > span->capacity)
    {
      if (span->capacity > 0)
        {
          fill_unused (s, span->first, span->capacity);
          stream_mark (s, span->first, span->capacity);
          s->dead += span->capacity;
        }
      span->first = s->verts->len;
      span->capacity = data->len;
      g_array_append_vals (s->verts, data->data, data->len);
      stream_mark (s, span->first, data->len);
    }
  else
    {
      memcpy (&g_array_index (s->verts, QrSceneVertex, span->first), data->data,
              data->len * sizeof (QrSceneVertex));
      if (span->count > data->len)
        fill_unused (s, span->first + data->len, span->count - data->len);
      stream_mark (s, span->first, MAX (span->count, data->len));
    }
  span->count = data->len;
  mesh->written += data->len;
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
      slot->centre = centres->verts->len;
      g_array_set_size (centres->verts, slot->centre + 1);
      stream_mark (centres, slot->centre, 1);
    }
  /* The key lives in the slot array, which may move: the table owns a copy. */
  guint64 *k = g_new (guint64, 1);
  *k = key;
  g_hash_table_insert (mesh->by_key, k, GUINT_TO_POINTER (index + 1));
  return index;
}

static void
store_slot (QrSceneMesh *mesh, guint64 key, QrSceneVertex centre)
{
  guint index = slot_for_key (mesh, key);
  Slot *slot = &g_array_index (mesh->slots, Slot, index);
  for (int i = 0; i < 2; i++)
    {
      place (mesh, &mesh->streams[i], &slot->span[i], mesh->scratch[i]);
      g_array_set_size (mesh->scratch[i], 0);
    }
  Stream *centres = &mesh->streams[QR_SCENE_CENTRES];
  g_array_index (centres->verts, QrSceneVertex, slot->centre) = centre;
  stream_mark (centres, slot->centre, 1);
  mesh->written++;
}

static void
drop_slot (QrSceneMesh *mesh, guint64 key)
{
  gpointer found = g_hash_table_lookup (mesh->by_key, &key);
  if (found == NULL)
    return;
  guint index = GPOINTER_TO_UINT (found) - 1;
  Slot *slot = &g_array_index (mesh->slots, Slot, index);
  for (int i = 0; i < 2; i++)
    {
      Stream *s = &mesh->streams[i];
      if (slot->span[i].capacity > 0)
        {
          fill_unused (s, slot->span[i].first, slot->span[i].capacity);
          stream_mark (s, slot->span[i].first, slot->span[i].capacity);
          s->dead += slot->span[i].capacity;
        }
    }
  Stream *centres = &mesh->streams[QR_SCENE_CENTRES];
  fill_unused (centres, slot->centre, 1);
  stream_mark (centres, slot->centre, 1);
  g_array_append_val (mesh->free_centres, slot->centre);
  slot->key = 0;
  g_array_append_val (mesh->free_slots, index);
  g_hash_table_remove (mesh->by_key, &key);
}

/* Moves every slot's data to the front, in slot order, when a stream is
 * mostly holes. */
static void
compact (QrSceneMesh *mesh, int which)
{
  Stream *s = &mesh->streams[which];
  GArray *packed = g_array_sized_new (FALSE, FALSE, sizeof (QrSceneVertex), s->verts->len - s->dead);
  for (guint i = 0; i < mesh->slots->len; i++)
    {
      Slot *slot = &g_array_index (mesh->slots, Slot, i);
      if (slot->key == 0)
        continue;
      Span *span = &slot->span[which];
      guint first = packed->len;
      g_array_append_vals (packed, &g_array_index (s->verts, QrSceneVertex, span->first), span->count);
      span->first = first;
      span->capacity = span->count;
    }
  g_array_unref (s->verts);
  s->verts = packed;
  s->dead = 0;
  s->all_dirty = TRUE;
  g_array_set_size (s->dirty, 0);
}

static void
maybe_compact (QrSceneMesh *mesh)
{
  for (int i = 0; i < 2; i++)
    {
      Stream *s = &mesh->streams[i];
      if (s->dead >= COMPACT_MIN_DEAD && s->dead > s->verts->len / 2)
        compact (mesh, i);
    }
}

/* ---- keeping in step with the document ---- */

static gboolean
is_selected (const QrSelection *sel, QrId brush, QrId entity)
{
  return (brush != 0 && qr_selection_has_brush (sel, brush)) || qr_selection_has_entity (sel, entity);
}

static void
build_brush_slot (QrSceneMesh *mesh, const QrMap *map, const QrEntity *entity, const QrBrush *brush)
{
  uint32_t flags = is_selected (mesh->selection, brush->id, entity->id) ? QR_SCENE_SELECTED : 0;
  QrSceneVertex centre = build_brush (mesh, map, brush, entity_style (entity), flags);
  store_slot (mesh, brush_key (brush->id), centre);
}

static void
build_entity_slot (QrSceneMesh *mesh, const QrEntity *entity)
{
  QrVec3 origin;
  if (!entity_origin (entity, &origin))
    {
      drop_slot (mesh, entity_key (entity->id));
      return;
    }
  uint32_t flags = qr_selection_has_entity (mesh->selection, entity->id) ? QR_SCENE_SELECTED : 0;
  QrSceneVertex centre = build_entity_box (mesh, origin, flags);
  store_slot (mesh, entity_key (entity->id), centre);
}

void
qr_scene_mesh_rebuild (QrSceneMesh *mesh, QrDocument *doc)
{
  g_return_if_fail (mesh != NULL && QR_IS_DOCUMENT (doc));

  for (int i = 0; i < QR_SCENE_N_STREAMS; i++)
    {
      g_array_set_size (mesh->streams[i].verts, 0);
      g_array_set_size (mesh->streams[i].dirty, 0);
      mesh->streams[i].all_dirty = TRUE;
      mesh->streams[i].dead = 0;
    }
  g_array_set_size (mesh->slots, 0);
  g_array_set_size (mesh->free_slots, 0);
  g_array_set_size (mesh->free_centres, 0);
  g_hash_table_remove_all (mesh->by_key);
  g_hash_table_remove_all (mesh->textures);
  qr_selection_free (mesh->selection);
  mesh->selection = qr_selection_copy (qr_document_get_selection (doc));

  const QrMap *map = qr_document_get_map (doc);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      build_entity_slot (mesh, entity);
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        build_brush_slot (mesh, map, entity, qr_entity_get_brush (entity, b));
    }
  mesh->written = 0;
}

static void
refresh_brush (QrSceneMesh *mesh, QrDocument *doc, QrId id)
{
  guint e, b;
  if (!qr_document_find_brush (doc, id, &e, &b))
    {
      drop_slot (mesh, brush_key (id));
      return;
    }
  const QrMap *map = qr_document_get_map (doc);
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
      return;
    }
  const QrMap *map = qr_document_get_map (doc);
  const QrEntity *entity = qr_map_get_entity (map, e);
  build_entity_slot (mesh, entity);
  if (with_brushes)
    for (guint b = 0; b < qr_entity_brush_count (entity); b++)
      build_brush_slot (mesh, map, entity, qr_entity_get_brush (entity, b));
}

static void
refresh_ids (QrSceneMesh *mesh, QrDocument *doc, const GArray *ids)
{
  for (guint i = 0; i < ids->len; i++)
    refresh_brush (mesh, doc, g_array_index (ids, QrId, i));
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

void
qr_scene_mesh_update (QrSceneMesh *mesh, QrDocument *doc, const QrChangeSet *changes)
{
  g_return_if_fail (mesh != NULL && QR_IS_DOCUMENT (doc) && changes != NULL);

  if (changes->selection_changed)
    {
      const QrSelection *now = qr_document_get_selection (doc);
      g_autoptr (GArray) brushes = g_array_new (FALSE, FALSE, sizeof (QrId));
      g_autoptr (GArray) entities = g_array_new (FALSE, FALSE, sizeof (QrId));
      difference (mesh->selection->brushes, now->brushes, brushes);
      difference (now->brushes, mesh->selection->brushes, brushes);
      difference (mesh->selection->entities, now->entities, entities);
      difference (now->entities, mesh->selection->entities, entities);
      qr_selection_free (mesh->selection);
      mesh->selection = qr_selection_copy (now);
      refresh_ids (mesh, doc, brushes);
      for (guint i = 0; i < entities->len; i++)
        refresh_entity (mesh, doc, g_array_index (entities, QrId, i), TRUE);
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
  /* New keys may change a brush entity's colour. */
  for (guint i = 0; i < changes->entities_modified->len; i++)
    refresh_entity (mesh, doc, g_array_index (changes->entities_modified, QrId, i), TRUE);

  maybe_compact (mesh);
}
