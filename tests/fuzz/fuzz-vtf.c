/* fuzz-vtf.c — Source VTF textures (qr-vtf.h): the header and resource
 * directory, then every mipmap it announces. */
#include "qr-fuzz.h"
#include "qr-vtf.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree uint8_t *copy = (uint8_t *) qr_fuzz_copy (data, size);
  g_autoptr (GError) error = NULL;
  int width, height, n_mips, format;

  if (!qr_vtf_info (copy, size, &width, &height, &n_mips, &format, &error))
    {
      qr_fuzz_check (qr_fuzz_good_error (error), error);
      return 0;
    }
  qr_fuzz_check (width > 0 && height > 0 && n_mips >= 0, error);
  qr_vtf_format_name (format);
  /* One past the last, which must be refused. */
  for (int mip = 0; mip <= n_mips && mip < 20; mip++)
    {
      g_autoptr (GError) local = NULL;
      g_autoptr (QrImage) image = qr_vtf_decode (copy, size, mip, &local);

      qr_fuzz_check (image != NULL || qr_fuzz_good_error (local), local);
    }
  return 0;
}
