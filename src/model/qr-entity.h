/* qr-entity.h — an entity: ordered key/values (duplicates kept), brushes,
 * and kept blocks (VMF connections, editor, …) anchored between brushes. */
#pragma once

#include <glib.h>
#include "qr-brush.h"
#include "qr-model-types.h"
#include "qr-node.h"

enum
{
  QR_ENTITY_IMPLICIT = 1 << 0, /* the brushes of a bare brush list: no braces, no keys */
  QR_ENTITY_HIDDEN = 1 << 1,   /* VMF: the entity sat in a hidden { } block */
  QR_ENTITY_WORLD = 1 << 2,    /* VMF: read from the world block */
};

typedef struct
{
  char *key;
  char *value;
} QrKeyValue;

struct _QrEntity
{
  QrId id;
  uint32_t flags;
  GArray *keys;       /* QrKeyValue, owned, file order */
  GPtrArray *brushes; /* QrBrush *, owned */
  GPtrArray *kept;    /* QrNode *, references shared by copies (never changed while
                       * shared, see qr-node.h); node->anchor = brushes before it */
};

QrEntity *qr_entity_new (QrId id);
QrEntity *qr_entity_copy (const QrEntity *entity);
/* id, flags, keys and kept blocks; no brushes (for header edits). */
QrEntity *qr_entity_copy_header (const QrEntity *entity);
void qr_entity_free (QrEntity *entity);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrEntity, qr_entity_free)

/* Appends a key/value, keeping any earlier one of the same key. */
void qr_entity_add_key (QrEntity *entity, const char *key, const char *value);
/* Changes the first value of key, or appends it. */
void qr_entity_set_key (QrEntity *entity, const char *key, const char *value);
/* Removes every value of key; false when it had none. */
bool qr_entity_remove_key (QrEntity *entity, const char *key);
/* First value of key, or NULL. */
const char *qr_entity_get_key (const QrEntity *entity, const char *key);
/* The classname, "worldspawn" for a bare brush list, or "" when missing. */
const char *qr_entity_get_classname (const QrEntity *entity);
/* The "origin" key as a point (read as the files write it, whatever the
 * locale); false when missing or not three numbers. */
bool qr_entity_get_origin (const QrEntity *entity, QrVec3 *origin);
/* The world: worldspawn, a bare brush list, or a VMF world block. */
bool qr_entity_is_world (const QrEntity *entity);
/* A point entity: no brushes, and an origin. */
bool qr_entity_is_point (const QrEntity *entity);

static inline guint
qr_entity_brush_count (const QrEntity *entity)
{
  return entity->brushes->len;
}

static inline QrBrush *
qr_entity_get_brush (const QrEntity *entity, guint i)
{
  return g_ptr_array_index (entity->brushes, i);
}

/* Takes ownership. */
void qr_entity_add_brush (QrEntity *entity, QrBrush *brush);
/* Takes ownership; anchors the node after the brushes added so far. */
void qr_entity_add_kept (QrEntity *entity, QrNode *node);
