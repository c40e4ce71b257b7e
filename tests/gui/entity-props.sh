#!/bin/bash
# entity-props: the property editor and the Outputs page of the Entities panel (issue 15).
# One small VMF (so that the Outputs page shows) whose worldspawn names the corpus's Quake.fgd
# in `_tb_def`: a block, a light L at (288, 192, 32) with "light" "300", a logic_relay R at
# (96, 64, 16) named "relay" firing "OnTrigger" "door1,Open,,0,-1", and a marker D named door1.
#  1. A click on L in the Top view, Alt+Return: the panel shows L's keys typed from the FGD.
#     Alt+K "light" Return goes to the light row; 450 Return; Alt+K "spawnflags" Return, Space
#     ticks "Start off". Ctrl+S: the file is what `quarry-cli edit` makes of set-key light 450
#     and set-key spawnflags 1 (one undo step each), byte for byte.
#  2. Ctrl+Z twice, Ctrl+S: the original again, byte for byte.
#  3. A typed value that is not a number ("4x0") is refused: nothing written, the title stays.
#  4. A click on R, Alt+O: the Outputs page; Alt+A adds OnTrigger → door1.Close (1) after 2.5 s,
#     once. Ctrl+S: R's connections block holds the old output and then the new one.
#  5. L and R selected: their targetname row (L has none, R "relay") set to "both" is
#     quarry-cli's set-key 1,2 targetname both; one Ctrl+Z undoes it.
#  6. Class light_fluoro typed for L is quarry-cli's set-class; Ctrl+Z undoes it. Alt+S shows
#     the raw rows (screenshot).
#  7. R again, Alt+O, Tab, Down (the second output), Alt+R removes it: the file keeps the first.
TEST=entity-props
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

FGD=$(corpus_file trenchbroom/games/Quake/Quake.fgd) || finish

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=props.vmf
MAP=$WORK/$NAME
make_map "$WORK/block.map" "create block 0 0 -64 384 256 64 --texture base" \
  "set-key 0 _tb_def external:$FGD" || bail "quarry-cli edit makes the block"
printf '{\n"classname" "light"\n"origin" "288 192 32"\n"light" "300"\n}\n' >> "$WORK/block.map"
printf '{\n"classname" "logic_relay"\n"targetname" "relay"\n"origin" "96 64 16"\n}\n' >> "$WORK/block.map"
printf '{\n"classname" "info_null"\n"targetname" "door1"\n"origin" "96 192 16"\n}\n' >> "$WORK/block.map"
"$QUARRY_CLI" convert "$WORK/block.map" "$WORK/block.vmf" || bail "quarry-cli convert to VMF"
# R's outputs, as Hammer writes them (commas: the older separator)
awk '{ print } /"origin" "96 64 16"/ {
  print "\tconnections"; print "\t{"; print "\t\t\"OnTrigger\" \"door1,Open,,0,-1\""; print "\t}" }' \
  "$WORK/block.vmf" > "$MAP"
ORIGINAL=$WORK/original.vmf
"$QUARRY_CLI" convert "$MAP" "$ORIGINAL" || bail "quarry-cli convert of the test map"
cp "$ORIGINAL" "$MAP"
grep -q '"OnTrigger" "door1,Open,,0,-1"' "$ORIGINAL" || bail "the test map keeps R's output"
EXPECTED=$WORK/expected.vmf
"$QUARRY_CLI" edit "$ORIGINAL" "$EXPECTED" --step "set-key 1 light 450" --step "set-key 1 spawnflags 1" \
  || bail "quarry-cli edit set-key"

map_bounds "$MAP" || bail "quarry-cli info $MAP"
start_app app "$MAP" || bail "the editor opens $NAME"
wait_loaded app-loaded || bail "it draws $NAME"
frame_map app-framed || bail "Zoom to Map frames $NAME"

panel_shot () { shot "$1" > /dev/null; }
# The keyboard back to the Top view: it takes the focus when the pointer enters it afresh.
focus_top () {
  xdotool mousemove $((SCREEN_W - 160)) $((SCREEN_H - 100))
  sleep 0.1
  point_at "$RTOP"
}

# ---- 1. the light's keys ----
keys ctrl+shift+a
click_world TOP "288 192 0"
sleep 0.3
keys alt+Return
# the panel narrows the views: where world points are on screen changes (the row handle is
# looked for left of the panel)
LAYOUT_PROBE_X=905
relayout 1-light || bail "the views settle beside the Entities panel"
keys alt+k
xdotool type --delay 60 light
xdotool key --delay 100 Return ctrl+a
xdotool type --delay 60 450
xdotool key Return
check "light 450, Return: '*'" wait_title "*$NAME – Quarry"
panel_shot 1-light-450
keys alt+k ctrl+a
xdotool type --delay 60 spawnflags
xdotool key --delay 100 Return space
sleep 0.5
panel_shot 1-spawnflags
focus_top
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$EXPECTED" "the file: L's light 450 and spawnflags 1 (quarry-cli set-key), nothing else"

# ---- 2. two undos ----
focus_top
keys ctrl+z ctrl+z
check "Ctrl+Z twice, Ctrl+S" save_now "$MAP" "$NAME"
same_file "$ORIGINAL" "the file: the original again"

# ---- 3. a bad number is not written ----
keys alt+k ctrl+a
xdotool type --delay 60 light
xdotool key --delay 100 Return ctrl+a
xdotool type --delay 60 4x0
xdotool key Return
sleep 0.5
panel_shot 3-bad-number
check "4x0 in the light row: nothing written (no '*')" wait_title "$NAME – Quarry" 1
focus_top

# ---- 4. the relay's outputs ----
keys ctrl+shift+a
click_world TOP "96 64 0"
sleep 0.5
keys alt+o
sleep 0.5
panel_shot 4-outputs
keys alt+a
sleep 0.3
# Output, its picker, Target, its picker, Input, its picker, Parameter, Delay, Times
xdotool type --delay 60 OnTrigger
xdotool key --delay 80 Tab Tab
xdotool type --delay 60 door1
xdotool key --delay 80 Tab Tab
xdotool type --delay 60 Close
xdotool key --delay 80 Tab Tab
xdotool type --delay 60 1
xdotool key --delay 80 Tab ctrl+a
xdotool type --delay 60 2.5
xdotool key --delay 80 Tab ctrl+a
xdotool type --delay 60 1
panel_shot 4-add-typed
xdotool key Return
check "Apply: '*'" wait_title "*$NAME – Quarry"
panel_shot 4-added
focus_top
check "Ctrl+S" save_now "$MAP" "$NAME"
py_checks '
import re, sys
text = open(sys.argv[1]).read()
m = re.search(r"\"targetname\" \"relay\".*?connections\s*\{(.*?)\}", text, re.S)
lines = re.findall(r"\"([^\"]*)\" \"([^\"]*)\"", m.group(1)) if m else []
want = [("OnTrigger", "door1,Open,,0,-1"), ("OnTrigger", "door1,Close,1,2.5,1")]
print(("ok" if lines == want else "not ok") + " R'"'"'s connections: %r" % (lines,))
' "$MAP"

# ---- 5. two entities at once, one step ----
BASE=$WORK/base5.vmf
cp "$MAP" "$BASE"
"$QUARRY_CLI" edit "$BASE" "$WORK/both.vmf" --step "set-key 1,2 targetname both" || bail "quarry-cli set-key 1,2"
"$QUARRY_CLI" edit "$BASE" "$WORK/class.vmf" --step "set-class 1 light_fluoro" || bail "quarry-cli set-class"
focus_top
keys ctrl+shift+a
click_world TOP "288 192 0"
click_world TOP "96 64 0" ctrl
sleep 0.5
keys alt+p alt+k ctrl+a
xdotool type --delay 60 targetname
xdotool key --delay 100 Return
sleep 0.3
panel_shot 5-two
xdotool key ctrl+a
xdotool type --delay 60 both
xdotool key Return
check "L and R, targetname both: '*'" wait_title "*$NAME – Quarry"
focus_top
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/both.vmf" "the file: L and R named both (quarry-cli set-key 1,2 targetname both)"
keys ctrl+z
check "one Ctrl+Z, Ctrl+S" save_now "$MAP" "$NAME"
same_file "$BASE" "the file: both names undone by one step"

# ---- 6. the class, and Smart edit off ----
keys ctrl+shift+a
click_world TOP "288 192 0"
sleep 0.5
keys alt+l ctrl+a
xdotool type --delay 60 light_fluoro
xdotool key Return
check "Class light_fluoro: '*'" wait_title "*$NAME – Quarry"
keys alt+k ctrl+a BackSpace alt+s
sleep 0.5
panel_shot 6-raw
keys alt+s
focus_top
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/class.vmf" "the file: L is a light_fluoro (quarry-cli set-class 1 light_fluoro)"
keys ctrl+z
check "Ctrl+Z, Ctrl+S" save_now "$MAP" "$NAME"
same_file "$BASE" "the file: the class undone"

# ---- 7. Remove an output ----
keys ctrl+shift+a
click_world TOP "96 64 0"
sleep 0.5
keys alt+o Tab Down
sleep 0.3
panel_shot 7-second-row
keys alt+r
check "the second output selected, Alt+R: '*'" wait_title "*$NAME – Quarry"
focus_top
check "Ctrl+S" save_now "$MAP" "$NAME"
py_checks '
import re, sys
text = open(sys.argv[1]).read()
m = re.search(r"\"targetname\" \"relay\".*?connections\s*\{(.*?)\}", text, re.S)
lines = re.findall(r"\"([^\"]*)\" \"([^\"]*)\"", m.group(1)) if m else []
print(("ok" if lines == [("OnTrigger", "door1,Open,,0,-1")] else "not ok") + " R'"'"'s connections after Remove: %r" % (lines,))
' "$MAP"

check "the editor is still running" app_alive
finish
