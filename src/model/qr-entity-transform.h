/* qr-entity-transform.h — what a transform of the map does to an entity's
 * keys: its origin moves with it, and its orientation key turns, each in
 * the convention of the games that read it. */
#pragma once

#include "qr-entdef.h"
#include "qr-entity.h"
#include "qr-map.h"
#include "qr-transform.h"

/* How an entity's orientation is written. The conventions are the engines'
 * (Quake's AngleVectors: positive pitch looks down) and the light
 * compilers' (Quake light tools read a light's mangle as yaw, pitch up). */
typedef enum
{
  QR_TURN_NONE,   /* the entity has no orientation the editor may change */
  QR_TURN_ANGLE,  /* "angle": yaw in degrees; -1 faces up, -2 down */
  QR_TURN_ANGLES, /* "angles" (and a non-light's "mangle"): pitch (down) yaw roll */
  QR_TURN_MANGLE, /* a light's "mangle": yaw pitch (up) roll */
} QrTurnKind;

/* The key that holds the entity's orientation and how it reads, chosen as
 * TrenchBroom does so that maps move between the editors unchanged: a
 * spotlight aimed at a target keeps its angles, a point entity with no
 * orientation key gets "angle" (".map") or "angles" (VMF) when it turns.
 * *key is borrowed (static or the entity's). */
QrTurnKind qr_entity_turn_kind (const QrEntity *entity, QrFileKind file, const char **key);

/* Moves the "origin" key by tr and turns the orientation key by tr's
 * linear part; a mirror keeps the entity upright and facing the mirrored
 * way. Keys whose value does not change keep their text. Returns true when
 * any key changed. */
bool qr_entity_transform (QrEntity *entity, const QrTransform *tr, QrFileKind file);

/* The box a point entity is drawn, picked and bounded as: its origin plus
 * its class's size in defs, or ± QR_ENTITY_HALF_SIZE when the class or its
 * size is unknown (defs may be NULL); a landscape's, the bounds of its
 * sampled surface. False when the entity has no origin. */
#define QR_ENTITY_HALF_SIZE 8.0
bool qr_entity_box (const QrEntity *entity, const QrEntDefs *defs, QrBounds *box);
