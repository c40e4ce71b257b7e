/* qr-gl-context.h — the GL context the views draw with, and which renderer
 * GTK composites the windows with. */
#pragma once

#include <gtk/gtk.h>

/* A GL 3.3 context of the display, for every view of every window: each
 * context costs about 40 M instructions to make on llvmpipe (callgrind),
 * and views that share one draw one after another without switching.
 * GtkGLArea draws into textures, which a context not bound to a surface
 * can. While at it: on a software rasteriser (llvmpipe, softpipe, swrast)
 * GTK's GL renderer costs more than it saves, as it composites every
 * widget through the same CPU-bound GL that draws the four views; there
 * GTK's cairo renderer is chosen (it copies the views' textures), unless
 * GSK_RENDERER says otherwise. Must run before the first window is
 * realized. NULL (with `error` set) when the display has no usable GL: the
 * views then make their own contexts and report what fails. */
GdkGLContext *qr_gl_context_for_display (GdkDisplay *display, GError **error);
