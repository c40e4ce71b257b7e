#include "qr-output.h"

#include <errno.h>
#include <unistd.h>

void
qr_output_init (QrOutput *o, int fd, gsize size_hint)
{
  o->fd = fd;
  o->errsv = 0;
  o->buf = g_string_sized_new (fd >= 0 ? QR_OUTPUT_CHUNK + 64 * 1024 : size_hint);
}

void
qr_output_clear (QrOutput *o)
{
  if (o->buf != NULL)
    g_string_free (o->buf, TRUE);
  o->buf = NULL;
}

bool
qr_write_all (int fd, const char *data, gsize len, int *errsv)
{
  while (len > 0)
    {
      ssize_t n = write (fd, data, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          /* A regular file that takes nothing more is full. */
          *errsv = n < 0 ? errno : ENOSPC;
          return false;
        }
      data += n;
      len -= (gsize) n;
    }
  return true;
}

bool
qr_output_flush (QrOutput *o)
{
  if (o->fd < 0 || o->errsv != 0)
    return o->errsv == 0;
  if (!qr_write_all (o->fd, o->buf->str, o->buf->len, &o->errsv))
    return false;
  g_string_truncate (o->buf, 0);
  return true;
}

GString *
qr_output_steal (QrOutput *o)
{
  GString *s = o->buf;

  g_assert (o->fd < 0);
  o->buf = NULL;
  return s;
}
