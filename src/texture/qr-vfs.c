/* qr-vfs.c — the search path: folders resolved case-insensitively, PAKs. */
#include "qr-vfs.h"

#include "qr-image.h"
#include "qr-pak.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* A folder tree deeper than this is a symlink loop, not game content. */
#define MAX_LIST_DEPTH 32

typedef struct
{
  char *path;  /* owned: the folder, or the archive's file */
  QrPak *pak;  /* owned, NULL for a folder */
  /* Folders only: actual relative folder path ("" for the top) → its
   * entries (lower-case name → actual name), listed once on first need. */
  GHashTable *listings;
} Root;

struct _QrVfs
{
  GPtrArray *roots; /* Root *, owned; earlier wins */
};

static void
root_free (gpointer p)
{
  Root *root = p;

  g_free (root->path);
  qr_pak_free (root->pak);
  if (root->listings != NULL)
    g_hash_table_unref (root->listings);
  g_free (root);
}

QrVfs *
qr_vfs_new (void)
{
  QrVfs *vfs = g_new0 (QrVfs, 1);

  vfs->roots = g_ptr_array_new_with_free_func (root_free);
  return vfs;
}

void
qr_vfs_free (QrVfs *vfs)
{
  if (vfs == NULL)
    return;
  g_ptr_array_unref (vfs->roots);
  g_free (vfs);
}

guint
qr_vfs_n_roots (const QrVfs *vfs)
{
  g_return_val_if_fail (vfs != NULL, 0);
  return vfs->roots->len;
}

bool
qr_vfs_add_dir (QrVfs *vfs, const char *path, GError **error)
{
  Root *root;

  g_return_val_if_fail (vfs != NULL && path != NULL, false);

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *display = g_filename_display_name (path);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR, "%s: not a folder", display);
      return false;
    }
  root = g_new0 (Root, 1);
  root->path = g_strdup (path);
  root->listings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_hash_table_unref);
  g_ptr_array_add (vfs->roots, root);
  return true;
}

bool
qr_vfs_add_pak (QrVfs *vfs, const char *path, GError **error)
{
  QrPak *pak;
  Root *root;

  g_return_val_if_fail (vfs != NULL && path != NULL, false);

  pak = qr_pak_open (path, error);
  if (pak == NULL)
    return false;
  root = g_new0 (Root, 1);
  root->path = g_strdup (path);
  root->pak = pak;
  g_ptr_array_add (vfs->roots, root);
  return true;
}

/* pakN.pak first, highest N first; then other archives by name. */
static int
compare_paks (gconstpointer a, gconstpointer b)
{
  const char *x = *(const char *const *) a, *y = *(const char *const *) b;
  gint64 nx = -1, ny = -1;
  char *end;

  if (g_ascii_strncasecmp (x, "pak", 3) == 0 && g_ascii_isdigit (x[3]))
    {
      nx = g_ascii_strtoll (x + 3, &end, 10);
      if (g_ascii_strcasecmp (end, ".pak") != 0)
        nx = -1;
    }
  if (g_ascii_strncasecmp (y, "pak", 3) == 0 && g_ascii_isdigit (y[3]))
    {
      ny = g_ascii_strtoll (y + 3, &end, 10);
      if (g_ascii_strcasecmp (end, ".pak") != 0)
        ny = -1;
    }
  if (nx != ny)
    return nx > ny ? -1 : 1;
  return strcmp (x, y);
}

bool
qr_vfs_add_game_dir (QrVfs *vfs, const char *path, GError **error)
{
  g_autoptr (GPtrArray) paks = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) first_error = NULL;
  g_autoptr (GDir) dir = NULL;
  const char *name;

  g_return_val_if_fail (vfs != NULL && path != NULL, false);

  if (!qr_vfs_add_dir (vfs, path, error))
    return false;
  dir = g_dir_open (path, 0, error);
  if (dir == NULL)
    return false;
  while ((name = g_dir_read_name (dir)) != NULL)
    if (strlen (name) > 4 && g_ascii_strcasecmp (name + strlen (name) - 4, ".pak") == 0)
      g_ptr_array_add (paks, g_strdup (name));
  g_ptr_array_sort (paks, compare_paks);
  for (guint i = 0; i < paks->len; i++)
    {
      g_autofree char *pak_path = g_build_filename (path, paks->pdata[i], NULL);
      g_autoptr (GError) local = NULL;

      if (!qr_vfs_add_pak (vfs, pak_path, &local) && first_error == NULL)
        first_error = g_steal_pointer (&local);
    }
  if (first_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&first_error));
      return false;
    }
  return true;
}

/* The path's components, '\\' and '/' both separators, without empty or
 * "." ones; NULL when one is "..". */
static char **
split_path (const char *relpath)
{
  g_autofree char *slashed = g_strdelimit (g_strdup (relpath), "\\", '/');
  g_auto (GStrv) parts = g_strsplit (slashed, "/", -1);
  g_autoptr (GPtrArray) kept = g_ptr_array_new_with_free_func (g_free);

  for (char **p = parts; *p != NULL; p++)
    {
      if ((*p)[0] == '\0' || strcmp (*p, ".") == 0)
        continue;
      if (strcmp (*p, "..") == 0)
        return NULL;
      g_ptr_array_add (kept, g_strdup (*p));
    }
  g_ptr_array_add (kept, NULL);
  return (char **) g_ptr_array_steal (kept, NULL);
}

/* The entries of a folder root's folder `rel` (actual spelling), listed
 * once: lower-case name → actual name; of names differing only in case the
 * smallest (strcmp) wins, so the choice does not depend on listing order. */
static GHashTable *
root_listing (Root *root, const char *rel)
{
  GHashTable *listing = g_hash_table_lookup (root->listings, rel);
  g_autofree char *full = NULL;
  g_autoptr (GDir) dir = NULL;
  const char *name;

  if (listing != NULL)
    return listing;
  listing = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  full = g_build_filename (root->path, rel, NULL);
  dir = g_dir_open (full, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      char *key = g_ascii_strdown (name, -1);
      const char *had = g_hash_table_lookup (listing, key);

      if (had == NULL || strcmp (name, had) < 0)
        g_hash_table_insert (listing, key, g_strdup (name));
      else
        g_free (key);
    }
  g_hash_table_insert (root->listings, g_strdup (rel), listing);
  return listing;
}

/* The actual relative path of `parts` in a folder root, or NULL. */
static char *
root_resolve (Root *root, char **parts)
{
  g_autofree char *joined = g_strjoinv ("/", parts);
  g_autofree char *exact = g_build_filename (root->path, joined, NULL);
  g_autoptr (GString) rel = g_string_new ("");

  if (g_file_test (exact, G_FILE_TEST_EXISTS))
    return g_steal_pointer (&joined);
  for (char **p = parts; *p != NULL; p++)
    {
      GHashTable *listing = root_listing (root, rel->str);
      g_autofree char *key = g_ascii_strdown (*p, -1);
      const char *actual = g_hash_table_lookup (listing, key);

      if (actual == NULL)
        return NULL;
      if (rel->len > 0)
        g_string_append_c (rel, '/');
      g_string_append (rel, actual);
    }
  return g_string_free (g_steal_pointer (&rel), FALSE);
}

static char *
roots_description (const QrVfs *vfs)
{
  g_autoptr (GString) s = g_string_new ("");

  for (guint i = 0; i < vfs->roots->len; i++)
    {
      const Root *root = vfs->roots->pdata[i];
      g_autofree char *display = g_filename_display_name (root->path);

      g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", display);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

GBytes *
qr_vfs_read (QrVfs *vfs, const char *relpath, GError **error)
{
  g_auto (GStrv) parts = NULL;
  g_autofree char *roots = NULL;

  g_return_val_if_fail (vfs != NULL && relpath != NULL, NULL);

  parts = split_path (relpath);
  if (parts != NULL && parts[0] != NULL)
    for (guint i = 0; i < vfs->roots->len; i++)
      {
        Root *root = vfs->roots->pdata[i];

        if (root->pak != NULL)
          {
            g_autofree char *joined = g_strjoinv ("/", parts);
            int index = qr_pak_find (root->pak, joined);

            if (index >= 0)
              return qr_pak_read (root->pak, (guint) index, error);
          }
        else
          {
            g_autofree char *rel = root_resolve (root, parts);
            g_autofree char *full = NULL;
            char *contents = NULL;
            gsize length = 0;

            if (rel == NULL)
              continue;
            full = g_build_filename (root->path, rel, NULL);
            if (g_file_test (full, G_FILE_TEST_IS_DIR))
              continue;
            if (!g_file_get_contents (full, &contents, &length, error))
              return NULL;
            return g_bytes_new_take (contents, length);
          }
      }
  roots = roots_description (vfs);
  g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_NOT_FOUND,
               "“%s” is not in %s", relpath, vfs->roots->len > 0 ? roots : "an empty search path");
  return NULL;
}

bool
qr_vfs_exists (QrVfs *vfs, const char *relpath)
{
  g_auto (GStrv) parts = NULL;

  g_return_val_if_fail (vfs != NULL && relpath != NULL, false);

  parts = split_path (relpath);
  if (parts == NULL || parts[0] == NULL)
    return false;
  for (guint i = 0; i < vfs->roots->len; i++)
    {
      Root *root = vfs->roots->pdata[i];

      if (root->pak != NULL)
        {
          g_autofree char *joined = g_strjoinv ("/", parts);
          if (qr_pak_find (root->pak, joined) >= 0)
            return true;
        }
      else
        {
          g_autofree char *rel = root_resolve (root, parts);
          g_autofree char *full = rel != NULL ? g_build_filename (root->path, rel, NULL) : NULL;
          if (full != NULL && g_file_test (full, G_FILE_TEST_IS_REGULAR))
            return true;
        }
    }
  return false;
}

/* Adds the files of folder `rel` (actual spelling) of a folder root. */
static void
list_dir (Root *root, const char *rel, bool recursive, int depth, GHashTable *seen)
{
  g_autofree char *full = g_build_filename (root->path, rel, NULL);
  g_autoptr (GDir) dir = g_dir_open (full, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = rel[0] != '\0' ? g_strconcat (rel, "/", name, NULL) : g_strdup (name);
      g_autofree char *child_full = g_build_filename (root->path, child, NULL);

      if (g_file_test (child_full, G_FILE_TEST_IS_DIR))
        {
          if (recursive && depth < MAX_LIST_DEPTH)
            list_dir (root, child, recursive, depth + 1, seen);
        }
      else
        {
          char *key = g_ascii_strdown (child, -1);
          if (!g_hash_table_contains (seen, key))
            g_hash_table_insert (seen, key, g_steal_pointer (&child));
          else
            g_free (key);
        }
    }
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

char **
qr_vfs_list (QrVfs *vfs, const char *dir, bool recursive)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GPtrArray) out = NULL;
  g_auto (GStrv) parts = NULL;
  g_autofree char *prefix = NULL;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (vfs != NULL && dir != NULL, NULL);

  parts = split_path (dir);
  if (parts != NULL)
    {
      g_autofree char *joined = g_strjoinv ("/", parts);
      g_autofree char *dir_key = g_ascii_strdown (joined, -1);

      prefix = dir_key[0] != '\0' ? g_strconcat (dir_key, "/", NULL) : g_strdup ("");
      for (guint i = 0; i < vfs->roots->len; i++)
        {
          Root *root = vfs->roots->pdata[i];

          if (root->pak != NULL)
            for (guint k = 0; k < qr_pak_n_files (root->pak); k++)
              {
                g_autofree char *path = g_strdup (qr_pak_file_path (root->pak, k));
                g_autofree char *lower = NULL;

                g_strdelimit (path, "\\", '/');
                lower = g_ascii_strdown (path, -1);
                if (!g_str_has_prefix (lower, prefix)
                    || (!recursive && strchr (lower + strlen (prefix), '/') != NULL)
                    || g_hash_table_contains (seen, lower))
                  continue;
                g_hash_table_insert (seen, g_steal_pointer (&lower), g_steal_pointer (&path));
              }
          else
            {
              g_autofree char *rel = parts[0] != NULL ? root_resolve (root, parts) : g_strdup ("");
              if (rel != NULL)
                list_dir (root, rel, recursive, 0, seen);
            }
        }
    }

  out = g_ptr_array_new ();
  g_hash_table_iter_init (&iter, seen);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_ptr_array_add (out, value);
      g_hash_table_iter_steal (&iter);
      g_free (key);
    }
  g_ptr_array_sort (out, compare_strings);
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&out), FALSE);
}
