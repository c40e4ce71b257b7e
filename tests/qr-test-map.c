/* qr-test-map.c — see qr-test-map.h. */
#include "qr-test-map.h"

#include <string.h>

QrMap *
qr_test_parse_ok (const char *text, QrFileKind kind)
{
  g_autoptr (GError) error = NULL;
  gsize len = strlen (text);
  g_autofree char *copy = g_memdup2 (text, len);
  QrMap *map = qr_map_parse (copy, len, kind, kind == QR_FILE_VMF ? "test.vmf" : "test.map", &error);

  g_assert_no_error (error);
  g_assert_nonnull (map);
  g_assert_cmpint (map->kind, ==, kind);
  return map;
}

QrDocument *
qr_test_document_from_map_text (const char *text)
{
  return qr_document_new (qr_test_parse_ok (text, QR_FILE_MAP));
}

void
qr_test_assert_maps_equal (const QrMap *a, const QrMap *b)
{
  g_autofree char *why = NULL;

  if (!qr_map_equal (a, b, &why))
    g_error ("documents differ: %s", why);
}

char *
qr_test_save_text (QrDocument *doc)
{
  g_autoptr (GError) error = NULL;
  GString *s = qr_map_write (qr_document_get_map (doc), QR_SAVE_AS_READ, &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  return g_string_free (s, FALSE);
}
