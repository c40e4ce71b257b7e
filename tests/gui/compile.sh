#!/bin/bash
# compile: File ▸ Compile (F5, issue 20). The user's compile-profiles.json holds one profile of
# two steps: "leak" prints two lines and writes MAP.pts beside the map (a path from (32, 128)
# east to (224, 128), north to (224, 224), at z 32), "wait" prints a line and sleeps (a
# process marked by its 31-second sleep). F5 opens the Compile window and runs at once: the
# sleep is running while the window shows the output; Escape in the window stops the run,
# killing the sleep; the trace the run left is loaded and drawn in the top view in magenta.
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
finish
