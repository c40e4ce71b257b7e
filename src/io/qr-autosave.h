/* qr-autosave.h — autosaves of the open documents in the user's state
 * folder, and the session marker that tells an unclean exit from a clean one.
 *
 * Under the root ($XDG_STATE_HOME/quarry/autosave by default):
 *   sessions/SESSION       one per running editor, locked (flock) while it
 *                          runs and removed at a clean exit: a marker that
 *                          is there but not locked is a session that died;
 *   DOC/TIME-SESSION.map   an autosave (.vmf for VMF), written atomically
 *                          as qr_map_save writes (temporary file, fsync,
 *                          rename), with TIME-SESSION.json beside it: the
 *                          original path, the time, the brush count and the
 *                          format; written last, so an autosave without one
 *                          is not listed;
 *   DOC/saved              the time of the document's last save.
 * DOC is "file-" and a hash of the original path, so a map keeps its
 * autosaves from one run to the next, or "untitled-SESSION-N". Names hold
 * the session, so windows and editors never write each other's files; the
 * last `keep` autosaves of a DOC are kept, whoever wrote them.
 *
 * qr_autosave_write reads only what qr_autosave_open set, so worker threads
 * may call it with the store while the thread that opened it goes on. */
#pragma once

#include <gio/gio.h>
#include "qr-io.h"

typedef struct _QrAutosave QrAutosave;

typedef struct
{
  char *doc;       /* the DOC folder's name */
  char *file;      /* the autosave's map file */
  char *session;   /* the session that wrote it */
  char *path;      /* the original file, or NULL for an untitled map */
  gint64 time;     /* when it was written, µs since the epoch (g_get_real_time) */
  guint brushes;
  QrSaveFormat format;
} QrAutosaveEntry;

void qr_autosave_entry_free (QrAutosaveEntry *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrAutosaveEntry, qr_autosave_entry_free)

/* $XDG_STATE_HOME/quarry/autosave */
char *qr_autosave_default_root (void);

/* Starts a session under root (NULL: the default root): makes the folders
 * and writes and locks the session marker. */
QrAutosave *qr_autosave_open (const char *root, GError **error);
QrAutosave *qr_autosave_ref (QrAutosave *store);
/* Dropping the last reference leaves the marker as a crash would: call
 * qr_autosave_end first at a clean exit. */
void qr_autosave_unref (QrAutosave *store);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrAutosave, qr_autosave_unref)

/* A clean exit: removes the session marker (the autosaves stay). */
void qr_autosave_end (QrAutosave *store);

const char *qr_autosave_get_root (const QrAutosave *store);
const char *qr_autosave_get_session (const QrAutosave *store);

/* The DOC name for a document saved at path, or a new one for an untitled
 * document (path NULL). */
char *qr_autosave_dup_doc (QrAutosave *store, const char *path);

/* Writes map (a snapshot: see qr_map_snapshot) as DOC's newest autosave in
 * `format`, then removes DOC's oldest beyond `keep`. path is the original
 * file, or NULL. A failed write leaves the earlier autosaves as they were. */
gboolean qr_autosave_write (QrAutosave *store, const char *doc, const char *path, const QrMap *map,
                            QrSaveFormat format, guint keep, GError **error);

/* DOC's autosaves, newest first (QrAutosaveEntry *). */
GPtrArray *qr_autosave_list (QrAutosave *store, const char *doc);

/* The document was saved now: its older autosaves are no longer offered
 * for recovery (they stay as backups). */
void qr_autosave_mark_saved (QrAutosave *store, const char *doc);

/* What an unclean exit left: for each document of each session that died,
 * its newest autosave written after the document's last save; newest
 * first. Markers of dead sessions with nothing to offer are removed. */
GPtrArray *qr_autosave_list_recoverable (QrAutosave *store);

/* The user took the entry back (Recover): its document's autosaves from
 * that session become this session's, so they are not offered again and
 * stay as backups. Returns the entry's file under its new name. */
char *qr_autosave_adopt (QrAutosave *store, const QrAutosaveEntry *entry, GError **error);
/* The user does not want it (Discard): the document's autosaves from that
 * session are removed. */
gboolean qr_autosave_discard (QrAutosave *store, const QrAutosaveEntry *entry, GError **error);

/* Removes the markers of dead sessions that have nothing left to offer. */
void qr_autosave_forget_dead (QrAutosave *store);

/* "quake", "valve220", "quake2", "vmf" or "as-read", and back. */
const char *qr_save_format_to_string (QrSaveFormat format);
