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
# corners, a drag of one moves both, the Right arrow both again. Escape drops the handles,
# Escape again leaves the tool, the block still selected.
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

# Escape drops the handles' selection, a second leaves the tool for Select, the block still
# selected (red in the top view).
keys Escape
switch_tool Escape 6-left || bail "Escape leaves the Vertex tool"
still_selected () { colour_at_points "$1" TOP "$SELECTED" "-32 64 0" "64 0 0"; }
check "Escape, Escape: back in Select, the block still selected" wait_shot 6-selected still_selected

finish
