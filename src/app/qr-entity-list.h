/* qr-entity-list.h — the entity list pane: every entity of the map, the
 * world included, with its class and targetname, filtered as you type by
 * class, targetname or keys (qr-entity-filter.h). Choosing rows selects their entities (not an
 * undo step) and emits "centre" so the window can bring them into view;
 * a selection made in the views shows as selected rows. */
#pragma once

#include <gtk/gtk.h>
#include "qr-document.h"

G_BEGIN_DECLS

#define QR_TYPE_ENTITY_LIST (qr_entity_list_get_type ())
G_DECLARE_FINAL_TYPE (QrEntityList, qr_entity_list, QR, ENTITY_LIST, GtkWidget)

GtkWidget *qr_entity_list_new (void);

/* The document listed (NULL for none); the list follows its "changed"
 * signal until the next call. */
void qr_entity_list_set_document (QrEntityList *self, QrDocument *doc);

/* Signals: "centre" (): the user chose rows; the selection holds their
 * entities. */

G_END_DECLS
