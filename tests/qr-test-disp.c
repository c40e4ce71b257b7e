/* qr-test-disp.c — see qr-test-disp.h. */
#include "qr-test-disp.h"

static void
side_begin (GString *out, int id, const char *plane, const char *material)
{
  g_string_append_printf (out,
                          "\t\tside\n\t\t{\n\t\t\t\"id\" \"%d\"\n\t\t\t\"plane\" \"%s\"\n\t\t\t\"material\" \"%s\"\n"
                          "\t\t\t\"uaxis\" \"[1 0 0 0] 0.25\"\n\t\t\t\"vaxis\" \"[0 -1 0 0] 0.25\"\n"
                          "\t\t\t\"rotation\" \"0\"\n\t\t\t\"lightmapscale\" \"16\"\n\t\t\t\"smoothing_groups\" \"0\"\n",
                          id, plane, material);
}

/* One of dispinfo's row blocks: `per` numbers a point, from `values`
 * (NULL: `fill` for each point). */
static void
rows (GString *out, const char *name, int side, int per, const double *values, const char *fill)
{
  g_string_append_printf (out, "\t\t\t\t%s\n\t\t\t\t{\n", name);
  for (int r = 0; r < side; r++)
    {
      g_string_append_printf (out, "\t\t\t\t\t\"row%d\" \"", r);
      for (int c = 0; c < side; c++)
        {
          if (c > 0)
            g_string_append_c (out, ' ');
          if (values == NULL)
            g_string_append (out, fill);
          else
            for (int k = 0; k < per; k++)
              g_string_append_printf (out, k > 0 ? " %.17g" : "%.17g", values[(r * side + c) * per + k]);
        }
      g_string_append (out, "\"\n");
    }
  g_string_append (out, "\t\t\t\t}\n");
}

char *
qr_test_disp_floor_vmf (int power, double x0, double y0, double size, const char *material,
                        const double *distances, const QrVec3 *offsets, const double *alphas)
{
  int side = (1 << power) + 1;
  double x1 = x0 + size, y1 = y0 + size;
  GString *out = g_string_new ("world\n{\n\t\"id\" \"1\"\n\t\"classname\" \"worldspawn\"\n\tsolid\n\t{\n"
                               "\t\t\"id\" \"2\"\n");
  g_autofree char *top = g_strdup_printf ("(%g %g 0) (%g %g 0) (%g %g 0)", x0, y1, x1, y1, x1, y0);
  side_begin (out, 3, top, material);
  g_string_append_printf (out,
                          "\t\t\tdispinfo\n\t\t\t{\n\t\t\t\t\"power\" \"%d\"\n\t\t\t\t\"startposition\" \"[%g %g 0]\"\n"
                          "\t\t\t\t\"flags\" \"0\"\n\t\t\t\t\"elevation\" \"0\"\n\t\t\t\t\"subdiv\" \"0\"\n",
                          power, x0, y0);
  rows (out, "normals", side, 3, NULL, "0 0 1");
  rows (out, "distances", side, 1, distances, "0");
  rows (out, "offsets", side, 3, (const double *) offsets, "0 0 0");
  rows (out, "offset_normals", side, 3, NULL, "0 0 1");
  rows (out, "alphas", side, 1, alphas, "0");
  g_string_append (out, "\t\t\t}\n\t\t}\n");
  /* Bottom, then the sides at y1, y0, x1, x0: three points each, anticlockwise
   * seen from outside, as Hammer writes them. */
  double pts[5][9] = { { x0, y0, -16, x1, y0, -16, x1, y1, -16 }, { x0, y1, -16, x1, y1, -16, x1, y1, 0 },
                       { x1, y0, -16, x0, y0, -16, x0, y0, 0 },   { x1, y1, -16, x1, y0, -16, x1, y0, 0 },
                       { x0, y0, -16, x0, y1, -16, x0, y1, 0 } };
  for (int i = 0; i < 5; i++)
    {
      const double *p = pts[i];
      g_autofree char *plane = g_strdup_printf ("(%g %g %g) (%g %g %g) (%g %g %g)", p[0], p[1], p[2], p[3], p[4],
                                                p[5], p[6], p[7], p[8]);
      side_begin (out, 4 + i, plane, "tools/toolsnodraw");
      g_string_append (out, "\t\t}\n");
    }
  g_string_append (out, "\t}\n}\n");
  return g_string_free (out, FALSE);
}
