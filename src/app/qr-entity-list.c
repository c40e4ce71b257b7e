/* qr-entity-list.c — a GtkColumnView over a filtered list store holding one
 * row per entity, in the map's order. The store's position of an entity is
 * its index in the map, so a change set is applied row by row (a nudged
 * light replaces one row) instead of rebuilding thousands. */
#include "qr-entity-list.h"
#include "qr-layer.h"

#include <glib/gi18n.h>
#include "qr-text-keys.h"
#include "qr-entity-filter.h"

/* Timings of each refresh, for measuring on large maps:
 * G_MESSAGES_DEBUG=Quarry-EntityList. */
#define LOG_DOMAIN "Quarry-EntityList"

/* More entities added and removed than this in one step rebuild the list:
 * each removal looks its row up in a linear pass, and the column view
 * follows many splices slower than it takes a new list. Modified entities
 * have no limit: each is found directly and updated in place (moving all
 * of NewDeralia's 562 entities took a 153 ms rebuild). */
#define INCREMENTAL_LIMIT 64

/* ---- one entity ---- */

#define QR_TYPE_ENTITY_ROW (qr_entity_row_get_type ())
G_DECLARE_FINAL_TYPE (QrEntityRow, qr_entity_row, QR, ENTITY_ROW, GObject)

struct _QrEntityRow
{
  GObject parent_instance;
  QrEntity *header;     /* owned: the entity's id, flags and keys, for the filter */
  const char *classname; /* borrowed from header */
  const char *targetname; /* borrowed from header, "" when none */
  gboolean unknown;     /* definitions are loaded and lack its class */
  gboolean hidden;      /* the views show nothing of it (qr_map_entity_is_wholly_hidden) */
};

G_DEFINE_FINAL_TYPE (QrEntityRow, qr_entity_row, G_TYPE_OBJECT)

/* "changed": the row now shows the entity as it is after an edit. */
enum
{
  ROW_CHANGED,
  N_ROW_SIGNALS
};

static guint row_signals[N_ROW_SIGNALS];

static void
qr_entity_row_finalize (GObject *object)
{
  QrEntityRow *row = QR_ENTITY_ROW (object);
  g_clear_pointer (&row->header, qr_entity_free);
  G_OBJECT_CLASS (qr_entity_row_parent_class)->finalize (object);
}

static void
qr_entity_row_class_init (QrEntityRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = qr_entity_row_finalize;
  row_signals[ROW_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                           NULL, NULL, G_TYPE_NONE, 0);
}

static void
qr_entity_row_init (QrEntityRow *row)
{
}

static void
entity_row_set (QrEntityRow *row, const QrMap *map, const QrEntity *entity, const QrEntDefs *defs)
{
  g_clear_pointer (&row->header, qr_entity_free);
  /* Keys only: brushes and kept blocks (VMF connections, editor) are not
   * filtered on and would make a nudge's refresh copy them. */
  row->header = qr_entity_new (entity->id);
  row->header->flags = entity->flags;
  for (guint i = 0; i < entity->keys->len; i++)
    {
      const QrKeyValue *kv = &g_array_index (entity->keys, QrKeyValue, i);
      qr_entity_add_key (row->header, kv->key, kv->value);
    }
  row->classname = qr_entity_get_classname (row->header);
  row->targetname = qr_entity_get_key (row->header, "targetname");
  if (row->targetname == NULL)
    row->targetname = "";
  row->unknown = defs != NULL && qr_entdefs_lookup (defs, row->classname) == NULL;
  row->hidden = qr_map_entity_is_wholly_hidden (map, entity);
}

static QrEntityRow *
entity_row_new (const QrMap *map, const QrEntity *entity, const QrEntDefs *defs)
{
  QrEntityRow *row = g_object_new (QR_TYPE_ENTITY_ROW, NULL);
  entity_row_set (row, map, entity, defs);
  return row;
}

/* ---- the list ---- */

struct _QrEntityList
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkSearchEntry *filter_entry;
  GtkColumnView *view;
  GtkLabel *summary;

  GListStore *store;           /* QrEntityRow, the map's order */
  GtkCustomFilter *filter;
  GtkFilterListModel *filtered;
  GtkMultiSelection *selection; /* owned, and the column view's */
  QrEntityFilter *words;       /* owned: the filter entry's text, parsed */
  QrDocument *document;        /* owned */
  guint unknown;               /* rows whose class the definitions lack */
  gboolean syncing;            /* the selection is being set from the document */
};

G_DEFINE_FINAL_TYPE (QrEntityList, qr_entity_list, GTK_TYPE_WIDGET)

enum
{
  CENTRE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
filter_row (gpointer item, gpointer data)
{
  QrEntityList *self = data;
  /* What the views leave out is left out here too, as it can't be selected. */
  return !QR_ENTITY_ROW (item)->hidden && qr_entity_filter_matches (self->words, QR_ENTITY_ROW (item)->header);
}

static void
update_summary (QrEntityList *self)
{
  guint total = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  g_autoptr (GString) text = g_string_new (NULL);
  if (qr_entity_filter_is_empty (self->words) && shown == total)
    g_string_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u entity", "%u entities", total), total);
  else
    /* TRANSLATORS: entities the filter lets through, of all the map's */
    g_string_printf (text, _("%u of %u"), shown, total);
  if (self->unknown > 0)
    {
      g_string_append (text, " · ");
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u unknown class", "%u unknown classes",
                                                 self->unknown),
                              self->unknown);
    }
  gtk_label_set_label (self->summary, text->str);
  g_log (LOG_DOMAIN, G_LOG_LEVEL_DEBUG, "shown %u of %u, %u unknown", shown, total, self->unknown);
}


/* The ids of the entities the document's selection holds: those selected
 * whole, and the owners of selected brushes other than the world. */
static GHashTable *
dup_selected_entities (QrEntityList *self)
{
  GHashTable *ids = g_hash_table_new (NULL, NULL);
  const QrSelection *sel = qr_document_get_selection (self->document);
  QrMap *map = qr_document_get_map (self->document);
  for (guint i = 0; i < sel->entities->len; i++)
    g_hash_table_add (ids, GUINT_TO_POINTER (g_array_index (sel->entities, QrId, i)));
  for (guint i = 0; i < sel->brushes->len; i++)
    {
      guint e, b;
      if (!qr_document_find_brush (self->document, g_array_index (sel->brushes, QrId, i), &e, &b))
        continue;
      const QrEntity *owner = qr_map_get_entity (map, e);
      if (!qr_entity_is_world (owner))
        g_hash_table_add (ids, GUINT_TO_POINTER (owner->id));
    }
  return ids;
}

/* The rows follow the document's selection. */
static void
sync_selection (QrEntityList *self)
{
  g_autoptr (GHashTable) ids = dup_selected_entities (self);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  g_autoptr (GtkBitset) selected = gtk_bitset_new_empty ();
  if (g_hash_table_size (ids) > 0)
    for (guint i = 0; i < n; i++)
      {
        g_autoptr (QrEntityRow) row = g_list_model_get_item (G_LIST_MODEL (self->filtered), i);
        if (g_hash_table_contains (ids, GUINT_TO_POINTER (row->header->id)))
          gtk_bitset_add (selected, i);
      }
  g_autoptr (GtkBitset) now = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  if (gtk_bitset_equals (now, selected))
    return;
  g_autoptr (GtkBitset) all = gtk_bitset_new_range (0, n);
  self->syncing = TRUE;
  gtk_selection_model_set_selection (GTK_SELECTION_MODEL (self->selection), selected, all);
  self->syncing = FALSE;
}

static void
count_unknown (QrEntityList *self)
{
  self->unknown = 0;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (QrEntityRow) row = g_list_model_get_item (G_LIST_MODEL (self->store), i);
      self->unknown += row->unknown ? 1 : 0;
    }
}

/* New definitions change only which classes are unknown: the rows stay,
 * those whose verdict changed relabel themselves. */
static void
mark_unknown (QrEntityList *self)
{
  const QrEntDefs *defs = qr_document_get_entdefs (self->document);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  self->unknown = 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (QrEntityRow) row = g_list_model_get_item (G_LIST_MODEL (self->store), i);
      gboolean unknown = defs != NULL && qr_entdefs_lookup (defs, row->classname) == NULL;
      self->unknown += unknown ? 1 : 0;
      if (unknown != row->unknown)
        {
          row->unknown = unknown;
          g_signal_emit (row, row_signals[ROW_CHANGED], 0);
        }
    }
}

static void
rebuild (QrEntityList *self)
{
  guint old = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  if (self->document != NULL)
    {
      const QrMap *map = qr_document_get_map (self->document);
      const QrEntDefs *defs = qr_document_get_entdefs (self->document);
      for (guint e = 0; e < qr_map_entity_count (map); e++)
        g_ptr_array_add (rows, entity_row_new (map, qr_map_get_entity (map, e), defs));
    }
  /* The column view takes the whole list anew faster than it follows
   * the splice (NewDeralia's 1129 rows: 58 ms against 221). */
  self->syncing = TRUE;
  gtk_column_view_set_model (self->view, NULL);
  g_list_store_splice (self->store, 0, old, rows->pdata, rows->len);
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));
  self->syncing = FALSE;
  count_unknown (self);
}

static gint
compare_index (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return x < y ? -1 : x > y;
}

/* Puts a change set's entities into the store row by row; false when the
 * store no longer mirrors the map (the caller rebuilds). */
static gboolean
apply_changes (QrEntityList *self, const QrChangeSet *changes)
{
  QrMap *map = qr_document_get_map (self->document);
  const QrEntDefs *defs = qr_document_get_entdefs (self->document);
  GListModel *model = G_LIST_MODEL (self->store);
  gboolean refilter = FALSE;

  if (changes->entities_removed->len + changes->entities_added->len > INCREMENTAL_LIMIT)
    return FALSE;
  for (guint i = 0; i < changes->entities_removed->len; i++)
    {
      QrId id = g_array_index (changes->entities_removed, QrId, i);
      guint n = g_list_model_get_n_items (model), pos;
      for (pos = 0; pos < n; pos++)
        {
          g_autoptr (QrEntityRow) row = g_list_model_get_item (model, pos);
          if (row->header->id == id)
            break;
        }
      if (pos == n)
        return FALSE;
      g_autoptr (QrEntityRow) row = g_list_model_get_item (model, pos);
      self->unknown -= row->unknown ? 1 : 0;
      g_list_store_remove (self->store, pos);
    }
  /* In the map's order, so each lands after every row that precedes it. */
  g_autoptr (GArray) added = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < changes->entities_added->len; i++)
    {
      guint e;
      if (!qr_document_find_entity (self->document, g_array_index (changes->entities_added, QrId, i), &e))
        return FALSE;
      g_array_append_val (added, e);
    }
  g_array_sort (added, compare_index);
  for (guint i = 0; i < added->len; i++)
    {
      guint e = g_array_index (added, guint, i);
      if (e > g_list_model_get_n_items (model))
        return FALSE;
      g_autoptr (QrEntityRow) row = entity_row_new (map, qr_map_get_entity (map, e), defs);
      self->unknown += row->unknown ? 1 : 0;
      g_list_store_insert (self->store, e, row);
    }
  for (guint i = 0; i < changes->entities_modified->len; i++)
    {
      QrId id = g_array_index (changes->entities_modified, QrId, i);
      guint e;
      if (!qr_document_find_entity (self->document, id, &e) || e >= g_list_model_get_n_items (model))
        return FALSE;
      g_autoptr (QrEntityRow) row = g_list_model_get_item (model, e);
      if (row->header->id != id)
        return FALSE;
      /* In place: a row replaced in the store costs the column view tens
       * of milliseconds on NewDeralia; its cells relabel themselves. */
      gboolean passed = filter_row (row, self);
      self->unknown -= row->unknown ? 1 : 0;
      entity_row_set (row, map, qr_map_get_entity (map, e), defs);
      self->unknown += row->unknown ? 1 : 0;
      g_signal_emit (row, row_signals[ROW_CHANGED], 0);
      refilter |= passed != filter_row (row, self);
    }
  /* Hiding a brush entity's brushes (a view filter, Hide on them all, a
   * texture the filter hides) announces the brushes alone: their owners
   * may now show nothing. An entity's brushes come together, so each
   * owner is asked once however many of its brushes a drag moves. */
  guint last = G_MAXUINT;
  for (guint i = 0; i < changes->brushes_modified->len; i++)
    {
      guint e, b;
      if (!qr_document_find_brush (self->document, g_array_index (changes->brushes_modified, QrId, i), &e, &b)
          || e == last || qr_entity_is_world (qr_map_get_entity (map, e)) || e >= g_list_model_get_n_items (model))
        continue;
      last = e;
      g_autoptr (QrEntityRow) row = g_list_model_get_item (model, e);
      if (row->header->id != qr_map_get_entity (map, e)->id)
        return FALSE;
      gboolean hidden = qr_map_entity_is_wholly_hidden (map, qr_map_get_entity (map, e));
      refilter |= hidden != row->hidden;
      row->hidden = hidden;
    }
  /* A row that now passes the filter or fails it. */
  if (refilter)
    gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  return g_list_model_get_n_items (model) == qr_map_entity_count (map);
}

static void
on_document_changed (QrDocument *doc, const QrChangeSet *changes, QrEntityList *self)
{
  gint64 start = g_get_monotonic_time ();
  gboolean entities = changes->entities_added->len > 0 || changes->entities_removed->len > 0
                      || changes->entities_modified->len > 0 || changes->brushes_modified->len > 0;
  gboolean rows = entities || changes->entdefs_changed;
  if (!rows && !changes->selection_changed)
    return;
  if (changes->entdefs_changed)
    mark_unknown (self);
  if (entities)
    {
      self->syncing = TRUE;
      gboolean applied = apply_changes (self, changes);
      self->syncing = FALSE;
      if (!applied)
        rebuild (self);
    }
  if (rows)
    update_summary (self);
  sync_selection (self);
  g_log (LOG_DOMAIN, G_LOG_LEVEL_DEBUG, "refresh: %u added, %u removed, %u modified%s in %.3f ms",
         changes->entities_added->len, changes->entities_removed->len, changes->entities_modified->len,
         changes->selection_changed ? ", selection" : "", (g_get_monotonic_time () - start) / 1000.0);
}

void
qr_entity_list_set_document (QrEntityList *self, QrDocument *doc)
{
  g_return_if_fail (QR_IS_ENTITY_LIST (self));
  g_return_if_fail (doc == NULL || QR_IS_DOCUMENT (doc));
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, doc);
  if (doc != NULL)
    g_signal_connect (doc, "changed", G_CALLBACK (on_document_changed), self);
  gint64 start = g_get_monotonic_time ();
  rebuild (self);
  update_summary (self);
  if (doc != NULL)
    sync_selection (self);
  g_log (LOG_DOMAIN, G_LOG_LEVEL_DEBUG, "listed %u entities in %.3f ms",
         g_list_model_get_n_items (G_LIST_MODEL (self->store)), (g_get_monotonic_time () - start) / 1000.0);
}

/* ---- the user ---- */

static void
on_filter_changed (GtkSearchEntry *entry, QrEntityList *self)
{
  qr_entity_filter_free (self->words);
  self->words = qr_entity_filter_new (gtk_editable_get_text (GTK_EDITABLE (entry)));
  self->syncing = TRUE;
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  self->syncing = FALSE;
  update_summary (self);
  if (self->document != NULL)
    sync_selection (self);
}

/* Rows chosen by the user: their entities become the selection. The
 * world's row selects nothing, so that the property editor shows the
 * map's keys and a drag cannot take every world brush along. */
static void
on_selection_changed (GtkSelectionModel *model, guint position, guint n, QrEntityList *self)
{
  if (self->syncing || self->document == NULL)
    return;
  g_autoptr (GtkBitset) rows = gtk_selection_model_get_selection (model);
  g_autoptr (QrSelection) sel = qr_selection_new ();
  GtkBitsetIter iter;
  guint pos;
  for (gboolean more = gtk_bitset_iter_init_first (&iter, rows, &pos); more; more = gtk_bitset_iter_next (&iter, &pos))
    {
      g_autoptr (QrEntityRow) row = g_list_model_get_item (G_LIST_MODEL (model), pos);
      guint e;
      /* A locked layer's entity is listed but not selected, as in the views. */
      if (!qr_entity_is_world (row->header)
          && !(qr_document_find_entity (self->document, row->header->id, &e)
               && qr_map_entity_is_locked (qr_document_get_map (self->document),
                                           qr_map_get_entity (qr_document_get_map (self->document), e))))
        qr_selection_add_entity (sel, row->header->id);
    }
  self->syncing = TRUE;
  qr_document_set_selection (self->document, sel);
  self->syncing = FALSE;
  g_signal_emit (self, signals[CENTRE], 0);
}

/* Enter or a double-click on a row already selected centres it again. */
static void
on_activate (GtkColumnView *view, guint position, QrEntityList *self)
{
  g_signal_emit (self, signals[CENTRE], 0);
}

/* ---- cells ---- */

enum
{
  COLUMN_CLASS,
  COLUMN_NAME,
};

static void
setup_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer column)
{
  GtkWidget *label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  g_object_set_data (G_OBJECT (label), "column", column);
  gtk_list_item_set_child (item, label);
}

/* Only what differs is set: a move of every entity relabels each bound
 * cell, and setting a tooltip or a style class, even the same, costs the
 * widget a notification and a style check (29 ms on NewDeralia). */
static void
set_label (GtkWidget *label, const char *text)
{
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), text) != 0)
    gtk_label_set_label (GTK_LABEL (label), text);
}

static void
label_cell (GtkListItem *item)
{
  GtkWidget *label = gtk_list_item_get_child (item);
  QrEntityRow *row = gtk_list_item_get_item (item);
  if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (label), "column")) == COLUMN_NAME)
    {
      set_label (label, row->targetname);
      return;
    }
  set_label (label, row->classname[0] != '\0' ? row->classname : _("(no class)"));
  if (row->unknown == gtk_widget_has_css_class (label, "error"))
    return;
  if (row->unknown)
    {
      gtk_widget_add_css_class (label, "error");
      gtk_widget_set_tooltip_text (label, _("The entity definitions have no such class"));
    }
  else
    {
      gtk_widget_remove_css_class (label, "error");
      gtk_widget_set_tooltip_text (label, NULL);
    }
}

/* A cell labels itself from its row, and again whenever the row changes. */
static void
bind_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  label_cell (item);
  g_signal_connect_object (gtk_list_item_get_item (item), "changed", G_CALLBACK (label_cell), item,
                           G_CONNECT_SWAPPED);
}

static void
unbind_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  g_signal_handlers_disconnect_by_data (gtk_list_item_get_item (item), item);
}

static void
add_column (QrEntityList *self, const char *title, int column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), NULL);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), NULL);
  g_autoptr (GtkColumnViewColumn) view_column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_resizable (view_column, TRUE);
  gtk_column_view_column_set_expand (view_column, TRUE);
  gtk_column_view_append_column (self->view, view_column);
}

/* ---- the widget ---- */

static void
qr_entity_list_dispose (GObject *object)
{
  QrEntityList *self = QR_ENTITY_LIST (object);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (qr_entity_list_parent_class)->dispose (object);
}

static void
qr_entity_list_finalize (GObject *object)
{
  QrEntityList *self = QR_ENTITY_LIST (object);
  qr_entity_filter_free (self->words);
  G_OBJECT_CLASS (qr_entity_list_parent_class)->finalize (object);
}

/* The filter's keys come before the application's shortcuts while the
 * focus is in the list (Delete in the filter deleted the selection). */
static void
qr_entity_list_unroot (GtkWidget *widget)
{
  qr_text_keys_release (widget);
  GTK_WIDGET_CLASS (qr_entity_list_parent_class)->unroot (widget);
}

static void
qr_entity_list_class_init (QrEntityListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = qr_entity_list_dispose;
  object_class->finalize = qr_entity_list_finalize;
  GTK_WIDGET_CLASS (klass)->unroot = qr_entity_list_unroot;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "entitylist");
  signals[CENTRE] = g_signal_new ("centre", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 0);
}

static void
qr_entity_list_init (QrEntityList *self)
{
  self->words = qr_entity_filter_new (NULL);
  qr_text_keys_install (GTK_WIDGET (self));
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_widget_set_margin_start (self->box, 6);
  gtk_widget_set_margin_end (self->box, 6);
  gtk_widget_set_margin_top (self->box, 6);
  gtk_widget_set_margin_bottom (self->box, 6);

  self->filter_entry = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  gtk_search_entry_set_search_delay (self->filter_entry, 80);
  g_object_set (self->filter_entry, "placeholder-text", _("Filter entities"), NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->filter_entry),
                               _("Words match a class, a name or a key; key=value matches a key's value"));
  g_signal_connect (self->filter_entry, "search-changed", G_CALLBACK (on_filter_changed), self);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->filter_entry));

  self->store = g_list_store_new (QR_TYPE_ENTITY_ROW);
  self->filter = gtk_custom_filter_new (filter_row, self, NULL);
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->store)), GTK_FILTER (self->filter));
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (self->filtered));
  g_signal_connect (self->selection, "selection-changed", G_CALLBACK (on_selection_changed), self);

  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (GTK_SELECTION_MODEL (g_object_ref (self->selection))));
  gtk_column_view_set_show_column_separators (self->view, TRUE);
  g_signal_connect (self->view, "activate", G_CALLBACK (on_activate), self);
  add_column (self, _("Class"), COLUMN_CLASS);
  add_column (self, _("Name"), COLUMN_NAME);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->view));
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (self->box), scrolled);

  self->summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->summary, 0.0f);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary), "dim-label");
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->summary));
  update_summary (self);
}

GtkWidget *
qr_entity_list_new (void)
{
  return g_object_new (QR_TYPE_ENTITY_LIST, NULL);
}
