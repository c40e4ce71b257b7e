/* qr-window-entity-tool.c — the window's side of the Entity tool and of
 * Tie to Entity: the tool's class chooser (the tool options' Entity page)
 * lists the point classes of the document's definitions and sets the
 * tool's class; Ctrl+T (win.tie-choose), with solid classes defined, asks
 * which one to tie the selection to, in a small dialog holding the same
 * chooser; without definitions it ties to func_detail as before. */
#include "qr-window-private.h"

#include <glib/gi18n.h>
#include "qr-entity-chooser.h"

/* What Tie to Entity gives without definitions, and offers first with
 * them: a detail brush for the compilers, the commonest reason to tie. */
#define TIE_DEFAULT "func_detail"

static void
on_class_chosen (QrEntityChooser *chooser, GParamSpec *pspec, QrWindow *self)
{
  const char *name = qr_entity_chooser_get_classname (chooser);
  if (name == NULL || name[0] == '\0')
    return;
  qr_entity_tool_set_class (self->entity_tool, name);
  if (self->tool == self->entity_tool)
    {
      /* The box following the pointer takes the new class's size. */
      qr_tool_hover (self->tool, self->document, NULL);
      _qr_window_refresh_tool_overlay (self);
      g_autofree char *message = g_strdup_printf (_("Entity: a click places %s"), name);
      _qr_window_set_message (self, message);
    }
}

static gboolean
has_kind (QrEntDefs *defs, QrEntClassKind kind)
{
  for (guint i = 0; defs != NULL && i < qr_entdefs_count (defs); i++)
    if (qr_entdefs_nth (defs, i)->kind == kind)
      return TRUE;
  return FALSE;
}

static void
tie_to (QrWindow *self, const char *classname)
{
  g_action_group_activate_action (G_ACTION_GROUP (self), "tie", g_variant_new_string (classname));
}

static void
on_tie_response (GtkDialog *dialog, int response, QrWindow *self)
{
  QrEntityChooser *chooser = g_object_get_data (G_OBJECT (dialog), "chooser");
  g_autofree char *name = g_strdup (qr_entity_chooser_get_classname (chooser));
  _qr_window_dismiss_dialog (GTK_WINDOW (dialog));
  if (response != GTK_RESPONSE_OK || name == NULL || name[0] == '\0')
    return;
  g_free (self->tie_class);
  self->tie_class = g_strdup (name);
  tie_to (self, name);
}

static void
on_tie_activated (QrEntityChooser *chooser, GtkDialog *dialog)
{
  gtk_dialog_response (dialog, GTK_RESPONSE_OK);
}

static void
tie_choose_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  QrWindow *self = user_data;
  QrEntDefs *defs = qr_document_get_entdefs (self->document);
  if (!has_kind (defs, QR_ENTCLASS_SOLID))
    {
      tie_to (self, TIE_DEFAULT);
      return;
    }
  GtkWidget *dialog = gtk_dialog_new_with_buttons (_("Tie to Entity"), GTK_WINDOW (self),
                                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT, _("_Cancel"),
                                                   GTK_RESPONSE_CANCEL, _("_Tie"), GTK_RESPONSE_OK, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 300, 440);
  GtkWidget *chooser = qr_entity_chooser_new (QR_ENTCLASS_SOLID);
  gtk_widget_set_vexpand (chooser, TRUE);
  gtk_widget_set_margin_start (chooser, 8);
  gtk_widget_set_margin_end (chooser, 8);
  gtk_widget_set_margin_top (chooser, 8);
  gtk_widget_set_margin_bottom (chooser, 8);
  qr_entity_chooser_set_defs (QR_ENTITY_CHOOSER (chooser), defs);
  qr_entity_chooser_set_classname (QR_ENTITY_CHOOSER (chooser), self->tie_class != NULL ? self->tie_class : TIE_DEFAULT);
  gtk_box_append (GTK_BOX (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), chooser);
  g_object_set_data (G_OBJECT (dialog), "chooser", chooser);
  g_signal_connect (chooser, "activated", G_CALLBACK (on_tie_activated), dialog);
  g_signal_connect (dialog, "response", G_CALLBACK (on_tie_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
  qr_entity_chooser_focus (QR_ENTITY_CHOOSER (chooser));
}

static const GActionEntry entity_entries[] = {
  { "tie-choose", tie_choose_activated },
};

void
_qr_window_init_entity_tool (QrWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), entity_entries, G_N_ELEMENTS (entity_entries), self);
  qr_entity_chooser_set_classname (self->entity_chooser, qr_entity_tool_get_class (self->entity_tool));
  g_signal_connect (self->entity_chooser, "notify::classname", G_CALLBACK (on_class_chosen), self);
}

void
_qr_window_entity_defs_follow (QrWindow *self)
{
  if (self->entity_chooser != NULL)
    qr_entity_chooser_set_defs (self->entity_chooser, qr_document_get_entdefs (self->document));
}

void
_qr_window_clear_entity_tool (QrWindow *self)
{
  g_clear_pointer (&self->tie_class, g_free);
}
