/* qr-scene-gl.h — the GL side of the views: the scene mesh's streams in
 * three buffers shared by every view, the shader programs, and the drawing
 * of a design canvas (grid, edges, centre crosses) and of the 3D view.
 *
 * GTK's GL contexts on one display share buffers and programs but not
 * vertex array objects, so the shared part (QrSceneGl) is created by the
 * first view to realize and freed by the last to unrealize, and each view
 * keeps its own arrays and grid buffer (QrSceneView). The caller makes the
 * view's context current for every call. */
#pragma once

#include <epoxy/gl.h>
#include <glib.h>
#include <stdint.h>
#include "qr-camera.h"
#include "qr-layer-cache.h"
#include "qr-ortho-view.h"
#include "qr-scene-mesh.h"

typedef enum
{
  QR_RENDER_SHADED,
  QR_RENDER_WIREFRAME,
  QR_RENDER_TEXTURED,
} QrRenderMode;

/* "shaded", "wireframe", "textured" (GSettings' choices); false otherwise. */
gboolean qr_render_mode_from_string (const char *name, QrRenderMode *mode);

typedef struct _QrSceneGl QrSceneGl;

/* Borrows the mesh, which must outlive it. No GL is touched until acquire. */
QrSceneGl *qr_scene_gl_new (QrSceneMesh *mesh);
/* Frees the CPU side; the GL side must already be released by every view. */
void qr_scene_gl_free (QrSceneGl *gl);

/* From a view's realize: the first call creates the buffers and programs. */
gboolean qr_scene_gl_acquire (QrSceneGl *gl, GError **error);
/* From a view's unrealize: the last call deletes them. */
void qr_scene_gl_release (QrSceneGl *gl);

/* Uploads what the mesh changed since the last upload (whole streams after
 * growth, the dirty ranges otherwise). Any view may call it before drawing;
 * it does nothing when nothing changed. */
void qr_scene_gl_upload (QrSceneGl *gl);

/* Makes every view draw everything again on its next frame instead of
 * reusing its picture of what is not selected (the render benchmark
 * measures full redraws this way). */
void qr_scene_gl_invalidate (QrSceneGl *gl);

/* Textures are sampled with mipmaps, between texels (linear) or from the
 * nearest (the games' software look); the 3D view redraws on its next frame. */
void qr_scene_gl_set_texture_filter (QrSceneGl *gl, gboolean nearest);

/* A line over the scene (a tool's preview), in world space: two vertices. */
typedef struct
{
  float pos[3];
  uint32_t color; /* RGBA8, red in the lowest byte */
} QrOverlayVertex;

typedef struct
{
  QrOverlayVertex a, b;
} QrOverlayLine;

/* A line from a to b in one colour (RGBA8, red in the lowest byte). */
static inline QrOverlayLine
qr_overlay_line (QrVec3 a, QrVec3 b, uint32_t color)
{
  return (QrOverlayLine) { { { (float) a.x, (float) a.y, (float) a.z }, color },
                           { { (float) b.x, (float) b.y, (float) b.z }, color } };
}

/* A view's vertex arrays. */
enum
{
  QR_VIEW_FACES,
  QR_VIEW_TEXTURED, /* the faces again, with texture coordinates, by texture */
  QR_VIEW_BLENDED,  /* the same with the colours' alphas, for blend materials */
  QR_VIEW_EDGES,
  QR_VIEW_NORMALS,
  QR_VIEW_CENTRES,
  QR_VIEW_FACE_MARKS, /* the selected faces' (qr-face-marks.h) */
  QR_VIEW_N_ARRAYS
};

/* A view's own GL objects. */
typedef struct
{
  GLuint vao[QR_VIEW_N_ARRAYS];
  GLuint grid_vao;
  GLuint grid_vbo;
  guint grid_capacity; /* vertices the grid buffer holds */
  float *grid_scratch; /* grid_capacity * 2 floats */
  GLuint overlay_vao;
  GLuint overlay_vbo;
  guint overlay_capacity; /* lines the overlay buffer holds */
  QrLayerCache cache;     /* everything but the selection, as last drawn */
} QrSceneView;

void qr_scene_view_init (QrSceneView *view, QrSceneGl *gl);
void qr_scene_view_clear (QrSceneView *view);

/* A design canvas: background, grid (fine, coarse, bold lines and the axes
 * through the origin), brush and entity edges with selected ones on top,
 * centre crosses; a grid size of 0 leaves out the grid lines. `scale` is
 * device pixels per logical pixel.
 *
 * Both views draw what is not selected from their layer cache when neither
 * the view nor the mesh's static generation changed since the last frame,
 * so a frame of a drag costs the copy and the selection alone. */
void qr_scene_draw_ortho (QrSceneGl *gl, QrSceneView *view, const QrOrthoView *ortho,
                          int grid_size, int scale);
/* Draws lines over what the view drew last (after qr_scene_draw_ortho or
 * qr_scene_draw_3d, with the same view). */
void qr_scene_draw_overlay (QrSceneGl *gl, QrSceneView *view, const QrOverlayLine *lines, guint n);

/* The 3D view in a render mode, with or without face-normal lines. The
 * textured style samples the document's texture set (through the mesh),
 * uploading each texture once, when it first draws after it was loaded. */
void qr_scene_draw_3d (QrSceneGl *gl, QrSceneView *view, const QrCamera *cam,
                       int width, int height, QrRenderMode mode, gboolean normals);
