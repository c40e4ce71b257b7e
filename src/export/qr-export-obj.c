/* Formats: Wavefront OBJ and MTL as Blender's and three.js's importers read
 * them (Wavefront Advanced Visualizer manual, Appendix B1 "Object Files
 * (.obj)" and "Material Library File (.mtl)"): one
 * statement a line, names end at white space, '#' starts a comment,
 * indices count from 1 over the whole file, and a texture's v runs up
 * from the image's bottom row. */
#include "qr-export-obj.h"
#include "qr-export-names.h"

#include <math.h>
#include <string.h>

#include "qr-export-files.h"
#include "qr-export-float.h"
#include "qr-image-file.h"

/* Written out once this much text has gathered. */
#define CHUNK (256 * 1024)

/* The grey of a material without pixels. */
#define UNTEXTURED_GREY "0.5"

/* Text on its way to one file of the set. */
typedef struct
{
  QrExportFiles *files; /* borrowed */
  int handle;
  GString *buf;         /* owned */
  bool failed;
} Out;

static bool
out_flush (Out *out, GError **error)
{
  if (!out->failed && !qr_export_files_write (out->files, out->handle, out->buf->str, out->buf->len, error))
    out->failed = true;
  g_string_truncate (out->buf, 0);
  return !out->failed;
}

static inline bool
out_step (Out *out, GError **error)
{
  return out->buf->len < CHUNK || out_flush (out, error);
}

/* g_string_append_len is a call through g_string_insert_len, which costs
 * more than the few bytes it copies; the room is there nearly always. */
static inline void
append_len (GString *s, const char *text, gsize n)
{
  if (s->len + n < s->allocated_len)
    {
      memcpy (s->str + s->len, text, n);
      s->len += n;
      s->str[s->len] = '\0';
    }
  else
    g_string_append_len (s, text, (gssize) n);
}

static inline void
append_float (GString *s, float f)
{
  char text[QR_EXPORT_FLOAT_BUFSIZE];

  append_len (s, text, (gsize) qr_export_format_float (f, text));
}

static inline void
append_index (GString *s, guint64 i)
{
  char text[24];
  int n = 0;

  do
    {
      text[sizeof text - 1 - n++] = (char) ('0' + i % 10);
      i /= 10;
    }
  while (i != 0);
  append_len (s, text + sizeof text - n, (gsize) n);
}

/* Names: the scene's, safe and unique (see the header). */

static char *
safe_name (const char *name)
{
  char *safe = g_strdup (name[0] != '\0' ? name : "unnamed");

  for (char *c = safe; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && *c != '_' && *c != '-' && (*c != '.' || c == safe))
      *c = '_';
  if (qr_export_is_device_name (safe))
    {
      char *kept = g_strconcat ("_", safe, NULL);
      g_free (safe);
      return kept;
    }
  return safe;
}

/* `taken` holds lower-case names; returns the name, now taken. */
static char *
unique_name (GHashTable *taken, const char *name)
{
  g_autofree char *safe = safe_name (name);

  return qr_export_take_name (taken, safe, "_", "");
}

/* The OBJ's own name without ".obj", for the MTL's and the folder's: the
 * user chose it, so only what would break `mtllib` and `map_Kd` (white
 * space, '#') is replaced. */
static char *
file_stem (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  gsize len = strlen (base);

  if (len > 4 && g_ascii_strcasecmp (base + len - 4, ".obj") == 0)
    base[len - 4] = '\0';
  for (char *c = base; *c != '\0'; c++)
    if (g_ascii_isspace (*c) || (guchar) *c < 0x20 || *c == '#')
      *c = '_';
  return g_steal_pointer (&base);
}

/* Distinct vectors of 2 or 3 floats, by value: an open-addressing table,
 * at most half full. Each slot holds its key, so a probe touches one cache
 * line; the table grows with the distinct values rather than the
 * vertices, so an object's few normals stay in the cache. */
#define VEC_SET_MIN_SLOTS 1024

typedef struct
{
  float key[3];  /* unused components 0 */
  guint32 index; /* 0 empty, else index + 1 */
} Slot;

typedef struct
{
  guint width;    /* floats per vector */
  GArray *values; /* float, width per distinct vector, in order of first use */
  Slot *slots;
  guint mask;     /* slots − 1 */
} VecSet;

static void
vec_set_init (VecSet *set, guint width)
{
  set->width = width;
  set->values = g_array_new (FALSE, FALSE, sizeof (float));
  set->slots = g_new0 (Slot, VEC_SET_MIN_SLOTS);
  set->mask = VEC_SET_MIN_SLOTS - 1;
}

static void
vec_set_clear (VecSet *set)
{
  g_array_unref (set->values);
  g_free (set->slots);
}

/* Empties the set; a large table goes, so that each of many small objects
 * after a large one does not clear it. */
static void
vec_set_reset (VecSet *set)
{
  if (set->mask + 1 > VEC_SET_MIN_SLOTS)
    {
      g_free (set->slots);
      set->slots = g_new0 (Slot, VEC_SET_MIN_SLOTS);
      set->mask = VEC_SET_MIN_SLOTS - 1;
    }
  else
    memset (set->slots, 0, VEC_SET_MIN_SLOTS * sizeof (Slot));
  g_array_set_size (set->values, 0);
}

/* The murmur3 finaliser over the key's bits (the floats are finite and
 * have no negative zero, so equal bits are equal values). */
static inline guint
slot_hash (const float key[3])
{
  guint64 lo, hi;
  guint32 bits[3];

  memcpy (bits, key, sizeof bits);
  lo = (guint64) bits[0] | (guint64) bits[1] << 32;
  hi = bits[2];
  lo ^= hi * 0x9e3779b97f4a7c15u;
  lo ^= lo >> 33;
  lo *= 0xff51afd7ed558ccdu;
  lo ^= lo >> 33;
  lo *= 0xc4ceb9fe1a85ec53u;
  lo ^= lo >> 33;
  return (guint) lo;
}

static void
vec_set_grow (VecSet *set)
{
  guint size = 2 * (set->mask + 1);
  Slot *slots = g_new0 (Slot, size);

  for (guint i = 0; i <= set->mask; i++)
    if (set->slots[i].index != 0)
      {
        guint slot = slot_hash (set->slots[i].key) & (size - 1);

        while (slots[slot].index != 0)
          slot = (slot + 1) & (size - 1);
        slots[slot] = set->slots[i];
      }
  g_free (set->slots);
  set->slots = slots;
  set->mask = size - 1;
}

/* The index of v (3 floats, the last 0 for pairs), added when new. */
static inline guint32
vec_set_index (VecSet *set, const float v[3])
{
  for (guint slot = slot_hash (v) & set->mask;; slot = (slot + 1) & set->mask)
    {
      Slot *s = &set->slots[slot];

      if (s->index == 0)
        {
          guint32 index;

          memcpy (s->key, v, sizeof s->key);
          g_array_append_vals (set->values, v, set->width);
          index = s->index = set->values->len / set->width;
          if (2 * index > set->mask)
            vec_set_grow (set);
          return index - 1;
        }
      if (memcmp (s->key, v, sizeof s->key) == 0)
        return s->index - 1;
    }
}

/* The float written for a coordinate: nearest to the double, and +0 for
 * −0 so the two share a line. */
static inline float
to_float (double d)
{
  float f = (float) d;

  return f == 0 ? 0.0f : f;
}

typedef struct
{
  VecSet positions, uvs, normals;
  GArray *corners;  /* guint32 × 3 per vertex of the object: position, uv, normal index */
  guint64 base[3];  /* lines of v, vt, vn written so far */
} ObjWriter;

static bool
write_vectors (Out *out, const char *keyword, const VecSet *set, GError **error)
{
  const float *v = (const float *) set->values->data;
  guint n = set->values->len / set->width;
  gsize keyword_len = strlen (keyword);

  for (guint i = 0; i < n; i++, v += set->width)
    {
      append_len (out->buf, keyword, keyword_len);
      for (guint k = 0; k < set->width; k++)
        {
          g_string_append_c (out->buf, ' ');
          append_float (out->buf, v[k]);
        }
      g_string_append_c (out->buf, '\n');
      if (!out_step (out, error))
        return false;
    }
  return true;
}

static bool
write_object (ObjWriter *w, Out *out, const QrExportObject *object, const char *name, char **material_names,
              GError **error)
{
  guint n = 0, corner = 0;

  for (guint p = 0; p < object->primitives->len; p++)
    {
      const QrExportPrimitive *prim = g_ptr_array_index (object->primitives, p);
      if (qr_export_primitive_n_triangles (prim) > 0)
        n += qr_export_primitive_n_vertices (prim);
    }
  vec_set_reset (&w->positions);
  vec_set_reset (&w->uvs);
  vec_set_reset (&w->normals);
  g_array_set_size (w->corners, 3 * (gsize) n);

  for (guint p = 0; p < object->primitives->len; p++)
    {
      const QrExportPrimitive *prim = g_ptr_array_index (object->primitives, p);
      const double *pos = (const double *) prim->positions->data;
      const double *nrm = (const double *) prim->normals->data;
      const double *uv = (const double *) prim->uvs->data;
      guint32 *c = &g_array_index (w->corners, guint32, 3 * (gsize) corner);

      if (qr_export_primitive_n_triangles (prim) == 0)
        continue;
      for (guint i = 0; i < qr_export_primitive_n_vertices (prim); i++, c += 3)
        {
          const float p3[3] = { to_float (pos[3 * i]), to_float (pos[3 * i + 1]), to_float (pos[3 * i + 2]) };
          const float n3[3] = { to_float (nrm[3 * i]), to_float (nrm[3 * i + 1]), to_float (nrm[3 * i + 2]) };
          /* OBJ's v is 0 at the image's bottom row, the scene's at its top. */
          const float t2[3] = { to_float (uv[2 * i]), to_float (1.0 - uv[2 * i + 1]), 0 };

          c[0] = vec_set_index (&w->positions, p3);
          c[1] = vec_set_index (&w->uvs, t2);
          c[2] = vec_set_index (&w->normals, n3);
        }
      corner += qr_export_primitive_n_vertices (prim);
    }

  g_string_append_printf (out->buf, "o %s\n", name);
  if (!write_vectors (out, "v", &w->positions, error) || !write_vectors (out, "vt", &w->uvs, error)
      || !write_vectors (out, "vn", &w->normals, error))
    return false;

  corner = 0;
  for (guint p = 0; p < object->primitives->len; p++)
    {
      const QrExportPrimitive *prim = g_ptr_array_index (object->primitives, p);
      const guint32 *index = (const guint32 *) prim->indices->data;
      const guint32 *c = &g_array_index (w->corners, guint32, 3 * (gsize) corner);

      if (qr_export_primitive_n_triangles (prim) == 0)
        continue;
      g_string_append_printf (out->buf, "usemtl %s\n", material_names[prim->material]);
      for (guint t = 0; t < prim->indices->len; t += 3)
        {
          g_string_append_c (out->buf, 'f');
          for (guint k = 0; k < 3; k++)
            {
              const guint32 *v = c + 3 * (gsize) index[t + k];

              g_string_append_c (out->buf, ' ');
              append_index (out->buf, w->base[0] + v[0] + 1);
              g_string_append_c (out->buf, '/');
              append_index (out->buf, w->base[1] + v[1] + 1);
              g_string_append_c (out->buf, '/');
              append_index (out->buf, w->base[2] + v[2] + 1);
            }
          g_string_append_c (out->buf, '\n');
          if (!out_step (out, error))
            return false;
        }
      corner += qr_export_primitive_n_vertices (prim);
    }
  w->base[0] += w->positions.values->len / 3;
  w->base[1] += w->uvs.values->len / 2;
  w->base[2] += w->normals.values->len / 3;
  return true;
}

static bool
write_obj_text (const QrExportScene *scene, QrExportFiles *files, int handle, const char *mtl_name,
                char **material_names, GError **error)
{
  g_autoptr (GHashTable) taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Out out = { files, handle, g_string_sized_new (CHUNK + 4096), false };
  ObjWriter w = { 0 };
  bool ok = true;

  vec_set_init (&w.positions, 3);
  vec_set_init (&w.uvs, 2);
  vec_set_init (&w.normals, 3);
  w.corners = g_array_new (FALSE, FALSE, sizeof (guint32));

  g_string_append_printf (out.buf, "# Quarry\nmtllib %s\n", mtl_name);
  for (guint i = 0; ok && i < scene->objects->len; i++)
    {
      const QrExportObject *object = g_ptr_array_index (scene->objects, i);
      g_autofree char *name = NULL;

      if (qr_export_object_is_empty (object))
        continue;
      name = unique_name (taken, object->name);
      ok = write_object (&w, &out, object, name, material_names, error);
    }
  ok = ok && out_flush (&out, error);

  vec_set_clear (&w.positions);
  vec_set_clear (&w.uvs);
  vec_set_clear (&w.normals);
  g_array_unref (w.corners);
  g_string_free (out.buf, TRUE);
  return ok;
}

static GString *
mtl_text (const QrExportScene *scene, char **material_names, const char *textures)
{
  GString *s = g_string_new ("# Quarry\n");

  for (guint i = 0; i < scene->materials->len; i++)
    {
      const QrExportMaterial *m = g_ptr_array_index (scene->materials, i);

      g_string_append_printf (s, "\nnewmtl %s\n", material_names[i]);
      /* A texture is shown as it is, not tinted (three.js multiplies Kd
       * into map_Kd); and brush surfaces are matte. */
      if (m->image != NULL)
        g_string_append_printf (s, "Kd 1 1 1\nKs 0 0 0\nillum 1\nmap_Kd %s/%s.png\n", textures, material_names[i]);
      else
        g_string_append (s, "Kd " UNTEXTURED_GREY " " UNTEXTURED_GREY " " UNTEXTURED_GREY "\nKs 0 0 0\nillum 1\n");
    }
  return s;
}

bool
qr_export_write_obj (const QrExportScene *scene, const char *path, GError **error)
{
  g_autoptr (QrExportFiles) files = NULL;
  g_autoptr (GHashTable) taken = NULL;
  g_autoptr (GString) mtl = NULL;
  g_auto (GStrv) material_names = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *stem = NULL;
  g_autofree char *mtl_name = NULL;
  g_autofree char *mtl_path = NULL;
  g_autofree char *textures = NULL;
  g_autofree char *textures_path = NULL;
  bool any_image = false;
  int handle;

  g_return_val_if_fail (scene != NULL && path != NULL, false);

  folder = g_path_get_dirname (path);
  stem = file_stem (path);
  mtl_name = g_strconcat (stem, ".mtl", NULL);
  mtl_path = g_build_filename (folder, mtl_name, NULL);
  textures = g_strconcat (stem, "_textures", NULL);
  textures_path = g_build_filename (folder, textures, NULL);

  taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  material_names = g_new0 (char *, scene->materials->len + 1);
  for (guint i = 0; i < scene->materials->len; i++)
    {
      const QrExportMaterial *m = g_ptr_array_index (scene->materials, i);

      material_names[i] = unique_name (taken, m->name);
      any_image |= m->image != NULL;
    }

  /* Textures, then the MTL, then the OBJ: renamed in that order, so an OBJ
   * in place never names files not yet there. */
  files = qr_export_files_new ();
  if (any_image && !qr_export_files_add_folder (files, textures_path, error))
    return false;
  for (guint i = 0; i < scene->materials->len; i++)
    {
      const QrExportMaterial *m = g_ptr_array_index (scene->materials, i);
      g_autofree char *png_name = NULL;
      g_autofree char *png_path = NULL;

      if (m->image == NULL)
        continue;
      png_name = g_strconcat (material_names[i], ".png", NULL);
      png_path = g_build_filename (textures_path, png_name, NULL);
      handle = qr_export_files_open (files, png_path, error);
      if (handle < 0 || !qr_image_write_png (m->image, qr_export_files_temp_path (files, handle), error)
          || !qr_export_files_finish (files, handle, error))
        return false;
    }

  mtl = mtl_text (scene, material_names, textures);
  handle = qr_export_files_open (files, mtl_path, error);
  if (handle < 0 || !qr_export_files_write (files, handle, mtl->str, mtl->len, error)
      || !qr_export_files_finish (files, handle, error))
    return false;

  handle = qr_export_files_open (files, path, error);
  if (handle < 0 || !write_obj_text (scene, files, handle, mtl_name, material_names, error)
      || !qr_export_files_finish (files, handle, error))
    return false;

  return qr_export_files_commit (files, error);
}
