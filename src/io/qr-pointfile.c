/* qr-pointfile.c — reading leak traces (.pts, .lin). */
#include "qr-pointfile.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include "qr-io.h"
#include "qr-scanner.h"

/* Reads the numbers of one line (up to 6) into v; returns how many. */
static int
line_numbers (QrScanner *s, double v[6], GError **error)
{
  int n = 0;

  for (;;)
    {
      /* Space within the line only: the line ends the point. */
      while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\r'))
        s->p++;
      if (s->p >= s->end || *s->p == '\n')
        return n;
      if (n == 6 || !qr_scanner_starts_number (s))
        {
          qr_scanner_error_at (s, s->p, error, n == 6 ? "a point file line holds 3 or 6 numbers, this one more"
                                                       : "expected a number");
          return -1;
        }
      if (!qr_scanner_number (s, &v[n], error))
        return -1;
      n++;
    }
}

static void
add_point (GArray *points, double x, double y, double z)
{
  QrVec3 p = { x, y, z };

  if (points->len > 0)
    {
      QrVec3 last = g_array_index (points, QrVec3, points->len - 1);

      if (last.x == p.x && last.y == p.y && last.z == p.z)
        return;
    }
  g_array_append_val (points, p);
}

GArray *
qr_pointfile_parse (const char *text, gsize len, const char *name, GError **error)
{
  g_autoptr (GArray) points = g_array_new (FALSE, FALSE, sizeof (QrVec3));
  QrScanner s;

  qr_scanner_init (&s, text, len, name);
  while (s.p < s.end)
    {
      const char *line = s.p;
      double v[6];
      int n = line_numbers (&s, v, error);

      if (n < 0)
        return NULL;
      if (n != 0 && n != 3 && n != 6)
        {
          qr_scanner_error_at (&s, line, error, "a point file line holds 3 or 6 numbers, this one %d", n);
          return NULL;
        }
      if (n >= 3)
        add_point (points, v[0], v[1], v[2]);
      if (n == 6)
        add_point (points, v[3], v[4], v[5]);
      if (s.p < s.end)
        s.p++; /* the newline */
    }
  if (points->len == 0)
    {
      qr_scanner_error_at (&s, s.end, error, "the point file holds no point");
      return NULL;
    }
  return g_steal_pointer (&points);
}

GArray *
qr_pointfile_load (const char *path, GError **error)
{
  g_autofree char *display = NULL;
  gsize len = 0;
  g_autofree char *text = qr_io_read_text (path, &len, &display, error);

  return text != NULL ? qr_pointfile_parse (text, len, display, error) : NULL;
}

char *
qr_pointfile_beside (const char *map_path)
{
  const char *dot = strrchr (map_path, '.'), *slash = strrchr (map_path, G_DIR_SEPARATOR);
  g_autofree char *stem = dot != NULL && (slash == NULL || dot > slash) ? g_strndup (map_path, (gsize) (dot - map_path))
                                                                       : g_strdup (map_path);
  g_autofree char *pts = g_strconcat (stem, ".pts", NULL), *lin = g_strconcat (stem, ".lin", NULL);
  GStatBuf a, b;
  gboolean has_pts = g_stat (pts, &a) == 0, has_lin = g_stat (lin, &b) == 0;

  if (has_pts && (!has_lin || a.st_mtime >= b.st_mtime))
    return g_steal_pointer (&pts);
  return has_lin ? g_steal_pointer (&lin) : NULL;
}
