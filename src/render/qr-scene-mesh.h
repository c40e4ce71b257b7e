/* qr-scene-mesh.h — the vertex data all four views draw from, built on the
 * CPU and kept in step with the document by change sets.
 *
 * Streams: face corners, lit by their face's normal, and triangle indices into
 * them (the 3D view); brush corners and edge indices into them (every view;
 * invalid brushes show the triangles of their plane points instead); face
 * normal lines; centres (one vertex per brush or point entity, drawn as a
 * cross). Indexing matters: a software rasteriser shades each corner once
 * instead of once per triangle or edge that uses it. Each brush and point
 * entity owns a slot: a range in each stream. An edit rewrites only the
 * slots of the ids its change set names, in place when the new data fits,
 * and records the ranges it dirtied so that the GL side uploads just those.
 * Vertex 0 of the face and edge vertex streams is never drawn, and unused index space
 * points at it.
 *
 * Entities: a point entity's box spans its class's size in the document's
 * definitions (qr_entity_box) and every entity is drawn in its class's
 * colour, or QR_SCENE_UNKNOWN_CLASS when definitions are loaded that do
 * not know it; a change set with `entdefs_changed` rebuilds every point
 * entity's slot and the brushes of the entities whose colour changed.
 *
 * Textures: each face corner carries its texture coordinates (src/geom's
 * qr_texproj_uvs, divided by the texture's size from the document's texture
 * set, or by 64 × 64 while the size is unknown) and the id of its texture in
 * a table of the mesh's own. A change set with `textures_changed` rebuilds
 * only the brushes whose textures changed size. For the textured style the
 * triangles are grouped by texture on request (qr_scene_mesh_group_faces),
 * so that a view draws each texture's faces with one call. No GL here:
 * tests check the mesh directly. */
#pragma once

#include <glib.h>
#include <stdint.h>
#include "qr-change-set.h"
#include "qr-document.h"

typedef struct
{
  float pos[3];
  uint32_t color; /* RGBA8, red in the lowest byte: the 2D colour, or the lit face colour; a
                   * face's alpha is how much of its texture's first layer shows (a
                   * displacement's 255 − alpha: the rest is the second, qr-texture-set.h) */
  float uv[2];    /* faces: texture coordinates, 1 = the texture's width or height */
  float light;    /* faces: what the texture is multiplied by (the shaded style's light) */
  uint32_t flags; /* QrSceneFlags; faces: the texture id above QR_SCENE_TEXTURE_SHIFT */
} QrSceneVertex;

/* Face vertices keep their texture's id (qr_scene_mesh_get_texture_name) in
 * the bits of `flags` from here up; 0 is no texture (a point entity's box). */
#define QR_SCENE_TEXTURE_SHIFT 8
#define QR_SCENE_NO_TEXTURE 0u

static inline guint
qr_scene_vertex_texture (const QrSceneVertex *v)
{
  return v->flags >> QR_SCENE_TEXTURE_SHIFT;
}

typedef enum
{
  QR_SCENE_SELECTED = 1 << 0,
  QR_SCENE_INVALID = 1 << 1,     /* part of an invalid brush's marking */
  QR_SCENE_NORMAL_LINE = 1 << 2, /* a face-normal line */
  QR_SCENE_ENTITY = 1 << 3,      /* a point entity's box */
  QR_SCENE_UNUSED = 1 << 4,      /* space no slot uses: never drawn */
  /* A line of a displacement's grid inside its border (and every diagonal):
   * the design canvases leave them out when the grid is too fine to see. */
  QR_SCENE_DISP_INNER = 1 << 5,
} QrSceneFlags;

typedef enum
{
  QR_SCENE_FACE_VERTS,  /* QrSceneVertex */
  QR_SCENE_FACE_INDEX,  /* uint32_t, triangles */
  QR_SCENE_EDGE_VERTS,  /* QrSceneVertex */
  QR_SCENE_EDGE_INDEX,  /* uint32_t, lines: the 3D view's */
  /* The lines each design canvas needs: an edge along the view's depth
   * shows as a point and two edges that project onto the same segment
   * show as one, so a box needs 4 lines there instead of 12. */
  QR_SCENE_EDGE_INDEX_TOP,
  QR_SCENE_EDGE_INDEX_FRONT,
  QR_SCENE_EDGE_INDEX_SIDE,
  /* Edges of selected and invalid brushes only: the shaded 3D view outlines
   * just those, as Hammer's does, and spares the rest of the edges. */
  QR_SCENE_EDGE_INDEX_MARKED,
  /* Triangles of selected brushes only: what a view draws over its cached
   * picture of everything else while the selection is dragged. */
  QR_SCENE_FACE_INDEX_SELECTED,
  QR_SCENE_NORMALS,     /* QrSceneVertex, lines */
  QR_SCENE_CENTRES,     /* QrSceneVertex, four per slot: the arms of its cross */
  /* Every triangle of FACE_INDEX again, grouped: unselected then selected,
   * each by texture id (see qr_scene_mesh_get_batches). Filled only by
   * qr_scene_mesh_group_faces, so the other styles never pay for it. */
  QR_SCENE_FACE_INDEX_BY_TEXTURE,
  QR_SCENE_N_STREAMS
} QrSceneStream;

/* Streams holding indices rather than vertices. */
static inline gboolean
qr_scene_stream_is_index (QrSceneStream stream)
{
  return (stream >= QR_SCENE_FACE_INDEX && stream <= QR_SCENE_FACE_INDEX_SELECTED && stream != QR_SCENE_EDGE_VERTS)
         || stream == QR_SCENE_FACE_INDEX_BY_TEXTURE;
}

/* The vertex stream an index stream points into. */
static inline QrSceneStream
qr_scene_stream_vertices_of (QrSceneStream index_stream)
{
  return index_stream == QR_SCENE_FACE_INDEX || index_stream == QR_SCENE_FACE_INDEX_SELECTED
             || index_stream == QR_SCENE_FACE_INDEX_BY_TEXTURE
           ? QR_SCENE_FACE_VERTS : QR_SCENE_EDGE_VERTS;
}

/* The edge index stream of a design canvas (0 top, 1 front, 2 side). */
static inline QrSceneStream
qr_scene_stream_for_ortho (int axis)
{
  return (QrSceneStream) (QR_SCENE_EDGE_INDEX_TOP + axis);
}

typedef struct
{
  guint first;
  guint count;
} QrSceneRange;

typedef struct _QrSceneMesh QrSceneMesh;

QrSceneMesh *qr_scene_mesh_new (void);
void qr_scene_mesh_free (QrSceneMesh *mesh);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrSceneMesh, qr_scene_mesh_free)

/* Forgets everything and builds every slot of the document. */
void qr_scene_mesh_rebuild (QrSceneMesh *mesh, QrDocument *doc);
/* Brings the mesh in step with one change set of the document. */
void qr_scene_mesh_update (QrSceneMesh *mesh, QrDocument *doc, const QrChangeSet *changes);

/* A stream's elements (a contiguous array: QrSceneVertex or uint32_t),
 * how many, and the size of one. */
gconstpointer qr_scene_mesh_get_data (const QrSceneMesh *mesh, QrSceneStream stream, guint *n_elements,
                                      gsize *element_size);

/* Replaces the contents of `ranges` (QrSceneRange) with the ranges changed
 * since the last call, sorted and merged, and clears the record. *all is
 * set when the whole stream must be uploaded (it grew or was compacted);
 * `ranges` is then empty. The caller's array is reused from frame to frame. */
/* A number that changes whenever what the unselected slots draw changes:
 * one of them was built, restyled or dropped, or a slot joined or left the
 * selection. Moving the selection leaves it alone, so a view can keep a
 * picture of everything else while the selection is dragged. */
guint64 qr_scene_mesh_get_static_generation (const QrSceneMesh *mesh);
/* How many slots are selected: none, and the views have nothing to draw
 * over their picture of the rest. */
guint qr_scene_mesh_get_selected_count (const QrSceneMesh *mesh);

void qr_scene_mesh_take_dirty (QrSceneMesh *mesh, QrSceneStream stream, GArray *ranges, gboolean *all);

/* The document the mesh was last built from (borrowed from the mesh, which
 * keeps a reference), or NULL before the first rebuild. */
QrDocument *qr_scene_mesh_get_document (const QrSceneMesh *mesh);

/* Texture ids run from 1 to count - 1; each names one texture of the
 * document's set, whatever the case it is written in. They are stable
 * until the next rebuild, which bumps the epoch. */
guint qr_scene_mesh_get_texture_count (const QrSceneMesh *mesh);
const char *qr_scene_mesh_get_texture_name (const QrSceneMesh *mesh, guint id);
guint64 qr_scene_mesh_get_texture_epoch (const QrSceneMesh *mesh);
/* The size the id's UVs were divided by: the set's, or 64 × 64. */
void qr_scene_mesh_get_texture_size (const QrSceneMesh *mesh, guint id, int *width, int *height);
/* The size a texture of unknown size is drawn at until its size is known. */
#define QR_SCENE_DEFAULT_TEXTURE_SIZE 64

/* A run of QR_SCENE_FACE_INDEX_BY_TEXTURE: the triangles of one texture. */
typedef struct
{
  guint texture; /* id, or QR_SCENE_NO_TEXTURE */
  guint first;   /* index of the first index */
  guint count;   /* indices, three per triangle */
} QrSceneBatch;

/* Regroups the triangles by texture when the faces changed since the last
 * grouping (the stream is then marked dirty for upload). */
void qr_scene_mesh_group_faces (QrSceneMesh *mesh);
/* The batches of the last grouping, of unselected or selected faces, in
 * increasing texture id. */
const QrSceneBatch *qr_scene_mesh_get_batches (const QrSceneMesh *mesh, gboolean selected, guint *n);

/* Entities are drawn in their class's colour (qr-entdef.h) when the
 * document has definitions; those whose class the definitions do not know,
 * in this one (RGBA8): a violet magenta, apart from the selection's red. */
#define QR_SCENE_UNKNOWN_CLASS 0xffff40e0u

/* The length of a face-normal line, in world units. */
#define QR_SCENE_NORMAL_LENGTH 16.0
