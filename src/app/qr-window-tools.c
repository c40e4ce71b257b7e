/* qr-window-tools.c — the window's side of the editing tools: design
 * canvas events become QrInput for the active tool (3D clicks, as rays,
 * for Select, or for Texture when it is active), its preview becomes
 * overlay lines in every view, arrow keys nudge the selection (in the
 * Texture tool, with faces selected, their textures: in every view). The 3D camera's marker (qr-camera-place.h) joins
 * the design canvases' overlay, and a press on it drags the camera instead
 * of reaching the tool. */
#include "qr-window-private.h"

#include <glib/gi18n.h>
#include "qr-operations.h"

/* Overlay colours: RGBA8, red in the lowest byte. */
#define OVERLAY_RUBBER_BAND 0xffe0e0e0u
#define OVERLAY_NEW_BRUSH 0xff30d0ffu /* amber */
#define OVERLAY_BOUNDS 0xff3c50ffu    /* the selection's red */
#define OVERLAY_HANDLE 0xfff0f0f0u
#define OVERLAY_HANDLE_HOT 0xff40ffffu /* yellow: under the pointer */
#define OVERLAY_GUIDE 0xffe0c060u      /* light blue */
#define OVERLAY_CLIP_LINE 0xff40ffffu /* yellow */
#define OVERLAY_CLIP_KEEP 0xff30d0ffu /* amber, as a new brush */
#define OVERLAY_CLIP_DROP 0xff707070u /* grey: goes away */
#define OVERLAY_SCULPT_BRUSH 0xff60ff60u /* light green: no brush, selection or handle has it */
#define OVERLAY_REFUSED 0xff1010ffu   /* a pure red, deeper than the selection's */
/* A leak trace: magenta, which no brush, selection or handle has. */
#define OVERLAY_LEAK 0xffff20ffu
/* The 3D camera's marker: a steel blue no brush, selection or handle has,
 * and below the GUI tests' "bright" threshold. */
#define OVERLAY_CAMERA 0xffc8a030u
/* Lines between connected entities (qr-entity-links.h): orange from a
 * selected entity to those it names, cyan to it from those naming it. */
#define OVERLAY_LINK_OUT 0xff1e96ffu
#define OVERLAY_LINK_IN 0xfff0dc28u

static uint32_t
overlay_color (QrPreviewKind kind)
{
  switch (kind)
    {
    case QR_PREVIEW_NEW_BRUSH:
      return OVERLAY_NEW_BRUSH;
    case QR_PREVIEW_BOUNDS:
      return OVERLAY_BOUNDS;
    case QR_PREVIEW_HANDLE:
      return OVERLAY_HANDLE;
    case QR_PREVIEW_HANDLE_HOT:
      return OVERLAY_HANDLE_HOT;
    case QR_PREVIEW_GUIDE:
      return OVERLAY_GUIDE;
    case QR_PREVIEW_CLIP_LINE:
      return OVERLAY_CLIP_LINE;
    case QR_PREVIEW_CLIP_KEEP:
      return OVERLAY_CLIP_KEEP;
    case QR_PREVIEW_CLIP_DROP:
      return OVERLAY_CLIP_DROP;
    case QR_PREVIEW_SCULPT_BRUSH:
      return OVERLAY_SCULPT_BRUSH;
    case QR_PREVIEW_REFUSED:
      return OVERLAY_REFUSED;
    case QR_PREVIEW_RUBBER_BAND:
    default:
      return OVERLAY_RUBBER_BAND;
    }
}

static void
append_lines (GArray *lines, const GArray *segments)
{
  for (guint i = 0; i < segments->len; i++)
    {
      const QrPreviewSegment *s = &g_array_index (segments, QrPreviewSegment, i);
      uint32_t color = overlay_color (s->kind);
      QrOverlayLine line = qr_overlay_line (s->a, s->b, color);
      g_array_append_val (lines, line);
    }
}

/* The lines between the selected entities and those they are connected to. */
static void
append_links (QrWindow *self, GArray *lines)
{
  qr_entity_links_collect (self->links, self->document, self->link_scratch);
  for (guint i = 0; i < self->link_scratch->len; i++)
    {
      const QrEntityLink *l = &g_array_index (self->link_scratch, QrEntityLink, i);
      uint32_t color = l->kind == QR_LINK_OUT ? OVERLAY_LINK_OUT : OVERLAY_LINK_IN;
      QrOverlayLine line = qr_overlay_line (l->from, l->to, color);
      g_array_append_val (lines, line);
    }
}

/* The 3D camera as the tools see it: its position and frame, and the world
 * units a pixel spans at distance 1 (picking rays span the widget's
 * logical pixels, so the handles do too). */
static QrToolEye
camera_eye (QrWindow *self)
{
  const QrCamera *cam = qr_camera_canvas_get_camera (self->camera_canvas);
  QrToolEye eye = { .position = cam->position };
  QrVec3 left;
  int height = MAX (1, gtk_widget_get_height (GTK_WIDGET (self->camera_canvas)));

  qr_camera_get_basis (cam, &eye.forward, &left, &eye.up);
  eye.right = qr_vec3_scale (left, -1.0);
  eye.pixel = 2.0 * tan (cam->fov_y * (G_PI / 360.0)) / height;
  return eye;
}

/* The 3D view's overlay: what every view draws, then the tool's handles
 * seen from the camera (redone as the camera moves). */
static void
refresh_eye_overlay (QrWindow *self)
{
  g_array_set_size (self->overlay, self->overlay_shared_lines);
  if (self->tool != NULL && self->tool->klass->eye_preview != NULL)
    {
      QrToolEye eye = camera_eye (self);

      qr_tool_eye_preview (self->tool, self->document, &eye, self->preview);
      append_lines (self->overlay, self->preview);
    }
  qr_scene_canvas_set_overlay (QR_SCENE_CANVAS (self->camera_canvas), (const QrOverlayLine *) (gpointer) self->overlay->data,
                                self->overlay->len);
}

static void
on_camera_moved (QrWindow *self)
{
  if (self->tool != NULL && self->tool->klass->eye_preview != NULL)
    refresh_eye_overlay (self);
  _qr_window_refresh_camera_marker (self);
}

/* Every view draws the tool's preview and the selected entities' links;
 * each design canvas adds the tool's view preview (handles), sized for its
 * own zoom, and the 3D view its handles seen from the camera. */
void
_qr_window_refresh_tool_overlay (QrWindow *self)
{
  if (self->tool == NULL)
    return;
  qr_tool_preview (self->tool, self->document, self->preview);
  g_array_set_size (self->overlay, 0);
  append_links (self, self->overlay);
  _qr_window_append_leak (self, self->overlay, OVERLAY_LEAK);
  append_lines (self->overlay, self->preview);
  self->overlay_shared_lines = self->overlay->len;
  for (int i = 0; i < 3; i++)
    {
      QrOrthoCanvas *canvas = _qr_window_get_ortho (self, i);
      GArray *lines = self->view_overlay[i];
      /* The tool's preview as the 3D view has it; self->preview is reused below. */
      g_array_set_size (lines, 0);
      g_array_append_vals (lines, self->overlay->data, self->overlay->len);
      const QrOrthoView *view = qr_ortho_canvas_get_view (canvas);
      qr_tool_view_preview (self->tool, self->document, (int) view->axis, 1.0 / qr_ortho_view_get_zoom (view),
                            self->preview);
      append_lines (lines, self->preview);
      self->view_tool_lines[i] = lines->len;
    }
  refresh_eye_overlay (self);
  _qr_window_refresh_camera_marker (self);
}

void
_qr_window_refresh_camera_marker (QrWindow *self)
{
  if (self->view_overlay[0] == NULL)
    return;
  const QrCamera *cam = qr_camera_canvas_get_camera (self->camera_canvas);
  for (int i = 0; i < 3; i++)
    {
      QrOrthoCanvas *canvas = _qr_window_get_ortho (self, i);
      const QrOrthoView *view = qr_ortho_canvas_get_view (canvas);
      GArray *lines = self->view_overlay[i];
      g_array_set_size (lines, self->view_tool_lines[i]);
      QrVec3 a[QR_CAMERA_MARKER_MAX_SEGMENTS], b[QR_CAMERA_MARKER_MAX_SEGMENTS];
      int n = qr_camera_marker_segments (cam, view->axis, 1.0 / qr_ortho_view_get_zoom (view), a, b);
      for (int k = 0; k < n; k++)
        {
          QrOverlayLine line = qr_overlay_line (a[k], b[k], OVERLAY_CAMERA);
          g_array_append_val (lines, line);
        }
      qr_scene_canvas_set_overlay (QR_SCENE_CANVAS (canvas), (const QrOverlayLine *) (gpointer) lines->data, lines->len);
    }
}

static void
refresh_preview (QrWindow *self)
{
  _qr_window_refresh_tool_overlay (self);
  const char *status = qr_tool_status (self->tool);
  if (status != NULL)
    _qr_window_set_message (self, status);
}

static guint
input_modifiers (guint state)
{
  return (state & GDK_SHIFT_MASK ? QR_INPUT_SHIFT : 0) | (state & GDK_CONTROL_MASK ? QR_INPUT_CTRL : 0)
         | (state & GDK_ALT_MASK ? QR_INPUT_ALT : 0);
}

/* What a tool sees of the pointer at a world point of a design canvas. */
static QrInput
input_at (QrWindow *self, QrOrthoCanvas *canvas, QrVec3 world, guint state)
{
  const QrOrthoView *view = qr_ortho_canvas_get_view (canvas);
  QrInput in = {
    .view = (int) view->axis,
    .point = world,
    .pixel = 1.0 / qr_ortho_view_get_zoom (view),
    .grid = self->grid_size,
    .modifiers = input_modifiers (state),
  };
  return in;
}

static QrInput
input_for (QrWindow *self, QrOrthoCanvas *canvas, double x, double y, guint state)
{
  const QrOrthoView *view = qr_ortho_canvas_get_view (canvas);
  return input_at (self, canvas, qr_ortho_view_screen_to_world (view, x, y, 0.0), state);
}

/* The cursor for the tool's hot spot: which way a drag from there goes. */
static const char *
hot_cursor (const QrTool *tool)
{
  if (tool->hot == QR_TOOL_HOT_MOVE)
    return "move";
  if (tool->hot < 0)
    return NULL;
  /* Handle places run 0..2 along the view's right and up axes, which every
   * design canvas draws rightwards and upwards. */
  int di = tool->hot / 3 - 1, dj = tool->hot % 3 - 1;
  if (tool->hot_shape == QR_HANDLE_CIRCLE)
    return "grab";
  if (tool->hot_shape == QR_HANDLE_DIAMOND)
    return di == 0 ? "ew-resize" : "ns-resize"; /* a side slides along itself */
  if (di == 0)
    return "ns-resize";
  if (dj == 0)
    return "ew-resize";
  return di == dj ? "nesw-resize" : "nwse-resize";
}

/* Handles light up under the pointer and the cursor says what a drag
 * would do; nothing is redrawn unless the hot spot changed. */
static void
hover (QrWindow *self, QrOrthoCanvas *canvas, const QrInput *in)
{
  if (!qr_tool_hover (self->tool, self->document, in))
    return;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (canvas), in != NULL ? hot_cursor (self->tool) : NULL);
  _qr_window_refresh_tool_overlay (self);
}

/* The part of the camera's marker at a world point of a design canvas. */
static QrCameraPart
camera_part_at (QrWindow *self, QrOrthoCanvas *canvas, QrVec3 world)
{
  const QrOrthoView *view = qr_ortho_canvas_get_view (canvas);
  return qr_camera_marker_hit (qr_camera_canvas_get_camera (self->camera_canvas), view->axis,
                               1.0 / qr_ortho_view_get_zoom (view), world);
}

static void
on_tool_hover (QrOrthoCanvas *canvas, QrWindow *self)
{
  QrVec3 world;
  if (!qr_ortho_canvas_get_pointer (canvas, &world))
    {
      self->camera_hover = FALSE;
      hover (self, canvas, NULL);
      return;
    }
  if (self->camera_drag != QR_CAMERA_PART_NONE)
    return;
  /* Over the camera's marker a press takes the camera, not the tool. */
  QrCameraPart part = camera_part_at (self, canvas, world);
  if (part != QR_CAMERA_PART_NONE)
    {
      hover (self, canvas, NULL);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (canvas), part == QR_CAMERA_PART_BODY ? "move" : "crosshair");
      self->camera_hover = TRUE;
      return;
    }
  if (self->camera_hover)
    {
      self->camera_hover = FALSE;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (canvas), NULL);
    }
  QrInput in = input_at (self, canvas, world, 0);
  hover (self, canvas, &in);
}

/* Moves the part of the camera's marker being dragged to a canvas point. */
static void
drag_camera (QrWindow *self, QrOrthoCanvas *canvas, double x, double y)
{
  const QrOrthoView *view = qr_ortho_canvas_get_view (canvas);
  QrCamera cam = *qr_camera_canvas_get_camera (self->camera_canvas);
  qr_camera_marker_drag (&cam, self->camera_drag, view->axis, 1.0 / qr_ortho_view_get_zoom (view),
                         qr_ortho_view_screen_to_world (view, x, y, 0.0), self->camera_grab);
  qr_camera_canvas_place (self->camera_canvas, cam.position, cam.yaw, cam.pitch, cam.twist);
}

static void
on_tool_press (QrOrthoCanvas *canvas, double x, double y, guint state, QrWindow *self)
{
  const QrOrthoView *view = qr_ortho_canvas_get_view (canvas);
  QrVec3 world = qr_ortho_view_screen_to_world (view, x, y, 0.0);
  self->camera_drag = camera_part_at (self, canvas, world);
  if (self->camera_drag != QR_CAMERA_PART_NONE)
    {
      const QrCamera *cam = qr_camera_canvas_get_camera (self->camera_canvas);
      QrVec3 centre = cam->position;
      if (self->camera_drag == QR_CAMERA_PART_AIM)
        qr_camera_marker_aim (cam, view->axis, 1.0 / qr_ortho_view_get_zoom (view), &centre);
      self->camera_grab = qr_vec3_sub (world, centre);
      return;
    }
  QrInput in = input_for (self, canvas, x, y, state);
  qr_tool_press (self->tool, self->document, &in, 1);
  refresh_preview (self);
}

static void
on_tool_drag (QrOrthoCanvas *canvas, double x, double y, guint state, QrWindow *self)
{
  if (self->camera_drag != QR_CAMERA_PART_NONE)
    {
      drag_camera (self, canvas, x, y);
      return;
    }
  QrInput in = input_for (self, canvas, x, y, state);
  qr_tool_drag (self->tool, self->document, &in);
  refresh_preview (self);
}

static void
on_tool_release (QrOrthoCanvas *canvas, double x, double y, guint state, QrWindow *self)
{
  if (self->camera_drag != QR_CAMERA_PART_NONE)
    {
      drag_camera (self, canvas, x, y);
      self->camera_drag = QR_CAMERA_PART_NONE;
      return;
    }
  QrInput in = input_for (self, canvas, x, y, state);
  qr_tool_release (self->tool, self->document, &in);
  /* What the release made may now lie under the pointer. */
  hover (self, canvas, &in);
  _qr_window_refresh_tool_overlay (self);
  /* The gesture's last words are stale once it ended: what it left
   * pending, else what the edit had to say, else nothing. */
  const char *status = qr_tool_status (self->tool);
  _qr_window_set_message (self, status != NULL ? status : qr_document_get_note (self->document));
}

/* A click in the 3D view, as its picking ray: the Texture or Entity tool's
 * when one is active, else a left click selects as Select does, whichever
 * tool is active. */
static void
on_picked (QrCameraCanvas *canvas, const QrRay *ray, guint button, guint state, QrWindow *self)
{
  QrInput in = {
    .view = QR_TOOL_VIEW_3D,
    .ray = *ray,
    .grid = self->grid_size,
    .modifiers = input_modifiers (state),
  };
  if (self->tool == self->disp_tool)
    {
      if (button == GDK_BUTTON_PRIMARY)
        qr_tool_press (self->disp_tool, self->document, &in, 1);
      refresh_preview (self);
      return;
    }
  if (self->tool == self->entity_tool)
    {
      if (button == GDK_BUTTON_PRIMARY)
        qr_tool_press (self->entity_tool, self->document, &in, 1);
      const char *said = qr_tool_status (self->entity_tool);
      _qr_window_set_message (self, said != NULL ? said : qr_document_get_note (self->document));
      return;
    }
  if (self->tool == self->landscape_tool)
    {
      if (button == GDK_BUTTON_PRIMARY)
        qr_tool_press (self->landscape_tool, self->document, &in, 1);
      refresh_preview (self);
      return;
    }
  if (self->tool == self->vertex_tool)
    {
      /* A handle, or else the brush under the click. */
      if (button == GDK_BUTTON_PRIMARY)
        {
          in.pixel = camera_eye (self).pixel;
          qr_tool_press (self->vertex_tool, self->document, &in, 1);
        }
      refresh_preview (self);
      return;
    }
  if (self->tool != self->texture_tool)
    {
      if (button == GDK_BUTTON_PRIMARY)
        {
          /* Select reads Ctrl alone in 3D, and Shift to extrude a face
           * while it is the active tool (its drags come in then). */
          in.modifiers &= self->tool == self->select_tool ? QR_INPUT_CTRL | QR_INPUT_SHIFT | QR_INPUT_ALT : QR_INPUT_CTRL;
          qr_tool_press (self->select_tool, self->document, &in, 1);
          refresh_preview (self);
        }
      return;
    }
  const char *current = qr_texture_tool_get_texture (self->texture_tool);
  g_autofree char *before = g_strdup (current);
  qr_tool_press (self->texture_tool, self->document, &in, (int) button);
  /* The eyedropper made another texture current. */
  current = qr_texture_tool_get_texture (self->texture_tool);
  if (g_strcmp0 (before, current) != 0)
    _qr_window_set_current_texture (self, current);
  const char *status = qr_tool_status (self->texture_tool);
  _qr_window_set_message (self, status != NULL ? status : qr_document_get_note (self->document));
}

/* The left button dragged in the 3D view (after a "picked"), and let go:
 * the Displacement tool's stroke, the Landscape tool's control point, the
 * Vertex tool's handles, Select's extrude; the other tools take clicks
 * only. */
static bool
drags_in_3d (QrWindow *self)
{
  return self->tool == self->disp_tool || self->tool == self->landscape_tool || self->tool == self->vertex_tool
         || self->tool == self->select_tool;
}

static void
on_camera_dragged (QrCameraCanvas *canvas, const QrRay *ray, guint state, QrWindow *self)
{
  if (!drags_in_3d (self))
    return;
  QrInput in = { .view = QR_TOOL_VIEW_3D, .ray = *ray, .grid = self->grid_size, .modifiers = input_modifiers (state) };
  qr_tool_drag (self->tool, self->document, &in);
  refresh_preview (self);
}

static void
on_camera_released (QrCameraCanvas *canvas, const QrRay *ray, guint state, QrWindow *self)
{
  if (!drags_in_3d (self))
    return;
  QrInput in = { .view = QR_TOOL_VIEW_3D, .ray = *ray, .grid = self->grid_size, .modifiers = input_modifiers (state) };
  qr_tool_release (self->tool, self->document, &in);
  const char *status = qr_tool_status (self->tool);
  _qr_window_set_message (self, status != NULL ? status : qr_document_get_note (self->document));
  refresh_preview (self);
}

/* The pointer over the 3D view: the Entity tool's box follows it onto the
 * surfaces, the Displacement tool's brush lies on the surface under it, the
 * Vertex tool's handle under it lights up (the other tools have nothing to
 * show there). */
static void
on_camera_hovered (QrCameraCanvas *canvas, const QrRay *ray, QrWindow *self)
{
  if (self->tool != self->entity_tool && self->tool != self->disp_tool && self->tool != self->vertex_tool)
    return;
  QrInput in = { .view = QR_TOOL_VIEW_3D, .grid = self->grid_size, .pixel = camera_eye (self).pixel };
  if (ray != NULL)
    in.ray = *ray;
  if (qr_tool_hover (self->tool, self->document, ray != NULL ? &in : NULL))
    _qr_window_refresh_tool_overlay (self);
}

/* The Texture tool's keys, in any view: FALSE when they are not its (no
 * face selected, another tool), and the view's own meaning stands. */
static gboolean
texture_key (QrWindow *self, guint keyval, guint state)
{
  if (self->tool != self->texture_tool || (state & GDK_ALT_MASK))
    return FALSE;
  QrTextureKey key;
  switch (keyval)
    {
    case GDK_KEY_Left:
      key = QR_TEXTURE_KEY_LEFT;
      break;
    case GDK_KEY_Right:
      key = QR_TEXTURE_KEY_RIGHT;
      break;
    case GDK_KEY_Up:
      key = QR_TEXTURE_KEY_UP;
      break;
    case GDK_KEY_Down:
      key = QR_TEXTURE_KEY_DOWN;
      break;
    case GDK_KEY_Page_Up:
      key = QR_TEXTURE_KEY_ROTATE_UP;
      break;
    case GDK_KEY_Page_Down:
      key = QR_TEXTURE_KEY_ROTATE_DOWN;
      break;
    default:
      return FALSE;
    }
  if (!qr_texture_tool_key (self->texture_tool, self->document, key, input_modifiers (state), self->grid_size))
    return FALSE;
  const char *status = qr_tool_status (self->texture_tool);
  _qr_window_set_message (self, status != NULL ? status : qr_document_get_note (self->document));
  return TRUE;
}

/* Before the 3D view's own keys, where the arrows turn the camera. */
static gboolean
on_camera_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state, QrWindow *self)
{
  return texture_key (self, keyval, state);
}

/* Arrow keys nudge the selection one grid step along the view's axes; a
 * run of nudges is one undo step. */
static gboolean
nudge (QrWindow *self, QrOrthoCanvas *canvas, guint keyval)
{
  int dx = keyval == GDK_KEY_Left ? -1 : keyval == GDK_KEY_Right ? 1 : 0;
  int dy = keyval == GDK_KEY_Down ? -1 : keyval == GDK_KEY_Up ? 1 : 0;
  if (dx == 0 && dy == 0)
    return FALSE;
  g_autoptr (QrSelection) sel = qr_selection_copy (qr_document_get_selection (self->document));
  if (sel->brushes->len == 0 && sel->entities->len == 0)
    return FALSE;
  int r, u;
  qr_tool_view_axes ((int) qr_ortho_canvas_get_view (canvas)->axis, &r, &u, NULL);
  double d[3] = { 0, 0, 0 };
  d[r] = dx * self->grid_size;
  d[u] = dy * self->grid_size;
  /* The Vertex tool's selected handles go, not the brushes. */
  if (self->tool == self->vertex_tool && qr_vertex_tool_nudge (self->vertex_tool, self->document, qr_vec3 (d[0], d[1], d[2])))
    {
      const char *why = qr_tool_status (self->vertex_tool);
      g_autofree char *message = g_strdup_printf (_("Handles nudged by %g, %g, %g"), d[0], d[1], d[2]);
      _qr_window_set_message (self, why != NULL ? why : message);
      return TRUE;
    }
  g_autoptr (GError) error = NULL;
  QrObjects objs = qr_objects_of_selection (sel);
  if (!qr_op_nudge (self->document, &objs, qr_vec3 (d[0], d[1], d[2]), &error))
    _qr_window_set_message (self, error->message);
  else
    {
      g_autofree char *message = g_strdup_printf (_("Nudged by %g, %g, %g"), d[0], d[1], d[2]);
      _qr_window_set_message (self, message);
    }
  return TRUE;
}

static gboolean
on_tool_key (QrOrthoCanvas *canvas, guint keyval, guint state, QrWindow *self)
{
  gboolean handled = FALSE;
  if (texture_key (self, keyval, state))
    return TRUE;
  if (keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter)
    {
      handled = qr_tool_key (self->tool, self->document, QR_TOOL_KEY_ENTER);
      /* Enter leaves the Vertex tool, as in TrenchBroom. */
      if (!handled && self->tool == self->vertex_tool)
        {
          g_action_group_activate_action (G_ACTION_GROUP (self), "tool", g_variant_new_string ("select"));
          handled = TRUE;
        }
    }
  else if (keyval == GDK_KEY_Escape)
    {
      handled = qr_tool_key (self->tool, self->document, QR_TOOL_KEY_ESCAPE);
      /* Escape leaves the Entity and Vertex tools, the selection kept. */
      if (!handled && (self->tool == self->entity_tool || self->tool == self->vertex_tool))
        {
          /* A placed entity stays selected, for its properties. */
          g_action_group_activate_action (G_ACTION_GROUP (self), "tool", g_variant_new_string ("select"));
          handled = TRUE;
        }
      else if (!handled)
        {
          /* Nothing to cancel: Escape clears the selection, as in Hammer. */
          g_autoptr (QrSelection) none = qr_selection_new ();
          qr_document_set_selection (self->document, none);
          handled = TRUE;
        }
    }
  else if ((keyval == GDK_KEY_x || keyval == GDK_KEY_Tab) && !(state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)))
    handled = qr_tool_key (self->tool, self->document, QR_TOOL_KEY_CYCLE);
  else if (!(state & (GDK_CONTROL_MASK | GDK_ALT_MASK)))
    {
      /* A nudge is not the tool's: its last words would be stale. */
      handled = nudge (self, canvas, keyval);
      _qr_window_refresh_tool_overlay (self);
      return handled;
    }
  refresh_preview (self);
  return handled;
}

static void
tool_changed (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  QrWindow *self = user_data;
  const char *name = g_variant_get_string (state, NULL);
  QrTool *next = g_str_equal (name, "block")   ? self->block_tool
               : g_str_equal (name, "clip")    ? self->clip_tool
               : g_str_equal (name, "texture") ? self->texture_tool
               : g_str_equal (name, "entity")  ? self->entity_tool
               : g_str_equal (name, "landscape") ? self->landscape_tool
               : g_str_equal (name, "displacement") ? self->disp_tool
               : g_str_equal (name, "vertex") ? self->vertex_tool : self->select_tool;
  if (next == self->tool)
    {
      g_simple_action_set_state (action, state);
      return;
    }
  /* Leaving a tool drops what it had pending and what it had lit. */
  qr_tool_key (self->tool, self->document, QR_TOOL_KEY_ESCAPE);
  qr_tool_hover (self->tool, self->document, NULL);
  if (self->tool == self->texture_tool)
    {
      qr_texture_tool_leave (self->texture_tool, self->document);
      _qr_window_hide_face_dialog (self);
    }
  if (self->tool == self->disp_tool)
    qr_disp_tool_leave (self->disp_tool, self->document);
  if (next == self->texture_tool)
    {
      qr_texture_tool_enter (self->texture_tool, self->document);
      /* Face Properties comes with the tool, as Hammer's Face Edit sheet. */
      _qr_window_show_face_dialog (self);
    }
  for (int i = 0; i < 3; i++)
    gtk_widget_set_cursor (GTK_WIDGET (_qr_window_get_ortho (self, i)), NULL);
  self->tool = next;
  g_simple_action_set_state (action, state);
  gtk_stack_set_visible_child_name (self->tool_options, next == self->block_tool    ? "block"
                                                        : next == self->entity_tool ? "entity"
                                                        : next == self->landscape_tool ? "landscape"
                                                        : next == self->disp_tool   ? "displacement"
                                                                                    : "none");
  _qr_window_set_message (self, g_str_equal (name, "block")
                                  ? _("Block: drag a box in a 2D view, set its height in another, Enter creates it")
                                : g_str_equal (name, "clip")
                                  ? _("Clip: drag a line across the selection in a 2D view; X picks the half to keep, Enter clips")
                                : g_str_equal (name, "texture")
                                  ? _("Texture: click faces in 3D (Ctrl toggles, Shift: the brush's); right-click applies, "
                                      "Alt+click picks, Alt+right-click wraps")
                                : g_str_equal (name, "entity")
                                  ? _("Entity: click in a 2D view or on a surface in 3D to place the chosen class; "
                                      "Escape leaves the tool")
                                : g_str_equal (name, "landscape")
                                  ? _("Landscape: drag a rectangle in the top view; drag control points up or down in "
                                      "a side view or in 3D")
                                : g_str_equal (name, "displacement")
                                  ? _("Displacement: click faces in 3D (Shift toggles) for the panel's buttons; "
                                      "drag on a displacement to paint (Ctrl inverts Raise)")
                                : g_str_equal (name, "vertex")
                                  ? _("Vertex: drag a corner of the selected brushes in a 2D view (Alt: off the grid); "
                                      "Escape drops the drag")
                                  : _("Select: click an edge or centre, drag to move, drag on empty space to select a box"));
  refresh_preview (self);
}

/* Only the options the shape reads (qr-primitive.h): sides for the round
 * shapes and the arch's segments, arc and wall for the arch. Folded, not
 * hidden: a folded revealer still asks for its width, so the tool bar
 * keeps its width whatever the shape. */
static void
show_shape_options (QrWindow *self, QrPrimitiveShape shape)
{
  gboolean sides = shape == QR_PRIMITIVE_CYLINDER || shape == QR_PRIMITIVE_CONE || shape == QR_PRIMITIVE_SPHERE
                   || shape == QR_PRIMITIVE_ARCH;
  gboolean arch = shape == QR_PRIMITIVE_ARCH;
  gtk_revealer_set_reveal_child (self->shape_sides_revealer, sides);
  gtk_revealer_set_reveal_child (self->shape_arch_revealer, arch);
}

/* The Block tool's options panel → its shape. */
static void
on_shape_changed (QrWindow *self)
{
  static const QrPrimitiveShape shapes[] = { QR_PRIMITIVE_BLOCK, QR_PRIMITIVE_WEDGE, QR_PRIMITIVE_CYLINDER,
                                             QR_PRIMITIVE_CONE, QR_PRIMITIVE_SPHERE, QR_PRIMITIVE_ARCH };
  QrPrimitiveSpec spec = *qr_block_tool_get_shape (self->block_tool);
  guint i = gtk_drop_down_get_selected (self->shape_list);
  spec.shape = shapes[MIN (i, G_N_ELEMENTS (shapes) - 1)];
  spec.sides = gtk_spin_button_get_value_as_int (self->shape_sides);
  spec.arc_degrees = gtk_spin_button_get_value (self->shape_arc);
  spec.wall_width = gtk_spin_button_get_value (self->shape_wall);
  qr_block_tool_set_shape (self->block_tool, &spec);
  show_shape_options (self, spec.shape);
}

static const GActionEntry tool_entries[] = {
  { "tool", NULL, "s", "'select'", tool_changed },
};

void
_qr_window_init_tools (QrWindow *self)
{
  self->select_tool = qr_select_tool_new ();
  self->block_tool = qr_block_tool_new ();
  self->clip_tool = qr_clip_tool_new ();
  self->texture_tool = qr_texture_tool_new ();
  self->entity_tool = qr_entity_tool_new ();
  self->landscape_tool = qr_landscape_tool_new ();
  self->disp_tool = qr_disp_tool_new ();
  self->vertex_tool = qr_vertex_tool_new ();
  qr_texture_tool_set_texture (self->texture_tool, qr_block_tool_get_texture (self->block_tool));
  qr_landscape_tool_set_texture (self->landscape_tool, qr_block_tool_get_texture (self->block_tool));
  self->tool = self->select_tool;
  self->preview = g_array_new (FALSE, FALSE, sizeof (QrPreviewSegment));
  self->overlay = g_array_new (FALSE, FALSE, sizeof (QrOverlayLine));
  self->links = qr_entity_links_new ();
  self->link_scratch = g_array_new (FALSE, FALSE, sizeof (QrEntityLink));
  QrViewPane *panes[3] = { self->pane_top, self->pane_front, self->pane_side };
  for (int i = 0; i < 3; i++)
    {
      self->entity_names[i] = qr_entity_names_new (_qr_window_get_ortho (self, i));
      qr_view_pane_add_overlay (panes[i], self->entity_names[i]);
      self->view_overlay[i] = g_array_new (FALSE, FALSE, sizeof (QrOverlayLine));
      g_signal_connect_swapped (_qr_window_get_ortho (self, i), "view-changed", G_CALLBACK (_qr_window_refresh_tool_overlay),
                                self);
    }
  g_action_map_add_action_entries (G_ACTION_MAP (self), tool_entries, G_N_ELEMENTS (tool_entries), self);
  g_signal_connect_swapped (self->camera_canvas, "camera-moved", G_CALLBACK (on_camera_moved), self);
  g_signal_connect (self->camera_canvas, "picked", G_CALLBACK (on_picked), self);
  g_signal_connect (self->camera_canvas, "hovered", G_CALLBACK (on_camera_hovered), self);
  g_signal_connect (self->camera_canvas, "dragged", G_CALLBACK (on_camera_dragged), self);
  g_signal_connect (self->camera_canvas, "released", G_CALLBACK (on_camera_released), self);
  GtkEventController *keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_camera_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self->camera_canvas), keys);
  g_signal_connect_swapped (self->shape_list, "notify::selected", G_CALLBACK (on_shape_changed), self);
  g_signal_connect_swapped (self->shape_sides, "value-changed", G_CALLBACK (on_shape_changed), self);
  g_signal_connect_swapped (self->shape_arc, "value-changed", G_CALLBACK (on_shape_changed), self);
  g_signal_connect_swapped (self->shape_wall, "value-changed", G_CALLBACK (on_shape_changed), self);
  show_shape_options (self, qr_block_tool_get_shape (self->block_tool)->shape);
  for (int i = 0; i < 3; i++)
    {
      QrOrthoCanvas *canvas = _qr_window_get_ortho (self, i);
      g_signal_connect (canvas, "tool-press", G_CALLBACK (on_tool_press), self);
      g_signal_connect (canvas, "tool-drag", G_CALLBACK (on_tool_drag), self);
      g_signal_connect (canvas, "tool-release", G_CALLBACK (on_tool_release), self);
      g_signal_connect (canvas, "tool-key", G_CALLBACK (on_tool_key), self);
      g_signal_connect (canvas, "pointer-moved", G_CALLBACK (on_tool_hover), self);
    }
}

void
_qr_window_clear_tools (QrWindow *self)
{
  g_clear_pointer (&self->select_tool, qr_tool_free);
  g_clear_pointer (&self->block_tool, qr_tool_free);
  g_clear_pointer (&self->clip_tool, qr_tool_free);
  g_clear_pointer (&self->texture_tool, qr_tool_free);
  g_clear_pointer (&self->entity_tool, qr_tool_free);
  g_clear_pointer (&self->landscape_tool, qr_tool_free);
  g_clear_pointer (&self->disp_tool, qr_tool_free);
  g_clear_pointer (&self->vertex_tool, qr_tool_free);
  self->tool = NULL;
  g_clear_pointer (&self->preview, g_array_unref);
  g_clear_pointer (&self->overlay, g_array_unref);
  g_clear_pointer (&self->links, qr_entity_links_free);
  g_clear_pointer (&self->link_scratch, g_array_unref);
  for (int i = 0; i < 3; i++)
    g_clear_pointer (&self->view_overlay[i], g_array_unref);
}
