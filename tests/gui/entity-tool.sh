#!/bin/bash
# entity-tool: the Entity tool and Tie to Entity with definitions (issue 15), one editor start.
# The map, Valve 220, names the corpus's Quake.fgd in its worldspawn (`_tb_def`
# "external:PATH"); it holds a floor F = 0..512 x 0..512 x -32..0 (brush 0) and a block
# K = 384..448 x 384..448 x 0..64 (brush 1). Each saved file (Ctrl+S) is compared byte for byte
# with what `quarry-cli edit --entdef Quake.fgd` makes of the same steps:
#  1. Shift+E: the tool bar shows the class chooser (a search entry under the buttons), and
#     the views' left edge stays where it was (the tool bar keeps its width).
#  2. a click in the search, "light", Return; a click in the Top view at (101, 203) places a
#     light at 96 208 0 (snapped; nothing selected and nothing placed before: depth 0) with
#     Quake.fgd's defaults (light 300, wait 1, style 0): `place light 96 208 0`.
#  3. the search "info_player" (coop, deathmatch, start, start2), Delete (the text's: the
#     selected light stays, checked in 4), Down three times (the arrows walk the rows the
#     search shows), a click in the middle of the 3D view (framed on
#     the map: F's top there): a player start whose box rests on F, its origin z = 0 + 24
#     (-mins.z of its size -16 -16 -24, 16 16 32), x and y on the grid inside F. Before the
#     click its box follows the pointer there, in the amber of a pending brush.
#  4. Ctrl+Z: the file of step 2 again, byte for byte (the light was not deleted in 3).
#  5. Escape over the Top view leaves the tool: the chooser is gone from the tool bar.
#  6. a click on K's edge selects it; Ctrl+T opens "Tie to Entity" listing the solid classes;
#     "func_door", Return: K inside a func_door (`tie 0:1 func_door`).
TEST=entity-tool
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

FGD=$(corpus_file trenchbroom/games/Quake/Quake.fgd) || finish

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=room.map
MAP=$WORK/$NAME
make_map "$WORK/plain.map" "create block 0 0 -32 512 512 0 --texture base" \
  "create block 384 384 0 448 448 64 --texture base" || bail "quarry-cli edit makes the test map"
sed "s|^\"mapversion\" \"220\"\$|&\n\"_tb_def\" \"external:$FGD\"|" "$WORK/plain.map" > "$MAP"
grep -q '"_tb_def"' "$MAP" || bail "the _tb_def key is in the test map"
ORIGINAL=$WORK/original.map
cp "$MAP" "$ORIGINAL"

# expect NAME STEP…: $WORK/NAME.map is what quarry-cli edit makes of the original with STEP….
expect () {
  local out=$WORK/$1.map args=() s
  shift
  for s in "$@"; do args+=(--step "$s"); done
  "$QUARRY_CLI" edit "$ORIGINAL" "$out" --entdef "$FGD" "${args[@]}" || bail "quarry-cli edit ${args[*]}"
}
expect light "place light 96 208 0"
expect door "place light 96 208 0" "tie 0:1 func_door"

open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"

# search_entry_y IMAGE: the middle row of the chooser's search entry: the first run of 20 to 40
# rows of the entries' background (#2D2D2D) in a column near the tool bar's right edge (the
# buttons there are lighter, the checked one darker). Prints nothing when there is none.
search_entry_y () {
  "$CONVERT" "$1" -crop "1x$((SCREEN_H - MENU_H - STATUS_H))+$((LAYOUT_LEFT - 24))+${MENU_H}" +repage -depth 8 txt:- |
    awk -v top="$MENU_H" 'NR > 1 {
      split($1, p, /[,:]/)
      if ($3 == "#2D2D2D") { if (run == 0) start = p[2]; run++ }
      else { if (run >= 20 && run <= 40) { print top + start + int(run / 2); exit }; run = 0 }
    }'
}
chooser_shown () { SEARCH_Y=$(search_entry_y "$1"); [ -n "$SEARCH_Y" ]; }
chooser_gone () { [ -z "$(search_entry_y "$1")" ]; }

# pick_class TEXT STEP KEY…: a click in the search entry, Escape (clears it), TEXT, then the KEYs.
pick_class () {
  local step=$2
  click_px $((LAYOUT_LEFT / 2)) "$SEARCH_Y"
  keys Escape
  xdotool type --delay 80 "$1"
  sleep 0.3
  shot "$step-typed" > /dev/null
  shift 2
  keys "$@"
  sleep 0.3
  shot "$step-picked" > /dev/null
}

# ---- 1. Shift+E ----
left_before=$LAYOUT_LEFT
switch_tool shift+e 1-entity || bail "Shift+E switches to the Entity tool"
check "the views' left edge stays put (before $left_before, now $LAYOUT_LEFT)" [ "$left_before" = "$LAYOUT_LEFT" ]
check "the tool bar shows the class chooser's search" wait_shot 1-chooser chooser_shown
[ -n "$SEARCH_Y" ] || bail "the search entry is found"
diag "the search entry's middle is at row $SEARCH_Y"

# ---- 2. a light in the Top view ----
pick_class light 2-light Return
click_world TOP "101 203 0"
check "a click in the Top view: '*'" wait_title "*$NAME – Quarry"
shot 2-placed > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/light.map" "the file: a light at 96 208 0 with Quake.fgd's defaults (quarry-cli place light 96 208 0)"
cp "$MAP" "$WORK/after-light.map"

# ---- 3. a player start on the floor, in the 3D view ----
pick_class info_player 3-start Delete Down Down Down
IFS='x+' read -r w3 h3 x3 y3 <<< "$R3D"
xdotool mousemove $((x3 + w3 / 2 + 6)) $((y3 + h3 / 2 + 6))
sleep 0.1
xdotool mousemove $((x3 + w3 / 2)) $((y3 + h3 / 2))
# amber_3d IMAGE: the box waiting to be placed shows in the 3D view (the pending brush's amber).
amber_3d () { crop "$1" "$R3D" "$GUI_TMP/view-3d.png"; [ "$(colour_pixels "$GUI_TMP/view-3d.png" "$AMBER")" -gt 10 ]; }
check "the player start's box follows the pointer in the 3D view (amber)" wait_shot 3-hover amber_3d
click_px $((x3 + w3 / 2)) $((y3 + h3 / 2))
check "a click in the middle of the 3D view: '*'" wait_title "*$NAME – Quarry"
shot 3-placed > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
py_checks '
import re, sys
ents, depth = [], 0
for line in open(sys.argv[1], encoding="utf-8"):
    t = line.strip()
    if t == "{":
        depth += 1
        if depth == 1:
            ents.append({})
    elif t == "}":
        depth -= 1
    elif depth == 1:
        m = re.match(r"^\"([^\"]*)\" \"([^\"]*)\"$", t)
        if m:
            ents[-1][m.group(1)] = m.group(2)
print("# entities: %s" % ents[1:])
starts = [e for e in ents if e.get("classname") == "info_player_start"]
print(("ok" if len(starts) == 1 else "not ok") + " one info_player_start was placed (%d)" % len(starts))
if starts:
    o = [float(v) for v in starts[0].get("origin", "nan nan nan").split()]
    print(("ok" if o[2] == 24 else "not ok") + " it rests on the floor: origin z %s = 0 + 24" % o[2])
    print(("ok" if all(c % 16 == 0 and 0 <= c <= 512 for c in o[:2]) else "not ok")
          + " x, y on the grid, over the floor (%s %s)" % (o[0], o[1]))
' "$MAP"

# ---- 4. Ctrl+Z ----
keys ctrl+z
check "Ctrl+Z, Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/after-light.map" "the file: the player start is gone, the light stays"

# ---- 5. Escape leaves the tool ----
point_at "$RTOP"
keys Escape
check "Escape over the Top view: the chooser is gone (the Select tool)" wait_shot 5-escape chooser_gone

# ---- 6. Tie to Entity offers the solid classes ----
click_world TOP "384 416 0"
k_red () { colour_at_points "$1" TOP "$SELECTED" "416 416 0"; }
check "a click on K's edge selects it (its centre cross red)" wait_shot 6-k k_red
keys ctrl+t
dlg=$(wait_visible_window "Tie to Entity") || bail "Ctrl+T opens Tie to Entity"
wait_window_drawn "$dlg" 6-dialog > /dev/null
xdotool windowfocus "$dlg" 2> /dev/null
sleep 0.2
xdotool type --delay 80 func_door
sleep 0.3
shot 6-dialog-typed > /dev/null
window_keys "$dlg" Return
check "func_door, Return: the dialog closes" wait_window_gone "$dlg"
check "… and K is tied: '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/door.map" "the file: K in a func_door (quarry-cli tie 0:1 func_door)"

check "the editor is still running" app_alive
finish
