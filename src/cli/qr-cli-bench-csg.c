/* quarry-cli bench --csg: carving a 24-sided cylinder through a map at 20
 * seeded positions, a convex union of 100 overlapping random brushes, and
 * hollowing a 64-sided cylinder. One JSON line per file. */
#include "qr-cli-bench-csg.h"
#include "qr-cli-common.h"
#include "qr-cli-json.h"
#include "qr-csg.h"
#include "qr-eps.h"
#include "qr-operations.h"

#include <stdio.h>

/* TrenchBroom's bound for one carved brush: one piece per carver plane
 * that cuts it (has its vertices on both sides). */
static guint
cutting_planes (const QrBrush *brush, const QrCsgBrush *carver)
{
  guint n = 0;

  for (guint i = 0; i < carver->len; i++)
    {
      QrPlane plane;
      bool front = false, back = false;

      if (!qr_plane_from_points (g_array_index (carver, QrCsgFace, i).points, &plane))
        continue;
      for (int v = 0; v < brush->poly->n_verts; v++)
        {
          double d = qr_plane_distance_to (&plane, brush->poly->verts[v]);
          front |= d > QR_EPS_ON_PLANE;
          back |= d < -QR_EPS_ON_PLANE;
        }
      n += front && back;
    }
  return n;
}

static void
on_changed (QrDocument *doc, QrChangeSet *changes, gpointer data)
{
  guint *counts = data;

  counts[0] = changes->brushes_removed->len;
  counts[1] = changes->brushes_added->len;
}

/* Boxes of 32–160 units around the origin with up to three corners cut. */
static QrCsgBrush *
random_brush (GRand *r, int source)
{
  QrVec3 lo, hi, pts[18];

  for (int a = 0; a < 3; a++)
    {
      double c = g_rand_double_range (r, -96, 96), s = g_rand_double_range (r, 16, 80);
      qr_vec3_set (&lo, a, c - s);
      qr_vec3_set (&hi, a, c + s);
    }
  /* Faces −x, +x, −y, +y, −z, +z as three points each (outward normals). */
  pts[0] = qr_vec3 (lo.x, lo.y, lo.z), pts[1] = qr_vec3 (lo.x, lo.y + 1, lo.z), pts[2] = qr_vec3 (lo.x, lo.y, lo.z + 1);
  pts[3] = qr_vec3 (hi.x, lo.y, lo.z), pts[4] = qr_vec3 (hi.x, lo.y, lo.z + 1), pts[5] = qr_vec3 (hi.x, lo.y + 1, lo.z);
  pts[6] = qr_vec3 (lo.x, lo.y, lo.z), pts[7] = qr_vec3 (lo.x, lo.y, lo.z + 1), pts[8] = qr_vec3 (lo.x + 1, lo.y, lo.z);
  pts[9] = qr_vec3 (lo.x, hi.y, lo.z), pts[10] = qr_vec3 (lo.x + 1, hi.y, lo.z), pts[11] = qr_vec3 (lo.x, hi.y, lo.z + 1);
  pts[12] = qr_vec3 (lo.x, lo.y, lo.z), pts[13] = qr_vec3 (lo.x + 1, lo.y, lo.z), pts[14] = qr_vec3 (lo.x, lo.y + 1, lo.z);
  pts[15] = qr_vec3 (lo.x, lo.y, hi.z), pts[16] = qr_vec3 (lo.x, lo.y + 1, hi.z), pts[17] = qr_vec3 (lo.x + 1, lo.y, hi.z);
  return qr_csg_brush_new (pts, 6, source);
}

int
qr_cli_bench_csg (const char *path, int repeat)
{
  g_autoptr (GError) error = NULL;
  QrMap *map = qr_cli_load (path);
  g_autoptr (QrDocument) doc = NULL;
  g_autoptr (GArray) per_brush = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) affected = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) union_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) hollow_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GPtrArray) valid = g_ptr_array_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (1996);
  g_autoptr (QrPolyBuilder) b = qr_poly_builder_new ();
  guint counts[2], pieces = 0, bound = 0, union_pieces = 0, hollow_pieces = 0;
  json_object *root;

  if (map == NULL)
    return QR_EXIT_BAD_INPUT;
  doc = qr_document_new (map);
  g_signal_connect (doc, "changed", G_CALLBACK (on_changed), counts);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    for (guint k = 0; k < qr_entity_brush_count (qr_map_get_entity (map, e)); k++)
      if (qr_brush_is_valid (qr_entity_get_brush (qr_map_get_entity (map, e), k)))
        g_ptr_array_add (valid, qr_entity_get_brush (qr_map_get_entity (map, e), k));
  if (valid->len == 0)
    {
      fprintf (stderr, "quarry-cli bench --csg: %s has no valid brush\n", path);
      return QR_EXIT_BAD_INPUT;
    }

  /* Carve: a cylinder centred on a random brush at each position. */
  for (int pos = 0; pos < 20; pos++)
    {
      QrBrush *target = g_ptr_array_index (valid, (guint) g_rand_int_range (rand, 0, (gint) valid->len));
      QrVec3 c = qr_vec3_scale (qr_vec3_add (target->poly->bounds.min, target->poly->bounds.max), 0.5);
      QrPrimitiveSpec spec;
      QrEntity *w;
      QrBrush *cyl = NULL;
      g_autoptr (GArray) carver = NULL;
      double t0, t1;

      c = qr_vec3 (round (c.x), round (c.y), round (c.z));
      qr_primitive_spec_init (&spec, QR_PRIMITIVE_CYLINDER,
                              (QrBounds) { qr_vec3_add (c, qr_vec3 (-96, -96, -256)), qr_vec3_add (c, qr_vec3 (96, 96, 256)) });
      spec.sides = 24;
      if (!qr_op_create (doc, &spec, "bench", &error))
        break;
      w = qr_map_get_entity (map, 0);
      for (guint k = 0; k < qr_entity_brush_count (w); k++)
        if (qr_selection_has_brush (qr_document_get_selection (doc), qr_entity_get_brush (w, k)->id))
          cyl = qr_entity_get_brush (w, k);
      if (cyl == NULL)
        break;
      carver = qr_brush_to_csg (cyl, 0);
      /* The bound, untimed: every brush this carve will cut. */
      for (guint k = 0; k < valid->len; k++)
        {
          QrBrush *brush = g_ptr_array_index (valid, k);
          g_autoptr (GArray) a = NULL;
          g_autoptr (GPtrArray) out = NULL;
          const QrCsgBrush *carvers[1] = { carver };

          if (brush == cyl || !qr_bounds_overlap (brush->poly->bounds, cyl->poly->bounds))
            continue;
          a = qr_brush_to_csg (brush, 100000);
          out = qr_csg_difference (b, a, carvers, 1);
          if (out != NULL)
            bound += cutting_planes (brush, carver);
        }

      t0 = (qr_cli_now_ms () * 1000);
      if (!qr_op_carve (doc, &cyl->id, 1, FALSE, NULL))
        {
          qr_document_undo (doc);
          continue;
        }
      t1 = (qr_cli_now_ms () * 1000);
      /* removed: the carved brushes; added: their pieces. */
      pieces += counts[1];
      g_array_append_val (affected, (double) { counts[0] });
      g_array_append_val (per_brush, (double) { (t1 - t0) / MAX (counts[0], 1) });
      qr_document_undo (doc);
      qr_document_undo (doc);
    }

  /* Convex union of 100 overlapping random brushes, and hollow. */
  for (int r = 0; r < repeat; r++)
    {
      /* The same 100 brushes every time: medians of one input, stable counts. */
      g_autoptr (GRand) union_rand = g_rand_new_with_seed (2026);
      g_autoptr (GPtrArray) in = qr_csg_brush_array_new ();
      g_autoptr (GPtrArray) out = NULL;
      g_autoptr (GPtrArray) walls = NULL;
      g_autoptr (GPtrArray) shape = NULL;
      g_autoptr (GArray) cylinder = NULL;
      QrPrimitiveSpec spec;
      double t0, t1;

      for (int i = 0; i < 100; i++)
        g_ptr_array_add (in, random_brush (union_rand, i * 16));
      t0 = (qr_cli_now_ms () * 1000);
      out = qr_csg_union (b, (const QrCsgBrush *const *) in->pdata, (int) in->len, NULL);
      t1 = (qr_cli_now_ms () * 1000);
      g_array_append_val (union_ms, (double) { (t1 - t0) / 1000 });
      union_pieces = out->len;

      qr_primitive_spec_init (&spec, QR_PRIMITIVE_CYLINDER, (QrBounds) { { -256, -256, 0 }, { 256, 256, 256 } });
      spec.sides = 64;
      shape = qr_primitive_build (&spec, NULL);
      cylinder = qr_csg_brush_new ((QrVec3 *) ((GArray *) g_ptr_array_index (shape, 0))->data,
                                   (int) ((GArray *) g_ptr_array_index (shape, 0))->len / 3, 0);
      t0 = (qr_cli_now_ms () * 1000);
      walls = qr_csg_hollow (b, cylinder, 16, false, NULL);
      t1 = (qr_cli_now_ms () * 1000);
      g_array_append_val (hollow_ms, (double) { (t1 - t0) / 1000 });
      hollow_pieces = walls ? walls->len : 0;
    }

  root = json_object_new_object ();
  json_object_object_add (root, "file", json_object_new_string (path));
  json_object_object_add (root, "carve_positions", json_object_new_int64 (per_brush->len));
  json_object_object_add (root, "carve_affected_median", qr_json_number (qr_cli_median (affected)));
  json_object_object_add (root, "carve_us_per_brush_median", qr_json_number (round (qr_cli_median (per_brush) * 10) / 10));
  json_object_object_add (root, "carve_pieces", json_object_new_int64 (pieces));
  json_object_object_add (root, "carve_pieces_bound", json_object_new_int64 (bound));
  json_object_object_add (root, "union_100_ms", qr_json_number (round (qr_cli_median (union_ms) * 1000) / 1000));
  json_object_object_add (root, "union_100_pieces", json_object_new_int64 (union_pieces));
  json_object_object_add (root, "hollow_64_ms", qr_json_number (round (qr_cli_median (hollow_ms) * 1000) / 1000));
  json_object_object_add (root, "hollow_64_pieces", json_object_new_int64 (hollow_pieces));
  qr_json_print (root);
  json_object_put (root);
  return QR_EXIT_OK;
}
