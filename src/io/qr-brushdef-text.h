/* qr-brushdef-text.h — the faces of a Quake 3 brush-primitives block.
 *
 *   brushDef
 *   {
 *   ( x y z ) ( x y z ) ( x y z ) ( ( xx xy xz ) ( yx yy yz ) ) TEXTURE [CONTENTS FLAGS VALUE]
 *   … one line per face
 *   }
 *
 * as GtkRadiant writes it (plugins/map/write.cpp) and q3map2 reads it
 * (ParseRawBrush): three plane points as in every other dialect, then the
 * texture matrix of src/geom/qr-texproj.h instead of shift, rotation and
 * scale. Brush key/values, which q3map2 skips and no editor writes, are not
 * read: such a block stays verbatim text. */
#pragma once

#include <glib.h>
#include "qr-map.h"
#include "qr-scanner.h"

/* Reads a brushDef block from s, at the word "brushDef", up to s->end,
 * which must follow the block's closing brace. Appends one QrFace per face
 * to faces (QR_TEX_BRUSHPRIM; textures interned in map, face ids taken from
 * it); on error the faces appended so far stay for the caller to clear. */
bool qr_brushdef_read (QrScanner *s, QrMap *map, GArray *faces, GError **error);

/* The block's text in the form above for the brush's faces (all of them
 * brush primitives), without a final newline. Numbers are the shortest
 * that read back to the same doubles. */
char *qr_brushdef_to_text (const QrMap *map, const QrBrush *brush);
