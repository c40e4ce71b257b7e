/* qr-texture-picker.h — the texture browser in picking mode: a window
 * over the map's collections that hands back the texture chosen (a
 * double-click, or Choose) instead of applying it. Browse… in the Face
 * Properties dialog opens it. */
#pragma once

#include <gtk/gtk.h>
#include "qr-document.h"
#include "qr-texture-finder.h"

G_BEGIN_DECLS

/* Called once with the chosen name, or NULL when the picker closed
 * without a choice. */
typedef void (*QrTexturePicked) (const char *name, gpointer data);

/* finder is borrowed: close the picker (gtk_window_destroy on the
 * returned window) before it goes. */
GtkWindow *qr_texture_picker_present (GtkWindow *parent, QrTextureFinder *finder, QrDocument *doc,
                                      const char *current, QrTexturePicked picked, gpointer data);

G_END_DECLS
