/* qr-scene-canvas.c — see qr-scene-canvas.h. */
#include "qr-scene-canvas.h"

typedef struct
{
  /* borrowed */
  QrSceneGl *scene;
  GdkGLContext *shared_context; /* the window's, when it has one */
  const QrOverlayLine *overlay; /* the window's: the tool's preview */
  guint n_overlay;

  /* owned */
  QrSceneView view;
  gboolean ready;
  gboolean focus_pending;     /* the pointer came in: focus on its first move */
  double enter_x, enter_y;    /* where it came in, on the window's surface */
} QrSceneCanvasPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (QrSceneCanvas, qr_scene_canvas, GTK_TYPE_GL_AREA)

enum
{
  RENDERED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
qr_scene_canvas_realize (GtkWidget *widget)
{
  QrSceneCanvasPrivate *priv = qr_scene_canvas_get_instance_private (QR_SCENE_CANVAS (widget));
  g_autoptr (GError) error = NULL;

  GTK_WIDGET_CLASS (qr_scene_canvas_parent_class)->realize (widget);
  gtk_gl_area_make_current (GTK_GL_AREA (widget));
  if (gtk_gl_area_get_error (GTK_GL_AREA (widget)) != NULL || priv->scene == NULL)
    return;
  if (!qr_scene_gl_acquire (priv->scene, &error))
    {
      gtk_gl_area_set_error (GTK_GL_AREA (widget), error);
      return;
    }
  qr_scene_view_init (&priv->view, priv->scene);
  priv->ready = TRUE;
}

static void
qr_scene_canvas_unrealize (GtkWidget *widget)
{
  QrSceneCanvasPrivate *priv = qr_scene_canvas_get_instance_private (QR_SCENE_CANVAS (widget));

  if (priv->ready)
    {
      gtk_gl_area_make_current (GTK_GL_AREA (widget));
      qr_scene_view_clear (&priv->view);
      qr_scene_gl_release (priv->scene);
      priv->ready = FALSE;
    }
  GTK_WIDGET_CLASS (qr_scene_canvas_parent_class)->unrealize (widget);
}

static GdkGLContext *
qr_scene_canvas_create_context (GtkGLArea *area)
{
  QrSceneCanvasPrivate *priv = qr_scene_canvas_get_instance_private (QR_SCENE_CANVAS (area));
  if (priv->shared_context != NULL)
    return g_object_ref (priv->shared_context);
  return GTK_GL_AREA_CLASS (qr_scene_canvas_parent_class)->create_context (area);
}

static gboolean
qr_scene_canvas_render (GtkGLArea *area, GdkGLContext *context)
{
  QrSceneCanvas *self = QR_SCENE_CANVAS (area);
  QrSceneCanvasPrivate *priv = qr_scene_canvas_get_instance_private (self);

  if (!priv->ready)
    return FALSE;
  GtkWidget *widget = GTK_WIDGET (area);
  QR_SCENE_CANVAS_GET_CLASS (self)->draw (self, priv->scene, &priv->view, gtk_widget_get_width (widget),
                                          gtk_widget_get_height (widget), gtk_widget_get_scale_factor (widget));
  qr_scene_draw_overlay (priv->scene, &priv->view, priv->overlay, priv->n_overlay);
  g_signal_emit (self, signals[RENDERED], 0);
  return TRUE;
}

static void
qr_scene_canvas_class_init (QrSceneCanvasClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkGLAreaClass *area_class = GTK_GL_AREA_CLASS (klass);

  widget_class->realize = qr_scene_canvas_realize;
  widget_class->unrealize = qr_scene_canvas_unrealize;
  area_class->render = qr_scene_canvas_render;
  area_class->create_context = qr_scene_canvas_create_context;

  signals[RENDERED] = g_signal_new ("rendered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 0);
}

/* Where the pointer is on the window's surface, which the widgets moving
 * around a pointer standing still do not change. */
static gboolean
surface_position (GtkEventController *controller, double *x, double *y)
{
  GdkEvent *event = gtk_event_controller_get_current_event (controller);
  if (event != NULL && gdk_event_get_position (event, x, y))
    return TRUE;
  /* A crossing GTK makes up when the widgets change has no event. */
  GtkWidget *widget = gtk_event_controller_get_widget (controller);
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSeat *seat = gdk_display_get_default_seat (gtk_widget_get_display (widget));
  GdkDevice *pointer = seat != NULL ? gdk_seat_get_pointer (seat) : NULL;
  return native != NULL && pointer != NULL
         && gdk_surface_get_device_position (gtk_native_get_surface (native), pointer, x, y, NULL);
}

/* Keys such as Space, the arrows and W A S D go to the view under the
 * pointer. Focus follows a pointer that moves in, not the crossing and
 * motion GTK sends when widgets change around a pointer standing still
 * (their positions in the view differ, its place on the window does not):
 * that would take the keys from a text field being typed in (the texture
 * browser's filter, as the views make room for the browser). */
static void
on_pointer_enter (GtkEventControllerMotion *motion, double x, double y, QrSceneCanvas *self)
{
  QrSceneCanvasPrivate *priv = qr_scene_canvas_get_instance_private (self);
  priv->focus_pending = surface_position (GTK_EVENT_CONTROLLER (motion), &priv->enter_x, &priv->enter_y);
}

static void
on_pointer_motion (GtkEventControllerMotion *motion, double x, double y, QrSceneCanvas *self)
{
  QrSceneCanvasPrivate *priv = qr_scene_canvas_get_instance_private (self);
  double sx, sy;
  if (priv->focus_pending && surface_position (GTK_EVENT_CONTROLLER (motion), &sx, &sy)
      && (sx != priv->enter_x || sy != priv->enter_y))
    {
      priv->focus_pending = FALSE;
      gtk_widget_grab_focus (GTK_WIDGET (self));
    }
}

static void
on_pointer_leave (GtkEventControllerMotion *motion, QrSceneCanvas *self)
{
  QrSceneCanvasPrivate *priv = qr_scene_canvas_get_instance_private (self);
  priv->focus_pending = FALSE;
}

static void
qr_scene_canvas_init (QrSceneCanvas *self)
{
  gtk_gl_area_set_required_version (GTK_GL_AREA (self), 3, 3);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  GtkEventController *motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "enter", G_CALLBACK (on_pointer_enter), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_pointer_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_pointer_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
}

void
qr_scene_canvas_set_scene (QrSceneCanvas *self, QrSceneGl *scene)
{
  g_return_if_fail (QR_IS_SCENE_CANVAS (self));
  g_return_if_fail (!gtk_widget_get_realized (GTK_WIDGET (self)));
  QrSceneCanvasPrivate *priv = qr_scene_canvas_get_instance_private (self);
  priv->scene = scene;
}

void
qr_scene_canvas_set_shared_context (QrSceneCanvas *self, GdkGLContext *context)
{
  g_return_if_fail (QR_IS_SCENE_CANVAS (self));
  g_return_if_fail (context == NULL || GDK_IS_GL_CONTEXT (context));
  QrSceneCanvasPrivate *priv = qr_scene_canvas_get_instance_private (self);
  priv->shared_context = context;
}

void
qr_scene_canvas_set_overlay (QrSceneCanvas *self, const QrOverlayLine *lines, guint n)
{
  g_return_if_fail (QR_IS_SCENE_CANVAS (self));
  QrSceneCanvasPrivate *priv = qr_scene_canvas_get_instance_private (self);
  priv->overlay = lines;
  priv->n_overlay = n;
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
}
