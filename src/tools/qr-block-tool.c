/* qr-block-tool.c — Block: drag a rectangle in a design canvas to outline
 * a new brush or primitive (block, wedge, cylinder, cone, sphere, arch,
 * with the options qr_block_tool_set_shape gives); its depth comes from
 * the selection's extent along the view's depth axis, or else from the
 * last brush made (as in Hammer). The pending box then carries resize
 * handles in every design canvas and moves when dragged from inside; a
 * drag outside it in another view reshapes it along that view's axes, so
 * the height is set in the front or side view. None of this touches the
 * document: Enter makes the brush (one undo step, "Create Block"), Escape
 * drops the box. */
#include "qr-tool.h"

#include <glib/gi18n.h>
#include "qr-map.h"
#include "qr-operations.h"

/* What a drag does. */
typedef enum
{
  GRAB_OUTLINE, /* draws the box's extent in the view anew */
  GRAB_HANDLE,  /* resizes it by a handle */
  GRAB_MOVE,    /* moves it */
} Grab;

typedef struct
{
  QrTool parent;
  gboolean pending;   /* a box waits for Enter */
  gboolean dragging;
  Grab grab;
  int handle_i, handle_j; /* the handle dragged (see qr_handle_coord) */
  int view;
  QrVec3 start;       /* snapped */
  QrBounds box;       /* the pending box */
  QrBounds before;    /* the box when the drag began */
  double last_min[3], last_max[3]; /* the last brush made: the default depth */
  char *texture;
  QrPrimitiveSpec shape; /* the shape and its options; the box comes from the drags */
} BlockTool;

/* The depth range a new box starts with. */
static void
default_depth (BlockTool *self, QrDocument *doc, int depth, double *lo, double *hi)
{
  const QrSelection *sel = qr_document_get_selection (doc);
  QrBounds b;
  if (sel->brushes->len > 0
      && qr_op_bounds (doc, QR_BRUSHES ((const QrId *) (gpointer) sel->brushes->data, sel->brushes->len), &b, NULL)
      && qr_vec3_get (b.max, depth) > qr_vec3_get (b.min, depth))
    {
      *lo = qr_vec3_get (b.min, depth);
      *hi = qr_vec3_get (b.max, depth);
      return;
    }
  *lo = self->last_min[depth];
  *hi = self->last_max[depth];
}

/* What a press at the pointer would grab. */
static Grab
grab_at (BlockTool *self, const QrInput *in, int *i, int *j)
{
  if (!self->pending)
    return GRAB_OUTLINE;
  if (qr_tool_hit_handle (self->box, QR_HANDLE_MASK_CORNERS | QR_HANDLE_MASK_SIDES, in, i, j))
    return GRAB_HANDLE;
  int r, u;
  qr_tool_view_axes (in->view, &r, &u, NULL);
  double x = qr_vec3_get (in->point, r), y = qr_vec3_get (in->point, u);
  if (x > qr_vec3_get (self->box.min, r) && x < qr_vec3_get (self->box.max, r)
      && y > qr_vec3_get (self->box.min, u) && y < qr_vec3_get (self->box.max, u))
    return GRAB_MOVE;
  return GRAB_OUTLINE;
}

static void
block_press (QrTool *tool, QrDocument *doc, const QrInput *in, int button)
{
  BlockTool *self = (BlockTool *) tool;
  if (button != 1)
    return;
  int r, u, depth;
  qr_tool_view_axes (in->view, &r, &u, &depth);
  self->dragging = TRUE;
  self->view = in->view;
  self->start = qr_tool_snap (in);
  self->before = self->box;
  self->grab = grab_at (self, in, &self->handle_i, &self->handle_j);
  if (self->grab != GRAB_OUTLINE)
    return;
  if (!self->pending)
    {
      double lo, hi;
      default_depth (self, doc, depth, &lo, &hi);
      qr_vec3_set (&self->box.min, depth, lo);
      qr_vec3_set (&self->box.max, depth, hi);
    }
  qr_vec3_set (&self->box.min, r, qr_vec3_get (self->start, r));
  qr_vec3_set (&self->box.max, r, qr_vec3_get (self->start, r));
  qr_vec3_set (&self->box.min, u, qr_vec3_get (self->start, u));
  qr_vec3_set (&self->box.max, u, qr_vec3_get (self->start, u));
}

static void
block_drag (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  BlockTool *self = (BlockTool *) tool;
  if (!self->dragging)
    return;
  int r, u;
  qr_tool_view_axes (self->view, &r, &u, NULL);
  QrVec3 p = qr_tool_snap (in);
  switch (self->grab)
    {
    case GRAB_HANDLE:
      self->box = qr_handle_resize (self->before, self->view, self->handle_i, self->handle_j, in);
      break;
    case GRAB_MOVE:
      {
        double d[3] = { 0, 0, 0 };
        d[r] = qr_vec3_get (p, r) - qr_vec3_get (self->start, r);
        d[u] = qr_vec3_get (p, u) - qr_vec3_get (self->start, u);
        QrVec3 delta = qr_vec3 (d[0], d[1], d[2]);
        self->box.min = qr_vec3_add (self->before.min, delta);
        self->box.max = qr_vec3_add (self->before.max, delta);
        break;
      }
    case GRAB_OUTLINE:
    default:
      qr_vec3_set (&self->box.min, r, MIN (qr_vec3_get (self->start, r), qr_vec3_get (p, r)));
      qr_vec3_set (&self->box.max, r, MAX (qr_vec3_get (self->start, r), qr_vec3_get (p, r)));
      qr_vec3_set (&self->box.min, u, MIN (qr_vec3_get (self->start, u), qr_vec3_get (p, u)));
      qr_vec3_set (&self->box.max, u, MAX (qr_vec3_get (self->start, u), qr_vec3_get (p, u)));
      break;
    }
  QrVec3 size = qr_vec3_sub (self->box.max, self->box.min);
  qr_tool_set_status (&self->parent, g_strdup_printf (_("%g × %g × %g; Enter creates it"), size.x, size.y, size.z));
}

static void
block_release (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  BlockTool *self = (BlockTool *) tool;
  if (!self->dragging)
    return;
  block_drag (tool, doc, in);
  self->dragging = FALSE;
  int r, u;
  qr_tool_view_axes (self->view, &r, &u, NULL);
  /* A click, or a drag along one line, outlines nothing: keep what was. */
  if (qr_vec3_get (self->box.max, r) <= qr_vec3_get (self->box.min, r) || qr_vec3_get (self->box.max, u) <= qr_vec3_get (self->box.min, u))
    {
      self->box = self->before;
      return;
    }
  self->pending = TRUE;
}

static gboolean
block_key (QrTool *tool, QrDocument *doc, QrToolKey key)
{
  BlockTool *self = (BlockTool *) tool;
  if (!self->pending || self->dragging)
    return FALSE;
  if (key == QR_TOOL_KEY_ESCAPE)
    {
      self->pending = FALSE;
      qr_tool_set_status (&self->parent, NULL);
      return TRUE;
    }
  if (key != QR_TOOL_KEY_ENTER)
    return FALSE;

  QrPrimitiveSpec spec = self->shape;
  spec.box = self->box;
  g_autoptr (GError) error = NULL;
  if (!qr_op_create (doc, &spec, self->texture, &error))
    {
      qr_tool_set_status (&self->parent, g_strdup (error->message));
      return TRUE;
    }
  for (int a = 0; a < 3; a++)
    {
      self->last_min[a] = qr_vec3_get (self->box.min, a);
      self->last_max[a] = qr_vec3_get (self->box.max, a);
    }
  self->pending = FALSE;
  qr_tool_set_status (&self->parent, NULL);
  return TRUE;
}

static void
block_preview (QrTool *tool, QrDocument *doc, GArray *segments)
{
  BlockTool *self = (BlockTool *) tool;
  if (self->pending || self->dragging)
    qr_preview_add_box (segments, self->box, QR_PREVIEW_NEW_BRUSH);
}

static void
block_view_preview (QrTool *tool, QrDocument *doc, int view, double pixel, GArray *segments)
{
  BlockTool *self = (BlockTool *) tool;
  int hot = tool->hot >= 0 && tool->hot_view == view ? tool->hot : -1;
  if (self->pending && !(self->dragging && self->grab == GRAB_OUTLINE))
    qr_preview_add_handles (segments, self->box, view, pixel, QR_HANDLE_MASK_CORNERS | QR_HANDLE_MASK_SIDES,
                            QR_HANDLE_SQUARE, hot);
}

static void
block_hover (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  BlockTool *self = (BlockTool *) tool;
  if (self->dragging)
    return;
  tool->hot = QR_TOOL_HOT_NONE;
  if (in == NULL)
    return;
  int i, j;
  tool->hot_view = in->view;
  tool->hot_shape = QR_HANDLE_SQUARE;
  switch (grab_at (self, in, &i, &j))
    {
    case GRAB_HANDLE:
      tool->hot = i * 3 + j;
      break;
    case GRAB_MOVE:
      tool->hot = QR_TOOL_HOT_MOVE;
      break;
    default:
      break;
    }
}

static void
block_free (QrTool *tool)
{
  BlockTool *self = (BlockTool *) tool;
  g_free (self->texture);
  g_free (self);
}

static const QrToolClass block_class = {
  .name = "block",
  .press = block_press,
  .drag = block_drag,
  .release = block_release,
  .key = block_key,
  .preview = block_preview,
  .view_preview = block_view_preview,
  .hover = block_hover,
  .free = block_free,
};

void
qr_block_tool_set_texture (QrTool *block, const char *texture)
{
  BlockTool *self = (BlockTool *) block;
  g_return_if_fail (texture != NULL && texture[0] != '\0');
  g_free (self->texture);
  self->texture = g_strdup (texture);
}

const char *
qr_block_tool_get_texture (QrTool *block)
{
  return ((BlockTool *) block)->texture;
}

QrTool *
qr_block_tool_new (void)
{
  BlockTool *self = g_new0 (BlockTool, 1);
  qr_tool_init (&self->parent, &block_class);
  /* Before any brush: a 64-unit slab from the floor up, as a first room wall. */
  for (int a = 0; a < 3; a++)
    {
      self->last_min[a] = 0;
      self->last_max[a] = 64;
    }
  self->texture = g_strdup ("base");
  self->shape = (QrPrimitiveSpec) { .shape = QR_PRIMITIVE_BLOCK, .axis = 2, .sides = 8, .stacks = 8,
                                    .arc_degrees = 180, .start_degrees = 0, .wall_width = 16 };
  return &self->parent;
}

void
qr_block_tool_set_shape (QrTool *tool, const QrPrimitiveSpec *shape)
{
  g_return_if_fail (tool != NULL && tool->klass == &block_class && shape != NULL);
  ((BlockTool *) tool)->shape = *shape;
}

const QrPrimitiveSpec *
qr_block_tool_get_shape (QrTool *tool)
{
  g_return_val_if_fail (tool != NULL && tool->klass == &block_class, NULL);
  return &((BlockTool *) tool)->shape;
}
