/* qr-test-corpus.h — where the tests find the shared corpus of real maps:
 * $QUARRY_CORPUS, else the build's corpus_dir option. A missing corpus
 * makes the tests skip with a message, or fail when QUARRY_REQUIRE_CORPUS
 * is set (CI). */
#pragma once

#include <glib.h>
#include <stdbool.h>

/* The corpus folder (may not exist). */
const char *qr_test_corpus_dir (void);

/* The absolute path of a corpus file, or NULL after marking the current
 * test skipped (or failing it, when the corpus is required). */
char *qr_test_corpus_file (const char *relative);

/* Whether the corpus folder exists; false after the same skip-or-fail. */
bool qr_test_corpus_available (void);
