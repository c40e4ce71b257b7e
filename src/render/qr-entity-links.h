/* qr-entity-links.h — the lines the views draw between connected entities
 * while one of them is selected.
 *
 * An entity names others by their `targetname`: through its target keys
 * (`target`, `killtarget`, the numbered `target2`… of Quake mods, and any
 * key the document's definitions type target_destination) and, in Source
 * maps, through the targets of its outputs (qr-connection.h). For each
 * selected entity (a point entity, or the entity of a selected brush, the
 * world left out) a line goes out to each entity it names, and one comes in
 * from each entity that names it, centre to centre.
 *
 * Finding who names whom walks every entity's keys, so it is done once
 * into an index (targetname → entities, name → entities naming it), built
 * again only after a change set that added, removed or modified entities
 * or replaced the definitions; the lines themselves are taken from the
 * selection each time, so moved brushes move their ends. No GL. */
#pragma once

#include <glib.h>
#include "qr-change-set.h"
#include "qr-document.h"

typedef enum
{
  QR_LINK_OUT, /* from a selected entity to one it names */
  QR_LINK_IN,  /* to a selected entity from one that names it */
} QrLinkKind;

typedef struct
{
  QrVec3 from;
  QrVec3 to;
  QrLinkKind kind;
} QrEntityLink;

typedef struct _QrEntityLinks QrEntityLinks;

QrEntityLinks *qr_entity_links_new (void);
void qr_entity_links_free (QrEntityLinks *links);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrEntityLinks, qr_entity_links_free)

/* Notes what a change set of the document did to the index. */
void qr_entity_links_update (QrEntityLinks *links, const QrChangeSet *changes);

/* Replaces the contents of `out` (QrEntityLink) with the lines of the
 * document's selected entities; a line between two selected entities is
 * listed once, as going out. Builds the index when it is stale (or was
 * built for another document). */
void qr_entity_links_collect (QrEntityLinks *links, QrDocument *doc, GArray *out);

/* The point an entity's lines end at: its box's centre (class-sized with
 * defs), or the centre of its valid brushes' bounds; false when it has
 * neither. */
bool qr_entity_link_point (const QrEntity *entity, const QrEntDefs *defs, QrVec3 *point);
