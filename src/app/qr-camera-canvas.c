/* qr-camera-canvas.c — see qr-camera-canvas.h. */
#include "qr-camera-canvas.h"

#include <math.h>

/* Degrees the camera turns per pixel of mouse-look. */
#define LOOK_DEGREES_PER_PIXEL 0.3
/* A right-button look that moved less than this many pixels is a click. */
#define RIGHT_CLICK_PX 3.0
/* Shift's speed-up for held keys. */
#define FAST_FACTOR 4.0

struct _QrCameraCanvas
{
  QrSceneCanvas parent_instance;

  /* owned */
  QrCamera camera;
  QrRenderMode mode;
  gboolean show_normals;
  guint held;          /* bit per QrCameraAction */
  gboolean fast;
  guint tick_id;
  gint64 last_frame_us;
  double look_last_x, look_last_y;
  QrRay look_ray;          /* under the pointer when the right button went down */
  GdkModifierType look_state;
};

G_DEFINE_FINAL_TYPE (QrCameraCanvas, qr_camera_canvas, QR_TYPE_SCENE_CANVAS)

enum
{
  PICKED,
  DRAGGED,
  RELEASED,
  HOVERED,
  CAMERA_MOVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
camera_moved (QrCameraCanvas *self)
{
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
  g_signal_emit (self, signals[CAMERA_MOVED], 0);
}

static void
qr_camera_canvas_unrealize (GtkWidget *widget)
{
  QrCameraCanvas *self = QR_CAMERA_CANVAS (widget);

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (widget, self->tick_id);
      self->tick_id = 0;
    }
  GTK_WIDGET_CLASS (qr_camera_canvas_parent_class)->unrealize (widget);
}

static void
qr_camera_canvas_draw (QrSceneCanvas *canvas, QrSceneGl *scene, QrSceneView *view, int width, int height, int scale)
{
  QrCameraCanvas *self = QR_CAMERA_CANVAS (canvas);
  qr_scene_draw_3d (scene, view, &self->camera, width * scale, height * scale, self->mode, self->show_normals);
}
/* ---- held keys move the camera, frame by frame ---- */

static gboolean
on_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  QrCameraCanvas *self = QR_CAMERA_CANVAS (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (self->held == 0)
    {
      self->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  /* A stalled frame must not throw the camera across the map. */
  double seconds = MIN ((now - self->last_frame_us) / 1e6, 0.1);
  self->last_frame_us = now;
  for (int a = 0; a < QR_CAMERA_N_ACTIONS; a++)
    if (self->held & (1u << a))
      qr_camera_step (&self->camera, (QrCameraAction) a, seconds * (self->fast ? FAST_FACTOR : 1.0));
  camera_moved (self);
  return G_SOURCE_CONTINUE;
}

static int
action_for_key (guint keyval, GdkModifierType state)
{
  gboolean shift = (state & GDK_SHIFT_MASK) != 0;
  switch (gdk_keyval_to_lower (keyval))
    {
    case GDK_KEY_w:
      return QR_CAMERA_MOVE_FORWARD;
    case GDK_KEY_s:
      return QR_CAMERA_MOVE_BACKWARD;
    case GDK_KEY_a:
      return QR_CAMERA_STRAFE_LEFT;
    case GDK_KEY_d:
      return QR_CAMERA_STRAFE_RIGHT;
    case GDK_KEY_space:
    case GDK_KEY_e:
      return QR_CAMERA_MOVE_UP;
    case GDK_KEY_c:
    case GDK_KEY_q:
      return QR_CAMERA_MOVE_DOWN;
    case GDK_KEY_Left:
      return shift ? QR_CAMERA_TWIST_LEFT : QR_CAMERA_TURN_LEFT;
    case GDK_KEY_Right:
      return shift ? QR_CAMERA_TWIST_RIGHT : QR_CAMERA_TURN_RIGHT;
    case GDK_KEY_Up:
      return QR_CAMERA_LOOK_UP;
    case GDK_KEY_Down:
      return QR_CAMERA_LOOK_DOWN;
    default:
      return -1;
    }
}

static gboolean
on_key_pressed (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                QrCameraCanvas *self)
{
  if (keyval == GDK_KEY_Shift_L || keyval == GDK_KEY_Shift_R)
    {
      self->fast = TRUE;
      return FALSE;
    }
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  int action = action_for_key (keyval, state);
  if (action < 0)
    return FALSE;
  self->fast = (state & GDK_SHIFT_MASK) != 0 && keyval != GDK_KEY_Left && keyval != GDK_KEY_Right;
  self->held |= 1u << action;
  if (self->tick_id == 0)
    {
      GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
      self->last_frame_us = clock ? gdk_frame_clock_get_frame_time (clock) : g_get_monotonic_time ();
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), on_tick, NULL, NULL);
    }
  return TRUE;
}

static void
on_key_released (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                 QrCameraCanvas *self)
{
  if (keyval == GDK_KEY_Shift_L || keyval == GDK_KEY_Shift_R)
    {
      self->fast = FALSE;
      return;
    }
  /* Release both readings of an arrow: Shift may have changed meanwhile. */
  if (keyval == GDK_KEY_Left)
    self->held &= ~(1u << QR_CAMERA_TURN_LEFT | 1u << QR_CAMERA_TWIST_LEFT);
  else if (keyval == GDK_KEY_Right)
    self->held &= ~(1u << QR_CAMERA_TURN_RIGHT | 1u << QR_CAMERA_TWIST_RIGHT);
  else
    {
      int action = action_for_key (keyval, state);
      if (action >= 0)
        self->held &= ~(1u << action);
    }
}

static void
on_focus_leave (GtkEventControllerFocus *focus, QrCameraCanvas *self)
{
  /* A key released while another window had focus never reaches us. */
  self->held = 0;
  self->fast = FALSE;
}

static gboolean
on_scroll (GtkEventControllerScroll *scroll, double dx, double dy, QrCameraCanvas *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));
  if (dy == 0)
    return FALSE;
  if (state & GDK_CONTROL_MASK)
    /* Ctrl+wheel changes the speed, as the camera's speed levels do. */
    qr_camera_scale_speed (&self->camera, dy < 0 ? 1 : -1);
  else
    /* A notch moves an eighth of a second's travel forward or back. */
    qr_camera_step (&self->camera, dy < 0 ? QR_CAMERA_MOVE_FORWARD : QR_CAMERA_MOVE_BACKWARD, 0.125);
  camera_moved (self);
  return TRUE;
}

static void
pick_ray (QrCameraCanvas *self, double x, double y, QrRay *ray)
{
  qr_camera_pick_ray (&self->camera, x, y, gtk_widget_get_width (GTK_WIDGET (self)),
                      gtk_widget_get_height (GTK_WIDGET (self)), ray);
}

static void
on_look_begin (GtkGestureDrag *drag, double x, double y, QrCameraCanvas *self)
{
  self->look_last_x = self->look_last_y = 0;
  /* The ray as the press found it: the look may turn the camera a little
   * before the release tells a click from a look. */
  pick_ray (self, x, y, &self->look_ray);
  self->look_state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (drag));
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

/* The right button let go where it went down: a right-click. */
static void
on_look_end (GtkGestureDrag *drag, double ox, double oy, QrCameraCanvas *self)
{
  if (fabs (ox) < RIGHT_CLICK_PX && fabs (oy) < RIGHT_CLICK_PX)
    g_signal_emit (self, signals[PICKED], 0, &self->look_ray, (guint) GDK_BUTTON_SECONDARY, (guint) self->look_state);
}

static void
on_look_update (GtkGestureDrag *drag, double ox, double oy, QrCameraCanvas *self)
{
  double dx = ox - self->look_last_x, dy = oy - self->look_last_y;
  self->look_last_x = ox;
  self->look_last_y = oy;
  qr_camera_set_angles (&self->camera, self->camera.yaw - dx * LOOK_DEGREES_PER_PIXEL,
                        self->camera.pitch - dy * LOOK_DEGREES_PER_PIXEL, self->camera.twist);
  camera_moved (self);
}

static void
on_click (GtkGestureClick *click, int n_press, double x, double y, QrCameraCanvas *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (click));
  QrRay ray;
  pick_ray (self, x, y, &ray);
  gtk_widget_grab_focus (GTK_WIDGET (self));
  g_signal_emit (self, signals[PICKED], 0, &ray, (guint) GDK_BUTTON_PRIMARY, (guint) state);
}

/* The left button held: the rays of its path and of its release, for the
 * tools that paint (the Displacement tool's strokes). */
static void
left_drag_signal (GtkGestureDrag *drag, double ox, double oy, QrCameraCanvas *self, guint signal)
{
  double x, y;
  QrRay ray;
  if (!gtk_gesture_drag_get_start_point (drag, &x, &y))
    return;
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (drag));
  pick_ray (self, x + ox, y + oy, &ray);
  g_signal_emit (self, signals[signal], 0, &ray, (guint) state);
}

static void
on_left_drag_update (GtkGestureDrag *drag, double ox, double oy, QrCameraCanvas *self)
{
  left_drag_signal (drag, ox, oy, self, DRAGGED);
}

static void
on_left_drag_end (GtkGestureDrag *drag, double ox, double oy, QrCameraCanvas *self)
{
  left_drag_signal (drag, ox, oy, self, RELEASED);
}

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, QrCameraCanvas *self)
{
  QrRay ray;
  pick_ray (self, x, y, &ray);
  g_signal_emit (self, signals[HOVERED], 0, &ray);
}

static void
on_leave (GtkEventControllerMotion *motion, QrCameraCanvas *self)
{
  g_signal_emit (self, signals[HOVERED], 0, NULL);
}

/* ---- GObject ---- */

static void
qr_camera_canvas_class_init (QrCameraCanvasClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->unrealize = qr_camera_canvas_unrealize;
  QR_SCENE_CANVAS_CLASS (klass)->draw = qr_camera_canvas_draw;

  /* (const QrRay *ray, guint button, guint state): a click of the left
   * or right button (GDK_BUTTON_*; a right press that moved is a look, not
   * a click) with its GdkModifierType, as a picking ray. */
  signals[PICKED] = g_signal_new ("picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                  NULL, G_TYPE_NONE, 3, G_TYPE_POINTER, G_TYPE_UINT, G_TYPE_UINT);
  /* (const QrRay *ray, guint state): the pointer moved with the left
   * button held since a "picked", and where it let go. */
  signals[DRAGGED] = g_signal_new ("dragged", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);
  signals[RELEASED] = g_signal_new ("released", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);
  /* (const QrRay *ray): the pointer moved over the view (the ray under it)
   * or left it (NULL); the Entity tool's box follows it. */
  signals[HOVERED] = g_signal_new ("hovered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* The camera moved or turned: the design views show where it is. */
  signals[CAMERA_MOVED] = g_signal_new ("camera-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                        NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_css_name (widget_class, "qr-camera-canvas");
}

static void
qr_camera_canvas_init (QrCameraCanvas *self)
{
  gtk_gl_area_set_has_depth_buffer (GTK_GL_AREA (self), TRUE);
  qr_camera_init (&self->camera);
  /* About 90° across a pane of 16:10, as Quake shows the world; the
   * camera's own 90° vertical would bend wide panes like a fish-eye. */
  self->camera.fov_y = 60.0;
  self->camera.position = qr_vec3 (-256, -256, 192);
  qr_camera_look_at (&self->camera, qr_vec3 (0, 0, 0));

  GtkEventController *keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  g_signal_connect (keys, "key-released", G_CALLBACK (on_key_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "leave", G_CALLBACK (on_focus_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL
                                                                | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  GtkGesture *look = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (look), GDK_BUTTON_SECONDARY);
  g_signal_connect (look, "drag-begin", G_CALLBACK (on_look_begin), self);
  g_signal_connect (look, "drag-update", G_CALLBACK (on_look_update), self);
  g_signal_connect (look, "drag-end", G_CALLBACK (on_look_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (look));

  GtkEventController *motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  GtkGesture *click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  /* After the click, so "picked" comes before the first "dragged". */
  GtkGesture *left = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (left), GDK_BUTTON_PRIMARY);
  g_signal_connect (left, "drag-update", G_CALLBACK (on_left_drag_update), self);
  g_signal_connect (left, "drag-end", G_CALLBACK (on_left_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (left));
}

void
qr_camera_canvas_set_mode (QrCameraCanvas *self, QrRenderMode mode)
{
  g_return_if_fail (QR_IS_CAMERA_CANVAS (self));
  self->mode = mode;
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
}

void
qr_camera_canvas_set_show_normals (QrCameraCanvas *self, gboolean show)
{
  g_return_if_fail (QR_IS_CAMERA_CANVAS (self));
  self->show_normals = show;
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
}

void
qr_camera_canvas_set_move_speed (QrCameraCanvas *self, double speed)
{
  g_return_if_fail (QR_IS_CAMERA_CANVAS (self));
  self->camera.move_speed = speed;
}

/* The distance at which the box's bounding sphere fills the vertical
 * field of view. */
static double
framing_distance (QrCameraCanvas *self, QrBounds box)
{
  QrVec3 size = qr_vec3_sub (box.max, box.min);
  double radius = 0.5 * sqrt (size.x * size.x + size.y * size.y + size.z * size.z);
  return radius / sin (self->camera.fov_y * G_PI / 360.0) + 16.0;
}

void
qr_camera_canvas_frame (QrCameraCanvas *self, QrBounds box)
{
  g_return_if_fail (QR_IS_CAMERA_CANVAS (self));
  if (qr_bounds_is_empty (box))
    return;
  QrVec3 centre = qr_vec3_scale (qr_vec3_add (box.min, box.max), 0.5);
  /* From the south-west, above. */
  double distance = framing_distance (self, box);
  QrVec3 dir = qr_vec3 (-0.62, -0.62, 0.48);
  self->camera.position = qr_vec3_add (centre, qr_vec3_scale (dir, distance / sqrt (0.62 * 0.62 * 2 + 0.48 * 0.48)));
  qr_camera_look_at (&self->camera, centre);
  camera_moved (self);
}

void
qr_camera_canvas_centre (QrCameraCanvas *self, QrBounds box)
{
  g_return_if_fail (QR_IS_CAMERA_CANVAS (self));
  if (qr_bounds_is_empty (box))
    return;
  QrVec3 centre = qr_vec3_scale (qr_vec3_add (box.min, box.max), 0.5);
  QrVec3 forward;
  qr_camera_get_basis (&self->camera, &forward, NULL, NULL);
  /* Nearer than a room's width only when the box needs it; never so near
   * that the box overflows the view. */
  double distance = MAX (framing_distance (self, box),
                         MIN (qr_vec3_length (qr_vec3_sub (centre, self->camera.position)), 512.0));
  self->camera.position = qr_vec3_sub (centre, qr_vec3_scale (forward, distance));
  camera_moved (self);
}

const QrCamera *
qr_camera_canvas_get_camera (QrCameraCanvas *self)
{
  g_return_val_if_fail (QR_IS_CAMERA_CANVAS (self), NULL);
  return &self->camera;
}

void
qr_camera_canvas_place (QrCameraCanvas *self, QrVec3 position, double yaw, double pitch, double twist)
{
  g_return_if_fail (QR_IS_CAMERA_CANVAS (self));
  self->camera.position = position;
  qr_camera_set_angles (&self->camera, yaw, pitch, twist);
  camera_moved (self);
}
