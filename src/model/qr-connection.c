/* qr-connection.c — Source entity I/O (see qr-connection.h).
 *
 * The value's layout is the Source SDK's (CEventAction's constructor,
 * sdk2013 mp/src/game/server/entityoutput.cpp): target, input, parameter,
 * delay, times to fire; Hammer since the Alien Swarm SDK separates them
 * with ESC so that a parameter may hold commas. */
#include "qr-connection.h"

#include <math.h>
#include <string.h>
#include "qr-number.h"

#define ESC '\x1b'

void
qr_connection_clear (QrConnection *c)
{
  g_clear_pointer (&c->output, g_free);
  g_clear_pointer (&c->target, g_free);
  g_clear_pointer (&c->input, g_free);
  g_clear_pointer (&c->parameter, g_free);
}

/* The whole of text is one number. */
static bool
parse_delay (const char *text, double *out)
{
  const char *p = text, *end = text + strlen (text);

  return qr_number_parse (&p, end, out) && p == end;
}

bool
qr_connection_parse (const char *output, const char *value, QrConnection *out)
{
  char sep[2] = { strchr (value, ESC) != NULL ? ESC : ',', '\0' };
  g_auto (GStrv) fields = g_strsplit (value, sep, -1);
  double delay;
  gint64 times;

  if (g_strv_length (fields) != 5 || !parse_delay (fields[3], &delay)
      || !g_ascii_string_to_signed (fields[4], 10, G_MININT, G_MAXINT, &times, NULL))
    return false;
  *out = (QrConnection) {
    .output = g_strdup (output),
    .target = g_strdup (fields[0]),
    .input = g_strdup (fields[1]),
    .parameter = g_strdup (fields[2]),
    .delay = delay,
    .times = (int) times,
    .separator = sep[0],
  };
  return true;
}

static bool
has_comma (const char *s)
{
  return s != NULL && strchr (s, ',') != NULL;
}

char *
qr_connection_format_value (const QrConnection *c)
{
  char delay[QR_NUMBER_BUFSIZE];
  /* A comma in a field would split it on reading: only ESC can carry it. */
  char sep = c->separator == ESC || has_comma (c->target) || has_comma (c->input) || has_comma (c->parameter)
               ? ESC
               : ',';

  qr_number_format (c->delay, delay);
  return g_strdup_printf ("%s%c%s%c%s%c%s%c%d", c->target ? c->target : "", sep, c->input ? c->input : "", sep,
                          c->parameter ? c->parameter : "", sep, delay, sep, c->times);
}

static gint
find_block (const QrEntity *entity)
{
  for (guint k = 0; k < entity->kept->len; k++)
    if (strcmp (((const QrNode *) g_ptr_array_index (entity->kept, k))->name, "connections") == 0)
      return (gint) k;
  return -1;
}

static GArray *
connection_array (void)
{
  GArray *list = g_array_new (FALSE, TRUE, sizeof (QrConnection));

  g_array_set_clear_func (list, (GDestroyNotify) qr_connection_clear);
  return list;
}

GArray *
qr_entity_get_connections (const QrEntity *entity)
{
  GArray *list = connection_array ();
  gint k = find_block (entity);
  const QrNode *block = k >= 0 ? g_ptr_array_index (entity->kept, k) : NULL;

  for (guint i = 0; block != NULL && i < block->n_items; i++)
    {
      const QrNodeItem *it = &block->items[i];
      QrConnection c;

      if (it->value != NULL && qr_connection_parse (it->key, it->value, &c))
        g_array_append_val (list, c);
    }
  return list;
}

static bool
same_connection (const QrConnection *a, const QrConnection *b)
{
  /* -0 and 0 are written differently, so they differ here too. */
  return g_strcmp0 (a->output, b->output) == 0 && g_strcmp0 (a->target, b->target) == 0
         && g_strcmp0 (a->input, b->input) == 0 && g_strcmp0 (a->parameter, b->parameter) == 0
         && a->delay == b->delay && signbit (a->delay) == signbit (b->delay) && a->times == b->times
         && a->separator == b->separator;
}

void
qr_entity_set_connections (QrEntity *entity, const QrConnection *conns, guint n)
{
  gint k = find_block (entity);
  QrNode *old = k >= 0 ? g_ptr_array_index (entity->kept, k) : NULL;
  g_autoptr (QrNode) block = qr_node_new ("connections");
  g_autofree bool *used = g_new0 (bool, old ? old->n_items + 1 : 1);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *value = NULL;

      /* An unchanged connection keeps the text it was read as ("0.10"
       * stays "0.10"), so an edit of one line leaves the others alone. */
      for (guint j = 0; old != NULL && value == NULL && j < old->n_items; j++)
        {
          QrConnection was;

          if (used[j] || old->items[j].value == NULL || !qr_connection_parse (old->items[j].key, old->items[j].value, &was))
            continue;
          if (same_connection (&was, &conns[i]))
            {
              used[j] = true;
              value = g_strdup (old->items[j].value);
            }
          qr_connection_clear (&was);
        }
      if (value == NULL)
        value = qr_connection_format_value (&conns[i]);
      qr_node_add_value (block, conns[i].output, value);
    }

  /* What the list cannot show (values that do not parse, child blocks) is
   * not the caller's to drop: it stays, after the connections. */
  for (guint j = 0; old != NULL && j < old->n_items; j++)
    {
      const QrNodeItem *it = &old->items[j];
      QrConnection was;

      if (it->child != NULL)
        qr_node_add_child (block, it->key, qr_node_copy (it->child));
      else if (!qr_connection_parse (it->key, it->value, &was))
        qr_node_add_value (block, it->key, it->value);
      else
        qr_connection_clear (&was);
    }

  if (block->n_items == 0)
    {
      if (old != NULL)
        g_ptr_array_remove_index (entity->kept, (guint) k);
      return;
    }
  if (old != NULL)
    {
      block->anchor = old->anchor;
      qr_node_free (old);
      g_ptr_array_index (entity->kept, k) = g_steal_pointer (&block);
      return;
    }
  /* Hammer writes the block before the entity's solids and its editor
   * block: first among the kept blocks, ahead of any brush. */
  block->anchor = 0;
  g_ptr_array_insert (entity->kept, 0, g_steal_pointer (&block));
}
