/* qr-tool.h — editing tools as state machines over a plain input state.
 * No toolkit: the app turns its events into QrInput and QrToolKey, asks
 * the active tool for a preview to draw, and the tool edits the document
 * through src/model's operations (so every change is an undo step). */
#pragma once

#include <glib.h>
#include "qr-disp-ops.h"
#include "qr-document.h"
#include "qr-primitive.h"
#include "qr-ray.h"
#include "qr-vec3.h"

/* Design canvases by their axis (0 top, 1 front, 2 side), as in
 * src/render's QrOrthoAxis. */
#define QR_TOOL_VIEW_3D 3

enum
{
  QR_INPUT_SHIFT = 1 << 0,
  QR_INPUT_CTRL = 1 << 1,
  QR_INPUT_ALT = 1 << 2,
};

/* What a ray from the 3D view meets first: a brush (and which face), a
 * patch (named among the brushes, as selections name it), or a point
 * entity's box. Picking is geometry (qr-ray.h); what a hit means is the
 * tool's to decide. */
typedef enum
{
  QR_PICK_NONE,
  QR_PICK_BRUSH,
  QR_PICK_PATCH,
  QR_PICK_ENTITY,
} QrPickKind;

typedef struct
{
  QrPickKind kind;
  QrId id;         /* the brush's, patch's or entity's; 0 for none */
  int face;        /* a brush's face index, else -1 */
  double distance; /* along the ray, from the image plane */
} QrPick;

typedef struct
{
  int view;          /* 0 top, 1 front, 2 side, or QR_TOOL_VIEW_3D */
  QrVec3 point;      /* design canvases: the world point under the pointer; its depth coordinate means nothing */
  QrRay ray;         /* QR_TOOL_VIEW_3D: the picking ray under the pointer */
  QrPick pick;       /* QR_TOOL_VIEW_3D: what the ray meets first, filled in by qr_tool_press and
                      * friends before the tool sees the input (TrenchBroom's pick result) */
  double pixel;      /* world units per screen pixel, for hit tolerances; in the 3D view
                      * those at distance 1 along the view (QrToolEye's) */
  int grid;          /* the grid size points snap to */
  guint modifiers;   /* QR_INPUT_* */
} QrInput;

typedef enum
{
  QR_TOOL_KEY_ENTER,
  QR_TOOL_KEY_ESCAPE,
  QR_TOOL_KEY_CYCLE, /* the tool's own option (Clip: which half stays) */
} QrToolKey;

/* What a tool wants drawn over the views: world-space segments. */
typedef enum
{
  QR_PREVIEW_RUBBER_BAND, /* a box being dragged out to select */
  QR_PREVIEW_NEW_BRUSH,   /* the box a new brush will fill */
  QR_PREVIEW_BOUNDS,      /* the selection's bounds in a design canvas */
  QR_PREVIEW_HANDLE,      /* a handle on them */
  QR_PREVIEW_HANDLE_HOT,  /* the handle under the pointer, or being dragged */
  QR_PREVIEW_GUIDE,       /* a shear's guides: the bounds before it and the slanted box */
  QR_PREVIEW_CLIP_LINE,   /* the clip points and the line through them */
  QR_PREVIEW_CLIP_KEEP,   /* a part the clip keeps */
  QR_PREVIEW_CLIP_DROP,   /* a part the clip removes */
  QR_PREVIEW_SCULPT_BRUSH, /* the Displacement tool's brush on the surface */
  QR_PREVIEW_REFUSED,     /* what an edit that would be refused leaves as it is */
} QrPreviewKind;

typedef struct
{
  QrVec3 a, b;
  QrPreviewKind kind;
} QrPreviewSegment;

/* The 3D view's eye, for what a tool draws there at a size fixed on
 * screen: the camera's position and frame, and the world units one pixel
 * spans at distance 1 along `forward` (twice as many at distance 2). */
typedef struct
{
  QrVec3 position, forward, right, up;
  double pixel;
} QrToolEye;

typedef struct _QrTool QrTool;

typedef struct
{
  const char *name;
  /* A button went down (1 left, 2 middle, 3 right). */
  void (*press) (QrTool *tool, QrDocument *doc, const QrInput *in, int button);
  void (*drag) (QrTool *tool, QrDocument *doc, const QrInput *in);
  void (*release) (QrTool *tool, QrDocument *doc, const QrInput *in);
  /* TRUE when the tool used the key. */
  gboolean (*key) (QrTool *tool, QrDocument *doc, QrToolKey key);
  /* Appends the segments to draw (QrPreviewSegment). */
  void (*preview) (QrTool *tool, QrDocument *doc, GArray *segments);
  /* Optional: appends what one design canvas adds at its own zoom
   * (`pixel` world units per screen pixel): handles. */
  void (*view_preview) (QrTool *tool, QrDocument *doc, int view, double pixel, GArray *segments);
  /* Optional: what the 3D view adds, seen from `eye` (handles). */
  void (*eye_preview) (QrTool *tool, QrDocument *doc, const QrToolEye *eye, GArray *segments);
  /* Optional: the pointer moved with no button down (NULL: it left the
   * views); sets the tool's hot spot. */
  void (*hover) (QrTool *tool, QrDocument *doc, const QrInput *in);
  void (*free) (QrTool *tool);
} QrToolClass;

/* What the pointer is over, for highlighting and the cursor. */
enum
{
  QR_TOOL_HOT_NONE = -1,
  QR_TOOL_HOT_MOVE = -2, /* something a drag moves */
  /* 0..8: a handle, i * 3 + j (see qr_handle_coord) */
};

struct _QrTool
{
  const QrToolClass *klass;
  char *status;  /* owned: a sentence for the status bar, or NULL */
  int hot;       /* QR_TOOL_HOT_* or a handle */
  int hot_view;  /* the design canvas the hot spot is in */
  int hot_shape; /* QrHandleShape of a hot handle */
  gboolean preview_changed; /* for the tools: the hover moved what the preview shows */
};

void qr_tool_press (QrTool *tool, QrDocument *doc, const QrInput *in, int button);
void qr_tool_drag (QrTool *tool, QrDocument *doc, const QrInput *in);
void qr_tool_release (QrTool *tool, QrDocument *doc, const QrInput *in);
gboolean qr_tool_key (QrTool *tool, QrDocument *doc, QrToolKey key);
/* Fills `segments` (QrPreviewSegment), emptied first. */
void qr_tool_preview (QrTool *tool, QrDocument *doc, GArray *segments);
/* Fills `segments` with what design canvas `view` adds to the preview, at
 * `pixel` world units per pixel (handles), emptied first. */
void qr_tool_view_preview (QrTool *tool, QrDocument *doc, int view, double pixel, GArray *segments);
/* Fills `segments` with what the 3D view adds to the preview, seen from
 * `eye` (handles), emptied first. */
void qr_tool_eye_preview (QrTool *tool, QrDocument *doc, const QrToolEye *eye, GArray *segments);
const char *qr_tool_status (QrTool *tool);
/* The pointer moved over design canvas in->view (or the 3D view: its pick
 * is filled in as for a press) with no button down, or left the views (NULL). TRUE when the hot spot or the preview changed
 * (the Entity tool's box follows the pointer): the views' previews then
 * need refreshing. */
gboolean qr_tool_hover (QrTool *tool, QrDocument *doc, const QrInput *in);
/* For the tools: sets up the base of a new tool. */
void qr_tool_init (QrTool *tool, const QrToolClass *klass);
/* For the tools: replaces the status sentence (takes ownership). */
void qr_tool_set_status (QrTool *tool, char *status);
void qr_tool_free (QrTool *tool);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrTool, qr_tool_free)

/* The world axes a design canvas shows: right and up (0 x, 1 y, 2 z). */
void qr_tool_view_axes (int view, int *right, int *up, int *depth);
/* Distance in a view's plane (right axis r, up axis u) from p to the
 * segment ab. */
double qr_tool_segment_distance (QrVec3 p, QrVec3 a, QrVec3 b, int r, int u);
/* Snaps a coordinate to the grid unless Alt is held; never -0. */
double qr_tool_snap_value (double v, const QrInput *in);
/* Snaps a point's two visible coordinates to the grid unless Alt is held. */
QrVec3 qr_tool_snap (const QrInput *in);
/* The nearest object the ray meets: point entities' boxes (not one it starts
 * inside: the 3D view culls a box seen from within), valid brushes'
 * front faces (a brush with displacements: its displaced sides' triangles,
 * from either side, face = the side's index), landscapes' surfaces and
 * patches' tessellations, in map order (the first of equal distances
 * wins). */
QrPick qr_tool_pick_ray (QrDocument *doc, const QrRay *ray);
/* Patches for the Select tool (they select by id, like brushes): the patch
 * whose tessellation line or centre is within reach of the pointer and
 * nearer than *best (which it lowers), or 0; and the patches wholly inside
 * the view's box x0..x1 × y0..y1, added to `into` (when not NULL) and
 * counted in *count. */
QrId qr_tool_pick_patch (QrDocument *doc, const QrInput *in, double edge_reach, double centre_reach, double *best);
void qr_tool_patches_in_box (QrDocument *doc, int view, double x0, double y0, double x1, double y1,
                             QrSelection *into, guint *count);

/* Appends the twelve edges of a box. */
void qr_preview_add_box (GArray *segments, QrBounds box, QrPreviewKind kind);
/* Appends a polytope's edges (none when it is NULL or failed). */
void qr_preview_add_polytope (GArray *segments, const QrPolytope *poly, QrPreviewKind kind);

/* Handles on a box in a design canvas sit at 3 × 3 places, k = 0 at the
 * min, 1 the middle, 2 the max of the view's right (i) and up (j) axes.
 * A mask has bit i * 3 + j set for each handle shown. */
#define QR_HANDLE_MASK_CORNERS (1u << 0 | 1u << 2 | 1u << 6 | 1u << 8)
#define QR_HANDLE_MASK_SIDES (1u << 1 | 1u << 3 | 1u << 5 | 1u << 7)
/* Half the size of a handle, in pixels. */
#define QR_HANDLE_PX 4.0

typedef enum
{
  QR_HANDLE_SQUARE,  /* resize */
  QR_HANDLE_CIRCLE,  /* rotate */
  QR_HANDLE_DIAMOND, /* shear */
} QrHandleShape;

/* The coordinate of handle place k (0, 1, 2) along `axis`. */
double qr_handle_coord (QrBounds box, int axis, int k);
/* The shown handle of `box` under the pointer, if any. */
gboolean qr_tool_hit_handle (QrBounds box, guint mask, const QrInput *in, int *i, int *j);
/* The box with handle (i, j) of design canvas `view` dragged to the
 * pointer, snapped unless Alt is held; a side stops a grid step (or a unit)
 * short of the opposite one. */
QrBounds qr_handle_resize (QrBounds box, int view, int i, int j, const QrInput *in);
/* Appends the box's outline as design canvas `view` shows it. */
void qr_preview_add_outline (GArray *segments, QrBounds box, int view, QrPreviewKind kind);
/* Appends the box's shown handles in design canvas `view`, sized for
 * `pixel` world units per pixel; handle `hot` (or none: -1) as hot. */
void qr_preview_add_handles (GArray *segments, QrBounds box, int view, double pixel, guint mask,
                             QrHandleShape shape, int hot);

/* The tools. */
QrTool *qr_select_tool_new (void);
QrTool *qr_block_tool_new (void);
QrTool *qr_clip_tool_new (void);
QrTool *qr_texture_tool_new (void);
QrTool *qr_entity_tool_new (void);
QrTool *qr_disp_tool_new (void);
QrTool *qr_vertex_tool_new (void);
/* The Vertex tool's arrow keys: its selected handles moved by delta (one
 * undo step); FALSE when none is selected. */
gboolean qr_vertex_tool_nudge (QrTool *vertex, QrDocument *doc, QrVec3 delta);
/* Delete in the Vertex tool: the selected handles' corners removed (one
 * undo step; a refusal is the tool's status); FALSE when none is selected,
 * and Delete deletes the selection as elsewhere. */
gboolean qr_vertex_tool_remove (QrTool *vertex, QrDocument *doc);

/* The shape Block makes and its options (sides, arc…); the box is the
 * tool's. Starts as a block. */
void qr_block_tool_set_shape (QrTool *block, const QrPrimitiveSpec *shape);
const QrPrimitiveSpec *qr_block_tool_get_shape (QrTool *block);
/* The texture new brushes get (the browser's current one). */
void qr_block_tool_set_texture (QrTool *block, const char *texture);
const char *qr_block_tool_get_texture (QrTool *block);

/* What Select's handles do; clicking the selection cycles them. Its view
 * preview is the selection's bounds with the handles of the mode. */
typedef enum
{
  QR_HANDLES_RESIZE,
  QR_HANDLES_ROTATE,
  QR_HANDLES_SHEAR,
} QrHandleMode;

QrHandleMode qr_select_tool_get_handle_mode (QrTool *select);

/* The Texture tool (qr-texture-tool.c): the texture right-click gives (the
 * browser's current one, "base" at first). The eyedropper (Alt+click) sets
 * it too, with the picked face's alignment; setting it from outside drops
 * that alignment. */
void qr_texture_tool_set_texture (QrTool *texture, const char *name);
const char *qr_texture_tool_get_texture (QrTool *texture);
/* Becoming the active tool: with no face selected, the faces of the
 * selected brushes become the face selection. */
void qr_texture_tool_enter (QrTool *texture, QrDocument *doc);
/* Giving way to another tool: the faces are deselected, the brushes stay. */
void qr_texture_tool_leave (QrTool *texture, QrDocument *doc);

typedef enum
{
  QR_TEXTURE_KEY_LEFT,
  QR_TEXTURE_KEY_RIGHT,
  QR_TEXTURE_KEY_UP,
  QR_TEXTURE_KEY_DOWN,
  QR_TEXTURE_KEY_ROTATE_UP,   /* Page Up */
  QR_TEXTURE_KEY_ROTATE_DOWN, /* Page Down */
} QrTextureKey;

/* Shifts (by a texel; with QR_INPUT_CTRL in `modifiers`, by `grid`) or
 * turns (15°; Ctrl: 1°) the selected faces' textures, one undo step for a
 * run of presses. FALSE when no face is selected: the key is not the
 * tool's then. */
gboolean qr_texture_tool_key (QrTool *texture, QrDocument *doc, QrTextureKey key, guint modifiers, int grid);

/* The Entity tool (qr-entity-tool.c): the class a click places ("light" at
 * first). Its size is the document's definitions' (±8 when unknown). */
void qr_entity_tool_set_class (QrTool *entity, const char *classname);
const char *qr_entity_tool_get_class (QrTool *entity);
/* Where a click of `in` would put the new entity's origin: in a design
 * canvas the snapped point, its depth from the selection's middle (else the
 * last placed entity's, else 0); in the 3D view on the surface the ray
 * meets, the box resting on it. FALSE when the ray meets no surface. */
gboolean qr_entity_tool_place_point (QrTool *entity, QrDocument *doc, const QrInput *in, QrVec3 *origin);

/* The Landscape tool (qr-landscape-tool.c): creates landscapes over a
 * rectangle dragged in the top view and drags their control points up and
 * down (issue 16). The grid of a new landscape (9 × 9 at first), the
 * falloff radius of a drag (0: the point alone) and the texture. */
QrTool *qr_landscape_tool_new (void);
void qr_landscape_tool_set_grid (QrTool *landscape, int cols, int rows);
void qr_landscape_tool_set_falloff (QrTool *landscape, double radius);
void qr_landscape_tool_set_texture (QrTool *landscape, const char *texture);
/* The landscape the tool's panel acts on: the first selected, or 0. */
QrId qr_landscape_tool_target (QrDocument *doc);
/* Where the ray meets a landscape entity's sampled surface, from either
 * side; FALSE for a miss or an entity that is no landscape. */
gboolean qr_tool_hit_landscape (const QrEntity *entity, const QrRay *ray, double *t);
/* The Displacement tool (qr-disp-tool.c): the sculpt a drag in the 3D view
 * paints with (its seed the first dab's; Ctrl turns raise into lower and
 * back). */
void qr_disp_tool_set_sculpt (QrTool *disp, const QrSculpt *sculpt);
const QrSculpt *qr_disp_tool_get_sculpt (QrTool *disp);
/* Giving way to another tool: the faces it picked are deselected. */
void qr_disp_tool_leave (QrTool *disp, QrDocument *doc);
