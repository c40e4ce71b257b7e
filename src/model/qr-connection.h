/* qr-connection.h — Source entity I/O: the outputs an entity fires, read
 * from and written to its VMF `connections` block.
 *
 * Each key of the block is an output name; its value packs
 * "target,input,parameter,delay,times" with commas (older Hammer) or ESC
 * (0x1B, newer Hammer) between the fields. The separator a value was read
 * with is kept, so writing back an unchanged list gives the same text.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-entity.h"

typedef struct
{
  char *output;    /* "OnTrigger" */
  char *target;    /* a targetname, class name or !special */
  char *input;     /* "Kill" */
  char *parameter; /* "" when none */
  double delay;    /* seconds */
  int times;       /* -1: every time */
  char separator;  /* ',' or '\x1b' */
} QrConnection;

void qr_connection_clear (QrConnection *c);
/* Parses one key/value of the block; false (out untouched) when the value
 * does not have five fields with a number for delay and times. */
bool qr_connection_parse (const char *output, const char *value, QrConnection *out);
/* The value as the block writes it, with c->separator between the fields. */
char *qr_connection_format_value (const QrConnection *c);

/* The entity's connections in block order (QrConnection, cleared on free;
 * values that do not parse are skipped), or an empty array. */
GArray *qr_entity_get_connections (const QrEntity *entity);
/* Replaces the entity's connections block with these (added first among
 * the kept blocks, as Hammer writes it, when missing; removed when n is 0
 * and nothing else is left in it). A connection equal to one the block
 * holds keeps that value's text; values that do not parse stay, after the
 * connections. */
void qr_entity_set_connections (QrEntity *entity, const QrConnection *conns, guint n);
