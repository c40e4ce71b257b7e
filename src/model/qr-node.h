/* qr-node.h — blocks the editor keeps without interpreting them.
 *
 * A node is an ordered list of key/values and child blocks (VMF versioninfo,
 * visgroups, cameras, editor, connections, dispinfo…), or for MAP files the
 * verbatim text of a block (Quake 3 patchDef2, brushDef); a patchDef2 node
 * also holds the patch read from it (src/model/qr-patch.h). Order and duplicate
 * keys are kept, so writing a node back gives what was read.
 *
 * A node that a face, a brush, an entity or the map holds at its top level
 * (not a child block) is shared by reference between copies
 * of it (qr_node_ref, with an atomic count: autosave writes a snapshot's
 * nodes on a worker thread), so a shared node is never changed: code that
 * changes one first takes its own copy with qr_node_writable. Only such
 * top-level nodes are shared; a child belongs to its one parent.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include "qr-model-types.h"

typedef struct
{
  char *key;     /* the key, or the name of the child block */
  char *value;   /* NULL for a child block */
  QrNode *child; /* NULL for a key/value */
} QrNodeItem;

struct _QrNode
{
  char *name;       /* "versioninfo", "dispinfo", "patchDef2"… */
  char *raw;        /* MAP only: the block's text from its name to its closing brace;
                     * NULL for a patch an edit changed (the writer regenerates it) */
  QrPatch *patch;   /* patchDef2: the patch read from raw (a reference), or NULL */
  char *problem;    /* why a block the editor reads was kept as text only:
                     * "file:line:column: what was expected", or NULL */
  int anchor;       /* in a container of brushes or entities: how many precede it */
  guint n_items;
  guint capacity;
  gatomicrefcount ref; /* here, in what was padding: nodes are many */
  QrNodeItem *items;
};

QrNode *qr_node_new (const char *name);
/* A deep copy, unshared (refcount 1, and so are its children). */
QrNode *qr_node_copy (const QrNode *node);
QrNode *qr_node_ref (QrNode *node);
/* Drops a reference: frees the node (and its children) with the last. */
void qr_node_free (QrNode *node);
/* The node *slot to change: *slot itself when nothing else holds it,
 * otherwise a deep copy that replaces the slot's reference. NULL stays NULL. */
QrNode *qr_node_writable (QrNode **slot);
/* True while more than one holder has the node: it must not change. */
bool qr_node_is_shared (const QrNode *node);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QrNode, qr_node_free)

void qr_node_add_value (QrNode *node, const char *key, const char *value);
/* Takes ownership of child. */
void qr_node_add_child (QrNode *node, const char *name, QrNode *child);

/* Inserts a key/value before item `index` (n_items appends). */
void qr_node_insert_value (QrNode *node, guint index, const char *key, const char *value);
/* Removes item `index` (freeing its child block); the rest keep their order. */
void qr_node_remove_item (QrNode *node, guint index);

/* Removes the first child block of that name (freeing it); false when
 * there is none. The other items keep their order. */
bool qr_node_remove_child (QrNode *node, const char *name);

/* First value of key, or NULL. */
const char *qr_node_get (const QrNode *node, const char *key);
/* First child block of that name, or NULL. */
QrNode *qr_node_get_child (const QrNode *node, const char *name);

/* Deep equality of name, raw text, patch, anchor and every item, in order. */
bool qr_node_equal (const QrNode *a, const QrNode *b);
