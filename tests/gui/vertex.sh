#!/bin/bash
# vertex: the Vertex tool (issue 19), one editor start. A block 0..128 x 0..128 x 0..64,
# selected (Ctrl+A); Shift+V shows its corners as handles; in the top view the corner at
# (128, 128) — the vertical edge from z 0 to 64 — dragged to (160, 128) (inside the framed view) reshapes
# the block:
# Ctrl+S writes a brush whose corners, by `quarry-cli mesh --json`, are the block's with that
# edge moved, and the file is what `quarry-cli edit --step "edge-move …"` makes of the same
# edge. Then a drag that would swallow a corner (the edge dragged inside the block) is
# refused: the file saved again is unchanged. Last, the edge handle in the middle of the block's
# left side dragged 32 to the left moves the left face. A box selects the right side's two
# corners, a drag of one moves both, the Right arrow both again. Escape drops the handles.
# In the 3D view: the pointer over the topmost corner handle lights it up; a drag of it moves
# that corner alone, in a plane through it (two coordinates at most, on the grid); a Ctrl+drag
# moves it along one axis; Ctrl+Z twice restores the file. Shift+drag of an edge handle splits
# the edges; Delete removes the selected corners. Escape leaves the tool, the block still
# selected. Then Select extrudes the top face in the 3D view (Shift+drag), and Ctrl+Shift+drag
# makes a new brush from it.
TEST=vertex
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=block.map
MAP=$WORK/$NAME
make_map "$MAP" "create block 0 0 0 128 128 64 --texture base" || bail "quarry-cli edit makes the test map"
"$QUARRY_CLI" convert "$MAP" "$WORK/original.map" || bail "quarry-cli convert of the test map"
cp "$WORK/original.map" "$MAP"
"$QUARRY_CLI" edit "$WORK/original.map" "$WORK/moved.map" --step "edge-move 0:0 128 128 0 128 128 64 32 0 0" \
  || bail "quarry-cli edit edge-move"

corners () {
  "$QUARRY_CLI" mesh "$1" --json | "$QUARRY_PYTHON" -c '
import json, sys
pts = set()
for e in json.load(sys.stdin)["entities"]:
    for b in e.get("brushes", []):
        for f in b["faces"]:
            for v in f["vertices"]:
                pts.add(tuple(round(c, 6) + 0.0 for c in v))
print(" ".join("%g,%g,%g" % p for p in sorted(pts)))'
}

open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"
point_at "$RTOP"
keys ctrl+a
switch_tool shift+v 1-vertex || bail "Shift+V switches to the Vertex tool"
shot 1-handles > /dev/null
drag_world TOP "128 128 32" "160 128 32"
check "the drag: '*'" wait_title "*$NAME – Quarry"
shot 2-moved > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
want="0,0,0 0,0,64 0,128,0 0,128,64 128,0,0 128,0,64 160,128,0 160,128,64"
got=$(corners "$MAP")
check "the saved brush's corners: the edge at (128, 128) now at (160, 128) (got $got)" [ "$got" = "$want" ]
same_file "$WORK/moved.map" "the file: what quarry-cli edit edge-move makes"

# Inside the block: the corner at (128, 0) would no longer be one.
cp "$MAP" "$WORK/before-refusal.map"
drag_world TOP "160 128 32" "64 64 32"
sleep 0.5
shot 3-refused > /dev/null
keys ctrl+s
sleep 1
check "a drag that swallows a corner changes nothing" cmp -s "$WORK/before-refusal.map" "$MAP"

# An edge handle: the middle of the left side in the top view stands for the bottom and top
# edges there; dragged 32 to the left, both go, and the left face with them.
drag_world TOP "0 64 32" "-32 64 32"
check "the edge drag: '*'" wait_title "*$NAME – Quarry"
shot 4-edge > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
want="-32,0,0 -32,0,64 -32,128,0 -32,128,64 128,0,0 128,0,64 160,128,0 160,128,64"
got=$(corners "$MAP")
check "the left edges moved to x = -32 (got $got)" [ "$got" = "$want" ]

# A box from empty space selects the two corners of the right side; a drag on one of them
# moves both (the other out of sight, right of the view).
drag_world TOP "112 -6 32" "170 136 32"
shot 5-boxed > /dev/null
drag_world TOP "128 0 32" "160 0 32"
check "the drag of the selected corners: '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S" save_now "$MAP" "$NAME"
want="-32,0,0 -32,0,64 -32,128,0 -32,128,64 160,0,0 160,0,64 192,128,0 192,128,64"
got=$(corners "$MAP")
check "both selected corners moved 32 along x (got $got)" [ "$got" = "$want" ]
# They stay selected: the Right arrow nudges them a grid step (16) further.
point_at "$RTOP"
keys Right
check "Right: '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S" save_now "$MAP" "$NAME"
want="-32,0,0 -32,0,64 -32,128,0 -32,128,64 176,0,0 176,0,64 208,128,0 208,128,64"
got=$(corners "$MAP")
check "Right nudged the selected corners by 16, not the brush (got $got)" [ "$got" = "$want" ]

# Escape drops the handles' selection.
keys Escape

# top_handle_3d IMAGE: the screen X Y of the 3D view's topmost handle, white or yellow (hot or
# selected), a corner's square (the far top corner, seen from above): the middle of its top
# row, QR_HANDLE_PX (4) below.
top_handle_3d () {
  local w h x y
  IFS='x+' read -r w h x y <<< "$R3D"
  "$CONVERT" "$1" -crop "$R3D" +repage -alpha off txt:- \
    | awk -F'[,: ]+' -v X="$x" -v Y="$y" '!/^#/ && /#F0F0F0|#FFFF40/ {
        if (top == "" || $2 < top) { top = $2; sum = 0; n = 0 }
        if ($2 == top) { sum += $1; n++ } }
      END { if (n) printf "%d %d\n", X + sum / n, Y + top + 4 }'
}
# moved_corner BEFORE AFTER AXES: exactly one corner differs, in at most AXES coordinates, each
# a multiple of 16 (the grid). Sets WHY.
moved_corner () {
  WHY=$("$QUARRY_PYTHON" - "$1" "$2" "$3" <<'PY'
import sys
before = set(sys.argv[1].split()); after = set(sys.argv[2].split()); axes = int(sys.argv[3])
gone, new = sorted(before - after), sorted(after - before)
if len(gone) != 1 or len(new) != 1:
    print("corners gone %s, new %s" % (gone, new)); sys.exit()
a = [float(c) for c in gone[0].split(",")]; b = [float(c) for c in new[0].split(",")]
changed = [k for k in range(3) if a[k] != b[k]]
if not changed or len(changed) > axes or any(b[k] % 16 for k in changed):
    print("%s moved to %s" % (gone[0], new[0]))
PY
)
  [ -z "$WHY" ]
}
before_3d=$(corners "$MAP")
cp "$MAP" "$WORK/before-3d.map"
read -r hx hy <<< "$(top_handle_3d "$(shot 7-3d)")"
check "the 3D view shows the corner handles (topmost at ${hx:-none} ${hy:-})" [ -n "${hx:-}" ]
xdotool mousemove $((hx + 5)) $((hy + 5))
sleep 0.1
xdotool mousemove "$hx" "$hy"
hot_3d () { [ "$(colour_near "$1" "$hx" $((hy - 4)) '#FFFF40' 2)" -gt 0 ]; }
check "the pointer over it lights it up (yellow)" wait_shot 8-hot-3d hot_3d
drag_px "$hx" "$hy" "$hx" $((hy - 40))
check "the 3D drag: '*'" wait_title "*$NAME – Quarry"
shot 9-dragged-3d > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
after_3d=$(corners "$MAP")
check "one corner moved in a plane, on the grid ($before_3d -> $after_3d)" moved_corner "$before_3d" "$after_3d" 2
[ -z "$WHY" ] || diag "$WHY"
read -r hx hy <<< "$(top_handle_3d "$(shot 10-3d)")"
drag_px "$hx" "$hy" "$hx" $((hy - 30)) ctrl
check "the Ctrl+drag: '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S" save_now "$MAP" "$NAME"
after_axis=$(corners "$MAP")
check "Ctrl+drag: one corner moved along one axis ($after_3d -> $after_axis)" moved_corner "$after_3d" "$after_axis" 1
[ -z "$WHY" ] || diag "$WHY"
shot 11-axis-3d > /dev/null
keys ctrl+z
keys ctrl+z
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/before-3d.map" "Ctrl+Z twice: the file as before the 3D drags"

# Shift+drag of the edge handle in the middle of the front side (y 0) in the top view splits
# the two edges it stands for: their midpoints become corners where the drag ends, on the grid.
# A box round the new corners in the front view (the top view does not reach y -32) selects
# them; Delete removes them again.
point_at "$RTOP"
keys Escape
drag_world TOP "72 0 32" "80 -32 32" shift
check "the split: '*'" wait_title "*$NAME – Quarry"
shot 12-split > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
want="-32,0,0 -32,0,64 -32,128,0 -32,128,64 80,-32,0 80,-32,64 176,0,0 176,0,64 208,128,0 208,128,64"
got=$(corners "$MAP")
check "Shift+drag split both edges at (72, 0), the new corners on the grid at (80, -32) (got $got)" [ "$got" = "$want" ]
drag_world FRONT "72 0 -8" "88 0 72"
keys Delete
sleep 0.5
shot 13-removed > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
got=$(corners "$MAP")
check "Delete removed the selected corners, not the brush (got $got)" [ "$got" = "$before_3d" ]

# With no handle selected (Delete took them), Escape leaves the tool for Select, the block
# still selected (red in the top view).
point_at "$RTOP"
switch_tool Escape 6-left || bail "Escape leaves the Vertex tool"
still_selected () { colour_at_points "$1" TOP "$SELECTED" "-32 64 0" "64 0 0"; }
check "Escape: back in Select, the block still selected" wait_shot 6-selected still_selected

# Select in the 3D view: Shift+drag on the block's top face (50 px below its far top corner, as
# the Vertex tool showed it) extrudes it upward, on the grid, the bottom staying; Ctrl+Z; then
# Ctrl+Shift+drag makes a new brush on top instead, the block unchanged.
read -r hx hy <<< "$(top_handle_3d "$QUARRY_GUI_ARTEFACTS/$TEST-13-removed.png")"
drag_px "$hx" $((hy + 50)) "$hx" $((hy + 10)) shift
check "the extrude: '*'" wait_title "*$NAME – Quarry"
shot 14-extruded > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
extruded=$(corners "$MAP")
raised () {
  WHY=$("$QUARRY_PYTHON" - "$before_3d" "$extruded" <<'PY'
import sys
before = sorted(tuple(map(float, p.split(","))) for p in sys.argv[1].split())
after = sorted(tuple(map(float, p.split(","))) for p in sys.argv[2].split())
tops = {p[2] for p in after} - {0.0}
if len(tops) != 1 or min(tops) <= 64 or min(tops) % 16:
    print("top heights %s" % sorted(tops)); sys.exit()
top = min(tops)
if sorted((x, y, top if z == 64 else z) for x, y, z in before) != after:
    print("not the block raised to %g" % top)
PY
)
  [ -z "$WHY" ]
}
check "Shift+drag extruded the top face up, on the grid ($extruded)" raised
[ -z "$WHY" ] || diag "$WHY"
keys ctrl+z
drag_px "$hx" $((hy + 50)) "$hx" $((hy + 10)) ctrl+shift
check "the extrude to a brush: '*'" wait_title "*$NAME – Quarry"
shot 15-slab > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
brushes=$("$QUARRY_CLI" mesh "$MAP" --json | "$QUARRY_PYTHON" -c '
import json, sys
print(sum(len(e.get("brushes", [])) for e in json.load(sys.stdin)["entities"]))')
check "Ctrl+Shift+drag made a second brush (brushes: $brushes)" [ "$brushes" = 2 ]

finish
