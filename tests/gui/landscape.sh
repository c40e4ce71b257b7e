#!/bin/bash
# landscape: the Landscape tool (issue 16), one editor start. The map, Valve 220, holds only two
# pillars, 0..32 x 0..32 x 0..256 and 480..512 x 480..512 x 0..256 (brushes 0, 1), so the views
# frame x, y 0..512 and z 0..256, and the 3D view shows the background round a landscape.
#  1. Shift+G: the tool bar shows the tool's panel (it changes).
#  2. a drag in the Top view from (128, 128) to (384, 384): a landscape L of 9 x 9 control
#     points (the panel's default) over 256 x 256 at height 0; saved, its keys say so and every
#     row is nine zeros. The Top view draws its control rows and columns (red: selected), the
#     3D view its surface: fewer background pixels than before.
#  3. a click on L's control point (row 8, column 4: 256 384 0) in the Top view makes it the
#     current point; a drag in the Front view from that column's handle (256, 0) up to z 192
#     raises it (in the Front view all nine rows share the handle: the current one goes
#     first). Saved: row8's fifth value is 192 within a grid step and every other height is 0
#     (falloff 0). In the 3D view the raised far edge covers background pixels it did not,
#     shaded smoothly (many grey levels, where boxes would give a few).
#  4. Ctrl+Z: the file of step 2 again, byte for byte (the whole drag was one step).
#  5. To Brushes (Shift+Tab from the step spin under it, Space) with the step 64: saved, L is
#     gone and the world holds 32 terrain brushes (4 x 4 cells, two prisms each).
TEST=landscape
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=land.map
MAP=$WORK/$NAME
make_map "$MAP" "create block 0 0 0 32 32 256 --texture base" "create block 480 480 0 512 512 256 --texture base" || bail "quarry-cli edit makes the test map"

open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"

# background_3d IMAGE: how many pixels of the 3D view have the colour of its top left corner
# (the background: nothing is drawn there).
background_3d () {
  local bg
  crop "$1" "$R3D" "$GUI_TMP/view-3d.png"
  bg=$("$CONVERT" "$GUI_TMP/view-3d.png" -format '%[pixel:p{2,2}]' info:)
  colour_pixels "$GUI_TMP/view-3d.png" "$bg" 3%
}

# keys_of FILE: the quarry_landscape entities' keys, as Python prints them.
LAND_PY='
import re, sys
ents, depth = [], 0
for line in open(sys.argv[1], encoding="utf-8"):
    t = line.strip()
    if t == "{":
        depth += 1
        if depth == 1:
            ents.append({"brushes": 0})
        elif depth == 2:
            ents[-1]["brushes"] += 1
    elif t == "}":
        depth -= 1
    elif depth == 1:
        m = re.match(r"^\"([^\"]*)\" \"([^\"]*)\"$", t)
        if m:
            ents[-1][m.group(1)] = m.group(2)
lands = [e for e in ents if e.get("classname") == "quarry_landscape"]
def say(good, text):
    print(("ok " if good else "not ok ") + text)
'

# ---- 1. Shift+G ----
before_bg=$(background_3d "$(shot 1-before)")
switch_tool shift+g 1-landscape || bail "Shift+G switches to the Landscape tool (the tool bar changes)"

# ---- 2. a landscape over a rectangle dragged in the Top view ----
drag_world TOP "128 128 0" "384 384 0"
check "a drag in the Top view: '*'" wait_title "*$NAME – Quarry"
shot 2-created > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
cp "$MAP" "$WORK/created.map"
py_checks "$LAND_PY"'
say(len(lands) == 1, "one quarry_landscape in the file (%d)" % len(lands))
L = lands[0] if lands else {}
print("# its keys: %s" % L)
say(L.get("origin", "").split() in (["128", "128", "0"],), "origin 128 128 0 (%s)" % L.get("origin"))
say(L.get("size", "").split() == ["256", "256"], "size 256 256 (%s)" % L.get("size"))
say(L.get("grid", "").split() == ["9", "9"], "grid 9 9, the panel'"'"'s default (%s)" % L.get("grid"))
rows = [L.get("row%d" % r, "").split() for r in range(9)]
say(all(len(r) == 9 and all(float(v) == 0 for v in r) for r in rows), "nine rows of nine zeros")
' "$MAP"
# The Top view draws the control rows and columns (x 160, 256; y 224), not just the outline
# an entity box would have, red while L is selected.
lines_top () { colour_at_points "$1" TOP "$SELECTED" "160 200 0" "256 300 0" "200 224 0"; }
check "the Top view draws L's control lines" wait_shot 2-lines lines_top
flat_bg=$(background_3d "$(shot 2-created-3d)")
diag "background pixels in the 3D view: $before_bg before, $flat_bg with the flat landscape"
check "the 3D view draws the landscape's surface (background $before_bg -> $flat_bg)" \
  [ "$flat_bg" -lt $((before_bg - 500)) ]

# ---- 3. a control point raised in the Front view ----
click_world TOP "256 384 0"
shot 3-current > /dev/null
drag_world FRONT "256 128 0" "256 128 192"
check "a drag in the Front view: '*'" wait_title "*$NAME – Quarry"
shot 3-raised > /dev/null
raised_bg=$(background_3d "$(shot 3-raised-3d)")
crop "$QUARRY_GUI_ARTEFACTS/$TEST-3-raised-3d.png" "$R3D" "$GUI_TMP/view-3d.png"
levels=$(grey_levels "$GUI_TMP/view-3d.png" 20)
check "the 3D view shades the raised surface smoothly: $levels grey levels of 20 pixels or more (boxes: 6)" \
  [ "$levels" -ge 12 ]
check "Ctrl+S" save_now "$MAP" "$NAME"
cp "$MAP" "$WORK/raised.map"
py_checks "$LAND_PY"'
L = lands[0] if lands else {}
rows = [[float(v) for v in L.get("row%d" % r, "").split()] for r in range(9)]
print("# row8: %s" % rows[8])
grid = 64
say(len(rows[8]) == 9 and abs(rows[8][4] - 192) <= grid, "row8[4] rose by 192 within a grid step (%s)" % rows[8][4:5])
others = [v for r in range(9) for c, v in enumerate(rows[r]) if (r, c) != (8, 4)]
say(len(others) == 80 and all(v == 0 for v in others), "the 80 other heights stay 0 (falloff 0)")
' "$MAP"
diag "background pixels in the 3D view: $flat_bg flat, $raised_bg raised"
check "the raised surface covers background pixels in the 3D view ($flat_bg -> $raised_bg)" \
  [ "$raised_bg" -lt $((flat_bg - 50)) ]

# ---- 4. Ctrl+Z undoes the whole drag ----
keys ctrl+z
check "Ctrl+Z, Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/created.map" "the file of step 2 again: the drag was one undo step"

# ---- 5. To Brushes ----
# entry_runs IMAGE: the middle rows of the runs of 20 to 40 rows of the entries' background
# (#2D2D2D) in a column through the text of the panel's spin buttons, near the tool bar's left
# edge (their buttons are at the right).
entry_runs () {
  "$CONVERT" "$1" -crop "1x$((SCREEN_H - MENU_H - STATUS_H))+30+${MENU_H}" +repage -depth 8 txt:- |
    awk -v top="$MENU_H" 'NR > 1 {
      split($1, p, /[,:]/)
      if ($3 == "#2D2D2D") { if (run == 0) start = p[2]; run++ }
      else { if (run >= 20 && run <= 40) print top + start + int(run / 2); run = 0 }
    }'
}
runs=$(entry_runs "$(shot 5-panel)")
diag "the panel's spin buttons at rows: ${runs//$'\n'/ }"
STEP_Y=$(echo "$runs" | tail -1)
[ -n "$STEP_Y" ] || bail "the step spin button is found"
click_px 30 "$STEP_Y"
keys shift+Tab
sleep 0.2
shot 5-focus > /dev/null
keys space
check "To Brushes: '*'" wait_title "*$NAME – Quarry"
shot 5-brushes > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
py_checks "$LAND_PY"'
say(len(lands) == 0, "the landscape is gone (%d left)" % len(lands))
world = ents[0]
say(world.get("brushes") == 34, "the world holds the pillars and 32 terrain brushes (%d brushes)" % world.get("brushes"))
' "$MAP"

check "the editor is still running" app_alive
finish
