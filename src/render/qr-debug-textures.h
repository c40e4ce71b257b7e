/* qr-debug-textures.h — made-up textures for every name a map uses, so the
 * textured style can be seen and tested before (or without) the loaders of
 * the texture layer: QUARRY_DEBUG_TEXTURES=checker|missing|pending|broken|mixed in
 * the editor, and the renderer's tests. Only the document's texture set is
 * touched; no GL. */
#pragma once

#include <glib.h>
#include "qr-document.h"

/* Fills the document's texture set: `checker` gives each name its own
 * pattern (a 4 × 4 checkerboard of two saturated complementary hues, whose
 * second colour is see-through for `{` names) at a size taken in turn from
 * 64 × 64, 128 × 32, 32 × 128, 128 × 128 and 256 × 64, in the order the map
 * lists the names (its faces' first, then its patches'); `missing`,
 * `pending` and `broken` put every name in that state, and `mixed` gives
 * the names checker, missing and pending in turn. Announces the change
 * (qr_document_textures_changed) and returns how many names it put; false
 * with nothing put for another kind. */
gboolean qr_debug_textures_fill (QrDocument *doc, const char *kind, guint *n_put);

/* The pattern `checker` gives the nth name (0-based) called `name`: its
 * size and its two colours (RGBA8, red in the lowest byte). */
void qr_debug_textures_pattern (const char *name, guint nth, int *width, int *height, uint32_t colors[2]);
