/* qr-test-files.h — scratch folders for tests: made fresh, counted, and
 * removed whole afterwards (read-only folders included); files read;
 * quarry-cli run. */
#pragma once

#include <glib.h>

/* A new empty folder under the system's temporary folder, named from
 * `pattern` (which ends in XXXXXX, as g_dir_make_tmp wants). Fails the
 * test when it cannot be made. */
char *qr_test_temp_dir (const char *pattern);

/* Removes path and, for a folder, everything in it, making read-only
 * folders writable first; symbolic links are removed, not followed. */
void qr_test_remove_tree (const char *path);

/* The entries of a folder (0 when it cannot be read). */
guint qr_test_count_files (const char *dir);

/* The contents of a file that must be there (the test fails otherwise). */
char *qr_test_read_file (const char *path);

/* One run of quarry-cli: its exit status and what it printed. */
typedef struct
{
  int status;
  char *out; /* owned */
  char *err; /* owned */
} QrTestRun;

void qr_test_run_clear (QrTestRun *run);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (QrTestRun, qr_test_run_clear)

/* Runs $QUARRY_CLI with the NULL-terminated arguments after `first` (or
 * those in `args`) and waits for it. `run` is zeroed or holds an earlier
 * run, which is freed. The test fails when the program cannot be started
 * or does not exit normally. */
void qr_test_run_cli (QrTestRun *run, const char *first, ...) G_GNUC_NULL_TERMINATED;
void qr_test_run_cliv (QrTestRun *run, const char *const *args);
