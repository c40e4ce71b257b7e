#include "qr-clipboard.h"
#include "qr-disp.h"
#include "qr-patch.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

static QrBrush *
copy_brush_into (QrMap *to, const QrMap *from, const QrBrush *brush)
{
  QrBrush *copy = qr_brush_copy (brush);

  for (int f = 0; f < copy->n_faces; f++)
    copy->faces[f].texture = qr_map_intern_texture (to, qr_map_texture_name (from, brush->faces[f].texture), -1);
  return copy;
}

/* Where a selected brush or patch of `entity` goes in the clipboard map:
 * world ones into one bare list, written without braces around them (the
 * clipboard form editors exchange); others into a copy of their entity's
 * header, made once, without the patches it holds (only selected ones
 * follow). */
static QrEntity *
clip_target (QrMap *clip, QrEntity **loose, const QrEntity *entity, bool world, QrEntity **target)
{
  if (world)
    {
      if (*loose == NULL)
        {
          *loose = qr_entity_new (0);
          (*loose)->flags = QR_ENTITY_IMPLICIT;
          g_ptr_array_insert (clip->entities, 0, *loose);
        }
      return *loose;
    }
  if (*target == NULL)
    {
      *target = qr_entity_copy_header (entity);
      for (guint k = (*target)->kept->len; k-- > 0;)
        if (((QrNode *) g_ptr_array_index ((*target)->kept, k))->patch != NULL)
          g_ptr_array_remove_index ((*target)->kept, k);
      qr_map_add_entity (clip, *target);
    }
  return *target;
}

char *
qr_clipboard_dup_text (QrDocument *doc, const QrSelection *sel)
{
  QrMap *map = qr_document_get_map (doc);
  g_autoptr (QrMap) clip = qr_map_new (QR_FILE_MAP);
  bool displaced = false;
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
          /* With every kept block, patches included. */
          target = qr_entity_copy_header (entity);
          target->flags &= ~QR_ENTITY_HIDDEN;
          qr_map_add_entity (clip, target);
        }
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          QrBrush *brush = qr_entity_get_brush (entity, b);

          if (!(whole && !world) && !qr_selection_has_brush (sel, brush->id))
            continue;
          qr_entity_add_brush (clip_target (clip, &loose, entity, world, &target),
                               copy_brush_into (clip, map, brush));
          displaced = displaced || qr_brush_has_disp (brush);
        }
      /* Selected patches (they number with the brushes), after the brushes. */
      for (guint k = 0; k < entity->kept->len && !(whole && !world); k++)
        {
          const QrNode *node = g_ptr_array_index (entity->kept, k);

          if (node->patch != NULL && qr_selection_has_brush (sel, node->patch->id))
            qr_entity_add_kept (clip_target (clip, &loose, entity, world, &target), qr_node_copy (node));
        }
    }
  /* Displacements live in VMF sides only: brushes holding any travel as
   * VMF text, which keeps them (and every other side item) whole. */
  if (displaced && qr_map_detect_dialect (map) == QR_DIALECT_VMF)
    {
      if (loose != NULL)
        loose->flags = QR_ENTITY_WORLD;
      text = qr_map_write_vmf (clip, NULL);
    }
  else
    text = qr_map_write_map (clip, QR_SAVE_AS_READ, NULL);
  return text ? g_string_free (g_steal_pointer (&text), FALSE) : g_strdup ("");
}

/* The face form `map` is written in: Valve when it has Valve faces (mixed
 * maps included) or says "mapversion" "220", standard when its faces are
 * all standard; FALSE for a map without faces, which takes what comes. */
static gboolean
map_face_form (const QrMap *map, QrTexForm *form)
{
  switch (qr_map_detect_dialect (map))
    {
    case QR_DIALECT_VALVE220:
    case QR_DIALECT_QUAKE2_VALVE:
    case QR_DIALECT_MIXED:
    case QR_DIALECT_VMF:
      *form = QR_TEX_VALVE;
      return TRUE;
    default:
      break;
    }
  const QrEntity *world = qr_map_entity_count (map) > 0 ? qr_map_get_entity (map, 0) : NULL;
  if (world != NULL && g_strcmp0 (qr_entity_get_key (world, "mapversion"), "220") == 0)
    {
      *form = QR_TEX_VALVE;
      return TRUE;
    }
  *form = QR_TEX_STANDARD;
  return qr_map_count_brushes (map) > 0;
}

/* Rewrites the pasted faces in the document's form, so that the map stays
 * in one dialect that other tools read: standard alignments are exact in
 * Valve form; a Valve alignment with skewed or off-plane axes has no
 * standard form, and the paste is refused rather than changed. Quake 3
 * brush primitives stay so in a Quake 3 map (q3map2 reads either kind of
 * brush) and are refused elsewhere: they convert to nothing without the
 * textures' sizes. */
static gboolean
convert_faces (QrMap *from, QrTexForm form, gboolean quake3, GError **error)
{
  guint number = 0;
  for (guint e = 0; e < qr_map_entity_count (from); e++)
    {
      QrEntity *entity = qr_map_get_entity (from, e);
      for (guint b = 0; b < qr_entity_brush_count (entity); b++, number++)
        {
          QrBrush *brush = qr_entity_get_brush (entity, b);
          for (int f = 0; f < brush->n_faces; f++)
            {
              QrFace *face = &brush->faces[f];
              QrPlane plane;
              if (face->form == QR_TEX_BRUSHPRIM)
                {
                  if (quake3)
                    continue;
                  g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_UNSUPPORTED,
                               _("brush %u, face %d: Quake 3 brush primitives (brushDef) have no form in this map's format"),
                               number + 1, f + 1);
                  return FALSE;
                }
              if (face->form == form || !qr_face_plane (face, &plane))
                continue;
              QrTexAttr tex;
              g_autoptr (GError) local = NULL;
              if (form == QR_TEX_VALVE)
                qr_texproj_standard_to_valve (&face->tex, plane.normal, &tex);
              else if (!qr_texproj_valve_to_standard (&face->tex, plane.normal, &tex, &local))
                {
                  g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_UNSUPPORTED,
                               _("brush %u, face %d: %s in this standard-format map; save it as Valve 220 to paste this"),
                               number + 1, f + 1, local->message);
                  return FALSE;
                }
              face->tex = tex;
              face->form = (uint8_t) form;
            }
        }
    }
  return TRUE;
}

/* The pasted map, in the document's face form. */
/* VMF text opens with a class name (versioninfo, world, entity…); .map
 * text with a brace, a comment or nothing. */
static bool
looks_like_vmf (const char *text, gssize len)
{
  gssize i = 0;

  while (i < len && g_ascii_isspace (text[i]))
    i++;
  return i < len && g_ascii_isalpha (text[i]);
}

static QrMap *
parse_for (QrDocument *doc, const char *text, gssize len, GError **error)
{
  if (len < 0)
    len = (gssize) strlen (text);
  g_autoptr (QrMap) from = looks_like_vmf (text, len) ? qr_map_parse_vmf (text, (gsize) len, _("clipboard"), error)
                                                      : qr_map_parse_map (text, (gsize) len, _("clipboard"), error);
  if (from == NULL)
    return NULL;
  QrTexForm form;
  const QrMap *to = qr_document_get_map (doc);
  if (map_face_form (to, &form)
      && !convert_faces (from, form, qr_map_detect_dialect (to) == QR_DIALECT_QUAKE3, error))
    return NULL;
  return g_steal_pointer (&from);
}

gboolean
qr_clipboard_paste (QrDocument *doc, const char *text, gssize len, QrVec3 offset, GError **error)
{
  QrMap *from = parse_for (doc, text, len, error);
  return from != NULL && qr_op_add_map (doc, from, offset, _("Paste"), error);
}

/* What the pasted brushes and point entities span. */
static QrBounds
map_bounds (QrMap *map)
{
  qr_map_build_geometry (map, 1);
  QrBounds b = qr_bounds_empty ();
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      QrVec3 origin;
      if (qr_entity_is_point (entity) && qr_entity_get_origin (entity, &origin))
        qr_bounds_add_point (&b, origin);
      for (guint i = 0; i < qr_entity_brush_count (entity); i++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, i);
          if (qr_brush_is_valid (brush))
            qr_bounds_add_bounds (&b, qr_brush_bounds (brush));
        }
    }
  return b;
}

gboolean
qr_clipboard_paste_near (QrDocument *doc, const char *text, gssize len, QrVec3 target, guint axes, double grid,
                         GError **error)
{
  QrMap *from = parse_for (doc, text, len, error);
  if (from == NULL)
    return FALSE;
  QrBounds b = map_bounds (from);
  QrVec3 offset = qr_vec3 (0, 0, 0);
  if (!qr_bounds_is_empty (b))
    for (int a = 0; a < 3; a++)
      if (axes & (1u << a))
        {
          double d = qr_vec3_get (target, a) - 0.5 * (qr_vec3_get (b.min, a) + qr_vec3_get (b.max, a));
          /* Whole grid steps: what was on the grid stays on it. */
          qr_vec3_set (&offset, a, grid > 0 ? round (d / grid) * grid : d);
        }
  return qr_op_add_map (doc, from, offset, _("Paste"), error);
}
