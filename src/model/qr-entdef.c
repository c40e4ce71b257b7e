/* qr-entdef.c — the entity-definition model and its inheritance. */
#include "qr-entdef.h"

#include <stdarg.h>
#include <string.h>

struct _QrEntDefs
{
  gint refs;
  char *path;
  GPtrArray *classes;     /* QrEntClass *, owned, file order */
  GHashTable *by_name;    /* exact name → class (borrowed) */
  GHashTable *by_folded;  /* ASCII-lowercased name → class (key owned) */
  GPtrArray *errors;      /* char *, owned */
};

static void
prop_free (gpointer data)
{
  QrPropDef *prop = data;
  if (prop->choices != NULL)
    {
      for (guint i = 0; i < prop->choices->len; i++)
        {
          QrPropChoice *c = &g_array_index (prop->choices, QrPropChoice, i);
          g_free (c->value);
          g_free (c->label);
        }
      g_array_unref (prop->choices);
    }
  g_free (prop->name);
  g_free (prop->type_name);
  g_free (prop->label);
  g_free (prop->default_value);
  g_free (prop->description);
  g_free (prop);
}

static void
io_free (gpointer data)
{
  QrIoDef *io = data;
  g_free (io->name);
  g_free (io->type);
  g_free (io->description);
  g_free (io);
}

static void
class_free (gpointer data)
{
  QrEntClass *cls = data;
  g_free (cls->name);
  g_free (cls->description);
  g_free (cls->model);
  g_free (cls->file);
  g_ptr_array_unref (cls->bases);
  g_ptr_array_unref (cls->own_props);
  g_ptr_array_unref (cls->props);
  g_ptr_array_unref (cls->own_inputs);
  g_ptr_array_unref (cls->own_outputs);
  g_ptr_array_unref (cls->inputs);
  g_ptr_array_unref (cls->outputs);
  g_free (cls);
}

QrEntDefs *
qr_entdefs_new (void)
{
  QrEntDefs *defs = g_new0 (QrEntDefs, 1);
  defs->refs = 1;
  defs->classes = g_ptr_array_new_with_free_func (class_free);
  defs->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  defs->by_folded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  defs->errors = g_ptr_array_new_with_free_func (g_free);
  return defs;
}

QrEntDefs *
qr_entdefs_ref (QrEntDefs *defs)
{
  g_atomic_int_inc (&defs->refs);
  return defs;
}

void
qr_entdefs_unref (QrEntDefs *defs)
{
  if (defs == NULL || !g_atomic_int_dec_and_test (&defs->refs))
    return;
  g_hash_table_unref (defs->by_name);
  g_hash_table_unref (defs->by_folded);
  g_ptr_array_unref (defs->classes);
  g_ptr_array_unref (defs->errors);
  g_free (defs->path);
  g_free (defs);
}

const char *
qr_entdefs_get_path (const QrEntDefs *defs)
{
  return defs->path;
}

void
qr_entdefs_set_path (QrEntDefs *defs, const char *path)
{
  g_free (defs->path);
  defs->path = g_strdup (path);
}

QrEntClass *
qr_entdefs_add_class (QrEntDefs *defs, const char *name, QrEntClassKind kind, const char *file, int line)
{
  QrEntClass *cls = g_new0 (QrEntClass, 1);
  cls->name = g_strdup (name);
  cls->kind = kind;
  cls->file = g_strdup (file);
  cls->line = line;
  cls->bases = g_ptr_array_new_with_free_func (g_free);
  cls->own_props = g_ptr_array_new_with_free_func (prop_free);
  cls->props = g_ptr_array_new ();
  cls->own_inputs = g_ptr_array_new_with_free_func (io_free);
  cls->own_outputs = g_ptr_array_new_with_free_func (io_free);
  cls->inputs = g_ptr_array_new ();
  cls->outputs = g_ptr_array_new ();

  /* A redefinition takes the earlier one's place in the list. */
  QrEntClass *old = g_hash_table_lookup (defs->by_name, name);
  guint at;
  if (old != NULL && g_ptr_array_find (defs->classes, old, &at))
    {
      g_hash_table_remove (defs->by_name, name);
      g_ptr_array_index (defs->classes, at) = cls;
      class_free (old);
    }
  else
    g_ptr_array_add (defs->classes, cls);
  g_hash_table_insert (defs->by_name, cls->name, cls);
  g_hash_table_insert (defs->by_folded, g_ascii_strdown (name, -1), cls);
  return cls;
}

QrPropDef *
qr_entclass_add_prop (QrEntClass *cls, const char *name, QrPropType type, const char *type_name)
{
  QrPropDef *prop = g_new0 (QrPropDef, 1);
  prop->name = g_strdup (name);
  prop->type = type;
  prop->type_name = g_strdup (type_name);
  if (type == QR_PROP_CHOICES || type == QR_PROP_FLAGS)
    prop->choices = g_array_new (FALSE, TRUE, sizeof (QrPropChoice));
  g_ptr_array_add (cls->own_props, prop);
  return prop;
}

void
qr_prop_add_choice (QrPropDef *prop, const char *value, const char *label, bool default_on)
{
  if (prop->choices == NULL)
    prop->choices = g_array_new (FALSE, TRUE, sizeof (QrPropChoice));
  QrPropChoice c = { g_strdup (value), g_strdup (label), default_on };
  g_array_append_val (prop->choices, c);
}

static QrIoDef *
io_new (const char *name, const char *type, const char *description)
{
  QrIoDef *io = g_new0 (QrIoDef, 1);
  io->name = g_strdup (name);
  io->type = g_strdup (type);
  io->description = g_strdup (description);
  return io;
}

QrIoDef *
qr_entclass_add_input (QrEntClass *cls, const char *name, const char *type, const char *description)
{
  QrIoDef *io = io_new (name, type, description);
  g_ptr_array_add (cls->own_inputs, io);
  return io;
}

QrIoDef *
qr_entclass_add_output (QrEntClass *cls, const char *name, const char *type, const char *description)
{
  QrIoDef *io = io_new (name, type, description);
  g_ptr_array_add (cls->own_outputs, io);
  return io;
}

void
qr_entdefs_add_error (QrEntDefs *defs, const char *file, int line, int column, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *message = g_strdup_vprintf (format, args);
  va_end (args);
  g_autofree char *whole = g_strdup_printf ("%s:%d:%d: %s", file, line, column, message);
  /* Messages quote the file's text (class names, keys), which may hold any
   * bytes; the Problems panel and GTK labels need valid UTF-8. */
  g_ptr_array_add (defs->errors, g_utf8_make_valid (whole, -1));
}

guint
qr_entdefs_error_count (const QrEntDefs *defs)
{
  return defs->errors->len;
}

const char *
qr_entdefs_error (const QrEntDefs *defs, guint i)
{
  return g_ptr_array_index (defs->errors, i);
}

/* Inheritance ---------------------------------------------------------- */

enum
{
  UNVISITED,
  VISITING,
  DONE,
};

/* Appends `item` to `list`, or replaces the item of the same name in place. */
static void
merge_named (GPtrArray *list, gpointer item, const char *(*name_of) (gconstpointer))
{
  const char *name = name_of (item);
  for (guint i = 0; i < list->len; i++)
    if (g_ascii_strcasecmp (name_of (g_ptr_array_index (list, i)), name) == 0)
      {
        g_ptr_array_index (list, i) = item;
        return;
      }
  g_ptr_array_add (list, item);
}

static const char *
prop_name (gconstpointer p)
{
  return ((const QrPropDef *) p)->name;
}

static const char *
io_name (gconstpointer p)
{
  return ((const QrIoDef *) p)->name;
}

static void
resolve (QrEntDefs *defs, QrEntClass *cls, GHashTable *state)
{
  g_hash_table_insert (state, cls, GINT_TO_POINTER (VISITING));
  g_ptr_array_set_size (cls->props, 0);
  g_ptr_array_set_size (cls->inputs, 0);
  g_ptr_array_set_size (cls->outputs, 0);

  for (guint b = 0; b < cls->bases->len; b++)
    {
      const char *name = g_ptr_array_index (cls->bases, b);
      QrEntClass *base = (QrEntClass *) qr_entdefs_lookup (defs, name);
      if (base == NULL)
        {
          qr_entdefs_add_error (defs, cls->file, cls->line, 1, "class %s: unknown base class %s", cls->name, name);
          continue;
        }
      int s = GPOINTER_TO_INT (g_hash_table_lookup (state, base));
      if (s == VISITING)
        {
          qr_entdefs_add_error (defs, cls->file, cls->line, 1, "class %s: base class %s inherits from it (a cycle)",
                                cls->name, base->name);
          continue;
        }
      if (s == UNVISITED)
        resolve (defs, base, state);
      for (guint i = 0; i < base->props->len; i++)
        merge_named (cls->props, g_ptr_array_index (base->props, i), prop_name);
      for (guint i = 0; i < base->inputs->len; i++)
        merge_named (cls->inputs, g_ptr_array_index (base->inputs, i), io_name);
      for (guint i = 0; i < base->outputs->len; i++)
        merge_named (cls->outputs, g_ptr_array_index (base->outputs, i), io_name);
      if (!cls->has_color && base->has_color)
        {
          cls->has_color = true;
          memcpy (cls->color, base->color, sizeof cls->color);
        }
      if (!cls->has_size && base->has_size)
        {
          cls->has_size = true;
          cls->size = base->size;
        }
      if (cls->model == NULL && base->model != NULL)
        cls->model = g_strdup (base->model);
    }
  for (guint i = 0; i < cls->own_props->len; i++)
    merge_named (cls->props, g_ptr_array_index (cls->own_props, i), prop_name);
  for (guint i = 0; i < cls->own_inputs->len; i++)
    merge_named (cls->inputs, g_ptr_array_index (cls->own_inputs, i), io_name);
  for (guint i = 0; i < cls->own_outputs->len; i++)
    merge_named (cls->outputs, g_ptr_array_index (cls->own_outputs, i), io_name);
  g_hash_table_insert (state, cls, GINT_TO_POINTER (DONE));
}

void
qr_entdefs_finish (QrEntDefs *defs)
{
  g_autoptr (GHashTable) state = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < defs->classes->len; i++)
    {
      QrEntClass *cls = g_ptr_array_index (defs->classes, i);
      if (GPOINTER_TO_INT (g_hash_table_lookup (state, cls)) == UNVISITED)
        resolve (defs, cls, state);
    }
}

guint
qr_entdefs_count (const QrEntDefs *defs)
{
  return defs->classes->len;
}

const QrEntClass *
qr_entdefs_nth (const QrEntDefs *defs, guint i)
{
  return g_ptr_array_index (defs->classes, i);
}

const QrEntClass *
qr_entdefs_lookup (const QrEntDefs *defs, const char *name)
{
  if (defs == NULL || name == NULL)
    return NULL;
  const QrEntClass *cls = g_hash_table_lookup (defs->by_name, name);
  if (cls != NULL)
    return cls;
  g_autofree char *folded = g_ascii_strdown (name, -1);
  return g_hash_table_lookup (defs->by_folded, folded);
}

const QrPropDef *
qr_entclass_find_prop (const QrEntClass *cls, const char *key)
{
  for (guint i = 0; i < cls->props->len; i++)
    {
      const QrPropDef *prop = g_ptr_array_index (cls->props, i);
      if (g_ascii_strcasecmp (prop->name, key) == 0)
        return prop;
    }
  return NULL;
}

QrBounds
qr_entdefs_point_size (const QrEntDefs *defs, const char *classname)
{
  const QrEntClass *cls = qr_entdefs_lookup (defs, classname);
  if (cls != NULL && cls->has_size)
    return cls->size;
  return (QrBounds) { qr_vec3 (-8, -8, -8), qr_vec3 (8, 8, 8) };
}

static const struct
{
  const char *name;
  QrPropType type;
} type_names[] = {
  { "string", QR_PROP_STRING },
  { "integer", QR_PROP_INTEGER },
  { "float", QR_PROP_FLOAT },
  { "choices", QR_PROP_CHOICES },
  { "flags", QR_PROP_FLAGS },
  { "color255", QR_PROP_COLOR255 },
  { "color1", QR_PROP_COLOR1 },
  { "target_source", QR_PROP_TARGET_SOURCE },
  { "target_destination", QR_PROP_TARGET_DESTINATION },
  { "target_name_or_class", QR_PROP_TARGET_DESTINATION },
  { "studio", QR_PROP_STUDIO },
  { "sound", QR_PROP_SOUND },
  { "sprite", QR_PROP_SPRITE },
  { "decal", QR_PROP_DECAL },
  { "angle", QR_PROP_ANGLE },
  { "vector", QR_PROP_VECTOR },
  { "origin", QR_PROP_VECTOR },
  { "vecline", QR_PROP_VECTOR },
  { "boolean", QR_PROP_BOOLEAN },
  { "bool", QR_PROP_BOOLEAN },
};

QrPropType
qr_prop_type_from_name (const char *type_name)
{
  for (guint i = 0; i < G_N_ELEMENTS (type_names); i++)
    if (g_ascii_strcasecmp (type_name, type_names[i].name) == 0)
      return type_names[i].type;
  return QR_PROP_OTHER;
}
