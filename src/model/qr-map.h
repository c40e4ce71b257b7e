/* qr-map.h — the document: entities in file order, kept top-level blocks,
 * the texture names its faces use, and the id counters. */
#pragma once

#include <glib.h>
#include "qr-entity.h"
#include "qr-hidden.h"
#include "qr-map-index.h"
#include "qr-model-types.h"
#include "qr-texproj.h"

typedef enum
{
  QR_FILE_MAP = 0,
  QR_FILE_VMF = 1,
} QrFileKind;

/* What a map's faces and blocks say about the dialect it was written in. */
typedef enum
{
  QR_DIALECT_QUAKE,        /* standard faces */
  QR_DIALECT_VALVE220,     /* Valve 220 faces */
  QR_DIALECT_MIXED,        /* standard and Valve 220 faces in one file */
  QR_DIALECT_QUAKE2,       /* standard faces, some with surface values */
  QR_DIALECT_QUAKE2_VALVE, /* Valve 220 faces with surface values */
  QR_DIALECT_QUAKE3,       /* Quake 3 legacy brushes, with patches or brushDef blocks */
  QR_DIALECT_VMF,          /* Source */
} QrDialect;

struct _QrMap
{
  QrFileKind kind;     /* as read; decides the default save format */
  char *preamble;      /* MAP: the comment lines before the first block, or NULL */
  GPtrArray *entities; /* QrEntity *, owned, file order */
  GPtrArray *kept;     /* QrNode *, references shared by copies (see qr-node.h),
                        * top-level VMF blocks; anchor = entities before */
  GPtrArray *textures; /* char *, owned: texture names by index */
  GHashTable *texture_index; /* name → index + 1 (borrowed keys) */
  uint32_t last_texture;     /* faces in a row mostly share a texture: checked before hashing */
  QrMapIndex *index;         /* where each id is (qr-map-index.h); owned, made on first use */
  QrHidden *hidden;          /* what the views leave out (qr-hidden.h); owned, or NULL for nothing */
  unsigned view_filter;      /* QrViewFilter: kinds the views leave out; view state, never saved */
  GHashTable *layer_hidden;  /* QrId set: entities in hidden layers (qr-layer.h); owned, NULL for none */
  GHashTable *layer_locked;  /* QrId set: entities in locked layers; owned, NULL for none */
  QrId next_entity_id;
  QrId next_brush_id;
  QrId next_face_id;
};

QrMap *qr_map_new (QrFileKind kind);
void qr_map_free (QrMap *map);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrMap, qr_map_free)

/* What a worker thread writes (autosave) while the window goes on editing
 * the original: a map of its own (entities, kept blocks, texture names,
 * ids) whose brushes are the original's, shared by reference (an edit
 * replaces a brush, never changes its faces in place; qr-brush.h). A
 * reader of the snapshot reads faces only, never the polytopes (the
 * window rebuilds those). Patches of kept blocks are shared as between
 * undo copies, by counts that are not atomic: the snapshot is made and
 * freed on the thread that edits the map. */
QrMap *qr_map_snapshot (const QrMap *map);

/* The index of a texture name, adding it when new. */
uint32_t qr_map_intern_texture (QrMap *map, const char *name, gssize len);
/* The index of a known texture name (exact spelling); false when unknown. */
bool qr_map_find_texture (const QrMap *map, const char *name, uint32_t *index);

static inline const char *
qr_map_texture_name (const QrMap *map, uint32_t index)
{
  return g_ptr_array_index (map->textures, index);
}

static inline guint
qr_map_entity_count (const QrMap *map)
{
  return map->entities->len;
}

static inline QrEntity *
qr_map_get_entity (const QrMap *map, guint i)
{
  return g_ptr_array_index (map->entities, i);
}

/* Takes ownership. */
void qr_map_add_entity (QrMap *map, QrEntity *entity);
/* Takes ownership; anchors the node after the entities added so far. */
void qr_map_add_kept (QrMap *map, QrNode *node);

/* Ids above every id seen so far. Readers call qr_map_note_*_id for the ids
 * they read so that new objects never collide with them. */
QrId qr_map_take_entity_id (QrMap *map);
QrId qr_map_take_brush_id (QrMap *map);
QrId qr_map_take_face_id (QrMap *map);
void qr_map_note_entity_id (QrMap *map, QrId id);
void qr_map_note_brush_id (QrMap *map, QrId id);
void qr_map_note_face_id (QrMap *map, QrId id);

/* Builds every brush's polytope; n_threads 0 picks one per CPU. */
void qr_map_build_geometry (QrMap *map, int n_threads);

guint qr_map_count_brushes (const QrMap *map);
guint qr_map_count_faces (const QrMap *map);

QrDialect qr_map_detect_dialect (const QrMap *map);

/* The game a dialect is written for, as the texture search folders
 * (texture-search-folders) and data/games/ name it: "quake2", "quake3",
 * "source", else "halflife" when the map's WADs are WAD3, else "quake". */
const char *qr_dialect_game (QrDialect dialect, gboolean wad3);

/* How the dialect's compiler picks a standard face's base axes: q3map2's
 * rule for Quake 3, qbsp's for the rest (qr-texproj.h). */
QrTexAxisRule qr_dialect_axis_rule (QrDialect dialect);
const char *qr_dialect_to_string (QrDialect dialect);

/* Deep equality of everything a file holds (ids, keys in order, exact plane
 * points and texture attributes including the sign of zero, kept blocks);
 * derived geometry is not compared. On difference sets *why (when not NULL)
 * to a description of the first one. */
bool qr_map_equal (const QrMap *a, const QrMap *b, char **why);
