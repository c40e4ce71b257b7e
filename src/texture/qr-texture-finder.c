/* qr-texture-finder.c — collections of a map, in the order its game reads them. */
#include "qr-texture-finder.h"

#include <string.h>

#include "qr-palette.h"
#include "qr-patch.h"
#include "qr-texture-path.h"
#include "qr-texture-source.h"
#include "qr-wad.h"

typedef struct
{
  QrCollection info;
  QrWad *wad;               /* WAD collections */
  QrTextureSource *source;  /* folders, PAKs, Source content folders */
} Collection;

struct _QrTextureFinder
{
  GPtrArray *collections; /* Collection *, owned */
  QrPalette palette;      /* the game's palette for WAD2 miptex */
};

static void
collection_free (gpointer data)
{
  Collection *c = data;
  g_free (c->info.name);
  g_free (c->info.path);
  g_free (c->info.error);
  if (c->wad != NULL)
    qr_wad_free (c->wad);
  if (c->source != NULL)
    qr_texture_source_free (c->source);
  g_free (c);
}

const char *
qr_collection_format_name (QrCollectionFormat format)
{
  switch (format)
    {
    case QR_COLLECTION_WAD2: return "wad2";
    case QR_COLLECTION_WAD3: return "wad3";
    case QR_COLLECTION_FOLDER: return "folder";
    case QR_COLLECTION_PAK: return "pak";
    case QR_COLLECTION_VTF: return "vtf";
    }
  return "folder";
}

static void
add_wad (QrTextureFinder *finder, const char *written, const char *map_dir,
         const char *const *search_dirs)
{
  Collection *c = g_new0 (Collection, 1);
  c->info.name = g_strdup (written);
  c->info.format = QR_COLLECTION_WAD2;
  c->info.wad_entry = (int) finder->collections->len;
  c->info.path = qr_texture_path_resolve (written, map_dir, search_dirs);
  if (c->info.path == NULL)
    c->info.error = g_strdup ("not found beside the map, in its parent folders or in the search folders");
  else
    {
      g_autoptr (GError) error = NULL;
      c->wad = qr_wad_open (c->info.path, &error);
      if (c->wad == NULL)
        c->info.error = g_strdup (error->message);
      else
        {
          c->info.format = qr_wad_is_wad3 (c->wad) ? QR_COLLECTION_WAD3 : QR_COLLECTION_WAD2;
          c->info.n_textures = qr_wad_n_textures (c->wad);
        }
    }
  g_ptr_array_add (finder->collections, c);
}

static bool
has_collection (QrTextureFinder *finder, const char *path)
{
  for (guint i = 0; i < finder->collections->len; i++)
    {
      Collection *c = g_ptr_array_index (finder->collections, i);
      if (c->info.path != NULL && strcmp (c->info.path, path) == 0)
        return true;
    }
  return false;
}

static void
add_folder (QrTextureFinder *finder, const char *path, QrCollectionFormat format)
{
  g_autofree char *canonical = g_canonicalize_filename (path, NULL);
  if (has_collection (finder, canonical))
    return;
  Collection *c = g_new0 (Collection, 1);
  c->info.name = g_strdup (path);
  c->info.path = g_steal_pointer (&canonical);
  c->info.wad_entry = -1;
  c->info.format = g_str_has_suffix (path, ".pak") || g_str_has_suffix (path, ".PAK")
                       ? QR_COLLECTION_PAK
                       : format;
  g_autoptr (GError) error = NULL;
  c->source = qr_texture_source_open (c->info.path, &error);
  if (c->source == NULL)
    c->info.error = g_strdup (error->message);
  else
    c->info.n_textures = qr_texture_source_count (c->source);
  g_ptr_array_add (finder->collections, c);
}

/* A folder a game reads content from: it has textures/, materials/ or a PAK. */
static bool
looks_like_content_folder (const char *dir)
{
  static const char *const marks[] = { "textures", "materials", "pak0.pak", "scripts" };
  for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
    {
      g_autofree char *found = qr_path_find_nocase (dir, marks[i]);
      if (found != NULL)
        return true;
    }
  return false;
}

/* gfx/palette.lmp of the game: in the map's parents (and their id1/), the
 * search folders, or a PAK there; else LibreQuake's built-in copy. */
static void
find_palette (QrTextureFinder *finder, const char *map_dir, const char *const *search_dirs)
{
  static const char *const rels[] = { "gfx/palette.lmp", "id1/gfx/palette.lmp" };
  GPtrArray *dirs = g_ptr_array_new_with_free_func (g_free);
  if (map_dir != NULL)
    {
      g_autofree char *dir = g_canonicalize_filename (map_dir, NULL);
      for (;;)
        {
          g_ptr_array_add (dirs, g_strdup (dir));
          g_autofree char *parent = g_path_get_dirname (dir);
          if (strcmp (parent, dir) == 0)
            break;
          g_free (dir);
          dir = g_steal_pointer (&parent);
        }
    }
  for (guint i = 0; search_dirs != NULL && search_dirs[i] != NULL; i++)
    g_ptr_array_add (dirs, g_strdup (search_dirs[i]));

  finder->palette = *qr_palette_quake_default ();
  for (guint d = 0; d < dirs->len; d++)
    for (guint r = 0; r < G_N_ELEMENTS (rels); r++)
      {
        g_autofree char *path = qr_path_find_nocase (g_ptr_array_index (dirs, d), rels[r]);
        g_autofree char *data = NULL;
        gsize size = 0;
        if (path != NULL && g_file_get_contents (path, &data, &size, NULL)
            && qr_palette_from_lmp ((const uint8_t *) data, size, &finder->palette, NULL))
          {
            g_ptr_array_unref (dirs);
            return;
          }
      }
  /* in a PAK of a content folder */
  for (guint i = 0; i < finder->collections->len; i++)
    {
      Collection *c = g_ptr_array_index (finder->collections, i);
      if (c->source != NULL && qr_texture_source_palette (c->source, &finder->palette))
        break;
    }
  g_ptr_array_unref (dirs);
}

const char *
qr_texture_finder_wad_key (const QrMap *map)
{
  const QrEntity *world = qr_map_entity_count (map) > 0 ? qr_map_get_entity (map, 0) : NULL;
  if (world == NULL)
    return NULL;
  const char *wad_key = qr_entity_get_key (world, "wad");
  /* Half-Life's compilers also read "_wad" when "wad" is absent */
  return wad_key != NULL ? wad_key : qr_entity_get_key (world, "_wad");
}

QrTextureFinder *
qr_texture_finder_new_for_map (const QrMap *map, const char *map_path, const char *const *search_dirs)
{
  return qr_texture_finder_new (qr_texture_finder_wad_key (map), map->kind, map_path, search_dirs);
}

QrTextureFinder *
qr_texture_finder_new (const char *wad_key, QrFileKind kind, const char *map_path,
                       const char *const *search_dirs)
{
  QrTextureFinder *finder = g_new0 (QrTextureFinder, 1);
  finder->collections = g_ptr_array_new_with_free_func (collection_free);
  g_autofree char *map_dir = map_path != NULL ? g_path_get_dirname (map_path) : NULL;
  QrCollectionFormat folder_format = kind == QR_FILE_VMF ? QR_COLLECTION_VTF : QR_COLLECTION_FOLDER;

  g_auto (GStrv) wads = qr_wad_key_split (wad_key);
  for (char **w = wads; *w != NULL; w++)
    add_wad (finder, *w, map_dir, search_dirs);

  for (guint i = 0; search_dirs != NULL && search_dirs[i] != NULL; i++)
    add_folder (finder, search_dirs[i], folder_format);
  if (map_dir != NULL)
    {
      g_autofree char *dir = g_canonicalize_filename (map_dir, NULL);
      for (;;)
        {
          if (looks_like_content_folder (dir))
            add_folder (finder, dir, folder_format);
          g_autofree char *parent = g_path_get_dirname (dir);
          if (strcmp (parent, dir) == 0)
            break;
          g_free (dir);
          dir = g_steal_pointer (&parent);
        }
    }
  find_palette (finder, map_dir, search_dirs);
  return finder;
}

void
qr_texture_finder_free (QrTextureFinder *finder)
{
  if (finder == NULL)
    return;
  g_ptr_array_unref (finder->collections);
  g_free (finder);
}

guint
qr_texture_finder_n_collections (const QrTextureFinder *finder)
{
  return finder->collections->len;
}

const QrCollection *
qr_texture_finder_collection (const QrTextureFinder *finder, guint i)
{
  g_return_val_if_fail (i < finder->collections->len, NULL);
  return &((Collection *) g_ptr_array_index (finder->collections, i))->info;
}

int
qr_texture_finder_locate (QrTextureFinder *finder, const char *name, int *width, int *height)
{
  for (guint i = 0; i < finder->collections->len; i++)
    {
      Collection *c = g_ptr_array_index (finder->collections, i);
      if (c->wad != NULL)
        {
          int index = qr_wad_find (c->wad, name);
          if (index >= 0)
            {
              qr_wad_texture_size (c->wad, (guint) index, width, height);
              return (int) i;
            }
        }
      else if (c->source != NULL && qr_texture_source_size (c->source, name, width, height))
        return (int) i;
    }
  return -1;
}

static QrImage *
decode_in (QrTextureFinder *finder, Collection *c, const char *name, int mip, GError **error)
{
  if (c->wad != NULL)
    {
      int index = qr_wad_find (c->wad, name);
      return qr_wad_decode (c->wad, (guint) index, mip, &finder->palette, error);
    }
  return qr_texture_source_decode (c->source, name, mip, NULL, error);
}

static void
add_wads_in (GPtrArray *out, GHashTable *seen, const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *entry;
  while (d != NULL && (entry = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *lower = g_ascii_strdown (entry, -1);
      if (!g_str_has_suffix (lower, ".wad"))
        continue;
      char *path = g_build_filename (dir, entry, NULL);
      if (g_hash_table_contains (seen, path))
        {
          g_free (path);
          continue;
        }
      g_hash_table_add (seen, path);
      g_ptr_array_add (out, g_strdup (path));
    }
}

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

char **
qr_texture_finder_wad_candidates (const QrTextureFinder *finder)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GPtrArray *out = g_ptr_array_new ();
  for (guint i = 0; i < finder->collections->len; i++)
    {
      Collection *c = g_ptr_array_index (finder->collections, i);
      if (c->wad != NULL)
        g_hash_table_add (seen, g_strdup (c->info.path));
    }
  for (guint i = 0; i < finder->collections->len; i++)
    {
      Collection *c = g_ptr_array_index (finder->collections, i);
      if (c->info.path == NULL)
        continue;
      if (c->info.wad_entry >= 0)
        {
          g_autofree char *dir = g_path_get_dirname (c->info.path);
          add_wads_in (out, seen, dir);
        }
      else if (g_file_test (c->info.path, G_FILE_TEST_IS_DIR))
        add_wads_in (out, seen, c->info.path);
    }
  g_ptr_array_sort (out, compare_paths);
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

const char *
qr_texture_finder_texture_name (QrTextureFinder *finder, guint collection, guint j)
{
  g_return_val_if_fail (collection < finder->collections->len, NULL);
  Collection *c = g_ptr_array_index (finder->collections, collection);
  g_return_val_if_fail (j < c->info.n_textures, NULL);
  return c->wad != NULL ? qr_wad_texture_name (c->wad, j) : qr_texture_source_name (c->source, j);
}

bool
qr_texture_finder_size_in (QrTextureFinder *finder, guint collection, const char *name, int *width, int *height)
{
  g_return_val_if_fail (collection < finder->collections->len, false);
  Collection *c = g_ptr_array_index (finder->collections, collection);
  if (c->wad != NULL)
    {
      int index = qr_wad_find (c->wad, name);
      if (index < 0)
        return false;
      qr_wad_texture_size (c->wad, (guint) index, width, height);
      return true;
    }
  return c->source != NULL && qr_texture_source_size (c->source, name, width, height);
}

QrImage *
qr_texture_finder_decode_from (QrTextureFinder *finder, guint collection, const char *name, int mip,
                               GError **error)
{
  g_return_val_if_fail (collection < finder->collections->len, NULL);
  Collection *c = g_ptr_array_index (finder->collections, collection);
  if ((c->wad != NULL && qr_wad_find (c->wad, name) < 0) || (c->wad == NULL && c->source == NULL))
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_NOT_FOUND, "texture “%s” is not in %s", name,
                   c->info.name);
      return NULL;
    }
  return decode_in (finder, c, name, mip, error);
}

QrImage *
qr_texture_finder_decode (QrTextureFinder *finder, const char *name, int mip, GError **error)
{
  int w, h;
  int i = qr_texture_finder_locate (finder, name, &w, &h);
  if (i < 0)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_NOT_FOUND,
                   "texture “%s” is in none of the map's collections", name);
      return NULL;
    }
  return decode_in (finder, g_ptr_array_index (finder->collections, i), name, mip, error);
}

GArray *
qr_texture_uses (const QrMap *map)
{
  g_autofree guint *counts = g_new0 (guint, MAX (map->textures->len, 1));
  /* patch names are not interned: counted by name, after the faces' */
  g_autoptr (GHashTable) patch_counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) patch_names = g_ptr_array_new ();
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, b);
          for (int f = 0; f < brush->n_faces; f++)
            counts[brush->faces[f].texture]++;
        }
      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrNode *node = g_ptr_array_index (entity->kept, k);
          if (node->patch == NULL || node->patch->texture == NULL)
            continue;
          const char *name = node->patch->texture;
          uint32_t index;
          if (qr_map_find_texture (map, name, &index))
            counts[index]++;
          else
            {
              gpointer n = g_hash_table_lookup (patch_counts, name);
              if (n == NULL)
                g_ptr_array_add (patch_names, (gpointer) name);
              g_hash_table_insert (patch_counts, (gpointer) name,
                                   GUINT_TO_POINTER (GPOINTER_TO_UINT (n) + 1));
            }
        }
    }
  GArray *uses = g_array_new (FALSE, FALSE, sizeof (QrTextureUse));
  for (guint t = 0; t < map->textures->len; t++)
    if (counts[t] > 0)
      g_array_append_val (uses, ((QrTextureUse) { qr_map_texture_name (map, t), counts[t] }));
  for (guint i = 0; i < patch_names->len; i++)
    {
      const char *name = g_ptr_array_index (patch_names, i);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (patch_counts, name));
      g_array_append_val (uses, ((QrTextureUse) { name, n }));
    }
  return uses;
}

char **
qr_texture_used_names (const QrMap *map)
{
  g_autoptr (GArray) uses = qr_texture_uses (map);
  char **names = g_new0 (char *, uses->len + 1);
  for (guint u = 0; u < uses->len; u++)
    names[u] = g_strdup (g_array_index (uses, QrTextureUse, u).name);
  return names;
}

/* A Source blend material's second layer, when its collection has one. */
static void
put_layer2 (Collection *c, const char *name, QrTextureSet *set)
{
  if (c->source == NULL)
    return;
  g_autoptr (QrImage) two = qr_texture_source_decode_layer2 (c->source, name, 0, NULL);
  if (two != NULL)
    qr_texture_set_put_layer2 (set, name, two->width, two->height, g_steal_pointer (&two->rgba));
}

guint
qr_texture_finder_fill (QrTextureFinder *finder, const char *const *names, QrTextureSet *set,
                        GCancellable *cancellable, QrTextureProgress progress, gpointer data)
{
  guint total = g_strv_length ((char **) names);
  guint missing = 0;
  for (guint u = 0; u < total; u++)
    {
      if (g_cancellable_is_cancelled (cancellable))
        break;
      const char *name = names[u];
      int w = 0, h = 0;
      int i = qr_texture_finder_locate (finder, name, &w, &h);
      if (i < 0)
        {
          qr_texture_set_put (set, name, 0, 0, NULL, QR_TEXTURE_MISSING, NULL);
          missing++;
        }
      else
        {
          Collection *c = g_ptr_array_index (finder->collections, i);
          g_autoptr (GError) error = NULL;
          QrImage *image = decode_in (finder, c, name, 0, &error);
          if (image != NULL)
            {
              qr_texture_set_put (set, name, image->width, image->height,
                                  g_steal_pointer (&image->rgba), QR_TEXTURE_LOADED, c->info.name);
              qr_image_free (image);
              put_layer2 (c, name, set);
            }
          else
            qr_texture_set_put (set, name, w, h, NULL, QR_TEXTURE_BROKEN, c->info.name);
        }
      if (progress != NULL)
        progress (u + 1, total, data);
    }
  return missing;
}
