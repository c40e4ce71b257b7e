#!/bin/bash
# entities: point entities go with the selection (issue 12: a nudge of Ctrl+A left them
# behind). On a map of a block R (0..384 x 0..256 x -64..64; the views are framed on it), a
# player start P at (96, 64, 0), angle 0, a light L at (288, 192, 32) and an info_null N at
# (256, 64, 22), each checked in the file Ctrl+S writes against what `quarry-cli edit` makes of
# the same steps:
#  0. Before anything frames the views: the 3D camera opens at P's eye (22 above it) looking
#     along +X, inside R, whose faces it sees from behind and so cannot pick; N is straight
#     ahead. A click in the middle of the 3D view picks N; Delete: N alone is gone. Ctrl+Z.
#  1. Ctrl+A, Right over the Top view: R, P and L move one grid step (16) along X, and stay
#     selected (red): a second Right moves all three again (one merged step: nudges).
#  2. Ctrl+Shift+A, a click inside P's box in the Top view selects P alone (red, R not);
#     Ctrl+R turns it a quarter about its own centre: angle 0 -> 90, origin kept.
#  3. A drag from L's centre in the Front view by 64 along X and -32 along Z moves L alone.
#  4. A box in the Side view around L (and nothing else), Return, Delete: L is gone.
TEST=entities
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=entities.map
MAP=$WORK/$NAME
make_map "$WORK/block.map" "create block 0 0 -64 384 256 64 --texture base" || bail "quarry-cli edit makes the block"
cat "$WORK/block.map" > "$MAP"
printf '{\n"classname" "info_player_start"\n"origin" "96 64 0"\n"angle" "0"\n}\n{\n"classname" "light"\n"origin" "288 192 32"\n"light" "300"\n}\n' >> "$MAP"
printf '{\n"classname" "info_null"\n"origin" "256 64 22"\n}\n' >> "$MAP"
ORIGINAL=$WORK/original.map
"$QUARRY_CLI" convert "$MAP" "$ORIGINAL" || bail "quarry-cli convert of the test map"
cp "$ORIGINAL" "$MAP"

# expect NAME STEP…: $WORK/NAME.map is what quarry-cli edit makes of the original with STEP…
expect () {
  local out=$WORK/$1.map args=() s
  shift
  for s in "$@"; do args+=(--step "$s"); done
  "$QUARRY_CLI" edit "$ORIGINAL" "$out" "${args[@]}" || bail "quarry-cli edit ${args[*]}"
}
expect nudged "nudge 0:0,1,2,3 32 0 0"
expect turned "nudge 0:0,1,2,3 32 0 0" "rotate 1 z 90"
expect dragged "nudge 0:0,1,2,3 32 0 0" "rotate 1 z 90" "move 2 64 0 -32"
expect deleted "nudge 0:0,1,2,3 32 0 0" "rotate 1 z 90" "move 2 64 0 -32" "delete 2"
expect picked-3d "delete 3"

map_bounds "$MAP" || bail "quarry-cli info $MAP"
start_app app "$MAP" || bail "the editor opens $NAME"
wait_loaded app-loaded || bail "it draws $NAME"

# ---- 0. a click on N in the 3D view, before Zoom to Map frames the camera ----
IFS='x+' read -r w3 h3 x3 y3 <<< "$R3D"
click_px $((x3 + w3 / 2)) $((y3 + h3 / 2))
sleep 0.5
keys Delete
check "a click in the middle of the 3D view, Delete: '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/picked-3d.map" "the file: N, picked in the 3D view, deleted; the rest as it was"
keys ctrl+z
check "Ctrl+Z, Ctrl+S" save_now "$MAP" "$NAME"
same_file "$ORIGINAL" "the file: the original again"

frame_map app-framed || bail "Zoom to Map frames $NAME"
check "the Top view shows R where expected ($FIT_TOP)" wait_edges app-framed TOP "0 0 0" "384 256 0" "0 256 0" "384 0 0"
[ "$_failed" = 0 ] || bail "the views' geometry is known"

# An entity's box outline is red at a point a quarter along its top side in the Top view.
red_box () { colour_at_points "$1" TOP "$SELECTED" "$2"; }
p_red () { red_box "$1" "92 72 0"; }
p_red_moved () { red_box "$1" "124 72 0"; }
l_red () { red_box "$1" "284 200 0"; }
r_not_red () { no_colour_at_points "$1" TOP "$SELECTED" "96 256 0" "32 0 0"; }

# ---- 1. Ctrl+A and nudges ----
point_at "$RTOP"
keys ctrl+a
check "Ctrl+A selects the player start and the light too (their boxes red)" wait_shot 1-all p_red
check "... the light's too" wait_shot 1-all l_red
point_at "$RTOP"
keys Right Right
check "two Rights: '*'" wait_title "*$NAME – Quarry"
check "the entities stayed selected and moved: P's box red 32 units on" wait_shot 2-nudged p_red_moved
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/nudged.map" "the file: R, P, L and N moved by 32 along X (quarry-cli nudge 0:0,1,2,3 32 0 0)"

# ---- 2. a click on P's box, a quarter turn ----
keys ctrl+shift+a
click_world TOP "129 67 0"
check "a click inside P's box selects it" wait_shot 3-p-clicked p_red_moved
check "... and not R" wait_shot 3-p-clicked r_not_red
keys ctrl+r
check "Ctrl+R: '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/turned.map" "the file: P turned a quarter about its own centre (angle 90, origin kept)"

# ---- 3. a drag of L in the Front view ----
keys ctrl+shift+a
drag_world FRONT "320 0 32" "384 0 0"
check "a drag from L's centre in the Front view: '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/dragged.map" "the file: L alone moved by (64, 0, -32)"

# ---- 4. a box around L in the Side view ----
keys ctrl+shift+a
drag_world SIDE "0 176 -24" "0 216 24"
keys Return
sleep 0.3
keys Delete
check "a box around L in the Side view, Return, Delete: '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/deleted.map" "the file: L deleted, the rest as it was"

check "the editor is still running" app_alive
finish
