#!/bin/bash
# invalid-bar: a map with invalid brushes says so (issue 12, item 7). On a map of a valid box
# V = 0..128 x 0..128 x 0..64 and, in a func_group, two invalid brushes (two parallel planes
# enclosing nothing; three planes leaving the brush open) near 256..320 x 0..320:
#  - on opening, an info bar (the warning colour) runs across the window under the menu bar,
#    and the panes sit lower by its height;
#  - its button ("Select Them", at the bar's right end) closes the bar (the panes move back
#    up), selects exactly the two invalid brushes and frames them: the Top view shows their
#    plane points (magenta) around their middle; Delete, Ctrl+S: the file has V alone, valid;
#  - a map without invalid brushes shows no bar (every other GUI test: lib.sh's layout
#    assumes the panes start right under the menu bar).
TEST="invalid-bar"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=invalid.map
MAP=$WORK/$NAME
make_map "$MAP" "create block 0 0 0 128 128 64 --texture base" || bail "quarry-cli edit makes the test map"
cat >> "$MAP" << 'EOF'
{
"classname" "func_group"
{
( 256 0 0 ) ( 256 1 0 ) ( 257 0 0 ) base [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1
( 256 0 64 ) ( 257 0 64 ) ( 256 1 64 ) base [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1
}
{
( 256 256 0 ) ( 320 256 0 ) ( 256 320 0 ) base [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1
( 256 256 0 ) ( 256 320 0 ) ( 256 256 64 ) base [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1
( 256 256 0 ) ( 256 256 64 ) ( 320 256 0 ) base [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1
}
}
EOF
invalid=$("$QUARRY_CLI" info "$MAP" --json | "$QUARRY_PYTHON" -c 'import json, sys; print(len(json.load(sys.stdin)["invalid"]))')
[ "$invalid" = 2 ] || bail "quarry-cli info sees the 2 invalid brushes ($invalid)"

# The info bar's warning background (Adwaita dark), and its strip under the menu bar.
BAR_COLOUR='#44403B'
BAR_STRIP="$((SCREEN_W / 2))x20+$((SCREEN_W / 4))+$((MENU_H + 4))"
bar_pixels () {
  crop "$1" "$BAR_STRIP" "$GUI_TMP/strip.png"
  colour_pixels "$GUI_TMP/strip.png" "$BAR_COLOUR" 0.5%
}
start_app app "$MAP" || bail "the editor opens $NAME"
# Not wait_loaded: lib.sh's layout expects the panes right under the menu bar. The row
# handle, at the window's right edge, is found wherever it is.
bar_shown () { WHY="no info bar"; [ "$(bar_pixels "$1")" -gt $((SCREEN_W / 4)) ]; }
check "an info bar runs under the menu bar" wait_shot 1-opened bar_shown
img=$QUARRY_GUI_ARTEFACTS/$TEST-1-opened.png
row_with_bar=$(_find_handle "$img" "1x${SCREEN_H}+$((SCREEN_W - 3))+0")

# The button at the bar's right end, left of the close button.
click_px $((SCREEN_W - 105)) $((MENU_H + 25))
bar_gone () { WHY="the info bar is still there"; [ "$(bar_pixels "$1")" = 0 ] && layout "$1" > /dev/null 2>&1; }
check "its button closes the bar" wait_shot 2-selected bar_gone
relayout 2-selected || bail "the panes settle"
img=$QUARRY_GUI_ARTEFACTS/$TEST-2-selected.png
row_without=$(_find_handle "$img" "1x${SCREEN_H}+$((SCREEN_W - 3))+0")
check "the panes sat lower by the bar's height (row handle at $row_with_bar, then $row_without)" \
  [ "$row_with_bar" -gt $((row_without + 20)) ]

# The views frame the selection: the invalid brushes' plane points, 256..320 x 0..320 x 0..64.
MAP_BOUNDS="256 0 0 320 320 64"
# (FIT_* are read by screen_xy, in lib.sh.)
# shellcheck disable=SC2034
{ FIT_TOP=$(view_zoom TOP) && FIT_FRONT=$(view_zoom FRONT) && FIT_SIDE=$(view_zoom SIDE); } || bail "the views' zoom"
INVALID='#FF33E6' # invalid brushes' marking
framed () {
  colour_at_points "$1" TOP "$INVALID" "256 300 0" "288 256 0" "288 288 0"
}
check "the views frame the invalid brushes (magenta along their plane points in the Top view)" wait_shot 3-framed framed

point_at "$RTOP"
keys Delete
check "Delete removes the selection: '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S saves in place" save_now "$MAP" "$NAME"
py_checks '
import sys
import json, os, subprocess
info = json.loads(subprocess.run([os.environ["QUARRY_CLI"], "info", sys.argv[1], "--json"], capture_output=True, text=True, check=True).stdout)
ok = info["brushes"] == 1 and info["invalid"] == [] and info["bounds"] == {"min": [0, 0, 0], "max": [128, 128, 64]}
print(("ok " if ok else "not ok ") + "the saved map has V alone, valid (%d brushes, %d invalid, bounds %s)" % (info["brushes"], len(info["invalid"]), info["bounds"]))
' "$MAP"
check "the editor is still running" app_alive
finish
