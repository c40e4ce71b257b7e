#include "qr-node.h"

#include <string.h>
#include "qr-patch.h"

QrNode *
qr_node_new (const char *name)
{
  QrNode *node = g_new0 (QrNode, 1);

  g_atomic_ref_count_init (&node->ref);
  node->name = g_strdup (name);
  return node;
}

static QrNodeItem *
add_item (QrNode *node)
{
  g_assert (!qr_node_is_shared (node));
  if (node->n_items == node->capacity)
    {
      node->capacity = MAX (4, node->capacity * 2);
      node->items = g_renew (QrNodeItem, node->items, node->capacity);
    }
  return &node->items[node->n_items++];
}

QrNode *
qr_node_copy (const QrNode *node)
{
  QrNode *copy = qr_node_new (node->name);

  copy->raw = g_strdup (node->raw);
  copy->patch = node->patch != NULL ? qr_patch_ref (node->patch) : NULL;
  copy->problem = g_strdup (node->problem);
  copy->anchor = node->anchor;
  for (guint i = 0; i < node->n_items; i++)
    {
      const QrNodeItem *it = &node->items[i];
      QrNodeItem *c = add_item (copy);

      c->key = g_strdup (it->key);
      c->value = g_strdup (it->value);
      c->child = it->child ? qr_node_copy (it->child) : NULL;
    }
  return copy;
}

QrNode *
qr_node_ref (QrNode *node)
{
  g_atomic_ref_count_inc (&node->ref);
  return node;
}

bool
qr_node_is_shared (const QrNode *node)
{
  return !g_atomic_ref_count_compare ((gatomicrefcount *) &node->ref, 1);
}

QrNode *
qr_node_writable (QrNode **slot)
{
  QrNode *copy;

  if (*slot == NULL || !qr_node_is_shared (*slot))
    return *slot;
  copy = qr_node_copy (*slot);
  qr_node_free (*slot);
  *slot = copy;
  return copy;
}

void
qr_node_free (QrNode *node)
{
  if (node == NULL || !g_atomic_ref_count_dec (&node->ref))
    return;
  for (guint i = 0; i < node->n_items; i++)
    {
      g_free (node->items[i].key);
      g_free (node->items[i].value);
      qr_node_free (node->items[i].child);
    }
  g_free (node->items);
  g_free (node->name);
  g_free (node->raw);
  qr_patch_unref (node->patch);
  g_free (node->problem);
  g_free (node);
}

void
qr_node_add_value (QrNode *node, const char *key, const char *value)
{
  QrNodeItem *it = add_item (node);

  it->key = g_strdup (key);
  it->value = g_strdup (value);
  it->child = NULL;
}

void
qr_node_add_child (QrNode *node, const char *name, QrNode *child)
{
  QrNodeItem *it = add_item (node);

  it->key = g_strdup (name);
  it->value = NULL;
  it->child = child;
}

void
qr_node_insert_value (QrNode *node, guint index, const char *key, const char *value)
{
  g_return_if_fail (index <= node->n_items);
  add_item (node);
  memmove (&node->items[index + 1], &node->items[index], (node->n_items - 1 - index) * sizeof *node->items);
  node->items[index].key = g_strdup (key);
  node->items[index].value = g_strdup (value);
  node->items[index].child = NULL;
}

void
qr_node_remove_item (QrNode *node, guint index)
{
  g_assert (!qr_node_is_shared (node));
  g_return_if_fail (index < node->n_items);
  g_free (node->items[index].key);
  g_free (node->items[index].value);
  qr_node_free (node->items[index].child);
  memmove (&node->items[index], &node->items[index + 1], (node->n_items - index - 1) * sizeof *node->items);
  node->n_items--;
}

bool
qr_node_remove_child (QrNode *node, const char *name)
{
  g_assert (!qr_node_is_shared (node));
  for (guint i = 0; i < node->n_items; i++)
    if (node->items[i].child != NULL && strcmp (node->items[i].key, name) == 0)
      {
        qr_node_remove_item (node, i);
        return true;
      }
  return false;
}

const char *
qr_node_get (const QrNode *node, const char *key)
{
  for (guint i = 0; i < node->n_items; i++)
    if (node->items[i].value != NULL && strcmp (node->items[i].key, key) == 0)
      return node->items[i].value;
  return NULL;
}

QrNode *
qr_node_get_child (const QrNode *node, const char *name)
{
  for (guint i = 0; i < node->n_items; i++)
    if (node->items[i].child != NULL && strcmp (node->items[i].key, name) == 0)
      return node->items[i].child;
  return NULL;
}

bool
qr_node_equal (const QrNode *a, const QrNode *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  if (g_strcmp0 (a->name, b->name) != 0 || g_strcmp0 (a->raw, b->raw) != 0
      || a->anchor != b->anchor || a->n_items != b->n_items || !qr_patch_equal (a->patch, b->patch))
    return false;
  for (guint i = 0; i < a->n_items; i++)
    {
      const QrNodeItem *x = &a->items[i], *y = &b->items[i];

      if (strcmp (x->key, y->key) != 0 || g_strcmp0 (x->value, y->value) != 0
          || !qr_node_equal (x->child, y->child))
        return false;
    }
  return true;
}
