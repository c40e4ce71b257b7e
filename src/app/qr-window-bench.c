/* qr-window-bench.c — quarry --bench-render: how long the four views take
 * to redraw a real map in a real window.
 *
 * Two figures. First frame: from the moment the kernel started the process
 * to the end of the first frame in which all four views drew the loaded
 * map. Redraw: each of N frames queues all four views; a frame's time runs
 * from the frame clock's before-paint to its after-paint, which includes
 * the swap: the window cannot be presented before every view has been
 * rasterised. The median is printed, with the wall time per frame beside
 * it (frames follow each other at once, so the two agree unless the frame
 * clock waits). Each frame invalidates the views' layer caches first, so
 * that every frame draws the whole map. Then the edits of issue 17's scale
 * figures, each timed from the action to the end of the frame showing it:
 * the History and Entities panels shown, Select All, a nudge of everything
 * selected, Undo, Redo. */
/* quarry --bench-drag: the feel of dragging. After the first frame, the
 * Select tool drags one brush, then 100 brushes, of the map across the
 * Top view, then the Vertex tool a corner of one brush, one motion event
 * per frame: each event's time runs from the
 * moment it reaches the tool, at the start of a frame as GDK delivers
 * input, to the end of that frame, which shows all four views redrawn. Only the dragged brushes are rebuilt and uploaded. */
#include "qr-window-private.h"
#include "qr-operations.h"

#include <math.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

struct _QrRenderBench
{
  QrWindow *window; /* borrowed: the window owns the bench */
  int frames;
  gboolean loaded;
  guint rendered;   /* views drawn in the current frame: bit per view */
  GArray *times;    /* double ms per frame */
  gint64 frame_start;
  gint64 wall_start;
  double first_frame_ms;
  double textured_ms;  /* the first frame with the map's textures loaded; 0: it has none */
  gulong before_paint_id;
  gulong after_paint_id;
  gboolean drag;       /* --bench-drag rather than --bench-render */
  int drag_phase;      /* index into DRAG_COUNTS */
  QrInput drag_input;  /* the pointer as the drag started */
  gint64 event_start;
  gboolean event_due;  /* inject the next motion event when the frame starts */
  int edit_phase;      /* index into EDIT_NAMES while the edits run; -1 before */
  gint64 edit_start;
  double edit_handler_ms; /* the action's own time, before any drawing */
};

static const char *const EDIT_NAMES[] = { "show panels", "select all", "move all", "undo", "redo" };

/* How many brushes each drag phase moves, and with which tool: Select
 * moves them; Vertex drags a corner of one (issue 19), so that each event
 * rebuilds its hull for the preview. */
static const guint DRAG_COUNTS[] = { 1, 100, 1 };
static const char *const DRAG_TOOLS[] = { "select", "select", "vertex" };

static QrTool *
drag_tool (QrRenderBench *bench)
{
  QrWindow *self = bench->window;

  return g_str_equal (DRAG_TOOLS[bench->drag_phase], "vertex") ? self->vertex_tool : self->select_tool;
}

/* Milliseconds since the kernel started this process. */
static double
ms_since_process_start (void)
{
  g_autofree char *stat = NULL;
  if (!g_file_get_contents ("/proc/self/stat", &stat, NULL, NULL))
    return -1;
  /* Field 22 (starttime, clock ticks after boot) follows the command name in parentheses. */
  const char *p = strrchr (stat, ')');
  if (p == NULL)
    return -1;
  unsigned long long start = 0;
  int field = 2;
  for (p++; *p != '\0' && field < 22; p++)
    if (*p == ' ')
      field++;
  if (sscanf (p, "%llu", &start) != 1)
    return -1;
  struct timespec now;
  clock_gettime (CLOCK_BOOTTIME, &now);
  double ticks = (double) sysconf (_SC_CLK_TCK);
  return (now.tv_sec + now.tv_nsec / 1e9 - start / ticks) * 1000.0;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static void
queue_frame (QrRenderBench *bench)
{
  bench->rendered = 0;
  /* A full redraw: the views' pictures of the unselected part are not reused. */
  qr_scene_gl_invalidate (bench->window->scene);
  _qr_window_queue_render_all (bench->window);
}

static void
stop (QrRenderBench *bench)
{
  QrWindow *self = bench->window;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  g_signal_handler_disconnect (clock, bench->before_paint_id);
  g_signal_handler_disconnect (clock, bench->after_paint_id);
  bench->before_paint_id = bench->after_paint_id = 0;
  g_application_quit (G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
}

/* Runs edit phase bench->edit_phase and queues the frame that shows it. */
static void
edit_begin (QrRenderBench *bench)
{
  QrWindow *self = bench->window;
  GActionGroup *actions = G_ACTION_GROUP (self);

  bench->edit_start = g_get_monotonic_time ();
  switch (bench->edit_phase)
    {
    case 0:
      g_action_group_change_action_state (actions, "show-history", g_variant_new_boolean (TRUE));
      g_action_group_change_action_state (actions, "show-entities", g_variant_new_boolean (TRUE));
      break;
    case 1:
      g_action_group_activate_action (actions, "select-all", NULL);
      break;
    case 2:
      {
        /* What an arrow key does in the Top view (qr-window-tools.c). */
        g_autoptr (QrSelection) sel = qr_selection_copy (qr_document_get_selection (self->document));
        QrObjects objs = qr_objects_of_selection (sel);
        qr_op_nudge (self->document, &objs, qr_vec3 (self->grid_size, 0, 0), NULL);
        break;
      }
    case 3:
      g_action_group_activate_action (actions, "undo", NULL);
      break;
    case 4:
      g_action_group_activate_action (actions, "redo", NULL);
      break;
    default:
      g_assert_not_reached ();
    }
  bench->edit_handler_ms = (g_get_monotonic_time () - bench->edit_start) / 1000.0;
  bench->rendered = 0;
  _qr_window_queue_render_all (self);
}

static void
edit_done (QrRenderBench *bench)
{
  printf ("edit %s: %.1f ms to the end of its frame (%.1f ms in the action)\n", EDIT_NAMES[bench->edit_phase],
          (g_get_monotonic_time () - bench->edit_start) / 1000.0, bench->edit_handler_ms);
  fflush (stdout);
  if (++bench->edit_phase < (int) G_N_ELEMENTS (EDIT_NAMES))
    edit_begin (bench);
  else
    stop (bench);
}

static void
finish (QrRenderBench *bench)
{
  QrWindow *self = bench->window;
  double wall = (g_get_monotonic_time () - bench->wall_start) / 1000.0 / bench->times->len;
  g_array_sort (bench->times, compare_doubles);
  double median = g_array_index (bench->times, double, bench->times->len / 2);
  const QrMap *map = qr_document_get_map (self->document);
  g_autofree char *name = self->file ? _qr_window_dup_file_name (self->file) : g_strdup ("untitled");
  printf ("bench-render %s: %u brushes, %d frames of four views at %dx%d\n", name, qr_map_count_brushes (map),
          bench->times->len, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)));
  printf ("first complete frame: %.1f ms after process start\n", bench->first_frame_ms);
  if (bench->textured_ms > 0)
    printf ("first textured frame: %.1f ms after process start\n", bench->textured_ms);
  printf ("redraw median: %.2f ms (min %.2f, max %.2f); wall time per frame %.2f ms\n", median,
          g_array_index (bench->times, double, 0), g_array_index (bench->times, double, bench->times->len - 1),
          wall);
  fflush (stdout);
  bench->edit_phase = 0;
  edit_begin (bench);
}

/* Selects DRAG_COUNTS[phase] valid brushes from the middle of the map and
 * presses the Select tool on the first one's centre in the Top view. */
static gboolean
drag_begin (QrRenderBench *bench)
{
  QrWindow *self = bench->window;
  const QrMap *map = qr_document_get_map (self->document);
  g_autoptr (GPtrArray) valid = g_ptr_array_new ();
  for (guint e = 0; e < qr_map_entity_count (map); e++)
    for (guint b = 0; b < qr_entity_brush_count (qr_map_get_entity (map, e)); b++)
      {
        QrBrush *brush = qr_entity_get_brush (qr_map_get_entity (map, e), b);
        if (qr_brush_is_valid (brush))
          g_ptr_array_add (valid, brush);
      }
  guint count = DRAG_COUNTS[bench->drag_phase];
  if (valid->len < count)
    return FALSE;
  guint first = (valid->len - count) / 2;
  g_autoptr (QrSelection) sel = qr_selection_new ();
  for (guint i = 0; i < count; i++)
    qr_selection_add_brush (sel, ((QrBrush *) valid->pdata[first + i])->id);
  qr_document_set_selection (self->document, sel);

  const QrBrush *brush = valid->pdata[first];
  const QrOrthoView *view = qr_ortho_canvas_get_view (self->top_canvas);
  QrInput in = {
    .view = 0,
    .point = qr_vec3_scale (qr_vec3_add (brush->poly->bounds.min, brush->poly->bounds.max), 0.5),
    .pixel = 1.0 / qr_ortho_view_get_zoom (view),
    .grid = 16,
  };
  if (g_str_equal (DRAG_TOOLS[bench->drag_phase], "vertex"))
    {
      /* The corner furthest along +x +y in the Top view, dragged along +x:
       * outwards, so the hull keeps every corner. */
      for (int v = 0; v < brush->poly->n_verts; v++)
        {
          QrVec3 c = brush->poly->verts[v];

          if (v == 0 || c.x + c.y > in.point.x + in.point.y)
            in.point = c;
        }
    }
  bench->drag_input = in;
  g_action_group_activate_action (G_ACTION_GROUP (self), "tool", g_variant_new_string (DRAG_TOOLS[bench->drag_phase]));
  qr_tool_press (drag_tool (bench), self->document, &in, 1);
  return TRUE;
}

/* The next motion event: 16 more units along X, so every event moves the
 * brushes. GDK delivers input at the start of a frame, so the event is
 * injected there (before-paint) and the frame that follows shows it. */
static void
drag_event (QrRenderBench *bench)
{
  bench->event_due = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (bench->window));
}

static void
inject_event (QrRenderBench *bench)
{
  QrWindow *self = bench->window;
  QrInput in = bench->drag_input;
  in.point.x += 16.0 * (bench->times->len + 1);
  bench->event_due = FALSE;
  bench->rendered = 0;
  bench->event_start = g_get_monotonic_time ();
  qr_tool_drag (drag_tool (bench), self->document, &in);
  _qr_window_queue_render_all (self);
}

static void
drag_phase_done (QrRenderBench *bench)
{
  QrWindow *self = bench->window;
  QrInput in = bench->drag_input;
  qr_tool_release (drag_tool (bench), self->document, &in);
  g_array_sort (bench->times, compare_doubles);
  double median = g_array_index (bench->times, double, bench->times->len / 2);
  printf ("%sdrag %u brush%s: median %.2f ms per motion event, event to finished redraw (min %.2f, max %.2f, %u events)\n",
          g_str_equal (DRAG_TOOLS[bench->drag_phase], "vertex") ? "vertex " : "",
          DRAG_COUNTS[bench->drag_phase], DRAG_COUNTS[bench->drag_phase] == 1 ? "" : "es", median,
          g_array_index (bench->times, double, 0), g_array_index (bench->times, double, bench->times->len - 1),
          bench->times->len);
  fflush (stdout);
  g_array_set_size (bench->times, 0);
  bench->drag_phase++;
  if (bench->drag_phase >= (int) G_N_ELEMENTS (DRAG_COUNTS) || !drag_begin (bench))
    {
      stop (bench);
      return;
    }
  drag_event (bench);
}

static void
on_before_paint (GdkFrameClock *clock, QrRenderBench *bench)
{
  bench->frame_start = g_get_monotonic_time ();
  if (bench->event_due)
    inject_event (bench);
}

static void
on_after_paint (GdkFrameClock *clock, QrRenderBench *bench)
{
  QrWindow *self = bench->window;
  if (!bench->loaded || bench->rendered != 0xf)
    return;
  if (bench->edit_phase >= 0)
    {
      edit_done (bench);
      return;
    }
  double ms = (g_get_monotonic_time () - bench->frame_start) / 1000.0;
  if (bench->first_frame_ms < 0)
    {
      bench->first_frame_ms = ms_since_process_start ();
      bench->wall_start = g_get_monotonic_time ();
      if (bench->drag)
        {
          printf ("first complete frame: %.1f ms after process start\n", bench->first_frame_ms);
          if (!drag_begin (bench))
            {
              stop (bench);
              return;
            }
          drag_event (bench);
          return;
        }
    }
  else if (!bench->drag && bench->textured_ms < 0)
    {
      /* The redraws are timed once the textures are in: while they load the
       * views draw shaded; the load's end queues the frame that shows them. */
      if (self->texture_cancellable != NULL)
        return;
      bench->textured_ms = qr_texture_set_count (qr_document_get_textures (self->document)) > 0
                               ? ms_since_process_start ()
                               : 0;
      bench->wall_start = g_get_monotonic_time ();
      queue_frame (bench);
      return;
    }
  else if (bench->drag)
    {
      ms = (g_get_monotonic_time () - bench->event_start) / 1000.0;
      g_array_append_val (bench->times, ms);
      if ((int) bench->times->len >= bench->frames)
        drag_phase_done (bench);
      else
        drag_event (bench);
      return;
    }
  else
    g_array_append_val (bench->times, ms);
  if ((int) bench->times->len >= bench->frames)
    finish (bench);
  else
    queue_frame (bench);
}

static void
on_rendered (GtkWidget *canvas, QrRenderBench *bench)
{
  QrWindow *self = bench->window;
  GtkWidget *views[4] = { GTK_WIDGET (self->camera_canvas), GTK_WIDGET (self->top_canvas),
                          GTK_WIDGET (self->front_canvas), GTK_WIDGET (self->side_canvas) };
  for (int i = 0; i < 4; i++)
    if (views[i] == canvas)
      bench->rendered |= 1u << i;
}

void
_qr_window_bench_free (QrRenderBench *bench)
{
  if (bench->times != NULL)
    g_array_unref (bench->times);
  g_free (bench);
}

static void
on_realize (GtkWidget *widget, QrRenderBench *bench)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  bench->before_paint_id = g_signal_connect (clock, "before-paint", G_CALLBACK (on_before_paint), bench);
  bench->after_paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), bench);
}

/* The frames count from the map, not from the empty window before it. */
static void
on_map_loaded (QrWindow *window, QrRenderBench *bench)
{
  bench->loaded = TRUE;
  queue_frame (bench);
}

void
qr_window_start_render_bench (QrWindow *self, int frames, gboolean drag)
{
  g_return_if_fail (QR_IS_WINDOW (self));
  g_return_if_fail (self->bench == NULL);

  QrRenderBench *bench = g_new0 (QrRenderBench, 1);
  bench->drag = drag;
  bench->window = self;
  bench->frames = MAX (frames, 1);
  bench->times = g_array_new (FALSE, FALSE, sizeof (double));
  bench->first_frame_ms = -1;
  bench->textured_ms = -1;
  bench->edit_phase = -1;
  self->bench = bench;

  GtkWidget *views[4] = { GTK_WIDGET (self->camera_canvas), GTK_WIDGET (self->top_canvas),
                          GTK_WIDGET (self->front_canvas), GTK_WIDGET (self->side_canvas) };
  for (int i = 0; i < 4; i++)
    g_signal_connect (views[i], "rendered", G_CALLBACK (on_rendered), bench);
  g_signal_connect (self, "map-loaded", G_CALLBACK (on_map_loaded), bench);
  if (gtk_widget_get_realized (GTK_WIDGET (self)))
    on_realize (GTK_WIDGET (self), bench);
  else
    g_signal_connect (self, "realize", G_CALLBACK (on_realize), bench);
}

