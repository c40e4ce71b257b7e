#!/bin/bash
# visgroups: the Visgroups panel (issue 20) on a VMF of two boxes, A = 0..128³ and
# B = 256..384 × 0..128 × 0..128, as `quarry-cli convert` writes it:
#  1. a click on A's right side in the Top view selects it; Ctrl+Shift+G shows the panel, which
#     lists only the Auto branch (World Geometry, no classes).
#  2. "Walls" typed in the panel's name entry, Return (New): a visgroup of the selection, listed
#     first; the title gains a '*' (a change to the map).
#  3. Walls' check box unchecked: A is no longer drawn in the Top view, B still is; checked
#     again: A is back.
#  4. Ctrl+S: the file is what `quarry-cli edit --step "visgroup-add Walls 0:0"` makes, and its
#     keys say so: a visgroups block with Walls (id 1), A's editor block "visgroupid" "1", B's
#     none, every object shown.
#  5. "Solids" typed, Rename, Ctrl+S: the file is what `visgroup-rename Walls Solids` makes.
#     Select: A is selected (and framed: red fills the Top view); Remove; Delete: the panel
#     lists no visgroup; Ctrl+S: the file is what the same quarry-cli steps make (an empty
#     visgroups block stays, as Hammer writes one).
#  6. Outer and Inner made; Inner's row dragged onto Outer's: Inner goes under Outer (a '*');
#     dragged onto the panel's title: back to the top level; Ctrl+Z: under Outer again. The
#     tree is read from the panel's debug log.
TEST=visgroups
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=boxes.vmf
MAP=$WORK/$NAME
two_boxes_vmf "$WORK" || bail "the test map: two boxes"
cp "$WORK/plain.vmf" "$MAP"
"$QUARRY_CLI" edit "$WORK/plain.vmf" "$WORK/walls.vmf" --step "visgroup-add Walls 0:0" \
  || bail "quarry-cli edit visgroup-add Walls 0:0"
"$QUARRY_CLI" edit "$WORK/walls.vmf" "$WORK/renamed.vmf" --step "visgroup-rename Walls Solids" \
  || bail "quarry-cli edit visgroup-rename"
"$QUARRY_CLI" edit "$WORK/renamed.vmf" "$WORK/deleted.vmf" --step "visgroup-remove Solids 0:0" \
  --step "visgroup-delete Solids" || bail "quarry-cli edit visgroup-remove, visgroup-delete"

a_selected () { colour_at_points "$1" TOP "$SELECTED" "${A_SIDES[@]}"; }
# A's sides show no edge at all, B's all show theirs.
a_gone () {
  no_edges_at "$1" TOP "${A_SIDES[@]}" || return 1
  edges_at "$1" TOP "${B_SIDES[@]}" > /dev/null || { WHY="Top view: B's edges missing"; return 1; }
}
a_back () { edges_at "$1" TOP "${A_SIDES[@]}" "${B_SIDES[@]}" > /dev/null; }

# The panel's last listing in the log: "listed N visgroups".
export G_MESSAGES_DEBUG=Quarry-Visgroups
listed () { sed -n 's/.*Quarry-Visgroups-DEBUG: [0-9:.]*: listed \([0-9]*\) visgroups.*/\1/p' "$APP_LOG" | tail -1; }
wait_listed () { wait_equal "the panel's count of visgroups" "$1" listed; }

# The panel's parts, measured on the default theme at 1280x800: the panel spans the window's
# right 280 pixels; the name entry, then the first row of the tree (its check box at the
# left after the expander's indent).
ENTRY_X=1137
ENTRY_Y=67
TITLE_Y=34
CHECK_X=1026
ROW0_Y=178
# The buttons, in two rows of three.
BUTTON_X=(1045 1137 1229)
BUTTON_Y=(107 145)
press () { click_px "${BUTTON_X[$1]}" "${BUTTON_Y[$2]}"; }

open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"

# ---- 1. the panel ----
point_at "$RTOP"
keys ctrl+shift+g
check "Ctrl+Shift+G: the panel lists no visgroup" wait_listed 0
LAYOUT_PROBE_X=950
relayout 1-panel || bail "the panes settle beside the panel"
frame_map 1-framed || bail "Zoom to Map frames $NAME"
check "the Top view shows A and B where expected ($FIT_TOP)" wait_edges app-framed TOP "${A_SIDES[@]}" "${B_SIDES[@]}"
[ "$_failed" = 0 ] || bail "the views' geometry is known (no point in driving the tools blind)"
click_world TOP "128 32 0"
check "a click on A's right side in the Top view selects it" wait_shot 1-selected a_selected

# ---- 2. New ----
click_px $ENTRY_X "$ENTRY_Y"
xdotool type --delay 40 Walls
keys Return
check "Walls typed, Return: the panel lists 1 visgroup" wait_listed 1
check "a new visgroup is a change: '*'" wait_title "*$NAME – Quarry"
shot 2-new > /dev/null

# ---- 3. uncheck, check ----
click_px "$CHECK_X" "$ROW0_Y"
check "Walls unchecked: A is no longer drawn in the Top view, B still is" wait_shot 3-hidden a_gone
click_px "$CHECK_X" "$ROW0_Y"
check "Walls checked again: A is drawn again" wait_shot 3-shown a_back

# ---- 4. saved ----
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/walls.vmf" "the file: quarry-cli edit visgroup-add Walls 0:0"
keys_ok () {
  "$QUARRY_PYTHON" - "$MAP" << 'PY'
import re, sys
text = open(sys.argv[1]).read()
block = re.search(r'^visgroups\n\{\n(.*?)^\}\n', text, re.S | re.M)
assert block, "no visgroups block"
groups = re.findall(r'\tvisgroup\n\t\{\n\t\t"name" "([^"]*)"\n\t\t"visgroupid" "(\d+)"\n\t\t"color" "(\d+ \d+ \d+)"\n\t\}', block.group(1))
assert [(n, i) for n, i, _ in groups] == [("Walls", "1")], groups
solids = re.findall(r'\tsolid\n\t\{\n(.*?)\n\t\}\n', text, re.S)
assert len(solids) == 2, len(solids)
ids = [re.findall(r'"visgroupid" "(\d+)"', s) for s in solids]
assert ids == [["1"], []], ids
assert '"visgroupshown" "0"' not in text, "an object saved hidden"
PY
}
check "the file's keys: Walls (1) in the visgroups block, in A's editor block only" keys_ok

# ---- 5. rename, select, remove, delete ----
click_px $ENTRY_X "$ENTRY_Y"
sleep 0.3
xdotool type --delay 40 Solids
press 1 0
check "Rename, Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/renamed.vmf" "the file: quarry-cli edit visgroup-rename Walls Solids"
press 2 1
# Select frames the selection: A fills the Top view, in red.
some_selected () {
  crop "$1" "$(view_area TOP)" "$GUI_TMP/top.png"
  local n
  n=$(colour_pixels "$GUI_TMP/top.png" "$SELECTED" 4%)
  [ "$n" -gt 100 ] || { WHY="$n selected pixels in the Top view"; return 1; }
}
check "Select: A is selected (and framed)" wait_shot 5-selected some_selected
press 1 1
sleep 0.5
press 2 0
check "Remove, Delete: the panel lists no visgroup" wait_listed 0
shot 5-deleted > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/deleted.vmf" "the file: quarry-cli edit visgroup-rename, visgroup-remove, visgroup-delete"

# ---- 6. nesting by drag and drop ----
tree () { sed -n 's/.*Quarry-Visgroups-DEBUG: [0-9:.]*: tree:\(.*\)/\1/p' "$APP_LOG" | tail -1; }
wait_tree () { wait_equal "the panel's tree" "$1" tree; }
for name in Outer Inner; do
  click_px $ENTRY_X "$ENTRY_Y"
  sleep 0.3
  xdotool type --delay 40 $name
  keys Return
done
check "Outer and Inner made: both at the top level" wait_tree " Outer<- Inner<-"
shot 6-two > /dev/null
ROW_H=20
LABEL_X=1160
drag_px $LABEL_X $((ROW0_Y + ROW_H)) $LABEL_X "$ROW0_Y"
check "Inner's row dragged onto Outer's: Inner goes under Outer" wait_tree " Outer<- Inner<Outer"
shot 6-nested > /dev/null
check "moving is a change: '*'" wait_title "*$NAME – Quarry"
drag_px $LABEL_X $((ROW0_Y + ROW_H)) 1000 "$TITLE_Y"
check "dragged onto the panel's title: back to the top level" wait_tree " Outer<- Inner<-"
keys ctrl+z
check "Ctrl+Z: under Outer again" wait_tree " Outer<- Inner<Outer"

check "the editor is still running" app_alive
finish
