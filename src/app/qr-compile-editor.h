/* qr-compile-editor.h — the compile profiles editor (issue 20): the
 * profiles of the user's compile-profiles.json in a list, the chosen one's
 * variables and steps in forms beside it (enabled, name, program,
 * arguments as a shell line, working folder; moved up and down). Each edit
 * is saved a moment later through QrCompileDoc, which refuses a file a run
 * would refuse: then the window says why and writes nothing until it is
 * fixed. Opened from Preferences and from the Compile window. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define QR_TYPE_COMPILE_EDITOR (qr_compile_editor_get_type ())
G_DECLARE_FINAL_TYPE (QrCompileEditor, qr_compile_editor, QR, COMPILE_EDITOR, GtkWindow)

/* The user's profiles file, $XDG_CONFIG_HOME/quarry/compile-profiles.json,
 * made from the shipped templates when there is none yet; NULL with the
 * reason when it could not be made. */
char *qr_compile_profiles_user_file (GError **error);

/* An editor of the user's file, over `parent` (may be NULL), showing the
 * profile called `profile` (NULL: the first). */
QrCompileEditor *qr_compile_editor_new (GtkWindow *parent, const char *profile);

/* Writes an edit not yet saved (the window does it when it closes). */
void qr_compile_editor_flush (QrCompileEditor *self);

/* Signals: "saved" (): the file now holds the edits. */

G_END_DECLS
