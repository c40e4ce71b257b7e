/* qr-compile-editor.c — see qr-compile-editor.h. */
#include "qr-compile-editor.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include "qr-compile-doc.h"

/* Typing settles for this long before the file is written. */
#define SAVE_DELAY_MS 300

struct _QrCompileEditor
{
  GtkWindow parent_instance;

  QrCompileDoc *doc; /* owned; NULL when the file could not be read */
  char *path;
  guint current;     /* the profile shown, G_MAXUINT for none */
  guint save_source;
  gboolean filling;  /* the forms are being filled: their "changed" is ours */

  GtkListBox *profiles;
  GtkWidget *detail; /* the chosen profile's forms */
  GtkEntry *name_entry;
  GtkBox *variables;
  GtkBox *steps;
  GtkLabel *status;
  GtkWidget *duplicate_button, *delete_button, *new_button;
};

G_DEFINE_FINAL_TYPE (QrCompileEditor, qr_compile_editor, GTK_TYPE_WINDOW)

enum
{
  SAVED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

char *
qr_compile_profiles_user_file (GError **error)
{
  g_autofree char *path = g_build_filename (g_get_user_config_dir (), "quarry", "compile-profiles.json", NULL);
  g_autofree char *dir = NULL;
  g_autoptr (GBytes) template = NULL;
  gsize len;
  const char *data;

  if (g_file_test (path, G_FILE_TEST_EXISTS))
    return g_steal_pointer (&path);
  template = g_resources_lookup_data ("/io/github/quarry/Quarry/compile-profiles.json", 0, error);
  if (template == NULL)
    return NULL;
  dir = g_path_get_dirname (path);
  data = g_bytes_get_data (template, &len);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno), _("Could not make %s"), dir);
      return NULL;
    }
  return g_file_set_contents (path, data, (gssize) len, error) ? g_steal_pointer (&path) : NULL;
}

static void
say (QrCompileEditor *self, const char *text, gboolean problem)
{
  gtk_label_set_label (self->status, text);
  if (problem)
    gtk_widget_add_css_class (GTK_WIDGET (self->status), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status), "error");
}

/* ---- saving ---- */

static gboolean
save_now (gpointer data)
{
  QrCompileEditor *self = data;
  g_autoptr (GError) error = NULL;

  self->save_source = 0;
  if (self->doc == NULL)
    return G_SOURCE_REMOVE;
  if (!qr_compile_doc_save (self->doc, self->path, &error))
    {
      g_autofree char *text = g_strdup_printf (_("Not saved yet: %s"), error->message);
      say (self, text, TRUE);
      return G_SOURCE_REMOVE;
    }
  {
    g_autofree char *text = g_strdup_printf (_("Saved in %s"), self->path);
    say (self, text, FALSE);
  }
  g_signal_emit (self, signals[SAVED], 0);
  return G_SOURCE_REMOVE;
}

static void
edited (QrCompileEditor *self)
{
  if (self->save_source != 0)
    g_source_remove (self->save_source);
  self->save_source = g_timeout_add (SAVE_DELAY_MS, save_now, self);
}

void
qr_compile_editor_flush (QrCompileEditor *self)
{
  g_return_if_fail (QR_IS_COMPILE_EDITOR (self));
  if (self->save_source != 0)
    {
      g_source_remove (self->save_source);
      save_now (self);
    }
}

/* ---- the forms ---- */

static guint
index_of (gpointer widget)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "index"));
}

static GtkWidget *fill_forms (QrCompileEditor *self);

static void
mark (GtkWidget *entry, gboolean bad)
{
  if (bad)
    gtk_widget_add_css_class (entry, "error");
  else
    gtk_widget_remove_css_class (entry, "error");
}

static void
on_name_changed (GtkEditable *entry, QrCompileEditor *self)
{
  const char *name = gtk_editable_get_text (entry);
  GtkListBoxRow *row;

  if (self->filling)
    return;
  qr_compile_doc_set_profile_name (self->doc, self->current, name);
  row = gtk_list_box_get_row_at_index (self->profiles, (int) self->current);
  if (row != NULL)
    gtk_label_set_label (GTK_LABEL (gtk_list_box_row_get_child (row)), name);
  mark (GTK_WIDGET (entry), name[0] == '\0' || qr_compile_doc_has_profile (self->doc, name, self->current));
  edited (self);
}

/* A variable's row: its name and value entries set it together. */
static void
on_variable_changed (GtkEditable *changed, QrCompileEditor *self)
{
  GtkWidget *row = gtk_widget_get_parent (GTK_WIDGET (changed));
  GtkEditable *name = g_object_get_data (G_OBJECT (row), "name");
  GtkEditable *value = g_object_get_data (G_OBJECT (row), "value");

  if (self->filling)
    return;
  /* A name empty or taken stays in its entry, marked, until it is fixed. */
  mark (GTK_WIDGET (name), !qr_compile_doc_set_variable (self->doc, self->current, index_of (row),
                                                         gtk_editable_get_text (name), gtk_editable_get_text (value)));
  edited (self);
}

static void
on_variable_remove (GtkButton *button, QrCompileEditor *self)
{
  qr_compile_doc_remove_variable (self->doc, self->current, index_of (gtk_widget_get_parent (GTK_WIDGET (button))));
  edited (self);
  fill_forms (self);
}

static GtkWidget *
icon_button (const char *icon, const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_button_set_has_frame (GTK_BUTTON (button), FALSE);
  return button;
}

static GtkWidget *
entry_with (const char *text, const char *placeholder)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_text (GTK_EDITABLE (entry), text != NULL ? text : "");
  if (placeholder != NULL)
    gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  return entry;
}

static void
add_variable_row (QrCompileEditor *self, guint i)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = entry_with (qr_compile_doc_variable_name (self->doc, self->current, i), _("NAME"));
  GtkWidget *value = entry_with (qr_compile_doc_variable_value (self->doc, self->current, i), NULL);
  GtkWidget *remove = icon_button ("list-remove-symbolic", _("Remove this variable"));

  g_object_set_data (G_OBJECT (row), "index", GUINT_TO_POINTER (i));
  g_object_set_data (G_OBJECT (row), "name", name);
  g_object_set_data (G_OBJECT (row), "value", value);
  gtk_editable_set_width_chars (GTK_EDITABLE (name), 12);
  gtk_widget_set_hexpand (value, TRUE);
  gtk_box_append (GTK_BOX (row), name);
  gtk_box_append (GTK_BOX (row), gtk_label_new ("="));
  gtk_box_append (GTK_BOX (row), value);
  gtk_box_append (GTK_BOX (row), remove);
  g_signal_connect (name, "changed", G_CALLBACK (on_variable_changed), self);
  g_signal_connect (value, "changed", G_CALLBACK (on_variable_changed), self);
  g_signal_connect (remove, "clicked", G_CALLBACK (on_variable_remove), self);
  gtk_box_append (self->variables, row);
}

/* A step's entry: the member it edits is its "member". */
static void
on_step_entry_changed (GtkEditable *entry, QrCompileEditor *self)
{
  const char *member = g_object_get_data (G_OBJECT (entry), "member");
  guint s = index_of (entry);

  if (self->filling)
    return;
  if (g_str_equal (member, "args"))
    {
      g_autoptr (GError) error = NULL;
      g_auto (GStrv) args = qr_compile_args_from_line (gtk_editable_get_text (entry), &error);

      /* An unclosed quote: the last good arguments stay until it closes. */
      mark (GTK_WIDGET (entry), args == NULL);
      gtk_widget_set_tooltip_text (GTK_WIDGET (entry), error != NULL ? error->message : NULL);
      if (args == NULL)
        return;
      qr_compile_doc_step_set_args (self->doc, self->current, s, (const char *const *) args);
    }
  else
    {
      qr_compile_doc_step_set (self->doc, self->current, s, member, gtk_editable_get_text (entry));
      if (g_str_equal (member, "program"))
        mark (GTK_WIDGET (entry), gtk_editable_get_text (entry)[0] == '\0');
    }
  edited (self);
}

static void
on_step_enabled (GtkCheckButton *check, QrCompileEditor *self)
{
  if (self->filling)
    return;
  qr_compile_doc_step_set_enabled (self->doc, self->current, index_of (check), gtk_check_button_get_active (check));
  edited (self);
}

static void
on_step_move (GtkButton *button, QrCompileEditor *self)
{
  int delta = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "delta"));

  if (qr_compile_doc_move_step (self->doc, self->current, index_of (button), delta))
    {
      edited (self);
      fill_forms (self);
    }
}

static void
on_step_remove (GtkButton *button, QrCompileEditor *self)
{
  qr_compile_doc_remove_step (self->doc, self->current, index_of (button));
  edited (self);
  fill_forms (self);
}

static GtkWidget *
step_entry (QrCompileEditor *self, guint s, const char *member, const char *text, const char *placeholder)
{
  GtkWidget *entry = entry_with (text, placeholder);

  g_object_set_data (G_OBJECT (entry), "index", GUINT_TO_POINTER (s));
  g_object_set_data (G_OBJECT (entry), "member", (gpointer) member);
  gtk_widget_set_hexpand (entry, TRUE);
  g_signal_connect (entry, "changed", G_CALLBACK (on_step_entry_changed), self);
  return entry;
}

static GtkWidget *
form_label (const char *text, GtkWidget *for_widget)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), for_widget);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static GtkWidget *
add_step_form (QrCompileEditor *self, guint s, guint n)
{
  guint p = self->current;
  GtkWidget *frame = gtk_frame_new (NULL);
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *enabled = gtk_check_button_new ();
  const char *program = qr_compile_doc_step_get (self->doc, p, s, "program");
  GtkWidget *name = step_entry (self, s, "name", qr_compile_doc_step_get (self->doc, p, s, "name"),
                                program != NULL && program[0] != '\0' ? program : _("Step name"));
  GtkWidget *program_entry = step_entry (self, s, "program", program, _("a program, or its path"));
  g_auto (GStrv) args = qr_compile_doc_step_args (self->doc, p, s);
  g_autofree char *line = qr_compile_args_to_line ((const char *const *) args);
  GtkWidget *args_entry = step_entry (self, s, "args", line, _("arguments, quoted as in a shell: ${MAP_FULL}"));
  GtkWidget *cwd = step_entry (self, s, "cwd", qr_compile_doc_step_get (self->doc, p, s, "cwd"),
                               _("the map's folder"));
  struct
  {
    const char *icon, *tooltip;
    int delta;
    gboolean sensitive;
  } moves[] = { { "go-up-symbolic", _("Run this step earlier"), -1, s > 0 },
                { "go-down-symbolic", _("Run this step later"), +1, s + 1 < n } };
  GtkWidget *remove = icon_button ("list-remove-symbolic", _("Remove this step"));

  gtk_check_button_set_active (GTK_CHECK_BUTTON (enabled), qr_compile_doc_step_enabled (self->doc, p, s));
  gtk_widget_set_tooltip_text (enabled, _("Run this step (off: the run passes it over)"));
  g_object_set_data (G_OBJECT (enabled), "index", GUINT_TO_POINTER (s));
  g_signal_connect (enabled, "toggled", G_CALLBACK (on_step_enabled), self);
  gtk_box_append (GTK_BOX (top), enabled);
  gtk_box_append (GTK_BOX (top), name);
  for (guint m = 0; m < G_N_ELEMENTS (moves); m++)
    {
      GtkWidget *button = icon_button (moves[m].icon, moves[m].tooltip);

      g_object_set_data (G_OBJECT (button), "index", GUINT_TO_POINTER (s));
      g_object_set_data (G_OBJECT (button), "delta", GINT_TO_POINTER (moves[m].delta));
      gtk_widget_set_sensitive (button, moves[m].sensitive);
      g_signal_connect (button, "clicked", G_CALLBACK (on_step_move), self);
      gtk_box_append (GTK_BOX (top), button);
    }
  g_object_set_data (G_OBJECT (remove), "index", GUINT_TO_POINTER (s));
  g_signal_connect (remove, "clicked", G_CALLBACK (on_step_remove), self);
  gtk_box_append (GTK_BOX (top), remove);

  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 8);
  gtk_widget_set_margin_start (grid, 8);
  gtk_widget_set_margin_end (grid, 8);
  gtk_widget_set_margin_top (grid, 6);
  gtk_widget_set_margin_bottom (grid, 8);
  gtk_grid_attach (GTK_GRID (grid), top, 0, 0, 2, 1);
  gtk_grid_attach (GTK_GRID (grid), form_label (_("Program"), program_entry), 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), program_entry, 1, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), form_label (_("Arguments"), args_entry), 0, 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), args_entry, 1, 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), form_label (_("Folder"), cwd), 0, 3, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), cwd, 1, 3, 1, 1);
  gtk_frame_set_child (GTK_FRAME (frame), grid);
  gtk_box_append (self->steps, frame);
  mark (program_entry, program == NULL || program[0] == '\0');
  return program_entry;
}

static void
clear_box (GtkBox *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
}

/* The chosen profile's forms, made anew (after a profile is chosen, a row
 * added, removed or moved); returns the last step's program entry. */
static GtkWidget *
fill_forms (QrCompileEditor *self)
{
  gboolean any = self->doc != NULL && self->current < qr_compile_doc_n_profiles (self->doc);
  GtkWidget *last = NULL;

  self->filling = TRUE;
  clear_box (self->variables);
  clear_box (self->steps);
  gtk_widget_set_sensitive (self->detail, any);
  gtk_widget_set_sensitive (self->duplicate_button, any);
  gtk_widget_set_sensitive (self->delete_button, any);
  gtk_widget_set_sensitive (self->new_button, self->doc != NULL);
  gtk_editable_set_text (GTK_EDITABLE (self->name_entry), any ? qr_compile_doc_profile_name (self->doc, self->current) : "");
  mark (GTK_WIDGET (self->name_entry), FALSE);
  if (any)
    {
      guint n = qr_compile_doc_n_steps (self->doc, self->current);

      for (guint i = 0; i < qr_compile_doc_n_variables (self->doc, self->current); i++)
        add_variable_row (self, i);
      for (guint s = 0; s < n; s++)
        last = add_step_form (self, s, n);
    }
  self->filling = FALSE;
  return last;
}

static void
fill_profiles (QrCompileEditor *self)
{
  GtkWidget *child;

  self->filling = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->profiles))) != NULL)
    gtk_list_box_remove (self->profiles, child);
  for (guint p = 0; self->doc != NULL && p < qr_compile_doc_n_profiles (self->doc); p++)
    {
      GtkWidget *label = gtk_label_new (qr_compile_doc_profile_name (self->doc, p));

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_set_margin_start (label, 6);
      gtk_widget_set_margin_end (label, 6);
      gtk_widget_set_margin_top (label, 4);
      gtk_widget_set_margin_bottom (label, 4);
      gtk_list_box_append (self->profiles, label);
    }
  if (self->current != G_MAXUINT)
    gtk_list_box_select_row (self->profiles, gtk_list_box_get_row_at_index (self->profiles, (int) self->current));
  self->filling = FALSE;
  fill_forms (self);
}

static void
on_profile_selected (GtkListBox *list, GtkListBoxRow *row, QrCompileEditor *self)
{
  if (self->filling || row == NULL)
    return;
  self->current = (guint) gtk_list_box_row_get_index (row);
  fill_forms (self);
}

/* ---- buttons ---- */

/* `base`, or "base 2", "base 3"… when a profile has that name. */
static char *
unique_name (QrCompileEditor *self, const char *base)
{
  char *name = g_strdup (base);

  for (guint k = 2; qr_compile_doc_has_profile (self->doc, name, G_MAXUINT); k++)
    {
      g_free (name);
      name = g_strdup_printf ("%s %u", base, k);
    }
  return name;
}

static void
choose (QrCompileEditor *self, guint p)
{
  self->current = p;
  edited (self);
  fill_profiles (self);
  /* The new name is typed over at once. */
  gtk_widget_grab_focus (GTK_WIDGET (self->name_entry));
}

static void
new_clicked (QrCompileEditor *self)
{
  g_autofree char *name = unique_name (self, _("New Profile"));

  choose (self, qr_compile_doc_add_profile (self->doc, name));
}

static void
duplicate_clicked (QrCompileEditor *self)
{
  g_autofree char *base = g_strdup_printf (_("%s (copy)"), qr_compile_doc_profile_name (self->doc, self->current));
  g_autofree char *name = unique_name (self, base);

  choose (self, qr_compile_doc_duplicate_profile (self->doc, self->current, name));
}

static void
on_delete_answer (GtkDialog *dialog, int response, QrCompileEditor *self)
{
  guint n;

  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response != GTK_RESPONSE_ACCEPT || self->doc == NULL || self->current >= qr_compile_doc_n_profiles (self->doc))
    return;
  qr_compile_doc_remove_profile (self->doc, self->current);
  n = qr_compile_doc_n_profiles (self->doc);
  self->current = n == 0 ? G_MAXUINT : MIN (self->current, n - 1);
  edited (self);
  fill_profiles (self);
}

static void
delete_clicked (QrCompileEditor *self)
{
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                              _("Delete the profile “%s”?"),
                                              qr_compile_doc_profile_name (self->doc, self->current));

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), _("Its steps and variables go with it."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL, _("_Delete"), GTK_RESPONSE_ACCEPT,
                          NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  g_signal_connect (dialog, "response", G_CALLBACK (on_delete_answer), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
add_variable_clicked (QrCompileEditor *self)
{
  g_autofree char *name = NULL;
  GtkWidget *last;

  for (guint k = 1;; k++)
    {
      g_free (name);
      name = k == 1 ? g_strdup ("NAME") : g_strdup_printf ("NAME%u", k);
      if (qr_compile_doc_add_variable (self->doc, self->current, name))
        break;
    }
  edited (self);
  fill_forms (self);
  last = gtk_widget_get_last_child (GTK_WIDGET (self->variables));
  if (last != NULL)
    gtk_widget_grab_focus (g_object_get_data (G_OBJECT (last), "name"));
}

static void
add_step_clicked (QrCompileEditor *self)
{
  GtkWidget *program;

  qr_compile_doc_add_step (self->doc, self->current, "");
  edited (self);
  program = fill_forms (self);
  /* A step is its program first: typed at once. */
  if (program != NULL)
    gtk_widget_grab_focus (program);
}

static void
open_file_clicked (QrCompileEditor *self)
{
  g_autoptr (GFile) file = g_file_new_for_path (self->path);
  g_autofree char *uri = g_file_get_uri (file);

  qr_compile_editor_flush (self);
  gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);
}

/* Reads the file again (after an edit by hand). */
static void
reload_clicked (QrCompileEditor *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = qr_compile_profiles_user_file (&error);

  qr_compile_editor_flush (self);
  g_clear_pointer (&self->doc, qr_compile_doc_free);
  if (path != NULL)
    {
      g_free (self->path);
      self->path = g_steal_pointer (&path);
      self->doc = qr_compile_doc_load (self->path, &error);
    }
  if (self->doc == NULL)
    {
      /* Nothing is written over a file that does not read: it is the user's. */
      g_autofree char *text = g_strdup_printf (_("%s — fix it in a text editor, then Reload"), error->message);
      say (self, text, TRUE);
      self->current = G_MAXUINT;
    }
  else
    {
      g_autofree char *text = g_strdup_printf (_("Profiles of %s"), self->path);
      say (self, text, FALSE);
      if (self->current >= qr_compile_doc_n_profiles (self->doc))
        self->current = qr_compile_doc_n_profiles (self->doc) > 0 ? 0 : G_MAXUINT;
    }
  fill_profiles (self);
}

static gboolean
on_close_request (GtkWindow *window)
{
  qr_compile_editor_flush (QR_COMPILE_EDITOR (window));
  return FALSE;
}

static gboolean
on_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state, QrCompileEditor *self)
{
  if (keyval != GDK_KEY_Escape)
    return FALSE;
  gtk_window_close (GTK_WINDOW (self));
  return TRUE;
}

/* ---- the window ---- */

static void
qr_compile_editor_dispose (GObject *object)
{
  QrCompileEditor *self = QR_COMPILE_EDITOR (object);

  if (self->save_source != 0)
    {
      g_source_remove (self->save_source);
      save_now (self);
    }
  G_OBJECT_CLASS (qr_compile_editor_parent_class)->dispose (object);
}

static void
qr_compile_editor_finalize (GObject *object)
{
  QrCompileEditor *self = QR_COMPILE_EDITOR (object);

  qr_compile_doc_free (self->doc);
  g_free (self->path);
  G_OBJECT_CLASS (qr_compile_editor_parent_class)->finalize (object);
}

static void
qr_compile_editor_class_init (QrCompileEditorClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = qr_compile_editor_dispose;
  G_OBJECT_CLASS (klass)->finalize = qr_compile_editor_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = on_close_request;
  signals[SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 0);
}

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 6);
  return label;
}

static GtkWidget *
text_button (const char *mnemonic, GCallback callback, QrCompileEditor *self)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (mnemonic);

  g_signal_connect_swapped (button, "clicked", callback, self);
  return button;
}

static void
qr_compile_editor_init (QrCompileEditor *self)
{
  GtkWidget *outer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *panes = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *left = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *list_scroll = gtk_scrolled_window_new ();
  GtkWidget *left_buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *detail_scroll = gtk_scrolled_window_new ();
  GtkWidget *detail = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *name_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *name_label = gtk_label_new_with_mnemonic (_("Na_me"));
  GtkWidget *known = gtk_label_new (_("The map is ${MAP_FULL} (its path), ${MAP_DIR}, ${MAP_FILE} and "
                                      "${MAP_BASE} (its name without extension); the profile's own follow."));
  GtkWidget *bottom = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->current = G_MAXUINT;
  gtk_window_set_title (GTK_WINDOW (self), _("Compile Profiles"));
  gtk_window_set_default_size (GTK_WINDOW (self), 820, 620);

  self->profiles = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->profiles, GTK_SELECTION_BROWSE);
  g_signal_connect (self->profiles, "row-selected", G_CALLBACK (on_profile_selected), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (list_scroll), GTK_WIDGET (self->profiles));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (list_scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (list_scroll, TRUE);
  gtk_widget_set_size_request (list_scroll, 220, -1);
  gtk_widget_add_css_class (list_scroll, "frame");
  self->new_button = text_button (_("_New"), G_CALLBACK (new_clicked), self);
  self->duplicate_button = text_button (_("_Duplicate"), G_CALLBACK (duplicate_clicked), self);
  self->delete_button = text_button (_("De_lete"), G_CALLBACK (delete_clicked), self);
  gtk_box_append (GTK_BOX (left_buttons), self->new_button);
  gtk_box_append (GTK_BOX (left_buttons), self->duplicate_button);
  gtk_box_append (GTK_BOX (left_buttons), self->delete_button);
  gtk_box_append (GTK_BOX (left), heading (_("Profiles")));
  gtk_box_append (GTK_BOX (left), list_scroll);
  gtk_box_append (GTK_BOX (left), left_buttons);

  self->name_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->name_entry), TRUE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (name_label), GTK_WIDGET (self->name_entry));
  g_signal_connect (self->name_entry, "changed", G_CALLBACK (on_name_changed), self);
  gtk_box_append (GTK_BOX (name_row), name_label);
  gtk_box_append (GTK_BOX (name_row), GTK_WIDGET (self->name_entry));
  self->variables = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4));
  self->steps = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 8));
  gtk_label_set_wrap (GTK_LABEL (known), TRUE);
  gtk_label_set_xalign (GTK_LABEL (known), 0);
  gtk_widget_add_css_class (known, "dim-label");
  gtk_box_append (GTK_BOX (detail), name_row);
  gtk_box_append (GTK_BOX (detail), heading (_("Variables")));
  gtk_box_append (GTK_BOX (detail), known);
  gtk_box_append (GTK_BOX (detail), GTK_WIDGET (self->variables));
  {
    GtkWidget *add = text_button (_("Add _Variable"), G_CALLBACK (add_variable_clicked), self);
    gtk_widget_set_halign (add, GTK_ALIGN_START);
    gtk_box_append (GTK_BOX (detail), add);
  }
  gtk_box_append (GTK_BOX (detail), heading (_("Steps")));
  gtk_box_append (GTK_BOX (detail), GTK_WIDGET (self->steps));
  {
    GtkWidget *add = text_button (_("Add _Step"), G_CALLBACK (add_step_clicked), self);
    gtk_widget_set_halign (add, GTK_ALIGN_START);
    gtk_box_append (GTK_BOX (detail), add);
  }
  gtk_widget_set_margin_end (detail, 12);
  self->detail = detail;
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (detail_scroll), detail);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (detail_scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_hexpand (detail_scroll, TRUE);
  gtk_widget_set_vexpand (detail_scroll, TRUE);
  gtk_box_append (GTK_BOX (panes), left);
  gtk_box_append (GTK_BOX (panes), detail_scroll);

  self->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->status, 0);
  gtk_label_set_wrap (self->status, TRUE);
  gtk_label_set_selectable (self->status, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->status), TRUE);
  gtk_box_append (GTK_BOX (bottom), GTK_WIDGET (self->status));
  gtk_box_append (GTK_BOX (bottom), text_button (_("_Reload"), G_CALLBACK (reload_clicked), self));
  gtk_box_append (GTK_BOX (bottom), text_button (_("Open in _Text Editor"), G_CALLBACK (open_file_clicked), self));

  gtk_box_append (GTK_BOX (outer), panes);
  gtk_box_append (GTK_BOX (outer), bottom);
  gtk_widget_set_margin_start (outer, 12);
  gtk_widget_set_margin_end (outer, 12);
  gtk_widget_set_margin_top (outer, 12);
  gtk_widget_set_margin_bottom (outer, 12);
  gtk_window_set_child (GTK_WINDOW (self), outer);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

QrCompileEditor *
qr_compile_editor_new (GtkWindow *parent, const char *profile)
{
  QrCompileEditor *self = g_object_new (QR_TYPE_COMPILE_EDITOR, NULL);

  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
  reload_clicked (self);
  for (guint p = 0; profile != NULL && self->doc != NULL && p < qr_compile_doc_n_profiles (self->doc); p++)
    if (g_ascii_strcasecmp (qr_compile_doc_profile_name (self->doc, p), profile) == 0)
      {
        self->current = p;
        fill_profiles (self);
        break;
      }
  return self;
}
