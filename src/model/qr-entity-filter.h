/* qr-entity-filter.h — the entity list's filter text, parsed once and
 * matched against entities: each word of the text must match.
 *
 * A plain word matches when it is part of the entity's class, of its
 * targetname or of any key's name, ignoring ASCII case. "key=value"
 * matches a key named key (whole name, ASCII case ignored) whose value
 * holds value; "key=" any value of that key, "=value" that value under any
 * key. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-entity.h"

typedef struct _QrEntityFilter QrEntityFilter;

QrEntityFilter *qr_entity_filter_new (const char *text);
void qr_entity_filter_free (QrEntityFilter *filter);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrEntityFilter, qr_entity_filter_free)

/* No words: every entity matches. */
bool qr_entity_filter_is_empty (const QrEntityFilter *filter);
bool qr_entity_filter_matches (const QrEntityFilter *filter, const QrEntity *entity);
