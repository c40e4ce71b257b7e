/* qr-def.c — Radiant DEF entity definitions (see qr-entdef-io.h).
 *
 * A class is a C comment whose first line (slash, star, then the header)
 * reads "QUAKED name (r g b) (minx miny minz) (maxx maxy maxz) FLAG1 FLAG2
 * …", then free text up to the comment's end, as id's QuakeEd and the
 * Radiants read it. "?" in place of the two size groups makes a solid
 * class; the flag words are the spawnflags bits 1, 2, 4… in order, "x" or
 * "-" leaving a bit unnamed; a header with only the name declares a base
 * class (as TrenchBroom reads it). TrenchBroom's
 * DefParser (common/src/io/DefParser.cpp) adds a block "{ … }" first in
 * the text: model(…), base("name"), default("key", "value") and
 * choice "key" ((value, "label"), …) statements, which are read here too.
 *
 * The text documents keys in lines `"key" what it does` (Quake) or, under
 * a "Keys:" or "-------- KEYS --------" heading, `key : what it does`
 * (Quake 3); each becomes a key of the class, typed by its name (target,
 * targetname, angle) or a string, with the lines after it up to a blank
 * line as its help. Names under a flags heading, or equal to a flag
 * word, are the flags' own help and are skipped. */
#include "qr-entdef-io.h"

#include <math.h>
#include <string.h>
#include "qr-escape.h"
#include "qr-scanner.h"

typedef struct
{
  QrEntDefs *defs;
  const char *path;
  QrScanner where; /* only to turn positions into lines and columns */
} DefParse;

static void G_GNUC_PRINTF (3, 4)
error_at (DefParse *dp, const char *at, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *message = g_strdup_vprintf (format, args);
  va_end (args);
  int line, column;
  qr_scanner_locate (&dp->where, at, &line, &column);
  g_autofree char *shown = qr_escape_dup (message, -1);
  qr_entdefs_add_error (dp->defs, dp->path, line, column, "%s", shown);
}

static inline bool
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r';
}

static const char *
skip_blanks (const char *p, const char *end)
{
  while (p < end && is_blank (*p))
    p++;
  return p;
}

static const char *
skip_space (const char *p, const char *end)
{
  while (p < end && qr_scanner_is_space (*p))
    p++;
  return p;
}

static const char *
find (const char *p, const char *end, const char *needle)
{
  gsize n = strlen (needle);
  if (p >= end || (gsize) (end - p) < n)
    return NULL;
  return memmem (p, (gsize) (end - p), needle, n);
}

/* The header ------------------------------------------------------------ */

/* Reads "(a b c)" at p (a '(') on the header line [p, end). Returns the
 * position after ')' with *ok telling whether the three numbers were good,
 * or NULL (error recorded) when the group does not close on the line. */
static const char *
read_triple (DefParse *dp, const char *p, const char *end, const char *what, double out[3], bool *ok)
{
  const char *close = memchr (p, ')', (gsize) (end - p));
  *ok = false;
  if (close == NULL || memchr (p + 1, '(', (gsize) (close - p - 1)) != NULL)
    {
      error_at (dp, p, "the %s group “(” is not closed %s", what,
                close == NULL ? "on the header line" : "before the next “(”");
      return NULL;
    }
  const char *q = p + 1;
  int n = 0;
  while (true)
    {
      q = skip_blanks (q, close);
      if (q == close)
        break;
      const char *tok = q;
      while (q < close && !is_blank (*q))
        q++;
      g_autofree char *word = g_strndup (tok, (gsize) (q - tok));
      char *stop = NULL;
      double v = g_ascii_strtod (word, &stop);
      if (*word == '\0' || *stop != '\0' || !isfinite (v))
        {
          error_at (dp, tok, "%s: “%s” is not a number", what, word);
          return close + 1;
        }
      if (n == 3)
        {
          error_at (dp, tok, "%s: more than three numbers", what);
          return close + 1;
        }
      out[n++] = v;
    }
  if (n < 3)
    {
      error_at (dp, p, "%s: three numbers expected, found %d", what, n);
      return close + 1;
    }
  *ok = true;
  return close + 1;
}

static void
read_flags (DefParse *dp, QrEntClass *cls, const char *p, const char *end)
{
  QrPropDef *flags = NULL;
  for (guint bit = 0;; bit++)
    {
      p = skip_blanks (p, end);
      if (p == end)
        break;
      const char *tok = p;
      while (p < end && !is_blank (*p))
        p++;
      g_autofree char *word = g_strndup (tok, (gsize) (p - tok));
      if (bit >= 32)
        {
          error_at (dp, tok, "flag %s: spawnflags has only 32 bits", word);
          break;
        }
      if (flags == NULL)
        flags = qr_entclass_add_prop (cls, "spawnflags", QR_PROP_FLAGS, "flags");
      if (strcmp (word, "x") == 0 || strcmp (word, "X") == 0 || strcmp (word, "-") == 0)
        continue;
      g_autofree char *value = g_strdup_printf ("%u", 1u << bit);
      qr_prop_add_choice (flags, value, word, false);
    }
}

/* Reads the header line [p, end) after the QUAKED mark; NULL when it names no class. */
static QrEntClass *
read_header (DefParse *dp, const char *quaked, const char *p, const char *end)
{
  p = skip_blanks (p, end);
  const char *name = p;
  while (p < end && !is_blank (*p))
    p++;
  if (p == name)
    {
      error_at (dp, name, "a class name must follow /*QUAKED");
      return NULL;
    }
  g_autofree char *class_name = g_strndup (name, (gsize) (p - name));
  int line, column;
  qr_scanner_locate (&dp->where, quaked, &line, &column);
  QrEntClass *cls = qr_entdefs_add_class (dp->defs, class_name, QR_ENTCLASS_BASE, dp->path, line);

  p = skip_blanks (p, end);
  if (p == end)
    return cls;
  if (*p != '(')
    {
      error_at (dp, p, "class %s: “(r g b)” expected after the name", class_name);
      return cls;
    }
  cls->kind = QR_ENTCLASS_POINT;
  bool ok;
  const char *colour_at = p;
  p = read_triple (dp, p, end, "colour", cls->color, &ok);
  if (p == NULL)
    return cls;
  if (ok && (cls->color[0] < 0 || cls->color[0] > 1 || cls->color[1] < 0 || cls->color[1] > 1 || cls->color[2] < 0
             || cls->color[2] > 1))
    {
      error_at (dp, colour_at, "colour: each part must be 0 to 1");
      ok = false;
    }
  cls->has_color = ok;

  p = skip_blanks (p, end);
  if (p < end && *p == '?' && (p + 1 == end || is_blank (p[1])))
    {
      cls->kind = QR_ENTCLASS_SOLID;
      p++;
    }
  else if (p < end && *p == '(')
    {
      double mins[3], maxs[3];
      bool ok_max = false;
      p = read_triple (dp, p, end, "mins", mins, &ok);
      if (p == NULL)
        return cls;
      p = skip_blanks (p, end);
      if (p == end || *p != '(')
        {
          error_at (dp, p, "class %s: “(maxs)” expected after the mins", class_name);
          return cls;
        }
      p = read_triple (dp, p, end, "maxs", maxs, &ok_max);
      if (p == NULL)
        return cls;
      if (ok && ok_max)
        {
          /* Either order per axis, as TrenchBroom's DefParser repairs it. */
          cls->has_size = true;
          cls->size.min = qr_vec3 (MIN (mins[0], maxs[0]), MIN (mins[1], maxs[1]), MIN (mins[2], maxs[2]));
          cls->size.max = qr_vec3 (MAX (mins[0], maxs[0]), MAX (mins[1], maxs[1]), MAX (mins[2], maxs[2]));
        }
    }
  else
    {
      error_at (dp, p, "class %s: “(mins) (maxs)” or “?” expected after the colour", class_name);
      return cls;
    }
  read_flags (dp, cls, p, end);
  return cls;
}

/* TrenchBroom's block --------------------------------------------------- */

/* Past the quoted string at p ('"'), or NULL when it does not close before end. */
static const char *
skip_quoted (const char *p, const char *end)
{
  for (p++; p < end; p++)
    if (*p == '"')
      return p + 1;
  return NULL;
}

/* The closing bracket matching the opening one at p, skipping quoted
 * strings and nested brackets of either kind; NULL when unclosed. */
static const char *
match_bracket (const char *p, const char *end)
{
  int depth = 0;
  while (p < end)
    {
      char c = *p;
      if (c == '"')
        {
          p = skip_quoted (p, end);
          if (p == NULL)
            return NULL;
          continue;
        }
      if (c == '(' || c == '{')
        depth++;
      else if ((c == ')' || c == '}') && --depth == 0)
        return p;
      p++;
    }
  return NULL;
}

/* The n-th quoted string in [p, end) (n < 0: the last), or NULL. */
static char *
quoted_string (const char *p, const char *end, int n)
{
  const char *found = NULL, *found_end = NULL;
  for (int i = 0; p < end; p++)
    {
      if (*p != '"')
        continue;
      const char *close = skip_quoted (p, end);
      if (close == NULL)
        break;
      if (n < 0 || i == n)
        {
          found = p + 1;
          found_end = close - 1;
          if (n >= 0)
            break;
        }
      i++;
      p = close - 1;
    }
  return found != NULL ? g_strndup (found, (gsize) (found_end - found)) : NULL;
}

/* model("path"), model({ "path": "…", "skin": 1 }) or model({{ cond ->
 * "a", "fallback" }}): the path, or the fallback of a conditional. The
 * leading ':' TrenchBroom writes before game-relative paths is dropped. */
static char *
model_path (const char *p, const char *end)
{
  p = skip_space (p, end);
  g_autofree char *path = NULL;
  if (end - p >= 2 && p[0] == '{' && p[1] == '{')
    path = quoted_string (p, end, -1);
  else if (p < end && *p == '{')
    {
      const char *key = find (p, end, "\"path\"");
      if (key != NULL)
        path = quoted_string (key + 6, end, 0);
    }
  else
    path = quoted_string (p, end, 0);
  if (path == NULL || *path == '\0')
    return NULL;
  return g_strdup (path[0] == ':' ? path + 1 : path);
}

/* choice "key" ((0, "label"), (1, "label")…): args spans the outer brackets' inside. */
static void
read_choice (DefParse *dp, QrEntClass *cls, const char *key, const char *p, const char *end)
{
  QrPropDef *prop = qr_entclass_add_prop (cls, key, QR_PROP_CHOICES, "choices");
  while (true)
    {
      p = skip_space (p, end);
      while (p < end && *p == ',')
        p = skip_space (p + 1, end);
      if (p == end)
        return;
      const char *close = *p == '(' ? match_bracket (p, end) : NULL;
      const char *comma = close != NULL ? memchr (p, ',', (gsize) (close - p)) : NULL;
      g_autofree char *label = comma != NULL ? quoted_string (comma, close, 0) : NULL;
      if (label == NULL)
        {
          error_at (dp, p, "choice %s: “(value, \"label\")” expected", key);
          return;
        }
      const char *v = skip_space (p + 1, comma);
      const char *v_end = comma;
      while (v_end > v && qr_scanner_is_space (v_end[-1]))
        v_end--;
      g_autofree char *value = *v == '"' ? quoted_string (v, v_end, 0) : g_strndup (v, (gsize) (v_end - v));
      qr_prop_add_choice (prop, value != NULL ? value : "", label, false);
      p = close + 1;
    }
}

typedef struct
{
  char *key;
  char *value;
} DefDefault;

static void
default_clear (gpointer data)
{
  DefDefault *d = data;
  g_free (d->key);
  g_free (d->value);
}

/* Reads the statements between the braces [p, end); defaults are applied
 * once the class's keys are all known. */
static void
read_block (DefParse *dp, QrEntClass *cls, const char *p, const char *end, GArray *defaults)
{
  while (true)
    {
      p = skip_space (p, end);
      while (p < end && *p == ';')
        p = skip_space (p + 1, end);
      if (p == end)
        return;
      const char *word = p;
      while (p < end && (g_ascii_isalnum (*p) || *p == '_'))
        p++;
      if (p == word)
        {
          error_at (dp, p, "class %s: a statement (model, base, default, choice) expected", cls->name);
          return;
        }
      g_autofree char *verb = g_strndup (word, (gsize) (p - word));
      p = skip_space (p, end);
      g_autofree char *choice_key = NULL;
      if (strcmp (verb, "choice") == 0)
        {
          choice_key = p < end && *p == '"' ? quoted_string (p, end, 0) : NULL;
          if (choice_key == NULL)
            {
              error_at (dp, p, "choice: a quoted key expected");
              return;
            }
          p = skip_space (skip_quoted (p, end), end);
        }
      const char *close = p < end && *p == '(' ? match_bracket (p, end) : NULL;
      if (close == NULL)
        {
          error_at (dp, p, "%s: “(…)” expected", verb);
          return;
        }
      if (choice_key != NULL)
        read_choice (dp, cls, choice_key, p + 1, close);
      else if (strcmp (verb, "model") == 0)
        {
          g_free (cls->model);
          cls->model = model_path (p + 1, close);
        }
      else if (strcmp (verb, "base") == 0)
        {
          char *base = quoted_string (p + 1, close, 0);
          if (base != NULL)
            g_ptr_array_add (cls->bases, base);
          else
            error_at (dp, p, "base: a quoted class name expected");
        }
      else if (strcmp (verb, "default") == 0)
        {
          DefDefault d = { quoted_string (p + 1, close, 0), quoted_string (p + 1, close, 1) };
          if (d.key != NULL && d.value != NULL)
            g_array_append_val (defaults, d);
          else
            {
              error_at (dp, p, "default: “(\"key\", \"value\")” expected");
              default_clear (&d);
            }
        }
      /* Other statements are TrenchBroom's to interpret; skipped. */
      p = close + 1;
    }
}

/* The help text --------------------------------------------------------- */

static QrPropDef *
own_prop (QrEntClass *cls, const char *key)
{
  for (guint i = 0; i < cls->own_props->len; i++)
    {
      QrPropDef *prop = g_ptr_array_index (cls->own_props, i);
      if (g_ascii_strcasecmp (prop->name, key) == 0)
        return prop;
    }
  return NULL;
}

static bool
is_flag_word (const QrEntClass *cls, const char *word)
{
  for (guint i = 0; i < cls->own_props->len; i++)
    {
      const QrPropDef *prop = g_ptr_array_index (cls->own_props, i);
      if (prop->type != QR_PROP_FLAGS)
        continue;
      for (guint c = 0; c < prop->choices->len; c++)
        if (g_ascii_strcasecmp (g_array_index (prop->choices, QrPropChoice, c).label, word) == 0)
          return true;
    }
  return g_ascii_strcasecmp (word, "x") == 0;
}

static QrPropDef *
add_described_key (QrEntClass *cls, const char *key)
{
  static const struct
  {
    const char *key;
    QrPropType type;
    const char *type_name;
  } known[] = {
    { "target", QR_PROP_TARGET_DESTINATION, "target_destination" },
    { "killtarget", QR_PROP_TARGET_DESTINATION, "target_destination" },
    { "targetname", QR_PROP_TARGET_SOURCE, "target_source" },
    { "angle", QR_PROP_ANGLE, "angle" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    if (g_ascii_strcasecmp (key, known[i].key) == 0)
      return qr_entclass_add_prop (cls, key, known[i].type, known[i].type_name);
  return qr_entclass_add_prop (cls, key, QR_PROP_STRING, "string");
}

typedef enum
{
  SECTION_NONE,
  SECTION_KEYS,
  SECTION_FLAGS,
  SECTION_OTHER,
} Section;

/* "Keys:", "Flags:", "-------- SPAWNFLAGS --------": which heading, or -1. */
static int
heading (const char *t)
{
  g_autofree char *name = NULL;
  gsize n = strlen (t);
  if (n > 2 && t[0] == '-' && t[n - 1] == '-')
    {
      gsize a = 0, b = n;
      while (a < n && t[a] == '-')
        a++;
      while (b > a && t[b - 1] == '-')
        b--;
      name = g_strstrip (g_strndup (t + a, b - a));
    }
  else if (n > 1 && t[n - 1] == ':' && strchr (t, ' ') == NULL)
    name = g_strndup (t, n - 1);
  else
    return -1;
  if (g_ascii_strcasecmp (name, "keys") == 0)
    return SECTION_KEYS;
  if (g_ascii_strcasecmp (name, "flags") == 0 || g_ascii_strcasecmp (name, "spawnflags") == 0)
    return SECTION_FLAGS;
  return SECTION_OTHER;
}

static bool
is_key_name (const char *s, gsize n)
{
  if (n == 0)
    return false;
  for (gsize i = 0; i < n; i++)
    if (!g_ascii_isalnum (s[i]) && s[i] != '_')
      return false;
  return true;
}

/* A documented key on line t (trimmed): its name and the text after it. */
static bool
key_line (const char *t, Section section, char **key, char **text)
{
  const char *name, *name_end, *rest;
  if (t[0] == '"')
    {
      name = t + 1;
      name_end = strchr (name, '"');
      if (name_end == NULL)
        return false;
      rest = name_end + 1;
      if (*rest != '\0' && !is_blank (*rest))
        return false;
    }
  else if (section == SECTION_KEYS)
    {
      name = t;
      name_end = name;
      while (g_ascii_isalnum (*name_end) || *name_end == '_')
        name_end++;
      rest = skip_blanks (name_end, name_end + strlen (name_end));
      if (*rest != ':')
        return false;
      rest++;
    }
  else
    return false;
  if (!is_key_name (name, (gsize) (name_end - name)))
    return false;
  rest = skip_blanks (rest, rest + strlen (rest));
  g_autofree char *body = g_strdup (rest);
  /* `"key" "text"`: the text without its quotes. */
  gsize n = strlen (body);
  if (n >= 2 && body[0] == '"' && body[n - 1] == '"')
    {
      body[n - 1] = '\0';
      memmove (body, body + 1, n - 1);
    }
  if (t[0] != '"' && *body == '\0')
    return false;
  *key = g_strndup (name, (gsize) (name_end - name));
  *text = g_steal_pointer (&body);
  return true;
}

static void
read_keys (QrEntClass *cls, const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  Section section = SECTION_NONE;
  QrPropDef *current = NULL;
  GString *help = NULL;

  for (guint i = 0;; i++)
    {
      char *t = lines[i] != NULL ? g_strstrip (lines[i]) : NULL;
      g_autofree char *key = NULL, *rest = NULL;
      int h = t != NULL ? heading (t) : -1;
      bool is_key = t != NULL && h < 0 && key_line (t, section, &key, &rest);
      if (current != NULL && (t == NULL || *t == '\0' || h >= 0 || is_key))
        {
          current->description = help->len > 0 ? g_strdup (help->str) : NULL;
          g_string_free (help, TRUE);
          current = NULL;
        }
      if (t == NULL)
        break;
      if (h >= 0)
        section = h;
      else if (is_key && section != SECTION_FLAGS && !is_flag_word (cls, key) && own_prop (cls, key) == NULL)
        {
          current = add_described_key (cls, key);
          help = g_string_new (rest);
        }
      else if (current != NULL && *t != '\0')
        {
          if (help->len > 0)
            g_string_append_c (help, '\n');
          g_string_append (help, t);
        }
    }
}

static void
apply_default (QrEntClass *cls, const DefDefault *d)
{
  QrPropDef *prop = own_prop (cls, d->key);
  if (prop == NULL)
    prop = add_described_key (cls, d->key);
  g_free (prop->default_value);
  prop->default_value = g_strdup (d->value);
  if (prop->type == QR_PROP_FLAGS)
    {
      guint64 bits = g_ascii_strtoull (d->value, NULL, 10);
      for (guint c = 0; c < prop->choices->len; c++)
        {
          QrPropChoice *choice = &g_array_index (prop->choices, QrPropChoice, c);
          choice->default_on = (bits & g_ascii_strtoull (choice->value, NULL, 10)) != 0;
        }
    }
}

/* One comment --------------------------------------------------------- */

static void
read_class (DefParse *dp, const char *quaked, const char *end)
{
  const char *header = quaked + strlen ("/*QUAKED");
  const char *header_end = memchr (header, '\n', (gsize) (end - header));
  if (header_end == NULL)
    header_end = end;
  QrEntClass *cls = read_header (dp, quaked, header, header_end);
  if (cls == NULL)
    return;

  g_autoptr (GArray) defaults = g_array_new (FALSE, FALSE, sizeof (DefDefault));
  g_array_set_clear_func (defaults, default_clear);
  const char *text = skip_space (header_end, end);
  if (text < end && *text == '{')
    {
      const char *close = match_bracket (text, end);
      if (close == NULL)
        error_at (dp, text, "class %s: “{” is not closed before the comment ends", cls->name);
      else
        {
          read_block (dp, cls, text + 1, close, defaults);
          text = close + 1;
        }
    }
  /* Old files are often in a Windows code page: their help must still be
   * text a label can show. */
  g_autofree char *description = g_strstrip (g_utf8_make_valid (text, end - text));
  read_keys (cls, description);
  for (guint i = 0; i < defaults->len; i++)
    apply_default (cls, &g_array_index (defaults, DefDefault, i));
  if (*description != '\0')
    cls->description = g_steal_pointer (&description);
}

void
qr_def_parse (QrEntDefs *defs, const char *data, gsize len, const char *path)
{
  DefParse dp = { defs, path };
  qr_scanner_init (&dp.where, data, len, path);
  const char *p = data, *end = data + len;

  while ((p = find (p, end, "/*QUAKED")) != NULL)
    {
      const char *body = p + strlen ("/*QUAKED");
      const char *close = find (body, end, "*/");
      const char *next = find (body, close != NULL ? close : end, "/*QUAKED");
      if (close == NULL || next != NULL)
        {
          /* Read what there is up to the next class, which still loads. */
          const char *stop = next != NULL ? next : end;
          error_at (&dp, p, "the /*QUAKED comment is not closed before %s",
                    next != NULL ? "the next /*QUAKED" : "the end of the file");
          read_class (&dp, p, stop);
          p = stop;
          continue;
        }
      read_class (&dp, p, close);
      p = close + 2;
    }
}
