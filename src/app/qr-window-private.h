/* qr-window-private.h — QrWindow's state, shared by the files that make
 * it up: qr-window.c (views, document, status, history),
 * qr-window-actions.c, qr-window-files.c (open, save, close) and
 * qr-window-bench.c. */
#pragma once

#include "qr-camera-canvas.h"
#include "qr-camera-place.h"
#include "qr-document.h"
#include "qr-entity-links.h"
#include "qr-entity-names.h"
#include "qr-entity-props.h"
#include "qr-io.h"
#include "qr-ortho-canvas.h"
#include "qr-scene-gl.h"
#include "qr-scene-mesh.h"
#include "qr-texture-browser.h"
#include "qr-tool.h"
#include "qr-view-pane.h"
#include "qr-window.h"

G_BEGIN_DECLS

typedef struct _QrRenderBench QrRenderBench;
typedef struct _QrFaceDialog QrFaceDialog;
typedef struct _QrReplaceDialog QrReplaceDialog;
typedef struct _QrFindDialog QrFindDialog;
typedef struct _QrEntityChooser QrEntityChooser;
typedef struct _QrDispPanel QrDispPanel;
typedef struct _QrWindowMonitor QrWindowMonitor;

struct _QrWindow
{
  GtkApplicationWindow parent_instance;

  /* template widgets */
  GtkPopoverMenuBar *menu_bar;
  GtkStack *tool_options;
  GtkDropDown *shape_list;
  GtkRevealer *shape_sides_revealer;
  GtkSpinButton *shape_sides;
  GtkRevealer *shape_arch_revealer;
  GtkSpinButton *shape_arc;
  GtkSpinButton *shape_wall;
  QrEntityChooser *entity_chooser; /* the Entity tool's class */
  QrDispPanel *disp_panel;         /* the Displacement tool's options */
  GtkPaned *rows;
  GtkPaned *upper;
  GtkPaned *lower;
  QrViewPane *pane_3d;
  QrViewPane *pane_top;
  QrViewPane *pane_front;
  QrViewPane *pane_side;
  QrCameraCanvas *camera_canvas;
  QrOrthoCanvas *top_canvas;
  QrOrthoCanvas *front_canvas;
  QrOrthoCanvas *side_canvas;
  GtkInfoBar *invalid_bar;
  GtkLabel *invalid_label;
  GtkButton *invalid_select;
  GtkInfoBar *texture_bar;    /* over the 3D view; made in code */
  GtkLabel *texture_label;
  GtkRevealer *load_revealer;
  GtkLabel *load_label;
  GtkProgressBar *load_progress;
  GtkRevealer *history_revealer;
  GtkRevealer *entity_revealer;
  GtkRevealer *groups_revealer;
  GtkStack *groups_stack; /* page "layers" for .map documents, "visgroups" for .vmf */
  GtkBox *layers_slot;    /* the Layers panel goes here */
  GtkBox *visgroups_slot; /* the Visgroups panel goes here */
  GtkRevealer *problems_revealer;
  GtkBox *problems_slot;     /* the Problems panel goes here */
  GtkBox *entity_props_slot; /* the property editor goes here */
  GtkBox *entity_list_slot;  /* the entity list goes here */
  char *entdefs_note;        /* what loading the entity definitions wants said, or NULL */
  GtkRevealer *texture_revealer;
  QrTextureBrowser *texture_browser;
  GtkLabel *texture_button_label;
  GtkListBox *history_list;
  GtkLabel *status_message;
  GtkProgressBar *export_progress; /* pulses while an export runs */
  GtkLabel *status_pointer;
  GtkLabel *status_grid;
  GtkLabel *status_zoom;
  GtkLabel *status_selection;

  /* borrowed */
  QrOrthoCanvas *last_ortho;  /* the 2D view the pointer was last over */
  GtkWidget *last_pane;       /* the pane the pointer was last over */
  QrEntityProps *entity_props; /* in entity_props_slot */

  /* owned */
  GSettings *settings;
  QrDocument *document;
  GFile *file;               /* NULL until saved or opened */
  QrSaveFormat save_format;  /* how Save writes `file` */
  QrSceneMesh *mesh;
  QrSceneGl *scene;
  GdkGLContext *gl_context;  /* the four views', while realized; NULL if it failed */
  GCancellable *load_cancellable;
  GCancellable *texture_cancellable; /* while the map's textures load */
  char *texture_game;        /* the game whose search folders Locate adds to */
  QrTextureFinder *texture_finder; /* the map's collections, once loaded; the browser borrows it */
  guint texture_uses_source; /* idle that recounts the browser's uses */
  char *texture_wad_key;     /* the `wad` value the textures were loaded for */
  char *texture_game_chosen; /* the game the user says the map is, or NULL */
  int grid_size;
  gboolean show_grid;
  guint split_source;        /* idle that syncs the splits (sync_splits) */
  int split_length[3];       /* rows, upper, lower: their length when last synced */
  gboolean closing_confirmed;
  QrRenderBench *bench;
  QrTool *select_tool;
  QrTool *block_tool;
  QrTool *clip_tool;
  QrTool *texture_tool;
  QrTool *entity_tool;
  QrTool *landscape_tool;
  QrTool *disp_tool;
  QrTool *vertex_tool;
  QrTool *tool;              /* borrowed: the active one of the above */
  GArray *preview;           /* QrPreviewSegment: the active tool's */
  GArray *overlay;           /* QrOverlayLine: the preview as the 3D view draws it */
  guint overlay_shared_lines; /* how many of overlay every view draws (the rest: the 3D view's handles) */
  GArray *leak_points;        /* QrVec3: a loaded leak trace (qr-window-leak.c), or NULL */
  int leak_at;                /* the trace point the 3D camera was put at, or -1 */
  GArray *view_overlay[3];   /* QrOverlayLine: the preview and handles of each design canvas,
                              * then the camera's marker */
  guint view_tool_lines[3];  /* how many of view_overlay[i] are the tool's */
  QrEntityLinks *links;      /* who names whom, for the overlay's lines between entities */
  GArray *link_scratch;      /* QrEntityLink */
  GtkWidget *entity_names[3]; /* borrowed (their panes hold them): over each design canvas */
  QrCameraPart camera_drag;  /* the part of the camera's marker being dragged */
  QrVec3 camera_grab;        /* where the drag took it, from the part's centre */
  gboolean camera_hover;     /* the pointer is over the camera's marker */
  gboolean render_mode_chosen; /* the user picked the 3D style: textures found do not change it */
  QrFaceDialog *face_dialog;       /* made when first shown */
  QrReplaceDialog *replace_dialog; /* made when first shown */
  QrFindDialog *find_dialog;       /* made when first shown (qr-window-find.c) */
  struct _QrCompilePanel *compile; /* made when first shown (qr-window-compile.c) */
  unsigned view_filter;            /* QrViewFilter: kinds the views leave out (qr-window-filter.c) */
  char *tie_class;                 /* the solid class Tie to Entity offers first, or NULL */
  QrWindowMonitor *monitor;        /* the file on disk (qr-window-monitor.c) */
  /* autosave (qr-window-autosave.c) */
  char *autosave_doc;        /* the document's name in the autosave store, or NULL */
  guint autosave_timer;      /* every autosave-interval */
  guint autosave_idle;       /* a little after the last change */
  gboolean autosave_dirty;   /* changed since the last autosave began */
  gboolean autosave_running; /* a worker is writing one */
  /* export (qr-window-export.c) */
  gboolean export_running;   /* a worker is writing one: a second waits for it */
  guint export_pulse;        /* pulses export_progress */
};

/* qr-window.c */
void _qr_window_set_document (QrWindow *self, QrDocument *doc, GFile *file, QrSaveFormat format);
void _qr_window_set_message (QrWindow *self, const char *message);
void _qr_window_update_title (QrWindow *self);
char *_qr_window_dup_file_name (GFile *file);
void _qr_window_queue_render_all (QrWindow *self);
QrBounds _qr_window_map_bounds (QrWindow *self, gboolean selection_only);
/* The design canvases in order top, front, side (0, 1, 2). */
QrOrthoCanvas *_qr_window_get_ortho (QrWindow *self, int i);
/* Frames the map, or the selection, in all four views. */
void _qr_window_frame (QrWindow *self, gboolean selection_only);
void _qr_window_show_error (QrWindow *self, const char *primary, const GError *error);
void _qr_window_dismiss_dialog (GtkWindow *dialog);

/* qr-window-actions.c */
void _qr_window_init_actions (QrWindow *self);
void _qr_window_update_actions (QrWindow *self);
void _qr_window_set_maximized_pane (QrWindow *self, const char *id);
/* The document's texture set changed: the 3D view turns textured once a
 * texture is loaded, unless the user chose a style. */
void _qr_window_textures_changed (QrWindow *self);

/* qr-window-files.c */
typedef void (*QrWindowContinuation) (QrWindow *self, gpointer data);
void _qr_window_open (QrWindow *self);
/* Loads `file` here when this window is unused, else in a new window:
 * one window per document. */
void _qr_window_open_file (QrWindow *self, GFile *file);
/* Saves (asking for a file when there is none or save_as), then runs
 * `then` if the save succeeded; `destroy` frees data either way. */
void _qr_window_save (QrWindow *self, gboolean save_as, QrWindowContinuation then, gpointer data,
                      GDestroyNotify destroy);
/* Runs `then` once unsaved changes are saved or discarded; drops it when
 * the user cancels. */
/* Opens an autosave as an unsaved document bound to `original` (NULL:
 * untitled), saved in `format`: Save writes the original. */
void _qr_window_recover (QrWindow *self, const char *autosave, const char *original, QrSaveFormat format);
void _qr_window_confirm_discard (QrWindow *self, QrWindowContinuation then, gpointer data,
                                 GDestroyNotify destroy);

/* qr-window-tools.c */
void _qr_window_init_tools (QrWindow *self);
void _qr_window_clear_tools (QrWindow *self);
void _qr_window_refresh_tool_overlay (QrWindow *self);
/* Redraws the camera's marker in the design views (the tool's lines stay). */
void _qr_window_refresh_camera_marker (QrWindow *self);

/* qr-window-entity-tool.c */
/* The Entity tool's class chooser, and Tie to Entity's (win.tie-choose). */
void _qr_window_init_entity_tool (QrWindow *self);
/* The document's definitions changed (or the document): the choosers follow. */
void _qr_window_entity_defs_follow (QrWindow *self);
void _qr_window_clear_entity_tool (QrWindow *self);
/* qr-window-landscape-tool.c: the Landscape tool's page of the tool
 * options, and its following the selected landscape on every change. */
void _qr_window_init_landscape_tool (QrWindow *self);
void _qr_window_landscape_follow (QrWindow *self);

/* qr-window-disp-tool.c: the Displacement tool's panel and its actions
 * (win.disp-create, -power, -destroy, -sew). */
void _qr_window_init_disp_tool (QrWindow *self);

/* qr-window-textures.c */
/* Finds and decodes the document's textures on a worker thread. */
void _qr_window_load_textures (QrWindow *self);
/* qr-window-entdefs.c: gives the document the entity definitions its map
 * asks for (`_tb_def`) or its game's file in Preferences names, or none. */
void _qr_window_load_entdefs (QrWindow *self);
void _qr_window_locate_textures (QrWindow *self);
void _qr_window_init_textures (GtkWidgetClass *widget_class);
/* The document changed: the browser's use counts follow, when it shows. */
void _qr_window_textures_document_changed (QrWindow *self, const QrChangeSet *changes);
void _qr_window_clear_textures (QrWindow *self);
void _qr_window_show_texture_folders (QrWindow *self);
/* The game the map is taken for, by its texture folders, compile profile
 * and entity definitions alike: the one picked in Texture Folders, else
 * the one its textures showed (WAD3: Half-Life), else its dialect's. */
const char *_qr_window_map_game (QrWindow *self);
/* The folders the map's textures are searched in (Texture Folders), for a
 * finder made on another thread; NULL-terminated. */
char **_qr_window_dup_texture_search (QrWindow *self);
/* The missing-textures bar over the 3D view, and the view taking textures
 * dropped from the browser. */
void _qr_window_setup_texture_drop (QrWindow *self);
/* Gives name to a face (brush, face), or to every face of the selected
 * brushes when brush is 0 (ids start at 1): one undo step. */
void _qr_window_apply_texture (QrWindow *self, const char *name, QrId brush, int face);
/* The Texture tool's eyedropper made name current: the tool bar's button,
 * the browser's choice and new brushes follow. */
void _qr_window_set_current_texture (QrWindow *self, const char *name);

/* qr-window-faces.c */
/* Shows Face Properties (the Texture tool calls it too), made on first use. */
void _qr_window_show_face_dialog (QrWindow *self);
void _qr_window_hide_face_dialog (QrWindow *self);
void _qr_window_show_replace_dialog (QrWindow *self);
/* The document or the texture collections changed: the dialogs follow. */
void _qr_window_faces_follow (QrWindow *self);
void _qr_window_clear_faces (QrWindow *self);

/* qr-window-find.c: Edit ▸ Find Objects…, made on first use; follows the
 * window's document. */
void _qr_window_show_find_dialog (QrWindow *self);
void _qr_window_find_follow (QrWindow *self);
void _qr_window_clear_find (QrWindow *self);

/* qr-window-monitor.c: the open file changed on disk (a bar offers Reload
 * or Keep Mine). watch_file follows `file` after every open and save and
 * takes what is on disk then as the window's own. */
void _qr_window_init_monitor (QrWindow *self);
void _qr_window_watch_file (QrWindow *self);
void _qr_window_clear_monitor (QrWindow *self);

/* qr-window-autosave.c */
void _qr_window_init_autosave (QrWindow *self);
void _qr_window_clear_autosave (QrWindow *self);
void _qr_window_autosave_document_changed (QrWindow *self, const QrChangeSet *changes);
/* The document or its file changed: its name in the autosave store follows. */
void _qr_window_autosave_follow (QrWindow *self);
/* The document was saved: its autosaves are no longer offered for recovery. */
void _qr_window_autosave_saved (QrWindow *self);
/* qr-window-export.c: File ▸ Export ▸ OBJ… and glTF Binary… (win.export-obj,
 * win.export-gltf): options, a file chooser, then a worker writes the files. */
void _qr_window_init_export (QrWindow *self);
/* qr-window-filter.c: View ▸ Filter, the kinds of object the views show. */
void _qr_window_init_filter (QrWindow *self);
/* Gives the document the window's filter (a new document too). */
void _qr_window_apply_view_filter (QrWindow *self);
/* qr-window-compile.c: File ▸ Compile, the compile profiles run. */
typedef struct _QrCompilePanel QrCompilePanel;
void _qr_window_init_compile (QrWindow *self);
void _qr_window_clear_compile (QrWindow *self);
/* qr-window-leak.c: a compile's leak trace, drawn in every view. */
void _qr_window_init_leak (QrWindow *self);
void _qr_window_load_pointfile (QrWindow *self, const char *path);
void _qr_window_unload_pointfile (QrWindow *self);
/* Appends the trace's segments to `lines` (QrOverlayLine) in `color`. */
void _qr_window_append_leak (QrWindow *self, GArray *lines, uint32_t color);
void _qr_window_clear_export (QrWindow *self);
/* qr-window-bench.c */
void _qr_window_bench_free (QrRenderBench *bench);

G_END_DECLS
