#!/bin/bash
# camera-marker: the 3D camera in the design views (issue 12, item 8). On a map of a floor
# F = 0..384 x 0..256 x -16..0, a pillar P = 256..320 x 192..256 x 0..128 and an
# info_player_start at 128 64 24 with "angle" "90":
#  - the camera opens at the player start, 22 units above its origin (Quake's eye), looking
#    along +Y: the Top view shows its marker there (a circle of 7 px, a line up the screen to
#    the aim square 48 px away), the Side view (Y right) a line to the right, the Front view
#    (looking along +Y, as the camera does) the circle alone;
#  - with P selected, a drag of the circle in the Top view to 192 128 moves the camera there:
#    the marker follows (in the Side view too, its height kept), the 3D view changes, P stays
#    selected (the Select tool never saw the press) and the map is unchanged (no "*");
#  - a drag of the aim square to the right of the circle turns the camera to +X: the Top
#    view's line runs right, the Side view (looking along -X) shows the circle alone.
TEST=camera-marker
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=start.map
MAP=$WORK/$NAME
make_map "$MAP" "create block 0 0 -16 384 256 0 --texture base" "create block 256 192 0 320 256 128 --texture base" ||
  bail "quarry-cli edit makes the test map"
printf '{\n"classname" "info_player_start"\n"origin" "128 64 24"\n"angle" "90"\n}\n' >> "$MAP"

# Not open_map: its Zoom to Map would frame the camera too. The map is opened with Ctrl+O
# into an untitled window whose views have their final size, so that they frame it as
# mapgeom.py computes (the point entity's box lies inside the brushes' bounds).
map_bounds "$MAP" || bail "quarry-cli info $MAP"
start_app app || bail "the editor starts"
relayout 0-untitled || bail "the untitled window settles"
point_at "$RTOP"
keys ctrl+o
dlg=$(wait_window "Open Map") || bail "Ctrl+O shows the chooser"
sleep 0.5
window_keys "$dlg" ctrl+l
sleep 0.3
xdotool type --delay 20 "$MAP"
xdotool key Return
wait_title "$NAME – Quarry" || bail "the editor opens $NAME"
wait_loaded 1-loaded || bail "it draws $NAME"
# (FIT_* are read by screen_xy, in lib.sh.)
# shellcheck disable=SC2034
{ FIT_TOP=$(view_zoom TOP) && FIT_FRONT=$(view_zoom FRONT) && FIT_SIDE=$(view_zoom SIDE); } || bail "the views' zoom"
check "the Top view shows F and P where expected" \
  wait_edges 1-loaded TOP "0 0 0" "384 256 0" "256 192 0" "320 256 0"

# marker_at IMAGE VIEW "X Y Z" DIRECTION: the camera's marker is drawn around the world point
# in VIEW: its circle (7 px right and left of the point), and its view line 25 px from the
# point towards DIRECTION (up, right; or none: no line in any direction).
marker_at () {
  local img=$1 view=$2 dir=$4 x y
  # shellcheck disable=SC2086
  read -r x y <<< "$(screen_xy "$view" $3)"
  WHY=
  [ "$(colour_near "$img" $((x + 7)) "$y" "$CAMERA_MARKER" 1)" -gt 0 ] || WHY="$WHY no circle right of ($x,$y);"
  [ "$(colour_near "$img" $((x - 7)) "$y" "$CAMERA_MARKER" 1)" -gt 0 ] || WHY="$WHY no circle left of ($x,$y);"
  local up right
  up=$(colour_near "$img" "$x" $((y - 25)) "$CAMERA_MARKER" 1)
  right=$(colour_near "$img" $((x + 25)) "$y" "$CAMERA_MARKER" 1)
  case $dir in
    up) [ "$up" -gt 0 ] && [ "$right" = 0 ] || WHY="$WHY no line up (up $up, right $right);" ;;
    right) [ "$right" -gt 0 ] && [ "$up" = 0 ] || WHY="$WHY no line right (up $up, right $right);" ;;
    none) [ "$right" = 0 ] && [ "$up" = 0 ] || WHY="$WHY a line (up $up, right $right);" ;;
  esac
  [ -z "$WHY" ] || WHY="$view view, marker at $3:$WHY"
  [ -z "$WHY" ]
}
no_marker_at () {
  local x y
  # shellcheck disable=SC2086
  read -r x y <<< "$(screen_xy "$2" $3)"
  WHY="a marker at $3 in the $2 view"
  [ "$(colour_near "$1" $((x + 7)) "$y" "$CAMERA_MARKER" 2)" = 0 ]
}

at_start () {
  marker_at "$1" TOP "128 64 46" up && marker_at "$1" SIDE "128 64 46" right && marker_at "$1" FRONT "128 64 46" none
}
check "the camera is at the player start at eye height (128 64 46), looking along +Y" wait_shot 2-start at_start

# Select P (a quarter along its left side), then drag the camera's circle.
click_world TOP "256 208 0"
p_selected () { colour_at_points "$1" TOP "$SELECTED" "256 208 0" "272 256 0"; }
check "a click on P's side selects it" wait_shot 3-selected p_selected
point_at "$R3D"
wait_view_settled "$R3D" 3-before-3d || bail "the 3D view holds still"
cp "$SETTLED_CROP" "$GUI_TMP/3d-before.png"

read -r x0 y0 <<< "$(screen_xy TOP 128 64 0)"
read -r x1 y1 <<< "$(screen_xy TOP 192 128 0)"
drag_px $((x0 + 2)) $((y0 + 1)) $((x1 + 2)) $((y1 + 1))
moved () {
  marker_at "$1" TOP "192 128 46" up && no_marker_at "$1" TOP "128 64 46" && marker_at "$1" SIDE "192 128 46" right &&
    p_selected "$1"
}
check "a drag of the circle moves the camera to 192 128, at the same height; P stays selected" wait_shot 4-moved moved
check "moving the camera changes no document (no '*')" [ "$(title)" = "$NAME – Quarry" ]
point_at "$R3D"
wait_view_settled "$R3D" 4-after-3d
ae=$(differing_pixels "$GUI_TMP/3d-before.png" "$SETTLED_CROP")
check "the 3D view shows the camera's new place ($ae pixels differ)" [ "$ae" -gt 1000 ]

# The aim square is 48 px up the screen from the circle; drag it 48 px right of the circle.
drag_px "$x1" $((y1 - 48)) $((x1 + 48)) "$y1"
aimed () { marker_at "$1" TOP "192 128 46" right && marker_at "$1" SIDE "192 128 46" none; }
check "a drag of the aim square to the right turns the camera to +X" wait_shot 5-aimed aimed
check "still no '*'" [ "$(title)" = "$NAME – Quarry" ]
check "the editor is still running" app_alive
finish
