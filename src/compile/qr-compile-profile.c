/* qr-compile-profile.c — compile profiles from JSON, and their variables. */
#include "qr-compile-profile.h"

#include <gio/gio.h>
#include <json-c/json.h>
#include <string.h>
#include "qr-io.h"
#include "qr-scanner.h"

static void
step_free (QrCompileStep *step)
{
  g_free (step->name);
  g_free (step->program);
  g_ptr_array_unref (step->args);
  g_free (step->cwd);
  g_free (step);
}

static void
profile_free (QrCompileProfile *profile)
{
  g_free (profile->name);
  g_hash_table_unref (profile->variables);
  g_ptr_array_unref (profile->steps);
  g_free (profile);
}

void
qr_compile_profiles_free (QrCompileProfiles *profiles)
{
  if (profiles == NULL)
    return;
  g_ptr_array_unref (profiles->profiles);
  g_free (profiles);
}

/* A string member, or NULL when absent; FALSE (with the error) when it is
 * there but no string. */
static gboolean
string_member (json_object *obj, const char *key, const char **out, const char *where, GError **error)
{
  json_object *value;

  *out = NULL;
  if (!json_object_object_get_ex (obj, key, &value) || value == NULL)
    return TRUE;
  if (!json_object_is_type (value, json_type_string))
    {
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s: \"%s\" must be a string", where, key);
      return FALSE;
    }
  *out = json_object_get_string (value);
  return TRUE;
}

static QrCompileStep *
parse_step (json_object *obj, const char *where, GError **error)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  const char *name, *program, *cwd;
  json_object *list, *enabled;
  QrCompileStep *step;

  if (!json_object_is_type (obj, json_type_object))
    {
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s: a step must be an object", where);
      return NULL;
    }
  if (!string_member (obj, "name", &name, where, error) || !string_member (obj, "program", &program, where, error)
      || !string_member (obj, "cwd", &cwd, where, error))
    return NULL;
  if (program == NULL || program[0] == '\0')
    {
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s: no \"program\"", where);
      return NULL;
    }
  if (json_object_object_get_ex (obj, "args", &list) && list != NULL)
    {
      if (!json_object_is_type (list, json_type_array))
        {
          g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s: \"args\" must be a list of strings", where);
          return NULL;
        }
      for (size_t i = 0; i < json_object_array_length (list); i++)
        {
          json_object *arg = json_object_array_get_idx (list, i);

          if (!json_object_is_type (arg, json_type_string))
            {
              g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s: argument %zu must be a string", where, i + 1);
              return NULL;
            }
          g_ptr_array_add (args, g_strdup (json_object_get_string (arg)));
        }
    }
  if (json_object_object_get_ex (obj, "enabled", &enabled) && enabled != NULL
      && !json_object_is_type (enabled, json_type_boolean))
    {
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s: \"enabled\" must be true or false", where);
      return NULL;
    }
  step = g_new0 (QrCompileStep, 1);
  step->name = g_strdup (name != NULL ? name : program);
  step->program = g_strdup (program);
  step->args = g_steal_pointer (&args);
  step->cwd = g_strdup (cwd);
  step->enabled = enabled == NULL || json_object_get_boolean (enabled);
  return step;
}

static QrCompileProfile *
parse_profile (json_object *obj, const char *where, GError **error)
{
  g_autoptr (GHashTable) variables = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GPtrArray) steps = g_ptr_array_new_with_free_func ((GDestroyNotify) step_free);
  json_object *list, *vars;
  const char *name;
  QrCompileProfile *profile;

  if (!json_object_is_type (obj, json_type_object))
    {
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s: a profile must be an object", where);
      return NULL;
    }
  if (!string_member (obj, "name", &name, where, error))
    return NULL;
  if (name == NULL || name[0] == '\0')
    {
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s: no \"name\"", where);
      return NULL;
    }
  if (!json_object_object_get_ex (obj, "steps", &list) || !json_object_is_type (list, json_type_array))
    {
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s (\"%s\"): \"steps\" must be a list", where, name);
      return NULL;
    }
  for (size_t i = 0; i < json_object_array_length (list); i++)
    {
      g_autofree char *at = g_strdup_printf ("%s (\"%s\"), step %zu", where, name, i + 1);
      QrCompileStep *step = parse_step (json_object_array_get_idx (list, i), at, error);

      if (step == NULL)
        return NULL;
      g_ptr_array_add (steps, step);
    }
  if (json_object_object_get_ex (obj, "variables", &vars) && vars != NULL)
    {
      if (!json_object_is_type (vars, json_type_object))
        {
          g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s (\"%s\"): \"variables\" must be an object", where,
                       name);
          return NULL;
        }
      json_object_object_foreach (vars, key, value)
        {
          if (!json_object_is_type (value, json_type_string))
            {
              g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s (\"%s\"): variable %s must be a string", where,
                           name, key);
              return NULL;
            }
          g_hash_table_replace (variables, g_strdup (key), g_strdup (json_object_get_string (value)));
        }
    }
  profile = g_new0 (QrCompileProfile, 1);
  profile->name = g_strdup (name);
  profile->variables = g_steal_pointer (&variables);
  profile->steps = g_steal_pointer (&steps);
  return profile;
}

QrCompileProfiles *
qr_compile_profiles_parse (const char *text, gsize len, const char *name, GError **error)
{
  json_tokener *tok = json_tokener_new ();
  json_object *root, *list;
  g_autoptr (QrCompileProfiles) profiles = g_new0 (QrCompileProfiles, 1);

  profiles->profiles = g_ptr_array_new_with_free_func ((GDestroyNotify) profile_free);
  /* Strict JSON: a trailing comma is a mistake to point at, not to guess past. */
  json_tokener_set_flags (tok, JSON_TOKENER_STRICT);
  root = len <= G_MAXINT ? json_tokener_parse_ex (tok, text, (int) len) : NULL;
  if (root == NULL || json_tokener_get_parse_end (tok) < len)
    {
      enum json_tokener_error why = json_tokener_get_error (tok);
      QrScanner at;
      int line, column;

      qr_scanner_init (&at, text, len, name);
      qr_scanner_locate (&at, text + MIN (json_tokener_get_parse_end (tok), len), &line, &column);
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s:%d:%d: %s", name, line, column,
                   why == json_tokener_continue ? "the JSON ends too soon"
                   : root != NULL              ? "text after the JSON"
                                               : json_tokener_error_desc (why));
      json_object_put (root);
      json_tokener_free (tok);
      return NULL;
    }
  json_tokener_free (tok);
  if (!json_object_object_get_ex (root, "profiles", &list) || !json_object_is_type (list, json_type_array))
    {
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s: expected an object with a list \"profiles\"", name);
      json_object_put (root);
      return NULL;
    }
  for (size_t i = 0; i < json_object_array_length (list); i++)
    {
      g_autofree char *where = g_strdup_printf ("%s: profile %zu", name, i + 1);
      QrCompileProfile *profile = parse_profile (json_object_array_get_idx (list, i), where, error);

      if (profile == NULL)
        {
          json_object_put (root);
          return NULL;
        }
      g_ptr_array_add (profiles->profiles, profile);
    }
  json_object_put (root);
  return g_steal_pointer (&profiles);
}

QrCompileProfiles *
qr_compile_profiles_load (const char *path, GError **error)
{
  g_autofree char *display = NULL;
  gsize len = 0;
  g_autofree char *text = qr_io_read_text (path, &len, &display, error);

  return text != NULL ? qr_compile_profiles_parse (text, len, display, error) : NULL;
}

const QrCompileProfile *
qr_compile_profiles_find (const QrCompileProfiles *profiles, const char *name)
{
  for (guint i = 0; i < profiles->profiles->len; i++)
    {
      const QrCompileProfile *p = g_ptr_array_index (profiles->profiles, i);

      if (g_ascii_strcasecmp (p->name, name) == 0)
        return p;
    }
  return NULL;
}

GHashTable *
qr_compile_variables (const QrCompileProfile *profile, const char *map_path, GHashTable *overrides)
{
  GHashTable *vars = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GFile) file = g_file_new_for_path (map_path);
  g_autofree char *full = g_file_get_path (file);
  g_autofree char *base = g_path_get_basename (full);
  const char *dot = strrchr (base, '.');
  GHashTableIter iter;
  gpointer key, value;

  if (profile != NULL)
    {
      g_hash_table_iter_init (&iter, profile->variables);
      while (g_hash_table_iter_next (&iter, &key, &value))
        g_hash_table_replace (vars, g_strdup (key), g_strdup (value));
    }
  g_hash_table_replace (vars, g_strdup ("MAP_FULL"), g_strdup (full));
  g_hash_table_replace (vars, g_strdup ("MAP_DIR"), g_path_get_dirname (full));
  g_hash_table_replace (vars, g_strdup ("MAP_FILE"), g_strdup (base));
  g_hash_table_replace (vars, g_strdup ("MAP_BASE"),
                        dot != NULL && dot != base ? g_strndup (base, (gsize) (dot - base)) : g_strdup (base));
  if (overrides != NULL)
    {
      g_hash_table_iter_init (&iter, overrides);
      while (g_hash_table_iter_next (&iter, &key, &value))
        g_hash_table_replace (vars, g_strdup (key), g_strdup (value));
    }
  return vars;
}

char *
qr_compile_expand (const char *text, GHashTable *variables, GError **error)
{
  g_autoptr (GString) out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      const char *close;
      g_autofree char *name = NULL;
      const char *value;

      if (p[0] != '$' || (p[1] != '{' && p[1] != '$'))
        {
          g_string_append_c (out, *p);
          continue;
        }
      if (p[1] == '$')
        {
          g_string_append_c (out, '$');
          p++;
          continue;
        }
      close = strchr (p + 2, '}');
      if (close == NULL)
        {
          g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "\"%s\": ${ without its }", text);
          return NULL;
        }
      name = g_strndup (p + 2, (gsize) (close - p - 2));
      value = g_hash_table_lookup (variables, name);
      if (value == NULL)
        {
          g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE,
                       "\"%s\": the variable %s is not set (set it in the profile's \"variables\")", text, name);
          return NULL;
        }
      g_string_append (out, value);
      p = close;
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}
