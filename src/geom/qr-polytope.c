#include "qr-polytope.h"
#include "qr-eps.h"
#include "qr-winding.h"

#include <string.h>

struct _QrPolyBuilder
{
  QrPlane *planes;
  int *axis;          /* qr_plane_axis of each plane */
  int *pin_axis;      /* the coordinate qr_plane_pin sets (3: none) */
  double *pin_value;  /* and the value it sets it to */
  bool *skip;         /* plane repeats an earlier one: no polygon */
  QrVec3 *clip_a;     /* ping-pong buffers for clipping one face */
  QrVec3 *clip_b;
  int *tags_a;        /* the plane of each edge of clip_a / clip_b (-1: base winding) */
  int *tags_b;
  double *dists;      /* per point of the winding being clipped, and a copy of the first */
  unsigned char *sides;
  int face_capacity;

  QrVec3 *raw;        /* clipped polygon points of all faces, in order */
  int *raw_count;     /* per face */
  int raw_capacity;

  QrVec3 *verts;
  int verts_capacity;
  uint32_t *index;    /* welded indices, per face after dropping repeats */
  int index_capacity;
  int *start;         /* n_faces + 1 */
  uint32_t *edges;
  int *edge_uses;     /* per edge: walked lo→hi, hi→lo */
  int *edge_next;     /* per edge: the next edge of the same lower vertex, or -1 */
  int edges_capacity;
  int *edge_head;     /* per vertex: its first edge as the lower vertex, or -1 */
  int heads_capacity;
};

QrPolyBuilder *
qr_poly_builder_new (void)
{
  return g_new0 (QrPolyBuilder, 1);
}

void
qr_poly_builder_free (QrPolyBuilder *b)
{
  if (b == NULL)
    return;
  g_free (b->planes);
  g_free (b->axis);
  g_free (b->pin_axis);
  g_free (b->pin_value);
  g_free (b->skip);
  g_free (b->clip_a);
  g_free (b->clip_b);
  g_free (b->tags_a);
  g_free (b->tags_b);
  g_free (b->dists);
  g_free (b->sides);
  g_free (b->raw);
  g_free (b->raw_count);
  g_free (b->verts);
  g_free (b->index);
  g_free (b->start);
  g_free (b->edges);
  g_free (b->edge_uses);
  g_free (b->edge_next);
  g_free (b->edge_head);
  g_free (b);
}

static void
reserve_faces (QrPolyBuilder *b, int n)
{
  if (n <= b->face_capacity)
    return;
  b->face_capacity = MAX (n, b->face_capacity * 2);
  b->planes = g_renew (QrPlane, b->planes, b->face_capacity);
  b->axis = g_renew (int, b->axis, b->face_capacity);
  b->pin_axis = g_renew (int, b->pin_axis, b->face_capacity);
  b->pin_value = g_renew (double, b->pin_value, b->face_capacity);
  b->skip = g_renew (bool, b->skip, b->face_capacity);
  /* A convex polygon clipped by k planes gains at most one point per plane. */
  b->clip_a = g_renew (QrVec3, b->clip_a, b->face_capacity + 5);
  b->clip_b = g_renew (QrVec3, b->clip_b, b->face_capacity + 5);
  b->tags_a = g_renew (int, b->tags_a, b->face_capacity + 5);
  b->tags_b = g_renew (int, b->tags_b, b->face_capacity + 5);
  b->dists = g_renew (double, b->dists, b->face_capacity + 5);
  b->sides = g_renew (unsigned char, b->sides, b->face_capacity + 5);
  b->raw_count = g_renew (int, b->raw_count, b->face_capacity);
  b->start = g_renew (int, b->start, b->face_capacity + 1);
}

static QrVec3 *
reserve_raw (QrPolyBuilder *b, int used, int more)
{
  if (used + more > b->raw_capacity)
    {
      b->raw_capacity = MAX (used + more, b->raw_capacity * 2);
      b->raw = g_renew (QrVec3, b->raw, b->raw_capacity);
    }
  return b->raw + used;
}

static QrPolytope *
polytope_invalid (int n_faces, QrPolyStatus status, int bad_face)
{
  QrPolytope *p = g_malloc0 (sizeof (QrPolytope) + sizeof (uint16_t) * (gsize) (n_faces + 1));

  p->status = status;
  p->bad_face = bad_face;
  p->n_faces = (uint16_t) n_faces;
  p->bounds = qr_bounds_empty ();
  p->face_start = (uint16_t *) (p + 1);
  return p;
}

/* Index of a vertex within QR_EPS_WELD of v, adding it when new. */
static uint32_t
weld (QrPolyBuilder *b, int *n_verts, QrVec3 v)
{
  for (int i = 0; i < *n_verts; i++)
    {
      QrVec3 d = qr_vec3_sub (b->verts[i], v);
      if (fabs (d.x) <= QR_EPS_WELD && fabs (d.y) <= QR_EPS_WELD && fabs (d.z) <= QR_EPS_WELD)
        return (uint32_t) i;
    }
  if (*n_verts == b->verts_capacity)
    {
      b->verts_capacity = MAX (32, b->verts_capacity * 2);
      b->verts = g_renew (QrVec3, b->verts, b->verts_capacity);
    }
  b->verts[*n_verts] = v;
  return (uint32_t) (*n_verts)++;
}

static double
polygon_area (const QrVec3 *verts, const uint32_t *idx, int n)
{
  QrVec3 s = { 0, 0, 0 };

  for (int i = 1; i + 1 < n; i++)
    s = qr_vec3_add (s, qr_vec3_cross (qr_vec3_sub (verts[idx[i]], verts[idx[0]]),
                                       qr_vec3_sub (verts[idx[i + 1]], verts[idx[0]])));
  return 0.5 * qr_vec3_length (s);
}

/* Each corner of a clipped face lies on the face's plane and on the planes
 * of its two edges: solving those three planes gives the corner to a few
 * ulps (exactly for axial planes), where the clipping's interpolation from
 * the huge base winding carries ~1e-10 of error. Corners on the base
 * winding's own edges (an unbounded brush) keep their clipped position,
 * as do ill-conditioned triples. */
static void
refine_corners (const QrPlane *planes, const int *axes, int face, QrVec3 *p, const int *tags, int n)
{
  const QrPlane *a = &planes[face];

  for (int k = 0; k < n; k++)
    {
      int in = tags[k == 0 ? n - 1 : k - 1], out = tags[k];
      const QrPlane *b, *c;
      QrVec3 bc, ca, ab, x;
      double det;

      if (in < 0 || out < 0 || in == out)
        continue;
      /* Clipping already made corners of three axial planes exact. */
      if (axes[face] != QR_PLANE_NOT_AXIAL && axes[in] != QR_PLANE_NOT_AXIAL
          && axes[out] != QR_PLANE_NOT_AXIAL)
        continue;
      b = &planes[in];
      c = &planes[out];
      bc = qr_vec3_cross (b->normal, c->normal);
      det = qr_vec3_dot (a->normal, bc);
      if (fabs (det) < QR_EPS_CORNER_DET)
        continue;
      ca = qr_vec3_cross (c->normal, a->normal);
      ab = qr_vec3_cross (a->normal, b->normal);
      x = qr_vec3_add (qr_vec3_add (qr_vec3_scale (bc, a->dist), qr_vec3_scale (ca, b->dist)),
                       qr_vec3_scale (ab, c->dist));
      x = qr_vec3 (x.x / det, x.y / det, x.z / det);
      /* The general formula rounds; an axial plane's coordinate is exact. */
      qr_plane_pin (a, &x);
      qr_plane_pin (b, &x);
      qr_plane_pin (c, &x);
      /* Guard against a corner the topology got wrong: keep the clipped
       * point unless the solution is where clipping put it. */
      if (qr_vec3_max_abs (qr_vec3_sub (x, p[k])) <= QR_EPS_WELD)
        p[k] = x;
    }
}

/* qr_plane_pin's choice, made once per plane rather than for every point
 * the clipping pins. */
static void
pin_of (const QrPlane *plane, int *axis, double *value)
{
  const QrVec3 n = plane->normal;

  *axis = 3, *value = 0;
  if (n.x == 1.0 || n.x == -1.0)
    *axis = 0, *value = n.x * plane->dist;
  else if (n.y == 1.0 || n.y == -1.0)
    *axis = 1, *value = n.y * plane->dist;
  else if (n.z == 1.0 || n.z == -1.0)
    *axis = 2, *value = n.z * plane->dist;
}

static inline void
pin (QrVec3 *p, int axis, double value)
{
  if (axis == 0)
    p->x = value;
  else if (axis == 1)
    p->y = value;
  else if (axis == 2)
    p->z = value;
}

/* qr_winding_clip_points_tagged with the same arithmetic, for the build's
 * inner loop (a third of its time went to the general version's copying):
 * a plane with no point in front, the common case, only pins the points on
 * it, in place (*moved false); otherwise the kept part goes to out. */
static inline int
clip_face (QrPolyBuilder *b, QrVec3 *in, const int *in_tags, int n, int plane_index, double epsilon,
           QrVec3 *out, int *out_tags, bool *moved)
{
  const QrPlane *plane = &b->planes[plane_index];
  const int axis = b->pin_axis[plane_index];
  const double value = b->pin_value[plane_index];
  double *dists = b->dists;
  unsigned char *sides = b->sides;
  bool front = false, back = false;
  int m = 0;

  /* dists and sides hold face_capacity + 5: room past the last point (a
   * winding has at most n_faces + 3) for a copy of the first. */
  *moved = false;
  for (int i = 0; i < n; i++)
    {
      double d = qr_plane_distance_to (plane, in[i]);
      unsigned char side = d > epsilon ? QR_SIDE_FRONT : d < -epsilon ? QR_SIDE_BACK : QR_SIDE_ON;

      dists[i] = d;
      sides[i] = side;
      front |= side == QR_SIDE_FRONT;
      back |= side == QR_SIDE_BACK;
    }
  if (!front)
    {
      if (axis < 3)
        for (int i = 0; i < n; i++)
          if (sides[i] == QR_SIDE_ON)
            pin (&in[i], axis, value);
      return n;
    }
  if (!back)
    return 0;

  *moved = true;
  dists[n] = dists[0];
  sides[n] = sides[0];
  for (int i = 0; i < n; i++)
    {
      unsigned char si = sides[i], sj = sides[i + 1];

      if (si != QR_SIDE_FRONT)
        {
          out[m] = in[i];
          if (si == QR_SIDE_ON)
            pin (&out[m], axis, value);
          out_tags[m] = si == QR_SIDE_ON && sj == QR_SIDE_FRONT ? plane_index : in_tags[i];
          m++;
        }
      /* The edge crosses only from front to back or back to front (0 + 1). */
      if (si + sj != QR_SIDE_FRONT + QR_SIDE_BACK)
        continue;
      {
        QrVec3 a = in[i], c = in[i + 1 == n ? 0 : i + 1];
        double t = dists[i] / (dists[i] - dists[i + 1]);

        out[m] = (QrVec3) { a.x + t * (c.x - a.x), a.y + t * (c.y - a.y), a.z + t * (c.z - a.z) };
        pin (&out[m], axis, value);
        out_tags[m] = sj == QR_SIDE_FRONT ? plane_index : in_tags[i];
        m++;
      }
    }
  return m;
}

/* Clips a base winding on every face by all other planes into b->raw:
 * the huge one of QR_BASE_WINDING_EXTENT, or with `around` one just
 * larger than those bounds. Returns false when a corner of such a smaller
 * winding survives: it did not cover its face. */
static bool
clip_faces (QrPolyBuilder *b, int n_faces, const QrBounds *around, int *raw_used)
{
  QrVec3 centre = { 0, 0, 0 };
  double half_side = 0, epsilon = QR_EPS_CLIP;

  if (around != NULL)
    {
      /* The inscribed circle of the square holds every point of the bounds
       * projected on the plane; doubled, it also holds the first pass's
       * rounding. QR_EPS_CLIP sits just above the huge winding's rounding;
       * this one rounds as many times less as it is smaller, and so does
       * its on-plane tolerance: a point kept unsplit moves along the face
       * by the tolerance over the sine between the planes, which between
       * nearly parallel planes put faces' copies of a corner apart. */
      centre = qr_vec3_scale (qr_vec3_add (around->min, around->max), 0.5);
      half_side = 2 * qr_vec3_length (qr_vec3_sub (around->max, centre)) + 1;
      epsilon = QR_EPS_CLIP * MIN (1.0, (qr_vec3_max_abs (centre) + 2 * half_side) / QR_BASE_WINDING_EXTENT);
    }
  *raw_used = 0;
  for (int i = 0; i < n_faces; i++)
    {
      QrVec3 *cur = b->clip_a, *next = b->clip_b;
      int *cur_tags = b->tags_a, *next_tags = b->tags_b;
      int n = 0;

      b->raw_count[i] = 0;
      if (b->skip[i])
        continue;

      if (around != NULL)
        qr_winding_base_points_around (&b->planes[i], centre, half_side, cur);
      else
        qr_winding_base_points (&b->planes[i], cur);
      cur_tags[0] = cur_tags[1] = cur_tags[2] = cur_tags[3] = -1;
      n = 4;

      for (int j = 0; j < n_faces && n >= 3; j++)
        {
          QrVec3 *tmp;
          int *tmp_tags;
          bool moved;

          if (j == i || b->skip[j])
            continue;
          n = clip_face (b, cur, cur_tags, n, j, epsilon, next, next_tags, &moved);
          if (!moved)
            continue;
          tmp = cur, cur = next, next = tmp;
          tmp_tags = cur_tags, cur_tags = next_tags, next_tags = tmp_tags;
        }
      if (n < 3)
        continue;
      for (int k = 0; k < n && around != NULL; k++)
        if (cur_tags[k] < 0)
          return false;
      refine_corners (b->planes, b->axis, i, cur, cur_tags, n);
      memcpy (reserve_raw (b, *raw_used, n), cur, sizeof (QrVec3) * (gsize) n);
      *raw_used += n;
      b->raw_count[i] = n;
    }
  return true;
}

/* Welds the corners shared between faces into unique vertices (b->verts)
 * and polygons of their indices (b->index, b->start); drops polygons that
 * weld to slivers. Sets *unbounded when a corner is beyond the world. */
static void
weld_faces (QrPolyBuilder *b, int n_faces, int raw_used, int *n_verts, int *n_index, int *n_polygons,
            bool *unbounded)
{
  *n_verts = *n_index = *n_polygons = 0;
  *unbounded = false;
  if (raw_used > b->index_capacity)
    {
      b->index_capacity = MAX (raw_used, b->index_capacity * 2);
      b->index = g_renew (uint32_t, b->index, b->index_capacity);
    }
  for (int i = 0, r = 0; i < n_faces; i++)
    {
      int first = *n_index;

      b->start[i] = *n_index;
      for (int k = 0; k < b->raw_count[i]; k++, r++)
        {
          /* + 0.0 turns -0 into 0: a corner's sign of zero came from
           * whichever plane pinned it last, and showed in the output. */
          QrVec3 v = { b->raw[r].x + 0.0, b->raw[r].y + 0.0, b->raw[r].z + 0.0 };
          uint32_t id;

          if (qr_vec3_max_abs (v) > QR_WORLD_EXTENT)
            *unbounded = true;
          id = weld (b, n_verts, v);
          if (*n_index > first && b->index[*n_index - 1] == id)
            continue;
          b->index[(*n_index)++] = id;
        }
      if (*n_index - first > 1 && b->index[*n_index - 1] == b->index[first])
        (*n_index)--;
      if (*n_index - first < 3
          || polygon_area (b->verts, b->index + first, *n_index - first) < QR_EPS_AREA)
        *n_index = first;
      else
        (*n_polygons)++;
    }
  b->start[n_faces] = *n_index;
}

/* The undirected edges (b->edges), each once. Returns whether the polygons
 * close up: every edge walked once each way. Each vertex chains the edges
 * it is the lower end of: a search over all edges was a tenth of the build. */
static bool
find_edges (QrPolyBuilder *b, int n_faces, int n_verts, int *n_edges)
{
  bool closed = true;

  *n_edges = 0;
  if (n_verts > b->heads_capacity)
    {
      b->heads_capacity = MAX (n_verts, b->heads_capacity * 2);
      b->edge_head = g_renew (int, b->edge_head, b->heads_capacity);
    }
  for (int v = 0; v < n_verts; v++)
    b->edge_head[v] = -1;
  for (int i = 0; i < n_faces; i++)
    {
      int s = b->start[i], e = b->start[i + 1];

      for (int k = s; k < e; k++)
        {
          uint32_t a = b->index[k], c = b->index[k + 1 == e ? s : k + 1];
          uint32_t lo = MIN (a, c), hi = MAX (a, c);
          int q = b->edge_head[lo];

          while (q >= 0 && b->edges[2 * q + 1] != hi)
            q = b->edge_next[q];
          if (q < 0)
            {
              if (2 * (*n_edges + 1) > b->edges_capacity)
                {
                  b->edges_capacity = MAX (64, b->edges_capacity * 2);
                  b->edges = g_renew (uint32_t, b->edges, b->edges_capacity);
                  b->edge_uses = g_renew (int, b->edge_uses, b->edges_capacity);
                  b->edge_next = g_renew (int, b->edge_next, b->edges_capacity);
                }
              q = (*n_edges)++;
              b->edges[2 * q] = lo;
              b->edges[2 * q + 1] = hi;
              b->edge_uses[2 * q] = b->edge_uses[2 * q + 1] = 0;
              b->edge_next[q] = b->edge_head[lo];
              b->edge_head[lo] = q;
            }
          b->edge_uses[2 * q + (a > c)]++;
        }
    }
  for (int q = 0; q < 2 * *n_edges && closed; q++)
    closed = b->edge_uses[q] == 1;
  return closed;
}

/* Polygon i uses vertex v. */
static bool
polygon_has (const QrPolyBuilder *b, int i, uint32_t v)
{
  for (int k = b->start[i]; k < b->start[i + 1]; k++)
    if (b->index[k] == v)
      return true;
  return false;
}

/* Vertex `from` lies on the plane of every polygon that uses vertex `to`. */
static bool
on_planes_of (const QrPolyBuilder *b, int n_faces, uint32_t from, uint32_t to)
{
  for (int i = 0; i < n_faces; i++)
    if (polygon_has (b, i, to) && fabs (qr_plane_distance_to (&b->planes[i], b->verts[from])) > QR_EPS_ON_PLANE)
      return false;
  return true;
}

/* Where polygons still do not close, two ends of open edges, one on all
 * the planes of the other's polygons, are one corner that the faces placed
 * apart: where three planes nearly share a line, the corner of the three
 * is only known along it, to the clipping tolerance over the sine between
 * them, and each face puts it where its own clipping did. Merges such
 * pairs, closest first, up to QR_EPS_REPAIR_WELD apart, into the one on
 * the other's planes: the moved corner stays on the planes of its
 * polygons. Then drops the vertices no polygon uses. */
static void
merge_open_corners (QrPolyBuilder *b, int n_faces, int *n_verts, int *n_index, int *n_polygons)
{
  g_autofree bool *open = g_new (bool, *n_verts);
  g_autofree int *uses = g_new (int, *n_verts);
  g_autofree uint32_t *remap = g_new (uint32_t, *n_verts);
  int n_edges = 0, kept = 0;

  while (!find_edges (b, n_faces, *n_verts, &n_edges))
    {
      uint32_t keep = 0, drop = 0;
      double best = QR_EPS_REPAIR_WELD;
      bool found = false;

      memset (open, 0, sizeof (bool) * (gsize) *n_verts);
      for (int e = 0; e < n_edges; e++)
        if (b->edge_uses[2 * e] != 1 || b->edge_uses[2 * e + 1] != 1)
          open[b->edges[2 * e]] = open[b->edges[2 * e + 1]] = true;
      for (uint32_t u = 0; u < (uint32_t) *n_verts; u++)
        for (uint32_t v = u + 1; v < (uint32_t) *n_verts && open[u]; v++)
          {
            double d = qr_vec3_max_abs (qr_vec3_sub (b->verts[u], b->verts[v]));

            if (!open[v] || d > best)
              continue;
            if (on_planes_of (b, n_faces, u, v))
              best = d, keep = u, drop = v, found = true;
            else if (on_planes_of (b, n_faces, v, u))
              best = d, keep = v, drop = u, found = true;
          }
      if (!found)
        break;

      /* Replace drop by keep; a polygon that then repeats a corner loses the repeat. */
      for (int i = 0, out = 0, s = b->start[0]; i < n_faces; i++)
        {
          int e = b->start[i + 1], first = out;

          b->start[i] = out;
          for (int k = s; k < e; k++)
            {
              uint32_t id = b->index[k] == drop ? keep : b->index[k];

              if (out > first && b->index[out - 1] == id)
                continue;
              b->index[out++] = id;
            }
          if (out - first > 1 && b->index[out - 1] == b->index[first])
            out--;
          if (out - first < 3)
            {
              if (e > s)
                (*n_polygons)--;
              out = first;
            }
          b->start[i + 1] = out;
          *n_index = out;
          s = e;
        }
    }

  memset (uses, 0, sizeof (int) * (gsize) *n_verts);
  for (int k = 0; k < *n_index; k++)
    uses[b->index[k]]++;
  for (int v = 0; v < *n_verts; v++)
    if (uses[v] > 0)
      {
        remap[v] = (uint32_t) kept;
        b->verts[kept++] = b->verts[v];
      }
  for (int k = 0; k < *n_index; k++)
    b->index[k] = remap[b->index[k]];
  *n_verts = kept;
}

/* The polytope of the builder's vertices, polygons and edges, or an empty
 * one when they enclose no volume. */
static QrPolytope *
assemble (const QrPolyBuilder *b, int n_faces, int n_verts, int n_index, int n_edges)
{
  QrPolytope *p;
  gsize size;
  char *mem;

  size = sizeof (QrPolytope) + sizeof (QrVec3) * (gsize) n_verts
         + sizeof (uint16_t) * (gsize) (n_faces + 1 + n_index + 2 * n_edges);
  mem = g_malloc (size);
  p = (QrPolytope *) mem;
  p->status = QR_POLY_OK;
  p->bad_face = -1;
  p->n_faces = (uint16_t) n_faces;
  p->n_verts = (uint16_t) n_verts;
  p->n_edges = (uint16_t) n_edges;
  p->verts = (QrVec3 *) (mem + sizeof (QrPolytope));
  p->face_start = (uint16_t *) (p->verts + n_verts);
  p->face_index = p->face_start + n_faces + 1;
  p->edges = p->face_index + n_index;

  p->bounds = qr_bounds_empty ();
  for (int i = 0; i < n_verts; i++)
    {
      p->verts[i] = b->verts[i];
      qr_bounds_add_point (&p->bounds, b->verts[i]);
    }
  for (int i = 0; i <= n_faces; i++)
    p->face_start[i] = (uint16_t) b->start[i];
  for (int i = 0; i < n_index; i++)
    p->face_index[i] = (uint16_t) b->index[i];
  for (int i = 0; i < 2 * n_edges; i++)
    p->edges[i] = (uint16_t) b->edges[i];

  if (qr_polytope_volume (p) < QR_EPS_VOLUME)
    {
      qr_polytope_free (p);
      return polytope_invalid (n_faces, QR_POLY_EMPTY, -1);
    }
  return p;
}

/* Boxes — six axial planes, one each way along each axis — are half the
 * brushes of a typical map. Their corners are known without clipping: the
 * planes' coordinates. What clipping would make of them (which corner
 * starts each face, the vertex and edge order) depends only on which face
 * index has which of the six directions, so it is worked out once per
 * permutation, by clipping a canonical box, and replayed: the output is
 * the clipping's, byte for byte, at a fraction of its cost. */
enum { BOX_PERMUTATIONS = 720 };

typedef struct
{
  bool usable;             /* the canonical box came out as 8 corners, 6 quads */
  unsigned char corner[8]; /* per vertex: bit a set when at the maximum along axis a */
  unsigned char index[24]; /* 4 per face */
  unsigned char edges[24];
} BoxLayout;

static BoxLayout box_layouts[BOX_PERMUTATIONS];
static gsize box_layout_ready[BOX_PERMUTATIONS];

/* A box face's direction: 2 × axis, plus 1 for the maximum side. */
static int
box_direction (const QrPolyBuilder *b, int i)
{
  int axis = b->axis[i];
  double n = axis == 0 ? b->planes[i].normal.x : axis == 1 ? b->planes[i].normal.y : b->planes[i].normal.z;

  return 2 * axis + (n > 0);
}

/* The permutation's rank among the 720 (Lehmer code). */
static int
box_rank (const int dir[6])
{
  int rank = 0;

  for (int i = 0; i < 6; i++)
    {
      int smaller = 0;

      for (int j = i + 1; j < 6; j++)
        smaller += dir[j] < dir[i];
      rank = rank * (6 - i) + smaller;
    }
  return rank;
}

static void
box_layout_compute (const int dir[6], BoxLayout *layout)
{
  /* Distinct sizes along the axes, off the origin: no coincidences. */
  static const double lo[3] = { -3, -5, -7 }, hi[3] = { 2, 4, 6 };
  QrPolyBuilder *t = qr_poly_builder_new ();
  int raw_used = 0, n_verts = 0, n_index = 0, n_polygons = 0, n_edges = 0;
  bool unbounded = false;

  layout->usable = false;
  reserve_faces (t, 6);
  for (int i = 0; i < 6; i++)
    {
      int axis = dir[i] / 2;
      double sign = dir[i] % 2 ? 1 : -1;
      QrVec3 n = { axis == 0 ? sign : 0, axis == 1 ? sign : 0, axis == 2 ? sign : 0 };

      t->planes[i] = (QrPlane) { n, sign > 0 ? hi[axis] : -lo[axis] };
      t->axis[i] = axis;
      pin_of (&t->planes[i], &t->pin_axis[i], &t->pin_value[i]);
      t->skip[i] = false;
    }
  clip_faces (t, 6, NULL, &raw_used);
  weld_faces (t, 6, raw_used, &n_verts, &n_index, &n_polygons, &unbounded);
  if (n_verts == 8 && n_index == 24 && n_polygons == 6 && find_edges (t, 6, n_verts, &n_edges) && n_edges == 12)
    {
      layout->usable = true;
      for (int i = 0; i <= 6; i++)
        layout->usable &= t->start[i] == 4 * i;
      for (int v = 0; v < 8; v++)
        {
          const double c[3] = { t->verts[v].x, t->verts[v].y, t->verts[v].z };

          layout->corner[v] = 0;
          for (int a = 0; a < 3; a++)
            {
              layout->usable &= c[a] == lo[a] || c[a] == hi[a];
              layout->corner[v] |= (unsigned char) ((c[a] == hi[a]) << a);
            }
        }
      for (int k = 0; k < 24; k++)
        {
          layout->index[k] = (unsigned char) t->index[k];
          layout->edges[k] = (unsigned char) t->edges[k];
        }
    }
  qr_poly_builder_free (t);
}

/* Fills the builder's vertices, polygons and edges when its planes are a
 * box that clipping would build; false leaves the clipping to do. */
static bool
build_box (QrPolyBuilder *b, int n_faces, int *n_verts, int *n_index, int *n_edges)
{
  double lo[3], hi[3];
  int dir[6], seen = 0, rank;
  const BoxLayout *layout;

  if (n_faces != 6)
    return false;
  for (int i = 0; i < 6; i++)
    {
      if (b->axis[i] == QR_PLANE_NOT_AXIAL)
        return false;
      dir[i] = box_direction (b, i);
      if (seen & (1 << dir[i]))
        return false;
      seen |= 1 << dir[i];
      /* pin_value is the coordinate of the plane along its axis. */
      if (dir[i] % 2)
        hi[dir[i] / 2] = b->pin_value[i];
      else
        lo[dir[i] / 2] = b->pin_value[i];
    }
  /* Thin or huge boxes go through the clipping, which judges slivers and
   * the world's bounds. */
  for (int a = 0; a < 3; a++)
    if (!(hi[a] - lo[a] > QR_EPS_BOX_THIN) || fabs (lo[a]) > QR_WORLD_EXTENT || fabs (hi[a]) > QR_WORLD_EXTENT)
      return false;

  rank = box_rank (dir);
  if (g_once_init_enter (&box_layout_ready[rank]))
    {
      box_layout_compute (dir, &box_layouts[rank]);
      g_once_init_leave (&box_layout_ready[rank], 1);
    }
  layout = &box_layouts[rank];
  if (!layout->usable)
    return false;

  if (b->verts_capacity < 8)
    {
      b->verts_capacity = 32;
      b->verts = g_renew (QrVec3, b->verts, b->verts_capacity);
    }
  if (b->index_capacity < 24)
    {
      b->index_capacity = 32;
      b->index = g_renew (uint32_t, b->index, b->index_capacity);
    }
  if (b->edges_capacity < 24)
    {
      b->edges_capacity = 64;
      b->edges = g_renew (uint32_t, b->edges, b->edges_capacity);
      b->edge_uses = g_renew (int, b->edge_uses, b->edges_capacity);
      b->edge_next = g_renew (int, b->edge_next, b->edges_capacity);
    }
  for (int v = 0; v < 8; v++)
    {
      int c = layout->corner[v];

      /* + 0.0 as weld_faces: no negative zeros. */
      b->verts[v] = (QrVec3) { (c & 1 ? hi[0] : lo[0]) + 0.0, (c & 2 ? hi[1] : lo[1]) + 0.0,
                               (c & 4 ? hi[2] : lo[2]) + 0.0 };
    }
  for (int k = 0; k < 24; k++)
    {
      b->index[k] = layout->index[k];
      b->edges[k] = layout->edges[k];
    }
  for (int i = 0; i <= 6; i++)
    b->start[i] = 4 * i;
  *n_verts = 8;
  *n_index = 24;
  *n_edges = 12;
  return true;
}

QrPolytope *
qr_polytope_build (QrPolyBuilder *b, const QrVec3 *points, int n_faces)
{
  int raw_used = 0, n_verts = 0, n_index = 0, n_edges = 0, n_polygons = 0;
  bool unbounded = false;

  g_return_val_if_fail (b != NULL, NULL);
  g_return_val_if_fail (n_faces >= 0 && n_faces <= UINT16_MAX, NULL);

  reserve_faces (b, MAX (n_faces, 1));

  for (int i = 0; i < n_faces; i++)
    {
      if (!qr_plane_from_points (points + 3 * i, &b->planes[i]))
        return polytope_invalid (n_faces, QR_POLY_DEGENERATE_PLANE, i);
      b->axis[i] = qr_plane_axis (&b->planes[i]);
      pin_of (&b->planes[i], &b->pin_axis[i], &b->pin_value[i]);
    }

  /* A plane that repeats an earlier one adds nothing; clipping would give
   * both the same polygon. */
  for (int i = 0; i < n_faces; i++)
    {
      b->skip[i] = false;
      for (int j = 0; j < i && !b->skip[i]; j++)
        b->skip[i] = qr_plane_equal (&b->planes[i], &b->planes[j]);
    }

  if (build_box (b, n_faces, &n_verts, &n_index, &n_edges))
    return assemble (b, n_faces, n_verts, n_index, n_edges);

  clip_faces (b, n_faces, NULL, &raw_used);
  weld_faces (b, n_faces, raw_used, &n_verts, &n_index, &n_polygons, &unbounded);

  if (unbounded)
    return polytope_invalid (n_faces, QR_POLY_UNBOUNDED, -1);
  if (n_polygons < 4)
    return polytope_invalid (n_faces, QR_POLY_EMPTY, -1);
  if (n_verts > UINT16_MAX || n_index > UINT16_MAX)
    return polytope_invalid (n_faces, QR_POLY_TOO_COMPLEX, -1);

  /* Polygons that do not close up come from planes so close to parallel
   * that the huge base winding's rounding, ~1e-9 at 2^22 divided by the
   * sine between them, moved corners past QR_EPS_WELD and the clipping
   * decided on those: faces then disagree about a corner or an edge. The
   * brush's bounds are known now, to that error: clipped again from a
   * winding just larger than them, the rounding is the brush's size times
   * smaller. Rare, so closed brushes pay only for the test. */
  if (!find_edges (b, n_faces, n_verts, &n_edges))
    {
      QrBounds around = qr_bounds_empty ();

      for (int i = 0; i < n_verts; i++)
        qr_bounds_add_point (&around, b->verts[i]);
      if (clip_faces (b, n_faces, &around, &raw_used))
        {
          weld_faces (b, n_faces, raw_used, &n_verts, &n_index, &n_polygons, &unbounded);
          if (n_polygons < 4)
            return polytope_invalid (n_faces, QR_POLY_EMPTY, -1);
          if (n_verts > UINT16_MAX || n_index > UINT16_MAX)
            return polytope_invalid (n_faces, QR_POLY_TOO_COMPLEX, -1);
        }
      else
        {
          /* Should not happen (the bounds hold the brush): the first pass. */
          clip_faces (b, n_faces, NULL, &raw_used);
          weld_faces (b, n_faces, raw_used, &n_verts, &n_index, &n_polygons, &unbounded);
        }
      if (!find_edges (b, n_faces, n_verts, &n_edges))
        {
          merge_open_corners (b, n_faces, &n_verts, &n_index, &n_polygons);
          if (n_polygons < 4)
            return polytope_invalid (n_faces, QR_POLY_EMPTY, -1);
          find_edges (b, n_faces, n_verts, &n_edges);
        }
    }

  return assemble (b, n_faces, n_verts, n_index, n_edges);
}

void
qr_polytope_free (QrPolytope *p)
{
  g_free (p);
}

static gsize
polytope_size (const QrPolytope *p)
{
  gsize n_index = p->face_start[p->n_faces];

  if (p->status != QR_POLY_OK)
    return sizeof (QrPolytope) + sizeof (uint16_t) * (gsize) (p->n_faces + 1);
  return sizeof (QrPolytope) + sizeof (QrVec3) * (gsize) p->n_verts
         + sizeof (uint16_t) * (gsize) (p->n_faces + 1 + n_index + 2 * p->n_edges);
}

QrPolytope *
qr_polytope_copy (const QrPolytope *p)
{
  QrPolytope *c = g_memdup2 (p, polytope_size (p));
  char *base = (char *) c;
  const char *old = (const char *) p;

  /* The arrays live in the same block: move the pointers with it. */
  if (p->verts != NULL)
    c->verts = (QrVec3 *) (base + ((const char *) p->verts - old));
  c->face_start = (uint16_t *) (base + ((const char *) p->face_start - old));
  if (p->face_index != NULL)
    c->face_index = (uint16_t *) (base + ((const char *) p->face_index - old));
  if (p->edges != NULL)
    c->edges = (uint16_t *) (base + ((const char *) p->edges - old));
  return c;
}

int
qr_polytope_polygon_count (const QrPolytope *p)
{
  int n = 0;

  for (int i = 0; i < p->n_faces; i++)
    n += qr_polytope_face_count (p, i) > 0;
  return n;
}

double
qr_polytope_volume (const QrPolytope *p)
{
  double v = 0;
  QrVec3 o;

  if (p->n_verts == 0)
    return 0;
  o = p->verts[0]; /* near the brush: keeps the sum well conditioned */
  for (int i = 0; i < p->n_faces; i++)
    {
      const uint16_t *idx = qr_polytope_face_indices (p, i);
      int n = qr_polytope_face_count (p, i);

      for (int k = 1; k + 1 < n; k++)
        {
          QrVec3 a = qr_vec3_sub (p->verts[idx[0]], o);
          QrVec3 b = qr_vec3_sub (p->verts[idx[k]], o);
          QrVec3 c = qr_vec3_sub (p->verts[idx[k + 1]], o);
          v += qr_vec3_dot (a, qr_vec3_cross (b, c));
        }
    }
  return v / 6.0;
}

const char *
qr_poly_status_to_string (QrPolyStatus status)
{
  switch (status)
    {
    case QR_POLY_OK: return "ok";
    case QR_POLY_EMPTY: return "empty";
    case QR_POLY_UNBOUNDED: return "unbounded";
    case QR_POLY_DEGENERATE_PLANE: return "degenerate plane";
    case QR_POLY_TOO_COMPLEX: return "too complex";
    default: break;
    }
  g_return_val_if_reached ("unknown");
}

char *
qr_polytope_dup_reason (const QrPolytope *p)
{
  switch (p->status)
    {
    case QR_POLY_OK:
      return g_strdup ("ok");
    case QR_POLY_EMPTY:
      return g_strdup ("empty: the face planes enclose no volume");
    case QR_POLY_UNBOUNDED:
      return g_strdup ("unbounded: the face planes leave the brush open");
    case QR_POLY_DEGENERATE_PLANE:
      return g_strdup_printf ("degenerate plane: the three points of face %d are collinear", p->bad_face);
    case QR_POLY_TOO_COMPLEX:
      return g_strdup ("too complex: more than 65535 vertices");
    default:
      break;
    }
  g_return_val_if_reached (g_strdup ("unknown"));
}

static gboolean
fail (char **why, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (char **why, const char *fmt, ...)
{
  va_list args;

  if (why != NULL)
    {
      va_start (args, fmt);
      *why = g_strdup_vprintf (fmt, args);
      va_end (args);
    }
  return FALSE;
}

gboolean
qr_polytope_check (const QrPolytope *p, const QrVec3 *points, double tolerance, char **why)
{
  g_autofree QrPlane *planes = NULL;
  g_autofree int *uses = NULL;
  int n_polygons = 0;

  if (p->status != QR_POLY_OK)
    return fail (why, "status is %s", qr_poly_status_to_string (p->status));

  planes = g_new (QrPlane, p->n_faces);
  for (int i = 0; i < p->n_faces; i++)
    if (!qr_plane_from_points (points + 3 * i, &planes[i]))
      return fail (why, "face %d: no plane", i);

  /* uses[e*2 + 0]: times edge e is walked lo→hi; [e*2 + 1]: hi→lo. */
  uses = g_new0 (int, 2 * (gsize) p->n_edges);

  for (int i = 0; i < p->n_faces; i++)
    {
      const uint16_t *idx = qr_polytope_face_indices (p, i);
      int n = qr_polytope_face_count (p, i);
      QrVec3 loop[3];

      if (n == 0)
        continue;
      if (n < 3)
        return fail (why, "face %d: polygon of %d points", i, n);
      n_polygons++;

      for (int k = 0; k < n; k++)
        {
          uint16_t a = idx[k], c = idx[(k + 1) % n];
          bool found = false;

          if (fabs (qr_plane_distance_to (&planes[i], p->verts[a])) > tolerance)
            return fail (why, "face %d: vertex %d is %g off its plane", i, a,
                         qr_plane_distance_to (&planes[i], p->verts[a]));
          loop[0] = p->verts[a];
          loop[1] = p->verts[c];
          loop[2] = p->verts[idx[(k + 2) % n]];
          if (qr_vec3_dot (qr_points_newell (loop, 3), planes[i].normal) < -tolerance * qr_vec3_dist (loop[0], loop[1]))
            return fail (why, "face %d: polygon turns clockwise or is not convex at corner %d", i, k);

          for (int e = 0; e < p->n_edges && !found; e++)
            {
              if (p->edges[2 * e] == a && p->edges[2 * e + 1] == c)
                uses[2 * e]++, found = true;
              else if (p->edges[2 * e] == c && p->edges[2 * e + 1] == a)
                uses[2 * e + 1]++, found = true;
            }
          if (!found)
            return fail (why, "face %d: edge %d-%d missing from the edge list", i, a, c);
        }
    }

  for (int e = 0; e < p->n_edges; e++)
    if (uses[2 * e] != 1 || uses[2 * e + 1] != 1)
      return fail (why, "edge %d-%d is used %d+%d times, not once each way",
                   p->edges[2 * e], p->edges[2 * e + 1], uses[2 * e], uses[2 * e + 1]);

  for (int v = 0; v < p->n_verts; v++)
    for (int i = 0; i < p->n_faces; i++)
      if (qr_plane_distance_to (&planes[i], p->verts[v]) > tolerance)
        return fail (why, "vertex %d is %g in front of face %d: not convex", v,
                     qr_plane_distance_to (&planes[i], p->verts[v]), i);

  if (p->n_verts - p->n_edges + n_polygons != 2)
    return fail (why, "Euler: V - E + F = %d - %d + %d != 2", p->n_verts, p->n_edges, n_polygons);

  return TRUE;
}
