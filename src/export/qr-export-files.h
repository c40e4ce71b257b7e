/* qr-export-files.h — the files of one export, replaced together or not
 * at all.
 *
 * An export is several files (an OBJ, its MTL, its textures): each is
 * written under a temporary name beside its target (and synced when it
 * replaces a file), and only when every one is complete are they renamed
 * over their targets, in the order they were opened. A failure before that
 * leaves every target as it was; freeing the set removes its temporary
 * files, and the folders it made, unless committed.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>

typedef struct _QrExportFiles QrExportFiles;

QrExportFiles *qr_export_files_new (void);
/* Removes what was not committed. */
void qr_export_files_free (QrExportFiles *files);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrExportFiles, qr_export_files_free)

/* Makes the folder when missing (removed again unless committed). */
bool qr_export_files_add_folder (QrExportFiles *files, const char *folder, GError **error);

/* Starts the file for `path`: a temporary file beside it, which takes the
 * permissions of the file it will replace (the umask's for a new one).
 * Returns its handle for the calls below, or -1 with error (a folder at
 * path is an error here, not at the rename). */
int qr_export_files_open (QrExportFiles *files, const char *path, GError **error);

/* The temporary file's name, for writers that open files by name. */
const char *qr_export_files_temp_path (QrExportFiles *files, int handle);

/* Appends len bytes to the file. */
bool qr_export_files_write (QrExportFiles *files, int handle, const void *data, gsize len, GError **error);

/* Syncs and closes the file; it is complete. */
bool qr_export_files_finish (QrExportFiles *files, int handle, GError **error);

/* Renames every finished file over its target. Files still open are an
 * error, before anything is renamed. */
bool qr_export_files_commit (QrExportFiles *files, GError **error);
