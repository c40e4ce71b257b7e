#!/bin/bash
# open-files: File ▸ Open and Open Recent (issue 12, items 9d and 9e), in one editor started
# without a file, with its own XDG_DATA_HOME (so its own recently-used.xbel):
#  - Ctrl+O on the untitled, unmodified window, a.map: it opens in that window (one window,
#    titled "a.map – Quarry"), as TrenchBroom and GNOME editors do;
#  - Ctrl+O again, b.map: the window in use keeps a.map, b.map opens in a second window;
#  - Ctrl+O, broken.map (a brace missing): refused (an error dialog), no window shows it;
#  - recently-used.xbel lists a.map, b.map and broken.map too (the issue: a map that failed
#    was missing from Open Recent, so a mapper who mended it could not reopen it from there);
#  - a broken map named on the command line (not through the chooser, which may list what it
#    picks by itself) is in Open Recent after it failed.
TEST=open-files
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
make_map "$WORK/a.map" "create block 0 0 0 128 128 64 --texture base" || bail "quarry-cli edit makes a.map"
make_map "$WORK/b.map" "create block 0 0 0 64 64 256 --texture base" || bail "quarry-cli edit makes b.map"
printf '{\n"classname" "worldspawn"\n{\n( 0 0 0 ) ( 0 1 0 ) ( 1 0 0 ) base 0 0 0 1 1\n' > "$WORK/broken.map"

start_app app || bail "the editor starts without a file"
check "it shows an untitled window" wait_title "Untitled – Quarry"
RECENT=$GUI_TMP/home-app/data/recently-used.xbel

# windows: how many editor windows there are.
windows () { xdotool search --name ' – Quarry$' 2> /dev/null | wc -l; }

# wait_windows N: waits until there are N editor windows.
wait_windows () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
  until [ "$(windows)" = "$1" ]; do
    [ $SECONDS -ge $deadline ] && { diag "$(windows) windows, expected $1"; return 1; }
    sleep 0.2
  done
}

# open_path STEP FILE: Ctrl+O in the window WIN, types FILE's path in the chooser.
open_path () {
  local dlg
  keys ctrl+o
  dlg=$(wait_window "Open Map") || return 1
  sleep 0.5
  window_keys "$dlg" ctrl+l
  sleep 0.3
  xdotool type --delay 20 "$2"
  sleep 0.3
  shot "$1" > /dev/null
  xdotool key Return
  wait_window_gone "$dlg"
}

# window_named TITLE: the id of the window titled exactly TITLE.
window_named () { xdotool search --name "^$1\$" 2> /dev/null | head -1; }

# wait_recent URI…: waits until recently-used.xbel lists every URI.
wait_recent () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT)) u missing
  while :; do
    missing=
    for u; do grep -qF "href=\"$u\"" "$RECENT" 2> /dev/null || missing="$missing $u"; done
    [ -z "$missing" ] && return 0
    [ $SECONDS -ge $deadline ] && { diag "recently-used.xbel lacks$missing"; return 1; }
    sleep 0.3
  done
}

uri () { "$QUARRY_PYTHON" -c 'import pathlib, sys; print(pathlib.Path(sys.argv[1]).as_uri())' "$1"; }

# ---- 9d: the untitled window takes the first map, a second map gets its own ----
point_at "400x300+400+200"
open_path 1-open-a "$WORK/a.map" || bail "Ctrl+O shows the chooser and takes a.map"
check "a.map opens in the untitled window: its title says so" wait_title "a.map – Quarry"
check "and there is still one window" wait_windows 1
sleep 1
check "no second window appears" [ "$(windows)" = 1 ]

open_path 2-open-b "$WORK/b.map" || bail "Ctrl+O shows the chooser and takes b.map"
check "b.map opens in a second window" wait_windows 2
check "titled b.map" wait_window "b.map – Quarry"
check "the first window keeps a.map" [ "$(title)" = "a.map – Quarry" ]

# ---- 9e: a map that fails to open is in Open Recent too ----
open_path 3-open-broken "$WORK/broken.map" || bail "Ctrl+O shows the chooser and takes broken.map"
sleep 2
shot 4-broken > /dev/null
check "broken.map is refused: no window shows it" [ -z "$(window_named 'broken.map – Quarry')" ]
check "recently-used.xbel lists a.map, b.map and broken.map" \
  wait_recent "$(uri "$WORK/a.map")" "$(uri "$WORK/b.map")" "$(uri "$WORK/broken.map")"
cp "$RECENT" "$QUARRY_GUI_ARTEFACTS/$TEST-recently-used.xbel" 2> /dev/null
# The file chooser itself may list what it picks; a map named on the command line that fails
# to open reaches Open Recent only through the editor.
cp "$WORK/broken.map" "$WORK/broken-cli.map"
start_app cli "$WORK/broken-cli.map" || bail "the editor starts with broken-cli.map"
RECENT=$GUI_TMP/home-cli/data/recently-used.xbel
check "broken-cli.map, named on the command line, is in Open Recent after it failed" \
  wait_recent "$(uri "$WORK/broken-cli.map")"
check "the editor is still running" app_alive
finish
