/* qr-game-flags.h — the names of a game's content and surface flag bits
 * (Quake 2, Quake 3), read from a small JSON file of its configuration
 * (data/games/GAME.json): what the Face Properties dialog labels its check
 * boxes with. Toolkit-neutral: the caller finds the text.
 *
 * {"game": "Quake 2", "contents": [{"bit": 0, "name": "solid",
 *  "description": "…"}, …], "surface": [ … ]}
 * Bits are 0–31, each named at most once per list; "description" is
 * optional. */
#pragma once

#include <glib.h>
#include <stdint.h>

typedef struct
{
  guint bit;         /* 0–31 */
  char *name;
  char *description; /* NULL when the file gives none */
} QrGameFlag;

typedef struct
{
  char *game;
  GArray *contents; /* QrGameFlag, in the file's order */
  GArray *surface;  /* QrGameFlag */
} QrGameFlags;

/* Fails with QR_IO_ERROR_PARSE naming what is wrong (and where, for JSON
 * that does not parse). */
QrGameFlags *qr_game_flags_parse (const char *text, gsize length, GError **error);
QrGameFlags *qr_game_flags_load (const char *path, GError **error);
void qr_game_flags_free (QrGameFlags *flags);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrGameFlags, qr_game_flags_free)

/* The flag named `name` (ASCII case ignored) in `list`, or NULL. */
const QrGameFlag *qr_game_flags_find (const GArray *list, const char *name);
