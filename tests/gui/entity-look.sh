#!/bin/bash
# entity-look: entities as the game's definitions describe them (issue 15). A map whose
# worldspawn names the corpus's Quake.fgd (`_tb_def` "external:…") holds a floor block
# (0..2048 x 0..1024 x -64..-32) and, in the Top view framed on it (a quarter of a pixel a unit):
#  - a light L "lamp" at (256, 256, 32): Quake.fgd's Light, ±8, yellow (255 255 40);
#  - an ogre O at (768, 256, 24): size (-32 -32 -24, 32 32 64), the Monster base's red (220 0 0);
#  - monster_nonesuch U at (1280, 256, 24), a class Quake.fgd lacks: ±8 in the warning violet;
#  - func_nonesuch B, a brush entity of no known class (1792..1920 x 128..256): warning edges;
#  - trigger_once T (1536..1664 x 640..768 x 0..128), "target" "lamp": the amber of triggers.
#  1. Box edges in the Top view: L yellow, O red at ±32, U and B violet, T amber.
#  2. Zoomed out no names: no text pixels right of L's box.
#  3. A click on T's edge selects it: an orange line from T's centre to L's in the Top view
#     (its middle) and in the 3D view; a click on L: the line is cyan (coming in).
#  4. Twelve wheel notches in over L (8 times the zoom: L's box 40-odd px wide): its name
#     is written right of its box; twelve out, gone again.
TEST=entity-look
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

FGD=$(corpus_file trenchbroom/games/Quake/Quake.fgd) || finish

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=entity-look.map
MAP=$WORK/$NAME
make_map "$WORK/blocks.map" "create block 0 0 -64 2048 1024 -32 --texture base" \
  "create block 1536 640 0 1664 768 128 --texture trigger" \
  "create block 1792 128 0 1920 256 128 --texture base" || bail "quarry-cli edit makes the blocks"
# Brushes 1 and 2 of the world become the trigger's and the unknown brush entity's.
"$QUARRY_PYTHON" - "$WORK/blocks.map" "$MAP" "$FGD" << 'EOF' || bail "the test map is written"
import re, sys
text = open(sys.argv[1]).read()
brushes = re.findall(r"// brush \d+\n(\{\n.*?\n\})", text, re.S)
assert len(brushes) == 3, len(brushes)
out = ['{\n"classname" "worldspawn"\n"mapversion" "220"\n"_tb_def" "external:%s"\n' % sys.argv[3], brushes[0], "\n}\n"]
out += ['{\n"classname" "trigger_once"\n"target" "lamp"\n', brushes[1], "\n}\n"]
out += ['{\n"classname" "func_nonesuch"\n', brushes[2], "\n}\n"]
out += ['{\n"classname" "light"\n"origin" "256 256 32"\n"targetname" "lamp"\n}\n']
out += ['{\n"classname" "monster_ogre"\n"origin" "768 256 24"\n}\n']
out += ['{\n"classname" "monster_nonesuch"\n"origin" "1280 256 24"\n}\n']
open(sys.argv[2], "w").write("// Game: Quake\n// Format: Valve\n" + "".join(out))
EOF

YELLOW='#FFFF28'
OGRE_RED='#DC0000'
WARNING='#E040FF'
TRIGGER_AMBER='#F0B448'
LINK_OUT='#FF961E'
LINK_IN='#28DCF0'

open_map app "$MAP" || bail "the editor opens $NAME"
check "the Top view shows the floor where expected" wait_edges app-framed TOP "0 0 0" "2048 1024 0"
[ "$_failed" = 0 ] || bail "the views' geometry is known"

# ---- 1. colours and sizes ----
light_yellow () { colour_at_points "$1" TOP "$YELLOW" "256 264 0" "248 256 0"; }
ogre_red () { colour_at_points "$1" TOP "$OGRE_RED" "768 288 0" "736 256 0" "800 256 0" "768 224 0"; }
unknown_violet () { colour_at_points "$1" TOP "$WARNING" "1280 264 0" "1272 256 0"; }
brush_violet () { colour_at_points "$1" TOP "$WARNING" "1856 256 0" "1792 192 0" "1920 192 0"; }
trigger_amber () { colour_at_points "$1" TOP "$TRIGGER_AMBER" "1600 768 0" "1536 704 0"; }
check "the light's box is Quake.fgd's yellow" wait_shot 1-look light_yellow
check "the ogre's box is the Monster red, 64 units wide (its sides at ±32)" wait_shot 1-look ogre_red
check "monster_nonesuch, unknown to Quake.fgd, is violet" wait_shot 1-look unknown_violet
check "so are the edges of func_nonesuch's brush" wait_shot 1-look brush_violet
check "the trigger keeps its amber (Trigger has no colour)" wait_shot 1-look trigger_amber

# ---- 2. zoomed out: no names ----
# Near-white text pixels (the names' colour, EBEBE6) in a box of the screen: right of the
# light's box, from its top down.
text_pixels () {
  local img=$1 x=$2 y=$3
  "$CONVERT" "$img" -crop "110x30+$x+$y" +repage -alpha off -fuzz 6% -fill '#000000' +opaque '#EBEBE6' \
    -fill '#FFFFFF' -opaque '#EBEBE6' -colorspace Gray -format '%[fx:int(mean*w*h+0.5)]' info:
}
read -r LX LY <<< "$(screen_xy TOP 256 256 0)"
img=$(shot 2-out)
n=$(text_pixels "$img" $((LX + 6)) $((LY - 8)))
check "zoomed out, no name beside the light ($n text pixels)" [ "$n" -lt 3 ]

# ---- 3. lines between the trigger and the light ----
click_world TOP "1600 640 0"
mid_out () { colour_at_points "$1" TOP "$LINK_OUT" "928 480 0"; }
check "the trigger selected: an orange line from it to the light (its middle in the Top view)" wait_shot 3-trigger mid_out
img=$(shot 3-trigger)
crop "$img" "$R3D" "$GUI_TMP/3d.png"
n=$(colour_pixels "$GUI_TMP/3d.png" "$LINK_OUT" 8%)
check "... and in the 3D view ($n orange pixels)" [ "$n" -gt 20 ]
click_world TOP "256 256 0"
mid_in () { colour_at_points "$1" TOP "$LINK_IN" "928 480 0"; }
no_mid_out () { no_colour_at_points "$1" TOP "$LINK_OUT" "928 480 0"; }
check "the light selected: the line is cyan, coming in" wait_shot 3-light mid_in
check "... and no longer orange" wait_shot 3-light no_mid_out
keys Escape
no_line () { no_colour_at_points "$1" TOP "$LINK_IN" "928 480 0"; }
check "Escape: no line" wait_shot 3-none no_line

# ---- 4. zoomed in: the light's name ----
xdotool mousemove $((LX + 9)) $((LY + 9))
sleep 0.1
xdotool mousemove "$LX" "$LY"
sleep 0.3
xdotool click --repeat 12 --delay 150 4
# The zoom is 8 times the framed one; the light stays under the pointer.
HALF=$(awk -v f="$FIT_TOP" 'BEGIN { split(f, z, " "); printf "%d", 8 * 8 * z[2] + 0.5 }')
diag "zoomed in: the light's box is $((2 * HALF)) px wide"
named () {
  local n
  n=$(text_pixels "$1" $((LX + HALF + 4)) $((LY - HALF)))
  WHY="$n text pixels right of the light's box"
  [ "$n" -ge 20 ]
}
check "zoomed in, the name 'light' is written right of its box" wait_shot 4-in named
xdotool click --repeat 12 --delay 150 5
unnamed () {
  local n
  n=$(text_pixels "$1" $((LX + 6)) $((LY - 8)))
  WHY="$n text pixels right of the light's box"
  [ "$n" -lt 3 ]
}
check "zoomed out again, no name" wait_shot 4-out unnamed

check "the editor is still running" app_alive
finish
