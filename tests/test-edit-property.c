/* A seeded property test of the command stack on a real map: 10,000 random
 * operations with undos and redos interleaved; then undoing everything
 * must give back the original file byte for byte, and redoing everything
 * the state before the undoing. */
#include <string.h>

#include "qr-io.h"
#include "qr-operations.h"
#include "qr-test-map.h"
#include "qr-test-corpus.h"

#define N_STEPS 10000

/* Up to `max` distinct random brush ids of valid brushes. */
static guint
pick_brushes (QrDocument *doc, GRand *rand, QrId *out, guint max)
{
  QrMap *map = qr_document_get_map (doc);
  guint n = 0, want = (guint) g_rand_int_range (rand, 1, (gint) max + 1);

  for (guint tries = 0; n < want && tries < 50; tries++)
    {
      QrEntity *e = qr_map_get_entity (map, (guint) g_rand_int_range (rand, 0, (gint) qr_map_entity_count (map)));
      QrBrush *b;
      bool dup = false;

      if (qr_entity_brush_count (e) == 0)
        continue;
      b = qr_entity_get_brush (e, (guint) g_rand_int_range (rand, 0, (gint) qr_entity_brush_count (e)));
      for (guint i = 0; i < n; i++)
        dup |= out[i] == b->id;
      if (!dup && qr_brush_is_valid (b))
        out[n++] = b->id;
    }
  return n;
}

static double
pick_step (GRand *rand)
{
  static const double steps[] = { -64, -16, -8, -1, 1, 8, 16, 64, 0.5, -0.25, 3.75 };

  return steps[g_rand_int_range (rand, 0, G_N_ELEMENTS (steps))];
}

static void
random_operation (QrDocument *doc, GRand *rand, guint *counts)
{
  QrMap *map = qr_document_get_map (doc);
  QrId ids[3];
  guint n = pick_brushes (doc, rand, ids, 3);
  int kind = g_rand_int_range (rand, 0, 14);
  g_autoptr (GError) error = NULL;
  gboolean ok = FALSE;

  if (n == 0)
    kind = 13;
  qr_document_set_texture_lock (doc, g_rand_boolean (rand));
  switch (kind)
    {
    case 0:
      ok = qr_op_translate (doc, QR_BRUSHES (ids, n), qr_vec3 (pick_step (rand), pick_step (rand), pick_step (rand)), &error);
      break;
    case 1:
      ok = qr_op_nudge (doc, QR_BRUSHES (ids, n), qr_vec3 (8, 0, 0), &error);
      break;
    case 2:
      ok = qr_op_rotate (doc, QR_BRUSHES (ids, n), g_rand_int_range (rand, 0, 3),
                         g_rand_boolean (rand) ? 90 * g_rand_int_range (rand, -3, 4) : g_rand_double_range (rand, -180, 180),
                         &error);
      break;
    case 3:
      ok = qr_op_flip (doc, QR_BRUSHES (ids, n), g_rand_int_range (rand, 0, 3), &error);
      break;
    case 4:
      {
        QrBounds b;

        if (qr_op_bounds (doc, QR_BRUSHES (ids, n), &b, NULL))
          {
            b.max.x += pick_step (rand);
            b.min.z -= pick_step (rand);
            ok = qr_op_resize (doc, QR_BRUSHES (ids, n), b, &error);
          }
      }
      break;
    case 5:
      ok = qr_op_shear (doc, QR_BRUSHES (ids, n), 0, 2, g_rand_double_range (rand, -1, 1), &error);
      break;
    case 6:
      ok = qr_op_duplicate (doc, QR_BRUSHES (ids, n), qr_vec3 (0, 0, 64), &error);
      break;
    case 7:
      ok = qr_op_delete (doc, ids, n, NULL, 0, NULL, &error);
      break;
    case 8:
      {
        QrTexChange change = { .name = g_rand_boolean (rand) ? "random" : NULL, .set_shift = TRUE,
                               .shift = { pick_step (rand), pick_step (rand) }, .set_rotation = TRUE,
                               .rotation = 15 * g_rand_int_range (rand, 0, 24) };
        QrFaceRef face = { ids[0], g_rand_int_range (rand, -1, 4) };

        ok = qr_op_set_texture (doc, &face, 1, &change, &error);
      }
      break;
    case 9:
      {
        QrEntity *e = qr_map_get_entity (map, (guint) g_rand_int_range (rand, 0, (gint) qr_map_entity_count (map)));
        g_autofree char *value = g_strdup_printf ("%d", g_rand_int_range (rand, 0, 1000));

        ok = qr_op_set_key (doc, e->id, g_rand_boolean (rand) ? "target" : "_quarry_test", value, &error);
      }
      break;
    case 10:
      ok = g_rand_boolean (rand) ? qr_op_group (doc, ids, n, "g", &error) : qr_op_ungroup (doc, ids, n, &error);
      break;
    case 11:
      ok = g_rand_boolean (rand) ? qr_op_tie (doc, ids, n, "func_wall", &error) : qr_op_untie (doc, ids, n, &error);
      break;
    case 12:
      {
        QrPrimitiveSpec spec;
        double x = 64 * g_rand_int_range (rand, -16, 16);

        qr_primitive_spec_init (&spec, (QrPrimitiveShape) g_rand_int_range (rand, 0, 6),
                                (QrBounds) { { x, 0, 0 }, { x + 64, 128, 96 } });
        ok = qr_op_create (doc, &spec, "created", &error);
      }
      break;
    default:
      ok = g_rand_boolean (rand) ? qr_document_undo (doc) : qr_document_redo (doc);
      break;
    }
  counts[ok ? 0 : 1]++;
}

static void
test_random (void)
{
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (QrDocument) doc = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261122);
  g_autofree char *original = NULL;
  g_autofree char *edited = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  guint counts[2] = { 0, 0 };
  QrMap *map;

  path = qr_test_corpus_file ("quake/dm3.map");
  if (path == NULL)
    return;
  map = qr_map_load (path, &error);
  g_assert_no_error (error);
  doc = qr_document_new (map);
  original = qr_test_save_text (doc);

  for (int i = 0; i < N_STEPS; i++)
    random_operation (doc, rand, counts);
  g_test_message ("%u steps changed the map or stack, %u were refused; %u steps on the stack",
                  counts[0], counts[1], qr_command_stack_position (qr_document_get_history (doc)));
  g_assert_cmpuint (counts[0], >, N_STEPS / 2);

  edited = qr_test_save_text (doc);
  /* The run may end with steps undone: redo goes back to where it ended, not
   * past it. */
  guint position = qr_command_stack_position (qr_document_get_history (doc));
  while (qr_document_undo (doc))
    ;
  undone = qr_test_save_text (doc);
  g_assert_true (strcmp (undone, original) == 0);
  g_assert_false (qr_document_is_modified (doc));
  for (guint k = 0; k < position; k++)
    g_assert_true (qr_document_redo (doc));
  redone = qr_test_save_text (doc);
  g_assert_true (strcmp (redone, edited) == 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/edit/property/random-undo-redo", test_random);
  return g_test_run ();
}
