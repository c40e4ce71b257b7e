/* qr-find.h — Find Objects: the faces whose texture name matches a
 * pattern, or the entities an entity filter matches, as Hammer's Find
 * Entities and TrenchBroom's search find them; the window lists the hits
 * and selects them, `quarry-cli find` prints them. */
#pragma once

#include <glib.h>
#include "qr-map.h"

typedef struct
{
  /* Faces whose texture matches this glob (* any run, ? one character),
   * ASCII case ignored as the games ignore it; NULL: find entities. */
  const char *texture;
  /* Only in entities this filter matches (qr-entity-filter.h: words of
   * class, targetname or key names, key=value); NULL or "": any. */
  const char *entities;
  /* Only entities wired to those named this (targetname): the chain of
   * target, killtarget and pathtarget keys and Source outputs, followed
   * both ways (what fires them, what they fire); NULL or "": any. */
  const char *chain;
  /* `texture` is a name, not a glob: Quake's liquids start with '*'
   * (the texture browser's "Select Faces Using It"). */
  gboolean texture_exact;
} QrFindQuery;

typedef struct
{
  guint entity; /* index in the map */
  int brush;    /* index in the entity, -1 for an entity hit */
  int face;     /* index in the brush, -1 for an entity hit */
} QrFindHit;

/* The hits in map order: faces for a texture query, else entities. */
GArray *qr_find (const QrMap *map, const QrFindQuery *query);

/* Whether the views leave a hit out (qr-hidden.h): a face's brush is
 * hidden or filtered; a point entity is; a brush entity has nothing shown.
 * Find lists such hits but selects none: nobody edits what they can't see. */
bool qr_find_hit_is_hidden (const QrMap *map, const QrFindHit *hit);
/* Whether a hit is in a locked TrenchBroom layer (qr-layer.h): listed,
 * not selected, as a click in the views would not select it. */
bool qr_find_hit_is_locked (const QrMap *map, const QrFindHit *hit);
/* Neither: what Find's selections and the texture browser's take. */
bool qr_find_hit_is_selectable (const QrMap *map, const QrFindHit *hit);
