/* qr-layer-cache.h — a view's picture of what is not being edited.
 *
 * While the selection is dragged, everything else in a view stays as it
 * was, yet on a large map it is most of the frame's cost. So each view
 * draws the unselected part into an offscreen colour (and depth) buffer of
 * its own size, remembers the key it was drawn for (the view's parameters
 * and the mesh's static generation), and a frame whose key is unchanged
 * copies the picture into the view and draws only the selection over it.
 * The depth copy lets the 3D view's selection hide behind the rest.
 *
 *   if (qr_layer_cache_begin (&cache, key, n, w, h, depth))
 *     draw the unselected part;   (into the cache, or the view without one)
 *   if (!qr_layer_cache_present (&cache))
 *     draw the unselected part;   (the copy failed: straight into the view)
 *   draw the selection;
 *
 * A key seen for the first time is drawn straight into the view: only when
 * the next frame asks for the same key is the picture worth keeping, so a
 * view whose key changes every frame (flying the camera, panning) pays
 * nothing for the cache. A driver that cannot give the cache a framebuffer,
 * or whose view buffer cannot take the copy, just draws everything every
 * frame. */
#pragma once

#include <epoxy/gl.h>
#include <glib.h>

#define QR_LAYER_CACHE_MAX_KEY 24

typedef struct
{
  GLuint fbo, color, depth;
  GLuint target;      /* the view's framebuffer, bound when begin was called */
  int width, height;  /* device pixels */
  GLenum depth_format; /* the view's, which the depth copy must match; 0: none */
  gboolean valid;     /* the picture matches the key */
  gboolean broken;    /* this context cannot cache: draw straight */
  gboolean straight;  /* this frame draws into the view, not the cache */
  guint n_key;
  double key[QR_LAYER_CACHE_MAX_KEY];
  /* The key of the last frame drawn straight, and its size. */
  int seen_width, seen_height;
  guint n_seen;
  double seen[QR_LAYER_CACHE_MAX_KEY];
} QrLayerCache;

/* Starts empty. QUARRY_LAYER_CACHE=off in the environment turns the cache
 * off, so that a test can compare what the views draw with and without it. */
void qr_layer_cache_init (QrLayerCache *cache);

/* Deletes the GL objects (the view's context is current) and forgets all. */
void qr_layer_cache_clear (QrLayerCache *cache);

/* With the view's framebuffer bound, sized width × height device pixels:
 * true when the unselected part must be drawn now (into the cache, which is
 * then bound, or into the view when the cache is off); false when the
 * picture is already there for this key. `depth`: copy depth as well. */
gboolean qr_layer_cache_begin (QrLayerCache *cache, const double *key, guint n_key, int width, int height,
                               gboolean depth);

/* Copies the picture into the view's framebuffer and binds that again.
 * False when the copy failed (the cache turns itself off): the caller then
 * draws the unselected part into the view itself. */
gboolean qr_layer_cache_present (QrLayerCache *cache);
