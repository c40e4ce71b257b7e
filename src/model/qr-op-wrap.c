/* Wrapping a face's texture onto others (qr-face-ops.h): the geometry is
 * src/geom's qr-texwrap; here the faces are found, their shared edges
 * measured on the brushes' polytopes, and the result made one undo step
 * through qr_op_edit_faces, as every face operation is. */
#include "qr-face-ops.h"
#include "qr-op-private.h"
#include "qr-eps.h"
#include "qr-texture-set.h"
#include "qr-texwrap.h"

#include <glib/gi18n-lib.h>

/* A face of a brush, with its plane and its polygon's corners (owned). */
typedef struct
{
  QrTexWrapFace wrap;
  QrVec3 *corners;
} Side;

static void
side_clear (Side *side)
{
  g_free (side->corners);
}

static void
side_init (Side *side, const QrBrush *brush, int f)
{
  const QrFace *face = &brush->faces[f];

  *side = (Side) { { .form = face->form, .tex = face->tex } };
  if (!qr_face_plane (face, &side->wrap.plane))
    return;
  if (qr_brush_is_valid (brush) && qr_polytope_face_count (brush->poly, f) > 0)
    {
      const uint16_t *index = qr_polytope_face_indices (brush->poly, f);
      int n = qr_polytope_face_count (brush->poly, f);

      side->corners = g_new (QrVec3, n);
      for (int i = 0; i < n; i++)
        side->corners[i] = brush->poly->verts[index[i]];
      side->wrap.points = side->corners;
      side->wrap.n_points = n;
    }
}

/* What one wrap knows while qr_op_edit_faces hands it the faces. */
typedef struct
{
  QrFaceRef from;
  Side source;
  const char *name;
  QrTexAxisRule rule;
  int width, height;
  bool size_used, rule_known;
  guint approximate;
  double worst;
} Wrap;

static gboolean
wrap_face (QrMap *map, QrBrush *brush, int f, gpointer data, GError **error)
{
  Wrap *w = data;
  Side target;
  QrVec3 edge[2];
  bool shares, ok;
  double residual = 0.0;
  g_autoptr (GError) why = NULL;

  if (brush->id == w->from.brush && f == w->from.face)
    return TRUE;
  side_init (&target, brush, f);
  if (target.wrap.n_points == 0 && !qr_face_plane (&brush->faces[f], &target.wrap.plane))
    {
      side_clear (&target);
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("Brush %u, face %d has no plane (its points are in a line)"), brush->id, f);
      return FALSE;
    }
  if (!w->rule_known && (w->source.wrap.form == QR_TEX_STANDARD || target.wrap.form == QR_TEX_STANDARD))
    {
      /* Quake 3's q3map2 breaks near ties of the base axes its own way. */
      w->rule = qr_dialect_axis_rule (qr_map_detect_dialect (map));
      w->rule_known = true;
    }
  if ((w->source.wrap.form == QR_TEX_BRUSHPRIM) != (target.wrap.form == QR_TEX_BRUSHPRIM))
    w->size_used = true;
  /* Faces of one brush share exact corners; neighbouring brushes'
   * corners are computed apart and meet within the weld distance. */
  shares = qr_texwrap_common_edge (w->source.wrap.points, w->source.wrap.n_points, target.wrap.points,
                                   target.wrap.n_points, QR_EPS_WELD, edge);
  ok = qr_texwrap_face (w->rule, &w->source.wrap, &target.wrap, shares ? edge : NULL, w->width, w->height,
                        &residual, &why);
  side_clear (&target);
  if (!ok)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Brush %u, face %d: %s"), brush->id, f,
                   why->message);
      return FALSE;
    }
  brush->faces[f].texture = qr_map_intern_texture (map, w->name, -1);
  brush->faces[f].tex = target.wrap.tex;
  if (residual > QR_TEXWRAP_EXACT)
    {
      w->approximate++;
      w->worst = MAX (w->worst, residual);
    }
  return TRUE;
}

gboolean
qr_op_wrap_texture (QrDocument *doc, QrFaceRef from, const QrFaceRef *faces, guint n, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) refs = NULL;
  const QrBrush *source_brush;
  const QrTexture *texture;
  Wrap w = { from, .rule = QR_TEX_AXES_QBSP, .width = 64, .height = 64 };
  bool sized = false;
  gboolean ok;

  source_brush = qr_document_lookup_brush (doc, from.brush);
  if (source_brush == NULL)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("There is no brush %u"), from.brush);
      return FALSE;
    }
  if (from.face < 0 || from.face >= source_brush->n_faces)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("Wrapping takes its texture from one face, and brush %u has no face %d"), from.brush, from.face);
      return FALSE;
    }
  refs = qr_op_expand_faces (doc, faces, n, error);
  if (refs == NULL)
    return FALSE;
  w.name = qr_map_texture_name (map, source_brush->faces[from.face].texture);
  side_init (&w.source, source_brush, from.face);
  if (w.source.wrap.n_points == 0)
    {
      side_clear (&w.source);
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("Brush %u, face %d has no polygon to wrap its texture from"), from.brush, from.face);
      return FALSE;
    }
  texture = qr_texture_set_lookup (qr_document_get_textures (doc), w.name);
  if (texture != NULL && texture->width > 0 && texture->height > 0)
    {
      w.width = texture->width, w.height = texture->height;
      sized = true;
    }
  /* The source is read from the map's brush, which the copies being
   * edited leave as it is until the step commits. */
  ok = qr_op_edit_faces (doc, (QrFaceRef *) refs->data, refs->len, wrap_face, &w, _("Wrap Texture"),
                         QR_MERGE_NONE, NULL, 0, error);
  side_clear (&w.source);
  if (!ok)
    return FALSE;
  if (w.approximate > 0 || (w.size_used && !sized))
    {
      g_autoptr (GString) note = g_string_new (NULL);

      if (w.approximate > 0)
        g_string_append_printf (note,
                                g_dngettext (GETTEXT_PACKAGE,
                                             "Wrap was approximate on %u standard face: its texture meets the edge "
                                             "exactly but strays up to %.3g texels from the exact continuation "
                                             "(the standard format cannot hold it)",
                                             "Wrap was approximate on %u standard faces: their textures meet the edge "
                                             "exactly but stray up to %.3g texels from the exact continuation "
                                             "(the standard format cannot hold them)",
                                             w.approximate),
                                w.approximate, w.worst);
      if (w.size_used && !sized)
        g_string_append_printf (note, _("%sTexture “%s” is not loaded: its size was taken as 64×64"),
                                note->len > 0 ? "; " : "", w.name);
      qr_document_set_note (doc, note->str);
    }
  return TRUE;
}
