/* qr-scene-gl.c — see qr-scene-gl.h. */
#include "qr-scene-gl.h"

#include <cglm/cglm.h>
#include <math.h>
#include <stddef.h>
#include <string.h>
#include "qr-face-marks.h"
#include "qr-gl-program.h"
#include "qr-ortho-edges.h"
#include "qr-texture-set.h"

/* A texture id's GL texture: 0 until its pixels are loaded. */
typedef struct
{
  GLuint name;
  GLuint layer2;       /* a blend material's second layer, or 0 */
  const uint8_t *rgba; /* the pixels uploaded (borrowed, compared only): a new decode has others */
  const uint8_t *rgba2;
  int width, height;
  QrTextureStatus status;
  guint flags; /* QrTextureFlags */
} GlTexture;

struct _QrSceneGl
{
  QrSceneMesh *mesh; /* borrowed */
  GArray *ranges;    /* QrSceneRange: scratch for uploads, kept between frames */
  int users;         /* views that acquired */
  GLuint buffer[QR_SCENE_N_STREAMS];
  guint buffer_capacity[QR_SCENE_N_STREAMS]; /* elements each GL buffer holds */
  guint buffer_used[QR_SCENE_N_STREAMS];     /* elements drawn from it */

  GLuint scene_program;
  GLint u_mvp, u_hide, u_need, u_pass, u_color_mode, u_color;
  GLuint cross_program;
  GLint c_mvp, c_pixel, c_hide, c_need;
  GLuint grid_program;
  GLint g_color;
  GLuint overlay_program;
  GLint o_mvp;
  GLuint textured_program[3]; /* opaque; alpha-tested (`{` textures); blended by vertex (two layers) */
  GLint t_mvp[3], t_hide[3], t_need[3];
  GArray *textures;         /* GlTexture by the mesh's texture id */
  guint64 texture_epoch;    /* the mesh's texture epoch the array follows */
  guint64 set_generation;   /* the texture set's generation at the last sync */
  QrDocument *set_owner;    /* the document whose set that was (compared only) */
  GLuint missing_texture;   /* a magenta and black checkerboard: missing or broken */
  GLuint pending_texture;   /* neutral grey: not decoded yet */
  GLuint sampler;           /* every texture's filtering, one object to change */
  gboolean nearest;         /* the filter preference */
  gboolean sampler_stale;   /* the preference changed since the sampler was set */
  /* The design canvases' unselected lines less those a later one paints
   * over (qr-ortho-edges.h), by axis: collected again when the static
   * generation moves on or the mesh went up whole (grown or compacted:
   * indices moved). */
  GLuint ortho_buffer[3];
  guint ortho_count[3];
  guint64 ortho_generation[3];
  gboolean ortho_stale[3];
  guint ortho_hide[3];   /* the flags of the lines left out of each */
  GArray *ortho_scratch; /* uint32_t */
  /* The selected faces' marks (qr-face-marks.h), uploaded whole when the
   * mesh's generation of them moves on. */
  GLuint marks_buffer;
  guint marks_capacity; /* vertices the buffer holds */
  guint64 marks_generation;
  QrSceneRange marks[QR_FACE_MARK_N];
  mat4 last_mvp;      /* the matrix of the last view drawn, for its overlay */
  guint64 epoch;      /* part of every layer cache's key: see qr_scene_gl_invalidate */
};

/* Colours of the canvases (linear 0..1 RGB). */
static const float BACKGROUND_2D[3] = { 0.115f, 0.118f, 0.125f };
static const float BACKGROUND_3D[3] = { 0.165f, 0.180f, 0.200f };
static const float GRID_FINE[3] = { 0.190f, 0.195f, 0.205f };
static const float GRID_COARSE[3] = { 0.255f, 0.262f, 0.275f };
static const float GRID_BOLD[3] = { 0.350f, 0.360f, 0.380f };
static const float AXIS_COLOR[3][3] = { { 0.70f, 0.25f, 0.25f },   /* X */
                                        { 0.25f, 0.62f, 0.28f },   /* Y */
                                        { 0.28f, 0.42f, 0.80f } }; /* Z */
static const float SELECTED[4] = { 1.00f, 0.30f, 0.22f, 1.0f };
static const float INVALID[4] = { 1.00f, 0.20f, 0.90f, 1.0f };
static const float EDGE_3D[4] = { 0.05f, 0.05f, 0.06f, 0.55f };

/* Grid lines closer than this many device pixels are hidden, kind by kind. */
#define GRID_MIN_SPACING_FINE 6.0
#define GRID_MIN_SPACING_BOLD 4.0
/* Half the arm of a centre cross, in logical pixels. */
#define CROSS_HALF_SIZE 4.0f
/* Pixels per unit below which the design canvases draw the borders only of
 * displacements with quads under QR_SCENE_DISP_COARSE_QUAD units, and of
 * all: a power-3 grid on a 256-unit side has 32-unit quads, 4 pixels at
 * 1/8, and its 208 lines are a solid patch that costs a software
 * rasteriser as much as every brush of a large map (tests/disp-terrain.py's
 * 1024 displacements: 200,000 lines a canvas). */
#define DISP_INNER_MIN_ZOOM 0.125
#define DISP_COARSE_MIN_ZOOM 0.0625
/* Pixels per unit below which centre crosses are left out. */
#define CROSS_MIN_ZOOM 0.125

enum
{
  PASS_ORTHO = 0, /* 2D edges: flat colours, selection drawn in front */
  PASS_FACES = 1, /* 3D faces: lit */
  PASS_LINES = 2, /* 3D edges */
};

enum
{
  COLOR_VERTEX = 0,  /* the vertex's shaded colour */
  COLOR_UNIFORM = 2, /* u_color, except selections, invalid marks and normals */
};

static const char SCENE_VS[] =
  "#version 330 core\n"
  "layout(location = 0) in vec3 a_pos;\n"
  "layout(location = 2) in vec4 a_color;\n"
  "layout(location = 4) in uint a_flags;\n"
  "uniform mat4 u_mvp;\n"
  "uniform uint u_hide;\n"
  "uniform uint u_need;\n"
  "uniform int u_pass;\n"
  "uniform int u_color_mode;\n"
  "uniform vec4 u_color;\n"
  "uniform vec4 u_selected;\n"
  "uniform vec4 u_invalid;\n"
  "flat out vec4 v_color;\n"
  "void main () {\n"
  "  if ((a_flags & u_hide) != 0u || (a_flags & u_need) != u_need) {\n"
  "    gl_Position = vec4 (2.0, 2.0, 2.0, 1.0);\n" /* outside the clip volume: not drawn */
  "    v_color = vec4 (0.0);\n"
  "    return;\n"
  "  }\n"
  "  bool selected = (a_flags & 1u) != 0u;\n"
  "  bool invalid = (a_flags & 2u) != 0u;\n"
  "  bool normal_line = (a_flags & 4u) != 0u;\n"
  "  vec4 p = u_mvp * vec4 (a_pos, 1.0);\n"
  "  vec4 c = u_color_mode == 2 && !normal_line ? u_color : a_color;\n"
  "  if (u_pass == 1) {\n"
  /* Faces come lit from the mesh (their alpha is a blend's: not drawn);
   * a selection tints them. */
  "    c.a = 1.0;\n"
  "    if (selected) c = vec4 (mix (c.rgb, u_selected.rgb, 0.5), 1.0);\n"
  "  } else {\n"
  "    if (selected) c = u_selected;\n"
  "    if (invalid) c = u_invalid;\n"
  "    if (u_pass == 0) p.z = 0.0;\n"
  "  }\n"
  "  gl_Position = p;\n"
  "  v_color = c;\n"
  "}\n";

/* Textured faces: the texture times the face's light (the shaded style's),
 * tinted when selected. The UVs are interpolated; the rest is per face.
 * Built with BLEND for blend materials (two layers): the colour's alpha is
 * how much of the first layer shows, interpolated between a displacement's
 * points, and the rest is the second layer at the same UVs. */
#define TEXTURED_VS_BODY \
  "layout(location = 0) in vec3 a_pos;\n" \
  "layout(location = 1) in vec2 a_uv;\n" \
  "layout(location = 3) in float a_light;\n" \
  "layout(location = 4) in uint a_flags;\n" \
  "uniform mat4 u_mvp;\n" \
  "uniform uint u_hide;\n" \
  "uniform uint u_need;\n" \
  "out vec2 v_uv;\n" \
  "flat out float v_light;\n" \
  "flat out float v_selected;\n" \
  "#ifdef BLEND\n" \
  "layout(location = 2) in vec4 a_color;\n" \
  "out float v_blend;\n" \
  "#endif\n" \
  "void main () {\n" \
  "#ifdef BLEND\n" \
  "  v_blend = 1.0 - a_color.a;\n" \
  "#endif\n" \
  "  v_uv = a_uv;\n" \
  "  v_light = a_light;\n" \
  "  v_selected = (a_flags & 1u) != 0u ? 1.0 : 0.0;\n" \
  "  bool hidden = (a_flags & u_hide) != 0u || (a_flags & u_need) != u_need;\n" \
  "  gl_Position = hidden ? vec4 (2.0, 2.0, 2.0, 1.0) : u_mvp * vec4 (a_pos, 1.0);\n" \
  "}\n"
static const char TEXTURED_VS[] = "#version 330 core\n" TEXTURED_VS_BODY;
static const char TEXTURED_BLEND_VS[] = "#version 330 core\n#define BLEND 1\n" TEXTURED_VS_BODY;

/* Two builds of one shader: only `{` textures pay for the discard, which
 * costs a software rasteriser its early depth test. Below half opacity a
 * texel is a hole, as in the games' alpha-tested surfaces. A third mixes
 * two layers. */
#define TEXTURED_FS_BODY \
  "in vec2 v_uv;\n" \
  "flat in float v_light;\n" \
  "flat in float v_selected;\n" \
  "uniform sampler2D u_texture;\n" \
  "uniform vec4 u_selected;\n" \
  "#ifdef BLEND\n" \
  "in float v_blend;\n" \
  "uniform sampler2D u_texture2;\n" \
  "#endif\n" \
  "out vec4 frag;\n" \
  "void main () {\n" \
  "  vec4 t = texture (u_texture, v_uv);\n" \
  "#ifdef ALPHA_TEST\n" \
  "  if (t.a < 0.5) discard;\n" \
  "#endif\n" \
  "#ifdef BLEND\n" \
  "  t = mix (t, texture (u_texture2, v_uv), clamp (v_blend, 0.0, 1.0));\n" \
  "#endif\n" \
  "  vec3 c = t.rgb * v_light;\n" \
  "  frag = vec4 (v_selected > 0.5 ? mix (c, u_selected.rgb, 0.5) : c, 1.0);\n" \
  "}\n"
static const char TEXTURED_FS[] = "#version 330 core\n" TEXTURED_FS_BODY;
static const char TEXTURED_ALPHA_FS[] = "#version 330 core\n#define ALPHA_TEST 1\n" TEXTURED_FS_BODY;
static const char TEXTURED_BLEND_FS[] = "#version 330 core\n#define BLEND 1\n" TEXTURED_FS_BODY;

static const char COLOR_FS[] =
  "#version 330 core\n"
  "in vec4 v_color;\n"
  "out vec4 frag;\n"
  "void main () { frag = v_color; }\n";

/* Every primitive of the scene, crosses and grid is of one colour (an edge,
 * a face, a cross, a grid line), so the colour is not interpolated: on
 * llvmpipe that spares the setup of four gradients per primitive and their
 * evaluation per fragment, 6% of the instructions of a NewDeralia redraw
 * (callgrind). The overlay's lines may shade from end to end. */
static const char FLAT_COLOR_FS[] =
  "#version 330 core\n"
  "flat in vec4 v_color;\n"
  "out vec4 frag;\n"
  "void main () { frag = v_color; }\n";

/* Four vertices per centre, all at the centre: vertex i % 4 moves to the
 * end of one arm of its cross. */
static const char CROSS_VS[] =
  "#version 330 core\n"
  "layout(location = 0) in vec3 a_pos;\n"
  "layout(location = 2) in vec4 a_color;\n"
  "layout(location = 4) in uint a_flags;\n"
  "uniform mat4 u_mvp;\n"
  "uniform vec2 u_pixel;\n" /* NDC units per arm length */
  "uniform uint u_hide;\n"
  "uniform uint u_need;\n"
  "uniform vec4 u_selected;\n"
  "uniform vec4 u_invalid;\n"
  "flat out vec4 v_color;\n"
  "const vec2 arms[4] = vec2[4] (vec2 (-1.0, 0.0), vec2 (1.0, 0.0), vec2 (0.0, -1.0), vec2 (0.0, 1.0));\n"
  "void main () {\n"
  "  if ((a_flags & u_hide) != 0u || (a_flags & u_need) != u_need) {\n"
  "    gl_Position = vec4 (2.0, 2.0, 2.0, 1.0);\n"
  "    v_color = vec4 (0.0);\n"
  "    return;\n"
  "  }\n"
  "  bool selected = (a_flags & 1u) != 0u;\n"
  "  bool invalid = (a_flags & 2u) != 0u;\n"
  "  vec4 p = u_mvp * vec4 (a_pos, 1.0);\n"
  "  p.xy += arms[gl_VertexID & 3] * u_pixel * p.w;\n"
  "  p.z = 0.0;\n"
  "  gl_Position = p;\n"
  "  v_color = invalid ? u_invalid : (selected ? u_selected : a_color);\n"
  "}\n";

static const char OVERLAY_VS[] =
  "#version 330 core\n"
  "layout(location = 0) in vec3 a_pos;\n"
  "layout(location = 2) in vec4 a_color;\n"
  "uniform mat4 u_mvp;\n"
  "out vec4 v_color;\n"
  "void main () { gl_Position = u_mvp * vec4 (a_pos, 1.0); v_color = a_color; }\n";

static const char GRID_VS[] =
  "#version 330 core\n"
  "layout(location = 0) in vec2 a_pos;\n"
  "uniform vec4 u_color;\n"
  "flat out vec4 v_color;\n"
  "void main () { gl_Position = vec4 (a_pos, 0.0, 1.0); v_color = u_color; }\n";

gboolean
qr_render_mode_from_string (const char *name, QrRenderMode *mode)
{
  static const char *names[] = { "shaded", "wireframe", "textured" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (name, names[i]) == 0)
      {
        *mode = (QrRenderMode) i;
        return TRUE;
      }
  return FALSE;
}

QrSceneGl *
qr_scene_gl_new (QrSceneMesh *mesh)
{
  QrSceneGl *gl = g_new0 (QrSceneGl, 1);
  gl->mesh = mesh;
  gl->ranges = g_array_new (FALSE, FALSE, sizeof (QrSceneRange));
  gl->textures = g_array_new (FALSE, TRUE, sizeof (GlTexture));
  gl->ortho_scratch = g_array_new (FALSE, FALSE, sizeof (uint32_t));
  return gl;
}

void
qr_scene_gl_free (QrSceneGl *gl)
{
  if (gl == NULL)
    return;
  g_warn_if_fail (gl->users == 0);
  g_array_unref (gl->ranges);
  g_array_unref (gl->textures);
  g_array_unref (gl->ortho_scratch);
  g_free (gl);
}

/* ---- textures ---- */

/* Sides of the fallback textures, in texels, and of a checker cell. */
#define MISSING_SIZE 64
#define MISSING_CELL 8
#define PENDING_SIZE 4

/* An RGBA8 image with mipmaps, repeating. */
static GLuint
upload_texture (const uint8_t *rgba, int width, int height)
{
  GLuint name;
  glGenTextures (1, &name);
  glBindTexture (GL_TEXTURE_2D, name);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  glGenerateMipmap (GL_TEXTURE_2D);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
  return name;
}

static void
textures_init (QrSceneGl *gl)
{
  g_autofree uint8_t *checker = g_new (uint8_t, MISSING_SIZE * MISSING_SIZE * 4);
  for (int y = 0; y < MISSING_SIZE; y++)
    for (int x = 0; x < MISSING_SIZE; x++)
      {
        uint8_t *p = checker + (y * MISSING_SIZE + x) * 4;
        gboolean magenta = ((x / MISSING_CELL) ^ (y / MISSING_CELL)) & 1;
        p[0] = p[2] = magenta ? 255 : 0;
        p[1] = 0;
        p[3] = 255;
      }
  gl->missing_texture = upload_texture (checker, MISSING_SIZE, MISSING_SIZE);
  uint8_t grey[PENDING_SIZE * PENDING_SIZE * 4];
  memset (grey, 128, sizeof grey);
  for (int i = 3; i < (int) sizeof grey; i += 4)
    grey[i] = 255;
  gl->pending_texture = upload_texture (grey, PENDING_SIZE, PENDING_SIZE);
  glBindTexture (GL_TEXTURE_2D, 0);
  glGenSamplers (1, &gl->sampler);
  glSamplerParameteri (gl->sampler, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glSamplerParameteri (gl->sampler, GL_TEXTURE_WRAP_T, GL_REPEAT);
  gl->sampler_stale = TRUE;
  g_array_set_size (gl->textures, 0);
  gl->set_owner = NULL;
}

static void
textures_forget (QrSceneGl *gl)
{
  for (guint i = 0; i < gl->textures->len; i++)
    {
      GlTexture *t = &g_array_index (gl->textures, GlTexture, i);
      if (t->name != 0)
        glDeleteTextures (1, &t->name);
      if (t->layer2 != 0)
        glDeleteTextures (1, &t->layer2);
    }
  g_array_set_size (gl->textures, 0);
}

static void
textures_clear (QrSceneGl *gl)
{
  textures_forget (gl);
  glDeleteTextures (1, &gl->missing_texture);
  glDeleteTextures (1, &gl->pending_texture);
  glDeleteSamplers (1, &gl->sampler);
  gl->missing_texture = gl->pending_texture = gl->sampler = 0;
}

/* Brings the GL textures in step with the document's set: a texture is
 * uploaded once, when its pixels arrive (or change), and deleted when the
 * set loses them. Cheap when nothing changed: two numbers compared. */
static void
textures_sync (QrSceneGl *gl)
{
  QrDocument *doc = qr_scene_mesh_get_document (gl->mesh);
  QrTextureSet *set = doc != NULL ? qr_document_get_textures (doc) : NULL;
  guint64 generation = set != NULL ? qr_texture_set_generation (set) : 0;
  guint64 epoch = qr_scene_mesh_get_texture_epoch (gl->mesh);
  guint count = qr_scene_mesh_get_texture_count (gl->mesh);

  if (gl->sampler_stale)
    {
      glSamplerParameteri (gl->sampler, GL_TEXTURE_MIN_FILTER,
                           gl->nearest ? GL_NEAREST_MIPMAP_NEAREST : GL_LINEAR_MIPMAP_LINEAR);
      glSamplerParameteri (gl->sampler, GL_TEXTURE_MAG_FILTER, gl->nearest ? GL_NEAREST : GL_LINEAR);
      gl->sampler_stale = FALSE;
      gl->epoch++;
    }
  if (epoch != gl->texture_epoch || doc != gl->set_owner)
    {
      textures_forget (gl);
      gl->texture_epoch = epoch;
      gl->set_owner = doc;
    }
  else if (generation == gl->set_generation && count == gl->textures->len)
    return;
  gl->set_generation = generation;

  GLint max_size = 0;
  glGetIntegerv (GL_MAX_TEXTURE_SIZE, &max_size);
  g_array_set_size (gl->textures, count);
  for (guint id = 1; id < count; id++)
    {
      GlTexture *g = &g_array_index (gl->textures, GlTexture, id);
      const char *name = qr_scene_mesh_get_texture_name (gl->mesh, id);
      const QrTexture *t = set != NULL ? qr_texture_set_lookup (set, name) : NULL;
      /* A name no loader has answered for yet waits, grey. */
      QrTextureStatus status = t != NULL ? t->status : QR_TEXTURE_PENDING;
      if (status == QR_TEXTURE_LOADED
          && (t->rgba == NULL || t->width <= 0 || t->height <= 0 || t->width > max_size || t->height > max_size))
        status = QR_TEXTURE_BROKEN;
      g->flags = t != NULL ? t->flags : qr_texture_flags_from_name (name);
      g->status = status;
      if (status == QR_TEXTURE_LOADED)
        {
          if (g->name == 0 || g->rgba != t->rgba || g->width != t->width || g->height != t->height)
            {
              if (g->name != 0)
                glDeleteTextures (1, &g->name);
              g->name = upload_texture (t->rgba, t->width, t->height);
              g->rgba = t->rgba;
              g->width = t->width;
              g->height = t->height;
            }
        }
      else if (g->name != 0)
        {
          glDeleteTextures (1, &g->name);
          g->name = 0;
          g->rgba = NULL;
        }
      /* A blend material's second layer, once its first is up. */
      const uint8_t *rgba2 = g->name != 0 && t->rgba2 != NULL && t->width2 > 0 && t->height2 > 0
                                 && t->width2 <= max_size && t->height2 <= max_size
                               ? t->rgba2 : NULL;
      if (rgba2 != g->rgba2)
        {
          if (g->layer2 != 0)
            glDeleteTextures (1, &g->layer2);
          g->layer2 = rgba2 != NULL ? upload_texture (rgba2, t->width2, t->height2) : 0;
          g->rgba2 = rgba2;
        }
    }
  glBindTexture (GL_TEXTURE_2D, 0);
  /* What the views keep of their last frame shows the old textures. */
  gl->epoch++;
}

void
qr_scene_gl_set_texture_filter (QrSceneGl *gl, gboolean nearest)
{
  g_return_if_fail (gl != NULL);
  if (gl->nearest == nearest)
    return;
  gl->nearest = nearest;
  gl->sampler_stale = TRUE;
}

gboolean
qr_scene_gl_acquire (QrSceneGl *gl, GError **error)
{
  g_return_val_if_fail (gl != NULL, FALSE);
  if (gl->users++ > 0)
    return TRUE;

  gl->scene_program = qr_gl_program_new ("scene", SCENE_VS, FLAT_COLOR_FS, error);
  gl->cross_program = gl->scene_program ? qr_gl_program_new ("cross", CROSS_VS, FLAT_COLOR_FS, error) : 0;
  gl->grid_program = gl->cross_program ? qr_gl_program_new ("grid", GRID_VS, FLAT_COLOR_FS, error) : 0;
  gl->overlay_program = gl->grid_program ? qr_gl_program_new ("overlay", OVERLAY_VS, COLOR_FS, error) : 0;
  gl->textured_program[0] = gl->overlay_program ? qr_gl_program_new ("textured", TEXTURED_VS, TEXTURED_FS, error) : 0;
  gl->textured_program[1] = gl->textured_program[0]
                              ? qr_gl_program_new ("textured-alpha", TEXTURED_VS, TEXTURED_ALPHA_FS, error) : 0;
  gl->textured_program[2] = gl->textured_program[1]
                              ? qr_gl_program_new ("textured-blend", TEXTURED_BLEND_VS, TEXTURED_BLEND_FS, error) : 0;
  if (gl->textured_program[2] == 0)
    {
      glDeleteProgram (gl->scene_program);
      glDeleteProgram (gl->cross_program);
      glDeleteProgram (gl->grid_program);
      glDeleteProgram (gl->overlay_program);
      glDeleteProgram (gl->textured_program[0]);
      glDeleteProgram (gl->textured_program[1]);
      gl->scene_program = gl->cross_program = gl->grid_program = gl->overlay_program = 0;
      gl->textured_program[0] = gl->textured_program[1] = 0;
      gl->users--;
      return FALSE;
    }
  GLuint p = gl->scene_program;
  gl->u_mvp = glGetUniformLocation (p, "u_mvp");
  gl->u_hide = glGetUniformLocation (p, "u_hide");
  gl->u_need = glGetUniformLocation (p, "u_need");
  gl->u_pass = glGetUniformLocation (p, "u_pass");
  gl->u_color_mode = glGetUniformLocation (p, "u_color_mode");
  gl->u_color = glGetUniformLocation (p, "u_color");
  p = gl->cross_program;
  gl->c_mvp = glGetUniformLocation (p, "u_mvp");
  gl->c_pixel = glGetUniformLocation (p, "u_pixel");
  gl->c_hide = glGetUniformLocation (p, "u_hide");
  gl->c_need = glGetUniformLocation (p, "u_need");
  gl->g_color = glGetUniformLocation (gl->grid_program, "u_color");
  gl->o_mvp = glGetUniformLocation (gl->overlay_program, "u_mvp");
  for (int i = 0; i < 3; i++)
    {
      p = gl->textured_program[i];
      gl->t_mvp[i] = glGetUniformLocation (p, "u_mvp");
      gl->t_hide[i] = glGetUniformLocation (p, "u_hide");
      gl->t_need[i] = glGetUniformLocation (p, "u_need");
    }
  /* The marking colours never change: set once in the programs, which the
   * views' contexts share. */
  const GLuint marked[] = { gl->scene_program,         gl->cross_program,         gl->textured_program[0],
                            gl->textured_program[1], gl->textured_program[2] };
  for (guint i = 0; i < G_N_ELEMENTS (marked); i++)
    {
      glUseProgram (marked[i]);
      glUniform4fv (glGetUniformLocation (marked[i], "u_selected"), 1, SELECTED);
      glUniform4fv (glGetUniformLocation (marked[i], "u_invalid"), 1, INVALID);
    }
  glUseProgram (gl->textured_program[2]);
  glUniform1i (glGetUniformLocation (gl->textured_program[2], "u_texture2"), 1);
  glUseProgram (0);

  textures_init (gl);
  glGenBuffers (QR_SCENE_N_STREAMS, gl->buffer);
  for (int i = 0; i < QR_SCENE_N_STREAMS; i++)
    gl->buffer_capacity[i] = gl->buffer_used[i] = 0;
  glGenBuffers (1, &gl->marks_buffer);
  gl->marks_capacity = 0;
  gl->marks_generation = G_MAXUINT64;
  glGenBuffers (3, gl->ortho_buffer);
  for (int axis = 0; axis < 3; axis++)
    {
      gl->ortho_count[axis] = 0;
      gl->ortho_stale[axis] = TRUE;
    }
  /* A fresh buffer holds nothing: every stream goes up whole. */
  qr_scene_gl_upload (gl);
  return TRUE;
}

void
qr_scene_gl_release (QrSceneGl *gl)
{
  g_return_if_fail (gl != NULL && gl->users > 0);
  if (--gl->users > 0)
    return;
  glDeleteBuffers (QR_SCENE_N_STREAMS, gl->buffer);
  glDeleteBuffers (3, gl->ortho_buffer);
  memset (gl->ortho_buffer, 0, sizeof gl->ortho_buffer);
  glDeleteBuffers (1, &gl->marks_buffer);
  gl->marks_buffer = 0;
  glDeleteProgram (gl->scene_program);
  glDeleteProgram (gl->cross_program);
  glDeleteProgram (gl->grid_program);
  glDeleteProgram (gl->overlay_program);
  glDeleteProgram (gl->textured_program[0]);
  glDeleteProgram (gl->textured_program[1]);
  glDeleteProgram (gl->textured_program[2]);
  textures_clear (gl);
  memset (gl->buffer, 0, sizeof gl->buffer);
  gl->scene_program = gl->cross_program = gl->grid_program = gl->overlay_program = 0;
  gl->textured_program[0] = gl->textured_program[1] = gl->textured_program[2] = 0;
}

/* Dirty ranges this close are uploaded with what lies between them. */
#define UPLOAD_GAP_BYTES 4096

static void
upload_stream (QrSceneGl *gl, QrSceneStream stream, gboolean force_all)
{
  guint n;
  gsize size;
  const guint8 *data = qr_scene_mesh_get_data (gl->mesh, stream, &n, &size);
  gboolean all;
  GArray *ranges = gl->ranges;
  qr_scene_mesh_take_dirty (gl->mesh, stream, ranges, &all);

  /* Buffers have no type: index data goes up through the same target. */
  glBindBuffer (GL_ARRAY_BUFFER, gl->buffer[stream]);
  if (force_all || all || n > gl->buffer_capacity[stream])
    {
      /* Room to grow by a quarter before the next reallocation. */
      guint capacity = MAX (n + n / 4, 64u);
      glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) (capacity * size), NULL, GL_DYNAMIC_DRAW);
      if (n > 0)
        glBufferSubData (GL_ARRAY_BUFFER, 0, (GLsizeiptr) (n * size), data);
      gl->buffer_capacity[stream] = capacity;
      for (int axis = 0; axis < 3; axis++)
        if (stream == QR_SCENE_EDGE_VERTS || stream == qr_scene_stream_for_ortho (axis))
          gl->ortho_stale[axis] = TRUE;
    }
  else
    for (guint i = 0; i < ranges->len;)
      {
        /* Ranges a little apart go up as one: a call per brush of a big
         * selection cost more than the few bytes between them. */
        QrSceneRange r = g_array_index (ranges, QrSceneRange, i);
        for (i++; i < ranges->len; i++)
          {
            QrSceneRange next = g_array_index (ranges, QrSceneRange, i);
            if ((next.first - (r.first + r.count)) * size > UPLOAD_GAP_BYTES)
              break;
            r.count = next.first + next.count - r.first;
          }
        glBufferSubData (GL_ARRAY_BUFFER, (GLintptr) (r.first * size), (GLsizeiptr) (r.count * size),
                         data + r.first * size);
      }
  gl->buffer_used[stream] = n;
}

void
qr_scene_gl_invalidate (QrSceneGl *gl)
{
  g_return_if_fail (gl != NULL);
  gl->epoch++;
}

/* The selected faces' marks: a few vertices, sent whole when they changed. */
static void
upload_face_marks (QrSceneGl *gl)
{
  guint64 generation;
  const QrSceneVertex *data = qr_scene_mesh_get_face_marks (gl->mesh, gl->marks, &generation);
  if (generation == gl->marks_generation)
    return;
  gl->marks_generation = generation;
  guint n = 0;
  for (int k = 0; k < QR_FACE_MARK_N; k++)
    n = MAX (n, gl->marks[k].first + gl->marks[k].count);
  if (n == 0)
    return;
  glBindBuffer (GL_ARRAY_BUFFER, gl->marks_buffer);
  if (n > gl->marks_capacity)
    {
      gl->marks_capacity = MAX (n, 2 * gl->marks_capacity);
      glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) (gl->marks_capacity * sizeof (QrSceneVertex)), NULL,
                    GL_DYNAMIC_DRAW);
    }
  glBufferSubData (GL_ARRAY_BUFFER, 0, (GLsizeiptr) (n * sizeof (QrSceneVertex)), data);
}

void
qr_scene_gl_upload (QrSceneGl *gl)
{
  g_return_if_fail (gl != NULL && gl->users > 0);
  gboolean fresh = gl->buffer_capacity[0] == 0;
  for (int i = 0; i < QR_SCENE_N_STREAMS; i++)
    upload_stream (gl, i, fresh);
  upload_face_marks (gl);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
}

/* ---- per view ---- */

/* Attribute 0 position, 2 colour, 4 flags; `textured` (faces drawn with
 * textures) binds 1 texture coordinates and 3 light instead of the colour,
 * so that a software rasteriser fetches only what the program reads. */
static void
bind_vertex_layout (GLuint buffer, gboolean textured)
{
  glBindBuffer (GL_ARRAY_BUFFER, buffer);
  GLsizei stride = sizeof (QrSceneVertex);
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 3, GL_FLOAT, GL_FALSE, stride, (void *) offsetof (QrSceneVertex, pos));
  if (textured)
    {
      glEnableVertexAttribArray (1);
      glVertexAttribPointer (1, 2, GL_FLOAT, GL_FALSE, stride, (void *) offsetof (QrSceneVertex, uv));
      glEnableVertexAttribArray (3);
      glVertexAttribPointer (3, 1, GL_FLOAT, GL_FALSE, stride, (void *) offsetof (QrSceneVertex, light));
    }
  else
    {
      glEnableVertexAttribArray (2);
      glVertexAttribPointer (2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, (void *) offsetof (QrSceneVertex, color));
    }
  glEnableVertexAttribArray (4);
  glVertexAttribIPointer (4, 1, GL_UNSIGNED_INT, stride, (void *) offsetof (QrSceneVertex, flags));
}

void
qr_scene_view_init (QrSceneView *view, QrSceneGl *gl)
{
  memset (view, 0, sizeof *view);
  qr_layer_cache_init (&view->cache);
  glGenVertexArrays (QR_VIEW_N_ARRAYS, view->vao);
  glBindVertexArray (view->vao[QR_VIEW_FACES]);
  bind_vertex_layout (gl->buffer[QR_SCENE_FACE_VERTS], FALSE);
  glBindBuffer (GL_ELEMENT_ARRAY_BUFFER, gl->buffer[QR_SCENE_FACE_INDEX]);
  glBindVertexArray (view->vao[QR_VIEW_TEXTURED]);
  bind_vertex_layout (gl->buffer[QR_SCENE_FACE_VERTS], TRUE);
  glBindBuffer (GL_ELEMENT_ARRAY_BUFFER, gl->buffer[QR_SCENE_FACE_INDEX_BY_TEXTURE]);
  glBindVertexArray (view->vao[QR_VIEW_BLENDED]);
  bind_vertex_layout (gl->buffer[QR_SCENE_FACE_VERTS], TRUE);
  glEnableVertexAttribArray (2);
  glVertexAttribPointer (2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof (QrSceneVertex),
                         (void *) offsetof (QrSceneVertex, color));
  glBindBuffer (GL_ELEMENT_ARRAY_BUFFER, gl->buffer[QR_SCENE_FACE_INDEX_BY_TEXTURE]);
  glBindVertexArray (view->vao[QR_VIEW_EDGES]);
  bind_vertex_layout (gl->buffer[QR_SCENE_EDGE_VERTS], FALSE);
  glBindBuffer (GL_ELEMENT_ARRAY_BUFFER, gl->buffer[QR_SCENE_EDGE_INDEX]);
  glBindVertexArray (view->vao[QR_VIEW_NORMALS]);
  bind_vertex_layout (gl->buffer[QR_SCENE_NORMALS], FALSE);
  glBindVertexArray (view->vao[QR_VIEW_CENTRES]);
  bind_vertex_layout (gl->buffer[QR_SCENE_CENTRES], FALSE);
  glBindVertexArray (view->vao[QR_VIEW_FACE_MARKS]);
  bind_vertex_layout (gl->marks_buffer, FALSE);

  glGenVertexArrays (1, &view->grid_vao);
  glGenBuffers (1, &view->grid_vbo);
  glBindVertexArray (view->grid_vao);
  glBindBuffer (GL_ARRAY_BUFFER, view->grid_vbo);
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof (float), NULL);

  glGenVertexArrays (1, &view->overlay_vao);
  glGenBuffers (1, &view->overlay_vbo);
  glBindVertexArray (view->overlay_vao);
  glBindBuffer (GL_ARRAY_BUFFER, view->overlay_vbo);
  GLsizei stride = 3 * sizeof (float) + sizeof (uint32_t);
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 3, GL_FLOAT, GL_FALSE, stride, NULL);
  glEnableVertexAttribArray (2);
  glVertexAttribPointer (2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, (void *) (3 * sizeof (float)));
  glBindVertexArray (0);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
}

void
qr_scene_view_clear (QrSceneView *view)
{
  qr_layer_cache_clear (&view->cache);
  glDeleteVertexArrays (QR_VIEW_N_ARRAYS, view->vao);
  glDeleteVertexArrays (1, &view->grid_vao);
  glDeleteBuffers (1, &view->grid_vbo);
  glDeleteVertexArrays (1, &view->overlay_vao);
  glDeleteBuffers (1, &view->overlay_vbo);
  g_free (view->grid_scratch);
  memset (view, 0, sizeof *view);
}

/* Column-major floats for GL from a row-major double matrix. */
static void
to_gl_matrix (const double m[16], mat4 out)
{
  for (int row = 0; row < 4; row++)
    for (int col = 0; col < 4; col++)
      out[col][row] = (float) m[row * 4 + col];
}

static void
ortho_matrix (const QrOrthoView *ortho, double m[16])
{
  const QrOrthoAxes *axes = qr_ortho_axis_get_axes (ortho->axis);
  double zoom = qr_ortho_view_get_zoom (ortho);
  double kx = 2.0 * zoom / ortho->width * axes->screen_x_sign;
  double ky = -2.0 * zoom / ortho->height * axes->screen_y_sign;
  memset (m, 0, 16 * sizeof *m);
  m[0 * 4 + axes->right] = kx;
  m[0 * 4 + 3] = -ortho->center_h * kx;
  m[1 * 4 + axes->up] = ky;
  m[1 * 4 + 3] = -ortho->center_v * ky;
  m[3 * 4 + 3] = 1.0;
}

typedef struct
{
  guint first;
  guint count;
} GridRun;

static void
grid_reserve (QrSceneView *view, guint vertices)
{
  if (vertices <= view->grid_capacity)
    return;
  view->grid_capacity = MAX (vertices, view->grid_capacity * 2);
  view->grid_scratch = g_renew (float, view->grid_scratch, (gsize) view->grid_capacity * 2);
  glBindBuffer (GL_ARRAY_BUFFER, view->grid_vbo);
  glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) view->grid_capacity * 2 * sizeof (float), NULL, GL_STREAM_DRAW);
}

/* Appends one kind of grid line for both screen axes as NDC segments. */
static GridRun
grid_append (QrSceneView *view, guint *used, const QrOrthoView *ortho, int grid_size,
             QrGridKind kind, double min_spacing)
{
  GridRun run = { *used, 0 };
  for (int a = 0; a < 2; a++)
    {
      QrGridLines lines;
      qr_ortho_view_grid_lines (ortho, a == 0 ? QR_ORTHO_SCREEN_X : QR_ORTHO_SCREEN_Y, grid_size, kind,
                                min_spacing, &lines);
      for (int i = 0; i < lines.count; i++)
        {
          /* Fine lines that are also coarse ones are drawn once, as coarse. */
          if (kind == QR_GRID_FINE && (lines.first_index + i) % QR_GRID_COARSE_FACTOR == 0)
            continue;
          if (kind == QR_GRID_COARSE
              && fmod (qr_grid_lines_coord (&lines, i), QR_GRID_BOLD_STEP) == 0.0)
            continue;
          double c = qr_grid_lines_coord (&lines, i);
          QrVec3 w = qr_vec3 (c, c, c);
          double sx, sy;
          qr_ortho_view_world_to_screen (ortho, w, &sx, &sy);
          float *v = view->grid_scratch + (gsize) *used * 2;
          if (a == 0)
            {
              float x = (float) (sx / ortho->width * 2.0 - 1.0);
              v[0] = x, v[1] = -1.0f, v[2] = x, v[3] = 1.0f;
            }
          else
            {
              float y = (float) (1.0 - sy / ortho->height * 2.0);
              v[0] = -1.0f, v[1] = y, v[2] = 1.0f, v[3] = y;
            }
          *used += 2;
          run.count += 2;
        }
    }
  return run;
}

static void
draw_grid (QrSceneGl *gl, QrSceneView *view, const QrOrthoView *ortho, int grid_size, int scale)
{
  /* At most one line per min-spacing of pixels, per kind and axis, plus the axes. */
  guint per_axis = (guint) (MAX (ortho->width, ortho->height) * scale / GRID_MIN_SPACING_BOLD) + 4;
  grid_reserve (view, 3 * 2 * 2 * per_axis + 4);

  guint used = 0;
  GridRun fine = { 0, 0 }, coarse = { 0, 0 }, bold = { 0, 0 };
  if (grid_size > 0)
    {
      /* Spacing limits are in device pixels; the view works in logical ones. */
      fine = grid_append (view, &used, ortho, grid_size, QR_GRID_FINE, GRID_MIN_SPACING_FINE / scale);
      coarse = grid_append (view, &used, ortho, grid_size, QR_GRID_COARSE, GRID_MIN_SPACING_FINE / scale);
      bold = grid_append (view, &used, ortho, grid_size, QR_GRID_BOLD, GRID_MIN_SPACING_BOLD / scale);
    }

  /* The axes through the origin, in the colour of the world axis each one is. */
  const QrOrthoAxes *axes = qr_ortho_axis_get_axes (ortho->axis);
  double sx, sy;
  qr_ortho_view_world_to_screen (ortho, qr_vec3 (0, 0, 0), &sx, &sy);
  float x = (float) (sx / ortho->width * 2.0 - 1.0), y = (float) (1.0 - sy / ortho->height * 2.0);
  float *v = view->grid_scratch + (gsize) used * 2;
  v[0] = x, v[1] = -1, v[2] = x, v[3] = 1;   /* vertical: the up axis */
  v[4] = -1, v[5] = y, v[6] = 1, v[7] = y;   /* horizontal: the right axis */
  guint axes_first = used;
  used += 4;

  glBindBuffer (GL_ARRAY_BUFFER, view->grid_vbo);
  glBufferSubData (GL_ARRAY_BUFFER, 0, (GLsizeiptr) used * 2 * sizeof (float), view->grid_scratch);
  glUseProgram (gl->grid_program);
  glBindVertexArray (view->grid_vao);
  const GridRun runs[3] = { fine, coarse, bold };
  const float *colors[3] = { GRID_FINE, GRID_COARSE, GRID_BOLD };
  for (int i = 0; i < 3; i++)
    if (runs[i].count > 0)
      {
        glUniform4f (gl->g_color, colors[i][0], colors[i][1], colors[i][2], 1.0f);
        glDrawArrays (GL_LINES, (GLint) runs[i].first, (GLsizei) runs[i].count);
      }
  const float *up = AXIS_COLOR[axes->up], *right = AXIS_COLOR[axes->right];
  glUniform4f (gl->g_color, up[0], up[1], up[2], 1.0f);
  glDrawArrays (GL_LINES, (GLint) axes_first, 2);
  glUniform4f (gl->g_color, right[0], right[1], right[2], 1.0f);
  glDrawArrays (GL_LINES, (GLint) axes_first + 2, 2);
}

/* Which vertices a pass draws: none with a flag in `hide`, and only those
 * with every flag in `need`. */
#define HIDE_NOTHING QR_SCENE_UNUSED
#define HIDE_SELECTED (QR_SCENE_UNUSED | QR_SCENE_SELECTED)
#define NEED_NOTHING 0u
#define NEED_SELECTED QR_SCENE_SELECTED

static void
set_scene_uniforms (QrSceneGl *gl, mat4 mvp, guint hide, guint need, int pass, int color_mode,
                    const float color[4])
{
  glUseProgram (gl->scene_program);
  glUniformMatrix4fv (gl->u_mvp, 1, GL_FALSE, mvp[0]);
  glUniform1ui (gl->u_hide, hide);
  glUniform1ui (gl->u_need, need);
  glUniform1i (gl->u_pass, pass);
  glUniform1i (gl->u_color_mode, color_mode);
  glUniform4fv (gl->u_color, 1, color);
}

/* An index stream through one of the view's arrays. Edge streams share the
 * edge array and face streams the face array: the element buffer is bound
 * each time. */
static void
draw_indexed (QrSceneGl *gl, QrSceneView *view, int array, QrSceneStream index, GLenum mode)
{
  if (gl->buffer_used[index] == 0)
    return;
  glBindVertexArray (view->vao[array]);
  glBindBuffer (GL_ELEMENT_ARRAY_BUFFER, gl->buffer[index]);
  glDrawElements (mode, (GLsizei) gl->buffer_used[index], GL_UNSIGNED_INT, NULL);
}

static void
draw_normals (QrSceneGl *gl, QrSceneView *view)
{
  if (gl->buffer_used[QR_SCENE_NORMALS] == 0)
    return;
  glBindVertexArray (view->vao[QR_VIEW_NORMALS]);
  glDrawArrays (GL_LINES, 0, (GLsizei) gl->buffer_used[QR_SCENE_NORMALS]);
}

static void
draw_crosses (QrSceneGl *gl, QrSceneView *view, const QrOrthoView *ortho, mat4 mvp, guint hide, guint need)
{
  /* Zoomed far out, thousands of crosses would bury the edges they mark. */
  if (gl->buffer_used[QR_SCENE_CENTRES] == 0 || qr_ortho_view_get_zoom (ortho) < CROSS_MIN_ZOOM)
    return;
  glUseProgram (gl->cross_program);
  glUniformMatrix4fv (gl->c_mvp, 1, GL_FALSE, mvp[0]);
  glUniform2f (gl->c_pixel, CROSS_HALF_SIZE * 2.0f / ortho->width, CROSS_HALF_SIZE * 2.0f / ortho->height);
  glUniform1ui (gl->c_hide, hide);
  glUniform1ui (gl->c_need, need);
  glBindVertexArray (view->vao[QR_VIEW_CENTRES]);
  glDrawArrays (GL_LINES, 0, (GLsizei) gl->buffer_used[QR_SCENE_CENTRES]);
}

static const float NO_COLOR[4] = { 0, 0, 0, 0 };

/* The canvas's unselected lines less those painted over, collected again
 * when they changed or the zoom crossed DISP_INNER_MIN_ZOOM or
 * DISP_COARSE_MIN_ZOOM. */
static void
draw_ortho_edges (QrSceneGl *gl, QrSceneView *view, const QrOrthoView *ortho)
{
  int axis = ortho->axis;
  guint64 generation = qr_scene_mesh_get_static_generation (gl->mesh);
  double zoom = qr_ortho_view_get_zoom (ortho);
  guint hide = zoom < DISP_COARSE_MIN_ZOOM ? QR_SCENE_DISP_INNER | QR_SCENE_DISP_INNER_COARSE
               : zoom < DISP_INNER_MIN_ZOOM ? QR_SCENE_DISP_INNER
                                            : 0;
  if (gl->ortho_stale[axis] || gl->ortho_generation[axis] != generation || gl->ortho_hide[axis] != hide)
    {
      qr_ortho_edges_collect_hiding (gl->mesh, axis, hide, gl->ortho_scratch);
      glBindBuffer (GL_ARRAY_BUFFER, gl->ortho_buffer[axis]);
      glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) (gl->ortho_scratch->len * sizeof (uint32_t)),
                    gl->ortho_scratch->data, GL_DYNAMIC_DRAW);
      glBindBuffer (GL_ARRAY_BUFFER, 0);
      gl->ortho_count[axis] = gl->ortho_scratch->len;
      gl->ortho_generation[axis] = generation;
      gl->ortho_stale[axis] = FALSE;
      gl->ortho_hide[axis] = hide;
    }
  if (gl->ortho_count[axis] == 0)
    return;
  glBindVertexArray (view->vao[QR_VIEW_EDGES]);
  glBindBuffer (GL_ELEMENT_ARRAY_BUFFER, gl->ortho_buffer[axis]);
  glDrawElements (GL_LINES, (GLsizei) gl->ortho_count[axis], GL_UNSIGNED_INT, NULL);
}

/* Everything a design canvas shows but the selection. */
static void
draw_ortho_static (QrSceneGl *gl, QrSceneView *view, const QrOrthoView *ortho, int grid_size, int scale,
                   mat4 mvp)
{
  glViewport (0, 0, ortho->width * scale, ortho->height * scale);
  glClearColor (BACKGROUND_2D[0], BACKGROUND_2D[1], BACKGROUND_2D[2], 1.0f);
  glClear (GL_COLOR_BUFFER_BIT);
  draw_grid (gl, view, ortho, grid_size, scale);
  /* No depth buffer: invalid brushes' marks are drawn after the rest, so
   * they lie on top. */
  set_scene_uniforms (gl, mvp, HIDE_SELECTED, NEED_NOTHING, PASS_ORTHO, COLOR_VERTEX, NO_COLOR);
  draw_ortho_edges (gl, view, ortho);
  draw_indexed (gl, view, QR_VIEW_EDGES, QR_SCENE_EDGE_INDEX_MARKED, GL_LINES);
  draw_crosses (gl, view, ortho, mvp, HIDE_SELECTED, NEED_NOTHING);
}

void
qr_scene_draw_ortho (QrSceneGl *gl, QrSceneView *view, const QrOrthoView *ortho, int grid_size,
                     int scale)
{
  g_return_if_fail (gl != NULL && gl->users > 0 && view != NULL && ortho != NULL);
  qr_scene_gl_upload (gl);
  glDisable (GL_BLEND);
  glDisable (GL_CULL_FACE);
  glDisable (GL_DEPTH_TEST);

  double m[16];
  mat4 mvp;
  ortho_matrix (ortho, m);
  to_gl_matrix (m, mvp);
  glm_mat4_copy (mvp, gl->last_mvp);

  const double key[] = { ortho->axis, ortho->center_h, ortho->center_v, qr_ortho_view_get_zoom (ortho),
                         grid_size, scale, (double) qr_scene_mesh_get_static_generation (gl->mesh),
                         (double) gl->epoch };
  int width = ortho->width * scale, height = ortho->height * scale;
  if (qr_layer_cache_begin (&view->cache, key, G_N_ELEMENTS (key), width, height, FALSE))
    draw_ortho_static (gl, view, ortho, grid_size, scale, mvp);
  if (!qr_layer_cache_present (&view->cache))
    draw_ortho_static (gl, view, ortho, grid_size, scale, mvp);

  /* The selection and the tool's overlay draw at the view's size even when
   * the rest came from the cache: the views share one GL context, so the
   * viewport may still be another view's. */
  glViewport (0, 0, width, height);
  /* The selection over the rest: edges, then crosses. */
  if (qr_scene_mesh_get_selected_count (gl->mesh) > 0)
    {
      set_scene_uniforms (gl, mvp, HIDE_NOTHING, NEED_SELECTED, PASS_ORTHO, COLOR_VERTEX, NO_COLOR);
      draw_indexed (gl, view, QR_VIEW_EDGES, QR_SCENE_EDGE_INDEX_MARKED, GL_LINES);
      draw_crosses (gl, view, ortho, mvp, HIDE_NOTHING, NEED_SELECTED);
    }
  /* The brushes whose faces are selected, over the brush selection. */
  QrSceneRange edges = gl->marks[QR_FACE_MARK_BRUSH_EDGES];
  if (edges.count > 0)
    {
      set_scene_uniforms (gl, mvp, HIDE_NOTHING, NEED_NOTHING, PASS_ORTHO, COLOR_VERTEX, NO_COLOR);
      glBindVertexArray (view->vao[QR_VIEW_FACE_MARKS]);
      glDrawArrays (GL_LINES, (GLint) edges.first, (GLsizei) edges.count);
    }
  glBindVertexArray (0);
  glUseProgram (0);
}

/* The texture a batch samples: its own once loaded, else the checkerboard
 * (missing, broken) or grey (pending); and its second layer, or 0. */
static GLuint
batch_texture (QrSceneGl *gl, guint id, gboolean *alpha_test, GLuint *layer2)
{
  const GlTexture *t = id < gl->textures->len ? &g_array_index (gl->textures, GlTexture, id) : NULL;
  *alpha_test = t != NULL && t->name != 0 && (t->flags & QR_TEXTURE_FLAG_TRANSPARENT);
  *layer2 = t != NULL && t->name != 0 ? t->layer2 : 0;
  if (t != NULL && t->name != 0)
    return t->name;
  if (t != NULL && (t->status == QR_TEXTURE_MISSING || t->status == QR_TEXTURE_BROKEN))
    return gl->missing_texture;
  return gl->pending_texture;
}

/* The faces of the unselected or the selected slots, one draw call per
 * texture (the mesh grouped them); faces without a texture (point entities'
 * boxes) in their shaded colour. */
static void
draw_textured_faces (QrSceneGl *gl, QrSceneView *view, mat4 mvp, gboolean selected)
{
  guint n;
  const QrSceneBatch *batches = qr_scene_mesh_get_batches (gl->mesh, selected, &n);
  if (n == 0)
    return;
  const QrSceneBatch *plain = NULL;
  int bound = -1;
  glActiveTexture (GL_TEXTURE0);
  glBindSampler (0, gl->sampler);
  glBindSampler (1, gl->sampler);
  for (guint i = 0; i < n; i++)
    {
      if (batches[i].texture == QR_SCENE_NO_TEXTURE)
        {
          plain = &batches[i];
          continue;
        }
      gboolean alpha_test;
      GLuint layer2;
      GLuint texture = batch_texture (gl, batches[i].texture, &alpha_test, &layer2);
      /* Program 0 opaque, 1 alpha-tested, 2 two layers blended. */
      int program = layer2 != 0 ? 2 : alpha_test;
      if (bound != program)
        {
          bound = program;
          glUseProgram (gl->textured_program[bound]);
          glUniformMatrix4fv (gl->t_mvp[bound], 1, GL_FALSE, mvp[0]);
          glUniform1ui (gl->t_hide[bound], QR_SCENE_UNUSED);
          glUniform1ui (gl->t_need[bound], NEED_NOTHING);
          glBindVertexArray (view->vao[bound == 2 ? QR_VIEW_BLENDED : QR_VIEW_TEXTURED]);
        }
      if (layer2 != 0)
        {
          glActiveTexture (GL_TEXTURE1);
          glBindTexture (GL_TEXTURE_2D, layer2);
          glActiveTexture (GL_TEXTURE0);
        }
      glBindTexture (GL_TEXTURE_2D, texture);
      glDrawElements (GL_TRIANGLES, (GLsizei) batches[i].count, GL_UNSIGNED_INT,
                      (void *) (batches[i].first * sizeof (uint32_t)));
    }
  glActiveTexture (GL_TEXTURE1);
  glBindTexture (GL_TEXTURE_2D, 0);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, 0);
  glBindSampler (0, 0);
  glBindSampler (1, 0);
  if (plain != NULL)
    {
      set_scene_uniforms (gl, mvp, QR_SCENE_UNUSED, NEED_NOTHING, PASS_FACES, COLOR_VERTEX, NO_COLOR);
      glBindVertexArray (view->vao[QR_VIEW_FACES]);
      glBindBuffer (GL_ELEMENT_ARRAY_BUFFER, gl->buffer[QR_SCENE_FACE_INDEX_BY_TEXTURE]);
      glDrawElements (GL_TRIANGLES, (GLsizei) plain->count, GL_UNSIGNED_INT, (void *) (plain->first * sizeof (uint32_t)));
    }
}

/* Faces, lit, a little behind their edges so the edges win the depth test;
 * brushes are closed, so faces seen from behind are hidden anyway. */
static void
draw_faces (QrSceneGl *gl, QrSceneView *view, mat4 mvp, QrRenderMode mode, QrSceneStream index, guint hide)
{
  glEnable (GL_DEPTH_TEST);
  glDepthFunc (GL_LESS);
  glEnable (GL_CULL_FACE);
  glCullFace (GL_BACK);
  glFrontFace (GL_CCW);
  glEnable (GL_POLYGON_OFFSET_FILL);
  glPolygonOffset (1.0f, 1.0f);
  if (mode == QR_RENDER_TEXTURED)
    draw_textured_faces (gl, view, mvp, index == QR_SCENE_FACE_INDEX_SELECTED);
  else
    {
      set_scene_uniforms (gl, mvp, hide, NEED_NOTHING, PASS_FACES, COLOR_VERTEX, NO_COLOR);
      draw_indexed (gl, view, QR_VIEW_FACES, index, GL_TRIANGLES);
    }
  glDisable (GL_POLYGON_OFFSET_FILL);
  glDisable (GL_CULL_FACE);
}

/* The selected faces, tinted and outlined over whatever the 3D view drew of
 * them: against its depth, so that what stands in front hides them. The
 * faces lie a little behind their true depth (draw_faces), the marks at it. */
static void
draw_face_marks_3d (QrSceneGl *gl, QrSceneView *view, mat4 mvp)
{
  QrSceneRange tint = gl->marks[QR_FACE_MARK_TINT], outline = gl->marks[QR_FACE_MARK_OUTLINE];
  if (tint.count == 0 && outline.count == 0)
    return;
  glEnable (GL_DEPTH_TEST);
  glDepthFunc (GL_LEQUAL);
  glEnable (GL_BLEND);
  glBlendFunc (GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  set_scene_uniforms (gl, mvp, HIDE_NOTHING, NEED_NOTHING, PASS_LINES, COLOR_VERTEX, NO_COLOR);
  glBindVertexArray (view->vao[QR_VIEW_FACE_MARKS]);
  glEnable (GL_CULL_FACE);
  glCullFace (GL_BACK);
  glFrontFace (GL_CCW);
  glDrawArrays (GL_TRIANGLES, (GLint) tint.first, (GLsizei) tint.count);
  glDisable (GL_CULL_FACE);
  glDrawArrays (GL_LINES, (GLint) outline.first, (GLsizei) outline.count);
  glDisable (GL_BLEND);
}

/* The 3D view's lines: every edge in wireframe, else the outlines of marked
 * brushes over the faces; then the normals. */
static void
draw_3d_lines (QrSceneGl *gl, QrSceneView *view, mat4 mvp, QrRenderMode mode, gboolean normals, guint hide,
               guint need)
{
  if (mode == QR_RENDER_WIREFRAME)
    {
      glDisable (GL_DEPTH_TEST);
      set_scene_uniforms (gl, mvp, hide, need, PASS_LINES, COLOR_VERTEX, NO_COLOR);
      /* Selected edges are all in the marked list: drawn from there. */
      draw_indexed (gl, view, QR_VIEW_EDGES, need != 0 ? QR_SCENE_EDGE_INDEX_MARKED : QR_SCENE_EDGE_INDEX,
                    GL_LINES);
    }
  else
    {
      glEnable (GL_DEPTH_TEST);
      glDepthFunc (GL_LEQUAL);
      glEnable (GL_BLEND);
      glBlendFunc (GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
      set_scene_uniforms (gl, mvp, hide, need, PASS_LINES, COLOR_UNIFORM, EDGE_3D);
      draw_indexed (gl, view, QR_VIEW_EDGES, QR_SCENE_EDGE_INDEX_MARKED, GL_LINES);
      glDisable (GL_BLEND);
    }
  if (normals)
    draw_normals (gl, view);
}

static void
draw_3d_static (QrSceneGl *gl, QrSceneView *view, int width, int height, QrRenderMode mode, gboolean normals,
                mat4 mvp)
{
  glViewport (0, 0, width, height);
  glClearColor (BACKGROUND_3D[0], BACKGROUND_3D[1], BACKGROUND_3D[2], 1.0f);
  glClearDepth (1.0);
  glClear (GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  if (mode != QR_RENDER_WIREFRAME)
    draw_faces (gl, view, mvp, mode, QR_SCENE_FACE_INDEX, HIDE_SELECTED);
  draw_3d_lines (gl, view, mvp, mode, normals, HIDE_SELECTED, NEED_NOTHING);
}

void
qr_scene_draw_3d (QrSceneGl *gl, QrSceneView *view, const QrCamera *cam, int width, int height,
                  QrRenderMode mode, gboolean normals)
{
  g_return_if_fail (gl != NULL && gl->users > 0 && view != NULL && cam != NULL);
  if (mode == QR_RENDER_TEXTURED)
    {
      qr_scene_mesh_group_faces (gl->mesh);
      textures_sync (gl);
    }
  qr_scene_gl_upload (gl);
  glDisable (GL_BLEND);
  glDisable (GL_CULL_FACE);

  double proj[16], v[16], pv[16];
  qr_camera_projection_matrix (cam, (double) width / MAX (height, 1), proj);
  qr_camera_view_matrix (cam, v);
  qr_mat4_multiply (proj, v, pv);
  mat4 mvp;
  to_gl_matrix (pv, mvp);
  glm_mat4_copy (mvp, gl->last_mvp);

  double key[16 + 4];
  memcpy (key, pv, sizeof pv);
  key[16] = mode;
  key[17] = normals;
  key[18] = (double) qr_scene_mesh_get_static_generation (gl->mesh);
  key[19] = (double) gl->epoch;
  if (qr_layer_cache_begin (&view->cache, key, G_N_ELEMENTS (key), width, height, TRUE))
    draw_3d_static (gl, view, width, height, mode, normals, mvp);
  if (!qr_layer_cache_present (&view->cache))
    draw_3d_static (gl, view, width, height, mode, normals, mvp);

  /* As for the design canvases: the view's own viewport, cached or not. */
  glViewport (0, 0, width, height);
  /* The selection, against the depth of the rest. */
  if (qr_scene_mesh_get_selected_count (gl->mesh) > 0)
    {
      if (mode != QR_RENDER_WIREFRAME)
        draw_faces (gl, view, mvp, mode, QR_SCENE_FACE_INDEX_SELECTED, HIDE_NOTHING);
      draw_3d_lines (gl, view, mvp, mode, normals, HIDE_NOTHING, NEED_SELECTED);
    }
  draw_face_marks_3d (gl, view, mvp);
  glBindVertexArray (0);
  glUseProgram (0);
}

void
qr_scene_draw_overlay (QrSceneGl *gl, QrSceneView *view, const QrOverlayLine *lines, guint n)
{
  g_return_if_fail (gl != NULL && gl->users > 0 && view != NULL);
  if (n == 0)
    return;
  glBindBuffer (GL_ARRAY_BUFFER, view->overlay_vbo);
  if (n > view->overlay_capacity)
    {
      view->overlay_capacity = MAX (n, 2 * view->overlay_capacity);
      glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) view->overlay_capacity * sizeof (QrOverlayLine), NULL,
                    GL_STREAM_DRAW);
    }
  G_STATIC_ASSERT (sizeof (QrOverlayLine) == 2 * sizeof (QrOverlayVertex));
  glBufferSubData (GL_ARRAY_BUFFER, 0, (GLsizeiptr) n * sizeof (QrOverlayLine), lines);
  glDisable (GL_DEPTH_TEST);
  glUseProgram (gl->overlay_program);
  glUniformMatrix4fv (gl->o_mvp, 1, GL_FALSE, gl->last_mvp[0]);
  glBindVertexArray (view->overlay_vao);
  glDrawArrays (GL_LINES, 0, (GLsizei) (2 * n));
  glBindVertexArray (0);
  glUseProgram (0);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
}
