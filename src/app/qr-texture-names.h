/* qr-texture-names.h — the texture names an entry completes from: every
 * texture of the map's collections and every name the map uses, each once,
 * sorted (names compare without case, as the games do). */
#pragma once

#include <gtk/gtk.h>
#include "qr-map.h"
#include "qr-texture-finder.h"

G_BEGIN_DECLS

/* One string column. finder and map may be NULL. */
GtkListStore *qr_texture_names_model (QrTextureFinder *finder, const QrMap *map);

/* A case-insensitive prefix completion for entry, in a popup (the names
 * typed stay as typed); its model is set by the caller. */
GtkEntryCompletion *qr_texture_names_completion (GtkEntry *entry);

G_END_DECLS
