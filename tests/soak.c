/* soak.c — random edits on a real map for a given time, through the core
 * operations the GUI's tools, dialogs and clipboard use: create, move,
 * rotate, carve, hollow, clip, delete, paste, texture, undo, redo, save
 * and reload. Built with the tests but not in the suite: `tools/dev soak
 * [MINUTES] [SEED] [MAP]` runs it in build-asan/ under AddressSanitizer
 * and UBSan, where any memory or undefined-behaviour error ends it.
 *
 *   soak MAP MINUTES SEED
 *
 * Every 1,000 steps it undoes everything back to the checkpoint's start
 * and checks the map saves to the same text as it did then, redoes those
 * steps and checks the text is the edited one again, then reloads
 * that text into a new document (which must save the same) and goes on
 * from there: the history restarts at each reload, as it does in the
 * editor. Operations may refuse (an edit that would leave a brush
 * invalid); a refusal must change nothing (the save text is compared).
 * The same map and seed make the same run; the last steps are printed
 * when a check fails. */
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "qr-clipboard.h"
#include "qr-io.h"
#include "qr-operations.h"
#include "qr-test-map.h"

#define CHECK_EVERY 1000
#define TRAIL 16

typedef struct
{
  QrDocument *doc;    /* owned */
  GRand *rand;        /* owned */
  char *start_text;   /* owned: the save text at the last checkpoint */
  char *tmp_path;     /* owned: where save writes */
  guint64 steps;
  guint counts[16];   /* steps per kind, refused ones included */
  guint refused[16];
  char *trail[TRAIL]; /* owned: the last steps, for a failure's report */
} Soak;

typedef enum
{
  STEP_CREATE,
  STEP_MOVE,
  STEP_ROTATE,
  STEP_CARVE,
  STEP_HOLLOW,
  STEP_CLIP,
  STEP_DELETE,
  STEP_PASTE,
  STEP_TEXTURE,
  STEP_UNDO,
  STEP_REDO,
  STEP_SAVE,
  N_STEPS
} StepKind;

static const char *const STEP_NAMES[] = { "create", "move", "rotate", "carve", "hollow", "clip",
                                          "delete", "paste", "texture", "undo", "redo", "save" };
/* Relative frequencies: edits mostly, with undo and redo often enough that
 * the redo stack is used and then discarded by a new edit. */
static const guint STEP_WEIGHTS[] = { 6, 14, 8, 4, 4, 6, 10, 4, 8, 14, 8, 1 };

static void
note (Soak *s, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static void
note (Soak *s, const char *fmt, ...)
{
  va_list args;
  char *line;

  va_start (args, fmt);
  line = g_strdup_vprintf (fmt, args);
  va_end (args);
  g_free (s->trail[s->steps % TRAIL]);
  s->trail[s->steps % TRAIL] = g_strdup_printf ("step %" G_GUINT64_FORMAT ": %s", s->steps, line);
  g_free (line);
}

static void G_GNUC_NORETURN
fail (Soak *s, const char *what)
{
  fprintf (stderr, "soak: FAILED at step %" G_GUINT64_FORMAT ": %s\nlast steps:\n", s->steps, what);
  for (guint i = 0; i < TRAIL; i++)
    {
      const char *line = s->trail[(s->steps + 1 + i) % TRAIL];
      if (line != NULL)
        fprintf (stderr, "  %s\n", line);
    }
  abort ();
}

/* Where two texts first differ, for the failure message. */
static char *
dup_difference (const char *a, const char *b)
{
  gsize i = 0, line = 1;

  while (a[i] != '\0' && a[i] == b[i])
    line += a[i++] == '\n';
  return g_strdup_printf ("texts differ at line %" G_GSIZE_FORMAT ": «%.60s» vs «%.60s»", line, a + i, b + i);
}

static void
expect_text (Soak *s, const char *expected, const char *what)
{
  g_autofree char *now = qr_test_save_text (s->doc);

  if (strcmp (now, expected) != 0)
    {
      g_autofree char *diff = dup_difference (expected, now);
      g_autofree char *msg = g_strdup_printf ("%s: %s", what, diff);
      fail (s, msg);
    }
}

/* Every brush id, in map order. */
static GArray *
dup_brush_ids (QrDocument *doc)
{
  const QrMap *map = qr_document_get_map (doc);
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (QrId));

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
      g_array_append_val (ids, qr_entity_get_brush (qr_map_get_entity (map, e), b)->id);
  return ids;
}

/* Up to `max` distinct random brushes (fewer when the map has fewer). */
static GArray *
pick_brushes (Soak *s, guint max)
{
  g_autoptr (GArray) all = dup_brush_ids (s->doc);
  GArray *picked = g_array_new (FALSE, FALSE, sizeof (QrId));
  guint want = MIN (all->len, (guint) g_rand_int_range (s->rand, 1, (gint32) max + 1));

  for (guint i = 0; i < want; i++)
    {
      guint j = i + g_rand_int_range (s->rand, 0, (gint32) (all->len - i));
      QrId t = g_array_index (all, QrId, i);

      g_array_index (all, QrId, i) = g_array_index (all, QrId, j);
      g_array_index (all, QrId, j) = t;
      g_array_append_val (picked, g_array_index (all, QrId, i));
    }
  return picked;
}

/* A point entity's id, or 0 when the map has none (or by chance). */
static QrId
pick_point_entity (Soak *s)
{
  const QrMap *map = qr_document_get_map (s->doc);
  guint n = qr_map_entity_count (map);

  if (n == 0 || g_rand_int_range (s->rand, 0, 3) != 0)
    return 0;
  for (guint tries = 0; tries < 8; tries++)
    {
      const QrEntity *e = qr_map_get_entity (map, g_rand_int_range (s->rand, 0, (gint32) n));
      if (qr_entity_is_point (e))
        return e->id;
    }
  return 0;
}

static QrVec3
brush_centre (QrDocument *doc, QrId id)
{
  const QrBrush *b = qr_document_lookup_brush (doc, id);

  if (b == NULL || b->poly == NULL || !qr_brush_is_valid (b))
    return qr_vec3 (0, 0, 0);
  return qr_vec3_scale (qr_vec3_add (b->poly->bounds.min, b->poly->bounds.max), 0.5);
}

static double
grid_step (Soak *s)
{
  static const double grids[] = { 1, 8, 16, 64 };
  double g = grids[g_rand_int_range (s->rand, 0, G_N_ELEMENTS (grids))];

  return g * g_rand_int_range (s->rand, -4, 5);
}

static gboolean
step_create (Soak *s, GError **error)
{
  static const QrPrimitiveShape shapes[] = { QR_PRIMITIVE_BLOCK, QR_PRIMITIVE_WEDGE, QR_PRIMITIVE_CYLINDER,
                                             QR_PRIMITIVE_CONE, QR_PRIMITIVE_SPHERE, QR_PRIMITIVE_ARCH };
  g_autoptr (GArray) near = pick_brushes (s, 1);
  QrVec3 c = near->len ? brush_centre (s->doc, g_array_index (near, QrId, 0)) : qr_vec3 (0, 0, 0);
  QrPrimitiveShape shape = shapes[g_rand_int_range (s->rand, 0, G_N_ELEMENTS (shapes))];
  QrVec3 size = qr_vec3 (16 * g_rand_int_range (s->rand, 1, 9), 16 * g_rand_int_range (s->rand, 1, 9),
                         8 * g_rand_int_range (s->rand, 1, 9));
  QrVec3 min = qr_vec3 (16 * floor (c.x / 16), 16 * floor (c.y / 16), 8 * floor (c.z / 8));
  QrPrimitiveSpec spec;

  qr_primitive_spec_init (&spec, shape, (QrBounds) { min, qr_vec3_add (min, size) });
  spec.sides = g_rand_int_range (s->rand, 3, 13);
  note (s, "create shape %d at %g %g %g size %g %g %g sides %d", shape, min.x, min.y, min.z, size.x, size.y,
        size.z, spec.sides);
  return qr_op_create (s->doc, &spec, "soak/new", error);
}

static gboolean
step_move (Soak *s, GError **error)
{
  g_autoptr (GArray) ids = pick_brushes (s, 6);
  QrId entity = pick_point_entity (s);
  QrObjects objs = { (const QrId *) (gpointer) ids->data, ids->len, &entity, entity != 0 };
  QrVec3 d = qr_vec3 (grid_step (s), grid_step (s), grid_step (s));

  note (s, "move %u brushes (first %u) and entity %u by %g %g %g", ids->len,
        ids->len ? g_array_index (ids, QrId, 0) : 0, entity, d.x, d.y, d.z);
  return qr_op_translate (s->doc, &objs, d, error);
}

static gboolean
step_rotate (Soak *s, GError **error)
{
  static const double angles[] = { 90, -90, 180, 15, 45, -30, 7.5 };
  g_autoptr (GArray) ids = pick_brushes (s, 4);
  QrId entity = pick_point_entity (s);
  QrObjects objs = { (const QrId *) (gpointer) ids->data, ids->len, &entity, entity != 0 };
  int axis = g_rand_int_range (s->rand, 0, 3);
  double deg = angles[g_rand_int_range (s->rand, 0, G_N_ELEMENTS (angles))];

  note (s, "rotate %u brushes (first %u) and entity %u about %d by %g", ids->len,
        ids->len ? g_array_index (ids, QrId, 0) : 0, entity, axis, deg);
  return qr_op_rotate (s->doc, &objs, axis, deg, error);
}

static gboolean
step_carve (Soak *s, GError **error)
{
  g_autoptr (GArray) ids = pick_brushes (s, 1);
  gboolean del = g_rand_boolean (s->rand);

  note (s, "carve with %u (delete carver %d)", g_array_index (ids, QrId, 0), del);
  return qr_op_carve (s->doc, (const QrId *) (gpointer) ids->data, ids->len, del, error);
}

static gboolean
step_hollow (Soak *s, GError **error)
{
  g_autoptr (GArray) ids = pick_brushes (s, 2);
  double thickness = 2 * g_rand_int_range (s->rand, 1, 9);
  gboolean outward = g_rand_boolean (s->rand);

  note (s, "hollow %u brushes (first %u) by %g outward %d", ids->len, g_array_index (ids, QrId, 0), thickness,
        outward);
  return qr_op_hollow (s->doc, (const QrId *) (gpointer) ids->data, ids->len, thickness, outward, error);
}

static gboolean
step_clip (Soak *s, GError **error)
{
  g_autoptr (GArray) ids = pick_brushes (s, 3);
  QrVec3 c = brush_centre (s->doc, g_array_index (ids, QrId, 0));
  QrVec3 u, v;
  QrSplitKeep keep = g_rand_int_range (s->rand, 0, 3);

  /* Two whole-unit directions that span a plane, as the clip tool's points on the grid do. */
  do
    {
      u = qr_vec3 (g_rand_int_range (s->rand, -2, 3), g_rand_int_range (s->rand, -2, 3),
                   g_rand_int_range (s->rand, -2, 3));
      v = qr_vec3 (g_rand_int_range (s->rand, -2, 3), g_rand_int_range (s->rand, -2, 3),
                   g_rand_int_range (s->rand, -2, 3));
    }
  while (qr_vec3_length (qr_vec3_cross (u, v)) < 0.5);
  c = qr_vec3 (round (c.x), round (c.y), round (c.z));
  const QrVec3 cut[3] = { c, qr_vec3_add (c, qr_vec3_scale (u, 16)), qr_vec3_add (c, qr_vec3_scale (v, 16)) };

  note (s, "clip %u brushes (first %u) through %g %g %g along %g %g %g / %g %g %g keep %d", ids->len,
        g_array_index (ids, QrId, 0), c.x, c.y, c.z, u.x, u.y, u.z, v.x, v.y, v.z, keep);
  return qr_op_split (s->doc, (const QrId *) (gpointer) ids->data, ids->len, cut, keep, "soak/clip", error);
}

static gboolean
step_delete (Soak *s, GError **error)
{
  /* Up to six: carve, clip and hollow make more brushes than they take. */
  g_autoptr (GArray) ids = pick_brushes (s, 6);
  QrId entity = pick_point_entity (s);

  note (s, "delete %u brushes (first %u) and entity %u", ids->len, g_array_index (ids, QrId, 0), entity);
  return qr_op_delete (s->doc, (const QrId *) (gpointer) ids->data, ids->len, &entity, entity != 0, NULL,
                       error);
}

/* Copy as the Edit menu does (the selection's text) and paste it moved. */
static gboolean
step_paste (Soak *s, GError **error)
{
  g_autoptr (GArray) ids = pick_brushes (s, 4);
  g_autoptr (QrSelection) sel = qr_selection_new ();
  QrId entity = pick_point_entity (s);
  QrVec3 offset = qr_vec3 (grid_step (s), grid_step (s), grid_step (s));

  for (guint i = 0; i < ids->len; i++)
    qr_selection_add_brush (sel, g_array_index (ids, QrId, i));
  if (entity != 0)
    qr_selection_add_entity (sel, entity);
  g_autofree char *text = qr_clipboard_dup_text (s->doc, sel);
  note (s, "paste %u brushes (first %u) and entity %u by %g %g %g", ids->len, g_array_index (ids, QrId, 0),
        entity, offset.x, offset.y, offset.z);
  return qr_clipboard_paste (s->doc, text, -1, offset, error);
}

static gboolean
step_texture (Soak *s, GError **error)
{
  static const char *const names[] = { "soak/a", "soak/b", "BRICK1", NULL };
  g_autoptr (GArray) ids = pick_brushes (s, 4);
  g_autoptr (GArray) faces = g_array_new (FALSE, FALSE, sizeof (QrFaceRef));
  QrTexChange change = { .name = names[g_rand_int_range (s->rand, 0, G_N_ELEMENTS (names))] };

  for (guint i = 0; i < ids->len; i++)
    {
      const QrBrush *b = qr_document_lookup_brush (s->doc, g_array_index (ids, QrId, i));
      int face = g_rand_boolean (s->rand) ? -1 : g_rand_int_range (s->rand, 0, b->n_faces);
      g_array_append_val (faces, ((QrFaceRef) { b->id, face }));
    }
  change.set_shift = g_rand_boolean (s->rand);
  change.shift[0] = g_rand_int_range (s->rand, -64, 65);
  change.shift[1] = g_rand_int_range (s->rand, -64, 65);
  change.set_scale = g_rand_boolean (s->rand);
  change.scale[0] = g_rand_boolean (s->rand) ? 0.5 : 2;
  change.scale[1] = g_rand_boolean (s->rand) ? -1 : 0.25;
  change.set_rotation = g_rand_boolean (s->rand);
  change.rotation = 15 * g_rand_int_range (s->rand, -6, 7);
  note (s, "texture %u faces (first %u) name %s shift %d scale %d rotation %d", faces->len,
        g_array_index (ids, QrId, 0), change.name ? change.name : "-", change.set_shift, change.set_scale,
        change.set_rotation);
  return qr_op_set_texture (s->doc, (const QrFaceRef *) (gpointer) faces->data, faces->len, &change, error);
}

/* Writes the map to a file as Save does and reads it back: the map read
 * saves to the same bytes (ids aside, which a .map does not hold, that is
 * all of it). */
static void
step_save (Soak *s)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *written = NULL;

  note (s, "save");
  if (!qr_map_save (qr_document_get_map (s->doc), s->tmp_path, QR_SAVE_AS_READ, &error)
      || !g_file_get_contents (s->tmp_path, &written, NULL, &error))
    fail (s, error->message);
  g_autoptr (QrMap) back = qr_map_load (s->tmp_path, &error);
  if (back == NULL)
    fail (s, error->message);
  g_autofree char *again = qr_test_write_ok (back, QR_SAVE_AS_READ);
  if (strcmp (written, again) != 0)
    {
      g_autofree char *diff = dup_difference (written, again);
      g_autofree char *msg = g_strdup_printf ("the saved file reads back otherwise: %s", diff);
      fail (s, msg);
    }
}

/* Undo all, compare, redo all, compare, reload. */
static void
checkpoint (Soak *s)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *edited = qr_test_save_text (s->doc);
  guint undone = 0, redone = 0;

  note (s, "checkpoint");
  while (qr_document_undo (s->doc))
    undone++;
  expect_text (s, s->start_text, "undo all did not give back the checkpoint's map");
  /* Steps undone before the checkpoint stay undone: redo what was done. */
  for (; redone < undone; redone++)
    if (!qr_document_redo (s->doc))
      fail (s, "redo all did not redo every step undone");
  expect_text (s, edited, "redo all did not give back the edited map");

  g_autoptr (QrMap) map = qr_map_parse (edited, strlen (edited), qr_document_get_map (s->doc)->kind,
                                        "soak", &error);
  if (map == NULL)
    fail (s, error->message);
  g_object_unref (s->doc);
  s->doc = qr_document_new (g_steal_pointer (&map));
  expect_text (s, edited, "the reloaded map saves otherwise");
  g_free (s->start_text);
  s->start_text = g_steal_pointer (&edited);
  printf ("soak: step %" G_GUINT64_FORMAT ": %u steps undone and redone, %u brushes\n", s->steps, undone,
          qr_map_count_brushes (qr_document_get_map (s->doc)));
  fflush (stdout);
}

static StepKind
pick_kind (Soak *s)
{
  guint total = 0, r;

  for (guint k = 0; k < N_STEPS; k++)
    total += STEP_WEIGHTS[k];
  r = g_rand_int_range (s->rand, 0, (gint32) total);
  for (guint k = 0; k < N_STEPS; k++)
    {
      if (r < STEP_WEIGHTS[k])
        return k;
      r -= STEP_WEIGHTS[k];
    }
  g_assert_not_reached ();
}

static void
step (Soak *s)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL;
  StepKind kind = pick_kind (s);
  gboolean ok = TRUE;

  if (kind != STEP_UNDO && kind != STEP_REDO && kind != STEP_SAVE && kind != STEP_CREATE
      && qr_map_count_brushes (qr_document_get_map (s->doc)) == 0)
    kind = STEP_CREATE;
  s->counts[kind]++;
  /* A refused edit must leave the map as it was: keep its text to compare. */
  if (kind != STEP_UNDO && kind != STEP_REDO && kind != STEP_SAVE)
    before = qr_test_save_text (s->doc);
  switch (kind)
    {
    case STEP_CREATE: ok = step_create (s, &error); break;
    case STEP_MOVE: ok = step_move (s, &error); break;
    case STEP_ROTATE: ok = step_rotate (s, &error); break;
    case STEP_CARVE: ok = step_carve (s, &error); break;
    case STEP_HOLLOW: ok = step_hollow (s, &error); break;
    case STEP_CLIP: ok = step_clip (s, &error); break;
    case STEP_DELETE: ok = step_delete (s, &error); break;
    case STEP_PASTE: ok = step_paste (s, &error); break;
    case STEP_TEXTURE: ok = step_texture (s, &error); break;
    case STEP_UNDO:
      note (s, "undo");
      ok = qr_document_undo (s->doc);
      break;
    case STEP_REDO:
      note (s, "redo");
      ok = qr_document_redo (s->doc);
      break;
    case STEP_SAVE: step_save (s); break;
    case N_STEPS: g_assert_not_reached ();
    }
  if (qr_document_in_edit (s->doc) || qr_document_in_transaction (s->doc))
    fail (s, "an operation left its edit open");
  if (!ok)
    {
      s->refused[kind]++;
      if (before != NULL)
        expect_text (s, before, error ? error->message : "a refused edit changed the map");
    }
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  Soak s = { 0 };
  double minutes;
  gint64 end;

  if (argc != 4)
    {
      fprintf (stderr, "usage: soak MAP MINUTES SEED\n");
      return 2;
    }
  minutes = g_ascii_strtod (argv[2], NULL);
  QrMap *map = qr_map_load (argv[1], &error);
  if (map == NULL)
    {
      fprintf (stderr, "soak: %s\n", error->message);
      return 1;
    }
  g_autofree char *tmp_dir = g_dir_make_tmp ("quarry-soak-XXXXXX", &error);
  g_assert_no_error (error);
  s.tmp_path = g_build_filename (tmp_dir, map->kind == QR_FILE_VMF ? "soak.vmf" : "soak.map", NULL);
  s.doc = qr_document_new (map);
  s.rand = g_rand_new_with_seed ((guint32) g_ascii_strtoull (argv[3], NULL, 10));
  s.start_text = qr_test_save_text (s.doc);
  printf ("soak: %s, %u brushes, %g minutes, seed %s\n", argv[1], qr_map_count_brushes (map), minutes, argv[3]);
  fflush (stdout);

  end = g_get_monotonic_time () + (gint64) (minutes * 60e6);
  while (g_get_monotonic_time () < end)
    {
      step (&s);
      s.steps++;
      if (s.steps % CHECK_EVERY == 0)
        checkpoint (&s);
    }
  checkpoint (&s);

  printf ("soak: %" G_GUINT64_FORMAT " steps, no failure; steps (refused) by kind:", s.steps);
  for (guint k = 0; k < N_STEPS; k++)
    printf (" %s %u (%u)", STEP_NAMES[k], s.counts[k], s.refused[k]);
  printf ("\n");

  g_unlink (s.tmp_path);
  g_rmdir (tmp_dir);
  g_object_unref (s.doc);
  g_rand_free (s.rand);
  g_free (s.start_text);
  g_free (s.tmp_path);
  for (guint i = 0; i < TRAIL; i++)
    g_free (s.trail[i]);
  return 0;
}
