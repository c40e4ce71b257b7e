/* qr-test-map.c — see qr-test-map.h. */
#include "qr-test-map.h"
#include "qr-operations.h"

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
qr_test_write_ok (const QrMap *map, QrSaveFormat format)
{
  g_autoptr (GError) error = NULL;
  GString *s = qr_map_write (map, format, &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  return g_string_free (s, FALSE);
}

char *
qr_test_save_text (QrDocument *doc)
{
  return qr_test_write_ok (qr_document_get_map (doc), QR_SAVE_AS_READ);
}

void
qr_test_assert_round_trip (const QrMap *map)
{
  g_autofree char *first = qr_test_write_ok (map, QR_SAVE_AS_READ);
  g_autoptr (QrMap) again = qr_test_parse_ok (first, map->kind);
  g_autofree char *second = qr_test_write_ok (again, QR_SAVE_AS_READ);

  qr_test_assert_maps_equal (map, again);
  g_assert_cmpstr (first, ==, second);
}

const QrFace *
qr_test_get_face (const QrMap *map, guint e, guint b, int f)
{
  const QrEntity *entity;
  const QrBrush *brush;

  g_assert_cmpuint (e, <, qr_map_entity_count (map));
  entity = qr_map_get_entity (map, e);
  g_assert_cmpuint (b, <, qr_entity_brush_count (entity));
  brush = qr_entity_get_brush (entity, b);
  g_assert_cmpint (f, <, brush->n_faces);
  return &brush->faces[f];
}

void
qr_test_assert_vec3_same (QrVec3 v, double x, double y, double z)
{
  qr_test_assert_same (v.x, x);
  qr_test_assert_same (v.y, y);
  qr_test_assert_same (v.z, z);
}

QrDocument *
qr_test_row_with_entity (QrId ids[3], QrId *entity)
{
  QrDocument *doc = qr_test_document_from_map_text (
      "{\n\"classname\" \"worldspawn\"\n}\n"
      "{\n\"classname\" \"info_player_start\"\n\"origin\" \"64 160 32\"\n}\n");
  const QrMap *map = qr_document_get_map (doc);
  for (int i = 0; i < 3; i++)
    {
      QrPrimitiveSpec spec = { .shape = QR_PRIMITIVE_BLOCK,
                               .box = { { 128 * i, 0, 0 }, { 128 * i + 64, 64, 64 } }, .axis = 2 };
      g_assert_true (qr_op_create (doc, &spec, "base", NULL));
      ids[i] = qr_entity_get_brush (qr_map_get_entity (map, 0), i)->id;
    }
  *entity = qr_map_get_entity (map, 1)->id;
  g_autoptr (QrSelection) none = qr_selection_new ();
  qr_document_set_selection (doc, none);
  return doc;
}

char *
qr_test_dup_keys (const QrEntity *entity)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < entity->keys->len; i++)
    {
      const QrKeyValue *kv = &g_array_index (entity->keys, QrKeyValue, i);
      g_string_append_printf (s, "%s%s=%s", i ? "|" : "", kv->key, kv->value);
    }
  return g_string_free (s, FALSE);
}
