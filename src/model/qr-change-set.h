/* qr-change-set.h — what one step changed, so views rebuild only that. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-model-types.h"

/* Brushes and patches share one id counter, so the brush lists name
 * patches too (added to, removed from or changed in kept blocks). */
typedef struct
{
  GArray *brushes_added;     /* QrId */
  GArray *brushes_removed;   /* QrId */
  GArray *brushes_modified;  /* QrId: same id, new faces */
  GArray *entities_added;    /* QrId */
  GArray *entities_removed;  /* QrId */
  GArray *entities_modified; /* QrId: keys, flags or kept blocks */
  bool selection_changed;
  /* The history gained a step without changing anything itself: a
   * transaction whose edits were already announced one by one committed,
   * so Undo now has something to undo. */
  bool history_changed;
  /* The document's texture set gained, lost or decoded textures. */
  bool textures_changed;
  /* The document's entity definitions were replaced (sizes, colours). */
  bool entdefs_changed;
  /* The map's top-level kept blocks were replaced (VMF visgroups). */
  bool kept_changed;
} QrChangeSet;

QrChangeSet *qr_change_set_new (void);
void qr_change_set_free (QrChangeSet *changes);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrChangeSet, qr_change_set_free)

bool qr_change_set_is_empty (const QrChangeSet *changes);

static inline void
qr_change_set_add (GArray *ids, QrId id)
{
  g_array_append_val (ids, id);
}
