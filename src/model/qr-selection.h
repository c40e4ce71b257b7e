/* qr-selection.h — what is selected: brushes, entities and faces, by id,
 * so that a selection survives the objects being swapped by undo. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-model-types.h"

typedef struct
{
  QrId brush;
  int face; /* index in the brush */
} QrFaceRef;

typedef struct
{
  GArray *brushes;  /* QrId, sorted, unique */
  GArray *entities; /* QrId, sorted, unique: point entities, or whole brush entities */
  GArray *faces;    /* QrFaceRef, sorted, unique */
} QrSelection;

QrSelection *qr_selection_new (void);
QrSelection *qr_selection_copy (const QrSelection *sel);
void qr_selection_free (QrSelection *sel);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrSelection, qr_selection_free)

void qr_selection_clear (QrSelection *sel);
bool qr_selection_is_empty (const QrSelection *sel);
bool qr_selection_equal (const QrSelection *a, const QrSelection *b);

/* Add or remove keep the arrays sorted and unique. */
void qr_selection_add_brush (QrSelection *sel, QrId id);
void qr_selection_remove_brush (QrSelection *sel, QrId id);
bool qr_selection_has_brush (const QrSelection *sel, QrId id);
void qr_selection_add_entity (QrSelection *sel, QrId id);
void qr_selection_remove_entity (QrSelection *sel, QrId id);
bool qr_selection_has_entity (const QrSelection *sel, QrId id);
void qr_selection_add_face (QrSelection *sel, QrId brush, int face);
bool qr_selection_has_face (const QrSelection *sel, QrId brush, int face);

/* Add many at once, in time n log n whatever order the ids are in; one
 * by one, ids against their order (an edited VMF's) move the array's tail
 * each time. */
void qr_selection_add_brushes (QrSelection *sel, const QrId *ids, guint n);
void qr_selection_add_entities (QrSelection *sel, const QrId *ids, guint n);

/* Adds every brush and point entity of `map` that is not hidden (Select
 * All), in time n log n whatever order the ids are in. */
void qr_selection_add_all (QrSelection *sel, const QrMap *map);

/* Adds every brush of `map` whose geometry is built and invalid (kept as
 * written, drawn as its plane points); returns how many the map has. NULL
 * `sel` only counts them. */
guint qr_selection_add_invalid (QrSelection *sel, const QrMap *map);
