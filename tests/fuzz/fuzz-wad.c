/* fuzz-wad.c — WAD2 and WAD3 texture collections (qr-wad.h): the directory,
 * then every mip level of the first textures it accepted. */
#include "qr-fuzz.h"
#include "qr-wad.h"

/* Enough to reach every kind of lump without a large WAD taking seconds. */
#define MAX_DECODED 16

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GBytes) bytes = g_bytes_new_take (qr_fuzz_copy (data, size), size);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrWad) wad = qr_wad_new_from_bytes (bytes, "fuzz.wad", &error);

  if (wad == NULL)
    {
      qr_fuzz_check (qr_fuzz_good_error (error), error);
      return 0;
    }
  for (guint i = 0; i < qr_wad_n_problems (wad); i++)
    qr_fuzz_check (g_utf8_validate (qr_wad_problem (wad, i), -1, NULL), error);
  for (guint i = 0; i < qr_wad_n_textures (wad) && i < MAX_DECODED; i++)
    {
      int width, height;

      qr_wad_texture_size (wad, i, &width, &height);
      qr_fuzz_check (width > 0 && height > 0, error);
      qr_wad_find (wad, qr_wad_texture_name (wad, i));
      for (int mip = 0; mip < 4; mip++)
        {
          g_autoptr (GError) local = NULL;
          g_autoptr (QrImage) image = qr_wad_decode (wad, i, mip, NULL, &local);

          qr_fuzz_check (image != NULL || qr_fuzz_good_error (local), local);
        }
    }
  return 0;
}
