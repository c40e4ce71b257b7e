#!/bin/bash
# create-move-save: the Block and Select tools by mouse, checked in the file Ctrl+S writes.
# On a map of one reference slab R (0..384 x 0..256 x -16..0; the views are framed on it, so
# every world point's pixel is known, see lib.sh's screen_xy):
#  - Shift+B, a drag in the Top view from (64,64) to (192,128): a pending box drawn amber in
#    the three 2D views (and the 3D view), depth 0..64 (no selection, no block made yet); the
#    document is unchanged.
#  - a drag in the Front view from (48,0) to (192,96) reshapes it along X and Z: 48..192 x
#    64..128 x 0..96.
#  - Return: the block is made ("*" in the title), selected (red), the amber box gone.
#  - Shift+S, a click on the block's left edge in the Top view (selects it), a drag from there
#    4 grid steps right and 2 down: the block moves by (64,-32,0); Right over the Top view
#    nudges it one grid step more. (Presses are a quarter along the edge: the corners and
#    the middles of the sides of the selection carry handles.)
#  - Ctrl+S: the file has R unchanged and a brush of exactly 128..272 x 32..96 x 0..96 (8
#    vertices, 6 faces).
#  - Ctrl+Z and Ctrl+S, three times: the nudge, the whole drag and the creation are one undo
#    step each (the file after each has the block where it was before that step, then none).
TEST=create-move-save
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
MAP=$WORK/room.map
NAME=room.map
make_map "$MAP" "create block 0 0 -16 384 256 0 --texture base" || bail "quarry-cli edit makes the test map"

# block_check FILE X0 Y0 Z0 X1 Y1 Z1 WHAT: the file has R as it was and one other brush, a box
# of exactly those bounds (or, with X0 "none", no other brush).
block_check () {
  py_checks '
import sys
from fractions import Fraction as F
from mapgeom import world_brushes
path, what = sys.argv[1], sys.argv[-1]
brushes = world_brushes(path)
ref = [b for b in brushes if b.valid and b.bounds == ((0, 0, -16), (384, 256, 0))]
print(("ok " if len(ref) == 1 and len(ref[0].vertices) == 8 else "not ok ")
      + "%s: the reference slab is there as it was" % what)
others = [b for b in brushes if b not in ref]
if sys.argv[2] == "none":
    print(("ok " if not others else "not ok ") + "%s: no other brush (%s)"
          % (what, ", ".join(b.bounds_text() for b in others) or "none"))
    sys.exit(0)
lo = tuple(F(x) for x in sys.argv[2:5])
hi = tuple(F(x) for x in sys.argv[5:8])
if len(others) != 1:
    print("not ok %s: one new brush (found %d: %s)" % (what, len(others),
          ", ".join(b.bounds_text() if b.valid else "invalid" for b in others)))
    sys.exit(0)
b = others[0]
want = "%s..%s" % (" ".join(sys.argv[2:5]), " ".join(sys.argv[5:8]))
print(("ok " if b.valid and b.bounds == (lo, hi) else "not ok ")
      + "%s: the new brush spans %s (%s)" % (what, want, b.bounds_text() if b.valid else b.reason))
print(("ok " if len(b.vertices) == 8 and len(b.faces) == 6 else "not ok ")
      + "%s: it is a box: 8 vertices, 6 faces (%d, %d)" % (what, len(b.vertices), len(b.faces)))
vol = (hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2])
print(("ok " if b.volume() == vol else "not ok ") + "%s: its volume is %s (%s)" % (what, vol, b.volume()))
' "$@"
}

# box_shows IMAGE COLOUR X0 Y0 Z0 X1 Y1 Z1: the box's outline shows COLOUR in the 2D views:
# points a quarter along its four sides in the Top view, along its top, left and right sides
# in the Front view and along its left and right sides in the Side view (its bottom, at z 0,
# lies on R's top; its top may be out of the Side view). A quarter along, not the middle:
# the selection's handles sit at the corners and middles.
box_shows () {
  local img=$1 c=$2 x0=$3 y0=$4 z0=$5 x1=$6 y1=$7 z1=$8
  local xm=$((x0 + (x1 - x0) / 4)) ym=$((y0 + (y1 - y0) / 4)) zm=$((z0 + (z1 - z0) / 4))
  colour_at_points "$img" TOP "$c" "$xm $y0 $z0" "$xm $y1 $z0" "$x0 $ym $z0" "$x1 $ym $z0" &&
    colour_at_points "$img" FRONT "$c" "$xm $y0 $z1" "$x0 $y0 $zm" "$x1 $y0 $zm" &&
    colour_at_points "$img" SIDE "$c" "$x0 $y0 $zm" "$x0 $y1 $zm"
}

# amber_in_3d IMAGE: the 3D view shows amber lines.
amber_in_3d () {
  local n
  crop "$1" "$R3D" "$GUI_TMP/3d.png"
  n=$(colour_pixels "$GUI_TMP/3d.png" "$AMBER" 20%)
  [ "$n" -gt 20 ] || { WHY="3D view: $n amber pixels"; return 1; }
}

# no_amber IMAGE: no amber anywhere in the four views.
no_amber () {
  local v r n
  for v in 3D TOP FRONT SIDE; do
    r=R$v
    crop "$1" "${!r}" "$GUI_TMP/view.png"
    n=$(colour_pixels "$GUI_TMP/view.png" "$AMBER" 5%)
    [ "$n" = 0 ] || { WHY="$v view: $n amber pixels"; return 1; }
  done
}

pending_first () { box_shows "$1" "$AMBER" 64 64 0 192 128 64 && amber_in_3d "$1"; }
pending_reshaped () {
  box_shows "$1" "$AMBER" 48 64 0 192 128 96 && amber_in_3d "$1" &&
    no_colour_at_points "$1" FRONT "$AMBER" "64 0 32" "128 0 64"  # the first outline is gone
}
created () { box_shows "$1" "$SELECTED" 48 64 0 192 128 96 && no_amber "$1"; }
created_gone () { no_colour_at_points "$1" TOP "$SELECTED" "84 64 0" "48 80 0" && no_edge_at_block "$1"; }
no_edge_at_block () {
  local s
  s=$(screen_xy TOP 48 80 0)
  # shellcheck disable=SC2086
  [ "$(bright_near "$1" $s)" = 0 ] || { WHY="Top view: an edge at the undone block's side ($s)"; return 1; }
}
moved () { box_shows "$1" "$SELECTED" 112 32 0 256 96 96 && no_colour_at_points "$1" TOP "$SELECTED" "48 80 0"; }
nudged () { box_shows "$1" "$SELECTED" 128 32 0 272 96 96 && no_colour_at_points "$1" TOP "$SELECTED" "112 48 0"; }

diag "$NAME: a slab R 0..384 x 0..256 x -16..0"
open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"
# The geometry the rest relies on: R's corners where screen_xy puts them.
check "the Top view shows R where expected (level, zoom, centre: $FIT_TOP)" \
  wait_edges app-framed TOP "0 0 0" "384 256 0" "0 256 0" "384 0 0"
check "the Front view shows R where expected ($FIT_FRONT)" \
  wait_edges app-framed FRONT "0 0 -16" "384 0 0" "0 0 0" "384 0 -16"
check "the Side view shows R where expected ($FIT_SIDE)" \
  wait_edges app-framed SIDE "0 0 -16" "0 256 0" "0 0 0" "0 256 -16"
[ "$_failed" = 0 ] || bail "the views' geometry is known (no point in driving the tools blind)"

# ---- Block ----
switch_tool shift+b 1-block-tool || bail "Shift+B switches to the Block tool"
drag_world TOP "64 64 0" "192 128 0"
check "Block: a drag in the Top view outlines 64..192 x 64..128 x 0..64, amber in all four views" \
  wait_shot 2-pending pending_first
check "the pending box does not change the document (no '*')" [ "$(title)" = "$NAME – Quarry" ]
drag_world FRONT "48 0 0" "192 0 96"
check "a drag in the Front view reshapes it along X and Z: 48..192 x 64..128 x 0..96" \
  wait_shot 3-reshaped pending_reshaped
keys Return
check "Return creates the block: '*'" wait_title "*$NAME – Quarry"
check "the new block is selected (red) and the amber box gone" wait_shot 4-created created

# One undo step.
keys ctrl+z
check "Ctrl+Z: back to the opened state (no '*')" wait_title "$NAME – Quarry"
check "the block is gone from the Top view" wait_shot 5-undone created_gone
keys ctrl+y
check "Ctrl+Y: the block again ('*')" wait_title "*$NAME – Quarry"

# ---- Select ----
switch_tool shift+s 6-select-tool || bail "Shift+S switches to the Select tool"
# Redo need not restore the selection: click the block's left edge first (this selects it
# and moves nothing), then drag it from there. Both a quarter along the edge: the selection's
# corners and the middles of its sides carry handles (resize, rotate, shear), not edges.
click_world TOP "48 80 0"
check "a click on the block's left edge in the Top view selects it" wait_shot 7-selected created
drag_world TOP "48 80 0" "112 48 0"
check "a drag from its edge moves it 4 grid steps right, 2 down: 112..256 x 32..96" wait_shot 8-moved moved
point_at "$RTOP"
keys Right
check "Right over the Top view nudges it one grid step: 128..272" wait_shot 9-nudged nudged

check "Ctrl+S saves in place" save_now "$MAP" "$NAME"
block_check "$MAP" 128 32 0 272 96 96 "saved"
cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-saved.map"

# Each of nudge, drag and creation is one undo step.
keys ctrl+z
check "Ctrl+Z, Ctrl+S" save_now "$MAP" "$NAME"
block_check "$MAP" 112 32 0 256 96 96 "after undoing the nudge"
keys ctrl+z
check "Ctrl+Z, Ctrl+S" save_now "$MAP" "$NAME"
block_check "$MAP" 48 64 0 192 128 96 "after undoing the move (one step for the whole drag)"
keys ctrl+z
check "Ctrl+Z, Ctrl+S" save_now "$MAP" "$NAME"
block_check "$MAP" none "after undoing the creation"

check "the editor is still running" app_alive
finish
