/* qr-ortho-canvas.c — see qr-ortho-canvas.h. */
#include "qr-ortho-canvas.h"

struct _QrOrthoCanvas
{
  QrSceneCanvas parent_instance;

  /* owned */
  QrOrthoView view;
  int grid_size;
  gboolean space_held;
  gboolean pointer_inside;
  double pointer_x, pointer_y;
  double pan_last_x, pan_last_y;
  QrBounds pending_fit; /* a fit to make when the canvas next draws, at its size then */
  gboolean pending_keep_zoom; /* the fit only centres, unless the box does not fit */
  guint changed_source; /* idle that tells of a view changed while drawing */
};

G_DEFINE_FINAL_TYPE (QrOrthoCanvas, qr_ortho_canvas, QR_TYPE_SCENE_CANVAS)

enum
{
  PROP_0,
  PROP_AXIS,
  N_PROPS
};

enum
{
  POINTER_MOVED,
  VIEW_CHANGED,
  TOOL_PRESS,
  TOOL_DRAG,
  TOOL_RELEASE,
  TOOL_KEY,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
view_changed (QrOrthoCanvas *self)
{
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
  g_signal_emit (self, signals[VIEW_CHANGED], 0);
}

static gboolean
emit_view_changed (gpointer user_data)
{
  QrOrthoCanvas *self = user_data;
  self->changed_source = 0;
  g_signal_emit (self, signals[VIEW_CHANGED], 0);
  return G_SOURCE_REMOVE;
}

static void
qr_ortho_canvas_draw (QrSceneCanvas *canvas, QrSceneGl *scene, QrSceneView *view, int width, int height, int scale)
{
  QrOrthoCanvas *self = QR_ORTHO_CANVAS (canvas);

  if (width != self->view.width || height != self->view.height)
    qr_ortho_view_set_size (&self->view, width, height);
  if (!qr_bounds_is_empty (self->pending_fit))
    {
      QrOrthoView fitted = self->view;
      qr_ortho_view_fit (&fitted, self->pending_fit, 24.0);
      if (self->pending_keep_zoom && fitted.zoom_level >= self->view.zoom_level)
        qr_ortho_view_set_center (&self->view, qr_vec3_scale (qr_vec3_add (self->pending_fit.min,
                                                                             self->pending_fit.max), 0.5));
      else
        self->view = fitted;
      self->pending_fit = qr_bounds_empty ();
      /* Not from inside the frame: listeners update labels, which would
       * queue a relayout in the middle of drawing. */
      if (self->changed_source == 0)
        self->changed_source = g_idle_add (emit_view_changed, self);
    }
  qr_scene_draw_ortho (scene, view, &self->view, self->grid_size, scale);
}
/* ---- input ---- */

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, QrOrthoCanvas *self)
{
  self->pointer_inside = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  g_signal_emit (self, signals[POINTER_MOVED], 0);
}

static void
on_leave (GtkEventControllerMotion *motion, QrOrthoCanvas *self)
{
  self->pointer_inside = FALSE;
  g_signal_emit (self, signals[POINTER_MOVED], 0);
}

/* (Focus follows the pointer: see QrSceneCanvas.) */
static void
on_enter (GtkEventControllerMotion *motion, double x, double y, QrOrthoCanvas *self)
{
  on_motion (motion, x, y, self);
}

static gboolean
on_scroll (GtkEventControllerScroll *scroll, double dx, double dy, QrOrthoCanvas *self)
{
  /* Smooth-scrolling devices send fractions; a step is a whole notch. */
  int steps = dy < 0 ? 1 : dy > 0 ? -1 : 0;
  if (steps != 0 && qr_ortho_view_zoom_at (&self->view, self->pointer_x, self->pointer_y, steps))
    {
      view_changed (self);
      g_signal_emit (self, signals[POINTER_MOVED], 0);
    }
  return steps != 0;
}

static void
on_pan_begin (GtkGestureDrag *drag, double x, double y, QrOrthoCanvas *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (drag));
  if (button == GDK_BUTTON_MIDDLE || (button == GDK_BUTTON_PRIMARY && self->space_held))
    {
      gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_CLAIMED);
      self->pan_last_x = self->pan_last_y = 0;
    }
  else
    gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_DENIED);
}

static void
on_pan_update (GtkGestureDrag *drag, double ox, double oy, QrOrthoCanvas *self)
{
  qr_ortho_view_pan (&self->view, ox - self->pan_last_x, oy - self->pan_last_y);
  self->pan_last_x = ox;
  self->pan_last_y = oy;
  view_changed (self);
}

static gboolean
on_key_pressed (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                QrOrthoCanvas *self)
{
  if (keyval == GDK_KEY_space)
    {
      self->space_held = TRUE;
      return TRUE;
    }
  gboolean handled = FALSE;
  g_signal_emit (self, signals[TOOL_KEY], 0, keyval, (guint) state, &handled);
  return handled;
}

/* The left button drives the active tool, unless Space is held to pan. */
static void
on_tool_begin (GtkGestureDrag *drag, double x, double y, QrOrthoCanvas *self)
{
  if (self->space_held)
    {
      gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (drag));
  gtk_widget_grab_focus (GTK_WIDGET (self));
  g_signal_emit (self, signals[TOOL_PRESS], 0, x, y, (guint) state);
}

static void
on_tool_update (GtkGestureDrag *drag, double ox, double oy, QrOrthoCanvas *self)
{
  double x, y;
  gtk_gesture_drag_get_start_point (drag, &x, &y);
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (drag));
  self->pointer_x = x + ox;
  self->pointer_y = y + oy;
  g_signal_emit (self, signals[TOOL_DRAG], 0, x + ox, y + oy, (guint) state);
}

static void
on_tool_end (GtkGestureDrag *drag, double ox, double oy, QrOrthoCanvas *self)
{
  double x, y;
  gtk_gesture_drag_get_start_point (drag, &x, &y);
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (drag));
  g_signal_emit (self, signals[TOOL_RELEASE], 0, x + ox, y + oy, (guint) state);
}

static void
on_key_released (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                 QrOrthoCanvas *self)
{
  if (keyval == GDK_KEY_space)
    self->space_held = FALSE;
}

/* ---- GObject ---- */

static void
qr_ortho_canvas_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  QrOrthoCanvas *self = QR_ORTHO_CANVAS (object);
  switch (prop_id)
    {
    case PROP_AXIS:
      g_value_set_int (value, self->view.axis);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qr_ortho_canvas_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  QrOrthoCanvas *self = QR_ORTHO_CANVAS (object);
  switch (prop_id)
    {
    case PROP_AXIS:
      self->view.axis = (QrOrthoAxis) g_value_get_int (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qr_ortho_canvas_dispose (GObject *object)
{
  QrOrthoCanvas *self = QR_ORTHO_CANVAS (object);
  g_clear_handle_id (&self->changed_source, g_source_remove);
  G_OBJECT_CLASS (qr_ortho_canvas_parent_class)->dispose (object);
}

static void
qr_ortho_canvas_class_init (QrOrthoCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qr_ortho_canvas_dispose;
  object_class->get_property = qr_ortho_canvas_get_property;
  object_class->set_property = qr_ortho_canvas_set_property;
  QR_SCENE_CANVAS_CLASS (klass)->draw = qr_ortho_canvas_draw;

  /* 0 top, 1 front, 2 side (QrOrthoAxis). */
  properties[PROP_AXIS] = g_param_spec_int ("axis", NULL, NULL, QR_ORTHO_AXIS_TOP, QR_ORTHO_AXIS_SIDE,
                                            QR_ORTHO_AXIS_TOP,
                                            G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[POINTER_MOVED] = g_signal_new ("pointer-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[VIEW_CHANGED] = g_signal_new ("view-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* (double x, double y, guint modifier state): the left button, in pixels. */
  signals[TOOL_PRESS] = g_signal_new ("tool-press", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                      NULL, G_TYPE_NONE, 3, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_UINT);
  signals[TOOL_DRAG] = g_signal_new ("tool-drag", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                     NULL, G_TYPE_NONE, 3, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_UINT);
  signals[TOOL_RELEASE] = g_signal_new ("tool-release", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                        NULL, NULL, G_TYPE_NONE, 3, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_UINT);
  /* (guint keyval, guint modifier state) → TRUE when used. */
  signals[TOOL_KEY] = g_signal_new ("tool-key", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    g_signal_accumulator_true_handled, NULL, NULL, G_TYPE_BOOLEAN, 2, G_TYPE_UINT,
                                    G_TYPE_UINT);
  gtk_widget_class_set_css_name (widget_class, "qr-ortho-canvas");
}

static void
qr_ortho_canvas_init (QrOrthoCanvas *self)
{
  /* Edge order, not depth, puts the selection on top. */
  gtk_gl_area_set_has_depth_buffer (GTK_GL_AREA (self), FALSE);
  qr_ortho_view_init (&self->view, QR_ORTHO_AXIS_TOP, 1, 1);
  /* A 512-unit room fits a small pane: start at a quarter of a pixel per unit. */
  qr_ortho_view_set_zoom_level (&self->view, -4);
  self->grid_size = 16;
  self->pending_fit = qr_bounds_empty ();

  GtkEventController *motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "enter", G_CALLBACK (on_enter), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL
                                                                | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  GtkGesture *pan = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (pan), 0);
  g_signal_connect (pan, "drag-begin", G_CALLBACK (on_pan_begin), self);
  g_signal_connect (pan, "drag-update", G_CALLBACK (on_pan_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (pan));

  GtkGesture *tool = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (tool), GDK_BUTTON_PRIMARY);
  g_signal_connect (tool, "drag-begin", G_CALLBACK (on_tool_begin), self);
  g_signal_connect (tool, "drag-update", G_CALLBACK (on_tool_update), self);
  g_signal_connect (tool, "drag-end", G_CALLBACK (on_tool_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (tool));

  GtkEventController *keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  g_signal_connect (keys, "key-released", G_CALLBACK (on_key_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

void
qr_ortho_canvas_set_grid_size (QrOrthoCanvas *self, int grid_size)
{
  g_return_if_fail (QR_IS_ORTHO_CANVAS (self));
  self->grid_size = grid_size <= 0 ? 0 : CLAMP (grid_size, QR_GRID_SIZE_MIN, QR_GRID_SIZE_MAX);
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
}

const QrOrthoView *
qr_ortho_canvas_get_view (QrOrthoCanvas *self)
{
  g_return_val_if_fail (QR_IS_ORTHO_CANVAS (self), NULL);
  return &self->view;
}

void
qr_ortho_canvas_zoom (QrOrthoCanvas *self, int steps)
{
  g_return_if_fail (QR_IS_ORTHO_CANVAS (self));
  qr_ortho_view_set_zoom_level (&self->view, self->view.zoom_level + steps);
  view_changed (self);
}

gboolean
qr_ortho_canvas_fit (QrOrthoCanvas *self, QrBounds box)
{
  g_return_val_if_fail (QR_IS_ORTHO_CANVAS (self), FALSE);
  if (qr_bounds_is_empty (box))
    return FALSE;
  /* Made when the canvas next draws, with the size it has then: a layout
   * may still be on its way (a load bar going away). */
  self->pending_fit = box;
  self->pending_keep_zoom = FALSE;
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
  return TRUE;
}

gboolean
qr_ortho_canvas_centre (QrOrthoCanvas *self, QrBounds box)
{
  g_return_val_if_fail (QR_IS_ORTHO_CANVAS (self), FALSE);
  if (!qr_ortho_canvas_fit (self, box))
    return FALSE;
  self->pending_keep_zoom = TRUE;
  return TRUE;
}

gboolean
qr_ortho_canvas_get_pointer (QrOrthoCanvas *self, QrVec3 *world)
{
  g_return_val_if_fail (QR_IS_ORTHO_CANVAS (self), FALSE);
  if (!self->pointer_inside)
    return FALSE;
  *world = qr_ortho_view_screen_to_world (&self->view, self->pointer_x, self->pointer_y, 0.0);
  return TRUE;
}

