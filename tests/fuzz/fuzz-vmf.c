/* fuzz-vmf.c — the Source .vmf reader (KeyValues blocks, sides with
 * displacements). Errors as fuzz-map.c checks them; an accepted map builds
 * its geometry and writes back as VMF. */
#include "qr-fuzz.h"
#include "qr-fuzz-text.h"
#include "qr-io.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = qr_fuzz_copy (data, size);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = qr_map_parse_vmf (text, size, "fuzz.vmf", &error);

  if (map == NULL)
    {
      qr_fuzz_check_parse_error (error, "fuzz.vmf");
      return 0;
    }
  qr_map_build_geometry (map, 1);
  g_autoptr (GString) out = qr_map_write (map, QR_SAVE_AS_READ, &error);
  qr_fuzz_check (out != NULL, error);
  return 0;
}
