/* qr-fuzz.h — what every fuzz target shares. Each target is one file that
 * defines LLVMFuzzerTestOneInput (libFuzzer's entry point, see
 * https://llvm.org/docs/LibFuzzer.html); built with -Dfuzzing=true it links
 * with libFuzzer, otherwise with qr-fuzz-replay.c, which feeds it every file
 * of the folders it is given once, so the default suite replays the
 * regression crashers. A target must not print or leak on any input. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
/* qr-fuzz-init.c */
int LLVMFuzzerInitialize (int *argc, char ***argv);

/* An exact-size heap copy of the input, with no NUL after it, so the
 * sanitizers see any read past the end (libFuzzer's buffer is exact too,
 * the replay driver's is not). */
static inline char *
qr_fuzz_copy (const uint8_t *data, size_t size)
{
  char *copy = g_malloc (size ? size : 1);

  if (size > 0)
    memcpy (copy, data, size);
  return copy;
}

/* Parsers report errors, they never abort: a target calls this when an
 * error breaks the contract (no error set, wrong domain, not UTF-8, no
 * position). It aborts, which libFuzzer catches and saves the input for
 * (g_error's breakpoint trap it does not). */
#define qr_fuzz_fail(...) \
  G_STMT_START { \
    g_printerr ("fuzz target: " __VA_ARGS__); \
    g_printerr ("\n"); \
    abort (); \
  } G_STMT_END

#define qr_fuzz_check(cond, error) \
  G_STMT_START { \
    if (!(cond)) \
      qr_fuzz_fail ("%s: %s", #cond, (error) != NULL ? (error)->message : "(no error)"); \
  } G_STMT_END

/* A refusal: an error is set and its message is valid UTF-8 (it goes to
 * GTK labels and the Problems panel). */
static inline bool
qr_fuzz_good_error (const GError *error)
{
  return error != NULL && g_utf8_validate (error->message, -1, NULL);
}
