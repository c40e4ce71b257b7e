/* qr-vmf-editor.c — see qr-vmf-editor.h. */
#include "qr-vmf-editor.h"

#include <glib.h>

bool
qr_vmf_editor_hides (const QrNode *editor)
{
  return editor != NULL
         && (g_strcmp0 (qr_node_get (editor, "visgroupshown"), "0") == 0
             || g_strcmp0 (qr_node_get (editor, "visgroupautoshown"), "0") == 0);
}
