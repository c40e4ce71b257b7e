#include "qr-change-set.h"

QrChangeSet *
qr_change_set_new (void)
{
  QrChangeSet *c = g_new0 (QrChangeSet, 1);

  c->brushes_added = g_array_new (FALSE, FALSE, sizeof (QrId));
  c->brushes_removed = g_array_new (FALSE, FALSE, sizeof (QrId));
  c->brushes_modified = g_array_new (FALSE, FALSE, sizeof (QrId));
  c->entities_added = g_array_new (FALSE, FALSE, sizeof (QrId));
  c->entities_removed = g_array_new (FALSE, FALSE, sizeof (QrId));
  c->entities_modified = g_array_new (FALSE, FALSE, sizeof (QrId));
  return c;
}

void
qr_change_set_free (QrChangeSet *c)
{
  if (c == NULL)
    return;
  g_array_unref (c->brushes_added);
  g_array_unref (c->brushes_removed);
  g_array_unref (c->brushes_modified);
  g_array_unref (c->entities_added);
  g_array_unref (c->entities_removed);
  g_array_unref (c->entities_modified);
  g_free (c);
}

bool
qr_change_set_is_empty (const QrChangeSet *c)
{
  return c->brushes_added->len == 0 && c->brushes_removed->len == 0 && c->brushes_modified->len == 0
         && c->entities_added->len == 0 && c->entities_removed->len == 0
         && c->entities_modified->len == 0 && !c->selection_changed && !c->history_changed
         && !c->textures_changed && !c->entdefs_changed
         && !c->kept_changed;
}
