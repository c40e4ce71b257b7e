/* qr-disp-ops.h — editing Source displacements (issue 16): the operations
 * behind the Displacement tool and `quarry-cli edit`'s disp-* steps. Each
 * call is one undo step unless it continues a stroke; faces are QrFaceRefs
 * (face -1: every face of the brush). An operation that names a face that
 * does not exist, or one it cannot act on (no displacement, not four
 * corners), changes nothing and says why in a QR_EDIT_ERROR. Every change
 * reaches the file through qr_disp_store: what an edit did not touch stays
 * byte-identical. */
#pragma once

#include "qr-disp.h"
#include "qr-document.h"
#include "qr-selection.h"

/* Gives each face a flat displacement of that power (2–4), starting at its
 * first polygon corner; refused for a face with other than four corners
 * or one that has a displacement already. "Create Displacement". */
gboolean qr_op_disp_create (QrDocument *doc, const QrFaceRef *faces, guint n, int power, GError **error);
/* Removes the faces' displacements (their brushes draw whole again).
 * "Destroy Displacement". */
gboolean qr_op_disp_destroy (QrDocument *doc, const QrFaceRef *faces, guint n, GError **error);
/* Resamples the faces' displacements to another power, keeping the shape
 * (the displaced surface, bilinear between the old vertices) and alphas.
 * "Displacement Power". */
gboolean qr_op_disp_set_power (QrDocument *doc, const QrFaceRef *faces, guint n, int power, GError **error);

typedef enum
{
  QR_SCULPT_RAISE,      /* moves vertices out by strength × falloff */
  QR_SCULPT_LOWER,      /* moves them in */
  QR_SCULPT_SMOOTH,     /* towards the mean of their neighbours along the direction, by strength (0–1) × falloff */
  QR_SCULPT_SET_HEIGHT, /* towards `height` (along the direction) by strength (0–1) × falloff */
  QR_SCULPT_NOISE,      /* random moves of up to strength × falloff, from `seed` */
  QR_SCULPT_ALPHA,      /* alphas towards `alpha` (0–255) by strength (0–1) × falloff */
} QrSculptMode;

typedef struct
{
  QrSculptMode mode;
  double radius;   /* world units; the falloff is smooth from 1 at the centre to 0 at radius */
  double strength; /* world units per dab for raise, lower and noise; a fraction otherwise */
  bool along_z;    /* move along world Z, else along each side's outward normal */
  double height;   /* SET_HEIGHT: the target, as a distance from the flat side (or a Z with along_z) */
  double alpha;    /* ALPHA: the target */
  guint32 seed;    /* NOISE */
} QrSculpt;

/* One dab of the brush at `centre` on every displacement among the faces
 * (faces without one are skipped; none at all is an error). Vertices
 * within radius of centre (in 3D) move; Smooth treats the faces' sewn
 * displacements of one direction as one surface, so their seams stay
 * shut. "Sculpt" or "Paint Alpha". stroke
 * 0 makes a step of its own; dabs given the same stroke number
 * (qr_command_new_stroke) merge into one undo step. */
gboolean qr_op_disp_sculpt (QrDocument *doc, const QrFaceRef *faces, guint n, const QrSculpt *sculpt,
                            QrVec3 centre, guint stroke, GError **error);

/* Makes the displaced edges that the faces' displacements share match:
 * vertices at the same place on a shared edge (corners included) move to
 * their mean. "Sew Displacements". */
gboolean qr_op_disp_sew (QrDocument *doc, const QrFaceRef *faces, guint n, GError **error);

/* The nearest displaced side the ray meets among every valid displacement
 * in the map (hidden brushes skipped): face, distance, and the grid vertex
 * nearest the hit. False for a miss. */
bool qr_map_pick_disp (const QrMap *map, const QrRay *ray, QrFaceRef *face, double *t, int *r, int *c);
