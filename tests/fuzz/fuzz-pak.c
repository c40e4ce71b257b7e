/* fuzz-pak.c — PAK archives, Quake's and Daikatana's with run-length coded
 * entries (qr-pak.h): the directory, then the first entries read whole. */
#include "qr-fuzz.h"
#include "qr-pak.h"

#define MAX_READ 16

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GBytes) bytes = g_bytes_new_take (qr_fuzz_copy (data, size), size);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrPak) pak = qr_pak_new_from_bytes (bytes, "fuzz.pak", &error);

  if (pak == NULL)
    {
      qr_fuzz_check (qr_fuzz_good_error (error), error);
      return 0;
    }
  for (guint i = 0; i < qr_pak_n_problems (pak); i++)
    qr_fuzz_check (g_utf8_validate (qr_pak_problem (pak, i), -1, NULL), error);
  for (guint i = 0; i < qr_pak_n_files (pak) && i < MAX_READ; i++)
    {
      g_autoptr (GError) local = NULL;
      g_autoptr (GBytes) file = NULL;

      qr_pak_find (pak, qr_pak_file_path (pak, i));
      file = qr_pak_read (pak, i, &local);
      qr_fuzz_check (file != NULL || qr_fuzz_good_error (local), local);
      if (file != NULL)
        qr_fuzz_check (g_bytes_get_size (file) == qr_pak_file_size (pak, i), local);
    }
  return 0;
}
