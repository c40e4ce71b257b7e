/* qr-escape.h — input text made safe to quote in a message.
 *
 * Error messages quote the file's own text ("found “…”"); a map may hold any
 * bytes, and a message goes on to GTK labels (Pango refuses invalid UTF-8)
 * and terminals (control characters). */
#pragma once

#include <glib.h>
#include <stdbool.h>

/* A new valid UTF-8 string showing the len bytes of text (len < 0: up to
 * its NUL). Valid printable UTF-8 is copied unchanged; every byte that is
 * not part of a valid UTF-8 character becomes \xNN (upper-case hex, so the
 * bytes FF FE read "\xFF\xFE"); tab, line feed and carriage return become
 * \t, \n and \r, the other C0 controls and DEL \xNN, and the C1 controls
 * (valid UTF-8 for U+0080–U+009F) \u0080–\u009F. A backslash stays as it
 * is: Windows paths in keys read as written. */
char *qr_escape_dup (const char *text, gssize len);

/* A MAP texture name that must be quoted to read back as one token: empty,
 * starting with a quote, or holding blanks. */
bool qr_map_name_needs_quotes (const char *name);
/* s in double quotes, its quotes escaped with a backslash. */
void qr_map_put_quoted (GString *out, const char *s);

/* The length of text's first max bytes (or fewer, when text is shorter),
 * moved back so as not to cut a UTF-8 character in two: for quoting the
 * start of a long token. */
gsize qr_escape_prefix_len (const char *text, gsize len, gsize max);
