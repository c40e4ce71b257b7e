/* qr-scene-canvas.h — what the four views share: a GL area that draws the
 * window's scene. It takes its part of the shared GL objects when realized
 * and gives them back when unrealized, draws the tool's overlay over what
 * the subclass draws, and says "rendered" after each frame. The design
 * canvases and the 3D view derive from it and only draw. */
#pragma once

#include <gtk/gtk.h>
#include "qr-scene-gl.h"

G_BEGIN_DECLS

#define QR_TYPE_SCENE_CANVAS (qr_scene_canvas_get_type ())
G_DECLARE_DERIVABLE_TYPE (QrSceneCanvas, qr_scene_canvas, QR, SCENE_CANVAS, GtkGLArea)

struct _QrSceneCanvasClass
{
  GtkGLAreaClass parent_class;

  /* Draws the scene with the context current; `width` and `height` are
   * the canvas's logical size, `scale` device pixels per logical pixel. */
  void (*draw) (QrSceneCanvas *self, QrSceneGl *scene, QrSceneView *view, int width, int height, int scale);
};

/* The scene to draw (borrowed; set before the canvas is realized). */
void qr_scene_canvas_set_scene (QrSceneCanvas *self, QrSceneGl *scene);
/* A context to draw with instead of one of the canvas's own (a new
 * reference is taken when the canvas is realized; set it before that). */
void qr_scene_canvas_set_shared_context (QrSceneCanvas *self, GdkGLContext *context);
/* Lines drawn over the scene (borrowed until the next call). */
void qr_scene_canvas_set_overlay (QrSceneCanvas *self, const QrOverlayLine *lines, guint n);

G_END_DECLS
