/* qr-export-build.h — a map's brushes as an export scene: one object per
 * brush entity, hidden faces removed by the union of its brushes.
 *
 * What goes where, as the compilers see it: func_group and func_detail*
 * brushes are world geometry, so they join worldspawn's union; trigger_*
 * entities and brushes of tool textures that block nothing you see (clip,
 * trigger, hint, origin, areaportal…) are left out and hide nothing;
 * faces of skip, caulk and nodraw are not drawn but their brushes still
 * hide what they cover; liquids (`*water`, `!slime`) hide only other
 * liquids, so the walls under water stay. Quake 3 patches are tessellated
 * as the editor draws them and take no part in the union.
 */
#pragma once

#include "qr-export-scene.h"
#include "qr-map.h"
#include "qr-texture-finder.h"

typedef enum
{
  QR_EXPORT_ENTITIES_ALL,   /* worldspawn and every brush entity */
  QR_EXPORT_ENTITIES_WORLD, /* worldspawn (with its groups and detail) only */
} QrExportEntities;

typedef struct
{
  bool no_union;             /* every face whole, hidden ones included */
  bool no_patches;           /* leave Quake 3 patches out */
  QrExportEntities entities;
  QrExportUp up;
  double scale;              /* 0 means 1 */
  QrTextureFinder *finder;   /* where texture sizes and pixels come from; NULL: none */
  bool images;               /* decode each texture's pixels (with a finder) */
  bool map_polytopes;        /* read the brushes' built polytopes (see below) */
} QrExportOptions;

/* The scene of `map`. The brushes' polytopes are built afresh unless
 * map_polytopes is set: a worker thread may export a qr_map_snapshot,
 * whose brushes the window shares and may rebuild. Set it only when no
 * other thread can touch the map (the command line); a brush not built
 * yet is built afresh then too. Brushes that are not valid
 * are skipped (their number in *skipped when not NULL). The finder is
 * used from the calling thread only. */
QrExportScene *qr_export_scene_from_map (const QrMap *map, const QrExportOptions *options, guint *skipped);

/* What a texture name is to the export, from its last path component,
 * case-insensitive. */
typedef enum
{
  QR_EXPORT_TEXTURE_VISIBLE,
  QR_EXPORT_TEXTURE_LIQUID,   /* drawn; hides only liquids */
  QR_EXPORT_TEXTURE_HIDDEN,   /* not drawn, still solid (skip, caulk, nodraw) */
  QR_EXPORT_TEXTURE_NONSOLID, /* its brush is left out (clip, trigger, hint…) */
} QrExportTextureKind;

QrExportTextureKind qr_export_texture_kind (const char *name);
