/* qr-face-marks.h — what marks the selected faces (QrSelection.faces, the
 * Texture tool's) in the views: each face's polygon as triangles, tinted
 * over the 3D view; its outline, over the 3D view; and the edges of the
 * brushes holding the faces, over the design canvases. A face carrying a
 * displacement is marked where it is drawn, on its displaced grid: the
 * grid's triangles and its border; its brush by the borders of its
 * displaced sides (issue 16). A few faces make a few vertices, so the
 * marks are rebuilt whole when the face selection or one of those brushes
 * changes, and nothing else of the scene is. */
#pragma once

#include <glib.h>
#include "qr-document.h"
#include "qr-scene-mesh.h"

typedef enum
{
  QR_FACE_MARK_TINT,        /* triangles, three vertices each */
  QR_FACE_MARK_OUTLINE,     /* lines, two vertices each: the faces' edges */
  QR_FACE_MARK_BRUSH_EDGES, /* lines: every edge of the brushes holding them */
  QR_FACE_MARK_N
} QrFaceMark;

/* Colours, RGBA8 with red in the lowest byte: the tint is the selection's
 * red, half see-through so the texture shows; the outlines a yellow that
 * neither brushes nor the brush selection use. */
#define QR_FACE_MARK_TINT_COLOR 0x70384cffu
#define QR_FACE_MARK_LINE_COLOR 0xff00dcffu

/* Replaces `out` (QrSceneVertex) with the marks of `faces` (QrFaceRef) in
 * the document as it is now, and sets ranges[QrFaceMark] to where each kind
 * lies in it. Faces of brushes that are gone, invalid, or that have no
 * polygon are left out; a brush holding several selected faces has its
 * edges once. */
void qr_face_marks_build (QrDocument *doc, const GArray *faces, GArray *out, QrSceneRange ranges[QR_FACE_MARK_N]);

/* The marks of the document's selected faces as the mesh keeps them
 * (qr-scene-mesh.c keeps them in step with its change sets): the vertices,
 * where each kind lies, and a number that moves on whenever they change. */
const QrSceneVertex *qr_scene_mesh_get_face_marks (const QrSceneMesh *mesh, QrSceneRange ranges[QR_FACE_MARK_N],
                                                   guint64 *generation);
