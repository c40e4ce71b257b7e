/* fuzz-shader.c — Quake 3 shader scripts (qr-shader.h): every shader's
 * name and editor image. A refused script names "FILE:LINE:COLUMN: ". */
#include "qr-fuzz.h"
#include "qr-shader.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = qr_fuzz_copy (data, size);
  g_autoptr (GError) error = NULL;
  g_autoptr (QrShaderScript) script = qr_shader_script_parse (text, size, "fuzz.shader", &error);

  if (script == NULL)
    {
      qr_fuzz_check (qr_fuzz_good_error (error) && g_str_has_prefix (error->message, "fuzz.shader:"), error);
      return 0;
    }
  for (guint i = 0; i < qr_shader_script_n_shaders (script); i++)
    {
      const char *name = qr_shader_script_name (script, i);

      qr_fuzz_check (qr_shader_script_has (script, name), error);
      qr_shader_script_editor_image (script, name);
    }
  return 0;
}
