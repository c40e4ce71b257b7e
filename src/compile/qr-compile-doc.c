/* qr-compile-doc.c — see qr-compile-doc.h. */
#include "qr-compile-doc.h"

#include <json-c/json.h>
#include <string.h>
#include "qr-io.h"

struct _QrCompileDoc
{
  json_object *root; /* owned: { "profiles": [ … ], … } as checked */
};

QrCompileDoc *
qr_compile_doc_new (void)
{
  QrCompileDoc *doc = g_new0 (QrCompileDoc, 1);

  doc->root = json_object_new_object ();
  json_object_object_add (doc->root, "profiles", json_object_new_array ());
  return doc;
}

QrCompileDoc *
qr_compile_doc_parse (const char *text, gsize len, const char *name, GError **error)
{
  g_autoptr (QrCompileProfiles) checked = qr_compile_profiles_parse (text, len, name, error);
  QrCompileDoc *doc;

  if (checked == NULL)
    return NULL;
  doc = g_new0 (QrCompileDoc, 1);
  /* The parser took it: it is one JSON object with a list of profiles. */
  doc->root = json_tokener_parse (text);
  g_assert (doc->root != NULL);
  return doc;
}

QrCompileDoc *
qr_compile_doc_load (const char *path, GError **error)
{
  g_autofree char *display = NULL;
  gsize len = 0;
  g_autofree char *text = qr_io_read_text (path, &len, &display, error);

  return text != NULL ? qr_compile_doc_parse (text, len, display, error) : NULL;
}

void
qr_compile_doc_free (QrCompileDoc *doc)
{
  if (doc == NULL)
    return;
  json_object_put (doc->root);
  g_free (doc);
}

char *
qr_compile_doc_to_text (const QrCompileDoc *doc)
{
  const char *text = json_object_to_json_string_ext (
      doc->root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);

  return g_strconcat (text, "\n", NULL);
}

QrCompileProfiles *
qr_compile_doc_check (const QrCompileDoc *doc, GError **error)
{
  g_autofree char *text = qr_compile_doc_to_text (doc);
  g_autoptr (QrCompileProfiles) profiles = qr_compile_profiles_parse (text, strlen (text), "compile profiles", error);

  if (profiles == NULL)
    return NULL;
  for (guint i = 0; i < profiles->profiles->len; i++)
    {
      const char *name = ((const QrCompileProfile *) g_ptr_array_index (profiles->profiles, i))->name;

      /* The Compile window and quarry-cli find profiles by name. */
      if (qr_compile_doc_has_profile (doc, name, i))
        {
          g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "two profiles are called “%s”", name);
          return NULL;
        }
    }
  return g_steal_pointer (&profiles);
}

gboolean
qr_compile_doc_save (const QrCompileDoc *doc, const char *path, GError **error)
{
  g_autoptr (QrCompileProfiles) checked = qr_compile_doc_check (doc, error);
  g_autofree char *text = NULL;

  if (checked == NULL)
    return FALSE;
  text = qr_compile_doc_to_text (doc);
  /* GLib writes a temporary file beside it and renames it over the old. */
  return g_file_set_contents (path, text, -1, error);
}

/* ---- profiles ---- */

static json_object *
profile_list (const QrCompileDoc *doc)
{
  return json_object_object_get (doc->root, "profiles");
}

static json_object *
profile (const QrCompileDoc *doc, guint p)
{
  json_object *obj = json_object_array_get_idx (profile_list (doc), p);

  g_return_val_if_fail (obj != NULL, NULL);
  return obj;
}

/* A new array with `item` (a reference taken over) at `at` of `list`'s
 * items, put in list's place under parent's `key`: json-c has no insert. */
static void
insert_at (json_object *parent, const char *key, guint at, json_object *item)
{
  json_object *list = json_object_object_get (parent, key);
  size_t n = json_object_array_length (list);
  json_object *grown = json_object_new_array_ext ((int) n + 1);

  for (size_t i = 0; i <= n; i++)
    {
      if (i == at)
        json_object_array_add (grown, item);
      if (i < n)
        json_object_array_add (grown, json_object_get (json_object_array_get_idx (list, i)));
    }
  /* Replacing a member keeps its place among the others. */
  json_object_object_add (parent, key, grown);
}

guint
qr_compile_doc_n_profiles (const QrCompileDoc *doc)
{
  return (guint) json_object_array_length (profile_list (doc));
}

const char *
qr_compile_doc_profile_name (const QrCompileDoc *doc, guint p)
{
  return json_object_get_string (json_object_object_get (profile (doc, p), "name"));
}

void
qr_compile_doc_set_profile_name (QrCompileDoc *doc, guint p, const char *name)
{
  json_object_object_add (profile (doc, p), "name", json_object_new_string (name));
}

gboolean
qr_compile_doc_has_profile (const QrCompileDoc *doc, const char *name, guint except)
{
  for (guint i = 0; i < qr_compile_doc_n_profiles (doc); i++)
    if (i != except && g_ascii_strcasecmp (qr_compile_doc_profile_name (doc, i), name) == 0)
      return TRUE;
  return FALSE;
}

guint
qr_compile_doc_add_profile (QrCompileDoc *doc, const char *name)
{
  json_object *obj = json_object_new_object ();

  json_object_object_add (obj, "name", json_object_new_string (name));
  json_object_object_add (obj, "variables", json_object_new_object ());
  json_object_object_add (obj, "steps", json_object_new_array ());
  json_object_array_add (profile_list (doc), obj);
  return qr_compile_doc_n_profiles (doc) - 1;
}

guint
qr_compile_doc_duplicate_profile (QrCompileDoc *doc, guint p, const char *name)
{
  json_object *copy = NULL;

  if (json_object_deep_copy (profile (doc, p), &copy, NULL) != 0)
    g_error ("out of memory copying a compile profile");
  json_object_object_add (copy, "name", json_object_new_string (name));
  insert_at (doc->root, "profiles", p + 1, copy);
  return p + 1;
}

void
qr_compile_doc_remove_profile (QrCompileDoc *doc, guint p)
{
  json_object_array_del_idx (profile_list (doc), p, 1);
}

/* ---- variables ---- */

/* The profile's "variables", made when absent. */
static json_object *
variables (QrCompileDoc *doc, guint p)
{
  json_object *obj = profile (doc, p), *vars;

  if (!json_object_object_get_ex (obj, "variables", &vars) || vars == NULL)
    {
      vars = json_object_new_object ();
      json_object_object_add (obj, "variables", vars);
    }
  return vars;
}

/* The i-th member of an object, in the file's order. */
static struct lh_entry *
member_at (json_object *obj, guint i)
{
  struct lh_entry *entry = json_object_get_object (obj)->head;

  for (; entry != NULL && i > 0; i--)
    entry = entry->next;
  return entry;
}

guint
qr_compile_doc_n_variables (const QrCompileDoc *doc, guint p)
{
  json_object *vars;

  return json_object_object_get_ex (profile (doc, p), "variables", &vars) && vars != NULL
             ? (guint) json_object_object_length (vars)
             : 0;
}

const char *
qr_compile_doc_variable_name (const QrCompileDoc *doc, guint p, guint i)
{
  struct lh_entry *entry = member_at (variables ((QrCompileDoc *) doc, p), i);

  return entry != NULL ? lh_entry_k (entry) : NULL;
}

const char *
qr_compile_doc_variable_value (const QrCompileDoc *doc, guint p, guint i)
{
  struct lh_entry *entry = member_at (variables ((QrCompileDoc *) doc, p), i);

  return entry != NULL ? json_object_get_string ((json_object *) lh_entry_v (entry)) : NULL;
}

gboolean
qr_compile_doc_set_variable (QrCompileDoc *doc, guint p, guint i, const char *name, const char *value)
{
  json_object *vars = variables (doc, p), *renamed;
  guint at = 0;

  if (name[0] == '\0')
    return FALSE;
  json_object_object_foreach (vars, key, val)
    {
      (void) val;
      if (at++ != i && strcmp (key, name) == 0)
        return FALSE;
    }
  /* A new object in the same order: json-c renames no member in place. */
  renamed = json_object_new_object ();
  at = 0;
  json_object_object_foreach (vars, k, v)
    {
      if (at++ == i)
        json_object_object_add (renamed, name, json_object_new_string (value));
      else
        json_object_object_add (renamed, k, json_object_get (v));
    }
  json_object_object_add (profile (doc, p), "variables", renamed);
  return TRUE;
}

gboolean
qr_compile_doc_add_variable (QrCompileDoc *doc, guint p, const char *name)
{
  json_object *vars = variables (doc, p);

  if (name[0] == '\0' || json_object_object_get_ex (vars, name, NULL))
    return FALSE;
  json_object_object_add (vars, name, json_object_new_string (""));
  return TRUE;
}

void
qr_compile_doc_remove_variable (QrCompileDoc *doc, guint p, guint i)
{
  const char *name = qr_compile_doc_variable_name (doc, p, i);

  if (name != NULL)
    {
      g_autofree char *key = g_strdup (name);
      json_object_object_del (variables (doc, p), key);
    }
}

/* ---- steps ---- */

static json_object *
step_list (const QrCompileDoc *doc, guint p)
{
  return json_object_object_get (profile (doc, p), "steps");
}

static json_object *
step (const QrCompileDoc *doc, guint p, guint s)
{
  json_object *obj = json_object_array_get_idx (step_list (doc, p), s);

  g_return_val_if_fail (obj != NULL, NULL);
  return obj;
}

guint
qr_compile_doc_n_steps (const QrCompileDoc *doc, guint p)
{
  return (guint) json_object_array_length (step_list (doc, p));
}

const char *
qr_compile_doc_step_get (const QrCompileDoc *doc, guint p, guint s, const char *member)
{
  json_object *value;

  return json_object_object_get_ex (step (doc, p, s), member, &value) && value != NULL
             ? json_object_get_string (value)
             : NULL;
}

void
qr_compile_doc_step_set (QrCompileDoc *doc, guint p, guint s, const char *member, const char *value)
{
  json_object *obj = step (doc, p, s);

  if ((value == NULL || value[0] == '\0') && strcmp (member, "program") != 0)
    json_object_object_del (obj, member);
  else
    json_object_object_add (obj, member, json_object_new_string (value != NULL ? value : ""));
}

char **
qr_compile_doc_step_args (const QrCompileDoc *doc, guint p, guint s)
{
  json_object *list;
  GPtrArray *args = g_ptr_array_new ();

  if (json_object_object_get_ex (step (doc, p, s), "args", &list) && list != NULL)
    for (size_t i = 0; i < json_object_array_length (list); i++)
      g_ptr_array_add (args, g_strdup (json_object_get_string (json_object_array_get_idx (list, i))));
  g_ptr_array_add (args, NULL);
  return (char **) g_ptr_array_free (args, FALSE);
}

void
qr_compile_doc_step_set_args (QrCompileDoc *doc, guint p, guint s, const char *const *args)
{
  json_object *list = json_object_new_array ();

  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    json_object_array_add (list, json_object_new_string (args[i]));
  json_object_object_add (step (doc, p, s), "args", list);
}

gboolean
qr_compile_doc_step_enabled (const QrCompileDoc *doc, guint p, guint s)
{
  json_object *value;

  return !json_object_object_get_ex (step (doc, p, s), "enabled", &value) || value == NULL
         || json_object_get_boolean (value);
}

void
qr_compile_doc_step_set_enabled (QrCompileDoc *doc, guint p, guint s, gboolean enabled)
{
  if (enabled)
    json_object_object_del (step (doc, p, s), "enabled");
  else
    json_object_object_add (step (doc, p, s), "enabled", json_object_new_boolean (FALSE));
}

guint
qr_compile_doc_add_step (QrCompileDoc *doc, guint p, const char *program)
{
  json_object *obj = json_object_new_object ();
  json_object *list = step_list (doc, p);

  json_object_object_add (obj, "program", json_object_new_string (program));
  json_object_object_add (obj, "args", json_object_new_array ());
  json_object_array_add (list, obj);
  return (guint) json_object_array_length (list) - 1;
}

void
qr_compile_doc_remove_step (QrCompileDoc *doc, guint p, guint s)
{
  json_object_array_del_idx (step_list (doc, p), s, 1);
}

gboolean
qr_compile_doc_move_step (QrCompileDoc *doc, guint p, guint s, int delta)
{
  json_object *list = step_list (doc, p);
  guint n = (guint) json_object_array_length (list);
  guint other = delta < 0 ? s - 1 : s + 1;
  json_object *a, *b;

  if ((delta < 0 && s == 0) || (delta > 0 && s + 1 >= n) || s >= n)
    return FALSE;
  a = json_object_get (json_object_array_get_idx (list, s));
  b = json_object_get (json_object_array_get_idx (list, other));
  /* put_idx releases what it replaces: each was given an extra reference. */
  json_object_array_put_idx (list, s, b);
  json_object_array_put_idx (list, other, a);
  return TRUE;
}

/* ---- arguments as a line ---- */

/* Whether a shell would read the argument as it is: ${NAME} included. */
static gboolean
plain_word (const char *arg)
{
  if (arg[0] == '\0')
    return FALSE;
  for (const char *c = arg; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && strchr ("-_./:${}=+,@%^", *c) == NULL && !((guchar) *c & 0x80))
      return FALSE;
  return TRUE;
}

char *
qr_compile_args_to_line (const char *const *args)
{
  g_autoptr (GString) line = g_string_new (NULL);

  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append_c (line, ' ');
      if (plain_word (args[i]))
        g_string_append (line, args[i]);
      else
        {
          g_autofree char *quoted = g_shell_quote (args[i]);
          g_string_append (line, quoted);
        }
    }
  return g_string_free (g_steal_pointer (&line), FALSE);
}

char **
qr_compile_args_from_line (const char *line, GError **error)
{
  char **argv = NULL;
  g_autoptr (GError) why = NULL;

  /* GLib refuses an empty line: that is no arguments. */
  for (const char *c = line; *c != '\0'; c++)
    if (!g_ascii_isspace (*c))
      {
        if (!g_shell_parse_argv (line, NULL, &argv, &why))
          {
            g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s", why->message);
            return NULL;
          }
        return argv;
      }
  return g_new0 (char *, 1);
}
