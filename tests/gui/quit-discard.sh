#!/bin/bash
# quit-discard: File ▸ Quit with unsaved changes asks first, and Discard ends the editor
# cleanly: a copy of data/maps/sample.map, Ctrl+A, Delete (the title gains "*"), Ctrl+Q: a
# dialog opens and the editor keeps running; Discard (Alt+D): the editor exits with status 0,
# the file on disk is unchanged and the log holds no GLib/GTK warning (the dialog used to
# outlive the window it was transient for and disconnect from it after it was freed).
TEST=quit-discard
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

work=$GUI_TMP/work
mkdir -p "$work"
cp "$SAMPLE_MAP" "$work/sample.map"

start_app edit "$work/sample.map" || bail "the editor shows a window"
wait_loaded edit-1-loaded || bail "sample.map loads and draws the Top view"
point_at "$RTOP"
keys ctrl+a Delete
check "Ctrl+A, Delete: the title shows the change" wait_title "*sample.map – Quarry"

sleep 0.5
before=$(shot edit-2-before-quit)
keys ctrl+q
if dlg=$(wait_dialog); then
  ok "Ctrl+Q: a dialog asks about the unsaved changes ($(wait_window_drawn "$dlg" edit-3-asked "$before"))"
  check "the editor still runs while it asks" app_alive
  window_keys "$dlg" alt+d
  if wait_app_exit; then
    check "Discard: the editor exits with status 0 (status $APP_STATUS)" [ "$APP_STATUS" = 0 ]
  else
    not_ok "Discard: the editor exits ($(shot edit-4-discarded))"
  fi
else
  not_ok "Ctrl+Q: a dialog asks about the unsaved changes ($(shot edit-3-asked))"
fi
check "the file on disk is unchanged" cmp -s "$SAMPLE_MAP" "$work/sample.map"

finish
