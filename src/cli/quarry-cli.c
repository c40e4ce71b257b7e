/* quarry-cli — batch access to Quarry's core: inspect, mesh, convert, bench, entity definitions. */
#include "qr-cli.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

static const struct
{
  const char *name;
  int (*run) (int argc, char **argv);
  const char *summary;
} commands[] = {
  { "info", qr_cli_info, "FILE [--json]  dialect, counts, invalid brushes, bounds, textures" },
  { "check", qr_cli_check, "MAP [--json] [--entdefs FILE] [--search DIR]…  problems; status 1 on errors" },
  { "mesh", qr_cli_mesh, "FILE --json  face polygons of every brush" },
  { "convert", qr_cli_convert, "IN OUT [--format quake|valve220|quake2|vmf]  save in another format" },
  { "edit", qr_cli_edit, "IN OUT --step \"OP ARGS\"… [--undo N] [--texture-lock]  edit and save" },
  { "csg", qr_cli_csg, "OP IN OUT --brush E:B…  carve, union, intersect, hollow, split, merge" },
  { "textures", qr_cli_textures, "MAP [--json] [--search DIR]…  where the textures are, what is missing" },
  { "layers", qr_cli_layers, "MAP [--json]  TrenchBroom's layers: order, state, member counts" },
  { "find", qr_cli_find, "MAP [--texture GLOB] [--entities FILTER] [--chain NAME] [--json]  faces by texture, entities by class, keys and wiring" },
  { "visgroups", qr_cli_visgroups, "MAP [--json]  a VMF's visgroups with member counts, auto visgroups by class" },
  { "export", qr_cli_export, "MAP OUT.obj|OUT.glb [--no-union] [--search DIR]… [--scale S] [--up y|z] [--entities world|all] [--textures embedded|external] [--no-patches] [--json]  mesh with hidden faces removed" },
  { "compile", qr_cli_compile, "MAP --profiles FILE [--profile NAME] [--var NAME=VALUE]…  run a compile profile's steps" },
  { "entdef", qr_cli_entdef, "FILE [--json]  the classes of an entity definition file (.fgd, .def, .ent)" },
  { "bench", qr_cli_bench, "FILE… [--repeat N]  time parse, geometry and save" },
  { "texture-png", qr_cli_texture_png, "SOURCE NAME OUT.png [--mip N] [--palette FILE]  decode a texture to PNG" },
};

static int
usage (FILE *to)
{
  fprintf (to, "Usage: quarry-cli COMMAND ARGS…\n\nCommands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (to, "  %-11s %s\n", commands[i].name, commands[i].summary);
  fprintf (to, "\nRun “quarry-cli COMMAND --help” for a command's options.\n");
  return to == stdout ? QR_EXIT_OK : QR_EXIT_USAGE;
}

int
main (int argc, char **argv)
{
  /* Numbers are written by hand, but keep any libc formatting C-locale too. */
  setlocale (LC_ALL, "");
  setlocale (LC_NUMERIC, "C");

  if (argc < 2)
    return usage (stderr);
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 || strcmp (argv[1], "help") == 0)
    return usage (stdout);

  if (strcmp (argv[1], "_peak-rss") == 0)
    return qr_cli_peak_rss (argc - 1, argv + 1);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return commands[i].run (argc - 1, argv + 1);

  fprintf (stderr, "quarry-cli: unknown command “%s”\n\n", argv[1]);
  return usage (stderr);
}
