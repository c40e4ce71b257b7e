#!/bin/bash
# export: File ▸ Export (issue 18) on the corpus's LibreQuake e1m3.map, whose textures resolve
# through its worldspawn's WADs, all by keyboard:
#  - Alt+F, E, O opens the OBJ options (Y up, 1 unit = 1 unit, all brush entities, hidden
#    faces removed on a fresh start); Alt+E (Export…) accepts them, the chooser takes a typed
#    path;
#  - once the files are written the status line (logged with G_MESSAGES_DEBUG=Quarry-Export)
#    says "Exported gui.obj: N objects, T triangles": the objects quarry-cli export writes with
#    the same options (those with triangles) and the triangles it reports; the OBJ, read back by tests/export/read-obj.py, has objects, more
#    than 1000 triangles, exactly T of them, and materials whose PNG files exist;
#  - Alt+F, E, G with Alt+Z (Z up) and Alt+3 (32 units = 1 metre) writes a .glb that
#    tests/export/check-glb.py finds sound, with the triangles of quarry-cli export --up z
#    --scale 0.03125 (byte for byte its file), positions inside quarry-cli info's bounds / 32
#    and spanning most of them on each axis (a Y-up file would not: its Y would be the map's Z);
#  - the options come back as last chosen;
#  - an export the writer refuses (a file stands where the texture folder must go) shows a
#    message dialog, writes no .obj, and the editor goes on.
# Screenshots: the File ▸ Export submenu, the options dialogs, the chooser (as it opens, then with the path typed), the
# status bar while the worker writes and after each export.
TEST="export"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

MAP=$(corpus_file librequake/lq1/maps/src/e1/e1m3.map) || finish
NAME=e1m3.map
OUT=$GUI_TMP/out
mkdir -p "$OUT"
READ_OBJ=$QUARRY_SOURCE_ROOT/tests/export/read-obj.py
CHECK_GLB=$QUARRY_SOURCE_ROOT/tests/export/check-glb.py
export G_MESSAGES_DEBUG=Quarry-Export

# export_through_menu KIND STEP PATH [KEY…]: File ▸ Export ▸ KIND (o or g) by mnemonics, the
# KEYs in the options dialog (kept as <test>-STEP-options.png), Return, then PATH typed into
# the chooser (<test>-STEP-chooser.png) and Return.
export_through_menu () {
  local kind=$1 step=$2 path=$3 title dlg chooser
  shift 3
  [ "$kind" = g ] && title="Export glTF Binary" || title="Export OBJ"
  point_at "$RTOP"
  keys alt+f
  sleep 0.7
  xdotool key e
  sleep 0.5
  shot "$step-menu" > /dev/null
  xdotool key "$kind"
  dlg=$(WAIT_WINDOW_VISIBLE=1 wait_window "$title") || return 1
  [ $# -gt 0 ] && window_keys "$dlg" "$@"
  sleep 0.3
  wait_window_drawn "$dlg" "$step-options" > /dev/null
  window_keys "$dlg" alt+e
  chooser=$(WAIT_WINDOW_VISIBLE=1 wait_window "$title As") || return 1
  sleep 0.8
  # The name field has the focus, holding the map's name with the extension.
  shot "$step-proposed" > /dev/null
  window_keys "$chooser" ctrl+a
  xdotool type --delay 20 "$path"
  sleep 0.3
  shot "$step-chooser" > /dev/null
  xdotool key Return
  wait_window_gone "$chooser" || return 1
  # Kept to look at: the status bar while the worker writes (a second or two).
  shot "$step-running" > /dev/null
}

# wait_logged TEXT: waits until the editor's log has a line containing TEXT.
wait_logged () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
  until grep -qF "$1" "$APP_LOG"; do
    [ $SECONDS -ge $deadline ] && { diag "no '$1' in $APP_LOG"; return 1; }
    sleep 0.2
  done
}

# status_shot STEP: the status bar alone, as <test>-STEP-status.png (and the screen as STEP).
status_shot () {
  local img
  img=$(shot "$1")
  crop "$img" "${SCREEN_W}x$((STATUS_H + 12))+0+$((SCREEN_H - STATUS_H - 12))" "$QUARRY_GUI_ARTEFACTS/$TEST-$1-status.png"
}

# The reference: quarry-cli export with the options the dialogs give.
"$QUARRY_CLI" export "$MAP" "$OUT/cli.obj" --json > "$OUT/cli-obj.json" || bail "quarry-cli export to .obj"
"$QUARRY_CLI" export "$MAP" "$OUT/cli.glb" --up z --scale 0.03125 --json > "$OUT/cli-glb.json" \
  || bail "quarry-cli export to .glb"
cli_figure () { "$QUARRY_PYTHON" -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$@"; }
map_bounds "$MAP" || bail "quarry-cli info $NAME"
# The objects quarry-cli wrote (those with triangles): the OBJ's "o" lines, the nodes in the
# .glb's JSON chunk (glTF 2.0 §4.4.3: a 12-byte header, then the chunk's length and type).
written_objects () {
  case $1 in
    *.obj) grep -c '^o ' "$1" ;;
    *) "$QUARRY_PYTHON" -c '
import json, struct, sys
data = open(sys.argv[1], "rb").read()
length, kind = struct.unpack_from("<II", data, 12)
print(len(json.loads(data[20:20 + length])["nodes"]))' "$1" ;;
  esac
}

start_app app "$MAP" || bail "the editor opens $NAME"
wait_title "$NAME – Quarry" || bail "the map loads"
wait_loaded 0-loaded > /dev/null || bail "the views draw"

# ---- OBJ with the defaults ----
check "File ▸ Export ▸ OBJ…: options, then the chooser" export_through_menu o 1-obj "$OUT/gui.obj"
want="Exported gui.obj: $(written_objects "$OUT/cli.obj") objects, $(cli_figure "$OUT/cli-obj.json" triangles) triangles"
check "the status line says: $want" wait_logged "$want"
sleep 0.5
status_shot 1-obj-done
grep -F "Exported gui.obj" "$APP_LOG" | sed 's/^/# /'
check "the editor is still running" app_alive

"$QUARRY_PYTHON" "$READ_OBJ" "$OUT/gui.obj" > "$OUT/gui-obj.json" 2> "$OUT/read-obj.err" \
  || { not_ok "read-obj.py reads the OBJ"; sed 's/^/#   /' "$OUT/read-obj.err"; }
py_checks '
import json, os, sys
obj = json.load(open(sys.argv[1]))
want = json.load(open(sys.argv[2]))["triangles"]
tris = sum(len(o["triangles"]) for o in obj["objects"])
print(("ok" if len(obj["objects"]) > 0 else "not ok") + " the OBJ has %d objects" % len(obj["objects"]))
print(("ok" if tris > 1000 else "not ok") + " the OBJ has %d triangles, more than 1000" % tris)
print(("ok" if tris == want else "not ok") + " as many triangles as quarry-cli export: %d, %d" % (tris, want))
mtl_dir = os.path.dirname(sys.argv[1])
textured = [m["texture"] for m in obj["materials"].values() if m["texture"]]
missing = [t for t in textured if not os.path.isfile(os.path.join(mtl_dir, t))]
print(("ok" if textured and not missing else "not ok")
      + " %d of %d materials have a texture, every PNG there (missing: %s)"
      % (len(textured), len(obj["materials"]), missing[:3]))
' "$OUT/gui-obj.json" "$OUT/cli-obj.json"

# ---- glTF, Z up, 32 units a metre ----
check "File ▸ Export ▸ glTF Binary…: Alt+Z, Alt+3" export_through_menu g 2-glb "$OUT/gui.glb" alt+z alt+3
want="Exported gui.glb: $(written_objects "$OUT/cli.glb") objects, $(cli_figure "$OUT/cli-glb.json" triangles) triangles"
check "the status line says: $want" wait_logged "$want"
sleep 0.5
status_shot 2-glb-done
grep -F "Exported gui.glb" "$APP_LOG" | sed 's/^/# /'
"$QUARRY_PYTHON" "$CHECK_GLB" "$OUT/gui.glb" --dump > "$OUT/gui-glb.json" 2> "$OUT/check-glb.err" \
  && ok "check-glb.py finds the .glb sound" \
  || { not_ok "check-glb.py finds the .glb sound"; head -5 "$OUT/check-glb.err" | sed 's/^/#   /'; }
# shellcheck disable=SC2086  # MAP_BOUNDS is six words
py_checks '
import json, sys
def figures(path):
    d = json.load(open(path))
    lo, hi, tris = [float("inf")] * 3, [float("-inf")] * 3, 0
    for n in d["nodes"]:
        for p in n["primitives"]:
            tris += len(p["indices"]) // 3
            for v in p["positions"]:
                lo = [min(a, b) for a, b in zip(lo, v)]
                hi = [max(a, b) for a, b in zip(hi, v)]
    return lo, hi, tris, d["counts"]["images"]
lo, hi, tris, images = figures(sys.argv[1])
want = json.load(open(sys.argv[2]))["triangles"]
b = [float(x) / 32 for x in sys.argv[3:9]]
print(("ok" if tris == want else "not ok") + " triangles: %d, quarry-cli %d" % (tris, want))
print(("ok" if images > 0 else "not ok") + " %d images inside the file" % images)
eps = 1e-4
for a, axis in enumerate("xyz"):
    inside = b[a] - eps <= lo[a] and hi[a] <= b[a + 3] + eps
    most = hi[a] - lo[a] >= 0.5 * (b[a + 3] - b[a])
    print(("ok" if inside and most else "not ok")
          + " %s: %.4f..%.4f within the map bounds / 32 (%.4f..%.4f) and most of them" % (axis, lo[a], hi[a], b[a], b[a + 3]))
' "$OUT/gui-glb.json" "$OUT/cli-glb.json" $MAP_BOUNDS
cmp -s "$OUT/gui.glb" "$OUT/cli.glb" && ok "the .glb is byte for byte quarry-cli export's with the same options" \
  || not_ok "the .glb is byte for byte quarry-cli export's with the same options"

# ---- the choices are remembered ----
point_at "$RTOP"
keys alt+f
sleep 0.7
xdotool key --delay 200 e g
DLG=$(WAIT_WINDOW_VISIBLE=1 wait_window "Export glTF Binary") || bail "the glTF options open again"
wait_window_drawn "$DLG" 3-glb-again > /dev/null
# The dialog opens on the last choices (Z up, 32 units): accepted as it stands, it writes the
# same file.
window_keys "$DLG" Return
CHOOSER=$(WAIT_WINDOW_VISIBLE=1 wait_window "Export glTF Binary As") || bail "the chooser opens"
sleep 0.8
window_keys "$CHOOSER" ctrl+a
xdotool type --delay 20 "$OUT/again.glb"
xdotool key Return
check "the second glTF export ends" wait_logged "Exported again.glb"
cmp -s "$OUT/again.glb" "$OUT/gui.glb" && ok "the dialog remembered Z up and 32 units: the same file" \
  || not_ok "the dialog remembered Z up and 32 units: the same file"
# ---- a failed export ----
# A file where the OBJ's texture folder must go: the writer fails, writes no .obj, and the
# editor says so in a message dialog and goes on.
: > "$OUT/bad_textures"
check "File ▸ Export ▸ OBJ… to a folder that cannot take its textures" export_through_menu o 4-bad "$OUT/bad.obj"
check "the failure is logged" wait_logged "Could not export bad.obj"
grep -F "Could not export bad.obj" "$APP_LOG" | sed 's/^/# /'
ERR=$(wait_dialog) || bail "a message dialog says why"
wait_window_drawn "$ERR" 4-bad-error > /dev/null
check "no bad.obj was written" [ ! -e "$OUT/bad.obj" ]
window_keys "$ERR" Return
check "Return closes the message" wait_window_gone "$ERR"
check "the editor is still running" app_alive
finish
