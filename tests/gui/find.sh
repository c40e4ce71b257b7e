#!/bin/bash
# find: Edit ▸ Find Objects… (issue 20), one editor start, on data/maps/sample.map as
# `quarry-cli convert` writes it:
#  1. Ctrl+F opens the dialog; "light" in Entities (Alt+E), Return: the light is listed; Select
#     All (Alt+A), Escape, Delete, Ctrl+S: the file is what `quarry-cli edit --step "delete E"`
#     makes, E the light's index as `quarry-cli find --entities light` gives it. Ctrl+Z.
#  2. Ctrl+F again, Entities emptied, "tech0?_*" in Texture (Alt+T), Return: the faces are
#     listed; Select All, Escape; Replace Textures (Ctrl+Shift+H) on the selection, "*" by
#     found_it; Ctrl+S: the file is `quarry-cli edit --step "texture FACES found_it"` with FACES
#     as `quarry-cli find --texture 'tech0?_*'` lists them.
TEST=find
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=find.map
MAP=$WORK/$NAME
ORIGINAL=$WORK/original.map
"$QUARRY_CLI" convert "$SAMPLE_MAP" "$ORIGINAL" || bail "quarry-cli convert of the sample map"
cp "$ORIGINAL" "$MAP"
hits () { "$QUARRY_CLI" find "$ORIGINAL" --json "$@" | "$QUARRY_PYTHON" -c '
import json, sys
print(",".join(str(h["entity"]) if h["face"] is None else "%d:%d:%d" % (h["entity"], h["brush"], h["face"])
               for h in json.load(sys.stdin)["hits"]))'; }
LIGHT=$(hits --entities light)
FACES=$(hits --texture 'tech0?_*')
[ -n "$LIGHT" ] && [ -n "$FACES" ] || bail "quarry-cli find lists the light and the tech faces"
"$QUARRY_CLI" edit "$ORIGINAL" "$WORK/deleted.map" --step "delete $LIGHT" || bail "quarry-cli edit delete $LIGHT"
"$QUARRY_CLI" edit "$ORIGINAL" "$WORK/retextured.map" --step "texture $FACES found_it" \
  || bail "quarry-cli edit texture FACES found_it"

start_app app "$MAP" || bail "the editor opens $NAME"
wait_loaded app-loaded || bail "it draws $NAME"

# ---- 1. entities ----
point_at "$RTOP"
before=$(shot 1-before)
keys ctrl+f
dlg=$(wait_window "Find Objects") || bail "Ctrl+F opens Find Objects"
window_keys "$dlg" alt+e
xdotool type --delay 40 light
window_keys "$dlg" Return
sleep 0.5
ok "light found ($(wait_window_drawn "$dlg" 1-found "$before"))"
window_keys "$dlg" alt+a
sleep 0.3
shot 1-selected > /dev/null
window_keys "$dlg" Escape
point_at "$RTOP"
keys Delete
check "Select All, Delete: '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/deleted.map" "the file: the light deleted (quarry-cli edit delete $LIGHT)"
keys ctrl+z
check "Ctrl+Z" wait_title "*$NAME – Quarry"

# ---- 2. faces by texture ----
keys ctrl+f
dlg=$(WAIT_WINDOW_VISIBLE=1 wait_window "Find Objects") || bail "Ctrl+F shows Find Objects again"
window_keys "$dlg" alt+e ctrl+a BackSpace alt+t
xdotool type --delay 40 'tech0?_*'
window_keys "$dlg" Return
sleep 0.5
shot 2-found > /dev/null
window_keys "$dlg" alt+a
sleep 0.3
window_keys "$dlg" Escape
point_at "$RTOP"
keys ctrl+shift+h
rdlg=$(wait_window "Replace Textures") || bail "Ctrl+Shift+H opens Replace Textures"
window_keys "$rdlg" alt+f ctrl+a
xdotool type --delay 40 '*'
window_keys "$rdlg" alt+s alt+w ctrl+a
xdotool type --delay 40 found_it
window_keys "$rdlg" Return
sleep 0.5
shot 2-replaced > /dev/null
window_keys "$rdlg" Escape
point_at "$RTOP"
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/retextured.map" "the file: the faces found retextured (quarry-cli edit texture FACES found_it)"

finish
