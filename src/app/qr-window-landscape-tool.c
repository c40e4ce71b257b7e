/* qr-window-landscape-tool.c — the window's side of the Landscape tool
 * (issue 16): its page of the tool options. The grid and falloff set the
 * tool's options; the rest act on the selected landscape through the core
 * operations (qr-landscape-ops.h), each one undo step: the resolution it
 * is drawn at, a finer or coarser control grid, and the conversions to
 * displacements and to brushes. The page follows the selection: it shows
 * the selected landscape's resolution, and its buttons need one. */
#include "qr-window-private.h"

#include <glib/gi18n.h>
#include "qr-landscape-ops.h"
#include "qr-map.h"

typedef struct
{
  GtkSpinButton *cols, *rows, *falloff, *resolution, *step;
  GtkWidget *needs_landscape; /* the box of what acts on the selected landscape */
  gboolean following;         /* the resolution is being set from the landscape */
} Panel;

static Panel *
panel_of (QrWindow *self)
{
  return g_object_get_data (G_OBJECT (self), "qr-landscape-panel");
}

static void
report (QrWindow *self, gboolean ok, GError *error)
{
  if (!ok && error != NULL)
    _qr_window_set_message (self, error->message);
}

static void
on_grid_changed (QrWindow *self)
{
  Panel *p = panel_of (self);
  qr_landscape_tool_set_grid (self->landscape_tool, gtk_spin_button_get_value_as_int (p->cols),
                              gtk_spin_button_get_value_as_int (p->rows));
}

static void
on_falloff_changed (QrWindow *self)
{
  qr_landscape_tool_set_falloff (self->landscape_tool, gtk_spin_button_get_value (panel_of (self)->falloff));
}

static void
on_resolution_changed (QrWindow *self)
{
  g_autoptr (GError) error = NULL;
  Panel *p = panel_of (self);
  QrId id = qr_landscape_tool_target (self->document);
  if (p->following || id == 0)
    return;
  report (self, qr_op_landscape_set_resolution (self->document, id, gtk_spin_button_get_value_as_int (p->resolution), &error),
          error);
}

static void
regrid (QrWindow *self, int direction)
{
  g_autoptr (GError) error = NULL;
  QrId id = qr_landscape_tool_target (self->document);
  if (id != 0)
    report (self, qr_op_landscape_regrid (self->document, id, direction, &error), error);
}

static void
on_finer (QrWindow *self)
{
  regrid (self, 1);
}

static void
on_coarser (QrWindow *self)
{
  regrid (self, -1);
}

static void
on_to_displacements (QrWindow *self)
{
  g_autoptr (GError) error = NULL;
  QrId id = qr_landscape_tool_target (self->document);
  if (id != 0)
    report (self, qr_op_landscape_to_displacements (self->document, id, &error), error);
}

static void
on_to_brushes (QrWindow *self)
{
  g_autoptr (GError) error = NULL;
  QrId id = qr_landscape_tool_target (self->document);
  if (id != 0)
    report (self,
            qr_op_landscape_to_brushes (self->document, id, gtk_spin_button_get_value (panel_of (self)->step), &error),
            error);
}

static GtkSpinButton *
spin (GtkBox *into, const char *label, const char *tooltip, double lower, double upper, double value, double step)
{
  if (label != NULL)
    {
      GtkWidget *l = gtk_label_new (label);
      gtk_label_set_xalign (GTK_LABEL (l), 0);
      gtk_box_append (into, l);
    }
  GtkWidget *s = gtk_spin_button_new_with_range (lower, upper, step);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (s), value);
  gtk_widget_set_tooltip_text (s, tooltip);
  gtk_box_append (into, s);
  return GTK_SPIN_BUTTON (s);
}

static void
button (GtkBox *into, const char *label, const char *tooltip, GCallback callback, QrWindow *self)
{
  GtkWidget *b = gtk_button_new_with_label (label);
  gtk_widget_set_tooltip_text (b, tooltip);
  g_signal_connect_swapped (b, "clicked", callback, self);
  gtk_box_append (into, b);
}

static GtkBox *
vbox (void)
{
  return GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4));
}

void
_qr_window_init_landscape_tool (QrWindow *self)
{
  Panel *p = g_new0 (Panel, 1);
  g_object_set_data_full (G_OBJECT (self), "qr-landscape-panel", p, g_free);
  GtkBox *page = vbox ();
  gtk_widget_set_margin_top (GTK_WIDGET (page), 8);
  gtk_widget_add_css_class (GTK_WIDGET (page), "shape-panel");

  GtkWidget *grid_label = gtk_label_new (_("Grid"));
  gtk_label_set_xalign (GTK_LABEL (grid_label), 0);
  gtk_box_append (page, grid_label);
  GtkBox *grid = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2));
  gtk_box_append (page, GTK_WIDGET (grid));
  p->cols = spin (grid, NULL, _("Control points of a new landscape along X"), QR_LANDSCAPE_MIN_GRID,
                  QR_LANDSCAPE_MAX_GRID, 9, 1);
  p->rows = spin (grid, NULL, _("Control points of a new landscape along Y"), QR_LANDSCAPE_MIN_GRID,
                  QR_LANDSCAPE_MAX_GRID, 9, 1);
  p->falloff = spin (page, _("Falloff"), _("How far around a dragged control point its neighbours follow it, softly"),
                     0, 65536, 0, 16);

  GtkBox *acting = vbox ();
  p->needs_landscape = GTK_WIDGET (acting);
  gtk_box_append (page, GTK_WIDGET (acting));
  p->resolution = spin (acting, _("Resolution"), _("Samples per control cell the selected landscape is drawn with"), 1,
                        16, 4, 1);
  GtkBox *grid_buttons = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2));
  gtk_box_set_homogeneous (grid_buttons, TRUE);
  gtk_box_append (acting, GTK_WIDGET (grid_buttons));
  button (grid_buttons, _("Finer"), _("Doubles the selected landscape's control grid; the surface stays"),
          G_CALLBACK (on_finer), self);
  button (grid_buttons, _("Coarser"), _("Drops every second control row and column"), G_CALLBACK (on_coarser), self);
  button (acting, _("To Displacements"), _("Replaces the selected landscape by power-3 displacements (VMF maps)"),
          G_CALLBACK (on_to_displacements), self);
  button (acting, _("To Brushes"), _("Replaces the selected landscape by terrain brushes on a grid of the step below"),
          G_CALLBACK (on_to_brushes), self);
  p->step = spin (acting, NULL, _("The terrain brushes' grid step, in units"), 1, 4096, 64, 8);

  gtk_stack_add_named (self->tool_options, GTK_WIDGET (page), "landscape");
  g_signal_connect_swapped (p->cols, "value-changed", G_CALLBACK (on_grid_changed), self);
  g_signal_connect_swapped (p->rows, "value-changed", G_CALLBACK (on_grid_changed), self);
  g_signal_connect_swapped (p->falloff, "value-changed", G_CALLBACK (on_falloff_changed), self);
  g_signal_connect_swapped (p->resolution, "value-changed", G_CALLBACK (on_resolution_changed), self);
  _qr_window_landscape_follow (self);
}

void
_qr_window_landscape_follow (QrWindow *self)
{
  Panel *p = panel_of (self);
  if (p == NULL || self->document == NULL)
    return;
  QrId id = qr_landscape_tool_target (self->document);
  gtk_widget_set_sensitive (p->needs_landscape, id != 0);
  guint at;
  if (id == 0 || !qr_document_find_entity (self->document, id, &at))
    return;
  g_autoptr (QrLandscape) land = qr_landscape_from_entity (qr_map_get_entity (qr_document_get_map (self->document), at), NULL);
  if (land == NULL)
    return;
  p->following = TRUE;
  gtk_spin_button_set_value (p->resolution, land->resolution);
  p->following = FALSE;
}
