/* quarry-cli entdef: the classes of an entity definition file. */
#include "qr-cli.h"
#include "qr-cli-common.h"
#include "qr-cli-json.h"

#include <math.h>
#include <stdio.h>

#include "qr-entdef-io.h"

static const char *
kind_name (QrEntClassKind kind)
{
  switch (kind)
    {
    case QR_ENTCLASS_POINT:
      return "point";
    case QR_ENTCLASS_SOLID:
      return "solid";
    case QR_ENTCLASS_BASE:
    default:
      return "base";
    }
}

static json_object *
json_string_or_null (const char *s)
{
  return s != NULL ? json_object_new_string (s) : NULL;
}

/* Colours as 0..255 integers, as FGD files and a mapper's colour picker
 * write them; the model keeps 0..1, so a DEF or ENT colour is scaled. */
static json_object *
json_color (const QrEntClass *cls)
{
  if (!cls->has_color)
    return NULL;
  json_object *a = json_object_new_array_ext (3);
  for (int i = 0; i < 3; i++)
    json_object_array_add (a, json_object_new_int ((int) lround (cls->color[i] * 255.0)));
  return a;
}

static json_object *
json_prop (const QrPropDef *prop)
{
  json_object *o = json_object_new_object ();
  /* The type as the file names it, in lower case: "Flags" and "flags" are one type. */
  g_autofree char *type = g_ascii_strdown (prop->type_name != NULL ? prop->type_name : "string", -1);
  json_object_object_add (o, "name", json_object_new_string (prop->name));
  json_object_object_add (o, "type", json_object_new_string (type));
  json_object_object_add (o, "default", json_string_or_null (prop->default_value));
  json_object *choices = NULL;
  if (prop->choices != NULL)
    {
      choices = json_object_new_array_ext ((int) prop->choices->len);
      for (guint i = 0; i < prop->choices->len; i++)
        {
          const QrPropChoice *c = &g_array_index (prop->choices, QrPropChoice, i);
          json_object *item = json_object_new_object ();
          json_object_object_add (item, "value", json_object_new_string (c->value));
          json_object_object_add (item, "label", json_object_new_string (c->label != NULL ? c->label : ""));
          if (prop->type == QR_PROP_FLAGS)
            json_object_object_add (item, "default", json_object_new_boolean (c->default_on));
          json_object_array_add (choices, item);
        }
    }
  json_object_object_add (o, "choices", choices);
  return o;
}

static json_object *
json_ios (const GPtrArray *ios)
{
  json_object *a = json_object_new_array_ext ((int) ios->len);
  for (guint i = 0; i < ios->len; i++)
    {
      const QrIoDef *io = g_ptr_array_index (ios, i);
      json_object *o = json_object_new_object ();
      json_object_object_add (o, "name", json_object_new_string (io->name));
      json_object_object_add (o, "type", json_string_or_null (io->type));
      json_object_array_add (a, o);
    }
  return a;
}

static json_object *
json_class (const QrEntClass *cls)
{
  json_object *o = json_object_new_object ();
  json_object_object_add (o, "name", json_object_new_string (cls->name));
  json_object_object_add (o, "kind", json_object_new_string (kind_name (cls->kind)));
  json_object_object_add (o, "color", json_color (cls));
  json_object *size = NULL;
  if (cls->has_size)
    {
      size = json_object_new_array_ext (2);
      json_object_array_add (size, qr_json_vec3 (cls->size.min));
      json_object_array_add (size, qr_json_vec3 (cls->size.max));
    }
  json_object_object_add (o, "size", size);
  json_object *props = json_object_new_array_ext ((int) cls->props->len);
  for (guint i = 0; i < cls->props->len; i++)
    json_object_array_add (props, json_prop (g_ptr_array_index (cls->props, i)));
  json_object_object_add (o, "properties", props);
  json_object_object_add (o, "inputs", json_ios (cls->inputs));
  json_object_object_add (o, "outputs", json_ios (cls->outputs));
  return o;
}

int
qr_cli_entdef (int argc, char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context
      = g_option_context_new ("FILE — the classes of an entity definition file (.fgd, .def, .ent)");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!qr_cli_parse_options (context, &argc, &argv))
    return QR_EXIT_USAGE;
  if (argc != 2)
    {
      fprintf (stderr, "quarry-cli entdef: expected one FILE\n");
      return QR_EXIT_USAGE;
    }

  g_autoptr (GError) error = NULL;
  g_autoptr (QrEntDefs) defs = qr_entdefs_load (argv[1], &error);
  if (defs == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return QR_EXIT_BAD_INPUT;
    }

  guint n_errors = qr_entdefs_error_count (defs);
  if (json)
    {
      json_object *root = json_object_new_object ();
      json_object *classes = json_object_new_array ();
      for (guint i = 0; i < qr_entdefs_count (defs); i++)
        json_object_array_add (classes, json_class (qr_entdefs_nth (defs, i)));
      json_object *errors = json_object_new_array ();
      for (guint i = 0; i < n_errors; i++)
        json_object_array_add (errors, json_object_new_string (qr_entdefs_error (defs, i)));
      json_object_object_add (root, "classes", classes);
      json_object_object_add (root, "errors", errors);
      qr_json_print (root);
      json_object_put (root);
    }
  else
    {
      for (guint i = 0; i < qr_entdefs_count (defs); i++)
        {
          const QrEntClass *cls = qr_entdefs_nth (defs, i);
          printf ("%-5s %s  %u %s\n", kind_name (cls->kind), cls->name, cls->props->len,
                  cls->props->len == 1 ? "key" : "keys");
        }
      printf ("%u %s, %u %s\n", qr_entdefs_count (defs), qr_entdefs_count (defs) == 1 ? "class" : "classes", n_errors,
              n_errors == 1 ? "error" : "errors");
      for (guint i = 0; i < n_errors; i++)
        fprintf (stderr, "%s\n", qr_entdefs_error (defs, i));
    }
  return n_errors > 0 ? QR_EXIT_BAD_INPUT : QR_EXIT_OK;
}
