/* qr-transform-dialog.c — see qr-transform-dialog.h. */
#include "qr-transform-dialog.h"

#include <glib/gi18n.h>
#include "qr-operations.h"

typedef struct
{
  GtkWindow *parent;  /* borrowed: the dialog is destroyed with it */
  QrDocument *doc;    /* owned reference */
  QrSelection *sel;   /* owned: what the dialog transforms */
  GtkSpinButton *move[3];
  GtkSpinButton *rotate[3];
  GtkSpinButton *scale[3];
  void (*on_error) (GtkWindow *parent, const char *message);
} TransformDialog;

static void
transform_dialog_free (gpointer data, GClosure *closure)
{
  TransformDialog *d = data;
  g_object_unref (d->doc);
  qr_selection_free (d->sel);
  g_free (d);
}

/* Applies the typed values inside one transaction: all or nothing. */
static gboolean
apply (TransformDialog *d, GError **error)
{
  QrObjects objs = qr_objects_of_selection (d->sel);
  double move[3], rotate[3], scale[3];
  for (int a = 0; a < 3; a++)
    {
      move[a] = gtk_spin_button_get_value (d->move[a]);
      rotate[a] = gtk_spin_button_get_value (d->rotate[a]);
      scale[a] = gtk_spin_button_get_value (d->scale[a]) / 100.0;
    }
  if (move[0] != 0 || move[1] != 0 || move[2] != 0)
    if (!qr_op_translate (d->doc, &objs, qr_vec3 (move[0], move[1], move[2]), error))
      return FALSE;
  for (int a = 0; a < 3; a++)
    if (rotate[a] != 0 && !qr_op_rotate (d->doc, &objs, a, rotate[a], error))
      return FALSE;
  if (scale[0] != 1 || scale[1] != 1 || scale[2] != 1)
    {
      QrBounds b;
      if (!qr_op_bounds (d->doc, &objs, &b, error))
        return FALSE;
      QrVec3 c = qr_vec3_scale (qr_vec3_add (b.min, b.max), 0.5);
      QrVec3 h = qr_vec3_scale (qr_vec3_sub (b.max, b.min), 0.5);
      QrVec3 s = qr_vec3 (h.x * scale[0], h.y * scale[1], h.z * scale[2]);
      QrBounds to = { qr_vec3_sub (c, s), qr_vec3_add (c, s) };
      if (!qr_op_resize (d->doc, &objs, to, error))
        return FALSE;
    }
  return TRUE;
}

static void
on_response (GtkDialog *dialog, int response, TransformDialog *d)
{
  if (response == GTK_RESPONSE_OK)
    {
      g_autoptr (GError) error = NULL;
      qr_document_begin_transaction (d->doc, _("Transform"));
      if (apply (d, &error))
        qr_document_commit_transaction (d->doc);
      else
        {
          qr_document_cancel_transaction (d->doc);
          if (d->on_error != NULL)
            d->on_error (d->parent, error ? error->message : _("the transform failed"));
        }
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static GtkSpinButton *
spin (GtkGrid *grid, int column, int row, double lower, double upper, double value, int digits)
{
  GtkWidget *button = gtk_spin_button_new_with_range (lower, upper, 1);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (button), digits);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (button), value);
  gtk_text_set_activates_default (GTK_TEXT (gtk_editable_get_delegate (GTK_EDITABLE (button))), TRUE);
  gtk_grid_attach (grid, button, column, row, 1, 1);
  return GTK_SPIN_BUTTON (button);
}

void
qr_transform_dialog_present (GtkWindow *parent, QrDocument *doc, const QrSelection *sel,
                             void (*on_error) (GtkWindow *parent, const char *message))
{
  g_return_if_fail (QR_IS_DOCUMENT (doc) && sel != NULL);
  TransformDialog *d = g_new0 (TransformDialog, 1);
  d->parent = parent;
  d->doc = g_object_ref (doc);
  d->sel = qr_selection_copy (sel);
  d->on_error = on_error;

  GtkWidget *dialog = gtk_dialog_new_with_buttons (_("Transform"), parent,
                                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT, _("_Cancel"),
                                                   GTK_RESPONSE_CANCEL, _("_Apply"), GTK_RESPONSE_OK, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  GtkWidget *grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 8);
  gtk_widget_set_margin_start (grid, 12);
  gtk_widget_set_margin_end (grid, 12);
  gtk_widget_set_margin_top (grid, 12);
  gtk_widget_set_margin_bottom (grid, 12);
  gtk_box_append (GTK_BOX (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), grid);
  const char *axes[3] = { "X", "Y", "Z" };
  for (int a = 0; a < 3; a++)
    gtk_grid_attach (GTK_GRID (grid), gtk_label_new (axes[a]), a + 1, 0, 1, 1);
  const char *rows[3] = { N_("Move (units)"), N_("Rotate (degrees)"), N_("Scale (%)") };
  for (int r = 0; r < 3; r++)
    {
      GtkWidget *label = gtk_label_new (_(rows[r]));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_grid_attach (GTK_GRID (grid), label, 0, r + 1, 1, 1);
    }
  for (int a = 0; a < 3; a++)
    {
      d->move[a] = spin (GTK_GRID (grid), a + 1, 1, -131072, 131072, 0, 3);
      d->rotate[a] = spin (GTK_GRID (grid), a + 1, 2, -360, 360, 0, 3);
      d->scale[a] = spin (GTK_GRID (grid), a + 1, 3, 0.1, 10000, 100, 3);
    }
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_response), d, transform_dialog_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (GTK_WIDGET (d->move[0]));
}
