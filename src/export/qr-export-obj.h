/* qr-export-obj.h — the export scene as Wavefront OBJ + MTL, textures as PNG.
 *
 * PATH (say out.obj) gets one `o` per object, each with its own shared
 * positions, texture coordinates and normals, and a `usemtl` per material;
 * out.mtl beside it holds the materials; each material with pixels gets
 * out_textures/NAME.png, named by `map_Kd` relative to the MTL. Material,
 * object and file names are the scene's made safe for the formats: bytes
 * other than letters, digits, '_', '-' and '.' become '_' ("*water1" →
 * "_water1", "e1u1/floor" → "e1u1_floor"; Windows device names such as
 * "con" get a leading '_'), with "_2", "_3"… after names already taken
 * (ignoring case, for case-insensitive file systems).
 * Numbers are written at float precision (qr-export-float.h). A file
 * already at a target is replaced only once every file is complete
 * (qr-export-files.h); PNGs of textures no longer used stay.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>

#include "qr-export-scene.h"

/* Writes path, its MTL and its textures; false with error (G_FILE_ERROR, or
 * gdk-pixbuf's for a PNG) when any of them fails, every target as it was
 * (unless a rename itself fails, after the files were complete: those
 * renamed before it stay, whole). */
bool qr_export_write_obj (const QrExportScene *scene, const char *path, GError **error);
