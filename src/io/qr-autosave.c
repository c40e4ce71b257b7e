/* qr-autosave.c — see qr-autosave.h. */
#include "qr-autosave.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <json-c/json.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

struct _QrAutosave
{
  gatomicrefcount ref;
  char *root;     /* owned; never changed after open (worker threads read it) */
  char *sessions; /* root/sessions */
  char *session;  /* "PID-START": this editor's */
  char *marker;   /* sessions/SESSION, or NULL once ended */
  int marker_fd;  /* holds the lock while the session runs; -1 once ended */
  gint untitled;  /* atomic: the last untitled document's number */
};

#define SIDECAR ".json"

void
qr_autosave_entry_free (QrAutosaveEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->doc);
  g_free (entry->file);
  g_free (entry->session);
  g_free (entry->path);
  g_free (entry);
}

char *
qr_autosave_default_root (void)
{
  return g_build_filename (g_get_user_state_dir (), "quarry", "autosave", NULL);
}

static gboolean
io_error (GError **error, const char *path, const char *what, int errsv)
{
  g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_WRITE, "%s: %s: %s", path, what, g_strerror (errsv));
  return FALSE;
}

QrAutosave *
qr_autosave_open (const char *root, GError **error)
{
  g_autoptr (QrAutosave) store = g_new0 (QrAutosave, 1);
  g_autofree char *tmp = NULL;

  g_atomic_ref_count_init (&store->ref);
  store->marker_fd = -1;
  store->root = root != NULL ? g_strdup (root) : qr_autosave_default_root ();
  store->sessions = g_build_filename (store->root, "sessions", NULL);
  store->session = g_strdup_printf ("%d-%" G_GINT64_FORMAT, (int) getpid (), g_get_real_time ());
  if (g_mkdir_with_parents (store->sessions, 0700) != 0)
    {
      io_error (error, store->sessions, "cannot make the folder", errno);
      return NULL;
    }
  /* Locked under a temporary name and then renamed: another editor
   * listing the sessions never sees this marker unlocked and takes it for
   * a dead one. */
  tmp = g_build_filename (store->sessions, ".new-XXXXXX", NULL);
  store->marker_fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, 0600);
  if (store->marker_fd < 0)
    {
      io_error (error, tmp, "cannot create the session marker", errno);
      return NULL;
    }
  store->marker = g_build_filename (store->sessions, store->session, NULL);
  if (flock (store->marker_fd, LOCK_EX | LOCK_NB) != 0 || g_rename (tmp, store->marker) != 0)
    {
      io_error (error, store->marker, "cannot set up the session marker", errno);
      g_unlink (tmp);
      return NULL;
    }
  return g_steal_pointer (&store);
}

QrAutosave *
qr_autosave_ref (QrAutosave *store)
{
  g_atomic_ref_count_inc (&store->ref);
  return store;
}

void
qr_autosave_unref (QrAutosave *store)
{
  if (store == NULL || !g_atomic_ref_count_dec (&store->ref))
    return;
  if (store->marker_fd >= 0)
    close (store->marker_fd);
  g_free (store->marker);
  g_free (store->session);
  g_free (store->sessions);
  g_free (store->root);
  g_free (store);
}

void
qr_autosave_end (QrAutosave *store)
{
  g_return_if_fail (store != NULL);
  if (store->marker == NULL)
    return;
  g_unlink (store->marker);
  g_clear_pointer (&store->marker, g_free);
  close (store->marker_fd);
  store->marker_fd = -1;
}

const char *
qr_autosave_get_root (const QrAutosave *store)
{
  return store->root;
}

const char *
qr_autosave_get_session (const QrAutosave *store)
{
  return store->session;
}

char *
qr_autosave_dup_doc (QrAutosave *store, const char *path)
{
  g_return_val_if_fail (store != NULL, NULL);
  if (path == NULL)
    return g_strdup_printf ("untitled-%s-%d", store->session, g_atomic_int_add (&store->untitled, 1) + 1);
  g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, path, -1);
  sum[16] = '\0';
  return g_strdup_printf ("file-%s", sum);
}

const char *
qr_save_format_to_string (QrSaveFormat format)
{
  switch (format)
    {
    case QR_SAVE_QUAKE:
      return "quake";
    case QR_SAVE_VALVE220:
      return "valve220";
    case QR_SAVE_QUAKE2:
      return "quake2";
    case QR_SAVE_VMF:
      return "vmf";
    case QR_SAVE_AS_READ:
    default:
      return "as-read";
    }
}

/* ---- the entries of a DOC folder ---- */

/* "TIME-SESSION.json" → time and session; false for other names. */
static gboolean
parse_stem (const char *name, gint64 *time, char **session)
{
  const char *dash = strchr (name, '-');
  char *end = NULL;

  if (!g_str_has_suffix (name, SIDECAR) || dash == NULL || dash == name)
    return FALSE;
  *time = g_ascii_strtoll (name, &end, 10);
  if (end != dash)
    return FALSE;
  *session = g_strndup (dash + 1, strlen (dash + 1) - strlen (SIDECAR));
  return (*session)[0] != '\0';
}

static QrAutosaveEntry *
read_entry (const char *dir, const char *doc, const char *name)
{
  g_autoptr (QrAutosaveEntry) entry = g_new0 (QrAutosaveEntry, 1);
  g_autofree char *sidecar = g_build_filename (dir, name, NULL);
  g_autofree char *text = NULL;
  g_autofree char *stem = NULL;
  json_object *root, *value;

  if (!parse_stem (name, &entry->time, &entry->session))
    return NULL;
  stem = g_strndup (sidecar, strlen (sidecar) - strlen (SIDECAR));
  entry->file = g_strconcat (stem, ".map", NULL);
  if (!g_file_test (entry->file, G_FILE_TEST_IS_REGULAR))
    {
      g_free (entry->file);
      entry->file = g_strconcat (stem, ".vmf", NULL);
      if (!g_file_test (entry->file, G_FILE_TEST_IS_REGULAR))
        return NULL;
    }
  if (!g_file_get_contents (sidecar, &text, NULL, NULL))
    return NULL;
  root = json_tokener_parse (text);
  if (root == NULL || !json_object_is_type (root, json_type_object))
    {
      json_object_put (root);
      return NULL;
    }
  if (json_object_object_get_ex (root, "path", &value) && json_object_is_type (value, json_type_string))
    entry->path = g_strdup (json_object_get_string (value));
  if (json_object_object_get_ex (root, "brushes", &value))
    entry->brushes = (guint) json_object_get_int64 (value);
  if (!json_object_object_get_ex (root, "format", &value)
      || !qr_save_format_from_string (json_object_get_string (value), &entry->format))
    entry->format = QR_SAVE_AS_READ;
  json_object_put (root);
  entry->doc = g_strdup (doc);
  return g_steal_pointer (&entry);
}

static int
newest_first (gconstpointer a, gconstpointer b)
{
  const QrAutosaveEntry *ea = *(QrAutosaveEntry *const *) a;
  const QrAutosaveEntry *eb = *(QrAutosaveEntry *const *) b;

  if (ea->time != eb->time)
    return ea->time < eb->time ? 1 : -1;
  return -g_strcmp0 (ea->file, eb->file);
}

GPtrArray *
qr_autosave_list (QrAutosave *store, const char *doc)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_autosave_entry_free);
  g_autofree char *dir = g_build_filename (store->root, doc, NULL);
  g_autoptr (GDir) folder = g_dir_open (dir, 0, NULL);
  const char *name;

  while (folder != NULL && (name = g_dir_read_name (folder)) != NULL)
    {
      QrAutosaveEntry *entry = read_entry (dir, doc, name);
      if (entry != NULL)
        g_ptr_array_add (out, entry);
    }
  g_ptr_array_sort (out, newest_first);
  return out;
}

static void
remove_entry (const QrAutosaveEntry *entry)
{
  g_autofree char *stem = g_strndup (entry->file, strlen (entry->file) - 4);
  g_autofree char *sidecar = g_strconcat (stem, SIDECAR, NULL);

  /* The sidecar first: a map without one is never listed. */
  g_unlink (sidecar);
  g_unlink (entry->file);
}

/* Autosaves whose sidecar never got written (the editor died between the
 * two renames), sidecars whose map is gone, and temporary files of writes
 * that never finished; only those older than `before`, so that a write
 * another editor has under way is left alone. */
static void
remove_strays (const char *dir, gint64 before)
{
  g_autoptr (GDir) folder = g_dir_open (dir, 0, NULL);
  const char *name;

  while (folder != NULL && (name = g_dir_read_name (folder)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      char *end = NULL;
      gint64 time = g_ascii_strtoll (name, &end, 10);
      if (end == name || *end != '-' || time >= before)
        continue;
      if (g_str_has_suffix (name, SIDECAR))
        {
          g_autofree char *stem = g_strndup (path, strlen (path) - strlen (SIDECAR));
          g_autofree char *map = g_strconcat (stem, ".map", NULL);
          g_autofree char *vmf = g_strconcat (stem, ".vmf", NULL);
          if (!g_file_test (map, G_FILE_TEST_EXISTS) && !g_file_test (vmf, G_FILE_TEST_EXISTS))
            g_unlink (path);
          continue;
        }
      g_autofree char *stem = g_strndup (path, strlen (path) - 4);
      g_autofree char *sidecar = g_strconcat (stem, SIDECAR, NULL);
      gboolean temporary = !g_str_has_suffix (name, ".map") && !g_str_has_suffix (name, ".vmf");
      if (temporary || !g_file_test (sidecar, G_FILE_TEST_EXISTS))
        g_unlink (path);
    }
}

gboolean
qr_autosave_write (QrAutosave *store, const char *doc, const char *path, const QrMap *map, QrSaveFormat format,
                   guint keep, GError **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *stem = NULL;
  g_autofree char *file = NULL;
  g_autofree char *sidecar = NULL;
  gboolean vmf;
  gint64 now;
  json_object *root;
  gboolean ok;

  g_return_val_if_fail (store != NULL && doc != NULL && map != NULL, FALSE);
  dir = g_build_filename (store->root, doc, NULL);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    return io_error (error, dir, "cannot make the folder", errno);
  now = g_get_real_time ();
  /* Zero-padded so that names sort as times do. */
  stem = g_strdup_printf ("%s/%020" G_GINT64_FORMAT "-%s", dir, now, store->session);
  vmf = format == QR_SAVE_VMF || (format == QR_SAVE_AS_READ && map->kind == QR_FILE_VMF);
  file = g_strconcat (stem, vmf ? ".vmf" : ".map", NULL);
  sidecar = g_strconcat (stem, SIDECAR, NULL);
  if (!qr_map_save_full (map, file, format, 0, error))
    return FALSE;

  root = json_object_new_object ();
  json_object_object_add (root, "path", path != NULL ? json_object_new_string (path) : NULL);
  json_object_object_add (root, "time", json_object_new_int64 (now));
  json_object_object_add (root, "brushes", json_object_new_int64 (qr_map_count_brushes (map)));
  json_object_object_add (root, "format", json_object_new_string (qr_save_format_to_string (format)));
  ok = g_file_set_contents_full (sidecar, json_object_to_json_string_ext (root, JSON_C_TO_STRING_PRETTY), -1,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE, 0600, error);
  json_object_put (root);
  if (!ok)
    {
      g_unlink (file);
      return FALSE;
    }

  g_autoptr (GPtrArray) all = qr_autosave_list (store, doc);
  for (guint i = MAX (keep, 1); i < all->len; i++)
    remove_entry (g_ptr_array_index (all, i));
  remove_strays (dir, now - 60 * G_USEC_PER_SEC);
  return TRUE;
}

void
qr_autosave_mark_saved (QrAutosave *store, const char *doc)
{
  g_autofree char *dir = g_build_filename (store->root, doc, NULL);
  g_autofree char *stamp = g_build_filename (dir, "saved", NULL);
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT "\n", g_get_real_time ());

  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    return; /* never autosaved: nothing to hide */
  (void) g_file_set_contents (stamp, text, -1, NULL);
}

static gint64
saved_time (const char *root, const char *doc)
{
  g_autofree char *stamp = g_build_filename (root, doc, "saved", NULL);
  g_autofree char *text = NULL;

  if (!g_file_get_contents (stamp, &text, NULL, NULL))
    return G_MININT64;
  return g_ascii_strtoll (text, NULL, 10);
}

/* ---- recovery ---- */

/* The sessions whose marker is there but unlocked: their editor died. */
static GHashTable *
dead_sessions (QrAutosave *store)
{
  GHashTable *dead = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GDir) folder = g_dir_open (store->sessions, 0, NULL);
  const char *name;

  while (folder != NULL && (name = g_dir_read_name (folder)) != NULL)
    {
      if (name[0] == '.' || g_strcmp0 (name, store->session) == 0)
        continue;
      g_autofree char *marker = g_build_filename (store->sessions, name, NULL);
      int fd = g_open (marker, O_RDONLY | O_CLOEXEC, 0);
      if (fd < 0)
        continue;
      if (flock (fd, LOCK_EX | LOCK_NB) == 0)
        g_hash_table_add (dead, g_strdup (name));
      close (fd);
    }
  return dead;
}

static GPtrArray *
collect_recoverable (QrAutosave *store, gboolean prune)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_autosave_entry_free);
  g_autoptr (GHashTable) dead = dead_sessions (store);
  g_autoptr (GHashTable) offering = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GDir) folder = NULL;
  const char *doc;

  if (g_hash_table_size (dead) == 0)
    return out;
  folder = g_dir_open (store->root, 0, NULL);
  while (folder != NULL && (doc = g_dir_read_name (folder)) != NULL)
    {
      if (g_strcmp0 (doc, "sessions") == 0)
        continue;
      g_autoptr (GPtrArray) all = qr_autosave_list (store, doc);
      g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
      gint64 saved = saved_time (store->root, doc);
      /* Newest first: the first of each dead session is its newest. */
      for (guint i = 0; i < all->len; i++)
        {
          QrAutosaveEntry *entry = g_ptr_array_index (all, i);
          if (!g_hash_table_contains (dead, entry->session) || entry->time <= saved
              || g_hash_table_contains (seen, entry->session))
            continue;
          g_hash_table_add (seen, entry->session);
          g_hash_table_add (offering, g_strdup (entry->session));
          g_ptr_array_add (out, g_steal_pointer (&all->pdata[i]));
        }
    }
  if (prune)
    {
      GHashTableIter iter;
      const char *session;
      g_hash_table_iter_init (&iter, dead);
      while (g_hash_table_iter_next (&iter, (gpointer *) &session, NULL))
        if (!g_hash_table_contains (offering, session))
          {
            g_autofree char *marker = g_build_filename (store->sessions, session, NULL);
            g_unlink (marker);
          }
    }
  g_ptr_array_sort (out, newest_first);
  return out;
}

GPtrArray *
qr_autosave_list_recoverable (QrAutosave *store)
{
  g_return_val_if_fail (store != NULL, NULL);
  return collect_recoverable (store, TRUE);
}

void
qr_autosave_forget_dead (QrAutosave *store)
{
  g_return_if_fail (store != NULL);
  g_ptr_array_unref (collect_recoverable (store, TRUE));
}

/* Renames (to this session) or removes each autosave of entry's document
 * that entry's session wrote. */
static gboolean
retire (QrAutosave *store, const QrAutosaveEntry *entry, gboolean adopt, char **renamed, GError **error)
{
  g_autoptr (GPtrArray) all = qr_autosave_list (store, entry->doc);

  for (guint i = 0; i < all->len; i++)
    {
      const QrAutosaveEntry *e = g_ptr_array_index (all, i);
      if (g_strcmp0 (e->session, entry->session) != 0)
        continue;
      if (!adopt)
        {
          remove_entry (e);
          continue;
        }
      g_autofree char *dir = g_path_get_dirname (e->file);
      g_autofree char *old_stem = g_strndup (e->file, strlen (e->file) - 4);
      g_autofree char *new_stem = g_strdup_printf ("%s/%020" G_GINT64_FORMAT "-%s", dir, e->time, store->session);
      g_autofree char *new_file = g_strconcat (new_stem, e->file + strlen (e->file) - 4, NULL);
      g_autofree char *old_sidecar = g_strconcat (old_stem, SIDECAR, NULL);
      g_autofree char *new_sidecar = g_strconcat (new_stem, SIDECAR, NULL);
      /* The map first: until its sidecar follows, neither name is listed. */
      if (g_rename (e->file, new_file) != 0 || g_rename (old_sidecar, new_sidecar) != 0)
        return io_error (error, e->file, "cannot keep the autosave", errno);
      if (renamed != NULL && g_strcmp0 (e->file, entry->file) == 0)
        *renamed = g_steal_pointer (&new_file);
    }
  return TRUE;
}

char *
qr_autosave_adopt (QrAutosave *store, const QrAutosaveEntry *entry, GError **error)
{
  char *renamed = NULL;

  g_return_val_if_fail (store != NULL && entry != NULL, NULL);
  if (!retire (store, entry, TRUE, &renamed, error))
    {
      g_free (renamed);
      return NULL;
    }
  if (renamed == NULL)
    g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_READ, "%s: the autosave is gone", entry->file);
  return renamed;
}

gboolean
qr_autosave_discard (QrAutosave *store, const QrAutosaveEntry *entry, GError **error)
{
  g_return_val_if_fail (store != NULL && entry != NULL, FALSE);
  return retire (store, entry, FALSE, NULL, error);
}
