/* qr-entity-labels.h — which point entities a design canvas names beside
 * their boxes, and where: those in view whose box is drawn at least a
 * given number of pixels wide. Zoomed out, when no class's box could be
 * that wide, nothing walks the map. No GL, no toolkit: the app draws the
 * text. */
#pragma once

#include <glib.h>
#include "qr-entdef.h"
#include "qr-map.h"
#include "qr-ortho-view.h"

/* How wide a box must be drawn, in logical pixels, before its name shows. */
#define QR_ENTITY_LABEL_MIN_PX 24.0

typedef struct
{
  double x, y;            /* the label's top-left corner in the canvas (pixels): right of the box's top */
  double box_width;       /* the box as drawn, pixels */
  const char *classname;  /* borrowed from the entity until the map changes */
  const char *targetname; /* likewise, or NULL when it has none */
} QrEntityLabel;

/* Replaces the contents of `out` (QrEntityLabel) with the labels of the
 * point entities of `map` whose class-sized box (defs may be NULL) spans at
 * least min_px pixels along the view's right axis and lies at least partly
 * in the view, in map order. `gap` is the space between a box and its label. */
void qr_entity_labels_collect (const QrMap *map, const QrEntDefs *defs, const QrOrthoView *view, double min_px,
                               double gap, GArray *out);
