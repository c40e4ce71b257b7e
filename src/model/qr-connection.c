/* qr-connection.c — Source entity I/O (see qr-connection.h). */
#include "qr-connection.h"

/* Stubs: the parsing and writing come with issue 15's model work. */
void
qr_connection_clear (QrConnection *c)
{
  g_clear_pointer (&c->output, g_free);
  g_clear_pointer (&c->target, g_free);
  g_clear_pointer (&c->input, g_free);
  g_clear_pointer (&c->parameter, g_free);
}

bool
qr_connection_parse (const char *output, const char *value, QrConnection *out)
{
  return false;
}

char *
qr_connection_format_value (const QrConnection *c)
{
  return g_strdup ("");
}

GArray *
qr_entity_get_connections (const QrEntity *entity)
{
  GArray *list = g_array_new (FALSE, TRUE, sizeof (QrConnection));
  g_array_set_clear_func (list, (GDestroyNotify) qr_connection_clear);
  return list;
}

void
qr_entity_set_connections (QrEntity *entity, const QrConnection *conns, guint n)
{
}
