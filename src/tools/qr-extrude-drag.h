/* qr-extrude-drag.h — TrenchBroom's extrude as a drag in the 3D view, for
 * the Select tool: Shift+drag on a face of a selected brush pushes the
 * face along its normal (its neighbours stretch), Ctrl+Shift+drag sweeps
 * it into a new brush (qr_op_face_extrude, qr_op_face_extrude_brush). The
 * distance is where the pointer's ray passes nearest the line through the
 * pressed point along the normal, snapped to the grid unless Alt is held. */
#pragma once

#include "qr-tool.h"

typedef struct
{
  gboolean active;
  gboolean to_brush; /* Ctrl at the press: a new brush */
  QrFaceRef face;
  QrVec3 origin; /* where the press met the face */
  QrVec3 normal; /* the face's, of unit length */
  double distance;
  GPtrArray *result; /* QrBrush *: what the release would make, or NULL: refused */
} QrExtrudeDrag;

/* Starts an extrude when the press (Shift held) is on a face of a selected
 * brush; FALSE, and nothing started, otherwise. */
gboolean qr_extrude_drag_begin (QrExtrudeDrag *drag, QrDocument *doc, const QrInput *in);
/* Follows the pointer; the status sentence, owned, for the tool to show. */
char *qr_extrude_drag_update (QrExtrudeDrag *drag, QrDocument *doc, const QrInput *in);
/* Makes the extrude (one undo step) unless the distance is 0; the refusal,
 * owned, or NULL. Ends the drag. */
char *qr_extrude_drag_finish (QrExtrudeDrag *drag, QrDocument *doc, const QrInput *in);
/* What the drag would make, or the brush in red when refused. */
void qr_extrude_drag_preview (const QrExtrudeDrag *drag, QrDocument *doc, GArray *segments);
/* Ends the drag, making nothing. */
void qr_extrude_drag_clear (QrExtrudeDrag *drag);
