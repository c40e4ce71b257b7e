/* qr-entity-names.c — see qr-entity-names.h. */
#include "qr-entity-names.h"

#include "qr-entity-labels.h"

struct _QrEntityNames
{
  GtkWidget parent_instance;

  /* borrowed */
  QrOrthoCanvas *canvas;

  /* owned */
  QrDocument *document;
  GArray *labels;        /* QrEntityLabel: scratch of the last snapshot */
  PangoLayout *layout;
};

G_DEFINE_FINAL_TYPE (QrEntityNames, qr_entity_names, GTK_TYPE_WIDGET)

/* Pixels between a box and its name. */
#define NAME_GAP 4.0

static const GdkRGBA CLASSNAME_COLOR = { 0.92f, 0.92f, 0.90f, 1.0f };
static const GdkRGBA TARGETNAME_COLOR = { 0.62f, 0.78f, 0.92f, 1.0f };
/* A dark copy one pixel down and right keeps the text legible over edges. */
static const GdkRGBA SHADOW_COLOR = { 0.0f, 0.0f, 0.0f, 0.85f };

static void
append_text (QrEntityNames *self, GtkSnapshot *snapshot, const char *text, double x, double y,
             const GdkRGBA *color, int *height)
{
  pango_layout_set_text (self->layout, text, -1);
  pango_layout_get_pixel_size (self->layout, NULL, height);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) x + 1.0f, (float) y + 1.0f));
  gtk_snapshot_append_layout (snapshot, self->layout, &SHADOW_COLOR);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (-1.0f, -1.0f));
  gtk_snapshot_append_layout (snapshot, self->layout, color);
  gtk_snapshot_restore (snapshot);
}

static void
qr_entity_names_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  QrEntityNames *self = QR_ENTITY_NAMES (widget);
  if (self->document == NULL)
    return;
  const QrOrthoView *view = qr_ortho_canvas_get_view (self->canvas);
  qr_entity_labels_collect (qr_document_get_map (self->document), qr_document_get_entdefs (self->document), view,
                            QR_ENTITY_LABEL_MIN_PX, NAME_GAP, self->labels);
  if (self->labels->len == 0)
    return;
  if (self->layout == NULL)
    self->layout = gtk_widget_create_pango_layout (widget, NULL);
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                         gtk_widget_get_height (widget)));
  for (guint i = 0; i < self->labels->len; i++)
    {
      const QrEntityLabel *label = &g_array_index (self->labels, QrEntityLabel, i);
      int height;
      append_text (self, snapshot, label->classname, label->x, label->y, &CLASSNAME_COLOR, &height);
      if (label->targetname != NULL)
        append_text (self, snapshot, label->targetname, label->x, label->y + height, &TARGETNAME_COLOR, &height);
    }
  gtk_snapshot_pop (snapshot);
}

static void
on_view_changed (QrOrthoCanvas *canvas, QrEntityNames *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_document_changed (QrDocument *doc, const QrChangeSet *changes, QrEntityNames *self)
{
  /* Only keys, entities and definitions move or rename a label. */
  if (changes->entities_added->len > 0 || changes->entities_removed->len > 0
      || changes->entities_modified->len > 0 || changes->entdefs_changed)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
qr_entity_names_dispose (GObject *object)
{
  QrEntityNames *self = QR_ENTITY_NAMES (object);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  g_clear_object (&self->layout);
  G_OBJECT_CLASS (qr_entity_names_parent_class)->dispose (object);
}

static void
qr_entity_names_finalize (GObject *object)
{
  QrEntityNames *self = QR_ENTITY_NAMES (object);
  g_array_unref (self->labels);
  G_OBJECT_CLASS (qr_entity_names_parent_class)->finalize (object);
}

static void
qr_entity_names_class_init (QrEntityNamesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qr_entity_names_dispose;
  object_class->finalize = qr_entity_names_finalize;
  widget_class->snapshot = qr_entity_names_snapshot;
  gtk_widget_class_set_css_name (widget_class, "qr-entity-names");
}

static void
qr_entity_names_init (QrEntityNames *self)
{
  self->labels = g_array_new (FALSE, FALSE, sizeof (QrEntityLabel));
  /* The canvas under it takes every click, drag and scroll. */
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_can_focus (GTK_WIDGET (self), FALSE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
}

GtkWidget *
qr_entity_names_new (QrOrthoCanvas *canvas)
{
  g_return_val_if_fail (QR_IS_ORTHO_CANVAS (canvas), NULL);
  QrEntityNames *self = g_object_new (QR_TYPE_ENTITY_NAMES, NULL);
  self->canvas = canvas;
  g_signal_connect_object (canvas, "view-changed", G_CALLBACK (on_view_changed), self, 0);
  return GTK_WIDGET (self);
}

void
qr_entity_names_set_document (QrEntityNames *self, QrDocument *doc)
{
  g_return_if_fail (QR_IS_ENTITY_NAMES (self));
  g_return_if_fail (doc == NULL || QR_IS_DOCUMENT (doc));
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, doc);
  if (doc != NULL)
    g_signal_connect (doc, "changed", G_CALLBACK (on_document_changed), self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
