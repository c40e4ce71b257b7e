/* qr-vmt.h — Source materials (VMT): which texture a material draws with.
 *
 * A VMT is KeyValues text (Valve Developer Community, "KeyValues" and
 * "Material"): a shader name and a block of keys, `"LightmappedGeneric" {
 * "$basetexture" "brick/wall01" }`. Keys are case-insensitive; tokens are
 * quoted or bare; `//` starts a comment; blocks nest (`"Proxies" { … }`, DX
 * level fallbacks); a value may carry a platform condition such as `[$X360]`,
 * read as on Windows PCs (only $WIN32 and $WINDOWS hold). A `patch` material
 * names another material (`"include" "materials/x.vmt"`) and overrides some
 * of its keys in `"insert"` and `"replace"` blocks.
 */
#pragma once

#include <glib.h>

/* The material's $basetexture: slashes as '/', no leading '/', no ".vtf"
 * extension, case kept. Only the shader block's own key counts (a later one
 * wins over an earlier one), or for a patch the key its insert/replace
 * blocks set. NULL without an error when the material has none (a patch that
 * leaves it to its include: see qr_vmt_include); NULL with
 * QR_TEXTURE_ERROR_FORMAT "FILENAME:LINE:COLUMN: …" (byte columns, from 1)
 * when the text is malformed. `text` need not end in NUL. */
char *qr_vmt_base_texture (const char *text, gsize len, const char *filename, GError **error);

/* A blend material's $basetexture2 (WorldVertexTransition: displacements
 * blend from $basetexture to it by their alphas), read as
 * qr_vmt_base_texture reads $basetexture; NULL without an error when the
 * material has none. */
char *qr_vmt_base_texture2 (const char *text, gsize len, const char *filename, GError **error);

/* A patch material's include path as written ("materials/x.vmt", slashes as
 * '/'), for the caller to read and chase when qr_vmt_base_texture gave NULL;
 * NULL without an error for any other material. Errors as above. */
char *qr_vmt_include (const char *text, gsize len, const char *filename, GError **error);
