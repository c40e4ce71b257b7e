/* qr-operations.h — every brush-editing operation, each one undo step on
 * the document's command stack, shared by the GUI's tools and dialogs,
 * `quarry-cli edit` and the tests.
 *
 * Brushes and entities are named by id. An operation that would leave a
 * valid brush invalid, or names something that does not exist, changes
 * nothing and says why in a QR_EDIT_ERROR. Each operation leaves the
 * objects it made or changed selected. With texture lock on (see
 * qr_document_set_texture_lock) transforms carry the textures along. */
#pragma once

#include "qr-connection.h"
#include "qr-document.h"
#include "qr-entdef.h"
#include "qr-primitive.h"
#include "qr-transform.h"

/* Creates the primitive's brushes at the end of the world entity (made if
 * the map has none), textured with `texture`: standard attributes in a
 * standard or Quake 2/3 map, world-aligned Valve axes otherwise. "Create
 * Block", "Create Cylinder"…; a resize of what it created merges into it. */
gboolean qr_op_create (QrDocument *doc, const QrPrimitiveSpec *spec, const char *texture,
                       GError **error);

/* What a transform acts on: brushes, and whole entities. A point entity's
 * origin moves and its orientation key turns (see qr-entity-transform.h);
 * a brush entity's brushes move with it, and its origin and orientation
 * keys, when it has them, follow. The operation leaves exactly these
 * objects selected. */
typedef struct
{
  const QrId *brushes;
  guint n_brushes;
  const QrId *entities;
  guint n_entities;
} QrObjects;

/* Brushes only. */
#define QR_BRUSHES(ids, n) (&(QrObjects) { (ids), (n), NULL, 0 })

/* The selection's objects (borrowed from it). */
static inline QrObjects
qr_objects_of_selection (const QrSelection *sel)
{
  return (QrObjects) { (const QrId *) (gpointer) sel->brushes->data, sel->brushes->len,
                       (const QrId *) (gpointer) sel->entities->data, sel->entities->len };
}

/* Bounds of the valid brushes and point-entity boxes among the objects. */
gboolean qr_op_bounds (QrDocument *doc, const QrObjects *objs, QrBounds *out, GError **error);

/* Any affine transform of the objects, named `description`. */
gboolean qr_op_transform (QrDocument *doc, const QrObjects *objs, const QrTransform *tr,
                          const char *description, QrMergeKind merge, GError **error);
gboolean qr_op_translate (QrDocument *doc, const QrObjects *objs, QrVec3 delta, GError **error);
/* A translation that merges with the previous nudge of the same objects
 * within a second (arrow keys). */
gboolean qr_op_nudge (QrDocument *doc, const QrObjects *objs, QrVec3 delta, GError **error);
/* Scales the objects' bounds to `to`, keeping the side opposite the handle
 * fixed as `to` says; an inverted `to` (min > max on an axis) mirrors. */
gboolean qr_op_resize (QrDocument *doc, const QrObjects *objs, QrBounds to, GError **error);
/* About the centre of the objects' bounds. */
gboolean qr_op_rotate (QrDocument *doc, const QrObjects *objs, int axis, double degrees, GError **error);
/* Coordinate `axis` moves by amount × (coordinate `along` − the bounds' min on it). */
gboolean qr_op_shear (QrDocument *doc, const QrObjects *objs, int axis, int along, double amount,
                      GError **error);
gboolean qr_op_flip (QrDocument *doc, const QrObjects *objs, int axis, GError **error);

/* Removes the brushes (and patches named among them) and entities; a brush
 * entity left without brushes goes too. The step is named `description` ("Cut"), or "Delete" for NULL. */
gboolean qr_op_delete (QrDocument *doc, const QrId *brushes, guint n_brushes,
                       const QrId *entities, guint n_entities, const char *description, GError **error);
/* Copies the objects (new ids), moved by offset: brushes into their own
 * entities, whole entities as new entities. The copies become the selection. */
gboolean qr_op_duplicate (QrDocument *doc, const QrObjects *objs, QrVec3 offset, GError **error);

/* Visibility (issue 20; qr-hidden.h). Each is one view-only undo step:
 * undoable, but not a modification of the document. */

/* Hides the objects (brushes and patches by id, whole entities: their
 * brushes and patches too) and deselects them. "Hide". */
gboolean qr_op_hide (QrDocument *doc, const QrObjects *objs, GError **error);
/* Hides every object but these (which stay selected). "Isolate". */
gboolean qr_op_isolate (QrDocument *doc, const QrObjects *objs, GError **error);
/* Shows the objects (as qr_op_hide names them) again; no step when none
 * is hidden. "Show". */
gboolean qr_op_show (QrDocument *doc, const QrObjects *objs, GError **error);
/* Shows every hidden object; no step when none is. "Show All". */
void qr_op_show_all (QrDocument *doc);

/* TrenchBroom's layers in a .map (issue 20; qr-layer.h). Layers are named
 * by their _tb_id, 0 for the default layer (the world); each operation is
 * one undoable key and brush edit, refused in a VMF. */

/* Adds an empty layer after the others (_tb_id above every layer and
 * group id, the next sort index); its id in *made (may be NULL). "Add Layer". */
gboolean qr_op_layer_add (QrDocument *doc, const char *name, gint64 *made, GError **error);
/* The default layer has no name to change. "Rename Layer". */
gboolean qr_op_layer_rename (QrDocument *doc, gint64 layer, const char *name, GError **error);
/* As TrenchBroom does: the layer's objects go to the default layer (its
 * brushes to the end of the world), then the layer goes. "Delete Layer". */
gboolean qr_op_layer_delete (QrDocument *doc, gint64 layer, GError **error);
/* Moves the objects into the layer: world and layer brushes between the
 * world and the layers' entities, other entities (a grouped one: its
 * outermost group) by their "_tb_layer" key. No step when all are there. "Move to Layer". */
gboolean qr_op_layer_move (QrDocument *doc, gint64 layer, const QrObjects *objs, GError **error);

typedef enum
{
  QR_LAYER_HIDDEN,
  QR_LAYER_LOCKED,
  QR_LAYER_OMIT_FROM_EXPORT,
} QrLayerFlag;

/* Sets or clears "_tb_layer_hidden", "_tb_layer_locked" or
 * "_tb_layer_omit_from_export" (on worldspawn for the default layer) —
 * keys of the file, so document edits, as in TrenchBroom. Hiding or
 * locking deselects the layer's objects. No step when already so. */
gboolean qr_op_layer_set_flag (QrDocument *doc, gint64 layer, QrLayerFlag flag, gboolean on, GError **error);
/* Shows the layer and hides every other, as one step ("Isolate Layer");
 * none when so already. */
gboolean qr_op_layer_isolate (QrDocument *doc, gint64 layer, GError **error);
/* Hides or shows (QR_LAYER_HIDDEN), locks or unlocks (QR_LAYER_LOCKED)
 * every layer as one step ("Show All Layers", …); none when all are so. */
gboolean qr_op_layers_set_flag_all (QrDocument *doc, QrLayerFlag flag, gboolean on, GError **error);
/* Moves the layer `by` places in the list (negative: up), within the
 * layers after the default one, which stays first. The layers are then
 * numbered by their places (_tb_layer_sort_index 0, 1, …, written only
 * where it changes), as TrenchBroom renumbers them. "Move Layer Up" /
 * "Move Layer Down"; no step at either end. */
gboolean qr_op_layer_reorder (QrDocument *doc, gint64 layer, int by, GError **error);
/* Selects every object of the layer that can be selected (not hidden). */
gboolean qr_op_layer_select_all (QrDocument *doc, gint64 layer, GError **error);

/* Groups the brushes: a func_group entity in a .map (TrenchBroom's keys),
 * a group block with editor groupids in a VMF. */
gboolean qr_op_group (QrDocument *doc, const QrId *ids, guint n, const char *name, GError **error);
/* Dissolves the groups the brushes belong to. */
gboolean qr_op_ungroup (QrDocument *doc, const QrId *ids, guint n, GError **error);
/* Moves the brushes into a new brush entity of that class. */
gboolean qr_op_tie (QrDocument *doc, const QrId *ids, guint n, const char *classname, GError **error);
/* Moves the brushes back to the world; entities left empty are removed. */
gboolean qr_op_untie (QrDocument *doc, const QrId *ids, guint n, GError **error);

/* What qr_op_set_texture changes: fields with their flag set. */
typedef struct
{
  const char *name;      /* NULL: keep */
  bool set_shift, set_scale, set_rotation;
  double shift[2];
  double scale[2];
  double rotation;       /* degrees; Valve axes are turned about the face normal by the difference */
} QrTexChange;

/* faces: brush id and face index; face -1 means every face of the brush. */
gboolean qr_op_set_texture (QrDocument *doc, const QrFaceRef *faces, guint n,
                            const QrTexChange *change, GError **error);

/* Adds or changes key (value NULL deletes it); the first of duplicate keys. */
gboolean qr_op_set_key (QrDocument *doc, QrId entity, const char *key, const char *value, GError **error);
gboolean qr_op_rename_key (QrDocument *doc, QrId entity, const char *key, const char *new_key, GError **error);

/* Entities (issue 15). Each names entities by id, fails changing nothing
 * when one does not exist, and leaves the entities named selected. */

/* Places a point entity of `classname` at the end of the map, at origin
 * (snapped and written as the shortest decimals, like a moved origin),
 * then the keys given as n_keys key/value pairs (keys[2i], keys[2i+1]; a
 * given classname or origin replaces the computed one), then, when cls is
 * not NULL, the class's defaults for keys not given, in the definition's
 * order: a flags key as the sum of its default-on bits, left out when 0,
 * and empty defaults left out. cls must be a point class. The new entity
 * is selected and its id put in *placed (may be NULL). "Place Entity". */
gboolean qr_op_place_entity (QrDocument *doc, const char *classname, QrVec3 origin, const char *const *keys,
                             guint n_keys, const QrEntClass *cls, QrId *placed, GError **error);
/* Changes the classname of every entity named (not the world's) as one
 * step; no step when all have it already. "Change Class". */
gboolean qr_op_set_class (QrDocument *doc, const QrId *entities, guint n, const char *classname, GError **error);
/* Sets key on every entity named (value NULL deletes it where present; the
 * first of duplicate keys, as qr_op_set_key): one step, "Set Key" /
 * "Delete Key"; no step when no entity changes. */
gboolean qr_op_set_key_many (QrDocument *doc, const QrId *entities, guint n, const char *key, const char *value,
                             GError **error);
/* Replaces the entity's VMF connections (see qr-connection.h) as one step,
 * none when the block would not change; refused in a .map, and for an
 * output without a name, a field holding ESC, a negative delay, or times
 * to fire other than -1 or a positive count. "Edit Outputs". */
gboolean qr_op_set_connections (QrDocument *doc, QrId entity, const QrConnection *conns, guint n, GError **error);

/* CSG (see src/geom/qr-csg.h). Every output face takes the attributes of
 * the input face whose plane it lies on; results become the selection. */
typedef enum
{
  QR_SPLIT_KEEP_BOTH,
  QR_SPLIT_KEEP_FRONT,
  QR_SPLIT_KEEP_BACK,
} QrSplitKeep;

/* Cuts the brushes by the plane through cut[0..2]; the new faces take the
 * attributes of each brush's face closest in direction, or `texture`. */
gboolean qr_op_split (QrDocument *doc, const QrId *ids, guint n, const QrVec3 cut[3], QrSplitKeep keep,
                      const char *texture, GError **error);
/* Every other brush the carvers overlap becomes its pieces outside them. */
gboolean qr_op_carve (QrDocument *doc, const QrId *carvers, guint n, gboolean delete_carvers, GError **error);
gboolean qr_op_convex_union (QrDocument *doc, const QrId *ids, guint n, GError **error);
/* An empty intersection is an error that changes nothing. */
gboolean qr_op_intersect (QrDocument *doc, const QrId *ids, guint n, GError **error);
gboolean qr_op_hollow (QrDocument *doc, const QrId *ids, guint n, double thickness, gboolean outward,
                       GError **error);
/* Replaces the brushes by their convex hull. */
gboolean qr_op_merge (QrDocument *doc, const QrId *ids, guint n, GError **error);

/* Appends brushes and entities taken from another map (pasting): fresh
 * ids, textures re-interned; brushes of `from`'s implicit or world entity
 * go to the world. Takes ownership of `from`. "Paste". */
gboolean qr_op_add_map (QrDocument *doc, QrMap *from, QrVec3 offset, const char *description, GError **error);

/* Vertex editing (issue 19; geometry in src/geom/qr-vertex-edit.h). A
 * brush becomes the convex hull of its corners after the edit. Handles are
 * positions: a vertex handle names the corners of the brushes `ids` within
 * QR_EPS_VERTEX_HANDLE of it, an edge handle (two positions) an edge
 * between two such corners, a face handle a face with exactly those
 * corners; a handle shared by several of the brushes acts in each, so
 * shared corners stay shared, and brushes it does not name stay as they
 * are. Moved or added points are snapped (qr_vec3_snap) and must be
 * corners of the result: a move that swallows one, leaves a brush flat,
 * or names nothing in any brush is refused and changes nothing. A face
 * left on its plane keeps everything (plane points, texture, id); a new
 * face takes the attributes of the old face closest in orientation, and
 * its place and id when that face is gone; under texture lock a face moved
 * parallel to itself keeps its texture on the moved corners. Brushes with
 * displacements are refused. The brushes stay selected. */
gboolean qr_op_vertex_move (QrDocument *doc, const QrId *ids, guint n, const QrVec3 *positions, guint n_positions,
                            QrVec3 delta, GError **error);
/* ends: 2 × n_edges positions. */
gboolean qr_op_edge_move (QrDocument *doc, const QrId *ids, guint n, const QrVec3 *ends, guint n_edges,
                          QrVec3 delta, GError **error);
/* The faces named are handles for the brushes `ids` and their own. */
gboolean qr_op_face_move (QrDocument *doc, const QrId *ids, guint n, const QrFaceRef *faces, guint n_faces,
                          QrVec3 delta, GError **error);
/* Adds each edge's midpoint moved by delta as a corner. */
gboolean qr_op_edge_split (QrDocument *doc, const QrId *ids, guint n, const QrVec3 *ends, guint n_edges,
                           QrVec3 delta, GError **error);
/* Adds each face's centre (the mean of its corners) moved by delta. */
gboolean qr_op_face_split (QrDocument *doc, const QrId *ids, guint n, const QrFaceRef *faces, guint n_faces,
                           QrVec3 delta, GError **error);
/* The hull of the other corners; refused when it would be flat. */
gboolean qr_op_vertex_remove (QrDocument *doc, const QrId *ids, guint n, const QrVec3 *positions,
                              guint n_positions, GError **error);

/* A drag's preview: what qr_op_vertex_move (per 1: n_positions vertex
 * handles) or qr_op_edge_move (per 2: n_positions / 2 edges) would make,
 * without changing the document or using up ids (new faces have id 0):
 * the reshaped brushes (QrBrush *, owned, built, each with the id of the
 * brush it replaces; free with g_ptr_array_unref), or NULL with the error
 * the operation would refuse with. */
GPtrArray *qr_op_vertex_move_preview (QrDocument *doc, const QrId *ids, guint n, const QrVec3 *positions,
                                      guint n_positions, guint per, QrVec3 delta, GError **error);
/* Likewise for qr_op_face_move. */
GPtrArray *qr_op_face_move_preview (QrDocument *doc, const QrId *ids, guint n, const QrFaceRef *faces,
                                    guint n_faces, QrVec3 delta, GError **error);
/* Likewise for qr_op_edge_split and qr_op_face_split. */
GPtrArray *qr_op_edge_split_preview (QrDocument *doc, const QrId *ids, guint n, const QrVec3 *ends, guint n_edges,
                                     QrVec3 delta, GError **error);
GPtrArray *qr_op_face_split_preview (QrDocument *doc, const QrId *ids, guint n, const QrFaceRef *faces,
                                     guint n_faces, QrVec3 delta, GError **error);

/* TrenchBroom's extrude: each face's plane moves `distance` along its
 * normal (negative: inward), its neighbours keep their planes and stretch;
 * faces left without a polygon go. Refused when a brush would stop being a
 * solid or lose a face it pushes. "Extrude". */
gboolean qr_op_face_extrude (QrDocument *doc, const QrFaceRef *faces, guint n, double distance, GError **error);
/* Ctrl+extrude: a new brush per face, after its brush: the slab the face
 * sweeps moving `distance` (> 0) outward, bounded by the brush's other
 * planes, closed behind by the face turned round. The new brushes become
 * the selection. "Extrude to Brush". */
gboolean qr_op_face_extrude_brush (QrDocument *doc, const QrFaceRef *faces, guint n, double distance,
                                   GError **error);
/* A drag's preview of qr_op_face_extrude or, with to_brush,
 * qr_op_face_extrude_brush: the brushes made (owned, built; the slabs
 * without ids), or NULL with the refusal; the document stays as it is. */
GPtrArray *qr_op_face_extrude_preview (QrDocument *doc, const QrFaceRef *faces, guint n, double distance,
                                       gboolean to_brush, GError **error);
