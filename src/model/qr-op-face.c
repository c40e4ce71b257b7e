/* Texturing faces (qr-face-ops.h). STUBS: each reports that it is not
 * written yet; the face-operations work replaces them. */
#include "qr-face-ops.h"
#include "qr-op-private.h"

#include <glib/gi18n-lib.h>

static gboolean
not_yet (GError **error)
{
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, "not implemented yet");
  return FALSE;
}

gboolean
qr_op_set_face_attrs (QrDocument *doc, const QrFaceRef *faces, guint n, const QrFaceAttrs *attrs, GError **error)
{
  return not_yet (error);
}

gboolean
qr_op_nudge_face_texture (QrDocument *doc, const QrFaceRef *faces, guint n, double shift_u, double shift_v,
                          double rotation, GError **error)
{
  return not_yet (error);
}

gboolean
qr_op_justify_texture (QrDocument *doc, const QrFaceRef *faces, guint n, QrJustify how, gboolean as_one,
                       char **warning, GError **error)
{
  return not_yet (error);
}

gboolean
qr_op_fit_texture (QrDocument *doc, const QrFaceRef *faces, guint n, double repeat_u, double repeat_v,
                   gboolean as_one, char **warning, GError **error)
{
  return not_yet (error);
}

gboolean
qr_op_align_texture (QrDocument *doc, const QrFaceRef *faces, guint n, QrAlign align, GError **error)
{
  return not_yet (error);
}

gboolean
qr_op_copy_face_attrs (QrDocument *doc, QrFaceRef from, const QrFaceRef *faces, guint n, GError **error)
{
  return not_yet (error);
}

gboolean
qr_texture_name_matches (const char *pattern, const char *name)
{
  return g_ascii_strcasecmp (pattern, name) == 0;
}

void
qr_faces_matching (const QrMap *map, const char *pattern, const QrFaceRef *within, guint n_within, GArray *out)
{
}

gboolean
qr_op_replace_textures (QrDocument *doc, const char *find, const char *replace, const QrFaceRef *within,
                        guint n_within, guint *count, GError **error)
{
  return not_yet (error);
}
