/* The entity list's filter: plain words against class, targetname and key
 * names; key=value against values; every word must match. */
#include "qr-entity-filter.h"

static QrEntity *
make (const char *classname, const char *targetname, const char *key, const char *value)
{
  QrEntity *e = qr_entity_new (1);
  if (classname != NULL)
    qr_entity_add_key (e, "classname", classname);
  if (targetname != NULL)
    qr_entity_add_key (e, "targetname", targetname);
  if (key != NULL)
    qr_entity_add_key (e, key, value);
  return e;
}

static gboolean
matches (const char *text, const QrEntity *e)
{
  g_autoptr (QrEntityFilter) f = qr_entity_filter_new (text);
  return qr_entity_filter_matches (f, e);
}

static void
test_plain (void)
{
  g_autoptr (QrEntity) light = make ("light_fluoro", "hall", "wait", "2");
  g_autoptr (QrEntity) door = make ("func_door", "Door1", "target", "light_hall");

  g_assert_true (matches ("", light));
  g_assert_true (matches ("   ", door));
  g_assert_true (matches ("LIGHT", light));
  g_assert_true (matches ("fluo", light));
  /* A value is not searched by a plain word: the door's target names a light. */
  g_assert_false (matches ("light", door));
  g_assert_true (matches ("door1", door));
  g_assert_true (matches ("oor", door));
  /* Key names are. */
  g_assert_true (matches ("wai", light));
  g_assert_false (matches ("wai", door));
  /* Every word. */
  g_assert_true (matches ("light hall", light));
  g_assert_false (matches ("light door", light));
}

static void
test_key_value (void)
{
  g_autoptr (QrEntity) light = make ("light", NULL, "style", "10");
  g_autoptr (QrEntity) door = make ("func_door", "d1", "target", "Light_Hall");

  g_assert_true (matches ("style=1", light));
  g_assert_true (matches ("STYLE=10", light));
  g_assert_false (matches ("style=2", light));
  /* The key is a whole name. */
  g_assert_false (matches ("styl=10", light));
  g_assert_true (matches ("style=", light));
  g_assert_false (matches ("style=", door));
  g_assert_true (matches ("=light_h", door));
  g_assert_true (matches ("target=hall", door));
  g_assert_false (matches ("target=hall", light));
  g_assert_true (matches ("classname=func", door));
  g_assert_true (matches ("func target=hall", door));
  g_assert_false (matches ("light target=hall", door));
}

static void
test_world (void)
{
  /* A bare brush list: no classname key, yet the world. */
  g_autoptr (QrEntity) world = qr_entity_new (1);
  world->flags |= QR_ENTITY_IMPLICIT;
  g_assert_true (matches ("worldspawn", world));
  g_assert_true (matches ("world", world));
  g_assert_false (matches ("classname=world", world));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/entity-filter/plain", test_plain);
  g_test_add_func ("/model/entity-filter/key-value", test_key_value);
  g_test_add_func ("/model/entity-filter/world", test_world);
  return g_test_run ();
}
