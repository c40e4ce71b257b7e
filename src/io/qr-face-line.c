#include "qr-face-line.h"
#include "qr-number.h"

#include <stdint.h>

/* A short number ([-] digits [. digits], at most QR_NUMBER_SHORT_DIGITS
 * digits, no exponent), as qr_number_parse_short reads it: where it ends,
 * or NULL for anything else. */
static inline const char *
line_short (const char *p, double *out)
{
  static const double pow10[QR_NUMBER_SHORT_DIGITS + 1] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
  };
  const char *first;
  bool negative = *p == '-';
  uint64_t m = 0;
  int digits, places;
  double value;

  p += negative;
  first = p;
  /* Unsigned wrap-around on long runs is harmless: they fail the count. */
  for (; (unsigned char) (*p - '0') < 10; p++)
    m = m * 10 + (uint64_t) (*p - '0');
  digits = (int) (p - first);
  if (G_LIKELY (*p != '.'))
    {
      /* An integer, most numbers of a map: no division. */
      if ((unsigned) (digits - 1) >= QR_NUMBER_SHORT_DIGITS)
        return NULL;
      value = (double) (int64_t) m;
    }
  else
    {
      first = ++p;
      for (; (unsigned char) (*p - '0') < 10; p++)
        m = m * 10 + (uint64_t) (*p - '0');
      places = (int) (p - first);
      digits += places;
      if (digits == 0 || digits > QR_NUMBER_SHORT_DIGITS)
        return NULL;
      value = (double) (int64_t) m / pow10[places];
    }
  *out = negative ? -value : value;
  return p;
}

/* A short number and the one byte `next` after it. */
static inline const char *
line_number (const char *p, char next, double *out)
{
  p = line_short (p, out);
  if (p == NULL || *p != next)
    return NULL;
  return p + 1;
}

/* The two bytes `a` `b` at p: the fixed punctuation between numbers. */
static inline const char *
line_expect (const char *p, char a, char b)
{
  if (p[0] != a || p[1] != b)
    return NULL;
  return p + 2;
}

const char *
qr_face_line_read (const char *p, const char *fence, QrFaceLine *out)
{
  const char *name;
  double *tex = out->tex;

  /* Every step below passes only bytes it has checked, none of them a line
   * end: no loop runs past the fence, so none compares with the end. */
  g_assert (*fence == '\n');
  if (p >= fence)
    return NULL;

  for (int i = 0; i < 3; i++)
    {
      double *point = &out->points[3 * i];

      if ((p = line_expect (p, '(', ' ')) == NULL
          || (p = line_number (p, ' ', &point[0])) == NULL
          || (p = line_number (p, ' ', &point[1])) == NULL
          || (p = line_number (p, ' ', &point[2])) == NULL
          || (p = line_expect (p, ')', ' ')) == NULL)
        return NULL;
    }

  /* A bare name of printable bytes. The scanner would take a quote as a
   * quoted name, a bracket or parenthesis as an error, and "//" or ";" as a
   * comment: those go to it, as does a name that ends other than in one space. */
  name = p;
  if (*p == '"' || *p == '[' || *p == '(' || *p == '}' || *p == '/' || *p == ';')
    return NULL;
  while ((unsigned char) *p > ' ' && *p != 0x7f)
    p++;
  if (p == name || *p != ' ')
    return NULL;
  out->texture = name;
  out->texture_len = (gsize) (p - name);
  p++;

  out->valve = *p == '[';
  if (out->valve)
    {
      for (int axis = 0; axis < 2; axis++)
        {
          double *v = &tex[4 * axis];

          if ((p = line_expect (p, '[', ' ')) == NULL
              || (p = line_number (p, ' ', &v[0])) == NULL
              || (p = line_number (p, ' ', &v[1])) == NULL
              || (p = line_number (p, ' ', &v[2])) == NULL
              || (p = line_number (p, ' ', &v[3])) == NULL
              || (p = line_expect (p, ']', ' ')) == NULL)
            return NULL;
        }
      tex += 8;
    }
  else
    {
      if ((p = line_number (p, ' ', &tex[0])) == NULL
          || (p = line_number (p, ' ', &tex[1])) == NULL)
        return NULL;
      tex += 2;
    }

  /* Rotation and scales; the last number ends at any white space, a line
   * end mostly, as the scanner ends a number. */
  if ((p = line_number (p, ' ', &tex[0])) == NULL
      || (p = line_number (p, ' ', &tex[1])) == NULL)
    return NULL;
  if ((p = line_short (p, &tex[2])) == NULL
      || (*p != ' ' && (unsigned char) (*p - '\t') > '\r' - '\t'))
    return NULL;
  return p;
}

const char *
qr_face_line_fence (const char *data, gsize len)
{
  for (gsize i = len; i > 0; i--)
    if (data[i - 1] == '\n')
      return data + i - 1;
  return NULL;
}
