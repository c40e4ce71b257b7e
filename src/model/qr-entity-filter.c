/* qr-entity-filter.c — see qr-entity-filter.h. */
#include "qr-entity-filter.h"

#include <string.h>

typedef struct
{
  char *key;    /* folded; NULL for a plain word */
  char *value;  /* folded: the plain word, or the part after '=' */
} QrFilterWord;

struct _QrEntityFilter
{
  GArray *words; /* QrFilterWord */
};

static void
clear_word (gpointer data)
{
  QrFilterWord *word = data;
  g_free (word->key);
  g_free (word->value);
}

QrEntityFilter *
qr_entity_filter_new (const char *text)
{
  QrEntityFilter *filter = g_new0 (QrEntityFilter, 1);
  filter->words = g_array_new (FALSE, FALSE, sizeof (QrFilterWord));
  g_array_set_clear_func (filter->words, clear_word);
  if (text == NULL)
    return filter;
  g_auto (GStrv) words = g_strsplit_set (text, " \t\n", -1);
  for (char **w = words; *w != NULL; w++)
    {
      if (**w == '\0')
        continue;
      g_autofree char *folded = g_ascii_strdown (*w, -1);
      char *eq = strchr (folded, '=');
      QrFilterWord word = { NULL, NULL };
      if (eq != NULL)
        {
          word.key = g_strndup (folded, (gsize) (eq - folded));
          word.value = g_strdup (eq + 1);
        }
      else
        word.value = g_steal_pointer (&folded);
      g_array_append_val (filter->words, word);
    }
  return filter;
}

void
qr_entity_filter_free (QrEntityFilter *filter)
{
  if (filter == NULL)
    return;
  g_array_unref (filter->words);
  g_free (filter);
}

bool
qr_entity_filter_is_empty (const QrEntityFilter *filter)
{
  return filter->words->len == 0;
}

/* Whether needle (folded) is part of haystack, ignoring ASCII case. */
static bool
contains_folded (const char *haystack, const char *needle)
{
  size_t n = strlen (needle);
  if (n == 0)
    return true;
  for (const char *h = haystack; *h != '\0'; h++)
    if (g_ascii_tolower (*h) == needle[0] && g_ascii_strncasecmp (h, needle, n) == 0)
      return true;
  return false;
}

static bool
word_matches (const QrFilterWord *word, const QrEntity *entity)
{
  if (word->key == NULL)
    {
      /* A bare brush list has no classname key but is the world. */
      if (contains_folded (qr_entity_get_classname (entity), word->value))
        return true;
      const char *name = qr_entity_get_key (entity, "targetname");
      if (name != NULL && contains_folded (name, word->value))
        return true;
    }
  for (guint i = 0; i < entity->keys->len; i++)
    {
      const QrKeyValue *kv = &g_array_index (entity->keys, QrKeyValue, i);
      if (word->key == NULL)
        {
          if (contains_folded (kv->key, word->value))
            return true;
        }
      else if ((word->key[0] == '\0' || g_ascii_strcasecmp (kv->key, word->key) == 0)
               && contains_folded (kv->value, word->value))
        return true;
    }
  return false;
}

bool
qr_entity_filter_matches (const QrEntityFilter *filter, const QrEntity *entity)
{
  g_return_val_if_fail (filter != NULL && entity != NULL, false);
  for (guint i = 0; i < filter->words->len; i++)
    if (!word_matches (&g_array_index (filter->words, QrFilterWord, i), entity))
      return false;
  return true;
}
