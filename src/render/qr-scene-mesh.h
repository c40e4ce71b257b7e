/* qr-scene-mesh.h — the vertex data all four views draw from, built on the
 * CPU and kept in step with the document by change sets.
 *
 * Three streams of QrSceneVertex: face triangles (the 3D view), edge lines
 * (every view; invalid brushes show the triangles of their plane points
 * instead, and face normals are extra lines the views can hide) and centres
 * (one vertex per brush or point entity, drawn as a cross). Each brush and
 * point entity owns a slot: a range in each stream. An edit rewrites only
 * the slots of the ids its change set names, in place when the new data
 * fits, and records the vertex ranges it dirtied so that the GL side
 * uploads just those. No GL here: tests check the mesh directly. */
#pragma once

#include <glib.h>
#include <stdint.h>
#include "qr-change-set.h"
#include "qr-document.h"

typedef struct
{
  float pos[3];
  float normal[3];    /* faces: the face's unit normal; otherwise zero */
  uint32_t color;     /* RGBA8, red in the lowest byte: the shaded / 2D colour */
  uint32_t tex_color; /* RGBA8: the texture's colour (faces), else = color */
  uint32_t flags;     /* QrSceneFlags */
} QrSceneVertex;

typedef enum
{
  QR_SCENE_SELECTED = 1 << 0,
  QR_SCENE_INVALID = 1 << 1,     /* part of an invalid brush's marking */
  QR_SCENE_NORMAL_LINE = 1 << 2, /* a face-normal line */
  QR_SCENE_ENTITY = 1 << 3,      /* a point entity's box */
  QR_SCENE_UNUSED = 1 << 4,      /* space no slot uses: never drawn */
} QrSceneFlags;

typedef enum
{
  QR_SCENE_FACES,
  QR_SCENE_EDGES,
  QR_SCENE_CENTRES,
  QR_SCENE_N_STREAMS
} QrSceneStream;

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

/* The vertices of a stream (a contiguous array) and how many. */
const QrSceneVertex *qr_scene_mesh_get_vertices (const QrSceneMesh *mesh, QrSceneStream stream,
                                                 guint *n_vertices);

/* Ranges changed since the last qr_scene_mesh_take_dirty, sorted and
 * merged. *all is set when the whole stream must be uploaded (it grew or
 * was compacted); the ranges are then empty. Clears the record. */
GArray *qr_scene_mesh_take_dirty (QrSceneMesh *mesh, QrSceneStream stream, gboolean *all);

/* Vertices written by updates since the mesh was built (for tests and the
 * drag benchmark: an edit of k brushes writes only their vertices). */
guint64 qr_scene_mesh_get_written (const QrSceneMesh *mesh);

/* The box drawn for a point entity: its origin ± this. */
#define QR_SCENE_ENTITY_HALF_SIZE 8.0
/* The length of a face-normal line, in world units. */
#define QR_SCENE_NORMAL_LENGTH 16.0
