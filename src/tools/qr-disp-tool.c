/* qr-disp-tool.c — Displacement: sculpts Source displacements with a brush
 * in the 3D view and picks the faces the panel's buttons act on (issue 16;
 * Hammer's Paint Geometry and Paint Alpha, shared reference 000 §7).
 *
 * A press on a displacement starts a stroke: a dab there, then one more
 * each time the pointer has travelled a quarter of the brush's radius over
 * the surface (a fast drag gets the dabs in between, evenly spaced), all of
 * one stroke number, so a drag is one undo step (qr_op_disp_sculpt). Ctrl
 * turns Raise into Lower and back. A dab acts on the selected faces that
 * hold displacements, as Hammer paints only the selected ones; with none
 * of them selected, on every displacement within the brush's reach.
 *
 * A press elsewhere, or with Shift, picks faces instead: a click on a face
 * selects it alone (the panel's Create acts on the selected faces),
 * Shift+click adds or removes a face, a displaced one included (for
 * Destroy, Power and Sew), and a click on nothing clears the faces. The
 * brush selection stays; leaving the tool clears the faces, as the Texture
 * tool does. The sides a displaced brush does not draw are not picked.
 *
 * While the pointer is over a displacement, a circle of the brush's radius
 * lies on the surface around the point under it, in the plane across the
 * direction the dabs move (the side's normal, or Z), each point dropped
 * onto the displaced surface. */
#include "qr-tool.h"

#include <glib/gi18n.h>
#include <math.h>
#include "qr-brush.h"
#include "qr-command.h"
#include "qr-map.h"

/* Pointer travel between dabs, as a part of the radius. */
#define DAB_SPACING 0.25
/* At most this many dabs for one motion event (a jump across the map). */
#define MAX_DABS_PER_MOTION 64
/* Segments of the brush's circle. */
#define CIRCLE_SEGMENTS 48

typedef struct
{
  QrTool parent;
  QrSculpt sculpt;      /* the panel's settings */
  gboolean stroking;    /* a press on a displacement started a stroke */
  guint stroke;         /* its number (qr_command_new_stroke) */
  QrVec3 last_dab;
  guint dabs;           /* in this stroke, for the noise's seed */
  gboolean hovering;    /* the pointer is over a displacement: the circle shows */
  QrFaceRef hover_face;
  QrVec3 hover_point;
} DispTool;

static const QrToolClass disp_class;

static DispTool *
disp_tool (QrTool *tool)
{
  g_return_val_if_fail (tool != NULL && tool->klass == &disp_class, NULL);
  return (DispTool *) tool;
}

static const QrFace *
lookup_face (QrDocument *doc, QrFaceRef ref, const QrBrush **brush)
{
  const QrBrush *b = qr_document_lookup_brush (doc, ref.brush);
  if (b == NULL || ref.face < 0 || ref.face >= b->n_faces)
    return NULL;
  if (brush != NULL)
    *brush = b;
  return &b->faces[ref.face];
}

/* The displacement under the pointer, unless something drawn stands in
 * front of it: the pick's brush (a displaced brush's flat sides are not
 * drawn, so they hide nothing), patch or entity box. */
static gboolean
disp_under (QrDocument *doc, const QrInput *in, QrFaceRef *face, QrVec3 *point)
{
  double t;
  if (in->view != QR_TOOL_VIEW_3D || !qr_map_pick_disp (qr_document_get_map (doc), &in->ray, face, &t, NULL, NULL))
    return FALSE;
  if (in->pick.kind != QR_PICK_NONE && in->pick.distance < t - 1e-6)
    {
      const QrBrush *brush = in->pick.kind == QR_PICK_BRUSH ? qr_document_lookup_brush (doc, in->pick.id) : NULL;
      if (brush == NULL || !qr_brush_has_disp (brush))
        return FALSE;
    }
  *point = qr_vec3_add (in->ray.origin, qr_vec3_scale (in->ray.dir, t));
  return TRUE;
}

static double
bounds_distance (QrBounds b, QrVec3 p)
{
  double d2 = 0.0;
  for (int axis = 0; axis < 3; axis++)
    {
      double v = qr_vec3_get (p, axis), lo = qr_vec3_get (b.min, axis), hi = qr_vec3_get (b.max, axis);
      double out = v < lo ? lo - v : v > hi ? v - hi : 0.0;
      d2 += out * out;
    }
  return sqrt (d2);
}

/* The faces a dab at `centre` acts on (see the top), into `faces`. */
static void
dab_faces (DispTool *self, QrDocument *doc, QrVec3 centre, GArray *faces)
{
  const QrSelection *sel = qr_document_get_selection (doc);
  g_array_set_size (faces, 0);
  for (guint i = 0; i < sel->faces->len; i++)
    {
      QrFaceRef ref = g_array_index (sel->faces, QrFaceRef, i);
      const QrFace *face = lookup_face (doc, ref, NULL);
      if (face != NULL && qr_face_disp (face) != NULL)
        g_array_append_val (faces, ref);
    }
  if (faces->len > 0)
    return;
  const QrMap *map = qr_document_get_map (doc);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);
      for (guint i = 0; i < qr_entity_brush_count (entity); i++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, i);
          if (!qr_brush_is_valid (brush) || !qr_brush_has_disp (brush) || qr_map_brush_is_hidden (map, entity, brush))
            continue;
          for (int f = 0; f < brush->n_faces; f++)
            {
              const QrDisp *disp = qr_face_disp (&brush->faces[f]);
              if (disp != NULL && bounds_distance (qr_disp_reach (brush, disp), centre) <= self->sculpt.radius)
                g_array_append_val (faces, ((QrFaceRef) { brush->id, f }));
            }
        }
    }
}

static void
dab (DispTool *self, QrDocument *doc, const QrInput *in, QrVec3 centre)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) faces = g_array_new (FALSE, FALSE, sizeof (QrFaceRef));
  dab_faces (self, doc, centre, faces);
  if (faces->len == 0)
    return;
  QrSculpt sculpt = self->sculpt;
  if (in->modifiers & QR_INPUT_CTRL)
    {
      if (sculpt.mode == QR_SCULPT_RAISE)
        sculpt.mode = QR_SCULPT_LOWER;
      else if (sculpt.mode == QR_SCULPT_LOWER)
        sculpt.mode = QR_SCULPT_RAISE;
    }
  /* Each dab its own noise, the stroke still repeatable from the seed. */
  sculpt.seed = self->sculpt.seed + self->dabs * 7919u;
  self->dabs++;
  if (!qr_op_disp_sculpt (doc, (const QrFaceRef *) (gpointer) faces->data, faces->len, &sculpt, centre, self->stroke,
                          &error))
    {
      /* The rest of the stroke would only say it again. */
      self->stroking = FALSE;
      qr_tool_set_status (&self->parent, g_strdup (error->message));
    }
}

/* Face picking (see the top): with Shift the face toggles, else it is
 * selected alone; nothing under the pointer clears the faces. */
static void
select_click (DispTool *self, QrDocument *doc, const QrInput *in)
{
  gboolean shift = (in->modifiers & QR_INPUT_SHIFT) != 0;
  g_autoptr (QrSelection) sel = qr_selection_copy (qr_document_get_selection (doc));
  QrFaceRef ref = { 0, -1 };
  QrVec3 point;

  if (!disp_under (doc, in, &ref, &point) && in->pick.kind == QR_PICK_BRUSH && in->pick.face >= 0)
    {
      const QrBrush *brush = qr_document_lookup_brush (doc, in->pick.id);
      if (brush != NULL && in->pick.face < brush->n_faces
          && !(qr_brush_has_disp (brush) && qr_face_disp (&brush->faces[in->pick.face]) == NULL))
        ref = (QrFaceRef) { brush->id, in->pick.face };
    }
  if (ref.brush == 0)
    {
      if (shift)
        return;
      g_array_set_size (sel->faces, 0);
    }
  else if (!shift)
    {
      g_array_set_size (sel->faces, 0);
      qr_selection_add_face (sel, ref.brush, ref.face);
    }
  else
    {
      gboolean had = FALSE;
      for (guint i = 0; i < sel->faces->len && !had; i++)
        {
          QrFaceRef f = g_array_index (sel->faces, QrFaceRef, i);
          if (f.brush == ref.brush && f.face == ref.face)
            {
              g_array_remove_index (sel->faces, i);
              had = TRUE;
            }
        }
      if (!had)
        qr_selection_add_face (sel, ref.brush, ref.face);
    }
  qr_document_set_selection (doc, sel);
  if (ref.brush != 0)
    {
      const QrFace *face = lookup_face (doc, ref, NULL);
      qr_tool_set_status (&self->parent,
                          g_strdup (face != NULL && qr_face_disp (face) != NULL
                                      ? _("Displacement: a displaced face selected; Destroy, Power and Sew act on it")
                                      : _("Displacement: a face selected; Create gives it a displacement")));
    }
}

static void
set_hover (DispTool *self, gboolean on, QrFaceRef face, QrVec3 point)
{
  if (on != self->hovering || (on && (!qr_vec3_equal (point, self->hover_point) || face.brush != self->hover_face.brush
                                      || face.face != self->hover_face.face)))
    self->parent.preview_changed = TRUE;
  self->hovering = on;
  self->hover_face = face;
  self->hover_point = point;
}

static void
disp_press (QrTool *tool, QrDocument *doc, const QrInput *in, int button)
{
  DispTool *self = (DispTool *) tool;
  QrFaceRef face;
  QrVec3 point;

  qr_tool_set_status (tool, NULL);
  self->stroking = FALSE;
  if (button != 1 || in->view != QR_TOOL_VIEW_3D)
    return;
  if ((in->modifiers & QR_INPUT_SHIFT) || !disp_under (doc, in, &face, &point))
    {
      select_click (self, doc, in);
      return;
    }
  self->stroking = TRUE;
  self->stroke = qr_command_new_stroke ();
  self->dabs = 0;
  self->last_dab = point;
  set_hover (self, TRUE, face, point);
  dab (self, doc, in, point);
}

static void
disp_drag (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  DispTool *self = (DispTool *) tool;
  QrFaceRef face;
  QrVec3 point;

  if (!self->stroking || !disp_under (doc, in, &face, &point))
    return;
  set_hover (self, TRUE, face, point);
  double spacing = MAX (self->sculpt.radius * DAB_SPACING, 1.0);
  QrVec3 step = qr_vec3_sub (point, self->last_dab);
  double travel = qr_vec3_length (step);
  if (travel < spacing)
    return;
  int n = MIN ((int) floor (travel / spacing), MAX_DABS_PER_MOTION);
  for (int k = 1; k <= n && self->stroking; k++)
    {
      /* Evenly along the way, the last one on the pointer. */
      QrVec3 at = k == n ? point : qr_vec3_add (self->last_dab, qr_vec3_scale (step, (double) k / n));
      dab (self, doc, in, at);
    }
  self->last_dab = point;
}

static void
disp_release (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  DispTool *self = (DispTool *) tool;
  self->stroking = FALSE;
}

static void
disp_hover (QrTool *tool, QrDocument *doc, const QrInput *in)
{
  DispTool *self = (DispTool *) tool;
  QrFaceRef face = { 0, -1 };
  QrVec3 point = { 0, 0, 0 };
  gboolean on = in != NULL && disp_under (doc, in, &face, &point);
  set_hover (self, on, face, point);
}

/* The direction dabs move in on the hovered face, of unit length. */
static gboolean
brush_axis (DispTool *self, const QrFace *face, QrVec3 *axis)
{
  QrPlane plane;
  if (self->sculpt.along_z)
    {
      *axis = qr_vec3 (0, 0, 1);
      return TRUE;
    }
  if (!qr_face_plane (face, &plane))
    return FALSE;
  *axis = plane.normal;
  return TRUE;
}

static void
disp_preview (QrTool *tool, QrDocument *doc, GArray *segments)
{
  DispTool *self = (DispTool *) tool;
  const QrBrush *brush;
  const QrFace *face;
  QrVec3 n, u, v;

  if (!self->hovering || (face = lookup_face (doc, self->hover_face, &brush)) == NULL || qr_face_disp (face) == NULL
      || !brush_axis (self, face, &n))
    return;
  const QrDisp *disp = qr_face_disp (face);
  /* Two axes across n. */
  QrVec3 other = fabs (n.z) < 0.9 ? qr_vec3 (0, 0, 1) : qr_vec3 (1, 0, 0);
  u = qr_vec3_normalize (qr_vec3_cross (n, other));
  v = qr_vec3_cross (n, u);
  g_autofree QrVec3 *verts = g_new (QrVec3, disp->side * disp->side);
  gboolean built = qr_disp_build (disp, brush, self->hover_face.face, verts, NULL, NULL);
  /* Rays from above the surface (along n) down onto it. */
  QrVec3 lo, hi;
  qr_disp_extent (disp, &lo, &hi);
  double lift = self->sculpt.radius + MAX (qr_vec3_max_abs (lo), qr_vec3_max_abs (hi)) + 1.0;
  QrVec3 ring[CIRCLE_SEGMENTS];
  for (int k = 0; k < CIRCLE_SEGMENTS; k++)
    {
      double a = 2.0 * G_PI * k / CIRCLE_SEGMENTS;
      QrVec3 p = qr_vec3_add (self->hover_point, qr_vec3_add (qr_vec3_scale (u, self->sculpt.radius * cos (a)),
                                                              qr_vec3_scale (v, self->sculpt.radius * sin (a))));
      QrRay down = { qr_vec3_add (p, qr_vec3_scale (n, lift)), qr_vec3_scale (n, -1.0) };
      double t;
      if (built && qr_disp_hit (&down, verts, disp->side, &t, NULL, NULL))
        p = qr_vec3_add (down.origin, qr_vec3_scale (down.dir, t));
      ring[k] = p;
    }
  for (int k = 0; k < CIRCLE_SEGMENTS; k++)
    {
      QrPreviewSegment s = { ring[k], ring[(k + 1) % CIRCLE_SEGMENTS], QR_PREVIEW_SCULPT_BRUSH };
      g_array_append_val (segments, s);
    }
}

static gboolean
disp_key (QrTool *tool, QrDocument *doc, QrToolKey key)
{
  DispTool *self = (DispTool *) tool;
  if (key == QR_TOOL_KEY_ESCAPE)
    {
      self->stroking = FALSE;
      set_hover (self, FALSE, self->hover_face, self->hover_point);
    }
  return FALSE;
}

static void
disp_free (QrTool *tool)
{
  g_free (tool);
}

static const QrToolClass disp_class = {
  .name = "displacement",
  .press = disp_press,
  .drag = disp_drag,
  .release = disp_release,
  .key = disp_key,
  .preview = disp_preview,
  .hover = disp_hover,
  .free = disp_free,
};

QrTool *
qr_disp_tool_new (void)
{
  DispTool *self = g_new0 (DispTool, 1);
  qr_tool_init (&self->parent, &disp_class);
  self->sculpt = (QrSculpt) {
    .mode = QR_SCULPT_RAISE,
    .radius = 64.0,
    .strength = 4.0,
    .alpha = 255.0,
    .seed = 1,
  };
  return &self->parent;
}

void
qr_disp_tool_set_sculpt (QrTool *tool, const QrSculpt *sculpt)
{
  DispTool *self = disp_tool (tool);
  g_return_if_fail (self != NULL && sculpt != NULL && sculpt->radius > 0.0);
  if (self->sculpt.radius != sculpt->radius || self->sculpt.along_z != sculpt->along_z)
    tool->preview_changed = TRUE;
  self->sculpt = *sculpt;
}

const QrSculpt *
qr_disp_tool_get_sculpt (QrTool *tool)
{
  DispTool *self = disp_tool (tool);
  return self != NULL ? &self->sculpt : NULL;
}

void
qr_disp_tool_leave (QrTool *tool, QrDocument *doc)
{
  DispTool *self = disp_tool (tool);
  g_return_if_fail (self != NULL && QR_IS_DOCUMENT (doc));
  self->stroking = FALSE;
  self->hovering = FALSE;
  const QrSelection *now = qr_document_get_selection (doc);
  if (now->faces->len == 0)
    return;
  g_autoptr (QrSelection) sel = qr_selection_copy (now);
  g_array_set_size (sel->faces, 0);
  qr_document_set_selection (doc, sel);
}
