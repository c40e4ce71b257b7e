/* test-compile.c — compile profiles: parsed from JSON with errors that say
 * where, variables expanded, and steps run as subprocesses in order, their
 * output streamed, a failure ending the run, Stop killing a running step. */
#include <glib/gstdio.h>
#include <string.h>
#include "qr-compile-doc.h"
#include "qr-compile-profile.h"
#include "qr-compile-run.h"
#include "qr-io.h"
#include "qr-test-files.h"

static const char profiles_json[] =
  "{ \"profiles\": [\n"
  "  { \"name\": \"ericw-tools\", \"variables\": { \"GAME_DIR\": \"/games/quake\" },\n"
  "    \"steps\": [ { \"name\": \"qbsp\", \"program\": \"qbsp\", \"args\": [ \"${MAP_FULL}\" ] },\n"
  "               { \"program\": \"light\", \"args\": [ \"-extra\", \"${MAP_BASE}.bsp\" ], \"cwd\": \"${GAME_DIR}\","
  "                 \"enabled\": false } ] },\n"
  "  { \"name\": \"empty\", \"steps\": [] } ] }\n";

static void
test_parse (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrCompileProfiles) profiles = qr_compile_profiles_parse (profiles_json, strlen (profiles_json), "p.json",
                                                                      &error);
  const QrCompileProfile *eric;
  const QrCompileStep *light;

  g_assert_no_error (error);
  g_assert_cmpuint (profiles->profiles->len, ==, 2);
  eric = qr_compile_profiles_find (profiles, "ERICW-TOOLS");
  g_assert_nonnull (eric);
  g_assert_cmpuint (eric->steps->len, ==, 2);
  g_assert_cmpstr (g_hash_table_lookup (eric->variables, "GAME_DIR"), ==, "/games/quake");
  light = g_ptr_array_index (eric->steps, 1);
  g_assert_cmpstr (light->name, ==, "light"); /* the program's, when not named */
  g_assert_cmpuint (light->args->len, ==, 2);
  g_assert_cmpstr (light->cwd, ==, "${GAME_DIR}");
  g_assert_false (light->enabled);
  g_assert_true (((const QrCompileStep *) g_ptr_array_index (eric->steps, 0))->enabled);
  g_assert_null (qr_compile_profiles_find (profiles, "vbsp"));

  /* The templates shipped in data/ parse, and name the map in every step. */
  {
    g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "compile-profiles.json", NULL);
    g_autoptr (QrCompileProfiles) shipped = qr_compile_profiles_load (path, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (shipped->profiles->len, ==, 2);
    for (guint p = 0; p < shipped->profiles->len; p++)
      {
        const QrCompileProfile *profile = g_ptr_array_index (shipped->profiles, p);

        g_assert_cmpuint (profile->steps->len, >=, 3);
        for (guint s = 0; s < 3; s++)
          {
            const QrCompileStep *step = g_ptr_array_index (profile->steps, s);

            g_assert_cmpuint (step->args->len, >=, 1);
            g_assert_true (strstr (g_ptr_array_index (step->args, step->args->len - 1), "${MAP_") != NULL);
          }
      }
  }
}

static void
test_errors (void)
{
  static const struct
  {
    const char *text, *message;
  } bad[] = {
    { "{ \"profiles\": [\n  { \"name\": \"a\", }\n] }", "p.json:2:18: unexpected character" },
    { "{ \"profiles\": [ ", "p.json:1:17: the JSON ends too soon" },
    { "{ \"profiles\": [] } x", "p.json:1:20: unexpected character" },
    { "{ \"profile\": [] }", "p.json: expected an object with a list \"profiles\"" },
    { "{ \"profiles\": [ { \"steps\": [] } ] }", "p.json: profile 1: no \"name\"" },
    { "{ \"profiles\": [ { \"name\": \"a\", \"steps\": [ { \"args\": [] } ] } ] }",
      "p.json: profile 1 (\"a\"), step 1: no \"program\"" },
    { "{ \"profiles\": [ { \"name\": \"a\", \"steps\": [ { \"program\": \"x\", \"args\": [ 1 ] } ] } ] }",
      "p.json: profile 1 (\"a\"), step 1: argument 1 must be a string" },
    { "{ \"profiles\": [ { \"name\": \"a\", \"steps\": {} } ] }", "p.json: profile 1 (\"a\"): \"steps\" must be a list" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (QrCompileProfiles) profiles = qr_compile_profiles_parse (bad[i].text, strlen (bad[i].text), "p.json",
                                                                          &error);

      g_assert_null (profiles);
      g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
      g_assert_cmpstr (error->message, ==, bad[i].message);
    }
}

/* Every prefix of a profiles file (a save cut short) is refused with a
 * line and column, the whole file read; none crashes. */
static void
test_prefixes (void)
{
  for (gsize len = 0; len < sizeof profiles_json - 1; len++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (QrCompileProfiles) profiles = qr_compile_profiles_parse (profiles_json, len, "cut.json", &error);

      /* The last byte is the newline after the whole object. */
      if (len == sizeof profiles_json - 2)
        {
          g_assert_no_error (error);
          continue;
        }
      g_assert_null (profiles);
      g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
      g_assert_true (g_regex_match_simple ("^cut\\.json:[0-9]+:[0-9]+: ", error->message, 0, 0));
    }
}

static void
test_variables (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrCompileProfiles) profiles = qr_compile_profiles_parse (profiles_json, strlen (profiles_json), "p.json",
                                                                      &error);
  g_autoptr (GHashTable) overrides = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) vars = NULL;
  g_autofree char *line = NULL;

  g_hash_table_insert (overrides, "MOD", "id1");
  vars = qr_compile_variables (qr_compile_profiles_find (profiles, "ericw-tools"), "/maps/e1m1.map", overrides);
  line = qr_compile_expand ("${GAME_DIR}/${MOD}/maps/${MAP_BASE}.bsp from ${MAP_FULL} in ${MAP_DIR} ($$5, $HOME)",
                            vars, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (line, ==, "/games/quake/id1/maps/e1m1.bsp from /maps/e1m1.map in /maps ($5, $HOME)");
  g_assert_null (qr_compile_expand ("${GAMEDIR}/x", vars, &error));
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==,
                   "\"${GAMEDIR}/x\": the variable GAMEDIR is not set (set it in the profile's \"variables\")");
  g_clear_error (&error);
  g_assert_null (qr_compile_expand ("${MAP", vars, &error));
  g_assert_cmpstr (error->message, ==, "\"${MAP\": ${ without its }");
}

/* What a run told: each callback as a line of text. */
typedef struct
{
  GString *log;
  gboolean done;
  QrCompileRun *run;
  const char *stop_at; /* cancel when this output line arrives */
} Seen;

static void
seen_started (int step, const char *name, const char *command, gpointer data)
{
  g_string_append_printf (((Seen *) data)->log, "start %d %s: %s\n", step, name, command);
}

static void
seen_output (const char *line, gpointer data)
{
  Seen *seen = data;

  g_string_append_printf (seen->log, "| %s\n", line);
  if (seen->stop_at != NULL && g_str_equal (line, seen->stop_at))
    qr_compile_run_cancel (seen->run);
}

static void
seen_done (int step, int status, const char *problem, gpointer data)
{
  g_string_append_printf (((Seen *) data)->log, "done %d %d %s\n", step, status, problem != NULL ? problem : "-");
}

static void
seen_finished (gboolean ok, gboolean cancelled, gpointer data)
{
  Seen *seen = data;

  g_string_append_printf (seen->log, "finished %s%s\n", ok ? "ok" : "failed", cancelled ? " (stopped)" : "");
  seen->done = TRUE;
}

static const QrCompileCallbacks seen_callbacks = { seen_started, seen_output, seen_done, seen_finished };

/* Runs the profile (a JSON text) on `map` until it finishes; its log. */
static char *
run_profile (const char *json, const char *map, const char *stop_at)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (QrCompileProfiles) profiles = qr_compile_profiles_parse (json, strlen (json), "run.json", &error);
  g_autoptr (GHashTable) vars = NULL;
  Seen seen = { g_string_new (NULL), FALSE, NULL, stop_at };
  gint64 deadline = g_get_monotonic_time () + 20 * G_TIME_SPAN_SECOND;

  g_assert_no_error (error);
  vars = qr_compile_variables (g_ptr_array_index (profiles->profiles, 0), map, NULL);
  seen.run = qr_compile_run_start (g_ptr_array_index (profiles->profiles, 0), vars, &seen_callbacks, &seen, &error);
  g_assert_no_error (error);
  while (!seen.done && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (seen.done);
  g_assert_false (qr_compile_run_is_running (seen.run));
  qr_compile_run_free (seen.run);
  return g_string_free (seen.log, FALSE);
}

static void
test_run (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-compile-XXXXXX");
  g_autofree char *map = g_build_filename (dir, "my map.map", NULL);
  g_autofree char *json = g_strdup_printf (
      "{ \"profiles\": [ { \"name\": \"t\", \"steps\": [\n"
      "  { \"name\": \"first\", \"program\": \"/bin/sh\", \"args\": [ \"-c\","
      "    \"echo one; echo two >&2; printf 'three\\\\r\\\\n'; pwd; echo \\\"$1\\\" > \\\"$2.pts\\\"\","
      "    \"sh\", \"${MAP_FILE}\", \"${MAP_BASE}\" ] },\n"
      "  { \"name\": \"off\", \"program\": \"/bin/false\", \"enabled\": false },\n"
      "  { \"name\": \"second\", \"program\": \"/bin/sh\", \"args\": [ \"-c\", \"echo four; exit 3\" ] },\n"
      "  { \"name\": \"never\", \"program\": \"/bin/echo\", \"args\": [ \"five\" ] } ] } ] }");
  g_autofree char *log = run_profile (json, map, NULL);
  g_autofree char *want = g_strdup_printf (
      "start 0 first: /bin/sh -c 'echo one; echo two >&2; printf '\\''three\\r\\n'\\''; pwd; echo \"$1\" > \"$2.pts\"' "
      "sh 'my map.map' 'my map'\n"
      "| one\n| two\n| three\n| %s\n"
      "done 0 0 -\n"
      "start 2 second: /bin/sh -c 'echo four; exit 3'\n"
      "| four\n"
      "done 2 3 second exited with status 3\n"
      "finished failed\n",
      dir);
  g_autofree char *pts = g_build_filename (dir, "my map.pts", NULL);
  g_autofree char *written = qr_test_read_file (pts);

  g_assert_cmpstr (log, ==, want);
  /* The step ran in the map's folder, with the map's names. */
  g_assert_cmpstr (written, ==, "my map.map\n");
  qr_test_remove_tree (dir);
}

static void
test_stop_and_missing (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-compile-XXXXXX");
  g_autofree char *map = g_build_filename (dir, "m.map", NULL);
  static const char slow[] = "{ \"profiles\": [ { \"name\": \"t\", \"steps\": [\n"
                             "  { \"name\": \"slow\", \"program\": \"/bin/sh\", \"args\": [ \"-c\", "
                             "\"echo started; exec sleep 30\" ] },\n"
                             "  { \"name\": \"after\", \"program\": \"/bin/echo\" } ] } ] }";
  static const char missing[] = "{ \"profiles\": [ { \"name\": \"t\", \"steps\": [\n"
                                "  { \"name\": \"qbsp\", \"program\": \"/nonexistent/qbsp\" } ] } ] }";
  gint64 before = g_get_monotonic_time ();
  g_autofree char *log = run_profile (slow, map, "started");
  g_autofree char *log2 = run_profile (missing, map, NULL);

  /* Stopped at once, not after the 30 s sleep, and the next step not run. */
  g_assert_cmpint (g_get_monotonic_time () - before, <, 10 * G_TIME_SPAN_SECOND);
  g_assert_cmpstr (log, ==,
                   "start 0 slow: /bin/sh -c 'echo started; exec sleep 30'\n| started\n"
                   "done 0 -1 slow was stopped\nfinished failed (stopped)\n");
  g_assert_true (g_str_has_prefix (log2, "start 0 qbsp: /nonexistent/qbsp\ndone 0 -1 qbsp could not start: "));
  g_assert_true (g_str_has_suffix (log2, "\nfinished failed\n"));
  qr_test_remove_tree (dir);
}

/* quarry-cli compile: the steps' output on standard output, status 0;
 * a failing step: its problem on standard error, status 1; usage 2. */
static void
test_cli (void)
{
  g_autofree char *dir = qr_test_temp_dir ("quarry-compile-XXXXXX");
  g_autofree char *map = g_build_filename (dir, "m.map", NULL);
  g_autofree char *json = g_build_filename (dir, "profiles.json", NULL);
  g_auto (QrTestRun) ok = { 0 }, failed = { 0 }, usage = { 0 }, none = { 0 };
  static const char profiles[] =
    "{ \"profiles\": [\n"
    "  { \"name\": \"good\", \"steps\": [ { \"name\": \"say\", \"program\": \"/bin/sh\","
    "    \"args\": [ \"-c\", \"echo ${WORD} $1\", \"sh\", \"${MAP_BASE}\" ] } ] },\n"
    "  { \"name\": \"bad\", \"steps\": [ { \"name\": \"fail\", \"program\": \"/bin/sh\","
    "    \"args\": [ \"-c\", \"echo half; exit 2\" ] } ] } ] }\n";

  g_assert_true (g_file_set_contents (map, "{\n\"classname\" \"worldspawn\"\n}\n", -1, NULL));
  g_assert_true (g_file_set_contents (json, profiles, -1, NULL));
  qr_test_run_cli (&ok, "compile", map, "--profiles", json, "--var", "WORD=hello", NULL);
  g_assert_cmpint (ok.status, ==, 0);
  g_assert_cmpstr (ok.out, ==, "== say: /bin/sh -c 'echo hello $1' sh m\nhello m\n");
  qr_test_run_cli (&failed, "compile", map, "--profiles", json, "--profile", "bad", NULL);
  g_assert_cmpint (failed.status, ==, 1);
  g_assert_cmpstr (failed.out, ==, "== fail: /bin/sh -c 'echo half; exit 2'\nhalf\n");
  g_assert_cmpstr (failed.err, ==, "quarry-cli compile: fail exited with status 2\n");
  qr_test_run_cli (&usage, "compile", map, "--profiles", json, "--var", "=x", NULL);
  g_assert_cmpint (usage.status, ==, 2);
  /* WORD unset: refused before anything runs. */
  qr_test_run_cli (&none, "compile", map, "--profiles", json, NULL);
  g_assert_cmpint (none.status, ==, 1);
  g_assert_cmpstr (none.out, ==, "");
  g_assert_true (strstr (none.err, "the variable WORD is not set") != NULL);

  /* A TrenchBroom layer omitted from export stays out of the compile: the
   * steps read m2-compile.map, written beside m2.map without it. */
  {
    g_autofree char *layered = g_build_filename (dir, "m2.map", NULL);
    g_autofree char *copy = g_build_filename (dir, "m2-compile.map", NULL);
    g_autofree char *copied = NULL, *original = NULL;
    g_auto (QrTestRun) omit = { 0 };
    static const char cube_fmt[] = "{\n( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) TEX 0 0 0 1 1\n( 64 0 0 ) ( 64 0 1 ) ( 64 1 0 ) TEX 0 0 0 1 1\n"
                               "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) TEX 0 0 0 1 1\n( 0 64 0 ) ( 1 64 0 ) ( 0 64 1 ) TEX 0 0 0 1 1\n"
                               "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) TEX 0 0 0 1 1\n( 0 0 64 ) ( 0 1 64 ) ( 1 0 64 ) TEX 0 0 0 1 1\n}\n";
    g_auto (GStrv) cube = g_strsplit (cube_fmt, "TEX", -1);
    g_autofree char *kept = g_strjoinv ("CARRIED", cube), *left = g_strjoinv ("OMITTED", cube);
    g_autofree char *text = g_strdup_printf ("{\n\"classname\" \"worldspawn\"\n%s}\n{\n\"classname\" \"func_group\"\n"
                                             "\"_tb_type\" \"_tb_layer\"\n\"_tb_name\" \"Scratch\"\n\"_tb_id\" \"1\"\n"
                                             "\"_tb_layer_sort_index\" \"0\"\n\"_tb_layer_omit_from_export\" \"1\"\n%s}\n",
                                             kept, left);
    static const char grep_profile[] =
      "{ \"profiles\": [ { \"name\": \"look\", \"steps\": [ { \"name\": \"look\", \"program\": \"/bin/sh\","
      "    \"args\": [ \"-c\", \"grep -c OMITTED \\\"$1\\\" || true; grep -c CARRIED \\\"$1\\\"; echo $2\", \"sh\","
      "              \"${MAP_FULL}\", \"${MAP_BASE}\" ] } ] } ] }\n";

    g_assert_true (g_file_set_contents (layered, text, -1, NULL));
    g_assert_true (g_file_set_contents (json, grep_profile, -1, NULL));
    qr_test_run_cli (&omit, "compile", layered, "--profiles", json, NULL);
    g_assert_cmpint (omit.status, ==, 0);
    g_assert_true (g_str_has_prefix (omit.out, "== layers omitted from export are left out: compiling "));
    g_assert_true (g_str_has_suffix (omit.out, "\n0\n6\nm2-compile\n"));
    g_assert_true (g_file_get_contents (copy, &copied, NULL, NULL));
    g_assert_null (strstr (copied, "OMITTED"));
    g_assert_null (strstr (copied, "Scratch"));
    g_assert_true (g_file_get_contents (layered, &original, NULL, NULL));
    g_assert_cmpstr (original, ==, text); /* the map itself is left alone */
  }
  qr_test_remove_tree (dir);
}

/* The profile editor's edits: made on the file's own tree, so a member
 * Quarry does not know and every order survive; what it writes reads back
 * as the runs read it; a broken edit is refused, not written. */
static void
test_doc_edits (void)
{
  static const char text[] = "{ \"profiles\": [ { \"name\": \"A\", \"note\": \"mine\",\n"
                             "  \"variables\": { \"Z\": \"1\", \"B\": \"2\", \"M\": \"3\" },\n"
                             "  \"steps\": [ { \"program\": \"one\", \"args\": [ \"${MAP_FULL}\" ], \"x\": 7 },\n"
                             "             { \"name\": \"second\", \"program\": \"two\" } ] } ],\n"
                             "  \"comment\": \"kept\" }";
  g_autoptr (GError) error = NULL;
  g_autoptr (QrCompileDoc) doc = qr_compile_doc_parse (text, strlen (text), "p.json", &error);
  g_autofree char *dir = g_dir_make_tmp ("quarry-compile-doc-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "profiles.json", NULL);
  g_autofree char *written = NULL, *before = NULL, *after = NULL;
  g_auto (GStrv) args = NULL;
  const char *const line_args[] = { "-game", "${GAME_DIR}", "a b", "it's", "", NULL };

  g_assert_no_error (error);
  g_assert_cmpuint (qr_compile_doc_n_profiles (doc), ==, 1);
  g_assert_cmpstr (qr_compile_doc_profile_name (doc, 0), ==, "A");
  /* Variables in the file's order, renamed in place. */
  g_assert_cmpuint (qr_compile_doc_n_variables (doc, 0), ==, 3);
  g_assert_true (qr_compile_doc_set_variable (doc, 0, 1, "BIN", "/bin"));
  g_assert_false (qr_compile_doc_set_variable (doc, 0, 0, "M", "clash"));
  g_assert_false (qr_compile_doc_set_variable (doc, 0, 0, "", "empty"));
  g_assert_cmpstr (qr_compile_doc_variable_name (doc, 0, 0), ==, "Z");
  g_assert_cmpstr (qr_compile_doc_variable_name (doc, 0, 1), ==, "BIN");
  g_assert_cmpstr (qr_compile_doc_variable_value (doc, 0, 1), ==, "/bin");
  g_assert_cmpstr (qr_compile_doc_variable_name (doc, 0, 2), ==, "M");
  g_assert_true (qr_compile_doc_add_variable (doc, 0, "NEW"));
  g_assert_false (qr_compile_doc_add_variable (doc, 0, "Z"));
  qr_compile_doc_remove_variable (doc, 0, 0);
  g_assert_cmpuint (qr_compile_doc_n_variables (doc, 0), ==, 3);
  g_assert_cmpstr (qr_compile_doc_variable_name (doc, 0, 2), ==, "NEW");

  /* Steps: fields, arguments, enabled, order. */
  g_assert_cmpstr (qr_compile_doc_step_get (doc, 0, 0, "name"), ==, NULL);
  qr_compile_doc_step_set (doc, 0, 0, "name", "first");
  qr_compile_doc_step_set (doc, 0, 0, "cwd", "${MAP_DIR}");
  qr_compile_doc_step_set (doc, 0, 1, "name", "");
  g_assert_null (qr_compile_doc_step_get (doc, 0, 1, "name"));
  qr_compile_doc_step_set_args (doc, 0, 1, line_args);
  qr_compile_doc_step_set_enabled (doc, 0, 1, FALSE);
  g_assert_true (qr_compile_doc_move_step (doc, 0, 1, -1));
  g_assert_false (qr_compile_doc_move_step (doc, 0, 0, -1));
  g_assert_false (qr_compile_doc_move_step (doc, 0, 1, +1));
  g_assert_cmpstr (qr_compile_doc_step_get (doc, 0, 0, "program"), ==, "two");
  g_assert_false (qr_compile_doc_step_enabled (doc, 0, 0));
  g_assert_true (qr_compile_doc_step_enabled (doc, 0, 1));
  args = qr_compile_doc_step_args (doc, 0, 0);
  g_assert_cmpstrv (args, line_args);

  /* Saved, it reads back as a run reads it, with the unknown members. */
  g_assert_true (qr_compile_doc_save (doc, path, &error));
  g_assert_no_error (error);
  {
    g_autoptr (QrCompileProfiles) read = qr_compile_profiles_load (path, &error);
    const QrCompileProfile *a;
    const QrCompileStep *two, *one;

    g_assert_no_error (error);
    a = qr_compile_profiles_find (read, "a");
    g_assert_nonnull (a);
    g_assert_cmpuint (a->steps->len, ==, 2);
    two = g_ptr_array_index (a->steps, 0);
    one = g_ptr_array_index (a->steps, 1);
    g_assert_cmpstr (two->program, ==, "two");
    g_assert_cmpstr (two->name, ==, "two");
    g_assert_false (two->enabled);
    g_assert_cmpuint (two->args->len, ==, 5);
    g_assert_cmpstr (g_ptr_array_index (two->args, 3), ==, "it's");
    g_assert_cmpstr (one->name, ==, "first");
    g_assert_cmpstr (one->cwd, ==, "${MAP_DIR}");
    g_assert_cmpstr (g_hash_table_lookup (a->variables, "BIN"), ==, "/bin");
    g_assert_false (g_hash_table_contains (a->variables, "Z"));
  }
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  g_assert_nonnull (strstr (written, "\"note\": \"mine\""));
  g_assert_nonnull (strstr (written, "\"comment\": \"kept\""));
  g_assert_nonnull (strstr (written, "\"x\": 7"));
  g_assert_nonnull (strstr (written, "\"${MAP_FULL}\""));
  g_assert_true (strstr (written, "\"M\"") < strstr (written, "\"NEW\""));
  g_assert_true (strstr (written, "\"BIN\"") < strstr (written, "\"M\""));
  g_assert_true (g_str_has_suffix (written, "}\n"));

  /* Profiles: duplicated after the original, names kept apart. */
  g_assert_cmpuint (qr_compile_doc_duplicate_profile (doc, 0, "A copy"), ==, 1);
  g_assert_cmpuint (qr_compile_doc_n_steps (doc, 1), ==, 2);
  qr_compile_doc_step_set (doc, 1, 0, "program", "changed");
  g_assert_cmpstr (qr_compile_doc_step_get (doc, 0, 0, "program"), ==, "two"); /* a deep copy */
  g_assert_cmpuint (qr_compile_doc_add_profile (doc, "B"), ==, 2);
  g_assert_true (qr_compile_doc_has_profile (doc, "b", G_MAXUINT));
  g_assert_false (qr_compile_doc_has_profile (doc, "b", 2));

  /* A broken edit is refused whole: the file on disk stays the last good one. */
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  g_assert_cmpuint (qr_compile_doc_add_step (doc, 2, ""), ==, 0);
  g_assert_false (qr_compile_doc_save (doc, path, &error));
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "no \"program\""));
  g_clear_error (&error);
  qr_compile_doc_step_set (doc, 2, 0, "program", "qbsp");
  qr_compile_doc_set_profile_name (doc, 2, "a");
  g_assert_false (qr_compile_doc_save (doc, path, &error));
  g_assert_nonnull (strstr (error->message, "two profiles"));
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
  qr_compile_doc_remove_profile (doc, 0);
  g_assert_true (qr_compile_doc_save (doc, path, &error));
  g_assert_cmpuint (qr_compile_doc_n_profiles (doc), ==, 2);
  g_assert_cmpstr (qr_compile_doc_profile_name (doc, 0), ==, "A copy");

  /* The file a run refuses, the editor refuses too, with where. */
  g_assert_null (qr_compile_doc_parse ("{ \"profiles\": [ 1, ] }", 22, "bad.json", &error));
  g_assert_nonnull (strstr (error->message, "bad.json:1:"));
  g_clear_error (&error);
  {
    g_autoptr (QrCompileDoc) empty = qr_compile_doc_new ();
    g_autofree char *empty_text = qr_compile_doc_to_text (empty);
    g_autoptr (QrCompileProfiles) none = qr_compile_doc_check (empty, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (none->profiles->len, ==, 0);
    g_assert_cmpuint (qr_compile_doc_n_profiles (empty), ==, 0);
  }

  g_remove (path);
  g_rmdir (dir);
}

/* Arguments edited as one line: quoted only where a shell would need it. */
static void
test_args_line (void)
{
  const char *const args[] = { "-game", "${GAME_DIR}", "a b", "it's", "", "x\"y", NULL };
  g_autofree char *line = qr_compile_args_to_line (args);
  g_auto (GStrv) back = NULL, none = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_str_has_prefix (line, "-game ${GAME_DIR} "));
  back = qr_compile_args_from_line (line, &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (back, args);
  none = qr_compile_args_from_line ("   ", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (none), ==, 0);
  g_assert_null (qr_compile_args_from_line ("-a 'unclosed", &error));
  g_assert_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/compile/parse", test_parse);
  g_test_add_func ("/compile/errors", test_errors);
  g_test_add_func ("/compile/prefixes", test_prefixes);
  g_test_add_func ("/compile/variables", test_variables);
  g_test_add_func ("/compile/run", test_run);
  g_test_add_func ("/compile/stop-and-missing", test_stop_and_missing);
  g_test_add_func ("/compile/cli", test_cli);
  g_test_add_func ("/compile/doc-edits", test_doc_edits);
  g_test_add_func ("/compile/args-line", test_args_line);
  return g_test_run ();
}
