/* qr-tool.c — see qr-tool.h. */
#include "qr-tool.h"

#include <math.h>

void
qr_tool_press (QrTool *tool, QrDocument *doc, const QrInput *in, int button)
{
  g_return_if_fail (tool != NULL && QR_IS_DOCUMENT (doc) && in != NULL);
  if (tool->klass->press)
    tool->klass->press (tool, doc, in, button);
}

void
qr_tool_drag (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  g_return_if_fail (tool != NULL && QR_IS_DOCUMENT (doc) && in != NULL);
  if (tool->klass->drag)
    tool->klass->drag (tool, doc, in);
}

void
qr_tool_release (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  g_return_if_fail (tool != NULL && QR_IS_DOCUMENT (doc) && in != NULL);
  if (tool->klass->release)
    tool->klass->release (tool, doc, in);
}

gboolean
qr_tool_key (QrTool *tool, QrDocument *doc, QrToolKey key)
{
  g_return_val_if_fail (tool != NULL && QR_IS_DOCUMENT (doc), FALSE);
  return tool->klass->key ? tool->klass->key (tool, doc, key) : FALSE;
}

void
qr_tool_preview (QrTool *tool, QrDocument *doc, GArray *segments)
{
  g_return_if_fail (tool != NULL && QR_IS_DOCUMENT (doc) && segments != NULL);
  g_array_set_size (segments, 0);
  if (tool->klass->preview)
    tool->klass->preview (tool, doc, segments);
}

const char *
qr_tool_status (QrTool *tool)
{
  g_return_val_if_fail (tool != NULL, NULL);
  return tool->status;
}

void
qr_tool_set_status (QrTool *tool, char *status)
{
  g_return_if_fail (tool != NULL);
  g_free (tool->status);
  tool->status = status;
}

void
qr_tool_free (QrTool *tool)
{
  if (tool == NULL)
    return;
  g_free (tool->status);
  tool->klass->free (tool);
}

void
qr_tool_view_axes (int view, int *right, int *up, int *depth)
{
  /* Top looks down -Z (X right, Y up), front along +Y (X right, Z up),
   * side along -X (Y right, Z up): DESIGN.md's coordinates. */
  static const int r[3] = { 0, 0, 1 }, u[3] = { 1, 2, 2 }, d[3] = { 2, 1, 0 };
  g_return_if_fail (view >= 0 && view < 3);
  *right = r[view];
  *up = u[view];
  if (depth != NULL)
    *depth = d[view];
}

QrVec3
qr_tool_snap (const QrInput *in)
{
  if (in->modifiers & QR_INPUT_ALT || in->grid <= 0)
    return in->point;
  int right, up;
  qr_tool_view_axes (in->view, &right, &up, NULL);
  QrVec3 p = in->point;
  qr_vec3_set (&p, right, round (qr_vec3_get (p, right) / in->grid) * in->grid);
  qr_vec3_set (&p, up, round (qr_vec3_get (p, up) / in->grid) * in->grid);
  return p;
}

void
qr_preview_add_box (GArray *segments, QrBounds box, QrPreviewKind kind)
{
  QrVec3 c[8];
  for (int i = 0; i < 8; i++)
    c[i] = qr_vec3 (i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z);
  for (int i = 0; i < 8; i++)
    for (int axis = 0; axis < 3; axis++)
      if (!(i & (1 << axis)))
        {
          QrPreviewSegment s = { c[i], c[i | (1 << axis)], kind };
          g_array_append_val (segments, s);
        }
}
