#include "qr-escape.h"

#include <string.h>

char *
qr_escape_dup (const char *text, gssize len)
{
  gsize n = len < 0 ? strlen (text) : (gsize) len;
  const char *p = text, *end = text + n;
  GString *out = g_string_sized_new (n + 1);

  while (p < end)
    {
      /* -1 (invalid) or -2 (cut short, or a NUL inside): one byte escaped. */
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02X", (guchar) *p++);
          continue;
        }
      if (c == '\t')
        g_string_append (out, "\\t");
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (c < 0x20 || c == 0x7f)
        g_string_append_printf (out, "\\x%02X", c);
      else if (c >= 0x80 && c <= 0x9f)
        g_string_append_printf (out, "\\u%04X", c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

gsize
qr_escape_prefix_len (const char *text, gsize len, gsize max)
{
  gsize cut = MIN (len, max);

  if (cut == len)
    return cut;
  /* Back over continuation bytes (10xxxxxx) to the first byte of the
   * character the cut falls in, at most three back (a 4-byte character). */
  for (gsize back = 0; back <= 3 && back < cut; back++)
    if (((guchar) text[cut - back] & 0xc0) != 0x80)
      return cut - back;
  return cut;
}

bool
qr_map_name_needs_quotes (const char *name)
{
  if (*name == '\0' || *name == '"')
    return true;
  for (const char *p = name; *p; p++)
    if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
      return true;
  return false;
}

void
qr_map_put_quoted (GString *out, const char *s)
{
  g_string_append_c (out, '"');
  for (const char *p = s; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}
