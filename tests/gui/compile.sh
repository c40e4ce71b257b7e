#!/bin/bash
# compile: File ▸ Compile (F5, issue 20). The user's compile-profiles.json holds one profile of
# two steps: "leak" prints two lines and writes MAP.pts beside the map (a path from (32, 128)
# east to (224, 128), north to (224, 224), at z 32), "wait" prints a line and sleeps (a
# process marked by its 31-second sleep). F5 opens the Compile window and runs at once: the
# sleep is running while the window shows the output; Escape in the window stops the run,
# killing the sleep; the trace the run left is loaded and drawn in the top view in magenta.
# Edit Profiles (Alt+E) opens the profile editor: a new profile "Echo" with a step typed into
# it is in the file a moment later; a step with no program yet is not written until it has one.
# The Compile window lists Echo then; chosen and run, its step writes leaky.txt.
TEST=compile
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=leaky.map
MAP=$WORK/$NAME
make_map "$MAP" "create block 0 0 0 256 256 64 --texture base" || bail "quarry-cli edit makes the test map"
# The sleep's length marks it among the machine's processes.
MARK="sleep 31.$$"
mkdir -p "$GUI_TMP/home-app/config/quarry"
cat > "$GUI_TMP/home-app/config/quarry/compile-profiles.json" <<JSON
{ "profiles": [ { "name": "test", "steps": [
  { "name": "leak", "program": "/bin/sh",
    "args": [ "-c", "echo compiling \$1; printf '32 128 32\\\\n224 128 32\\\\n224 224 32\\\\n' > \"\$2.pts\"; echo leak written",
              "sh", "\${MAP_FILE}", "\${MAP_BASE}" ] },
  { "name": "wait", "program": "/bin/sh", "args": [ "-c", "echo waiting; exec $MARK" ] } ] } ] }
JSON

open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"
point_at "$RTOP"
keys F5
DLG=$(WAIT_WINDOW_VISIBLE=1 wait_window "Compile") || bail "F5 opens the Compile window"
running () { pgrep -f "$MARK" > /dev/null; }
deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
until running || [ $SECONDS -ge $deadline ]; do sleep 0.2; done
check "the run reached its second step (the sleep runs)" running
wait_window_drawn "$DLG" 1-running > /dev/null
window_keys "$DLG" Escape
deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
while running && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
check "Escape stopped the run: the sleep is gone" eval '! running'
check "the run left its trace beside the map" test -s "$WORK/leaky.pts"
LEAK='#FF20FF'
path_drawn () { colour_at_points "$1" TOP "$LEAK" "32 128 0" "128 128 0" "224 200 0"; }
check "the trace is loaded and drawn in the top view" wait_shot 2-trace path_drawn

# ---- 3. the profile editor ----
PROFILES=$GUI_TMP/home-app/config/quarry/compile-profiles.json
cp "$PROFILES" "$WORK/profiles-before.json"
# profile_json EXPR: EXPR evaluated on the file's JSON (as p), printed.
profile_json () { "$QUARRY_PYTHON" -c "import json, sys; p = json.load(open(sys.argv[1])); print($1)" "$PROFILES"; }
# wait_json EXPR VALUE: until EXPR prints VALUE (the editor saves a moment after typing stops).
wait_json () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
  until [ "$(profile_json "$1" 2> /dev/null)" = "$2" ]; do
    [ $SECONDS -ge $deadline ] && { diag "$1 is '$(profile_json "$1" 2>&1)', expected '$2'"; return 1; }
    sleep 0.2
  done
}
window_keys "$DLG" alt+e
ED=$(WAIT_WINDOW_VISIBLE=1 wait_window "Compile Profiles") || bail "Edit Profiles… opens the profile editor"
wait_window_drawn "$ED" 3-editor > /dev/null
# New (Alt+N) gives the name entry the focus, its text selected; Add Step (Alt+S) the new step's
# program entry; Tab goes on to its arguments.
window_keys "$ED" alt+n
sleep 0.5
xdotool type --delay 30 "Echo"
window_keys "$ED" alt+s
sleep 0.5
xdotool type --delay 30 "/bin/sh"
sleep 0.3
xdotool key Tab
sleep 0.3
xdotool type --delay 30 -- "-c 'echo made > \${MAP_BASE}.txt' sh"
check "the new profile is saved: Echo runs /bin/sh with three arguments" \
  wait_json '[(x["name"], x["steps"][0]["program"], x["steps"][0]["args"]) for x in p["profiles"]][-1]' \
  "('Echo', '/bin/sh', ['-c', 'echo made > \${MAP_BASE}.txt', 'sh'])"
check "the first profile is as it was" \
  test "$(profile_json 'p["profiles"][0]')" = "$("$QUARRY_PYTHON" -c 'import json, sys; print(json.load(open(sys.argv[1]))["profiles"][0])' "$WORK/profiles-before.json")"
# A step with no program yet is not written: the file keeps one step until it has one.
window_keys "$ED" alt+s
sleep 1.5
check "a step with no program is not saved" test "$(profile_json 'len(p["profiles"][-1]["steps"])')" = 1
wait_window_drawn "$ED" 3-unsaved > /dev/null
xdotool type --delay 30 "true"
check "its program typed, it is saved: two steps" wait_json 'len(p["profiles"][-1]["steps"])' 2
wait_window_drawn "$ED" 3-saved > /dev/null
window_keys "$ED" Escape
check "Escape closes the editor" wait_window_gone "$ED"

# ---- 4. the new profile runs ----
# The Compile window's list took the saved profiles: its drop-down (the window's top left)
# offers Echo second; Alt+R runs it, and its step writes leaky.txt beside the map.
IFS=' ' read -r DX DY <<< "$(xdotool getwindowgeometry --shell "$DLG" | awk -F= '{ v[$1] = $2 } END { print v["X"], v["Y"] }')"
click_px $((DX + 60)) $((DY + 24))
sleep 0.7
xdotool key --delay 150 Down Return
sleep 0.5
wait_window_drawn "$DLG" 4-chosen > /dev/null
window_keys "$DLG" alt+r
deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
until [ -s "$WORK/leaky.txt" ] || [ $SECONDS -ge $deadline ]; do sleep 0.2; done
check "Echo chosen in the Compile window and run: leaky.txt says 'made'" test "$(cat "$WORK/leaky.txt" 2> /dev/null)" = made
wait_window_drawn "$DLG" 4-ran > /dev/null
finish
