#include "qr-io.h"
#include "qr-disp.h"
#include "qr-escape.h"
#include "qr-layer.h"
#include "qr-output.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

G_DEFINE_QUARK (quarry-io-error-quark, qr_io_error)

char *
qr_io_read_text (const char *path, gsize *len, char **display, GError **error)
{
  g_autoptr (GError) local = NULL;
  char *text = NULL;

  *display = g_filename_display_name (path);
  if (!g_file_get_contents (path, &text, len, &local))
    {
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_READ, "%s", local->message);
      return NULL;
    }
  return text;
}

QrFileKind
qr_file_kind_for_path (const char *path)
{
  gsize len = strlen (path);

  if (len >= 4 && g_ascii_strcasecmp (path + len - 4, ".vmf") == 0)
    return QR_FILE_VMF;
  return QR_FILE_MAP;
}

QrMap *
qr_map_parse_full (const char *data, gsize len, QrFileKind kind, const char *name,
                   const QrParseOptions *options, GError **error)
{
  QrMap *map;

  if (kind == QR_FILE_VMF)
    return qr_map_read_vmf (data, len, name, options, error);
  map = qr_map_read_map (data, len, name, options, error);
  /* TrenchBroom's hidden and locked layers, for every user of the map. */
  if (map != NULL)
    qr_map_refresh_layers (map, NULL);
  return map;
}

QrMap *
qr_map_parse (const char *data, gsize len, QrFileKind kind, const char *name, GError **error)
{
  return qr_map_parse_full (data, len, kind, name, NULL, error);
}

typedef struct
{
  const char *data;
  gsize released;           /* bytes at the start already given back */
  const QrParseOptions *user;
} LoadProgress;

/* Pages of the mapping already parsed are dropped as the reader moves on:
 * the document and the whole file need not be resident at once. An error
 * message counting lines from the start simply reads them back in. */
static gboolean
load_progress (gsize done, gsize total, gpointer data)
{
  LoadProgress *lp = data;
  gsize page = (gsize) sysconf (_SC_PAGESIZE);
  gsize upto = (done / page) * page;

  if (upto > lp->released && ((guintptr) lp->data % page) == 0)
    {
      (void) madvise ((char *) lp->data + lp->released, upto - lp->released, MADV_DONTNEED);
      lp->released = upto;
    }
  if (lp->user != NULL && lp->user->progress != NULL)
    return lp->user->progress (done, total, lp->user->user_data);
  return TRUE;
}

QrMap *
qr_map_load_full (const char *path, const QrParseOptions *options, GError **error)
{
  g_autoptr (GMappedFile) file = NULL;
  g_autoptr (GError) local = NULL;
  LoadProgress lp = { 0 };
  QrParseOptions own = { load_progress, &lp };
  const char *data;
  gsize len;

  file = g_mapped_file_new (path, FALSE, &local);
  if (file == NULL)
    {
      g_autofree char *shown = qr_escape_dup (path, -1);
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_READ, "%s: %s", shown, local->message);
      return NULL;
    }
  data = g_mapped_file_get_contents (file);
  len = g_mapped_file_get_length (file);
  if (data == NULL)
    data = "";
  lp.data = data;
  lp.user = options;
  return qr_map_parse_full (data, len, qr_file_kind_for_path (path), path, &own, error);
}

QrMap *
qr_map_load (const char *path, GError **error)
{
  return qr_map_load_full (path, NULL, error);
}

GString *
qr_map_write (const QrMap *map, QrSaveFormat format, GError **error)
{
  if (format == QR_SAVE_VMF || (format == QR_SAVE_AS_READ && map->kind == QR_FILE_VMF))
    return qr_map_write_vmf (map, error);
  return qr_map_write_map (map, format, error);
}

guint
qr_save_dropped_displacements (const QrMap *map, QrSaveFormat format)
{
  guint n = 0;

  g_return_val_if_fail (map != NULL, 0);
  /* The same test as qr_map_write and qr_map_save: the VMF writer keeps
   * every side's dispinfo block, the MAP writer none of them. */
  if (format == QR_SAVE_VMF || (format == QR_SAVE_AS_READ && map->kind == QR_FILE_VMF))
    return 0;
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, b);

          for (int f = 0; f < brush->n_faces; f++)
            n += qr_face_disp (&brush->faces[f]) != NULL;
        }
    }
  return n;
}

static gboolean
write_error (GError **error, const char *path, const char *what, int errsv)
{
  g_autofree char *shown = qr_escape_dup (path, -1);
  g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_WRITE, "%s: %s: %s", shown, what, g_strerror (errsv));
  return FALSE;
}

/* Makes backup a copy of path: a hard link when it can (no data written,
 * nothing to fail half-way), else a synced copy renamed into place. The
 * previous backup goes only once the new one is ready. */
static gboolean
keep_backup (const char *path, const char *backup, GError **error)
{
  g_autofree char *tmp = g_strdup_printf ("%s.XXXXXX", backup);
  g_autofree char *contents = NULL;
  gsize len = 0;
  int fd;

  fd = g_mkstemp_full (tmp, O_WRONLY, 0666);
  if (fd < 0)
    return write_error (error, backup, "cannot create a temporary file", errno);
  close (fd);
  g_unlink (tmp);
  if (link (path, tmp) != 0)
    {
      GStatBuf st;
      gboolean ok;

      if (!g_file_get_contents (path, &contents, &len, error))
        return FALSE;
      fd = g_open (tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
      if (fd < 0)
        return write_error (error, backup, "cannot create a temporary file", errno);
      if (g_stat (path, &st) == 0)
        (void) fchmod (fd, st.st_mode & 07777);
      int errsv = 0;
      ok = qr_write_all (fd, contents, len, &errsv) || write_error (error, backup, "write failed", errsv);
      if (ok && fsync (fd) != 0)
        ok = write_error (error, backup, "cannot flush to disk", errno);
      if (close (fd) != 0 && ok)
        ok = write_error (error, backup, "cannot close the file", errno);
      if (!ok)
        {
          g_unlink (tmp);
          return FALSE;
        }
    }
  if (g_rename (tmp, backup) != 0)
    {
      int errsv = errno;
      g_unlink (tmp);
      return write_error (error, backup, "cannot replace the backup", errsv);
    }
  return TRUE;
}

gboolean
qr_map_save (const QrMap *map, const char *path, QrSaveFormat format, GError **error)
{
  return qr_map_save_full (map, path, format, 0, error);
}

gboolean
qr_map_save_full (const QrMap *map, const char *path, QrSaveFormat format, QrSaveFlags flags, GError **error)
{
  g_autofree char *tmp = NULL;
  QrOutput output;
  bool vmf = format == QR_SAVE_VMF || (format == QR_SAVE_AS_READ && map->kind == QR_FILE_VMF);
  bool ok;
  bool exists;
  GStatBuf st;
  mode_t mask;
  int fd;

  g_return_val_if_fail (map != NULL && path != NULL, FALSE);

  /* Beside the target so that rename() is atomic on the same file system. */
  tmp = g_strdup_printf ("%s.XXXXXX", path);
  fd = g_mkstemp_full (tmp, O_WRONLY, 0666);
  if (fd < 0)
    return write_error (error, path, "cannot create a temporary file", errno);

  /* A replaced file keeps its permissions; a new one gets the umask's. */
  exists = g_stat (path, &st) == 0 && S_ISREG (st.st_mode);
  mask = umask (0);
  umask (mask);
  (void) fchmod (fd, exists ? (st.st_mode & 07777) : (0666 & ~mask));

  qr_output_init (&output, fd, 0);
  ok = vmf ? qr_map_write_vmf_to (map, &output, error)
           : qr_map_write_map_to (map, format, &output, error);
  if (ok && !qr_output_flush (&output))
    ok = write_error (error, path, "write failed", output.errsv);
  qr_output_clear (&output);
  if (ok && fsync (fd) != 0)
    ok = write_error (error, path, "cannot flush to disk", errno);
  if (close (fd) != 0 && ok)
    ok = write_error (error, path, "cannot close the file", errno);
  if (ok && exists && (flags & QR_SAVE_KEEP_BACKUP) != 0)
    {
      g_autofree char *backup = g_strconcat (path, ".bak", NULL);
      ok = keep_backup (path, backup, error);
    }
  if (ok && g_rename (tmp, path) != 0)
    ok = write_error (error, path, "cannot replace the file", errno);
  /* The previous file at path is untouched unless the rename happened. */
  if (!ok)
    g_unlink (tmp);
  else
    {
      /* The rename itself reaches the disk with the folder's entry. */
      g_autofree char *dir = g_path_get_dirname (path);
      int dfd = g_open (dir, O_RDONLY | O_DIRECTORY, 0);
      if (dfd >= 0)
        {
          (void) fsync (dfd);
          close (dfd);
        }
    }
  return ok;
}

gboolean
qr_save_format_from_string (const char *name, QrSaveFormat *out)
{
  static const struct { const char *name; QrSaveFormat format; } table[] = {
    { "quake", QR_SAVE_QUAKE },
    { "valve220", QR_SAVE_VALVE220 },
    { "quake2", QR_SAVE_QUAKE2 },
    { "vmf", QR_SAVE_VMF },
  };

  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    if (g_strcmp0 (name, table[i].name) == 0)
      {
        *out = table[i].format;
        return TRUE;
      }
  return FALSE;
}
