/* qr-find-dialog.h — Edit ▸ Find Objects…: faces by texture name or
 * pattern, entities by class and keys (qr-find.h), listed; a row chosen
 * selects its object and the views zoom to it, Select All selects every
 * hit. */
#pragma once

#include <gtk/gtk.h>
#include "qr-document.h"

G_BEGIN_DECLS

#define QR_TYPE_FIND_DIALOG (qr_find_dialog_get_type ())
G_DECLARE_FINAL_TYPE (QrFindDialog, qr_find_dialog, QR, FIND_DIALOG, GtkWindow)

QrFindDialog *qr_find_dialog_new (GtkWindow *parent);

/* The document it searches (a reference is kept); the list empties. */
void qr_find_dialog_set_document (QrFindDialog *self, QrDocument *doc);

/* Signals: "message" (const char *) for the status bar; "frame" () after
 * it selected what the views should zoom to. */

G_END_DECLS
