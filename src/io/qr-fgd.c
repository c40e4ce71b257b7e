/* qr-fgd.c — Valve FGD entity definitions (Worldcraft, Hammer, TrenchBroom).
 *
 * The grammar, as the Valve Developer Community's "FGD" page describes it
 * (developer.valvesoftware.com/wiki/FGD), with TrenchBroom's readings
 * (common/src/io/FgdParser.cpp) where the page is silent:
 *
 *   @XClass helper(…)… = name [: "description"] [ key… ]
 *   key   name(type) [readonly] [: "label" [: default [: "description"]]] [= [ item… ]]
 *         input Name(type) [: "description"]      output Name(type) [: "description"]
 *   item  value : "label" [: default-bit] [: "description"]
 *   @include "file"
 *
 * Strings may be joined with `+` ("a" + "b"), and may span lines (long
 * descriptions do). A string still open at a line that begins with `@` and
 * a letter is taken as unterminated: the error names its opening quote and
 * the parse goes on at that `@`, so one missing quote costs one class.
 * Helpers: base(), size() with one or two corners (one: a box of that size
 * about the origin, as TrenchBroom reads it), color() in 0..255,
 * model()/studio()/studioprop()/sprite()/iconsprite()/lightprop() keep a
 * path; TrenchBroom's model({"path": …}) maps and {{ … }} switches give the
 * first "path" value, else the first plain string. Other helpers and
 * directives (@mapsize, @MaterialExclusion, @AutoVisGroup…) are skipped.
 *
 * Every error is recorded as "file:line:column: message" (1-based, columns
 * in bytes) and the parse skips to the next `@` at the start of a token.
 * A class whose keys go wrong keeps the keys read before the error. */
#include "qr-entdef-io.h"
#include "qr-escape.h"
#include "qr-scanner.h"

#include <stdarg.h>
#include <string.h>

typedef enum
{
  TOK_EOF,
  TOK_ERROR, /* already reported by the tokenizer */
  TOK_WORD,
  TOK_STRING,
  TOK_LPAREN,
  TOK_RPAREN,
  TOK_LBRACKET,
  TOK_RBRACKET,
  TOK_LBRACE,
  TOK_RBRACE,
  TOK_EQUALS,
  TOK_COLON,
  TOK_COMMA,
  TOK_PLUS, /* only before a string: "a" + "b" */
} TokType;

typedef struct
{
  TokType type;
  const char *at;   /* where it begins (a string's opening quote) */
  const char *text; /* a word, or a string's body */
  gsize len;
  bool escaped;     /* a string body holding \" */
} Token;

/* What every file of one top-level parse shares. */
typedef struct
{
  QrEntDefs *defs;
  char *top_dir;      /* the top file's folder: includes may not leave it */
  GPtrArray *reading; /* char *: the files being read, relative to top_dir, outermost first */
} Includes;

typedef struct
{
  Includes *inc;
  QrScanner s;
  const char *file; /* as messages and classes name it */
  const char *rel;  /* relative to inc->top_dir */
  Token tok;
  bool peeked;
} Parser;

static void parse_text (Includes *inc, const char *data, gsize len, const char *file, const char *rel);

/* Messages ------------------------------------------------------------- */

static void
error_at (Parser *p, const char *at, const char *format, ...) G_GNUC_PRINTF (3, 4);

static void
error_at (Parser *p, const char *at, const char *format, ...)
{
  va_list args;
  int line, column;

  va_start (args, format);
  g_autofree char *message = g_strdup_vprintf (format, args);
  va_end (args);
  qr_scanner_locate (&p->s, at, &line, &column);
  qr_entdefs_add_error (p->inc->defs, p->file, line, column, "%s", message);
}

static char *
describe (const Token *t)
{
  switch (t->type)
    {
    case TOK_EOF:
      return g_strdup ("end of file");
    case TOK_STRING:
      {
        gsize n = qr_escape_prefix_len (t->text, t->len, 24);
        g_autofree char *shown = qr_escape_dup (t->text, (gssize) n);
        return g_strdup_printf ("“\"%s%s\"”", shown, n < t->len ? "…" : "");
      }
    case TOK_WORD:
      {
        gsize n = qr_escape_prefix_len (t->text, t->len, 24);
        g_autofree char *shown = qr_escape_dup (t->text, (gssize) n);
        return g_strdup_printf ("“%s%s”", shown, n < t->len ? "…" : "");
      }
    default:
      return g_strdup_printf ("“%c”", *t->at);
    }
}

/* Tokens --------------------------------------------------------------- */

static bool
ends_word (const char *q, const char *end)
{
  switch (*q)
    {
    case '(': case ')': case '[': case ']': case '{': case '}':
    case '=': case ':': case ',': case '"':
      return true;
    case '/':
      return q + 1 < end && q[1] == '/';
    default:
      return qr_scanner_is_space (*q);
    }
}

static void
scan_string (Parser *p, Token *t)
{
  QrScanner *s = &p->s;
  const char *open = s->p, *q = open + 1, *end = s->end;

  t->escaped = false;
  for (; q < end && *q != '"'; q++)
    {
      /* As the MAP reader: \" is a quote inside, unless a line ends after it. */
      if (*q == '\\' && q + 2 < end && q[1] == '"' && q[2] != '\n' && q[2] != '\r')
        t->escaped = true, q++;
      else if (*q == '\n')
        {
          const char *r = q + 1;
          while (r < end && (*r == ' ' || *r == '\t' || *r == '\r'))
            r++;
          if (r + 1 < end && *r == '@' && g_ascii_isalpha (r[1]))
            {
              int line, column;
              qr_scanner_locate (s, r, &line, &column);
              error_at (p, open, "unterminated string (still open at the “@” on line %d)", line);
              t->type = TOK_ERROR;
              s->p = r;
              return;
            }
        }
    }
  if (q >= end)
    {
      error_at (p, open, "unterminated string (still open at the end of the file)");
      t->type = TOK_ERROR;
      s->p = end;
      return;
    }
  t->type = TOK_STRING;
  t->text = open + 1;
  t->len = (gsize) (q - open - 1);
  s->p = q + 1;
}

static void
scan (Parser *p, Token *t)
{
  QrScanner *s = &p->s;

  qr_scanner_skip_space (s);
  t->at = t->text = s->p;
  t->len = 0;
  if (s->p >= s->end)
    {
      t->type = TOK_EOF;
      return;
    }
  switch (*s->p)
    {
    case '(': t->type = TOK_LPAREN; s->p++; return;
    case ')': t->type = TOK_RPAREN; s->p++; return;
    case '[': t->type = TOK_LBRACKET; s->p++; return;
    case ']': t->type = TOK_RBRACKET; s->p++; return;
    case '{': t->type = TOK_LBRACE; s->p++; return;
    case '}': t->type = TOK_RBRACE; s->p++; return;
    case '=': t->type = TOK_EQUALS; s->p++; return;
    case ':': t->type = TOK_COLON; s->p++; return;
    case ',': t->type = TOK_COMMA; s->p++; return;
    case '"':
      scan_string (p, t);
      return;
    case '+':
      {
        const char *q = s->p + 1;
        while (q < s->end && qr_scanner_is_space (*q))
          q++;
        if (q < s->end && *q == '"')
          {
            t->type = TOK_PLUS;
            s->p++;
            return;
          }
        break; /* a signed number */
      }
    default:
      break;
    }
  const char *q = s->p + 1;
  while (q < s->end && !ends_word (q, s->end))
    q++;
  t->type = TOK_WORD;
  t->len = (gsize) (q - s->p);
  s->p = q;
}

static const Token *
peek (Parser *p)
{
  if (!p->peeked)
    {
      scan (p, &p->tok);
      p->peeked = true;
    }
  return &p->tok;
}

static Token
next (Parser *p)
{
  peek (p);
  p->peeked = false;
  return p->tok;
}

static bool
accept (Parser *p, TokType type)
{
  if (peek (p)->type != type)
    return false;
  next (p);
  return true;
}

static bool
is_directive (const Token *t)
{
  return t->type == TOK_WORD && t->text[0] == '@';
}

/* A word that can be a name: not a directive. */
static bool
is_name (const Token *t)
{
  return t->type == TOK_WORD && t->text[0] != '@';
}

static bool
word_is (const Token *t, const char *word)
{
  return t->type == TOK_WORD && strlen (word) == t->len && g_ascii_strncasecmp (t->text, word, t->len) == 0;
}

static char *
token_dup (const Token *t)
{
  if (t->type == TOK_STRING)
    return qr_scanner_unescape (t->text, t->len, t->escaped);
  return g_strndup (t->text, t->len);
}

/* "expected WHAT, found X" at the next token; false, for returning. A
 * tokenizer error has been reported already. */
static bool
expected (Parser *p, const char *what)
{
  const Token *t = peek (p);
  if (t->type == TOK_ERROR)
    return false;
  g_autofree char *found = describe (t);
  error_at (p, t->at, "expected %s, found %s", what, found);
  return false;
}

static bool
expect (Parser *p, TokType type, const char *what)
{
  return accept (p, type) || expected (p, what);
}

/* The list or helper opened at `open` reaches the end or the next declaration. */
static bool
unclosed (Parser *p, const Token *open, const char *closer)
{
  int line, column;
  qr_scanner_locate (&p->s, open->at, &line, &column);
  g_autofree char *what = g_strdup_printf ("“%s” to close the “%c” at %d:%d", closer, *open->at, line, column);
  return expected (p, what);
}

/* A string, with any `+ "…"` continuations joined to it. */
static bool
parse_string (Parser *p, char **out)
{
  if (peek (p)->type != TOK_STRING)
    return expected (p, "a string in quotes");
  Token t = next (p);
  GString *joined = g_string_new (NULL);
  g_autofree char *first = token_dup (&t);
  g_string_append (joined, first);
  while (accept (p, TOK_PLUS))
    {
      if (peek (p)->type != TOK_STRING)
        {
          g_string_free (joined, TRUE);
          return expected (p, "a string in quotes after “+”");
        }
      t = next (p);
      g_autofree char *more = token_dup (&t);
      g_string_append (joined, more);
    }
  *out = g_string_free (joined, FALSE);
  return true;
}

/* An optional string: *out stays NULL when it is empty or absent. */
static bool
parse_optional_string (Parser *p, char **out)
{
  if (peek (p)->type != TOK_STRING)
    return true;
  g_autofree char *s = NULL;
  if (!parse_string (p, &s))
    return false;
  g_free (*out);
  *out = *s != '\0' ? g_steal_pointer (&s) : NULL;
  return true;
}

/* Numbers -------------------------------------------------------------- */

/* Decimal, as the files write them: sign, digits, point, exponent. */
static bool
is_number_text (const char *t, gsize len)
{
  gsize i = 0;
  bool digits = false;

  if (i < len && (t[i] == '-' || t[i] == '+'))
    i++;
  for (; i < len && g_ascii_isdigit (t[i]); i++)
    digits = true;
  if (i < len && t[i] == '.')
    for (i++; i < len && g_ascii_isdigit (t[i]); i++)
      digits = true;
  if (digits && i + 1 < len && (t[i] == 'e' || t[i] == 'E'))
    {
      gsize j = i + 1;
      if (j < len && (t[j] == '-' || t[j] == '+'))
        j++;
      if (j < len && g_ascii_isdigit (t[j]))
        {
          while (j < len && g_ascii_isdigit (t[j]))
            j++;
          i = j;
        }
    }
  return digits && i == len;
}

static bool
is_digits (const Token *t)
{
  if (t->type != TOK_WORD)
    return false;
  for (gsize i = 0; i < t->len; i++)
    if (!g_ascii_isdigit (t->text[i]))
      return false;
  return true;
}

/* Whether a word is meant as a number (a digit, or a sign or point and a digit). */
static bool
looks_numeric (const Token *t)
{
  const char *s = t->text;
  gsize n = t->len;
  if (t->type != TOK_WORD || n == 0)
    return false;
  if (*s == '-' || *s == '+')
    s++, n--;
  if (n > 0 && *s == '.')
    s++, n--;
  return n > 0 && g_ascii_isdigit (*s);
}

static bool
parse_number (Parser *p, double *out)
{
  const Token *t = peek (p);
  if (t->type != TOK_WORD || !is_number_text (t->text, t->len))
    return expected (p, "a number");
  g_autofree char *text = token_dup (t);
  *out = g_ascii_strtod (text, NULL);
  next (p);
  return true;
}

static bool
parse_vector (Parser *p, QrVec3 *v)
{
  return parse_number (p, &v->x) && parse_number (p, &v->y) && parse_number (p, &v->z);
}

/* Class headers -------------------------------------------------------- */

typedef struct
{
  GPtrArray *bases; /* char *, owned */
  bool has_color;
  double color[3];
  bool has_size;
  QrBounds size;
  char *model;
} Header;

static bool
parse_bases (Parser *p, Header *h)
{
  if (!expect (p, TOK_LPAREN, "“(”"))
    return false;
  if (accept (p, TOK_RPAREN))
    return true;
  do
    {
      if (!is_name (peek (p)))
        return expected (p, "a base class name");
      Token t = next (p);
      g_ptr_array_add (h->bases, token_dup (&t));
    }
  while (accept (p, TOK_COMMA));
  return expect (p, TOK_RPAREN, "“,” or “)”");
}

static bool
parse_size (Parser *p, Header *h)
{
  QrVec3 a, b;
  if (!expect (p, TOK_LPAREN, "“(”") || !parse_vector (p, &a))
    return false;
  if (accept (p, TOK_COMMA))
    {
      if (!parse_vector (p, &b))
        return false;
    }
  else
    {
      b = qr_vec3 (a.x / 2, a.y / 2, a.z / 2);
      a = qr_vec3 (-b.x, -b.y, -b.z);
    }
  if (!expect (p, TOK_RPAREN, "“)”"))
    return false;
  h->has_size = true;
  h->size.min = qr_vec3 (MIN (a.x, b.x), MIN (a.y, b.y), MIN (a.z, b.z));
  h->size.max = qr_vec3 (MAX (a.x, b.x), MAX (a.y, b.y), MAX (a.z, b.z));
  return true;
}

static bool
parse_color (Parser *p, Header *h)
{
  double c[3];
  if (!expect (p, TOK_LPAREN, "“(”"))
    return false;
  for (int i = 0; i < 3; i++)
    if (!parse_number (p, &c[i]))
      return false;
  if (!expect (p, TOK_RPAREN, "“)”"))
    return false;
  h->has_color = true;
  for (int i = 0; i < 3; i++)
    h->color[i] = CLAMP (c[i] / 255.0, 0.0, 1.0);
  return true;
}

/* From "(" to its ")", over nested parentheses and braces. With `model`,
 * keeps the first "path" value, else the first string that is not a key. */
static bool
parse_arguments (Parser *p, char **model)
{
  const Token open = *peek (p);
  if (!expect (p, TOK_LPAREN, "“(”"))
    return false;
  g_autofree char *path = NULL, *plain = NULL;
  for (int depth = 1; depth > 0;)
    {
      const Token *t = peek (p);
      if (t->type == TOK_EOF || is_directive (t))
        return unclosed (p, &open, ")");
      if (t->type == TOK_ERROR)
        return false;
      Token taken = next (p);
      if (taken.type == TOK_LPAREN || taken.type == TOK_LBRACE)
        depth++;
      else if (taken.type == TOK_RPAREN || taken.type == TOK_RBRACE)
        depth--;
      else if (taken.type == TOK_STRING && model != NULL)
        {
          g_autofree char *s = token_dup (&taken);
          if (accept (p, TOK_COLON))
            {
              if (path == NULL && strcmp (s, "path") == 0 && peek (p)->type == TOK_STRING)
                {
                  Token value = next (p);
                  path = token_dup (&value);
                }
            }
          else if (plain == NULL)
            plain = g_steal_pointer (&s);
        }
    }
  if (model != NULL && *model == NULL && (path != NULL || plain != NULL))
    *model = path != NULL ? g_steal_pointer (&path) : g_steal_pointer (&plain);
  return true;
}

static bool
parse_helper (Parser *p, const Token *name, Header *h)
{
  if (word_is (name, "base"))
    return parse_bases (p, h);
  if (word_is (name, "size"))
    return parse_size (p, h);
  if (word_is (name, "color"))
    return parse_color (p, h);
  if (peek (p)->type != TOK_LPAREN)
    return true; /* a bare flag such as Source's halfgridsnap */
  static const char *const model_helpers[] = { "model", "studio", "studioprop", "sprite", "iconsprite", "lightprop" };
  for (guint i = 0; i < G_N_ELEMENTS (model_helpers); i++)
    if (word_is (name, model_helpers[i]))
      return parse_arguments (p, &h->model);
  return parse_arguments (p, NULL);
}

/* Keys ------------------------------------------------------------------ */

/* A default: a string, or a number written bare. */
static bool
parse_default (Parser *p, char **out)
{
  const Token *t = peek (p);
  if (t->type == TOK_STRING)
    return parse_optional_string (p, out);
  if (!looks_numeric (t))
    return true; /* none: what follows is the next key */
  if (!is_number_text (t->text, t->len))
    return expected (p, "a number");
  Token taken = next (p);
  *out = token_dup (&taken);
  return true;
}

/* `= [ value : "label" [: default-bit] [: "description"] … ]` */
static bool
parse_items (Parser *p, QrPropDef *prop)
{
  const bool flags = prop->type == QR_PROP_FLAGS;
  const Token open = *peek (p);
  guint64 bits = 0;

  if (!expect (p, TOK_LBRACKET, "“[” to open the list of values"))
    return false;
  if (prop->choices == NULL)
    prop->choices = g_array_new (FALSE, TRUE, sizeof (QrPropChoice));
  for (;;)
    {
      const Token *t = peek (p);
      if (t->type == TOK_RBRACKET)
        break;
      if (t->type == TOK_EOF || is_directive (t))
        return unclosed (p, &open, "]");
      if (flags && !is_digits (t))
        return expected (p, "a flag's bit (a whole number) or “]”");
      if (t->type != TOK_WORD && t->type != TOK_STRING)
        return expected (p, "a value or “]”");
      Token value_token = next (p);
      g_autofree char *value = token_dup (&value_token);
      g_autofree char *label = NULL;
      bool on = false;
      if (!expect (p, TOK_COLON, "“:” and the value's label") || !parse_string (p, &label))
        return false;
      if (accept (p, TOK_COLON))
        {
          g_autofree char *ignored = NULL;
          double d;
          if (peek (p)->type == TOK_STRING)
            {
              if (!parse_string (p, &ignored))
                return false;
            }
          else if (!parse_number (p, &d))
            return false;
          else
            on = d != 0;
          if (accept (p, TOK_COLON) && !parse_optional_string (p, &ignored))
            return false;
        }
      qr_prop_add_choice (prop, value, label, flags && on);
      if (flags && on)
        bits |= g_ascii_strtoull (value, NULL, 10);
    }
  next (p);
  /* The bits on by default make the key's default, as Hammer fills in a new entity's flags. */
  if (flags && bits != 0 && prop->default_value == NULL)
    prop->default_value = g_strdup_printf ("%" G_GUINT64_FORMAT, bits);
  return true;
}

/* `input Name(type) [: "description"]`, after the keyword. */
static bool
parse_io (Parser *p, QrEntClass *cls, bool input)
{
  Token name = next (p);
  if (!expect (p, TOK_LPAREN, "“(” and the parameter's type"))
    return false;
  if (!is_name (peek (p)))
    return expected (p, "the parameter's type");
  Token type = next (p);
  if (!expect (p, TOK_RPAREN, "“)”"))
    return false;
  g_autofree char *description = NULL;
  if (accept (p, TOK_COLON) && !parse_optional_string (p, &description))
    return false;
  g_autofree char *name_text = token_dup (&name), *type_text = token_dup (&type);
  if (input)
    qr_entclass_add_input (cls, name_text, type_text, description);
  else
    qr_entclass_add_output (cls, name_text, type_text, description);
  return true;
}

static bool
parse_key (Parser *p, QrEntClass *cls)
{
  Token name = next (p);
  if ((word_is (&name, "input") || word_is (&name, "output")) && is_name (peek (p)))
    return parse_io (p, cls, word_is (&name, "input"));
  if (!expect (p, TOK_LPAREN, "“(” and the key's type"))
    return false;
  if (!is_name (peek (p)))
    return expected (p, "the key's type");
  Token type = next (p);
  if (!expect (p, TOK_RPAREN, "“)”"))
    return false;

  g_autofree char *key = token_dup (&name), *type_name = token_dup (&type);
  QrPropDef *prop = qr_entclass_add_prop (cls, key, qr_prop_type_from_name (type_name), type_name);
  /* `report` (newer Hammer) marks a key shown in the entity report. */
  for (const Token *t = peek (p); word_is (t, "readonly") || word_is (t, "report"); t = peek (p))
    {
      if (word_is (t, "readonly"))
        prop->read_only = true;
      next (p);
    }
  if (accept (p, TOK_COLON))
    {
      if (!parse_optional_string (p, &prop->label))
        return false;
      if (accept (p, TOK_COLON))
        {
          if (!parse_default (p, &prop->default_value))
            return false;
          if (accept (p, TOK_COLON) && !parse_optional_string (p, &prop->description))
            return false;
        }
    }
  if (accept (p, TOK_EQUALS))
    return parse_items (p, prop);
  return true;
}

/* Classes and directives ------------------------------------------------ */

static void
header_clear (Header *h)
{
  g_clear_pointer (&h->bases, g_ptr_array_unref);
  g_clear_pointer (&h->model, g_free);
}

static bool
parse_class (Parser *p, const Token *directive, QrEntClassKind kind)
{
  Header h = { .bases = g_ptr_array_new_with_free_func (g_free) };
  g_autofree char *name = NULL, *description = NULL;
  bool ok = false;

  for (;;)
    {
      const Token *t = peek (p);
      if (t->type == TOK_EQUALS)
        break;
      if (!is_name (t))
        {
          expected (p, "a helper such as base(…), or “=” and the class name");
          goto out;
        }
      Token helper = next (p);
      if (!parse_helper (p, &helper, &h))
        goto out;
    }
  next (p);
  if (!is_name (peek (p)))
    {
      expected (p, "the class name");
      goto out;
    }
  Token name_token = next (p);
  name = token_dup (&name_token);
  if (accept (p, TOK_COLON) && !parse_optional_string (p, &description))
    goto out;

  int line, column;
  qr_scanner_locate (&p->s, directive->at, &line, &column);
  QrEntClass *cls = qr_entdefs_add_class (p->inc->defs, name, kind, p->file, line);
  if (description != NULL)
    cls->description = g_strdup (g_strstrip (description));
  for (guint i = 0; i < h.bases->len; i++)
    g_ptr_array_add (cls->bases, g_strdup (g_ptr_array_index (h.bases, i)));
  cls->has_color = h.has_color;
  memcpy (cls->color, h.color, sizeof cls->color);
  cls->has_size = h.has_size;
  cls->size = h.size;
  cls->model = g_steal_pointer (&h.model);

  const Token open = *peek (p);
  if (!expect (p, TOK_LBRACKET, "“[” to open the class's keys"))
    goto out;
  for (;;)
    {
      const Token *t = peek (p);
      if (t->type == TOK_RBRACKET)
        break;
      if (t->type == TOK_EOF || is_directive (t))
        {
          unclosed (p, &open, "]");
          goto out;
        }
      if (!is_name (t))
        {
          expected (p, "a key or “]”");
          goto out;
        }
      if (!parse_key (p, cls))
        goto out;
    }
  next (p);
  ok = true;
out:
  header_clear (&h);
  return ok;
}

/* `name` joined to the folder `dir`, both relative to the top file's folder,
 * normalised; NULL when the result leaves that folder or `name` is absolute. */
static char *
join_inside (const char *dir, const char *name)
{
  if (name[0] == '/' || name[0] == '\\' || (g_ascii_isalpha (name[0]) && name[1] == ':'))
    return NULL;
  g_autofree char *joined = g_strconcat (dir, "/", name, NULL);
  g_strdelimit (joined, "\\", '/'); /* Windows FGDs write backslashes */
  g_auto (GStrv) parts = g_strsplit (joined, "/", -1);
  g_autoptr (GPtrArray) kept = g_ptr_array_new ();
  for (char **part = parts; *part != NULL; part++)
    {
      if (**part == '\0' || strcmp (*part, ".") == 0)
        continue;
      if (strcmp (*part, "..") == 0)
        {
          if (kept->len == 0)
            return NULL;
          g_ptr_array_set_size (kept, kept->len - 1);
        }
      else
        g_ptr_array_add (kept, *part);
    }
  g_ptr_array_add (kept, NULL);
  return g_strjoinv ("/", (char **) kept->pdata);
}

static bool
parse_include (Parser *p, const Token *directive)
{
  if (peek (p)->type != TOK_STRING)
    return expected (p, "the included file's name in quotes");
  Token name_token = next (p);
  g_autofree char *name = token_dup (&name_token);
  g_autofree char *dir = g_path_get_dirname (p->rel);
  g_autofree char *rel = join_inside (dir, name);
  g_autofree char *shown = qr_escape_dup (name, -1);
  if (rel == NULL)
    {
      error_at (p, directive->at, "@include “%s” leaves the folder of %s; skipped", shown,
                (const char *) g_ptr_array_index (p->inc->reading, 0));
      return true;
    }
  for (guint i = 0; i < p->inc->reading->len; i++)
    if (strcmp (g_ptr_array_index (p->inc->reading, i), rel) == 0)
      {
        error_at (p, directive->at, "@include “%s”: that file is being read already (an include cycle); skipped",
                  shown);
        return true;
      }

  g_autofree char *file = strcmp (p->inc->top_dir, ".") == 0 ? g_strdup (rel)
                                                              : g_build_filename (p->inc->top_dir, rel, NULL);
  g_autofree char *data = NULL;
  gsize len = 0;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (file, &data, &len, &error))
    {
      error_at (p, directive->at, "@include “%s”: %s", shown, error->message);
      return true;
    }
  g_ptr_array_add (p->inc->reading, g_strdup (rel));
  parse_text (p->inc, data, len, file, rel);
  g_ptr_array_set_size (p->inc->reading, p->inc->reading->len - 1);
  return true;
}

static bool
ends_with_class (const Token *t)
{
  return t->len >= 5 && g_ascii_strncasecmp (t->text + t->len - 5, "class", 5) == 0;
}

static const struct
{
  const char *name;
  QrEntClassKind kind;
} class_kinds[] = {
  { "@BaseClass", QR_ENTCLASS_BASE },
  { "@PointClass", QR_ENTCLASS_POINT },
  { "@SolidClass", QR_ENTCLASS_SOLID },
  /* Source's special point classes: Hammer places them as point entities. */
  { "@NPCClass", QR_ENTCLASS_POINT },
  { "@KeyFrameClass", QR_ENTCLASS_POINT },
  { "@MoveClass", QR_ENTCLASS_POINT },
  { "@FilterClass", QR_ENTCLASS_POINT },
};

static void
skip_to_directive (Parser *p)
{
  for (const Token *t = peek (p); t->type != TOK_EOF && !is_directive (t); t = peek (p))
    next (p);
}

/* After its `@` word. False when the rest up to the next `@` must be skipped. */
static bool
parse_directive (Parser *p, const Token *directive)
{
  if (word_is (directive, "@include"))
    return parse_include (p, directive);
  for (guint i = 0; i < G_N_ELEMENTS (class_kinds); i++)
    if (word_is (directive, class_kinds[i].name))
      return parse_class (p, directive, class_kinds[i].kind);
  if (ends_with_class (directive))
    {
      g_autofree char *found = describe (directive);
      error_at (p, directive->at, "unknown kind of class %s; skipped", found);
    }
  /* @mapsize(…), @MaterialExclusion [ … ], @AutoVisGroup = … [ … ]: nothing
   * the editor uses. */
  return false;
}

static void
parse_text (Includes *inc, const char *data, gsize len, const char *file, const char *rel)
{
  Parser p = { .inc = inc, .file = file, .rel = rel };
  qr_scanner_init (&p.s, data, len, file);

  for (const Token *t = peek (&p); t->type != TOK_EOF; t = peek (&p))
    {
      Token taken = next (&p);
      if (is_directive (&taken))
        {
          if (!parse_directive (&p, &taken))
            skip_to_directive (&p);
          continue;
        }
      if (taken.type != TOK_ERROR)
        {
          g_autofree char *found = describe (&taken);
          error_at (&p, taken.at, "expected a declaration such as @PointClass, found %s", found);
        }
      skip_to_directive (&p);
    }
}

void
qr_fgd_parse (QrEntDefs *defs, const char *data, gsize len, const char *path)
{
  g_return_if_fail (defs != NULL);
  g_return_if_fail (data != NULL || len == 0);
  g_return_if_fail (path != NULL);

  Includes inc = {
    .defs = defs,
    .top_dir = g_path_get_dirname (path),
    .reading = g_ptr_array_new_with_free_func (g_free),
  };
  g_ptr_array_add (inc.reading, g_path_get_basename (path));
  parse_text (&inc, data != NULL ? data : "", len, path, g_ptr_array_index (inc.reading, 0));
  g_ptr_array_unref (inc.reading);
  g_free (inc.top_dir);
}
