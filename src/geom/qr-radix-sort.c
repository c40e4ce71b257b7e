#include "qr-radix-sort.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum { DIGIT_BITS = 11, DIGITS = 1 << DIGIT_BITS, SMALL = 64 };

static inline bool
before (const QrKeyed *a, const QrKeyed *b, bool by_s)
{
  return by_s ? a->s < b->s : a->key < b->key;
}

/* Stable. */
static void
insertion_sort (QrKeyed *at, gsize n, bool by_s)
{
  for (gsize i = 1; i < n; i++)
    for (gsize j = i; j > 0 && before (&at[j], &at[j - 1], by_s); j--)
      {
        QrKeyed t = at[j];

        at[j] = at[j - 1];
        at[j - 1] = t;
      }
}

static int
compare_s (const void *pa, const void *pb)
{
  const QrKeyed *a = pa, *b = pb;

  return (a->s > b->s) - (a->s < b->s);
}

void
qr_keyed_sort_s (QrKeyed *at, gsize n)
{
  if (n > 16)
    qsort (at, n, sizeof (QrKeyed), compare_s);
  else
    insertion_sort (at, n, true);
}

QrKeyed *
qr_radix_sort (QrKeyed *at, QrKeyed *tmp, gsize n, int bits)
{
  const int passes = (bits + DIGIT_BITS - 1) / DIGIT_BITS;
  g_autofree gsize *count = NULL;

  g_return_val_if_fail (bits >= 0 && bits <= 64, at);
  if (n <= SMALL)
    {
      /* Few records: an insertion sort, stable too, costs less than the
       * passes' tables. */
      insertion_sort (at, n, false);
      return at;
    }
  /* Every pass's counts in one read of the keys. */
  count = g_new0 (gsize, (gsize) passes * DIGITS);
  for (gsize i = 0; i < n; i++)
    for (int p = 0; p < passes; p++)
      count[p * DIGITS + ((at[i].key >> (p * DIGIT_BITS)) & (DIGITS - 1))]++;
  for (int p = 0; p < passes; p++)
    {
      const int shift = p * DIGIT_BITS;
      gsize *c = count + p * DIGITS, sum = 0;
      QrKeyed *swap;

      /* A digit all records share moves nothing. */
      if (c[(at[0].key >> shift) & (DIGITS - 1)] == n)
        continue;
      for (gsize d = 0; d < DIGITS; d++)
        {
          gsize k = c[d];

          c[d] = sum;
          sum += k;
        }
      for (gsize i = 0; i < n; i++)
        tmp[c[(at[i].key >> shift) & (DIGITS - 1)]++] = at[i];
      swap = at, at = tmp, tmp = swap;
    }
  return at;
}
