#!/bin/bash
# layers: the Layers panel (issue 20: TrenchBroom's layers in a .map) on a map of two boxes,
# A = 0..128³ and B = 256..384 × 0..128 × 0..128:
#  1. Ctrl+Shift+G shows the panel: one row, the Default Layer, current.
#  2. Alt+N (the Name entry), "Props", Return: a layer Props, current and chosen.
#  3. A click on A's right side in the Top view selects it; Alt+S (Move Selection Here): Props
#     holds one brush.
#  4. Alt+I (Hide): A's edges are gone from the Top view, B's stay; a '*' (the layer's keys
#     are the file's); Alt+I again shows A.
#     A click on Props' eye toggle hides it too, another shows it; a double click on the Default
#     Layer's row makes it current, one click on Props' row only chooses it.
#  5. Alt+L (Lock): a click on A selects nothing; Alt+L again: the click selects it.
#  6. Alt+C (Make Current), the Block tool, a drag in the Top view and Return: the new block
#     lands in Props (the panel counts two brushes).
#     Isolate hides the Default Layer (B goes from the Top view), Show All brings it back; the
#     same by the rows' right-click menu (Isolate on Props, Show on the Default Layer).
#  7. Ctrl+S: the file holds Props as TrenchBroom writes it (keys in its order), A and the
#     block in it, B alone in the world.
# The panel's rows are read from its debug log (G_MESSAGES_DEBUG=Quarry-Layers), "chosen"
# where the list's selection is; the screenshots show them.
TEST=layers
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=boxes.map
MAP=$WORK/$NAME
make_map "$MAP" "create block 0 0 0 128 128 128 --texture base" \
  "create block 256 0 0 384 128 128 --texture base" || bail "quarry-cli edit makes the test map"

A_SIDES=("0 64 0" "128 64 0" "64 0 0" "64 128 0")
B_SIDES=("256 64 0" "384 64 0" "320 0 0" "320 128 0")

# The panel's last line for row N in the log.
row_line () { sed -n "s/.*Quarry-Layers-DEBUG: [0-9:.]*: row $1: \(.*\)/\1/p" "$APP_LOG" | tail -1; }
# wait_row N TEXT: until the panel's row N says TEXT.
wait_row () {
  wait_equal "row $1" "$2" row_line "$1" && return 0
  diag "the panel's last words:"
  grep "Quarry-Layers-DEBUG" "$APP_LOG" | tail -4 | sed 's/^/#   /'
  return 1
}

a_selected () { colour_at_points "$1" TOP "$SELECTED" "${A_SIDES[@]}"; }
a_gone () {
  no_edges_at "$1" TOP "${A_SIDES[@]}" || return 1
  edges_at "$1" TOP "${B_SIDES[@]}" > /dev/null || { WHY="Top view: B's edges missing"; return 1; }
}
a_back () { edges_at "$1" TOP "${A_SIDES[@]}" "${B_SIDES[@]}" > /dev/null; }
none_selected () { none_selected_in "$1" TOP; }

export G_MESSAGES_DEBUG=Quarry-Layers
open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"

# ---- 1. the panel ----
point_at "$RTOP"
keys ctrl+shift+g
check "Ctrl+Shift+G: the panel lists the Default Layer, current" \
  wait_row 0 "Default Layer id 0 2 brushes 0 entities current chosen"
# The panel takes the window's right 280 pixels: the handles are looked for left of it.
LAYOUT_PROBE_X=950
relayout 1-panel || bail "the panes settle beside the panel"
frame_map 1-framed || bail "Zoom to Map frames $NAME"
check "the Top view shows A and B where expected ($FIT_TOP)" wait_edges 1-framed TOP "${A_SIDES[@]}" "${B_SIDES[@]}"
[ "$_failed" = 0 ] || bail "the views' geometry is known (no point in driving the tools blind)"

# ---- 2. a new layer ----
keys alt+n
sleep 0.3
xdotool type --delay 40 Props
keys Return
check "Alt+N, Props, Return: a layer Props, current" wait_row 1 "Props id 1 0 brushes 0 entities current chosen"
check "the default layer is no longer current" wait_row 0 "Default Layer id 0 2 brushes 0 entities"
check "adding a layer changes the file: '*'" wait_title "*$NAME – Quarry"
shot 2-new > /dev/null

# ---- 3. move the selection there ----
click_world TOP "128 32 0"
check "a click on A's right side selects it" wait_shot 3-selected a_selected
keys alt+s
check "Alt+S (Move Selection Here): Props holds A" wait_row 1 "Props id 1 1 brushes 0 entities current chosen"
check "and the world B alone" wait_row 0 "Default Layer id 0 1 brushes 0 entities"

# ---- 4. hide ----
keys alt+i
check "Alt+I (Hide): Props is hidden" wait_row 1 "Props id 1 1 brushes 0 entities hidden current chosen"
check "A is no longer drawn in the Top view, B still is" wait_shot 4-hidden a_gone
keys alt+i
check "Alt+I again: Props shows" wait_row 1 "Props id 1 1 brushes 0 entities current chosen"
check "A is drawn again" wait_shot 4-shown a_back

# The rows' own toggles, and a double click to make a layer current. The panel's parts,
# measured on the default theme at 1280x800: rows 38 pixels apart from y = 69, the eye
# toggle 291 pixels left of the window's right edge, the name from 330 to 60.
EYE_X=$((SCREEN_W - 291))
NAME_X=$((SCREEN_W - 120))
row_y () { echo $((69 + $1 * 38)); }
click_px $EYE_X "$(row_y 1)"
check "a click on Props' eye hides it" wait_row 1 "Props id 1 1 brushes 0 entities hidden current chosen"
check "A is gone again" wait_shot 4-eye-hidden a_gone
click_px $EYE_X "$(row_y 1)"
check "and another shows it" wait_row 1 "Props id 1 1 brushes 0 entities current chosen"
xdotool mousemove $NAME_X "$(row_y 0)" click --repeat 2 --delay 80 1
check "a double click on the Default Layer's row makes it current" \
  wait_row 0 "Default Layer id 0 1 brushes 0 entities current chosen"
click_px $NAME_X "$(row_y 1)"
sleep 0.5
check "one click on Props' row only chooses it" [ "$(row_line 1)" = "Props id 1 1 brushes 0 entities chosen" ]
check "and the Default Layer stays current" [ "$(row_line 0)" = "Default Layer id 0 1 brushes 0 entities current" ]
shot 4-rows > /dev/null

# ---- 5. lock ----
keys alt+l
check "Alt+L (Lock): Props is locked" wait_row 1 "Props id 1 1 brushes 0 entities locked chosen"
check "locking let go of A" wait_shot 5-locked none_selected
click_world TOP "128 32 0"
sleep 0.5
check "a click on A selects nothing" wait_shot 5-click none_selected
keys alt+l
check "Alt+L again: unlocked" wait_row 1 "Props id 1 1 brushes 0 entities chosen"
click_world TOP "128 32 0"
check "the click selects A again" wait_shot 5-unlocked a_selected

# ---- 6. a block drawn in the current layer ----
keys alt+c
check "Alt+C (Make Current): Props is current again" wait_row 1 "Props id 1 1 brushes 0 entities current chosen"
switch_tool shift+b 6-block-tool || bail "Shift+B switches to the Block tool"
drag_world TOP "64 256 0" "192 320 0"
sleep 0.3
point_at "$RTOP"
keys Return
check "Alt+C, a block drawn and Return: it lands in Props" wait_row 1 "Props id 1 2 brushes 0 entities current chosen"
shot 6-block > /dev/null

# ---- 6b. isolate, show all (buttons below the others, measured likewise) ----
b_gone () {
  no_edges_at "$1" TOP "${B_SIDES[@]}" || return 1
  edges_at "$1" TOP "${A_SIDES[@]}" > /dev/null || { WHY="Top view: A's edges missing"; return 1; }
}
all_back () { edges_at "$1" TOP "${A_SIDES[@]}" "${B_SIDES[@]}" > /dev/null; }
click_px $((SCREEN_W - 231)) 720
check "Isolate: the Default Layer is hidden" wait_row 0 "Default Layer id 0 1 brushes 0 entities hidden"
check "and Props shows" [ "$(row_line 1)" = "Props id 1 2 brushes 0 entities current chosen" ]
check "B is no longer drawn in the Top view, A is" wait_shot 6-isolated b_gone
click_px $((SCREEN_W - 80)) 720
check "Show All: the Default Layer shows again" wait_row 0 "Default Layer id 0 1 brushes 0 entities"
check "A and B are drawn" wait_shot 6-all-shown all_back
# The rows' right-click menu: Isolate (its letter t) on Props, then Show (h) on the Default Layer.
menu_key () {
  xdotool mousemove "$NAME_X" "$(row_y "$1")"
  sleep 0.3
  xdotool click 3
  sleep 0.5
  [ -n "${3:-}" ] && shot "$3" > /dev/null
  xdotool key "$2"
}
menu_key 1 t 6-menu
check "Props' menu, Isolate: the Default Layer is hidden" wait_row 0 "Default Layer id 0 1 brushes 0 entities hidden"
check "B is gone again" wait_shot 6-menu-isolated b_gone
menu_key 0 h
check "the Default Layer's menu, Show: it shows, and is the row chosen" \
  wait_row 0 "Default Layer id 0 1 brushes 0 entities chosen"
check "A and B are drawn once more" wait_shot 6-menu-shown all_back

# ---- 7. the file ----
check "Ctrl+S" save_now "$MAP" "$NAME"
cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-saved.map"
py_checks '
import sys
import mapgeom  # noqa: F401  (puts tests/ on the path)
import qrmap
ents = qrmap.read(sys.argv[1])
layers = [e for e in ents if ("_tb_type", "_tb_layer") in e.keys]
keys = [("classname", "func_group"), ("_tb_type", "_tb_layer"), ("_tb_name", "Props"), ("_tb_id", "1"),
        ("_tb_layer_sort_index", "0")]
print(("ok" if len(layers) == 1 and layers[0].keys == keys else "not ok")
      + " the file: Props with TrenchBroom'"'"'s keys in its order, neither hidden nor locked")
print(("ok" if len(layers) == 1 and len(layers[0].brushes) == 2 else "not ok") + " Props holds A and the block")
print(("ok" if len(ents[0].brushes) == 1 and any("256" in l for l in ents[0].brushes[0].lines) else "not ok")
      + " the world holds B alone")
' "$MAP"

check "the editor is still running" app_alive
finish
