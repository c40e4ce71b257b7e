/* qr-vmf-editor.h — what an object's `editor` block in a VMF says of its
 * visibility, shared by the reader and the writer. */
#pragma once

#include <stdbool.h>
#include "qr-node.h"

/* Hammer draws an object only when its block says neither visgroupshown
 * "0" (hidden by its visgroups, or by Hide) nor visgroupautoshown "0" (by
 * an auto visgroup: World Geometry, a class). False for no block. */
bool qr_vmf_editor_hides (const QrNode *editor);
