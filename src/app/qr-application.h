/* qr-application.h — the GtkApplication: one window per document,
 * `quarry [FILE…]` opens each file in its own window. */
#pragma once

#include <gtk/gtk.h>
#include "qr-app-types.h"

G_BEGIN_DECLS

#define QR_APPLICATION_ID "io.github.quarry.Quarry"

#define QR_TYPE_APPLICATION (qr_application_get_type ())
G_DECLARE_FINAL_TYPE (QrApplication, qr_application, QR, APPLICATION, GtkApplication)

QrApplication *qr_application_new (void);

G_END_DECLS
