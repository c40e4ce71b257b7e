#!/bin/bash
# hollow: Map ▸ Hollow by mouse and keyboard, checked in the file Ctrl+S writes. On a map of
# one box C = 0..128 x 0..128 x 0..128:
#  - a click on C's right side in the Front view selects it (red);
#  - Ctrl+H opens the Hollow dialog; Return accepts what it proposes (on a fresh start the
#    grid size, 16, inward): "*";
#  - Ctrl+S: the file has 6 valid brushes inside C, clear of the room 16..112³ and of each
#    other, whose volumes add up exactly to 128³ - 96³; it is byte for byte what `quarry-cli
#    csg hollow --brush 0:0 --thickness 16` makes of the original (the same operation).
TEST=hollow
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=cube.map
MAP=$WORK/$NAME
make_map "$MAP" "create block 0 0 0 128 128 128 --texture base" || bail "quarry-cli edit makes the test map"
"$QUARRY_CLI" csg hollow "$MAP" "$WORK/expected.map" --brush 0:0 --thickness 16 > /dev/null ||
  bail "quarry-cli csg hollow"

cube_selected () {
  colour_at_points "$1" FRONT "$SELECTED" "128 0 32" "0 0 96" "32 0 128" "96 0 0" &&
    colour_at_points "$1" TOP "$SELECTED" "32 0 0" "128 96 0" &&
    colour_at_points "$1" SIDE "$SELECTED" "0 32 0" "0 128 96"
}

diag "$NAME: C = 0..128³"
open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"
check "the Front view shows C where expected ($FIT_FRONT)" wait_edges app-framed FRONT "0 0 0" "128 0 128" "0 0 128" "128 0 0"
check "the Top view shows C where expected ($FIT_TOP)" wait_edges app-framed TOP "0 0 0" "128 128 0"
[ "$_failed" = 0 ] || bail "the views' geometry is known (no point in driving the tools blind)"

# A quarter along the side: the middle is where the selection's handle will be.
click_world FRONT "128 0 32"
check "a click on C's right side in the Front view selects it" wait_shot 1-selected cube_selected
check "selecting changes nothing (no '*')" [ "$(title)" = "$NAME – Quarry" ]

point_at "$RFRONT"
check "Ctrl+H opens the Hollow dialog, Return accepts it" hollow_selection 2-dialog
check "it hollows: '*'" wait_title "*$NAME – Quarry"
wait_view_settled "$RFRONT" 3-hollowed > /dev/null
check "Ctrl+S saves in place" save_now "$MAP" "$NAME"
cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-saved.map"

py_checks '
import sys
from mapgeom import world_brushes, check_tiling, box_brush, box_volume
brushes = world_brushes(sys.argv[1])
print(("ok " if len(brushes) == 6 else "not ok ") + "6 brushes (%d: %s)" % (len(brushes),
      "; ".join(b.bounds_text() if b.valid else "invalid" for b in brushes)))
room = box_brush((16, 16, 16), (112, 112, 112))
for line in check_tiling(brushes, (0, 0, 0), (128, 128, 128), [room], box_volume((0, 0, 0), (128, 128, 128))
                         - box_volume((16, 16, 16), (112, 112, 112)), "the walls", "the room 16..112³"):
    print(line)
' "$MAP"

same_file "$WORK/expected.map" "the file equals what quarry-cli csg hollow --thickness 16 makes of the original" hollowed

check "the editor is still running" app_alive
finish
