/* Reader for Source .vmf files. World, entities, solids and sides are
 * interpreted; every other block (versioninfo, visgroups, viewsettings,
 * cameras, cordon(s), connections, editor, groups, dispinfo, Hammer++
 * blocks…) is kept as an ordered node tree and written back unchanged. */
#include "qr-disp.h"
#include "qr-escape.h"
#include "qr-io.h"
#include "qr-number.h"
#include "qr-scanner.h"
#include "qr-vmf-editor.h"

#include <string.h>

typedef struct
{
  const char *p; /* raw text (inside the quotes when quoted) */
  gsize len;
  bool quoted;
  bool escaped;  /* holds \" sequences */
} Token;

typedef struct
{
  QrScanner s;
  QrMap *map;
  GArray *faces; /* QrFace scratch for the solid being read */
} VmfReader;

/* word is lower case. Its first letter, folded, turns most other tokens
 * away before the call: keys are compared against several words each. */
static inline bool
token_is (const Token *t, const char *word)
{
  gsize n = strlen (word);

  return t->len == n && n > 0 && (t->p[0] | 0x20) == word[0] && g_ascii_strncasecmp (t->p, word, n) == 0;
}

static char *
token_dup (const Token *t)
{
  return qr_scanner_unescape (t->p, t->len, t->escaped);
}

/* A quoted string, a bare word, or a single brace. false at end of input. */
static bool
next_token (QrScanner *s, Token *t, GError **error)
{
  const char *q;

  qr_scanner_skip_space (s);
  if (s->p >= s->end)
    return false;
  t->quoted = t->escaped = false;
  if (*s->p == '{' || *s->p == '}')
    {
      t->p = s->p++;
      t->len = 1;
      return true;
    }
  if (*s->p == '"')
    {
      t->quoted = true;
      return qr_scanner_quoted_span (s, &t->p, &t->len, &t->escaped, error);
    }
  for (q = s->p; q < s->end && !qr_scanner_is_space (*q) && *q != '{' && *q != '}' && *q != '"'; q++)
    if ((unsigned char) *q < 0x20 || *q == 0x7f)
      {
        qr_scanner_error_at (s, q, error, "unexpected byte 0x%02x", (unsigned char) *q);
        return false;
      }
  t->p = s->p;
  t->len = (gsize) (q - s->p);
  s->p = q;
  return true;
}

static bool
is_brace (const Token *t, char c)
{
  return !t->quoted && t->len == 1 && t->p[0] == c;
}

/* Reads the token after a key: a value, or "{" opening a block (*block = true). */
static bool
read_value_or_block (VmfReader *r, const Token *key, Token *value, bool *block, GError **error)
{
  g_autoptr (GError) local = NULL;

  if (!next_token (&r->s, value, &local))
    {
      if (local != NULL)
        g_propagate_error (error, g_steal_pointer (&local));
      else
        qr_scanner_expected (&r->s, error, "a value or “{”");
      return false;
    }
  if (is_brace (value, '}'))
    {
      qr_scanner_error_at (&r->s, value->p, error, "expected a value or “{” after “%.*s”, found “}”",
                           (int) key->len, key->p);
      return false;
    }
  *block = is_brace (value, '{');
  return true;
}

static bool
expected_closing (VmfReader *r, const char *open, const char *what, GError **error)
{
  g_autofree char *msg = NULL;
  int line, column;

  qr_scanner_locate (&r->s, open, &line, &column);
  msg = g_strdup_printf ("“}” closing the %s block opened at line %d", what, line);
  return qr_scanner_expected (&r->s, error, msg);
}

/* Reads a key (or "}") inside a block; *done at the closing brace. */
static bool
next_key (VmfReader *r, const char *open, const char *what, Token *key, bool *done, GError **error)
{
  g_autoptr (GError) local = NULL;

  *done = false;
  if (!next_token (&r->s, key, &local))
    {
      if (local != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return false;
        }
      return expected_closing (r, open, what, error);
    }
  if (is_brace (key, '}'))
    {
      *done = true;
      return true;
    }
  if (is_brace (key, '{'))
    {
      qr_scanner_error_at (&r->s, key->p, error, "expected a key or “}”, found “{”");
      return false;
    }
  return true;
}

/* A block kept as it is, after its opening brace. */
static QrNode *
read_generic (VmfReader *r, const Token *name, const char *open, GError **error)
{
  g_autofree char *node_name = token_dup (name);
  g_autoptr (QrNode) node = qr_node_new (node_name);

  for (;;)
    {
      Token key, value;
      bool done, block;

      if (!next_key (r, open, node_name, &key, &done, error))
        return NULL;
      if (done)
        return g_steal_pointer (&node);
      if (!read_value_or_block (r, &key, &value, &block, error))
        return NULL;
      if (block)
        {
          QrNode *child = read_generic (r, &key, value.p, error);
          g_autofree char *child_name = NULL;

          if (child == NULL)
            return NULL;
          child_name = token_dup (&key);
          qr_node_add_child (node, child_name, child);
        }
      else
        {
          g_autofree char *k = token_dup (&key);
          g_autofree char *v = token_dup (&value);

          qr_node_add_value (node, k, v);
        }
    }
}

/* Numbers inside a quoted value, with errors pointing into the file. */
typedef struct
{
  QrScanner sub;
} ValueScan;

static void
value_scan_init (ValueScan *v, VmfReader *r, const Token *t)
{
  v->sub = r->s;
  v->sub.p = t->p;
  v->sub.end = t->p + t->len;
  v->sub.end_name = "the end of the value";
}

static bool
value_expect (ValueScan *v, char c, GError **error)
{
  char what[16];

  if (qr_scanner_accept (&v->sub, c))
    return true;
  g_snprintf (what, sizeof what, "“%c”", c);
  return qr_scanner_expected (&v->sub, error, what);
}

static bool
value_end (ValueScan *v, GError **error)
{
  qr_scanner_skip_space (&v->sub);
  if (v->sub.p < v->sub.end)
    return qr_scanner_expected (&v->sub, error, "the end of the value");
  return true;
}

static bool
parse_plane (VmfReader *r, const Token *t, QrFace *f, GError **error)
{
  ValueScan v;

  value_scan_init (&v, r, t);
  for (int i = 0; i < 3; i++)
    if (!value_expect (&v, '(', error)
        || !qr_scanner_number (&v.sub, &f->points[i].x, error)
        || !qr_scanner_number (&v.sub, &f->points[i].y, error)
        || !qr_scanner_number (&v.sub, &f->points[i].z, error)
        || !value_expect (&v, ')', error))
      return false;
  return value_end (&v, error);
}

static bool
parse_axis (VmfReader *r, const Token *t, QrVec3 *axis, double *offset, double *scale, GError **error)
{
  ValueScan v;

  value_scan_init (&v, r, t);
  return value_expect (&v, '[', error)
         && qr_scanner_number (&v.sub, &axis->x, error)
         && qr_scanner_number (&v.sub, &axis->y, error)
         && qr_scanner_number (&v.sub, &axis->z, error)
         && qr_scanner_number (&v.sub, offset, error)
         && value_expect (&v, ']', error)
         && qr_scanner_number (&v.sub, scale, error)
         && value_end (&v, error);
}

static bool
parse_single (VmfReader *r, const Token *t, double *out, GError **error)
{
  ValueScan v;

  value_scan_init (&v, r, t);
  return qr_scanner_number (&v.sub, out, error) && value_end (&v, error);
}

static bool
parse_id (VmfReader *r, const Token *t, QrId *out, GError **error)
{
  double d;

  if (!parse_single (r, t, &d, error))
    return false;
  if (d < 0 || d > G_MAXUINT32 || d != (double) (QrId) d)
    {
      qr_scanner_error_at (&r->s, t->p, error, "expected a non-negative whole id, found “%.*s”",
                           (int) t->len, t->p);
      return false;
    }
  *out = (QrId) d;
  return true;
}

/* Counts the numbers of a row value; -1 when something else is in it. */
static int
count_numbers (const char *s)
{
  const char *p = s, *end = s + strlen (s);
  int n = 0;

  for (;;)
    {
      double d;

      while (p < end && qr_scanner_is_space (*p))
        p++;
      if (p >= end)
        return n;
      if (!qr_number_parse (&p, end, &d) || (p < end && !qr_scanner_is_space (*p)))
        return -1;
      n++;
    }
}

/* Checks a dispinfo block against its power: every row block has 2^p + 1
 * rows (triangle_tags 2^p) of the right number of values; with `tags_only`,
 * only triangle_tags (the rest has been read). */
static bool
check_dispinfo (VmfReader *r, const QrNode *disp, const char *at, bool tags_only, GError **error)
{
  static const struct { const char *block; int per_vertex; bool tags; } rows[] = {
    { "normals", 3, false }, { "distances", 1, false }, { "offsets", 3, false },
    { "offset_normals", 3, false }, { "alphas", 1, false }, { "triangle_tags", 2, true },
  };
  const char *power_text = qr_node_get (disp, "power");
  int power, size;

  if (power_text == NULL || count_numbers (power_text) != 1)
    {
      qr_scanner_error_at (&r->s, at, error, "dispinfo without a valid “power”");
      return false;
    }
  power = atoi (power_text);
  if (power < 2 || power > 4)
    {
      qr_scanner_error_at (&r->s, at, error, "dispinfo power %d: expected 2, 3 or 4", power);
      return false;
    }
  size = (1 << power) + 1;

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      const QrNode *block = qr_node_get_child (disp, rows[i].block);
      int n_rows = rows[i].tags ? size - 1 : size;
      int per_row = rows[i].tags ? 2 * (size - 1) : rows[i].per_vertex * size;

      if (tags_only && !rows[i].tags)
        continue;
      if (block == NULL)
        {
          if (i < 2)
            {
              qr_scanner_error_at (&r->s, at, error, "dispinfo without its “%s” rows", rows[i].block);
              return false;
            }
          continue;
        }
      for (int row = 0; row < n_rows; row++)
        {
          char key[16];
          const char *value;
          int n;

          g_snprintf (key, sizeof key, "row%d", row);
          value = qr_node_get (block, key);
          n = value ? count_numbers (value) : -2;
          if (n != per_row)
            {
              if (n == -2)
                qr_scanner_error_at (&r->s, at, error, "dispinfo of power %d: “%s” lacks %s",
                                     power, rows[i].block, key);
              else if (n == -1)
                qr_scanner_error_at (&r->s, at, error, "dispinfo: “%s” %s holds something that is not a number",
                                     rows[i].block, key);
              else
                qr_scanner_error_at (&r->s, at, error,
                                     "dispinfo of power %d: “%s” %s holds %d values, expected %d",
                                     power, rows[i].block, key, n, per_row);
              return false;
            }
        }
    }
  return true;
}

/* Items of a side beyond the interpreted ones go to its VMF extras. */
static QrNode *
face_vmf (QrFace *f)
{
  QrFaceExtra *extra = qr_face_ensure_extra (f);

  if (extra->vmf == NULL)
    extra->vmf = qr_node_new ("side");
  return extra->vmf;
}

static bool
read_side (VmfReader *r, const char *open, QrFace *f, GError **error)
{
  bool has_plane = false, has_material = false, has_u = false, has_v = false, has_id = false;

  f->form = QR_TEX_VALVE;
  for (;;)
    {
      Token key, value;
      bool done, block;

      if (!next_key (r, open, "side", &key, &done, error))
        return false;
      if (done)
        break;
      if (!read_value_or_block (r, &key, &value, &block, error))
        return false;

      if (block)
        {
          QrNode *child = read_generic (r, &key, value.p, error);

          if (child == NULL)
            return false;
          qr_node_add_child (face_vmf (f), child->name, child);
          if (token_is (&key, "dispinfo"))
            {
              g_autoptr (GError) why = NULL;

              /* Reading the displacement checks the five row blocks (every
               * number, once: terrain maps hold thousands); when it fails,
               * the full check says where. */
              if (!qr_face_sync_disp (f, &why))
                {
                  if (check_dispinfo (r, child, key.p, false, error))
                    qr_scanner_error_at (&r->s, key.p, error, "%s", why->message);
                  return false;
                }
              if (!check_dispinfo (r, child, key.p, true, error))
                return false;
            }
        }
      else if (token_is (&key, "id") && !has_id)
        {
          if (!parse_id (r, &value, &f->id, error))
            return false;
          qr_map_note_face_id (r->map, f->id);
          has_id = true;
        }
      else if (token_is (&key, "plane") && !has_plane)
        {
          if (!parse_plane (r, &value, f, error))
            return false;
          has_plane = true;
        }
      else if (token_is (&key, "material") && !has_material)
        {
          g_autofree char *name = token_dup (&value);

          f->texture = qr_map_intern_texture (r->map, name, -1);
          has_material = true;
        }
      else if (token_is (&key, "uaxis") && !has_u)
        {
          if (!parse_axis (r, &value, &f->tex.u_axis, &f->tex.shift[0], &f->tex.scale[0], error))
            return false;
          has_u = true;
        }
      else if (token_is (&key, "vaxis") && !has_v)
        {
          if (!parse_axis (r, &value, &f->tex.v_axis, &f->tex.shift[1], &f->tex.scale[1], error))
            return false;
          has_v = true;
        }
      else if (token_is (&key, "rotation"))
        {
          if (!parse_single (r, &value, &f->tex.rotation, error))
            return false;
        }
      else
        {
          g_autofree char *k = token_dup (&key);
          g_autofree char *v = token_dup (&value);

          qr_node_add_value (face_vmf (f), k, v);
        }
    }

  if (!has_plane || !has_material || !has_u || !has_v)
    {
      qr_scanner_error_at (&r->s, open, error, "side without %s",
                           !has_plane ? "“plane”" : !has_material ? "“material”"
                           : !has_u ? "“uaxis”" : "“vaxis”");
      return false;
    }
  return true;
}

static void
clear_scratch (VmfReader *r)
{
  for (guint i = 0; i < r->faces->len; i++)
    qr_face_clear (&g_array_index (r->faces, QrFace, i));
  g_array_set_size (r->faces, 0);
}

static bool
read_solid (VmfReader *r, const char *open, QrEntity *entity, uint32_t flags, GError **error)
{
  g_autoptr (QrNode) extra = qr_node_new ("solid");
  QrId id = 0;
  bool has_id = false;
  QrBrush *brush;

  clear_scratch (r);
  for (;;)
    {
      Token key, value;
      bool done, block;

      if (!next_key (r, open, "solid", &key, &done, error))
        return false;
      if (done)
        break;
      if (!read_value_or_block (r, &key, &value, &block, error))
        return false;
      if (block && token_is (&key, "side"))
        {
          QrFace face = { 0 };
          bool ok = read_side (r, value.p, &face, error);

          g_array_append_val (r->faces, face);
          if (!ok)
            return false;
        }
      else if (block)
        {
          QrNode *child = read_generic (r, &key, value.p, error);

          if (child == NULL)
            return false;
          qr_node_add_child (extra, child->name, child);
        }
      else if (token_is (&key, "id") && !has_id)
        {
          if (!parse_id (r, &value, &id, error))
            return false;
          has_id = true;
        }
      else
        {
          g_autofree char *k = token_dup (&key);
          g_autofree char *v = token_dup (&value);

          qr_node_add_value (extra, k, v);
        }
    }

  if (has_id)
    qr_map_note_brush_id (r->map, id);
  brush = qr_brush_new (id, (int) r->faces->len);
  if (r->faces->len > 0)
    memcpy (brush->faces, r->faces->data, sizeof (QrFace) * r->faces->len);
  g_array_set_size (r->faces, 0);
  brush->flags = flags;
  if (extra->n_items > 0)
    brush->extra = g_steal_pointer (&extra);
  qr_entity_add_brush (entity, brush);
  return true;
}

static bool read_entity (VmfReader *r, const char *open, const char *what, uint32_t flags, GError **error);

/* hidden { solid { … } … } inside an entity (entity given), or
 * hidden { entity { … } … } at the top level (entity NULL). */
static bool
read_hidden (VmfReader *r, const char *open, QrEntity *entity, GError **error)
{
  const char *inner = entity != NULL ? "solid" : "entity";

  for (;;)
    {
      Token key, value;
      bool done, block, ok;

      if (!next_key (r, open, "hidden", &key, &done, error))
        return false;
      if (done)
        return true;
      if (!read_value_or_block (r, &key, &value, &block, error))
        return false;
      if (!block || !token_is (&key, inner))
        {
          qr_scanner_error_at (&r->s, key.p, error, "expected “%s” inside a hidden block, found “%.*s”",
                               inner, (int) key.len, key.p);
          return false;
        }
      if (entity != NULL)
        ok = read_solid (r, value.p, entity, QR_BRUSH_HIDDEN, error);
      else
        ok = read_entity (r, value.p, "entity", QR_ENTITY_HIDDEN, error);
      if (!ok)
        return false;
    }
}

static bool
read_entity (VmfReader *r, const char *open, const char *what, uint32_t flags, GError **error)
{
  QrEntity *entity = qr_entity_new (0);
  bool has_id = false;

  entity->flags = flags;
  qr_map_add_entity (r->map, entity);
  for (;;)
    {
      Token key, value;
      bool done, block;

      if (!next_key (r, open, what, &key, &done, error))
        return false;
      if (done)
        break;
      if (!read_value_or_block (r, &key, &value, &block, error))
        return false;
      if (block && token_is (&key, "solid"))
        {
          if (!read_solid (r, value.p, entity, 0, error))
            return false;
        }
      else if (block && token_is (&key, "hidden"))
        {
          if (!read_hidden (r, value.p, entity, error))
            return false;
        }
      else if (block)
        {
          QrNode *child = read_generic (r, &key, value.p, error);

          if (child == NULL)
            return false;
          qr_entity_add_kept (entity, child);
        }
      else if (token_is (&key, "id") && !has_id)
        {
          if (!parse_id (r, &value, &entity->id, error))
            return false;
          qr_map_note_entity_id (r->map, entity->id);
          has_id = true;
        }
      else
        {
          QrKeyValue kv = { token_dup (&key), token_dup (&value) };
          g_array_append_val (entity->keys, kv);
        }
    }
  return true;
}

/* Objects the file gave no id (or id 0) get fresh ones, above every id in
 * the file: only known once the whole file has been read. */
static void
assign_missing_ids (QrMap *map)
{
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      QrEntity *entity = qr_map_get_entity (map, e);

      if (entity->id == 0)
        entity->id = qr_map_take_entity_id (map);
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          QrBrush *brush = qr_entity_get_brush (entity, b);

          if (brush->id == 0)
            brush->id = qr_map_take_brush_id (map);
          for (int f = 0; f < brush->n_faces; f++)
            if (brush->faces[f].id == 0)
              brush->faces[f].id = qr_map_take_face_id (map);
        }
    }
}

/* Hammer's hidden state (qr_vmf_editor_hides) as the map's: the object
 * opens hidden; its block itself is kept as read. */
static void
note_hidden (QrMap *map)
{
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      for (guint k = 0; k < entity->kept->len; k++)
        {
          const QrNode *node = g_ptr_array_index (entity->kept, k);
          if (strcmp (node->name, "editor") == 0 && qr_vmf_editor_hides (node))
            qr_map_hide_entity (map, entity->id);
        }
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, b);
          if (brush->extra != NULL && qr_vmf_editor_hides (qr_node_get_child (brush->extra, "editor")))
            qr_map_hide_brush (map, brush->id);
        }
    }
}

QrMap *
qr_map_parse_vmf (const char *data, gsize len, const char *name, GError **error)
{
  return qr_map_read_vmf (data, len, name, NULL, error);
}

QrMap *
qr_map_read_vmf (const char *data, gsize len, const char *name,
                 const QrParseOptions *options, GError **error)
{
  g_autoptr (QrMap) map = qr_map_new (QR_FILE_VMF);
  g_autoptr (GArray) faces = g_array_sized_new (FALSE, FALSE, sizeof (QrFace), 16);
  VmfReader r = { .map = map, .faces = faces };
  const char *reported = data;
  bool ok = true;

  qr_scanner_init (&r.s, data, len, name);

  while (ok)
    {
      g_autoptr (GError) local = NULL;
      Token key, open;

      if (!qr_scanner_progress (&r.s, options, &reported, error))
        {
          ok = false;
          break;
        }
      if (!next_token (&r.s, &key, &local))
        {
          if (local != NULL)
            {
              g_propagate_error (error, g_steal_pointer (&local));
              ok = false;
            }
          break;
        }
      if (key.quoted || is_brace (&key, '{') || is_brace (&key, '}'))
        {
          g_autofree char *found = g_strndup (key.p, qr_escape_prefix_len (key.p, key.len, 24));
          qr_scanner_error_at (&r.s, key.p, error, "expected a block name, found “%s”", found);
          ok = false;
          break;
        }
      if (!next_token (&r.s, &open, NULL) || !is_brace (&open, '{'))
        {
          g_autofree char *block = g_strndup (key.p, qr_escape_prefix_len (key.p, key.len, 24));
          g_autofree char *what = g_strdup_printf ("“{” after “%s”", block);

          r.s.p = key.p + key.len;
          ok = qr_scanner_expected (&r.s, error, what);
          break;
        }

      if (token_is (&key, "world"))
        ok = read_entity (&r, open.p, "world", QR_ENTITY_WORLD, error);
      else if (token_is (&key, "entity"))
        ok = read_entity (&r, open.p, "entity", 0, error);
      else if (token_is (&key, "hidden"))
        ok = read_hidden (&r, open.p, NULL, error);
      else
        {
          QrNode *node = read_generic (&r, &key, open.p, error);

          ok = node != NULL;
          if (ok)
            qr_map_add_kept (map, node);
        }
    }

  clear_scratch (&r);
  if (!ok)
    return NULL;
  assign_missing_ids (map);
  note_hidden (map);
  return g_steal_pointer (&map);
}
