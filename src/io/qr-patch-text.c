#include "qr-patch-text.h"

#include <math.h>
#include <string.h>
#include "qr-io.h"
#include "qr-number.h"

static bool
expect (QrScanner *s, char c, const char *what, GError **error)
{
  if (qr_scanner_accept (s, c))
    return true;
  return qr_scanner_expected (s, error, what);
}

static bool
read_numbers (QrScanner *s, double *out, int n, GError **error)
{
  for (int i = 0; i < n; i++)
    if (!qr_scanner_number (s, &out[i], error))
      return false;
  return true;
}

/* A size: a whole number, odd, from 3 to 999 (Quake 3's MAX_PATCH_SIZE is
 * 32; the bound here only keeps allocations sane). */
static bool
size_ok (double v)
{
  return v == floor (v) && v >= 3 && v <= 999 && fmod (v, 2) == 1;
}

QrPatch *
qr_patch_read (QrScanner *s, QrId id, GError **error)
{
  g_autoptr (QrPatch) patch = NULL;
  g_autofree char *texture = NULL;
  const char *word, *header_at;
  gsize len;
  double header[5];

  if (!qr_scanner_word (s, &word, &len, error))
    return NULL;
  if (len != 9 || memcmp (word, "patchDef2", 9) != 0)
    {
      qr_scanner_error_at (s, word, error, "expected “patchDef2”");
      return NULL;
    }
  if (!expect (s, '{', "“{” opening the patch", error))
    return NULL;

  qr_scanner_skip_space (s);
  if (s->p < s->end && *s->p == '"')
    {
      if (!qr_scanner_quoted (s, &texture, error))
        return NULL;
    }
  else
    {
      if (s->p >= s->end || *s->p == '(' || *s->p == '}')
        {
          qr_scanner_expected (s, error, "a texture name");
          return NULL;
        }
      if (!qr_scanner_word (s, &word, &len, error))
        return NULL;
      texture = g_strndup (word, len);
    }

  if (!expect (s, '(', "“(” starting the patch's size and surface values", error))
    return NULL;
  qr_scanner_skip_space (s);
  header_at = s->p;
  if (!read_numbers (s, header, 5, error))
    return NULL;
  if (!expect (s, ')', "“)” closing the patch's size and surface values", error))
    return NULL;
  if (!size_ok (header[0]) || !size_ok (header[1]))
    {
      qr_scanner_error_at (s, header_at, error, "a patch of %g × %g control points: both must be odd and 3 or more",
                           header[0], header[1]);
      return NULL;
    }

  patch = qr_patch_new (id, texture, (int) header[0], (int) header[1]);
  memcpy (patch->header, header, sizeof header);
  if (!expect (s, '(', "“(” starting the control points", error))
    return NULL;
  for (int r = 0; r < patch->rows; r++)
    {
      if (!expect (s, '(', "“(” starting a row of control points", error))
        return NULL;
      for (int c = 0; c < patch->cols; c++)
        {
          QrPatchPoint *pt = qr_patch_point (patch, r, c);
          double v[5];

          if (!expect (s, '(', "“(” starting a control point", error) || !read_numbers (s, v, 5, error)
              || !expect (s, ')', "“)” closing a control point (x y z s t)", error))
            return NULL;
          pt->pos = qr_vec3 (v[0], v[1], v[2]);
          pt->st[0] = v[3];
          pt->st[1] = v[4];
        }
      if (!expect (s, ')', "“)” closing a row of control points", error))
        return NULL;
    }
  if (!expect (s, ')', "“)” closing the control points", error) || !expect (s, '}', "“}” closing the patch", error))
    return NULL;
  qr_scanner_skip_space (s);
  if (!qr_scanner_at_end (s))
    {
      qr_scanner_expected (s, error, "the end of the patch");
      return NULL;
    }
  qr_patch_build (patch);
  return g_steal_pointer (&patch);
}

QrPatch *
qr_patch_parse (const char *text, gsize len, const char *name, QrId id, GError **error)
{
  QrScanner s;

  qr_scanner_init (&s, text, len, name);
  return qr_patch_read (&s, id, error);
}

static void
append_numbers (GString *out, const double *v, int n)
{
  for (int i = 0; i < n; i++)
    {
      g_string_append_c (out, ' ');
      qr_number_append (out, v[i]);
    }
}

char *
qr_patch_to_text (const QrPatch *patch)
{
  GString *out = g_string_sized_new (64 + 60 * (gsize) patch->rows * (gsize) patch->cols);

  g_string_append (out, "patchDef2\n{\n");
  /* Quake 3's parser takes a bare word; quotes only for a name it could not. */
  if (*patch->texture == '\0' || strpbrk (patch->texture, " \t\r\n\"(){}") != NULL)
    g_string_append_printf (out, "\"%s\"", patch->texture);
  else
    g_string_append (out, patch->texture);
  g_string_append (out, "\n(");
  append_numbers (out, patch->header, 5);
  g_string_append (out, " )\n(\n");
  for (int r = 0; r < patch->rows; r++)
    {
      g_string_append_c (out, '(');
      for (int c = 0; c < patch->cols; c++)
        {
          const QrPatchPoint *pt = &patch->points[r * patch->cols + c];
          double v[5] = { pt->pos.x, pt->pos.y, pt->pos.z, pt->st[0], pt->st[1] };

          g_string_append (out, " (");
          append_numbers (out, v, 5);
          g_string_append (out, " )");
        }
      g_string_append (out, " )\n");
    }
  g_string_append (out, ")\n}");
  return g_string_free (out, FALSE);
}
