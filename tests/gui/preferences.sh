#!/bin/bash
# preferences: Edit ▸ Preferences… (issue 14: the scale Face Properties' Reset gives comes from
# there) on LibreQuake's e1m3 (Valve 220, a Quake-family map), one editor start:
#  1. Ctrl+comma opens Preferences; Alt+Q (the Quake-family scale's mnemonic) and "2" typed
#     replace its 1; Escape closes the window with the typed value kept.
#  2. Ctrl+comma shows it again, one window; with the editor's window focused, ] changes the
#     Grid size Preferences shows (bound to the grid-size setting); Alt+P (Pixelated) redraws
#     the 3D view's textures; Smooth from the 3D view's menu shows in Preferences and draws
#     the view as before to the pixel (one texture-filter setting behind both); Alt+F opens
#     Texture Folders, which Escape closes; Escape closes Preferences.
#  3. The Texture tool (Shift+A) picks the face under the middle of the 3D view; in Face
#     Properties (Ctrl+Shift+F) shift U 3 and rotation 30, Ctrl+S: one face line changed.
#     Alt+S presses Re_set, Ctrl+S: only that line changed again, and it has scale 2 2 (the
#     schema's default would give 1 1), shift 0 0 and rotation 0.
#  4. One Ctrl+Z undoes Reset byte for byte; two more restore e1m3 byte for byte.
#  5. F1 shows the shortcuts window with no GTK warning in the log.
TEST=preferences
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

E1M3=$(corpus_file librequake/lq1/maps/src/e1/e1m3.map) || finish
# As face-dialog.sh: e1m3's `wad` key (../../../../texture-wads/…) leads to the corpus's WADs.
WORK=$GUI_TMP/lq
mkdir -p "$WORK/lq1/maps/src/e1"
ln -s "$(corpus_dir)/librequake/texture-wads" "$WORK/texture-wads"
NAME=e1m3.map
MAP=$WORK/lq1/maps/src/e1/$NAME
cp "$E1M3" "$MAP"
ORIGINAL=$GUI_TMP/original.map
cp "$E1M3" "$ORIGINAL"

start_app app "$MAP" || bail "the editor opens e1m3"
wait_loaded 1-loaded || bail "it draws e1m3"

# window_area ID: the window's WxH+X+Y on the screen.
window_area () {
  xdotool getwindowgeometry --shell "$1" | awk -F= '
    { v[$1] = $2 } END { print v["WIDTH"] "x" v["HEIGHT"] "+" v["X"] "+" v["Y"] }'
}

# 1. the Quake-family scale, typed
point_at "$RTOP"
keys ctrl+comma
PREF=$(wait_window Preferences) || bail "Ctrl+comma opens Preferences"
wait_window_drawn "$PREF" 2-preferences > /dev/null
window_keys "$PREF" alt+q
xdotool type --delay 60 2
sleep 0.3
shot 3-typed > /dev/null
window_keys "$PREF" Escape
check "Escape closes Preferences" wait_window_gone "$PREF"

# 2. one window, following the grid set elsewhere
point_at "$RTOP"
keys ctrl+comma
PREF=$(wait_window Preferences) || bail "Ctrl+comma opens Preferences again"
check "there is one Preferences window" test "$(xdotool search --name '^Preferences$' | wc -l)" = 1
wait_window_drawn "$PREF" 4-reopened > /dev/null
AREA=$(window_area "$PREF")
# The editor's window takes the focus first: Preferences drawn unfocused is the reference.
point_at "$RTOP"
xdotool windowfocus "$WIN"
sleep 0.5
crop "$(shot 4-unfocused)" "$AREA" "$GUI_TMP/pref-before.png"
xdotool key bracketright
changed_window () {
  crop "$1" "$AREA" "$GUI_TMP/pref-now.png"
  WHY="$(differing_pixels "$GUI_TMP/pref-before.png" "$GUI_TMP/pref-now.png") pixels of the window changed"
  [ "$(differing_pixels "$GUI_TMP/pref-before.png" "$GUI_TMP/pref-now.png")" != 0 ]
}
check "] over the Top view changes Preferences' grid size while it is open" wait_shot 5-grid changed_window
xdotool key bracketleft

# Pixelated (Alt+P) in Preferences redraws the 3D view's textures; Smooth (Alt+M) draws
# them as before, to the pixel. (The part of the 3D view Preferences leaves uncovered.)
IFS='x+' read -r W3 H3 X3 Y3 <<< "$R3D"
IFS='x+' read -r WP HP XP YP <<< "$AREA"
LEFT=$((XP + WP > X3 ? XP + WP : X3))
VISIBLE="$((X3 + W3 - LEFT))x${H3}+${LEFT}+${Y3}"
textured () {
  crop "$1" "$VISIBLE" "$GUI_TMP/3d.png"
  local colours
  colours=$("$CONVERT" "$GUI_TMP/3d.png" -format %k info:)
  WHY="$colours colours in the 3D view"
  [ "$colours" -gt 1000 ]
}
check "e1m3's textures are drawn" wait_shot 5-textured textured || finish
xdotool windowfocus "$PREF"
sleep 0.5
crop "$(shot 5-smooth)" "$VISIBLE" "$GUI_TMP/smooth.png"
xdotool key alt+p
pixelated () {
  crop "$1" "$VISIBLE" "$GUI_TMP/now.png"
  WHY="$(differing_pixels "$GUI_TMP/smooth.png" "$GUI_TMP/now.png") pixels of the 3D view changed"
  [ "$(differing_pixels "$GUI_TMP/smooth.png" "$GUI_TMP/now.png")" -gt 1000 ]
}
check "Pixelated in Preferences redraws the 3D view" wait_shot 5-pixelated pixelated
# The 3D view's own menu (its header's ⋮ button; m: S_mooth) sets it back: Preferences shows
# it at once, and the view is drawn as before to the pixel.
xdotool windowfocus "$WIN"
sleep 0.5
crop "$(shot 5-pixelated-unfocused)" "$AREA" "$GUI_TMP/pref-pixelated.png"
MENU_X=$((LAYOUT_COL_UP - 45)) MENU_Y=$((MENU_H + HEADER_H / 2))
xdotool mousemove $((MENU_X - 5)) $((MENU_Y + 5))
sleep 0.2
click_px "$MENU_X" "$MENU_Y"
sleep 0.5
shot 5-view-menu > /dev/null
xdotool key m
smooth_again () {
  crop "$1" "$VISIBLE" "$GUI_TMP/now.png"
  crop "$1" "$AREA" "$GUI_TMP/pref-now.png"
  local view prefs
  view=$(differing_pixels "$GUI_TMP/smooth.png" "$GUI_TMP/now.png")
  prefs=$(differing_pixels "$GUI_TMP/pref-pixelated.png" "$GUI_TMP/pref-now.png")
  WHY="$view pixels of the 3D view differ from its first smooth drawing, $prefs of Preferences changed"
  [ "$view" = 0 ] && [ "$prefs" != 0 ]
}
check "Smooth from the 3D view's menu shows in Preferences and draws the view as before" \
  wait_shot 5-smooth-again smooth_again
# Texture Folders… opens its modal window, which Escape closes (it had no way to close
# without a window manager's title bar).
window_keys "$PREF" alt+f
if FOLDERS=$(wait_visible_window "Texture Folders"); then
  ok "Alt+F in Preferences opens Texture Folders"
  wait_window_drawn "$FOLDERS" 5-folders > /dev/null
  window_keys "$FOLDERS" Escape
  folders_closed () {
    WHY="Texture Folders is still shown"
    ! xdotool search --onlyvisible --name "^Texture Folders\$" > /dev/null 2>&1
  }
  check "Escape closes Texture Folders" wait_shot 5-folders-closed folders_closed
else
  not_ok "Alt+F in Preferences opens Texture Folders"
fi
window_keys "$PREF" Escape
check "Escape closes Preferences again" wait_window_gone "$PREF"

# 3. Reset on the face under the middle of the 3D view
switch_tool shift+a 6-texture-tool || bail "Shift+A switches to the Texture tool"
point_at "$R3D"
xdotool click 1
sleep 0.5
keys ctrl+shift+f
DLG=$(wait_window "Face Properties") || bail "Ctrl+Shift+F opens Face Properties"
wait_window_drawn "$DLG" 7-dialog > /dev/null
# Something for Reset to undo besides the scale: shift U 3 (three Up keys, one undo step)
# and rotation 30, saved.
window_keys "$DLG" alt+h
xdotool key --delay 150 Up Up Up
xdotool key alt+r
xdotool type --delay 60 30
xdotool key Tab
sleep 0.3
point_at "$RTOP"
save_now "$MAP" "$NAME" || bail "Ctrl+S saves the shifted and turned face"
cp "$MAP" "$GUI_TMP/edited.map"
CHANGED=$(diff "$ORIGINAL" "$MAP" | grep -c '^>')
check "exactly one face line changed ($CHANGED)" test "$CHANGED" = 1
LINE=$(diff "$ORIGINAL" "$MAP" | sed -n 's/^\([0-9]*\)c[0-9]*$/\1/p' | head -1)
diag "line $LINE was:    $(sed -n "${LINE}p" "$ORIGINAL")"
diag "line $LINE edited: $(sed -n "${LINE}p" "$MAP")"

window_keys "$DLG" alt+s
sleep 0.5
shot 8-reset > /dev/null
point_at "$RTOP"
save_now "$MAP" "$NAME" || bail "Ctrl+S saves the reset face"
check "Reset changes that line alone" test "$(diff "$GUI_TMP/edited.map" "$MAP" | sed -n 's/^\([0-9]*\)c[0-9]*$/\1/p')" = "$LINE"
diag "line $LINE reset:  $(sed -n "${LINE}p" "$MAP")"
# A Valve 220 face: ( p ) ( p ) ( p ) NAME [ ux uy uz shiftU ] [ vx vy vz shiftV ] rotation scaleU scaleV
py_checks '
import sys
def face(path, line):
    f = open(path).read().splitlines()[line - 1].split()
    if len(f) != 31 or f[0] != "(" or f[16] != "[" or f[21] != "]" or f[22] != "[" or f[27] != "]":
        return None
    return (float(f[20]), float(f[26])), float(f[28]), (float(f[29]), float(f[30]))
line = int(sys.argv[3])
edited, reset = face(sys.argv[1], line), face(sys.argv[2], line)
if edited is None or reset is None:
    print("not ok line %d is a Valve 220 face in both files" % line)
    sys.exit(0)
print(("ok" if edited[0][0] != 0 and edited[1] == 30 else "not ok")
      + " before Reset the face has shift %g %g and rotation %g" % (edited[0] + (edited[1],)))
shift, rot, scale = reset
print(("ok" if scale == (2, 2) else "not ok") + " Reset gives the Preferences scale 2 2 (%g %g)" % scale)
print(("ok" if shift == (0, 0) else "not ok") + " Reset gives shift 0 0 (%g %g)" % shift)
print(("ok" if rot == 0 else "not ok") + " Reset gives rotation 0 (%g)" % rot)
' "$GUI_TMP/edited.map" "$MAP" "${LINE:-0}"

# 4. undo
keys ctrl+z
sleep 0.5
save_now "$MAP" "$NAME" || bail "Ctrl+S after Ctrl+Z"
same_file "$GUI_TMP/edited.map" "one Ctrl+Z undoes Reset byte for byte" reset-undone
keys ctrl+z ctrl+z
sleep 0.5
save_now "$MAP" "$NAME" || bail "Ctrl+S after three Ctrl+Z"
same_file "$ORIGINAL" "two more Ctrl+Z restore e1m3 byte for byte" undone

# 5. F1: the shortcuts window, which lists Preferences; its page buttons once made GTK warn
# of a negative label width (the log check below fails on that).
keys F1
if HELP=$(wait_visible_window "Keyboard Shortcuts"); then
  ok "F1 opens the shortcuts window"
  wait_window_drawn "$HELP" 8-shortcuts > /dev/null
  window_keys "$HELP" Escape
else
  not_ok "F1 opens the shortcuts window"
fi
finish
