/* qr-texture-source.c — looking a texture name up in a WAD, PAK or folder. */
#include "qr-texture-source.h"

#include "qr-image-file.h"
#include "qr-shader.h"
#include "qr-vmt.h"
#include "qr-vtf.h"
#include "qr-vfs.h"
#include "qr-wad.h"
#include "qr-wal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* In the order a name without an extension tries them. */
static const char *const image_extensions[] = { ".png", ".tga", ".jpg", ".jpeg" };

typedef enum
{
  PALETTE_UNREAD,
  PALETTE_ABSENT,
  PALETTE_READ,
} PaletteState;

struct _QrTextureSource
{
  char *display_name;
  QrWad *wad;          /* owned: a WAD source */
  QrVfs *vfs;          /* owned: a PAK or folder source */
  bool scanned;        /* wads and shaders below read */
  GPtrArray *wads;     /* QrWad *, owned: the WADs at the top of vfs */
  GPtrArray *shaders;  /* QrShaderScript *, owned: the scripts/ .shader files */
  GPtrArray *problems; /* char *, owned */
  PaletteState lmp_state, pcx_state;
  QrPalette lmp, pcx; /* gfx/palette.lmp, pics/colormap.pcx of vfs */
  GPtrArray *names;    /* char *, owned: what it offers, made on first need */
  GHashTable *sizes;   /* folded name → width << 16 | height (0: absent), as asked */
};

void
qr_texture_source_free (QrTextureSource *source)
{
  if (source == NULL)
    return;
  g_free (source->display_name);
  qr_wad_free (source->wad);
  qr_vfs_free (source->vfs);
  g_ptr_array_unref (source->wads);
  g_ptr_array_unref (source->shaders);
  g_ptr_array_unref (source->problems);
  if (source->names != NULL)
    g_ptr_array_unref (source->names);
  if (source->sizes != NULL)
    g_hash_table_unref (source->sizes);
  g_free (source);
}

/* The first four bytes of a file, to tell a WAD from a PAK. */
static bool
read_magic (const char *path, char magic[4], GError **error)
{
  FILE *file = fopen (path, "rb");
  size_t got;

  if (file == NULL)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (path);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", display, g_strerror (saved));
      return false;
    }
  got = fread (magic, 1, 4, file);
  fclose (file);
  if (got < 4)
    memset (magic + got, 0, 4 - got);
  return true;
}

static bool
has_suffix_ci (const char *s, const char *suffix)
{
  gsize n = strlen (s), k = strlen (suffix);

  return n >= k && g_ascii_strcasecmp (s + n - k, suffix) == 0;
}

QrTextureSource *
qr_texture_source_open (const char *path, GError **error)
{
  g_autoptr (QrTextureSource) source = g_new0 (QrTextureSource, 1);
  char magic[4];

  g_return_val_if_fail (path != NULL, NULL);

  source->display_name = g_filename_display_name (path);
  source->wads = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_wad_free);
  source->shaders = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_shader_script_free);
  source->problems = g_ptr_array_new_with_free_func (g_free);

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr (GError) pak_error = NULL;

      source->vfs = qr_vfs_new ();
      if (!qr_vfs_add_game_dir (source->vfs, path, &pak_error))
        {
          /* The folder itself is there; only an archive in it failed. */
          if (qr_vfs_n_roots (source->vfs) == 0)
            {
              g_propagate_error (error, g_steal_pointer (&pak_error));
              return NULL;
            }
          g_ptr_array_add (source->problems, g_strdup (pak_error->message));
        }
      return g_steal_pointer (&source);
    }
  if (!read_magic (path, magic, error))
    return NULL;
  /* The magic decides; a name ending .wad or .pak that lacks it gets that
   * format's own message. */
  if (memcmp (magic, "WAD2", 4) == 0 || memcmp (magic, "WAD3", 4) == 0
      || (memcmp (magic, "PACK", 4) != 0 && has_suffix_ci (path, ".wad")))
    {
      source->wad = qr_wad_open (path, error);
      if (source->wad == NULL)
        return NULL;
      for (guint i = 0; i < qr_wad_n_problems (source->wad); i++)
        g_ptr_array_add (source->problems, g_strdup (qr_wad_problem (source->wad, i)));
      source->scanned = true;
      return g_steal_pointer (&source);
    }
  if (memcmp (magic, "PACK", 4) == 0 || has_suffix_ci (path, ".pak"))
    {
      source->vfs = qr_vfs_new ();
      return qr_vfs_add_pak (source->vfs, path, error) ? g_steal_pointer (&source) : NULL;
    }
  g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT,
               "%s: not a texture source (a WAD file, a PAK archive or a folder)", source->display_name);
  return NULL;
}

/* Reads the top-level WADs and the shader scripts, once; broken ones are
 * noted and left out. */
static void
scan (QrTextureSource *source)
{
  g_auto (GStrv) top = NULL, scripts = NULL;

  if (source->scanned)
    return;
  source->scanned = true;

  top = qr_vfs_list (source->vfs, "", false);
  for (char **p = top; *p != NULL; p++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GBytes) bytes = NULL;
      g_autofree char *display = NULL;
      QrWad *wad;

      if (!has_suffix_ci (*p, ".wad"))
        continue;
      bytes = qr_vfs_read (source->vfs, *p, &error);
      display = g_build_filename (source->display_name, *p, NULL);
      wad = bytes != NULL ? qr_wad_new_from_bytes (bytes, display, &error) : NULL;
      if (wad != NULL)
        {
          for (guint i = 0; i < qr_wad_n_problems (wad); i++)
            g_ptr_array_add (source->problems, g_strdup (qr_wad_problem (wad, i)));
          g_ptr_array_add (source->wads, wad);
        }
      else
        g_ptr_array_add (source->problems, g_strdup (error->message));
    }

  scripts = qr_vfs_list (source->vfs, "scripts", false);
  for (char **p = scripts; *p != NULL; p++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GBytes) bytes = NULL;
      g_autofree char *display = NULL;
      QrShaderScript *script = NULL;
      gsize len;

      if (!has_suffix_ci (*p, ".shader"))
        continue;
      bytes = qr_vfs_read (source->vfs, *p, &error);
      display = g_build_filename (source->display_name, *p, NULL);
      if (bytes != NULL)
        {
          const char *text = g_bytes_get_data (bytes, &len);
          script = qr_shader_script_parse (text, len, display, &error);
        }
      if (script != NULL)
        g_ptr_array_add (source->shaders, script);
      else
        g_ptr_array_add (source->problems, g_strdup (error->message));
    }
}

/* A palette file of the source, read on first need; NULL when absent or
 * broken (noted). */
static const QrPalette *
source_palette (QrTextureSource *source, const char *relpath, PaletteState *state, QrPalette *palette)
{
  if (*state == PALETTE_UNREAD)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GBytes) bytes = NULL;
      bool ok = false;

      *state = PALETTE_ABSENT;
      if (source->vfs == NULL || !qr_vfs_exists (source->vfs, relpath))
        return NULL;
      bytes = qr_vfs_read (source->vfs, relpath, &error);
      if (bytes != NULL)
        {
          gsize size;
          const uint8_t *data = g_bytes_get_data (bytes, &size);

          ok = g_str_has_suffix (relpath, ".pcx") ? qr_palette_from_pcx (data, size, palette, &error)
                                                  : qr_palette_from_lmp (data, size, palette, &error);
        }
      if (!ok)
        {
          g_ptr_array_add (source->problems,
                           g_strdup_printf ("%s: %s: %s", source->display_name, relpath, error->message));
          return NULL;
        }
      *state = PALETTE_READ;
    }
  return *state == PALETTE_READ ? palette : NULL;
}

static const QrPalette *
wad2_palette (QrTextureSource *source, const QrPalette *given)
{
  const QrPalette *palette = given;

  if (palette == NULL)
    palette = source_palette (source, "gfx/palette.lmp", &source->lmp_state, &source->lmp);
  return palette != NULL ? palette : qr_palette_quake_default ();
}

static const QrPalette *
wal_palette (QrTextureSource *source, const QrPalette *given)
{
  const QrPalette *palette = given;

  if (palette == NULL)
    palette = source_palette (source, "pics/colormap.pcx", &source->pcx_state, &source->pcx);
  return palette != NULL ? palette : wad2_palette (source, NULL);
}

/* Half the size (odd sides round down, never below 1), averaging 2×2
 * blocks: the mip levels image files do not carry. */
static QrImage *
image_half (const QrImage *image)
{
  int w = MAX (image->width / 2, 1), h = MAX (image->height / 2, 1);
  QrImage *half = qr_image_new (w, h, NULL);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      for (int c = 0; c < 4; c++)
        {
          int x0 = MIN (2 * x, image->width - 1), x1 = MIN (2 * x + 1, image->width - 1);
          int y0 = MIN (2 * y, image->height - 1), y1 = MIN (2 * y + 1, image->height - 1);
          const uint8_t *p = image->rgba;
          int sum = p[((gsize) y0 * image->width + x0) * 4 + c] + p[((gsize) y0 * image->width + x1) * 4 + c]
                    + p[((gsize) y1 * image->width + x0) * 4 + c] + p[((gsize) y1 * image->width + x1) * 4 + c];
          half->rgba[((gsize) y * w + x) * 4 + c] = (uint8_t) ((sum + 2) / 4);
        }
  return half;
}

static bool
has_image_extension (const char *path)
{
  const char *dot = strrchr (path, '.');

  if (dot == NULL || strchr (dot, '/') != NULL)
    return false;
  for (guint i = 0; i < G_N_ELEMENTS (image_extensions); i++)
    if (g_ascii_strcasecmp (dot, image_extensions[i]) == 0)
      return true;
  return false;
}

/* The image file at `path` (as named, then with each image extension in
 * place of its own): *found false when there is none; NULL with *found
 * true when it is there but broken. */
static QrImage *
decode_image_file (QrTextureSource *source, const char *path, int mip, bool *found, GError **error)
{
  g_autofree char *stem = g_strdup (path);
  g_autoptr (GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);

  *found = false;
  if (has_image_extension (path))
    {
      g_ptr_array_add (candidates, g_strdup (path));
      *strrchr (stem, '.') = '\0';
    }
  for (guint i = 0; i < G_N_ELEMENTS (image_extensions); i++)
    g_ptr_array_add (candidates, g_strconcat (stem, image_extensions[i], NULL));

  for (guint i = 0; i < candidates->len; i++)
    {
      const char *candidate = candidates->pdata[i];
      g_autoptr (GBytes) bytes = NULL;
      g_autofree char *display = NULL;
      QrImage *image;
      const uint8_t *data;
      gsize size;

      if (!qr_vfs_exists (source->vfs, candidate))
        continue;
      *found = true;
      bytes = qr_vfs_read (source->vfs, candidate, error);
      if (bytes == NULL)
        return NULL;
      display = g_build_filename (source->display_name, candidate, NULL);
      data = g_bytes_get_data (bytes, &size);
      image = qr_image_file_decode (data, size, display, error);
      for (int m = 0; image != NULL && m < mip; m++)
        {
          QrImage *half = image_half (image);
          qr_image_free (image);
          image = half;
        }
      return image;
    }
  return NULL;
}

static QrImage *
decode_wal (QrTextureSource *source, const char *path, int mip, const QrPalette *palette, GError **error)
{
  g_autoptr (GBytes) bytes = qr_vfs_read (source->vfs, path, error);
  const uint8_t *data;
  QrImage *image;
  gsize size;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &size);
  image = qr_wal_decode (data, size, mip, wal_palette (source, palette), error);
  if (image == NULL)
    g_prefix_error (error, "%s/%s: ", source->display_name, path);
  return image;
}

static QrImage *
decode_vtf (QrTextureSource *source, const char *path, int mip, GError **error)
{
  g_autoptr (GBytes) bytes = qr_vfs_read (source->vfs, path, error);
  if (bytes == NULL)
    return NULL;
  gsize size;
  const uint8_t *data = g_bytes_get_data (bytes, &size);
  QrImage *image = qr_vtf_decode (data, size, mip, error);
  if (image == NULL)
    g_prefix_error (error, "%s/%s: ", source->display_name, path);
  return image;
}

/* A Source material: materials/NAME.vmt names its $basetexture (through
 * `patch` includes, a few deep), whose .vtf is decoded; a bare
 * materials/NAME.vtf also does. *found false when there is neither. Layer 2
 * is its $basetexture2, NULL without an error when it has none. */
static QrImage *
decode_material (QrTextureSource *source, const char *name, int mip, int layer, bool *found, GError **error)
{
  g_autofree char *material = g_strconcat ("materials/", name, ".vmt", NULL);
  *found = false;
  for (int depth = 0; depth < 8 && qr_vfs_exists (source->vfs, material); depth++)
    {
      *found = true;
      g_autoptr (GBytes) bytes = qr_vfs_read (source->vfs, material, error);
      if (bytes == NULL)
        return NULL;
      gsize len;
      const char *text = g_bytes_get_data (bytes, &len);
      g_autofree char *display = g_build_filename (source->display_name, material, NULL);
      g_autoptr (GError) local = NULL;
      g_autofree char *base = layer == 2 ? qr_vmt_base_texture2 (text, len, display, &local)
                                         : qr_vmt_base_texture (text, len, display, &local);
      if (local != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
      if (base != NULL)
        {
          g_autofree char *vtf = g_strconcat ("materials/", base, ".vtf", NULL);
          if (!qr_vfs_exists (source->vfs, vtf))
            {
              g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_NOT_FOUND,
                           "%s: its $basetexture %s is not there", display, vtf);
              return NULL;
            }
          return decode_vtf (source, vtf, mip, error);
        }
      g_autofree char *include = qr_vmt_include (text, len, display, &local);
      if (include == NULL)
        {
          if (local != NULL)
            g_propagate_error (error, g_steal_pointer (&local));
          else if (layer != 2)
            g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_NOT_FOUND, "%s: no $basetexture", display);
          return NULL;
        }
      g_free (material);
      material = g_str_has_prefix (include, "materials/") ? g_strdup (include)
                                                          : g_strconcat ("materials/", include, NULL);
    }
  if (*found)
    {
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_FORMAT, "%s/%s: patch includes too deep",
                   source->display_name, material);
      return NULL;
    }
  g_autofree char *bare = g_strconcat ("materials/", name, ".vtf", NULL);
  if (layer == 2 || !qr_vfs_exists (source->vfs, bare))
    return NULL;
  *found = true;
  return decode_vtf (source, bare, mip, error);
}

QrImage *
qr_texture_source_decode_layer2 (QrTextureSource *source, const char *name, int mip, GError **error)
{
  g_return_val_if_fail (source != NULL && name != NULL, NULL);
  if (source->wad != NULL)
    return NULL;
  bool found;
  return decode_material (source, name, mip, 2, &found, error);
}

QrImage *
qr_texture_source_decode (QrTextureSource *source, const char *name, int mip,
                          const QrPalette *palette_or_null, GError **error)
{
  g_autoptr (GPtrArray) bases = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (source != NULL && name != NULL, NULL);

  if (source->wad != NULL)
    {
      int i = qr_wad_find (source->wad, name);
      if (i >= 0)
        return qr_wad_decode (source->wad, (guint) i, mip, palette_or_null, error);
      g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_NOT_FOUND,
                   "%s: no texture “%s” in it", source->display_name, name);
      return NULL;
    }

  scan (source);
  for (guint w = 0; w < source->wads->len; w++)
    {
      QrWad *wad = source->wads->pdata[w];
      int i = qr_wad_find (wad, name);

      if (i >= 0)
        return qr_wad_decode (wad, (guint) i, mip, wad2_palette (source, palette_or_null), error);
    }

  /* Quake 3 maps name textures without their folder: try both. */
  if (g_ascii_strncasecmp (name, "textures/", strlen ("textures/")) != 0)
    g_ptr_array_add (bases, g_strconcat ("textures/", name, NULL));
  g_ptr_array_add (bases, g_strdup (name));

  for (guint s = 0; s < source->shaders->len; s++)
    for (guint b = 0; b < bases->len; b++)
      {
        const char *image_path = qr_shader_script_editor_image (source->shaders->pdata[s], bases->pdata[b]);
        bool found;
        QrImage *image;

        if (image_path == NULL)
          continue;
        image = decode_image_file (source, image_path, mip, &found, error);
        if (found)
          return image;
      }

  for (guint b = 0; b < bases->len; b++)
    {
      g_autofree char *wal = g_strconcat (bases->pdata[b], ".wal", NULL);
      if (qr_vfs_exists (source->vfs, wal))
        return decode_wal (source, wal, mip, palette_or_null, error);
    }

  for (guint b = 0; b < bases->len; b++)
    {
      bool found;
      QrImage *image = decode_image_file (source, bases->pdata[b], mip, &found, error);
      if (found)
        return image;
    }

  {
    bool found;
    QrImage *image = decode_material (source, name, mip, 1, &found, error);
    if (found)
      return image;
  }

  g_set_error (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_NOT_FOUND,
               "%s: no texture “%s” in it (looked in its WADs, shader scripts, textures/, top folder and materials/)",
               source->display_name, name);
  return NULL;
}

guint
qr_texture_source_n_problems (const QrTextureSource *source)
{
  g_return_val_if_fail (source != NULL, 0);
  return source->problems->len;
}

const char *
qr_texture_source_problem (const QrTextureSource *source, guint i)
{
  g_return_val_if_fail (source != NULL && i < source->problems->len, NULL);
  return source->problems->pdata[i];
}

/* The name a file under textures/, materials/ or the top folder gives its
 * texture (its path there without the extension), or NULL. */
static char *
texture_name_of (const char *path)
{
  static const char *const kinds[] = { ".wal", ".png", ".tga", ".jpg", ".jpeg" };
  const char *rel = path;
  bool material = false;
  if (g_ascii_strncasecmp (path, "textures/", 9) == 0)
    rel = path + 9;
  else if (g_ascii_strncasecmp (path, "materials/", 10) == 0)
    {
      rel = path + 10;
      material = true;
    }
  else if (strchr (path, '/') != NULL)
    return NULL;
  const char *dot = strrchr (rel, '.');
  if (dot == NULL || strchr (dot, '/') != NULL)
    return NULL;
  bool wanted = material ? g_ascii_strcasecmp (dot, ".vmt") == 0 : false;
  for (guint i = 0; !material && i < G_N_ELEMENTS (kinds); i++)
    wanted |= g_ascii_strcasecmp (dot, kinds[i]) == 0;
  return wanted ? g_strndup (rel, (gsize) (dot - rel)) : NULL;
}

static void
add_name (QrTextureSource *source, GHashTable *seen, const char *name)
{
  char *folded = g_ascii_strdown (name, -1);
  if (!g_hash_table_add (seen, folded))
    return;
  g_ptr_array_add (source->names, g_strdup (name));
}

/* Every texture name the source offers, once, made on first need. */
static void
list_names (QrTextureSource *source)
{
  if (source->names != NULL)
    return;
  source->names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (source->wad != NULL)
    {
      for (guint i = 0; i < qr_wad_n_textures (source->wad); i++)
        add_name (source, seen, qr_wad_texture_name (source->wad, i));
      return;
    }
  scan (source);
  for (guint w = 0; w < source->wads->len; w++)
    for (guint i = 0; i < qr_wad_n_textures (source->wads->pdata[w]); i++)
      add_name (source, seen, qr_wad_texture_name (source->wads->pdata[w], i));
  for (guint s = 0; s < source->shaders->len; s++)
    for (guint i = 0; i < qr_shader_script_n_shaders (source->shaders->pdata[s]); i++)
      {
        const char *shader = qr_shader_script_name (source->shaders->pdata[s], i);
        if (qr_shader_script_editor_image (source->shaders->pdata[s], shader) == NULL)
          continue;
        add_name (source, seen,
                  g_ascii_strncasecmp (shader, "textures/", 9) == 0 ? shader + 9 : shader);
      }
  const char *const dirs[] = { "textures", "materials", "" };
  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    {
      g_auto (GStrv) files = qr_vfs_list (source->vfs, dirs[d], dirs[d][0] != '\0');
      for (char **f = files; *f != NULL; f++)
        {
          g_autofree char *name = texture_name_of (*f);
          if (name != NULL)
            add_name (source, seen, name);
        }
    }
}

guint
qr_texture_source_count (QrTextureSource *source)
{
  list_names (source);
  return source->names->len;
}

const char *
qr_texture_source_name (QrTextureSource *source, guint i)
{
  list_names (source);
  g_return_val_if_fail (i < source->names->len, NULL);
  return source->names->pdata[i];
}

bool
qr_texture_source_size (QrTextureSource *source, const char *name, int *width, int *height)
{
  if (source->sizes == NULL)
    source->sizes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *folded = g_ascii_strdown (name, -1);
  gpointer known;
  if (g_hash_table_lookup_extended (source->sizes, folded, NULL, &known))
    {
      guint packed = GPOINTER_TO_UINT (known);
      *width = (int) (packed >> 16);
      *height = (int) (packed & 0xffff);
      return packed != 0;
    }
  if (source->wad != NULL)
    {
      int i = qr_wad_find (source->wad, name);
      if (i >= 0)
        qr_wad_texture_size (source->wad, (guint) i, width, height);
      return i >= 0;
    }
  /* Image files keep their size in headers of many kinds: decoding once
   * and remembering the answer is simpler and as exact. */
  g_autoptr (GError) error = NULL;
  g_autoptr (QrImage) image = qr_texture_source_decode (source, name, 0, NULL, &error);
  guint packed = 0;
  if (image != NULL)
    {
      *width = image->width;
      *height = image->height;
      packed = (guint) image->width << 16 | (guint) image->height;
    }
  else if (!g_error_matches (error, QR_TEXTURE_ERROR, QR_TEXTURE_ERROR_NOT_FOUND))
    {
      /* there, but broken: found, size unknown */
      *width = *height = 0;
      packed = 1;
    }
  g_hash_table_insert (source->sizes, g_steal_pointer (&folded), GUINT_TO_POINTER (packed));
  return packed != 0;
}

bool
qr_texture_source_palette (QrTextureSource *source, QrPalette *out)
{
  const QrPalette *palette = source_palette (source, "gfx/palette.lmp", &source->lmp_state, &source->lmp);
  if (palette != NULL)
    *out = *palette;
  return palette != NULL;
}
