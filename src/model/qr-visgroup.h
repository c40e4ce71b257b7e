/* qr-visgroup.h — Hammer's visgroups, read from the blocks a VMF keeps
 * (issue 20).
 *
 * Nothing here is stored twice: the tree is the map's top-level
 * `visgroups` block (each `visgroup` holds "name", "visgroupid", "color"
 * and its nested visgroups), and an object is in a visgroup when its
 * `editor` block has a "visgroupid" line with that id — a world brush's
 * own solid's editor block, an entity's editor block for the entity and
 * its brushes (Hammer puts a brush entity in a visgroup whole). Reading
 * them again after each change keeps undo, reload and the file in step.
 *
 * Auto visgroups (Hammer's "Auto") are computed, never stored: the world
 * geometry, and one per entity classname the map holds. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-model-types.h"

typedef struct
{
  char *name;
  guint id;
  guint8 color[3]; /* 0 0 0 when the block has none */
  int parent;      /* index of the parent in the list, -1 at the top */
  guint depth;     /* 0 at the top */
} QrVisgroup;

/* The map's visgroups in tree order (a parent before its children), as a
 * GArray of QrVisgroup that frees the names; empty when it has none. */
GArray *qr_visgroups_read (const QrMap *map);

/* Index in `groups` of the visgroup with that id or name, or -1. */
int qr_visgroups_find_id (const GArray *groups, guint id);
int qr_visgroups_find_name (const GArray *groups, const char *name);

/* Whether the visgroup at `index` is `ancestor` or one of its descendants. */
bool qr_visgroups_descends (const GArray *groups, int index, int ancestor);

/* The largest visgroup id the tree or any object names (0 for none). */
guint qr_visgroups_max_id (const QrMap *map, const GArray *groups);

/* The objects of a visgroup as the hide machinery names them: world
 * brushes (and brushes whose own editor block names it) by brush id,
 * entities by entity id. */
typedef struct
{
  GArray *brushes;  /* QrId */
  GArray *entities; /* QrId */
} QrVisgroupMembers;

QrVisgroupMembers *qr_visgroup_members_new (void);
void qr_visgroup_members_free (QrVisgroupMembers *members);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrVisgroupMembers, qr_visgroup_members_free)

static inline guint
qr_visgroup_members_count (const QrVisgroupMembers *members)
{
  return members->brushes->len + members->entities->len;
}

/* The entity's editor block (the first, as the writer takes it) and its
 * index among the entity's kept blocks, or NULL. */
const QrNode *qr_entity_find_editor (const QrEntity *entity, guint *index);
/* The brush's own (solid) editor block, or NULL. */
const QrNode *qr_brush_find_editor (const QrBrush *brush);

/* An editor block's membership of visgroup `id`. */
bool qr_editor_names_visgroup (const QrNode *editor, guint id);

/* The objects in visgroup `id`, or with `nested` in it or any visgroup
 * below it in `groups`. */
QrVisgroupMembers *qr_visgroup_members (const QrMap *map, const GArray *groups, guint id, bool nested);

/* Auto visgroups: NULL classname for the world geometry. */
QrVisgroupMembers *qr_auto_visgroup_members (const QrMap *map, const char *classname);
/* The classnames of the map's entities other than the world, sorted,
 * each once (a NULL-terminated vector). */
char **qr_auto_visgroup_classes (const QrMap *map);

typedef enum
{
  QR_VISGROUP_EMPTY,  /* no members */
  QR_VISGROUP_SHOWN,  /* no member hidden */
  QR_VISGROUP_HIDDEN, /* every member hidden */
  QR_VISGROUP_MIXED,
} QrVisgroupState;

/* How many of the members the map's hidden set hides (qr-hidden.h). */
QrVisgroupState qr_visgroup_members_state (const QrMap *map, const QrVisgroupMembers *members);
