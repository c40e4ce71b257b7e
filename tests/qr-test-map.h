/* qr-test-map.h — what many tests do with maps and documents: parse text
 * that must parse, compare documents, save a document's text. Each fails
 * the test with the reason when the step fails. */
#pragma once

#include <glib.h>
#include "qr-document.h"
#include "qr-io.h"

/* Parses `text` as `kind` from a copy without a terminating NUL (the
 * readers must not need one) and checks the map is of that kind. */
QrMap *qr_test_parse_ok (const char *text, QrFileKind kind);

/* A document of `text`, a .map. */
QrDocument *qr_test_document_from_map_text (const char *text);

/* Fails with qr_map_equal's reason when the maps differ. */
void qr_test_assert_maps_equal (const QrMap *a, const QrMap *b);

/* The document's map as it would be saved (in the form it was read). */
char *qr_test_save_text (QrDocument *doc);
