#include "qr-bsp.h"
#include "qr-eps.h"

struct _QrBspTree
{
  QrBspNode *root;  /* borrowed from nodes */
  GPtrArray *nodes; /* owned: every node, freed with the tree */
};

static QrBspTree *
tree_new (void)
{
  QrBspTree *t = g_new0 (QrBspTree, 1);

  t->nodes = g_ptr_array_new_with_free_func (g_free);
  return t;
}

static QrBspNode *
node_new (QrBspTree *t, QrBspNode *parent, QrBspKind kind)
{
  QrBspNode *node = g_new0 (QrBspNode, 1);

  node->kind = kind;
  node->parent = parent;
  g_ptr_array_add (t->nodes, node);
  return node;
}

void
qr_bsp_free (QrBspTree *t)
{
  if (t == NULL)
    return;
  g_ptr_array_unref (t->nodes);
  g_free (t);
}

const QrBspNode *
qr_bsp_root (const QrBspTree *t)
{
  g_return_val_if_fail (t != NULL, NULL);

  return t->root;
}

/* ------------------------------------------------------------------------
 * Building
 */

typedef struct
{
  QrWinding *w; /* owned */
  QrPlane plane;
} Item;

static void
item_clear (gpointer data)
{
  Item *item = data;

  g_clear_pointer (&item->w, qr_winding_free);
}

static GArray *
item_array_new (void)
{
  GArray *items = g_array_new (FALSE, FALSE, sizeof (Item));

  g_array_set_clear_func (items, item_clear);
  return items;
}

static bool
plane_identical (const QrPlane *a, const QrPlane *b)
{
  return qr_vec3_equal (a->normal, b->normal) && a->dist == b->dist;
}

/* Index of the item whose plane has the least metric, the first on ties. */
static guint
choose_splitter (const GArray *items, double balance_weight, double split_weight)
{
  const Item *it = (const Item *) items->data;
  double best_metric = INFINITY;
  guint best = 0;

  for (guint j = 0; j < items->len; j++)
    {
      int counts[4] = { 0, 0, 0, 0 };
      double metric;
      bool seen = false;

      /* Fragments share their source's plane: an identical plane has the
       * same metric, and an earlier one already won any tie. */
      for (guint k = 0; k < j && !seen; k++)
        seen = plane_identical (&it[k].plane, &it[j].plane);
      if (seen)
        continue;

      for (guint i = 0; i < items->len; i++)
        counts[qr_winding_classify (it[i].w, &it[j].plane, QR_EPS_ON_PLANE)]++;
      metric = balance_weight * ABS (counts[QR_SIDE_FRONT] - counts[QR_SIDE_BACK])
               + split_weight * counts[QR_SIDE_SPAN];
      if (metric < best_metric)
        {
          best_metric = metric;
          best = j;
          if (metric <= 0)
            break; /* nothing can beat it, and ties go to the first */
        }
    }
  return best;
}

static QrBspNode *build_subtree (QrBspTree *t, QrBspNode *parent, GArray *items,
                                 double balance_weight, double split_weight);

/* A child: a leaf of `kind` when no polygon went that way, else a subtree.
 * Takes `items`. */
static QrBspNode *
build_child (QrBspTree *t, QrBspNode *parent, GArray *items, QrBspKind kind,
             double balance_weight, double split_weight)
{
  if (items->len == 0)
    {
      g_array_unref (items);
      return node_new (t, parent, kind);
    }
  return build_subtree (t, parent, items, balance_weight, split_weight);
}

/* Takes `items` (at least one). */
static QrBspNode *
build_subtree (QrBspTree *t, QrBspNode *parent, GArray *items, double balance_weight,
               double split_weight)
{
  QrBspNode *node = node_new (t, parent, QR_BSP_BRANCH);
  GArray *front = item_array_new ();
  GArray *back = item_array_new ();
  Item *it = (Item *) items->data;

  node->plane = it[choose_splitter (items, balance_weight, split_weight)].plane;
  for (guint i = 0; i < items->len; i++)
    {
      Item part = { NULL, it[i].plane };

      switch (qr_winding_classify (it[i].w, &node->plane, QR_EPS_ON_PLANE))
        {
        case QR_SIDE_FRONT:
          g_array_append_val (front, it[i]);
          it[i].w = NULL;
          break;
        case QR_SIDE_BACK:
          g_array_append_val (back, it[i]);
          it[i].w = NULL;
          break;
        case QR_SIDE_ON:
          break; /* consumed by this node */
        case QR_SIDE_SPAN:
          {
            QrWinding *f = NULL, *b = NULL;

            qr_winding_split (it[i].w, &node->plane, QR_EPS_ON_PLANE, &f, &b);
            if (f != NULL)
              {
                part.w = f;
                g_array_append_val (front, part);
              }
            if (b != NULL)
              {
                part.w = b;
                g_array_append_val (back, part);
              }
          }
          break;
        default:
          g_assert_not_reached ();
        }
    }
  g_array_unref (items);

  node->front = build_child (t, node, front, QR_BSP_EMPTY, balance_weight, split_weight);
  node->back = build_child (t, node, back, QR_BSP_SOLID, balance_weight, split_weight);
  return node;
}

QrBspTree *
qr_bsp_build (const QrWinding *const *polys, const QrPlane *planes, int n,
              double balance_weight, double split_weight)
{
  QrBspTree *t;
  GArray *items;

  g_return_val_if_fail (n >= 0, NULL);
  g_return_val_if_fail (n == 0 || (polys != NULL && planes != NULL), NULL);

  t = tree_new ();
  items = item_array_new ();
  for (int i = 0; i < n; i++)
    {
      Item item = { qr_winding_copy (polys[i]), planes[i] };

      g_array_append_val (items, item);
    }
  t->root = build_child (t, NULL, items, QR_BSP_EMPTY, balance_weight, split_weight);
  return t;
}

QrBspTree *
qr_bsp_build_right_linear (const QrPlane *planes, int n)
{
  QrBspTree *t;
  QrBspNode *parent = NULL;
  QrBspNode **link;

  g_return_val_if_fail (n >= 0, NULL);
  g_return_val_if_fail (n == 0 || planes != NULL, NULL);

  t = tree_new ();
  link = &t->root;
  for (int i = 0; i < n; i++)
    {
      QrBspNode *node = node_new (t, parent, QR_BSP_BRANCH);

      node->plane = planes[i];
      node->front = node_new (t, node, QR_BSP_EMPTY);
      *link = node;
      link = &node->back;
      parent = node;
    }
  *link = node_new (t, parent, QR_BSP_SOLID);
  return t;
}

/* ------------------------------------------------------------------------
 * Queries
 */

int
qr_bsp_count_nodes (const QrBspTree *t)
{
  g_return_val_if_fail (t != NULL, 0);

  return (int) t->nodes->len;
}

int
qr_bsp_count_leaves (const QrBspTree *t)
{
  int leaves = 0;

  g_return_val_if_fail (t != NULL, 0);

  for (guint i = 0; i < t->nodes->len; i++)
    leaves += ((const QrBspNode *) t->nodes->pdata[i])->kind != QR_BSP_BRANCH;
  return leaves;
}

static int
node_depth (const QrBspNode *node)
{
  if (node->kind != QR_BSP_BRANCH)
    return 0;
  return 1 + MAX (node_depth (node->front), node_depth (node->back));
}

int
qr_bsp_depth (const QrBspTree *t)
{
  g_return_val_if_fail (t != NULL, 0);

  return node_depth (t->root);
}

bool
qr_bsp_contains (const QrBspTree *t, QrVec3 p)
{
  const QrBspNode *node;

  g_return_val_if_fail (t != NULL, false);

  node = t->root;
  while (node->kind == QR_BSP_BRANCH)
    node = qr_plane_distance_to (&node->plane, p) > QR_EPS_ON_PLANE ? node->front : node->back;
  return node->kind == QR_BSP_SOLID;
}

/* ------------------------------------------------------------------------
 * Clipping
 */

/* Takes `entity`. Returns whether it survived whole, and then it is the
 * last element of out. */
static bool
clip_subtree (const QrBspNode *node, void *entity, const QrBspClipFunctor *f, bool want_solid,
              GPtrArray *out)
{
  void *ud = f->user_data;

  while (node->kind == QR_BSP_BRANCH)
    {
      void *front = NULL, *back = NULL;
      bool front_whole, back_whole;
      guint mark;

      switch (f->classify (entity, &node->plane, ud))
        {
        case QR_SIDE_FRONT:
          node = node->front;
          continue;
        case QR_SIDE_BACK:
          node = node->back;
          continue;
        case QR_SIDE_ON:
          node = f->pass_coplanar_back (entity, &node->plane, ud) ? node->back : node->front;
          continue;
        case QR_SIDE_SPAN:
          break;
        default:
          g_assert_not_reached ();
        }

      f->split (entity, &node->plane, &front, &back, ud);
      if (front == NULL || back == NULL)
        {
          /* Only a sliver (or nothing) was on one side: go on whole. */
          if (front != NULL)
            {
              f->free (front, ud);
              node = node->front;
            }
          else if (back != NULL)
            {
              f->free (back, ud);
              node = node->back;
            }
          else
            node = f->pass_coplanar_back (entity, &node->plane, ud) ? node->back : node->front;
          continue;
        }

      mark = out->len;
      front_whole = clip_subtree (node->front, front, f, want_solid, out);
      back_whole = clip_subtree (node->back, back, f, want_solid, out);
      if (front_whole && back_whole)
        {
          /* Both halves survived, so the whole entity did: keep it unsplit. */
          g_assert (out->len == mark + 2);
          f->free (g_ptr_array_steal_index (out, mark + 1), ud);
          f->free (g_ptr_array_steal_index (out, mark), ud);
          g_ptr_array_add (out, entity);
          return true;
        }
      f->free (entity, ud);
      return false;
    }

  if ((node->kind == QR_BSP_SOLID) == want_solid)
    {
      g_ptr_array_add (out, entity);
      return true;
    }
  f->free (entity, ud);
  return false;
}

bool
qr_bsp_clip (const QrBspTree *t, const void *entity, const QrBspClipFunctor *f, bool want_solid,
             GPtrArray *out)
{
  g_return_val_if_fail (t != NULL, false);
  g_return_val_if_fail (entity != NULL, false);
  g_return_val_if_fail (f != NULL, false);
  g_return_val_if_fail (out != NULL, false);

  return clip_subtree (t->root, f->copy (entity, f->user_data), f, want_solid, out);
}

/* Polygon functors */

static QrSide
polygon_classify (const void *entity, const QrPlane *plane, void *user_data)
{
  return qr_winding_classify (entity, plane, QR_EPS_ON_PLANE);
}

static void
polygon_split (const void *entity, const QrPlane *plane, void **front, void **back,
               void *user_data)
{
  QrWinding *f = NULL, *b = NULL;

  qr_winding_split (entity, plane, QR_EPS_ON_PLANE, &f, &b);
  *front = f;
  *back = b;
}

static void *
polygon_copy (const void *entity, void *user_data)
{
  return qr_winding_copy (entity);
}

static void
polygon_free (void *entity, void *user_data)
{
  qr_winding_free (entity);
}

static bool
polygon_same_facing (const void *entity, const QrPlane *plane)
{
  const QrWinding *w = entity;

  return qr_vec3_dot (qr_points_newell (w->p, w->n), plane->normal) > 0;
}

static bool
union_first_back (const void *entity, const QrPlane *plane, void *user_data)
{
  return true;
}

static bool
union_second_back (const void *entity, const QrPlane *plane, void *user_data)
{
  return !polygon_same_facing (entity, plane);
}

static bool
intersection_first_back (const void *entity, const QrPlane *plane, void *user_data)
{
  return polygon_same_facing (entity, plane);
}

static bool
intersection_second_back (const void *entity, const QrPlane *plane, void *user_data)
{
  return false;
}

#define POLYGON_FUNCTOR(pass_back) \
  { polygon_classify, polygon_split, pass_back, polygon_copy, polygon_free, NULL }

static const QrBspClipFunctor polygon_functors[] = {
  [QR_BSP_COPLANAR_UNION_FIRST] = POLYGON_FUNCTOR (union_first_back),
  [QR_BSP_COPLANAR_UNION_SECOND] = POLYGON_FUNCTOR (union_second_back),
  [QR_BSP_COPLANAR_INTERSECTION_FIRST] = POLYGON_FUNCTOR (intersection_first_back),
  [QR_BSP_COPLANAR_INTERSECTION_SECOND] = POLYGON_FUNCTOR (intersection_second_back),
  /* The same rule as the first union pass: every coplanar polygon goes back. */
  [QR_BSP_COPLANAR_BACK] = POLYGON_FUNCTOR (union_first_back),
};

const QrBspClipFunctor *
qr_bsp_polygon_functor (QrBspCoplanar policy)
{
  g_return_val_if_fail ((guint) policy < G_N_ELEMENTS (polygon_functors), NULL);

  return &polygon_functors[policy];
}

/* ------------------------------------------------------------------------
 * Leaves
 */

GArray *
qr_bsp_leaf_planes (const QrBspNode *leaf)
{
  GArray *planes;

  g_return_val_if_fail (leaf != NULL, NULL);

  planes = g_array_new (FALSE, FALSE, sizeof (QrPlane));
  for (const QrBspNode *child = leaf, *cur = leaf->parent; cur != NULL;
       child = cur, cur = cur->parent)
    {
      QrPlane p = child == cur->back ? cur->plane : qr_plane_flip (cur->plane);

      g_array_append_val (planes, p);
    }
  return planes;
}

static void
collect_leaves (const QrBspNode *node, QrBspKind kind, GPtrArray *out)
{
  if (node->kind == QR_BSP_BRANCH)
    {
      collect_leaves (node->front, kind, out);
      collect_leaves (node->back, kind, out);
    }
  else if (node->kind == kind)
    g_ptr_array_add (out, (gpointer) node);
}

GPtrArray *
qr_bsp_dup_leaves (const QrBspTree *t, QrBspKind kind)
{
  GPtrArray *leaves;

  g_return_val_if_fail (t != NULL, NULL);

  leaves = g_ptr_array_new ();
  collect_leaves (t->root, kind, leaves);
  return leaves;
}

GPtrArray *
qr_bsp_solid_leaf_plane_sets (const QrBspTree *t)
{
  g_autoptr (GPtrArray) leaves = NULL;
  GPtrArray *sets;

  g_return_val_if_fail (t != NULL, NULL);

  leaves = qr_bsp_dup_leaves (t, QR_BSP_SOLID);
  sets = g_ptr_array_new_full (leaves->len, (GDestroyNotify) g_array_unref);
  for (guint i = 0; i < leaves->len; i++)
    g_ptr_array_add (sets, qr_bsp_leaf_planes (leaves->pdata[i]));
  return sets;
}

/* ------------------------------------------------------------------------
 * Polygons of plane sets, unions and intersections
 */

static GPtrArray *
winding_array_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) qr_winding_free);
}

GPtrArray *
qr_bsp_polygons_from_planes (const QrPlane *planes, int n, GArray *out_planes)
{
  g_autoptr (QrBspTree) t = NULL;
  const QrBspClipFunctor *f = qr_bsp_polygon_functor (QR_BSP_COPLANAR_BACK);
  GPtrArray *out;

  g_return_val_if_fail (n >= 0, NULL);
  g_return_val_if_fail (n == 0 || planes != NULL, NULL);

  t = qr_bsp_build_right_linear (planes, n);
  out = winding_array_new ();
  for (int i = 0; i < n; i++)
    {
      g_autoptr (QrWinding) base = qr_winding_base_for_plane (&planes[i]);
      guint mark = out->len;

      qr_bsp_clip (t, base, f, true, out);
      for (guint k = mark; k < out->len;)
        {
          if (qr_winding_area (out->pdata[k]) < QR_EPS_AREA)
            {
              g_ptr_array_remove_index (out, k);
              continue;
            }
          if (out_planes != NULL)
            g_array_append_val (out_planes, planes[i]);
          k++;
        }
    }
  return out;
}

/* Clips every polygon of `src` to `tree`, appending the kept fragments to
 * `out` and their planes to `out_planes` (when not NULL). */
static void
clip_solid (const QrBspSolid *src, const QrBspTree *tree, QrBspCoplanar policy, bool want_solid,
            GPtrArray *out, GArray *out_planes)
{
  const QrBspClipFunctor *f = qr_bsp_polygon_functor (policy);

  for (int i = 0; i < src->n; i++)
    {
      guint mark = out->len;

      qr_bsp_clip (tree, src->polys[i], f, want_solid, out);
      if (out_planes != NULL)
        for (guint k = mark; k < out->len; k++)
          g_array_append_val (out_planes, src->planes[i]);
    }
}

static gboolean
solid_is_valid (const QrBspSolid *s)
{
  return s != NULL && s->n >= 0 && s->tree != NULL
         && (s->n == 0 || (s->polys != NULL && s->planes != NULL));
}

GPtrArray *
qr_bsp_union_polygons (const QrBspSolid *a, const QrBspSolid *b, GArray *out_planes)
{
  GPtrArray *out;

  g_return_val_if_fail (solid_is_valid (a), NULL);
  g_return_val_if_fail (solid_is_valid (b), NULL);

  out = winding_array_new ();
  clip_solid (a, b->tree, QR_BSP_COPLANAR_UNION_FIRST, false, out, out_planes);
  clip_solid (b, a->tree, QR_BSP_COPLANAR_UNION_SECOND, false, out, out_planes);
  return out;
}

GPtrArray *
qr_bsp_intersection_polygons (const QrBspSolid *a, const QrBspSolid *b, GArray *out_planes)
{
  GPtrArray *out;

  g_return_val_if_fail (solid_is_valid (a), NULL);
  g_return_val_if_fail (solid_is_valid (b), NULL);

  out = winding_array_new ();
  clip_solid (a, b->tree, QR_BSP_COPLANAR_INTERSECTION_FIRST, true, out, out_planes);
  clip_solid (b, a->tree, QR_BSP_COPLANAR_INTERSECTION_SECOND, true, out, out_planes);
  return out;
}
