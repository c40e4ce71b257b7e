/* qr-gl-program.h — compiling and linking GLSL 3.30 programs, with the
 * driver's log in the error when it refuses. The caller makes a context
 * current. */
#pragma once

#include <epoxy/gl.h>
#include <glib.h>

#define QR_RENDER_ERROR (qr_render_error_quark ())
GQuark qr_render_error_quark (void);

typedef enum
{
  QR_RENDER_ERROR_SHADER, /* a shader did not compile or a program did not link */
} QrRenderError;

/* A linked program, or 0 with `error` set. `name` is only used in messages. */
GLuint qr_gl_program_new (const char *name, const char *vertex_source,
                          const char *fragment_source, GError **error);
