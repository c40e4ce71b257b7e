/* qr-recovery-dialog.h — after an editor died: the maps it autosaved
 * (name, time, brush count), each with Recover and Discard, and Show Folder.
 * GTK 4.8 has no GtkAlertDialog: a window of its own. */
#pragma once

#include <gtk/gtk.h>
#include "qr-autosave.h"
#include "qr-window.h"

G_BEGIN_DECLS

/* Shows the dialog over `parent` when the store has something to recover;
 * does nothing otherwise. Recover opens the autosave in `parent` while it
 * is unused, else in a new window. */
void qr_recovery_dialog_offer (QrAutosave *store, QrWindow *parent);

G_END_DECLS
