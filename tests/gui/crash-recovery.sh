#!/bin/bash
# crash-recovery: never losing work to a crash, and a failed save that harms nothing. One map of
# the corpus (quake/dm3.map), copied to a folder of its own:
#  - the editor opens it with autosaves every 2 s (QUARRY_AUTOSAVE_SECONDS); Ctrl+A, Right
#    over the Top view (everything one grid step, 16 units, along +X); an autosave appears in $XDG_STATE_HOME/quarry/autosave/ and the
#    status bar says "Autosaved"; then `kill -9`.
#  - the folder of the map is made read-only; the editor starts again (without the
#    capability that lets root write anywhere) with the same home: the "Recover Unsaved Maps"
#    dialog lists dm3.map; Recover opens it modified ("*dm3.map"), bound to the original.
#  - Ctrl+S into the read-only folder: an error dialog, the map byte-identical, still "*".
#  - the folder writable again, Ctrl+S: no "*"; the file equals what `quarry-cli edit` makes
#    of the map with the same nudge (both through `quarry-cli convert`), and dm3.map.bak
#    is the original, byte for byte.
#  - a clean quit (Ctrl+Q) removes the session marker; the autosaves stay.
TEST=crash-recovery
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

: "${QUARRY_PYTHON:=python3}"
export QUARRY_AUTOSAVE_SECONDS=2
APP_HOME=shared
STATE=$GUI_TMP/home-$APP_HOME/state/quarry/autosave

ORIGINAL=$(corpus_file quake/dm3.map) || finish
WORK=$GUI_TMP/work
mkdir -p "$WORK"
MAP=$WORK/dm3.map
cp "$ORIGINAL" "$MAP"

# The expected document: every brush of the worldspawn and every other entity nudged 16 units
# along +X, as Ctrl+A, Right over the Top view does.
objects=$("$QUARRY_CLI" mesh "$MAP" --json | "$QUARRY_PYTHON" -c '
import json, sys
ents = json.load(sys.stdin)["entities"]
out = []
for i, e in enumerate(ents):
    if e.get("classname") == "worldspawn":
        out += ["%d:%d" % (i, b) for b in range(len(e["brushes"]))]
    else:
        out.append(str(i))
print(",".join(out))') || bail "quarry-cli mesh $MAP"
"$QUARRY_CLI" edit "$MAP" "$WORK/expected.map" --step "nudge $objects 16 0 0" || bail "quarry-cli edit nudge"
"$QUARRY_CLI" convert "$WORK/expected.map" "$WORK/expected-converted.map" || bail "quarry-cli convert expected"

# autosaves: how many autosave sidecars the state folder holds.
autosaves () { find "$STATE" -name '*.json' 2> /dev/null | wc -l; }

wait_autosave () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
  until [ "$(autosaves)" -gt 0 ]; do
    [ $SECONDS -ge $deadline ] && return 1
    sleep 0.2
  done
}

# ---- edit, autosave, kill -9 ----
start_app edit "$MAP" || bail "the editor shows a window"
wait_loaded edit-1-loaded || bail "dm3.map loads and draws"
point_at "$RTOP"
keys ctrl+a
keys Right
check "Ctrl+A, Right: '*'" wait_title "*dm3.map – Quarry"
check "an autosave is written within ${QUARRY_GUI_TIMEOUT}s" wait_autosave
sleep 0.5
img=$(shot edit-2-autosaved)
crop "$img" "${SCREEN_W}x${STATUS_H}+0+$((SCREEN_H - STATUS_H))" "$GUI_TMP/status.png"
diag "the status bar after the autosave: $QUARRY_GUI_ARTEFACTS/$TEST-edit-2-autosaved.png"
check "a session marker is there while the editor runs" [ "$(find "$STATE/sessions" -type f | wc -l)" = 1 ]
kill -9 "$APP_PID"
wait "$APP_PID" 2> /dev/null
APP_PID=
check_app_log
check "the map on disk is untouched by the autosave" cmp -s "$ORIGINAL" "$MAP"

# ---- start again: the recovery dialog ----
chmod 555 "$WORK"
# Root writes into read-only folders: drop that capability so the folder holds.
[ "$(id -u)" = 0 ] && APP_WRAPPER="setpriv --inh-caps=-all --bounding-set=-dac_override,-dac_read_search"
start_app recover || bail "the editor starts again"
dlg=$(WAIT_WINDOW_VISIBLE=1 wait_window "Recover Unsaved Maps") || bail "the recovery dialog shows"
img=$(wait_window_drawn "$dlg" recover-1-dialog)
diag "the recovery dialog: $img"
window_keys "$dlg" alt+r
check "Recover closes the dialog" wait_window_gone "$dlg"
check "the recovered map is modified and bound to dm3.map" wait_title "*dm3.map – Quarry"
wait_loaded recover-2-loaded || not_ok "the recovered map draws"

# ---- a save into a read-only folder ----
keys ctrl+s
if err=$(wait_dialog); then
  img=$(wait_window_drawn "$err" recover-3-save-failed)
  ok "Ctrl+S into a read-only folder shows an error ($img)"
  window_keys "$err" Return
  wait_window_gone "$err"
else
  not_ok "Ctrl+S into a read-only folder shows an error"
fi
check "the failed save left dm3.map byte-identical" cmp -s "$ORIGINAL" "$MAP"
check "no .bak and no temporary file in the read-only folder" [ "$(find "$WORK" -name 'dm3.map*' | wc -l)" = 1 ]
check "the document is still modified" wait_title "*dm3.map – Quarry"

# ---- the folder writable again: the save goes through ----
chmod 755 "$WORK"
stamp=$(file_stamp "$MAP")
keys ctrl+s
check "Ctrl+S writes dm3.map" wait_file_written "$MAP" "$stamp"
check "no '*' after saving" wait_title "dm3.map – Quarry"
"$QUARRY_CLI" convert "$MAP" "$WORK/saved-converted.map" || not_ok "quarry-cli convert of the saved map"
if cmp -s "$WORK/expected-converted.map" "$WORK/saved-converted.map"; then
  ok "the saved map equals quarry-cli edit's nudge (through quarry-cli convert)"
else
  cp "$WORK/saved-converted.map" "$QUARRY_GUI_ARTEFACTS/$TEST-saved.map"
  cp "$WORK/expected-converted.map" "$QUARRY_GUI_ARTEFACTS/$TEST-expected.map"
  not_ok "the saved map equals quarry-cli edit's nudge (kept $TEST-{saved,expected}.map)"
  diff "$WORK/expected-converted.map" "$WORK/saved-converted.map" | head -10 | sed 's/^/#   /'
fi
check "dm3.map.bak is the original, byte for byte" cmp -s "$ORIGINAL" "$MAP.bak"

# ---- a clean exit ----
keys ctrl+q
wait_app_exit || not_ok "Ctrl+Q ends the editor"
check "a clean exit removes the session marker" [ "$(find "$STATE/sessions" -type f | wc -l)" = 0 ]
check "the autosaves stay" [ "$(autosaves)" -gt 0 ]

finish
