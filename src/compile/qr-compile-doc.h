/* qr-compile-doc.h — the compile profiles file (qr-compile-profile.h) as
 * the profile editor changes it. The edits work on the JSON tree itself,
 * so members Quarry does not know and the order of profiles, variables and
 * steps survive them; the text written is checked by the same parser the
 * runs use, so the editor never writes a file a run would refuse. */
#pragma once

#include <glib.h>
#include "qr-compile-profile.h"

typedef struct _QrCompileDoc QrCompileDoc;

/* An empty file: no profile. */
QrCompileDoc *qr_compile_doc_new (void);
/* NULL with the parser's error (file, line and column) for a file a run
 * would refuse. */
QrCompileDoc *qr_compile_doc_parse (const char *text, gsize len, const char *name, GError **error);
QrCompileDoc *qr_compile_doc_load (const char *path, GError **error);
void qr_compile_doc_free (QrCompileDoc *doc);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrCompileDoc, qr_compile_doc_free)

/* The file's text: two-space indents, a newline at the end. */
char *qr_compile_doc_to_text (const QrCompileDoc *doc);
/* The profiles the text reads as; NULL with the reason when an edit left
 * the file one a run would refuse (a step with no program, two profiles of
 * one name…). */
QrCompileProfiles *qr_compile_doc_check (const QrCompileDoc *doc, GError **error);
/* Checks, then writes through a temporary file renamed over the old one:
 * a failure leaves the old file as it was. */
gboolean qr_compile_doc_save (const QrCompileDoc *doc, const char *path, GError **error);

guint qr_compile_doc_n_profiles (const QrCompileDoc *doc);
const char *qr_compile_doc_profile_name (const QrCompileDoc *doc, guint p);
void qr_compile_doc_set_profile_name (QrCompileDoc *doc, guint p, const char *name);
/* Appends a profile with no variables and no steps; its index. */
guint qr_compile_doc_add_profile (QrCompileDoc *doc, const char *name);
/* Inserts a deep copy of profile p after it, named `name`; its index. */
guint qr_compile_doc_duplicate_profile (QrCompileDoc *doc, guint p, const char *name);
void qr_compile_doc_remove_profile (QrCompileDoc *doc, guint p);
/* Whether a profile other than `except` (G_MAXUINT: none) is called so,
 * ASCII case ignored as qr_compile_profiles_find looks them up. */
gboolean qr_compile_doc_has_profile (const QrCompileDoc *doc, const char *name, guint except);

/* A profile's variables in the file's order. */
guint qr_compile_doc_n_variables (const QrCompileDoc *doc, guint p);
const char *qr_compile_doc_variable_name (const QrCompileDoc *doc, guint p, guint i);
const char *qr_compile_doc_variable_value (const QrCompileDoc *doc, guint p, guint i);
/* Renames and sets variable i in its place; FALSE (nothing changed) for an
 * empty name or one another variable of the profile has. */
gboolean qr_compile_doc_set_variable (QrCompileDoc *doc, guint p, guint i, const char *name, const char *value);
/* Appends a variable named `name` (FALSE when taken) with an empty value. */
gboolean qr_compile_doc_add_variable (QrCompileDoc *doc, guint p, const char *name);
void qr_compile_doc_remove_variable (QrCompileDoc *doc, guint p, guint i);

/* A profile's steps; their string members "name", "program" and "cwd". */
guint qr_compile_doc_n_steps (const QrCompileDoc *doc, guint p);
/* NULL when the member is absent. */
const char *qr_compile_doc_step_get (const QrCompileDoc *doc, guint p, guint s, const char *member);
/* NULL or "" removes "name" and "cwd" (the program's name, the map's
 * folder stand in); a "program" is always kept, even empty. */
void qr_compile_doc_step_set (QrCompileDoc *doc, guint p, guint s, const char *member, const char *value);
/* The arguments, a new NULL-terminated array. */
char **qr_compile_doc_step_args (const QrCompileDoc *doc, guint p, guint s);
void qr_compile_doc_step_set_args (QrCompileDoc *doc, guint p, guint s, const char *const *args);
gboolean qr_compile_doc_step_enabled (const QrCompileDoc *doc, guint p, guint s);
/* true removes the member (a step runs unless it says otherwise). */
void qr_compile_doc_step_set_enabled (QrCompileDoc *doc, guint p, guint s, gboolean enabled);
/* Appends a step running `program` with no arguments; its index. */
guint qr_compile_doc_add_step (QrCompileDoc *doc, guint p, const char *program);
void qr_compile_doc_remove_step (QrCompileDoc *doc, guint p, guint s);
/* Swaps step s with the one before (delta -1) or after (+1); FALSE at an end. */
gboolean qr_compile_doc_move_step (QrCompileDoc *doc, guint p, guint s, int delta);

/* Arguments as one line to edit: each quoted as a shell would need it
 * (${NAME} needs no quotes), and back; NULL with an error for a line with
 * an unclosed quote. */
char *qr_compile_args_to_line (const char *const *args);
char **qr_compile_args_from_line (const char *line, GError **error);
