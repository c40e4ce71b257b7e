/* qr-game-flags.c — see qr-game-flags.h. */
#include "qr-game-flags.h"

#include <json-c/json.h>
#include "qr-io.h"

static void
flag_clear (gpointer data)
{
  QrGameFlag *flag = data;
  g_free (flag->name);
  g_free (flag->description);
}

void
qr_game_flags_free (QrGameFlags *flags)
{
  if (flags == NULL)
    return;
  g_free (flags->game);
  g_clear_pointer (&flags->contents, g_array_unref);
  g_clear_pointer (&flags->surface, g_array_unref);
  g_free (flags);
}

static gboolean
read_list (json_object *root, const char *key, GArray *out, GError **error)
{
  json_object *list;
  if (!json_object_object_get_ex (root, key, &list))
    return TRUE; /* a game may name only one kind */
  if (!json_object_is_type (list, json_type_array))
    {
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "“%s” is not a list", key);
      return FALSE;
    }
  guint32 seen = 0;
  for (size_t i = 0; i < json_object_array_length (list); i++)
    {
      json_object *item = json_object_array_get_idx (list, i), *bit, *name, *description;
      if (!json_object_is_type (item, json_type_object) || !json_object_object_get_ex (item, "bit", &bit)
          || !json_object_is_type (bit, json_type_int) || !json_object_object_get_ex (item, "name", &name)
          || !json_object_is_type (name, json_type_string) || json_object_get_string_len (name) == 0)
        {
          g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s[%zu]: a flag needs a “bit” and a “name”", key, i);
          return FALSE;
        }
      int64_t b = json_object_get_int64 (bit);
      if (b < 0 || b > 31 || (seen & (UINT32_C (1) << b)) != 0)
        {
          g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s[%zu]: bit %" G_GINT64_FORMAT " is %s", key, i,
                       (gint64) b, b < 0 || b > 31 ? "not 0–31" : "named twice");
          return FALSE;
        }
      seen |= UINT32_C (1) << b;
      QrGameFlag flag = { (guint) b, g_strdup (json_object_get_string (name)), NULL };
      if (json_object_object_get_ex (item, "description", &description)
          && json_object_is_type (description, json_type_string))
        flag.description = g_strdup (json_object_get_string (description));
      g_array_append_val (out, flag);
    }
  return TRUE;
}

QrGameFlags *
qr_game_flags_parse (const char *text, gsize length, GError **error)
{
  g_return_val_if_fail (text != NULL, NULL);
  json_tokener *tok = json_tokener_new ();
  json_object *root = json_tokener_parse_ex (tok, text, (int) length);
  enum json_tokener_error jerr = json_tokener_get_error (tok);
  size_t offset = json_tokener_get_parse_end (tok);
  json_tokener_free (tok);
  if (root == NULL || jerr != json_tokener_success)
    {
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "byte %zu: %s", offset,
                   root == NULL && jerr == json_tokener_success ? "no JSON value" : json_tokener_error_desc (jerr));
      json_object_put (root);
      return NULL;
    }
  g_autoptr (QrGameFlags) flags = g_new0 (QrGameFlags, 1);
  flags->contents = g_array_new (FALSE, FALSE, sizeof (QrGameFlag));
  flags->surface = g_array_new (FALSE, FALSE, sizeof (QrGameFlag));
  g_array_set_clear_func (flags->contents, flag_clear);
  g_array_set_clear_func (flags->surface, flag_clear);
  json_object *game;
  gboolean ok = json_object_is_type (root, json_type_object);
  if (!ok)
    g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "the configuration is not a JSON object");
  else
    {
      if (json_object_object_get_ex (root, "game", &game) && json_object_is_type (game, json_type_string))
        flags->game = g_strdup (json_object_get_string (game));
      ok = read_list (root, "contents", flags->contents, error) && read_list (root, "surface", flags->surface, error);
    }
  json_object_put (root);
  return ok ? g_steal_pointer (&flags) : NULL;
}

QrGameFlags *
qr_game_flags_load (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  gsize length = 0;
  g_autoptr (GError) read_error = NULL;
  if (!g_file_get_contents (path, &text, &length, &read_error))
    {
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_READ, "%s", read_error->message);
      return NULL;
    }
  g_autoptr (GError) parse_error = NULL;
  QrGameFlags *flags = qr_game_flags_parse (text, length, &parse_error);
  if (flags == NULL)
    g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s: %s", path, parse_error->message);
  return flags;
}

const QrGameFlag *
qr_game_flags_find (const GArray *list, const char *name)
{
  for (guint i = 0; list != NULL && i < list->len; i++)
    {
      const QrGameFlag *flag = &g_array_index (list, QrGameFlag, i);
      if (g_ascii_strcasecmp (flag->name, name) == 0)
        return flag;
    }
  return NULL;
}
