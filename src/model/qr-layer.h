/* qr-layer.h — TrenchBroom's layers in a .map (issue 20).
 *
 * TrenchBroom writes the world as the Default Layer and every other layer
 * as a func_group entity with "_tb_type" "_tb_layer", "_tb_name", "_tb_id"
 * (one counter with its groups' ids), "_tb_layer_sort_index" and, when
 * set, "_tb_layer_locked", "_tb_layer_hidden" and
 * "_tb_layer_omit_from_export" "1", in that order (NodeSerializer::
 * layerProperties). A layer's world brushes are that entity's brushes;
 * an entity or group in a layer carries "_tb_layer" "ID"; an entity in a
 * group follows its group. The default layer's own state is the same keys
 * on worldspawn (NodeSerializer::defaultLayer). Everything is read from
 * the keys, so a layer edit is a key edit, undone like any other.
 *
 * What the views need every frame (which entities a hidden or locked
 * layer holds) is cached in the map (QrMap.layer_hidden, .layer_locked)
 * and refreshed by the document after each step that touches entities. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-change-set.h"
#include "qr-model-types.h"

/* The name TrenchBroom shows for the world's layer; never written. */
#define QR_DEFAULT_LAYER_NAME "Default Layer"

/* The keys, as TrenchBroom spells them. */
#define QR_TB_LAYER_KEY "_tb_layer"
#define QR_TB_HIDDEN_KEY "_tb_layer_hidden"
#define QR_TB_LOCKED_KEY "_tb_layer_locked"
#define QR_TB_OMIT_KEY "_tb_layer_omit_from_export"
#define QR_TB_SORT_KEY "_tb_layer_sort_index"

typedef struct
{
  gint64 id;         /* _tb_id; 0 for the default layer */
  QrId entity;       /* the layer's entity (the world's for the default; 0 when there is none) */
  const char *name;  /* borrowed from the map (QR_DEFAULT_LAYER_NAME for the default) */
  gint64 sort_index; /* -1 for the default; G_MAXINT64 when the file gives none */
  bool hidden, locked, omit;
  guint n_brushes;  /* brushes (and patches) of every entity in the layer */
  guint n_entities; /* entities in it other than the world and the layer's own */
} QrLayer;

/* A func_group with "_tb_type" "_tb_layer" / "_tb_group". */
bool qr_entity_is_layer (const QrEntity *entity);
bool qr_entity_is_tb_group (const QrEntity *entity);

/* The map's layers: the default first, then by sort index (file order
 * among equals). GArray of QrLayer, borrowing names from the map. */
GArray *qr_map_dup_layers (const QrMap *map);
/* By name (the default layer also as "default"); false when none. */
bool qr_map_find_layer (const QrMap *map, const char *name, QrLayer *out);
/* By id (0: the default layer). */
bool qr_map_get_layer (const QrMap *map, gint64 id, QrLayer *out);

/* The layer of every entity, by position: a layer's entity is its own
 * layer's, the world the default's (0), others by "_tb_layer" or their
 * outermost group's; an id no layer has means the default. g_free it. */
gint64 *qr_map_dup_entity_layers (const QrMap *map);

/* Per entity position: true when export leaves the entity out (its layer
 * is omitted from export). For the world: its brushes are left out. */
bool *qr_map_dup_omitted (const QrMap *map);
/* What a compiler or exporter should see: a copy (brushes shared, as
 * qr_map_snapshot) without the layers omitted from export (their entities
 * and brushes; an omitted default layer leaves the world's keys alone). */
QrMap *qr_map_copy_for_export (const QrMap *map);

/* An id above every _tb_id, _tb_layer and _tb_group value of the map. */
gint64 qr_map_next_tb_id (const QrMap *map);

/* The per-frame lookups (O(1)). */
bool qr_map_entity_in_hidden_layer (const QrMap *map, const QrEntity *entity);
/* Locked: its objects cannot be picked, box-selected or selected all. */
bool qr_map_entity_is_locked (const QrMap *map, const QrEntity *entity);

/* Recomputes the cache from the keys. With `changes` (a step just
 * applied), skips what qr_map_layers_may_change rules out and adds the
 * entities whose hidden or locked state changed, with their brushes and
 * patches, as modified (the views redraw them). */
void qr_map_refresh_layers (QrMap *map, QrChangeSet *changes);
/* False when the change (already applied) cannot have moved any entity in
 * or out of a hidden or locked layer, so the cache stands: a point entity
 * dragged outside the layers costs a few lookups, not a pass over the map. */
bool qr_map_layers_may_change (QrMap *map, const QrChangeSet *changes);
