/* qr-shader.c — a tolerant reader of Quake 3 shader scripts. */
#include "qr-shader.h"

#include "qr-image.h"

#include <string.h>

typedef struct
{
  char *name;         /* owned */
  char *editor_image; /* owned, NULL when none */
} Shader;

struct _QrShaderScript
{
  GArray *shaders;     /* Shader */
  GHashTable *by_name; /* normalised name (owned) → index + 1 */
};

typedef enum
{
  TOKEN_END,
  TOKEN_OPEN,
  TOKEN_CLOSE,
  TOKEN_WORD,
} TokenKind;

typedef struct
{
  TokenKind kind;
  const char *text; /* TOKEN_WORD: not terminated */
  gsize len;
  int line, column;  /* 1-based; the column counts bytes */
  bool new_line;     /* a line break since the previous token */
} Token;

typedef struct
{
  const char *p, *end, *line_start;
  int line;
  Token pushed;
  bool has_pushed;
} Scanner;

static void
shader_clear (gpointer p)
{
  Shader *shader = p;

  g_free (shader->name);
  g_free (shader->editor_image);
}

void
qr_shader_script_free (QrShaderScript *script)
{
  if (script == NULL)
    return;
  g_array_unref (script->shaders);
  g_hash_table_unref (script->by_name);
  g_free (script);
}

static char *
normalise_name (const char *name, gssize len)
{
  char *key = g_ascii_strdown (name, len);

  g_strdelimit (key, "\\", '/');
  return key;
}

static void
scanner_newline (Scanner *s)
{
  s->line++;
  s->line_start = s->p;
}

static Token
scanner_next (Scanner *s)
{
  Token t = { 0 };

  if (s->has_pushed)
    {
      s->has_pushed = false;
      return s->pushed;
    }
  for (;;)
    {
      while (s->p < s->end && g_ascii_isspace (*s->p))
        {
          t.new_line |= *s->p == '\n';
          s->p++;
          if (s->p[-1] == '\n')
            scanner_newline (s);
        }
      if (s->end - s->p >= 2 && s->p[0] == '/' && s->p[1] == '/')
        {
          while (s->p < s->end && *s->p != '\n')
            s->p++;
          continue;
        }
      if (s->end - s->p >= 2 && s->p[0] == '/' && s->p[1] == '*')
        {
          /* An unterminated block comment runs to the end, as in Quake 3. */
          s->p += 2;
          while (s->p < s->end && !(s->end - s->p >= 2 && s->p[0] == '*' && s->p[1] == '/'))
            {
              s->p++;
              if (s->p[-1] == '\n')
                {
                  t.new_line = true;
                  scanner_newline (s);
                }
            }
          s->p = MIN (s->p + 2, s->end);
          continue;
        }
      break;
    }
  t.line = s->line;
  t.column = (int) (s->p - s->line_start) + 1;
  if (s->p >= s->end)
    {
      t.kind = TOKEN_END;
      return t;
    }
  if (*s->p == '"')
    {
      /* A quoted word ends at its quote or, unclosed, at the line's end. */
      const char *start = ++s->p;
      while (s->p < s->end && *s->p != '"' && *s->p != '\n')
        s->p++;
      t.kind = TOKEN_WORD;
      t.text = start;
      t.len = (gsize) (s->p - start);
      if (s->p < s->end && *s->p == '"')
        s->p++;
      return t;
    }
  t.text = s->p;
  while (s->p < s->end && !g_ascii_isspace (*s->p))
    s->p++;
  t.len = (gsize) (s->p - t.text);
  if (t.len == 1 && (t.text[0] == '{' || t.text[0] == '}'))
    t.kind = t.text[0] == '{' ? TOKEN_OPEN : TOKEN_CLOSE;
  else
    t.kind = TOKEN_WORD;
  return t;
}

QrShaderScript *
qr_shader_script_parse (const char *text, gsize len, const char *filename, GError **error)
{
  g_autoptr (QrShaderScript) script = g_new0 (QrShaderScript, 1);
  Scanner s = { .p = text, .end = text + len, .line_start = text, .line = 1 };
  Token name = { 0 }, open = { 0 };
  Shader *current = NULL;
  int depth = 0;

  g_return_val_if_fail (text != NULL || len == 0, NULL);
  g_return_val_if_fail (filename != NULL, NULL);

  script->shaders = g_array_new (FALSE, TRUE, sizeof (Shader));
  g_array_set_clear_func (script->shaders, shader_clear);
  script->by_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (;;)
    {
      Token t = scanner_next (&s);

      if (t.kind == TOKEN_END)
        break;
      if (depth == 0)
        {
          if (t.kind == TOKEN_WORD)
            name = t; /* stray words before a name are skipped */
          else if (t.kind == TOKEN_CLOSE)
            {
              g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                           "%s:%d:%d: “}” closes no shader", filename, t.line, t.column);
              return NULL;
            }
          else if (name.kind != TOKEN_WORD)
            {
              g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                           "%s:%d:%d: “{” with no shader name before it", filename, t.line, t.column);
              return NULL;
            }
          else
            {
              Shader shader = { g_strndup (name.text, name.len), NULL };
              char *key = normalise_name (name.text, (gssize) name.len);

              if (!g_hash_table_contains (script->by_name, key))
                g_hash_table_insert (script->by_name, key, GUINT_TO_POINTER (script->shaders->len + 1));
              else
                g_free (key);
              g_array_append_val (script->shaders, shader);
              current = &g_array_index (script->shaders, Shader, script->shaders->len - 1);
              open = t;
              name.kind = TOKEN_END;
              depth = 1;
            }
          continue;
        }
      if (t.kind == TOKEN_OPEN)
        depth++;
      else if (t.kind == TOKEN_CLOSE)
        depth--;
      else if (depth == 1 && t.len == strlen ("qer_editorimage")
               && g_ascii_strncasecmp (t.text, "qer_editorimage", t.len) == 0)
        {
          Token arg = scanner_next (&s);

          if (arg.kind == TOKEN_WORD && !arg.new_line)
            {
              if (current->editor_image == NULL)
                current->editor_image = g_strndup (arg.text, arg.len);
            }
          else
            {
              s.pushed = arg;
              s.has_pushed = true;
            }
        }
    }
  if (depth > 0)
    {
      /* The name is the script's bytes; GTK labels need valid UTF-8
       * (found by fuzz-shader). */
      g_autofree char *shown = g_utf8_make_valid (current->name, -1);

      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
                   "%s:%d:%d: the “{” of shader “%s” is not closed before the end of the file",
                   filename, open.line, open.column, shown);
      return NULL;
    }
  return g_steal_pointer (&script);
}

guint
qr_shader_script_n_shaders (const QrShaderScript *script)
{
  g_return_val_if_fail (script != NULL, 0);
  return script->shaders->len;
}

const char *
qr_shader_script_name (const QrShaderScript *script, guint i)
{
  g_return_val_if_fail (script != NULL && i < script->shaders->len, NULL);
  return g_array_index (script->shaders, Shader, i).name;
}

static const Shader *
find (const QrShaderScript *script, const char *shader_name)
{
  g_autofree char *key = normalise_name (shader_name, -1);
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (script->by_name, key));

  return index > 0 ? &g_array_index (script->shaders, Shader, index - 1) : NULL;
}

bool
qr_shader_script_has (const QrShaderScript *script, const char *shader_name)
{
  g_return_val_if_fail (script != NULL && shader_name != NULL, false);
  return find (script, shader_name) != NULL;
}

const char *
qr_shader_script_editor_image (const QrShaderScript *script, const char *shader_name)
{
  g_return_val_if_fail (script != NULL && shader_name != NULL, NULL);
  const Shader *shader = find (script, shader_name);
  return shader != NULL ? shader->editor_image : NULL;
}
