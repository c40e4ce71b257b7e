#include "qr-scanner.h"
#include "qr-escape.h"
#include "qr-io.h"
#include "qr-number.h"

#include <stdarg.h>
#include <string.h>

void
qr_scanner_init (QrScanner *s, const char *data, gsize len, const char *name)
{
  s->start = s->p = data;
  s->end = data + len;
  s->name = name ? name : "<memory>";
  s->semicolon_comments = false;
  s->end_name = "end of file";
  s->located = s->located_line_start = s->start;
  s->located_line = 1;
}

void
qr_scanner_skip_comments (QrScanner *s)
{
  const char *p = s->p, *end = s->end;

  while (p < end)
    {
      char c = *p;

      if (qr_scanner_is_space (c))
        p++;
      else if ((c == '/' && p + 1 < end && p[1] == '/') || (c == ';' && s->semicolon_comments))
        {
          const char *nl = memchr (p, '\n', (size_t) (end - p));
          p = nl ? nl + 1 : end;
        }
      else
        break;
    }
  s->p = p;
}

void
qr_scanner_locate (const QrScanner *s, const char *at, int *line, int *column)
{
  /* The memo of the last answer is no part of what the scanner reads, so
   * callers holding it const may still ask. */
  QrScanner *memo = (QrScanner *) s;
  const char *line_start = s->located_line_start;
  int n = s->located_line;

  if (at > s->end)
    at = s->end;
  if (at < s->start)
    at = s->start;
  if (at >= s->located)
    {
      for (const char *q = s->located; q < at; q++)
        if (*q == '\n')
          n++, line_start = q + 1;
    }
  else
    {
      /* Back to an earlier position (the block an error is inside): the
       * lines between, then the start of at's line. */
      for (const char *q = at; q < s->located; q++)
        if (*q == '\n')
          n--;
      line_start = at;
      while (line_start > s->start && line_start[-1] != '\n')
        line_start--;
    }
  memo->located = at;
  memo->located_line_start = line_start;
  memo->located_line = n;
  *line = n;
  *column = (int) (at - line_start) + 1;
}

void
qr_scanner_error_at (const QrScanner *s, const char *at, GError **error, const char *fmt, ...)
{
  g_autofree char *msg = NULL;
  va_list args;
  int line, column;

  qr_scanner_locate (s, at, &line, &column);
  va_start (args, fmt);
  msg = g_strdup_vprintf (fmt, args);
  va_end (args);
  /* Messages quote the input, which may be any bytes: every parse error
   * passes here, so escaping here covers them all (the fixed text is valid
   * UTF-8 without controls and comes through unchanged). */
  g_autofree char *shown_name = qr_escape_dup (s->name, -1);
  g_autofree char *shown_msg = qr_escape_dup (msg, -1);
  g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_PARSE, "%s:%d:%d: %s", shown_name, line, column, shown_msg);
}

/* A short, printable description of what stands at p. */
static char *
describe (const QrScanner *s, const char *p)
{
  const char *q = p;

  if (p >= s->end)
    return g_strdup (s->end_name);
  if ((unsigned char) *p < 0x20 || *p == 0x7f)
    return g_strdup_printf ("byte 0x%02x", (unsigned char) *p);
  /* One byte past the 24 shown, to see whether the cut splits a character. */
  while (q < s->end && !qr_scanner_is_space (*q) && q - p <= 24)
    q++;
  return g_strdup_printf ("“%.*s”", (int) qr_escape_prefix_len (p, (gsize) (q - p), 24), p);
}

bool
qr_scanner_expected (QrScanner *s, GError **error, const char *what)
{
  g_autofree char *found = NULL;

  qr_scanner_skip_space (s);
  found = describe (s, s->p);
  qr_scanner_error_at (s, s->p, error, "expected %s, found %s", what, found);
  return false;
}

bool
qr_scanner_number_full (QrScanner *s, double *out, GError **error)
{
  const char *at;

  qr_scanner_skip_space (s);
  at = s->p;
  if (!qr_number_parse (&s->p, s->end, out))
    return qr_scanner_expected (s, error, "a number");
  if (s->p < s->end && !qr_scanner_is_space (*s->p) && *s->p != ')' && *s->p != ']')
    {
      s->p = at;
      return qr_scanner_expected (s, error, "a number");
    }
  return true;
}

bool
qr_scanner_numbers (QrScanner *s, double *out, int n, GError **error)
{
  for (int i = 0; i < n; i++)
    if (!qr_scanner_number (s, &out[i], error))
      return false;
  return true;
}

bool
qr_scanner_quoted_span (QrScanner *s, const char **body, gsize *len, bool *escaped, GError **error)
{
  const char *begin = s->p + 1, *q = begin, *quote, *nul;

  g_assert (s->p < s->end && *s->p == '"');
  *escaped = false;
  /* memchr finds the next quote and any NUL before it many bytes at a
   * time: VMF files are mostly quoted text. A quote after a backslash,
   * with more than the line end after it, is escaped: look on. */
  for (;;)
    {
      quote = memchr (q, '"', (size_t) (s->end - q));
      nul = memchr (q, '\0', (size_t) ((quote != NULL ? quote : s->end) - q));
      if (nul != NULL)
        {
          qr_scanner_error_at (s, nul, error, "unexpected byte 0x00 in a quoted string");
          return false;
        }
      if (quote == NULL)
        {
          qr_scanner_error_at (s, s->p, error, "unterminated quoted string");
          return false;
        }
      if (quote > begin && quote[-1] == '\\' && quote + 1 < s->end && quote[1] != '\n' && quote[1] != '\r')
        {
          *escaped = true;
          q = quote + 1;
          continue;
        }
      break;
    }
  *body = begin;
  *len = (gsize) (quote - begin);
  s->p = quote + 1;
  return true;
}

char *
qr_scanner_unescape (const char *body, gsize len, bool escaped)
{
  char *out, *w;

  if (!escaped)
    return g_strndup (body, len);
  out = w = g_malloc (len + 1);
  for (gsize i = 0; i < len; i++)
    {
      if (body[i] == '\\' && i + 1 < len && body[i + 1] == '"')
        i++;
      *w++ = body[i];
    }
  *w = '\0';
  return out;
}

bool
qr_scanner_quoted (QrScanner *s, char **out, GError **error)
{
  const char *body;
  gsize len;
  bool escaped;

  qr_scanner_skip_space (s);
  if (s->p >= s->end || *s->p != '"')
    return qr_scanner_expected (s, error, "a quoted string");
  if (!qr_scanner_quoted_span (s, &body, &len, &escaped, error))
    return false;
  *out = qr_scanner_unescape (body, len, escaped);
  return true;
}

bool
qr_scanner_word (QrScanner *s, const char **word, gsize *len, GError **error)
{
  const char *q;

  qr_scanner_skip_space (s);
  if (s->p >= s->end)
    return qr_scanner_expected (s, error, "a word");
  for (q = s->p; q < s->end && !qr_scanner_is_space (*q); q++)
    if ((unsigned char) *q < 0x20 || *q == 0x7f)
      return qr_scanner_expected (s, error, "a word");
  *word = s->p;
  *len = (gsize) (q - s->p);
  s->p = q;
  return true;
}

bool
qr_scanner_progress (QrScanner *s, const void *opts, const char **last, GError **error)
{
  const QrParseOptions *options = opts;

  if (options == NULL || options->progress == NULL || s->p - *last < QR_PARSE_PROGRESS_STEP)
    return true;
  *last = s->p;
  if (options->progress ((gsize) (s->p - s->start), (gsize) (s->end - s->start), options->user_data))
    return true;
  g_autofree char *shown_name = qr_escape_dup (s->name, -1);
  g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_CANCELLED, "%s: loading cancelled", shown_name);
  return false;
}

bool
qr_scanner_starts_number (const QrScanner *s)
{
  if (s->p >= s->end)
    return false;
  char c = *s->p;
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.';
}
