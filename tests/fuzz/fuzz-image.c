/* fuzz-image.c — image files (qr-image-file.h: PNG, TGA, JPEG and whatever
 * gdk-pixbuf sniffs) and the palettes of 8-bit textures (qr-palette.h:
 * palette.lmp, the end of a PCX). The first byte chooses: 0 a file named
 * .tga (TGA has no signature), 1 any other name, 2 PCX, 3 LMP. */
#include "qr-fuzz.h"
#include "qr-image-file.h"
#include "qr-palette.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 1)
    return 0;

  g_autofree uint8_t *copy = (uint8_t *) qr_fuzz_copy (data + 1, size - 1);
  g_autoptr (GError) error = NULL;
  QrPalette palette;

  size--;
  switch (data[0] & 3)
    {
    case 0:
    case 1:
      {
        g_autoptr (QrImage) image = qr_image_file_decode (copy, size, data[0] & 1 ? "fuzz.png" : "fuzz.tga", &error);

        qr_fuzz_check (image != NULL || qr_fuzz_good_error (error), error);
        if (image != NULL)
          qr_fuzz_check (image->width > 0 && image->height > 0, error);
        break;
      }
    case 2:
      qr_fuzz_check (qr_palette_from_pcx (copy, size, &palette, &error) || qr_fuzz_good_error (error), error);
      break;
    default:
      qr_fuzz_check (qr_palette_from_lmp (copy, size, &palette, &error) || qr_fuzz_good_error (error), error);
      break;
    }
  return 0;
}
