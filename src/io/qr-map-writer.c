/* Writer for Quake-family .map files. Faces keep the form they were read in
 * unless a target dialect asks for a conversion; numbers are the shortest
 * decimals that read back exactly. */
#include "qr-io.h"
#include "qr-number.h"

#include <string.h>

typedef struct
{
  GString *out;
  const QrMap *map;
  QrSaveFormat format;
  bool force_220;    /* worldspawn gets "mapversion" "220" */
  bool drop_220;     /* a "mapversion" "220" key is left out */
} MapWriter;

static inline void
put_num (GString *out, double v)
{
  char buf[QR_NUMBER_BUFSIZE];
  int n = qr_number_format (v, buf);

  g_string_append_len (out, buf, n);
}

static void
put_quoted (GString *out, const char *s)
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

static bool
needs_quotes (const char *name)
{
  if (*name == '\0' || *name == '"')
    return true;
  for (const char *p = name; *p; p++)
    if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
      return true;
  return false;
}

static void
put_point (GString *out, QrVec3 p)
{
  g_string_append (out, "( ");
  put_num (out, p.x);
  g_string_append_c (out, ' ');
  put_num (out, p.y);
  g_string_append_c (out, ' ');
  put_num (out, p.z);
  g_string_append (out, " ) ");
}

static void
put_axis (GString *out, QrVec3 a, double offset)
{
  g_string_append (out, "[ ");
  put_num (out, a.x);
  g_string_append_c (out, ' ');
  put_num (out, a.y);
  g_string_append_c (out, ' ');
  put_num (out, a.z);
  g_string_append_c (out, ' ');
  put_num (out, offset);
  g_string_append (out, " ] ");
}

/* The face normal for texture conversions; a degenerate face (kept, never
 * drawn) projects as a floor so that conversion still has an answer. */
static QrVec3
face_normal (const QrFace *f)
{
  QrPlane plane;

  if (qr_face_plane (f, &plane))
    return plane.normal;
  return qr_vec3 (0, 0, 1);
}

static bool
write_face (MapWriter *w, const QrFace *f, guint entity, guint brush, int face, GError **error)
{
  GString *out = w->out;
  const char *texture = qr_map_texture_name (w->map, f->texture);
  QrTexAttr tex = f->tex;
  QrTexForm form = f->form;
  bool surface;

  if (w->format == QR_SAVE_VALVE220 && form == QR_TEX_STANDARD)
    {
      qr_texproj_standard_to_valve (&f->tex, face_normal (f), &tex);
      form = QR_TEX_VALVE;
    }
  else if ((w->format == QR_SAVE_QUAKE || w->format == QR_SAVE_QUAKE2) && form == QR_TEX_VALVE)
    {
      g_autoptr (GError) local = NULL;

      if (!qr_texproj_valve_to_standard (&f->tex, face_normal (f), &tex, &local))
        {
          g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_UNSUPPORTED,
                       "entity %u, brush %u, face %d: %s; save as Valve 220 instead",
                       entity, brush, face, local->message);
          return false;
        }
      form = QR_TEX_STANDARD;
    }

  for (int i = 0; i < 3; i++)
    put_point (out, f->points[i]);
  if (needs_quotes (texture))
    put_quoted (out, texture);
  else
    g_string_append (out, texture);
  g_string_append_c (out, ' ');

  if (form == QR_TEX_VALVE)
    {
      put_axis (out, tex.u_axis, tex.shift[0]);
      put_axis (out, tex.v_axis, tex.shift[1]);
    }
  else
    {
      put_num (out, tex.shift[0]);
      g_string_append_c (out, ' ');
      put_num (out, tex.shift[1]);
      g_string_append_c (out, ' ');
    }
  put_num (out, tex.rotation);
  g_string_append_c (out, ' ');
  put_num (out, tex.scale[0]);
  g_string_append_c (out, ' ');
  put_num (out, tex.scale[1]);

  /* Quake 1 and Half-Life compilers do not read surface values. */
  surface = f->has_surface && w->format != QR_SAVE_QUAKE && w->format != QR_SAVE_VALVE220;
  if (surface)
    for (int i = 0; i < 3; i++)
      {
        g_string_append_c (out, ' ');
        put_num (out, f->extra->surface[i]);
      }
  g_string_append_c (out, '\n');
  return true;
}

static void
write_raw (MapWriter *w, const QrNode *node)
{
  g_string_append (w->out, "{\n");
  g_string_append (w->out, node->raw ? node->raw : node->name);
  g_string_append (w->out, "\n}\n");
}

static void
write_keys (MapWriter *w, const QrEntity *e, bool worldspawn)
{
  bool wrote_220 = false;

  for (guint i = 0; i < e->keys->len; i++)
    {
      const QrKeyValue *kv = &g_array_index (e->keys, QrKeyValue, i);
      const char *value = kv->value;

      if (worldspawn && strcmp (kv->key, "mapversion") == 0)
        {
          if (w->drop_220 && strcmp (value, "220") == 0)
            continue;
          if (w->force_220)
            {
              if (wrote_220)
                continue;
              value = "220";
              wrote_220 = true;
            }
        }
      put_quoted (w->out, kv->key);
      g_string_append_c (w->out, ' ');
      put_quoted (w->out, value);
      g_string_append_c (w->out, '\n');

      /* Tools look for mapversion next to the classname. */
      if (worldspawn && w->force_220 && !wrote_220 && strcmp (kv->key, "classname") == 0
          && qr_entity_get_key (e, "mapversion") == NULL)
        {
          g_string_append (w->out, "\"mapversion\" \"220\"\n");
          wrote_220 = true;
        }
    }
}

static bool
write_entity (MapWriter *w, const QrEntity *e, guint index, GError **error)
{
  bool implicit = (e->flags & QR_ENTITY_IMPLICIT) != 0;
  bool worldspawn = strcmp (qr_entity_get_classname (e), "worldspawn") == 0 && !implicit;
  guint kept = 0;

  if (!implicit)
    {
      g_string_append_printf (w->out, "// entity %u\n{\n", index);
      write_keys (w, e, worldspawn);
    }

  for (guint b = 0; b <= qr_entity_brush_count (e); b++)
    {
      const QrBrush *brush;

      while (kept < e->kept->len && ((QrNode *) g_ptr_array_index (e->kept, kept))->anchor <= (int) b)
        write_raw (w, g_ptr_array_index (e->kept, kept++));
      if (b == qr_entity_brush_count (e))
        break;

      brush = qr_entity_get_brush (e, b);
      g_string_append_printf (w->out, "// brush %u\n{\n", b);
      for (int f = 0; f < brush->n_faces; f++)
        if (!write_face (w, &brush->faces[f], index, b, f, error))
          return false;
      g_string_append (w->out, "}\n");
    }

  if (!implicit)
    g_string_append (w->out, "}\n");
  return true;
}

GString *
qr_map_write_map (const QrMap *map, QrSaveFormat format, GError **error)
{
  g_autoptr (GString) out = NULL;
  gsize estimate = 64;
  MapWriter w;

  g_return_val_if_fail (format != QR_SAVE_VMF, NULL);

  /* About 130 bytes per face: one allocation for the whole file. */
  estimate += 140 * (gsize) qr_map_count_faces (map);
  out = g_string_sized_new (estimate);

  w.out = out;
  w.map = map;
  w.format = format;
  w.force_220 = format == QR_SAVE_VALVE220 || (format == QR_SAVE_AS_READ && map->kind == QR_FILE_VMF);
  w.drop_220 = format == QR_SAVE_QUAKE || format == QR_SAVE_QUAKE2;

  if (map->preamble != NULL)
    g_string_append (out, map->preamble);

  for (guint i = 0; i < qr_map_entity_count (map); i++)
    if (!write_entity (&w, qr_map_get_entity (map, i), i, error))
      return NULL;
  return g_steal_pointer (&out);
}
