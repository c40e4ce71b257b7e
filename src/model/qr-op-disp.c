/* Editing Source displacements (issue 16; the dispinfo layout is shared
 * reference 000, §7).
 *
 * Every operation works in two passes: it first computes each changed
 * face's new QrDisp from the map as it is (nothing touched), then hands the
 * results to qr_op_edit_faces, which copies the brushes, stores each
 * displacement into its copy's dispinfo block (qr_disp_store rewrites only
 * the rows that changed) and swaps the copies in as one step. A refusal in
 * the first pass leaves the map as it was. */
#include "qr-disp-ops.h"
#include "qr-brush.h"
#include "qr-face.h"
#include "qr-node.h"
#include "qr-op-private.h"
#include "qr-transform.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_VERTS (17 * 17) /* qr_disp_side (QR_DISP_MAX_POWER)² */

/* ---- faces ---- */

static const QrBrush *
brush_of (QrDocument *doc, QrId id, GError **error)
{
  const QrBrush *brush = qr_document_lookup_brush (doc, id);

  if (brush == NULL)
    g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("There is no brush %u"), id);
  return brush;
}

static int
corner_count (const QrBrush *brush, int f)
{
  return qr_brush_is_valid (brush) ? qr_polytope_face_count (brush->poly, f) : 0;
}

/* Whether create may act on face f: four corners and no displacement yet. */
static gboolean
can_create (const QrBrush *brush, int f, GError **error)
{
  const QrFace *face = &brush->faces[f];
  int n = corner_count (brush, f);

  if (!qr_brush_is_valid (brush))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("Brush %u is invalid: its faces have no corners to build a displacement on"), brush->id);
      return FALSE;
    }
  if (n != 4)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("Brush %u, face %d has %d corners: a displacement needs four"), brush->id, f, n);
      return FALSE;
    }
  /* A dispinfo block that did not read gives no displacement but stays in
   * the file: a second one would be saved beside it. */
  if (qr_face_disp (face) != NULL
      || (face->extra && face->extra->vmf && qr_node_get_child (face->extra->vmf, "dispinfo")))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID,
                   _("Brush %u, face %d has a displacement already"), brush->id, f);
      return FALSE;
    }
  return TRUE;
}

static gboolean
has_disp (const QrBrush *brush, int f, GError **error)
{
  if (qr_face_disp (&brush->faces[f]) != NULL)
    return TRUE;
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Brush %u, face %d has no displacement"),
               brush->id, f);
  return FALSE;
}

typedef gboolean (*FaceTest) (const QrBrush *brush, int f, GError **error);

/* The faces named, each once, in the order named. A face named by its
 * index must pass `test` (else its error); face -1 stands for the faces of
 * its brush that pass. An empty result is an error saying `none`. */
static GArray *
expand_faces (QrDocument *doc, const QrFaceRef *faces, guint n, FaceTest test, const char *none, GError **error)
{
  g_autoptr (GArray) out = g_array_sized_new (FALSE, FALSE, sizeof (QrFaceRef), n);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  for (guint i = 0; i < n; i++)
    {
      const QrBrush *brush = brush_of (doc, faces[i].brush, error);
      bool whole = faces[i].face < 0;

      if (brush == NULL)
        return NULL;
      if (faces[i].face >= brush->n_faces)
        {
          g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_NOT_FOUND, _("Brush %u has no face %d"),
                       faces[i].brush, faces[i].face);
          return NULL;
        }
      for (int f = whole ? 0 : faces[i].face; f <= (whole ? brush->n_faces - 1 : faces[i].face); f++)
        {
          QrFaceRef ref = { brush->id, f };
          /* g_int64_hash hashes the low half only: the brush id goes there. */
          gint64 key = ((gint64) f << 32) | brush->id;

          if (!test (brush, f, whole ? NULL : error))
            {
              if (whole)
                continue;
              return NULL;
            }
          if (g_hash_table_add (seen, g_memdup2 (&key, sizeof key)))
            g_array_append_val (out, ref);
        }
    }
  if (out->len == 0)
    {
      g_set_error_literal (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, none);
      return NULL;
    }
  return g_steal_pointer (&out);
}

/* The face's outward normal (planes of brush faces face out). */
static QrVec3
face_normal (const QrFace *face)
{
  QrPlane plane;

  return qr_face_plane (face, &plane) ? plane.normal : qr_vec3 (0, 0, 1);
}

/* ---- storing ---- */

/* New displacements for faces, in the order qr_op_edit_faces visits them
 * (the order of `refs`); NULL removes the face's displacement. */
typedef struct
{
  GArray *refs;    /* QrFaceRef */
  GPtrArray *disps; /* QrDisp, owned, or NULL */
  guint next;
} Changes;

static void
changes_init (Changes *ch)
{
  ch->refs = g_array_new (FALSE, FALSE, sizeof (QrFaceRef));
  ch->disps = g_ptr_array_new_with_free_func ((GDestroyNotify) qr_disp_unref);
  ch->next = 0;
}

static void
changes_clear (Changes *ch)
{
  g_clear_pointer (&ch->refs, g_array_unref);
  g_clear_pointer (&ch->disps, g_ptr_array_unref);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Changes, changes_clear)

static void
changes_add (Changes *ch, QrFaceRef ref, QrDisp *disp)
{
  g_array_append_val (ch->refs, ref);
  g_ptr_array_add (ch->disps, disp);
}

/* A side node as the VMF writer would write the face without one: empty
 * in a VMF, Hammer's defaults for a face from a .map (as qr-op-face.c's
 * side keys make it). */
static QrNode *
new_side_node (const QrMap *map)
{
  QrNode *side = qr_node_new ("side");

  if (map->kind != QR_FILE_VMF)
    {
      qr_node_add_value (side, "lightmapscale", "16");
      qr_node_add_value (side, "smoothing_groups", "0");
    }
  return side;
}

/* After the dispinfo block left: a side node that writes as no node at
 * all goes, so destroy gives back the face create was given. */
static void
drop_plain_side (const QrMap *map, QrFace *face)
{
  g_autoptr (QrNode) plain = new_side_node (map);

  if (qr_node_equal (face->extra->vmf, plain))
    g_clear_pointer (&qr_face_ensure_extra (face)->vmf, qr_node_free);
  if (face->extra->vmf == NULL && face->extra->disp == NULL && !face->has_surface)
    qr_face_drop_extra (face);
}

static gboolean
store_disp (QrMap *map, QrBrush *brush, int f, gpointer data, GError **error)
{
  Changes *ch = data;
  const QrDisp *disp = g_ptr_array_index (ch->disps, ch->next);
  QrFace *face = &brush->faces[f];
  /* The face's side node may be shared with the brush before the edit. */
  QrNode *side = qr_face_writable_vmf (face);
  QrNode *block = side != NULL ? qr_node_get_child (side, "dispinfo") : NULL;

  g_assert (g_array_index (ch->refs, QrFaceRef, ch->next).brush == brush->id
            && g_array_index (ch->refs, QrFaceRef, ch->next).face == f);
  ch->next++;
  if (disp == NULL)
    {
      if (block != NULL)
        qr_node_remove_child (side, "dispinfo");
    }
  else if (block != NULL)
    qr_disp_store (disp, block);
  else
    {
      QrFaceExtra *extra = qr_face_ensure_extra (face);

      if (extra->vmf == NULL)
        extra->vmf = new_side_node (map);
      qr_node_add_child (extra->vmf, "dispinfo", qr_disp_to_node (disp));
    }
  if (!qr_face_sync_disp (face, error))
    return FALSE;
  if (disp == NULL && face->extra != NULL)
    drop_plain_side (map, face);
  return TRUE;
}

static gboolean
apply (QrDocument *doc, Changes *ch, const char *description, QrMergeKind merge, const QrId *ids, guint n_ids,
       GError **error)
{
  if (ch->refs->len == 0)
    return TRUE;
  ch->next = 0;
  return qr_op_edit_faces (doc, (const QrFaceRef *) (gconstpointer) ch->refs->data, ch->refs->len, store_disp, ch,
                           description, merge, ids, n_ids, error);
}

/* ---- create, destroy ---- */

static gboolean
power_ok (int power, GError **error)
{
  if (power >= QR_DISP_MIN_POWER && power <= QR_DISP_MAX_POWER)
    return TRUE;
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("A displacement's power is 2, 3 or 4, not %d"), power);
  return FALSE;
}

gboolean
qr_op_disp_create (QrDocument *doc, const QrFaceRef *faces, guint n, int power, GError **error)
{
  g_autoptr (GArray) refs = NULL;
  g_auto (Changes) ch = { 0 };

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  if (!power_ok (power, error))
    return FALSE;
  refs = expand_faces (doc, faces, n, can_create,
                       _("None of the faces can take a displacement: each needs four corners and none yet"), error);
  if (refs == NULL)
    return FALSE;
  changes_init (&ch);
  for (guint i = 0; i < refs->len; i++)
    {
      QrFaceRef ref = g_array_index (refs, QrFaceRef, i);
      const QrBrush *brush = qr_document_lookup_brush (doc, ref.brush);
      const QrVec3 *verts = brush->poly->verts;
      QrVec3 start = verts[qr_polytope_face_indices (brush->poly, ref.face)[0]];

      /* The corner is computed: snapped as every computed coordinate is,
       * so the file says 64, not 63.99999999999999. */
      start = qr_vec3 (qr_snap (start.x), qr_snap (start.y), qr_snap (start.z));
      changes_add (&ch, ref, qr_disp_new_flat (power, start, face_normal (&brush->faces[ref.face])));
    }
  return apply (doc, &ch, _("Create Displacement"), QR_MERGE_NONE, NULL, 0, error);
}

gboolean
qr_op_disp_destroy (QrDocument *doc, const QrFaceRef *faces, guint n, GError **error)
{
  g_autoptr (GArray) refs = NULL;
  g_auto (Changes) ch = { 0 };

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  refs = expand_faces (doc, faces, n, has_disp, _("None of the faces has a displacement"), error);
  if (refs == NULL)
    return FALSE;
  changes_init (&ch);
  for (guint i = 0; i < refs->len; i++)
    changes_add (&ch, g_array_index (refs, QrFaceRef, i), NULL);
  return apply (doc, &ch, _("Destroy Displacement"), QR_MERGE_NONE, NULL, 0, error);
}

/* ---- building ---- */

/* The displaced grid (and the flat one) of a face that has a displacement;
 * false with the builder's reason. */
static gboolean
build_grid (const QrBrush *brush, int f, const QrDisp *disp, QrVec3 *verts, QrVec3 *flat, GError **error)
{
  g_autofree char *why = NULL;

  if (qr_disp_build (disp, brush, f, verts, flat, &why))
    return TRUE;
  g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("Brush %u, face %d: %s"), brush->id, f,
               why ? why : _("its displacement cannot be built"));
  return FALSE;
}

/* What a vertex's offsets add to its flat place besides normal × distance. */
static inline QrVec3
vertex_extra (const QrDisp *d, int i)
{
  return qr_vec3_add (qr_vec3_scale (d->offset_normals[i], d->elevation), d->offsets[i]);
}

/* Sets vertex i's normal and distance to the vector v (normal = v / |v|,
 * distance = |v|); a zero vector keeps the normal, with distance 0. */
static void
set_vector (QrDisp *d, int i, QrVec3 v)
{
  double len = qr_vec3_length (v);

  if (len > 0)
    d->normals[i] = qr_vec3_scale (v, 1.0 / len);
  d->distances[i] = len;
}

static QrBounds
grown (QrBounds b, double by)
{
  QrVec3 d = qr_vec3 (by, by, by);

  return (QrBounds) { qr_vec3_sub (b.min, d), qr_vec3_add (b.max, d) };
}

static inline bool
holds (QrBounds b, QrVec3 p)
{
  return p.x >= b.min.x && p.y >= b.min.y && p.z >= b.min.z && p.x <= b.max.x && p.y <= b.max.y && p.z <= b.max.z;
}

/* ---- power ---- */

/* One position of the old grid (side s) for new index k of a grid of
 * side t: its row or column and the fraction towards the next. Sides are
 * 2^p + 1, so k (s − 1) / (t − 1) is exact. */
static void
sample_at (int k, int s, int t, int *i, double *frac)
{
  double u = (double) k * (s - 1) / (t - 1);

  *i = (int) floor (u);
  *frac = u - *i;
  if (*i >= s - 1)
    *i = s - 1, *frac = 0;
}

static QrVec3
bilinear3 (const QrVec3 *a, int s, int r, int c, double fr, double fc)
{
  QrVec3 p = qr_vec3_scale (a[r * s + c], (1 - fr) * (1 - fc));

  if (fr > 0)
    p = qr_vec3_mad (p, a[(r + 1) * s + c], fr * (1 - fc));
  if (fc > 0)
    p = qr_vec3_mad (p, a[r * s + c + 1], (1 - fr) * fc);
  if (fr > 0 && fc > 0)
    p = qr_vec3_mad (p, a[(r + 1) * s + c + 1], fr * fc);
  return p;
}

static double
bilinear1 (const double *a, int s, int r, int c, double fr, double fc)
{
  double v = a[r * s + c] * (1 - fr) * (1 - fc);

  if (fr > 0)
    v += a[(r + 1) * s + c] * fr * (1 - fc);
  if (fc > 0)
    v += a[r * s + c + 1] * (1 - fr) * fc;
  if (fr > 0 && fc > 0)
    v += a[(r + 1) * s + c + 1] * fr * fc;
  return v;
}

/* The displacement resampled onto a grid of `power`: a new vertex where an
 * old one was keeps its values exactly (so 3 → 4 → 3 gives back the same
 * numbers); any other samples the old displaced surface bilinearly, and
 * its normal × distance is what takes it there from its flat place. */
static QrDisp *
resample (const QrBrush *brush, int f, const QrDisp *old, int power, GError **error)
{
  QrVec3 verts[MAX_VERTS], flat[MAX_VERTS], scratch[MAX_VERTS];
  QrVec3 normal = face_normal (&brush->faces[f]);
  g_autoptr (QrDisp) d = qr_disp_new_flat (power, old->start, normal);
  int s = old->side, t = d->side;

  d->elevation = old->elevation;
  d->flags = old->flags;
  if (!build_grid (brush, f, old, verts, NULL, error) || !build_grid (brush, f, d, scratch, flat, error))
    return NULL;
  for (int r = 0; r < t; r++)
    for (int c = 0; c < t; c++)
      {
        int i = r * t + c, r0, c0;
        double fr, fc;
        QrVec3 on;

        sample_at (r, s, t, &r0, &fr);
        sample_at (c, s, t, &c0, &fc);
        if (fr == 0 && fc == 0)
          {
            int j = r0 * s + c0;

            d->normals[i] = old->normals[j];
            d->distances[i] = old->distances[j];
            d->offsets[i] = old->offsets[j];
            d->offset_normals[i] = old->offset_normals[j];
            d->alphas[i] = old->alphas[j];
            continue;
          }
        d->offsets[i] = bilinear3 (old->offsets, s, r0, c0, fr, fc);
        on = bilinear3 (old->offset_normals, s, r0, c0, fr, fc);
        if (qr_vec3_length (on) > 0)
          d->offset_normals[i] = qr_vec3_normalize (on);
        d->alphas[i] = bilinear1 (old->alphas, s, r0, c0, fr, fc);
        set_vector (d, i,
                    qr_vec3_sub (qr_vec3_sub (bilinear3 (verts, s, r0, c0, fr, fc), flat[i]), vertex_extra (d, i)));
      }
  return g_steal_pointer (&d);
}

gboolean
qr_op_disp_set_power (QrDocument *doc, const QrFaceRef *faces, guint n, int power, GError **error)
{
  g_autoptr (GArray) refs = NULL;
  g_auto (Changes) ch = { 0 };

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  if (!power_ok (power, error))
    return FALSE;
  refs = expand_faces (doc, faces, n, has_disp, _("None of the faces has a displacement"), error);
  if (refs == NULL)
    return FALSE;
  changes_init (&ch);
  for (guint i = 0; i < refs->len; i++)
    {
      QrFaceRef ref = g_array_index (refs, QrFaceRef, i);
      const QrBrush *brush = qr_document_lookup_brush (doc, ref.brush);
      const QrDisp *old = qr_face_disp (&brush->faces[ref.face]);
      QrDisp *d;

      if (old->power == power)
        continue;
      if (!(d = resample (brush, ref.face, old, power, error)))
        return FALSE;
      changes_add (&ch, ref, d);
    }
  return apply (doc, &ch, _("Displacement Power"), QR_MERGE_NONE, NULL, 0, error);
}

/* ---- sculpt ---- */

static gboolean
always (const QrBrush *brush, int f, GError **error)
{
  (void) brush;
  (void) f;
  (void) error;
  return TRUE;
}

/* 1 at the centre, 0 at the radius and beyond, smooth at both ends. */
static inline double
falloff (double d, double radius)
{
  double q = d / radius;

  return q >= 1 ? 0 : (1 - q * q) * (1 - q * q);
}

/* Displaced places closer than this are one vertex that grids share. */
#define SHARED_EPS 1e-3

/* One face's displacement as a dab finds it. */
typedef struct
{
  QrFaceRef ref;
  const QrBrush *brush;
  const QrDisp *old;
  QrVec3 dir;    /* the sculpt direction */
  QrBounds box; /* of verts, grown by SHARED_EPS */
  QrVec3 verts[MAX_VERTS];
  QrVec3 flat[MAX_VERTS];
} SculptGrid;

static inline bool
on_border (int s, int r, int c)
{
  return r == 0 || c == 0 || r == s - 1 || c == s - 1;
}

/* Adds vertex (r, c)'s grid neighbours to pts, leaving out places already
 * there (the neighbours along an edge that two sewn grids share). */
static void
add_neighbours (const SculptGrid *g, int r, int c, QrVec3 *pts, int *n)
{
  const int dr[4] = { -1, 1, 0, 0 }, dc[4] = { 0, 0, -1, 1 };
  int s = g->old->side;

  for (int k = 0; k < 4; k++)
    {
      int rr = r + dr[k], cc = c + dc[k];
      bool have = false;

      if (rr < 0 || cc < 0 || rr >= s || cc >= s)
        continue;
      for (int j = 0; j < *n && !have; j++)
        have = qr_vec3_dist (pts[j], g->verts[rr * s + cc]) <= SHARED_EPS;
      if (!have)
        pts[(*n)++] = g->verts[rr * s + cc];
    }
}

static int
compare_vec3 (const void *pa, const void *pb)
{
  const QrVec3 *a = pa, *b = pb;

  if (a->x != b->x)
    return a->x < b->x ? -1 : 1;
  if (a->y != b->y)
    return a->y < b->y ? -1 : 1;
  return a->z < b->z ? -1 : a->z > b->z;
}

/* Mean of the displaced places around vertex (r, c) of grids[g]: its grid
 * neighbours and, on the border, those of the other grids' vertices at
 * its place, so that sewn grids see one surface and their shared vertices
 * move alike. Summed in a fixed order: a vertex shared bit for bit gets
 * the same mean in each grid. Grids that move along another direction (a
 * wall beside a floor) are left out: their shared vertices could not
 * move alike, and the wall's rows would pull the floor's edge up. */
static QrVec3
neighbour_mean (const SculptGrid *grids, guint n, guint g, int r, int c)
{
  int s = grids[g].old->side, k = 0;
  QrVec3 here = grids[g].verts[r * s + c], sum = qr_vec3 (0, 0, 0), inner[4];
  g_autofree QrVec3 *shared = on_border (s, r, c) ? g_new (QrVec3, 4 * n) : NULL;
  QrVec3 *pts = shared ? shared : inner;

  add_neighbours (&grids[g], r, c, pts, &k);
  for (guint h = 0; h < n && shared; h++)
    {
      int t = grids[h].old->side;

      if (h == g || qr_vec3_dist (grids[h].dir, grids[g].dir) > 1e-6 || !holds (grids[h].box, here))
        continue;
      for (int i = 0; i < t * t; i++)
        if (on_border (t, i / t, i % t) && qr_vec3_dist (grids[h].verts[i], here) <= SHARED_EPS)
          add_neighbours (&grids[h], i / t, i % t, pts, &k);
    }
  qsort (pts, k, sizeof *pts, compare_vec3);
  for (int j = 0; j < k; j++)
    sum = qr_vec3_add (sum, pts[j]);
  return qr_vec3_scale (sum, 1.0 / k);
}

/* One dab on grids[g]'s displacement: a new one, or NULL when no vertex
 * changes. */
static QrDisp *
sculpt_face (const SculptGrid *grids, guint n, guint g, const QrSculpt *sc, QrVec3 centre, GRand *rand)
{
  const SculptGrid *grid = &grids[g];
  const QrDisp *old = grid->old;
  const QrVec3 *verts = grid->verts, *flat = grid->flat;
  QrVec3 dir = grid->dir;
  g_autoptr (QrDisp) d = NULL;
  int s = old->side;

  for (int r = 0; r < s; r++)
    for (int c = 0; c < s; c++)
      {
        int i = r * s + c;
        double w = falloff (qr_vec3_dist (verts[i], centre), sc->radius), k = MIN (sc->strength * w, 1.0);
        QrVec3 move = qr_vec3 (0, 0, 0);

        if (w <= 0)
          continue;
        if (d == NULL)
          d = qr_disp_copy (old);
        switch (sc->mode)
          {
          case QR_SCULPT_RAISE:
            move = qr_vec3_scale (dir, sc->strength * w);
            break;
          case QR_SCULPT_LOWER:
            move = qr_vec3_scale (dir, -sc->strength * w);
            break;
          case QR_SCULPT_SMOOTH:
            /* Along the direction only, as Hammer smooths along the normal: a
             * sideways pull would slide border vertices off the border, so
             * the outline shrinks and sewn seams open. */
            move = qr_vec3_scale (dir, qr_vec3_dot (qr_vec3_sub (neighbour_mean (grids, n, g, r, c), verts[i]), dir)
                                         * k);
            break;
          case QR_SCULPT_SET_HEIGHT:
            {
              double now = sc->along_z ? verts[i].z : qr_vec3_dot (qr_vec3_sub (verts[i], flat[i]), dir);
              move = qr_vec3_scale (dir, (sc->height - now) * k);
            }
            break;
          case QR_SCULPT_NOISE:
            move = qr_vec3_scale (dir, g_rand_double_range (rand, -1, 1) * sc->strength * w);
            break;
          case QR_SCULPT_ALPHA:
            d->alphas[i] = CLAMP (old->alphas[i] + (sc->alpha - old->alphas[i]) * k, 0, 255);
            break;
          }
        /* A vertex the dab leaves in place keeps its numbers exactly. */
        if (move.x != 0 || move.y != 0 || move.z != 0)
          set_vector (d, i, qr_vec3_add (qr_vec3_scale (old->normals[i], old->distances[i]), move));
      }
  if (d != NULL && qr_disp_equal (d, old))
    g_clear_pointer (&d, qr_disp_unref);
  return g_steal_pointer (&d);
}

gboolean
qr_op_disp_sculpt (QrDocument *doc, const QrFaceRef *faces, guint n, const QrSculpt *sculpt, QrVec3 centre,
                   guint stroke, GError **error)
{
  g_autoptr (GArray) refs = NULL;
  g_autoptr (GArray) grids = NULL;
  g_autoptr (GRand) rand = NULL;
  g_auto (Changes) ch = { 0 };
  gboolean any = FALSE;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc) && sculpt != NULL, FALSE);
  if (!(sculpt->radius > 0) || !isfinite (sculpt->radius) || !isfinite (sculpt->strength))
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("The brush needs a radius above 0 and a strength"));
      return FALSE;
    }
  refs = expand_faces (doc, faces, n, always, _("No face is selected"), error);
  if (refs == NULL)
    return FALSE;
  /* Every grid first: Smooth looks across the edges they share. */
  grids = g_array_new (FALSE, FALSE, sizeof (SculptGrid));
  for (guint i = 0; i < refs->len; i++)
    {
      QrFaceRef ref = g_array_index (refs, QrFaceRef, i);
      const QrBrush *brush = qr_document_lookup_brush (doc, ref.brush);
      const QrDisp *old = qr_face_disp (&brush->faces[ref.face]);
      SculptGrid *grid;
      QrBounds reach;

      if (old == NULL || !qr_brush_is_valid (brush))
        continue;
      any = TRUE;
      /* Most faces of a big terrain lie far from the brush: no grid built. */
      reach = grown (qr_disp_reach (brush, old), sculpt->radius + 1e-6);
      if (!holds (reach, centre))
        continue;
      g_array_set_size (grids, grids->len + 1);
      grid = &g_array_index (grids, SculptGrid, grids->len - 1);
      *grid = (SculptGrid) { ref, brush, old };
      grid->dir = sculpt->along_z ? qr_vec3 (0, 0, 1) : face_normal (&brush->faces[ref.face]);
      if (!build_grid (brush, ref.face, old, grid->verts, grid->flat, error))
        return FALSE;
      grid->box = qr_bounds_empty ();
      for (int v = 0; v < old->side * old->side; v++)
        qr_bounds_add_point (&grid->box, grid->verts[v]);
      grid->box = grown (grid->box, SHARED_EPS);
    }
  if (!any)
    {
      g_set_error (error, QR_EDIT_ERROR, QR_EDIT_ERROR_INVALID, _("None of the faces has a displacement"));
      return FALSE;
    }
  rand = g_rand_new_with_seed (sculpt->seed);
  changes_init (&ch);
  for (guint g = 0; g < grids->len; g++)
    {
      const SculptGrid *all = (const SculptGrid *) (void *) grids->data;
      QrDisp *d = sculpt_face (all, grids->len, g, sculpt, centre, rand);

      if (d != NULL)
        changes_add (&ch, all[g].ref, d);
    }
  return apply (doc, &ch, sculpt->mode == QR_SCULPT_ALPHA ? _("Paint Alpha") : _("Sculpt"),
                stroke != 0 ? QR_MERGE_STROKE : QR_MERGE_NONE, &stroke, stroke != 0 ? 1 : 0, error);
}

/* ---- sew ---- */

/* Sewing: edge vertices of the displacements that share a place move to
 * their mean; where a finer grid runs along a coarser one, its vertices in
 * between go onto the coarser one's straight edge. */

/* Flat places closer than this are one place. */
#define SEW_EPS 1e-3

typedef struct
{
  gint64 cell[3];
  guint face;   /* index into the faces being sewn */
  int vertex;   /* r · side + c */
  QrVec3 flat;
  QrVec3 now;   /* the displaced place, once sewn */
  bool shared;  /* its group holds points of other faces */
} EdgePoint;

static int
compare_cells (const gint64 *a, const gint64 *b)
{
  for (int k = 0; k < 3; k++)
    if (a[k] != b[k])
      return a[k] < b[k] ? -1 : 1;
  return 0;
}

static int
compare_points (gconstpointer a, gconstpointer b)
{
  return compare_cells (((const EdgePoint *) a)->cell, ((const EdgePoint *) b)->cell);
}

static guint
find_root (guint *parent, guint i)
{
  while (parent[i] != i)
    i = parent[i] = parent[parent[i]];
  return i;
}

/* The first point at or after cell `key` in the sorted points. */
static guint
lower_bound (const EdgePoint *pts, guint n, const gint64 *key)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (compare_cells (pts[mid].cell, key) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

typedef struct
{
  QrFaceRef ref;
  const QrBrush *brush;
  const QrDisp *old;
  QrDisp *d; /* made when a vertex moves */
  QrVec3 verts[MAX_VERTS];
  QrVec3 flat[MAX_VERTS];
  guint at[MAX_VERTS]; /* an edge vertex's point in the sorted list */
} SewFace;

/* Vertex k along edge e (0: row 0, 1: the last row, 2: column 0, 3: the
 * last column) of a grid of side s. */
static int
edge_vertex (int s, int e, int k)
{
  return e == 0 ? k : e == 1 ? (s - 1) * s + k : e == 2 ? k * s : k * s + s - 1;
}

/* Whether two vertices of a grid of side s are neighbours along its edge. */
static bool
edge_neighbours (int s, int a, int b)
{
  int ra = a / s, ca = a % s, rb = b / s, cb = b % s;

  if (ra == rb)
    return abs (ca - cb) == 1 && (ra == 0 || ra == s - 1);
  return ca == cb && abs (ra - rb) == 1 && (ca == 0 || ca == s - 1);
}

static void
move_vertex (SewFace *s, int v, QrVec3 to)
{
  if (qr_vec3_identical (s->verts[v], to))
    return;
  if (s->d == NULL)
    s->d = qr_disp_copy (s->old);
  set_vector (s->d, v, qr_vec3_sub (qr_vec3_sub (to, s->flat[v]), vertex_extra (s->old, v)));
}

/* The vertices strictly between positions k0 and k1 of face fa's edge e
 * met nothing: when the points at k0 and k1 met two neighbouring vertices
 * of one other face's edge (a coarser grid alongside), they go onto the
 * straight displaced segment between those, so no crack opens. */
static void
sew_run (SewFace *sf, GArray *pts, const guint *first, const guint *next, const guint *roots, guint fa, int e,
         int k0, int k1)
{
  SewFace *a = &sf[fa];
  int side = a->old->side, v0 = edge_vertex (side, e, k0), v1 = edge_vertex (side, e, k1);
  double span = qr_vec3_dist (a->flat[v0], a->flat[v1]);

  for (guint q0 = first[roots[a->at[v0]]]; q0 != G_MAXUINT; q0 = next[q0])
    for (guint q1 = first[roots[a->at[v1]]]; q1 != G_MAXUINT; q1 = next[q1])
      {
        const EdgePoint *p0 = &g_array_index (pts, EdgePoint, q0), *p1 = &g_array_index (pts, EdgePoint, q1);

        if (p0->face == fa || p1->face != p0->face || !edge_neighbours (sf[p0->face].old->side, p0->vertex, p1->vertex))
          continue;
        for (int k = k0 + 1; k < k1; k++)
          {
            int v = edge_vertex (side, e, k);
            double t = qr_vec3_dist (a->flat[v], a->flat[v0]) / span;

            move_vertex (a, v, qr_vec3_add (qr_vec3_scale (p0->now, 1 - t), qr_vec3_scale (p1->now, t)));
          }
        return;
      }
}

gboolean
qr_op_disp_sew (QrDocument *doc, const QrFaceRef *faces, guint n, GError **error)
{
  g_autoptr (GArray) refs = NULL;
  g_autoptr (GArray) pts = g_array_new (FALSE, FALSE, sizeof (EdgePoint));
  g_autofree SewFace *sf = NULL;
  g_autofree guint *parent = NULL;
  g_autofree guint *first = NULL; /* per group root: its first point, then `next` links */
  g_autofree guint *next = NULL;
  g_autofree guint *roots = NULL;
  g_auto (Changes) ch = { 0 };
  gboolean ok = TRUE;

  g_return_val_if_fail (QR_IS_DOCUMENT (doc), FALSE);
  refs = expand_faces (doc, faces, n, has_disp, _("None of the faces has a displacement"), error);
  if (refs == NULL)
    return FALSE;
  sf = g_new0 (SewFace, refs->len);
  for (guint i = 0; i < refs->len && ok; i++)
    {
      SewFace *s = &sf[i];
      int side;

      s->ref = g_array_index (refs, QrFaceRef, i);
      s->brush = qr_document_lookup_brush (doc, s->ref.brush);
      s->old = qr_face_disp (&s->brush->faces[s->ref.face]);
      if (!(ok = build_grid (s->brush, s->ref.face, s->old, s->verts, s->flat, error)))
        break;
      side = s->old->side;
      for (int r = 0; r < side; r++)
        for (int c = 0; c < side; c++)
          if (r == 0 || c == 0 || r == side - 1 || c == side - 1)
            {
              QrVec3 p = s->flat[r * side + c];
              EdgePoint e = { { (gint64) floor (p.x / SEW_EPS), (gint64) floor (p.y / SEW_EPS),
                                (gint64) floor (p.z / SEW_EPS) },
                              i, r * side + c, p, s->verts[r * side + c], false };
              g_array_append_val (pts, e);
            }
    }
  if (!ok)
    goto out;

  /* Points closer than SEW_EPS lie in the same or neighbouring cells:
   * sorted by cell, each looks in the 27 around it and joins the group of
   * any point near enough. */
  g_array_sort (pts, compare_points);
  parent = g_new (guint, pts->len);
  for (guint i = 0; i < pts->len; i++)
    parent[i] = i;
  for (guint i = 0; i < pts->len; i++)
    {
      const EdgePoint *p = &g_array_index (pts, EdgePoint, i);

      for (int dx = -1; dx <= 1; dx++)
        for (int dy = -1; dy <= 1; dy++)
          for (int dz = -1; dz <= 1; dz++)
            {
              gint64 key[3] = { p->cell[0] + dx, p->cell[1] + dy, p->cell[2] + dz };
              guint j = lower_bound ((const EdgePoint *) (gconstpointer) pts->data, pts->len, key);

              for (; j < pts->len && compare_cells (g_array_index (pts, EdgePoint, j).cell, key) == 0; j++)
                if (j != i && qr_vec3_dist (p->flat, g_array_index (pts, EdgePoint, j).flat) <= SEW_EPS)
                  parent[find_root (parent, j)] = find_root (parent, i);
            }
    }

  /* Each group of points from two or more faces moves to its mean. A
   * group's points are in sorted order, so its sum is the same every time. */
  first = g_new (guint, pts->len);
  next = g_new (guint, pts->len);
  for (guint i = pts->len; i-- > 0;)
    first[i] = G_MAXUINT;
  for (guint i = pts->len; i-- > 0;)
    {
      guint root = find_root (parent, i);

      next[i] = first[root];
      first[root] = i;
    }
  for (guint root = 0; root < pts->len; root++)
    {
      const EdgePoint *head = first[root] != G_MAXUINT ? &g_array_index (pts, EdgePoint, first[root]) : NULL;
      QrVec3 mean = qr_vec3 (0, 0, 0);
      bool several = false;
      guint count = 0;

      if (head == NULL)
        continue;
      for (guint k = first[root]; k != G_MAXUINT; k = next[k])
        {
          const EdgePoint *p = &g_array_index (pts, EdgePoint, k);

          mean = qr_vec3_add (mean, sf[p->face].verts[p->vertex]);
          several |= p->face != head->face;
          count++;
        }
      if (!several)
        continue;
      mean = qr_vec3_scale (mean, 1.0 / count);
      for (guint k = first[root]; k != G_MAXUINT; k = next[k])
        {
          EdgePoint *p = &g_array_index (pts, EdgePoint, k);

          p->now = mean;
          p->shared = true;
          move_vertex (&sf[p->face], p->vertex, mean);
        }
    }

  /* Then the edge vertices of finer grids between those that met. */
  roots = g_new (guint, pts->len);
  for (guint i = 0; i < pts->len; i++)
    {
      const EdgePoint *p = &g_array_index (pts, EdgePoint, i);

      roots[i] = find_root (parent, i);
      sf[p->face].at[p->vertex] = i;
    }
  for (guint i = 0; i < refs->len; i++)
    for (int e = 0; e < 4; e++)
      {
        int side = sf[i].old->side, last = -1;

        for (int k = 0; k < side; k++)
          {
            if (!g_array_index (pts, EdgePoint, sf[i].at[edge_vertex (side, e, k)]).shared)
              continue;
            if (last >= 0 && k - last >= 2)
              sew_run (sf, pts, first, next, roots, i, e, last, k);
            last = k;
          }
      }

  changes_init (&ch);
  for (guint i = 0; i < refs->len; i++)
    if (sf[i].d != NULL)
      changes_add (&ch, sf[i].ref, g_steal_pointer (&sf[i].d));
  ok = apply (doc, &ch, _("Sew Displacements"), QR_MERGE_NONE, NULL, 0, error);
out:
  for (guint i = 0; i < refs->len; i++)
    g_clear_pointer (&sf[i].d, qr_disp_unref);
  return ok;
}

/* ---- picking ---- */

bool
qr_map_pick_disp (const QrMap *map, const QrRay *ray, QrFaceRef *face, double *t, int *r, int *c)
{
  double best = INFINITY;
  bool found = false;

  g_return_val_if_fail (map != NULL && ray != NULL, false);
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    {
      const QrEntity *entity = qr_map_get_entity (map, e);

      if (entity->flags & QR_ENTITY_HIDDEN)
        continue;
      for (guint b = 0; b < qr_entity_brush_count (entity); b++)
        {
          const QrBrush *brush = qr_entity_get_brush (entity, b);
          int f, hr, hc;

          if ((brush->flags & QR_BRUSH_HIDDEN) || qr_map_brush_is_hidden (map, entity, brush)
              || !qr_brush_hit_disp (brush, ray, best, &best, &f, &hr, &hc))
            continue;
          found = true;
          if (face != NULL)
            *face = (QrFaceRef) { brush->id, f };
          if (t != NULL)
            *t = best;
          if (r != NULL)
            *r = hr;
          if (c != NULL)
            *c = hc;
        }
    }
  return found;
}
