/* qr-window-filter.c — View ▸ Filter (issue 20): check items for the kinds
 * of object the views show (world brushes, point and brush entities,
 * triggers, tool-textured brushes, patches, displacements). The filter is
 * the window's, as in TrenchBroom and Hammer: it follows the window from
 * map to map and is never saved or undone. */
#include "qr-window-private.h"

static const struct
{
  const char *action;
  unsigned bit;
} filters[] = {
  { "show-world-brushes", QR_FILTER_WORLD_BRUSHES },
  { "show-point-entities", QR_FILTER_POINT_ENTITIES },
  { "show-brush-entities", QR_FILTER_BRUSH_ENTITIES },
  { "show-triggers", QR_FILTER_TRIGGERS },
  { "show-tool-textures", QR_FILTER_TOOL_TEXTURES },
  { "show-patches", QR_FILTER_PATCHES },
  { "show-displacements", QR_FILTER_DISPLACEMENTS },
};

static void
show_changed (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  QrWindow *self = QR_WINDOW (user_data);
  const char *name = g_action_get_name (G_ACTION (action));

  g_simple_action_set_state (action, state);
  for (guint i = 0; i < G_N_ELEMENTS (filters); i++)
    if (g_str_equal (name, filters[i].action))
      self->view_filter = g_variant_get_boolean (state) ? self->view_filter & ~filters[i].bit
                                                       : self->view_filter | filters[i].bit;
  _qr_window_apply_view_filter (self);
}

void
_qr_window_apply_view_filter (QrWindow *self)
{
  if (self->document != NULL)
    qr_document_set_view_filter (self->document, self->view_filter);
}

void
_qr_window_init_filter (QrWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (filters); i++)
    {
      g_autoptr (GSimpleAction) action = g_simple_action_new_stateful (filters[i].action, NULL,
                                                                       g_variant_new_boolean (TRUE));

      g_signal_connect (action, "change-state", G_CALLBACK (show_changed), self);
      g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
    }
}
