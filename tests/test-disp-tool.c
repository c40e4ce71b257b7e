/* test-disp-tool.c — the Displacement tool driven by 3D rays, as the 3D view
 * would: faces picked, a stroke of spaced dabs that is one undo step, Ctrl
 * turning Raise into Lower, the brush's circle on the surface. */
#include <glib.h>
#include <math.h>
#include "qr-brush.h"
#include "qr-command-stack.h"
#include "qr-map.h"
#include "qr-test-disp.h"
#include "qr-test-map.h"
#include "qr-tool.h"

static QrInput
down_at (double x, double y, guint modifiers)
{
  QrInput in = { .view = QR_TOOL_VIEW_3D, .ray = { qr_vec3 (x, y, 500), qr_vec3 (0, 0, -1) }, .grid = 16,
                 .modifiers = modifiers };
  return in;
}

static guint
history_length (QrDocument *doc)
{
  return qr_command_stack_history_length (qr_document_get_history (doc));
}

/* A 512-unit floor at the origin whose top (face 5 of brush 0) holds a
 * flat power-3 displacement: vertices 64 apart. */
static QrDocument *
floor_document (void)
{
  g_autofree char *text = qr_test_disp_floor_vmf (3, 0, 0, 512, "dev/floor", NULL, NULL, NULL);
  QrDocument *doc = qr_document_new (qr_test_parse_ok (text, QR_FILE_VMF));
  return doc;
}

static const QrDisp *
floor_disp (QrDocument *doc, int *face)
{
  const QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), 0), 0);
  for (int f = 0; f < brush->n_faces; f++)
    if (qr_face_disp (&brush->faces[f]) != NULL)
      {
        if (face != NULL)
          *face = f;
        return qr_face_disp (&brush->faces[f]);
      }
  g_assert_not_reached ();
}

/* How far the grid vertex at (x, y) of the floor (64-unit grid) stands
 * above it (a lowered vertex has a downward normal and a positive
 * distance, as Hammer writes it). */
static double
height_at (QrDocument *doc, double x, double y)
{
  const QrDisp *disp = floor_disp (doc, NULL);
  const QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), 0), 0);
  int face;
  floor_disp (doc, &face);
  QrVec3 flat[81];
  g_autofree QrVec3 *verts = g_new (QrVec3, disp->side * disp->side);
  g_assert_true (qr_disp_build (disp, brush, face, verts, flat, NULL));
  for (int i = 0; i < disp->side * disp->side; i++)
    if (flat[i].x == x && flat[i].y == y)
      return verts[i].z - flat[i].z;
  g_assert_not_reached ();
}

static void
stroke (QrTool *tool, QrDocument *doc, double x0, double x1, int steps, guint modifiers)
{
  QrInput in = down_at (x0, 256, modifiers);
  qr_tool_press (tool, doc, &in, 1);
  for (int k = 1; k <= steps; k++)
    {
      in = down_at (x0 + (x1 - x0) * k / steps, 256, modifiers);
      qr_tool_drag (tool, doc, &in);
    }
  qr_tool_release (tool, doc, &in);
}

/* A press raises the surface under it; a drag is one undo step, however
 * many dabs; undo gives the file back as it was. */
static void
test_disp_tool_stroke (void)
{
  g_autoptr (QrDocument) doc = floor_document ();
  g_autoptr (QrTool) tool = qr_disp_tool_new ();
  g_autofree char *before = qr_test_save_text (doc);
  QrSculpt sculpt = *qr_disp_tool_get_sculpt (tool);
  sculpt.mode = QR_SCULPT_RAISE;
  sculpt.radius = 64;
  sculpt.strength = 4;
  qr_disp_tool_set_sculpt (tool, &sculpt);

  stroke (tool, doc, 128, 384, 16, 0);
  g_assert_null (qr_tool_status (tool));
  g_assert_cmpuint (history_length (doc), ==, 1);
  /* Along the path (y 256, x 128..384) the surface rose; a corner and the
   * row two steps off the path did not. */
  for (double x = 128; x <= 384; x += 64)
    g_assert_cmpfloat (height_at (doc, x, 256), >, 0.0);
  g_assert_cmpfloat (height_at (doc, 0, 0), ==, 0.0);
  for (double x = 0; x <= 512; x += 64)
    g_assert_cmpfloat (height_at (doc, x, 384), ==, 0.0);

  g_assert_true (qr_document_undo (doc));
  g_autofree char *undone = qr_test_save_text (doc);
  g_assert_cmpstr (undone, ==, before);
}

/* Dabs come a quarter of the radius apart: a drag shorter than that adds
 * none to the press's, a drag just past it adds one. */
static void
test_disp_tool_spacing (void)
{
  double centre[3];
  for (int i = 0; i < 3; i++)
    {
      g_autoptr (QrDocument) doc = floor_document ();
      g_autoptr (QrTool) tool = qr_disp_tool_new ();
      QrSculpt sculpt = *qr_disp_tool_get_sculpt (tool);
      sculpt.mode = QR_SCULPT_RAISE;
      sculpt.radius = 64;
      sculpt.strength = 4;
      qr_disp_tool_set_sculpt (tool, &sculpt);
      /* A click, a drag of 15 units (under 64 / 4), one of 17. */
      stroke (tool, doc, 256, 256 + (i == 0 ? 0 : i == 1 ? 15 : 17), 4, 0);
      g_assert_cmpuint (history_length (doc), ==, 1);
      centre[i] = height_at (doc, 256, 256);
    }
  g_assert_cmpfloat (centre[0], ==, 4.0);
  g_assert_cmpfloat (centre[1], ==, centre[0]);
  g_assert_cmpfloat (centre[2], >, centre[0]);
}

/* Ctrl turns Raise into Lower. */
static void
test_disp_tool_ctrl_lowers (void)
{
  g_autoptr (QrDocument) doc = floor_document ();
  g_autoptr (QrTool) tool = qr_disp_tool_new ();
  QrInput in = down_at (256, 256, QR_INPUT_CTRL);
  qr_tool_press (tool, doc, &in, 1);
  qr_tool_release (tool, doc, &in);
  g_assert_cmpfloat (height_at (doc, 256, 256), <, 0.0);
}

/* A click on a face without a displacement selects that face alone, so
 * that Create can act on it; then a press there sculpts. Shift+click
 * toggles a displaced face; a click on nothing clears the faces. */
static void
test_disp_tool_pick_faces (void)
{
  g_autoptr (QrDocument) doc = qr_test_document_from_map_text ("{\n\"classname\" \"worldspawn\"\n{\n"
                                                               "( 0 0 -32 ) ( 0 1 -32 ) ( 0 0 -31 ) a 0 0 0 1 1\n"
                                                               "( 512 0 -32 ) ( 512 0 -31 ) ( 512 1 -32 ) a 0 0 0 1 1\n"
                                                               "( 0 0 -32 ) ( 0 0 -31 ) ( 1 0 -32 ) a 0 0 0 1 1\n"
                                                               "( 0 512 -32 ) ( 1 512 -32 ) ( 0 512 -31 ) a 0 0 0 1 1\n"
                                                               "( 0 0 -32 ) ( 1 0 -32 ) ( 0 1 -32 ) a 0 0 0 1 1\n"
                                                               "( 0 0 0 ) ( 0 1 0 ) ( 1 0 0 ) a 0 0 0 1 1\n"
                                                               "}\n}\n");
  g_autoptr (QrTool) tool = qr_disp_tool_new ();
  const QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (qr_document_get_map (doc), 0), 0);
  QrId id = brush->id;

  QrInput in = down_at (200, 300, 0);
  qr_tool_press (tool, doc, &in, 1);
  qr_tool_release (tool, doc, &in);
  const QrSelection *sel = qr_document_get_selection (doc);
  g_assert_cmpuint (sel->faces->len, ==, 1);
  g_assert_cmpuint (g_array_index (sel->faces, QrFaceRef, 0).brush, ==, id);
  g_assert_cmpint (g_array_index (sel->faces, QrFaceRef, 0).face, ==, 5);
  g_assert_cmpuint (history_length (doc), ==, 0);

  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) faces = g_array_copy (sel->faces);
  g_assert_true (qr_op_disp_create (doc, (QrFaceRef *) (gpointer) faces->data, faces->len, 3, &error));
  g_assert_no_error (error);
  qr_tool_press (tool, doc, &in, 1);
  qr_tool_release (tool, doc, &in);
  g_assert_cmpuint (history_length (doc), ==, 2);

  /* Shift+click takes the displaced face out, and back in. */
  in.modifiers = QR_INPUT_SHIFT;
  qr_tool_press (tool, doc, &in, 1);
  g_assert_cmpuint (qr_document_get_selection (doc)->faces->len, ==, 0);
  qr_tool_press (tool, doc, &in, 1);
  g_assert_cmpuint (qr_document_get_selection (doc)->faces->len, ==, 1);
  g_assert_cmpuint (history_length (doc), ==, 2);

  /* Nothing under the pointer. */
  QrInput away = down_at (-100, -100, 0);
  qr_tool_press (tool, doc, &away, 1);
  g_assert_cmpuint (qr_document_get_selection (doc)->faces->len, ==, 0);
  g_assert_cmpuint (history_length (doc), ==, 2);
}

/* Over a displacement the preview is a circle of the radius around the
 * point under the pointer, on the surface; off it, nothing. */
static void
test_disp_tool_circle (void)
{
  g_autoptr (QrDocument) doc = floor_document ();
  g_autoptr (QrTool) tool = qr_disp_tool_new ();
  g_autoptr (GArray) preview = g_array_new (FALSE, FALSE, sizeof (QrPreviewSegment));
  QrSculpt sculpt = *qr_disp_tool_get_sculpt (tool);
  sculpt.radius = 48;
  qr_disp_tool_set_sculpt (tool, &sculpt);

  QrInput over = down_at (200, 300, 0);
  g_assert_true (qr_tool_hover (tool, doc, &over));
  qr_tool_preview (tool, doc, preview);
  g_assert_cmpuint (preview->len, >=, 16);
  for (guint i = 0; i < preview->len; i++)
    {
      const QrPreviewSegment *s = &g_array_index (preview, QrPreviewSegment, i);
      g_assert_cmpint (s->kind, ==, QR_PREVIEW_SCULPT_BRUSH);
      g_assert_cmpfloat_with_epsilon (hypot (s->a.x - 200, s->a.y - 300), 48, 1e-9);
      g_assert_cmpfloat_with_epsilon (s->a.z, 0, 1e-9);
    }
  QrInput away = down_at (-100, -100, 0);
  g_assert_true (qr_tool_hover (tool, doc, &away));
  qr_tool_preview (tool, doc, preview);
  g_assert_cmpuint (preview->len, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tools/disp/stroke", test_disp_tool_stroke);
  g_test_add_func ("/tools/disp/spacing", test_disp_tool_spacing);
  g_test_add_func ("/tools/disp/ctrl-lowers", test_disp_tool_ctrl_lowers);
  g_test_add_func ("/tools/disp/pick-faces", test_disp_tool_pick_faces);
  g_test_add_func ("/tools/disp/circle", test_disp_tool_circle);
  return g_test_run ();
}
