#!/bin/bash
# disp-look: displacements drawn (issue 16). tests/disp-terrain.py writes two Source maps of one
# floor brush 0..512 x 0..512 x -16..0 whose top side is a power-3 displacement: FLAT (all
# distances 0) and HILL (round hills up to about 100 units, 0 at the border). The camera
# stands at the info_player_start at (-64, -64, 64), looking north-east over the floor; the
# design views frame the brush with the player start's 16-unit box.
#  1. FLAT: the Side view shows the grid at z = 0 and nothing of the brush's flat bottom at
#     z = -16 (a displaced brush draws its displaced side only).
#  2. HILL: the Side and Front views show the grid's lines above the flat top (z 24..72),
#     where FLAT has none.
#  3. HILL: the 3D view shows less background than FLAT's (the hill covers what lies behind
#     it), and no pixel that is floor in FLAT is background in HILL.
TEST=disp-look
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
TERRAIN=$QUARRY_SOURCE_ROOT/tests/disp-terrain.py
for hill in 0 100; do
  "$QUARRY_PYTHON" "$TERRAIN" "$WORK/hill-$hill.vmf" --count 1 --cell 512 --hill $hill --start -64 -64 64 ||
    bail "the map with a hill of $hill is written"
done

# open_terrain STEP FILE: open_map, with the bounds the editor frames: the player start's box
# (up to z 72) and the brush's with its displaced side (the hill's summit at 100.093;
# quarry-cli info gives the flat brush's only). The 3D view as
# it opens, at the player start, is cut out into $GUI_TMP/STEP-3d.png before View ▸ Zoom to
# Map moves its camera too.
open_terrain () {
  MAP_BOUNDS="-72 -72 -16 512 512 72"
  [ "$1" = hill ] && MAP_BOUNDS="-72 -72 -16 512 512 100.093"
  start_app "$1" "$2" && wait_loaded "$1-loaded" || return 1
  wait_view_settled "$R3D" "$1-3d" && crop "$(shot "$1-3d")" "$R3D" "$GUI_TMP/$1-3d.png" || return 1
  frame_map "$1-framed"
}

# bright_in IMAGE VIEW "Y0 Z0" "Y1 Z1": how many bright (edge) pixels the 2D view VIEW shows in
# the box between two world points of its plane (x = 256 for Side, y = 256 for Front).
bright_in () {
  local img=$1 view=$2 a b x0 y0 x1 y1
  if [ "$view" = SIDE ]; then a="256 $3" b="256 $4"; else a="${3%% *} 256 ${3##* }" b="${4%% *} 256 ${4##* }"; fi
  # shellcheck disable=SC2086
  read -r x0 y0 <<< "$(screen_xy "$view" $a)"
  # shellcheck disable=SC2086
  read -r x1 y1 <<< "$(screen_xy "$view" $b)"
  "$CONVERT" "$img" -crop "$((x1 - x0 + 1))x$((y0 - y1 + 1))+$x0+$y1" +repage \
    -separate -evaluate-sequence Max -threshold 82% -format '%[fx:int(mean*w*h+0.5)]' info:
}

# ---- 1. the flat displacement ----
open_terrain flat "$WORK/hill-0.vmf" || bail "the editor opens the flat map"
check "the Side view shows the grid's line at z = 0" wait_edges flat-side SIDE "0 128 0" "0 384 0"
img=$(shot 1-flat)
n=$(bright_in "$img" SIDE "64 -20" "448 -12")
check "... and nothing at the flat bottom's z = -16 ($n bright pixels)" [ "$n" = 0 ]
n=$(bright_in "$img" SIDE "64 24" "448 72")
check "... nor above the floor ($n bright pixels)" [ "$n" = 0 ]
stop_app

# ---- 2. the hill in the design views ----
open_terrain hill "$WORK/hill-100.vmf" || bail "the editor opens the hill map"
img=$(shot 2-hill)
n=$(bright_in "$img" SIDE "64 24" "448 72")
check "the Side view shows the hill's grid above the floor ($n bright pixels)" [ "$n" -gt 200 ]
n=$(bright_in "$img" FRONT "64 24" "448 72")
check "so does the Front view ($n bright pixels)" [ "$n" -gt 200 ]

# ---- 3. the hill in the 3D view ----
flat_bg=$(colour_pixels "$GUI_TMP/flat-3d.png" "$BG_3D" 2%)
hill_bg=$(colour_pixels "$GUI_TMP/hill-3d.png" "$BG_3D" 2%)
check "the 3D view shows less background with the hill ($hill_bg pixels) than without ($flat_bg)" \
  [ "$hill_bg" -lt $((flat_bg - 2000)) ]
# Background in HILL where FLAT showed floor: the hill hides nothing it should not.
"$CONVERT" "$GUI_TMP/flat-3d.png" -alpha off -fuzz 2% -fill white -opaque "$BG_3D" -fill black +opaque white \
  "$GUI_TMP/flat-bg.png"
"$CONVERT" "$GUI_TMP/hill-3d.png" -alpha off -fuzz 2% -fill white -opaque "$BG_3D" -fill black +opaque white \
  "$GUI_TMP/hill-bg.png"
n=$("$CONVERT" "$GUI_TMP/hill-bg.png" "$GUI_TMP/flat-bg.png" -compose Minus_Src -composite -colorspace Gray \
  -format '%[fx:int(mean*w*h+0.5)]' info:)
check "no floor pixel of the flat map is background with the hill ($n)" [ "$n" -lt 20 ]

check "the editor is still running" app_alive
finish
