/* qr-scanner.h — the cursor both readers walk a file with.
 *
 * No line counting while scanning: the line and column of an error are
 * found by counting from the start only when an error is reported, which
 * keeps the hot path to pointer comparisons. */
#pragma once

#include <glib.h>
#include <stdbool.h>

#include "qr-number.h"

typedef struct
{
  const char *start;
  const char *p;
  const char *end;
  const char *name;          /* for messages */
  bool semicolon_comments;   /* MAP: QuArK writes "; comment" lines */
  const char *end_name;      /* what `end` is, for messages: "end of file" */
  /* The last position qr_scanner_locate counted to: the DEF and ENT readers
   * ask for every class's line, in file order, and counting on from the
   * last answer keeps that linear (from the start each time, a file of
   * many classes took quadratic time; found by fuzz-def). */
  const char *located, *located_line_start;
  int located_line;
} QrScanner;

void qr_scanner_init (QrScanner *s, const char *data, gsize len, const char *name);

static inline bool
qr_scanner_at_end (const QrScanner *s)
{
  return s->p >= s->end;
}

static inline bool
qr_scanner_is_space (char c)
{
  /* \t \n \v \f \r are the codes 9 to 13: two comparisons, not six. */
  return c == ' ' || (unsigned char) (c - '\t') <= '\r' - '\t';
}

/* Skips comments and the white space after them; called by
 * qr_scanner_skip_space only when a comment may start. */
void qr_scanner_skip_comments (QrScanner *s);

/* Skips white space and comments ("//…" and, when enabled, ";…" to the end
 * of line). Inline: it runs before every token. */
static inline void
qr_scanner_skip_space (QrScanner *s)
{
  const char *p = s->p, *end = s->end;

  /* Tokens are mostly one space apart, with no comment after it: step
   * over that space before the general loop. */
  if (end - p > 1 && p[0] == ' ' && (unsigned char) p[1] > ' ' && p[1] != '/' && p[1] != ';')
    {
      s->p = p + 1;
      return;
    }
  while (p < end && qr_scanner_is_space (*p))
    p++;
  s->p = p;
  if (p < end && (*p == '/' || *p == ';'))
    qr_scanner_skip_comments (s);
}

/* After skipping space: true and consumes c when the next character is c. */
static inline bool
qr_scanner_accept (QrScanner *s, char c)
{
  qr_scanner_skip_space (s);
  if (s->p < s->end && *s->p == c)
    {
      s->p++;
      return true;
    }
  return false;
}

/* qr_scanner_number for what the inline fast path does not take: long
 * numbers, exponents, and errors. */
bool qr_scanner_number_full (QrScanner *s, double *out, GError **error);

/* Reads a number ending at space, a closing bracket or end of input.
 * Inline with qr_number_parse_short: a map is mostly short numbers. */
static inline bool
qr_scanner_number (QrScanner *s, double *out, GError **error)
{
  const char *p;

  qr_scanner_skip_space (s);
  p = s->p;
  if (qr_number_parse_short (&p, s->end, out)
      && (p == s->end || qr_scanner_is_space (*p) || *p == ')' || *p == ']'))
    {
      s->p = p;
      return true;
    }
  return qr_scanner_number_full (s, out, error);
}
/* n numbers in a row into out, as faces have them: one call and one loop
 * for the whole run. */
bool qr_scanner_numbers (QrScanner *s, double *out, int n, GError **error);

/* Whether a number starts here (a digit, sign or point), without reading it. */
bool qr_scanner_starts_number (const QrScanner *s);

/* Reads a quoted string (after skipping space). Inside, \" not followed by
 * the end of a line is an escaped quote; everything else is literal. On
 * success *out is a new string with escapes resolved. */
bool qr_scanner_quoted (QrScanner *s, char **out, GError **error);

/* At an opening quote: finds the closing one (see qr_scanner_quoted for
 * escapes) and moves past it. The body is left in the buffer, unescaped. */
bool qr_scanner_quoted_span (QrScanner *s, const char **body, gsize *len, bool *escaped, GError **error);

/* A new string from a quoted body, with \" resolved when escaped. */
char *qr_scanner_unescape (const char *body, gsize len, bool escaped);

/* Reads a bare word up to white space; returns its start and length. */
bool qr_scanner_word (QrScanner *s, const char **word, gsize *len, GError **error);

/* Sets a QR_IO_ERROR_PARSE error "name:line:column: message" for position `at`. */
void qr_scanner_error_at (const QrScanner *s, const char *at, GError **error,
                          const char *fmt, ...) G_GNUC_PRINTF (4, 5);

/* "expected WHAT, found X" at the current position (after skipping space). */
bool qr_scanner_expected (QrScanner *s, GError **error, const char *what);

/* Reports progress when another step of input has been read since the
 * last report; false (with a CANCELLED error) when the callback says stop. */
bool qr_scanner_progress (QrScanner *s, const void *options, const char **last, GError **error);

/* 1-based line and column of a position. */
void qr_scanner_locate (const QrScanner *s, const char *at, int *line, int *column);
