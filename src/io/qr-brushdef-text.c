#include "qr-escape.h"
#include "qr-brushdef-text.h"
#include "qr-number.h"

#include <string.h>

/* A texture matrix entry as q3map2 reads it (atof): Windows builds of
 * Radiant wrote a NaN or an infinity as "-1.#IND", "1.#QNAN" or "1.#INF",
 * which read as the number before the '#'. Anything else must be a number. */
static bool
read_matrix_entry (QrScanner *s, double *out, GError **error)
{
  const char *at;

  qr_scanner_skip_space (s);
  at = s->p;
  if (qr_number_parse (&s->p, s->end, out) && s->p < s->end && *s->p == '#')
    {
      while (s->p < s->end && !qr_scanner_is_space (*s->p) && *s->p != ')')
        s->p++;
      return true;
    }
  s->p = at;
  return qr_scanner_number (s, out, error);
}

static bool
read_triple (QrScanner *s, double v[3], const char *what, bool matrix, GError **error)
{
  if (!qr_scanner_accept (s, '('))
    {
      g_autofree char *msg = g_strdup_printf ("“(” starting %s", what);
      return qr_scanner_expected (s, error, msg);
    }
  for (int i = 0; i < 3; i++)
    if (!(matrix ? read_matrix_entry (s, &v[i], error) : qr_scanner_number (s, &v[i], error)))
      return false;
  if (!qr_scanner_accept (s, ')'))
    {
      g_autofree char *msg = g_strdup_printf ("“)” closing %s", what);
      return qr_scanner_expected (s, error, msg);
    }
  return true;
}

static bool
read_face (QrScanner *s, QrMap *map, QrFace *f, GError **error)
{
  for (int i = 0; i < 3; i++)
    {
      double p[3];

      if (!read_triple (s, p, "a plane point", false, error))
        return false;
      f->points[i] = qr_vec3 (p[0], p[1], p[2]);
    }

  f->form = QR_TEX_BRUSHPRIM;
  if (!qr_scanner_accept (s, '('))
    return qr_scanner_expected (s, error, "“(” starting a texture matrix");
  for (int row = 0; row < 2; row++)
    if (!read_triple (s, f->tex.matrix[row], "a texture matrix row", true, error))
      return false;
  if (!qr_scanner_accept (s, ')'))
    return qr_scanner_expected (s, error, "“)” closing a texture matrix");

  qr_scanner_skip_space (s);
  if (s->p < s->end && *s->p == '"')
    {
      g_autofree char *name = NULL;

      if (!qr_scanner_quoted (s, &name, error))
        return false;
      f->texture = qr_map_intern_texture (map, name, -1);
    }
  else
    {
      const char *word;
      gsize len;

      if (s->p >= s->end || *s->p == '}' || *s->p == '(')
        return qr_scanner_expected (s, error, "a texture name");
      if (!qr_scanner_word (s, &word, &len, error))
        return false;
      f->texture = qr_map_intern_texture (map, word, (gssize) len);
    }

  /* Contents, flags and value: q3map2 reads them when present. */
  qr_scanner_skip_space (s);
  if (qr_scanner_starts_number (s))
    {
      QrFaceExtra *extra = qr_face_ensure_extra (f);

      f->has_surface = 1;
      for (int i = 0; i < 3; i++)
        if (!qr_scanner_number (s, &extra->surface[i], error))
          return false;
    }
  f->id = qr_map_take_face_id (map);
  return true;
}

bool
qr_brushdef_read (QrScanner *s, QrMap *map, GArray *faces, GError **error)
{
  const char *word;
  gsize len;

  g_return_val_if_fail (s != NULL && map != NULL && faces != NULL, false);

  qr_scanner_skip_space (s);
  if (!qr_scanner_word (s, &word, &len, error))
    return false;
  if (len != 8 || memcmp (word, "brushDef", 8) != 0)
    {
      s->p = word;
      return qr_scanner_expected (s, error, "“brushDef”");
    }
  if (!qr_scanner_accept (s, '{'))
    return qr_scanner_expected (s, error, "“{” opening the brushDef block");

  for (;;)
    {
      QrFace face = { 0 };
      bool ok;

      qr_scanner_skip_space (s);
      if (qr_scanner_accept (s, '}'))
        break;
      if (s->p >= s->end || *s->p != '(')
        return qr_scanner_expected (s, error, "“(” starting a face or “}” closing the brushDef block");
      ok = read_face (s, map, &face, error);
      g_array_append_val (faces, face);
      if (!ok)
        return false;
    }
  qr_scanner_skip_space (s);
  if (!qr_scanner_at_end (s))
    return qr_scanner_expected (s, error, "the end of the brushDef block");
  return true;
}

static void
put_num (GString *out, double v)
{
  char buf[QR_NUMBER_BUFSIZE];

  g_string_append_len (out, buf, qr_number_format (v, buf));
}

static void
put_triple (GString *out, const double v[3])
{
  g_string_append (out, "( ");
  for (int i = 0; i < 3; i++)
    {
      put_num (out, v[i]);
      g_string_append_c (out, ' ');
    }
  g_string_append (out, ") ");
}

char *
qr_brushdef_to_text (const QrMap *map, const QrBrush *brush)
{
  GString *out = g_string_new ("brushDef\n{\n");

  g_return_val_if_fail (map != NULL && brush != NULL, NULL);

  for (int i = 0; i < brush->n_faces; i++)
    {
      const QrFace *f = &brush->faces[i];
      const char *name = qr_map_texture_name (map, f->texture);

      for (int k = 0; k < 3; k++)
        {
          const double p[3] = { f->points[k].x, f->points[k].y, f->points[k].z };

          put_triple (out, p);
        }
      g_string_append (out, "( ");
      put_triple (out, f->tex.matrix[0]);
      put_triple (out, f->tex.matrix[1]);
      g_string_append (out, ") ");
      if (qr_map_name_needs_quotes (name))
        qr_map_put_quoted (out, name);
      else
        g_string_append (out, name);
      if (f->has_surface)
        for (int k = 0; k < 3; k++)
          {
            g_string_append_c (out, ' ');
            put_num (out, f->extra->surface[k]);
          }
      g_string_append_c (out, '\n');
    }
  g_string_append_c (out, '}');
  return g_string_free (out, FALSE);
}
