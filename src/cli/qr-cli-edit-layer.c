/* quarry-cli edit's layer-add, layer-move, layer-rename, layer-delete,
 * layer-hide, layer-show, layer-lock, layer-unlock, layer-omit,
 * layer-current, layer-isolate, layer-up, layer-down and the -all forms
 * (layer-show-all, layer-hide-all, layer-lock-all, layer-unlock-all), and
 * `quarry-cli layers`: TrenchBroom's layers through the
 * operations of qr-operations.h, named as the layers panel shows them. */
#include "qr-cli-edit-layer.h"
#include "qr-cli-json.h"
#include "qr-cli.h"
#include "qr-operations.h"

#include <stdio.h>
#include <string.h>

static int
usage (const char *step, const char *msg)
{
  fprintf (stderr, "quarry-cli edit: step “%s”: %s\n", step, msg);
  return QR_EXIT_USAGE;
}

static bool
find (QrDocument *doc, const char *name, gint64 *id, GError **error)
{
  QrLayer layer;

  if (!qr_map_find_layer (qr_document_get_map (doc), name, &layer))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, "there is no layer “%s”", name);
      return false;
    }
  *id = layer.id;
  return true;
}

/* layer-move NAME OBJS…: every word after the name a list of objects. */
static bool
move (QrDocument *doc, gint64 id, char **words, int n, GError **error)
{
  g_autoptr (GArray) brushes = g_array_new (FALSE, FALSE, sizeof (QrId));
  g_autoptr (GArray) entities = g_array_new (FALSE, FALSE, sizeof (QrId));

  for (int i = 0; i < n; i++)
    {
      g_autoptr (GArray) whole = NULL;
      g_autoptr (GArray) ids = qr_cli_parse_objects (doc, words[i], &whole, error);

      if (ids == NULL)
        return false;
      g_array_append_vals (brushes, ids->data, ids->len);
      g_array_append_vals (entities, whole->data, whole->len);
    }
  return qr_op_layer_move (doc, id,
                           &(QrObjects) { (const QrId *) (gpointer) brushes->data, brushes->len,
                                          (const QrId *) (gpointer) entities->data, entities->len },
                           error);
}

int
qr_cli_edit_layer_step (QrDocument *doc, char **argv, int argc, const char *step, GError **error)
{
  static const struct
  {
    const char *op;
    QrLayerFlag flag;
    gboolean on;
  } flags[] = {
    { "layer-hide", QR_LAYER_HIDDEN, TRUE },  { "layer-show", QR_LAYER_HIDDEN, FALSE },
    { "layer-lock", QR_LAYER_LOCKED, TRUE },  { "layer-unlock", QR_LAYER_LOCKED, FALSE },
  };
  const char *op = argv[0];
  gint64 id;
  bool ok;

  if (!g_str_has_prefix (op, "layer-"))
    return QR_EXIT_USAGE + 1;
  if (strcmp (op, "layer-add") == 0)
    {
      if (argc != 2)
        return usage (step, "expected layer-add NAME");
      ok = qr_op_layer_add (doc, argv[1], NULL, error);
    }
  else if (strcmp (op, "layer-move") == 0)
    {
      if (argc < 3)
        return usage (step, "expected layer-move NAME OBJS…");
      ok = find (doc, argv[1], &id, error) && move (doc, id, argv + 2, argc - 2, error);
    }
  else if (strcmp (op, "layer-rename") == 0)
    {
      if (argc != 3)
        return usage (step, "expected layer-rename OLD NEW");
      ok = find (doc, argv[1], &id, error) && qr_op_layer_rename (doc, id, argv[2], error);
    }
  else if (strcmp (op, "layer-delete") == 0 || strcmp (op, "layer-current") == 0)
    {
      if (argc != 2)
        return usage (step, "expected the layer's NAME");
      ok = find (doc, argv[1], &id, error);
      if (ok && strcmp (op, "layer-delete") == 0)
        ok = qr_op_layer_delete (doc, id, error);
      else if (ok)
        qr_document_set_current_layer (doc, id);
    }
  else if (strcmp (op, "layer-isolate") == 0 || strcmp (op, "layer-up") == 0 || strcmp (op, "layer-down") == 0)
    {
      if (argc != 2)
        return usage (step, "expected the layer's NAME");
      ok = find (doc, argv[1], &id, error)
           && (op[6] == 'i' ? qr_op_layer_isolate (doc, id, error)
                            : qr_op_layer_reorder (doc, id, op[6] == 'u' ? -1 : 1, error));
    }
  else if (g_str_has_suffix (op, "-all"))
    {
      guint i = 0;

      while (i < G_N_ELEMENTS (flags) && strncmp (flags[i].op, op, strlen (flags[i].op)) != 0)
        i++;
      if (i == G_N_ELEMENTS (flags) || strlen (op) != strlen (flags[i].op) + 4)
        return QR_EXIT_USAGE + 1;
      if (argc != 1)
        return usage (step, "expected no argument");
      ok = qr_op_layers_set_flag_all (doc, flags[i].flag, flags[i].on, error);
    }
  else if (strcmp (op, "layer-omit") == 0)
    {
      if (argc != 3 || (strcmp (argv[2], "on") != 0 && strcmp (argv[2], "off") != 0))
        return usage (step, "expected layer-omit NAME on|off");
      ok = find (doc, argv[1], &id, error)
           && qr_op_layer_set_flag (doc, id, QR_LAYER_OMIT_FROM_EXPORT, strcmp (argv[2], "on") == 0, error);
    }
  else
    {
      guint i = 0;

      while (i < G_N_ELEMENTS (flags) && strcmp (flags[i].op, op) != 0)
        i++;
      if (i == G_N_ELEMENTS (flags))
        return QR_EXIT_USAGE + 1;
      if (argc != 2)
        return usage (step, "expected the layer's NAME");
      ok = find (doc, argv[1], &id, error) && qr_op_layer_set_flag (doc, id, flags[i].flag, flags[i].on, error);
    }
  return ok ? QR_EXIT_OK : QR_EXIT_BAD_INPUT;
}

int
qr_cli_layers (int argc, char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("MAP — TrenchBroom's layers of a .map, in order");
  g_autoptr (QrMap) map = NULL;
  g_autoptr (GArray) layers = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!qr_cli_parse_options (context, &argc, &argv))
    return QR_EXIT_USAGE;
  if (argc != 2)
    {
      fprintf (stderr, "quarry-cli layers: expected one MAP\n");
      return QR_EXIT_USAGE;
    }
  map = qr_cli_load (argv[1]);
  if (map == NULL)
    return QR_EXIT_BAD_INPUT;
  layers = qr_map_dup_layers (map);
  if (json)
    {
      json_object *root = json_object_new_object ();
      json_object *list = json_object_new_array ();

      for (guint i = 0; i < layers->len; i++)
        {
          const QrLayer *layer = &g_array_index (layers, QrLayer, i);
          json_object *o = json_object_new_object ();

          json_object_object_add (o, "name", json_object_new_string (layer->name));
          json_object_object_add (o, "id", json_object_new_int64 (layer->id));
          json_object_object_add (o, "sort_index", layer->sort_index == G_MAXINT64 || layer->id == 0
                                                       ? NULL : json_object_new_int64 (layer->sort_index));
          json_object_object_add (o, "hidden", json_object_new_boolean (layer->hidden));
          json_object_object_add (o, "locked", json_object_new_boolean (layer->locked));
          json_object_object_add (o, "omit_from_export", json_object_new_boolean (layer->omit));
          json_object_object_add (o, "brushes", json_object_new_int64 (layer->n_brushes));
          json_object_object_add (o, "entities", json_object_new_int64 (layer->n_entities));
          json_object_array_add (list, o);
        }
      json_object_object_add (root, "layers", list);
      qr_json_print (root);
      json_object_put (root);
      return QR_EXIT_OK;
    }
  for (guint i = 0; i < layers->len; i++)
    {
      const QrLayer *layer = &g_array_index (layers, QrLayer, i);

      printf ("%s\tid %" G_GINT64_FORMAT "\t%u brushes\t%u entities%s%s%s\n", layer->name, layer->id,
              layer->n_brushes, layer->n_entities, layer->hidden ? "\thidden" : "", layer->locked ? "\tlocked" : "",
              layer->omit ? "\tomitted from export" : "");
    }
  return QR_EXIT_OK;
}
