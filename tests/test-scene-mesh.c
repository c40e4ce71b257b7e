/* test-scene-mesh.c — the render mesh kept in step with the document: what
 * it draws equals a fresh build after any edit, undo and redo; an edit
 * rewrites only what it touched; the indices are sound. No GL. */
#include <glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "qr-brush.h"
#include "qr-debug-textures.h"
#include "qr-disp.h"
#include "qr-document.h"
#include "qr-entdef.h"
#include "qr-entity-links.h"
#include "qr-face-marks.h"
#include "qr-io.h"
#include "qr-landscape-ops.h"
#include "qr-operations.h"
#include "qr-patch.h"
#include "qr-test-disp.h"
#include "qr-test-map.h"
#include "qr-scene-mesh.h"

static QrDocument *
load_sample (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "maps", "sample.map", NULL);
  QrMap *map = qr_map_load (path, &error);
  g_assert_no_error (error);
  return qr_document_new (map);
}

static const void *
stream (const QrSceneMesh *mesh, QrSceneStream s, guint *n)
{
  return qr_scene_mesh_get_data (mesh, s, n, NULL);
}

/* What a stream draws, independent of layout: one string per primitive
 * (triangle, line or cross) made of its vertices, sorted. */
static GPtrArray *
drawn (const QrSceneMesh *mesh, QrSceneStream s)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  guint n;
  const void *data = stream (mesh, s, &n);
  const QrSceneVertex *verts = data;
  const uint32_t *idx = data;
  guint per = 2;
  const QrSceneVertex *pool = NULL;
  guint n_pool = 0;
  if (qr_scene_stream_is_index (s))
    {
      QrSceneStream v = qr_scene_stream_vertices_of (s);
      per = v == QR_SCENE_FACE_VERTS ? 3 : 2;
      pool = stream (mesh, v, &n_pool);
    }
  else if (s == QR_SCENE_CENTRES)
    per = 4;

  for (guint i = 0; i + per <= n; i += per)
    {
      g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
      gboolean unused = TRUE;
      for (guint k = 0; k < per; k++)
        {
          const QrSceneVertex *v;
          if (pool != NULL)
            {
              g_assert_cmpuint (idx[i + k], <, n_pool);
              v = &pool[idx[i + k]];
            }
          else
            v = &verts[i + k];
          unused &= (v->flags & QR_SCENE_UNUSED) != 0;
          /* Texture ids are the mesh's own: compared by name. */
          const char *texture = qr_scene_mesh_get_texture_name (mesh, qr_scene_vertex_texture (v));
          g_ptr_array_add (parts, g_strdup_printf ("%a,%a,%a/%08x/%a,%a/%a/%x/%s", v->pos[0], v->pos[1], v->pos[2],
                                                   v->color, v->uv[0], v->uv[1], v->light,
                                                   v->flags & ((1u << QR_SCENE_TEXTURE_SHIFT) - 1),
                                                   texture != NULL ? texture : "-"));
        }
      if (unused)
        continue;
      /* A line is the same either way round; a triangle's winding matters. */
      if (per == 2 && strcmp (parts->pdata[0], parts->pdata[1]) > 0)
        {
          gpointer t = parts->pdata[0];
          parts->pdata[0] = parts->pdata[1];
          parts->pdata[1] = t;
        }
      g_ptr_array_add (parts, NULL);
      g_ptr_array_add (out, g_strjoinv (" ", (char **) parts->pdata));
    }
  return out;
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
assert_same_as_fresh (QrSceneMesh *mesh, QrDocument *doc)
{
  g_autoptr (QrSceneMesh) fresh = qr_scene_mesh_new ();
  qr_scene_mesh_rebuild (fresh, doc);
  /* The triangles by texture too, as the textured style asks for them. */
  qr_scene_mesh_group_faces (mesh);
  qr_scene_mesh_group_faces (fresh);
  for (int s = 0; s < QR_SCENE_N_STREAMS; s++)
    {
      if (s == QR_SCENE_FACE_VERTS || s == QR_SCENE_EDGE_VERTS)
        continue; /* seen through their indices */
      g_autoptr (GPtrArray) a = drawn (mesh, s);
      g_autoptr (GPtrArray) b = drawn (fresh, s);
      g_ptr_array_sort (a, compare_strings);
      g_ptr_array_sort (b, compare_strings);
      if (a->len != b->len)
        g_test_message ("stream %d: %u drawn, fresh build %u", s, a->len, b->len);
      g_assert_cmpuint (a->len, ==, b->len);
      for (guint i = 0; i < a->len; i++)
        g_assert_cmpstr (a->pdata[i], ==, b->pdata[i]);
    }
}

static void
on_changed (QrDocument *doc, const QrChangeSet *changes, QrSceneMesh *mesh)
{
  qr_scene_mesh_update (mesh, doc, changes);
}

/* A mesh built from the document and kept in step with it, as the views'. */
static QrSceneMesh *
following_mesh (QrDocument *doc)
{
  QrSceneMesh *mesh = qr_scene_mesh_new ();
  qr_scene_mesh_rebuild (mesh, doc);
  g_signal_connect (doc, "changed", G_CALLBACK (on_changed), mesh);
  return mesh;
}

static void
count_expected (QrDocument *doc, guint *triangles, guint *edges, guint *slots)
{
  const QrMap *map = qr_document_get_map (doc);
  *triangles = *edges = *slots = 0;
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      if (qr_entity_brush_count (entity) == 0 && qr_entity_get_key (entity, "origin") != NULL)
        {
          *triangles += 12;
          *edges += 12;
          (*slots)++;
        }
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, b);
          (*slots)++;
          if (!qr_brush_is_valid (brush))
            {
              *edges += 3 * brush->n_faces;
              continue;
            }
          for (int f = 0; f < brush->poly->n_faces; f++)
            *triangles += MAX (0, qr_polytope_face_count (brush->poly, f) - 2);
          *edges += brush->poly->n_edges;
        }
    }
}

static void
test_build (void)
{
  g_autoptr (QrDocument) doc = load_sample ();
  g_autoptr (QrSceneMesh) mesh = qr_scene_mesh_new ();
  qr_scene_mesh_rebuild (mesh, doc);

  guint triangles, edges, slots;
  count_expected (doc, &triangles, &edges, &slots);
  guint n;
  stream (mesh, QR_SCENE_FACE_INDEX, &n);
  g_assert_cmpuint (n, ==, 3 * triangles);
  stream (mesh, QR_SCENE_EDGE_INDEX, &n);
  g_assert_cmpuint (n, ==, 2 * edges);
  stream (mesh, QR_SCENE_CENTRES, &n);
  g_assert_cmpuint (n, ==, 4 * slots);

  /* Vertex 0 is never drawn: unused index space points at it. */
  const QrSceneVertex *v = stream (mesh, QR_SCENE_FACE_VERTS, &n);
  g_assert_true (v[0].flags & QR_SCENE_UNUSED);
  v = stream (mesh, QR_SCENE_EDGE_VERTS, &n);
  g_assert_true (v[0].flags & QR_SCENE_UNUSED);

  /* The design canvases' lists: no edge that shows as a point, none twice,
   * and never more than the 3D list. */
  static const int right[3] = { 0, 0, 1 }, up[3] = { 1, 2, 2 };
  guint n_all;
  stream (mesh, QR_SCENE_EDGE_INDEX, &n_all);
  for (int axis = 0; axis < 3; axis++)
    {
      const uint32_t *idx = stream (mesh, qr_scene_stream_for_ortho (axis), &n);
      g_assert_cmpuint (n, <, n_all);
      for (guint i = 0; i < n; i += 2)
        {
          const float *a = v[idx[i]].pos, *b = v[idx[i + 1]].pos;
          g_assert_false (a[right[axis]] == b[right[axis]] && a[up[axis]] == b[up[axis]]);
        }
    }
  /* Nothing selected, nothing invalid: no marked edges. */
  stream (mesh, QR_SCENE_EDGE_INDEX_MARKED, &n);
  g_assert_cmpuint (n, ==, 0);
}

static void
test_box_lines (void)
{
  /* A 64-unit cube: 12 edges in 3D, 4 lines in each design canvas. */
  static const char text[] = "{\n\"classname\" \"worldspawn\"\n{\n"
                             "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) a 0 0 0 1 1\n"
                             "( 64 0 0 ) ( 64 0 1 ) ( 64 1 0 ) a 0 0 0 1 1\n"
                             "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) a 0 0 0 1 1\n"
                             "( 0 64 0 ) ( 1 64 0 ) ( 0 64 1 ) a 0 0 0 1 1\n"
                             "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) a 0 0 0 1 1\n"
                             "( 0 0 64 ) ( 0 1 64 ) ( 1 0 64 ) a 0 0 0 1 1\n}\n}\n";
  g_autoptr (GError) error = NULL;
  QrMap *map = qr_map_parse (text, sizeof text - 1, QR_FILE_MAP, "cube", &error);
  g_assert_no_error (error);
  g_autoptr (QrDocument) doc = qr_document_new (map);
  g_assert_true (qr_brush_is_valid (qr_entity_get_brush (qr_map_get_entity (map, 0), 0)));
  g_autoptr (QrSceneMesh) mesh = qr_scene_mesh_new ();
  qr_scene_mesh_rebuild (mesh, doc);
  guint n;
  stream (mesh, QR_SCENE_EDGE_INDEX, &n);
  g_assert_cmpuint (n, ==, 24);
  for (int axis = 0; axis < 3; axis++)
    {
      stream (mesh, qr_scene_stream_for_ortho (axis), &n);
      g_assert_cmpuint (n, ==, 8);
    }
  stream (mesh, QR_SCENE_FACE_INDEX, &n);
  g_assert_cmpuint (n, ==, 36);
}

static QrId
first_brush (QrDocument *doc)
{
  const QrMap *map = qr_document_get_map (doc);
  return qr_entity_get_brush (qr_map_get_entity (map, 0), 0)->id;
}

static void
test_edit_writes_only_what_changed (void)
{
  g_autoptr (QrDocument) doc = load_sample ();
  g_autoptr (QrSceneMesh) mesh = following_mesh (doc);
  for (int s = 0; s < QR_SCENE_N_STREAMS; s++)
    {
      gboolean all;
      g_autoptr (GArray) r = g_array_new (FALSE, FALSE, sizeof (QrSceneRange));
      qr_scene_mesh_take_dirty (mesh, s, r, &all);
      g_assert_true (all);
    }

  QrId id = first_brush (doc);
  const QrBrush *brush = qr_document_lookup_brush (doc, id);
  guint corners = 0;
  for (int i = 0; i < brush->poly->n_faces; i++)
    corners += qr_polytope_face_count (brush->poly, i);
  g_autoptr (GError) error = NULL;
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (16, 0, 0), &error));
  g_assert_no_error (error);

  /* Only that brush's face corners went up, as one range, and nothing of
   * the centres beyond its cross. */
  gboolean all;
  g_autoptr (GArray) faces = g_array_new (FALSE, FALSE, sizeof (QrSceneRange));
  qr_scene_mesh_take_dirty (mesh, QR_SCENE_FACE_VERTS, faces, &all);
  g_assert_false (all);
  g_assert_cmpuint (faces->len, ==, 1);
  g_assert_cmpuint (g_array_index (faces, QrSceneRange, 0).count, ==, corners);
  g_autoptr (GArray) centres = g_array_new (FALSE, FALSE, sizeof (QrSceneRange));
  qr_scene_mesh_take_dirty (mesh, QR_SCENE_CENTRES, centres, &all);
  g_assert_cmpuint (centres->len, ==, 1);
  g_assert_cmpuint (g_array_index (centres, QrSceneRange, 0).count, ==, 4);

  /* And they are where the moved polytope says. */
  brush = qr_document_lookup_brush (doc, id);
  guint n;
  const QrSceneVertex *v = stream (mesh, QR_SCENE_FACE_VERTS, &n);
  const QrSceneVertex *first = &v[g_array_index (faces, QrSceneRange, 0).first];
  const uint16_t *idx = qr_polytope_face_indices (brush->poly, 0);
  g_assert_cmpfloat (first->pos[0], ==, (float) brush->poly->verts[idx[0]].x);
  g_assert_cmpfloat (first->pos[2], ==, (float) brush->poly->verts[idx[0]].z);
  assert_same_as_fresh (mesh, doc);
}

static void
test_follows_edits_undo_redo (void)
{
  g_autoptr (QrDocument) doc = load_sample ();
  g_autoptr (QrSceneMesh) mesh = following_mesh (doc);
  g_autoptr (GError) error = NULL;
  QrId id = first_brush (doc);

  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_selection_add_brush (sel, id);
  qr_document_set_selection (doc, sel);
  assert_same_as_fresh (mesh, doc);
  guint n;
  stream (mesh, QR_SCENE_EDGE_INDEX_MARKED, &n);
  g_assert_cmpuint (n, ==, 2 * qr_document_lookup_brush (doc, id)->poly->n_edges);

  g_assert_true (qr_op_rotate (doc, QR_BRUSHES (&id, 1), 2, 90, &error));
  assert_same_as_fresh (mesh, doc);
  g_assert_true (qr_op_duplicate (doc, QR_BRUSHES (&id, 1), qr_vec3 (32, 32, 0), &error));
  assert_same_as_fresh (mesh, doc);
  g_assert_true (qr_op_hollow (doc, &id, 1, 8, FALSE, &error) || error != NULL);
  g_clear_error (&error);
  assert_same_as_fresh (mesh, doc);
  const QrSelection *now = qr_document_get_selection (doc);
  g_autoptr (GArray) ids = g_array_copy (now->brushes);
  g_assert_true (qr_op_delete (doc, (QrId *) (gpointer) ids->data, ids->len, NULL, 0, NULL, &error));
  assert_same_as_fresh (mesh, doc);
  while (qr_document_undo (doc))
    assert_same_as_fresh (mesh, doc);
  while (qr_document_redo (doc))
    assert_same_as_fresh (mesh, doc);
}

/* Triangles in a face index stream whose corners all carry `flag`. */
static guint
triangles_flagged (const QrSceneMesh *mesh, QrSceneStream s, guint32 flag)
{
  guint n, n_pool, count = 0;
  const uint32_t *idx = stream (mesh, s, &n);
  const QrSceneVertex *pool = stream (mesh, QR_SCENE_FACE_VERTS, &n_pool);
  for (guint i = 0; i + 3 <= n; i += 3)
    if ((pool[idx[i]].flags & pool[idx[i + 1]].flags & pool[idx[i + 2]].flags & flag) == flag
        && !(pool[idx[i]].flags & QR_SCENE_UNUSED))
      count++;
  return count;
}

/* A patch draws its tessellation, both sides, and every grid line; the
 * mesh follows it through selection, move, duplicate, delete, undo, redo. */
static void
test_patch (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (
    "{\n\"classname\" \"worldspawn\"\n{\npatchDef2\n{\ntextures/arch\n( 5 3 0 0 0 )\n(\n"
    "( ( -64 -64 0 0 0 ) ( -64 0 0 0 0.5 ) ( -64 64 0 0 1 ) )\n"
    "( ( -64 -64 64 0.25 0 ) ( -64 0 64 0.25 0.5 ) ( -64 64 64 0.25 1 ) )\n"
    "( ( 0 -64 64 0.5 0 ) ( 0 0 64 0.5 0.5 ) ( 0 64 64 0.5 1 ) )\n"
    "( ( 64 -64 64 0.75 0 ) ( 64 0 64 0.75 0.5 ) ( 64 64 64 0.75 1 ) )\n"
    "( ( 64 -64 0 1 0 ) ( 64 0 0 1 0.5 ) ( 64 64 0 1 1 ) )\n)\n}\n}\n}\n");
  g_autoptr (QrSceneMesh) mesh = following_mesh (doc);
  g_autoptr (GError) error = NULL;
  QrEntity *world = qr_map_get_entity (qr_document_get_map (doc), 0);
  const QrPatch *patch = ((QrNode *) g_ptr_array_index (world->kept, 0))->patch;
  const QrBezierGrid *g = patch->mesh;
  QrId id = patch->id;
  guint n, n_verts, found = 0;

  /* Cut 4 times per span across the arch (it bends by 22.6 units), once along it. */
  g_assert_cmpint (g->rows, ==, 9);
  g_assert_cmpint (g->cols, ==, 2);
  const uint32_t *idx = stream (mesh, QR_SCENE_FACE_INDEX, &n);
  const QrSceneVertex *v = stream (mesh, QR_SCENE_FACE_VERTS, &n_verts);
  guint triangles = 0;
  for (guint i = 0; i < n; i += 3)
    if (idx[i] != 0 || idx[i + 1] != 0)
      triangles++;
  g_assert_cmpuint (triangles, ==, 2 * 2 * (9 - 1) * (2 - 1));
  /* The arch's top and the middle of its first span, both sides. */
  for (guint i = 0; i < n_verts; i++)
    if ((v[i].pos[0] == 0 && v[i].pos[2] == 64) || (v[i].pos[0] == -48 && v[i].pos[2] == 48))
      found++;
  g_assert_cmpuint (found, ==, 2 * 2 * 2);
  /* Texture coordinates through the same surface: s runs 0 … 1 over the
   * rows of control points, t over the columns, both evenly, so the top
   * (control row 2) has s = 0.5 and the middle of the first span 0.25. */
  found = 0;
  for (guint i = 0; i < n_verts; i++)
    {
      gboolean top = v[i].pos[0] == 0 && v[i].pos[2] == 64, mid = v[i].pos[0] == -48 && v[i].pos[2] == 48;
      if (!top && !mid)
        continue;
      g_assert_cmpfloat (v[i].uv[0], ==, top ? 0.5f : 0.25f);
      g_assert_cmpfloat (v[i].uv[1], ==, v[i].pos[1] < 0 ? 0.0f : 1.0f);
      g_assert_cmpstr (qr_scene_mesh_get_texture_name (mesh, qr_scene_vertex_texture (&v[i])), ==, "textures/arch");
      found++;
    }
  g_assert_cmpuint (found, ==, 2 * 2 * 2);
  stream (mesh, QR_SCENE_EDGE_INDEX, &n);
  g_assert_cmpuint (n, ==, 2 * (9 * 1 + 8 * 2));

  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_selection_add_brush (sel, id);
  qr_document_set_selection (doc, sel);
  assert_same_as_fresh (mesh, doc);
  g_assert_cmpuint (triangles_flagged (mesh, QR_SCENE_FACE_INDEX, QR_SCENE_SELECTED), ==, 32);
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (16, 0, 8), &error));
  assert_same_as_fresh (mesh, doc);
  g_assert_true (qr_op_duplicate (doc, QR_BRUSHES (&id, 1), qr_vec3 (0, 256, 0), &error));
  assert_same_as_fresh (mesh, doc);
  g_assert_true (qr_op_delete (doc, &id, 1, NULL, 0, NULL, &error));
  assert_same_as_fresh (mesh, doc);
  while (qr_document_undo (doc))
    assert_same_as_fresh (mesh, doc);
  while (qr_document_redo (doc))
    assert_same_as_fresh (mesh, doc);
  /* A patch edit leaves the entity's other slots alone; a new class
   * recolours them all. */
  g_assert_true (qr_op_set_key (doc, world->id, "classname", "trigger_once", &error));
  assert_same_as_fresh (mesh, doc);
  g_assert_true (qr_document_undo (doc));
  assert_same_as_fresh (mesh, doc);
}

static gboolean take_all_dirty (QrSceneMesh *mesh);

/* A stream's dirty ranges, emptied; *all when the whole stream is dirty. */
static guint
dirty_count (QrSceneMesh *mesh, QrSceneStream s, gboolean *all)
{
  g_autoptr (GArray) r = g_array_new (FALSE, FALSE, sizeof (QrSceneRange));
  qr_scene_mesh_take_dirty (mesh, s, r, all);
  guint n = 0;
  for (guint i = 0; i < r->len; i++)
    n += g_array_index (r, QrSceneRange, i).count;
  return n;
}

/* A copy of a stream's data. */
static GBytes *
stream_bytes (const QrSceneMesh *mesh, QrSceneStream s)
{
  guint n;
  gsize size;
  const void *data = qr_scene_mesh_get_data (mesh, s, &n, &size);
  return g_bytes_new (data, n * size);
}

/* A selection change restyles slots in place: the vertices keep their
 * place, position, colour and texture and only their SELECTED flag
 * changes, the geometry's index streams are neither rewritten nor marked
 * for upload, and the selected copies (marked edges, selected triangles)
 * follow. At 100k brushes rebuilding every selected brush made Select All
 * take seconds. */
static void
test_selection_restyles (void)
{
  g_autoptr (QrDocument) doc = load_sample ();
  g_autoptr (QrSceneMesh) mesh = following_mesh (doc);
  take_all_dirty (mesh);
  static const QrSceneStream geometry[] = { QR_SCENE_FACE_INDEX, QR_SCENE_EDGE_INDEX, QR_SCENE_EDGE_INDEX_TOP,
                                            QR_SCENE_EDGE_INDEX_FRONT, QR_SCENE_EDGE_INDEX_SIDE };
  GBytes *before[G_N_ELEMENTS (geometry)];
  for (guint k = 0; k < G_N_ELEMENTS (geometry); k++)
    before[k] = stream_bytes (mesh, geometry[k]);
  g_autoptr (GBytes) faces_before = stream_bytes (mesh, QR_SCENE_FACE_VERTS);

  const QrMap *map = qr_document_get_map (doc);
  QrId id = first_brush (doc), light = 0;
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    if (g_strcmp0 (qr_entity_get_key (qr_map_get_entity (map, e), "classname"), "light") == 0)
      light = qr_map_get_entity (map, e)->id;
  g_assert_cmpuint (light, !=, 0);

  for (int step = 0; step < 3; step++)
    {
      g_autoptr (QrSelection) sel = qr_selection_new ();
      if (step == 0)
        {
          qr_selection_add_brush (sel, id);
          qr_selection_add_entity (sel, light);
        }
      else if (step == 1)
        qr_selection_add_all (sel, map);
      qr_document_set_selection (doc, sel);

      for (guint k = 0; k < G_N_ELEMENTS (geometry); k++)
        {
          gboolean all;
          g_assert_cmpuint (dirty_count (mesh, geometry[k], &all), ==, 0);
          g_assert_false (all);
          g_autoptr (GBytes) now = stream_bytes (mesh, geometry[k]);
          g_assert_true (g_bytes_equal (now, before[k]));
        }
      /* Face corners: the same but for the flag, which is set exactly on
       * the selected slots' corners. */
      g_autoptr (GBytes) faces_now = stream_bytes (mesh, QR_SCENE_FACE_VERTS);
      gsize n_a, n_b;
      const QrSceneVertex *a = g_bytes_get_data (faces_before, &n_a), *b = g_bytes_get_data (faces_now, &n_b);
      g_assert_cmpuint (n_a, ==, n_b);
      guint flagged = 0;
      for (gsize i = 0; i < n_a / sizeof *a; i++)
        {
          QrSceneVertex x = a[i], y = b[i];
          flagged += (y.flags & QR_SCENE_SELECTED) != 0;
          x.flags &= ~(uint32_t) QR_SCENE_SELECTED;
          y.flags &= ~(uint32_t) QR_SCENE_SELECTED;
          g_assert_true (memcmp (&x, &y, sizeof x) == 0);
        }
      guint selected_tris = triangles_flagged (mesh, QR_SCENE_FACE_INDEX, QR_SCENE_SELECTED);
      if (step == 2)
        g_assert_cmpuint (flagged + selected_tris, ==, 0);
      else
        g_assert_cmpuint (flagged, >, 0);
      if (step < 2)
        g_assert_cmpuint (triangles_flagged (mesh, QR_SCENE_FACE_INDEX_SELECTED, QR_SCENE_SELECTED), ==,
                          selected_tris);
      if (step == 0)
        g_assert_cmpuint (qr_scene_mesh_get_selected_count (mesh), ==, 2);
      assert_same_as_fresh (mesh, doc);
      take_all_dirty (mesh);
    }
  for (guint k = 0; k < G_N_ELEMENTS (geometry); k++)
    g_bytes_unref (before[k]);
}

static void
test_static_generation (void)
{
  /* The views cache a picture of what is not selected, keyed on the static
   * generation: it must change with every edit that picture shows and stay
   * put while only the selection moves. */
  g_autoptr (QrDocument) doc = load_sample ();
  g_autoptr (QrSceneMesh) mesh = following_mesh (doc);
  g_autoptr (GError) error = NULL;
  QrId id = first_brush (doc);
  const QrSelection *now = qr_document_get_selection (doc);
  g_assert_cmpuint (now->brushes->len, ==, 0);
  g_assert_cmpuint (triangles_flagged (mesh, QR_SCENE_FACE_INDEX_SELECTED, 0), ==, 0);

  guint64 g0 = qr_scene_mesh_get_static_generation (mesh);
  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_selection_add_brush (sel, id);
  qr_document_set_selection (doc, sel);
  guint64 g1 = qr_scene_mesh_get_static_generation (mesh);
  g_assert_cmpuint (g1, !=, g0);
  g_assert_cmpuint (qr_scene_mesh_get_selected_count (mesh), ==, 1);
  /* The selected triangles are exactly the brush's, all flagged selected. */
  guint selected_tris = triangles_flagged (mesh, QR_SCENE_FACE_INDEX, QR_SCENE_SELECTED);
  g_assert_cmpuint (selected_tris, >, 0);
  g_assert_cmpuint (triangles_flagged (mesh, QR_SCENE_FACE_INDEX_SELECTED, QR_SCENE_SELECTED), ==, selected_tris);
  guint n;
  stream (mesh, QR_SCENE_FACE_INDEX_SELECTED, &n);
  g_assert_cmpuint (n, ==, 3 * selected_tris);

  /* Dragging the selection: the static picture holds. */
  for (int i = 0; i < 5; i++)
    g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (16, 0, 0), &error));
  g_assert_cmpuint (qr_scene_mesh_get_static_generation (mesh), ==, g1);
  assert_same_as_fresh (mesh, doc);

  /* Editing a brush that is not selected, undoing the drag, selecting
   * nothing: each one changes it. */
  QrId other = 0;
  const QrMap *map = qr_document_get_map (doc);
  const QrEntity *world = qr_map_get_entity (map, 0);
  for (guint b = 0; b < qr_entity_brush_count (world) && other == 0; b++)
    if (qr_entity_get_brush (world, b)->id != id)
      other = qr_entity_get_brush (world, b)->id;
  g_assert_cmpuint (other, !=, 0);
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&other, 1), qr_vec3 (0, 16, 0), &error));
  guint64 g2 = qr_scene_mesh_get_static_generation (mesh);
  g_assert_cmpuint (g2, !=, g1);
  g_assert_true (qr_document_undo (doc));
  g_assert_cmpuint (qr_scene_mesh_get_static_generation (mesh), !=, g2);
  guint64 g3 = qr_scene_mesh_get_static_generation (mesh);
  g_autoptr (QrSelection) none = qr_selection_new ();
  qr_document_set_selection (doc, none);
  g_assert_cmpuint (qr_scene_mesh_get_static_generation (mesh), !=, g3);
  g_assert_cmpuint (qr_scene_mesh_get_selected_count (mesh), ==, 0);
  stream (mesh, QR_SCENE_FACE_INDEX_SELECTED, &n);
  g_assert_cmpuint (triangles_flagged (mesh, QR_SCENE_FACE_INDEX_SELECTED, 0), ==, 0);
  assert_same_as_fresh (mesh, doc);
}

/* Every stream's dirty record emptied; TRUE when any had something. */
static gboolean
take_all_dirty (QrSceneMesh *mesh)
{
  gboolean any = FALSE;
  for (int s = 0; s < QR_SCENE_N_STREAMS; s++)
    {
      gboolean all;
      g_autoptr (GArray) r = g_array_new (FALSE, FALSE, sizeof (QrSceneRange));
      qr_scene_mesh_take_dirty (mesh, s, r, &all);
      any |= all || r->len > 0;
    }
  return any;
}

/* The tint's triangles of the sample's floor top (z = 0, -272..272 square):
 * at its height, facing up (outward), covering its area once. */
static void
assert_floor_top_tint (const QrSceneVertex *v, QrSceneRange tint, double z)
{
  double area = 0;
  g_assert_cmpuint (tint.count % 3, ==, 0);
  for (guint i = tint.first; i < tint.first + tint.count; i += 3)
    {
      for (int k = 0; k < 3; k++)
        {
          g_assert_cmpfloat (v[i + k].pos[2], ==, z);
          g_assert_cmpfloat (fabsf (v[i + k].pos[0]), ==, 272);
          g_assert_cmpfloat (fabsf (v[i + k].pos[1]), ==, 272);
          g_assert_cmphex (v[i + k].color, ==, QR_FACE_MARK_TINT_COLOR);
        }
      double ax = v[i + 1].pos[0] - v[i].pos[0], ay = v[i + 1].pos[1] - v[i].pos[1];
      double bx = v[i + 2].pos[0] - v[i].pos[0], by = v[i + 2].pos[1] - v[i].pos[1];
      double cross = ax * by - ay * bx;
      g_assert_cmpfloat (cross, >, 0);
      area += cross / 2;
    }
  g_assert_cmpfloat (area, ==, 544.0 * 544.0);
}

static void
test_face_marks (void)
{
  /* Selected faces are marked in a batch of their own: selecting faces
   * rewrites no stream and keeps the views' static picture; the marks
   * follow the face's brush through an edit and its undo. */
  g_autoptr (QrDocument) doc = load_sample ();
  g_autoptr (QrSceneMesh) mesh = following_mesh (doc);
  g_autoptr (GError) error = NULL;
  QrSceneRange r[QR_FACE_MARK_N];
  guint64 gen0, gen;
  take_all_dirty (mesh);
  qr_scene_mesh_get_face_marks (mesh, r, &gen0);
  for (int k = 0; k < QR_FACE_MARK_N; k++)
    g_assert_cmpuint (r[k].count, ==, 0);
  guint64 static0 = qr_scene_mesh_get_static_generation (mesh);

  /* The floor's face 5 is its top, z = 0. */
  QrId floor = first_brush (doc);
  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_selection_add_face (sel, floor, 5);
  qr_document_set_selection (doc, sel);
  const QrSceneVertex *v = qr_scene_mesh_get_face_marks (mesh, r, &gen);
  g_assert_cmpuint (gen, !=, gen0);
  g_assert_cmpuint (qr_scene_mesh_get_static_generation (mesh), ==, static0);
  g_assert_false (take_all_dirty (mesh));
  g_assert_cmpuint (r[QR_FACE_MARK_TINT].count, ==, 6);
  g_assert_cmpuint (r[QR_FACE_MARK_OUTLINE].count, ==, 8);
  g_assert_cmpuint (r[QR_FACE_MARK_BRUSH_EDGES].count, ==, 24);
  assert_floor_top_tint (v, r[QR_FACE_MARK_TINT], 0);
  for (guint i = r[QR_FACE_MARK_OUTLINE].first; i < r[QR_FACE_MARK_OUTLINE].first + 8; i++)
    g_assert_cmpfloat (v[i].pos[2], ==, 0);

  /* A retextured brush keeps the selection: its marks are made again. */
  QrTexChange change = { .name = "other" };
  QrFaceRef top = { floor, 5 };
  g_assert_true (qr_op_set_texture (doc, &top, 1, &change, &error));
  g_assert_no_error (error);
  guint64 before = gen;
  v = qr_scene_mesh_get_face_marks (mesh, r, &gen);
  g_assert_cmpuint (gen, !=, before);
  assert_floor_top_tint (v, r[QR_FACE_MARK_TINT], 0);

  /* A move selects the moved brush (no face); the face selected again is
   * marked where the brush went; the undo brings back both. */
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&floor, 1), qr_vec3 (0, 0, 16), &error));
  g_assert_no_error (error);
  qr_scene_mesh_get_face_marks (mesh, r, NULL);
  g_assert_cmpuint (r[QR_FACE_MARK_TINT].count, ==, 0);
  qr_document_set_selection (doc, sel);
  v = qr_scene_mesh_get_face_marks (mesh, r, NULL);
  assert_floor_top_tint (v, r[QR_FACE_MARK_TINT], 16);
  g_assert_true (qr_document_undo (doc));
  v = qr_scene_mesh_get_face_marks (mesh, r, NULL);
  assert_floor_top_tint (v, r[QR_FACE_MARK_TINT], 0);

  /* Two faces of the floor outline it once; a face of another brush adds
   * that brush's edges; a face index the brush lacks marks nothing. */
  qr_selection_add_face (sel, floor, 0);
  qr_selection_add_face (sel, floor, 99);
  qr_document_set_selection (doc, sel);
  qr_scene_mesh_get_face_marks (mesh, r, NULL);
  g_assert_cmpuint (r[QR_FACE_MARK_TINT].count, ==, 12);
  g_assert_cmpuint (r[QR_FACE_MARK_BRUSH_EDGES].count, ==, 24);
  const QrEntity *world = qr_map_get_entity (qr_document_get_map (doc), 0);
  qr_selection_add_face (sel, qr_entity_get_brush (world, 1)->id, 2);
  qr_document_set_selection (doc, sel);
  qr_scene_mesh_get_face_marks (mesh, r, NULL);
  g_assert_cmpuint (r[QR_FACE_MARK_TINT].count, ==, 18);
  g_assert_cmpuint (r[QR_FACE_MARK_BRUSH_EDGES].count, ==, 48);

  /* Faces deselected, brushes selected: the marks are gone. */
  g_autoptr (QrSelection) brushes = qr_selection_new ();
  qr_selection_add_brush (brushes, floor);
  qr_document_set_selection (doc, brushes);
  qr_scene_mesh_get_face_marks (mesh, r, NULL);
  for (int k = 0; k < QR_FACE_MARK_N; k++)
    g_assert_cmpuint (r[k].count, ==, 0);
  assert_same_as_fresh (mesh, doc);
}

static void
test_compaction (void)
{
  /* Growing one brush again and again leaves holes behind; the mesh packs
   * itself and still draws the same as a fresh build. */
  g_autoptr (QrDocument) doc = load_sample ();
  g_autoptr (QrSceneMesh) mesh = following_mesh (doc);
  g_autoptr (GError) error = NULL;
  QrId id = first_brush (doc);
  guint before;
  stream (mesh, QR_SCENE_FACE_VERTS, &before);
  for (int i = 0; i < 3000; i++)
    {
      g_assert_true (qr_op_duplicate (doc, QR_BRUSHES (&id, 1), qr_vec3 (0, 0, 0), &error));
      const QrSelection *sel = qr_document_get_selection (doc);
      g_autoptr (GArray) ids = g_array_copy (sel->brushes);
      g_assert_true (qr_op_delete (doc, (QrId *) (gpointer) ids->data, ids->len, NULL, 0, NULL, &error));
    }
  guint after;
  stream (mesh, QR_SCENE_FACE_VERTS, &after);
  /* Without compaction 3000 copies would have left 3000 brushes' worth of holes. */
  g_assert_cmpuint (after, <, before + 2 * 16384 + 1000);
  assert_same_as_fresh (mesh, doc);
}

/* An edit of many brushes at once (a drag of the selection) finds them in
 * one walk over the map: the mesh still equals a fresh build after moving
 * every brush, deleting all but the first, and undoing both. */
static void
test_many_at_once (void)
{
  g_autoptr (QrDocument) doc = load_sample ();
  g_autoptr (QrSceneMesh) mesh = following_mesh (doc);
  g_autoptr (GError) error = NULL;
  const QrMap *map = qr_document_get_map (doc);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (QrId));
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
      g_array_append_val (ids, qr_entity_get_brush (qr_map_get_entity (map, e), b)->id);
  g_assert_cmpuint (ids->len, >=, 5);

  g_assert_true (qr_op_translate (doc, QR_BRUSHES ((const QrId *) (gpointer) ids->data, ids->len), qr_vec3 (32, -16, 8), &error));
  g_assert_no_error (error);
  assert_same_as_fresh (mesh, doc);
  g_assert_true (qr_op_delete (doc, (const QrId *) (gpointer) ids->data + 1, ids->len - 1, NULL, 0, NULL, &error));
  g_assert_no_error (error);
  assert_same_as_fresh (mesh, doc);
  g_assert_true (qr_document_undo (doc));
  assert_same_as_fresh (mesh, doc);
  g_assert_true (qr_document_undo (doc));
  assert_same_as_fresh (mesh, doc);
}

/* ---- textures ---- */

/* Two boxes in the standard Quake form: A (0..64) all `small`, B
 * (128..192 × 0..64 × 0..64) `small` but for its top, `wide`, shifted by
 * (16, 8) and scaled by (2, 1). The checker fill gives `small` 64 × 64 and
 * `wide` 128 × 32, in the order the map names them. */
static const char TWO_BOXES[] =
  "{\n\"classname\" \"worldspawn\"\n"
  "{\n"
  "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) small 0 0 0 1 1\n"
  "( 64 0 0 ) ( 64 0 1 ) ( 64 1 0 ) small 0 0 0 1 1\n"
  "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) small 0 0 0 1 1\n"
  "( 0 64 0 ) ( 1 64 0 ) ( 0 64 1 ) small 0 0 0 1 1\n"
  "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) small 0 0 0 1 1\n"
  "( 0 0 64 ) ( 0 1 64 ) ( 1 0 64 ) small 0 0 0 1 1\n"
  "}\n{\n"
  "( 128 0 0 ) ( 128 1 0 ) ( 128 0 1 ) small 0 0 0 1 1\n"
  "( 192 0 0 ) ( 192 0 1 ) ( 192 1 0 ) small 0 0 0 1 1\n"
  "( 128 0 0 ) ( 128 0 1 ) ( 129 0 0 ) small 0 0 0 1 1\n"
  "( 128 64 0 ) ( 129 64 0 ) ( 128 64 1 ) small 0 0 0 1 1\n"
  "( 128 0 0 ) ( 129 0 0 ) ( 128 1 0 ) small 0 0 0 1 1\n"
  "( 128 0 64 ) ( 128 1 64 ) ( 129 0 64 ) wide 16 8 0 2 1\n"
  "}\n}\n";

/* The face vertex at p whose texture is called `texture` (one is expected). */
static const QrSceneVertex *
find_corner (const QrSceneMesh *mesh, float x, float y, float z, const char *texture)
{
  guint n;
  const QrSceneVertex *v = stream (mesh, QR_SCENE_FACE_VERTS, &n), *found = NULL;
  for (guint i = 1; i < n; i++)
    {
      if ((v[i].flags & QR_SCENE_UNUSED) || v[i].pos[0] != x || v[i].pos[1] != y || v[i].pos[2] != z)
        continue;
      const char *name = qr_scene_mesh_get_texture_name (mesh, qr_scene_vertex_texture (&v[i]));
      if (g_strcmp0 (name, texture) != 0)
        continue;
      g_assert_null (found);
      found = &v[i];
    }
  g_assert_nonnull (found);
  return found;
}

/* The mesh's id of the texture called `name`. */
static guint
texture_named (const QrSceneMesh *mesh, const char *name)
{
  for (guint id = 1; id < qr_scene_mesh_get_texture_count (mesh); id++)
    if (g_strcmp0 (qr_scene_mesh_get_texture_name (mesh, id), name) == 0)
      return id;
  g_assert_not_reached ();
}

static void
assert_texture_size (const QrSceneMesh *mesh, const char *name, int width, int height)
{
  int w, h;
  qr_scene_mesh_get_texture_size (mesh, texture_named (mesh, name), &w, &h);
  g_assert_cmpint (w, ==, width);
  g_assert_cmpint (h, ==, height);
}

static void
test_texture_uvs (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (TWO_BOXES);
  g_autoptr (QrSceneMesh) mesh = following_mesh (doc);

  /* Standard form, top face: the base axes are S = +X, T = -Y; u = x / 2 + 16,
   * v = -y / 1 + 8 in texels. Before any size is known they are divided by
   * 64 × 64: at (192, 64, 64) u = 112 / 64, v = -56 / 64. */
  const QrSceneVertex *top = find_corner (mesh, 192, 64, 64, "wide");
  g_assert_cmpfloat (top->uv[0], ==, 112.0f / 64);
  g_assert_cmpfloat (top->uv[1], ==, -56.0f / 64);
  assert_texture_size (mesh, "wide", QR_SCENE_DEFAULT_TEXTURE_SIZE, QR_SCENE_DEFAULT_TEXTURE_SIZE);
  guint n;
  const QrSceneVertex *verts = stream (mesh, QR_SCENE_FACE_VERTS, &n);
  g_autofree QrSceneVertex *before = g_memdup2 (verts, n * sizeof *verts);
  guint n_before = n;

  g_autoptr (GArray) ranges = g_array_new (FALSE, FALSE, sizeof (QrSceneRange));
  gboolean all;
  qr_scene_mesh_take_dirty (mesh, QR_SCENE_FACE_VERTS, ranges, &all);

  guint put;
  g_assert_true (qr_debug_textures_fill (doc, "checker", &put));
  g_assert_cmpuint (put, ==, 2);
  int width, height;
  uint32_t colors[2];
  qr_debug_textures_pattern ("wide", 1, &width, &height, colors);
  g_assert_cmpint (width, ==, 128);
  g_assert_cmpint (height, ==, 32);

  /* Now divided by 128 × 32. */
  assert_texture_size (mesh, "wide", 128, 32);
  assert_texture_size (mesh, "small", 64, 64);
  top = find_corner (mesh, 192, 64, 64, "wide");
  g_assert_cmpfloat (top->uv[0], ==, 112.0f / 128);
  g_assert_cmpfloat (top->uv[1], ==, -56.0f / 32);
  /* An opposite corner: u = 128 / 2 + 16 = 80, v = -0 + 8. */
  top = find_corner (mesh, 128, 0, 64, "wide");
  g_assert_cmpfloat (top->uv[0], ==, 80.0f / 128);
  g_assert_cmpfloat (top->uv[1], ==, 8.0f / 32);

  /* Only B was rebuilt: A's vertices (x ≤ 64) are untouched, and the dirty
   * ranges of the face vertices cover B's 24 corners and no more. */
  qr_scene_mesh_take_dirty (mesh, QR_SCENE_FACE_VERTS, ranges, &all);
  g_assert_false (all);
  guint dirty = 0;
  verts = stream (mesh, QR_SCENE_FACE_VERTS, &n);
  for (guint i = 0; i < ranges->len; i++)
    {
      QrSceneRange r = g_array_index (ranges, QrSceneRange, i);
      dirty += r.count;
      for (guint k = r.first; k < r.first + r.count; k++)
        g_assert_true ((verts[k].flags & QR_SCENE_UNUSED) || verts[k].pos[0] >= 128);
    }
  g_assert_cmpuint (dirty, ==, 24);
  for (guint i = 0; i < MIN (n, n_before); i++)
    if (!(before[i].flags & QR_SCENE_UNUSED) && before[i].pos[0] <= 64)
      g_assert_true (memcmp (&before[i], &verts[i], sizeof *verts) == 0);

  /* A second fill with the same sizes rebuilds nothing. */
  qr_document_textures_changed (doc);
  qr_scene_mesh_take_dirty (mesh, QR_SCENE_FACE_VERTS, ranges, &all);
  g_assert_false (all);
  g_assert_cmpuint (ranges->len, ==, 0);
  assert_same_as_fresh (mesh, doc);
}

/* The grouped stream holds every drawn triangle of FACE_INDEX once, each
 * batch only triangles of its texture and selection, in texture order. */
static void
assert_batches_sound (QrSceneMesh *mesh)
{
  guint n_idx, n_grouped, n_verts;
  const uint32_t *idx = stream (mesh, QR_SCENE_FACE_INDEX, &n_idx);
  const uint32_t *grouped = stream (mesh, QR_SCENE_FACE_INDEX_BY_TEXTURE, &n_grouped);
  const QrSceneVertex *v = stream (mesh, QR_SCENE_FACE_VERTS, &n_verts);

  g_autoptr (GHashTable) triangles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i + 2 < n_idx; i += 3)
    if (!(v[idx[i]].flags & QR_SCENE_UNUSED))
      {
        char *key = g_strdup_printf ("%u %u %u", idx[i], idx[i + 1], idx[i + 2]);
        g_assert_true (g_hash_table_add (triangles, key));
      }
  g_assert_cmpuint (n_grouped, ==, 3 * g_hash_table_size (triangles));

  guint covered = 0;
  for (int selected = 0; selected < 2; selected++)
    {
      guint n;
      const QrSceneBatch *b = qr_scene_mesh_get_batches (mesh, selected, &n);
      for (guint k = 0; k < n; k++)
        {
          g_assert_cmpuint (b[k].count, >, 0);
          g_assert_cmpuint (b[k].count % 3, ==, 0);
          if (k > 0)
            g_assert_cmpuint (b[k].texture, >, b[k - 1].texture);
          g_assert_cmpuint (b[k].first, ==, covered);
          covered += b[k].count;
          for (guint i = b[k].first; i < b[k].first + b[k].count; i += 3)
            {
              g_autofree char *key = g_strdup_printf ("%u %u %u", grouped[i], grouped[i + 1], grouped[i + 2]);
              g_assert_true (g_hash_table_remove (triangles, key));
              for (int c = 0; c < 3; c++)
                {
                  g_assert_cmpuint (qr_scene_vertex_texture (&v[grouped[i + c]]), ==, b[k].texture);
                  g_assert_cmpint ((v[grouped[i + c]].flags & QR_SCENE_SELECTED) != 0, ==, selected);
                }
            }
        }
    }
  g_assert_cmpuint (covered, ==, n_grouped);
  g_assert_cmpuint (g_hash_table_size (triangles), ==, 0);
}

/* The indices of a batch of the texture called `name`, or 0. */
static guint
batch_count (const QrSceneMesh *mesh, gboolean selected, const char *name)
{
  guint n;
  const QrSceneBatch *b = qr_scene_mesh_get_batches (mesh, selected, &n);
  for (guint k = 0; k < n; k++)
    if (g_strcmp0 (qr_scene_mesh_get_texture_name (mesh, b[k].texture), name) == 0)
      return b[k].count;
  return 0;
}

static void
test_texture_batches (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (TWO_BOXES);
  g_autoptr (QrSceneMesh) mesh = following_mesh (doc);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ranges = g_array_new (FALSE, FALSE, sizeof (QrSceneRange));
  gboolean all;

  /* Nothing grouped until asked: the other styles never pay for it. */
  guint n;
  stream (mesh, QR_SCENE_FACE_INDEX_BY_TEXTURE, &n);
  g_assert_cmpuint (n, ==, 0);

  qr_scene_mesh_group_faces (mesh);
  assert_batches_sound (mesh);
  /* 11 `small` faces and one `wide`, two triangles each; nothing selected. */
  g_assert_cmpuint (batch_count (mesh, FALSE, "small"), ==, 3 * 22);
  g_assert_cmpuint (batch_count (mesh, FALSE, "wide"), ==, 3 * 2);
  qr_scene_mesh_get_batches (mesh, FALSE, &n);
  g_assert_cmpuint (n, ==, 2);
  qr_scene_mesh_get_batches (mesh, TRUE, &n);
  g_assert_cmpuint (n, ==, 0);
  qr_scene_mesh_take_dirty (mesh, QR_SCENE_FACE_INDEX_BY_TEXTURE, ranges, &all);
  g_assert_true (all);
  /* Asked again with nothing changed: nothing to upload. */
  qr_scene_mesh_group_faces (mesh);
  qr_scene_mesh_take_dirty (mesh, QR_SCENE_FACE_INDEX_BY_TEXTURE, ranges, &all);
  g_assert_false (all);
  g_assert_cmpuint (ranges->len, ==, 0);

  /* B selected: its faces move to the selected batches. */
  const QrEntity *world = qr_map_get_entity (qr_document_get_map (doc), 0);
  QrId b = qr_entity_get_brush (world, 1)->id;
  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_selection_add_brush (sel, b);
  qr_document_set_selection (doc, sel);
  qr_scene_mesh_group_faces (mesh);
  assert_batches_sound (mesh);
  g_assert_cmpuint (batch_count (mesh, FALSE, "small"), ==, 3 * 12);
  g_assert_cmpuint (batch_count (mesh, FALSE, "wide"), ==, 0);
  g_assert_cmpuint (batch_count (mesh, TRUE, "small"), ==, 3 * 10);
  g_assert_cmpuint (batch_count (mesh, TRUE, "wide"), ==, 3 * 2);

  /* Dragged, retextured, undone: the groups follow each time. */
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&b, 1), qr_vec3 (32, 0, 0), &error));
  g_assert_no_error (error);
  qr_scene_mesh_group_faces (mesh);
  assert_batches_sound (mesh);
  QrFaceRef face = { b, 0 };
  QrTexChange change = { .name = "other" };
  g_assert_true (qr_op_set_texture (doc, &face, 1, &change, &error));
  g_assert_no_error (error);
  qr_scene_mesh_group_faces (mesh);
  assert_batches_sound (mesh);
  g_assert_cmpuint (batch_count (mesh, TRUE, "other"), ==, 3 * 2);
  g_assert_cmpuint (batch_count (mesh, TRUE, "small"), ==, 3 * 8);
  assert_same_as_fresh (mesh, doc);
}


/* ---- entities as the definitions describe them ---- */

/* A world brush, a trigger naming "lamp", a flame light called "lamp", an
 * ogre, and a class no definition knows; the point entities stand 256
 * units apart along X, far enough for their boxes not to meet. */
static const char ENTITY_MAP[] =
  "{\n\"classname\" \"worldspawn\"\n"
  "{\n( 64 0 -64 ) ( 64 64 -64 ) ( 0 64 -64 ) base 0 0 0 1 1\n( 64 64 -32 ) ( 64 0 -32 ) ( 0 0 -32 ) base 0 0 0 1 1\n"
  "( 64 0 -32 ) ( 64 0 -64 ) ( 0 0 -64 ) base 0 0 0 1 1\n( 64 64 -32 ) ( 64 64 -64 ) ( 64 0 -64 ) base 0 0 0 1 1\n"
  "( 0 64 -32 ) ( 0 64 -64 ) ( 64 64 -64 ) base 0 0 0 1 1\n( 0 0 -32 ) ( 0 0 -64 ) ( 0 64 -64 ) base 0 0 0 1 1\n}\n}\n"
  "{\n\"classname\" \"trigger_once\"\n\"target\" \"lamp\"\n"
  "{\n( 64 0 0 ) ( 64 64 0 ) ( 0 64 0 ) trigger 0 0 0 1 1\n( 64 64 64 ) ( 64 0 64 ) ( 0 0 64 ) trigger 0 0 0 1 1\n"
  "( 64 0 64 ) ( 64 0 0 ) ( 0 0 0 ) trigger 0 0 0 1 1\n( 64 64 64 ) ( 64 64 0 ) ( 64 0 0 ) trigger 0 0 0 1 1\n"
  "( 0 64 64 ) ( 0 64 0 ) ( 64 64 0 ) trigger 0 0 0 1 1\n( 0 0 64 ) ( 0 0 0 ) ( 0 64 0 ) trigger 0 0 0 1 1\n}\n}\n"
  "{\n\"classname\" \"light_flame_large_yellow\"\n\"origin\" \"256 0 0\"\n\"targetname\" \"lamp\"\n}\n"
  "{\n\"classname\" \"monster_ogre\"\n\"origin\" \"512 0 0\"\n}\n"
  "{\n\"classname\" \"no_such_class\"\n\"origin\" \"768 0 0\"\n}\n";

static QrEntClass *
add_class (QrEntDefs *defs, const char *name, QrEntClassKind kind, const int rgb[3], const double size[6])
{
  QrEntClass *cls = qr_entdefs_add_class (defs, name, kind, "test.fgd", 1);
  if (rgb != NULL)
    {
      cls->has_color = true;
      for (int i = 0; i < 3; i++)
        cls->color[i] = rgb[i] / 255.0;
    }
  if (size != NULL)
    {
      cls->has_size = true;
      cls->size = (QrBounds) { qr_vec3 (size[0], size[1], size[2]), qr_vec3 (size[3], size[4], size[5]) };
    }
  return cls;
}

/* The classes of ENTITY_MAP as Quake.fgd declares them (sizes and colours
 * copied from it: the Light and Monster bases' colours), the trigger given
 * a colour of its own, and no_such_class left out. */
static QrEntDefs *
entity_defs (void)
{
  QrEntDefs *defs = qr_entdefs_new ();
  static const int light[3] = { 255, 255, 40 }, monster[3] = { 220, 0, 0 }, trigger[3] = { 40, 200, 120 };
  static const double flame[6] = { -8, -8, -12, 8, 8, 20 }, ogre[6] = { -32, -32, -24, 32, 32, 64 };
  add_class (defs, "worldspawn", QR_ENTCLASS_SOLID, NULL, NULL);
  add_class (defs, "trigger_once", QR_ENTCLASS_SOLID, trigger, NULL);
  add_class (defs, "light_flame_large_yellow", QR_ENTCLASS_POINT, light, flame);
  add_class (defs, "monster_ogre", QR_ENTCLASS_POINT, monster, ogre);
  qr_entdefs_finish (defs);
  g_assert_cmpuint (qr_entdefs_error_count (defs), ==, 0);
  return defs;
}

#define RGBA8(r, g, b) ((uint32_t) (r) | (uint32_t) (g) << 8 | (uint32_t) (b) << 16 | 0xff000000u)

/* The bounds and the one colour of the drawn point-entity box vertices
 * within 100 units of x along X (the boxes of ENTITY_MAP are further apart). */
static void
entity_box_near (const QrSceneMesh *mesh, double x, QrBounds *box, uint32_t *color)
{
  guint n;
  const QrSceneVertex *v = stream (mesh, QR_SCENE_EDGE_VERTS, &n);
  *box = qr_bounds_empty ();
  guint count = 0;
  for (guint i = 0; i < n; i++)
    if ((v[i].flags & QR_SCENE_ENTITY) && !(v[i].flags & QR_SCENE_UNUSED) && fabs (v[i].pos[0] - x) < 100)
      {
        if (count++ == 0)
          *color = v[i].color;
        g_assert_cmphex (v[i].color, ==, *color);
        qr_bounds_add_point (box, qr_vec3 (v[i].pos[0], v[i].pos[1], v[i].pos[2]));
      }
  g_assert_cmpuint (count, ==, 8);
}

static void
assert_box (const QrSceneMesh *mesh, double x, const double expected[6], uint32_t color)
{
  QrBounds box;
  uint32_t drawn = 0;
  entity_box_near (mesh, x, &box, &drawn);
  qr_test_assert_vec3_same (box.min, expected[0], expected[1], expected[2]);
  qr_test_assert_vec3_same (box.max, expected[3], expected[4], expected[5]);
  g_assert_cmphex (drawn, ==, color);
}

/* The one colour of the drawn edge vertices of the brush of entity e. */
static uint32_t
brush_edge_color (QrDocument *doc, const QrSceneMesh *mesh, guint e)
{
  const QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), e), 0);
  g_assert_true (qr_brush_is_valid (brush));
  guint n;
  const QrSceneVertex *v = stream (mesh, QR_SCENE_EDGE_VERTS, &n);
  uint32_t color = 0;
  guint count = 0;
  for (guint i = 0; i < n; i++)
    {
      if ((v[i].flags & (QR_SCENE_ENTITY | QR_SCENE_UNUSED)) != 0)
        continue;
      for (int k = 0; k < brush->poly->n_verts; k++)
        if (v[i].pos[0] == (float) brush->poly->verts[k].x && v[i].pos[1] == (float) brush->poly->verts[k].y
            && v[i].pos[2] == (float) brush->poly->verts[k].z)
          {
            if (count++ == 0)
              color = v[i].color;
            g_assert_cmphex (v[i].color, ==, color);
          }
    }
  g_assert_cmpuint (count, >=, (guint) brush->poly->n_verts);
  return color;
}

/* The lit colours of the 3D faces of the box near x: their channels keep
 * the class colour's proportions, so a pure red stays pure red. */
static void
assert_faces_tinted (const QrSceneMesh *mesh, double x, uint32_t color)
{
  guint n, faces = 0;
  const QrSceneVertex *v = stream (mesh, QR_SCENE_FACE_VERTS, &n);
  for (guint i = 0; i < n; i++)
    if ((v[i].flags & QR_SCENE_ENTITY) && !(v[i].flags & QR_SCENE_UNUSED) && fabs (v[i].pos[0] - x) < 100)
      {
        faces++;
        for (int shift = 0; shift < 24; shift += 8)
          if (((color >> shift) & 0xff) == 0)
            g_assert_cmpuint ((v[i].color >> shift) & 0xff, ==, 0);
          else
            g_assert_cmpuint ((v[i].color >> shift) & 0xff, >, 0);
      }
  g_assert_cmpuint (faces, ==, 24);
}

/* Every triangle of the box near x turns anticlockwise seen from outside:
 * its normal by the right-hand rule points away from the box's middle. */
static void
assert_box_faces_outward (const QrSceneMesh *mesh, double x)
{
  guint n_verts, n_index, triangles = 0;
  const QrSceneVertex *v = stream (mesh, QR_SCENE_FACE_VERTS, &n_verts);
  const uint32_t *idx = stream (mesh, QR_SCENE_FACE_INDEX, &n_index);
  QrBounds box;
  uint32_t color;
  entity_box_near (mesh, x, &box, &color);
  QrVec3 middle = qr_vec3_scale (qr_vec3_add (box.min, box.max), 0.5);
  for (guint i = 0; i + 2 < n_index; i += 3)
    {
      const QrSceneVertex *a = &v[idx[i]], *b = &v[idx[i + 1]], *c = &v[idx[i + 2]];
      if (!(a->flags & QR_SCENE_ENTITY) || (a->flags & QR_SCENE_UNUSED) || fabs (a->pos[0] - x) >= 100)
        continue;
      QrVec3 pa = qr_vec3 (a->pos[0], a->pos[1], a->pos[2]), pb = qr_vec3 (b->pos[0], b->pos[1], b->pos[2]);
      QrVec3 pc = qr_vec3 (c->pos[0], c->pos[1], c->pos[2]);
      QrVec3 normal = qr_vec3_cross (qr_vec3_sub (pb, pa), qr_vec3_sub (pc, pa));
      g_assert_cmpfloat (qr_vec3_dot (normal, qr_vec3_sub (pa, middle)), >, 0);
      triangles++;
    }
  g_assert_cmpuint (triangles, ==, 12);
}

static void
test_entity_defs (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (ENTITY_MAP);
  g_autoptr (QrSceneMesh) mesh = following_mesh (doc);
  static const double flame[6] = { 248, -8, -12, 264, 8, 20 }, ogre[6] = { 480, -32, -24, 544, 32, 64 };
  static const double default_flame[6] = { 248, -8, -8, 264, 8, 8 }, default_ogre[6] = { 504, -8, -8, 520, 8, 8 };
  static const double unknown[6] = { 760, -8, -8, 776, 8, 8 };
  const uint32_t green = RGBA8 (0x6c, 0xe0, 0x6c), world = RGBA8 (0xd6, 0xd6, 0xd2);
  const uint32_t amber = RGBA8 (0xf0, 0xb4, 0x48);

  /* Without definitions: every box ±8, green; the trigger amber. */
  assert_box (mesh, 256, default_flame, green);
  assert_box (mesh, 512, default_ogre, green);
  assert_box (mesh, 768, unknown, green);
  g_assert_cmphex (brush_edge_color (doc, mesh, 1), ==, amber);

  /* With them: the classes' sizes and colours, the unknown class in the
   * warning colour, the world as it was. */
  g_autoptr (QrEntDefs) defs = entity_defs ();
  qr_document_set_entdefs (doc, defs);
  assert_box (mesh, 256, flame, RGBA8 (255, 255, 40));
  assert_box (mesh, 512, ogre, RGBA8 (220, 0, 0));
  assert_box (mesh, 768, unknown, QR_SCENE_UNKNOWN_CLASS);
  assert_faces_tinted (mesh, 512, RGBA8 (220, 0, 0));
  assert_box_faces_outward (mesh, 512);
  g_assert_cmphex (brush_edge_color (doc, mesh, 0), ==, world);
  g_assert_cmphex (brush_edge_color (doc, mesh, 1), ==, RGBA8 (40, 200, 120));
  assert_same_as_fresh (mesh, doc);

  /* A class the definitions do not know, on a brush entity too. */
  g_autoptr (GError) error = NULL;
  QrId trigger = qr_map_get_entity (qr_document_get_map (doc), 1)->id;
  g_assert_true (qr_op_set_key (doc, trigger, "classname", "trigger_nowhere", &error));
  g_assert_no_error (error);
  g_assert_cmphex (brush_edge_color (doc, mesh, 1), ==, QR_SCENE_UNKNOWN_CLASS);
  assert_same_as_fresh (mesh, doc);
  g_assert_true (qr_document_undo (doc));
  g_assert_cmphex (brush_edge_color (doc, mesh, 1), ==, RGBA8 (40, 200, 120));

  /* Selected: still the class's size (the selection colour is the shader's). */
  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_selection_add_entity (sel, qr_map_get_entity (qr_document_get_map (doc), 3)->id);
  qr_document_set_selection (doc, sel);
  assert_box (mesh, 512, ogre, RGBA8 (220, 0, 0));
  assert_same_as_fresh (mesh, doc);

  /* Taken away again: back to the look without definitions. */
  qr_document_set_entdefs (doc, NULL);
  assert_box (mesh, 256, default_flame, green);
  assert_box (mesh, 768, unknown, green);
  g_assert_cmphex (brush_edge_color (doc, mesh, 1), ==, amber);
  assert_same_as_fresh (mesh, doc);
}

static int
compare_links (gconstpointer a, gconstpointer b)
{
  const QrEntityLink *x = a, *y = b;
  return x->from.x < y->from.x ? -1 : x->from.x > y->from.x ? 1 : x->to.x < y->to.x ? -1 : x->to.x > y->to.x;
}

static void
assert_link (const GArray *links, guint i, QrVec3 from, QrVec3 to, QrLinkKind kind)
{
  g_assert_cmpuint (i, <, links->len);
  const QrEntityLink *l = &g_array_index (links, QrEntityLink, i);
  qr_test_assert_vec3_same (l->from, from.x, from.y, from.z);
  qr_test_assert_vec3_same (l->to, to.x, to.y, to.z);
  g_assert_cmpint (l->kind, ==, kind);
}

static void
test_links_target (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (ENTITY_MAP);
  g_autoptr (QrEntityLinks) links = qr_entity_links_new ();
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (QrEntityLink));
  g_signal_connect_swapped (doc, "changed", G_CALLBACK (qr_entity_links_update), links);
  const QrMap *map = qr_document_get_map (doc);
  QrId trigger_brush = qr_entity_get_brush (qr_map_get_entity (map, 1), 0)->id;
  QrId lamp = qr_map_get_entity (map, 2)->id, ogre = qr_map_get_entity (map, 3)->id;
  const QrVec3 trigger_centre = qr_vec3 (32, 32, 32);

  /* Nothing selected, nothing drawn; an entity nobody names and naming
   * nobody, nothing either. */
  qr_entity_links_collect (links, doc, out);
  g_assert_cmpuint (out->len, ==, 0);
  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_selection_add_entity (sel, ogre);
  qr_document_set_selection (doc, sel);
  qr_entity_links_collect (links, doc, out);
  g_assert_cmpuint (out->len, ==, 0);

  /* The lamp: a line in from the trigger's centre to the lamp's. */
  qr_selection_clear (sel);
  qr_selection_add_entity (sel, lamp);
  qr_document_set_selection (doc, sel);
  qr_entity_links_collect (links, doc, out);
  g_assert_cmpuint (out->len, ==, 1);
  assert_link (out, 0, trigger_centre, qr_vec3 (256, 0, 0), QR_LINK_IN);

  /* The trigger's brush: the same line, going out. With definitions the
   * lamp's box centre is its class box's. */
  g_autoptr (QrEntDefs) defs = entity_defs ();
  qr_document_set_entdefs (doc, defs);
  qr_selection_clear (sel);
  qr_selection_add_brush (sel, trigger_brush);
  qr_document_set_selection (doc, sel);
  qr_entity_links_collect (links, doc, out);
  g_assert_cmpuint (out->len, ==, 1);
  assert_link (out, 0, trigger_centre, qr_vec3 (256, 0, 4), QR_LINK_OUT);

  /* Both selected: the one line, listed once. */
  qr_selection_add_entity (sel, lamp);
  qr_document_set_selection (doc, sel);
  qr_entity_links_collect (links, doc, out);
  g_assert_cmpuint (out->len, ==, 1);
  assert_link (out, 0, trigger_centre, qr_vec3 (256, 0, 4), QR_LINK_OUT);

  /* The ogre named "lamp" too and aimed at the lamp by killtarget: the
   * index follows the edits, a moved ogre moves its line. */
  g_autoptr (GError) error = NULL;
  g_assert_true (qr_op_set_key (doc, ogre, "killtarget", "lamp", &error));
  g_assert_no_error (error);
  qr_selection_clear (sel);
  qr_selection_add_entity (sel, lamp);
  qr_document_set_selection (doc, sel);
  qr_entity_links_collect (links, doc, out);
  g_array_sort (out, compare_links);
  g_assert_cmpuint (out->len, ==, 2);
  assert_link (out, 0, trigger_centre, qr_vec3 (256, 0, 4), QR_LINK_IN);
  assert_link (out, 1, qr_vec3 (512, 0, 20), qr_vec3 (256, 0, 4), QR_LINK_IN);
  g_assert_true (qr_op_set_key (doc, lamp, "targetname", "other", &error));
  qr_entity_links_collect (links, doc, out);
  g_assert_cmpuint (out->len, ==, 0);
}

/* Source: outputs name their targets; "!self" is no entity. */
static void
test_links_connections (void)
{
  static const char text[] =
    "world\n{\n\t\"id\" \"1\"\n\t\"classname\" \"worldspawn\"\n}\n"
    "entity\n{\n\t\"id\" \"2\"\n\t\"classname\" \"logic_relay\"\n\t\"origin\" \"0 0 0\"\n"
    "\tconnections\n\t{\n\t\t\"OnTrigger\" \"door,Open,,0,-1\"\n\t\t\"OnTrigger\" \"!self\x1b" "Disable\x1b\x1b" "0\x1b-1\"\n\t}\n}\n"
    "entity\n{\n\t\"id\" \"3\"\n\t\"classname\" \"prop_door_rotating\"\n\t\"targetname\" \"door\"\n\t\"origin\" \"128 0 0\"\n}\n";
  g_autoptr (QrDocument) doc = qr_document_new (qr_test_parse_ok (text, QR_FILE_VMF));
  g_autoptr (QrEntityLinks) links = qr_entity_links_new ();
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (QrEntityLink));
  const QrMap *map = qr_document_get_map (doc);
  g_autoptr (QrSelection) sel = qr_selection_new ();

  qr_selection_add_entity (sel, qr_map_get_entity (map, 1)->id);
  qr_document_set_selection (doc, sel);
  qr_entity_links_collect (links, doc, out);
  g_assert_cmpuint (out->len, ==, 1);
  assert_link (out, 0, qr_vec3 (0, 0, 0), qr_vec3 (128, 0, 0), QR_LINK_OUT);

  qr_selection_clear (sel);
  qr_selection_add_entity (sel, qr_map_get_entity (map, 2)->id);
  qr_document_set_selection (doc, sel);
  qr_entity_links_collect (links, doc, out);
  g_assert_cmpuint (out->len, ==, 1);
  assert_link (out, 0, qr_vec3 (0, 0, 0), qr_vec3 (128, 0, 0), QR_LINK_IN);
}

/* Non-degenerate triangles of a face index stream. */
static guint
drawn_triangles (const QrSceneMesh *mesh)
{
  guint n, count = 0;
  const uint32_t *idx = stream (mesh, QR_SCENE_FACE_INDEX, &n);
  for (guint i = 0; i + 2 < n; i += 3)
    if (idx[i] != 0 || idx[i + 1] != 0)
      count++;
  return count;
}

/* A landscape (issue 16) draws its sampled surface in place of an entity
 * box: (rows − 1)·res + 1 × (cols − 1)·res + 1 samples through the
 * control heights, two triangles a cell, textured from above at a texel a
 * unit and lit by the surface's normal (a flat one as a floor brush's top,
 * a plane evenly); its edges are the control rows and columns only. */
static void
test_landscape (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text (
    "{\n\"classname\" \"worldspawn\"\n}\n"
    "{\n\"classname\" \"quarry_landscape\"\n\"origin\" \"0 0 0\"\n\"size\" \"128 64\"\n\"grid\" \"3 2\"\n"
    "\"resolution\" \"2\"\n\"texture\" \"grass\"\n\"row0\" \"0 0 0\"\n\"row1\" \"0 0 0\"\n}\n");
  g_autoptr (QrSceneMesh) mesh = following_mesh (doc);
  g_autoptr (GError) error = NULL;
  /* A floor block beside it, whose top is lit as a flat landscape must be. */
  QrPrimitiveSpec block = { .shape = QR_PRIMITIVE_BLOCK, .box = { { 0, 0, -32 }, { 16, 16, -16 } }, .axis = 2 };
  g_assert_true (qr_op_create (doc, &block, "base", &error));
  g_assert_no_error (error);
  guint n_verts;
  const QrSceneVertex *v = stream (mesh, QR_SCENE_FACE_VERTS, &n_verts);

  /* The block's 6 quads are 12 triangles; the landscape 3 × 5 samples. */
  g_assert_cmpuint (drawn_triangles (mesh), ==, 12 + 2 * 2 * 4);
  float top_light = -1;
  guint samples = 0;
  /* The block's top: its triangles with every corner at z = -16. */
  guint n_idx;
  const uint32_t *tri = stream (mesh, QR_SCENE_FACE_INDEX, &n_idx);
  for (guint i = 0; i + 2 < n_idx; i += 3)
    if (v[tri[i]].pos[2] == -16 && v[tri[i + 1]].pos[2] == -16 && v[tri[i + 2]].pos[2] == -16)
      top_light = v[tri[i]].light;
  g_assert_cmpfloat (top_light, >, 0);
  for (guint i = 0; i < n_verts; i++)
    {
      const char *texture = qr_scene_mesh_get_texture_name (mesh, qr_scene_vertex_texture (&v[i]));
      if (g_strcmp0 (texture, "grass") != 0 || (v[i].flags & QR_SCENE_UNUSED))
        continue;
      samples++;
      /* Samples every 32 units along X and Y. */
      g_assert_cmpfloat (fmodf (v[i].pos[0], 32.0f), ==, 0.0f);
      g_assert_cmpfloat (fmodf (v[i].pos[1], 32.0f), ==, 0.0f);
      g_assert_cmpfloat (v[i].pos[2], ==, 0.0f);
      g_assert_cmpfloat (v[i].uv[0], ==, v[i].pos[0] / QR_SCENE_DEFAULT_TEXTURE_SIZE);
      g_assert_cmpfloat (v[i].uv[1], ==, -v[i].pos[1] / QR_SCENE_DEFAULT_TEXTURE_SIZE);
      g_assert_cmpfloat (v[i].light, ==, top_light);
    }
  g_assert_cmpuint (samples, ==, 3 * 5);
  /* Edges: the block's 12 and, of the landscape, its 2 control rows of 4
   * segments and 3 control columns of 2. */
  guint n;
  const uint32_t *idx = stream (mesh, QR_SCENE_EDGE_INDEX, &n);
  guint edges = 0;
  for (guint i = 0; i + 1 < n; i += 2)
    if (idx[i] != 0 || idx[i + 1] != 0)
      edges++;
  g_assert_cmpuint (edges, ==, 12 + 2 * 4 + 3 * 2);

  /* A plane sloping along X (natural B-splines reproduce it): every
   * sample lies on it and has one light, less than the flat top's. */
  QrId land = qr_map_get_entity (qr_document_get_map (doc), 1)->id;
  double heights[6] = { 0, 32, 64, 0, 32, 64 };
  g_assert_true (qr_op_landscape_set_heights (doc, land, heights, 6, &error));
  g_assert_no_error (error);
  assert_same_as_fresh (mesh, doc);
  v = stream (mesh, QR_SCENE_FACE_VERTS, &n_verts);
  float slope_light = -1;
  samples = 0;
  for (guint i = 0; i < n_verts; i++)
    {
      const char *texture = qr_scene_mesh_get_texture_name (mesh, qr_scene_vertex_texture (&v[i]));
      if (g_strcmp0 (texture, "grass") != 0 || (v[i].flags & QR_SCENE_UNUSED))
        continue;
      samples++;
      g_assert_cmpfloat_with_epsilon (v[i].pos[2], v[i].pos[0] / 2, 1e-4);
      if (slope_light < 0)
        slope_light = v[i].light;
      g_assert_cmpfloat_with_epsilon (v[i].light, slope_light, 1e-6);
    }
  g_assert_cmpuint (samples, ==, 3 * 5);
  g_assert_cmpfloat (slope_light, !=, top_light);

  /* Selecting it redraws it selected. */
  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_selection_add_entity (sel, land);
  qr_document_set_selection (doc, sel);
  assert_same_as_fresh (mesh, doc);
  g_assert_cmpuint (triangles_flagged (mesh, QR_SCENE_FACE_INDEX, QR_SCENE_SELECTED), ==, 16);
}

/* A power-2 displaced floor, 0..128 × 0..128 × -16..0: a pyramid of
 * distances 32 - 8 (|r - 2| + |c - 2|) (0 at the corners), and the middle
 * point pushed 8 units along +X by its offset, to (72, 64, 32). */
static QrDocument *
pyramid_floor (int power)
{
  int side = (1 << power) + 1, mid = side / 2;
  g_autofree double *distances = g_new0 (double, side * side);
  g_autofree QrVec3 *offsets = g_new0 (QrVec3, side * side);
  for (int r = 0; r < side; r++)
    for (int c = 0; c < side; c++)
      distances[r * side + c] = MAX (0, 32 - 8 * (abs (r - mid) + abs (c - mid)));
  offsets[mid * side + mid] = qr_vec3 (8, 0, 0);
  g_autofree char *text = qr_test_disp_floor_vmf (power, 0, 0, 128, "nature/grass", distances, offsets, NULL);
  return qr_document_new (qr_test_parse_ok (text, QR_FILE_VMF));
}

/* Primitives of a stream that are drawn (their first vertex is used). */
static guint
count_drawn (const QrSceneMesh *mesh, QrSceneStream index, guint per)
{
  guint n, n_verts, count = 0;
  const uint32_t *idx = stream (mesh, index, &n);
  const QrSceneVertex *v = stream (mesh, qr_scene_stream_vertices_of (index), &n_verts);
  for (guint i = 0; i + per <= n; i += per)
    count += !(v[idx[i]].flags & QR_SCENE_UNUSED);
  return count;
}

static void
test_displacement (void)
{
  g_autoptr (QrDocument) doc = pyramid_floor (2);
  g_autoptr (QrSceneMesh) mesh = following_mesh (doc);

  /* Only the displaced side: its 25 points and 32 triangles, none of the
   * five flat sides (a box would be 24 corners and 12 triangles). */
  guint n;
  const QrSceneVertex *v = stream (mesh, QR_SCENE_FACE_VERTS, &n);
  guint used = 0;
  float top = -G_MAXFLOAT, bottom = G_MAXFLOAT;
  GHashTable *lights = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < n; i++)
    {
      if (v[i].flags & QR_SCENE_UNUSED)
        continue;
      used++;
      top = MAX (top, v[i].pos[2]);
      bottom = MIN (bottom, v[i].pos[2]);
      g_assert_cmpstr (qr_scene_mesh_get_texture_name (mesh, qr_scene_vertex_texture (&v[i])), ==, "nature/grass");
      float light = v[i].light;
      guint bits;
      memcpy (&bits, &light, sizeof bits);
      g_hash_table_add (lights, GUINT_TO_POINTER (bits));
    }
  g_assert_cmpuint (used, ==, 25);
  g_assert_cmpuint (count_drawn (mesh, QR_SCENE_FACE_INDEX, 3), ==, 32);
  g_assert_cmpfloat (bottom, ==, 0.0f);
  g_assert_cmpfloat (top, ==, 32.0f);
  /* Lit by the grid's normals: the slopes differ from the flat corners. */
  g_assert_cmpuint (g_hash_table_size (lights), >, 3);
  g_hash_table_unref (lights);

  /* The summit, displaced to (72, 64, 32), keeps the UVs of its flat place
   * (64, 64, 0): u = 64 / 0.25 / 64, v = -64 / 0.25 / 64 (size unknown: 64). */
  const QrSceneVertex *summit = find_corner (mesh, 72, 64, 32, "nature/grass");
  g_assert_cmpfloat (summit->uv[0], ==, 4.0f);
  g_assert_cmpfloat (summit->uv[1], ==, -4.0f);

  /* Its edges are the grid's: 5 rows and 5 columns of 4 lines, and 16
   * diagonals; in the Top view all of them, each a line of its own. */
  g_assert_cmpuint (count_drawn (mesh, QR_SCENE_EDGE_INDEX, 2), ==, 56);
  g_assert_cmpuint (count_drawn (mesh, QR_SCENE_EDGE_INDEX_TOP, 2), ==, 56);
  const QrSceneVertex *ev = stream (mesh, QR_SCENE_EDGE_VERTS, &n);
  for (guint i = 0; i < n; i++)
    if (!(ev[i].flags & QR_SCENE_UNUSED))
      g_assert_cmpfloat (ev[i].pos[2], >=, 0.0f);

  /* Each point's colour keeps 255 − its alpha (none here): how much of a
   * blend material's first layer shows. */
  g_assert_cmphex (summit->color >> 24, ==, 0xff);
  {
    double alphas[25] = { 0 };
    alphas[12] = 255;
    alphas[0] = 100;
    g_autofree char *text = qr_test_disp_floor_vmf (2, 0, 0, 128, "nature/blend", NULL, NULL, alphas);
    g_autoptr (QrDocument) blend = qr_document_new (qr_test_parse_ok (text, QR_FILE_VMF));
    g_autoptr (QrSceneMesh) blended = following_mesh (blend);
    g_assert_cmphex (find_corner (blended, 64, 64, 0, "nature/blend")->color >> 24, ==, 0);
    g_assert_cmphex (find_corner (blended, 0, 0, 0, "nature/blend")->color >> 24, ==, 155);
    g_assert_cmphex (find_corner (blended, 128, 128, 0, "nature/blend")->color >> 24, ==, 255);
  }

  /* Power 3: 81 points, 128 triangles, 2 · 9 · 8 + 64 = 208 lines. */
  g_autoptr (QrDocument) doc3 = pyramid_floor (3);
  g_autoptr (QrSceneMesh) mesh3 = following_mesh (doc3);
  g_assert_cmpuint (count_drawn (mesh3, QR_SCENE_FACE_INDEX, 3), ==, 128);
  g_assert_cmpuint (count_drawn (mesh3, QR_SCENE_EDGE_INDEX, 2), ==, 208);

  /* Selected, its grid is the marked outline; an edit and its undo keep
   * the mesh as a fresh build. */
  QrId id = qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), 0), 0)->id;
  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_selection_add_brush (sel, id);
  qr_document_set_selection (doc, sel);
  g_assert_cmpuint (count_drawn (mesh, QR_SCENE_EDGE_INDEX_MARKED, 2), ==, 56);
  g_assert_cmpuint (count_drawn (mesh, QR_SCENE_FACE_INDEX_SELECTED, 3), ==, 32);
  assert_same_as_fresh (mesh, doc);

  /* Moved, the displaced surface goes along: the summit is at (88, 64, 40). */
  g_autoptr (GError) error = NULL;
  g_assert_true (qr_op_translate (doc, QR_BRUSHES (&id, 1), qr_vec3 (16, 0, 8), &error));
  g_assert_no_error (error);
  find_corner (mesh, 88, 64, 40, "nature/grass");
  assert_same_as_fresh (mesh, doc);
  g_assert_true (qr_document_undo (doc));
  find_corner (mesh, 72, 64, 32, "nature/grass");
  assert_same_as_fresh (mesh, doc);
}

/* A primitive of `per` vertices by its positions alone, read from its
 * smallest corner on (by their bits), so that a line reads the same either
 * way and a triangle from any corner, its winding kept. */
static char *
positions_key (const QrSceneVertex *const *v, guint per)
{
  guint first = 0;
  for (guint k = 1; k < per; k++)
    if (memcmp (v[k]->pos, v[first]->pos, sizeof v[k]->pos) < 0)
      first = k;
  GString *out = g_string_new (NULL);
  for (guint k = 0; k < per; k++)
    {
      const float *p = v[(first + k) % per]->pos;
      g_string_append_printf (out, "%a,%a,%a;", p[0], p[1], p[2]);
    }
  return g_string_free (out, FALSE);
}

/* The keys of a stream's drawn primitives whose first vertex has none of
 * the flags `without`. */
static GHashTable *
drawn_positions (const QrSceneMesh *mesh, QrSceneStream index, guint per, uint32_t without)
{
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n, n_verts;
  const uint32_t *idx = stream (mesh, index, &n);
  const QrSceneVertex *v = stream (mesh, qr_scene_stream_vertices_of (index), &n_verts);
  for (guint i = 0; i + per <= n; i += per)
    {
      if (v[idx[i]].flags & (QR_SCENE_UNUSED | without))
        continue;
      const QrSceneVertex *prim[3];
      for (guint k = 0; k < per; k++)
        prim[k] = &v[idx[i + k]];
      g_hash_table_add (set, positions_key (prim, per));
    }
  return set;
}

/* The keys of the marks in `range`, `per` vertices each. */
static GHashTable *
mark_positions (const QrSceneVertex *v, QrSceneRange range, guint per)
{
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_assert_cmpuint (range.count % per, ==, 0);
  for (guint i = range.first; i < range.first + range.count; i += per)
    {
      const QrSceneVertex *prim[3];
      for (guint k = 0; k < per; k++)
        prim[k] = &v[i + k];
      g_assert_true (g_hash_table_add (set, positions_key (prim, per)));
    }
  return set;
}

static void
assert_same_keys (GHashTable *a, GHashTable *b)
{
  g_assert_cmpuint (g_hash_table_size (a), ==, g_hash_table_size (b));
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, a);
  while (g_hash_table_iter_next (&it, &key, NULL))
    g_assert_true (g_hash_table_contains (b, key));
}

static void
test_face_marks_displaced (void)
{
  /* A selected face carrying a displacement is marked where it is drawn,
   * on the displaced surface, not on the flat side under it (the tint was
   * below the hill): the tint is the grid's triangles, the 3D outline and
   * the design views' brush mark its border. */
  g_autoptr (QrDocument) doc = pyramid_floor (2);
  g_autoptr (QrSceneMesh) mesh = following_mesh (doc);
  const QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), 0), 0);
  int top = -1, bottom = -1;
  for (int f = 0; f < brush->n_faces; f++)
    {
      QrPlane plane;
      g_assert_true (qr_face_plane (&brush->faces[f], &plane));
      if (qr_face_disp (&brush->faces[f]) != NULL)
        top = f;
      else if (plane.normal.z < -0.5)
        bottom = f;
    }
  g_assert_cmpint (top, >=, 0);
  g_assert_cmpint (bottom, >=, 0);

  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_selection_add_face (sel, brush->id, top);
  qr_document_set_selection (doc, sel);
  QrSceneRange r[QR_FACE_MARK_N];
  const QrSceneVertex *v = qr_scene_mesh_get_face_marks (mesh, r, NULL);

  /* 32 triangles, on the pyramid: the summit (72, 64, 32) among their
   * corners, none below the flat side; anticlockwise seen from above,
   * covering the 128 × 128 square once. */
  g_assert_cmpuint (r[QR_FACE_MARK_TINT].count, ==, 3 * 32);
  float highest = -G_MAXFLOAT, lowest = G_MAXFLOAT;
  gboolean summit = FALSE;
  double area = 0;
  for (guint i = r[QR_FACE_MARK_TINT].first; i < r[QR_FACE_MARK_TINT].first + r[QR_FACE_MARK_TINT].count; i += 3)
    {
      for (int k = 0; k < 3; k++)
        {
          const float *p = v[i + k].pos;
          highest = MAX (highest, p[2]);
          lowest = MIN (lowest, p[2]);
          summit |= p[0] == 72 && p[1] == 64 && p[2] == 32;
          g_assert_cmphex (v[i + k].color, ==, QR_FACE_MARK_TINT_COLOR);
        }
      double ax = v[i + 1].pos[0] - v[i].pos[0], ay = v[i + 1].pos[1] - v[i].pos[1];
      double bx = v[i + 2].pos[0] - v[i].pos[0], by = v[i + 2].pos[1] - v[i].pos[1];
      double cross = ax * by - ay * bx;
      g_assert_cmpfloat (cross, >, 0);
      area += cross / 2;
    }
  g_assert_true (summit);
  g_assert_cmpfloat (highest, ==, 32.0f);
  g_assert_cmpfloat (lowest, ==, 0.0f);
  g_assert_cmpfloat (area, ==, 128.0 * 128.0);

  /* Exactly the triangles the 3D view draws of the side, so that the tint
   * meets their depth. */
  g_autoptr (GHashTable) scene_tris = drawn_positions (mesh, QR_SCENE_FACE_INDEX, 3, 0);
  g_autoptr (GHashTable) tint_tris = mark_positions (v, r[QR_FACE_MARK_TINT], 3);
  assert_same_keys (tint_tris, scene_tris);

  /* The outline is the grid's border, 4 × 4 lines, as the scene's border
   * lines (the middle of each side of the pyramid stands 16 high); the
   * brush's mark in the design views the same, its one displaced side. */
  g_assert_cmpuint (r[QR_FACE_MARK_OUTLINE].count, ==, 2 * 16);
  g_assert_cmpuint (r[QR_FACE_MARK_BRUSH_EDGES].count, ==, 2 * 16);
  g_autoptr (GHashTable) scene_border
    = drawn_positions (mesh, QR_SCENE_EDGE_INDEX, 2, QR_SCENE_DISP_INNER | QR_SCENE_DISP_INNER_COARSE);
  g_autoptr (GHashTable) outline = mark_positions (v, r[QR_FACE_MARK_OUTLINE], 2);
  g_autoptr (GHashTable) brush_edges = mark_positions (v, r[QR_FACE_MARK_BRUSH_EDGES], 2);
  assert_same_keys (outline, scene_border);
  assert_same_keys (brush_edges, scene_border);
  gboolean raised_border = FALSE;
  for (guint i = r[QR_FACE_MARK_OUTLINE].first; i < r[QR_FACE_MARK_OUTLINE].first + r[QR_FACE_MARK_OUTLINE].count; i++)
    raised_border |= v[i].pos[2] == 16;
  g_assert_true (raised_border);

  /* A side without a displacement (the bottom, z = -16) is marked flat. */
  g_autoptr (QrSelection) below = qr_selection_new ();
  qr_selection_add_face (below, brush->id, bottom);
  qr_document_set_selection (doc, below);
  v = qr_scene_mesh_get_face_marks (mesh, r, NULL);
  g_assert_cmpuint (r[QR_FACE_MARK_TINT].count, ==, 6);
  for (guint i = 0; i < 6; i++)
    g_assert_cmpfloat (v[r[QR_FACE_MARK_TINT].first + i].pos[2], ==, -16.0f);
  g_assert_cmpuint (r[QR_FACE_MARK_OUTLINE].count, ==, 8);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/scene-mesh/build", test_build);
  g_test_add_func ("/render/scene-mesh/box-lines", test_box_lines);
  g_test_add_func ("/render/scene-mesh/edit-writes-only-what-changed", test_edit_writes_only_what_changed);
  g_test_add_func ("/render/scene-mesh/follows-edits-undo-redo", test_follows_edits_undo_redo);
  g_test_add_func ("/render/scene-mesh/static-generation", test_static_generation);
  g_test_add_func ("/render/scene-mesh/selection-restyles", test_selection_restyles);
  g_test_add_func ("/render/scene-mesh/face-marks", test_face_marks);
  g_test_add_func ("/render/scene-mesh/compaction", test_compaction);
  g_test_add_func ("/render/scene-mesh/patch", test_patch);
  g_test_add_func ("/render/scene-mesh/landscape", test_landscape);
  g_test_add_func ("/render/scene-mesh/many-at-once", test_many_at_once);
  g_test_add_func ("/render/scene-mesh/texture-uvs", test_texture_uvs);
  g_test_add_func ("/render/scene-mesh/texture-batches", test_texture_batches);
  g_test_add_func ("/render/scene-mesh/entity-defs", test_entity_defs);
  g_test_add_func ("/render/scene-mesh/displacement", test_displacement);
  g_test_add_func ("/render/scene-mesh/face-marks-displaced", test_face_marks_displaced);
  g_test_add_func ("/render/entity-links/target", test_links_target);
  g_test_add_func ("/render/entity-links/connections", test_links_connections);
  return g_test_run ();
}
