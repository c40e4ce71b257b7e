/* qr-entity-names.h — the names of point entities written beside their
 * boxes in a design canvas once it is zoomed in far enough
 * (qr-entity-labels.h decides which and where): a widget laid over the
 * canvas, drawn with Pango, that lets every event through to the canvas. */
#pragma once

#include <gtk/gtk.h>
#include "qr-document.h"
#include "qr-ortho-canvas.h"

G_BEGIN_DECLS

#define QR_TYPE_ENTITY_NAMES (qr_entity_names_get_type ())
G_DECLARE_FINAL_TYPE (QrEntityNames, qr_entity_names, QR, ENTITY_NAMES, GtkWidget)

/* Names the entities of canvas's view (borrowed: the canvas outlives it). */
GtkWidget *qr_entity_names_new (QrOrthoCanvas *canvas);
/* The document whose entities are named (a reference is kept); redraws. */
void qr_entity_names_set_document (QrEntityNames *self, QrDocument *doc);

G_END_DECLS
