/* The face-texturing operations (qr-face-ops.h) on real brushes of every
 * dialect, with real texture sizes from LibreQuake's WADs. Outcomes are
 * checked by projecting each face's polygon again (qr_texproj_coords with
 * the map's axis rule), never by reading back the numbers an operation
 * wrote; each operation is undone and the document must save as before. */
#include <json-c/json.h>
#include <math.h>
#include <string.h>
#include "qr-face-ops.h"
#include "qr-test-corpus.h"
#include "qr-test-map.h"
#include "qr-texture-finder.h"

/* A LibreQuake texture that is not square (128 × 192), for maps whose own
 * textures are not in the corpus: U and V sizes must not be confused. */
#define LQ_TEXTURE "med_dr2a"
#define LQ_WAD "librequake/texture-wads/lq_medieval.wad"

typedef struct
{
  const char *name;
  QrDocument *doc;
  QrTexAxisRule rule;
  GArray *faces;      /* QrFaceRef: every face with a polygon of the brushes picked */
  bool standard;      /* standard faces: no "align to face" */
  bool brushprim;     /* brush primitives: no shift/scale/rotation */
  double std_residual; /* the largest fit error seen (standard form) */
} Case;

static void
case_clear (Case *c)
{
  g_clear_object (&c->doc);
  g_clear_pointer (&c->faces, g_array_unref);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Case, case_clear)

/* Fills the document's texture set with the size of every name the map
 * uses, found through `wad_key` (NULL: the map's own). */
static void
fill_sizes (QrDocument *doc, const char *map_path, const char *wad_key)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (QrTextureFinder) finder = wad_key ? qr_texture_finder_new (wad_key, map->kind, NULL, NULL)
                                               : qr_texture_finder_new_for_map (map, map_path, NULL);
  QrTextureSet *set = qr_document_get_textures (doc);

  for (guint i = 0; i < map->textures->len; i++)
    {
      int w = 0, h = 0;

      if (qr_texture_finder_locate (finder, qr_map_texture_name (map, i), &w, &h) >= 0)
        qr_texture_set_put (set, qr_map_texture_name (map, i), w, h, NULL, QR_TEXTURE_PENDING, NULL);
    }
}

static const QrFace *
face_of (QrDocument *doc, QrFaceRef r, const QrBrush **brush)
{
  const QrBrush *b = qr_document_lookup_brush (doc, r.brush);

  g_assert_nonnull (b);
  if (brush != NULL)
    *brush = b;
  return &b->faces[r.face];
}

static void
texture_size (QrDocument *doc, const QrFace *face, int *w, int *h)
{
  const QrTexture *t = qr_texture_set_lookup (qr_document_get_textures (doc),
                                              qr_map_texture_name (qr_document_get_map (doc), face->texture));

  g_assert_nonnull (t);
  g_assert_cmpint (t->width, >, 0);
  *w = t->width;
  *h = t->height;
}

/* The face's polygon corners and their coordinates in texture units
 * (texels / size), as the game's compiler computes them. */
static int
face_uvs (const Case *c, QrFaceRef r, QrVec3 *pts, QrUV *uv, int max)
{
  const QrBrush *brush;
  const QrFace *face = face_of (c->doc, r, &brush);
  const uint16_t *idx = qr_polytope_face_indices (brush->poly, r.face);
  int n = qr_polytope_face_count (brush->poly, r.face), w, h;
  QrPlane plane;

  g_assert_cmpint (n, <=, max);
  g_assert_true (qr_face_plane (face, &plane));
  for (int i = 0; i < n; i++)
    pts[i] = brush->poly->verts[idx[i]];
  texture_size (c->doc, face, &w, &h);
  qr_texproj_uvs ((QrTexForm) face->form, c->rule, &face->tex, plane.normal, w, h, pts, n, uv);
  return n;
}

#define MAX_CORNERS 64

typedef struct
{
  double min[2], max[2];
} Span;

static Span
face_span (const Case *c, QrFaceRef r)
{
  QrVec3 pts[MAX_CORNERS];
  QrUV uv[MAX_CORNERS];
  int n = face_uvs (c, r, pts, uv, MAX_CORNERS);
  Span s = { { INFINITY, INFINITY }, { -INFINITY, -INFINITY } };

  for (int i = 0; i < n; i++)
    {
      s.min[0] = fmin (s.min[0], uv[i].u), s.max[0] = fmax (s.max[0], uv[i].u);
      s.min[1] = fmin (s.min[1], uv[i].v), s.max[1] = fmax (s.max[1], uv[i].v);
    }
  return s;
}

/* The in-plane gradient of the texture coordinates (per world unit), from
 * the polygon's first corner and the two corners farthest from it. */
static void
face_gradients (const Case *c, QrFaceRef r, QrVec3 *gu, QrVec3 *gv, QrVec3 *normal)
{
  QrVec3 pts[MAX_CORNERS];
  QrUV uv[MAX_CORNERS];
  int n = face_uvs (c, r, pts, uv, MAX_CORNERS), a = 1, b = 2;
  QrPlane plane;
  double best = 0;

  g_assert_true (qr_face_plane (face_of (c->doc, r, NULL), &plane));
  /* the pair spanning the largest triangle, for a well-conditioned solve */
  for (int i = 1; i < n; i++)
    for (int j = i + 1; j < n; j++)
      {
        double area = qr_vec3_length (qr_vec3_cross (qr_vec3_sub (pts[i], pts[0]), qr_vec3_sub (pts[j], pts[0])));
        if (area > best)
          best = area, a = i, b = j;
      }
  QrVec3 e1 = qr_vec3_sub (pts[a], pts[0]), e2 = qr_vec3_sub (pts[b], pts[0]);
  double g11 = qr_vec3_dot (e1, e1), g12 = qr_vec3_dot (e1, e2), g22 = qr_vec3_dot (e2, e2);
  double det = g11 * g22 - g12 * g12;
  double du1 = uv[a].u - uv[0].u, du2 = uv[b].u - uv[0].u;
  double dv1 = uv[a].v - uv[0].v, dv2 = uv[b].v - uv[0].v;

  /* g = α e1 + β e2 with g·e1 = d1 and g·e2 = d2 */
  *gu = qr_vec3_add (qr_vec3_scale (e1, (g22 * du1 - g12 * du2) / det), qr_vec3_scale (e2, (g11 * du2 - g12 * du1) / det));
  *gv = qr_vec3_add (qr_vec3_scale (e1, (g22 * dv1 - g12 * dv2) / det), qr_vec3_scale (e2, (g11 * dv2 - g12 * dv1) / det));
  *normal = plane.normal;
}

static void
assert_vec_near (QrVec3 a, QrVec3 b, double eps)
{
  if (qr_vec3_dist (a, b) > eps)
    g_error ("(%.17g %.17g %.17g) is not (%.17g %.17g %.17g) within %g", a.x, a.y, a.z, b.x, b.y, b.z, eps);
}

/* Loads a corpus map and picks its first `n_brushes` valid world brushes
 * plus the first with a face no axis-aligned plane holds. */
static void
case_init (Case *c, const char *name, QrMap *map, const char *path, bool rename, const char *wad, guint n_brushes)
{
  g_autoptr (GError) error = NULL;
  bool slanted = false;
  guint picked = 0;

  c->name = name;
  c->doc = qr_document_new (map);
  c->rule = qr_map_detect_dialect (map) == QR_DIALECT_QUAKE3 ? QR_TEX_AXES_Q3MAP2 : QR_TEX_AXES_QBSP;
  c->faces = g_array_new (FALSE, FALSE, sizeof (QrFaceRef));

  const QrEntity *world = qr_map_get_entity (map, 0);
  for (guint b = 0; b < qr_entity_brush_count (world) && (picked < n_brushes || !slanted); b++)
    {
      const QrBrush *brush = qr_entity_get_brush (world, b);
      bool has_slant = false;

      if (!qr_brush_is_valid (brush))
        continue;
      for (int f = 0; f < brush->n_faces; f++)
        {
          QrPlane plane;
          if (qr_face_plane (&brush->faces[f], &plane) && qr_vec3_max_abs (plane.normal) < 1 - 1e-9
              && qr_polytope_face_count (brush->poly, f) >= 3)
            has_slant = true;
        }
      if (picked >= n_brushes && !has_slant)
        continue;
      slanted |= has_slant;
      picked++;
      for (int f = 0; f < brush->n_faces; f++)
        if (qr_polytope_face_count (brush->poly, f) >= 3)
          g_array_append_val (c->faces, ((QrFaceRef) { brush->id, f }));
    }
  g_assert_true (slanted);

  if (rename)
    {
      /* Give the faces a LibreQuake texture: a real size for maps whose
       * own textures are elsewhere. */
      QrFaceAttrs attrs = { .name = LQ_TEXTURE };

      g_assert_true (qr_op_set_face_attrs (c->doc, (QrFaceRef *) c->faces->data, c->faces->len, &attrs, &error));
      g_assert_no_error (error);
    }
  fill_sizes (c->doc, path, wad);
  for (guint i = 0; i < c->faces->len; i++)
    {
      const QrFace *face = face_of (c->doc, g_array_index (c->faces, QrFaceRef, i), NULL);
      int w, h;

      texture_size (c->doc, face, &w, &h); /* every face has a real size */
      c->standard |= face->form == QR_TEX_STANDARD;
      c->brushprim |= face->form == QR_TEX_BRUSHPRIM;
    }
}

static bool
case_load (Case *c, const char *name, const char *relative, bool lq_texture, guint n_brushes)
{
  g_autofree char *path = qr_test_corpus_file (relative);
  g_autofree char *wad = lq_texture ? qr_test_corpus_file (LQ_WAD) : NULL;
  g_autoptr (GError) error = NULL;
  QrMap *map;

  if (path == NULL)
    return false;
  map = qr_map_load (path, &error);
  g_assert_no_error (error);
  case_init (c, name, map, path, lq_texture, wad, n_brushes);
  return true;
}

#define FACES(c) ((QrFaceRef *) (c)->faces->data), (c)->faces->len

/* Undoes the last step and checks the document saves as `before`. */
static void
undo_to (Case *c, const char *before)
{
  g_assert_true (qr_document_undo (c->doc));
  qr_test_assert_saves_as (c->doc, before);
}

static void
check_fit (Case *c, const char *before)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *warning = NULL;
  Span all = { { INFINITY, INFINITY }, { -INFINITY, -INFINITY } };

  /* 1 × 1 per face: [0, 1] on both axes exactly (1e-6), in every form. */
  g_assert_true (qr_op_fit_texture (c->doc, FACES (c), 1, 1, FALSE, &warning, &error));
  g_assert_no_error (error);
  g_assert_null (warning);
  for (guint i = 0; i < c->faces->len; i++)
    {
      Span s = face_span (c, g_array_index (c->faces, QrFaceRef, i));
      double err = fmax (fmax (fabs (s.min[0]), fabs (s.max[0] - 1)), fmax (fabs (s.min[1]), fabs (s.max[1] - 1)));

      g_assert_cmpfloat (err, <, 1e-6);
      c->std_residual = fmax (c->std_residual, err);
    }
  undo_to (c, before);

  /* 2 × 3 as one: the faces' combined extent spans [0, 2] × [0, 3]. */
  g_assert_true (qr_op_fit_texture (c->doc, FACES (c), 2, 3, TRUE, NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < c->faces->len; i++)
    {
      Span s = face_span (c, g_array_index (c->faces, QrFaceRef, i));
      for (int k = 0; k < 2; k++)
        all.min[k] = fmin (all.min[k], s.min[k]), all.max[k] = fmax (all.max[k], s.max[k]);
    }
  g_assert_cmpfloat_with_epsilon (all.min[0], 0, 1e-6);
  g_assert_cmpfloat_with_epsilon (all.max[0], 2, 1e-6);
  g_assert_cmpfloat_with_epsilon (all.min[1], 0, 1e-6);
  g_assert_cmpfloat_with_epsilon (all.max[1], 3, 1e-6);
  undo_to (c, before);
}

static void
check_justify (Case *c, const char *before)
{
  g_autoptr (GArray) spans = g_array_new (FALSE, FALSE, sizeof (Span));

  for (guint i = 0; i < c->faces->len; i++)
    {
      Span s = face_span (c, g_array_index (c->faces, QrFaceRef, i));
      g_array_append_val (spans, s);
    }
  for (int how = QR_JUSTIFY_LEFT; how <= QR_JUSTIFY_CENTER; how++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_true (qr_op_justify_texture (c->doc, FACES (c), (QrJustify) how, FALSE, NULL, &error));
      g_assert_no_error (error);
      for (guint i = 0; i < c->faces->len; i++)
        {
          Span was = g_array_index (spans, Span, i);
          Span s = face_span (c, g_array_index (c->faces, QrFaceRef, i));
          bool moves_u = how != QR_JUSTIFY_TOP && how != QR_JUSTIFY_BOTTOM;
          bool moves_v = how != QR_JUSTIFY_LEFT && how != QR_JUSTIFY_RIGHT;

          /* The texture moves, it is not stretched. */
          for (int k = 0; k < 2; k++)
            g_assert_cmpfloat_with_epsilon (s.max[k] - s.min[k], was.max[k] - was.min[k], 1e-9);
          if (!moves_u)
            g_assert_cmpfloat_with_epsilon (s.min[0], was.min[0], 1e-9);
          if (!moves_v)
            g_assert_cmpfloat_with_epsilon (s.min[1], was.min[1], 1e-9);
          if (how == QR_JUSTIFY_LEFT)
            g_assert_cmpfloat_with_epsilon (s.min[0], 0, 1e-9);
          if (how == QR_JUSTIFY_RIGHT)
            g_assert_cmpfloat_with_epsilon (s.max[0], 1, 1e-9);
          if (how == QR_JUSTIFY_TOP)
            g_assert_cmpfloat_with_epsilon (s.min[1], 0, 1e-9);
          if (how == QR_JUSTIFY_BOTTOM)
            g_assert_cmpfloat_with_epsilon (s.max[1], 1, 1e-9);
          if (how == QR_JUSTIFY_CENTER)
            {
              g_assert_cmpfloat_with_epsilon (s.min[0] + s.max[0], 1, 1e-9);
              g_assert_cmpfloat_with_epsilon (s.min[1] + s.max[1], 1, 1e-9);
            }
        }
      undo_to (c, before);
    }
}

static void
check_align (Case *c, const char *before)
{
  g_autoptr (GError) error = NULL;

  /* World: the U coordinate follows the world axis of the compilers'
   * projection alone (its in-plane gradient is that axis's projection into
   * the plane, over the scale it had), V likewise. */
  g_autoptr (GArray) before_grad = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  for (guint i = 0; i < c->faces->len; i++)
    {
      QrVec3 gu, gv, n;
      face_gradients (c, g_array_index (c->faces, QrFaceRef, i), &gu, &gv, &n);
      g_array_append_val (before_grad, gu);
      g_array_append_val (before_grad, gv);
    }
  g_assert_true (qr_op_align_texture (c->doc, FACES (c), QR_ALIGN_WORLD, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < c->faces->len; i++)
    {
      QrFaceRef r = g_array_index (c->faces, QrFaceRef, i);
      const QrFace *face = face_of (c->doc, r, NULL);
      QrVec3 gu, gv, n, s, t;
      int w, h;

      face_gradients (c, r, &gu, &gv, &n);
      qr_texproj_base_axes_rule (c->rule, n, &s, &t);
      s = qr_vec3_mad (s, n, -qr_vec3_dot (s, n));
      t = qr_vec3_mad (t, n, -qr_vec3_dot (t, n));
      texture_size (c->doc, face, &w, &h);
      if (face->form == QR_TEX_BRUSHPRIM)
        {
          /* The direction; the scale has no number of its own to compare. */
          assert_vec_near (qr_vec3_normalize (gu), qr_vec3_normalize (s), 1e-9);
          assert_vec_near (qr_vec3_normalize (gv), qr_vec3_normalize (t), 1e-9);
          continue;
        }
      /* The scale is kept (an input, not an outcome, so read). */
      assert_vec_near (qr_vec3_scale (gu, w), qr_vec3_scale (s, 1 / qr_texproj_effective_scale (face->tex.scale[0])), 1e-9);
      assert_vec_near (qr_vec3_scale (gv, h), qr_vec3_scale (t, 1 / qr_texproj_effective_scale (face->tex.scale[1])), 1e-9);
    }
  undo_to (c, before);

  if (c->standard)
    {
      g_autoptr (GError) refused = NULL;

      g_assert_false (qr_op_align_texture (c->doc, FACES (c), QR_ALIGN_FACE, &refused));
      g_assert_error (refused, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID);
      g_assert_nonnull (strstr (refused->message, "whose axes the compilers take from the face's normal"));
      qr_test_assert_saves_as (c->doc, before);
      return;
    }

  /* Face: U and V in the plane at right angles, U along the world U
   * turned into the plane, and (Valve) the texel size kept. */
  g_assert_true (qr_op_align_texture (c->doc, FACES (c), QR_ALIGN_FACE, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < c->faces->len; i++)
    {
      QrFaceRef r = g_array_index (c->faces, QrFaceRef, i);
      const QrFace *face = face_of (c->doc, r, NULL);
      QrVec3 gu, gv, n, s, t;
      int w, h;

      face_gradients (c, r, &gu, &gv, &n);
      qr_texproj_base_axes_rule (c->rule, n, &s, &t);
      s = qr_vec3_normalize (qr_vec3_mad (s, n, -qr_vec3_dot (s, n)));
      g_assert_cmpfloat_with_epsilon (qr_vec3_dot (qr_vec3_normalize (gu), qr_vec3_normalize (gv)), 0, 1e-9);
      assert_vec_near (qr_vec3_normalize (gu), s, 1e-9);
      g_assert_cmpfloat (qr_vec3_dot (qr_vec3_normalize (gv), t), >, 0);
      if (face->form == QR_TEX_VALVE)
        {
          texture_size (c->doc, face, &w, &h);
          g_assert_cmpfloat_with_epsilon (qr_vec3_length (gu) * w * fabs (qr_texproj_effective_scale (face->tex.scale[0])), 1, 1e-9);
          g_assert_cmpfloat_with_epsilon (qr_vec3_length (gv) * h * fabs (qr_texproj_effective_scale (face->tex.scale[1])), 1, 1e-9);
        }
    }
  undo_to (c, before);
}

/* Shift U alone, scale V alone and the rotation, each changing only what it
 * names; a run of shifts merges into one undo step. Brush primitives are
 * edited as their Valve equivalent: the same outcomes, within rounding. */
static void
check_attrs (Case *c, const char *before)
{
  g_autoptr (GError) error = NULL;
  QrFaceAttrs shift = { .fields = QR_FACE_SHIFT_U, .shift = { 17.5, 0 } };
  guint steps = qr_command_stack_position (qr_document_get_history (c->doc));

  g_autoptr (GArray) was = g_array_new (FALSE, FALSE, sizeof (QrUV));
  g_autoptr (GArray) shifts = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 0; i < c->faces->len; i++)
    {
      QrFaceRef r = g_array_index (c->faces, QrFaceRef, i);
      QrVec3 pts[MAX_CORNERS];
      QrUV uv[MAX_CORNERS];
      int n = face_uvs (c, r, pts, uv, MAX_CORNERS);

      const QrFace *face = face_of (c->doc, r, NULL);
      int w, h;
      /* A brush primitive's shift: the texel at the world's origin. */
      double old_shift = face->tex.shift[0];

      if (face->form == QR_TEX_BRUSHPRIM)
        {
          texture_size (c->doc, face, &w, &h);
          old_shift = face->tex.matrix[0][2] * w;
        }
      g_array_append_vals (was, uv, n);
      g_array_append_val (shifts, old_shift);
    }

  shift.shift[0] = 3;
  g_assert_true (qr_op_set_face_attrs (c->doc, FACES (c), &shift, &error));
  shift.shift[0] = 17.5;
  g_assert_true (qr_op_set_face_attrs (c->doc, FACES (c), &shift, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (qr_command_stack_position (qr_document_get_history (c->doc)), ==, steps + 1);
  for (guint i = 0, k = 0; i < c->faces->len; i++)
    {
      QrFaceRef r = g_array_index (c->faces, QrFaceRef, i);
      QrVec3 pts[MAX_CORNERS];
      QrUV uv[MAX_CORNERS];
      int n = face_uvs (c, r, pts, uv, MAX_CORNERS), w, h;

      texture_size (c->doc, face_of (c->doc, r, NULL), &w, &h);
      for (int j = 0; j < n; j++, k++)
        {
          QrUV old = g_array_index (was, QrUV, k);
          g_assert_cmpfloat_with_epsilon ((uv[j].u - old.u) * w, 17.5 - g_array_index (shifts, double, i), 1e-9);
          if (c->brushprim)
            g_assert_cmpfloat_with_epsilon (uv[j].v, old.v, 1e-12);
          else
            g_assert_cmpfloat (uv[j].v, ==, old.v);
        }
    }

  /* A different field is a step of its own. */
  QrFaceAttrs scale = { .fields = QR_FACE_SCALE_V, .scale = { 0, 0.5 } };
  g_assert_true (qr_op_set_face_attrs (c->doc, FACES (c), &scale, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (qr_command_stack_position (qr_document_get_history (c->doc)), ==, steps + 2);
  g_assert_true (qr_document_undo (c->doc));
  undo_to (c, before);

  /* Nudges add to each face's own shift, and a run of them is one step. */
  g_assert_true (qr_op_nudge_face_texture (c->doc, FACES (c), 2, 0, 0, &error));
  g_assert_true (qr_op_nudge_face_texture (c->doc, FACES (c), 2, -1, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (qr_command_stack_position (qr_document_get_history (c->doc)), ==, steps + 1);
  g_assert_cmpstr (qr_command_stack_undo_description (qr_document_get_history (c->doc)), ==, "Shift Texture");
  for (guint i = 0, k = 0; i < c->faces->len; i++)
    {
      QrFaceRef r = g_array_index (c->faces, QrFaceRef, i);
      QrVec3 pts[MAX_CORNERS];
      QrUV uv[MAX_CORNERS];
      int n = face_uvs (c, r, pts, uv, MAX_CORNERS), w, h;

      texture_size (c->doc, face_of (c->doc, r, NULL), &w, &h);
      for (int j = 0; j < n; j++, k++)
        {
          QrUV old = g_array_index (was, QrUV, k);
          g_assert_cmpfloat_with_epsilon ((uv[j].u - old.u) * w, 4, 1e-9);
          g_assert_cmpfloat_with_epsilon ((uv[j].v - old.v) * h, -1, 1e-9);
        }
    }
  /* A turn joins the run, which is then named for both. */
  g_assert_true (qr_op_nudge_face_texture (c->doc, FACES (c), 0, 0, 15, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (qr_command_stack_position (qr_document_get_history (c->doc)), ==, steps + 1);
  g_assert_cmpstr (qr_command_stack_undo_description (qr_document_get_history (c->doc)), ==, "Move Texture");
  undo_to (c, before);

  /* Valve axes turn about the normal by the difference of rotations:
   * the texture's gradients in the plane turn by it too. (Standard faces
   * turn in their axial projection plane instead.) */
  if (!c->standard)
    {
      QrFaceAttrs turn = { .fields = QR_FACE_ROTATION, .rotation = 30 };
      g_autoptr (GArray) grads = g_array_new (FALSE, FALSE, sizeof (QrVec3));
      g_autoptr (GArray) rotations = g_array_new (FALSE, FALSE, sizeof (double));

      for (guint i = 0; i < c->faces->len; i++)
        {
          QrFaceRef r = g_array_index (c->faces, QrFaceRef, i);
          QrVec3 gu, gv, n;

          const QrFace *face = face_of (c->doc, r, NULL);
          double rotation = face->tex.rotation;

          face_gradients (c, r, &gu, &gv, &n);
          g_array_append_val (grads, gu);
          if (face->form == QR_TEX_BRUSHPRIM)
            {
              /* Its rotation: from the face-aligned U to its own U. */
              QrVec3 s, t;

              qr_texproj_base_axes_rule (c->rule, n, &s, &t);
              s = qr_vec3_mad (s, n, -qr_vec3_dot (s, n));
              rotation = atan2 (qr_vec3_dot (qr_vec3_cross (s, gu), n), qr_vec3_dot (s, gu)) * 180 / G_PI;
            }
          g_array_append_val (rotations, rotation);
        }
      g_assert_true (qr_op_set_face_attrs (c->doc, FACES (c), &turn, &error));
      g_assert_no_error (error);
      for (guint i = 0; i < c->faces->len; i++)
        {
          QrVec3 gu, gv, n, old = g_array_index (grads, QrVec3, i);
          double angle, want = 30 - g_array_index (rotations, double, i);

          face_gradients (c, g_array_index (c->faces, QrFaceRef, i), &gu, &gv, &n);
          g_assert_cmpfloat_with_epsilon (qr_vec3_length (gu), qr_vec3_length (old), 1e-9 * qr_vec3_length (old));
          angle = atan2 (qr_vec3_dot (qr_vec3_cross (old, gu), n), qr_vec3_dot (old, gu)) * 180 / G_PI;
          g_assert_cmpfloat_with_epsilon (remainder (angle - want, 360), 0, 1e-6);
        }
      undo_to (c, before);
    }
}

static void
run_case (Case *c)
{
  g_autofree char *before = qr_test_save_text (c->doc);

  g_test_message ("%s: %u faces", c->name, c->faces->len);
  check_fit (c, before);
  check_justify (c, before);
  check_align (c, before);
  check_attrs (c, before);
}

static void
test_standard (void)
{
  g_auto (Case) c = { 0 };

  if (!case_load (&c, "standard", "librequake/lq1/maps/src/e2/e2m2.map", false, 12))
    return;
  run_case (&c);
  /* The standard form's shift and scale represent a fit exactly too (its
   * rotation is kept, and only the scale and shift change): what remains is
   * rounding, stated and asserted here. */
  g_test_message ("standard: fit 1×1 residual %.3g", c.std_residual);
  g_assert_cmpfloat (c.std_residual, <, 1e-12);
}

static void
test_valve220 (void)
{
  g_auto (Case) c = { 0 };

  if (!case_load (&c, "valve220", "librequake/lq1/maps/src/e1/e1m3.map", false, 12))
    return;
  g_assert_false (c.standard);
  run_case (&c);
}

static void
test_quake2 (void)
{
  g_auto (Case) c = { 0 };

  if (!case_load (&c, "quake2", "quake2/base1-test.map", true, 8))
    return;
  g_assert_true (c.standard);
  run_case (&c);
}

static void
test_quake3_legacy (void)
{
  g_auto (Case) c = { 0 };

  if (!case_load (&c, "quake3", "quake3/forlorn.map", true, 8))
    return;
  g_assert_true (c.standard);
  g_assert_true (c.rule == QR_TEX_AXES_Q3MAP2);
  run_case (&c);
}

static void
test_vmf (void)
{
  g_auto (Case) c = { 0 };

  if (!case_load (&c, "vmf", "vmf/box13.vmf", true, 8))
    return;
  g_assert_false (c.standard);
  run_case (&c);
}

/* Two brushDef brushes: a cube 0..64 with a different matrix per face, and
 * the same cube with its corner cut by a slope of normal ∝ (10000, 0, 9999). */
static const char brushdef_map[] =
  "{\n\"classname\" \"worldspawn\"\n"
  "{\nbrushDef\n{\n"
  "( 0 1 64 ) ( 1 0 64 ) ( 0 0 64 ) ( ( 0.015625 0 0 ) ( 0 0.015625 0 ) ) " LQ_TEXTURE " 0 0 0\n"
  "( 1 0 0 ) ( 0 1 0 ) ( 0 0 0 ) ( ( 0.015625 0 0.5 ) ( 0 0.03125 0 ) ) " LQ_TEXTURE " 0 0 0\n"
  "( 0 1 0 ) ( 0 0 1 ) ( 0 0 0 ) ( ( 0.03125 0.0078125 0.25 ) ( -0.0078125 0.03125 0 ) ) " LQ_TEXTURE " 0 0 0\n"
  "( 64 0 1 ) ( 64 1 0 ) ( 64 0 0 ) ( ( 0.0078125 0.0078125 0 ) ( -0.0078125 0.0078125 0 ) ) " LQ_TEXTURE " 0 0 0\n"
  "( 0 0 1 ) ( 1 0 0 ) ( 0 0 0 ) ( ( -0.015625 0 0 ) ( 0 0.015625 0.75 ) ) " LQ_TEXTURE " 0 0 0\n"
  "( 1 64 0 ) ( 0 64 1 ) ( 0 64 0 ) ( ( 0.015625 0 0 ) ( 0 -0.015625 0 ) ) " LQ_TEXTURE " 0 0 0\n"
  "}\n}\n"
  "{\nbrushDef\n{\n"
  "( 0 1 64 ) ( 1 0 64 ) ( 0 0 64 ) ( ( 0.015625 0 0 ) ( 0 0.015625 0 ) ) " LQ_TEXTURE " 0 0 0\n"
  "( 1 0 0 ) ( 0 1 0 ) ( 0 0 0 ) ( ( 0.015625 0 0.5 ) ( 0 0.03125 0 ) ) " LQ_TEXTURE " 0 0 0\n"
  "( 0 1 0 ) ( 0 0 1 ) ( 0 0 0 ) ( ( 0.03125 0.0078125 0.25 ) ( -0.0078125 0.03125 0 ) ) " LQ_TEXTURE " 0 0 0\n"
  "( 64 0 1 ) ( 64 1 0 ) ( 64 0 0 ) ( ( 0.0078125 0.0078125 0 ) ( -0.0078125 0.0078125 0 ) ) " LQ_TEXTURE " 0 0 0\n"
  "( 0 0 1 ) ( 1 0 0 ) ( 0 0 0 ) ( ( -0.015625 0 0 ) ( 0 0.015625 0.75 ) ) " LQ_TEXTURE " 0 0 0\n"
  "( 1 64 0 ) ( 0 64 1 ) ( 0 64 0 ) ( ( 0.015625 0 0 ) ( 0 -0.015625 0 ) ) " LQ_TEXTURE " 0 0 0\n"
  "( 32 0 64 ) ( 32 64 64 ) ( 10031 0 -9936 ) ( ( 0.01 0.002 0.1 ) ( -0.003 0.02 0 ) ) " LQ_TEXTURE " 0 0 0\n"
  "}\n}\n"
  "}\n";

static void
test_brushdef (void)
{
  g_auto (Case) c = { 0 };
  g_autofree char *wad = qr_test_corpus_file (LQ_WAD);

  if (wad == NULL)
    return;
  case_init (&c, "brushdef", qr_test_parse_ok (brushdef_map, QR_FILE_MAP), NULL, false, wad, 2);
  g_assert_true (c.brushprim);
  g_assert_true (c.rule == QR_TEX_AXES_Q3MAP2);
  run_case (&c);
}

/* Replace on e1m3: the count is the faces `quarry-cli textures --json`
 * counts for the names matched, and afterwards no face matches. */
static void
test_replace (void)
{
  g_autofree char *path = qr_test_corpus_file ("librequake/lq1/maps/src/e1/e1m3.map");
  g_autoptr (GError) error = NULL;
  g_autoptr (QrDocument) doc = NULL;
  g_autofree char *out = NULL, *before = NULL;
  g_autoptr (GArray) left = g_array_new (FALSE, FALSE, sizeof (QrFaceRef));
  const char *argv[] = { g_getenv ("QUARRY_CLI"), "textures", "--json", path, NULL };
  guint expected = 0, count = 0;
  int status;

  if (path == NULL)
    return;
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  /* {"textures": [{"name": …, "faces": N, …}, …], …} */
  json_object *root = json_tokener_parse (out), *textures;
  g_assert_nonnull (root);
  g_assert_true (json_object_object_get_ex (root, "textures", &textures));
  for (size_t i = 0; i < json_object_array_length (textures); i++)
    {
      json_object *t = json_object_array_get_idx (textures, i), *name, *faces;

      g_assert_true (json_object_object_get_ex (t, "name", &name));
      g_assert_true (json_object_object_get_ex (t, "faces", &faces));
      if (qr_texture_name_matches ("MED_?R*A", json_object_get_string (name)))
        expected += (guint) json_object_get_int64 (faces);
    }
  json_object_put (root);
  g_assert_cmpuint (expected, >, 20); /* med_dr1a, med_dr2a and more */
  g_test_message ("e1m3: %u faces match MED_?R*A", expected);

  doc = qr_document_new (qr_map_load (path, &error));
  g_assert_no_error (error);
  before = qr_test_save_text (doc);
  g_assert_true (qr_op_replace_textures (doc, "MED_?R*A", "quarry_new", NULL, 0, &count, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count, ==, expected);
  qr_faces_matching (qr_document_get_map (doc), "MED_?R*A", NULL, 0, left);
  g_assert_cmpuint (left->len, ==, 0);
  qr_faces_matching (qr_document_get_map (doc), "Quarry_New", NULL, 0, left);
  g_assert_cmpuint (left->len, ==, expected);

  /* Within given faces: only those. */
  g_assert_true (qr_op_replace_textures (doc, "quarry_*", "med_dr1a", (QrFaceRef *) left->data, 3, &count, &error));
  g_assert_cmpuint (count, ==, 3);
  g_assert_true (qr_document_undo (doc));
  g_assert_true (qr_document_undo (doc));
  qr_test_assert_saves_as (doc, before);

  /* No match: no step, count 0. */
  g_assert_true (qr_op_replace_textures (doc, "no_such_*", "x", NULL, 0, &count, &error));
  g_assert_cmpuint (count, ==, 0);
  g_assert_false (qr_document_can_undo (doc));
}

static void
test_name_matches (void)
{
  g_assert_true (qr_texture_name_matches ("med_dr1a", "MED_DR1A"));
  g_assert_true (qr_texture_name_matches ("*", ""));
  g_assert_true (qr_texture_name_matches ("*dr*", "med_dr1a"));
  g_assert_true (qr_texture_name_matches ("m?d_*a", "med_dr1a"));
  g_assert_true (qr_texture_name_matches ("*a*a", "abca"));
  g_assert_true (qr_texture_name_matches ("+0*", "+0butn"));
  g_assert_false (qr_texture_name_matches ("med_dr1", "med_dr1a"));
  g_assert_false (qr_texture_name_matches ("?med_dr1a", "med_dr1a"));
  g_assert_false (qr_texture_name_matches ("*b", "abca"));
  g_assert_false (qr_texture_name_matches ("", "a"));
}

/* Justify and fit with a texture the set does not hold: 64 × 64 and the
 * warning sentence. */
static void
test_missing_size (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (
      "{\n\"classname\" \"worldspawn\"\n{\n"
      "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) nowhere 0 0 0 1 1\n"
      "( 128 0 0 ) ( 128 0 1 ) ( 128 1 0 ) nowhere 0 0 0 1 1\n"
      "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) nowhere 0 0 0 1 1\n"
      "( 0 32 0 ) ( 1 32 0 ) ( 0 32 1 ) nowhere 0 0 0 1 1\n"
      "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) nowhere 0 0 0 1 1\n"
      "( 0 0 16 ) ( 0 1 16 ) ( 1 0 16 ) nowhere 0 0 0 1 1\n"
      "}\n}\n");
  QrId id = qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), 0), 0)->id;
  QrFaceRef top = { id, 5 };
  g_autoptr (GError) error = NULL;
  g_autofree char *warning = NULL;
  const QrFace *face;

  g_assert_true (qr_op_fit_texture (doc, &top, 1, 1, 1, FALSE, &warning, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (warning, ==, "Texture “nowhere” is not loaded: its size was taken as 64×64");
  /* The top (128 × 32) spans one 64 × 64 texture: scales 2 and 0.5. */
  face = &qr_document_lookup_brush (doc, id)->faces[5];
  g_assert_cmpfloat (face->tex.scale[0], ==, 2);
  g_assert_cmpfloat (face->tex.scale[1], ==, 0.5);
}

/* Quake 2 surface values and VMF side keys, as the saved file says them. */
static void
test_surface_and_side_keys (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (
      "{\n\"classname\" \"worldspawn\"\n{\n"
      "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) a 0 0 0 1 1 1 2 3\n"
      "( 64 0 0 ) ( 64 0 1 ) ( 64 1 0 ) a 0 0 0 1 1 1 2 3\n"
      "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) a 0 0 0 1 1 1 2 3\n"
      "( 0 32 0 ) ( 1 32 0 ) ( 0 32 1 ) a 0 0 0 1 1 1 2 3\n"
      "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1 1 1 2 3\n"
      "( 0 0 16 ) ( 0 1 16 ) ( 1 0 16 ) a 0 0 0 1 1\n"
      "}\n}\n");
  QrId id = qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), 0), 0)->id;
  QrFaceRef faces[] = { { id, 0 }, { id, 5 } };
  QrFaceAttrs flags = { .fields = QR_FACE_SURFACE_FLAGS, .surface_flags = 512 };
  QrFaceAttrs side = { .fields = QR_FACE_LIGHTMAP_SCALE | QR_FACE_SMOOTHING, .lightmap_scale = 32, .smoothing = 5 };
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *vmf = NULL;

  g_assert_true (qr_op_set_face_attrs (doc, faces, 2, &flags, &error));
  g_assert_no_error (error);
  text = qr_test_save_text (doc);
  /* Contents and value stay; a face without values gets zeros. */
  g_assert_nonnull (strstr (text, "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) a 0 0 0 1 1 1 512 3\n"));
  g_assert_nonnull (strstr (text, "( 0 0 16 ) ( 0 1 16 ) ( 1 0 16 ) a 0 0 0 1 1 0 512 0\n"));
  g_assert_nonnull (strstr (text, "( 64 0 0 ) ( 64 0 1 ) ( 64 1 0 ) a 0 0 0 1 1 1 2 3\n"));

  g_assert_true (qr_op_set_face_attrs (doc, faces, 1, &side, &error));
  g_assert_no_error (error);
  vmf = qr_test_write_ok (qr_document_get_map (doc), QR_SAVE_VMF);
  g_assert_nonnull (strstr (vmf, "\"lightmapscale\" \"32\"\n"));
  g_assert_nonnull (strstr (vmf, "\"smoothing_groups\" \"5\"\n"));
  /* the other faces keep Hammer's defaults */
  g_assert_nonnull (strstr (vmf, "\"lightmapscale\" \"16\"\n"));
}

/* The eyedropper's apply: name, projection and values, converted into
 * each face's own form so the texels continue the source's. */
static void
test_copy (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (
      "{\n\"classname\" \"worldspawn\"\n\"mapversion\" \"220\"\n{\n"
      "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) v [ 0 1 0 4 ] [ 0 0 -1 -2 ] 30 0.5 2\n"
      "( 64 0 0 ) ( 64 0 1 ) ( 64 1 0 ) w [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
      "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) w [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
      "( 0 32 0 ) ( 1 32 0 ) ( 0 32 1 ) w [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
      "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) w [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
      "( 0 0 16 ) ( 0 1 16 ) ( 1 0 16 ) w [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
      "}\n}\n");
  QrMap *map = qr_document_get_map (doc);
  QrId id = qr_entity_get_brush (qr_map_get_entity (map, 0), 0)->id;
  QrFaceRef east = { id, 1 }, top = { id, 5 };
  g_autoptr (GError) error = NULL;
  const QrBrush *brush;
  QrUV a, b;
  QrPlane pa, pb;
  QrVec3 p = qr_vec3 (64, 10, 5);

  g_assert_true (qr_op_copy_face_attrs (doc, (QrFaceRef) { id, 0 }, &east, 1, &error));
  g_assert_no_error (error);
  brush = qr_document_lookup_brush (doc, id);
  g_assert_cmpstr (qr_map_texture_name (map, brush->faces[1].texture), ==, "v");
  /* A parallel face: the same projection, so a point gets the same texels. */
  qr_face_plane (&brush->faces[0], &pa);
  qr_face_plane (&brush->faces[1], &pb);
  qr_texproj_texels (QR_TEX_VALVE, &brush->faces[0].tex, pa.normal, &p, 1, &a);
  qr_texproj_texels (QR_TEX_VALVE, &brush->faces[1].tex, pb.normal, &p, 1, &b);
  g_assert_cmpfloat_with_epsilon (a.u, b.u, 1e-12);
  g_assert_cmpfloat_with_epsilon (a.v, b.v, 1e-12);
  /* A face whose normal the source's axes lie along gets world axes, not
   * a projection that collapses. */
  g_assert_true (qr_op_copy_face_attrs (doc, (QrFaceRef) { id, 0 }, &top, 1, &error));
  brush = qr_document_lookup_brush (doc, id);
  qr_face_plane (&brush->faces[5], &pb);
  g_assert_cmpfloat (fabs (qr_vec3_dot (qr_vec3_cross (brush->faces[5].tex.u_axis, brush->faces[5].tex.v_axis),
                                       pb.normal)), >, 0.5);
  g_assert_cmpstr (qr_map_texture_name (map, brush->faces[5].texture), ==, "v");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/face-ops/name-matches", test_name_matches);
  g_test_add_func ("/face-ops/missing-size", test_missing_size);
  g_test_add_func ("/face-ops/surface-and-side-keys", test_surface_and_side_keys);
  g_test_add_func ("/face-ops/copy", test_copy);
  g_test_add_func ("/face-ops/standard", test_standard);
  g_test_add_func ("/face-ops/valve220", test_valve220);
  g_test_add_func ("/face-ops/quake2", test_quake2);
  g_test_add_func ("/face-ops/quake3-legacy", test_quake3_legacy);
  g_test_add_func ("/face-ops/brushdef", test_brushdef);
  g_test_add_func ("/face-ops/vmf", test_vmf);
  g_test_add_func ("/face-ops/replace-e1m3", test_replace);
  return g_test_run ();
}
