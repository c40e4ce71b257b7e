#!/bin/bash
# undo-redo-all: four edits by mouse and keyboard are four undo steps that undo and redo to
# exactly the files they saved. On a map of one slab R (0..384 x 0..256 x -16..0):
#  1. Block: a box 64..192 x 64..128 x -16..64 (a drag in the Top view, its height by a drag
#     in the Front view), Return;            ("Create Block"; the block is selected)
#  2. Ctrl+Shift+C: the block carves R;      ("Carve")
#  3. Select: the block dragged by its top edge in the Front view by (64,0,32) (in the Top
#     view its sides lie on the edges of R's pieces around the hole);       ("Move")
#  4. Ctrl+H, Return: the block hollowed (16 inward);                       ("Hollow")
# Ctrl+S writes E (checked: R's pieces around the box's old place, the box's walls at its new
# one). Then Ctrl+Z four times ("*" again), Ctrl+S: the file is byte for byte what quarry-cli
# convert makes of the original, and a fifth Ctrl+Z finds nothing to undo (no "*"). Then
# Ctrl+Y four times, Ctrl+S: the file is E again, byte for byte, and a fifth Ctrl+Y finds
# nothing to redo.
TEST=undo-redo-all
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=room.map
MAP=$WORK/$NAME
make_map "$MAP" "create block 0 0 -16 384 256 0 --texture base" || bail "quarry-cli edit makes the test map"
"$QUARRY_CLI" convert "$MAP" "$WORK/original.map" || bail "quarry-cli convert of the test map"

# selected_box IMAGE X0 Y0 Z0 X1 Y1 Z1: the box's sides are red in the Top view (points a
# quarter along them: the selection's handles are at the corners and middles) and its top
# and sides in the Front view.
selected_box () {
  local x0=$2 y0=$3 z0=$4 x1=$5 y1=$6 z1=$7
  local xq=$((x0 + (x1 - x0) / 4)) yq=$((y0 + (y1 - y0) / 4)) zq=$((z0 + (z1 - z0) / 4))
  colour_at_points "$1" TOP "$SELECTED" "$xq $y0 0" "$xq $y1 0" "$x0 $yq 0" "$x1 $yq 0" &&
    colour_at_points "$1" FRONT "$SELECTED" "$xq 0 $z1" "$x0 0 $zq" "$x1 0 $zq"
}
created () { selected_box "$1" 64 64 -16 192 128 64; }
moved () { selected_box "$1" 128 64 16 256 128 96 && no_colour_at_points "$1" FRONT "$SELECTED" "96 0 64" "64 0 32"; }

# keys_and_title KEY N TITLE: presses KEY N times, then waits for TITLE.
keys_and_title () {
  local i
  for i in $(seq 1 "$2"); do keys "$1"; sleep 0.2; done
  wait_title "$3"
}

# still_title TITLE: after a second, the title is still TITLE.
still_title () { sleep 1; [ "$(title)" = "$1" ] || { diag "title is '$(title)'"; return 1; }; }

diag "$NAME: a slab R 0..384 x 0..256 x -16..0"
open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"
check "the Top view shows R where expected ($FIT_TOP)" wait_edges app-framed TOP "0 0 0" "384 256 0"
check "the Front view shows R where expected ($FIT_FRONT)" wait_edges app-framed FRONT "0 0 -16" "384 0 0"
[ "$_failed" = 0 ] || bail "the views' geometry is known (no point in driving the tools blind)"

# 1. Create Block
switch_tool shift+b 1-block-tool || bail "Shift+B switches to the Block tool"
drag_world TOP "64 64 0" "192 128 0"
drag_world FRONT "64 0 -16" "192 0 64"
keys Return
check "1. Block, Return: '*'" wait_title "*$NAME – Quarry"
check "the new block is selected" wait_shot 2-created created

# 2. Carve
point_at "$RTOP"
keys ctrl+shift+c
sleep 0.5
shot 3-carved > /dev/null

# 3. Move
switch_tool shift+s 4-select-tool || bail "Shift+S switches to the Select tool"
drag_world FRONT "96 0 64" "160 0 96"
check "3. a drag from the block's top edge in the Front view moves it by (64,0,32)" wait_shot 5-moved moved

# 4. Hollow
point_at "$RTOP"
check "4. Ctrl+H, Return hollows it" hollow_selection 6-hollow-dialog
wait_view_settled "$RTOP" 7-hollowed > /dev/null

check "Ctrl+S saves the edits (E)" save_now "$MAP" "$NAME"
cp "$MAP" "$WORK/E.map"
cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-E.map"
py_checks '
import sys
from mapgeom import world_brushes, check_tiling, box_brush, box_volume
brushes = world_brushes(sys.argv[1])
lo, hi, room_lo, room_hi = (128, 64, 16), (256, 128, 96), (144, 80, 32), (240, 112, 80)
walls = [b for b in brushes if b.valid and b.inside(lo, hi)]
rest = [b for b in brushes if b not in walls]
print("# E: %d brushes: %s" % (len(brushes), "; ".join(b.bounds_text() if b.valid else "invalid" for b in brushes)))
room = box_brush(room_lo, room_hi)
for line in check_tiling(walls, lo, hi, [room], box_volume(lo, hi) - box_volume(room_lo, room_hi),
                         "E: the moved block hollowed", "its room"):
    print(line)
hole = box_brush((64, 64, -16), (192, 128, 0))
for line in check_tiling(rest, (0, 0, -16), (384, 256, 0), [hole],
                         box_volume((0, 0, -16), (384, 256, 0)) - box_volume((64, 64, -16), (192, 128, 0)),
                         "E: R carved where the block was made", "the block'"'"'s first place"):
    print(line)
' "$MAP"

# Undo all.
check "Ctrl+Z four times: '*'" keys_and_title ctrl+z 4 "*$NAME – Quarry"
shot 8-undone > /dev/null
check "Ctrl+S saves the undone map" save_now "$MAP" "$NAME"
same_file "$WORK/original.map" "after undoing all, the file is what quarry-cli convert makes of the original" undone
keys ctrl+z
check "a fifth Ctrl+Z finds nothing to undo (no '*')" still_title "$NAME – Quarry"

# Redo all.
check "Ctrl+Y four times: '*'" keys_and_title ctrl+y 4 "*$NAME – Quarry"
shot 9-redone > /dev/null
check "Ctrl+S saves the redone map" save_now "$MAP" "$NAME"
same_file "$WORK/E.map" "after redoing all, the file is E again" redone
keys ctrl+y
check "a fifth Ctrl+Y finds nothing to redo (no '*')" still_title "$NAME – Quarry"

check "the editor is still running" app_alive
finish
