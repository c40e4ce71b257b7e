#include "qr-export-scene.h"

#include <string.h>

static void
material_free (gpointer data)
{
  QrExportMaterial *m = data;

  g_free (m->name);
  qr_image_free (m->image);
  g_free (m);
}

static void
primitive_free (gpointer data)
{
  QrExportPrimitive *p = data;

  g_array_unref (p->positions);
  g_array_unref (p->normals);
  g_array_unref (p->uvs);
  g_array_unref (p->indices);
  g_free (p);
}

static void
object_free (gpointer data)
{
  QrExportObject *o = data;

  g_free (o->name);
  g_ptr_array_unref (o->primitives);
  g_free (o);
}

QrExportScene *
qr_export_scene_new (QrExportUp up, double scale)
{
  QrExportScene *scene = g_new0 (QrExportScene, 1);

  scene->objects = g_ptr_array_new_with_free_func (object_free);
  scene->materials = g_ptr_array_new_with_free_func (material_free);
  scene->material_index = g_hash_table_new (g_str_hash, g_str_equal);
  scene->up = up;
  scene->scale = scale;
  return scene;
}

void
qr_export_scene_free (QrExportScene *scene)
{
  if (scene == NULL)
    return;
  g_ptr_array_unref (scene->objects);
  g_hash_table_unref (scene->material_index);
  g_ptr_array_unref (scene->materials);
  g_free (scene);
}

bool
qr_export_scene_find_material (const QrExportScene *scene, const char *name, guint *index)
{
  guint found = GPOINTER_TO_UINT (g_hash_table_lookup (scene->material_index, name));

  if (found == 0)
    return false;
  *index = found - 1;
  return true;
}

guint
qr_export_scene_material (QrExportScene *scene, const char *name, int width, int height, QrImage *image)
{
  QrExportMaterial *m;
  guint index;

  if (qr_export_scene_find_material (scene, name, &index))
    {
      qr_image_free (image);
      return index;
    }
  m = g_new0 (QrExportMaterial, 1);
  m->name = g_strdup (name);
  m->width = width;
  m->height = height;
  m->image = image;
  g_ptr_array_add (scene->materials, m);
  /* Keyed by the material's own copy of the name. */
  g_hash_table_insert (scene->material_index, m->name, GUINT_TO_POINTER (scene->materials->len));
  return scene->materials->len - 1;
}

static bool
name_taken (const QrExportScene *scene, const char *name)
{
  for (guint i = 0; i < scene->objects->len; i++)
    if (strcmp (((QrExportObject *) g_ptr_array_index (scene->objects, i))->name, name) == 0)
      return true;
  return false;
}

QrExportObject *
qr_export_scene_add_object (QrExportScene *scene, const char *name)
{
  QrExportObject *o = g_new0 (QrExportObject, 1);

  o->name = g_strdup (name);
  for (int n = 2; name_taken (scene, o->name); n++)
    {
      g_free (o->name);
      o->name = g_strdup_printf ("%s #%d", name, n);
    }
  o->primitives = g_ptr_array_new_with_free_func (primitive_free);
  g_ptr_array_add (scene->objects, o);
  return o;
}

QrExportPrimitive *
qr_export_object_primitive (QrExportObject *object, guint material)
{
  QrExportPrimitive *p;

  /* Faces in a row mostly share a material: the last primitive first. */
  for (guint i = object->primitives->len; i > 0; i--)
    {
      p = g_ptr_array_index (object->primitives, i - 1);
      if (p->material == material)
        return p;
    }
  p = g_new0 (QrExportPrimitive, 1);
  p->material = material;
  p->positions = g_array_new (FALSE, FALSE, sizeof (double));
  p->normals = g_array_new (FALSE, FALSE, sizeof (double));
  p->uvs = g_array_new (FALSE, FALSE, sizeof (double));
  p->indices = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_ptr_array_add (object->primitives, p);
  return p;
}

guint32
qr_export_primitive_add_vertex (QrExportPrimitive *prim, const double position[3], const double normal[3],
                                const double uv[2])
{
  guint32 index = qr_export_primitive_n_vertices (prim);

  g_array_append_vals (prim->positions, position, 3);
  g_array_append_vals (prim->normals, normal, 3);
  g_array_append_vals (prim->uvs, uv, 2);
  return index;
}

void
qr_export_primitive_add_triangle (QrExportPrimitive *prim, guint32 a, guint32 b, guint32 c)
{
  const guint32 t[3] = { a, b, c };

  g_array_append_vals (prim->indices, t, 3);
}

bool
qr_export_object_is_empty (const QrExportObject *object)
{
  for (guint i = 0; i < object->primitives->len; i++)
    if (qr_export_primitive_n_triangles (g_ptr_array_index (object->primitives, i)) > 0)
      return false;
  return true;
}
