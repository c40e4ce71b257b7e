/* Texturing faces (qr-face-ops.h): attributes, justify, fit, align, copy
 * and replace. Every operation edits copies of the brushes through
 * qr_op_edit_faces (qr-op-texture.c), so a face that refuses leaves the
 * map as it was, and the texture-space arithmetic lives in
 * src/geom/qr-texalign.h. */
#include "qr-face-ops.h"
#include "qr-op-private.h"
#include "qr-texalign.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* The size justify and fit take for a texture the set does not hold. */
#define FALLBACK_SIZE 64

/* The rule the map's compiler picks standard faces' axes by. */
static QrTexAxisRule
map_axis_rule (const QrMap *map)
{
  return qr_dialect_axis_rule (qr_map_detect_dialect (map));
}

/* The face ids of the faces (for merging), sorted by qr_command_set_merge. */
static GArray *
face_ids (QrDocument *doc, const GArray *refs)
{
  GArray *ids = g_array_sized_new (FALSE, FALSE, sizeof (QrId), refs->len + 1);

  for (guint i = 0; i < refs->len; i++)
    {
      const QrFaceRef *r = &g_array_index (refs, QrFaceRef, i);
      g_array_append_val (ids, qr_document_lookup_brush (doc, r->brush)->faces[r->face].id);
    }
  return ids;
}

/* ---- texture sizes ---- */

typedef struct
{
  QrTextureSet *set;  /* borrowed */
  GPtrArray *missing; /* char *, owned: names given the fallback size */
} Sizes;

static void
sizes_init (Sizes *sizes, QrDocument *doc)
{
  sizes->set = qr_document_get_textures (doc);
  sizes->missing = g_ptr_array_new_with_free_func (g_free);
}

static void
sizes_clear (Sizes *sizes)
{
  g_ptr_array_unref (sizes->missing);
}

static gboolean
same_name (gconstpointer a, gconstpointer b)
{
  return g_ascii_strcasecmp (a, b) == 0;
}

static void
sizes_get (Sizes *sizes, const QrMap *map, const QrFace *face, int *width, int *height)
{
  const char *name = qr_map_texture_name (map, face->texture);
  const QrTexture *t = qr_texture_set_lookup (sizes->set, name);

  if (t != NULL && t->width > 0 && t->height > 0)
    {
      *width = t->width;
      *height = t->height;
      return;
    }
  *width = *height = FALLBACK_SIZE;
  if (!g_ptr_array_find_with_equal_func (sizes->missing, name, same_name, NULL))
    g_ptr_array_add (sizes->missing, g_strdup (name));
}

/* The sentence for the status bar or stderr, or NULL when every size was known. */
static char *
sizes_dup_warning (const Sizes *sizes)
{
  if (sizes->missing->len == 0)
    return NULL;
  if (sizes->missing->len == 1)
    return g_strdup_printf (_("Texture “%s” is not loaded: its size was taken as 64×64"),
                            (const char *) g_ptr_array_index (sizes->missing, 0));
  return g_strdup_printf (_("%u textures are not loaded (“%s”…): their size was taken as 64×64"),
                          sizes->missing->len, (const char *) g_ptr_array_index (sizes->missing, 0));
}

/* ---- attributes ---- */

static void
set_side_key (QrFace *face, const char *key, const char *value)
{
  QrFaceExtra *extra = qr_face_ensure_extra (face);

  if (extra->vmf == NULL)
    {
      /* A face from a .map: the VMF writer's defaults for the keys not set. */
      extra->vmf = qr_node_new ("side");
      qr_node_add_value (extra->vmf, "lightmapscale", "16");
      qr_node_add_value (extra->vmf, "smoothing_groups", "0");
    }
  qr_node_writable (&extra->vmf);
  for (guint i = 0; i < extra->vmf->n_items; i++)
    {
      QrNodeItem *item = &extra->vmf->items[i];

      if (item->value != NULL && strcmp (item->key, key) == 0)
        {
          g_free (item->value);
          item->value = g_strdup (value);
          return;
        }
    }
  qr_node_add_value (extra->vmf, key, value);
}

static void
set_surface (QrFace *face, int i, double value)
{
  QrFaceExtra *extra = qr_face_ensure_extra (face);

  if (!face->has_surface)
    extra->surface[0] = extra->surface[1] = extra->surface[2] = 0;
  face->has_surface = 1;
  extra->surface[i] = value;
}

#define TEXTURE_FIELDS (QR_FACE_SHIFT_U | QR_FACE_SHIFT_V | QR_FACE_SCALE_U | QR_FACE_SCALE_V | QR_FACE_ROTATION)
/* The name, for merging: a run of names typed into one field is one step too. */
#define NAME_FIELD (1u << 20)

/* What the attribute edits share: brush primitives need texture sizes. */
typedef struct
{
  const QrFaceAttrs *attrs; /* or NULL for a nudge */
  double shift[2];          /* a nudge */
  double rotation;
  QrTexAxisRule rule;
  Sizes sizes;
} TexEdit;

static void
tex_edit_init (TexEdit *e, QrDocument *doc)
{
  e->rule = map_axis_rule (qr_document_get_map (doc));
  sizes_init (&e->sizes, doc);
}

/* Hands the missing sizes to the document's note (these operations have no
 * warning argument) and frees what the edit holds. */
static void
tex_edit_finish (TexEdit *e, QrDocument *doc, gboolean ok)
{
  g_autofree char *warning = sizes_dup_warning (&e->sizes);

  if (ok && warning != NULL)
    qr_document_set_note (doc, warning);
  sizes_clear (&e->sizes);
}

/* Shift, scale and rotation of a standard or Valve face. */
static void
edit_tex_fields (QrFace *face, const TexEdit *e)
{
  const QrFaceAttrs *a = e->attrs;

  if (a == NULL)
    {
      face->tex.shift[0] += e->shift[0];
      face->tex.shift[1] += e->shift[1];
      if (e->rotation != 0)
        qr_op_set_face_rotation (face, face->tex.rotation + e->rotation);
      return;
    }
  for (int i = 0; i < 2; i++)
    {
      if (a->fields & (i ? QR_FACE_SHIFT_V : QR_FACE_SHIFT_U))
        face->tex.shift[i] = a->shift[i];
      if (a->fields & (i ? QR_FACE_SCALE_V : QR_FACE_SCALE_U))
        face->tex.scale[i] = a->scale[i];
    }
  if (a->fields & QR_FACE_ROTATION)
    qr_op_set_face_rotation (face, a->rotation);
}

/* A brush-primitive face edited as its Valve equivalent (the texels its
 * matrix gives with the texture's size; its rotation measured from the
 * face-aligned U axis, about the normal), then written back: exact on the
 * face's plane (qr_texalign_valve_to_brushprim). */
static gboolean
edit_brushprim (QrMap *map, QrBrush *brush, int f, TexEdit *e, GError **error)
{
  QrFace *face = &brush->faces[f];
  QrFace valve = { .form = QR_TEX_VALVE };
  QrPlane plane;
  QrVec3 fu, fv;
  int w, h;

  if (!qr_face_plane (face, &plane))
    return TRUE;
  sizes_get (&e->sizes, map, face, &w, &h);
  if (!qr_texalign_brushprim_to_valve (&face->tex, plane.normal, w, h, &valve.tex))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("Brush %u, face %d: its brush-primitive matrix has a zero row, so its texture has no "
                     "direction to shift, scale or turn; align it first"),
                   brush->id, f);
      return FALSE;
    }
  memcpy (valve.points, face->points, sizeof valve.points);
  if (qr_texalign_face_axes (e->rule, plane.normal, &fu, &fv))
    valve.tex.rotation = atan2 (qr_vec3_dot (qr_vec3_cross (fu, valve.tex.u_axis), plane.normal),
                                qr_vec3_dot (fu, valve.tex.u_axis))
                         * (180.0 / G_PI);
  edit_tex_fields (&valve, e);
  qr_texalign_valve_to_brushprim (&valve.tex, plane, w, h, &face->tex);
  return TRUE;
}

static gboolean
edit_face_texture (QrMap *map, QrBrush *brush, int f, TexEdit *e, GError **error)
{
  if (brush->faces[f].form == QR_TEX_BRUSHPRIM)
    return edit_brushprim (map, brush, f, e, error);
  edit_tex_fields (&brush->faces[f], e);
  return TRUE;
}

static gboolean
set_attrs_face (QrMap *map, QrBrush *brush, int f, gpointer data, GError **error)
{
  TexEdit *e = data;
  const QrFaceAttrs *a = e->attrs;
  QrFace *face = &brush->faces[f];

  if ((a->fields & TEXTURE_FIELDS) && !edit_face_texture (map, brush, f, e, error))
    return FALSE;
  /* After the texture fields: a brush primitive's size is its old texture's. */
  if (a->name != NULL)
    face->texture = qr_map_intern_texture (map, a->name, -1);
  if (a->fields & QR_FACE_CONTENTS)
    set_surface (face, 0, a->contents);
  if (a->fields & QR_FACE_SURFACE_FLAGS)
    set_surface (face, 1, a->surface_flags);
  if (a->fields & QR_FACE_SURFACE_VALUE)
    set_surface (face, 2, a->surface_value);
  if (a->fields & QR_FACE_LIGHTMAP_SCALE)
    {
      g_autofree char *v = g_strdup_printf ("%d", a->lightmap_scale);
      set_side_key (face, "lightmapscale", v);
    }
  if (a->fields & QR_FACE_SMOOTHING)
    {
      g_autofree char *v = g_strdup_printf ("%u", a->smoothing);
      set_side_key (face, "smoothing_groups", v);
    }
  return TRUE;
}

static const char *
attrs_description (guint fields)
{
  if (fields == NAME_FIELD)
    return _("Set Texture");
  if ((fields & ~(guint) (QR_FACE_SHIFT_U | QR_FACE_SHIFT_V)) == 0)
    return _("Shift Texture");
  if ((fields & ~(guint) (QR_FACE_SCALE_U | QR_FACE_SCALE_V)) == 0)
    return _("Scale Texture");
  if (fields == QR_FACE_ROTATION)
    return _("Rotate Texture");
  if ((fields & ~(guint) (QR_FACE_CONTENTS | QR_FACE_SURFACE_FLAGS | QR_FACE_SURFACE_VALUE)) == 0)
    return _("Set Surface Flags");
  return _("Set Face Properties");
}

gboolean
qr_op_set_face_attrs (QrDocument *doc, const QrFaceRef *faces, guint n, const QrFaceAttrs *attrs, GError **error)
{
  g_autoptr (GArray) refs = NULL;
  g_autoptr (GArray) ids = NULL;
  TexEdit e = { attrs };
  guint fields;
  gboolean ok;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (attrs != NULL, FALSE);

  if (((attrs->fields & QR_FACE_SCALE_U) && attrs->scale[0] == 0)
      || ((attrs->fields & QR_FACE_SCALE_V) && attrs->scale[1] == 0))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A texture scale cannot be zero"));
      return FALSE;
    }
  if ((attrs->name != NULL && *attrs->name == '\0'))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A texture name cannot be empty"));
      return FALSE;
    }
  refs = qr_op_expand_faces (doc, faces, n, error);
  if (refs == NULL)
    return FALSE;
  fields = attrs->fields | (attrs->name != NULL ? NAME_FIELD : 0);
  if (fields == 0)
    return TRUE;
  ids = face_ids (doc, refs);
  g_array_append_val (ids, ((QrId) { fields | QR_MERGE_FIELDS_BIT }));
  tex_edit_init (&e, doc);
  ok = qr_op_edit_faces (doc, (QrFaceRef *) refs->data, refs->len, set_attrs_face, &e, attrs_description (fields),
                         QR_MERGE_FACE_ATTRS, (QrId *) ids->data, ids->len, error);
  tex_edit_finish (&e, doc, ok);
  return ok;
}

static gboolean
nudge_face (QrMap *map, QrBrush *brush, int f, gpointer data, GError **error)
{
  return edit_face_texture (map, brush, f, data, error);
}

gboolean
qr_op_nudge_face_texture (QrDocument *doc, const QrFaceRef *faces, guint n, double shift_u, double shift_v,
                          double rotation, GError **error)
{
  g_autoptr (GArray) refs = NULL;
  g_autoptr (GArray) ids = NULL;
  TexEdit e = { NULL, { shift_u, shift_v }, rotation };
  gboolean ok;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);

  refs = qr_op_expand_faces (doc, faces, n, error);
  if (refs == NULL)
    return FALSE;
  ids = face_ids (doc, refs);
  tex_edit_init (&e, doc);
  ok = qr_op_edit_faces (doc, (QrFaceRef *) refs->data, refs->len, nudge_face, &e,
                         rotation != 0 && shift_u == 0 && shift_v == 0 ? _("Rotate Texture") : _("Shift Texture"),
                         QR_MERGE_FACE_NUDGE, (QrId *) ids->data, ids->len, error);
  tex_edit_finish (&e, doc, ok);
  return ok;
}

/* ---- justify and fit ---- */

/* One face's part in a justify or fit, in the order of the refs. */
typedef struct
{
  int width, height;
  bool has_polygon;
  QrTexExtent extent;
  QrTexelMap change;
} FacePlan;

typedef struct
{
  GArray *plans; /* FacePlan */
  guint next;    /* qr_op_edit_faces calls in the order of the refs */
} PlanCursor;

/* Each face's texture size and the extent of its polygon on its texture
 * axes; fails when no face has a polygon to measure. */
static GArray *
plan_faces (QrDocument *doc, const GArray *refs, Sizes *sizes, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  QrTexAxisRule rule = map_axis_rule (map);
  g_autoptr (GArray) plans = g_array_sized_new (FALSE, TRUE, sizeof (FacePlan), refs->len);
  g_autoptr (GArray) corners = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  bool any = false;

  g_array_set_size (plans, refs->len);
  for (guint i = 0; i < refs->len; i++)
    {
      const QrFaceRef *r = &g_array_index (refs, QrFaceRef, i);
      const QrBrush *brush = qr_document_lookup_brush (doc, r->brush);
      const QrFace *face = &brush->faces[r->face];
      FacePlan *plan = &g_array_index (plans, FacePlan, i);
      QrPlane plane;
      int count;

      sizes_get (sizes, map, face, &plan->width, &plan->height);
      plan->change = qr_texel_map_identity ();
      qr_tex_extent_init (&plan->extent);
      if (!qr_brush_is_valid (brush) || !qr_face_plane (face, &plane)
          || (count = qr_polytope_face_count (brush->poly, r->face)) < 3)
        continue;
      g_array_set_size (corners, count);
      for (int k = 0; k < count; k++)
        g_array_index (corners, QrVec3, k) = brush->poly->verts[qr_polytope_face_indices (brush->poly, r->face)[k]];
      qr_texalign_add_points (&plan->extent, (QrTexForm) face->form, rule, &face->tex, plane.normal, plan->width,
                              plan->height, (QrVec3 *) corners->data, count);
      plan->has_polygon = true;
      any = true;
    }
  if (!any)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("None of the faces has a polygon to align the texture to"));
      return NULL;
    }
  return g_steal_pointer (&plans);
}

/* The extent of every face with a polygon in texture units (texels /
 * size): "treat as one" places the faces' combined extent, each face in
 * its own texture's units, so faces of different textures line up too. */
static void
combined_extent (const GArray *plans, QrTexExtent *ext)
{
  qr_tex_extent_init (ext);
  for (guint i = 0; i < plans->len; i++)
    {
      const FacePlan *plan = &g_array_index (plans, FacePlan, i);
      QrTexExtent units = plan->extent;

      if (!plan->has_polygon)
        continue;
      units.min[0] /= plan->width, units.max[0] /= plan->width;
      units.min[1] /= plan->height, units.max[1] /= plan->height;
      qr_tex_extent_add (ext, &units);
    }
}

/* Gives every face the change `units` (in texture units), in its texels. */
static void
share_change (GArray *plans, const QrTexelMap *units)
{
  for (guint i = 0; i < plans->len; i++)
    {
      FacePlan *plan = &g_array_index (plans, FacePlan, i);

      plan->change = *units;
      plan->change.offset[0] *= plan->width;
      plan->change.offset[1] *= plan->height;
    }
}

static gboolean
apply_plan (QrMap *map, QrBrush *brush, int f, gpointer data, GError **error)
{
  PlanCursor *cursor = data;
  const FacePlan *plan = &g_array_index (cursor->plans, FacePlan, cursor->next++);

  if (plan->has_polygon)
    qr_texalign_apply ((QrTexForm) brush->faces[f].form, &brush->faces[f].tex, plan->width, plan->height,
                       &plan->change);
  return TRUE;
}

static gboolean
run_plan (QrDocument *doc, const GArray *refs, GArray *plans, const char *description, GError **error)
{
  PlanCursor cursor = { plans, 0 };

  return qr_op_edit_faces (doc, (QrFaceRef *) refs->data, refs->len, apply_plan, &cursor, description,
                           QR_MERGE_NONE, NULL, 0, error);
}

gboolean
qr_op_justify_texture (QrDocument *doc, const QrFaceRef *faces, guint n, QrJustify how, gboolean as_one,
                       char **warning, GError **error)
{
  static const struct
  {
    double fraction[2];
    bool move[2];
  } ways[] = {
    [QR_JUSTIFY_LEFT] = { { 0, 0 }, { true, false } },
    [QR_JUSTIFY_RIGHT] = { { 1, 0 }, { true, false } },
    [QR_JUSTIFY_TOP] = { { 0, 0 }, { false, true } },
    [QR_JUSTIFY_BOTTOM] = { { 0, 1 }, { false, true } },
    [QR_JUSTIFY_CENTER] = { { 0.5, 0.5 }, { true, true } },
  };
  g_autoptr (GArray) refs = NULL;
  g_autoptr (GArray) plans = NULL;
  Sizes sizes;
  gboolean ok;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail ((guint) how < G_N_ELEMENTS (ways), FALSE);

  refs = qr_op_expand_faces (doc, faces, n, error);
  if (refs == NULL)
    return FALSE;
  sizes_init (&sizes, doc);
  plans = plan_faces (doc, refs, &sizes, error);
  if (plans != NULL && as_one)
    {
      QrTexExtent all;
      QrTexelMap units;

      combined_extent (plans, &all);
      units = qr_texalign_justify (&all, 1, 1, ways[how].fraction, ways[how].move);
      share_change (plans, &units);
    }
  else if (plans != NULL)
    for (guint i = 0; i < plans->len; i++)
      {
        FacePlan *plan = &g_array_index (plans, FacePlan, i);

        if (plan->has_polygon)
          plan->change = qr_texalign_justify (&plan->extent, plan->width, plan->height, ways[how].fraction,
                                              ways[how].move);
      }
  ok = plans != NULL && run_plan (doc, refs, plans, _("Justify Texture"), error);
  if (ok && warning != NULL)
    *warning = sizes_dup_warning (&sizes);
  sizes_clear (&sizes);
  return ok;
}

static gboolean
fit_failed (const GArray *refs, guint i, GError **error)
{
  const QrFaceRef *r = &g_array_index (refs, QrFaceRef, i);

  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
               _("Brush %u, face %d: a texture axis lies along the face's normal, so the texture has no "
                 "length on the face to fit; align it to the world or the face first"),
               r->brush, r->face);
  return FALSE;
}

gboolean
qr_op_fit_texture (QrDocument *doc, const QrFaceRef *faces, guint n, double repeat_u, double repeat_v,
                   gboolean as_one, char **warning, GError **error)
{
  const double repeat[2] = { repeat_u, repeat_v };
  const bool both[2] = { true, true };
  g_autoptr (GArray) refs = NULL;
  g_autoptr (GArray) plans = NULL;
  Sizes sizes;
  gboolean ok = TRUE;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);

  if (!(repeat_u > 0) || !(repeat_v > 0) || !isfinite (repeat_u) || !isfinite (repeat_v))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The repeat counts must be positive"));
      return FALSE;
    }
  refs = qr_op_expand_faces (doc, faces, n, error);
  if (refs == NULL)
    return FALSE;
  sizes_init (&sizes, doc);
  plans = plan_faces (doc, refs, &sizes, error);
  if (plans == NULL)
    ok = FALSE;
  else if (as_one)
    {
      QrTexExtent all;
      QrTexelMap units;

      combined_extent (plans, &all);
      if (qr_texalign_fit (&all, 1, 1, repeat, both, &units))
        share_change (plans, &units);
      else
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                       _("The faces' texture axes lie along their normals, so the textures have no length "
                         "on them to fit; align them to the world or the faces first"));
          ok = FALSE;
        }
    }
  else
    for (guint i = 0; ok && i < plans->len; i++)
      {
        FacePlan *plan = &g_array_index (plans, FacePlan, i);

        if (plan->has_polygon && !qr_texalign_fit (&plan->extent, plan->width, plan->height, repeat, both,
                                                   &plan->change))
          ok = fit_failed (refs, i, error);
      }
  ok = ok && run_plan (doc, refs, plans, _("Fit Texture"), error);
  if (ok && warning != NULL)
    *warning = sizes_dup_warning (&sizes);
  sizes_clear (&sizes);
  return ok;
}

/* ---- align ---- */

typedef struct
{
  QrAlign align;
  QrTexAxisRule rule;
  Sizes sizes;
} Align;

static gboolean
align_face (QrMap *map, QrBrush *brush, int f, gpointer data, GError **error)
{
  Align *a = data;
  QrFace *face = &brush->faces[f];
  QrTexAttr valve;
  QrPlane plane;
  QrVec3 u, v;
  int width = 0, height = 0;

  if (face->form == QR_TEX_STANDARD)
    {
      if (a->align == QR_ALIGN_FACE)
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                       _("Brush %u, face %d uses the standard texture form, whose axes the compilers take "
                         "from the face's normal (the nearest axial plane): it cannot be aligned to the "
                         "face. Save the map as Valve 220 to align textures to faces"),
                       brush->id, f);
          return FALSE;
        }
      /* The axes are the world's already; only the rotation turns them. */
      face->tex.rotation = 0;
      return TRUE;
    }
  if (!qr_face_plane (face, &plane))
    return TRUE;
  if (a->align == QR_ALIGN_WORLD)
    qr_texalign_world_axes (a->rule, plane.normal, &u, &v);
  else if (!qr_texalign_face_axes (a->rule, plane.normal, &u, &v))
    return TRUE;

  if (face->form == QR_TEX_VALVE)
    valve = face->tex;
  else
    {
      /* Brush primitives through their Valve equivalent, which carries a
       * scale: the new axes keep it, and the texture's size turns it back. */
      sizes_get (&a->sizes, map, face, &width, &height);
      if (!qr_texalign_brushprim_to_valve (&face->tex, plane.normal, width, height, &valve))
        valve = (QrTexAttr) { .scale = { 1, 1 } };
    }
  /* Hammer keeps the scale and the shift and starts the rotation over. */
  valve.u_axis = u;
  valve.v_axis = v;
  valve.rotation = 0;
  if (face->form == QR_TEX_VALVE)
    face->tex = valve;
  else
    qr_texalign_valve_to_brushprim (&valve, plane, width, height, &face->tex);
  return TRUE;
}

gboolean
qr_op_align_texture (QrDocument *doc, const QrFaceRef *faces, guint n, QrAlign align, GError **error)
{
  g_autoptr (GArray) refs = NULL;
  g_autofree char *warning = NULL;
  Align a = { align, QR_TEX_AXES_QBSP };
  gboolean ok;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (align == QR_ALIGN_WORLD || align == QR_ALIGN_FACE, FALSE);

  refs = qr_op_expand_faces (doc, faces, n, error);
  if (refs == NULL)
    return FALSE;
  a.rule = map_axis_rule (qr_document_get_map (doc));
  sizes_init (&a.sizes, doc);
  ok = qr_op_edit_faces (doc, (QrFaceRef *) refs->data, refs->len, align_face, &a,
                         align == QR_ALIGN_WORLD ? _("Align Texture to World") : _("Align Texture to Face"),
                         QR_MERGE_NONE, NULL, 0, error);
  /* Only brush primitives need a size here; no warning argument to hand
   * it to, so the note the status bar and the CLI show carries it. */
  warning = sizes_dup_warning (&a.sizes);
  if (ok && warning != NULL)
    qr_document_set_note (doc, warning);
  sizes_clear (&a.sizes);
  return ok;
}

/* ---- copy ---- */

typedef struct
{
  QrFace source;  /* a copy: the source may be among the faces changed */
  QrVec3 normal;
  Sizes sizes;
} Copy;

static void
copy_side_key (const QrFace *from, QrFace *to, const char *key)
{
  const char *value = from->extra && from->extra->vmf ? qr_node_get (from->extra->vmf, key) : NULL;

  if (value != NULL)
    set_side_key (to, key, value);
}

/* The source's projection as Valve attributes (brush primitives in its
 * texture's size). */
static QrTexAttr
source_as_valve (Copy *c, const QrMap *map, QrVec3 target_normal)
{
  QrTexAttr valve;
  int w, h;

  switch ((QrTexForm) c->source.form)
    {
    case QR_TEX_VALVE:
      return c->source.tex;
    case QR_TEX_STANDARD:
      /* On the target's normal: the standard face's numbers as the compilers
       * would project them there. */
      qr_texproj_standard_to_valve (&c->source.tex, target_normal, &valve);
      return valve;
    case QR_TEX_BRUSHPRIM:
    default:
      sizes_get (&c->sizes, map, &c->source, &w, &h);
      if (!qr_texalign_brushprim_to_valve (&c->source.tex, c->normal, w, h, &valve))
        valve = (QrTexAttr) { .scale = { 1, 1 } };
      return valve;
    }
}

static gboolean
copy_face (QrMap *map, QrBrush *brush, int f, gpointer data, GError **error)
{
  Copy *c = data;
  QrFace *face = &brush->faces[f];
  QrPlane plane;
  QrTexAttr valve;
  int w, h;

  face->texture = c->source.texture;
  if (c->source.has_surface)
    for (int i = 0; i < 3; i++)
      set_surface (face, i, c->source.extra->surface[i]);
  copy_side_key (&c->source, face, "lightmapscale");
  copy_side_key (&c->source, face, "smoothing_groups");
  if (!qr_face_plane (face, &plane))
    return TRUE;

  /* Each face keeps its form ("faces read in the standard form keep their
   * form", DESIGN.md); the projection is converted into it. */
  if (face->form == c->source.form && face->form != QR_TEX_VALVE)
    face->tex = c->source.tex;
  else if (face->form == QR_TEX_VALVE)
    {
      face->tex = source_as_valve (c, map, plane.normal);
      qr_op_repair_axes (face, plane.normal);
    }
  else if (face->form == QR_TEX_STANDARD)
    {
      valve = source_as_valve (c, map, plane.normal);
      if (!qr_texproj_valve_to_standard (&valve, plane.normal, &face->tex, NULL))
        {
          /* Axes no standard face can have here: keep the numbers. */
          face->tex.shift[0] = valve.shift[0];
          face->tex.shift[1] = valve.shift[1];
          face->tex.scale[0] = valve.scale[0];
          face->tex.scale[1] = valve.scale[1];
          face->tex.rotation = valve.rotation;
        }
    }
  else
    {
      QrFace tmp = { .form = QR_TEX_VALVE };

      tmp.tex = source_as_valve (c, map, plane.normal);
      qr_op_repair_axes (&tmp, plane.normal);
      sizes_get (&c->sizes, map, face, &w, &h);
      qr_texalign_valve_to_brushprim (&tmp.tex, plane, w, h, &face->tex);
    }
  return TRUE;
}

gboolean
qr_op_copy_face_attrs (QrDocument *doc, QrFaceRef from, const QrFaceRef *faces, guint n, GError **error)
{
  g_autoptr (GArray) refs = NULL;
  g_autofree char *warning = NULL;
  const QrBrush *source;
  QrPlane plane;
  Copy c = { 0 };
  gboolean ok;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);

  source = qr_document_lookup_brush (doc, from.brush);
  if (source == NULL || from.face < 0 || from.face >= source->n_faces)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("Brush %u has no face %d"), from.brush,
                   from.face);
      return FALSE;
    }
  refs = qr_op_expand_faces (doc, faces, n, error);
  if (refs == NULL)
    return FALSE;
  qr_face_copy_into (&c.source, &source->faces[from.face]);
  c.normal = qr_face_plane (&c.source, &plane) ? plane.normal : qr_vec3 (0, 0, 1);
  sizes_init (&c.sizes, doc);
  ok = qr_op_edit_faces (doc, (QrFaceRef *) refs->data, refs->len, copy_face, &c, _("Apply Texture"),
                         QR_MERGE_NONE, NULL, 0, error);
  warning = sizes_dup_warning (&c.sizes);
  if (ok && warning != NULL)
    qr_document_set_note (doc, warning);
  sizes_clear (&c.sizes);
  qr_face_clear (&c.source);
  return ok;
}

/* ---- replace ---- */

gboolean
qr_texture_name_matches (const char *pattern, const char *name)
{
  const char *star = NULL, *resume = NULL;

  g_return_val_if_fail (pattern != NULL && name != NULL, FALSE);

  /* Greedy with one backtrack point: on a mismatch after a '*', let the
   * star take one more character of the name. Linear in practice. */
  while (*name != '\0')
    {
      if (*pattern == '*')
        {
          star = ++pattern;
          resume = name;
        }
      else if (*pattern == '?' || (*pattern != '\0' && g_ascii_tolower (*pattern) == g_ascii_tolower (*name)))
        {
          pattern++;
          name++;
        }
      else if (star != NULL)
        {
          pattern = star;
          name = ++resume;
        }
      else
        return FALSE;
    }
  while (*pattern == '*')
    pattern++;
  return *pattern == '\0';
}

static void
match_brush (const QrMap *map, const QrBrush *brush, int only, const char *pattern, GArray *out)
{
  for (int f = 0; f < brush->n_faces; f++)
    if ((only < 0 || only == f)
        && qr_texture_name_matches (pattern, qr_map_texture_name (map, brush->faces[f].texture)))
      g_array_append_val (out, ((QrFaceRef) { brush->id, f }));
}

void
qr_faces_matching (const QrMap *map, const char *pattern, const QrFaceRef *within, guint n_within, GArray *out)
{
  g_return_if_fail (map != NULL && pattern != NULL && out != NULL);

  if (within == NULL)
    {
      for (guint e = 0; e < qr_map_entity_count (map); e++)
        {
          const QrEntity *entity = qr_map_get_entity (map, e);

          for (guint b = 0; b < qr_entity_brush_count (entity); b++)
            match_brush (map, qr_entity_get_brush (entity, b), -1, pattern, out);
        }
      return;
    }
  for (guint i = 0; i < n_within; i++)
    {
      guint e, b;

      if (qr_map_find_brush ((QrMap *) map, within[i].brush, &e, &b))
        match_brush (map, qr_entity_get_brush (qr_map_get_entity (map, e), b), within[i].face, pattern, out);
    }
}

static gboolean
rename_face (QrMap *map, QrBrush *brush, int f, gpointer data, GError **error)
{
  brush->faces[f].texture = GPOINTER_TO_UINT (data);
  return TRUE;
}

gboolean
qr_op_replace_textures (QrDocument *doc, const char *find, const char *replace, const QrFaceRef *within,
                        guint n_within, guint *count, GError **error)
{
  QrMap *map;
  g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (QrFaceRef));
  g_autoptr (GArray) refs = NULL;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (find != NULL && replace != NULL, FALSE);

  if (count != NULL)
    *count = 0;
  if (*find == '\0' || *replace == '\0')
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A texture name cannot be empty"));
      return FALSE;
    }
  map = qr_document_get_map (doc);
  if (within != NULL)
    {
      /* The faces named must exist, as for every other face operation. */
      refs = qr_op_expand_faces (doc, within, n_within, error);
      if (refs == NULL)
        return FALSE;
    }
  qr_faces_matching (map, find, refs ? (QrFaceRef *) refs->data : NULL, refs ? refs->len : 0, found);
  if (found->len == 0)
    return TRUE;
  if (!qr_op_edit_faces (doc, (QrFaceRef *) found->data, found->len, rename_face,
                         GUINT_TO_POINTER (qr_map_intern_texture (map, replace, -1)), _("Replace Textures"),
                         QR_MERGE_NONE, NULL, 0, error))
    return FALSE;
  if (count != NULL)
    *count = found->len;
  return TRUE;
}
