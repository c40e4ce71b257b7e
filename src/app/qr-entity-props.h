/* qr-entity-props.h — the property editor of the Entities panel: the
 * selected entities' class and keys, typed from the game's definitions
 * (choices, flags, colours, numbers, target names), raw key/value rows
 * with "Smart edit" off, help from the definitions' descriptions, and for
 * VMF maps an Outputs page listing the entity's connections.
 *
 * It shows the entities of QrSelection.entities plus the brush entities of
 * selected brushes; with none of those it shows worldspawn, as Hammer's Map
 * Properties does, so the map's own keys (wad, _tb_def, message…) are one
 * place away rather than behind an empty pane. Every edit is one undo step;
 * the pane follows the document's "changed" signal. */
#pragma once

#include <gtk/gtk.h>
#include "qr-document.h"

G_BEGIN_DECLS

#define QR_TYPE_ENTITY_PROPS (qr_entity_props_get_type ())
G_DECLARE_FINAL_TYPE (QrEntityProps, qr_entity_props, QR, ENTITY_PROPS, GtkWidget)

GtkWidget *qr_entity_props_new (void);

/* The document whose selection it edits (a reference is kept; NULL for none). */
void qr_entity_props_set_document (QrEntityProps *self, QrDocument *doc);

G_END_DECLS
