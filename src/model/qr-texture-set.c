/* qr-texture-set.c — name → texture, case-insensitive, in insertion order. */
#include "qr-texture-set.h"

#include <string.h>

struct _QrTextureSet
{
  GPtrArray *entries; /* QrTexture*, owned, in insertion order */
  GHashTable *index;  /* name, compared ignoring ASCII case (the entry's own) → position + 1 */
  guint64 generation;
};

static void
texture_free (gpointer data)
{
  QrTexture *t = data;
  g_free (t->name);
  g_free (t->rgba);
  g_free (t->rgba2);
  g_free (t->collection);
  g_free (t);
}

/* The games compare texture names ignoring ASCII case: hashing and
 * comparing that way lets a lookup (every batch, every face's UVs) find a
 * name without making a folded copy of it. */
static guint
fold_hash (gconstpointer key)
{
  guint h = 5381;
  for (const char *p = key; *p != '\0'; p++)
    h = h * 33 + (guchar) g_ascii_tolower (*p);
  return h;
}

static gboolean
fold_equal (gconstpointer a, gconstpointer b)
{
  return g_ascii_strcasecmp (a, b) == 0;
}

QrTextureSet *
qr_texture_set_new (void)
{
  QrTextureSet *set = g_new0 (QrTextureSet, 1);
  set->entries = g_ptr_array_new_with_free_func (texture_free);
  set->index = g_hash_table_new (fold_hash, fold_equal);
  return set;
}

void
qr_texture_set_free (QrTextureSet *set)
{
  if (set == NULL)
    return;
  g_hash_table_unref (set->index);
  g_ptr_array_unref (set->entries);
  g_free (set);
}

guint
qr_texture_flags_from_name (const char *name)
{
  guint flags = 0;
  if (name[0] == '{')
    flags |= QR_TEXTURE_FLAG_TRANSPARENT;
  if (name[0] == '*' || name[0] == '!')
    flags |= QR_TEXTURE_FLAG_LIQUID;
  if (name[0] == '+' && name[1] != '\0')
    flags |= QR_TEXTURE_FLAG_ANIMATED;
  if (g_ascii_strncasecmp (name, "sky", 3) == 0)
    flags |= QR_TEXTURE_FLAG_SKY;
  return flags;
}

QrTexture *
qr_texture_set_put (QrTextureSet *set, const char *name, int width, int height, uint8_t *rgba,
                    QrTextureStatus status, const char *collection)
{
  gpointer pos = g_hash_table_lookup (set->index, name);
  QrTexture *t;
  if (pos != NULL)
    {
      t = g_ptr_array_index (set->entries, GPOINTER_TO_UINT (pos) - 1);
      g_free (t->rgba);
      g_clear_pointer (&t->rgba2, g_free);
      t->width2 = t->height2 = 0;
      g_free (t->collection);
    }
  else
    {
      t = g_new0 (QrTexture, 1);
      t->name = g_strdup (name);
      t->flags = qr_texture_flags_from_name (name);
      g_ptr_array_add (set->entries, t);
      g_hash_table_insert (set->index, t->name, GUINT_TO_POINTER (set->entries->len));
    }
  t->width = width;
  t->height = height;
  t->rgba = rgba;
  t->status = status;
  t->collection = g_strdup (collection);
  set->generation++;
  return t;
}

void
qr_texture_set_put_layer2 (QrTextureSet *set, const char *name, int width, int height, uint8_t *rgba)
{
  gpointer pos = g_hash_table_lookup (set->index, name);
  g_return_if_fail (pos != NULL);
  QrTexture *t = g_ptr_array_index (set->entries, GPOINTER_TO_UINT (pos) - 1);
  g_free (t->rgba2);
  t->rgba2 = rgba;
  t->width2 = width;
  t->height2 = height;
  set->generation++;
}

const QrTexture *
qr_texture_set_lookup (const QrTextureSet *set, const char *name)
{
  gpointer pos = g_hash_table_lookup (set->index, name);
  return pos != NULL ? g_ptr_array_index (set->entries, GPOINTER_TO_UINT (pos) - 1) : NULL;
}

guint
qr_texture_set_count (const QrTextureSet *set)
{
  return set->entries->len;
}

const QrTexture *
qr_texture_set_nth (const QrTextureSet *set, guint i)
{
  g_return_val_if_fail (i < set->entries->len, NULL);
  return g_ptr_array_index (set->entries, i);
}

void
qr_texture_set_clear (QrTextureSet *set)
{
  g_hash_table_remove_all (set->index); /* first: its keys are the entries' names */
  g_ptr_array_set_size (set->entries, 0);
  set->generation++;
}

void
qr_texture_set_move_from (QrTextureSet *dst, QrTextureSet *src)
{
  for (guint i = 0; i < src->entries->len; i++)
    {
      QrTexture *t = g_ptr_array_index (src->entries, i);
      QrTexture *put = qr_texture_set_put (dst, t->name, t->width, t->height, g_steal_pointer (&t->rgba),
                                           t->status, t->collection);
      put->flags = t->flags;
      if (t->rgba2 != NULL)
        qr_texture_set_put_layer2 (dst, t->name, t->width2, t->height2, g_steal_pointer (&t->rgba2));
    }
  qr_texture_set_clear (src);
}

guint64
qr_texture_set_generation (const QrTextureSet *set)
{
  return set->generation;
}
