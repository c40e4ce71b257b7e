/* qr-op-private.h — what the operations share. */
#pragma once

#include "qr-operations.h"

typedef struct
{
  guint entity;
  guint index;
  QrBrush *brush; /* borrowed: the brush in the map now */
} QrBrushLoc;

/* Where each id is, in the order given; fails naming the first id not
 * found, or any id given twice. O(n) through the map's id index. */
GArray *qr_op_locate (QrDocument *doc, const QrId *ids, guint n, GError **error);

/* The objects' brushes, with every brush of the entities named, each once
 * (QrBrushLoc, in the order named); their patches likewise (QrId: patches
 * are named among the brushes); and the entities' positions (guint, in the
 * order named). Fails naming the first id not found. */
gboolean qr_op_locate_objects (QrDocument *doc, const QrObjects *objs, GArray **brushes, GArray **patches,
                               GArray **entities, GError **error);
/* Brushes and patches share the id counter, and a selection's brush ids
 * name both: appends each id to `patches` when it names a patch, else to
 * `others` (brushes, or nothing: qr_op_locate then says so). */
void qr_op_split_patches (QrDocument *doc, const QrId *ids, guint n, GArray *others, GArray *patches);
/* In an edit session: transforms the patches (ids: QrId), or removes them
 * when tr is NULL; one header replacement per entity holding any. */
gboolean qr_op_edit_patches (QrDocument *doc, const GArray *ids, const QrTransform *tr, GError **error);
/* In an edit session: copies of the patches with fresh ids, moved by tr,
 * each at the end of its entity; appends their ids to `made`. */
void qr_op_duplicate_patches (QrDocument *doc, const GArray *ids, const QrTransform *tr, GArray *made);
/* Gives a patch node from another map (pasting) a patch of its own with a
 * fresh id, moved by tr unless NULL (its text then regenerated). */
void qr_op_adopt_patch (QrDocument *doc, QrNode *node, const QrTransform *tr);
/* Adds the bounds of the patches' tessellations. */
void qr_op_add_patch_bounds (QrDocument *doc, const GArray *ids, QrBounds *out);

/* Index of the world entity, made (as an edit) when the map has none. */
guint qr_op_world (QrDocument *doc);

/* In an edit session: removes the located brushes, keeping copies (same
 * ids and geometry) in their original order for re-insertion elsewhere. */
GPtrArray *qr_op_lift_brushes (QrDocument *doc, GArray *locs);
/* In an edit session: appends the copies to entity `entity`, which takes
 * them (the array is left holding NULLs). */
void qr_op_drop_brushes (QrDocument *doc, guint entity, GPtrArray *copies);

/* Layers (qr-op-layer.c; qr-layer.h). In an edit session: the index of
 * the entity new world brushes go into, the current layer's or the world
 * (made when missing). */
guint qr_op_brush_home (QrDocument *doc);
/* Puts a new entity (not yet in the map) into layer `layer` (0: the
 * default), as TrenchBroom writes it: "_tb_layer" last. */
void qr_op_tag_layer (QrEntity *entity, gint64 layer);

/* The brush holding face `ref` when that face has a polygon to act on;
 * NULL with QR_EDIT_ERROR_NOT_FOUND (no such brush or face) or _INVALID
 * (no polygon), each naming the face. */
QrBrush *qr_op_face_brush (QrDocument *doc, QrFaceRef ref, GError **error);

/* Builds the brush's polytope; when `was_valid` and the result is not,
 * sets an error naming the brush and returns false. */
gboolean qr_op_build_checked (QrDocument *doc, QrBrush *brush, bool was_valid, GError **error);

/* A selection of exactly these brushes. */
QrSelection *qr_op_selection_of (const QrId *ids, guint n);
/* A selection of exactly these objects. */
QrSelection *qr_op_selection_of_objects (const QrObjects *objs);
/* The ids a step on these objects merges by: brush ids, and entity ids
 * marked with QR_MERGE_ENTITY_BIT so the two never meet. */
GArray *qr_op_merge_ids (const QrObjects *objs);
#define QR_MERGE_ENTITY_BIT 0x80000000u

/* Sorted copy of ids, for merge rules. */
void qr_op_commit (QrDocument *doc, const char *description, QrMergeKind merge,
                   const QrId *ids, guint n, const QrSelection *after);

/* Gives the brush and its faces fresh ids (a copy entering the map). */
void qr_op_renumber (QrDocument *doc, QrBrush *brush);

/* Carries the displacement of face `face` (if any) along with the transform
 * `tr` the brush is about to undergo: call before moving its plane points. */
void qr_op_transform_disp (QrBrush *brush, int face, const QrTransform *tr);
/* Transforms a brush (a copy about to replace the original) in place,
 * with texture lock when `lock`; counts faces whose lock was approximate;
 * displacements follow. */
gboolean qr_op_transform_brush (QrDocument *doc, QrBrush *brush, const QrTransform *tr, bool lock,
                                guint *approximate, GError **error);

/* Locations sorted by entity then index, highest first: removing in this
 * order keeps the positions of the rest valid. */
void qr_op_sort_descending (GArray *locs);

/* Valve axes left parallel to the face normal (a floor turned into a wall
 * without texture lock, a cut face) project nothing: the face gets world-
 * aligned axes, keeping its offsets and scales, as TrenchBroom does. */
void qr_op_repair_axes (QrFace *face, QrVec3 normal);

/* A new face's texture attributes: standard where the map's faces are
 * standard (dialect), world-aligned Valve axes otherwise (what TrenchBroom
 * calls paraxial), from the face's plane. */
void qr_op_default_texture (const QrMap *map, QrDialect dialect, QrFace *face);

/* Texturing faces (qr-op-texture.c, qr-op-face.c). */

/* The faces named, with face -1 expanded to every face of its brush, in
 * the order named; fails naming the first brush or face that does not
 * exist, or when there is none at all. */
GArray *qr_op_expand_faces (QrDocument *doc, const QrFaceRef *faces, guint n, GError **error);

/* Changes face `face` of `brush` (a copy about to replace the original). */
typedef gboolean (*QrFaceEditFunc) (QrMap *map, QrBrush *brush, int face, gpointer data, GError **error);

/* Edits a copy of each brush the faces (expanded: no -1) belong to, each
 * face once through `edit`, then swaps the copies in as one step. When a
 * face refuses, the map is left untouched. */
gboolean qr_op_edit_faces (QrDocument *doc, const QrFaceRef *faces, guint n, QrFaceEditFunc edit, gpointer data,
                           const char *description, QrMergeKind merge, const QrId *merge_ids, guint n_merge,
                           GError **error);

/* Sets the face's texture rotation; Valve axes turn about the normal by
 * the difference. */
void qr_op_set_face_rotation (QrFace *face, double degrees);

/* False with an error when the face uses brush primitives, which have no
 * shift, scale or rotation to set. */
gboolean qr_op_refuse_brushprim (const QrBrush *brush, int face, GError **error);
