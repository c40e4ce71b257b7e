/* qr-export-gltf.c — the export scene as a .glb file.
 *
 * Facts from the glTF 2.0 specification (Khronos, version 2.0.1): the GLB
 * container (§4.4: a 12-byte header, a JSON chunk padded with spaces and a
 * BIN chunk padded with zeros, both to 4 bytes), accessors and buffer views
 * (§3.6: offsets multiples of the component size, byteStride a multiple of
 * 4, POSITION needs min and max, index values below the primitive-restart
 * value), URIs (§3.3: reserved characters percent-encoded).
 */
#include "qr-export-gltf.h"
#include "qr-export-files.h"
#include "qr-export-names.h"

#include <float.h>
#include <json-c/json.h>
#include <math.h>
#include <string.h>

#include "qr-image-file.h"
#include "qr-io.h"
#include "qr-number.h"

enum
{
  GLB_MAGIC = 0x46546C67,      /* "glTF" little-endian */
  GLB_VERSION = 2,
  GLB_CHUNK_JSON = 0x4E4F534A, /* "JSON" */
  GLB_CHUNK_BIN = 0x004E4942,  /* "BIN\0" */

  GLTF_UNSIGNED_SHORT = 5123,
  GLTF_UNSIGNED_INT = 5125,
  GLTF_FLOAT = 5126,
  GLTF_ARRAY_BUFFER = 34962,
  GLTF_ELEMENT_ARRAY_BUFFER = 34963,
  GLTF_REPEAT = 10497,
  GLTF_TRIANGLES = 4,
};

/* Interleaved vertex: position, normal, texture coordinate as float32. */
#define VERTEX_FLOATS 8
#define VERTEX_STRIDE (VERTEX_FLOATS * 4)

/* The grey of materials whose texture did not resolve (linear RGB). */
#define UNTEXTURED_GREY 0.5

typedef struct
{
  const QrExportScene *scene;
  QrExportTextures textures;
  const char *path;
  GByteArray *bin;         /* the BIN chunk's contents (owned) */
  /* bufferViews and accessors as JSON text, items comma-separated: a map
   * has tens of thousands, and json-c spends a hash table on each. */
  GString *views;
  GString *accessors;
  int n_views, n_accessors;
  int *material_index;     /* scene material → glTF material, −1 when unused (owned) */
  GHashTable *taken_files; /* case-folded texture file names already chosen (owned) */
  QrExportFiles *files;    /* the .glb and its external textures, replaced together (owned) */
  bool folder_added;       /* the texture folder is in files */
} GlbWriter;

static void
glb_writer_clear (GlbWriter *w)
{
  g_clear_pointer (&w->bin, g_byte_array_unref);
  g_clear_pointer (&w->material_index, g_free);
  g_clear_pointer (&w->taken_files, g_hash_table_unref);
  g_clear_pointer (&w->files, qr_export_files_free);
  if (w->views != NULL)
    g_string_free (g_steal_pointer (&w->views), TRUE);
  if (w->accessors != NULL)
    g_string_free (g_steal_pointer (&w->accessors), TRUE);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (GlbWriter, glb_writer_clear)

static bool
unsupported (GError **error, const char *path, const char *what)
{
  g_set_error (error, QR_IO_ERROR, QR_IO_ERROR_UNSUPPORTED, "%s: %s", path, what);
  return false;
}

/* Names come from map files in whatever bytes they hold; JSON must be UTF-8. */
static json_object *
json_name (const char *name)
{
  g_autofree char *valid = g_utf8_make_valid (name, -1);

  return json_object_new_string (valid);
}

static void
set_int (json_object *obj, const char *key, int64_t value)
{
  json_object_object_add (obj, key, json_object_new_int64 (value));
}

/* JSON text for the bulk of the document: `key` is the text before the
 * value, quotes, colon and any comma included. */
static void
text_int (GString *s, const char *key, gint64 value)
{
  char digits[24];
  guint64 u = value < 0 ? -(guint64) value : (guint64) value;
  int n = 0;

  g_string_append (s, key);
  do
    {
      digits[sizeof digits - 1 - n++] = (char) ('0' + u % 10);
      u /= 10;
    }
  while (u != 0);
  if (value < 0)
    digits[sizeof digits - 1 - n++] = '-';
  g_string_append_len (s, digits + sizeof digits - n, n);
}

/* Three floats' exact values as a JSON array, so min and max read back
 * equal to the accessor's data (the validator compares them). */
static void
text_vec3 (GString *s, const char *key, const float v[3])
{
  g_string_append (s, key);
  for (int k = 0; k < 3; k++)
    {
      char text[QR_NUMBER_BUFSIZE];

      qr_number_format ((double) v[k], text);
      g_string_append_c (s, k == 0 ? '[' : ',');
      g_string_append (s, text);
    }
  g_string_append_c (s, ']');
}

/* A json-c value that writes `text` as it is: the arrays kept as text
 * take their place in the document. Takes the text. */
static void
free_text (json_object *jso, void *userdata)
{
  g_free (userdata);
}

static json_object *
json_text (GString *text)
{
  json_object *value = json_object_new_array ();

  json_object_set_serializer (value, json_object_userdata_to_json_string, g_string_free (text, FALSE), free_text);
  return value;
}

/* GLB data is little-endian (§4.4.1); 32-bit words are swapped in place
 * on big-endian hosts. */
static void
words_to_little_endian (void *data, gsize n)
{
#if G_BYTE_ORDER == G_BIG_ENDIAN
  guint32 *word = data;

  for (gsize i = 0; i < n; i++)
    word[i] = GUINT32_TO_LE (word[i]);
#else
  (void) data;
  (void) n;
#endif
}

/* Room for `size` bytes at the end of the BIN chunk, at a 4-byte boundary
 * (which every component type's alignment divides), zero-padded to the
 * next; NULL when the chunk would pass what a .glb's 32-bit lengths can
 * hold. Data is written in place: a map's vertices are megabytes. */
static guint8 *
bin_reserve (GlbWriter *w, gsize size, guint *offset, GError **error)
{
  gsize padded = (size + 3) & ~(gsize) 3;

  if (size > G_MAXUINT32 - 64 - w->bin->len)
    {
      unsupported (error, w->path, "the scene is larger than the 4 GiB a .glb file can hold");
      return NULL;
    }
  *offset = w->bin->len;
  g_byte_array_set_size (w->bin, w->bin->len + (guint) padded);
  memset (w->bin->data + *offset + size, 0, padded - size);
  return w->bin->data + *offset;
}

static bool
bin_append (GlbWriter *w, const void *data, gsize size, guint *offset, GError **error)
{
  guint8 *at = bin_reserve (w, size, offset, error);

  if (at != NULL)
    memcpy (at, data, size);
  return at != NULL;
}

static int
add_view (GlbWriter *w, guint offset, gsize length, int stride, int target)
{
  GString *t = w->views;

  text_int (t, w->n_views > 0 ? ",{\"buffer\":" : "{\"buffer\":", 0);
  text_int (t, ",\"byteOffset\":", offset);
  text_int (t, ",\"byteLength\":", (gint64) length);
  if (stride > 0)
    text_int (t, ",\"byteStride\":", stride);
  if (target > 0)
    text_int (t, ",\"target\":", target);
  g_string_append_c (t, '}');
  return w->n_views++;
}

/* An accessor; lo and hi (NULL when not wanted) are its min and max. */
static int
add_accessor (GlbWriter *w, int view, int offset, int component, guint count, const char *type, const float *lo,
              const float *hi)
{
  GString *t = w->accessors;

  text_int (t, w->n_accessors > 0 ? ",{\"bufferView\":" : "{\"bufferView\":", view);
  if (offset > 0)
    text_int (t, ",\"byteOffset\":", offset);
  text_int (t, ",\"componentType\":", component);
  text_int (t, ",\"count\":", count);
  g_string_append (t, ",\"type\":\"");
  g_string_append (t, type);
  g_string_append_c (t, '"');
  if (lo != NULL && hi != NULL)
    {
      text_vec3 (t, ",\"min\":", lo);
      text_vec3 (t, ",\"max\":", hi);
    }
  g_string_append_c (t, '}');
  return w->n_accessors++;
}

static bool
check_primitive (const GlbWriter *w, const QrExportPrimitive *prim, GError **error)
{
  guint n = qr_export_primitive_n_vertices (prim);
  const guint32 *idx = (const guint32 *) prim->indices->data;
  const GArray *arrays[] = { prim->positions, prim->normals, prim->uvs };

  if (prim->normals->len != n * 3 || prim->uvs->len != n * 2)
    return unsupported (error, w->path, "a primitive's normals or texture coordinates do not match its vertices");
  for (guint i = 0; i < prim->indices->len; i++)
    if (idx[i] >= n)
      return unsupported (error, w->path, "a triangle refers to a vertex its primitive does not have");
  /* Checked as doubles: converting one beyond float's range is undefined. */
  for (guint a = 0; a < G_N_ELEMENTS (arrays); a++)
    for (guint i = 0; i < arrays[a]->len; i++)
      if (!(fabs (g_array_index (arrays[a], double, i)) <= FLT_MAX))
        return unsupported (error, w->path, "a coordinate is not a finite number in single precision");
  return true;
}

/* One primitive: its vertices interleaved in one buffer view (stride 32),
 * its indices in another, 16-bit when every index fits below 16-bit's
 * restart value 65535. */
static bool
write_primitive (GlbWriter *w, const QrExportPrimitive *prim, GString *primitives, GError **error)
{
  guint n = qr_export_primitive_n_vertices (prim);
  guint n_indices = prim->indices->len;
  const double *pos = (const double *) prim->positions->data;
  const double *nrm = (const double *) prim->normals->data;
  const double *uv = (const double *) prim->uvs->data;
  float lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY };
  bool wide = n > 65535;
  float *vertices;
  guint offset;
  int view, position, normal, texcoord;

  vertices = (float *) bin_reserve (w, (gsize) n * VERTEX_STRIDE, &offset, error);
  if (vertices == NULL)
    return false;
  for (guint i = 0; i < n; i++)
    {
      float *v = vertices + (gsize) i * VERTEX_FLOATS;

      for (int k = 0; k < 3; k++)
        {
          v[k] = (float) pos[i * 3 + k];
          v[3 + k] = (float) nrm[i * 3 + k];
          lo[k] = MIN (lo[k], v[k]);
          hi[k] = MAX (hi[k], v[k]);
        }
      v[6] = (float) uv[i * 2];
      v[7] = (float) uv[i * 2 + 1];
    }
  words_to_little_endian (vertices, (gsize) n * VERTEX_FLOATS);
  view = add_view (w, offset, (gsize) n * VERTEX_STRIDE, VERTEX_STRIDE, GLTF_ARRAY_BUFFER);
  position = add_accessor (w, view, 0, GLTF_FLOAT, n, "VEC3", lo, hi);
  normal = add_accessor (w, view, 12, GLTF_FLOAT, n, "VEC3", NULL, NULL);
  texcoord = add_accessor (w, view, 24, GLTF_FLOAT, n, "VEC2", NULL, NULL);

  {
    guint8 *at = bin_reserve (w, (gsize) n_indices * (wide ? 4 : 2), &offset, error);
    const guint32 *idx = (const guint32 *) prim->indices->data;

    if (at == NULL)
      return false;
    if (wide)
      {
        memcpy (at, idx, (gsize) n_indices * 4);
        words_to_little_endian (at, n_indices);
      }
    else
      {
        guint16 *narrow = (guint16 *) at;

        for (guint i = 0; i < n_indices; i++)
          narrow[i] = GUINT16_TO_LE ((guint16) idx[i]);
      }
  }
  view = add_view (w, offset, (gsize) n_indices * (wide ? 4 : 2), 0, GLTF_ELEMENT_ARRAY_BUFFER);

  text_int (primitives, primitives->len > 1 ? ",{\"attributes\":{\"POSITION\":" : "{\"attributes\":{\"POSITION\":",
            position);
  text_int (primitives, ",\"NORMAL\":", normal);
  text_int (primitives, ",\"TEXCOORD_0\":", texcoord);
  text_int (primitives, "},\"indices\":",
            add_accessor (w, view, 0, wide ? GLTF_UNSIGNED_INT : GLTF_UNSIGNED_SHORT, n_indices, "SCALAR", NULL, NULL));
  text_int (primitives, ",\"material\":", w->material_index[prim->material]);
  text_int (primitives, ",\"mode\":", GLTF_TRIANGLES);
  g_string_append_c (primitives, '}');
  return true;
}

/* A texture's file name, readable and safe everywhere: bytes outside
 * letters, digits and a few punctuation marks every common file system
 * takes (Windows refuses * ? : " < > | \ /) become '_', a leading dot or
 * dash too (hidden files, options), Windows' device names get a '_', long
 * names are cut; a name already taken, ignoring case (Windows and macOS
 * fold it), gets "-2", "-3"…: "*lava1" → "_lava1.png", "+0~slime" →
 * "+0~slime.png", "base/wall" → "base_wall.png". */
static char *
texture_file_name (GlbWriter *w, const char *texture)
{
  g_autoptr (GString) base = g_string_new (NULL);

  for (const char *p = texture; *p != '\0' && base->len < 64; p++)
    {
      guchar c = (guchar) *p;
      bool keep = g_ascii_isalnum (c) || strchr ("-_.+~{}!()[]@,=#%", c) != NULL;

      g_string_append_c (base, keep ? (char) c : '_');
    }
  if (base->len == 0)
    g_string_assign (base, "texture");
  if (base->str[0] == '.' || base->str[0] == '-')
    base->str[0] = '_';
  if (qr_export_is_device_name (base->str))
    g_string_append_c (base, '_');
  return qr_export_take_name (w->taken_files, base->str, "-", ".png");
}

/* A path segment as a URI: everything but RFC 3986's unreserved characters
 * percent-encoded, byte by byte (so UTF-8 names come out as IRIs encoded). */
static void
append_uri_segment (GString *uri, const char *segment)
{
  for (const guchar *p = (const guchar *) segment; *p != '\0'; p++)
    if (g_ascii_isalnum (*p) || strchr ("-._~", *p) != NULL)
      g_string_append_c (uri, (char) *p);
    else
      g_string_append_printf (uri, "%%%02X", *p);
}

/* The texture folder's name beside the .glb: "NAME_textures" for NAME.glb. */
static char *
texture_folder_name (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  char *dot = strrchr (base, '.');

  if (dot != NULL && dot != base)
    *dot = '\0';
  return g_strconcat (base, "_textures", NULL);
}

static bool
has_transparency (const QrImage *image)
{
  gsize n = (gsize) image->width * image->height;

  for (gsize i = 0; i < n; i++)
    if (image->rgba[i * 4 + 3] != 255)
      return true;
  return false;
}

/* The image of a material: in the BIN chunk, or a PNG file in the texture
 * folder (finished now, put in place with the .glb). */
static bool
write_image (GlbWriter *w, const QrExportMaterial *m, json_object *images, GError **error)
{
  g_autoptr (GBytes) png = qr_image_encode_png (m->image, error);
  json_object *image;
  gsize size;
  const guint8 *data;

  if (png == NULL)
    {
      g_prefix_error (error, "%s: texture %s: ", w->path, m->name);
      return false;
    }
  data = g_bytes_get_data (png, &size);
  image = json_object_new_object ();
  json_object_object_add (image, "name", json_name (m->name));
  if (w->textures == QR_EXPORT_TEXTURES_EMBEDDED)
    {
      guint offset;

      if (!bin_append (w, data, size, &offset, error))
        {
          json_object_put (image);
          return false;
        }
      set_int (image, "bufferView", add_view (w, offset, size, 0, 0));
    }
  else
    {
      g_autofree char *dir = g_path_get_dirname (w->path);
      g_autofree char *folder = texture_folder_name (w->path);
      g_autofree char *file = texture_file_name (w, m->name);
      g_autofree char *folder_path = g_build_filename (dir, folder, NULL);
      g_autofree char *file_path = g_build_filename (folder_path, file, NULL);
      g_autoptr (GString) uri = g_string_new (NULL);

      int handle;

      if (!w->folder_added && !qr_export_files_add_folder (w->files, folder_path, error))
        {
          json_object_put (image);
          return false;
        }
      w->folder_added = true;
      handle = qr_export_files_open (w->files, file_path, error);
      if (handle < 0 || !qr_export_files_write (w->files, handle, data, size, error)
          || !qr_export_files_finish (w->files, handle, error))
        {
          json_object_put (image);
          return false;
        }
      append_uri_segment (uri, folder);
      g_string_append_c (uri, '/');
      append_uri_segment (uri, file);
      json_object_object_add (image, "uri", json_object_new_string (uri->str));
    }
  json_object_object_add (image, "mimeType", json_object_new_string ("image/png"));
  json_object_array_add (images, image);
  return true;
}

/* Materials that written primitives use, in the scene's order; textured
 * ones with their image, a shared repeating sampler, and alpha masking
 * when the texture has transparent texels (Quake's '{' textures). */
static bool
write_materials (GlbWriter *w, json_object *root, GError **error)
{
  json_object *materials = json_object_new_array ();
  json_object *images = json_object_new_array ();
  json_object *textures = json_object_new_array ();

  json_object_object_add (root, "materials", materials);
  for (guint i = 0; i < w->scene->materials->len; i++)
    {
      const QrExportMaterial *m = g_ptr_array_index (w->scene->materials, i);
      json_object *material, *pbr;

      if (w->material_index[i] < 0)
        continue;
      w->material_index[i] = (int) json_object_array_length (materials);
      material = json_object_new_object ();
      json_object_object_add (material, "name", json_name (m->name));
      pbr = json_object_new_object ();
      if (m->image != NULL)
        {
          json_object *info = json_object_new_object ();
          json_object *texture = json_object_new_object ();

          if (!write_image (w, m, images, error))
            {
              json_object_put (info);
              json_object_put (texture);
              json_object_put (pbr);
              json_object_put (material);
              json_object_put (images);
              json_object_put (textures);
              return false;
            }
          set_int (texture, "sampler", 0);
          set_int (texture, "source", (int64_t) json_object_array_length (images) - 1);
          json_object_array_add (textures, texture);
          set_int (info, "index", (int64_t) json_object_array_length (textures) - 1);
          json_object_object_add (pbr, "baseColorTexture", info);
        }
      else
        {
          json_object *factor = json_object_new_array_ext (4);

          for (int k = 0; k < 3; k++)
            json_object_array_add (factor, json_object_new_double (UNTEXTURED_GREY));
          json_object_array_add (factor, json_object_new_double (1.0));
          json_object_object_add (pbr, "baseColorFactor", factor);
        }
      json_object_object_add (pbr, "metallicFactor", json_object_new_double (0.0));
      json_object_object_add (pbr, "roughnessFactor", json_object_new_double (1.0));
      json_object_object_add (material, "pbrMetallicRoughness", pbr);
      if (m->image != NULL && has_transparency (m->image))
        json_object_object_add (material, "alphaMode", json_object_new_string ("MASK"));
      json_object_array_add (materials, material);
    }
  if (json_object_array_length (images) > 0)
    {
      json_object *sampler = json_object_new_object ();
      json_object *samplers = json_object_new_array_ext (1);

      set_int (sampler, "wrapS", GLTF_REPEAT);
      set_int (sampler, "wrapT", GLTF_REPEAT);
      json_object_array_add (samplers, sampler);
      json_object_object_add (root, "samplers", samplers);
      json_object_object_add (root, "images", images);
      json_object_object_add (root, "textures", textures);
    }
  else
    {
      json_object_put (images);
      json_object_put (textures);
    }
  return true;
}

static void
put_u32 (guint8 *p, guint32 v)
{
  p[0] = v & 0xff;
  p[1] = (v >> 8) & 0xff;
  p[2] = (v >> 16) & 0xff;
  p[3] = v >> 24;
}

/* Header, JSON chunk (padded with spaces), BIN chunk (padded with zeros,
 * absent when empty), written under a temporary name and put in place
 * with the textures. */
static bool
write_container (GlbWriter *w, json_object *root, GError **error)
{
  static const char spaces[3] = { ' ', ' ', ' ' };
  size_t json_len;
  const char *json = json_object_to_json_string_length (root, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE,
                                                        &json_len);
  gsize json_padded = (json_len + 3) & ~(gsize) 3;
  gsize bin_len = w->bin->len; /* already a multiple of 4 */
  guint64 total = 12 + 8 + (guint64) json_padded + (bin_len > 0 ? 8 + bin_len : 0);
  guint8 head[20], bin_head[8];
  int handle;

  if (total > G_MAXUINT32)
    return unsupported (error, w->path, "the scene is larger than the 4 GiB a .glb file can hold");
  put_u32 (head, GLB_MAGIC);
  put_u32 (head + 4, GLB_VERSION);
  put_u32 (head + 8, (guint32) total);
  put_u32 (head + 12, (guint32) json_padded);
  put_u32 (head + 16, GLB_CHUNK_JSON);
  put_u32 (bin_head, (guint32) bin_len);
  put_u32 (bin_head + 4, GLB_CHUNK_BIN);
  handle = qr_export_files_open (w->files, w->path, error);
  return handle >= 0 && qr_export_files_write (w->files, handle, head, sizeof head, error)
         && qr_export_files_write (w->files, handle, json, json_len, error)
         && qr_export_files_write (w->files, handle, spaces, json_padded - json_len, error)
         && (bin_len == 0
             || (qr_export_files_write (w->files, handle, bin_head, sizeof bin_head, error)
                 && qr_export_files_write (w->files, handle, w->bin->data, bin_len, error)))
         && qr_export_files_finish (w->files, handle, error) && qr_export_files_commit (w->files, error);
}

bool
qr_export_write_glb (const QrExportScene *scene, const char *path, QrExportTextures textures, GError **error)
{
  g_auto (GlbWriter) w = { 0 };
  json_object *root, *asset, *nodes, *meshes, *scene_nodes, *scene_obj, *scenes;
  gsize bin_size = 0;
  bool ok = true;

  g_return_val_if_fail (scene != NULL && path != NULL, false);
  g_return_val_if_fail (textures == QR_EXPORT_TEXTURES_EMBEDDED || textures == QR_EXPORT_TEXTURES_EXTERNAL, false);

  w.scene = scene;
  w.textures = textures;
  w.path = path;
  w.files = qr_export_files_new ();
  w.material_index = g_new (int, MAX (scene->materials->len, 1));
  w.taken_files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  /* Which materials are used, and whether the data can be written at all,
   * before anything touches the disk. */
  for (guint i = 0; i < scene->materials->len; i++)
    w.material_index[i] = -1;
  for (guint o = 0; o < scene->objects->len; o++)
    {
      const QrExportObject *object = g_ptr_array_index (scene->objects, o);

      for (guint p = 0; p < object->primitives->len; p++)
        {
          const QrExportPrimitive *prim = g_ptr_array_index (object->primitives, p);

          if (qr_export_primitive_n_triangles (prim) == 0)
            continue;
          if (prim->material >= scene->materials->len)
            return unsupported (error, path, "a primitive refers to a material the scene does not have");
          if (!check_primitive (&w, prim, error))
            return false;
          w.material_index[prim->material] = 0;
          bin_size += (gsize) qr_export_primitive_n_vertices (prim) * VERTEX_STRIDE + 4 * (gsize) prim->indices->len;
        }
    }
  /* The geometry's size (images come on top): one allocation, mostly. */
  w.bin = g_byte_array_sized_new ((guint) MIN (bin_size, G_MAXUINT32 / 2));

  root = json_object_new_object ();
  asset = json_object_new_object ();
  json_object_object_add (asset, "version", json_object_new_string ("2.0"));
  json_object_object_add (asset, "generator", json_object_new_string ("Quarry"));
  json_object_object_add (root, "asset", asset);
  set_int (root, "scene", 0);
  scenes = json_object_new_array_ext (1);
  scene_obj = json_object_new_object ();
  json_object_array_add (scenes, scene_obj);
  json_object_object_add (root, "scenes", scenes);

  w.views = g_string_new ("[");
  w.accessors = g_string_new ("[");
  ok = write_materials (&w, root, error);

  nodes = json_object_new_array ();
  meshes = json_object_new_array ();
  scene_nodes = json_object_new_array ();
  for (guint o = 0; ok && o < scene->objects->len; o++)
    {
      const QrExportObject *object = g_ptr_array_index (scene->objects, o);
      json_object *mesh, *node;
      GString *primitives;

      if (qr_export_object_is_empty (object))
        continue;
      primitives = g_string_new ("[");
      for (guint p = 0; ok && p < object->primitives->len; p++)
        {
          const QrExportPrimitive *prim = g_ptr_array_index (object->primitives, p);

          if (qr_export_primitive_n_triangles (prim) > 0)
            ok = write_primitive (&w, prim, primitives, error);
        }
      mesh = json_object_new_object ();
      json_object_object_add (mesh, "name", json_name (object->name));
      g_string_append_c (primitives, ']');
      json_object_object_add (mesh, "primitives", json_text (primitives));
      json_object_array_add (meshes, mesh);
      node = json_object_new_object ();
      json_object_object_add (node, "name", json_name (object->name));
      set_int (node, "mesh", (int64_t) json_object_array_length (meshes) - 1);
      json_object_array_add (nodes, node);
      json_object_array_add (scene_nodes, json_object_new_int64 ((int64_t) json_object_array_length (nodes) - 1));
    }

  /* Arrays the specification gives at least one item when present. */
  if (json_object_array_length (nodes) > 0)
    {
      json_object_object_add (scene_obj, "nodes", json_object_get (scene_nodes));
      json_object_object_add (root, "nodes", json_object_get (nodes));
      json_object_object_add (root, "meshes", json_object_get (meshes));
    }
  if (w.n_accessors > 0)
    {
      g_string_append_c (w.accessors, ']');
      json_object_object_add (root, "accessors", json_text (g_steal_pointer (&w.accessors)));
    }
  if (w.n_views > 0)
    {
      g_string_append_c (w.views, ']');
      json_object_object_add (root, "bufferViews", json_text (g_steal_pointer (&w.views)));
    }
  if (w.bin->len > 0)
    {
      json_object *buffer = json_object_new_object ();
      json_object *buffers = json_object_new_array_ext (1);

      set_int (buffer, "byteLength", w.bin->len);
      json_object_array_add (buffers, buffer);
      json_object_object_add (root, "buffers", buffers);
    }
  if (json_object_array_length (json_object_object_get (root, "materials")) == 0)
    json_object_object_del (root, "materials");
  json_object_put (nodes);
  json_object_put (meshes);
  json_object_put (scene_nodes);

  if (ok)
    ok = write_container (&w, root, error);
  json_object_put (root);
  return ok;
}
