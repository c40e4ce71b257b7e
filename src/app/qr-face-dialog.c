/* qr-face-dialog.c — see qr-face-dialog.h.
 *
 * Every edit is one core operation (qr-face-ops.h) on the selected faces,
 * setting only the attribute that changed; the operations merge a run of
 * changes to one field into one undo step. The fields follow the document:
 * its "changed" signal refreshes them, with `updating` set so that showing
 * a value never applies it again, and a field is only rewritten when what
 * it shows changed (a refresh must not clobber a value being typed). */
#include "qr-face-dialog.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#ifdef QR_HAVE_X11
#include <gdk/x11/gdkx.h>
#endif
#include "qr-face-ops.h"
#include "qr-game-flags.h"
#include "qr-texalign.h"
#include "qr-texture-names.h"
#include "qr-texture-picker.h"

/* The numeric fields: spin buttons that show the faces' common value, or
 * nothing when they differ. */
enum
{
  F_SHIFT_U,
  F_SHIFT_V,
  F_SCALE_U,
  F_SCALE_V,
  F_ROTATION,
  F_VALUE,
  F_LIGHTMAP,
  N_FIELDS
};

static const guint field_bits[N_FIELDS] = {
  QR_FACE_SHIFT_U, QR_FACE_SHIFT_V, QR_FACE_SCALE_U,        QR_FACE_SCALE_V,
  QR_FACE_ROTATION, QR_FACE_SURFACE_VALUE, QR_FACE_LIGHTMAP_SCALE,
};

/* The bit sets shown as check boxes. */
typedef enum
{
  MASK_CONTENTS,
  MASK_SURFACE,
  MASK_SMOOTHING,
  N_MASKS
} MaskKind;

#define VMF_LIGHTMAP_DEFAULT 16 /* Hammer's lightmapscale for a new side */

struct _QrFaceDialog
{
  GtkWindow parent_instance;

  /* template widgets */
  GtkWidget *content;
  GtkEntry *name_entry;
  GtkPicture *preview;
  GtkLabel *size_label;
  GtkSpinButton *shift_u, *shift_v, *scale_u, *scale_v, *rotation;
  GtkCheckButton *as_one;
  GtkSpinButton *fit_u, *fit_v;
  GtkWidget *surface_group;
  GtkLabel *surface_title;
  GtkFlowBox *contents_flow, *surface_flow;
  GtkSpinButton *surface_value;
  GtkWidget *vmf_group;
  GtkSpinButton *lightmap_scale;
  GtkGrid *smoothing_grid;
  GtkCheckButton *texture_lock;
  GtkLabel *status_label;

  /* borrowed */
  GtkSpinButton *spins[N_FIELDS];
  QrTextureFinder *finder;
  GtkWindow *picker;          /* Browse…'s window while open */
  GtkToggleButton *smoothing[32];

  /* owned */
  GSettings *settings;
  QrDocument *document;
  GArray *faces;              /* QrFaceRef: the selected faces that exist */
  GPtrArray *checks[N_MASKS]; /* GtkCheckButton / GtkToggleButton, "bit" data */
  QrGameFlags *flags;         /* the map's game's, or NULL */
  char *flags_game;           /* which file `flags` came from */
  GtkEntryCompletion *completion;
  char *shown_name;           /* the common texture name shown, "" when several */
  char *preview_name;         /* the name the preview shows */
  QrDialect dialect;
  double shown[N_FIELDS];
  gboolean mixed[N_FIELDS];
  gboolean shown_valid[N_FIELDS];
  gboolean updating;
  gboolean stale;             /* changes came while hidden */
};

G_DEFINE_FINAL_TYPE (QrFaceDialog, qr_face_dialog, GTK_TYPE_WINDOW)

enum
{
  MESSAGE,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void refresh (QrFaceDialog *self);

/* ---- reading the faces ---- */

static const QrFace *
face_at (QrFaceDialog *self, QrFaceRef ref)
{
  const QrBrush *brush = qr_document_lookup_brush (self->document, ref.brush);
  if (brush == NULL || ref.face < 0 || ref.face >= brush->n_faces)
    return NULL;
  return &brush->faces[ref.face];
}

static const char *
vmf_key (const QrFace *face, const char *key)
{
  return face->extra != NULL && face->extra->vmf != NULL ? qr_node_get (face->extra->vmf, key) : NULL;
}

static double
surface_value (const QrFace *face, int i)
{
  return face->has_surface && face->extra != NULL ? face->extra->surface[i] : 0;
}

/* A brush-primitive face's shift, scale and rotation as the operations
 * edit them: its Valve 220 equivalent with the texture's size (64 × 64
 * when the document has none), the rotation measured from the face's own
 * axes (qr-op-face.c does the same). False when its matrix has a zero row. */
static gboolean
brushprim_as_valve (QrFaceDialog *self, const QrFace *face, QrTexAttr *out)
{
  QrPlane plane;
  if (!qr_face_plane (face, &plane))
    return FALSE;
  const QrMap *map = qr_document_get_map (self->document);
  const QrTexture *t = qr_texture_set_lookup (qr_document_get_textures (self->document),
                                              qr_map_texture_name (map, face->texture));
  int w = t != NULL && t->width > 0 ? t->width : 64, h = t != NULL && t->height > 0 ? t->height : 64;
  if (!qr_texalign_brushprim_to_valve (&face->tex, plane.normal, w, h, out))
    return FALSE;
  QrVec3 fu, fv;
  QrTexAxisRule rule = qr_dialect_axis_rule (self->dialect);
  if (qr_texalign_face_axes (rule, plane.normal, &fu, &fv))
    out->rotation = atan2 (qr_vec3_dot (qr_vec3_cross (fu, out->u_axis), plane.normal), qr_vec3_dot (fu, out->u_axis))
                    * (180.0 / G_PI);
  return TRUE;
}

/* False when the face has no such value (a brush primitive whose matrix
 * has a zero row). */
static gboolean
face_value (QrFaceDialog *self, const QrFace *face, int field, double *out)
{
  QrTexAttr prim;
  const QrTexAttr *tex = &face->tex;
  if (field <= F_ROTATION && face->form == QR_TEX_BRUSHPRIM)
    {
      if (!brushprim_as_valve (self, face, &prim))
        return FALSE;
      tex = &prim;
    }
  switch (field)
    {
    case F_SHIFT_U:
    case F_SHIFT_V:
      *out = tex->shift[field - F_SHIFT_U];
      return TRUE;
    case F_SCALE_U:
    case F_SCALE_V:
      *out = qr_texproj_effective_scale (tex->scale[field - F_SCALE_U]);
      return TRUE;
    case F_ROTATION:
      *out = tex->rotation;
      return TRUE;
    case F_VALUE:
      *out = surface_value (face, 2);
      return TRUE;
    case F_LIGHTMAP:
      {
        const char *v = vmf_key (face, "lightmapscale");
        *out = v != NULL ? g_ascii_strtod (v, NULL) : VMF_LIGHTMAP_DEFAULT;
        return TRUE;
      }
    default:
      g_assert_not_reached ();
    }
}

static guint32
face_mask (const QrFace *face, MaskKind kind)
{
  switch (kind)
    {
    case MASK_CONTENTS:
      return (guint32) (gint64) surface_value (face, 0);
    case MASK_SURFACE:
      return (guint32) (gint64) surface_value (face, 1);
    case MASK_SMOOTHING:
      {
        const char *v = vmf_key (face, "smoothing_groups");
        return v != NULL ? (guint32) g_ascii_strtoull (v, NULL, 10) : 0;
      }
    default:
      g_assert_not_reached ();
    }
}

/* ---- messages ---- */

static void
set_status (QrFaceDialog *self, const char *text)
{
  gtk_label_set_label (self->status_label, text != NULL ? text : "");
}

static void
show_count (QrFaceDialog *self)
{
  g_autofree char *text = NULL;
  if (self->faces->len == 0)
    text = g_strdup (_("No face selected: pick faces in the 3D view with the Texture tool"));
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u face", "%u faces", self->faces->len), self->faces->len);
  set_status (self, text);
}

/* An operation's outcome: a refusal says why and puts the fields back. */
static void
report (QrFaceDialog *self, gboolean ok, const char *what, const GError *error, const char *warning)
{
  if (ok)
    {
      if (warning != NULL)
        {
          set_status (self, warning);
          g_signal_emit (self, signals[MESSAGE], 0, warning);
        }
      return;
    }
  g_autofree char *text = g_strdup_printf (_("%s: %s"), what, error != NULL ? error->message : _("failed"));
  set_status (self, text);
  g_signal_emit (self, signals[MESSAGE], 0, text);
  gtk_widget_error_bell (GTK_WIDGET (self));
  /* the fields show what the faces hold, not what was refused */
  for (int i = 0; i < N_FIELDS; i++)
    self->shown_valid[i] = FALSE;
  g_clear_pointer (&self->shown_name, g_free);
  refresh (self);
  set_status (self, text);
}

/* ---- applying ---- */

static gboolean
set_attrs (QrFaceDialog *self, const QrFaceAttrs *attrs, GError **error)
{
  return qr_op_set_face_attrs (self->document, (const QrFaceRef *) (gpointer) self->faces->data, self->faces->len,
                               attrs, error);
}

static void
apply_field (QrFaceDialog *self, int field, double value)
{
  if (self->document == NULL || self->faces->len == 0)
    return;
  QrFaceAttrs attrs = { .fields = field_bits[field] };
  switch (field)
    {
    case F_SHIFT_U:
    case F_SHIFT_V:
      attrs.shift[field - F_SHIFT_U] = value;
      break;
    case F_SCALE_U:
    case F_SCALE_V:
      attrs.scale[field - F_SCALE_U] = value;
      break;
    case F_ROTATION:
      attrs.rotation = value;
      break;
    case F_VALUE:
      attrs.surface_value = (int32_t) value;
      break;
    case F_LIGHTMAP:
      attrs.lightmap_scale = (int) value;
      break;
    default:
      g_assert_not_reached ();
    }
  g_autoptr (GError) error = NULL;
  gboolean ok = set_attrs (self, &attrs, &error);
  report (self, ok, _("Face Properties"), error, NULL);
}

static int
field_of (QrFaceDialog *self, GtkSpinButton *spin)
{
  for (int i = 0; i < N_FIELDS; i++)
    if (self->spins[i] == spin)
      return i;
  g_assert_not_reached ();
}

static void
on_spin_value_changed (GtkSpinButton *spin, QrFaceDialog *self)
{
  if (self->updating)
    return;
  int field = field_of (self, spin);
  self->mixed[field] = FALSE;
  apply_field (self, field, gtk_spin_button_get_value (spin));
}

/* A field whose faces differ shows nothing. */
static gboolean
on_spin_output (GtkSpinButton *spin, QrFaceDialog *self)
{
  if (!self->mixed[field_of (self, spin)])
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (spin), "");
  return TRUE;
}

/* An empty field keeps the faces' own values (leaving a blank field must
 * not set 0 everywhere); a value typed into a blank field applies even
 * when it equals the number the spin button holds behind the blank. */
static int
on_spin_input (GtkSpinButton *spin, double *new_value, QrFaceDialog *self)
{
  int field = field_of (self, spin);
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (spin))));
  if (text[0] == '\0')
    {
      *new_value = gtk_spin_button_get_value (spin);
      return TRUE;
    }
  char *end = NULL;
  double v = g_strtod (text, &end);
  if (end == text || *end != '\0')
    return GTK_INPUT_ERROR;
  *new_value = v;
  if (self->mixed[field] && !self->updating)
    {
      self->mixed[field] = FALSE;
      if (v == gtk_spin_button_get_value (spin))
        apply_field (self, field, v);
    }
  return TRUE;
}

typedef struct
{
  guint32 before;
  GArray *refs;
} MaskGroup;

static void
mask_group_free (gpointer data)
{
  MaskGroup *g = data;
  g_array_unref (g->refs);
  g_free (g);
}

/* One bit set or cleared on every face, the others kept per face: faces
 * that hold different sets take one call each, in one undo step. */
static void
apply_bit (QrFaceDialog *self, MaskKind kind, guint bit, gboolean on)
{
  if (self->document == NULL || self->faces->len == 0)
    return;
  g_autoptr (GPtrArray) groups = g_ptr_array_new_with_free_func (mask_group_free);
  for (guint i = 0; i < self->faces->len; i++)
    {
      QrFaceRef ref = g_array_index (self->faces, QrFaceRef, i);
      const QrFace *face = face_at (self, ref);
      if (face == NULL)
        continue;
      guint32 before = face_mask (face, kind);
      MaskGroup *group = NULL;
      for (guint g = 0; g < groups->len && group == NULL; g++)
        if (((MaskGroup *) groups->pdata[g])->before == before)
          group = groups->pdata[g];
      if (group == NULL)
        {
          group = g_new0 (MaskGroup, 1);
          group->before = before;
          group->refs = g_array_new (FALSE, FALSE, sizeof (QrFaceRef));
          g_ptr_array_add (groups, group);
        }
      g_array_append_val (group->refs, ref);
    }
  const char *what = kind == MASK_SMOOTHING ? _("Smoothing Groups")
                     : kind == MASK_CONTENTS ? _("Content Flags")
                                             : _("Surface Flags");
  gboolean several = groups->len > 1;
  if (several)
    qr_document_begin_transaction (self->document, what);
  g_autoptr (GError) error = NULL;
  gboolean ok = TRUE;
  for (guint g = 0; g < groups->len && ok; g++)
    {
      MaskGroup *group = groups->pdata[g];
      guint32 mask = UINT32_C (1) << bit;
      guint32 after = on ? group->before | mask : group->before & ~mask;
      QrFaceAttrs attrs = { 0 };
      switch (kind)
        {
        case MASK_CONTENTS:
          attrs.fields = QR_FACE_CONTENTS;
          attrs.contents = after;
          break;
        case MASK_SURFACE:
          attrs.fields = QR_FACE_SURFACE_FLAGS;
          attrs.surface_flags = after;
          break;
        default:
          attrs.fields = QR_FACE_SMOOTHING;
          attrs.smoothing = after;
          break;
        }
      ok = qr_op_set_face_attrs (self->document, (const QrFaceRef *) (gpointer) group->refs->data, group->refs->len,
                                 &attrs, &error);
    }
  if (several && ok)
    qr_document_commit_transaction (self->document);
  else if (several)
    qr_document_cancel_transaction (self->document);
  report (self, ok, what, error, NULL);
}

static void
on_bit_toggled (GtkWidget *button, QrFaceDialog *self)
{
  if (self->updating)
    return;
  MaskKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "mask"));
  guint bit = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "bit"));
  gboolean on;
  if (GTK_IS_CHECK_BUTTON (button))
    {
      gtk_check_button_set_inconsistent (GTK_CHECK_BUTTON (button), FALSE);
      on = gtk_check_button_get_active (GTK_CHECK_BUTTON (button));
    }
  else
    {
      gtk_widget_remove_css_class (button, "mixed");
      on = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button));
    }
  apply_bit (self, kind, bit, on);
}

/* A name shown is not a name typed: no completion pops up for it. */
static void
set_name_text (QrFaceDialog *self, const char *name)
{
  /* the completion arms its popup on a change only while it pops up */
  gtk_entry_completion_set_popup_completion (self->completion, FALSE);
  gtk_editable_set_text (GTK_EDITABLE (self->name_entry), name);
  gtk_entry_completion_set_popup_completion (self->completion, TRUE);
}

static void
apply_name (QrFaceDialog *self, const char *name)
{
  if (self->document == NULL || self->faces->len == 0 || name == NULL || name[0] == '\0')
    return;
  if (self->shown_name != NULL && g_strcmp0 (self->shown_name, name) == 0)
    return;
  QrFaceAttrs attrs = { .name = name };
  g_autoptr (GError) error = NULL;
  gboolean ok = set_attrs (self, &attrs, &error);
  report (self, ok, _("Texture"), error, NULL);
}

static void
on_name_activate (GtkEntry *entry, QrFaceDialog *self)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  apply_name (self, name);
}

static gboolean
on_completion_match (GtkEntryCompletion *completion, GtkTreeModel *model, GtkTreeIter *iter, QrFaceDialog *self)
{
  g_autofree char *name = NULL;
  gtk_tree_model_get (model, iter, 0, &name, -1);
  gtk_editable_set_text (GTK_EDITABLE (self->name_entry), name);
  gtk_editable_set_position (GTK_EDITABLE (self->name_entry), -1);
  apply_name (self, name);
  return TRUE;
}

/* ---- actions ---- */

static void
justify_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  QrFaceDialog *self = QR_FACE_DIALOG (widget);
  const char *how = g_variant_get_string (param, NULL);
  static const struct
  {
    const char *name;
    QrJustify how;
  } names[] = {
    { "left", QR_JUSTIFY_LEFT },     { "right", QR_JUSTIFY_RIGHT },   { "top", QR_JUSTIFY_TOP },
    { "bottom", QR_JUSTIFY_BOTTOM }, { "center", QR_JUSTIFY_CENTER },
  };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (names[i].name, how) && self->faces->len > 0)
      {
        g_autoptr (GError) error = NULL;
        g_autofree char *warning = NULL;
        gboolean ok = qr_op_justify_texture (self->document, (const QrFaceRef *) (gpointer) self->faces->data,
                                             self->faces->len, names[i].how,
                                             gtk_check_button_get_active (self->as_one), &warning, &error);
        report (self, ok, _("Justify"), error, warning);
      }
}

static void
fit_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  QrFaceDialog *self = QR_FACE_DIALOG (widget);
  if (self->faces->len == 0)
    return;
  /* a repeat count typed but not yet entered counts */
  gtk_spin_button_update (self->fit_u);
  gtk_spin_button_update (self->fit_v);
  g_autoptr (GError) error = NULL;
  g_autofree char *warning = NULL;
  gboolean ok = qr_op_fit_texture (self->document, (const QrFaceRef *) (gpointer) self->faces->data,
                                   self->faces->len, gtk_spin_button_get_value (self->fit_u),
                                   gtk_spin_button_get_value (self->fit_v), gtk_check_button_get_active (self->as_one),
                                   &warning, &error);
  report (self, ok, _("Fit"), error, warning);
}

static void
align_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  QrFaceDialog *self = QR_FACE_DIALOG (widget);
  if (self->faces->len == 0)
    return;
  QrAlign align = g_str_equal (g_variant_get_string (param, NULL), "face") ? QR_ALIGN_FACE : QR_ALIGN_WORLD;
  g_autoptr (GError) error = NULL;
  gboolean ok = qr_op_align_texture (self->document, (const QrFaceRef *) (gpointer) self->faces->data,
                                     self->faces->len, align, &error);
  report (self, ok, align == QR_ALIGN_FACE ? _("Align to Face") : _("Align to World"), error, NULL);
}

/* Shift 0, rotation 0 and the game's default scale (Preferences). */
static void
reset_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  QrFaceDialog *self = QR_FACE_DIALOG (widget);
  if (self->faces->len == 0)
    return;
  double scale = g_settings_get_double (self->settings, self->dialect == QR_DIALECT_VMF ? "texture-scale-source"
                                                                                        : "texture-scale-quake");
  QrFaceAttrs attrs = {
    .fields = QR_FACE_SHIFT_U | QR_FACE_SHIFT_V | QR_FACE_SCALE_U | QR_FACE_SCALE_V | QR_FACE_ROTATION,
    .scale = { scale, scale },
  };
  g_autoptr (GError) error = NULL;
  gboolean ok = set_attrs (self, &attrs, &error);
  report (self, ok, _("Reset"), error, NULL);
}

static void
on_picked (const char *name, gpointer data)
{
  QrFaceDialog *self = data;
  self->picker = NULL;
  if (name == NULL)
    return;
  set_name_text (self, name);
  apply_name (self, name);
}

static void
browse_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  QrFaceDialog *self = QR_FACE_DIALOG (widget);
  if (self->picker != NULL)
    {
      gtk_window_present (self->picker);
      return;
    }
  const char *current = self->shown_name != NULL && self->shown_name[0] != '\0' ? self->shown_name : NULL;
  self->picker = qr_texture_picker_present (GTK_WINDOW (self), self->finder, self->document, current, on_picked, self);
}

/* ---- showing ---- */

static void
set_preview (QrFaceDialog *self, const char *name)
{
  if (g_strcmp0 (name, self->preview_name) == 0)
    return;
  g_free (self->preview_name);
  self->preview_name = g_strdup (name);
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *text = NULL;
  if (name == NULL)
    text = g_strdup (self->faces->len > 0 ? _("Several textures") : "");
  else
    {
      const QrTexture *t = qr_texture_set_lookup (qr_document_get_textures (self->document), name);
      int w = t != NULL ? t->width : 0, h = t != NULL ? t->height : 0;
      const char *where = t != NULL ? t->collection : NULL;
      g_autoptr (GBytes) bytes = NULL;
      if (t != NULL && t->status == QR_TEXTURE_LOADED && t->rgba != NULL)
        bytes = g_bytes_new (t->rgba, (gsize) w * (gsize) h * 4);
      else if (self->finder != NULL)
        {
          /* a name the map does not use yet: straight from its collection */
          int at = qr_texture_finder_locate (self->finder, name, &w, &h);
          g_autoptr (QrImage) image = at >= 0 ? qr_texture_finder_decode (self->finder, name, 0, NULL) : NULL;
          if (at >= 0)
            where = qr_texture_finder_collection (self->finder, (guint) at)->name;
          if (image != NULL)
            {
              w = image->width;
              h = image->height;
              bytes = g_bytes_new_take (g_steal_pointer (&image->rgba), (gsize) w * (gsize) h * 4);
            }
        }
      if (bytes != NULL)
        texture = gdk_memory_texture_new (w, h, GDK_MEMORY_R8G8B8A8, bytes, (gsize) w * 4);
      g_autofree char *base = where != NULL ? g_path_get_basename (where) : NULL;
      if (w > 0 && base != NULL)
        text = g_strdup_printf (_("%d × %d, from %s"), w, h, base);
      else if (w > 0)
        text = g_strdup_printf (_("%d × %d"), w, h);
      else
        text = g_strdup (_("Not in the map's collections: 64 × 64 for justify and fit"));
    }
  gtk_picture_set_paintable (self->preview, texture != NULL ? GDK_PAINTABLE (texture) : NULL);
  gtk_label_set_label (self->size_label, text);
}

static void
show_field (QrFaceDialog *self, int field, gboolean known, double value, gboolean mixed)
{
  mixed = mixed || !known;
  if (self->shown_valid[field] && self->mixed[field] == mixed && (mixed || self->shown[field] == value))
    return;
  self->shown_valid[field] = TRUE;
  self->shown[field] = value;
  self->mixed[field] = mixed;
  GtkSpinButton *spin = self->spins[field];
  /* set_value outputs the text even when the value is the same */
  gtk_spin_button_set_value (spin, value);
}

/* The bit of every check box of a kind: set on every face, on none, or
 * on some (inconsistent). */
static void
show_mask (QrFaceDialog *self, MaskKind kind, guint32 all, guint32 any)
{
  GPtrArray *checks = self->checks[kind];
  for (guint i = 0; checks != NULL && i < checks->len; i++)
    {
      GtkWidget *button = checks->pdata[i];
      guint32 mask = UINT32_C (1) << GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "bit"));
      gboolean on = (all & mask) != 0, some = !on && (any & mask) != 0;
      if (GTK_IS_CHECK_BUTTON (button))
        {
          gtk_check_button_set_active (GTK_CHECK_BUTTON (button), on);
          gtk_check_button_set_inconsistent (GTK_CHECK_BUTTON (button), some);
        }
      else
        {
          gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), on);
          if (some)
            gtk_widget_add_css_class (button, "mixed");
          else
            gtk_widget_remove_css_class (button, "mixed");
        }
    }
}

static void
clear_checks (QrFaceDialog *self, GtkFlowBox *flow, MaskKind kind)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (flow))) != NULL)
    gtk_flow_box_remove (flow, child);
  g_ptr_array_set_size (self->checks[kind], 0);
}

static void
add_checks (QrFaceDialog *self, GtkFlowBox *flow, MaskKind kind, const GArray *list)
{
  for (guint i = 0; list != NULL && i < list->len; i++)
    {
      const QrGameFlag *flag = &g_array_index (list, QrGameFlag, i);
      GtkWidget *check = gtk_check_button_new_with_label (flag->name);
      g_autofree char *tip = flag->description != NULL
                                 ? g_strdup_printf (_("%s (bit %u, %u)"), flag->description, flag->bit, 1u << flag->bit)
                                 : g_strdup_printf (_("Bit %u, %u"), flag->bit, 1u << flag->bit);
      gtk_widget_set_tooltip_text (check, tip);
      g_object_set_data (G_OBJECT (check), "bit", GUINT_TO_POINTER (flag->bit));
      g_object_set_data (G_OBJECT (check), "mask", GINT_TO_POINTER (kind));
      g_signal_connect (check, "toggled", G_CALLBACK (on_bit_toggled), self);
      gtk_flow_box_append (flow, check);
      g_ptr_array_add (self->checks[kind], check);
    }
}

/* The flag names of the map's game, from data/games/GAME.json (compiled
 * into the resources). */
static void
load_game_flags (QrFaceDialog *self, const char *game)
{
  if (g_strcmp0 (game, self->flags_game) == 0)
    return;
  g_free (self->flags_game);
  self->flags_game = g_strdup (game);
  g_clear_pointer (&self->flags, qr_game_flags_free);
  clear_checks (self, self->contents_flow, MASK_CONTENTS);
  clear_checks (self, self->surface_flow, MASK_SURFACE);
  if (game != NULL)
    {
      g_autofree char *path = g_strdup_printf ("/io/github/quarry/Quarry/games/%s.json", game);
      g_autoptr (GError) error = NULL;
      g_autoptr (GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
      gsize size = 0;
      const char *text = bytes != NULL ? g_bytes_get_data (bytes, &size) : NULL;
      if (text != NULL)
        self->flags = qr_game_flags_parse (text, size, &error);
      if (self->flags == NULL)
        g_warning ("%s: %s", path, error->message);
    }
  if (self->flags != NULL)
    {
      add_checks (self, self->contents_flow, MASK_CONTENTS, self->flags->contents);
      add_checks (self, self->surface_flow, MASK_SURFACE, self->flags->surface);
      g_autofree char *title = g_strdup_printf (_("%s surface"), self->flags->game != NULL ? self->flags->game : game);
      gtk_label_set_label (self->surface_title, title);
    }
  gtk_widget_set_visible (self->surface_group, self->flags != NULL);
}

/* The selection's faces as they are now: every field shows their common
 * value or nothing. */
static void
refresh (QrFaceDialog *self)
{
  self->stale = FALSE;
  self->updating = TRUE;
  g_array_set_size (self->faces, 0);
  if (self->document != NULL)
    {
      const QrSelection *sel = qr_document_get_selection (self->document);
      for (guint i = 0; i < sel->faces->len; i++)
        {
          QrFaceRef ref = g_array_index (sel->faces, QrFaceRef, i);
          if (face_at (self, ref) != NULL)
            g_array_append_val (self->faces, ref);
        }
    }
  guint n = self->faces->len;
  gtk_widget_set_sensitive (self->content, n > 0);

  double first[N_FIELDS] = { 0 };
  gboolean known[N_FIELDS] = { 0 }, mixed[N_FIELDS] = { 0 };
  guint32 all[N_MASKS], any[N_MASKS];
  for (int k = 0; k < N_MASKS; k++)
    all[k] = UINT32_MAX, any[k] = 0;
  const char *name = NULL;
  gboolean names_differ = FALSE;
  const QrMap *map = self->document != NULL ? qr_document_get_map (self->document) : NULL;
  for (guint i = 0; i < n; i++)
    {
      const QrFace *face = face_at (self, g_array_index (self->faces, QrFaceRef, i));
      for (int f = 0; f < N_FIELDS; f++)
        {
          double v;
          if (!face_value (self, face, f, &v))
            mixed[f] = TRUE;
          else if (!known[f])
            first[f] = v, known[f] = TRUE;
          else if (v != first[f])
            mixed[f] = TRUE;
        }
      for (int k = 0; k < N_MASKS; k++)
        {
          guint32 m = face_mask (face, k);
          all[k] &= m;
          any[k] |= m;
        }
      const char *face_name = qr_map_texture_name (map, face->texture);
      if (name == NULL)
        name = face_name;
      else if (g_strcmp0 (name, face_name) != 0)
        names_differ = TRUE;
    }
  if (n == 0)
    for (int k = 0; k < N_MASKS; k++)
      all[k] = 0;
  for (int f = 0; f < N_FIELDS; f++)
    show_field (self, f, known[f], first[f], n == 0 || mixed[f]);
  for (int k = 0; k < N_MASKS; k++)
    show_mask (self, k, all[k], any[k]);

  const char *shown = names_differ || name == NULL ? "" : name;
  if (g_strcmp0 (shown, self->shown_name) != 0)
    {
      g_free (self->shown_name);
      self->shown_name = g_strdup (shown);
      set_name_text (self, shown);
      gtk_entry_set_placeholder_text (self->name_entry, names_differ ? _("(several textures)") : NULL);
    }
  set_preview (self, shown[0] != '\0' ? shown : NULL);
  /* Only Quake 2 and 3 faces carry content and surface flags. */
  gboolean flagged = self->dialect == QR_DIALECT_QUAKE2 || self->dialect == QR_DIALECT_QUAKE2_VALVE
                     || self->dialect == QR_DIALECT_QUAKE3;
  load_game_flags (self, flagged ? qr_dialect_game (self->dialect, FALSE) : NULL);
  gtk_widget_set_visible (self->vmf_group, self->dialect == QR_DIALECT_VMF);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "face.browse", self->finder != NULL && n > 0);
  show_count (self);
  self->updating = FALSE;
}

static void
on_document_changed (QrDocument *doc, const QrChangeSet *changes, QrFaceDialog *self)
{
  if (changes->textures_changed)
    g_clear_pointer (&self->preview_name, g_free);
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->stale = TRUE;
      return;
    }
  refresh (self);
}

/* ---- the document and the collections ---- */

static void
fill_completion (QrFaceDialog *self)
{
  g_autoptr (GtkListStore) store
      = qr_texture_names_model (self->finder, self->document != NULL ? qr_document_get_map (self->document) : NULL);
  gtk_entry_completion_set_model (self->completion, GTK_TREE_MODEL (store));
}

void
qr_face_dialog_set_document (QrFaceDialog *self, QrDocument *doc)
{
  g_return_if_fail (QR_IS_FACE_DIALOG (self));
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, doc);
  self->dialect = doc != NULL ? qr_map_detect_dialect (qr_document_get_map (doc)) : QR_DIALECT_QUAKE;
  if (doc != NULL)
    g_signal_connect (doc, "changed", G_CALLBACK (on_document_changed), self);
  g_clear_pointer (&self->preview_name, g_free);
  for (int i = 0; i < N_FIELDS; i++)
    self->shown_valid[i] = FALSE;
  g_clear_pointer (&self->shown_name, g_free);
  fill_completion (self);
  refresh (self);
}

void
qr_face_dialog_set_finder (QrFaceDialog *self, QrTextureFinder *finder)
{
  g_return_if_fail (QR_IS_FACE_DIALOG (self));
  /* the picker borrows the finder that goes */
  if (self->picker != NULL)
    gtk_window_destroy (self->picker);
  self->finder = finder;
  g_clear_pointer (&self->preview_name, g_free);
  fill_completion (self);
  refresh (self);
}

/* ---- its place ---- */

/* GTK 4 has no call to place a toplevel (Wayland leaves that to the
 * compositor): on X11 the dialog's place is read and set through Xlib;
 * elsewhere only its size is kept. */
#ifdef QR_HAVE_X11
static Window
x11_window (QrFaceDialog *self, Display **display)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  if (surface == NULL || !GDK_IS_X11_SURFACE (surface))
    return None;
  *display = gdk_x11_display_get_xdisplay (gdk_surface_get_display (surface));
  return gdk_x11_surface_get_xid (surface);
}
#endif

static gboolean
get_place (QrFaceDialog *self, int *x, int *y)
{
#ifdef QR_HAVE_X11
  Display *display = NULL;
  Window xid = x11_window (self, &display), child;
  return xid != None
         && XTranslateCoordinates (display, xid, DefaultRootWindow (display), 0, 0, x, y, &child);
#else
  return FALSE;
#endif
}

/* Where it was last closed; the first time, in the editor's bottom-right
 * corner, over the Side view, so that it hides neither the 3D view where
 * faces are picked nor the Top view (a window manager may place it
 * anyway; without one it would sit at the screen's corner, over the 3D view). */
static void
restore_place (QrFaceDialog *self)
{
#ifdef QR_HAVE_X11
  gboolean placed;
  int x, y;
  g_settings_get (self->settings, "face-dialog-position", "(bii)", &placed, &x, &y);
  Display *display = NULL;
  Window xid = x11_window (self, &display);
  if (xid == None)
    return;
  if (!placed)
    {
      GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
      GdkSurface *surface = parent ? gtk_native_get_surface (GTK_NATIVE (parent)) : NULL;
      Window child;
      int px, py;
      if (surface == NULL || !GDK_IS_X11_SURFACE (surface)
          || !XTranslateCoordinates (display, gdk_x11_surface_get_xid (surface), DefaultRootWindow (display), 0, 0,
                                     &px, &py, &child))
        return;
      int w, h, nat;
      gtk_widget_measure (GTK_WIDGET (self), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
      w = MAX (nat, g_settings_get_int (self->settings, "face-dialog-width"));
      gtk_widget_measure (GTK_WIDGET (self), GTK_ORIENTATION_VERTICAL, w, NULL, &nat, NULL, NULL);
      h = MAX (nat, g_settings_get_int (self->settings, "face-dialog-height"));
      x = px + MAX (0, gtk_widget_get_width (GTK_WIDGET (parent)) - w - 24);
      y = py + MAX (0, gtk_widget_get_height (GTK_WIDGET (parent)) - h - 48);
    }
  XMoveWindow (display, xid, x, y);
#endif
}

/* ---- GObject ---- */

static void
qr_face_dialog_map (GtkWidget *widget)
{
  QrFaceDialog *self = QR_FACE_DIALOG (widget);
  GTK_WIDGET_CLASS (qr_face_dialog_parent_class)->map (widget);
  restore_place (self);
  if (self->stale)
    refresh (self);
}

/* Its size and place are remembered for the next time it opens. */
static gboolean
qr_face_dialog_close_request (GtkWindow *window)
{
  QrFaceDialog *self = QR_FACE_DIALOG (window);
  int w = gtk_widget_get_width (GTK_WIDGET (window)), h = gtk_widget_get_height (GTK_WIDGET (window));
  if (w > 0 && h > 0)
    {
      g_settings_set_int (self->settings, "face-dialog-width", w);
      g_settings_set_int (self->settings, "face-dialog-height", h);
    }
  int x, y;
  if (get_place (self, &x, &y))
    g_settings_set (self->settings, "face-dialog-position", "(bii)", TRUE, x, y);
  return GTK_WINDOW_CLASS (qr_face_dialog_parent_class)->close_request (window);
}

static void
qr_face_dialog_dispose (GObject *object)
{
  QrFaceDialog *self = QR_FACE_DIALOG (object);
  if (self->picker != NULL)
    gtk_window_destroy (self->picker);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  g_clear_object (&self->completion);
  gtk_widget_dispose_template (GTK_WIDGET (self), QR_TYPE_FACE_DIALOG);
  G_OBJECT_CLASS (qr_face_dialog_parent_class)->dispose (object);
}

static void
qr_face_dialog_finalize (GObject *object)
{
  QrFaceDialog *self = QR_FACE_DIALOG (object);
  g_array_unref (self->faces);
  for (int k = 0; k < N_MASKS; k++)
    g_ptr_array_unref (self->checks[k]);
  qr_game_flags_free (self->flags);
  g_free (self->flags_game);
  g_free (self->shown_name);
  g_free (self->preview_name);
  G_OBJECT_CLASS (qr_face_dialog_parent_class)->finalize (object);
}

static void
qr_face_dialog_class_init (QrFaceDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = qr_face_dialog_dispose;
  object_class->finalize = qr_face_dialog_finalize;
  widget_class->map = qr_face_dialog_map;
  GTK_WINDOW_CLASS (klass)->close_request = qr_face_dialog_close_request;

  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/quarry/Quarry/ui/qr-face-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, content);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, name_entry);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, preview);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, size_label);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, shift_u);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, shift_v);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, scale_u);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, scale_v);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, rotation);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, as_one);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, fit_u);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, fit_v);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, surface_group);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, surface_title);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, contents_flow);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, surface_flow);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, surface_value);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, vmf_group);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, lightmap_scale);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, smoothing_grid);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, texture_lock);
  gtk_widget_class_bind_template_child (widget_class, QrFaceDialog, status_label);
  gtk_widget_class_bind_template_callback (widget_class, on_name_activate);

  gtk_widget_class_install_action (widget_class, "face.justify", "s", justify_activated);
  gtk_widget_class_install_action (widget_class, "face.fit", NULL, fit_activated);
  gtk_widget_class_install_action (widget_class, "face.align", "s", align_activated);
  gtk_widget_class_install_action (widget_class, "face.reset", NULL, reset_activated);
  gtk_widget_class_install_action (widget_class, "face.browse", NULL, browse_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
qr_face_dialog_init (QrFaceDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->faces = g_array_new (FALSE, FALSE, sizeof (QrFaceRef));
  for (int k = 0; k < N_MASKS; k++)
    self->checks[k] = g_ptr_array_new ();
  GtkSpinButton *spins[N_FIELDS] = { self->shift_u, self->shift_v,       self->scale_u,       self->scale_v,
                                     self->rotation, self->surface_value, self->lightmap_scale };
  for (int i = 0; i < N_FIELDS; i++)
    {
      self->spins[i] = spins[i];
      g_signal_connect (spins[i], "value-changed", G_CALLBACK (on_spin_value_changed), self);
      g_signal_connect (spins[i], "output", G_CALLBACK (on_spin_output), self);
      g_signal_connect (spins[i], "input", G_CALLBACK (on_spin_input), self);
    }
  /* Hammer's 32 smoothing groups, numbered from 1, four rows of eight */
  for (guint bit = 0; bit < 32; bit++)
    {
      g_autofree char *label = g_strdup_printf ("%u", bit + 1);
      GtkWidget *button = gtk_toggle_button_new_with_label (label);
      gtk_widget_add_css_class (button, "smoothing-group");
      g_object_set_data (G_OBJECT (button), "bit", GUINT_TO_POINTER (bit));
      g_object_set_data (G_OBJECT (button), "mask", GINT_TO_POINTER (MASK_SMOOTHING));
      g_signal_connect (button, "toggled", G_CALLBACK (on_bit_toggled), self);
      gtk_grid_attach (self->smoothing_grid, button, (int) (bit % 8), (int) (bit / 8), 1, 1);
      self->smoothing[bit] = GTK_TOGGLE_BUTTON (button);
      g_ptr_array_add (self->checks[MASK_SMOOTHING], button);
    }
  self->completion = qr_texture_names_completion (self->name_entry);
  g_signal_connect (self->completion, "match-selected", G_CALLBACK (on_completion_match), self);
}

QrFaceDialog *
qr_face_dialog_new (GtkWindow *parent, GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  QrFaceDialog *self = g_object_new (QR_TYPE_FACE_DIALOG, "transient-for", parent, "destroy-with-parent", TRUE, NULL);
  self->settings = g_object_ref (settings);
  gtk_window_set_default_size (GTK_WINDOW (self), g_settings_get_int (settings, "face-dialog-width"),
                               g_settings_get_int (settings, "face-dialog-height"));
  g_settings_bind (settings, "texture-lock", self->texture_lock, "active", G_SETTINGS_BIND_DEFAULT);
  refresh (self);
  return self;
}
