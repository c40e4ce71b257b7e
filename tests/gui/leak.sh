#!/bin/bash
# leak: a compile's leak trace (issue 20). The map is a block 0..256 x 0..256 x 0..64 and,
# beside it, leaky.pts: a path from (32, 128, 32) inside, east to (224, 128, 32), north to
# (224, 224, 32). File ▸ Load Point File (Alt+F, P) finds it without asking: the top view draws
# the path in magenta at its points and between them, nowhere else. View ▸ Next Leak Point
# (Ctrl+Shift+Right) puts the 3D camera at the first point looking east along the path: the 3D
# view changes. File ▸ Unload Point File (Alt+F, U) takes the path away.
TEST=leak
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=leaky.map
MAP=$WORK/$NAME
make_map "$MAP" "create block 0 0 0 256 256 64 --texture base" || bail "quarry-cli edit makes the test map"
printf '32 128 32\n96 128 32\n160 128 32\n224 128 32\n224 176 32\n224 224 32\n' > "$WORK/leaky.pts"

LEAK='#FF20FF'
open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"
point_at "$RTOP"
before_3d=$GUI_TMP/3d-before.png
crop "$(shot 1-before)" "$R3D" "$before_3d"
keys alt+f
sleep 0.7
xdotool key p
path_drawn () {
  colour_at_points "$1" TOP "$LEAK" "32 128 0" "128 128 0" "224 128 0" "224 200 0" \
    && no_colour_at_points "$1" TOP "$LEAK" "32 32 0" "128 200 0" "200 32 0"
}
check "Load Point File: the top view draws the path, and nothing else in its colour" wait_shot 2-loaded path_drawn

point_at "$RTOP"
keys ctrl+shift+Right
moved_3d () {
  crop "$1" "$R3D" "$GUI_TMP/3d-now.png"
  local n
  n=$(differing_pixels "$before_3d" "$GUI_TMP/3d-now.png")
  WHY="$n pixels of the 3D view differ"
  [ "${n:-0}" -gt 2000 ]
}
check "Next Leak Point: the 3D camera goes to the path" wait_shot 3-next moved_3d

point_at "$RTOP"
keys alt+f
sleep 0.7
xdotool key u
gone () { no_colour_at_points "$1" TOP "$LEAK" "32 128 0" "128 128 0" "224 128 0" "224 200 0"; }
check "Unload Point File: the path is gone" wait_shot 4-unloaded gone
finish
