/* qr-map-index.h — where each id is in a map: an entity's position, and a
 * brush's or patch's entity and place among that entity's brushes or kept
 * blocks.
 *
 * Made by one walk over the map when first asked; from then on qr_op_apply
 * keeps it in step with every edit, undo and redo through the notes below.
 * An insertion or removal that shifts the objects after it only marks their
 * entity (or the entity list) stale; the positions are refreshed by one walk
 * of that entity when next asked. So a step that looks up n objects and then
 * edits them costs O(n), not O(n × map). */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-model-types.h"

typedef struct _QrMapIndex QrMapIndex;

void qr_map_index_free (QrMapIndex *index);

/* Where the object is now; false when the map holds no such object. */
bool qr_map_find_entity (QrMap *map, QrId id, guint *entity);
bool qr_map_find_brush (QrMap *map, QrId id, guint *entity, guint *index);
bool qr_map_find_patch (QrMap *map, QrId id, guint *entity, guint *kept);

/* Notes from qr_op_apply, each after the change it names (no-ops until the
 * map has an index). `gone` is the object that left the map. */
void qr_map_index_brush_inserted (QrMap *map, guint entity, guint index);
void qr_map_index_brush_removed (QrMap *map, guint entity, guint index, const QrBrush *gone);
void qr_map_index_brush_replaced (QrMap *map, guint entity, guint index, const QrBrush *gone);
/* `gone` holds the id and kept blocks the entity had before. */
void qr_map_index_header_swapped (QrMap *map, guint entity, const QrEntity *gone);
void qr_map_index_entity_inserted (QrMap *map, guint entity);
void qr_map_index_entity_removed (QrMap *map, guint entity, const QrEntity *gone);
