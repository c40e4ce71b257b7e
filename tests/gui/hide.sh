#!/bin/bash
# hide: View ▸ Hide Selection, Show All (issue 20) on a VMF of two boxes, A = 0..128³ and
# B = 256..384 × 0..128 × 0..128, as `quarry-cli convert` writes it:
#  1. a click on A's right side in the Top view selects it (red); H hides it: its edges are
#     no longer drawn in the Top view, B's still are, and the title gains no '*' (hiding is
#     not a change to the map); a click where A's side was selects nothing.
#  2. Ctrl+S: the file is what `quarry-cli edit --step "hide 0:0"` makes: A's editor block
#     says "visgroupshown" "0".
#  3. Alt+H shows A again; Ctrl+S: the file is the plain save again.
#  4. View ▸ Filter ▸ World Brushes (Alt+V, R, W) takes both boxes out of the views, without a
#     '*'; again brings them back.
TEST=hide
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=boxes.vmf
MAP=$WORK/$NAME
two_boxes_vmf "$WORK" || bail "the test map: two boxes"
cp "$WORK/plain.vmf" "$MAP"
"$QUARRY_CLI" edit "$WORK/plain.vmf" "$WORK/hidden.vmf" --step "hide 0:0" || bail "quarry-cli edit hide 0:0"
[ "$(grep -c '"visgroupshown" "0"' "$WORK/hidden.vmf")" = 1 ] || bail "quarry-cli hides A in the VMF"

a_selected () { colour_at_points "$1" TOP "$SELECTED" "${A_SIDES[@]}"; }
# A's sides show no edge at all, B's all show theirs.
a_gone () {
  no_edges_at "$1" TOP "${A_SIDES[@]}" || return 1
  edges_at "$1" TOP "${B_SIDES[@]}" > /dev/null || { WHY="Top view: B's edges missing"; return 1; }
}
a_back () { edges_at "$1" TOP "${A_SIDES[@]}" "${B_SIDES[@]}" > /dev/null; }
none_selected () { none_selected_in "$1" TOP; }

open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"
check "the Top view shows A and B where expected ($FIT_TOP)" wait_edges app-framed TOP "${A_SIDES[@]}" "${B_SIDES[@]}"
[ "$_failed" = 0 ] || bail "the views' geometry is known (no point in driving the tools blind)"

# ---- 1. hide ----
click_world TOP "128 32 0"
check "a click on A's right side in the Top view selects it" wait_shot 1-selected a_selected
point_at "$RTOP"
keys h
check "H: A is no longer drawn in the Top view, B still is" wait_shot 1-hidden a_gone
check "hiding is not a change: no '*'" [ "$(title)" = "$NAME – Quarry" ]
check "nothing is selected" wait_shot 1-deselected none_selected
click_world TOP "128 32 0"
sleep 0.5
check "a click where A's side was selects nothing" wait_shot 1-click none_selected
check "and A stays hidden" wait_shot 1-still-hidden a_gone

# ---- 2. saved hidden ----
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/hidden.vmf" "the file: A's editor block says visgroupshown 0 (quarry-cli edit hide 0:0)"

# ---- 3. show all ----
point_at "$RTOP"
keys alt+h
check "Alt+H: A is drawn again" wait_shot 3-shown a_back
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/plain.vmf" "the file: the plain save again"

# ---- 4. View ▸ Filter ▸ World Brushes ----
all_gone () { no_edges_at "$1" TOP "${A_SIDES[@]}" "${B_SIDES[@]}"; }
filter_world () {
  point_at "$RTOP"
  keys alt+v
  sleep 0.7
  xdotool key --delay 200 r w
  sleep 0.3
}
filter_world
check "View ▸ Filter ▸ World Brushes off: neither box is drawn" wait_shot 4-filtered all_gone
check "filtering is not a change: no '*'" [ "$(title)" = "$NAME – Quarry" ]
filter_world
check "and on again: both are back" wait_shot 4-unfiltered a_back

check "the editor is still running" app_alive
finish
