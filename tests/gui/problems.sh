#!/bin/bash
# problems: the Problems panel (issue 17) on the corpus's skycastle.map, whose 218 invalid
# brushes the check reports (brush 0:11 first: two faces). With no texture folders set (a
# private home) the rows above it are five textures not found, so in the 1280x800 window:
#  - F7 opens the panel at the window's right edge; its sixth row is 0:11 with Select and
#    Fix buttons (the rows above it have Select only);
#  - Select selects exactly that brush: Delete, Ctrl+S writes the same map as quarry-cli
#    edit's "delete 0:11" (same info: 217 invalid, the same brushes);
#  - Ctrl+Z; Fix deletes it too, as one undo step: the row's Fix button is gone (the next
#    problem, a texture, moved up), and the save equals the same delete;
#  - Ctrl+Z brings it back: the row has its Fix button again and the save converts to the
#    same text as the original.
TEST="problems"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

SRC=$(corpus_file valve220/skycastle.map) || finish
WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=skycastle.map
MAP=$WORK/$NAME
cp "$SRC" "$MAP"
"$QUARRY_CLI" edit "$SRC" "$WORK/deleted.map" --step "delete 0:11" || bail "quarry-cli edit deletes 0:11"

# Row centres, the Fix button's label, and a spot right of any Select label where a Fix
# button's face (#383838) stands out from the panel (#2D2D2D), measured on the default theme.
ROW0_Y=144
ROW_H=42
ROW=5
FIX_X=1250
FACE_X=1270
row_y () { echo $((ROW0_Y + ROW_H * $1)); }
has_fix () {
  local level
  level=$("$CONVERT" "$1" -crop "5x5+$((FACE_X - 2))+$(($(row_y "$2") - 2))" +repage -colorspace Gray \
    -format '%[fx:int(mean*255+0.5)]' info:)
  [ "$level" -ge 52 ]
}
fix_at_row () { WHY="no Fix button on row $ROW, or one on the row above"; has_fix "$1" $ROW && ! has_fix "$1" $((ROW - 1)); }
no_fix_at_row () { WHY="row $ROW still has a Fix button"; ! has_fix "$1" $ROW; }

# info's invalid list and counts, to compare saves by.
info_of () { "$QUARRY_CLI" info "$1" --json | "$QUARRY_PYTHON" -c 'import json, sys; d = json.load(sys.stdin); print(d["brushes"], d["entities"], [i["brush"] for i in d["invalid"]])'; }
want_deleted=$(info_of "$WORK/deleted.map")
same_info () {
  local got
  got=$(info_of "$MAP")
  if [ "$got" = "$want_deleted" ]; then ok "$1"; else not_ok "$1"; diag "got ${got:0:120}…, want ${want_deleted:0:120}…"; fi
}

start_app app "$MAP" || bail "the editor opens $NAME"
wait_title "$NAME – Quarry" || bail "the map loads"
point_at "640x400+300+200"
keys F7
check "F7 opens the Problems panel: 0:11 is row $ROW, with a Fix button" wait_shot 1-panel fix_at_row

# The pointer leaves the rows after each click: a hovered row is lighter.
away () { xdotool mousemove 700 60; sleep 0.2; }
click_px 1181 "$(row_y $ROW)"
away
keys Delete
check "Select, then Delete: '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S saves in place" save_now "$MAP" "$NAME"
same_info "Select had selected brush 0:11 alone: the save is the map without it"

keys ctrl+z
check "Ctrl+Z: the brush is back, and so is its row" wait_shot 2-undone fix_at_row
click_px "$FIX_X" "$(row_y $ROW)"
away
check "Fix: the row is gone" wait_shot 3-fixed no_fix_at_row
check "Ctrl+S saves the fix" save_now "$MAP" "$NAME"
same_info "Fix deleted brush 0:11 alone"

keys ctrl+z
check "Ctrl+Z after Fix: the row is back" wait_shot 4-back fix_at_row
check "Ctrl+S saves the undone fix" save_now "$MAP" "$NAME"
"$QUARRY_CLI" convert "$SRC" "$WORK/want.map" && "$QUARRY_CLI" convert "$MAP" "$WORK/got.map" || bail "quarry-cli convert"
if cmp -s "$WORK/want.map" "$WORK/got.map"; then
  ok "undo restored the map: it converts to the same text as the original"
else
  not_ok "undo restored the map: it converts to the same text as the original"
  diff "$WORK/want.map" "$WORK/got.map" | head -10 | sed 's/^/#   /'
fi
check "the editor is still running" app_alive
finish
