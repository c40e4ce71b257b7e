/* qr-texture-path.c — wad key entries and tolerant file lookup. */
#include "qr-texture-path.h"

#include <string.h>

char **
qr_wad_key_split (const char *value)
{
  g_auto (GStrv) parts = g_strsplit (value != NULL ? value : "", ";", -1);
  GPtrArray *out = g_ptr_array_new ();
  for (char **p = parts; *p != NULL; p++)
    {
      char *entry = g_strstrip (g_strdup (*p));
      if (entry[0] != '\0')
        g_ptr_array_add (out, entry);
      else
        g_free (entry);
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

char *
qr_wad_key_remove (const char *value, guint index)
{
  g_auto (GStrv) entries = qr_wad_key_split (value);
  GString *out = g_string_new (NULL);
  for (guint i = 0; entries[i] != NULL; i++)
    if (i != index)
      {
        if (out->len > 0)
          g_string_append_c (out, ';');
        g_string_append (out, entries[i]);
      }
  return g_string_free (out, FALSE);
}

char *
qr_wad_key_append (const char *value, const char *path, const char *map_dir)
{
  g_auto (GStrv) entries = qr_wad_key_split (value);
  if (entries[0] == NULL)
    return g_strdup (path);
  g_autofree char *written = qr_texture_path_in_form_of (path, entries[0], map_dir);
  g_autofree char *joined = g_strjoinv (";", entries);
  return g_strconcat (joined, ";", written, NULL);
}

/* The entry of dir whose name equals name ignoring ASCII case, or NULL. */
static char *
find_entry_nocase (const char *dir, const char *name)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return NULL;
  const char *entry;
  while ((entry = g_dir_read_name (d)) != NULL)
    if (g_ascii_strcasecmp (entry, name) == 0)
      return g_strdup (entry);
  return NULL;
}

char *
qr_path_find_nocase (const char *dir, const char *rel)
{
  g_auto (GStrv) parts = g_strsplit (rel, "/", -1);
  g_autofree char *path = g_strdup (dir);
  for (char **p = parts; *p != NULL; p++)
    {
      if ((*p)[0] == '\0' || strcmp (*p, ".") == 0)
        continue;
      char *next = g_build_filename (path, *p, NULL);
      if (strcmp (*p, "..") != 0 && !g_file_test (next, G_FILE_TEST_EXISTS))
        {
          g_autofree char *actual = find_entry_nocase (path, *p);
          g_free (next);
          if (actual == NULL)
            return NULL;
          next = g_build_filename (path, actual, NULL);
        }
      g_free (path);
      path = next;
    }
  /* '..' folded away, so the same file always has the same name */
  return g_file_test (path, G_FILE_TEST_EXISTS) ? g_canonicalize_filename (path, NULL) : NULL;
}

/* Separators made '/', a drive letter dropped; *windows says whether the
 * entry was written for Windows (then its root means nothing here). */
static char *
normalise (const char *written, bool *windows)
{
  char *s = g_strdup (written);
  *windows = strchr (s, '\\') != NULL;
  g_strdelimit (s, "\\", '/');
  if (g_ascii_isalpha (s[0]) && s[1] == ':')
    {
      *windows = true;
      memmove (s, s + 2, strlen (s + 2) + 1);
    }
  return s;
}

/* Tries every trailing part of parts under dir, longest first. */
static char *
try_suffixes (const char *dir, char **parts, guint n)
{
  for (guint first = 0; first < n; first++)
    {
      g_autofree char *rel = g_strjoinv ("/", parts + first);
      if (rel[0] == '\0')
        continue;
      char *found = qr_path_find_nocase (dir, rel);
      if (found != NULL && g_file_test (found, G_FILE_TEST_IS_REGULAR))
        return found;
      g_free (found);
    }
  return NULL;
}

char *
qr_texture_path_resolve (const char *written, const char *map_dir, const char *const *search_dirs)
{
  bool windows;
  g_autofree char *path = normalise (written, &windows);
  if (path[0] == '\0')
    return NULL;

  if (path[0] == '/' && !windows)
    {
      char *found = qr_path_find_nocase ("/", path + 1);
      if (found != NULL && g_file_test (found, G_FILE_TEST_IS_REGULAR))
        return found;
      g_free (found);
    }
  else if (path[0] != '/' && map_dir != NULL)
    {
      char *found = qr_path_find_nocase (map_dir, path);
      if (found != NULL && g_file_test (found, G_FILE_TEST_IS_REGULAR))
        return found;
      g_free (found);
    }

  /* Not where it says: its trailing parts under the places games look. The
   * parts skip '..' and '.', which mean nothing away from the map. */
  g_auto (GStrv) raw = g_strsplit (path, "/", -1);
  GPtrArray *kept = g_ptr_array_new ();
  for (char **p = raw; *p != NULL; p++)
    if ((*p)[0] != '\0' && strcmp (*p, ".") != 0 && strcmp (*p, "..") != 0)
      g_ptr_array_add (kept, *p);
  guint n = kept->len;
  g_ptr_array_add (kept, NULL);
  char **parts = (char **) kept->pdata;
  char *found = NULL;

  if (map_dir != NULL)
    {
      g_autofree char *dir = g_canonicalize_filename (map_dir, NULL);
      while (found == NULL)
        {
          found = try_suffixes (dir, parts, n);
          g_autofree char *parent = g_path_get_dirname (dir);
          if (strcmp (parent, dir) == 0)
            break;
          g_free (dir);
          dir = g_steal_pointer (&parent);
        }
    }
  for (guint i = 0; found == NULL && search_dirs != NULL && search_dirs[i] != NULL; i++)
    found = try_suffixes (search_dirs[i], parts, n);
  g_ptr_array_free (kept, TRUE);
  return found;
}

char *
qr_texture_path_in_form_of (const char *path, const char *example, const char *map_dir)
{
  bool windows;
  g_autofree char *ex = normalise (example, &windows);
  char *out;
  if (ex[0] != '/' && map_dir != NULL)
    {
      /* relative to the map's folder, climbing with '..' as LibreQuake does */
      g_autofree char *from = g_canonicalize_filename (map_dir, NULL);
      g_autofree char *to = g_canonicalize_filename (path, NULL);
      g_auto (GStrv) a = g_strsplit (from, "/", -1);
      g_auto (GStrv) b = g_strsplit (to, "/", -1);
      guint common = 0;
      while (a[common] != NULL && b[common] != NULL && strcmp (a[common], b[common]) == 0)
        common++;
      GString *rel = g_string_new (NULL);
      for (guint i = common; a[i] != NULL; i++)
        if (a[i][0] != '\0')
          g_string_append (rel, "../");
      for (guint i = common; b[i] != NULL; i++)
        {
          g_string_append (rel, b[i]);
          if (b[i + 1] != NULL)
            g_string_append_c (rel, '/');
        }
      out = g_string_free (rel, FALSE);
    }
  else
    out = g_strdup (path);
  if (windows && ex[0] != '/')
    g_strdelimit (out, "/", '\\');
  return out;
}
