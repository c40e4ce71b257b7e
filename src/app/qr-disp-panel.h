/* qr-disp-panel.h — the Displacement tool's options in the tool bar: the
 * power Create and Power give, buttons for the window's disp-* actions,
 * the sculpt mode, the brush's radius, the distance and rate of a dab, the
 * aims of Height and Alpha, and whether vertices move along Z. "changed"
 * tells of every change of the sculpt. */
#pragma once

#include <gtk/gtk.h>
#include "qr-disp-ops.h"

G_BEGIN_DECLS

#define QR_TYPE_DISP_PANEL (qr_disp_panel_get_type ())
G_DECLARE_FINAL_TYPE (QrDispPanel, qr_disp_panel, QR, DISP_PANEL, GtkBox)

/* The sculpt the settings make: strength is the distance for raise, lower
 * and noise, the rate for the others. The seed is left as it was. */
void qr_disp_panel_get_sculpt (QrDispPanel *self, QrSculpt *sculpt);
/* 2, 3 or 4. */
int qr_disp_panel_get_power (QrDispPanel *self);

G_END_DECLS
