/* qr-app-types.h — forward declarations of the app layer, so its headers
 * rarely include each other. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _QrApplication QrApplication;
typedef struct _QrCameraCanvas QrCameraCanvas;
typedef struct _QrOrthoCanvas QrOrthoCanvas;
typedef struct _QrViewPane QrViewPane;
typedef struct _QrWindow QrWindow;

G_END_DECLS
