/* Deep comparison of two documents, for round-trip tests and `quarry-cli`. */
#include "qr-map.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

/* Same double, telling -0 from +0: a lossless round trip keeps the sign. */
static bool
same (double a, double b)
{
  return a == b && signbit (a) == signbit (b);
}

static bool
differ (char **why, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static bool
differ (char **why, const char *fmt, ...)
{
  va_list args;

  if (why != NULL)
    {
      va_start (args, fmt);
      *why = g_strdup_vprintf (fmt, args);
      va_end (args);
    }
  return false;
}

static bool
tex_equal (const QrFace *a, const QrFace *b)
{
  const QrTexAttr *x = &a->tex, *y = &b->tex;

  return qr_vec3_identical (x->u_axis, y->u_axis) && qr_vec3_identical (x->v_axis, y->v_axis)
         && same (x->shift[0], y->shift[0]) && same (x->shift[1], y->shift[1])
         && same (x->rotation, y->rotation)
         && same (x->scale[0], y->scale[0]) && same (x->scale[1], y->scale[1]);
}

static bool
face_equal (const QrMap *ma, const QrFace *a, const QrMap *mb, const QrFace *b, char **why)
{
  const QrNode *va = a->extra ? a->extra->vmf : NULL;
  const QrNode *vb = b->extra ? b->extra->vmf : NULL;

  if (a->id != b->id)
    return differ (why, "id %u / %u", a->id, b->id);
  for (int i = 0; i < 3; i++)
    if (!qr_vec3_identical (a->points[i], b->points[i]))
      return differ (why, "point %d (%.17g %.17g %.17g) / (%.17g %.17g %.17g)", i,
                     a->points[i].x, a->points[i].y, a->points[i].z,
                     b->points[i].x, b->points[i].y, b->points[i].z);
  if (strcmp (qr_map_texture_name (ma, a->texture), qr_map_texture_name (mb, b->texture)) != 0)
    return differ (why, "texture %s / %s", qr_map_texture_name (ma, a->texture),
                   qr_map_texture_name (mb, b->texture));
  if (a->form != b->form)
    return differ (why, "texture form %d / %d", a->form, b->form);
  if (!tex_equal (a, b))
    return differ (why, "texture attributes");
  if (a->has_surface != b->has_surface)
    return differ (why, "surface values present %d / %d", a->has_surface, b->has_surface);
  if (a->has_surface)
    for (int i = 0; i < 3; i++)
      if (!same (a->extra->surface[i], b->extra->surface[i]))
        return differ (why, "surface value %d: %.17g / %.17g", i,
                       a->extra->surface[i], b->extra->surface[i]);
  if (!qr_node_equal (va, vb))
    return differ (why, "VMF side extras");
  return true;
}

/* A brushDef block's text only caches what the faces say (the writer
 * checks it against them), so it is no part of the document. */
static const QrNode *
solid_extra (const QrBrush *brush)
{
  if (brush->extra != NULL && g_strcmp0 (brush->extra->name, "brushDef") == 0)
    return NULL;
  return brush->extra;
}

static bool
brush_equal (const QrMap *ma, const QrBrush *a, const QrMap *mb, const QrBrush *b, char **why)
{
  g_autofree char *inner = NULL;

  if (a->id != b->id)
    return differ (why, "id %u / %u", a->id, b->id);
  if (a->flags != b->flags)
    return differ (why, "flags %u / %u", a->flags, b->flags);
  if (a->n_faces != b->n_faces)
    return differ (why, "%d / %d faces", a->n_faces, b->n_faces);
  if (!qr_node_equal (solid_extra (a), solid_extra (b)))
    return differ (why, "kept solid blocks");
  for (int i = 0; i < a->n_faces; i++)
    if (!face_equal (ma, &a->faces[i], mb, &b->faces[i], &inner))
      return differ (why, "face %d: %s", i, inner);
  return true;
}

static bool
kept_equal (GPtrArray *a, GPtrArray *b)
{
  if (a->len != b->len)
    return false;
  for (guint i = 0; i < a->len; i++)
    if (!qr_node_equal (g_ptr_array_index (a, i), g_ptr_array_index (b, i)))
      return false;
  return true;
}

static bool
entity_equal (const QrMap *ma, const QrEntity *a, const QrMap *mb, const QrEntity *b, char **why)
{
  g_autofree char *inner = NULL;

  if (a->id != b->id)
    return differ (why, "id %u / %u", a->id, b->id);
  if (a->flags != b->flags)
    return differ (why, "flags %u / %u", a->flags, b->flags);
  if (a->keys->len != b->keys->len)
    return differ (why, "%u / %u keys", a->keys->len, b->keys->len);
  for (guint i = 0; i < a->keys->len; i++)
    {
      const QrKeyValue *x = &g_array_index (a->keys, QrKeyValue, i);
      const QrKeyValue *y = &g_array_index (b->keys, QrKeyValue, i);

      if (strcmp (x->key, y->key) != 0 || strcmp (x->value, y->value) != 0)
        return differ (why, "key %u: \"%s\" \"%s\" / \"%s\" \"%s\"", i, x->key, x->value, y->key, y->value);
    }
  if (!kept_equal (a->kept, b->kept))
    return differ (why, "kept blocks");
  if (a->brushes->len != b->brushes->len)
    return differ (why, "%u / %u brushes", a->brushes->len, b->brushes->len);
  for (guint i = 0; i < a->brushes->len; i++)
    if (!brush_equal (ma, qr_entity_get_brush (a, i), mb, qr_entity_get_brush (b, i), &inner))
      return differ (why, "brush %u: %s", i, inner);
  return true;
}

bool
qr_map_equal (const QrMap *a, const QrMap *b, char **why)
{
  g_autofree char *inner = NULL;

  if (g_strcmp0 (a->preamble, b->preamble) != 0)
    return differ (why, "preamble comments");
  if (!kept_equal (a->kept, b->kept))
    return differ (why, "kept top-level blocks");
  if (!qr_hidden_equal (a->hidden, b->hidden))
    return differ (why, "hidden objects");
  if (a->entities->len != b->entities->len)
    return differ (why, "%u / %u entities", a->entities->len, b->entities->len);
  for (guint i = 0; i < a->entities->len; i++)
    if (!entity_equal (a, qr_map_get_entity (a, i), b, qr_map_get_entity (b, i), &inner))
      return differ (why, "entity %u: %s", i, inner);
  return true;
}
