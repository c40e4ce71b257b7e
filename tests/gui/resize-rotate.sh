#!/bin/bash
# resize-rotate: the Select tool's handles by mouse, and Ctrl+R, checked in the files Ctrl+S
# writes. On a map of a slab R (0..384 x 0..256 x -16..0) and a box B = 128..256 x 64..128 x
# 0..64 on it, in the Top view:
#  - a click on B's left side selects it: eight square resize handles (corners and middles
#    of its sides, #F0F0F0);
#  - a drag of the right-middle handle from x 256 to 288 (two grid steps): "*", B spans
#    128..288 x 64..128 x 0..64; Ctrl+S: exactly that box in the file (8 vertices, 6 faces);
#  - a click on B's left side again: rotate handles, round, at the corners only; nothing
#    changes (no "*");
#  - a drag of the corner handle (288,128) to (176,176), a quarter turn anticlockwise about
#    B's centre (208,96) (within a pixel or two: the 15° snap makes it exact); Ctrl+S: B's
#    8 vertices are exactly those of the box turned 90° about +Z, 176..240 x 16..176 x 0..64;
#  - a click on B again: shear handles, diamonds at the middles of the sides only;
#  - Ctrl+Z, Ctrl+S: B back where it was, selected, its handles still shearing (the undo
#    restores the selection, and the mode goes with the selection); the file is byte for
#    byte the resized one (the rotation is one step). Undo works straight after a drag: the
#    drag's commit tells the window;
#    Ctrl+R (Rotate 90° Anticlockwise about Z, win.rotate-90('z+')), Ctrl+S: the same
#    vertices, and the same file as the drag made;
#  - Ctrl+Z, Ctrl+S: the resized file again; Ctrl+Z, Ctrl+S: byte for byte what quarry-cli
#    convert makes of the original (the resize is one step).
TEST=resize-rotate
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=box.map
MAP=$WORK/$NAME
make_map "$MAP" "create block 0 0 -16 384 256 0 --texture base" "create block 128 64 0 256 128 64 --texture base" ||
  bail "quarry-cli edit makes the test map"
"$QUARRY_CLI" convert "$MAP" "$WORK/original.map" || bail "quarry-cli convert of the test map"

HANDLE_COLOUR='#F0F0F0'

# box_check FILE WHAT box|rot90z X0 Y0 Z0 X1 Y1 Z1: the file has R as it was and one other
# brush, valid, whose vertices are exactly the corners of the box X0..X1 (box), or those
# corners turned a quarter anticlockwise about +Z through the box's centre (rot90z); 6 faces,
# and the box's volume.
box_check () {
  py_checks '
import sys
from fractions import Fraction as F
from mapgeom import world_brushes
path, what, how = sys.argv[1:4]
lo = tuple(F(x) for x in sys.argv[4:7])
hi = tuple(F(x) for x in sys.argv[7:10])
def say(cond, text):
    print(("ok " if cond else "not ok ") + what + ": " + text)
brushes = world_brushes(path)
ref = [b for b in brushes if b.valid and b.bounds == ((0, 0, -16), (384, 256, 0)) and len(b.vertices) == 8]
say(len(ref) == 1, "the slab R is there as it was")
others = [b for b in brushes if b not in ref]
if len(others) != 1:
    say(False, "one other brush (%d: %s)" % (len(others), "; ".join(b.bounds_text() if b.valid else "invalid" for b in others)))
    sys.exit(0)
b = others[0]
corners = {(x, y, z) for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])}
if how == "rot90z":
    cx, cy = (lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2
    corners = {(cx - (y - cy), cy + (x - cx), z) for (x, y, z) in corners}
fmt = lambda vs: " ".join("(%s)" % ",".join(str(c) for c in v) for v in sorted(vs))
say(b.valid, "the brush is valid%s" % ("" if b.valid else " (%s)" % b.reason))
if b.valid:
    say(set(b.vertices) == corners, "its vertices are exactly %s (%s)" % (fmt(corners), fmt(b.vertices)))
    say(len(b.vertices) == 8 and len(b.faces) == 6, "8 vertices, 6 faces (%d, %d)" % (len(b.vertices), len(b.faces)))
    vol = (hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2])
    say(b.volume() == vol, "its volume is %s (%s)" % (vol, b.volume()))
' "$@"
}

# selected_box IMAGE X0 Y0 X1 Y1: the box's sides are red in the Top view, a quarter along
# them (the handles are at the corners and middles).
selected_box () {
  local x0=$2 y0=$3 x1=$4 y1=$5
  local xq=$((x0 + (x1 - x0) / 4)) yq=$((y0 + (y1 - y0) / 4))
  colour_at_points "$1" TOP "$SELECTED" "$xq $y0 0" "$xq $y1 0" "$x0 $yq 0" "$x1 $yq 0"
}

# handles IMAGE X0 Y0 X1 Y1 corners|middles|all: the Top view shows handles (#F0F0F0 within
# 7 pixels: they are drawn 4 to 6 pixels around their point) at the corners and/or the
# middles of the sides of the box, and none at the others.
handles () {
  local img=$1 x0=$2 y0=$3 x1=$4 y1=$5 which=$6 p s n
  local xm=$(((x0 + x1) / 2)) ym=$(((y0 + y1) / 2))
  local corners=("$x0 $y0 0" "$x1 $y0 0" "$x0 $y1 0" "$x1 $y1 0")
  local middles=("$xm $y0 0" "$xm $y1 0" "$x0 $ym 0" "$x1 $ym 0")
  local with=() without=()
  case $which in
    corners) with=("${corners[@]}") without=("${middles[@]}") ;;
    middles) with=("${middles[@]}") without=("${corners[@]}") ;;
    all) with=("${corners[@]}" "${middles[@]}") ;;
  esac
  WHY=
  for p in "${with[@]}"; do
    # shellcheck disable=SC2086
    s=$(screen_xy TOP $p)
    # shellcheck disable=SC2086
    n=$(colour_near "$img" $s "$HANDLE_COLOUR" 7)
    [ "$n" -gt 0 ] || WHY="$WHY no handle at ($p, $s);"
  done
  for p in "${without[@]}"; do
    # shellcheck disable=SC2086
    s=$(screen_xy TOP $p)
    # shellcheck disable=SC2086
    n=$(colour_near "$img" $s "$HANDLE_COLOUR" 7)
    [ "$n" = 0 ] || WHY="$WHY a handle at ($p, $s);"
  done
  [ -z "$WHY" ]
}

first_selected () { selected_box "$1" 128 64 256 128 && handles "$1" 128 64 256 128 all; }
resized () { selected_box "$1" 128 64 288 128 && handles "$1" 128 64 288 128 all; }
rotate_mode () { selected_box "$1" 128 64 288 128 && handles "$1" 128 64 288 128 corners; }
rotated () { selected_box "$1" 176 16 240 176 && handles "$1" 176 16 240 176 corners; }
rotated_box () { selected_box "$1" 176 16 240 176; }
resized_shear () { selected_box "$1" 128 64 288 128 && handles "$1" 128 64 288 128 middles; }
shear_mode () { selected_box "$1" 176 16 240 176 && handles "$1" 176 16 240 176 middles; }

# rest_pointer: moves the pointer to an empty spot of the Top view, so that no handle is
# hot (drawn yellow under the pointer) when a screenshot checks them.
rest_pointer () {
  # shellcheck disable=SC2046
  xdotool mousemove $(screen_xy TOP 352 224 0)
  sleep 0.3
}

# undo_save STEP: Ctrl+Z over the Top view, waits for "*", Ctrl+S.
undo_save () {
  point_at "$RTOP"
  keys ctrl+z
  wait_title "*$NAME – Quarry" || return 1
  shot "$1" > /dev/null
  save_now "$MAP" "$NAME"
}

diag "$NAME: a slab R 0..384 x 0..256 x -16..0, a box B 128..256 x 64..128 x 0..64"
open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"
check "the Top view shows R and B where expected ($FIT_TOP)" \
  wait_edges app-framed TOP "0 0 0" "384 256 0" "128 64 0" "256 128 0"
[ "$_failed" = 0 ] || bail "the views' geometry is known (no point in driving the tools blind)"

# The Select tool is the default one. A quarter along the side: not on a handle.
click_world TOP "128 80 0"
rest_pointer
check "a click on B's left side in the Top view selects it: square handles at its corners and middles" \
  wait_shot 1-selected first_selected

# ---- resize ----
drag_world TOP "256 96 0" "288 96 0"
check "a drag of the right-middle handle two grid steps right: '*'" wait_title "*$NAME – Quarry"
rest_pointer
check "B spans 128..288 x 64..128, its handles with it" wait_shot 2-resized resized
check "Ctrl+S saves in place" save_now "$MAP" "$NAME"
cp "$MAP" "$WORK/resized.map"
cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-resized.map"
box_check "$MAP" "resized" box 128 64 0 288 128 64

# ---- rotate ----
# The pointer arrives over B's edge first, so the view has seen it there (hover) before the
# click, as it would under a mapper's hand.
point_world TOP "128 80 0"
click_world TOP "128 80 0"
rest_pointer
check "a click on the selected B: rotate handles at its corners only" wait_shot 3-rotate-handles rotate_mode
check "the click changes nothing (no '*')" [ "$(title)" = "$NAME – Quarry" ]
drag_world TOP "288 128 0" "176 176 0"
check "a drag of the corner handle (288,128) to (176,176): '*'" wait_title "*$NAME – Quarry"
rest_pointer
check "B turned a quarter about its centre: 176..240 x 16..176" wait_shot 4-rotated rotated
check "Ctrl+S saves in place" save_now "$MAP" "$NAME"
cp "$MAP" "$WORK/rotated.map"
cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-rotated.map"
box_check "$MAP" "rotated by the handle" rot90z 128 64 0 288 128 64

# ---- shear handles ----
# As for the rotate click: the pointer arrives over B's edge before it clicks.
point_world TOP "176 56 0"
click_world TOP "176 56 0"
rest_pointer
check "a click on the selected B again: shear handles at the middles of its sides only" \
  wait_shot 5-shear-handles shear_mode
check "the click changes nothing (no '*')" [ "$(title)" = "$NAME – Quarry" ]

# ---- undo, and Ctrl+R ----
point_at "$RTOP"
keys ctrl+z
check "Ctrl+Z undoes the rotation straight after the drag: '*'" wait_title "*$NAME – Quarry"
rest_pointer
check "B is back at 128..288 x 64..128, selected, with shear handles" wait_shot 6-rotate-undone resized_shear
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/resized.map" "after undoing the rotation, the file is the resized one (one undo step)"
point_at "$RTOP"
keys ctrl+r
check "Ctrl+R: '*'" wait_title "*$NAME – Quarry"
check "B turned a quarter about its centre: 176..240 x 16..176" wait_shot 7-ctrl-r rotated_box
check "Ctrl+S saves in place" save_now "$MAP" "$NAME"
cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-ctrl-r.map"
box_check "$MAP" "rotated by Ctrl+R" rot90z 128 64 0 288 128 64
same_file "$WORK/rotated.map" "Ctrl+R wrote the same file as the handle's quarter turn"

check "Ctrl+Z, Ctrl+S" undo_save 8-ctrl-r-undone
same_file "$WORK/resized.map" "after undoing Ctrl+R, the file is the resized one"
check "Ctrl+Z, Ctrl+S" undo_save 9-resize-undone
same_file "$WORK/original.map" "after undoing the resize, the file is what quarry-cli convert makes of the original (one undo step)"

check "the editor is still running" app_alive
finish
