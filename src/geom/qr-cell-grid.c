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

/* Slots for at least twice `entries`: the table stays at most half full. */
static void
grow_slots (QrCellGrid *g, int entries)
{
  guint old_n = g->mask + 1, n = old_n;
  guint64 *old_keys = g->keys;
  int *old_heads = g->heads;

  while (n < 2 * (guint) entries)
    n *= 2;
  if (n == old_n && g->keys != NULL)
    return;
  g->mask = n - 1;
  g->keys = g_new (guint64, n);
  g->heads = g_new (int, n);
  memset (g->heads, -1, sizeof (int) * n);
  for (guint i = 0; old_heads != NULL && i < old_n; i++)
    if (old_heads[i] >= 0)
      {
        guint to = qr_cell_grid_slot (g, old_keys[i]);

        g->keys[to] = old_keys[i];
        g->heads[to] = old_heads[i];
      }
  g_free (old_keys);
  g_free (old_heads);
}

static void
reserve_entries (QrCellGrid *g, int entries)
{
  if (entries <= g->entries_cap)
    return;
  g->entries_cap = MAX (entries, 2 * g->entries_cap);
  g->items = g_renew (int, g->items, g->entries_cap);
  g->next = g_renew (int, g->next, g->entries_cap);
}

void
qr_cell_grid_add (QrCellGrid *g, guint64 key, int item)
{
  guint slot;
  int entry = g->n_entries;

  if (2 * (guint) (entry + 1) > g->mask + 1)
    grow_slots (g, 2 * (entry + 1));
  reserve_entries (g, entry + 1);
  slot = qr_cell_grid_slot (g, key);
  g->keys[slot] = key;
  g->items[entry] = item;
  g->next[entry] = g->heads[slot];
  g->heads[slot] = entry;
  g->n_entries++;
}

void
qr_cell_grid_init_empty (QrCellGrid *g, double size, int n_hint)
{
  *g = (QrCellGrid) { .size = size, .mask = 63 };
  grow_slots (g, MAX (n_hint, 32));
  reserve_entries (g, MAX (n_hint, 32));
  g->big = g_array_new (FALSE, FALSE, sizeof (int));
}

void
qr_cell_grid_init (QrCellGrid *g, const QrBounds *bounds, int n, double size)
{
  qr_cell_grid_init_empty (g, size, n);
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
  g_free (g->items);
  g_free (g->next);
  g_array_unref (g->big);
}
