/* qr-vmt.c — a KeyValues reader that keeps only what texture lookup needs.
 *
 * Blocks are tracked on an explicit stack rather than by recursion, so a file
 * of a million nested blocks is an error message, not a stack overflow.
 */
#include "qr-vmt.h"

#include <stdbool.h>
#include <string.h>

#include "qr-image.h"

typedef enum
{
  TOKEN_END,
  TOKEN_STRING,    /* quoted or bare */
  TOKEN_OPEN,      /* { */
  TOKEN_CLOSE,     /* } */
  TOKEN_CONDITION, /* [$X360] */
} TokenKind;

typedef struct
{
  TokenKind kind;
  const char *at;   /* where the token begins (its quote or bracket) */
  const char *text; /* a string's or condition's text, without delimiters */
  gsize len;
} Token;

typedef struct
{
  const char *start, *p, *end;
  const char *filename;
} Lexer;

/* What a block means to texture lookup. */
typedef enum
{
  ROLE_OTHER,
  ROLE_MATERIAL, /* a shader's own block: its $basetexture counts */
  ROLE_PATCH,    /* a patch's block: its include counts */
  ROLE_OVERRIDE, /* a patch's insert or replace block: its $basetexture counts */
} BlockRole;

typedef struct
{
  BlockRole role;
  Token name;
  const char *opened_at; /* its '{' */
} Block;

typedef struct
{
  char *base_texture;  /* owned */
  char *base_texture2; /* owned: a blend material's second layer */
  char *include;       /* owned */
} Material;

static void
locate (const Lexer *lx, const char *at, int *line, int *column)
{
  const char *line_start = lx->start;

  *line = 1;
  for (const char *q = lx->start; q < at; q++)
    if (*q == '\n')
      {
        (*line)++;
        line_start = q + 1;
      }
  *column = (int) (at - line_start) + 1;
}

static bool
fail_at (const Lexer *lx, const char *at, GError **error, const char *fmt, ...) G_GNUC_PRINTF (4, 5);

static bool
fail_at (const Lexer *lx, const char *at, GError **error, const char *fmt, ...)
{
  va_list args;
  g_autofree char *msg = NULL;
  int line, column;

  va_start (args, fmt);
  msg = g_strdup_vprintf (fmt, args);
  va_end (args);
  locate (lx, at, &line, &column);
  g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT, "%s:%d:%d: %s", lx->filename, line, column, msg);
  return false;
}

/* A token for messages: `'{'`, `end of file`, or the string quoted and
 * escaped (cut at 24 bytes). */
static char *
describe (const Token *t)
{
  switch (t->kind)
    {
    case TOKEN_END:
      return g_strdup ("end of file");
    case TOKEN_OPEN:
      return g_strdup ("'{'");
    case TOKEN_CLOSE:
      return g_strdup ("'}'");
    case TOKEN_STRING:
    case TOKEN_CONDITION:
    default:
      {
        g_autofree char *cut = g_strndup (t->text, MIN (t->len, 24));
        g_autofree char *shown = g_strescape (cut, NULL);
        return g_strdup_printf (t->kind == TOKEN_STRING ? "\"%s\"%s" : "condition [%s]%s", shown,
                                t->len > 24 ? "…" : "");
      }
    }
}

static inline bool
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool
next_token (Lexer *lx, Token *t, GError **error)
{
  for (;;)
    {
      while (lx->p < lx->end && is_space (*lx->p))
        lx->p++;
      if (lx->end - lx->p >= 2 && lx->p[0] == '/' && lx->p[1] == '/')
        {
          while (lx->p < lx->end && *lx->p != '\n')
            lx->p++;
          continue;
        }
      break;
    }

  *t = (Token) { .at = lx->p };
  if (lx->p >= lx->end)
    {
      t->kind = TOKEN_END;
      return true;
    }

  const char *q;
  switch (*lx->p)
    {
    case '{':
      t->kind = TOKEN_OPEN;
      lx->p++;
      return true;
    case '}':
      t->kind = TOKEN_CLOSE;
      lx->p++;
      return true;
    case '"':
    case '[':
      {
        /* No escapes: material paths are written with backslashes. */
        char close = *lx->p == '"' ? '"' : ']';
        t->kind = close == '"' ? TOKEN_STRING : TOKEN_CONDITION;
        t->text = lx->p + 1;
        q = memchr (t->text, close, (gsize) (lx->end - t->text));
        if (q == NULL)
          return fail_at (lx, t->at, error, close == '"' ? "unterminated quoted string"
                                                         : "unterminated condition (no ']')");
        t->len = (gsize) (q - t->text);
        lx->p = q + 1;
        break;
      }
    default:
      t->kind = TOKEN_STRING;
      t->text = lx->p;
      /* A bare token also ends where a comment begins. */
      for (q = lx->p; q < lx->end && !is_space (*q) && *q != '"' && *q != '{' && *q != '}'
                      && !(*q == '/' && q + 1 < lx->end && q[1] == '/');
           q++)
        ;
      t->len = (gsize) (q - t->text);
      lx->p = q;
      break;
    }

  if (memchr (t->text, '\0', t->len) != NULL)
    return fail_at (lx, (const char *) memchr (t->text, '\0', t->len), error, "unexpected byte 0x00");
  return true;
}

static bool
token_is (const Token *t, const char *word)
{
  return t->kind == TOKEN_STRING && t->len == strlen (word) && g_ascii_strncasecmp (t->text, word, t->len) == 0;
}

/* One term of a condition: `$NAME` or `!$NAME`, true on a Windows PC. */
static bool
condition_term (const char *term)
{
  bool negate = false, holds;

  while (is_space (*term))
    term++;
  if (*term == '!')
    {
      negate = true;
      term++;
    }
  g_autofree char *name = g_strstrip (g_strdup (term));
  holds = g_ascii_strcasecmp (name, "$WIN32") == 0 || g_ascii_strcasecmp (name, "$WINDOWS") == 0;
  return holds != negate;
}

/* `[$A || !$B && $C]`: || of && of terms, as KeyValues evaluates them. */
static bool
condition_holds (const Token *t)
{
  g_autofree char *text = g_strndup (t->text, t->len);
  g_auto (GStrv) alternatives = g_strsplit (text, "||", -1);

  for (char **alt = alternatives; *alt != NULL; alt++)
    {
      g_auto (GStrv) terms = g_strsplit (*alt, "&&", -1);
      bool all = true;
      for (char **term = terms; *term != NULL && all; term++)
        all = condition_term (*term);
      if (all)
        return true;
    }
  return false;
}

/* Backslashes to '/', runs of slashes to one, no leading slash; then
 * without `strip_suffix` (case-insensitive). NULL when nothing is left. */
static char *
normalise_path (const Token *value, const char *strip_suffix)
{
  GString *path = g_string_sized_new (value->len);

  for (gsize i = 0; i < value->len; i++)
    {
      char c = value->text[i] == '\\' ? '/' : value->text[i];
      if (c == '/' && (path->len == 0 || path->str[path->len - 1] == '/'))
        continue;
      g_string_append_c (path, c);
    }
  gsize suffix = strip_suffix != NULL ? strlen (strip_suffix) : 0;
  if (suffix > 0 && path->len >= suffix
      && g_ascii_strcasecmp (path->str + path->len - suffix, strip_suffix) == 0)
    g_string_truncate (path, path->len - suffix);
  if (path->len == 0)
    {
      g_string_free (path, TRUE);
      return NULL;
    }
  return g_string_free (path, FALSE);
}

static void
assign (Material *m, BlockRole role, const Token *key, const Token *value)
{
  char **slot = NULL;
  const char *suffix = NULL;

  if ((role == ROLE_MATERIAL || role == ROLE_OVERRIDE) && token_is (key, "$basetexture"))
    {
      slot = &m->base_texture;
      suffix = ".vtf";
    }
  else if ((role == ROLE_MATERIAL || role == ROLE_OVERRIDE) && token_is (key, "$basetexture2"))
    {
      slot = &m->base_texture2;
      suffix = ".vtf";
    }
  else if (role == ROLE_PATCH && token_is (key, "include"))
    slot = &m->include;
  if (slot == NULL)
    return;
  g_free (*slot);
  *slot = normalise_path (value, suffix);
}

static BlockRole
child_role (BlockRole parent, const Token *name)
{
  if (parent == ROLE_PATCH && (token_is (name, "insert") || token_is (name, "replace")))
    return ROLE_OVERRIDE;
  return ROLE_OTHER;
}

static bool
parse_material (Lexer *lx, Material *m, GError **error)
{
  g_autoptr (GArray) blocks = g_array_new (FALSE, FALSE, sizeof (Block));
  bool first_root = true;
  Token t;

  if (!next_token (lx, &t, error))
    return false;
  if (t.kind == TOKEN_END)
    return fail_at (lx, t.at, error, "expected a shader name, found end of file");

  /* KeyValues text may hold several roots; a material is the first. */
  while (t.kind != TOKEN_END)
    {
      Token name = t;
      g_autofree char *found = NULL;
      if (name.kind != TOKEN_STRING)
        {
          found = describe (&name);
          return fail_at (lx, name.at, error, "expected a shader name, found %s", found);
        }
      if (!next_token (lx, &t, error))
        return false;
      if (t.kind == TOKEN_CONDITION && !next_token (lx, &t, error))
        return false;
      if (t.kind != TOKEN_OPEN)
        {
          g_autofree char *shown = describe (&name);
          found = describe (&t);
          return fail_at (lx, t.at, error, "expected '{' after the shader name %s, found %s", shown, found);
        }
      BlockRole role = !first_root ? ROLE_OTHER : token_is (&name, "patch") ? ROLE_PATCH : ROLE_MATERIAL;
      g_array_append_val (blocks, ((Block) { role, name, t.at }));
      first_root = false;

      while (blocks->len > 0)
        {
          Block *top = &g_array_index (blocks, Block, blocks->len - 1);
          Token key, value;

          if (!next_token (lx, &key, error))
            return false;
          if (key.kind == TOKEN_CLOSE)
            {
              g_array_set_size (blocks, blocks->len - 1);
              continue;
            }
          if (key.kind != TOKEN_STRING)
            {
              int line, column;
              g_autofree char *block_name = describe (&top->name);
              locate (lx, top->opened_at, &line, &column);
              found = describe (&key);
              return fail_at (lx, key.at, error, "expected a key or '}' in the block %s opened at %d:%d, found %s",
                              block_name, line, column, found);
            }
          if (!next_token (lx, &value, error))
            return false;
          if (value.kind == TOKEN_CONDITION)
            {
              /* `"key" [$X360] { … }` conditions a block; a bracketed
               * value not followed by a block is a value: `$color [1 1 1]`
               * reads as far as KeyValues reads it. */
              Lexer after_condition = *lx;
              Token brace;
              if (!next_token (&after_condition, &brace, error))
                return false;
              if (brace.kind == TOKEN_OPEN)
                {
                  value = brace;
                  *lx = after_condition;
                }
              else
                {
                  value.kind = TOKEN_STRING;
                  value.text--;
                  value.len += 2;
                }
            }
          if (value.kind == TOKEN_OPEN)
            {
              g_array_append_val (blocks, ((Block) { child_role (top->role, &key), key, value.at }));
              continue;
            }
          if (value.kind != TOKEN_STRING)
            {
              g_autofree char *shown = describe (&key);
              found = describe (&value);
              return fail_at (lx, value.at, error, "expected a value or '{' after the key %s, found %s", shown,
                              found);
            }

          /* A condition after the value decides whether the pair counts. */
          Lexer after_value = *lx;
          if (!next_token (&after_value, &t, error))
            return false;
          bool holds = true;
          if (t.kind == TOKEN_CONDITION)
            {
              holds = condition_holds (&t);
              *lx = after_value;
            }
          if (holds)
            assign (m, top->role, &key, &value);
        }
      if (!next_token (lx, &t, error))
        return false;
    }
  return true;
}

static bool
read_material (const char *text, gsize len, const char *filename, Material *m, GError **error)
{
  Lexer lx = { .start = text, .p = text, .end = text + len, .filename = filename };

  if (parse_material (&lx, m, error))
    return true;
  g_clear_pointer (&m->base_texture, g_free);
  g_clear_pointer (&m->base_texture2, g_free);
  g_clear_pointer (&m->include, g_free);
  return false;
}

/* The material's first or second base texture: both read the same way. */
static char *
base_texture_of (const char *text, gsize len, const char *filename, int layer, GError **error)
{
  Material m = { 0 };

  g_return_val_if_fail (text != NULL || len == 0, NULL);
  g_return_val_if_fail (filename != NULL, NULL);

  if (!read_material (text, len, filename, &m, error))
    return NULL;
  g_free (m.include);
  if (layer == 2)
    {
      g_free (m.base_texture);
      return m.base_texture2;
    }
  g_free (m.base_texture2);
  return m.base_texture;
}

char *
qr_vmt_base_texture (const char *text, gsize len, const char *filename, GError **error)
{
  return base_texture_of (text, len, filename, 1, error);
}

char *
qr_vmt_base_texture2 (const char *text, gsize len, const char *filename, GError **error)
{
  return base_texture_of (text, len, filename, 2, error);
}

char *
qr_vmt_include (const char *text, gsize len, const char *filename, GError **error)
{
  Material m = { 0 };

  g_return_val_if_fail (text != NULL || len == 0, NULL);
  g_return_val_if_fail (filename != NULL, NULL);

  if (!read_material (text, len, filename, &m, error))
    return NULL;
  g_free (m.base_texture);
  g_free (m.base_texture2);
  return m.include;
}
