#include "qr-selection.h"

#include <string.h>
#include "qr-brush.h"
#include "qr-layer.h"
#include "qr-map.h"

QrSelection *
qr_selection_new (void)
{
  QrSelection *sel = g_new0 (QrSelection, 1);

  sel->brushes = g_array_new (FALSE, FALSE, sizeof (QrId));
  sel->entities = g_array_new (FALSE, FALSE, sizeof (QrId));
  sel->faces = g_array_new (FALSE, FALSE, sizeof (QrFaceRef));
  return sel;
}

QrSelection *
qr_selection_copy (const QrSelection *sel)
{
  QrSelection *c = qr_selection_new ();

  g_array_append_vals (c->brushes, sel->brushes->data, sel->brushes->len);
  g_array_append_vals (c->entities, sel->entities->data, sel->entities->len);
  g_array_append_vals (c->faces, sel->faces->data, sel->faces->len);
  return c;
}

void
qr_selection_free (QrSelection *sel)
{
  if (sel == NULL)
    return;
  g_array_unref (sel->brushes);
  g_array_unref (sel->entities);
  g_array_unref (sel->faces);
  g_free (sel);
}

void
qr_selection_clear (QrSelection *sel)
{
  g_array_set_size (sel->brushes, 0);
  g_array_set_size (sel->entities, 0);
  g_array_set_size (sel->faces, 0);
}

bool
qr_selection_is_empty (const QrSelection *sel)
{
  return sel->brushes->len == 0 && sel->entities->len == 0 && sel->faces->len == 0;
}

static bool
arrays_equal (const GArray *a, const GArray *b, gsize elt)
{
  /* An empty GArray may have no data at all: memcmp must not see NULL. */
  return a->len == b->len && (a->len == 0 || memcmp (a->data, b->data, a->len * elt) == 0);
}

bool
qr_selection_equal (const QrSelection *a, const QrSelection *b)
{
  return arrays_equal (a->brushes, b->brushes, sizeof (QrId))
         && arrays_equal (a->entities, b->entities, sizeof (QrId))
         && arrays_equal (a->faces, b->faces, sizeof (QrFaceRef));
}

/* Position of id in a sorted id array, or where it would go. */
static guint
id_position (const GArray *ids, QrId id, bool *found)
{
  guint lo = 0, hi = ids->len;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      QrId v = g_array_index (ids, QrId, mid);

      if (v < id)
        lo = mid + 1;
      else
        hi = mid;
    }
  *found = lo < ids->len && g_array_index (ids, QrId, lo) == id;
  return lo;
}

static void
ids_add (GArray *ids, QrId id)
{
  bool found;
  guint at = id_position (ids, id, &found);

  if (!found)
    g_array_insert_val (ids, at, id);
}

static void
ids_remove (GArray *ids, QrId id)
{
  bool found;
  guint at = id_position (ids, id, &found);

  if (found)
    g_array_remove_index (ids, at);
}

static bool
ids_has (const GArray *ids, QrId id)
{
  bool found;

  id_position (ids, id, &found);
  return found;
}

void qr_selection_add_brush (QrSelection *sel, QrId id) { ids_add (sel->brushes, id); }
void qr_selection_remove_brush (QrSelection *sel, QrId id) { ids_remove (sel->brushes, id); }
bool qr_selection_has_brush (const QrSelection *sel, QrId id) { return ids_has (sel->brushes, id); }
void qr_selection_add_entity (QrSelection *sel, QrId id) { ids_add (sel->entities, id); }
void qr_selection_remove_entity (QrSelection *sel, QrId id) { ids_remove (sel->entities, id); }
bool qr_selection_has_entity (const QrSelection *sel, QrId id) { return ids_has (sel->entities, id); }

static int
face_cmp (const QrFaceRef *a, const QrFaceRef *b)
{
  if (a->brush != b->brush)
    return a->brush < b->brush ? -1 : 1;
  return a->face < b->face ? -1 : a->face > b->face;
}

/* Position of ref in the sorted faces, or where it would go. */
static guint
face_position (const GArray *faces, const QrFaceRef *ref, bool *found)
{
  guint lo = 0, hi = faces->len;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;

      if (face_cmp (&g_array_index (faces, QrFaceRef, mid), ref) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  *found = lo < faces->len && face_cmp (&g_array_index (faces, QrFaceRef, lo), ref) == 0;
  return lo;
}

void
qr_selection_add_face (QrSelection *sel, QrId brush, int face)
{
  QrFaceRef ref = { brush, face };
  bool found;
  guint at = face_position (sel->faces, &ref, &found);

  if (!found)
    g_array_insert_val (sel->faces, at, ref);
}

bool
qr_selection_has_face (const QrSelection *sel, QrId brush, int face)
{
  QrFaceRef ref = { brush, face };
  bool found;

  face_position (sel->faces, &ref, &found);
  return found;
}

static int
id_cmp (gconstpointer a, gconstpointer b)
{
  QrId x = *(const QrId *) a, y = *(const QrId *) b;

  return x < y ? -1 : x > y;
}

/* Appends, then sorts once and drops repeats: adding n ids one by one in
 * an order other than theirs would move the array's tail n times. */
static void
ids_add_many (GArray *ids, const QrId *add, guint n)
{
  guint kept = 0;

  if (n == 0)
    return;
  g_array_append_vals (ids, add, n);
  g_array_sort (ids, id_cmp);
  for (guint i = 0; i < ids->len; i++)
    if (kept == 0 || g_array_index (ids, QrId, i) != g_array_index (ids, QrId, kept - 1))
      g_array_index (ids, QrId, kept++) = g_array_index (ids, QrId, i);
  g_array_set_size (ids, kept);
}

void
qr_selection_add_all (QrSelection *sel, const QrMap *map)
{
  g_autoptr (GArray) brushes = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GArray) entities = g_array_new (FALSE, FALSE, sizeof (QrId));

  g_return_if_fail (sel != NULL && map != NULL);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      /* A locked layer's objects (qr-layer.h) are not selected. */
      if (qr_map_entity_is_locked (map, entity))
        continue;
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        if (!qr_map_brush_is_hidden (map, entity, qr_entity_get_brush (entity, b)))
          g_array_append_val (brushes, qr_entity_get_brush (entity, b)->id);
      if (qr_entity_is_point (entity) && !qr_map_entity_is_hidden (map, entity))
        g_array_append_val (entities, entity->id);
    }
  ids_add_many (sel->brushes, (const QrId *) (gpointer) brushes->data, brushes->len);
  ids_add_many (sel->entities, (const QrId *) (gpointer) entities->data, entities->len);
}

void
qr_selection_add_brushes (QrSelection *sel, const QrId *ids, guint n)
{
  ids_add_many (sel->brushes, ids, n);
}

void
qr_selection_add_entities (QrSelection *sel, const QrId *ids, guint n)
{
  ids_add_many (sel->entities, ids, n);
}

guint
qr_selection_add_invalid (QrSelection *sel, const QrMap *map)
{
  g_return_val_if_fail (map != NULL, 0);
  guint count = 0;
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      for (guint i = 0; i < qr_entity_brush_count (entity); i++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, i);
          if (brush->poly == NULL || qr_brush_is_valid (brush))
            continue;
          count++;
          if (sel != NULL)
            qr_selection_add_brush (sel, brush->id);
        }
    }
  return count;
}
