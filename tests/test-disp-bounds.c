/* test-disp-bounds.c — a brush with displacements is what the views draw of
 * it: its selection box holds the displaced surface, a resize by that box
 * lands the surface in the box dragged, and 3D picking meets the displaced
 * triangles, not the flat brush underneath. */
#include <glib.h>
#include <math.h>
#include "qr-brush.h"
#include "qr-disp.h"
#include "qr-map.h"
#include "qr-operations.h"
#include "qr-test-disp.h"
#include "qr-test-map.h"
#include "qr-tool.h"

/* A 512-unit floor (z -16..0) at the origin whose top holds a power-3
 * displacement (vertices 64 apart, normals up): a spike 300 high at the
 * vertex over (128, 128) and a pit 200 deep at the one over (384, 384).
 * Both sit on the grid's diagonal, so they stand where they do whichever
 * way the grid's rows run. */
static QrDocument *
hill_and_pit (void)
{
  double distances[81] = { 0 };
  distances[2 * 9 + 2] = 300;
  distances[6 * 9 + 6] = -200;
  g_autofree char *text = qr_test_disp_floor_vmf (3, 0, 0, 512, "dev/floor", distances, NULL, NULL);
  return qr_document_new (qr_test_parse_ok (text, QR_FILE_VMF));
}

static const QrBrush *
floor_brush (QrDocument *doc)
{
  return qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), 0), 0);
}

static int
top_face (const QrBrush *brush)
{
  for (int f = 0; f < brush->n_faces; f++)
    if (qr_face_disp (&brush->faces[f]) != NULL)
      return f;
  g_assert_not_reached ();
}

static void
assert_bounds (QrBounds b, QrVec3 min, QrVec3 max)
{
  for (int axis = 0; axis < 3; axis++)
    {
      g_assert_cmpfloat_with_epsilon (qr_vec3_get (b.min, axis), qr_vec3_get (min, axis), 1e-9);
      g_assert_cmpfloat_with_epsilon (qr_vec3_get (b.max, axis), qr_vec3_get (max, axis), 1e-9);
    }
}

/* The selection's box reaches the spike's summit and the pit's bottom: the
 * model's bounds, the Select tool's outline in the front view, and a resize
 * by the box's top handle, which scales the whole displaced brush into the
 * box dragged (as Hammer's box, which holds the displacement). */
static void
test_disp_bounds_selection (void)
{
  g_autoptr (QrDocument) doc = hill_and_pit ();
  QrId id = floor_brush (doc)->id;
  QrBounds b;

  assert_bounds (qr_brush_bounds (floor_brush (doc)), qr_vec3 (0, 0, -200), qr_vec3 (512, 512, 300));
  g_assert_true (qr_op_bounds (doc, QR_BRUSHES (&id, 1), &b, NULL));
  assert_bounds (b, qr_vec3 (0, 0, -200), qr_vec3 (512, 512, 300));

  g_autoptr (QrSelection) sel = qr_selection_new ();
  qr_selection_add_brush (sel, id);
  qr_document_set_selection (doc, sel);
  g_autoptr (QrTool) select = qr_select_tool_new ();
  g_autoptr (GArray) segments = g_array_new (FALSE, FALSE, sizeof (QrPreviewSegment));
  qr_tool_view_preview (select, doc, 1, 1.0, segments);
  double top = -INFINITY, bottom = INFINITY;
  for (guint i = 0; i < segments->len; i++)
    {
      const QrPreviewSegment *s = &g_array_index (segments, QrPreviewSegment, i);
      if (s->kind != QR_PREVIEW_BOUNDS)
        continue;
      top = MAX (top, MAX (s->a.z, s->b.z));
      bottom = MIN (bottom, MIN (s->a.z, s->b.z));
    }
  g_assert_cmpfloat (top, ==, 300);
  g_assert_cmpfloat (bottom, ==, -200);

  /* Half the height, the bottom kept: the summit goes to 50, the flat top
   * to -100, the pit's bottom stays. */
  g_assert_true (qr_op_resize (doc, QR_BRUSHES (&id, 1), (QrBounds) { qr_vec3 (0, 0, -200), qr_vec3 (512, 512, 50) }, NULL));
  assert_bounds (qr_brush_bounds (floor_brush (doc)), qr_vec3 (0, 0, -200), qr_vec3 (512, 512, 50));
  assert_bounds (floor_brush (doc)->poly->bounds, qr_vec3 (0, 0, -108), qr_vec3 (512, 512, -100));
}

static QrPick
pick (QrDocument *doc, QrVec3 origin, QrVec3 dir)
{
  QrRay ray = { origin, dir };
  return qr_tool_pick_ray (doc, &ray);
}

/* A ray meets what is drawn: the spike's summit above the flat top, its
 * slope beside it, the pit's bottom below the brush; the flat brush's
 * undrawn sides are not there. */
static void
test_disp_bounds_pick (void)
{
  g_autoptr (QrDocument) doc = hill_and_pit ();
  const QrBrush *brush = floor_brush (doc);
  int face = top_face (brush);

  QrPick p = pick (doc, qr_vec3 (128, 128, 500), qr_vec3 (0, 0, -1));
  g_assert_cmpint (p.kind, ==, QR_PICK_BRUSH);
  g_assert_cmpuint (p.id, ==, brush->id);
  g_assert_cmpint (p.face, ==, face);
  g_assert_cmpfloat_with_epsilon (p.distance, 200, 1e-9);

  /* Level with half the spike's height, from the west: its slope runs from
   * (64, 128, 0) to the summit, so the ray meets it at x 96. */
  p = pick (doc, qr_vec3 (-100, 128, 150), qr_vec3 (1, 0, 0));
  g_assert_cmpint (p.kind, ==, QR_PICK_BRUSH);
  g_assert_cmpint (p.face, ==, face);
  g_assert_cmpfloat_with_epsilon (p.distance, 196, 1e-9);

  /* Down into the pit: through the flat top, to the bottom at -200. */
  p = pick (doc, qr_vec3 (384, 384, 500), qr_vec3 (0, 0, -1));
  g_assert_cmpint (p.kind, ==, QR_PICK_BRUSH);
  g_assert_cmpint (p.face, ==, face);
  g_assert_cmpfloat_with_epsilon (p.distance, 700, 1e-9);

  /* At the flat brush's west side, under the displaced surface (0 along
   * y 0..64): nothing drawn there. */
  p = pick (doc, qr_vec3 (-100, 10, -8), qr_vec3 (1, 0, 0));
  g_assert_cmpint (p.kind, ==, QR_PICK_NONE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/disp/bounds/selection", test_disp_bounds_selection);
  g_test_add_func ("/disp/bounds/pick", test_disp_bounds_pick);
  return g_test_run ();
}
