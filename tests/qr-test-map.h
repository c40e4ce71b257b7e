/* qr-test-map.h — what many tests do with maps and documents: parse text
 * that must parse, compare documents, write and save text, compare saves.
 * Each fails the test with the reason when the step fails. */
#pragma once

#include <glib.h>
#include "qr-document.h"
#include "qr-io.h"
#include "qr-test-assert.h"

/* Parses `text` as `kind` from a copy without a terminating NUL (the
 * readers must not need one) and checks the map is of that kind. */
QrMap *qr_test_parse_ok (const char *text, QrFileKind kind);

/* A document of `text`, a .map. */
QrDocument *qr_test_document_from_map_text (const char *text);

/* Three 64-unit cubes along X, at x 0, 128 and 256 (their ids in `ids`),
 * and a player start (`entity`) whose box (±8) stands at (64, 160, 32),
 * clear of them; nothing selected. */
QrDocument *qr_test_row_with_entity (QrId ids[3], QrId *entity);

/* Fails with qr_map_equal's reason when the maps differ. */
void qr_test_assert_maps_equal (const QrMap *a, const QrMap *b);

/* The document's map as it would be saved (in the form it was read). */
char *qr_test_save_text (QrDocument *doc);

/* The map's text in `format` (QR_SAVE_VMF, or as read of a VMF, writes VMF). */
char *qr_test_write_ok (const QrMap *map, QrSaveFormat format);

/* Write → parse (as the map's kind) gives the same document, and a second
 * write is the same bytes. */
void qr_test_assert_round_trip (const QrMap *map);

/* The entity's keys, "k=v" joined by "|", in order. */
char *qr_test_dup_keys (const QrEntity *entity);

/* Face f of brush b of entity e, failing when any index is out of range. */
const QrFace *qr_test_get_face (const QrMap *map, guint e, guint b, int f);

/* The document saves (as read) to exactly `expected`; a miss names the
 * caller's line. */
#define qr_test_assert_saves_as(doc, expected) \
  G_STMT_START { \
    g_autofree char *saved_ = qr_test_save_text (doc); \
    g_assert_cmpstr (saved_, ==, (expected)); \
  } G_STMT_END

/* The map writes in `format` to exactly `expected`. */
#define qr_test_assert_writes_as(map, format, expected) \
  G_STMT_START { \
    g_autofree char *written_ = qr_test_write_ok ((map), (format)); \
    g_assert_cmpstr (written_, ==, (expected)); \
  } G_STMT_END

/* Each coordinate is the same double, sign of zero included. */
void qr_test_assert_vec3_same (QrVec3 v, double x, double y, double z);
