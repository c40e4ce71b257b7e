#!/bin/bash
# disp-tool: the Displacement tool (issue 16), one editor start. The map, a VMF that quarry-cli
# makes, holds one block F = 0..512 x 0..512 x -32..0; framed, the middle of the 3D view shows
# F's top.
#  1. Shift+D: the tool bar shows the tool's panel (its buttons are reached by their
#     mnemonics), and the views' left edge stays where it was (the tool bar keeps its width).
#  2. a click in the middle of the 3D view selects F's top face; Alt+C (Create, power 3 by
#     default): '*', and the saved file has one dispinfo, power 3, its 9 x 9 distances 0.
#  3. Alt+S (Distance) 256, then a drag with Raise across the 3D view's middle, left to right:
#     the saved dispinfo's distances are above 0 at the vertex nearest the drag's middle and
#     0 at the four corners (far from the path); in the 3D view the raised surface covers
#     background behind the floor, and there it is tinted red: the selected face is marked on
#     its displaced surface, not on the flat top under it. Before the press, the brush's light
#     green circle lies on the surface under the pointer.
#  4. Ctrl+Z once: the file of step 2 again, byte for byte (a stroke is one undo step), and
#     the 3D view as it was.
#  5. Ctrl+Y, Alt+U (Radius) 192, Alt+O (Smooth) and the drag again: the peak comes down
#     (the middle distance is smaller than after the raise) and still not below 0; Alt+A
#     (Alpha, aim 255) and a drag: the alphas near the path rise above 0, the corners stay 0.
#  6. Alt+D (Destroy; the displaced face is still selected): no dispinfo in the file; Ctrl+Z
#     gives the painted one back, byte for byte.
TEST=disp-tool
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=floor.vmf
MAP=$WORK/$NAME
make_map "$WORK/floor.map" "create block 0 0 -32 512 512 0 --texture base" || bail "quarry-cli edit makes the block"
"$QUARRY_CLI" convert "$WORK/floor.map" "$MAP" || bail "quarry-cli convert makes the VMF"

open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"

# disp_values FILE KEY: prints the first dispinfo's rows of KEY (distances, alphas) as one
# line of numbers per row, nothing when there is no dispinfo.
disp_values () {
  "$QUARRY_PYTHON" - "$1" "$2" << 'EOF'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
at = text.find("dispinfo")
if at >= 0:
    block = text[at:]
    rows = text[at:].split(sys.argv[2], 1)[1].split("}", 1)[0]
    for m in re.finditer(r'"row\d+"\s+"([^"]*)"', rows):
        print(m.group(1))
EOF
}

# ---- 1. Shift+D ----
left_before=$LAYOUT_LEFT
switch_tool shift+d 1-tool || bail "Shift+D switches to the Displacement tool"
check "the views' left edge stays put (before $left_before, now $LAYOUT_LEFT)" [ "$left_before" = "$LAYOUT_LEFT" ]
shot 1-panel > /dev/null

IFS='x+' read -r w3 h3 x3 y3 <<< "$R3D"
cx=$((x3 + w3 / 2))
cy=$((y3 + h3 / 2))

# ---- 2. select the top face, Create ----
click_px "$cx" "$cy"
shot 2-selected > /dev/null
keys alt+c
check "Alt+C (Create): '*'" wait_title "*$NAME – Quarry"
shot 2-created > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
cp "$MAP" "$WORK/created.vmf"
check "the file has one dispinfo" [ "$(grep -c dispinfo "$MAP")" = 1 ]
check "of power 3" grep -q '"power" "3"' "$MAP"
dist=$(disp_values "$MAP" distances)
check "9 rows of 9 distances, all 0" [ "$(echo "$dist" | wc -w)" = 81 ] && [ -z "$(echo "$dist" | tr ' ' '\n' | grep -v '^0$')" ]

# ---- 3. a stroke with Raise ----
# Alt+S (Distance) and 256: each dab raises the middle of the brush by 256 units.
keys alt+s
xdotool type --delay 80 256
keys Return
# Off the view, so that no circle shows in the picture before the stroke.
xdotool mousemove $((x3 + w3 + 40)) $((y3 + h3 + 40))
view_before=$GUI_TMP/view-before.png
sleep 0.5
crop "$(shot 3-before)" "$R3D" "$view_before"
# The background the 3D view shows around the floor (its colour exactly).
bg_before=$(colour_pixels "$view_before" "$BG_3D" 1%)
xdotool mousemove $((cx - w3 / 6 + 5)) $((cy + 5))
sleep 0.1
xdotool mousemove $((cx - w3 / 6)) "$cy"
green_3d () { crop "$1" "$R3D" "$GUI_TMP/view-3d.png"; [ "$(colour_pixels "$GUI_TMP/view-3d.png" '#60FF60' 8%)" -gt 30 ]; }
check "the brush's circle shows on the surface under the pointer (light green)" wait_shot 3-hover green_3d
drag_px $((cx - w3 / 6)) "$cy" $((cx + w3 / 6)) "$cy"
xdotool mousemove $((x3 + w3 + 40)) $((y3 + h3 + 40))
check "the stroke: '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S" save_now "$MAP" "$NAME"
cp "$MAP" "$WORK/raised.vmf"
py_checks '
import sys
rows = [[float(v) for v in r.split()] for r in sys.argv[1].splitlines()]
print("# distances after the stroke:")
for r in rows:
    print("#   " + " ".join("%g" % v for v in r))
mid = rows[4][4] if len(rows) == 9 else 0
corners = [rows[0][0], rows[0][8], rows[8][0], rows[8][8]] if len(rows) == 9 else [1]
print(("ok" if mid > 0 else "not ok") + " the middle vertex, under the drag, rose (%g)" % mid)
print(("ok" if all(c == 0 for c in corners) else "not ok") + " the four corners, far from it, did not (%s)" % corners)
moved = sum(1 for r in rows for v in r if v != 0)
print(("ok" if 0 < moved < 81 else "not ok") + " part of the grid moved (%d of 81 vertices)" % moved)
' "$(disp_values "$MAP" distances)"
view_after=$GUI_TMP/view-after.png
raised_png=$(shot 3-raised)
crop "$raised_png" "$R3D" "$view_after"
bg_after=$(colour_pixels "$view_after" "$BG_3D" 1%)
diag "background pixels in the 3D view: $bg_before before the stroke, $bg_after after"
check "the raised surface covers the background behind the floor (over 1000 pixels fewer)" \
  [ $((bg_before - bg_after)) -gt 1000 ]
# Pixels that showed background before the stroke and show the selection's red tint after
# (red above green by 15%: the grey surface has them equal). The flat top cannot be
# drawn there, only the hill above it.
tinted_hill=$("$CONVERT" \( "$view_before" -alpha off -fuzz 1% -fill black +opaque "$BG_3D" -fill white \
  -opaque "$BG_3D" \) \( "$view_after" -alpha off -fx '(r-g>0.15)?1:0' \) -compose multiply -composite \
  -colorspace Gray -format '%[fx:int(mean*w*h+0.5)]' info:)
diag "of those, tinted red: $tinted_hill"
check "the selected face's tint lies on the raised surface (nine in ten of those pixels)" \
  [ $((tinted_hill * 10)) -ge $(((bg_before - bg_after) * 9)) ]

# ---- 4. one undo step ----
keys ctrl+z
check "Ctrl+Z, Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/created.vmf" "the file: as before the stroke (one stroke, one undo step)"
view_undone=$GUI_TMP/view-undone.png
crop "$(shot 4-undone)" "$R3D" "$view_undone"
undone=$(differing_pixels "$view_before" "$view_undone")
check "the 3D view as before the stroke ($undone pixels differ)" [ "${undone:-1}" -lt 20 ]

# ---- 5. Smooth, then Alpha ----
keys ctrl+y
# Alt+U (Radius) 192: the brush reaches the ridge's vertices wherever it stands on it.
keys alt+u
xdotool type --delay 80 192
keys Return
keys alt+o
drag_px $((cx - w3 / 6)) "$cy" $((cx + w3 / 6)) "$cy"
xdotool mousemove $((x3 + w3 + 40)) $((y3 + h3 + 40))
check "Ctrl+S" save_now "$MAP" "$NAME"
shot 5-smoothed > /dev/null
py_checks '
import sys
raised = [[float(v) for v in r.split()] for r in sys.argv[1].splitlines()]
smooth = [[float(v) for v in r.split()] for r in sys.argv[2].splitlines()]
a, b = raised[4][4], smooth[4][4]
print(("ok" if 0 <= b < a else "not ok") + " Smooth brought the peak down (%g to %g)" % (a, b))
' "$(disp_values "$WORK/raised.vmf" distances)" "$(disp_values "$MAP" distances)"
keys alt+a
drag_px $((cx - w3 / 6)) "$cy" $((cx + w3 / 6)) "$cy"
xdotool mousemove $((x3 + w3 + 40)) $((y3 + h3 + 40))
check "Ctrl+S" save_now "$MAP" "$NAME"
shot 5-alpha > /dev/null
py_checks '
import sys
rows = [[float(v) for v in r.split()] for r in sys.argv[1].splitlines()]
mid = rows[4][4] if len(rows) == 9 else 0
corners = [rows[0][0], rows[0][8], rows[8][0], rows[8][8]] if len(rows) == 9 else [1]
print(("ok" if mid > 0 else "not ok") + " Alpha painted the middle (%g)" % mid)
print(("ok" if all(c == 0 for c in corners) else "not ok") + " and not the corners (%s)" % corners)
' "$(disp_values "$MAP" alphas)"
cp "$MAP" "$WORK/painted.vmf"

# ---- 6. Destroy, undone ----
keys alt+d
check "Alt+D (Destroy): '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S" save_now "$MAP" "$NAME"
check "the file has no dispinfo" [ "$(grep -c dispinfo "$MAP")" = 0 ]
shot 6-destroyed > /dev/null
keys ctrl+z
check "Ctrl+Z, Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/painted.vmf" "the file: the painted displacement is back"

finish
