/* quarry-cli compile: runs a compile profile on a map, as the window's
 * Compile dialog does, its steps' output on standard output. */
#include "qr-cli.h"

#include <stdio.h>
#include "qr-compile-run.h"
#include "qr-compile-source.h"

typedef struct
{
  GMainLoop *loop;
  gboolean ok;
} Compiling;

static void
on_started (int step, const char *name, const char *command, gpointer data)
{
  printf ("== %s: %s\n", name, command);
  fflush (stdout);
}

static void
on_output (const char *line, gpointer data)
{
  printf ("%s\n", line);
  fflush (stdout);
}

static void
on_done (int step, int status, const char *problem, gpointer data)
{
  if (problem != NULL)
    fprintf (stderr, "quarry-cli compile: %s\n", problem);
}

static void
on_finished (gboolean ok, gboolean cancelled, gpointer data)
{
  Compiling *c = data;

  c->ok = ok;
  g_main_loop_quit (c->loop);
}

int
qr_cli_compile (int argc, char **argv)
{
  g_autofree char *profiles_path = NULL, *profile_name = NULL;
  g_auto (GStrv) vars = NULL;
  const GOptionEntry entries[] = {
    { "profiles", 0, 0, G_OPTION_ARG_FILENAME, &profiles_path, "The compile profiles (JSON)", "FILE" },
    { "profile", 0, 0, G_OPTION_ARG_STRING, &profile_name, "Which profile (default: the first)", "NAME" },
    { "var", 0, 0, G_OPTION_ARG_STRING_ARRAY, &vars, "Set a variable for ${NAME} (repeatable)", "NAME=VALUE" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("MAP — run a compile profile's steps on MAP");
  g_autoptr (GHashTable) overrides = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (QrCompileProfiles) profiles = NULL;
  g_autoptr (GHashTable) variables = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (QrCompileRun) run = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  g_autofree char *source = NULL;
  gboolean copied;
  const QrCompileProfile *profile;
  Compiling c = { NULL, FALSE };
  static const QrCompileCallbacks callbacks = { on_started, on_output, on_done, on_finished };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!qr_cli_parse_options (context, &argc, &argv))
    return QR_EXIT_USAGE;
  if (argc != 2 || profiles_path == NULL)
    {
      fprintf (stderr, "quarry-cli compile: expected one MAP and --profiles FILE\n");
      return QR_EXIT_USAGE;
    }
  for (guint i = 0; vars != NULL && vars[i] != NULL; i++)
    {
      const char *eq = strchr (vars[i], '=');

      if (eq == NULL || eq == vars[i])
        {
          fprintf (stderr, "quarry-cli compile: --var %s: expected NAME=VALUE\n", vars[i]);
          return QR_EXIT_USAGE;
        }
      g_hash_table_replace (overrides, g_strndup (vars[i], (gsize) (eq - vars[i])), g_strdup (eq + 1));
    }
  profiles = qr_compile_profiles_load (profiles_path, &error);
  if (profiles == NULL)
    {
      fprintf (stderr, "quarry-cli compile: %s\n", error->message);
      return QR_EXIT_BAD_INPUT;
    }
  profile = profile_name != NULL ? qr_compile_profiles_find (profiles, profile_name)
            : profiles->profiles->len > 0 ? g_ptr_array_index (profiles->profiles, 0)
                                          : NULL;
  if (profile == NULL)
    {
      fprintf (stderr, "quarry-cli compile: %s: no profile %s\n", profiles_path,
               profile_name != NULL ? profile_name : "at all");
      return QR_EXIT_BAD_INPUT;
    }
  if (!g_file_test (argv[1], G_FILE_TEST_IS_REGULAR))
    {
      fprintf (stderr, "quarry-cli compile: %s: no such map file\n", argv[1]);
      return QR_EXIT_BAD_INPUT;
    }
  /* Layers omitted from export stay out, as in the window. */
  {
    g_autoptr (QrMap) map = qr_map_load (argv[1], &error);

    if (map == NULL)
      {
        fprintf (stderr, "quarry-cli compile: %s\n", error->message);
        return QR_EXIT_BAD_INPUT;
      }
    source = qr_compile_source (map, argv[1], QR_SAVE_AS_READ, &copied, &error);
    if (source == NULL)
      {
        fprintf (stderr, "quarry-cli compile: %s\n", error->message);
        return 1;
      }
    if (copied)
      printf ("== layers omitted from export are left out: compiling %s\n", source);
  }
  variables = qr_compile_variables (profile, source, overrides);
  loop = g_main_loop_new (NULL, FALSE);
  c.loop = loop;
  run = qr_compile_run_start (profile, variables, &callbacks, &c, &error);
  if (run == NULL)
    {
      fprintf (stderr, "quarry-cli compile: %s\n", error->message);
      return QR_EXIT_BAD_INPUT;
    }
  g_main_loop_run (loop);
  return c.ok ? QR_EXIT_OK : 1;
}
