#!/bin/bash
# face-dialog: the Face Properties and Replace Textures dialogs (issue 14) on LibreQuake's e1m3
# (Valve 220, its own WAD textures), one editor start. e1m3 is copied to a folder where its
# `wad` key's relative paths (../../../../texture-wads/…) lead to the corpus's WADs.
#  1. With its textures drawn, the Texture tool (Shift+A) picks the face under the middle of
#     the 3D view; Ctrl+Shift+F opens Face Properties. Three Up keys in Shift U (one undo
#     step: the operation merges them and the dialog's refresh must not add steps), scale U
#     and V 0.5, rotation 30, Fit 1 × 1, Ctrl+S: exactly one face line of the file changed, and
#     the file is byte for byte what `quarry-cli edit` makes of the original with tex-shift 3 0,
#     tex-scale 0.5 0.5, tex-rotate 30 and tex-fit 1 1 on that face; its rotation is 30 and its
#     texels divided by the texture's size span exactly 1 × 1 (`quarry-cli mesh`).
#  2. Four Ctrl+Z leave the merged shift (the file still differs); the fifth restores the file
#     byte for byte.
#  3. Replace Textures (Ctrl+Shift+H): Mark only selects the faces of med_csl_brk16, whose
#     shifts differ: Face Properties shows them blank, and tabbing through changes nothing.
#     "med_cmet*" with Mark only selects the matching faces; then "*" replaced by med_wood5 in the Selection: `quarry-cli textures --json` of the saved
#     map counts med_wood5 on its own faces plus every med_cmet* face of the original, no
#     med_cmet* left, the other names' counts unchanged. One Ctrl+Z restores the file.
TEST=face-dialog
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

E1M3=$(corpus_file librequake/lq1/maps/src/e1/e1m3.map) || finish
WADS=$(corpus_dir)/librequake/texture-wads
WORK=$GUI_TMP/lq
mkdir -p "$WORK/lq1/maps/src/e1"
ln -s "$WADS" "$WORK/texture-wads"
NAME=e1m3.map
MAP=$WORK/lq1/maps/src/e1/$NAME
cp "$E1M3" "$MAP"
ORIGINAL=$GUI_TMP/original.map
cp "$E1M3" "$ORIGINAL"

"$QUARRY_CLI" textures "$MAP" --json > "$GUI_TMP/textures-before.json" || bail "quarry-cli textures reads e1m3"

start_app app "$MAP" || bail "the editor opens e1m3"
wait_loaded 1-loaded || bail "it draws e1m3"
# The textures load in the background: fit needs their sizes.
textured () {
  crop "$1" "$R3D" "$GUI_TMP/3d.png"
  local colours
  colours=$("$CONVERT" "$GUI_TMP/3d.png" -format %k info:)
  WHY="$colours colours in the 3D view"
  [ "$colours" -gt 3000 ]
}
check "e1m3's textures are drawn" wait_shot 1-textured textured || finish

# 1. the face under the middle of the 3D view
switch_tool shift+a 2-texture-tool || bail "Shift+A switches to the Texture tool"
point_at "$R3D"
xdotool click 1
sleep 0.5
keys ctrl+shift+f
DLG=$(wait_window "Face Properties") || bail "Ctrl+Shift+F opens Face Properties"
wait_window_drawn "$DLG" 3-dialog > /dev/null
window_keys "$DLG" alt+h
xdotool key --delay 150 Up Up Up
xdotool key alt+c
xdotool type --delay 60 0.5
xdotool key Tab
xdotool type --delay 60 0.5
xdotool key Tab alt+r
xdotool type --delay 60 30
xdotool key Tab
sleep 0.3
shot 4-values > /dev/null
xdotool key alt+f
sleep 0.5
shot 5-fitted > /dev/null
save_now "$MAP" "$NAME" || bail "Ctrl+S saves the textured face"
cp "$MAP" "$GUI_TMP/edited.map"

# The changed face: its line, and E:B:F counted as quarry-cli counts (entities, then brushes
# within each, then faces in file order).
CHANGED=$(diff "$ORIGINAL" "$MAP" | grep -c '^>')
check "exactly one face line changed ($CHANGED)" test "$CHANGED" = 1
LINE=$(diff "$ORIGINAL" "$MAP" | sed -n 's/^\([0-9]*\)c[0-9]*$/\1/p' | head -1)
FACE=$(awk -v want="$LINE" '
  /^\{/ { depth++; if (depth == 1) { e++; b = 0 } else if (depth == 2) { b++; f = 0 } ; next }
  /^\}/ { depth--; next }
  /^\(/ && depth == 2 { f++; if (NR == want) { print (e - 1) ":" (b - 1) ":" (f - 1); exit } }' "$ORIGINAL")
[ -n "$FACE" ] || bail "line $LINE of the saved map is a brush face"
diag "the picked face is $FACE (line $LINE): $(sed -n "${LINE}p" "$MAP")"
"$QUARRY_CLI" edit "$ORIGINAL" "$GUI_TMP/expected.map" --step "tex-shift $FACE 3 0" \
  --step "tex-scale $FACE 0.5 0.5" --step "tex-rotate $FACE 30" --step "tex-fit $FACE 1 1" \
  || bail "quarry-cli edit makes the expected map"
same_file "$GUI_TMP/expected.map" "the saved map is what quarry-cli's tex-shift, tex-scale, tex-rotate and tex-fit make" cli

py_checks '
import json, sys, mapgeom
path, face, textures = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3]))
e, b, f = (int(x) for x in face.split(":"))
# the face lines of the brush, to read the numbers of the face
lines, depth, ei, bi = [], 0, -1, -1
for l in open(path).read().splitlines():
    if l.startswith("{"):
        depth += 1
        if depth == 1:
            ei, bi = ei + 1, -1
        elif depth == 2:
            bi += 1
    elif l.startswith("}"):
        depth -= 1
    elif l.startswith("(") and depth == 2 and (ei, bi) == (e, b):
        lines.append(l.split())
fields = lines[f]
name, rot, su, sv = fields[15], float(fields[-3]), float(fields[-2]), float(fields[-1])
print(("ok" if rot == 30 else "not ok") + " the face is turned 30 degrees (%g); fitted, its scale is %g x %g" % (rot, su, sv))
tex = [t for t in textures["textures"] if t["name"].lower() == name.lower()][0]
w, h = tex["width"], tex["height"]
# mesh lists the faces that have a polygon: all of them here, in file order
faces = mapgeom.mesh(path)["entities"][e]["brushes"][b]["faces"]
if len(faces) != len(lines):
    print("not ok brush %d:%d has a face without a polygon: its faces cannot be matched" % (e, b))
else:
    us = [p[0] / w for p in faces[f]["uv"]]
    vs = [p[1] / h for p in faces[f]["uv"]]
    span = (max(us) - min(us), max(vs) - min(vs))
    good = abs(span[0] - 1) < 1e-6 and abs(span[1] - 1) < 1e-6
    print(("ok" if good else "not ok") + " fitted 1 x 1: its texels over %s (%d x %d) span %r" % (name, w, h, span))
' "$MAP" "$FACE" "$GUI_TMP/textures-before.json"

# 2. undo all: the three Up keys were one step
point_at "$RTOP"
keys ctrl+z ctrl+z ctrl+z ctrl+z
sleep 0.5
save_now "$MAP" "$NAME" || bail "Ctrl+S after four Ctrl+Z"
check "after four Ctrl+Z the merged shift is still there" test -n "$(diff -q "$ORIGINAL" "$MAP")"
keys ctrl+z
sleep 0.5
save_now "$MAP" "$NAME" || bail "Ctrl+S after the fifth Ctrl+Z"
same_file "$ORIGINAL" "the fifth Ctrl+Z restores e1m3 byte for byte" undone

# 3. Replace Textures: mark med_cmet*, then replace everything in the selection
keys ctrl+shift+h
RDLG=$(wait_window "Replace Textures") || bail "Ctrl+Shift+H opens Replace Textures"
wait_window_drawn "$RDLG" 6-replace > /dev/null
# Marking med_csl_brk16 (482 faces, the first with shift U -32, others 0 and more): Face
# Properties shows their Shift blank; tabbing through it changes nothing (a blank left alone
# must not set 0 everywhere).
window_keys "$RDLG" alt+f
# (a pattern: a name would pop its completion up over the keys that follow)
xdotool type --delay 50 '*csl_brk16'
xdotool key alt+k Return
sleep 0.5
window_keys "$DLG" alt+h
xdotool key --delay 150 Tab Tab
sleep 0.5
shot 7-blank-fields > /dev/null
check "tabbing through the blank Shift fields of the marked faces changes nothing (no '*')" \
  test "$(title)" = "$NAME – Quarry"
window_keys "$RDLG" alt+f ctrl+a
xdotool type --delay 50 'med_cmet*'
xdotool key Return
sleep 0.5
shot 7-marked > /dev/null
window_keys "$RDLG" alt+k alt+s alt+f ctrl+a
xdotool type --delay 50 '*'
xdotool key alt+w
xdotool type --delay 50 med_wood5
# Tab leaves the entry (and its completion), the mnemonic presses Replace
xdotool key Tab alt+r
sleep 0.5
shot 8-replaced > /dev/null
point_at "$RTOP"
save_now "$MAP" "$NAME" || bail "Ctrl+S saves the replaced textures"
"$QUARRY_CLI" textures "$MAP" --json > "$GUI_TMP/textures-after.json" || bail "quarry-cli textures reads the saved map"
py_checks '
import json, sys
before = {t["name"]: t["faces"] for t in json.load(open(sys.argv[1]))["textures"]}
after = {t["name"]: t["faces"] for t in json.load(open(sys.argv[2]))["textures"]}
cmet = {n: c for n, c in before.items() if n.lower().startswith("med_cmet")}
moved = sum(cmet.values())
print("# med_cmet*: %s" % cmet)
print(("ok" if len(cmet) >= 2 and moved > 0 else "not ok") + " e1m3 has med_cmet* faces to replace (%d)" % moved)
print(("ok" if not any(n.lower().startswith("med_cmet") for n in after) else "not ok") + " no med_cmet* face is left")
want = before["med_wood5"] + moved
print(("ok" if after.get("med_wood5") == want else "not ok")
      + " med_wood5 is on %s faces: its own %d and the %d marked ones (%d)" % (after.get("med_wood5"), before["med_wood5"], moved, want))
others = {n: c for n, c in before.items() if n not in cmet and n != "med_wood5"}
changed = [n for n, c in others.items() if after.get(n) != c]
print(("ok" if not changed else "not ok") + " every other texture keeps its %d counts %s" % (len(others), changed))
' "$GUI_TMP/textures-before.json" "$GUI_TMP/textures-after.json"
keys ctrl+z
sleep 0.5
save_now "$MAP" "$NAME" || bail "Ctrl+S after undoing the replacement"
same_file "$ORIGINAL" "one Ctrl+Z undoes Replace Textures byte for byte" replace-undone
finish
