/* qr-fuzz-entdefs.h — one body for the entity definition targets
 * (qr-entdef-io.h): parse into fresh definitions, resolve inheritance, look
 * every class up. Each recorded problem must be valid UTF-8 (the Problems
 * panel shows it) and read "FILE:LINE:COLUMN: …" with a line from 1. The
 * file lies in a folder that does not exist, so FGD @includes fail
 * without touching the disk. */
#pragma once

#include "qr-fuzz.h"
#include "qr-entdef-io.h"

#include <stdlib.h>

typedef void (*QrFuzzEntDefParse) (QrEntDefs *defs, const char *data, gsize len, const char *path);

static inline void
qr_fuzz_entdefs (QrFuzzEntDefParse parse, const uint8_t *data, size_t size, const char *path)
{
  g_autofree char *text = qr_fuzz_copy (data, size);
  g_autoptr (QrEntDefs) defs = qr_entdefs_new ();

  qr_entdefs_set_path (defs, path);
  parse (defs, text, size, path);
  qr_entdefs_finish (defs);
  for (guint i = 0; i < qr_entdefs_count (defs); i++)
    {
      const QrEntClass *cls = qr_entdefs_nth (defs, i);

      if (qr_entdefs_lookup (defs, cls->name) == NULL)
        qr_fuzz_fail ("class %u is not found by its name", i);
    }
  for (guint i = 0; i < qr_entdefs_error_count (defs); i++)
    {
      const char *message = qr_entdefs_error (defs, i);
      const char *colon = strchr (message, ':');

      if (!g_utf8_validate (message, -1, NULL) || colon == NULL || strtol (colon + 1, NULL, 10) < 1)
        qr_fuzz_fail ("badly formed problem: %s", message);
    }
}
