/* qr-application.h — the GtkApplication: one window per document,
 * `quarry [FILE…]` opens each file in its own window. */
#pragma once

#include <gtk/gtk.h>
#include "qr-app-types.h"
#include "qr-autosave.h"
#include "qr-entdef.h"

G_BEGIN_DECLS

#define QR_APPLICATION_ID "io.github.quarry.Quarry"

#define QR_TYPE_APPLICATION (qr_application_get_type ())
G_DECLARE_FINAL_TYPE (QrApplication, qr_application, QR, APPLICATION, GtkApplication)

QrApplication *qr_application_new (void);
/* The GL context every view draws with (qr-gl-context.h), or NULL. */
GdkGLContext *qr_application_get_gl_context (QrApplication *self);
/* The entity definitions in the file at path (a new reference), read once
 * and shared by every window until the file changes; NULL with error when
 * it cannot be read. Problems inside the file are in the definitions. */
QrEntDefs *qr_application_load_entdefs (QrApplication *self, const char *path, GError **error);
/* The store the windows autosave into (qr-autosave.h); NULL when the state
 * folder cannot be used. */
QrAutosave *qr_application_get_autosave (QrApplication *self);

G_END_DECLS
