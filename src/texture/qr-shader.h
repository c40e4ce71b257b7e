/* qr-shader.h — Quake 3 shader scripts (the .shader files in scripts/),
 * read for what an editor needs: each shader's name and its
 * qer_editorimage.
 *
 * A script is a list of `name { … }` blocks; stages nest one more level of
 * braces; tokens are separated by white space; `//` line comments and
 * C-style block comments (the Quake III Arena Shader Manual, id Software,
 * 1999, and Quake 3's COM_ParseExt). Anything the editor does not use is
 * skipped; only unbalanced braces are errors, with file:line:column.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>

typedef struct _QrShaderScript QrShaderScript;

QrShaderScript *qr_shader_script_parse (const char *text, gsize len, const char *filename, GError **error);
void qr_shader_script_free (QrShaderScript *script);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrShaderScript, qr_shader_script_free)

/* The shaders in file order (a repeated name keeps its first block, as
 * Quake 3 does). */
guint qr_shader_script_n_shaders (const QrShaderScript *script);
const char *qr_shader_script_name (const QrShaderScript *script, guint i);
/* Whether the script defines the shader (names match ASCII
 * case-insensitively, '\\' as '/'). */
bool qr_shader_script_has (const QrShaderScript *script, const char *shader_name);
/* Its qer_editorimage path as written, or NULL (no such shader, or none). */
const char *qr_shader_script_editor_image (const QrShaderScript *script, const char *shader_name);
