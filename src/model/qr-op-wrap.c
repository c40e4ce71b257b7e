/* Wrapping a face's texture onto others (qr-face-ops.h): the geometry is
 * src/geom's qr-texwrap; here the faces are found, their shared edges
 * measured on the brushes' polytopes, and the result made one undo step
 * the way qr_op_set_texture makes its own. */
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

gboolean
qr_op_wrap_texture (QrDocument *doc, QrFaceRef from, const QrFaceRef *faces, guint n, GError **error)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GHashTable) at = g_hash_table_new (NULL, NULL);
  g_autoptr (GArray) locs = NULL;
  g_autoptr (GPtrArray) copies = NULL;
  const QrBrush *source_brush;
  const QrFace *source_face;
  const QrTexture *texture;
  const char *name;
  Side source;
  QrTexAxisRule rule = QR_TEX_AXES_QBSP;
  int width = 64, height = 64;
  bool sized = false, size_used = false, rule_known = false;
  guint approximate = 0;
  double worst = 0.0;

  if (n == 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("No face is selected"));
      return FALSE;
    }
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
  source_face = &source_brush->faces[from.face];
  name = qr_map_texture_name (map, source_face->texture);

  for (guint i = 0; i < n; i++)
    if (!g_hash_table_contains (at, GUINT_TO_POINTER (faces[i].brush)))
      {
        g_array_append_val (ids, faces[i].brush);
        g_hash_table_insert (at, GUINT_TO_POINTER (faces[i].brush), GUINT_TO_POINTER (ids->len));
      }
  locs = qr_op_locate (doc, (QrId *) ids->data, ids->len, error);
  if (locs == NULL)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      guint k = GPOINTER_TO_UINT (g_hash_table_lookup (at, GUINT_TO_POINTER (faces[i].brush))) - 1;

      if (faces[i].face >= g_array_index (locs, QrBrushLoc, k).brush->n_faces)
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("Brush %u has no face %d"),
                       faces[i].brush, faces[i].face);
          return FALSE;
        }
    }

  side_init (&source, source_brush, from.face);
  if (source.wrap.n_points == 0)
    {
      side_clear (&source);
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("Brush %u, face %d has no polygon to wrap its texture from"), from.brush, from.face);
      return FALSE;
    }
  texture = qr_texture_set_lookup (qr_document_get_textures (doc), name);
  if (texture != NULL && texture->width > 0 && texture->height > 0)
    {
      width = texture->width, height = texture->height;
      sized = true;
    }

  copies = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_brush_free);
  for (guint k = 0; k < locs->len; k++)
    g_ptr_array_add (copies, qr_brush_copy (g_array_index (locs, QrBrushLoc, k).brush));
  for (guint i = 0; i < n; i++)
    {
      guint k = GPOINTER_TO_UINT (g_hash_table_lookup (at, GUINT_TO_POINTER (faces[i].brush))) - 1;
      const QrBrush *brush = g_array_index (locs, QrBrushLoc, k).brush;
      QrBrush *copy = g_ptr_array_index (copies, k);

      for (int f = 0; f < brush->n_faces; f++)
        {
          Side target;
          QrVec3 edge[2];
          bool shares, ok;
          double residual = 0.0;
          g_autoptr (GError) why = NULL;

          if ((faces[i].face >= 0 && faces[i].face != f) || (brush->id == from.brush && f == from.face))
            continue;
          side_init (&target, brush, f);
          if (target.wrap.n_points == 0 && !qr_face_plane (&brush->faces[f], &target.wrap.plane))
            {
              side_clear (&target);
              side_clear (&source);
              g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                           _("Brush %u, face %d has no plane (its points are in a line)"), brush->id, f);
              return FALSE;
            }
          if (!rule_known && (source.wrap.form == QR_TEX_STANDARD || target.wrap.form == QR_TEX_STANDARD))
            {
              /* Quake 3's q3map2 breaks near ties of the base axes its own way. */
              rule = qr_map_detect_dialect (map) == QR_DIALECT_QUAKE3 ? QR_TEX_AXES_Q3MAP2 : QR_TEX_AXES_QBSP;
              rule_known = true;
            }
          if ((source.wrap.form == QR_TEX_BRUSHPRIM) != (target.wrap.form == QR_TEX_BRUSHPRIM))
            size_used = true;
          /* Faces of one brush share exact corners; neighbouring brushes'
           * corners are computed apart and meet within the weld distance. */
          shares = qr_texwrap_common_edge (source.wrap.points, source.wrap.n_points, target.wrap.points,
                                           target.wrap.n_points, QR_EPS_WELD, edge);
          ok = qr_texwrap_face (rule, &source.wrap, &target.wrap, shares ? edge : NULL, width, height, &residual,
                                &why);
          side_clear (&target);
          if (!ok)
            {
              side_clear (&source);
              g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Brush %u, face %d: %s"), brush->id, f,
                           why->message);
              return FALSE;
            }
          copy->faces[f].texture = qr_map_intern_texture (map, name, -1);
          copy->faces[f].tex = target.wrap.tex;
          if (residual > QR_TEXWRAP_EXACT)
            {
              approximate++;
              worst = MAX (worst, residual);
            }
        }
    }
  side_clear (&source);

  qr_document_edit_begin (doc);
  for (guint k = 0; k < locs->len; k++)
    {
      QrBrushLoc *loc = &g_array_index (locs, QrBrushLoc, k);
      qr_document_replace_brush (doc, loc->entity, loc->index, g_ptr_array_steal_index (copies, 0));
    }
  qr_op_commit (doc, _("Wrap Texture"), QR_MERGE_NONE, NULL, 0, NULL);

  if (approximate > 0 || (size_used && !sized))
    {
      g_autoptr (GString) note = g_string_new (NULL);

      if (approximate > 0)
        g_string_append_printf (note,
                                g_dngettext (GETTEXT_PACKAGE,
                                             "Wrap was approximate on %u standard face: its texture meets the edge "
                                             "exactly but strays up to %.3g texels from the exact continuation "
                                             "(the standard format cannot hold it)",
                                             "Wrap was approximate on %u standard faces: their textures meet the edge "
                                             "exactly but stray up to %.3g texels from the exact continuation "
                                             "(the standard format cannot hold them)",
                                             approximate),
                                approximate, worst);
      if (size_used && !sized)
        g_string_append_printf (note, _("%sTexture “%s” is not loaded: its size was taken as 64×64"),
                                note->len > 0 ? "; " : "", name);
      qr_document_set_note (doc, note->str);
    }
  return TRUE;
}
