/* qr-ent.c — Radiant ENT entity definitions (see qr-entdef-io.h).
 *
 * The XML of GtkRadiant 1.5 and NetRadiant: <classes> holds <point> and
 * <group> (solid) classes, with the attributes name, color "r g b" (0..1),
 * box "minx miny minz maxx maxy maxz" and model, free text as the class's
 * help, and one child element per key, named by its type (<string>,
 * <integer>, <real>, <boolean>, <color>, <angle>, <target>…) with the
 * attributes key, name (the label) and value (the default) and its help as
 * text; <flag key= name= bit=> are the spawnflags bits. <list name=…>
 * <item name= value=/>… </list> declares a choice type that later keys
 * use as their element name. The element set is TrenchBroom's EntParser's
 * (common/src/io/EntParser.cpp).
 *
 * GLib's GMarkup reads the XML. It stops at the first malformed tag; the
 * parse then starts again at the next line that opens a <point>, <group>
 * or <list>, so one bad class does not hide the ones after it. */
#include "qr-entdef-io.h"

#include <math.h>
#include <string.h>
#include "qr-escape.h"
#include "qr-scanner.h"

typedef enum
{
  IN_TOP,
  IN_CLASSES, /* <classes>, or the top after a restart */
  IN_CLASS,
  IN_KEY,
  IN_FLAG,
  IN_LIST,
  IN_ITEM,
  IN_SKIPPED, /* an element reported as unexpected, and all inside it */
} Where;

typedef struct
{
  QrEntDefs *defs;
  const char *path;
  const char *data;
  const char *end;
  QrScanner where;  /* only to turn positions into lines and columns */
  GHashTable *lists; /* list name → GPtrArray of value, label, value, label… (owned) */

  /* The text the current GMarkup context reads: from chunk (a line start)
   * up to the end it was given. */
  GMarkupParseContext *ctx;
  const char *chunk;
  bool restarted; /* the chunk begins inside <classes> */
  /* markup_position's last answer in this chunk: GMarkup's line and
   * character and the pointer they came to. Positions are asked for in
   * file order, once per element; counting on from the last one keeps a
   * file linear (from the chunk's start each time it was quadratic; found
   * by fuzz-ent). */
  const char *pos_chunk, *pos_at;
  int pos_line, pos_chars;

  GArray *stack; /* Where, one per open element */
  QrEntClass *cls;
  GString *cls_text;
  QrPropDef *key;
  GString *key_text;
  QrPropDef *flags; /* the class's spawnflags, made at its first <flag> */
  char *flag_name;
  GString *flag_text;
  GPtrArray *list; /* the <list> being read, owned by `lists` */
} EntParse;

static void
push (EntParse *ep, Where where)
{
  g_array_append_val (ep->stack, where);
}

/* Positions ------------------------------------------------------------- */

/* Where GMarkup is in the file: its line and character count (UTF-8
 * characters, counted from 1 past the last one read) turned into a pointer. */
static const char *
markup_position (EntParse *ep)
{
  int line, chars;
  g_markup_parse_context_get_position (ep->ctx, &line, &chars);
  const char *p = ep->chunk;
  int l = 1, c = 1;
  if (ep->pos_chunk == ep->chunk && (line > ep->pos_line || (line == ep->pos_line && chars >= ep->pos_chars)))
    {
      p = ep->pos_at;
      l = ep->pos_line;
      c = ep->pos_chars;
    }
  for (; l < line && p < ep->end; p++)
    if (*p == '\n')
      l++, c = 1;
  for (; c < chars && p < ep->end && *p != '\n'; c++)
    p = g_utf8_next_char (p);
  p = MIN (p, ep->end);
  ep->pos_chunk = ep->chunk;
  ep->pos_at = p;
  ep->pos_line = l;
  ep->pos_chars = c;
  return p;
}

/* The '<' of the element GMarkup has just opened. */
static const char *
tag_start (EntParse *ep, const char *element)
{
  const char *p = markup_position (ep);
  gsize n = strlen (element);
  for (const char *q = MIN (p, ep->end - 1); q >= ep->chunk; q--)
    if (*q == '<' && q + 1 + n < ep->end && memcmp (q + 1, element, n) == 0
        && (qr_scanner_is_space (q[1 + n]) || q[1 + n] == '/' || q[1 + n] == '>'))
      return q;
  return p;
}

/* The first character of an attribute's value in the tag at `tag`, or the tag. */
static const char *
attribute_position (EntParse *ep, const char *tag, const char *attribute)
{
  gsize n = strlen (attribute);
  const char *close = memchr (tag, '>', (gsize) (ep->end - tag));
  if (close == NULL)
    close = ep->end;
  for (const char *p = tag + 1; p + n < close; p++)
    {
      if (!qr_scanner_is_space (p[-1]) || memcmp (p, attribute, n) != 0)
        continue;
      const char *q = p + n;
      while (q < close && qr_scanner_is_space (*q))
        q++;
      if (q == close || *q != '=')
        continue;
      for (q++; q < close && qr_scanner_is_space (*q); q++)
        ;
      return q < close && (*q == '"' || *q == '\'') ? q + 1 : q;
    }
  return tag;
}

static void G_GNUC_PRINTF (3, 4)
error_at (EntParse *ep, const char *at, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *message = g_strdup_vprintf (format, args);
  va_end (args);
  int line, column;
  qr_scanner_locate (&ep->where, at, &line, &column);
  g_autofree char *shown = qr_escape_dup (message, -1);
  qr_entdefs_add_error (ep->defs, ep->path, line, column, "%s", shown);
}

/* Attributes ------------------------------------------------------------ */

static const char *
attribute (const char **names, const char **values, const char *name)
{
  for (guint i = 0; names[i] != NULL; i++)
    if (strcmp (names[i], name) == 0)
      return values[i];
  return NULL;
}

/* Reads exactly n numbers separated by white space. */
static bool
read_numbers (const char *text, double *out, int n)
{
  g_auto (GStrv) parts = g_strsplit_set (text, " \t\r\n", -1);
  int got = 0;
  for (guint i = 0; parts[i] != NULL; i++)
    {
      if (*parts[i] == '\0')
        continue;
      char *stop = NULL;
      double v = g_ascii_strtod (parts[i], &stop);
      if (got == n || *stop != '\0' || !isfinite (v))
        return false;
      out[got++] = v;
    }
  return got == n;
}

/* Classes --------------------------------------------------------------- */

static void
begin_class (EntParse *ep, const char *element, const char **names, const char **values)
{
  const char *tag = tag_start (ep, element);
  const char *name = attribute (names, values, "name");
  if (name == NULL || *name == '\0')
    {
      error_at (ep, tag, "<%s> needs a name", element);
      push (ep, IN_SKIPPED);
      return;
    }
  int line, column;
  qr_scanner_locate (&ep->where, tag, &line, &column);
  bool point = strcmp (element, "point") == 0;
  QrEntClass *cls = qr_entdefs_add_class (ep->defs, name, point ? QR_ENTCLASS_POINT : QR_ENTCLASS_SOLID, ep->path,
                                          line);
  const char *color = attribute (names, values, "color");
  if (color != NULL)
    {
      double *c = cls->color;
      if (read_numbers (color, c, 3) && c[0] >= 0 && c[0] <= 1 && c[1] >= 0 && c[1] <= 1 && c[2] >= 0 && c[2] <= 1)
        cls->has_color = true;
      else
        error_at (ep, attribute_position (ep, tag, "color"), "class %s: color “%s” is not three numbers 0 to 1",
                  name, color);
    }
  const char *box = attribute (names, values, "box");
  if (box != NULL)
    {
      double b[6];
      if (read_numbers (box, b, 6))
        {
          cls->has_size = true;
          cls->size.min = qr_vec3 (MIN (b[0], b[3]), MIN (b[1], b[4]), MIN (b[2], b[5]));
          cls->size.max = qr_vec3 (MAX (b[0], b[3]), MAX (b[1], b[4]), MAX (b[2], b[5]));
        }
      else
        error_at (ep, attribute_position (ep, tag, "box"), "class %s: box “%s” is not six numbers", name, box);
    }
  /* TrenchBroom's files may give an expression ("{ path : model }": the
   * entity's model key) where a path stands; it names no file. */
  const char *model = attribute (names, values, "model");
  if (model != NULL && *model != '\0' && *model != '{')
    cls->model = g_strdup (model);
  ep->cls = cls;
  ep->cls_text = g_string_new (NULL);
  ep->flags = NULL;
  push (ep, IN_CLASS);
}

/* The class's text without the "-------- KEYS --------" headings, its runs
 * of blank lines made one. */
static char *
class_help (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr (GString) out = g_string_new (NULL);
  bool blank = false;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strchomp (lines[i]);
      const char *t = line + strspn (line, " \t");
      gsize n = strlen (t);
      if (n > 2 && g_str_has_prefix (t, "--") && g_str_has_suffix (t, "--"))
        continue;
      if (n == 0)
        {
          blank = out->len > 0;
          continue;
        }
      if (out->len > 0)
        g_string_append (out, blank ? "\n\n" : "\n");
      g_string_append (out, line);
      blank = false;
    }
  return out->len > 0 ? g_strdup (out->str) : NULL;
}

static void
end_class (EntParse *ep)
{
  g_free (ep->cls->description);
  ep->cls->description = class_help (ep->cls_text->str);
  g_string_free (ep->cls_text, TRUE);
  ep->cls_text = NULL;
  ep->cls = NULL;
  ep->flags = NULL;
}

/* Keys ------------------------------------------------------------------ */

static const struct
{
  const char *element;
  QrPropType type;
} key_types[] = {
  { "string", QR_PROP_STRING },
  { "integer", QR_PROP_INTEGER },
  { "real", QR_PROP_FLOAT },
  { "boolean", QR_PROP_BOOLEAN },
  { "color", QR_PROP_COLOR1 },
  { "angle", QR_PROP_ANGLE },
  { "angles", QR_PROP_ANGLE },
  { "direction", QR_PROP_ANGLE },
  { "target", QR_PROP_TARGET_DESTINATION },
  { "targetname", QR_PROP_TARGET_SOURCE },
  { "model", QR_PROP_STUDIO },
  { "sound", QR_PROP_SOUND },
  { "real3", QR_PROP_VECTOR },
  { "vector3", QR_PROP_VECTOR },
};

static void
begin_key (EntParse *ep, const char *element, const char **names, const char **values)
{
  const char *key = attribute (names, values, "key");
  if (key == NULL || *key == '\0')
    {
      error_at (ep, tag_start (ep, element), "class %s: <%s> needs a key", ep->cls->name, element);
      push (ep, IN_SKIPPED);
      return;
    }
  /* A declared list is a choice type; an element the table does not know
   * (texture, array, skin…) a key edited as text. */
  GPtrArray *list = g_hash_table_lookup (ep->lists, element);
  QrPropType type = QR_PROP_OTHER;
  if (list != NULL)
    type = QR_PROP_CHOICES;
  else
    for (guint i = 0; i < G_N_ELEMENTS (key_types); i++)
      if (strcmp (element, key_types[i].element) == 0)
        type = key_types[i].type;
  QrPropDef *prop = qr_entclass_add_prop (ep->cls, key, type, element);
  for (guint i = 0; list != NULL && i + 1 < list->len; i += 2)
    qr_prop_add_choice (prop, g_ptr_array_index (list, i), g_ptr_array_index (list, i + 1), false);
  const char *label = attribute (names, values, "name");
  const char *value = attribute (names, values, "value");
  prop->label = label != NULL && *label != '\0' ? g_strdup (label) : NULL;
  prop->default_value = g_strdup (value);
  ep->key = prop;
  ep->key_text = g_string_new (NULL);
  push (ep, IN_KEY);
}

static void
end_key (EntParse *ep)
{
  g_autofree char *help = g_strstrip (g_string_free (ep->key_text, FALSE));
  if (*help != '\0')
    ep->key->description = g_steal_pointer (&help);
  ep->key_text = NULL;
  ep->key = NULL;
}

/* <flag key="SUSPENDED" name="No Drop To Floor" bit="0">: bit 0 is value 1;
 * the label is the name, the key word and the text go to the help. */
static void
begin_flag (EntParse *ep, const char **names, const char **values)
{
  const char *tag = tag_start (ep, "flag");
  const char *key = attribute (names, values, "key");
  const char *label = attribute (names, values, "name");
  const char *bit_text = attribute (names, values, "bit");
  guint64 bit = 0;
  if (bit_text == NULL || !g_ascii_string_to_unsigned (bit_text, 10, 0, 31, &bit, NULL))
    {
      error_at (ep, bit_text != NULL ? attribute_position (ep, tag, "bit") : tag,
                "class %s: a flag's bit must be 0 to 31, not “%s”", ep->cls->name,
                bit_text != NULL ? bit_text : "");
      push (ep, IN_SKIPPED);
      return;
    }
  if (key == NULL || *key == '\0')
    key = label;
  if (label == NULL || *label == '\0')
    label = key;
  if (label == NULL || *label == '\0')
    {
      error_at (ep, tag, "class %s: a flag needs a key or a name", ep->cls->name);
      push (ep, IN_SKIPPED);
      return;
    }
  if (ep->flags == NULL)
    ep->flags = qr_entclass_add_prop (ep->cls, "spawnflags", QR_PROP_FLAGS, "flags");
  g_autofree char *value = g_strdup_printf ("%u", 1u << bit);
  qr_prop_add_choice (ep->flags, value, label, false);
  ep->flag_name = g_strdup (key);
  ep->flag_text = g_string_new (NULL);
  push (ep, IN_FLAG);
}

static void
end_flag (EntParse *ep)
{
  g_autofree char *help = g_strstrip (g_string_free (ep->flag_text, FALSE));
  ep->flag_text = NULL;
  QrPropDef *flags = ep->flags;
  g_autoptr (GString) all = g_string_new (flags->description);
  if (all->len > 0)
    g_string_append_c (all, '\n');
  g_string_append (all, ep->flag_name);
  if (*help != '\0')
    g_string_append_printf (all, ": %s", help);
  g_free (flags->description);
  flags->description = g_strdup (all->str);
  g_clear_pointer (&ep->flag_name, g_free);
}

/* Lists ----------------------------------------------------------------- */

static void
begin_list (EntParse *ep, const char **names, const char **values)
{
  const char *name = attribute (names, values, "name");
  if (name == NULL || *name == '\0')
    {
      error_at (ep, tag_start (ep, "list"), "<list> needs a name");
      push (ep, IN_SKIPPED);
      return;
    }
  ep->list = g_ptr_array_new_with_free_func (g_free);
  g_hash_table_replace (ep->lists, g_strdup (name), ep->list);
  push (ep, IN_LIST);
}

static void
add_item (EntParse *ep, const char **names, const char **values)
{
  const char *name = attribute (names, values, "name");
  const char *value = attribute (names, values, "value");
  if (name == NULL || value == NULL)
    {
      error_at (ep, tag_start (ep, "item"), "<item> needs a name and a value");
      push (ep, IN_SKIPPED);
      return;
    }
  g_ptr_array_add (ep->list, g_strdup (value));
  g_ptr_array_add (ep->list, g_strdup (name));
  push (ep, IN_ITEM);
}

/* GMarkup's callbacks --------------------------------------------------- */

static Where
current (const EntParse *ep)
{
  if (ep->stack->len == 0)
    return ep->restarted ? IN_CLASSES : IN_TOP;
  return g_array_index (ep->stack, Where, ep->stack->len - 1);
}

static void
skip_element (EntParse *ep, const char *element, const char *inside)
{
  error_at (ep, tag_start (ep, element), "unexpected <%s>%s%s", element, inside != NULL ? " in " : "",
            inside != NULL ? inside : "");
  push (ep, IN_SKIPPED);
}

static void
on_start (GMarkupParseContext *ctx, const char *element, const char **names, const char **values, gpointer data,
          GError **error)
{
  EntParse *ep = data;
  switch (current (ep))
    {
    case IN_TOP:
      if (strcmp (element, "classes") == 0)
        push (ep, IN_CLASSES);
      else
        skip_element (ep, element, NULL);
      break;
    case IN_CLASSES:
      if (strcmp (element, "point") == 0 || strcmp (element, "group") == 0)
        begin_class (ep, element, names, values);
      else if (strcmp (element, "list") == 0)
        begin_list (ep, names, values);
      else
        skip_element (ep, element, "<classes>");
      break;
    case IN_CLASS:
      if (strcmp (element, "flag") == 0)
        begin_flag (ep, names, values);
      else
        begin_key (ep, element, names, values);
      break;
    case IN_LIST:
      if (strcmp (element, "item") == 0)
        add_item (ep, names, values);
      else
        skip_element (ep, element, "<list>");
      break;
    case IN_KEY:
    case IN_FLAG:
    case IN_ITEM:
      skip_element (ep, element, "a key");
      break;
    default:
      push (ep, IN_SKIPPED);
      break;
    }
}

static void
on_end (GMarkupParseContext *ctx, const char *element, gpointer data, GError **error)
{
  EntParse *ep = data;
  if (ep->stack->len == 0)
    return; /* the </classes> closing a restarted chunk is not fed */
  Where where = current (ep);
  g_array_set_size (ep->stack, ep->stack->len - 1);
  switch (where)
    {
    case IN_CLASS:
      end_class (ep);
      break;
    case IN_KEY:
      end_key (ep);
      break;
    case IN_FLAG:
      end_flag (ep);
      break;
    case IN_LIST:
      ep->list = NULL;
      break;
    default:
      break;
    }
}

static void
on_text (GMarkupParseContext *ctx, const char *text, gsize len, gpointer data, GError **error)
{
  EntParse *ep = data;
  if (ep->stack->len == 0)
    return;
  switch (current (ep))
    {
    case IN_CLASS:
      g_string_append_len (ep->cls_text, text, (gssize) len);
      break;
    case IN_KEY:
      g_string_append_len (ep->key_text, text, (gssize) len);
      break;
    case IN_FLAG:
      g_string_append_len (ep->flag_text, text, (gssize) len);
      break;
    default:
      break;
    }
}

static const GMarkupParser ent_markup = { on_start, on_end, on_text, NULL, NULL };

/* After a malformed tag ------------------------------------------------- */

/* Drops what an interrupted chunk left open (its class keeps what it read). */
static void
reset (EntParse *ep)
{
  if (ep->cls_text != NULL)
    end_class (ep);
  if (ep->key_text != NULL)
    g_string_free (ep->key_text, TRUE);
  if (ep->flag_text != NULL)
    g_string_free (ep->flag_text, TRUE);
  g_clear_pointer (&ep->flag_name, g_free);
  ep->key_text = ep->flag_text = NULL;
  ep->key = ep->flags = NULL;
  ep->cls = NULL;
  ep->list = NULL;
  g_array_set_size (ep->stack, 0);
}

/* GMarkup's message without its own "Error on line 2 char 7: " (the
 * position is given as the other errors give it). */
static const char *
markup_message (const GError *error)
{
  const char *colon = strstr (error->message, ": ");
  return colon != NULL && colon - error->message < 40 ? colon + 2 : error->message;
}

/* The start of the first line after `from`'s that opens a class or a list. */
static const char *
next_class_line (const char *from, const char *end)
{
  const char *p = memchr (from, '\n', (gsize) (end - from));
  while (p != NULL && ++p < end)
    {
      const char *t = p;
      while (t < end && (*t == ' ' || *t == '\t'))
        t++;
      static const char *const starts[] = { "<point", "<group", "<list" };
      for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
        {
          gsize n = strlen (starts[i]);
          if ((gsize) (end - t) > n && memcmp (t, starts[i], n) == 0 && (qr_scanner_is_space (t[n]) || t[n] == '>'))
            return p;
        }
      p = memchr (p, '\n', (gsize) (end - p));
    }
  return NULL;
}

void
qr_ent_parse (QrEntDefs *defs, const char *data, gsize len, const char *path)
{
  EntParse ep = { .defs = defs, .path = path, .data = data, .end = data + len };
  qr_scanner_init (&ep.where, data, len, path);
  ep.lists = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  ep.stack = g_array_new (FALSE, FALSE, sizeof (Where));

  /* A restarted chunk is read without the file's </classes>, which it never opened. */
  const char *classes_end = NULL;
  for (const char *p = data; (p = memmem (p, (gsize) (ep.end - p), "</classes>", 10)) != NULL; p += 10)
    classes_end = p;

  ep.chunk = data;
  const char *chunk_end = ep.end;
  while (ep.chunk != NULL)
    {
      g_autoptr (GError) error = NULL;
      ep.ctx = g_markup_parse_context_new (&ent_markup, 0, &ep, NULL);
      bool ok = g_markup_parse_context_parse (ep.ctx, ep.chunk, chunk_end - ep.chunk, &error)
                && g_markup_parse_context_end_parse (ep.ctx, &error);
      const char *next = NULL;
      if (!ok)
        {
          /* GMarkup stands one character past the one it stopped at. */
          const char *at = markup_position (&ep);
          if (at > ep.chunk && at[-1] != '\n')
            at = g_utf8_find_prev_char (ep.chunk, at);
          error_at (&ep, at, "%s", markup_message (error));
          next = next_class_line (at, classes_end != NULL && classes_end > at ? classes_end : ep.end);
          chunk_end = next != NULL && classes_end != NULL && next < classes_end ? classes_end : ep.end;
        }
      g_markup_parse_context_free (ep.ctx);
      ep.ctx = NULL;
      reset (&ep);
      ep.chunk = next;
      ep.restarted = true;
    }

  g_array_unref (ep.stack);
  g_hash_table_unref (ep.lists);
}
