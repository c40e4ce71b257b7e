/* qr-disp-panel.c — see qr-disp-panel.h. */
#include "qr-disp-panel.h"

#include "qr-text-keys.h"

struct _QrDispPanel
{
  GtkBox parent_instance;

  /* template widgets */
  GtkDropDown *power_list;
  GtkCheckButton *mode_raise;
  GtkCheckButton *mode_lower;
  GtkCheckButton *mode_smooth;
  GtkCheckButton *mode_height;
  GtkCheckButton *mode_noise;
  GtkCheckButton *mode_alpha;
  GtkSpinButton *radius;
  GtkSpinButton *distance;
  GtkSpinButton *rate;
  GtkSpinButton *height;
  GtkSpinButton *alpha;
  GtkCheckButton *along_z;
};

G_DEFINE_FINAL_TYPE (QrDispPanel, qr_disp_panel, GTK_TYPE_BOX)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
on_changed (QrDispPanel *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

void
qr_disp_panel_get_sculpt (QrDispPanel *self, QrSculpt *sculpt)
{
  g_return_if_fail (QR_IS_DISP_PANEL (self) && sculpt != NULL);
  const struct
  {
    GtkCheckButton *button;
    QrSculptMode mode;
  } modes[] = {
    { self->mode_raise, QR_SCULPT_RAISE },   { self->mode_lower, QR_SCULPT_LOWER },
    { self->mode_smooth, QR_SCULPT_SMOOTH }, { self->mode_height, QR_SCULPT_SET_HEIGHT },
    { self->mode_noise, QR_SCULPT_NOISE },   { self->mode_alpha, QR_SCULPT_ALPHA },
  };
  sculpt->mode = QR_SCULPT_RAISE;
  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    if (gtk_check_button_get_active (modes[i].button))
      sculpt->mode = modes[i].mode;
  gboolean by_distance = sculpt->mode == QR_SCULPT_RAISE || sculpt->mode == QR_SCULPT_LOWER || sculpt->mode == QR_SCULPT_NOISE;
  sculpt->radius = gtk_spin_button_get_value (self->radius);
  sculpt->strength = gtk_spin_button_get_value (by_distance ? self->distance : self->rate);
  sculpt->along_z = gtk_check_button_get_active (self->along_z);
  sculpt->height = gtk_spin_button_get_value (self->height);
  sculpt->alpha = gtk_spin_button_get_value (self->alpha);
}

int
qr_disp_panel_get_power (QrDispPanel *self)
{
  g_return_val_if_fail (QR_IS_DISP_PANEL (self), QR_DISP_MIN_POWER);
  guint i = gtk_drop_down_get_selected (self->power_list);
  return QR_DISP_MIN_POWER + (int) MIN (i, (guint) (QR_DISP_MAX_POWER - QR_DISP_MIN_POWER));
}

/* Typed into the fields, "-" is a minus, not the views' Zoom Out. */
static void
qr_disp_panel_unroot (GtkWidget *widget)
{
  qr_text_keys_release (widget);
  GTK_WIDGET_CLASS (qr_disp_panel_parent_class)->unroot (widget);
}

static void
qr_disp_panel_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), QR_TYPE_DISP_PANEL);
  G_OBJECT_CLASS (qr_disp_panel_parent_class)->dispose (object);
}

static void
qr_disp_panel_class_init (QrDispPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qr_disp_panel_dispose;
  widget_class->unroot = qr_disp_panel_unroot;
  /* The sculpt's settings changed (qr_disp_panel_get_sculpt). */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/quarry/Quarry/ui/qr-disp-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, QrDispPanel, power_list);
  gtk_widget_class_bind_template_child (widget_class, QrDispPanel, mode_raise);
  gtk_widget_class_bind_template_child (widget_class, QrDispPanel, mode_lower);
  gtk_widget_class_bind_template_child (widget_class, QrDispPanel, mode_smooth);
  gtk_widget_class_bind_template_child (widget_class, QrDispPanel, mode_height);
  gtk_widget_class_bind_template_child (widget_class, QrDispPanel, mode_noise);
  gtk_widget_class_bind_template_child (widget_class, QrDispPanel, mode_alpha);
  gtk_widget_class_bind_template_child (widget_class, QrDispPanel, radius);
  gtk_widget_class_bind_template_child (widget_class, QrDispPanel, distance);
  gtk_widget_class_bind_template_child (widget_class, QrDispPanel, rate);
  gtk_widget_class_bind_template_child (widget_class, QrDispPanel, height);
  gtk_widget_class_bind_template_child (widget_class, QrDispPanel, alpha);
  gtk_widget_class_bind_template_child (widget_class, QrDispPanel, along_z);
  gtk_widget_class_bind_template_callback (widget_class, on_changed);
}

static void
qr_disp_panel_init (QrDispPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  qr_text_keys_install (GTK_WIDGET (self));
}
