#!/bin/bash
# clipboard: Ctrl+C and Ctrl+V through the real X clipboard, read and written with xclip. On a
# map of a slab R (0..384 x 0..256 x -16..0, texture base) and a wedge W (72..168 x 40..136 x
# 0..88, texture rust_wedge7, its slope rising towards +X):
#  1. Copy out: a click on W's low edge in the Top view selects it, Ctrl+C. The clipboard
#     (xclip -o, the editor still running as its owner) holds MAP text: W alone as a bare
#     brush, byte for byte what `quarry-cli edit --step "copy 0:1 FILE"` writes; quarry-cli
#     reads it as one valid brush whose faces (planes, vertices, texture) are W's.
#  2. Paste in, TrenchBroom's clipboard text (what it copies: world brushes as bare
#     "// brush N" blocks, entities as "// entity N" blocks). Paste in Place (Ctrl+Shift+V)
#     keeps their coordinates, as TrenchBroom's Paste at Original Position does:
#     a. a Quake standard brush, the box 200..264 x 152..232 x 0..40 (tb_crate1), in
#        TrenchBroom's plane points: Ctrl+Shift+V, "*", the box selected; Ctrl+S: R and W as
#        they were, the box with exactly those bounds and texture; the file still all Valve
#        220 (the map's dialect: TrenchBroom and hlcsg read one face form per file);
#     b. a Valve 220 prism (232..312 x 24..88 x 16..72, tb_valve_trim, texture axes rotated
#        and scaled) and an info_player_start at 328 200 24: Ctrl+Shift+V, Ctrl+S: both
#        there, the prism's faces written as pasted;
#     c. the box again, Ctrl+V with the pointer over (296, 192) in the Top view: it lands
#        around the pointer by whole grid steps along X and Y, 264..328 x 152..232 x 0..40
#        (its centre was (232, 192); Z is the Top view's depth and stays).
#     Each paste is one undo step: Ctrl+Z, Ctrl+S gives back the file quarry-cli convert
#     makes of the original, byte for byte.
#  3. Round trip between two editors: W copied again in the first (kept running: it owns the
#     clipboard), a second editor started on an empty map, Ctrl+Shift+V, Ctrl+S there: its
#     file has one brush, W's faces exactly.
#  4. Bad text ("hello") on the clipboard: Ctrl+V in the second editor changes nothing (no
#     "*"), the status bar shows the error, both editors still run.
TEST=clipboard
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

command -v xclip > /dev/null || skip_all "xclip is not installed (tools/debian-packages.txt)"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=room.map
MAP=$WORK/$NAME
make_map "$MAP" "create block 0 0 -16 384 256 0 --texture base" \
  "create wedge 72 40 0 168 136 88 --texture rust_wedge7" || bail "quarry-cli edit makes the test map"
"$QUARRY_CLI" convert "$MAP" "$WORK/original.map" || bail "quarry-cli convert of the test map"
"$QUARRY_CLI" edit "$MAP" "$WORK/unused.map" --step "copy 0:1 $WORK/wedge-expected.txt" ||
  bail "quarry-cli edit --step copy writes W's clipboard text"

# ---- the clipboard, through xclip ----

CLIP_PID=
FIRST_PID=

# clip_stop: ends the xclip serving the clipboard, if it still runs (it ends by itself when
# another client takes the selection).
clip_stop () {
  [ -n "$CLIP_PID" ] || return 0
  kill "$CLIP_PID" 2> /dev/null
  wait "$CLIP_PID" 2> /dev/null
  CLIP_PID=
}

# clip_get OUT: the clipboard's text into OUT; fails when nobody serves it in 10 s.
clip_get () { timeout 10 xclip -o -selection clipboard > "$1" 2> /dev/null; }

# clip_read OUT: waits until the clipboard has text and puts it into OUT.
clip_read () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
  until clip_get "$1" && [ -s "$1" ]; do
    [ $SECONDS -ge $deadline ] && { diag "nothing to read on the clipboard"; return 1; }
    sleep 0.2
  done
}

# clip_holds FILE: waits until the clipboard's text is FILE's, byte for byte.
clip_holds () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT)) got=$GUI_TMP/clip-holds.txt
  until clip_get "$got" && cmp -s "$1" "$got"; do
    [ $SECONDS -ge $deadline ] && { diag "the clipboard holds: $(head -c 60 "$got" | tr '\n' ' ')"; return 1; }
    sleep 0.2
  done
}

# clip_set FILE: puts FILE's text on the clipboard. xclip keeps serving it in the foreground
# (-quiet; CLIP_PID) until another client takes the selection. Waits until reading the
# clipboard gives the text back.
clip_set () {
  clip_stop
  xclip -i -selection clipboard -quiet "$1" > /dev/null 2>&1 &
  CLIP_PID=$!
  clip_holds "$1"
}

# The second editor (3.) runs as APP_PID; the first one moves to FIRST_PID. Both end with
# the test, as does the xclip.
_stop_first () {
  [ -n "$FIRST_PID" ] || return 0
  kill "$FIRST_PID" 2> /dev/null
  wait "$FIRST_PID" 2> /dev/null
  FIRST_PID=
}
trap 'clip_stop; _stop_first; _cleanup' EXIT

# ---- checks on files ----

# undone STEP WHAT: Ctrl+Z (WHAT: the check that it took, by the "*"), Ctrl+S; the file is
# what quarry-cli convert makes of the original, byte for byte.
undone () {
  keys ctrl+z
  check "$1: $2" wait_title "*$NAME – Quarry"
  check "Ctrl+S saves" save_now "$MAP" "$NAME"
  same_file "$WORK/original.map" "$1: the file is what quarry-cli convert makes of the original, byte for byte" "$1-undone"
}

# clip_brush_check FILE WHAT: FILE, read back from the clipboard, is MAP text of W alone.
clip_brush_check () {
  py_checks '
import json, os, subprocess, sys
from mapgeom import mesh
path, original, what = sys.argv[1:4]
info = json.loads(subprocess.run([os.environ["QUARRY_CLI"], "info", path, "--json"],
                                 check=True, capture_output=True, text=True).stdout)
print(("ok " if info["brushes"] == 1 and not info["invalid"] else "not ok ")
      + "%s: quarry-cli info reads one valid brush (%d, invalid %s)" % (what, info["brushes"], info["invalid"]))
print(("ok " if info["textures"] == ["rust_wedge7"] else "not ok ")
      + "%s: its only texture is rust_wedge7 (%s)" % (what, info["textures"]))
wedge = mesh(original)["entities"][0]["brushes"][1]
got = [b for e in mesh(path)["entities"] for b in e.get("brushes", [])]
same = len(got) == 1 and got[0]["valid"] and got[0]["faces"] == wedge["faces"]
print(("ok " if same else "not ok ") + "%s: quarry-cli mesh: its faces are W'"'"'s, planes, vertices and textures" % what)
' "$1" "$WORK/original.map" "$2"
}

# pasted_check SAVED CLIP TEXTURE "X Y Z,…" WHAT: SAVED is the original map with CLIP pasted
# at its own place: the original's entities and brushes first, exactly as they were (faces,
# planes, vertices, textures: quarry-cli mesh), then CLIP's world brushes at the end of the
# world and CLIP's entities after the original's, their faces exactly those quarry-cli mesh
# gives for CLIP itself. The pasted brushes have only TEXTURE and the vertices given (to
# 1e-9: the mesher's rounding, e.g. 87.99999999999999).
pasted_check () {
  py_checks '
import sys
from fractions import Fraction as F
from mapgeom import mesh, Brush
saved, clip, original, texture, verts, what = sys.argv[1:7]
s, c, o = mesh(saved)["entities"], mesh(clip)["entities"], mesh(original)["entities"]
def strip(b):
    return {k: v for k, v in b.items() if k != "index"}
clip_world = [strip(b) for e in c if e["classname"] in ("worldspawn", None, "") for b in e["brushes"]]
clip_ents = [e for e in c if e["classname"] not in ("worldspawn", None, "")]
world = [strip(b) for b in s[0]["brushes"]]
owner = [strip(b) for b in o[0]["brushes"]]
print(("ok " if world[:len(owner)] == owner else "not ok ")
      + "%s: R and W are there as they were" % what)
raw = s[0]["brushes"][len(owner):]
pasted = world[len(owner):]
print(("ok " if pasted == clip_world else "not ok ")
      + "%s: then the pasted brush, faces as quarry-cli reads the clipboard text (%d brushes after R and W, %d pasted)"
      % (what, len(pasted), len(clip_world)))
ents = [{"classname": e["classname"], "brushes": [strip(b) for b in e["brushes"]]} for e in s[len(o):]]
want = [{"classname": e["classname"], "brushes": [strip(b) for b in e["brushes"]]} for e in clip_ents]
print(("ok " if s[:len(o)][1:] == o[1:] and ents == want else "not ok ")
      + "%s: the entities: the original'"'"'s, then the pasted ones (%s)"
      % (what, ", ".join(e["classname"] for e in ents) or "none"))
expected = sorted(tuple(F(x) for x in v.split()) for v in verts.split(","))
span = "%s..%s" % (" ".join(str(min(v[a] for v in expected)) for a in range(3)),
                   " ".join(str(max(v[a] for v in expected)) for a in range(3)))
for entry in raw:
    b = Brush(entry)
    near = len(b.vertices) == len(expected) and all(
        abs(a - e) < F(1, 10**9) for va, ve in zip(b.vertices, expected) for a, e in zip(va, ve))
    print(("ok " if b.valid and near else "not ok ") + "%s: the pasted brush spans %s, its %d vertices where the text puts them (%s)"
          % (what, span, len(expected), b.bounds_text() if b.valid else b.reason))
    textures = sorted({f["texture"] for f in entry["faces"]})
    print(("ok " if textures == [texture] else "not ok ") + "%s: its faces are all %s (%s)" % (what, texture, ", ".join(textures)))
' "$1" "$2" "$WORK/original.map" "$3" "$4" "$5"
}

# dialect_is FILE DIALECT: quarry-cli info reads FILE as DIALECT (not "mixed").
dialect_is () {
  local d
  d=$("$QUARRY_CLI" info "$1" --json | "$QUARRY_PYTHON" -c 'import json, sys; print(json.load(sys.stdin)["dialect"])')
  [ "$d" = "$2" ] || { diag "quarry-cli info: $1 is $d"; return 1; }
}

# lines_in FILE TEXT: the lines of TEXT (a file) appear in FILE one after another.
lines_in () {
  "$QUARRY_PYTHON" -c '
import sys
hay, needle = open(sys.argv[1]).read().split("\n"), open(sys.argv[2]).read().rstrip("\n").split("\n")
sys.exit(0 if any(hay[i:i + len(needle)] == needle for i in range(len(hay))) else 1)' "$1" "$2"
}

# ---- screenshots ----

# selected_at IMAGE "X Y Z"…: those points of the Top view are red (selected outlines).
selected_at () {
  local img=$1
  shift
  colour_at_points "$img" TOP "$SELECTED" "$@"
}
wedge_selected () { selected_at "$1" "72 64 0" "168 112 0" "96 40 0" "144 136 0"; }
box_selected () {
  selected_at "$1" "200 172 0" "264 212 0" "216 152 0" "248 232 0" &&
    no_colour_at_points "$1" TOP "$SELECTED" "72 64 0" "96 40 0"
}
prism_selected () {
  selected_at "$1" "232 40 0" "232 72 0" "252 24 0" "292 24 0" &&
    no_colour_at_points "$1" TOP "$SELECTED" "72 64 0" "96 40 0"
}

# The left half of the status bar: the message (the pointer's coordinates, the grid, the zoom
# and the selection's size are to the right).
STATUS_MESSAGE="$((SCREEN_W / 2))x${STATUS_H}+0+$((SCREEN_H - STATUS_H))"

# status_changed IMAGE: the status bar's message differs from $GUI_TMP/status-before.png.
status_changed () {
  crop "$1" "$STATUS_MESSAGE" "$GUI_TMP/status-now.png"
  [ "$(differing_pixels "$GUI_TMP/status-before.png" "$GUI_TMP/status-now.png")" != 0 ] ||
    { WHY="the status bar's message did not change"; return 1; }
}

# still_title TITLE: after a second, the title is still TITLE.
still_title () { sleep 1; [ "$(title)" = "$1" ] || { diag "title is '$(title)'"; return 1; }; }

# ---- 1. copy out ----

diag "$NAME: R 0..384 x 0..256 x -16..0, W a wedge 72..168 x 40..136 x 0..88"
open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"
check "the Top view shows R and W where expected ($FIT_TOP)" \
  wait_edges app-framed TOP "0 0 0" "384 256 0" "72 64 0" "168 64 0" "120 40 0"
[ "$_failed" = 0 ] || bail "the views' geometry is known (no point in driving the tools blind)"

# The Select tool is the default one. A quarter along W's low edge (x 72), clear of handles.
click_world TOP "72 64 0"
check "1. a click on W's low edge in the Top view selects it" wait_shot 1-selected wedge_selected
point_at "$RTOP"
keys ctrl+c
sleep 0.5
CLIP=$WORK/wedge-clipboard.txt
check "Ctrl+C: xclip -o reads the clipboard from the running editor" clip_read "$CLIP"
cp "$CLIP" "$QUARRY_GUI_ARTEFACTS/$TEST-copied.txt"
check "the copied text starts as MAP text: '// brush 0' and '{' ($(head -c 20 "$CLIP" | tr '\n' ' '))" \
  [ "$(head -n 2 "$CLIP" | tr '\n' ' ')" = "// brush 0 { " ]
check "it is byte for byte what quarry-cli edit --step \"copy 0:1 FILE\" writes" \
  cmp "$WORK/wedge-expected.txt" "$CLIP"
clip_brush_check "$CLIP" "the copied text"
check "copying changes nothing (no '*')" [ "$(title)" = "$NAME – Quarry" ]

# ---- 2. paste TrenchBroom's text ----

# a. A Quake standard box, as TrenchBroom writes it (its plane points: a corner and unit steps).
STD=$WORK/tb-standard.txt
cat > "$STD" << 'EOF'
// brush 0
{
( 200 152 0 ) ( 200 153 0 ) ( 200 152 1 ) tb_crate1 0 0 0 1 1
( 200 152 0 ) ( 200 152 1 ) ( 201 152 0 ) tb_crate1 0 0 0 1 1
( 200 152 0 ) ( 201 152 0 ) ( 200 153 0 ) tb_crate1 0 0 0 1 1
( 264 232 40 ) ( 264 233 40 ) ( 265 232 40 ) tb_crate1 0 0 0 1 1
( 264 232 40 ) ( 265 232 40 ) ( 264 232 41 ) tb_crate1 0 0 0 1 1
( 264 232 40 ) ( 264 232 41 ) ( 264 233 40 ) tb_crate1 0 0 0 1 1
}
EOF
check "2a. xclip puts TrenchBroom's text of a standard brush on the clipboard" clip_set "$STD"
point_at "$RTOP"
keys ctrl+shift+v
check "Ctrl+Shift+V: '*'" wait_title "*$NAME – Quarry"
check "the pasted box is selected, where the text puts it (no offset)" wait_shot 2a-pasted box_selected
check "Ctrl+S saves" save_now "$MAP" "$NAME"
cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-2a-saved.map"
pasted_check "$MAP" "$STD" tb_crate1 \
  "200 152 0,200 152 40,200 232 0,200 232 40,264 152 0,264 152 40,264 232 0,264 232 40" "2a"
check "2a: the saved map is all Valve 220, its dialect (quarry-cli info)" dialect_is "$MAP" valve220
undone 2a "Ctrl+Z undoes the paste: '*' (it differs from the file saved with it)"

# b. A Valve 220 prism and a point entity, as TrenchBroom copies a brush and an entity.
VALVE=$WORK/tb-valve.txt
cat > "$VALVE" << 'EOF'
// brush 0
{
( 232 24 16 ) ( 232 25 16 ) ( 232 24 17 ) tb_valve_trim [ 0 -1 0 8 ] [ 0 0 -1 -4 ] 0 0.5 0.5
( 232 24 16 ) ( 232 24 17 ) ( 233 24 16 ) tb_valve_trim [ 1 0 0 8 ] [ 0 0 -1 -4 ] 0 0.5 0.5
( 232 24 16 ) ( 233 24 16 ) ( 232 25 16 ) tb_valve_trim [ 0.7071067811865476 0.7071067811865476 0 12.5 ] [ 0.7071067811865476 -0.7071067811865476 0 -3 ] 45 0.25 0.75
( 232 24 72 ) ( 232 25 72 ) ( 233 24 72 ) tb_valve_trim [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1
( 232 88 16 ) ( 312 24 16 ) ( 232 88 72 ) tb_valve_trim [ 0.7808688094430304 -0.6246950475544243 0 0 ] [ 0 0 -1 0 ] 0 1 1
}
// entity 1
{
"classname" "info_player_start"
"origin" "328 200 24"
"angle" "90"
}
EOF
sed -n '/^(/p' "$VALVE" > "$WORK/valve-faces.txt"
sed -n '/^{$/,/^}$/p' "$VALVE" | sed -n '/^"classname" "info_player_start"/,/^}/p' > "$WORK/entity-keys.txt"
check "2b. xclip puts TrenchBroom's text of a Valve 220 brush and an entity on the clipboard" clip_set "$VALVE"
point_at "$RTOP"
keys ctrl+shift+v
check "Ctrl+Shift+V: '*'" wait_title "*$NAME – Quarry"
check "the pasted prism is selected, where the text puts it" wait_shot 2b-pasted prism_selected
check "Ctrl+S saves" save_now "$MAP" "$NAME"
cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-2b-saved.map"
pasted_check "$MAP" "$VALVE" tb_valve_trim \
  "232 24 16,232 24 72,232 88 16,232 88 72,312 24 16,312 24 72" "2b"
check "2b: the prism's faces are written as pasted (texture axes, offsets, rotation, scales)" \
  lines_in "$MAP" "$WORK/valve-faces.txt"
check "2b: the entity's keys are written as pasted (origin 328 200 24, angle 90)" \
  lines_in "$MAP" "$WORK/entity-keys.txt"
check "2b: the saved map is Valve 220" dialect_is "$MAP" valve220
undone 2b "one Ctrl+Z undoes brush and entity: '*'"

# c. Plain Ctrl+V pastes around the pointer. The box as it should land, 64 units along X:
cat > "$WORK/tb-standard-moved.txt" << 'EOF'
{
( 264 152 0 ) ( 264 153 0 ) ( 264 152 1 ) tb_crate1 0 0 0 1 1
( 264 152 0 ) ( 264 152 1 ) ( 265 152 0 ) tb_crate1 0 0 0 1 1
( 264 152 0 ) ( 265 152 0 ) ( 264 153 0 ) tb_crate1 0 0 0 1 1
( 328 232 40 ) ( 328 233 40 ) ( 329 232 40 ) tb_crate1 0 0 0 1 1
( 328 232 40 ) ( 329 232 40 ) ( 328 232 41 ) tb_crate1 0 0 0 1 1
( 328 232 40 ) ( 328 232 41 ) ( 328 233 40 ) tb_crate1 0 0 0 1 1
}
EOF
check "2c. xclip puts the standard box on the clipboard again" clip_set "$STD"
point_world TOP "296 192 0"
keys ctrl+v
check "Ctrl+V: '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S saves" save_now "$MAP" "$NAME"
cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-2c-saved.map"
pasted_check "$MAP" "$WORK/tb-standard-moved.txt" tb_crate1 \
  "264 152 0,264 152 40,264 232 0,264 232 40,328 152 0,328 152 40,328 232 0,328 232 40" "2c"
undone 2c "Ctrl+Z undoes the paste: '*'"

# ---- 3. from one editor to another ----

click_world TOP "72 64 0"
check "3. a click on W's low edge selects it again" wait_shot 3-selected wedge_selected
point_at "$RTOP"
keys ctrl+c
sleep 0.5
check "Ctrl+C: the clipboard holds W's text again (the first editor owns it)" clip_holds "$WORK/wedge-expected.txt"
clip_stop  # long gone: the editor took the selection

NAME2=empty.map
MAP2=$WORK/$NAME2
make_map "$MAP2"
FIRST_PID=$APP_PID
FIRST_WIN=$WIN
APP_PID=
start_app second "$MAP2" || bail "a second editor starts on $NAME2"
# start_app takes the first window it finds; the second editor's is the one named after its map.
WIN=$(wait_window "$NAME2 – Quarry") || bail "the second editor shows its window"
relayout second-shown || bail "the second editor's panes settle"
point_at "$RTOP"
keys ctrl+shift+v
check "3. Ctrl+Shift+V in the second editor: '*'" wait_title "*$NAME2 – Quarry"
point_at "$RTOP"
keys ctrl+shift+e
sleep 0.5
wait_view_settled "$RTOP" 3-pasted-second > /dev/null
check "Ctrl+S saves the second map" save_now "$MAP2" "$NAME2"
cp "$MAP2" "$QUARRY_GUI_ARTEFACTS/$TEST-3-second.map"
clip_brush_check "$MAP2" "3: the second editor's file"
check "3: it is Valve 220" dialect_is "$MAP2" valve220
check "the first editor still runs" kill -0 "$FIRST_PID"
check "its title is unchanged" [ "$(xdotool getwindowname "$FIRST_WIN")" = "$NAME – Quarry" ]

# ---- 4. text that is not a map ----

printf 'hello' > "$WORK/hello.txt"
check "4. xclip puts 'hello' on the clipboard" clip_set "$WORK/hello.txt"
point_at "$RTOP"
crop "$(shot 4-before)" "$STATUS_MESSAGE" "$GUI_TMP/status-before.png"
keys ctrl+v
check "Ctrl+V: the status bar shows a message (the parse error)" wait_shot 4-bad-paste status_changed
check "the map is unchanged (no '*')" still_title "$NAME2 – Quarry"
check "the second editor still runs" app_alive
check "the first editor still runs" kill -0 "$FIRST_PID"
finish
