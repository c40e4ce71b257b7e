/* qr-radix-sort.h — records sorted by a 64-bit key in a few sequential
 * sweeps (least significant digit first, 11 bits a pass). The T-junction
 * pass sorts a map's corners by the axial line they lie on this way: a
 * hash table of lines missed the cache on nearly every probe. Private to
 * src/geom. */
#pragma once

#include <glib.h>

typedef struct
{
  guint64 key;
  double s; /* the caller's: carried along */
  int a, b; /* the caller's: carried along */
} QrKeyed;

/* Sorts the n records of `at` by key, records of equal keys keeping their
 * order; tmp has room for n. Keys have at most `bits` bits (higher ones
 * 0). Returns at or tmp, whichever holds the result. */
QrKeyed *qr_radix_sort (QrKeyed *at, QrKeyed *tmp, gsize n, int bits);

/* Sorts the n records of `at` by s (a few: a line's corners along it). */
void qr_keyed_sort_s (QrKeyed *at, gsize n);
