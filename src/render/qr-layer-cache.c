/* qr-layer-cache.c — see qr-layer-cache.h. */
#include "qr-layer-cache.h"

#include <string.h>

static void
delete_objects (QrLayerCache *cache)
{
  if (cache->fbo != 0)
    glDeleteFramebuffers (1, &cache->fbo);
  if (cache->color != 0)
    glDeleteRenderbuffers (1, &cache->color);
  if (cache->depth != 0)
    glDeleteRenderbuffers (1, &cache->depth);
  cache->fbo = cache->color = cache->depth = 0;
  cache->width = cache->height = 0;
  cache->depth_format = 0;
  cache->valid = FALSE;
}

void
qr_layer_cache_init (QrLayerCache *cache)
{
  memset (cache, 0, sizeof *cache);
  cache->broken = g_strcmp0 (g_getenv ("QUARRY_LAYER_CACHE"), "off") == 0;
}

void
qr_layer_cache_clear (QrLayerCache *cache)
{
  delete_objects (cache);
  memset (cache, 0, sizeof *cache);
}

/* The internal format of the bound draw framebuffer's depth buffer, which a
 * depth copy into it must match exactly; 0 when it has none we can read. */
static GLenum
target_depth_format (void)
{
  GLint type = GL_NONE, name = 0, format = 0;
  glGetFramebufferAttachmentParameteriv (GL_DRAW_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type);
  if (type == GL_NONE)
    return 0;
  glGetFramebufferAttachmentParameteriv (GL_DRAW_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &name);
  if (type == GL_RENDERBUFFER)
    {
      GLint previous = 0;
      glGetIntegerv (GL_RENDERBUFFER_BINDING, &previous);
      glBindRenderbuffer (GL_RENDERBUFFER, (GLuint) name);
      glGetRenderbufferParameteriv (GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &format);
      glBindRenderbuffer (GL_RENDERBUFFER, (GLuint) previous);
    }
  else if (type == GL_TEXTURE)
    {
      GLint previous = 0;
      glGetIntegerv (GL_TEXTURE_BINDING_2D, &previous);
      glBindTexture (GL_TEXTURE_2D, (GLuint) name);
      glGetTexLevelParameteriv (GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &format);
      glBindTexture (GL_TEXTURE_2D, (GLuint) previous);
    }
  return (GLenum) format;
}

/* Buffers of the view's size and depth format, made anew when either changed. */
static gboolean
ensure_buffers (QrLayerCache *cache, int width, int height, gboolean depth)
{
  GLenum depth_format = depth ? target_depth_format () : 0;
  if (depth && depth_format == 0)
    return FALSE;
  if (cache->fbo != 0 && cache->width == width && cache->height == height && cache->depth_format == depth_format)
    return TRUE;

  delete_objects (cache);
  glGenFramebuffers (1, &cache->fbo);
  glGenRenderbuffers (1, &cache->color);
  glBindFramebuffer (GL_FRAMEBUFFER, cache->fbo);
  glBindRenderbuffer (GL_RENDERBUFFER, cache->color);
  glRenderbufferStorage (GL_RENDERBUFFER, GL_RGBA8, width, height);
  glFramebufferRenderbuffer (GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, cache->color);
  if (depth_format != 0)
    {
      glGenRenderbuffers (1, &cache->depth);
      glBindRenderbuffer (GL_RENDERBUFFER, cache->depth);
      glRenderbufferStorage (GL_RENDERBUFFER, depth_format, width, height);
      gboolean stencil = depth_format == GL_DEPTH24_STENCIL8 || depth_format == GL_DEPTH32F_STENCIL8;
      glFramebufferRenderbuffer (GL_FRAMEBUFFER, stencil ? GL_DEPTH_STENCIL_ATTACHMENT : GL_DEPTH_ATTACHMENT,
                                 GL_RENDERBUFFER, cache->depth);
    }
  glBindRenderbuffer (GL_RENDERBUFFER, 0);
  gboolean complete = glCheckFramebufferStatus (GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  glBindFramebuffer (GL_FRAMEBUFFER, cache->target);
  cache->width = width;
  cache->height = height;
  cache->depth_format = depth_format;
  return complete;
}

static void
turn_off (QrLayerCache *cache, const char *why)
{
  g_debug ("layer cache off: %s; views draw everything every frame", why);
  delete_objects (cache);
  cache->broken = TRUE;
  glBindFramebuffer (GL_FRAMEBUFFER, cache->target);
}

static gboolean
same_key (const double *a, guint n_a, const double *b, guint n_b)
{
  return n_a == n_b && memcmp (a, b, n_a * sizeof *a) == 0;
}

gboolean
qr_layer_cache_begin (QrLayerCache *cache, const double *key, guint n_key, int width, int height,
                      gboolean depth)
{
  g_return_val_if_fail (cache != NULL && n_key <= QR_LAYER_CACHE_MAX_KEY, TRUE);
  GLint bound = 0;
  glGetIntegerv (GL_DRAW_FRAMEBUFFER_BINDING, &bound);
  cache->target = (GLuint) bound;
  cache->straight = TRUE;
  if (cache->broken)
    return TRUE;
  if (cache->valid && cache->width == width && cache->height == height && same_key (cache->key, cache->n_key, key, n_key))
    {
      cache->straight = FALSE;
      return FALSE;
    }
  if (cache->seen_width != width || cache->seen_height != height || !same_key (cache->seen, cache->n_seen, key, n_key))
    {
      /* New: drawn straight; kept if the next frame wants it again. */
      memcpy (cache->seen, key, n_key * sizeof *key);
      cache->n_seen = n_key;
      cache->seen_width = width;
      cache->seen_height = height;
      return TRUE;
    }

  if (!ensure_buffers (cache, width, height, depth))
    {
      turn_off (cache, depth ? "no framebuffer with the view's depth format" : "no framebuffer");
      return TRUE;
    }
  memcpy (cache->key, key, n_key * sizeof *key);
  cache->n_key = n_key;
  cache->valid = TRUE;
  cache->straight = FALSE;
  g_debug ("layer cache: keeps a %d×%d picture", width, height);
  glBindFramebuffer (GL_FRAMEBUFFER, cache->fbo);
  return TRUE;
}

gboolean
qr_layer_cache_present (QrLayerCache *cache)
{
  g_return_val_if_fail (cache != NULL, TRUE);
  if (cache->straight)
    return TRUE; /* begin had the caller draw straight into the view */

  /* Errors left by others must not be taken for the copy's. */
  while (glGetError () != GL_NO_ERROR)
    ;
  glDisable (GL_SCISSOR_TEST);
  glBindFramebuffer (GL_READ_FRAMEBUFFER, cache->fbo);
  glBindFramebuffer (GL_DRAW_FRAMEBUFFER, cache->target);
  GLbitfield mask = GL_COLOR_BUFFER_BIT | (cache->depth_format != 0 ? GL_DEPTH_BUFFER_BIT : 0);
  glBlitFramebuffer (0, 0, cache->width, cache->height, 0, 0, cache->width, cache->height, mask, GL_NEAREST);
  glBindFramebuffer (GL_FRAMEBUFFER, cache->target);
  if (glGetError () != GL_NO_ERROR)
    {
      turn_off (cache, "the view's framebuffer refused the copy");
      return FALSE;
    }
  return TRUE;
}
