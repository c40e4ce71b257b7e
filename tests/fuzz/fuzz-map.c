/* fuzz-map.c — the .map reader, every dialect (it tells them apart from the
 * text: Quake, Valve 220, Quake 2, Quake 3 with patches and brush
 * primitives). A refused text must carry "NAME:LINE:COLUMN: "; an accepted
 * one must build its geometry and write back without harm. */
#include "qr-fuzz.h"
#include "qr-fuzz-text.h"
#include "qr-io.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = qr_fuzz_copy (data, size);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrMap) map = qr_map_parse_map (text, size, "fuzz.map", &error);

  if (map == NULL)
    {
      qr_fuzz_check_parse_error (error, "fuzz.map");
      return 0;
    }
  qr_map_build_geometry (map, 1);
  g_autoptr (GString) out = qr_map_write (map, QR_SAVE_AS_READ, &error);
  qr_fuzz_check (out != NULL, error);
  return 0;
}
