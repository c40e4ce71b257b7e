/* qr-cell-grid.h — things binned in a uniform grid of cubes, the cells
 * hashed: the union's broad phase (a face meets only the brushes near it)
 * and its T-junction search (an edge meets only the corners near it).
 * Private to src/geom. */
#pragma once

#include <glib.h>
#include <math.h>
#include "qr-vec3.h"

/* A thing spanning more cells than this (a sky box wall) is kept aside in
 * `big`, to be tested against everything. */
enum { QR_CELL_GRID_MAX_CELLS = 64, QR_CELL_BITS = 21 };

typedef struct
{
  double size;
  guint mask;      /* slots − 1 */
  guint64 *keys;   /* per slot: its cell */
  int *heads;      /* per slot: the cell's first entry, −1: slot free */
  int *items;      /* per entry: the thing */
  int *next;       /* per entry: the next of the same cell, −1 */
  int n_entries, entries_cap;
  GArray *big;     /* int: items too big for the cells */
} QrCellGrid;

/* The cell of a coordinate, clamped to the keys' range. */
static inline gint64
qr_cell_of (double x, double size)
{
  gint64 c = (gint64) floor (x / size);
  const gint64 half = (gint64) 1 << (QR_CELL_BITS - 1);

  return CLAMP (c, -half, half - 1);
}

static inline guint64
qr_cell_key (gint64 x, gint64 y, gint64 z)
{
  const gint64 half = (gint64) 1 << (QR_CELL_BITS - 1);
  const guint64 mask = ((guint64) 1 << QR_CELL_BITS) - 1;

  return ((guint64) (x + half) & mask) << (2 * QR_CELL_BITS) | ((guint64) (y + half) & mask) << QR_CELL_BITS
         | ((guint64) (z + half) & mask);
}

/* The slot of a cell: its own, or the free one it would take. */
static inline guint
qr_cell_grid_slot (const QrCellGrid *g, guint64 key)
{
  guint slot = (guint) ((key * 0x9e3779b97f4a7c15u) >> 32) & g->mask;

  while (g->heads[slot] >= 0 && g->keys[slot] != key)
    slot = (slot + 1) & g->mask;
  return slot;
}

/* The first entry of a cell, −1 when empty; then QR_CELL_GRID_NEXT. */
static inline int
qr_cell_grid_first (const QrCellGrid *g, guint64 key)
{
  return g->heads[qr_cell_grid_slot (g, key)];
}

#define QR_CELL_GRID_ITEM(g, e) ((g)->items[(e)])
#define QR_CELL_GRID_NEXT(g, e) ((g)->next[(e)])

/* The cells of a box; returns how many. */
gint64 qr_cells_in (const QrBounds *b, double size, gint64 lo[3], gint64 hi[3]);

/* A grid of cells `size` wide holding items 0 … n − 1 by their bounds
 * (bounds may be NULL when n is 0: items are then added one by one, and
 * n_hint says about how many entries will come). */
void qr_cell_grid_init (QrCellGrid *g, const QrBounds *bounds, int n, double size);
void qr_cell_grid_init_empty (QrCellGrid *g, double size, int n_hint);
void qr_cell_grid_add (QrCellGrid *g, guint64 key, int item);
void qr_cell_grid_clear (QrCellGrid *g);
