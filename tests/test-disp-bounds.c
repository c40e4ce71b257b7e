/* test-disp-bounds.c — a brush with displacements is what the views draw of
 * it: its selection box holds the displaced surface, a resize by that box
 * lands the surface in the box dragged, and 3D picking meets the displaced
 * triangles, not the flat brush underneath. */
#include <glib.h>
#include <math.h>
#include "qr-brush.h"
#include "qr-clipboard.h"
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
  QrBounds half = { qr_vec3 (0, 0, -200), qr_vec3 (512, 512, 50) };
  g_assert_true (qr_op_resize (doc, QR_BRUSHES (&id, 1), half, NULL));
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

static QrInput
front_at (double x, double z)
{
  QrInput in = { .view = 1, .point = qr_vec3 (x, 0, z), .pixel = 1.0, .grid = 16 };
  return in;
}

static guint
selected_brushes (QrDocument *doc)
{
  return qr_document_get_selection (doc)->brushes->len;
}

/* In a design view the Select tool takes the brush by the lines drawn of
 * it — its displaced grid, its centre cross in the middle of the grid's
 * box — and a box takes it when it holds the hills and the pit: the flat
 * brush's bottom edge is not drawn, and boxing the flat brush only is not
 * boxing it. */
static void
test_disp_bounds_select_2d (void)
{
  g_autoptr (QrDocument) doc = hill_and_pit ();
  g_autoptr (QrTool) select = qr_select_tool_new ();
  QrInput in;

  in = front_at (256, -16);
  qr_tool_press (select, doc, &in, 1);
  qr_tool_release (select, doc, &in);
  g_assert_cmpuint (selected_brushes (doc), ==, 0);

  /* The spike's summit, and the centre of the grids' box (z -200..300). */
  in = front_at (128, 300);
  qr_tool_press (select, doc, &in, 1);
  qr_tool_release (select, doc, &in);
  g_assert_cmpuint (selected_brushes (doc), ==, 1);
  g_autoptr (QrSelection) none = qr_selection_new ();
  qr_document_set_selection (doc, none);
  in = front_at (258, 48);
  qr_tool_press (select, doc, &in, 1);
  qr_tool_release (select, doc, &in);
  g_assert_cmpuint (selected_brushes (doc), ==, 1);
  qr_document_set_selection (doc, none);

  double tops[2] = { 10, 310 };
  guint taken[2] = { 0, 1 };
  for (int k = 0; k < 2; k++)
    {
      QrInput from = front_at (-10, -210), to = front_at (522, tops[k]);
      qr_tool_press (select, doc, &from, 1);
      qr_tool_drag (select, doc, &to);
      qr_tool_release (select, doc, &to);
      qr_tool_key (select, doc, QR_TOOL_KEY_ENTER);
      g_assert_cmpuint (selected_brushes (doc), ==, taken[k]);
      qr_document_set_selection (doc, none);
    }
}

/* Pasting centres what is pasted on the target by its box as drawn: the
 * hill's box, z −200…300, lands with its middle (50) on z 0, so the flat
 * top (z 0 before) comes out at −50. By the flat brush (z −16…0) it would
 * land at +8, and a tall hill would stick far out of where it was meant
 * to go. */
static void
test_disp_bounds_paste (void)
{
  g_autoptr (QrDocument) doc = hill_and_pit ();
  g_autoptr (QrDocument) into = hill_and_pit ();
  g_autoptr (QrSelection) all = qr_selection_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  QrMap *map;
  const QrBrush *pasted;

  qr_selection_add_brush (all, floor_brush (doc)->id);
  text = qr_clipboard_dup_text (doc, all);
  g_assert_true (qr_clipboard_paste_near (into, text, -1, qr_vec3 (256, 256, 0), 4, 1, &error));
  g_assert_no_error (error);
  map = qr_document_get_map (into);
  pasted = qr_entity_get_brush (qr_map_get_entity (map, 0), qr_entity_brush_count (qr_map_get_entity (map, 0)) - 1);
  g_assert_true (qr_brush_is_valid (pasted));
  assert_bounds (pasted->poly->bounds, qr_vec3 (0, 0, -66), qr_vec3 (512, 512, -50));
  assert_bounds (qr_brush_bounds (pasted), qr_vec3 (0, 0, -250), qr_vec3 (512, 512, 250));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/disp/bounds/selection", test_disp_bounds_selection);
  g_test_add_func ("/disp/bounds/pick", test_disp_bounds_pick);
  g_test_add_func ("/disp/bounds/select-2d", test_disp_bounds_select_2d);
  g_test_add_func ("/disp/bounds/paste", test_disp_bounds_paste);
  return g_test_run ();
}
