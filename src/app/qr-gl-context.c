/* qr-gl-context.c — see qr-gl-context.h. */
#include "qr-gl-context.h"

#include <epoxy/gl.h>
#include <string.h>

static gboolean
is_software (const char *renderer)
{
  static const char *const names[] = { "llvmpipe", "softpipe", "swrast", "Software Rasterizer", "SWR" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strstr (renderer, names[i]) != NULL)
      return TRUE;
  return FALSE;
}

GdkGLContext *
qr_gl_context_for_display (GdkDisplay *display, GError **error)
{
  g_autoptr (GdkGLContext) context = gdk_display_create_gl_context (display, error);
  const char *renderer;

  if (context == NULL)
    return NULL;
  gdk_gl_context_set_required_version (context, 3, 3);
  if (!gdk_gl_context_realize (context, error))
    return NULL;
  gdk_gl_context_make_current (context);
  renderer = (const char *) glGetString (GL_RENDERER);
  g_debug ("GL renderer: %s", renderer ? renderer : "unknown");
  if (renderer != NULL && is_software (renderer) && g_getenv ("GSK_RENDERER") == NULL)
    g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gdk_gl_context_clear_current ();
  return g_steal_pointer (&context);
}
