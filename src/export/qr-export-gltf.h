/* qr-export-gltf.h — the export scene as a glTF 2.0 binary file (.glb).
 *
 * One node and one mesh per object (named after it), one triangle-list
 * primitive per material the object uses, float positions, normals and
 * texture coordinates; materials are unlit-looking PBR (metallic 0,
 * roughness 1) with the texture as base colour, repeating. Source: the
 * glTF 2.0 specification (Khronos, version 2.0.1), §4 and §5.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>

#include "qr-export-scene.h"

typedef enum
{
  /* PNG bytes inside the .glb's binary chunk: one file to hand around. */
  QR_EXPORT_TEXTURES_EMBEDDED,
  /* PNG files in a folder beside the .glb, "NAME_textures/" for NAME.glb
   * (as the OBJ writer does), named after the textures in characters every
   * common file system takes, unique even where names differ only in case;
   * the images point at them with relative, percent-encoded URIs. */
  QR_EXPORT_TEXTURES_EXTERNAL,
} QrExportTextures;

/* Writes `scene` to `path`. Objects and primitives without triangles are
 * left out; materials only when a written primitive uses them. A scene
 * with nothing to write still gives a valid file: one scene without nodes
 * (so an empty map exports like any other, and viewers open it).
 *
 * Every file is written whole under a temporary name and only when all
 * are complete renamed into place, the .glb last (qr-export-files.h), so
 * a failure leaves no half-written file, existing files as they were and
 * no texture folder it made. Fails with G_FILE_ERROR (as the OBJ writer)
 * when a file or the texture folder cannot be written, with gdk-pixbuf's
 * error when a PNG cannot be encoded, QR_IO_ERROR_UNSUPPORTED when the scene
 * cannot be expressed (an index past its primitive's vertices, a
 * coordinate that is not finite, more than the 4 GiB a .glb can hold). */
bool qr_export_write_glb (const QrExportScene *scene, const char *path, QrExportTextures textures, GError **error);
