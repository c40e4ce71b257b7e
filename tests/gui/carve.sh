#!/bin/bash
# carve: Map ▸ Carve by mouse and keyboard, checked in the file Ctrl+S writes. On a map of two
# overlapping boxes, A = 0..128 x 0..128 x 0..128 and B = 64..192 x 32..96 x 32..96:
#  - a click on B's right side in the Top view (x 192, where A has no edge) selects B alone
#    (red; A stays white) and changes nothing (no "*");
#  - Ctrl+Shift+C carves: "*";
#  - Ctrl+S: in the file, B is there as it was (the carver is kept) and A's place is taken by
#    valid pieces inside A, clear of B and of each other, whose volumes add up exactly to
#    vol(A) - vol(A ∩ B) = 128³ - 64³; the file is byte for byte what `quarry-cli csg carve
#    --brush 0:1` makes of the original (the same operation).
TEST=carve
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=overlap.map
MAP=$WORK/$NAME
make_map "$MAP" "create block 0 0 0 128 128 128 --texture base" "create block 64 32 32 192 96 96 --texture base" ||
  bail "quarry-cli edit makes the test map"
"$QUARRY_CLI" csg carve "$MAP" "$WORK/expected.map" --brush 0:1 > /dev/null || bail "quarry-cli csg carve"

b_selected () {
  colour_at_points "$1" TOP "$SELECTED" "192 48 0" "192 80 0" "96 96 0" "160 32 0" &&
    colour_at_points "$1" FRONT "$SELECTED" "192 0 48" "160 0 96" &&
    no_colour_at_points "$1" TOP "$SELECTED" "32 0 0" "0 32 0" "32 128 0" &&
    no_colour_at_points "$1" FRONT "$SELECTED" "32 0 0" "0 0 32" "32 0 128"
}

diag "$NAME: A = 0..128³, B = 64..192 x 32..96 x 32..96"
open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"
check "the Top view shows A and B where expected ($FIT_TOP)" \
  wait_edges app-framed TOP "0 0 0" "128 128 0" "0 128 0" "192 32 0" "192 96 0"
check "the Front view shows A and B where expected ($FIT_FRONT)" \
  wait_edges app-framed FRONT "0 0 0" "128 0 128" "192 0 32" "192 0 96"
[ "$_failed" = 0 ] || bail "the views' geometry is known (no point in driving the tools blind)"

# The Select tool is the default one.
click_world TOP "192 48 0"
check "a click on B's right side in the Top view selects B alone" wait_shot 1-selected b_selected
check "selecting changes nothing (no '*')" [ "$(title)" = "$NAME – Quarry" ]

point_at "$RTOP"
keys ctrl+shift+c
check "Ctrl+Shift+C carves: '*'" wait_title "*$NAME – Quarry"
wait_view_settled "$RTOP" 2-carved > /dev/null
check "Ctrl+S saves in place" save_now "$MAP" "$NAME"
cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-saved.map"

py_checks '
import sys
from fractions import Fraction as F
from mapgeom import world_brushes, check_tiling, box_volume
brushes = world_brushes(sys.argv[1])
A = ((0, 0, 0), (128, 128, 128))
B = ((64, 32, 32), (192, 96, 96))
carver = [b for b in brushes if b.valid and b.bounds == B and len(b.vertices) == 8]
print(("ok " if len(carver) == 1 else "not ok ") + "B, the carver, is kept as it was (%d such brushes)" % len(carver))
if carver:
    print(("ok " if carver[0].volume() == box_volume(*B) else "not ok ") + "B keeps its volume")
pieces = [b for b in brushes if b not in carver]
print("# %d brushes: B and %d pieces of A: %s" % (len(brushes), len(pieces),
      "; ".join(b.bounds_text() for b in pieces if b.valid)))
holes = carver or []
for line in check_tiling(pieces, A[0], A[1], holes, box_volume(*A) - box_volume((64, 32, 32), (128, 96, 96)),
                         "A carved by B", "B"):
    print(line)
' "$MAP"

same_file "$WORK/expected.map" "the file equals what quarry-cli csg carve --brush 0:1 makes of the original" carved

check "the editor is still running" app_alive
finish
