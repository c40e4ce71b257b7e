/* fuzz-ent.c — entity definitions in Radiant ENT (XML); see qr-fuzz-entdefs.h. */
#include "qr-fuzz-entdefs.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  qr_fuzz_entdefs (qr_ent_parse, data, size, "/nonexistent/quarry-fuzz/fuzz.ent");
  return 0;
}
