/* Writer for Source .vmf files: kept blocks go back where they were read,
 * faces in any form become uaxis/vaxis (Valve 220 axes are the same data). */
#include "qr-io.h"
#include "qr-number.h"
#include "qr-output.h"
#include "qr-vmf-editor.h"

#include <string.h>

typedef struct
{
  QrOutput *output;
  GString *out;      /* output->buf */
  const QrMap *map;
  int depth;
} VmfWriter;

static void
indent (VmfWriter *w)
{
  for (int i = 0; i < w->depth; i++)
    g_string_append_c (w->out, '\t');
}

static void
put_escaped (GString *out, const char *s)
{
  for (const char *p = s; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
}

static void
put_kv (VmfWriter *w, const char *key, const char *value)
{
  indent (w);
  g_string_append_c (w->out, '"');
  put_escaped (w->out, key);
  g_string_append (w->out, "\" \"");
  put_escaped (w->out, value);
  g_string_append (w->out, "\"\n");
}

static void
put_num (GString *out, double v)
{
  char buf[QR_NUMBER_BUFSIZE];

  g_string_append_len (out, buf, qr_number_format (v, buf));
}

static void
open_block (VmfWriter *w, const char *name)
{
  indent (w);
  g_string_append (w->out, name);
  g_string_append_c (w->out, '\n');
  indent (w);
  g_string_append (w->out, "{\n");
  w->depth++;
}

static void
close_block (VmfWriter *w)
{
  w->depth--;
  indent (w);
  g_string_append (w->out, "}\n");
}

static void
put_id (VmfWriter *w, QrId id)
{
  indent (w);
  g_string_append_printf (w->out, "\"id\" \"%u\"\n", id);
}

static void write_node_items (VmfWriter *w, const QrNode *node);

static void
write_item (VmfWriter *w, const QrNodeItem *it)
{
  if (it->child != NULL)
    {
      open_block (w, it->key);
      write_node_items (w, it->child);
      close_block (w);
    }
  else
    put_kv (w, it->key, it->value);
}

static void
write_node_items (VmfWriter *w, const QrNode *node)
{
  for (guint i = 0; i < node->n_items; i++)
    write_item (w, &node->items[i]);
}

/* An object's editor block as read while it says what the object is now.
 * Hidden: a block that hides it already (qr_vmf_editor_hides) is written
 * as read, any other gets visgroupshown "0" (added when missing). Shown:
 * a "0" in visgroupshown or visgroupautoshown becomes "1", as Hammer's
 * Show All leaves them. */
static void
write_editor (VmfWriter *w, const QrNode *editor, bool hidden)
{
  bool as_read = hidden && qr_vmf_editor_hides (editor);
  bool said = false;

  open_block (w, "editor");
  for (guint i = 0; editor != NULL && i < editor->n_items; i++)
    {
      const QrNodeItem *it = &editor->items[i];
      bool shown_key = it->child == NULL && !said && strcmp (it->key, "visgroupshown") == 0;
      bool auto_key = it->child == NULL && strcmp (it->key, "visgroupautoshown") == 0;

      if (as_read || !(shown_key || auto_key))
        write_item (w, it);
      else if (shown_key && hidden)
        put_kv (w, it->key, "0");
      else
        /* Shown (or hidden by visgroupshown alone, so this "0" is not there). */
        put_kv (w, it->key, strcmp (it->value, "0") == 0 ? "1" : it->value);
      said |= shown_key;
    }
  if (hidden && !as_read && !said)
    put_kv (w, "visgroupshown", "0");
  close_block (w);
}

static void
write_node (VmfWriter *w, const QrNode *node)
{
  /* MAP-only verbatim blocks (patches, edited ones too) have no VMF form. */
  if (node->raw != NULL || node->patch != NULL)
    return;
  open_block (w, node->name);
  write_node_items (w, node);
  close_block (w);
}

static void
write_axis (VmfWriter *w, const char *key, QrVec3 axis, double offset, double scale)
{
  indent (w);
  g_string_append_printf (w->out, "\"%s\" \"[", key);
  put_num (w->out, axis.x);
  g_string_append_c (w->out, ' ');
  put_num (w->out, axis.y);
  g_string_append_c (w->out, ' ');
  put_num (w->out, axis.z);
  g_string_append_c (w->out, ' ');
  put_num (w->out, offset);
  g_string_append (w->out, "] ");
  put_num (w->out, scale);
  g_string_append (w->out, "\"\n");
}

static void
write_side (VmfWriter *w, const QrFace *f)
{
  QrTexAttr tex = f->tex;
  const QrNode *extra = f->extra ? f->extra->vmf : NULL;

  if (f->form == QR_TEX_STANDARD)
    {
      QrPlane plane;
      QrVec3 normal = qr_face_plane (f, &plane) ? plane.normal : qr_vec3 (0, 0, 1);

      qr_texproj_standard_to_valve (&f->tex, normal, &tex);
    }

  open_block (w, "side");
  put_id (w, f->id);
  indent (w);
  g_string_append (w->out, "\"plane\" \"");
  for (int i = 0; i < 3; i++)
    {
      g_string_append (w->out, i ? " (" : "(");
      put_num (w->out, f->points[i].x);
      g_string_append_c (w->out, ' ');
      put_num (w->out, f->points[i].y);
      g_string_append_c (w->out, ' ');
      put_num (w->out, f->points[i].z);
      g_string_append_c (w->out, ')');
    }
  g_string_append (w->out, "\"\n");
  put_kv (w, "material", qr_map_texture_name (w->map, f->texture));
  write_axis (w, "uaxis", tex.u_axis, tex.shift[0], tex.scale[0]);
  write_axis (w, "vaxis", tex.v_axis, tex.shift[1], tex.scale[1]);
  indent (w);
  g_string_append (w->out, "\"rotation\" \"");
  put_num (w->out, tex.rotation);
  g_string_append (w->out, "\"\n");
  if (extra != NULL)
    write_node_items (w, extra);
  else if (w->map->kind != QR_FILE_VMF)
    {
      /* Hammer's defaults, for faces that come from a .map. */
      put_kv (w, "lightmapscale", "16");
      put_kv (w, "smoothing_groups", "0");
    }
  close_block (w);
}

static void
write_solid (VmfWriter *w, const QrBrush *b)
{
  if (b->flags & QR_BRUSH_HIDDEN)
    open_block (w, "hidden");
  open_block (w, "solid");
  put_id (w, b->id);
  bool hidden = qr_hidden_has_brush (w->map->hidden, b->id);
  const QrNode *editor = b->extra != NULL ? qr_node_get_child (b->extra, "editor") : NULL;

  for (int i = 0; i < b->n_faces; i++)
    write_side (w, &b->faces[i]);
  for (guint i = 0; b->extra != NULL && i < b->extra->n_items; i++)
    {
      const QrNodeItem *it = &b->extra->items[i];

      if (it->child != NULL && it->child == editor)
        write_editor (w, editor, hidden);
      else
        write_item (w, it);
    }
  if (hidden && editor == NULL)
    write_editor (w, NULL, true);
  close_block (w);
  if (b->flags & QR_BRUSH_HIDDEN)
    close_block (w);
}

static void
write_entity (VmfWriter *w, const QrEntity *e, bool world)
{
  guint kept = 0;
  bool hidden = (e->flags & QR_ENTITY_HIDDEN) != 0;
  /* Hidden in the editor (qr-hidden.h), which the hidden { } wrapper does not say. */
  bool unseen = qr_hidden_has_entity (w->map->hidden, e->id);
  bool has_editor = false;

  if (hidden)
    open_block (w, "hidden");
  open_block (w, world ? "world" : "entity");
  put_id (w, e->id);
  if (world && qr_entity_get_key (e, "classname") == NULL && w->map->kind != QR_FILE_VMF)
    put_kv (w, "classname", "worldspawn");
  for (guint i = 0; i < e->keys->len; i++)
    {
      const QrKeyValue *kv = &g_array_index (e->keys, QrKeyValue, i);
      put_kv (w, kv->key, kv->value);
    }
  for (guint b = 0; b <= qr_entity_brush_count (e); b++)
    {
      while (kept < e->kept->len && ((QrNode *) g_ptr_array_index (e->kept, kept))->anchor <= (int) b)
        {
          const QrNode *node = g_ptr_array_index (e->kept, kept++);
          if (strcmp (node->name, "editor") == 0 && !has_editor && node->raw == NULL && node->patch == NULL)
            {
              has_editor = true;
              write_editor (w, node, unseen);
            }
          else
            write_node (w, node);
        }
      if (b < qr_entity_brush_count (e))
        {
          write_solid (w, qr_entity_get_brush (e, b));
          qr_output_step (w->output);
        }
    }
  if (unseen && !has_editor)
    write_editor (w, NULL, true);
  close_block (w);
  if (hidden)
    close_block (w);
}

static void
write_default_header (VmfWriter *w)
{
  open_block (w, "versioninfo");
  put_kv (w, "editorversion", "400");
  put_kv (w, "editorbuild", "0");
  put_kv (w, "mapversion", "1");
  put_kv (w, "formatversion", "100");
  put_kv (w, "prefab", "0");
  close_block (w);
}

/* Brush primitives are in units of the texture's size, which VMF axes
 * cannot say without the sizes: refuse rather than write wrong axes. */
static bool
check_forms (const QrMap *map, GError **error)
{
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, b);

          for (int f = 0; f < brush->n_faces; f++)
            if (brush->faces[f].form == QR_TEX_BRUSHPRIM)
              {
                g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_UNSUPPORTED,
                             "entity %u, brush %u: Quake 3 brush primitives (brushDef) have no "
                             "VMF form without the textures' sizes; save the map in its own format",
                             e, b);
                return false;
              }
        }
    }
  return true;
}

bool
qr_map_write_vmf_to (const QrMap *map, QrOutput *output, GError **error)
{
  VmfWriter w = { output, output->buf, map, 0 };
  int world = -1;
  guint kept = 0;

  if (!check_forms (map, error))
    return false;

  /* The world block is the one read as such, else the worldspawn entity
   * (or a bare list's brushes). */
  for (guint i = 0; i < qr_map_entity_count (map) && world < 0; i++)
    if (qr_map_get_entity (map, i)->flags & QR_ENTITY_WORLD)
      world = (int) i;
  for (guint i = 0; i < qr_map_entity_count (map) && world < 0; i++)
    if (strcmp (qr_entity_get_classname (qr_map_get_entity (map, i)), "worldspawn") == 0)
      world = (int) i;

  /* A .map becomes a VMF Hammer opens; a VMF is written as it was read,
   * even one without a world. */
  if (map->kind != QR_FILE_VMF)
    write_default_header (&w);
  if (world < 0 && map->kind != QR_FILE_VMF)
    {
      open_block (&w, "world");
      put_id (&w, map->next_entity_id);
      put_kv (&w, "classname", "worldspawn");
      close_block (&w);
    }

  for (guint i = 0; i <= qr_map_entity_count (map); i++)
    {
      while (kept < map->kept->len && ((QrNode *) g_ptr_array_index (map->kept, kept))->anchor <= (int) i)
        write_node (&w, g_ptr_array_index (map->kept, kept++));
      if (i < qr_map_entity_count (map))
        write_entity (&w, qr_map_get_entity (map, i), (int) i == world);
    }
  return true;
}

GString *
qr_map_write_vmf (const QrMap *map, GError **error)
{
  QrOutput output;
  GString *text = NULL;

  qr_output_init (&output, -1, 64 + 420 * (gsize) qr_map_count_faces (map));
  if (qr_map_write_vmf_to (map, &output, error))
    text = qr_output_steal (&output);
  qr_output_clear (&output);
  return text;
}
