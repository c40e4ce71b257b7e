/* qr-visgroup-ops.h — editing Hammer's visgroups (issue 20): the
 * operations behind the Visgroups panel and `quarry-cli edit`'s visgroup-*
 * steps. Changing the tree or a membership is a document edit (undoable,
 * modified); showing or hiding a visgroup is the hide machinery's view
 * step on its members (qr_op_hide, qr_op_show), not a modification.
 *
 * Objects are QrObjects: a world brush joins or leaves by its own solid's
 * editor block; a brush of an entity, or the entity named, by the entity's
 * editor block (Hammer puts a brush entity in a visgroup whole). Editor
 * blocks are made when needed and dropped again when a removal leaves them
 * empty, so an add undone by a remove writes the file as it was. VMF only. */
#pragma once

#include "qr-operations.h"
#include "qr-visgroup.h"

/* A new top-level visgroup (id above every visgroup id, a colour of its
 * own) holding the objects (objs may be NULL or empty); sets *id. Refused
 * for an empty name, one with a double quote, or one taken. "New Visgroup". */
gboolean qr_op_visgroup_create (QrDocument *doc, const char *name, const QrObjects *objs, guint *id,
                                GError **error);
/* "Rename Visgroup". */
gboolean qr_op_visgroup_rename (QrDocument *doc, guint id, const char *name, GError **error);
/* Removes the visgroup, the visgroups below it, and every membership of
 * them. "Delete Visgroup". */
gboolean qr_op_visgroup_delete (QrDocument *doc, guint id, GError **error);
/* Puts the visgroup (with those below it and every membership) last under
 * `parent`, or at the top level for 0. Refused into itself or one below
 * it; no step when it is there already. "Move Visgroup". */
gboolean qr_op_visgroup_move (QrDocument *doc, guint id, guint parent, GError **error);
/* "Add to Visgroup"; no step when every object is in it already. */
gboolean qr_op_visgroup_add (QrDocument *doc, guint id, const QrObjects *objs, GError **error);
/* "Remove from Visgroup"; no step when none is in it. */
gboolean qr_op_visgroup_remove (QrDocument *doc, guint id, const QrObjects *objs, GError **error);

/* Shows or hides the members of the visgroup and of those below it; no
 * step when it has none or they are so already. */
gboolean qr_op_visgroup_set_shown (QrDocument *doc, guint id, bool shown, GError **error);
/* Likewise for an auto visgroup: NULL classname for the world geometry. */
gboolean qr_op_auto_visgroup_set_shown (QrDocument *doc, const char *classname, bool shown, GError **error);
