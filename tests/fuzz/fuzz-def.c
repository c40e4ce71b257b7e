/* fuzz-def.c — entity definitions in Radiant DEF (QUAKED comment blocks); see qr-fuzz-entdefs.h. */
#include "qr-fuzz-entdefs.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  qr_fuzz_entdefs (qr_def_parse, data, size, "/nonexistent/quarry-fuzz/fuzz.def");
  return 0;
}
