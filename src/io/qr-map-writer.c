/* Writer for Quake-family .map files. Faces keep the form they were read in
 * unless a target dialect asks for a conversion; numbers are the shortest
 * decimals that read back exactly.
 *
 * What the editor hides (qr-hidden.h) is not written: TrenchBroom's format
 * hides only whole layers (`_tb_layer_hidden`) and has no key for one
 * object, so in a .map file hiding lasts the session. */
#include "qr-escape.h"
#include "qr-brushdef-text.h"
#include "qr-io.h"
#include "qr-number.h"
#include "qr-output.h"
#include "qr-patch-text.h"

#include <string.h>

typedef struct
{
  QrOutput *output;
  GString *out;      /* output->buf */
  const QrMap *map;
  QrSaveFormat format;
  bool force_220;    /* worldspawn gets "mapversion" "220" */
  bool drop_220;     /* a "mapversion" "220" key is left out */
  QrMap *scratch;    /* owned, or NULL: brushDef texts read back to check them */
  GArray *scratch_faces;
} MapWriter;

/* Faces are written straight into the output buffer: GString's append
 * calls dominated save time. reserve() makes room for a whole face. */
static char *
reserve (GString *out, gsize n)
{
  gsize len = out->len;

  if (len + n + 1 > out->allocated_len)
    {
      g_string_set_size (out, len + n);
      out->len = len;
    }
  return out->str + len;
}

static void
commit (GString *out, char *end)
{
  out->len = (gsize) (end - out->str);
  *end = '\0';
}

static inline char *
put_str (char *p, const char *s, gsize n)
{
  memcpy (p, s, n);
  return p + n;
}

static inline char *
put_num (char *p, double v)
{
  return p + qr_number_format (v, p);
}

static inline char *
put_nums (char *p, const double *v, int n)
{
  for (int i = 0; i < n; i++)
    {
      p = put_num (p, v[i]);
      *p++ = ' ';
    }
  return p;
}

static char *
put_point (char *p, QrVec3 v)
{
  const double xyz[3] = { v.x, v.y, v.z };

  p = put_str (p, "( ", 2);
  p = put_nums (p, xyz, 3);
  return put_str (p, ") ", 2);
}

static char *
put_axis (char *p, QrVec3 a, double offset)
{
  const double v[4] = { a.x, a.y, a.z, offset };

  p = put_str (p, "[ ", 2);
  p = put_nums (p, v, 4);
  return put_str (p, "] ", 2);
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
  char *p;

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

  if (qr_map_name_needs_quotes (texture))
    {
      for (int i = 0; i < 3; i++)
        commit (out, put_point (reserve (out, 3 * QR_NUMBER_BUFSIZE + 8), f->points[i]));
      qr_map_put_quoted (out, texture);
      g_string_append_c (out, ' ');
      p = reserve (out, 16 * QR_NUMBER_BUFSIZE);
    }
  else
    {
      gsize name_len = strlen (texture);

      p = reserve (out, 32 * QR_NUMBER_BUFSIZE + name_len);
      for (int i = 0; i < 3; i++)
        p = put_point (p, f->points[i]);
      p = put_str (p, texture, name_len);
      *p++ = ' ';
    }

  if (form == QR_TEX_VALVE)
    {
      p = put_axis (p, tex.u_axis, tex.shift[0]);
      p = put_axis (p, tex.v_axis, tex.shift[1]);
    }
  else
    p = put_nums (p, tex.shift, 2);
  p = put_num (p, tex.rotation);
  *p++ = ' ';
  p = put_num (p, tex.scale[0]);
  *p++ = ' ';
  p = put_num (p, tex.scale[1]);

  /* Quake 1 and Half-Life compilers do not read surface values. */
  if (f->has_surface && w->format != QR_SAVE_QUAKE && w->format != QR_SAVE_VALVE220)
    for (int i = 0; i < 3; i++)
      {
        *p++ = ' ';
        p = put_num (p, f->extra->surface[i]);
      }
  *p++ = '\n';
  commit (out, p);
  return true;
}

static const char *
format_name (QrSaveFormat format)
{
  switch (format)
    {
    case QR_SAVE_QUAKE: return "standard Quake";
    case QR_SAVE_VALVE220: return "Valve 220";
    case QR_SAVE_QUAKE2: return "Quake 2";
    default: return "another";
    }
}

static bool
same_number (double a, double b)
{
  return a == b && signbit (a) == signbit (b);
}

/* The face as a brushDef line says it: everything the writer would write. */
static bool
same_brushprim_face (const QrMap *ma, const QrFace *a, const QrMap *mb, const QrFace *b)
{
  if (a->form != b->form || a->has_surface != b->has_surface
      || strcmp (qr_map_texture_name (ma, a->texture), qr_map_texture_name (mb, b->texture)) != 0)
    return false;
  for (int i = 0; i < 3; i++)
    if (!qr_vec3_identical (a->points[i], b->points[i]))
      return false;
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 3; c++)
      if (!same_number (a->tex.matrix[r][c], b->tex.matrix[r][c]))
        return false;
  if (a->has_surface)
    for (int i = 0; i < 3; i++)
      if (!same_number (a->extra->surface[i], b->extra->surface[i]))
        return false;
  return true;
}

/* The brushDef text the brush was read from, while its faces still read
 * the same from it: edits copy a brush's extra along with it, so the text
 * is read back rather than trusted. NULL when it no longer holds. */
static const char *
current_brushdef_text (MapWriter *w, const QrBrush *brush)
{
  const QrNode *node = brush->extra;
  QrScanner s;
  bool same;

  if (node == NULL || node->raw == NULL || strcmp (node->name, "brushDef") != 0)
    return NULL;
  if (w->scratch == NULL)
    {
      w->scratch = qr_map_new (QR_FILE_MAP);
      w->scratch_faces = g_array_new (FALSE, FALSE, sizeof (QrFace));
    }
  qr_scanner_init (&s, node->raw, strlen (node->raw), "brushDef");
  s.semicolon_comments = true;
  same = qr_brushdef_read (&s, w->scratch, w->scratch_faces, NULL)
         && w->scratch_faces->len == (guint) brush->n_faces;
  for (int i = 0; same && i < brush->n_faces; i++)
    same = same_brushprim_face (w->map, &brush->faces[i], w->scratch,
                                &g_array_index (w->scratch_faces, QrFace, i));
  for (guint i = 0; i < w->scratch_faces->len; i++)
    qr_face_clear (&g_array_index (w->scratch_faces, QrFace, i));
  g_array_set_size (w->scratch_faces, 0);
  return same ? node->raw : NULL;
}

static bool
is_brushdef (const QrBrush *brush)
{
  for (int f = 0; f < brush->n_faces; f++)
    if (brush->faces[f].form == QR_TEX_BRUSHPRIM)
      return true;
  return false;
}

/* A brush of brush-primitive faces, as a brushDef block without a
 * numbering comment, as the block went back before it was read as a brush.
 * Its matrices are in units of the texture's size: the other dialects
 * cannot say them without the sizes, so converting refuses. */
static bool
write_brushdef (MapWriter *w, const QrBrush *brush, guint entity, guint index, GError **error)
{
  g_autofree char *text = NULL;
  const char *raw;

  for (int f = 0; f < brush->n_faces; f++)
    if (brush->faces[f].form != QR_TEX_BRUSHPRIM)
      {
        g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_UNSUPPORTED,
                     "entity %u, brush %u, face %d: a Quake 3 brushDef brush cannot hold a face "
                     "in another texture form", entity, index, f);
        return false;
      }
  if (w->format != QR_SAVE_AS_READ)
    {
      g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_UNSUPPORTED,
                   "entity %u, brush %u: Quake 3 brush primitives (brushDef) have no %s form "
                   "without the textures' sizes; save the map in its own format",
                   entity, index, format_name (w->format));
      return false;
    }
  raw = current_brushdef_text (w, brush);
  if (raw == NULL)
    raw = text = qr_brushdef_to_text (w->map, brush);
  g_string_append (w->out, "{\n");
  g_string_append (w->out, raw);
  g_string_append (w->out, "\n}\n");
  return true;
}

/* Verbatim .map blocks go back as read, an edited patch as its numbers
 * say now; VMF blocks have no .map form. */
static void
write_raw (MapWriter *w, const QrNode *node)
{
  g_autofree char *text = NULL;

  if (node->raw == NULL && node->patch != NULL)
    text = qr_patch_to_text (node->patch);
  if (node->raw == NULL && text == NULL)
    return;
  g_string_append (w->out, "{\n");
  g_string_append (w->out, node->raw != NULL ? node->raw : text);
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
      qr_map_put_quoted (w->out, kv->key);
      g_string_append_c (w->out, ' ');
      qr_map_put_quoted (w->out, value);
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
  guint numbered = 0; /* brushDef blocks take no number, as when they were kept verbatim */

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
      if (is_brushdef (brush))
        {
          if (!write_brushdef (w, brush, index, b, error))
            return false;
          qr_output_step (w->output);
          continue;
        }
      g_string_append_printf (w->out, "// brush %u\n{\n", numbered++);
      for (int f = 0; f < brush->n_faces; f++)
        if (!write_face (w, &brush->faces[f], index, b, f, error))
          return false;
      g_string_append (w->out, "}\n");
      qr_output_step (w->output);
    }

  if (!implicit)
    g_string_append (w->out, "}\n");
  return true;
}

bool
qr_map_write_map_to (const QrMap *map, QrSaveFormat format, QrOutput *output, GError **error)
{
  MapWriter w = { 0 };
  bool ok = true;

  g_return_val_if_fail (format != QR_SAVE_VMF, false);

  w.output = output;
  w.out = output->buf;
  w.map = map;
  w.format = format;
  w.force_220 = format == QR_SAVE_VALVE220 || (format == QR_SAVE_AS_READ && map->kind == QR_FILE_VMF);
  w.drop_220 = format == QR_SAVE_QUAKE || format == QR_SAVE_QUAKE2;

  if (map->preamble != NULL)
    g_string_append (w.out, map->preamble);

  for (guint i = 0; ok && i < qr_map_entity_count (map); i++)
    ok = write_entity (&w, qr_map_get_entity (map, i), i, error);

  if (w.scratch != NULL)
    {
      qr_map_free (w.scratch);
      g_array_unref (w.scratch_faces);
    }
  return ok;
}

GString *
qr_map_write_map (const QrMap *map, QrSaveFormat format, GError **error)
{
  QrOutput output;
  GString *text = NULL;

  /* About 130 bytes per face: one allocation for the whole file. */
  qr_output_init (&output, -1, 64 + 140 * (gsize) qr_map_count_faces (map));
  if (qr_map_write_map_to (map, format, &output, error))
    text = qr_output_steal (&output);
  qr_output_clear (&output);
  return text;
}
