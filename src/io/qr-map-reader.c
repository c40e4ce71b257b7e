/* Reader for Quake-family .map files, every dialect in one pass:
 * standard and Valve 220 faces (mixed freely), Quake 2/3 surface values,
 * Quake 3 patchDef2 blocks (kept verbatim and read into patches) and
 * brushDef blocks (read into brushes of brush-primitive faces, their text
 * kept to write back while the faces are unchanged), and bare brush lists
 * as editors put them on the clipboard. */
#include "qr-brushdef-text.h"
#include "qr-face-line.h"
#include "qr-io.h"
#include "qr-number.h"
#include "qr-patch-text.h"
#include "qr-scanner.h"

#include <string.h>

typedef struct
{
  QrScanner s;
  QrMap *map;
  GArray *faces;      /* QrFace scratch for the brush being read */
  QrEntity *implicit; /* borrowed: the entity holding a bare list's brushes */
  const char *fence;  /* the last line end, for qr_face_line_read; NULL: none */
  /* Texture names met lately, by where they stand in the buffer: most faces
   * find theirs here with one comparison instead of hashing a copy. */
  struct
  {
    const char *name; /* borrowed from the buffer; NULL: empty slot */
    gsize len;
    guint32 texture;
  } recent[64];
} MapReader;

/* The texture index of a bare name in the buffer. */
static guint32
intern_texture (MapReader *r, const char *name, gsize len)
{
  guint slot = (guint) (len * 31 + (unsigned char) name[0] + 7u * (unsigned char) name[len - 1]) % G_N_ELEMENTS (r->recent);

  if (r->recent[slot].name != NULL && r->recent[slot].len == len && memcmp (r->recent[slot].name, name, len) == 0)
    return r->recent[slot].texture;
  r->recent[slot].name = name;
  r->recent[slot].len = len;
  r->recent[slot].texture = qr_map_intern_texture (r->map, name, (gssize) len);
  return r->recent[slot].texture;
}

static bool
expected_closing (QrScanner *s, const char *open, const char *what, GError **error)
{
  g_autofree char *msg = NULL;
  int line, column;

  qr_scanner_locate (s, open, &line, &column);
  msg = g_strdup_printf ("“}” closing the %s opened at line %d", what, line);
  return qr_scanner_expected (s, error, msg);
}

static bool
read_point (MapReader *r, QrVec3 *p, GError **error)
{
  double v[3];

  if (!qr_scanner_accept (&r->s, '('))
    return qr_scanner_expected (&r->s, error, "“(” starting a plane point");
  if (!qr_scanner_numbers (&r->s, v, 3, error))
    return false;
  *p = qr_vec3 (v[0], v[1], v[2]);
  if (!qr_scanner_accept (&r->s, ')'))
    return qr_scanner_expected (&r->s, error, "“)” closing a plane point");
  return true;
}

static bool
read_numbers (MapReader *r, double *out, int n, GError **error)
{
  return qr_scanner_numbers (&r->s, out, n, error);
}

static bool
read_axis (MapReader *r, QrVec3 *axis, double *offset, GError **error)
{
  double v[4];

  if (!qr_scanner_accept (&r->s, '['))
    return qr_scanner_expected (&r->s, error, "“[” starting a texture axis");
  if (!qr_scanner_numbers (&r->s, v, 4, error))
    return false;
  *axis = qr_vec3 (v[0], v[1], v[2]);
  *offset = v[3];
  if (!qr_scanner_accept (&r->s, ']'))
    return qr_scanner_expected (&r->s, error, "“]” closing a texture axis");
  return true;
}

/* A face as qr_face_line_read gives it. */
static void
take_face_line (MapReader *r, QrFace *f, const QrFaceLine *line)
{
  const double *t = line->tex;

  for (int i = 0; i < 3; i++)
    f->points[i] = qr_vec3 (line->points[3 * i], line->points[3 * i + 1], line->points[3 * i + 2]);
  f->texture = intern_texture (r, line->texture, line->texture_len);
  if (line->valve)
    {
      f->form = QR_TEX_VALVE;
      f->tex.u_axis = qr_vec3 (t[0], t[1], t[2]);
      f->tex.shift[0] = t[3];
      f->tex.v_axis = qr_vec3 (t[4], t[5], t[6]);
      f->tex.shift[1] = t[7];
      t += 8;
    }
  else
    {
      f->form = QR_TEX_STANDARD;
      f->tex.shift[0] = t[0];
      f->tex.shift[1] = t[1];
      t += 2;
    }
  f->tex.rotation = t[0];
  f->tex.scale[0] = t[1];
  f->tex.scale[1] = t[2];
}

/* Points, texture and its attributes through the scanner: every layout,
 * and the errors. */
static bool
read_face_scanned (MapReader *r, QrFace *f, GError **error)
{
  QrScanner *s = &r->s;
  double attr[5];

  for (int i = 0; i < 3; i++)
    if (!read_point (r, &f->points[i], error))
      return false;

  qr_scanner_skip_space (s);
  if (s->p < s->end && *s->p == '"')
    {
      g_autofree char *name = NULL;

      if (!qr_scanner_quoted (s, &name, error))
        return false;
      f->texture = qr_map_intern_texture (r->map, name, -1);
    }
  else
    {
      const char *word;
      gsize len;

      if (s->p >= s->end || *s->p == '[' || *s->p == '}' || *s->p == '(')
        return qr_scanner_expected (s, error, "a texture name");
      if (!qr_scanner_word (s, &word, &len, error))
        return false;
      f->texture = qr_map_intern_texture (r->map, word, (gssize) len);
    }

  if (qr_scanner_accept (s, '['))
    {
      s->p--; /* read_axis wants the bracket */
      f->form = QR_TEX_VALVE;
      if (!read_axis (r, &f->tex.u_axis, &f->tex.shift[0], error)
          || !read_axis (r, &f->tex.v_axis, &f->tex.shift[1], error)
          || !read_numbers (r, attr, 3, error))
        return false;
      f->tex.rotation = attr[0];
      f->tex.scale[0] = attr[1];
      f->tex.scale[1] = attr[2];
    }
  else
    {
      f->form = QR_TEX_STANDARD;
      if (!read_numbers (r, attr, 5, error))
        return false;
      f->tex.shift[0] = attr[0];
      f->tex.shift[1] = attr[1];
      f->tex.rotation = attr[2];
      f->tex.scale[0] = attr[3];
      f->tex.scale[1] = attr[4];
    }
  return true;
}

static bool
read_face (MapReader *r, QrFace *f, GError **error)
{
  QrScanner *s = &r->s;
  QrFaceLine line;
  const char *after = r->fence != NULL ? qr_face_line_read (s->p, r->fence, &line) : NULL;

  if (after != NULL)
    {
      take_face_line (r, f, &line);
      s->p = after;
    }
  else if (!read_face_scanned (r, f, error))
    return false;

  /* Quake 2 and 3 add contents, flags and value; faces may have them or not. */
  qr_scanner_skip_space (s);
  if (qr_scanner_starts_number (s))
    {
      QrFaceExtra *extra = qr_face_ensure_extra (f);

      f->has_surface = 1;
      if (!read_numbers (r, extra->surface, 3, error))
        return false;
    }
  f->id = qr_map_take_face_id (r->map);
  return true;
}

static void
clear_scratch (MapReader *r)
{
  for (guint i = 0; i < r->faces->len; i++)
    qr_face_clear (&g_array_index (r->faces, QrFace, i));
  g_array_set_size (r->faces, 0);
}

/* A new brush taking the scratch faces, copied once into an array of their
 * count (not zeroed first, as qr_brush_new would). */
static QrBrush *
brush_from_scratch (MapReader *r)
{
  QrBrush *brush = qr_brush_new (qr_map_take_brush_id (r->map), 0);

  brush->n_faces = (int) r->faces->len;
  brush->faces = g_memdup2 (r->faces->data, sizeof (QrFace) * r->faces->len);
  g_array_set_size (r->faces, 0); /* the brush owns the extras now */
  return brush;
}

static bool
is_brace_token (const QrScanner *s, const char *p, char brace)
{
  return *p == brace && (p + 1 >= s->end || qr_scanner_is_space (p[1]));
}

/* A patch's text, from `begin` to where the scanner stands (after its
 * closing brace), read into node->patch. Text that is not a patch stays
 * verbatim, as every block did before patches were read, with the reason
 * in node->problem. */
static void
read_patch (MapReader *r, QrNode *node, const char *begin)
{
  g_autoptr (GError) error = NULL;
  QrScanner sub = r->s;
  /* The patch must not take the id of a brush: one counter serves both. */
  QrId id = qr_map_take_brush_id (r->map);

  sub.p = begin;
  sub.end = r->s.p;
  sub.end_name = "the end of the patch";
  node->patch = qr_patch_read (&sub, id, &error);
  if (node->patch == NULL)
    node->problem = g_strdup (error->message);
}

/* A brushDef block's text, from `begin` to where the scanner stands, read
 * into a brush of `entity` that keeps the node (its text) as its extra.
 * False, with the reason in node->problem, for text that is not a
 * brushDef block: the caller keeps it verbatim, as before brushDef blocks
 * were read. */
static bool
read_brushdef (MapReader *r, QrEntity *entity, QrNode *node, const char *begin)
{
  g_autoptr (GError) error = NULL;
  QrScanner sub = r->s;
  QrBrush *brush;

  sub.p = begin;
  sub.end = r->s.p;
  sub.end_name = "the end of the brushDef block";
  if (!qr_brushdef_read (&sub, r->map, r->faces, &error))
    {
      clear_scratch (r);
      node->problem = g_strdup (error->message);
      return false;
    }
  brush = brush_from_scratch (r);
  brush->extra = node;
  qr_entity_add_brush (entity, brush);
  return true;
}

/* A block the editor does not interpret (patchDef2, brushDef…): from its
 * name to the brace closing its body, kept verbatim without carriage returns. */
static QrNode *
read_raw_block (MapReader *r, const char *name, gsize name_len, GError **error)
{
  QrScanner *s = &r->s;
  const char *begin = name;
  int depth = 0;
  bool opened = false;
  g_autofree char *node_name = g_strndup (name, name_len);
  GString *raw;
  QrNode *node;

  /* Quake 3 blocks always have a body: a bare word is not one. */
  qr_scanner_skip_space (s);
  if (s->p >= s->end || !is_brace_token (s, s->p, '{'))
    {
      s->p = begin;
      qr_scanner_expected (s, error, "“(” starting a face or “}” closing the brush");
      return NULL;
    }

  while (!opened || depth > 0)
    {
      qr_scanner_skip_space (s);
      if (s->p >= s->end)
        {
          qr_scanner_error_at (s, begin, error, "unterminated %s block", node_name);
          return NULL;
        }
      if (is_brace_token (s, s->p, '{'))
        depth++, opened = true;
      else if (is_brace_token (s, s->p, '}'))
        depth--;
      while (s->p < s->end && !qr_scanner_is_space (*s->p))
        {
          if (*s->p == '\0')
            {
              qr_scanner_error_at (s, s->p, error, "unexpected byte 0x00 in a %s block", node_name);
              return NULL;
            }
          s->p++;
        }
    }

  raw = g_string_sized_new ((gsize) (s->p - begin));
  for (const char *q = begin; q < s->p; q++)
    if (*q != '\r')
      g_string_append_c (raw, *q);
  node = qr_node_new (node_name);
  node->raw = g_string_free (raw, FALSE);
  if (strcmp (node_name, "patchDef2") == 0)
    read_patch (r, node, begin);
  return node;
}

/* After the opening brace of a brush. Brushes go to `entity`; a verbatim
 * block found instead of faces is kept in the entity at this position. */
static bool
read_brush (MapReader *r, QrEntity *entity, const char *open, GError **error)
{
  QrScanner *s = &r->s;
  QrBrush *brush;

  clear_scratch (r);
  for (;;)
    {
      qr_scanner_skip_space (s);
      if (s->p >= s->end)
        return expected_closing (s, open, "brush", error);
      if (*s->p == '}')
        {
          s->p++;
          break;
        }
      if (*s->p == '(')
        {
          QrFace *face;

          /* Read in place: a face is some 180 bytes, copied once more into its brush. */
          g_array_set_size (r->faces, r->faces->len + 1);
          face = &g_array_index (r->faces, QrFace, r->faces->len - 1);
          memset (face, 0, sizeof *face);
          if (!read_face (r, face, error))
            return false;
          continue;
        }
      if (r->faces->len == 0)
        {
          const char *word;
          gsize len;
          QrNode *node;

          if (!qr_scanner_word (s, &word, &len, error))
            return false;
          node = read_raw_block (r, word, len, error);
          if (node == NULL)
            return false;
          if (strcmp (node->name, "brushDef") != 0 || !read_brushdef (r, entity, node, word))
            qr_entity_add_kept (entity, node);
          if (!qr_scanner_accept (s, '}'))
            return qr_scanner_expected (s, error, "“}” closing the block");
          return true;
        }
      return qr_scanner_expected (s, error, "“(” starting a face or “}” closing the brush");
    }

  brush = brush_from_scratch (r);
  qr_entity_add_brush (entity, brush);
  return true;
}

static bool
read_entity (MapReader *r, GError **error)
{
  QrScanner *s = &r->s;
  const char *open = s->p - 1;
  QrEntity *entity = qr_entity_new (qr_map_take_entity_id (r->map));

  qr_map_add_entity (r->map, entity);
  for (;;)
    {
      qr_scanner_skip_space (s);
      if (s->p >= s->end)
        return expected_closing (s, open, "entity", error);
      switch (*s->p)
        {
        case '"':
          {
            QrKeyValue kv = { NULL, NULL };

            if (!qr_scanner_quoted (s, &kv.key, error))
              return false;
            if (!qr_scanner_quoted (s, &kv.value, error))
              {
                g_free (kv.key);
                return false;
              }
            g_array_append_val (entity->keys, kv);
          }
          break;
        case '{':
          s->p++;
          if (!read_brush (r, entity, s->p - 1, error))
            return false;
          break;
        case '}':
          s->p++;
          return true;
        default:
          return qr_scanner_expected (s, error, "a quoted key, “{” or “}”");
        }
    }
}

static bool
is_numbering_comment (const char *line, gsize len)
{
  static const char *const prefixes[] = { "// entity ", "// brush " };

  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    {
      gsize n = strlen (prefixes[i]);

      if (len > n && strncmp (line, prefixes[i], n) == 0)
        {
          for (gsize k = n; k < len; k++)
            if (line[k] < '0' || line[k] > '9')
              return false;
          return true;
        }
    }
  return false;
}

/* Comment lines before the first block ("// Game: Quake", "// Format: Valve")
 * are the file's header; editors' numbering comments are regenerated on save. */
static bool
read_preamble (MapReader *r, GError **error)
{
  QrScanner *s = &r->s;
  GString *pre = NULL;

  for (;;)
    {
      const char *line, *nl;
      gsize len;

      while (s->p < s->end && qr_scanner_is_space (*s->p))
        s->p++;
      if (s->p >= s->end || !((*s->p == '/' && s->p + 1 < s->end && s->p[1] == '/') || *s->p == ';'))
        break;
      line = s->p;
      nl = memchr (line, '\n', (size_t) (s->end - line));
      s->p = nl ? nl + 1 : s->end;
      len = (gsize) ((nl ? nl : s->end) - line);
      if (len > 0 && line[len - 1] == '\r')
        len--;
      if (memchr (line, '\0', len) != NULL)
        {
          if (pre != NULL)
            g_string_free (pre, TRUE);
          qr_scanner_error_at (s, (const char *) memchr (line, '\0', len), error,
                               "unexpected byte 0x00 in a comment");
          return false;
        }
      if (is_numbering_comment (line, len))
        continue;
      if (pre == NULL)
        pre = g_string_new (NULL);
      g_string_append_len (pre, line, (gssize) len);
      g_string_append_c (pre, '\n');
    }
  if (pre != NULL)
    r->map->preamble = g_string_free (pre, FALSE);
  return true;
}

QrMap *
qr_map_parse_map (const char *data, gsize len, const char *name, GError **error)
{
  return qr_map_read_map (data, len, name, NULL, error);
}

QrMap *
qr_map_read_map (const char *data, gsize len, const char *name,
                 const QrParseOptions *options, GError **error)
{
  g_autoptr (QrMap) map = qr_map_new (QR_FILE_MAP);
  g_autoptr (GArray) faces = g_array_sized_new (FALSE, FALSE, sizeof (QrFace), 16);
  MapReader r = { .map = map, .faces = faces, .fence = qr_face_line_fence (data, len) };
  const char *reported = data;
  bool ok = true;

  qr_scanner_init (&r.s, data, len, name);
  r.s.semicolon_comments = true;
  ok = read_preamble (&r, error);

  while (ok)
    {
      const char *open;

      qr_scanner_skip_space (&r.s);
      if (qr_scanner_at_end (&r.s))
        break;
      if (!qr_scanner_progress (&r.s, options, &reported, error))
        {
          ok = false;
          break;
        }
      if (*r.s.p != '{')
        {
          ok = qr_scanner_expected (&r.s, error, "“{” starting an entity or brush");
          break;
        }
      open = r.s.p++;
      qr_scanner_skip_space (&r.s);
      if (r.s.p < r.s.end && *r.s.p != '"' && *r.s.p != '{' && *r.s.p != '}')
        {
          /* A brush at the top level: a bare brush list. */
          if (r.implicit == NULL)
            {
              r.implicit = qr_entity_new (qr_map_take_entity_id (map));
              r.implicit->flags |= QR_ENTITY_IMPLICIT;
              qr_map_add_entity (map, r.implicit);
            }
          ok = read_brush (&r, r.implicit, open, error);
        }
      else
        ok = read_entity (&r, error);
    }

  clear_scratch (&r);
  if (!ok)
    return NULL;
  return g_steal_pointer (&map);
}
