#include "qr-map.h"

#include <string.h>

QrMap *
qr_map_new (QrFileKind kind)
{
  QrMap *map = g_new0 (QrMap, 1);

  map->kind = kind;
  map->entities = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_entity_free);
  map->kept = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_node_free);
  map->textures = g_ptr_array_new_with_free_func (g_free);
  map->texture_index = g_hash_table_new (g_str_hash, g_str_equal);
  map->next_entity_id = map->next_brush_id = map->next_face_id = 1;
  return map;
}

void
qr_map_free (QrMap *map)
{
  if (map == NULL)
    return;
  g_ptr_array_unref (map->entities);
  g_ptr_array_unref (map->kept);
  g_hash_table_unref (map->texture_index);
  g_ptr_array_unref (map->textures);
  qr_map_index_free (map->index);
  qr_hidden_free (map->hidden);
  g_clear_pointer (&map->layer_hidden, g_hash_table_unref);
  g_clear_pointer (&map->layer_locked, g_hash_table_unref);
  g_free (map->preamble);
  g_free (map);
}

QrMap *
qr_map_snapshot (const QrMap *map)
{
  QrMap *copy;

  g_return_val_if_fail (map != NULL, NULL);
  copy = qr_map_new (map->kind);
  copy->preamble = g_strdup (map->preamble);
  for (guint e = 0; e < map->entities->len; e++)
    {
      const QrEntity *entity = g_ptr_array_index (map->entities, e);
      QrEntity *entity_copy = qr_entity_copy_header (entity);

      for (guint b = 0; b < entity->brushes->len; b++)
        g_ptr_array_add (entity_copy->brushes, qr_brush_ref (g_ptr_array_index (entity->brushes, b)));
      g_ptr_array_add (copy->entities, entity_copy);
    }
  for (guint i = 0; i < map->kept->len; i++)
    g_ptr_array_add (copy->kept, qr_node_ref (g_ptr_array_index (map->kept, i)));
  /* Same indices, so the faces' texture numbers hold. */
  for (guint i = 0; i < map->textures->len; i++)
    {
      char *name = g_strdup (g_ptr_array_index (map->textures, i));
      g_ptr_array_add (copy->textures, name);
      g_hash_table_insert (copy->texture_index, name, GUINT_TO_POINTER (i + 1));
    }
  copy->last_texture = map->last_texture;
  if (!qr_hidden_is_empty (map->hidden))
    copy->hidden = qr_hidden_copy (map->hidden);
  copy->next_entity_id = map->next_entity_id;
  copy->next_brush_id = map->next_brush_id;
  copy->next_face_id = map->next_face_id;
  return copy;
}

bool
qr_map_find_texture (const QrMap *map, const char *name, uint32_t *index)
{
  gpointer found = g_hash_table_lookup (map->texture_index, name);
  if (found == NULL)
    return false;
  *index = GPOINTER_TO_UINT (found) - 1;
  return true;
}

uint32_t
qr_map_intern_texture (QrMap *map, const char *name, gssize len)
{
  char stack[256];
  g_autofree char *heap = NULL;
  char *key;
  gpointer found;
  char *copy;

  if (len < 0)
    len = (gssize) strlen (name);

  /* Faces in a row mostly share a texture: compare before hashing. */
  if (map->textures->len > 0)
    {
      const char *last = g_ptr_array_index (map->textures, map->last_texture);

      if (strncmp (last, name, (gsize) len) == 0 && last[len] == '\0')
        return map->last_texture;
    }

  /* A NUL-terminated key without allocating for names already known. */
  key = (gsize) len < sizeof stack ? stack : (heap = g_malloc ((gsize) len + 1));
  memcpy (key, name, (gsize) len);
  key[len] = '\0';
  found = g_hash_table_lookup (map->texture_index, key);
  if (found != NULL)
    return map->last_texture = GPOINTER_TO_UINT (found) - 1;

  copy = g_strdup (key);
  g_ptr_array_add (map->textures, copy);
  g_hash_table_insert (map->texture_index, copy, GUINT_TO_POINTER (map->textures->len));
  return map->last_texture = map->textures->len - 1;
}

void
qr_map_add_entity (QrMap *map, QrEntity *entity)
{
  g_ptr_array_add (map->entities, entity);
}

void
qr_map_add_kept (QrMap *map, QrNode *node)
{
  node->anchor = (int) map->entities->len;
  g_ptr_array_add (map->kept, node);
}

#define ID_FUNCS(kind)                                   \
  QrId qr_map_take_##kind##_id (QrMap *map)              \
  {                                                      \
    return map->next_##kind##_id++;                      \
  }                                                      \
  void qr_map_note_##kind##_id (QrMap *map, QrId id)     \
  {                                                      \
    if (id >= map->next_##kind##_id)                     \
      map->next_##kind##_id = id + 1;                    \
  }

ID_FUNCS (entity)
ID_FUNCS (brush)
ID_FUNCS (face)

guint
qr_map_count_brushes (const QrMap *map)
{
  guint n = 0;

  for (guint i = 0; i < map->entities->len; i++)
    n += qr_entity_brush_count (qr_map_get_entity (map, i));
  return n;
}

guint
qr_map_count_faces (const QrMap *map)
{
  guint n = 0;

  for (guint i = 0; i < map->entities->len; i++)
    {
      QrEntity *e = qr_map_get_entity (map, i);

      for (guint j = 0; j < qr_entity_brush_count (e); j++)
        n += (guint) qr_entity_get_brush (e, j)->n_faces;
    }
  return n;
}

typedef struct
{
  QrBrush **brushes;
  guint n;
  gint next; /* atomic: the next brush to build */
} BuildJob;

static gpointer
build_worker (gpointer data)
{
  BuildJob *job = data;
  g_autoptr (QrPolyBuilder) builder = qr_poly_builder_new ();

  /* Batches of 64 keep the atomic traffic low and the work balanced. */
  for (;;)
    {
      guint start = (guint) g_atomic_int_add (&job->next, 64);

      if (start >= job->n)
        break;
      for (guint i = start; i < MIN (start + 64, job->n); i++)
        qr_brush_build (job->brushes[i], builder);
    }
  return NULL;
}

void
qr_map_build_geometry (QrMap *map, int n_threads)
{
  g_autoptr (GPtrArray) all = g_ptr_array_new ();
  g_autofree GThread **threads = NULL;
  BuildJob job = { 0 };

  for (guint i = 0; i < map->entities->len; i++)
    {
      QrEntity *e = qr_map_get_entity (map, i);

      for (guint j = 0; j < qr_entity_brush_count (e); j++)
        g_ptr_array_add (all, qr_entity_get_brush (e, j));
    }
  job.brushes = (QrBrush **) all->pdata;
  job.n = all->len;

  if (n_threads <= 0)
    n_threads = (int) g_get_num_processors ();
  /* Threads pay off only on large maps. */
  if (job.n < 2048)
    n_threads = 1;
  if (n_threads == 1)
    {
      build_worker (&job);
      return;
    }

  threads = g_new (GThread *, n_threads);
  for (int t = 0; t < n_threads; t++)
    threads[t] = g_thread_new ("quarry-geometry", build_worker, &job);
  for (int t = 0; t < n_threads; t++)
    g_thread_join (threads[t]);
}

QrDialect
qr_map_detect_dialect (const QrMap *map)
{
  guint standard = 0, valve = 0, surface = 0, blocks = 0, prim = 0;

  if (map->kind == QR_FILE_VMF)
    return QR_DIALECT_VMF;

  for (guint i = 0; i < map->entities->len; i++)
    {
      QrEntity *e = qr_map_get_entity (map, i);

      blocks += e->kept->len;
      for (guint j = 0; j < qr_entity_brush_count (e); j++)
        {
          QrBrush *b = qr_entity_get_brush (e, j);

          for (int k = 0; k < b->n_faces; k++)
            {
              if (b->faces[k].form == QR_TEX_VALVE)
                valve++;
              else if (b->faces[k].form == QR_TEX_BRUSHPRIM)
                prim++;
              else
                standard++;
              surface += b->faces[k].has_surface;
            }
        }
    }

  if (blocks > 0 || prim > 0)
    return QR_DIALECT_QUAKE3;
  if (surface > 0)
    return valve > 0 ? QR_DIALECT_QUAKE2_VALVE : QR_DIALECT_QUAKE2;
  if (valve > 0 && standard > 0)
    return QR_DIALECT_MIXED;
  return valve > 0 ? QR_DIALECT_VALVE220 : QR_DIALECT_QUAKE;
}

const char *
qr_dialect_to_string (QrDialect dialect)
{
  static const char *const names[] = {
    [QR_DIALECT_QUAKE] = "quake",
    [QR_DIALECT_VALVE220] = "valve220",
    [QR_DIALECT_MIXED] = "mixed",
    [QR_DIALECT_QUAKE2] = "quake2",
    [QR_DIALECT_QUAKE2_VALVE] = "quake2-valve",
    [QR_DIALECT_QUAKE3] = "quake3",
    [QR_DIALECT_VMF] = "vmf",
  };

  g_return_val_if_fail ((guint) dialect < G_N_ELEMENTS (names), "unknown");
  return names[dialect];
}

const char *
qr_dialect_game (QrDialect dialect, gboolean wad3)
{
  switch (dialect)
    {
    case QR_DIALECT_QUAKE2:
    case QR_DIALECT_QUAKE2_VALVE:
      return "quake2";
    case QR_DIALECT_QUAKE3:
      return "quake3";
    case QR_DIALECT_VMF:
      return "source";
    default:
      return wad3 ? "halflife" : "quake";
    }
}

QrTexAxisRule
qr_dialect_axis_rule (QrDialect dialect)
{
  return dialect == QR_DIALECT_QUAKE3 ? QR_TEX_AXES_Q3MAP2 : QR_TEX_AXES_QBSP;
}
