/* qr-window-disp-tool.c — the window's side of the Displacement tool: its
 * panel (the tool options' Displacement page) sets the tool's sculpt, and
 * the panel's buttons are actions on the selected faces, each one core
 * operation (qr-disp-ops.h): win.disp-create and win.disp-power with the
 * panel's power, win.disp-destroy, win.disp-sew. */
#include "qr-window-private.h"

#include <glib/gi18n.h>
#include "qr-disp-panel.h"

static void
on_panel_changed (QrDispPanel *panel, QrWindow *self)
{
  QrSculpt sculpt = *qr_disp_tool_get_sculpt (self->disp_tool);
  qr_disp_panel_get_sculpt (panel, &sculpt);
  qr_disp_tool_set_sculpt (self->disp_tool, &sculpt);
  if (self->tool == self->disp_tool)
    _qr_window_refresh_tool_overlay (self);
}

typedef enum
{
  DISP_CREATE,
  DISP_POWER,
  DISP_DESTROY,
  DISP_SEW,
} DispAction;

static void
run (QrWindow *self, DispAction what)
{
  g_autoptr (GError) error = NULL;
  /* A copy: the operation replaces the selection it reads from. */
  g_autoptr (GArray) faces = g_array_copy (qr_document_get_selection (self->document)->faces);
  const QrFaceRef *refs = (const QrFaceRef *) (gpointer) faces->data;
  int power = qr_disp_panel_get_power (self->disp_panel);
  gboolean done = FALSE;

  if (faces->len == 0)
    {
      _qr_window_set_message (self, _("Select faces first: click them in the 3D view with the Displacement "
                                      "or Texture tool"));
      return;
    }
  switch (what)
    {
    case DISP_CREATE:
      done = qr_op_disp_create (self->document, refs, faces->len, power, &error);
      break;
    case DISP_POWER:
      done = qr_op_disp_set_power (self->document, refs, faces->len, power, &error);
      break;
    case DISP_DESTROY:
      done = qr_op_disp_destroy (self->document, refs, faces->len, &error);
      break;
    case DISP_SEW:
      done = qr_op_disp_sew (self->document, refs, faces->len, &error);
      break;
    }
  if (!done)
    {
      _qr_window_set_message (self, error->message);
      return;
    }
  const char *note = qr_document_get_note (self->document);
  g_autofree char *said = NULL;
  if (note == NULL && what == DISP_CREATE)
    said = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "A displacement of power %d on %u face", "Displacements of power %d on %u faces",
                                         faces->len),
                            power, faces->len);
  else if (note == NULL && what == DISP_POWER)
    said = g_strdup_printf (_("Displacements resampled to power %d"), power);
  _qr_window_set_message (self, said != NULL ? said : note);
}

static void
disp_create_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run (user_data, DISP_CREATE);
}

static void
disp_power_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run (user_data, DISP_POWER);
}

static void
disp_destroy_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run (user_data, DISP_DESTROY);
}

static void
disp_sew_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run (user_data, DISP_SEW);
}

static const GActionEntry disp_entries[] = {
  { "disp-create", disp_create_activated },
  { "disp-power", disp_power_activated },
  { "disp-destroy", disp_destroy_activated },
  { "disp-sew", disp_sew_activated },
};

void
_qr_window_init_disp_tool (QrWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), disp_entries, G_N_ELEMENTS (disp_entries), self);
  g_signal_connect (self->disp_panel, "changed", G_CALLBACK (on_panel_changed), self);
  on_panel_changed (self->disp_panel, self);
}
