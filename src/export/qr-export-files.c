#include "qr-export-files.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct
{
  char *path; /* the target (owned) */
  char *temp; /* the temporary file beside it (owned), NULL once renamed */
  int fd;     /* -1 once finished */
  bool replaces; /* the target existed when the file was opened */
} File;

struct _QrExportFiles
{
  GArray *files;     /* of File, in the order they are renamed */
  GPtrArray *made;   /* folders this set made (owned names), removed unless committed */
  bool committed;
};

static bool
file_error (GError **error, const char *path, const char *what, int errsv)
{
  g_autofree char *shown = g_filename_display_name (path);

  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errsv), "%s: %s: %s", shown, what,
               g_strerror (errsv));
  return false;
}

QrExportFiles *
qr_export_files_new (void)
{
  QrExportFiles *files = g_new0 (QrExportFiles, 1);

  files->files = g_array_new (FALSE, TRUE, sizeof (File));
  files->made = g_ptr_array_new_with_free_func (g_free);
  return files;
}

void
qr_export_files_free (QrExportFiles *files)
{
  if (files == NULL)
    return;
  for (guint i = 0; i < files->files->len; i++)
    {
      File *f = &g_array_index (files->files, File, i);

      if (f->fd >= 0)
        close (f->fd);
      if (f->temp != NULL)
        g_unlink (f->temp);
      g_free (f->temp);
      g_free (f->path);
    }
  /* Deepest first. A folder that is not empty stays: after a commit that
   * failed half-way it holds files already renamed into it. */
  if (!files->committed)
    for (guint i = files->made->len; i-- > 0;)
      g_rmdir (g_ptr_array_index (files->made, i));
  g_array_unref (files->files);
  g_ptr_array_unref (files->made);
  g_free (files);
}

bool
qr_export_files_add_folder (QrExportFiles *files, const char *folder, GError **error)
{
  g_return_val_if_fail (files != NULL && folder != NULL, false);

  if (g_mkdir (folder, 0777) == 0)
    {
      g_ptr_array_add (files->made, g_strdup (folder));
      return true;
    }
  if (errno == EEXIST && g_file_test (folder, G_FILE_TEST_IS_DIR))
    return true;
  return file_error (error, folder, "cannot make the folder", errno == EEXIST ? ENOTDIR : errno);
}

int
qr_export_files_open (QrExportFiles *files, const char *path, GError **error)
{
  File f = { NULL, NULL, -1, false };
  GStatBuf st;
  bool exists;
  mode_t mask;

  g_return_val_if_fail (files != NULL && path != NULL, -1);

  exists = g_stat (path, &st) == 0;
  if (exists && S_ISDIR (st.st_mode))
    {
      file_error (error, path, "cannot replace a folder", EISDIR);
      return -1;
    }
  /* Beside the target, so that the rename stays on one file system. */
  f.temp = g_strdup_printf ("%s.XXXXXX", path);
  f.fd = g_mkstemp_full (f.temp, O_WRONLY, 0666);
  if (f.fd < 0)
    {
      file_error (error, path, "cannot create a temporary file", errno);
      g_free (f.temp);
      return -1;
    }
  mask = umask (0);
  umask (mask);
  (void) fchmod (f.fd, exists && S_ISREG (st.st_mode) ? (st.st_mode & 07777) : (0666 & ~mask));
  f.path = g_strdup (path);
  f.replaces = exists;
  g_array_append_val (files->files, f);
  return (int) files->files->len - 1;
}

static File *
file_at (QrExportFiles *files, int handle)
{
  g_assert (handle >= 0 && (guint) handle < files->files->len);
  return &g_array_index (files->files, File, handle);
}

const char *
qr_export_files_temp_path (QrExportFiles *files, int handle)
{
  return file_at (files, handle)->temp;
}

bool
qr_export_files_write (QrExportFiles *files, int handle, const void *data, gsize len, GError **error)
{
  File *f = file_at (files, handle);
  const char *p = data;

  g_return_val_if_fail (f->fd >= 0, false);

  while (len > 0)
    {
      gssize n = write (f->fd, p, len);

      if (n < 0 && errno == EINTR)
        continue;
      /* A write that takes nothing would loop forever: call it full. */
      if (n <= 0)
        return file_error (error, f->path, "write failed", n < 0 ? errno : ENOSPC);
      p += n;
      len -= (gsize) n;
    }
  return true;
}

bool
qr_export_files_finish (QrExportFiles *files, int handle, GError **error)
{
  File *f = file_at (files, handle);
  int fd = f->fd;

  g_return_val_if_fail (fd >= 0, false);

  f->fd = -1;
  /* Synced before the rename only when it replaces a file, as GLib's
   * g_file_set_contents does: a crash between the rename and the data
   * reaching the disk could otherwise leave the old file empty. A new
   * file has nothing to lose, and an export of many textures spent
   * most of its time in fsync. */
  if (f->replaces && fsync (fd) != 0)
    {
      int errsv = errno;
      close (fd);
      return file_error (error, f->path, "cannot flush to disk", errsv);
    }
  if (close (fd) != 0)
    return file_error (error, f->path, "cannot close the file", errno);
  return true;
}

static void
sync_folder (const char *folder)
{
  int fd = g_open (folder, O_RDONLY | O_DIRECTORY, 0);

  if (fd >= 0)
    {
      (void) fsync (fd);
      close (fd);
    }
}

bool
qr_export_files_commit (QrExportFiles *files, GError **error)
{
  g_autoptr (GHashTable) folders = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_return_val_if_fail (files != NULL && !files->committed, false);

  for (guint i = 0; i < files->files->len; i++)
    if (g_array_index (files->files, File, i).fd >= 0)
      return file_error (error, g_array_index (files->files, File, i).path, "not finished", EINVAL);

  for (guint i = 0; i < files->files->len; i++)
    {
      File *f = &g_array_index (files->files, File, i);

      if (g_rename (f->temp, f->path) != 0)
        return file_error (error, f->path, "cannot replace the file", errno);
      g_clear_pointer (&f->temp, g_free);
      g_hash_table_add (folders, g_path_get_dirname (f->path));
    }
  files->committed = true;

  /* The renames reach the disk with the folders' entries. */
  GHashTableIter iter;
  gpointer folder;
  g_hash_table_iter_init (&iter, folders);
  while (g_hash_table_iter_next (&iter, &folder, NULL))
    sync_folder (folder);
  return true;
}
