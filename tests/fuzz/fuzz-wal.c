/* fuzz-wal.c — Quake 2 WAL textures (qr-wal.h): the header, then every mip
 * level. */
#include "qr-fuzz.h"
#include "qr-wal.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree uint8_t *copy = (uint8_t *) qr_fuzz_copy (data, size);
  g_autoptr (GError) error = NULL;
  int width, height;

  if (!qr_wal_size (copy, size, &width, &height, &error))
    {
      qr_fuzz_check (qr_fuzz_good_error (error), error);
      return 0;
    }
  qr_fuzz_check (width > 0 && height > 0, error);
  for (int mip = 0; mip < 4; mip++)
    {
      g_autoptr (GError) local = NULL;
      g_autoptr (QrImage) image = qr_wal_decode (copy, size, mip, NULL, &local);

      qr_fuzz_check (image != NULL || qr_fuzz_good_error (local), local);
    }
  return 0;
}
