#!/bin/bash
# external-change: the open file changing on disk (issue 17, "External changes"). On a copy of
# the corpus map quake/light_general.map:
#  - Ctrl+S (our own atomic save) shows no bar, nor do the same bytes
#    renamed over it; the file saved is OURS;
#  - another program replaces the file by rename (quarry-cli edit's output, one brush deleted,
#    moved over it with mv): a bar "NAME changed on disk." (the warning colour, under the menu
#    bar) with Reload and Keep Mine; the title stays unmodified;
#  - Reload: the bar goes, the title stays unmodified, Ctrl+S writes exactly the changed file;
#    Ctrl+Z marks the document modified ('*'), Ctrl+S writes OURS again, byte for byte;
#  - another change, Keep Mine: the bar goes, the title says modified, Ctrl+S writes OURS;
#  - a file that does not parse: Reload shows the error and keeps the document and the bar;
#  - the file deleted: the bar says so without Reload, the title says modified; Ctrl+S writes
#    it again (OURS) and the bar goes.
TEST="external-change"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

SOURCE=$(corpus_file quake/light_general.map) || finish
WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=light.map
MAP=$WORK/$NAME
# Two blank lines more at the end, which Quarry's writer drops: our first save changes the
# bytes, so that only the window's own record of it keeps the bar away.
cp "$SOURCE" "$MAP"
printf '\n\n' >> "$MAP"
cp "$MAP" "$GUI_TMP/as-opened.map"

# The info bar's background (Adwaita dark, as invalid-bar's), in a strip under the menu bar;
# the Reload button at the bar's right end, left of Keep Mine.
BAR_COLOUR='#44403B'
BAR_STRIP="$((SCREEN_W / 2))x20+$((SCREEN_W / 4))+$((MENU_H + 4))"
RELOAD_XY="$((SCREEN_W - 150)) $((MENU_H + 24))"
KEEP_XY="$((SCREEN_W - 60)) $((MENU_H + 24))"
RELOAD_BOX="40x10+$((SCREEN_W - 170))+$((MENU_H + 19))"
bar_pixels () {
  crop "$1" "$BAR_STRIP" "$GUI_TMP/strip.png"
  colour_pixels "$GUI_TMP/strip.png" "$BAR_COLOUR" 0.5%
}
# Whether the Reload button is there: its box is button, not bar.
reload_pixels () {
  crop "$1" "$RELOAD_BOX" "$GUI_TMP/reload.png"
  colour_pixels "$GUI_TMP/reload.png" "$BAR_COLOUR" 0.5%
}
bar_shown () { WHY="no info bar"; [ "$(bar_pixels "$1")" -gt $((SCREEN_W / 4)) ]; }
bar_gone () { WHY="the info bar is there"; [ "$(bar_pixels "$1")" = 0 ]; }
changed_bar () { bar_shown "$1" && { WHY="no Reload button"; [ "$(reload_pixels "$1")" -lt 100 ]; }; }
deleted_bar () { bar_shown "$1" && { WHY="a Reload button"; [ "$(reload_pixels "$1")" = 400 ]; }; }
# no_bar_after STEP: the bar stays away for a while (the monitor's events come late).
no_bar_after () {
  sleep 1.5
  local img
  img=$(shot "$1")
  bar_gone "$img" || { diag "$1: $WHY ($img)"; return 1; }
}
not_same () { ! cmp -s "$1" "$2"; }
# replace_from_outside STEP…: quarry-cli edit of the file, moved over it as editors and git do.
replace_from_outside () {
  "$QUARRY_CLI" edit "$MAP" "$GUI_TMP/changed.map" "$@" > /dev/null || return 1
  cp "$GUI_TMP/changed.map" "$GUI_TMP/expected-changed.map"
  mv "$GUI_TMP/changed.map" "$MAP"
}

start_app app "$MAP" || bail "the editor opens $NAME"
wait_loaded 1-loaded > /dev/null || bail "the views draw $NAME"

check "Ctrl+S saves in place" save_now "$MAP" "$NAME"
check "our own save shows no bar" no_bar_after 2-own-save
check "that save changed the file's bytes" not_same "$GUI_TMP/as-opened.map" "$MAP"
cp "$MAP" "$GUI_TMP/ours.map"
# The same bytes written again by another program (a checkout of the same content): a new
# file and time, but no change.
cp "$MAP" "$GUI_TMP/same.map"
touch -d '+1 minute' "$GUI_TMP/same.map"
mv "$GUI_TMP/same.map" "$MAP"
check "the same bytes renamed over it show no bar" no_bar_after 2-same-bytes

replace_from_outside --step "delete 0:3" || bail "quarry-cli edit changes the file"
check "a bar says the file changed on disk, with Reload" wait_shot 3-changed changed_bar
check "the document is not marked modified by it" wait_title "$NAME – Quarry" 1

# shellcheck disable=SC2086
click_px $RELOAD_XY
check "Reload closes the bar" wait_shot 4-reloaded bar_gone
check "the reloaded document is the saved one (no '*')" wait_title "$NAME – Quarry"
check "Ctrl+S after Reload" save_now "$MAP" "$NAME"
same_file "$GUI_TMP/expected-changed.map" "the save is the file as changed on disk, byte for byte"
check "no bar after that save" no_bar_after 5-save-reloaded

point_at "$RTOP"
keys ctrl+z
check "Ctrl+Z undoes the reload: '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S after Ctrl+Z" save_now "$MAP" "$NAME"
same_file "$GUI_TMP/ours.map" "the save is the map before the reload, byte for byte"
check "no bar after that save" no_bar_after 6-save-undone

replace_from_outside --step "move 0:0 16 0 0" || bail "quarry-cli edit changes the file again"
check "the bar comes back for the next change" wait_shot 7-changed-again changed_bar
# shellcheck disable=SC2086
click_px $KEEP_XY
check "Keep Mine closes the bar" wait_shot 8-kept bar_gone
check "Keep Mine marks the document modified" wait_title "*$NAME – Quarry"
point_at "$RTOP"
check "Ctrl+S after Keep Mine" save_now "$MAP" "$NAME"
same_file "$GUI_TMP/ours.map" "the save is ours, byte for byte"

# A file that does not parse: Reload says why and keeps the document (and the bar).
printf '{\n"classname" "worldspawn"\n{\n( 0 0 0 ) ( 1 0 0\n' > "$GUI_TMP/broken.map"
mv "$GUI_TMP/broken.map" "$MAP"
check "a broken file on disk shows the bar too" wait_shot 9-broken changed_bar
# shellcheck disable=SC2086
click_px $RELOAD_XY
if dlg=$(wait_dialog); then
  ok "Reload of a broken file shows an error"
  wait_window_drawn "$dlg" 10-reload-error > /dev/null
  window_keys "$dlg" Return
  check "the error closes" wait_window_gone "$dlg"
else
  not_ok "Reload of a broken file shows an error"
fi
check "the document is kept as it was (no '*')" wait_title "$NAME – Quarry"
check "the bar stays" wait_shot 11-broken-kept changed_bar

rm "$MAP"
check "a deleted file: the bar says so, without Reload" wait_shot 12-deleted deleted_bar
check "a deleted file marks the document modified" wait_title "*$NAME – Quarry"
keys ctrl+s
check "Ctrl+S writes it again" wait_title "$NAME – Quarry"
same_file "$GUI_TMP/ours.map" "the file written again is ours"
check "the bar goes with that save" wait_shot 13-written-again bar_gone
check "the editor is still running" app_alive
finish
