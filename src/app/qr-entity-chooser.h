/* qr-entity-chooser.h — a searchable list of the entity classes of one
 * kind (point classes for the Entity tool, solid ones for Tie to Entity),
 * grouped by the part of their name before the first '_' ("light",
 * "info", "monster"…), each with its description as tooltip. Without
 * definitions it is an entry to type a class name in. */
#pragma once

#include <gtk/gtk.h>
#include "qr-entdef.h"

G_BEGIN_DECLS

#define QR_TYPE_ENTITY_CHOOSER (qr_entity_chooser_get_type ())
G_DECLARE_FINAL_TYPE (QrEntityChooser, qr_entity_chooser, QR, ENTITY_CHOOSER, GtkBox)

GtkWidget *qr_entity_chooser_new (QrEntClassKind kind);
/* The classes listed: `kind` (QR_ENTCLASS_POINT or QR_ENTCLASS_SOLID) of defs;
 * NULL: none, the entry shows. The chosen class stays when defs have it. */
void qr_entity_chooser_set_defs (QrEntityChooser *self, QrEntDefs *defs);
/* The chosen class (property "classname"). */
const char *qr_entity_chooser_get_classname (QrEntityChooser *self);
void qr_entity_chooser_set_classname (QrEntityChooser *self, const char *classname);
/* The search entry (or the name entry) takes the keyboard. */
void qr_entity_chooser_focus (QrEntityChooser *self);

G_END_DECLS
