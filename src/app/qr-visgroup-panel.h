/* qr-visgroup-panel.h — the Visgroups pane of a VMF document (issue 20):
 * Hammer's visgroups as a tree, each row a check box (shown, hidden, or
 * inconsistent when some members are hidden), the visgroup's colour and
 * its name, then an "Auto" branch (World Geometry and one visgroup per
 * entity class). A name entry and buttons: New (from the selection),
 * Rename, Delete, Add and Remove the selection, Select the members. Every
 * action is an operation of qr-visgroup-ops.h; the tree is read again from
 * the document a moment after it changes. */
#pragma once

#include <gtk/gtk.h>
#include "qr-document.h"

G_BEGIN_DECLS

#define QR_TYPE_VISGROUP_PANEL (qr_visgroup_panel_get_type ())
G_DECLARE_FINAL_TYPE (QrVisgroupPanel, qr_visgroup_panel, QR, VISGROUP_PANEL, GtkWidget)

GtkWidget *qr_visgroup_panel_new (void);

/* The document shown (NULL for none); followed until the next call. */
void qr_visgroup_panel_set_document (QrVisgroupPanel *self, QrDocument *doc);

/* Signals: "frame" (): the selection now holds a visgroup's members;
 * "message" (const char *): a sentence for the status bar. */

G_END_DECLS
