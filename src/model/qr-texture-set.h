/* qr-texture-set.h — the textures a document shows: name → size, pixels.
 *
 * Document state, so the renderer and the views read textures without
 * knowing where they came from: the texture layer (src/texture) resolves a
 * map's names and fills the set; the document announces each fill with
 * `textures_changed` in its change set. Names are looked up without regard
 * to ASCII case, as the games and compilers do.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

typedef enum
{
  QR_TEXTURE_PENDING, /* found, pixels not decoded yet */
  QR_TEXTURE_LOADED,  /* pixels present */
  QR_TEXTURE_MISSING, /* found nowhere: drawn as a checkerboard */
  QR_TEXTURE_BROKEN,  /* found, but its file could not be decoded */
} QrTextureStatus;

/* What a name says about how the games draw it (WAD conventions). */
typedef enum
{
  QR_TEXTURE_FLAG_TRANSPARENT = 1 << 0, /* `{…`: palette index 255 is see-through */
  QR_TEXTURE_FLAG_LIQUID = 1 << 1,      /* `*…` (Quake) or `!…` (Half-Life) */
  QR_TEXTURE_FLAG_ANIMATED = 1 << 2,    /* `+0…`, `+a…`: an animation frame */
  QR_TEXTURE_FLAG_SKY = 1 << 3,         /* `sky…` */
} QrTextureFlags;

typedef struct
{
  char *name;       /* as first put (the map's spelling) */
  int width, height; /* texels; 0 when unknown */
  uint8_t *rgba;    /* width * height * 4, top row first; NULL unless LOADED */
  QrTextureStatus status;
  guint flags;      /* QrTextureFlags */
  char *collection; /* the collection it was found in, NULL when missing */
  /* A blend material's second layer (Source $basetexture2), which
   * displacements blend towards by their alphas; NULL when it has none. */
  int width2, height2;
  uint8_t *rgba2;
} QrTexture;

typedef struct _QrTextureSet QrTextureSet;

QrTextureSet *qr_texture_set_new (void);
void qr_texture_set_free (QrTextureSet *set);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrTextureSet, qr_texture_set_free)

/* The flags a texture name implies. */
guint qr_texture_flags_from_name (const char *name);

/* Adds name or updates the entry that has it (any case); takes rgba. The
 * entry's name keeps its first spelling. Returns the entry. */
QrTexture *qr_texture_set_put (QrTextureSet *set, const char *name, int width, int height,
                               uint8_t *rgba, QrTextureStatus status, const char *collection);
/* Gives name's entry (which must be there) a second layer; takes rgba. A
 * put of the entry drops it. */
void qr_texture_set_put_layer2 (QrTextureSet *set, const char *name, int width, int height, uint8_t *rgba);
const QrTexture *qr_texture_set_lookup (const QrTextureSet *set, const char *name);
guint qr_texture_set_count (const QrTextureSet *set);
const QrTexture *qr_texture_set_nth (const QrTextureSet *set, guint i);
void qr_texture_set_clear (QrTextureSet *set);
/* Puts every entry of src into dst (pixels moved, not copied), leaving src empty. */
void qr_texture_set_move_from (QrTextureSet *dst, QrTextureSet *src);
/* Bumped by every put and clear, so a renderer can tell its uploads are stale. */
guint64 qr_texture_set_generation (const QrTextureSet *set);
