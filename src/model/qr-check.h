/* qr-check.h — map validation: the problems a mapper should know about
 * before compiling (invalid brushes, redundant planes, missing textures,
 * unknown classes, entities stuck in walls…), for the Problems panel and
 * `quarry-cli check`.
 *
 * The check reads the map only (built polytopes, as qr_map_build_geometry
 * or a document leaves them); what it cannot know by itself — which
 * textures exist, the game's entity classes — comes through the options,
 * so it stays independent of loading. Fixes (qr_check_fix) are edits of a
 * document, one undo step each.
 */
#pragma once

#include <glib.h>
#include "qr-document.h"
#include "qr-entdef.h"
#include "qr-map.h"

typedef enum
{
  QR_PROBLEM_INVALID_BRUSH,        /* the polytope is not OK (fewer than four faces, open, empty, degenerate) */
  QR_PROBLEM_REDUNDANT_PLANES,     /* a valid brush with faces that touch nothing (duplicates among them) */
  QR_PROBLEM_TINY_BRUSH,
  QR_PROBLEM_HUGE_BRUSH,
  QR_PROBLEM_MISSING_TEXTURE,      /* a face without a name; a name the lookup does not know, once at its first face */
  QR_PROBLEM_MISSING_KEY,          /* no classname; a point class without origin */
  QR_PROBLEM_UNKNOWN_CLASS,        /* a class the entity definitions lack */
  QR_PROBLEM_WRONG_KIND,           /* a point class with brushes */
  QR_PROBLEM_ENTITY_IN_SOLID,      /* a point entity's origin inside a world brush */
  QR_PROBLEM_DUPLICATE_TARGETNAME, /* a name looked up as one entity, given to several */
  QR_PROBLEM_OUTSIDE_BOUNDS,       /* a brush or point entity beyond the world bounds */
  QR_PROBLEM_EMPTY_ENTITY,         /* neither brushes, patches nor a place in space */
} QrProblemKind;

typedef enum
{
  QR_SEVERITY_ERROR,   /* the compilers fail or drop something */
  QR_SEVERITY_WARNING, /* it compiles, but probably not as meant */
  QR_SEVERITY_INFO,
} QrSeverity;

typedef struct
{
  QrProblemKind kind;
  QrSeverity severity;
  int entity;       /* index in the map, or -1 */
  int brush;        /* index in the entity, or -1 */
  int face;         /* index in the brush, or -1 */
  QrId entity_id;   /* ids, so a fix or a selection finds them after edits; 0 when none */
  QrId brush_id;
  char *message;    /* translated, owned */
} QrProblem;

/* Tells whether a texture exists (any case, as the games look them up). */
typedef gboolean (*QrCheckTextureFunc) (const char *name, gpointer user_data);

typedef struct
{
  double world_bound;      /* coordinates beyond ±this are outside the world */
  double tiny_size;        /* a valid brush thinner than this on an axis is tiny */
  const QrEntDefs *defs;   /* borrowed, or NULL: no class checks */
  QrCheckTextureFunc texture_known; /* or NULL: only empty names are missing */
  gpointer texture_data;
} QrCheckOptions;

/* Defaults for the map's dialect: ±16384 for Source (vbsp's MAX_COORD_INTEGER),
 * ±65536 for Quake 3 (q3map2's MAX_WORLD_COORD), ±4096 for Quake, Half-Life and
 * Quake 2 (their engines' coordinate range); tiny below 1 unit. */
void qr_check_options_init (QrCheckOptions *options, const QrMap *map);

/* Every problem of the map, in map order (entity, then brush, then face).
 * GArray of QrProblem whose clear function frees the messages. Brushes
 * without a polytope are built into scratch space: the map is not changed,
 * but their size and place are not checked. */
GArray *qr_check_map (const QrMap *map, const QrCheckOptions *options);

/* "invalid-brush", "redundant-planes", … (the JSON's "kind"). */
const char *qr_problem_kind_to_string (QrProblemKind kind);
/* "error", "warning", "info". */
const char *qr_severity_to_string (QrSeverity severity);

/* Whether qr_check_fix has a fix a mapper would trust for this kind:
 * delete an invalid brush, remove the faces that touch nothing, delete an
 * empty entity. A translated label for the button ("Delete Brush"), or NULL. */
const char *qr_problem_fix_label (const QrProblem *problem);
/* Applies the fix as one undo step; fails changing nothing when the object
 * is gone or no longer has the problem. */
gboolean qr_check_fix (QrDocument *doc, const QrProblem *problem, GError **error);
