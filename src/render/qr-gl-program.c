/* qr-gl-program.c — see qr-gl-program.h. */
#include "qr-gl-program.h"

G_DEFINE_QUARK (qr-render-error-quark, qr_render_error)

static char *
dup_log (GLuint object, gboolean is_program)
{
  GLint length = 0;
  if (is_program)
    glGetProgramiv (object, GL_INFO_LOG_LENGTH, &length);
  else
    glGetShaderiv (object, GL_INFO_LOG_LENGTH, &length);
  char *log = g_malloc0 ((gsize) MAX (length, 1) + 1);
  if (is_program)
    glGetProgramInfoLog (object, length, NULL, log);
  else
    glGetShaderInfoLog (object, length, NULL, log);
  return g_strstrip (log);
}

static GLuint
compile (const char *name, GLenum type, const char *source, GError **error)
{
  GLuint shader = glCreateShader (type);
  glShaderSource (shader, 1, &source, NULL);
  glCompileShader (shader);
  GLint ok = GL_FALSE;
  glGetShaderiv (shader, GL_COMPILE_STATUS, &ok);
  if (ok)
    return shader;

  g_autofree char *log = dup_log (shader, FALSE);
  g_set_error (error, QR_RENDER_ERROR, QR_RENDER_ERROR_SHADER, "%s %s shader: %s", name,
               type == GL_VERTEX_SHADER ? "vertex" : "fragment", log);
  glDeleteShader (shader);
  return 0;
}

GLuint
qr_gl_program_new (const char *name, const char *vertex_source, const char *fragment_source,
                   GError **error)
{
  g_return_val_if_fail (vertex_source != NULL && fragment_source != NULL, 0);

  GLuint vs = compile (name, GL_VERTEX_SHADER, vertex_source, error);
  if (vs == 0)
    return 0;
  GLuint fs = compile (name, GL_FRAGMENT_SHADER, fragment_source, error);
  if (fs == 0)
    {
      glDeleteShader (vs);
      return 0;
    }

  GLuint program = glCreateProgram ();
  glAttachShader (program, vs);
  glAttachShader (program, fs);
  glLinkProgram (program);
  /* The program keeps what it needs; the shaders go when it does. */
  glDeleteShader (vs);
  glDeleteShader (fs);

  GLint ok = GL_FALSE;
  glGetProgramiv (program, GL_LINK_STATUS, &ok);
  if (!ok)
    {
      g_autofree char *log = dup_log (program, TRUE);
      g_set_error (error, QR_RENDER_ERROR, QR_RENDER_ERROR_SHADER, "%s program: %s", name, log);
      glDeleteProgram (program);
      return 0;
    }
  return program;
}
