/* quarry-cli convert: save a map in another format (or the same one). */
#include "qr-cli.h"

#include <stdio.h>

int
qr_cli_convert (int argc, char **argv)
{
  g_autofree char *format_name = NULL;
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_name,
      "quake, valve220, quake2 or vmf (default: from OUT's extension; a .map keeps the faces' own form)", "FORMAT" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("IN OUT — save a map in another format");
  g_autoptr (QrMap) map = NULL;
  g_autoptr (GError) error = NULL;
  QrSaveFormat format = QR_SAVE_AS_READ;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!qr_cli_parse_options (context, &argc, &argv))
    return QR_EXIT_USAGE;
  if (argc != 3)
    {
      fprintf (stderr, "quarry-cli convert: expected IN OUT\n");
      return QR_EXIT_USAGE;
    }
  if (format_name != NULL && !qr_save_format_from_string (format_name, &format))
    {
      fprintf (stderr, "quarry-cli convert: unknown format “%s” (quake, valve220, quake2 or vmf)\n", format_name);
      return QR_EXIT_USAGE;
    }

  map = qr_cli_load (argv[1]);
  if (map == NULL)
    return QR_EXIT_BAD_INPUT;

  if (format_name == NULL)
    {
      if (qr_file_kind_for_path (argv[2]) == QR_FILE_VMF)
        format = QR_SAVE_VMF;
      else if (map->kind == QR_FILE_VMF)
        format = QR_SAVE_VALVE220;
    }
  if (format == QR_SAVE_VMF && qr_file_kind_for_path (argv[2]) != QR_FILE_VMF)
    fprintf (stderr, "quarry-cli convert: note: writing VMF to “%s”, which does not end in .vmf\n", argv[2]);

  if (!qr_map_save (map, argv[2], format, &error))
    {
      fprintf (stderr, "quarry-cli: %s\n", error->message);
      return QR_EXIT_BAD_INPUT;
    }
  qr_cli_warn_dropped ("convert", map, format);
  return QR_EXIT_OK;
}
