/* qr-document.h — a map being edited: the map, the selection, the command
 * stack, and one "changed" signal per step.
 *
 * Every edit goes through an edit session: the operations of src/model
 * change the map directly through qr_document_replace_brush and friends,
 * which record each change; qr_document_edit_commit turns the record into
 * one undoable command, qr_document_edit_abort puts everything back. */
#pragma once

#include <glib-object.h>
#include "qr-change-set.h"
#include "qr-command-stack.h"
#include "qr-entdef.h"
#include "qr-layer.h"
#include "qr-map.h"
#include "qr-selection.h"
#include "qr-texture-set.h"

G_BEGIN_DECLS

#define QR_TYPE_DOCUMENT (qr_document_get_type ())
G_DECLARE_FINAL_TYPE (QrDocument, qr_document, QR, DOCUMENT, GObject)

#define QR_EDIT_ERROR (qr_edit_error_quark ())
GQuark qr_edit_error_quark (void);

typedef enum
{
  QR_EDIT_ERROR_INVALID_BRUSH, /* the edit would leave a brush invalid */
  QR_EDIT_ERROR_NOT_FOUND,     /* an object named by the caller does not exist */
  QR_EDIT_ERROR_INVALID,       /* the arguments make no sense (empty selection, zero size…) */
} QrEditError;

/* Takes ownership of map; builds the geometry it lacks. */
QrDocument *qr_document_new (QrMap *map);

QrMap *qr_document_get_map (QrDocument *doc);
const QrSelection *qr_document_get_selection (QrDocument *doc);
/* A number that changes with every change set the document emits (and is
 * never another document's): what a cache of something computed from the
 * map or the selection is keyed on. */
guint64 qr_document_get_revision (QrDocument *doc);
/* Not an undo step; emits "changed" with only selection_changed set. */
void qr_document_set_selection (QrDocument *doc, const QrSelection *sel);

/* The textures the views show (owned by the document, made on first use).
 * Whoever fills it calls textures_changed, which emits a change set with
 * only `textures_changed` set. */
QrTextureSet *qr_document_get_textures (QrDocument *doc);
void qr_document_textures_changed (QrDocument *doc);

/* The entity definitions of the document's game (a reference), or NULL
 * when none are loaded; not undoable. Setting them emits a change set with
 * only `entdefs_changed` set, so views redraw boxes in their classes' sizes. */
QrEntDefs *qr_document_get_entdefs (QrDocument *doc);
void qr_document_set_entdefs (QrDocument *doc, QrEntDefs *defs);

gboolean qr_document_get_texture_lock (QrDocument *doc);
void qr_document_set_texture_lock (QrDocument *doc, gboolean lock);

/* Undo and redo. */
gboolean qr_document_can_undo (QrDocument *doc);
gboolean qr_document_can_redo (QrDocument *doc);
/* "Undo Carve", or NULL when there is nothing to undo. */
char *qr_document_dup_undo_label (QrDocument *doc);
char *qr_document_dup_redo_label (QrDocument *doc);
gboolean qr_document_undo (QrDocument *doc);
gboolean qr_document_redo (QrDocument *doc);
const QrCommandStack *qr_document_get_history (QrDocument *doc);
/* Undoes or redoes until `position` steps are done (a History panel click). */
void qr_document_jump_to (QrDocument *doc, guint position);

/* The clean point: modified means different from the last save. */
gboolean qr_document_is_modified (QrDocument *doc);
void qr_document_mark_saved (QrDocument *doc);
/* No state in the history is the saved one any more: modified until the
 * next save, whatever is undone — the file on disk changed under the
 * document and the user kept theirs (Keep Mine), or a recovered autosave. */
void qr_document_mark_unsaved (QrDocument *doc);

/* Replaces everything the map holds by `map`'s (taking ownership) as one
 * undo step, "Reload", that selects nothing; the reloaded state becomes the
 * saved one. Undo gives the document back exactly as it was, redo the
 * reloaded map. New objects take ids above those of both maps. Not while
 * an edit session or a transaction is open (returns FALSE, map untouched
 * and still the caller's). */
gboolean qr_document_reload (QrDocument *doc, QrMap *map);

/* Transactions: the commands committed until commit_transaction become one
 * undo step; cancel_transaction undoes them all. rollback_last undoes and
 * forgets the last command of the transaction: a drag replaces its previous
 * update with the next one. */
void qr_document_begin_transaction (QrDocument *doc, const char *description);
void qr_document_commit_transaction (QrDocument *doc);
void qr_document_cancel_transaction (QrDocument *doc);
void qr_document_rollback_last (QrDocument *doc);
gboolean qr_document_in_transaction (QrDocument *doc);

/* Edit sessions (see above). The recording functions take ownership of the
 * objects they are given; positions are those of the map as it is now. */
void qr_document_edit_begin (QrDocument *doc);
void qr_document_replace_brush (QrDocument *doc, guint entity, guint index, QrBrush *brush);
void qr_document_insert_brush (QrDocument *doc, guint entity, guint index, QrBrush *brush);
void qr_document_remove_brush (QrDocument *doc, guint entity, guint index);
/* Removes the brushes at `indexes` (falling) of one entity, in one pass
 * over its brushes: one by one, each removal moved the brushes after it. */
void qr_document_remove_brushes (QrDocument *doc, guint entity, const guint *indexes, guint n);
/* Swaps id, flags, keys and kept blocks of entity `entity` with `header`'s
 * (an entity without brushes). */
void qr_document_replace_header (QrDocument *doc, guint entity, QrEntity *header);
void qr_document_insert_entity (QrDocument *doc, guint index, QrEntity *entity);
/* Makes `kept` (taken: a GPtrArray of QrNode references freeing them with
 * qr_node_free) the map's top-level kept blocks. */
void qr_document_replace_kept (QrDocument *doc, GPtrArray *kept);
void qr_document_remove_entity (QrDocument *doc, guint index);
/* The selection the command leaves behind (copied). */
void qr_document_edit_select (QrDocument *doc, const QrSelection *after);
/* Makes the recorded changes one undo step named `description`; `merge`
 * and ids say what it may merge with. An empty edit makes no step. */
void qr_document_edit_commit (QrDocument *doc, const char *description,
                              QrMergeKind merge, const QrId *ids, guint n_ids);
/* Puts back everything recorded since edit_begin. */
void qr_document_edit_abort (QrDocument *doc);
gboolean qr_document_in_edit (QrDocument *doc);

/* The view filters (QrViewFilter mask, qr-hidden.h): kinds of object the
 * views leave out. Not an undo step and never saved (TrenchBroom's and
 * Hammer's filters are the editor's, not the map's); the objects it hides
 * or shows come as modified in one change set, and what it hides leaves
 * the selection. */
void qr_document_set_view_filter (QrDocument *doc, unsigned filter);
unsigned qr_document_get_view_filter (QrDocument *doc);

/* Makes `hidden` (taken; NULL for nothing) what the views leave out, as
 * one undo step named `description` that leaves `after` selected. A
 * view-only step: it does not make the document modified. No step when
 * the set is the one the map has. Not during an edit session. */
void qr_document_set_hidden (QrDocument *doc, QrHidden *hidden, const char *description,
                             const QrSelection *after);

/* The layer (its _tb_id, qr-layer.h; 0 for the default) new brushes and
 * entities go into: view state, neither saved nor undone. A layer that is
 * gone (undone) reads as the default. */
gint64 qr_document_get_current_layer (QrDocument *doc);
void qr_document_set_current_layer (QrDocument *doc, gint64 layer);

/* Where a brush or entity is now. */
gboolean qr_document_find_brush (QrDocument *doc, QrId id, guint *entity, guint *index);
gboolean qr_document_find_entity (QrDocument *doc, QrId id, guint *entity);
QrBrush *qr_document_lookup_brush (QrDocument *doc, QrId id);
/* Where a patch is now: its entity and its place among the entity's kept
 * blocks (QrNode.patch). */
gboolean qr_document_find_patch (QrDocument *doc, QrId id, guint *entity, guint *kept);
QrPatch *qr_document_lookup_patch (QrDocument *doc, QrId id);
/* The selected brushes, with every brush of the entities selected whole,
 * each once (GArray of QrId). */
GArray *qr_document_dup_selected_brushes (QrDocument *doc);

/* A remark about the last operation for the status bar or the console
 * ("texture lock was approximate on 2 standard faces"), or NULL. */
const char *qr_document_get_note (QrDocument *doc);
void qr_document_set_note (QrDocument *doc, const char *note);

/* Scratch space for building edited brushes' geometry. */
QrPolyBuilder *qr_document_get_builder (QrDocument *doc);

G_END_DECLS
