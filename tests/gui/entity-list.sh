#!/bin/bash
# entity-list: the Entities panel's list (issue 15: "all entities with class, targetname and key
# filter; clicking selects and centres the views on it"), one editor start. On a map of a block
# (0..384 x 0..256 x -64..64) with a player start, a light "lamp1" at (288, 192, 32), a
# light_fluoro, an info_null at (256, 64, 22) and a misc_nonesuch (a class no game has):
#  1. Alt+Return shows the list: 6 entities (the world too).
#  2. "light" typed in the filter: 2 of 6 (light, light_fluoro).
#  3. A click on the first row selects lamp1: the Top view is centred on it (its box's centre
#     cross, red, in the middle of the view) at the zoom it had (the block's right edge where
#     that zoom puts it). Delete, Ctrl+S: the file is what `quarry-cli edit --step "delete 2"`
#     makes. Ctrl+Z.
#  4. The filter cleared; a click on the info_null's box in the Top view highlights its row;
#     Delete typed in the filter deletes nothing of the map. A click on the world's row selects
#     nothing: Ctrl+R (after Ctrl+S) leaves the map unmodified. The info_null hidden (H)
#     leaves the list (5 of 6); Alt+H brings it back.
#  5. Preferences (Ctrl+comma), Alt+K: the corpus's Quake.fgd typed in the Quake row, Return:
#     the window reloads its definitions, the list counts the class of a misc_nonesuch at
#     (352, 32, 0) unknown (and draws it red). Alt+2, a bad.fgd with errors in the Quake 2 row:
#     its problems show in red under the row; the editor goes on.
#  6. Ctrl+O NewDeralia (corpus): its list counts the entities `quarry-cli info --json` counts,
#     and "light" lets through as many as an awk count of the file's entities with "light" in
#     their class, targetname or a key's name. A nudge of a selected light refreshes the list
#     row by row (the time is in the log, G_MESSAGES_DEBUG=Quarry-EntityList).
# The list's count is read from that debug log ("shown N of M"); the screenshots show it.
TEST=entity-list
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=list.map
MAP=$WORK/$NAME
make_map "$WORK/block.map" "create block 0 0 -64 384 256 64 --texture base" || bail "quarry-cli edit makes the block"
cat "$WORK/block.map" > "$MAP"
printf '{\n"classname" "info_player_start"\n"origin" "96 64 0"\n"angle" "0"\n}\n' >> "$MAP"
printf '{\n"classname" "light"\n"origin" "288 192 32"\n"targetname" "lamp1"\n"light" "300"\n}\n' >> "$MAP"
printf '{\n"classname" "light_fluoro"\n"origin" "64 200 0"\n}\n' >> "$MAP"
printf '{\n"classname" "info_null"\n"origin" "256 64 22"\n}\n' >> "$MAP"
printf '{\n"classname" "misc_nonesuch"\n"origin" "352 32 0"\n}\n' >> "$MAP"
ORIGINAL=$WORK/original.map
"$QUARRY_CLI" convert "$MAP" "$ORIGINAL" || bail "quarry-cli convert of the test map"
cp "$ORIGINAL" "$MAP"
"$QUARRY_CLI" edit "$ORIGINAL" "$WORK/deleted.map" --step "delete 2" || bail "quarry-cli edit delete 2"

export G_MESSAGES_DEBUG=Quarry-EntityList
map_bounds "$MAP" || bail "quarry-cli info $MAP"
start_app app "$MAP" || bail "the editor opens $NAME"
wait_loaded app-loaded || bail "it draws $NAME"

# The list's last count in the log: "N of M".
shown () { sed -n 's/.*Quarry-EntityList-DEBUG: [0-9:.]*: shown \([0-9]* of [0-9]*\).*/\1/p' "$APP_LOG" | tail -1; }
# wait_shown "N of M": until the list counts that.
wait_shown () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
  until [ "$(shown)" = "$1" ]; do
    [ $SECONDS -ge $deadline ] && { diag "the list shows '$(shown)', expected '$1'"; return 1; }
    sleep 0.2
  done
}

# The panel's parts, measured on the default theme at 1280x800: the panel spans the window's
# right 320 pixels; its paned puts the list's filter entry, column headers and rows at these
# heights (rows 32 pixels apart).
PANEL_X=1120
FILTER_Y=467
ROW0_Y=531
ROW_H=32
row_y () { echo $((ROW0_Y + $1 * ROW_H)); }

# ---- 1. the list ----
point_at "$RTOP"
keys alt+Return
check "Alt+Return: the list counts 6 entities" wait_shown "6 of 6"
# The panel takes the window's right 320 pixels: the handles are looked for left of it.
LAYOUT_PROBE_X=950
relayout 1-panel || bail "the panes settle beside the panel"
frame_map 1-framed || bail "Zoom to Map frames $NAME"
shot 1-list > /dev/null

# ---- 2. the filter ----
click_px $PANEL_X $FILTER_Y
xdotool type --delay 40 light
check "'light' typed: 2 of 6" wait_shown "2 of 6"
shot 2-filtered > /dev/null

# ---- 3. a click on lamp1's row ----
IFS='x+' read -r tw th tx ty <<< "$RTOP"
CX=$((tx + tw / 2))
CY=$((ty + th / 2))
read -r _level ZOOM _ch _cv <<< "$FIT_TOP"
# The block's right edge (x = 384) once the view is centred on lamp1 (x = 288) at this zoom.
EDGE_X=$("$QUARRY_PYTHON" -c "print(round($CX + (384 - 288) * $ZOOM))")
centred_red () { [ "$(colour_near "$1" $CX $CY "$SELECTED" 1)" -gt 0 ]; }
edge_kept () { [ "$(bright_near "$1" "$EDGE_X" $CY 1)" -gt 0 ]; }
click_px $PANEL_X "$(row_y 0)"
check "a click on lamp1's row: the Top view's middle shows its red centre cross" wait_shot 3-clicked centred_red
check "... at the zoom it had: the block's right edge at x = $EDGE_X" wait_shot 3-clicked edge_kept
point_at "$RTOP"
keys Delete
check "Delete: '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/deleted.map" "the file: lamp1 deleted (quarry-cli edit delete 2)"
keys ctrl+z
check "Ctrl+Z: lamp1 back, 2 of 6 again" wait_shown "2 of 6"

# ---- 4. a selection in the views shows in the list ----
click_px $PANEL_X $FILTER_Y
keys BackSpace BackSpace BackSpace BackSpace BackSpace
check "the filter cleared: 6 of 6" wait_shown "6 of 6"
# The views were centred on lamp1: framed again, so that world points are where screen_xy says.
frame_map 4-framed || bail "Zoom to Map frames $NAME again"
NULL_ROW=$(row_y 4)
shot 4-before > /dev/null
crop "$QUARRY_GUI_ARTEFACTS/$TEST-4-before.png" "300x20+970+$((NULL_ROW - 10))" "$GUI_TMP/row-before.png"
keys ctrl+shift+a
click_world TOP "262 58 0"
row_changed () {
  crop "$1" "300x20+970+$((NULL_ROW - 10))" "$GUI_TMP/row-now.png"
  [ "$(differing_pixels "$GUI_TMP/row-before.png" "$GUI_TMP/row-now.png")" -gt 1000 ]
}
check "a click on the info_null's box in the Top view highlights its row" wait_shot 4-selected row_changed
# Delete typed in the filter is the entry's key, not the editor's Delete (the selection stays).
click_px $PANEL_X $FILTER_Y
keys Delete
sleep 1
check "Delete in the filter: the info_null is still there, 6 of 6" test "$(shown)" = "6 of 6"
# The world's row selects nothing (the property editor shows the map's keys): Ctrl+R then
# turns no brush, where it turned the whole world.
click_px $PANEL_X "$(row_y 0)"
check "Ctrl+S" save_now "$MAP" "$NAME"
keys ctrl+r
sleep 1
check "the world's row selects nothing: Ctrl+R turns nothing (the title stays clean)" \
  test "$(xdotool getwindowname "$WIN")" = "$NAME – Quarry"
# What the views leave out, the list leaves out: the info_null hidden (H) goes, Alt+H brings it.
keys ctrl+shift+a
click_world TOP "262 58 0"
point_at "$RTOP"
keys h
check "H on the info_null: the list leaves it out, 5 of 6" wait_shown "5 of 6"
keys alt+h
check "Alt+H: it is listed again, 6 of 6" wait_shown "6 of 6"

# ---- 5. Preferences: Quake's definition file ----
FGD=$(corpus_file trenchbroom/games/Quake/Quake.fgd) || finish
# The list's last count of unknown classes in the log.
unknown () { sed -n 's/.*Quarry-EntityList-DEBUG: [0-9:.]*: shown [0-9]* of [0-9]*, \([0-9]*\) unknown.*/\1/p' "$APP_LOG" | tail -1; }
check "no definitions yet: no class unknown" test "$(unknown)" = 0
# A definition file with two errors (a class without its '=', a bad size) around a good class.
BAD=$WORK/bad.fgd
printf '@PointClass size(-8 -8 -8, 8 8 8) first : "One" []\n@PointClass broken []\n' > "$BAD"
printf '@PointClass size(-8 -8, 8 8 8) = second : "Two" []\n@PointClass = third : "Three" []\n' >> "$BAD"
"$QUARRY_CLI" entdef "$BAD" > "$WORK/bad.txt" 2>&1
check "quarry-cli entdef finds problems in bad.fgd" grep -q 'bad.fgd:[0-9]*:[0-9]*:' "$WORK/bad.txt"
point_at "$RTOP"
keys ctrl+comma
PREF=$(wait_window Preferences) || bail "Ctrl+comma opens Preferences"
wait_window_drawn "$PREF" 5-preferences > /dev/null
# Alt+K: the Quake row's entry (its label's mnemonic).
window_keys "$PREF" alt+k
xdotool type --delay 20 "$FGD"
xdotool key Return
wait_unknown () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
  until [ "$(unknown)" = "$1" ]; do
    [ $SECONDS -ge $deadline ] && { diag "the list counts '$(unknown)' unknown classes, expected '$1'"; return 1; }
    sleep 0.2
  done
}
check "Quake.fgd typed in Preferences' Quake row: the list finds misc_nonesuch's class unknown" wait_unknown 1
shot 5-fgd-set > /dev/null
# Alt+2: the Quake 2 row; bad.fgd's problems show under it in the theme's error red (CC0000).
window_keys "$PREF" alt+2
xdotool type --delay 20 "$BAD"
xdotool key Return
IFS=' ' read -r PX PY PW PH <<< "$(xdotool getwindowgeometry --shell "$PREF" | awk -F= '
  { v[$1] = $2 } END { print v["X"], v["Y"], v["WIDTH"], v["HEIGHT"] }')"
problems_red () {
  crop "$1" "${PW}x${PH}+${PX}+${PY}" "$GUI_TMP/pref.png"
  [ "$(colour_pixels "$GUI_TMP/pref.png" '#CC0000' 8%)" -gt 40 ]
}
check "bad.fgd in the Quake 2 row: its problems are listed in red under it" wait_shot 5-problems problems_red
# The Quake 3 row's Browse… (Alt+3 reaches its entry, Tab the button beside it) opens a file
# chooser; Escape. Keys, not a measured point: the window scrolls on short screens.
window_keys "$PREF" alt+3
xdotool key Tab space
CHOOSER=$(wait_window "Entity Definitions") || bail "Browse… opens a file chooser"
wait_window_drawn "$CHOOSER" 5-chooser > /dev/null
window_keys "$CHOOSER" Escape
check "Escape closes the chooser" wait_window_gone "$CHOOSER"
window_keys "$PREF" Escape
check "Escape closes Preferences" wait_window_gone "$PREF"
shot 5-after > /dev/null

# ---- 6. NewDeralia ----
ND=$(corpus_file valve220/NewDeralia.map) || finish
ND_ENTITIES=$("$QUARRY_PYTHON" -c 'import json, sys; print(json.load(sys.stdin)["entities"])' \
  < <("$QUARRY_CLI" info --json "$ND")) || bail "quarry-cli info --json NewDeralia"
# Entities (depth-1 blocks) with "light" in their class, their targetname or a key's name.
ND_LIGHT=$(awk '
  /^[ \t]*\{/ { if (++depth == 1) hit = 0; next }
  /^[ \t]*\}/ { if (depth-- == 1 && hit) n++; next }
  depth == 1 && /^[ \t]*"/ {
    line = $0; sub(/^[ \t]*"/, "", line)
    k = line; sub(/".*/, "", k)
    v = line; sub(/^[^"]*"[ \t]*"/, "", v); sub(/"[ \t\r]*$/, "", v)
    k = tolower(k); v = tolower(v)
    if (index(k, "light") || ((k == "classname" || k == "targetname") && index(v, "light"))) hit = 1
  }
  END { print n + 0 }' "$ND")
point_at "$RTOP"
keys ctrl+o
DLG=$(wait_window "Open Map") || bail "Ctrl+O shows the chooser"
sleep 0.5
window_keys "$DLG" ctrl+l
sleep 0.3
xdotool type --delay 20 "$ND"
sleep 0.3
xdotool key Return
wait_window_gone "$DLG" || bail "the chooser takes NewDeralia"
# It opens in a window of its own, over the first: the keys go there from now on.
WIN=$(wait_window "NewDeralia.map – Quarry") || bail "a window shows NewDeralia"
check "NewDeralia opens: its list counts $ND_ENTITIES entities (quarry-cli info)" \
  wait_shown "$ND_ENTITIES of $ND_ENTITIES"
wait_loaded 6-loaded || bail "it draws NewDeralia"
point_at "$RTOP"
keys alt+Return
relayout 6-panel || bail "NewDeralia's panes settle beside the panel"
click_px $PANEL_X $FILTER_Y
xdotool type --delay 40 light
check "'light' typed: $ND_LIGHT of $ND_ENTITIES (awk over the file)" wait_shown "$ND_LIGHT of $ND_ENTITIES"
shot 6-filtered > /dev/null
# Row 0 is the world (its "light" key); row 1 a point light, whose nudge changes its origin.
click_px $PANEL_X "$(row_y 1)"
sleep 0.5
point_at "$RTOP"
keys Right
check "a nudge of the light chosen: '*'" wait_title "*NewDeralia.map – Quarry"
# The refresh after the nudge: one row replaced, not the list rebuilt.
REFRESH=$(grep 'Quarry-EntityList-DEBUG.*refresh: 0 added, 0 removed, 1 modified' "$APP_LOG" | tail -1)
check "the nudge refreshed one row of the list" test -n "$REFRESH"
diag "${REFRESH##*: }"
shot 6-nudged > /dev/null

check "the editor is still running" app_alive
finish
