#!/bin/bash
# texture-tool: faces picked and textured in the 3D view (issue 14). The map is a floor
# F = 0..512 x 0..512 x 0..32 (afloor1_4) and a wall W = 0..512 x 448..512 x 32..160
# (wbrick1_5), Valve 220, with LibreQuake's lq_medieval.wad named by the `wad` key; the 3D
# view frames it from the south-west, above, so its middle shows F's top (face 1). One editor
# start:
#  1. Shift+A: the tool bar shows the Texture tool; nothing is tinted yet.
#  2. a click in the middle of the 3D view selects F's top: it is tinted the selection's red
#     there, and F is outlined in yellow in the Top view; Shift+click tints all of F's faces
#     (more red: its sides too).
#  3. a click selects the top alone again; a right-click gives it the current texture (base,
#     the tool bar's): Ctrl+S writes base on that face and nothing else changes.
#  4. Left, then Page Up: the top's U shift becomes 1 and its rotation 15 (Ctrl+S).
#  5. Ctrl+Z twice (the keys are one step) and Ctrl+S: the file is back byte for byte.
#  6. Alt+click on W's south face (shift 8 4, rotation 30, scale 0.5 0.25 here) makes
#     wbrick1_5 current (the tool bar's button shows it); a right-click on F's top gives the top
#     wbrick1_5 and those shifts, rotation and scales. Ctrl+Z: byte for byte again.
#  7. with the top selected and its texture picked, Alt+right-click on F's south side (which shares the edge y = 0,
#     z = 32 with it) wraps: only that face's line changes, and `quarry-cli mesh --json` gives
#     both faces the same texels at the edge's two vertices (within 1e-3; before, V differs
#     by 32). Ctrl+Z: byte for byte again.
#  8. Ctrl+Left, Ctrl+Page Up (Hammer's fine keys): the top's U shift becomes the grid step,
#     16, and its rotation 1. Ctrl+Z: byte for byte again.
TEST=texture-tool
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WAD=$(corpus_file librequake/texture-wads/lq_medieval.wad) || finish

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=floor.map
MAP=$WORK/$NAME
make_map "$WORK/plain.map" "create block 0 0 0 512 512 32 --texture afloor1_4" \
  "create block 0 448 32 512 512 160 --texture wbrick1_5" || bail "quarry-cli edit makes the test map"
sed "s|^\"classname\" \"worldspawn\"\$|&\n\"wad\" \"$WAD\"|" "$WORK/plain.map" > "$MAP"
grep -q '"wad"' "$MAP" || bail "the wad key is in the test map"
# W's south face (all its plane points at y = 448) gets attributes the eyedropper must carry.
sed -i '/^( [0-9]* 448 [0-9]* ) ( [0-9]* 448 [0-9]* ) ( [0-9]* 448 [0-9]* ) wbrick1_5 /{
  s/ wbrick1_5 \[ \([^ ]* [^ ]* [^ ]*\) [^ ]* \] \[ \([^ ]* [^ ]* [^ ]*\) [^ ]* \] [^ ]* [^ ]* [^ ]*$/ wbrick1_5 [ \1 8 ] [ \2 4 ] 30 0.5 0.25/
}' "$MAP"
WALL_SOUTH=$(grep '^( [0-9]* 448 [0-9]* ) .* wbrick1_5 \[ .* \] \[ .* \] 30 0.5 0.25$' "$MAP")
[ -n "$WALL_SOUTH" ] || bail "the wall's south face has shift 8 4, rotation 30, scale 0.5 0.25"
cp "$MAP" "$WORK/original.map"
# F's top is the second face line of the first brush: its plane points all have z = 32.
TOP_LINE=$(grep -n '^( ' "$MAP" | sed -n 2p | cut -d: -f1)
sed -n "${TOP_LINE}p" "$MAP" | grep -q '^( [0-9]* [0-9]* 32 ) ( [0-9]* [0-9]* 32 ) ( [0-9]* [0-9]* 32 ) afloor1_4 ' ||
  bail "face 1 of the floor is its top"
sed "${TOP_LINE}s/ afloor1_4 / base /" "$MAP" > "$WORK/applied.map"

# colours IMAGE: TINT, the fraction of pixels the selection's red tints (red well above green
# and blue: no texture of the map is that red), and YELLOW, of the selected faces' outline
# yellow (FFDC00).
colours () {
  read -r TINT YELLOW <<< "$("$CONVERT" "$1" -alpha off -depth 8 txt:- | awk '
    NR > 1 {
      split($2, c, /[(),]/)
      r = c[2] + 0; g = c[3] + 0; b = c[4] + 0
      n++
      if (r - g > 60 && r - b > 60) t++
      if (r >= 240 && g >= 200 && g <= 235 && b <= 40) y++
    }
    END { printf "%.4f %.5f\n", t / n, y / n }')"
}

# view_colours IMAGE VIEW: colours of one view's crop (VIEW: 3D, TOP…), as TINT and YELLOW.
view_colours () {
  local r=R$2
  crop "$1" "${!r}" "$GUI_TMP/view.png"
  colours "$GUI_TMP/view.png"
}

untinted () {
  view_colours "$1" 3D
  WHY="3D tint $TINT"
  lt "$TINT" 0.001
}
# one face tinted: a good part of the 3D view, and F outlined in the Top view
top_tinted () {
  view_colours "$1" 3D
  ONE_FACE=$TINT
  local tint=$TINT
  view_colours "$1" TOP
  WHY="3D tint $tint, Top yellow $YELLOW"
  gt "$tint" 0.05 && gt "$YELLOW" 0.001
}
all_tinted () {
  view_colours "$1" 3D
  WHY="3D tint $TINT, one face's $ONE_FACE"
  gt "$TINT" "$(awk -v a="$ONE_FACE" 'BEGIN { print a + 0.005 }')"
}

# top_face: prints the saved top face's "texture shiftU shiftV rotation".
top_face () {
  sed -n "${TOP_LINE}p" "$MAP" | awk '{ print $16, $21, $27, $29 }'
}

# undo_menu SHOT: a screenshot of the open Edit menu, whose first item names the last undo
# step (looked at, not measured: the names are checked in test-face-ops).
undo_menu () {
  xdotool mousemove 59 11 click 1
  sleep 0.7
  shot "$1" > /dev/null
  xdotool key Escape
  sleep 0.3
}

start_app app "$MAP" || bail "the editor opens $NAME"
wait_loaded 1-loaded || bail "it draws $NAME"
check "before any face is selected, nothing is tinted" wait_shot 1-untinted untinted

# 1. the tool.
switch_tool shift+a 2-tool || bail "Shift+A changes the tool bar and opens Face Properties"
IFS='x+' read -r w h x y <<< "$R3D"
CX=$((x + w / 2))
CY=$((y + h / 2))
click_at () {
  xdotool mousemove $((CX + 5)) $((CY + 5))
  sleep 0.1
  xdotool mousemove "$CX" "$CY"
  sleep 0.3
  xdotool "$@"
  sleep 0.3
}

# 2. a face, then its brush.
click_at click 1
check "a click selects the floor's top: tinted in 3D, the floor outlined in Top" wait_shot 3-face top_tinted
click_at keydown shift click 1 keyup shift
check "Shift+click selects all of the floor's faces: more is tinted" wait_shot 4-brush all_tinted

# 3. the current texture on the top.
click_at click 1
check "a click selects the top alone again" wait_shot 5-face-again top_tinted
click_at click 3
check "Ctrl+S after the right-click writes the file" save_now "$MAP" "$NAME"
same_file "$WORK/applied.map" "the right-click gave the top base, and changed nothing else"
shot 6-applied > /dev/null
undo_menu 6-undo-name

# 4. a texel left, 15° round.
point_at "$R3D"
keys Left Prior
sleep 0.5
check "Ctrl+S after Left and Page Up writes the file" save_now "$MAP" "$NAME"
shot 7-nudged > /dev/null
read -r TEX SHIFT_U SHIFT_V ROTATION <<< "$(top_face)"
check "the top is still base ($TEX)" test "$TEX" = base
check "Left shifted it a texel along U ($SHIFT_U, $SHIFT_V)" test "$SHIFT_U" = 1 -a "$SHIFT_V" = 0
check "Page Up turned it 15° ($ROTATION)" test "$ROTATION" = 15

# 5. two steps back.
point_at "$RTOP"
keys ctrl+z ctrl+z
sleep 0.5
check "Ctrl+S after two Ctrl+Z writes the file" save_now "$MAP" "$NAME"
same_file "$WORK/original.map" "two Ctrl+Z restore the map byte for byte"

# attrs LINE: a Valve 220 face line's "shiftU shiftV rotation scaleU scaleV".
attrs () { awk '{ print $21, $27, $29, $30, $31 }' <<< "$1"; }
# undo_restores WHAT: Ctrl+Z once, then the saved file is the original again.
undo_restores () {
  point_at "$RTOP"
  keys ctrl+z
  sleep 0.5
  check "Ctrl+S after Ctrl+Z writes the file" save_now "$MAP" "$NAME"
  same_file "$WORK/original.map" "one Ctrl+Z undoes $1 byte for byte"
}

# 6. the eyedropper and the right-click.
WX=$((CX - 85))
WY=$((CY - 25))
xdotool mousemove "$WX" "$WY"
sleep 0.3
xdotool keydown alt click 1 keyup alt
sleep 0.5
shot 8-picked > /dev/null
click_at click 3
check "Ctrl+S after Alt+click on the wall and right-click on the top writes the file" save_now "$MAP" "$NAME"
shot 9-picked-applied > /dev/null
undo_menu 9-undo-name
read -r TEX _ <<< "$(top_face)"
check "the top took the wall's texture ($TEX)" test "$TEX" = wbrick1_5
GOT=$(attrs "$(sed -n "${TOP_LINE}p" "$MAP")")
check "and its shifts, rotation and scales ($GOT)" test "$GOT" = "$(attrs "$WALL_SOUTH")"
check "nothing else changed" test "$(diff "$WORK/original.map" "$MAP" | grep -c '^[<>]')" = 2
undo_restores "the picked texture"

# 7. wrap from the top onto the south side: select the top and pick its texture (else the
# wrapped side would take wbrick1_5, still current), then Alt+right-click the side, a band
# some 8 pixels high under the top's near edge.
click_at click 1
click_at keydown alt click 1 keyup alt
SX=$((CX + 85))
SY=$((CY + 73))
xdotool mousemove "$SX" "$SY"
sleep 0.3
xdotool keydown alt click 3 keyup alt
sleep 0.5
check "Ctrl+S after Alt+right-click on the floor's side writes the file" save_now "$MAP" "$NAME"
shot 10-wrapped > /dev/null
undo_menu 10-undo-name
CHANGED=$(diff "$WORK/original.map" "$MAP" | grep -c '^>')
check "the wrap changed one face line ($CHANGED)" test "$CHANGED" = 1
SIDE_LINE=$(diff "$WORK/original.map" "$MAP" | sed -n 's/^\([0-9]*\)c[0-9]*$/\1/p')
SIDE=$(grep -n '^( ' "$MAP" | cut -d: -f1 | grep -nx "$SIDE_LINE" | cut -d: -f1)
WRAP=$("$QUARRY_CLI" mesh "$MAP" --json | python3 -c '
import json, sys
side = int(sys.argv[1]) - 1
faces = json.load(sys.stdin)["entities"][0]["brushes"][0]["faces"]
top, other = faces[1], faces[side] if 0 <= side < len(faces) else None
if other is None or side == 1:
    print("no other face of the floor changed"); sys.exit(1)
uv = lambda f: {tuple(round(c, 6) for c in p): q for p, q in zip(f["vertices"], f["uv"])}
a, b = uv(top), uv(other)
shared = [p for p in a if p in b]
worst = max((max(abs(a[p][0] - b[p][0]), abs(a[p][1] - b[p][1])) for p in shared), default=None)
print("face %d shares %d vertices with the top, texels differ by %s" % (side, len(shared), worst))
sys.exit(0 if len(shared) == 2 and worst < 1e-3 else 1)
' "$SIDE")
check "the wrapped side meets the top without a seam: $WRAP" test $? = 0
undo_restores "the wrap"

# 8. Hammer's fine keys.
click_at click 1
point_at "$R3D"
keys ctrl+Left ctrl+Prior
sleep 0.5
check "Ctrl+S after Ctrl+Left and Ctrl+Page Up writes the file" save_now "$MAP" "$NAME"
read -r TEX SHIFT_U SHIFT_V ROTATION <<< "$(top_face)"
check "Ctrl+Left shifted the top by the grid step ($SHIFT_U, $SHIFT_V)" test "$SHIFT_U" = 16 -a "$SHIFT_V" = 0
check "Ctrl+Page Up turned it 1° ($ROTATION)" test "$ROTATION" = 1
undo_menu 11-undo-name
undo_restores "the fine keys"
finish
