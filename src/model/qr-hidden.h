/* qr-hidden.h — which objects the views leave out: Hide, Isolate and Show
 * All (issue 20).
 *
 * A set of brush ids (patches among them: they number with the brushes)
 * and entity ids that the map holds (QrMap.hidden), so a step that hides
 * swaps whole sets in and out like the other undo steps, and a reload
 * brings the file's set with the file. A brush is hidden when its id is or
 * its entity's is; hiding a whole brush entity names both, as Hammer writes
 * it. VMF keeps the state in each object's editor block (visgroupshown);
 * .map files have no per-object key for it, so there it lasts a session. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-model-types.h"

typedef struct
{
  GHashTable *brushes;  /* QrId set */
  GHashTable *entities; /* QrId set */
} QrHidden;

QrHidden *qr_hidden_new (void);
QrHidden *qr_hidden_copy (const QrHidden *hidden);
void qr_hidden_free (QrHidden *hidden);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrHidden, qr_hidden_free)

/* NULL and an empty set are the same: nothing hidden. */
bool qr_hidden_is_empty (const QrHidden *hidden);
bool qr_hidden_equal (const QrHidden *a, const QrHidden *b);

/* `hidden` may be NULL (nothing hidden). */
bool qr_hidden_has_brush (const QrHidden *hidden, QrId id);
bool qr_hidden_has_entity (const QrHidden *hidden, QrId id);

void qr_hidden_add_brush (QrHidden *hidden, QrId id);
void qr_hidden_add_entity (QrHidden *hidden, QrId id);
void qr_hidden_remove_brush (QrHidden *hidden, QrId id);
void qr_hidden_remove_entity (QrHidden *hidden, QrId id);

/* The view filters (issue 20): kinds of object the views leave out, as
 * Hidden ones, over and above the set (map->view_filter, a QrViewFilter
 * mask; 0 shows everything). View state: never saved, not undone. */
typedef enum
{
  QR_FILTER_WORLD_BRUSHES = 1 << 0, /* the world's brushes */
  QR_FILTER_POINT_ENTITIES = 1 << 1,
  QR_FILTER_BRUSH_ENTITIES = 1 << 2, /* brushes of entities other than the world */
  QR_FILTER_TRIGGERS = 1 << 3,       /* brushes of trigger_* entities */
  QR_FILTER_TOOL_TEXTURES = 1 << 4,  /* brushes whose every face is a tool texture (clip, skip, nodraw…) */
  QR_FILTER_PATCHES = 1 << 5,
  QR_FILTER_DISPLACEMENTS = 1 << 6, /* brushes with a displacement */
} QrViewFilter;

/* Whether a texture name is a compiler's tool texture, for any of the
 * games: clip, skip, nodraw, hint, trigger, origin, caulk, areaportal and
 * their kin, also under common/ (Quake 3) or as Source's tools/tools*. */
bool qr_texture_is_tool (const char *name);

/* Lookups on a map's set (map->hidden may be NULL) and its view filter. */
bool qr_map_entity_is_hidden (const QrMap *map, const QrEntity *entity);
/* A brush of `entity`: hidden by its own id or its entity's, or filtered. */
bool qr_map_brush_is_hidden (const QrMap *map, const QrEntity *entity, const QrBrush *brush);
/* A patch of `entity`: likewise. */
bool qr_map_patch_is_hidden (const QrMap *map, const QrEntity *entity, QrId patch);
/* Whether the views show nothing of an entity: a point entity hidden, or
 * one with brushes or patches that are all hidden. The world and other
 * empty brush entities are never hidden whole: their keys are the map's. */
bool qr_map_entity_is_wholly_hidden (const QrMap *map, const QrEntity *entity);

/* For readers: hides one object of the map being read. */
void qr_map_hide_brush (QrMap *map, QrId id);
void qr_map_hide_entity (QrMap *map, QrId id);
