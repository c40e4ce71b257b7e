/* quarry-cli texture-png: decode one texture from a WAD, PAK or folder and
 * write it as an RGBA PNG. */
#include "qr-cli.h"
#include "qr-cli-common.h"

#include "qr-image-file.h"
#include "qr-texture-source.h"

#include <stdio.h>

/* A palette.lmp, or the palette of an 8-bit PCX (by its .pcx name). */
static bool
load_palette (const char *path, QrPalette *palette, GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *display = g_filename_display_name (path);
  gsize length;
  bool ok;

  if (!g_file_get_contents (path, &contents, &length, error))
    return false;
  if (g_str_has_suffix (path, ".pcx") || g_str_has_suffix (path, ".PCX"))
    ok = qr_palette_from_pcx ((const uint8_t *) contents, length, palette, error);
  else
    ok = qr_palette_from_lmp ((const uint8_t *) contents, length, palette, error);
  if (!ok)
    g_prefix_error (error, "%s: ", display);
  return ok;
}

int
qr_cli_texture_png (int argc, char **argv)
{
  g_autofree char *palette_path = NULL;
  int mip = 0;
  const GOptionEntry entries[] = {
    { "mip", 'm', 0, G_OPTION_ARG_INT, &mip, "mip level: 0 is full size, each level halves it (default 0)", "N" },
    { "palette", 'p', 0, G_OPTION_ARG_FILENAME, &palette_path,
      "palette for 8-bit textures: a palette.lmp or an 8-bit .pcx (default: the source's, else LibreQuake's)", "FILE" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("SOURCE NAME OUT.png — write a texture as PNG");
  g_autoptr (QrTextureSource) source = NULL;
  g_autoptr (QrImage) image = NULL;
  g_autoptr (GError) error = NULL;
  QrPalette palette;

  g_option_context_set_description (context,
                                    "SOURCE is a WAD file, a PAK archive or a folder (a game content folder: its PAKs too).");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!qr_cli_parse_options (context, &argc, &argv))
    return QR_EXIT_USAGE;
  if (argc != 4)
    {
      fprintf (stderr, "quarry-cli texture-png: expected SOURCE NAME OUT.png\n");
      return QR_EXIT_USAGE;
    }
  if (mip < 0)
    {
      fprintf (stderr, "quarry-cli texture-png: --mip must be 0 or more\n");
      return QR_EXIT_USAGE;
    }

  if (palette_path != NULL && !load_palette (palette_path, &palette, &error))
    {
      fprintf (stderr, "quarry-cli: %s\n", error->message);
      return QR_EXIT_BAD_INPUT;
    }
  source = qr_texture_source_open (argv[1], &error);
  if (source == NULL)
    {
      fprintf (stderr, "quarry-cli: %s\n", error->message);
      return QR_EXIT_BAD_INPUT;
    }
  image = qr_texture_source_decode (source, argv[2], mip, palette_path != NULL ? &palette : NULL, &error);
  /* What was skipped on the way may be why NAME was not found. */
  for (guint i = 0; i < qr_texture_source_n_problems (source); i++)
    fprintf (stderr, "quarry-cli: warning: %s\n", qr_texture_source_problem (source, i));
  if (image == NULL)
    {
      fprintf (stderr, "quarry-cli: %s\n", error->message);
      return QR_EXIT_BAD_INPUT;
    }
  if (!qr_image_write_png (image, argv[3], &error))
    {
      fprintf (stderr, "quarry-cli: %s\n", error->message);
      return QR_EXIT_BAD_INPUT;
    }
  return QR_EXIT_OK;
}
