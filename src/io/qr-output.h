/* qr-output.h — where writers put text: a buffer that is either the whole
 * result (qr_map_write) or flushed to a file descriptor in chunks
 * (qr_map_save), so saving a large map never holds the whole text and
 * never faults in a fresh multi-megabyte buffer. Private to src/io. */
#pragma once

#include <glib.h>
#include <stdbool.h>

#include "qr-io.h"

/* Flush once this much text is pending. */
#define QR_OUTPUT_CHUNK (256 * 1024)

typedef struct
{
  GString *buf; /* pending text; owned */
  int fd;       /* -1: keep everything in buf */
  int errsv;    /* errno of the first failed write, 0 while all is well */
} QrOutput;

void qr_output_init (QrOutput *o, int fd, gsize size_hint);
void qr_output_clear (QrOutput *o);

/* Writes all len bytes to fd (again after EINTR); false with errsv set
 * when a write fails. */
bool qr_write_all (int fd, const char *data, gsize len, int *errsv);

/* Writes everything pending; false (errsv set) if a write failed. */
bool qr_output_flush (QrOutput *o);

/* Writes the pending text out when a chunk has gathered (fd only). */
static inline void
qr_output_step (QrOutput *o)
{
  if (o->fd >= 0 && o->buf->len >= QR_OUTPUT_CHUNK)
    qr_output_flush (o);
}

/* The whole text, for an output without fd; the output is left empty. */
GString *qr_output_steal (QrOutput *o);

/* The writers behind qr_map_write_map / qr_map_write_vmf. */
bool qr_map_write_map_to (const QrMap *map, QrSaveFormat format, QrOutput *output, GError **error);
bool qr_map_write_vmf_to (const QrMap *map, QrOutput *output, GError **error);
