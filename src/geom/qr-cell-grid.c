#include "qr-cell-grid.h"

#include <string.h>

gint64
qr_cells_in (const QrBounds *b, double size, gint64 lo[3], gint64 hi[3])
{
  const double mn[3] = { b->min.x, b->min.y, b->min.z }, mx[3] = { b->max.x, b->max.y, b->max.z };
  gint64 count = 1;

  for (int a = 0; a < 3; a++)
    {
      lo[a] = qr_cell_of (mn[a], size);
      hi[a] = qr_cell_of (mx[a], size);
      count *= hi[a] - lo[a] + 1;
    }
  return count;
}

void
qr_cell_grid_add (QrCellGrid *g, guint64 key, int item)
{
  guint slot;
  int entry = (int) g->items->len;

  /* Keep the table at most half full: twice the entries bounds the cells. */
  if (2 * (g->items->len + 1) > g->mask + 1)
    {
      guint old_n = g->mask + 1;
      guint64 *old_keys = g->keys;
      int *old_heads = g->heads;

      g->mask = 2 * old_n - 1;
      g->keys = g_new (guint64, 2 * (gsize) old_n);
      g->heads = g_new (int, 2 * (gsize) old_n);
      memset (g->heads, -1, sizeof (int) * 2 * (gsize) old_n);
      for (guint i = 0; i < old_n; i++)
        if (old_heads[i] >= 0)
          {
            guint to = qr_cell_grid_slot (g, old_keys[i]);

            g->keys[to] = old_keys[i];
            g->heads[to] = old_heads[i];
          }
      g_free (old_keys);
      g_free (old_heads);
    }
  slot = qr_cell_grid_slot (g, key);
  g->keys[slot] = key;
  g_array_append_val (g->items, item);
  g_array_append_val (g->next, g->heads[slot]);
  g->heads[slot] = entry;
}

void
qr_cell_grid_init (QrCellGrid *g, const QrBounds *bounds, int n, double size)
{
  g->size = size;
  g->mask = 63;
  g->keys = g_new (guint64, 64);
  g->heads = g_new (int, 64);
  memset (g->heads, -1, sizeof (int) * 64);
  g->items = g_array_sized_new (FALSE, FALSE, sizeof (int), (guint) n);
  g->next = g_array_sized_new (FALSE, FALSE, sizeof (int), (guint) n);
  g->big = g_array_new (FALSE, FALSE, sizeof (int));
  for (int i = 0; i < n; i++)
    {
      gint64 lo[3], hi[3];

      if (qr_cells_in (&bounds[i], size, lo, hi) > QR_CELL_GRID_MAX_CELLS)
        {
          g_array_append_val (g->big, i);
          continue;
        }
      for (gint64 x = lo[0]; x <= hi[0]; x++)
        for (gint64 y = lo[1]; y <= hi[1]; y++)
          for (gint64 z = lo[2]; z <= hi[2]; z++)
            qr_cell_grid_add (g, qr_cell_key (x, y, z), i);
    }
}

void
qr_cell_grid_clear (QrCellGrid *g)
{
  g_free (g->keys);
  g_free (g->heads);
  g_array_unref (g->items);
  g_array_unref (g->next);
  g_array_unref (g->big);
}
