/* qr-layer-panel.h — the Layers panel (issue 20): a .map's TrenchBroom
 * layers (qr-layer.h), the default first, each row with a visible toggle,
 * a lock toggle, the current-layer mark, the name and how many objects it
 * holds. Buttons act on the row chosen: New and Rename (the name typed in
 * the panel's entry), Delete, Make Current, Move Selection Here, Select
 * All, Hide, Lock, Omit from Export; each a core operation
 * (qr-operations.h), so an undo step where the file changes. The rows
 * follow the document's changes. */
#pragma once

#include <gtk/gtk.h>
#include "qr-document.h"

G_BEGIN_DECLS

#define QR_TYPE_LAYER_PANEL (qr_layer_panel_get_type ())
G_DECLARE_FINAL_TYPE (QrLayerPanel, qr_layer_panel, QR, LAYER_PANEL, GtkWidget)

GtkWidget *qr_layer_panel_new (void);

/* The document shown (NULL for none); followed until the next call. */
void qr_layer_panel_set_document (QrLayerPanel *self, QrDocument *doc);

/* Signals: "message" (const char *): a sentence for the status bar. */

G_END_DECLS
