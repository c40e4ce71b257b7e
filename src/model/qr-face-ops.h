/* qr-face-ops.h — texturing faces: the operations behind the Texture tool,
 * the Face Properties and Replace Textures dialogs and `quarry-cli edit`'s
 * tex-* steps. Each call is one undo step; a face is a QrFaceRef (brush id
 * and face index in file order; face -1 means every face of the brush).
 *
 * Operations that need a texture's size (justify, fit) read it from the
 * document's texture set (qr_document_get_textures); a texture it does not
 * hold counts as 64×64, and `warning` (when not NULL) receives a sentence
 * saying so, for the status bar or stderr. */
#pragma once

#include <glib.h>
#include <stdint.h>
#include "qr-document.h"
#include "qr-selection.h"

/* The attributes a QrFaceAttrs sets: the others stay as each face has them. */
typedef enum
{
  QR_FACE_SHIFT_U = 1 << 0,
  QR_FACE_SHIFT_V = 1 << 1,
  QR_FACE_SCALE_U = 1 << 2,
  QR_FACE_SCALE_V = 1 << 3,
  QR_FACE_ROTATION = 1 << 4,       /* Valve/VMF axes turn about the normal by the difference */
  QR_FACE_CONTENTS = 1 << 5,       /* Quake 2/3 surface values */
  QR_FACE_SURFACE_FLAGS = 1 << 6,
  QR_FACE_SURFACE_VALUE = 1 << 7,
  QR_FACE_LIGHTMAP_SCALE = 1 << 8, /* VMF side keys */
  QR_FACE_SMOOTHING = 1 << 9,
} QrFaceField;

typedef struct
{
  const char *name; /* texture; NULL keeps each face's */
  guint fields;     /* QrFaceField bits */
  double shift[2];
  double scale[2];
  double rotation;  /* degrees */
  uint32_t contents, surface_flags;
  int32_t surface_value;
  int lightmap_scale;
  uint32_t smoothing;
} QrFaceAttrs;

/* Sets the fields on every face. A run of calls on the same faces and the
 * same fields within QR_MERGE_NUDGE_WINDOW_US makes one undo step (a spin
 * button dragged, a field typed into): QR_MERGE_FACE_ATTRS. A
 * brush-primitive face is edited as its Valve 220 equivalent with its
 * texture's size (its rotation counted from the face-aligned U axis) and
 * written back exactly; a missing size counts as 64×64 and the document's
 * note says so. A zero scale is refused.
 * Lightmap scale and smoothing groups go to the face's VMF side keys (a
 * face from a .map gets Hammer's defaults for the other one). */
gboolean qr_op_set_face_attrs (QrDocument *doc, const QrFaceRef *faces, guint n, const QrFaceAttrs *attrs,
                               GError **error);

/* Adds to each face's own shift (texels) and rotation (degrees); repeated
 * calls on the same faces merge into one undo step (arrow keys, PgUp/PgDn):
 * QR_MERGE_FACE_NUDGE. Brush primitives as above. */
gboolean qr_op_nudge_face_texture (QrDocument *doc, const QrFaceRef *faces, guint n, double shift_u,
                                   double shift_v, double rotation, GError **error);

typedef enum
{
  QR_JUSTIFY_LEFT,
  QR_JUSTIFY_RIGHT,
  QR_JUSTIFY_TOP,
  QR_JUSTIFY_BOTTOM,
  QR_JUSTIFY_CENTER,
} QrJustify;

/* Justify moves the texture (shift only) so the face polygon's left edge,
 * right edge, top, bottom or centre meets the texture's; fit scales and
 * shifts it so the polygon spans exactly the repeats, starting at the
 * texture's top left. as_one: the faces' combined extent on their texture
 * axes, in texture units (texels / each face's texture size), is justified
 * or fitted as if it were one face. Every form (standard, Valve, brush
 * primitives) represents the result exactly; the texture math is
 * src/geom/qr-texalign.h. Faces without a polygon are left alone. */
gboolean qr_op_justify_texture (QrDocument *doc, const QrFaceRef *faces, guint n, QrJustify how,
                                gboolean as_one, char **warning, GError **error);
/* repeat_u × repeat_v copies of the texture across each face (or all as one). */
gboolean qr_op_fit_texture (QrDocument *doc, const QrFaceRef *faces, guint n, double repeat_u,
                            double repeat_v, gboolean as_one, char **warning, GError **error);

typedef enum
{
  QR_ALIGN_WORLD, /* the axial projection the compilers use for standard faces */
  QR_ALIGN_FACE,  /* axes in the face's plane; refused for standard / Quake 2 / legacy Quake 3 faces */
} QrAlign;

/* Scale and shift are kept and the rotation starts over at 0, as Hammer
 * does; "face" axes are the world ones turned into the plane
 * (qr_texalign_face_axes). Brush primitives are aligned through their
 * Valve equivalent, which needs the texture's size: a missing one counts
 * as 64×64 and says so in the document's note. */
gboolean qr_op_align_texture (QrDocument *doc, const QrFaceRef *faces, guint n, QrAlign align, GError **error);

/* Gives the faces `from`'s texture and alignment continued across the edge
 * each shares with it, so texels meet without a seam (Hammer's
 * Alt+right-click); a face sharing no edge continues `from`'s projection in
 * world space. */
gboolean qr_op_wrap_texture (QrDocument *doc, QrFaceRef from, const QrFaceRef *faces, guint n, GError **error);

/* Gives the faces `from`'s texture name and every attribute (the
 * eyedropper's "apply current"): each face keeps its form and gets the
 * source's projection converted into it (a standard source as the
 * compilers would project it on the face's normal); Valve axes that would
 * lie along the face's normal become world axes. Quake 2/3 surface values
 * and VMF lightmap scale and smoothing groups come along. */
gboolean qr_op_copy_face_attrs (QrDocument *doc, QrFaceRef from, const QrFaceRef *faces, guint n,
                                GError **error);

/* True when `name` matches `pattern`: exact or with * and ? wildcards,
 * ignoring ASCII case as the games compare texture names. */
gboolean qr_texture_name_matches (const char *pattern, const char *name);

/* Appends to `out` (QrFaceRef, one per face, never -1) the faces whose
 * texture matches `pattern`, among `within` (NULL: the whole map). */
void qr_faces_matching (const QrMap *map, const char *pattern, const QrFaceRef *within, guint n_within,
                        GArray *out);

/* Every matching face gets `replace`; *count (when not NULL) receives how
 * many. No match is not an error: nothing changes and *count is 0.
 * `within` may name whole brushes (face -1). Patches keep their names. */
gboolean qr_op_replace_textures (QrDocument *doc, const char *find, const char *replace,
                                 const QrFaceRef *within, guint n_within, guint *count, GError **error);
