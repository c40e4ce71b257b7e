/* qr-problems-panel.h — the Problems pane: what qr_check_map finds in the
 * document, one row each with a severity icon, the description, and
 * Select and Fix buttons. It rechecks a moment after the map last changed
 * (never while typing) and only while it is shown. Select (or a double
 * click on the row) selects the problem's brush or entity, not an undo
 * step, and emits "frame" so the window zooms to it; Fix is one undo step. */
#pragma once

#include <gtk/gtk.h>
#include "qr-document.h"

G_BEGIN_DECLS

#define QR_TYPE_PROBLEMS_PANEL (qr_problems_panel_get_type ())
G_DECLARE_FINAL_TYPE (QrProblemsPanel, qr_problems_panel, QR, PROBLEMS_PANEL, GtkWidget)

GtkWidget *qr_problems_panel_new (void);

/* The document checked (NULL for none); followed until the next call. */
void qr_problems_panel_set_document (QrProblemsPanel *self, QrDocument *doc);

/* How many problems the last check found. */
guint qr_problems_panel_get_count (QrProblemsPanel *self);

/* Signals: "frame" (): the selection now holds the problem's object;
 * "message" (const char *): a sentence for the status bar. */

G_END_DECLS
