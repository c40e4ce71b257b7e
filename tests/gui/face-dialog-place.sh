#!/bin/bash
# face-dialog-place: Face Properties opens where it was last closed, in the next session too
# (issue 14: "remembers its place"). GTK 4 cannot place a toplevel; on X11 the dialog does it
# through Xlib from the face-dialog-position setting. The editor runs twice with one keyfile
# settings folder (the other tests keep settings in memory): the dialog is moved to 650,300
# and closed, the editor quits; started again, the dialog opens at 650,300 with its size.
TEST=face-dialog-place
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

SETTINGS_HOME=$GUI_TMP/settings-home
mkdir -p "$SETTINGS_HOME/config" "$SETTINGS_HOME/runtime"
chmod 700 "$SETTINGS_HOME/runtime"

# run_app STEP: as start_app, with the keyfile settings kept in SETTINGS_HOME.
run_app () {
  stop_app
  HOME=$SETTINGS_HOME XDG_CONFIG_HOME=$SETTINGS_HOME/config XDG_RUNTIME_DIR=$SETTINGS_HOME/runtime \
    GSETTINGS_BACKEND=keyfile NO_AT_BRIDGE=1 GTK_A11Y=none \
    "$QUARRY_APP" "$SAMPLE_MAP" > "$QUARRY_GUI_ARTEFACTS/$TEST-$1-app.log" 2>&1 &
  APP_PID=$!
  APP_LOG=$QUARRY_GUI_ARTEFACTS/$TEST-$1-app.log
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT)) id
  while [ $SECONDS -lt $deadline ]; do
    for id in $(xdotool search --name ' – Quarry$' 2> /dev/null); do
      WIN=$id
      return 0
    done
    sleep 0.2
  done
  return 1
}

# place ID: prints the window's "X Y W H".
place () {
  xdotool getwindowgeometry --shell "$1" | awk -F= '{ v[$1] = $2 } END { print v["X"], v["Y"], v["WIDTH"], v["HEIGHT"] }'
}

run_app first || bail "the editor starts"
wait_loaded 0-first-loaded || bail "it draws the sample map"
keys ctrl+shift+f
DLG=$(wait_window "Face Properties") || bail "Ctrl+Shift+F opens Face Properties"
wait_window_drawn "$DLG" 1-opened > /dev/null
read -r X0 Y0 W0 H0 <<< "$(place "$DLG")"
diag "opened at $X0,$Y0, $W0 x $H0"
xdotool windowmove "$DLG" 650 300
sleep 0.5
read -r X1 Y1 _ _ <<< "$(place "$DLG")"
check "xdotool moved the dialog to 650,300 ($X1,$Y1)" test "$X1,$Y1" = "650,300"
# closing hides it (its X window stays): the setting is written then
window_keys "$DLG" Escape
sleep 0.5
keys ctrl+q
wait_app_exit || bail "Ctrl+Q quits"
# With its last client gone, Xvfb resets and refuses connections for a moment.
sleep 2

run_app second || bail "the editor starts again"
wait_loaded 1-second-loaded || bail "it draws the sample map again"
keys ctrl+shift+f
DLG=$(wait_window "Face Properties") || bail "Ctrl+Shift+F opens Face Properties again"
wait_window_drawn "$DLG" 2-reopened > /dev/null
read -r X2 Y2 W2 H2 <<< "$(place "$DLG")"
check "the next session opens it where it was closed: 650,300 ($X2,$Y2)" test "$X2,$Y2" = "650,300"
check "with its size: $W0 x $H0 ($W2 x $H2)" test "${W2}x$H2" = "${W0}x$H0"
finish
