/* qr-export-scene.h — a map as triangle meshes for other programs.
 *
 * What the OBJ and glTF writers write: objects (one per exported entity),
 * each made of primitives (one per material it uses), each a triangle list
 * with positions, normals and texture coordinates; and the materials, one
 * per texture name, with the texture's size and, when it resolved, its
 * pixels. Coordinates are already converted (scale, up axis), so writers
 * only encode. Toolkit-neutral: no GTK, no GL.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "qr-image.h"

/* The texture size assumed for UVs when a texture does not resolve: the
 * size of the editors' missing-texture checker. */
#define QR_EXPORT_FALLBACK_TEXTURE_SIZE 64

typedef struct
{
  char *name;     /* the texture name as the map writes it (owned) */
  int width;      /* in texels: the texture's, or QR_EXPORT_FALLBACK_TEXTURE_SIZE */
  int height;
  QrImage *image; /* decoded pixels (owned), NULL when the texture did not resolve */
} QrExportMaterial;

typedef struct
{
  guint material;   /* index into QrExportScene.materials */
  GArray *positions; /* double, 3 per vertex, converted to the output's axes and scale */
  GArray *normals;   /* double, 3 per vertex, unit length, same axes */
  GArray *uvs;       /* double, 2 per vertex: texels over texture size; v grows
                      * down the image (glTF's convention: 0 at the top row) */
  GArray *indices;   /* guint32, 3 per triangle, counter-clockwise seen from outside */
} QrExportPrimitive;

typedef struct
{
  char *name;            /* unique among the scene's objects: "worldspawn",
                          * "func_door door1", "func_wall #3" (owned) */
  GPtrArray *primitives; /* of QrExportPrimitive*, at most one per material */
} QrExportObject;

typedef enum
{
  QR_EXPORT_UP_Z, /* the map's own axes */
  QR_EXPORT_UP_Y, /* (x, y, z) → (x, z, −y): glTF's and most tools' convention */
} QrExportUp;

typedef struct
{
  GPtrArray *objects;   /* of QrExportObject*, in the map's entity order */
  GPtrArray *materials; /* of QrExportMaterial*, in order of first use */
  GHashTable *material_index; /* name → index + 1 into materials */
  QrExportUp up;
  double scale;
  /* Figures for reports: triangles of every face polygon of the exported
   * brushes, and what was written after hidden faces were removed. */
  guint64 triangles_before;
  guint64 triangles_after;
  double union_ms; /* spent removing hidden faces and mending T-junctions */
} QrExportScene;

QrExportScene *qr_export_scene_new (QrExportUp up, double scale);
void qr_export_scene_free (QrExportScene *scene);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrExportScene, qr_export_scene_free)

/* The index of the material of texture `name`; false when there is none. */
bool qr_export_scene_find_material (const QrExportScene *scene, const char *name, guint *index);

/* The material of texture `name`, added (width × height, image taken, may
 * be NULL) when new; its index. */
guint qr_export_scene_material (QrExportScene *scene, const char *name, int width, int height, QrImage *image);

/* A new object named `name` (made unique with " #2", " #3"… when taken). */
QrExportObject *qr_export_scene_add_object (QrExportScene *scene, const char *name);

/* The object's primitive for `material`, added empty when new. */
QrExportPrimitive *qr_export_object_primitive (QrExportObject *object, guint material);

/* Appends a vertex to a primitive; returns its index. */
guint32 qr_export_primitive_add_vertex (QrExportPrimitive *prim, const double position[3], const double normal[3],
                                        const double uv[2]);
void qr_export_primitive_add_triangle (QrExportPrimitive *prim, guint32 a, guint32 b, guint32 c);

static inline guint
qr_export_primitive_n_vertices (const QrExportPrimitive *prim)
{
  return prim->positions->len / 3;
}

static inline guint
qr_export_primitive_n_triangles (const QrExportPrimitive *prim)
{
  return prim->indices->len / 3;
}

/* Objects with no triangles are left out of the files; the writers skip them. */
bool qr_export_object_is_empty (const QrExportObject *object);
