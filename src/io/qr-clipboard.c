#include "qr-clipboard.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static QrBrush *
copy_brush_into (QrMap *to, const QrMap *from, const QrBrush *brush)
{
  QrBrush *copy = qr_brush_copy (brush);

  for (int f = 0; f < copy->n_faces; f++)
    copy->faces[f].texture = qr_map_intern_texture (to, qr_map_texture_name (from, brush->faces[f].texture), -1);
  return copy;
}

char *
qr_clipboard_dup_text (QrDocument *doc, const QrSelection *sel)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (QrMap) clip = qr_map_new (QR_FILE_MAP);
  g_autoptr (GString) text = NULL;
  QrEntity *loose = NULL;

  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      QrEntity *entity = qr_map_get_entity (map, e);
      bool whole = qr_selection_has_entity (sel, entity->id);
      bool world = (entity->flags & (QR_ENTITY_WORLD | QR_ENTITY_IMPLICIT))
                   || g_strcmp0 (qr_entity_get_key (entity, "classname"), "worldspawn") == 0;
      QrEntity *target = NULL;

      if (whole && !world)
        {
          target = qr_entity_copy_header (entity);
          target->flags &= ~QR_ENTITY_HIDDEN;
          qr_map_add_entity (clip, target);
        }
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          QrBrush *brush = qr_entity_get_brush (entity, b);

          if (!(whole && !world) && !qr_selection_has_brush (sel, brush->id))
            continue;
          if (target == NULL)
            {
              if (world)
                {
                  /* World brushes are a bare list, written without braces
                   * around them: the clipboard form editors exchange. */
                  if (loose == NULL)
                    {
                      loose = qr_entity_new (0);
                      loose->flags = QR_ENTITY_IMPLICIT;
                      g_ptr_array_insert (clip->entities, 0, loose);
                    }
                  target = loose;
                }
              else
                {
                  target = qr_entity_copy_header (entity);
                  qr_map_add_entity (clip, target);
                }
            }
          qr_entity_add_brush (target, copy_brush_into (clip, map, brush));
          if (world)
            target = NULL;
        }
    }
  text = qr_map_write_map (clip, QR_SAVE_AS_READ, NULL);
  return text ? g_string_free (g_steal_pointer (&text), FALSE) : g_strdup ("");
}

gboolean
qr_clipboard_paste (QrDocument *doc, const char *text, gssize len, QrVec3 offset, GError **error)
{
  QrMap *from;

  if (len < 0)
    len = (gssize) strlen (text);
  from = qr_map_parse_map (text, (gsize) len, _("clipboard"), error);
  if (from == NULL)
    return FALSE;
  return qr_op_add_map (doc, from, offset, _("Paste"), error);
}
