/* qr-op-entity.c — placing entities, changing their class and keys, and
 * their Source outputs. */
#include "qr-operations.h"
#include "qr-op-private.h"

#include <glib/gi18n-lib.h>

/* Stubs until issue 15's model work lands. */
gboolean
qr_op_place_entity (QrDocument *doc, const char *classname, QrVec3 origin, const char *const *keys, guint n_keys,
                    const QrEntClass *cls, QrId *placed, GError **error)
{
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, "not implemented");
  return FALSE;
}

gboolean
qr_op_set_class (QrDocument *doc, const QrId *entities, guint n, const char *classname, GError **error)
{
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, "not implemented");
  return FALSE;
}

gboolean
qr_op_set_key_many (QrDocument *doc, const QrId *entities, guint n, const char *key, const char *value,
                    GError **error)
{
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, "not implemented");
  return FALSE;
}

gboolean
qr_op_set_connections (QrDocument *doc, QrId entity, const QrConnection *conns, guint n, GError **error)
{
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, "not implemented");
  return FALSE;
}
