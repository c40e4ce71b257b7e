#!/bin/bash
# layer-cache: each view keeps a picture of everything but the selection and, while that stays
# still, draws only the selection over it (src/render/qr-layer-cache.c). Here the same session
# runs twice, with the cache and without it (QUARRY_LAYER_CACHE=off), and every screenshot must
# be the same to the pixel: the cache changes the cost of a frame, never what it shows.
# On a map of a slab R (0..384 x 0..256 x -16..0), a tall block A (64..128 x 64..192 x 0..128)
# and a block B (192..320 x 64..128 x 0..64), each session:
#  1. clicks B's lower side in the Top view (B turns red, with handles);
#  2. presses on B's middle and drags it 6 grid steps left and 4 up, and holds still: the
#     frames of the drag redraw B alone over the picture of the rest, and in the 3D view A
#     hides what of B passes behind it (the picture's depth is copied too);
#  3. releases, and moves the pointer to an empty spot;
#  4. selects everything (Ctrl+A) and then nothing (Ctrl+Shift+A).
# The session with the cache must have kept pictures (its log says so with
# G_MESSAGES_DEBUG=Quarry-Render); the one without must not have.
TEST=layer-cache
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=cache.map
MAP=$WORK/$NAME
make_map "$MAP" "create block 0 0 -16 384 256 0 --texture base" "create block 64 64 0 128 192 128 --texture base" \
  "create block 192 64 0 320 128 64 --texture base" || bail "quarry-cli edit makes the test map"

export G_MESSAGES_DEBUG=Quarry-Render
STEPS="1-selected 2-dragging 3-dropped 4-all 5-none"

# session MODE: the steps above, screenshots $TEST-MODE-STEP.png.
session () {
  local mode=$1 x y i x1 y1
  open_map "$mode" "$MAP" || { not_ok "$mode: the editor opens $NAME and frames it"; return 1; }
  click_world TOP "224 64 0"
  point_world TOP "352 224 0"
  wait_shot "$mode-1-wait" b_selected || not_ok "$mode: B is selected"
  sleep 0.5
  shot "$mode-1-selected" > /dev/null
  read -r x y <<< "$(screen_xy TOP 256 96 0)"
  read -r x1 y1 <<< "$(screen_xy TOP 160 160 0)"
  xdotool mousemove $((x + 5)) $((y + 5))
  sleep 0.1
  xdotool mousemove "$x" "$y"
  sleep 0.2
  xdotool mousedown 1
  for i in $(seq 1 8); do
    xdotool mousemove $((x + (x1 - x) * i / 8)) $((y + (y1 - y) * i / 8))
    sleep 0.05
  done
  sleep 0.8
  shot "$mode-2-dragging" > /dev/null
  xdotool mouseup 1
  point_world TOP "352 224 0"
  sleep 0.5
  shot "$mode-3-dropped" > /dev/null
  keys ctrl+a
  sleep 0.8
  shot "$mode-4-all" > /dev/null
  keys ctrl+shift+a
  sleep 0.8
  shot "$mode-5-none" > /dev/null
  stop_app
}

b_selected () { colour_at_points "$1" TOP "$SELECTED" "224 64 0" "224 128 0"; }

unset QUARRY_LAYER_CACHE
session on
export QUARRY_LAYER_CACHE=off
session off
unset QUARRY_LAYER_CACHE

check "with the cache, the views kept pictures (the log says 'layer cache: keeps')" \
  grep -q "layer cache: keeps" "$QUARRY_GUI_ARTEFACTS/$TEST-on-app.log"
check "with QUARRY_LAYER_CACHE=off, they kept none" \
  bash -c "! grep -q 'layer cache: keeps' '$QUARRY_GUI_ARTEFACTS/$TEST-off-app.log'"
for step in $STEPS; do
  d=$(differing_pixels "$QUARRY_GUI_ARTEFACTS/$TEST-on-$step.png" "$QUARRY_GUI_ARTEFACTS/$TEST-off-$step.png")
  check "$step: the screen is the same with and without the cache ($d pixels differ)" [ "$d" = 0 ]
done
# The steps differ from each other: the comparison above is not of still pictures.
d=$(differing_pixels "$QUARRY_GUI_ARTEFACTS/$TEST-on-1-selected.png" "$QUARRY_GUI_ARTEFACTS/$TEST-on-2-dragging.png")
check "the drag changed the screen ($d pixels)" [ "$d" -gt 1000 ]
d=$(differing_pixels "$QUARRY_GUI_ARTEFACTS/$TEST-on-3-dropped.png" "$QUARRY_GUI_ARTEFACTS/$TEST-on-4-all.png")
check "Select All changed the screen ($d pixels)" [ "$d" -gt 1000 ]
finish
