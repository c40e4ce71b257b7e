/* quarry-cli edit: run editing operations on a map, each one step on the
 * command stack, optionally undo the last N, and save. */
#include "qr-cli.h"
#include "qr-cli-edit-disp.h"
#include "qr-cli-edit-landscape.h"
#include "qr-cli-edit-layer.h"
#include "qr-cli-edit-vertex.h"
#include "qr-cli-edit-visgroup.h"
#include "qr-clipboard.h"
#include "qr-entdef-io.h"
#include "qr-face-ops.h"
#include "qr-operations.h"
#include "qr-texture-finder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The texture sizes justify and fit need, found as `quarry-cli textures`
 * finds them (the map's `wad` key, --search folders); names the steps
 * introduce are looked up as they appear. */
typedef struct
{
  const char *map_path;
  const char *const *search;
  QrTextureFinder *finder; /* owned; made when a step first needs sizes */
  guint known;             /* the map's texture names looked up so far */
} Textures;

static void
textures_clear (Textures *t)
{
  g_clear_pointer (&t->finder, qr_texture_finder_free);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Textures, textures_clear)

typedef struct
{
  QrDocument *doc;
  char **argv; /* the step's words */
  int argc;
  const char *step;
  Textures *textures;
  const QrEntDefs *defs; /* --entdef, or NULL */
  GHashTable *strokes;   /* disp-sculpt --stroke labels → stroke numbers */
} Step;

static int
usage_error (const Step *s, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static int
usage_error (const Step *s, const char *fmt, ...)
{
  g_autofree char *msg = NULL;
  va_list args;

  va_start (args, fmt);
  msg = g_strdup_vprintf (fmt, args);
  va_end (args);
  fprintf (stderr, "quarry-cli edit: step “%s”: %s\n", s->step, msg);
  return QR_EXIT_USAGE;
}

static bool
parse_axis (const char *text, int *axis)
{
  if (text[0] != '\0' && text[1] == '\0' && text[0] >= 'x' && text[0] <= 'z')
    {
      *axis = text[0] - 'x';
      return true;
    }
  return false;
}

static bool
parse_numbers (char **words, int n, double *out)
{
  for (int i = 0; i < n; i++)
    if (!qr_cli_parse_number (words[i], &out[i]))
      return false;
  return true;
}

static const struct
{
  const char *name;
  QrPrimitiveShape shape;
} shapes[] = {
  { "block", QR_PRIMITIVE_BLOCK }, { "wedge", QR_PRIMITIVE_WEDGE }, { "cylinder", QR_PRIMITIVE_CYLINDER },
  { "cone", QR_PRIMITIVE_CONE }, { "sphere", QR_PRIMITIVE_SPHERE }, { "arch", QR_PRIMITIVE_ARCH },
};

static int
step_create (Step *s, GError **error)
{
  QrPrimitiveSpec spec;
  const char *texture = "__TB_empty";
  double c[6];
  int i;
  guint k;

  if (s->argc < 8)
    return usage_error (s, "expected create SHAPE x1 y1 z1 x2 y2 z2 [options]");
  for (k = 0; k < G_N_ELEMENTS (shapes) && strcmp (shapes[k].name, s->argv[1]) != 0; k++)
    ;
  if (k == G_N_ELEMENTS (shapes))
    return usage_error (s, "unknown shape “%s” (block, wedge, cylinder, cone, sphere, arch)", s->argv[1]);
  if (!parse_numbers (s->argv + 2, 6, c))
    return usage_error (s, "expected six numbers for the box");
  qr_primitive_spec_init (&spec, shapes[k].shape,
                          (QrBounds) { { fmin (c[0], c[3]), fmin (c[1], c[4]), fmin (c[2], c[5]) },
                                       { fmax (c[0], c[3]), fmax (c[1], c[4]), fmax (c[2], c[5]) } });
  for (i = 8; i < s->argc; i += 2)
    {
      const char *opt = s->argv[i], *val = i + 1 < s->argc ? s->argv[i + 1] : NULL;
      double v = 0;

      if (val == NULL)
        return usage_error (s, "option %s needs a value", opt);
      if (strcmp (opt, "--texture") == 0)
        {
          texture = val;
          continue;
        }
      if (strcmp (opt, "--axis") == 0)
        {
          if (!parse_axis (val, &spec.axis))
            return usage_error (s, "--axis takes x, y or z");
          continue;
        }
      if (!qr_cli_parse_number (val, &v))
        return usage_error (s, "option %s needs a number", opt);
      if (strcmp (opt, "--sides") == 0)
        spec.sides = (int) v;
      else if (strcmp (opt, "--stacks") == 0)
        spec.stacks = (int) v;
      else if (strcmp (opt, "--arc") == 0)
        spec.arc_degrees = v;
      else if (strcmp (opt, "--start") == 0)
        spec.start_degrees = v;
      else if (strcmp (opt, "--wall") == 0)
        spec.wall_width = v;
      else if (strcmp (opt, "--add-height") == 0)
        spec.add_height = v;
      else
        return usage_error (s, "unknown option %s", opt);
    }
  return qr_op_create (s->doc, &spec, texture, error) ? QR_EXIT_OK : QR_EXIT_BAD_INPUT;
}

/* place CLASS X Y Z [KEY=VALUE…]: the definition's defaults for the keys
 * not given when --entdef names the class. */
static int
step_place (Step *s, GError **error)
{
  g_autoptr (GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  const QrEntClass *cls = NULL;
  double v[3];

  if (s->argc < 5 || !parse_numbers (s->argv + 2, 3, v))
    return usage_error (s, "expected place CLASS X Y Z [KEY=VALUE…]");
  for (int i = 5; i < s->argc; i++)
    {
      const char *eq = strchr (s->argv[i], '=');

      if (eq == NULL || eq == s->argv[i])
        return usage_error (s, "expected KEY=VALUE, not “%s”", s->argv[i]);
      g_ptr_array_add (keys, g_strndup (s->argv[i], (gsize) (eq - s->argv[i])));
      g_ptr_array_add (keys, g_strdup (eq + 1));
    }
  if (s->defs != NULL && !(cls = qr_entdefs_lookup (s->defs, s->argv[1])))
    fprintf (stderr, "quarry-cli edit: step “%s”: warning: the definitions have no class “%s”; placed without defaults\n",
             s->step, s->argv[1]);
  return qr_op_place_entity (s->doc, s->argv[1], qr_vec3 (v[0], v[1], v[2]), (const char *const *) keys->pdata,
                             keys->len / 2, cls, NULL, error)
           ? QR_EXIT_OK
           : QR_EXIT_BAD_INPUT;
}

/* Entities only (E, comma-separated), as qr_cli_parse_objects names them. */
static GArray *
parse_entities (QrDocument *doc, const char *text, GError **error)
{
  g_autoptr (GArray) entities = NULL;
  g_autoptr (GArray) brushes = qr_cli_parse_objects (doc, text, &entities, error);

  if (brushes == NULL)
    return NULL;
  if (brushes->len > 0)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   "“%s” names a brush; this step takes entities (E, comma-separated)", text);
      return NULL;
    }
  return g_steal_pointer (&entities);
}

/* Steps of the form OP OBJS followed by `n_args` arguments. */
static int
step_objects (Step *s, int n_args, GArray **ids, GArray **entities, GError **error)
{
  if (s->argc != 2 + n_args)
    return usage_error (s, "expected %s OBJECTS and %d more argument%s", s->argv[0], n_args, n_args == 1 ? "" : "s");
  *ids = qr_cli_parse_objects (s->doc, s->argv[1], entities, error);
  return *ids ? QR_EXIT_OK : QR_EXIT_BAD_INPUT;
}

/* Puts the size of every texture name the map has gained into the
 * document's texture set (found: pending with its size; else missing). */
static void
textures_update (Textures *t, QrDocument *doc)
{
  QrMap *map = qr_document_get_map (doc);
  QrTextureSet *set = qr_document_get_textures (doc);

  if (t->finder == NULL)
    t->finder = qr_texture_finder_new_for_map (map, t->map_path, t->search);
  for (; t->known < map->textures->len; t->known++)
    {
      const char *name = qr_map_texture_name (map, t->known);
      int w = 0, h = 0, at;

      if (qr_texture_set_lookup (set, name) != NULL)
        continue;
      at = qr_texture_finder_locate (t->finder, name, &w, &h);
      if (at >= 0)
        qr_texture_set_put (set, name, w, h, NULL, QR_TEXTURE_PENDING,
                            qr_texture_finder_collection (t->finder, (guint) at)->name);
      else
        qr_texture_set_put (set, name, 0, 0, NULL, QR_TEXTURE_MISSING, NULL);
    }
}

static const char *const justify_names[] = {
  [QR_JUSTIFY_LEFT] = "left", [QR_JUSTIFY_RIGHT] = "right", [QR_JUSTIFY_TOP] = "top",
  [QR_JUSTIFY_BOTTOM] = "bottom", [QR_JUSTIFY_CENTER] = "center",
};

static bool
is_as_one (const Step *s, int at)
{
  return s->argc == at + 1 && strcmp (s->argv[at], "as-one") == 0;
}

#define FACES(a) ((QrFaceRef *) (a)->data), (a)->len

/* The tex-* steps and `texture`; QR_EXIT_USAGE + 1 when `op` is none of them. */
static int
run_texture_step (Step *s, GError **error)
{
  g_autoptr (GArray) faces = NULL;
  g_autofree char *warning = NULL;
  const char *op = s->argv[0];
  QrFaceAttrs attrs = { 0 };
  double v[2];
  bool ok;

  if (strcmp (op, "tex-replace") == 0)
    {
      guint count = 0;

      if (s->argc != 3 && s->argc != 4)
        return usage_error (s, "expected tex-replace FIND REPLACE [FACES]");
      if (s->argc == 4 && !(faces = qr_cli_parse_faces (s->doc, s->argv[3], error)))
        return QR_EXIT_BAD_INPUT;
      if (!qr_op_replace_textures (s->doc, s->argv[1], s->argv[2], faces ? (QrFaceRef *) faces->data : NULL,
                                   faces ? faces->len : 0, &count, error))
        return QR_EXIT_BAD_INPUT;
      printf ("replaced %u face%s\n", count, count == 1 ? "" : "s");
      return QR_EXIT_OK;
    }
  if (strcmp (op, "texture") != 0 && strncmp (op, "tex-", 4) != 0)
    return QR_EXIT_USAGE + 1;
  if (s->argc < 3)
    return usage_error (s, "expected %s FACES and its arguments (see quarry-cli edit --help)", op);
  if (!(faces = qr_cli_parse_faces (s->doc, s->argv[1], error)))
    return QR_EXIT_BAD_INPUT;

  if (strcmp (op, "texture") == 0 && s->argc == 3)
    {
      attrs.name = s->argv[2];
      ok = qr_op_set_face_attrs (s->doc, FACES (faces), &attrs, error);
    }
  else if ((strcmp (op, "tex-shift") == 0 || strcmp (op, "tex-scale") == 0) && s->argc == 4)
    {
      if (!parse_numbers (s->argv + 2, 2, v))
        return usage_error (s, "expected %s FACES U V", op);
      if (strcmp (op, "tex-shift") == 0)
        {
          attrs.fields = QR_FACE_SHIFT_U | QR_FACE_SHIFT_V;
          attrs.shift[0] = v[0], attrs.shift[1] = v[1];
        }
      else
        {
          attrs.fields = QR_FACE_SCALE_U | QR_FACE_SCALE_V;
          attrs.scale[0] = v[0], attrs.scale[1] = v[1];
        }
      ok = qr_op_set_face_attrs (s->doc, FACES (faces), &attrs, error);
    }
  else if (strcmp (op, "tex-rotate") == 0 && s->argc == 3)
    {
      if (!qr_cli_parse_number (s->argv[2], &attrs.rotation))
        return usage_error (s, "expected tex-rotate FACES DEGREES");
      attrs.fields = QR_FACE_ROTATION;
      ok = qr_op_set_face_attrs (s->doc, FACES (faces), &attrs, error);
    }
  else if (strcmp (op, "tex-justify") == 0 && (s->argc == 3 || is_as_one (s, 3)))
    {
      guint how;

      for (how = 0; how < G_N_ELEMENTS (justify_names) && strcmp (justify_names[how], s->argv[2]) != 0; how++)
        ;
      if (how == G_N_ELEMENTS (justify_names))
        return usage_error (s, "expected tex-justify FACES left|right|top|bottom|center [as-one]");
      textures_update (s->textures, s->doc);
      ok = qr_op_justify_texture (s->doc, FACES (faces), (QrJustify) how, s->argc == 4, &warning, error);
    }
  else if (strcmp (op, "tex-fit") == 0 && (s->argc == 4 || is_as_one (s, 4)))
    {
      if (!parse_numbers (s->argv + 2, 2, v))
        return usage_error (s, "expected tex-fit FACES NU NV [as-one]");
      textures_update (s->textures, s->doc);
      ok = qr_op_fit_texture (s->doc, FACES (faces), v[0], v[1], s->argc == 5, &warning, error);
    }
  else if (strcmp (op, "tex-align") == 0 && s->argc == 3
           && (strcmp (s->argv[2], "world") == 0 || strcmp (s->argv[2], "face") == 0))
    {
      textures_update (s->textures, s->doc);
      ok = qr_op_align_texture (s->doc, FACES (faces), s->argv[2][0] == 'w' ? QR_ALIGN_WORLD : QR_ALIGN_FACE, error);
    }
  else if (strcmp (op, "tex-wrap") == 0 && s->argc == 3)
    {
      QrFaceRef from;

      if (!qr_cli_parse_object (s->doc, s->argv[2], &from.brush, &from.face, error))
        return QR_EXIT_BAD_INPUT;
      if (from.face < 0)
        return usage_error (s, "FROM_FACE names one face: entity:brush:face");
      textures_update (s->textures, s->doc);
      ok = qr_op_wrap_texture (s->doc, from, FACES (faces), error);
    }
  else if (strcmp (op, "reload") == 0 && s->argc == 2)
    {
      /* What the window's Reload does when the file changed on disk. */
      QrMap *map = qr_map_load (s->argv[1], error);

      ok = map != NULL && qr_document_reload (s->doc, map);
    }
  else
    return usage_error (s, "unknown operation or wrong arguments (see quarry-cli edit --help)");

  if (warning != NULL)
    fprintf (stderr, "quarry-cli edit: step “%s”: warning: %s\n", s->step, warning);
  return ok ? QR_EXIT_OK : QR_EXIT_BAD_INPUT;
}

#define IDS(a) ((QrId *) (a)->data), (a)->len
#define OBJS(a, e) (&(QrObjects) { IDS (a), IDS (e) })

static int
run_step (Step *s, GError **error)
{
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GArray) entities = NULL;
  const char *op = s->argv[0];
  const char *usage = NULL;
  double v[6];
  int axis, along, status;
  bool ok;

  if (strcmp (op, "create") == 0)
    return step_create (s, error);
  if (strcmp (op, "place") == 0)
    return step_place (s, error);
  if ((status = run_texture_step (s, error)) != QR_EXIT_USAGE + 1)
    return status;
  if ((status = qr_cli_edit_disp_step (s->doc, s->argv, s->argc, s->step, s->strokes, error)) != QR_EXIT_USAGE + 1)
    return status;
  if ((status = qr_cli_edit_landscape (s->doc, s->argv, s->argc, &usage, error)) != QR_EXIT_USAGE + 1)
    return status == QR_EXIT_USAGE ? usage_error (s, "%s", usage) : status;
  if ((status = qr_cli_edit_vertex_step (s->doc, s->argv, s->argc, s->step, error)) != QR_EXIT_USAGE + 1)
    return status;
  if ((status = qr_cli_edit_visgroup_step (s->doc, s->argv, s->argc, s->step, error)) != QR_EXIT_USAGE + 1)
    return status;
  if ((status = qr_cli_edit_layer_step (s->doc, s->argv, s->argc, s->step, error)) != QR_EXIT_USAGE + 1)
    return status;

  if (strcmp (op, "move") == 0 || strcmp (op, "nudge") == 0 || strcmp (op, "duplicate") == 0)
    {
      if ((status = step_objects (s, 3, &ids, &entities, error)) != QR_EXIT_OK)
        return status;
      if (!parse_numbers (s->argv + 2, 3, v))
        return usage_error (s, "expected dx dy dz");
      if (strcmp (op, "move") == 0)
        ok = qr_op_translate (s->doc, OBJS (ids, entities), qr_vec3 (v[0], v[1], v[2]), error);
      else if (strcmp (op, "nudge") == 0)
        ok = qr_op_nudge (s->doc, OBJS (ids, entities), qr_vec3 (v[0], v[1], v[2]), error);
      else
        ok = qr_op_duplicate (s->doc, OBJS (ids, entities), qr_vec3 (v[0], v[1], v[2]), error);
    }
  else if (strcmp (op, "resize") == 0)
    {
      if ((status = step_objects (s, 6, &ids, &entities, error)) != QR_EXIT_OK)
        return status;
      if (!parse_numbers (s->argv + 2, 6, v))
        return usage_error (s, "expected x1 y1 z1 x2 y2 z2");
      ok = qr_op_resize (s->doc, OBJS (ids, entities), (QrBounds) { { v[0], v[1], v[2] }, { v[3], v[4], v[5] } }, error);
    }
  else if (strcmp (op, "rotate") == 0)
    {
      if ((status = step_objects (s, 2, &ids, &entities, error)) != QR_EXIT_OK)
        return status;
      if (!parse_axis (s->argv[2], &axis) || !qr_cli_parse_number (s->argv[3], &v[0]))
        return usage_error (s, "expected rotate OBJECTS x|y|z DEGREES");
      ok = qr_op_rotate (s->doc, OBJS (ids, entities), axis, v[0], error);
    }
  else if (strcmp (op, "shear") == 0)
    {
      if ((status = step_objects (s, 3, &ids, &entities, error)) != QR_EXIT_OK)
        return status;
      if (!parse_axis (s->argv[2], &axis) || !parse_axis (s->argv[3], &along) || !qr_cli_parse_number (s->argv[4], &v[0]))
        return usage_error (s, "expected shear OBJECTS AXIS DIRECTION AMOUNT (axes x, y or z)");
      ok = qr_op_shear (s->doc, OBJS (ids, entities), axis, along, v[0], error);
    }
  else if (strcmp (op, "flip") == 0)
    {
      if ((status = step_objects (s, 1, &ids, &entities, error)) != QR_EXIT_OK)
        return status;
      if (!parse_axis (s->argv[2], &axis))
        return usage_error (s, "expected flip OBJECTS x|y|z");
      ok = qr_op_flip (s->doc, OBJS (ids, entities), axis, error);
    }
  else if (strcmp (op, "delete") == 0)
    {
      if ((status = step_objects (s, 0, &ids, &entities, error)) != QR_EXIT_OK)
        return status;
      ok = qr_op_delete (s->doc, IDS (ids), IDS (entities), NULL, error);
    }
  else if (strcmp (op, "group") == 0 && (s->argc == 2 || s->argc == 3))
    {
      if (!(ids = qr_cli_parse_objects (s->doc, s->argv[1], NULL, error)))
        return QR_EXIT_BAD_INPUT;
      ok = qr_op_group (s->doc, IDS (ids), s->argc == 3 ? s->argv[2] : NULL, error);
    }
  else if (strcmp (op, "ungroup") == 0 || strcmp (op, "untie") == 0)
    {
      if ((status = step_objects (s, 0, &ids, NULL, error)) != QR_EXIT_OK)
        return status;
      ok = op[1] == 'n' && op[2] == 'g' ? qr_op_ungroup (s->doc, IDS (ids), error)
                                        : qr_op_untie (s->doc, IDS (ids), error);
    }
  else if (strcmp (op, "tie") == 0)
    {
      if ((status = step_objects (s, 1, &ids, NULL, error)) != QR_EXIT_OK)
        return status;
      ok = qr_op_tie (s->doc, IDS (ids), s->argv[2], error);
    }
  else if (strcmp (op, "set-texture") == 0)
    {
      g_autoptr (GArray) faces = NULL;
      QrTexChange change = { 0 };

      if (s->argc != 3 && s->argc != 8)
        return usage_error (s, "expected set-texture OBJECTS[:FACE] NAME [shift_u shift_v scale_u scale_v rotation]");
      if (!(faces = qr_cli_parse_faces (s->doc, s->argv[1], error)))
        return QR_EXIT_BAD_INPUT;
      change.name = s->argv[2];
      if (s->argc == 8)
        {
          if (!parse_numbers (s->argv + 3, 5, v))
            return usage_error (s, "expected five numbers after the texture name");
          change.set_shift = change.set_scale = change.set_rotation = true;
          change.shift[0] = v[0], change.shift[1] = v[1];
          change.scale[0] = v[2], change.scale[1] = v[3];
          change.rotation = v[4];
        }
      ok = qr_op_set_texture (s->doc, (QrFaceRef *) faces->data, faces->len, &change, error);
    }
  else if (strcmp (op, "set-key") == 0 || strcmp (op, "delete-key") == 0 || strcmp (op, "rename-key") == 0)
    {
      int want = op[0] == 'd' ? 3 : 4;

      if (s->argc != want)
        return usage_error (s, op[0] == 'd' ? "expected delete-key ENTITIES KEY"
                               : op[0] == 'r' ? "expected rename-key ENTITY KEY NEW_KEY"
                                              : "expected set-key ENTITIES KEY VALUE");
      if (!(entities = parse_entities (s->doc, s->argv[1], error)))
        return QR_EXIT_BAD_INPUT;
      if (op[0] == 'r' && entities->len != 1)
        return usage_error (s, "rename-key takes one entity");
      /* One entity keeps qr_op_set_key's refusal to delete a key it lacks;
       * several are one step that skips the entities it does not change. */
      if (op[0] == 'r')
        ok = qr_op_rename_key (s->doc, g_array_index (entities, QrId, 0), s->argv[2], s->argv[3], error);
      else if (entities->len == 1)
        ok = qr_op_set_key (s->doc, g_array_index (entities, QrId, 0), s->argv[2], op[0] == 'd' ? NULL : s->argv[3],
                            error);
      else
        ok = qr_op_set_key_many (s->doc, IDS (entities), s->argv[2], op[0] == 'd' ? NULL : s->argv[3], error);
    }
  else if (strcmp (op, "set-class") == 0)
    {
      if (s->argc != 3)
        return usage_error (s, "expected set-class ENTITIES CLASSNAME");
      if (!(entities = parse_entities (s->doc, s->argv[1], error)))
        return QR_EXIT_BAD_INPUT;
      ok = qr_op_set_class (s->doc, IDS (entities), s->argv[2], error);
    }
  else if (strcmp (op, "hide") == 0 || strcmp (op, "isolate") == 0)
    {
      if ((status = step_objects (s, 0, &ids, &entities, error)) != QR_EXIT_OK)
        return status;
      ok = op[0] == 'h' ? qr_op_hide (s->doc, OBJS (ids, entities), error)
                        : qr_op_isolate (s->doc, OBJS (ids, entities), error);
    }
  else if (strcmp (op, "show-all") == 0 && s->argc == 1)
    {
      qr_op_show_all (s->doc);
      ok = true;
    }
  else if (strcmp (op, "copy") == 0)
    {
      g_autoptr (QrSelection) sel = qr_selection_new ();
      g_autofree char *text = NULL;

      if ((status = step_objects (s, 1, &ids, &entities, error)) != QR_EXIT_OK)
        return status;
      for (guint i = 0; i < ids->len; i++)
        qr_selection_add_brush (sel, g_array_index (ids, QrId, i));
      for (guint i = 0; i < entities->len; i++)
        qr_selection_add_entity (sel, g_array_index (entities, QrId, i));
      text = qr_clipboard_dup_text (s->doc, sel);
      ok = g_file_set_contents (s->argv[2], text, -1, error);
    }
  else if (strcmp (op, "paste") == 0 && (s->argc == 2 || s->argc == 5))
    {
      g_autofree char *text = NULL;
      gsize len;

      if (s->argc == 5 && !parse_numbers (s->argv + 2, 3, v))
        return usage_error (s, "expected paste FILE [dx dy dz]");
      if (s->argc == 2)
        v[0] = v[1] = v[2] = 0;
      ok = g_file_get_contents (s->argv[1], &text, &len, error)
           && qr_clipboard_paste (s->doc, text, (gssize) len, qr_vec3 (v[0], v[1], v[2]), error);
    }
  else if (strcmp (op, "reload") == 0 && s->argc == 2)
    {
      /* What the window's Reload does when the file changed on disk. */
      QrMap *map = qr_map_load (s->argv[1], error);

      ok = map != NULL && qr_document_reload (s->doc, map);
    }
  else
    return usage_error (s, "unknown operation or wrong arguments (see quarry-cli edit --help)");

  return ok ? QR_EXIT_OK : QR_EXIT_BAD_INPUT;
}

int
qr_cli_edit (int argc, char **argv)
{
  g_auto (GStrv) steps = NULL;
  g_autofree char *format_name = NULL;
  gboolean lock = FALSE, history = FALSE;
  g_auto (GStrv) search = NULL;
  g_autofree char *entdef_path = NULL;
  g_autoptr (QrEntDefs) defs = NULL;
  int undo = 0;
  const GOptionEntry entries[] = {
    { "step", 's', 0, G_OPTION_ARG_STRING_ARRAY, &steps, "An operation and its arguments (repeatable)", "\"OP ARGS\"" },
    { "undo", 'u', 0, G_OPTION_ARG_INT, &undo, "Undo the last N steps before saving", "N" },
    { "texture-lock", 'l', 0, G_OPTION_ARG_NONE, &lock, "Transforms carry the textures along", NULL },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_name, "Save as quake, valve220, quake2 or vmf", "FORMAT" },
    { "history", 0, 0, G_OPTION_ARG_NONE, &history, "Print the undo history before saving", NULL },
    { "search", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &search,
      "A game or content folder to look for textures in, for their sizes (repeatable)", "DIR" },
    { "entdef", 0, 0, G_OPTION_ARG_FILENAME, &entdef_path,
      "Entity definitions (.fgd, .def, .ent) whose defaults `place` adds", "FILE" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("IN OUT — edit a map step by step and save it");
  g_autoptr (QrDocument) doc = NULL;
  g_autoptr (GError) error = NULL;
  QrSaveFormat format = QR_SAVE_AS_READ;
  QrMap *map;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (
    context, "Steps (OBJS: E:B or E, comma-separated; FACES: E:B:F or E:B; see README.md):\n"
             "  create move nudge resize rotate shear flip delete duplicate group ungroup tie untie\n"
             "  set-texture set-key delete-key rename-key copy paste reload\n"
             "  hide OBJS   isolate OBJS   show-all (VMF: editor visgroupshown; .map: not saved)\n"
             "  visgroup-add NAME OBJS…   visgroup-remove NAME OBJS…   visgroup-delete NAME\n"
             "  visgroup-rename OLD NEW   visgroup-move NAME [PARENT]   visgroup-hide NAME\n"
             "  visgroup-show NAME (VMF only)\n"
             "  place CLASS X Y Z [KEY=VALUE…]   set-class ENTITIES CLASS\n"
             "  texture tex-shift tex-scale tex-rotate tex-justify tex-fit tex-align tex-wrap tex-replace\n"
             "  disp-create FACES POWER   disp-destroy FACES   disp-power FACES POWER   disp-sew FACES\n"
             "  disp-sculpt FACES MODE X Y Z RADIUS STRENGTH [--z] [--height H] [--alpha A] [--seed N] [--stroke L]\n"
             "  landscape X0 Y0 Z SX SY COLS ROWS [TEXTURE]   landscape-point E ROW COL DZ [FALLOFF]\n"
             "  landscape-regrid E +1|-1   landscape-resolution E N   landscape-to-displacements E\n"
             "  landscape-to-brushes E STEP\n"
             "  vertex-move E:B X Y Z DX DY DZ   vertex-remove E:B X Y Z\n"
             "  edge-move E:B X1 Y1 Z1 X2 Y2 Z2 DX DY DZ   edge-split E:B X1 Y1 Z1 X2 Y2 Z2 DX DY DZ\n"
             "  face-move FACES DX DY DZ   face-split FACES DX DY DZ\n"
             "  face-extrude FACES DISTANCE   face-extrude-brush FACES DISTANCE\n"
             "  layer-add NAME   layer-move NAME OBJS…   layer-rename OLD NEW   layer-delete NAME\n"
             "  layer-hide NAME   layer-show NAME   layer-lock NAME   layer-unlock NAME\n"
             "  layer-omit NAME on|off   layer-current NAME (where create, place and paste put new objects)\n"
             "  layer-isolate NAME   layer-up NAME   layer-down NAME\n"
             "  layer-show-all   layer-hide-all   layer-lock-all   layer-unlock-all\n");
  if (!qr_cli_parse_options (context, &argc, &argv))
    return QR_EXIT_USAGE;
  if (argc != 3 || undo < 0)
    {
      fprintf (stderr, "quarry-cli edit: expected IN OUT [--step \"OP ARGS\"]… [--undo N]\n");
      return QR_EXIT_USAGE;
    }
  if (format_name != NULL && !qr_save_format_from_string (format_name, &format))
    {
      fprintf (stderr, "quarry-cli edit: unknown format “%s”\n", format_name);
      return QR_EXIT_USAGE;
    }
  if (entdef_path != NULL)
    {
      defs = qr_entdefs_load (entdef_path, &error);
      if (defs == NULL)
        {
          fprintf (stderr, "quarry-cli edit: %s\n", error->message);
          return QR_EXIT_BAD_INPUT;
        }
      /* A bad class does not keep the others from being placed. */
      for (guint i = 0; i < qr_entdefs_error_count (defs); i++)
        fprintf (stderr, "quarry-cli edit: warning: %s\n", qr_entdefs_error (defs, i));
    }
  map = qr_cli_load (argv[1]);
  if (map == NULL)
    return QR_EXIT_BAD_INPUT;
  doc = qr_document_new (map);
  if (defs != NULL)
    qr_document_set_entdefs (doc, defs);
  qr_document_set_texture_lock (doc, lock);
  g_auto (Textures) textures = { argv[1], (const char *const *) search, NULL, 0 };
  g_autoptr (GHashTable) strokes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; steps != NULL && steps[i] != NULL; i++)
    {
      Step s = { doc, NULL, 0, steps[i], &textures, defs, strokes };
      g_auto (GStrv) words = NULL;
      int status;

      if (!g_shell_parse_argv (steps[i], &s.argc, &words, &error))
        {
          fprintf (stderr, "quarry-cli edit: step “%s”: %s\n", steps[i], error->message);
          return QR_EXIT_USAGE;
        }
      s.argv = words;
      status = run_step (&s, &error);
      if (status == QR_EXIT_BAD_INPUT)
        fprintf (stderr, "quarry-cli edit: step %u “%s”: %s\n", i + 1, steps[i],
                 error ? error->message : "failed");
      if (status != QR_EXIT_OK)
        return status;
      if (qr_document_get_note (doc) != NULL)
        fprintf (stderr, "quarry-cli edit: step %u: note: %s\n", i + 1, qr_document_get_note (doc));
    }

  for (int i = 0; i < undo; i++)
    if (!qr_document_undo (doc))
      {
        fprintf (stderr, "quarry-cli edit: only %d step%s to undo\n", i, i == 1 ? "" : "s");
        return QR_EXIT_USAGE;
      }

  if (history)
    {
      const QrCommandStack *stack = qr_document_get_history (doc);

      for (guint i = 0; i < qr_command_stack_history_length (stack); i++)
        printf ("%s %u %s\n", i < qr_command_stack_position (stack) ? "done" : "undone", i + 1,
                qr_command_stack_history_description (stack, i));
    }

  if (!qr_map_save (qr_document_get_map (doc), argv[2], format, &error))
    {
      fprintf (stderr, "quarry-cli: %s\n", error->message);
      return QR_EXIT_BAD_INPUT;
    }
  qr_cli_warn_dropped ("edit", qr_document_get_map (doc), format);
  return QR_EXIT_OK;
}
