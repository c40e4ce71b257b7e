/* qr-texture-tool.c — Texture: picks faces in the 3D view and textures
 * them, as Hammer's Texture Application tool (Shift+A) does.
 *
 * A click selects the face under the pointer, Ctrl+click adds or removes
 * it, Shift+click selects every face of its brush (Ctrl+Shift adds them); a
 * click on nothing clears the faces. The brush selection is left as it was
 * when the tool was entered, as in Hammer, whose face selection lives beside
 * the object selection; entering with brushes selected and no face selects
 * all their faces (Hammer's "select brushes, then the tool"), and leaving
 * clears the faces only.
 *
 * Right-click gives the clicked face the current texture (the browser's);
 * Alt+click is the eyedropper: the clicked face's texture becomes current,
 * and its shift, scale, rotation and Quake 2/3 surface values go with it,
 * so that right-clicks then copy all of them (qr_op_set_face_attrs: the
 * target keeps its own axes, which a face facing elsewhere needs) until
 * another texture is made current. Alt+right-click wraps: the clicked face
 * continues the texture of the face clicked last (or the one selected face)
 * across their shared edge (qr_op_wrap_texture), then takes the current
 * texture if that is another, in one undo step.
 *
 * Keys (qr_texture_tool_key) nudge the selected faces' textures: the arrows
 * shift by a texel (Ctrl: by the grid size), so that the texture moves the
 * way the arrow points on a face whose texture U axis runs right and V axis
 * down on screen (a wall seen from the front, a floor seen from above in
 * the Quake projections): Left adds to the U shift, Right takes from it, Up
 * adds to the V shift, Down takes from it. Page Up turns by +15°, Page Down
 * by -15° (Ctrl: 1°). Repeated presses merge into one undo step
 * (qr_op_nudge_face_texture). */
#include "qr-tool.h"

#include <glib/gi18n.h>
#include <string.h>
#include "qr-brush.h"
#include "qr-face-ops.h"
#include "qr-map.h"

/* Degrees Page Up and Page Down turn by, and with Ctrl. */
#define ROTATE_STEP 15.0
#define ROTATE_STEP_FINE 1.0

typedef struct
{
  QrTool parent;
  char *texture;       /* owned: the current texture, which right-click gives */
  gboolean with_attrs; /* the eyedropper picked `attrs` along with it */
  QrFaceAttrs attrs;   /* its name is `texture` */
  QrFaceRef anchor;    /* the face clicked last: Alt+right-click wraps from it; brush 0 none */
} TextureTool;

static const QrToolClass texture_class;

static TextureTool *
texture_tool (QrTool *tool)
{
  g_return_val_if_fail (tool != NULL && tool->klass == &texture_class, NULL);
  return (TextureTool *) tool;
}

static gssize
find_face (const QrSelection *sel, QrFaceRef ref)
{
  for (guint i = 0; i < sel->faces->len; i++)
    {
      QrFaceRef f = g_array_index (sel->faces, QrFaceRef, i);
      if (f.brush == ref.brush && f.face == ref.face)
        return i;
    }
  return -1;
}

/* The clicked face, when the pick is a face of a brush. */
static gboolean
picked_face (QrDocument *doc, const QrInput *in, QrFaceRef *ref, const QrFace **face)
{
  if (in->pick.kind != QR_PICK_BRUSH || in->pick.face < 0)
    return FALSE;
  const QrBrush *brush = qr_document_lookup_brush (doc, in->pick.id);
  if (brush == NULL || in->pick.face >= brush->n_faces)
    return FALSE;
  *ref = (QrFaceRef) { brush->id, in->pick.face };
  if (face != NULL)
    *face = &brush->faces[in->pick.face];
  return TRUE;
}

/* Left click: the face selection as the modifiers say; brushes untouched. */
static void
select_click (TextureTool *self, QrDocument *doc, const QrInput *in)
{
  gboolean ctrl = (in->modifiers & QR_INPUT_CTRL) != 0, shift = (in->modifiers & QR_INPUT_SHIFT) != 0;
  g_autoptr (QrSelection) sel = qr_selection_copy (qr_document_get_selection (doc));
  QrFaceRef ref;

  if (!picked_face (doc, in, &ref, NULL))
    {
      if (ctrl)
        return;
      g_array_set_size (sel->faces, 0);
      self->anchor.brush = 0;
      if (in->pick.kind == QR_PICK_PATCH)
        qr_tool_set_status (&self->parent, g_strdup (_("A patch has no faces to select")));
      qr_document_set_selection (doc, sel);
      return;
    }
  if (!ctrl)
    g_array_set_size (sel->faces, 0);
  if (shift)
    {
      const QrBrush *brush = qr_document_lookup_brush (doc, ref.brush);
      for (int f = 0; f < brush->n_faces; f++)
        qr_selection_add_face (sel, ref.brush, f);
    }
  else
    {
      gssize at = find_face (sel, ref);
      if (at >= 0)
        g_array_remove_index (sel->faces, (guint) at);
      else
        qr_selection_add_face (sel, ref.brush, ref.face);
    }
  self->anchor = ref;
  qr_document_set_selection (doc, sel);
}

/* The eyedropper: the face's texture and attributes become current. */
static void
pick_texture (TextureTool *self, QrDocument *doc, const QrInput *in)
{
  QrFaceRef ref;
  const QrFace *face;
  if (!picked_face (doc, in, &ref, &face))
    {
      qr_tool_set_status (&self->parent, g_strdup (_("Alt+click a brush's face to pick its texture")));
      return;
    }
  const char *name = qr_map_texture_name (qr_document_get_map (doc), face->texture);
  qr_texture_tool_set_texture (&self->parent, name);
  QrFaceAttrs *a = &self->attrs;
  memset (a, 0, sizeof *a);
  /* Brush primitives hold a matrix, not these: their name goes alone. */
  if (face->form != QR_TEX_BRUSHPRIM)
    {
      a->fields = QR_FACE_SHIFT_U | QR_FACE_SHIFT_V | QR_FACE_SCALE_U | QR_FACE_SCALE_V | QR_FACE_ROTATION;
      for (int k = 0; k < 2; k++)
        {
          a->shift[k] = face->tex.shift[k];
          a->scale[k] = qr_texproj_effective_scale (face->tex.scale[k]);
        }
      a->rotation = face->tex.rotation;
    }
  if (face->has_surface && face->extra != NULL)
    {
      a->fields |= QR_FACE_CONTENTS | QR_FACE_SURFACE_FLAGS | QR_FACE_SURFACE_VALUE;
      a->contents = (uint32_t) face->extra->surface[0];
      a->surface_flags = (uint32_t) face->extra->surface[1];
      a->surface_value = (int32_t) face->extra->surface[2];
    }
  self->with_attrs = TRUE;
  qr_tool_set_status (&self->parent,
                      g_strdup_printf (_("Picked %s with its alignment: right-click a face to give it both"), name));
}

/* Right-click: the current texture (and what the eyedropper picked with
 * it) to the clicked face. */
static void
apply_texture (TextureTool *self, QrDocument *doc, const QrInput *in)
{
  QrFaceRef ref;
  g_autoptr (GError) error = NULL;
  if (!picked_face (doc, in, &ref, NULL))
    {
      qr_tool_set_status (&self->parent, g_strdup (_("Right-click a brush's face to give it the current texture")));
      return;
    }
  QrFaceAttrs attrs = { 0 };
  if (self->with_attrs)
    attrs = self->attrs;
  attrs.name = self->texture;
  if (!qr_op_set_face_attrs (doc, &ref, 1, &attrs, &error))
    qr_tool_set_status (&self->parent, g_strdup (error->message));
  else
    qr_tool_set_status (&self->parent, g_strdup_printf (self->with_attrs ? _("Gave a face %s and its alignment")
                                                                         : _("Gave a face %s"),
                                                        self->texture));
}

/* The face Alt+right-click wraps from: the face clicked last while it is
 * still selected, else the only selected face. */
static gboolean
wrap_source (TextureTool *self, QrDocument *doc, QrFaceRef *from)
{
  const QrSelection *sel = qr_document_get_selection (doc);
  if (self->anchor.brush != 0 && find_face (sel, self->anchor) >= 0)
    *from = self->anchor;
  else if (sel->faces->len == 1)
    *from = g_array_index (sel->faces, QrFaceRef, 0);
  else
    return FALSE;
  return qr_document_lookup_brush (doc, from->brush) != NULL;
}

/* Alt+right-click: the clicked face continues the selected face's texture
 * across their edge, then takes the current texture, in one step. */
static void
wrap_texture (TextureTool *self, QrDocument *doc, const QrInput *in)
{
  QrFaceRef ref, from;
  g_autoptr (GError) error = NULL;
  if (!picked_face (doc, in, &ref, NULL))
    {
      qr_tool_set_status (&self->parent, g_strdup (_("Alt+right-click a brush's face to wrap the texture onto it")));
      return;
    }
  if (!wrap_source (self, doc, &from))
    {
      qr_tool_set_status (&self->parent, g_strdup (_("Select the one face to wrap from first")));
      return;
    }
  if (from.brush == ref.brush && from.face == ref.face)
    return;
  const QrBrush *source = qr_document_lookup_brush (doc, from.brush);
  const char *name = qr_map_texture_name (qr_document_get_map (doc), source->faces[from.face].texture);
  gboolean rename = g_ascii_strcasecmp (name, self->texture) != 0;
  qr_document_begin_transaction (doc, _("Wrap Texture"));
  gboolean done = qr_op_wrap_texture (doc, from, &ref, 1, &error);
  QrFaceAttrs attrs = { .name = self->texture };
  if (done && rename)
    done = qr_op_set_face_attrs (doc, &ref, 1, &attrs, &error);
  if (!done)
    {
      qr_document_cancel_transaction (doc);
      qr_tool_set_status (&self->parent, g_strdup (error->message));
      return;
    }
  qr_document_commit_transaction (doc);
  qr_tool_set_status (&self->parent, g_strdup_printf (_("Wrapped %s onto a face"), self->texture));
}

static void
texture_press (QrTool *tool, QrDocument *doc, const QrInput *in, int button)
{
  TextureTool *self = (TextureTool *) tool;
  gboolean alt = (in->modifiers & QR_INPUT_ALT) != 0;

  qr_tool_set_status (tool, NULL);
  if (in->view != QR_TOOL_VIEW_3D)
    {
      qr_tool_set_status (tool, g_strdup (_("Texture: click faces in the 3D view")));
      return;
    }
  if (button == 1)
    (alt ? pick_texture : select_click) (self, doc, in);
  else if (button == 3)
    (alt ? wrap_texture : apply_texture) (self, doc, in);
}

/* Escape clears the faces when there are any; the brushes stay. */
static gboolean
texture_key (QrTool *tool, QrDocument *doc, QrToolKey key)
{
  if (key != QR_TOOL_KEY_ESCAPE || qr_document_get_selection (doc)->faces->len == 0)
    return FALSE;
  qr_texture_tool_leave (tool, doc);
  return TRUE;
}

static void
texture_free (QrTool *tool)
{
  TextureTool *self = (TextureTool *) tool;
  g_free (self->texture);
  g_free (self);
}

static const QrToolClass texture_class = {
  .name = "texture",
  .press = texture_press,
  .key = texture_key,
  .free = texture_free,
};

QrTool *
qr_texture_tool_new (void)
{
  TextureTool *self = g_new0 (TextureTool, 1);
  qr_tool_init (&self->parent, &texture_class);
  self->texture = g_strdup ("base");
  return &self->parent;
}

void
qr_texture_tool_set_texture (QrTool *tool, const char *name)
{
  TextureTool *self = texture_tool (tool);
  g_return_if_fail (self != NULL && name != NULL && name[0] != '\0');
  /* Another texture made current leaves the picked alignment behind. */
  self->with_attrs = FALSE;
  if (g_strcmp0 (self->texture, name) == 0)
    return;
  g_free (self->texture);
  self->texture = g_strdup (name);
}

const char *
qr_texture_tool_get_texture (QrTool *tool)
{
  TextureTool *self = texture_tool (tool);
  return self != NULL ? self->texture : NULL;
}

void
qr_texture_tool_enter (QrTool *tool, QrDocument *doc)
{
  g_return_if_fail (texture_tool (tool) != NULL && QR_IS_DOCUMENT (doc));
  const QrSelection *now = qr_document_get_selection (doc);
  if (now->faces->len > 0)
    return;
  g_autoptr (GArray) ids = qr_document_dup_selected_brushes (doc);
  if (ids->len == 0)
    return;
  g_autoptr (QrSelection) sel = qr_selection_copy (now);
  for (guint i = 0; i < ids->len; i++)
    {
      const QrBrush *brush = qr_document_lookup_brush (doc, g_array_index (ids, QrId, i));
      for (int f = 0; brush != NULL && f < brush->n_faces; f++)
        qr_selection_add_face (sel, brush->id, f);
    }
  qr_document_set_selection (doc, sel);
}

void
qr_texture_tool_leave (QrTool *tool, QrDocument *doc)
{
  TextureTool *self = texture_tool (tool);
  g_return_if_fail (self != NULL && QR_IS_DOCUMENT (doc));
  self->anchor.brush = 0;
  const QrSelection *now = qr_document_get_selection (doc);
  if (now->faces->len == 0)
    return;
  g_autoptr (QrSelection) sel = qr_selection_copy (now);
  g_array_set_size (sel->faces, 0);
  qr_document_set_selection (doc, sel);
}

gboolean
qr_texture_tool_key (QrTool *tool, QrDocument *doc, QrTextureKey key, guint modifiers, int grid)
{
  TextureTool *self = texture_tool (tool);
  g_return_val_if_fail (self != NULL && QR_IS_DOCUMENT (doc), FALSE);
  /* A copy: the operation replaces the selection it reads from. */
  g_autoptr (GArray) faces = g_array_copy (qr_document_get_selection (doc)->faces);
  if (faces->len == 0)
    return FALSE;
  gboolean ctrl = (modifiers & QR_INPUT_CTRL) != 0;
  double step = ctrl ? MAX (grid, 1) : 1.0, turn = ctrl ? ROTATE_STEP_FINE : ROTATE_STEP;
  double du = 0, dv = 0, rotation = 0;
  switch (key)
    {
    case QR_TEXTURE_KEY_LEFT:
      du = step;
      break;
    case QR_TEXTURE_KEY_RIGHT:
      du = -step;
      break;
    case QR_TEXTURE_KEY_UP:
      dv = step;
      break;
    case QR_TEXTURE_KEY_DOWN:
      dv = -step;
      break;
    case QR_TEXTURE_KEY_ROTATE_UP:
      rotation = turn;
      break;
    case QR_TEXTURE_KEY_ROTATE_DOWN:
      rotation = -turn;
      break;
    default:
      return FALSE;
    }
  g_autoptr (GError) error = NULL;
  if (!qr_op_nudge_face_texture (doc, (const QrFaceRef *) (gconstpointer) faces->data, faces->len, du, dv, rotation,
                                 &error))
    qr_tool_set_status (tool, g_strdup (error->message));
  else if (rotation != 0)
    qr_tool_set_status (tool, g_strdup_printf (_("Turned the texture by %g°"), rotation));
  else
    qr_tool_set_status (tool, g_strdup_printf (_("Shifted the texture by %g, %g"), du, dv));
  return TRUE;
}
