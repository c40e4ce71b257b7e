/* fuzz-fgd.c — entity definitions in Valve FGD (classes, keys, choices,
 * flags, inputs and outputs, @include); see qr-fuzz-entdefs.h. */
#include "qr-fuzz-entdefs.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  qr_fuzz_entdefs (qr_fgd_parse, data, size, "/nonexistent/quarry-fuzz/fuzz.fgd");
  return 0;
}
