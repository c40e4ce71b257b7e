/* qr-view-pane.c — see qr-view-pane.h. */
#include "qr-view-pane.h"

#include <glib/gi18n.h>

struct _QrViewPane
{
  GtkWidget parent_instance;

  /* template widgets */
  GtkWidget *header;
  GtkLabel *title_label;
  GtkMenuButton *menu_button;
  GtkToggleButton *maximize_button;
  GtkOverlay *overlay;
  GtkLabel *axes_label;

  /* owned */
  char *id;
  GtkWidget *canvas;
};

G_DEFINE_FINAL_TYPE (QrViewPane, qr_view_pane, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_ID,
  PROP_TITLE,
  PROP_AXES,
  PROP_CANVAS,
  PROP_MENU_MODEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_canvas (QrViewPane *self, GtkWidget *canvas)
{
  g_assert (self->canvas == NULL);
  self->canvas = canvas;
  gtk_overlay_set_child (self->overlay, canvas);
}

static void
qr_view_pane_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  QrViewPane *self = QR_VIEW_PANE (object);
  switch (prop_id)
    {
    case PROP_ID:
      g_free (self->id);
      self->id = g_value_dup_string (value);
      gtk_actionable_set_action_target (GTK_ACTIONABLE (self->maximize_button), "s", self->id);
      break;
    case PROP_TITLE:
      gtk_label_set_label (self->title_label, g_value_get_string (value));
      break;
    case PROP_AXES:
      gtk_label_set_label (self->axes_label, g_value_get_string (value));
      gtk_widget_set_visible (GTK_WIDGET (self->axes_label), g_value_get_string (value) != NULL);
      break;
    case PROP_CANVAS:
      set_canvas (self, g_value_get_object (value));
      break;
    case PROP_MENU_MODEL:
      gtk_menu_button_set_menu_model (self->menu_button, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qr_view_pane_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  QrViewPane *self = QR_VIEW_PANE (object);
  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_TITLE:
      g_value_set_string (value, gtk_label_get_label (self->title_label));
      break;
    case PROP_AXES:
      g_value_set_string (value, gtk_label_get_label (self->axes_label));
      break;
    case PROP_CANVAS:
      g_value_set_object (value, self->canvas);
      break;
    case PROP_MENU_MODEL:
      g_value_set_object (value, gtk_menu_button_get_menu_model (self->menu_button));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qr_view_pane_dispose (GObject *object)
{
  QrViewPane *self = QR_VIEW_PANE (object);
  gtk_widget_dispose_template (GTK_WIDGET (self), QR_TYPE_VIEW_PANE);
  G_OBJECT_CLASS (qr_view_pane_parent_class)->dispose (object);
}

static void
qr_view_pane_finalize (GObject *object)
{
  QrViewPane *self = QR_VIEW_PANE (object);
  g_free (self->id);
  G_OBJECT_CLASS (qr_view_pane_parent_class)->finalize (object);
}

static void
qr_view_pane_class_init (QrViewPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->set_property = qr_view_pane_set_property;
  object_class->get_property = qr_view_pane_get_property;
  object_class->dispose = qr_view_pane_dispose;
  object_class->finalize = qr_view_pane_finalize;

  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS;
  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, rw);
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, rw);
  properties[PROP_AXES] = g_param_spec_string ("axes", NULL, NULL, NULL, rw);
  properties[PROP_CANVAS] = g_param_spec_object ("canvas", NULL, NULL, GTK_TYPE_WIDGET,
                                                 G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MENU_MODEL] = g_param_spec_object ("menu-model", NULL, NULL, G_TYPE_MENU_MODEL, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/quarry/Quarry/ui/qr-view-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, QrViewPane, header);
  gtk_widget_class_bind_template_child (widget_class, QrViewPane, title_label);
  gtk_widget_class_bind_template_child (widget_class, QrViewPane, menu_button);
  gtk_widget_class_bind_template_child (widget_class, QrViewPane, maximize_button);
  gtk_widget_class_bind_template_child (widget_class, QrViewPane, overlay);
  gtk_widget_class_bind_template_child (widget_class, QrViewPane, axes_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "qr-view-pane");
}

static void
qr_view_pane_init (QrViewPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_visible (GTK_WIDGET (self->axes_label), FALSE);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
}

const char *
qr_view_pane_get_id (QrViewPane *self)
{
  g_return_val_if_fail (QR_IS_VIEW_PANE (self), NULL);
  return self->id;
}

void
qr_view_pane_add_overlay (QrViewPane *self, GtkWidget *widget)
{
  g_return_if_fail (QR_IS_VIEW_PANE (self));
  gtk_overlay_add_overlay (self->overlay, widget);
}

GtkWidget *
qr_view_pane_get_canvas (QrViewPane *self)
{
  g_return_val_if_fail (QR_IS_VIEW_PANE (self), NULL);
  return self->canvas;
}
