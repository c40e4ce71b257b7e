/* fuzz-vmt.c — Source materials (qr-vmt.h): the three readings of a VMT.
 * A refused text names "FILE:LINE:COLUMN: ". */
#include "qr-fuzz.h"
#include "qr-image.h"
#include "qr-vmt.h"

#include <stdlib.h>

typedef char *(*VmtReading) (const char *text, gsize len, const char *filename, GError **error);

static void
check_position (const GError *error)
{
  char *end;

  qr_fuzz_check (g_error_matches (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT), error);
  qr_fuzz_check (g_utf8_validate (error->message, -1, NULL), error);
  qr_fuzz_check (g_str_has_prefix (error->message, "fuzz.vmt:"), error);
  qr_fuzz_check (strtol (error->message + 9, &end, 10) > 0 && *end == ':', error);
  qr_fuzz_check (strtol (end + 1, &end, 10) > 0 && *end == ':', error);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static const VmtReading readings[] = { qr_vmt_base_texture, qr_vmt_base_texture2, qr_vmt_include };
  g_autofree char *text = qr_fuzz_copy (data, size);

  for (guint i = 0; i < G_N_ELEMENTS (readings); i++)
    {
      g_autoptr (GError) error = NULL;
      g_free (readings[i](text, size, "fuzz.vmt", &error));
      if (error != NULL)
        check_position (error);
    }
  return 0;
}
