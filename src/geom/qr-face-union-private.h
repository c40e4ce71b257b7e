/* qr-face-union-private.h — the union's steps that live in files of
 * their own. Private to src/geom. */
#pragma once

#include "qr-face-union.h"

/* Merges pieces of one plane and merge class that share a whole edge
 * while the result stays convex (qr-face-merge.c). */
void qr_union_merge_coplanar (QrUnionResult *r, const QrUnionBrush *brushes);
