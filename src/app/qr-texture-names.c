/* qr-texture-names.c — see qr-texture-names.h. */
#include "qr-texture-names.h"

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_ascii_strcasecmp (*(const char *const *) a, *(const char *const *) b);
}

GtkListStore *
qr_texture_names_model (QrTextureFinder *finder, const QrMap *map)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  for (guint c = 0; finder != NULL && c < qr_texture_finder_n_collections (finder); c++)
    {
      const QrCollection *info = qr_texture_finder_collection (finder, c);
      for (guint j = 0; j < info->n_textures; j++)
        g_ptr_array_add (names, (gpointer) qr_texture_finder_texture_name (finder, c, j));
    }
  g_auto (GStrv) used = map != NULL ? qr_texture_used_names (map) : NULL;
  for (guint i = 0; used != NULL && used[i] != NULL; i++)
    g_ptr_array_add (names, used[i]);
  g_ptr_array_sort (names, compare_names);
  GtkListStore *store = gtk_list_store_new (1, G_TYPE_STRING);
  const char *last = NULL;
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = names->pdata[i];
      if (last != NULL && g_ascii_strcasecmp (last, name) == 0)
        continue;
      gtk_list_store_insert_with_values (store, NULL, -1, 0, name, -1);
      last = name;
    }
  return store;
}

GtkEntryCompletion *
qr_texture_names_completion (GtkEntry *entry)
{
  GtkEntryCompletion *completion = gtk_entry_completion_new ();
  gtk_entry_completion_set_text_column (completion, 0);
  gtk_entry_completion_set_minimum_key_length (completion, 1);
  gtk_entry_completion_set_popup_single_match (completion, TRUE);
  gtk_entry_set_completion (entry, completion);
  return completion;
}
