#!/bin/bash
# actions: the Edit and Map menus' actions by keyboard, as a mapper uses them, each checked in
# the file Ctrl+S writes and each one undo step. On a map of four brushes in the world,
#   A = 0..128 x 0..128 x 0..64, B = 64..192 x 64..192 x 0..64 (overlapping A),
#   D = 0..64 x 256..320 x 0..64 and K = 256..320 x 0..64 x 0..64 less its corner (320,64,64),
#   cut off by the plane through (304,64,64), (320,32,64), (320,64,16) (asymmetric: every flip
#   and quarter turn gives it other vertices),
# with the History panel open (F9). After every action: "*", the History panel's highlighted
# row one lower (one step), Ctrl+S: the file is byte for byte what `quarry-cli edit` (or `csg`)
# makes of the original with the same operation, and exact checks on it (mapgeom.py); then
# Ctrl+Z: "*", the highlight one row up, Ctrl+S: the file before the action, byte for byte.
#  1. Selection: Ctrl+A selects all four (red in the Top view) and nothing is a step; Ctrl+D
#     then duplicates all four one grid step (16) along X and Y. Ctrl+Shift+A: nothing red, and
#     Delete does nothing. A click on K, Ctrl+I: A, B, D red, K not; Delete removes A, B, D.
#  2. Ctrl+X on K: K gone; Ctrl+Shift+V: K back, the file the original byte for byte (K's
#     faces exactly as they were); two steps, undone one at a time.
#  3. Map ▸ Flip X, Y, Z (Alt+M, then the item's mnemonic), the four quarter turns about X and
#     Y (Alt+M, arrow keys, Return), Ctrl+R and Ctrl+Shift+R on K: K's vertices exactly the
#     mirror or quarter turn (right-handed: anticlockwise seen from the axis' tip) of its own
#     about the centre of its bounds, the other brushes untouched. Screenshots of the Map menu.
#  4. Ctrl+M: the Transform dialog; typed Move 16 -32 8, Rotate Z 90, Scale 150 100 50 %,
#     Return: K moved, turned about its new centre, then scaled about it: exact vertices, one
#     step. Ctrl+M again, values typed, Cancel (Alt+C): nothing changes (no "*", no step).
#  5. A and B selected, Ctrl+G: a func_group entity (TrenchBroom's _tb_* keys) holding A and B,
#     D and K left in the world; Ctrl+U ungroups them again. K selected, Ctrl+T: a func_detail
#     entity (the accelerator's target, win.tie('func_detail')) holding K; Ctrl+Shift+W moves
#     K back to the world, at its end: the original file. Map ▸ Tie to Entity (func_wall):
#     a func_wall holding K.
#  6. A and B selected, Map ▸ Convex Union: disjoint convex pieces filling A ∪ B exactly
#     (vol 1835008); Map ▸ Intersect: the one box 64..128 x 64..128 x 0..64; Map ▸ Merge: the
#     convex hull, vol 2097152, 12 vertices. A and D (disjoint) selected, Map ▸ Intersect is
#     refused: no "*", no step, the status bar shows why.
# The History rows of actions with one name (the flips, the turns, the ties) are identical
# pictures, and those of differently named actions differ (Cut's from Delete's too).
TEST=actions
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=actions.map
MAP=$WORK/$NAME
make_map "$WORK/boxes.map" "create block 0 0 0 128 128 64 --texture base" \
  "create block 64 64 0 192 192 64 --texture base" "create block 0 256 0 64 320 64 --texture base" \
  "create block 256 0 0 320 64 64 --texture crate" || bail "quarry-cli edit makes the test map"
"$QUARRY_CLI" csg split "$WORK/boxes.map" "$MAP" --brush 0:3 --plane "304 64 64 320 32 64 320 64 16" \
  --keep front > /dev/null || bail "quarry-cli csg split cuts K's corner off"
ORIGINAL=$WORK/original.map
"$QUARRY_CLI" convert "$MAP" "$ORIGINAL" || bail "quarry-cli convert of the test map"

# expect NAME STEP…: $WORK/NAME.map is what quarry-cli edit makes of the original with STEP…
expect () {
  local out=$WORK/$1.map args=() s
  shift
  for s in "$@"; do args+=(--step "$s"); done
  "$QUARRY_CLI" edit "$ORIGINAL" "$out" "${args[@]}" || bail "quarry-cli edit ${args[*]}"
}
expect dup-all "duplicate 0:0,0:1,0:2,0:3 16 16 0"
expect invert-delete "delete 0:0,0:1,0:2"
expect cut "delete 0:3"
for a in x y z; do expect "flip-$a" "flip 0:3 $a"; done
for a in x y z; do
  expect "rot-$a+" "rotate 0:3 $a 90"
  expect "rot-$a-" "rotate 0:3 $a -90"
done
# Move, then a quarter turn about the moved centre (304, 0, 40), then the bounds 272..336 x
# -32..32 x 8..72 scaled about it by 150, 100 and 50 %.
expect transform "move 0:3 16 -32 8" "rotate 0:3 z 90" "resize 0:3 256 -32 24 352 32 56"
expect group "group 0:0,0:1 Group"
"$QUARRY_CLI" edit "$WORK/group.map" "$WORK/ungroup.map" --step "ungroup 1:0,1:1" || bail "quarry-cli edit ungroup"
expect tie "tie 0:3 func_detail"
expect tie-wall "tie 0:3 func_wall"
"$QUARRY_CLI" edit "$WORK/tie.map" "$WORK/untie.map" --step "untie 1:0" || bail "quarry-cli edit untie"
for op in union intersect merge; do
  "$QUARRY_CLI" csg "$op" "$ORIGINAL" "$WORK/$op.map" --brush 0:0 --brush 0:1 > /dev/null || bail "quarry-cli csg $op"
done

# ---- the History panel ----

# The highlighted (selected) row's background; its rows are all one height.
HISTORY_SELECTED='#15539E'
HIST=0

# hist_rows IMAGE: "TOP HEIGHT" of the highlighted row of the History panel, from a column
# near the window's right edge (right of any row's text).
hist_rows () {
  "$CONVERT" "$1" -crop "1x${SCREEN_H}+$((SCREEN_W - 12))+0" +repage -depth 8 txt:- 2> /dev/null |
    awk -v c="$HISTORY_SELECTED" 'NR > 1 { split($1, p, /[,:]/); y = p[2]
      if ($3 == c) { if (top == "") top = y; if (y == last + 1 || n == 0) { n++; last = y } }
      else if (top != "") { print top, n; exit } }'
}

# history_at IMAGE: the highlighted row of the History panel is row $HIST (0 is "Opened");
# keeps that row's picture in $GUI_TMP/history-row.png. Sets WHY.
history_at () {
  local top h want=$((HIST_Y0 + HIST * HIST_ROW_H))
  read -r top h <<< "$(hist_rows "$1")"
  [ -n "$top" ] || { WHY="no highlighted row in the History panel"; return 1; }
  if [ "$top" != "$want" ] || [ "$h" != "$HIST_ROW_H" ]; then
    WHY="the highlighted row is at y $top (height $h), expected row $HIST at y $want"
    return 1
  fi
  crop "$1" "180x${HIST_ROW_H}+$((SCREEN_W - 212))+$top" "$GUI_TMP/history-row.png"
}

# panel_left IMAGE: the x of the History panel's left border (a #515150 column through the
# panes' height; #505050 as GTK's cairo renderer draws it, which Quarry picks on llvmpipe),
# the panes' right edge while the panel is open; nothing if there is none.
panel_left () {
  local y x xs=
  for y in $((SCREEN_H / 3)) $((SCREEN_H / 2)) $((SCREEN_H * 2 / 3)); do
    x=$("$CONVERT" "$1" -crop "$((SCREEN_W / 2))x1+$((SCREEN_W / 2))+$y" +repage -depth 8 txt:- 2> /dev/null |
      awk -v x0=$((SCREEN_W / 2)) 'NR > 1 && ($3 == "#515150" || $3 == "#505050") { split($1, p, /[,:]/); x = p[1] + x0 } END { print x }')
    [ -n "$x" ] && { [ -z "$xs" ] || [ "$x" = "$xs" ]; } || return 0
    xs=$x
  done
  echo "$xs"
}

# ---- steps ----

# rest_pointer: the pointer to an empty spot of the Top view (no handle lit under it).
rest_pointer () {
  # shellcheck disable=SC2046
  xdotool mousemove $(screen_xy TOP 224 256 0)
  sleep 0.3
}

# stepped STEP WHAT: after an action: "*", one more step in the History panel (its row kept
# as $GUI_TMP/row-STEP.png), Ctrl+S; the file is kept as $WORK/saved-STEP.map.
stepped () {
  check "$2: '*'" wait_title "*$NAME – Quarry"
  HIST=$((HIST + 1))
  rest_pointer
  if wait_shot "$1" history_at; then
    ok "$2: one step, row $HIST of the History panel"
    cp "$GUI_TMP/history-row.png" "$GUI_TMP/row-$1.png"
  else
    not_ok "$2: one step, row $HIST of the History panel"
  fi
  check "$2: Ctrl+S saves" save_now "$MAP" "$NAME"
  cp "$MAP" "$WORK/saved-$1.map"
  cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-$1.map"
}

# undone STEP WHAT BEFORE: Ctrl+Z: "*", the History panel's highlight one row up, Ctrl+S: the
# file is BEFORE byte for byte.
undone () {
  point_at "$RTOP"
  keys ctrl+z
  check "$2: Ctrl+Z: '*'" wait_title "*$NAME – Quarry"
  HIST=$((HIST - 1))
  rest_pointer
  check "$2: Ctrl+Z: the History panel's highlight back on row $HIST" wait_shot "$1-undone" history_at
  check "$2: Ctrl+S saves" save_now "$MAP" "$NAME"
  same_file "$3" "$2: Ctrl+Z gives back the file before it, byte for byte"
}

# unchanged STEP WHAT: after a second, no "*" and no new step.
unchanged () {
  sleep 1
  check "$2: nothing changes (no '*')" [ "$(title)" = "$NAME – Quarry" ]
  rest_pointer
  check "$2: no step (the History panel still on row $HIST)" wait_shot "$1" history_at
}

# map_menu KEY…: Alt+M opens the Map menu (on its first item, Texture Lock); KEY… in it: an
# item's mnemonic, or Down… Return.
map_menu () {
  point_at "$RTOP"
  keys alt+m
  sleep 0.7
  xdotool key --delay 150 "$@"
  sleep 0.3
}

# ---- checks on files ----

# The vertices of the four brushes: A, B, D, K as the original has them, exactly.
# k_check FILE WHAT OP[;OP…]: FILE has A, B and D as they were and, as its fourth brush, K
# after the OPs: "flip AXIS", "turn AXIS +|-" (a quarter turn about the centre of the bounds,
# + anticlockwise seen from the axis' tip), "move DX DY DZ", "scale FX FY FZ" (about the centre).
k_check () {
  py_checks '
import sys
from fractions import Fraction as F
from mapgeom import exact_brushes
path, original, what, ops = sys.argv[1:5]
def say(cond, text):
    print(("ok " if cond else "not ok ") + what + ": " + text)
o, s = exact_brushes(original), exact_brushes(path)
fmt = lambda vs: " ".join("(%s)" % ",".join(str(c) for c in v) for v in sorted(vs))
say(len(s) == 4 and all(b.valid for b in s), "four valid brushes (%d)" % len(s))
if len(s) != 4:
    sys.exit(0)
say(all(s[i].vertices == o[i].vertices and s[i].entity == 0 for i in range(3)), "A, B and D as they were, in the world")
vs = list(o[3].vertices)
factor = F(1)
def centre():
    return tuple((min(v[a] for v in vs) + max(v[a] for v in vs)) / 2 for a in range(3))
for op in ops.split(";"):
    w = op.split()
    c = centre()
    if w[0] == "flip":
        a = "xyz".index(w[1])
        vs = [tuple(2 * c[k] - v[k] if k == a else v[k] for k in range(3)) for v in vs]
    elif w[0] == "turn":
        a, sign = "xyz".index(w[1]), 1 if w[2] == "+" else -1
        i, j = (a + 1) % 3, (a + 2) % 3
        out = []
        for v in vs:
            d = [v[k] - c[k] for k in range(3)]
            r = list(d)
            r[i], r[j] = -sign * d[j], sign * d[i]
            out.append(tuple(c[k] + r[k] for k in range(3)))
        vs = out
    elif w[0] == "move":
        vs = [tuple(v[k] + F(w[1 + k]) for k in range(3)) for v in vs]
    elif w[0] == "scale":
        f = [F(x) for x in w[1:4]]
        factor *= f[0] * f[1] * f[2]
        vs = [tuple(c[k] + (v[k] - c[k]) * f[k] for k in range(3)) for v in vs]
k = s[3]
say(k.entity == 0 and k.valid and k.vertices == sorted(vs), "K after %s: its vertices are exactly %s (%s)" % (ops, fmt(vs), fmt(k.vertices)))
say(len(k.faces) == 7 and k.volume() == o[3].volume() * factor,
    "K has 7 faces and volume %s (%d, %s)" % (o[3].volume() * factor, len(k.faces), k.volume()))
' "$1" "$ORIGINAL" "$2" "$3"
}

# entities_check FILE WHAT LAYOUT: FILE's entities, in order, as LAYOUT says: "CLASS:I,J…|…",
# each entity's classname and its brushes, original brushes I, J… (0 A, 1 B, 2 D, 3 K) exactly
# as they were. A func_group also has _tb_type "_tb_group", a _tb_name and a numeric _tb_id.
entities_check () {
  py_checks '
import re, sys
from mapgeom import exact_brushes
path, original, what, layout = sys.argv[1:5]
def say(cond, text):
    print(("ok " if cond else "not ok ") + what + ": " + text)
keys, depth = [], 0
for line in open(path, encoding="utf-8"):
    t = line.strip()
    if t == "{":
        depth += 1
        if depth == 1:
            keys.append({})
    elif t == "}":
        depth -= 1
    elif depth == 1:
        m = re.match(r"^\"([^\"]*)\" \"([^\"]*)\"$", t)
        if m:
            keys[-1][m.group(1)] = m.group(2)
o, s = exact_brushes(original), exact_brushes(path)
names = "ABDK"
want = [(e.split(":")[0], [int(i) for i in e.split(":")[1].split(",")]) for e in layout.split("|")]
got = [(k.get("classname"), [b for b in s if b.entity == n]) for n, k in enumerate(keys)]
def show(ents):
    return " | ".join("%s: %s" % (c, ",".join(x for x in bs)) for c, bs in ents)
def label(b):
    m = [names[i] for i in range(4) if o[i].vertices == b.vertices]
    return m[0] if m else "?" + b.bounds_text()
say([c for c, _ in got] == [c for c, _ in want] and [[label(b) for b in bs] for _, bs in got]
    == [[names[i] for i in bs] for _, bs in want],
    "entities %s (%s)" % (show([(c, [names[i] for i in bs]) for c, bs in want]),
                          show([(c, [label(b) for b in bs]) for c, bs in got])))
for n, k in enumerate(keys):
    if k.get("classname") == "func_group":
        say(k.get("_tb_type") == "_tb_group" and k.get("_tb_name", "") != "" and k.get("_tb_id", "").isdigit(),
            "the func_group has TrenchBroom'"'"'s keys (%s)" % ", ".join("%s=%s" % kv for kv in sorted(k.items())))
' "$1" "$ORIGINAL" "$2" "$3"
}

# csg_check FILE WHAT union|intersect|merge: D and K as they were; A and B replaced by pieces
# that fill A ∪ B exactly (union), by the box A ∩ B (intersect) or by their convex hull.
csg_check () {
  py_checks '
import sys
from fractions import Fraction as F
from mapgeom import exact_brushes, check_tiling, box_brush, box_volume
path, original, what, op = sys.argv[1:5]
def say(cond, text):
    print(("ok " if cond else "not ok ") + what + ": " + text)
o, s = exact_brushes(original), exact_brushes(path)
fmt = lambda vs: " ".join("(%s)" % ",".join(str(c) for c in v) for v in sorted(vs))
kept = [b for b in s if b.vertices in (o[2].vertices, o[3].vertices)]
say(len(kept) == 2 and all(b.entity == 0 for b in s), "D and K as they were, everything in the world")
made = [b for b in s if b not in kept]
print("# %d new brushes: %s" % (len(made), "; ".join(b.bounds_text() for b in made)))
if op == "union":
    notches = [box_brush((128, 0, 0), (192, 64, 64)), box_brush((0, 128, 0), (64, 192, 64))]
    for line in check_tiling(made, (0, 0, 0), (192, 192, 64), notches, box_volume((0, 0, 0), (128, 128, 64)) * 2
                             - box_volume((64, 64, 0), (128, 128, 64)), what + ": A ∪ B", "the corners outside A ∪ B"):
        print(line)
elif op == "intersect":
    box = sorted((x, y, z) for x in (64, 128) for y in (64, 128) for z in (0, 64))
    say(len(made) == 1 and made[0].vertices == box and made[0].volume() == 64 ** 3,
        "one brush, the box A ∩ B = 64..128 x 64..128 x 0..64, volume 262144 (%s)"
        % "; ".join("%s vol %s" % (fmt(b.vertices), b.volume()) for b in made))
else:
    hull = sorted((x, y, z) for x, y in ((0, 0), (128, 0), (192, 64), (192, 192), (64, 192), (0, 128)) for z in (0, 64))
    say(len(made) == 1 and made[0].vertices == hull and made[0].volume() == 2097152,
        "one brush, the convex hull of A and B: 12 vertices %s, volume 2097152 (%s)"
        % (fmt(hull), "; ".join("%s vol %s" % (fmt(b.vertices), b.volume()) for b in made)))
' "$1" "$ORIGINAL" "$2" "$3"
}

# ---- screenshots ----

# Points of each brush's outline in the Top view that no other brush's edge, no handle and no
# centre cross is near. (Read by red and select_click through ${!name}.)
# shellcheck disable=SC2034
PTS_A=("0 32 0" "32 0 0")
# shellcheck disable=SC2034
PTS_B=("192 160 0" "160 192 0")
# shellcheck disable=SC2034
PTS_D=("0 304 0" "16 320 0")
# shellcheck disable=SC2034
PTS_K=("256 16 0" "272 0 0")

# red BRUSHES IMAGE: the brushes named (letters) are red in the Top view, the others not.
red () {
  local which=$1 img=$2 on=() off=() n pts
  for n in A B D K; do
    pts="PTS_${n}[@]"
    if [[ $which == *$n* ]]; then on+=("${!pts}"); else off+=("${!pts}"); fi
  done
  local why=
  if [ ${#on[@]} -gt 0 ] && ! colour_at_points "$img" TOP "$SELECTED" "${on[@]}"; then why=$WHY; fi
  if [ ${#off[@]} -gt 0 ] && ! no_colour_at_points "$img" TOP "$SELECTED" "${off[@]}"; then why="$why $WHY"; fi
  WHY=$why
  [ -z "$why" ]
}
all_red () { red ABDK "$1"; }
none_red () { red "" "$1"; }
k_red () { red K "$1"; }
abd_red () { red ABD "$1"; }
ab_red () { red AB "$1"; }
ad_red () { red AD "$1"; }

# The left half of the status bar: the message (as in clipboard.sh).
STATUS_MESSAGE="$((SCREEN_W / 2))x${STATUS_H}+0+$((SCREEN_H - STATUS_H))"
status_changed () {
  crop "$1" "$STATUS_MESSAGE" "$GUI_TMP/status-now.png"
  [ "$(differing_pixels "$GUI_TMP/status-before.png" "$GUI_TMP/status-now.png")" != 0 ] ||
    { WHY="the status bar's message did not change"; return 1; }
}

# select_click BRUSH [ctrl]: a click on the brush's first outline point in the Top view.
select_click () {
  local pts="PTS_$1[0]"
  click_world TOP "${!pts}" "${2:-}"
}

# ---- start ----

diag "$NAME: A 0..128 x 0..128 x 0..64, B 64..192 x 64..192 x 0..64, D 0..64 x 256..320 x 0..64, K 256..320 x 0..64 x 0..64 less a corner"
map_bounds "$MAP" || bail "quarry-cli info $MAP"
start_app app "$MAP" || bail "the editor opens $NAME"
wait_loaded app-loaded || bail "the editor draws $NAME"
point_at "$RTOP"
keys F9
# The panel slides in from the right and the panes shrink: wait for its border to hold still.
PANES_RIGHT=
deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
while [ $SECONDS -lt $deadline ]; do
  sleep 0.4
  x=$(panel_left "$(shot app-history)")
  [ -n "$x" ] && [ "$x" = "$PANES_RIGHT" ] && break
  PANES_RIGHT=$x
done
[ -n "$PANES_RIGHT" ] || bail "F9 opens the History panel at the right of the panes"
# lib.sh's layout finds the panes between the tool bar and the screen's right edge; with the
# panel open they end at its border.
SCREEN_W=$PANES_RIGHT frame_map app-history || bail "the views settle beside the History panel and frame the map"
check "the Top view shows the four brushes where expected ($FIT_TOP)" \
  wait_edges app-history TOP "0 0 0" "128 128 0" "192 192 0" "64 320 0" "256 64 0"
read -r HIST_Y0 HIST_ROW_H <<< "$(hist_rows "$QUARRY_GUI_ARTEFACTS/$TEST-app-history.png")"
row_height_plausible () { [ -n "$HIST_Y0" ] && [ "${HIST_ROW_H:-0}" -ge 16 ] && [ "${HIST_ROW_H:-0}" -le 40 ]; }
check "the History panel shows one highlighted row, 'Opened' (y ${HIST_Y0:-none}, ${HIST_ROW_H:-0} px)" \
  row_height_plausible
[ "$_failed" = 0 ] || bail "the views' geometry and the History panel are known (no point in driving blind)"

# ---- 1. selection ----

point_at "$RTOP"
keys ctrl+a
rest_pointer
check "1. Ctrl+A selects all four brushes (red)" wait_shot 1-select-all all_red
unchanged 1-select-all-nostep "Ctrl+A"
point_at "$RTOP"
keys ctrl+d
stepped 1-duplicate "Ctrl+D after Ctrl+A"
same_file "$WORK/dup-all.map" "Ctrl+D: all four copied 16 along X and Y (quarry-cli edit --step 'duplicate 0:0,0:1,0:2,0:3 16 16 0')"
undone 1-duplicate "Duplicate" "$ORIGINAL"
check "Ctrl+Z: the four originals selected again" wait_shot 1-duplicate-reselected all_red

point_at "$RTOP"
keys ctrl+shift+a
rest_pointer
check "Ctrl+Shift+A: nothing is selected (nothing red)" wait_shot 1-select-none none_red
point_at "$RTOP"
keys Delete
unchanged 1-delete-nothing "Delete with nothing selected"

select_click K
rest_pointer
check "a click on K selects it alone" wait_shot 1-k-selected k_red
point_at "$RTOP"
keys ctrl+i
rest_pointer
check "Ctrl+I inverts the selection: A, B, D red, K not" wait_shot 1-inverted abd_red
point_at "$RTOP"
keys Delete
stepped 1-delete "Delete after Ctrl+I"
same_file "$WORK/invert-delete.map" "Delete removed A, B and D, K left (quarry-cli edit --step 'delete 0:0,0:1,0:2')"
undone 1-delete "Delete" "$ORIGINAL"

# ---- 2. cut and paste in place ----

select_click K
rest_pointer
check "2. a click on K selects it alone" wait_shot 2-k-selected k_red
point_at "$RTOP"
keys ctrl+x
stepped 2-cut "Ctrl+X on K"
same_file "$WORK/cut.map" "Ctrl+X: K is gone (quarry-cli edit --step 'delete 0:3')"
cp "$MAP" "$WORK/after-cut.map"
sleep 0.5
point_at "$RTOP"
keys ctrl+shift+v
stepped 2-paste "Ctrl+Shift+V"
same_file "$ORIGINAL" "Ctrl+Shift+V: K back at the end of the world, the file the original's byte for byte"
k_check "$MAP" "pasted in place" "move 0 0 0"
check "the pasted K is selected" wait_shot 2-pasted k_red
undone 2-paste "Paste in Place" "$WORK/after-cut.map"
undone 2-cut "Cut" "$ORIGINAL"

# ---- 3. flips and quarter turns ----

rest_pointer
check "3. after the undos K is selected again" wait_shot 3-k-selected k_red
for a in x y z; do
  map_menu "$a"
  stepped "3-flip-$a" "Map ▸ Flip ${a^^}"
  same_file "$WORK/flip-$a.map" "Flip ${a^^}: the file quarry-cli edit --step 'flip 0:3 $a' writes"
  k_check "$MAP" "Flip ${a^^}" "flip $a"
  undone "3-flip-$a" "Flip ${a^^}" "$ORIGINAL"
done
# The Map menu opens on Texture Lock; then Flip X, Y, Z, and the turns: about X anticlockwise
# and clockwise, about Y anticlockwise and clockwise.
downs=4
for turn in x+ x- y+ y-; do
  point_at "$RTOP"
  keys alt+m
  sleep 0.7
  for _ in $(seq 1 $downs); do xdotool key Down; sleep 0.1; done
  sleep 0.3
  shot "3-menu-$turn" > /dev/null
  xdotool key Return
  sleep 0.3
  what="Map ▸ Rotate 90° $([ "${turn:1}" = + ] && echo Anticlockwise || echo Clockwise) about ${turn:0:1}"
  stepped "3-turn-$turn" "$what"
  same_file "$WORK/rot-$turn.map" "$what: the file quarry-cli edit --step 'rotate 0:3 ${turn:0:1} ${turn:1}90' writes"
  k_check "$MAP" "$what" "turn ${turn:0:1} ${turn:1}"
  undone "3-turn-$turn" "$what" "$ORIGINAL"
  downs=$((downs + 1))
done
for turn in z+ z-; do
  point_at "$RTOP"
  if [ "$turn" = z+ ]; then keys ctrl+r; else keys ctrl+shift+r; fi
  what=$([ "$turn" = z+ ] && echo "Ctrl+R" || echo "Ctrl+Shift+R")
  stepped "3-turn-$turn" "$what"
  same_file "$WORK/rot-$turn.map" "$what: the file quarry-cli edit --step 'rotate 0:3 z ${turn:1}90' writes"
  k_check "$MAP" "$what" "turn z ${turn:1}"
  undone "3-turn-$turn" "$what" "$ORIGINAL"
done

# ---- 4. the Transform dialog ----

# transform_dialog STEP: Ctrl+M, waits for the dialog; prints its window id.
transform_dialog () {
  point_at "$RTOP"
  keys ctrl+m
  wait_window Transform
}
rest_pointer
check "4. K is still selected" wait_shot 4-k-selected k_red
if DLG=$(transform_dialog); then
  ok "Ctrl+M opens the Transform dialog"
  sleep 0.3
  shot 4-dialog > /dev/null
  # The focus starts in Move X; Tab goes along the rows (and selects the next field's text).
  window_keys "$DLG" ctrl+a 1 6 Tab ctrl+a minus 3 2 Tab ctrl+a 8 Tab \
    ctrl+a 0 Tab ctrl+a 0 Tab ctrl+a 9 0 Tab \
    ctrl+a 1 5 0 Tab ctrl+a 1 0 0 Tab ctrl+a 5 0
  sleep 0.3
  shot 4-dialog-typed > /dev/null
  window_keys "$DLG" Return
  check "Return applies and closes the dialog" wait_window_gone "$DLG"
  stepped 4-transform "Transform (move 16 -32 8, rotate Z 90, scale 150 100 50)"
  same_file "$WORK/transform.map" "Transform: the file quarry-cli edit writes for move, rotate 0:3 z 90, resize to 256..352 x -32..32 x 24..56"
  k_check "$MAP" "Transform" "move 16 -32 8;turn z +;scale 3/2 1 1/2"
  undone 4-transform "Transform" "$ORIGINAL"
else
  not_ok "Ctrl+M opens the Transform dialog"
fi
if DLG=$(transform_dialog); then
  ok "Ctrl+M opens the Transform dialog again"
  window_keys "$DLG" ctrl+a 6 4 Tab ctrl+a 6 4 Tab
  sleep 0.3
  shot 4-dialog-cancel > /dev/null
  window_keys "$DLG" alt+c
  check "Cancel (Alt+C) closes it" wait_window_gone "$DLG"
  unchanged 4-cancelled "Transform cancelled"
else
  not_ok "Ctrl+M opens the Transform dialog again"
fi

# ---- 5. group, ungroup, tie, move to world ----

select_click A
select_click B ctrl
rest_pointer
check "5. a click on A and a Ctrl+click on B select both" wait_shot 5-ab-selected ab_red
point_at "$RTOP"
keys ctrl+g
stepped 5-group "Ctrl+G"
entities_check "$MAP" "Ctrl+G" "worldspawn:2,3|func_group:0,1"
same_file "$WORK/group.map" "Ctrl+G: the file quarry-cli edit --step 'group 0:0,0:1 Group' writes"
cp "$MAP" "$WORK/after-group.map"
point_at "$RTOP"
keys ctrl+u
if wait_title "*$NAME – Quarry" 5; then
  ok "Ctrl+U on the grouped A and B: '*'"
  HIST=$((HIST + 1))
  rest_pointer
  check "Ctrl+U: one step" wait_shot 5-ungroup history_at
  cp "$GUI_TMP/history-row.png" "$GUI_TMP/row-5-ungroup.png"
  check "Ctrl+U: Ctrl+S saves" save_now "$MAP" "$NAME"
  entities_check "$MAP" "Ctrl+U" "worldspawn:2,3,0,1"
  same_file "$WORK/ungroup.map" "Ctrl+U: the file quarry-cli edit --step 'ungroup 1:0,1:1' writes"
  undone 5-ungroup "Ungroup" "$WORK/after-group.map"
else
  not_ok "Ctrl+U on the grouped A and B (selected since Ctrl+G) ungroups them: no '*' (Map ▸ Ungroup stays disabled)"
  point_at "$RTOP"
  keys alt+m
  sleep 0.7
  shot 5-ungroup-menu > /dev/null
  xdotool key Escape
  sleep 0.3
fi
undone 5-group "Group" "$ORIGINAL"

select_click K
rest_pointer
check "a click on K selects it alone" wait_shot 5-k-selected k_red
point_at "$RTOP"
keys ctrl+t
stepped 5-tie "Ctrl+T"
entities_check "$MAP" "Ctrl+T" "worldspawn:0,1,2|func_detail:3"
same_file "$WORK/tie.map" "Ctrl+T: the file quarry-cli edit --step 'tie 0:3 func_detail' writes"
cp "$MAP" "$WORK/after-tie.map"
point_at "$RTOP"
keys ctrl+shift+w
stepped 5-untie "Ctrl+Shift+W"
entities_check "$MAP" "Ctrl+Shift+W" "worldspawn:0,1,2,3"
same_file "$WORK/untie.map" "Ctrl+Shift+W: K back at the end of the world (quarry-cli edit --step 'untie 1:0')"
undone 5-untie "Move to World" "$WORK/after-tie.map"
undone 5-tie "Tie to Entity" "$ORIGINAL"
# The other class the Map menu offers: its last item but one (Up from the first wraps).
map_menu Up Up Return
stepped 5-tie-wall "Map ▸ Tie to Entity (func_wall)"
entities_check "$MAP" "Map ▸ Tie to Entity (func_wall)" "worldspawn:0,1,2|func_wall:3"
same_file "$WORK/tie-wall.map" "Tie to Entity (func_wall): the file quarry-cli edit --step 'tie 0:3 func_wall' writes"
undone 5-tie-wall "Tie to Entity (func_wall)" "$ORIGINAL"

# ---- 6. convex union, intersect, merge ----

select_click A
select_click B ctrl
rest_pointer
check "6. A and B selected" wait_shot 6-ab-selected ab_red
for op in union intersect merge; do
  case $op in
    union) key=u what="Map ▸ Convex Union" ;;
    intersect) key=i what="Map ▸ Intersect" ;;
    merge) key=m what="Map ▸ Merge (Convex Hull)" ;;
  esac
  map_menu "$key"
  stepped "6-$op" "$what"
  same_file "$WORK/$op.map" "$what: the file quarry-cli csg $op --brush 0:0 --brush 0:1 writes"
  csg_check "$MAP" "$what" "$op"
  undone "6-$op" "$what" "$ORIGINAL"
done

select_click D
select_click A ctrl
rest_pointer
check "A and D (disjoint) selected" wait_shot 6-ad-selected ad_red
sleep 0.5
crop "$(shot 6-refused-before)" "$STATUS_MESSAGE" "$GUI_TMP/status-before.png"
map_menu i
check "Map ▸ Intersect on disjoint A and D: the status bar says why" wait_shot 6-refused status_changed
unchanged 6-refused-nostep "Intersect refused"

# ---- the History rows: one name, one picture ----

# same_row A B…: the History rows kept for the steps are identical pictures.
same_rows () {
  local first=$GUI_TMP/row-$1.png s
  shift
  for s in "$@"; do
    [ "$(differing_pixels "$first" "$GUI_TMP/row-$s.png")" = 0 ] || { diag "rows differ: $first $s"; return 1; }
  done
}
# distinct_rows A B…: no two of the rows are the same picture.
distinct_rows () {
  local a b list=("$@")
  for a in "${!list[@]}"; do
    for b in "${!list[@]}"; do
      [ "$a" -lt "$b" ] || continue
      [ "$(differing_pixels "$GUI_TMP/row-${list[a]}.png" "$GUI_TMP/row-${list[b]}.png")" != 0 ] ||
        { diag "rows alike: ${list[a]} ${list[b]}"; return 1; }
    done
  done
}
check "the History rows of Flip X, Y and Z are one picture (one name)" same_rows 3-flip-x 3-flip-y 3-flip-z
check "the History rows of the six quarter turns are one picture (one name)" \
  same_rows 3-turn-x+ 3-turn-x- 3-turn-y+ 3-turn-y- 3-turn-z+ 3-turn-z-
check "the History rows of both ties are one picture (one name)" same_rows 5-tie 5-tie-wall
check "the History rows of differently named actions all differ" \
  distinct_rows 1-duplicate 1-delete 2-paste 3-flip-x 3-turn-x+ 4-transform 5-group 5-tie 5-untie \
  6-union 6-intersect 6-merge
check "the History row of Ctrl+X differs from Delete's (the step is named Cut, not Delete)" \
  distinct_rows 2-cut 1-delete
for f in "$GUI_TMP"/row-*.png; do cp "$f" "$QUARRY_GUI_ARTEFACTS/$TEST-history-$(basename "$f")"; done

check "the editor is still running" app_alive
finish
