/* qr-texture-browser.h — the texture browser pane: thumbnails of every
 * texture the map's collections hold, filtered as you type, grouped by
 * collection, optionally only those the map uses (with face counts),
 * sorted by name or use. A click makes a texture current (new brushes get
 * it); a double-click or Enter asks to apply it to the selection; a
 * thumbnail dragged onto the 3D view carries its name. */
#pragma once

#include <gtk/gtk.h>
#include "qr-document.h"
#include "qr-texture-finder.h"

G_BEGIN_DECLS

#define QR_TYPE_TEXTURE_BROWSER (qr_texture_browser_get_type ())
G_DECLARE_FINAL_TYPE (QrTextureBrowser, qr_texture_browser, QR, TEXTURE_BROWSER, GtkWidget)

GtkWidget *qr_texture_browser_new (void);

/* What to browse: finder (borrowed; the caller keeps it alive until the
 * next call or until the browser is destroyed; NULL for none) and the
 * document whose use counts are shown. */
void qr_texture_browser_set_source (QrTextureBrowser *self, QrTextureFinder *finder, QrDocument *doc);

/* Recounts uses after the document's faces changed. */
void qr_texture_browser_refresh_uses (QrTextureBrowser *self);

const char *qr_texture_browser_get_current (QrTextureBrowser *self);
void qr_texture_browser_set_current (QrTextureBrowser *self, const char *name);

/* Picking mode (qr-texture-picker.c): the browser only chooses, so the
 * WADs menu, which edits the map's `wad` key, is not offered. */
void qr_texture_browser_set_picking (QrTextureBrowser *self, gboolean picking);

/* Focuses the filter entry, for the shortcut that opens the browser. */
void qr_texture_browser_focus_filter (QrTextureBrowser *self);

/* Signals: "current-changed" (const char *name), "apply" (const char *name),
 * "select-faces" (const char *name: a texture's menu asks for the faces using it),
 * "wad-toggled" (int entry in the wad key or -1, const char *path, gboolean on). */

G_END_DECLS
