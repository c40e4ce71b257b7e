/* qr-debug-textures.c — see qr-debug-textures.h. */
#include "qr-debug-textures.h"
#include "qr-landscape.h"

#include <math.h>
#include "qr-entity.h"
#include "qr-map.h"
#include "qr-node.h"
#include "qr-patch.h"

static const int SIZES[][2] = { { 64, 64 }, { 128, 32 }, { 32, 128 }, { 128, 128 }, { 256, 64 } };

/* Fully saturated, so that no shaded colour (greys, pale blues, ambers) can
 * pass for a texel: the GUI test tells the styles apart by it. */
static uint32_t
hue_color (double hue)
{
  double h = fmod (hue, 360.0) / 60.0, f = h - floor (h);
  double rgb[6][3] = { { 1, f, 0 }, { 1 - f, 1, 0 }, { 0, 1, f }, { 0, 1 - f, 1 }, { f, 0, 1 }, { 1, 0, 1 - f } };
  const double *c = rgb[(int) h % 6];
  return (uint32_t) lround (c[0] * 255) | (uint32_t) lround (c[1] * 255) << 8 | (uint32_t) lround (c[2] * 255) << 16
         | 0xff000000u;
}

void
qr_debug_textures_pattern (const char *name, guint nth, int *width, int *height, uint32_t colors[2])
{
  /* FNV-1a of the folded name: the same texture looks the same every run. */
  uint32_t h = 2166136261u;
  for (const char *c = name; *c != '\0'; c++)
    h = (h ^ (uint8_t) g_ascii_tolower (*c)) * 16777619u;
  *width = SIZES[nth % G_N_ELEMENTS (SIZES)][0];
  *height = SIZES[nth % G_N_ELEMENTS (SIZES)][1];
  /* Hues stay clear of magenta (260°–340°, the missing checkerboard's), the
   * complement too: 0°–80° or 160°–240°, and 180° on. */
  double hue = h % 160u < 80u ? h % 160u : h % 160u + 80u;
  colors[0] = hue_color (hue);
  colors[1] = hue_color (hue + 180.0);
}

static uint8_t *
checker_pixels (const char *name, guint nth, int *width, int *height)
{
  uint32_t colors[2];
  qr_debug_textures_pattern (name, nth, width, height, colors);
  gboolean holes = (qr_texture_flags_from_name (name) & QR_TEXTURE_FLAG_TRANSPARENT) != 0;
  if (holes)
    colors[1] &= 0x00ffffffu;
  int w = *width, h = *height;
  uint8_t *rgba = g_new (uint8_t, (gsize) w * h * 4);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        uint32_t c = colors[((x * 4 / w) ^ (y * 4 / h)) & 1];
        uint8_t *p = rgba + ((gsize) y * w + x) * 4;
        for (int k = 0; k < 4; k++)
          p[k] = (uint8_t) (c >> (8 * k));
      }
  return rgba;
}

static void
put (QrTextureSet *set, const char *name, const char *kind, guint *n)
{
  if (qr_texture_set_lookup (set, name) != NULL)
    return;
  int width = 0, height = 0;
  uint8_t *rgba = NULL;
  QrTextureStatus status = QR_TEXTURE_PENDING;
  static const char *const mixed[] = { "checker", "missing", "pending" };
  if (g_str_equal (kind, "mixed"))
    kind = mixed[*n % G_N_ELEMENTS (mixed)];
  if (g_str_equal (kind, "checker"))
    {
      rgba = checker_pixels (name, *n, &width, &height);
      status = QR_TEXTURE_LOADED;
    }
  else if (g_str_equal (kind, "missing"))
    status = QR_TEXTURE_MISSING;
  else if (g_str_equal (kind, "broken"))
    status = QR_TEXTURE_BROKEN;
  qr_texture_set_put (set, name, width, height, rgba, status, status == QR_TEXTURE_MISSING ? NULL : "debug");
  (*n)++;
}

gboolean
qr_debug_textures_fill (QrDocument *doc, const char *kind, guint *n_put)
{
  g_return_val_if_fail (QR_IS_DOCUMENT (doc) && kind != NULL, FALSE);
  static const char *const kinds[] = { "checker", "missing", "pending", "broken", "mixed", NULL };
  if (!g_strv_contains (kinds, kind))
    return FALSE;

  QrTextureSet *set = qr_document_get_textures (doc);
  const QrMap *map = qr_document_get_map (doc);
  guint n = 0;
  for (guint i = 0; i < map->textures->len; i++)
    put (set, qr_map_texture_name (map, i), kind, &n);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      for (guint k = 0; entity->kept != NULL && k < entity->kept->len; k++)
        {
          const QrNode *node = g_ptr_array_index (entity->kept, k);
          if (node->patch != NULL)
            put (set, node->patch->texture, kind, &n);
        }
      const char *land = qr_entity_is_landscape (entity) ? qr_entity_get_key (entity, "texture") : NULL;
      if (land != NULL && land[0] != '\0')
        put (set, land, kind, &n);
    }
  qr_document_textures_changed (doc);
  if (n_put != NULL)
    *n_put = n;
  return TRUE;
}
