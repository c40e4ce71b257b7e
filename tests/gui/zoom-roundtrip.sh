#!/bin/bash
# zoom-roundtrip: in the Top view the wheel zooms on the point under the pointer; five
# notches in change the picture, five notches out at the same point give back exactly the
# same picture (no pixel differs). Checked on the sample map and on a large corpus map,
# with the pointer off the view's centre so that zooming also pans.
TEST=zoom-roundtrip
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

NOTCHES=5

# roundtrip STEP FILE
roundtrip () {
  local step=$1 file=$2 name w h x y px py ae
  name=$(basename "$file")
  diag "$name"
  start_app "$step" "$file" || { not_ok "$name: the editor shows a window"; return; }
  wait_loaded "$step-1-loaded" || { not_ok "$name: loads and draws the Top view"; stop_app; return; }

  # A point a third of the way across and down the Top view.
  IFS='x+' read -r w h x y <<< "$RTOP"
  px=$((x + w / 3))
  py=$((y + h / 3))
  xdotool mousemove $((px + 9)) $((py + 9))
  sleep 0.2
  xdotool mousemove "$px" "$py"
  sleep 0.5
  # The pointer's position shows in the status bar only; the view area holds still.
  wait_view_settled "$RTOP" "$step-2-before" || { not_ok "$name: the Top view holds still"; stop_app; return; }
  cp "$SETTLED_CROP" "$GUI_TMP/before.png"

  xdotool click --repeat $NOTCHES --delay 150 4
  # Wait for a settled picture that differs from the first.
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
  while :; do
    wait_view_settled "$RTOP" "$step-3-zoomed-in" || break
    ae=$(differing_pixels "$GUI_TMP/before.png" "$SETTLED_CROP")
    [ "$ae" != 0 ] && break
    [ $SECONDS -ge $deadline ] && break
    sleep 0.3
  done
  cp "$SETTLED_CROP" "$GUI_TMP/zoomed.png"
  check "$name: $NOTCHES notches in change the Top view ($ae pixels differ)" [ "$ae" != 0 ]
  local lines_before lines_zoomed
  lines_before=$(lines_fraction "$GUI_TMP/before.png")
  lines_zoomed=$(lines_fraction "$GUI_TMP/zoomed.png")
  diag "$name: bright pixels before $lines_before, zoomed in $lines_zoomed"

  xdotool click --repeat $NOTCHES --delay 150 5
  deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
  while :; do
    wait_view_settled "$RTOP" "$step-4-zoomed-out" || break
    ae=$(differing_pixels "$GUI_TMP/before.png" "$SETTLED_CROP")
    [ "$ae" = 0 ] && break
    [ $SECONDS -ge $deadline ] && break
    sleep 0.3
  done
  cp "$SETTLED_CROP" "$GUI_TMP/after.png"
  check "$name: $NOTCHES notches out at the same point give back the same Top view (AE $ae)" [ "$ae" = 0 ]
  if [ "$ae" != 0 ]; then
    "$COMPARE" "$GUI_TMP/before.png" "$GUI_TMP/after.png" "$QUARRY_GUI_ARTEFACTS/$TEST-$step-5-difference.png" 2> /dev/null
    diag "differences marked in $QUARRY_GUI_ARTEFACTS/$TEST-$step-5-difference.png"
  fi
  check "$name: the title is unchanged (zooming is no document change)" [ "$(title)" = "$name – Quarry" ]
  check "$name: the editor is still running" app_alive
  stop_app
}

roundtrip sample "$SAMPLE_MAP"
if map=$(corpus_file valve220/NewDeralia.map); then
  roundtrip newderalia "$map"
fi

finish
